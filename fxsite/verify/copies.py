"""Copies of cited figures in published text: which a page may repeat.

A figure the detector finds in published text is bare unless it repeats a
figure the site cites, where such a copy is expected: a page's title, its
navigation entry, the search index and link previews repeat its headings and
claims; record pages and charts show record values. :class:`Allowed` holds
the texts each place may repeat, indexed by the numbers they hold, and
:func:`covered` says whether a found figure is one of them.

A copy repeats the cited text as it is: nothing glued to it may change it
(:func:`~fxsite.verify.reading.copy_glued`: ``$500`` or ``20%`` for a cited
``500`` or ``20``; ``20 TB`` for a count of 20), and the figure found may
hold nothing else but the words that state a value loosely (``about``,
``approximately``, ``up to``; the claim grammar's :data:`APPROX_WORDS`) and
separators (``178 s → 94 s``): ``under 94 s`` or ``94 s per GB`` is not a
copy of ``94 s``. A figure written in words is a copy only of the same words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from fxsite.evidence.library import Library
from fxsite.evidence.numerals import APPROX_SUFFIXES, APPROX_WORDS, word_alternation
from fxsite.verify.reading import copy_glued

__all__ = ["Allowed", "covered", "nav_copies", "record_values"]

_DIGITS = re.compile(r"\d(?:[\d.,]*\d)?")


class Allowed:
    """Texts a copy may repeat, indexed by the numbers they hold (lookups stay cheap)."""

    def __init__(self, items: Iterable[str]) -> None:
        self.by_number: dict[str, list[str]] = {}
        #: texts without digits ("three times"): a copy must repeat one whole
        self.worded: list[str] = []
        for item in set(items):
            numbers = _DIGITS.findall(item)
            for number in numbers:
                self.by_number.setdefault(number, []).append(item)
            if not numbers and item.strip():
                self.worded.append(item)


def nav_copies(claims: Iterable[tuple[str, bool]], titles: Iterable[str]) -> frozenset[str]:
    """The texts of one page's claims (each with whether it is in a heading) that other
    pages' navigation may repeat, as the page's title: a claim in a heading (MkDocs
    takes the title from the first), and one the page's ``titles`` (its ``<title>``,
    from a front-matter ``title``) repeat whole, nothing glued to it (:func:`copy_glued`)."""
    shown = list(titles)
    return frozenset(
        text
        for text, in_heading in claims
        if in_heading
        or any(
            not copy_glued(title, at.start(), at.end())
            for title in shown
            for at in re.finditer(re.escape(text), title)
        )
    )


def record_values(library: Library) -> dict[str, set[str]]:
    """Every figure's value as record pages and charts show it, by record."""
    from fxsite.evidence.quantities import format_quantity
    from fxsite.render.exports import figure_data
    from fxsite.verify.visible import normalise

    values: dict[str, set[str]] = {}
    for fig in library.figures.values():
        shown = values.setdefault(fig.record, set())
        shown.add(normalise(figure_data(fig)["display"]))
        if fig.stated is not None:
            shown.add(normalise(format_quantity(fig.stated, None, fig.unit, fig.decimals)))
    return values


def covered(
    text: str, start: int, end: int, allowed: list[Allowed], *, numbers_only: bool = False
) -> bool:
    """``text[start:end]``, a figure found, repeats allowed texts (see the module docstring).

    A copy may word a figure its own way ("approximately 4.7%" in a summary of
    a page that cites [4.7%](…)); its numbers must still be ones the page cites.
    ``numbers_only`` asks only that (a chart's axis: tick numbers, then its unit).
    """
    # Whole numbers: the detector may cut "$1,001" to "$1".
    while start > 0 and (text[start - 1].isdigit() or _digit_mark(text, start - 1)):
        start -= 1
    while end < len(text) and (text[end].isdigit() or _digit_mark(text, end)):
        end += 1
    numbers = list(_DIGITS.finditer(text, start, end))
    if not numbers:  # a figure in words: the same words, whole
        return any(
            _occurrence(text, start, end, item) is not None for a in allowed for item in a.worded
        )
    found: list[tuple[int, int]] = []
    for match in numbers:
        candidates = [i for a in allowed for i in a.by_number.get(match.group(), [])]
        spans = [_occurrence(text, match.start(), match.end(), item) for item in candidates]
        # The longest copy: "8 s" where a count of 8 is allowed too (by length, then
        # place, never by the order a set gave, which changes from run to run).
        span = max(
            (s for s in spans if s is not None), key=lambda s: (s[1] - s[0], -s[0]), default=None
        )
        if span is None:
            return False
        found.append(span)
    return numbers_only or _loose_only(text, start, end, found)


def _digit_mark(text: str, at: int) -> bool:
    """A decimal point or thousands separator at ``at``, between digits."""
    return (
        text[at] in ".,"
        and at > 0
        and text[at - 1].isdigit()
        and at + 1 < len(text)
        and text[at + 1].isdigit()
    )


def _occurrence(text: str, start: int, end: int, item: str) -> tuple[int, int] | None:
    """An occurrence of ``item`` in ``text`` covering ``[start, end)``, with nothing glued."""
    # Only occurrences starting at or before ``start``: a search bounded there, so
    # each figure costs the length of its copies, not of the text after it.
    last = start + len(item)
    at = text.find(item, max(0, end - len(item)), last)
    while 0 <= at <= start:
        stop = at + len(item)
        if stop >= end and not copy_glued(text, at, stop):
            # A unit's word goes on: "3 min" in "3 minutes", "GB/s" in a search
            # index's "GB/smeasured" (copy_glued refused letters after a bare number).
            while stop < len(text) and text[stop].isascii() and text[stop].isalpha():
                stop += 1
            return at, stop
        at = text.find(item, at + 1, last)
    return None


#: What a figure found may hold besides the copies in it: loose-value words, separators.
_LOOSE = re.compile(
    word_alternation([*APPROX_WORDS, *APPROX_SUFFIXES, "to", "from", "and", "or", "vs", "versus"]),
    re.IGNORECASE,
)
# "+" too: the claim rule lets it stand before a claim ("(+[96%](…))").
_SEPARATORS = re.compile(r"[\s()\[\],;:·→⟶⇒=>+\-–—~至到]+")


def _loose_only(text: str, start: int, end: int, copies: list[tuple[int, int]]) -> bool:
    chars = list(text[start:end])
    for s, e in copies:
        for i in range(max(s, start), min(e, end)):
            chars[i - start] = " "
    rest = _SEPARATORS.sub("", _LOOSE.sub(" ", "".join(chars)))
    return rest == ""
