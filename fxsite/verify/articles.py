"""A published page read as its theme's chrome around an article the page reader judged.

The build's page reader scans what Markdown rendered of each page
(:func:`~fxsite.verify.scan.scan_content`). That scan is a pure function of the
rendered HTML: where the same bytes stand in a published page, and read there
as they are read alone, the gate need not read them again. :func:`scan_with_article`
reads a published page that way: the rendered HTML, split at the
placeholders the build fills in after rendering (the sources list, the
related reading), is found piece by piece, byte for byte, each piece exactly
once; each piece must be self-contained (:func:`self_contained`); each is
replaced by a marker element, and the rest of the file (the chrome, and what
was filled in) is read with the page rules. A marker must stand where a piece
is read as the page reader read it: plain block containers inside the page's
``<article>``, nothing open around it that changes how text is read
(:func:`_plain_context`), its own run of text. The reader's facts of the
article (claims, ids, boxes, findings, figures) are then merged in, in
document order where order matters.

Anything else (a page without the HTML doctype, parsed in quirks mode where the content
parses otherwise; a piece missing, repeated or changed by a hook; a ``<style>``,
whose rules reach across the page; an element that reorders text by its
parent's; a marker inside ``<pre>``, ``<textarea>``, a hidden or unknown
container) gives None: the page is read whole, as the audit reads it.
"""

from __future__ import annotations

import pickle
import re
import secrets
import zlib
from dataclasses import dataclass

from selectolax.lexbor import LexborHTMLParser, LexborNode

from fxsite.verify.boxes import Boxes
from fxsite.verify.scan import FileScan, article_boxes, scan_page
from fxsite.verify.visible import (
    ROLE_CLASSES,
    VOID_ELEMENTS,
    Block,
    PageText,
    Repeats,
    page_text,
    text_blocks,
    too_deep,
)

__all__ = ["Judged", "scan_with_article", "self_contained", "split_pieces"]


@dataclass(frozen=True)
class Judged:
    """A page's rendered content as the page reader scanned it, and that scan
    (:class:`~fxsite.verify.scan.FileScan`), kept pickled and compressed: the build
    keeps one a page until its gate, and a scan's claims are kilobytes each."""

    packed: bytes

    @classmethod
    def of(cls, html: str, scan: FileScan) -> Judged:
        return cls(zlib.compress(pickle.dumps((html, scan), pickle.HIGHEST_PROTOCOL), 1))

    def unpacked(self) -> tuple[str, FileScan]:
        """The content and its scan (pickled by :meth:`of`, in this process)."""
        html, scan = pickle.loads(zlib.decompress(self.packed))  # noqa: S301 - our own bytes
        return html, scan


#: The elements the build fills in after rendering (fxsite.pages.site, .sections).
_SLOT = re.compile(
    r'<div class="fx-[a-z-]+" data-fx-(?:placeholder|slot)="[a-z-]+"'
    r'(?: data-fx-key="[^"]*")?></div>'
)


def split_pieces(html: str) -> list[str]:
    """The pieces of ``html`` between the placeholders, without their outer whitespace;
    empty ones left out."""
    return [p for p in (part.strip() for part in _SLOT.split(html)) if p]


#: A start or end tag, as HTML tokenizes one (quoted or bare attribute values).
_TAG = re.compile(
    r"<(/?)([A-Za-z][A-Za-z0-9-]*)"
    r"((?:\s+[^\s\"'>/=]+(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s\"'=<>`]+))?)*)"
    r"\s*(/?)>"
)
#: Elements a piece may not hold: raw text or a parsing mode that reaches past the piece,
#: the document's own parts, the form pointer, text drawn in another order.
_REFUSED = frozenset(
    [
        "script",
        "style",
        "template",
        "textarea",
        "title",
        "xmp",
        "plaintext",
        "noscript",
        "iframe",
        "noembed",
        "noframes",
        "form",
        "body",
        "html",
        "head",
        "frameset",
        "frame",
        "base",
        "link",
        "meta",
        "bdo",
        "image",
    ]
)
#: What a piece may start and end with: a block that stands apart from the text around it.
_EDGES = frozenset(
    [
        "p",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "div",
        "ul",
        "ol",
        "dl",
        "table",
        "blockquote",
        "details",
        "figure",
        "section",
        "aside",
        "header",
        "footer",
    ]
)
_FOREIGN = frozenset({"svg", "math"})


