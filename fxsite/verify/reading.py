"""Rules over visible text: bare figures, hidden characters, look-alikes, glued claims.

Bare figures are found by :func:`fxsite.pages.figures.find_bare_figures`, the
one detector, called from here only: the page reader (:mod:`fxsite.pages.judge`),
the gate and the audit all read through :func:`detect`. This module prepares the
text a reader sees for it: claims and URLs blanked, look-alike letters folded.

* Invisible and direction-control characters (zero-width space and joiners,
  soft hyphen, word joiner, bidi embeddings, overrides and isolates, Hangul
  fillers …) are refused outright in published text: they can split a figure
  for the detector while the reader sees it whole, or reorder what is shown.
  A zero-width joiner or non-joiner between two letters of a script whose words
  are spelt with them (Persian ``می‌خواهم``, Sinhala ``ශ්‍රී``), in a word without a
  digit and outside a claim, is text.
* Look-alike letters are folded before detection: ASCII letters written for digits
  in a number ("1l8 s", "17O s"), NFKC (full-width ``５ｘ`` is
  ``5x``), then Unicode's confusables table (as ``confusable_homoglyphs``
  ships it; the part that maps to an ASCII letter or digit, extracted by
  ``tools/confusables_table.py``) for letters and digits of other scripts that
  pass for ASCII (Cyrillic ``х`` for ``x``, Greek ``Β`` for ``B``). CJK units and
  ``µ`` are kept: they are real units.
* A character glued to a claim that would change what it says (``$[1.2](…)M``
  shows "$1.2M"; ``5[94 s](…)`` shows "594 s") is refused.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections.abc import Iterable
from functools import cache, lru_cache

from fxsite.evidence.numerals import (
    APPROX_WORDS,
    BOUND_AFTER_WORDS,
    BOUND_SUFFIXES,
    BOUND_WORDS,
    COMPARING_WORDS,
    LASTING_WORDS,
    NEGATED_BEING,
    NEGATION_WORDS,
    alternation,
    word_alternation,
)
from fxsite.evidence.quantities import parse_stated
from fxsite.evidence.units import UNITS
from fxsite.pages.cjk_figures import CJK_UNITS, TRADITIONAL
from fxsite.pages.figure_vocab import CURRENCY_SIGNS, MAG_CJK, PER_TIME_AFTER, SCALE_AFTER
from fxsite.pages.figures import FigureSpan, find_bare_figures
from fxsite.pages.lazyre import LazyPattern
from fxsite.pages.price_units import per_after_price
from fxsite.pages.to_one import ONE_AGAINST
from fxsite.verify.confusables_table import TO_ASCII

__all__ = [
    "copy_glued",
    "detect",
    "dropped_characters",
    "fold",
    "glued",
    "hidden_characters",
    "multiplied",
]

#: Invisible characters outside Unicode's format category (Cf) that render as nothing
#: (the Hangul fillers, the braille blank, the Khmer inherent vowels …).
_INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5")
#: Marks that draw nothing after a Latin letter or a digit: the combining grapheme
#: joiner and the variation selectors ("178\u034fs" shows "178s"). A variation selector
#: before a keycap (3\ufe0f\u20e3) or after an emoji is how those are written.
_IGNORABLE_MARKS = frozenset(
    ["\u034f", *map(chr, range(0xFE00, 0xFE10)), *map(chr, range(0xE0100, 0xE01F0))]
)
#: Kept as they are: real units and signs a page may use.
_KEEP = frozenset("µμ×–—−·°′″")
#: Signs that pass for the multiplication sign or a slash ("1.9✕", "1.9⨉", "1.9❌", "1⁄4"),
#: and the small capital s ("94 ꜱ") and the Cherokee small letter s ("94 ꮪ") that no fold
#: reaches (they sit above the CJK blocks), as read. A sign the confusables table reads as
#: an x is one too (:func:`_fold_char`); so is a Greek small chi standing alone after a
#: number (:data:`_CHI_SIGN`).
_SIGNS = {
    **dict.fromkeys("✕✖✗✘☓⨉❌❎🗙🗴乂🞩⛌", "×"),
    **dict.fromkeys("⁄∕⧸", "/"),
    # RATIO, the small and the vertical colon, the raised and the modifier letter colon,
    # drawn as a colon ("4∶1", "4﹕1", "4˸1": blind74)
    **dict.fromkeys("∶﹕︓˸꞉", ":"),
    "ꜱ": "s",
    "ꮪ": "s",
}
#: A Greek small chi after a number and not before a letter ("1.9χ faster", "2χ"): an x
#: as drawn, which the confusables table does not say (its capital "Χ" it does); in a word
#: ("3 χώρες", in 3 countries) it is a letter.
_CHI_SIGN = re.compile(r"(?<=[\d\s])χ(?![^\W\d_])")
#: Letters and digits above the CJK blocks that NFKC folds: the mathematical
#: alphabets (𝐬, 𝗌, 𝖦𝖡, 𝟗) and segmented digits; CJK text around them is kept.
_FOLDED_ABOVE_CJK = ((0xFF00, 0xFFEF), (0x1D400, 0x1D7FF), (0x1FBF0, 0x1FBF9))
_URL = re.compile(r"\b(?:https?|ftp|mailto):\S+|\bwww\.\S+", re.IGNORECASE)

#: CJK characters that carry a quantity (scale words and units).
_CJK_QUANTITY = frozenset("万亿千百十兆倍秒分钟时天元％")
#: The currency signs of one character: every Unicode currency symbol, the money emoji.
_MONEY = frozenset(sign for sign in CURRENCY_SIGNS if len(sign) == 1)
#: After a claim: a character that continues its number or unit (a superscript
#: minus, as folded, raises it to a power: "94 s⁻¹").
_AFTER = frozenset("%‰‱٪﹪؉؊×$€£¥₹¢°²³/+'−") | _CJK_QUANTITY | _MONEY
#: Before a claim: a sign, a currency or a comparison that changes it.
_BEFORE = frozenset("$€£¥₹¢-−±<>≤≥~≈/") | _MONEY
#: The units of a relative figure, which a plus sign before it leaves as it is
#: ("+[96%](…)" is a gain of 96%); before any other claim it states a difference.
_RELATIVE = frozenset("%‰‱٪﹪×xX")


def hidden_characters(text: str, claims: Iterable[tuple[int, int]] = ()) -> list[tuple[int, str]]:
    """(offset, name) of each invisible or direction-control character; a joiner
    spelling a word (:func:`_spelling`) outside the ``claims`` spans is text.

    Linear in ``text``: each word's digits and each claim's span are looked up by
    bisection, not scanned again per character (a page of joiners was quadratic)."""
    if text.isascii():  # ASCII has none (its controls are Cc, not Cf)
        return []
    claimed = _Spans(sorted(claims))
    words: _Spans | None = None
    found = []
    for index, char in enumerate(text):
        if not (
            char in _INVISIBLE
            or unicodedata.category(char) == "Cf"
            or _drawn_as_nothing(text, index)
        ):
            continue
        if _spelling(text, index) and claimed.at(index) is None:
            words = words or _words(text)
            word = words.at(index)
            if word is not None and not words.marked[word]:
                continue  # a joiner spelling a word without a digit: text
        found.append((index, unicodedata.name(char, f"U+{ord(char):04X}")))
    return found


def dropped_characters(source: str) -> list[int]:
    """Offsets of the NUL characters of ``source``: an HTML parser drops each from the text,
    as a browser does, so a reader sees what stands around it joined (``9<NUL>4 s`` shows
    "94 s") and the text read never holds one; the source a page is rendered from does."""
    found, at = [], source.find("\0")
    while at >= 0:
        found.append(at)
        at = source.find("\0", at + 1)
    return found


class _Spans:
    """Sorted, non-overlapping spans of a text (a mark per span), found by bisection."""

    def __init__(self, spans: Iterable[tuple[int, int]], marked: Iterable[bool] = ()) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []
        for start, end in spans:
            if self.ends and start < self.ends[-1]:  # overlapping: one span
                self.ends[-1] = max(self.ends[-1], end)
                continue
            self.starts.append(start)
            self.ends.append(end)
        self.marked = list(marked)

    def at(self, index: int) -> int | None:
        """The number of the span holding ``index``, or None."""
        i = bisect_right(self.starts, index) - 1
        return i if i >= 0 and index < self.ends[i] else None


def _words(text: str) -> _Spans:
    """The words of ``text`` (runs without a space), each marked when it holds a digit."""
    found = [
        (m.start(), m.end(), any(c.isdigit() for c in m.group())) for m in _WORD.finditer(text)
    ]
    return _Spans(((s, e) for s, e, _ in found), (d for _, _, d in found))


_WORD = re.compile(r"\S+")

#: Zero-width non-joiner and joiner: how Persian, Arabic and Indic words are spelt.
_JOINERS = frozenset("\u200c\u200d")
#: Scripts whose words are spelt with joiners: Arabic, Syriac, Thaana, N'Ko, the
#: Indic scripts (Devanagari to Sinhala), Mongolian, Arabic presentation forms.
_JOINING = ((0x0600, 0x07FF), (0x0860, 0x08FF), (0x0900, 0x0DFF), (0x1800, 0x18AF))
_JOINING_FORMS = ((0xFB50, 0xFDFF), (0xFE70, 0xFEFF))


def _joining_letter(char: str) -> bool:
    code = ord(char)
    return unicodedata.category(char)[0] in "LM" and any(
        a <= code <= b for a, b in (*_JOINING, *_JOINING_FORMS)
    )


def _spelling(text: str, index: int) -> bool:
    """``text[index]`` is a joiner between two letters (or marks) of a script spelt
    with joiners: it spells a word, unless the word holds a digit (:func:`_words`)."""
    if text[index] not in _JOINERS or not 0 < index < len(text) - 1:
        return False
    return _joining_letter(text[index - 1]) and _joining_letter(text[index + 1])


def _drawn_as_nothing(text: str, index: int) -> bool:
    """``text[index]`` is an ignorable mark after a Latin letter or digit, not a keycap's."""
    if text[index] not in _IGNORABLE_MARKS or index == 0:
        return False
    before = text[index - 1]
    keycap = text[index + 1 : index + 2] == "\u20e3"
    return before.isascii() and before.isalnum() and not keycap


