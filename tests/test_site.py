"""The built clean fixture site and the demo site: claims, record pages, cited-by,
data sources, related reading, estimate notes, FAQ JSON-LD, evidence.json/csv,
escaping of record text, reproducibility and a link checker over every page."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup, Tag
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from sitekit import (
    CLEAN,
    ROOT,
    build_site,
    build_site_here,
    html_pages,
    ids,
    library,
    resolve_href,
    soup,
    tree_bytes,
)

from fxsite.evidence.schema import SCHEMA_ID, record_schema
from fxsite.pages.claims import setup_anchor
from fxsite.render.exports import EVIDENCE_JSON_SCHEMA

pytestmark = pytest.mark.slow

CONTENT = ["index.html", "analysis/index.html", "derived/index.html", "hostile/index.html"]
RECORDS = ["E1", "R1", "R2", "R3", "X1"]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_site_here(CLEAN, tmp_path_factory.mktemp("clean") / "site")


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_site_here(ROOT, tmp_path_factory.mktemp("demo") / "site")


@pytest.fixture(scope="module")
def evidence(site: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((site / "evidence.json").read_text(encoding="utf-8"))
    return data


def _claims(page: BeautifulSoup) -> list[Tag]:
    return page.select("article a.fx-claim")


def _section_after(page: BeautifulSoup, heading_id: str) -> Tag:
    heading = page.find(id=heading_id)
    assert isinstance(heading, Tag), heading_id
    nxt = heading.find_next_sibling()
    assert isinstance(nxt, Tag)
    return nxt


def _resolves(
    site_dir: Path, page: Path, href: str, read: dict[Path, set[str]] | None = None
) -> str | None:
    """Why an internal href does not resolve, or None.

    ``read`` keeps the ids of each page read so far, for a caller checking many links.
    """
    target, fragment = resolve_href(site_dir, page, href)
    if target is None:
        return None
    if not target.is_file():
        return f"{href}: no file {target}"
    if not target.resolve().is_relative_to(site_dir.resolve()):
        return f"{href}: outside the site"
    if fragment and target.suffix == ".html":
        read = {} if read is None else read
        if target not in read:
            read[target] = ids(soup(target))
        if fragment not in read[target]:
            return f"{href}: no id '{fragment}' in {target.relative_to(site_dir)}"
    return None


# -- claims ------------------------------------------------------------------


def test_claims_link_to_existing_record_anchors(site: Path) -> None:
    seen = 0
    for name in CONTENT:
        page_file = site / name
        for a in _claims(soup(page_file)):
            seen += 1
            href = str(a["href"])
            assert _resolves(site, page_file, href) is None
            target, fragment = resolve_href(site, page_file, href)
            assert target == (site / "evidence" / str(a["data-fx-record"]) / "index.html").resolve()
            figure = str(a["data-fx-figure"])
            expected = (
                setup_anchor(figure.removeprefix("setup."))
                if figure.startswith("setup.")
                else figure
            )
            assert fragment == expected
    assert seen >= 15


def test_claim_attributes_and_tooltip(site: Path) -> None:
    page = soup(site / "index.html")
    first = _claims(page)[0]
    assert first["href"] == "evidence/R1/#save_time_baseline"
    assert first["class"] == ["fx-claim", "fx-claim--measured"]
    assert first["title"] == (
        "Save time, baseline · vs local NVMe single drive · measured, report R1 · 2026-03-14"
    )
    assert (first["data-fx-ref"], first["data-fx-value"], first["data-fx-unit"]) == (
        "R1#save_time_baseline",
        "178",
        "s",
    )
    assert (first["data-fx-label"], first["data-fx-decimals"]) == ("measured", "0")
    assert first.find(class_="fx-badge").get_text() == "R1"  # type: ignore[union-attr]
    filled = [a for a in _claims(page) if a["data-fx-ref"] == "R1#load_speedup"]
    assert [a.contents[0] for a in filled] == ["6.2–9.3×"]
    assert (filled[0]["data-fx-min"], filled[0]["data-fx-max"]) == ("6.2", "9.3")
    setup = [a for a in _claims(page) if a["data-fx-label"] == "setup"]
    assert [a.contents[0] for a in setup] == ["local NVMe single drive"]


def test_claims_on_an_estimate_page_carry_the_estimate_label(site: Path) -> None:
    labels = {
        str(a["data-fx-ref"]): a["data-fx-label"]
        for a in _claims(soup(site / "derived/index.html"))
    }
    assert labels == {"R1#bubble_share": "estimate", "R1#bandwidth_fx100": "measured"}


def test_code_stays_code(site: Path) -> None:
    page = soup(site / "index.html")
    code = page.select("article pre code")
    assert [c.get_text() for c in code] == ["code is not prose: 178 s, 1.9x, 50%\n"]


# -- the Evidence Library ----------------------------------------------------


@pytest.mark.parametrize("record", RECORDS)
def test_record_page_has_an_anchor_per_figure(
    site: Path, evidence: dict[str, Any], record: str
) -> None:
    page = soup(site / "evidence" / record / "index.html")
    expected = sorted(f["name"] for f in evidence["figures"] if f["record"] == record)
    rows = sorted(str(tr["id"]) for tr in page.select(".fx-figures tr[id]"))
    assert rows == expected
    for tr in page.select(".fx-figures tr[id]"):
        assert tr["data-fx-ref"] == f"{record}#{tr['id']}"
    # every setup condition has its own anchor too, for setup claims
    record_data = next(r for r in evidence["records"] if r["id"] == record)
    setup_rows = sorted(str(tr["id"]) for tr in page.select(".fx-setup tr[id]"))
    assert setup_rows == sorted(setup_anchor(k) for k in record_data.get("setup", {}))


def test_derived_figures_show_formula_and_linked_inputs(site: Path) -> None:
    page_file = site / "evidence" / "R1" / "index.html"
    row = soup(page_file).find("tr", id="bubble_share")
    assert isinstance(row, Tag)
    # the working in numbers (another record's as claims), then the formula's names
    working = " ".join(row.select_one(".fx-formula").get_text().split())  # type: ignore[union-attr]
    assert working.startswith("178 s × ") and working.endswith(" × 100 = 9.9%")
    assert "save_time_baseline × E1.saves ÷ E1.run_duration × 100" in row.get_text()
    inputs = [str(a["href"]) for a in row.select(".fx-formula > a")]
    assert inputs == ["#save_time_baseline", "../E1/#saves", "../E1/#run_duration"]
    for href in inputs:
        assert _resolves(site, page_file, href) is None
    assert row.select_one(".fx-value").get_text() == "9.9%"  # type: ignore[union-attr]


def test_cited_by_links_resolve_and_name_the_citing_pages(site: Path) -> None:
    page_file = site / "evidence" / "R1" / "index.html"
    row = soup(page_file).find("tr", id="save_time_baseline")
    assert isinstance(row, Tag)
    cited = row.select(".fx-cited-by > li > a")
    assert sorted(a.get_text() for a in cited) == ["Fixture analysis", "Fixture home"]
    for a in row.select(".fx-cited-by a"):
        assert _resolves(site, page_file, str(a["href"])) is None
    uncited = soup(site / "evidence" / "R3" / "index.html").find("tr", id="save_time_fx100")
    assert isinstance(uncited, Tag) and uncited.select_one(".fx-cited-by-none") is not None


def test_library_index_lists_every_record(site: Path) -> None:
    page_file = site / "evidence" / "index.html"
    rows = soup(page_file).select(".fx-library tbody tr")
    assert [tr.td.get_text() for tr in rows] == RECORDS  # type: ignore[union-attr]
    counts = {tr.td.get_text(): tr.select_one(".fx-count").get_text() for tr in rows}  # type: ignore[union-attr]
    assert counts == {"E1": "1", "R1": "3", "R2": "0", "R3": "0", "X1": "1"}
    for tr in rows:
        assert _resolves(site, page_file, str(tr.a["href"])) is None  # type: ignore[index]
    statuses = {tr.td.get_text(): tr["data-fx-status"] for tr in rows}  # type: ignore[union-attr]
    assert statuses["R2"] == "superseded" and statuses["R3"] == "retracted"


def test_superseded_record_page_links_its_successor(site: Path) -> None:
    page_file = site / "evidence" / "R2" / "index.html"
    banner = soup(page_file).select_one(".admonition.warning")
    assert banner is not None and "superseded by R1" in banner.get_text()
    assert _resolves(site, page_file, str(banner.a["href"])) is None  # type: ignore[index]


# -- generated sections on content pages --------------------------------------


@pytest.mark.parametrize(
    ("name", "records"),
    [
        ("index.html", ["R1"]),
        ("analysis/index.html", ["E1", "R1"]),
        ("derived/index.html", ["R1"]),
        ("hostile/index.html", ["X1"]),
    ],
)
def test_data_sources_list_the_cited_records(site: Path, name: str, records: list[str]) -> None:
    page_file = site / name
    listing = _section_after(soup(page_file), "data-sources")
    links = listing.select("li > a")
    assert [a.get_text() for a in links] == records
    for a in links:
        assert _resolves(site, page_file, str(a["href"])) is None


def test_related_reading_front_matter_first_then_shared_evidence(site: Path) -> None:
    page_file = site / "index.html"
    listing = _section_after(soup(page_file), "related-reading")
    assert [li.get_text() for li in listing.select("li")] == [
        "Fixture analysis",  # front matter
        "A title-only entry",  # front matter, no link
        "Fixture derived",  # shares R1 (DESIGN: "front matter related: plus pages sharing evidence")
    ]
    assert listing.select("li")[1].a is None
    for a in listing.select("a"):
        assert _resolves(site, page_file, str(a["href"])) is None


def test_related_reading_from_shared_evidence_only(site: Path) -> None:
    listing = _section_after(soup(site / "derived/index.html"), "related-reading")
    # not "Fixture home", which shares R1: the home page is no related reading (blind72)
    assert [li.get_text() for li in listing.select("li")] == ["Fixture analysis"]


@pytest.mark.parametrize(
    ("name", "estimates"),
    [
        ("analysis/index.html", ["E1"]),  # direct
        ("derived/index.html", ["R1"]),  # via a derived figure
        ("hostile/index.html", ["X1"]),  # a figure's own label
        ("index.html", []),
    ],
)
def test_estimate_note(site: Path, name: str, estimates: list[str]) -> None:
    """One neutral sentence after the lead, naming the models; details on their pages."""
    page = soup(site / name)
    notes = page.select("article p.fx-estimate-note")
    if not estimates:
        assert notes == []
        return
    (note,) = notes
    assert [a.get_text() for a in note.select("a")] == estimates
    assert "est." in note.get_text()
    # After the lead paragraph, not above it.
    previous = note.find_previous_sibling()
    assert previous is not None and previous.name == "p", previous
    for a in note.select("a"):
        assert _resolves(site, site / name, str(a["href"])) is None


def _visible(tag: Tag) -> str:
    for hidden in tag.select(".fx-badge, .fx-sr, .headerlink"):
        hidden.decompose()
    return " ".join(tag.get_text().split())


def test_faq_and_its_json_ld_agree(site: Path) -> None:
    page = soup(site / "analysis/index.html")
    scripts = page.head.select('script[type="application/ld+json"]')  # type: ignore[union-attr]
    assert len(scripts) == 1
    data = json.loads(scripts[0].string or "")
    assert (data["@context"], data["@type"]) == ("https://schema.org", "FAQPage")
    heading = page.find(id="frequently-asked-questions")
    assert isinstance(heading, Tag)
    visible = []
    for h3 in heading.find_all_next("h3"):
        answer = []  # every paragraph up to the next heading, as a reader reads it
        for sibling in h3.find_next_siblings():
            if sibling.name in ("h2", "h3"):
                break
            if sibling.name == "p":
                # as the JSON-LD writes it: an estimate's figure followed by its label
                for claim in sibling.select("a.fx-claim[data-fx-label=estimate]"):
                    claim.insert_after(" (estimate)")
                answer.append(_visible(sibling))
        visible.append((_visible(h3), " ".join(answer)))
    ld = [(q["name"], " ".join(q["acceptedAnswer"]["text"].split())) for q in data["mainEntity"]]
    assert ld == visible
    assert ld == [
        (
            "How many saves does the model assume?",
            "The model assumes 20 (estimate) saves per run, each taking 178 s.",
        ),
        (  # Markdown read as a reader reads it: no asterisks or backticks
            "Is the FX100 faster?",
            "Yes: saves are 1.9× faster, as fxsite audit checks on the home page. "
            "A second paragraph says so again.",
        ),
    ]
    # the answers' claims are rendered claims
    assert heading.find_next("a", class_="fx-claim")["data-fx-ref"] == "E1#saves"  # type: ignore[index]


def test_pages_without_faq_have_no_json_ld(site: Path) -> None:
    assert soup(site / "index.html").select('script[type="application/ld+json"]') == []


def test_site_faq_page_links_back(site: Path) -> None:
    page_file = site / "faq" / "index.html"
    page = soup(page_file)
    back = page.select("article h2 a:not(.headerlink)")
    assert [a.get_text() for a in back] == ["Fixture analysis"]
    assert _resolves(site, page_file, str(back[0]["href"])) is None
    assert [h.get_text().rstrip("¶") for h in page.select("article h3")] == [
        "How many saves does the model assume?",
        "Is the FX100 faster?",
    ]


# -- machine-readable evidence -------------------------------------------------


def test_evidence_json_validates_against_its_schema(evidence: dict[str, Any]) -> None:
    registry: Registry[Any] = Registry().with_resource(
        SCHEMA_ID, Resource.from_contents(record_schema())
    )
    validator = Draft202012Validator(EVIDENCE_JSON_SCHEMA, registry=registry)
    assert [e.message for e in validator.iter_errors(evidence)] == []
    # and the schema is not vacuous
    assert list(validator.iter_errors({**evidence, "records": [{"id": "R1"}]}))
    assert list(validator.iter_errors({**evidence, "extra": 1}))


def test_published_schemas_match(site: Path) -> None:
    published = json.loads((site / "schemas/evidence-site.schema.json").read_text("utf-8"))
    assert published == EVIDENCE_JSON_SCHEMA
    assert json.loads((site / "schemas/evidence.schema.json").read_text("utf-8")) == record_schema()


def test_evidence_json_holds_every_rendered_claim(site: Path, evidence: dict[str, Any]) -> None:
    pages = {p["url"]: p["src"] for p in evidence["pages"]}
    assert sorted(pages.values()) == ["analysis.md", "derived.md", "hostile.md", "index.md"]
    cited: dict[str, set[str]] = {}
    for c in evidence["citations"]:
        cited.setdefault(c["page"], set()).add(c["ref"])
    figures = {f["ref"] for f in evidence["figures"]}
    for page_file in html_pages(site):
        url = page_file.relative_to(site).as_posix().removesuffix("index.html")
        refs = {str(a["data-fx-ref"]) for a in soup(page_file).select("article a[data-fx-ref]")}
        if url not in pages:
            continue
        assert refs == cited.get(pages[url], set()), url
        assert {r for r in refs if "#setup." not in r} <= figures


def test_evidence_json_figures_and_values(evidence: dict[str, Any]) -> None:
    figures = {f["ref"]: f for f in evidence["figures"]}
    assert figures["R1#bubble_share"]["label"] == "estimate"
    assert figures["R1#bubble_share"]["display"] == "9.9%"
    assert figures["R1#load_speedup"]["min"] == "6.2"
    assert figures["R1#bandwidth_fx100"]["value"] == "6.40"
    assert [r["id"] for r in evidence["records"]] == RECORDS


def test_evidence_csv_has_one_row_per_figure(site: Path, evidence: dict[str, Any]) -> None:
    rows = list(csv.DictReader(io.StringIO((site / "evidence.csv").read_text("utf-8"))))
    assert [r["ref"] for r in rows] == [f["ref"] for f in evidence["figures"]]
    assert len(rows) == len({r["ref"] for r in rows}) == 15
    by_ref = {r["ref"]: r for r in rows}
    assert by_ref["R1#run_total"]["display"] == "3,560\u00a0s"


def test_record_json_downloads(site: Path, evidence: dict[str, Any]) -> None:
    for record in evidence["records"]:
        published = json.loads((site / "evidence" / f"{record['id']}.json").read_text("utf-8"))
        assert published == record


# -- hostile record text --------------------------------------------------------


def test_record_text_never_becomes_markup_or_a_link(site: Path) -> None:
    for page_file in html_pages(site):
        page = soup(page_file)
        rel = page_file.relative_to(site).as_posix()
        for tag in page.find_all(href=True) + page.find_all(src=True):
            for attr in ("href", "src"):
                value = re.sub(r"\s", "", str(tag.get(attr, ""))).lower()
                assert not value.startswith("javascript:"), (rel, str(tag))
        for script in page.find_all("script"):
            assert "alert(" not in script.get_text(), (rel, str(script))
        assert page.find("img", onerror=True) is None, rel
        assert page.find("b", string=re.compile("Issuer")) is None, rel
        assert not [em for em in page.find_all("em") if "record" in em.get_text()], rel


def test_hostile_record_text_is_shown_as_text(site: Path) -> None:
    page = soup(site / "evidence" / "X1" / "index.html")
    title = "<script>alert('title')</script></title><script>alert('t2')</script> Hostile"
    assert page.title is not None and page.title.get_text().startswith(f"X1: {title}")
    h1 = page.select_one("article h1")
    assert h1 is not None and h1.get_text().startswith(
        f"X1: {title} & [click](javascript:alert(1)) *record*"
    )
    notes = page.select_one(".fx-notes")
    assert notes is not None and "<script>alert('notes')</script>" in notes.get_text()
    assert "[again](javascript:alert(10))" in notes.get_text()
    assert "<img src=x onerror=alert(2)>" in page.select_one(".fx-baseline").get_text()  # type: ignore[union-attr]
    url = page.find("a", rel="nofollow")
    assert url is not None and url["href"] == "https://example.com/x1?next=javascript:alert(6)&a=1"
    hostile = soup(site / "hostile" / "index.html")
    claim = _claims(hostile)[0]
    assert claim["title"] == (
        "<script>alert('what')</script> [w](javascript:alert(7)) · public source, record X1"
    )


# -- reproducibility ----------------------------------------------------------

# search/search_index.json and sitemap.xml(.gz) are compared too: nothing in them
# depends on the time of the build (no lastmod dates: the fixture and the demo
# have no git history per page and MkDocs omits lastmod by default).


# The second build of each runs in a process of its own (the first ran in the test's):
# what varies from process to process (a set's order, say) shows as a difference.

#: The manifest states its build time (SOURCE_DATE_EPOCH, else the clock); with
#: SOURCE_DATE_EPOCH set it is identical too (tests/test_anchor_keys.py).
_TIMED = frozenset({"fxsite-manifest.json"})


def test_two_builds_are_byte_identical(site: Path, tmp_path: Path) -> None:
    again = build_site(CLEAN, tmp_path / "again")
    first, second = tree_bytes(site, _TIMED), tree_bytes(again, _TIMED)
    assert sorted(first) == sorted(second)
    assert [name for name in first if first[name] != second[name]] == []
    assert any(b"<svg" in data for name, data in first.items() if name.endswith(".html"))


def test_two_demo_builds_are_byte_identical(demo: Path, tmp_path: Path) -> None:
    again = build_site(ROOT, tmp_path / "again")
    first, second = tree_bytes(demo, _TIMED), tree_bytes(again, _TIMED)
    assert sorted(first) == sorted(second)
    assert [name for name in first if first[name] != second[name]] == []


# -- every link and anchor of the demo site -------------------------------------


def _links(page: BeautifulSoup) -> list[str]:
    out = []
    for tag in page.find_all(["a", "link", "script", "img", "source", "iframe"]):
        for attr in ("href", "src"):
            value = tag.get(attr)
            if isinstance(value, str) and not value.startswith(("mailto:", "data:", "tel:")):
                out.append(value)
    return out


@pytest.mark.parametrize("which", ["demo", "site"])
def test_every_internal_link_and_anchor_resolves(
    which: str, request: pytest.FixtureRequest
) -> None:
    site_dir: Path = request.getfixturevalue(which)
    problems = []
    checked = 0
    read: dict[Path, set[str]] = {}
    for page_file in html_pages(site_dir):
        for href in _links(soup(page_file)):
            checked += 1
            problem = _resolves(site_dir, page_file, href, read)
            if problem:
                problems.append(f"{page_file.relative_to(site_dir)}: {problem}")
    assert problems == []
    assert checked > 100


def test_demo_site_has_every_generated_part(demo: Path) -> None:
    for name in (
        "evidence/index.html",
        "evidence/R1/index.html",
        "faq/index.html",
        "evidence.json",
        "evidence.csv",
        "schemas/evidence-site.schema.json",
    ):
        assert (demo / name).is_file(), name
    pages = [
        soup(demo / f"{name}/index.html")
        for name in ("checkpoint-acceleration", "training-bubbles")
    ]
    assert all(len(_claims(page)) >= 10 for page in pages)
    assert any(page.select_one(".fx-evidence-table") is not None for page in pages)
    assert any(page.select("article svg") for page in pages)
    # The hero (extra.fxsite_hero): headline, buttons, image, cards, the note under them.
    hero = soup(demo / "index.html").select_one("article section.fx-hero")
    assert hero is not None and hero.select_one(".fx-hero-text h1") is not None
    buttons = [a["href"] for a in hero.select(".fx-hero-actions a.md-button")]
    assert buttons == ["joint-testing/", "mailto:fx100@fx.example.com"]
    assert hero.select_one(".fx-hero-figure img[alt]")["src"] == "assets/fx100.svg"
    assert len(hero.select(".fx-stats .fx-stat")) == 3
    assert hero.select_one(".fx-stats ~ .fx-hero-footnote .fx-estimate-note") is not None
    joint = soup(demo / "joint-testing/index.html")
    assert joint.select_one("article .fx-contact a")["href"] == "mailto:fx100@fx.example.com"
    # The consistency section, from the judged library (as the audit counts it).
    verify = soup(demo / "verify/index.html").select_one("article .fx-consistency")
    assert verify is not None and "4 of 4 invariants hold" in verify.get_text(" ")
    # The 404 page: search, home, the Evidence Library.
    page404 = soup(demo / "404.html")
    missing = page404.select_one("article .fx-notfound")
    assert missing is not None and missing.select_one('label[for="__search"]') is not None
    # Home is the site's root (the theme's own logo link says "/.", MkDocs' join of "./").
    assert [a["href"] for a in missing.select("a.md-button")] == ["/", "/evidence/"]


def _published_text(site: Path) -> dict[str, str]:
    """Every file the build publishes, as text (gzip files decompressed)."""
    import gzip

    out = {}
    for path in site.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            if path.suffix == ".gz":
                data = gzip.decompress(data)
            out[str(path.relative_to(site))] = data.decode("utf-8", "replace")
    return out


@pytest.mark.parametrize(
    ("marker", "published"),
    [
        ("INTERNAL-NOTE-7F3A", False),  # internal_notes: in no output file
        ("PUBLIC-NOTE-5C2E", True),  # notes: on the record page (the check can fail)
    ],
)
def test_internal_notes_are_in_no_published_file(site: Path, marker: str, published: bool) -> None:
    files = [name for name, text in _published_text(site).items() if marker in text]
    assert bool(files) == published, files


def test_demo_internal_notes_are_in_no_published_file(demo: Path) -> None:
    records = library(ROOT)
    notes = {r.id: r.internal_notes for r in records.records.values() if r.internal_notes}
    assert notes, "the demo records keep editor remarks in internal_notes"
    published = _published_text(demo)
    for record_id, text in notes.items():
        probe = " ".join(text.split())[:60]
        leaks = [name for name, body in published.items() if probe in " ".join(body.split())]
        assert not leaks, f"{record_id}'s internal notes are published in {leaks}"
    ours = {
        n: b for n, b in published.items() if not n.startswith(("assets/javascripts", "search/"))
    }
    assert not [n for n, b in ours.items() if re.search(r"\bseeds?\b", b, re.IGNORECASE)]


def _record_page(root: Path, record: str) -> BeautifulSoup:
    return soup(root / "evidence" / record / "index.html")


def test_measured_record_says_once_what_is_not_published(demo: Path) -> None:
    page = _record_page(demo, "R1")
    panel = page.select_one("article .fx-provenance")
    assert panel is not None
    said = " ".join(panel.get_text().split())
    assert "does not publish who issued the report, the test date or the report document" in said
    assert "not stated" not in page.select_one("article").get_text()  # type: ignore[union-attr]
    crumbs = page.select_one("article nav.fx-breadcrumbs a")
    assert (
        crumbs is not None and crumbs.get_text() == "Evidence Library" and crumbs["href"] == "../"
    )
    setup = [th.get_text() for th in page.select("article .fx-setup th")]
    assert setup[0] == "Baseline" and "GPUs" in setup and "gpus" not in setup
    assert not page.select("article .fx-model-banner")


def test_record_with_full_provenance_lists_it(site: Path) -> None:
    panel = _record_page(site, "R1").select_one("article .fx-provenance")
    assert panel is not None
    assert [dt.get_text() for dt in panel.select("dt")] == [
        "Report ID",
        "Issuer",
        "Test date",
        "SHA-256",
        "Public copy",
    ]
    assert "does not publish" not in panel.get_text()


def test_estimate_record_is_a_model_with_assumptions_and_results(demo: Path) -> None:
    page = _record_page(demo, "E1")
    banner = page.select_one("article .fx-model-banner")
    assert banner is not None and "not a measurement" in banner.get_text()
    assert [a.get_text() for a in banner.select("a")] == ["R1"]  # the measured input
    headings = [h.get_text() for h in page.select("article h2")]
    assert "Assumptions" in headings and "Results" in headings and "Figures" not in headings
    # "stated" only where the source writes a value differently from the computed one.
    assert not page.select("article .fx-derived .fx-meta:-soup-contains('states')")


def test_notes_are_paragraphs(site: Path) -> None:
    paragraphs = _record_page(site, "X1").select("article .fx-notes p")
    assert len(paragraphs) == 2
    assert paragraphs[1].get_text().startswith("Second paragraph")


@pytest.mark.parametrize(
    ("key", "labels", "expected"),
    [
        ("gpus", None, "GPUs"),  # fxsite's own map
        ("per_save_times", None, "Per-save times"),
        ("test_rig", None, "Test rig"),  # any other key in sentence case
        ("gpus", {"gpus": "Accelerators"}, "Accelerators"),  # the site's map wins
    ],
)
def test_setup_labels(key: str, labels: dict[str, str] | None, expected: str) -> None:
    from fxsite.render.library_pages import setup_label

    assert setup_label(key, labels) == expected


@pytest.mark.parametrize(
    ("notes", "paragraphs"),
    [
        # a paragraph wrapped in the YAML (notes: |) is one paragraph
        (
            "The save time covers\nthe whole save.\n\nSecond one.",
            ["The save time covers the whole save.", "Second one."],
        ),
        ("One.\n  \nTwo.", ["One.", "Two."]),  # a blank line with spaces still separates
        ("Only one line.", ["Only one line."]),
        ("<b>x</b>\n\n[y](javascript:z)", ["<b>x</b>", "[y](javascript:z)"]),  # as text
    ],
)
def test_notes_keep_paragraphs_whole(notes: str, paragraphs: list[str]) -> None:
    from bs4 import BeautifulSoup

    from fxsite.evidence.library import Library
    from fxsite.evidence.models import Record
    from fxsite.render.library_pages import notes_html

    record = Record.model_validate(
        {
            "id": "R1",
            "title": "T",
            "label": "spec",
            "status": "active",
            "notes": notes,
            "figures": {"x": {"value": 1, "unit": "s"}},
        }
    )
    html = notes_html(record, Library(), lambda r, a: f"#{a}")
    shown = BeautifulSoup(html, "html.parser").select(".fx-notes p")
    assert [" ".join(p.get_text().split()) for p in shown] == paragraphs
