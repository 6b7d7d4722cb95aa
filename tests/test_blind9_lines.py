"""Blind test 9 (issue #20 item 2): findings at the line of what they are about.

In-process rows through the one reader check and build share
(:func:`fxsite.markdown.check_page`): a page in, ``(code, line, col)`` of each finding
out; each misplaced row has a near miss placed where it was already right.
"""

from __future__ import annotations

import pytest
from sitekit import library, page_findings

LIB = library()
CLAIM = "[94 s](evidence:R1#save_time_fx100)"


@pytest.mark.parametrize(
    ("split", "expected"),
    [
        pytest.param("9<span hidden>x</span>4 s", [("FX501", 5, 16)], id="hidden-attr"),
        pytest.param(
            '9<span style="display:none">x</span>4 s', [("FX501", 5, 16)], id="display-none"
        ),
        pytest.param("9<span hidden><b>x</b></span>4 s", [("FX501", 5, 16)], id="nested-element"),
        pytest.param("9<b></b>4 s", [("FX501", 5, 16)], id="near-miss-empty-tag"),
        pytest.param("9<!-- c -->4 s", [("FX501", 5, 16)], id="near-miss-comment"),
        pytest.param("94 s", [("FX501", 5, 16)], id="near-miss-written-whole"),
    ],
)
def test_hidden_split_after_a_claim_of_its_text_is_placed_at_its_line(
    split: str, expected: list[tuple[str, int, int]]
) -> None:
    source = f"# Home\n\nThe save took {CLAIM}.\n\nEach save took {split} on NFS.\n"
    assert page_findings(source, LIB) == expected
