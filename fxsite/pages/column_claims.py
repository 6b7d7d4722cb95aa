"""The unit a table's column states through its claims: "| new | 6.4 |" under "| old |
[3.2 GB/s](…) |".

A reader reads a column as one quantity: where the header states no unit and the
column's claims all state one ("3.2 GB/s", "[6.4 GB/s]"), a bare number in another row
of that column is read in it ("6.4" shows "6.4 GB/s"), as a number under "Read (GB/s)"
is. :func:`~fxsite.pages.table_units.table_units` asks for it after the header, the
unit row, the row's label and the unit column, before the caption.

Decisions:

* Every claim of the column that states a unit must state the same one (spelled as
  the claim grammar reads it: "GB/s" and "GB/sec" are one); claims stating no unit
  say nothing. A column of claims in different units states none.
* A row whose label names things counted ("Runs", "GPUs", "Tokens", "Count", a plural
  word) or a label ("Year", "Version", "Rank") holds its own quantity, as in a key–value table ("| Runs | 8 |" beside "| Save
  time | [94 s] |"): its number is not read in the column's unit.
* The first column (the rows' labels) is never read so, nor a cell holding a claim: a
  claim stating no unit ("[20](…)" of a count) is its figure's, as its record says.
"""

from __future__ import annotations

import re
from typing import Any

from fxsite.evidence.quantities import parse_stated
from fxsite.evidence.units import COUNTED, COUNTED_AT_SCALE

__all__ = ["OWN_UNIT", "column_claims_units", "counts_things", "holds_claim"]

#: The element fxsite renders a claim as.
_CLAIM = "a[data-fx-ref]"
#: Row labels that name a count or a label, not a quantity of the column's unit.
_COUNT_LABELS = frozenset(
    ["count", "n", "#", "number", "qty", "quantity", "total", "no", "id", "rank", "step"]
    + ["version", "year", "date", "month", "week", "day", "quarter", "model", "name"]
    + [w.lower() for pair in (*COUNTED, *COUNTED_AT_SCALE) for w in pair]
)
_LAST_WORD = re.compile(r"([A-Za-z#]+)\W*\Z")


def column_claims_units(
    table: Any, grid: list[list[tuple[int, int, Any]]], text_of: Any
) -> dict[int, tuple[str, str]]:
    """For each column (by first index) of ``table``'s body ``grid`` past the first whose
    claims state one unit: that unit as a claim writes it, and the claim's text."""
    claims = table.css(_CLAIM)
    if not claims:
        return {}
    column = {cell.mem_id: (col, end) for placed in grid for col, end, cell in placed}
    seen: dict[int, set[str]] = {}
    written: dict[int, tuple[str, str]] = {}
    for claim in claims:
        cell = claim.parent
        while cell is not None and cell.mem_id not in column:
            cell = cell.parent
        if cell is None:
            continue
        col, end = column[cell.mem_id]
        stated = parse_stated(shown := _claim_text(claim, text_of))
        if col == 0 or end - col != 1 or stated is None or stated.unit is None:
            continue
        seen.setdefault(col, set()).add(stated.unit)
        written.setdefault(col, (stated.unit_text or stated.unit, shown))
    return {col: written[col] for col, units in seen.items() if len(units) == 1}


def holds_claim(cell: Any) -> bool:
    """Whether a table cell holds a claim."""
    return cell.css_first(_CLAIM) is not None


def _claim_text(claim: Any, text_of: Any) -> str:
    """A claim's text as its link writes it: without the report badge and the words for
    screen readers fxsite adds (``fx-badge``, ``fx-sr``)."""
    parts = []
    child = claim.child
    while child is not None:
        classes = (child.attributes.get("class") or "").split() if child.tag != "-text" else []
        if child.tag == "-text":
            parts.append(child.text_content or "")
        elif not {"fx-badge", "fx-sr"} & set(classes):
            parts.append(text_of(child))
        child = child.next
    return " ".join("".join(parts).split())


#: A Chinese label naming a count: "控制器数量", "最大盘数", "节点个数" (blind90: read in a column's
#: claims' unit, "1200 TB").
_ZH_COUNT = re.compile(
    r"(?:数量|数目|个数|台数|盘数|节点数|数)\s*(?:[（(][^（）()]{0,8}[）)])?\s*$"
)
#: A label that writes its own unit in brackets, one fxsite may not know: "高度（U）",
#: "Height (U)" (blind90: read as TB from the column's claim).
OWN_UNIT = re.compile(r"[（(][^（）()\d]{1,8}[）)]\s*$")


def counts_things(label: str) -> bool:
    """Whether a row's label names things counted (its last word a counted noun, a count
    word or a plural: "GPUs", "Runs", "Count", "控制器数量"), so its number is its own
    quantity."""
    if _ZH_COUNT.search(label):
        return True
    match = _LAST_WORD.search(label)
    if match is None:
        return False
    word = match.group(1).lower()
    return word in _COUNT_LABELS or (
        len(word) > 3 and word.endswith("s") and not word.endswith("ss")
    )
