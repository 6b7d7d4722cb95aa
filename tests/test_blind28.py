"""What the twenty-eighth blind tester found after the holes of the twenty-seventh were
closed: a comparison beside a claim bounds the record's own figure as a bound word does
("Saves never exceed [94 s](…)", "faster than [94 s](…)", "保存比[94 秒](…)快"); more
operations a product performs (reload, rollback, cold start, 快照, 断点续训) make an
event's or a walk's length a figure; and ordinary copy it found refused (an event's length
in seconds, a guide that explains a topic).

Each row is a paragraph of a page read by the one reader, with the errors it must give as
``(code, line, col)``; none for a near miss.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from sitekit import library, sentence_errors

from fxsite.evidence.quantities import parse_stated

SAVE = "[94 s](evidence:R1#save_time_fx100)"
ZH = "[94 秒](evidence:R1#save_time_fx100)"
BASE = "[178 s](evidence:R1#save_time_baseline)"

ROWS = [
    # a comparison right before a claim is a bound the record is not checked for
    ("never exceed", f"Saves never exceed {SAVE}.", [("FX503", 3, 21)]),
    ("beat", f"Saves beat {SAVE}.", [("FX503", 3, 13)]),
    ("faster than", f"Saves are faster than {SAVE}.", [("FX503", 3, 24)]),
    ("less time than", f"Saves take less time than {SAVE}.", [("FX503", 3, 28)]),
    ("than the … mark", f"Saves are faster than the {SAVE} mark.", [("FX503", 3, 28)]),
    ("surpass", f"Restores surpass {SAVE}.", [("FX503", 3, 19)]),
    ("比 before a claim", f"保存比{ZH}快。", [("FX503", 3, 5)]),
    ("near miss: the compared quantity named between", f"FX100 saves in {SAVE}, faster than the baseline's {BASE}.", []),
    ("near miss: compared with", f"FX100 saves in {SAVE}, against {BASE} before.", []),
    ("near miss: 相比", f"相比{ZH}，保存更快。", []),
    ("near miss: 对比", f"与基线对比{ZH}的保存时间。", []),
    ("near miss: rather than", f"Quote the record rather than {SAVE} alone.", []),
    ("near miss: other than", f"No figure other than {SAVE} is quoted.", []),
    ("near miss: a word ending in than", f"Ethan saves in {SAVE}.", []),
    # more operations: an event's, a walk's length names no thing where one is named
    ("a reload session", "The reload session lasts 45 minutes.", [("FX501", 3, 26)]),
    ("a rollback as a walk", "Each rollback is a 5-minute walk.", [("FX501", 3, 20)]),
    ("a cold start as a warm-up", "The cold start takes a 5-minute warm-up.", [("FX501", 3, 24)]),
    ("快照 as a walk", "快照只需步行 5 分钟。", [("FX501", 3, 8)]),
    ("断点续训 as a walk", "断点续训只需步行 5 分钟。", [("FX501", 3, 10)]),
    ("a time in 分 after 快照", "快照時間 15 分", [("FX501", 3, 6)]),
    # ordinary copy: an event's length in seconds, a guide's topic
    ("near miss: a keynote in seconds", "The keynote lasts 94 seconds.", []),
    ("near miss: a 90-second guide", "Our 90-second guide explains checkpoints.", []),
    ("near miss: a video", "Watch the 90-second video.", []),
    ("a restore video", "A 90-second restore video.", [("FX501", 3, 3)]),
    # a claim in minutes written 分, as Japanese writes them (a bare "90 分" may be a score)
    ("a claim in 分", "保存は[59分](evidence:R1#run_total)。", []),
    ("a claim in 分 misstated", "保存は[42分](evidence:R1#run_total)。", [("FX403", 3, 4)]),
    ("near miss: a score", "成绩 90 分。", []),
    # a range as Chinese, Japanese and Korean write it
    ("a range with a wave dash", "読み込みは[6.2〜9.3倍](evidence:R1#load_speedup)速い。", []),
    ("a range with a fullwidth tilde", "読み込みは[6.2～9.3倍](evidence:R1#load_speedup)速い。", []),
    ("a range with 至", "加载快[6.2至9.3倍](evidence:R1#load_speedup)。", []),
    ("a range with a tilde", "로딩이 [6.2~9.3배](evidence:R1#load_speedup) 빠릅니다.", []),
    ("a range misstated", "加载快[6.2至9.5倍](evidence:R1#load_speedup)。", [("FX403", 3, 4)]),
    ("a bare range with a tilde", "加载快 6.2～9.3 倍。", [("FX501", 3, 5)]),
    # a unit after a named quantity in another case (blind27)
    ("a unit in capitals", "Latency: 8 MS", [("FX501", 3, 10)]),
    ("near miss: a count after a named quantity", "The throughput of 3 nodes adds up.", []),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "errors"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_blind28(sentence: str, errors: list[tuple[str, int, int]]) -> None:
    assert sentence_errors(sentence, library()) == errors


# what a claim may write: a Korean amount led by its place, a Chinese scale a space apart
STATED = [
    ("만2천원", "12000", "KRW"),
    ("만 원", "10000", "KRW"),
    ("천 원", "1000", "KRW"),
    ("210 万 IOPS", "2100000", "IOPS"),
    ("1.2 亿元", "120000000", "CNY"),
    ("42分", "42", "min"),
]


@pytest.mark.parametrize(("text", "value", "unit"), STATED, ids=[s[0] for s in STATED])
def test_claim_forms(text: str, value: str, unit: str) -> None:
    stated = parse_stated(text)
    assert stated is not None and stated.low == Decimal(value) and stated.unit == unit


@pytest.mark.parametrize("text", ["만약", "이만 원칙", "210 万次"])
def test_near_miss_no_quantity(text: str) -> None:
    assert parse_stated(text) is None
