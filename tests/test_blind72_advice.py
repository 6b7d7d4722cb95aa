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


#: (stats line, what its FX604 says it lacks)
STATS_LINES = [
    ("[1.9×](evidence:R1#save_speedup) faster saves", "its context is not after ' | '"),
    ("1.9× | faster saves", "the line does not start with its claim"),
    (
        "[1.9×](https://x.example/) | faster",
        "its link goes to 'https://x.example/', not to a record's figure",
    ),
]


@pytest.mark.parametrize(("line", "lacks"), STATS_LINES)
def test_a_stats_lines_error_says_what_it_lacks(line: str, lacks: str) -> None:
    """blind72: the message gave the shape with the demo's words, not what the line missed."""
    from sitekit import href_for as link

    from fxsite.pages.stats import render_stats

    _, _, found = render_stats(line, "docs/p.md", 3, library(), link)
    shape = [f.message for f in found if f.code == "FX604"]
    assert len(shape) == 1 and shape[0].startswith(lacks + ": a stats line"), shape
    assert "checkpoint" not in shape[0]


def test_near_miss_a_stats_line_of_its_shape_has_no_error() -> None:
    from sitekit import href_for as link

    from fxsite.pages.stats import render_stats

    assert (
        render_stats("[1.9×](evidence:R1#save_speedup) | faster", "p.md", 3, library(), link)[2]
        == []
    )
