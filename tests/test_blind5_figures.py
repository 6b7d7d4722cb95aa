"""Issue 20, blind tester F: figures drawn in other characters or written in other
vocabulary are refused as the figures they draw; each row beside a near miss that passes."""

from __future__ import annotations

import pytest

from fxsite.pages.header_units import header_unit
from fxsite.verify.reading import detect, hidden_characters, multiplied


def _figures(text: str) -> list[str]:
    return [f.text for f in detect(text)]


# (case, refused sentence, the figures it must report (as folded), near miss with none)
REFUSED: list[tuple[str, str, list[str], str]] = [
    # --- typography that draws the same figure
    (
        "acute on a ratio",
        "It is 1.9\u0301x faster.",
        ["1.9\u0301x"],
        "It is r\u00e9sum\u00e9 time.",
    ),
    ("acute on seconds", "It takes 94\u0301 s.", ["94\u0301 s"], "It takes caf\u00e9 s\u0301."),
    ("acute on percent", "A 96\u0301% share.", ["96\u0301%"], "A 96\u0301 share."),
    ("keycap still", "It is 3\ufe0f\u20e3 times faster.", ["3\ufe0f\u20e3 times"], "Step 3."),
    ("hyphen U+2010", "A 10\u2010fold gain.", ["10\u2010fold"], "A many\u2010fold gain."),
    ("no-break hyphen", "A 94\u2011second save.", ["94\u2010second"], "A well\u2011known save."),
    ("figure dash", "A 10\u2012fold gain.", ["10\u2012fold"], "Pages 10\u201212."),
    ("en dash compound", "A 94\u2013second save.", ["94\u2013second"], "Runs G1\u2013G4."),
    ("minus compound", "A 10\u2212fold gain.", ["10\u2212fold"], "It is \u22124 here."),
    ("small hyphen", "A 10\ufe63fold gain.", ["10\ufe63fold"], "A ten\ufe63ish gain."),
    ("en dash range", "It is 6.2\u20139.3\u00d7 faster.", ["6.2\u20139.3\u00d7"], "Runs 2\u20134."),
    ("small capital s", "Saves 94 \ua731 per save.", ["94 s"], "A \ua731mall save."),
    ("saltire", "It is 1.9 \u2613 faster.", ["1.9 \u00d7"], "A \u2613 mark on the map."),
    ("cross arrow", "It is 1.9 \u292b faster.", ["1.9 \u00d7"], "A \u292b b."),
    ("commercial minus", "It keeps a 96 \u2052 share.", ["96 \u2052"], "A \u2052 sign."),
    (
        "spaced times sign",
        "It scales \u00d7 8 with drives.",
        ["\u00d7 8"],
        "Tiles in a 2 \u00d7 4 grid.",
    ),
    ("spaced after by", "It scales by \u00d7 8.", ["\u00d7 8"], "A 2 \u00d7 4 \u00d7 8 box."),
    ("spaced after a word", "Per drive, \u00d7 8.", ["\u00d7 8"], "It is (a \u2212 b) \u00d7 20."),
    (
        "spaced after a blank",
        "Per drive, \u00d7 8.",
        ["\u00d7 8"],
        "        \u00d7 20 = 3,560 runs",
    ),
    ("spaced after prose", "It scales \u00d7 8.", ["\u00d7 8"], "speedup \u00d7 100"),
    ("spaced after a name", "It scales \u00d7 8.", ["\u00d7 8"], "a \u00f7 E1.run_time \u00d7 100"),
    ("spaced after an operand", "It scales \u00d7 8.", ["\u00d7 8"], "a \u00f7 total \u00d7 100"),
    # --- words, fractions and multipliers
    ("spaced x before", "It is x 1.9 faster.", ["x 1.9"], "A 2 x 4 faster grid."),
    ("hyphen x", "It is 1.9-x faster.", ["1.9-x"], "The Model 3-x series."),
    ("a third cheaper", "It is a third cheaper.", ["a third"], "It is a third party."),
    ("per mille", "It fails 94 per mille.", ["94 per mille"], "It is per mille."),
    ("points, dotted", "A 5 p.p. gain.", ["5 p.p."], "See p. 5 of the report."),
    ("a dozen times", "It is a dozen times faster.", ["a dozen times"], "We ran it a dozen times."),
    ("a hundredfold", "It is a hundredfold faster.", ["hundredfold"], "A manifold gain."),
    ("counted ops", "Throughput is 94k ops.", ["94k ops"], "Our ops team."),
    ("nines in digits", "It has 5 9s of uptime.", ["5 9s"], "It answered 5 9s of calls."),
    ("euro cents", "Cost fell 94 ct.", ["94 ct"], "A ct scan."),
    ("share in words", "It fails one in three runs.", ["one in three"], "Put one in three boxes."),
    # near miss: no share cut from "4.2" ("4.2 stars" alone is a rating: blind70)
    ("share of work", "It passes 3 out of 4 runs.", ["3 out of 4"], "It passes 3 out of 4.2 runs."),
    ("share of people", "1 in 10 requests fail.", ["1 in 10"], "1 in 4 plan to adopt it."),
    (
        "share, customers",
        "It drops 1 in 1000 packets.",
        ["1 in 1000"],
        "One in three customers said so.",
    ),
    # --- money written with its sign or letters after the number
    ("euro after", "It costs 300 \u20ac a month.", ["300 \u20ac"], "It costs \u20ac a month."),
    ("euro, dot groups", "1.200 \u20ac in total.", ["1.200 \u20ac"], "Release 1.200 is out."),
    ("rouble after", "It costs 99 \u20bd.", ["99 \u20bd"], "Pay in \u20bd."),
    ("pound after", "It costs 50 \u00a3.", ["50 \u00a3"], "It is in \u00a3 only."),
    ("dollar after", "It costs 7 $ a day.", ["7 $"], "Use $HOME, not 7 $HOME."),
    ("yen after", "It costs 10 \u00a5.", ["10 \u00a5"], "Prices in \u00a5."),
    ("cent after", "It costs 99\u00a2.", ["99\u00a2"], "It costs a few \u00a2."),
    ("thousands of euros", "It costs 3.5 k\u20ac a year.", ["3.5 k\u20ac"], "Grade 3.5 k."),
    ("yen kanji", "It costs 300\u5186 a month.", ["300\u5186"], "It costs \u5186 a month."),
    ("won hangul", "It costs 300\uc6d0 a month.", ["300\uc6d0"], "\uc6d0 is Korean."),
    ("rupee after", "It costs 300\u20b9 a month.", ["300\u20b9"], "Pay in \u20b9."),
    ("Canadian dollar", "It costs CA$300 a month.", ["CA$300"], "It is in CA, $ only."),
    ("krona before", "It costs kr 300 a month.", ["kr 300"], "Ukr 300 people came."),
    ("zloty after", "It costs 300 z\u0142 a month.", ["300 z\u0142"], "A z\u0142oty."),
    ("forint after", "It costs 300 Ft a month.", ["300 Ft"], "Fly to Ft. Worth on day 3."),
]


