"""Bare figures blind tester H7 found published by both check and build (issue 20, blind6).

* Shares, bounds and amounts in words: "Three out of four users", "Nine of ten runs",
  "4/5 runs", "94 per 100 runs"; a unit after "a"/"an" that a bound word or a comparative
  makes a value ("under a second", "an hour faster", "a minute and a half", "a day to an
  hour"), "sub-millisecond", "single-digit millisecond", "double-digit gains"; fractions
  and factors ("Quarter the cost", "a third as long", "one-and-a-half times", "by a factor
  2"), "94 pc", and money slang ("3 bucks", "a grand less").
  Near misses: "one of the two", "a second look", "an hour-long meeting", "the grand total".
* Units and scales in slang: "94 m²" (read as "94 m2"), "94''" and '95"' (seconds), "94
  grand", "94 gigs", "94 megs", "94 bn", "94 mn", "94 mln", "94 MM", "94 lakh", "94 crore",
  "12 points faster". Near misses: '"Windows 95"', "94 Grand Street", "12 points".
* Numerals in other signs: the Chinese financial numerals ("玖拾肆秒", "叁佰元"), 廿 and 卅
  ("廿秒", "卅倍"), tenths of people ("九成用户"), dingbat and double-circled digits ("➒➍ s",
  "⓽⓹ s") and Roman numerals ("Ⅻ s"). Near misses: "收拾", "大陆", "一成不变", "Chapter Ⅻ".

* Code drawn as prose: a raw ``<pre>`` or ``<code>`` whose ``style``, or a rule of the page's
  ``<style>``, sets a font that is not a code font (``font: inherit``) is read as the prose
  it is drawn as. Near misses: code as
  the renderer writes it, code restyled in a monospace font.

Each row is a sentence on a page's line 3: the figures it must be refused for (FX501, at
each figure's own column, from the one reader check and build share), or none. One
whole-site run holds a row of each family, checked and built.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import (
    check_and_build,
    finding_lines,
    library,
    sentence_errors,
)

from fxsite.evidence.library import Library


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


def _at(sentence: str, figures: list[str]) -> list[tuple[str, int, int]]:
    """FX501 at each figure's column on line 3 (each figure found after the one before)."""
    places, start = [], 0
    for figure in figures:
        start = sentence.index(figure, start)
        places.append(("FX501", 3, start + 1))
        start += len(figure)
    return places


# -- shares, bounds and amounts written in words --------------------------------------------

