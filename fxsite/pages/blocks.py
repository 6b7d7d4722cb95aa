"""Fenced ``evidence-table``, ``-chart``, ``-stats``, ``-consistency`` and ``fxsite-contact`` blocks.

Tables and charts are YAML inside a fence, read with the strict loader so a
wrong cell is reported at its own line. Every cell or bar that names
``ID#figure`` becomes a rendered claim; any other cell is prose and is checked
for bare figures (a chart's keys: :mod:`fxsite.pages.chart_block`). A stats block is one claim a line (see :mod:`fxsite.pages.stats`);
a consistency block is empty (see :mod:`fxsite.pages.consistency`), and so is a
contact block, filled by the build (see :mod:`fxsite.render.hero`).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from fxsite.evidence.library import Library
from fxsite.evidence.yamlsafe import LoadedYaml, load_yaml
from fxsite.findings import Finding
from fxsite.pages.chart_block import chart_block
from fxsite.pages.claims import Claim, HrefFor, render_claim, resolve_claim
from fxsite.pages.field_advice import cell_message, plain_message, row_home
from fxsite.pages.header_units import NAMED_COLUMNS, header_unit, row_unit
from fxsite.pages.judge import judge_rendered
from fxsite.pages.language import DEFAULT
from fxsite.pages.locate import SourceLocator
from fxsite.pages.stated_numbers import governed

if TYPE_CHECKING:
    from fxsite.render.chart_spec import ChartSpec

__all__ = ["BLOCK_KINDS", "ChartDrawer", "render_block"]

BLOCK_KINDS = (
    "evidence-table",
    "evidence-chart",
    "evidence-stats",
    "evidence-consistency",
    "fxsite-contact",
)
_REF = re.compile(r"^[A-Za-z][A-Za-z0-9_]*#[a-z][a-z0-9_.]*$")

Rendered = tuple[str, list[Claim], list[Finding]]
#: A unit stated once for a cell, and where it is stated ("under the header 'Save time (s)'").
Stated = tuple[str, str] | None
#: Draws a checked chart (see :func:`fxsite.render.charts.render_chart_cached`).
ChartDrawer = Callable[["ChartSpec"], str]


class _Block:
    def __init__(
        self,
        path: str,
        loaded: LoadedYaml,
        library: Library,
        href_for: HrefFor,
        text: str,
        first_line: int,
        lang: str,
    ) -> None:
        self.path = path
        self.lang = lang
        self.lines = text.split("\n")
        self.first_line = first_line
        self.loaded = loaded
        self.library = library
        self.href_for = href_for
        self.claims: list[Claim] = []
        self.findings: list[Finding] = list(loaded.findings)

    def bad(self, loc: tuple[str | int, ...], message: str, code: str = "FX604") -> None:
        line, col = self.loaded.pos(loc)
        self.findings.append(Finding(self.path, line, col, code, message))

    def claim(self, ref: str, loc: tuple[str | int, ...]) -> Claim | None:
        result = resolve_claim("", f"evidence:{ref}", self.library, lang=self.lang)
        if isinstance(result, Claim):
            self.claims.append(result)
            return result
        line, col = self.loaded.pos(loc)
        self.findings.append(Finding(self.path, line, col, result.code, result.message, text=ref))
        return None

    def prose(
        self,
        text: str,
        loc: tuple[str | int, ...],
        where: str = "",
        context: str = "",
        home: Callable[[str], str | None] | None = None,
    ) -> str:
        """Plain text of a block, refused when it holds a bare figure.

        Read by the page reader (:func:`fxsite.pages.judge.judge_rendered`).
        ``where`` names the field ("a chart's title", "a table's caption"); a
        table cell when empty. Each is told where its figure can go, in words
        that work in that field (:mod:`fxsite.pages.field_advice`), of the
        figure the text and ``context`` (a cell's row label and column header)
        fit, or of each candidate when not exactly one fits. ``home`` says
        where a reference works in the block (a row of a table, by default).
        """
        line, col = self.start(loc)
        locator = SourceLocator(text)
        around = f"{text} {context}"
        for found in judge_rendered(f"<p>{html.escape(text)}</p>", self.path, self.library):
            shown = found.text or ""
            if found.code != "FX501":
                message = found.message
            elif where:  # a caption or a chart's text cannot hold a reference: a row or a bar can
                message = plain_message(shown, self.library, around, where, home=home or row_home)
            else:
                message = cell_message(shown, self.library, around)
            at = locator.find(shown, found.code) if shown else None
            self.findings.append(
                Finding(self.path, line, col + (at or 0), found.code, message, text=found.text)
            )
        return html.escape(text)

    def start(self, loc: tuple[str | int, ...]) -> tuple[int, int]:
        """Where the text of the value at ``loc`` starts (after its quote, if quoted)."""
        line, col = self.loaded.pos(loc)
        source_line = self.lines[line - self.first_line - 1] if line > self.first_line else ""
        return line, col + (source_line[col - 1 : col] in {'"', "'"})

    def cell(
        self, value: Any, loc: tuple[str | int, ...], context: str = "", unit: Stated = None
    ) -> str:
        """A cell: a reference is a claim; any other text is prose, and a bare number under
        a ``unit`` its column's header states (``(unit, where it is stated)``) a figure."""
        if isinstance(value, str) and _REF.match(value.strip()):
            claim = self.claim(value.strip(), loc)
            return render_claim(claim, self.library, self.href_for) if claim else ""
        if isinstance(value, str | int | float) and not isinstance(value, bool):
            text = str(value)
            read = governed(text.strip(), *unit) if unit else None
            if read is None:
                return self.prose(text, loc, context=context)
            line, col = self.start(loc)
            message = cell_message(text.strip(), self.library, f"{text} {context}", read)
            self.findings.append(Finding(self.path, line, col, "FX501", message, text=text.strip()))
            return html.escape(text)
        if value is None:
            return ""
        self.bad(loc, "a cell is text or a reference like R1#save_time_fx100")
        return ""


def _table(block: _Block, data: dict[str, Any]) -> str:
    unknown = set(data) - {"caption", "header", "rows"}
    for key in sorted(unknown):
        block.bad((key,), f"unknown key '{key}' (evidence-table takes caption, header, rows)")
    rows = data.get("rows")
    if not isinstance(rows, list) or not rows:
        block.bad(("rows",), "evidence-table needs rows: a list of rows, each a list of cells")
        return ""
    parts = ['<div class="fx-evidence-table"><table>']
    caption = data.get("caption")
    if isinstance(caption, str):
        shown = block.prose(caption, ("caption",), "a table's caption", _text(data.get("header")))
        parts.append(f"<caption>{shown}</caption>")
    header = data.get("header")
    width = len(header) if isinstance(header, list) else None
    if isinstance(header, list):
        cells = "".join(
            f'<th scope="col">{block.cell(h, ("header", i), _text(caption))}</th>'
            for i, h in enumerate(header)
        )
        parts.append(f"<thead><tr>{cells}</tr></thead>")
    parts.append("<tbody>")
    for r, row in enumerate(rows):
        if not isinstance(row, list):
            block.bad(("rows", r), "a row is a list of cells")
            continue
        if width is not None and len(row) != width:
            block.bad(("rows", r), f"row has {len(row)} cells but the header has {width}")
        cells = "".join(
            (
                f'<th scope="row">{block.cell(v, ("rows", r, c), _around(data, row, c))}</th>'
                if c == 0
                else f"<td{_data_label(header, c)}>"
                f"{block.cell(v, ('rows', r, c), _around(data, row, c), _unit(data, row, c))}</td>"
            )
            for c, v in enumerate(row)
        )
        parts.append(f"<tr>{cells}</tr>")
    parts.append("</tbody></table></div>")
    return "".join(parts)


def _text(value: Any) -> str:
    """The words of a YAML value: a string, or the strings of a list."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return " ".join(v for v in value if isinstance(v, str))
    return ""


def _around(data: dict[str, Any], row: list[Any], c: int) -> str:
    """The words a cell's figure is read with: its row's label, its column's header, the caption."""
    header = data.get("header")
    column = header[c] if isinstance(header, list) and c < len(header) else None
    return " ".join(_text(v) for v in (row[0] if c else None, column, data.get("caption")))


def _unit(data: dict[str, Any], row: list[Any], c: int) -> Stated:
    """The unit stated once for a data cell, and where, by the page reader's rule
    (:func:`fxsite.pages.table_units.table_units`): its column's header's, else its
    row label's, else the caption's (not over a column headed by a name)."""
    header = data.get("header")
    column = header[c] if isinstance(header, list) and c < len(header) else None
    name = " ".join(column.split()) if isinstance(column, str) else ""
    caption = data.get("caption")
    caption = " ".join(caption.split()) if isinstance(caption, str) else ""
    if c == 0:
        return None
    if name and (unit := header_unit(name)) is not None:
        return unit, f"under the header '{name}'"
    first = header[0] if isinstance(header, list) and header and isinstance(header[0], str) else ""
    if isinstance(row[0], str) and (unit := row_unit(row[0], first)) is not None:
        return unit, f"in the row '{' '.join(row[0].split())}'"
    whole = header_unit(caption) if caption else None
    if whole is not None and name.lower() not in NAMED_COLUMNS:
        return whole, f"under the caption '{caption}'"
    return None


def _data_label(header: Any, c: int) -> str:
    """A cell's column name, for the phone layout's stacked cards (plain headers only)."""
    if isinstance(header, list) and c < len(header) and isinstance(header[c], str):
        name = header[c].strip()
        if name and not _REF.match(name):
            return f' data-label="{html.escape(name, quote=True)}"'
    return ""


def render_block(
    kind: str,
    text: str,
    path: str,
    first_line: int,
    library: Library,
    href_for: HrefFor,
    chart_id: str,
    draw: ChartDrawer | None = None,
    lang: str = DEFAULT,
) -> Rendered:
    """Render one fenced block whose YAML starts at 0-based ``first_line``.

    ``draw`` turns a checked chart into HTML; without one (``fxsite check``)
    charts are checked but not drawn. ``lang`` is the page's language: its
    claims are written in it.
    """
    if kind == "evidence-stats":
        from fxsite.pages.stats import render_stats

        return render_stats(text, path, first_line, library, href_for, lang)
    if kind == "evidence-consistency":
        from fxsite.pages.consistency import render_consistency

        out, found = render_consistency(text, path, first_line, library, href_for, lang)
        return out, [], found
    if kind == "fxsite-contact":
        from fxsite.render.hero import render_contact

        out, found = render_contact(text, path, first_line)
        return out, [], found
    loaded = load_yaml(text, path, line_offset=first_line)
    block = _Block(path, loaded, library, href_for, text, first_line, lang)
    if not isinstance(loaded.data, dict):
        if not loaded.findings:
            block.bad((), f"{kind} holds a YAML mapping")
        return "", block.claims, block.findings
    out = (
        _table(block, loaded.data)
        if kind == "evidence-table"
        else chart_block(block, loaded.data, chart_id, draw)
    )
    # Blank lines would end the raw HTML block early in Python-Markdown.
    out = "\n".join(line for line in out.split("\n") if line.strip())
    return f"\n{out}\n", block.claims, block.findings
