"""blind90, a blind tester writing a storage vendor's Chinese site (no code in view).

Bare figures it found published, natural Chinese claims refused, and spec tables read in
another row's unit.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from sitekit import PAGE_PATH, fixture_renderer, href_for, library, resolves

from fxsite.evidence.library import load_library
from fxsite.markdown import check_page
from fxsite.pages.claims import Claim
from fxsite.pages.header_units import header_unit

RECORD = """\
id: T1
title: T
label: measured
status: active
figures:
  third: {value: 33.3, unit: "%"}
  nine: {value: 90, unit: "%"}
  ninety: {value: 90, unit: s}
  half_day: {value: 12, unit: h}
  two_days: {max: 2, unit: d}
  lat: {value: 0.1, unit: ms}
"""


def _bare(text: str, *, zh: bool = True) -> list[str]:
    """The bare figures check finds in a page of ``text`` (Chinese unless ``zh`` is False)."""
    page = f"---\nlang: zh\n---\n# T\n\n{text}\n" if zh else f"# T\n\n{text}\n"
    _, found = check_page(page, PAGE_PATH, library(), href_for, fixture_renderer())
    return [f.text or "" for f in found if f.code == "FX501"]


@pytest.mark.parametrize(
    ("header", "unit"),
    [
        ("最大 IOPS（万）", "万IOPS"),
        ("随机读IOPS（万次）", "万IOPS"),
        ("（万IOPS）", "万IOPS"),
        ("吞吐（万）", None),  # near miss: a scale of no unit
    ],
)
def test_a_unit_with_a_chinese_scale_after_it(header: str, unit: str | None) -> None:
    assert header_unit(header) == unit


@pytest.mark.parametrize(
    ("text", "bare"),
    [
        # HIGH 1: cells under "IOPS（万）" were published bare
        (
            "| 指标 | FX100 | 友商 A |\n| --- | --- | --- |\n| 最大 IOPS（万） | 200 | 150 |",
            ["200", "150"],
        ),
        # HIGH 2: another's value set against a figure, its unit left unsaid
        ("时延仅为0.1毫秒，而友商为0.3。", ["0.1毫秒", "0.3"]),
        ("保存时间降至94秒，友商为150。", ["94秒", "150"]),
        # consolidation after "由原来的"
        ("由原来的6个机柜减少到4个。", ["6", "4"]),
        # near misses: another quantity with its own name; a count of people
        ("时延为0.1毫秒，容量为3。", ["0.1毫秒"]),
        ("由原来的6个人减少到4个。", []),
    ],
)
def test_chinese_figures_blind90_found_published(text: str, bare: list[str]) -> None:
    assert _bare(text) == bare


@pytest.mark.parametrize(
    ("text", "bare"),
    [
        ("Latency is 0.1 ms, while the competitor's is 0.3.", ["0.1 ms", "0.3"]),
        ("Saves take [94 s](evidence:R1#save_time_fx100), while NFS takes 178.", ["178"]),
        ("Saves take [94 s](evidence:R1#save_time_fx100), versus 178 on NFS.", ["178"]),
        # near misses: a number with its own noun, a year, a claim set against a claim
        ("Latency is 0.1 ms, while the team is 3 people.", ["0.1 ms"]),
        ("Latency is 0.1 ms, while the year is 2024.", ["0.1 ms"]),
        (
            "Saves take [94 s](evidence:R1#save_time_fx100), versus "
            "[178 s](evidence:R1#save_time_baseline) on NFS.",
            [],
        ),
    ],
)
def test_a_number_set_against_a_figure_or_claim(text: str, bare: list[str]) -> None:
    assert _bare(text, zh=False) == bare


@pytest.mark.parametrize(
    ("text", "figure", "passes"),
    [
        # MEDIUM 3: natural Chinese claims were refused, "write it as '33%'"
        ("三分之一", "third", True),
        ("约三分之一", "third", True),
        ("九成", "nine", True),
        ("十次中有九次", "nine", True),
        ("一分半钟", "ninety", True),
        ("半天", "half_day", True),
        ("两天内", "two_days", True),
        ("零点一毫秒", "lat", True),
        # near misses: another value
        ("三成", "third", False),
        ("两分钟", "ninety", False),
        ("一毫秒", "lat", False),
    ],
)
def test_natural_chinese_claims(
    project: Callable[..., Path], text: str, figure: str, passes: bool
) -> None:
    result = resolves(project({"T1.yaml": RECORD}), text, f"T1#{figure}", lang="zh")
    assert isinstance(result, Claim) is passes, result


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        ("保存在[94秒](evidence:R1#save_time_fx100)内完成。", ["FX503"]),  # "内" bounds it
        ("保存仅需[94秒](evidence:R1#save_time_fx100)内存占用低。", []),  # near miss: 内存
    ],
)
def test_nei_after_a_claim_bounds_it(text: str, codes: list[str]) -> None:
    page = f"---\nlang: zh\n---\n# T\n\n{text}\n"
    _, found = check_page(page, PAGE_PATH, library(), href_for, fixture_renderer())
    assert [f.code for f in found if f.severity == "error"] == codes


def test_a_spec_tables_counts_and_own_units_are_not_read_in_a_columns_claims() -> None:
    """MEDIUM 5: after one cell was cited, "控制器数量", "最大盘数" and "高度（U）" were read in
    its unit ("1200 TB"); a time row still is (the near miss)."""
    table = (
        "| 项目 | FX100-S | FX100-E |\n| --- | --- | --- |\n"
        "| 控制器数量 | 2~16 | 2~32 |\n| 最大盘数 | 1200 | 3200 |\n"
        "| 保存时间 | [94秒](evidence:R1#save_time_fx100) | [178秒](evidence:R1#save_time_baseline) |\n"
        "| 高度（U） | 2 | 4 |\n| 恢复时间 | 50 | 60 |"
    )
    assert _bare(table) == ["50", "60"]


@pytest.mark.parametrize(
    ("text", "bare"),
    [
        # MEDIUM 7, 8: the period a cost is taken or money saved over, as "3-year TCO" is
        ("以5年使用周期计算。", []),
        ("以五年使用周期计算。", []),
        ("五年累计节省电费约200万元。", ["约200万元"]),
        # near misses: a time it takes, a bound
        ("保存耗时5年。", ["5年"]),
        ("三年内节省电费。", ["三年内"]),
    ],
)
def test_a_chinese_period_of_a_cost_is_no_figure(text: str, bare: list[str]) -> None:
    assert _bare(text) == bare


E1 = """\
id: E1
title: Five-year TCO model
label: estimate
status: active
figures:
  tco: {value: 9800000, unit: CNY, what: "Five-year TCO, FX100"}
  saved: {value: 2000000, unit: CNY, what: "Power cost saved over five years"}
