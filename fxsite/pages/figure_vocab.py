"""The vocabulary and regex pieces of the bare-figure detector.

:mod:`fxsite.pages.figures` builds its rules from these: the unit names
(fxsite's vocabulary, Chinese units, units prose uses that records do not),
currency signs and codes, and the pieces every rule shares (where a figure
starts and ends, a number, a sign, approximation words, ranges, scale words).
Every piece is linear: no nested unbounded repetition.
"""

from __future__ import annotations

import re
import unicodedata

from fxsite.evidence.numerals import (
    INSIDE_GROUPS,
    PRICE_WORDS,
    alternation,
    korean_magnitude,
    tree_alternation,
    word_alternation,
)
from fxsite.evidence.units import (
    COUNT_RATES,
    COUNTED,
    COUNTED_AT_SCALE,
    KANA_HANGUL_CURRENCY,
    UNITS,
    is_cjk,
)
from fxsite.pages.cjk_figures import CJK_UNITS, DIGIT_ONLY_UNITS
from fxsite.pages.lazyre import LazyPattern


def _is_word(name: str) -> bool:
    # Spelled-out words ("seconds", "per cent") are matched case-insensitively
    # ("23 Minutes" in a title); symbols are not, because Gb and GB differ. Only ASCII
    # words: another script's ("секунд") is matched as written, as a symbol is (a tree
    # of names under IGNORECASE chooses as the list does only for lowercase ASCII).
    return (
        len(name) >= 3
        and name.isascii()
        and all((c.isalpha() and c.islower()) or c == " " for c in name)
    )


def _has_cjk(name: str) -> bool:
    return any(is_cjk(c) for c in name)


def _unit_names() -> tuple[set[str], set[str]]:
    """(symbols, words) of every unit that takes a plain number before it."""
    symbols: set[str] = set()
    words: set[str] = set()
    for unit in UNITS.values():
        if unit.dimension.split("/")[0] in {"percent", "currency", "count", "rating"}:
            continue  # each has its own rule below (a rating: "rated 4.8/5", not "step 4/5")
        for name in (unit.symbol, *unit.aliases):
            if unit.dimension == "ratio" and not _has_cjk(name):
                continue  # "1.9x" has its own rule; "1.9倍" is a unit like "178秒"
            if name in COUNT_RATES:
                continue  # read by COUNT_RATE and the rule for rates per a unit
            (words if _is_word(name) else symbols).add(name)
    return symbols, words


