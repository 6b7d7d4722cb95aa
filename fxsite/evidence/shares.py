"""A share written in words as a claim's text: "a third", "two-thirds", "3 of 4", "nine out of
ten", "one in a thousand" (blind88, blind89); in Chinese "三分之一", "三成", "十次中有九次"
(blind90: refused, "write it as '33%'").

The detector reads these as figures bare, so a claim may state them in the writer's words
(a customer's quote cannot be rewritten "33.3%"). Decisions:

* A share states a percentage: "a third" of a 33.3% figure, "one in a thousand" of 0.1%.
  Against a figure in another unit it is told so, as "50%" would be.
* It is stated to two significant digits at most, the precision words carry, and to fewer
  where its decimals end sooner: "a third" is 33% (a record of 33.3% or 32.6% rounds to
  it, 35% does not), "an eighth" 13%, "one in a thousand" 0.1%, "3 of 4" 75%.
* "half" alone stays a multiplier (0.5×, :data:`~fxsite.evidence.numerals.MULTIPLIER_WORDS`),
  as "cut in half" says; "one half" and "a half" are shares.
* Its second number may be grouped ("1 in 1,000") or in words with a scale ("one in ten
  thousand", "one in a million"); a share whose parts are not numbers ("one of a kind") is
  none.
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal

from fxsite.evidence.numerals import FRACTION_WORDS, NUMBER_WORDS, chinese_numeral, word_alternation

__all__ = ["share_in_words"]

_WORDS = {w: v for w, v in NUMBER_WORDS.items() if w.isascii()} | {
    "a": Decimal(1),
    "an": Decimal(1),
}
_SCALES = {"hundred": Decimal(100), "thousand": Decimal(1000), "million": Decimal(10) ** 6}
_WORD = word_alternation(_WORDS)
_SCALE = word_alternation(_SCALES)
_PARTS = re.compile(
    rf"(?i:(?P<n>{_WORD}|\d{{1,3}})[ -](?P<part>{word_alternation(FRACTION_WORDS)}))"
)
_COUNT = rf"(?:\d{{1,3}}(?:,\d{{3}})+|\d{{1,7}}|(?:{_WORD})(?: (?:{_SCALE}))?|{_SCALE})"
_ONE_OF = re.compile(rf"(?i:(?P<n>{_COUNT}) (?:out of|of|in|per) (?P<m>{_COUNT}))")


#: A Chinese numeral or digits: "三", "十", "一千", "10", and "万" alone ("万分之五").
_ZH_NUMBER = r"(?:\d{1,7}|[一二两三四五六七八九十百千]{1,5}|万)"
#: "三分之一" (one of three), "十次中有九次" (nine times in ten), "三成" (three tenths).
_ZH_SHARE = re.compile(
    rf"(?P<of>{_ZH_NUMBER})分之(?P<part>{_ZH_NUMBER})"
    rf"|(?P<of2>{_ZH_NUMBER})[次个][\u4e00-\u9fff]{{0,4}}?中(?:有|只有|仅有|仅)?(?P<part2>{_ZH_NUMBER})[次个]"
    r"|(?P<tenths>[一二两三四五六七八九\d])成"
)


def share_in_words(text: str) -> tuple[Decimal, int] | None:
    """The percentage ``text`` states as a share in words, and the decimals it is stated
    to (:func:`_percent`); None: it is no share."""
    parts = _PARTS.fullmatch(text)
    if parts is not None:
        count = _count(parts["n"])
        denominator = Decimal(FRACTION_WORDS[parts["part"].lower()])
        return _percent(count, denominator) if count is not None else None
    one_of = _ONE_OF.fullmatch(text)
    if one_of is None:
        return _chinese_share(text)
    part, of = _count(one_of["n"]), _count(one_of["m"])
    if part is None or of is None or not 0 < part <= of:
        return None
    return _percent(part, of)


def _chinese_share(text: str) -> tuple[Decimal, int] | None:
    """A share written in Chinese (:data:`_ZH_SHARE`), as :func:`share_in_words` gives it."""
    match = _ZH_SHARE.fullmatch(text)
    if match is None:
        return None
    if match["tenths"] is not None:
        return _percent(_zh_value(match["tenths"]) or Decimal(0), Decimal(10))
    part = _zh_value(match["part"] or match["part2"])
    of = _zh_value(match["of"] or match["of2"])
    if part is None or of is None or not 0 < part <= of:
        return None
    return _percent(part, of)


def _zh_value(written: str) -> Decimal | None:
    """A Chinese numeral's value, or digits'."""
    if written.isdigit():
        return Decimal(written)
    if written == "万":
        return Decimal(10000)
    value = chinese_numeral(written)
    return Decimal(value) if value is not None else None


def _count(written: str) -> Decimal | None:
    """A number written in digits or words, with a scale after ("ten thousand")."""
    words = written.lower().replace(",", "").split()
    if len(words) == 1 and words[0].isdigit():
        return Decimal(words[0])
    value = Decimal(1)
    for word in words:
        if word in _WORDS:
            value *= _WORDS[word]
        elif word in _SCALES:
            value *= _SCALES[word]
        else:
            return None
    return value


#: The places past which a share's decimals do not end ("a third": 33.333…%).
_EXACT = 8


def _percent(part: Decimal, whole: Decimal) -> tuple[Decimal, int] | None:
    """``part`` of ``whole`` as a percentage, to two significant digits or the decimals it
    ends at, whichever are fewer, and those decimals."""
    if whole == 0:
        return None
    share = part * 100 / whole
    if share <= 0:
        return None
    decimals = max(0, 1 - share.adjusted())
    exact = share.normalize()
    if exact == share.quantize(Decimal(1).scaleb(-_EXACT)):  # it ends ("1 in 1,000": 0.1%)
        decimals = min(decimals, max(0, -exact.as_tuple().exponent))  # type: ignore[operator]
    return share.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP), decimals
