"""The advice for figures the record states in another form (blind70).

* "The FX100 full-model snapshot save takes 1 min 34 s." (also "1m34s", "1:34") was told
  that no record states it, though R1#save_time_fx100 is 94 s: a duration in several
  units or on a clock is offered as the claim grammar writes it, in seconds.
* "Model loading is 6.2x to 9.3x faster than NFS." was two bare figures, each told that no
  record states it, though R9#load_speedup is the range 6.2–9.3×: two ratios joined by
  "to" are one range, as the claim grammar reads them; "from 2x to 4x" is a change.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fxsite.evidence.library import Library, load_library
from fxsite.pages.advice import advise
from fxsite.pages.figures import duration_in_seconds, find_bare_figures

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def demo() -> Library:
    return load_library(ROOT / "evidence", ROOT)


ADVICE = [
    ("minutes and seconds", "1 min 34 s", "The FX100 full-model snapshot save takes 1 min 34 s."),
    ("glued", "1m34s", "The FX100 full-model snapshot save takes 1m34s."),
    ("on a clock", "1:34", "The FX100 full-model snapshot save takes 1:34."),
]


@pytest.mark.parametrize(("name", "found", "sentence"), ADVICE, ids=[r[0] for r in ADVICE])
def test_a_duration_in_several_units_is_offered_in_seconds(
    demo: Library, name: str, found: str, sentence: str
) -> None:
    message = advise(found, demo, context=sentence).message
    assert message.endswith("did you mean [94 s](evidence:R1#save_time_fx100)?"), message


def test_a_range_of_ratios_is_offered_its_range(demo: Library) -> None:
    sentence = "Model loading is 6.2x to 9.3x faster than NFS."
    assert [f.text for f in find_bare_figures(sentence)] == ["6.2x to 9.3x"]
    message = advise("6.2x to 9.3x", demo, context=sentence).message
    assert "[6.2x to 9.3x](evidence:R9#load_speedup)" in message, message


SECONDS = [
    ("1 min 34 s", "94 s"),
    ("about 1:34", "about 94 s"),
    ("1:02:03", "3723 s"),
    ("2 h 30 min", "9000 s"),
    ("1.5 h 30 min", "7200 s"),
    # near misses: one unit, or not a duration
    ("94 s", None),
    ("3 minutes", None),
    ("1 min 34 GB", None),
]


@pytest.mark.parametrize(("found", "seconds"), SECONDS, ids=[r[0] for r in SECONDS])
def test_duration_in_seconds(found: str, seconds: str | None) -> None:
    assert duration_in_seconds(found) == seconds


CHANGES = [
    ("a change of ratios", "It grew from 2x to 4x.", ["2x", "4x"]),
    ("a change after an approximation", "It grew from about 2x to 4x.", ["about 2x", "4x"]),
    ("a change of times", "Saves fell from 178 s to 94 s.", ["178 s", "94 s"]),
    ("a range in signs", "Speed-ups of 6.2× to 9.3×.", ["6.2× to 9.3×"]),
]


@pytest.mark.parametrize(("name", "text", "figures"), CHANGES, ids=[r[0] for r in CHANGES])
def test_a_change_stays_two_figures(name: str, text: str, figures: list[str]) -> None:
    assert [f.text for f in find_bare_figures(text)] == figures
