"""A figure the detector reads as a range that the sentence writes as a change (blind83).

"Saves fell from 178 to 94 seconds" is found as one figure, ``178 to 94 seconds``, as
"from 64 to 16 ms" is: the unit written once reaches both numbers. But a claim of it
would cite one figure for two values, a before and an after, which no record states: the
advice names each value with the unit (:func:`change_values`), and each is advised as a
figure of its own (:func:`fxsite.pages.advice.advise`).

Decisions:

* A change is "from" right before the first number; "ranges from", "varies from",
  "ranging from" and "anywhere from" write a range, and stay one (as "between 4 and 64 ms"
  and "4 to 64 ms", with no "from", do).
* The unit is the one written after the second number; one written after the first too
  ("from 178 s to 94 seconds") is that number's own.
"""

from __future__ import annotations

import re

__all__ = ["change_values"]

#: Two numbers joined by "to" or a dash, a unit after the first or not, one after the second.
_TWO = re.compile(
    r"(?P<a>\d[\d,]*(?:\.\d+)?)(?P<a_unit>\s*[^\d\s–-][^\d–-]*?)?\s*(?:to|–|-)\s*"
    r"(?P<b>\d[\d,]*(?:\.\d+)?)(?P<unit>\s*\S.*)?"
)
#: "from" right before the figure, not after a word that writes a range.
_FROM = re.compile(r"(?<![\w-])(?i:from)\s+\Z")
_RANGE_BEFORE = re.compile(
    r"(?i:\b(?:range|ranges|ranged|ranging|varies|vary|varied|varying|anywhere))\s+\Z"
)


def change_values(found: str, context: str) -> tuple[str, str] | None:
    """``found``'s two values, each with its unit ("178 seconds", "94 seconds"), where
    ``context`` writes it as a change ("fell from 178 to 94 seconds"); else None."""
    match = _TWO.fullmatch(found)
    at = context.find(found)
    if match is None or at < 0:
        return None
    before = context[max(0, at - 40) : at]
    start = _FROM.search(before)
    if start is None or _RANGE_BEFORE.search(before, 0, start.start()):
        return None
    unit = (match["unit"] or "").rstrip()
    a_unit = (match["a_unit"] or "").rstrip() or unit
    return f"{match['a']}{a_unit}", f"{match['b']}{unit}"
