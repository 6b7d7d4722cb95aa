"""A price's unit stated around a unitless claim or number: its currency and what it is per.

A header or label states a price's unit once, as "Save time (s)" states seconds
(:mod:`fxsite.pages.header_units`): "$/TB/month" over "[30](…)", "Cost per TB per
month: [30](…)", "Price per TiB: 119". Each number it governs is a price in that unit,
and a claim citing a price per year, per TB or in another currency misstates it
(blind73: a per-year cost was published as per month, a USD price under "¥/TB").
Decisions:

- :func:`price_unit` reads a whole header or label: a price's unit whole, its currency
  first ("$/TB/month", "€/TB", "美元/TB", "$/TiB"); or a price named with what it is
  per, a word of price (:data:`~fxsite.evidence.numerals.PRICE_WORDS`: "Price",
  "Cost") after at most three words, "per" or a slash ("Price/TB", which was read as
  terabytes) and a unit of size, energy or time, perhaps "per" and a period again
  ("Cost per TB per month"), perhaps its currency in brackets or after "in" ("Price per
  TB (USD)", "Price per TB in euros"); a word of period before it is the period
  ("Monthly price per TB", :data:`PERIOD_WORDS`), a currency's word the currency ("USD
  price per TB"). What it is per must be a unit ("Price per node", "Cost per seat"
  state none the vocabulary has: not read).
- Where no currency is written, the price is in the currency of the record a claim
  under it cites (:data:`OPEN`, :func:`priced_read`): "Price per TB: [119](…)" over a
  USD figure reads "$119/TB" and passes; "Price per TiB" reads "$119/TiB" and is
  refused. A bare number under it is a figure as written ("119"), as one under a
  header naming its quantity is.
- :func:`priced_read` writes what a price per something the vocabulary lacks
  ("$119/TiB") as a price, so the claim's check refuses it by name, not in silence. A
  claim of an amount ("unit: USD", its ``what`` "Price per terabyte", as records wrote a
  price per TB before the vocabulary had one) is read in the label's currency alone:
  "Price per TB: [120](…)" passes, "Price per TB (EUR): [120](…)" is refused.
- :func:`per_after_price`: "per" and a word after a claim that states a price per
  something ("[$30/TB/yr](…) per node"), "a", "each" or "every" and a unit ("[$119/TB](…)
  a month") or a word of period ("monthly") divide it again: the sentence states another
  quantity (FX503), as "[$119/TB](…) per month" does. Not where the word is what
  the price is per already ("[$119/TB](…) per terabyte"), nor "per" as "according to"
  ("[$119/TB](…) per the datasheet"), nor after another claim ("[1 GiB/s](…) per
  node" names what the bandwidth is of, as its record may say).
"""

from __future__ import annotations

import re

from fxsite.evidence.numerals import PRICE_WORDS, word_alternation
from fxsite.evidence.quantities import CURRENCY_SIGNS, parse_stated
from fxsite.evidence.units import UNITS, canonical_unit

__all__ = ["OPEN", "PERIOD_WORDS", "PRICE_LABEL", "per_after_price", "price_unit", "priced_read"]

#: The currency of a price whose header names none (the generic currency sign): the
#: cited record's, once a claim is judged.
OPEN = "¤"

#: Words of a period before a price's name, and the period each is ("Monthly price").
PERIOD_WORDS = {
    "hourly": "h",
    "daily": "day",
    "weekly": "week",
    "monthly": "month",
    "yearly": "year",
    "annual": "year",
    "annually": "year",
}
#: The vocabulary's symbols of time as a price's period writes them ("USD/TB-month").
_PERIODS = {"h": "h", "d": "day", "wk": "week", "mo": "month", "yr": "year"}
#: The kinds of unit a price is per: a capacity, an energy, a period.
_PER_KINDS = frozenset({"size", "energy", "time"})

_WORD = r"[^\s()\[\]:：=,;.]{1,20}"
#: "per" between a price's name and what it is per, or a slash ("Price/TB").
_PER = r"(?:\s+(?i:per)\s+|\s*/\s*)"
#: A price named with what it is per, as a header or a label writes it (see the module's
#: decisions); its groups are named for :mod:`.stated_numbers`, which places it in a label.
_PRICE = re.compile(
    rf"(?P<price_lead>(?:[A-Za-z$€£¥][\w-]*\s+){{0,3}}?)(?i:{word_alternation(PRICE_WORDS)})"
    rf"{_PER}(?P<price_per>{_WORD})(?:\s+(?i:per|a|an|each)\s+(?P<price_then>{_WORD}))?"
    rf"(?:\s*[(\[]\s*(?P<price_paren>{_WORD})\s*[)\]]|\s+(?i:in)\s+(?P<price_in>{_WORD}))?"
)
#: :data:`_PRICE`'s text.
PRICE_LABEL = _PRICE.pattern


