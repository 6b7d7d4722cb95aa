"""The marks that say how far a figure can be trusted must show (blind61).

A page citing an estimate carries a note naming its models, every estimate's claim
its "est." mark, a record page its label and status badges and each figure row its
label. Tampered copies of the demo's published pages, read in-process as the gate
and the audit read them: a stylesheet or an attribute that hides a mark apart from
what it qualifies is FX612 (:mod:`fxsite.verify.trust_marks`); a note missing,
reworded or on a page with no estimate is FX612 (:mod:`fxsite.verify.markers`). The
near misses hide what the mark qualifies along with it, hide a measured figure's
record ID (fxsite's own stylesheet shows it once a section), or change nothing a
reader reads.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from sitekit import sub

from fxsite.evidence.library import Library, library_from_published
from fxsite.render.exports import loads
from fxsite.verify.markers import marker_problems
from fxsite.verify.notes import Note
from fxsite.verify.visible import page_text

ESTIMATES = "training-bubbles/index.html"  # cites E1 and E2
MEASURED = "checkpoint-acceleration/index.html"  # cites measurements only
RECORD = "evidence/E1/index.html"  # an estimate's record page
FAQ = "faq/index.html"  # generated: every page's questions
LIBRARY = "evidence/index.html"  # the Evidence Library's index: a row a record


def style(css: str) -> Callable[[str], str]:
    def apply(html: str) -> str:
        return html.replace("</head>", f"<style>{css}</style></head>", 1)

    return apply


_NOTE = r'<p class="fx-estimate-note">(.*?)</p>'

#: (name, page, tampering, what the finding says)
HIDDEN = [
    ("badges hidden", ESTIMATES, style(".md-typeset .fx-badge{display:none}"), "the mark 'est.'"),
    ("badge transparent", ESTIMATES, style("a .fx-badge{color:transparent}"), "the mark 'est.'"),
    ("note faded", ESTIMATES, style(".fx-estimate-note{opacity:0}"), "the note"),
    ("note shrunk", ESTIMATES, style("article p:nth-of-type(2){font-size:0}"), "the note"),
    ("note in a hidden div", ESTIMATES, sub(_NOTE, r"<div hidden><p class=fx-estimate-note>\1</p></div>"), "the note"),
    ("note's own style", ESTIMATES, sub(r'<p class="fx-estimate-note">', '<p class="fx-estimate-note" style="display:none">'), "the note"),
    ("row label hidden", RECORD, style("td .fx-label{visibility:hidden}"), "the label 'estimate'"),
    ("label cell moved off", RECORD, style(".fx-label-cell{position:absolute;left:-9999px}"), "the label 'estimate'"),
    ("record badges hidden", RECORD, style(".fx-record-badges{font-size:0}"), "the record's badges"),
    ("FAQ's note hidden", FAQ, style(".fx-estimate-note{display:none}"), "the note"),
    # Material sets the scheme's attribute when a reader chooses the dark one
    # its own style: every property the gate reads as hiding is read in a style attribute
    ("badge drawn as discs by its style", ESTIMATES, sub(r'(data-fx-label="estimate"[^>]*>[^<]*)<span class="fx-badge"', r'\1<span class="fx-badge" style="-webkit-text-security:disc"'), "the mark 'est.'"),
    ("badges hidden in the dark scheme", ESTIMATES, style("[data-md-color-scheme=slate] .fx-badge{display:none}"), "the mark 'est.'"),
    # elements a browser draws closed, or not at all with scripts on (blind67)
    ("note in a closed details", ESTIMATES, sub(_NOTE, r"<details><summary>Page notes</summary><p class=fx-estimate-note>\1</p></details>"), "the note"),
    ("note in noscript", ESTIMATES, sub(_NOTE, r"<noscript><p class=fx-estimate-note>\1</p></noscript>"), "the note"),
    ("note in a closed dialog", ESTIMATES, sub(_NOTE, r"<dialog><p class=fx-estimate-note>\1</p></dialog>"), "the note"),
    ("model banner in noscript", RECORD, sub(r'(<div class="fx-model-banner".*?</div>)', r"<noscript>\1</noscript>"), "the record's banner"),
    ("model banner hidden", RECORD, style(".fx-model-banner{display:none}"), "the record's banner"),
    ("record badges in noscript", RECORD, sub(r'(<[a-z]+ class="fx-record-badges".*?</(?:p|div|span)>)', r"<noscript>\1</noscript>"), "the record's badges"),
    # blind68: the words inside a mark hidden, not the mark
    ("model banner's paragraphs hidden", RECORD, style(".fx-model-banner > p{display:none}"), "the record's banner"),
    ("model banner's title shrunk", RECORD, style(".fx-model-banner-title{font-size:0}"), "the record's banner"),
    ("model banner's paragraph attribute", RECORD, sub(r'(<div class="fx-model-banner"[^>]*><p class="fx-model-banner-title")', r"\1 hidden"), "the record's banner"),
    ("note's link hidden", ESTIMATES, style(".fx-estimate-note a{visibility:hidden}"), "the note"),
    ("an estimate card's source hidden", "index.html", style(".fx-stat--estimate .fx-stat-source{display:none}"), "the source line 'Estimate · model E1'"),
    # blind71: painted over by its own outline, drawn inside it
    ("note under its outline", ESTIMATES, style(".fx-estimate-note{outline:1.8em solid #fff;outline-offset:-1.8em}"), "the note"),
    # blind77: the Evidence Library's rows, their labels and statuses, by the site's rules
    ("library rows hidden", LIBRARY, style("tr[data-fx-label]{display:none}"), "of a record in the Evidence Library"),
    ("library statuses shrunk", LIBRARY, style("td[data-label=Status] .fx-status{font-size:0}"), "the status 'active' of a record in the Evidence Library"),
    ("library labels hidden", LIBRARY, style(".fx-library td .fx-label{visibility:hidden}"), "of a record in the Evidence Library"),
]  # fmt: skip

#: (name, page, change): no FX612
SHOWN = [
    ("untouched", ESTIMATES, lambda html: html),
    ("a measured figure's record ID hidden", MEASURED, style(".fx-badge{display:none}")),
    ("the estimate hidden with its mark", ESTIMATES, style("a.fx-claim{display:none}")),
    ("a figure's row hidden with its label", RECORD, style("tr[data-fx-ref]{display:none}")),
    ("the mark restyled", ESTIMATES, style(".fx-badge{color:red;font-size:0.5em}")),
    ("the note restyled", ESTIMATES, style(".fx-estimate-note{border:0;color:#333}")),
    ("the screen readers' words", ESTIMATES, style(".fx-sr{display:none}")),
    ("a card hidden with its source", "index.html", style(".fx-stat--estimate{display:none}")),
    ("the banner restyled", RECORD, style(".fx-model-banner > p{color:#222;margin:0}")),
    # near misses: an open details, an open dialog, the note in a closed details' summary
    ("note in an open details", ESTIMATES, sub(_NOTE, r"<details open><summary>Notes</summary><p class=fx-estimate-note>\1</p></details>")),
    ("note in an open dialog", ESTIMATES, sub(_NOTE, r"<dialog open><p class=fx-estimate-note>\1</p></dialog>")),
    ("note as a closed details' summary", ESTIMATES, sub(_NOTE, r"<details><summary><p class=fx-estimate-note>\1</p></summary>More</details>")),
    ("the library's statuses restyled", LIBRARY, style("td[data-label=Status] .fx-status{color:teal}")),
    ("the library untouched", LIBRARY, lambda html: html),
    ("the library's labels light on the dark scheme", LIBRARY, style("[data-md-color-scheme=slate] .fx-library .fx-label{color:#eee}")),
]  # fmt: skip


@pytest.fixture(scope="module")
def published(demo_site: Path) -> Library:
    records = loads((demo_site / "evidence.json").read_text(encoding="utf-8"))["records"]
    return library_from_published(records)


def _hidden(html: str) -> list[str]:
    return [n.message for n in page_text(html).notes if n.code == "FX612"]


@pytest.mark.parametrize(("name", "page", "change", "says"), HIDDEN, ids=[h[0] for h in HIDDEN])
def test_a_hidden_mark_is_refused(
    demo_site: Path, name: str, page: str, change: Callable[[str], str], says: str
) -> None:
    found = _hidden(change((demo_site / page).read_text("utf-8")))
    assert found, name
    assert all(says in m and "let it show" in m for m in found), found


@pytest.mark.parametrize(("name", "page", "change"), SHOWN, ids=[s[0] for s in SHOWN])
def test_near_miss_nothing_a_mark_qualifies_reads_unmarked(
    demo_site: Path, name: str, page: str, change: Callable[[str], str]
) -> None:
    assert _hidden(change((demo_site / page).read_text("utf-8"))) == []


def test_the_badge_finding_names_its_claim(demo_site: Path) -> None:
    """Placed at the claim's own text, not at the first "est." of the page."""
    html = style(".fx-badge{display:none}")((demo_site / ESTIMATES).read_text("utf-8"))
    notes = [n for n in page_text(html).notes if n.code == "FX612"]
    assert {n.text for n in notes} >= {"400 s"}
    assert all(n.text and "est." not in n.text for n in notes)


