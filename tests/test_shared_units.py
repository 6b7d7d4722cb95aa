"""blind11: a bare number joined to a claim takes the claim's unit ("from 178 to
[94 s](…)" shows '178 s'), and is refused at its own column by check and build alike
(the one page reader: :mod:`fxsite.pages.shared_units`)."""

from __future__ import annotations

import re

import pytest
from sitekit import library, sentence_errors

from fxsite.pages.shared_units import sharing_claims_units

C = "[94 s](evidence:R1#save_time_fx100)"
P = "[96%](evidence:R1#bandwidth_gain_pct)"
X = "[1.9×](evidence:R1#save_speedup)"

#: (row, sentence, each bare number refused on line 3, at its own column)
REFUSED = [
    ("from .. to", f"Save time fell from 178 to {C}.", ["178"]),
    ("between .. and", f"Save time is between 90 and {C}.", ["90"]),
    ("or", f"It takes 178 or {C}.", ["178"]),
    ("then, a chain", f"It took 178, then 120, then {C}.", ["178", "120"]),
    ("an arrow", f"Save time 178 → {C}.", ["178"]),
    ("vs.", f"Save time 178 vs. {C}.", ["178"]),
    ("a list", f"Runs took 178, 150 and {C}.", ["178", "150"]),
    ("a dash", f"Save time 178–{C}.", ["178"]),
    ("dropped by .. to", f"It dropped by 84 to {C}.", ["84"]),
    ("instead of", f"It took 178 instead of {C}.", ["178"]),
    ("(baseline: ..)", f"Save time {C} (baseline: 178).", ["178"]),
    ("(was ..)", f"Save time {C} (was 178).", ["178"]),
    (", down from ..", f"Save time {C}, down from 178.", ["178"]),
    ("a percentage", f"Gain went from 60 to {P}.", ["60"]),
    ("a ratio", f"Speed-up from 1.2 to {X}.", ["1.2"]),
    ("a parenthesis before the join", f"It went from 178 (NVMe) to {C}.", ["178"]),
    ("on .. and", f"It took 178 on the baseline and {C} on the FX100.", ["178"]),
    ("with .. but", f"Saves took 178 with NVMe but {C} with the FX100.", ["178"]),
    ("before, .. after", f"178 before, {C} after.", ["178"]),
    ("name number, name claim", f"Baseline 178, FX100 {C}.", ["178"]),
    ("earlier; now", f"It took 178 earlier; now {C}.", ["178"]),
    ("a number word", f"It fell from seventy to {C}.", ["seventy"]),
    ("a hundred", f"It fell from a hundred to {C}.", ["a hundred"]),
    ("a number word, or", f"It takes three or {C}.", ["three"]),
    ("vs. .. for a system (blind20)", f"It took {C} vs. 178 for NFS.", ["178"]),
    ("against .. on a system", f"It took {C} against 178 on NFS.", ["178"]),
    ("or .. with a system", f"It took {C} or 178 with NFS.", ["178"]),
    ("compared with .. for a system", f"It took {C}, compared with 178 for NFS.", ["178"]),
    ("up from .. last year", f"Gain {P}, up from 30 last year.", ["30"]),
    ("out of ..", f"It saves {C} out of 178.", ["178"]),
    ("(out of ..)", f"It saves {C} (out of 178).", ["178"]),
    # blind77: "out of" a possible or a total, and a number in words after it
    ("out of a possible ..", f"It saves {C} out of a possible 178.", ["178"]),
    ("out of a total of ..", f"It saves {C} out of a total of 178.", ["178"]),
    ("out of .. in words", f"It saves {C} out of seventy-eight.", ["seventy-eight"]),
    ("vs. .. in words for a system", f"It took {C} vs. seventy on NFS.", ["seventy"]),
    # blind78: another system's value named in parentheses, "rather than"
    ("(a system: ..)", f"Save took {C} (NFS: 178).", ["178"]),
    ("(a system of two words: ..)", f"Save took {C} (local NVMe: 178).", ["178"]),
    ("rather than ..", f"Save took {C} rather than 178.", ["178"]),
    ("a system's value after a comma", f"Save took {C}, NFS 178.", ["178"]),
    ("a system's clause after a semicolon", f"Save took {C}; NFS took 178.", ["178"]),
    ("where a system needed ..", f"Save took {C}, where NFS needed 178.", ["178"]),
    (
        "a ratio, a comparative, a system's",
        "It is [1.9×](evidence:R1#save_speedup) faster; Ceph is 1.4.",
        ["1.4"],
    ),
    ("a system's clause before the claim", f"NFS took 178, the FX100 {C}.", ["178"]),
    ("a system's clause, a semicolon", f"NFS took 178; the FX100 {C}.", ["178"]),
    ("a system's clause, and, a verb", f"NFS needed 178, and the FX100 took {C}.", ["178"]),
    ("what it took, a system's value", f"The FX100 took {C} to save, NFS 178.", ["178"]),
]

