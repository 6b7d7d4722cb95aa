"""Markup a browser does not draw, holding the middle of a figure (issue 20, blind tester 10).

* Fallback content (``<canvas>``, ``<audio>``, ``<video>``, ``<iframe>``, ``<object>``), a
  ``popover`` until it is opened, a MathML ``<mphantom>``, and SVG text its presentation
  attributes hide (``display="none"``, ``font-size="0"``, an ``<svg>`` of zero width), read
  as the style they state: each is read both ways, with and without its text, as
  ``hidden`` is (``Each save took 9<canvas>x</canvas>4 s`` draws "94 s").
* A page's element with a class that Material's or fxsite's own stylesheet hides by that
  class alone (``md-toggle``, ``md-skip``, ``fx-sr``): read both ways too, as the theme's
  stylesheets draw it (:mod:`fxsite.verify.theme_hiding`).
* Text struck through (``<del>``, ``<s>``, CriticMarkup's ``{--x--}``): still drawn, but a
  reader reads the line as the edit leaves it, so it is read both ways too.
* A MathML ``<mspace>`` between a number and its unit keeps them in one run.
* Where a word runs on across the end of text drawn with its ends marked (struck through,
  highlighted, underlined), the pieces are read apart too: "101 s" struck, then "went"
  (blind60).

In-process rows: a page's sentence in, ``(code, line, col)`` out (the rule ``fxsite
check``, the build and its gate share).
"""

from __future__ import annotations

import pytest
from sitekit import library, page_findings, sentence_errors

#: The figure "94 s" split by markup that draws nothing, refused at its first digit.
UNDRAWN = [
    ("canvas", '<p>Each save took 9<canvas width="0" height="0">x</canvas>4 s on the FX100.</p>'),
    ("audio", "<p>Each save took 9<audio>x</audio>4 s on the FX100.</p>"),
    ("video", '<p>Each save took 9<video width="0" height="0">x</video>4 s on the FX100.</p>'),
    ("iframe", '<p>Each save took 9<iframe width="0" height="0">x</iframe>4 s on the FX100.</p>'),
    ("object", "<p>Each save took 9<object>x</object>4 s on the FX100.</p>"),
    ("popover", "<p>Each save took 9<span popover>x</span>4 s on the FX100.</p>"),
    (
        "mphantom",
        "Each save took <math><mn>9</mn><mphantom><mi>x</mi></mphantom><mn>4</mn></math>"
        "&nbsp;s on the FX100.",
    ),
    ("zero-size svg", '<p>Each save took 9<svg width="0" height="0"><text>x</text></svg>4 s.</p>'),
    (
        "tspan display=none",
        '<svg width="300" height="30"><text>Each save took 9<tspan display="none">x</tspan>'
        "4 s</text></svg>",
    ),
    (
        "tspan font-size=0",
        '<svg width="300" height="30"><text>Each save took 9<tspan font-size="0">x</tspan>'
        "4 s</text></svg>",
    ),
    (
        "mspace",
        'Each save took <math><mn>95</mn><mspace width="0.2em"/><mi mathvariant="normal">s'
        "</mi></math> on the FX100.",
    ),
]

#: Classes the theme's stylesheets hide (Material's, fxsite's own), as a page uses them.
THEME_HIDDEN = ["md-toggle", "md-option", "md-skip", "md-dialog", "md-search__overlay", "fx-sr"]
UNDRAWN += [
    (name, f'Each save took 9<span class="{name}">x</span>4 s on the FX100.')
    for name in THEME_HIDDEN
]

#: Struck through (an edit's deletion): a reader reads the line without it.
UNDRAWN += [
    ("del", "Each save took 9<del>x</del>5 s on NFS."),
    ("s", "Each save took 9<s>x</s>6 s on NFS."),
    ("critic deletion", "Each save took 9{--x--}4 s on the FX100."),
]

