"""A table column whose claims all state one unit states it for the column's bare
numbers: "| new | 6.4 |" under "| old | [3.2 GB/s](…) |" shows "6.4 GB/s" and is refused
at its cell, by the one page reader (:mod:`fxsite.pages.column_claims`)."""

from __future__ import annotations

import pytest
from sitekit import library, page_findings

from fxsite.pages.column_claims import counts_things

OLD = "[178 s](evidence:R1#save_time_baseline)"
NEW = "[94 s](evidence:R1#save_time_fx100)"
BW = "[6.40 GB/s](evidence:R1#bandwidth_fx100)"


def table(*rows: str, header: str = "| System | Save |") -> str:
    return "# T\n\n" + header + "\n|---|---|\n" + "".join(f"{r}\n" for r in rows)


#: (row, page, each FX501 at (line, col))
REFUSED = [
    ("a bare cell below a claim", table(f"| NVMe | {OLD} |", "| FX100 | 94 |"), [(6, 11)]),
    ("a bare cell above a claim", table("| NVMe | 178 |", f"| FX100 | {NEW} |"), [(5, 10)]),
    ("two bare cells", table(f"| NVMe | {OLD} |", "| A | 150 |", "| B | 120 |"), [(6, 7), (7, 7)]),
    (
        "a third column",
        table(f"| x | y | {OLD} |", "| z | w | 120 |", header="| a | b | c |").replace(
            "|---|---|", "|---|---|---|"
        ),
        [(6, 11)],
    ),
]

NEAR_MISSES = [
    ("both cited", table(f"| NVMe | {OLD} |", f"| FX100 | {NEW} |")),
    ("claims in two units", table(f"| NVMe | {OLD} |", f"| FX100 | {BW} |", "| Runs total | 3 |")),
    ("a counted row, key and value", table(f"| Save time | {NEW} |", "| Runs | 8 |")),
    ("a count word row", table(f"| Save time | {NEW} |", "| Count | 8 |")),
    ("a GPUs row", table(f"| Save time | {NEW} |", "| GPUs | 8 |")),
    ("the labels' column", table(f"| 3 | {NEW} |")),
    (
        "a unitless claim of a count",
        table(f"| Save time | {NEW} |", "| Saves | [20](evidence:E1#saves) |"),
    ),
    (
        "a unitless claim, a plain label",
        table(f"| Save time | {NEW} |", "| X | [20](evidence:E1#saves) |"),
    ),
    ("a year row", table(f"| Save time | {NEW} |", "| Year | 2025 |")),
]


@pytest.mark.parametrize(("page", "places"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED])
def test_a_bare_cell_takes_its_columns_claims_unit(
    page: str, places: list[tuple[int, int]]
) -> None:
    found = page_findings(page, library())
    assert [(line, col) for code, line, col in found if code == "FX501"] == places, found


@pytest.mark.parametrize("page", [r[1] for r in NEAR_MISSES], ids=[r[0] for r in NEAR_MISSES])
def test_a_cell_of_its_own_quantity_passes(page: str) -> None:
    assert [f for f in page_findings(page, library()) if f[0] == "FX501"] == []


@pytest.mark.parametrize(
    ("label", "counted"),
    [
        ("Runs", True),
        ("GPUs", True),
        ("Count", True),
        ("n", True),
        ("Tokens", True),
        ("Year", True),
        ("FX100", False),
        ("NVMe", False),
        ("Baseline", False),
        ("Glass", False),
        ("", False),
    ],
)
def test_a_row_label_naming_things_counted(label: str, counted: bool) -> None:
    assert counts_things(label) is counted
