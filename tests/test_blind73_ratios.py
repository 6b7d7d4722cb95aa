"""Ratios against one in pages (blind73, findings 2, 3 and 11).

A bare "5-to-1", "7 to 1", "8 : 1", "10:1.0", "11:01", "twelve-to-one" or "14-for-1" of
data reduction passed check and build in prose, headings and table cells; a unitless claim
read as a ratio by the text around it ("1:[4](…)", "[4](…)-to-1", "[4](…) to 1", a header
"Reduction (N:1)", a label "Data reduction ratio:") passed; a range of ratios "3:1 to 5:1"
could not be cited, a bare "1:4" was told as '1', and "[4:1 or better](…)" was told to
keep "or better" outside the link, which is refused too. The rule and its decisions:
:mod:`fxsite.pages.to_one`.
"""

from __future__ import annotations

import pytest
from sitekit import PAGE_PATH, fixture_renderer, href_for

from fxsite.evidence.library import Library, load_library
from fxsite.findings import Finding
from fxsite.markdown import check_page
from fxsite.pages.figures import find_bare_figures
from fxsite.verify.reading import detect

_RECORD = """\
id: T1
title: TCO datasheet
label: spec
status: active
source: {issuer: Example Corp}
figures:
  reduction: {value: 4, unit: "×", what: "Data reduction ratio, typical"}
  reduction_range: {min: 3, max: 5, unit: "×", what: "Data reduction ratio range across workloads"}
  cnt4: {value: 4, unit: count, what: "Nodes"}
"""


@pytest.fixture(scope="module")
def lib(tmp_path_factory: pytest.TempPathFactory) -> Library:
    project = tmp_path_factory.mktemp("blind73")
    (project / "evidence").mkdir()
    (project / "evidence" / "T1.yaml").write_text(_RECORD, encoding="utf-8")
    loaded = load_library(project / "evidence", project)
    assert loaded.findings == []
    return loaded


def _findings(body: str, lib: Library) -> list[Finding]:
    _, findings = check_page(f"# T\n\n{body}\n", PAGE_PATH, lib, href_for, fixture_renderer())
    return [f for f in findings if f.severity == "error"]


# (page body, the bare figure the page reader refuses, as quoted)
BARE = [
    ("Data reduction: 5-to-1.", "5-to-1"),
    ("Data reduction of 6-to-1 on VDI.", "6-to-1"),
    ("Data reduction of 7 to 1 on VDI.", "7 to 1"),
    ("Reduction: 8 : 1", "8 : 1"),
    ("数据缩减 9 : 1。", "9 : 1"),
    ("Dedupe of 10:1.0.", "10:1.0"),
    ("Reduction 11:01.", "11:01"),
    ("Reduction ratio twelve-to-one.", "twelve-to-one"),
    ("Reduction ratio of thirteen to one.", "thirteen to one"),
    ("Reduction 14-for-1.", "14-for-1"),
    ("| Dedupe |\n|---|\n| 15-to-1 |", "15-to-1"),
    ("## Dedupe 16 : 1", "16 : 1"),
    ("# Data reduction of 6-to-1", "6-to-1"),
    ("Write amplification is 1:4 in tests.", "1:4"),
    ("Data reduction up to 7 to 1.", "up to 7 to 1"),
]


@pytest.mark.parametrize(("body", "figure"), BARE, ids=[r[1] for r in BARE])
def test_a_bare_ratio_against_one_is_refused(lib: Library, body: str, figure: str) -> None:
    findings = _findings(body, lib)
    assert [(f.code, f.text) for f in findings] == [("FX501", figure)], findings


@pytest.mark.parametrize(("body", "figure"), BARE, ids=[r[1] for r in BARE])
def test_the_output_gate_reads_it_with_the_same_detector(body: str, figure: str) -> None:
    """The build's gate reads published text with the page reader's detector."""
    text = body.rsplit("|", 2)[-2].strip() if body.startswith("|") else body.lstrip("# ")
    assert [s.text for s in detect(text)] == [figure]


# Near misses: no figure (a time, a score, a vote, a range, a pairing, a split, a label).
NEAR_MISSES = [
    "The meeting is at 5:01 pm.",
    "Call us at 10:30.",
    "Data reduction starts at 11:01 pm.",
    "We won 3 to 1.",
    "We won 3-to-1.",
    "A 3-to-1 vote.",
    "Read pages 5 to 10.",
    "Count down from 10 to 1.",
    "Scaled from 8 to 1 node.",
    "A 1:1 mapping.",
    "A 1-to-1 replacement.",
    "A one-to-one mapping.",
    "A many-to-one mapping.",
    "A 5-for-1 stock split.",
    "Buy 3 for 1 today.",
    "Test 3: 1 node failed.",
    "Genesis 1:4 says so.",
    "Five to one, baby, one in five.",
]


@pytest.mark.parametrize("body", NEAR_MISSES)
def test_a_near_miss_states_no_ratio(body: str) -> None:
    assert find_bare_figures(body) == []


