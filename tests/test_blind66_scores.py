"""Scores blind tester 66 found published bare, a rating no claim could state, and a
refused claim's words told twice.

* A ratio in words before any advantage ("a 3-to-1 cost advantage"; only "speed" was read).
* A rating ("rated 4.8/5", "4.5/5 stars", "a 4.5-star rating"), a Net Promoter Score
  ("an NPS of 72", "+45 NPS"), a share of uptime without its sign ("a 99.9 uptime SLA",
  "availability of 99.95") and a column headed "Uptime" over bare cells.
* A rating is a unit of its scale (``/5``, ``/10``, ``/100``): a record states
  ``{value: 4.8, unit: /5}`` and ``[4.8/5](…)`` or ``[4.8 out of 5](…)`` cites it (before,
  ``4.8 out of 5`` was refused bare, and every way to cite it refused too).

In-process rows: a sentence in, figures out (the detector), and a page in,
``(code, line, col)`` out (the one reader, as check and build run it).
"""

from __future__ import annotations

import pytest
from sitekit import FIXTURE_EXTENSIONS, href_for

from fxsite.evidence.library import Library, load_library
from fxsite.markdown import PageRenderer, check_page
from fxsite.pages.figures import find_bare_figures

PATH = "docs/p.md"
RENDERER = PageRenderer(FIXTURE_EXTENSIONS, {})

RECORD = """\
id: S2
title: Reviews and service
label: public
status: active
source:
  issuer: Example reviews
figures:
  rating: {value: 4.8, unit: /5, what: Average rating}
  score: {value: 87, unit: /100, what: Benchmark score}
  nps: {value: 72, unit: count, what: Net Promoter Score}
  uptime: {value: 99.9, unit: "%", what: Uptime SLA}
  cost_adv: {value: 3, unit: x, what: Cost advantage}
  savings: {value: 1000000, unit: EUR, what: Savings}
"""

SCORES = [
    ("cost advantage", "A 3-to-1 cost advantage.", ["3-to-1"]),
    ("TCO advantage", "A 4-to-1 TCO advantage.", ["4-to-1"]),
    ("decimal to one", "A 1.5-to-1 cost advantage.", ["1.5-to-1"]),
    ("rated N/M", "Rated 4.8/5 by reviewers.", ["4.8/5"]),
    ("scores N/M", "It scores 9/10 overall.", ["9/10"]),
    ("N/M stars", "4.5/5 stars on G2.", ["4.5/5"]),
    ("rated N stars", "Rated 4.8 stars.", ["4.8 stars"]),
    ("N-star rating", "A 4.5-star rating.", ["4.5-star"]),
    ("NPS of", "An NPS of 72.", ["72"]),
    ("NPS is", "Our NPS is +45.", ["+45"]),
    ("NPS colon", "NPS: 72", ["72"]),
    ("net promoter score", "A net promoter score of 61.", ["61"]),
    ("N NPS", "A +45 NPS.", ["+45"]),
    ("uptime SLA", "A 99.9 uptime SLA.", ["99.9"]),
    ("SLA", "Up to 99.9 SLA.", ["Up to 99.9"]),
    ("availability of", "Availability of 99.95 for storage.", ["99.95"]),
    ("N availability", "99.999 availability.", ["99.999"]),
    ("N uptime", "We guarantee 99.99 uptime.", ["99.99"]),
    # blind70: a rating ending its sentence, or after another verb
    ("rated N out of M, at the end", "Rated 4.8 out of 5", ["4.8 out of 5"]),
    ("rate us N out of M", "Customers rate us 4.8 out of 5.", ["4.8 out of 5"]),
    ("give it N out of M", "Users give it 4.8 out of 5.", ["4.8 out of 5"]),
    ("a rating of N out of M", "A rating of 4.8 out of 5.", ["4.8 out of 5"]),
    ("N out of M alone", "4.8 out of 5", ["4.8 out of 5"]),
    ("rate it N/M", "Customers rate it 4.8/5", ["4.8/5"]),
    ("gets N/M", "It gets 4.6/5.", ["4.6/5"]),
    ("score colon N/M", "Score: 4.8/5.", ["4.8/5"]),
    ("score is N/M", "Its score is 4.8/5.", ["4.8/5"]),
    ("N stars", "4.8 stars on G2.", ["4.8 stars"]),
]
NOT_SCORES = [
    ("a vote", "A 3-to-1 vote."),
    ("a score in a game", "We won 3-to-1."),
    ("a step", "Step 4/5 of the wizard."),
    ("a page", "See page 3/10."),
    ("a film rating", "Rated R."),
    ("goals", "She scores 3 goals."),
    ("a product named NPS 2", "NPS 2 is our product."),
    ("a survey's year", "The NPS 2024 survey."),
    ("availability zones", "It runs in 100 availability zones."),
    ("availability checks", "Run the 99 availability checks."),
    ("a hotel", "A 5-star hotel."),
    ("a step of five", "Step 4 of 5 is optional."),
    ("a page out of", "Page 3 out of 10."),
    # the window a figure is reported over, a company's age (blind66)
    ("the past 12 months", "Over the past 12 months we shipped 40 releases."),
    ("Last 30 days", "Last 30 days: no outage."),
    ("the trailing four quarters", "Revenue over the trailing four quarters grew."),
    ("a company's age", "Our 100-year-old company still innovates."),
]
#: Near misses of the window and the age: a time not after "past"/"last", an age of a part.
STILL_FIGURES = [
    ("a restore's time", "The restore took 12 months.", ["12 months"]),
    ("a time in the last", "The last 2 hours of the run took 3 hours.", ["3 hours"]),
    ("a server's age", "A 5-year-old server.", ["5-year"]),
]