@cache
def _fold_char(char: str) -> str:
    # CJK text is kept (its units are real units); its full-width Latin forms are not.
    if char in _SIGNS:
        return _SIGNS[char]
    if char in TRADITIONAL:
        return TRADITIONAL[char]
    if not char.isascii() and unicodedata.category(char) == "Nd":
        # A digit of any script is the digit it writes ("۱۷۸ s" is "178 s"), not the
        # letter it may look like (Unicode's confusables take "۱" for "l", "۷" for "V").
        return str(unicodedata.decimal(char))
    code = ord(char)
    if (
        char.isascii()
        or char in _KEEP
        or (code >= 0x2E80 and not any(a <= code <= b for a, b in _FOLDED_ABOVE_CJK))
    ):
        return char
    normal = unicodedata.normalize("NFKC", char)
    if len(normal) == 1 and normal.isascii():
        return normal
    if unicodedata.category(char)[0] not in "LN":
        if TO_ASCII.get(normal) in ("x", "X"):
            return "×"  # a sign drawn as an x ("1.9᙮", "1.9╳", "1.9⨯") multiplies
        return normal if len(normal) == 1 else char
    target = TO_ASCII.get(normal)
    if target is not None:
        return target
    return normal if len(normal) == 1 else char


#: A power of ten written with superscripts ("10⁶", "10⁻³"), and superscript digits
#: after a unit's letter or sign (a footnote mark "66 s¹", "1.8×¹"; an area "3 m²"):
#: kept for the detector, which reads them apart (NFKC would make "106", "66 s1").
#: Standing alone, they are the digits they raise ("took ⁹⁴ s" is "took 94 s"): a
#: superscript digit is no letter before the next one.
_KEPT_SUPERSCRIPTS = re.compile(
    r"(?<=10)[⁺⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3}|(?<=[^\W\d_⁰¹²³⁴⁵⁶⁷⁸⁹]|[×%‰])[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3}"
)
#: Chinese glues a number to the words around it: after a Chinese character, superscript
#: digits are the digits they raise ("耗时⁹⁵秒" is "耗时95秒"), unless the character
#: ends a number's unit ("94秒¹": a mark after a figure).
_HAN = re.compile(r"[\u3400-\u9fff]")
_CJK_FIGURE_END = LazyPattern(rf"[\d⁰¹²³⁴⁵⁶⁷⁸⁹][ \u00a0]?(?:{alternation(CJK_UNITS)})\Z")
_UNIT_REACH = max(map(len, CJK_UNITS)) + 2