#: (name, page, tampering, what the finding says)
NOTES = [
    ("note removed", ESTIMATES, sub(_NOTE, ""), "shows no estimate note"),
    ("FAQ's note removed", FAQ, sub(_NOTE, ""), "shows no estimate note"),
    ("note reworded", ESTIMATES, sub("not measurements", "projections"), "differs"),
    ("a model left out", ESTIMATES, sub(r", <a href=\"[^\"]*\">E2</a> \([^)]*\)", ""), "differs"),
    ("note doubled", ESTIMATES, sub(f"({_NOTE})", r"\1\1"), "2 estimate notes"),
    ("note on a measured page", MEASURED, sub("</h1>", '</h1><p class="fx-estimate-note">Figures marked est. are estimates.</p>'), "cites no estimate"),
]  # fmt: skip


def _note_problems(html: str, library: Library) -> list[str]:
    return [m for m, _ in marker_problems(page_text(html), library) if "estimate note" in m]


@pytest.mark.parametrize(("name", "page", "change", "says"), NOTES, ids=[n[0] for n in NOTES])
def test_a_tampered_note_is_refused(
    demo_site: Path,
    published: Library,
    name: str,
    page: str,
    change: Callable[[str], str],
    says: str,
) -> None:
    found = _note_problems(change((demo_site / page).read_text("utf-8")), published)
    assert len(found) == 1 and says in found[0], found


