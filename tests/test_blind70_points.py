"""A share's change in points, and a currency's sign in small letters inside a word
(blind70 and what trying its rows found).

* "Bubble share falls by 4.7 points.", "Utilization rose 12 points." passed bare, while
  "4.7 points lower" was a figure: a number of points after a word of change is one.
* "Select 5 items." was refused as "ct 5" (euro cents): a sign written in small letters
  ("ct", "kr", "Rs") starts a word; a code in capitals may still be glued ("costsUSD 300").
"""

from __future__ import annotations

import pytest

from fxsite.pages.figures import find_bare_figures

FIGURES = [
    ("falls by points", "Bubble share falls by 4.7 points.", ["4.7 points"]),
    ("rose points", "Utilization rose 12 points.", ["12 points"]),
    ("improved by points", "GPU utilization improved by 12 points.", ["12 points"]),
    ("up points", "Up 3 points from last year.", ["3 points"]),
    ("points lower, as before", "The bubble share is 4.7 points lower.", ["4.7 points"]),
    ("cents after a price word", "It costs ct 94.", ["ct 94"]),
    ("a code glued", "It costsUSD 300.", ["USD 300"]),
    ("crowns", "Pay kr 300.", ["kr 300"]),
]
NOT_FIGURES = [
    ("points scored", "We scored 12 points."),
    ("points of a list", "The list has 12 points."),
    ("a word ending in ct", "Select 5 items."),
    ("another", "Connect 2 cables to port 3."),
    ("and another", "Protect 3 sites with one array."),
]


@pytest.mark.parametrize(("name", "text", "figures"), FIGURES, ids=[r[0] for r in FIGURES])
def test_a_figure(name: str, text: str, figures: list[str]) -> None:
    assert [f.text for f in find_bare_figures(text)] == figures


@pytest.mark.parametrize(("name", "text"), NOT_FIGURES, ids=[r[0] for r in NOT_FIGURES])
def test_near_miss_is_no_figure(name: str, text: str) -> None:
    assert find_bare_figures(text) == []
