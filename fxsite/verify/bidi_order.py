"""Text in the order a browser draws it where a right-to-left script stands in it.

The Unicode Bidirectional Algorithm (UAX #9) draws a run of Arabic or Hebrew right to
left, and the numbers and signs between its words with it: "السرعة × 1.9 أسرع" in an
English paragraph is drawn "أسرع 1.9 × السرعة" (its letters right to left), so that
"1.9 ×", which the text never writes, stands in the line (blind21). A block whose text
holds a right-to-left character and a digit is read in its drawn order too
(:func:`drawn_order`), as a second reading (:attr:`~.shown.Block.variant`): a figure
only that reading finds is refused as the text's are. The order is python-bidi's (the
Rust ``unicode-bidi`` crate), the paragraph left to right, as fxsite's pages are; an
explicit direction (``dir``, ``<bdo>``, the bidi controls) is refused on its own
(:mod:`.order`).

A claim is drawn in the line as any text is, and read as a claim where it is drawn (what
stands beside it there is read with it: a unit, a sign, a bound). Which drawn characters
are a claim's is found without a mapping from the library: the text is drawn again with
the claim's characters swapped for others of the same bidirectional class, which are
drawn in the same places (the algorithm reads only classes), and the places where the
two drawings differ are the claim's.

A figure only the drawn reading finds is quoted as drawn ("߄߉ s" for the NKo digits
written "߉߄ s"); a locator finds where it is written by drawing it again
(:func:`written_order`: a run drawn right to left is drawn back as written).
"""

from __future__ import annotations

import re
import unicodedata

from fxsite.verify.shown import Block

__all__ = ["drawn_order", "drawn_readings", "written_order"]

#: A character of a right-to-left script (Hebrew, Arabic, Syriac, Thaana, NKo…, their
#: presentation forms), or a right-to-left mark, anywhere in a text.
_RIGHT_TO_LEFT = re.compile(
    "[\u0590-\u08ff\u200f\u061c\ufb1d-\ufdff\ufe70-\ufefc"
    "\U00010800-\U00010fff\U0001e800-\U0001efff]"
)
_DIGIT = re.compile(r"\d")
#: Two characters of each bidirectional class: a claim's character is drawn again as
#: one of its class that is not itself. Classes not here (the explicit controls) are
#: kept, and their places not told apart: they draw nothing.
_SAME_CLASS = {
    "L": "ab",
    "R": "\u05d0\u05d1",
    "AL": "\u0627\u0628",
    "EN": "01",
    "AN": "\u0660\u0661",
    "ES": "+-",
    "ET": "#$",
    "CS": ",.",
    "NSM": "\u0300\u0301",
    "WS": " \u2000",
    "ON": "!~",
    "S": "\t\x1f",
}


def _swapped(char: str) -> str:
    pair = _SAME_CLASS.get(unicodedata.bidirectional(char))
    if pair is None:
        return char
    return pair[0] if char != pair[0] else pair[1]


def drawn_order(
    text: str, claims: list[tuple[int, int, int]]
) -> tuple[str, list[tuple[int, int, int]]] | None:
    """``text`` in the order a left-to-right paragraph draws it, without the format
    characters that draw nothing, and where each claim (``claims``: its spans, as
    :attr:`~.shown.Block.claims`) is drawn there; None where that is the text as written
    (no right-to-left character, no digit, or nothing moved)."""
    if text.isascii() or _RIGHT_TO_LEFT.search(text) is None or _DIGIT.search(text) is None:
        return None  # most text: ASCII, told at C speed
    from bidi import get_display  # type: ignore[import-untyped]  # only right-to-left pages

    drawn = str(get_display(text, base_dir="L"))
    if drawn == text:
        return None
    owner: list[int | None] = [None] * len(drawn)
    for start, end, index in claims:  # each claim's characters, found one claim at a time
        marked = list(text)
        marked[start:end] = map(_swapped, text[start:end])
        again = str(get_display("".join(marked), base_dir="L"))
        if len(again) != len(drawn):  # not drawn one for one: not read in another order
            return None
        for at, (a, b) in enumerate(zip(drawn, again, strict=True)):
            owner[at] = index if a != b else owner[at]
    # As drawn: without the format characters that draw nothing (a joiner, a mark), told
    # where the text is read as written (FX502).
    kept = [(c, o) for c, o in zip(drawn, owner, strict=True) if unicodedata.category(c) != "Cf"]
    spans: list[tuple[int, int, int]] = []
    for at, (_, of) in enumerate(kept):
        if of is None:
            continue
        if spans and spans[-1][1] == at and spans[-1][2] == of:
            spans[-1] = (spans[-1][0], at + 1, of)
        else:
            spans.append((at, at + 1, of))
    return "".join(c for c, _ in kept), spans


def drawn_readings(blocks: list[Block]) -> list[Block]:
    """A second reading (:attr:`~.shown.Block.variant`) of each of ``blocks`` that a
    right-to-left script draws in another order (:func:`drawn_order`), its claims where
    they are drawn: a sign drawn beside one is read there ("× [94](…)" among Hebrew words
    is drawn "94 ×": blind25)."""
    out: list[Block] = []
    for block in blocks:
        drawn = drawn_order(block.text, block.claims)
        if drawn is not None:
            text, claims = drawn
            reading = Block(text, block.channel, claims, block.role, block.unit, block.said)
            reading.variant = len(blocks) + len(out)
            out.append(reading)
    return out


def written_order(drawn: str) -> str | None:
    """A text quoted as :func:`drawn_order` draws it, in the order it is written, where it
    holds a right-to-left character (else None): drawn again, as its runs drawn right to
    left come back reversed ("߄߉ s" is written "߉߄ s": blind74). For a locator, which
    looks for it in the page's source."""
    if drawn.isascii() or _RIGHT_TO_LEFT.search(drawn) is None:
        return None
    from bidi import get_display

    written = str(get_display(drawn, base_dir="L"))
    return written if written != drawn else None
