"""Wording that is not a performance claim, refused as bare figures (blind72, finding 4).

A test's sizes each for a workload, a test's load levels, a policy's schedule and retention,
a design built of one medium ("100% NVMe"), the period a model covers and the period money is
saved over. What the report found rightly refused stays refused, and so do the near misses
below (a size measured, a load measured, a schedule or a retention alone after an operation,
a bound on a time).
"""

from __future__ import annotations

import pytest
from sitekit import library, sentence_errors

from fxsite.evidence.library import Library
from fxsite.pages.figures import find_bare_figures


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


PASSED = [
    "Block sizes were 4 KiB for random and 1 MiB for sequential workloads, at queue depth 32.",
    "The block sizes are 4 KiB and 1 MiB.",
    "Run the random read test at 50% and 100% load.",
    "Latency was measured at 90% load.",
    "Snapshots every 5 minutes, kept for 30 days.",
    "Backups run every hour and are retained for 35 days.",
    "A 100% NVMe design, from cache to capacity.",
    "A 100 percent flash array.",
    "Five-year energy model, AF9000 vs StoreMax 700",
    "A three-year cost projection.",
    "Over a five-year life, the lower power draw saves money.",
    "The lower power draw saves money over five years.",
    "Over the 3-year period, the TCO drops.",
]
# (sentence, the figures still read)
REFUSED = [
    # rightly refused, as the report says
    ("It holds about 300 TB.", ["about 300 TB"]),
    ("Ships in 4 weeks.", ["4 weeks"]),
    ("A 4-hour replacement SLA.", ["4-hour"]),
    ("It has 512 GB of DRAM.", ["512 GB"]),
    ("RTO under 30 seconds.", ["under 30 seconds"]),
    # near misses
    ("Block sizes were 4 KiB for random reads and 2 PB for the pool.", ["2 PB"]),
    ("CPU load at 50%.", ["50%"]),
    ("It handles 100% load.", ["100%"]),
    ("100% NVMe throughput.", ["100%"]),
    ("Snapshots every 5 minutes.", ["5 minutes"]),
    ("Every snapshot is retained for 7 days.", ["7 days"]),
    ("A full restore completes every 45 seconds.", ["45 seconds"]),
    ("Drives are rated for a five-year life.", ["five-year"]),
    ("It saves money and lasts over five years.", ["over five years"]),
    ("Drives last over five years.", ["over five years"]),
    ("A 5-year warranty.", ["5-year"]),
]


@pytest.mark.parametrize("sentence", PASSED)
def test_a_setting_a_design_or_a_period_passes(lib: Library, sentence: str) -> None:
    assert find_bare_figures(sentence) == []
    assert sentence_errors(sentence, lib) == []


@pytest.mark.parametrize(("sentence", "figures"), REFUSED, ids=[r[0] for r in REFUSED])
def test_a_figure_beside_them_is_refused(lib: Library, sentence: str, figures: list[str]) -> None:
    assert [f.text for f in find_bare_figures(sentence)] == figures
    assert [code for code, _, _ in sentence_errors(sentence, lib)] == ["FX501"] * len(figures)