@pytest.mark.parametrize(
    ("case", "refused", "figures", "near_miss"), REFUSED, ids=[row[0] for row in REFUSED]
)
def test_refused_and_near_miss(case: str, refused: str, figures: list[str], near_miss: str) -> None:
    assert _figures(refused) == figures, case
    assert _figures(near_miss) == [], case


# (case, text, whether an invisible character is found)
INVISIBLE: list[tuple[str, str, bool]] = [
    ("khmer vowel in a ratio", "KHM ratio 1.9\u17b4\u00d7 faster.", True),
    ("khmer vowel in seconds", "KHM time 94\u17b5s saved.", True),
    ("khmer word", "\u1780\u17b6\u179a", False),
]


@pytest.mark.parametrize(("case", "text", "found"), INVISIBLE, ids=[row[0] for row in INVISIBLE])
def test_invisible(case: str, text: str, found: bool) -> None:
    assert bool(hidden_characters(text)) is found, case


# (case, text with the claim in brackets, the multiplier beside it, or None)
BESIDE: list[tuple[str, str, str | None]] = [
    ("thousand after", "Fast: [2.0\u00d7] thousand.", "thousand"),
    ("thousand after a rate", "Reads at [6.4 GB/s] thousand.", "thousand"),
    ("wan after", "Reads at [6.4 GB/s] \u4e07.", "\u4e07"),
    ("million times", "A [2.0\u00d7] million times gain.", "million"),
    ("thousands of users", "A [2.0\u00d7] gain for thousands of users.", None),
    ("a million thanks", "It is [2.0\u00d7], a million thanks.", None),
    ("gigabit NIC", "\u5e26\u5bbd[6.4 GB/s] \u5343\u5146\u7f51\u5361", None),
]


@pytest.mark.parametrize(("case", "text", "beside"), BESIDE, ids=[row[0] for row in BESIDE])
def test_scale_word_beside_a_claim(case: str, text: str, beside: str | None) -> None:
    start = text.index("[")
    end = text.index("]") - 1
    shown = text.replace("[", "").replace("]", "")
    assert multiplied(shown, start, end) == beside, case


# (header, the unit it states for the numbers under it, a near miss that states none)
HEADERS: list[tuple[str, str, str]] = [
    ("Time (sec.)", "sec", "Time (etc.)"),
    ("Time (in s)", "s", "Year (in 2024)"),
    ("Time (s) \u2193", "s", "Run(s) \u2193"),
    ("Time (s)*", "s", "Release (v2)*"),
    ("Time (s) \u2014 lower is better", "s", "Model (2024) \u2014 notes"),
    ("Time (ms)\u00b9", "ms", "Params (B)\u00b9"),
    ("Time (ms)1", "ms", "Params (B)1"),
]


@pytest.mark.parametrize(("header", "unit", "near_miss"), HEADERS, ids=[h[0] for h in HEADERS])
def test_header_states_its_unit(header: str, unit: str, near_miss: str) -> None:
    assert header_unit(header) == unit
    assert header_unit(near_miss) is None
