"""What blind83 found of a writer's ordinary day (the demo's records).

* "Restore: under 2 minutes" was told to cite R1#save_time_baseline_min, 3 min (2.97 min:
  not under 2): a bound's advice offers only a figure on its side of the bound.
* "Saves fell from 178 to 94 seconds." was told to cite one empty claim: a change read as
  one figure is advised as two values, each claim written as its own advice would.
* "no figure's what or name shares a word with the words around it that tells it from
  other figures (it shares only baseline, save, snapshot)" read as a contradiction: the
  words it shares are told as words that tell no figure apart.
* "Restore speed is 1.9× faster than tape." was cited by ``fix`` to R1#save_speedup, a
  save's speed-up: an operation the words say and the figure's own do not holds it back.
* A rack count's bare "3" named a 3 min time and a 3.26 GB/s bandwidth as also stating
  it: a number written without a unit names only figures of the unit of the one offered.
* "$1.2 M" (a space before the scale) was told to cite an empty claim, where "$1.2M" was
  offered G1#price: the advice glues the scale where only so the claim grammar reads it.
* On a Chinese page ``fix`` rewrote nothing beside records that say what their figures are
  in English only, and said nothing of why: the advice names the records' translations.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import PAGE_PATH, href_for, library

from fxsite.evidence.library import Library, load_library
from fxsite.markdown import check_page
from fxsite.pages.advice import advise

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def demo() -> Library:
    return load_library(ROOT / "evidence", ROOT)


#: (bound as written, whether R1#save_time_baseline_min, 2.97 min shown as 3 min, is offered)
BOUNDS = [
    ("under 2 minutes", False),
    ("over 3 minutes", False),
    # near misses: the value is on the bound's side
    ("under 3 minutes", True),
    ("over 2 minutes", True),
]


@pytest.mark.parametrize(("found", "offered"), BOUNDS, ids=[b[0] for b in BOUNDS])
def test_a_bound_is_offered_only_a_figure_on_its_side(
    demo: Library, found: str, offered: bool
) -> None:
    message = advise(found, demo, context=f"Baseline save: {found}.").message
    assert ("R1#save_time_baseline_min" in message) is offered, message


SAVES = "Snapshot saves fell from {} on the FX100."


def test_a_change_read_as_one_figure_is_advised_as_two_values(demo: Library) -> None:
    _, found = check_page(
        f"# T\n\n{SAVES.format('178 to 94 seconds')}\n", PAGE_PATH, demo, href_for
    )
    assert [(f.code, f.text) for f in found] == [("FX501", "178 to 94 seconds")]
    both = (
        "from [178 seconds](evidence:R1#save_time_baseline) to "
        "[94 seconds](evidence:R1#save_time_fx100)"
    )
    assert f"is two figures, not one range: cite each, {both}" in found[0].message
    # the advice followed passes
    _, found = check_page(
        f"# T\n\n{SAVES.format(both.removeprefix('from '))}\n", PAGE_PATH, demo, href_for
    )
    assert [f for f in found if f.severity == "error"] == []


@pytest.mark.parametrize(
    "sentence",
    ["Latency ranges from 4 to 64 ms.", "Latency is 4 to 64 ms.", "It varies from 4 to 64 ms."],
)
def test_a_range_is_still_advised_as_one_claim(demo: Library, sentence: str) -> None:
    message = advise("4 to 64 ms", demo, context=sentence).message
    assert "[4 to 64 ms](evidence:ID#figure)" in message and "two figures" not in message


def test_words_shared_are_not_told_as_no_word_shared(demo: Library) -> None:
    message = advise("178 s", demo, context="Saves took 178 s.").message
    assert "the words around it share no word with its what or name that tells it" in message
    assert "(it shares only saves;" in message and "shares a word" not in message, message
    # near miss: no word shared at all is told so
    message = advise("178 s", demo, context="Lunch took 178 s.").message
    assert "no figure's what or name shares a word with the words around it" in message


#: (sentence, the claim written or None, what the advice says against it)
OPERATIONS = [
    ("Restore speed is 1.9× faster than tape.", None, "say 'restore' where its own say 'save'"),
    ("Restore speed of the FX100 is 1.9× the NFS's.", None, "say 'restore' where its own say"),
    ("Backup speed: 1.9×.", None, "say 'backup' where its own say 'save'"),
    # only words that tell no figure apart shared: no claim written, as before
    ("The FX100 recovers 1.9× faster.", None, "it shares only fx100"),
    # near misses: the figure's own operation, or a load that is no loading
    ("Snapshot saves are 1.9× faster.", "[1.9×](evidence:R1#save_speedup)", ""),
    ("Snapshot saves are 1.9× faster under load.", "[1.9×](evidence:R1#save_speedup)", ""),
    ("Snapshot saves and restores are 1.9× faster.", "[1.9×](evidence:R1#save_speedup)", ""),
]


@pytest.mark.parametrize(
    ("sentence", "claim", "against"), OPERATIONS, ids=[r[0] for r in OPERATIONS]
)
def test_an_operation_the_figure_does_not_name_holds_its_claim_back(
    demo: Library, sentence: str, claim: str | None, against: str
) -> None:
    told = advise("1.9×", demo, context=sentence)
    assert told.markdown == claim, told.message
    assert against in told.message


_COUNTS = """\
id: X1
label: spec
status: active
title: Racks of the FX100
setup:
  system: FX100
