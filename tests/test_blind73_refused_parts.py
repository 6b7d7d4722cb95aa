"""A refused claim's text read in part ("94 s" of "94 s or better") tells that reading, so
the texts of the refused claims that are that part stay for the readings with a bound word
before them ("More than [94 s](…)" reads "More than 94 s"): blind73, finding 13 — with an
invalid record on the page they were used up, and those readings were reported as bare
figures that join a word outside the link with its text, placed at a line that has neither.
In process: a page in, findings out."""

from __future__ import annotations

import pytest
from sitekit import PAGE_PATH, fixture_renderer, href_for, library

from fxsite.markdown import check_page

#: (row, page, the bare figures reported)
PAGES = [
    (
        "a bound word before a refused claim, after one read in part",
        "A [94 s or better](evidence:R9#x).\n\nB [94 s](evidence:R9#x).\n\n"
        "C More than [94 s](evidence:R9#x).\n",
        [],
    ),
    (
        "two read in part, two with a word before",
        "A [4:1 or better](evidence:R9#x).\n\nB [4:1+](evidence:R9#x).\n\n"
        "C [4:1](evidence:R9#x).\n\nD More than [4:1](evidence:R9#x).\n\n"
        "E Up to [4:1](evidence:R9#x).\n",
        [],
    ),
    # near misses: a bare figure with the same text is reported still
    (
        "a bare figure after them",
        "A [94 s or better](evidence:R9#x).\n\nB [94 s](evidence:R9#x).\n\nC More than 94 s.\n",
        ["More than 94 s"],
    ),
    ("a bare figure alone", "C More than 94 s.\n", ["More than 94 s"]),
]


@pytest.mark.parametrize(("row", "page", "bare"), PAGES, ids=[r for r, _, _ in PAGES])
def test_a_refused_claim_read_in_part_tells_that_reading(
    row: str, page: str, bare: list[str]
) -> None:
    _, findings = check_page(f"# T\n\n{page}", PAGE_PATH, library(), href_for, fixture_renderer())
    assert [f.text for f in findings if f.code == "FX501"] == bare
    assert {f.code for f in findings} <= {"FX401", "FX501"}


def test_refused_texts_read_in_part_are_found_in_n_log_n() -> None:
    """Which refused texts each reading begins (``_read_in_part``) is looked up once a page:
    four times the refused claims in less than ten times the CPU time (every reading
    against every refused text, as first written, took sixteen)."""
    from collections import Counter

    from timelimit import linear

    from fxsite.pages.judge import _read_in_part

    def texts(n: int) -> tuple[Counter[str], Counter[str]]:
        refused = Counter(f"{i} s or better" for i in range(n))
        return refused, Counter(f"{i} s" for i in range(n))

    small, large = texts(2000), texts(8000)
    linear(lambda: _read_in_part(*small), lambda: _read_in_part(*large), what="the refused claims")
    assert _read_in_part(*texts(3))["1 s"] == ["1 s or better"]
