"""A record page whose sheet shows claim markers explains them, as a content page does
(fxsite.render.library_pages.record_page_markdown). In-process: a small library."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from fxsite.evidence.library import Library, load_library
from fxsite.pages.sections import sources_html
from fxsite.render.library_index import library_index_markdown
from fxsite.render.library_pages import record_page_markdown

R1 = """id: R1
title: FX100 checkpoint write
label: measured
status: active
figures:
  save_time_baseline: {value: 178, unit: s}
  save_time_fx100: {value: 94, unit: s}
derived:
  save_speedup: {formula: save_time_baseline / save_time_fx100, unit: x, decimals: 1}
notes: |
  NOTES
"""
E1 = """id: E1
title: A model
label: estimate
status: active
figures:
  saves: {value: 20, unit: count}
derived:
  total: {formula: FORMULA, unit: s, decimals: 0}
"""


def _library(tmp_path: Path, formula: str, notes: str) -> Library:
    evidence = tmp_path / "evidence"
    evidence.mkdir()
    (evidence / "R1.yaml").write_text(R1.replace("NOTES", notes), "utf-8")
    (evidence / "E1.yaml").write_text(E1.replace("FORMULA", formula), "utf-8")
    return load_library(evidence, tmp_path)


def _href(record: str, anchor: str) -> str:
    return f"../{record}/#{anchor}" if anchor else f"../{record}/"


@pytest.mark.parametrize(
    ("record", "formula", "notes", "legend"),
    [
        # A formula reading another record's figure shows it as a claim with its marker.
        ("E1", "R1.save_time_fx100 * saves", "Plain notes.", True),
        # Notes citing the record's own figure: a claim with its marker too.
        ("R1", "saves * 2", "Saves took [94 s](evidence:#save_time_fx100).", True),
        # Near misses: only the record's own figures, links to their rows, no marker.
        ("E1", "saves * 2", "Plain notes.", False),
        ("R1", "saves * 2", "Plain notes naming R1.", False),
    ],
)
def test_a_record_page_explains_the_markers_it_shows(
    record: str, formula: str, notes: str, legend: bool, tmp_path: Path
) -> None:
    library = _library(tmp_path, formula, notes)
    markdown = record_page_markdown(record, library, _href, f"{record}.json")
    page = BeautifulSoup(markdown.split("\n", 1)[1], "html.parser")
    markers = page.select("a.fx-claim .fx-badge")
    found = page.select("ul.fx-legend-markers")
    assert bool(markers) == legend, markers
    assert len(found) == (1 if legend else 0), found
    if legend:
        items = [" ".join(li.get_text().split()) for li in found[0].select("li")]
        assert any(item.startswith("R1 the test report or record") for item in items), items
        assert not any("estimate" in item for item in items), "no estimate is cited"


S1 = R1.replace("id: R1", "id: S1").replace("NOTES", "Plain notes.")


def _only_s1(tmp_path: Path) -> Library:
    evidence = tmp_path / "evidence"
    evidence.mkdir()
    (evidence / "S1.yaml").write_text(S1, "utf-8")
    return load_library(evidence, tmp_path)


def _id_items(html_text: str) -> list[str]:
    page = BeautifulSoup(html_text, "html.parser")
    return [" ".join(li.get_text().split()) for li in page.select("ul.fx-legend-markers li")]


@pytest.mark.parametrize("where", ["content page", "library page", "record page"])
def test_the_legend_shows_an_id_of_the_site_not_r1(where: str, tmp_path: Path) -> None:
    """blind65: the legend's ID mark read "R1" on a site whose one record is S1."""
    library = _only_s1(tmp_path)
    if where == "content page":
        shown = sources_html(["S1"], library, _href, {"measured"})
    elif where == "library page":
        shown = library_index_markdown(library, _href, {})
    else:
        notes = "Saves took [94 s](evidence:#save_time_fx100)."
        (tmp_path / "evidence" / "S1.yaml").write_text(S1.replace("Plain notes.", notes), "utf-8")
        library = load_library(tmp_path / "evidence", tmp_path)
        shown = record_page_markdown("S1", library, _href, "S1.json").split("\n", 1)[1]
    items = [item for item in _id_items(shown) if "report or record" in item]
    assert items and all(item.startswith("S1 the test report or record") for item in items), items
