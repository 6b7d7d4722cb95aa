"""Invisible characters: a joiner spelling a word is text, anywhere else a finding; and
finding them stays linear in the text (a word of 8,000 joiners took 14 s: each joiner
scanned its whole word again)."""

from __future__ import annotations

import pytest
from timelimit import limit

from fxsite.verify.reading import hidden_characters

ZWNJ, ZWJ = "\u200c", "\u200d"


@pytest.mark.parametrize(
    ("text", "claims", "found"),
    [
        (f"می{ZWNJ}خواهم", [], []),  # Persian spelling: text
        (f"ශ්{ZWJ}රී", [], []),  # Sinhala conjunct: text
        (f"ب{ZWNJ}ب 94 ب{ZWNJ}ب", [], []),  # digits in another word
        (f"ب{ZWNJ}ب94", [], [1]),  # a word holding a digit
        (f"9{ZWJ}4 s", [], [1]),  # between digits
        (f"a{ZWJ}b", [], [1]),  # Latin letters are not spelt with joiners
        (f"ب{ZWNJ}ب", [(0, 3)], [1]),  # inside a claim
        (f"ب{ZWNJ}ب x ب{ZWNJ}ب", [(0, 3), (6, 9)], [1, 7]),  # each claim
        (f"ب{ZWNJ}ب x ب{ZWNJ}ب", [(6, 9)], [7]),  # the second only
        ("94\u2060s", [], [2]),  # a word joiner is never spelling
    ],
)
def test_a_joiner_is_text_only_where_it_spells_a_word(
    text: str, claims: list[tuple[int, int]], found: list[int]
) -> None:
    assert [at for at, _ in hidden_characters(text, claims)] == found


@pytest.mark.parametrize(
    "text",
    [f"ب{ZWNJ}" * 40_000 + "ب", f"ب{ZWNJ}" * 40_000 + "9", f"{ZWJ}9" * 40_000],
    ids=["one long word", "one long word with a digit", "joiners and digits"],
)
def test_joiners_are_found_in_linear_time(text: str) -> None:
    claims = [(i, i + 1) for i in range(0, len(text), 4)]
    with limit(10, cpu=True):  # quadratic: minutes; linear: well under a second
        hidden_characters(text, claims)
