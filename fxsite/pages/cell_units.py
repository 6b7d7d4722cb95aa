"""The unit a table states once for one of its data cells: rules tried in order.

:func:`fxsite.pages.table_units.table_units` reads a table's facts once
(:class:`TableFacts`: its header rows, a "Unit" column or row, its columns' claims,
its corner header and its caption) and each data cell's place (:class:`CellPlace`),
then asks :func:`cell_unit`, which tries :data:`RULES` in order; the first that
finds a unit gives it and where it is stated, as a message says it ("under the
header 'Save time (s)'"), with the cell's row label after it. A cell no rule gives
a unit has "" and its header.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from dataclasses import dataclass

from selectolax.lexbor import LexborNode

from fxsite.pages.column_claims import OWN_UNIT, counts_things, holds_claim
from fxsite.pages.header_units import (
    NAMED_COLUMNS,
    NAMED_ONLY,
    SETTING,
    SETTING_HEADER,
    _caption_skips,
)
from fxsite.pages.quantity_names import NAMED_QUANTITY

__all__ = ["RULES", "CellPlace", "Spans", "TableFacts", "cell_unit", "over"]

#: One header row's cells: (first column, end column, text, the unit its text states).
Spans = list[tuple[int, int, str, str | None]]
#: Past every column index: a row's cells times the largest colspan read (1,000) stay below.
_MAX_COLUMN = 10**12


def over(spans: Spans, col: int) -> tuple[str, str | None] | None:
    """The header text and unit of the header cell of one row over column ``col``."""
    at = bisect.bisect_right(spans, (col, _MAX_COLUMN)) - 1
    if at >= 0 and spans[at][0] <= col < spans[at][1]:
        return spans[at][2], spans[at][3]
    return None


@dataclass(frozen=True)
class TableFacts:
    """What a table states once for its cells, read before any cell is."""

    #: each header row's cells, the nearest row first
    heads: list[Spans]
    #: a column headed "Unit" (or unheaded, every cell a unit): its span and header
    unit_column: tuple[int, int, str] | None
    #: a body row stating each column's unit: its label and cells
    unit_row: tuple[str, Spans] | None
    #: each column's unit and the claim stating it (:mod:`fxsite.pages.column_claims`)
    by_claims: dict[int, tuple[str, str]]
    #: the corner header's text, and the unit it writes out for every column
    labels: str
    corner: str | None
    #: the caption, and the unit it states
    caption: str
    whole: str | None


@dataclass(frozen=True)
class CellPlace:
    """Where a data cell stands: its column, its headers, its row."""

    col: int
    node: LexborNode
    #: the nearest header over it, and the nearest that states a unit (with the unit)
    header: str
    stated: tuple[str, str] | None
    #: its row's first cell, the unit that label states, and its row's "Unit" cell's
    first: str
    by_row: str | None
    in_row: str | None


Rule = Callable[[TableFacts, CellPlace], tuple[str, str] | None]


def _from_setting(table: TableFacts, cell: CellPlace) -> tuple[str, str] | None:
    """A header or a row label naming a test's setting ("Block size (KiB)", "| Stripe size
    | 128 KiB |"): the cell holds the setting (:data:`SETTING`)."""
    if SETTING_HEADER.fullmatch(cell.header):
        return SETTING, f"under the header '{cell.header}', a setting"
    if cell.col > 0 and SETTING_HEADER.fullmatch(cell.first):
        return SETTING, f"in the row '{cell.first}', a setting"
    return None


def _from_header(table: TableFacts, cell: CellPlace) -> tuple[str, str] | None:
    """The nearest header over the cell that states a unit."""
    if cell.stated is None:
        return None
    return cell.stated[1], f"under the header '{cell.stated[0]}'"


def _from_unit_row(table: TableFacts, cell: CellPlace) -> tuple[str, str] | None:
    """A body row stating its column's unit ("| Unit | s | GB/s |")."""
    if table.unit_row is None:
        return None
    found = over(table.unit_row[1], cell.col)
    if found is None or found[1] is None:
        return None
    return found[1], f"its column's '{table.unit_row[0]}' row says '{found[1]}'"


def _from_row_label(table: TableFacts, cell: CellPlace) -> tuple[str, str] | None:
    """Its row's label ("Save time (s)"), past the first column."""
    if cell.by_row is None or cell.col == 0:
        return None
    return cell.by_row, f"under the header '{cell.header}'" if cell.header else ""


