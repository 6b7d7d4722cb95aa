"""How a browser lays an element out in a line of text: in the line, or a box of its own.

Elements in the line join their text (or their nothing) to the text around them; what
a replaced element or a form control draws in its box is read where it stands
(:func:`drawn_value`, :func:`select_options`). Used by :mod:`fxsite.verify.visible`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from selectolax.lexbor import LexborNode

from fxsite.verify.css import hides
from fxsite.verify.shown import VALUE_NOT_SHOWN

__all__ = [
    "BOXED",
    "INLINE",
    "IN_LINE",
    "LAID_IN_LINE",
    "MARKED",
    "STRUCK",
    "SVG_IN_LINE",
    "VALUE_NOT_SHOWN",
    "drawn_value",
    "in_chart",
    "in_datalist",
    "in_line",
    "not_drawn",
    "select_options",
    "squeezed",
    "unselected",
]

#: Elements that flow inside a line: their text joins the text around them.
INLINE = frozenset(
    [
        "a",
        "abbr",
        "b",
        "bdi",
        "bdo",
        "big",
        "br",
        "cite",
        "data",
        "del",
        "dfn",
        "em",
        "font",
        "i",
        "ins",
        "kbd",
        "label",
        "mark",
        "nobr",
        "output",
        "q",
        "ruby",
        "rp",
        "rt",
        "s",
        "samp",
        "small",
        "span",
        "strike",
        "strong",
        "sub",
        "sup",
        "time",
        "tt",
        "u",
        "var",
        "wbr",
        # SVG: a <text>'s spans are drawn on its line, one after another
        "tspan",
        "textPath",
        # MathML in a line: its tokens draw as one run (<mn>25</mn><mi>s</mi> is "25s")
        "math",
        "mi",
        "mn",
        "mo",
        "ms",
        "mtext",
        "mrow",
        "msub",
        "msup",
        "msubsup",
        "mstyle",
        "semantics",
        # a space between tokens, and boxes drawn round a token's text (or its room only)
        "mspace",
        "mpadded",
        "mphantom",
        "menclose",
        "merror",
        "maction",
    ]
)
#: Inline elements drawn as boxes of their own inside a content tab set (its
#: :data:`_TAB_SETS`): a tab's ``label`` (its neighbour is the next tab's label, "94 s"
#: beside "Other", never "94 sOther"). Elsewhere a label is in the line (blind37:
#: ``<label>Saved in 95</label><label> s.</label>`` draws "Saved in 95 s.").
BOXED = frozenset({"label"})
_TAB_SETS = frozenset({"tabbed-labels", "tabbed-set"})
#: Elements a browser lays out in the line, beyond :data:`INLINE`: replaced boxes, form
#: controls and elements that draw nothing of their own. Whatever they draw stays in the
#: run (an image's alt text, a control's value, a textarea's text; fallback content, read
#: without it too: :func:`not_drawn`), and where they draw nothing the text around them
#: joins (``95<img alt="">s``,
#: ``52<audio></audio>s`` and ``63<source>s`` draw "95s", "52s", "63s"); a box drawn
#: between two texts is read as nothing too, where a reader may read them as one figure.
#: Unknown and custom elements (``<blink>``, ``<my-el>``) are inline to a browser.
IN_LINE = frozenset(
    [
        "acronym",
        "applet",
        "area",
        "audio",
        "base",
        "basefont",
        "blink",
        "button",
        "canvas",
        "embed",
        "iframe",
        "img",
        "input",
        "keygen",
        "link",
        "map",
        "marquee",
        "meta",
        "object",
        "param",
        "picture",
        "select",
        "slot",
        "source",
        "textarea",
        "track",
        "video",
    ]
)
#: SVG elements drawn in the line of an inline ``<svg>`` (outside a generated chart): a
#: ``<text>``'s digits beside the prose's unit read as one figure, as drawn. ``<title>``
#: (a tooltip) and ``<desc>`` stay apart.
SVG_IN_LINE = frozenset(
    [
        "svg",
        "g",
        "text",
        "switch",
        "use",
        "image",
        "feImage",
        "symbol",
        "defs",
        "path",
        "rect",
        "circle",
        "ellipse",
        "line",
        "polyline",
        "polygon",
        "clipPath",
        "mask",
        "pattern",
        "linearGradient",
        "radialGradient",
        "stop",
        "marker",
        "filter",
    ]
)
#: Elements whose content is fallback, drawn only where the element itself cannot be
#: (a media player, a canvas, a frame, a plug-in): a browser that draws the element
#: does not draw its content.
FALLBACK = frozenset({"audio", "canvas", "iframe", "object", "video"})
#: Text struck through (an edit's deletion, ``{--x--}`` in CriticMarkup): a reader reads
#: the line without it, as the edit leaves it.
STRUCK = frozenset({"del", "s", "strike"})
#: Text drawn with its extent marked (a highlight, an underline: ``{==x==}`` and ``{++x++}``
#: in CriticMarkup): a reader sees where it starts and ends, as where struck text does.
MARKED = frozenset({"mark", "ins", "u"})
#: MathML that takes its content's room but draws none of it, and a ``<semantics>``'s
#: annotations, which a browser does not draw (it draws the first child only:
#: ``<semantics><mn>95</mn><annotation>X</annotation></semantics> s`` draws "95 s": blind30).
_PHANTOM = frozenset({"mphantom", "annotation", "annotation-xml"})
#: SVG elements whose presentation attributes may hide the text inside them.
_SVG_TEXT = frozenset({"svg", "g", "switch", "text", "tspan", "textPath"})
#: SVG presentation attributes (and an ``<svg>``'s size) that are CSS properties of the
#: same name, read as the ``style`` that states them.
_PRESENTATION = (
    "display",
    "visibility",
    "opacity",
    "font-size",
    "clip-path",
    "mask",
    "filter",
    "transform",
    "width",
    "height",
    "fill",
    "fill-opacity",
)
#: MathML's presentation attributes, read as the CSS property of each (``mathcolor="#fff"``
#: draws white on the white page: blind31); ``mathbackground`` paints behind the text,
#: which its colour may hide, so any is read as an unseen colour.
_MATH_PRESENTATION = {"mathcolor": "color", "mathsize": "font-size"}


def in_datalist(node: LexborNode) -> bool:
    """The ``<option>`` is a ``<datalist>``'s (whose values its input suggests)."""
    parent = node.parent
    while parent is not None and parent.tag == "optgroup":
        parent = parent.parent
    return parent is not None and parent.tag == "datalist"


