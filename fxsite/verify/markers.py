"""Trust markers the build writes from the records, re-rendered and compared.

A record page's label and status badges and its setup table, the Evidence
Library's row for each record (that each record has one: :mod:`.library_listing`), a
content page's "Data sources" items and the note on a page that cites estimates say how
far a figure can be trusted ("measured", "local NVMe single drive", "est."); a
record page's invariants show the numbers each invariant computes, how far
apart they are and a pass mark ("✓ holds"); an evidence-consistency block, how the
library's figures agree (:func:`~fxsite.pages.consistency.render_consistency`, whole: its
document counts from ``evidence.json``'s ``stated_in``). Each is written by one render
function (:func:`~fxsite.render.library_pages.record_badges`,
:func:`~fxsite.render.library_pages.setup_rows`,
:func:`~fxsite.render.library_index.library_row`,
:func:`~fxsite.pages.sections.source_item`,
:func:`~fxsite.pages.sections.estimate_note`,
:func:`~fxsite.render.record_sheet.invariants_section`); the audit calls the
same function on the published evidence (whose invariants the library
recomputes) and compares what a reader gets of both (every element with its
attributes, and the text), never re-deriving the words.

The words the build writes about the evidence (a record page's provenance and banners,
legends, a card's source line, a figure row's description and notes) are compared in
:mod:`.marker_words`. A stylesheet that hides one is found where the page's styles are
applied (:mod:`.trust_marks`).

What the build takes from outside the evidence is reused from the page: the
links (their targets depend on the site's layout), a setup row's heading (the
site's ``setup_labels`` option) and the page's language.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import zip_longest

from fxsite.evidence.invariants import apart_text, computed_text
from fxsite.evidence.library import Library
from fxsite.evidence.models import Record
from fxsite.pages.claims import setup_anchor
from fxsite.pages.consistency import render_consistency
from fxsite.pages.language import DEFAULT, language_tag
from fxsite.pages.sections import estimate_note, source_item
from fxsite.render.chart_text import label_of
from fxsite.render.library_index import library_columns, library_row
from fxsite.render.library_pages import record_badges, setup_rows
from fxsite.render.record_sheet import invariants_section, unrounded_note
from fxsite.verify.marker_words import differs, head_problems, page_word_problems
from fxsite.verify.visible import PageText, Part, page_parts

__all__ = ["marker_problems"]


#: Pages repeat the same Data sources items, a few pages apart; a record page's badges
#: and setup rows are read once. 4,096 kept every record's (about 2 MiB at 400 records)
#: for the same gate CPU (benchmarks/scale.py at 4x: peak 99.4 -> 97.3 MiB).
@lru_cache(maxsize=256)
def _parts(html: str) -> tuple[Part, ...]:
    return tuple(page_parts(html))


def _one(html: str, kind: str) -> Part | None:
    found = [p for p in _parts(html) if p.kind == kind]
    return found[0] if len(found) == 1 else None


class _Fixed:
    """An ``href_for`` that gives the link the page shows."""

    def __init__(self, href: str) -> None:
        self.href = href

    def __call__(self, record: str, anchor: str) -> str:
        return self.href


def marker_problems(page: PageText, library: Library) -> list[tuple[str, str]]:
    """Each generated marker on ``page`` unlike what the evidence renders: (message, text)."""
    out: list[tuple[str, str]] = []
    records = {ref.split("#", 1)[0] for ref, _, _ in page.rows.values()}
    record = library.records.get(next(iter(records))) if len(records) == 1 else None
    lang = language_tag(page.lang) or DEFAULT
    if record is not None:
        out += _record_page(page, record)
        out += _invariants(page, record, library, lang)
        out += head_problems(page, record, library, lang)
    else:  # a record page tells its estimates by its rows' labels, and its legend
        out += _estimate_note(page, library, lang)
    out += _consistency(page, library, lang)
    out += page_word_problems(page, library, lang, record is not None)
    columns = library_columns(library)
    for part in page.parts:
        if part.kind not in ("library", "source"):
            continue
        where = "the Evidence Library" if part.kind == "library" else "Data sources"
        shown = library.records.get(part.key)
        if shown is None:
            out.append(
                (f"{where} lists record {part.key!r}, which the evidence does not define", part.key)
            )
            continue
        if part.kind == "library":
            row = library_row(shown, _Fixed(part.href), columns)
            html = f'<div class="fx-library"><table><tbody>{row}</tbody></table></div>'
        else:
            html = f'<ul class="fx-sources">{source_item(shown, _Fixed(part.href), lang)}</ul>'
        wanted = _one(html, part.kind)
        if wanted is None or wanted.shape != part.shape:
            out.append(
                (
                    f"{where}: the entry of record {part.key} differs from what its evidence renders",
                    part.key,
                )
            )
    return out


def _consistency(page: PageText, library: Library, lang: str) -> list[tuple[str, str]]:
    """Each evidence-consistency block unlike the one the published evidence renders: its
    counts, rows, the invariants and figures it lists, its closing sentence."""
    blocks = [p for p in page.parts if p.kind == "consistency" and p.key == "block"]
    if not blocks:
        return []
    shown = [p for p in page.parts if p.kind == "consistency" and p.key != "block"]
    links = [link for block in blocks for link in block.links]

    def href_for(record: str, anchor: str) -> str:
        for text, href in links:  # the block's own links, as the site's layout made them
            # a row's and an invariant's link read "R1", a missing figure's "R1 speedup"
            if text.split(" ", 1)[0] == record and (
                href.endswith(f"#{anchor}") if anchor else "#" not in href
            ):
                return href
        return f"#{anchor}" if anchor else ""  # a link the block lacks: still a link there

    html, _ = render_consistency("", "", 0, library, href_for, lang)
    wanted = [p for p in _parts(html) if p.kind == "consistency" and p.key != "block"]
    wanted *= len(blocks)
    for said, computed in zip_longest(shown, wanted):
        if said is None or computed is None or said.shape != computed.shape:
            where = said.label if said is not None else "fx-consistency"
            return [
                (
                    f"the evidence-consistency block shows {_said(said)} where the published "
                    f"records give {_said(computed)}",
                    where,
                )
            ]
    return []


def _said(part: Part | None) -> str:
    return repr(part.shape[1]) if part is not None else "nothing"


def _estimate_note(page: PageText, library: Library, lang: str) -> list[tuple[str, str]]:
    """The page's estimate note unlike the one the estimates it cites render (none where
    it cites none: DESIGN.md, "a visible note on every page that cites an estimate")."""
    estimates = [c for c in page.claims if c.attrs.get("data-fx-label") == "estimate"]
    # a chart's bars cite too: an estimate drawn in a chart alone has its note (blind78)
    charted = [
        ref.partition("#")[0]
        for chart in page.charts
        for _, _, ref, word in chart.rows
        if label_of(word) == "estimate"
    ]
    records = list(
        dict.fromkeys([*(c.attrs.get("data-fx-record", "") for c in estimates), *charted])
    )
    notes = [p for p in page.parts if p.kind == "note"]
    if not records and not notes:
        return []
    if any(r not in library.records for r in records):
        return []  # a claim to no record is told as such
    if not records:
        return [("the page shows an estimate note and cites no estimate", notes[0].shape[1])]
    named = ", ".join(records)
    if len(notes) != 1:
        shown = "no estimate note" if not notes else f"{len(notes)} estimate notes"
        where = estimates[0].text if estimates else records[0]
        return [(f"the page cites the estimates of {named} and shows {shown}", where)]
    links = dict(notes[0].links)
    # In the note's order, where it names them all: the build orders them by where the
    # page's content first cites each, and a hero stands before the content.
    if set(links) == set(records):
        records = list(links)
    html = estimate_note(records, library, lambda r, _: links.get(r, ""), lang)
    wanted = _one(html, "note")
    if wanted is None or wanted.shape != notes[0].shape:
        return [
            (
                f"the estimate note differs from the one the page's estimates render "
                f"(it cites those of {named})",
                notes[0].shape[1],
            )
        ]
    return []


def _record_page(page: PageText, record: Record) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    badges = [p for p in page.parts if p.kind == "badges"]
    wanted = _one(record_badges(record), "badges")
    changed = [b for b in badges if wanted is None or b.shape != wanted.shape]
    if not badges or changed:
        told = differs(changed[0].shape if changed else None, wanted.shape if wanted else None)
        out.append((f"record {record.id}: its badges {told}", "fx-record-badges"))
    setup = [p for p in page.parts if p.kind == "setup"]
    headings = {p.key: p.label for p in setup}
    labels = {k: headings[setup_anchor(k)] for k in record.setup if setup_anchor(k) in headings}
    html = f'<div class="fx-setup"><table><tbody>{setup_rows(record, labels)}</tbody></table></div>'
    rendered = [p for p in _parts(html) if p.kind == "setup"]
    # By row: evidence.json keeps a record's setup keys sorted, not in the YAML's order.
    shown_rows = {p.key: p.shape for p in setup}
    wanted_rows = {p.key: p.shape for p in rendered}
    if len(setup) != len(shown_rows) or shown_rows != wanted_rows:
        changed = [p for p in setup if wanted_rows.get(p.key) != p.shape]
        first = changed[0] if changed else None
        out.append(
            (
                f"record {record.id}: the setup table differs from the evidence"
                + (f" (shows {first.shape[1]!r})" if first else " (a row is missing or repeated)"),
                first.key if first else "fx-setup",
            )
        )
    return out


def _invariants(
    page: PageText, record: Record, library: Library, lang: str
) -> list[tuple[str, str]]:
    """The record page's invariant rows unlike those its recomputed invariants render."""
    shown = [p for p in page.parts if p.kind == "invariant"]
    links = {n.attrs.get("data-fx-ref", ""): n.attrs.get("href", "") for n in page.claims}
    hrefs = [
        v for p in shown for tag, attrs in p.shape[0] if tag == "a" for k, v in attrs if k == "href"
    ]

    def href_for(other: str, name: str) -> str:
        # A claim's link as the page shows it; a superseded input is a plain link to its row.
        ends = [h for h in hrefs if h.endswith(f"#{name}") and h != f"#{name}"]
        return links.get(f"{other}#{name}", ends[0] if ends else "")

    html = invariants_section(library, record, href_for, lang)
    wanted = [p for p in _parts(html) if p.kind == "invariant"]
    notes = [p.shape for p in page.parts if p.kind == "unrounded"]
    if notes != [p.shape for p in _parts(unrounded_note(library, record, lang))]:
        return [
            (f"record {record.id}: the unrounded values differ from the evidence's", "fx-unrounded")
        ]
    if [p.shape for p in shown] == [p.shape for p in wanted]:
        return []
    if len(shown) != len(wanted):
        return [
            (
                f"record {record.id}: the page shows {len(shown)} invariant rows; "
                f"its evidence renders {len(wanted)}",
                "fx-invariants",
            )
        ]
    at = next(i for i, (s, w) in enumerate(zip(shown, wanted, strict=True)) if s.shape != w.shape)
    first = wanted[at]
    # The rows after the table's heading are the record's invariants in order.
    position = sum(1 for w in wanted[:at] if w.key)
    checked = library.invariants.get(record.id, ())
    found = checked[position] if first.key and position < len(checked) else None
    computes = (
        f" (= {computed_text(found)}, apart {apart_text(found)}, "
        f"{'holds' if found.holds else 'fails'})"
        if found is not None
        else ""
    )
    return [
        (
            f"record {record.id}: the invariant {first.key or 'table heading'!r} differs from "
            f"what its evidence computes{computes}",
            "fx-invariants",
        )
    ]
