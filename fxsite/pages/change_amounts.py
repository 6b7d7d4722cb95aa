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
  3/4" (a date) have no word of change;
* two numbers joined by an arrow, up to three words after it or after "went" ("It went
  178 → 94", "Save time dropped 178 -> 94"; blind80): the values before and after; not
  labels ("fell from step 1 → 2", "went from page 12 → 14") nor years ("went from 2019
  → 2023");
* a time then and now, neither with a unit ("Checkpoints that took 178 now take 94";
  blind80); not counts ("took 3 tries, now takes 1 try");
* a fraction in words after "to", up to three words after it, where its phrase ends or
  "of" follows ("reduced stalls to a tenth", "trims save time to a fifth", "cut it to
  two thirds of NFS's"; blind80): the share it was brought to; not a share of people
  ("cut the meeting to a third of the team").

The rules are linear: each match starts at a word of change and reads a bounded number
of words after it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from fxsite.evidence.numerals import ARROWS, YEAR, alternation, word_alternation
from fxsite.pages.direction import CHANGE_WORDS
from fxsite.pages.figure_vocab import APPROX, BY_SHARE_AFTER, PEOPLE, SP, VALUE
from fxsite.pages.label_numbers import LABEL_BEFORE, REACH
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


#: Words of a change before a number's change written with an arrow, "went" among them
#: ("It went 178 → 94"; "went" is no word of change before "N times": "went 4 times").
_MOVED = rf"(?:{_CHANGED}|(?i:went))"
#: A number as these rules read it: "178", "1,200", "0.5".
_NUM = r"(?<![\d.,])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
_ARROWED = LazyPattern(
    rf"{_MOVED}(?:{SP}+[A-Za-z][\w'’-]{{0,24}}){{0,3}}?{SP}+(?:(?i:from){SP}+)?"
    rf"(?P<a>{_NUM})[ \u00a0]?(?:{alternation(ARROWS)})[ \u00a0]?"
    rf"(?P<b>{_NUM})(?![\d%]|[.,]\d)"
)
#: A time then and now, neither with a unit: "Checkpoints that took 178 now take 94"
#: (blind80); not counts ("took 3 tries, now takes 1 try").
_TOOK_NOW = LazyPattern(
    rf"\b(?i:took|needed|lasted){SP}(?P<a>{_NUM}),?{SP}(?:(?i:and|but){SP})?"
    rf"(?:(?i:it|they|this|that){SP})?(?i:now|today){SP}(?:(?i:it|they){SP})?"
    rf"(?i:takes?|needs?|lasts?){SP}"
    rf"(?P<b>{_NUM})(?![\d%]|[.,]\d)(?=\s*(?:[.,;:!?)]|\Z)|{SP}(?i:on|with|in|for|at|under)\b)"
)
#: A fraction in words: "a third", "one-tenth", "two thirds".
_FRACTION_WORDS = (
    r"(?:(?i:a|one)[\s-](?i:half|third|quarter|fifth|tenth|twentieth|hundredth|thousandth)"
    r"|(?i:two|three|four|five|six|seven|eight|nine)[\s-](?i:thirds|quarters|fifths|tenths))"
)
#: What every fraction in words holds: looked for before the rule runs.
_FRACTION_CUE = re.compile(r"half|third|quarter|fifth|tenth|twentieth|hundredth|thousandth")
_TO_FRACTION = LazyPattern(
    rf"{_CHANGED}(?:{SP}+[A-Za-z][\w'’-]{{0,24}}){{0,3}}?{SP}+(?i:to){SP}+"
    rf"(?:{APPROX})?(?P<figure>{_FRACTION_WORDS})\b(?!-)"
    rf"(?=\s*(?:[.,;:)!?]|\Z)|\s+(?i:of)\b(?!\s+(?:(?i:the|our|your|all)\s+)?(?i:{PEOPLE})\b))"
)


def change_candidates(text: str, low: str, *, digit: bool) -> Iterator[tuple[int, int, str]]:
    """(start, end, kind) of every change's amount in ``text`` (``low``: it case-folded;
    ``digit``: whether it holds a digit, which every rule's amount but a fraction in words
    does)."""
    if " to " in low and _FRACTION_CUE.search(low) is not None:
        for match in _TO_FRACTION.finditer(text):
            yield match.start("figure"), match.end("figure"), "number-word"
    if not digit:
        return
    if any(arrow in text for arrow in ARROWS):
        for match in _ARROWED.finditer(text):
            if LABEL_BEFORE.search(text, max(0, match.start("a") - REACH), match.start("a")):
                continue  # "fell from step 1 → 2": what the numbers number
            if YEAR.fullmatch(match["a"]) and YEAR.fullmatch(match["b"]):
                continue  # "went from 2019 → 2023": years
            yield match.start("a"), match.end("a"), "unit"
            yield match.start("b"), match.end("b"), "unit"
    if " now " in low or " today " in low:
        for match in _TOOK_NOW.finditer(text):
            yield match.start("a"), match.end("a"), "unit"
            yield match.start("b"), match.end("b"), "unit"
    if "times" in low:
        for match in _MULTIPLE.finditer(text):
            if _DONE_BEFORE.search(text, max(0, match.start() - 8), match.start()) is None:
                yield match.start("figure"), match.end("figure"), "ratio"
    if "/" in text:
        for match in _BY_FRACTION.finditer(text):
            yield match.start("figure"), match.end("figure"), "ratio"