def price_unit(header: str) -> str | None:
    """The price unit ``header`` (a whole header or label, normalised) states: a price's
    unit whole as written ("$/TB/month", "美元/TB"), else as ``CURRENCY/per``, the
    currency by its sign where it has one ("$/TB-month", "JPY/TB", "¤/TiB" where none is
    written, "$/TiB" for a unit the vocabulary lacks), or None."""
    symbol = canonical_unit(header) if "/" in header else None
    if symbol is not None and UNITS[symbol].currency is not None:
        return header
    signed = _SIGNED.fullmatch(header)
    if signed is not None and (currency := _currency(signed["currency"])) is not None:
        return _composed(currency, None, [signed["per"]])
    match = _PRICE.fullmatch(header)
    if match is None:
        return None
    currency, period = None, None
    for word in match["price_lead"].split():
        period = PERIOD_WORDS.get(word.lower(), period)
        currency = _currency(word) or currency
    written = match["price_paren"] or match["price_in"]
    if written is not None:
        currency = _currency(written)
        if currency is None:
            return None  # "Price per TB (list)": a note, no currency
    return _composed(currency or OPEN, period, [match["price_per"], match["price_then"]])


#: A price's unit written currency first, over what it is per: "$/TiB", "元/TB".
_SIGNED = re.compile(
    r"(?P<currency>[^\s\d/][^\s/]{0,3})\s*/\s*(?P<per>[^\s/]{1,20}(?:/[^\s/]{1,20})?)"
)


def _composed(currency: str | None, period: str | None, pers: list[str | None]) -> str | None:
    """``CURRENCY/per`` of a currency (``OPEN`` where none is written), and what the price
    is per as written ("TB/month", "TB" with ``period`` "month": "TB-month"); None where a
    part is no unit of size, energy or time, or a period is said twice."""
    if currency is None:
        return None
    parts = [part for written in pers if written for part in re.split(r"[-/]", written)]
    per = [_per_part(p) for p in parts]
    if not per or None in per or (period and period in per):
        return None
    if period is not None:
        per.append(period)
    written = CURRENCY_SIGNS.get(currency, currency)
    return f"{written}/{'-'.join(p for p in per if p)}"


def _currency(word: str) -> str | None:
    symbol = canonical_unit(word)
    return symbol if symbol is not None and UNITS[symbol].dimension == "currency" else None


def _per_part(word: str) -> str | None:
    """What a price is per, as its unit writes it: "TB", "kWh", "month"; None for a word
    that is no unit of size, energy or time ("node")."""
    symbol = canonical_unit(word)
    if symbol is None or UNITS[symbol].dimension not in _PER_KINDS:
        return None
    return _PERIODS.get(symbol, symbol) if UNITS[symbol].dimension == "time" else symbol


def priced_read(number: str, unit: str, figure_unit: str) -> str | None:
    """A claim's ``number`` read under the price ``unit`` a header or label states
    (:func:`price_unit`), where the unit alone does not say how: in the cited figure's
    currency where the unit names none (None where the figure is no price: the label is
    not read), per a unit the vocabulary lacks ("$119/TiB"), or as an amount where the
    figure is one (:func:`_amount`). None for a unit that is no price's, and one the
    claim is read with as written ("$/TB/month")."""
    written, slash, per = unit.partition("/")
    currency = _currency(written) if slash and written != OPEN else None
    if not slash or (written != OPEN and currency is None):
        return None  # no price's unit
    figure = UNITS.get(figure_unit)
    if figure is not None and figure.dimension == "currency":
        return _amount(number, currency or figure.symbol)
    if written == OPEN:
        currency = figure.currency if figure is not None else None
    elif canonical_unit(unit) is not None:
        return None
    if currency is None:
        return None  # a figure that is no price under a price's label
    sign = CURRENCY_SIGNS.get(currency)
    return f"{sign}{number}/{per}" if sign else f"{number} {currency}/{per}"


def _amount(number: str, currency: str) -> str:
    """A claim of an amount ("unit: USD", "what: Price per terabyte": a record may say in
    words what its price is per) under a price's unit, read in its currency alone: what
    the price is per is the record's words, which no unit checks."""
    sign = CURRENCY_SIGNS.get(currency)
    return f"{sign}{number}" if sign else f"{number} {currency}"


#: Words after "per" that make it "according to" ("per the datasheet") or Latin ("per se").
_NOT_PER_THING = ("the", "our", "their", "its", "your", "my", "this", "that", "these", "those")
#: "per" and a word after a claim, "a", "each" or "every" and a unit ("a month"), or a
#: word of period ("monthly"): see :func:`per_after_price`.
_PER_AFTER = re.compile(
    rf"\s+(?:(?i:per)\s+(?!(?i:{word_alternation([*_NOT_PER_THING, 'se', 'cent'])}))"
    r"(?P<word>[A-Za-z][\w-]{0,20})|(?i:an?|each|every)\s+(?P<unit>[A-Za-z][\w-]{0,20})"
    rf"|(?P<period>(?i:{'|'.join(PERIOD_WORDS)})))(?![\w-])"
)


def per_after_price(text: str, start: int, end: int) -> str | None:
    """The words after the claim at ``text[start:end]`` that divide the price per
    something it states again ("[$30/TB/yr](…) per node", "[$119/TB](…) a month"), or None."""
    after = _PER_AFTER.match(text, end)
    if after is None:
        return None
    stated = parse_stated(text[start:end])
    unit = UNITS.get(stated.unit) if stated is not None and stated.unit else None
    if unit is None or unit.per is None:
        return None
    if after["period"]:
        per: str | None = PERIOD_WORDS[after["period"].lower()]
    elif after["unit"]:
        per = _per_part(after["unit"])  # "a month"; not "a bargain"
        if per is None:
            return None
    else:
        per = _per_part(after["word"]) or after["word"]
    own = {_per_part(p) or p for p in re.split(r"[-/ ]", unit.per)}
    return None if per in own else after.group().strip()
