"""Text a right-to-left script reorders where it is drawn (blind21).

"Customers say السرعة × 1.9 أسرع here." writes no figure, but a browser draws the
Arabic run right to left with the numbers and signs between its words: "…أسرع 1.9 ×
السرعة…", where "1.9 ×" stands in the line. A block holding a right-to-left character
and a digit is read in its drawn order too (UAX #9, python-bidi), in ``fxsite check``, the
build's gate and ``fxsite audit`` alike (one reader); a claim in such a block is never
read as bare there.
"""

from __future__ import annotations

import pytest
from sitekit import library, sentence_errors

from fxsite.evidence.library import Library
from fxsite.verify.bidi_order import drawn_order
from fxsite.verify.scan import scan_content


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


# (name, the paragraph, FX501's (line, col) in check, what the gate's scan finds)
ROWS = [
    (
        "Arabic words around a sign and a number",
        "Customers say السرعة × 1.9 أسرع here.",
        [("FX501", 3, 24)],
        ["1.9 ×"],
    ),
    (
        "a sign before Arabic words and a number",
        "Customers say × السرعة 1.9 here.",
        [("FX501", 3, 24)],
        ["× 1.9"],
    ),
    (
        "Hebrew between a currency sign and its number",
        "Price $ שמירה 5 only.",
        [("FX501", 3, 15)],  # at the number: "$ 5" is written nowhere
        ["$ 5"],
    ),
    # near misses: what a right-to-left run draws holds no figure
    (
        "near miss: an Arabic address",
        "العنوان: شارع 12، المبنى 4",
        [],
        [],
    ),
    ("near miss: a phone number", "اتصل بنا على 555-0100 اليوم", [], []),
    ("near miss: a Hebrew word before a model number", "Model שם 3 here", [], []),
    (
        "near miss: a claim among Arabic words is a claim",
        "Reads reach [1.9×](evidence:R1#save_speedup) بسرعة كبيرة in tests.",
        [],
        [],
    ),
    ("near miss: no right-to-left character", "Customers say × abc 1.9 here.", [], []),
    # blind25: a sign before a claim with no unit, drawn after it among Hebrew words
    (
        "a sign drawn after a claim",
        "המהירות × [94](evidence:R1#save_time_fx100) מהירה יותר",
        [("FX503", 3, 12)],
        [],
    ),
]


@pytest.mark.parametrize(("name", "text", "refused", "read"), ROWS, ids=[r[0] for r in ROWS])
def test_a_right_to_left_run_is_read_as_drawn(
    lib: Library, name: str, text: str, refused: list[tuple[str, int, int]], read: list[str]
) -> None:
    assert sentence_errors(text, lib) == refused
    if "evidence:" not in text:  # the gate reads published HTML
        assert [c.shown for c in scan_content(f"<p>{text}</p>").candidates] == read


def test_the_drawn_order() -> None:
    drawn = drawn_order("Customers say السرعة × 1.9 أسرع here.", [])
    assert drawn == ("Customers say عرسأ 1.9 × ةعرسلا here.", [])
    assert drawn_order("Customers say × abc 1.9 here.", []) is None  # no such script
    assert drawn_order("السرعة كبيرة", []) is None  # letters only: no digit


def test_a_claim_is_read_where_it_is_drawn() -> None:
    text = "السرعة 1.9× أسرع 2"
    claim = (text.index("1.9×"), text.index("1.9×") + 4, 7)
    drawn = drawn_order(text, [claim])
    assert drawn is not None
    shown, claims = drawn
    assert [shown[s:e] for s, e, _ in claims] == ["×1.9"]  # the claim, as drawn (× is neutral)
    assert [i for _, _, i in claims] == [7]  # its index kept
    assert "2" in shown  # the bare number is drawn where it stands
