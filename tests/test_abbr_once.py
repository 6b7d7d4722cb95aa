"""An abbreviation's title is written once (``*[GB]: gigabytes, 94 s``) and drawn on each
use of the abbreviation: a figure in it is one finding, at the definition's line. It was
one finding per use, and the second was placed at an earlier line holding the same text
(the page's description in its front matter: blind11 ``loc_wrong_line``)."""

from __future__ import annotations

import pytest
from sitekit import FIXTURE_EXTENSIONS, PAGE_PATH, href_for, library

from fxsite.markdown import PageRenderer, check_page

RENDERER = PageRenderer([*FIXTURE_EXTENSIONS, "abbr"], {})
FRONT = "---\ndescription: Saves in 94 s flat\n---\n"
USES = "# T\n\nThe GB figure.\n\nAnother GB here.\n\n| a |\n|---|\n| GB |\n\n"

#: (row, page, where each FX501 goes: (line, col))
ROWS = [
    ("used three times", USES + "*[GB]: gigabytes, 94 s\n", [(11, 19)]),
    (
        "after a description holding it",
        FRONT + USES + "*[GB]: gigabytes, 94 s\n",
        [(2, 23), (14, 19)],
    ),
    (
        "two abbreviations, each once",
        USES + "*[GB]: gigabytes, 94 s\n*[T]: took 94 s\n",
        [(11, 19), (12, 12)],
    ),
    ("near miss: a title holding no figure", USES + "*[GB]: gigabytes\n", []),
]


@pytest.mark.parametrize(("page", "places"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_an_abbreviations_figure_is_one_finding_at_its_definition(
    page: str, places: list[tuple[int, int]]
) -> None:
    _, findings = check_page(page, PAGE_PATH, library(), href_for, RENDERER)
    assert sorted((f.line, f.col) for f in findings if f.code == "FX501") == places
