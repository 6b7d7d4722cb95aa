"""What a page shows, as the page reader (:mod:`.visible`) returns it: its runs of text
(:class:`Block`), claims, trust markers, charts, and the limits of what it reads."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from fxsite.verify.notes import Note

__all__ = [
    "BLOCK_CLASSES",
    "CODE",
    "MAX_INNER",
    "MAX_NESTING",
    "META_NAMES",
    "META_PREFIXES",
    "ROLE_CLASSES",
    "SKIPPED",
    "VALUE_NOT_SHOWN",
    "VISIBLE_ATTRIBUTES",
    "VOID_ELEMENTS",
    "Block",
    "Chart",
    "ClaimNode",
    "Drawing",
    "PageText",
    "Part",
    "Shape",
    "nesting",
    "shown_meta",
    "shown_value",
    "structured_attribute",
    "too_deep",
]

#: Code, exempt as the renderer emits it.
CODE = frozenset({"code", "pre"})
#: Never rendered as text (scripts are read only for JSON-LD).
SKIPPED = frozenset({"script", "style", "template", "head"})
#: Attributes a reader (or a screen reader, a braille display, or a search engine) is shown.
#: ``xlink:title`` is an SVG link's tooltip (Blink's and WebKit's ``SVGAElement::title()``
#: prefer it to a ``<title>`` child); read on any element, as ``title`` is.
VISIBLE_ATTRIBUTES = (
    "alt",
    "title",
    "xlink:title",
    "aria-label",
    "aria-braillelabel",
    "aria-description",
    "aria-roledescription",
    "aria-brailleroledescription",
    "aria-valuetext",
    "aria-placeholder",
    "placeholder",
    "label",
    "summary",
)
#: Meta tags whose content search engines and link previews show.
META_NAMES = frozenset({"description", "keywords", "author", "application-name"})
META_PREFIXES = ("og:", "twitter:", "article:", "dc.", "citation_")
#: ``<input>`` types whose ``value`` is not shown as text: every other type
#: (text, search, number, email, url, tel, date and time kinds, unknown types,
#: which browsers draw as text) shows it in the box.
VALUE_NOT_SHOWN = frozenset(
    {"hidden", "password", "checkbox", "radio", "file", "image", "color", "range"}
)


def shown_meta(name: str) -> bool:
    """Whether a meta tag's content, by its ``name`` (lower case), is shown: by search
    engines and link previews (:data:`META_NAMES`, :data:`META_PREFIXES`)."""
    return name in META_NAMES or name.startswith(META_PREFIXES)


def structured_attribute(tag: str, attrs: Mapping[str, str | None]) -> str:
    """The attribute whose text structured data takes from an element, "" where none.

    Search engines show microdata and RDFa in rich results as they show JSON-LD's strings
    (an FAQ answer, a description, a rating): an element carrying microdata's ``itemprop``
    or RDFa's ``property`` gives its ``content`` (a ``<meta>``'s value, and RDFa's
    ``content`` on any element, which stands for its text), and a ``<data>`` or
    ``<meter>`` under ``itemprop`` its ``value``. Other values are addresses (``href``,
    ``src``) or a ``<time>``'s machine-readable ``datetime``; an element's own text is
    read as the page's.
    """
    if "itemprop" not in attrs and "property" not in attrs:
        return ""
    if "content" in attrs:
        return "content"
    return "value" if tag in ("data", "meter") and "itemprop" in attrs else ""


def shown_value(tag: str, kind: str) -> bool:
    """Whether an element's ``value`` is shown as text, by its tag and ``type`` (lower
    case): a button's (a script may draw it on its face), an input's of a type that draws
    it; a list item's number is read as its list's (:mod:`.list_numbers`); a datalist's
    option's is asked of the element itself (:func:`~.layout.in_datalist`)."""
    return tag == "button" or (tag == "input" and kind not in VALUE_NOT_SHOWN)


