"""The amount of a change said with no unit of its own: a multiple or a fraction (blind72).

A word of change (:data:`fxsite.pages.direction.CHANGE_WORDS`: "grows", "cuts", "fell")
makes the number after it the change's amount:

* "N times" right after it is a multiple where the clause ends or says how or against
  what ("Capacity grows 4 times.", "Capacity grows 4 times with data reduction", "rose 3
  times compared with NFS"); not where it says how often ("It grows 4 times a year",
  "grew 4 times in 2024": occurrences, as "saved 20 times" counts them), nor after a form
  of "be" or "have" ("Prices were cut 4 times": how often it was done);
* a fraction in digits after "by", up to three words after it, where its phrase ends
  (:data:`fxsite.pages.figure_vocab.BY_SHARE_AFTER`, as "by three quarters" is read): "Cuts
  latency by 3/4.", "drops by nearly 2/3"; "Step 3/4", "a 3/4-height card" and "Ships by
  3/4" (a date) have no word of change.

Both rules are linear: each match starts at a word of change and reads a bounded number
of words after it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from fxsite.evidence.numerals import word_alternation
from fxsite.pages.direction import CHANGE_WORDS
from fxsite.pages.figure_vocab import APPROX, BY_SHARE_AFTER, SP, VALUE
from fxsite.pages.lazyre import LazyPattern

__all__ = ["change_candidates"]

_CHANGED = rf"(?i:{word_alternation(CHANGE_WORDS)})"
#: Words after "N times" that say how or against what a change was made.
_HOW = ("with", "through", "thanks", "via", "using", "compared", "versus", "vs", "than", "from")
#: Forms of "be" and "have" before a word of change: it says how often ("were cut 4 times").
_DONE_BEFORE = re.compile(r"\b(?i:is|are|was|were|be|been|being|has|have|had)\s+\Z")
_MULTIPLE = LazyPattern(
    rf"{_CHANGED}{SP}+(?P<figure>{VALUE}(?:{SP}+|-)(?i:times))\b"
    rf"(?=\s*(?:[.,;:!?)]|\Z)|{SP}+(?i:{word_alternation(_HOW)}))"
)
_BY_FRACTION = LazyPattern(
    rf"{_CHANGED}(?:{SP}+[A-Za-z][\w'’-]{{0,24}}){{0,3}}?{SP}+(?i:by){SP}+"
    rf"(?P<figure>(?:{APPROX})?(?<![\d/])\d{{1,3}}/\d{{1,3}})(?![\d/])"
    rf"(?=\s*(?:[.,;:)!?]|\Z)|\s+(?i:{word_alternation(BY_SHARE_AFTER)}))"
)


def change_candidates(text: str, low: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, kind) of every change's amount in ``text`` (``low``: it case-folded)."""
    if "times" in low:
        for match in _MULTIPLE.finditer(text):
            if _DONE_BEFORE.search(text, max(0, match.start() - 8), match.start()) is None:
                yield match.start("figure"), match.end("figure"), "ratio"
    if "/" in text:
        for match in _BY_FRACTION.finditer(text):
            yield match.start("figure"), match.end("figure"), "ratio"