figures:
  racks_fx100: {value: 3, unit: count, what: "Racks needed, FX100"}
  spares: {value: 3, unit: count, what: "Spare drives kept on site"}
  speedup: {value: 3, unit: "×", what: "Speed-up"}
"""


def test_a_number_without_a_unit_names_figures_of_the_offered_unit_only(
    tmp_path: Path,
) -> None:
    (tmp_path / "evidence").mkdir()
    (tmp_path / "evidence" / "X1.yaml").write_text(_COUNTS, "utf-8")
    lib = load_library(tmp_path / "evidence", tmp_path)
    message = advise("3", lib, context="The FX100 needs 3 racks.").message
    # X1#speedup, 3×, is no count; X1#spares, a count, is still named (a near miss)
    assert message.endswith(
        "did you mean [3](evidence:X1#racks_fx100)? (also states this value: X1#spares)"
    ), message


GRAMMAR = ROOT / "tests" / "fixtures" / "grammar"


@pytest.mark.parametrize(
    ("found", "told"),
    [
        ("$1.2 M", "did you mean [$1.2M](evidence:G1#price)?"),
        ("$1.2\u00a0M", "did you mean [$1.2M](evidence:G1#price)?"),
        # near misses: written as the grammar reads it, or a scale with no quantity
        ("$1.2M", "did you mean [$1.2M](evidence:G1#price)?"),
        ("1.2 M USD", "did you mean [1.2 M USD](evidence:G1#price)?"),
        ("3 B", "cite its record as [3 B](evidence:ID#figure)"),
    ],
)
def test_a_spaced_scale_is_offered_the_claim_glued(found: str, told: str) -> None:
    lib = load_library(GRAMMAR / "evidence", GRAMMAR)
    message = advise(found, lib, context=f"The list price is {found}.").message
    assert message.endswith(told) or told in message, message


@pytest.mark.parametrize(
    ("sentence", "told"),
    [
        ("保存时间为178秒。", True),
        ("Lunch took 178 s.", False),  # near miss: English words, which the record has
    ],
)
def test_a_chinese_sentence_is_told_of_the_records_translations(sentence: str, told: bool) -> None:
    # the fixture's records say what their figures are in English only (the demo's have
    # Chinese words too)
    found = "178秒" if "秒" in sentence else "178 s"
    message = advise(found, library(), context=sentence).message
    assert ("`translations: {zh: {what: …}}` in a record" in message) is told, message