def _from_unit_column(table: TableFacts, cell: CellPlace) -> tuple[str, str] | None:
    """Its row's cell in the "Unit" column, for a cell outside that column and not under
    a header naming things."""
    column = table.unit_column
    if cell.in_row is None or column is None or cell.col == 0:
        return None
    if column[0] <= cell.col < column[1] or cell.header.lower() in NAMED_COLUMNS:
        return None
    return cell.in_row, f"its row's '{column[2]}' column says '{cell.in_row}'"


def _from_column_claims(table: TableFacts, cell: CellPlace) -> tuple[str, str] | None:
    """Its column's claims' unit, for a cell that is not itself a claim, in a row neither of
    counts nor stating its own unit."""
    found = table.by_claims.get(cell.col)
    if found is None or counts_things(cell.first) or holds_claim(cell.node):
        return None
    if OWN_UNIT.search(cell.first):  # "高度（U）": its row states its own unit (blind90)
        return None
    return found[0], f"its column's claim '{found[1]}'"


def _from_corner(table: TableFacts, cell: CellPlace) -> tuple[str, str] | None:
    """The corner header writing a unit out ("| Time (s) | Save | Load |")."""
    if table.corner is None or cell.col == 0 or _caption_skips(cell.header):
        return None
    return table.corner, f"under the header '{table.labels}'"


def _from_caption(table: TableFacts, cell: CellPlace) -> tuple[str, str] | None:
    """The caption's unit, for columns the caption speaks for."""
    if table.whole is None or cell.col == 0 or _caption_skips(cell.header):
        return None
    return table.whole, f"under the caption '{' '.join(table.caption.split())}'"


#: What a header may hold after the quantity it names: a note in brackets, a note's or a
#: sort's mark ("Save time (approx.)", "Save time*", "Latency ↓").
_AFTER_NAME = re.compile(r"\s*(?:[(\[（][^()\[\]（）]{0,40}[)\]）]|[*†‡¹²³⁴⁵⁶⁷⁸⁹⁰↓↑▼▲]+)\s*$")


def _from_named_quantity(table: TableFacts, cell: CellPlace) -> tuple[str, str] | None:
    """A header naming a quantity without its unit ("Save time", "Latency", "Save time
    (approx.)"), where nothing else states one: its numbers are figures of it, read as
    written (:data:`NAMED_ONLY`). A row label naming one does not (``tests/test_same_boxes.py``:
    "| Save time | 94 | s |" is no figure)."""
    name = _AFTER_NAME.sub("", " ".join(cell.header.split()), count=1)
    if cell.col == 0 or NAMED_QUANTITY.fullmatch(name) is None:
        return None
    return NAMED_ONLY, f"under the header '{cell.header}', which names the quantity"


def _from_row_named_quantity(table: TableFacts, cell: CellPlace) -> tuple[str, str] | None:
    """The one value of a row whose label names a quantity without its unit ("| Save time
    | 94 |" in a table of metrics and values; a record's setup row "Save time | 94":
    blind78): a figure of it, read as written (:data:`NAMED_ONLY`), unless its column's
    header names things or counts them ("Runs"). A row with more cells may say the unit
    in another ("| Save time | 94 | s |": :func:`_from_unit_column`,
    ``tests/test_same_boxes.py``)."""
    row = cell.node.parent
    if (
        cell.col != 1
        or row is None
        or cell.header.lower() in NAMED_COLUMNS
        or counts_things(cell.header)
    ):
        return None
    if len(row.css("th, td")) != 2:
        return None
    name = _AFTER_NAME.sub("", " ".join(cell.first.split()), count=1)
    if NAMED_QUANTITY.fullmatch(name) is None:
        return None
    return NAMED_ONLY, f"in the row '{cell.first}', which names the quantity"


#: The rules in the order they are tried: the first that finds a unit gives it.
RULES: tuple[Rule, ...] = (
    _from_setting,
    _from_header,
    _from_unit_row,
    _from_row_label,
    _from_unit_column,
    _from_column_claims,
    _from_corner,
    _from_caption,
    _from_named_quantity,
    _from_row_named_quantity,
)


def cell_unit(table: TableFacts, cell: CellPlace) -> tuple[str, str]:
    """The unit stated once for ``cell`` ("" when none is) and where, as a message says it."""
    found = next((f for rule in RULES if (f := rule(table, cell)) is not None), None)
    unit, said = found or ("", f"under the header '{cell.header}'" if cell.header else "")
    row = f"row '{cell.first}'" if cell.col > 0 and cell.first else ""
    return unit, ", ".join(p for p in (said, row) if p)
