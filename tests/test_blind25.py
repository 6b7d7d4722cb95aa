"""What the twenty-fifth blind tester found: more bound words beside a claim, rounded
claims that say "all", "none" or "no change", and claims shown in other words than the
author's.

Detector rows are a paragraph of a page read by the one reader, with the errors it must
give as ``(code, line, col)``; none for a near miss.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from sitekit import library, sentence_errors

from fxsite.evidence.library import load_library
from fxsite.evidence.quantities import check_stated
from fxsite.pages.claims import Claim, resolve_claim

SAVE = "[94 s](evidence:R1#save_time_fx100)"

ROWS = [
    ("a maximum of", f"Saves take a maximum of {SAVE}.", [("FX503", 3, 26)]),
    ("tops, after", f"Saves take {SAVE} tops.", [("FX503", 3, 13)]),
    ("max, after", f"Saves take {SAVE} max.", [("FX503", 3, 13)]),
    ("-plus, after", f"Saves take {SAVE}-plus.", [("FX503", 3, 13)]),
    ("German", f"Saves take unter {SAVE}.", [("FX503", 3, 19)]),
    ("Japanese, after", "保存[94秒](evidence:R1#save_time_fx100)未満。", [("FX503", 3, 4)]),
    ("Korean, after", "저장 [94초](evidence:R1#save_time_fx100) 이내.", [("FX503", 3, 5)]),
    ("near miss: at most of a noun", f"The FX100 saves in {SAVE} at most sizes we tested.", []),
    ("near miss: 以 and 内存", "保存时间为[94秒](evidence:R1#save_time_fx100)以内存快照为例。", []),
    ("near miss: 以下是", "保存时间为[94秒](evidence:R1#save_time_fx100)，以下是细节。", []),
    # Korean amounts of money in numerals
    ("ten thousand won", "가격은 만 원입니다.", [("FX501", 3, 5)]),
    ("a thousand won", "가격은 천 원입니다.", [("FX501", 3, 5)]),
    ("fifty million won", "가격은 오천만 원입니다.", [("FX501", 3, 5)]),
    ("twelve thousand won", "가격은 일만 이천 원입니다.", [("FX501", 3, 5)]),
    ("near miss: this principle", "이 원칙을 지킵니다.", []),
    ("near miss: a full train", "만원 지하철", []),
    ("near miss: a count of people", "직원은 오천 명입니다.", []),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "errors"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_blind25(sentence: str, errors: list[tuple[str, int, int]]) -> None:
    assert sentence_errors(sentence, library()) == errors


def test_a_bound_is_told_in_the_claims_own_words() -> None:
    found = sentence_errors("저장 [94초](evidence:R1#save_time_fx100) 이내.", library())
    assert found == [("FX503", 3, 5)]
    from sitekit import PAGE_PATH, fixture_renderer, href_for

    from fxsite.markdown import check_page

    _, findings = check_page(
        "# T\n\n저장 [94초](evidence:R1#save_time_fx100) 이내.\n",
        PAGE_PATH,
        library(),
        href_for,
        fixture_renderer(),
    )
    assert "'[94초 이내](…)'" in findings[0].message


# (name, claim, the record's value, its unit and decimals, the verdict)
WHOLE = [
    ("a share without its unit, whole", "100", "99.9999", "%", 4, "value"),
    ("a ratio of one for 1.4×", "1×", "1.4", "×", 1, "value"),
    ("at the claim's precision", "1.0×", "1.04", "×", 2, "value"),
    ("near miss: the record's ratio", "1.4×", "1.4", "×", 1, None),
    ("near miss: a ratio of one", "1×", "1", "×", 0, None),
    ("near miss: rounded, not to one", "1.2×", "1.24", "×", 2, None),
]


@pytest.mark.parametrize(
    ("claim", "value", "unit", "decimals", "verdict"),
    [r[1:] for r in WHOLE],
    ids=[r[0] for r in WHOLE],
)
def test_rounding_that_says_more(
    claim: str, value: str, unit: str, decimals: int, verdict: str | None
) -> None:
    assert check_stated(claim, Decimal(value), None, unit, decimals)[1] == verdict


RECORD = """id: P1
title: Prices and rates, fixture
label: public
status: active
source:
  issuer: Fixture Labs
figures:
  price_krw: {value: 12000, unit: KRW, what: Monthly price in Korea}
  serve_rate: {value: 500, unit: requests/s, what: Requests served per second}
  save_time: {value: 94, unit: s, what: Save time}
