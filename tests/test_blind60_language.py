"""Ways of writing a figure a blind tester published past check and build (blind60), each a
row that must be refused, with a near miss that must pass. In-process: a sentence in,
``(code, line, col)`` out, as check, the build and its gate read it.

* Arithmetic or a unit after a claim ("[94 s](…) times two", "multiplied by two",
  "[2.0](…) orders of magnitude", "[94 s](…) per GB", "乘以"): FX503, as "times 2" was.
* Bound words beside a claim ("in excess of", "upwards of", "north of", "逾" before; "minimum",
  "and change", "and then some", "有余", "开外", "出头" after): FX503.
* Multiplier words: "quintupled", "trebled", "quadruple speed", "is triple.", "triple NFS's
  rate", "Factor 10 faster": FX501; and (blind70) "half that of NFS", "a third that of",
  "half what it costs", "double NFS's.", "Halve", "down a third": FX501.
* A named time or a price from one number to another ("save time went from 178 to 94"),
  a price at a scale or after "Cost:", "TCO:", "retails for", "MX$", "NZ$", "half a
  millisecond", a service level or latency percentile named without a unit ("p99: 94",
  "Availability: 99.99"), decades and decibels ("2 decades", pint's logarithmic units): FX501.
"""

from __future__ import annotations

import pytest
from sitekit import library, sentence_errors

C = "[94 s](evidence:R1#save_time_fx100)"
R = "[1.9×](evidence:R1#save_speedup)"

#: (row, sentence, the code it is refused with)
REFUSED = [
    ("times a number word", f"Each save took {C} times two.", "FX503"),
    ("multiplied by", f"Each save took {C} multiplied by two.", "FX503"),
    ("divided by", f"Each save took {C} divided by three.", "FX503"),
    ("a ratio times a number word", f"Saves are {R} times three faster.", "FX503"),
    (
        "orders of magnitude",
        "Reads are [1.9](evidence:R1#save_speedup) orders of magnitude faster.",
        "FX503",
    ),
    ("per a size", f"Saves run at {C} per GB.", "FX503"),
    ("slash a size", f"Saves run at {C} / TB.", "FX503"),
    ("乘以", "保存耗时[94秒](evidence:R1#save_time_fx100)乘以二。", "FX503"),
    ("in excess of", f"Saves take in excess of {C}.", "FX503"),
    ("upwards of", f"Saves take upwards of {C}.", "FX503"),
    ("north of", f"Saves take north of {C}.", "FX503"),
    ("south of", f"Saves take south of {C}.", "FX503"),
    ("minimum after", f"Saves take {C} minimum.", "FX503"),
    ("and change", f"Saves take {C} and change.", "FX503"),
    ("and then some", f"Saves take {C} and then some.", "FX503"),
    ("有余", "保存耗时[94秒](evidence:R1#save_time_fx100)有余。", "FX503"),
    ("出头", "保存耗时[94秒](evidence:R1#save_time_fx100)出头。", "FX503"),
    ("逾", "保存耗时逾[94秒](evidence:R1#save_time_fx100)。", "FX503"),
    ("quintupled", "Throughput quintupled on NFS.", "FX501"),
    ("trebled", "Throughput trebled on NFS.", "FX501"),
    ("decupled", "Throughput decupled on NFS.", "FX501"),
    ("quadruple speed", "Saves run at quadruple speed.", "FX501"),
    ("is triple", "The cost is triple.", "FX501"),
    ("triple a name's rate", "It reads at triple NFS's rate.", "FX501"),
    ("factor before a comparison", "Factor 10 faster than NFS.", "FX501"),
    ("a named time from one number to another", "save time went from 178 to 94.", "FX501"),
    ("a price from one number to another", "Price went from 4000 to 3000.", "FX501"),
    ("costs at a scale", "The FX100 costs 4 million.", "FX501"),
    ("Cost:", "Cost: 4000", "FX501"),
    ("TCO:", "TCO: 4000", "FX501"),
    ("retails for", "It retails for 4,000.", "FX501"),
    ("MX$", "It costs MX$4000 in Mexico.", "FX501"),
    ("NZ$ spaced", "It costs NZ$ 4000 in New Zealand.", "FX501"),
    ("half a millisecond", "Latency is half a millisecond.", "FX501"),
    ("fell to a fraction", "Save time fell to a tenth.", "FX501"),
    ("shrank to a fraction", "The save time shrank to one-third.", "FX501"),
    ("an ordinal's fraction", "It uses a 10th of the power.", "FX501"),
    ("a latency percentile", "p99: 94", "FX501"),
    ("time to first token", "TTFT: 94", "FX501"),
    ("a repair time", "MTTR: 30", "FX501"),
    ("availability", "Availability: 99.99", "FX501"),
    ("a hit rate", "Hit rate: 95", "FX501"),
    ("decades", "Saves have been this fast for 2 decades.", "FX501"),
    ("decibels", "The array runs 3 decibels quieter.", "FX501"),
    # a fraction or a multiple of another system's, and "Halve" (blind70)
    ("half that of", "Load time is half that of NFS.", "FX501"),
    ("a third that of", "Latency is a third that of NFS.", "FX501"),
    ("one tenth that of", "Latency is one tenth that of NFS.", "FX501"),
    ("half what", "It costs half what cloud storage does.", "FX501"),
    ("double a name's", "Bandwidth is double NFS's.", "FX501"),
    ("Halve", "Halve checkpoint time.", "FX501"),
    ("Halve your", "Halve your storage costs.", "FX501"),
    ("down a third", "TCO down a third.", "FX501"),
    ("costs down a third", "Costs down a third.", "FX501"),
    ("down a quarter", "Power draw down a quarter.", "FX501"),
]