def test_a_record_row_added_does_not_excuse_a_missing_note(
    demo_site: Path, published: Library
) -> None:
    """A record page tells its estimates by its rows' labels; a content page dressed as one
    (a row added) is judged as one, and lacks its badges."""
    row = '<table><tr id="saves" data-fx-ref="E1#saves"><td class="fx-value">20</td></tr></table>'
    html = sub(_NOTE, row)((demo_site / ESTIMATES).read_text("utf-8"))
    assert marker_problems(page_text(html), published) != []


def _swap_models(html: str) -> str:
    """The note naming its two models in the other order."""
    note = re.search(_NOTE, html, re.DOTALL)
    assert note is not None
    links = re.findall(r'<a href="[^"]*">E\d</a> \([^)]*\)', note[1])
    assert len(links) == 2
    body = note[1].replace(links[0], "\0").replace(links[1], links[0]).replace("\0", links[1])
    return html.replace(note[1], body, 1)


@pytest.mark.parametrize("page", [ESTIMATES, FAQ, MEASURED, RECORD, "index.html"])
def test_near_miss_the_published_notes_pass(demo_site: Path, published: Library, page: str) -> None:
    assert _note_problems((demo_site / page).read_text("utf-8"), published) == []


def test_near_miss_the_models_in_another_order(demo_site: Path, published: Library) -> None:
    """A hero cites before the content the note orders by: its order is the note's."""
    html = _swap_models((demo_site / ESTIMATES).read_text("utf-8"))
    assert _note_problems(html, published) == []


