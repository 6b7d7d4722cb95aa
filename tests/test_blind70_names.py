"""Identifiers and names read as figures (blind70): an IEEE standard, an erasure code, a
MAC address, a rack's width and a drive's form factor in inch marks, an award won again,
an idiom. Each near miss beside them stays a figure.
"""

from __future__ import annotations

import pytest

from fxsite.pages.figures import find_bare_figures

NOT_FIGURES = [
    ("an IEEE standard", "WPA3 and 802.1X are supported on the management network."),
    ("an IEEE standard in Chinese", "支持IEEE 802.1X认证。"),
    ("an erasure code", "A 4+2 EC scheme stores data in 6 fragments."),
    ("a MAC address", "The MAC address looks like 00:1A:2B:3C:4D:5E."),
    ("a rack's width", 'Fits in a standard 19" rack.'),
    ("two racks' widths", 'Mounts in any 19" or 23" rack.'),
    ("a drive with its interface", 'Uses 2.5" U.2 drives.'),
    ("an award won twice", "We're a 2x Gartner Peer Insights Customers' Choice."),
    ("an award's winner", "A 3x winner of the Storage Awards."),
    ("an idiom", "Adopt a 10x mindset."),
]
FIGURES = [
    ("a time beside a standard", "802.1X sessions resume in 19 s.", ["19 s"]),
    ("a screen's size", 'A 19" monitor.', ['19"']),
    ("a ratio beside a name", "It is 2x faster than Gartner said.", ["2x"]),
    ("a speed-up", "A 10x speedup.", ["10x"]),
    ("a rate beside an erasure code", "Throughput 4+2 EC: 12 GB/s.", ["12 GB/s"]),
    ("a ratio that is no standard", "It got 1802.1x faster.", ["1802.1x"]),
    ("a partial MAC", "Saves ran at 1:34 and 00:1A.", ["00:1"]),
]


@pytest.mark.parametrize(("name", "text"), NOT_FIGURES, ids=[r[0] for r in NOT_FIGURES])
def test_a_name_is_no_figure(name: str, text: str) -> None:
    assert find_bare_figures(text) == []


@pytest.mark.parametrize(("name", "text", "figures"), FIGURES, ids=[r[0] for r in FIGURES])
def test_near_miss_is_a_figure(name: str, text: str, figures: list[str]) -> None:
    assert [f.text for f in find_bare_figures(text)] == figures
