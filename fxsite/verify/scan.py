"""One published file read once: what it shows, and what in it needs no evidence to judge.

The gate reads a site in two steps. :func:`scan_file` reads one file and keeps
only what the checks across the site need (a page's claims, anchors, record
rows and charts) plus every finding that depends on that file alone: hidden
characters, characters glued to a claim, a unitless claim that the words after
it give a unit, and each figure the detector finds. Whether such a figure is
a permitted copy of a cited one is decided later, once every page is read
(:mod:`fxsite.verify.copies`); a page's text is not kept for that.

A scan is a pure function of the file's path and bytes, independent of the evidence,
so :class:`~fxsite.verify.gate_memo.GateMemo` may keep scans between builds
(``mkdocs serve``): a file whose bytes did not change is not read again.
"""

from __future__ import annotations

import hashlib
import re
from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any, cast

from fxsite.anchor.manifest import MANIFEST_NAME
from fxsite.evidence.numerals import (
    APPROX_SUFFIXES,
    APPROX_WORDS,
    BOUND_AFTER_WORDS,
    BOUND_SUFFIXES,
    BOUND_WORDS,
    COMPARING_WORDS,
    NEGATED_BEING,
    NEGATION_WORDS,
    alternation,
    word_alternation,
)
from fxsite.evidence.ratio_to_one import to_one_claim
from fxsite.findings import Severity
from fxsite.pages.header_units import NAMED_ONLY, SETTING, Governed
from fxsite.pages.measured_over import said_over
from fxsite.pages.part_names import is_a_set_size
from fxsite.pages.price_units import OPEN
from fxsite.pages.said_measured import said_measured
from fxsite.pages.shared_units import claims_sharing_units, sharing_claims_units
from fxsite.pages.stated_numbers import (
    LABEL_ENDS,
    governed,
    governed_list,
    governed_parts,
    labelled,
)
from fxsite.pages.title_units import TITLED
from fxsite.render.exports import PublishedJsonError, loads
from fxsite.render.messages import LABEL_WORDS
from fxsite.verify.boxes import NO_BOXES, Boxes
from fxsite.verify.csvtable import table_cells
from fxsite.verify.head_text import json_strings
from fxsite.verify.kinds import Kind, kind_of, pem_lines_blanked
from fxsite.verify.notes import Note
from fxsite.verify.reading import (
    BOUND_CLAIM,
    BOUND_SUFFIX,
    bound_beside,
    compared_after,
    detect,
    fold,
    glued,
    hidden_characters,
    multiplied,
    number_form,
    unit_beside,
)
from fxsite.verify.sheets import NO_SHEETS, PageSheets
from fxsite.verify.theme_hiding import PERMALINK_MARKS
from fxsite.verify.visible import (
    MAX_NESTING,
    Block,
    PageText,
    Repeats,
    normalise,
    page_text,
    text_blocks,
    too_deep,
)

if TYPE_CHECKING:
    from fxsite.pages.advice import Advice

__all__ = [
    "Candidate",
    "FileScan",
    "Local",
    "scan_file",
]


@dataclass(frozen=True)
class Local:
    """A finding the file alone decides."""

    code: str
    message: str
    text: str | None = None
    #: 0 when placed later, by the text it quotes (``site_facts.SiteReading.add``)
    line: int = 0
    severity: Severity = "error"
    #: a script or stylesheet that writes text (see :func:`~fxsite.verify.notes.judge_writer`)
    writer: str | None = None

    @classmethod
    def of(cls, note: Note) -> Local:
        """A drawing note (:mod:`fxsite.verify.drawing`) as a finding of its file."""
        return cls(note.code, note.message, note.text, 0, note.severity, note.writer)


