"""A figure found by a second reading of a paragraph is placed where it is written (blind74 #8).

Two readings were placed at the page's first line, told that "a hook, a plugin or an
extension" wrote them, where neither is: ``Save<span hidden>d</span> time: 94.`` (one
reading, with the hidden "d", passed its 94 over as "Saved time: 94"; the other, without
it, refused it: the passed-over offset was held from it), and the digits of a
right-to-left script (NKo ``߉߄ s`` is drawn ``߄߉ s``, quoted so: the source writes it
the other way round). Rows are pages, with each error's ``(code, line, col)``; near misses
were placed so before and must stay so.
"""

from __future__ import annotations

import pytest
from sitekit import FIXTURE_EXTENSIONS, PAGE_PATH, href_for, library

from fxsite.markdown import PageRenderer, check_page
from fxsite.verify.bidi_order import written_order

RENDERER = PageRenderer(FIXTURE_EXTENSIONS, {})


def _placed(source: str) -> list[tuple[str, int, int]]:
    _, found = check_page(source, PAGE_PATH, library(), href_for, RENDERER)
    assert not [f for f in found if "does not write this" in f.message]
    return sorted((f.code, f.line, f.col) for f in found if f.severity == "error")


ROWS = [
    ("a label split by a hidden letter", "Save<span hidden>d</span> time: 94.", [(3, 33)]),
    (
        "twice on a line",
        "Save<span hidden>d</span> time: 94. Save time: 94.",
        [(3, 33), (3, 48)],
    ),
    ("NKo digits, read as written and as drawn", "Saves in \u07c9\u07c4 s.", [(3, 10), (3, 10)]),
    (
        "Adlam digits",
        "\U0001e959\U0001e954 s to save.",
        [(3, 1), (3, 1)],
    ),
    ("near miss: a label in bold", "Save **time**: 94.", [(3, 16)]),
    ("near miss: a comment in the label", "Save <!-- c -->time: 94.", [(3, 22)]),
    (
        "near miss: a word split by a hidden letter",
        "Sa<span hidden>x</span>ves in 94 s.",
        [(3, 31)],
    ),
    ("near miss: a number passed over before", "We ran 94 builds.\n\nSave time: 94.", [(5, 12)]),
]


@pytest.mark.parametrize(("sentence", "where"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_a_second_readings_figure_is_placed_where_written(
    sentence: str, where: list[tuple[int, int]]
) -> None:
    assert _placed(f"# T\n\n{sentence}\n") == [("FX501", line, col) for line, col in where]


def test_the_written_order_of_a_drawn_run() -> None:
    assert written_order("\u07c4\u07c9 s") == "\u07c9\u07c4 s"
    assert written_order("94 s") is None  # no right-to-left character
