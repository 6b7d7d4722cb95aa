"""Text drawn in another order than it is written: refused where it could hold a figure.

The gate reads a page's text in document order; a browser may draw it in
another. ``<bdo dir=rtl>s 871</bdo>`` is drawn "178 s"; ``dir=rtl`` draws
"178 s" as "s 178"; CSS ``unicode-bidi: bidi-override``, ``direction: rtl``,
``flex-direction: row-reverse``, flex ``order`` and grid placement move text
around; two SVG ``<text>`` elements side by side read as one ("17", "8 s").
Each is refused (``FX504``) where the text it moves has a digit or reads as a
figure forwards, backwards or word by word backwards
(:func:`~fxsite.verify.css.could_hold_figure`): an Arabic or Hebrew paragraph
without digits may be ``dir=rtl``, and the document's own direction (a
right-to-left site's ``<body dir=rtl>``) is the site's: only an element's own ``dir``
inside the page is a change of order. Bidi control
characters are refused in
text already (``FX502``, :mod:`.reading`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import pairwise

from selectolax.lexbor import LexborNode, SelectolaxError

from fxsite.verify.css import (
    MAX_SERIALIZED,
    Declaration,
    completes_figure,
    could_hold_figure,
    moves,
    read_sheet,
    read_style,
    reorders,
)
from fxsite.verify.css_selectors import plain_selector
from fxsite.verify.layout import INLINE
from fxsite.verify.notes import REORDERED, Note
from fxsite.verify.reading import detect

__all__ = [
    "Styled",
    "bdo_note",
    "dir_note",
    "matches",
    "sheet_order_notes",
    "style_order_notes",
    "styled_elements",
    "svg_notes",
]

#: Right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko…), which make ``dir=auto`` rtl.
_RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")


def _text(node: LexborNode | None) -> str:
    return " ".join((node.text(deep=True) or "").split()) if node is not None else ""


def _note(
    what: str, text: str, at: str | None = None, how: str = "changes the order in which"
) -> Note:
    """A reordering note; ``at``, the text it is placed by (the rule), else what it moves."""
    return Note(
        REORDERED,
        f"{what} {how} '{text[:60]}' is drawn: a reader may see another figure than the one checked",
        at or text[:40] or None,
    )


def bdo_note(node: LexborNode) -> Note | None:
    """A ``<bdo>`` (a bidi override) around text that could hold a figure."""
    text = _text(node)
    return _note("<bdo>", text) if could_hold_figure(text, _text(node.parent)) else None


def maction_note(node: LexborNode) -> Note | None:
    """A MathML ``<maction>`` whose ``selection`` names a child other than the first:
    Chromium draws the first (MathML Core), a browser that reads ``selection`` draws that
    one, and a click another (:func:`~.layout.unselected` reads each child away)."""
    selection = (node.attributes.get("selection") or "1").strip()
    text = _text(node)
    line = node.parent
    while line is not None and line.parent is not None and line.tag in INLINE:
        line = line.parent  # the line the formula is drawn in
    if selection == "1" or not any(c.isdigit() for c in _text(line)):
        return None  # a child drawn alone may join a number of the line: "95" and "s"
    return _note("<maction selection>", text, how="chooses, by browser, which part of")


#: Elements whose ``dir`` is the document's direction (Material writes ``<body dir>``).
_DOCUMENT = frozenset({"html", "body"})


def _inherited(node: LexborNode) -> str:
    """The direction ``node`` is given inside the page without its own ``dir``: its nearest
    ancestor's below the document's (a page's text is judged alike in an rtl site and out
    of it: ``fxsite check`` reads it without the theme's ``<body>``)."""
    parent = node.parent
    while parent is not None:
        inside = parent.tag and parent.tag not in _DOCUMENT
        value = (parent.attributes.get("dir") or "").strip().lower() if inside else ""
        if value in ("rtl", "ltr"):
            return value
        parent = parent.parent
    return "ltr"


def dir_note(node: LexborNode, value: str) -> Note | None:
    """``dir=rtl`` (or ``dir=auto`` on right-to-left text) of an element inside a page,
    not inside another right-to-left one, on text that could hold a figure. The
    document's own direction (``dir`` on ``<html>`` or ``<body>``) is the site's; the
    note is placed at the attribute."""
    direction = value.strip().lower()
    if direction not in ("rtl", "auto") or node.tag in _DOCUMENT:
        return None
    text = _text(node)
    if (direction == "rtl" or _RTL.search(text)) and _inherited(node) == "ltr":
        held = could_hold_figure(text, _text(node.parent))
        return _note(f'dir="{direction}"', text, f'dir="{value}"') if held else None
    return None


def _moved(
    node: LexborNode, decl: Declaration, named: tuple[str, str] | None = None
) -> Note | None:
    """A declaration that reorders text that could hold a figure, or that draws its
    element elsewhere (:func:`~fxsite.verify.css.moves`: where exactly is not worked out)
    whose text could hold a figure or complete one beside a number ("s on the array").
    ``named``: how the message names it and the text it is placed by (else the CSS)."""
    what, at = named or (f"CSS {decl.shown}", decl.shown)
    if moves(decl):
        text = _text(node)
        held = could_hold_figure(text, _text(node.parent)) or completes_figure(text)
        return _note(what, text, at, "moves where") if held else None
    scope = reorders(decl)
    if scope is None:
        return None
    target = node if scope == "self" else node.parent
    text = _text(target)
    held = could_hold_figure(text, _text(target.parent) if target is not None else "")
    return _note(what, text, at) if held else None


#: What a style that reorders must hold (a property name, or an escape spelling one).
_MAY_REORDER = re.compile(
    r"order|direction|bidi|grid|flex|table|top|left|right|bottom|inset|margin|translate|"
    r"transform|rotate|scale|float|vertical|\\",
    re.IGNORECASE,
)


def style_order_notes(node: LexborNode, style: str) -> list[Note]:
    """A ``style`` attribute that reorders text that could hold a figure."""
    if not _MAY_REORDER.search(style):  # most styles (a chart's strokes) are not parsed
        return []
    found = (_moved(node, d) for d in read_style(style))
    return [n for n in found if n is not None][:1]


def matches(root: LexborNode, selector: str) -> list[LexborNode]:
    """The elements a rule's selector picks at any time (:func:`~.css_selectors.plain_selector`).

    A selector of many descendant combinators on a deeply nested document is not run:
    Lexbor tries every chain of ancestors, and ``section div div div div div div span`` over
    400 nested ``<div>`` took hours (blind61). Past :data:`MAX_CHAINS` it may match anything.
    """
    if len(selector) >= MAX_SERIALIZED:  # cut short: what it matches is not known
        return [root]
    plain = plain_selector(selector)
    steps = descendant_steps(plain)
    if steps >= 2 and _depth(root) ** steps > MAX_CHAINS:
        return [root]
    try:
        return list(root.css(plain))
    except SelectolaxError:  # a selector Lexbor does not know: it may match anything
        return [root]


#: How many chains of ancestors a selector's descendant combinators may have Lexbor try
#: (the document's depth to the power of their number): a page 30 deep with four
#: combinators is 810,000; 400 deep with six, past any budget.
MAX_CHAINS = 10**7
_NOT_DESCENDANT = re.compile(r"\s*([>+~,])\s*")
_BRACKETED = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")


def descendant_steps(plain: str) -> int:
    """The most descendant combinators (a space between two compound selectors) in one
    selector of the list ``plain``."""
    text = plain
    for _ in range(4):  # nested brackets, a few deep (what is left counts as words)
        text = _BRACKETED.sub("x", text)
    text = _NOT_DESCENDANT.sub(r"\1", text.strip())
    return max((len(part.split()) - 1 for part in text.split(",")), default=0)


#: The document whose styles are being applied (:func:`measuring`) and its depth, once
#: measured: one walk for all its rules, and no document held past its reading.
_measured: list[tuple[LexborNode, int | None]] = []


@contextmanager
def measuring(root: LexborNode) -> Iterator[None]:
    """While ``root``'s styles are applied, its depth is measured once for every rule."""
    _measured[:] = [(root, None)]
    try:
        yield
    finally:
        _measured.clear()


def _depth(root: LexborNode) -> int:
    """How deeply ``root``'s document nests its elements (once while :func:`measuring` it)."""
    known = _measured[0] if _measured and _measured[0][0] is root else None
    if known is not None and known[1] is not None:
        return known[1]
    deepest, stack = 0, [(root, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        child = node.child
        while child is not None:
            if not (child.tag or "").startswith("-"):
                stack.append((child, depth + 1))
            child = child.next
    if known is not None:
        _measured[:] = [(root, deepest)]
    return deepest


#: Each element of a page with its ``style`` attribute's declarations.
Styled = list[tuple[LexborNode, Declaration]]


def styled_elements(root: LexborNode) -> Styled:
    """Each element under ``root`` with a ``style`` attribute, once per declaration of it:
    read once a page and handed to each rule that reads style attributes."""
    return [
        (node, decl)
        for node in root.css("[style]")
        for decl in read_style(node.attributes.get("style") or "")
    ]


#: Elements a reordering rule matches that are looked at one by one; past this
#: many, the rule is refused as reordering the page (the cost stays linear).
MAX_MATCHED = 64


def sheet_order_notes(root: LexborNode, css: str) -> list[Note]:
    """Rules of a page's ``<style>`` that reorder text that could hold a figure."""
    moving = [d for d in read_sheet(css).declarations if reorders(d) is not None or moves(d)]
    if not moving or not could_hold_figure(_text(root)):
        return []
    for decl in moving:
        matched = matches(root, decl.selector)
        if len(matched) > MAX_MATCHED:
            return [_note(f"CSS {decl.shown} on {len(matched)} elements", _text(root), decl.shown)]
        for node in matched:
            note = _moved(node, decl)
            if note is not None:
                return [note]
    return []


def _position(node: LexborNode, name: str) -> float:
    raw = (node.attributes.get(name) or "0").replace(",", " ").split()
    try:
        return float(raw[0]) if raw else 0.0
    except ValueError:
        return 0.0


#: Attributes that place an SVG text's glyphs or spans where they are drawn.
_PLACING = frozenset({"x", "y", "dx", "dy", "rotate"})


def _placed(text: LexborNode) -> bool:
    """An SVG ``<text>`` draws its parts where their positions say, not in text order:
    a ``<tspan>`` placed by ``x``/``y``/``dx``/``dy``/``rotate``, a ``<textPath>``, or
    the text's own positions, one per character (``x="30 0 10"``)."""
    own = (text.attributes.get(n) or "" for n in _PLACING)
    if any(len(v.replace(",", " ").split()) > 1 for v in own):
        return True
    return any(
        span.tag == "textPath" or not _PLACING.isdisjoint(span.attributes)
        for span in text.css("tspan, textPath")
    )


#: SVG elements whose presentation attributes turn, mirror or reorder the text inside them.
_SVG_DRAWN = "svg, g, text, tspan, textPath, a, switch"
#: The presentation attributes that reorder it, as the CSS properties of the same name.
_SVG_ORDER = ("direction", "unicode-bidi", "writing-mode")
_SVG_FUNCTION = re.compile(r"([A-Za-z]+)\s*\(([^()]*)\)")
_SVG_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def svg_turned(transform: str) -> bool:
    """An SVG ``transform`` attribute draws text turned past a quarter turn or mirrored
    (``rotate(180)``, ``scale(-1, 1)``, a matrix doing either): "s 96" is seen as "96 s".
    Its functions' linear parts are multiplied out (floats: this is drawing); a
    translation or a skew turns nothing, and an attribute it cannot read turns nothing."""
    a, b, c, d = 1.0, 0.0, 0.0, 1.0
    for name, args in _SVG_FUNCTION.findall(transform[:4096]):
        numbers = [float(n) for n in _SVG_NUMBER.findall(args)]
        if not numbers or not all(math.isfinite(n) for n in numbers):  # "rotate(1e999)"
            continue
        name = name.lower()
        if name == "rotate":
            turn = math.radians(numbers[0])
            m = (math.cos(turn), math.sin(turn), -math.sin(turn), math.cos(turn))
        elif name == "scale":
            m = (numbers[0], 0.0, 0.0, numbers[1] if len(numbers) > 1 else numbers[0])
        elif name == "matrix" and len(numbers) >= 4:
            m = (numbers[0], numbers[1], numbers[2], numbers[3])
        else:
            continue
        a, b, c, d = (
            a * m[0] + c * m[1],
            b * m[0] + d * m[1],
            a * m[2] + c * m[3],
            b * m[2] + d * m[3],
        )
    # the text's direction drawn leftwards, or its glyphs mirrored
    return a < -1e-9 or a * d - b * c < -1e-9


#: SMIL animations that may turn, reorder or move their element's text once drawn.
_SVG_ANIMATIONS = "set, animate, animateTransform, animateMotion"
_ANIMATED = frozenset({*_SVG_ORDER, "transform", "x", "y", "dx", "dy", "rotate"})


def _svg_animated_notes(svg: LexborNode) -> list[Note]:
    """An SVG animation (``<set>``, ``<animateTransform>``…) that turns, reorders or moves
    its element (the attributes :func:`_svg_drawn_notes` and :func:`_placed` read, or a
    motion path), where the element's text could hold a figure: drawn otherwise than read."""
    for animation in svg.css(_SVG_ANIMATIONS):
        target = animation.parent
        name = (animation.attributes.get("attributeName") or "").strip()
        moving = (animation.tag or "").lower() == "animatemotion" or name in _ANIMATED
        if target is not None and moving and could_hold_figure(_text(target)):
            what = f"SVG <{animation.tag}> of {name or 'its position'}"
            return [_note(what, _text(target), animation.tag, "may change the order in which")]
    return []


def _svg_drawn_notes(svg: LexborNode) -> list[Note]:
    """An SVG element whose ``transform`` turns or mirrors (:func:`svg_turned`), or whose
    ``direction``/``unicode-bidi``/``writing-mode`` reorders, text that could hold a figure;
    an animation that may (:func:`_svg_animated_notes`)."""
    animated = _svg_animated_notes(svg)
    if animated:
        return animated
    for node in svg.css(_SVG_DRAWN):
        attrs = node.attributes
        transform = attrs.get("transform") or ""
        if transform and svg_turned(transform) and could_hold_figure(_text(node)):
            return [_note(f'SVG transform="{transform[:60]}"', _text(node), transform[:40])]
        for name in _SVG_ORDER:
            value = (attrs.get(name) or "")[:200]
            named = (f'SVG {name}="{value}"', name)  # placed by the attribute's name
            for decl in read_style(f"{name}: {value}") if value else []:
                if (found := _moved(node, decl, named)) is not None:
                    return [found]
    return []


def svg_notes(svg: LexborNode) -> list[Note]:
    """SVG ``<text>`` elements whose placed parts could hold a figure (:func:`_placed`),
    or that on one line, side by side, read as a figure; text turned, mirrored or
    reordered by presentation attributes (:func:`_svg_drawn_notes`)."""
    drawn = _svg_drawn_notes(svg)
    if drawn:
        return drawn
    for text in svg.css("text"):
        if _placed(text) and could_hold_figure(_text(text)):
            return [_note("SVG text placed by position", _text(text))]
    lines: dict[float, list[tuple[float, str]]] = {}
    for text in svg.css("text"):
        lines.setdefault(_position(text, "y"), []).append((_position(text, "x"), _text(text)))
    for items in lines.values():
        items.sort()
        for (_, left), (_, right) in pairwise(items):
            for joint in ("", " "):
                joined = left + joint + right
                cut = len(left)
                if any(s.start < cut and s.end > cut + len(joint) for s in detect(joined)):
                    return [_note(f"SVG texts '{left}' and '{right}' side by side", joined)]
    return []