SYMBOLS, WORDS = _unit_names()
# Units written in Chinese after a number ("178秒", "3分钟", "2.3亿元", "1.9倍"),
# and a few the record vocabulary does not need.
#: Sizes in slang ("94 gigs"); after a number in words only as a rate ("six gigs per
#: second": :mod:`.figure_rules`): "six gigs" alone may be concerts.
SIZE_SLANG = ("gigs", "gig", "megs", "meg")
# Units of prose that records do not need and pint does not spell this way.
EXTRA_SYMBOLS = {
    *[
        "V",
        "mV",
        "kV",
        "dB",
        "dBA",
        "dBm",
        "RPM",
        "bps",
        "Kbps",
        "kbps",
        "nits",
        "yrs",
        "µm",
        "μm",
        "m²",
        "km²",
        "ft²",
        "cm²",
        "m³",
        "MP",
        "L",
        "TEU",
        "ppm",
        "ppb",
        "mpg",
        "gal",
        "N·m",
        "Nm",
        "ppi",
        "dpi",
        "cd/m²",
        "cd/m2",
        "°",  # an angle: "视角178°", "a 120° field of view"
    ],
    # Squares and cubes as read with their exponent folded to a digit ("94 m²" is "94 m2").
    *["m2", "km2", "cm2", "ft2", "m3"],
    # Sizes and scales in slang: "94 gigs", "94 megs" (:data:`SIZE_SLANG`); an amount in a
    # financial scale abbreviation ("94 bn", "94 mn", "94 mln", "94 MM") or the Indian scale
    # words ("94 lakh", "94 crore").
    *SIZE_SLANG,
    *["bn", "mn", "mln", "mil", "MM", "lakh", "lakhs", "crore"],
    "crores",
    "megapixels",
    "sq ft",
    "sq m",
    "square feet",
    "square metres",
    "square meters",
    "basis points",
    "degrees Celsius",
    "degrees Fahrenheit",
}
# Percent in the other languages an English page quotes ("96 Prozent", "96 pour cent"; their
# units of time are the record vocabulary's aliases, fxsite.evidence.units), and units glued
# to digits in Japanese and Korean ("98ミリ秒", "3割" for 30%, "1.9배", "97초").
OTHER_LANGUAGE_WORDS = {
    *("prozent", "pour cent", "por ciento", "por cento", "per cento", "procent", "persen"),
}
OTHER_LANGUAGE_SYMBOLS = {
    *(
        "割",
        "배",
        "퍼센트",
        "パーセント",
    ),  # their units of time are the record vocabulary's aliases
    *("सेकंड", "सेकेंड", "मिलीसेकंड", "मिनट", "घंटे", "घंटा"),
    *("วินาที", "มิลลิวินาที", "นาที", "ชั่วโมง"),
    *("процентов", "процента", "процент", "درصد"),  # percent in Russian and Persian
}
# The CJK squared unit letters, one character each: "94㎳" is "94ms" as NFKC folds it
# ("㎞", "㎐", "㏈", "㎲", "㎏", "㏄", "㎧"); the squares of no unit are left out.
_SQUARED_NOT_UNITS = {"a.m.", "p.m.", "Co.", "KK", "LTD", "ln", "log", "PR", "PH"}
SQUARED_UNITS = {
    chr(code)
    for code in (*range(0x32CC, 0x32D0), *range(0x3371, 0x33E0))
    if not _has_cjk(folded := unicodedata.normalize("NFKC", chr(code)))
    and folded not in _SQUARED_NOT_UNITS
}
CURRENCIES = [u for u in UNITS.values() if u.dimension == "currency"]
# Prose prices in more currencies than records use.
CURRENCY_SIGNS = {n for u in CURRENCIES for n in (u.symbol, *u.aliases) if not n.isalpha()} | {
    "₹",
    "₩",
    "HK$",
    "A$",
    "C$",
    "S$",
    "NT$",
    "NZ$",
    "MX$",
    "R$",
    "CA$",
    "₽",
    "Rs.",  # "Rs. 300"
}
# Every currency symbol of Unicode (category Sc: "₪", "฿", "₿", "﹩"; all sit in the
# first two planes), as Unicode 14.0 lists them (Python 3.11's unicodedata): looking
# them up in the planes took every process 10 ms.
_SC_14 = (
    "$\xa2\xa3\xa4\xa5\u058f\u060b\u07fe\u07ff\u09f2\u09f3\u09fb\u0af1\u0bf9\u0e3f\u17db"
    "\u20a0\u20a1\u20a2\u20a3\u20a4\u20a5\u20a6\u20a7\u20a8\u20a9\u20aa\u20ab\u20ac\u20ad"
    "\u20ae\u20af\u20b0\u20b1\u20b2\u20b3\u20b4\u20b5\u20b6\u20b7\u20b8\u20b9\u20ba\u20bb"
    "\u20bc\u20bd\u20be\u20bf\u20c0\ua838\ufdfc\ufe69\uff04\uffe0\uffe1\uffe5\uffe6"
    "\U00011fdd\U00011fde\U00011fdf\U00011fe0\U0001e2ff\U0001ecb0"
)


def currency_symbols() -> str:
    """Unicode's currency symbols (category Sc), looked up only under another Unicode version."""
    if unicodedata.unidata_version == "14.0.0":
        return _SC_14
    return "".join(chr(c) for c in range(0x20000) if unicodedata.category(chr(c)) == "Sc")


