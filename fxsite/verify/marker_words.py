"""The words the build writes about evidence, re-rendered and compared (blind68).

A record page's head (its provenance: ID, issuer, date, document and hash, and the
sentence saying what the source does not publish), its model banner ("Model — not a
measurement") and status banner; the Evidence Library's summary ("4 records: 2 measured,
2 estimate") and label legend; a page's legend of markers; and each headline card's
source line and label ("Estimate · model E1"). A vendor who edits one after the build
(an issuer added, "Model — validated by measurement", "Measured · R1" on an estimate's
card) changes what a reader trusts without changing a figure. Each is written by one
render function; the gate calls the same function on the published evidence and compares
what a reader gets of both (every element with its attributes, and the text), as
:mod:`.markers` does for badges and setup rows.

What the build takes from outside the evidence is reused from the page: links (the
site's layout), the page's language, and the ID a legend shows its marks with.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from fxsite.evidence.library import Library
from fxsite.evidence.models import Record
from fxsite.evidence.refs import FigureRef
from fxsite.pages.sections import legend_example, marker_legend
from fxsite.render.library_index import legend, library_summary
from fxsite.render.library_pages import model_banner, notes_html, provenance, status_banner
from fxsite.render.messages import message
from fxsite.render.record_sheet import derived_rows, figure_rows
from fxsite.verify.generated_parts import stray_mark
from fxsite.verify.shown import PageText, Part, Shape
from fxsite.verify.visible import page_parts

__all__ = ["differs", "head_problems", "page_word_problems"]

#: A record page's head: the part's kind and what a message calls it.
_HEAD = {
    "provenance": "provenance",
    "model-banner": "model banner",
    "status-banner": "status banner",
}
#: The legend of a page's markers, for each set of labels it may show.
_LABEL_SETS: tuple[set[str], ...] = (set(), {"measured"}, {"estimate"}, {"measured", "estimate"})


@lru_cache(maxsize=256)  # the same legends and banners, page after page
def _rendered(html: str) -> tuple[Part, ...]:
    return tuple(page_parts(html))


def _shapes(html: str, kind: str) -> list[Shape]:
    return [p.shape for p in _rendered(html) if p.kind == kind]


def _links(parts: Iterable[Part]) -> dict[str, str]:
    return {text: href for part in parts for text, href in part.links}


def head_problems(
    page: PageText, record: Record, library: Library, lang: str
) -> list[tuple[str, str]]:
    """A record page's provenance and banners unlike those its evidence renders."""
    links = _links(p for p in page.parts if p.kind in _HEAD)

    def href_for(other: str, anchor: str) -> str:
        return links.get(other, "")

    document = record.source.document if record.source and record.source.document else None
    html = (
        provenance(record, links.get(document) if document else None, lang)
        + status_banner(record, href_for)
        + model_banner(record, library, href_for)
    )
    out = []
    for kind, name in _HEAD.items():
        shown = [p.shape for p in page.parts if p.kind == kind]
        wanted = _shapes(html, kind)
        if shown != wanted:
            told = differs(shown[0] if shown else None, wanted[0] if wanted else None)
            out.append((f"record {record.id}: its {name} {told}", f"fx-{kind}"))
    return out + _value_notes(page, record, library, lang)


#: What a figure row says of its figure, by kind of part, as a message names it.
_ROW_WORDS = {
    "value-notes": "the note beside its value",
    "row-what": "its description",
    "row-working": "its working",
    "row-label": "its label",
}


def _value_notes(
    page: PageText, record: Record, library: Library, lang: str
) -> list[tuple[str, str]]:
    """Each figure row's words unlike those its evidence renders (blind68): the notes
    beside its value ("stated in line 4 of R9.txt", from evidence.json's ``stated_in``),
    its description, a derived figure's working ("178 s ÷ 94 s = 1.9×"), its label badge
    (its tooltip too); and the record's notes."""
    rows = figure_rows(library, record, _no_link, lang) + derived_rows(
        library, record, _no_link, lang
    )
    # Each record's own rows: read once, not kept (the cache is for what pages repeat).
    rendered = page_parts(f"<table>{rows}</table>{notes_html(record, library, _no_link, lang)}")
    wanted = {(p.kind, p.key): p.shape for p in rendered if p.kind in _ROW_WORDS}
    out = []
    for part in page.parts:
        shape = wanted.get((part.kind, part.key))
        if part.kind in _ROW_WORDS and shape is not None and part.shape != shape:
            said = f"{part.key}: {_ROW_WORDS[part.kind]} {differs(part.shape, shape)}"
            out.append((said, part.label or part.key))
    shown = [p.shape for p in page.parts if p.kind == "record-notes"]
    notes = [p.shape for p in rendered if p.kind == "record-notes"]
    if shown != notes:
        told = differs(shown[0] if shown else None, notes[0] if notes else None)
        out.append((f"record {record.id}: its section of notes {told}", "fx-notes"))
    return out


def _no_link(record: str, anchor: str) -> str:
    return ""  # where links go is compared nowhere here (the site's layout)


