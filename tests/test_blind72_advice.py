"""What the advice says when the one figure stating a bare figure's value shares only words
that tell no figure apart (blind72: "it shares only af9000, reads" said what failed, not
what would do): the words of its own that would tell it, for the writer to add."""

from __future__ import annotations

import pytest
from sitekit import PAGE_PATH, fixture_renderer, href_for, library

from fxsite.markdown import check_page

#: (sentence, what the message says)
TOLD = [
    ("Saves took 178 s.", "(it shares only saves; a word of its own would tell it: 'baseline')"),
    ("The save took 94 s there.", "a word of its own would tell it: 'fx100'"),
]
#: (sentence, what the message does not say): the one figure fits ("did you mean"), or its
#: ``what`` has no word that tells it from the others
NOT_TOLD = [
    ("The FX100 save took 94 s.", "a word of its own"),
    ("Saves took 1.9×.", "a word of its own"),
]


def _messages(sentence: str) -> list[str]:
    _, found = check_page(
        f"# T\n\n{sentence}\n", PAGE_PATH, library(), href_for, fixture_renderer()
    )
    return [f.message for f in found if f.code == "FX501"]


@pytest.mark.parametrize(("sentence", "says"), TOLD)
def test_the_advice_names_a_word_that_would_tell_the_figure(sentence: str, says: str) -> None:
    messages = _messages(sentence)
    assert any(says in m for m in messages), messages


@pytest.mark.parametrize(("sentence", "never"), NOT_TOLD)
def test_near_miss_no_word_named_where_it_fits_or_has_none(sentence: str, never: str) -> None:
    messages = _messages(sentence)
    assert messages and not any(never in m for m in messages), messages