# They sign prices, and so do the emoji drawn as one ("💲300", "300 💶").
CURRENCY_SIGNS |= set(currency_symbols()) | {
    sign + style for sign in "💲💵💴💶💷" for style in ("", "\ufe0f")
}
CURRENCY_CODES = {
    n for u in CURRENCIES for n in (u.symbol, *u.aliases) if n.isalpha() and n.isupper()
} | set(["JPY", "INR", "KRW", "AUD", "CAD", "HKD", "SGD", "CHF", "TWD", "BRL"])
# More ISO codes ("300 MXN", "PLN 300"; not those that spell a word or name something else
# before a number: PHP, TRY, COP, SAR, ILS, EGP, NGN) and crypto-currencies ("0.05 BTC").
CURRENCY_CODES |= {
    *("MXN", "PLN", "RUB", "AED", "ZAR", "SEK", "NOK", "DKK", "NZD", "THB", "IDR", "MYR"),
    *("VND", "CZK", "HUF", "ARS", "CLP", "PKR", "BDT", "KES", "UAH", "QAR", "KWD"),
    *("BTC", "XBT", "USDT", "USDC"),
}
# Codes that sign a price only after its number: "3 ETH" ("ETH 2.0" names an upgrade).
CURRENCY_CODES_AFTER = {"ETH"}
# Signs written as letters, in their case: "kr 300", "300 zł", "300 Ft", "94 ct" (euro
# cents; "Ft. Worth" and "ct scan" follow no number), "Rs 300", "Rp 300", "300 Kč".
CURRENCY_CODES |= {"kr", "zł", "Ft", "ct", "Rs", "Rp", "Kč"}
# "Ft" and "ct" are feet and carats too ("a 12 Ft ladder", "a 2 ct diamond"), "won" and
# "rand" a verb and a name ("3 won", "3 Rand analysts", :data:`PRICE_ONLY_WORDS`): a figure
# signed with one is a price only after a price word in its sentence ("It costs 300 Ft",
# "Cost fell 94 ct") or before what a price is per ("300 Ft a month", "94 ct/kWh").
LETTER_SIGN = re.compile(r"(?<![A-Za-z])(?:Ft|ct|(?i:won|rand))(?![A-Za-z])")
PRICE_BEFORE = LazyPattern(rf"(?i:{word_alternation(PRICE_WORDS)})[^.!?;\n]{{0,60}}\Z")
PRICE_AFTER = re.compile(
    r"[ \u00a0\u2009\u202f]?/[ \u00a0\u2009\u202f]?[A-Za-z]|[ \u00a0\u2009\u202f](?:(?i:each)"
    r"|(?i:a|an|per|every)[ \u00a0\u2009\u202f](?i:month|year|week|day|hour|night|user|seat"
    r"|kWh|GB|TB|piece|ticket|request|node|core))(?![A-Za-z])"
)
CURRENCY_WORDS = {n for u in CURRENCIES for n in u.aliases if n.isalpha() and n.islower()} | {
    *("rupees", "rupee", "yen", "francs", "renminbi", "pesos", "peso", "zloty", "zlotys"),
    *("złoty", "złote", "złotych", "roubles", "rouble", "rubles", "ruble", "lira", "lire"),
    *("liras", "dirhams", "dirham", "dinars", "dinar", "riyals", "riyal", "rials", "rial"),
    *("baht", "ringgit", "rupiah", "shekels", "shekel", "kronor", "kroner", "krona", "krone"),
    *("forint", "forints", "hryvnia", "hryvnias", "naira", "reais", "pence", "lei", "leu"),
    *("bitcoins", "bitcoin", "satoshis"),
    "دولار",  # Arabic (no case: not lower case) (blind17)
}
# Currency words that are prices only as :data:`LETTER_SIGN` says: "It costs 300 won"
# ("Of 12 bids, 3 won"; "3 Rand analysts").
PRICE_ONLY_WORDS = ("won", "rand")
# Money in slang after a number, in lower case ("3 bucks", "94 grand", "3 quid", "300
# greenbacks"; "94 Grand Street" is an address), and the hundred-dollar bill as written
# ("three C-notes").
MONEY_SLANG = ("bucks", "buck", "grand", "quid", "greenbacks", "greenback", "C-notes", "C-note")
# The Japanese and Korean forms of a price are written as the Chinese one: "300円", "300원".
CJK_CURRENCY = {n for u in CURRENCIES for n in u.aliases if _has_cjk(n)} | KANA_HANGUL_CURRENCY

# Words naming a share of time a service is up: a number before or after one, or under a
# column headed by one, is a share (blind66: "a 99.9 uptime SLA", "Uptime" over "99.99").
UPTIME_WORDS = ("uptime", "availability", "durability")