def self_contained(piece: str) -> bool:
    """Whether ``piece`` parses alone as it parses inside a page's block container.

    Every ``<`` opens a tag the pattern reads whole (no comment, CDATA, processing
    instruction or bogus markup); every element closes in order (a void element
    aside; ``/>`` only inside SVG or MathML); none is of :data:`_REFUSED`; the piece
    starts with a block of :data:`_EDGES` and ends with the end tag that closes the
    last open one, a block too (no text after it joins the page's).
    """
    stack: list[str] = []
    at = 0
    last = ""
    for lt in _find_all(piece, "<"):
        match = _TAG.match(piece, lt)
        if match is None:
            nxt = piece[lt + 1 : lt + 2]
            if nxt.isalpha() or nxt in ("/", "!", "?"):
                return False  # markup the pattern does not read: not judged by it
            continue
        if lt < at:
            return False
        closing, name, _, slash = match.groups()
        name = name.lower()
        if name in _REFUSED:
            return False
        if not stack and not closing and name not in _EDGES:
            return False  # text or an inline element at the top would join the page's
        if lt == 0 and (closing or name not in _EDGES):
            return False
        if closing:
            if not stack or stack[-1] != name:
                return False
            stack.pop()
            last = name if not stack else ""
        elif name in VOID_ELEMENTS or (slash and any(n in _FOREIGN for n in stack)):
            last = ""
        else:
            stack.append(name)
            last = ""
        at = match.end()
    return not stack and at == len(piece) and last in _EDGES and piece.startswith("<")


def _find_all(text: str, needle: str) -> list[int]:
    found, at = [], text.find(needle)
    while at != -1:
        found.append(at)
        at = text.find(needle, at + 1)
    return found


#: A ``dir`` attribute, and a ``style`` one with its value (read in lower case; an
#: attribute may follow a space, a solidus or a quoted value: any is taken for one).
_DIR = re.compile(r"dir\s*=")
_STYLE = re.compile(r"style\s*=\s*(\"[^\"]*\"|'[^']*'|[^\s>]*)")
#: What a style that may reorder text (read against its parent's text) or change its case
#: holds; a character reference may spell either.
_REORDER = re.compile(r"order|direction|bidi|grid|flex|transform|\\|&")


#: A page in standards mode, as the page reader parsed its content: it starts with the
#: HTML doctype (no public or system identifier), after a byte order mark or white space.
_STANDARDS = re.compile(r"\ufeff?[\t\n\x0c\r ]*<!doctype\s+html\s*>", re.IGNORECASE)


def _page_wide(text: str) -> bool:
    """Whether ``text`` holds markup whose reading depends on the whole page: a
    stylesheet, a bidi override, a ``dir`` other than the document's (``<html>``,
    ``<body>``), a ``style`` attribute of :data:`_REORDER`."""
    low = text.lower()
    if "<style" in low or "<bdo" in low:
        return True
    for match in _DIR.finditer(low):
        at = match.start()
        start = low.rfind("<", 0, at)
        if ">" in low[start:at] or not low.startswith(("<body", "<html"), start):
            return True
    return any(_REORDER.search(m.group(1)) for m in _STYLE.finditer(low))


#: Containers a marker may stand in, and the attributes they may have.
_CONTAINERS = frozenset({"div", "main", "article", "section"})
_PLAIN_ATTRIBUTES = frozenset({"class", "id", "data-md-component"})
_DOCUMENT_ATTRIBUTES = frozenset(
    {"lang", "class", "dir", "data-md-color-scheme", "data-md-color-primary"}
    | {"data-md-color-accent"}
)
_SPECIAL_CLASSES = frozenset({"arithmatex", "mermaid", "md-button", *ROLE_CLASSES})


def _plain_context(marker: LexborNode) -> bool:
    """Whether ``marker`` stands in the page's article, in containers that change nothing
    of how the text in them is read (no heading, list, table, link, code, hidden or
    styled element, no class the reader or a generated section gives a meaning), and
    was not moved out of an open table."""
    article = False
    node = marker.parent
    while node is not None and node.tag not in (None, "-document"):
        tag = node.tag or ""
        attrs = node.attributes
        allowed = _DOCUMENT_ATTRIBUTES if tag in ("html", "body") else _PLAIN_ATTRIBUTES
        if tag not in _CONTAINERS and tag not in ("html", "body"):
            return False
        if not set(attrs) <= allowed:
            return False
        classes = set((attrs.get("class") or "").split())
        if any(c.startswith("fx-") for c in classes) or classes & _SPECIAL_CLASSES:
            return False
        article = article or tag == "article" or "md-content__inner" in classes
        node = node.parent
    # Inserted where a table is open (not in a cell), it was moved out before the table,
    # and what stood there would be parsed in the table: its own tables close that one.
    sibling = marker.next
    while sibling is not None:
        if sibling.tag == "table":
            return False
        sibling = sibling.next
    return article


