"""The advice offered a figure that shares no word with the words around it (blind72).

"five-year" in "Five-year energy model" was offered the warranty's record, and "twice as fast
as last year's model" a comparison with a competitor: no word of either figure's what or name
is among the words around. Such a figure is named, with what it is, and no claim to it is
offered; a figure that shares a word (even one that tells no figure apart: "reads") is still
offered as before, and one that fits the words is suggested.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sitekit import FIXTURE_EXTENSIONS, href_for

from fxsite.evidence.library import Library, load_library
from fxsite.markdown import PageRenderer, check_page
from fxsite.pages.advice import advise

S1 = """\
id: S1
title: AF9000 datasheet
label: spec
status: active
figures:
  warranty: {value: 5, unit: yr, what: "Hardware warranty"}
  raw_capacity: {value: 1.8, unit: PB, what: "Raw capacity, AF9000"}
"""
M1 = """\
id: M1
title: AF9000 vs StoreMax 700, lab validation
label: spec
status: active
figures:
  seq_read_af9000: {value: 48.5, unit: GB/s, what: "Sequential read throughput, AF9000"}
  seq_read_brandv: {value: 22.1, unit: GB/s, what: "Sequential read throughput, StoreMax 700"}
derived:
  read_speedup: {formula: seq_read_af9000 / seq_read_brandv, unit: "×", decimals: 1, what: "Sequential read, AF9000 over StoreMax 700"}
"""


@pytest.fixture(scope="module")
def lib(tmp_path_factory: pytest.TempPathFactory) -> Library:
    root = tmp_path_factory.mktemp("blind72")
    (root / "evidence").mkdir()
    (root / "evidence" / "S1.yaml").write_text(S1, "utf-8")
    (root / "evidence" / "M1.yaml").write_text(M1, "utf-8")
    library = load_library(root / "evidence", root)
    assert not [f for f in library.findings if f.severity == "error"], library.findings
    return library


_CLAIM = re.compile(r"\]\(evidence:([A-Za-z0-9_]+#[a-z0-9_]+)\)")

# (bare figure, its sentence, the figures a claim is offered to, what the message says)
ROWS = [
    # no word in common: named with what it is, no claim offered
    ("Five-year", "Five-year energy model, AF9000 vs StoreMax 700", [], "'Hardware warranty'"),
    ("twice", "It is twice as fast as last year's model.", [], "is 'Sequential read, AF9000"),
    # near misses: a word in common, even one of every figure of its record, offers it
    ("twice", "Reads are twice as fast.", ["M1#read_speedup"], "if one is meant"),
    ("five-year", "A five-year hardware warranty.", ["S1#warranty"], "did you mean"),
    ("twice", "It reads twice as fast as the StoreMax 700.", ["M1#read_speedup"], "did you mean"),
    # a Chinese sentence and records that say what their figures are in English only: their
    # words cannot be compared, and it is offered as before
    ("5年", "硬件保修5年。", ["S1#warranty"], "if one is meant"),
]


@pytest.mark.parametrize(("bare", "sentence", "offered", "says"), ROWS)
def test_a_claim_is_offered_only_to_a_figure_sharing_a_word(
    lib: Library, bare: str, sentence: str, offered: list[str], says: str
) -> None:
    message = advise(bare, lib, context=sentence).message
    assert [r for r in _CLAIM.findall(message) if r != "ID#figure"] == offered, message
    assert says in message, message
    if not offered:
        assert f"[{bare}](evidence:ID#figure)" in message, message


def test_the_page_tells_no_claim_to_an_unrelated_figure(lib: Library, tmp_path: Path) -> None:
    renderer = PageRenderer(FIXTURE_EXTENSIONS, {})
    page = "# T\n\nIt is twice as fast as last year's model.\n"
    findings = check_page(page, "docs/p.md", lib, href_for, renderer)[1]
    [finding] = [f for f in findings if f.severity == "error"]
    assert (finding.code, finding.line, finding.col) == ("FX501", 3, 7)
    assert "evidence:M1#read_speedup" not in finding.message, finding.message
    assert "M1#read_speedup states this value" in finding.message, finding.message
