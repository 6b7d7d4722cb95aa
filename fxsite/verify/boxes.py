"""A page's boxes of text, in document order, for the copies of its text elsewhere.

A search index flattens a page: Material's search plugin writes a table, a
definition list, a ``<select>`` or a ``<details>`` as one run of text, its
cells joined by a space or by nothing ("Rank Team 1 Hours of Code club",
"Part 3Min and max"). Read as a run, that joins what the page shows in boxes
of their own. :class:`Boxes` keeps each box of a page as its text's hash and
length (not the text): a run of a search entry made of consecutive boxes of its
page, each joined to the next by a space or by nothing, was judged on the page,
box by box, and is not read again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["NO_BOXES", "Boxes"]

#: Starts tried per run: past them, a run is read as it is (never passed unread).
_STARTS = 16


@dataclass(frozen=True)
class Boxes:
    """A page's boxes (article text blocks) in document order, as (hash, length).

    A box the page reads under looser rules (a chart's, a record value's) has the
    length -1: it is not a judged box, and no run goes through it. Python's string
    hash is keyed per process, so a page cannot be written to collide with it.
    """

    order: tuple[tuple[int, int], ...] = ()
    #: each box's index by its hash, and the boxes' lengths, shortest first
    _at: dict[int, list[int]] = field(default_factory=dict, init=False, repr=False, compare=False)
    _lengths: list[int] = field(default_factory=list, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for k, (digest, length) in enumerate(self.order):
            if length >= 0:
                self._at.setdefault(digest, []).append(k)
        self._lengths.extend(sorted({length for _, length in self.order if length >= 0}))

    def cover(self, text: str) -> bool:
        """``text`` is consecutive boxes, each joined to the next by a space or by nothing."""
        if hash(text) in self._at:  # one box: most runs
            return True
        tried = 0
        for length in self._lengths:
            if length > len(text):
                break
            for k in self._at.get(hash(text[:length]), ()):
                if self.order[k][1] != length:
                    continue
                tried += 1
                if tried > _STARTS:
                    return False
                if self._run(text, k, length):
                    return True
        return False

    def _run(self, text: str, k: int, at: int) -> bool:
        """Boxes after box ``k`` make the rest of ``text``, from ``at``."""
        while at < len(text):
            k += 1
            if k >= len(self.order):
                return False
            at += text[at] == " "  # a box's text neither starts nor ends with a space
            digest, length = self.order[k]
            if length < 0 or hash(text[at : at + length]) != digest:
                return False
            at += length
        return True


#: A file that is not a page: no boxes.
NO_BOXES = Boxes()