# Nouns of work a share counts: "3 out of 4 runs", "9 of 10 runs", "4/5 runs", "94 per
# 100 runs" (with the counted nouns of :mod:`fxsite.evidence.units`).
SHARE_NOUNS = (
    "runs", "tests", "trials", "attempts", "jobs", "builds", "calls", "reads", "writes", "saves",
    "requests", "queries", "transactions", "samples",
    # the operations a storage product performs (blind88: "One in ten restores fails")
    "restores", "backups", "rebuilds", "recoveries", "failovers", "checkpoints", "snapshots",
    "migrations", "upgrades", "retries", "deployments", "boots", "operations", "lookups",
)  # fmt: skip
# Units said with "a"/"an", a value where a bound word comes before ("under a second",
# "within a millisecond") or a comparative after ("an hour faster", "a grand less").
A_UNITS = (
    "nanosecond", "microsecond", "millisecond", "second", "minute", "hour", "day", "week",
    "month", "year", "kilobyte", "megabyte", "gigabyte", "terabyte", "watt", "kilowatt",
    "dollar", "euro", "cent", *MONEY_SLANG,
)  # fmt: skip
# Bound words before "a"/"an" and a unit, besides the approximation words.
A_UNIT_BOUNDS = ("within", "barely", "only", "in under", "well under", "well over")
# Comparatives after "a"/"an" and a unit ("a day later" tells when, not how much).
A_UNIT_COMPARED = (
    *("faster", "slower", "quicker", "longer", "shorter", "less", "more", "cheaper"),
    *("earlier", "sooner"),  # "finished a day earlier" (blind80), as "2 days earlier" is
)
# What may follow a bounded "a"/"an" and a unit: a stop or one of these words ("within a
# second region" counts regions).
A_UNIT_FOLLOWERS = (
    *A_UNIT_COMPARED, "per", "each", "a", "an", "of", "to", "and", "or", "on", "in", "at",
    "for", "with", "when", "while", "than", "now", "from", "after", "before", "since",
    "compared", "versus", "vs", "flat", "tops", "or so",
)  # fmt: skip
#: Words after a share a change is "by" that end its phrase ("shrank by a third after the
#: upgrade", "cut by 3/4 in 2024"): not a noun it counts ("by a third party").
BY_SHARE_AFTER = (
    "after", "in", "since", "over", "from", "to", "and", "compared", "versus", "vs", "on",
    "with", "when", "while", "at", "for", "year", "quarter",
)  # fmt: skip
# Comparatives after a number of points that make it a score's difference ("12 points
# faster"; "12 points" alone counts items).
POINTS_COMPARED = (*A_UNIT_COMPARED, "higher", "lower", "better", "worse", "ahead", "behind")
# Nouns of money a "six-figure" sizes ("a seven-figure saving"), and the words before
# "six figures" that make it a price ("costs six figures"; "six figures show" counts them).
FIGURE_COUNT_NOUNS = (
    "saving", "savings", "sum", "price", "cost", "costs", "deal", "budget", "bill",
    "contract", "salary", "revenue", "loss", "fee", "investment", "price tag",
)  # fmt: skip
FIGURE_COUNT_BEFORE = ("cost", "costs", "costing", "priced at", "worth", "into", "in the")
# Nouns of change a "double-digit" or "single-digit" sizes ("double-digit gains").
DIGIT_CHANGES = (
    "gains", "gain", "growth", "increases", "increase", "improvements", "improvement",
    "speedups", "speedup", "reductions", "reduction", "cuts", "drops", "declines", "savings",
    "returns", "rises", "losses",
)  # fmt: skip

# A space inside a quantity: ordinary, no-break, thin or narrow no-break.
# Written as two classes (the "{1}" stops the parser from joining them): as
# one class of these four, CPython's re compiler builds a 64K-entry table
# each of the 70 times SP appears in the rules, a tenth of a millisecond each.
# Several other classes below are split for the same reason ("[+\-]|−",
# "(?<![.×*])(?<!第)"); each matches exactly what the one class did.
SP = r"(?:[ \u00a0]|[\u2009\u202f]{1})"

# Where a figure may start: not inside a word or number ("FX100", "R1",
# "v2.0", "x86_64"), not after "word-" ("Llama-3-70B", "DDR5-4800"), not in a
# time of day ("10:30").
# Chinese has no word boundaries: a number right after a CJK character starts
# a figure ("提供超过100万IOPS"), so only ASCII letters and digits block it.
# "7×24小时" is a name, "x16" a lane count, "第3天" an ordinal.
W = r"[A-Za-z0-9_]"
# Nor inside a run of thousands groups (INSIDE_GROUPS: "1,000,000,000,…").
# A number right after a lowercase word of three letters or more starts a figure too:
# "Fast94 s" and "Throughput96%" read as words glued to a figure, not as names
# (names put the digit after capitals or one letter: "FX100", "YOLOv8", "H100"),
# unless the three letters are hex digits (a hash's "…fcd031d" is no 31 days).
# An underscore or an asterisk joins a figure to the word or number before it
# ("x86_64", "2*94"); after a space it is drawn as itself, before a bare figure
# ("at *6.4 GB/s", "_3.2 GB/s": Markdown leaves a lone one as it is; blind62).
START = (
    rf"(?<![A-Z0-9])(?<!{W}_)(?:(?<![a-z])|(?<=[a-z][a-z][a-z])(?<![a-f][a-f][a-f]))"
    rf"(?<![.×])(?<![A-Za-z0-9)\]]\*)(?<!第)(?<!{W}-)(?<!\d:){INSIDE_GROUPS}"
)
# Where a figure ends: not inside a word of a Latin script ("5 secondary"; "1 más", "1
# sökträff", "1 tài", "1 dəfə": Material's translations read "1 m", "1 s", "1 t", "1 d",
# and a fresh site in 15 of its languages could not be built: blind79); CJK may follow.
# Not the numerator of a Korean fraction either: "3분의 1" is a third, not three minutes.
LATIN_LETTER = r"[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02af\u1e00-\u1eff]"
END = rf"(?!{W})(?!{LATIN_LETTER})(?!의[ \u00a0]?\d)"