@dataclass(frozen=True)
class Candidate:
    """A figure the detector found in published text: a copy of a cited figure, or bare."""

    #: the block it was found in, and where in it
    block: str
    start: int
    end: int
    #: the figure as the detector read it (look-alikes folded), and as written
    found: str
    shown: str
    #: the block's channel and role (see :class:`~fxsite.verify.visible.Block`)
    channel: str
    role: str
    #: where the figure stands, when its block does not say (a cell's header and row)
    said: str = ""
    #: the unit stated once that ``found`` was read with (a bare number in a cell), or ""
    unit: str = ""

    def _in_its_script(self) -> bool:
        """Whether the figure as written differs from it as read only in Traditional
        characters the fold reads as their simplified forms ("100萬 IOPS"): the writer's
        own script, not look-alikes; the claim to write keeps it."""
        from fxsite.pages.cjk_figures import TRADITIONAL

        if self.shown == self.found or len(self.shown) != len(self.found):
            return False
        return all(
            a == b or TRADITIONAL.get(a) == b for a, b in zip(self.shown, self.found, strict=True)
        )

    def advice(self, library: Any) -> Advice:
        """What to tell the writer, and the one claim ``fxsite fix`` may write."""
        from fxsite.pages.advice import advise

        context = f"{self.block[max(0, self.start - 160) : self.end + 160]} {self.said}"
        if self._in_its_script():
            return advise(self.found, library, context=context, shown=self.shown)
        if not self.unit:
            return advise(self.found, library, context=context)
        # as written under a header naming its quantity, or a price in the currency of
        # the figure a claim would cite ("119" under "Price per TB"): "read as" says nothing
        plain = self.unit == NAMED_ONLY or self.unit.startswith(OPEN)
        read = "" if plain else f"read as '{self.found}', "
        where = f" ({read}{self.said})"
        return advise(self.found, library, context=context, shown=self.shown, where=where)

    def message(self, library: Any, where: str = "") -> str:
        """What a reader of the finding is told: the claim to write, if one fits."""
        message = self.advice(library).message + where
        if number_form(self.shown) != self.found and not self.unit and not self._in_its_script():
            message += f"; it is written '{self.shown}' with look-alike characters"
        return message


@dataclass
class FileScan:
    """What the gate keeps of one file."""

    #: a page without its text blocks (claims, ids, meta, rows, charts); None for other files
    page: PageText | None = None
    local: list[Local] = field(default_factory=list)
    candidates: list[Candidate] = field(default_factory=list)
    #: the strings a chart's drawings show, for copies in other files
    ticks: frozenset[str] = frozenset()
    #: a page's article text blocks (not chart or record-value ones, whose rules are
    #: looser): a search entry repeating a run of them was checked here
    shown: Boxes = NO_BOXES
    #: a claim with the loose or bound word the page writes next to it ("under 220 s")
    phrases: frozenset[str] = frozenset()
    #: a page's ``<title>`` text, whose copies of its claims its navigation entry repeats
    titles: tuple[str, ...] = ()
    #: claims stating no unit where a unit is stated once: (index in ``page.claims``,
    #: the unit, where it is stated); the page reader judges them with it
    governed: list[tuple[int, str, str]] = field(default_factory=list)
    #: the stylesheet files read for a page, with their digests (:attr:`~.sheets.PageSheets.used`)
    sheets: tuple[tuple[str, bytes], ...] = ()
    #: a page's article (:func:`scan_content`): each number read and not reported (in no
    #: claim, no figure found), with how many figures found come before it, in document
    #: order: a locator keeps its place past it (:meth:`~fxsite.pages.locate.SourceLocator.pass_read`)
    numbers: list[tuple[int, str]] = field(default_factory=list)


#: What one block holds to report: findings, figures, unitless claims a unit governs.
_Scanned = tuple[tuple[Local, ...], tuple[Candidate, ...], tuple[Governed, ...]]
#: The result of every block with nothing to report (most of them), shared.
_NOTHING: _Scanned = ((), (), ())
_NOTHING_RUN: tuple[tuple[Local, ...], tuple[Candidate, ...]] = ((), ())


class _Remembered:
    """:func:`_read_text`, remembered for up to :data:`_REMEMBERED` distinct blocks.

    Navigation, headers and footers repeat on every page: each is read once. A
    block is remembered by one 16-byte digest of its text and of how it is read
    (:func:`digest`), not the text, and one with nothing to report by the shared
    :data:`_NOTHING`: what is kept does not hold the site's text. Blocks are kept
    in two generations of half as many each: once the newer is full it becomes the
    older, and the older is forgotten; a block found in the older is kept in the
    newer again. A block every page repeats (a site's navigation) is never
    forgotten, however many distinct blocks the pages hold around it.
    """

    def __init__(self) -> None:
        self.known: dict[bytes, _Scanned] = {}
        self.older: dict[bytes, _Scanned] = {}

    def __len__(self) -> int:
        return len(self.known) + len(self.older)

    def __call__(
        self,
        text: str,
        claims: tuple[tuple[int, int], ...],
        channel: str,
        role: str,
        unit: str = "",
        said: str = "",
    ) -> _Scanned:
        if claims or role or unit or said:
            key = digest(text, repr(claims), channel, role, unit, said)
        else:  # most blocks, hashed in one step (a digest's input starts with a length)
            data = f"{channel}\0{text}".encode("utf-8", "surrogatepass")
            key = hashlib.blake2b(data, digest_size=16).digest()
        found = self.known.get(key)
        if found is None:
            found = self.older.get(key)
            if found is None:
                found = _read_text(text, claims, channel, role, unit, said)
                found = _NOTHING if found == _NOTHING else found
            if len(self.known) >= _REMEMBERED // 2:
                self.older, self.known = self.known, {}
            self.known[key] = found
        return found

    def cache_clear(self) -> None:
        """Forget every block (as ``functools.lru_cache`` does)."""
        self.known.clear()
        self.older.clear()


