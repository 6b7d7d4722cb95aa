"""The words over an estimate's claim that call it measured (blind73 #4): ``FX319``.

"## Measured results" over a list citing an estimate, an admonition titled "Measured in the
lab" over a paragraph citing one, a headline card reading "[1,680 s](…E1…) | measured time
saved per run": each calls a model a measurement, as a sentence does
(:mod:`fxsite.pages.said_measured`, whose words this reads:
:func:`~fxsite.evidence.label_words.measured_words`, one vocabulary). ``fxsite check``, the
build and the Markdown extension read it in a page's rendered content
(:func:`fxsite.verify.scan.scan_content`); a chart's title and callout are read with its
block (:mod:`.chart_block`), which the page's content does not hold until the build draws it.

Decisions:

* Read, over each claim to an estimate figure (its label as rendered,
  ``data-fx-label="estimate"``):

  - the nearest heading above it: a section's heading, or the page's title where no other
    heading stands between ("# Measured results" over the first paragraph). Not the headings
    further up: a section's own heading says what it holds ("## Modelled savings" under "#
    Measured results" passes).
  - the title of the innermost box it stands in: an admonition's (``!!! success "Measured
    in the lab"``), a ``<details>``'s summary (``??? note "Measured"``).
  - in the innermost table it stands in: its caption (an ``evidence-table``'s ``caption``),
    the header cell over the claim's column in each row of the table's header, and its
    row's label (the row's first cell, a ``<th>`` or a Markdown table's plain cell, where
    the claim is not in it: "| Measured per run | [1,680 s](…E1…) |"). Spans across
    columns are counted, across rows not (neither form writes them).
  - the context line of the headline card it stands in (an ``evidence-stats`` line's words,
    "measured time saved per run"): the claim's own words, in its card.

* Each such text is read whole, its denials too (a heading "Estimated, not measured"
  passes); one over several claims that names a model too speaks of both ("## Measured and
  modelled save times" over a table of R1's and E1's claims passes:
  :func:`~fxsite.evidence.label_words.measured_over`); a card's words are its one claim's,
  read word by word. Read without what fxsite writes beside a claim (its ``est.`` badge,
  its screen-reader words: "(measured, report R1)" of a measured record's claim in a
  heading is no word of the page's).
* Not read for a claim inside that text itself (a claim in a heading or a caption): its
  own run is read as a sentence.
* Refused once a text, at its first word, naming the first estimate's claim under it: a
  heading over ten estimates' claims is one finding.
* One walk of the page in document order, each text read once: linear in the page.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator

from selectolax.lexbor import LexborHTMLParser, LexborNode

from fxsite.evidence.label_words import MODEL_NOT_MEASUREMENT, measured_over, measured_words
from fxsite.pages.table_units import child_nodes, node_text

__all__ = ["said_over"]

_HEADINGS = frozenset(("h1", "h2", "h3", "h4", "h5", "h6"))
#: What each text over a claim is called in a message, by kind.
_NAMES = {
    "heading": "the heading",
    "box": "the title",
    "table": "the caption",
    "header": "the column's header",
    "row": "the row's label",
    "card": "the card's words",
}
#: A header row: where its cells start, and its cells as (first column, end, cell).
_Row = tuple[list[int], list[tuple[int, int, LexborNode]]]
#: The most columns a cell is read to span (as a browser reads ``colspan``).
_MAX_SPAN = 1000


def said_over(html: str) -> Iterator[tuple[str, str]]:
    """``(word, message)`` of each text over an estimate's claim in ``html`` (a page's
    rendered content) that calls it measured."""
    told: set[int] = set()
    memo: dict[int, str | None] = {}
    for claim, over in _claims_under(html):
        for kind, label in over:
            if label.mem_id in told:
                continue
            if label.mem_id not in memo:
                memo[label.mem_id] = _word(kind, _text(label))
            word = memo[label.mem_id]
            if word is None:
                continue
            told.add(label.mem_id)
            record = claim.attributes.get("data-fx-record") or ""
            yield (
                word,
                f"'{word}' in {_NAMES[kind]} over the claim '{_text(claim)}' to estimate "
                f"{record}: " + MODEL_NOT_MEASUREMENT,
            )


def _word(kind: str, text: str) -> str | None:
    """The first word of measurement of ``text``, a text of ``kind`` over claims: a card's
    words are beside one claim; any other text, over several, may name a model too and
    speak of both (:func:`~fxsite.evidence.label_words.measured_over`)."""
    word = next(measured_words(text), None) if kind == "card" else measured_over(text)
    return word.group() if word is not None else None


def _claims_under(html: str) -> Iterator[tuple[LexborNode, list[tuple[str, LexborNode]]]]:
    """Each estimate's claim of ``html`` and the texts over it, ``(kind, node)`` each."""
    root = LexborHTMLParser(html).body
    if root is None:
        return
    walk = _Walk()
    stack: list[tuple[LexborNode, str]] = [(root, "")]
    while stack:
        node, leaving = stack.pop()
        if leaving:
            walk.leave(leaving)
            continue
        if (node.tag or "-").startswith("-"):
            continue
        if not walk.inside and _is_estimate_claim(node):
            yield node, walk.over()
            continue
        kind = walk.enter(node)
        if kind:
            stack.append((node, kind))
        stack.extend((child, "") for child in reversed(child_nodes(node)))


