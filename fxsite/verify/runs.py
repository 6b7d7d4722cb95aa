"""A run of text as the page reader builds it: the text of one block, with its claims'
spans, the text of elements that may not be drawn, and its inline code (:class:`Run`)."""

from __future__ import annotations

import re
from bisect import bisect_left
from itertools import pairwise

from selectolax.lexbor import LexborNode

from fxsite.verify.bidi_order import drawn_readings
from fxsite.verify.chrome import normalise
from fxsite.verify.shown import Block, PageText

__all__ = ["Run", "collapsed_offsets", "flush", "math_fraction", "math_power", "power_of_ten"]


#: A superscript exponent as superscript characters: "6" as "⁶", "-3" as "⁻³".
_SUPERSCRIPT = str.maketrans("0123456789+-−", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻")
_EXPONENT = re.compile(r"[+\-−]?[0-9]{1,3}")


def power_of_ten(node: LexborNode, builder: Run) -> str | None:
    """A ``<sup>``'s exponent right after "10", written in superscript characters."""
    if not builder.parts or not builder.parts[-1].endswith("10"):
        return None
    text = node.text(deep=True) or ""
    return text.translate(_SUPERSCRIPT) if _EXPONENT.fullmatch(text) else None


def math_power(node: LexborNode) -> str | None:
    """A MathML ``<msup>`` with a whole exponent, as its base and the exponent in
    superscript characters, as drawn: ``<msup><mn>10</mn><mn>6</mn></msup>`` is "10⁶"
    (not "106"), ``<msup><mi>x</mi><mn>2</mn></msup>`` "x²" (not "x2", a multiplier)."""
    parts = [child for child in node.iter() if not (child.tag or "-").startswith("-")]
    if len(parts) != 2:
        return None
    exponent = (parts[1].text(deep=True) or "").strip()
    if not _EXPONENT.fullmatch(exponent):
        return None
    return (parts[0].text(deep=True) or "").strip() + exponent.translate(_SUPERSCRIPT)


def math_fraction(node: LexborNode) -> str | None:
    """A MathML ``<mfrac>`` of two whole numbers as drawn, with a fraction slash:
    ``<mfrac><mn>1</mn><mn>2</mn></mfrac>`` is "1⁄2" (not "12": blind74)."""
    parts = [child for child in node.iter() if not (child.tag or "-").startswith("-")]
    terms = [(part.text(deep=True) or "").strip() for part in parts]
    if len(terms) != 2 or not all(t.isdigit() and t.isascii() and len(t) <= 6 for t in terms):
        return None
    return "\u2044".join(terms)


class Run:
    """Accumulates the text of one block, with claim spans."""

    __slots__ = (
        "channel",
        "claims",
        "code",
        "hidden",
        "length",
        "marked",
        "notes",
        "opened",
        "parts",
        "role",
        "said",
        "unit",
    )

    def __init__(self, channel: str, role: str = "") -> None:
        self.parts: list[str] = []
        self.length = 0
        self.claims: list[tuple[int, int, int]] = []
        self.channel = channel
        self.role = role
        self.unit = self.said = ""
        #: (start, end) of the text of elements that may not be drawn (:func:`.styled.undrawn`),
        #: and the starts of those still open
        self.hidden: list[tuple[int, int, bool]] = []
        self.opened: list[int] = []
        #: (start, end) of the text of elements drawn with their ends marked: struck
        #: through, highlighted, underlined (:data:`.layout.STRUCK`, :data:`.layout.MARKED`)
        self.marked: list[tuple[int, int]] = []
        #: (start, end) of the text of marks that stand apart (:func:`.drawn_elements.
        #: stands_apart`: a footnote's, a note's): read alone, no number a header's unit governs
        self.notes: list[tuple[int, int]] = []
        #: (offset of the space that stands for it, text, drawn in a box) of each inline
        #: code or box drawn in the line
        self.code: list[tuple[int, str, bool]] = []

    def add(self, text: str) -> None:
        self.parts.append(text)
        self.length += len(text)

    def add_code(self, text: str, *, boxed: bool = False) -> None:
        """Inline code, or the text a box draws in the line (``boxed``: an image's alt, an
        input's value: :func:`.layout.drawn_value`): a space in the run, its text kept for
        :meth:`_with_code`."""
        self.code.append((self.length, text, boxed))
        self.add(" ")

    def blocks(self) -> list[Block]:
        """The run as drawn with everything shown and, when some of its text may not be
        drawn, as drawn without that text too (``9<span hidden>x</span>4 s`` shows 94 s),
        and, where one such element holds another, each block as drawn with the outer
        shown and the innermost not (``p:hover`` may hide a ``<p>``: its hidden ``x`` is
        read away while it is shown).

        Where a word runs across the end of marked text (struck through, highlighted),
        the pieces are read apart too (:meth:`_marked_apart`).

        Shown, a hidden block element stands apart from the run (its own block);
        a hidden inline element stays in it. Each further reading is marked
        :attr:`Block.variant` with the number of blocks before it.
        """
        raw = "".join(self.parts)
        apart = [self._block(*self._slice(raw, a, b)) for a, b in self._marked_apart(raw)]
        if not self.hidden:
            whole = self._block(raw, self.claims)
            return self._with_code(raw, _variants([whole] if whole is not None else [], apart))
        cuts = sorted({0, len(raw), *(p for a, b, split in self.hidden if split for p in (a, b))})
        notes = set(self.notes)
        found = [
            self._block(*self._slice(raw, a, b), unit=(a, b) not in notes)
            for a, b in pairwise(cuts)
        ]
        blocks = [b for b in found if b is not None]
        readings = [self._block(*_removed(raw, self.hidden, self.claims))]
        readings += apart
        leaves = _innermost(self.hidden)
        if len(leaves) < len(self.hidden):  # one holds another: it shown, the other not
            starts = [s for s, _, _ in leaves]
            for a, b in pairwise(cuts):
                text, claims = self._slice(raw, a, b)
                held = leaves[bisect_left(starts, a) : bisect_left(starts, b)]
                inside = [(s - a, e - a, split) for s, e, split in held if e <= b]
                readings.append(self._block(*_removed(text, inside, claims)) if inside else None)
        return self._with_code(raw, _variants(blocks, readings))

    def _marked_apart(self, raw: str) -> list[tuple[int, int]]:
        """The run's pieces between the ends of marked text (struck through, highlighted,
        underlined) holding a digit, where a word runs across an end (a letter, then a
        letter or a digit). A reader sees where the mark starts and ends: "101 s" struck,
        then "went" (CriticMarkup's ``{~~101 s~>went~~}``), is not "101 swent", nor "103 s"
        highlighted then "104 s" one word (blind60). Digits are read on across it
        (``9<del>4 s</del>`` is 94 s), as is a unit after a number (``<del>94</del>s``)."""
        cuts = sorted(
            {
                p
                for a, b in self.marked
                if any(c.isdigit() for c in raw[a:b])  # "9<ins>x</ins>4 s" is read as drawn
                for p in (a, b)
                if 0 < p < len(raw) and raw[p - 1].isalpha() and raw[p].isalnum()
            }
        )
        return list(pairwise([0, *cuts, len(raw)])) if cuts else []

    def _with_code(self, raw: str, blocks: list[Block]) -> list[Block]:
        """``blocks``, the first of them given the run as read with its inline code's text."""
        if not self.code or not blocks:
            return blocks
        parts: list[str] = []
        spans: list[
            tuple[int, int, int]
        ] = []  # each code's text, as a claim of index -1 (-2: boxed)
        moved = [0]  # how far text after the first k codes moves
        at = 0
        for offset, text, boxed in self.code:
            parts += [raw[at:offset], text]
            spans.append((offset + moved[-1], offset + moved[-1] + len(text), -2 if boxed else -1))
            moved.append(moved[-1] + len(text) - 1)
            at = offset + 1
        parts.append(raw[at:])
        offsets = [offset for offset, _, _ in self.code]
        claims = [
            (s + moved[bisect_left(offsets, s)], e + moved[bisect_left(offsets, e)], i)
            for s, e, i in self.claims
        ]
        read = self._block("".join(parts), claims + spans)
        if read is not None:
            read.code = tuple((s, e) for s, e, i in read.claims if i < 0 and s < e)
            read.boxed = tuple((s, e) for s, e, i in read.claims if i == -2 and s < e)
            read.claims = [c for c in read.claims if c[2] >= 0]
            blocks[0].with_code = read
        return blocks

    def _slice(self, raw: str, a: int, b: int) -> tuple[str, list[tuple[int, int, int]]]:
        claims = [(s - a, e - a, i) for s, e, i in self.claims if a <= s and e <= b]
        return raw[a:b], claims

    def _block(
        self, raw: str, claims: list[tuple[int, int, int]], *, unit: bool = True
    ) -> Block | None:
        """A block of ``raw``; ``unit``: under the unit the run is governed by (a header's),
        else not (a note's mark read alone)."""
        if not raw.strip():
            return None
        text = normalise(raw)
        if not unit:
            return Block(text, self.channel, [], self.role, "", "")
        if not claims:  # the common case, at C speed
            return Block(text, self.channel, [], self.role, self.unit, self.said)
        # Collapse whitespace but keep claim offsets: each raw offset's place in the text.
        at = collapsed_offsets(raw, {o for s, e, _ in claims for o in (s, e)})
        end = len(text)
        claims = [(at[s], min(at[e], end), i) for s, e, i in claims]
        # A claim's span is its own text, trimmed (the space a run ends with too).
        ends_spaced = raw[-1].isspace()
        claims = [
            (s + (text[s] == " " if s < end else s == end and ends_spaced), e, i)
            for s, e, i in claims
        ]
        return Block(text, self.channel, claims, self.role, self.unit, self.said)


def _variants(blocks: list[Block], readings: list[Block | None]) -> list[Block]:
    """``blocks`` and then each further reading not read yet, marked
    :attr:`Block.variant` with the number of blocks before it."""
    seen = {b.text for b in blocks}
    for shown in readings:
        if shown is not None and shown.text not in seen:
            seen.add(shown.text)
            shown.variant = len(blocks)
            blocks.append(shown)
    return blocks


def _removed(
    raw: str, spans: list[tuple[int, int, bool]], claims: list[tuple[int, int, int]]
) -> tuple[str, list[tuple[int, int, int]]]:
    """``raw`` without the text of ``spans``, and ``claims`` where they fall in it (a claim
    left empty is dropped)."""
    kept: list[str] = []
    start = 0
    mapping = [0] * (len(raw) + 1)
    for begin, end, _ in sorted(spans):
        for i in range(start, max(start, begin)):
            mapping[i] = len(kept)
            kept.append(raw[i])
        for i in range(max(start, begin), max(start, end)):
            mapping[i] = len(kept)
        start = max(start, end)
    for i in range(start, len(raw)):
        mapping[i] = len(kept)
        kept.append(raw[i])
    mapping[len(raw)] = len(kept)
    return "".join(kept), [
        (mapping[a], mapping[b], i) for a, b, i in claims if mapping[a] < mapping[b]
    ]


def _innermost(spans: list[tuple[int, int, bool]]) -> list[tuple[int, int, bool]]:
    """The spans of ``spans`` that hold no other (elements nest: each holds those that
    start inside it, in order, after it)."""
    ordered = sorted(spans, key=lambda span: (span[0], -span[1]))
    return [
        span
        for span, after in zip(ordered, [*ordered[1:], None], strict=True)
        if after is None
        or not (after[0] < span[1] or (after[0] == span[0] and after[1] <= span[1]))
    ]


def collapsed_offsets(raw: str, offsets: set[int]) -> dict[int, int]:
    """Where each of ``offsets`` into ``raw`` falls in ``raw`` with its whitespace runs
    collapsed to one space and leading whitespace dropped (a run at the end stays a
    space): the length of what the text before it collapses to. Linear, segment by segment."""
    out: dict[int, int] = {}
    length, previous, spaced = 0, 0, True  # spaced: at the start, or after a space
    for offset in sorted(offsets):
        segment = raw[previous:offset]
        words = segment.split()
        if words:
            length += sum(map(len, words)) + len(words) - 1
            length += (segment[0].isspace() and not spaced) + segment[-1].isspace()
            spaced = segment[-1].isspace()
        elif segment:  # whitespace only
            length += not spaced
            spaced = True
        out[offset] = length
        previous = offset
    return out


def flush(builders: list[Run], page: PageText) -> None:
    """End the current run of text (a block boundary), keeping its builder open."""
    current = builders[-1]
    if not current.parts:  # nothing since the last boundary: the builder is as new
        return
    if current.hidden or current.claims or current.code or current.marked:
        blocks = current.blocks()
    else:  # most runs: plain text, one block (Run.blocks' first case) or none
        text = normalise("".join(current.parts))
        blocks = [Block(text, current.channel, [], current.role, current.unit, current.said)]
        blocks = blocks if text else []
    page.blocks.extend(blocks)
    page.blocks.extend(drawn_readings(blocks))  # where a right-to-left script reorders it
    builders[-1] = Run(current.channel, current.role)
    builders[-1].unit, builders[-1].said = current.unit, current.said
