"""What a nineteenth blind tester published: text turned or mirrored by CSS, a list item's
counter set, a list's markers drawn by ``@counter-style``, SVG text turned, mirrored or
reordered by its presentation attributes, TeX currency macros, Mermaid entity codes, look-alike multiplication signs,
words beside a claim that change it, units stated once around a table ("All times in
seconds.", a heading, "kIOPS"); and what it found refused that names nothing.

Each row is a paragraph of a page, read by the one reader, with the errors it must give
(``(code, line, col)``; none for a near miss).
"""

from __future__ import annotations

import pytest
from sitekit import library, sentence_errors

from fxsite.verify.extension_text import diagram_lines, tex_text
from fxsite.verify.order import svg_turned

TIME = "evidence:R1#save_time_fx100"  # 94 s
BANDWIDTH = "evidence:R1#bandwidth_fx100"  # 6.40 GB/s

ROWS = [
    (
        "text turned half a turn by a transform",
        'It took <span style="display:inline-block;transform:rotate(180deg)">s 96</span>.',
        [("FX504", 3, 43)],
    ),
    (
        "by the rotate property",
        'x <span style="display:inline-block;rotate:180deg">s 96</span> y',
        [("FX504", 3, 37)],
    ),
    (
        "mirrored by scale",
        'x <span style="display:inline-block;scale:-1">s 96</span> y',
        [("FX504", 3, 37)],
    ),
    ("near miss: words turned a little", 'A <span style="rotate:3deg">hello</span> world', []),
    ("a look-alike multiplication sign", "It is 1.9 乂 faster.", [("FX501", 3, 7)]),
    ("another", "It is 1.9 ⛌ faster.", [("FX501", 3, 7)]),
    (
        "a number word's times before a claim",
        f"It is eight times [6.4 GB/s]({BANDWIDTH}).",
        [("FX503", 3, 20)],
    ),
    ("a look-alike sign after a claim", f"It took [94 s]({TIME}) ✕ 3.", [("FX503", 3, 10)]),
    ("half of a claim", f"Half of [94 s]({TIME}).", [("FX503", 3, 10)]),
    ("minus a claim", f"It is minus [94 s]({TIME}).", [("FX503", 3, 14)]),
    ("near miss: a second time", f"Saved [94 s]({TIME}) a second time.", []),
    ("near miss: each run", f"Took [94 s]({TIME}) each run.", []),
    ("near miss: a version", "Version 1.9x is deprecated.", []),
    ("near miss: an image's density", "Use the @2x images on Retina screens.", []),
    ("near miss: a multiplier still", "It is 1.9x faster.", [("FX501", 3, 7)]),
    (
        "a list's marker drawn by @counter-style",
        '<style>@counter-style fx { system: cyclic; symbols: "94 s"; }</style>'
        '<ol style="list-style: fx"><li>saved</li></ol>',
        [("FX506", 3, 54)],
    ),
    (
        "a counter style's suffix after the item's number",
        '<style>@counter-style fx { system: extends decimal; suffix: " s "; }</style>'
        '<ol start="94" style="list-style: fx"><li>saved</li></ol>',
        [("FX506", 3, 62)],
    ),
    (
        "near miss: a counter style of stars",
        '<style>@counter-style fx { system: cyclic; symbols: "★"; suffix: " "; }</style>'
        '<ol style="list-style: fx"><li>saved</li></ol>',
        [],
    ),
    (
        "SVG text reordered by its direction attribute",
        '<svg><text x="10" y="20" direction="rtl" unicode-bidi="bidi-override">s 49</text></svg>',
        [("FX504", 3, 26)],
    ),
    (
        "SVG text turned half a turn by its transform",
        '<svg><text x="10" y="20" transform="rotate(180 50 20)">s 96</text></svg>',
        [("FX504", 3, 37)],
    ),
    (
        "SVG text mirrored by its group's matrix",
        '<svg><g transform="matrix(-1 0 0 1 100 0)"><text>s 49</text></g></svg>',
        [("FX504", 3, 20)],
    ),
    (
        "SVG text turned by an animation (blind18)",
        '<svg><text>s 96<animateTransform attributeName="transform" type="rotate" '
        'from="180" to="180" dur="1s" fill="freeze"/></text></svg>',
        [("FX504", 3, 17)],
    ),
    (
        "SVG text reordered by a set",
        '<svg><text>s 96<set attributeName="direction" to="rtl"/></text></svg>',
        [("FX504", 3, 17)],
    ),
    (
        "near miss: an animation of colour",
        '<svg><text>Step 1<set attributeName="fill" to="red"/></text></svg>',
        [],
    ),
    (
        "near miss: SVG text turned a quarter",
        '<svg><text transform="rotate(90)">Step 1</text></svg>',
        [],
    ),
    (
        "near miss: SVG text placed and tilted",
        '<svg><text transform="translate(4 5) rotate(-30)">Step 1</text></svg>',
        [],
    ),
    (
        "near miss: two half turns",
        '<svg><text transform="rotate(180) scale(-1 -1)">Step 1</text></svg>',
        [],
    ),
    ("a scale glued to IOPS in lower case", "The array did 94 kIOPS.", [("FX501", 3, 15)]),
    ("usec", "Latency was 94 usec.", [("FX501", 3, 13)]),
    ("nsec", "Latency was 94 nsecs.", [("FX501", 3, 13)]),
    ("near miss: a scale glued to no unit", "A 4 kOhm resistor.", []),
    ("near miss: the metric named", "The kIOPS metric matters.", []),
]


