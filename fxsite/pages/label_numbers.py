"""Numbers that name: a label's number ("step 2", "Tier 1") and a version ("PCIe 5.0").

A number right after a label word or a product's name is part of a name, not a
quantity: "Figure 3", "test 3", "v2", "Day 2 operations", "Layer 7 packets", "PCIe
5.0 transactions", "PostgreSQL 16 queries", "Kafka 3 transactions" (blind70). Two
rules read it so: the bare numbers a claim lends its unit to
(:mod:`fxsite.pages.shared_units`) and the counts of work, in English
(:mod:`fxsite.pages.figure_families`) and in Chinese (:mod:`fxsite.pages.cjk_counts`).

Decisions:

* A label word (:data:`LABEL_BEFORE`) names what its number numbers: a figure, a step, a
  version, a phase, a tier, a layer, a day of an operation ("Day 2 operations"), a
  severity or a priority, a rank ("the top 10 queries").
* A product's or a protocol's name before a count's number (:func:`names_the_count`) is
  written with a capital: an acronym or a word with a capital inside it ("PCIe",
  "OAuth", "NVMe", "PostgreSQL", "HTTP/"), or a capitalised word ("Llama", "Kafka")
  that is not a word of prose (a bound, an approximation, a determiner: "Over 40
  queries", "All 12 requests" are counts).
* A capitalised word that starts a sentence and reads as a verb of work is not a name
  (:func:`_starts_with_a_verb`): "Handles 12 requests.", "Processed 40 queries.", "Serve
  12 requests." count; it reads so with a verb's ending ("-s", "-ed", "-ing") or as a verb
  of :data:`_WORK_VERBS`. A product's name written so at a sentence's start ("Postgres 16
  queries are faster.") is read as a count too: a refusal the writer can answer, where a
  name's reading would let a count pass. Inside a sentence, a capital names ("We tuned
  the Postgres 16 queries.").
* A version is short: one or two digits, perhaps a fraction ("16", "2.0"); a count of
  work at a scale ("Tier 1 million transactions" is not written) or of three digits
  and more stays a count ("processes 5,000 packets").
* A version with a fraction of zeros ("5.0", "2.0") counts nothing, whatever comes
  before it: no count of work is written so.
"""

from __future__ import annotations

import re

from fxsite.evidence.numerals import (
    APPROX_WORDS,
    BOUND_WORDS,
    SCALE_SUFFIXES,
    SCALE_WORDS,
    alternation,
)

__all__ = ["LABEL_BEFORE", "LABEL_WORDS", "REACH", "names_the_count"]

#: Words before a number that make it a label's (a figure's number, a step, a version,
#: a tier, a layer, a day of operations, a rank), as regular expressions' text.
LABEL_WORDS = (
    r"figure|fig\.|table|step|steps|version|page|section|chapter|item|items|no\.|number|run"
    r"|phase|stage|level|tier|gen|generation|test|trial|case|round|batch|epoch|iteration|day"
    r"|layer|severity|priority|top"
)
#: A label's word (:data:`LABEL_WORDS`, or a sign or a word of Chinese) ending the text searched.
LABEL_BEFORE = re.compile(
    rf"(?:\b(?:{LABEL_WORDS})|#|\bv|第|版本|步骤|步驟|图|圖|表|阶段|階段|"
    r"型号|型號|编号|編號|序号|序號)\s*\Z",
    re.IGNORECASE,
)
#: How far before a number a label word or a name may stand.
REACH = 16
#: Words of prose a sentence may start with before a count (they bound, approximate or
#: pick it: "Over 40 queries", "About 12 errors", "All 12 requests", "Only 3 errors").
_PROSE = frozenset(
    {
        *(w for w in (*BOUND_WORDS, *APPROX_WORDS) if w.isascii() and w.isalpha()),
        *("the", "all", "only", "just", "for", "with", "from", "after", "before", "each"),
        *("every", "these", "those", "our", "its", "their", "your", "first", "last", "next"),
        *("another", "and", "but", "than", "then", "when", "once", "total", "some", "any"),
    }
)
#: A product's or a protocol's name right before the number: an acronym or a word with
#: a capital inside it ("PCIe", "NVMe", "HTTP/"), or a capitalised word of three letters
#: or more ("Kafka"); a space between, or "/" after the name.
_NAME_BEFORE = re.compile(
    r"(?<![A-Za-z0-9_/-])(?P<name>[A-Za-z][a-z]*[A-Z][A-Za-z]*|[A-Z][a-z]{2,})(?:[ \u00a0]|/)\Z"
)
#: Verbs of work a sentence may start with, in their plain form ("Serve 12 requests.").
_WORK_VERBS = frozenset(
    {
        *("handle", "process", "serve", "execute", "complete", "deliver", "sustain"),
        *("achieve", "reach", "hit", "perform", "ingest", "answer", "resolve", "replicate"),
        *("commit", "return", "accept", "scale", "stream", "route", "push", "sync", "load"),
    }
)
#: Where a sentence starts before a word: the text's start, or after its end mark.
_SENTENCE_START = re.compile(r"(?:\A|[.!?:;]\s)[\s\"'(\[*>-]{0,6}\Z")
#: How far before a word its sentence's start is looked for.
_START_REACH = 8
#: Not at a scale: no scale word or suffix after the number ("1 million", "2k", "3万").
_UNSCALED = (
    rf"(?![\d.,])(?![ \u00a0]?(?:(?i:{alternation(SCALE_WORDS)})|{alternation(SCALE_SUFFIXES)})"
    r"(?![A-Za-z]))"
)
#: A version's number: one or two digits, perhaps a fraction, not at a scale.
_VERSION = re.compile(rf"\d{{1,2}}(?:\.\d{{1,2}})?{_UNSCALED}")
#: A version with a fraction of zeros, not at a scale: "5.0", "2.0".
_ZERO_FRACTION = re.compile(rf"\d{{1,2}}\.0+{_UNSCALED}")


def names_the_count(text: str, start: int) -> bool:
    """Whether the number at ``start`` of ``text``, before a noun of work, names (a
    label's, a product's or a protocol's version) rather than counts it."""
    if _ZERO_FRACTION.match(text, start):
        return True  # "PCIe 5.0 transactions", "NVMe 2.0命令"
    if not _VERSION.match(text, start):
        return False
    window = max(0, start - REACH)
    if LABEL_BEFORE.search(text, window, start):
        return True  # "Step 3 requests a token", "the top 10 queries"
    name = _NAME_BEFORE.search(text, window, start)
    return (
        name is not None
        and name["name"].lower() not in _PROSE
        and not _starts_with_a_verb(text, name.start("name"), name["name"])
    )


def _starts_with_a_verb(text: str, at: int, word: str) -> bool:
    """Whether ``word``, at ``at`` of ``text``, starts a sentence and reads as a verb of
    work: capitalised only there ("Handles", not "NVMe"), with a verb's ending or one of
    :data:`_WORK_VERBS`."""
    if not (word[0].isupper() and word[1:].islower()):
        return False
    # the few characters before it (a search from the text's start is quadratic in a page
    # of such sentences); \A is the text's start, within reach of a word at it
    if _SENTENCE_START.search(text, max(0, at - _START_REACH), at) is None:
        return False
    low = word.lower()
    return low.endswith(("s", "ed", "ing")) or low in _WORK_VERBS
