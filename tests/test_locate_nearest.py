"""A finding goes to the nearest place after the last one where its text is written whole,
in any of the ways rendering writes it (as it is, loosely through markup, with entities),
not to a place further on where it is written as it is, nor inside a text placed before it
(blind11 ``loc_wrong_line``: "9^4^ s" was placed on an earlier claim's "94 s", and "++ctrl+9++4
s" at a later line holding "94 s")."""

from __future__ import annotations

import pytest
from sitekit import FIXTURE_EXTENSIONS, PAGE_PATH, href_for, library

from fxsite.markdown import PageRenderer, check_page

RENDERER = PageRenderer(
    [*FIXTURE_EXTENSIONS, "def_list", "pymdownx.caret", "pymdownx.keys", "pymdownx.mark"], {}
)
CLAIM = "Save took [94 s](evidence:R1#save_time_fx100).\n\n"
LATER = "\nTime\n:   94 s on FX100.\n"

#: (row, page, each FX501's (line, col) and text)
ROWS = [
    (
        "caret between a claim and a plain one",
        "# T\n\n" + CLAIM + "Saves in 9^4^ s.\n" + LATER,
        [(5, 10, "94 s"), (8, 5, "94 s")],
    ),
    (
        "keys before a plain one",
        "# T\n\n" + CLAIM + "Press ++ctrl+9++4 s.\n" + LATER,
        [(5, 13, "+94 s"), (8, 5, "94 s")],
    ),
    (
        "all three",
        "# T\n\n" + CLAIM + "Saves in 9^4^ s.\n\nPress ++ctrl+9++4 s.\n" + LATER,
        [(5, 10, "94 s"), (7, 13, "+94 s"), (10, 5, "94 s")],
    ),
    (
        "mark before a plain one",
        "# T\n\nSaves in ==94== s.\n" + LATER,
        [(3, 12, "94 s"), (6, 5, "94 s")],
    ),
    (
        "near miss: two plain ones",
        "# T\n\nSaves in 94 s.\n" + LATER,
        [(3, 10, "94 s"), (6, 5, "94 s")],
    ),
]


@pytest.mark.parametrize(("page", "places"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_a_finding_goes_to_the_nearest_place_its_text_is_written(
    page: str, places: list[tuple[int, int, str]]
) -> None:
    _, findings = check_page(page, PAGE_PATH, library(), href_for, RENDERER)
    assert sorted((f.line, f.col, f.text) for f in findings if f.code == "FX501") == places