# A number: thousands separators only in whole groups of three (comma, or a
# space as in SI style: a no-break, thin or narrow space, or a plain one, as a writer
# types "1 200 €", which the fold makes of the others too), then an optional fraction.
# A decimal comma ("4,4x", "0,6 ms") is one or two digits after a comma. Groups of three
# after dots, two at least, are thousands as German writes them ("1.234.567 €", "1.234.567,50 €").
# Scientific notation ("5.17e2 s", "1e6 IOPS") and vulgar fractions ("1½ hours",
# "½") are numbers too; an exponent of any length ("2.4e999999 IOPS": read, never
# evaluated here) and glued to a ratio's "x" ("1e3x", "2E1X"; not to a word: "1e3xlarge",
# blind74).
#: Every vulgar fraction of Unicode (the characters so named: "½", "⅒", "⅐", "↉").
#: People a share in words may count ("half the team", "two thirds of respondents"): a share
#: of people says who, as a count of people does, and is no performance figure.
PEOPLE = (
    r"team|teams|customers?|users?|respondents?|employees?|staff|people|company|companies"
    r"|world|members?|engineers?|developers?|attendees?|participants?|audience|class|room"
    r"|community|contributors?|partners?|organi[sz]ations?|enterprises?|analysts?"
)


VULGAR_FRACTIONS = "¼½¾⅐⅑⅒⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞↉"
#: An exponent of ten: superscript digits ("10⁶", as the reader keeps them after
#: "10") or a caret ("10^6", "10^6^" as written for pymdownx.caret).
SUPERSCRIPT_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
POWER = rf"(?:\^[+\-]?\d{{1,3}}\^?|[⁺⁻]?[{SUPERSCRIPT_DIGITS}]{{1,3}})"
NUM = (
    r"(?:(?:\d{1,3}(?:,\d{3})+(?!\d)|\d{1,3}(?:\.\d{3}){2,}(?!\.?\d)(?:,\d{1,2}(?![\d,]))?|\d{1,3}(?:[ \u00a0]\d{3}|[\u2009\u202f]\d{3})+(?!\d)|\d+,\d{1,2}(?![\d,])|\d+)"
    rf"(?:\.\d+)?(?:[eE][+\-]?\d+(?![A-WYZa-wyz0-9_]|[xX]\w)|{SP}?[×x·]{SP}?10{POWER}|(?<=10){POWER})?"
    rf"[{VULGAR_FRACTIONS}]?|[{VULGAR_FRACTIONS}])"
)

# A sign belongs to the value: "+96%", "−47%", "±2%".
SIGN = r"(?:\+/-|±|[+\-]|−)"

# Approximation words and signs: part of the figure, since "about 10 hours"
# is the claim as written.
APPROX = (
    # a negated bound whole ("no more than 95 s" is at most 95 s, not more than it: blind88)
    r"(?:(?i:no\s+more\s+than|not\s+more\s+than|no\s+less\s+than|not\s+less\s+than"
    r"|no\s+fewer\s+than|not\s+(?:over|under|above|below)|no\s+(?:higher|lower|longer)\s+than"
    r"|about|around|approximately|approx\.|roughly|nearly|almost|over|under|"
    r"below|above|up\s+to|more\s+than|less\s+than|fewer\s+than|at\s+least|at\s+most|"
    r"as\s+much\s+as|as\s+little\s+as|just\s+over|just\s+under|well\s+over|circa)\s+"
    r"|(?i:sub)-"  # "sub-100 µs"
    # Chinese bound and approximation words, written without a space
    # ("可达", "达到" are verbs of attainment, outside the figure; "最高可达" bounds it)
    r"|(?:最高可达|不超过|不低于|不少于|大约|将近|超过|不到|不足|低于|高于|小于|大于|最高|最低|高达|低至|至少|最多|约|近|逾)"
    # "<" and ">" but not the tip of an arrow ("12.4 -> 25.1 GB/s")
    r"|(?:~|≈|∼|<=|>=|(?<![-=])[<>]|≤|≥)" + SP + r"?)"
)

# A range joins two numbers: unspaced dash ("6.2–9.3", "10-20"; a spaced dash
# is punctuation), "to", "or", or the East Asian "~" ("6.2~9.3").
RANGE_SEP = rf"(?:-(?:to|or)-|[–—‒-]|{SP}+(?:to|or){SP}+|~|～|至|到)"

