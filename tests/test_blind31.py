"""What the thirty-first blind tester, a hostile vendor against ``fxsite audit``, drew
past the gate: "95 sheep" written, "95 s" drawn, by

* an animation whose keyframes hide "heep" (opacity, font size, visibility);
* letters spaced onto each other, SVG paint (``fill="none"``, white, no opacity),
  MathML colours (``mathcolor``, ``mathbackground``) and an ``<mpadded>`` of no width;
* an ``<maction>``, which Chromium draws only the first child of;
* a ``<ul>`` styled with numbers and an item's ``value``;
* ``text-overflow: ' s'``, which draws " s" where its box cuts "heep".

(The clipping boxes and the things drawn over text are ``test_clipped.py``'s rows.)
Each row is a page in, the figures the gate reads out; near misses read none.
"""

from __future__ import annotations

import pytest

from fxsite.verify.scan import scan_file


def page(body: str) -> str:
    return (
        '<!doctype html><html><head><meta charset="utf-8"><meta name="fxsite-build" '
        f'content="0"><title>x</title></head><body><article>{body}</article></body></html>'
    )


def read(body: str) -> tuple[set[str], set[str]]:
    """The bare figures read, and the codes of the drawing notes."""
    scanned = scan_file("index.html", page(body))
    return {c.found for c in scanned.candidates}, {n.code for n in scanned.local}


ROWS = [
    ("keyframes at opacity 0", "<style>@keyframes f{to{opacity:0}}</style><p>Each save took 95 s<span style='animation:f 0s forwards'>heep</span> on it.</p>", "95 s"),
    ("keyframes by a class rule", "<style>@keyframes z{to{font-size:0}}.z{animation:z 1ms forwards}</style><p>Each save took 95 s<span class='z'>heep</span> on it.</p>", "95 s"),
    ("an animation's name", "<p>Each save took 95 s<span style='animation-name:q'>heep</span> on it.</p>", "95 s"),
    ("letters spaced onto each other", "<p>Each save took 95 s<span style='letter-spacing:-1em'>heep</span> on it.</p>", "95 s"),
    ("SVG fill none", '<p><svg width="300" height="20"><text x="0" y="15">Each save took 95 s<tspan fill="none">heep</tspan></text></svg></p>', "95 s"),
    ("SVG fill white", '<p><svg width="300" height="20"><text x="0" y="15">Each save took 95 s<tspan fill="#fff">heep</tspan></text></svg></p>', "95 s"),
    ("SVG fill-opacity 0", '<p><svg width="300" height="20"><text x="0" y="15">Each save took 95 s<tspan fill-opacity="0">heep</tspan></text></svg></p>', "95 s"),
    ("MathML colour white", '<p>Each save took 95 <math><mi>s</mi><mstyle mathcolor="white"><mi>heep</mi></mstyle></math> on it.</p>', "95 s"),
    ("MathML text colour", '<p>Each save took 95 s<math><mtext mathcolor="#fff">heep</mtext></math> on it.</p>', "95 s"),
    ("MathML background", '<p>Each save took 95 <math><mi>s</mi><mstyle mathbackground="#000"><mi>heep</mi></mstyle></math> on it.</p>', "95 s"),
    ("an mpadded of no width", '<p>Each save took 95 s<math><mpadded width="0"><mi>heep</mi></mpadded></math> on it.</p>', "95 s"),
    ("an maction's first child", "<p>Each save took 95 <math><maction><mi>s</mi><mi>heep</mi></maction></math> on it.</p>", "95 s"),
    ("a ul numbered by its style", '<p>Save time per checkpoint:</p><ul style="list-style-type:decimal"><li value="95">s per save</li></ul>', "95 s"),
]  # fmt: skip


@pytest.mark.parametrize(("body", "figure"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_drawn_figure_is_read(body: str, figure: str) -> None:
    assert figure in read(body)[0]


NEAR = [
    ("animation none", "<p>Each save took 95 s<span style='animation:none'>heep</span> on it.</p>"),
    ("a heading's tight letter spacing", "<p>Each save took 95 s<span style='letter-spacing:-0.02em'>heep</span> on it.</p>"),
    ("SVG fill red", '<p><svg width="300" height="20"><text x="0" y="15">Each save took 95 s<tspan fill="red">heep</tspan></text></svg></p>'),
    ("MathML colour red", '<p>Each save took 95 <math><mi>s</mi><mstyle mathcolor="red"><mi>heep</mi></mstyle></math> on it.</p>'),
    ("a wide mpadded", '<p>Each save took 95 s<math><mpadded width="+1em"><mi>heep</mi></mpadded></math> on it.</p>'),
    ("an maction's second child", "<p>Each save took 95 <math><maction><mi>sheep</mi><mi>s</mi></maction></math> on it.</p>"),
    ("a ul of bullets with a value", '<p>Save time per checkpoint:</p><ul><li value="95">s per save</li></ul>'),
]  # fmt: skip


@pytest.mark.parametrize("body", [r[1] for r in NEAR], ids=[r[0] for r in NEAR])
def test_near_miss_reads_no_figure(body: str) -> None:
    assert read(body) == (set(), set())


def test_maction_choosing_another_child_is_told() -> None:
    body = '<p>Each save took 95 <math><maction selection="2"><mi>sheep</mi><mi>s</mi></maction></math> on it.</p>'
    assert "FX504" in read(body)[1]
    assert read(body.replace(' selection="2"', ""))[1] == set()


def test_text_overflow_string_draws_text() -> None:
    box = "display:inline-block;width:0.1em;overflow:hidden;white-space:nowrap"
    assert (
        "FX505"
        in read(
            f"<p>Each save took 95 <span style=\"{box};text-overflow:' s'\">heep</span> on it.</p>"
        )[1]
    )
    assert (
        read(
            f'<p>Each save took 95 sheep <span style="{box};text-overflow:ellipsis">on</span> it.</p>'
        )[1]
        == set()
    )
