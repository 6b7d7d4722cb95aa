"""A share written in words as a claim's text: "a third", "two-thirds", "3 of 4", "nine out of
ten", "one in a thousand" (blind88, blind89).

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

from fxsite.evidence.numerals import FRACTION_WORDS, NUMBER_WORDS, word_alternation

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
        return None
    part, of = _count(one_of["n"]), _count(one_of["m"])
    if part is None or of is None or not 0 < part <= of:
        return None
    return _percent(part, of)


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