def _kept(text: str, start: int) -> bool:
    """Whether superscript digits kept by :data:`_KEPT_SUPERSCRIPTS` from ``start`` are
    kept: not after a Chinese character, unless a number's unit ends there."""
    if start == 0 or _HAN.match(text, start - 1) is None:
        return True
    return _CJK_FIGURE_END.search(text, max(0, start - _UNIT_REACH), start) is not None


#: Letters drawn as a 1 and as a 0: Latin l and I, and the Cyrillic, Greek and Ukrainian
#: letters drawn alike (І і Ӏ Ι); Latin O and o, Cyrillic О о, Greek Ο ο, and the ideographic
#: zero 〇, which Chinese writes for 0 ("1〇〇 秒" is 100 seconds: blind78).
_ONES = "lI\u0406\u0456\u04c0\u0399"
_ZEROS = "Oo\u041e\u043e\u039f\u03bf\u3007"
#: Letters written for digits in a number: a run of ones and zeros between digits ("1l8 s"
#: reads 118 s), zeros ending one ("17O s" reads 170 s, "1ОО s" in Cyrillic 100 s), and a one
#: before a decimal point that a ratio or a percentage ends ("I.9x faster" reads 1.9x). A
#: letter before the digits ("I80", a road) or a unit glued after them ("50lbs") is left as
#: it is.
_DIGIT_LETTERS = re.compile(
    rf"(?<=\d)(?:[{_ONES}{_ZEROS}]+(?=\d)|[{_ZEROS}]+(?![^\W_]))"
    rf"|(?<![\w.,])[{_ONES}](?=[.,]\d+\s?[x×X%])"
)
#: What ASCII text holds where :data:`_DIGIT_LETTERS` matches: looked for first, in half the time.
_DIGIT_LETTER_CUE = re.compile(r"[0-9][lIOo]|[lI][.,][0-9]")


def _digit_letter(match: re.Match[str]) -> str:
    return "".join("1" if c in _ONES else "0" for c in match.group())


