"""Boxes that clip their text: what a browser may draw of it.

A box that hides what overflows it (``overflow``, ``overflow-x`` or ``overflow-inline``
``hidden``, ``clip``, ``scroll`` or ``auto``: a phone shows no scroll bar) at a fixed
width (``width``, ``max-width``, ``inline-size`` or ``max-inline-size`` a length, not a
percentage), with no ellipsis to show the cut (``text-overflow: clip``, the initial
value), draws its text up to its edge: "95 sheep" in a box ``4ch`` wide draws "95 s"
(blind30). So does a form control's box (an ``<input>``'s value, a ``<textarea>``'s
text), and an SVG drawing at its edge, where its text may not fit (:func:`_may_overflow`).

The gate does not lay a box out, so it reads where a cut may fall: after each number of
such a box's text that is no figure, within the word after it. Where a cut reads as a
figure ("95 s" of "95 sheep", "2.1×" of "2.1×10"), the box may draw a bare figure:
FX501, told as such. A number the whole text reads as a figure is judged as it is
(a claim is a link, never cut here). Decisions:

* The declarations may come from any rule or the ``style`` attribute, each read alone
  (no cascade): a box is clipping where one says it clips, one gives it a fixed width,
  and none draws an ellipsis. The theme's own files are not read (trusted, as for
  hiding).
* A cut is tried within the run of characters after the number and one space at most,
  up to :data:`_LONGEST` of them: a unit is short.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from selectolax.lexbor import LexborNode
from tinycss2 import ast  # type: ignore[import-untyped]

from fxsite.pages.figures import find_bare_figures
from fxsite.verify.css import Declaration, read_style
from fxsite.verify.notes import Note
from fxsite.verify.order import matches

__all__ = ["clipped_notes", "clipping_part", "cut_figures"]

_OVERFLOW = frozenset({"overflow", "overflow-x", "overflow-inline"})
_CLIPS = frozenset({"hidden", "clip", "scroll", "auto"})
_WIDTHS = frozenset({"width", "max-width", "inline-size", "max-inline-size"})
#: Form controls of one line of text, by ``type`` ("" where none is given).
_TEXT_INPUTS = frozenset({"", "text", "search", "tel", "url", "email", "number", "password"})
#: The most characters after a number a cut is tried within.
_LONGEST = 12
_NUMBER = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)*")
_AFTER = re.compile(r" ?(\S{2,})")


def clipping_part(decl: Declaration) -> str | None:
    """What ``decl`` says of a clipping box: "clips" (its overflow is hidden), "fixed"
    (its width is a length), "ellipsis" (its cut is shown), or None."""
    tokens = [t for t in decl.value if not isinstance(t, (ast.WhitespaceToken, ast.Comment))]
    if not tokens:
        return None
    first = tokens[0]
    if decl.name in _OVERFLOW:
        return (
            "clips" if isinstance(first, ast.IdentToken) and first.lower_value in _CLIPS else None
        )
    if decl.name in _WIDTHS:
        return "fixed" if isinstance(first, ast.DimensionToken) else None
    if decl.name == "text-overflow":
        plain = isinstance(first, ast.IdentToken) and first.lower_value == "clip"
        return None if plain else "ellipsis"
    return None


def cut_figures(text: str) -> Iterator[tuple[str, str]]:
    """Each figure a cut of ``text`` within the word after a number may draw, with the
    words cut: ``("95 s", "95 sheep")``; none for a number the whole text reads as a
    figure (it is judged as written)."""
    read = [(s.start, s.end) for s in find_bare_figures(text)]
    for number in _NUMBER.finditer(text):
        if any(start < number.end() and number.start() < end for start, end in read):
            continue
        word = _AFTER.match(text, number.end())
        if word is None:
            continue
        whole = text[number.start() : word.end()]
        for cut in range(word.start(1) + 1, min(word.end(), number.end() + _LONGEST)):
            shown = text[number.start() : cut]
            if any(s.start == 0 and s.end == len(shown) for s in find_bare_figures(shown)):
                yield shown, whole
                break


def _boxes(root: LexborNode, rules: Sequence[Declaration]) -> Iterator[tuple[LexborNode, str]]:
    """The elements that may draw their text cut, each with the text it draws."""
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
        if parts >= {"clips", "fixed"} and "ellipsis" not in parts:
            yield nodes[mem_id], nodes[mem_id].text(deep=True) or ""
    for node in root.css("input, textarea, svg text"):
        if node.tag == "input":
            kind = (node.attributes.get("type") or "").strip().lower()
            if kind in _TEXT_INPUTS:
                yield node, node.attributes.get("value") or ""
        elif node.tag == "textarea":
            yield node, node.text(deep=True) or ""
        elif _may_overflow(node, text := node.text(deep=True) or ""):
            yield node, text


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


def clipped_notes(root: LexborNode, rules: Sequence[Declaration]) -> list[Note]:
    """FX501 for each figure a clipping box of the page under ``root`` may draw of its
    text (``rules``: the page's styling rules, :func:`~.sheets.page_rules`)."""
    notes = []
    for _, text in _boxes(root, rules):
        if not any(c.isdigit() for c in text):
            continue
        for shown, whole in cut_figures(text):
            notes.append(
                Note(
                    "FX501",
                    f"bare figure '{shown}': a box that clips its text may draw only it of "
                    f"'{whole}' (its overflow hidden at a fixed width, a form control, an "
                    "SVG drawing's edge); let the box show its whole text, or cite a record",
                    whole,
                )
            )
    return notes