#: The attribute :func:`~.styled.apply_styles` marks an element with that a ``display``
#: lays out in the line (``display: inline``, a flex item); the page's own copy of it
#: only makes more text read together.
LAID_IN_LINE = "data-fx-in-line"


def in_line(
    node: LexborNode, tag: str, role: str, attrs: Mapping[str, str | None] | None = None
) -> bool:
    """A browser lays the element out in the line (:data:`INLINE`, :data:`IN_LINE`, an
    unknown or custom element, an inline SVG's drawing outside a generated part, one a
    ``display`` lays out so: :data:`LAID_IN_LINE`); a :data:`BOXED` element is a box of
    its own only where it holds text. ``attrs``: the element's attributes, where the
    caller has read them already."""
    if LAID_IN_LINE in (node.attributes if attrs is None else attrs):
        return True
    if tag in BOXED and _in_tab_set(node):
        return not (node.text(deep=True) or "").strip()
    if tag in INLINE or tag in IN_LINE or "-" in tag:
        return True
    return tag in SVG_IN_LINE and not role


def _in_tab_set(node: LexborNode) -> bool:
    parent = node.parent
    return parent is not None and not _TAB_SETS.isdisjoint(
        (parent.attributes.get("class") or "").split()
    )


def drawn_value(tag: str, attrs: Mapping[str, str | None]) -> str | None:
    """The text an ``<img>`` or ``<input>`` draws in its box in the line: an image's alt
    text (an image that does not load draws it), an input's value (its placeholder while
    empty) where its type shows one, else ""; None for an image without alt text or a
    hidden input, which may draw nothing at all (the text around it joins)."""
    kind = (attrs.get("type") or "").strip().lower()
    if tag == "img":
        return attrs.get("alt") or None
    if kind == "hidden":
        return None
    if kind in VALUE_NOT_SHOWN:
        return ""
    return attrs.get("value") or attrs.get("placeholder") or ""