def fold(text: str) -> str:
    """Look-alike letters and digits folded to ASCII, one character for one (ASCII letters
    written for digits in a number too, :data:`_DIGIT_LETTERS`); superscript digits are
    kept in a power of ten's exponent and after a letter or sign (a Chinese character only
    where it ends a number's unit). A word of an alphabet the fold does not reach
    (Cyrillic, Greek) is kept as written: :func:`_another_alphabet`."""
    if text.isascii():  # ASCII folds to itself, but for letters written for digits
        cued = _DIGIT_LETTER_CUE.search(text) is not None
        return _DIGIT_LETTERS.sub(_digit_letter, text) if cued else text
    text = _DIGIT_LETTERS.sub(_digit_letter, text)
    folded = list(map(_fold_char, text))
    for word in _LETTERS.finditer(text):
        start, end = word.span()
        if not word.group().isascii() and any(map(_another_alphabet, folded[start:end])):
            folded[start:end] = word.group()  # a word of that alphabet, as written
    for match in _CHI_SIGN.finditer(text) if "χ" in text else ():
        folded[match.start()] = "x"
    for match in _KANA_NUMERAL.finditer(text):
        folded[match.start()] = _KANA_AS_NUMERAL[match.group()]
    for match in _ROMAN.finditer(text):  # read as the numbers they are (figures._READ_AS)
        folded[match.start() : match.end()] = match.group()
    for match in _KEPT_SUPERSCRIPTS.finditer(text):
        if _kept(text, match.start()):
            folded[match.start() : match.end()] = match.group()
    return "".join(folded)


#: Katakana drawn as Chinese numerals (ニ as 二, ハ as 八, ー as 一), before a numeral, a scale
#: or a unit and not inside a katakana word: "快ニ倍" reads "快二倍" (blind17).
_KANA_AS_NUMERAL = {"ニ": "二", "ハ": "八", "ー": "一"}
_KANA_NUMERAL = re.compile(r"(?<![\u30a0-\u30ff])[ニハー](?=[十百千万萬億亿倍成割秒分])")
#: Roman numerals standing as a word ("ⅩⅡ s", "Ⅹ times faster": blind44) are kept as
#: numerals, not folded to the letters NFKC gives them ("XII"); glued to a letter or digit
#: ("FⅩ100") they are the letters they look like.
_ROMAN = re.compile(r"(?<![^\W_])[\u2160-\u2188]+(?![^\W_])")
#: Letters between what is not a letter (a word of :func:`_another_alphabet`'s).
_LETTERS = re.compile(r"[^\W\d_]+")


def _another_alphabet(folded: str) -> bool:
    """Whether a letter, as folded, is one of an alphabet the fold leaves as it is (a
    Cyrillic "з", a Greek "λ"), not a CJK character or a letter of a unit ("µ"): the
    word holding it is a word of that alphabet, and its look-alike letters are that
    alphabet's too ("раз", "разных" are not "pa…", pascals), where a word whose every
    letter looks Latin is read as the Latin it looks like ("94 ѕеcоnds")."""
    return not folded.isascii() and folded.isalpha() and folded < "\u2e80" and folded not in _KEEP


#: What a claim or a URL is blanked with inside its ends, one character for one: no word,
#: no number and no space, so the words on either side are not read as one figure through
#: it ("about [$1.1 million](…) a year" read "about a year": blind89). Its first character
#: and its last two are spaces, as the whole was: rules tell a claim blanked before a word by
#: the two spaces ("[1.9](…) orders of magnitude", "[94](…)만 원": figure_rules,
#: cjk_counts); a span of three characters or fewer is all spaces.
_OPAQUE = "\x7f"


def _blank(text: str, spans: Iterable[tuple[int, int]]) -> str:
    chars = list(text)
    for start, end in spans:
        end = min(end, len(chars))
        for i in range(start, end):
            inside = end - start > 3 and start < i < end - 2
            chars[i] = _OPAQUE if inside else " "
    return "".join(chars)


def detect(text: str, claims: Iterable[tuple[int, int]] = ()) -> list[FigureSpan]:
    """Bare figures in visible ``text``; claim spans and URLs are not prose."""
    return list(_detect(text, tuple(claims)))


@lru_cache(maxsize=1 << 8)  # repeated blocks are remembered by the scan (scan._scan_text)
def _detect(text: str, claims: tuple[tuple[int, int], ...]) -> tuple[FigureSpan, ...]:
    urls = _URL.finditer(text) if _may_hold_url(text) else ()
    spans = [*claims, *((m.start(), m.end()) for m in urls)]
    folded = fold(_blank(text, spans) if spans else text)
    read = _written_numbers(folded)
    if _MAY_HIDE.search(text) is not None:
        return _without_hidden(text, folded, read, claims)
    return tuple(
        FigureSpan(s.start, s.end, number_form(folded[s.start : s.end]), s.kind)
        if read is not folded
        else s
        for s in find_bare_figures(read)
    )


