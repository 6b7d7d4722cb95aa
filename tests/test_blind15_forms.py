"""Forms of figures a fifteenth blind tester wrote that were published bare: a multiplier
with a fraction at a sentence's end, a leading decimal point, digits grouped by
underscores, Japanese durations, German and Russian abbreviations of units of time.

Each row is a paragraph of a page, read by the one reader, with the errors it must give
(``(code, line, col)``; none for a near miss).
"""

from __future__ import annotations

import pytest
from sitekit import PAGE_PATH, fixture_renderer, href_for, library, sentence_errors

from fxsite.markdown import check_page

#: (row, sentence, errors)
ROWS = [
    ("a multiplier with a fraction at a sentence's end", "It got 2.5 times.", [("FX501", 3, 8)]),
    ("with a decimal comma", "It is 2,5 times.", [("FX501", 3, 7)]),
    ("near miss: occurrences", "Saved 20 times.", []),
    ("near miss: a thousand occurrences", "Saved 1,000 times.", []),
    ("near miss: a frequency", "Ran it 3 times a day.", []),
    ("a leading decimal point", "It took .94 s", [("FX501", 3, 9)]),
    ("a leading decimal point in Chinese", "共 .94 s", [("FX501", 3, 3)]),
    ("near miss: a point after a letter", "See a.94 s", []),
    ("digits grouped by underscores", "处理 10_000 rps", [("FX501", 3, 4)]),
    ("near miss: a name with underscores", "file_10_000 rps", []),
    ("near miss: a version with underscores", "v1_000 rps", []),
    ("a Japanese duration in minutes", "3分で終わる", [("FX501", 3, 1)]),
    ("a Japanese period of minutes", "3分間かかる", [("FX501", 3, 1)]),
    ("a Japanese duration in days", "5日で完了", [("FX501", 3, 1)]),
    ("a Japanese period of weeks", "2週間で", [("FX501", 3, 1)]),
    ("a Japanese duration in months", "3か月で", [("FX501", 3, 1)]),
    ("near miss: a Japanese date", "12月3日に", []),
    ("near miss: a Japanese fraction's word is not a duration", "第3日で", []),
    ("near miss: a point in time", "3分前に", []),
    ("a German abbreviation of seconds", "94 Sek.", [("FX501", 3, 1)]),
    ("of hours", "3 Std.", [("FX501", 3, 1)]),
    ("a Russian abbreviation of seconds", "94 сек", [("FX501", 3, 1)]),
    ("Russian seconds", "94 секунды", [("FX501", 3, 1)]),
    ("Russian milliseconds", "94 мс", [("FX501", 3, 1)]),
    ("Russian minutes", "3 мин", [("FX501", 3, 1)]),
    ("Russian hours", "2 часа", [("FX501", 3, 1)]),
    ("near miss: a Russian word that starts like a unit", "Минимум три.", []),
    ("near miss: a model number after its family's name", "Ryzen 9 7950X", []),
    ("near miss: a model number after a brand in capitals", "RTX 4090X", []),
    ("near miss: a server model", "The Xeon 8480X runs.", []),
    ("a multiplier in capitals after a word", "A 1000X gain.", [("FX501", 3, 3)]),
    ("a multiplier in capitals, compared", "Achieves 1000X faster", [("FX501", 3, 10)]),
    ("near miss: 钟 spells 秒 on", "[94 秒](evidence:R1#save_time_fx100)钟", []),
    ("钟 after a claim without 秒", "[94](evidence:R1#save_time_fx100)钟", [("FX503", 3, 2)]),
    ("半 after 秒 changes it", "[94 秒](evidence:R1#save_time_fx100)半", [("FX503", 3, 2)]),
]


@pytest.mark.parametrize(("sentence", "errors"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_forms_of_figures(sentence: str, errors: list[tuple[str, int, int]]) -> None:
    assert sentence_errors(sentence, library()) == errors


@pytest.mark.parametrize(
    ("sentence", "says"),
    [
        ("It took .94 s", "bare figure '0.94 s'"),
        ("处理 10_000 rps", "bare figure '10,000 rps'"),
    ],
)
def test_a_number_written_otherwise_is_named_as_the_grammar_reads_it(
    sentence: str, says: str
) -> None:
    """Not "94 s" (another figure), and not "written with look-alike characters"."""
    _, findings = check_page(
        f"# T\n\n{sentence}\n", PAGE_PATH, library(), href_for, fixture_renderer()
    )
    [finding] = findings
    assert says in finding.message
    assert "look-alike" not in finding.message


@pytest.mark.parametrize(
    ("sentence", "says"),
    [
        ("提升了[1.9](evidence:R1#save_speedup)倍", "make it read '1.9倍'; put the unit inside"),
        ("$[94](evidence:R1#save_time_fx100)", "make it read '$94'; put the unit inside"),
        ("5[94](evidence:R1#save_time_fx100)", "'5' glued to the claim '94' changes what it says"),
        ("[94 s](evidence:R1#save_time_fx100)x", "'x' glued to the claim '94 s'"),
    ],
)
def test_a_unit_glued_to_a_unitless_claim_is_told_as_its_unit(sentence: str, says: str) -> None:
    """Not "changes what it says" where the glued character is the claim's own unit,
    written outside the link (blind15: "提升[1.9](…)倍" is 1.9×)."""
    _, findings = check_page(
        f"# T\n\n{sentence}\n", PAGE_PATH, library(), href_for, fixture_renderer()
    )
    [finding] = findings
    assert finding.code == "FX503"
    assert says in finding.message


def test_a_figure_split_by_an_invisible_character_is_read_as_drawn() -> None:
    """blind16: "9<ZWSP>4 s" was told as a bare '4 s' (advising [4 s]); a reader sees 94 s.
    Each invisible character is its own FX502, at its column."""
    page = "# T\n\nTook 9\u200b4 s and x\u200by.\n"
    _, findings = check_page(page, PAGE_PATH, library(), href_for, fixture_renderer())
    assert sorted((f.code, f.line, f.col) for f in findings) == [
        ("FX501", 3, 6),
        ("FX502", 3, 7),
        ("FX502", 3, 17),
    ]
    assert "bare figure '94 s'" in next(f.message for f in findings if f.code == "FX501")


def test_the_characters_searched_first_hold_every_hidden_one() -> None:
    """:data:`fxsite.verify.reading._MAY_HIDE` is a superset of what is hidden."""
    import unicodedata

    from fxsite.verify.reading import _IGNORABLE_MARKS, _INVISIBLE, _MAY_HIDE

    hidden = (
        chr(c)
        for c in range(0x110000)
        if unicodedata.category(chr(c)) == "Cf" or chr(c) in _INVISIBLE | _IGNORABLE_MARKS
    )
    assert [hex(ord(c)) for c in hidden if not _MAY_HIDE.match(c)] == []
