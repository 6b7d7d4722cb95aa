"""The numbers a unit stated once governs, read from a cell, a block under a title, or the
list after a label.

A header or caption states the unit (:mod:`fxsite.pages.header_units`); these functions
read the numbers it governs:

* :func:`governed` reads a cell (or a block under a title): its whole text a number the
  grammar reads without a unit ("178", "~94", "6.2–9.3", ".023", "12 000", "1,9"), with a
  mark, note or footnote beside it ("94 ✅", "94 (median)", "94[^1]"), or one after a label
  ("NFS: 95", "NFS：95", "NFS — 95"); a cell with its own unit is the detector's, a cell of
  words is no figure.
* :func:`governed_list` reads a cell listing numbers ("178 → 94", "94, 96", "from 178 to
  94"); :func:`governed_parts` the parts of a block that also holds claims.
* :func:`labelled` reads "in seconds:", "(s):", ", s:" and "/s:" labels in prose (and a price named with
  what it is per, "Cost per TB per month:": :mod:`.price_units`), and the list of bare
  numbers or claims after them, each item perhaps named ("NFS 178", "p50 = 3.1",
  "178 (NFS)", "3.1 at p50"); a number with a word of its own ("3 runs") ends the list.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from fxsite.evidence.numerals import APPROX_WORDS, BOUND_WORDS, MULTIPLIER_WORDS, word_alternation
from fxsite.pages.cjk_numerals import NUMERAL_NUMBER
from fxsite.pages.figure_rules import NUMBER_IN_WORDS
from fxsite.pages.header_units import (
    _AMBIGUOUS,
    _OPEN,
    _TAIL,
    _UNIT_PART,
    DIGITS,
    NAMED_ONLY,
    RATIO_ENDINGS,
    Governed,
    _is_unit,
    _named_unit,
    _unitless,
    is_clock,
    with_unit,
)
from fxsite.pages.lazyre import LazyPattern
from fxsite.pages.price_units import OPEN, PRICE_LABEL, price_unit
from fxsite.verify.reading import fold

__all__ = ["LABEL_ENDS", "governed", "governed_list", "governed_parts", "labelled"]


def governed(text: str, unit: str, said: str, *, after_label: bool = False) -> Governed | None:
    """A cell's text read under ``unit``: a figure when it is a bare number, or one with
    an uncertainty, footnote marks or a parenthesis after it (:data:`_CELL_TAIL`); with
    ``after_label`` (a block under a title, :mod:`fxsite.pages.title_units`), after a
    label too ("NFS: 95", :data:`_CELL_LABEL`). A number in Chinese numerals
    (:data:`~fxsite.pages.cjk_numerals.NUMERAL_NUMBER`) is one too. A longer text is no such cell."""
    if len(text) > 2 * _TAIL:
        return None
    label = _CELL_LABEL.match(text) if after_label else None
    start = label.end() if label is not None else 0
    mark = _CELL_MARK.match(text, start)  # "✅ 94": a mark drawn before it
    start = mark.end() if mark is not None else start
    number = text[start:].rstrip(".")
    if number[-1:] in _TAIL_ENDS or "±" in number or _MAY_TAIL.search(number):
        number = _CELL_TAIL.sub("", number)
    # After a loose or bound word ("~01:34:20", "about ninety-four": blind24)
    lead = _LOOSE_LEAD.match(number)
    core = number[lead.end() :] if lead is not None else number
    if is_clock(unit, core):  # "01:34:20" under "(hh:mm:ss)": a duration as a clock
        return Governed(start, start + len(number), number, unit, said)
    # "94" under "Save time": a figure of it, as written; "119" under "Price per TB" (a
    # price in the currency of the figure a claim would cite)
    if unit == NAMED_ONLY or unit.startswith(OPEN):
        plain = _PLAIN_NUMBER.fullmatch(_readable(core)) is not None
        return Governed(start, start + len(number), number, unit, said) if plain else None
    readable = _readable(number)
    if not _unitless(readable):
        # "九十四" under "（秒）", "ninety-four" under "(s)", "zero" under "(ms)"
        spelled = core.translate(_HYPHENS)
        words = (
            NUMERAL_NUMBER.fullmatch(core)
            or NUMBER_IN_WORDS.fullmatch(spelled)
            or spelled.lower() == "zero"
        )
        if words and _is_unit(unit):
            return Governed(start, start + len(number), _spelled(number, unit), unit, said)
        return None
    found = with_unit(readable, unit)
    return Governed(start, start + len(number), found, unit, said) if found else None


#: A number in digits, as :func:`_readable` writes it: what a column named without its
#: unit holds as a figure ("94", "1,024.5"; not "v2", "R1", "2024-05").
_PLAIN_NUMBER = re.compile(DIGITS)
#: A loose or bound word before a cell's number ("~", "about", "under", "约").
_LOOSE_LEAD = LazyPattern(rf"(?:{word_alternation([*APPROX_WORDS, *BOUND_WORDS])})\s?", re.I)
#: Hyphens a number's words may be joined by ("ninety‑four", U+2011), as "-".
_HYPHENS = str.maketrans(dict.fromkeys("\u2010\u2011\u2012\u2013\u2212\ufe63\uff0d", "-"))
#: Marks drawn beside a cell's number that say nothing of its quantity: an emoji or a
#: symbol ("94 ✅", "✅ 94"), a footnote written as text ("94[^1]"), a dash and words
#: ("94 — fastest").
_MARKS = r"[\u2190-\u2bff\U0001F000-\U0001FAFF\uFE0F\u200d]"
_CELL_MARK = re.compile(rf"{_MARKS}+\s*")
_MAY_TAIL = re.compile(rf"{_MARKS}|\]|\s[—–]\s|\s(?i:on|for|with|under)\s")
#: A number as a table writes it that the claim grammar reads otherwise: a leading
#: point (".023"), digits grouped by spaces ("12 000"), a decimal comma ("1,9"), a scale
#: letter spaced from it ("1.2 M").
_GROUPED = re.compile(r"\d{1,3}(?:[ \u00a0\u202f\u2009]\d{3})+(?:\.\d+)?")
_DECIMAL_COMMA = re.compile(r"\d+,\d{1,2}")
_SPACED_SCALE = re.compile(r"\d+(?:\.\d+)?[ \u00a0][kKM]")


def _readable(number: str) -> str:
    """``number`` as the claim grammar reads it (:data:`_GROUPED`, :data:`_DECIMAL_COMMA`,
    a leading point); else as it is."""
    if number.startswith(".") and number[1:2].isdigit():
        return f"0{number}"
    if _GROUPED.fullmatch(number):
        return "".join(number.split()).replace("\u202f", "").replace("\u2009", "")
    if _DECIMAL_COMMA.fullmatch(number):
        return number.replace(",", ".")
    if _SPACED_SCALE.fullmatch(number):  # "1.2 M" under "(req/s)"
        return "".join(number.split())
    return number


#: Between two numbers a cell lists under one unit: an arrow, a comparison, a comma or a
#: semicolon before a space, a spaced slash, "to", "and", "or" ("178 → 94", "94 vs 178",
#: "94, 96, 98", "from 178 to 94"); not a comma between digits ("1,000").
_LIST_SEPARATOR = re.compile(
    r"\s*(?:→|->|⇒|=>|[,;、，；](?!\d)|\s/\s|(?<=\s)(?i:vs\.?|versus|to|and|or)(?=\s))\s*"
)
_FROM = re.compile(r"(?i:from)\s+|从\s*")


#: A cell's number and the one it replaced, named in parentheses: "94 (was 178)",
#: "94 (baseline: 178)" (blind20).
_WAS = re.compile(
    r"(?P<now>[~≈]?\d[\d,]*(?:\.\d+)?)\s*\(\s*(?i:was|from|vs\.?|versus|baseline|before|old"
    r"|previously)\s*[:=]?\s*(?P<then>\d[\d,]*(?:\.\d+)?)\s*\)"
)


def governed_list(text: str, unit: str, said: str) -> list[Governed]:
    """The numbers a cell lists under ``unit`` (:data:`_LIST_SEPARATOR`): each part read as
    a cell is (:func:`governed`); none unless every part is such a number ("94 runs, 3
    failures" lists no figures: its parts are words)."""
    if len(text) > 2 * _TAIL:
        return []
    was = _WAS.fullmatch(text)
    if was is not None:
        reads = [(was.span(g), with_unit(_readable(was[g]), unit)) for g in ("now", "then")]
        return [Governed(a, b, read, unit, said) for (a, b), read in reads if read]
    lead = _FROM.match(text)
    at = lead.end() if lead is not None else 0
    if _LIST_SEPARATOR.search(text, at) is None or NUMBER_IN_WORDS.fullmatch(text):
        return []  # one number ("one hundred and twelve"): the caller reads it as a cell
    found: list[Governed] = []
    for separator in (*_LIST_SEPARATOR.finditer(text, at), None):
        stop = separator.start() if separator is not None else len(text)
        part = text[at:stop]
        cell = governed(part, unit, said) if part else None
        if cell is None:
            return []
        found.append(Governed(cell.start + at, cell.end + at, cell.found, unit, said))
        at = separator.end() if separator is not None else stop
    return found if len(found) > 1 else []


def governed_parts(
    text: str, taken: list[tuple[int, int]], unit: str, said: str, *, after_label: bool = False
) -> list[Governed]:
    """The bare numbers ``unit`` governs in a block that also holds claims or figures
    (``taken``, sorted): each part of it between them and between its sentences read as
    a cell is (:func:`governed`): "NFS: 95. FX100: [94 s]" under a title holds "95"."""
    found: list[Governed] = []
    start = 0
    for begin, end in [*taken, (len(text), len(text))]:
        at = start
        for brk in (*_PART_END.finditer(text, start, begin), None):
            stop = brk.start() if brk is not None else begin
            part = text[at:stop]
            lead = len(part) - len(part.lstrip())
            # Digits glued to a claim or figure before them ("[94](…)5") are told as glued
            # (FX503), not again as a number of the cell.
            glued = at > 0 and at == start and _GLUED_DIGITS.fullmatch(part) is not None
            cell = (
                governed(part.strip(), unit, said, after_label=after_label)
                if part and not glued
                else None
            )
            if cell is not None:
                shift = at + lead
                found.append(Governed(cell.start + shift, cell.end + shift, cell.found, unit, said))
            at = brk.end() if brk is not None else stop
        start = max(start, end)
    return found


#: Digits glued to what stands before them in a cell (:func:`governed_parts`).
_GLUED_DIGITS = re.compile(r"\d{1,3}")
#: Where a part of a block ends: a sentence's stop or a semicolon before a space.
_PART_END = re.compile(r"[.;。；](?:\s+|\Z)|[。；]")


#: A label before a cell's number and a colon: "NFS: 95", "FX100: 0.5" (a digit before
#: the colon only with a space after it: "10:30" is a time; a full-width colon is never
#: one: "FX100：94"), or a spaced dash: "NFS — 178".
_CELL_LABEL = re.compile(r"[^\d\s:：][^:：—–]{0,39}?(?:(?<!\d)[:：]\s*|[:：]\s+|：\s*|\s+[—–]\s+)")


#: What may follow a cell's number without changing it: an uncertainty ("61 ± 2"),
#: footnote marks ("63*", "~64†", "65¹"), a parenthesis ("65 (median)") and where it was
#: measured ("178 on the old array").
_CELL_TAIL = re.compile(
    r"(?:\s*±\s*[0-9.]+|\s*[*†‡§¹²³⁰⁴⁵⁶⁷⁸⁹]+|\s*\([^()]{0,40}\)|\s*\[\^[^\]]{1,20}\]"
    # where it was measured: "178 on NFS", "150,000 on the FX100" (blind78)
    r"|\s+(?i:on|for|with|under)(?:\s+(?i:the|an?))?(?:\s+[A-Za-z][\w@.-]{0,19}){1,3}"
    rf"|\s*{_MARKS}+|\s+[—–]\s+[^\d]{{1,40}})+\s*\Z"
)
_TAIL_ENDS = frozenset("*†‡§¹²³⁰⁴⁵⁶⁷⁸⁹)")


#: A number as a table or a list writes it: thousands separated by commas, a decimal part.
_NUMBER = rf"[~≈]?\s?{DIGITS}"
#: What ends a label: a colon, an equals sign, or a dash between spaces ("Save time (s) =
#: 94", "Save time (s) — 94"), and a closing parenthesis before a verb of being
#: (:data:`_BEING`); :func:`labelled` is called where a text holds one.
LABEL_ENDS = ":：=—–)）"
#: A verb of being after a unit in parentheses ends the label as a colon does: "Save times
#: (in seconds) were 178 and 94", "保存时间（单位：秒）分别为178和94" (blind70: a unit stated
#: once in prose). Only after parentheses: "in seconds" in a sentence is read by its words.
_BEING = r"\s+(?i:were|are|was|is)\b|\s*(?:分别为|分别是|均为|为|是)"
#: Compiled where a text holds an end of a label (:data:`LABEL_ENDS`).
_LABEL = LazyPattern(
    # a price named with what it is per: "Cost per TB per month:" (:mod:`.price_units`)
    rf"(?:(?:^|(?<=[.;!?]\s))(?P<priced>{PRICE_LABEL})"
    rf"|{_OPEN}(?P<paren>{_UNIT_PART})[)\]）](?P<being>{_BEING})?"
    rf"|\s(?i:in)\s+(?P<word>{_UNIT_PART})"
    # or after a comma or a slash: "Save time, s: 94", "Save time/s: 94" (blind80)
    rf"|(?<=[a-z]),\s(?P<comma>{_UNIT_PART})(?=\s*[:：=])|(?<=[a-z]{{3}})/(?P<slash>{_UNIT_PART})(?=\s*[:：=])"
    # or one word at a sentence's start that names a unit or a ratio ("Speedup: 1.9"), or
    # words that end in a ratio's name ("Data reduction ratio: 4": blind73; "Speedup
    # factor: 12", "Times faster: 12": blind77)
    r"|(?:^|(?<=[.;!?]\s))(?:(?P<ratio>(?!(?i:form\s+factor))(?:[A-Za-z][A-Za-z-]{1,24}\s){1,3}(?i:ratio|factor)"
    r"|(?i:times\s+(?:faster|slower|better|more|less|higher|lower|smaller|larger))"
    # a unit's word and what it counts: "Seconds to save a checkpoint: 94" (blind78)
    r")|(?P<named>[A-Za-z][A-Za-z/-]{2,24})(?P<counts>(?:\s[A-Za-z][\w-]{0,20}){0,5}))"
    # a ratio named in Chinese at a sentence's start: "加速比：十二", "性能提升倍数：12" (blind77)
    rf"|(?:^|(?<=[。；！？.;!?]))\s*(?P<cjk_ratio>[\u4e00-\u9fff]{{0,6}}(?:{'|'.join(RATIO_ENDINGS)})))"
    r"(?(being)|(?:\s*[:：=]|\s+[—–]))\s*"
)
#: A name before each item of a labelled list, and its colon ("new: 640, old: 1280"), its
#: equals sign ("p50 = 3.1") or, a name of one word, a space ("NFS 178, FX100 94": blind20).
_ITEM_LABEL = re.compile(
    r"[A-Za-z][A-Za-z0-9 _-]{0,19}?[:：]\s*|[A-Za-z][A-Za-z0-9_.@-]{0,19}(?:\s*=\s*|\s+(?=\d))"
)
#: What names an item after its number, before the next: "178 (NFS) and 94 (FX100)",
#: "3.1 at p50, 12.5 at p99" (not a word of its own: "3 runs" ends the list).
_ITEM_TAIL = re.compile(
    r"\s*\([^()]{1,30}\)|\s+(?i:at|on|for|with|in|under)\s+[A-Za-z][\w@-]{0,19}"
    r"(?=\s*(?:[,;.，；。)]|\Z)|\s+(?i:and|vs))"
)
_SEPARATOR = re.compile(r"\s*(?:,|;|/|、|，|；|→|->|和|与|(?i:and|to|vs\.?))\s*")
_NUMBER_AT = re.compile(_NUMBER)


def labelled(text: str, claims: tuple[tuple[int, int], ...] = ()) -> list[Governed]:
    """Bare numbers and claims listed after "in seconds:" or "(s):" labels in ``text``, or a
    label of one word that names a unit or a ratio ("Speedup: 1.9", "Seconds: 94", "GB/s: 6.4", as a
    header does: :func:`_named_unit`), or words that end in "ratio" or "factor" ("Data
    reduction ratio: 4", "Speedup factor: 12"; not a "form factor", a size), or "times
    faster" and the like ("Times faster: 12"), or a price named with what it is per ("Cost
    per TB per month:", :func:`~fxsite.pages.price_units.price_unit`: a number after it is
    a figure as written where its currency is the cited figure's); a label may end in "="
    or a spaced dash too (:data:`LABEL_ENDS`). An item may be a number in words
    (:func:`_words_at`)."""
    found: list[Governed] = []
    # Read with look-alike letters folded, one character for one ("Sрeedup: twеlve" with
    # Cyrillic letters, "Speedup: ＴＷＥＬＶＥ"), as the detector reads (blind77).
    written, text = text, fold(text)
    starts = {start: n for n, (start, _) in enumerate(claims)}
    # the text with its hyphens as "-", once a number in words is looked for
    spelled: str | None = None
    for match in _labels(text):
        named, priced = match["named"], match["priced"]
        priced = priced and price_unit(" ".join(priced.split()))
        # "Data reduction ratio: 4" (blind73), "加速比：十二" (blind77)
        ratio = "×" if match["ratio"] or match["cjk_ratio"] else None
        unit = (
            priced
            or match["paren"]
            or match["word"]
            or match["comma"]
            or match["slash"]
            or (named and _label_unit(named, match["counts"]))
            or ratio
            or ""
        ).strip()
        if not unit or unit in _AMBIGUOUS or (not priced and with_unit("1", unit) is None):
            continue
        said = f"after '{written[_sentence_start(text, match.start()) : match.end()].strip()}'"
        at = match.end()
        while True:
            item = _ITEM_LABEL.match(text, at)  # "new: 640, old: 1280" after the label
            if item is not None and (item.end() in starts or _lone_number(text, item.end())):
                at = item.end()
            if at in starts:
                n = starts[at]
                found.append(Governed(at, claims[n][1], "", unit, said, n))
                at = claims[n][1]
            else:
                words = None
                number = _NUMBER_AT.match(text, at)
                if number is None:  # "Speedup: twelve"
                    # "ninety‑four" (U+2011) read as "ninety-four": one character for one
                    spelled = spelled if spelled is not None else text.translate(_HYPHENS)
                    number = words = _words_at(spelled, at, unit)
                if number is None or _continues(text, number.end()):
                    break
                tail = _ITEM_TAIL.match(text, number.end())
                ends = _ITEM_END.match(text, number.end()) or _SEPARATOR.match(text, number.end())
                if tail is None and ends is None:  # "3 runs": a number with a word of its own
                    break
                # a price in a currency not written, or per a unit the vocabulary
                # lacks, is a figure as written ("Price per TB: 119")
                read = (
                    _spelled(number.group(), unit)
                    if words is not None
                    else with_unit(number.group(), unit) or (number.group() if priced else None)
                )
                if read is not None:
                    found.append(Governed(number.start(), number.end(), read, unit, said))
                at = tail.end() if tail is not None else number.end()
            separator = _SEPARATOR.match(text, at)
            if separator is None:
                break
            at = separator.end()
    return found


def _label_unit(named: str, counts: str | None) -> str | None:
    """The unit a label's first word names ("Seconds to save:", :func:`_named_unit`), or
    a percentage's, of what it counts ("Percentage of time saved:")."""
    if counts and named.lower() == "percentage":
        return "%"
    return _named_unit(named)


def _labels(text: str) -> Iterator[re.Match[str]]:
    """The labels of ``text`` (:data:`_LABEL`), in order. One of a word and what it
    counts ("Seconds to save a checkpoint:") is a label where its first word names a unit,
    but "Times" (occurrences: "Times we tried: 3"); else it is searched past its first
    word, whose words may hold another ("Save time in seconds:")."""
    at = 0
    while (match := _LABEL.search(text, at)) is not None:
        named = match["named"]
        if (
            named
            and match["counts"]
            and (named.lower() == "times" or not _label_unit(named, match["counts"]))
        ):
            at = match.start("counts")
            continue
        at = match.end()
        yield match


#: A number in words where a label's list has one: English ("twelve", "ninety-four") or
#: Chinese numerals ("九十四"); "zero" too.
_WORDS_AT = LazyPattern(rf"{NUMBER_IN_WORDS.pattern}|(?i:zero)|{NUMERAL_NUMBER.pattern}")
#: A word that is a ratio on its own, where a label names a ratio ("Speedup: double").
_MULTIPLIER_AT = LazyPattern(
    rf"(?i:{word_alternation(w for w in MULTIPLIER_WORDS if w.isascii())})(?![\w-])"
)


def _words_at(text: str, at: int, unit: str) -> re.Match[str] | None:
    """A number in words at ``at`` after a label naming a unit the claim grammar reads
    ("Speedup: twelve", "Seconds: ninety-four", "（秒）：九十四"), as a cell under such a
    header is read (:func:`governed`); not after a price's label, whose unit is no
    unit of the grammar; after a ratio's, a word that is a ratio on its own too
    ("Speedup: double", :data:`~fxsite.evidence.numerals.MULTIPLIER_WORDS`)."""
    if not _is_unit(unit) or not text[at : at + 1].isalpha():
        return None
    loose = _LOOSE_LEAD.match(text, at)  # "about twelve", "over double"
    at = loose.end() if loose is not None else at
    ratio = _MULTIPLIER_AT.match(text, at) if unit == "×" else None
    return ratio or _WORDS_AT.match(text, at)


def _spelled(number: str, unit: str) -> str:
    """A number in words written with ``unit`` (a Chinese unit glued to it; a word that is
    a ratio on its own, as it stands): a cell's or a label's list's, as read."""
    if number.lower() in MULTIPLIER_WORDS:
        return number
    return f"{number}{unit}" if unit[0] > "\u2e80" else f"{number} {unit}"


def _lone_number(text: str, at: int) -> bool:
    """Whether a number stands alone at ``at``: nothing but a separator, a stop or the
    end after it ("new: 640, old: 1280"; not "see note: 3 runs")."""
    number = _NUMBER_AT.match(text, at)
    return number is not None and _ITEM_END.match(text, number.end()) is not None


_ITEM_END = re.compile(r"\s*(?:[,;.)，；。!?…！？]|\Z)")


def _sentence_start(text: str, end: int) -> int:
    """Where the sentence holding ``text[end]`` starts (after ". " or "。")."""
    latin = text.rfind(". ", 0, end)
    return max(latin + 2 if latin >= 0 else 0, text.rfind("。", 0, end) + 1)


def _continues(text: str, end: int) -> bool:
    """The number ending at ``end`` goes on: a letter, digit or unit sign is glued to it (not
    a separator: "178和94")."""
    after = text[end : end + 1]
    return (
        bool(after) and (after.isalnum() or after in "%×$€£¥") and not _SEPARATOR.match(text, end)
    )
