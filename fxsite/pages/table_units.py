"""The units an HTML table states once for its cells.

:func:`table_units` gives each data cell of an HTML table the unit of its column (the
nearest header above it that states one, :func:`~fxsite.pages.header_units.header_unit`),
else of its row (a first cell "Save time (s)", unless its column is headed by a name: an
"ID" column of "IOPS", :func:`~fxsite.pages.header_units.row_unit`), else the caption's
(its ``<caption>``, or the paragraph before or after it stating a unit: "Times in
seconds:", "单位：秒", "All times in seconds.", the heading right above it, "## Save time
(s)", or its content tab's label; :func:`_label_before`), except for the first column (row
labels) and columns headed by a name (:data:`~fxsite.pages.header_units.NAMED_COLUMNS`) or
by things counted ("GPUs", "Runs"); a body row whose first cell is "unit", or a first body
row of units alone, states the unit of each column it fills; and where the cell stands
(its header and row label), the words around a figure in it. The walks over a table's
neighbours (:func:`node_text`, :func:`heading_text`) serve the blocks under a title too
(:mod:`fxsite.pages.title_units`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from selectolax.lexbor import LexborNode

from fxsite.pages.cell_units import CellPlace, Spans, TableFacts, cell_unit, over
from fxsite.pages.column_claims import column_claims_units
from fxsite.pages.header_units import (
    _TAIL,
    UNIT_COLUMNS,
    _is_unit,
    _written_unit,
    header_unit,
    row_unit,
)
from fxsite.pages.tab_labels import tab_label
from fxsite.verify.icon_digits import icon_text

__all__ = [
    "child_nodes",
    "heading_before",
    "heading_text",
    "node_text",
    "table_units",
    "writes_unit",
]


def _cells(row: LexborNode) -> list[LexborNode]:
    return [c for c in child_nodes(row) if c.tag in ("td", "th")]


def child_nodes(node: LexborNode) -> list[LexborNode]:
    out = []
    child = node.child
    while child is not None:
        out.append(child)
        child = child.next
    return out


def _rows(table: LexborNode) -> tuple[list[LexborNode], list[LexborNode], str]:
    """A table's header rows, body rows and caption text (not nested tables')."""
    head: list[LexborNode] = []
    body: list[LexborNode] = []
    caption = ""
    for child in child_nodes(table):
        if child.tag == "caption":
            caption = child.text(deep=True) or ""
        elif child.tag == "thead":
            head += [r for r in child_nodes(child) if r.tag == "tr"]
        elif child.tag in ("tbody", "tfoot", "tr"):
            rows = (
                [child] if child.tag == "tr" else [r for r in child_nodes(child) if r.tag == "tr"]
            )
            for row in rows:
                cells = _cells(row)
                if not body and cells and all(c.tag == "th" for c in cells):
                    head.append(row)  # a header row written without <thead>
                else:
                    body.append(row)
    parent = table.parent
    if not caption and parent is not None and parent.tag == "figure":
        for child in child_nodes(parent):
            if child.tag == "figcaption":
                caption = child.text(deep=True) or ""
    return head, body, caption or _label_before(table)


#: A paragraph that states a unit for what follows: "Times in seconds:", "单位：秒",
#: "(Unit: ms)", as a Markdown table, which has no caption, is introduced.
_UNIT_NOTE = re.compile(
    r"[(（]?\s*(?:单位|單位|(?i:units?))\s*[:：]\s*(?P<unit>[^()（）]{1,24}?)\s*[)）]?"
    # in Chinese, after a few words: "下表单位为毫秒：", "注：时间单位为秒。" (blind20)
    r"|[^\d()（）]{0,12}?(?:单位|單位)\s*(?:为|為|是|[:：])\s*(?P<zh_unit>[^\d()（）:：。，]{1,12}?)"
    r"\s*[。：:]?"
)


#: A paragraph that numbers the table it captions: "表 1 保存耗时（秒）", "Table 2: Save times (s)".
_NUMBERED = re.compile(r"(?:表|(?i:table|tab\.))\s*\d{1,3}\b")


def _label_before(table: LexborNode) -> str:
    """The caption a table's paragraph before it gives it: a label ending in a colon
    ("Times in seconds:"), a note of its unit ("单位：秒"), a caption that numbers the
    table ("表 1 保存耗时（秒）") or a sentence stating its unit ("All times in seconds.");
    else the heading right above it, where it writes out a unit ("## Save time (s)"), or
    the label of the content tab it stands in (:mod:`fxsite.pages.tab_labels`);
    else the note of its unit or the sentence stating it that the paragraph after it
    gives ("*单位：秒*", "All times in seconds." below it); else ""."""
    before = _paragraph(table, "prev")
    if before and (before.endswith((":", "：")) or _is_note(before) or _NUMBERED.match(before)):
        return before
    if sentence := _unit_sentence(before):
        return sentence
    heading = heading_before(table)
    if heading and writes_unit(heading):
        return heading
    if (tab := tab_label(table)) is not None and writes_unit(label := node_text(tab)):
        return label  # '=== "Save time (s)"' over it (blind74)
    after = _paragraph(table, "next")
    if _is_note(after) or (_NUMBERED.match(after) and not _captions_next(table)):
        return after  # "Table 1: Save time (s)" below it, unless it stands above another table
    return _unit_sentence(after)


def _sibling(node: LexborNode, side: str) -> LexborNode | None:
    """The node beside ``node`` on ``side``, past blank text."""
    at: LexborNode | None = getattr(node, side)
    while at is not None and at.tag == "-text" and not (at.text_content or "").strip():
        at = getattr(at, side)
    return at


def _captions_next(table: LexborNode) -> bool:
    """The paragraph after ``table`` stands right above another table (it captions that one)."""
    after = _sibling(table, "next")
    following = _sibling(after, "next") if after is not None else None
    return following is not None and following.tag == "table"


def _is_note(text: str) -> bool:
    return _UNIT_NOTE.fullmatch(text) is not None


def _unit_sentence(text: str) -> str:
    """``text`` without its final period and brackets where it is a sentence stating a
    unit in words that write one out (:func:`_written_unit`: "All times in seconds.",
    "(Prices in USD)"), holding no digit (a number there is the detector's to read);
    else ""."""
    inner = text.strip().rstrip(".。").strip()
    if inner[:1] in "(（" and inner[-1:] in ")）":
        inner = inner[1:-1].strip().rstrip(".。").strip()
    if not inner or any(c.isdigit() for c in inner) or inner.endswith((":", "：")):
        return ""
    return inner if _written_unit(inner) is not None else ""


_HEADINGS = frozenset(("h1", "h2", "h3", "h4", "h5", "h6"))


def heading_before(block: LexborNode) -> str:
    """The text of the heading right before ``block`` (its permalink left out), or ""."""
    node = _sibling(block, "prev")
    return heading_text(node) if node is not None else ""


def writes_unit(text: str) -> bool:
    """``text`` writes a unit out (:func:`_written_unit`): "Save time (s)", "…, in seconds";
    not a last word that merely names one."""
    return _written_unit(" ".join(text.split()).rstrip(":：").rstrip()) is not None


def heading_text(node: LexborNode) -> str:
    """A heading's text (its permalink left out); "" for another element."""
    return node_text(node, _is_permalink) if node.tag in _HEADINGS else ""


def _is_permalink(node: LexborNode) -> bool:
    return node.tag == "a" and "headerlink" in (node.attributes.get("class") or "").split()


def _paragraph(table: LexborNode, side: str) -> str:
    """The text of the paragraph right before or after (``side``) ``table``, if short; else ""."""
    node = _sibling(table, side)
    if node is None or node.tag != "p":
        return ""
    text = " ".join((node.text(deep=True) or "").split())
    return text if len(text) <= _TAIL else ""


def _caption_unit(caption: str) -> str | None:
    """The unit a caption states (:func:`header_unit`), or its note of one ("单位：秒")."""
    if not caption.strip():
        return None
    note = _UNIT_NOTE.fullmatch(" ".join(caption.split()))
    unit = note is not None and (note["unit"] or note["zh_unit"])
    if unit and _is_unit(unit):
        return unit
    return header_unit(caption.strip().rstrip(".。"))  # "Table 1. Save time in seconds."


#: Most columns a cell spans, and most rows (as browsers clamp them).
_MAX_COLSPAN, _MAX_ROWSPAN = 1000, 65534
#: Most cells a table's row spans may cover: past this, row spans are ignored (the
#: columns of later rows may then be read off by one; the reading stays linear).
_MAX_SPANNED = 100_000


def _span(cell: LexborNode, name: str, most: int) -> int:
    value = (cell.attributes.get(name) or "1").strip()
    return min(int(value), most) if value.isdigit() and 0 < len(value) <= 6 and int(value) else 1


def _grid(rows: list[LexborNode]) -> list[list[tuple[int, int, LexborNode]]]:
    """Each row's cells as (first column, last column + 1, cell), row spans applied."""
    blocked: dict[int, list[tuple[int, int]]] = {}  # row -> columns a cell above spans
    spanned = 0
    out = []
    for r, row in enumerate(rows):
        taken = sorted(blocked.pop(r, []))
        col, at, placed = 0, 0, []
        for cell in _cells(row):
            while at < len(taken) and taken[at][0] <= col:
                col = max(col, taken[at][1])
                at += 1
            width = _span(cell, "colspan", _MAX_COLSPAN)
            placed.append((col, col + width, cell))
            down = min(_span(cell, "rowspan", _MAX_ROWSPAN), len(rows) - r)
            if down > 1 and spanned + down <= _MAX_SPANNED:
                spanned += down
                for below in range(r + 1, r + down):
                    blocked.setdefault(below, []).append((col, col + width))
            col += width
        out.append(placed)
    return out


def node_text(node: LexborNode, skip: Callable[[LexborNode], bool] | None = None) -> str:
    """A cell's text as a reader reads it: a line break is a space, a footnote reference
    (``<sup id="fnref:1">``) is left out ("Save time<br>(s)[^1]" reads "Save time (s)"),
    an icon is what it draws (:func:`~fxsite.verify.icon_digits.icon_text`); so is an
    element ``skip`` says to (a heading's permalink)."""
    parts: list[str] = []
    stack = [node]
    while stack:
        at = stack.pop()
        if at.tag == "-text":
            parts.append(at.text_content or "")
        elif at.tag == "svg":  # an icon: the digits or the sign it draws
            parts.append(icon_text(at) or "")
        elif at.tag == "br":
            parts.append(" ")
        elif (
            not (at.tag or "-").startswith("-")
            and not _note_reference(at)
            and (skip is None or not skip(at))
        ):
            stack += reversed(child_nodes(at))
    return " ".join("".join(parts).split())


#: An icon's sign or letter that ends a header, alone or in brackets ("Cost $", "(s)").
_ENDING_ICON = re.compile(r"(?:\A|\s|[(\[])(\S+?)[)\]]?\Z")
#: Signs an icon ending a header draws that state no unit: a cross marks a failure as often.
_NOT_ICON_UNITS = frozenset("×x")


def _heading(cell: LexborNode) -> tuple[str, str | None]:
    """A header cell's text and the unit it states (:func:`header_unit`): an icon that
    ends it drawing a unit's sign or letter states that unit ("Cost
    :material-currency-usd:" over "310" reads "$310", as "Cost ($)" does)."""
    text = node_text(cell)
    unit = header_unit(text)
    if unit is not None or "<svg" not in (cell.html or ""):
        return text, unit
    drawn = [d for svg in cell.css("svg") if (d := icon_text(svg))]
    ending = _ENDING_ICON.search(text)
    if drawn and ending and ending[1] == drawn[-1] and drawn[-1] not in _NOT_ICON_UNITS:
        return text, drawn[-1] if _is_unit(drawn[-1]) else None
    return text, None


def _row_unit(
    placed: list[tuple[int, int, LexborNode]], column: tuple[int, int, str] | None
) -> str | None:
    """The unit a row's cell in the "Unit" ``column`` states, or None."""
    if column is None:
        return None
    for col, _, cell in placed:
        if column[0] <= col < column[1]:
            text = node_text(cell)
            return text if _is_unit(text) else None
    return None


def _unit_row(
    grid: list[list[tuple[int, int, LexborNode]]],
) -> tuple[str, Spans] | None:
    """The first body row whose first cell is "unit", or the first or last body row when
    its first cell is empty and each other cell a unit or empty ("| | s | GB/s |" under
    the header, or at the foot), or the first when every cell is a unit (:func:`_units_row`):
    its label, and each other cell's columns and the unit it states, or None."""
    for n, placed in enumerate(grid):
        if not placed or placed[0][0] != 0:
            continue
        label = node_text(placed[0][2])
        if n == 0 and len(grid) > 1 and label and (units := _units_row(placed)) is not None:
            return "units", units  # "| s | GB/s |" first under "| Time | Size |"
        named = label.lower() in UNIT_COLUMNS
        if not named and (0 < n < len(grid) - 1 or label):  # only these can state units
            continue
        cells = [
            (a, b, t, t if _is_unit(t) else header_unit(t) if t else None)
            for a, b, c in placed[1:]
            for t in [node_text(c)]
        ]
        if named:
            return label, cells
        if all(u is not None or not t for _, _, t, u in cells) and any(u for *_, u in cells):
            return "units", cells
    return None


def _units_row(placed: list[tuple[int, int, LexborNode]]) -> Spans | None:
    """Each cell's columns and the unit it states where every cell of a row is a unit, the
    first included ("| s | GB/s |" under "| Time | Size |", as spec sheets write it, first
    under the header; not at the foot, where a table of units ends: blind74); else None."""
    texts = [(a, b, node_text(c)) for a, b, c in placed]
    return [(a, b, t, t) for a, b, t in texts] if all(_is_unit(t) for *_, t in texts) else None


def _unheaded_unit_column(
    heads: list[Spans],
    grid: list[list[tuple[int, int, LexborNode]]],
) -> tuple[int, int, str] | None:
    """A column past the first whose header is empty, beside headed ones, and whose every
    body cell is a unit ("| Save time | 178 | 94 | s |" under "| Metric | NFS | FX100 |
    |"), as a "Unit" column; None where there is none (a table without a header names
    no column)."""
    if not any(t for spans in heads for *_, t, _ in spans):
        return None  # a table without a header names no columns
    columns: dict[tuple[int, int], list[str]] = {}
    for placed in grid:
        for a, b, cell in placed:
            if a > 0:
                columns.setdefault((a, b), []).append(node_text(cell))
    for (a, b), texts in sorted(columns.items()):
        headed = any(t for spans in heads for x, y, t, _ in spans if x <= a < y)
        if not headed and len(texts) == len(grid) and all(_is_unit(t) for t in texts):
            return a, b, "unheaded"
    return None


def _note_reference(node: LexborNode) -> bool:
    return node.tag == "sup" and (node.attributes.get("id") or "").startswith("fnref")


def table_units(table: LexborNode) -> dict[int, tuple[str, str]]:
    """Each data cell (by ``mem_id``) of ``table``: the unit stated once for it, and where.

    The unit is its column's header's, else its row label's (``| Save time (s) | 178
    | 94 |``), else its column's claims' (:mod:`fxsite.pages.column_claims`), else the
    caption's; "" when none is stated. Where is the header (or
    caption) and the row's first cell, as a message says it; these are also the
    words around a figure in the cell (:mod:`fxsite.pages.advice`).
    """
    facts, grid = _facts(table)
    out: dict[int, tuple[str, str]] = {}
    for placed in grid:
        first = node_text(placed[0][2]) if placed else ""
        by_row = row_unit(first, facts.labels) if placed and placed[0][0] == 0 else None
        in_row = _row_unit(placed, facts.unit_column)
        for col, _, cell in placed:
            if cell.tag != "td":
                continue
            heads = [found for spans in facts.heads if (found := over(spans, col)) is not None]
            stated = next(((t, u) for t, u in heads if u is not None), None)
            header = heads[0][0] if heads else ""
            place = CellPlace(col, cell, header, stated, first, by_row, in_row)
            out[cell.mem_id] = cell_unit(facts, place)
    return out


def _facts(table: LexborNode) -> tuple[TableFacts, list[list[tuple[int, int, LexborNode]]]]:
    """What ``table`` states once for its cells, and its body's cells by column."""
    head, body, caption = _rows(table)
    # Each header row's cells as sorted (first column, end, text, unit), nearest row first.
    heads = [[(a, b, *_heading(c)) for a, b, c in placed] for placed in reversed(_grid(head))]
    # A column headed "Unit": each row's cell there states the unit of the row's numbers.
    unit_column = next(
        ((a, b, t) for spans in heads for a, b, t, _ in spans if t.lower() in UNIT_COLUMNS), None
    )
    grid = _grid(body)
    labels = next((found[0] for spans in heads if (found := over(spans, 0)) is not None), "")
    facts = TableFacts(
        heads=heads,
        unit_column=unit_column or _unheaded_unit_column(heads, grid),
        unit_row=_unit_row(grid),
        by_claims=column_claims_units(table, grid, node_text),
        labels=labels,
        # The corner header writing a unit out ("| Time (s) | Save | Load |"): every column's.
        corner=header_unit(labels) if labels and writes_unit(labels) else None,
        caption=caption,
        whole=_caption_unit(caption),
    )
    return facts, grid
