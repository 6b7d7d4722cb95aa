"""What a reader or a search engine sees in an HTML page, as text.

The page is parsed by a real HTML5 parser (selectolax over Lexbor, the
WHATWG algorithm a browser runs: entities, implied end tags, foreign SVG
content and broken markup are handled as a browser handles them). Lexbor is a
C library, so parsing is linear and a 1,000-level nesting costs nothing; the
walk below keeps its own stack, never Python's.

The text is what a reader gets: whitespace runs (line breaks, ``&nbsp;``)
collapse to one space, text split across inline elements is joined
(``<strong>517</strong> s`` is "517 s", ``517<!-- -->s`` is "517s"), as it is
across markup that draws nothing (``95<img alt="">s`` is "95s": :mod:`.layout`), and block
elements separate. Every channel is collected: the body (navigation, header
and footer too), ``<title>``, meta description and Open Graph / Twitter
tags, visible attributes (``alt``, ``title``, ``aria-label``, ``placeholder``
…), the ``value`` an ``<input>`` shows, JSON-LD string values, SVG text, and
what a page draws inside itself: a declarative shadow root's content
(``<template shadowrootmode>``; other templates too, whose text a search index
shows) and the
document of an ``<iframe srcdoc>``, read like the page, at most
:data:`MAX_INNER` documents deep. The page's code (``<pre>`` and
``<code>``, as the Markdown renderer emits them) is the only text left out; a
run is also read with its inline code's text, for a figure split across the code's
edge (``9<code>4 s</code>``, ``<code>94</code> s`` draw "94 s": :attr:`Block.with_code`).

Evidence claims (``<a data-fx-ref>``) are kept as atomic spans so that the
audit can re-resolve and re-render each one, and refuse characters glued to it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Set as AbstractSet

from selectolax.lexbor import LexborHTMLParser, LexborNode

from fxsite.pages.table_units import table_units
from fxsite.pages.title_units import container_units, heading_units, list_units
from fxsite.verify.chrome import navigation, normalise, unread_after
from fxsite.verify.dataurl import URL_ATTRIBUTES, data_documents
from fxsite.verify.drawing import page_notes
from fxsite.verify.drawn_elements import (
    SHRINKING,
    footnote_mark,
    image_candidates,
    picture_source,
    shrunk,
    stands_apart,
    template_content,
    unslotted,
)
from fxsite.verify.extension_text import diagram_lines, emoji_alt, tex_text
from fxsite.verify.generated_parts import read_generated, read_parts
from fxsite.verify.head_text import meta_name, read_meta, read_script, read_structured
from fxsite.verify.icon_digits import icon_text
from fxsite.verify.images import read_image
from fxsite.verify.layout import (
    IN_LINE,
    INLINE,
    MARKED,
    STRUCK,
    SVG_IN_LINE,
    drawn_value,
    in_datalist,
    in_line,
    not_drawn,
    select_options,
    squeezed,
    unselected,
)
from fxsite.verify.list_numbers import list_numbers
from fxsite.verify.nodes import node_attrs, own_text, published_attrs
from fxsite.verify.notes import Note
from fxsite.verify.runs import Run, flush, math_fraction, math_power, power_of_ten
from fxsite.verify.sheets import NO_SHEETS, PageSheets, in_theme
from fxsite.verify.shown import (
    BLOCK_CLASSES,
    CODE,
    MAX_INNER,
    MAX_NESTING,
    ROLE_CLASSES,
    SKIPPED,
    VISIBLE_ATTRIBUTES,
    VOID_ELEMENTS,
    Block,
    Chart,
    ClaimNode,
    Drawing,
    PageText,
    Part,
    nesting,
    shown_value,
    too_deep,
)
from fxsite.verify.styled import apply_styles, drawn_as_prose, undrawn
from fxsite.verify.theme_hiding import theme_hidden

__all__ = [
    "MAX_NESTING",
    "VOID_ELEMENTS",
    "Block",
    "Chart",
    "ClaimNode",
    "Drawing",
    "PageText",
    "Part",
    "claim_node",
    "nesting",
    "normalise",
    "page_parts",
    "page_text",
    "text_blocks",
    "too_deep",
]


#: A list item's blocks and ids, by (its HTML, channel, role, in heading).
Repeats = dict[tuple[str, str, str, bool], tuple[list["Block"], set[str]]]


#: Put before a fragment that a standards-mode page draws (a page's rendered content, a
#: search entry's text), so that it is parsed as that page parses it: without a doctype
#: the parser is in quirks mode, where a ``<table>`` does not close an open ``<p>`` (text
#: in ``<p><code>x<table>…`` would stay code, while the published page draws it as prose).
_STANDARDS = "<!DOCTYPE html>"


def page_text(
    html: str,
    *,
    channel: str = "page",
    repeats: Repeats | None = None,
    sheets: PageSheets = NO_SHEETS,
) -> PageText:
    """The visible text of an HTML document (or fragment), block by block.

    A page's rendered content (``channel="article"``) is parsed in standards mode, as
    the theme's page around it is; a whole file is parsed as it stands (a file
    without a doctype is drawn in quirks mode by a browser too).

    ``repeats`` is a memo shared by the pages of one site: a list item
    (navigation and table-of-contents entries repeat on every page) whose HTML
    was read before, in the same context, gives the same blocks and is not
    walked again. Items holding claims or scripts are always walked.

    ``sheets``: the stylesheet files the page loads (:mod:`.sheets`), whose rules
    are applied as its ``<style>`` blocks' are.
    """
    tree = LexborHTMLParser(_STANDARDS + in_theme(html) if channel == "article" else html)
    page = PageText()
    body = tree.body if tree.body is not None else tree.root
    if body is not None:  # as written: the walk below rewrites text in the case drawn
        read_generated(body, page)
        read_parts(body, page)
    _read_text(tree, page, channel, repeats, sheets)
    if tree.root is not None:
        page.lang = node_attrs(tree.root).get("lang", "")
        # After the walk: inner documents (iframe srcdoc) added theirs.
        page.notes = [*page_notes(tree.root), *page.notes]
    return page


def text_blocks(html: str) -> list[Block]:
    """The blocks :func:`page_text` reads of ``html`` (a search entry's title or text),
    without reading what else it keeps: generated rows, charts, trust markers, the
    drawing notes of the document's own elements."""
    if html.isascii() and not any(mark in html for mark in "<&\0"):
        # Text the parser reads as one run of characters (a search entry's title, most often).
        text = normalise(html)
        return [Block(text, "page")] if text else []
    page = PageText()
    tree = LexborHTMLParser(_STANDARDS + html)
    head = tree.head
    # A fragment that starts with a <template> has it parsed into the head: in a search
    # entry it is the entry's text, as one after a paragraph is (a page's own head
    # template is neither drawn nor indexed: page_text leaves it).
    for node in head.iter() if head is not None else ():
        if node.tag == "template":
            _walk(node, page, "page")
    _read_text(tree, page, "page", None)
    return page.blocks


def page_parts(html: str) -> list[Part]:
    """The trust markers :func:`page_text` reads of ``html``, read alone."""
    tree = LexborHTMLParser(html)
    root = tree.body if tree.body is not None else tree.root
    page = PageText()
    if root is not None:
        read_parts(root, page)
    return page.parts


def _read_text(
    tree: LexborHTMLParser,
    page: PageText,
    channel: str,
    repeats: Repeats | None,
    sheets: PageSheets = NO_SHEETS,
) -> LexborNode | None:
    """The head's and the body's blocks, claims and ids into ``page``; the body read."""
    head = tree.head
    if head is not None:
        _read_head(head, page)
    root = tree.body if tree.body is not None else tree.root
    if root is not None:
        styled = apply_styles(tree.root, page, sheets) if tree.root is not None else frozenset()
        styled |= theme_hidden(root, content=channel == "article")
        # A list item's blocks are the same on every page only where no stylesheet hides text.
        _walk(
            root,
            page,
            channel,
            repeats=None if styled else repeats,
            styled=styled,
            sheets=sheets,
        )
    return root


def claim_node(html: str) -> ClaimNode | None:
    """The first claim of an HTML fragment, read as :func:`page_text` reads a page's claims.

    For comparing a published claim with a fresh render of it: only the claim
    is read, not the rest of a page (generated rows, charts, head).
    """
    tree = LexborHTMLParser(html)
    node = tree.css_first("a[data-fx-ref]")
    if node is None:
        return None
    page = PageText()
    _claim(node, published_attrs(node), Run("page"), page, False)
    return page.claims[0]


def _read_head(head: LexborNode, page: PageText, inner: int = 0) -> None:
    """Title, meta tags, JSON-LD; what ``<style>`` and ``<link>`` load (``inner``: documents deep)."""
    for node in head.iter():
        attrs = node_attrs(node)
        if node.tag == "title":
            text = normalise(node.text(deep=True) or "")
            if text:
                page.blocks.append(Block(text, "title"))
        elif node.tag == "meta":
            page.meta[meta_name(attrs)] = attrs.get("content", "")
            read_meta(attrs, page)
        elif node.tag == "script":
            read_script(node, attrs, page)
        elif node.tag in ("link", "style"):  # a favicon, a stylesheet's images
            text = (node.text(deep=True) or "") if node.tag == "style" else ""
            drawn, problems = data_documents(node.tag, attrs, text)
            page.unreadable.extend(problems)
            for document in drawn:
                _inner_document(document, page, "page", "", False, inner)


_VISIBLE_SET = frozenset(VISIBLE_ATTRIBUTES)
#: The elements :meth:`_Walk.read_apart` may read apart (beside any with a ``style``).
_READ_APART = frozenset({"script", "template", "iframe", "style", *URL_ATTRIBUTES})
#: SVG elements that draw another file's drawing in place (:meth:`_Walk._referenced`).
_SVG_REFERENCES = frozenset({"use", "image", "feImage"})
#: The elements :meth:`_Walk.drawn_from_source` may draw (beside Mermaid's and TeX's).
_FROM_SOURCE = SKIPPED | CODE
#: The elements :meth:`_Walk.drawn_in_line` may draw (beside any with a visible attribute).
_DRAWN_IN_LINE = frozenset(
    {"input", "button", "option", "img", "svg", "br", "select", "sup", "msup", "mfrac", "object"}
    | {"embed", "video"}
)
_HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_NO_CLASSES: frozenset[str] = frozenset()


def _walk(
    root: LexborNode,
    page: PageText,
    channel: str,
    role: str = "",
    heading: bool = False,
    repeats: Repeats | None = None,
    depth: int = 0,
    inner: int = 0,
    styled: frozenset[int] = frozenset(),
    sheets: PageSheets = NO_SHEETS,
) -> None:
    """Depth-first over the body with an explicit stack (no recursion limit).

    ``styled``: the elements (by ``mem_id``) the page's own stylesheets may hide;
    ``sheets``: the stylesheet files it loads, for the documents of its frames.

    Only :func:`_repeated` calls back into it, for list items, at most
    :data:`_REPEAT_DEPTH` items deep: deeper items are walked here; and
    :func:`_inner_document`, ``inner`` documents deep, at most :data:`MAX_INNER`; and
    :func:`_navigation`, for a navigation (or its current item) read alone, never the root.
    Each element is read in steps (:class:`_Walk`).
    """
    walk = _Walk(root, page, (channel, role, heading), repeats, depth, inner, styled, sheets)
    stack, builders = walk.stack, walk.builders
    while stack:
        node, entering, where, role, heading = stack.pop()
        tag = node.tag or ""
        if tag == "-text":
            builders[-1].add(node.text_content or "")
        elif not entering:  # only elements are pushed to be left
            walk.leave(tag, where)
        elif not tag.startswith("-"):  # comments, doctype: nothing shown, nothing separated
            walk.enter(node, tag, where, role, heading)
    while builders:
        flush(builders, page)
        builders.pop()


#: The elements another walk may read (:meth:`_Walk.handed_off`).
_HANDED_OFF = frozenset(("li", "nav"))
#: A node on :class:`_Walk`'s stack: (node, entering, channel, role, in a heading).
_Entry = tuple[LexborNode, bool, str, str, bool]


class _Walk:
    """The state of one :func:`_walk`: the runs of text being built (``builders``, one
    per open block), the units table cells state, a drop-down's options (the one drawn in
    the line, those drawn once it is opened), and the stack."""

    __slots__ = (
        "builders",
        "depth",
        "drawn_options",
        "inner",
        "lead",
        "numbers",
        "page",
        "repeats",
        "root",
        "sheets",
        "stack",
        "styled",
        "units",
        "unshown",
    )

    def __init__(
        self,
        root: LexborNode,
        page: PageText,
        context: tuple[str, str, bool],
        repeats: Repeats | None,
        depth: int,
        inner: int,
        styled: frozenset[int],
        sheets: PageSheets,
    ) -> None:
        self.root, self.page, self.repeats, self.depth, self.inner = (
            root,
            page,
            repeats,
            depth,
            inner,
        )
        self.styled, self.sheets = styled, sheets
        self.builders: list[Run] = [Run(context[0])]
        self.units: dict[int, tuple[str, str]] = {}  # table cells' units, by mem_id
        self.drawn_options: set[int] = set()
        self.unshown: set[int] = unslotted(root)
        self.numbers: dict[int, dict[int, str]] = {}  # an ordered list's items' numbers
        self.lead: tuple[Run, str] | None = None  # an item's number, alone in its run
        self.stack: list[_Entry] = [(root, True, *context)]

    def leave(self, tag: str, where: str) -> None:
        """The end of an element: of a block, its run flushed; of one read both ways
        (hidden, or a footnote mark), where its text ends."""
        if where not in (_UNDRAWN, _APART, _MARKED):
            flush(self.builders, self.page)
            self.builders.pop()
            return
        current = self.builders[-1]
        # Shown, a block element (or a footnote mark) stands apart, an element in the line
        # (fallback content drawn) does not; a template is never
        # drawn, but a search index (Material's) reads its text joined to the run's.
        in_line = tag in INLINE or tag in IN_LINE or tag in SVG_IN_LINE
        split = where is _APART or not (in_line or tag == "template")
        if current.opened:  # else a block inside it ended the run its text started in
            start = current.opened.pop()
            if where is not _MARKED:
                current.hidden.append((start, current.length, split))
            if where is _APART:
                current.notes.append((start, current.length))
            if where is _MARKED or tag in STRUCK:  # its ends drawn: a line, a highlight
                current.marked.append((start, current.length))

    def enter(self, node: LexborNode, tag: str, where: str, role: str, heading: bool) -> None:
        """An element: read by another walk, read apart, drawn from its source, a claim, a
        ``meta``; else drawn in the page's flow (:meth:`enter_drawn`). Each step is asked
        only of the elements it may apply to (:data:`_READ_APART`, :data:`_FROM_SOURCE`,
        :data:`_DRAWN_IN_LINE`)."""
        number = self.number(node) if tag == "li" else None
        if (
            tag in _HANDED_OFF
            and number is None
            and self.handed_off(node, tag, where, role, heading)
        ):
            return
        attrs = node.attributes  # values may be None (a bare attribute): see _attrs
        if "id" in attrs:
            self.page.ids.add(attrs["id"] or "")
        if (tag in _READ_APART or "style" in attrs) and self.read_apart(
            node, tag, attrs, where, role, heading
        ):
            return
        names = attrs.get("class")
        classes = set(names.split()) if names else _NO_CLASSES
        if (
            tag in _FROM_SOURCE or "mermaid" in classes or "arithmatex" in classes
        ) and self.drawn_from_source(node, tag, attrs, classes):
            return
        heading = heading or tag in _HEADING_TAGS
        if tag == "a" and "data-fx-ref" in attrs:
            _claim(node, published_attrs(node), self.builders[-1], self.page, heading)
            return
        if tag == "meta":  # in the body: drawn as nothing, shown in link previews
            read_meta(node_attrs(node), self.page)
            return
        if "itemprop" in attrs or "property" in attrs:  # shown in search results
            read_structured(tag, node_attrs(node), self.page)
        self.enter_drawn(node, tag, attrs, classes, (where, role, heading), number)

    def enter_drawn(
        self,
        node: LexborNode,
        tag: str,
        attrs: dict[str, str | None],
        classes: set[str] | frozenset[str],
        context: tuple[str, str, bool],
        number: str | None,
    ) -> None:
        """An element drawn in the page's flow: its role, drawn in the line or its children
        pushed with the units it states for them (a table's, a list's, a container's), and a
        list item's number drawn before its text."""
        where, role, heading = context
        new_role = ""
        if classes and not classes.isdisjoint(ROLE_CLASSES):
            new_role = next(ROLE_CLASSES[c] for c in sorted(classes) if c in ROLE_CLASSES)
        role = new_role or role
        if (tag in _DRAWN_IN_LINE or not _VISIBLE_SET.isdisjoint(attrs)) and self.drawn_in_line(
            node, tag, attrs, role
        ):
            return
        if tag == "article" or "md-content__inner" in classes:
            where = "article"
        if tag == "table":
            self.units.update(table_units(node))
        elif tag in ("details", "li") or "admonition" in classes or "tabbed-set" in classes:
            self.units.update(container_units(node, classes))
        if tag in ("ul", "ol", "dl"):
            self.units.update(list_units(node))
        elif tag == "p" and node.mem_id not in self.units:
            self.units.update(heading_units(node))
        block = bool(new_role) or (bool(classes) and not classes.isdisjoint(BLOCK_CLASSES))
        self.push(node, tag, attrs, (where, role, heading), block)
        if number:  # drawn before the item's text, in its run
            self.builders[-1].add(number)
            self.lead = (self.builders[-1], number)

    def _lead(self, outer: Run) -> str:
        """A list item's number where nothing followed it in ``outer`` yet, taken out of
        it (a block starts the item: the number is drawn in that block's line)."""
        if self.lead is None or self.lead[0] is not outer or outer.parts != [self.lead[1]]:
            return ""
        number = self.lead[1]
        self.lead = None
        outer.parts.clear()
        outer.length = 0
        return number

    def number(self, node: LexborNode) -> str | None:
        """The number an explicitly numbered list draws before this item
        (:func:`.list_numbers.list_numbers`), read once per list."""
        parent = node.parent
        if parent is None or parent.tag not in ("ol", "ul", "menu"):
            return None
        numbers = self.numbers.get(parent.mem_id)
        if numbers is None:
            numbers = self.numbers[parent.mem_id] = list_numbers(parent)
        return numbers.get(node.mem_id)

    def handed_off(self, node: LexborNode, tag: str, where: str, role: str, heading: bool) -> bool:
        """A list item (in a table cell too: its blocks stand in the cell, ``said``) or a
        navigation, read by :func:`_repeated` or :func:`_navigation` once for every page
        that repeats it."""
        if self.repeats is None or node is self.root:
            return False
        if (
            tag == "li"
            and self.depth < _REPEAT_DEPTH
            and not self.builders[-1].said
            and node.mem_id not in self.units  # under a unit its parent item states
        ):
            flush(self.builders, self.page)
            _repeated(
                node,
                self.page,
                where,
                role,
                heading,
                self.repeats,
                self.depth + 1,
                self.inner,
                self.sheets,
            )
            return True
        return tag == "nav" and _navigation(
            node,
            self.builders,
            self.page,
            (where, role, heading),
            self.repeats,
            self.depth,
            self.inner,
        )

    def read_apart(
        self,
        node: LexborNode,
        tag: str,
        attrs: Mapping[str, str | None],
        where: str,
        role: str,
        heading: bool,
    ) -> bool:
        """A script (read apart), a template (its content walked in its place), the
        documents an element draws (a frame's ``srcdoc``, ``data:`` URLs): read apart; True
        where the element itself is read no further."""
        if tag == "script":
            read_script(node, node_attrs(node), self.page)
            return True
        if tag == "template":
            # A declarative shadow root: the browser draws its content in the
            # template's place. Another template is not drawn, but a search index
            # (Material's) shows its text: read either way. The content is a fragment
            # outside the tree: its children are walked here, on this stack (nested
            # templates cost no recursion).
            content = template_content(node)
            self.builders[-1].opened.append(self.builders[-1].length)
            self.stack.append((node, False, _UNDRAWN, role, heading))
            self._push_children(content, (where, role, heading))
            return True
        if tag == "iframe" and attrs.get("srcdoc"):
            flush(self.builders, self.page)
            srcdoc = attrs["srcdoc"] or ""
            _inner_document(
                srcdoc, self.page, where, role, heading, self.inner, self.sheets.framed()
            )
        elif tag in URL_ATTRIBUTES or tag == "style" or "style" in attrs:
            # What the element loads from data: URLs (see :mod:`fxsite.verify.dataurl`).
            text = (node.text(deep=True) or "") if tag == "style" else ""
            drawn, problems = data_documents(tag, attrs, text)
            self.page.unreadable.extend(problems)
            for document in drawn:
                flush(self.builders, self.page)
                _inner_document(document, self.page, where, role, heading, self.inner)
            if tag in _SVG_REFERENCES:
                self._referenced(attrs)
        return False

    def _referenced(self, attrs: Mapping[str, str | None]) -> None:
        """What an SVG ``<use>`` or ``<image>`` draws from another file of the site (a
        sprite's symbol, an image), in the line, as an ``<img>``'s: the file's whole text
        (a ``#symbol``'s is part of it; blind67: ``<use href="n.svg#n">`` drew "37"
        unread). A ``data:`` URL is read above."""
        href = (attrs.get("href") or attrs.get("xlink:href") or "").strip()
        if href and href[:5].lower() != "data:":
            drawn = read_image(self.sheets, href.split("#", 1)[0])
            if drawn:
                self.builders[-1].add_code(drawn, boxed=True)

    def drawn_from_source(
        self, node: LexborNode, tag: str, attrs: Mapping[str, str | None], classes: AbstractSet[str]
    ) -> bool:
        """A Mermaid diagram and TeX, drawn by a script from their source; code (kept
        apart as code) and what is never drawn (:data:`SKIPPED`)."""
        builders = self.builders
        if "mermaid" in classes and tag == "pre":  # a diagram drawn from its source
            flush(builders, self.page)
            for line in diagram_lines(node.text(deep=True) or ""):
                builders[-1].add(line)
                flush(builders, self.page)
            return True
        if "arithmatex" in classes:  # TeX, drawn by a script
            if tag not in INLINE:
                flush(builders, self.page)
            builders[-1].add(tex_text(node.text(deep=True) or ""))
            if tag not in INLINE:
                flush(builders, self.page)
            return True
        if tag in SKIPPED or (tag in CODE and not drawn_as_prose(attrs)):
            if tag in CODE:
                self.page.code.append(node.text(deep=True) or "")
            if tag == "code":
                builders[-1].add_code(self.page.code[-1])
            elif tag in CODE:
                builders[-1].add(" ")
            return True
        return False

    def drawn_in_line(
        self, node: LexborNode, tag: str, attrs: Mapping[str, str | None], role: str
    ) -> bool:
        """What an element draws in the line beside its text: the attributes a reader is
        shown (each a block), an emoji or icon, a line break, an image's alt or a
        control's value, a drop-down's options, "10<sup>6</sup>" as 10⁶, a MathML power
        as drawn (:func:`.runs.math_power`: 10⁶, x²) and a fraction (1⁄2); True where it is read no
        further. One step a kind of element (:data:`_IN_LINE`)."""
        builder = self.builders[-1]
        if not _VISIBLE_SET.isdisjoint(attrs) or tag in ("input", "button", "option"):
            _attribute_blocks(node, tag, node_attrs(node), self.page, role)
        emoji = emoji_alt(attrs.get("alt")) if tag == "img" else None
        emoji = icon_text(node, "".join(builder.parts[-2:])) if tag == "svg" else emoji
        if emoji is not None:  # an emoji image draws its emoji in the run, an icon its digits
            builder.add(emoji)
            return True
        if tag == "br":
            builder.add(" ")
            return True
        step = _IN_LINE.get(tag)
        return step(self, node, tag, attrs, builder) if step is not None else False

    def _embedded(
        self, node: LexborNode, tag: str, attrs: Mapping[str, str | None], builder: Run
    ) -> bool:
        """An object's, embed's or video's drawing, read as an image's (a video's poster,
        drawn until it plays: blind21); False (its fallback is read) where it draws none."""
        source = {"object": "data", "embed": "src", "video": "poster"}[tag]
        drawn = read_image(self.sheets, attrs.get(source) or "")
        if drawn:
            builder.add_code(drawn, boxed=True)
        return bool(drawn)

    def _boxed(
        self, node: LexborNode, tag: str, attrs: Mapping[str, str | None], builder: Run
    ) -> bool:
        """An image's alt or drawing, a control's value: a box in the line (an image
        button draws its image as an ``<img>`` does: blind21); read further."""
        image = tag == "img" or (attrs.get("type") or "").strip().lower() == "image"
        src = (picture_source(node) if tag == "img" else None) or attrs.get("src") or ""
        drawn = read_image(self.sheets, src) if image else None
        if tag == "img":
            self._other_drawings(node, drawn)
        value = drawn or drawn_value(tag, attrs)  # an SVG's text, drawn in its box
        if value:
            builder.add_code(value, boxed=True)
        elif value is not None:
            builder.add(" ")
        return False

    def _option(
        self, node: LexborNode, tag: str, attrs: Mapping[str, str | None], builder: Run
    ) -> bool:
        """A drawn option's label, which a browser draws in the line, not its text (blind67)."""
        if node.mem_id in self.drawn_options and attrs.get("label"):
            builder.add(normalise(attrs.get("label") or ""))
            return True
        return False

    def _select(
        self, node: LexborNode, tag: str, attrs: Mapping[str, str | None], builder: Run
    ) -> bool:
        """A drop-down: which of its options are drawn, and which are not shown."""
        shown, options = select_options(node, attrs)
        self.unshown.update(options)
        self.drawn_options |= shown
        return False

    def _math(
        self, node: LexborNode, tag: str, attrs: Mapping[str, str | None], builder: Run
    ) -> bool:
        """A MathML power ("10⁶", "x²") or fraction ("1⁄2"), or "10<sup>6</sup>", as drawn;
        not a hidden one, nor a footnote's mark."""
        if self.hidden(node, attrs):
            return False
        if tag == "msup":
            drawn = math_power(node)
        elif tag == "mfrac":
            drawn = math_fraction(node)
        else:
            drawn = None if footnote_mark(tag, attrs, node) else power_of_ten(node, builder)
        if drawn is None:
            return False
        builder.add(drawn)
        return True

    def _other_drawings(self, img: LexborNode, drawn: str | None) -> None:
        """FX612 where another image a browser may draw in ``img``'s box (at another
        screen size or density: :func:`image_candidates`) draws other text than ``drawn``,
        the one read in the line."""
        candidates = image_candidates(img)
        if len(candidates) < 2:
            return
        for url in candidates:
            other = read_image(self.sheets, url)
            if (other or "") != (drawn or ""):
                self.page.notes.append(
                    Note(
                        "FX612",
                        f"an image draws other text at another screen size or density "
                        f"('{url}' draws '{other or ''}', where the line reads "
                        f"'{drawn or ''}'): give each of its sources the same drawing",
                        other or drawn or None,
                    )
                )
                return

    def hidden(self, node: LexborNode, attrs: Mapping[str, str | None]) -> bool:
        """Hidden by its attributes or the page's stylesheets."""
        return undrawn(attrs) or node.mem_id in self.styled

    def push(
        self,
        node: LexborNode,
        tag: str,
        attrs: Mapping[str, str | None],
        context: tuple[str, str, bool],
        block: bool,
    ) -> None:
        """The element's children pushed, and its end: read both ways where it may not be
        drawn (hidden, a ruby's ``<rp>``, a drop-down's options drawn only once it is
        opened, fallback content: :func:`.layout.not_drawn`; struck through, it may be
        read as deleted: :data:`.layout.STRUCK`) or stands apart (:func:`stands_apart`: a
        footnote mark, a ruby's ``<rt>``, a subscript after a letter); a run of its own
        where it is a block."""
        where, role, heading = context
        mem_id = node.mem_id
        hidden = (
            undrawn(attrs)
            or mem_id in self.styled
            or mem_id in self.unshown
            or tag == "rp"
            or not_drawn(tag, attrs)
            or unselected(node)
            or squeezed(node, tag)
            or tag in STRUCK
            or (tag in SHRINKING and shrunk(node))
        )
        stack = self.stack
        if hidden or stands_apart(tag, attrs, node, self.builders[-1]):
            # Read where it stands, and its run read without it too (Builder.blocks).
            self.builders[-1].opened.append(self.builders[-1].length)
            stack.append((node, False, _UNDRAWN if hidden else _APART, role, heading))
        elif tag in MARKED and not block:
            self.builders[-1].opened.append(self.builders[-1].length)
            stack.append((node, False, _MARKED, role, heading))
        elif block or not (in_line(node, tag, role, attrs) or mem_id in self.drawn_options):
            number = self._lead(self.builders[-1])
            flush(self.builders, self.page)
            outer = self.builders[-1]
            builder = Run(where, role)
            builder.unit, builder.said = self.units.get(mem_id, (outer.unit, outer.said))
            self.builders.append(builder)
            if number:  # a list's number is drawn in the line of the item's first block
                builder.add(number)
                self.lead = (builder, number)
            stack.append((node, False, where, role, heading))
        child = node.last_child
        while child is not None:
            stack.append((child, True, where, role, heading))
            child = child.prev

    def _push_children(self, node: LexborNode | None, context: tuple[str, str, bool]) -> None:
        child = node.last_child if node is not None else None
        while child is not None:
            self.stack.append((child, True, *context))
            child = child.prev


#: What an element of each kind draws in the line (:meth:`_Walk.drawn_in_line`'s steps).
_IN_LINE: dict[str, Callable[[_Walk, LexborNode, str, Mapping[str, str | None], Run], bool]] = {
    **dict.fromkeys(("object", "embed", "video"), _Walk._embedded),
    **dict.fromkeys(("img", "input"), _Walk._boxed),
    "option": _Walk._option,
    "select": _Walk._select,
    **dict.fromkeys(("msup", "mfrac", "sup"), _Walk._math),
}


#: List items nested deeper than this are walked, not looked up (bounds the recursion).
_REPEAT_DEPTH = 6


def _navigation(
    node: LexborNode,
    builders: list[Run],
    page: PageText,
    context: tuple[str, str, bool],
    repeats: Repeats,
    depth: int,
    inner: int,
) -> bool:
    """A theme's navigation read through :func:`~fxsite.verify.chrome.navigation`'s memo
    (its blocks are the same read alone only where nothing before it waits in the run)."""
    current = builders[-1]
    if current.said or current.unit or "".join(current.parts).strip():
        return False

    def read(part: LexborNode, shared: bool) -> PageText:
        found = PageText()
        _walk(part, found, *context, repeats if shared else {}, depth, inner)
        return found

    known = navigation(node, read, context)
    if known is None:
        return False
    flush(builders, page)
    page.blocks.extend(known[0])
    page.ids |= known[1]
    if unread_after(node):  # read: the page's drawing notes need not walk it again
        node.decompose()
    return True


def _repeated(
    node: LexborNode,
    page: PageText,
    where: str,
    role: str,
    heading: bool,
    repeats: Repeats,
    depth: int,
    inner: int,
    sheets: PageSheets = NO_SHEETS,
) -> None:
    """A list item's blocks and ids, read once per distinct item (see :func:`page_text`)."""
    html = node.html or ""
    key = (html, where, role, heading)
    known = repeats.get(key)  # only items without the markers below are kept
    if known is None:
        # Claims index into the page; an inner document may be refused (the serialised
        # HTML has attribute names in lower case).
        # A backslash: a CSS escape may spell data: (``d\\61ta:``).
        # Code: its text is the page's (:attr:`PageText.code`), which the memo does not keep.
        if any(
            mark in html
            for mark in ("data-fx-ref", "<script", "srcdoc", "data:", "\\", "<code", "<pre")
        ):
            _walk(node, page, where, role, heading, repeats, depth, inner, sheets=sheets)
            return
        item = PageText()
        _walk(node, item, where, role, heading, repeats, depth, inner)
        known = repeats[key] = (item.blocks, item.ids)
    page.blocks.extend(block.copy() for block in known[0])
    page.ids |= known[1]


def _inner_document(
    html: str,
    page: PageText,
    where: str,
    role: str,
    heading: bool,
    inner: int,
    sheets: PageSheets = NO_SHEETS,
) -> None:
    """An ``<iframe srcdoc>`` or ``data:`` URL document read into the page (not its ids).

    Its anchors are not the page's (a link to ``#id`` does not reach into an
    iframe), so they are not added to ``page.ids``. ``sheets``: the stylesheet files
    its links name (a ``srcdoc`` finds them from the page's place; a ``data:`` URL,
    from none).
    """
    if inner >= MAX_INNER:
        page.unreadable.append(
            f"it nests iframe srcdoc or data: URL documents more than {MAX_INNER} deep"
        )
        return
    if too_deep(html):
        page.unreadable.append(f"a document inside it nests elements more than {MAX_NESTING} deep")
        return
    tree = LexborHTMLParser(html)
    root = tree.body if tree.body is not None else tree.root
    if root is None:
        return
    found = PageText()
    if tree.head is not None:  # its stylesheets draw in it
        _read_head(tree.head, found, inner + 1)
    styled = apply_styles(tree.root, found, sheets) if tree.root is not None else frozenset()
    _walk(root, found, where, role, heading, None, 0, inner + 1, styled, sheets)
    offset = len(page.claims)
    for block in found.blocks:
        block.claims = [(s, e, i + offset) for s, e, i in block.claims]
    page.blocks.extend(found.blocks)
    page.claims.extend(found.claims)
    page.json_ld_errors.extend(found.json_ld_errors)
    page.unreadable.extend(found.unreadable)
    if tree.root is not None:
        page.notes.extend(page_notes(tree.root))


#: The stack marker for the end of an element that may not be drawn.
_UNDRAWN = "-undrawn"
#: The stack marker for the end of a footnote mark (:func:`footnote_mark`).
_APART = "-apart"
#: The stack marker for the end of an element drawn with its extent marked
#: (:data:`.layout.MARKED`).
_MARKED = "-marked"


def _attribute_blocks(
    node: LexborNode, tag: str, attrs: dict[str, str], page: PageText, role: str
) -> None:
    """The attributes of an element a reader is shown, each a block (an input's value and an
    image's alt are read in the run too, where they are drawn: :func:`drawn_value`)."""
    names = list(VISIBLE_ATTRIBUTES)
    kind = attrs.get("type", "").strip().lower()
    # A button's value is read too: a script may draw it on the button's face; a datalist's
    # option shows its value as a suggestion under its input.
    if shown_value(tag, kind) or (tag == "option" and in_datalist(node)):
        names.append("value")
    for name in names:
        value = attrs.get(name)
        text = normalise(value) if value else ""
        if text:
            page.blocks.append(Block(text, "attribute", role=role or f"{tag}@{name}"))


def _claim(
    node: LexborNode, attrs: dict[str, str], builder: Run, page: PageText, heading: bool
) -> None:
    text, badge, spoken, structure = own_text(node)
    index = len(page.claims)
    page.claims.append(ClaimNode(attrs, text, badge, spoken, heading, structure))
    start = builder.length
    builder.add(text)
    builder.claims.append((start, builder.length, index))
