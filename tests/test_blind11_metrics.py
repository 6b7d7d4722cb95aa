"""blind11: an English metric named before its value is a figure, as the Chinese forms
are ("PUE降至1.15"): "a PUE of 1.15." at a sentence's end, "a speedup of 1.9",
"IOPS reached 150,000", "IOPS: 150,000" (:data:`fxsite.pages.cjk_figures._METRIC_VALUE`);
"IOPS at 8 KiB blocks" names the test's block size (blind70)."""

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
]


@pytest.mark.parametrize(("row", "sentence", "refused"), ROWS, ids=[r[0] for r in ROWS])
def test_a_metric_named_before_its_value_is_a_figure(
    row: str, sentence: str, refused: bool
) -> None:
    codes = [code for code, _, _ in sentence_errors(sentence, library())]
    assert codes == (["FX501"] if refused else []), row