class _Walk:
    """What stands over the walk's place in a page: the last heading, the boxes, tables,
    rows, cells and cards open around it, each innermost last."""

    def __init__(self) -> None:
        self.heading: LexborNode | None = None
        #: the text over each box and card open (None: it has none)
        self.opened: dict[str, list[LexborNode | None]] = {"box": [], "card": []}
        #: each table open: its caption, and its header rows (:func:`_header_rows`)
        self.tables: list[tuple[LexborNode | None, list[_Row]]] = []
        #: each row open: its first cell and its cells' columns (by ``mem_id``)
        self.rows: list[tuple[LexborNode, dict[int, int]]] = []
        self.cells: list[LexborNode] = []
        #: how many texts over claims the walk is in (a claim there is that text's own)
        self.inside = 0

    def enter(self, node: LexborNode) -> str:
        """Note ``node`` entered; what to undo on leaving it ("": nothing)."""
        tag = node.tag
        if tag in _HEADINGS:
            self.heading = node
        if tag in _HEADINGS or tag == "thead" or _is_text_over(node):
            self.inside += 1
            return "text"
        kind = _scope(node)
        if kind == "table":
            self.tables.append((_label(node), _header_rows(node)))
        elif kind:
            self.opened[kind].append(_label(node))
        elif tag == "tr":
            cells = _cells(node)
            self.rows.append((cells[0][2] if cells else node, {c.mem_id: a for a, _, c in cells}))
            return "row"
        elif tag in ("td", "th"):
            self.cells.append(node)
            return "cell"
        return kind

    def leave(self, kind: str) -> None:
        if kind == "text":
            self.inside -= 1
        elif kind == "table":
            self.tables.pop()
        elif kind == "row":
            self.rows.pop()
        elif kind == "cell":
            self.cells.pop()
        else:
            self.opened[kind].pop()

    def over(self) -> list[tuple[str, LexborNode]]:
        """The texts over the walk's place, ``(kind, node)`` each."""
        over = [("heading", self.heading)] if self.heading is not None else []
        over += [
            (kind, label)
            for kind, labels in self.opened.items()
            if labels and (label := labels[-1]) is not None
        ]
        if self.tables:
            caption, heads = self.tables[-1]
            over += [("table", caption)] if caption is not None else []
            if self.rows and self.cells:
                first, columns = self.rows[-1]
                col = columns.get(self.cells[-1].mem_id)
                if col is not None:
                    over += [("header", h) for row in heads if (h := _over(row, col)) is not None]
                    over += [("row", first)] if first.mem_id != self.cells[-1].mem_id else []
        return over


def _header_rows(table: LexborNode) -> list[_Row]:
    """Each row of ``table``'s own header: where its cells start, and its cells."""
    heads = [c for c in child_nodes(table) if c.tag == "thead"]
    rows = [_cells(row) for head in heads for row in child_nodes(head) if row.tag == "tr"]
    return [([start for start, _, _ in cells], cells) for cells in rows]


def _cells(row: LexborNode) -> list[tuple[int, int, LexborNode]]:
    """A row's cells as (first column, end, cell), spanning the columns they say (spans
    across rows are not followed)."""
    out, col = [], 0
    for cell in child_nodes(row):
        if cell.tag in ("td", "th"):
            width = _span(cell.attributes.get("colspan") or "")
            out.append((col, col + width, cell))
            col += width
    return out


def _span(written: str) -> int:
    """The columns a ``colspan`` spans: 1 where it is not a whole number from 1, at most
    :data:`_MAX_SPAN` (read without turning thousands of digits into a number)."""
    digits = written.strip()
    if not (digits.isascii() and digits.isdigit()) or not digits.lstrip("0"):
        return 1
    digits = digits.lstrip("0")
    return _MAX_SPAN if len(digits) > 4 else min(int(digits), _MAX_SPAN)


def _over(row: _Row, col: int) -> LexborNode | None:
    """The cell of a header row over column ``col``."""
    starts, cells = row
    at = bisect.bisect_right(starts, col) - 1
    return cells[at][2] if at >= 0 and col < cells[at][1] else None


def _scope(node: LexborNode) -> str:
    """What kind of element with a text over its content ``node`` is, or ""."""
    classes = (node.attributes.get("class") or "").split()
    if node.tag == "details" or (node.tag == "div" and "admonition" in classes):
        return "box"
    if node.tag == "table":
        return "table"
    return "card" if "fx-stat" in classes else ""


def _is_text_over(node: LexborNode) -> bool:
    """Whether ``node`` is the text over an element's content (not a heading)."""
    classes = (node.attributes.get("class") or "").split()
    return node.tag in ("summary", "caption") or bool(
        {"admonition-title", "fx-stat-context"} & set(classes)
    )


def _label(scope: LexborNode) -> LexborNode | None:
    """The text over ``scope``'s content: a box's title, a table's caption, a card's words."""
    for child in child_nodes(scope):
        if child.tag != "-text" and _is_text_over(child):
            return child
    return None


def _is_estimate_claim(node: LexborNode) -> bool:
    attrs = node.attributes
    return (
        attrs.get("data-fx-label") == "estimate"
        and "fx-claim" in (attrs.get("class") or "").split()
    )


def _text(node: LexborNode) -> str:
    """``node``'s text as the page writes it: without what fxsite writes beside a claim
    (its badge, its screen-reader words) or a heading's permalink."""
    return node_text(node, _generated)


def _generated(node: LexborNode) -> bool:
    attrs = node.attributes
    return "data-search-exclude" in attrs or "headerlink" in (attrs.get("class") or "").split()
