"""The detector's rules for figures people write without a unit symbol.

:mod:`fxsite.pages.figures` reads a number with a unit, a sign or a currency;
these rules read the other ways a figure is written (issue 22's families):

* multipliers: "reduced by 200 times", "1.9 times speedier", "1.9-times
  faster", "11 times cost reduction", "×3", "x2", "by a factor of five";
  "20 times" after a verb and before a stop ("saved 20 times.", "5 times a
  day") counts occurrences and is not one;
* fractions: "1/4 of Kafka", "1/11th", "½", and nines of availability
  ("five nines");
* shares: "3 out of 4 users", "Nine of ten runs", "4/5 runs", "94 per 100 runs";
* a unit said with "a"/"an" that a bound word or a comparative makes a value
  ("under a second", "an hour faster", "a minute and a half", "a day to an
  hour"), less than one ("sub-millisecond") and widths in digits ("single-digit
  millisecond", "double-digit gains");
* counts of work: a number before a noun that counts what a benchmark
  measures ("500 cycles", "4 tokens", "250,000 tokens") is a figure, that noun
  acting as its unit (:data:`COUNTED`; "500 errors" and "404 errors" are HTTP
  status codes; "Layer 7 packets", "PCIe 5.0 transactions" name a version:
  :mod:`fxsite.pages.label_numbers`). Counts of parts, people and
  configuration ("8 GPUs", "64 cores", "200 customers", "10,000 training
  steps") are not: they say what was measured, not what it did. After "per"
  the count is a unit's divisor ("$0.50 per 1M tokens"), not a figure;
* a score's difference ("12 points faster"); seconds in ASCII primes (``94''``,
  ``95"``, not a quotation's closing quote);
* lengths in feet and inches (``23′-5″``), a duration written as a clock
  (``took 8:37``; ``at 8:37`` is a time of day) or in several units (``1m30s``,
  ``1h 30m``; ``14h30`` is a time of day), a temperature with a bare
  letter (``at 400C``);
* Chinese scale words after Latin digits ("120萬", "1000亿", "30万亿"; not
  before a classifier that counts parts or people: "170亿个晶体管") and
  ranges of K and M amounts joined in Chinese ("200K到300K").

Every rule is linear, and each runs only where its cue, a cheap pattern every
match holds, is in the text (:data:`RULES`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from fxsite.evidence.numerals import INSIDE_GROUPS, NUMBER_WORDS, word_alternation
from fxsite.evidence.units import COUNTED as UNIT_NOUNS, COUNTED_AT_SCALE, RATING_SCALES
from fxsite.pages.change_amounts import change_candidates
from fxsite.pages.consolidation import CUE as CONSOLIDATION_CUE, consolidation_candidates
from fxsite.pages.direction import CHANGE_WORDS
from fxsite.pages.figure_phrases import phrase_candidates
from fxsite.pages.figure_vocab import (
    A_UNIT_BOUNDS,
    A_UNIT_COMPARED,
    A_UNIT_FOLLOWERS,
    A_UNITS,
    APPROX,
    DIGIT_CHANGES,
    FIGURE_COUNT_BEFORE,
    FIGURE_COUNT_NOUNS,
    MAG_UNIT,
    NUM,
    PEOPLE,
    POINTS_COMPARED,
    QUALIFIERS,
    SHARE_NOUNS,
    SIGN,
    SP,
    START,
    UPTIME_WORDS,
    VALUE,
    VULGAR_FRACTIONS,
)
from fxsite.pages.label_numbers import names_the_count
from fxsite.pages.lazyre import LazyPattern, holds as _holds, needles as _needles
from fxsite.pages.named_shares import CUE as NAMED_SHARE_CUE, named_share_candidates
from fxsite.pages.other_languages import (
    OTHER_DURATIONS,
    OTHER_DURATIONS_CUE,
    OTHER_TIMES,
    OTHER_TIMES_CUE,
    OTHER_TIMES_WORDS,
    OTHER_TIMES_WORDS_CUE,
)

__all__ = ["COUNTED", "family_candidates"]

_NUMBER_WORD = (
    r"(?i:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen"
    r"|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|hundred|thousand)"
)

# Words after "N times" that end its clause or start another: "saved 20 times.",
# "5 times a day", "5 times and report the median" count occurrences.
_OCCURRENCE_AFTER = (
    r"(?i:during|in|a|an|per|each|every|and|or|but|before|after|since|until|when|while|on|at"
    r"|to|for|with|without|daily|so|then|now|already|today|this|from|we|it|they|i|you|if"
    r"|because|out|of|by|within|last|next|total|overall|straight)\b"
)
# "N times" or "N-times", then the word after it ("3-times-faster": a hyphen joins one).
_TIMES = LazyPattern(
    rf"{VALUE}(?:{SP}+|-)(?i:times)\b(?P<after>{SP}+(?:{_OCCURRENCE_AFTER})|{SP}*(?!-[A-Za-z])[^\sA-Za-z]|{SP}*\Z)?"
)
_BY_BEFORE = re.compile(r"(?i:by)\s\Z")

# "by a factor of five", "a factor of 2.5", "by a factor 2" ("Factor 2 is" names one).
_FACTOR_OF = LazyPattern(
    rf"\b(?:(?i:an?){SP}+(?i:factor){SP}+(?:(?i:of){SP}+)?|(?i:factor){SP}+(?i:of){SP}+)"
    rf"(?:(?:[~≈]{SP}?)?{SIGN}?{NUM}|{_NUMBER_WORD})(?!\w)(?!\.\d)"
    # "Factor 10 faster": a factor before a comparison multiplies ("Factor 2 is" names one)
    rf"|\b(?i:factor){SP}+{NUM}(?!\w)(?!\.\d)(?={SP}+(?i:faster|slower|quicker|more|less"
    rf"|higher|lower|greater|larger|smaller|better|cheaper)\b)"
)

# A multiplier before its number: "×3", "× 8" (never a product of two numbers,
# "178 × 20", "(a − b) × 20").
_TIMES_SIGN_BEFORE = LazyPattern(
    rf"(?<![\w.])(?<![\d)][ \u00a0])×(?P<space>{SP})?{NUM}(?!\w)(?!\.\d)(?!{SP}*[×xX*]{SP}*\d)"
)
# Spaced, after punctuation or a word of prose ("by × 8", "drive, × 8", "It scales × 8"),
# never after an operand of a formula: a name ("speedup × 100", "E1.saves × 100"), a
# blanked claim ("[178 s](…) × 20") or another operator ("a ÷ b × 100").
_PROSE_BEFORE = re.compile(r"(?:[,;:(\[—–]|(?<=[A-Za-z,;:] )[A-Za-z]+)[ \u00a0]\Z")
# "x2" alone, lower-case ("X1" names a record or a product); "x86", "x64" and
# "x32" name architectures, "PCIe x16" a lane width, "H100 x8" a count of parts.
_X_BEFORE = LazyPattern(r"(?<![\w.])(?<![\d][ \u00a0])x(?P<n>\d{1,2}(?:\.\d+)?)(?!\w)(?!\.\d)")
_LANES_BEFORE = re.compile(
    r"(?i:pcie|gen\s?\d|lanes?|slots?|m\.2|u\.2|links?|width|ocp|nvlink|\b[A-Z]+\d+\w*)[\s:-]*\Z"
)
_LANES_AFTER = re.compile(r"\s*(?i:lanes?|links?|slots?|ports?|connectors?|cards?|mode|gpus?)\b")
_ARCHITECTURES = {"86", "64", "32"}

#: Nouns that count what a benchmark measures, as the unit vocabulary lists them,
#: and the ways prose writes a few of them.
COUNTED = (
    *(noun for noun, _ in UNIT_NOUNS),
    *("clock cycles", "CPU cycles", "page faults", "IOs", "round-trips", "FLOPs", "ops"),
)
_COUNTED = "|".join(re.escape(n) for n in sorted(COUNTED, key=lambda n: (-len(n), n)))
# What a share counts: work (:data:`~fxsite.pages.figure_vocab.SHARE_NOUNS`, ``COUNTED``).
_SHARED = "|".join(
    re.escape(n) for n in sorted({*COUNTED, *SHARE_NOUNS}, key=lambda n: (-len(n), n))
)

# Fractions in digits: "1/4 of Kafka", "1/11th", a share of work ("4/5 runs", "94/100 runs";
# "24/7" and "1/4" alone are not, nor a share of people, as in words: "3/4 of our customers").
_DIGIT_FRACTION = LazyPattern(
    rf"{START}(?:{APPROX})?(?!24/7)\d{{1,3}}/\d{{1,3}}"
    r"(?:(?i:st|nd|rd|th)\b|(?=\s+(?i:of|the|as|less|more|fewer|faster|slower|smaller|larger"
    rf"|lower|higher)\b)(?!\s+(?i:of)\s+(?:(?i:the|our|your|all)\s+)?(?i:{PEOPLE})\b)"
    rf"|(?=\s+(?i:{_SHARED})\b))"
)
# "Step 1/2 of the wizard", "page 3/10 of": a place in a sequence.
_PART_BEFORE = re.compile(
    r"(?i:step|page|part|slide|chapter|item|question|episode|round|stage|phase|lesson)\s\Z"
)
# A vulgar fraction is a number wherever it stands: "½", "1½" (with a unit, the
# unit rules read it whole: "1½ hours").
_VULGAR = LazyPattern(rf"(?<![\w.])(?:{APPROX})?\d*[{VULGAR_FRACTIONS}]")
# Availability in nines: "five nines", "11 nines", "5 9s of uptime", "availability of five
# 9's" ("5 9s of calls" counts nines).
_NINES = LazyPattern(
    r"(?P<cue>(?i:availability|uptime|durability|reliability)(?:\s+(?i:of|is|at))?:?\s+)?"
    rf"(?P<nines>\b(?:{_NUMBER_WORD}|\d{{1,2}})[\s-](?:(?i:nines)\b|9['’]?s\b(?(cue)|(?=\s+"
    r"(?:of\s+)?(?i:uptime|availability|durability|reliability)\b))))"
)

# A share in words: "N out of M" before what it counts ("3 out of 4 runs", "Three out of four
# users"); "one in three runs", "1 in 10 requests", "Nine in ten runs" (blind69: only "one in"
# was read), "Nine of ten runs", "94 per 100 runs"
# before work only: a share of people so written says who, as a count of people does ("1 in
# 4 plan to", "one in three customers"). "Top 3 out of 4.2" is a rating, "3 out of the 4
# options" a pick.
# The second number of a share: in digits, grouped or not ("1 in 1,000 jobs": blind88), or
# in words with a scale ("one in ten thousand writes", "one in a thousand restores").
_SHARE_OF = (
    rf"(?:(?:{_NUMBER_WORD}|(?i:a))(?:{SP}(?i:hundred|thousand|million))?"
    r"|\d{1,3}(?:,\d{3})+|\d{1,4})"
)
_SHARE = LazyPattern(
    rf"\b(?<![.,])(?:(?:{_NUMBER_WORD}|\d{{1,3}}(?:\.\d{{1,2}})?){SP}(?i:out){SP}(?i:of){SP}"
    rf"(?:{_NUMBER_WORD}|\d{{1,4}})"
    r"\b(?![.,:/]\d)(?=\s+[a-z])"
    rf"|(?:(?:{_NUMBER_WORD}|\d{{1,3}}){SP}(?i:in|of|per)"
    rf"|\d{{1,4}}{SP}(?i:per)){SP}{_SHARE_OF}\b(?![.,:/]\d)"
    rf"(?=\s+(?i:{_SHARED})\b))"
)
_COUNT = LazyPattern(
    rf"{VALUE}(?:{MAG_UNIT})?(?:{SP}|-)(?:(?i:output|input|prompt|generated|more|fewer|extra)"
    rf"{SP}|{QUALIFIERS})?(?i:{_COUNTED})(?![\w/])"
)
# "500 errors", "404 errors": HTTP status codes name the errors.
_STATUS_ERRORS = re.compile(r"[45]\d\d[ \u00a0-](?i:errors?)")
_PER_BEFORE = re.compile(r"(?i:per)\s+\Z|/\s*\Z")

# A unit said with "a"/"an", a value after a bound word ("under a second", "within a
# millisecond", "nearly a minute") or before a comparative ("an hour faster", "a grand
# less", "a couple of minutes less"); "a minute and a half" (or "a minute-and-a-half"), "a
# minute and change" (a little over one), "a day to an hour". Alone, "an hour" and "a couple
# of minutes" are vague, "a second look" an ordinal, and "an hour and a half later" tells
# when. Its words: :data:`~fxsite.pages.figure_vocab.A_UNITS` and the lists
# after it.
_A_UNITS = word_alternation(A_UNITS)
_AN = rf"(?i:an?){SP}+(?i:{_A_UNITS})"
_JOIN = rf"(?:{SP}+|-)"
_UNITS_PLURAL = word_alternation(u if u.endswith("s") else f"{u}s" for u in A_UNITS)
# "and a half", "and a quarter", "and three quarters" (blind88: "an hour and a quarter")
_AND_A_HALF = (
    rf"{_JOIN}(?i:and){_JOIN}(?:(?i:a){_JOIN}(?i:half|quarter)|(?i:three){_JOIN}(?i:quarters))\b"
)
_A_UNIT = LazyPattern(
    # the bound's whole value: "under a minute and a half", not "under a minute" (blind87)
    rf"\b(?:(?:{APPROX}|(?i:{word_alternation(A_UNIT_BOUNDS)}){SP}+){_AN}(?:{_AND_A_HALF})?"
    rf"(?=\s*(?:[.,;:!?)]|\Z)|\s+(?i:{word_alternation(A_UNIT_FOLLOWERS)}))"
    rf"|{_AN}(?={SP}+(?i:{word_alternation(A_UNIT_COMPARED)}))"
    rf"|{_AN}{_AND_A_HALF}(?!{SP}+(?i:later|earlier|ago|after)\b)"
    # a unit and a number of a smaller one: "an hour and forty-five minutes" (blind88: read
    # as "forty-five minutes")
    rf"|{_AN}{SP}+(?i:and){SP}+(?:{_NUMBER_WORD}|\d{{1,2}})(?:-{_NUMBER_WORD})?{SP}+"
    rf"(?i:minutes|seconds|hours)\b(?!{SP}+(?i:later|earlier|ago|after)\b)"
    rf"|{_AN}{SP}+(?i:and){SP}+(?i:change)\b(?!{SP}+(?i:of|in|to)\b)"
    rf"|\b(?i:a){SP}+(?i:couple){SP}+(?:(?i:of){SP}+)?(?i:{_UNITS_PLURAL})"
    rf"(?={SP}+(?i:{word_alternation(A_UNIT_COMPARED)}))"
    rf"|{_AN}{SP}+(?i:to){SP}+{_AN}\b)"
)
# A time said with "a"/"an" before and after a change: "Restores that took a day now take an
# hour" (blind88), as "Checkpoints that took 178 now take 94" states two figures.
_TOOK_NOW = LazyPattern(
    rf"\b(?i:took|needed|required|lasted){SP}+(?P<a>{_AN})\b[^.;!?]{{0,40}}?\b(?i:now){SP}+"
    rf"(?i:take|takes|need|needs|last|lasts|require|requires){SP}+(?:(?i:just|only){SP}+)?"
    rf"(?P<b>{_AN})\b"
)
# Less than one unit: "sub-millisecond", "subsecond" (not money: "sub-dollar" names a class).
_SUB_UNIT = LazyPattern(
    rf"\b(?i:sub)-?(?i:{word_alternation(u for u in A_UNITS if u.endswith(('second', 'minute', 'hour')))})\b"
)
# A number of one, two or three digits: "single-digit millisecond latency", "double-digit
# gains", "grew by double digits" (:data:`~fxsite.pages.figure_vocab.DIGIT_CHANGES`; "a double-digit code" names one).
_TIME_WORDS = "nanoseconds?|microseconds?|milliseconds?|seconds?|minutes?|hours?|percent"
_DIGITS_WIDE = LazyPattern(
    rf"\b(?i:single|double|triple)[- ](?i:digits?)"
    rf"(?:{SP}(?i:{_TIME_WORDS})\b|(?={SP}(?i:{word_alternation(DIGIT_CHANGES)})))"
    # a change by so many digits: "improved by double digits" (blind88), as "double-digit
    # gains"
    rf"|(?<=\b(?i:by){SP})(?i:single|double|triple)[- ](?i:digits)\b"
)

# A price by its count of digits: "a seven-figure saving", "costs six figures" ("six figures
# show the results" counts illustrations; :data:`~fxsite.pages.figure_vocab.FIGURE_COUNT_NOUNS`).
_FIGURE_COUNT = r"(?i:five|six|seven|eight|nine|ten)"
_FIGURES_WIDE = LazyPattern(
    rf"\b{_FIGURE_COUNT}-(?i:figure)(?={SP}(?:[A-Za-z]+{SP})?(?i:{word_alternation(FIGURE_COUNT_NOUNS)}))"
    r"|(?:"
    + "|".join(rf"(?<=\b(?i:{word}){SP})" for word in FIGURE_COUNT_BEFORE)
    + rf")(?:(?i:low|mid|high)[- ])?{_FIGURE_COUNT}{SP}(?i:figures)\b"
)

# Feet and inches: "23′-5″", "6′", "19.5″", and "23'-5\"" in ASCII.
_FEET_INCHES = LazyPattern(
    rf"{START}\d+(?:\.\d+)?′(?:{SP}?-?{SP}?\d+(?:\.\d+)?″)?|{START}\d+(?:\.\d+)?″"
    rf"|{START}\d+'{SP}?-?{SP}?\d+(?:\.\d+)?\""
)
# Seconds (or inches) in ASCII primes: "94''", '95"' (a double quote that closes a quotation,
# '"Windows 95"', is not one: see :func:`_primes`).
_PRIMES = LazyPattern(rf"{START}\d+(?:\.\d+)?(?:''|\")(?![\w\"'])")
# A score's difference: "12 points faster", "3 pts higher"; a share's change in points
# after a word of change: "Bubble share falls by 4.7 points.", "Utilization rose 12 points."
# (blind70; "12 points" alone counts items).
_POINTS = LazyPattern(
    rf"{VALUE}{SP}(?i:points?|pts)(?={SP}+(?i:{word_alternation(POINTS_COMPARED)}))"
)
_POINTS_CHANGED = LazyPattern(
    rf"(?<![\w-])(?i:{word_alternation(sorted(CHANGE_WORDS))})(?:{SP}(?i:by))?{SP}"
    rf"(?P<figure>{VALUE}{SP}(?i:points?|pts)\b)"
)
# A percent sign before its number, as Turkish writes it: "%8 faster", "%94,5" ("%8d", a
# format, and "a%20b", an escape, are not).
_PERCENT_FIRST = LazyPattern(r"(?<![\w%])%(?:[ \u00a0])?\d{1,3}(?:[.,]\d{1,3})?(?![\w%.,]\d|[\w%])")
# A rate with no noun counted: "94 per second", "94/s", "94 per minute", "94/min" (a
# count per a unit of time; "3 per day", "24/7" and "2 per user" state none).
_BARE_RATE = LazyPattern(
    rf"{VALUE}(?:{SP}?/{SP}?(?:s|sec|min|h|hr)|{SP}(?i:per){SP}(?i:second|sec|minute|min|hour|hr))"
    r"(?![A-Za-z0-9_/])"
)
# A duration written as a clock, after a word that times something: "took 8:37",
# "a time of 1:02:15", "completes in 1:34, against 2:58" ("at 8:37" is a time of day).
_CLOCK_DURATION = LazyPattern(
    r"\b(?i:took|takes|take|taking|lasted|lasts|finished\s+in|completed\s+in|done\s+in|time\s+of"
    r"|duration\s+of|runtime\s+of|elapsed|clocked|record\s+of|in|against|versus|vs\.?"
    # a run's length: "ran for 01:34:20" (blind20)
    r"|(?:ran|run|runs|running|trained|training|lasted|lasting)\s+for)\s+"
    rf"(?P<figure>(?:{APPROX})?\d{{1,3}}:\d{{2}}(?::\d{{2}})?(?:\.\d+)?)(?![\d:])"
    r"(?!\s?(?i:am|pm|a\.m\.|p\.m\.)\b)"  # "takes 10:30 am" is a time of day
)
# A duration in several units, largest first: "1m30s", "2h30m", "1h 30m", "1 hr 30 min",
# "3d 4h 12m" ("14h30" is a time of day: its minutes have no unit).
_D_PART = rf"\d{{1,4}}{SP}?d"
_H_PART = rf"\d{{1,4}}{SP}?(?:hrs?|h)"
_M_PART = rf"\d{{1,4}}{SP}?(?:mins?|m)"
_S_PART = rf"\d{{1,4}}(?:\.\d+)?{SP}?(?:secs?|s)"
_COMPOUND_DURATION = LazyPattern(
    rf"""{START}(?:{APPROX})?
    (?:{_D_PART}(?:{SP}?{_H_PART}(?:{SP}?{_M_PART})?(?:{SP}?{_S_PART})?
                  |{SP}?{_M_PART}(?:{SP}?{_S_PART})?|{SP}?{_S_PART})
      |{_H_PART}(?:{SP}?{_M_PART}(?:{SP}?{_S_PART})?|{SP}?{_S_PART})
      |{_M_PART}{SP}?{_S_PART})
    (?![A-Za-z0-9_])""",
    re.VERBOSE,
)
# A duration in ISO 8601: "PT1M35S", "PT2H", "P1DT12H" (with its time part: "P100D" is a car).
_ISO_DURATION = LazyPattern(
    r"(?<![A-Za-z0-9_])P(?:\d{1,4}[YMWD]){0,4}T(?=\d)(?:\d{1,4}H)?(?:\d{1,4}M)?"
    r"(?:\d{1,4}(?:[.,]\d+)?S)?(?![A-Za-z0-9_])"
)
# A temperature with a bare letter after a word that places it: "runs at 400C".
_BARE_DEGREES = LazyPattern(
    r"\b(?i:at|to|from|of|below|above|reaches|reached|hits|exceeds|over|under)\s+"
    rf"(?P<figure>(?:{APPROX})?{SIGN}?\d{{1,4}}(?:\.\d+)?[CF])(?![\w°])(?!/\d)"  # "16C/32T": cores
)

# A change of temperature said with its comparative: "10 degrees cooler", "10 K cooler", "5
# °C warmer" (blind69: passed, where "温度降低10度" was refused); "10 degrees" alone may be
# an angle, "a 10 K bonus" thousands.
_DEGREES_COOLER = LazyPattern(
    rf"{START}(?:{APPROX})?\d{{1,4}}(?:\.\d+)?{SP}?(?:(?i:degrees?|deg)(?:{SP}(?i:C|F|Celsius"
    r"|Fahrenheit|centigrade))?|°[CF]?|℃|℉|K)"
    rf"(?={SP}(?i:cooler|warmer|hotter|colder)\b)"
)

# A Chinese capacity or work by its order (blind90), as "hundreds of terabytes" and "millions
# of files" are: "数百TB", "几十PB", "上百万IOPS", "千万级文件", "百万级IOPS"; not a count of people ("数百名员工",
# "千万级用户"), nor a time or a multiple so vague ("数小时", "数倍"), as "several hours" is not.
_CJK_ORDER = LazyPattern(
    # spaced too, and with a scale between: "数百 TB", "上百万IOPS", "几十万IOPS" (blind91)
    r"(?:十几|几十|几百|几千|数十|数百|数千|上百|上千|数|几)(?:个)?(?:万|亿)?[ \u00a0]?(?:TB|PB|GB|EB|IOPS)"
    r"|(?:千万|百万|十亿|亿|万)级(?:的)?(?:小文件|文件|对象|IOPS|请求|并发|事务|查询)"
)
# Chinese scale words after Latin digits, spaced or not: "120萬", "1000亿", "30 万亿",
# "超过10亿次"
# (an amount, or a count of events). A classifier after it counts parts or
# people ("170亿个晶体管", "8,000万人次", "10亿条向量"), as "8 GPUs" does, unless what
# it counts is work ("10亿个文件", "5000万个请求").
_CJK_SCALE = LazyPattern(
    rf"(?<![A-Za-z0-9_.]){INSIDE_GROUPS}(?:{APPROX})?{NUM}{SP}?(?:万亿|萬億|亿|億|万|萬)(?:余|多)?次?"
    # what is counted at scale is work, as "100 billion files" is: "10亿个文件" (blind40)
    r"(?![个個](?!小?文件|对象|對象|请求|請求|事务|事務|查询|查詢|操作))"
    r"(?![条條人名架家台张張块塊颗顆位款种種项項部辆輛篇件行户戶只]|用户|用戶|客户|员工)"
)
# K and M amounts joined by a Chinese range word: "200K到300K", "1M至2M".
_CJK_SCALED_RANGE = LazyPattern(
    rf"(?<![A-Za-z0-9_.]){NUM}[kKM](?:到|至|～|~){NUM}[kKM](?![A-Za-z0-9_])"
    r"(?!视频|分辨率|屏|显示|电视|画质)"  # "4K到8K视频": resolutions
)

#: What a share's first number is written as: a digit, or a number word from a word's start.
_SHARE_FIRST = (
    r"\d",
    *(rf"\b{word}" for word in _NUMBER_WORD.removeprefix("(?i:").removesuffix(")").split("|")),
)
#: The cue of _SHARE: "out of", or " of ", " in " or " per " after a :data:`_SHARE_FIRST`.
#: Written from the space on, the re engine tries the look-behinds only at a space before
#: one of the words (a cue that starts with them is tried at every character): the same
#: texts hold it, read in a fourth of the time.
_SHARE_CUE = re.compile(
    "out of| (?=(?:of|in|per) )(?:" + "|".join(f"(?<={first} )" for first in _SHARE_FIRST) + ")",
    re.I,
)
_DIGIT = rf"[\d{VULGAR_FRACTIONS}]"
# Scores without a unit (blind66): a rating ("rated 4.8/5", "4.5/5 stars", "rated 4.8
# stars"), a Net Promoter Score ("an NPS of 72", "+45 NPS"), and a share of uptime
# written without its sign ("a 99.9 uptime SLA", "availability of 99.95"). Not "rated
# for 5 years", "100 availability zones", "NPS 2" (a product), "99 percent" (read whole).
_RATED = LazyPattern(
    # blind70: "Customers rate us 4.8 out of 5.", "Users give it …", "It gets 4.6/5.",
    # "Its score is 4.8/5." ended a sentence unread
    rf"\b(?i:rated|rating\s+of|rates|scored|scores|score\s+(?:of|is)|rating:|score:"
    rf"|rate{SP}(?:us|it|them)|gives?{SP}(?:us|it|them)|gets|got|earn(?:s|ed)?)\s+"
    rf"(?P<figure>(?:{APPROX})?\d{{1,3}}(?:\.\d{{1,2}})?(?:{SP}?/{SP}?|{SP}(?i:out{SP}of){SP})"
    rf"\d{{1,3}}\b(?![./,]\d)"
    rf"|\d(?:\.\d{{1,2}})?(?:{SP}|-)(?i:stars?)\b)"
)
_RATING_AFTER = LazyPattern(
    rf"(?<![\w./])\d(?:\.\d{{1,2}})?{SP}?/{SP}?(?:{'|'.join(RATING_SCALES)})\b(?![./]\d)"
    rf"(?={SP}(?i:stars?|rating|score|overall|average)\b)"
    rf"|(?<![\w./])\d(?:\.\d)?-(?i:star)\b(?={SP}(?i:rating|reviews?|average)\b)"
    # a decimal out of a rating's scale, or in stars, is a rating wherever it stands:
    # "Rated 4.8 out of 5", "4.8 stars on G2." (a share counts whole things: "3 out of 4")
    rf"|(?<![\w./])\d\.\d{{1,2}}{SP}(?i:out{SP}of){SP}(?:{'|'.join(RATING_SCALES)})\b(?![.,]\d)"
    rf"|(?<![\w./])\d\.\d{{1,2}}{SP}(?i:stars?)\b"
)
_NPS = LazyPattern(
    rf"\b(?:NPS|(?i:net{SP}promoter{SP}score))"  # then "score", "of", "is" … or ":"
    rf"(?:(?:{SP}(?i:score))?(?:{SP}(?i:of|is|at|was|reached|hit|above|over)|:)|{SP}(?i:score)){SP}"
    rf"(?P<figure>[+-]?\d{{1,3}})\b(?![.,]\d|{SP}?%)"
)
_NPS_AFTER = LazyPattern(rf"(?<![\w./])[+-]?\d{{1,3}}(?={SP}NPS\b)")
_UPTIME_WORDS = f"(?i:{'|'.join(UPTIME_WORDS)})"
_PLAIN_NINES = LazyPattern(
    rf"(?<![\w.,])(?:{APPROX})?(?:9\d(?:\.\d{{1,6}})?|100(?:\.0+)?)"
    rf"(?={SP}{_UPTIME_WORDS}\b(?!{SP}(?i:zones?|sets?|groups?|domains?|regions?|checks?)\b)"
    rf"|{SP}(?:(?i:percent){SP})?SLA\b)"
)
_UPTIME_OF = LazyPattern(
    rf"\b(?:{_UPTIME_WORDS}|SLA)(?:{SP}(?i:of|is|at|was))?:?{SP}"
    rf"(?:(?i:up{SP}to|at{SP}least|over){SP})?(?P<figure>9\d\.\d{{1,6}})\b"
    rf"(?![.,]?\d|{SP}?%|{SP}(?i:percent|per{SP}cent))"
)
# A count made smaller, of anything (blind69): "4 fewer nodes", "two fewer racks" say what a
# setup saved, as "4 nodes" does not; "one fewer thing to worry about" is an idiom, and
# "fewer than 4 nodes" bounds a count of parts.
_FEWER = LazyPattern(
    rf"{START}(?P<figure>{NUM}|\b(?i:{word_alternation(w for w in NUMBER_WORDS if w.isascii() and w != 'one')}))"
    rf"{SP}(?i:fewer)\b"
)
# Work or capacity by the order of its amount (blind88): "Millions of IOPS", "hundreds of
# terabytes", "tens of thousands of small files", as "1 million connections" and "an order of
# magnitude" are figures; "thousands of customers" says who, and "hundreds of times faster" is
# read as a multiplier.
_MANY_NOUNS = word_alternation(
    (
        *(noun for noun, _ in UNIT_NOUNS),
        *(noun for noun, _ in COUNTED_AT_SCALE),
        *("IOPS", "terabytes", "petabytes", "exabytes", "gigabytes", "TB", "PB", "EB", "GB"),
    )
)
_MANY_OF = LazyPattern(
    rf"\b(?:(?i:tens|hundreds){SP}+(?i:of){SP}+)?(?i:hundreds|thousands|millions|billions"
    rf"|trillions){SP}+(?i:of){SP}+(?:(?i:small|random|concurrent|metadata|parallel){SP}+)?"
    rf"(?i:{_MANY_NOUNS})"
)
_SCORE_CUE = re.compile("rat|scor|star|out of|give|get|got|earn", re.I)
_NPS_CUE = re.compile("nps|promoter", re.I)
_UPTIME_CUE = re.compile("|".join((*UPTIME_WORDS, "sla")), re.I)
#: (rule, group of the figure, kind, cue): the cue is a cheap pattern every match
#: of the rule holds, looked for first (a cue that ignores case, ``re.I``, in the
#: case-folded text: the rules that ignore case); most paragraphs have none.
RULES: tuple[tuple[re.Pattern[str] | LazyPattern, str | int, str, re.Pattern[str]], ...] = (
    (_FACTOR_OF, 0, "ratio", re.compile("factor", re.I)),
    (_VULGAR, 0, "number-word", re.compile(f"[{VULGAR_FRACTIONS}]")),
    (_NINES, "nines", "percent", re.compile("nines|9s|9's|9’s", re.I)),
    (_SHARE, 0, "percent", _SHARE_CUE),
    # Its words without their boundaries (the rule reads them): compiled in a tenth of the time.
    (_A_UNIT, 0, "number-word", re.compile(rf"\ban? (?:{'|'.join(A_UNITS)})|\ba couple", re.I)),
    (_SUB_UNIT, 0, "number-word", re.compile("sub", re.I)),
    (_DIGITS_WIDE, 0, "number-word", re.compile("digit", re.I)),
    (_FIGURES_WIDE, 0, "number-word", re.compile("figure", re.I)),
    (_FEET_INCHES, 0, "unit", re.compile(r"\d['′″]")),
    (_POINTS, 0, "unit", re.compile(r"\d[ \u00a0\u2009\u202f]p(?:oin)?ts?", re.I)),
    (_POINTS_CHANGED, "figure", "unit", re.compile(r"\d[ \u00a0\u2009\u202f]p(?:oin)?ts?", re.I)),
    (_BARE_RATE, 0, "unit", re.compile(r"\d[ \u00a0\u2009\u202f]?(?:/|per\b)", re.I)),
    (_PERCENT_FIRST, 0, "percent", re.compile(r"%[ \u00a0]?\d")),
    (_CLOCK_DURATION, "figure", "unit", re.compile(r"\d:\d")),
    (
        _COMPOUND_DURATION,
        0,
        "unit",
        re.compile(r"\d[ \u00a0\u2009\u202f]?[dhm][a-z]{0,3}[ \u00a0\u2009\u202f]?\d"),
    ),
    (_ISO_DURATION, 0, "unit", re.compile(r"T\d")),
    (_BARE_DEGREES, "figure", "unit", re.compile(r"\d[CF]")),
    (_DEGREES_COOLER, 0, "unit", re.compile("cooler|warmer|hotter|colder", re.I)),
    (_CJK_SCALE, 0, "unit", re.compile(f"{_DIGIT}{SP}?(?:万|萬|亿|億)")),
    (_CJK_ORDER, 0, "number-word", re.compile("[数几上十]|级")),
    (_CJK_SCALED_RANGE, 0, "unit", re.compile(f"[kKM](?:到|至|～|~){_DIGIT}")),
    (OTHER_TIMES, 0, "ratio", OTHER_TIMES_CUE),
    (OTHER_TIMES_WORDS, 0, "ratio", OTHER_TIMES_WORDS_CUE),
    (OTHER_DURATIONS, 0, "number-word", OTHER_DURATIONS_CUE),
    (_RATED, "figure", "ratio", _SCORE_CUE),
    (_RATING_AFTER, 0, "ratio", _SCORE_CUE),
    (_NPS, "figure", "unit", _NPS_CUE),
    (_NPS_AFTER, 0, "unit", _NPS_CUE),
    (_PLAIN_NINES, 0, "percent", _UPTIME_CUE),
    (_UPTIME_OF, "figure", "percent", _UPTIME_CUE),
    (_FEWER, "figure", "unit", re.compile("fewer", re.I)),
    (_MANY_OF, 0, "number-word", re.compile("hundreds|thousands|illions", re.I)),
    (_TOOK_NOW, "a", "number-word", re.compile("now", re.I)),
    (_TOOK_NOW, "b", "number-word", re.compile("now", re.I)),
)
#: The rules whose cue holds a digit (or a vulgar fraction): text without one is read
#: by the others alone, in the same order (tests/test_figures_shortcuts.py holds them to it).
_DIGIT_RULES = (
    *(_VULGAR, _FEET_INCHES, _POINTS, _POINTS_CHANGED, _BARE_RATE, _PERCENT_FIRST, _CLOCK_DURATION),
    _COMPOUND_DURATION,
    _ISO_DURATION,
    *(_BARE_DEGREES, _CJK_SCALE, _CJK_SCALED_RANGE, OTHER_TIMES),
    # their cues are words, but every match holds a digit
    *(_RATED, _RATING_AFTER, _NPS, _NPS_AFTER, _PLAIN_NINES, _UPTIME_OF, _DEGREES_COOLER),
)
WORD_RULES = tuple(rule for rule in RULES if rule[0] not in _DIGIT_RULES)
_TIMES_CUE = re.compile("times")
_X_CUE = re.compile(r"x\d")
_FRACTION_CUE = re.compile(r"\d/\d")
_PRIMES_CUE = re.compile(r"\d(?:''|\")")
#: What every count holds (its noun's last word, lower-cased).
_COUNT_NEEDLES = _needles(*(n.split()[-1].split("-")[-1].lower() for n in COUNTED))

#: ``re.I`` as a plain int: ``flags & re.I`` goes through the enum's Python code.
_IGNORECASE = int(re.IGNORECASE)


def family_candidates(text: str, low: str, *, digit: bool) -> Iterator[tuple[int, int, str]]:
    """(start, end, kind) of every figure these rules find in ``text``.

    ``low`` is ``text`` case-folded as :func:`fxsite.pages.figure_rules.candidates`
    folds it, for the case-insensitive rules' cues. ``digit``: whether ``text``
    holds a digit or a vulgar fraction; without one, only the rules that read
    number words run (every other rule's cue, and its number, holds one).
    """
    last: re.Pattern[str] | None = None
    held = False
    for pattern, group, kind, cue in RULES if digit else WORD_RULES:
        if cue is not last:  # rules that share a cue follow each other: looked for once
            last, held = cue, _holds(low if cue.flags & _IGNORECASE else text, cue)
        if held:
            for match in pattern.finditer(text):
                yield match.start(group), match.end(group), kind
    if _holds(text, CONSOLIDATION_CUE):  # digits or words: "Replaces four racks with one"
        yield from consolidation_candidates(text)
    if _holds(low, NAMED_SHARE_CUE):  # "The failure rate was one in a thousand": words
        yield from named_share_candidates(text)
    yield from change_candidates(text, low, digit=digit)  # "cut stalls to a tenth": words
    if not digit:
        return
    if "×" in text:
        yield from _times_sign(text)
    if _holds(low, _TIMES_CUE):
        yield from _times(text)
    if _holds(text, _X_CUE):
        yield from _x_before(text)
    if _holds(text, _FRACTION_CUE):
        yield from _fractions(text)
    if _holds(low, _COUNT_NEEDLES):
        yield from _counts(text)
    if _holds(text, _PRIMES_CUE):
        yield from _primes(text)
    yield from phrase_candidates(text, low)


#: A number with a fraction ("2.5", "2,5"; not "1,000"): no count of occurrences.
_FRACTIONAL = re.compile(r"\d\.\d|\d,\d{1,2}(?!\d)|[½¼¾⅓⅔]")


def _times(text: str) -> Iterator[tuple[int, int, str]]:
    """ "N times" as a ratio: always after "by" or with a fraction ("It got 2.5 times."),
    elsewhere unless occurrences are counted."""
    for match in _TIMES.finditer(text):
        end = match.start("after") if match["after"] is not None else match.end()
        if (
            match["after"] is None
            or _BY_BEFORE.search(text, max(0, match.start() - 3), match.start())
            or _FRACTIONAL.search(text, match.start(), end)
        ):
            yield match.start(), end, "ratio"


def _times_sign(text: str) -> Iterator[tuple[int, int, str]]:
    for match in _TIMES_SIGN_BEFORE.finditer(text):
        if match["space"] is None or _PROSE_BEFORE.search(
            text, max(0, match.start() - 24), match.start()
        ):
            yield match.start(), match.end(), "ratio"


def _x_before(text: str) -> Iterator[tuple[int, int, str]]:
    for match in _X_BEFORE.finditer(text):
        if match["n"] in _ARCHITECTURES or _LANES_AFTER.match(text, match.end()):
            continue
        if _LANES_BEFORE.search(text, max(0, match.start() - 16), match.start()):
            continue
        yield match.start(), match.end(), "ratio"


def _fractions(text: str) -> Iterator[tuple[int, int, str]]:
    for match in _DIGIT_FRACTION.finditer(text):
        if not _PART_BEFORE.search(text, max(0, match.start() - 12), match.start()):
            yield match.start(), match.end(), "ratio"


def _counts(text: str) -> Iterator[tuple[int, int, str]]:
    for match in _COUNT.finditer(text):
        if _PER_BEFORE.search(text, max(0, match.start() - 6), match.start()):
            continue
        if _STATUS_ERRORS.fullmatch(match.group()):
            continue
        if names_the_count(text, match.start()):
            continue  # "Layer 7 packets", "PCIe 5.0 transactions": a version's number
        yield match.start(), match.end(), "unit"


def _primes(text: str) -> Iterator[tuple[int, int, str]]:
    quotes, counted = 0, 0  # the quotation marks before ``counted``, each counted once
    for match in _PRIMES.finditer(text):
        if match.group().endswith('"'):
            quotes += text.count('"', counted, match.start())
            counted = match.end()
            if quotes % 2:
                quotes += 1
                continue  # the quote closes a quotation: '"Windows 95"'
        yield match.start(), match.end(), "unit"
