"""A record page whose sheet shows claim markers explains them, as a content page does
(fxsite.render.library_pages.record_page_markdown). In-process: a small library."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from fxsite.evidence.library import Library, load_library
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
        assert any(item.startswith("R1 the report or record ID") for item in items), items
        assert not any("estimate" in item for item in items), "no estimate is cited"
