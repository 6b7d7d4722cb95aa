"""What ``fxsite fix`` did to a page and what it left: :class:`Change` and :class:`Unfixed`,
and where a finding is in it (:func:`offset_of`) (one module, so that the steps of :mod:`.fix`
and :mod:`.repoint` share them)."""

from __future__ import annotations

from dataclasses import dataclass

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
    of ``text`` gives it."""
    start = 0
    for _ in range(line - 1):
        start = text.index("\n", start) + 1
    return start + col - 1
