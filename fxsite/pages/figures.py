"""Bare-figure detection: quantities in prose that no evidence link backs.

DESIGN.md refuses any *bare figure*: a quantity in prose (digits or number
words with a unit, ``×``, ``%`` or a currency sign) outside an evidence link.
:func:`find_bare_figures` finds them in text where the caller has already
blanked code, evidence links and URLs to spaces (newlines kept), so every
offset maps back to the source file.

A text is read a paragraph at a time, with look-alike digits, signs and dashes read as the
ASCII they stand for and combining marks left out; the rules of
:mod:`fxsite.pages.figure_rules` (where each decision about names and units is written)
list the candidates, the longest of overlapping ones wins, ranges and the left side of an
arrow or of "from A to B" borrow their right side's unit, "between A and B" is one range,
so are a spec's values joined by a slash ("50/60 Hz"; not after names joined so: "p50/p99:
1.1/3.4 ms" is two figures), and a figure takes the words that bound it ("30秒以内").
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from fxsite.evidence.numerals import (
    ARROWS,
    NOTE_SIGNS,
    NUMBER_WORDS,
    WIDTH_MAP,
    alternation,
    word_alternation,
)
from fxsite.evidence.quantities import parse_stated
from fxsite.evidence.units import canonical_unit, conversion_factor
from fxsite.pages import figure_rules
from fxsite.pages.figure_names import IDIOM_CUE, IDIOMS, NAMED, names_a_class
from fxsite.pages.figure_vocab import (
    ALWAYS as _ALWAYS_PATTERN,
    APPROX as _APPROX,
    NUM as _NUM,
    SIGN as _SIGN,
    SP as _SP,
    START as _START,
)
from fxsite.pages.lazyre import LazyPattern
from fxsite.pages.set_against import against_operands

__all__ = ["FigureSpan", "find_bare_figures", "range_in_words", "without_note_signs"]


@dataclass(frozen=True, slots=True)
class FigureSpan:
    """One bare figure: ``text == source[start:end]``."""

    start: int
    end: int
    text: str
    #: "unit", "ratio", "percent", "currency" or "number-word"
    kind: str


# An arrow between two values: "3.26 → 6.40 GB/s" states two figures, the left one borrowing
# the right one's unit; a slash too after names joined by one ("p50/p99: 1.1/3.4 ms"), else
# it joins a spec's values, one figure ("50/60 Hz": blind70, "50" was offered a 50% figure).
_ARROW = f"(?:{alternation(ARROWS)})"
_ARROW_LEFT = LazyPattern(rf"{_START}(?:{_APPROX})?{_SIGN}?{_NUM}(?:{_SP}*{_ARROW}{_SP}*|/)\Z")
_SLASH_NAMES = re.compile(r"[^\W\d][\w.-]*/[^\W\d]")

# The number an arrow's left side starts with.
_LEFT_NUMBER = LazyPattern(rf"(?:{_APPROX})?{_SIGN}?{_NUM}")

# Chinese "from A to B": "从3.26提升到6.40 GB/s" states two figures too.
_FROM_LEFT = LazyPattern(
    rf"从{_SP}?(?P<num>{_SIGN}?{_NUM}){_SP}?[\u4e00-\u9fff]{{0,3}}(?:到|至){_SP}?\Z"
)

# "from 0.5 ms to 0.12", "从0.5毫秒降到0.12": the right side of "from A to B" takes A's
# unit when it states none (blind38). "from" (从) before A, "to" (到, 至, after up to three
# characters: 降到, 提升至) after it, then a bare number.
_FROM_BEFORE = LazyPattern(rf"(?:\b(?i:from)|从){_SP}?(?:{_APPROX})?\Z")
_TO_RIGHT = LazyPattern(
    rf"(?:{_SP}+(?i:to|down{_SP}to|up{_SP}to){_SP}+|{_SP}?[\u4e00-\u9fff]{{0,3}}?(?:到|至){_SP}?)"
    rf"(?P<num>{_SIGN}?{_NUM})(?![\d%]|[.,]\d)"
)


_NUMBER_WORD = word_alternation(w for w in NUMBER_WORDS if w.isascii())
# "between 5 and 10 ms", "between 5 ms and 10 ms", "between $5 and $10": a range in words,
# one figure from "between" on (its left number, unit or none, before "and").
_BETWEEN = (
    rf"\b(?i:between){_SP}+(?:{_APPROX})?"
    rf"(?P<a>[^\s\d]{{0,3}}{_SIGN}?{_NUM}(?:{_SP}?[^\s\d]{{1,12}})?"
    # or in words: "between two and three times faster" (blind88: read as "three times")
    rf"|(?i:{_NUMBER_WORD})(?:-(?i:{_NUMBER_WORD}))?){_SP}+(?i:and){_SP}+"
)
_BETWEEN_LEFT = LazyPattern(rf"{_BETWEEN}\Z")
_BETWEEN_WHOLE = LazyPattern(rf"{_BETWEEN}(?P<b>\S.*)", re.DOTALL)


def range_in_words(found: str) -> str | None:
    """A figure read as "between A and B", as the claim grammar writes it ("A to B"); None:
    ``found`` is no such figure."""
    match = _BETWEEN_WHOLE.fullmatch(found)
    return f"{match['a']} to {match['b']}" if match is not None else None


# A duration in several units or on a clock ("1 min 34 s", "1m34s", "1:34", "2 h 30 min"),
# which the claim grammar writes in one unit: its seconds (blind70: the advice found no
# record of 94 s for "1 min 34 s").
_DURATION_PART = re.compile(
    r"(?P<n>\d+(?:\.\d+)?)[ \u00a0]?(?P<u>d|days?|h|hrs?|hours?|m|mins?|minutes?|s|secs?|seconds?)"
    r"(?![A-Za-z])[ \u00a0]*",
    re.IGNORECASE,
)
_CLOCK = re.compile(r"(?P<a>\d{1,3}):(?P<b>\d{2})(?::(?P<c>\d{2}))?")
_LEADING_WORDS = re.compile(r"(?:[^\W\d]+[ \u00a0]+)*")


def duration_in_seconds(found: str) -> str | None:
    """A figure read as a duration in several units or on a clock, in seconds as the claim
    grammar writes it ("1 min 34 s" -> "94 s"; words before it kept: "about 1:34" ->
    "about 94 s"); None: ``found`` is no such figure."""
    lead = _LEADING_WORDS.match(found)
    at = lead.end() if lead is not None else 0
    words, body = found[:at], found[at:].strip()
    clock = _CLOCK.fullmatch(body)
    if clock is not None:
        hours, minutes, seconds = (
            (clock["a"], clock["b"], clock["c"]) if clock["c"] else ("0", clock["a"], clock["b"])
        )
        clocked = int(hours) * 3600 + int(minutes) * 60 + int(seconds)
        return f"{words}{clocked} s"
    parts: list[tuple[Decimal, Decimal]] = []
    at = 0
    while at < len(body):
        part = _DURATION_PART.match(body, at)
        if part is None:
            return None
        # the units' own factors; "m" in a duration is minutes, not metres ("1m34s")
        unit = "min" if part["u"].lower() == "m" else canonical_unit(part["u"].lower())
        factor = conversion_factor(unit, "s") if unit is not None else None
        if factor is None:
            return None
        parts.append((Decimal(part["n"]), factor))
        at = part.end()
    if len(parts) < 2:
        return None
    total = sum((n * unit for n, unit in parts), Decimal(0))
    return f"{words}{total.normalize():f} s"


_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")

# Chinese words after a figure that bound or approximate it ("30秒以内").
# "内" too ("两天内", blind90: fix wrote "[两天](…)内", a value for a bound), not the first
# character of a word ("内存", "内部").
_SUFFIX = re.compile(r"(?:以上|以下|以内|左右|起|内(?![存部容核置网外在地]))")


def _select(candidates: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """The longest candidate wins where candidates overlap; earlier first."""
    chosen: list[tuple[int, int, str]] = []
    for start, end, kind in sorted(candidates, key=lambda c: (c[0], -c[1])):
        if chosen and start < chosen[-1][1]:
            continue
        chosen.append((start, end, kind))
    return chosen


# Two ratios joined by "to", not after "from" ("6.2x to 9.3x faster", blind70): a range, as
# the claim grammar reads it; "from 2x to 4x" is a change, two figures.
_RATIOS_TO = re.compile(r"[ \u00a0]+to[ \u00a0]+")
_FROM_BEFORE_RATIO = re.compile(r"\b(?i:from)[ \u00a0]+(?:\S+[ \u00a0]+)?\Z")


def _merge_ranges(text: str, spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Join "10%–20%", "$1.2M–$1.5M" and "6.2x to 9.3x": one range is one figure."""
    merged: list[tuple[int, int, str]] = []
    for start, end, kind in spans:
        if merged:
            p_start, p_end, p_kind = merged[-1]
            gap = text[p_end:start]
            tilde = not gap and text[start : start + 1] in {"~", "～"}  # "0℃~40℃"
            ratios = (
                kind == "ratio"
                and _RATIOS_TO.fullmatch(gap) is not None
                and _FROM_BEFORE_RATIO.search(text, max(0, p_start - 24), p_start) is None
            )
            if (
                p_kind == kind
                and end > p_end
                and (gap in {"–", "—", "-", "至", "到"} or tilde or ratios)
            ):
                merged[-1] = (p_start, end, kind)
                continue
        merged.append((start, end, kind))
    return merged


