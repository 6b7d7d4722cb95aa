"""Figures written with words or brackets between their number and their unit (blind17).

:mod:`fxsite.pages.figures` reads a number right before its unit; these rules read the
same figures as marketing also writes them:

* a qualifier between the number and a unit word: "300 US dollars", "94 elapsed
  seconds", "a 47 full percent cut", "3 whole times faster" (one or two words, none a
  word of grammar that starts another phrase: "3 of the seconds" is no figure);
* the unit in brackets after the number, as a datasheet writes it: "85 (s)", "1.9 (×)",
  "300 (USD)", "96 (%)", "86 [s]", "85 (seconds)" (a unit the claim grammar reads; not
  ``B``, billions as often as bytes);
* a benchmark's score: "scores 12,000 in Geekbench", "hit 9,500 SPECrate", "9500 points on
  PassMark" (after a verb of scoring, or before a benchmark's name);
* a multiplier after a comparative and "by", its number alone: "faster by 1.9.";
* a rate of any work counted, said with "a", "an" or "every": "500 uploads an hour",
  "4,000 restores a day" (not "5 times a day", occurrences, nor "24 hours a day", a span,
  nor a cadence under a hundred a day, week or month: "3 meals a day", "2 releases a month").
* a price per a unit written as that unit before its number: "Our $/TB is 119.", "Lowest
  $/TB in its class at 119." (the number alone, as a price word's is: "Price: 49.");
* after the work it counts and a colon, a number in thousands or at a scale: "Random reads:
  2,400,000.", as "Random reads: 800K." is.

Each rule is linear and runs only where its cue is in the text (:data:`RULES`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from fxsite.evidence.numerals import REACHED_WORDS, alternation, word_alternation
from fxsite.evidence.units import canonical_unit
from fxsite.pages.figure_vocab import (
    CURRENCY_CODES,
    CURRENCY_SIGNS,
    CURRENCY_WORDS,
    NUM,
    PRICE_AFTER,
    SP,
    START,
)
from fxsite.pages.lazyre import LazyPattern, holds, needles
from fxsite.pages.quantity_names import BENCHMARK_NAMES

__all__ = ["phrase_candidates"]

#: Unit words a qualifier may stand before ("94 elapsed seconds", "300 US dollars").
_UNIT_WORDS = word_alternation(
    [
        *("nanoseconds", "microseconds", "milliseconds", "seconds", "minutes", "hours"),
        *("nanosecond", "microsecond", "millisecond", "second", "minute", "hour", "percent"),
        *(w for w in CURRENCY_WORDS if len(w) > 3),
    ]
)
#: Words of grammar that start another phrase: no qualifier of a unit.
_NOT_QUALIFIERS = word_alternation(
    [
        "of",
        "per",
        "a",
        "an",
        "the",
        "to",
        "and",
        "or",
        "in",
        "on",
        "at",
        "by",
        "for",
        "from",
        "than",
        "with",
        "into",
        "each",
        "every",
        "is",
        "are",
        "was",
        "were",
        "be",
        "it",
        "its",
        "that",
        "this",
        "which",
        "who",
        "as",
        "not",
        "no",
    ]
)
_QUALIFIER = rf"(?!(?i:{_NOT_QUALIFIERS})\b)[A-Za-z][A-Za-z-]{{1,15}}"
_QUALIFIED = LazyPattern(
    rf"{START}{NUM}{SP}(?:{_QUALIFIER}{SP}){{1,2}}"
    rf"(?:(?i:{_UNIT_WORDS})\b|(?i:times){SP}(?i:faster|slower|quicker|more|less|higher|lower"
    r"|greater|larger|smaller|better|cheaper)\b)"
)
#: A unit in brackets right after its number.
_BRACKETED = LazyPattern(
    rf"{START}(?P<number>{NUM}){SP}?(?:\((?P<round>[^()\s]{{1,10}}|[a-z]{{2,12}})\)"
    r"|\[(?P<square>[^\[\]\s]{1,10}|[a-z]{2,12})\])"
)
#: Counts of a period: a span ("24 hours a day") or occurrences ("5 times a day").
_SPANS = {"times", "hours", "days", "minutes", "seconds", "weeks", "months", "years"}
_RATE_A = LazyPattern(
    rf"{START}(?P<number>{NUM}){SP}(?P<noun>[a-z][a-z-]{{1,20}}s){SP}(?i:a|an|every|each){SP}"
    r"(?P<period>(?i:second|minute|hour|day|week|month))\b"
)
#: Periods a cadence is counted in ("3 meals a day", "2 releases a month"): a rate of work
#: in them is a throughput from a hundred up ("4,000 restores a day").
_CADENCES = {"day", "week", "month"}
_QUALIFIED_CUE = needles("second", "minute", "hour", "percent", "times", *CURRENCY_WORDS)
#: A benchmark's score: a number after "scores" and before the benchmark named ("scores
#: 12,000 in Geekbench", "a score of 9,500 on AnyBench"), or before a benchmark's own name
#: ("hit 9,500 SPECrate", "9500 points on PassMark"; not "hit 3 in Paris"; after "scores",
#: a number of three digits or more: "scored 3 in March" is a match's). blind82: also in
#: points after "scores" ("scored 9,400 points"), after a benchmark named and a colon
#: ("Geekbench: 9,400"), and after "scores" where the sentence named a benchmark before
#: ("In Geekbench the FX100 scored 9,400").
_BENCHMARKS = word_alternation(BENCHMARK_NAMES)
_SCORED = r"\d{1,3}(?:,\d{3})+|\d{3,}"
_SCORE = LazyPattern(
    rf"(?:\b(?:(?i:scores?|scored|scoring)|(?i:a){SP}+(?i:score){SP}+(?i:of))"
    rf"{SP}+(?:(?i:of){SP}+)?(?P<after_verb>{_SCORED})(?:{SP}(?i:points?))?"
    rf"{SP}(?i:in|on){SP}(?:[A-Z][\w.-]{{1,24}}))"
    rf"|{START}(?P<before_name>{NUM})(?:{SP}(?i:points?))?{SP}(?:(?i:in|on){SP})?(?:{_BENCHMARKS})\b"
    rf"|\b(?i:scores?|scored|scoring){SP}+(?P<points>(?:{_SCORED}){SP}(?i:points|pts))\b"
    rf"|(?:{_BENCHMARKS})(?:[ ]v?\d{{1,2}}(?:\.\d+)?)?[ ]?[:=][ ]?(?P<colon>{_SCORED})(?![\d.,]\d)"
    rf"|\b(?i:in|on){SP}(?:{_BENCHMARKS})\b[^.;!?\n]{{0,60}}?\b(?i:scores|scored|scoring)"
    rf"{SP}+(?P<named>{_SCORED})(?![\d.,]\d)"
)
#: The groups of :data:`_SCORE` whose figure is the number alone (with its points).
_SCORE_ALONE = ("points", "colon", "named")
#: A multiplier after a comparative and "by", its number alone, a digit or a decimal as a
#: multiplier is written: "faster by 1.9.", "faster by 3." ("faster by 1.9 s" is a
#: difference, read by the unit rule; "faster by 98" says not what).
_BY_NUMBER = LazyPattern(
    r"\b(?i:faster|slower|quicker|better|cheaper|higher|lower|larger|smaller)"
    rf"{SP}(?i:by){SP}(?P<figure>\d{{1,2}}[.,]\d{{1,3}}|\d)(?![\d.,]\d)(?=\s*(?:[.,;:!?)]|\Z))"
)
_SCORE_CUE = needles("score", "Score", *BENCHMARK_NAMES)
#: A number with a scale letter and no unit, after a verb of performance or "versus", or
#: after the work it counts and a colon: "The FX100 sustains 350K.", "delivers 2M", "Versus
#: 120K on NFS", "Random reads: 800K." (blind42: each reads as a rate of I/O). After the
#: colon, a number in thousands or at a scale word is one too: "Random reads: 2,400,000.",
#: "Random reads: 2.4 million." (blind72, as "Random read IOPS: 2,400,000." is). "We have
#: 350K users" counts people; a noun after the number makes it a count of that noun.
_SCALED_BARE = LazyPattern(
    r"(?:\b(?i:(?:sustain|deliver|serve|handle|achieve|push)(?:s|es|ed|ing)?|versus|vs\.?"
    rf"|against|compared\s+(?:to|with)|{'|'.join(REACHED_WORDS)})|(?P<colon>\b(?i:reads?|writes?|ops"
    r"|operations|requests|transactions|queries|IOPS)[ \u00a0]?:))"
    # up to three words between: "serves random reads beyond 800K"
    r"(?:\s+[a-z][a-z-]{0,15}){0,3}?"
    r"(?:\s+(?i:up\s+to|over|beyond|more\s+than|at|around|about|nearly|almost|roughly))*\s+"
    # "4K", "8K" alone name a resolution ("in 4K"); a noun after counts it ("350K users")
    r"(?P<figure>(?![1-8][Kk]\b)\d+(?:\.\d+)?[KkMB]"
    r"|(?(colon)(?:\d{1,3}(?:,\d{3})+|\d{5,}|\d+(?:\.\d+)?(?=[ \u00a0](?i:thousand|million"
    r"|billion)\b))(?:\.\d+)?(?:[ \u00a0](?i:thousand|million|billion)\b)?|(?!)))"
    r"(?!\w|[.,]\d)"
    r"(?![ \u00a0]+(?!(?i:on|in|at|for|with|and|or|vs|versus|from|to|than|across)\b)[A-Za-z])"
)
_SCALED_CUE = re.compile(r"\d[KkMB]\b|[A-Za-z][ \u00a0]?:")
#: A price written without its currency (blind20): a number after "priced at", "costs",
#: "Price:", "Pricing:", "Cost:", "TCO:", "retails for" or "sells for" (at a scale: "costs
#: 4 million") that ends its clause or is a price per something ("49.99 a month",
#: "49/seat/month"), or after "just", "only", "save up to" when it is a price per something.
#: "costs 3 steps" and "only 3 left" are counts.
_PRICE_PER = f"(?:{PRICE_AFTER.pattern})"
#: A subscription's term, after "just", "only", "save": "a month", "per seat", "/mo" ("only
#: 3 a day" is a limit).
_PRICE_TERM = (
    r"(?:[ \u00a0]?/[ \u00a0]?(?i:mo|month|yr|year|seat|user)\b|[ \u00a0](?i:a|an|per|every)"
    r"[ \u00a0](?i:month|year|seat|user)\b)"
)
_UNSIGNED_PRICE = LazyPattern(
    r"\b(?:(?i:priced|costs?|costing|price\s*[:：]|pricing\s*[:：]|prices\s+start(?:ing)?"
    # blind60: "Cost: 4000", "TCO: 4000", "It retails for 4,000"
    r"|cost\s*[:：]|TCO\s*[:：]|retails?\s+for|sells?\s+for)"
    r"(?:\s+(?i:at|from|only|just|under|about|around|as\s+little\s+as))*\s+"
    # a scale word after the number: "costs 4 million" (blind60)
    rf"(?P<price>{NUM}(?:[ \u00a0](?i:hundred|thousand|million|billion|trillion)\b)?)"
    rf"(?=\s*(?:[.,;!?)]\s|[.!?)]?\Z)|{_PRICE_PER})"
    r"|\b(?i:just|only|save\s+up\s+to|saves?|saving)\s+"
    rf"(?P<per>{NUM}(?:[kK](?![A-Za-z]))?)(?={_PRICE_TERM}))"
)
_PRICE_CUE = needles(
    *("pric", "Pric", "cost", "Cost", "COST", "TCO", "just", "Just", "only", "Only", "sav", "Sav"),
    *("retail", "Retail", "sell", "Sell"),
)
#: A price per a unit written as its unit before its number, the unit a currency's sign or
#: code over what it is per (blind72): "Our $/TB is 119.", "Lowest $/TB in its class at
#: 119.", "USD/GB: 0.02" (up to four words between the unit and "is", "at" or a colon).
#: "$/TB is 30% lower" and "$/TB at 3 sites" state no price; "Prices in $/TB" none at all.
_SIGNS = alternation([*CURRENCY_SIGNS, *(c for c in CURRENCY_CODES if c.isupper())])
_VERBS = ("is", "was", "are", "were", "at", "of", "stands", "stood", *REACHED_WORDS)
_PER_UNIT_PRICE = LazyPattern(
    rf"(?<![\w$])(?P<unit>(?:{_SIGNS})/[A-Za-z][A-Za-z-]{{0,15}})(?![\w/])"
    rf"(?:{SP}+(?!(?i:{word_alternation(_VERBS)}))[A-Za-z][\w'’-]{{0,20}}){{0,4}}?"
    rf"(?:{SP}*[:：=]|{SP}+(?i:{word_alternation(_VERBS)}))"
    rf"(?:{SP}+(?i:just|only|under|below|about|around|roughly))*{SP}*"
    rf"(?P<price>{NUM})(?![\w%]|[.,]\d)"
    r"(?![ \u00a0]+(?!(?i:on|in|at|for|with|and|or|vs|versus|from|to|than|across)\b)[A-Za-z])"
)
_PER_UNIT_CUE = re.compile(r"[^\w\s]/[A-Za-z]|[A-Z]{3}/[A-Za-z]")
_BY_CUE = re.compile(r"(?i:by) \d")
_BRACKET_CUE = re.compile(r"\d ?[(\[]")
_A_CUE = re.compile(r"s (?:an?|every|each) [smhdw]", re.IGNORECASE)


def phrase_candidates(text: str, low: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, kind) of every figure these rules find in ``text`` (it holds a digit;
    ``low`` is it case-folded)."""
    if holds(low, _QUALIFIED_CUE):
        for match in _QUALIFIED.finditer(text):
            yield match.start(), match.end(), "unit"
    if _BRACKET_CUE.search(text) is not None:
        for match in _BRACKETED.finditer(text):
            if _states_unit(match["number"], match["round"] or match["square"]):
                yield match.start(), match.end(), "unit"
    if holds(text, _SCORE_CUE):
        for match in _SCORE.finditer(text):
            alone = next((g for g in _SCORE_ALONE if match[g] is not None), None)
            if alone is not None:
                yield match.start(alone), match.end(alone), "unit"
                continue
            group = "after_verb" if match["after_verb"] is not None else "before_name"
            yield match.start(group), match.end(), "unit"
    if holds(text, _PRICE_CUE):
        for match in _UNSIGNED_PRICE.finditer(text):
            group = "price" if match["price"] is not None else "per"
            yield match.start(group), match.end(group), "currency"
    if _PER_UNIT_CUE.search(text) is not None:
        yield from _per_unit_prices(text)
    if _SCALED_CUE.search(text) is not None:
        for match in _SCALED_BARE.finditer(text):
            yield match.start("figure"), match.end("figure"), "unit"
    if _BY_CUE.search(text) is not None:
        for match in _BY_NUMBER.finditer(text):
            yield match.start("figure"), match.end("figure"), "ratio"
    if _A_CUE.search(text) is not None:
        for match in _RATE_A.finditer(text):
            if match["noun"].lower() in _SPANS:
                continue
            small = sum(c.isdigit() for c in match["number"]) < 3
            if not (small and match["period"].lower() in _CADENCES):
                yield match.start(), match.end(), "unit"


def _per_unit_prices(text: str) -> Iterator[tuple[int, int, str]]:
    """The prices written after their unit (:data:`_PER_UNIT_PRICE`), the unit one the claim
    grammar reads ("$/TB")."""
    for match in _PER_UNIT_PRICE.finditer(text):
        if canonical_unit(match["unit"]) is not None:
            yield match.start("price"), match.end("price"), "currency"


def _states_unit(number: str, unit: str) -> bool:
    """Whether ``unit`` in brackets after ``number`` is a unit the claim grammar reads."""
    from fxsite.pages.header_units import with_unit

    return unit != "B" and with_unit(number, unit) is not None
