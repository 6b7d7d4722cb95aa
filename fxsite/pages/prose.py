"""Where a Markdown page writes its evidence links, code and comments: for placing findings.

This module decides nothing: Python-Markdown finds a page's links and the claims
treeprocessor of :mod:`fxsite.markdown` resolves each one where it renders it.
Its findings know only the text they quote; :class:`~fxsite.pages.locate.SourceLocator`
places them in the source with the spans given here: a claim's finding at the
``[`` of its link (:func:`find_evidence_links`), a bare figure's outside code,
comments and links (:func:`not_bare`). A plain-text field's message says when a
figure in it is written as a link there (:func:`~fxsite.pages.page.check_prose`).

The scanner is line based on purpose. A CommonMark parser treats the indented
body of a Material admonition (``!!! note``) as a code block, which would hide
exactly the prose we must check; Python-Markdown, which MkDocs uses, does not.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass

__all__ = [
    "CONTAINER_OPENERS",
    "EvidenceLink",
    "containers",
    "find_evidence_links",
    "line_col",
    "not_bare",
    "reference_definition",
    "writes_evidence",
]

_FENCE_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
#: The openers of containers whose indented lines are content, not code, by the block
#: processor that reads them: admonitions (``!!!``), details (``???``, pymdownx.details),
#: content tabs (``===``, pymdownx.tabbed). Where that processor is off, the indented
#: lines under such an opener are code, as Markdown renders them (:func:`containers`).
CONTAINER_OPENERS = {"admonition": r"!!!", "details": r"\?\?\?\+?", "tabbed": r"==="}
#: List items, footnotes and definitions: always read as containers.
_ALWAYS_CONTAINERS = r"[-*+][ \t]|\d+[.)][ \t]|\[\^[^\]]+\]:|:[ \t]"


def containers(processors: Collection[str] | None = None) -> re.Pattern[str]:
    """Lines whose indented continuation is content, not code: list items, footnotes,
    definitions, and the openers of :data:`CONTAINER_OPENERS` whose block processor is
    among ``processors`` (None: all of them, where the renderer is not known)."""
    openers = [
        o for name, o in CONTAINER_OPENERS.items() if processors is None or name in processors
    ]
    return _container_pattern("|".join([*openers, _ALWAYS_CONTAINERS]))


@functools.lru_cache(maxsize=8)
def _container_pattern(alternatives: str) -> re.Pattern[str]:
    return re.compile(rf"^[ \t]*(?:{alternatives})")


_CONTAINER = containers()
_INLINE_CODE = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.DOTALL)
_COMMENT_OPEN, _COMMENT_CLOSE = "<!--", "-->"
#: Text inside brackets as Markdown reads it in a paragraph: no bracket, no blank line
#: (a line break is a space: ``[94\ns]``).
_IN_BRACKETS = r"(?:[^\[\]\n]|\n(?![ \t>]*\n))"
#: A link's text, which may hold bracketed text of its own once, as an image's alt does
#: (``[94 s ![x](x.png)](evidence:…)``: blind60).
_LINK_TEXT = rf"(?:{_IN_BRACKETS}|\[{_IN_BRACKETS}*\])"
_EVIDENCE = re.compile(
    rf"(?<![!\\])\[(?P<text>{_LINK_TEXT}*)(?<!\\)\]\([ \t]*(?P<angle><)?(?P<dest>evidence:[^()<>\n]*?)"
    r"(?(angle)>)(?:\s+(?:\"[^\"]*\"|'[^']*'))?[ \t]*\)"
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


def _code_lines(lines: list[str], container: re.Pattern[str] = _CONTAINER) -> Iterator[int]:
    """Indices of lines that are fenced or indented code (``container``: :func:`containers`)."""
    fence: str | None = None
    inside = False  # inside an admonition, list or tab: indentation is content
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
        opens = container.match(line) is not None
        if indent == 0 or opens:
            inside = opens
        elif indent >= 4 and previous_blank and not inside:
            yield i
            continue
        previous_blank = False


def _unread(
    text: str, container: re.Pattern[str] = _CONTAINER
) -> tuple[str, list[tuple[int, int]]]:
    """``text`` with code and comments blanked, and their spans, in source order
    (``container``: :func:`containers`)."""
    code_free = list(text)
    lines = text.split("\n")
    spans: list[tuple[int, int]] = []
    offset = 0
    code = set(_code_lines(lines, container))
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


def _links(masked: str, text: str) -> list[EvidenceLink]:
    """The evidence links of ``masked`` (``text`` with code and comments blanked), in
    source order, each with its text as ``text`` writes it (inline code and all)."""
    masked, text = _unquoted(masked), _unquoted(text)

    def shown(m: re.Match[str]) -> str:
        return _SPACES.sub(" ", text[m.start("text") : m.end("text")])

    links = [
        EvidenceLink(m.start(), m.end(), shown(m), m["dest"]) for m in _EVIDENCE.finditer(masked)
    ]
    dests = definitions(masked)
    for m in _REFERENCE.finditer(masked) if dests else ():
        dest = dests.get(link_label(m["label"] or m["text"]), "")
        if dest.startswith("evidence:"):
            links.append(EvidenceLink(m.start(), m.end(), shown(m), dest))
    return sorted(links, key=lambda link: link.start)


def definitions(masked: str) -> dict[str, str]:
    """The reference definitions of ``masked`` (a page with code and comments blanked,
    :func:`_unread`): each label, as Python-Markdown keys it (without case and the spaces
    around it), to its destination; the last definition of a label wins."""
    return {definition_label(m["label"]): m["dest"] for m in _REFDEF.finditer(masked)}


def definition_label(label: str) -> str:
    """A definition's label (``[Fx]: …``) as Python-Markdown keys it: without case and the
    spaces around it."""
    return label.strip().lower()


def link_label(label: str) -> str:
    """A reference link's label (or its text, for ``[text][]``) as Python-Markdown looks it
    up among :func:`definitions`: each run of spaces and line breaks one space, no case."""
    return _SPACES.sub(" ", label).lower()


def defines(text: str, label: str) -> bool:
    """Whether a definition outside code in ``text`` (a page) names a link's ``label``."""
    return link_label(label) in definitions(_unread(text)[0])


