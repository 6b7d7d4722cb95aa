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
        if "may be drawn cut" in local.message
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
    # blind71: paint containment clips as overflow does ("[120 s]" drawn "12 s")
    ("contain paint at a width", f'<p>Took <span style="{BOX}width:4ch;contain:paint">95 sheep</span>.</p>', ["95 sheep"]),
    ("contain strict at a width", f'<p>Took <span style="{BOX}width:4ch;contain:strict">95 sheep</span>.</p>', ["95 sheep"]),
    ("contain content at a width", f'<p>Took <span style="{BOX}width:4ch;contain:content">95 sheep</span>.</p>', ["95 sheep"]),
    ("content-visibility auto", f'<p>Took <span style="{BOX}width:4ch;content-visibility:auto">95 sheep</span>.</p>', ["95 sheep"]),
    ("grid tracks of lengths", '<p>Took <span style="display:inline-grid;grid-template-columns:4ch;overflow:clip">95 sheep</span>.</p>', ["95 sheep"]),
    ("a flex basis", f'<p>Took <span style="{BOX}flex-basis:4ch;flex-shrink:0;overflow:hidden">95 sheep</span>.</p>', ["95 sheep"]),
    ("near miss: layout containment", f'<p>Took <span style="{BOX}width:4ch;contain:layout style">95 sheep</span>.</p>', []),
    ("near miss: paint containment, no width", f'<p>Took <span style="{BOX}contain:paint">95 sheep</span>.</p>', []),
    ("near miss: a grid track that grows", '<p>Took <span style="display:inline-grid;grid-template-columns:4ch 1fr;overflow:clip">95 sheep</span>.</p>', []),
    ("near miss: a drawing the text fits", '<p><svg width="300" height="20"><text y="15">95 sheep</text></svg></p>', []),
    ("near miss: an ellipsis shows the cut", f'<p>Took <span style="{BOX}width:4ch;overflow:hidden;text-overflow:ellipsis">95 sheep</span>.</p>', []),
    ("near miss: a width in percent", f'<p>Took <span style="{BOX}width:40%;overflow:hidden">95 sheep</span>.</p>', []),
    ("near miss: no width", f'<p>Took <span style="{BOX}overflow:hidden">95 sheep</span>.</p>', []),
    ("near miss: overflow visible", f'<p>Took <span style="{BOX}width:4ch;overflow:visible">95 sheep</span>.</p>', []),
    ("near miss: no cut reads as a figure", f'<p><span style="{BOX}width:4ch;overflow:hidden">Top 3 picks</span></p>', []),
    ("near miss: a checkbox", '<p><input type="checkbox" value="95 sheep"></p>', []),
    # blind31: the number before the box, the box's text cut after it.
    ("a button after the number", '<p>Took 95 <button style="width:1.2em;overflow:hidden">sheep</button>.</p>', ["95 sheep"]),
    ("an input after the number", '<p>Took 95 <input value="sheep" style="width:0.6em">.</p>', ["95 sheep"]),
    ("a textarea after the number", '<p>Took 95 <textarea rows=1 cols=1>sheep</textarea>.</p>', ["95 sheep"]),
    ("a select's option", '<p>Took 95 <select style="width:2.2em"><option>sheep</option></select>.</p>', ["95 sheep"]),
    ("a frame's document", """<p>Took <iframe width="34" srcdoc="<body>95 sheep</body>"></iframe>.</p>""", ["95 sheep"]),
    ("a line clamp", f'<p>Took 95 <span style="{BOX}-webkit-line-clamp:1;width:0.6em">sheep</span>.</p>', ["95 sheep"]),
    ("a clip path", '<p>Took <span style="clip-path:inset(0 60% 0 0)">95 sheep</span>.</p>', ["95 sheep"]),
    ("an SVG foreignObject", '<p><svg width="34" height="20"><foreignObject width="34" height="20"><div>95 sheep</div></foreignObject></svg></p>', ["95 sheep"]),
    ("an SVG mask", '<p><svg width="300" height="20"><defs><mask id="m"><rect width="34" height="20" fill="white"/></mask></defs><text y="15" mask="url(#m)">95 sheep</text></svg></p>', ["95 sheep"]),
    ("an SVG shape over the text", '<p><svg width="300" height="20"><text y="15">95 sheep</text><rect x="34" width="90" height="20" fill="#fff"/></svg></p>', ["95 sheep"]),
    ("an overlay in the page's colour", '<p>Took 95 s<span style="position:relative">heep<span style="position:absolute;inset:0;background:var(--md-default-bg-color)"></span></span>.</p>', ["95 sheep"]),
    ("an image over the text", '<p>Took 95 s<span style="position:relative">heep<img alt="" src="x.gif" style="position:absolute;left:0;width:100%"></span>.</p>', ["95 sheep"]),
    ("an outline pulled over the text", '<p>Took 95 s<span>heep</span><span style="outline:1.2em solid #fff;margin-left:-2.3em;display:inline-block"></span>.</p>', ["95 sheep"]),
    ("near miss: a shape drawn before the text", '<p><svg width="300" height="20"><rect width="90" height="20" fill="#eee"/><text y="15">95 sheep</text></svg></p>', []),
    ("near miss: an unfilled shape after it", '<p><svg width="300" height="20"><text y="15">95 sheep</text><rect width="90" height="20" fill="none"/></svg></p>', []),
    ("near miss: a positioned box that paints nothing", '<p>Took 95 s<span style="position:relative">heep<span style="position:absolute;inset:0"></span></span>.</p>', []),
    ("near miss: a painted box in its place", '<p>Took 95 sheep <span style="background:#fff;border:1px solid">new</span>.</p>', []),
    ("near miss: a short text in a frame of the default size", """<p><iframe srcdoc="<body>Each save took 4X8s.</body>"></iframe></p>""", []),
    ("near miss: an input after a word", '<p>Name <input value="sheep">.</p>', []),
    ("near miss: the whole figure in the box", '<p>Took <input value="95 seconds">.</p>', []),
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


def test_a_page_of_more_cuts_than_read_is_refused_not_waited_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each distinct cut is one reading; past :data:`MOST_READINGS` the page is FX614
    (a repeated box is read once)."""
    from fxsite.verify import clipped

    monkeypatch.setattr(clipped, "MOST_READINGS", 200)
    boxes = "".join(f'{i} <input value="sheep{i}x"> ' for i in range(100))
    found = scan_file("index.html", page(f"<p>{boxes}</p>"))
    assert any("cut in more than" in u.message for u in found.local if u.code == "FX614")
    near = "".join('9 <input value="sheep"> ' for _ in range(1000))
    assert not [
        u for u in scan_file("index.html", page(f"<p>{near}</p>")).local if u.code == "FX614"
    ]
