"""Evidence links in Markdown source, outside code: what :func:`process_page` resolves.

Bare figures are not looked for here: the rendered page is judged
(:mod:`fxsite.pages.judge`). :func:`find_evidence_links` finds the inline
claims a page writes (inline, or reference links to an ``evidence:``
definition), with their offsets, so that a refused claim is reported
at its ``line:col`` and left as plain text.

The scanner is line based on purpose. A CommonMark parser treats the indented
body of a Material admonition (``!!! note``) as a code block, which would hide
exactly the prose we must check; Python-Markdown, which MkDocs uses, does not.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["EvidenceLink", "find_evidence_links", "line_col", "not_bare", "snippets_expanded"]

_FENCE_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
# Lines whose indented continuation is content, not code: admonitions and
# details (Material), content tabs, list items, footnotes, definitions.
_CONTAINER = re.compile(
    r"^[ \t]*(?:!!!|\?\?\?\+?|===|[-*+][ \t]|\d+[.)][ \t]|\[\^[^\]]+\]:|:[ \t])"
)
_INLINE_CODE = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.DOTALL)
_COMMENT_OPEN, _COMMENT_CLOSE = "<!--", "-->"
#: Text inside brackets as Markdown reads it in a paragraph: no bracket, no blank line
#: (a line break is a space: ``[94\ns]``).
_IN_BRACKETS = r"(?:[^\[\]\n]|\n(?![ \t>]*\n))"
_EVIDENCE = re.compile(
    rf"(?<!!)\[(?P<text>{_IN_BRACKETS}*)\]\((?P<dest>evidence:[^()\s]*)(?:\s+\"[^\"]*\")?\)"
)


#: A link reference definition, as Python-Markdown's ``ReferenceProcessor`` reads one
#: (``[fx]: evidence:R1#a``, its destination on the next line too, a title after it and
#: nothing else), wherever its block parser reaches: after blockquote marks, a list
#: item's marker, a container's indentation (code is blanked before it is read). Its marks
#: are read once, without going back (a line of spaced list marks took exponential time).
_REFDEF = re.compile(
    rf"^(?>[ \t]*(?:(?:>|(?:[-*+]|\d+[.)])(?=[ \t]))[ \t]*)*)\[(?P<label>{_IN_BRACKETS}+)\]:"
    r"[ ]*(?:\n(?:[ \t]*>)*[ ]*)?<?(?P<dest>[^\s>]+)>?"
    r"(?=[ ]*(?:\n(?:[ \t]*>)*[ ]*)?(?:(?P<quote>[\"'])(?:.*)(?P=quote)[ ]*|\((?:.*)\)[ ]*)?$)",
    re.MULTILINE,
)
#: A reference link: ``[text][label]``, ``[text][]`` or ``[text]`` (its label is its text);
#: as Python-Markdown's ``ReferenceInlineProcessor``, a space or line break may stand
#: between the two.
_REFERENCE = re.compile(
    rf"(?<![!\]\\])\[(?P<text>{_IN_BRACKETS}*)\](?:\s?\[(?P<label>{_IN_BRACKETS}*)\])?(?![(:\[])"
)
#: Blockquote marks at the start of a line, which Markdown removes before it reads the
#: lines they mark.
_QUOTE_MARKS = re.compile(r"^(?:[ ]{0,3}>)+", re.MULTILINE)
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True)
class EvidenceLink:
    """An ``[text](evidence:ID#figure)`` link found in a page, or a reference link
    (``[text][fx]``) whose definition's destination is ``evidence:``; ``text`` as a reader
    is shown it (each run of spaces and line breaks one space)."""

    start: int
    end: int
    text: str
    dest: str


def _comments(text: str) -> Iterator[tuple[int, int]]:
    """Spans of closed HTML comments, in one pass (a lazy ``<!--.*?-->`` rescans to the end
    for every unclosed ``<!--``). An unclosed ``<!--`` is left as text: the checker then
    reads what follows it, which is the cautious side whatever the renderer makes of it."""
    at = text.find(_COMMENT_OPEN)
    while at >= 0:
        close = text.find(_COMMENT_CLOSE, at + len(_COMMENT_OPEN))
        if close < 0:
            return
        yield at, close + len(_COMMENT_CLOSE)
        at = text.find(_COMMENT_OPEN, close + len(_COMMENT_CLOSE))


def _inline_code(text: str) -> Iterator[tuple[int, int]]:
    return (m.span() for m in _INLINE_CODE.finditer(text))


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
        indent = len(line.expandtabs(4)) - len(line.expandtabs(4).lstrip(" "))
        if indent == 0 or _CONTAINER.match(line):
            container = bool(_CONTAINER.match(line))
        elif indent >= 4 and previous_blank and not container:
            yield i
            continue
        previous_blank = False


def _unread(text: str) -> tuple[str, list[tuple[int, int]]]:
    """``text`` with code and comments blanked, and their spans, in source order."""
    code_free = list(text)
    lines = text.split("\n")
    spans: list[tuple[int, int]] = []
    offset = 0
    code = set(_code_lines(lines))
    for i, line in enumerate(lines):
        if i in code:
            _blank(code_free, offset, offset + len(line))
            spans.append((offset, offset + len(line)))
        offset += len(line) + 1
    for spans_in in (_comments, _inline_code):
        for start, end in spans_in("".join(code_free)):
            _blank(code_free, start, end)
            spans.append((start, end))
    return "".join(code_free), sorted(spans)


def _unquoted(masked: str) -> str:
    """``masked`` as Markdown reads a quote's lines: without their marks (offsets kept)."""
    return _QUOTE_MARKS.sub(lambda m: " " * len(m.group()), masked)


def _links(masked: str, defined: str | None = None) -> list[EvidenceLink]:
    """The evidence links of ``masked`` (code and comments blanked), in source order;
    reference definitions read from ``defined`` (blanked alike) where given."""
    masked = _unquoted(masked)
    links = [
        EvidenceLink(m.start(), m.end(), _SPACES.sub(" ", m["text"]), m["dest"])
        for m in _EVIDENCE.finditer(masked)
    ]
    # As Python-Markdown: a definition's label is matched without case and the spaces around
    # it, a link's with each run of spaces and line breaks as one space; the last wins.
    defined = masked if defined is None else _unquoted(defined)
    dests = {m["label"].strip().lower(): m["dest"] for m in _REFDEF.finditer(defined)}
    for m in _REFERENCE.finditer(masked) if dests else ():
        dest = dests.get(_SPACES.sub(" ", m["label"] or m["text"]).lower(), "")
        if dest.startswith("evidence:"):
            links.append(EvidenceLink(m.start(), m.end(), _SPACES.sub(" ", m["text"]), dest))
    return sorted(links, key=lambda link: link.start)


def find_evidence_links(text: str, expanded: str | None = None) -> list[EvidenceLink]:
    """Every evidence link outside code, in source order. ``expanded``: the page as
    Markdown reads it (:func:`snippets_expanded`), whose reference definitions count."""
    return _links(_unread(text)[0], None if expanded is None else _unread(expanded)[0])


def snippets_expanded(source: str, options: Mapping[str, Any] | None) -> str | None:
    """``source`` with what ``pymdownx.snippets``, set with ``options``, includes in it
    (``--8<--`` lines, ``auto_append``), read by the extension itself; None without the
    extension (``options`` None), or where it cannot read an include (the build says
    why). A URL is not fetched: a definition only a URL gives does not count."""
    if options is None:
        return None
    from markdown import Markdown
    from pymdownx.snippets import SnippetMissingError  # type: ignore[import-untyped]

    settings = {**options, "url_download": False}
    try:
        md = Markdown(
            extensions=["pymdownx.snippets"], extension_configs={"pymdownx.snippets": settings}
        )
        lines: list[str] = md.preprocessors["snippet"].run(source.split("\n"))
    except (SnippetMissingError, OSError, ValueError):  # rendering reports it
        return None
    return "\n".join(lines)


def not_bare(text: str) -> list[tuple[int, int]]:
    """Spans of ``text`` where no bare figure stands: code, comments and evidence links."""
    masked, spans = _unread(text)
    spans += [(link.start, link.end) for link in _links(masked)]
    return sorted(spans)


def line_col(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of ``offset`` in ``text``."""
    line = text.count("\n", 0, offset) + 1
    col = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, col