# Magnitude suffixes: "1.2M IOPS", "10k tokens/s", "3 million IOPS".
MAG_WORDS = r"(?i:hundred|thousand|million|billion|trillion)\b"
# "1万多元": more than; "1万2千円": 12,000, the lower places after the scale (blind20);
# Korean "1만 원" (10,000 won), "1만 2천 원" and "1만2천 원" (12,000), "3천 원", "5천만 원"
MAG_CJK = (
    r"(?:(?:万亿|萬億|千万|千萬|百万|百萬|亿|億|万|萬|千)(?:(?<=[万萬亿億])\d{1,4}[千仟百佰])?"
    rf"(?:余|多)?|{korean_magnitude(f'{SP}?')})"
)
# Spaced from its number too, as text spaced between Latin and CJK characters writes it
# ("100 万 IOPS", "2.3 亿元").
MAG_CJK_SPACED = rf"{SP}?{MAG_CJK}"
# Words after a figure, a space apart, that scale it: the scale words in any case and
# plural ("thousands"), the financial ones ("bn", "crore", "lakh", German "Mio.", "Mrd.",
# "Tsd."), "dozen", and a scale letter standing alone ("$94 K per seat").
SCALE_AFTER = (
    rf"(?:{MAG_WORDS}|(?i:hundreds|thousands|millions|billions|trillions|dozens?|crores?"
    r"|lakhs?|bn|mn|mln|Millionen|Milliarden|Tausend)(?![A-Za-z])|(?:Mio|Mrd|Tsd)\.?(?![A-Za-z])"
    r"|[kKMB](?=\s|[.,;:!?)]|\Z))"
)
# "per" and a unit of time after a figure make it a rate ("500 requests per second"); so
# do "a", "each" and "every" and a short one ("[500 requests](…) a second"; "every day"
# after a duration says how often).
PER_TIME_AFTER = (
    r"(?i:per\s+(?:second|sec|minute|min|hour|hr|day|week|month|year|ms|millisecond)s?"
    r"|(?:an?|each|every)\s+(?:second|sec|minute|min|hour|hr|ms|millisecond))(?![A-Za-z])"
    r"(?!\s+(?i:time|later|earlier|ago|or|look)\b)"
)
# A scale letter spaced from its number ("1.2 M tokens/s", "2 K IOPS") is one too;
# it must be followed by a space, so "grade 2 K-12" keeps its name.
MAG_SPACED = rf"{SP}[kKMBGT](?={SP})"
# Without the spaced letter: for the rule that reads any unit pint knows, whose short
# words ("in", "at") would make "Team 3 M in Q3" a figure.
MAG_GLUED = rf"(?:[kKM](?![A-Za-z])|{SP}{MAG_WORDS}|{MAG_CJK_SPACED})"
# A scale letter may be followed by "+", at least that many: "1M+ IOPS" (blind69: read "1M").
# German and French scale words before a unit too: "1,5 Millionen IOPS", "1,5 Mio. IOPS",
# "150 Tsd. IOPS", "2 millions IOPS", "1,5 millones de IOPS" (blind79).
MAG_UNIT = (
    rf"(?:[kKM](?![A-Za-z])\+?|{MAG_SPACED}|{SP}{MAG_WORDS}|{MAG_CJK_SPACED}"
    rf"|{SP}(?:Millionen|Milliarden|Tausend|millions|milliards)\b|{SP}(?:Mio|Mrd|Tsd)\."
    rf"|{SP}(?:millones|milioni|milhões){SP}(?:de|di)\b)"
)
# With money "B"/"bn" is billions and "T" trillions ("$1.2B", "€3bn").
# German writes them "1,2 Mio. €", "3 Tsd. Euro", "1,2 Milliarden Euro".
MAG_MONEY = (
    # South Asian scales too: "₹5 crore", "Rs 3 lakh" (blind66: told as "₹5")
    rf"(?:(?:k|K|M|m|B|T)(?![A-Za-z])|{MAG_SPACED}|{SP}?(?:bn|mn|mln|crores?|lakhs?)\b"
    rf"|{SP}?{MAG_WORDS}|{MAG_CJK_SPACED}"
    rf"|{SP}?(?:Mio|Mrd|Tsd)\.?(?![A-Za-z])|{SP}(?:Millionen|Milliarden|Tausend)\b)"
)

#: The first two letters of APPROX's words ("ab" of "about" and "above", "su" of "sub-").
_APPROX_HEADS = (
    "ab", "al", "ap", "ar", "as", "at", "be", "ci", "fe", "ju", "le", "mo", "ne", "no", "ov",
    "ro", "su", "un", "up", "we",
)  # fmt: skip
#: The letters re's IGNORECASE matches to an ASCII letter besides its two cases.
MORE_CASES = {"i": "İı", "k": "\u212a", "s": "ſ"}


def _cased(letters: str) -> str:
    """A class of ``letters`` in every case re's IGNORECASE matches them in."""
    return "[" + "".join(c + c.upper() + MORE_CASES.get(c, "") for c in letters) + "]"


def _heads() -> str:
    """_APPROX_HEADS as classes of cased letters, one branch for each first letter: the re
    engine passes over a branch whose first class does not hold the character."""
    firsts = sorted({head[0] for head in _APPROX_HEADS})
    return "|".join(
        _cased(f) + _cased("".join(sorted(h[1] for h in _APPROX_HEADS if h[0] == f)))
        for f in firsts
    )


