"""The numbers a browser draws before the items of an explicitly numbered list.

``<ol start="178"><li>seconds per save</li></ol>`` draws "178. seconds per save": the
list's marker stands where a figure's number would, so the reader reads it as
text. Decisions:

- Only a list numbered explicitly is read: an ``<ol>`` (or a ``<ul>`` whose own style
  draws digits: ``list-style-type: decimal``) with a ``start``, a style of its
  own resetting its items' counter (``counter-reset: list-item 95``: 96 first), or with
  an item that has a ``value`` or a style of its own setting it (``counter-set:
  list-item 94``). A list counted from 1 (every Markdown list without the
  ``sane_lists`` extension) is read as before, so a step list ("1. Minutes matter")
  is not a figure.
- The numbers follow HTML's rules: ``start`` defaults to 1 (to the number of items in
  a ``reversed`` list), an item's ``value`` sets its own number and those after it,
  each next item counts one on (one down where ``reversed``). Attribute values are
  read as HTML's "rules for parsing integers" read them: leading spaces, a sign,
  digits, anything after ignored (``start="178abc"`` is 178).
- Letters and Roman numerals (``type="a"``, ``type="i"``, or a ``list-style-type``
  naming them) draw no digits and give no numbers; ``list-style: none`` draws no
  marker. A style that draws a string marker is the drawing rules' (FX506), not
  this module's; so is any counter a style sets (:mod:`.css_counters`): the
  ``counter-reset`` and ``counter-set`` read here are also refused there.
- The number is read followed by a space, not by the period it is drawn with: the
  period is the list's punctuation, and "178. seconds" is read by a reader as
  "178 seconds".
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

__all__ = ["list_numbers"]

_INTEGER = re.compile(r"[\t\n\f\r ]*([+-]?[0-9]+)")
#: ``list-style`` values that draw no digits: no marker, letters, Roman numerals, symbols.
_NO_DIGITS = re.compile(
    r"\bnone\b|alpha|latin|roman|greek|disc|circle|square|disclosure|armenian|georgian"
    r"|cjk|hiragana|katakana|hebrew|ethiopic"
)
_NOT_DECIMAL_TYPES = frozenset("aAiI")
#: A list's own style resetting its items' counter: ``counter-reset: list-item 95`` draws
#: 96 before its first item (blind17), as ``start="96"`` does.
_COUNTER_RESET = re.compile(r"counter-reset\s*:\s*list-item\s+([+-]?\d{1,9})\b", re.IGNORECASE)
#: An item's own style setting its number: ``counter-set: list-item 94`` draws 94 (blind19).
_COUNTER_SET = re.compile(r"counter-set\s*:\s*list-item\s+([+-]?\d{1,9})\b", re.IGNORECASE)


def _integer(value: str | None) -> int | None:
    match = _INTEGER.match(value or "")
    return int(match[1]) if match else None


def _draws_digits(node: LexborNode) -> bool:
    attrs = node.attributes
    if (attrs.get("type") or "1") in _NOT_DECIMAL_TYPES:
        return False
    style = (attrs.get("style") or "").lower()
    return "list-style" not in style or not _NO_DIGITS.search(style)


#: A ``list-style`` naming a marker of digits: a ``<ul>`` so styled is numbered (blind31).
_DIGITS = re.compile(r"decimal|arabic-indic|persian|devanagari|bengali|thai|khmer|lao")


def _styled_decimal(node: LexborNode) -> bool:
    style = (node.attributes.get("style") or "").lower()
    return "list-style" in style and _DIGITS.search(style) is not None


def list_numbers(ol: LexborNode) -> dict[int, str]:
    """The number drawn before each item of ``ol`` (by the item's ``mem_id``), as the
    text read, where the list is numbered explicitly; else nothing."""
    if not (ol.tag == "ol" or (ol.tag in ("ul", "menu") and _styled_decimal(ol))):
        return {}
    if not _draws_digits(ol):
        return {}
    items = [child for child in ol.iter() if child.tag == "li"]
    start = _integer(ol.attributes.get("start")) if "start" in ol.attributes else None
    reset = _COUNTER_RESET.search(ol.attributes.get("style") or "")
    if reset is not None:  # the counter before the first item, which counts one on
        start = int(reset[1]) + 1
    values = [_integer(item.attributes.get("value")) for item in items]
    setting = any(_COUNTER_SET.search(item.attributes.get("style") or "") for item in items)
    if start is None and all(value is None for value in values) and not setting:
        return {}
    step = -1 if "reversed" in ol.attributes else 1
    number = start if start is not None else (len(items) if step < 0 else 1)
    numbers: dict[int, str] = {}
    for item, value in zip(items, values, strict=True):
        set_to = _COUNTER_SET.search(item.attributes.get("style") or "")
        value = int(set_to[1]) if set_to is not None else value
        number = value if value is not None else number
        if _draws_digits(item):
            numbers[item.mem_id] = f"{number} "
        number += step
    return numbers
