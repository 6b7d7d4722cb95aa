"""A bare figure is never placed at a claim that states the same text (blind80).

A figure the page draws from what its source writes otherwise (arithmatex's
``$94\\,\\mathrm{s}$``, drawn "94 s") was placed at a claim further on that writes
"94 s", told "inside another link's text"; an abbreviation's title written in a file
``pymdownx.snippets`` appends was placed at a claim of the page with its words, not in
that file (a claim written "1.9 times" shows "1.9×": the title is no copy of it). A claim's link text is the last place a bare figure written whole is
looked for: its number where the source writes it, then the files the page is made
of, come first. Rows are pages with each error's ``(path, line, col)``; the near
misses were placed so before and must stay so.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import FIXTURE_EXTENSIONS, PAGE_PATH, href_for, library

from fxsite.markdown import PageRenderer, check_page

MATH = PageRenderer(
    [*FIXTURE_EXTENSIONS, "pymdownx.arithmatex"], {"pymdownx.arithmatex": {"generic": True}}
)

ROWS = [
    (
        "math before a claim of its text",
        "The result: $94\\,\\mathrm{s}$ here.\n\nIt saves in [94 s](evidence:R1#save_time_fx100).",
        [(PAGE_PATH, 3, 14)],
    ),
    (
        "math before inline code of its text",
        "The result: $94\\,\\mathrm{s}$ here.\n\nInline `94 s` for the save.",
        [(PAGE_PATH, 3, 14)],
    ),
    (
        "near miss: the figure written whole after the math",
        "The result: $94\\,\\mathrm{s}$ here.\n\nIt saves in 94 s.",
        [(PAGE_PATH, 3, 14), (PAGE_PATH, 5, 13)],
    ),
    (
        "near miss: a claim, then the same figure bare",
        "It saves in [94 s](evidence:R1#save_time_fx100), and 94 s again.",
        [(PAGE_PATH, 3, 54)],
    ),
]


@pytest.mark.parametrize(("page", "where"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_a_bare_figure_is_placed_where_written_not_at_a_claim(
    page: str, where: list[tuple[str, int, int]]
) -> None:
    _, found = check_page(f"# T\n\n{page}\n", PAGE_PATH, library(), href_for, MATH)
    errors = sorted((f.path, f.line, f.col) for f in found if f.severity == "error")
    assert errors == where, [f.format() for f in found]


def test_an_appended_abbreviations_title_is_placed_in_its_file(tmp_path: Path) -> None:
    (tmp_path / "abbr.md").write_text("*[FX100]: The array that saves 1.9 times faster\n", "utf-8")
    renderer = PageRenderer(
        [*FIXTURE_EXTENSIONS, "abbr", "pymdownx.snippets"],
        {"pymdownx.snippets": {"base_path": [str(tmp_path)], "auto_append": ["abbr.md"]}},
    )
    page = "# T\n\nThe FX100 is fast.\n\nThe FX100 saves [1.9 times](evidence:R1#save_speedup) faster.\n"
    _, found = check_page(page, PAGE_PATH, library(), href_for, renderer)
    errors = [(Path(f.path).name, f.line, f.col) for f in found if f.severity == "error"]
    assert errors == [("abbr.md", 1, 32)], [f.format() for f in found]
