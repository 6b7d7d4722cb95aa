"""Text a browser may draw only part of: boxes that clip it, things drawn over it.

A box that hides what overflows it (``overflow``, ``overflow-x`` or ``overflow-inline``
``hidden``, ``clip``, ``scroll`` or ``auto``: a phone shows no scroll bar; or
``-webkit-line-clamp``) at a fixed width (``width``, ``max-width``, ``inline-size`` or
``max-inline-size`` a length, not a percentage), with no ellipsis to show the cut
(``text-overflow: clip``, the initial value), draws its text up to its edge: "95 sheep"
in a box ``4ch`` wide draws "95 s" (blind30). So may:

* a mask or a clip path (``mask``, ``clip-path``, ``clip``; SVG's ``mask`` and
  ``clip-path`` attributes), which may show any part of the box; a ``::first-line``
  rule, which draws the first line otherwise than the rest (blind36: "95 s" black on a
  narrow first line, "heep" white on the next);
* a form control (an ``<input>``'s value, a ``<textarea>``'s text, a ``<select>``'s
  option), a frame (an ``<iframe srcdoc>``'s text, where it is given a width or holds
  more than :data:`_FITS_FRAME` characters) and an SVG ``<foreignObject>``, each drawn
  in a box of its own size;
* an SVG text at its drawing's edge (:func:`_may_overflow`), or under a shape the
  drawing paints after it (a ``<rect fill="#fff">`` over "heep" of "95 sheep");
* an element drawn over the text around it (:func:`_covers`): a box that paints
  (a background, a border, an outline, a shadow; an image, a drawing) and is drawn
  away from where it stands (positioned, pulled by a negative margin, moved), or
  paints beyond its box (an outline, a shadow, a border image's outset). Its block's text may be covered after
  any letter (blind31: an overlay in the page's own colour over "heep").

The gate does not lay a box out, so it reads where a cut may fall: after each letter
within :data:`_LONGEST` characters of a number, the box's text read after the text
before it in its line (``95 <input value="sheep">`` draws "95 s": blind31). Where a
cut ends a figure that the whole text does not read, the box may draw a bare figure:
FX501, told as such. A figure the whole text reads is judged as it is (a claim is a
link, never cut here). Decisions:

* The declarations may come from any rule or the ``style`` attribute, each read alone
  (no cascade): a box is clipping where one says it clips, one gives it a fixed width,
  and none draws an ellipsis. The theme's own files are not read (trusted, as for
  hiding), and a theme chart's drawing is checked against its figures elsewhere.
* The text before a box is read up to :data:`_CONTEXT` characters back within its line
  (an SVG text's, placed by its coordinates, is read alone).
* A cut falls within a word (:func:`_within_word`): one at a space draws what the whole
  text reads up to there.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator, Sequence

from selectolax.lexbor import LexborHTMLParser, LexborNode
from tinycss2 import ast  # type: ignore[import-untyped]

from fxsite.pages.figures import find_bare_figures
from fxsite.verify.css import Declaration, read_style
from fxsite.verify.css_values import moving
from fxsite.verify.layout import IN_LINE, INLINE, in_chart, select_options
from fxsite.verify.notes import Note
from fxsite.verify.order import matches
from fxsite.verify.shown import too_deep

__all__ = [
    "MOST_READINGS",
    "Budget",
    "TooManyCuts",
    "clipped_notes",
    "clipping_part",
    "cut_figures",
]

_OVERFLOW = frozenset({"overflow", "overflow-x", "overflow-inline"})
_CLIPS = frozenset({"hidden", "clip", "scroll", "auto"})
_WIDTHS = frozenset({"width", "max-width", "inline-size", "max-inline-size"})
_MASKS = frozenset(
    {"mask", "mask-image", "-webkit-mask", "-webkit-mask-image", "clip-path", "clip"}
)
#: Form controls of one line of text, by ``type`` ("" where none is given).
_TEXT_INPUTS = frozenset({"", "text", "search", "tel", "url", "email", "number", "password"})
#: The most characters after a number a cut is tried within.
_LONGEST = 12
#: The most characters of the text before a box read with it.
_CONTEXT = 24
#: The rest of a word a cut falls in (quoted in the finding).
_WORD = re.compile(r"\w*")

#: The most characters a frame of the default size (300 by 150 pixels) draws whole on a
#: line; a frame given no width cuts only a longer text.
_FITS_FRAME = 30

_FIXED = "its overflow hidden at a fixed width"
_MASKED = "a mask or a clip path"
_CONTROL = "a form control, a frame or an SVG foreignObject"
_EDGE = "an SVG drawing's edge"
_SHAPE = "a shape the SVG drawing paints over its text"
_COVER = "an element drawn over the text"
_FIRST = "a ::first-line rule drawing its first line otherwise than the rest"


#: A rule for an element's first line, which it draws otherwise than the rest.
_FIRST_LINE = re.compile(r":first-line\b", re.IGNORECASE)


def clipping_part(decl: Declaration) -> str | None:
    """What ``decl`` says of a clipping box: "clips" (its overflow is hidden, its lines
    clamped), "fixed" (its width is a length), "ellipsis" (its cut is shown), "masks"
    (a mask or a clip path: a box by itself), "first-line" (a rule of its first line:
    the line may end anywhere, and the rest be drawn unseen: blind36), or None."""
    if _FIRST_LINE.search(decl.selector):
        return "first-line"
    tokens = [t for t in decl.value if not isinstance(t, (ast.WhitespaceToken, ast.Comment))]
    if not tokens:
        return None
    first = tokens[0]
    words = {t.lower_value for t in tokens if isinstance(t, ast.IdentToken)}
    if decl.name in _OVERFLOW:
        return "clips" if words & _CLIPS else None
    if decl.name == "-webkit-line-clamp":
        return None if words & {"none"} else "clips"
    if decl.name in _WIDTHS:
        return "fixed" if isinstance(first, ast.DimensionToken) else None
    if decl.name == "text-overflow":
        plain = isinstance(first, ast.IdentToken) and first.lower_value == "clip"
        return None if plain else "ellipsis"
    if decl.name in _MASKS:
        return None if words & {"none", "auto"} else "masks"
    return None


class Budget:
    """How many more cuts a page's text may be read at (:data:`MOST_READINGS`): each is a
    reading of up to fifty characters, and a hostile page may hold a million boxes."""

    def __init__(self, left: int) -> None:
        self.left = left
        self._read: dict[str, list[tuple[int, int]]] = {}

    def figures(self, text: str) -> list[tuple[int, int]]:
        """The bare figures of ``text`` (start, end), each text read once."""
        found = self._read.get(text)
        if found is None:
            self.left -= 1
            if self.left < 0:
                raise TooManyCuts
            found = self._read[text] = [(s.start, s.end) for s in find_bare_figures(text)]
        return found


class TooManyCuts(Exception):
    """A page's clipped text holds more cuts than :data:`MOST_READINGS`."""


