"""A finding on a text the page writes more than once goes to its own place, not to the
first place the text is written (blind15: a table's ``94`` under ``耗时/秒``, which states
no unit the reader takes, and a refused ``94`` under ``耗时（秒）`` were both placed at the
first table).

The page reader tells the locator each number it read and did not report, in order
(:attr:`fxsite.verify.scan.FileScan.numbers`): a figure found after it is placed after it.
"""

from __future__ import annotations

import re

import pytest
from sitekit import PAGE_PATH, fixture_renderer, href_for, library

from fxsite.markdown import check_page
from fxsite.pages.locate import SourceLocator

UNSTATED = "| Run | Time |\n| --- | --- |\n| a | 94 |\n"
STATED = "| Run | Time (s) |\n| --- | --- |\n| a | 94 |\n"

#: (row, page, each FX501's (line, col, text))
ROWS = [
    (
        "a table stating no unit before one stating it",
        f"# T\n\n{UNSTATED}\ntext\n\n{STATED}",
        [(11, 7, "94")],
    ),
    ("a plain number before the table", f"# T\n\nItem 94 is new.\n\n{STATED}", [(7, 7, "94")]),
    (
        # blind82: the "94" of "about 94" was taken for the booth's, read after it
        "a figure, a plain number, a figure of its number",
        "# T\n\nSave time: about 94.\n\nOur booth is number 94.\n\nSave time decreased to 94.\n",
        [(3, 12, "about 94"), (7, 24, "94")],
    ),
    (
        "two plain numbers, one a decimal's start, before the table",
        f"# T\n\nItem 1.94 and 94.5 and 1,094 and 94.\n\n{STATED}",
        [(7, 7, "94")],
    ),
    ("inline code before the table", f"# T\n\nCode `94` is new.\n\n{STATED}", [(7, 7, "94")]),
    ("a fence before the table", f"# T\n\n```\n94\n```\n\n{STATED}", [(9, 7, "94")]),
    (
        "near miss: the refused table first",
        f"# T\n\n{STATED}\ntext\n\n{UNSTATED}",
        [(5, 7, "94")],
    ),
    (
        "two refused cells and a plain number between",
        f"# T\n\n{STATED}\nItem 94 is new.\n\n{STATED}",
        [(5, 7, "94"), (11, 7, "94")],
    ),
    (
        "a claim of the same number before the table",
        f"# T\n\nSaved [94 s](evidence:R1#save_time_fx100).\n\n{STATED}",
        [(7, 7, "94")],
    ),
]


CLAIM = "Claim [94 s](evidence:R1#save_time_fx100).\n\n"
LATER = "\n\nAnother 94 s.\n"
#: blind16: text a reader is not shown, or a copy of a claim the page permits, written
#: before a bare figure of the same text (the figure is placed on line 7, column 9).
BEFORE = [
    ("a hidden input's value", '<input type="hidden" value="94 s">'),
    ("a checkbox's value", '<input type="checkbox" value="94 s">'),
    ("a data element's value", '<data value="94 s">x</data>'),
    ("a title repeating the claim", '<span title="94 s">x</span>'),
    ("an image's alt text repeating the claim", "![takes 94 s](img.png)"),
    ("a link's title repeating the claim", 'Text [link](https://example.com "takes 94 s") here.'),
    ("an img tag's alt repeating the claim", '<img alt="94 s" src="img.png">'),
]
ROWS += [(name, f"# T\n\n{CLAIM}{line}{LATER}", [(7, 9, "94 s")]) for name, line in BEFORE]
ROWS += [
    (
        # blind75: microdata's content is published text, read as JSON-LD's strings are
        "a microdata content, refused where it is",
        f'# T\n\n{CLAIM}<meta itemprop="x" content="94 s">{LATER}',
        [(5, 29, "94 s"), (7, 9, "94 s")],
    ),
    (
        "near miss: a text input's value is shown, and refused where it is",
        f'# T\n\n<input type="text" value="94 s">{LATER}',
        [(3, 27, "94 s"), (5, 9, "94 s")],
    ),
]

#: blind60: a claim whose text holds an image is a link of the source too: the claims
#: after it are placed at their own links (both FX403s were placed on the last line).
CLAIMS = [
    (
        "a claim holding an image before claims refused",
        "# T\n\nIt took [94 s ![x](x.png)](evidence:R1#save_time_fx100).\n\n"
        "It took [94 s `code 5 s`](evidence:R1#save_time_fx100).\n\n"
        "It took [94 s *plus 5 s*](evidence:R1#save_time_fx100).\n",
        [(5, 9), (7, 9)],
    ),
    (
        "near miss: no image",
        "# T\n\nIt took [94 s](evidence:R1#save_time_fx100).\n\n"
        "It took [94 s `code 5 s`](evidence:R1#save_time_fx100).\n\n"
        "It took [94 s *plus 5 s*](evidence:R1#save_time_fx100).\n",
        [(5, 9), (7, 9)],
    ),
]


@pytest.mark.parametrize(("page", "places"), [r[1:] for r in CLAIMS], ids=[r[0] for r in CLAIMS])
def test_each_claim_finding_is_placed_at_its_own_link(
    page: str, places: list[tuple[int, int]]
) -> None:
    _, findings = check_page(page, PAGE_PATH, library(), href_for, fixture_renderer())
    assert sorted((f.line, f.col) for f in findings if f.code == "FX403") == places


