"""Chinese figures as text spaced between Latin and CJK characters writes them, and in
Traditional characters.

Many Chinese writers (and tools such as pangu) put a space between Latin digits and
Chinese characters: "吞吐量达到 100 万 IOPS" is the figure "100万 IOPS", "降低 4 成" a cut
of 40%, "打 8 折" a 20% discount, each as bare as when it is written unspaced. A figure written in Traditional characters ("100萬 IOPS") is
read as its simplified form, but told as written: the finding quotes the writer's own
text, the claim it suggests keeps it, and it does not call the characters look-alikes
(full-width digits, "９４ s", still are).
"""

from __future__ import annotations

import pytest
from sitekit import PAGE_PATH, fixture_renderer, href_for, library

from fxsite.evidence.library import Library
from fxsite.markdown import check_page
from fxsite.verify.reading import detect

# (name, text, the bare figures the detector reads in it)
DETECTED = [
    ("spaced 万 and a Latin unit", "吞吐量达到 100 万 IOPS。", ["100 万 IOPS"]),
    ("spaced 亿 and 元", "节省了 2.3 亿元。", ["2.3 亿元"]),
    ("spaced 万 and 秒", "用时 3 万秒", ["3 万秒"]),
    ("spaced 万 and 次", "调用 100 万次", ["100 万次"]),
    ("spaced 千万", "预算 3 千万元", ["3 千万元"]),
    ("spaced 千", "价格 5 千元", ["5 千元"]),
    ("spaced 萬 (Traditional)", "吞吐量達到 100 萬 IOPS。", ["100 万 IOPS"]),
    ("grouped digits and 万", "营收 1 200 万元", ["1 200 万元"]),
    ("unspaced, as before", "吞吐量达到 100万 IOPS。", ["100万 IOPS"]),
    ("spaced tenths", "成本降低 4 成。", ["4 成"]),
    ("spaced discount", "全场打 8 折。", ["8 折"]),
    ("spaced decimal discount", "会员打 8.5 折。", ["8.5 折"]),
    ("tenths, unspaced as before", "成本降低4成。", ["4成"]),
    # near misses: a classifier counts people or parts, as "8 GPUs" does; no digit
    ("a classifier after it", "服务 3 万个用户", []),
    ("a classifier, unspaced", "服务 3万个用户", []),
    ("no number", "万里长城", []),
    ("成本 is cost, not tenths", "降低 4 成本", []),
    ("折叠 folds", "屏幕 3 折叠", []),
]


@pytest.mark.parametrize(("text", "found"), [r[1:] for r in DETECTED], ids=[r[0] for r in DETECTED])
def test_a_scale_word_spaced_from_its_number_is_read_with_it(text: str, found: list[str]) -> None:
    assert [span.text for span in detect(text)] == found


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


# (name, paragraph, the finding's message)
TOLD = [
    (
        "Traditional, told as written",
        "節省了 2.3億元。",
        "bare figure '2.3億元': cite its record as [2.3億元](evidence:ID#figure), or remove it",
    ),
    (
        "Traditional and spaced",
        "吞吐量達到 100 萬 IOPS。",
        # the claim grammar reads a scale a space apart: the link text is the page's own
        "bare figure '100 萬 IOPS': cite its record as [100 萬 IOPS](evidence:ID#figure), or "
        "remove it",
    ),
    (
        "simplified, as before",
        "节省了 2.3亿元。",
        "bare figure '2.3亿元': cite its record as [2.3亿元](evidence:ID#figure), or remove it",
    ),
]


@pytest.mark.parametrize(("page", "message"), [r[1:] for r in TOLD], ids=[r[0] for r in TOLD])
def test_a_figure_in_traditional_characters_is_told_as_written(
    lib: Library, page: str, message: str
) -> None:
    _, found = check_page(f"# T\n\n{page}\n", PAGE_PATH, lib, href_for, fixture_renderer())
    assert [(f.code, f.message) for f in found] == [("FX501", message)]


def test_full_width_digits_are_still_look_alikes(lib: Library) -> None:
    _, found = check_page("# T\n\nIt took ９４ s.\n", PAGE_PATH, lib, href_for, fixture_renderer())
    assert [f.code for f in found] == ["FX501"]
    assert found[0].message.endswith("; it is written '９４ s' with look-alike characters")
