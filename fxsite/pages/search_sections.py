"""A page's sections as a search index holds them, made of the page reader's boxes.

A search index splits a page at its headings that have an id and keeps each
section's title and text. :func:`search_sections` makes them, as HTML, of the
boxes the page reader (:func:`~fxsite.verify.visible.page_text`, the reader
``fxsite check``, the build and the gate share) gives for a marked copy of the
page: each box of text a ``<p>`` of its own, its inline code as ``<code>``,
each code block as ``<pre><code>``. So what an entry shows is, box by box, what
was judged on the page, and the gate reading the index finds each box judged
(:meth:`~fxsite.verify.boxes.Boxes.cover`): never a run the index joined
otherwise ("Save<br>time" read "Savetime", a cell's emoji left out, a hidden
word kept).

The copy has markers put into its tree where a box cannot tell: the start and
end of each heading with an id (its permalink removed), each code block and
inline code, and the text of each element marked ``data-search-exclude`` (or
Pygments' line numbers): a box holding any of that text is left out whole. The markers are characters of the supplementary private
use planes, which a page holding any of them cannot be read with: it gets no
sections.

MkDocs' own search index parses a page: it is given the sections written out as
one (:func:`sections_page`), and its parser decodes their text's entities, which
the gate then reads as HTML. :func:`mkdocs_entry_findings` makes a page's entries
so (with MkDocs' parser, handed in by the MkDocs adapter) and judges them as the
gate does, for ``fxsite check`` and the build alike.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from html import escape
from typing import Any

from selectolax.lexbor import LexborHTMLParser, LexborNode

from fxsite.findings import Finding
from fxsite.verify.visible import Block, normalise, page_text, too_deep

__all__ = [
    "SearchSection",
    "mkdocs_entries",
    "mkdocs_entry_findings",
    "search_sections",
    "sections_page",
]

#: The first marker of a heading's start (+ its index), a code block's (+ its index).
_HEADING = 0xF0000
_CODE = 0x101000
#: The end of a heading, the text of an element left out of search, inline code (a run
#: of nothing but code is no box: marked, it is one, so that its code is kept).
_END = "\U00100001"
_LEFT_OUT = "\U00100000"
_INLINE_CODE = "\U00100002"
_LIMIT = 0xF000
#: Any marker character (a page holding one cannot be read with markers).
_MARKER = re.compile("[\U000f0000-\U0010ffff]")
_HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
#: Elements whose text is no text of the page: a marker there would change what they do.
_NOT_TEXT = frozenset({"script", "style", "template"})


@dataclass
class SearchSection:
    """One section: its heading's id and level (None and 0 before the first heading),
    its title and text as HTML, and whether its heading is marked ``data-search-exclude``."""

    anchor: str | None = None
    level: int = 0
    excluded: bool = False
    title: list[str] = field(default_factory=list)
    text: list[str] = field(default_factory=list)


def search_sections(html: str) -> list[SearchSection]:
    """The sections of a page's rendered content ``html``, the first one before any heading.

    None at all when the content cannot be read with markers (see the module
    docstring) or nests too deep to read.
    """
    marked = _marked(html)
    if marked is None:
        return []
    sections, copy, code = marked
    current, in_title = sections[0], False
    for block in page_text(copy, channel="article").blocks:
        if block.channel != "article" or block.variant:
            continue
        marks = [ord(m) for m in _MARKER.findall(block.text)]
        for point in marks:
            if _HEADING <= point < _HEADING + _LIMIT:
                current, in_title = sections[point - _HEADING + 1], True
        shown = _box_html(block)
        if shown and in_title:  # a title is one line: its boxes joined by a space
            current.title.append(f" {shown}" if current.title else shown)
        elif shown:
            current.text.append(f"<p>{shown}</p>")
        in_title = in_title and _END not in block.text
        current.text += [
            f"<pre><code>{escape(code[p - _CODE], quote=False)}</code></pre>"
            for p in marks
            if _CODE <= p < _CODE + _LIMIT
        ]
    return sections


def _marked(html: str) -> tuple[list[SearchSection], str, list[str]] | None:
    """The sections of ``html`` (their headings, no text yet), its marked copy, and the
    text of each code block marked; None when it cannot be read with markers. Its tree
    is let go when this returns, before the page reader parses the copy."""
    if too_deep(html) or _MARKER.search(html):
        return None
    tree = LexborHTMLParser(html)
    if tree.body is None:
        return None
    found = _Found()
    _walk(tree.body, found)
    for text in found.left_out:
        text.insert_before(_LEFT_OUT)
    sections = [SearchSection()]
    for link in found.permalinks:  # no part of a title
        link.decompose()
    for k, node in enumerate(found.headings[:_LIMIT]):
        if node.child is not None:
            node.child.insert_before(chr(_HEADING + k))
        else:
            node.insert_child(chr(_HEADING + k))
        node.insert_child(_END)
        attrs = node.attributes
        level = int((node.tag or "h1")[1])
        sections.append(SearchSection(attrs.get("id"), level, "data-search-exclude" in attrs))
    code = found.code[:_LIMIT]
    for j, node in enumerate(code):
        node.insert_before(chr(_CODE + j))
    for node in found.inline_code:
        node.insert_before(_INLINE_CODE)
    return sections, tree.html or "", [node.text(deep=True) or "" for node in code]


@dataclass
class _Found:
    """What :func:`_walk` found to mark, in document order."""

    headings: list[LexborNode] = field(default_factory=list)
    code: list[LexborNode] = field(default_factory=list)
    inline_code: list[LexborNode] = field(default_factory=list)
    #: the permalinks of headings (``a.headerlink``)
    permalinks: list[LexborNode] = field(default_factory=list)
    #: texts (not blank) of elements left out of search
    left_out: list[LexborNode] = field(default_factory=list)


def _walk(root: LexborNode, found: _Found) -> None:
    """Each heading with an id, its permalink, code block and inline code of ``root``, and
    the texts of elements Material's search leaves out (``data-search-exclude``, line
    numbers): one pass, with its own stack."""
    stack: list[tuple[LexborNode, bool, bool]] = [(root, False, False)]
    while stack:
        node, out, heading = stack.pop()
        tag = node.tag or ""
        if tag == "-text":
            if out and (node.text_content or "").strip():
                found.left_out.append(node)
            continue
        if tag.startswith("-") or tag in _NOT_TEXT:
            continue
        attrs = node.attributes
        classes = (attrs.get("class") or "").split()
        out = out or "data-search-exclude" in attrs or "linenodiv" in classes
        if tag in _HEADING_TAGS and "id" in attrs:
            found.headings.append(node)
            heading = True
        if tag == "pre":
            if not (out or heading or "mermaid" in classes):
                found.code.append(node)  # a diagram's lines are the reader's boxes
            continue
        if tag == "code":
            found.inline_code.append(node)
        elif tag == "a" and heading and "headerlink" in classes:
            found.permalinks.append(node)
            continue
        elif tag == "a" and "data-fx-ref" in attrs and not out:
            continue  # a claim: the reader reads its text, never its badge (left out)
        child = node.last_child
        while child is not None:
            stack.append((child, out, heading))
            child = child.prev


def _box_html(block: Block) -> str:
    """A box as HTML that the page reader reads back as the box, its inline code as
    ``<code>``; "" for a box left out of search or holding only markers."""
    raw = block.text
    with_code = block.with_code
    if _LEFT_OUT in raw or (with_code is not None and _LEFT_OUT in with_code.text):
        return ""
    text = normalise(_MARKER.sub("", raw))
    if with_code is not None and with_code.code:
        parts, read, at = [], [], 0
        for start, end in with_code.code:
            before = _MARKER.sub("", with_code.text[at:start])
            inside = _MARKER.sub("", with_code.text[start:end])
            parts += [escape(before, quote=False), f"<code>{escape(inside, quote=False)}</code>"]
            read += [before, " "]
            at = end
        after = _MARKER.sub("", with_code.text[at:])
        parts.append(escape(after, quote=False))
        read.append(after)
        if normalise("".join(read)) == text:
            return "".join(parts).strip()
    return escape(text, quote=False)


def sections_page(sections: list[SearchSection]) -> str:
    """``sections`` written out as a page's HTML, for a search index that parses a page
    (MkDocs' own): each heading (its level, id and title), then its text; a section
    whose heading is left out of search, not at all."""
    parts: list[str] = []
    for part in sections:
        if part.excluded:
            continue
        if part.level:
            tag, anchor = f"h{part.level}", escape(part.anchor or "")
            parts.append(f'<{tag} id="{anchor}">{"".join(part.title)}</{tag}>')
        parts += part.text
    return "".join(parts)


def mkdocs_entries(html: str, parser_class: Callable[[], Any]) -> list[str]:
    """The texts of the entries MkDocs' own search plugin makes of a page's rendered
    content ``html``: its parser (``parser_class``, its ``ContentParser``) over
    :func:`sections_page`, which decodes the entities of the text; the page's entry and
    each section's, spaced as it spaces them."""
    parser = parser_class()
    parser.feed(sections_page(search_sections(html)))
    parser.close()
    texts = [parser.stripped_html, *(" ".join(s.text) for s in parser.data)]
    return [_SPACES.sub(" ", t.replace("\u00a0", " ").strip()) for t in texts]


#: What MkDocs' index takes for a space (``SearchIndex._add_entry``).
_SPACES = re.compile(r"[ \t\n\r\f\v]+")
_WHERE = (
    " (in the page's entry in MkDocs' search index, which holds the text with its "
    "entities decoded, read as HTML)"
)


def mkdocs_entry_findings(
    html: str,
    path: str,
    library: Any,
    parser_class: Callable[[], Any],
    reported: Iterable[str] = (),
) -> list[Finding]:
    """Each figure of the page's entries in MkDocs' own search index (:func:`mkdocs_entries`),
    read as the gate reads a search entry (:func:`~fxsite.verify.scan.scan_search_entry`:
    as HTML, the boxes the page shows skipped), that is no copy of a claim of the page
    (with the bound or loose word beside it: "under 220 s");
    as many times as the entry holding it most often does, less the times the page
    reports it already (``reported``: the texts of its findings), at 1:1."""
    from fxsite.verify.copies import Allowed, covered
    from fxsite.verify.scan import scan_content, scan_search_entry

    content = scan_content(html)
    claims = content.page.claims if content.page is not None else []
    own = [Allowed([*(normalise(c.text) for c in claims), *content.phrases])]
    counts: Counter[str] = Counter()
    message: dict[str, str] = {}
    for text in mkdocs_entries(html, parser_class):
        here: Counter[str] = Counter()
        for found in scan_search_entry("", text, content.shown).candidates:
            if not covered(found.block, found.start, found.end, own):
                here[found.shown] += 1
                message.setdefault(found.shown, found.message(library) + _WHERE)
        counts |= here
    counts -= Counter(reported)
    return [
        Finding(path, 1, 1, "FX501", message[shown], text=shown)
        for shown, n in counts.items()
        for _ in range(n)
    ]