# (name, sentence, its figures)
WORDS = [
    ("share out of, words", "Three out of four users saw faster saves.", ["Three out of four"]),
    ("share out of, digits", "3 out of 4 users saw faster saves.", ["3 out of 4"]),
    ("share of, words", "Nine of ten runs finished early.", ["Nine of ten"]),
    ("share of, digits", "It passes 9 of 10 runs.", ["9 of 10"]),
    ("share as a fraction", "It passes 4/5 runs.", ["4/5"]),
    ("share of a hundred", "It passes 94/100 runs.", ["94/100"]),
    ("share per a hundred", "It passes 94 per 100 runs.", ["94 per 100"]),
    ("under a unit", "The new array finishes under a second.", ["under a second"]),
    ("nearly a unit", "A save takes nearly a minute.", ["nearly a minute"]),
    ("within a unit", "It answers within a millisecond.", ["within a millisecond"]),
    ("a unit faster", "It is an hour faster per run.", ["an hour"]),
    ("a second faster", "It is a second faster per step.", ["a second"]),
    ("a unit and a half", "It saves a minute and a half per checkpoint.", ["a minute and a half"]),
    ("a unit to a unit", "It cuts a day to an hour.", ["a day to an hour"]),
    ("sub-unit", "It has sub-millisecond latency.", ["sub-millisecond"]),
    ("single-digit unit", "It has single-digit millisecond latency.", ["single-digit millisecond"]),
    ("double-digit gains", "It shows double-digit gains.", ["double-digit"]),
    ("a fraction, capital, no article", "Quarter the cost of the old array.", ["Quarter"]),
    ("a fraction as long", "A save takes a third as long.", ["a third"]),
    ("a half in hyphens", "It is one-and-a-half times faster.", ["one-and-a-half times"]),
    ("a factor without of", "It is faster by a factor 2.", ["a factor 2"]),
    ("pc for percent", "It scores 94 pc more.", ["94 pc"]),
    ("bucks", "It runs at 3 bucks a run.", ["3 bucks"]),
    ("a grand", "It costs a grand less.", ["a grand"]),
]
WORDS_PASSED = [
    ("one of the two", "Pick one of the two arrays."),
    ("out of the", "Pick 3 out of the 4 options."),
    ("a second look", "Take a second look at the logs."),
    ("a second region", "It replicates within a second region."),
    ("an hour-long meeting", "We held an hour-long meeting."),
    ("an hour alone", "It took an hour."),
    ("a day later", "A day later we shipped it."),
    ("in a minute", "Back in a minute and then we go."),
    ("the grand total", "See the grand total below."),
    ("a grand piano", "A grand piano stands in the hall."),
    ("test of", "Test 3 of 12 failed on the first attempt."),
    ("one in customers", "One in three customers said so."),
    ("per node", "It runs 4 per node."),
    ("a third quarter", "In the third quarter the team grew."),
    ("a factor, no article", "Factor 2 is the cost."),
    ("sub-committee", "The sub-committee met."),
    ("a double-digit code", "Enter a double-digit code."),
    ("a PC", "It runs on 94 PCs."),
]


@pytest.mark.parametrize(("sentence", "figures"), [r[1:] for r in WORDS], ids=[r[0] for r in WORDS])
def test_a_figure_in_words_is_refused_at_its_place(
    sentence: str, figures: list[str], lib: Library
) -> None:
    assert sentence_errors(sentence, lib) == _at(sentence, figures)


@pytest.mark.parametrize("sentence", [r[1] for r in WORDS_PASSED], ids=[r[0] for r in WORDS_PASSED])
def test_words_that_state_no_figure_pass(sentence: str, lib: Library) -> None:
    assert sentence_errors(sentence, lib) == []


# -- units and scale words in slang ---------------------------------------------------------

UNITS = [
    ("square metres", "The array fits in 94 m² of floor space.", ["94 m²"]),
    ("square metres as read", "The array fits in 94 m2 of floor space.", ["94 m2"]),
    ("seconds in two primes", "A lap takes 94'' now.", ["94''"]),
    ("seconds in a double quote", 'A lap takes 95" flat.', ['95"']),
    ("seconds after a quotation", 'She said "we ran 95" and took 94" now.', ['94"']),
    ("grand", "It saves 94 grand a year.", ["94 grand"]),
    ("gigs", "It stores 94 gigs per node.", ["94 gigs"]),
    ("megs", "It stores 94 megs per node.", ["94 megs"]),
    ("bn", "Revenue grew to 94 bn.", ["94 bn"]),
    ("mn", "Revenue grew to 94 mn.", ["94 mn"]),
    ("mln", "Revenue grew to 94 mln.", ["94 mln"]),
    ("MM", "Revenue grew to 94 MM.", ["94 MM"]),
    ("lakh", "It reached 94 lakh users.", ["94 lakh"]),
    ("crore", "Revenue grew to 94 crore.", ["94 crore"]),
    ("points faster", "It scores 12 points faster than the old one.", ["12 points"]),
]
UNITS_PASSED = [
    ("a quoted name", 'It ran on "Windows 95" then.'),
    ("a quote closing a number", 'She said "we ran 95" and left.'),
    ("an address", "It ships from 94 Grand Street."),
    ("a model", "The M2 chip is fast."),
    ("points alone", "The list has 12 points."),
    ("a grand total", "See the grand total below."),
]


