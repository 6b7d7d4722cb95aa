"""The Chinese page of the demo in Chinese, at phone and desktop width; the English
page in English."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from conftest import Session, Visit

pytestmark = pytest.mark.browser

# (page, <html lang>, generated section titles by id, Material's search placeholder)
PAGES = [
    (
        "/zh/checkpoint-acceleration/",
        "zh-Hans",
        {
            "frequently-asked-questions": "常见问题",
            "data-sources": "数据来源",
            "related-reading": "相关阅读",
        },
        "搜索",
    ),
    (
        "/checkpoint-acceleration/",
        "en",
        {
            "frequently-asked-questions": "Frequently asked questions",
            "data-sources": "Data sources",
            "related-reading": "Related reading",
        },
        "Search",
    ),
]


@pytest.mark.parametrize("session_name", ["desktop", "phone"])
@pytest.mark.parametrize(("path", "lang", "titles", "search"), PAGES, ids=["zh", "en"])
def test_page_speaks_its_language(
    path: str,
    lang: str,
    titles: dict[str, str],
    search: str,
    session_name: str,
    visit: Visit,
    request: pytest.FixtureRequest,
) -> None:
    session: Session = request.getfixturevalue(session_name)
    page = visit(path, session=session)
    assert page.locator("html").get_attribute("lang") == lang
    for anchor, title in titles.items():
        heading = page.locator(f"article h2#{anchor}")
        assert heading.count() == 1, anchor
        assert heading.inner_text().strip().rstrip("¶").strip() == title
    assert page.locator("input.md-search__input").get_attribute("placeholder") == search
    # Nothing wider than the screen: long Chinese lines wrap.
    assert page.evaluate(
        "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1"
    ), f"{path} scrolls sideways at {session_name} width"
    # No generated English on the Chinese page: its labels and legend are Chinese.
    if lang != "en":
        text = page.locator("article").inner_text()
        for english in ("Data sources", "Related reading", "measured", "Markers", "underlined"):
            assert english not in text, english
