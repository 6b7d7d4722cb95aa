"""blind11: a digit of any script is read as the digit it writes, not as the letter
Unicode's confusables take it for: Extended Arabic-Indic (Persian) "۱۷۸ s" is '178 s'."""

from __future__ import annotations

import pytest
from sitekit import library, sentence_errors

from fxsite.verify.reading import fold

ROWS = [
    ("persian digits and a unit", "Each save took ۱۷۸ s.", True),
    ("persian percent", "Utilisation reached ۹۵ %.", True),
    ("arabic-indic digits", "Each save took ١٧٨ s.", True),
    ("devanagari digits", "Each save took १७८ s.", True),
    # near misses: the same digits with no unit, and letters that look like digits' words
    ("persian digits alone", "See item ۱۷۸ of the list.", False),
    ("a word of letters", "Each save took lV s.", False),
]


@pytest.mark.parametrize(("row", "sentence", "refused"), ROWS, ids=[r[0] for r in ROWS])
def test_a_digit_of_any_script_is_a_digit(row: str, sentence: str, refused: bool) -> None:
    codes = [code for code, _, _ in sentence_errors(sentence, library())]
    assert codes == (["FX501"] if refused else []), row


def test_fold_writes_each_script_digit_as_ascii() -> None:
    assert fold("۱۷۸ ١٧٨ १७८ ๑๗๘") == "178 178 178 178"


LOOKALIKES = [
    ("a Greek chi for x", "The FX100 saves checkpoints 1.9χ faster.", True),
    ("a Greek chi, a whole number", "Loading is 2χ faster.", True),
    ("a Cherokee s", "Each save took 178 ꮪ.", True),
    # near misses: Greek words with a chi, a number beside them that states nothing
    ("a Greek word", "Η τεχνολογία είναι γρήγορη.", False),
    ("a Greek word after a number", "Σε 3 χώρες.", False),
]


@pytest.mark.parametrize(("row", "sentence", "refused"), LOOKALIKES, ids=[r[0] for r in LOOKALIKES])
def test_a_look_alike_no_table_folds_is_read_as_drawn(
    row: str, sentence: str, refused: bool
) -> None:
    codes = [code for code, _, _ in sentence_errors(sentence, library())]
    assert codes == (["FX501"] if refused else []), row
