"""A ratio against one in prose: "8:1", "8 : 1", "8-to-1", "eight to one" (one rule).

Storage writes data reduction, compression and consolidation as a ratio against one,
and a claim may state one (``[4:1](…)``, ``[4-to-1](…)``: :mod:`fxsite.evidence.ratio_to_one`),
so the same text bare is a figure: :func:`to_one_candidates` finds each, for check, the
build and the output gate alike (they read figures with one detector). Decisions (blind73):

- Written with a colon, "8:1" is a figure wherever it stands, spaced on both sides too ("8 :
  1", as French typography and some datasheets write it), spaced before it only ("4 :1", no
  label's colon: blind74) and with its one's decimals ("10:1.0"); "10：1", "10∶1", "4﹕1" and
  "4˸1" are read as a colon before any rule runs (:mod:`fxsite.verify.reading`'s look-alike
  signs, the detector's full-width forms). Not a label's colon, spaced after it only ("Test
  3: 1 node failed"), nor a time ("10:30"). A verse's reference
  ("John 3:1") reads as a ratio, as it did before: a product's page quotes none, and a
  list of books' names would be a vocabulary for one idiom.
- With a hyphen, "8-to-1" is a figure wherever it stands (the claim grammar's spelling: a
  heading's or a table cell's too), as "8-to-one" is.
- Other spellings are figures only where the words around say a ratio (:data:`RATIO_NOUNS`
  before or after, a verb of reaching before): spaced ("Data reduction of 7 to 1"), in
  words ("Reduction ratio of thirteen to one", "twelve-to-one"), with "for" ("Reduction
  14-for-1") and a colon before "01" ("Reduction 11:01", a ratio a spreadsheet formatted
  as a time of day). Elsewhere they are a range ("pages 5 to 10", "from 10 to 1", "from 8
  to 1 node"), a deal or a split ("buy 3 for 1", "a 5-for-1 stock split") or a time ("at
  5:01 pm").
- After a comparison and "by", a spaced one is a ratio too: "outperforms the NAS by 2 to 1"
  (blind88).
- A score or a vote is no ratio a product achieves: "won 3-to-1", "won 3 to 1", "a 3-to-1
  vote" pass (:data:`_SCORE_BEFORE`, :data:`_SCORE_AFTER`); so does a pairing
  ("a 1:1 mapping", "1-to-1 replacement": :data:`_PAIRING`) and "one-to-one" or
  "many-to-one", which say how things pair.
- One against a number, "1:4", is a ratio only where the words say one ("Write
  amplification is 1:4"): it is read whole so that the finding quotes it ('1:4', not
  '1'); a claim cannot state it (a record writes 0.25×), so no claim is offered.
- Two ratios joined by "to" or a dash, "3:1 to 5:1", are one range: the detector joins
  them (:mod:`fxsite.pages.figures`), and a claim states them as the range 3–5×.
- In Chinese, "比" joins a ratio ("四比一", "4比1") where a ratio's name ends right before it,
  with a verb of being or reaching between or none ("数据缩减比四比一", "压缩比达到4比1":
  blind74); elsewhere it is a score ("比分四比一", "以四比一获胜") or a comparison.
- A table's cell holds no words around its ratio: "15-to-1" and "15 : 1" are read there,
  "15 to 1" is not (the header's words are not read for it).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from fxsite.evidence.numerals import NUMBER_WORDS, word_alternation
from fxsite.pages.cjk_numerals import NUMERALS
from fxsite.pages.figure_vocab import APPROX, SP, START
from fxsite.pages.lazyre import LazyPattern

__all__ = ["CUE", "ONE_AGAINST", "RATIO_NOUNS", "to_one_candidates"]

#: What a ratio against one measures, and the word "ratio": the words that make a spaced
#: or worded one a figure, before it ("Data reduction of 7 to 1") or after ("an 8 to 1
#: ratio", "8 to 1 compression").
RATIO_NOUNS = (
    *("ratio", "ratios", "compression", "reduction", "dedup", "dedupe", "deduplication"),
    *("consolidation", "amplification"),
)
#: Verbs of reaching and of reducing data before a ratio ("Dedup reaches 8 to 1", "It
#: compresses data 8 to 1").
_REACHING = (
    *("reaches", "reach", "reached", "achieves", "achieve", "achieved"),
    *("compresses data", "compress data", "compressed data", "reduces data", "dedupes data"),
)
#: Words that may stand between a ratio's noun and its value: "Reduction ratio of 8 to 1",
#: "Reduction is typically 8 to 1"; "from" may not ("Reduction from 8 to 1 node").
_BETWEEN = (
    *("of", "is", "was", "are", "were", "at", "typically", "ratio", "factor", "a", "an", "the"),
    *("reaches", "reached", "achieves", "achieved", "up to", "about", "around", "nearly"),
)
_NUMBER = r"\d{1,4}(?:\.\d+)?"
#: Number words before "to one" ("twelve-to-one"); "one-to-one" pairs things.
_WORD = word_alternation(w for w in NUMBER_WORDS if w.isascii() and w != "one")
_COLON = rf"(?:{SP}:{SP}?|:)"
#: One and the colon before a number: "1:[4](…)" reads "1:4" (:func:`fxsite.verify.reading.unit_beside`).
ONE_AGAINST = re.compile(rf"1{_COLON}")

_TO_ONE = LazyPattern(
    rf"""{START}(?:{APPROX})?
    (?:
        (?P<colon>{_NUMBER}{_COLON}(?:1(?:\.0+)?|(?P<clock>01)))    # "8:1", "8 : 1", "10:1.0", "11:01"
      | (?P<inverse>1{_COLON}(?!1(?!\d)){_NUMBER})               # "1:4"
      | (?P<hyphen>{_NUMBER}-to-(?:1|(?i:one)\b))                # "8-to-1"
      | (?:{_NUMBER}|(?i:{_WORD}))                               # "7 to 1", "twelve-to-one",
        (?:{SP}(?i:to|for){SP}|-(?i:to|for)-)(?:1|(?i:one)\b)    # "14-for-1"
    )
    (?![\d:])(?![.,]\d)""",
    re.VERBOSE,
)
_SAYS_RATIO_BEFORE = re.compile(
    rf"(?:\b(?i:{'|'.join(RATIO_NOUNS)}|{'|'.join(_REACHING)}))"
    rf"(?:{SP}*:|{SP}+(?i:{'|'.join(_BETWEEN)})\b)*(?:{SP}*:)?{SP}+\Z"
)
_SAYS_RATIO_AFTER = re.compile(
    rf"{SP}(?i:data{SP}reduction|{'|'.join(RATIO_NOUNS)}"
    # "a 3-to-1 cost advantage", "a 4-to-1 TCO edge" (blind66: only "speed" was read)
    rf"|(?:[\w/-]+{SP}){{0,2}}(?:advantage|edge|lead))\b"
)
#: A score or a vote, before or after: "won 3-to-1", "a 3-to-1 vote".
_SCORE_BEFORE = re.compile(
    rf"\b(?i:won|win|wins|winning|lost|lose|loses|beat|beats|defeated|voted|scored)"
    rf"(?:{SP}+(?i:by|of|are|were|was|at))?{SP}*:?{SP}+\Z"
)
_SCORE_AFTER = re.compile(
    rf"{SP}(?i:votes?|voting|wins?|victory|loss|defeat|decision|margin|majority"
    rf"|favou?rites?|underdogs?|score|on{SP}points)\b"
)
#: What "1:1" names rather than measures: a pairing ("a 1:1 mapping", "a 1:1 meeting":
#: blind20), a swap ("a 1:1 replacement program": blind38).
_PAIRING = re.compile(
    r"[ \u00a0-](?i:mappings?|meetings?|copy|copies|mirror|mirroring|replicas?|replication"
    r"|relationships?|correspondence|pairing|chat|sessions?|call|match(?:es|ing)?|scale|backups?"
    r"|replacements?|swaps?|exchanges?|trade-?ins?|upgrades?|migrations?)\b"
)
#: What every match holds: a colon before a digit, or "to"/"for" before one.
CUE = re.compile(r"\d:|:\s?\d|\b(?:to|for)[ \u00a0\u2009\u202f-](?:1|one)\b|比[1一]", re.IGNORECASE)
#: A ratio in Chinese after a ratio's name: "数据缩减比四比一", "压缩比达到4比1", "配比为3比1".
_CHINESE = re.compile(
    r"(?:比|比例|比率)(?:为|是|约|达到|达|可达|高达|仅为)?"
    rf"(?P<ratio>(?<![\d.])(?:\d{{1,4}}(?:\.\d+)?|[{NUMERALS}]{{1,4}})比(?:1|一)(?![\d.{NUMERALS}]))"
)


def to_one_candidates(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, "ratio") of each ratio against one in ``text`` (the module's rule)."""
    for match in _TO_ONE.finditer(text):
        start, end = match.start(), match.end()
        always = (match["colon"] is not None and match["clock"] is None) or match["hyphen"]
        if not always and not _says_ratio(text, start, end):
            continue
        if _SCORE_BEFORE.search(text, max(0, start - 24), start) or _SCORE_AFTER.match(text, end):
            continue  # "won 3-to-1", "a 3-to-1 vote"
        if re.fullmatch(rf"1(?:{_COLON}|-to-)1", match.group()) and _PAIRING.match(text, end):
            continue  # "a 1:1 mapping"
        yield start, end, "ratio"
    if "比" in text:
        for match in _CHINESE.finditer(text):
            yield (*match.span("ratio"), "ratio")


#: A comparison by how much, in its clause before "by": "outperforms the NAS by 2 to 1"
#: (blind88), "is faster than NFS by 3 to 1".
_COMPARED_BY = re.compile(
    r"\b(?i:outperform(?:s|ed|ing)?|outpace[sd]?|outpacing|outsells?|outsold|outscale[sd]?"
    r"|faster|slower|cheaper|quicker|denser|better|more\s+efficient)\b[^.;!?]{0,48}?"
    rf"\b(?i:by){SP}+\Z"
)


def _says_ratio(text: str, start: int, end: int) -> bool:
    """Whether the words right before or after ``text[start:end]`` say a ratio."""
    before = _SAYS_RATIO_BEFORE.search(text, max(0, start - 48), start) is not None
    compared = _COMPARED_BY.search(text, max(0, start - 80), start) is not None
    return before or compared or _SAYS_RATIO_AFTER.match(text, end) is not None
