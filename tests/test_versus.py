"""A figure is shown with its record's baseline ("vs …" in its tooltip, "Baseline" in its
evidence card) only where it compares against it: a ratio, a figure naming the baseline,
or one derived from such a figure (blind72, finding 13: "2.4M IOPS", the product's own
result, was shown with "Baseline: Brand V StoreMax 700")."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from sitekit import href_for, library

from fxsite.evidence.library import load_library
from fxsite.evidence.versus import compares
from fxsite.pages.claims import Claim, render_claim, resolve_claim, tooltip

VS = "vs local NVMe single drive"


def _claim(ref: str, lang: str = "en") -> Claim:
    result = resolve_claim("", f"evidence:{ref}", library(), lang=lang)
    assert isinstance(result, Claim), result
    return result


@pytest.mark.parametrize(
    ("ref", "shown"),
    [
        ("R1#save_speedup", True),  # a ratio, derived
        ("R1#load_speedup", True),  # a ratio, stated
        ("R1#save_time_baseline", True),  # its what names the baseline
        ("R1#bubble_share", True),  # derived from a figure of the baseline
        ("R1#bandwidth_gain_pct", True),  # a gain is against something
        # near misses: the product's own results compare against nothing
        ("R1#save_time_fx100", False),
        ("R1#bandwidth_fx100", False),
        ("R1#run_total", False),
        ("E1#saves", False),  # an estimate's count
    ],
)
def test_the_baseline_is_shown_only_with_a_comparison(ref: str, shown: bool) -> None:
    claim = _claim(ref)
    assert (VS in tooltip(claim, library())) is shown
    a = BeautifulSoup(render_claim(claim, library(), href_for), "html.parser").a
    assert a is not None and (a.get("data-fx-compares") == "true") is shown
    assert compares(library().figures[ref], library()) is shown


def test_the_same_decision_in_every_language() -> None:
    assert "对比 local NVMe single drive" in tooltip(_claim("R1#save_speedup", "zh"), library())
    assert "对比" not in tooltip(_claim("R1#save_time_fx100", "zh"), library())


RECORD = """\
id: M1
title: Array test
label: measured
status: active
setup:
  baseline: {baseline}
figures:
  iops_af9000: {{value: 2400000, unit: IOPS, what: "Random read IOPS, AF9000"}}
  lat_brandv: {{value: 0.52, unit: ms, what: "Average latency, Brand V StoreMax 700"}}
  lat_af9000: {{value: 0.148, unit: ms, what: "Average latency, AF9000"}}
derived:
  lat_cut: {{formula: (lat_brandv - lat_af9000) / lat_brandv * 100, unit: "%", decimals: 0}}
  lat_ratio: {{formula: lat_af9000 / lat_af9000, unit: "×", decimals: 0}}
"""


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("lat_brandv", True),  # its what names the baseline's leading words
        ("lat_cut", True),  # derived from it
        ("lat_ratio", True),  # a ratio
        # near misses: the AF9000's own results
        ("iops_af9000", False),
        ("lat_af9000", False),
    ],
)
def test_a_figure_names_the_baseline_by_its_leading_words(
    name: str, shown: bool, tmp_path: Path
) -> None:
    (tmp_path / "evidence").mkdir()
    text = RECORD.format(baseline='"Brand V StoreMax 700, same host and fabric"')
    (tmp_path / "evidence" / "M1.yaml").write_text(text, "utf-8")
    lib = load_library(tmp_path / "evidence", tmp_path)
    assert [f for f in lib.findings if f.severity == "error"] == []
    assert compares(lib.figures[f"M1#{name}"], lib) is shown


def test_no_baseline_no_comparison(tmp_path: Path) -> None:
    (tmp_path / "evidence").mkdir()
    text = RECORD.format(baseline="not stated").replace("Brand V StoreMax 700", "the old array")
    (tmp_path / "evidence" / "M1.yaml").write_text(text, "utf-8")
    lib = load_library(tmp_path / "evidence", tmp_path)
    assert not any(compares(fig, lib) for fig in lib.figures.values())


def test_a_hostile_baseline_is_escaped_where_it_is_shown(tmp_path: Path) -> None:
    """The hostile fixture's own figure compares against nothing: its baseline is tried here."""
    (tmp_path / "evidence").mkdir()
    text = RECORD.format(baseline='"<img src=x onerror=alert(2)> [go](javascript:alert(3))"')
    (tmp_path / "evidence" / "M1.yaml").write_text(text, "utf-8")
    lib = load_library(tmp_path / "evidence", tmp_path)
    claim = resolve_claim("", "evidence:M1#lat_ratio", lib)
    assert isinstance(claim, Claim)
    parsed = BeautifulSoup(render_claim(claim, lib, href_for), "html.parser")
    assert parsed.find("img") is None and parsed.a is not None
    assert "vs <img src=x onerror=alert(2)> [go](javascript:alert(3))" in str(parsed.a["title"])


