"""The words fxsite writes on a page follow the page's language (en, zh; else English)."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from bs4 import BeautifulSoup, Tag
from sitekit import CLEAN, build_site_here, copy_site, href_for, library, rows_site, soup

from fxsite.evidence.library import Library
from fxsite.markdown import render_page
from fxsite.pages.claims import Claim, render_claim, resolve_claim, spoken_label, tooltip
from fxsite.pages.language import (
    html_lang,
    language_tag,
    page_language,
    page_tag,
    reading_language,
    theme_language,
    with_html_lang,
)
from fxsite.pages.page import PageResult, process_page
from fxsite.pages.sections import compose
from fxsite.render.messages import MESSAGES, message


def compose_page(result: PageResult, lib: Library, source: str) -> str:
    """The page rendered with its generated sections, its estimate note and sources list
    written in (as the build fills them, from the claims rendered)."""
    html, context = render_page(result, source, lib, href_for)
    return compose(result, lib, href_for).fill(html, [*result.claims, *context.claims])


# (path, front matter lang, site language, the page's language)
LANGUAGES: list[tuple[str, object, str | None, str]] = [
    ("docs/zh/page.md", None, None, "zh"),  # a language folder (mkdocs-static-i18n)
    ("docs/zh-CN/page.md", None, None, "zh"),
    ("docs/zh_cn/guide/page.md", None, None, "zh"),  # any folder level, _ as -
    ("docs/page.zh.md", None, None, "zh"),  # a language suffix
    ("docs/page.md", "zh-Hans", None, "zh"),  # front matter
    ("docs/page.md", "zh", "en", "zh"),
    ("docs/page.md", None, "zh", "zh"),  # the site's language (theme.language)
    # near misses
    ("docs/zh.md", None, None, "en"),  # a page named zh, not a folder
    ("docs/zhong/page.md", None, None, "en"),
    ("docs/v1.2.md", None, None, "en"),  # a version is no language suffix
    ("docs/zh/page.md", "en", None, "en"),  # front matter wins over the folder
    ("docs/en/page.md", None, "zh", "en"),  # the folder wins over the site
    ("docs/zh-Hant/page.md", None, None, "en"),  # Traditional is not Simplified
    ("docs/zh-TW/page.md", None, "zh", "zh"),  # … it falls through to the site
    ("docs/page.md", "fr", None, "en"),  # unknown: English
    ("docs/zh/page.md", "fr", None, "zh"),  # unknown front matter: the folder decides
    ("docs/page.md", None, "fr", "en"),
    ("docs/page.md", 7, None, "en"),  # not a string
    ("docs/page.md", ["zh"], None, "en"),
]


@pytest.mark.parametrize(("path", "front", "site", "expected"), LANGUAGES)
def test_page_language(path: str, front: object, site: str | None, expected: str) -> None:
    assert page_language(path, front, site) == expected


@pytest.mark.parametrize(
    ("tag", "expected"),
    [("zh", "zh"), ("ZH-cn", "zh"), (" zh_Hans ", "zh"), ("en", "en"), ("zh-HK", None), ("", None)],
)
def test_language_tag(tag: str, expected: str | None) -> None:
    assert language_tag(tag) == expected


def test_every_language_has_every_word_with_the_same_placeholders() -> None:
    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    for lang, table in MESSAGES.items():
        assert table.keys() == MESSAGES["en"].keys(), lang
        for key, text in table.items():
            assert fields(text) == fields(MESSAGES["en"][key]), (lang, key)


def test_unknown_language_falls_back_to_english() -> None:
    assert message("sources", "fr") == "Data sources"
    assert message("sources", "zh") == "数据来源"
    assert message("source.measured", "fr", id="R1") == "measured, report R1"


@pytest.mark.parametrize(
    ("page", "site", "theme"),
    [
        ("zh", "en", "zh"),
        ("en", "en", "en"),
        (None, "en", "en"),
        ("en", "zh", "en"),
        ("zh", "zh", "zh"),
    ],
)
def test_theme_language(page: str | None, site: str, theme: str) -> None:
    assert theme_language(page, site) == theme


@pytest.mark.parametrize(
    ("html", "lang", "expected"),
    [
        ('<html lang="zh" class="no-js">', "zh-Hans", '<html lang="zh-Hans" class="no-js">'),
        ('<html lang="en" class="no-js">', "en", '<html lang="en" class="no-js">'),
        ('<html class="x" lang="en">', "zh-Hans", '<html class="x" lang="zh-Hans">'),
        ('<html lang="en">', "ja", '<html lang="ja">'),
        ('<html lang="en">', 'x"><b', '<html lang="x&quot;&gt;&lt;b">'),  # escaped
        # near misses: no html lang to change, or a later one
        ("<html>", "zh-Hans", "<html>"),
        ('<html lang="en"><p lang="en">', "zh-Hans", '<html lang="zh-Hans"><p lang="en">'),
    ],
)
def test_with_html_lang(html: str, lang: str, expected: str) -> None:
    assert with_html_lang(html, lang) == expected


# (path, front matter lang, site language, the language the page is written in)
TAGS: list[tuple[str, object, str | None, str]] = [
    ("docs/page.md", "ja", None, "ja"),  # blind73, finding 8: any language CLDR knows
    ("docs/page.md", "zh_TW", None, "zh-TW"),
    ("docs/ja/page.md", None, None, "ja"),  # a language folder
    ("docs/zh-TW/x.md", None, "en", "zh-TW"),
    ("docs/page.ja.md", None, None, "ja"),  # a suffix
    ("docs/page.md", None, "fr", "fr"),  # the site's
    ("docs/zh/page.md", None, None, "zh"),  # a language fxsite writes, as before
    ("docs/ja/page.md", "en", None, "en"),  # front matter wins over the folder
    # near misses: folders and suffixes that are no language, a tag that is none
    ("docs/api/page.md", None, None, "en"),
    ("docs/sub/blog/page.md", None, None, "en"),
    ("docs/v1.2.md", None, None, "en"),
    ("docs/page.md", "klingon", None, "en"),
    ("docs/page.md", 7, None, "en"),
]


@pytest.mark.parametrize(("path", "front", "site", "expected"), TAGS)
def test_page_tag(path: str, front: object, site: str | None, expected: str) -> None:
    assert page_tag(path, front, site) == expected


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        ("en", "en"),
        ("en-US", "en"),  # one language, two regions
        ("zh-CN", "zh"),
        ("zh-Hans-TW", "zh"),  # Simplified wherever it is written
        ("zh-TW", "zh-Hant"),  # Traditional is not Simplified
        ("zh-HK", "zh-Hant"),
        ("ja", "ja"),
        ("ja-JP", "ja"),
        ("pt-BR", "pt"),
    ],
)
def test_reading_language(tag: str, expected: str) -> None:
    assert reading_language(tag) == expected


@pytest.mark.parametrize(
    ("lang", "tag", "expected"),
    [
        ("zh", "zh-CN", "zh-Hans"),
        ("en", "en-US", "en"),
        ("en", "ja", "ja"),  # English words on a Japanese page: still Japanese
        ("en", "zh-TW", "zh-TW"),
        # a page fxsite writes Chinese words on says so: the audit reads them by this tag
        ("zh", "zh-TW", "zh-Hans"),
    ],
)
def test_html_lang(lang: str, tag: str, expected: str) -> None:
    assert html_lang(lang, tag) == expected


SOURCE = """---
title: Page
faq:
  - q: Why?
    a: Saves take [178 s](evidence:R1#save_time_baseline).
---

# Page

Saves take [178 s](evidence:R1#save_time_baseline), [20](evidence:E1#saves) a run.
"""

ENGLISH = ["Frequently asked questions", "Data sources", "Related reading", "Markers"]
CHINESE = ["常见问题", "数据来源", "相关阅读", "标记说明"]


@pytest.mark.parametrize(
    ("path", "front", "words", "absent"),
    [
        ("docs/zh/page.md", "", CHINESE, ENGLISH),
        ("docs/page.md", "lang: zh-CN\n", CHINESE, ENGLISH),
        ("docs/page.md", "", ENGLISH, CHINESE),
        ("docs/page.md", "lang: fr\n", ENGLISH, CHINESE),  # unknown: English
        ("docs/zh/page.md", "lang: en\n", ENGLISH, CHINESE),
    ],
)
def test_generated_sections_follow_the_page_language(
    path: str, front: str, words: list[str], absent: list[str]
) -> None:
    lib = library()
    source = SOURCE.replace("---\ntitle", f"---\n{front}title", 1)
    result = process_page(source, path, lib, href_for)
    assert result.findings == []
    page = compose_page(result, lib, source)
    for word in words:
        assert word in page
    for word in absent:
        assert word not in page
    headings = re.findall(r"<h2[^>]*>(.+?)</h2>", page)
    assert headings == [words[0], words[1], words[2]]


def test_chinese_estimate_note_and_labels() -> None:
    lib = library()
    result = process_page(SOURCE, "docs/zh/page.md", lib, href_for)
    page = compose_page(result, lib, SOURCE)
    assert '<p class="fx-estimate-note">标有<span class="fx-mark">估算</span>' in page
    assert '<span class="fx-label fx-label--measured">实测</span>' in page
    english = compose_page(process_page(SOURCE, "docs/page.md", lib, href_for), lib, SOURCE)
    assert '<p class="fx-estimate-note">Figures marked <span class="fx-mark">est.</span>' in english
    assert '<span class="fx-label fx-label--measured">measured</span>' in english


def _claim(lang: str, ref: str = "R1#save_time_fx100") -> Claim:
    result = resolve_claim("", f"evidence:{ref}", library(), lang=lang)
    assert isinstance(result, Claim)
    return result


@pytest.mark.parametrize(
    ("lang", "ref", "tip", "spoken", "badge"),
    [
        (
            "zh",
            "R1#save_time_fx100",
            "Save time, FX100 · 实测，报告 R1 · 2026-03-14",
            "（实测，报告 R1）",
            "R1",
        ),
        ("zh", "E1#saves", "Checkpoint saves per run · 模型 E1 估算", "（模型 E1 估算）", "估算"),
        (
            "zh",
            "R1#setup.baseline",
            "报告 R1 的测试条件（基线）",
            "（测试条件，报告 R1）",
            None,
        ),
        (
            "en",
            "R1#save_time_fx100",
            "Save time, FX100 · measured, report R1 · 2026-03-14",
            " (measured, report R1)",
            "R1",
        ),
        ("en", "E1#saves", "Checkpoint saves per run · estimate from model E1", None, "est."),
    ],
)
def test_claim_words_follow_the_page_language(
    lang: str, ref: str, tip: str, spoken: str | None, badge: str | None
) -> None:
    lib = library()
    claim = _claim(lang, ref)
    assert tooltip(claim, lib) == tip
    html = render_claim(claim, lib, href_for)
    link = BeautifulSoup(html, "html.parser").a
    assert isinstance(link, Tag)
    assert link["title"] == tip
    assert link.get("data-fx-lang") == (None if lang == "en" else lang)
    if spoken is not None:
        assert link.select_one(".fx-sr").get_text() == spoken  # type: ignore[union-attr]
        assert spoken_label(claim) in spoken
    shown = link.select_one(".fx-badge")
    assert (shown.get_text() if shown else None) == badge


def test_chinese_stats_cards() -> None:
    lib = library()
    source = "# 页面\n\n```evidence-stats\n[1.9倍](evidence:R1#save_speedup) | 保存更快\n```\n"
    page = process_page(source, "docs/zh/page.md", lib, href_for)
    assert page.findings == []
    assert (
        '<span class="fx-stat-source" aria-hidden="true" data-search-exclude="">实测 · R1</span>'
        in page.markdown
    )
    english = process_page(source.replace("1.9倍", "1.9×"), "docs/page.md", lib, href_for)
    assert "Measured · R1" in english.markdown


CHINESE_PAGE = """---
title: 中文页面
related:
  - index.md
faq:
  - q: 为什么？
    a: 保存需要[178秒](evidence:R1#save_time_baseline)。
---

# 中文页面

保存时间从[178秒](evidence:R1#save_time_baseline)缩短到[](evidence:R1#save_time_fx100)，
每次运行保存[](evidence:E1#saves)次。
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = copy_site(CLEAN, tmp_path_factory.mktemp("lang"))
    (project / "docs" / "zh").mkdir()
    (project / "docs" / "zh" / "page.md").write_text(CHINESE_PAGE, encoding="utf-8")
    (project / "docs" / "fr.md").write_text(
        CHINESE_PAGE.replace("title: 中文页面", "lang: fr\ntitle: Page"), encoding="utf-8"
    )
    with (project / "mkdocs.yml").open("a", encoding="utf-8") as config:
        config.write(ZH_CHROME)
    with (project / "evidence" / "R1.yaml").open("a", encoding="utf-8") as record:
        record.write("translations:\n  zh:\n    title: 检查点写入，8卡测试\n")
    return build_site_here(project, project / "site")


#: The site's words in Chinese, and Material's language switch (fxsite.pages.chrome).
ZH_CHROME = """
extra:
  alternate:
    - {name: English, link: ./, lang: en}
    - {name: 中文, link: zh/page/, lang: zh}
  fxsite_translations:
    zh:
      site_name: 测试站点
      copyright: 版权所有
      nav: {Fixture home: 测试首页}
"""


def _chrome(page: BeautifulSoup) -> dict[str, object]:
    def text(selector: str) -> str:
        found = page.select_one(selector)
        return " ".join(found.get_text().split()) if found is not None else ""

    switch = [(a.get_text().strip(), a["href"]) for a in page.select("a.md-select__link")]
    return {
        "site_name": text(".md-header__topic .md-ellipsis"),
        "copyright": text(".md-copyright__highlight"),
        "nav": [a.get_text().strip() for a in page.select("a.md-nav__link") if a.get("href")],
        "switch": switch,
        "head_alternates": len(page.select('head link[rel="alternate"][hreflang]')),
        "permalinks": {str(a.get("title")) for a in page.select("a.headerlink")},
    }


@pytest.mark.slow
def test_built_chinese_page_wears_chinese_chrome(built: Path) -> None:
    zh = _chrome(soup(built / "zh" / "page" / "index.html"))
    assert zh["site_name"] == "测试站点"
    assert zh["copyright"] == "版权所有"
    # each entry leads to an English page, and says so (blind84 M5)
    assert "测试首页（英文）" in zh["nav"] and "Fixture home" not in zh["nav"]  # type: ignore[operator]
    assert "证据库（英文）" in zh["nav"]  # the generated library's title, from the catalogue
    # no English version of this page: the switch says so (blind84 M5)
    assert zh["switch"] == [("English (no English version)", "../../"), ("中文", "./")]
    assert zh["head_alternates"] == 0  # Material would fetch a sitemap.xml under each
    assert zh["permalinks"] == {"永久链接"}
    page = soup(built / "zh" / "page" / "index.html")
    related = page.select_one("ul.fx-related li")
    assert related is not None and related.get_text() == "测试首页（英文）"
    titles = [t.get_text() for t in page.select(".fx-source-title")]
    assert "检查点写入，8卡测试" in titles


@pytest.mark.slow
def test_built_english_page_keeps_its_chrome(built: Path) -> None:
    en = _chrome(soup(built / "index.html"))
    assert en["site_name"] == "Fixture clean site"
    assert en["copyright"] == ""
    assert "Fixture home" in en["nav"] and "测试首页" not in en["nav"]  # type: ignore[operator]
    # the home page has no Chinese version: its switch says so (blind84 M5)
    assert en["switch"] == [("English", "./"), ("中文（此页无中文版）", "zh/page/")]
    assert en["permalinks"] <= {"Permanent link"}  # type: ignore[operator]


@pytest.mark.slow
def test_built_chinese_page_speaks_chinese(built: Path) -> None:
    page = soup(built / "zh" / "page" / "index.html")
    assert page.html is not None and page.html["lang"] == "zh-Hans"
    headings = [(h.get("id"), h.get_text().strip("¶ ")) for h in page.select("article h2")]
    # One id per section in every language, so links to a section work in each version.
    assert headings == [
        ("frequently-asked-questions", "常见问题"),
        ("data-sources", "数据来源"),
        ("related-reading", "相关阅读"),
    ]
    search = page.select_one("input.md-search__input")
    assert search is not None and search["placeholder"] == "搜索"  # Material's own words
    claim = page.select_one('a.fx-claim[data-fx-ref="R1#save_time_fx100"]')
    assert claim is not None and claim.get_text().startswith("94秒")
    assert "实测，报告 R1" in str(claim["title"])
    related = page.select_one("ul.fx-related li")
    assert related is not None and related.get_text().endswith("（英文）")
    link = related.a
    assert link is not None and link["hreflang"] == "en"


@pytest.mark.slow
@pytest.mark.parametrize(("path", "lang"), [("index.html", "en"), ("fr/index.html", "fr")])
def test_built_other_pages_stay_english(built: Path, path: str, lang: str) -> None:
    """fxsite's words stay English on a page in a language it does not write, and the
    page still says which language it is in (blind73, finding 8: it said ``en``)."""
    page = soup(built / path)
    assert page.html is not None and page.html["lang"] == lang
    search = page.select_one("input.md-search__input")
    assert search is not None and search["placeholder"] == "Search"
    text = page.get_text()
    assert "Data sources" in text and "数据来源" not in text


@pytest.mark.slow
def test_audit_rerenders_a_chinese_claim_in_chinese(built: Path, tmp_path: Path) -> None:
    from fxsite.verify import verify_site

    assert [f for f in verify_site(built) if f.severity == "error"] == []
    page = built / "zh" / "page" / "index.html"
    original = page.read_text(encoding="utf-8")
    try:
        # A claim that says it is English but words its tooltip in Chinese.
        page.write_text(original.replace('data-fx-lang="zh"', 'data-fx-lang="en"', 1), "utf-8")
        codes = {f.code for f in verify_site(built) if f.severity == "error"}
        assert "FX612" in codes
    finally:
        page.write_text(original, encoding="utf-8")


@pytest.mark.slow
def test_an_author_heading_keeps_the_section_id_unique(tmp_path: Path) -> None:
    project = copy_site(CLEAN, tmp_path)
    (project / "docs" / "zh").mkdir()
    page = CHINESE_PAGE + "\n## 数据来源\n\n作者自己的一节。\n"
    (project / "docs" / "zh" / "page.md").write_text(page, encoding="utf-8")
    built = soup(build_site_here(project, project / "site") / "zh" / "page" / "index.html")
    ids = [h.get("id") for h in built.select("article [id]")]
    assert len(ids) == len(set(ids))
    assert ids.count("data-sources") == 1


def test_a_chinese_sites_faq_page_is_written_in_chinese(tmp_path: Path) -> None:
    """blind78: on a site in Chinese (``theme.language: zh``), the generated FAQ page's
    legend was English, and the gate, which reads it in the site's language, refused the
    site; its heading and its legend are the site's language's now."""
    site = rows_site(tmp_path / "s", home=CHINESE_PAGE)
    config = site / "mkdocs.yml"
    config.write_text(
        config.read_text("utf-8").replace(
            "  name: material\n", "  name: material\n  language: zh\n", 1
        ),
        "utf-8",
    )
    built = build_site_here(site, site / "site")
    faq = (built / "faq" / "index.html").read_text("utf-8")
    assert "标记说明" in faq and ">Markers<" not in faq
    assert "下划线" in faq  # the legend's words, in Chinese


def _translations() -> list[tuple[str, str, str]]:
    """Every string of Material's language partials (``"#"`` as a number), but the blog's
    reading times ("1 min read", drawn on a post only)."""
    import re
    from importlib.util import find_spec

    spec = find_spec("material")
    assert spec is not None and spec.origin is not None
    folder = Path(spec.origin).parent / "templates" / "partials" / "languages"
    rows = []
    for file in sorted(folder.glob("*.html")):
        for key, value in re.findall(r'"([\w.]+)":\s*"((?:[^"\\]|\\.)*)"', file.read_text("utf-8")):
            if not key.startswith("readtime."):
                rows.append((file.stem, key, value.replace("#", "1")))
    return rows


def test_materials_own_words_hold_no_figure_in_any_language() -> None:
    """blind79: a fresh site in 15 of Material's languages could not be built: its
    translations, in every page's ``__config``, read as figures ("1 más en esta página":
    '1 m'; "1 sökträff": '1 s'; "1 pe pagină": '1 pe')."""
    from fxsite.pages.figures import find_bare_figures

    rows = _translations()
    assert len(rows) > 500
    found = [(lang, key, text) for lang, key, text in rows if find_bare_figures(text)]
    assert found == []