translations:
  zh:
    title: 五年TCO模型
    what:
      tco: 五年总拥有成本
      saved: 五年内节省电费
"""


def test_a_records_figure_is_placed_at_the_field_that_reads_it(
    project: Callable[..., Path],
) -> None:
    """MEDIUM 8: the "五年" of a later field (its what) was placed at the title, which reads
    it as no figure: the finding went from one field to the other as other lines changed."""
    from fxsite.pages.record_text import record_text_findings

    root = project({"E1.yaml": E1})
    lib = load_library(root / "evidence", root)
    found = [(f.line, f.text) for f in record_text_findings(lib, root) if f.code == "FX501"]
    assert found == [(13, "五年内")]


PRICES = """\
id: P1
title: Price list
label: spec
status: active
figures:
  entry: {value: 680000, unit: CNY, what: 参考价格 入门型}
  save: {value: 94, unit: s, what: 保存时间 入门型}
"""


@pytest.mark.parametrize(
    ("header", "cell", "claim"),
    [
        # MEDIUM 4: "[68](…)" was offered under "（万元）", and refused once written
        ("参考价格（万元）", "68", "[68万元](evidence:P1#entry)"),
        # near miss: a header's unit without a scale keeps the page's number
        ("保存时间（秒）", "94", "[94](evidence:P1#save)"),
    ],
)
def test_the_claim_offered_under_a_scaled_header_passes(
    project: Callable[..., Path], header: str, cell: str, claim: str
) -> None:
    from fxsite.authoring.fix import fix_page

    root = project({"P1.yaml": PRICES})
    lib = load_library(root / "evidence", root)
    page = (
        f"---\nlang: zh\n---\n# 价格\n\n| 配置 | {header} |\n| --- | --- |\n| 入门型 | {cell} |\n"
    )
    result = fix_page(page, "docs/zh/p.md", lib, fixture_renderer())
    assert f"| 入门型 | {claim} |" in result.text, result.unfixed
    _, found = check_page(result.text, "docs/zh/p.md", lib, href_for, fixture_renderer())
    assert [f.code for f in found if f.severity == "error"] == []


@pytest.mark.parametrize(
    ("text", "bare"),
    [
        # MEDIUM 11: capacity and work by their order, as "hundreds of terabytes" is
        ("容量最高可达数百TB，可支撑千万级文件。", ["数百TB", "千万级文件"]),
        # blind91: spaced, and with a scale between
        ("容量达数百 TB，性能达上百万IOPS。", ["数百 TB", "上百万IOPS"]),
        # LOW 12: "内" is the bound's, in the span fix writes
        ("迁移在两天内完成。", ["两天内"]),
        # near misses: vague times and multiples, as "several hours" is; people; memory
        ("单盘重建时间由数小时缩短到数十分钟。", []),
        ("性能提升数倍。", []),
        ("我们有数百名员工，千万级用户信赖。", []),
        ("数据保存在内存中。", []),
    ],
)
def test_chinese_orders_of_amounts_and_bounds(text: str, bare: list[str]) -> None:
    assert _bare(text) == bare


@pytest.mark.parametrize(
    ("text", "figure", "passes"),
    [
        # MEDIUM 6: "提升一倍" doubles
        ("一倍", "doubled", True),
        ("一倍", "tripled", False),
        ("十一倍", "doubled", False),
    ],
)
def test_yi_bei_doubles(project: Callable[..., Path], text: str, figure: str, passes: bool) -> None:
    record = (
        "id: T1\ntitle: T\nlabel: measured\nstatus: active\nfigures:\n"
        '  doubled: {value: 2, unit: "×"}\n  tripled: {value: 3, unit: "×"}\n'
    )
    result = resolves(project({"T1.yaml": record}), text, f"T1#{figure}", lang="zh")
    assert isinstance(result, Claim) is passes


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        ("保存接近[94秒](evidence:R1#save_time_fx100)。", ["FX503"]),  # a bound beside it
        ("最近保存仅需[94秒](evidence:R1#save_time_fx100)。", []),  # near miss: "recently"
    ],
)
def test_jiejin_beside_a_claim_bounds_it(text: str, codes: list[str]) -> None:
    page = f"---\nlang: zh\n---\n# T\n\n{text}\n"
    _, found = check_page(page, PAGE_PATH, library(), href_for, fixture_renderer())
    assert [f.code for f in found if f.severity == "error"] == codes
