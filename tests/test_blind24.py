"""What the twenty-fourth blind tester found: rates per a unit of time after a slash or
"every", Korean amounts with places, prices in won and yen that could not be cited, a
bound written beside a claim ("under [94 s](…)") that the claim rule never checked, and
"100%" passed for 99.9999%.

Each detector row is a paragraph of a page read by the one reader, with the errors it
must give as ``(code, line, col)``; none for a near miss. Claim rows parse a claim's text
by the claim grammar.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from sitekit import PAGE_PATH, fixture_renderer, href_for, library, sentence_errors

from fxsite.evidence.library import load_library
from fxsite.evidence.numerals import placed_number
from fxsite.evidence.quantities import compare, parse_stated
from fxsite.markdown import check_page

ROWS = [
    # a rate of anything per a unit of time, its noun left to the sentence
    ("after a slash", "It sustains 500/second.", [("FX501", 3, 13)]),
    ("grouped", "It sustains 10,000/second.", [("FX501", 3, 13)]),
    ("a minute, capitalised", "It sustains 500/Minute.", [("FX501", 3, 13)]),
    ("a day", "It sustains 500/day.", [("FX501", 3, 13)]),
    ("a millisecond", "It sustains 500/ms.", [("FX501", 3, 13)]),
    ("every second", "The FX100 does 500 every second.", [("FX501", 3, 16)]),
    ("each second", "It handles 500 each second.", [("FX501", 3, 12)]),
    ("a sec", "It manages 500 a sec.", [("FX501", 3, 12)]),
    ("an hr", "It serves 500 an hr.", [("FX501", 3, 11)]),
    ("scaled", "It does 2.5 million every second.", [("FX501", 3, 9)]),
    ("Chinese, after a slash", "吞吐量 500/秒。", [("FX501", 3, 5)]),
    ("Japanese, after a slash", "処理速度 500/秒。", [("FX501", 3, 6)]),
    ("Japanese, in a second", "1秒間に500件処理します。", [("FX501", 3, 1), ("FX501", 3, 5)]),
    ("near miss: every second day", "We back up 2 every second day.", []),
    ("near miss: around the clock", "It runs 24/7.", []),
    # a rating is a figure, as "9 out of 10" always was (blind66: "rated 4.8/5" published)
    ("a score out of ten", "It scored 9/10.", [("FX501", 3, 11)]),
    ("near miss: a date", "2026/12/4", []),
    ("near miss: a chapter", "第3/5章", []),
    # Korean amounts with places
    ("tens of millions of won", "가격은 5천만 원입니다.", [("FX501", 3, 5)]),
    ("hundreds of billions", "매출 3천억 원.", [("FX501", 3, 4)]),
    ("trillions and billions", "매출 1조 2천억 원.", [("FX501", 3, 4)]),
    ("thousands and hundreds", "가격 2천5백 원.", [("FX501", 3, 4)]),
    ("nine thousand nine hundred", "월 9천9백 원.", [("FX501", 3, 3)]),
    ("yen in Korean", "1만 2천 엔.", [("FX501", 3, 1)]),
    ("won after digits", "300원", [("FX501", 3, 1)]),
    ("the won sign", "₩12,000", [("FX501", 3, 1)]),
    ("the code", "12,000 KRW", [("FX501", 3, 1)]),
    ("near miss: a count of people", "직원은 5천만 명입니다.", []),
    ("near miss: we won", "We won 3 awards.", []),
    # a bound written beside a claim, outside its link, is refused: the claim rule
    # checks only the link's words ("under 94 s" for a record of 94 s passed)
    ("a bound before a claim", "Saves in under [94 s](evidence:R1#save_time_fx100).", [("FX503", 3, 17)]),
    ("less than", "Saves in less than [94 s](evidence:R1#save_time_fx100).", [("FX503", 3, 21)]),
    ("Chinese", "保存时间不到[94秒](evidence:R1#save_time_fx100)。", [("FX503", 3, 8)]),
    ("after the claim", "Saves take [94 s](evidence:R1#save_time_fx100) or less.", [("FX503", 3, 13)]),
    ("a Chinese suffix", "保存时间[94秒](evidence:R1#save_time_fx100)以内。", [("FX503", 3, 6)]),
    ("a bound before a claim's noun (blind28)", "It is far below the [6.40 GB/s](evidence:R1#bandwidth_fx100) write bandwidth.", [("FX503", 3, 22)]),
    ("in Chinese", "所得远低于[6.40 GB/s](evidence:R1#bandwidth_fx100)的带宽。", [("FX503", 3, 7)]),
    ("a comparison beside the claim (blind28)", "所得比[6.40 GB/s](evidence:R1#bandwidth_fx100)的带宽低得多。", [("FX503", 3, 5)]),
    ("near miss: a comparison with the quantity named between", "所得速率远低于持续写带宽[6.40 GB/s](evidence:R1#bandwidth_fx100)。", []),
    ("near miss: a word ending in a bound", "Thunder [94 s](evidence:R1#save_time_fx100) roars.", []),
    ("near miss: a loose word", "Saves took about [94 s](evidence:R1#save_time_fx100).", []),
    ("near miss: a word after", "Saves took [94 s](evidence:R1#save_time_fx100) overall.", []),
    # schedules, a company's history, events and programs by their length (false refusals)
    ("a Chinese schedule", "每 5 秒采样一次。", []),
    ("every so often", "每隔 5 分钟采样一次。", []),
    ("near miss: backups so often (blind27: an operation's cadence)", "每隔 5 分钟备份一次。", [("FX501", 3, 4)]),
    ("a Japanese schedule", "5秒ごとにサンプリングします。", []),
    ("a Korean schedule", "5초마다 샘플링합니다.", []),
    ("near miss: work done every so often", "每 5 秒处理 500 次。", [("FX501", 3, 9)]),
    ("near miss: in Japanese", "5秒ごとに500件を処理します。", [("FX501", 3, 6)]),
    ("near miss: in Korean", "5초마다 500건을 처리합니다.", [("FX501", 3, 6)]),
    ("years of experience", "Backed by 20 years of storage experience.", []),
    ("in Chinese", "拥有 10 年行业经验。", []),
    ("every day of the year", "全年 365 天不间断运行。", []),
    ("a meetup's length", "The meetup lasts 2 hours.", []),
    ("a pilot program", "Part of a 12-week pilot program.", []),
    ("near miss: a warranty", "A 3-year warranty.", [("FX501", 3, 3)]),
    ("near miss: a payback period", "A 12-week payback period.", [("FX501", 3, 3)]),
    ("near miss: years a save took", "Saves took 20 years.", [("FX501", 3, 12)]),
    # nines of availability in digits, and in Chinese before a bound
    ("five 9s", "Availability of five 9s.", [("FX501", 3, 17)]),
    ("five 9's", "Availability of five 9's.", [("FX501", 3, 17)]),
    ("after a colon", "Availability: five 9s", [("FX501", 3, 15)]),
    ("nines and a bound", "可用性高达五个九以上。", [("FX501", 3, 6)]),
    ("near miss: nines counted", "We made 5 9s of calls.", []),
    ("near miss: a grid", "一共有六个九宫格。", []),
    # a misstated claim after a loose word is told once, not again as a bare figure
    ("a refused claim after a loose word", "延迟低至[0.42毫秒](evidence:R1#save_time_fx100)。", [("FX403", 3, 5)]),
    ("after about", "延迟约[0.42毫秒](evidence:R1#save_time_fx100)。", [("FX403", 3, 4)]),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "errors"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_blind24(sentence: str, errors: list[tuple[str, int, int]]) -> None:
    assert sentence_errors(sentence, library()) == errors


# (claim text, value, decimals, unit)
CLAIMS = [
    ("1만 2천 원", Decimal(12000), -3, "KRW"),
    ("1만2천원", Decimal(12000), -3, "KRW"),
    ("1.2만 원", Decimal(12000), -3, "KRW"),
    ("5천만 원", Decimal(50_000_000), -7, "KRW"),
    ("₩12,000", Decimal(12000), 0, "KRW"),
    ("12,000원", Decimal(12000), 0, "KRW"),
    ("12,000 KRW", Decimal(12000), 0, "KRW"),
    ("3千円", Decimal(3000), -3, "JPY"),
    ("1万2千円", Decimal(12000), -3, "JPY"),
    ("JP¥300", Decimal(300), 0, "JPY"),
    ("1万2千元", Decimal(12000), -3, "CNY"),
    ("ninety-four seconds", Decimal(94), 0, "s"),  # was "not one quantity"
    ("twenty one minutes", Decimal(21), 0, "min"),
    ("九十四秒", Decimal(94), 0, "s"),  # was "not one quantity"
    ("约一百二十秒", Decimal(120), 0, "s"),
    ("两千零五元", Decimal(2005), 0, "CNY"),
    ("两千元", Decimal(2000), -3, "CNY"),  # as "two thousand": to the thousands
    ("five 9s", Decimal("99.999"), 3, "%"),
    ("5 个 9", Decimal("99.999"), 3, "%"),
    ("六个九", Decimal("99.9999"), 4, "%"),
    ("十一个9", Decimal("99.999999999"), 9, "%"),
]


@pytest.mark.parametrize(("text", "value", "decimals", "unit"), CLAIMS)
def test_prices_in_won_and_yen_are_claims(
    text: str, value: Decimal, decimals: int, unit: str
) -> None:
    stated = parse_stated(text)
    assert stated is not None
    assert (stated.low, stated.decimals, stated.unit) == (value, decimals, unit)


def test_places_must_descend() -> None:
    assert placed_number("2천3만") == (20_030_000, 10_000)  # 2,003 of 10⁴
    assert placed_number("3만 2억") is None
    assert placed_number("2백3천") is None
    assert parse_stated("3만 2억 원") is None


# (name, claim, the record's value and its decimals, what the claim rule says)
WHOLE = [
    ("rounds right, and says all", "100%", "99.9999", 4, "value"),
    ("at the claim's precision", "100.000%", "99.9999", 4, "value"),
    ("a share of saves", "100%", "99.6", 1, "value"),
    ("near miss: the record's digits", "99.9999%", "99.9999", 4, None),
    ("near miss: the record is whole", "100%", "100", 0, None),
    ("near miss: rounded below the whole", "99.6%", "99.6", 1, None),
]


@pytest.mark.parametrize(
    ("claim", "value", "decimals", "said"), [r[1:] for r in WHOLE], ids=[r[0] for r in WHOLE]
)
def test_a_share_stated_whole_must_be_whole(
    claim: str, value: str, decimals: int, said: str | None
) -> None:
    stated = parse_stated(claim)
    assert stated is not None
    assert compare(stated, Decimal(value), None, decimals) == said


AVAILABILITY = """id: A1
title: Availability, fixture
label: measured
status: active
source:
  issuer: Fixture Labs
