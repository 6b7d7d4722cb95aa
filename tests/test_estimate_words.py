"""An estimate's title or a figure's ``what`` that says it was measured is refused (FX319,
blind71): "Lab-measured save test" on an estimate made its claims read as a measurement.
Near misses pass: denied ("not measured"), naming what the model reads ("from measured
record R1"), in the notes or setup, or on a record that is measured.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fxsite.evidence.library import load_library

RECORD = """\
id: E1
title: {title}
label: {label}
status: active
setup:
  per_save_times: taken from measured record R1
figures:
  save: {{value: 95, unit: s, what: "{what}"}}
derived:
  twice: {{formula: save * 2, unit: s, decimals: 0, what: "{derived}"}}
notes: A model, not a measurement; a joint test replaces it with measurements.
"""

PLAIN = {"title": "Save model", "label": "estimate", "what": "Save time", "derived": "Two saves"}

REFUSED = [
    ("a measured title", {"title": "Lab-measured save test (independent lab report)"}, 2),
    ("a what measured in the lab", {"what": "Save time as measured in the lab"}, 8),
    ("a derived what benchmarked", {"derived": "Two saves, benchmarked"}, 10),
    ("a test result", {"what": "Save time (test result)"}, 8),
    ("in Chinese", {"title": "实测保存时间"}, 2),
    ("denied an estimate (blind73)", {"what": "Save time, not estimated"}, 8),
    ("as tested (blind73)", {"derived": "Two saves, as tested"}, 10),
]
PASSED = [
    ("denied", {"title": "Save model (not measured)"}),
    ("no measurement", {"what": "Save time, no measurement"}),
    ("what the model reads", {"what": "Save time from measured record R1"}),
    ("based on results", {"derived": "Two saves based on lab results"}),
    ("a measured record", {"title": "Lab-measured save test", "label": "measured"}),
    ("plain words", {}),
    ("what the model leaves out (blind73)", {"what": "Save time (I/O not modelled)"}),
    ("a benchmark workload (blind73)", {"title": "Save model of the benchmark workload"}),
]


def _findings(tmp_path: Path, fields: dict[str, str]) -> list[tuple[str, int]]:
    (tmp_path / "evidence").mkdir()
    text = RECORD.format(**{**PLAIN, **fields})
    (tmp_path / "evidence" / "E1.yaml").write_text(text, encoding="utf-8")
    library = load_library(tmp_path / "evidence", tmp_path)
    return [(f.code, f.line) for f in library.findings if f.code == "FX319"]


@pytest.mark.parametrize(("name", "fields", "line"), REFUSED, ids=[r[0] for r in REFUSED])
def test_an_estimate_said_measured_is_refused(
    tmp_path: Path, name: str, fields: dict[str, str], line: int
) -> None:
    assert _findings(tmp_path, fields) == [("FX319", line)]


@pytest.mark.parametrize(("name", "fields"), PASSED, ids=[r[0] for r in PASSED])
def test_near_miss_passes(tmp_path: Path, name: str, fields: dict[str, str]) -> None:
    assert _findings(tmp_path, fields) == []


def test_the_demo_estimates_pass() -> None:
    root = Path(__file__).resolve().parent.parent
    library = load_library(root / "evidence", root)
    assert [f for f in library.findings if f.code == "FX319"] == []
