"""Wordings of figures that passed (blind70): "times sooner", orders of magnitude and
hundreds of times compared, a time saved on each of something, half price. Each beside a
near miss that stays no figure.
"""

from __future__ import annotations

import pytest

from fxsite.pages.figures import find_bare_figures

FIGURES = [
    ("times sooner", "Loads finish nine times sooner.", ["nine times"]),
    ("a range, sooner", "Model loads finish six to nine times sooner.", ["six to nine times"]),
    ("digits, sooner", "Loads finish 9 times sooner.", ["9 times"]),
    ("orders of magnitude", "Orders of magnitude faster.", ["Orders of magnitude"]),
    ("hundreds of times", "Hundreds of times faster than NFS.", ["Hundreds of times"]),
    ("dozens of times", "Dozens of times faster.", ["Dozens of times"]),
    ("a minute saved", "Saves a minute per checkpoint.", ["a minute"]),
    ("an hour saved", "Saves an hour per run.", ["an hour"]),
    ("an hour a day", "Saves an hour a day.", ["an hour"]),
    ("a second cut", "It cuts a second off each save.", ["a second"]),
    ("half price", "Ingest at half price.", ["half price"]),
    ("half-price", "Half-price ingest.", ["Half-price"]),
]
NOT_FIGURES = [
    ("sooner alone", "See you sooner."),
    ("times counted", "It ran 9 times, sooner than planned."),
    ("hundreds of times counted", "We tested it hundreds of times."),
    ("orders of magnitude of data", "Orders of magnitude of data."),
    ("a minute taken", "Take a minute per step."),
    ("a day of work", "Saves a day of work."),
    ("half of the price", "Half of the price."),
]


@pytest.mark.parametrize(("name", "text", "figures"), FIGURES, ids=[r[0] for r in FIGURES])
def test_a_figure(name: str, text: str, figures: list[str]) -> None:
    assert [f.text for f in find_bare_figures(text)] == figures


@pytest.mark.parametrize(("name", "text"), NOT_FIGURES, ids=[r[0] for r in NOT_FIGURES])
def test_near_miss_is_no_figure(name: str, text: str) -> None:
    assert find_bare_figures(text) == []