@pytest.mark.parametrize(
    ("name", "text", "figures"), STILL_FIGURES, ids=[c[0] for c in STILL_FIGURES]
)
def test_near_miss_is_still_a_figure(name: str, text: str, figures: list[str]) -> None:
    assert [f.text for f in find_bare_figures(text)] == figures


@pytest.fixture(scope="module")
def lib(tmp_path_factory: pytest.TempPathFactory) -> Library:
    root = tmp_path_factory.mktemp("scores")
    (root / "evidence").mkdir()
    (root / "evidence" / "S2.yaml").write_text(RECORD, encoding="utf-8")
    library = load_library(root / "evidence", root)
    assert [f for f in library.findings if f.severity == "error"] == []
    return library


def _found(page: str, lib: Library) -> list[tuple[str, int, int]]:
    _, findings = check_page(page, PATH, lib, href_for, RENDERER)
    return sorted((f.code, f.line, f.col) for f in findings if f.severity == "error")


@pytest.mark.parametrize(("name", "text", "figures"), SCORES, ids=[c[0] for c in SCORES])
def test_a_score_is_a_figure(name: str, text: str, figures: list[str]) -> None:
    assert [f.text for f in find_bare_figures(text)] == figures


@pytest.mark.parametrize(("name", "text"), NOT_SCORES, ids=[c[0] for c in NOT_SCORES])
def test_near_miss_is_no_score(name: str, text: str) -> None:
    assert find_bare_figures(text) == []


@pytest.mark.parametrize(
    ("page", "found"),
    [
        ("| Service | Uptime |\n|---|---|\n| Storage | 99.99 |\n", [("FX501", 3, 13)]),
        ("| Service | Availability |\n|---|---|\n| Storage | 99.99 |\n", [("FX501", 3, 13)]),
        # near misses: a claim under the header; a column of zones is no share
        ("| Service | Uptime |\n|---|---|\n| Storage | [99.9%](evidence:S2#uptime) |\n", []),
        ("| Region | Availability zone |\n|---|---|\n| EU | 3 |\n", []),
    ],
)
def test_a_column_headed_uptime_holds_shares(page: str, found: list[object], lib: Library) -> None:
    assert _found(page, lib) == found


@pytest.mark.parametrize(
    ("line", "found"),
    [
        ("Rated [4.8/5](evidence:S2#rating) by reviewers.", []),
        ("Rated [4.8 out of 5](evidence:S2#rating) by reviewers.", []),
        ("Rated [](evidence:S2#rating) by reviewers.", []),
        ("It scored [87/100](evidence:S2#score).", []),
        ("An NPS of [72](evidence:S2#nps).", []),
        ("A [3×](evidence:S2#cost_adv) cost advantage.", []),
        # refused: the wrong scale, the scale outside the link
        ("Rated [4.8/10](evidence:S2#rating) by reviewers.", [("FX405", 1, 7)]),
        ("Rated [4.8](evidence:S2#rating)/5 by reviewers.", [("FX503", 1, 8)]),
    ],
)
def test_a_rating_is_cited_on_its_scale(line: str, found: list[object], lib: Library) -> None:
    assert _found(line + "\n", lib) == found


@pytest.mark.parametrize(
    ("page", "found"),
    [
        # blind66: "1 million euros" was told again as bare, at the "1" of "Version 1"
        ("Version 1 ships.\n\nSaved [1](evidence:S2#savings) million euros.\n", [("FX403", 3, 7)]),
        ("Saved [1](evidence:S2#savings) million euros.\n", [("FX403", 1, 7)]),
        # near misses: a number going on past the claim's text is a figure of its own; the
        # claim's text in full passes
        ("Saved [1](evidence:S2#savings)5 euros.\n", [("FX403", 1, 7), ("FX501", 1, 8)]),
        ("Saved [1 million euros](evidence:S2#savings).\n", []),
    ],
)
def test_a_refused_claims_words_are_told_once(page: str, found: list[object], lib: Library) -> None:
    assert _found(page, lib) == found


FAQ_PAGE = """---
faq:
  - q: Is it 3x cheaper?
    a: See the results page.
---

# T

![a 3x faster array](x.png)
"""


def test_an_alt_text_is_judged_as_one_beside_an_faq_question(lib: Library) -> None:
    """blind66: the alt text's "3x" took the FAQ question's finding as its own, and the
    question's rendering was told again, with no alt text advice, at the question."""
    _, findings = check_page(FAQ_PAGE, PATH, lib, href_for, RENDERER)
    told = sorted((f.line, f.col, f.message.split("(")[0]) for f in findings)
    assert told == [
        (3, 14, "bare figure '3x' in an FAQ question "),
        (9, 5, "bare figure '3x' in an image's alt text "),
    ]
    # near miss: the question alone is told once
    alone = check_page(
        FAQ_PAGE.replace("![a 3x faster array](x.png)", ""), PATH, lib, href_for, RENDERER
    )
    assert [(f.line, f.col) for f in alone[1]] == [(3, 14)]


@pytest.mark.parametrize(
    ("text", "figures"),
    [
        # blind66: told as "₹5", and the writer's claim "[₹5](…) crore" was then glued
        ("We saved ₹5 crore.", ["₹5 crore"]),
        ("Rs 3 lakh a year.", ["Rs 3 lakh"]),
        ("₹5 crores of savings.", ["₹5 crores"]),
        # near miss: a price per month keeps its own span
        ("₹500 per month.", ["₹500"]),
    ],
)
def test_a_price_in_crore_or_lakh_is_told_whole(text: str, figures: list[str]) -> None:
    assert [f.text for f in find_bare_figures(text)] == figures
