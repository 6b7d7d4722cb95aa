"""The sentence around a figure, for the detector's rules that read it.

A figure's sentence says whether a name is stretched to a claim ("Replication saturates
400Gb Ethernet": :mod:`fxsite.pages.part_names`) or an event's length times an operation
("The restore takes a 5-minute warm-up": :func:`fxsite.pages.figure_names.performs`). A
sentence ends at a full stop, a question or exclamation mark before a space or the end, a
CJK full stop, question or exclamation mark, or a line break.
"""

from __future__ import annotations

import re

__all__ = ["sentence_span"]

_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|[。！？\n]")


def sentence_span(text: str, start: int, end: int, reach: int | None = None) -> tuple[int, int]:
    """Where the sentence holding ``text[start:end]`` starts and ends in ``text``; with
    ``reach``, no further than that many characters on either side (a rule asked of every
    figure stays linear in the text)."""
    lo = 0 if reach is None else max(0, start - reach)
    hi = len(text) if reach is None else min(len(text), end + reach)
    ends = [m.end() for m in _SENTENCE_END.finditer(text, lo, start)]
    after = _SENTENCE_END.search(text, end, hi)
    return (ends[-1] if ends else lo), (after.start() if after is not None else hi)