# What a value can start with: a digit or a vulgar fraction (NUM), a sign (SIGN), or the
# first sign or two letters of an approximation word (APPROX). Looked at before START,
# whose look-behinds cost the re engine most at every other character of a text;
# tests/test_value_first.py holds it to what the three can start with.
VALUE_FIRST = rf"(?=[\d{VULGAR_FRACTIONS}+\-±−~≈∼<>≤≥最不大将超低高小至约近逾]|{_heads()})"
# A value: a number or a range of numbers, with sign and approximation, its uncertainty
# ("94±2 s", "94 ± 2 s", "94 +/- 2 s", "94 (±2) s") and a half ("2 and a half minutes").
# "100+ GB/s": a "+" glued after the number says "at least", as "余" and "多" do in
# Chinese ("10余倍", "20多公里"), and "-plus", "-odd", "-ish" and "-something" in English
# ("90-plus seconds", "90-odd seconds", "90 odd seconds", "90ish seconds", "90-something
# seconds").
# in parentheses too: "94 (±3) s" (blind79)
_TOLERANCE = rf"{SP}?(?:±|\+/-){SP}?{NUM}|{SP}?\({SP}?(?:±|\+/-){SP}?{NUM}{SP}?\)"
_AND_A_HALF = rf"{SP}(?i:and){SP}(?:(?i:a){SP}(?i:half|quarter)|(?i:three){SP}(?i:quarters))"
#: The words after a hyphen that make a number "at least" ("90-odd", "ninety-some").
MORE_OR_LESS_WORDS = ("plus", "odd", "ish", "something", "some")
_MORE_OR_LESS = rf"\+|余|多|-(?i:{'|'.join(MORE_OR_LESS_WORDS)})|{SP}odd|(?i:ish)"
VALUE = (
    rf"{VALUE_FIRST}{START}(?:{APPROX})?{SIGN}?{NUM}(?:{RANGE_SEP}{SIGN}?{NUM})?"
    rf"(?:{_TOLERANCE})?(?:{_AND_A_HALF})?(?:{_MORE_OR_LESS})?"
)

# A count of work with a scale word or letter: "8 billion rows", "94k writes",
# "10 million inferences" (alone, "8 rows" counts a setup's parts, as "8 GPUs" does).
SCALED_NOUNS = tuple(noun for noun, _ in COUNTED_AT_SCALE)
# Their nouns make no figure without a scale: not after a number word ("two commits")
# nor as what a rate is per ("8 GPUs per job").
SCALED_ONLY = frozenset(name.lower() for names in COUNTED_AT_SCALE for name in names)
# A rate of a counted noun written with "a"/"an": "94 tasks a minute", "37 errors an hour",
# "in a second" ("500 inferences in a second"), or an adverb: "500 jobs hourly" (blind20;
# "94 tasks per minute" and "94 tasks/min" are rates per a unit, read as any other). The
# noun may be left to the sentence, as "500 per second" leaves it, before "a"/"an" only:
# "serves 500 a second" (blind21; "2 hourly builds" and "at 5 in a minute" are no rates).
# The workload a rate of I/O names between its number and its unit: "2.1M random-read IOPS",
# "850K sustained write IOPS", "2.1 million 4K IOPS", "2.1 million random reads per
# second" (blind26).
WORKLOAD = (
    r"(?i:random|sequential|seq|rand|read|write|reads|writes|mixed|sustained|peak|small-block"
    r"|large-block|random-read|random-write|sequential-read|sequential-write|\d+[KkMm]"
    r"|\d+[ \u00a0]?KiB|\d+/\d+)"
)
#: "a second", "every hour": what a rate is per, said with an article.
A_UNIT_OF_TIME = (
    rf"(?i:(?:a|each|every){SP}(?:second|sec|minute|min)|(?:an|each|every){SP}(?:hour|hr))"
)
# A rate per a unit of time written after a slash, whatever is counted: "500/second",
# "500/秒".
_PER_UNIT_OF_TIME = (
    r"/(?:(?i:seconds?|minutes?|hours?|days?|ms|milliseconds?)"
    r"|秒|分钟|分鐘|分|小时|小時|時間|天|日|초|분|시간)"
)
COUNT_RATE = (
    # up to two words between the number and what it counts: "500,000 metadata operations
    # per second", "3 billion small files per hour" (blind40)
    rf"{VALUE}(?:{MAG_UNIT})?(?:(?:{SP}|-)(?:(?:{WORKLOAD}|[a-z][a-z-]{{1,24}}){SP}){{0,2}}"
    rf"(?i:{alternation(n for n, _ in (*COUNTED, *COUNTED_AT_SCALE) if '/' not in n)}|reads|writes)"
    rf"{SP}(?:(?i:in|within|every){SP})?(?:{A_UNIT_OF_TIME}"
    rf"|(?i:one{SP}(?:second|minute|hour))|(?i:hourly|secondly))|{SP}{A_UNIT_OF_TIME}"
    rf"|{_PER_UNIT_OF_TIME})(?![A-Za-z0-9_])"
    # "in a second pass", "every second day": an ordinal
    rf"(?!{SP}(?i:pass|passes|time|run|round|attempt|try|look|opinion|half|phase|stage|step"
    r"|wave|batch|place|tier|copy|site|node|cluster|region|job|day|week|month|year)\b)"
)
# Up to two words that qualify what is counted, between the number and its noun: "1
# million concurrent connections", "2,000 HTTP requests", "500 write cycles" (blind69:
# each passed, as "1 million connections" did not); not a word that ends the noun phrase
# ("10 million of the files", "5 million users and files").
QUALIFIERS = (
    r"(?:(?!(?i:of|per|in|and|or|to|for|with|the|a|an|than|from|by|at|on|vs|over|under"
    rf"|more|fewer|less|times)\b)[A-Za-z][A-Za-z0-9-]{{0,20}}{SP}){{0,2}}"
)
SCALED_COUNT = (
    rf"{VALUE}(?:{MAG_UNIT})(?:{SP}|-){QUALIFIERS}(?i:{alternation(SCALED_NOUNS)})"
    r"(?![A-Za-z0-9_/])"
)

