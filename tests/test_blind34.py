"""What the thirty-fourth blind tester, a hostile vendor against ``fxsite audit``, drew
past it ("95 s" from "95 sheep", each confirmed in Chromium):

* glyphs scaled to nothing (``font-size-adjust: 0``, in a style or a stylesheet);
* text moved a line or more away (``position: relative; top: 9999px``,
  ``inset-block-start``, ``margin-left: -99999px``, ``vertical-align: -9999px``);
* a declarative shadow root's host whose child no slot takes (not drawn);
* an SVG ``<switch>``, which draws its first child only;
* a frame, object or refresh showing the site's own code file (``n.map``, ``n.css``)
  as text, which the gate reads as code.

Each row is a page in, what the gate reads out; near misses read nothing.
"""

from __future__ import annotations

import pytest

from fxsite.verify.scan import scan_file


def page(body: str, head: str = "") -> str:
    return (
        '<!doctype html><html><head><meta charset="utf-8"><meta name="fxsite-build" '
        f'content="0"><title>x</title>{head}</head><body><article>{body}</article></body></html>'
    )


def read(body: str, head: str = "") -> tuple[set[str], set[str]]:
    """The bare figures read, and the codes of the page's own findings."""
    scanned = scan_file("index.html", page(body, head))
    return {c.found for c in scanned.candidates}, {n.code for n in scanned.local}


DRAWN = [
    ("font-size-adjust 0", '<p>Each save took 95 s<i style="font-size-adjust:0">heep</i> on it.</p>', ""),
    ("font-size-adjust 0 by a rule", '<p>Each save took 95 s<i class="h">heep</i> on it.</p>', "<style>.h{font-size-adjust:0}</style>"),
    ("a huge negative margin", '<p>Each save took 95 s<i style="margin-left:-99999px">heep</i> on it.</p>', ""),
    ("a logical negative margin", '<p>Each save took 95 s<i style="margin-inline-start:-99999px">heep</i> on it.</p>', ""),
    ("relative, far down", '<p>Each save took 95 s<i style="position:relative;top:9999px">heep</i> on it.</p>', ""),
    ("relative, a logical offset", '<p>Each save took 95 s<i style="inset-block-start:9999px;position:relative">heep</i> on it.</p>', ""),
    ("vertical-align far down", '<p>Each save took 95 s<i style="display:inline-block;vertical-align:-9999px">heep</i> on it.</p>', ""),
    ("an unslotted child", '<div>Each save took <template shadowrootmode="open"><slot name="a"></slot></template><span slot="a">95 s</span><span>heep</span></div>', ""),
    ("an SVG switch", "<p>Each save took <svg width=200 height=50><switch><text x=5 y=30>95 s</text><text x=5 y=30>heep</text></switch></svg></p>", ""),
]  # fmt: skip


@pytest.mark.parametrize(("body", "head"), [r[1:] for r in DRAWN], ids=[r[0] for r in DRAWN])
def test_drawn_figure_is_read(body: str, head: str) -> None:
    assert "95 s" in read(body, head)[0]


NEAR = [
    ("font-size-adjust of a font", '<p>Each save took 95 s<i style="font-size-adjust:0.5">heep</i> on it.</p>'),
    ("a small negative margin", '<p>Each save took 95 s<i style="margin-left:-2px">heep</i> on it.</p>'),
    ("a nudge", '<p>Each save took 95 s<i style="position:relative;top:2px">heep</i> on it.</p>'),
    ("an icon's vertical-align", '<p>Each save took 95 s<i style="vertical-align:-0.125em">heep</i> on it.</p>'),
    ("a slotted child", '<div>Each save took <template shadowrootmode="open"><slot name="a"></slot></template><span slot="a">95 sheep</span></div>'),
    ("the unnamed slot takes every child", '<div>Each save took <template shadowrootmode="open"><slot></slot></template><span>95 s</span><span>heep</span></div>'),
]  # fmt: skip


@pytest.mark.parametrize("body", [r[1] for r in NEAR], ids=[r[0] for r in NEAR])
def test_near_miss_reads_no_figure(body: str) -> None:
    assert read(body)[0] == set()


SHOWN = [
    ('<object data="assets/n.map" width=200 height=50></object>', "FX614"),
    ('<embed src="n.css?v=2">', "FX614"),
    ('<iframe src="app.js"></iframe>', "FX614"),
    ('<iframe src="evidence.json"></iframe>', "FX614"),
]


@pytest.mark.parametrize(("body", "code"), SHOWN, ids=[s[0] for s in SHOWN])
def test_a_frame_showing_code_as_text_is_refused(body: str, code: str) -> None:
    assert code in read(f"<p>{body}</p>")[1]


def test_a_refresh_to_code_is_refused_and_to_a_page_warned() -> None:
    refresh = '<meta http-equiv="refresh" content="0; url=n.map">'
    assert "FX614" in read("<p>x</p>", refresh)[1]
    assert "FX614" not in read("<p>x</p>", refresh.replace("n.map", "next/"))[1]


def test_near_miss_frames_of_pages_and_documents() -> None:
    for body in ('<object data="report.pdf"></object>', '<embed src="chart.svg">'):
        assert "FX614" not in read(f"<p>{body}</p>")[1]