def test_the_site_faq_notes_its_estimates_after_its_lead(demo_site: Path) -> None:
    """DESIGN.md: a visible note on every page that cites an estimate; the generated FAQ
    cites the pages' answers."""
    html = (demo_site / FAQ).read_text("utf-8")
    lead = html.index("<h1")
    note = html.index('<p class="fx-estimate-note">')
    between = html[lead:note]
    assert between.count("<p>") == 1  # its lead paragraph
    assert re.findall(r">(E\d)</a>", re.search(_NOTE, html, re.DOTALL)[1]) == ["E1", "E2"]  # type: ignore[index]


#: (row, a site stylesheet's text, refused): read on its own, as check reads docs/'s
#: stylesheets and the gate the published ones (blind65: check passed the first row).
SHEETS = [
    ("a figure row's label", ".md-typeset .fx-label { display: none !important; }", True),
    ("an estimate's mark", "a .fx-badge { visibility: hidden }", True),
    ("the estimate note, faded", "p.fx-estimate-note { opacity: 0 }", True),
    ("the record's badges, shrunk", ".fx-record-badges{font-size:0}", True),
    ("nested in a media rule", "@media print { .fx-label { display: none } }", True),
    # blind67: a badge drawn as a blot, pushed out of its box, faded to grey, or as discs
    (
        "dark on dark",
        ".md-typeset a.fx-claim--estimate .fx-badge{color:#333;background:#333}",
        True,
    ),
    ("light on light", ".fx-badge{background-color:#eee;color:#f2f2f2}", True),
    (
        "pushed out of its box",
        ".fx-badge{display:inline-block;width:3em;overflow:hidden;text-indent:100px}",
        True,
    ),
    ("no contrast", ".fx-badge{filter:contrast(0) brightness(1.9)}", True),
    ("drawn as discs", ".fx-badge{-webkit-text-security:disc}", True),
    # blind68: into a mark that holds words, and a card's source line
    ("the banner's paragraphs", ".fx-model-banner > p{display:none}", True),
    ("the banner's words, deeper", ".fx-model-banner p strong { visibility: hidden }", True),
    ("the note's links", ".fx-estimate-note a{font-size:0}", True),
    ("an estimate card's source", ".fx-stat--estimate .fx-stat-source{display:none}", True),
    # blind71: an outline drawn inside the mark, over its words
    (
        "the note under its own outline",
        ".md-typeset .fx-estimate-note { outline: 1.8em solid #fff; outline-offset: -1.8em }",
        True,
    ),
    ("a badge under its outline", "a.fx-claim--estimate .fx-badge{outline-offset:-.6em}", True),
    ("near miss: a focus ring", ".fx-badge:focus-visible { outline-offset: -2px }", False),
    (
        "near miss: an outline outside",
        ".fx-label { outline: 1px solid; outline-offset: 2px }",
        False,
    ),
    ("near miss: a sibling after a banner", ".fx-model-banner + p { display: none }", False),
    ("near miss: the banner's paragraphs restyled", ".fx-model-banner > p { margin: 0 }", False),
    ("near miss: dark on light", ".fx-badge{color:#333;background:#fff3e0}", False),
    ("near miss: an em of indent", ".fx-estimate-note{text-indent:1.5em}", False),
    ("near miss: more contrast", ".fx-badge{filter:contrast(1.2)}", False),
    ("near miss: a label restyled", ".fx-label { color: teal; font-weight: 700 }", False),
    ("near miss: inside a mark, not it", ".fx-label span.x { display: none }", False),
    ("near miss: a class that only starts alike", ".fx-labelled { display: none }", False),
    ("near miss: a whole row hidden", "tr.draft { display: none }", False),
    # blind77: a mark named by its class's modifier, the library's statuses
    ("a status by its modifier", "td .fx-status--retracted { font-size: 0 !important; }", True),
    ("a label by its modifier", ".fx-label--estimate { display: none }", True),
    (
        "near miss: a status by its modifier, restyled",
        ".fx-status--retracted { color: #b00 }",
        False,
    ),
    ("near miss: a class that only starts like a status", ".fx-statuses { display: none }", False),
    # the dark scheme's rules: Material sets the attribute when a reader chooses it
    ("hidden in the dark scheme", "[data-md-color-scheme=slate] .fx-badge { display: none }", True),
    ("dark on the dark scheme", '[data-md-color-scheme="slate"] .fx-label { color: #1e2029 }', True),
    ("white in the light scheme", "[data-md-color-scheme=default] .fx-label { color: #fff }", True),
    ("near miss: light on the dark scheme", "[data-md-color-scheme=slate] .fx-badge { color: #fff }", False),
    ("near miss: a custom dark scheme's light text", '[data-md-color-scheme="night"] .fx-label { color: #eee }', False),
]  # fmt: skip


