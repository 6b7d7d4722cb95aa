"""Bare figures that check and build both published (blind74, findings 1, 3, 4, 5 and 6).

A ratio spaced before its colon only ("4 :1"), written with a look-alike colon ("4﹕1",
"4˸1") or in Chinese words ("数据缩减比四比一"), in a page or a record's words;
e-notation glued to its "x" ("1e3x", "2E1X", "1e400x"), an exponent past three digits
("2.4e999999 IOPS") and a power of ten in superscript before "x" ("10³x", MathML
``<msup>``). The rules and their decisions: :mod:`fxsite.pages.to_one`,
:data:`fxsite.pages.figure_vocab.NUM`.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from sitekit import FIXTURE_EXTENSIONS, PAGE_PATH, fixture_renderer, href_for, library

from fxsite.evidence.library import load_library
from fxsite.findings import Finding
from fxsite.markdown import PageRenderer, check_page
from fxsite.pages.figures import find_bare_figures
from fxsite.pages.record_text import record_text_findings


def _errors(body: str) -> list[Finding]:
    _, findings = check_page(f"# T\n\n{body}\n", PAGE_PATH, library(), href_for, fixture_renderer())
    return [f for f in findings if f.severity == "error"]


# (page body, the bare figure refused, as quoted)
BARE = [
    # finding 1: ratios against one
    ("Reduction 4 :1.", "4 :1"),
    ("Data reduction 4﹕1.", "4﹕1"),
    ("Data reduction 4˸1.", "4˸1"),
    ("Data reduction 4︓1.", "4︓1"),
    ("数据缩减比四比一。", "四比一"),
    ("压缩比达到4比1。", "4比1"),
    # finding 3: e-notation glued to its "x", long exponents, superscript powers of ten
    ("It is 1e3x faster.", "1e3x"),
    ("It is 2E1X faster.", "2E1X"),
    ("Speed-up: 1e3x.", "1e3x"),
    ("It is 1.9e0x faster.", "1.9e0x"),
    ("It is 1e400x faster.", "1e400x"),
    ("It peaks at 2.4e999999 IOPS.", "2.4e999999 IOPS"),
    ("It is 10³x faster.", "10³x"),
    ("It is 10³× faster.", "10³×"),
    ("<math><msup><mn>10</mn><mn>3</mn></msup><mi>x</mi></math> faster", "10³x"),
]


@pytest.mark.parametrize(("body", "figure"), BARE, ids=[r[0] for r in BARE])
def test_a_bare_figure_is_refused(body: str, figure: str) -> None:
    findings = _errors(body)
    assert [(f.code, f.text) for f in findings] == [("FX501", figure)], findings


# Near misses: no figure.
NEAR_MISSES = [
    "Test 3: 1 node failed.",
    "比分四比一。",
    "他们以四比一获胜。",
    "e.g. 1e3 is a number format.",
    "Set it to 1e3 or more.",
    "Pick the 1e3xlarge tier.",
    "We have 10³ users.",
    "An x86 build of 1e3.",
]


@pytest.mark.parametrize("body", NEAR_MISSES)
def test_a_near_miss_states_no_figure(body: str) -> None:
    assert _errors(body) == []


_RECORD = """\
id: N1
title: Notes test
label: spec
status: active
source: {issuer: Example Corp}
setup:
  dedupe: "typically 4 :1"
figures:
  reduction: {value: 4, unit: "×", what: "Data reduction"}
notes: |
  Compression reaches 3.5﹕1 on logs.
