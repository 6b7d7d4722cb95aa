"""A search index's JSON read as :func:`~fxsite.render.exports.loads` reads it, its
entries one at a time.

On a large site the index is megabytes of JSON, and parsed whole it is several times
that in Python objects, held while the gate keeps what it knows of every page. Here
the text is first checked whole without building anything (the same errors
``loads`` raises, from the same parser), then its top level is walked member by
member, and the entries of its ``docs`` list are parsed one at a time as they are
read. A member written twice in one object is refused by that first check, as ``loads``
refuses it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from fxsite.render.exports import loads, refuse_constant

__all__ = ["index_entries"]

_SPACE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder(parse_float=Decimal, parse_constant=refuse_constant)


def index_entries(text: str) -> tuple[dict[str, Any], Iterator[Any]]:
    """The members of ``text``'s top-level object but ``docs``, and the entries it lists.

    As ``loads(text)`` gives them: the items of ``docs`` (of the text itself when it
    is a list; none when it has no ``docs``; a ``docs`` that is no list, or a text
    that is neither object nor list, is the one entry). Raises
    :class:`~fxsite.render.exports.PublishedJsonError` as ``loads`` does.
    """
    loads(text, kept=False)
    at = _space(text, 0)
    if text[at] == "[":
        return {}, _items(text, at)
    if text[at] != "{":
        return {}, iter([_DECODER.raw_decode(text, at)[0]])
    others: dict[str, Any] = {}
    docs: int | None = None
    at = _space(text, at + 1)
    while text[at] != "}":
        name, at = _DECODER.raw_decode(text, at)
        at = _space(text, _space(text, at) + 1)  # past the colon
        if name == "docs":
            docs, at = at, _skip(text, at)
        else:
            others[name], at = _DECODER.raw_decode(text, at)
        at = _next(text, at)
    if docs is None:
        return others, iter(())
    if text[docs] == "[":
        return others, _items(text, docs)
    return others, iter([_DECODER.raw_decode(text, docs)[0]])


def _space(text: str, at: int) -> int:
    """Past the JSON whitespace at ``at``."""
    match = _SPACE.match(text, at)
    assert match is not None  # it matches the empty string
    return match.end()


def _skip(text: str, at: int) -> int:
    """Past the value at ``at``; a list is read item by item, none kept."""
    if text[at] != "[":
        return int(_DECODER.raw_decode(text, at)[1])
    at = _space(text, at + 1)
    while text[at] != "]":
        at = _next(text, _DECODER.raw_decode(text, at)[1])
    return at + 1


def _items(text: str, at: int) -> Iterator[Any]:
    """The items of the list at ``at``, each parsed when asked for."""
    at = _space(text, at + 1)
    while text[at] != "]":
        item, end = _DECODER.raw_decode(text, at)
        yield item
        at = _next(text, end)


def _next(text: str, at: int) -> int:
    """Where the next item or member starts, past the comma after one ending at ``at``
    (or the closing bracket)."""
    at = _space(text, at)
    return _space(text, at + 1) if text[at] == "," else at
