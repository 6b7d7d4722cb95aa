"""Where a finding on a rendered page stands in the page's source.

Python-Markdown keeps no positions: a finding of the rendered tree knows only
the text it quotes ("1.9x", "178 s"). :class:`SourceLocator` finds that text
in the source the page was rendered from, tolerant of what rendering removes
between its characters:

* Markdown emphasis and code marks (``*1.9*x``, ``**178** s``);
* line wraps and runs of spaces (``178\\n  s``), and NUL bytes (``9<NUL>4 s``);
* entities (``178&nbsp;s``) and tags or comments (``178<!-- -->s``);
* an inline element with what it holds (``9<span hidden>x</span>4 s`` shows 94 s
  where the element is hidden), where the text is not written without one;
* a character written as an entity (``7&#54; s`` shows 76 s);
* a character drawn from plain ones (``1/4`` shows ``¼``);
* a run a right-to-left script draws reversed (NKo digits written ``߉߄ s`` are
  quoted as drawn, ``߄߉ s``: :func:`~fxsite.verify.bidi_order.written_order`);
* an emoji written as its shortcode (``:nine::four: s`` shows ``9️⃣4️⃣ s``, with
  pymdownx.emoji), and an icon drawing a digit (``:material-numeric-9: s`` shows
  ``9 s``), placed at the shortcode.

Findings come in document order, and each kind (claims, figures) keeps its own
cursor: a text is looked for after the last one placed, then from the top of
the file (a FAQ answer is written in the front matter, and rendered last),
each time where it is first written whole (as it is, loosely, with entities…:
``9^4^ s`` after the cursor before ``94 s`` further on), then by its number, its leading digits, its digits in
order on one line (``9^4^``), its first digit, at a number's and a word's boundary
before anywhere (``94 s`` is not the end of ``194 s``, nor the start of ``94 secs``), and never at an
offset already given to the same text: a text repeated on a page is placed at
each of its occurrences in turn, never all at the first (but at a number passed
over, :meth:`SourceLocator.pass_read`, where it is nowhere else: another reading of
its paragraph, with a hidden element's text, passed it over). In a Markdown page
(``markdown``), a text is looked for where the page shows text before where it
does not (code, ``<pre>``, a tag's ``src``, an unused reference definition:
:mod:`fxsite.pages.unshown`), and a glued-claim finding (FX503) at a claim a
character is glued to before any other claim of its text. What is not in
the source whole is looked for in the strings the page renders from its front
matter (``written``: an FAQ answer, escaped or folded there), through their
own positions, then in the files another extension included (``included``: a
snippet, named by its own path), then in the lines another extension's
preprocessor rewrote (``converted``: a macro, at the source line it replaced),
then by its number in the source; what is nowhere (lines another extension
added, or an attribute the source spells otherwise) is placed at the first
line of the body.
"""

from __future__ import annotations

import bisect
import html
import re
import sys
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache, partial
from typing import Any

from fxsite.findings import Finding
from fxsite.pages.drawn_source import (
    ICON_CUE,
    IMAGE_CUE,
    VARIATIONS,
    decode_entities,
    draw_emoji,
    draw_images,
    without_elements,
    without_link_markup,
)
from fxsite.pages.frontmatter import TextAt
from fxsite.pages.unshown import glued_claims, html_unshown, unshown
from fxsite.verify.bidi_order import written_order

__all__ = ["SourceLocator", "loose_pattern", "merged_spans", "says_unwritten", "within"]

#: What rendering may remove between two characters of a shown text: markup of Markdown
#: and of pymdownx (``^`` caret, ``==`` mark, ``++`` keys and critic), a NUL (the HTML
#: parser drops it, as a browser does).
_GAP = r"(?:\s|&[#\w]{1,12};|<!--.{0,200}?-->|<[^<>\n]{0,200}>|[*_~`^=+\\\x00]){0,12}?"
#: A ruby's annotation (``<rt>``) or fallback parenthesis (``<rp>``): drawn above the base
#: text or not at all, and read apart from it (``<ruby>three<rt>x</rt></ruby> minutes``
#: shows "three minutes": blind44).
_ANNOTATION = re.compile(r"<(rt|rp)\b[^<>\n]{0,200}>[^<>\n]{0,200}</\1\s*>", re.IGNORECASE)
_NUMBER = re.compile(r"[0-9０-９][0-9０-９.,]*")
_LEAD = re.compile(r"[0-9０-９]+")
#: A number going on after a digit: a decimal point or a thousands comma and a digit.
_NUMBER_GOES_ON = re.compile(r"[.,][0-9]")
_COMPOUND_GOES_ON = re.compile(r"-[^\W\d_]")
#: What stands right before a digit inside a number: a digit, or after one a decimal
#: point (``.``, ``·``, Arabic ``٫``, the dot leader ``․``), a digit separator (``٬``)
#: or the ``×`` of a scientific notation.
_IN_NUMBER = re.compile(r"[0-9０-９][×x·.,'_\u2009\u202f\u066b\u066c\u2024]?\Z")
#: What stands between two digits of a number :meth:`SourceLocator._digits` looks for:
#: no digit, but a tag's digits (``1<span style="opacity:0">X</span>1``).
#: One way to read each character, so a line that holds no match fails in linear time.
_BETWEEN_DIGITS = r"(?:<[^<>\n]{0,200}>|<(?![^<>\n]{0,200}>)|[^0-9０-９\n<])*?"
#: The glued character an FX503 finding's message names first.
#: Said of a finding whose text the page's source does not write in any form.
_UNWRITTEN = (
    "the page's source does not write this: a hook, a plugin or an extension added it "
    "to the page; it is placed at the page's first line"
)