@pytest.mark.parametrize(("sentence", "figures"), [r[1:] for r in UNITS], ids=[r[0] for r in UNITS])
def test_a_unit_in_slang_is_refused_at_its_place(
    sentence: str, figures: list[str], lib: Library
) -> None:
    assert sentence_errors(sentence, lib) == _at(sentence, figures)


@pytest.mark.parametrize("sentence", [r[1] for r in UNITS_PASSED], ids=[r[0] for r in UNITS_PASSED])
def test_words_like_slang_units_pass(sentence: str, lib: Library) -> None:
    assert sentence_errors(sentence, lib) == []


# -- Chinese financial numerals, tenths and digits drawn in other signs ---------------------

NUMERALS = [
    ("financial numerals", "保存耗时玖拾肆秒。", ["玖拾肆秒"]),
    ("a price in financial numerals", "售价人民币叁佰元。", ["叁佰元"]),
    ("traditional financial numerals", "耗時貳拾秒。", ["貳拾秒"]),
    ("twenty", "保存只要廿秒。", ["廿秒"]),
    ("twenty-five", "保存只要廿五秒。", ["廿五秒"]),
    ("a figure after a word ending in a financial numeral", "队伍三年扩大。", ["三年"]),
    ("thirty", "提速卅倍。", ["卅倍"]),
    ("tenths of people", "九成用户受益。", ["九成"]),
    ("dingbat digits", "Saves ➒➍ s per run.", ["➒➍ s"]),
    ("double-circled digits", "Saves ⓽⓹ s per load.", ["⓽⓹ s"]),
    ("negative circled digits", "Saves ❾❹ s per load.", ["❾❹ s"]),
    ("a Roman numeral", "It takes Ⅻ s now.", ["Ⅻ s"]),
]
NUMERALS_PASSED = [
    ("to tidy", "收拾房间。"),
    ("the mainland", "大陆地区。"),
    ("unchanged", "一成不变。"),
    ("most likely", "八成是他。"),
    ("a Roman chapter", "Chapter Ⅻ begins."),
    ("a dingbat list", "➊ Open the file."),
]


@pytest.mark.parametrize(
    ("sentence", "figures"), [r[1:] for r in NUMERALS], ids=[r[0] for r in NUMERALS]
)
def test_a_figure_in_other_numerals_is_refused_at_its_place(
    sentence: str, figures: list[str], lib: Library
) -> None:
    assert sentence_errors(sentence, lib) == _at(sentence, figures)


@pytest.mark.parametrize(
    "sentence", [r[1] for r in NUMERALS_PASSED], ids=[r[0] for r in NUMERALS_PASSED]
)
def test_numerals_that_state_no_figure_pass(sentence: str, lib: Library) -> None:
    assert sentence_errors(sentence, lib) == []


# -- code drawn as prose ----------------------------------------------------------------------

# (name, a page's line 3 of raw HTML, its figures)
CODE = [
    (
        "a pre drawn as body text",
        '<pre style="font:inherit;white-space:normal;background:none;padding:0">'
        "The save takes 99 s on the new array, 1.9× faster.</pre>",
        ["99 s", "1.9×"],
    ),
    (
        "a code drawn as body text",
        '<p>Loading is <code style="font:inherit;background:none;padding:0;color:inherit">'
        "6.2× faster</code> than before.</p>",
        ["6.2×"],
    ),
    (
        "a code in a prose font",
        '<p>Loading is <code style="font-family: Georgia, serif">6.2× faster</code>.</p>',
        ["6.2×"],
    ),
]
# (name, a page's style sheet and code, [(line, col)] of its figures)
CODE_STYLED = [
    (
        "a rule's prose font",
        '<style>pre.p { font: inherit }</style>\n\n<pre class="p">It takes 99 s.</pre>',
        [(5, 25)],
    ),
    (
        "a rule's prose font family",
        "<style>code { font-family: serif }</style>\n\n<p>It is <code>6.2×</code>.</p>",
        [(5, 16)],
    ),
    # near misses: a rule's code font, and a prose font a code's own style outweighs
    (
        "a rule's code font",
        "<style>pre { font: 1em monospace }</style>\n\n<pre>It takes 99 s.</pre>",
        [],
    ),
    (
        "its own style outweighs",
        '<style>pre { font: inherit }</style>\n\n<pre style="font-family:monospace">It takes 99 s.</pre>',
        [],
    ),
]
CODE_PASSED = [
    ("a pre", "<pre>The save takes 99 s on the new array, 1.9× faster.</pre>"),
    ("a code", "<p>Loading is <code>6.2× faster</code> than before.</p>"),
    ("a code restyled, monospace", '<p>It is <code style="font: 1em monospace">6.2×</code>.</p>'),
    ("a code with a margin", '<pre style="margin:0;background:none">It takes 99 s.</pre>'),
]


