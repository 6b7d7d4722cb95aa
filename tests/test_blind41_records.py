"""What the forty-first blind tester, a writer in the live preview, found when a record broke.

* A badly indented R1 dropped from the Evidence Library and its page was a 404; no record
  page showed its record's errors. Now a record page shows its file's findings in the
  preview box, a record that cannot be read keeps a page saying so, and the library's
  index lists it and shows every record file's findings.
* One broken record gave 59 findings from ``check`` and 94 from the preview: claims to
  figures computed from it ("E1 has no figure"), ranges and signed figures over its
  claims read as bare figures, and the gate reading again, in published text, what the
  pages had reported (the site FAQ printed an answer with a refused claim as plain text,
  its good claims too). Now the build under ``enforce: false`` (as the preview) reports
  exactly what ``check`` reports.

In-process page tests of the same rules are in ``test_plain_messages.py``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from sitekit import fxsite_here, mkdocs_build_here, rows_site, soup

#: R1's figure value indented 3 spaces, the next field 4 (the file's other figures are
#: written inline, so the parser's line, 17, is the one told).
BROKEN = "  save_time_fx100:\n   value: 94\n    unit: s\n    what: Save time, FX100\n"

HOME = """---
faq:
  - q: How fast are saves?
    a: "[94 s](evidence:R1#save_time_fx100), down from [178 s](evidence:R1#save_time_baseline); a run saves [20](evidence:E1#saves) times."
---
# Home