#: What every character :func:`hidden_characters` finds is (a superset, searched first: the
#: format characters, Unicode's Cf, by their blocks; the fillers; the ignorable marks).
_MAY_HIDE = re.compile(
    "[\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u115f\u1160\u17b4\u17b5"
    "\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff"
    "\uffa0\ufff9-\ufffb\u034f\U000110bd\U000110cd\U00013430-\U0001345f"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001-\U000e01ef]"
)


def _without_hidden(
    text: str, folded: str, read: str, claims: tuple[tuple[int, int], ...]
) -> tuple[FigureSpan, ...]:
    """The figures of ``read`` (``text`` folded, one character for one, as ``folded``, then
    its numbers read) as a reader sees them: without the invisible characters a browser
    draws as nothing (``9<ZWSP>4 s`` shows "94 s", not "4 s"; each character is its own
    finding, FX502), each placed at its span of ``text``."""
    hidden = {at for at, _ in hidden_characters(text, claims)}
    kept = [i for i in range(len(read)) if i not in hidden]
    compact = "".join(read[i] for i in kept)
    written = "".join(folded[i] for i in kept)
    return tuple(
        FigureSpan(
            kept[s.start], kept[s.end - 1] + 1, number_form(written[s.start : s.end]), s.kind
        )
        for s in find_bare_figures(compact)
    )


#: Numbers as people also write them: a leading decimal point (".94 s" is 0.94 s) and
#: digits grouped by underscores, as code writes them ("10_000 rps"). The detector reads
#: the point as a "0" and the underscores as commas, one character for one; a figure found
#: is then written as the grammar reads it (:func:`number_form`).
_LEADING_POINT = re.compile(r"(?<![\w.,])\.(?=\d)")
_UNDERSCORE_GROUPS = re.compile(r"(?<![\w.])\d{1,3}(?:_\d{3})+(?![\w.])")


def _written_numbers(text: str) -> str:
    """``text`` with :data:`_LEADING_POINT` and :data:`_UNDERSCORE_GROUPS` read one
    character for one; ``text`` itself where it holds neither."""
    read = text
    if "_" in text:
        read = _UNDERSCORE_GROUPS.sub(lambda m: m.group().replace("_", ","), read)
    if "." in text and _LEADING_POINT.search(read) is not None:
        read = _LEADING_POINT.sub("0", read)
    return read if read != text else text


def number_form(text: str) -> str:
    """A figure's text with its numbers as the grammar reads them: ".94 s" as "0.94 s",
    "10_000 rps" as "10,000 rps"."""
    if "_" in text:
        text = _UNDERSCORE_GROUPS.sub(lambda m: m.group().replace("_", ","), text)
    return _LEADING_POINT.sub("0.", text) if "." in text else text


def _may_hold_url(text: str) -> bool:
    """Whether ``text`` holds what every match of :data:`_URL` holds: a scheme's ``:``, or
    ``www.`` in any case (``re.IGNORECASE`` reads only ``W`` as a ``w``). Looked for first:
    the search for a URL itself takes ten times as long."""
    return ":" in text or "www." in text.lower()


def _quantity_letter(char: str) -> bool:
    folded = _fold_char(char)
    return folded.isascii() and folded.isalnum()


#: The signs drawn as a multiplication sign (:data:`_SIGNS`), beside a claim as "×" is.
_X_SIGNS = "".join(sign for sign, read in _SIGNS.items() if read == "×")
#: Numbers in words a multiplier says before a claim ("eight times [6.4 GB/s](…)").
_NUMBER_WORDS = "two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundred"
#: A multiplier beside a claim, across a space: "[94 s](…) × 10", "[96%](…) times 2",
#: "twice [94 s](…)", "3 × [94 s](…)", a scale word after it ("[2.0×](…) thousand",
#: "[$94](…) K", "[94](…) crore": figure_vocab.SCALE_AFTER; "[6.4 GB/s](…) 万"), or
#: "per" and a unit of time ("[500 requests](…) per second"): the text states another
#: quantity than the claim.
_TIMES_AFTER = re.compile(
    rf"\s*(?:[×xX*{_X_SIGNS}]|(?i:times))\s*\d|\s+{SCALE_AFTER}|\s+{MAG_CJK}(?!兆)"
    rf"|\s+{PER_TIME_AFTER}"
    # blind60: "[94 s](…) times two", "multiplied by two", "[2.0](…) orders of magnitude",
    # "[94 s](…) per GB", "[94秒](…)乘以二"
    rf"|\s+(?i:times|multiplied\s+by|divided\s+by)\s+(?:\d|(?i:{_NUMBER_WORDS})\b)"
    r"|\s+(?i:orders?\s+of\s+magnitude)\b"
    r"|\s*(?:/|\s(?i:per)\s)\s*(?:[KMGTPE]i?B|[KMGTPE]b)(?![A-Za-z])"
    r"|\s*(?:乘以|除以)"
)
_TIMES_BEFORE = re.compile(
    r"(?:\b(?:twice|thrice|double|triple|quadruple|half(?:\s+of)?|minus)"
    rf"|\b(?:{_NUMBER_WORDS})\s+times|\d\s*(?:[×xX*{_X_SIGNS}]|times))\s+\Z",
    re.IGNORECASE,
)


