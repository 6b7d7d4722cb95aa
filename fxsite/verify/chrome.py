"""A theme's primary navigation, read once per distinct navigation, not once per page.

Material writes its whole navigation (every page's title) into every page, so a
gate that reads each page reads the site's titles once per page. Two pages'
navigations differ in the current page's item only: its classes
(``md-nav__item--active``, ``md-nav__link--active``), the toggles of the
sections holding it (``checked``, ``aria-expanded``), its toggle, label and
embedded table of contents, and each link's relative ``href``.

:func:`navigation` takes the navigation's HTML as the parser serialised it and
makes it *canonical*: the current item's toggle, label and table of contents
cut out, those classes and attributes and every link's ``href`` dropped, each
whitespace run one space. None of these changes what the page reader reads:
it reads no ``href`` of a link, no ``checked``, no ``aria-expanded``, none of
those classes, and reads text and visible attributes with whitespace runs
collapsed. A navigation whose markup the reader treats otherwise (a claim, a
script, a ``data:`` URL, a hidden or styled element, code blocks, tables, an
``id`` holding whitespace, a list item with a visible attribute) is not
canonicalised, and each occurrence of what is dropped is counted against the
parsed tree: text or another attribute spelling the same characters makes the
navigation read as usual.

The canonical navigation's blocks and ids are kept by a digest of its text,
with the block range of each list item. A page whose canonical navigation was
read before gets those blocks, with its current item (toggle, label, link and
table of contents: the page's own headings) read from the page in that item's
place. The first page read for a navigation is read both ways, and the memo
is used only where both readings agree.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from selectolax.lexbor import LexborNode

from fxsite.verify.shown import VISIBLE_ATTRIBUTES

if TYPE_CHECKING:
    from fxsite.verify.visible import Block, PageText

__all__ = ["Reader", "navigation", "normalise", "unread_after"]

#: Reads a node as the root of a walk; ``True``: with the site's memo of list items.
Reader = Callable[[LexborNode, bool], "PageText"]

#: Markup read otherwise than as text and visible attributes (or whose whitespace counts),
#: or that the page's later readers read (drawing notes: :mod:`.drawing`; generated parts,
#: ``fx-`` classes), in the navigation's HTML in lower case: the navigation is read as
#: usual. ``<!`` and ``<?``: comments and the like, serialised as written.
_REFUSED_TAGS = re.compile(
    r"<(?:script|style|template|iframe|frame|object|embed|noscript|xmp|noembed|noframes"
    r"|plaintext|textarea|text|pre|listing|table|sup|bdo|link|meta|!|\?)"
)
_REFUSED_TEXT = (
    "fx-",
    "srcdoc",
    "data:",
    "javascript:",
    "\\",
    "fnref",
    "arithmatex",
    ' hidden="',
    ' style="',
    ' dir="',
)
#: An event handler attribute (``onclick``…), which the drawing notes read.
_HANDLER = re.compile(r' on[^\s"=>/]*="')
#: A list item with an attribute the reader shows (read before the text ahead of it).
_SHOWN_ON_ITEM = re.compile(
    r'<li(?: [^\s"=>/]+="[^"]*")*? (?:' + "|".join(VISIBLE_ATTRIBUTES) + ')="'
)
#: An ``id`` holding whitespace (ids are kept as written, not collapsed).
_SPACED_ID = re.compile(r' id="[^"]*\s')
_HREF = re.compile(r' href="[^"]*"')
#: Marks written around each list item of the copy that is read to learn the ranges.
_OPEN, _CLOSE = "\U000f0001", "\U000f0002"
#: Attribute text the current page's item and its sections carry, dropped (or set to
#: what other pages carry), with the selector that finds the elements carrying it.
_DROPPED = (
    (" md-nav__item--active", "", ".md-nav__item--active"),
    (" md-nav__link--active", "", ".md-nav__link--active"),
    (' checked=""', "", "[checked]"),
    (' aria-expanded="true"', ' aria-expanded="false"', '[aria-expanded="true"]'),
)


@dataclass(frozen=True)
class _Known:
    """A canonical navigation as read: its blocks, ids, and each list item's block range."""

    blocks: tuple[Block, ...]
    ids: frozenset[str]
    ranges: tuple[tuple[int, int], ...]


