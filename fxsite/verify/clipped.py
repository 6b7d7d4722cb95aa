"""Text a browser may draw only part of: boxes that clip it, things drawn over it.

A box that hides what overflows it (``overflow``, ``overflow-x`` or ``overflow-inline``
``hidden``, ``clip``, ``scroll`` or ``auto``: a phone shows no scroll bar; paint containment,
``contain: paint`` or ``content-visibility: auto``; or ``-webkit-line-clamp``) at a fixed
width (``width``, ``max-width``, ``inline-size``, ``max-inline-size`` or ``flex-basis`` a
length, not a percentage; grid tracks that are all lengths), with no ellipsis to show the cut
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
* an SVG text at its drawing's edge or under a shape the drawing paints after it, and
  the text of a block holding an element drawn over it (blind31: an overlay in the
  page's own colour over "heep"): :mod:`.overdrawn` finds them.

The gate does not lay a box out, so it reads where a cut may fall: after each letter
within :data:`_LONGEST` characters of a number, the box's text read after the text
before it in its line (``95 <input value="sheep">`` draws "95 s": blind31). Where a
cut ends a figure that the whole text does not read, the box may draw a bare figure:
FX501, told as such. A figure the whole text reads is judged as it is (a claim is a
link, never cut here). Decisions:

* The declarations may come from any rule or the ``style`` attribute, each read alone
  (no cascade): a box is clipping where one says it clips, one gives it a fixed width,
  and none draws an ellipsis. The theme's own files are not read (trusted, as for
  hiding).
* The text before a box is read up to :data:`_CONTEXT` characters back within its line
  (an SVG text's, placed by its coordinates, is read alone; so is a covered block's).
* A page is read at no more than :data:`MOST_READINGS` cuts, each distinct text once
  (:class:`Budget`); past them it cannot be read (``FX614``), never a wait of minutes.
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
from fxsite.verify.css import Declaration
from fxsite.verify.layout import IN_LINE, INLINE, select_options
from fxsite.verify.notes import Note
from fxsite.verify.order import Styled, matches
from fxsite.verify.overdrawn import MASKED, covers, svg_texts
from fxsite.verify.shown import too_deep

__all__ = ["MOST_READINGS", "clipped_notes", "clipping_part", "cut_figures"]

_OVERFLOW = frozenset({"overflow", "overflow-x", "overflow-inline"})
_CLIPS = frozenset({"hidden", "clip", "scroll", "auto"})
_WIDTHS = frozenset({"width", "max-width", "inline-size", "max-inline-size", "flex-basis"})
#: Containment that clips what overflows the box, by property: ``contain: paint`` (and
#: ``strict``, ``content``, which hold it), ``content-visibility: auto`` (``hidden`` hides
#: all its text: :mod:`.css_values`).
_CONTAINS = {
    "contain": frozenset({"paint", "strict", "content"}),
    "content-visibility": frozenset({"auto"}),
}
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

_FIXED = "what overflows it hidden (overflow, paint containment) at a fixed width"
_CONTROL = "a form control, a frame or an SVG foreignObject"
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
    if decl.name in _CONTAINS:  # paint containment clips as overflow does (blind71)
        return "clips" if words & _CONTAINS[decl.name] else None
    if decl.name == "-webkit-line-clamp":
        return None if words & {"none"} else "clips"
    if decl.name in _WIDTHS:
        return "fixed" if isinstance(first, ast.DimensionToken) else None
    if decl.name == "grid-template-columns":  # a box as wide as its tracks, each a length
        lengths = (isinstance(t, ast.DimensionToken) and t.lower_unit != "fr" for t in tokens)
        return "fixed" if all(lengths) else None
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


def _declared(
    root: LexborNode, rules: Sequence[Declaration], styled: Styled
) -> Iterator[tuple[LexborNode, str]]:
    """The elements whose declarations (rules and ``style``) clip or mask their text."""
    said: dict[int, set[str]] = {}
    nodes: dict[int, LexborNode] = {}
    ruled = ((n, d) for d in rules if clipping_part(d) for n in matches(root, d.selector))
    for node, decl in (*ruled, *styled):
        part = clipping_part(decl)
        if part is not None:
            said.setdefault(node.mem_id, set()).add(part)
            nodes[node.mem_id] = node
    for mem_id, parts in said.items():
        if "masks" in parts:
            yield nodes[mem_id], MASKED
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


def clipped_notes(
    root: LexborNode, rules: Sequence[Declaration], styled: Styled
) -> tuple[list[Note], str | None]:
    """FX501 for each figure text of the page under ``root`` may be drawn cut to
    (``rules``: the page's styling rules, :func:`~.sheets.page_rules`); why the page
    cannot be read so (more cuts than :data:`MOST_READINGS`), or None."""
    budget = Budget(MOST_READINGS)
    boxes: list[tuple[LexborNode, str, str]] = [
        *((n, n.text(deep=True) or "", why) for n, why in _declared(root, rules, styled)),
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
        for node, why in svg_texts(root):  # placed where its drawing says, not after text
            drawn = node.text(deep=True) or ""
            if any(c.isdigit() for c in drawn):
                notes += _notes(cut_figures(drawn, "", budget), why)
        for block, why in covers(root, rules, styled):
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
