"""blind88, a blind tester of the language of figures, both ways (no code in view).

Bare figures it found published, claims whose meaning a word outside the link turned
around, claims in the writer's own words refused, and marketing prose refused.
"""

from __future__ import annotations

import pytest
from sitekit import FIXTURES, PAGE_PATH, href_for, library

from fxsite.evidence.library import load_library
from fxsite.markdown import check_page
from fxsite.pages.claims import Claim, resolve_claim

GRAMMAR = FIXTURES.parent / "grammar"


def _found(text: str, *, zh: bool = False, grammar: bool = False) -> list[tuple[str, str]]:
    """(code, text) of every error check finds in a page of ``text``."""
    page = f"---\nlang: zh\n---\n# T\n\n{text}\n" if zh else f"# T\n\n{text}\n"
    lib = library(GRAMMAR) if grammar else library()
    _, found = check_page(page, PAGE_PATH, lib, href_for)
    return [(f.code, f.text or "") for f in found if f.severity == "error"]


@pytest.mark.parametrize(
    ("text", "figure"),
    [
        # H1, M3: a negated bound was read as a place's number ("No. more than"), or without
        # its negation (told it "bounds the other way" where it agreed)
        ("Save time is no more than 95 s.", "no more than 95 s"),
        ("Latency is no more than 1 ms.", "no more than 1 ms"),
        ("Save time is no less than 95 s.", "no less than 95 s"),
        ("Read latency is not more than 1 ms.", "not more than 1 ms"),
        ("Save time is not over 95 s.", "not over 95 s"),
        # H3: a share of work, its second number grouped or in words with a scale
        ("Only 1 in 1,000 jobs failed.", "1 in 1,000"),
        ("One in ten restores fails on the legacy NAS.", "One in ten"),
        ("Only 1 in 10,000 writes needs a retry.", "1 in 10,000"),
        ("The failure rate is one per thousand restores.", "one per thousand"),
        ("Restore failures fell to one in ten thousand.", "one in ten thousand"),
        # H5: a unit and a quarter, and three quarters
        ("Rebuilds finish in an hour and a quarter.", "an hour and a quarter"),
        ("Rebuilds take under an hour and three quarters.", "under an hour and three quarters"),
        # L1, M5, H6: read whole, or read at all
        ("The error rate is 1/1000.", "1/1000"),
        ("The FX100 is more than twice as fast.", "more than twice"),
        ("Throughput improved by double digits.", "double digits"),
        ("The FX100 outperforms the NAS by 2 to 1.", "2 to 1"),
        # H6: work or capacity by the order of its amount
        ("Millions of IOPS from a single 2U box.", "Millions of IOPS"),
        ("Customers store hundreds of terabytes.", "hundreds of terabytes"),
        ("It handles tens of thousands of small files.", "tens of thousands of small files"),
        ("Trusted by thousands of customers.", None),  # near miss: people
        ("Restores that took a day now take an hour.", ["a day", "an hour"]),
        ("We took a break and now take a walk.", None),  # near miss: no unit
        ("It runs on a dozen nodes where the NAS needed forty.", ["a dozen", "forty"]),
        ("It needs a dozen nodes where NFS needed 6.", None),  # near miss: more, not fewer
        # L1: a range in words, read whole
        ("Between two and three times faster.", "Between two and three times"),
        ("Choose between two and three options.", None),  # near miss: a count of options
        ("Rebuild time is an hour and forty-five minutes.", "an hour and forty-five minutes"),
        ("Millions of users rely on it.", None),
        # near misses: a place's number, a share of people, an ordinal, a service's hours,
        # an idiom, a vote
        ("Support rate: 24/7.", None),
        ("Think twice about it.", None),
        ("The team won by 2 to 1.", None),
        ("Visit No 5 B.", None),
        ("One in three of our hires.", None),
        ("One in a million customers.", None),
    ],
)
def test_bare_figures_blind88_found_published_are_refused(
    text: str, figure: str | list[str] | None
) -> None:
    figures = [figure] if isinstance(figure, str) else figure or []
    assert _found(text) == [("FX501", f) for f in figures]


@pytest.mark.parametrize(
    ("text", "figure"),
    [
        ("4次测试中有3次通过。", "4次测试中有3次"),
        ("每十次恢复中只有一次失败。", "每十次恢复中只有一次"),
        # near misses: a share of people says who; an ordinal names a test
        ("十个客户中有九个认为 FX100 更易用。", None),
        ("在第3次测试中有问题。", None),
    ],
)
def test_a_chinese_share_of_occurrences_is_a_figure(text: str, figure: str | None) -> None:
    assert _found(text, zh=True) == ([("FX501", figure)] if figure else [])


