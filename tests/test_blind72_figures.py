"""Bare figures that got through (blind72, finding 12), and their near misses.

"Cuts latency by 3/4." passed where "drops by three quarters" was read; "by nearly three
quarters" passed where "by nearly a third" was read; a price per TB written as its unit
before the number ("Our $/TB is 119.") passed; "Random reads: 2,400,000." passed where
"Random read IOPS: 2,400,000." and "Random reads: 800K." were read; "Capacity grows 4 times
with data reduction." was read as four occurrences.
"""

from __future__ import annotations

import pytest
from sitekit import library, sentence_errors

from fxsite.evidence.library import Library
from fxsite.pages.figures import find_bare_figures


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


# (sentence, the figures the detector reads)
REFUSED = [
    ("Cuts latency by 3/4.", ["3/4"]),
    ("The price drops by nearly 2/3 after the upgrade.", ["nearly 2/3"]),
    ("It cuts latency by nearly three quarters.", ["nearly three quarters"]),
    ("Costs fell by about two thirds.", ["about two thirds"]),
    ("Our $/TB is 119.", ["119"]),
    ("Lowest $/TB in its class at 119.", ["119"]),
    ("USD/GB: 0.02.", ["0.02"]),
    ("Random reads: 2,400,000.", ["2,400,000"]),
    ("Random reads: 2.4 million.", ["2.4 million"]),
    ("Capacity grows 4 times with data reduction.", ["4 times"]),
    ("Capacity grows 4 times.", ["4 times"]),
    ("Throughput rose 3 times compared with NFS.", ["3 times"]),
]
# Near misses: no figure at all.
PASSED = [
    "3/4 of our customers use it.",
    "Step 3/4 of the wizard.",
    "A 3/4-height card.",
    "Ships by 3/4.",  # a date, no word of change
    "Random reads: see below.",
    "Reads: 3.",
    "Random reads: 1,000 files.",
    "Writes: 2024 and 2025 runs.",
    "It grows 4 times a year.",
    "Capacity grew 4 times in 2024.",
    "Prices were cut 4 times.",
    "Prices in $/TB are in table 3.",
    "Our $/TB is lower than 3 rivals.",
    "$/TB at 3 sites.",
    "Our $/TB is lower than theirs.",
    "Prices fell by a third party's count.",
]


@pytest.mark.parametrize(("sentence", "figures"), REFUSED, ids=[r[0] for r in REFUSED])
def test_a_change_price_or_count_is_read(lib: Library, sentence: str, figures: list[str]) -> None:
    assert [f.text for f in find_bare_figures(sentence)] == figures
    assert [code for code, _, _ in sentence_errors(sentence, lib)] == ["FX501"] * len(figures)


@pytest.mark.parametrize("sentence", PASSED)
def test_a_near_miss_states_no_figure(lib: Library, sentence: str) -> None:
    assert find_bare_figures(sentence) == []
    assert sentence_errors(sentence, lib) == []