Saves fell from [178 s](evidence:R1#save_time_baseline) to [94 s](evidence:R1#save_time_fx100)
(+[96%](evidence:R1#bandwidth_gain_pct) bandwidth), about [3,560 s](evidence:E1#total_save_time)
a run, in [20](evidence:E1#saves) saves.
"""


def _break_r1(project: Path) -> None:
    path = project / "evidence" / "R1.yaml"
    text = path.read_text("utf-8")
    old = '  save_time_fx100: {value: 94, unit: s, what: "Save time, FX100"}\n'
    assert old in text
    path.write_text(text.replace(old, BROKEN), "utf-8")


@pytest.fixture(scope="module")
def broken(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str], list[str]]:
    """The clean site with R1 broken, checked, and built as the preview builds it."""
    project = rows_site(tmp_path_factory.mktemp("b41") / "site", HOME, enforce=False)
    _break_r1(project)
    checked = fxsite_here("check", ".", cwd=project)
    built = mkdocs_build_here(project, project / "out")
    assert built.returncode == 0, built.stderr
    told = [line for line in checked.stdout.splitlines() if re.search(r":\d+:\d+: FX", line)]
    logged = [line for line in built.stderr.splitlines() if " FX" in line]
    return project, told, logged


def test_check_tells_the_broken_record_once_per_page(
    broken: tuple[Path, list[str], list[str]],
) -> None:
    _, told, _ = broken
    codes = [line.split(": ")[1].split()[0] for line in told]
    assert codes.count("FX101") == 1, told
    # the claims to R1 and to E1's figure computed from it: one finding, counted
    page = [line for line in told if line.startswith("docs/index.md")]
    assert len(page) == 1, told
    assert "record R1 is invalid (evidence/R1.yaml:" in page[0], page
    assert "(6 claims depend on it on this page)" in page[0], page
    assert not [line for line in told if "FX501" in line or "FX402" in line], told


def test_the_preview_build_reports_what_check_reports(
    broken: tuple[Path, list[str], list[str]],
) -> None:
    _, told, logged = broken
    assert not [line for line in logged if "(in published text)" in line], logged
    assert len(logged) == len(told), (told, logged)


def test_the_broken_record_keeps_a_page_with_its_errors(
    broken: tuple[Path, list[str], list[str]],
) -> None:
    project, _, _ = broken
    page = soup(project / "out" / "evidence" / "R1" / "index.html")
    box = page.select_one(".fx-findings")
    assert box is not None
    assert "evidence/R1.yaml:17:9" in box.get_text() and "FX101" in box.get_text()
    assert "could not be read" in page.get_text()


def test_a_record_computed_from_it_shows_why_on_its_page(
    broken: tuple[Path, list[str], list[str]],
) -> None:
    project, _, _ = broken
    box = soup(project / "out" / "evidence" / "E1" / "index.html").select_one(".fx-findings")
    assert box is not None and "FX305" in box.get_text()


def test_the_library_lists_it_and_every_records_findings(
    broken: tuple[Path, list[str], list[str]],
) -> None:
    project, _, _ = broken
    index = soup(project / "out" / "evidence" / "index.html")
    unread = index.select_one(".fx-unreadable")
    assert unread is not None and [a.get_text() for a in unread.select("a")] == ["R1"]
    box = index.select_one(".fx-findings")
    assert box is not None and "R1.yaml" in box.get_text() and "E1.yaml" in box.get_text()


def test_near_miss_a_record_without_findings_shows_no_box(
    broken: tuple[Path, list[str], list[str]],
) -> None:
    project, _, _ = broken
    assert (
        soup(project / "out" / "evidence" / "R3" / "index.html").select_one(".fx-findings") is None
    )


def test_the_site_faq_keeps_the_claims_that_resolve(
    broken: tuple[Path, list[str], list[str]],
) -> None:
    """An answer with a refused claim kept its good claims (E1#saves) in the site FAQ."""
    project, _, _ = broken
    faq = soup(project / "out" / "faq" / "index.html")
    refs = [a.get("data-fx-ref") for a in faq.select("a[data-fx-ref]")]
    assert refs == ["E1#saves"], refs


@pytest.fixture(scope="module")
def changed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The clean site with R1's save_time_fx100 changed from 94 to 90, built as the preview
    builds it: the home page's claims of '94 s' are refused."""
    project = rows_site(tmp_path_factory.mktemp("b41v") / "site", HOME, enforce=False)
    path = project / "evidence" / "R1.yaml"
    text = path.read_text("utf-8")
    assert "save_time_fx100: {value: 94," in text
    path.write_text(
        text.replace("save_time_fx100: {value: 94,", "save_time_fx100: {value: 90,"), "utf-8"
    )
    built = mkdocs_build_here(project, project / "out")
    assert built.returncode == 0, built.stderr
    return project


def _row(project: Path, record: str, figure: str) -> Any:
    page = soup(project / "out" / "evidence" / record / "index.html")
    anchor = page.find(id=figure)
    assert anchor is not None, figure
    return anchor if anchor.name == "tr" else anchor.find_parent("tr")


def test_a_record_page_lists_the_pages_whose_claims_need_updating(changed: Path) -> None:
    """blind41: after a record changed, "Cited on pages" left out the pages whose claims to
    it were refused. In the preview they are listed, marked, and counted."""
    row = _row(changed, "R1", "save_time_fx100")
    stale = row.select_one(".fx-cited-stale")
    assert stale is not None and stale.get_text() == "needs updating: 2 claims refused", row
    assert row.select_one(".fx-count").get_text() == "1"


def test_near_miss_a_figure_whose_claims_pass_needs_no_update(changed: Path) -> None:
    row = _row(changed, "R1", "save_time_baseline")
    assert row.select_one(".fx-cited-stale") is None
    assert row.select_one(".fx-cited-by a") is not None


def test_the_boxes_say_what_they_are_of(broken: tuple[Path, list[str], list[str]]) -> None:
    project, _, _ = broken
    titles = {
        rel: soup(project / "out" / rel).select_one(".fx-findings .admonition-title").get_text()
        for rel in ("evidence/R1/index.html", "evidence/index.html", "index.html")
    }
    # Built with enforce: false, every error is a warning the build publishes, as the log
    # says: the boxes say "warns" (blind65: they said "would refuse", in red).
    assert titles == {
        "evidence/R1/index.html": "fxsite warns about this record",
        "evidence/index.html": "fxsite warns about these records",
        "index.html": "fxsite warns about this page",
    }
    box = soup(project / "out" / "index.html").select_one(".fx-findings")
    assert "warning" in box["class"] and "(enforce: false)" in box.get_text()