figures:
  avail: {value: 99.9999, unit: "%", what: Availability of the array}
"""


def test_the_advice_never_offers_a_whole_share(tmp_path: Path) -> None:
    (tmp_path / "evidence").mkdir()
    (tmp_path / "evidence" / "A1.yaml").write_text(AVAILABILITY, "utf-8")
    lib = load_library(tmp_path / "evidence", tmp_path)
    page = "# T\n\nAvailability of the array: 5-nines.\n\nAvailability [100%](evidence:A1#avail).\n"
    _, found = check_page(page, PAGE_PATH, lib, href_for, fixture_renderer())
    messages = {(f.code, f.line): f.message for f in found}
    assert "[99.9999%](evidence:A1#avail)" in messages[("FX501", 3)]
    assert "100.000%" not in messages[("FX501", 3)]
    assert "100% says all" in messages[("FX403", 5)]


# (name, the page's body, FX501's (line, col) for each finding)
PLACED = [
    (
        "a number word in a cell, not inside an earlier word",
        "This is done by someone.\n\n| Run | Save time (s) |\n| --- | --- |\n| A | one |",
        [(7, 7)],
    ),
    (
        "a hidden split's readings at their own line, not an earlier figure's",
        "Saves took 94<b>x</b> seconds.\n\nLoad took 94<b hidden>x</b> s total.",
        [(3, 12), (5, 11), (5, 11)],
    ),
    (
        "a split hidden by a style, after a figure it starts like",
        'Saves took 94<span style="font-size:0">abc</span> seconds.\n\n'
        'Load took 94<small style="font-size:0">abc</small> s total.',
        [(3, 12), (5, 11)],
    ),
]


@pytest.mark.parametrize(("body", "places"), [r[1:] for r in PLACED], ids=[r[0] for r in PLACED])
def test_findings_stand_at_their_own_place(body: str, places: list[tuple[int, int]]) -> None:
    assert [(line, col) for code, line, col in sentence_errors(body, library())] == places


@pytest.mark.parametrize(
    ("text", "qualifier"),
    [
        ("as little as 0.42 ms", "down to"),
        ("as few as 3 ms", "down to"),
        ("最低至0.42毫秒", "down to"),
        ("최저 0.42밀리초", "down to"),
        ("as high as 55 GB/s", "up to"),
        ("최대 500 MB/s", "up to"),
    ],
)
def test_loose_words_of_a_claim(text: str, qualifier: str) -> None:
    stated = parse_stated(text)
    assert stated is not None and stated.qualifier == qualifier


def _cell(header: str, cell: str) -> list[tuple[str, int, int]]:
    """The errors of a table whose one cell (line 5) stands under ``header``."""
    return sentence_errors(f"| System | {header} |\n| --- | --- |\n| FX100 | {cell} |", library())


# (name, header, cell, refused)
CELLS = [
    ("a clock after a loose sign", "Duration (hh:mm:ss)", "~01:34:20", True),
    ("words joined by a non-breaking hyphen", "Save time (s)", "ninety\u2011four", True),
    ("words after a loose word", "Save time (s)", "about ninety-four", True),
    ("a Chinese clock header", "耗时（时:分:秒）", "01:34:20", True),
    ("zero", "Time to first byte (ms)", "zero", True),
    ("near miss: a time of day after a loose sign", "Start (hh:mm)", "~09:30", False),
    ("near miss: a Chinese start time", "开始（时:分）", "09:30", False),
    ("near miss: a loose word alone", "Save time (s)", "about", False),
    ("near miss: none", "Save time (s)", "none", False),
]


@pytest.mark.parametrize(
    ("header", "cell", "refused"), [r[1:] for r in CELLS], ids=[r[0] for r in CELLS]
)
def test_cells_under_a_unit(header: str, cell: str, refused: bool) -> None:
    assert _cell(header, cell) == ([("FX501", 5, 11)] if refused else [])
