"""Why a claim's link text states no one quantity, told as the writer can act on it.

A text the claim grammar reads no quantity from was told only "does not state one
quantity; write it as '48.5 GB/s'" (blind72), where the text does state one and the
trouble is elsewhere. Decisions, tried in this order:

- A number followed by a unit spelling the vocabulary does not know, but is close to
  one (:func:`~fxsite.evidence.units.unit_hint`: "48.5 GB a second"), is told the
  spelling is not known and which unit it is near; a price's in the currency the text
  writes ("0.6元/kWh": 'CNY/kWh'), else in the figure's ("119 per terabyte" citing a
  USD price: 'USD/TB'), never another (blind73: both were offered 'EUR/…').
- A quantity with words before or after it inside the link ("[72% lower](…)",
  "[48.5 GB/s read](…)", "[read 48.5 GB/s](…)") is told to keep the words outside
  the link, shown as the Markdown to write. The quantity is the longest run of whole
  words at either end the grammar reads, the words the rest, which holds no digit (a
  second number is two quantities, not words). The link text to write is that
  quantity where it states the figure, else the figure's own.
- A bound word after the quantity inside the link ("[4:1 or better](…)") is told the bound
  as the claim grammar writes it, before the number ("[at least 4:1](…)"), or the
  quantity alone: kept outside the link it would be refused as a bound too (FX503, blind73).
- Anything else keeps the general message.

The words are split at spaces only, and only a text of at most :data:`MAX_WORDS` words
is read so (a claim's text has a handful; a hostile one of thousands, each cut parsed
again, took quadratic time: tests/test_fuzz_entrypoints.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from fxsite.evidence.numerals import BOUND_AFTER_WORDS
from fxsite.evidence.quantities import parse_stated
from fxsite.evidence.units import unit_hint

__all__ = ["MAX_WORDS", "unstated_message"]

#: The most words a link text may have for :func:`_words_beside` to look for its quantity.
MAX_WORDS = 12

# A number, with a currency sign before it, then what follows it (no digit).
_NUMBER_THEN = re.compile(r"(?P<number>(?P<sign>US\$|[$€£¥₩])?\d[\d,.]*)\s?(?P<rest>[^\d]+)")


def unstated_message(
    text: str,
    filled: str,
    states: Callable[[str], bool],
    currency: str | None = None,
    *,
    count: bool = False,
) -> str:
    """The FX403 message for ``text``, which states no one quantity; ``filled`` is the
    figure's own text, ``states`` whether a link text states the figure, ``currency`` the
    figure's, if it is a price; ``count``: the figure is a count, its quantity a number
    alone ("[3 racks](…)" keeps "racks" outside: blind83)."""
    written = " ".join(text.split())
    unknown = _unknown_unit(written, currency)
    if unknown is not None:
        return f"'{text}': {unknown}; write '{filled}'"
    split = _words_beside(written, count)
    if split is not None:
        quantity, words, after = split
        link = quantity if states(quantity) else filled
        if after and words.lower() in BOUND_AFTER_WORDS and not states(quantity):
            # the quantity is not the figure's: its own text is the claim to write, never
            # the bound before it ("at most under 40 s": blind88)
            return f"'{text}' makes the figure a bound with '{words}'; write '[{filled}](…)'"
        if after and words.lower() in BOUND_AFTER_WORDS:
            bound = "at most" if BOUND_AFTER_WORDS[words.lower()] == "max" else "at least"
            return (
                f"'{text}' makes the figure a bound with '{words}': where the record states "
                f"that bound, write '[{bound} {link}](…)', else '[{link}](…)' alone"
            )
        markdown = f"[{quantity}](…) {words}" if after else f"{words} [{quantity}](…)"
        return (
            f"'{text}' has words inside the link: keep '{words}' outside it, as in "
            f"{markdown} (write '{link}' as the link text)"
        )
    return f"'{text}' does not state one quantity; write it as '{filled}' or leave the text empty"


def _unknown_unit(text: str, currency: str | None) -> str | None:
    """What is wrong with a unit written after the number that is near a known one (a
    price's in the currency it writes, else the figure's)."""
    match = _NUMBER_THEN.fullmatch(text)
    if match is None or parse_stated(match["number"]) is None:
        return None
    rest = match["rest"].strip()
    # a price's currency sign is part of its unit: "$119 per terabit" is near "$ per terabyte"
    hint = unit_hint(f"{match['sign']} {rest}" if match["sign"] else rest, currency)
    return f"'{rest}' is no unit spelling fxsite knows{hint}" if hint else None


def _words_beside(text: str, count: bool = False) -> tuple[str, str, bool] | None:
    """``(quantity, words, words after it)`` for a quantity with words around it inside
    the link, else None (``count``: a number alone is a quantity)."""
    tokens = text.split(" ")
    if len(tokens) > MAX_WORDS:
        return None
    for cut in range(len(tokens) - 1, 0, -1):
        head, tail = " ".join(tokens[:cut]), " ".join(tokens[cut:])
        if not any(c.isdigit() for c in tail) and _quantity(head, count):
            return head, tail, True
    for cut in range(1, len(tokens)):
        head, tail = " ".join(tokens[:cut]), " ".join(tokens[cut:])
        if not any(c.isdigit() for c in head) and _quantity(tail, count):
            return tail, head, False
    return None


def _quantity(text: str, count: bool) -> bool:
    """Whether ``text`` is a quantity: with a unit, or, for a count, a number alone."""
    stated = parse_stated(text)
    return stated is not None and (stated.unit is not None or (count and stated.high is None))