#: Numbers beside a claim that are their own: each must pass.
NEAR_MISSES = [
    ("or a count of its own", f"It took {C} or 3 retries."),
    ("vs. a count of its own", f"It took {C} vs. 3 runs on NFS."),
    ("a count with its noun", f"Of 8 runs, the fastest took {C}."),
    ("a year and a comma", f"In 2025, {C} was measured."),
    ("a step label", f"Step 2: {C}."),
    ("a labelled number", f"Figure 3 and {C}."),
    ("a comma only", f"In test 3, {C} was best."),
    ("a count in parentheses", f"Save time {C} (3 runs)."),
    ("a sample size", f"Save time {C} (n = 5)."),
    ("both cited", f"From [178 s](evidence:R1#save_time_baseline) to {C}."),
    ("a noun between", f"3 nodes and {C}."),
    ("a version", f"Firmware 1.5.3 to {C}."),
    ("a count on .. and", f"It ran on 8 nodes and took {C}."),
    ("a count with .. but", f"With 4 GPUs but one drive it took {C}."),
    ("a test's number, a name", f"In test 3, FX100 {C}."),
    ("a year, a name", f"In 2025, FX100 {C}."),
    ("a count, a comma, words", f"Of 8 runs, FX100 {C}."),
    ("a parenthesised count", f"Of 8 (eight) runs, it took {C}."),
    ("a count before a prepositional phrase", f"Across 3 of the runs and {C}."),
    ("a number word with its noun", f"One of the two runs took {C}."),
    ("a word inside another", f"Someone to {C}."),
    ("out of a count of its own", f"It saves {C} out of 3 runs."),
    ("out of words", f"It took {C} out of the box."),
    ("out of a possible count of its own", f"It saves {C} out of a possible three tries."),
    ("out of a count in words of its own", f"It saves {C} out of seventy runs."),
    ("or a number word that starts words", f"It saves {C}, or one of many."),
    ("a count named in parentheses", f"Save took {C} (runs: 3)."),
    ("a figure's label in parentheses", f"Save took {C} (Figure 3: 12)."),
    ("a letter's value in parentheses", f"Save took {C} (v: 2)."),
    ("a system's count of its own", f"Save took {C}, NFS took 3 runs."),
    ("a figure's label after a comma", f"Save took {C}, Figure 3 shows it."),
    ("a count after a semicolon", f"Save took {C}; GPUs 8."),
    ("a model's number", f"Save took {C}, Model 3."),
    ("a system's count before the claim", f"The baseline took 3 runs, the FX100 {C}."),
    ("what it took, a system's count", f"The FX100 took {C} to save, NFS took 3 runs."),
    ("a count before a comma and the claim", f"Of the 12, the FX100 took {C}."),
    ("a step's clause before the claim", f"Step 3 took 2 runs, the FX100 took {C}."),
    (
        "a comparative, a system's count",
        "It is [1.9×](evidence:R1#save_speedup) faster; Ceph has 3 nodes.",
    ),
]


def _at(sentence: str, number: str) -> int:
    """The column of ``number`` standing alone in ``sentence`` (not inside another)."""
    match = re.search(rf"(?<![\w.]){re.escape(number)}(?!\.?\d)", sentence)
    assert match is not None
    return match.start() + 1


@pytest.mark.parametrize(("row", "sentence", "numbers"), REFUSED, ids=[r[0] for r in REFUSED])
def test_a_number_joined_to_a_claim_takes_its_unit(
    row: str, sentence: str, numbers: list[str]
) -> None:
    cols = [_at(sentence, n) for n in numbers]
    assert sentence_errors(sentence, library()) == [("FX501", 3, col) for col in cols], row


@pytest.mark.parametrize(("row", "sentence"), NEAR_MISSES, ids=[r[0] for r in NEAR_MISSES])
def test_a_number_of_its_own_beside_a_claim_passes(row: str, sentence: str) -> None:
    assert sentence_errors(sentence, library()) == [], row


def test_the_number_is_read_with_the_claims_unit_as_written() -> None:
    text = "from 3.10 to $2.50, from 60 to 95 %"
    found = sharing_claims_units(text, ((13, 18), (31, 35)), [])
    assert [(g.found, text[g.start : g.end]) for g in found] == [("$3.10", "3.10"), ("60 %", "60")]
    assert found[0].said == "beside the claim '$2.50'"


def test_a_claim_without_a_unit_lends_none() -> None:
    assert sharing_claims_units("from 178 to 94", ((12, 14),), []) == []


B = "[178 s](evidence:R1#save_time_baseline)"
W = "[6.40](evidence:R1#bandwidth_fx100)"  # a unitless claim of a GB/s figure
#: blind69: a unitless claim joined to a claim with a unit reads in that unit ("from [12 ms]
#: to [3]" reads "3 ms"), and passed citing a GB/s figure. (row, sentence, refused: the
#: column of each unitless claim refused FX405 on line 3)
UNITLESS_CLAIMS = [
    ("to a unitless claim", f"Saves fell from {B} to {W}.", [W]),
    ("from a unitless claim", f"Saves fell from {W} to {C}.", [W]),
    (", down from", f"Saves took {C}, down from {W}.", [W]),
    ("an arrow", f"Saves: {B} → {W}.", [W]),
    # near misses: a figure in the unit lent, a word of its own, a comma, two units lent
    ("near miss: in the unit", f"Saves fell from [178](evidence:R1#save_time_baseline) to {C}.", []),
    ("near miss: vs. in the unit", f"Saves took {C} vs [178](evidence:R1#save_time_baseline) on NVMe.", []),
    ("near miss: its own word", f"Saves took {C} and {W} written each second.", []),
    ("near miss: a comma alone", f"Saves took {C}, {W} in all.", []),
    ("near miss: two units", f"From {B} and [6.40 GB/s](evidence:R1#bandwidth_fx100) to [94](evidence:R1#save_time_fx100).", []),
]  # fmt: skip


@pytest.mark.parametrize(
    ("row", "sentence", "claims"), UNITLESS_CLAIMS, ids=[r[0] for r in UNITLESS_CLAIMS]
)
def test_a_unitless_claim_joined_to_a_claim_reads_in_its_unit(
    row: str, sentence: str, claims: list[str]
) -> None:
    cols = [sentence.index(c) + 2 for c in claims]  # the claim's text, after "["
    assert sentence_errors(sentence, library()) == [("FX405", 3, col) for col in cols], row
