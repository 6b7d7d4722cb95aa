"""Bare figures blind70 found passing that were left after its first fixes, each read as
check and build read a page (in process: :func:`sitekit.sentence_errors`), beside near
misses that stay no figure.
"""

from __future__ import annotations

import pytest
from sitekit import fixture_renderer, href_for, library, sentence_errors

from fxsite.markdown import check_page

#: (name, sentence, the columns of its FX501 findings).
FIGURES = [
    # a unit stated once in parentheses, then a verb of being (blind70 §15)
    ("unit in brackets, were", "Save times (in seconds) were 178 and 94.", [30, 38]),
    ("symbol in brackets, were", "Save times (s) were 178 and 94.", [21, 29]),
    ("unit in brackets, is", "Save time (in seconds) is 94.", [27]),
    ("zh unit, respectively", "保存时间（单位：秒）分别为178和94。", [14, 18]),
    ("zh unit, is", "保存时间（单位：秒）为94。", [12]),
    ("zh unit, colon and 和", "保存时间（单位：秒）：178和94。", [12, 16]),
    # a number in words after a named quantity, or an operation's time (blind70 §15)
    ("words after a named time", "A save time of ninety-four.", [16]),
    ("words after a label", "Save time: ninety-four.", [12]),
    ("words after a verb", "The latency is three.", [16]),
    ("words after a speed-up", "A speed-up of nine.", [15]),
    ("an operation lasting, words", "Saves take ninety-four.", [12]),
    ("an operation lasting, digits", "Saves take 94.", [12]),
    # data moved at a rate in slang, in words (blind70 §15)
    ("gigs per second", "It moves six gigs per second.", [10]),
    ("gigs a second", "It moves six gigs a second.", [10]),
    ("megs an hour", "It copies ninety megs an hour.", [11]),
    # the values a spec allows, joined by a slash: one figure (blind70, electrical specs)
    ("a spec's values", "Input: 200–240 V AC, 50/60 Hz", [8, 22]),
    ("a chain of a spec's values", "Runs at 100/120/240 V.", [9]),
    ("values after names joined alike", "Latency p50/p99: 1.1/3.4 ms on the FX tier.", [18, 22]),
    # half of another's, half saved, down to half (blind70 §2)
    ("half of the competition's", "The FX100's price is half of the competition's.", [22]),
    ("half of cloud's", "Costs are half of cloud's.", [11]),
    ("half of NFS's load time", "Half of NFS's load time.", [1]),
    ("save half on", "Save half on storage.", [6]),
    ("save up to half on", "Save up to half on storage costs.", [12]),
    ("down to half of what it was", "Energy use is down to half of what it was.", [23]),
    ("fell to half", "Costs fell to half.", [15]),
]

NOT_FIGURES = [
    ("a named quantity, one of", "Latency is one of the issues."),
    ("a named quantity, one thing", "Save time is one area we improved."),
    ("one of our priorities", "The load time is one of our priorities."),
    ("an operation's count", "Saves take 3 tries."),
    ("an operation's counts listed", "Saves take 2, 3 or 4 steps."),
    ("an operation's words, more after", "A save took one of two paths."),
    ("an operation in a heading", "Each save took 95"),
    ("an operation, the unit in the next block", "Each save took 95<div></div>s on the array."),
    ("none", "Latency is none of your concern."),
    ("gigs alone", "We played six gigs last month."),
    ("gigs of memory", "We have six gigs of RAM."),
    ("gigs a day", "The band plays two gigs a day."),
    ("gigs per day", "The band plays two gigs per day."),
    ("half of the team's engineers", "Half of the team's engineers work remotely."),
    ("half of another's things", "Half of NFS's users moved."),
    ("half of the company's", "We own half of the company's."),
    ("half of your work saved", "Save half of your work."),
    ("down to half of the team", "Staff is down to half of the team."),
    ("half of our customers' data", "Half of our customers' data is cold."),
    ("brackets naming no unit", "Results (see Table 2) were 3 and 4."),
    ("brackets naming a place", "Our teams (in Paris) were 3 and 4."),
    ("a year in brackets", "The runs (in 2024) were 3 and 4."),
    ("a count after the verb", "Tests (in seconds) were 3 runs."),
    ("a count of parts", "The cluster (in total) was 3 racks."),
    ("zh brackets naming a place", "团队（北京）为3个。"),
    # a "unit" whose digits the number would run into is none: "x86" and "4" are not "x864"
    ("a platform in brackets, a colon", "Nodes (x86): 4 and 8."),
    ("a platform in brackets, are", "Nodes (x86) are 4 and 8."),
    ("a platform in a column's header", "| Nodes (x86) |\n|---|\n| 4 |"),
    (
        "claims after the unit",
        "Save times (in seconds) were [178](evidence:R1#save_time_baseline) and "
        "[94](evidence:R1#save_time_fx100).",
    ),
]


@pytest.mark.parametrize(("name", "text", "cols"), FIGURES, ids=[r[0] for r in FIGURES])
def test_a_figure(name: str, text: str, cols: list[int]) -> None:
    assert sentence_errors(text, library()) == [("FX501", 3, col) for col in cols]


@pytest.mark.parametrize(("name", "text"), NOT_FIGURES, ids=[r[0] for r in NOT_FIGURES])
def test_near_miss_is_no_figure(name: str, text: str) -> None:
    assert sentence_errors(text, library()) == []


def test_a_spec_s_values_are_one_figure_in_their_unit() -> None:
    """ "50/60 Hz" is told as one figure, not "50" alone (offered a 50 % figure: blind70)."""

    _, findings = check_page(
        "# T\n\nInput: 200–240 V AC, 50/60 Hz\n",
        "docs/p.md",
        library(),
        href_for,
        fixture_renderer(),
    )
    assert [f.text for f in findings] == ["200–240 V", "50/60 Hz"]