#: The most cuts of one page's text read; past it the page cannot be read.
MOST_READINGS = 30_000


def cut_figures(
    text: str, before: str = "", budget: Budget | None = None
) -> Iterator[tuple[str, str]]:
    """Each figure a cut of ``text`` (drawn after ``before``, the text before it in its
    line) may draw, with the words cut: ``("95 s", "95 sheep")``; none inside a figure
    the whole text reads (it is judged as written). ``budget``: the page's
    (:class:`Budget`; it raises :class:`TooManyCuts` when spent)."""
    budget = budget if budget is not None else Budget(MOST_READINGS)
    lead = before[-_CONTEXT:]
    whole = lead + text
    read = budget.figures(whole)
    digits = [at for at, char in enumerate(whole) if char.isdigit()]
    told: set[int] = set()
    for cut in range(len(lead) + 1, len(whole)):
        last = bisect_left(digits, cut) - 1
        if last < 0 or cut - digits[last] > _LONGEST or not _within_word(whole, cut):
            continue
        if any(start < cut < end for start, end in read):
            continue
        window = max(0, cut - _CONTEXT - _LONGEST)
        for start, end in budget.figures(whole[window:cut]):
            start += window
            if window + end != cut or (start, cut) in read or start in told:
                continue
            told.add(start)
            word = _WORD.match(whole, cut)
            yield whole[start:cut], whole[start : word.end() if word else cut]
            break


def _within_word(text: str, cut: int) -> bool:
    """A cut between two characters of one word, not within a number's digits: one at a
    space draws what the whole text reads up to there, and one within digits a number
    (a figure it would end, "$95" of "$950", the whole text reads)."""
    before, after = text[cut - 1], text[cut]
    return not (before.isspace() or after.isspace() or (before.isdigit() and after.isdigit()))


def _declared(root: LexborNode, rules: Sequence[Declaration]) -> Iterator[tuple[LexborNode, str]]:
    """The elements whose declarations (rules and ``style``) clip or mask their text."""
    said: dict[int, set[str]] = {}
    nodes: dict[int, LexborNode] = {}
    styled = (
        (n, d) for n in root.css("[style]") for d in read_style(n.attributes.get("style") or "")
    )
    ruled = ((n, d) for d in rules if clipping_part(d) for n in matches(root, d.selector))
    for node, decl in (*ruled, *styled):
        part = clipping_part(decl)
        if part is not None:
            said.setdefault(node.mem_id, set()).add(part)
            nodes[node.mem_id] = node
    for mem_id, parts in said.items():
        if "masks" in parts:
            yield nodes[mem_id], _MASKED
        elif "first-line" in parts:
            yield nodes[mem_id], _FIRST
        elif parts >= {"clips", "fixed"} and "ellipsis" not in parts:
            yield nodes[mem_id], _FIXED


