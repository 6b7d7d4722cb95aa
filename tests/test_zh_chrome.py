"""The site's words around a page in the page's language, and Material's language switch."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from fxsite.mkdocs_language import PageChrome
from fxsite.pages.chrome import (
    chrome,
    page_alternates,
    page_versions,
    version_key,
    without_alternate_links,
)

_EXTRA = {
    "alternate": [
        {"name": "English", "link": "./", "lang": "en"},
        {"name": "中文", "link": "zh/a/", "lang": "zh"},
    ],
    "fxsite_translations": {
        "zh": {"site_name": "FX100 性能", "copyright": "版权", "nav": {"Home": "首页"}},
    },
}


@pytest.mark.parametrize(
    ("src", "key"),
    [
        ("zh/a.md", "a.md"),
        ("a.zh.md", "a.md"),
        ("zh-CN/guide/a.md", "guide/a.md"),
        ("a.md", "a.md"),
        # near misses: not a language folder or suffix
        ("zhx/a.md", "zhx/a.md"),
        ("fr/a.md", "fr/a.md"),  # a language fxsite does not write
        ("a.b.md", "a.b.md"),
        ("zh.md", "zh.md"),
    ],
)
def test_version_key(src: str, key: str) -> None:
    assert version_key(src) == key


def test_page_versions_pair_a_page_with_its_translation() -> None:
    urls = {"a.md": "a/", "zh/a.md": "zh/a/", "b.md": "b/", "index.md": ""}
    lang = {"zh/a.md": "zh"}
    versions = page_versions(urls, lambda src: lang.get(src, "en"))
    assert versions["a.md"] == versions["zh/a.md"] == {"en": "a/", "zh": "zh/a/"}
    assert versions["b.md"] == {"en": "b/"}
    assert versions["index.md"] == {"en": ""}


@pytest.mark.parametrize(
    ("versions", "links"),
    [
        ({"en": "a/", "zh": "zh/a/"}, ["a/", "zh/a/"]),  # each to the page's own version
        ({"en": "b/"}, ["b/", "zh/a/"]),  # no Chinese version: where mkdocs.yml says
        ({"en": ""}, ["./", "zh/a/"]),  # the home page
        ({}, ["./", "zh/a/"]),
    ],
)
def test_the_switch_links_to_the_page_own_versions(
    versions: dict[str, str], links: list[str]
) -> None:
    out = page_alternates(_EXTRA["alternate"], versions)
    assert out is not None
    assert [a["link"] for a in out] == links
    assert [a["name"] for a in out] == ["English", "中文"]


@pytest.mark.parametrize(
    ("versions", "lang", "names"),
    [
        # no Chinese version: the entry says so in Chinese (blind84 M5)
        ({"en": "b/"}, "en", ["English", "中文（此页无中文版）"]),
        ({}, "en", ["English", "中文（此页无中文版）"]),  # a record page
        # a Chinese page with no English version: the English entry says so in English
        ({"zh": "zh/c/"}, "zh", ["English (no English version)", "中文"]),
        # near misses: a version in every language; the page's own language is never missing
        ({"en": "a/", "zh": "zh/a/"}, "en", ["English", "中文"]),
        ({"en": "a/", "zh": "zh/a/"}, "zh", ["English", "中文"]),
        ({}, None, ["English", "中文"]),
    ],
)
def test_the_switch_says_where_a_page_has_no_version(
    versions: dict[str, str], lang: str | None, names: list[str]
) -> None:
    out = page_alternates(_EXTRA["alternate"], versions, lang)
    assert out is not None
    assert [a["name"] for a in out] == names


@pytest.mark.parametrize("alternates", [None, "English", {"name": "English"}])
def test_no_switch_without_a_list(alternates: object) -> None:
    assert page_alternates(alternates, {"en": "a/"}) is None


@pytest.mark.parametrize(
    ("extra", "lang", "site_name", "nav"),
    [
        (_EXTRA, "zh", "FX100 性能", {"Home": "首页"}),
        ({"fxsite_translations": {"zh-Hans": {"site_name": "站"}}}, "zh", "站", {}),
        (_EXTRA, "en", None, {}),
        # malformed: nothing taken, nothing raised
        ({"fxsite_translations": ["zh"]}, "zh", None, {}),
        ({"fxsite_translations": {"zh": {"site_name": 5, "nav": {"Home": 1}}}}, "zh", None, {}),
        (None, "zh", None, {}),
    ],
)
def test_chrome(extra: Any, lang: str, site_name: str | None, nav: dict[str, str]) -> None:
    words = chrome(extra, lang)
    assert words.site_name == site_name
    assert dict(words.nav) == nav


def test_head_alternate_links_are_dropped_and_nothing_else() -> None:
    page = (
        '<head>\n  <link rel="alternate" href="./" hreflang="en">\n'
        '  <link rel="alternate" type="application/rss+xml" href="feed.xml">\n</head>'
        '<body><link rel="alternate" href="./" hreflang="en"></body>'
    )
    out = without_alternate_links(page)
    assert 'hreflang="en">\n  <link rel="alternate" type' not in out
    assert 'type="application/rss+xml"' in out
    assert out.endswith('<body><link rel="alternate" href="./" hreflang="en"></body>')


class _Config(dict[str, Any]):
    @property
    def extra(self) -> Any:
        return self["extra"]


def _page(title: str, src: str) -> Any:
    return SimpleNamespace(title=title, file=SimpleNamespace(src_uri=src), children=None)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_page_is_dressed_in_its_language_and_undressed_after(lang: str) -> None:
    config = _Config(site_name="FX100 Performance", copyright="(c)", extra=dict(_EXTRA))
    home, library = _page("Home", "index.md"), _page("Evidence Library", "evidence/index.md")
    section = SimpleNamespace(title="Guides", children=[home])
    nav = SimpleNamespace(items=[section, library])
    dressing = PageChrome()
    dressing.dress(
        config,
        nav,
        lang=lang,
        site_language="en",
        versions={"en": "a/", "zh": "zh/a/"},
        library_index="evidence/index.md",
    )
    shown = (config["site_name"], config["copyright"], home.title, library.title, section.title)
    if lang == "zh":
        assert shown == ("FX100 性能", "版权", "首页", "证据库", "Guides")
    else:
        assert shown == ("FX100 Performance", "(c)", "Home", "Evidence Library", "Guides")
    assert [a["link"] for a in config["extra"]["alternate"]] == ["a/", "zh/a/"]
    dressing.undress()
    assert (config["site_name"], config["copyright"], home.title, library.title) == (
        "FX100 Performance",
        "(c)",
        "Home",
        "Evidence Library",
    )
    assert config["extra"]["alternate"] == _EXTRA["alternate"]


@pytest.mark.parametrize(
    ("lang", "titles"),
    [
        # a Chinese page's tabs to English pages say so (blind84 M5); its own is unmarked
        ("zh", ["首页（英文）", "证据库（英文）", "中文页"]),
        # an English page's tab to a Chinese page says so in English
        ("en", ["Home", "Evidence Library", "中文页 (Chinese)"]),
    ],
)
def test_navigation_to_a_page_in_another_language_says_so(lang: str, titles: list[str]) -> None:
    config = _Config(site_name="FX100 Performance", copyright="(c)", extra=dict(_EXTRA))
    home, library = _page("Home", "index.md"), _page("Evidence Library", "evidence/index.md")
    chinese = _page("中文页", "zh/a.md")
    nav = SimpleNamespace(items=[home, library, chinese])
    dressing = PageChrome()
    languages = {"index.md": "en", "evidence/index.md": "en", "zh/a.md": "zh"}
    dressing.dress(
        config,
        nav,
        lang=lang,
        site_language="en",
        versions={lang: "x/"},
        library_index="evidence/index.md",
        language_of=languages.__getitem__,
    )
    assert [home.title, library.title, chinese.title] == titles
    dressing.undress()
    assert [home.title, library.title, chinese.title] == ["Home", "Evidence Library", "中文页"]


class _Entry(SimpleNamespace):
    """A navigation entry whose ``active`` is set as MkDocs' is (a page's, with its sections)."""

    parent: Any = None

    @property
    def active(self) -> bool:
        return bool(self.__dict__.get("_active", False))

    @active.setter
    def active(self, value: bool) -> None:
        self.__dict__["_active"] = value
        if self.parent is not None:
            self.parent.active = value


@pytest.mark.parametrize(("in_library", "active"), [(True, True), (False, False)])
def test_a_record_page_shows_the_library_as_where_the_reader_is(
    in_library: bool, active: bool
) -> None:
    """A record page is in no navigation: its library's tab is the active one (blind84 L6);
    the near miss, a page elsewhere, leaves it as it was."""
    config = _Config(site_name="S", copyright="(c)", extra=dict(_EXTRA))
    section = _Entry(title="Evidence", children=None)
    library = _Entry(title="Evidence Library", file=SimpleNamespace(src_uri="evidence/index.md"))
    library.parent, section.children = section, [library]
    home = _Entry(title="Home", file=SimpleNamespace(src_uri="index.md"))
    nav = SimpleNamespace(items=[home, section])
    dressing = PageChrome()
    dressing.dress(
        config,
        nav,
        lang="en",
        site_language="en",
        versions={},
        library_index="evidence/index.md",
        in_library=in_library,
    )
    assert (library.active, section.active, home.active) == (active, active, False)
    dressing.undress()
    assert (library.active, section.active) == (False, False)


@pytest.mark.parametrize(
    ("configured", "lang", "title"),
    [
        (None, "zh", "永久链接"),
        ("Permanent link", "zh", "永久链接"),
        (None, "en", "Permanent link"),
        ("Link here", "zh", "Permanent link"),  # the site's own title is left as written
    ],
)
def test_permalink_titles(configured: str | None, lang: str, title: str) -> None:
    from fxsite.pages.chrome import with_permalink_titles

    page = '<h2 id="a">A<a class="headerlink" href="#a" title="Permanent link">&para;</a></h2>'
    other = '<a href="#b" title="Permanent link">b</a>'  # not a heading's permalink
    out = with_permalink_titles(page + other, configured, lang)
    assert out == page.replace("Permanent link", title) + other


def test_palette_toggles_are_named_in_the_page_language() -> None:
    extra = {
        "fxsite_translations": {"zh": {"palette_toggles": ["切换到深色模式", "切换到浅色模式"]}}
    }
    palette = [{"toggle": {"name": "Switch to dark mode"}}, {"toggle": {"name": "Light"}}]
    holder = _Config(site_name="S", copyright="C", extra=extra)
    holder.theme = {"palette": palette}  # type: ignore[attr-defined]
    dressing = PageChrome()
    dressing.dress(
        holder, None, lang="zh", site_language="en", versions={}, library_index="evidence/index.md"
    )
    assert [p["toggle"]["name"] for p in palette] == ["切换到深色模式", "切换到浅色模式"]
    dressing.undress()
    assert [p["toggle"]["name"] for p in palette] == ["Switch to dark mode", "Light"]


@pytest.mark.parametrize(
    ("words", "where"),
    [
        ("site_name: FX100 性能，保存快94秒", [(6, 30)]),
        ("copyright: 读取快 3 倍", [(6, 22)]),
        ("nav: {Home: 首页, Joint testing: 8卡联合测试 20 min}", [(6, 45)]),
        ("palette_toggles: [深色, 浅色 50%]", [(6, 32)]),
        # near misses: names and versions
        ("site_name: FX100 性能（8卡 32B LoRA）", []),
        ("nav: {Home: 首页, FAQ: MkDocs 1.6 常见问题}", []),
    ],
)
def test_translated_site_words_are_judged_at_their_line(
    words: str, where: list[tuple[int, int]], tmp_path: Path
) -> None:
    from fxsite.evidence.library import load_library
    from fxsite.pages.config_text import config_findings

    (tmp_path / "evidence").mkdir()
    lib = load_library(tmp_path / "evidence", tmp_path)
    config = f"site_name: S\nextra:\n  fxsite_translations:\n    zh:\n      x: y\n      {words}\n"
    found = config_findings(config, "mkdocs.yml", lib)
    assert [(f.line, f.col) for f in found] == where, [f.format() for f in found]
    assert all(f.code == "FX501" for f in found)
