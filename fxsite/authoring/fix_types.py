"""What ``fxsite fix`` did to a page and what it left: :class:`Change` and :class:`Unfixed`,
and where a finding is in it (:func:`offset_of`) (one module, so that the steps of :mod:`.fix`
and :mod:`.repoint` share them)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

__all__ = ["Change", "Unfixed", "offset_of"]


@dataclass(frozen=True)
class Change:
    """One bare figure turned into a claim, or a claim pointed at the record that supersedes
    its own (:mod:`.repoint`); its position in the page as it was."""

    line: int
    col: int
    before: str
    after: str
    #: copies of the figure elsewhere on the page (an image's alt text, a title) that
    #: now repeat the claim, as a page may, and pass with it
    copies: int = 0


@dataclass(frozen=True)
class Unfixed:
    """A bare figure, or a claim to a superseded record, left as it was, and why."""

    line: int
    col: int
    text: str
    reason: str
    candidates: tuple[str, ...] = ()


def offset_of(text: str, line: int, col: int) -> int:
    """Offset of 1-based ``line:col`` in ``text`` (lines split on ``\\n``), as a finding
    of ``text`` gives it; ValueError for a line ``text`` does not have.

    The starts of ``text``'s lines are found once for the texts asked about last: ``fix``
    asks where each finding of a page is after each step (300 bare figures on a page read
    its lines 90,000 times)."""
    starts = _line_starts(text)
    if line > len(starts):
        raise ValueError(f"no line {line} in a text of {len(starts)}")
    return starts[max(line, 1) - 1] + col - 1


@lru_cache(maxsize=8)
def _line_starts(text: str) -> tuple[int, ...]:
    return (0, *(found.end() for found in _NEWLINE.finditer(text)))


_NEWLINE = re.compile("\n")