def says_unwritten(finding: Finding) -> bool:
    """Whether :meth:`SourceLocator.place` found none of ``finding``'s text in the page's
    source (and said so, at its first line)."""
    return _UNWRITTEN in finding.message


_GLUED = re.compile(r"'(.{1,8}?)' glued to the claim|'(.{1,24}?)' beside the claim")
_INLINE_TAG = re.compile(r"<!--.{0,200}?-->|<[^<>\n]{0,200}>", re.DOTALL)


@lru_cache(maxsize=2048)
def loose_pattern(text: str) -> re.Pattern[str] | None:
    """``text`` as a pattern allowing :data:`_GAP` between its characters (compiled once
    per text: it is long, a third of a millisecond)."""
    chars = [c for c in text if not c.isspace()]
    if not chars or len(chars) > 64:
        return None
    return re.compile(_GAP.join(re.escape(c) for c in chars), re.DOTALL)


@cache
def _loose_start(first: str, second: str) -> re.Pattern[str]:
    """Where a loose match of a text starting ``first``, ``second`` can start: at
    ``first`` followed by ``second`` or by what a :data:`_GAP` starts with."""
    return re.compile(re.escape(first) + r"(?:[\s&<*_~`^=+\\\x00]|" + re.escape(second) + ")")


def _loose_find(string: str, text: str, start: int, end: int) -> int | None:
    """Where ``string`` writes ``text`` loosely (:func:`loose_pattern`) first from
    ``start``, before ``end``: its pattern searched for only where a match can start
    before ``end`` (the nearest place is asked of each way a text is written, and most
    are not written loosely before the place found as it is)."""
    chars = [c for c in text if not c.isspace()]
    if len(chars) > 1:
        cue = _loose_start(chars[0], chars[1])
        if cue.search(string, start, min(len(string), end + 1)) is None:
            return None
    pattern = loose_pattern(text)
    found = pattern.search(string, start) if pattern is not None else None
    return found.start() if found is not None and found.start() < end else None


