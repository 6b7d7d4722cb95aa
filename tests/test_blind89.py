"""blind89, a blind tester converting a storage vendor's real marketing site (no code in view).

Five long pages of marketing copy: what it found published bare, placed wrongly, or
refused where a marketing lead would publish it.
"""

from __future__ import annotations

import pytest
from sitekit import FIXTURES, PAGE_PATH, fixture_renderer, href_for, library

from fxsite.evidence.library import load_library
from fxsite.markdown import check_page
from fxsite.pages.claims import Claim, resolve_claim
from fxsite.pages.header_units import header_unit

GRAMMAR = FIXTURES.parent / "grammar"

TABLE = "| | Helix | Vendor A |\n|---|---|---|\n"


def _errors(text: str) -> list[tuple[str, str, int, int]]:
    """(code, text, line, col) of every error check finds in a page of ``text``."""
    page = f"# T\n\n{text}\n"
    _, found = check_page(page, PAGE_PATH, library(GRAMMAR), href_for, fixture_renderer())
    return [(f.code, f.text or "", f.line, f.col) for f in found if f.severity == "error"]


@pytest.mark.parametrize(
    ("header", "unit"),
    [
        ("Random read IOPS per node", "IOPS"),
        ("IOPS per node", "IOPS"),
        ("Read GB/s per node", "GB/s"),
        ("Throughput per GPU (GB/s)", "GB/s"),
        # near misses: per capacity is a density, counts per part are counts
        ("Rack units per PB", None),
        ("Drives per node", None),
        ("Nodes per rack", None),
    ],
)
def test_a_quantity_per_part_states_the_quantitys_unit(header: str, unit: str | None) -> None:
    assert header_unit(header) == unit


@pytest.mark.parametrize(
    ("rows", "bare"),
    [
        # HIGH 1: a comparison table's row of IOPS was published bare
        ("| Random read IOPS per node | 6.5M | 2.4M |", ["6.5M", "2.4M"]),
        # HIGH 2: with claims in the columns, it was read in the columns' unit ("6.5M s")
        (
            "| Save time | [94 s](evidence:G1#save_fast) | [178 s](evidence:G1#save) |\n"
            "| Random read IOPS per node | 6.5M | 2.4M |",
            ["6.5M", "2.4M"],
        ),
        # near miss: counts of parts per node are a configuration
        ("| Drives per node | 24 | 12 |", []),
    ],
)
def test_a_comparison_rows_label_states_its_unit(rows: str, bare: list[str]) -> None:
    found = _errors(TABLE + rows)
    assert [t for code, t, _, _ in found if code == "FX501"] == bare
    page = f"# T\n\n{TABLE + rows}\n"
    messages = check_page(page, PAGE_PATH, library(GRAMMAR), href_for, fixture_renderer())[1]
    assert all("IOPS" in f.message for f in messages if f.code == "FX501"), messages


@pytest.mark.parametrize(
    ("text", "bare"),
    [
        ("- **12 racks → 3 racks** of storage", ["12", "3"]),
        ("We went 12 → 3 racks.", ["12", "3"]),
        ("12 racks -> 3 racks.", ["12", "3"]),
        # near misses: a count made larger is a range a product scales over
        ("It scales 4 → 64 nodes.", []),
        ("Step 1 → 2 nodes.", []),
    ],
)
def test_a_count_of_parts_made_smaller_by_an_arrow(text: str, bare: list[str]) -> None:
    assert [t for code, t, _, _ in _errors(text) if code == "FX501"] == bare


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # MEDIUM 5: the words on either side of a claim read as one figure through it
        ("It is worth about [94 s](evidence:G1#save_fast) a year.", []),
        # near misses: the same words without a claim between are a figure
        ("It is worth about a year.", [("FX501", "about a year", 3, 13)]),
        # MEDIUM 3: a bound said with "a" is a claim the grammar reads, and a refused one
        # is told once, not again as "in under a second" at the page's first line
        ("Back in [under a minute](evidence:G1#ckpt).", []),
        ("Back in [under a second](evidence:G1#ckpt).", [("FX403", "under a second", 3, 9)]),
        # MEDIUM 4: a figure across a block quote's lines, placed where it is written
        ('> "We ship every two\n> weeks now."', [("FX501", "two weeks", 3, 18)]),
        (
            'It took two weeks.\n\n> "We ship every two\n> weeks now."',
            [("FX501", "two weeks", 3, 9), ("FX501", "two weeks", 5, 18)],
        ),
    ],
)
def test_claims_and_figures_are_read_and_placed_as_written(
    text: str, found: list[tuple[str, str, int, int]]
) -> None:
    assert _errors(text) == found


@pytest.mark.parametrize(
    ("text", "figure", "passes"),
    [
        ("under a minute", "ckpt", True),
        # MEDIUM 7: part of one unit ("[half a day](…)" was told to keep "a day" outside)
        ("half a millisecond", "latency", True),
        ("about half a millisecond", "latency", True),
        ("under half a minute", "ckpt", False),  # near miss: another bound
        ("a quarter of a minute", "ckpt", False),  # near miss: 15 s is another value
        ("half a team", "ckpt", False),
        # MEDIUM 8: a price list's floor
        ("from 100 GB/s", "bw_floor", True),
        ("starting at 100 GB/s", "bw_floor", True),
        ("from 178 GB/s", "bw", False),  # near miss: a value is no floor
        ("a minute", "ckpt", False),  # near miss: a value is no bound
        ("under an hour", "ckpt", False),  # near miss: not at the precision it shows
        ("a lot", "ckpt", False),
    ],
)
def test_a_unit_said_with_a_is_one_of_it(text: str, figure: str, passes: bool) -> None:
    lib = load_library(GRAMMAR / "evidence", GRAMMAR)
    assert isinstance(resolve_claim(text, f"evidence:G1#{figure}", lib), Claim) is passes
