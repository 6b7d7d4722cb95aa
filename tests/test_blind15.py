"""Forms a fifteenth blind tester (Chinese pages and tables, no source in view) published
or refused wrongly.

Claims beside what changes them are judged by the one page reader
(:func:`fxsite.markdown.check_page`, the build's and ``check``'s; the gate reads the
published page with the same rules), sentences by the one detector
(:func:`fxsite.verify.reading.detect`). The held-out cases are kept outside the repository.
"""

from __future__ import annotations

import pytest
from sitekit import PAGE_PATH, fixture_renderer, href_for, library

from fxsite.evidence.library import Library
from fxsite.markdown import check_page
from fxsite.verify.reading import detect
from fxsite.verify.scan import scan_content

SAVE = "[94 秒](evidence:R1#save_time_fx100)"


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


# (name, paragraph, the character glued): Chinese numerals a claim's digits continue,
# a sign, Korean scales and a half after it.
GLUED = [
    ("a thousand and", f"耗时一千零{SAVE}。", "零"),
    ("zero point", f"耗时零点{SAVE}。", "点"),
    ("circle zero point", "耗时〇点[94秒](evidence:R1#save_time_fx100)。", "点"),
    ("minus in a word", f"耗时负{SAVE}。", "负"),
    ("and a half", f"耗时{SAVE}半。", "半"),
]


@pytest.mark.parametrize(("page", "char"), [r[1:] for r in GLUED], ids=[r[0] for r in GLUED])
def test_what_continues_a_claim_is_refused(lib: Library, page: str, char: str) -> None:
    html, found = check_page(f"# T\n\n{page}\n", PAGE_PATH, lib, href_for, fixture_renderer())
    assert [f.code for f in found] == ["FX503"], found
    assert found[0].message.startswith(f"'{char}' glued to the claim"), found[0].message
    assert "FX503" in {local.code for local in scan_content(html).local}


def test_a_korean_scale_after_a_claim_is_its_unit_outside_the_link(lib: Library) -> None:
    """만 is a scale of money as 万 is (blind20): the claim is told its unit is outside it."""
    page = "가격 [94](evidence:R1#save_time_fx100)만 원."
    _, found = check_page(f"# T\n\n{page}\n", PAGE_PATH, lib, href_for, fixture_renderer())
    assert [f.code for f in found] == ["FX503"], found
    assert "read '94만 원'; put the unit inside the link" in found[0].message


NEAR = [
    ("altogether", f"耗时一共{SAVE}。"),
    ("a word ending in one", f"统一耗时{SAVE}。"),
    ("half after punctuation", f"耗时{SAVE}，半数更快。"),
]


@pytest.mark.parametrize("page", [r[1] for r in NEAR], ids=[r[0] for r in NEAR])
def test_near_misses_pass(lib: Library, page: str) -> None:
    html, found = check_page(f"# T\n\n{page}\n", PAGE_PATH, lib, href_for, fixture_renderer())
    assert found == []
    assert not scan_content(html).local


# (name, sentence, figures): a calendar year is a date, spaced or of an era.
YEARS = [
    ("a spaced year", "2024 年发布。", []),
    ("a spaced year and a date", "2024 年 3 月 15 日发布。", []),
    ("founded in", "成立于 1998 年。", []),
    ("a Japanese era", "令和6年。", []),
    ("the Republic of China's era", "民国113年。", []),
    ("a duration of years", "用时 3 年。", ["3 年"]),
]


@pytest.mark.parametrize(("text", "figures"), [r[1:] for r in YEARS], ids=[r[0] for r in YEARS])
def test_a_calendar_year_is_a_date(text: str, figures: list[str]) -> None:
    assert [span.text for span in detect(text)] == figures
