"""A share stated as the value of a quantity named before it (blind85, blind87).

"A third of the time" and "3 out of 4 runs" were figures, but a share written as what a
named rate, ratio or change came to passed: "The share of restores from tape is a third.",
"The success rate over runs was 3 of 4.", "A reduction of two thirds in rack space.", "The
failure rate was one in a thousand." Each share of these is a figure
(:func:`named_share_candidates`):

* after a share's name (:data:`_NAMES`: a rate, ratio, share or proportion, a change such
  as a reduction or a saving, a chance, failures or errors) and, in the same clause, a verb
  of being or reaching, a colon or an equals sign ("Failure rate: one in a thousand."), or
  right after the name and "of" ("a reduction of two thirds", "a hit rate of 3 in 4");
* a share in words ("a third", "two-thirds", "half"), one number of another ("3 of 4",
  "nine out of ten", "one in a thousand", "1 in 1,000"), or a fraction in digits
  ("1/1000"); an approximation before it is part of it ("nearly a third").

Decisions:

* The share must end its clause, or be followed by a preposition that says where or
  when ("one in a thousand in our tests"): "Our success rate is one of two things we
  track" picks one thing of two, "a third party" names one, "a third-quarter record"
  dates one (a hyphen after the share joins it to a word).
* "one of the", "one of a kind" are no share: the second number is a number.
* Between the name and its verb, at most eight words and no stop: "The ratio is high.
  Our team is a third of the company" is two sentences.
"""

from __future__ import annotations

from collections.abc import Iterator

from fxsite.evidence.numerals import FRACTION_WORDS, NUMBER_WORDS, word_alternation
from fxsite.pages.lazyre import LazyPattern, needles

__all__ = ["CUE", "named_share_candidates"]

#: Names of a share: what a named share is a value of (lower case; the cue reads them).
_NAMES = (
    *("rate", "rates", "ratio", "ratios", "share", "fraction", "proportion", "portion"),
    *("percentage", "reduction", "saving", "savings", "cut", "drop", "decrease", "decline"),
    *("improvement", "gain", "increase", "uplift", "growth", "utilization", "utilisation"),
    *("overhead", "chance", "chances", "odds", "probability", "likelihood"),
    *("failure", "failures", "error", "errors"),
)
#: Any of :data:`_NAMES` in a text (the case-folded text is searched).
CUE = needles(*_NAMES)

_SP = r"[ \u00a0]+"
_WORDS = word_alternation(w for w in NUMBER_WORDS if w.isascii())
_FRACTION_WORDS = f"(?:{word_alternation(FRACTION_WORDS)})"
_ONE_OF = (
    rf"(?:\d{{1,4}}|{_WORDS}){_SP}(?:out{_SP}of|of|in){_SP}(?:an?{_SP})?"
    rf"(?:\d{{1,3}}(?:,\d{{3}})+|\d{{1,7}}|(?:{_WORDS})(?:{_SP}(?:hundred|thousand|million))?"
    r"|hundred|thousand|million|billion)"
)
_SHARE = (
    rf"(?:(?!24/7)\d{{1,3}}/(?:\d{{1,3}}(?:,\d{{3}})+|\d{{1,7}})"  # "The error rate is 1/1000."
    rf"|(?:a|one|two|three|four|five|six|seven|eight|nine)[ \u00a0-]{_FRACTION_WORDS}"
    rf"|(?:a{_SP})?half|{_ONE_OF})"
)
_APPROX = (
    r"(?:(?:about|around|roughly|nearly|almost|approximately|over|under|just\s+over"
    r"|just\s+under|more\s+than|less\s+than|close\s+to|barely|only)\s+)"
)
_VERB = (
    r"(?:\s*[:=]|\s+(?:is|was|are|were|remains|remained|stands\s+at|stood\s+at|came\s+to"
    r"|comes\s+to|reached|reaches|hit|hits|equals|equalled|equaled|fell\s+to|dropped\s+to"
    r"|rose\s+to|grew\s+to))"
)
#: Where a share ends: a stop, the text's end, or a word that says where or when.
_ENDS = (
    r"(?![\w-])(?=\s*(?:[.,;:!?)]|\Z)|\s+(?:in|on|for|across|over|with|at|under|during"
    r"|since|from|when|while|after|before|and|but|per)\b)"
)
_NAMED_SHARE = LazyPattern(
    rf"(?i:\b(?:{'|'.join(_NAMES)})\b(?:(?:[ \u00a0]+[^\s.!?;:]+){{0,8}}?{_VERB}|{_SP}of)"
    rf"\s+(?P<figure>{_APPROX}?{_SHARE}){_ENDS})"
)


def named_share_candidates(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, "percent") of every share in ``text`` stated as a named share's value."""
    for match in _NAMED_SHARE.finditer(text):
        yield match.start("figure"), match.end("figure"), "percent"