def select_options(
    select: LexborNode, attrs: Mapping[str, str | None]
) -> tuple[set[int], list[int]]:
    """A drop-down ``<select>``'s option drawn in the line (the first selected, or the first)
    and those it draws only when opened; a list box (``multiple``, a ``size`` above 1) draws
    each option on a line of its own: neither."""
    size = (attrs.get("size") or "").strip()
    if "multiple" in attrs or (size.isdigit() and int(size) > 1):
        return set(), []
    options = select.css("option")
    if not options:
        return set(), []
    shown = next((o for o in options if "selected" in o.attributes), options[0])
    return {shown.mem_id}, [o.mem_id for o in options if o.mem_id != shown.mem_id]


def not_drawn(tag: str, attrs: Mapping[str, str | None]) -> bool:
    """A browser may leave the element's content undrawn though no ``style`` hides it:
    fallback content (:data:`FALLBACK`), a ``popover`` until it is opened, a MathML
    phantom or annotation, an element its presentation attributes hide: SVG's
    (``display="none"``, ``fill="none"``, ``font-size="0"``, an ``<svg>`` of zero width),
    MathML's (``mathcolor="white"``, any ``mathbackground``, an ``<mpadded>`` of zero
    width), read as the style they state (:func:`~fxsite.verify.css.hides`)."""
    if tag in FALLBACK or tag in _PHANTOM or "popover" in attrs or "mathbackground" in attrs:
        return True
    if tag == "mpadded":  # its text drawn in a box of the size it states
        names = {"width": "width", "height": "height"}
    elif tag in _SVG_TEXT:
        names = {name: name for name in _PRESENTATION}
    elif not _MATH_PRESENTATION.keys().isdisjoint(attrs):
        names = _MATH_PRESENTATION
    else:  # no attribute of presentation: nothing to read (most elements)
        return False
    style = "; ".join(f"{css}: {attrs[name]}" for name, css in names.items() if attrs.get(name))
    return bool(style) and hides(style)


#: The narrowest an SVG text's characters may be squeezed (``textLength``), in its
#: drawing's units (pixels at its size), and still be read: a third of 16px text's.
SQUEEZED_PX = 4.0
_SVG_LENGTH = re.compile(r"\s*([0-9]*\.?[0-9]+(?:[eE][+-]?\d+)?)\s*(?:px)?\s*")


def squeezed(node: LexborNode, tag: str | None = None) -> bool:
    """An SVG text or span whose ``textLength`` draws its characters too narrow to read
    (below :data:`SQUEEZED_PX` each: blind36), or a length not a number; or one stroked
    in the page's colour at a width that covers its glyphs (``stroke="#fff"
    stroke-width="6"``). ``tag``: the element's, where the caller has read it."""
    if (node.tag if tag is None else tag) not in _SVG_TEXT:
        return False
    attrs = node.attributes
    length = attrs.get("textLength")
    if length is not None:
        number = _SVG_LENGTH.fullmatch(length)
        chars = len((node.text(deep=True) or "").strip())
        if number is None or float(number[1]) < SQUEEZED_PX * max(chars, 1):
            return True
    stroke = attrs.get("stroke")
    if stroke and hides(f"color: {stroke}"):
        width = _SVG_LENGTH.fullmatch(attrs.get("stroke-width") or "1")
        return width is None or float(width[1]) >= 1.5
    return False


def in_chart(node: LexborNode) -> bool:
    """Inside a theme chart (``figure.fx-chart``), checked against its figures by the audit."""
    parent = node.parent
    while parent is not None:
        if parent.tag == "figure" and "fx-chart" in (parent.attributes.get("class") or "").split():
            return True
        parent = parent.parent
    return False


def unselected(node: LexborNode) -> bool:
    """A child of a MathML ``<maction>`` or an SVG ``<switch>`` after its first: Chromium
    draws only the first (MathML Core; a switch's first whose conditions hold, blind34);
    an maction's child that ``selection`` names is told (:func:`~.order.maction_note`)."""
    parent = node.parent
    if parent is None or parent.tag not in ("maction", "switch"):
        return False
    before = node.prev
    while before is not None and (before.tag or "").startswith("-"):  # text, comments
        before = before.prev
    return before is not None