#: Elements the audit verifies by other means, by class: their text is a block
#: with this role (chart labels and data, record-page values, the "Related reading"
#: list, which shows other pages' titles as the navigation does).
ROLE_CLASSES = {
    "fx-chart": "chart",
    "fx-value": "record-value",
    "fx-meta": "record-value",
    "fx-related": "related",
}
#: Inline elements the renderer lays out as boxes of their own (headline cards,
#: Material's buttons): their text is a run apart from its neighbours'.
BLOCK_CLASSES = frozenset({"fx-stat-value", "fx-stat-context", "fx-stat-source", "md-button"})
#: ``<iframe srcdoc>`` and ``data:`` URL documents inside one another read at most
#: this deep: each level is parsed again from an attribute, so deeper is refused.
MAX_INNER = 4


#: Deepest element nesting read: tree building in any HTML5 parser is quadratic in
#: depth (scope checks walk the stack of open elements), so deeper pages are refused.
MAX_NESTING = 4096
_TAG = re.compile(r"<(/?)([A-Za-z][^\s/>]*)[^>]*?(/?)>")
#: HTML elements with no end tag (the tree builder's list, ``keygen`` included).
VOID_ELEMENTS = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "keygen",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    ]
)


def too_deep(html: str) -> bool:
    """``html`` nests elements more than :data:`MAX_NESTING` deep (an upper estimate)."""
    # No deeper than it has tags: counted at C speed, the common case.
    return html.count("<") > MAX_NESTING and nesting(html) > MAX_NESTING


def nesting(html: str) -> int:
    """An upper estimate of how deeply ``html`` nests elements, in one linear pass."""
    depth = deepest = 0
    for match in _TAG.finditer(html):
        closing, name, self_closing = match.groups()
        if name.lower() in VOID_ELEMENTS or self_closing:
            continue
        depth = max(0, depth - 1) if closing else depth + 1
        deepest = max(deepest, depth)
    return deepest


@dataclass(frozen=True)
class ClaimNode:
    """A rendered claim: its attributes, and its parts as a reader sees them."""

    attrs: dict[str, str]
    text: str
    badge: str | None
    spoken: str | None
    in_heading: bool
    #: every descendant element as (tag, attributes), for the re-render comparison
    structure: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]


@dataclass
class Block:
    """One run of text that reads as a unit (a paragraph, a cell, an attribute)."""

    text: str
    #: where a reader sees it: "article", "page" (nav, header, footer), "title",
    #: "meta", "attribute", "json-ld" (structured data: microdata's and RDFa's too), "svg"
    channel: str
    #: (start, end, index into PageText.claims) of each claim in ``text``
    claims: list[tuple[int, int, int]] = field(default_factory=list)
    #: set for blocks that the audit verifies by other means (chart labels, record values)
    role: str = ""
    #: a table cell's unit stated once ("" when none), and where the cell stands
    #: (its header and row: :mod:`fxsite.pages.table_units`)
    unit: str = ""
    said: str = ""
    #: a second reading of the blocks just before it (this many), without the text of
    #: elements that may not be drawn: what it shares with them is theirs (0: none)
    variant: int = 0
    #: the run read with its inline code's text (``9<code>4 s</code>`` draws "94 s"), and
    #: the text its images and inputs draw in their boxes (``<img alt="97"> s``), for the
    #: figures that cross the code's or the box's edge; None where the run has neither
    with_code: Block | None = None
    #: in that reading, the (start, end) of each inline code's text, and of those the text
    #: drawn in a box (an image's, an input's: a reader may see the run without it)
    code: tuple[tuple[int, int], ...] = ()
    boxed: tuple[tuple[int, int], ...] = ()
    #: what the gate's scan read of a memo's block, shared by its copies: the fields it
    #: read and its result (``fxsite.verify.scan._scanned``); empty until scanned
    scan_memo: list[object] | None = field(default=None, compare=False, repr=False)

    def copy(self) -> Block:
        """A copy sharing nothing that may be changed with this block (a memo's blocks
        are handed out as copies), but its :attr:`scan_memo`."""
        # Not dataclasses.replace: it re-runs __init__, and the navigation's blocks are
        # copied hundreds of thousands of times on a large site. The fields are copied as
        # one dict (a copy of the 460 blocks of a 4x site's navigation: 0.46 -> 0.28 ms).
        state = self.__dict__
        if state["scan_memo"] is None:
            self.scan_memo = []
        new = object.__new__(Block)
        new.__dict__ = fields = state.copy()
        fields["claims"] = state["claims"].copy()
        if state["with_code"] is not None:
            fields["with_code"] = state["with_code"].copy()
        return new


