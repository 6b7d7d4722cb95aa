"""What a claim's link text states, the claim rule, and how figures are written.

A claim such as ``[178 s](evidence:R1#save_time_baseline)`` states a value in
its link text. :func:`parse_stated` reads that text into a :class:`Stated`
(value or range, the precision the text shows, its unit), :func:`compare`
applies the claim rule of DESIGN.md ("equal at the precision the text shows,
and never more precise than the record"), and :func:`format_quantity` writes
the text the build fills into an empty claim.

Everything here is exact decimal arithmetic: a float would turn ``9.95`` into
``9.9499…`` and round a correct claim the wrong way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from fxsite.evidence.formula import DECIMAL
from fxsite.evidence.units import UNITS, canonical_unit

__all__ = [
    "CURRENCY_SIGNS",
    "Stated",
    "compare",
    "decimals_of",
    "format_number",
    "format_quantity",
    "matches",
    "parse_stated",
    "round_half_up",
]

#: The sign written before the number for a currency (``$1,200``).
CURRENCY_SIGNS: dict[str, str] = {"USD": "$", "EUR": "€", "GBP": "£", "CNY": "¥"}

_NBSP = "\u00a0"
_EN_DASH = "\u2013"

# Spaces a typesetter puts inside a quantity (no-break, thin, narrow no-break,
# figure space) all read as one ordinary space; the Unicode minus reads as "-".
_SPACE_MAP = str.maketrans(
    {"\u00a0": " ", "\u2009": " ", "\u202f": " ", "\u2007": " ", "\u2212": "-"}
)


@dataclass(frozen=True, slots=True)
class Stated:
    """The quantity a claim's link text states."""

    #: the value, or a range's low end
    low: Decimal
    #: a range's high end, else None
    high: Decimal | None
    #: digits after the decimal point the text shows (max over both ends)
    decimals: int
    #: canonical unit symbol, None when the text has no unit
    unit: str | None
    #: the unit as written
    unit_text: str | None


# A number as a claim may write it: optional sign, digits with thousands
# separators only in complete groups of three, optional fraction.
_NUMBER = r"[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
# Currency signs and codes written before the number ("$1,200", "USD 5").
_PREFIX = r"US\$|\$|€|£|¥|USD|EUR|GBP|CNY|RMB"
# A range is written "6.2–9.3", "6.2-9.3" or "6.2 to 9.3".
_RANGE_SEP = r"\s?[–—]\s?|-|\s+to\s+"

_STATED = re.compile(
    rf"""
    (?:(?P<presign>[+-])(?=US\$|\$|€|£|¥))?       # "-$5": the sign before the currency
    (?P<pre>{_PREFIX})?\s?
    (?P<low>{_NUMBER})
    (?:
        \s?(?P<unit1>[^\d\s–—+-][^\d\s–—]*?)?      # a unit repeated on the low end: "6.2×–9.3×"
        (?:{_RANGE_SEP})
        (?:{_PREFIX})?                              # "$1,200–$1,500"
        (?P<high>{_NUMBER})
    )?
    (?:\s?(?P<unit>\S.*?))?
    """,
    re.VERBOSE,
)


def _decimals(number: str) -> int:
    """Digits after the point in a number as the text writes it."""
    _, dot, fraction = number.partition(".")
    return len(fraction) if dot else 0


def _to_decimal(number: str) -> Decimal:
    return Decimal(number.replace(",", ""))


def parse_stated(text: str) -> Stated | None:
    """The quantity ``text`` states, or None when it is not exactly one quantity.

    Accepts ``178 s``, ``178s``, ``1.9×``, ``6.2–9.3x``, ``6.2 to 9.3×``,
    ``+96%``, ``$1,200``, ``65.6 GB``, ``20`` and the like. Words around the
    quantity, number words, two numbers, approximation signs (``~``), magnitude
    suffixes (``1.2M``) and broken thousands groups (``1,68``) give None: the
    claim rule needs one exact value, and guessing one would let a misstated
    claim through.
    """
    normalized = text.translate(_SPACE_MAP).strip()
    if not normalized:
        return None
    match = _STATED.fullmatch(normalized)
    if match is None:
        return None
    low_text, high_text = match["low"], match["high"]
    unit_text = match["unit"]
    unit1 = match["unit1"]
    prefix = match["pre"]

    unit: str | None = None
    if unit_text is not None:
        unit_text = unit_text.strip()
        unit = canonical_unit(unit_text)
        if unit is None:
            return None
    # "6.2×–9.3×" repeats the unit; "6.2 s–9.3 ×" mixes two and is refused.
    if unit1 is not None and (unit is None or canonical_unit(unit1) != unit):
        return None
    if prefix is not None:
        if unit is not None:
            return None  # "$5 USD": two units for one number
        unit_text = prefix
        unit = canonical_unit(prefix)
    # A currency sign belongs before the number ("5$" is not how anyone writes it),
    # but codes and words after it ("5 USD", "300 euros") are fine.
    if (
        unit is not None
        and UNITS[unit].dimension == "currency"
        and prefix is None
        and unit_text is not None
        and not unit_text[:1].isalpha()
    ):
        return None

    if match["presign"] is not None:
        if low_text[0] in "+-":
            return None  # "-$-5"
        low_text = match["presign"] + low_text
    low = _to_decimal(low_text)
    high = _to_decimal(high_text) if high_text is not None else None
    if high is not None and high < low:
        return None  # "178 to 94 s" is a from–to of two figures, not a range
    decimals = max(_decimals(low_text), _decimals(high_text) if high_text else 0)
    return Stated(low=low, high=high, decimals=decimals, unit=unit, unit_text=unit_text)