# blind73, finding 5: a ratio of the product's own showed the competitor as its baseline,
# and relative changes in words the list lacked ("less", "cut") hid theirs.
WORDS = """\
id: C2
title: Compare test
label: spec
status: active
setup:
  baseline: Brand V StoreMax 700
figures:
  latency_reduction: {value: 30, unit: "%", what: Latency reduction}
  lower_latency: {value: 30, unit: "%", what: Lower latency}
  time_saved: {value: 84, unit: s, what: Time saved per save}
  throughput: {value: 2, unit: "×", what: Throughput}
  reduction: {value: 4, unit: "×", what: Data reduction ratio}
  compression: {value: 2, unit: "×", what: "Compression, typical"}
  amplification: {value: 1.1, unit: "×", what: Write amplification factor}
  reduction_vs: {value: 2, unit: "×", what: "Data reduction ratio vs Brand V"}
  power: {value: 30, unit: "%", what: Less power}
  tco: {value: 30, unit: "%", what: TCO savings}
  not_against: {value: 2, unit: "×", what: "Speed-up of saves (not against the baseline)"}
  absolute: {value: 84, unit: s, what: "Time saved per save, absolute"}
  cut: {value: 30, unit: "%", what: Latency cut}
  fewer: {value: 40, unit: "%", what: Fewer drives}
  chinese_reduction: {value: 4, unit: "×", what: 数据缩减比}
  chinese_less: {value: 30, unit: "%", what: 功耗减少}
  said_yes: {value: 96, unit: TB, what: Usable capacity, vs_baseline: true}
  said_no: {value: 2, unit: "×", what: Throughput, vs_baseline: false}
  iops: {value: 2400000, unit: IOPS, what: Random read IOPS}
derived:
  said_no_derived: {formula: time_saved * 2, unit: s, decimals: 0, vs_baseline: false}
  from_saved: {formula: time_saved * 2, unit: s, decimals: 0}
"""


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("latency_reduction", True),
        ("lower_latency", True),
        ("time_saved", True),
        ("throughput", True),  # a ratio
        ("reduction_vs", True),  # a ratio of its own, against something
        ("power", True),  # "less"
        ("tco", True),
        ("cut", True),
        ("fewer", True),
        ("chinese_less", True),
        ("said_yes", True),  # the record says so
        ("from_saved", True),  # derived from a comparison
        # near misses: a ratio of the product's own, a denial, the record's word, its result
        ("reduction", False),
        ("compression", False),
        ("amplification", False),
        ("chinese_reduction", False),
        ("not_against", False),
        ("absolute", False),
        ("said_no", False),
        ("said_no_derived", False),
        ("iops", False),
    ],
)
def test_what_compares_by_its_words_or_the_records_word(
    name: str, shown: bool, tmp_path: Path
) -> None:
    (tmp_path / "evidence").mkdir()
    (tmp_path / "evidence" / "C2.yaml").write_text(WORDS, "utf-8")
    lib = load_library(tmp_path / "evidence", tmp_path)
    assert [f for f in lib.findings if f.severity == "error"] == []
    assert compares(lib.figures[f"C2#{name}"], lib) is shown
