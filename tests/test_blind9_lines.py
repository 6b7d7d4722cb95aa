"""Blind test 9 (issue #20 item 2): findings at the line of what they are about.

In-process rows through the one reader check and build share
(:func:`fxsite.markdown.check_page`): a page in, ``(code, line, col)`` of each finding
out; each misplaced row has a near miss placed where it was already right.
"""

from __future__ import annotations

import pytest
from sitekit import library, page_findings

from fxsite.evidence.yamlsafe import load_yaml

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


def _codes_at(source: str) -> list[tuple[str, int, int]]:
    loaded = load_yaml(source, "evidence/R2.yaml")
    return [(f.code, f.line, f.col) for f in loaded.findings]


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        pytest.param(
            "id: R2\ntitle: Save\u2028test\nlabel: spec\n", [("FX101", 2, 12)], id="u2028-plain"
        ),
        pytest.param(
            "id: R2\ntitle: Save\u2029test\nlabel: spec\n", [("FX101", 2, 12)], id="u2029-plain"
        ),
        pytest.param(
            "id: R2\ntitle: Save\x85test\nlabel: spec\n", [("FX101", 2, 12)], id="nel-plain"
        ),
        pytest.param(
            'id: R2\ntitle: "Save\u2028test"\nlabel: spec\n', [("FX101", 2, 13)], id="quoted"
        ),
        pytest.param(
            "id: R2\n# a note\u2028label: hidden\nlabel: spec\n",
            [("FX101", 2, 9)],
            id="in-a-comment-hides-a-key",
        ),
        pytest.param(
            "id: R2\ntitle: A\u2028B\u2028C\nlabel: [spec\n",
            [("FX101", 2, 9), ("FX101", 2, 11), ("FX101", 4, 1)],
            id="each-one-and-a-later-error-at-its-line",
        ),
        pytest.param(
            "id: R2\r\ntitle: Save\u2028test\r\nlabel: spec\r\n",
            [("FX101", 2, 12)],
            id="crlf",
        ),
        pytest.param('id: R2\ntitle: "Save\\u2028test"\nlabel: spec\n', [], id="near-miss-escaped"),
        pytest.param("id: R2\ntitle: Save test\nlabel: spec\n", [], id="near-miss-space"),
        pytest.param(
            "id: R2\ntitle: Save test\nlabel: [spec\n", [("FX101", 4, 1)], id="near-miss-error"
        ),
    ],
)
def test_a_yaml_1_1_line_break_is_refused_at_its_own_line(
    source: str, expected: list[tuple[str, int, int]]
) -> None:
    assert _codes_at(source) == expected


@pytest.mark.parametrize(
    ("page", "expected"),
    [
        pytest.param(
            "---\ntitle: Saves\u2028here\n---\n# P2\n\nText.\n", [("FX101", 2, 13)], id="front"
        ),
        pytest.param(
            "---\r\ntitle: Saves\r\ndescription: Saves take\u2028 about 95 s\r\n---\r\n"
            "# P2\r\n\r\nText.\r\n",
            [("FX101", 3, 24), ("FX501", 3, 26)],
            id="front-crlf-and-a-figure-after-it",
        ),
        pytest.param("---\ntitle: Saves here\n---\n# P2\n\nA\u2028B.\n", [], id="near-miss-body"),
    ],
)
def test_a_yaml_1_1_line_break_in_front_matter_is_refused_at_its_line(
    page: str, expected: list[tuple[str, int, int]]
) -> None:
    assert page_findings(page, LIB) == expected