#: blind60: a word figure first written as the start of a compound word.
ROWS += [
    (
        "a compound word before the word figure",
        "# T\n\nDouble-check your config.\n\nDouble the fun.\n",
        [(5, 1, "Double")],
    ),
    (
        "near miss: the word figure written before the compound",
        "# T\n\nDouble the fun.\n\nDouble-check your config.\n",
        [(3, 1, "Double")],
    ),
]


@pytest.mark.parametrize(("page", "places"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_a_repeated_text_is_placed_at_its_own_occurrence(
    page: str, places: list[tuple[int, int, str]]
) -> None:
    _, findings = check_page(page, PAGE_PATH, library(), href_for, fixture_renderer())
    assert sorted((f.line, f.col, f.text) for f in findings if f.code == "FX501") == places


#: (row, source, the number passed, where the locator's next search starts)
PASSES = [
    ("a whole number", "a 94 b 94", "94", 4),
    ("not the start of a decimal", "a 94.5 b 94", "94", 11),
    ("not the end of a longer number", "a 194 b 94", "94", 10),
    ("not the start of a group", "a 94,000 b 94", "94", 13),
    ("not in code", "a `94` b 94", "94", 11),
    ("nowhere: the place is kept", "a 95 b", "94", 0),
]


@pytest.mark.parametrize(
    ("source", "number", "cursor"), [r[1:] for r in PASSES], ids=[r[0] for r in PASSES]
)
def test_a_number_passed_over_moves_the_locator_past_its_whole_occurrence(
    source: str, number: str, cursor: int
) -> None:
    locator = SourceLocator(source, markdown=True)
    locator.pass_read(number)
    assert locator._cursors.get("FX501", 0) == cursor


#: (row, an HTML file or a template, where its one bare figure is refused)
HTML_FILES = [
    (
        "a comment before",
        "<html><body><!-- Took 94 s -->\n<p>Took 94 s</p></body></html>\n",
        (2, 9),
    ),
    (
        "a style's comment before",
        "<html><head><style>/* 94 s */</style></head>\n<body><p>Took 94 s</p></body></html>\n",
        (2, 15),
    ),
    ("a template's comment before", "{# 94 s #}\n<p>Saves in 94 s</p>\n", (2, 13)),
    ("an attribute not shown before", '<p data-x="94 s">\nSaves in 94 s</p>\n', (2, 10)),
    ("near miss: a title is shown, and placed there", '<p title="94 s">Hi</p>\n', (1, 11)),
]


@pytest.mark.parametrize(
    ("source", "place"), [r[1:] for r in HTML_FILES], ids=[r[0] for r in HTML_FILES]
)
def test_a_figure_of_an_html_file_is_placed_where_a_browser_shows_it(
    source: str, place: tuple[int, int]
) -> None:
    """blind16: a comment of a static page of docs/ or of a theme template took the place
    of the text a browser shows."""
    from fxsite.verify.docs_files import read_findings

    read = re.sub(r"\{#.*?#\}", "", source)  # as a template renders it
    findings = read_findings("docs/raw.html", "raw.html", read, source, "html", "")
    assert [(f.line, f.col) for f in findings if f.code == "FX501"] == [place]


#: An indented block under an opener whose extension is off is code, as Markdown renders it
#: (blind20: each finding after it was placed one figure early, the first at the code).
_UNDER_OPENER = (
    '# T\n\n{opener} "Details"\n\n    It takes 94 s.\n\n'
    "<details><summary>More</summary>It takes 94 s.</details>\n\n"
    "![It takes 94 s](x.png)\n\n"
    '[link](https://example.com "It takes 94 s")\n'
)


@pytest.mark.parametrize(
    ("opener", "extensions", "lines"),
    [
        ("???", ["attr_list", "md_in_html", "tables"], [7, 9, 11]),
        ("!!! note", ["attr_list", "md_in_html", "tables"], [7, 9, 11]),
        ("===", ["attr_list", "md_in_html", "tables", "admonition"], [7, 9, 11]),
        ("???", ["attr_list", "md_in_html", "tables", "pymdownx.details"], [5, 7, 9, 11]),
        ("!!! note", ["attr_list", "md_in_html", "tables", "admonition"], [5, 7, 9, 11]),
    ],
)
def test_an_indented_block_is_code_where_its_openers_extension_is_off(
    opener: str, extensions: list[str], lines: list[int]
) -> None:
    from fxsite.markdown import PageRenderer

    page = _UNDER_OPENER.format(opener=opener)
    renderer = PageRenderer(extensions, {})
    _, findings = check_page(page, PAGE_PATH, library(), href_for, renderer)
    assert [f.line for f in findings if f.code == "FX501"] == lines


def test_a_refused_claims_figures_are_told_by_it_each_once() -> None:
    # blind60: "94 s" and "5 s" of a refused claim's text were told by it, and the same
    # figures of a second refused claim reported again as bare; a bare "5 s" after both is
    # still bare (the near miss).
    page = (
        "# T\n\nIt took [94 s `code 5 s`](evidence:R1#save_time_fx100).\n\n"
        "It took [94 s *plus 5 s*](evidence:R1#save_time_fx100).\n\nBare 5 s here.\n"
    )
    _, findings = check_page(page, PAGE_PATH, library(), href_for, fixture_renderer())
    assert sorted((f.code, f.line, f.col) for f in findings) == [
        ("FX403", 3, 9),
        ("FX403", 5, 9),
        ("FX501", 7, 6),
    ]