def _chrome(
    text: str, pieces: list[str], repeats: Repeats | None
) -> tuple[PageText, list[Block], list[int]] | None:
    """The page at ``text`` read with each of ``pieces`` replaced by a marker (see module):
    the page (its blocks taken out), its blocks without the markers, and the number of
    article blocks before each marker; None where that reading does not stand for it."""
    spans: list[tuple[int, int]] = []
    cursor = 0
    for piece in pieces:
        at = text.find(piece)
        if at < cursor or text.find(piece, at + 1) != -1:
            return None  # missing, out of order, or more than once
        spans.append((at, at + len(piece)))
        cursor = at + len(piece)
    tag = f"fx-judged-{secrets.token_hex(8)}"  # a name no page can know in advance
    parts, last = [], 0
    for k, (start, end) in enumerate(spans):
        parts += [text[last:start], f"<{tag}>{tag}-{k}</{tag}>"]
        last = end
    parts.append(text[last:])
    chrome = "".join(parts)
    markers = LexborHTMLParser(chrome).css(tag)
    if len(markers) != len(pieces) or not all(_plain_context(m) for m in markers):
        return None
    page = page_text(chrome, repeats=repeats)
    kept: list[Block] = []
    before: list[int] = []
    article = 0
    marker = Block(f"{tag}-0", "article")
    for block in page.blocks:
        if block.channel == "article":
            if block == marker:  # a run of its own, read as the article's
                before.append(article)
                marker = Block(f"{tag}-{len(before)}", "article")
                continue
            article += 1
        kept.append(block)
    page.blocks = []
    # A marker read otherwise (joined to other text, in another channel) is not one of these.
    return (page, kept, before) if len(before) == len(pieces) else None


def _cut(pieces: list[str], boxes: Boxes) -> list[list[tuple[int, int]]] | None:
    """``boxes`` (of the pieces joined) cut piece by piece: each piece but the longest
    read alone for its number of article blocks; None if they do not add up."""
    longest = max(range(len(pieces)), key=lambda k: len(pieces[k]))
    counts = [
        0 if k == longest else sum(b.channel == "page" for b in text_blocks(p))
        for k, p in enumerate(pieces)
    ]
    counts[longest] = len(boxes.hashes) - sum(counts)
    if counts[longest] < 0:
        return None
    out, at = [], 0
    for count in counts:
        out.append(
            list(zip(boxes.hashes[at : at + count], boxes.lengths[at : at + count], strict=True))
        )
        at += count
    return out


#: Past this many claims, findings and figures, a page is read whole: the order of what
#: one file reports decides which are listed past the bound (MAX_PER_FILE).
_MOST = 500


def scan_with_article(text: str, judged: Judged, repeats: Repeats | None) -> FileScan | None:
    """The gate's scan of the published page ``text`` whose article holds the content
    ``judged`` was scanned from, read as its chrome with ``judged``'s facts merged in;
    None where it must be read whole (see module)."""
    if not _STANDARDS.match(text) or too_deep(text) or _page_wide(text):
        return None
    html, article = judged.unpacked()
    pieces = split_pieces(html)
    if not pieces or not all(self_contained(p) for p in pieces):
        return None
    read = _chrome(text, pieces, repeats)
    cut = _cut(pieces, article.shown) if read is not None else None
    if read is None or cut is None:
        return None
    page, blocks, before = read
    own = article.page
    if (
        own is None
        or own.meta
        or set(own.rows) & set(page.rows)
        or (own.statuses and page.statuses)
        or (own.parts and page.parts)
    ):
        return None  # an order the merge would not keep
    scan = scan_page(page, blocks, "html")
    if (
        len(page.claims)
        + len(own.claims)
        + len(scan.local)
        + len(article.local)
        + len(scan.candidates)
        + len(article.candidates)
        >= _MOST
    ):
        return None
    boxes = article_boxes(blocks)
    shown: list[tuple[int, int]] = []
    at = 0
    for k, upto in enumerate(before):
        shown += boxes[at:upto] + cut[k]
        at = upto
    shown += boxes[at:]
    offset = len(page.claims)
    merged = PageText(
        claims=[*page.claims, *own.claims],
        ids=page.ids | own.ids,
        meta=page.meta,
        json_ld_errors=[*page.json_ld_errors, *own.json_ld_errors],
        rows={**page.rows, **own.rows},
        statuses=page.statuses or own.statuses,
        charts=[*page.charts, *own.charts],
        unreadable=[*page.unreadable, *own.unreadable],
        parts=page.parts or own.parts,
        lang=page.lang,
        notes=[*page.notes, *own.notes],
    )
    return FileScan(
        merged,
        [*scan.local, *article.local],
        [*scan.candidates, *article.candidates],
        scan.ticks | article.ticks,
        Boxes(shown),
        scan.phrases | article.phrases,
        scan.titles,
        [*scan.governed, *((i + offset, u, s) for i, u, s in article.governed)],
    )
