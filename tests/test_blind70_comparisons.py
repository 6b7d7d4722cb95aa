"""Comparison tables whose header names the comparison but not "speed-up" (blind70).

"| Workload | FX100 vs NFS |" over "9.3", "Speed vs NFS", "Relative performance",
"Speed-up range", a row "Load time (relative)", "相对NFS": each passed bare, where
"Speedup (vs. NFS)" and "Relative speed (NFS = 1)" were read as "×".
"""

from __future__ import annotations

import pytest
from sitekit import FIXTURE_EXTENSIONS, href_for, library

from fxsite.evidence.library import Library
from fxsite.markdown import PageRenderer, check_page
from fxsite.pages.header_units import header_unit

RENDERER = PageRenderer(FIXTURE_EXTENSIONS, {})


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


def _bare(page: str, lib: Library) -> list[str]:
    findings = check_page(f"# T\n\n{page}\n", "docs/p.md", lib, href_for, RENDERER)[1]
    return [f.text or "" for f in findings if f.code == "FX501"]


HEADERS = [
    ("FX100 vs NFS", "×"),
    ("Speed vs NFS", "×"),
    ("Relative performance", "×"),
    ("Speed-up range", "×"),
    ("Load time (relative)", "×"),
    ("Throughput (normalized)", "×"),
    ("相对NFS", "×"),
    # near misses: a unit stated, a version compared, a name
    ("Latency vs NFS (ms)", "ms"),
    ("Release vs 2.0", None),
    ("Version", None),
    ("Relative", None),
]


@pytest.mark.parametrize(("header", "unit"), HEADERS, ids=[h[0] for h in HEADERS])
def test_a_comparison_header_states_a_ratio(header: str, unit: str | None) -> None:
    assert header_unit(header) == unit


REFUSED = [
    (
        "two systems compared",
        "| Workload | FX100 vs NFS |\n|---|---|\n| Model loading | 9.3 |",
        ["9.3"],
    ),
    (
        "a range of speed-ups",
        "| Workload | Speed-up range |\n|---|---|\n| Loading | 6.2–9.3 |",
        ["6.2–9.3"],
    ),
    ("in Chinese", "| 系统 | 相对NFS |\n|---|---|\n| FX100 | 9.3 |", ["9.3"]),
]
PASSED = [
    ("a row naming things", "| Metric | Value |\n|---|---|\n| Nodes | 8 |"),
    ("a row naming a year", "| Metric | Value |\n|---|---|\n| Year | 2024 |"),
    ("a version's column", "| System | Version |\n|---|---|\n| FX100 | 9.3 |"),
]


@pytest.mark.parametrize(("name", "page", "bare"), REFUSED, ids=[r[0] for r in REFUSED])
def test_a_comparison_table_is_refused_bare(
    lib: Library, name: str, page: str, bare: list[str]
) -> None:
    assert _bare(page, lib) == bare


@pytest.mark.parametrize(("name", "page"), PASSED, ids=[r[0] for r in PASSED])
def test_a_table_of_names_passes(lib: Library, name: str, page: str) -> None:
    assert _bare(page, lib) == []
