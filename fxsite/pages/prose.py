"""Which characters of a Markdown page a reader sees as prose.

:func:`prose_mask` returns the page with every non-prose character (code,
URLs, HTML tags, attribute lists, comments) replaced by a space, newlines
kept, so offsets in the masked text are offsets in the source: a finding
found in the mask points at the right ``line:col`` of the file.

The scanner is line based on purpose. A CommonMark parser treats the indented
body of a Material admonition (``!!! note``) as a code block, which would hide
exactly the prose we must check; Python-Markdown, which MkDocs uses, does not.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

__all__ = ["EvidenceLink", "find_evidence_links", "line_col", "prose_mask"]

_FENCE_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
# Lines whose indented continuation is content, not code: admonitions and
# details (Material), content tabs, list items, footnotes, definitions.
_CONTAINER = re.compile(
    r"^[ \t]*(?:!!!|\?\?\?\+?|===|[-*+][ \t]|\d+[.)][ \t]|\[\^[^\]]+\]:|:[ \t])"
)
_INLINE_CODE = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.DOTALL)
# An HTML comment that is closed; found by :func:`_comments` in linear time (a
# lazy ``<!--.*?-->`` rescans to the end for every unclosed ``<!--``).
_COMMENT_OPEN, _COMMENT_CLOSE = "<!--", "-->"
_HTML_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>")
_AUTOLINK = re.compile(r"<(?:https?|mailto|ftp):[^<>\s]*>")
_BARE_URL = re.compile(r"\b(?:https?|ftp)://[^\s<>()\[\]]+")
_LINK_DEST = re.compile(r"\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+\"[^\"]*\")?\)")
_REF_DEF = re.compile(r"^[ \t]{0,3}\[[^\]]+\]:[ \t]*\S+.*$", re.MULTILINE)
_ATTR_LIST = re.compile(r"\{:?[ \t]*[#.:][^{}\n]*\}")
_EVIDENCE = re.compile(
    r"(?<!!)\[(?P<text>[^\[\]\n]*)\]\((?P<dest>evidence:[^()\s]*)(?:\s+\"[^\"]*\")?\)"
)


@dataclass(frozen=True)
class EvidenceLink:
    """An ``[text](evidence:ID#figure)`` link found in a page."""

    start: int
    end: int
    text: str
    dest: str
    text_start: int


class _Span:
    """A match-like span, so comments blank like the regex patterns do."""

    __slots__ = ("_end", "_start")

    def __init__(self, start: int, end: int) -> None:
        self._start, self._end = start, end

    def start(self) -> int:
        return self._start

    def end(self) -> int:
        return self._end


class _Comments:
    """``finditer`` over closed HTML comments, in one pass.

    An unclosed ``<!--`` is left as text: the checker then reads what follows
    it, which is the cautious side whatever the renderer makes of it.
    """

    @staticmethod
    def finditer(text: str) -> Iterator[_Span]:
        at = text.find(_COMMENT_OPEN)
        while at >= 0:
            close = text.find(_COMMENT_CLOSE, at + len(_COMMENT_OPEN))
            if close < 0:
                return
            yield _Span(at, close + len(_COMMENT_CLOSE))
            at = text.find(_COMMENT_OPEN, close + len(_COMMENT_CLOSE))


_COMMENT = _Comments()


def _blank(chars: list[str], start: int, end: int) -> None:
    for i in range(start, end):
        if chars[i] != "\n":
            chars[i] = " "


def _code_lines(lines: list[str]) -> Iterator[int]:
    """Indices of lines that are fenced or indented code."""
    fence: str | None = None
    container = False  # inside an admonition, list or tab: indentation is content
    previous_blank = True
    for i, line in enumerate(lines):
        stripped = line.strip()
        if fence is not None:
            yield i
            if stripped.startswith(fence[0] * len(fence)) and stripped.strip(fence[0]) == "":
                fence = None
            continue
        match = _FENCE_OPEN.match(line)
        if match and not (match["fence"][0] == "`" and "`" in match["info"]):
            fence = match["fence"]
            yield i
            continue
        if not stripped:
            previous_blank = True
            continue
        indent = (
            len(line) - len(line.lstrip(" \t").expandtabs(4))
            if "\t" in line
            else len(line) - len(line.lstrip(" "))
        )
        if indent == 0 or _CONTAINER.match(line):
            container = bool(_CONTAINER.match(line))
        elif indent >= 4 and previous_blank and not container:
            yield i
            continue
        previous_blank = False


def prose_mask(text: str) -> str:
    """``text`` with everything that is not prose blanked; same length."""
    chars = list(text)
    lines = text.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    for i in _code_lines(lines):
        _blank(chars, starts[i], starts[i] + len(lines[i]))
    masked = "".join(chars)
    for pattern in (_COMMENT, _INLINE_CODE, _AUTOLINK, _REF_DEF, _HTML_TAG, _ATTR_LIST):
        found = False
        for m in pattern.finditer(masked):
            _blank(chars, m.start(), m.end())
            found = True
        if found:
            masked = "".join(chars)
    for pattern in (_LINK_DEST, _BARE_URL):
        found = False
        for m in pattern.finditer(masked):
            # keep the "]" so link text still reads as text before it
            _blank(chars, m.start() + (1 if pattern is _LINK_DEST else 0), m.end())
            found = True
        if found:
            masked = "".join(chars)
    return masked


def find_evidence_links(text: str) -> list[EvidenceLink]:
    """Every evidence link outside code, in source order."""
    code_free = list(text)
    lines = text.split("\n")
    offset = 0
    code = set(_code_lines(lines))
    for i, line in enumerate(lines):
        if i in code:
            _blank(code_free, offset, offset + len(line))
        offset += len(line) + 1
    masked = "".join(code_free)
    for pattern in (_COMMENT, _INLINE_CODE):
        for m in pattern.finditer(masked):
            _blank(code_free, m.start(), m.end())
        masked = "".join(code_free)
    return [
        EvidenceLink(m.start(), m.end(), m["text"], m["dest"], m.start("text"))
        for m in _EVIDENCE.finditer(masked)
    ]


def line_col(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of ``offset`` in ``text``."""
    line = text.count("\n", 0, offset) + 1
    col = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, col
