"""A page's boxes of text, in document order, for the copies of its text elsewhere.

The entries fxsite gives Material's search index are the page's boxes, one
paragraph each (:mod:`fxsite.pages.search_sections`). An index made otherwise
(MkDocs' own search, or a site under audit) may flatten a page: a table, a
definition list, a ``<select>`` or a ``<details>`` as one run of text, its
cells joined by a space or by nothing ("Rank Team 1 Hours of Code club",
"Part 3Min and max"). Read as a run, that joins what the page shows in boxes
of their own. :class:`Boxes` keeps each box of a page as its text's hash and
length (not the text): a block of a search entry that is one box of its page, or
a run of consecutive boxes each joined to the next by a space or by nothing, was
judged on the page, box by box, and is not read again.

Such an index also holds the page's code as plain text (MkDocs' own search:
"run: 94 s"; highlighted code token by token, "run : 94 s"). :class:`Boxes` keeps
the text of each of the page's code elements too: where an entry writes one whole,
between spaces (spaces inside it aside), it is code in the entry as on the page
(:meth:`Boxes.code_spans`).
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Iterable

from fxsite.pages.locate import merged_spans

__all__ = ["NO_BOXES", "Boxes"]

#: Starts tried per run: past them, a run is read as it is (never passed unread).
_STARTS = 16


class Boxes:
    """A page's boxes (article text blocks) in document order, as (hash, length).

    A box the page reads under looser rules (a chart's, a record value's) has the
    length -1: it is not a judged box, and no run goes through it. Python's string
    hash is keyed per process, so a page cannot be written to collide with it.
    Kept in arrays, 12 bytes a box, with the text of the page's code elements: the
    gate keeps every page's boxes until it reads the search index.
    """

    def __init__(self, order: Iterable[tuple[int, int]] = (), code: Iterable[str] = ()) -> None:
        #: the text of each of the page's code elements, without spaces, once each
        self.code = tuple(sorted({c for c in ("".join(t.split()) for t in code) if c}))
        self.hashes = array("q")
        self.lengths = array("i")
        for digest, length in order:
            self.hashes.append(digest)
            self.lengths.append(length)
        judged = sorted((h, k) for k, h in enumerate(self.hashes) if self.lengths[k] >= 0)
        #: the judged boxes' hashes, sorted, and each one's index in document order
        self._sorted = array("q", (h for h, _ in judged))
        self._index = array("i", (k for _, k in judged))
        #: the judged boxes' lengths, shortest first
        self._lengths = sorted({n for n in self.lengths if n >= 0})

    def key(self) -> bytes:
        """The boxes as bytes (a memo's key)."""
        code = "\0".join(self.code).encode("utf-8", "surrogatepass")
        return self.hashes.tobytes() + self.lengths.tobytes() + b"\0" + code

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Boxes):
            return NotImplemented
        return (self.hashes, self.lengths, self.code) == (other.hashes, other.lengths, other.code)

    def __hash__(self) -> int:
        return hash(self.key())

    def _at(self, digest: int) -> list[int]:
        """The judged boxes whose hash is ``digest``, in document order."""
        found = []
        i = bisect_left(self._sorted, digest)
        while i < len(self._sorted) and self._sorted[i] == digest:
            found.append(self._index[i])
            i += 1
        return found

    def holds(self, text: str) -> bool:
        """``text`` is one of the page's boxes, judged or read under looser rules (a chart's
        caption, a record's value)."""
        return hash(text) in self.hashes

    def cover(self, text: str) -> bool:
        """``text`` is consecutive boxes, each joined to the next by a space or by nothing."""
        if self._at(hash(text)):  # one box: most runs
            return True
        tried = 0
        for length in self._lengths:
            if length > len(text):
                break
            for k in self._at(hash(text[:length])):
                if self.lengths[k] != length:
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
            if k >= len(self.hashes):
                return False
            at += text[at] == " "  # a box's text neither starts nor ends with a space
            digest, length = self.hashes[k], self.lengths[k]
            if length < 0 or hash(text[at : at + length]) != digest:
                return False
            at += length
        return True

    def code_spans(self, text: str) -> list[tuple[int, int]]:
        """The (start, end) of each place ``text`` writes one of the page's code elements
        whole: from a space (or its start) to a space (or its end), spaces inside it
        aside; overlapping places as one, in order."""
        if not self.code:
            return []
        kept = [i for i, c in enumerate(text) if not c.isspace()]
        squeezed = "".join(text[i] for i in kept)
        found = []
        for code in self.code:
            at = squeezed.find(code)
            while at >= 0:
                start, end = kept[at], kept[at + len(code) - 1] + 1
                if (start == 0 or text[start - 1].isspace()) and (
                    end == len(text) or text[end].isspace()
                ):
                    found.append((start, end))
                at = squeezed.find(code, at + 1)
        return merged_spans(found)


#: A file that is not a page: no boxes.
NO_BOXES = Boxes()
