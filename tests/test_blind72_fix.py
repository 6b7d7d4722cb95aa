"""``fxsite fix`` points claims to a superseded record at the record that supersedes it,
where the claim's text passes there (blind72: superseding a record left some 25 FX407s and
``fix`` did nothing for them). The fixture's R2 (99 s) is superseded by R1 (94 s)."""

from __future__ import annotations

import pytest
from sitekit import fixture_renderer, library

from fxsite.authoring.fix import fix_page
from fxsite.markdown import check_page
from fxsite.pages.claims import check_href

#: (row, page, page after fix)
POINTED = [
    (
        "an inline claim",
        "# T\n\nSaves take [94 s](evidence:R2#save_time_fx100) now.\n",
        "# T\n\nSaves take [94 s](evidence:R1#save_time_fx100) now.\n",
    ),
    (
        "a reference definition",
        "# T\n\nSaves take [94 s][old] now.\n\n[old]: evidence:R2#save_time_fx100\n",
        "# T\n\nSaves take [94 s][old] now.\n\n[old]: evidence:R1#save_time_fx100\n",
    ),
    (
        "two claims, one of them its own record's",
        "# T\n\n[94 s](evidence:R2#save_time_fx100) and [94 s](evidence:R1#save_time_fx100).\n",
        "# T\n\n[94 s](evidence:R1#save_time_fx100) and [94 s](evidence:R1#save_time_fx100).\n",
    ),
]


def _errors(page: str) -> list[str]:
    found = check_page(page, "docs/p.md", library(), check_href, fixture_renderer())[1]
    return [f.code for f in found if f.severity == "error"]


@pytest.mark.parametrize(("row", "page", "fixed"), POINTED, ids=[r[0] for r in POINTED])
def test_a_claim_to_a_superseded_record_is_pointed_at_its_successor(
    row: str, page: str, fixed: str
) -> None:
    assert "FX407" in _errors(page)
    result = fix_page(page, "docs/p.md", library(), fixture_renderer())
    assert result.text == fixed and result.unfixed == []
    assert [(c.before, c.after) for c in result.changes][:1] == [
        ("evidence:R2#save_time_fx100", "evidence:R1#save_time_fx100")
    ]
    assert _errors(result.text) == []
    assert fix_page(result.text, "docs/p.md", library(), fixture_renderer()).changes == []


def test_near_miss_a_claim_whose_value_the_successor_does_not_state_is_left() -> None:
    """The text on a page is the writer's: 99 s stays, and fix says what R1 states."""
    page = "# T\n\nSaves took [99 s](evidence:R2#save_time_fx100) then.\n"
    result = fix_page(page, "docs/p.md", library(), fixture_renderer())
    assert result.text == page and result.changes == []
    [left] = result.unfixed
    assert (left.line, left.col, left.text) == (3, 19, "evidence:R2#save_time_fx100")
    assert "R1#save_time_fx100 states 94 s" in left.reason
    assert left.candidates == ("R1#save_time_fx100",)


def test_near_miss_a_claim_to_an_active_record_is_not_touched() -> None:
    page = "# T\n\nSaves take [94 s](evidence:R1#save_time_fx100) now.\n"
    result = fix_page(page, "docs/p.md", library(), fixture_renderer())
    assert result.text == page and result.changes == [] and result.unfixed == []


#: (row, page, the code fix tells of the claim it leaves): a claim the check refuses
LEFT = [
    (
        "a value its record no longer states",
        "# T\n\nSaves take [95 s](evidence:R1#save_time_fx100).\n",
        "FX403",
    ),
    (
        "a figure its record does not have",
        "# T\n\nSaves take [94 s](evidence:R1#save_time_nope).\n",
        "FX402",
    ),
]


@pytest.mark.parametrize(("row", "page", "code"), LEFT, ids=[r[0] for r in LEFT])
def test_a_claim_the_check_refuses_is_told_as_left(row: str, page: str, code: str) -> None:
    """blind72: after a record's value changed, check refused two claims and fix said
    "0 left to cite by hand"."""
    assert code in _errors(page)
    result = fix_page(page, "docs/p.md", library(), fixture_renderer())
    assert result.text == page and result.changes == []
    assert [u.reason.split()[0] for u in result.unfixed] == [code]