@pytest.mark.parametrize(
    ("text", "told"),
    [
        # H2: a negation outside a claim that states a bound turned it around, unchecked
        ("Checkpoints are not [under 40 s](evidence:G1#ckpt).", "'[at least 40 s](…)'"),
        ("Checkpoints are never [under 40 s](evidence:G1#ckpt).", "else remove 'never'"),
        ("Checkpoints do not take [under 40 s](evidence:G1#ckpt).", "else remove 'not'"),
        ("Reads are not [at least 100 GB/s](evidence:G1#bw_floor).", "'[at most 100 GB/s](…)'"),
        ("Not [under 40 s](evidence:G1#ckpt) but close.", "else remove 'Not'"),
        # near misses: a value set against another, a negation not of the bound
        ("Checkpoints take [under 40 s](evidence:G1#ckpt), not [178 s](evidence:G1#save).", None),
        ("Checkpoints are [under 40 s](evidence:G1#ckpt), not more.", None),
        ("Checkpoints are not only [under 40 s](evidence:G1#ckpt) but cheap.", None),
        ("Saves take [94 s](evidence:G1#save_fast), not [178 s](evidence:G1#save).", None),
    ],
)
def test_a_negation_before_a_bound_claim_is_refused(text: str, told: str | None) -> None:
    lib = library(GRAMMAR)
    _, found = check_page(f"# T\n\n{text}\n", PAGE_PATH, lib, href_for)
    errors = [f for f in found if f.severity == "error"]
    if told is None:
        assert errors == []
        return
    assert [f.code for f in errors] == ["FX503"], errors
    assert "turns its bound around" in errors[0].message
    assert told in errors[0].message, errors[0].message


@pytest.mark.parametrize(
    ("text", "figure", "passes"),
    [
        # M2/H2: a negated bound inside the link is read, and checked against the record
        ("not below 0.5 ms", "latency", False),
        ("not under 40 s", "ckpt", False),  # bounds the other way
        ("not over 40 s", "ckpt", True),
        ("no higher than 40 s", "ckpt", True),
        # M1: multiplier words the detector refuses bare, cited in the writer's words
        ("threefold", "speedup", True),
        ("triples", "speedup", True),
        ("twofold", "speedup", False),  # near miss: another value
        ("halves", "halved", True),
        ("halved", "halved", True),
        ("doubles", "doubled", True),
        ("tenfold", "doubled", False),
        # sub-unit: under one unit
        ("sub-minute", "ckpt", True),
        ("sub-millisecond", "latency", False),  # near miss: a value is no bound
    ],
)
def test_claims_in_the_writers_words(text: str, figure: str, passes: bool) -> None:
    lib = load_library(GRAMMAR / "evidence", GRAMMAR)
    result = resolve_claim(text, f"evidence:G1#{figure}", lib)
    assert isinstance(result, Claim) is passes, result


@pytest.mark.parametrize(
    ("text", "figure"),
    [
        # M4: marketing prose that states no performance figure
        ("Our 24-hour hotline never sleeps.", None),
        ("We offer 24 hour support.", None),
        ("A third of a century in storage.", None),
        ("Half the battle is knowing where your data lives.", None),
        ("We are 100% employee-owned.", None),
        # near misses: the same words stating a figure
        ("A 24-hour rebuild is gone.", "24-hour"),
        ("A third of the time is spent waiting.", "A third"),
        ("Restores take half the time.", "half"),
        ("We are 100% faster.", "100%"),
    ],
)
def test_marketing_prose_passes_and_its_near_misses_do_not(text: str, figure: str | None) -> None:
    assert _found(text) == ([("FX501", figure)] if figure else [])


@pytest.mark.parametrize(
    ("text", "figure", "where"),
    [
        # M2: a bare figure read across a refused claim's text was placed at the page's first
        # line, "added by a hook"
        (
            "Intro.\n\nA restore takes a minute and a [half](evidence:G1#save_fast).",
            "a minute and a half",
            (5, 17),
        ),
        ("Intro.\n\nA restore takes two [minutes](evidence:G1#save_fast).", "two minutes", (5, 17)),
        # near miss: a figure written whole before a link is placed where it is written
        ("Intro.\n\nA restore takes 94 s, see [the report](https://example.com).", "94 s", (5, 17)),
    ],
)
def test_a_figure_read_across_a_link_is_placed_where_written(
    text: str, figure: str, where: tuple[int, int]
) -> None:
    _, found = check_page(f"# T\n\n{text}\n", PAGE_PATH, library(GRAMMAR), href_for)
    bare = [f for f in found if f.code == "FX501"]
    assert [(f.text, (f.line, f.col)) for f in bare] == [(figure, where)]
    assert "a hook" not in bare[0].message


@pytest.mark.parametrize(
    ("text", "figure", "told"),
    [
        # L1: a bound after a quantity that is not the figure's was told "[at most under 40 s]"
        ("40 s or less", "ckpt", "write '[under 40\u00a0s](…)'"),
        ("90 s or less", "save_fast", "write '[94\u00a0s](…)'"),
        # near miss: the quantity is the figure's, the bound may be the record's
        (
            "94 s or less",
            "save_fast",
            "where the record states that bound, write '[at most 94 s](…)'",
        ),
    ],
)
def test_a_bound_after_a_claims_quantity_is_told_a_claim_that_passes(
    text: str, figure: str, told: str
) -> None:
    lib = load_library(GRAMMAR / "evidence", GRAMMAR)
    result = resolve_claim(text, f"evidence:G1#{figure}", lib)
    assert not isinstance(result, Claim)
    assert told in result.message and "at most under" not in result.message, result.message