# (page body, what the advice says): the claim to write, in the spelling a claim reads.
ADVICE = [
    ("Dedupe ratio of 4 to 1 on VDI.", "did you mean [4:1](evidence:T1#reduction)?"),
    ("Data reduction of 4 : 1.", "did you mean [4 : 1](evidence:T1#reduction)?"),
    ("Reduction 4-for-1.", "did you mean [4:1](evidence:T1#reduction)?"),
    ("Reduction 4:01.", "did you mean [4:1](evidence:T1#reduction)?"),
    (
        "Data reduction ratio of 3:1 to 5:1 across workloads.",
        "did you mean [3:1 to 5:1](evidence:T1#reduction_range)?",
    ),
    ("Reduction 11:01.", "[11:1](evidence:ID#figure)"),
    ("Write amplification is 1:4 in tests.", "[0.25:1](evidence:ID#figure)"),
    ("Data reduction up to 7 to 1.", "[up to 7:1](evidence:ID#figure)"),
]


@pytest.mark.parametrize(("body", "says"), ADVICE, ids=[r[0] for r in ADVICE])
def test_a_bare_ratio_is_told_the_claim_to_write(lib: Library, body: str, says: str) -> None:
    (finding,) = _findings(body, lib)
    assert says in finding.message, finding.message


# (page body, code, what the message says): a unitless claim the text around makes a ratio.
AROUND = [
    ("Reduction 1:[4](evidence:T1#reduction) typical.", "FX503", "read '1:4'"),
    ("Reduction [4](evidence:T1#cnt4)-to-1 typical.", "FX503", "read '4-to-1'"),
    ("Reduction [4](evidence:T1#cnt4) : 1 typical.", "FX503", "read '4 : 1'"),
    ("Reduction [4](evidence:T1#cnt4) to 1 typical.", "FX503", "('[4:1](…)')"),
    ("Reduction [4](evidence:T1#cnt4):1 typical.", "FX503", "('[4:1](…)')"),
    ("Data reduction ratio: [4](evidence:T1#cnt4).", "FX405", "'4 ×' is in × but"),
    ("| Reduction (N:1) |\n|---|\n| [4](evidence:T1#cnt4) |", "FX405", "'4 ×' is in ×"),
    ("| Reduction ratio (:1) |\n|---|\n| [4](evidence:T1#cnt4) |", "FX405", "'4 ×' is in ×"),
]


@pytest.mark.parametrize(("body", "code", "says"), AROUND, ids=[r[0] for r in AROUND])
def test_the_words_around_a_unitless_claim_make_it_a_ratio(
    lib: Library, body: str, code: str, says: str
) -> None:
    (finding,) = _findings(body, lib)
    assert finding.code == code and says in finding.message, finding


# Near misses: the ratio inside the link, or the words around it no ratio's.
CLAIMS_PASSING = [
    "Reduction [4:1](evidence:T1#reduction) typical.",
    "Reduction [4-to-1](evidence:T1#reduction) typical.",
    "| Reduction (N:1) |\n|---|\n| [4](evidence:T1#reduction) |",
    "Node count: [4](evidence:T1#cnt4).",
    "We won [4](evidence:T1#cnt4) to 1.",
    "Data reduction of [3:1 to 5:1](evidence:T1#reduction_range) across workloads.",
    "Data reduction of [3:1–5:1](evidence:T1#reduction_range) across workloads.",
    "Data reduction of [3–5×](evidence:T1#reduction_range) across workloads.",
]


@pytest.mark.parametrize("body", CLAIMS_PASSING)
def test_a_claim_that_states_its_ratio_passes(lib: Library, body: str) -> None:
    assert _findings(body, lib) == []


# (page body, code): a range of ratios misstated or backwards is refused.
CLAIMS_REFUSED = [
    ("Data reduction of [3:1 to 6:1](evidence:T1#reduction_range).", "FX403"),
    ("Data reduction of [5:1 to 3:1](evidence:T1#reduction_range).", "FX403"),
    ("Data reduction of [3:1 to 5:1](evidence:T1#reduction).", "FX403"),
]


@pytest.mark.parametrize(("body", "code"), CLAIMS_REFUSED, ids=[r[0] for r in CLAIMS_REFUSED])
def test_a_misstated_range_of_ratios_is_refused(lib: Library, body: str, code: str) -> None:
    assert [f.code for f in _findings(body, lib)] == [code]


def test_a_bound_inside_the_link_is_told_as_the_grammar_writes_it(lib: Library) -> None:
    """'[4:1 or better](…)' was told to keep 'or better' outside the link, which FX503
    refuses as a bound the record is not checked for."""
    (finding,) = _findings("Data reduction [4:1 or better](evidence:T1#reduction).", lib)
    assert finding.code == "FX403"
    assert "'[at least 4:1](…)'" in finding.message and "'[4:1](…)' alone" in finding.message
    assert "outside" not in finding.message


def test_the_advice_for_a_bound_leads_to_no_other_refusal(lib: Library) -> None:
    """Written as told, the claim passes."""
    assert _findings("Data reduction [4:1](evidence:T1#reduction).", lib) == []
