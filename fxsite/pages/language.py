"""The language of a page, and the words fxsite writes on it.

Every word the build generates on a page comes from the message catalogue,
:mod:`fxsite.render.messages` (its ``message`` reads it). English (``en``) and
Simplified Chinese (``zh``) are written; any other language falls back to
English, word by word, so a table that lacks a word still renders.

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

from fxsite.render.messages import DEFAULT, MESSAGES

__all__ = [
    "DEFAULT",
    "HTML_LANG",
    "SECTION_IDS",
    "language_tag",
    "page_language",
    "theme_language",
    "with_html_lang",
]


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

#: The ids of the generated section headings, one per section in every language:
#: "常见问题" is ``#frequently-asked-questions`` as "Frequently asked questions" is,
#: so links to a section work in each version of a page.
SECTION_IDS = {
    MESSAGES[lang][key]: anchor
    for lang in MESSAGES
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