"""


@pytest.mark.parametrize(
    ("text", "figure", "shown"),
    [
        ("500 requests/s", "serve_rate", "500\u00a0requests/s"),  # was "500 req/s"
        ("₩12,000", "price_krw", "₩12,000"),  # was "KRW 12,000"
        ("12,000원", "price_krw", "12,000원"),
        ("94초", "save_time", "94초"),  # was "94 s"
        ("94 s", "save_time", "94\u00a0s"),  # a symbol: written one way
        ("94초", "save_time", "94초"),
    ],
)
def test_a_claim_shows_the_authors_words(
    tmp_path: Path, text: str, figure: str, shown: str
) -> None:
    (tmp_path / "evidence").mkdir()
    (tmp_path / "evidence" / "P1.yaml").write_text(RECORD, "utf-8")
    claim = resolve_claim(
        text, f"evidence:P1#{figure}", load_library(tmp_path / "evidence", tmp_path)
    )
    assert isinstance(claim, Claim)
    assert claim.display == shown


def test_the_advice_puts_a_bound_inside_the_link() -> None:
    from sitekit import PAGE_PATH, fixture_renderer, href_for

    from fxsite.markdown import check_page

    _, findings = check_page(
        "# T\n\n## Under 2 minutes\n", PAGE_PATH, library(), href_for, fixture_renderer()
    )
    message = next(f.message for f in findings if f.code == "FX501")
    assert "[Under 2 minutes](evidence:" in message
    assert "Under [2 minutes]" not in message  # refused as written (FX503)


# blind26: figures a writer wrote bare by mistake, in words the detector did not read
BARE = [
    ("IOPS of a workload", "The N8 delivers 2.1M random-read IOPS.", [("FX501", 3, 17)]),
    ("two words of it", "The N8 delivers 850K sustained write IOPS.", [("FX501", 3, 17)]),
    ("a block size between", "The N8 delivers 2.1 million 4K IOPS.", [("FX501", 3, 17)]),
    ("IOPS spelled out", "It achieves 2.1 million input/output operations per second.", [("FX501", 3, 13)]),
    ("random reads per second", "The N8 completes 2.1 million random reads per second.", [("FX501", 3, 18)]),
    ("reads a second", "The N8 serves 2.1 million random reads a second.", [("FX501", 3, 15)]),
    ("gigabytes in katakana", "シーケンシャルリードは毎秒 38.5 ギガバイトです。", [("FX501", 3, 15)]),
    ("gigabytes in Hangul", "순차 읽기는 초당 38.5기가바이트입니다.", [("FX501", 3, 11)]),
    ("doubled, in Japanese", "性能は倍増しました。", [("FX501", 3, 4)]),
    ("near miss: IOPS alone", "IOPS grew.", []),
    ("near miss: reads of an article", "The article had 500 reads.", []),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "errors"), [r[1:] for r in BARE], ids=[r[0] for r in BARE])
def test_bare_in_other_words(sentence: str, errors: list[tuple[str, int, int]]) -> None:
    assert sentence_errors(sentence, library()) == errors


def test_a_bound_beside_a_repeated_claim_is_placed_at_its_own_claim() -> None:
    page = (
        "The N8 is about [1.9×](evidence:R1#save_speedup) as fast.\n\n"
        "The N8 is almost [1.9×](evidence:R1#save_speedup) as fast."
    )
    assert sentence_errors(page, library()) == [("FX503", 5, 19)]  # was line 3's claim


# blind26: ordinary copy a writer wrote, refused; near misses stay figures
ORDINARY = [
    ("an event's length after words", "The keynote starts at 9:30 and lasts 1 hour, followed by a 15-minute coffee break.", []),
    ("a webinar's length, Chinese", "本次直播时长 45 分钟。", []),
    ("a meeting, about", "会议时长约 2 小时。", []),
    ("Japanese", "本ウェビナーは 60 分間です。", []),
    ("Korean", "이번 웨비나는 60분 동안 진행됩니다.", []),
    ("before the event", "举办 45 分钟线上研讨会", []),
    ("a company's years", "公司成立十五年来，累计服务超过 3000 家客户。", []),
    ("Japanese, since founding", "創業 15 年の実績があります。", []),
    ("a history", "50 年の歴史を持つ老舗メーカーです。", []),
    ("a walk", "办公室距地铁步行 5 分钟。", []),
    ("Japanese", "六本木駅から徒歩 3 分です。", []),
    ("Korean", "역삼역에서 도보 5분 거리입니다.", []),
    ("round the clock", "24 時間 365 日のサポート", []),
    ("Korean", "연중무휴 24시간 기술 지원", []),
    ("a postcode", "London EC3A 8BF, United Kingdom.", []),
    ("a warm-up", "Each run follows a 5-minute warm-up.", []),
    ("near miss: a restore that starts and takes", "The restore starts at once and takes 45 minutes.", [("FX501", 3, 38)]),
    ("near miss: a save at a seminar", "研讨会上演示保存只需 94 秒。", [("FX501", 3, 12)]),
    ("near miss: a rebuild", "重建耗时 42 分钟", [("FX501", 3, 6)]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("sentence", "errors"), [r[1:] for r in ORDINARY], ids=[r[0] for r in ORDINARY]
)
def test_ordinary_copy(sentence: str, errors: list[tuple[str, int, int]]) -> None:
    assert sentence_errors(sentence, library()) == errors


@pytest.mark.parametrize(
    ("text", "unit"),
    [
        ("42分間", "min"),
        ("5 年間", "yr"),
        ("30 日間", "d"),
        ("3か月", "mo"),
        ("2週間", "wk"),
        ("1.8배", "×"),
    ],
)
def test_japanese_and_korean_units_are_claims(text: str, unit: str) -> None:
    """The units the detector reads in Japanese and Korean can be written as claims (blind26:
    "[42分間](…)" was "not one quantity")."""
    from fxsite.evidence.quantities import parse_stated

    stated = parse_stated(text)
    assert stated is not None and stated.unit == unit
