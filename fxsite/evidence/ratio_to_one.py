"""A ratio written against one: ``4:1``, ``4-to-1``, ``four-to-one``.

Storage writes data reduction, compression and consolidation this way ("a
guaranteed 4:1 data reduction", "up to 10:1"); the detector reads a bare ``4:1``
as a figure, so a claim must be able to state one (blind72). Decisions:

- ``N:1`` and ``N-to-1`` state a ratio (``×``) of value N, held to the claim rule
  as ``N×`` is: the precision is the last digit of N (``4.5:1`` states 4.5×, and
  is finer than a record of 4×), and the claim shows the author's words.
- Only a ratio against one: ``1:4`` and ``3:2`` state no one value a record keeps
  (a record writes 0.25× or 1.5×), and ``4 to 1`` with spaces is how a range from
  4 down to 1 is written, so neither is read.
- The qualifiers of the claim grammar apply around it: ``up to 10:1`` (a point
  figure, or an ``under`` one), ``at least 4:1``, ``about 5:1``.
- A record's unit stays ``×``: ``:1`` is how a claim writes the value, not a unit.
- Two of them joined as a range is joined, ``3:1 to 5:1`` or ``3:1–5:1``, state the range
  3–5×, as ``3× to 5×`` does (blind73: a vendor's usual way to write a range of ratios).
- Prose writes a ratio against one in more spellings than a claim reads
  (:mod:`fxsite.pages.to_one`): each bare one is told the claim's spelling of the same
  value (:func:`to_one_claim`): ``7 to 1``, ``14-for-1``, ``11:01`` (a spreadsheet's time)
  and ``10:1.0`` as ``7:1``, ``14:1``, ``11:1``, ``10:1``; ``thirteen to one`` as
  ``thirteen-to-one``; one against a number, ``1:4``, as the ratio it states, ``0.25:1``
  (where that is exact).
"""

from __future__ import annotations

import re
from decimal import Decimal

__all__ = ["to_one_claim", "to_one_number", "to_one_range"]

# The number, then ":" (spaced or not; a full-width colon is read as ":" first) or "-to-",
# then one. The number is read by the claim grammar itself (digits or a number word).
_TO_ONE = re.compile(r"(?P<number>[^\s:]+?)(?:\s?:\s?|-to-)(?:1|(?i:one))")
# Two of them as a range: "3:1 to 5:1", "3:1–5:1".
_RANGE = re.compile(
    r"(?P<low>[^\s:]+?)(?:\s?:\s?|-to-)(?:1|(?i:one))(?:\s+to\s+|\s?[–—-]\s?)"
    r"(?P<high>[^\s:]+?)(?:\s?:\s?|-to-)(?:1|(?i:one))"
)
# The spellings prose writes that a claim does not (:mod:`fxsite.pages.to_one`).
_PROSE = re.compile(
    r"(?P<number>\S+?)(?:\s?:\s?(?:1\.0+|01)|\s(?i:to|for)\s(?:1|(?i:one))|-(?i:for)-(?:1|(?i:one)))"
)
# Words before the number: "up to ", "about ".
_LEAD = re.compile(r"(?:[^\W\d]+\s)+(?=\d)")
_ONE_AGAINST = re.compile(r"1\s?:\s?(?P<number>\d{1,4}(?:\.\d+)?)")


def to_one_number(text: str) -> str | None:
    """The number of a ratio written against one (``"4:1"`` → ``"4"``), else None."""
    match = _TO_ONE.fullmatch(text)
    return match["number"] if match is not None else None


def to_one_range(text: str) -> tuple[str, str] | None:
    """The numbers of a range of ratios against one (``"3:1 to 5:1"`` → ``("3", "5")``)."""
    match = _RANGE.fullmatch(text)
    return (match["low"], match["high"]) if match is not None else None


def to_one_claim(text: str) -> str | None:
    """The claim's text for a bare ratio against one as prose writes it, else None: the
    text itself where a claim reads it (``"4:1"``, ``"3:1 to 5:1"``), else the same value
    as a claim writes it (``"7 to 1"`` → ``"7:1"``, ``"1:4"`` → ``"0.25:1"``)."""
    if to_one_number(text) is not None or to_one_range(text) is not None:
        return text
    lead = _LEAD.match(text)  # "up to 7 to 1": the words before it kept
    if lead is not None:
        claim = to_one_claim(text[lead.end() :])
        return f"{lead.group()}{claim}" if claim is not None else None
    prose = _PROSE.fullmatch(text)
    if prose is not None:
        number = prose["number"]
        return f"{number}:1" if number[:1].isdigit() else f"{number}-to-one"
    against = _ONE_AGAINST.fullmatch(text)
    if against is None:
        return None
    number = Decimal(against["number"])
    inverse = Decimal(1) / number if number else Decimal(0)
    if inverse * number != 1 or len(str(inverse)) > 8:
        return None  # "1:3": no exact ratio against one
    return f"{inverse}:1"