#: A comparative right after a claim ("[94 s](…) faster than on the previous model"): the
#: claim's quantity becomes a difference from another, which its record does not state
#: (blind91: published). A ratio's or a share's ("[1.9×](…) faster", "[47%](…) lower",
#: "[4.4 pp](…) less": :data:`_SAID_SO`) is how they are said, and a comparative after a
#: comma is another clause's ("[94 s](…), faster than ever").
_COMPARED_AFTER = re.compile(
    r"[ \u00a0]+(?P<word>(?i:faster|slower|quicker|sooner|shorter|longer|more|less|fewer|higher"
    r"|lower|better|worse|cheaper|bigger|smaller|greater))\b"
)


def compared_after(text: str, start: int, end: int, stop: int) -> str | None:
    """The comparative right after the claim at ``text[start:end]`` (before ``stop``, the next
    claim) that makes a quantity of it a difference (:data:`_COMPARED_AFTER`), if any."""
    match = _COMPARED_AFTER.match(text, end, stop)
    if match is None:
        return None
    stated = parse_stated(text[start:end])
    if stated is None or stated.unit is None or UNITS[stated.unit].dimension in _SAID_SO:
        return None
    return match["word"]


#: The dimensions whose comparatives are how their values are said: a ratio ("1.9× faster"),
#: a share and its points ("47% lower", "4.4 pp less").
_SAID_SO = frozenset({"ratio", "percent"})


def multiplied(text: str, start: int, end: int) -> str | None:
    """A multiplier beside the claim at ``text[start:end]``, across a space, if any.

    In a page's prose it states another quantity; a record page's working of a
    formula ("178 s × 20 = …") is checked as the record computes it, not here. "Per"
    and a word after a price per something divide it again
    (:func:`~fxsite.pages.price_units.per_after_price`).
    """
    times = _TIMES_AFTER.match(text, end) or _TIMES_BEFORE.search(text, max(0, start - 16), start)
    if times is None:  # "[$30/TB/yr](…) per node": a price per something divided again
        return per_after_price(text, start, end)
    return times.group().strip()


#: A number of one to three digits and a space before a claim that starts with a group of
#: three digits ("1 [178 s](…)" shows "1 178 s"), or a space and a group of three after a
#: claim that ends in a digit ("[94](…) 123"): the space reads as a thousands separator
#: (SI style, as French writes it), the two as one number.
_GROUP_BEFORE = re.compile(r"(?<![\w.,])\d{1,3}\s\Z")
_GROUP_AFTER = re.compile(r"\s\d{3}(?![\d.,]\d|\d)")
_GROUP_START = re.compile(r"\d{3}(?!\d)")


#: Marks between digits that join them into one number: a decimal point or comma, and the
#: thousands separators of other places ("1'640" in Switzerland, "1’640", "1_640" as code
#: writes it).
_GROUP_MARKS = frozenset(".,'’_")
#: Chinese numerals a claim's digits continue ("一千零[94 秒](…)" is 1094 s, "零点[94 秒](…)"
#: 0.94 s, 点 after a numeral only; not 一 to 九, which also mean "a"), and a sign of its
#: own ("负" is minus).
_CJK_BEFORE = frozenset("零〇点點千百万萬亿億负負")
#: Chinese numerals and digits a decimal point 点 continues ("三点[5 秒](…)" is 3.5 s; the 点
#: of 检查点, a checkpoint, ends a word: blind32).
_NUMERALS_BEFORE_POINT = frozenset("零〇一二两兩三四五六七八九十百千万萬亿億0123456789")


def _after_numeral(text: str, at: int) -> bool:
    """Whether ``text[at]`` (a 点) follows a numeral or a digit."""
    return at > 0 and text[at - 1] in _NUMERALS_BEFORE_POINT


#: Korean scales and the Chinese half after a claim ("[94](…)만 원" is 940,000 won,
#: "[94 秒](…)半" 94.5 s).
_CJK_AFTER = frozenset("만억半")


def _grouped(text: str, start: int, end: int) -> str | None:
    """The digits a space apart from the claim at ``text[start:end]`` that read with it as
    one number (:data:`_GROUP_BEFORE`), written with a plain space; None if there are none."""
    if _GROUP_START.match(text, start, end):
        before = _GROUP_BEFORE.search(text, max(0, start - 4), start)
        if before is not None:
            return before.group()[:-1] + " "
    if text[start:end][-1:].isdigit():
        after = _GROUP_AFTER.match(text, end)
        if after is not None:
            return " " + after.group()[1:]
    return None


