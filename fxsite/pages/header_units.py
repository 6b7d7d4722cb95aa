"""A unit stated once for the numbers it governs.

Writers state a unit once for many numbers: a table column headed "Save
time (s)" over cells of bare numbers, a caption "All times in seconds", a
label "Save time in seconds: 178, 94". Each such number is a figure in that
unit: "178" under "Save time (s)" reads "178 s", and is bare unless it is a
claim.

* :func:`header_unit` reads the unit a header or caption states: in
  parentheses or brackets (``Save time (s)``, ``Price [USD]``), after a final
  ``in`` (``Save time in seconds``), a final comma or slash (``Latency, ms``,
  ``t / s``), or a final ``%``; else a header that is a unit's name or ends in
  one ("Seconds", "Latency ms", "Throughput GB/s"), or ends in a ratio's name
  ("Speedup": ×) or a share of time kept up ("Uptime": %). The unit is one the claim grammar reads
  (:func:`~fxsite.evidence.quantities.parse_stated`); ``(B)`` is left alone
  (billions as often as bytes), as are headers without one ("Year", "Rank"),
  a calendar column ("Week"), a count of work ("Tokens"), one letter ("W") and
  a unit word not last ("Seconds of fame").
* :func:`~fxsite.pages.price_units.price_unit` reads a price named with what it is
  per ("Cost per TB per month", "Price per TB (USD)"); a price's unit whole, its sign
  first ("$/TB/month"), is a unit's name as "GB/s" is.
* :mod:`fxsite.pages.table_units` gives each data cell of an HTML table the unit its
  column's header, its row's label or the table's caption states.
* :mod:`fxsite.pages.title_units` gives each block in the body of an
  admonition, a details element, a content tab or a list item the unit its
  title states, as a header does for its column.
* :mod:`fxsite.pages.stated_numbers` reads the numbers a unit so stated governs: a
  cell, a block under a title, the list after a label.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from fxsite.evidence.numerals import SCALE_WORDS
from fxsite.evidence.quantities import CURRENCY_SIGNS, parse_stated
from fxsite.evidence.units import COUNTED, COUNTED_AT_SCALE
from fxsite.pages.column_claims import counts_things
from fxsite.pages.figure_vocab import UPTIME_WORDS
from fxsite.pages.lazyre import LazyPattern
from fxsite.pages.part_names import SIZE_SETTINGS
from fxsite.pages.price_units import price_unit
from fxsite.verify.reading import fold

__all__ = [
    "DIGITS",
    "NAMED_COLUMNS",
    "RATIO_ENDINGS",
    "UNIT_COLUMNS",
    "Governed",
    "header_unit",
    "row_unit",
    "with_unit",
]

#: Column headers naming things, not quantities: a caption's unit skips them.
NAMED_COLUMNS = frozenset(
    [
        "#",
        "no",
        "no.",
        "id",
        "rank",
        "year",
        "date",
        "version",
        "step",
        "model",
        "name",
        "system",
        "product",
        "release",
        "firmware",
        "build",
        "revision",
        "batch size",
    ]
)
#: Plurals that name the quantities a caption's unit measures ("Save times", "Latencies"),
#: not things counted ("GPUs", "Runs": :func:`~.column_claims.counts_things`).
_MEASURED_PLURALS = frozenset(
    {
        *("times", "latencies", "durations", "results", "values", "costs", "prices", "speeds"),
        *("rates", "measurements", "figures", "scores", "sizes", "timings", "savings", "seconds"),
    }
)


def _caption_skips(header: str) -> bool:
    """A column a caption's unit does not reach: headed by a name ("Year", "Release") or
    by things counted ("GPUs", "Nodes", "Runs": their numbers are counts, not seconds)."""
    low = header.lower().strip()
    if low in NAMED_COLUMNS or SETTING_HEADER.fullmatch(header):
        return True
    last = low.split()[-1] if low.split() else ""
    return counts_things(header) and last not in _MEASURED_PLURALS


#: Column headers that say the column holds its row's unit: its row's bare numbers are in it.
UNIT_COLUMNS = frozenset(
    {
        *("unit", "units", "uom", "unit of measure", "measured in", "einheit", "unité"),
        *("unidad", "unità", "unidade", "单位", "單位", "単位", "단위"),
    }
)
#: How much of a header is read (its unit is at its end), and the longest cell read as a number.
_TAIL = 80
#: A number's digits, grouped by commas in whole groups of three or not, then a fraction.
DIGITS = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
#: Units that are also scale letters in headers ("Params (B)": billions).
_AMBIGUOUS = frozenset({"B"})
_UNIT_PART = r"[^\s()\[\]（）:：,;，；][^()\[\]（）:：,;，；]{0,24}?"
#: Before an opening parenthesis: a space, or Chinese, Japanese or Korean text (Chinese
#: and Japanese are written without spaces; Korean headers glue it: "소요 시간(초)").
#: Inside it, "in" may come first ("(in s)"), a period may end an abbreviation ("(sec.)").
_OPEN = (
    r"(?:^|\s|(?<=[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]))[(\[（]\s*"
    r"(?:单位\s*[:：]\s*|(?i:in)\s+)?"
)
#: After the closing parenthesis: a note's mark ("(ms)¹", "(s)*"), a sort arrow ("(s) ↓",
#: "(s) ⬇", "(s) ▼", "(s) 🔽": blind44)
#: or a dash and words ("(s) — lower is better").
_AFTER_UNIT = (
    r"(?:[\d¹²³⁴⁵⁶⁷⁸⁹⁰]{1,2}|\s*(?:[↓↑⬇⬆▼▲▽△⇩⇧⏷⏶*†‡]|🔽|🔼)+\ufe0f?"
    r"|\s+[—–-]\s+[^()\[\]（）]*)?"
)
#: A header's last word naming a ratio: the numbers under it are "×"; and the Chinese
#: words a header ends with for one ("提升倍数", "加速比").
_RATIO_WORDS = frozenset(["speedup", "speed-up", "slowdown", "slow-down", "ratio"])
RATIO_ENDINGS = ("倍数", "倍數", "加速比")
#: A header's last word naming a share of time kept up: the numbers under it are "%"
#: (blind66: "99.99" under "Uptime" was published bare).
_PERCENT_WORDS = frozenset([*UPTIME_WORDS, "sla"])
#: Last words of headers that name a column, not its unit: calendar columns ("Week"
#: holds week numbers), statistics ("min"), counts of work ("Tokens": "8 tokens" is no figure).
_NAMING_WORDS = frozenset(
    ["year", "month", "week", "day", "hour", "minute", "quarter", "min"]
    + [w.lower() for pair in (*COUNTED, *COUNTED_AT_SCALE) for w in pair]
)
#: Words before a header's last word that make it no unit of the column ("Cost per hour").
_NOT_AFTER = frozenset(["per", "a", "an", "each", "every", "of", "by", "/"])
#: A statistic named before a unit in parentheses ("(mean ± sd, s)", "(p99, ms)").
_STATISTIC = r"(?i:mean|median|average|avg|geomean|min|max|p\d{1,3}|sd|std|stdev|σ|±|\+/-|and)"
#: A header's unit in parentheses (after a statistic too), after "in", a comma, a slash or a
#: dash, or "%" (the first two, with their class of Chinese characters, compiled where a
#: table is read).
_HEADER_FORMS = (
    LazyPattern(
        rf"{_OPEN}(?P<unit>{_UNIT_PART})\.?\s*(?:[,;，；][^()\[\]（）]*)?[)\]）]{_AFTER_UNIT}\s*$"
    ),
    LazyPattern(
        rf"{_OPEN}{_STATISTIC}(?:\s*{_STATISTIC})*\s*[,;，；]\s*(?P<unit>{_UNIT_PART})\s*"
        rf"[)\]）]{_AFTER_UNIT}\s*$"
    ),
    re.compile(rf"\s(?i:in)\s+(?P<unit>{_UNIT_PART})\s*$"),
    re.compile(rf"\S\s*[,/—–]\s+(?P<unit>{_UNIT_PART})\s*$"),
    # after a slash glued to Chinese words: "耗时/秒"
    re.compile(rf"(?<=[\u3400-\u9fff])\s*[/／]\s*(?P<unit>{_UNIT_PART})\s*$"),
    # a percent sign after a space or a word's last letter ("Δ%", "CPU%"; not a number's:
    # "Load 50%" names a column)
    re.compile(r"(?:\s|(?<=[^\W\d_]))(?P<unit>%)\s*$"),
)
#: A ratio to a baseline stated as one, in parentheses or brackets: "(baseline = 1.0)",
#: "(relative to NFS)", "(× baseline)", "(vs. baseline)", "(N:1)": the numbers under it are "×".
_RELATIVE = re.compile(
    r"[(\[]\s*(?:(?:baseline|reference|base|ref)\s*=\s*1(?:\.0+)?|relative\s+to\s[^()\[\]]+"
    r"|relative|normali[sz]ed"
    r"|[×x]\s*(?:baseline|reference)|vs\.?\s+(?:baseline|reference)"
    r"|(?:[nx]\s*)?:\s*1(?:\.0+)?)\s*[)\]]\s*$",  # a ratio against one: "(N:1)", "(:1)" (blind73)
    re.IGNORECASE,
)
#: A ratio named with what it compares to ("Speedup over NFS", "Speed-up vs NFS", "Speedup
#: (vs. NFS)", "Ratio to NFS") or said as a multiple ("Times faster than NFS", "x faster"):
#: the numbers under it are "×" (blind20).
_RATIO_HEADER = re.compile(
    r"^(?:.*\s)?(?:speed-?ups?|slow-?downs?|ratio)\s*[(\[]?\s*"
    r"(?:over|vs\.?|versus|to|against|relative\s+to|compared\s+(?:to|with))\s+\S"
    # a range or a factor of one ("Speed-up range"); two systems compared ("FX100 vs NFS",
    # "Speed vs NFS"); a quantity said relative ("Relative performance"): blind70
    r"|^(?:.*\s)?(?:speed-?ups?|slow-?downs?)\s+(?:range|factor)s?\s*$"
    r"|^[^()\[\]]{1,40}?\s(?:vs\.?|versus)\s+[^()\[\]\d]{1,40}$"
    r"|^(?:relative|normali[sz]ed)\s+(?:speed|throughput|performance|bandwidth|time|latency"
    r"|cost|iops)\s*$"
    r"|^相对于?\s?[^\d\s]{1,20}$"
    r"|^(?:times|[x×])\s+(?:faster|slower|quicker|better|smaller|larger|cheaper|higher|lower"
    r"|more|less|fewer)\b"
    # a quantity relative to a system named as 1: "Relative speed (NFS = 1)"; not "Grade (A = 1)"
    r"|(?:relative|normali[sz]ed|speed|throughput|performance)\b[^()\[\]]*"
    r"[(\[]\s*[\w.+-]{1,24}\s*=\s*1(?:\.0+)?\s*[)\]]\s*$",
    re.IGNORECASE,
)
#: A share named first ("% reduction", "Percent faster", "Percentage saved"): its numbers
#: are "%".
_PERCENT_FIRST = re.compile(r"^(?:%|(?i:percent(?:age)?))\s+[^\W\d_]", re.UNICODE)
#: A unit per thing counted ("s/ckpt", "ms / checkpoint"): the numbers under it are in the
#: unit (a thing of one letter is no such count: "s/n" is a serial number).
_PER_THING = re.compile(r"(?P<unit>[^/\s]+)\s*/\s*[A-Za-z]{2,16}")


#: The "unit" of a column headed by a quantity named without one ("| System | Save time |"):
#: a number under it is a figure of that quantity, read as written (blind69: "Save time:
#: 94." was refused, the same in a table passed). Never a unit the claim grammar reads.
NAMED_ONLY = "(named, no unit)"

#: The "unit" of a cell under a header or in a row naming a test's setting (blind70: "|
#: Stripe size | 128 KiB |", "| Block size (KiB) |" over "4"): a size in it is the setting,
#: as "Stripe size: 128 KiB." is in prose, and no unit stated once reads its numbers.
SETTING = "(a setting)"
#: A header naming a test's setting: a size set (:data:`~.part_names.SIZE_SETTINGS`), a
#: queue's depth, the workers or jobs run; perhaps with its unit in brackets. A duration
#: ("Runtime", "Warm-up") is no such setting: a time is a figure, as it is in prose.
SETTING_HEADER = re.compile(
    rf"\s*(?:{SIZE_SETTINGS}|(?i:queue[ \u00a0]depth|io[ \u00a0]?depth|iodepth|threads?|numjobs"
    r"|jobs?|workers?))\s*(?:[(\[（][^()\[\]（）]{0,20}[)\]）])?\s*"
)


@dataclass(frozen=True)
class Governed:
    """A number or claim at ``text[start:end]`` that a unit stated once governs.

    ``found`` is the bare number read with the unit ("178 s"); for a claim
    (its position in the block's claims is ``claim``) it is empty.
    """

    start: int
    end: int
    found: str
    unit: str
    #: where the unit is stated, as a message says it ("under the header 'Save time (s)'")
    said: str
    claim: int | None = None


#: The first characters of the Chinese scales ("万", "亿", "千"): a unit that starts with
#: one is written glued to its number.
SCALE_FIRST = frozenset(w[0] for w in SCALE_WORDS if not w.isascii())


def with_unit(number: str, unit: str) -> str | None:
    """``number`` written with ``unit`` as the claim grammar reads it, or None.

    A price per a period puts its sign before the number: "315" under "(€/month)" is
    "€315/month"; a Chinese scale and unit are glued to it: "94" under "（万元）" is "94万元".
    """
    sign, per, period = unit.partition("/")
    forms = (f"{number} {unit}", f"{unit}{number}", f"{sign}{number}{per}{period}")
    glued = f"{number}{unit}"  # "94万元": a Chinese scale is written glued, so tried first
    for text in (glued, *forms) if unit[:1] in SCALE_FIRST else (*forms, glued):
        if _runs_into(text, number):  # "x86" before "4" is "x864", another number
            continue
        stated = parse_stated(text)
        if stated is not None and stated.unit not in (None, "count"):
            return text
    return None


def _runs_into(text: str, number: str) -> bool:
    """Whether ``number``, written in ``text`` with a unit, touches a digit of the unit."""
    at = text.find(number)
    end = at + len(number)
    return (at > 0 and text[at - 1].isdigit()) or (end < len(text) and text[end].isdigit())


#: A unit with a scale in parentheses: "(USD M)", "(USD, millions)", "($K)", or a scale
#: alone after the unit's word: "Requests (millions)".
_SCALED = re.compile(
    r"(?:(?P<word>[A-Za-z]{2,24})\s*)?[(\[（]\s*(?:(?P<base>[^()\[\]（）,，\s]{1,16})\s*[,，]?\s*)?"
    r"(?P<scale>K|k|M|B|bn|mn|mln|(?i:thousands?|millions?|billions?))\s*[)\]）]\s*$"
)


#: A unit with a Chinese scale in brackets after it: "IOPS（万）", "最大 IOPS（万次）" (blind90:
#: the cells under it, "200" for 200万 IOPS, were published bare; "（万IOPS）" was read).
_CJK_SCALED = re.compile(
    r"(?P<word>[A-Za-z]{2,24})\s*[(\[（]\s*(?P<scale>千万|百万|万|亿|千)次?\s*[)\]）]\s*$"
)


#: A currency sign as its code, for a scaled unit ("$M" is "M USD").
_CODES = {sign: code for code, sign in CURRENCY_SIGNS.items()}


#: A scale letter glued to a unit's sign or acronym, last in a header: "kIOPS", "(k$)", "M€".
_GLUED_SCALE = re.compile(
    r"(?:^|[\s(\[（])(?P<scale>[kKM])(?P<base>[$€£¥]|IOPS|OPS|USD|EUR|GBP)[)\]）]?\s*$"
)


#: A scale written after "in", before or after the unit: "Prices in USD millions", "in
#: millions of US dollars", "in US$ M" (blind83: a table's caption so was not read).
_SCALE = r"(?:K|k|M|B|bn|mn|mln|(?i:thousands?|millions?|billions?))"
_IN_SCALED = re.compile(
    rf"\s(?i:in)\s+(?:(?P<base>[^\s()\[\]（）,，]{{1,16}}(?:\s(?i:dollars))?)\s+(?P<scale>{_SCALE})"
    rf"|(?P<scale2>{_SCALE})\s+(?i:of)\s+(?P<base2>[^\s()\[\]（）,，]{{1,16}}(?:\s(?i:dollars))?))\s*$"
)
#: The United States' dollar written out: its code.
_US_DOLLARS = re.compile(r"(?i:U\.?S\.?\s?(?:\$|dollars?))")


def _scaled_unit(header: str) -> str | None:
    """The unit and its scale a header states (:data:`_SCALED`, :data:`_GLUED_SCALE`,
    :data:`_IN_SCALED`), as the claim grammar reads them ("M USD", "million requests", "K
    IOPS"), or None."""
    glued = _GLUED_SCALE.search(header)
    if glued is not None:
        unit = f"{glued['scale'].upper()} {_CODES.get(glued['base'], glued['base'])}"
        return unit if _is_unit(unit) else None
    cjk = _CJK_SCALED.search(header)
    if cjk is not None:
        unit = f"{cjk['scale']}{cjk['word']}"
        return unit if _is_unit(unit) else None
    match = _SCALED.search(header) or _IN_SCALED.search(header)
    if match is None:
        return None
    groups = match.groupdict()
    scale = groups["scale"] or groups.get("scale2") or ""
    scale = scale.lower().rstrip("s") if len(scale) > 3 else scale
    base = groups["base"] or groups.get("word") or groups.get("base2")
    if base is None:
        return None
    base = _US_DOLLARS.sub("USD", base)
    base = _CODES.get(base, base)
    unit = f"{scale} {base}"
    return unit if _is_unit(unit) else None


def header_unit(header: str) -> str | None:
    """The unit ``header`` states for the numbers under it, or None (read at its end; a
    label's colon after it, "Save time (s):", is the label's; look-alike letters read as the
    Latin they look like, "Time (ѕ)" in seconds: blind74)."""
    return _tail_unit(header[-_TAIL:])


@lru_cache(maxsize=2048)
def _tail_unit(tail: str) -> str | None:
    """:func:`header_unit` of a header's end, remembered (a site's headings, read over each
    paragraph after them, repeat page after page; an end is short, whatever the header)."""
    header = fold(" ".join(tail.split()).rstrip(":：").rstrip())
    if _NAMED_BEFORE.match(header):  # "Version (min)": the least version, no minutes (blind69)
        return None
    if header.endswith(" ×"):  # "Speedup ×": a ratio's name repeated by its sign (not a
        return "×" if header_unit(header[:-2]) == "×" else None  # cross marking failures)
    found = price_unit(header) or _written_unit(header) or _named_unit(header)
    if found is None and (each := _PER_PART.fullmatch(header)) is not None:
        return header_unit(each["head"])  # "Random read IOPS per node" (blind89)
    return found


#: A quantity given for each of a setup's parts: the head states the unit of the numbers
#: under it ("Random read IOPS per node" is IOPS, each node's: blind89, a comparison
#: table's row read in another row's unit). Not per a unit ("GB per second" is a rate, read
#: whole), nor per capacity ("Rack units per PB" is a density).
_PER_PART = re.compile(
    r"(?P<head>.+?)\s+(?:(?i:per|each|/)\s*)(?i:node|drive|disk|gpu|server|controller|rack"
    r"|chassis|array|core|socket|port|shelf|enclosure|appliance|system|host|instance|vm|client"
    r"|thread|stream|connection|card|accelerator)s?"
)


#: A header that names things (:data:`NAMED_COLUMNS`) before its parenthesis.
_NAMED_BEFORE = re.compile(
    "(?i:" + "|".join(map(re.escape, sorted(NAMED_COLUMNS))) + r")\s*[(\[（]"
)


#: A duration's clock written as a header's unit: "(hh:mm:ss)", "(mm:ss)", "in h:mm"; the
#: cells under it are durations written as clocks ("01:34:20", :func:`is_clock`; blind20).
CLOCK_UNIT = (
    r"(?:(?i:hh?|mm?|min):(?i:mm|ss|sec)(?::(?i:ss))?(?:\.(?i:s+|f+))?"
    r"|[时時]:分(?::秒)?|分:秒)"  # "耗时（时:分:秒）" (blind24)
)
_CLOCK_HEADER = re.compile(
    rf"(?:[(\[（]\s*(?:(?i:in)\s+)?|\s(?i:in)\s+|[,/—–]\s*)(?P<unit>{CLOCK_UNIT})\s*[)\]）]?\s*$"
)
_CLOCK_CELL = re.compile(r"\d{1,3}:\d{2}(?::\d{2})?(?:\.\d+)?")
#: A header naming a time of day, not a duration: "Start (hh:mm)", "Timestamp (hh:mm:ss)".
_TIME_OF_DAY = re.compile(
    r"\b(?:start|starts|started|begin|begins|end|ends|ended|finish|finished|stop|stopped"
    r"|opens?|closes?|timestamp|time\s+of\s+day|clock|schedule|scheduled|window|deadline"
    r"|cut-?off|local|utc|gmt|when|departure|arrival|logged|at)\b"
    r"|开始|開始|结束|結束|时刻|時刻|截止|起始|出发|到达|開始時刻",
    re.IGNORECASE,
)


_CLOCK_UNIT = re.compile(CLOCK_UNIT)


def is_clock(unit: str, cell: str) -> bool:
    """Whether ``cell`` is a duration written as a clock under the clock ``unit``."""
    return _CLOCK_UNIT.fullmatch(unit) is not None and _CLOCK_CELL.fullmatch(cell) is not None


def _written_unit(header: str) -> str | None:
    """The unit ``header`` (normalised) writes out as one: scaled, in parentheses or
    brackets, after "in", a comma, a slash or a dash, a clock's, a percent sign or a
    ratio to a baseline; not a last word that names one (:func:`_named_unit`)."""
    scaled = _scaled_unit(header)
    if scaled is not None:
        return scaled
    clock = _CLOCK_HEADER.search(header)
    if clock is not None:
        return None if _TIME_OF_DAY.search(header, 0, clock.start()) else clock["unit"]
    for form in _HEADER_FORMS:
        match = form.search(header)
        if match is None:
            continue
        unit = _US_DOLLARS.sub("USD", match["unit"].strip())  # "in US dollars" (blind83)
        if not unit.isascii() and not _is_unit(unit):  # a squared unit: "(㎳)" is "(ms)"
            unit = unicodedata.normalize("NFKC", unit)
        if unit[:1].isdigit():  # "Saves in 91 s": a figure, not a unit
            continue
        if _is_unit(unit):
            return unit
        per = _PER_THING.fullmatch(unit)
        if per is not None and _is_unit(per["unit"]):
            return per["unit"]
    if _RELATIVE.search(header) or _RATIO_HEADER.search(header):
        return "×"
    if header in ("%", "‰"):  # a column headed by the sign alone
        return header
    return "%" if _PERCENT_FIRST.match(header) else None


def _named_unit(header: str) -> str | None:
    """The unit a header's last word names ("Seconds", "Latency ms", "Speedup": ×), or None."""
    words = header.split()
    if not words:
        return None
    last = words[-1]
    if last.lower() in _RATIO_WORDS or last.endswith(RATIO_ENDINGS):
        return "×"
    if last.lower() in _PERCENT_WORDS:
        return "%"
    if len(words) > 1 and words[-2].lower() in _NOT_AFTER:
        return None
    if len(last) < 2 or last.lower() in _NAMING_WORDS | NAMED_COLUMNS:
        return None
    if any(c.isdigit() for c in last) or last in _AMBIGUOUS:
        return None  # a name ("X1"), not a unit
    if with_unit("1", last) == f"1 {last}":
        return last
    if "/" in last and (price := price_unit(last)) is not None:
        return price  # a price's unit, its currency first: "Cost $/TB/month" (blind73)
    # Capitalised as a header's first word is ("Tokens/s", "Seconds": blind44).
    lowered = last[:1].lower() + last[1:]
    if last[:1].isupper() and last[1:2].islower() and with_unit("1", lowered) == f"1 {lowered}":
        return lowered
    # A quantity named, then its unit after a slash: "Latency/ms", "Time/s" (a rate such as
    # "Tokens/s" is a unit whole, read above).
    name, slash, unit = last.rpartition("/")
    if slash and name.isalpha() and len(name) > 2 and _is_unit(unit) and not _is_unit(name.lower()):
        return unit
    return None


def row_unit(label: str, first_header: str) -> str | None:
    """The unit a row's label (its first cell) states for the row's numbers, or None: none
    in a first column headed by a name (:data:`NAMED_COLUMNS`: "ID" over a record "IOPS")."""
    if " ".join(first_header.split()).lower() in NAMED_COLUMNS:
        return None
    return header_unit(label)


def _is_unit(text: str) -> bool:
    """``text`` is a unit the claim grammar reads (not ``B``: billions as often as bytes)."""
    return text not in _AMBIGUOUS and with_unit("1", text) is not None


def _unitless(text: str) -> bool:
    """``text`` is one number the grammar reads, with no unit."""
    if len(text) > _TAIL:
        return False
    stated = parse_stated(text)
    return stated is not None and stated.unit is None and any(c.isdigit() for c in text)
