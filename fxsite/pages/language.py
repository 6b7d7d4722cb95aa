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

The language a page is *written in* is a second question, with a wider answer
(:func:`page_tag`): a page whose front matter says ``lang: ja``, or that stands in a
``docs/ja/`` or ``docs/zh-TW/`` folder, is Japanese or Traditional Chinese although
fxsite writes its words there in English (blind73, finding 8). It decides:

- ``<html lang>``: the tag the page declares (``ja``, ``zh-TW``), so a browser, a screen
  reader and a search engine read it as that language; a page in a language fxsite
  writes keeps that language's tag (``en``, ``zh-Hans``);
- which pages are in the same language (:func:`reading_language`): Related reading and
  the FAQ page gather pages of the page's own language only. ``en`` and ``en-US`` are
  one language, ``zh-TW`` and ``zh-HK`` are one (Traditional Chinese), ``zh-TW`` and
  ``zh`` are two.

A tag is a language when CLDR (Babel, the library Material's own translations build
on) knows it: ``ja``, ``zh-TW``, ``pt-BR``; a folder named ``api``, ``sub`` or ``blog``
is no language. A folder whose name is a language (``it/``, ``hr/``) is read as one
wherever it stands: a page there in another language says so with ``lang:``, as front
matter wins over the folder.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache
from pathlib import PurePosixPath

from fxsite.render.messages import DEFAULT, MESSAGES

__all__ = [
    "DEFAULT",
    "HTML_LANG",
    "SECTION_IDS",
    "html_lang",
    "language_tag",
    "page_language",
    "page_tag",
    "reading_language",
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


def page_tag(path: str, front: object = None, default: str | None = None) -> str:
    """The language a page is written in, as the tag it declares (``ja``, ``zh-TW``).

    The same order as :func:`page_language` (front matter ``lang``, a folder, a suffix,
    the site's language, English), but any language CLDR knows counts, not only those
    fxsite writes. The tag is the author's, trimmed, with ``_`` read as ``-``.
    """
    pure = PurePosixPath(path)
    suffixes = pure.suffixes
    candidates = [
        front,
        *pure.parts[:-1],
        suffixes[-2].lstrip(".") if len(suffixes) >= 2 else None,
        default,
    ]
    for candidate in candidates:
        if isinstance(candidate, str) and _known(tag := candidate.strip().replace("_", "-")):
            return tag
    return DEFAULT


def reading_language(tag: str) -> str:
    """Which language a page tagged ``tag`` is in, for gathering pages of one language:
    fxsite's own name for a language it writes (``zh-CN`` -> ``zh``), else the tag's
    language and script (``zh-TW`` -> ``zh-Hant``, ``ja-JP`` -> ``ja``)."""
    return language_tag(tag) or _language_and_script(tag) or tag.lower()


@lru_cache(maxsize=256)
def _language_and_script(tag: str) -> str | None:
    """A tag's language and script as CLDR reads them, or None if CLDR knows no such tag.

    Babel is imported here, not at the top: a site in English and Chinese never needs it.
    """
    from babel import Locale, UnknownLocaleError

    parts = tag.split("-")
    while True:  # zh-Hans-TW is no locale CLDR has data for; zh-Hans is
        try:
            locale = Locale.parse("-".join(parts), sep="-")
            break
        except (UnknownLocaleError, ValueError, TypeError):
            if len(parts) == 1:
                return None
            parts.pop()
    spelled = f"{locale.language}-{locale.script}" if locale.script else locale.language
    return language_tag(spelled) or spelled


#: The shape of a BCP 47 language tag: a language of two or three letters, then subtags
#: ("ja", "zh-TW", "sr-Latn-RS"). A name of another shape ("docs", "guides") is no
#: language, and CLDR is not asked (nor Babel imported: most sites never need it).
_TAG_SHAPE = re.compile(r"[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*")


def _known(tag: str) -> bool:
    """Whether ``tag`` names a language: one fxsite writes, or one CLDR knows."""
    if language_tag(tag) is not None:
        return True
    return _TAG_SHAPE.fullmatch(tag) is not None and _language_and_script(tag) is not None


def html_lang(lang: str, tag: str) -> str:
    """The ``<html lang>`` of a page whose words fxsite writes in ``lang`` and which is
    written in ``tag``: the page's tag where fxsite writes English words on a page in a
    language of its own (``ja``, ``zh-TW``), else fxsite's tag for ``lang`` (``zh-Hans``).

    The audit reads the words a page should carry from this attribute: a tag fxsite does
    not write reads as English, which is what fxsite wrote there.
    """
    if lang == DEFAULT and reading_language(tag) != DEFAULT:
        return tag
    return HTML_LANG.get(lang, lang)


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


def with_html_lang(page_html: str, tag: str) -> str:
    """The page with ``<html lang>`` saying ``tag`` (:func:`html_lang`).

    Material writes ``zh``; browsers pick Simplified Chinese glyphs (full-width
    punctuation among them) for ``zh-Hans``. ``tag`` is escaped: it is the author's.
    """
    tag = html.escape(tag, quote=True)

    def swap(match: re.Match[str]) -> str:
        opening = match.group()
        return opening[: opening.rindex('lang="')] + f'lang="{tag}"'

    return _HTML_OPEN.sub(swap, page_html, count=1)
