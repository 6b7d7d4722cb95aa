"""An estimate's claim called measured in the words blind73 #4 found passing (FX319): a
denial of modelling or estimation ("(not modelled; measured)", ", not estimated", "非估算"),
a test, a benchmark or a lab's verdict ("As tested", "Per the benchmark,", "(lab-verified)"),
"empirically", "real-world results", "(meas.)", and their Chinese. Beside near misses: a
denial of measurement, a setup the model is run on, what the model reads.
"""

from __future__ import annotations

import pytest
from sitekit import library, sentence_errors

#: An estimate's claim of the fixture site (E1, label estimate).
EST = "[3,560 s](evidence:E1#total_save_time)"

#: (name, sentence, the column of its FX319 finding)
REFUSED = [
    ("not modelled; measured", f"The run saved {EST} (not modelled; measured).", 55),
    ("not estimated; measured", f"The run saved {EST} (not estimated; measured).", 55),
    ("in brackets past a semicolon", f"The run saved {EST} (see R1; measured).", 63),
    ("not estimated", f"The run saved {EST}, not estimated.", 55),
    ("not an estimate", f"Not an estimate: the run saved {EST}.", 1),
    ("lab-verified", f"The run shortened by {EST} (lab-verified).", 62),
    ("as tested", f"As tested, the run saves {EST}.", 4),
    ("lab tests", f"In our lab tests the run saved {EST}.", 8),
    ("in testing", f"Verified in testing: {EST}.", 10),
    ("independently tested", f"Independently tested savings of {EST} per run.", 15),
    ("real-world results", f"Real-world results: {EST} saved per run.", 1),
    ("per the benchmark", f"Per the benchmark, the run saved {EST}.", 1),
    ("empirically", f"The run saved {EST} (empirically).", 55),
    ("real hardware runs", f"The run saved {EST} in real hardware runs.", 57),
    ("meas.", f"The run saved {EST} (meas.).", 55),
    ("validated by a lab", f"The run saved {EST}, validated by a third-party lab.", 55),
    ("not simulated, measured", f"Not simulated — measured: {EST}.", 17),
    ("zh 经测试", f"经测试，节省 {EST}。", 1),
    ("zh 测试结果", f"测试结果：每次运行节省 {EST}。", 1),
    ("zh 不是模型，是实测", f"每次运行节省 {EST}（不是模型，是实测）。", 47),
    ("zh 实际测量", f"实际测量：每次运行节省 {EST}。", 3),
    ("zh 实验室验证", f"每次运行节省 {EST}，经第三方实验室验证。", 51),
    ("zh 跑分", f"跑分显示每次运行节省 {EST}。", 1),
    ("zh 非估算", f"每次运行节省 {EST}（非估算）。", 47),
]

PASSED = [
    ("not measured", f"The run saved {EST}, not measured."),
    ("estimated, not measured", f"The run saved {EST}, estimated, not measured."),
    ("not an estimate's subject", f"The run saved {EST}, with the cache not modelled."),
    ("does not model", f"The estimate {EST} does not model the cache."),
    ("an estimate, not a measurement", f"This is an estimate, not a measurement: {EST}."),
    ("a benchmark workload", f"Modelled on the benchmark workload, the run saves {EST}."),
    ("a test configuration", f"In the test configuration the model gives {EST}."),
    ("based on empirical data", f"The run saved {EST}, based on empirical data from R1."),
    ("untested", f"The run saved {EST} untested."),
    ("real-world workloads", f"The model gives {EST} for real-world workloads."),
    ("a model of the tests", f"The run saved {EST}, a model of the lab tests in R1."),
    ("another clause", f"The inputs were tested in the lab; the model gives {EST}."),
    ("a test to come", f"A joint test verifies the projection {EST} on your cluster."),
    ("testing to come", f"Joint testing checks {EST} on your cluster."),
    ("zh 联合测试", f"联合测试将验证每次运行节省 {EST}。"),
    ("zh 基于实测数据", f"模型基于R1的实测数据，每次运行节省 {EST}。"),
    ("zh 测试场景", f"测试场景下模型估算每次运行节省 {EST}。"),
    ("zh 而非实测", f"每次运行节省 {EST}（估算，而非实测）。"),
]


@pytest.mark.parametrize(("name", "text", "col"), REFUSED, ids=[r[0] for r in REFUSED])
def test_an_estimate_called_measured_is_refused(name: str, text: str, col: int) -> None:
    assert sentence_errors(text, library()) == [("FX319", 3, col)]


@pytest.mark.parametrize(("name", "text"), PASSED, ids=[r[0] for r in PASSED])
def test_near_miss_passes(name: str, text: str) -> None:
    assert sentence_errors(text, library()) == []