@dataclass
class SourceLocator:
    """Places findings of one rendered page in ``source``, from offset ``body`` on."""

    source: str
    #: offset of the body (below the front matter): what Markdown renders
    body: int = 0
    #: sorted spans where no bare figure stands (code, comments, evidence links:
    #: :func:`~fxsite.pages.prose.not_bare`): an FX501 finding is not placed there; read
    #: of the source when first asked where not given (:meth:`_claims_only`)
    claims_only: list[tuple[int, int]] = field(default_factory=list)
    #: strings of the front matter the page renders, with where each character is
    written: Sequence[TextAt] = ()
    #: ``source`` is a Markdown page: a text is looked for where the page shows it first
    #: (:func:`~fxsite.pages.unshown.unshown`), a glued-claim finding (FX503) at such a claim
    markdown: bool = False
    #: ``source`` is an HTML file or a template (not Markdown): a text is looked for where
    #: a browser shows text first (not in a comment, a tag, a script or a style:
    #: :func:`~fxsite.pages.unshown.html_unshown`)
    html: bool = False
    #: ``(path, text)`` of the files another extension included into the page
    #: (``pymdownx.snippets``), as findings name them
    included: list[tuple[str, str]] = field(default_factory=list)
    #: the lines Markdown parsed, as the other extensions' preprocessors left them: a text
    #: one of them wrote (a macro) is placed at the line of the source it replaced
    converted: list[str] = field(default_factory=list)
    #: the lines whose indented continuation the renderer reads as content, not code
    #: (:func:`~fxsite.pages.prose.containers`, from its block processors); None: any
    #: container's opener
    containers: re.Pattern[str] | None = None
    #: the text the image a ``src`` loads draws in its box (an SVG file's:
    #: :func:`~fxsite.verify.images.read_image`; True: ``src`` as a Markdown image
    #: writes it), None where it draws none: a text it draws is placed at the image
    images: Callable[[str, bool], str | None] | None = None
    _included_at: list[tuple[str, SourceLocator]] = field(default_factory=list)
    _converted_at: SourceLocator | None = None
    _cursors: dict[str, int] = field(default_factory=dict)
    #: offsets already given to a text, by kind: a repeated text goes to its next place
    _used: dict[tuple[str, str], set[int]] = field(default_factory=dict)
    #: sorted spans (offset, offset + the text's length) given to any text, by kind
    _placed_at: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    #: the source with its entities decoded, and each character's offset in the source
    _decoded: tuple[str, list[int]] | None = None
    #: the source with its emoji shortcodes drawn, and each character's offset in the source
    _drawn: tuple[str, list[int]] | None = None
    #: whether the source names an icon that may draw a digit (read when first asked)
    _icons: bool | None = None
    #: the source with its images drawn as their text, and each character's offset in it
    _imaged: tuple[str, list[int]] | None = None
    #: the source with its inline elements left out, and each character's offset in it
    _unsplit: tuple[str, list[int]] | None = None
    #: the source with ruby annotations left out (:meth:`_ruby`), made when first needed
    _unruby: tuple[str, list[int]] | None = None
    #: the source with its links' markup left out (:meth:`_across_links`), when first asked
    _delinked: tuple[str, list[int]] | None = None
    #: sorted spans by what they hold, read from a Markdown page when first asked
    _spans: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    #: the offset each line of the source starts at, read when first asked
    _starts: list[int] | None = None
    #: the evidence links the source writes (:func:`~fxsite.pages.prose.not_bare`),
    #: else read when a claim is first placed
    links: list[Any] | None = None
    _link_starts: list[int] = field(default_factory=list)
    #: the links a claim was placed at
    _placed: set[int] = field(default_factory=set)
    #: offsets :meth:`pass_read` gave to a number passed over, by its text
    _passed: dict[str, set[int]] = field(default_factory=dict)
    #: whether the source holds each cue a finder asked of it (:meth:`_holds`)
    _cues: dict[str, bool] = field(default_factory=dict)

    def find(
        self, text: str, kind: str = "figure", *, whole: bool = False, glued: str = ""
    ) -> int | None:
        """Offset of ``text``'s next occurrence for ``kind``, or None.

        ``whole``: only where the text is written whole (as it is, loosely, with
        entities), never at its number alone: for a text the source may not hold.
        ``glued``: for FX503, the character glued to the claim, looked for beside it first.
        """
        if not text.strip():
            return None
        used = self._used.setdefault((kind, text), set())
        # Ways the text is written whole: the nearest of them wins (``9^4^ s`` after the
        # cursor before ``94 s`` written as it is further on); then by its number alone.
        whole_forms = [
            *(self._exact, self._loose, self._entities, self._typographic, self._emoji),
            self._image,
            self._split,
            self._across_links,
            self._ruby,
            self._right_to_left,
        ]
        groups = [whole_forms]
        if not whole:
            groups += [[self._number], [self._lead], [self._digits], [self._first_digit]]
        # Where the page shows text first (a bare figure outside claims, a glued claim's
        # finding at a glued claim); then anywhere (the source's idea of code may not be
        # the renderer's: an unclosed fence).
        # Each at a number's and a word's boundary first (94 s is not the end of 194 s,
        # nor the start of 94 secs), then anywhere.
        # A bare figure written whole is never placed in a claim's text or in code (blind80:
        # a figure drawn from math, or an attribute another file writes, was placed at a
        # claim or at inline code stating it): where it is written whole nowhere else, it
        # is looked for in the other files the page is made of, then by its number, then
        # anywhere (the source's idea of code may not be the renderer's).
        last = partial(within, self._read("claims")) if whole and kind == "FX501" else _anywhere
        passes = [*self._passes(kind, glued), last]
        boundary = partial(_either, self._inside_number, self._runs_on(text))
        # Not where another text of the kind was placed ('94 s' is not inside the '+94 s'
        # of ``++ctrl+9++4 s`` placed before it), but at last.
        placed = self._placed_at.setdefault(kind, [])
        boundary = partial(_either, boundary, partial(_inside_placed, placed))
        avoids: list[Callable[[int], bool]] = [
            *(partial(_either, avoid, boundary) for avoid in passes),
            last,
        ]
        # After the cursor; then from the start of the cursor's line (a hidden split's two
        # readings, "94x" and "94 s", stand at one place, the cursor past it: blind24);
        # then from the top.
        cursor = self._cursors.get(kind, self.body)
        line = self.source.rfind("\n", 0, max(cursor - 1, 0)) + 1
        starts = (cursor, line, 0) if self.body < line < cursor else (cursor, 0)
        for avoid in avoids:
            for start in starts:
                for group in groups:
                    found: int | None = None
                    for finder in group:  # each looks only before the nearest found so far
                        before = sys.maxsize if found is None else found
                        at = _next(finder, text, start, before, used, avoid)
                        found = found if at is None else at
                    if found is not None:
                        used.add(found)
                        if group is whole_forms:  # where the text is written whole
                            bisect.insort(placed, (found, found + len(text)))
                        self._cursors[kind] = found + 1
                        return found
        return None

    def _passes(self, kind: str, char: str = "") -> list[Callable[[int], bool]]:
        """What each pass before the last avoids, for ``kind`` (``char``: as for :meth:`find`)."""
        if kind == "FX503" and self.markdown:
            glued, hidden = self._read("glued"), self._read("unshown")

            def unglued(at: int) -> bool:
                return not within(glued, at) or within(hidden, at)

            if not char:
                return [unglued]
            return [lambda at: unglued(at) or not self._beside(at, char), unglued]
        if kind == "FX501":
            # Where the page shows text outside claims; then outside claims (an attribute
            # the theme draws elsewhere, a ``data-toc-label``, is not a claim's text).
            return [partial(within, self._read("FX501")), partial(within, self._read("claims"))]
        return [partial(within, self._read("unshown"))] if self.markdown or self.html else []

    def _claims_only(self) -> list[tuple[int, int]]:
        """:attr:`claims_only`, read of a Markdown source when first asked where not given
        (:func:`~fxsite.pages.prose.not_bare`: blind83, a snippet's bare "178 s" was placed
        at the page's claim of it, as none was given)."""
        if not self.claims_only and not self.html and "evidence:" in self.source.lower():
            from fxsite.pages.prose import not_bare

            links, self.claims_only = not_bare(self.source)
            if self.links is None:
                self.links = links
        return self.claims_only

    def _read(self, name: str) -> list[tuple[int, int]]:
        """Spans named ``name``, merged: unshown, glued claims, or where no bare figure stands."""
        if name not in self._spans:
            shows = self.markdown or self.html
            if name == "FX501":
                spans = [*self._claims_only(), *(self._read("unshown") if shows else [])]
            elif name == "claims":
                spans = self._claims_only()
            elif name == "unshown" and self.html:
                spans = html_unshown(self.source)
            elif name == "unshown":
                spans = [*unshown(self.source, self.containers), *self._front_unshown()]
            else:
                spans = glued_claims(self.source)
            self._spans[name] = merged_spans(spans)
        return self._spans[name]

    def _front_unshown(self) -> list[tuple[int, int]]:
        """The front matter's lines but those of the strings the page renders (``written``:
        an FAQ's questions and answers): a text of the body is not placed at a title or a
        description that repeats it (blind62: an FAQ answer's figure was placed at the
        description's, which may repeat a cited one)."""
        if not self.markdown or self.body <= 0:
            return []
        self.line_col(0)  # the lines indexed
        assert self._starts is not None
        shown: set[int] = set()
        for item in self.written:
            last = max([item.line, *(line for _, line, _ in item.segments)])
            shown.update(range(item.line, last + 1))
        spans = []
        for row, start in enumerate(self._starts, 1):
            if start >= self.body:
                break
            if row not in shown:
                end = self._starts[row] if row < len(self._starts) else len(self.source)
                spans.append((start, min(end, self.body)))
        return spans

    def _beside(self, at: int, char: str) -> bool:
        """Whether the glued claim at ``at`` has ``char`` right before or after its link
        as a reader reads it (inline tags and comments left out)."""
        spans = self._read("glued")
        start, end = spans[bisect.bisect_right(spans, (at, sys.maxsize)) - 1]
        before = _INLINE_TAG.sub("", self.source[max(0, start - 200) : start])
        after = _INLINE_TAG.sub("", self.source[end : end + 200])
        if len(char) > 1:  # a bound's words, a space apart at most ("almost [2×](…)")
            return before.rstrip().lower().endswith(
                char.lower()
            ) or after.lstrip().lower().startswith(char.lower())
        return before.endswith(char) or after.startswith(char)

    def _holds(self, cue: str) -> bool:
        """Whether the source holds ``cue``, looked for once (a finder asks it for each
        finding: a page of thousands of figures made it quadratic, blind18)."""
        if cue not in self._cues:
            self._cues[cue] = cue in self.source
        return self._cues[cue]

    # Each finder: where the text is written its way first from ``start``, before ``end``.

    def _exact(self, text: str, start: int, end: int) -> int | None:
        at = self.source.find(text, start, _last_start(end, text))
        return at if at >= 0 else None

    def _loose(self, text: str, start: int, end: int) -> int | None:
        return _loose_find(self.source, text, start, end)

    def _split(self, text: str, start: int, end: int) -> int | None:
        # Split by an element: what it holds is not shown (hidden by an attribute or
        # a stylesheet), so the text is written whole only with it between: looked for,
        # loosely, in the source with its inline elements and what they hold left out.
        if not self._holds("</"):
            return None
        if self._unsplit is None:
            self._unsplit = without_elements(self.source)
        return _loose_in(self._unsplit, text, start, end)

    def _across_links(self, text: str, start: int, end: int) -> int | None:
        # Read across a link's text: a refused claim shows its text alone, and the words
        # before it make a figure ("two [minutes](…)" shows "two minutes": blind88, placed
        # at the page's first line as written by a hook); or across a block quote's lines
        # ("every two\n> weeks": blind89).
        if not (self._holds("]") or self._holds(">")):
            return None
        if self._delinked is None:
            self._delinked = without_link_markup(self.source)
        return _loose_in(self._delinked, text, start, end)

    def _ruby(self, text: str, start: int, end: int) -> int | None:
        # Its base text written whole, with a ruby's annotations between its words.
        if not (self._holds("<r") or self._holds("<R")):
            return None
        if self._unruby is None:
            self._unruby = without_elements(self.source, _ANNOTATION, 1)
        return _loose_in(self._unruby, text, start, end)

    def _right_to_left(self, text: str, start: int, end: int) -> int | None:
        # Quoted as a right-to-left script draws it (NKo digits written "߉߄ s" are drawn
        # "߄߉ s": blind74), looked for as written.
        written = written_order(text)
        return self._exact(written, start, end) if written is not None else None

    def _entities(self, text: str, start: int, end: int) -> int | None:
        # A character written as an entity: looked for in the source as decoded.
        if not self._holds("&"):
            return None
        if self._decoded is None:
            self._decoded = decode_entities(self.source)
        decoded, offsets = self._decoded
        at, before = bisect.bisect_left(offsets, start), bisect.bisect_left(offsets, end)
        found: int | None = decoded.find(text, at, _last_start(before, text))
        if found is not None and found < 0:
            found = _loose_find(decoded, text, at, before)
        return offsets[found] if found is not None else None

    def _typographic(self, text: str, start: int, end: int) -> int | None:
        # A character another extension drew from plain ones (pymdownx.smartsymbols:
        # 1/4 shows ¼), looked for as its compatibility form.
        plain = unicodedata.normalize("NFKC", text).replace("\u2044", "/")
        return self._exact(plain, start, end) if plain != text else None

    def _emoji(self, text: str, start: int, end: int) -> int | None:
        # An emoji written as its shortcode (pymdownx.emoji: ``:nine::four: s`` shows
        # 9️⃣4️⃣ s), looked for in the source with its shortcodes drawn, variation
        # selectors left out on both sides.
        if not self._holds(":"):
            return None
        if self._icons is None:
            self._icons = ICON_CUE.search(self.source) is not None
        if not (self._icons or any(ord(c) > 0x2000 for c in text)):
            return None
        if self._drawn is None:
            self._drawn = draw_emoji(self.source)
        drawn, offsets = self._drawn
        at, before = bisect.bisect_left(offsets, start), bisect.bisect_left(offsets, end)
        shown = VARIATIONS.sub("", text)
        found = drawn.find(shown, at, _last_start(before, shown))
        return offsets[found] if found >= 0 else None

    def _image(self, text: str, start: int, end: int) -> int | None:
        # An image drawing text (an SVG file: ``![](n.svg){ width=20 } s`` shows 95 s),
        # looked for in the source with its images drawn, at the image.
        if self.images is None:
            return None
        if self._imaged is None:  # drawn once; empty where the source writes no image
            cue = IMAGE_CUE.search(self.source) is not None
            self._imaged = draw_images(self.source, self.images) if cue else ("", [])
        drawn, offsets = self._imaged
        if not offsets:
            return None
        at, before = bisect.bisect_left(offsets, start), bisect.bisect_left(offsets, end)
        found: int | None = drawn.find(text, at, _last_start(before, text))
        if found is not None and found < 0:
            found = _loose_find(drawn, text, at, before)
        return offsets[found] if found is not None else None

    def _number(self, text: str, start: int, end: int) -> int | None:
        number = _NUMBER.search(text)
        return self._exact(number.group(), start, end) if number is not None else None

    def _lead(self, text: str, start: int, end: int) -> int | None:
        # Its first digits: a figure read with text around it left out (hidden text
        # split it: ``1.<span hidden>5</span>9x`` shows 1.9x) is written nowhere whole.
        digits = _LEAD.search(text)
        return self._exact(digits.group(), start, end) if digits is not None else None

    def _digits(self, text: str, start: int, end: int) -> int | None:
        # Its number's digits in order on one line, whatever stands between them
        # (``9^4^`` shows 94, ``{~~90~>94~~}`` 9094, a NUL between two digits).
        number = _NUMBER.search(text)
        digits = [c for c in number.group() if c.isdigit()] if number is not None else []
        if not 1 < len(digits) <= 64:
            return None
        pattern = re.compile(_BETWEEN_DIGITS.join(re.escape(c) for c in digits))
        found = pattern.search(self.source, start)
        return found.start() if found is not None and found.start() < end else None

    def _first_digit(self, text: str, start: int, end: int) -> int | None:
        digit = re.search(r"[0-9０-９]", text)
        return self._exact(digit.group(), start, end) if digit is not None else None

    def _runs_on(self, text: str) -> Callable[[int], bool]:
        """Whether ``text`` written at an offset (loosely) is the start of a longer word
        there: ``94 s`` of ``94 secs``, ``Double`` of ``Double-check`` (not where no word
        breaks: ``94秒`` of ``94秒で``)."""
        written = [c for c in text if not c.isspace()]
        if not _word_char(text[-1]) or not 0 < len(written) <= 64:
            return _anywhere
        pattern: list[re.Pattern[str] | None] = []  # compiled when first needed

        def runs_on(offset: int) -> bool:
            if text[0] == written[0] and self.source.startswith(text, offset):
                end = offset + len(text)  # where the loose pattern's match ends
            else:
                pattern[:] = pattern or [loose_pattern(text)]
                match = pattern[0].match(self.source, offset) if pattern[0] else None
                end = match.end() if match is not None else len(self.source)
            if end < len(self.source) and _word_char(self.source[end]):
                return True
            # a word goes on as a compound: 'Double' of 'Double-check' (blind60)
            if text[-1].isalpha() and _COMPOUND_GOES_ON.match(self.source, end) is not None:
                return True
            # a number's text goes on as a decimal or a group: '94' of '94.5', of '94,000'
            return text[-1].isdigit() and _NUMBER_GOES_ON.match(self.source, end) is not None

        return runs_on

    def _inside_number(self, offset: int) -> bool:
        """Whether a digit at ``offset`` continues a number written before it, or a Latin
        letter a word (a number word: 'one' is not the end of 'done': blind24)."""
        if offset >= len(self.source):
            return False
        char = self.source[offset]
        if char.isascii() and char.isalpha():
            return (
                offset > 0
                and self.source[offset - 1].isascii()
                and self.source[offset - 1].isalpha()
            )
        if not char.isdigit():
            return False
        return _IN_NUMBER.search(self.source, max(0, offset - 2), offset) is not None

    def line_col(self, offset: int) -> tuple[int, int]:
        """1-based line and column of ``offset`` in the source (its lines indexed once)."""
        if self._starts is None:
            self._starts = [0, *(m.end() for m in re.finditer("\n", self.source))]
        row = bisect.bisect_right(self._starts, offset) - 1
        return row + 1, offset - self._starts[row] + 1

    def offset(self, line: int, col: int) -> int:
        """The offset of 1-based ``line`` and ``col`` in the source (:meth:`line_col`'s inverse)."""
        self.line_col(0)
        assert self._starts is not None
        return self._starts[min(max(line, 1), len(self._starts)) - 1] + col - 1

    def place(self, finding: Finding, kind: str = "figure") -> Finding:
        """``finding`` (placed at 1:1 by the renderer) at its text's line and column.

        Where the page writes the text whole; else in its front matter's strings
        (``written``), else in a file included into it (``included``: named by
        that file's path), else at the source line another extension rewrote into
        it (``converted``); else at the page's number that looks like it; else at
        the first line of the body, the message saying the source does not write it
        (a hook's or a plugin's text).
        """
        if finding.line != 1 or finding.col != 1:
            return finding
        text = finding.text or ""
        char = _GLUED.match(finding.message) if kind == "FX503" else None
        glued = (char[1] or char[2]) if char is not None else ""
        # An invisible character's finding (its text starts with the character): at the
        # character itself, wherever the text after it is written (a claim's link text).
        at = self.find(text, kind, whole=True, glued=glued) if text else None
        if at is None and kind == "FX502" and text:
            at = self.find(text[0], kind, whole=True)
        if at is None and text:
            for item in self.written:
                found = _find_in(item.text, text)
                if found is not None:
                    line, col = item.pos(found)
                    return replace(finding, line=line, col=col)
            for path, included in self._included():
                found = included.find(text, kind, whole=True)
                if found is not None:
                    line, col = included.line_col(found)
                    return replace(finding, path=path, line=line, col=col)
            replaced = self._replaced(text, kind)
            if replaced is not None:
                return replace(finding, line=replaced[0], col=replaced[1])
            at = self.find(text, kind)
            if at is None and glued:  # an empty link's figure is written nowhere (blind78)
                at = self._link_beside(glued)
            if at is None and text in self._passed:  # where another reading passed it over
                # (blind74: "Save<span hidden>d</span> time: 94." read "Saved time: 94" too)
                self._used.setdefault((kind, text), set()).difference_update(self._passed.pop(text))
                at = self.find(text, kind)
            if at is None:  # blind69: hook-added text was placed at 1:1 with no word of it
                line, col = self.line_col(self.body)
                message = f"{finding.message} ({_UNWRITTEN})"
                return replace(finding, line=line, col=col, message=message)
        line, col = self.line_col(self.body if at is None else at)
        return replace(finding, line=line, col=col)

    def place_claim(self, finding: Finding, dest: str) -> Finding:
        """A claim's finding (placed at 1:1 by the claims treeprocessor) at the ``[`` of
        its link: the next link of the source, after the last claim placed, that writes
        its text to ``dest`` (then its text, then ``dest``), then from the top of the
        file (an FAQ answer is written in the front matter and rendered last); else as
        :meth:`place` places it."""
        link = self.pass_claim(finding.text or "", dest)
        if link is not None:
            line, col = self.line_col(link.start)
            return replace(finding, line=line, col=col)
        return self._unlinked(finding)

    def place_title(self, finding: Finding, dest: str) -> Finding:
        """A claim's warning of its link title (FX408) where the title is written: a
        reference link's at its definition (blind83: it was told at the claim, lines
        above), an inline link's at the link; else as :meth:`place_claim` places it."""
        link = self.pass_claim(finding.text or "", dest)
        if link is None:
            return self._unlinked(finding)
        from fxsite.pages.prose import reference_definition

        at = reference_definition(self.source, link.start, link.end)
        line, col = self.line_col(link.start if at is None else at)
        return replace(finding, line=line, col=col)

    def _unlinked(self, finding: Finding) -> Finding:
        """A claim's finding whose link the source does not write."""
        # A link whose definition the source does not hold (a snippet's): at its text's ``[``.
        at = self.find(finding.text, "claim", whole=True) if finding.text else None
        if at is None:
            return self.place(finding, "claim")
        line, col = self.line_col(at - 1 if self.source[at - 1 : at] == "[" else at)
        return replace(finding, line=line, col=col)

    def pass_refused(self, shown: str) -> None:
        """A figure the page reader passed over because a refused claim shows it (``shown``,
        part of that claim's text): the next bare figure is placed after that claim's link.
        In linear time however many claims a page refuses (each looked for from the last)."""
        links = self._claim_links()
        cursor = self._cursors.get("FX501", self.body)
        after = bisect.bisect_left(self._link_starts, cursor)
        plain = _plain(shown)
        link = next((k for k in _from(links, after) if plain in _plain(k.text)), None)
        if link is not None:
            self._cursors["FX501"] = link.end

    def pass_read(self, number: str) -> None:
        """A number or a text the page reader read and did not report (a number of
        :attr:`~fxsite.verify.scan.FileScan.numbers`, a title repeating a claim): the next
        bare figure is placed after where it is next written whole where the page shows
        text outside claims, if it is (a figure of the same text after it is then not
        placed at it)."""
        cursor = self._cursors.get("FX501", self.body)
        shown = self._read("FX501")
        used = self._used.setdefault(("FX501", number), set())
        # not inside a finding placed before it (blind82: the "94" of "about 94" just
        # placed was taken for the number read after it, and the next '94' put there)
        placed = self._placed_at.get("FX501", [])
        at = self.source.find(number, cursor)
        while at >= 0:
            end = at + len(number)
            if not (
                within(shown, at)
                or _inside_placed(placed, at)
                or self._inside_number(at)
                or self.source[end : end + 1].isdigit()
                or _NUMBER_GOES_ON.match(self.source, end)
            ):
                used.add(at)
                self._passed.setdefault(number, set()).add(at)
                self._cursors["FX501"] = end
                return
            at = self.source.find(number, at + 1)

    def pass_claim(self, text: str, dest: str) -> Any:
        """The link of the source that writes a claim of ``text`` to ``dest`` (as
        :meth:`place_claim` finds it), or None; the next claim is placed after it."""
        shown, links = _plain(text), self._claim_links()
        cursor = self._cursors.get("claim", self.body)
        tests: list[Callable[[Any], bool]] = [
            lambda link: _plain(link.text) == shown and link.dest == dest,
            lambda link: _plain(link.text) == shown,
            lambda link: link.dest == dest,
        ]
        after = bisect.bisect_left(self._link_starts, cursor)
        for test in tests:
            for order in (_from(links, after), links):  # after the cursor, then from the top
                link = next((k for k in order if k.start not in self._placed and test(k)), None)
                if link is not None:  # each link takes one claim: none is placed twice
                    self._placed.add(link.start)
                    self._cursors["claim"] = link.end
                    return link
        return None

    def _link_beside(self, char: str) -> int | None:
        """The first evidence link not placed at yet with ``char`` written right before or
        after it: where an FX503 finding on a claim whose text the source does not write
        (an empty link, ``[](evidence:R1#save) B``) stands."""
        used = self._used.setdefault(("FX503 link", char), set())
        for link in self._claim_links():
            after = self.source[link.end : link.end + len(char) + 1].lstrip(" ")
            before = self.source[max(self.body, link.start - len(char) - 1) : link.start]
            beside = after.startswith(char) or before.rstrip(" ").endswith(char)
            if link.start >= self.body and link.start not in used and beside:
                used.add(link.start)
                return int(link.start)
        return None

    def _claim_links(self) -> list[Any]:
        """The evidence links the source writes, in order (their starts indexed once)."""
        if self.links is None:
            from fxsite.pages.prose import find_evidence_links

            self.links = find_evidence_links(self.source)
        if len(self._link_starts) != len(self.links):
            self._link_starts = [link.start for link in self.links]
        return self.links

    def _replaced(self, text: str, kind: str) -> tuple[int, int] | None:
        """Line and column of the source line whose converted line shows ``text``, where
        another extension changed that line (not where it added lines of its own)."""
        if not self.converted:
            return None
        if self._converted_at is None:
            self._converted_at = SourceLocator("\n".join(self.converted))
        found = self._converted_at.find(text, kind, whole=True)
        if found is None:
            return None
        row = self._converted_at.source.count("\n", 0, found)
        import difflib  # only for a line another extension rewrote (most pages have none)

        lines = self.source[self.body :].split("\n")
        matcher = difflib.SequenceMatcher(None, lines, self.converted, autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if j1 <= row < j2 and tag == "replace":
                i = i1 + min(row - j1, i2 - i1 - 1)
                old, new = lines[i], self.converted[row]
                pairs = enumerate(zip(old, new, strict=False))
                kept = next((k for k, (a, b) in pairs if a != b), min(len(old), len(new)))
                return self.line_col(self.body)[0] + i, kept + 1
        return None

    def _included(self) -> list[tuple[str, SourceLocator]]:
        for path, text in self.included[len(self._included_at) :]:
            self._included_at.append((path, SourceLocator(text)))
        return self._included_at


_MARKS = re.compile(r"[*_~`\\]")


def _from(items: list[Any], start: int) -> Iterator[Any]:
    """``items[start:]`` without a copy: a slice per claim copied the links after it."""
    return (items[i] for i in range(start, len(items)))


def _plain(text: str) -> str:
    """A link's text as compared: emphasis and code marks left out, spaces collapsed."""
    return " ".join(_MARKS.sub("", html.unescape(text)).split())


def _next(
    finder: Callable[[str, int, int], int | None],
    text: str,
    start: int,
    end: int,
    used: set[int],
    avoid: Callable[[int], bool],
) -> int | None:
    """Where ``finder`` finds ``text`` first from ``start``, before ``end``, at an offset
    neither ``used`` nor to ``avoid``; None where it finds none."""
    at = start
    while (found := finder(text, at, end)) is not None and (found in used or avoid(found)):
        at = found + 1
    return found


def _last_start(end: int, text: str) -> int:
    """The end ``str.find`` is given for ``text`` to start before ``end``."""
    return end + len(text) - 1 if end < sys.maxsize else sys.maxsize


#: The longest text whose placed span :func:`_inside_placed` looks back over.
_LONGEST_PLACED = 256


def _inside_placed(placed: list[tuple[int, int]], offset: int) -> bool:
    """Whether ``offset`` is inside one of the sorted ``placed`` spans (one that starts
    before it, within :data:`_LONGEST_PLACED`), not at its start."""
    i = bisect.bisect_left(placed, (offset, -1))
    while i > 0 and placed[i - 1][0] > offset - _LONGEST_PLACED:
        i -= 1
        if placed[i][0] < offset < placed[i][1]:
            return True
    return False


def _anywhere(offset: int) -> bool:
    return False


def _either(first: Callable[[int], bool], second: Callable[[int], bool], offset: int) -> bool:
    return first(offset) or second(offset)


def _word_char(char: str) -> bool:
    """A letter or digit of a script that breaks words (not a CJK ideograph or kana)."""
    return char.isalnum() and unicodedata.east_asian_width(char) not in ("W", "F")


def within(spans: list[tuple[int, int]], offset: int) -> bool:
    """Whether ``offset`` is inside one of the sorted, disjoint ``spans``."""
    i = bisect.bisect_right(spans, (offset, sys.maxsize)) - 1
    return i >= 0 and spans[i][0] <= offset < spans[i][1]


def merged_spans(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` sorted, overlapping ones joined."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _find_in(value: str, text: str) -> int | None:
    """Where ``value`` shows ``text``, as it is or loosely."""
    at = value.find(text)
    if at >= 0:
        return at
    pattern = loose_pattern(text)
    match = pattern.search(value) if pattern is not None else None
    return match.start() if match is not None else None


def _loose_in(made: tuple[str, list[int]], text: str, start: int, end: int) -> int | None:
    """Where ``text`` is written loosely in a text made of the source (``made``: it, and each
    of its characters' offset in the source) from ``start`` before ``end``, as an offset
    in the source."""
    string, offsets = made
    at, before = bisect.bisect_left(offsets, start), bisect.bisect_left(offsets, end)
    found = _loose_find(string, text, at, before)
    return offsets[found] if found is not None else None
