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
"""

from __future__ import annotations

import re

__all__ = ["to_one_number"]

# The number, then ":" (spaced or not; a full-width colon is read as ":" first) or "-to-",
# then one. The number is read by the claim grammar itself (digits or a number word).
_TO_ONE = re.compile(r"(?P<number>[^\s:]+?)(?:\s?:\s?|-to-)(?:1|(?i:one))")


def to_one_number(text: str) -> str | None:
    """The number of a ratio written against one (``"4:1"`` → ``"4"``), else None."""
    match = _TO_ONE.fullmatch(text)
    return match["number"] if match is not None else None