#: Near misses: the same markup drawing its text, or nothing to hide.
DRAWN = [
    ("a span", "<p>Each save took 9<span>x</span>4 s on the FX100.</p>"),
    ("an empty canvas", "<p>Each save took the <canvas>x</canvas> on the FX100.</p>"),
    ("popover without digits", "<p>Each save took <span popover>x</span> on the FX100.</p>"),
    (
        "tspan font-size=10",
        '<svg width="300" height="30"><text>Each save took 9<tspan font-size="10">x</tspan>'
        "4 s</text></svg>",
    ),
    (
        "svg of some size",
        '<p>Each save took 9<svg width="20" height="9"><text>x</text></svg>4.</p>',
    ),
    ("mspace in words", "It <math><mi>is</mi><mspace width='1em'/><mi>fast</mi></math>."),
    ("a class the theme draws", 'Each save took 9<span class="md-typeset">x</span>4 s.'),
    # fxsite's own mark classes written by hand are refused (test_trust_marks.FORGED_MARKS)
    ("struck words", "Each save took ~~a long time~~ no time on NFS."),
    ("inserted", "Each save took 9<ins>x</ins>4 s on NFS."),
    ("a hidden class, no figure", 'Each save took <span class="md-toggle">x</span> on NFS.'),
]


#: A figure whose unit a word runs on from, across the end of text drawn with its ends
#: marked (struck through, highlighted, underlined): a reader sees where the mark ends
#: (blind60; CriticMarkup's substitution, highlight and comment).
MARKED_ENDS = [
    ("critic substitution", "Each save took {~~101 s~>went~~} on NFS."),
    ("critic highlight then comment", "Each save took {==103 s==}{>>104 s<<} on NFS."),
    ("struck, then a word", "Each save took <del>101 s</del>went on NFS."),
    ("highlighted, then digits", "Each save took <mark>103 s</mark>104 on NFS."),
    ("underlined, then a word", "Each save took <u>103 s</u>flat on NFS."),
]
#: Near misses: words across the mark's end, a name, digits read on across it.
MARKED_WORDS = [
    ("struck word, then a word", "Each save was <del>fast</del>slow on NFS."),
    ("highlighted name", "The <mark>Model</mark>X saves on NFS."),
    ("underlined, then a run's number", "<u>Run</u>12 saved on NFS."),
    ("critic substitution of words", "Each save took {~~ages~>no time~~} on NFS."),
]


@pytest.mark.parametrize(("row", "sentence"), MARKED_ENDS, ids=[r[0] for r in MARKED_ENDS])
def test_a_marks_end_ends_a_figure(row: str, sentence: str) -> None:
    assert {code for code, _, _ in sentence_errors(sentence, library())} == {"FX501"}, row


@pytest.mark.parametrize(("row", "sentence"), MARKED_WORDS, ids=[r[0] for r in MARKED_WORDS])
def test_words_across_a_marks_end_are_words(row: str, sentence: str) -> None:
    assert sentence_errors(sentence, library()) == [], row


@pytest.mark.parametrize(("row", "sentence"), UNDRAWN, ids=[r[0] for r in UNDRAWN])
def test_undrawn_markup_is_read_both_ways(row: str, sentence: str) -> None:
    found = sentence_errors(sentence, library())
    assert [code for code, _, _ in found] != [], row
    assert {code for code, _, _ in found} == {"FX501"}, row


@pytest.mark.parametrize(("row", "sentence"), DRAWN, ids=[r[0] for r in DRAWN])
def test_drawn_markup_is_read_as_drawn(row: str, sentence: str) -> None:
    assert sentence_errors(sentence, library()) == [], row


#: An invisible character inside a claim's text, on its own line (FX502 at the character).
INVISIBLE = [
    ("zero width no-break space", "\ufeff"),
    ("soft hyphen", "\u00ad"),
    ("zero width space", "\u200b"),
    ("combining grapheme joiner", "\u034f"),
]


@pytest.mark.parametrize(("row", "char"), INVISIBLE, ids=[r[0] for r in INVISIBLE])
def test_an_invisible_character_in_a_claim_is_placed_at_it(row: str, char: str) -> None:
    page = (
        "# T\n\nA [9\u00a04 s](evidence:R1#save_time_baseline).\n\n"
        f"B [9{char}4 s](evidence:R1#save_time_baseline).\n"
    )
    found = [(line, col) for code, line, col in page_findings(page, library()) if code == "FX502"]
    assert found == [(5, 5)], row


def test_a_claim_without_one_has_no_fx502() -> None:
    page = "# T\n\nA [9\u00a04 s](evidence:R1#save_time_baseline).\n"
    assert [f for f in page_findings(page, library()) if f[0] == "FX502"] == []