def glued(text: str, start: int, end: int) -> str | None:
    """What is glued to the claim at ``text[start:end]`` and changes it, if anything: a
    character, or digits a space apart that read as one number with it (:func:`_grouped`)."""
    if start > 0:
        before = text[start - 1]
        if _quantity_letter(before) or _fold_char(before) in _BEFORE or before.isdigit():
            return before
        if _fold_char(before) == "+" and _fold_char(text[start:end].rstrip()[-1:]) not in _RELATIVE:
            return before
        if before in _GROUP_MARKS and start > 1 and text[start - 2].isdigit():
            return before
        if before in _CJK_BEFORE and (before not in "点點" or _after_numeral(text, start - 1)):
            return before
        if before.isspace() and start > 1 and text[start - 2] in _MONEY:
            return text[start - 2]  # "€ [94](…)": the sign states the claim's currency
    if end < len(text):
        after = text[end]
        if text[end - 1 : end] in _SPELT_ON and after in _SPELT_ON[text[end - 1]]:
            return None  # "[94 秒](…)钟" spells the claim's unit on: 秒钟 is 秒
        if _quantity_letter(after) or _fold_char(after) in _AFTER or after.isdigit():
            return after
        if after in _GROUP_MARKS and end + 1 < len(text) and text[end + 1].isdigit():
            return after
        if after in _CJK_AFTER:
            return after
    return _grouped(text, start, end)


#: A claim's last character and what may follow it to spell the same unit: 秒钟 is 秒.
_SPELT_ON = {"秒": "钟鐘"}


def copy_glued(text: str, start: int, end: int) -> bool:
    """Whether what is glued to a copy of a cited figure at ``text[start:end]`` changes it.

    The copy rule's side of :func:`glued`: a sign, currency or comparison before
    (``$500``, ``-96%``), a unit character after (``20%``, ``20万``, ``94 s/GB``),
    or, after a copy without a unit, letters (``20TB``). Letters after a copy
    that states its unit are left alone: a search index runs table cells
    together ("3.26 GB/smeasured").
    """
    if start > 0 and (text[start - 1].isdigit() or _fold_char(text[start - 1]) in _BEFORE):
        return True
    if end < len(text):
        after = text[end]
        if after.isdigit() or _fold_char(after) in _AFTER:
            return True
        if text[end - 1 : end].isdigit() and _quantity_letter(after):
            return True
    return False


#: An approximation right before a claim, as the detector reads it into a figure.
_APPROXIMATELY = re.compile(rf"(?i:{alternation(APPROX_WORDS)})\s*")


def unit_beside(text: str, start: int, end: int, since: int, stop: int) -> str | None:
    """What a unitless claim reads as with the words beside it, when they add a unit.

    ``[94](evidence:R1#t) ms`` shows "94 ms" for a figure of 94 s, ``百分之[94](…)``
    "百分之94" (94 %), ``提升[1.9](…)成`` "1.9成" (19 %): the claim states no unit, so the
    reader takes the one beside it. The detector decides, on the claim's text and what
    stands around it from ``since`` (the claim before) to ``stop`` (the next claim): a
    figure that holds the claim and goes past it, before it only with words, no digit
    (not a range's other end: "from 178 to [94]"), or one against it ("1:[4](…)").
    """
    from fxsite.evidence.quantities import parse_stated

    claim = text[start:end]
    stated = parse_stated(claim)
    if stated is None or stated.unit is not None:
        return None
    first = max(since, start - 40)
    window = text[first : min(stop, end + 40)]
    at, to = start - first, end - first
    for span in find_bare_figures(window):
        before = window[span.start : at]
        holds = span.start <= at and span.end >= to and (span.start < at or span.end > to)
        if holds and span.end == to and _APPROXIMATELY.fullmatch(before):
            continue  # "Save time: about [94](…)": an approximation adds no unit (blind74)
        if holds and (not any(c.isdigit() for c in before) or ONE_AGAINST.fullmatch(before)):
            return span.text  # words, or one against it: "1:[4](…)" reads "1:4" (blind73)
    return None