# "Always" said with a whole period's units: "24 hours a day", "7 days a week",
# "365 days a year" state no figure, as "24/7" does ("8 hours a day" still states one).
_WHOLE_PERIODS = (
    ("24|twenty[- ]four", "hours", "day"),
    ("7|seven", "days", "week"),
    ("365", "days", "year"),
    ("52|fifty[- ]two", "weeks", "year"),
    ("12|twelve", "months", "year"),
    ("60|sixty", "minutes", "hour"),
    ("60|sixty", "seconds", "minute"),
)
ALWAYS = "(?<![A-Za-z0-9_.,])(?i:{})".format(
    "|".join(
        rf"(?:{count})(?:{SP}|-){unit}(?:{SP}(?:a|an|per|every|each){SP}|{SP}?/{SP}?){period}\b"
        for count, unit, period in _WHOLE_PERIODS
    )
)

UNIT_SYMBOLS = (
    SYMBOLS | CJK_UNITS | DIGIT_ONLY_UNITS | EXTRA_SYMBOLS | SQUARED_UNITS | OTHER_LANGUAGE_SYMBOLS
)
# As trees: about a thousand names, tried after every number of a page.
SYMBOL_UNIT = tree_alternation(UNIT_SYMBOLS)
WORD_UNIT = rf"(?i:{tree_alternation(WORDS | OTHER_LANGUAGE_WORDS)})"
# Precision and sparsity between a number and its unit: "3,958 FP8 TFLOPS".
# Several precisions ("1,979 FP16/BF16 TFLOPS"), a benchmark ("2.499 LINPACK
# GFLOPS/W") or the side of a model's traffic ("~66k output tokens/s").
_PRECISION = r"(?:FP|BF|TF|INT|MX|fp|bf|int)(?:4|6|8|16|32|64)"
QUALIFIER = (
    rf"(?:{_PRECISION}(?:/{_PRECISION}){{0,3}}|dense|sparse|LINPACK|HPL|HPCG|peak|sustained"
    rf"|output|input|prompt|generated|decode|prefill){SP}"
)
# A unit divided by more: "GFLOPS/W", "tokens/s/user", "$2.49/GPU-hour", "元/GB/月", "元/百万tokens",
# "元/千瓦时", "元/卡时"; a particle after it is not part of it ("30元/月的套餐").
# A Chinese divisor is one or two Han characters, the second not a particle;
# written with one range, which costs the re compiler most of a millisecond
# each time it appears.
PER = (
    r"(?:/(?:(?:百万|千万|万|千|亿)?[A-Za-z]+(?:-[A-Za-z]+)?[²³]?|千瓦时|兆瓦时|平方米|立方米"
    r"|(?:(?:(?<=/)|(?![的了和与及或是为在起以左]))[\u4e00-\u9fff]){1,2}))*"
    # data moved at a rate said with "a"/"an": "2 TB an hour" is the figure, not "2 TB"
    # (blind20; "8 hours a day" is a duration, "$7 a day" a price)
    r"(?:(?<=B)[ \u00a0](?i:a|an)[ \u00a0](?i:second|minute|hour|day)(?![A-Za-z])"
    r"(?![ \u00a0](?i:time|pass|run|round|attempt|try|look|opinion|copy|site|node)\b))?"
)
