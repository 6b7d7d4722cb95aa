"""A share stated as a named quantity's value, and a unit and a half (blind85, blind87).

"The share of restores from tape is a third." and "The success rate over runs was 3 of 4."
were published bare; "under a minute and a half" was refused as "under a minute", and its
cited form told to keep "a minute and a" outside the link.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest
from sitekit import FIXTURES, PAGE_PATH, href_for, library, resolves

from fxsite.evidence.library import load_library
from fxsite.evidence.quantities import parse_stated
from fxsite.markdown import check_page
from fxsite.pages.claims import Claim, ClaimProblem, resolve_claim

GRAMMAR = FIXTURES.parent / "grammar"


def _bare(text: str) -> list[str]:
    """The bare figures check finds in a page of ``text``."""
    _, found = check_page(f"# T\n\n{text}\n", PAGE_PATH, library(), href_for)
    return [f.text for f in found if f.code == "FX501"]


@pytest.mark.parametrize(
    ("text", "figure"),
    [
        # refused: a share as what a named rate, ratio, share or change came to
        ("The share of restores from tape is a third.", "a third"),
        ("Restore time share of tape's is a third.", "a third"),
        ("The success rate over runs was 3 of 4.", "3 of 4"),
        ("A reduction of two thirds in rack space.", "two thirds"),
        ("The failure rate was one in a thousand.", "one in a thousand"),
        ("Failure rate: one in a thousand.", "one in a thousand"),
        ("The hit rate is nearly two-thirds on the FX100.", "nearly two-thirds"),
        ("The odds are one in a million.", "one in a million"),
        ("Power savings came to a quarter, across the fleet.", "a quarter"),
        ("A hit rate of 9 out of 10 for cached reads.", "9 out of 10"),
        # a unit and a half, whole after a bound word
        ("Restores finish under a minute and a half.", "under a minute and a half"),
        ("Restores finish within a minute-and-a-half, always.", "within a minute-and-a-half"),
        # near misses: no share, or one that names, picks or dates
        ("Our success rate is one of two things we track.", None),
        ("The rate is a third party's.", None),
        ("Our growth was a third-quarter record.", None),
        ("Our ratio is one of the best.", None),
        ("Rate limits: one in each region.", None),
        ("The reduction came in the second half.", None),
        ("Our share of the market is one of the largest.", None),
        ("The cut was a half-measure.", None),
        ("The ratio is high. Our team is a third of the company.", None),
        ("A third of our partners rate it highly.", None),
    ],
)
def test_a_share_stated_as_a_named_value_is_a_figure(text: str, figure: str | None) -> None:
    assert _bare(text) == ([figure] if figure else [])


@pytest.mark.parametrize(
    ("text", "value", "unit", "bound"),
    [
        ("a minute and a half", "1.5", "min", None),
        ("an hour-and-a-half", "1.5", "h", None),
        ("2 and a half hours", "2.5", "h", None),
        ("two and a half minutes", "2.5", "min", None),
        ("under a minute and a half", "1.5", "min", "max"),
        # near misses: no unit to add the half to
        ("a dozen and a half", None, None, None),
        ("a half", "50", "%", None),  # a share (blind88), as "a third" is
    ],
)
def test_a_unit_and_a_half_is_read_as_one_quantity(
    text: str, value: str | None, unit: str | None, bound: str | None
) -> None:
    stated = parse_stated(text)
    if value is None:
        assert stated is None or stated.unit is None, stated
        return
    assert stated is not None, text
    assert (stated.low, stated.unit, stated.qualifier) == (Decimal(value), unit, bound)


@pytest.mark.parametrize(
    ("text", "figure", "told"),
    [
        # the claim grammar reads the whole: told the value, not to move words out
        ("a minute and a half", "save_fast", "is not G1#save_fast, which is 94\u00a0s"),
        # a share in words is a percentage, checked as one (blind88, blind89)
        ("a third", "share", "'a third' is not G1#share, which is 96%"),
        ("3 of 4", "share", "'3 of 4' is not G1#share, which is 96%"),
        ("a third", "save_fast", "'a third' is in % but G1#save_fast is in s"),
        # near miss: no share, the general message
        ("a lot", "share", "'a lot' does not state one quantity; write it as '96%'"),
    ],
)
def test_a_cited_share_or_half_is_told_what_to_write(text: str, figure: str, told: str) -> None:
    lib = load_library(GRAMMAR / "evidence", GRAMMAR)
    result = resolve_claim(text, f"evidence:G1#{figure}", lib)
    assert isinstance(result, ClaimProblem), result
    assert told in result.message, result.message
    assert "outside" not in result.message


@pytest.mark.parametrize(
    ("text", "passes"),
    [
        ("a minute and a half", True),
        ("about a minute and a half", True),
        ("one and a half minutes", True),
        ("a minute-and-a-half", True),
        ("two minutes and a half", False),  # near miss: another value
    ],
)
def test_a_cited_minute_and_a_half_passes_where_the_record_says_90_s(
    project: Callable[..., Path], text: str, passes: bool
) -> None:
    """The near misses of the refusal above: a record of 90 s is "a minute and a half"."""
    record = (
        "id: T1\ntitle: T\nlabel: measured\nstatus: active\nfigures:\n  a: {value: 90, unit: s}\n"
    )
    assert isinstance(resolves(project({"T1.yaml": record}), text, "T1#a"), Claim) is passes


SHARES = """\
id: T1
title: T
label: measured
status: active
figures:
  third: {value: 33.3, unit: "%"}
  rare: {value: 0.1, unit: "%"}
  most: {value: 75, unit: "%"}
  floor: {min: 90, unit: "%"}
"""


@pytest.mark.parametrize(
    ("text", "figure", "passes"),
    [
        # in the writer's words: a customer's quote need not become "33.3%" (blind88, blind89)
        ("a third", "third", True),
        ("one third", "third", True),
        ("one in a thousand", "rare", True),
        ("1 in 1,000", "rare", True),
        ("three quarters", "most", True),
        ("3 of 4", "most", True),
        ("at least nine out of ten", "floor", True),
        # near misses: another share, one not of numbers, a bound the other way
        ("two thirds", "third", False),
        ("one in ten thousand", "rare", False),
        ("nine out of ten", "floor", False),  # a value where the record states a bound
        ("one of a kind", "third", False),
        ("half", "third", False),  # a multiplier
    ],
)
def test_a_share_in_words_is_a_claim_of_a_percentage(
    project: Callable[..., Path], text: str, figure: str, passes: bool
) -> None:
    result = resolves(project({"T1.yaml": SHARES}), text, f"T1#{figure}")
    assert isinstance(result, Claim) is passes, result