#: A bound word right before a claim ("under [94 s](…)", "well under [94 s](…)"), a space
#: apart at most, or "the" between ("well under the [94 s](…) mark"): whatever it bounds,
#: the claim's figure or a quantity its noun names, the claim rule cannot tell, so it is
#: refused, and the bound is written inside the link or the sentence says it otherwise
#: (blind27, blind28). So is a word comparing with it ("faster than [94 s](…)",
#: :data:`~fxsite.evidence.numerals.COMPARING_WORDS`).
_BOUND_BEFORE = re.compile(
    rf"(?<![相对對])(?<![Rr]ather )(?<![Oo]ther )(?i:{word_alternation((*BOUND_WORDS, *COMPARING_WORDS))})"
    rf"\s{{0,8}}(?:(?i:the)\s{{1,8}})?\Z"
)
#: "over the" before a length of time that names a span after it: "Over the [10-hour](…)
#: run" says during (blind40); "over the [94 s](…) mark" and "the run limit" are bounds, and
#: so is "over" after a verb of lasting or an amount ("takes over the", "well over the",
#: "Endurance: over the": blind42).
_OVER_A_SPAN = re.compile(r"(?i:over)\s{1,8}(?i:the)\s{1,8}")
_LASTING_BEFORE = re.compile(
    rf"(?:\b(?i:{'|'.join(LASTING_WORDS)}|ran|run|runs|go|goes|went|well|way|far|just|is|are|was|were)|[:：])\s*\Z"
)
_SPAN_AFTER = re.compile(
    r"[ \u00a0-](?:[a-z]+[ \u00a0])?(?i:runs?|period|course|lifetime|life|span|term|window"
    r"|warranty|tests?|sessions?|campaign|job|training|benchmark|cycles?)\b"
    r"(?![ \u00a0-]?(?i:limits?|times?|marks?|thresholds?|budgets?|targets?|lengths?|caps?))"
)
#: A negation right before a claim that states a bound ("not [under 1 ms](…)", "never [at
#: least 99.9%](…)"): it turns the bound around, and the claim rule reads only the link
#: (blind88: fxsite's own advice once wrote it so). "94 s, not [178 s](…)" sets a value
#: against another, and passes.
_NEGATION_BEFORE = re.compile(
    rf"(?P<word>(?i:{word_alternation(NEGATION_WORDS)}))\s{{0,8}}"
    # or a verb of lasting or being between: "do not take [under 1 ms](…)"
    rf"(?:(?i:{word_alternation((*LASTING_WORDS, 'be', 'stay', 'stays', 'remain', 'remains'))})"
    r"\s{1,8})?\Z"
)
#: A negated verb of being right before a claim ("is not [94 s](…)", "不是[94秒](…)"):
#: :data:`~fxsite.evidence.numerals.NEGATED_BEING`.
_NEGATED_BEING = re.compile(rf"(?P<word>(?i:{word_alternation(NEGATED_BEING)}))\s{{0,8}}\Z")
#: A bound written after a claim's number in its text ("不在[40秒以内](…)": blind91).
BOUND_SUFFIX = re.compile(alternation([w for w in BOUND_SUFFIXES if not w.isascii()]))
#: What sets a negated value against another after it: "is not [178 s](…) but [94 s](…)",
#: "不是[178秒](…)，而是[94秒](…)".
_BUT_AFTER = re.compile(r"\s*[,，]?\s*(?:(?i:but|rather)\b|而是|而)")
#: A claim's text that opens with a bound word ("under 1 ms").
BOUND_CLAIM = re.compile(
    rf"(?i:{word_alternation(w for w in BOUND_WORDS if w.isascii() and w[0].isalpha())})\s"
)
#: A bound word right after a claim ("[94 s](…) or less", "[40秒](…)以内").
_BOUND_AFTER = re.compile(rf"\A[ \u00a0]?(?i:{word_alternation(BOUND_AFTER_WORDS)})")


#: What follows a bound word after a claim that makes it another word: a word after "at
#: most" ("at most sizes"), 存 after 以内 ("以内存": 以 and 内存, memory), a verb after 以下
#: ("以下是": what follows), a word 内 begins ("内存", "内部", "内置"), what is added after
#: "plus" ("[94 s](…) plus a sync"; "[94 s](…) plus." is at least 94 s).
_NOT_A_BOUND = re.compile(
    r"(?<=most|east|plus) [A-Za-z]|(?<=以内)存|(?<=以下)[是为為列述的]|(?<=内)[存部容核置网外在地]"
)


def bound_beside(text: str, start: int, end: int, since: int, stop: int) -> tuple[str, bool] | None:
    """The words beside the claim at ``text[start:end]`` that make it a bound ("under
    [94 s](…)", "[40秒](…)以内", "[94 s](…) or less"), and whether they follow it, within
    ``since`` (the claim before) and ``stop`` (the next): the claim rule checks only the
    claim's own words, so a bound written outside it would pass unchecked (blind24). A
    negation before a claim that states a bound (:data:`_NEGATION_BEFORE`) is such words."""
    negation = _NEGATION_BEFORE.search(text, max(since, start - 24), start)
    bounded = BOUND_CLAIM.match(text, start, end) or BOUND_SUFFIX.search(text, start, end)
    if negation is not None and bounded:
        return negation["word"], False
    being = _NEGATED_BEING.search(text, max(since, start - 24), start)
    set_against = stop < len(text) and _BUT_AFTER.match(text, end, stop) is not None
    if being is not None and not set_against:
        return being["word"], False  # "is not [94 s](…)" (blind91); not "is not … but …"
    found = _BOUND_BEFORE.search(text, max(since, start - 24), start)
    if found is not None:
        during = (
            _OVER_A_SPAN.fullmatch(found.group())
            and not _LASTING_BEFORE.search(text, max(since, found.start() - 16), found.start())
            and _SPAN_AFTER.match(text, end)
        )
        if not during:
            return found.group().strip(), False
    after = text[end : min(stop, end + 20)]
    found = _BOUND_AFTER.match(after)
    if found is None or _NOT_A_BOUND.match(after, found.end()) is not None:
        return None  # "at most sizes", "以内存快照" (以 + 内存), "以下是" (blind25)
    return found.group().strip(), True