def round_half_up(value: Decimal, decimals: int) -> Decimal:
    """``value`` rounded half away from zero to ``decimals`` places."""
    # The formula context: enough digits for any figure the library accepts.
    return value.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP, context=DECIMAL)


def compare(stated: Stated, low: Decimal, high: Decimal | None, record_decimals: int) -> str | None:
    """The claim rule: None when ``stated`` states the record's value, else a reason.

    ``low``/``high`` are the record's value (``high`` None unless a range) and
    ``record_decimals`` its precision. Returns ``"value"`` when the text differs
    from the record rounded half-up to the precision the text shows (or a single
    value is claimed for a range, or the reverse), and ``"precision"`` when the
    text shows more digits than the record has.
    """
    if (stated.high is None) != (high is None):
        return "value"
    if stated.decimals > record_decimals:
        # Too precise: say so when the text is right at the record's precision
        # ("1.90x" for 1.9x), so the author gets the useful message.
        ends = [(low, stated.low)] + (
            [(high, stated.high)] if high is not None and stated.high is not None else []
        )
        same = all(
            round_half_up(rec, record_decimals) == round_half_up(txt, record_decimals)
            for rec, txt in ends
        )
        return "precision" if same else "value"
    if round_half_up(low, stated.decimals) != stated.low:
        return "value"
    if (
        high is not None
        and stated.high is not None
        and round_half_up(high, stated.decimals) != stated.high
    ):
        return "value"
    if stated.decimals > record_decimals:
        return "precision"
    return None


def matches(stated: Stated, value: Decimal, *, decimals: int) -> bool:
    """True when ``stated`` is a single value that states ``value`` (precision ``decimals``)."""
    return compare(stated, value, None, decimals) is None


def _as_decimal(value: Decimal | float) -> Decimal:
    # str() first: Decimal(0.1) would carry the float's binary expansion.
    return value if isinstance(value, Decimal) else Decimal(str(value))


def format_number(value: Decimal | float, decimals: int) -> str:
    """``value`` with thousands separators, rounded half-up to ``decimals`` places.

    ``3560 -> "3,560"``, ``(6.4, 2) -> "6.40"``. A value that rounds to zero is
    written without a sign (``-0.04`` at one place is ``"0.0"``).
    """
    rounded = round_half_up(_as_decimal(value), decimals)
    if rounded == 0:
        rounded = abs(rounded)
    return f"{rounded:,.{decimals}f}"


def format_quantity(
    low: Decimal | float,
    high: Decimal | float | None,
    unit: str | None,
    decimals: int,
) -> str:
    """A value or range with its unit, as the build writes it into a page.

    A no-break space separates number and unit (``178\u00a0s``) unless the unit
    is tight (``1.9×``, ``9.9%``); a currency sign goes before the number
    (``$1,200``); an en dash joins a range (``6.2–9.3×``). ``count`` and None
    write the number alone. An unknown unit is written as given, after a space.
    """
    body = format_number(low, decimals)
    negative = body.startswith("-")
    if high is not None:
        body = f"{body}{_EN_DASH}{format_number(high, decimals)}"
    symbol = canonical_unit(unit) if unit is not None else None
    if unit is None or symbol == "count":
        return body
    if symbol is None:
        return f"{body}{_NBSP}{unit}"
    spec = UNITS[symbol]
    if spec.prefix:
        sign = CURRENCY_SIGNS.get(symbol)
        if sign is None:
            return f"{symbol}{_NBSP}{body}"
        # "-$5", not "$-5": the sign of the amount goes before the currency sign.
        return f"-{sign}{body[1:]}" if negative else f"{sign}{body}"
    if spec.tight:
        return f"{body}{symbol}"
    return f"{body}{_NBSP}{symbol}"


def decimals_of(raw: str) -> int:
    """Digits after the point in a number as written in YAML.

    ``"6.40" -> 2``, ``"178" -> 0``, ``"1e3" -> 0``, ``"1.25e-1" -> 3``. YAML's
    ``_`` digit separators are ignored. Raises ValueError for a non-number.
    """
    cleaned = raw.strip().replace("_", "")
    try:
        number = Decimal(cleaned)
    except InvalidOperation:
        raise ValueError(f"not a number: {raw!r}") from None
    if not number.is_finite():
        raise ValueError(f"not a finite number: {raw!r}")
    exponent = number.as_tuple().exponent
    assert isinstance(exponent, int)  # finite numbers have an int exponent
    return max(0, -exponent)
