"""A box that clips its text may draw a figure of it (blind30): "95 sheep" in a box
``4ch`` wide with its overflow hidden draws "95 s". Each row is a page in, what the
gate finds out (:mod:`fxsite.verify.clipped`); near misses pass."""

from __future__ import annotations

import pytest

from fxsite.verify.clipped import cut_figures
from fxsite.verify.scan import scan_file


def page(body: str, head: str = "") -> str:
    return (
        '<!doctype html><html><head><meta charset="utf-8"><meta name="fxsite-build" '
        f'content="0"><title>x</title>{head}</head><body><article>{body}</article></body></html>'
    )


def cut(html: str) -> list[str]:
    """The figures the page's clipping boxes may draw, as their findings quote them."""
    return sorted(
        local.text or ""
        for local in scan_file("index.html", html).local
        if "clips its text" in local.message
    )


BOX = "display:inline-block;white-space:nowrap;"
ROWS = [
    ("overflow hidden at a width", f'<p>Took <span style="{BOX}width:4ch;overflow:hidden">95 sheep</span>.</p>', ["95 sheep"]),
    ("max-width, clip", f'<p>Took <span style="{BOX}max-width:4ch;overflow:clip">95 sheep</span>.</p>', ["95 sheep"]),
    ("overflow-x auto", f'<p>Took <span style="{BOX}width:30px;overflow-x:auto">95 sheep</span>.</p>', ["95 sheep"]),
    ("text-overflow clip said", f'<p>Took <span style="{BOX}width:4ch;overflow:hidden;text-overflow:clip">95 sheep</span>.</p>', ["95 sheep"]),
    ("a multiplier cut", f'<p>It is <span style="{BOX}width:4ch;overflow:hidden">2.1×10</span> faster.</p>', ["2.1×10"]),
    ("from a rule", '<p>Took <span class="c">95 sheep</span>.</p>', ["95 sheep"]),
    ("an input's value", '<p>Took <input value="95 sheep" size="3">.</p>', ["95 sheep"]),
    ("a textarea", "<p>Took <textarea cols=3>95 sheep</textarea>.</p>", ["95 sheep"]),
    ("an SVG drawing's edge", '<p><svg width="31" height="20"><text y="15">95 sheep</text></svg></p>', ["95 sheep"]),
    ("text near a wide drawing's edge", '<p><svg width="300" height="20"><text x="280" y="15">95 sheep</text></svg></p>', ["95 sheep"]),
    ("a drawing scaled by its viewBox", '<p><svg width="300" viewBox="0 0 40 20"><text y="15">95 sheep</text></svg></p>', ["95 sheep"]),
    ("near miss: a drawing the text fits", '<p><svg width="300" height="20"><text y="15">95 sheep</text></svg></p>', []),
    ("near miss: an ellipsis shows the cut", f'<p>Took <span style="{BOX}width:4ch;overflow:hidden;text-overflow:ellipsis">95 sheep</span>.</p>', []),
    ("near miss: a width in percent", f'<p>Took <span style="{BOX}width:40%;overflow:hidden">95 sheep</span>.</p>', []),
    ("near miss: no width", f'<p>Took <span style="{BOX}overflow:hidden">95 sheep</span>.</p>', []),
    ("near miss: overflow visible", f'<p>Took <span style="{BOX}width:4ch;overflow:visible">95 sheep</span>.</p>', []),
    ("near miss: no cut reads as a figure", f'<p><span style="{BOX}width:4ch;overflow:hidden">Top 3 picks</span></p>', []),
    ("near miss: a checkbox", '<p><input type="checkbox" value="95 sheep"></p>', []),
]  # fmt: skip
_SHEET = "<style>.c { display: inline-block; width: 4ch; overflow: hidden }</style>"


@pytest.mark.parametrize(("body", "expected"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_clipping_boxes(body: str, expected: list[str]) -> None:
    assert cut(page(body, _SHEET if 'class="c"' in body else "")) == expected


CUTS = [
    ("95 sheep", [("95 s", "95 sheep")]),
    ("Each took 95 sheep and 2 minutes", [("95 s", "95 sheep")]),  # "2 minutes" is read whole
    ("2.1×10", [("2.1×", "2.1×10")]),
    ("FX100 array", []),
    ("95 s", []),  # a figure as written is judged as written
    ("3 picks", []),
]


@pytest.mark.parametrize(("text", "expected"), CUTS, ids=[c[0] for c in CUTS])
def test_cut_figures(text: str, expected: list[tuple[str, str]]) -> None:
    assert list(cut_figures(text)) == expected
