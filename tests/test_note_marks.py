"""A note's mark right after a figure's unit does not hide the figure (blind80 B1).

``94 s<sup>1</sup>`` draws "94 s" and a note's number above the line; read as one run of
text it was "94 s1", no figure, and both ``check`` and the build published it, in each
way a writer marks a note: ``^1^`` (pymdownx.caret), ``**1**``, a link, ``<small>``, two
digits, a roman numeral. A short mark in the line right after a letter is read apart,
the run read with it and without it, as a footnote's mark is (:func:`~fxsite.verify.
drawn_elements.stands_apart`). Rows are sentences with the figure refused; the near
misses (a power, a word's mark, a mark after a space) pass; a mark right after a claim
is read glued to it (FX503). A mark before a number that starts a word (``<sup>a</sup>94
s``, read "a94 s") is read apart too, and one that is no number between a number and
its unit (``94<sup>†</sup> s``, ``94† s``: blind81).
"""

from __future__ import annotations

import pytest
from sitekit import PAGE_PATH, href_for, library

from fxsite.markdown import PageRenderer, check_page

RENDERER = PageRenderer(
    ["attr_list", "md_in_html", "tables", "pymdownx.caret"],
    {"pymdownx.caret": {"smart_insert": False}},
)

REFUSED = [
    ("a superscript number", "It needed 94 s<sup>1</sup> per save.", "94 s"),
    ("caret's superscript", "It needed 94 s^1^ per save.", "94 s"),
    ("a bold number", "It needed 94 s**1** per save.", "94 s"),
    ("an emphasised number", "It needed 94 s*1* per save.", "94 s"),
    ("a hand-made note link", 'It needed 94 s<sup><a href="#n1">1</a></sup> per save.', "94 s"),
    ("a bare note link", 'It needed 94 s<a href="#n1">1</a> per save.', "94 s"),
    ("a small number", "It needed 94 s<small>1</small> per save.", "94 s"),
    ("two digits", "It needed 94 s<sup>12</sup> per save.", "94 s"),
    ("a roman numeral", "It needed 94 s<sup>ii</sup> per save.", "94 s"),
    ("a unit glued to its number", "It needed 94s<sup>1</sup> per save.", "94s"),
    ("a unit in words", "It needed 94 seconds<sup>1</sup> per save.", "94 seconds"),
    ("a word of times", "It is twice<sup>1</sup> as fast.", "twice"),
    ("a rate with a scale letter", "Reads reached 150k IOPS<sup>1</sup>.", "150k IOPS"),
    ("a multiplication sign", "Saves are 1.9×<sup>1</sup> faster.", "1.9×"),
    ("a percent sign", "Bandwidth is up 96%<sup>2</sup> now.", "96%"),
    ("a span", "It needed 178 s<span>1</span> per save.", "178 s"),
    # a mark before a number that starts a word: "ᵃ94 s" drew a note and "94 s"
    ("a letter's mark before", "The FX100 needed <sup>a</sup>94 s per save.", "94 s"),
    ("a number's mark before", "The FX100 needed <sup>1</sup>94 s per save.", "94 s"),
    ("caret's mark before", "The FX100 needed ^b^94 s per save.", "94 s"),
    ("a sign's mark before", "It is <sup>*</sup>1.9× faster.", "1.9×"),
    # blind81: a note's mark that is no number between a number and its unit
    ("a dagger raised between", "The save took 94<sup>†</sup> s on the FX100.", "94 s"),
    ("a letter raised between", "The save took 94<sup>a</sup> s on the FX100.", "94 s"),
    ("a dagger before a multiplier", "The FX100 is 1.9<sup>†</sup>x faster than NFS.", "1.9x"),
    (
        "a double dagger before a rate",
        "Random reads reach 150,000<sup>‡</sup> IOPS.",
        "150,000 IOPS",
    ),
    ("a dagger before a percent sign", "Stalls fell by 10<sup>†</sup>%.", "10%"),
    ("a dagger before a unit in words", "The save took 94<sup>†</sup> seconds.", "94 seconds"),
    ("a dagger lowered between", "The save took 94<sub>†</sub> s.", "94 s"),
    ("a dagger written between", "The save took 94† s on the FX100.", "94† s"),
    ("an asterisk written between", "The save took 94* s on the FX100.", "94* s"),
    ("a dagger written before a multiplier", "It is 1.9†x faster.", "1.9†x"),
    ("a letter in parentheses between", "The save took 94 (a) s on it.", "94 (a) s"),
    ("a number in brackets between", "The save took 94 [1] s on it.", "94 [1] s"),
    ("a dagger raised before times", "It is 3<sup>†</sup> times faster.", "3 times"),
    (
        "a letter raised before a scale",
        "It reads 1.2<sup>a</sup> million IOPS.",
        "1.2 million IOPS",
    ),
    ("a dagger raised after a space", "The FX100 saved in 94 <sup>†</sup> s.", "94 s"),
    ("a dagger written between spaces", "The FX100 saved in 94 † s.", "94 † s"),
    ("an entity's dagger", "The FX100 saved in 94&dagger; s.", "94† s"),
    ("a sign in a span", 'The FX100 saved in 94<span class="x">*</span> s.', "94* s"),
]

