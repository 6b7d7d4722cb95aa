"""A CSV or TSV file read as the table a reader opens it as.

A browser shows ``data.csv`` as text, and the gate reads its lines; but a reader
opens it in a spreadsheet, where its first row heads its columns: "save time (s)"
over "98" reads "98 s", as in a page's table. :func:`table_cells` gives each bare
number a unit stated once governs, by the page reader's own rule
(:func:`~fxsite.pages.header_units.table_units` over the file as a ``<table>``:
the first row its header), to be read as a table cell is.
"""

from __future__ import annotations

import csv
import html
import io

from selectolax.lexbor import LexborHTMLParser

from fxsite.pages.header_units import governed, table_units

__all__ = ["table_cells"]

#: The separator of each kind of table file, by its name's end.
_SEPARATORS = {".csv": ",", ".tsv": "\t"}


def table_cells(rel: str, text: str) -> list[tuple[str, str, str]]:
    """The cells of the table file ``rel`` (``text``) that a unit stated once governs:
    ``(text, unit, where it is stated)``, in order; none for a file of another kind."""
    separator = next((s for end, s in _SEPARATORS.items() if rel.lower().endswith(end)), None)
    rows = _rows(text, separator) if separator is not None else []
    if len(rows) < 2:
        return []
    table = LexborHTMLParser(_as_html(rows)).css_first("table")
    if table is None:
        return []
    units = table_units(table)
    out = []
    for cell in table.css("td"):
        unit, said = units.get(cell.mem_id, ("", ""))
        shown = " ".join((cell.text() or "").split())
        if unit and shown and governed(shown, unit, said) is not None:
            out.append((shown, unit, said))
    return out


def _rows(text: str, separator: str) -> list[list[str]]:
    """The rows of ``text`` as a spreadsheet splits them (quoted fields whole); a file
    the ``csv`` module cannot split (a field past its size limit) is split at each
    separator."""
    try:
        return [row for row in csv.reader(io.StringIO(text), delimiter=separator) if row]
    except csv.Error:
        return [line.split(separator) for line in text.splitlines() if line]


def _as_html(rows: list[list[str]]) -> str:
    """``rows`` as an HTML table: the first its header."""

    def cells(row: list[str], tag: str) -> str:
        return "".join(f"<{tag}>{html.escape(cell)}</{tag}>" for cell in row)

    body = "".join(f"<tr>{cells(row, 'td')}</tr>" for row in rows[1:])
    return f"<table><thead><tr>{cells(rows[0], 'th')}</tr></thead><tbody>{body}</tbody></table>"
