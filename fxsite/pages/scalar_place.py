"""Where a character of a YAML string was written, inside the string.

A YAML loader keeps where a value starts, not where each of its characters
came from: a figure inside a block scalar (``notes: |``), a folded or plain
string over several lines, or a quoted string with escapes is known only by
the value's first line. :func:`scalar_offset` walks the value's source from
its start (past a tag, an anchor, the opening quote or a block scalar's
indicator line) and pairs each character of the value with the character it
was written as: indentation, line breaks and folding are whitespace on both
sides; ``\\x39`` in a double-quoted string is the ``9`` it stands for, ``''``
in a single-quoted one the quote. A value that does not pair up to its end
(one a tag or a variable wrote, a source changed since) has no place inside
it: None.

Lines and columns are counted as the YAML loader counts them
(:data:`~fxsite.evidence.yamlsafe.BREAKS`: ``\\r\\n``, ``\\r`` and ``\\n`` end a line).
"""

from __future__ import annotations

import bisect
import re

from fxsite.evidence.yamlsafe import BREAKS

__all__ = ["offset_of", "scalar_offset", "scalar_offsets", "scalar_segments"]

_PROPERTY = re.compile(r"[!&][^\s]*\s*")
_HEADER = re.compile(r"[|>][^\r\n\x85\u2028\u2029]*")
#: Double-quoted escapes of one character (YAML 1.1, as PyYAML reads them).
_ESCAPES = {
    "0": "\0",
    "a": "\a",
    "b": "\b",
    "t": "\t",
    "\t": "\t",
    "n": "\n",
    "v": "\v",
    "f": "\f",
    "r": "\r",
    "e": "\x1b",
    " ": " ",
    '"': '"',
    "/": "/",
    "\\": "\\",
    "N": "\x85",
    "_": "\xa0",
    "L": "\u2028",
    "P": "\u2029",
}
_HEX = {"x": 2, "u": 4, "U": 8}


def offset_of(text: str, line: int, col: int) -> int | None:
    """Offset in ``text`` of 1-based ``line`` and ``col``, or None past its end."""
    start = 0
    for _ in range(line - 1):
        found = BREAKS.search(text, start)
        if found is None:
            return None
        start = found.end()
    offset = start + col - 1
    return offset if offset < len(text) else None


def _escape(text: str, at: int) -> tuple[str, int] | None:
    """What the escape at ``text[at]`` (a backslash) stands for ("" for a line break), and its length."""
    char = text[at + 1 : at + 2]
    if char in _ESCAPES:
        return _ESCAPES[char], 2
    if char in _HEX:
        digits = text[at + 2 : at + 2 + _HEX[char]]
        if len(digits) == _HEX[char] and all(c in "0123456789abcdefABCDEF" for c in digits):
            code = int(digits, 16)
            return (chr(code), 2 + len(digits)) if code <= 0x10FFFF else None
        return None
    found = BREAKS.match(text, at + 1)
    return ("", 1 + len(found.group())) if found is not None else None


def _content(text: str, start: int) -> tuple[int, str]:
    """Where the value starting at ``start`` begins to be written, and its style."""
    at = start
    while (prop := _PROPERTY.match(text, at)) is not None:
        at = prop.end()
    char = text[at : at + 1]
    if char and char in "|>":
        header = _HEADER.match(text, at)
        assert header is not None
        return header.end(), "block"
    if char and char in "\"'":
        return at + 1, char
    return at, "plain"


def _written(text: str, at: int, style: str) -> tuple[str, int, int] | None:
    """The value character written at ``at`` after what adds no character to it.

    ``(character, offset, length)``: whitespace, and escapes that stand for
    whitespace or for nothing, are passed over. None: the end of ``text``, or
    an escape that stands for nothing known.
    """
    while at < len(text):
        char, length = text[at], 1
        if style == '"' and char == "\\":
            escape = _escape(text, at)
            if escape is None:
                return None
            char, length = escape
        elif style == "'" and text.startswith("''", at):
            length = 2
        if char and not char.isspace():
            return char, at, length
        at += length
    return None


def scalar_offsets(text: str, start: int, value: str) -> list[int] | None:
    """Offset in ``text`` of each character of ``value``, the string whose node starts at ``start``.

    A whitespace character is placed at the next character written (at the
    end of the value, after the last). None: the value is not written there,
    character for character.
    """
    at, style = _content(text, start)
    offsets: list[int] = []
    spaces = 0
    for char in value:
        if char.isspace():
            spaces += 1
            continue
        written = _written(text, at, style)
        if written is None or written[0] != char:
            return None
        offsets += [written[1]] * (spaces + 1)
        spaces = 0
        at = written[1] + written[2]
    return offsets + [at] * spaces


def scalar_offset(text: str, start: int, value: str, index: int) -> int | None:
    """Offset in ``text`` of ``value[index]`` (:func:`scalar_offsets`), or None."""
    offsets = scalar_offsets(text, start, value)
    return offsets[index] if offsets is not None and 0 <= index < len(offsets) else None


def scalar_segments(text: str, start: int, value: str) -> list[tuple[int, int, int]] | None:
    """``(offset in value, line, col)`` where each run of ``value`` written in one piece starts.

    Within a run, the characters of ``value`` are the characters of ``text``
    one for one (:func:`scalar_offsets`); None: ``value`` is not written there.
    """
    offsets = scalar_offsets(text, start, value)
    if offsets is None:
        return None
    starts = [0] + [found.end() for found in BREAKS.finditer(text)]
    segments: list[tuple[int, int, int]] = []
    last = (-2, -2, -2)
    for n, offset in enumerate(offsets):
        line = bisect.bisect_right(starts, offset)
        col = offset - starts[line - 1] + 1
        if (n - last[0], line, col - last[2]) != (1, last[1], 1):
            segments.append((n, line, col))
        last = (n, line, col)
    return segments
