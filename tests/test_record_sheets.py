"""Record pages as result sheets, the Library's columns and summary, and record text
as Markdown (fxsite.render.library_pages, record_sheet, record_markdown;
fxsite.pages.record_text). In-process: one record page from a small library."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup, Tag

from fxsite.evidence.library import Library, load_library
from fxsite.pages.record_text import record_text_findings
from fxsite.render.library_index import library_columns, library_index_markdown
from fxsite.render.library_pages import notes_html, record_page_markdown
from fxsite.render.record_markdown import record_markdown, safe_href

R1 = """id: R1
title: FX100 checkpoint write
label: measured
status: active
setup:
  baseline: local NVMe single drive
figures:
  save_time_baseline: {{value: 178, unit: s, what: "Save time, baseline"}}
  save_time_fx100: {{value: 94, unit: s, what: "{what}"}}
derived:
  save_speedup:
    formula: save_time_baseline / save_time_fx100
    unit: x
    decimals: 1
notes: |
{notes}
"""
E1 = """id: E1
title: A model
label: estimate
status: active
figures:
  saves: {value: 20, unit: count}
derived:
  total: {formula: R1.save_time_fx100 * saves, unit: s, decimals: 0}
"""
_NOTES = "  The save time covers\n  the whole save.\n\n  Second paragraph."


def _library(tmp_path: Path, notes: str = _NOTES, what: str = "Save time, FX100") -> Library:
    evidence = tmp_path / "evidence"
    evidence.mkdir(exist_ok=True)
    (evidence / "R1.yaml").write_text(R1.format(notes=notes, what=what), "utf-8")
    (evidence / "E1.yaml").write_text(E1, "utf-8")
    return load_library(evidence, tmp_path)


def _href(record: str, anchor: str) -> str:
    return f"../{record}/#{anchor}" if anchor else f"../{record}/"


def _page(library: Library, record: str = "R1") -> BeautifulSoup:
    markdown = record_page_markdown(record, library, _href, f"{record}.json")
    return BeautifulSoup(markdown.split("\n", 1)[1], "html.parser")


def _one(page: BeautifulSoup, selector: str) -> Tag:
    found = page.select_one(selector)
    assert found is not None, selector
    return found


def _text(tag: Tag) -> str:
    return " ".join(tag.get_text().split())


# -- the sheet -----------------------------------------------------------------------


def test_values_are_their_cells_own_text_with_anchors(tmp_path: Path) -> None:
    page = _page(_library(tmp_path))
    row = _one(page, "tr#save_time_fx100")
    assert row["data-fx-ref"] == "R1#save_time_fx100"
    value = _one(row, "td.fx-value")
    assert "".join(value.find_all(string=True, recursive=False)).strip() == "94\u00a0s"
    assert _one(page, "tr#save_speedup td.fx-value").get_text().strip() == "1.9×"


def test_a_derived_figure_shows_its_formula_with_its_numbers(tmp_path: Path) -> None:
    page = _page(_library(tmp_path))
    working = _one(page, "tr#save_speedup .fx-formula")
    assert _text(working) == "178 s ÷ 94 s = 1.9×"
    assert not working.select("code"), "the working is not code"
    links = [a["href"] for a in working.select("a")]
    assert links == ["#save_time_baseline", "#save_time_fx100"]
    names = _one(page, "tr#save_speedup .fx-formula-names")
    assert _text(names) == "save_time_baseline ÷ save_time_fx100"


def test_another_records_input_is_a_claim(tmp_path: Path) -> None:
    page = _page(_library(tmp_path), "E1")
    working = _one(page, "tr#total .fx-formula")
    claim = _one(working, "a.fx-claim")
    assert claim["data-fx-ref"] == "R1#save_time_fx100"
    assert claim["href"] == "../R1/#save_time_fx100"
    assert "20" in _text(working) and _text(working).endswith("= 1,880 s")


@pytest.mark.parametrize(
    ("formula", "shown"),
    [
        ("a / b", "a ÷ b"),
        ("(a - b) / a * 100", "(a − b) ÷ a × 100"),
        ("a - (b - c)", "a − (b − c)"),
        ("a - b - c", "a − b − c"),  # near miss: no parentheses it does not need
        ("a / (b * c)", "a ÷ (b × c)"),
        ("-(a + b)", "−(a + b)"),
        ("max(a, b) / 2", "max(a, b) ÷ 2"),
        ("R9.x\n  + a", "R9.x + a"),
    ],
)
def test_formula_text(formula: str, shown: str) -> None:
    from fxsite.render.record_sheet import formula_text

    assert formula_text(formula, lambda r, n: n if r is None else f"{r}.{n}") == shown


def test_cited_by_is_folded_and_nothing_unstated_has_a_row(tmp_path: Path) -> None:
    page = _page(_library(tmp_path))
    # the fold is filled in once every page is known (test_record_page_details.py)
    assert _one(page, "tr#save_time_fx100 td.fx-cited [data-fx-placeholder=cited]")
    text = _text(page)
    assert "not stated" not in text and "No conditions stated" not in text
    header = _one(page, ".fx-sheet-head")
    assert [dt.get_text() for dt in header.select("dt")] == ["Report ID"]
    assert _one(header, "p.fx-record-badges")
    # E1 states no setup: no setup section at all
    assert "fx-setup" not in str(_page(_library(tmp_path), "E1"))


def test_an_invariant_shows_its_numbers_and_a_pass_mark(tmp_path: Path) -> None:
    text = R1.format(notes=_NOTES, what="Save time") + (
        "invariants:\n  - expr: save_time_baseline / save_time_fx100\n"
        "    equals: save_speedup\n    within: 5%\n"
    )
    (tmp_path / "evidence").mkdir()
    (tmp_path / "evidence" / "R1.yaml").write_text(text, "utf-8")
    page = _page(load_library(tmp_path / "evidence", tmp_path))
    row = _one(page, ".fx-invariants tr.fx-invariant--holds")
    assert _text(_one(row, ".fx-formula")) == "178 s ÷ 94 s = 1.894×"
    assert _text(_one(row, ".fx-check")) == "✓ holds"
    assert (
        _one(row, ".fx-formula code").get_text() == "1.894×"
    )  # computed here: no record states it


# -- the Library ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("extra", "columns"),
    [
        ("", set()),  # no record states a date or an issuer: no columns for them
        ("date: 2026-03-14\n", {"date"}),
        ("source: {issuer: Lab}\n", {"issuer"}),
    ],
)
def test_library_drops_columns_no_record_fills(
    extra: str, columns: set[str], tmp_path: Path
) -> None:
    library = _library(tmp_path)
    if extra:
        path = tmp_path / "evidence" / "E1.yaml"
        path.write_text(E1 + extra, "utf-8")
        library = load_library(tmp_path / "evidence", tmp_path)
    assert set(library_columns(library)) == columns
    page = BeautifulSoup(library_index_markdown(library, _href, {}), "html.parser")
    heads = [th.get_text() for th in page.select(".fx-library thead th")]
    assert ("Date" in heads, "Issuer" in heads) == ("date" in columns, "issuer" in columns)
    assert all(len(tr.select("td")) == len(heads) for tr in page.select(".fx-library tbody tr"))
    assert _text(_one(page, ".fx-library-summary")) == "2 records: 1 measured, 1 estimate."


# -- record text as Markdown ------------------------------------------------------------


def test_notes_render_as_markdown_with_paragraphs_whole(tmp_path: Path) -> None:
    library = _library(tmp_path, notes="  A *wrapped*\n  paragraph.\n\n  - one\n  - two")
    notes = BeautifulSoup(notes_html(library.records["R1"], library, _href), "html.parser")
    paragraphs = notes.select(".fx-notes p")
    assert [_text(p) for p in paragraphs] == ["A wrapped paragraph."]
    assert _one(notes, ".fx-notes em").get_text() == "wrapped"
    assert [li.get_text() for li in notes.select(".fx-notes li")] == ["one", "two"]


@pytest.mark.parametrize(
    ("text", "shown", "links"),
    [
        ("[x](javascript:alert(1))", "[x](javascript:alert(1))", []),
        ("[x](JaVaScRiPt:alert(1))", "[x](JaVaScRiPt:alert(1))", []),
        ("[x](&#106;avascript:alert(1))", "[x](&#106;avascript:alert(1))", []),
        ("[x](data:text/html,hi)", "[x](data:text/html,hi)", []),
        ("[x][r]\n\n[r]: vbscript:y", "[x][r]", []),
        ("<script>alert(1)</script>", "<script>alert(1)</script>", []),
        ("![i](https://e.com/i.png)", "![i](https://e.com/i.png)", []),
        ("<https://e.com/>", "<https://e.com/>", []),
        ("&#57;&#52; s", "&#57;&#52; s", []),  # entities are shown as typed, not drawn
        # near misses: safe links are links
        ("[x](https://e.com/a?b=1&c=2)", "x", ["https://e.com/a?b=1&c=2"]),
        ("[x](http://e.com/)", "x", ["http://e.com/"]),
        ("[x](../R2/)", "x", ["../R2/"]),
        ("[x][r]\n\n[r]: https://e.com/", "x", ["https://e.com/"]),
    ],
)
def test_record_text_links(text: str, shown: str, links: list[str], tmp_path: Path) -> None:
    library = _library(tmp_path)
    rendered, refused = record_markdown(text, "R1", library, _href)
    soup = BeautifulSoup(rendered, "html.parser")
    assert _text(soup) == shown
    assert [a["href"] for a in soup.select("a")] == links
    assert not soup.select("script, img") and refused == []


@pytest.mark.parametrize(
    ("href", "safe"),
    [
        ("javascript:x", False),
        (" java\tscript:x", False),
        ("&#x6A;avascript:x", False),
        ("file:///etc/passwd", False),
        ("https://e.com", True),
        ("evidence:R1#x", True),
        ("#anchor", True),
        ("page.md", True),
    ],
)
def test_safe_href(href: str, safe: bool) -> None:
    assert safe_href(href) is safe


@pytest.mark.parametrize(
    "link", ["[94 s](evidence:R1#save_time_fx100)", "[94 s](evidence:#save_time_fx100)"]
)
def test_notes_may_cite_the_records_own_figures(link: str, tmp_path: Path) -> None:
    library = _library(tmp_path, notes=f"  Saves took {link} on the FX100.")
    assert record_text_findings(library) == []
    notes = BeautifulSoup(notes_html(library.records["R1"], library, _href), "html.parser")
    claim = _one(notes, "a.fx-claim")
    assert claim["data-fx-ref"] == "R1#save_time_fx100"
    assert claim["href"] == "../R1/#save_time_fx100"


@pytest.mark.parametrize(
    ("notes", "what", "found"),
    [
        # a bare figure that is not the record's: refused at the notes (a block: its key's line)
        ("  Saves took 120 s once.", "Save time", [(15, 8, "FX501")]),
        # a claim that misstates its figure, or names none: refused there too
        ("  Saves took [95 s](evidence:#save_time_fx100).", "Save time", [(15, 8, "FX403")]),
        ("  See [1 s](evidence:#nope).", "Save time", [(15, 8, "FX402")]),
        # in a figure's what, written on one line: at the figure
        ("  n", "Save time, *120 s* once", [(9, 59, "FX501")]),
        ("  n", "Save time, [95 s](evidence:#save_time_fx100)", [(9, 58, "FX403")]),
        # near misses: the record's own value, a claim, a name, no figure
        ("  Saves took 94 s.", "Save time", []),
        ("  Saves took [94 s](evidence:R1#save_time_fx100).", "Save time", []),
        ("  Measured on an *8-GPU* node, run R1.", "Save time", []),
        ("  n", "Save time, [94 s](evidence:#save_time_fx100)", []),
    ],
)
def test_record_text_is_judged_at_its_line(
    notes: str, what: str, found: list[tuple[int, int, str]], tmp_path: Path
) -> None:
    library = _library(tmp_path, notes=notes, what=what)
    findings = record_text_findings(library)
    assert [(f.line, f.col, f.code) for f in findings] == found, [f.format() for f in findings]
    assert all(f.path == "evidence/R1.yaml" for f in findings)


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("Save time, *FX100*", "Save time, FX100"),
        ("Save time of [94 s](evidence:#save_time_fx100) runs", "Save time of 94 s runs"),
        ("a**b**c and `code`", "abc and code"),
        ("<b>x</b> [y](javascript:z)", "<b>x</b> [y](javascript:z)"),  # as typed, as on the page
        ("R&D &amp; more", "R&D &amp; more"),
        ("Save time", "Save time"),  # near miss: plain words stay as they are
    ],
)
def test_a_tooltip_reads_what_as_its_markdown_shows_it(
    text: str, plain: str, tmp_path: Path
) -> None:
    from fxsite.pages.claims import Claim, resolve_claim, tooltip

    library = _library(tmp_path, what=text.replace('"', '\\"'))
    claim = resolve_claim("94 s", "evidence:R1#save_time_fx100", library)
    assert isinstance(claim, Claim)
    assert tooltip(claim, library).split(" · ")[0] == plain
