"""What is drawn over or around text, so that a browser may show only part of it: SVG
texts at their drawing's edge, under a mask or a clip path, or under a shape the drawing
paints after them; and blocks holding an element drawn over their text. The parts are
read cut by :mod:`.clipped`. Decisions:

* An SVG text may reach its drawing's edge where its characters, at
  :data:`_MEAN_GLYPH_EM` of its font size, are wider than the room right of it
  (:func:`_may_overflow`); a shape painted after a text (not ``fill="none"``) may cover
  it; a theme chart's drawing is checked against its figures elsewhere.
* An element is drawn over the text around it where it paints (a background, a border,
  an outline, a shadow; an image, a drawing) and is drawn away from where it stands
  (:func:`~.css_values.moving`), or paints beyond its box (an outline, a shadow, a
  border image's outset). Its block's text may be covered after any letter.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from selectolax.lexbor import LexborNode
from tinycss2 import ast  # type: ignore[import-untyped]

from fxsite.verify.css import Declaration
from fxsite.verify.css_values import moving
from fxsite.verify.layout import IN_LINE, INLINE, in_chart
from fxsite.verify.order import Styled, matches

__all__ = ["MASKED", "covers", "svg_texts"]

MASKED = "a mask or a clip path"
_EDGE = "an SVG drawing's edge"
_SHAPE = "a shape the SVG drawing paints over its text"
_COVER = "an element drawn over the text"


#: SVG shapes that paint over what the drawing drew before them.
_SHAPES = "rect, circle, ellipse, path, polygon, polyline, line, image, use, foreignObject"


def svg_texts(root: LexborNode) -> Iterator[tuple[LexborNode, str]]:
    """SVG texts that may be drawn in part: at the drawing's edge, under a mask or a clip
    path (the text's or a group's around it), under a shape painted after them."""
    for svg in root.css("svg"):
        if in_chart(svg):
            continue
        order = {node.mem_id: at for at, node in enumerate(svg.traverse(include_text=False))}
        painted = [
            order[s.mem_id]
            for s in svg.css(_SHAPES)
            if (s.attributes.get("fill") or "").strip() != "none"
        ]
        last = max(painted, default=-1)  # a text before the last shape may be under it
        for text in svg.css("text"):
            drawn = text.text(deep=True) or ""
            if _masked(text, svg):
                yield text, MASKED
            elif order[text.mem_id] < last:
                yield text, _SHAPE
            elif _may_overflow(text, drawn):
                yield text, _EDGE


def _masked(node: LexborNode, svg: LexborNode) -> bool:
    """The text, or an element around it in its drawing, has a mask or a clip path."""
    current: LexborNode | None = node
    while current is not None:
        if current.attributes.get("mask") or current.attributes.get("clip-path"):
            return True
        if current.mem_id == svg.mem_id:
            return False
        current = current.parent
    return False


#: Tags that paint a box whatever their style.
_PAINTED_TAGS = frozenset({"img", "svg", "canvas", "video", "picture", "object", "embed", "iframe"})
_PAINTS = re.compile(r"^(background|border|outline|box-shadow)")
_BEYOND = frozenset(
    {
        "outline",
        "outline-width",
        "outline-offset",
        "box-shadow",
        "border-image",
        "border-image-outset",
    }
)


def _paints(decl: Declaration) -> bool:
    """The declaration paints its box (a background, a border, an outline, a shadow)."""
    if not _PAINTS.match(decl.name):
        return False
    words = {t.lower_value for t in decl.value if isinstance(t, ast.IdentToken)}
    return not (words <= {"none", "transparent", "initial", "unset", "inherit"} and words)


def covers(
    root: LexborNode, rules: Sequence[Declaration], styled: Styled
) -> Iterator[tuple[LexborNode, str]]:
    """The blocks holding an element that may be drawn over their text (see the module)."""
    paints: set[int] = set()
    away: set[int] = set()
    nodes: dict[int, LexborNode] = {}
    ruled = (
        (n, d)
        for d in rules
        if _paints(d) or moving(d.name, d.value)
        for n in matches(root, d.selector)
    )
    for node, decl in (*ruled, *styled):
        nodes[node.mem_id] = node
        if _paints(decl) or node.tag in _PAINTED_TAGS:
            paints.add(node.mem_id)
        if moving(decl.name, decl.value) or (decl.name in _BEYOND and _paints(decl)):
            away.add(node.mem_id)
    blocks: dict[int, LexborNode] = {}
    for mem_id in paints & away:
        block = _block(nodes[mem_id])
        blocks[block.mem_id] = block
    for block in blocks.values():
        yield block, _COVER


def _block(node: LexborNode) -> LexborNode:
    """The nearest element around ``node`` that is not laid out in a line."""
    parent = node.parent
    while parent is not None and parent.parent is not None:
        if parent.tag not in INLINE and parent.tag not in IN_LINE:
            return parent
        parent = parent.parent
    return parent if parent is not None else node


#: An SVG text's glyphs' mean width, in ems: a text this wide or wider than its room may
#: reach the drawing's edge.
_MEAN_GLYPH_EM = 0.6
_LENGTH = re.compile(r"\s*([0-9]*\.?[0-9]+)\s*(?:px)?\s*")


def _may_overflow(text_node: LexborNode, text: str) -> bool:
    """Whether an SVG ``<text>`` may reach its drawing's edge: its characters at
    :data:`_MEAN_GLYPH_EM` of its font size (16 where not a number) are wider than the
    room right of its ``x`` in the drawing's units (its ``viewBox``, else its width);
    True where the drawing's size is not a number (the chart labels of a drawing they
    fit pass: "9x4 s" in a drawing 300 wide is no "9x")."""
    svg = text_node.parent
    while svg is not None and svg.tag != "svg":
        svg = svg.parent
    if svg is None:
        return True
    box = (svg.attributes.get("viewBox") or "").replace(",", " ").split()
    room = _number(box[2]) if len(box) == 4 else _number(svg.attributes.get("width"))
    if room is None:
        return True
    size = _number(text_node.attributes.get("font-size")) or 16.0
    x = _number(text_node.attributes.get("x")) or 0.0
    return len(text) * _MEAN_GLYPH_EM * size > room - x


def _number(value: str | None) -> float | None:
    """A length written as a plain number or in pixels, else None."""
    match = _LENGTH.fullmatch(value or "")
    return float(match.group(1)) if match is not None else None
