"""The Chinese page of the demo in Chinese, at phone and desktop width; the English
page in English."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from conftest import Drawn, Session, Visit

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


#: What says a page's language: ``<html lang>``, the article's h2 headings by id (as
#: drawn, without the permalink), Material's search placeholder, whether anything is
#: wider than the screen, the articles' text, and the first chart's text.
LANGUAGE_JS = """() => {
  const all = selector => [...document.querySelectorAll(selector)];
  const chart = document.querySelector('.fx-chart');
  const root = document.documentElement;
  return {lang: root.getAttribute('lang'),
          h2: [...document.querySelectorAll('article h2[id]')].map(h => [h.id, h.innerText]),
          search: all('input.md-search__input').map(i => i.getAttribute('placeholder')),
          fits: root.scrollWidth <= root.clientWidth + 1,
          text: all('article').map(a => a.innerText), chart: chart ? chart.textContent : null};
}"""
#: Read on every page by the sweep (conftest.py's ``drawn``), one load a page and session.
SWEEP = {"language": (LANGUAGE_JS, ("desktop", "phone"))}


@pytest.mark.parametrize("session_name", ["desktop", "phone"])
@pytest.mark.parametrize(("path", "lang", "titles", "search"), PAGES, ids=["zh", "en"])
def test_page_speaks_its_language(
    path: str, lang: str, titles: dict[str, str], search: str, session_name: str, drawn: Drawn
) -> None:
    page = drawn.on(session_name, path, "language")
    assert page["lang"] == lang
    for anchor, title in titles.items():
        headings = [text for id, text in page["h2"] if id == anchor]
        assert len(headings) == 1, anchor
        assert headings[0].strip().rstrip("¶").strip() == title
    assert page["search"] == [search]
    # Nothing wider than the screen: long Chinese lines wrap.
    assert page["fits"], f"{path} scrolls sideways at {session_name} width"
    # No generated English on the Chinese page: its labels and legend are Chinese.
    if lang != "en":
        (text,) = page["text"]
        for english in ("Data sources", "Related reading", "measured", "Markers", "underlined"):
            assert english not in text, english


def test_chart_speaks_chinese(drawn: Drawn) -> None:
    text = drawn.on("desktop", "/zh/checkpoint-acceleration/", "language")["chart"]
    # Its words are Chinese; a record reference (R1#save_time_fx100) and a unit symbol stay.
    for english in ("measured", "estimate", "Source", "Bar", "Value", "Label"):
        assert english not in text, english
    assert "实测" in text and "来源" in text and "基准" in text


#: Latin words a Chinese reader may see on the Chinese page: names of products,
#: platforms and formats, and the language switch's own name for English.
_NAMES = (
    "English|FX100|Mingxin|NVMe-oF|NVMe|LoRA|NFS|Qwen-7B|YOLOv8|COCO|SSD|DWPD|RAID|Atlas|GB/s|I/O"
)

_ENGLISH_SHOWN_JS = """(names) => {
  const strip = t => t.replace(new RegExp(`\\\\b(${names})\\\\b`, 'g'), '');
  const seen = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest('script, style, svg, .fx-chart, [hidden]')) continue;
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const drawn = box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
    if (drawn && /[A-Za-z]{3,}/.test(strip(n.textContent))) seen.push(n.textContent.trim());
  }
  for (const el of document.querySelectorAll('[title], [aria-label], [placeholder]')) {
    for (const a of ['title', 'aria-label', 'placeholder']) {
      const v = el.getAttribute(a);
      if (v && /[A-Za-z]{3,}/.test(strip(v).replace(/\\([^)]*[A-Za-z][^)]*\\)/g, '')))
        seen.push(`${a}: ${v}`);
    }
  }
  return seen;
}"""


@pytest.mark.parametrize("session_name", ["desktop", "phone"])
def test_chinese_page_shows_no_english(
    session_name: str, visit: Visit, request: pytest.FixtureRequest
) -> None:
    session: Session = request.getfixturevalue(session_name)
    page = visit("/zh/checkpoint-acceleration/", session=session, idle=True)
    # Navigation, footer, record titles, baselines, tooltips: all Chinese.
    shown = page.evaluate(_ENGLISH_SHOWN_JS, _NAMES)
    assert shown == [], "\n".join(shown)
    assert page.locator(".fx-stats .fx-stat").count() == 3  # the English page's cards
    assert page.locator(".fx-chart").count() == 1  # and its chart
    # Material fetched no sitemap.xml under a language link: nothing failed.
    assert session.watch.problems() == []


@pytest.mark.parametrize(
    ("path", "switch"),
    [
        ("/zh/checkpoint-acceleration/", {"English": "/checkpoint-acceleration/"}),
        ("/checkpoint-acceleration/", {"中文": "/zh/checkpoint-acceleration/"}),
        # no Chinese version: the landing, and the switch says so (blind84 M5)
        ("/faq/", {"中文（此页无中文版）": "/zh/checkpoint-acceleration/"}),
    ],
)
def test_language_switch_goes_to_the_page_in_the_other_language(
    path: str, switch: dict[str, str], visit: Visit, desktop: Session
) -> None:
    page = visit(path, idle=True)
    ((name, target),) = switch.items()
    page.locator(".md-header__option .md-select").hover()
    link = page.locator(f'a.md-select__link:text-is("{name}")')
    link.click()
    page.wait_for_load_state("load")
    assert page.url == desktop.url(target)
    assert desktop.watch.problems() == []
