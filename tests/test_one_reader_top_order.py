"""An element at the top of a page reordered by CSS: ``check`` and ``build`` refuse it alike.

In the published page such an element is moved among what the theme and the site
draw around the content (Material's ``<h1>`` of a title the content lacks, the
Data sources and Related reading lists), and a rule of the page's ``<style>`` reaches
the theme's elements too, none of which ``check`` sees: the build's
gate refused ``title: Q3 notes`` above ``<p style="&#111;rder:-1">`` (a digit among
the moved siblings) while ``check`` passed it. The page reader refuses the move
whatever the text (:mod:`fxsite.pages.top_order`); inside an element of the page's
own the text rule judges the siblings, as before. In-process rows (the page reader,
as ``check`` and the build run it), then one site of every row, checked and built.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sitekit import check_and_build, finding_lines, library, page_findings, rows_site

from fxsite.evidence.library import Library
from fxsite.pages import top_order


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


_TITLED = "---\ntitle: Q3 notes\n---\n"
_FLEX = '<div style="display: flex" markdown>\n{}\n<p>Runs.</p>\n</div>\n'

# (name, page): refused at the declaration (:data:`_REFUSED_AT`), whatever the text.
REFUSED = [
    ("title above, character reference", _TITLED + '<p style="&#111;rder:-1">Speed</p>\n\nRuns.\n'),
    ("title above, plain", _TITLED + '<p style="order:-1">Speed</p>\n\nRuns faster.\n'),
    ("no digit anywhere", '# Fast notes\n\n<p style="order: 2">Speed</p>\n\nRuns.\n'),
    ("upper case", '# Fast notes\n\n<p STYLE="ORDER: -1">Speed</p>\n'),
    ("escaped property", '# Fast notes\n\n<p style="ord\\65r: -1">Speed</p>\n'),
    ("grid placement", '# Fast notes\n\n<div style="grid-row: span 2">Speed</div>\n'),
    ("attribute list", '# Fast notes\n\nSpeed\n{: style="order: -1" }\n'),
    (
        "named grid area in the page's sheet",
        '# Fast notes\n\n<style>p.x { grid-area: top }</style>\n\n<p class="x">Speed</p>\n',
    ),
    (
        "the page's sheet, for its own container",
        "# Fast notes\n\n<style>div > p { grid-area: top }</style>\n\n"
        + _FLEX.format("<p>Speed</p>"),
    ),
    (
        "a selector that matches too much",
        "# Fast notes\n\n<style>:is(p) { grid-area: top }</style>\n\nSpeed\n",
    ),
]
_REFUSED_AT = {
    "title above, character reference": [("FX504", 4, 11)],
    "title above, plain": [("FX504", 4, 11)],
    "no digit anywhere": [("FX504", 3, 11)],
    "upper case": [("FX504", 3, 19)],
    "escaped property": [("FX504", 3, 21)],
    "grid placement": [("FX504", 3, 13)],
    "attribute list": [("FX504", 4, 11)],
    "named grid area in the page's sheet": [("FX504", 3, 14)],
    "the page's sheet, for its own container": [("FX504", 3, 18)],
    "a selector that matches too much": [("FX504", 3, 17)],
}

PASSED = [
    ("order 0", '# Fast notes\n\n<p style="order: 0">Speed</p>\n'),
    ("grid placement auto", '# Fast notes\n\n<div style="grid-area: auto">Speed</div>\n'),
    ("a style that moves nothing", '# Fast notes\n\n<p style="color: teal">Speed</p>\n'),
    (
        "inside the page's own container",
        "# Fast notes\n\n" + _FLEX.format('<p style="order:-1">Speed</p>'),
    ),
    (
        "title above, inside the page's own container",
        _TITLED + _FLEX.format('<p style="&#111;rder:-1">Speed</p>'),
    ),
    (
        "the page's sheet moves nothing",
        '# Fast notes\n\n<style>p.x { color: teal }</style>\n\n<p class="x">Speed</p>\n',
    ),
    ("the word style in prose", "# Fast notes\n\nIn the house style, order: -1 is a word.\n"),
]

# Inside the page's own container, the text rule (digits among the siblings) still refuses.
_NESTED_DIGITS = "# Fast notes\n\n" + _FLEX.format('<p style="order:-1">Took 9</p>')


@pytest.mark.parametrize("name,page", REFUSED, ids=[r[0] for r in REFUSED])
def test_a_top_element_reordered_is_refused_at_its_declaration(
    name: str, page: str, lib: Library
) -> None:
    assert page_findings(page, lib) == _REFUSED_AT[name]


@pytest.mark.parametrize("name,page", PASSED, ids=[r[0] for r in PASSED])
def test_a_near_miss_passes(name: str, page: str, lib: Library) -> None:
    assert page_findings(page, lib) == []


def test_inside_the_pages_own_container_the_text_rule_still_judges(lib: Library) -> None:
    assert page_findings(_NESTED_DIGITS, lib) == [("FX504", 4, 11)]


@pytest.mark.parametrize(
    "html",
    [
        '<p style="order: 2">Speed</p>',
        '<p STYLE="ORDER: -1">Speed</p>',
        "<Style>p { order: 2 }</Style>",
        '<p \u017ftyle="order: 2">Speed</p>',  # the long s, which re.IGNORECASE reads as s
        '<p s\u0307tyle="order: 2">Speed</p>',  # near miss: a mark between the letters
        '<p class="styled">Speed</p>',
        "<p>Speed</p>",
    ],
)
def test_a_page_is_read_for_moves_wherever_style_is_written_in_any_case(html: str) -> None:
    """The cheap test for a page without a style (case-folded text without "style") reads
    every page that holds "style" in any case ``re.IGNORECASE`` matches."""
    assert top_order._styled(html) == (re.search("style", html, re.IGNORECASE) is not None)


def test_check_and_build_agree_on_every_row(tmp_path: Path) -> None:
    # Not enforcing: the build goes on to its last gate, which reads the published pages.
    site = rows_site(tmp_path / "site", enforce=False)
    docs = site / "docs"
    names = {}
    for n, (name, page) in enumerate([*REFUSED, *PASSED]):
        names[f"p{n}.md"] = name
        docs.joinpath(f"p{n}.md").write_text(page, "utf-8")
    docs.joinpath("nested.md").write_text(_NESTED_DIGITS, "utf-8")
    # Its digit is in the Related reading list only, which the build fills in.
    related = '---\nrelated:\n  - p0.md\n---\n# Fast notes\n\n<p style="order:-1">Speed</p>\n'
    docs.joinpath("related.md").write_text(related, "utf-8")
    checked, built = check_and_build(site)
    lines = finding_lines(checked.stdout)
    assert (checked.returncode, built.returncode) == (0, 0), built.stdout + built.stderr
    assert finding_lines(built.stdout) == lines
    expected = sorted(
        [
            f"docs/{p}:{line}:{col}: {code}"
            for p, name in names.items()
            for code, line, col in _REFUSED_AT.get(name, [])
        ]
        + ["docs/nested.md:4:11: FX504", "docs/related.md:7:11: FX504"]
    )
    assert sorted(line.split(" ")[0] + " " + line.split(" ")[1] for line in lines) == expected
