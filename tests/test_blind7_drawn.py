"""Markup that draws nothing does not split a figure (issue 20, blind7).

A browser lays out images, form controls, media, ``<source>``, ``<link>``, ``<meta>``,
``<area>``, ``<slot>``, ``<picture>``, ``<map>``, unknown and custom elements in the line:
where they draw nothing the text around them joins (``95<img alt="">s`` draws "95s"), and
what they draw stays in the run (an image's alt text, an input's value, a drop-down's
shown option, a button's or a textarea's text, an object's fallback, an inline SVG's
text). ``<rp>`` is never drawn in a ruby; a datalist's option shows its value.

Each row is a sentence on a page's line 3, read by the one reader check and build share:
the findings it must be refused for, each (code, the text at its column), or none. One
whole-site run holds a row of each family, checked and built.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import (
    check_and_build,
    finding_lines,
    library,
    rows_site,
    sentence_errors,
)

from fxsite.evidence.library import Library

CLAIM = "[94 s](evidence:R1#save_time_fx100)"


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


def _at(sentence: str, where: list[tuple[str, str]]) -> list[tuple[str, int, int]]:
    """Each (code, text) at the column of the text's first occurrence on line 3."""
    return sorted((code, 3, sentence.index(text) + 1) for code, text in where)


# (name, sentence, [(code, the text its column is at)])
REFUSED = [
    # an image with no alt text draws nothing (or an empty box): the text joins
    (
        "img empty alt",
        'Each save took 95<img src="x.png" alt="">s on the array.',
        [("FX501", "95")],
    ),
    ("markdown image empty alt", "Each save took 52![](x.png)s on the array.", [("FX501", "52")]),
    # void elements that draw nothing
    ("input hidden", 'It took 51<input type="hidden">s per save.', [("FX501", "51")]),
    ("audio without controls", "It took 52<audio></audio>s per save.", [("FX501", "52")]),
    ("zero-size svg", 'It took 53<svg width="0" height="0"></svg>s per save.', [("FX501", "53")]),
    ("zero-size canvas", 'It took 54<canvas width="0" height="0"></canvas>s.', [("FX501", "54")]),
    ("source", "It took 63<source>s per save.", [("FX501", "63")]),
    ("link", 'It took 65<link rel="x" href="y">s per save.', [("FX501", "65")]),
    ("meta", 'It took 66<meta name="x" content="y">s per save.', [("FX501", "66")]),
    ("area", "It took 69<area>s per save.", [("FX501", "69")]),
    # empty inline elements a browser lays out in the line
    ("empty label", "It took 11<label></label>s per save.", [("FX501", "11")]),
    ("slot", "It took 26<slot></slot>s per save.", [("FX501", "26")]),
    ("custom element", "It took 27<my-el></my-el>s per save.", [("FX501", "27")]),
    ("blink", "It took 35<blink></blink>s per save.", [("FX501", "35")]),
    ("picture", "It took 39<picture></picture>s per save.", [("FX501", "39")]),
    ("map", "It took 41<map></map>s per save.", [("FX501", "41")]),
    # a claim glued through markup that draws nothing
    ("glued through a label", f"It took 1<label></label>{CLAIM} per save.", [("FX503", "94 s")]),
    (
        "glued through a hidden input",
        f'It took 2<input type="hidden">{CLAIM}.',
        [("FX503", "94 s")],
    ),
    (
        "glued after, through a label",
        f"It took {CLAIM}<label></label>ec per save.",
        [("FX503", "94 s")],
    ),
    # a claim glued to the text a box or inline code draws
    ("glued to an image's alt", f'It took <img src="m.png" alt="1">{CLAIM}.', [("FX503", "94 s")]),
    ("glued to an input's value", f'It took <input value="2">{CLAIM}.', [("FX503", "94 s")]),
    ("glued to inline code", f"It took <code>3</code>{CLAIM}.", [("FX503", "94 s")]),
    # form controls draw a number beside the unit
    ("input value", 'It took <input value="95" size="2" readonly> s.', [("FX501", "95")]),
    ("input placeholder", 'It took <input placeholder="93"> s.', [("FX501", "93")]),
    ("select's first option", "It took <select><option>96</option></select> s.", [("FX501", "96")]),
    (
        "select's selected option",
        "It took <select><option>x</option><option selected>92</option></select> s.",
        [("FX501", "92")],
    ),
    ("button", "It took <button>97</button> s per save.", [("FX501", "97")]),
    ("textarea", 'It took <textarea rows="1">98</textarea> s per save.', [("FX501", "98")]),
    # an embedded element draws a number beside the unit
    (
        "svg text",
        'It took <svg width="22" height="14"><text y="12">95</text></svg> s.',
        [("FX501", "95")],
    ),
    ("image alt", 'It took <img src="missing.png" alt="97"> s per save.', [("FX501", "97")]),
    (
        "image alt, glued",
        'It took 9<img src="m.png" alt="7">s per save.',
        [("FX501", "9"), ("FX501", "9<")],
    ),
    ("object fallback", 'It took <object data="missing.bin">98</object> s.', [("FX501", "98")]),
    # a datalist's option shows its value; a ruby's <rp> is not drawn
    (
        "datalist option value",
        'Pick: <input list="dl"><datalist id="dl"><option value="took 68 s"></datalist>',
        [("FX501", "68")],
    ),
    ("ruby rp", "It took <ruby>4<rp>X</rp>6<rt></rt></ruby> s on the array.", [("FX501", "4<")]),
]