#: How many distinct blocks :data:`_scan_text` remembers.
_REMEMBERED = 1 << 14
_scan_text = _Remembered()


def _read_text(
    text: str,
    claims: tuple[tuple[int, int], ...],
    channel: str,
    role: str,
    unit: str,
    said: str,
) -> _Scanned:
    local: list[Local] = []
    for offset, name in hidden_characters(text, claims):
        local.append(
            Local(
                "FX502",
                f"invisible or direction-control character {name} in published text",
                text[offset : offset + 20],  # placed at the character
            )
        )
    for n, (start, end) in enumerate(claims):
        claim = text[start:end]
        char = glued(text, start, end) or (multiplied(text, start, end) if not role else None)
        stop = claims[n + 1][0] if n + 1 < len(claims) else len(text)
        since = claims[n - 1][1] if n else 0
        read = unit_beside(text, start, end, since, stop)
        # A unitless claim's unit glued to it ("提升[1.9](…)倍" reads "1.9倍"): told as its
        # unit outside the link, as a spaced one is; a digit glued to it, as a glued digit.
        bound = bound_beside(text, start, end, since, stop)
        compared = compared_after(text, start, end, stop) if bound is None else None
        if char is not None and (read is None or any(c.isdigit() for c in char)):
            local.append(_glued_finding(char, claim))
        elif compared is not None and read is None:
            local.append(_difference_finding(compared, claim))
        elif bound is not None and read is None:
            local.append(_bound_finding(*bound, claim))
        elif read is not None:
            side = (
                "after"
                if read.startswith(claim)
                else "before"
                if read.endswith(claim)
                else "around"
            )
            ratio = to_one_claim(" ".join(read.split()))  # "[4](…) to 1" (blind73)
            inside = (
                f"write it inside the link ('[{ratio}](…)')"
                if ratio
                else "put the unit inside the link"
            )
            local.append(
                Local(
                    "FX503",
                    f"the claim '{claim}' states no unit, and the words {side} it make it read "
                    f"'{read}'; {inside}",
                    claim,
                )
            )
    spans = detect(text, claims)
    if unit == SETTING:  # a test's setting's cell: a size in it is the setting it names
        spans = [s for s in spans if not is_a_set_size(text, s.start, s.end)]
        unit = ""
    candidates = [
        Candidate(text, s.start, s.end, s.text, text[s.start : s.end], channel, role, said)
        for s in spans
    ]
    once = _stated_once(text, claims, unit, said, [(s.start, s.end) for s in spans])
    read_once = {(g.start, g.end) for g in once if g.claim is None}
    candidates = [c for c in candidates if (c.start, c.end) not in read_once]
    candidates += [
        Candidate(
            text, g.start, g.end, g.found, text[g.start : g.end], channel, role, g.said, g.unit
        )
        for g in once
        if g.claim is None
    ]
    candidates.sort(key=lambda c: c.start)
    return tuple(local), tuple(candidates), tuple(g for g in once if g.claim is not None)