#: (name, a site stylesheet's rule, refused): rules that would hide a record of the Evidence
#: Library, its label or its status. ``check`` and the build both read each site stylesheet
#: on its own (:func:`~fxsite.verify.scripts.code_notes`), and the build reads the library's
#: pages too: each row asserts that the page refuses nothing the sheet alone passes, so
#: the two cannot disagree (a rule for a status no record has is refused by both).
LIBRARY_SHEETS = [
    ("retracted rows", "tr[data-fx-status=retracted] { display: none }", True),
    ("every row", "tr[data-fx-label] { visibility: hidden }", True),
    ("a row by its place", ".md-typeset .fx-library tbody tr:nth-child(2) { font-size: 0 }", True),
    ("the whole table", ".fx-library { display: none }", True),
    ("its cells", ".fx-library td { opacity: 0 }", True),
    ("the status column", 'td[data-label="Status"] { display: none }', True),
    # a rule for the dark scheme alone: Material sets the attribute when a reader chooses it
    ("rows in the dark scheme", "[data-md-color-scheme=slate] tr[data-fx-status] { display: none }", True),
    ("near miss: titles hidden", '.fx-library td[data-label="Title"] { display: none }', False),
    ("near miss: retracted rows restyled", "tr[data-fx-status=retracted] { color: #b00 }", False),
    ("near miss: the filters hidden", ".fx-library-filters { display: none }", False),
    ("near miss: the whole article", "article { display: none }", False),
    ("near miss: rows in the dark scheme restyled", "[data-md-color-scheme=slate] tr { font-weight: 700 }", False),
]  # fmt: skip


@pytest.mark.parametrize(
    ("css", "refused"), [r[1:] for r in LIBRARY_SHEETS], ids=[r[0] for r in LIBRARY_SHEETS]
)
def test_check_and_the_build_refuse_a_sheet_hiding_library_rows_alike(
    demo_site: Path, css: str, refused: bool
) -> None:
    alone = _sheet_notes(css, "FX612")  # what check reads: the sheet
    assert bool(alone) is refused, alone
    if refused:
        assert "may hide records of the Evidence Library" in alone[0].message
    on_page = _hidden(style(css)((demo_site / LIBRARY).read_text("utf-8")))  # the build's too
    assert alone or not on_page, on_page


def _sheet_notes(css: str, code: str) -> list[Note]:
    """The notes of ``code`` for the site stylesheet ``css``, read on its own."""
    from fxsite.verify.scripts import code_notes

    return [n for n in code_notes("css/site.css", css.encode()) if n.code == code]


@pytest.mark.parametrize(("css", "refused"), [r[1:] for r in SHEETS], ids=[r[0] for r in SHEETS])
def test_a_site_stylesheet_may_not_hide_a_mark(css: str, refused: bool) -> None:
    notes = _sheet_notes(css, "FX612")
    assert bool(notes) is refused, notes
    if refused:
        assert "may hide a mark that says how far figures can be trusted" in notes[0].message