class _Memo:
    """Canonical navigations read, by digest (None: the two readings disagreed).

    At most :data:`_KEPT`; once full, it forgets them all and starts again.
    """

    def __init__(self) -> None:
        self.known: dict[bytes, _Known | None] = {}

    def get(self, key: bytes) -> tuple[bool, _Known | None]:
        return key in self.known, self.known.get(key)

    def put(self, key: bytes, known: _Known | None) -> None:
        if len(self.known) >= _KEPT:
            self.known.clear()
        self.known[key] = known


#: How many distinct navigations the memo keeps (a site has one per URL depth or so).
_KEPT = 64
_memo = _Memo()


def navigation(
    node: LexborNode, read: Reader, context: tuple[str, str, bool]
) -> tuple[list[Block], set[str]] | None:
    """The blocks and ids ``read`` gives for ``node`` read as the root of a walk, from
    the memo where its canonical form was read before; None where the memo does not
    apply (not Material's primary navigation, or markup it does not canonicalise).

    ``context`` is what else the reading depends on: channel, role, in a heading.
    A navigation the memo applies to holds nothing the page's drawing notes or
    generated parts read (see :data:`_REFUSED_TAGS`; :func:`unread_after` says
    whether the page around it reads it either).
    """
    if "md-nav--primary" not in (node.attributes.get("class") or "").split():
        return None
    found = _canonical(node)
    if found is None:
        return None
    text, current, index = found
    where, role, heading = context
    key = hashlib.blake2b(
        f"{where}\0{role}\0{heading}\0{text}".encode("utf-8", "surrogatepass"), digest_size=16
    ).digest()
    seen, known = _memo.get(key)
    if seen and known is None:
        return None
    if known is None:
        known = _learn(node, read)
        spliced = _splice(known, current, index, read) if known is not None else None
        whole = read(node, True)
        if (
            spliced is None
            or _other(whole)
            or (whole.blocks, whole.ids) != (spliced[0], spliced[1])
        ):
            _memo.put(key, None)
            return None
        _memo.put(key, known)
        return spliced
    return _splice(known, current, index, read)


def unread_after(nav: LexborNode) -> bool:
    """Whether the page's drawing notes (:func:`~fxsite.verify.drawing.page_notes`) read
    nothing of ``nav`` through the page around it: no ``<style>`` whose selectors may
    match it, and no ancestor whose note reads the text inside it (a ``<bdo>``, a
    ``style``, ``dir="rtl"`` or ``dir="auto"``; Material's ``dir="ltr"`` is read as no
    note whatever the text)."""
    root = nav.parser.root
    if root is None or root.css_first("style") is not None:
        return False
    parent = nav.parent
    while parent is not None:
        attrs = {k.lower(): v or "" for k, v in parent.attributes.items()}
        if (
            parent.tag == "bdo"
            or attrs.get("style")
            or attrs.get("dir", "").strip().lower() in ("rtl", "auto")
        ):
            return False
        parent = parent.parent
    return True


