"""Copies of cited figures in published text: which a page may repeat.

A figure the detector finds in published text is bare unless it repeats a
figure the site cites, where such a copy is expected: a page's title, its
navigation entry, the search index and link previews repeat its headings and
claims; record pages and charts show record values. :class:`Allowed` holds
the texts each place may repeat, indexed by the numbers they hold, and
:func:`covered` says whether a found figure is one of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from fxsite.evidence.library import Library

__all__ = ["Allowed", "covered", "record_values"]

_DIGITS = re.compile(r"\d(?:[\d.,]*\d)?")


class Allowed:
    """Texts a copy may repeat, indexed by the numbers they hold (lookups stay cheap)."""

    def __init__(self, items: Iterable[str]) -> None:
        self.by_number: dict[str, list[str]] = {}
        for item in set(items):
            for match in _DIGITS.finditer(item):
                self.by_number.setdefault(match.group(), []).append(item)


def record_values(library: Library) -> set[str]:
    """Every figure's value as record pages and charts show it."""
    from fxsite.evidence.quantities import format_quantity
    from fxsite.render.exports import figure_data
    from fxsite.verify.visible import normalise

    values = set()
    for fig in library.figures.values():
        values.add(normalise(figure_data(fig)["display"]))
        if fig.stated is not None:
            values.add(normalise(format_quantity(fig.stated, None, fig.unit, fig.decimals)))
    return values


def covered(text: str, start: int, end: int, allowed: list[Allowed]) -> bool:
    """Every number of ``text[start:end]`` lies inside an occurrence of an allowed text.

    A copy may word a figure its own way ("approximately 4.7%" in a summary of
    a page that cites [4.7%](…)); its numbers must still be ones the page cites.
    """
    # Whole numbers: the detector may cut "$1,001" to "$1".
    while start > 0 and (text[start - 1].isdigit() or text[start - 1] in ".,"):
        start -= 1
    while end < len(text) and (text[end].isdigit() or text[end] in ".,"):
        end += 1
    for match in _DIGITS.finditer(text, start, end):
        candidates = [i for a in allowed for i in a.by_number.get(match.group(), [])]
        if not any(_inside(text, match.start(), match.end(), item) for item in candidates):
            return False
    return True


def _inside(text: str, start: int, end: int, item: str) -> bool:
    at = text.find(item, max(0, end - len(item)))
    while 0 <= at <= start:
        if at + len(item) >= end:
            left = text[at - 1 : at] if at else ""
            after = text[at + len(item) : at + len(item) + 2]
            # "594 s" does not contain the figure "94 s", nor "1.94" the figure "1.9".
            glued_left = left.isdigit() or (left != "" and left in ".,")
            glued_right = after[:1].isdigit() or (after[:1] in (".", ",") and after[1:].isdigit())
            if not glued_left and not glued_right:
                return True
        at = text.find(item, at + 1)
    return False
