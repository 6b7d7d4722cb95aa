"""What the twenty-seventh blind tester got past the build by dressing performance figures
as this session's exemptions: an event's length, a walk, a schedule, a postcode, a word of
degree before a bound. An exemption holds only where the sentence names no operation a
product performs (a restore, a save, a rebuild …); a bound beside a claim is refused
whatever noun follows it (blind28: "well under the [94 s](…) mark" bounded the record's own
figure).

Each row is a paragraph of a page read by the one reader, with the errors it must give as
``(code, line, col)``; none for a near miss.
"""

from __future__ import annotations

import pytest
from sitekit import library, sentence_errors

SAVE = "[94 s](evidence:R1#save_time_fx100)"
BW = "[6.40 GB/s](evidence:R1#bandwidth_fx100)"

ROWS = [
    ("a restore as a warm-up", "The restore takes a 5-minute warm-up.", [("FX501", 3, 21)]),
    ("a rebuild as a workshop", "Rebuild time after a drive failure: a 2-hour hands-on workshop.", [("FX501", 3, 39)]),
    ("a checkpoint session", "The checkpoint session lasts 3 minutes.", [("FX501", 3, 30)]),
    ("a restore demo", "The live restore demo starts at 9:30 and lasts 4 minutes.", [("FX501", 3, 48)]),
    ("a save as a walk", "检查点保存只需步行 5 分钟。", [("FX501", 3, 11)]),
    ("restores on a schedule", "A full restore completes every 45 seconds.", [("FX501", 3, 32)]),
    ("saves on a schedule", "Checkpoints are saved every 5 seconds, with no stall.", [("FX501", 3, 29)]),
    ("in Chinese", "每 5 秒完成一次全量恢复。", [("FX501", 3, 3)]),
    ("in Korean", "5초마다 복구 완료.", [("FX501", 3, 1)]),
    ("a restore as a live stream", "恢复直播时长 3 分钟。", [("FX501", 3, 8)]),
    ("a degree before a bound", f"Saves take well under {SAVE}.", [("FX503", 3, 24)]),
    ("in Chinese", "保存耗时远低于[94 秒](evidence:R1#save_time_fx100)。", [("FX503", 3, 9)]),
    ("upwards", f"Restores run well over {BW}.", [("FX503", 3, 25)]),
    ("minutes in 分 after a save time", "保存時間 15 分。", [("FX501", 3, 6)]),
    ("after a particle", "保存時間は 15 分。", [("FX501", 3, 7)]),
    ("a restore time", "リストア時間 15 分。", [("FX501", 3, 8)]),
    ("a rebuild, Chinese", "重建 15 分", [("FX501", 3, 4)]),
    ("near miss: a score", "他的成绩 90 分", []),
    ("a flush as a warm-up", "The flush takes a 5-minute warm-up.", [("FX501", 3, 19)]),
    ("a commit as a walk", "Each commit is a 5-minute walk.", [("FX501", 3, 18)]),
    ("刷盘 as a walk", "刷盘只需步行 5 分钟。", [("FX501", 3, 8)]),
    ("near miss: a keynote", "The keynote starts at 9:30 and lasts 1 hour.", []),
    ("near miss: a warm-up of a run", "Each run follows a 5-minute warm-up.", []),
    ("near miss: a schedule", "We sample every 5 seconds.", []),
    ("near miss: a walk", "办公室距地铁步行 5 分钟。", []),
    ("near miss: years in words", "Twenty years of storage experience.", []),
    ("a bound before the claim's noun", "Saves take well under the [94 s](evidence:R1#save_time_fx100) mark.", [("FX503", 3, 28)]),
    ("within", "Saves finish within [94 s](evidence:R1#save_time_fx100).", [("FX503", 3, 22)]),
    ("at worst", "Saves take [94 s](evidence:R1#save_time_fx100) at worst.", [("FX503", 3, 13)]),
    ("training is no event", "Crash to training lasts 45 minutes.", [("FX501", 3, 25)]),
    ("near miss: a comparison said otherwise", f"所得速率远低于持续写带宽{BW}。", []),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "errors"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_blind27(sentence: str, errors: list[tuple[str, int, int]]) -> None:
    assert sentence_errors(sentence, library()) == errors
