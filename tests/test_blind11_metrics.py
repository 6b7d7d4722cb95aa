"""blind11: an English metric named before its value is a figure, as the Chinese forms
are ("PUE降至1.15"): "a PUE of 1.15." at a sentence's end, "a speedup of 1.9",
"IOPS reached 150,000", "IOPS: 150,000" (:data:`fxsite.pages.named_values._METRIC_VALUE`);
"IOPS at 8 KiB blocks" names the test's block size, and a speed-up's value, range and
Chinese name are read without × ("The speed-up reaches 9.3", "加速比为1.9": blind70)."""

from __future__ import annotations

import pytest
from sitekit import library, sentence_errors

ROWS = [
    ("a PUE at a sentence's end", "The hall runs at a PUE of 1.15.", True),
    ("a PUE mid-sentence", "Our PUE of 1.15 is low.", True),
    ("a speedup of", "The FX100 shows a speedup of 1.9 over the baseline.", True),
    ("a speed-up was", "The speed-up was 1.9.", True),
    ("IOPS reached", "Random-read IOPS reached 150,000 on the FX100.", True),
    ("IOPS and a colon", "Random-read IOPS: 150,000.", True),
    # near misses: a version after the name, a conference, a speedup with no value
    ("a version", "PUE 1.15.3 firmware is installed.", False),
    ("COP and a year", "We met at COP28.", False),
    ("a speedup named only", "The speedup of the team was notable.", False),
    ("an integer PUE", "Rack PUE of 2 racks was not measured.", False),
    # blind70: a throughput "at" a number of its own unit or noun names the test's setting
    ("IOPS at a block size", "Random read IOPS at 8 KiB blocks.", False),
    ("IOPS at a block size alone", "IOPS at 4 KiB blocks.", False),
    ("IOPS at a glued block size", "IOPS at 8K blocks.", False),
    ("IOPS at threads", "IOPS at 8 threads.", False),
    (
        "IOPS at a block size, a verb after",
        "IOPS at 128 KiB blocks were lower, as expected.",
        False,
    ),
    ("QPS at clients", "QPS at 16 clients.", False),
    ("TPS at jobs", "TPS at 32 jobs.", False),
    # near misses: the throughput's own value
    ("IOPS at a scale", "IOPS at 2 million.", True),
    ("IOPS reached a scale", "IOPS reached 2 million.", True),
    ("IOPS and a colon, alone", "IOPS: 150,000", True),
    ("IOPS at, a place after", "IOPS at 150,000 on NFS.", True),
    # blind70: a speed-up's value without ×, its range, and in Chinese
    ("a speed-up ranges from", "Speed-up ranges from 6.2 to 9.3.", True),
    ("a speed-up reaches", "The speed-up reaches 9.3.", True),
    ("a speedup and a spaced range", "Speedup 6.2 – 9.3", True),
    ("a speed-up between", "A speed-up between 6.2 and 9.3.", True),
    ("加速比为", "加速比为1.9。", True),
    ("加速比 and a full-width colon", "加速比：1.9。", True),
    ("加速比达", "加速比达9.3。", True),
    ("加速比达到", "加速比达到1.9。", True),
    # near misses: speed-ups counted, a project named, years
    ("speedups counted", "We shipped 3 speedups this year.", False),
    ("a speed-up project", "The speed-up project started in 2024.", False),
    ("a speedup's number", "Speedup 2 was the second project.", False),
    ("a speed-up's years", "The speed-up ranges from 2019 to 2023.", False),
    ("a 加速比 project", "加速比项目于2024年启动。", False),
    # blind78: where or what it was measured on between the name and its value
    ("IOPS on a system, a colon", "IOPS on the FX100: 150,000.", True),
    ("IOPS on a system is", "Random read IOPS on the FX100 is 150,000.", True),
    ("a speedup over and for", "Speedup over NFS for the FX100 is 1.9.", True),
    ("a time on a system", "Save time on the FX100: 94.", True),
    # who saw it, and verbs a value lands after
    ("IOPS came in at", "IOPS came in at 150,000.", True),
    ("a speedup we saw", "The speedup we saw was 1.9.", True),
    ("a time came in at", "Save time came in at 94.", True),
    ("the figure a name names", "An IOPS figure of 150,000.", True),
    ("a name's figure is", "The FX100 IOPS figure is 150000.", True),
    ("a name's results and a colon", "IOPS results: 150,000.", True),
    ("an arrow after a throughput", "IOPS → 150,000.", True),
    ("a name, a unit between commas", "Latency, in milliseconds, is 0.42.", True),
    ("an operation's time before it", "The FX100 took 94 to save, NFS 178.", True),
    ("a measured ratio, against", "The measured ratio was 1.9 against NFS.", True),
    ("a speedup ratio", "The speedup ratio was 1.9.", True),
    ("a percentage of what was saved", "The percentage of time saved is 47.", True),
    ("a percentage", "The percentage is 47.", True),
    ("a throughput of a system", "The throughput of the array was 12,000.", True),
    # near misses: counts of what the name measures, a value in words, a count in the place
    ("IOPS for a test, a count", "IOPS for the test were 8 runs.", False),
    ("latency in a place, a count", "Latency in production is 3 regions wide.", False),
    ("latency on a system, words", "Latency on the FX100 is low.", False),
    ("a time of day after came in at", "The team came in at 9 am.", False),
    ("a figure of merit", "The IOPS figure of merit is high.", False),
    ("an array of nodes", "IOPS for the array of 8 nodes.", False),
    ("an arrow before words", "IOPS → higher.", False),
    ("a speedup we saw, a count", "The speedup we saw was 3 runs long.", False),
    ("a name, words between commas", "Latency, in practice, is one of the issues.", False),
    ("a count before an operation", "It took 3 tries to save.", False),
    ("a percentage of a count", "The percentage of runs is 3 of them.", False),
    ("a latency of a system, a count", "The latency of the system is 3 regions wide.", False),
    ("a name, a comma, a count", "Save time, 8-GPU 32B LoRA (lower is better)", False),
    (
        "a name, a place between commas, a count",
        "Latency, in production, is 3 regions wide.",
        False,
    ),
    ("a ratio of words", "The ratio was favourable.", False),
]


@pytest.mark.parametrize(("row", "sentence", "refused"), ROWS, ids=[r[0] for r in ROWS])
def test_a_metric_named_before_its_value_is_a_figure(
    row: str, sentence: str, refused: bool
) -> None:
    codes = [code for code, _, _ in sentence_errors(sentence, library())]
    assert set(codes) == ({"FX501"} if refused else set()), row  # a range: a finding each