@pytest.mark.parametrize(("sentence", "errors"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_blind19(sentence: str, errors: list[tuple[str, int, int]]) -> None:
    assert sentence_errors(sentence, library()) == errors


@pytest.mark.parametrize(
    ("tex", "drawn"),
    [
        (r"\(\$300\)", "$300"),
        (r"$\pounds 300$", "£ 300"),
        (r"$94\,\sec$", "94 sec"),
        (r"$96\,\textperthousand$", "96 ‰"),
        (r"\(\text{\$}300\)", "$300"),
        (r"\(94\,\mathrm{s}\)", "94 s"),
    ],
)
def test_tex_currency_and_unit_macros_are_drawn(tex: str, drawn: str) -> None:
    assert " ".join(tex_text(tex).split()) == drawn


def test_mermaid_entity_codes_are_drawn() -> None:
    lines = diagram_lines('graph LR\n  A["save: #57;#52; s"]\n  B["#quot;x#quot; #nothing;"]')
    assert lines[1:] == ['  A["save: 94 s"]', '  B[""x" #nothing;"]']


@pytest.mark.parametrize(
    ("sentence", "errors"),
    [
        (
            '9<span style="display:inline-block;width:1px;overflow:hidden">X</span>4 s',
            [("FX501", 3, 1)],
        ),
        (
            '9<span style="display:inline-block;width:0.01px;overflow:clip">X</span>4 s',
            [("FX501", 3, 1)],
        ),
        (
            '9<span style="display:inline-block;height:0.1em;overflow:hidden">X</span>4 s',
            [("FX501", 3, 1)],
        ),
        (
            '9<span style="display:inline-block;inline-size:0;overflow:hidden">X</span>4 s',
            [("FX501", 3, 1)],
        ),
        (
            '9<span style="display:inline-block;max-width:1px;overflow:hidden">X</span>4 s',
            [("FX501", 3, 1)],
        ),
        ('A <span style="display:inline-block;width:20px">wide</span> box', []),
    ],
    ids=[
        "a pixel wide",
        "a hundredth of a pixel",
        "a tenth of an em high",
        "a logical size of none (blind18)",
        "a max width of a pixel (blind18)",
        "near miss: a box",
    ],
)
def test_a_box_too_small_to_draw_a_glyph_hides_it(
    sentence: str, errors: list[tuple[str, int, int]]
) -> None:
    """blind19: a box a pixel wide with its overflow hidden showed "9" and "4" as "94"."""
    assert sentence_errors(sentence, library()) == errors


def test_the_locator_asks_the_source_for_a_cue_once() -> None:
    """blind18: a text file of thousands of "9%" took minutes in ``check``: each finding's
    placing looked through the whole source for "</" again (quadratic)."""
    from fxsite.pages.locate import SourceLocator

    locator = SourceLocator("9%" * 50_000)
    for _ in range(3):
        locator.find("9%", "FX501")
    assert locator._cues.get("</") is False  # asked once, remembered


@pytest.mark.parametrize(
    ("transform", "turned"),
    [
        ("rotate(180)", True),
        ("rotate(-135 10 10)", True),
        ("scale(-1, 1)", True),
        ("scale(1 -1)", True),
        ("matrix(-1 0 0 1 0 0)", True),
        ("translate(10 0) rotate(200)", True),
        ("rotate(90)", False),
        ("rotate(-60)", False),
        ("scale(2)", False),
        ("scale(-1) scale(-1)", False),
        ("skewX(30) translate(4)", False),
        ("rotate()", False),
        ("rotate(1e999)", False),  # not a number a browser draws: no traceback
        ("scale(1e308) scale(1e308) rotate(180)", True),
        ("nonsense", False),
    ],
)
def test_svg_turned(transform: str, turned: bool) -> None:
    assert svg_turned(transform) is turned