def differs(shown: Shape | None, wanted: Shape | None) -> str:
    """How a part a page shows differs from its render: its words, else its markup."""
    if shown is None or wanted is None:
        return "is missing" if shown is None else "stands where its evidence renders none"
    if shown[1] != wanted[1]:
        at = next(
            (i for i, (a, b) in enumerate(zip(shown[1], wanted[1], strict=False)) if a != b),
            min(len(shown[1]), len(wanted[1])),
        )
        start = max(0, at - 24)
        return (
            f"says {_cut(shown[1], start)!r} where its evidence renders {_cut(wanted[1], start)!r}"
        )
    return (
        "says what its evidence renders, in other markup (an element or attribute added or "
        "changed: hidden, a style, a class)"
    )


def _cut(text: str, start: int = 0, most: int = 80) -> str:
    """``text`` from ``start`` (where two texts part), ``most`` characters of it, "…" for
    what is left out."""
    cut = text[start : start + most]
    return ("…" if start else "") + cut + ("…" if start + most < len(text) else "")


def page_word_problems(
    page: PageText, library: Library, lang: str, record: bool
) -> list[tuple[str, str]]:
    """A page's legends, library summary and card sources unlike what the evidence renders;
    a record's head on a page that is no record's (``record``: the page is one)."""
    out: list[tuple[str, str]] = []
    if not record:
        for part in page.parts:
            if part.kind in _HEAD:
                name = _HEAD[part.kind]
                out.append((f"a record's {name} stands on a page of no record", f"fx-{part.kind}"))
    for kind, html, name in (
        ("library-summary", library_summary(library, lang), "the Evidence Library's summary"),
        ("label-legend", legend(lang), "the legend of labels"),
    ):
        wanted = _shapes(html, kind)
        for part in page.parts:
            if part.kind == kind and [part.shape] != wanted:
                told = differs(part.shape, wanted[0] if wanted else None)
                out.append((f"{name} {told}", part.shape[1]))
    legends = [p for p in page.parts if p.kind == "marker-legend"]
    examples = _examples(page, library) if legends else []
    for part in legends:
        if not _a_legend(part, examples, lang):
            said = "the legend of the page's markers is none the build writes"
            out.append((f"{said}: it says {_cut(part.shape[1])!r}", part.shape[1]))
    out += [(stray_mark(p), p.label) for p in page.parts if p.kind == "stray-mark"]
    out += _cards(page, library, lang)
    return out


def _examples(page: PageText, library: Library) -> list[str]:
    """The IDs the build may show a legend's ID mark with: of a record the page cites or
    shows, the library's own (the Evidence Library's legend), or "R1" (none)."""
    cited = {n.attrs.get("data-fx-record", "") for n in page.claims}
    cited |= {
        parsed.record
        for ref, _, _ in page.rows.values()
        if (parsed := FigureRef.parse(ref)) is not None
    }
    cited |= {p.key for p in page.parts if p.kind in ("library", "source")}
    return sorted({r for r in cited if r in library.records} | {_libraries_own(library), "R1"})


#: The Evidence Library's legend's ID of the library asked about last, by identity (a
#: library is not changed once built): asked for every page, made once.
_OWN: dict[int, tuple[Library, str]] = {}


def _libraries_own(library: Library) -> str:
    """The ID the Evidence Library's legend shows its ID mark with."""
    known = _OWN.get(id(library))
    if known is None or known[0] is not library:
        ids = sorted(library.records)
        own = legend_example((rid, library.records[rid].label) for rid in ids)
        _OWN.clear()
        known = _OWN[id(library)] = (library, own)
    return known[1]


def _a_legend(part: Part, examples: list[str], lang: str) -> bool:
    """``part`` is a legend the build writes for some labels, its ID mark shown with one of
    ``examples``."""
    return any(
        _shapes(marker_legend(labels, lang, example), "marker-legend") == [part.shape]
        for labels in _LABEL_SETS
        for example in examples
    )


def _cards(page: PageText, library: Library, lang: str) -> list[tuple[str, str]]:
    """Each headline card's label and source line as its figure's label gives them."""
    out = []
    for part in page.parts:
        if part.kind != "stat":
            continue
        cited = FigureRef.parse(part.key)
        fig = library.figure(cited.record, cited.name) if cited is not None else None
        if fig is None:
            continue  # the claim in it is told as one to no figure
        source = message(f"stat.{fig.label}", lang, id=fig.record)
        wanted = ((("div", (("class", f"fx-stat fx-stat--{fig.label}"),)),), source)
        if part.shape != wanted:
            said = (
                f"the card of {part.key} is drawn as {_label_of(part)} and says "
                f"{part.label!r}; its figure is {fig.label}: '{source}'"
            )
            out.append((said, part.label or part.key))
    return out


def _label_of(part: Part) -> str:
    classes = dict(part.shape[0][0][1]).get("class", "") if part.shape[0] else ""
    marked = [c.removeprefix("fx-stat--") for c in classes.split() if c.startswith("fx-stat--")]
    return marked[0] if marked else "no label"