def _controls(root: LexborNode) -> Iterator[tuple[LexborNode, str, str]]:
    """Form controls, frames and foreign objects, each with the text it draws."""
    for node in root.css("input, textarea, select, iframe[srcdoc], foreignObject"):
        tag = node.tag
        if tag == "input":
            kind = (node.attributes.get("type") or "").strip().lower()
            if kind in _TEXT_INPUTS:
                drawn = node.attributes.get("value") or node.attributes.get("placeholder") or ""
                yield node, drawn, _CONTROL
        elif tag == "select":
            shown, _ = select_options(node, node.attributes)
            options = [o for o in node.css("option") if o.mem_id in shown]
            yield node, options[0].text(deep=True) if options else "", _CONTROL
        elif tag == "iframe":
            srcdoc = node.attributes.get("srcdoc") or ""
            if too_deep(srcdoc):  # unreadable, and told so by the page reader
                continue
            inner = LexborHTMLParser(srcdoc).body
            text = inner.text(deep=True) or "" if inner is not None else ""
            sized = "width" in node.attributes or "width" in (node.attributes.get("style") or "")
            if sized or len(text.strip()) > _FITS_FRAME:
                yield node, text, _CONTROL
        else:
            yield node, node.text(deep=True) or "", _CONTROL


#: SVG shapes that paint over what the drawing drew before them.
_SHAPES = "rect, circle, ellipse, path, polygon, polyline, line, image, use, foreignObject"


def _svg_texts(root: LexborNode) -> Iterator[tuple[LexborNode, str]]:
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
                yield text, _MASKED
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
        if current is svg or current.mem_id == svg.mem_id:
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


def _covers(root: LexborNode, rules: Sequence[Declaration]) -> Iterator[tuple[LexborNode, str]]:
    """The blocks holding an element that may be drawn over their text (see the module)."""
    paints: set[int] = set()
    away: set[int] = set()
    nodes: dict[int, LexborNode] = {}
    styled = (
        (n, d) for n in root.css("[style]") for d in read_style(n.attributes.get("style") or "")
    )
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


def _before(node: LexborNode) -> str:
    """Up to :data:`_CONTEXT` characters of the text before ``node`` in its line."""
    parts: list[str] = []
    size = 0
    current: LexborNode | None = node
    while current is not None and size < _CONTEXT:
        sibling = current.prev
        while sibling is not None and size < _CONTEXT:
            text = sibling.text(deep=True) or "" if sibling.tag != "-comment" else ""
            parts.append(text[-_CONTEXT:])
            size += len(parts[-1])
            sibling = sibling.prev
        current = current.parent
        if current is None or (current.tag not in INLINE and current.tag not in IN_LINE):
            break
    return "".join(reversed(parts))[-_CONTEXT:]


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


def clipped_notes(root: LexborNode, rules: Sequence[Declaration]) -> tuple[list[Note], str | None]:
    """FX501 for each figure text of the page under ``root`` may be drawn cut to
    (``rules``: the page's styling rules, :func:`~.sheets.page_rules`); why the page
    cannot be read so (more cuts than :data:`MOST_READINGS`), or None."""
    budget = Budget(MOST_READINGS)
    boxes: list[tuple[LexborNode, str, str]] = [
        *((n, n.text(deep=True) or "", why) for n, why in _declared(root, rules)),
        *_controls(root),
    ]
    notes: list[Note] = []
    seen: set[int] = set()  # a box a rule clips and a control too: read once
    try:
        for node, drawn, why in boxes:
            if node.mem_id in seen:
                continue
            seen.add(node.mem_id)
            before = _before(node)
            if any(c.isdigit() for c in before[-_LONGEST:] + drawn):
                notes += _notes(cut_figures(drawn, before, budget), why)
        for node, why in _svg_texts(root):  # placed where its drawing says, not after text
            drawn = node.text(deep=True) or ""
            if any(c.isdigit() for c in drawn):
                notes += _notes(cut_figures(drawn, "", budget), why)
        for block, why in _covers(root, rules):
            notes += _notes(cut_figures(block.text(deep=True) or "", "", budget), why)
    except TooManyCuts:
        return notes, f"its text drawn in part may be cut in more than {MOST_READINGS:,} places"
    return notes, None


def _notes(cuts: Iterator[tuple[str, str]], why: str) -> list[Note]:
    return [
        Note(
            "FX501",
            f"bare figure '{shown}': text may be drawn cut to it of '{whole}' ({why}); "
            "let the whole text show, or cite a record",
            whole,
        )
        for shown, whole in cuts
    ]
