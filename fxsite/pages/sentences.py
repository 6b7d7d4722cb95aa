"""The sentence around a figure, for the detector's rules that read it.

A figure's sentence says whether a name is stretched to a claim ("Replication saturates
400Gb Ethernet": :mod:`fxsite.pages.part_names`) or an event's length times an operation
("The restore takes a 5-minute warm-up": :func:`fxsite.pages.figure_names.performs`). A
sentence ends at a full stop, a question or exclamation mark before a space or the end, a
CJK full stop, question or exclamation mark, or a line break.
"""

from __future__ import annotations

import bisect
import re
from functools import lru_cache

__all__ = ["sentence_span"]

_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|[。！？\n]")


def sentence_span(text: str, start: int, end: int, reach: int | None = None) -> tuple[int, int]:
    """Where the sentence holding ``text[start:end]`` starts and ends in ``text``; with
    ``reach``, no further than that many characters on either side (a rule asked of every
    figure stays linear in the text)."""
    if reach is None:  # the text's sentence ends, found once and looked up
        return _whole(text, start, end)
    lo, hi = max(0, start - reach), min(len(text), end + reach)
    ends = [m.end() for m in _SENTENCE_END.finditer(text, lo, start)]
    after = _SENTENCE_END.search(text, end, hi)
    return (ends[-1] if ends else lo), (after.start() if after is not None else hi)


def _whole(text: str, start: int, end: int) -> tuple[int, int]:
    """:func:`sentence_span` without a reach, from the text's ends found once: a rule asked
    of every figure of a long paragraph read it whole each time (quadratic)."""
    starts, ends = _ends_of(text)
    before = bisect.bisect_right(ends, start) - 1  # the last end at or before ``start``
    first = ends[before] if before >= 0 else 0
    if start > 0 and text[start - 1] in _CLOSING:
        first = start  # "." right before it ends a sentence as read up to ``start``
    after = bisect.bisect_left(starts, end)  # the first end mark at or after ``end``
    return first, (starts[after] if after < len(starts) else len(text))


#: The marks that end a sentence where the text read ends right after them.
_CLOSING = frozenset(".!?。！？\n")


@lru_cache(maxsize=16)
def _ends_of(text: str) -> tuple[list[int], list[int]]:
    """Where each sentence end mark of ``text`` starts, and where it ends."""
    found = list(_SENTENCE_END.finditer(text))
    return [m.start() for m in found], [m.end() for m in found]
