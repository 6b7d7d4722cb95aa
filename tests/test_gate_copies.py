"""Copies the build makes, through the output gate: charts, "Related reading".

A chart may show its own bars' values; prose may not. A "Related reading" list
shows other pages' titles, as the navigation does: a title's heading claim may
show there; a title-only entry the author writes may not hold a bare figure.

A chart's data table, bar labels and description repeat the values of the figures
it draws; ``check_chart`` resolves each against its record, so the chart's own text
(and the search entry of its page) may repeat them. Each row builds a small site
(two records, R1 and R2, each with a figure ``save_time``) with MkDocs, once;
the tests that change a built site change a copy of a row's. Last,
links to a record page's figure rows, which fxsite adds after Markdown renders,
reach anchors MkDocs' own link check knows.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from sitekit import mkdocs_build_here
from test_serve_cache import OTHER, make_project

from fxsite.verify import verify_site

pytestmark = pytest.mark.slow


def chart(*refs: str) -> str:
    bars = "".join(f"  - {{label: Bar {i}, ref: {ref}}}\n" for i, ref in enumerate(refs))
    return f"# Chart\n\n```evidence-chart\ntitle: Save time\nbars:\n{bars}```\n"


GROUPED = (
    "# Chart\n\n```evidence-chart\ntitle: Save time\ngroups:\n"
    "  - label: First\n    bars: [{label: A, ref: R1#save_time}]\n"
    "  - label: Second\n    bars: [{label: B, ref: R2#save_time}]\n```\n"
)

TWO_BARS = "two bars from two records whose figures share a name"
GROUPED_ROW = "a grouped chart (its data table starts with the group)"

# (row, the chart page, the other page, the code expected or None for a clean build)
ROWS: list[tuple[str, str, str, str | None]] = [
    ("a chart alone on its page, one bar", chart("R1#save_time"), OTHER, None),
    (TWO_BARS, chart("R1#save_time", "R2#save_time"), OTHER, None),
    (GROUPED_ROW, GROUPED, OTHER, None),
    (
        "a related page's title holds its heading claim",
        "# [178 s](evidence:R1#save_time) saves\n",
        "---\nrelated:\n  - t.md\n---\n# Other\n\nLoading took [94 s](evidence:R2#save_time).\n",
        None,
    ),
    (
        "a title-only related entry with a bare figure",
        "# [178 s](evidence:R1#save_time) saves\n",
        "---\nrelated:\n  - title: 5x faster saves\n---\n# Other\n\nLoading took "
        "[94 s](evidence:R2#save_time).\n",
        "FX501",
    ),
    (
        "the chart's value repeated bare in the page's prose",
        chart("R1#save_time") + "\nSaving took 178 s.\n",
        OTHER,
        "FX501",
    ),
    (
        "the chart's value repeated bare on another page",
        chart("R1#save_time"),
        OTHER + "\nSaving took 178 s.\n",
        "FX501",
    ),
]


def _project(tmp_path: Path, page: str, other: str) -> Path:
    project = make_project(tmp_path / "project")
    (project / "docs" / "t.md").write_text(page, encoding="utf-8")
    (project / "docs" / "other.md").write_text(other, encoding="utf-8")
    return project


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[str, int, Path]]:
    """Every row built once: what MkDocs printed, its exit status and the site (copy to change)."""
    out = {}
    for row, page, other, _ in ROWS:
        root = tmp_path_factory.mktemp("row")
        proc = mkdocs_build_here(_project(root, page, other), root / "site")
        out[row] = (proc.stdout + proc.stderr, proc.returncode, root / "site")
    return out


def _copy(built: dict[str, tuple[str, int, Path]], row: str, tmp_path: Path) -> Path:
    output, status, site = built[row]
    assert status == 0, output[-2000:]
    return Path(shutil.copytree(site, tmp_path / "site"))


@pytest.mark.parametrize(("row", "code"), [(r[0], r[3]) for r in ROWS], ids=[r[0] for r in ROWS])
def test_copies_the_build_makes(
    built: dict[str, tuple[str, int, Path]], row: str, code: str | None
) -> None:
    output, status, _ = built[row]
    if code is None:
        assert status == 0, f"{row}: {output[-2000:]}"
    else:
        assert status != 0 and code in output, f"{row}: {output[-2000:]}"


def test_bars_swapped_between_records_with_one_figure_name_are_refused(
    built: dict[str, tuple[str, int, Path]], tmp_path: Path
) -> None:
    """Bars are matched to figures by record and name: R1's bar linking to R2 is caught."""
    site = _copy(built, TWO_BARS, tmp_path)
    assert [f for f in verify_site(site) if f.severity == "error"] == []
    page = site / "t" / "index.html"
    html = page.read_text(encoding="utf-8")
    one, two = '<a href="../evidence/R1/#save_time">', '<a href="../evidence/R2/#save_time">'
    assert one in html and two in html
    swapped = re.sub(
        re.escape(one) + "|" + re.escape(two), lambda m: two if m[0] == one else one, html
    )
    page.write_text(swapped, encoding="utf-8")
    found = [f for f in verify_site(site) if f.code == "FX612"]
    assert any("not proportional" in f.message for f in found), found


@pytest.fixture(scope="module")
def anchors_checked(tmp_path_factory: pytest.TempPathFactory) -> str:
    """What MkDocs logs building a page that links to R1's figure row and to a row R1 lacks."""
    tmp_path = tmp_path_factory.mktemp("anchors")
    links = "".join(f"\nSee [R1](evidence/R1.md#{anchor}).\n" for anchor in ("save_time", "nope"))
    project = _project(tmp_path, chart("R1#save_time"), OTHER + links)
    config = project / "mkdocs.yml"
    config.write_text(config.read_text() + "validation:\n  anchors: warn\n", encoding="utf-8")
    proc = mkdocs_build_here(project, tmp_path / "site")
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stderr


@pytest.mark.parametrize(
    ("anchor", "warned"),
    [("save_time", False), ("nope", True)],  # a figure's row; a near miss: no such row
)
def test_links_to_a_record_pages_figure_rows_are_anchors_mkdocs_finds(
    anchors_checked: str, anchor: str, warned: bool
) -> None:
    """Record pages' rows are added after Markdown renders; MkDocs' anchor check sees them."""
    logged = anchors_checked
    assert (f"does not contain an anchor '#{anchor}'" in logged) is warned, logged[-2000:]


def test_a_grouped_charts_data_table_is_checked(
    built: dict[str, tuple[str, int, Path]], tmp_path: Path
) -> None:
    """The group column does not hide the rows: a changed value is still refused."""
    site = _copy(built, GROUPED_ROW, tmp_path)
    page = site / "t" / "index.html"
    html = page.read_text(encoding="utf-8")
    row = "<tr><td>First</td><td>A</td><td>178\u00a0s</td>"
    assert row in html, html[html.find("fx-chart-data") :][:600]
    page.write_text(html.replace(row, row.replace("178", "179")), encoding="utf-8")
    assert any(f.code == "FX403" for f in verify_site(site)), "a changed value passed"
