"""Claims to a superseded record, pointed at the record that supersedes it (``fxsite fix``).

A claim to a superseded record is refused (FX407: "cite that instead", blind72: a record
superseded left some 25 such claims, and ``fix`` did nothing for them). Where the record
named by ``superseded_by`` is active and has a figure of the same name, the claim's
destination is rewritten, ``evidence:M1#read`` to ``evidence:M2#read``, wherever the page
writes it (an inline link, a reference definition, a stats block's line), and so is a
table's cell or a chart's ``ref`` (``M1#read`` to ``M2#read``): the check's FX407 findings
give those at the reference itself, as the block's reader placed them (blind73: fix said
"0 left to cite by hand" and exited 0 while check refused four such cells). Decisions:

* A place is a claim when the page, checked with it pointed at the successor, has one
  FX407 of its record fewer: a destination in code, an HTML comment, inline code or prose
  is no claim, and is neither rewritten nor told as left (blind73: 13 "left" where check
  refused 8).
* A rewrite is kept only when the page, checked again, has the findings it had less that
  claim's FX407 (a finding's code, message and text: positions move). Where the new figure
  states another value (FX403, FX404, FX405), the claim is left and reported with what the
  new figure states: the text on a page is the writer's to change, never the tool's. Where
  the check refuses it there for another reason (an estimate the sentence calls measured,
  FX319; a link title, FX408), that reason is told. A block's cell or bar writes no value
  of its own (it shows what its record states), so there the successor's value stands for
  the old one.
* A rewrite is kept only when the successor's figure measures what the claim's did
  (:func:`_measures_otherwise`): the same ``what`` where both say one (compared by its
  words, case, width and punctuation aside; a figure that says none leaves it to the
  sentence), the same label, and a unit of the same quantity (dimension and
  currency). A figure of the same name and value that is a modelled write bandwidth does
  not back a sentence about a measured read bandwidth (blind73); a label that changes
  changes the claim's badge, whichever way, so it is always the writer's call. A claim to
  a figure the superseded record lacks (its FX402 behind the FX407) has nothing to compare
  with, and is left.
* A successor that is itself superseded or retracted, or unknown, or that has no figure of
  the name, is reported and nothing is written (following a chain of records is the
  writer's call); a successor that is retracted is told as retracted, not "retracted too"
  of a record that is superseded (blind73).
* Destinations are rewritten from the page's end, so each one's place in the page as it
  was stays right for the ones before it; each is judged with the rewrites after it kept.

Every other claim the page's check refuses (its text no longer the value its record
states, after the record changed; an unknown figure) is left, and told with the check's
message (:func:`claims_left`): ``fix`` said "0 left to cite by hand" while ``check``
refused them (blind72).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass

from fxsite.authoring.fix_types import Change, Unfixed, offset_of
from fxsite.evidence.library import FigureValue, Library
from fxsite.evidence.quantities import format_quantity
from fxsite.evidence.refs import FigureRef
from fxsite.evidence.units import UNITS
from fxsite.findings import Finding
from fxsite.markdown import PageRenderer, check_page
from fxsite.pages.claims import check_href

__all__ = ["claims_left", "repoint"]

_REF = r"(?P<record>[A-Za-z][A-Za-z0-9_]{0,31})#(?P<figure>[a-z][a-z0-9_]{0,63})"
#: An evidence link's destination, wherever the page writes it.
_DEST = re.compile(f"evidence:{_REF}")
#: A table's cell or a chart's ``ref``: the reference alone.
_CELL = re.compile(_REF)

#: The findings of a claim's text against its figure's value: the successor states another.
_VALUE_CODES = frozenset({"FX403", "FX404", "FX405"})

Keys = Counter[tuple[str, str, str | None]]


@dataclass(frozen=True)
class _Place:
    """Where the page names a superseded record's figure: ``source[start:end]``, written
    after ``prefix`` (``evidence:`` in a link, nothing in a block's cell)."""

    start: int
    end: int
    record: str
    figure: str
    prefix: str

    def written(self, ref: str) -> str:
        return f"{self.prefix}{ref}"


def _keys(findings: list[Finding]) -> Keys:
    return Counter((f.code, f.message, f.text) for f in findings)


def _by_text(keys: Keys) -> Counter[tuple[str, str | None]]:
    """``keys`` counted by code and text alone, whatever their messages say."""
    counted: Counter[tuple[str, str | None]] = Counter()
    for (code, _, text), n in keys.items():
        counted[(code, text)] += n
    return counted


def _line_col(text: str, at: int) -> tuple[int, int]:
    line = text.count("\n", 0, at) + 1
    return line, at - (text.rfind("\n", 0, at) + 1) + 1


def _superseded(keys: Keys, record_id: str) -> int:
    """How many of the page's claims are refused as citing superseded ``record_id``."""
    said = f"record {record_id} is superseded by "
    return sum(
        n for (code, message, _), n in keys.items() if code == "FX407" and message.startswith(said)
    )


def _places(source: str, findings: list[Finding], library: Library) -> list[_Place]:
    """Every place ``source`` names a superseded record's figure: each evidence
    destination, and each block cell the check refused as one (FX407 at the reference)."""
    places = [
        _Place(m.start(), m.end(), m["record"], m["figure"], "evidence:")
        for m in _DEST.finditer(source)
        if (r := library.records.get(m["record"])) is not None and r.status == "superseded"
    ]
    named = {p.end - len(f"{p.record}#{p.figure}") for p in places}
    for finding in findings:
        cell = _CELL.fullmatch(finding.text or "") if finding.code == "FX407" else None
        if cell is None:
            continue
        at = offset_of(source, finding.line, finding.col)
        at += source[at : at + 1] in ("'", '"')  # a quoted cell: its position is the quote's
        if source[at : at + cell.end()] == cell[0] and at not in named:
            places.append(_Place(at, at + cell.end(), cell["record"], cell["figure"], ""))
    return sorted(places, key=lambda p: p.start)


def _successor(record_id: str, figure: str, library: Library) -> tuple[FigureRef | None, str]:
    """The figure a claim to superseded ``record_id#figure`` may cite, or None and why."""
    record = library.records[record_id]
    successor = record.superseded_by or ""
    after = library.records.get(successor)
    if after is None:
        return None, f"{record_id} is superseded by {successor!r}, which is not a record"
    if after.status == "superseded":
        return None, f"{record_id} is superseded by {successor}, which is superseded too"
    if after.status != "active":
        return None, (
            f"{record_id} is superseded by {successor}, which is {after.status}: "
            "cite a record that stands, by hand"
        )
    if library.figure(successor, figure) is None:
        return None, f"{successor}, which supersedes {record_id}, has no figure '{figure}'"
    return FigureRef(successor, figure), ""


def _words(what: str | None) -> list[str]:
    """A figure's ``what`` as its words, case, width and punctuation aside."""
    return re.findall(r"\w+", unicodedata.normalize("NFKC", what or "").casefold())


def _quantity(unit: str) -> tuple[str, str | None]:
    known = UNITS.get(unit)
    return (unit, None) if known is None else (known.dimension, known.currency)


def _measures_otherwise(old_ref: str, old: FigureValue | None, new: FigureValue) -> str | None:
    """How ``new`` measures something else than ``old`` (its ``what``, its label, its
    unit's quantity), as fix tells the claim it leaves; None when it measures the same.
    A claim to a figure the superseded record lacks (FX402 behind its FX407) has nothing
    to compare with: it is left."""
    if old is None:
        return (
            f"{old_ref} is no figure of its record: cite {new.ref} by hand if it states "
            "what the page says"
        )
    differs = []
    if old.what and new.what and _words(old.what) != _words(new.what):
        differs.append(f"measures {new.what!r} ({old.ref}: {old.what!r})")
    if old.label != new.label:
        differs.append(f"is labelled {new.label} ({old.ref}: {old.label})")
    if _quantity(old.unit) != _quantity(new.unit):
        differs.append(f"is in {new.unit} ({old.ref}: {old.unit})")
    if not differs:
        return None
    return (
        f"{new.ref} {' and '.join(differs)}: not what {old.ref} stated; "
        f"cite {new.ref} by hand once the page says what it states"
    )


def _refused(new: FigureValue, added: list[Finding]) -> str:
    """Why the claim does not pass at ``new``: what it states, when the claim's text is not
    its value; else the check's own finding there."""
    if all(f.code in _VALUE_CODES for f in added):
        shown = format_quantity(new.low, new.high, new.unit, new.decimals, new.bound)
        shown = shown.replace("\u00a0", " ")  # as a writer types it
        return f"{new.ref} states {shown}: write it in the claim's text, then run fix"
    first = next(f for f in added if f.code not in _VALUE_CODES)
    return f"citing {new.ref}, the claim would be refused: {first.code} {first.message}"


def repoint(
    source: str, path: str, library: Library, renderer: PageRenderer | None = None
) -> tuple[str, list[Change], list[Unfixed]]:
    """``source`` with each claim to a superseded record pointed at the record that
    supersedes it where the claim's text passes there; what changed, and what did not."""
    stale = [rid for rid, r in library.records.items() if r.status == "superseded"]
    if not any(f"{rid}#" in source for rid in stale):  # a page naming none: no check
        return source, [], []
    found = check_page(source, path, library, check_href, renderer)[1]
    places = _places(source, found, library)
    if not places:
        return source, [], []
    current, before = source, _keys(found)
    changes: list[Change] = []
    unfixed: list[Unfixed] = []
    for place in reversed(places):
        line, col = _line_col(source, place.start)
        was = source[place.start : place.end]
        ref, why = _successor(place.record, place.figure, library)
        successor = library.records[place.record].superseded_by or ""
        dest = place.written(str(ref) if ref else f"{successor}#{place.figure}")
        candidate = current[: place.start] + dest + current[place.end :]
        checked = check_page(candidate, path, library, check_href, renderer)[1]
        after = _keys(checked)
        if _superseded(after, place.record) >= _superseded(before, place.record):
            continue  # in code, a comment, prose: no claim
        if ref is None:
            unfixed.append(Unfixed(line, col, was, why))
            continue
        new = library.figure(ref.record, ref.name)
        assert new is not None  # _successor found it
        old = library.figure(place.record, place.figure)
        # A finding the rewrite added, by its code and text: another line's finding whose
        # advice changed with the claim (blind80: "did you mean" the new record) is no new one.
        grown = _by_text(after) - _by_text(before)
        added = [f for f in checked if grown[(f.code, f.text)] > 0]
        old_ref = f"{place.record}#{place.figure}"
        reason = _refused(new, added) if added else _measures_otherwise(old_ref, old, new)
        if reason is not None:
            unfixed.append(Unfixed(line, col, was, reason, (new.ref,)))
            continue
        current, before = candidate, after
        changes.append(Change(line, col, was, dest))
    return current, changes[::-1], unfixed[::-1]


def claims_left(
    text: str, path: str, library: Library, renderer: PageRenderer | None
) -> list[Unfixed]:
    """The claims ``text``'s check refuses, as what ``fix`` leaves (a superseded record's,
    FX407, :func:`repoint` tells already)."""
    findings = check_page(text, path, library, check_href, renderer)[1]
    return [
        Unfixed(f.line, f.col, f.text or "", f"{f.code} {f.message}")
        for f in findings
        if f.on_claim and f.code != "FX407" and f.severity == "error"
    ]
