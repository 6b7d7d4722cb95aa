"""The language of a page, and the words fxsite writes on it.

Every word the build generates on a content page (section titles, the label
legend, the estimate note, a claim's tooltip and screen-reader text, "no
related pages yet") comes from :data:`UI`, one table per language. English
(``en``) and Simplified Chinese (``zh``) are written; any other language falls
back to English, word by word, so a table that lacks a word still renders.

A page's language, first that applies:

1. front matter ``lang:`` (``zh``, ``zh-Hans``, ``zh-CN``, ``en`` …);
2. a language folder in its path, as mkdocs-static-i18n lays out a site
   (``docs/zh/page.md``), or a language suffix (``docs/page.zh.md``);
3. the site's language: Material's ``theme.language`` in ``mkdocs.yml``;
4. English.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

__all__ = [
    "DEFAULT",
    "HTML_LANG",
    "SECTION_IDS",
    "UI",
    "language_tag",
    "page_language",
    "theme_language",
    "ui",
    "with_html_lang",
]

DEFAULT = "en"

#: The ``lang`` attribute value of each language fxsite writes.
HTML_LANG = {"en": "en", "zh": "zh-Hans"}

#: BCP 47 tags (lower case, ``_`` read as ``-``) that mean a language fxsite writes.
#: Traditional Chinese (zh-Hant, zh-TW, zh-HK) is not Simplified: it falls back.
_TAGS = {
    "en": "en",
    "zh": "zh",
    "zh-hans": "zh",
    "zh-cn": "zh",
    "zh-sg": "zh",
    "zh-hans-cn": "zh",
}

UI: dict[str, dict[str, str]] = {
    "en": {
        "faq": "Frequently asked questions",
        "sources": "Data sources",
        "related": "Related reading",
        "sources_none": "This page cites no evidence records.",
        "related_none": "No related pages yet.",
        "label.measured": "measured",
        "label.spec": "vendor spec",
        "label.public": "public source",
        "label.estimate": "estimate",
        "legend": "Markers",
        "legend.link": (
            '<span class="fx-legend-sample">underlined</span> a figure links to the '
            "record behind it; hover or focus it for what was measured and against what"
        ),
        "legend.id": (
            '<span class="fx-mark fx-mark--id">R1</span> the report or record ID, '
            "shown once per section after a figure it backs"
        ),
        "legend.estimate": (
            '<span class="fx-mark">{mark}</span> an estimate from a model, '
            "not a measurement: marked at every use"
        ),
        "estimate.one": (
            'Figures marked <span class="fx-mark">{mark}</span> are estimates from a model, '
            "not measurements: {models}. Its assumptions and formulas are on its record page."
        ),
        "estimate.many": (
            'Figures marked <span class="fx-mark">{mark}</span> are estimates from models, '
            "not measurements: {models}. Their assumptions and formulas are on their "
            "record pages."
        ),
        "list_sep": ", ",
        "mark.estimate": "est.",
        # A claim's tooltip and screen-reader text: "measured, report R1"
        "source.measured": "measured, report {id}",
        "source.spec": "vendor specification, record {id}",
        "source.public": "public source, record {id}",
        "source.estimate": "estimate from model {id}",
        "versus": "vs {baseline}",
        "setup": "Test condition ({name}) of {noun} {id}",
        "setup.spoken": "test condition, {noun} {id}",
        "noun.measured": "report",
        "noun.spec": "record",
        "noun.public": "record",
        "noun.estimate": "model",
        "spoken": " ({label})",
        # The source line of a headline card (evidence-stats)
        "stat.measured": "Measured · {id}",
        "stat.spec": "Vendor spec · {id}",
        "stat.public": "Public source · {id}",
        "stat.estimate": "Estimate · model {id}",
        "stat.setup": "Test condition · {id}",
        # After a link to a page in another language: "Training bubbles (English)"
        "other_language": " ({name})",
        "name.en": "English",
        "name.zh": "Chinese",
    },
    "zh": {
        "faq": "常见问题",
        "sources": "数据来源",
        "related": "相关阅读",
        "sources_none": "本页未引用证据记录。",
        "related_none": "暂无相关页面。",
        "label.measured": "实测",
        "label.spec": "厂商规格",
        "label.public": "公开来源",
        "label.estimate": "估算",
        "legend": "标记说明",
        "legend.link": (
            '<span class="fx-legend-sample">下划线</span>：数字链接到其背后的证据记录；'
            "悬停或聚焦可查看测的是什么、与什么对比"
        ),
        "legend.id": (
            '<span class="fx-mark fx-mark--id">R1</span>：报告或记录编号，'
            "每节在其支撑的数字后显示一次"
        ),
        "legend.estimate": (
            '<span class="fx-mark">{mark}</span>：模型估算，而非实测，每次出现都会标注'
        ),
        "estimate.one": (
            '标有<span class="fx-mark">{mark}</span>的数字是模型估算，而非实测：{models}。'
            "其假设和公式见该模型的记录页。"
        ),
        "estimate.many": (
            '标有<span class="fx-mark">{mark}</span>的数字是模型估算，而非实测：{models}。'
            "其假设和公式见各模型的记录页。"
        ),
        "list_sep": "、",
        "mark.estimate": "估算",
        "source.measured": "实测，报告 {id}",
        "source.spec": "厂商规格，记录 {id}",
        "source.public": "公开来源，记录 {id}",
        "source.estimate": "模型 {id} 估算",
        "versus": "对比 {baseline}",
        "setup": "{noun} {id} 的测试条件（{name}）",
        "setup.spoken": "测试条件，{noun} {id}",
        "noun.measured": "报告",
        "noun.spec": "记录",
        "noun.public": "记录",
        "noun.estimate": "模型",
        "spoken": "（{label}）",
        "stat.measured": "实测 · {id}",
        "stat.spec": "厂商规格 · {id}",
        "stat.public": "公开来源 · {id}",
        "stat.estimate": "估算 · 模型 {id}",
        "stat.setup": "测试条件 · {id}",
        "other_language": "（{name}）",
        "name.en": "英文",
        "name.zh": "中文",
    },
}


#: The ids of the generated section headings, one per section in every language:
#: "常见问题" is ``#frequently-asked-questions`` as "Frequently asked questions" is,
#: so links to a section work in each version of a page.
SECTION_IDS = {
    UI[lang][key]: anchor
    for lang in UI
    for key, anchor in (
        ("faq", "frequently-asked-questions"),
        ("sources", "data-sources"),
        ("related", "related-reading"),
    )
}


def language_tag(tag: object) -> str | None:
    """The fxsite language a tag names (``zh-CN`` -> ``zh``), or None if none."""
    if not isinstance(tag, str):
        return None
    return _TAGS.get(tag.strip().lower().replace("_", "-"))


def page_language(path: str, front: object = None, default: str | None = None) -> str:
    """A page's language: front matter ``lang``, its path, the site's, else English.

    ``path`` is the page's path (``docs/zh/page.md``), ``front`` the value of
    its front matter ``lang:`` (None if it has none), ``default`` the site's
    language (``theme.language``). A language fxsite does not write falls back
    to the next rule, and in the end to English.
    """
    if (lang := language_tag(front)) is not None:
        return lang
    pure = PurePosixPath(path)
    for folder in pure.parts[:-1]:
        if (lang := language_tag(folder)) is not None:
            return lang
    suffixes = pure.suffixes
    if len(suffixes) >= 2 and (lang := language_tag(suffixes[-2].lstrip("."))) is not None:
        return lang
    return language_tag(default) or DEFAULT


def theme_language(page_lang: str | None, site_language: str) -> str:
    """The theme language to render a page with (Material's ``theme.language``).

    The site's own for a page in the site's language (or of no known
    language), else the page's: a Chinese page of an English site gets
    Material's Chinese words ("搜索", "目录") and ``<html lang="zh">``.
    """
    if page_lang is None or language_tag(site_language) == page_lang:
        return site_language
    return page_lang


_HTML_OPEN = re.compile(r'<html\b[^>]*?\blang="[^"]*"')


def with_html_lang(page_html: str, lang: str) -> str:
    """The page with ``<html lang>`` naming its language and script (``zh-Hans``).

    Material writes ``zh``; browsers pick Simplified Chinese glyphs (full-width
    punctuation among them) for ``zh-Hans``.
    """
    tag = HTML_LANG.get(lang, lang)

    def swap(match: re.Match[str]) -> str:
        opening = match.group()
        return opening[: opening.rindex('lang="')] + f'lang="{tag}"'

    return _HTML_OPEN.sub(swap, page_html, count=1)


def ui(lang: str, key: str, /, **values: str) -> str:
    """The words ``key`` in ``lang`` (English where the language lacks them)."""
    table = UI.get(lang, UI[DEFAULT])
    text = table.get(key, UI[DEFAULT][key])
    return text.format(**values) if values else text