@dataclass
class PageText:
    """Everything visible on one page."""

    blocks: list[Block] = field(default_factory=list)
    claims: list[ClaimNode] = field(default_factory=list)
    ids: set[str] = field(default_factory=set)
    meta: dict[str, str] = field(default_factory=dict)
    json_ld_errors: list[str] = field(default_factory=list)
    #: record-page rows: id -> (data-fx-ref, value text, label text)
    rows: dict[str, tuple[str, str, str]] = field(default_factory=dict)
    #: record-page status badges
    statuses: list[str] = field(default_factory=list)
    charts: list[Chart] = field(default_factory=list)
    #: why part of the page cannot be read safely (an inner document too deep)
    unreadable: list[str] = field(default_factory=list)
    #: trust markers the build generates, as shown (see :func:`.visible.page_parts`)
    parts: list[Part] = field(default_factory=list)
    #: the ``lang`` of ``<html>``
    lang: str = ""
    #: what a browser draws beyond the text (reordered, written by code; see :mod:`.drawing`)
    notes: list[Note] = field(default_factory=list)
    #: the text of each code element the page shows as code (``<pre>``, ``<code>``)
    code: list[str] = field(default_factory=list)


#: A subtree as a reader gets it: every element as (tag, attributes), and its text.
Shape = tuple[tuple[tuple[str, tuple[tuple[str, str], ...]], ...], str]


@dataclass(frozen=True)
class Part:
    """A generated trust marker on a page: a record's badges, setup row, library row, source.

    ``kind`` is ``badges``, ``setup``, ``library``, ``source``, ``invariant``
    (a row of a record page's invariants), ``note`` (the estimate note), ``pager`` (the
    Evidence Library index's links to its pages),
    ``consistency`` (a piece of an evidence-consistency block: ``key`` ``block`` for the
    block, else the piece's element, ``p``, ``tr``, ``li``), or one of the words of
    :mod:`.marker_words` (``provenance``, ``model-banner``, ``stat``, ``value-notes``, …);
    ``key`` the setup row's id, the record id, the invariant's formula in names or a
    figure's ref; ``href`` and ``label`` what the build took from elsewhere (the link, a
    setup row's heading; the text a finding is placed by), and ``links`` (the note's, a
    consistency block's, a record page head's: each link's text and target), reused to
    render it again.
    """

    kind: str
    key: str
    href: str
    label: str
    shape: Shape
    links: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Chart:
    """A rendered chart: its data table, the SVG's texts, description and bar links."""

    id: str
    #: (bar, value text, ref, label) per data-table row
    rows: tuple[tuple[str, str, str, str], ...]
    #: each drawing of the chart (a page may carry one per screen width)
    drawings: tuple[Drawing, ...]
    #: the source line under it (``p.fx-chart-source``), "" where it has none
    source: str = ""
    #: where each data-table row's evidence cell links ("" where it has no link)
    links: tuple[str, ...] = ()


@dataclass(frozen=True)
class Drawing:
    """One SVG drawing of a chart: its texts, description and linked bars."""

    texts: tuple[str, ...]
    desc: str
    #: (href, path ``d`` strings) of each linked bar
    bars: tuple[tuple[str, tuple[str, ...]], ...]
    #: (href, its group's class, its tooltip, its first path's style) of each linked bar:
    #: how it is drawn as a measurement or a model (dashed, ``fx-bar--modelled``)
    looks: tuple[tuple[str, str, str, str], ...] = ()
