"""What a twentieth blind tester found in the language of figures: approximate fractions
and hyphenated multiples published bare ("by almost half", "a five-times improvement",
"an order-of-magnitude gain", "2-to-3x"), false refusals of ordinary words ("doubles as",
"half the team", "a 5-minute quickstart"), and where its
findings were placed (each in its own test file: :mod:`test_header_units`,
:mod:`test_locate_repeated`).

Each row is a paragraph of a page, read by the one reader, with the errors it must give
(``(code, line, col)``; none for a near miss).
"""

from __future__ import annotations

import pytest
from sitekit import library, sentence_errors

ROWS = [
    ("serves as: doubles as a backup target", "The FX100 doubles as a backup target.", []),
    ("a version doubling as a tool", "Version 3.0 doubles as a migration tool.", []),
    ("near miss: throughput doubles as load rises", "Throughput doubles as load rises.", [("FX501", 3, 12)]),
    ("near miss: it doubles throughput", "It doubles throughput.", [("FX501", 3, 4)]),
    ("a share of people: half the team", "Half the team works remotely.", []),
    ("two thirds of respondents", "Two thirds of respondents asked for S3 support.", []),
    ("two thirds of our customers", "Two thirds of our customers run it.", []),
    ("near miss: half the time", "It takes half the time.", [("FX501", 3, 10)]),
    ("near miss: two thirds of the cost", "It is two thirds of the cost.", [("FX501", 3, 7)]),
    ("by almost half", "It cut costs by almost half.", [("FX501", 3, 17)]),
    ("by about a third", "It cut costs by about a third.", [("FX501", 3, 17)]),
    ("near miss: by about a third party", "It passed by about a third party.", []),
    ("a factor of about 2", "Faster by a factor of ~2.", [("FX501", 3, 11)]),
    ("half again as fast", "It is half again as fast.", [("FX501", 3, 7)]),
    ("an order-of-magnitude gain", "An order-of-magnitude improvement.", [("FX501", 3, 1)]),
    ("two orders of magnitude, hyphenated", "Two-orders-of-magnitude lower latency.", [("FX501", 3, 1)]),
    ("a five-times improvement", "A five-times improvement.", [("FX501", 3, 3)]),
    ("three-times-faster", "A three-times-faster restore.", [("FX501", 3, 3)]),
    ("near miss: a two-time winner", "A two-time winner.", []),
    ("a range of multiples with hyphens", "A 2-to-3x speedup.", [("FX501", 3, 3)]),
    ("near miss: steps 2-to-3", "Steps 2-to-3 are optional.", []),
    ("a hundred thousand requests", "It serves a hundred thousand requests per second.", [("FX501", 3, 11)]),
    ("two hundred thousand requests", "It serves two hundred thousand requests.", [("FX501", 3, 11)]),
    ("near miss: a hundred thousand thanks", "A hundred thousand thanks.", []),
    ("a decimal said in words, whole (L4)", "Ninety-nine point nine percent uptime.", [("FX501", 3, 1)]),
    ("a rate of work in a second", "Completes 500 inferences in a second.", [("FX501", 3, 11)]),
    ("a rate of work hourly", "Completes 500 jobs hourly.", [("FX501", 3, 11)]),
    ("near miss: in a second pass", "Ran 500 jobs in a second pass.", []),
    ("a Chinese number with its lower places, one figure (L2)", "每秒处理1万2千次请求。", [("FX501", 3, 5)]),
    ("a Japanese price so written", "月額1万2千円。", [("FX501", 3, 3)]),
    ("a count so written, in Japanese", "1万2千リクエスト", [("FX501", 3, 1)]),
    ("a price without its currency", "Priced at 49.99.", [("FX501", 3, 11)]),
    ("it costs", "It costs 49.", [("FX501", 3, 10)]),
    ("a price label", "Price: 49.", [("FX501", 3, 8)]),
    ("a pricing label per seat", "Pricing: 49/seat/month.", [("FX501", 3, 10)]),
    ("just .. a month", "Just 49.99 a month.", [("FX501", 3, 6)]),
    ("only .. per seat", "Only 49 per seat per month.", [("FX501", 3, 6)]),
    ("saves .. a year", "Saves 40k a year in licensing.", [("FX501", 3, 7)]),
    ("near miss: it costs steps", "It costs 3 steps.", []),
    ("near miss: only 3 left", "Only 3 left.", []),
    ("near miss: only 3 a day", "Only 3 a day are allowed.", []),
    ("near miss: a price label naming a table", "Price: see table 3.", []),
    ("a Japanese approximate claim (F10)", "保存[約94秒](evidence:R1#save_time_fx100)。", []),
    ("a Korean approximate claim", "저장 [약 94초](evidence:R1#save_time_fx100).", []),
    ("a Japanese approximate suffix", "保存[94秒程度](evidence:R1#save_time_fx100)。", []),
    ("near miss: the same bare", "保存約94秒。", [("FX501", 3, 3)]),
    ("a lane width", "Plug in the 16x PCIe riser.", []),
    ("an idiom of a person", "A 10x engineer.", []),
    ("near miss: a 10x improvement for engineers", "A 10x improvement for engineers.", [("FX501", 3, 3)]),
    ("a run's length in hours, minutes, seconds", "Training ran for 01:34:20.", [("FX501", 3, 18)]),
    ("near miss: opening time", "Open from 09:00.", []),
    ("a Japanese fraction", "コストは3分の1です。", [("FX501", 3, 5)]),
    ("a Japanese fraction in numerals", "コストは三分の一です。", [("FX501", 3, 5)]),
    ("a Korean fraction, not three minutes (P21)", "비용은 3분의 1입니다.", [("FX501", 3, 5)]),
    ("near miss: a ten-minute break", "10分の休憩。", []),
    ("near miss: Korean minutes stay minutes", "3분 걸립니다.", [("FX501", 3, 1)]),
    ("an order of a rate in Chinese (P20)", "支持百万级 IOPS。", [("FX501", 3, 3)]),
    ("another", "支持千万级 QPS。", [("FX501", 3, 3)]),
    ("near miss: an order of people", "百万级用户。", []),
    ("single-digit milliseconds in Chinese", "个位数毫秒延迟。", [("FX501", 3, 1)]),
    ("near miss: a three-digit number names", "这是三位数的编号。", []),
    ("a range of tenths", "成本降低三到五成。", [("FX501", 3, 5)]),
    ("Korean: doubled (P19)", "처리량이 두 배로 늘었습니다.", [("FX501", 3, 6)]),
    ("Korean: halved", "비용을 절반으로 줄였습니다.", [("FX501", 3, 5)]),
    ("near miss: Korean half the staff", "절반의 직원이 재택 근무합니다.", []),
    ("near miss: Korean ships", "배를 두 척 샀다.", []),
    ("Korean: ten thousand won", "월 1만 원부터.", [("FX501", 3, 3)]),
    ("near miss: Korean, thirty thousand people", "3만 명이 사용합니다.", []),
    ("a quantity named, its number without a unit (P17)", "Throughput: 12,000.", [("FX501", 3, 13)]),
    ("a throughput of", "A throughput of 12,000 on the FX100.", [("FX501", 3, 17)]),
    ("near miss: the throughput of 3 nodes", "The throughput of 3 nodes.", []),
    ("near miss: a year's models", "Throughput of 2024 models.", []),
    ("a CJK rate of work, its unit of time first (P18)", "每分钟处理 500 个任务。", [("FX501", 3, 7)]),
    ("tokens in Latin letters", "单卡每秒生成 2400 个 token。", [("FX501", 3, 8)]),
    ("Japanese", "毎分500件のジョブを処理します。", [("FX501", 3, 3)]),
    ("Korean", "분당 500개의 작업을 처리합니다.", [("FX501", 3, 4)]),
    ("near miss: a count of tasks alone", "处理 500 个任务。", []),
    ("near miss: tasks per person", "每人 3 个任务。", []),
    ("a Chinese monthly fee without its unit", "月费仅199。", [("FX501", 3, 4)]),
    ("a yearly fee", "年费 299。", [("FX501", 3, 4)]),
    ("a price in cents per use", "单价低至0.3分/次。", [("FX501", 3, 5)]),
    ("a pairing: a 1:1 mapping", "Use the 1:1 mapping.", []),
    ("a 1:1 meeting", "Book a 1:1 meeting.", []),
    ("near miss: a 1:1 ratio", "Dedup is 1:1 here.", [("FX501", 3, 10)]),
    ("near miss: an 11:1 mapping", "An 11:1 mapping.", [("FX501", 3, 4)]),
    ("a percentile of people", "The top 1% of contributors get swag.", []),
    ("near miss: a percentile of requests", "The top 1% of requests took longer.", [("FX501", 3, 9)]),
    ("a quickstart's length", "Read the 5-minute quickstart.", []),
    ("a walkthrough's length", "Follow the 10-minute walkthrough.", []),
    ("near miss: a restore's length", "A 5-minute restore.", [("FX501", 3, 3)]),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "errors"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_blind20(sentence: str, errors: list[tuple[str, int, int]]) -> None:
    assert sentence_errors(sentence, library()) == errors


@pytest.mark.parametrize(
    ("sentence", "figure"),
    [
        ("Ingests 2 TB an hour.", "2 TB an hour"),  # L6: a rate, not a size
        ("Ingests 500 GB a day.", "500 GB a day"),
        ("It moved 2 TB a second time.", "2 TB"),  # an ordinal: the size alone
        ("It runs 8 hours a day.", "8 hours"),  # a duration per day
    ],
)
def test_a_rate_said_with_a_is_one_figure(sentence: str, figure: str) -> None:
    from fxsite.pages.figures import find_bare_figures

    assert [f.text for f in find_bare_figures(sentence)] == [figure]


def test_nearly_is_a_bound_word_of_the_claim_grammar() -> None:
    """L7: "[nearly 100 s]" on a point figure was "not one quantity"; it is told as any
    bound word on a point figure is, with the claim to write."""
    from sitekit import PAGE_PATH, fixture_renderer, href_for

    from fxsite.markdown import check_page

    page = "# T\n\nIt took [nearly 100 s](evidence:R1#save_time_fx100).\n"
    _, found = check_page(page, PAGE_PATH, library(), href_for, fixture_renderer())
    assert [(f.code, f.message) for f in found] == [
        (
            "FX403",
            "'nearly 100 s': R1#save_time_fx100 is the value 94\u00a0s, not a bound; write "
            "'94\u00a0s' or 'about 94\u00a0s'",
        )
    ]