@pytest.mark.parametrize(("html", "figures"), [r[1:] for r in CODE], ids=[r[0] for r in CODE])
def test_code_drawn_as_prose_is_read_as_prose(html: str, figures: list[str], lib: Library) -> None:
    assert sentence_errors(html, lib) == _at(html, figures)


@pytest.mark.parametrize(
    ("page", "where"), [r[1:] for r in CODE_STYLED], ids=[r[0] for r in CODE_STYLED]
)
def test_code_a_style_sheet_draws_as_prose_is_read_as_prose(
    page: str, where: list[tuple[int, int]], lib: Library
) -> None:
    assert sentence_errors(page, lib) == [("FX501", *at) for at in where]


@pytest.mark.parametrize("html", [r[1] for r in CODE_PASSED], ids=[r[0] for r in CODE_PASSED])
def test_code_drawn_as_code_stays_exempt(html: str, lib: Library) -> None:
    assert sentence_errors(html, lib) == []


_SITE_PAGES = {
    "w.md": "# R\n\nThree out of four users saw faster saves.\n\nIt finishes under a second, "
    "at 3 bucks a run.\n",
    "u.md": "# R\n\nA lap takes 94'' now, the next 95\" flat.\n\nRevenue grew to 94 bn.\n",
    "z.md": "# 结果\n\n保存耗时玖拾肆秒。\n\nSaves ➒➍ s per run.\n",
    "a.md": '# R\n\n<p>Loading is <code style="font:inherit">6.2× faster</code>.</p>\n\n'
    "<p>It is <code>6.2×</code>.</p>\n",
}
_SITE_FOUND = [
    "docs/a.md:3:42: FX501",
    "docs/u.md:3:13: FX501",
    "docs/u.md:3:32: FX501",
    "docs/u.md:5:17: FX501",
    "docs/w.md:3:1: FX501",
    "docs/w.md:5:13: FX501",
    "docs/w.md:5:32: FX501",
    "docs/z.md:3:5: FX501",
    "docs/z.md:5:7: FX501",
]


def test_check_and_build_refuse_each_family_alike(tmp_path: Path) -> None:
    site = tmp_path / "site7"
    (site / "docs").mkdir(parents=True)
    for name, text in _SITE_PAGES.items():
        (site / "docs" / name).write_text(text, "utf-8")
    (site / "evidence").mkdir()
    config = "site_name: Seven\ntheme:\n  name: material\n  font: false\nplugins:\n  - search\n  - fxsite\n"
    (site / "mkdocs.yml").write_text(config, "utf-8")
    checked, built = check_and_build(site)
    found = [
        sorted(
            ln.split(" bare figure")[0]
            for ln in finding_lines(out.stdout, warnings=False)
            if ": FX501 " in ln
        )
        for out in (checked, built)
    ]
    assert (checked.returncode, built.returncode) == (1, 1)
    assert found == [_SITE_FOUND, _SITE_FOUND]
    assert not (site / "site").exists()