PASSED = [
    ("a power", "E = mc<sup>2</sup> holds."),
    ("a sign after a name", "The Intel<sup>®</sup> chip."),
    ("an ordinal's letters", "Use the K<sup>th</sup> item."),
    ("a mark after a space", "The site is <strong>FX</strong>100 ready."),
    ("a model's number in bold", "The FX<strong>100</strong> is ready."),
    ("a mark before a space and a count", "See note <sup>a</sup> 2 lines down."),
    ("a chemical index", "Water is H<sub>2</sub>O."),
    ("a mark before a step's number", "Step <sup>1</sup>2 of 3."),
    ("an ordinal raised after a number", "The 2<sup>nd</sup> run."),
    ("a rating's star", "A 5* hotel."),
    ("a product", "It is 3*4 ways."),
    ("a chemical formula", "CO<sub>2</sub> fell."),
    ("a figure's panel", "Figure 3 (a) shows it."),
    ("a step's reference", "See step 2 [1] for details."),
    ("a dagger after a number, no unit", "Option 2 † see notes."),
    ("an ordinal raised after a space", "The 2 <sup>nd</sup> run."),
    ("a spaced product", "It is 3 * 4 ways."),
]


def _errors(sentence: str) -> list[str]:
    _, found = check_page(f"# T\n\n{sentence}\n", PAGE_PATH, library(), href_for, RENDERER)
    return [f.text or "" for f in found if f.severity == "error"]


@pytest.mark.parametrize(
    ("sentence", "figure"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED]
)
def test_a_figure_marked_for_a_note_is_refused(sentence: str, figure: str) -> None:
    assert _errors(sentence) == [figure]


def test_a_mark_right_after_a_claim_is_read_glued_to_it() -> None:
    """A power after a claim's unit changes it (m, m²): the mark is read glued (FX503)."""
    _, found = check_page(
        "# T\n\nIt saves [94 s](evidence:R1#save_time_fx100)<sup>2</sup> per save.\n",
        PAGE_PATH,
        library(),
        href_for,
        RENDERER,
    )
    assert [f.code for f in found if f.severity == "error"] == ["FX503"]


@pytest.mark.parametrize("sentence", [r[1] for r in PASSED], ids=[r[0] for r in PASSED])
def test_a_mark_that_hides_no_figure_passes(sentence: str) -> None:
    assert _errors(sentence) == []


FOOTNOTES = PageRenderer(["tables", "footnotes"], {})
TABLE = (
    "# T\n\n| Setup | Save time (s) |\n|---|---|\n| FX100 | {cell} |\n\n[^1]: Median of 5 runs.\n"
)


@pytest.mark.parametrize(
    ("cell", "refused"),
    [
        # blind81: a claim's footnote under a header's unit was told as the bare figure "1 s"
        ("[94](evidence:R1#save_time_fx100)[^1]", []),
        ("178[^1]", ["178"]),  # the number beside it is still the cell's
        ("<span hidden>178</span>", ["178"]),  # a hidden number too
        # digits glued to a claim are told once, as glued (FX503), not again as the cell's
        ("[94](evidence:R1#save_time_fx100)5", ["94"]),
    ],
)
def test_a_footnotes_mark_in_a_cell_is_no_number_of_it(cell: str, refused: list[str]) -> None:
    found = check_page(TABLE.format(cell=cell), PAGE_PATH, library(), href_for, FOOTNOTES)[1]
    assert [f.text for f in found if f.severity == "error"] == refused