#: Near misses: the same words stating nothing more than the claim, or no quantity.
PASSES = [
    ("over two runs", f"Saves averaged {C} over two runs."),
    ("per a run", f"Saves take {C} per run."),
    ("plus an action", f"A save takes {C} plus a sync."),
    ("times as a word", f"Saves take {C} at times."),
    ("north of a place", f"The lab north of the city measured {C}."),
    ("the minimum of", f"The minimum save is {C}."),
    ("a triple-check", "Triple-check the config before a save."),
    ("double-sided", "The card is double-sided."),
    ("a factor's name", "Factor 10 is the name of the test."),
    ("trebled as a name", "Treble clef."),
    ("a cost in nodes", "Its cost went from 3 to 4 nodes."),  # 4 to 3: a consolidation
    ("costs a count", "It costs 3 steps."),
    ("Cost: a word", "Cost: low."),
    ("sells for a word", "It sells for a song."),
    ("costs a count at scale", "It costs 4 million users nothing."),
    ("half a year ago", "Half a year ago we met."),
    ("a third party", "It went to a third party."),
    ("a third place", "It fell to a third place finish."),
    ("a date", "On the 10th of May it shipped."),
    ("a percentile of runs", "The p99 of 3 runs is shown."),
    ("efficiency of teams", "Efficiency of 3 teams rose."),
    ("availability in words", "Availability: high."),
    ("a file named so", "See p99.md for details: 3 notes."),
    ("decades of experience", "We bring 2 decades of storage experience."),
    ("a decade ago", "A decade ago, saves took minutes."),
    # a share of people or things, near "half that of" and "down a third" (blind70)
    ("half of our customers", "Half of our customers run it."),
    ("half the team", "Half the team works remotely."),
    ("a third of respondents", "A third of respondents agreed."),
    ("half of the racks", "Half of the racks are empty."),
]


@pytest.mark.parametrize(
    ("sentence", "code"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED]
)
def test_a_figure_so_written_is_refused(sentence: str, code: str) -> None:
    assert {c for c, _, _ in sentence_errors(sentence, library())} == {code}


@pytest.mark.parametrize("sentence", [r[1] for r in PASSES], ids=[r[0] for r in PASSES])
def test_the_same_words_stating_no_more_pass(sentence: str) -> None:
    assert sentence_errors(sentence, library()) == []