"""


def test_a_records_words_are_read_by_the_same_detector(tmp_path: Path) -> None:
    """A record's setup value and notes go through the page reader's detector."""
    (tmp_path / "evidence").mkdir()
    (tmp_path / "evidence" / "N1.yaml").write_text(_RECORD, encoding="utf-8")
    lib = load_library(tmp_path / "evidence", tmp_path)
    found = record_text_findings(lib, tmp_path)
    assert [(f.code, f.text, f.line) for f in found] == [
        ("FX501", "4 :1", 7),
        ("FX501", "3.5﹕1", 11),
    ]


def test_a_huge_exponent_costs_no_time() -> None:
    """The exponent is read, never evaluated: a million-digit power of ten is no work."""
    started = time.process_time()
    body = "It is 1e99999999x faster and 2.4e999999999 IOPS."
    assert [f.text for f in _errors(body)] == ["1e99999999x", "2.4e999999999 IOPS"]
    assert time.process_time() - started < 2


@pytest.mark.parametrize("text", ["1e" + "9" * 5000 + "x", "1e" + "9" * 5000 + "q"])
def test_a_long_exponent_is_read_once(text: str) -> None:
    started = time.process_time()
    find_bare_figures(text)
    assert time.process_time() - started < 1


# Finding 4: (page body, the bare figures refused): a named quantity's value.
NAMED = [
    ("Save time went from 178 → 94.", ["178", "94"]),
    ("Save time went from 178 -> 94.", ["178", "94"]),
    ("Save time: 178 → 94.", ["178", "94"]),
    ("Save time: 178 → 120 → 94.", ["178", "120", "94"]),
    ("Save time: ~94.", ["~94"]),
    ("Save time: about 94.", ["about 94"]),
    ("Save time: ≈94.", ["≈94"]),
    ("Latency p99 = 94.", ["94"]),
    ("恢复时间：600。", ["600"]),
    ("保存时间：94。", ["94"]),
    ("保存时间: 94。", ["94"]),
    ("保存时间为94。", ["94"]),
    ("保存时间达到94。", ["94"]),
    ("保存时间从178降到94。", ["178", "94"]),
]


@pytest.mark.parametrize(("body", "figures"), NAMED, ids=[r[0] for r in NAMED])
def test_a_named_quantitys_value_is_refused(body: str, figures: list[str]) -> None:
    findings = _errors(body)
    assert [(f.code, f.text) for f in findings] == [("FX501", t) for t in figures], findings


@pytest.mark.parametrize("unit", ["", " s"])
@pytest.mark.parametrize("sign", ["~", "about ", "≈"])
def test_an_approximate_value_is_told_a_claim_that_passes(sign: str, unit: str) -> None:
    """The claim advised, written as told, passes: '~[94 s](…)' is FX503 (a sign glued to a
    claim), so a glued sign goes inside the link, '[~94 s](…)'; a word stays outside."""
    (finding,) = _errors(f"Save time is {sign}94{unit}.")
    told = re.search(r"\S*\s?\[[^]]+\]\(evidence:R1#save_time_fx100\)", finding.message)
    assert told is not None, finding.message
    advised = told.group().lstrip("(")
    assert not advised.startswith(("~", "≈")), advised
    assert _errors(f"Save time is {advised}.") == []


# Near misses: a count of what it names, years, a date, a word, an arrow of no named value.
NAMED_NEAR_MISSES = [
    "Save time: about 3 steps.",
    "Save time went from 2019 → 2023.",
    "Save time: see step 3.",
    "Latency p99 = the 99th percentile.",
    "保存时间：2024年3月起生效。",
    "时间：94。",
    "保存时间的设置见第3节。",
    "Step 3 → step 4 reduces save time.",
    "Save time: about [94](evidence:R1#save_time_fx100).",
    "Save time: [~94](evidence:R1#save_time_fx100).",
]


@pytest.mark.parametrize("body", NAMED_NEAR_MISSES)
def test_a_named_near_miss_states_no_figure(body: str) -> None:
    assert _errors(body) == []


# Finding 5: (page body, the bare figures refused) a units row first under the header.
UNITS_ROW = [
    ("| Time |\n|---|\n| s |\n| 94 |", ["94"]),
    ("| Time | Size |\n|---|---|\n| s | GB |\n| 94 | 12 |", ["94", "12"]),
    ("| Name | Time |\n|---|---|\n| s | s |\n| FX100 | 94 |", ["94"]),
]
# Near misses: a table of units, a unit alone, a units row that is not the first.
UNITS_ROW_NEAR_MISSES = [
    "| Unit | Meaning |\n|---|---|\n| s | seconds |\n| ms | milliseconds |",
    "| Run |\n|---|\n| s |",
    "| Time |\n|---|\n| 94 |\n| s |\n| 96 |",
]


@pytest.mark.parametrize(("body", "figures"), UNITS_ROW, ids=[r[0] for r in UNITS_ROW])
def test_a_first_row_of_units_states_its_columns_units(body: str, figures: list[str]) -> None:
    findings = _errors(body)
    assert [(f.code, f.text) for f in findings] == [("FX501", t) for t in figures], findings
    assert all("'units' row says" in f.message for f in findings)


@pytest.mark.parametrize("body", UNITS_ROW_NEAR_MISSES)
def test_a_units_row_near_miss_states_no_figure(body: str) -> None:
    assert _errors(body) == []


def _tabbed(alternate: bool) -> PageRenderer:
    return PageRenderer(
        [*FIXTURE_EXTENSIONS, "pymdownx.tabbed"],
        {"pymdownx.tabbed": {"alternate_style": alternate}},
    )


_TAB = '=== "{label}"\n\n    | System | {column} |\n    |---|---|\n    | FX100 | {value} |'


@pytest.mark.parametrize("alternate", [True, False])
@pytest.mark.parametrize(
    ("label", "column", "value", "figures"),
    [
        ("Save time (s)", "Value", "94", ["94"]),
        ("Results", "Value", "94", []),  # a label that states no unit
        ("Save time (s)", "Runs", "3", []),  # a column of things counted
    ],
)
def test_a_tab_label_states_a_unit_for_the_table_in_its_panel(
    alternate: bool, label: str, column: str, value: str, figures: list[str]
) -> None:
    body = _TAB.format(label=label, column=column, value=value)
    _, findings = check_page(f"# T\n\n{body}\n", PAGE_PATH, library(), href_for, _tabbed(alternate))
    assert [(f.code, f.text) for f in findings] == [("FX501", t) for t in figures], findings
    assert all(f"under the caption '{label}'" in f.message for f in findings)


# Finding 6 (low): (page body, the bare figures refused) the forms that fit existing rules.
LOW = [
    ("Save time (see note): 94.", ["94"]),
    ("Latency (p99): 12.", ["12"]),
    ("Save time — 94 — seconds.", ["94"]),
    ("Save time: ninety four.", ["ninety four"]),
    ("| Time (ѕ) |\n|---|\n| 94 |", ["94"]),
    ("<math><mfrac><mn>1</mn><mn>2</mn></mfrac><mtext> the time</mtext></math>", ["1⁄2"]),
]
LOW_NEAR_MISSES = [
    "Save time – 3 tips to cut it.",
    "Save time — see below.",
    "Save time: ninety of them.",
    "Chapter IV covers it.",
    "<math><mfrac><mi>a</mi><mi>b</mi></mfrac></math> of the load",
]


@pytest.mark.parametrize(("body", "figures"), LOW, ids=[r[0] for r in LOW])
def test_a_low_severity_form_is_refused(body: str, figures: list[str]) -> None:
    findings = _errors(body)
    assert [(f.code, f.text) for f in findings] == [("FX501", t) for t in figures], findings


@pytest.mark.parametrize("body", LOW_NEAR_MISSES)
def test_a_low_severity_near_miss_states_no_figure(body: str) -> None:
    assert _errors(body) == []


@pytest.mark.parametrize(
    ("body", "figures"),
    [
        ("Save time\n:   94\n:   seconds", ["94"]),
        ("Save time\n:   94", ["94"]),
        ("Save time\n:   See the table.", []),
        ("Save time\n:   3 runs", []),
        ("Notes\n:   94", []),
    ],
)
def test_a_definition_terms_named_quantity_governs_its_numbers(
    body: str, figures: list[str]
) -> None:
    renderer = PageRenderer([*FIXTURE_EXTENSIONS, "def_list"], {})
    _, findings = check_page(f"# T\n\n{body}\n", PAGE_PATH, library(), href_for, renderer)
    assert [(f.code, f.text) for f in findings] == [("FX501", t) for t in figures], findings
