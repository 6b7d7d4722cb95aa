"""A CSV or TSV file read as the table a reader opens it as.

A browser shows ``data.csv`` as text, and the gate reads its lines; but a reader
opens it in a spreadsheet, where its first row heads its columns: "save time (s)"
over "98" reads "98 s", as in a page's table. :func:`table_cells` gives each bare
number a unit stated once governs, by the page reader's own rule
(:func:`~fxsite.pages.table_units.table_units` over the file as a ``<table>``:
the first row its header), to be read as a table cell is, and where it is written.
"""

from __future__ import annotations

import csv
import html
import io
from dataclasses import dataclass

from selectolax.lexbor import LexborHTMLParser

from fxsite.pages.stated_numbers import governed
from fxsite.pages.table_units import table_units

__all__ = ["TableCell", "table_cells"]

#: The separator of each kind of table file, by its name's end.
_SEPARATORS = {".csv": ",", ".tsv": "\t"}


@dataclass(frozen=True)
class TableCell:
    """A cell a unit stated once governs: its text, the unit, where the unit is stated,
    and the line and column its text is written at."""

    text: str
    unit: str
    said: str
    line: int
    col: int


def table_cells(rel: str, text: str) -> list[TableCell]:
    """The cells of the table file ``rel`` (``text``) that a unit stated once governs,
    in order; none for a file of another kind."""
    separator = next((s for end, s in _SEPARATORS.items() if rel.lower().endswith(end)), None)
    rows = _rows(text, separator) if separator is not None else []
    if len(rows) < 2:
        return []
    table = LexborHTMLParser(_as_html([r for _, r in rows])).css_first("table")
    if table is None:
        return []
    units = table_units(table)
    lines = text.split("\n")  # as the csv module counts them
    out = []
    for (line, _), tr in zip(rows[1:], table.css("tbody tr"), strict=False):
        written = lines[line - 1] if line <= len(lines) else ""
        at = 0
        for cell in tr.css("td"):
            unit, said = units.get(cell.mem_id, ("", ""))
            shown = " ".join((cell.text() or "").split())
            found = written.find(shown, at) if shown else -1
            at = found + len(shown) if found >= 0 else at
            if unit and shown and governed(shown, unit, said) is not None:
                out.append(TableCell(shown, unit, said, line, found + 1 if found >= 0 else 1))
    return out


def _rows(text: str, separator: str) -> list[tuple[int, list[str]]]:
    """The rows of ``text`` as a spreadsheet splits them (quoted fields whole), each with
    the line it ends on; a file the ``csv`` module cannot split (a field past its size
    limit) is split at each separator."""
    try:
        reader = csv.reader(io.StringIO(text), delimiter=separator)
        return [(reader.line_num, row) for row in reader if row]
    except csv.Error:
        lines = enumerate(text.split("\n"), 1)
        return [(n, line.split(separator)) for n, line in lines if line]


def _as_html(rows: list[list[str]]) -> str:
    """``rows`` as an HTML table: the first its header."""

    def cells(row: list[str], tag: str) -> str:
        return "".join(f"<{tag}>{html.escape(cell)}</{tag}>" for cell in row)

    body = "".join(f"<tr>{cells(row, 'td')}</tr>" for row in rows[1:])
    return f"<table><thead><tr>{cells(rows[0], 'th')}</tr></thead><tbody>{body}</tbody></table>"