def _stated_once(
    text: str,
    claims: tuple[tuple[int, int], ...],
    unit: str,
    said: str,
    figures: list[tuple[int, int]],
) -> list[Governed]:
    """Bare numbers and unitless claims that a unit stated once governs (none the detector found).

    A table cell's (``unit``, from its column), those after an "in seconds:" label, and
    numbers joined to a claim that states its unit (:mod:`fxsite.pages.shared_units`).
    """
    found: list[Governed] = []
    labels = [
        g
        for g in (labelled(text, claims) if any(c in text for c in LABEL_ENDS) else ())
        # a number the detector read as it stands ("p50 = 3.1" names it) is read under the
        # label's unit ("Latency (ms): p50 = 3.1" reads "3.1 ms": blind74)
        if not any(s < g.end and g.start < e and (s, e) != (g.start, g.end) for s, e in figures)
        and not (unit and g.claim is not None)
    ]
    titled = said.startswith(TITLED)  # "NFS: 95" under a title; not in a table's cell
    if unit and not claims and not figures:
        listed = governed_list(text, unit, said)  # "178 → 94", "94 (was 178)": each
        cell = None if listed else governed(text, unit, said, after_label=titled)
        found += listed or ([cell] if cell is not None else [])
    elif unit:
        found += [Governed(s, e, "", unit, said, n) for n, (s, e) in enumerate(claims)]
        taken = sorted([*claims, *figures, *((g.start, g.end) for g in labels)])
        found += governed_parts(text, taken, unit, said, after_label=titled)
    if claims and not unit:  # "from 178 to [94 s](…)": the claim's unit is 178's too
        taken = [*figures, *((g.start, g.end) for g in labels)]
        found += sharing_claims_units(text, claims, taken)
        found += claims_sharing_units(text, claims)  # "from [12 ms](…) to [3](…)": "3 ms"
    return found + labels


def _take(counts: Counter[str], key: str) -> bool:
    """Take one ``key`` from ``counts``: whether there was one."""
    if counts[key] > 0:
        counts[key] -= 1
        return True
    return False


def _scan_blocks(scan: FileScan, blocks: list[Block], numbers: bool = False) -> None:
    """Each block's findings and figures (and, with ``numbers``, :attr:`FileScan.numbers`).

    Their lines are left at 0: the gate places a finding on its file's lines
    when it reports it (most figures found are permitted copies, never reported).
    """
    runs: list[tuple[tuple[Local, ...], tuple[Candidate, ...]]] = []
    for block in blocks:
        scanned = _scanned(block)
        if numbers and not block.variant:
            scan.numbers += _passed_numbers(block, scanned[1], len(scan.candidates))
        if scanned is _NOTHING and block.with_code is None:  # most blocks: nothing to add
            runs.append(_NOTHING_RUN)
            continue
        local, candidates, once = scanned
        if block.variant:  # a second reading of a run: only what the first did not find
            before = runs[-block.variant :]
            known = Counter(c.shown for _, found in before for c in found)
            told = {(f.code, f.text) for found, _ in before for f in found}
            candidates = tuple(c for c in candidates if not _take(known, c.shown))
            local = tuple(f for f in local if (f.code, f.text) not in told)
        across = _across_code(block.with_code) if block.with_code is not None else []
        if across:  # "9<code>4</code> s": "94 s" is read whole, not again as "4 s" (blind69)
            candidates = _outside(candidates, block, across)
        runs.append((local, candidates))
        scan.local.extend(local)
        scan.candidates.extend(candidates)
        if block.with_code is not None:
            scan.candidates.extend(across)
            scan.local.extend(_glued_across_code(block.with_code))
        scan.governed += [
            (block.claims[g.claim][2], g.unit, g.said) for g in once if g.claim is not None
        ]


_DIGITS = re.compile(r"[0-9]+(?:[.,][0-9]+)*")


def numbers_in(text: str) -> list[str]:
    """The numbers ``text`` writes in ASCII digits (``1,000``, ``1.9``), as :attr:`FileScan.numbers` reads them."""
    return _DIGITS.findall(text)


