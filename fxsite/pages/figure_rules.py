"""The rules of bare-figure detection: where a text may state a figure.

:func:`candidates` lists every (start, end, kind) a rule finds in a text;
:func:`fxsite.pages.figures.find_bare_figures` chooses among overlapping ones and
reads each figure's operands and suffixes.

Names are not figures. Most names need no rule at all because they carry no
unit (``MkDocs 1.6``, ``R1``, ``G1–G4``, ``ISO 9001``, ``PCIe 5.0``,
``8 GPUs``). The rules below (and :mod:`fxsite.pages.figure_names`) settle the
names that *look* like quantities; each decision is written where it is made:

* ``32B``, ``70B``, ``Atlas 910B``: a ``B`` glued to a number is a model or
  product designation (billions of parameters), never bytes. Bytes are
  ``512 B`` (spaced) or ``512 bytes``.
* ``A100 80GB``, ``H100-80GB``, ``RTX 4090 24GB``: a size glued to the number
  right after a product code is the product's variant name. ``FX100 with
  65.6 GB`` and ``the A100 has 80GB`` are figures.
* Calendar durations are time units like any other: ``5-year warranty`` and
  ``payback in 18 months`` are figures (a blind held-out corpus showed
  readers count them as claims). ``week 32`` is a name; ``a 19-inch rack``
  names a standard.
* ``x86``, ``x16``, ``3x3``, ``1920x1080``, ``2 x 4``, ``8x H100``,
  ``4x NVMe drives``: an ``x`` followed by a digit or by hardware is a
  dimension or a count of parts. ``1.9x``, ``2x faster``, ``1.9× (R1)`` are
  ratios, and so is each of a run of them glued to their x, ``1.9x 2.5x 3.1x``.
* ``DDR5-4800``, ``Llama-3-70B``: a number glued by a hyphen to a word is part
  of that name.
* ``the 1990s``, ``the '80s``, ``100s of GPUs``: decades and plural numbers,
  not seconds. ``5 min read`` is a page label. ``one day`` is an idiom.
* ``20 times`` (occurrences) is a count; ``20 times faster`` is a ratio.
* Vague amounts (``several minutes``, ``a few hours``, ``hundreds of ms``,
  ``an hour``) state no value and are not figures.

Beyond fxsite's unit vocabulary, any unit-like word after a number makes a
figure: rates of anything per a unit (``79 samples/sec``), throughput
acronyms (``2400TPS``), compute with its precision (``3,958 FP8 TFLOPS``),
machine time (``8,000 GPU hours``), ``8:1`` (:mod:`fxsite.pages.to_one`), and any physical unit pint's
registry knows (:mod:`fxsite.pages.unitwords`). Chinese needs no word
boundary: a number right after a CJK character may start a figure
(``提升30%``), Chinese units and scale words follow it (``2.3亿元``), and
:mod:`fxsite.pages.cjk_figures` reads figures in Chinese numerals. ``2026年``
before a month is a date. A symbol in another case reads as its letters say
(``15KW``, ``18 tb`` terabits: :func:`fxsite.evidence.units.loose_unit`), and
:mod:`fxsite.pages.figure_families` reads multipliers, fractions, counts of
work and the other ways issue 22 found figures written.

A number no rule reads is not a figure: deny by default was measured and not
adopted (``benchmarks/deny_by_default.py``). Each rule runs only where its cue,
a cheap pattern every one of its matches holds, is in the paragraph.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from fxsite.evidence.numerals import LASTING_WORDS, alternation as _alternation
from fxsite.evidence.units import KANA_HANGUL_CURRENCY, canonical_unit, loose_unit
from fxsite.pages.cjk_figures import CJK_NUMERAL, CJK_UNITS, cjk_candidates
from fxsite.pages.figure_families import family_candidates
from fxsite.pages.figure_names import FOUNDRY_BEFORE, NODE_AFTER, is_name
from fxsite.pages.figure_vocab import (
    A_UNIT_OF_TIME,
    APPROX as _APPROX,
    BY_SHARE_AFTER,
    CJK_CURRENCY as _CJK_CURRENCY,
    COUNT_RATE as _COUNT_RATE_PATTERN,
    CURRENCY_CODES as _CURRENCY_CODES,
    CURRENCY_CODES_AFTER,
    CURRENCY_SIGNS as _CURRENCY_SIGNS,
    CURRENCY_WORDS as _CURRENCY_WORDS,
    END as _END,
    LETTER_SIGN as _LETTER_SIGN,
    MAG_GLUED as _MAG_GLUED,
    MAG_MONEY as _MAG_MONEY,
    MAG_UNIT as _MAG_UNIT,
    MONEY_SLANG,
    MORE_OR_LESS_WORDS,
    NUM as _NUM,
    PEOPLE,
    PER as _PER,
    PRICE_AFTER as _PRICE_AFTER,
    PRICE_BEFORE as _PRICE_BEFORE,
    PRICE_ONLY_WORDS,
    QUALIFIER as _QUALIFIER,
    RANGE_SEP as _RANGE_SEP,
    SCALED_COUNT as _SCALED_COUNT_PATTERN,
    SCALED_NOUNS as _SCALED_NOUNS,
    SCALED_ONLY as _SCALED_ONLY,
    SIGN as _SIGN,
    SIZE_SLANG,
    SP as _SP,
    START as _START,
    SUPERSCRIPT_DIGITS,
    SYMBOL_UNIT as _SYMBOL_UNIT,
    VALUE as _VALUE,
    VULGAR_FRACTIONS,
    WORD_UNIT as _WORD_UNIT,
    WORDS as _WORDS,
    WORKLOAD as _WORKLOAD,
)
from fxsite.pages.halves import half_candidates
from fxsite.pages.lazyre import LazyPattern, holds as _holds, needles as _needles
from fxsite.pages.to_one import CUE as TO_ONE_CUE, to_one_candidates
from fxsite.pages.unitwords import is_unit_word

__all__ = ["NUMBER_IN_WORDS", "candidates"]


# number + unit: "178 s", "178s", "6.40 GB/s", "10-hour", "1.2M IOPS".
# The magnitude is tried last (lazy) so "5 MB" reads as megabytes.
_UNIT_FIGURE = re.compile(
    rf"""{_VALUE}
    (?P<mag>{_MAG_UNIT})??
    (?:{_SP}?{_QUALIFIER})?
    (?:
        (?:{_SP}|-)?(?P<symbol>{_SYMBOL_UNIT})  # "10-GB file"
      | (?:{_SP}|-)?(?P<word>{_WORD_UNIT})
    )
    {_PER}
    {_END}""",
    re.VERBOSE,
)

# Percent and per mille: "96%", "+96 %", "3‰", "ten percent" (words handled with number words).
# Not a percent-escape in a URL written as text: a number right after "=", "/", "&" or "?",
# then "%" and two hex digits ("?q=50%25off", "/50%2F": blind69; "Saves 96%Faster" is read).
_URL_ESCAPE = "|".join(rf"(?<=[=/&?]{'[0-9]' * n}%)" for n in (1, 2, 3))
_PERCENT_FIGURE = LazyPattern(
    rf"{_VALUE}(?:{_SP}?(?:%(?!(?:{_URL_ESCAPE})[0-9A-Fa-f]{{2}})|[‰‱])|(?:{_SP}|-)?(?i:percentage{_SP}points?|percent|per{_SP}cent|per{_SP}mille|pct)\b"
    rf"|{_SP}?(?:pp\b|p\.p\.|pc\b(?!\.)|p\.{_SP}?c\.)|{_SP}?个?百分点|{_SP}?个?基点)",
)

# Words after "N times" that make it a ratio ("3 times faster"); without one,
# "saved 20 times" counts occurrences.
_COMPARATIVE = (
    r"(?i:faster|slower|quicker|more|less|fewer|higher|lower|greater|larger|smaller|"
    r"bigger|better|cheaper|longer|shorter|sooner|as|the|over|that)\b"
)

# What an "x" multiplies when it counts parts, not a ratio: "8x H100",
# "4x NVMe drives", "2x Xeon", "2 x 4", "3x3".
_HARDWARE = (
    r"(?:[A-Za-z][\w.-]*\d[\w-]*"  # a product code with a digit: H100, MI300X, A100-80GB
    r"|(?i:gpus?|cpus?|nvme|ssds?|hdds?|nics?|drives?|disks?|nodes?|servers?|cards?|"
    r"cores?|sockets?|ports?|dimms?|xeon|epyc|nvidia|amd|intel|instances?|racks?|blades?)\b)"
)

# The same in Chinese: "8x昇腾", "4x显卡", "2x服务器".
_CJK_HARDWARE = r"(?:显卡|加速卡|计算卡|卡|服务器|节点|硬盘|盘|芯片|昇腾|处理器|核|路|颗|块|台|张)"

# Ratio: "1.9×", "1.9x", "2X", "6.2–9.3x", "6.2x–9.3x", "1.9 ×".
# A multiplier written before its number, then compared: "x2 faster", "×3 more",
# "x 1.9 faster", "x 1.9 over NFS" (not after a number: "a 2 x 4 faster grid").
# Lane widths and architectures ("PCIe x16", "x86") are followed by no comparative.
_PREFIX_TIMES_FIGURE = LazyPattern(
    rf"(?<![A-Za-z0-9_.])(?<![\d)][ \u00a0]){_SIGN}?[×xX]{_SP}?{_NUM}(?=\s+(?i:faster|slower|quicker|more|less|fewer|"
    r"higher|lower|greater|larger|smaller|bigger|better|cheaper|longer|shorter)\b)"
    # a decimal, then what it is set against: "x 1.9 over NFS" (blind79; "PCIe x16 over
    # fabric" names lanes)
    rf"|(?<![A-Za-z0-9_.])(?<![\d)][ \u00a0])[×xX]{_SP}?\d+\.\d+(?=\s+(?i:over|than|vs\.?|versus"
    r"|against|compared)\b)"
)

_RATIO_FIGURE = LazyPattern(
    rf"""{_START}(?:{_APPROX})?{_SIGN}?{_NUM}
    # a range; the sign repeated on the low end only with a dash ("1.8×–2.1×"):
    # "3.1× to 1.2×" is a change from one figure to another, two spans
    (?:{_RANGE_SEP}{_NUM}|{_SP}?[×xX][–—‒-]{_NUM})?
    (?:{_SP}?[×xX]|-[×xX](?={_SP}+{_COMPARATIVE}))  # "1.9-x faster"
    (?![A-Za-z0-9_])                    # "x86", "x16", "16xlarge"; "3X光学变焦" is a ratio
    # "2 x 4", "3x3", "178 × 20"; not a run of ratios, "1.9x 2.5x 3.1x" (blind78)
    (?!{_SP}*\d(?![\d.,]*[×xX](?![A-Za-z0-9_])))
    (?!{_SP}+{_HARDWARE})               # "8x H100", "4x NVMe"
    (?!{_SP}*{_CJK_HARDWARE})           # "8x昇腾910B", "4x 显卡"
    """,
    re.VERBOSE,
)

# Ratio in words after a number: "3 times faster", "10-fold".
_TIMES_FIGURE = LazyPattern(
    rf"{_VALUE}(?:{_SP}+(?i:times)(?={_SP}+{_COMPARATIVE})|{_SP}?-?(?i:fold)\b)"
)

# Number words. "a"/"an" alone are not numbers ("an hour" is vague), but
# "a hundred" and "a thousand" are.
_ONES = (
    r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
    r"fourteen|fifteen|sixteen|seventeen|eighteen|nineteen"
)
_TENS = r"twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
_NUMWORD_CORE = rf"(?:(?:{_TENS})(?:[- ](?:{_ONES}))?|{_ONES})"
_NUMWORD = (
    rf"(?i:(?:(?:{_NUMWORD_CORE}|a|an)(?:\s+(?:hundred|thousand|million|billion|dozen)){{1,3}}"
    rf"(?:\s+(?:and\s+)?{_NUMWORD_CORE})?|{_NUMWORD_CORE})"
    # a decimal said digit by digit: "ninety-nine point nine" (blind20)
    r"(?:\s+point(?:\s+(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)){1,4}\b)?"
    rf"(?:[\s-]+and[\s-]+a[\s-]+half|-(?:{'|'.join(MORE_OR_LESS_WORDS)})|\s+odd)?)"
)
_NUMWORD_VALUE = rf"\b(?:{_APPROX})?{_NUMWORD}(?:\s+(?i:to|or)\s+{_NUMWORD})?"
#: A number said in words alone, as a table's cell may hold one ("ninety-four" under
#: "Save time (s)": :func:`fxsite.pages.stated_numbers.governed`).
NUMBER_IN_WORDS = re.compile(_NUMWORD)

# Word units after number words: time, size, percent and money words, and money in slang
# ("three bucks", "three C-notes").
_WORD_UNITS_ALL = (
    rf"(?:(?i:{_alternation(_WORDS | _CURRENCY_WORDS | {'percent', 'per cent'})})"
    rf"|{_alternation(MONEY_SLANG)})"
)
# A Chinese unit after number words: "ninety-four 秒" ("秒杀" sells).
_CJK_UNIT_WORDS = rf"(?:{_alternation(CJK_UNITS | KANA_HANGUL_CURRENCY)})(?!杀)"

#: Verbs of a shop's orders, before "2 orders faster" (no magnitude), one lookbehind each.
_NOT_SHOPPED = "".join(
    rf"(?<!\b{verb}[ ])"
    for verb in ("ship", "ships", "shipped", "place", "placed", "process", "processed", "fill")
)

_NUMWORD_FIGURE = LazyPattern(
    rf"{_NUMWORD_VALUE}(?:\s+|-)(?P<word>{_WORD_UNITS_ALL})\b"
    rf"|{_NUMWORD_VALUE}\s+(?i:times)(?=\s+{_COMPARATIVE})"
    rf"|{_NUMWORD_VALUE}-(?i:times)(?=[\s-])"  # "a five-times improvement", "three-times-faster"
    rf"|{_NUMWORD_VALUE}[ \u00a0]?{_CJK_UNIT_WORDS}"
    rf"|\b(?i:{_NUMWORD_CORE}|hundred|thousand)-?(?i:fold)\b"
    r"|\b(?:(?i:an|one|two|three|four|five)|(?<![\d.,])\d{1,2})[\s-](?i:orders?)[\s-](?i:of)[\s-]"
    r"(?i:magnitude)\b"  # "an order of magnitude", "an order-of-magnitude gain"
    # "of magnitude" left out, compared: "2 orders faster", "two orders slower" (blind80);
    # not orders a shop ships ("We shipped 2 orders faster")
    rf"|{_NOT_SHOPPED}\b(?:(?i:an|one|two|three|four|five)|(?<![\d.,])\d{{1,2}})[\s-](?i:orders?)"
    rf"(?=\s+{_COMPARATIVE})"
    # many of them, compared (blind70): "Orders of magnitude faster", "Hundreds of times
    # faster", "Dozens of times faster"
    # (not after a number, nor a claim, blanked before the rules read: "[1.9](…) orders of
    # magnitude faster" is a claim glued to words, FX503)
    rf"|(?<![\d)\]][ \u00a0])(?<![ \u00a0]{{2}})\b(?i:orders)[\s-](?i:of)[\s-](?i:magnitude)"
    rf"(?=\s+{_COMPARATIVE})"
    rf"|\b(?i:dozens|hundreds|thousands|tens)\s+(?i:of)\s+(?i:times)(?=\s+{_COMPARATIVE})"
    # a time saved on each of something (blind70): "Saves a minute per checkpoint", "saves
    # an hour a day" ("an hour faster" was read, "saves an hour per run" passed)
    r"|(?:(?<=\b(?i:saves)\s)|(?<=\b(?i:save)\s)|(?<=\b(?i:saved)\s)|(?<=\b(?i:saving)\s)"
    r"|(?<=\b(?i:cuts)\s)|(?<=\b(?i:shaves)\s))(?i:an?|one)\s+(?i:second|minute|hour|day|week)\b"
    r"(?=\s+(?i:per|each|every|a|an|on|off)\b)"
    # data moved at a rate in slang (blind70): "six gigs per second", "six gigs a second", as
    # "6.4 gigs a second" is read ("six gigs" alone may be concerts)
    rf"|{_NUMWORD_VALUE}\s+(?i:{_alternation(SIZE_SLANG)})\s+(?:(?i:per)\s+(?i:second|sec|minute|min"
    rf"|hour|hr)\b|{A_UNIT_OF_TIME}\b)"
    # "zero seconds", "zero percent", "zero-second failover" ("zero-day" and "zero-hour"
    # name an exploit and a contract, "a zero-byte file" a kind of file)
    rf"|\b(?i:zero)(?:\s+|-(?!(?i:days?|hours?|bytes?)\b)){_WORD_UNITS_ALL}\b"
)

# Number words with a unit symbol: "twenty TB", "five GB/s", "zero ms" (the unit is checked
# in code: fxsite's vocabulary or pint's, two characters at least).
_NUMWORD_SYMBOL = LazyPattern(
    rf"(?:{_NUMWORD_VALUE}|\b(?i:zero))[ \u00a0](?P<symbol>[A-Za-z]{{2,12}}(?:/[A-Za-z]{{1,8}})?)(?![A-Za-z0-9_/])"
)

# Chinese numerals before a Latin unit: "九十四 seconds", "九四 s", "三百 dollars", "两 times
# faster" (the word is checked in code: :func:`_latin_unit`).
_NUMERAL_LATIN = LazyPattern(
    # with a classifier between: "一个PB", "1个PB" (blind38)
    rf"(?:{CJK_NUMERAL}[ \u00a0]?个?|(?<![\d.,])\d+(?:\.\d+)?[ \u00a0]?个)[ \u00a0]?"
    rf"(?P<word>[A-Za-z][A-Za-z-]{{0,11}}(?:/[A-Za-z]{{1,8}})?)"
    r"(?![A-Za-z0-9_/])"
)
#: What every match of :data:`_NUMERAL_LATIN` holds: a Han character before a Latin letter.
_HAN_LATIN = re.compile(r"[\u3007\u4e00-\u9fff][ \u00a0]?[A-Za-z]")
#: What makes "one day" a length of time: "takes one day", "in one day", "under one day".
_LASTS_BEFORE = re.compile(
    rf"\b(?i:{'|'.join(LASTING_WORDS)}|in|within|under|than|only|just|about|for)\s+\Z"
)
#: One of a unit of data said with an article: "a petabyte per rack" (blind38), as "one
#: petabyte" is; "a second" or "a day" is too often an idiom to read so.
_A_BYTES = LazyPattern(
    r"\b(?i:a|an)[ \u00a0](?i:kilo|mega|giga|tera|peta|exa|zetta|yotta)"
    # a bit rate names a class of switch ("a terabit switch") unless it is per something
    r"(?i:bytes?\b|bits?\b(?=[ \u00a0](?i:per|of|a|an|every|each)\b))"
)

# Multiplier and fraction words.
_FRACTION_FIGURE = LazyPattern(
    r"""
    \b(?i:doubled|doubles|doubling|tripled|triples|tripling|trebled|trebles|trebling
        |quadrupled|quadruples|quintupled|quintuples|sextupled|sextuples|septupled
        |octupled|decupled|halve|halved|halves|halving)\b(?!\s+(?i:as)\s+(?i:an?|the|our|your|its|their)\b)  # not
                                                             # "doubles as a backup target"
  | \b(?i:double|triple|treble|quadruple|quintuple)(?=\s+(?i:the|its|their|your|our|that|what
        |those|speed|rate|throughput|performance|bandwidth|capacity)\b)
  | (?:(?<=\b(?i:is)\s)|(?<=\b(?i:are|was|now)\s)|(?<=\b(?i:were)\s))
        (?i:double|triple|treble|quadruple|half)(?=\s*[.!;]|\s*\Z)
                                                             # "The cost is triple."
  | \b(?i:double|triple|treble|quadruple)(?=\s+[A-Z][\w-]*(?:'s|’s)(?!\w))  # "triple NFS's rate",
                                                             # "double NFS's." (blind70)
  | \b(?:(?i:more|less)\s+(?i:than)\s+|(?i:nearly|almost|about|roughly|over|under)\s+)?
        (?i:twice|thrice)                                    # "more than twice as fast" whole
        (?=\s+(?i:as|the|that|what|those|faster|slower|more|less|fewer|higher
        |lower|larger|smaller|better|cheaper|quicker)\b)
  | \b(?i:double|twice|triple)(?=\s+(?:[~≈]\s?)?[$€£¥]?\d)     # next to a figure: "twice 3.2 GB/s"
  | \b(?i:half)\s+(?i:an?)\s+(?i:hour|minute|second|millisecond|microsecond|nanosecond|day
        |week|month|year)\b                                   # "half an hour", "half a ms"
  | \b(?i:half)[\s-](?i:price|priced|off)\b                  # "Half-price ingest" (blind70)
  | (?:\b(?i:a|one|two|three)[\s-])?\b(?i:half|quarters?|thirds?|tenths?)\s+(?i:of)\s+(?i:an?)\s+
        (?i:millisecond|second|minute|hour|day)\b(?!-)               # "quarter of a second"
  | (?:\b(?i:a|one)[\s-])?\b(?i:half|quarter)-(?i:millisecond|second|minute|hour|day)s?\b
        (?!-)                                                  # "a half-second", "a quarter-hour"
  | \b(?i:a|one)\s(?i:half|quarter)\s(?i:millisecond|second|minute|hour)\b  # "a half second"
  | \b(?i:half)(?=\s+(?i:the|as|what)\b|\s+(?i:that)\s+(?i:of)\b)  # "half the time", "half that
        (?!\s+(?i:the)\s+(?:{people}|battle|fun)\b)         # of NFS", "half what it costs"; not
                                                             # "half the team": a share of people,
                                                             # nor "half the battle" (blind88)
  | (?<=\b(?i:in)\s)(?i:half)\b                             # "cut in half"
  | (?<=\b(?i:by)\s)(?i:half)\b                             # "reduced by half"
  | (?<=\b(?i:down)\s)                                     # "TCO down a third" (blind70),
        (?:(?i:a|one)[\s-](?i:half|third|quarter|fifth|tenth|hundredth|thousandth)
        |(?i:two|three|four|five|six|seven|eight|nine)[\s-](?i:thirds|quarters|fifths|tenths))\b
        (?=\s*(?:[.,;!?]|\Z|(?i:of)\b))                    # "down nine-tenths" (blind79);
                                                             # "fell to a tenth" is a change's
                                                             # amount (change_amounts)
  | \b(?i:a|one)\s\d+(?:th|rd|nd)(?=\s(?i:of)\s(?i:the|its|their)\b)  # "a 10th of the power"
  | (?<=\b(?i:by)\s)(?i:almost|roughly|about|nearly|around|approximately|over|more\s+than
        |less\s+than|close\s+to)\s+(?:(?i:half)|(?i:a|one|two|three|four|five|six|seven|eight
        |nine)[\s-](?i:thirds?|quarters?|fifths?|tenths?))\b(?=\s*(?:[.,;:)!?]|$)
        |\s+(?i:{by_after})\b)                               # "by almost half", "by about a
                                                             # third", "by nearly three
                                                             # quarters" (blind72); not "a
                                                             # third party"
  | \b(?i:half)\s+(?i:again)\s+(?i:as)\b                     # "half again as fast"
  | (?<=\b(?i:by)\s)(?i:a|one|two|three|four|five|six|seven|eight|nine)[\s-]  # "shrank by a third" …
        (?i:half|thirds?|quarters?|fourths?|fifths?|sixths?|sevenths?|eighths?|ninths?|tenths?)\b
        (?=\s*(?:[.,;:)!?]|$)|\s+(?i:{by_after})\b)         # … not "by a third party"
  | \b(?i:a|one|two|three|four|five|six|seven|eight|nine)[\s-](?i:half|thirds?|quarters?|fourths?
        |fifths?|sixths?|sevenths?|eighths?|ninths?|tenths?|hundredths?|thousandths?)
        (?=\s+(?i:of|less|more|fewer|faster|slower|lower|higher|smaller|larger|cheaper|the)\b
        |\s+(?i:as)\s+(?!(?i:well|a|an|the|if|though|such|part)\b)[a-z]  # "a third as long"
        |\s+(?i:that)\s+(?i:of)\b|\s+(?i:what)\b)               # "a third that of NFS" (blind70)
        (?!\s+(?i:of)\s+(?:(?i:the|our|your|all)\s+)?(?:{people})\b)  # not "two thirds of respondents"
        (?!\s+(?i:of)\s+(?i:an?)\s+(?i:century|decade|lifetime|generation)\b)  # "a third of a
                                                             # century" is an age (blind88)
  | (?:(?<![^\n])|(?<=[.!?:;]\s))(?i:third|quarter|fifth|tenth)   # "Quarter the cost", a sentence's
        (?=\s+(?i:the|as)\s)                                   # first word
    """.replace("{people}", PEOPLE).replace("{by_after}", "|".join(BY_SHARE_AFTER)),
    re.VERBOSE,
)

# Whole units of money with a dash for the cents, as German and Swiss prices are written:
# "300,– €", "310.- USD", "EUR 300,--".
_DASH_CENTS = r"(?:[.,](?:–|—|-{1,2}))"
# Currency: "$1,200", "US$300", "€3.5", "$1.2M", "USD 5k", "-$5", "$1–2M". A sign written in
# small letters starts a word: "Select 5 items" holds no "ct 5" (euro cents), "Ask 3" no
# "kr 3" (found beside blind70's rows); a code in capitals may be glued ("costsUSD 300").
_CURRENCY_PREFIX = LazyPattern(
    rf"""{_START}(?:{_APPROX})?{_SIGN}?
    (?:{_alternation(_CURRENCY_SIGNS)}|{_alternation({c for c in _CURRENCY_CODES if c.isupper()})}{_SP}?
      |(?<![A-Za-z])(?:{_alternation({c for c in _CURRENCY_CODES if not c.isupper()})}){_SP}?
      |人民币){_SP}?
    {_NUM}(?:{_DASH_CENTS}|{_MAG_MONEY})?
    (?:(?:{_RANGE_SEP}|[–—‒-]{_alternation(_CURRENCY_SIGNS)}){_NUM}{_MAG_MONEY}?)?
    (?:{_alternation(_CJK_CURRENCY)})?  # "人民币12,999元"
    {_PER}(?![A-Za-z0-9_])""",
    re.VERBOSE,
)
# Currency after the number: "5,000 USD", "300 euros", "2 million RMB", and a sign
# after it as German and French write prices: "300 €", "99¢", "3.5 k€", "300,– €".
_CURRENCY_SUFFIX = LazyPattern(
    rf"""{_VALUE}(?:{_DASH_CENTS}|{_MAG_MONEY})?(?:{_SP}|-(?=(?i:{_alternation(_CURRENCY_WORDS)})\b))?  # "300-dollar"
    (?:(?:{_alternation(_CURRENCY_CODES | CURRENCY_CODES_AFTER)}
        |(?i:{_alternation(_CURRENCY_WORDS | set(PRICE_ONLY_WORDS))})|{_alternation(MONEY_SLANG)})\b
      | [kKM]?(?:{_alternation(_CURRENCY_SIGNS)}){_PER}(?![A-Za-z0-9_$])  # "3.5 k€"
      | (?:{_alternation(_CJK_CURRENCY)}){_PER})""",
    re.VERBOSE,
)

#: A percentile of people, which says who as a count of people does: "the top 1% of
#: contributors" (blind20); "the top 1% of requests" is a figure.
_RANK_BEFORE = re.compile(r"\b(?i:top|bottom)[ \u00a0]\Z")
_OF_PEOPLE = re.compile(rf"[ \u00a0](?i:of)[ \u00a0](?:(?i:the|our|all)[ \u00a0])?(?i:{PEOPLE})\b")


#: Who owns a company: "100% employee-owned" (blind88) says who, as a share of people does.
_OWNED_AFTER = re.compile(
    r"[ \u00a0](?i:employee|family|founder|member|worker|customer|privately|independently"
    r"|self)[- ](?i:owned|funded)\b"
)


def _no_rank(text: str, match: re.Match[str]) -> bool:
    """Not a percentile of people (:data:`_RANK_BEFORE`, :data:`_OF_PEOPLE`), nor who owns
    a company (:data:`_OWNED_AFTER`)."""
    if _OWNED_AFTER.match(text, match.end()):
        return False
    ranked = _RANK_BEFORE.search(text, max(0, match.start() - 8), match.start()) is not None
    return not (ranked and _OF_PEOPLE.match(text, match.end()))


# Rates of anything per a unit: "79 samples/sec", "12.5 tokens/second/user",
# "5 requests per minute", "60 tokens/秒". The first divisor must be a unit. Up to two words
# before what is counted: "500,000 metadata operations per second" (blind40).
_RATE_FIGURE = LazyPattern(
    rf"""{_VALUE}(?:{_MAG_UNIT})?{_SP}?(?:(?:{_WORKLOAD}|[A-Za-z][A-Za-z-]{{0,24}}){_SP}){{0,2}}
    [A-Za-z][A-Za-z-]{{0,30}}
    (?:/(?P<per>[A-Za-z]{{1,20}}|[\u4e00-\u9fff]{{1,2}})(?:/[A-Za-z]{{1,20}})*
      |{_SP}per{_SP}(?P<per_word>[A-Za-z]{{1,20}}))
    {_END}""",
    re.VERBOSE,
)
# Throughputs named by an acronym: "2400TPS", "12,000 QPS", "500 KIOPS", "94 kIOPS", "8 TOPS";
# drive endurance: "1 DWPD", "600 TBW". Scaled FLOPS in any case ("95 TFLOPs", "1.2
# PFLOPs", "98 Gflops"): a rate or a count of work, a figure either way.
_ACRONYM_RATE = LazyPattern(
    rf"{_VALUE}(?:{_MAG_UNIT})?{_SP}?(?:{_WORKLOAD}[\s-]+){{0,4}}"
    rf"(?:[kKMGTPE]?(?:FLOPS|OPS|IOPS)|[QTR]PS|DWPD|[TP]BW|(?i:[kmgtpe]flops?)){_PER}{_END}"
)
# A token count with a scale suffix: "128K上下文", "a 1M-token context", "32k tokens".
# A plain "4K" or "8K" names a resolution or a block size.
_PER_BEFORE = re.compile(r"(?i:per)\s+\Z|/\s*\Z")
_TOKEN_WORD = re.compile(r"上下文|令牌|(?i:context|token)")
_TOKEN_COUNT = LazyPattern(rf"{_VALUE}[kKM](?={_SP}?-?(?:上下文|令牌|(?i:context|tokens?)\b))")
# A count of work at scale: "8 billion rows", "94k writes" (not after "per": a divisor).
_SCALED_COUNT = LazyPattern(_SCALED_COUNT_PATTERN)
# A count of work a second, a minute, an hour: "94 tasks a minute".
_COUNT_RATE = LazyPattern(_COUNT_RATE_PATTERN)
# Dimensions with their unit: "600×800×2000mm", "19 x 12 in" ("1920x1080" and
# "a 2 x 4 grid" have none).
_DIMENSIONS = LazyPattern(
    rf"{_START}{_NUM}(?:{_SP}?[×xX*]{_SP}?{_NUM}){{1,3}}{_SP}?"
    r"(?:mm|cm|m|km|in|inch|inches|ft|毫米|厘米|米|英寸)(?![A-Za-z0-9_])"
)
# Time of a machine or a person: "8 GPU hours", "300 node-hours", "12 person-days".
_NOUN_TIME = LazyPattern(
    rf"""{_VALUE}(?:{_MAG_UNIT})?{_SP}
    (?:GPU|CPU|TPU|NPU|node|core|machine|person|man|engineer|compute|accelerator)s?[-\ \u00a0\u2009\u202f]
    (?i:hours?|days?|months?|years?|minutes?|seconds?){_END}""",
    re.VERBOSE,
)
# Any other physical unit pint knows: "40 tonnes", "120 mph", "3 kPa".
_OPEN_UNIT = re.compile(
    rf"{_VALUE}(?:{_MAG_GLUED})??(?:{_SP}|-)?(?P<token>[A-Za-z]{{1,20}})(?:/[A-Za-z]{{1,20}}[²³]?)*{_END}"
)


def _is_symbol(word: str) -> bool:
    """A unit written as its symbol ("ms", "kW", "MB", "GB/s"), not as a word ("day")."""
    return word.lower() not in _SCALED_ONLY and (
        canonical_unit(word) == word
        or (
            any(c.isupper() for c in word)
            and (canonical_unit(word) is not None or is_unit_word(word))
        )
    )


def _latin_unit(word: str, after: str) -> bool:
    """Whether a Latin ``word`` after a number in Chinese numerals is its unit: a unit word
    or symbol (one letter of fxsite's vocabulary too: "s"), or "times" before a comparative
    (``after``: the text after it)."""
    if word.lower() == "times":
        return re.match(rf"\s+{_COMPARATIVE}", after) is not None
    return (
        re.fullmatch(_WORD_UNITS_ALL, word) is not None
        or _is_symbol(word)
        or (len(word) == 1 and canonical_unit(word) == word)
    )


def _is_divisor(word: str) -> bool:
    return word.lower() not in _SCALED_ONLY and (
        canonical_unit(word) is not None or is_unit_word(word)
    )


_DIGIT = re.compile(rf"[\d{VULGAR_FRACTIONS}]")
#: A digit or a vulgar fraction with more text after it (in the paragraph).
_DIGIT_THEN_MORE = re.compile(rf"[\d{VULGAR_FRACTIONS}]\s*\S")
#: Every match of _NUMWORD_FIGURE holds one of these (a number word, a scale word
#: after "a"/"an", "an order of magnitude", "2 orders", or a verb saving "a minute"); every match of _FRACTION_FIGURE one of
#: _FRACTION_STEMS. tests/test_figures.py holds both to the unfiltered rules.
_NUMWORD_STEMS = (
    "zero",
    *_ONES.split("|"),
    *_TENS.split("|"),
    *("hundred", "thousand", "million", "billion", "dozen", "magnitude"),
    *("save", "saving", "cuts", "shaves"),  # "Saves a minute per checkpoint"
    "order",  # "2 orders faster"
)
_FRACTION_STEMS = (
    "doubl",
    "tripl",
    "quadrupl",
    "trebl",
    "quintupl",
    "sextupl",
    "septupl",
    "octupl",
    "decupl",
    "halv",
    "half",
    "twice",
    "thrice",
    "third",
    "quarter",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "hundredth",
    "thousandth",
)
#: Cheap patterns every match of a rule holds, looked for before the rule runs
#: (the stems at the start of a word in case-folded text).
_NUMWORD_CUE = re.compile(rf"\b(?:{'|'.join(_NUMWORD_STEMS)})")
#: Every match of _NUMWORD_FIGURE also holds what its number is of: a unit word
#: (:data:`_WORD_UNITS_ALL`, a Chinese one, data in slang), "times", "fold", "magnitude" or
#: a unit of time saved; looked for in the case-folded text, as the stems are. A number
#: word with none ("each one is in the Evidence Library") is not read by that rule, the
#: largest of the detector (21,000 characters: 30 ms to compile, 0.25 ms on that text).
_NUMWORD_UNIT_CUE = _needles(
    *(w.lower() for w in (*_WORDS, *_CURRENCY_WORDS, *MONEY_SLANG, *SIZE_SLANG)),
    *(w.lower() for w in (*CJK_UNITS, *KANA_HANGUL_CURRENCY)),
    *("percent", "per cent", "times", "fold", "magnitude", "orders"),
    *("second", "minute", "hour", "day", "week"),
)
_FRACTION_CUE = re.compile(rf"\b(?:{'|'.join(_FRACTION_STEMS)})|\d(?:th|rd|nd) of\b")
#: What a number ends with: a digit, a fraction, or an exponent in superscript ("10³x": blind74).
_D = rf"[\d{VULGAR_FRACTIONS}{SUPERSCRIPT_DIGITS}]"
_S = r"(?:[ \u00a0]|[\u2009\u202f])"
# A rate: a letter, "/" and a letter or Han, or " per "; a dimension: a number,
# "×" (or "x", "*") and a number; a ratio: a number then "×".
_RATE_CUE = re.compile(rf"[A-Za-z-]/[A-Za-z\u4e00-\u9fff]|{_S}per{_S}")
_DIMENSIONS_CUE = re.compile(rf"{_D}{_S}?[×xX*]{_S}?{_D}")
_RATIO_CUE = re.compile(rf"{_D}(?:{_S}|-)?[×xX]")
_PREFIX_TIMES_CUE = re.compile(rf"[×xX]{_S}?{_D}")
# A percentage: a number, perhaps "+", a space, then its sign or word (case-folded).
_PERCENT_CUE = re.compile(
    rf"{_D}[+余多]?(?:{_S}|-)?(?:[%‰‱]|percent|per{_S}cent|per{_S}mille|pct|percentage|pp|p\.p\.|pc|p\.{_S}?c\.|个?百分点|个?基点)"
)

#: What each rule's matches hold, one of them at least (see :func:`candidates`).
#: The letters re's IGNORECASE matches to an ASCII letter, folded to it.
_IGNORECASE_FOLD = str.maketrans({"İ": "i", "ı": "i", "ſ": "s", "K": "k"})
_LATIN = re.compile(r"[A-Za-z]")


_CURRENCY_PREFIX_NEEDLES = _needles(*_CURRENCY_SIGNS, *_CURRENCY_CODES, "人民币")
_CURRENCY_SUFFIX_NEEDLES = _needles(
    *_CURRENCY_CODES, *CURRENCY_CODES_AFTER, *_CJK_CURRENCY, *_CURRENCY_SIGNS
)
_CURRENCY_WORD_NEEDLES = _needles(*_CURRENCY_WORDS, *PRICE_ONLY_WORDS, *MONEY_SLANG)
_NOUN_TIME_WORDS = _needles("hour", "day", "month", "year", "minute", "second")
_TIMES_WORDS = _needles("times", "fold")
_ACRONYM_RATE_WORDS = _needles("PS", "DWPD", "BW")
_FLOP_WORDS = _needles("flop")
_SCALED_WORDS = _needles(*_SCALED_NOUNS)
_A_PERIOD = _needles(
    *("a second", "a minute", "an hour", "one second", "one minute", "one hour", "hourly"),
    *("secondly", "a sec", "a min", "an hr", "each ", "every ", "/s", "/m", "/h", "/d"),
    *("/秒", "/分", "/小", "/時", "/天", "/日", "/초", "/분", "/시"),
)


def candidates(text: str) -> Iterator[tuple[int, int, str]]:
    """Every (start, end, kind) any rule finds; overlaps are resolved later."""
    # Each rule runs only where the text holds a word or sign every one of its
    # matches holds (looked for as substrings, at C speed). Case-insensitive
    # words are looked for in the text lowercased with the letters that re's
    # IGNORECASE takes for ASCII ones ("ſ" for "s") folded too.
    low = text.lower() if text.isascii() else text.translate(_IGNORECASE_FOLD).lower()
    # The digit rules all start from a digit (``\\d``, as their numbers do):
    # text without one can only hold number words.
    digit = _DIGIT.search(text) is not None
    if digit:
        yield from _digit_candidates(text, low)
    if _NUMWORD_CUE.search(low) is not None:
        unit = _NUMWORD_UNIT_CUE.search(low) is not None
        for match in _NUMWORD_FIGURE.finditer(text) if unit else ():
            if re.fullmatch(r"(?i:one\s+day)", match.group()) and not _LASTS_BEFORE.search(
                text, max(0, match.start() - 16), match.start()
            ):
                continue  # "one day we will…" is an idiom; "a rebuild takes one day" is not
            yield match.start(), match.end(), "number-word"
        for match in _NUMWORD_SYMBOL.finditer(text):
            if _is_symbol(match["symbol"]):
                yield match.start(), match.end(), "number-word"
    if not text.isascii() and _HAN_LATIN.search(text) is not None:
        for match in _NUMERAL_LATIN.finditer(text):
            if _latin_unit(match["word"], text[match.end() :]):
                yield match.start(), match.end(), "number-word"
    if "byte" in low or "bit" in low:
        for match in _A_BYTES.finditer(text):
            yield match.start(), match.end(), "number-word"
    if _FRACTION_CUE.search(low) is not None:
        for match in _FRACTION_FIGURE.finditer(text):
            yield match.start(), match.end(), "number-word"
        if "half" in low:
            yield from half_candidates(text)
    if TO_ONE_CUE.search(text) is not None:
        yield from to_one_candidates(text)
    yield from cjk_candidates(text)
    yield from family_candidates(text, low, digit=digit)


def _digit_candidates(text: str, low: str) -> Iterator[tuple[int, int, str]]:
    """The rules whose figures start from a digit (``low``: see :func:`candidates`)."""
    # Every rule but the currency prefix ("$5") reads something after a digit (a
    # unit, a sign, a word, ":1"): a paragraph whose digits all end it ("## Step 3")
    # can only hold that one.
    rules = _DIGIT_RULES if _DIGIT_THEN_MORE.search(text) is not None else _PREFIX_ALONE
    for rule in rules:
        if rule.cue(text, low):
            for match in rule.pattern.finditer(text):
                if rule.keep is None or rule.keep(text, match):
                    yield match.start(), match.end(), rule.kind


@dataclass(frozen=True)
class _DigitRule:
    """One rule of :func:`_digit_candidates`: the figures its ``pattern`` matches, of
    ``kind``, in a text that holds its ``cue`` (cheap: most paragraphs hold none), those
    that ``keep`` accepts (all of them when it is None)."""

    pattern: re.Pattern[str] | LazyPattern
    kind: str
    cue: Callable[[str, str], bool]  # (text, low)
    keep: Callable[[str, re.Match[str]], bool] | None = None


def _any_text(text: str, low: str) -> bool:
    return True


def _latin(text: str) -> bool:
    return _LATIN.search(text) is not None


def _priced_match(text: str, match: re.Match[str]) -> bool:
    return _priced(text, match.start(), match.end())


#: A product's model number ending in a capital X, after its family's name and tier:
#: "Ryzen 9 7950X", "Xeon 8480X", "RTX 4090X" (four digits and more; "a 1000X gain" and
#: "1000X faster" multiply). Four digits are looked for, not four or more: searched in a
#: long run of digits, each try ends after five characters (blind74: "1e999…9x" was quadratic).
_MODEL_X = re.compile(r"\d{4}X\Z")
_MODEL_FAMILY = re.compile(
    r"(?:\b(?i:ryzen|xeon|epyc|threadripper|core|radeon|geforce|snapdragon|exynos|opteron"
    r"|athlon|celeron|pentium|instinct|quadro|tesla)|\b[A-Z]{2,5})(?:\s+(?:\d{1,2}|[A-Za-z]\d{1,2}))?\s+\Z"
)


#: An image's density suffix ("the @2x images") and a version ("Version 1.9x", "v1.9x"):
#: names, not multipliers (blind19).
_ASSET_OR_VERSION = re.compile(r"(?:@|\b(?i:version|release|v)\s?)\Z")


#: What a multiple names rather than multiplies (blind20): a slot's lane width ("a 16x PCIe
#: riser"), the idiom of a person ("a 10x engineer").
_NAMED_BY_MULTIPLE = re.compile(
    r"[ \u00a0-](?:PCIe|PCI\s+Express|lanes?\b|slots?\b|(?i:engineers?|developers?|programmers?)\b)"
)


def _no_model(text: str, match: re.Match[str]) -> bool:
    """Not a model number (:data:`_MODEL_X`) after its family's name (:data:`_MODEL_FAMILY`),
    nor an asset's density or a version (:data:`_ASSET_OR_VERSION`), nor a multiple that
    names (:data:`_NAMED_BY_MULTIPLE`)."""
    if _ASSET_OR_VERSION.search(text, max(0, match.start() - 9), match.start()):
        return False
    if _NAMED_BY_MULTIPLE.match(text, match.end()):
        return False
    if _MODEL_X.search(match.group()) is None:
        return True
    return _MODEL_FAMILY.search(text, max(0, match.start() - 32), match.start()) is None


def _no_per_before(text: str, match: re.Match[str]) -> bool:
    """Not a divisor: "per 1M tokens", "/1k users"."""
    return not _PER_BEFORE.search(text, max(0, match.start() - 6), match.start())


def _open_unit(text: str, match: re.Match[str]) -> bool:
    """A unit of pint's open vocabulary (those of fxsite's own went through the name
    rules of :data:`_UNIT_FIGURE`), not a process node ("4nm工艺", "台积电4nm")."""
    token = match["token"]
    return (
        (loose_unit(token) is not None or (canonical_unit(token) is None and is_unit_word(token)))
        and not NODE_AFTER.match(text, match.end())
        and not FOUNDRY_BEFORE.search(text, max(0, match.start() - 12), match.start())
    )


#: The rules of :func:`_digit_candidates`, in the order their figures are found.
_DIGIT_RULES = (
    _DigitRule(_UNIT_FIGURE, "unit", _any_text, lambda t, m: not is_name(t, m)),
    _DigitRule(
        _PERCENT_FIGURE, "percent", lambda t, low: _PERCENT_CUE.search(low) is not None, _no_rank
    ),
    _DigitRule(_RATIO_FIGURE, "ratio", lambda t, low: _RATIO_CUE.search(t) is not None, _no_model),
    _DigitRule(_TIMES_FIGURE, "ratio", lambda t, low: _holds(low, _TIMES_WORDS)),
    _DigitRule(
        _PREFIX_TIMES_FIGURE, "ratio", lambda t, low: _PREFIX_TIMES_CUE.search(t) is not None
    ),
    _DigitRule(
        _CURRENCY_PREFIX,
        "currency",
        lambda t, low: _holds(t, _CURRENCY_PREFIX_NEEDLES),
        _priced_match,
    ),
    _DigitRule(
        _CURRENCY_SUFFIX,
        "currency",
        lambda t, low: _holds(t, _CURRENCY_SUFFIX_NEEDLES) or _holds(low, _CURRENCY_WORD_NEEDLES),
        _priced_match,
    ),
    _DigitRule(
        _RATE_FIGURE,
        "unit",
        lambda t, low: _latin(t) and _RATE_CUE.search(t) is not None,
        lambda t, m: _is_divisor(m["per"] or m["per_word"]),
    ),
    _DigitRule(
        _ACRONYM_RATE,
        "unit",
        lambda t, low: _holds(t, _ACRONYM_RATE_WORDS) or _holds(low, _FLOP_WORDS),
    ),
    _DigitRule(_NOUN_TIME, "unit", lambda t, low: _holds(low, _NOUN_TIME_WORDS)),
    _DigitRule(_DIMENSIONS, "unit", lambda t, low: _DIMENSIONS_CUE.search(t) is not None),
    _DigitRule(_SCALED_COUNT, "unit", lambda t, low: _holds(low, _SCALED_WORDS), _no_per_before),
    _DigitRule(_COUNT_RATE, "unit", lambda t, low: _holds(low, _A_PERIOD)),
    _DigitRule(
        _TOKEN_COUNT, "unit", lambda t, low: _TOKEN_WORD.search(t) is not None, _no_per_before
    ),
    _DigitRule(_OPEN_UNIT, "unit", lambda t, low: _latin(t), _open_unit),
)
#: The one rule for a text whose digits all end it: every match a figure, priced or not.
_PREFIX_ALONE = (
    _DigitRule(_CURRENCY_PREFIX, "currency", lambda t, low: _holds(t, _CURRENCY_PREFIX_NEEDLES)),
)


def _priced(text: str, start: int, end: int) -> bool:
    """A currency figure is a price; signed "Ft" or "ct" (feet, carats), only in a price's
    context (:data:`fxsite.pages.figure_vocab.PRICE_BEFORE`, ``PRICE_AFTER``)."""
    return (
        _LETTER_SIGN.search(text, start, end) is None
        or _PRICE_BEFORE.search(text, max(0, start - 60), start) is not None
        or _PRICE_AFTER.match(text, end) is not None
    )
