"""Related reading lists what the author chose, then pages in the page's language that
cite the same records, never a home page; the home template has none of its own, and
the plugin's ``auto_related: false`` turns the automatic list off (blind72, finding 10:
an English product page listed the home page and the Chinese home page, as they cited
the same warranty record)."""

from __future__ import annotations

import pytest
from sitekit import href_for, library

from fxsite.markdown import render_page
from fxsite.pages.page import process_page
from fxsite.pages.sections import compose
from fxsite.pages.site import PageInfo, SiteIndex

CLAIM = "Saves take [94 s](evidence:R1#save_time_fx100).\n"
HOME = "---\ntemplate: fxsite-home.html\n---\n"
PAGES = {
    "index.md": f"{HOME}# Home\n\n{CLAIM}",
    "zh/index.md": "# 首页\n\n保存需要[94秒](evidence:R1#save_time_fx100)。\n",
    "zh/other.md": "# 其他\n\n保存需要[94秒](evidence:R1#save_time_fx100)。\n",
    "a.md": f"# A\n\n{CLAIM}",
    "b.md": f"# B\n\n{CLAIM}",
    "c.md": f"---\nrelated:\n  - b.md\n---\n# C\n\n{CLAIM}",
    "welcome/index.md": f"# Welcome\n\n{CLAIM}",  # an index page that is no home page
    "plain.md": "# Plain\n\nNo figures.\n",
    # blind73, finding 8: languages fxsite does not write are languages still
    "e.md": f"---\nlang: ja\n---\n# E\n\n{CLAIM}",
    "f.md": f"---\nlang: zh-TW\n---\n# F\n\n{CLAIM}",
    "ja/y.md": f"# Y\n\n{CLAIM}",
    "zh-TW/x.md": f"# X\n\n{CLAIM}",
    "zh-HK/w.md": f"# W\n\n{CLAIM}",
    # near misses: English by another tag; a folder that is no language
    "g.md": f"---\nlang: en-US\n---\n# G\n\n{CLAIM}",
    "api/h.md": f"# H\n\n{CLAIM}",
}


def _index(auto: bool = True, pages: dict[str, str] = PAGES) -> SiteIndex:
    lib = library()
    index = SiteIndex(auto_related=auto)
    for src, source in pages.items():
        result = process_page(source, f"docs/{src}", lib, href_for)
        html, context = render_page(result, source, lib, href_for)
        result.claims = context.claims
        index.pages[src] = PageInfo(src, src.removesuffix(".md") + "/", src, result)
        index.add_html(src, html)
    return index


@pytest.mark.parametrize(
    ("src", "listed"),
    [
        # no home page (index.md, nor zh/index.md), nor a page in another language
        ("a.md", ["api/h.md", "b.md", "c.md", "g.md", "welcome/index.md"]),
        ("zh/other.md", []),
        # a language fxsite does not write, by front matter or folder (blind73, finding 8)
        ("e.md", ["ja/y.md"]),
        ("ja/y.md", ["e.md"]),
        ("f.md", ["zh-HK/w.md", "zh-TW/x.md"]),  # Traditional Chinese, two regions
        ("g.md", ["a.md", "api/h.md", "b.md", "c.md", "welcome/index.md"]),  # en-US is English
        # the front matter's list first, then the automatic one without repeating it
        ("c.md", ["b.md", "a.md", "api/h.md", "g.md", "welcome/index.md"]),
        # near miss: an index.md in a folder is no home page
        ("b.md", ["a.md", "api/h.md", "c.md", "g.md", "welcome/index.md"]),
    ],
)
def test_related_reading_lists_no_home_and_no_other_language(src: str, listed: list[str]) -> None:
    assert [target for _, target in _index().related(src)] == listed


def test_auto_related_off_leaves_the_front_matters_list() -> None:
    index = _index(auto=False)
    assert index.related("a.md") == []
    assert [target for _, target in index.related("c.md")] == ["b.md"]


def _sections(src: str, auto: bool = True) -> list[str]:
    result = process_page(PAGES[src], f"docs/{src}", library(), href_for)
    composed = compose(result, library(), href_for, auto)
    return [line for line in composed.markdown.splitlines() if line.startswith("## ")]


@pytest.mark.parametrize(
    ("src", "auto", "sections"),
    [
        ("index.md", True, ["## Data sources"]),  # the home template: no Related reading
        ("a.md", False, ["## Data sources"]),  # auto_related off, no related: in front matter
        ("c.md", False, ["## Data sources", "## Related reading"]),  # its own list
        # near misses: an ordinary page, a page with no claims
        ("a.md", True, ["## Data sources", "## Related reading"]),
        ("plain.md", True, ["## Related reading"]),
    ],
)
def test_which_pages_have_related_reading(src: str, auto: bool, sections: list[str]) -> None:
    assert _sections(src, auto) == sections


def test_a_home_page_listing_related_pages_has_them() -> None:
    home = f"---\ntemplate: fxsite-home.html\nrelated:\n  - a.md\n---\n# Home\n\n{CLAIM}"
    pages = {**PAGES, "index.md": home}
    result = process_page(pages["index.md"], "docs/index.md", library(), href_for)
    assert "## Related reading" in compose(result, library(), href_for).markdown
    assert [target for _, target in _index(pages=pages).related("index.md")] == ["a.md"]