def _canonical(nav: LexborNode) -> tuple[str, LexborNode | None, int] | None:
    """The canonical text of ``nav``, its current item (if any) and that item's index
    among its list items in document order; None where it is not canonicalised.

    Whitespace runs are collapsed first: every check below then reads a shorter text,
    and a run collapsed can only make more of them match (more navigations refused).
    """
    text = normalise(nav.html or "")
    lower = text.lower()
    if (
        _REFUSED_TAGS.search(lower)
        or any(marker in lower for marker in _REFUSED_TEXT)
        or _HANDLER.search(lower)
        or _SHOWN_ON_ITEM.search(text)
        or _SPACED_ID.search(text)
        or _OPEN in text
        or _CLOSE in text
        or text.count("md-nav--primary") != 1
    ):
        return None
    for written, _, selector in _DROPPED:
        if not text.count(written.strip()) == text.count(written) == len(nav.css(selector)):
            return None
    if not text.count(' href="') == len(nav.css("a[href]")) == len(nav.css("[href]")):
        return None
    current, index = None, 0
    links = nav.css("a.md-nav__link--active")
    if len(links) > 1:
        return None
    if links:
        item = links[0].parent
        extras = _extras(item, links[0]) if item is not None else None
        if item is None or extras is None:
            return None
        whole = normalise(item.html or "")
        cut = whole
        for extra in extras:
            part = normalise(extra.html or "")
            if cut.count(part) != 1:
                return None
            cut = cut.replace(part, "", 1)
        if text.count(whole) != 1:
            return None
        at = text.find(whole)
        index = text.count("<li ", 0, at) + text.count("<li>", 0, at)
        text = text.replace(whole, normalise(cut), 1)
        current = item
    for written, instead, _ in _DROPPED:
        text = text.replace(written, instead)
    return _HREF.sub(' href=""', text), current, index


def normalise(text: str) -> str:
    """Whitespace runs (line breaks, no-break spaces) as one space, trimmed."""
    return " ".join(text.split())


def _extras(item: LexborNode, link: LexborNode) -> list[LexborNode] | None:
    """The current page's item's toggle, label (before its link) and table of contents
    (after it), as Material writes them; None where the item holds anything else but
    whitespace."""
    if item.tag != "li":
        return None
    extras: list[LexborNode] = []
    after = False
    child = item.child
    while child is not None:
        if child.tag == "-text":
            if (child.text_content or "").strip():
                return None
        elif child.mem_id == link.mem_id:
            after = True
        elif (not after and child.tag in ("input", "label")) or (
            after
            and child.tag == "nav"
            and "md-nav--secondary" in (child.attributes.get("class") or "").split()
        ):
            extras.append(child)
        else:
            return None
        child = child.next
    return extras


def _learn(nav: LexborNode, read: Reader) -> _Known | None:
    """``nav`` read without its current item's toggle, label and table of contents, and
    the block range of each list item; None where it reads more than text and ids."""
    copy = nav.clone()
    link = copy.css_first("a.md-nav__link--active")
    if link is not None and link.parent is not None:
        for extra in _extras(link.parent, link) or []:
            extra.decompose()
    parser = nav.parser
    for item in copy.css("li"):
        for mark, place in ((_OPEN, item.insert_before), (_CLOSE, item.insert_after)):
            marker = parser.create_node("div")
            marker.insert_child(mark)
            place(marker, move=True)
    found = read(copy, False)
    copy.decompose()
    if _other(found):
        return None
    blocks: list[Block] = []
    ranges: list[list[int]] = []
    open_items: list[int] = []
    for block in found.blocks:
        if block.text == _OPEN:
            open_items.append(len(ranges))
            ranges.append([len(blocks), -1])
        elif block.text == _CLOSE:
            if not open_items:
                return None
            ranges[open_items.pop()][1] = len(blocks)
        else:
            blocks.append(block)
    if open_items or any(end < 0 for _, end in ranges):
        return None
    return _Known(tuple(blocks), frozenset(found.ids), tuple((a, b) for a, b in ranges))


def _splice(
    known: _Known, current: LexborNode | None, index: int, read: Reader
) -> tuple[list[Block], set[str]] | None:
    """The page's navigation: copies of the canonical blocks with its current item read
    in place."""
    if current is None:
        return [block.copy() for block in known.blocks], set(known.ids)
    if index >= len(known.ranges):
        return None
    item = read(current, True)
    if _other(item):
        return None
    start, end = known.ranges[index]
    blocks = [block.copy() for block in known.blocks[:start]]
    blocks += item.blocks
    blocks += [block.copy() for block in known.blocks[end:]]
    return blocks, item.ids | known.ids


def _other(page: PageText) -> bool:
    """``page`` holds more than blocks and ids (claims, notes, what it could not read)."""
    return bool(page.claims or page.unreadable or page.json_ld_errors or page.notes)
