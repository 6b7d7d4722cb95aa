"""A test's settings in a table are settings, as they are in prose (blind70).

"Stripe size: 128 KiB." passed and "| Stripe size | 128 KiB |" was refused; "| Block size
(KiB) |" read "4" as a bare "4 KiB"; a caption "All latencies in ms." read the "Queue depth"
column's "32" as "32 ms". A header or a row label naming a setting (a size set, a queue's
depth, the threads or jobs) makes its cells the setting; a duration ("Runtime", "Warm-up")
stays a figure, as it is in prose, and so does a rate in a setting's cell.
"""

from __future__ import annotations

import pytest
from sitekit import FIXTURE_EXTENSIONS, href_for, library

from fxsite.evidence.library import Library
from fxsite.markdown import PageRenderer, check_page

RENDERER = PageRenderer(FIXTURE_EXTENSIONS, {})


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


def _codes(page: str, lib: Library) -> list[tuple[str, int, int]]:
    findings = check_page(f"# T\n\n{page}\n", "docs/p.md", lib, href_for, RENDERER)[1]
    return [(f.code, f.line, f.col) for f in findings if f.severity == "error"]


PASS = [
    ("a setting's row", "| Setting | Value |\n|---|---|\n| Stripe size | 128 KiB |"),
    (
        "rows of settings",
        "| Setting | Value |\n|---|---|\n| Block size | 4 KiB |\n| I/O size | 1 MiB |",
    ),
    ("a setting's column, its unit", "| Block size (KiB) | Threads |\n|---|---|\n| 4 | 8 |"),
    ("a setting's column, sizes", "| Test | Block size |\n|---|---|\n| Random read | 4 KiB |"),
    (
        "a caption's unit not over a setting",
        "All latencies in ms.\n\n| Test | Queue depth | Latency |\n|---|---|---|\n"
        "| Read | 32 | [94 s](evidence:R1#save_time_fx100) |",
    ),
    ("a depth row", "| Setting | Value |\n|---|---|\n| iodepth | 32 |"),
]
REFUSED = [
    ("a duration's row", "| Setting | Value |\n|---|---|\n| Runtime | 600 s |", [("FX501", 5, 13)]),
    (
        "durations' columns",
        "| Test | Warm-up (s) | Runtime (s) |\n|---|---|---|\n| Random read | 60 | 600 |",
        [("FX501", 5, 17), ("FX501", 5, 22)],
    ),
    (
        "a rate in a setting's row",
        "| Setting | Value |\n|---|---|\n| Block size | 4 KiB/s |",
        [("FX501", 5, 16)],
    ),
    ("a size measured", "| Metric | Value |\n|---|---|\n| Pool size | 2 PB |", [("FX501", 5, 15)]),
    (
        "a caption's unit over a measured column",
        "All latencies in ms.\n\n| Test | Queue depth | Latency |\n|---|---|---|\n| Read | 32 | 0.42 |",
        [("FX501", 7, 15)],
    ),
]


@pytest.mark.parametrize(("name", "page"), PASS, ids=[r[0] for r in PASS])
def test_a_setting_passes(lib: Library, name: str, page: str) -> None:
    assert _codes(page, lib) == []


@pytest.mark.parametrize(("name", "page", "codes"), REFUSED, ids=[r[0] for r in REFUSED])
def test_a_figure_beside_settings_is_refused(
    lib: Library, name: str, page: str, codes: list[tuple[str, int, int]]
) -> None:
    assert _codes(page, lib) == codes
