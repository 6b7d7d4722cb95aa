"""A workload's mix of reads and writes is a test setting, not a figure (blind70).

"Latency was measured at 70% read, 30% write." and "测试采用70%读、30%写的混合负载。" were
refused twice each, while "a 70/30 read/write mix" passed. A share of reads beside a
share of writes in one sentence names the workload; a share with one side only, or of
what is read (its latency, its throughput), stays a figure.
"""

from __future__ import annotations

import pytest

from fxsite.pages.figures import find_bare_figures

NOT_FIGURES = [
    ("a mix", "Latency was measured at 70% read, 30% write."),
    ("a mix in plurals", "A 70% reads / 30% writes mix."),
    ("a random mix", "70% random read, 30% random write."),
    ("writes first", "The test ran 30% writes and 70% reads."),
    ("in Chinese", "测试采用70%读、30%写的混合负载。"),
]
FIGURES = [
    ("one side only", "A 70% read workload.", ["70%"]),
    ("a share of what is read", "70% read latency reduction.", ["70%"]),
    ("latencies of both", "It cut 70% read latency, 30% write latency.", ["70%", "30%"]),
    ("errors of both", "Hit rate 70% read, 30% write errors.", ["70%", "30%"]),
    ("faster reads", "Reads are 70% faster.", ["70%"]),
    ("in Chinese, latencies", "70%读延迟降低，30%写延迟降低。", ["70%", "30%"]),
    ("the sides in two sentences", "Reads were 70% read. Then 30% write.", ["70%", "30%"]),
]


@pytest.mark.parametrize(("name", "text"), NOT_FIGURES, ids=[r[0] for r in NOT_FIGURES])
def test_a_mix_is_no_figure(name: str, text: str) -> None:
    assert find_bare_figures(text) == []


@pytest.mark.parametrize(("name", "text", "figures"), FIGURES, ids=[r[0] for r in FIGURES])
def test_near_miss_is_a_figure(name: str, text: str, figures: list[str]) -> None:
    assert [f.text for f in find_bare_figures(text)] == figures
