"""Counts and rates of work in Chinese, Japanese and Korean, unit words before a unitless
claim, counters after it, and the lower bound of a Chinese range (blind15).

Each row is a paragraph of a page, read by the one reader, with the errors it must give
(``(code, line, col)``; none for a near miss).
"""

from __future__ import annotations

import pytest
from sitekit import library, sentence_errors

from fxsite.evidence.units import COUNTED, COUNTED_AT_SCALE, COUNTED_AT_SCALE_CJK, COUNTED_CJK

SHARE = "evidence:R1#bandwidth_gain_pct"  # 96 %
TIME = "evidence:R1#save_time_fx100"  # 94 s
SPEEDUP = "evidence:R1#save_speedup"  # 1.9 ×

#: (row, sentence, errors)
ROWS = [
    # counts and rates of work
    ("a rate, spaced", "吞吐 500 次/秒。", [("FX501", 3, 4)]),
    ("a rate, spaced around the slash", "30 帧 / 秒", [("FX501", 3, 1)]),
    ("a count of requests with a classifier", "共处理了 500 次请求。", [("FX501", 3, 6)]),
    ("a count unspaced", "500个请求。", [("FX501", 3, 1)]),
    ("traditional, after 每秒", "每秒 500 筆交易。", [("FX501", 3, 4)]),
    ("Japanese", "500件のリクエスト。", [("FX501", 3, 1)]),
    ("Korean", "500건의 요청.", [("FX501", 3, 1)]),
    ("a count at scale", "共 5万次查询。", [("FX501", 3, 3)]),
    ("near miss: an ordinal", "第 500 次请求。", []),
    ("near miss: an ordinal unspaced", "第500次请求", []),
    ("near miss: occurrences in Japanese", "500回。", []),
    ("near miss: occurrences in Korean", "500회.", []),
    ("near miss: occurrences in Chinese", "重复 500 次。", []),
    ("near miss: a count of parts", "共 500 台服务器。", []),
    ("near miss: a count of parts in Latin", "8 个 GPU", []),
    # a version's number before a noun of work names it (blind70)
    ("near miss: a standard's version", "支持NVMe 2.0命令。", []),
    ("near miss: a protocol's version", "支持HTTP/2请求多路复用。", []),
    ("near miss: a product's version", "支持Kafka 3事务。", []),
    # a unit word before a unitless claim, a counter after it
    ("百分之 before a claim", f"占比百分之[96]({SHARE})。", [("FX503", 3, 7)]),
    ("千分之 before a claim", f"千分之[96]({SHARE})", [("FX503", 3, 5)]),
    ("百分之 before a claim of seconds", f"耗时百分之[94]({TIME})。", [("FX503", 3, 7)]),
    ("a rate word before a claim", f"每秒[94]({TIME})", [("FX503", 3, 4)]),
    ("成 after a claim", f"提升[1.9]({SPEEDUP})成。", [("FX503", 3, 4)]),
    ("near miss: a range's other end before a claim", f"from 178 to [94]({TIME}) here", []),
    ("near miss: an approximation word", f"约[94 秒]({TIME})", []),
    ("near miss: 成为 after a claim", f"[1.9]({SPEEDUP})成为标准", []),
    # the lower bound of a Chinese range reads the claim's unit
    ("从 3 到 a claim", f"从 3 到 [94 秒]({TIME})。", [("FX501", 3, 3)]),
    ("unspaced", f"从3到[94 秒]({TIME})。", [("FX501", 3, 2)]),
    ("至", f"3 至 [94 秒]({TIME})", [("FX501", 3, 1)]),
    ("降至", f"由 178 降至 [94 秒]({TIME})", [("FX501", 3, 3)]),
    ("near miss: an ordinal before 到", f"第3到[94 秒]({TIME})", []),
    ("near miss: a version before 到", f"版本3到[94 秒]({TIME})", []),
]


@pytest.mark.parametrize(("sentence", "errors"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_cjk_counts_units_and_ranges(sentence: str, errors: list[tuple[str, int, int]]) -> None:
    assert sentence_errors(sentence, library()) == errors


def test_each_cjk_count_noun_names_a_counted_noun() -> None:
    """One vocabulary: the CJK names translate nouns the English rules count."""
    nouns = {noun for noun, _ in (*COUNTED, *COUNTED_AT_SCALE)}
    assert set(COUNTED_CJK) <= nouns
    assert set(COUNTED_AT_SCALE_CJK) <= nouns