def _between(text: str, spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """A figure after "between A and" (:data:`_BETWEEN_LEFT`) starts at "between": one range,
    the left number's own figure ("5 ms" of "between 5 ms and 10 ms") inside it."""
    if "etween" not in text:
        return spans
    result: list[tuple[int, int, str]] = []
    for start, end, kind in spans:
        match = _BETWEEN_LEFT.search(text, max(0, start - 48), start)
        if match is not None:
            while result and result[-1][0] >= match.start():
                result.pop()
            start = match.start()
        result.append((start, end, kind))
    return result


def _arrow_operands(text: str, spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Add the bare left operand of "3.26 → 6.40 GB/s" (and of chains; "50/60 Hz" is one
    figure: :data:`_SLASH_NAMES`), the bare right one of "from 0.5 ms to 0.12"
    (:func:`_to_operands`), and a number set against a figure ("0.1 ms, while theirs is
    0.3": :func:`~fxsite.pages.set_against.against_operands`)."""
    result, pending = list(spans), list(spans)
    # a slash's left value: the figure it joins; a figure: where the values joined to it start
    first, joined = dict[int, int](), dict[int, int]()
    # A byte a character figures take: a left operand's overlap is looked up, not searched.
    taken = bytearray(len(text))
    for start, end, _ in spans:
        taken[start:end] = b"\x01" * (end - start)
    while pending:
        start, _end, kind = pending.pop()
        match = _ARROW_LEFT.search(text, max(0, start - 48), start)
        if match is None:
            window = max(0, start - 48)
            chinese = _FROM_LEFT.search(text, window, start) if "从" in text[window:start] else None
            if chinese is None:
                continue
            left = chinese.span("num")
        else:
            number = _LEFT_NUMBER.match(text[match.start() : start])
            if number is None:  # pragma: no cover - the arrow pattern starts with one
                continue
            left = (match.start(), match.start() + number.end())
        if taken.find(1, *left) != -1:
            continue  # "178 s → 94 s": the left side is a figure already
        taken[left[0] : left[1]] = b"\x01" * (left[1] - left[0])
        pending.append((*left, kind))
        slash = match is not None and text[start - 1] == "/"
        if not slash or _SLASH_NAMES.search(text, max(0, left[0] - 48), left[0]):
            result.append((*left, kind))
        else:
            joined[first.setdefault(left[0], first.pop(start, start))] = left[0]
    result = [(joined.get(s, s), e, k) for s, e, k in result]
    return sorted(result + _to_operands(text, spans, taken) + against_operands(text, spans, taken))


def _to_operands(
    text: str, spans: list[tuple[int, int, str]], taken: bytearray
) -> list[tuple[int, int, str]]:
    """The bare right side of "from 0.5 ms to 0.12" (:data:`_TO_RIGHT`)."""
    found = []
    for start, end, kind in spans:
        if kind != "unit" or _FROM_BEFORE.search(text, max(0, start - 12), start) is None:
            continue
        match = _TO_RIGHT.match(text, end)
        if match is not None and taken.find(1, *match.span("num")) == -1:
            found.append((*match.span("num"), kind))  # not "to 120 us", a figure found
    return found


def find_bare_figures(text: str) -> list[FigureSpan]:
    """Every bare figure in ``text``, sorted by position, none overlapping.

    ``text`` is prose with non-prose (code, evidence links, URLs) already
    blanked to spaces by the caller, so offsets are source offsets.
    """
    return list(_read_kept(text) if len(text) <= _KEPT else _read(text))


#: The longest text whose figures are kept (see :func:`_read_kept`).
_KEPT = 512


@lru_cache(maxsize=1 << 14)
def _read_kept(text: str) -> tuple[FigureSpan, ...]:
    """A text read again is read once: its figures depend on it alone. Only short texts
    are kept. A build reads them again page after page (a sentence whose claims are
    blanked alike) and far apart: each record's words when the library is loaded
    (:mod:`fxsite.pages.record_text`) and again when the gate reads its record page,
    every other short text of the site read in between (about 3,750 at the base size of
    ``benchmarks/scale.py``, 14,550 at 4x: 512 kept none of them; 16,384 keep
    both, the detector's CPU in a build about 0.1 s less at base and 0.9 s at 4x)."""
    return _read(text)


def _read(text: str) -> tuple[FigureSpan, ...]:
    """Every bare figure in ``text`` (see :func:`find_bare_figures`)."""
    if text.isascii():
        scan = text  # what _READ_AS, _DASH_IN_WORD and _MARK read is not ASCII
    else:
        # Full-width digits and signs ("９６％") read as ASCII, and the signs that pass
        # for a percent sign as it; one character each, so offsets stay the caller's.
        scan = _DASH_IN_WORD.sub("-", text.translate(_READ_AS))
        if _MARK.search(scan) is not None:
            # A keycap or a marked digit reads as its digit, repeated over its characters.
            scan = _KEYCAP.sub(lambda m: m[1] * len(m[0]), scan)
    figures: list[FigureSpan] = []
    # Paragraph by paragraph: no figure spans a blank line, and most
    # paragraphs of a page that cites its figures have no digit left.
    start = 0
    for brk in (*_PARAGRAPH_BREAK.finditer(scan), None):
        end = brk.start() if brk is not None else len(scan)
        if start < end:
            figures.extend(_marks_apart(text, scan[start:end], start))
        if brk is not None:
            start = brk.end()
    return tuple(figures)


#: A word in capitals: a paragraph of two or more is written in capitals ("1.2 M", a cell
#: of a number and its scale, is not).
_CAPITAL_WORD = re.compile(r"\b[A-Z]{2,}\b")


def _in_capitals(text: str, paragraph: str, start: int) -> list[FigureSpan]:
    """The figures of a paragraph; one written in capitals ("SAVES 94 S ON THE FX100.") is
    read in small letters too, as a reader reads it ("94 s"; blind80): what either reading
    finds, the first's where they overlap; of the second, units only (a unit's letters
    are what capitals change: "X1", a record's ID, is no "x1" multiplier). A paragraph in
    capitals holds two words of them (:data:`_CAPITAL_WORD`). Only ASCII: its small letters
    keep offsets."""
    found = _in_paragraph(text, paragraph, start)
    if (
        not (paragraph.isascii() and paragraph.isupper())
        or len(_CAPITAL_WORD.findall(paragraph)) < 2
    ):
        return found
    taken = [(f.start, f.end) for f in found]
    small = [
        f
        for f in _in_paragraph(text, paragraph.lower(), start)
        if f.kind == "unit" and not any(a < f.end and f.start < b for a, b in taken)
    ]
    return sorted([*found, *small], key=lambda f: f.start) if small else found


#: A note's sign written right after a number, before what it is of: "94† s", "1.9‡x",
#: "150,000* IOPS", "94 (a) s", "94 [1] s", "94 † s" (blind81); not "3*4" (a product).
_NOTE_AFTER_DIGIT = re.compile(
    rf"(?<=\d)(?:[{NOTE_SIGNS}]{{1,3}}|[ ][{NOTE_SIGNS[1:]}]{{1,3}}"
    r"|[ ]\((?:[a-h]|[ivx]{1,3}|\d{1,2})\)"
    r"|[ ]\[\d{1,2}\])"
    r"(?=[ \u00a0]?[^\W\d_]|[%×‰])"
)


def without_note_signs(figure: str) -> str:
    """A figure as read past its note's signs ("94† s" is "94 s"), for the claim that cites it."""
    return _NOTE_AFTER_DIGIT.sub("", figure)


def _marks_apart(text: str, paragraph: str, start: int) -> list[FigureSpan]:
    """The figures of a paragraph (:func:`_in_capitals`); one with a note's sign between a
    number and its unit (:data:`_NOTE_AFTER_DIGIT`) is read without those signs too, as a
    reader reads past a note's mark ("94† s" is 94 s): what that reading finds where the
    first found nothing, placed at the text as written ("94† s")."""
    found = _in_capitals(text, paragraph, start)
    if (paragraph.isascii() and not any(c in paragraph for c in "*([")) or not (
        marks := list(_NOTE_AFTER_DIGIT.finditer(paragraph))
    ):
        return found
    kept: list[str] = []  # the paragraph without the signs
    at: list[int] = []  # where each of its characters was
    last = 0
    for mark in marks:
        kept.append(paragraph[last : mark.start()])
        at.extend(range(last, mark.start()))
        last = mark.end()
    kept.append(paragraph[last:])
    at.extend(range(last, len(paragraph)))
    plain = "".join(kept)
    taken = [(f.start, f.end) for f in found]
    apart = []
    for f in _in_capitals(plain, plain, 0):
        a, b = start + at[f.start], start + at[f.end - 1] + 1
        if not any(x < b and a < y for x, y in taken):
            apart.append(FigureSpan(a, b, text[a:b], f.kind))
    return sorted([*found, *apart], key=lambda f: f.start) if apart else found


#: What the detector reads each character as: full-width forms as ASCII, the
#: Arabic and small percent signs and the commercial minus as "%" ("96٪", "96﹪",
#: "96 ⁒"), the Arabic per mille as "‰".
_READ_AS = WIDTH_MAP | str.maketrans(
    {"\u066a": "%", "\ufe6a": "%", "\u2052": "%", "\u0609": "‰", "\u060a": "‱"}
)


def _digit_signs() -> dict[int, str]:
    """Signs that draw a whole number NFKC keeps apart from its digits, each read as its digit
    (a number past nine as "9"): dingbat, double-circled and circled digits ("➒➍ s", "⓽⓹ s",
    "㉔ s"), Roman
    numerals ("Ⅻ s") and the emoji of a number ("🔟 s", "💯%"). Vulgar fractions are read as
    fractions."""
    signs = {ord("🔟"): "9", ord("💯"): "9"}
    for first, last in (
        *((0x2150, 0x218F), (0x2460, 0x24FF), (0x2776, 0x2793), (0x1F100, 0x1F10C)),
        # circled numbers past twenty ("㉔ s": blind44) and circled ideographs of one to ten
        *((0x3248, 0x325F), (0x3280, 0x3289), (0x32B1, 0x32BF)),
    ):
        for code in range(first, last + 1):
            char = chr(code)
            value = unicodedata.numeric(char, None)
            if (
                unicodedata.category(char) in ("No", "Nl")
                and value is not None
                and value == int(value)
                and "FRACTION" not in unicodedata.name(char, "")
            ):
                signs[code] = str(min(int(value), 9))
    return signs


_READ_AS |= _digit_signs()
#: A Unicode hyphen, dash or minus sign between a digit and a letter, read as "-"
#: ("10‑fold", "94–second"); elsewhere a dash joins a range ("8%–90%").
_DASH_IN_WORD = re.compile("(?<=\\d)[\u2010\u2011\u2012\u2013\u2212\ufe63](?=[A-Za-z])")


# A keycap digit ("3️⃣": the digit, an optional variation selector, U+20E3) and a
# digit under combining marks ("9́": the digit drawn with an accent).
_MARKS = "[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]"
_MARK = re.compile(_MARKS)
_KEYCAP = re.compile(f"(\\d)(?:\ufe0f?{_MARKS})+")


_ALWAYS = LazyPattern(_ALWAYS_PATTERN)


def _always(scan: str, start: int, end: int) -> bool:
    """``scan[start:end]`` is inside "24 hours a day" or another way of saying always."""
    match = _ALWAYS.match(scan, start)
    return match is not None and end <= match.end()


#: After a duration, "ago" makes it a time in the past ("updated 3 days ago"): a date.
_AGO = re.compile(r"\s+ago\b", re.IGNORECASE)
#: A calendar year in Chinese or Japanese, spaced as style guides write it ("2024 年"), or
#: of an era ("令和6年", "民国113年"): a date, as "2024年" is.
_CJK_YEAR = re.compile(r"(?:(?:19|20)\d\d|(?<=令和|平成|昭和|民国|民國)\d{1,3})[ \u00a0]?年")


def _in_paragraph(text: str, scan: str, offset: int) -> list[FigureSpan]:
    found = [
        c
        for c in figure_rules.candidates(scan)
        if not NAMED.fullmatch(scan, c[0], c[1])
        and not names_a_class(scan, c[0], c[1])
        and not _always(scan, c[0], c[1])
        and not _AGO.match(scan, c[1])
        and not _CJK_YEAR.fullmatch(scan, c[0], c[1])
    ]
    if found and IDIOM_CUE.search(scan) is not None:  # "doubled down", "my two cents"
        idioms = [m.span() for m in IDIOMS.finditer(scan)]
        found = [c for c in found if not any(a <= c[0] and c[1] <= b for a, b in idioms)]
    spans = _select(found)
    spans = _between(scan, _merge_ranges(scan, spans))
    spans = _arrow_operands(scan, spans)
    spans = [
        (s + offset, _with_suffix(scan, e, k == "currency", s) + offset, k) for s, e, k in spans
    ]
    return [FigureSpan(s, e, text[s:e], kind) for s, e, kind in spans]


#: What a price is per, written out after it: " per TB-month", " per month".
_PRICE_PER = re.compile(r"[ \u00a0](?i:per)[ \u00a0][A-Za-z][\w-]{0,24}")


def _with_suffix(text: str, end: int, price: bool = False, start: int = 0) -> int:
    """``end`` past a Chinese bound word glued after the figure ("30秒以内"); of a
    ``price`` (from ``start``), past what it is per where the claim grammar reads that as
    its unit ("$18.50 per TB-month": a claim may cite it so; blind22)."""
    if price:
        per = _PRICE_PER.match(text, end)
        if per is not None:
            stated = parse_stated(text[start : per.end()])
            if stated is not None and stated.unit is not None and "/" in stated.unit:
                return per.end()
    suffix = _SUFFIX.match(text, end)
    return suffix.end() if suffix else end