def _passed_numbers(
    block: Block, candidates: tuple[Candidate, ...], before: int
) -> list[tuple[int, str]]:
    """The numbers of ``block`` in no claim and no figure of ``candidates`` (its own, found
    after ``before`` others), each with how many figures found come before it."""
    taken = _merged([(s, e) for s, e, _ in block.claims] + [(c.start, c.end) for c in candidates])
    starts = [s for s, _ in taken]
    found = sorted(c.start for c in candidates)
    passed = []
    for m in _DIGITS.finditer(block.text):
        # the last span starting before the number's end is the only one it may overlap
        n = bisect_left(starts, m.end()) - 1
        if n < 0 or taken[n][1] <= m.start():
            passed.append((before + bisect_left(found, m.start()), m.group()))
    return passed


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` sorted and joined where they overlap: disjoint, for a binary search (a
    paragraph of 50,000 figures was read in quadratic time: blind29)."""
    out: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if out and start < out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


def _scanned(block: Block) -> _Scanned:
    """:data:`_scan_text` of ``block``; of a memo's block (a navigation's, a list item's
    handed out on every page), what a copy of it read before, while the fields read are
    the same objects or equal (:attr:`~fxsite.verify.shown.Block.scan_memo`)."""
    claims = tuple((s, e) for s, e, _ in block.claims) if block.claims else ()
    read = (claims, block.channel, block.role, block.unit, block.said)
    memo = block.scan_memo
    if memo and memo[0] is block.text and memo[1] == read:
        return cast(_Scanned, memo[2])
    scanned = _scan_text(block.text, *read)
    if memo is not None:
        memo[:] = [block.text, read, scanned]
    return scanned


def _glued_across_code(block: Block) -> list[Local]:
    """The claims of a run read with its inline code's (and its boxes') text that a
    character of that text is glued to (``<img alt="1">[94 s](…)`` draws "194 s")."""
    found = []
    for start, end, _ in block.claims:
        char = glued(block.text, start, end)
        edge = [start - 1, end]
        if char is not None and any(s <= i < e for s, e in block.code for i in edge):
            found.append(_glued_finding(char, block.text[start:end]))
    return found


def _glued_finding(char: str, claim: str) -> Local:
    """FX503 for ``char`` glued to ``claim`` (its words are what the locator looks for:
    :data:`fxsite.pages.locate._GLUED`)."""
    message = f"'{char}' glued to the claim '{claim}' changes what it says"
    if char.strip().isdigit() and " " in char:  # digits a space apart (reading.glued)
        joined = f"{char}{claim}" if char.endswith(" ") else f"{claim}{char}"
        message += (
            f": the space reads as a thousands separator, '{joined}' as one number; "
            "put a word or a sign between them"
        )
    return Local("FX503", message, claim)


def _bound_finding(bound: str, after: bool, claim: str) -> Local:
    """FX503 for a bound written beside a claim, outside its link (:func:`bound_beside`),
    told the claim with it inside ("[under 94 s](…)", "[94秒以内](…)", "[at most 94 s](…)"
    for "or less")."""
    if not after and bound.lower() in NEGATED_BEING and BOUND_CLAIM.match(claim) is None:
        return Local(
            "FX503",
            f"'{bound}' before the claim '{claim}' says the value is not the record's, which "
            "a claim is not checked for; cite what the record states, or remove it",
            claim,
        )
    if not after and bound.lower() in NEGATION_WORDS:
        return _negated_bound(bound, claim)
    if not after and bound.lower().split()[0] in COMPARING_WORDS:
        return Local(
            "FX503",
            f"'{bound}' beside the claim '{claim}' compares with the record's figure, a "
            "bound the record is not checked for; name what is compared between them "
            f'("than the baseline\'s [{claim}](…)") or say it without one '
            f'("against [{claim}](…)")',
            claim,
        )
    if not after:
        inside = f"{bound}{'' if not bound.isascii() else ' '}{claim}"
    elif bound in BOUND_SUFFIXES:  # Korean writes it a space apart: "94초 이내"
        spaced = "\uac00" <= bound[0] <= "\ud7a3"
        inside = f"{claim} {bound}" if spaced else f"{claim}{bound}"
    else:
        inside = f"{'at most' if BOUND_AFTER_WORDS[bound.lower()] == 'max' else 'at least'} {claim}"
    return Local(
        "FX503",
        f"'{bound}' beside the claim '{claim}' makes it a bound the record is not checked "
        f"for; where the record states that bound, write it inside the link ('[{inside}](…)'), "
        "where it checks it; else remove it",
        claim,
    )


def _difference_finding(word: str, claim: str) -> Local:
    """FX503 for a comparative after a claim of a quantity (:func:`compared_after`)."""
    return Local(
        "FX503",
        f"'{word}' after the claim '{claim}' makes it a difference from another value, which "
        "its record does not state; cite a record that states the difference ('saves [84 "
        "s](…)'), or set the two values side by side ('… against … on NFS')",
        claim,
    )


def _negated_bound(negation: str, claim: str) -> Local:
    """FX503 for a negation before a claim that states a bound ("not [under 1 ms](…)"),
    told the bound it says, written inside the link where the record checks it."""
    word = BOUND_CLAIM.match(claim)
    suffix = BOUND_SUFFIX.search(claim) if word is None else None
    if suffix is not None:  # "不在[40秒以内](…)": "40秒以上" (blind91)
        opposite = "以上" if BOUND_SUFFIXES[suffix.group()] == "max" else "以内"
        turned = f"{claim[: suffix.start()]}{opposite}"
    else:
        bound = BOUND_WORDS[word.group().strip().lower()] if word is not None else "max"
        turned = (
            f"{'at least' if bound == 'max' else 'at most'} {claim[word.end() if word else 0 :]}"
        )
    return Local(
        "FX503",
        f"'{negation}' before the claim '{claim}' turns its bound around ('{turned}'), and a "
        f"claim is checked only for what its link says: where the record states that bound, "
        f"write '[{turned}](…)'; else remove '{negation}'",
        claim,
    )


def _outside(
    candidates: tuple[Candidate, ...], block: Block, across: list[Candidate]
) -> tuple[Candidate, ...]:
    """``candidates`` of ``block`` but those inside a figure ``across`` its inline code read
    whole (in the text with its code, :attr:`Block.with_code`); a box's text (an image's) may
    not be drawn, and the run without it is told too."""
    assert block.with_code is not None
    at = _without_code(block.with_code, block.text)
    if at is None:  # the two texts do not line up: each figure is told
        return candidates
    boxed = block.with_code.boxed  # a box may not be drawn: the run without it is read too
    spans = [
        (at[c.start], at[c.end])
        for c in across
        if not any(s < c.end and c.start < e for s, e in boxed)
    ]
    return tuple(c for c in candidates if not any(s <= c.start and c.end <= e for s, e in spans))


def _without_code(with_code: Block, plain: str) -> list[int] | None:
    """For each index of ``with_code``'s text (and its end), the index in ``plain``: the
    same text without its code, spaces collapsed as the reader collapses them; None where
    the two do not line up."""
    inside = bytearray(len(with_code.text))
    for start, end in with_code.code:
        inside[start:end] = b"\x01" * (end - start)
    at: list[int] = []
    built: list[str] = []
    for i, char in enumerate(with_code.text):
        at.append(len(built))
        if inside[i] or (char == " " and (not built or built[-1] == " ")):
            continue
        built.append(char)
    at.append(len(built))
    return at if "".join(built).rstrip() == plain else None


def _across_code(block: Block) -> list[Candidate]:
    """The figures of a run read with its inline code that the code splits: a digit
    outside the code (``9<code>4 s</code>``, ``94 <code>s</code>``) or the figure's end
    after it (``<code>94</code> s``). A figure whose number and unit are all in code,
    with words around it ("above <code>1220px</code>", "a factor of <code>10</code>"),
    is code's; one wholly outside it was read with the run."""
    claims = tuple((s, e) for s, e, _ in block.claims)
    _, candidates, _ = _scan_text(block.text, claims, block.channel, block.role)
    text = block.text
    inside = bytearray(len(text))
    for start, end in block.code:
        inside[start:end] = b"\x01" * (end - start)
    found = []
    for c in candidates:
        if inside.find(1, c.start, c.end) == -1:
            continue
        outside = [i for i in range(c.start, c.end) if not inside[i] and not text[i].isspace()]
        if any(text[i].isdigit() for i in outside) or (
            outside and outside[-1] > inside.rfind(1, c.start, c.end)
        ):
            found.append(c)
    return found


def scan_file(
    rel: str,
    text: str,
    repeats: Repeats | None = None,
    kind: Kind | None = None,
    sheets: PageSheets = NO_SHEETS,
) -> FileScan:
    """Read one text file of a site (not ``evidence.json``), as its kind says (:mod:`.kinds`).

    ``repeats`` is :func:`~fxsite.verify.visible.page_text`'s memo of list items;
    ``kind``, when given, is the reader its bytes chose (a page sent without a type);
    ``sheets``, the stylesheet files a page loads (:mod:`.sheets`).
    """
    kind = kind or kind_of(rel)
    if kind in ("html", "xml"):
        return _scan_markup(text, kind, repeats, sheets=sheets)
    scan = FileScan()
    if kind == "json":
        try:
            data = loads(text)
        except PublishedJsonError as exc:
            scan.local.append(Local("FX612", f"not readable JSON: {exc}", line=1))
            return scan
        strings: list[str] = []
        json_strings(_without_file_names(rel, data), strings)
        blocks = [Block(normalise(s), "page") for s in strings if s.strip()]
    else:  # any other text: .txt, .csv, .md, .yaml, files without an extension…
        shown = pem_lines_blanked(text) if kind == "key" else text
        blocks = [Block(normalise(line), "page") for line in shown.splitlines()]
        # A CSV's header states units as a table's does: its bare numbers read with them.
        blocks += [
            Block(normalise(c.text), "page", unit=c.unit, said=c.said)
            for c in table_cells(rel, text)
        ]
    _scan_blocks(scan, blocks)
    return scan


def _without_file_names(rel: str, data: object) -> object:
    """The manifest's map of published files without their names: a file's name is no
    text a page shows (check and build read no URL as text), and the manifest names every
    file (blind79: a page ``3x-faster.md``, an image ``logo-2x.png``, refused by the audit
    alone, at the manifest)."""
    if rel != MANIFEST_NAME or not isinstance(data, dict):
        return data
    files = data.get("files")
    return {**data, "files": list(files.values())} if isinstance(files, dict) else data


def _scan_markup(
    text: str,
    kind: str,
    repeats: Repeats | None = None,
    channel: str = "page",
    sheets: PageSheets = NO_SHEETS,
) -> FileScan:
    """An HTML or XML file (or, with ``channel="article"``, a page's rendered content),
    styled by the stylesheet files ``sheets`` gives it too."""
    if too_deep(text):
        return FileScan(
            local=[
                Local(
                    "FX614",
                    f"cannot be read safely: it nests elements more than {MAX_NESTING} deep",
                    line=1,
                )
            ],
        )
    page = page_text(text, channel=channel, repeats=repeats, sheets=sheets)
    blocks, page.blocks = page.blocks, []
    scan = scan_page(page, blocks, kind, numbers=channel == "article")
    if channel == "article":  # a page's own sentence saying its estimate was measured
        labels = [c.attrs.get("data-fx-label", "") for c in page.claims]
        refs = [c.attrs.get("data-fx-ref", "") for c in page.claims]
        scan.local += [Local("FX319", m, w) for w, m in said_measured(blocks, labels, refs)]
        if "estimate" in labels:  # the heading, the box's title over its claim
            scan.local += [Local("FX319", m, w) for w, m in said_over(text)]
    scan.sheets = tuple(sheets.used.items())
    return scan


def article_boxes(blocks: list[Block]) -> list[tuple[int, int]]:
    """The article's boxes of ``blocks`` (see :attr:`FileScan.shown`)."""
    return [(hash(b.text), -1 if b.role else len(b.text)) for b in blocks if b.channel == "article"]


def scan_page(page: PageText, blocks: list[Block], kind: str, numbers: bool = False) -> FileScan:
    """What the gate keeps of a page (or an XML file) read into ``page`` and ``blocks``
    (``numbers``: its :attr:`FileScan.numbers` too)."""
    if kind == "html":
        scan = FileScan(page)
        scan.local += [
            Local("FX612", f"JSON-LD is not readable: {e}", line=1) for e in page.json_ld_errors
        ]
        scan.ticks = frozenset(t for c in page.charts for d in c.drawings for t in d.texts)
        # A search entry holds a page's article: its navigation need not be kept.
        scan.shown = Boxes(article_boxes(blocks), page.code)
        scan.phrases = frozenset(p for b in blocks if b.claims for p in claim_phrases(b))
        scan.titles = tuple(b.text for b in blocks if b.channel == "title")
    else:
        scan = FileScan()
    scan.local += [
        Local("FX614", f"cannot be read safely: {reason}", line=1) for reason in page.unreadable
    ]
    # Warnings are the published site's (the audit reports them), not the page's own text.
    scan.local += [Local.of(note) for note in page.notes if note.severity == "error"]
    _scan_blocks(scan, blocks, numbers)
    return scan


def scan_content(html: str, sheets: PageSheets = NO_SHEETS) -> FileScan:
    """What Markdown rendered of one page (no theme around it), read as the page's article,
    styled by the stylesheet files ``sheets`` gives it too (its ``extra_css``).

    The one reader of a page's own text: ``fxsite check``, the build and the
    standalone Markdown extension all judge a page by this (:mod:`fxsite.pages.judge`).
    """
    return _scan_markup(html, "html", channel="article", sheets=sheets)


_BEFORE_CLAIM = re.compile(
    f"(?:{word_alternation([*BOUND_WORDS, *APPROX_WORDS])})\\s*\\Z", re.IGNORECASE
)
_AFTER_CLAIM = re.compile(alternation([*BOUND_SUFFIXES, *APPROX_SUFFIXES]))


def claim_phrases(block: Block) -> list[str]:
    """Each claim of ``block`` with the bound or loose word written beside it, as shown.

    "expected to drop to about [220 s](…)" shows "about 220 s": a copy of the
    page (its search entry, a summary) may repeat that, not just "220 s".
    """
    out = []
    for start, end, _ in block.claims:
        before = _BEFORE_CLAIM.search(block.text, max(0, start - 24), start)
        after = _AFTER_CLAIM.match(block.text, end)
        if before is not None or after is not None:
            first = before.start() if before is not None else start
            last = after.end() if after is not None else end
            out.append(block.text[first:last])
    return out


def scan_search_entry(
    title: str,
    text: str,
    shown: Boxes = NO_BOXES,
    other: tuple[str, ...] = (),
    *,
    labels: bool = False,
) -> FileScan:
    """One entry of a search index: its title, text and ``other`` strings (tags…), as shown.

    Blocks whose text the page itself shows, as one box or as a run of its
    consecutive boxes that the index joined (``shown``, see :attr:`FileScan.shown`),
    were checked there, box by box, under rules no looser, and are skipped. Text the
    page shows as code is code in the entry too (:func:`_as_code`). With ``labels`` (an
    index whose entries are its pages' boxes, as Material's is: MkDocs' own flattens a
    page into runs), a block its page does not show may hold no word of an evidence label.
    """
    # Material draws a title as HTML too (a heading's code: "Saves <code>95 s</code>").
    titles = text_blocks(title)
    blocks = [*titles, *text_blocks(text)]
    blocks += [Block(normalise(s), "page") for s in other if s.strip()]
    blocks = [b for b in blocks if not shown.cover(b.text)]
    scan = FileScan()
    if labels and shown is not NO_BOXES:  # a label's word its page does not show (blind68)
        scan.local += [
            _unshown_label(b.text)
            for b in blocks
            if LABEL_WORDS.search(fold(b.text)) and not _shown(b, titles, shown)
        ]
    if shown.code:
        blocks = [read for block in blocks for read in _as_code(block, shown)]
    for block in blocks:
        block.channel = "page"
    _scan_blocks(scan, blocks)
    return scan


def _shown(block: Block, titles: list[Block], shown: Boxes) -> bool:
    """Whether a search entry's ``block`` is one of its page's boxes: a heading's with its
    permalink's mark (an entry's title is its heading's text without it)."""
    marks = ("", *PERMALINK_MARKS) if block in titles else ("",)
    return any(shown.holds(block.text + mark) for mark in marks)


def _unshown_label(text: str) -> Local:
    """A search entry's block its page does not show, with a word of a record's label: the
    search results would say "measured active" of an estimate whose page says "estimate"."""
    word = LABEL_WORDS.search(fold(text))  # look-alike letters as read: "meаsured"
    assert word is not None
    quoted = text if len(text) <= 80 else f"{text[:77]}..."
    return Local(
        "FX612",
        f"a search entry says '{quoted}', which its page does not show: '{word[0]}' is a "
        "word of an evidence label, and search results would show it",
        text[:40],
    )


def _as_code(block: Block, shown: Boxes) -> list[Block]:
    """``block`` of a search entry read with the page's code in it as code (an index that
    holds a page as plain text holds its code so: MkDocs' own search), as the page reads
    it: a figure inside code is not prose, one that crosses its edge is."""
    spans = shown.code_spans(block.text)
    if not spans:
        return [block]
    marked, at = [], 0
    for start, end in spans:
        marked += [escape(block.text[at:start]), f"<code>{escape(block.text[start:end])}</code>"]
        at = end
    return text_blocks("".join([*marked, escape(block.text[at:])]))


def digest(*parts: str) -> bytes:
    """A 16-byte digest of ``parts``, each with its length (joins cannot collide)."""
    hasher = hashlib.blake2b(digest_size=16)
    for part in parts:
        data = part.encode("utf-8", "surrogatepass")
        hasher.update(len(data).to_bytes(8, "little"))
        hasher.update(data)
    return hasher.digest()