#: The end of a reference link as written: ``][label]`` or ``][]``.
_REFERENCE_END = re.compile(r"\][ ]?\[(?P<label>[^\[\]]*)\]\Z")


def reference_definition(text: str, start: int, end: int) -> int | None:
    """Where the definition of the reference link written at ``text[start:end]`` starts
    (its ``[``; the last one, which Python-Markdown uses), or None for an inline link."""
    written = text[start:end]
    if not written.startswith("[") or not written.endswith("]"):
        return None
    ending = _REFERENCE_END.search(written)
    label = ending["label"] if ending is not None and ending["label"].strip() else None
    if label is None:  # "[text][]" or "[text]": its text is its label
        label = written[1 : ending.start() if ending is not None else -1]
    wanted = link_label(label)
    found = [
        m.start("label") - 1
        for m in _REFDEF.finditer(_unread(text)[0])
        if definition_label(m["label"]) == wanted
    ]
    return found[-1] if found else None


def find_evidence_links(text: str) -> list[EvidenceLink]:
    """Every evidence link written outside code, in source order."""
    return _links(_unread(text)[0], text)


def not_bare(text: str) -> tuple[list[EvidenceLink], list[tuple[int, int]]]:
    """The evidence links of ``text`` (:func:`find_evidence_links`), and the sorted spans
    where no bare figure stands: code, comments and those links."""
    masked, spans = _unread(text)
    links = _links(masked, text)
    spans += [(link.start, link.end) for link in links]
    return links, sorted(spans)


def line_col(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of ``offset`` in ``text``."""
    line = text.count("\n", 0, offset) + 1
    col = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, col


#: An evidence URL, written as a claim can be or not: in raw HTML, an autolink, a
#: reference's definition, front matter, another case, escaped.
_EVIDENCE_URL = re.compile(r"(?i)\bevidence(?::|%3a)(?=[^\s])")


def writes_evidence(source: str) -> bool:
    """Whether a page's source (its front matter too) writes an evidence URL in any form
    outside code and comments: its writer tried to cite evidence, though no link of it may
    stand as a claim (blind82: ``<a href="evidence:R1#…">84 s</a>``, ``[84 s][r]`` with no
    ``[r]`` defined, ``EVIDENCE:R1#…``, ``<evidence:R1#…>``, a title in front matter)."""
    return _EVIDENCE_URL.search(source) is not None and (
        _EVIDENCE_URL.search(_unread(source)[0]) is not None
    )
