"""What the thirty-sixth blind tester, a hostile vendor against ``fxsite audit``, drew
past it ("It took 95 s" from "It took 95 sheep", each confirmed in Chromium): a thick
line through "heep" in the page's colour, a stroke round its glyphs, a ``::first-line``
rule, SVG text squeezed by ``textLength``, stroked or filled with paint the gate does
not compute (a gradient, ``context-stroke``), Material's own hidden classes
(``headerlink``, ``footnote-backref``), a web font at ``size-adjust: 0%``, and a border
image drawn beyond its box over the text. Each row is a page in, what the gate reads
out; near misses read nothing."""

from __future__ import annotations

import pytest

from fxsite.verify.scan import scan_file


def page(body: str, head: str = "") -> str:
    return (
        '<!doctype html><html><head><meta charset="utf-8"><meta name="fxsite-build" '
        f'content="0"><title>x</title>{head}</head><body><article class="md-content__inner">'
        f"{body}</article></body></html>"
    )


def read(body: str, head: str = "") -> tuple[set[str], set[str]]:
    """The bare figures read, and the codes of the page's own findings."""
    scanned = scan_file("index.html", page(body, head))
    return {c.found for c in scanned.candidates}, {n.code for n in scanned.local}


SVG = '<svg width="300" height="40"><text y="30"{text}>95 s<tspan {span}>heep</tspan></text></svg>'
FOUND = [
    ("a thick white line through", '<p>It took 95 s<span style="text-decoration:line-through #fff;text-decoration-thickness:1.5em">heep</span> to graze.</p>', "", "95 s"),
    ("a white stroke round the glyphs", '<p>It took 95 s<span style="-webkit-text-stroke:0.18em #fff">heep</span> to graze.</p>', "", "95 s"),
    ("SVG text squeezed", SVG.format(text="", span='textLength="0.01" lengthAdjust="spacingAndGlyphs"'), "", "95 s"),
    ("SVG stroke in white", SVG.format(text="", span='stroke="#fff" stroke-width="6"'), "", "95 s"),
    ("SVG gradient fill", SVG.format(text="", span='fill="url(#wg)"'), "", "95 s"),
    ("SVG context-stroke fill", SVG.format(text=' stroke="#fff"', span='fill="context-stroke"'), "", "95 s"),
    ("Material's headerlink", '<p>It took 95 s<a class="headerlink" href="#">heep</a> to graze.</p>', "", "95 s"),
    ("Material's footnote back link", '<p>It took 95 s<a class="footnote-backref" href="#">heep</a> to graze.</p>', "", "95 s"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("body", "head", "figure"), [r[1:] for r in FOUND], ids=[r[0] for r in FOUND]
)
def test_drawn_figure_is_read(body: str, head: str, figure: str) -> None:
    assert figure in read(body, head)[0]


NOTED = [
    ("a first line drawn otherwise", '<p class="fl" style="width:2.1em;word-break:break-all">95 sheep</p>', "<style>p.fl{color:#fff} p.fl::first-line{color:#000}</style>", "FX501"),
    ("a border image beyond its box", '<p>It took 95 s<span>heep</span><span style="border-image:linear-gradient(#fff,#fff) 1 fill / 0 / 0.3em 0 0.3em 2.2em;border-style:solid;border-width:0"></span> to graze.</p>', "", "FX501"),
    ("a web font at no size", '<p>It took 95 s<span style="font-family:zz">heep</span> to graze.</p>', '<style>@font-face{font-family:zz;src:local("DejaVu Sans");size-adjust:0%}</style>', "FX614"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("body", "head", "code"), [r[1:] for r in NOTED], ids=[r[0] for r in NOTED]
)
def test_drawn_part_is_told(body: str, head: str, code: str) -> None:
    assert code in read(body, head)[1]


NEAR = [
    ("a thin underline", '<p>It took 95 s<span style="text-decoration:underline;text-decoration-thickness:2px">heep</span> to graze.</p>', ""),
    ("a thin stroke", '<p>It took 95 s<span style="-webkit-text-stroke:1px #000">heep</span> to graze.</p>', ""),
    ("SVG text given room", SVG.format(text="", span='textLength="40"'), ""),
    ("SVG fill red", SVG.format(text="", span='fill="red"'), ""),
    ("a first line in bold", "<p>It took 95 seconds to graze.</p>", "<style>p::first-line{font-weight:bold}</style>"),
    ("a web font at its size", "<p>It took 95 sheep to graze.</p>", '<style>@font-face{font-family:zz;src:local("DejaVu Sans");size-adjust:90%}</style>'),
]  # fmt: skip


@pytest.mark.parametrize(("body", "head"), [r[1:] for r in NEAR], ids=[r[0] for r in NEAR])
def test_near_miss(body: str, head: str) -> None:
    figures, codes = read(body, head)
    assert figures <= {"95 seconds"} and not codes & {"FX501", "FX614"}, (figures, codes)