# (name, sentence): a real space or a block between, a box that keeps a space, text that is
# no figure, what a control does not draw
PASSED = [
    ("block between", "Each save took 95<div></div>s on the array."),
    ("space before the glued claim", f"It took 1 <label></label>{CLAIM} per save."),
    ("space after the claim", f"It took {CLAIM}<label></label> ec per save."),
    ("checkbox keeps a space", f'It took 1<input type="checkbox">{CLAIM} per save.'),
    ("space after an image's alt", f'It took <img alt="chart"> {CLAIM} per save.'),
    ("space after inline code", f"It took <code>3</code> {CLAIM} per save."),
    ("image alt that is no number", 'The array <img src="a.png" alt="FX100 logo"> saves fast.'),
    ("image alt beside a word", 'It took <img alt="chart"> s per save.'),
    ("label with text stays a box", "Pick <label>Other</label> or <label>FX100</label>."),
    (
        "select's option shown when opened",
        "It took <select><option>fast</option><option>96</option></select> s.",
    ),
    ("select option's value", 'It took <select><option value="took 68 s">fast</option></select>.'),
    ("meter draws a bar", 'It took <meter value="5" min="0" max="10">99</meter> s per save.'),
    ("ruby rt read apart", "Each <ruby>FX<rp>(</rp><rt>fx</rt><rp>)</rp></ruby> array."),
]


@pytest.mark.parametrize(
    ("sentence", "where"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED]
)
def test_markup_drawing_nothing_joins_the_figure(
    sentence: str, where: list[tuple[str, str]], lib: Library
) -> None:
    assert sentence_errors(sentence, lib) == _at(sentence, where)


@pytest.mark.parametrize("sentence", [r[1] for r in PASSED], ids=[r[0] for r in PASSED])
def test_near_misses_pass(sentence: str, lib: Library) -> None:
    assert sentence_errors(sentence, lib) == []


_SITE_PAGE = "\n\n".join(
    [
        "# R",
        'Each save took 95<img src="x.png" alt="">s on the array.',
        f"It took 1<label></label>{CLAIM} per save.",
        'It took <input value="93" size="2" readonly> s.',
        "It took <ruby>4<rp>X</rp>6<rt></rt></ruby> s on the array.",
        'Pick: <input list="dl"><datalist id="dl"><option value="took 68 s"></datalist>',
        'The array <img src="a.png" alt="FX100 logo"> saves fast.',
        f"It took 1 <label></label>{CLAIM} per save.",
    ]
)
_SITE_FOUND = [
    "docs/index.md:11:62: FX501",
    "docs/index.md:3:16: FX501",
    "docs/index.md:5:26: FX503",
    "docs/index.md:7:23: FX501",
    "docs/index.md:9:15: FX501",
]


def test_check_and_build_refuse_each_family_alike(tmp_path: Path) -> None:
    site = rows_site(tmp_path / "site7", _SITE_PAGE + "\n")
    checked, built = check_and_build(site)
    found = [
        [ln.split(" bare")[0].split(" '")[0] for ln in finding_lines(out.stdout, warnings=False)]
        for out in (checked, built)
    ]
    assert (checked.returncode, built.returncode) == (1, 1)
    assert found == [_SITE_FOUND, _SITE_FOUND]
    assert not (site / "site").exists()