#: blind68: a trust mark written by hand in a page (a "measured" label beside an estimate's
#: claim); each is FX612 from the page's one reader, so `check` and `build` refuse it alike.
FORGED_MARKS = [
    ('<span class="fx-label fx-label--measured">measured</span>', True),
    ('<span class="fx-badge">R1</span>', True),
    ('<span class="fx-mark">est.</span>', True),
    ('<em><span class="fx-status fx-status--active">active</span></em>', True),
    ('<p class="fx-note"><span class="fx-label">spec</span></p>', True),
    # near misses: classes that only start alike, a plain label, a claim's own badge
    ('<span class="fx-labelled">measured</span>', False),
    ('<span class="label">measured</span>', False),
    ("[94 s](evidence:R1#save_time_fx100)", False),
]


@pytest.mark.parametrize(("html", "refused"), FORGED_MARKS)
def test_a_mark_written_by_hand_is_refused(html: str, refused: bool) -> None:
    from sitekit import PAGE_PATH, fixture_renderer, href_for, library

    from fxsite.markdown import check_page

    page = f"# T\n\nSaves took [94 s](evidence:R1#save_time_fx100) {html} today.\n"
    found = [f for f in check_page(page, PAGE_PATH, library(), href_for, fixture_renderer())[1]]
    forged = [
        f for f in found if f.code == "FX612" and "stands where the build writes none" in f.message
    ]
    assert bool(forged) is refused, found
    if refused:
        assert (forged[0].line, forged[0].path) == (3, PAGE_PATH)


#: blind71: text drawn by a stylesheet on a claim or a mark (``::after {content: "lab"}``
#: over an estimate's "est.") or holding a label's word is text a stylesheet writes (FX505,
#: FX506 in a build), read only as a browser draws it. (name, stylesheet, told)
DRAWN_ON_MARKS = [
    ("a word over an estimate's mark", 'a.fx-claim--estimate::after { content: "lab" }', True),
    ("inside a claim", '.md-typeset a.fx-claim--estimate span::after{content:"lab"}', True),
    ("on a badge", '.fx-badge::before { content: "verified " }', True),
    ("on a claim by its ref", 'a[data-fx-ref]::after { content: "*" }', True),
    ("a label's word anywhere", '.note::before { content: "Measured: " }', True),
    ("a label's word in look-alikes", '.x::after { content: "meаsured" }', True),
    ("near miss: nothing drawn on a claim", 'a[data-fx-ref]::after { content: "" }', False),
    ("near miss: a link's arrow", 'a[target="_blank"]::after { content: " ↗" }', False),
    ("near miss: a note's lead", '.note::before { content: "Note: " }', False),
    ("near miss: beside a claim, not on it", '.fx-badge + span::after { content: "→" }', False),
]


@pytest.mark.parametrize(
    ("css", "told"), [r[1:] for r in DRAWN_ON_MARKS], ids=[r[0] for r in DRAWN_ON_MARKS]
)
def test_text_a_stylesheet_draws_on_a_claim_or_a_mark_is_told(css: str, told: bool) -> None:
    from fxsite.verify.scripts import sheet_notes

    notes = [n for n in sheet_notes(css, "css/site.css") if n.code in ("FX505", "FX506")]
    assert bool(notes) is told, notes


@pytest.mark.parametrize(
    ("css", "refused"),
    [
        # blind77: a retracted record's status drawn over as "ACTIVE"
        ('td .fx-status--retracted::after { content: "ACTIVE" }', True),
        ('.fx-label--estimate::before { content: "lab" }', True),
        ('.fx-status--retracted::after { content: "" }', False),  # draws nothing
        ('.fx-statuses::after { content: "ACTIVE" }', False),  # no mark's class
    ],
)
def test_a_site_stylesheet_may_not_draw_on_a_mark_named_by_its_modifier(
    css: str, refused: bool
) -> None:
    notes = _sheet_notes(css, "FX505")
    assert bool(notes) is refused, notes
