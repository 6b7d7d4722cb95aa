"""The site's own words around a page, in the page's language, and its language switch.

Material writes its own words (search, "table of contents") in
``theme.language``; the site's words come from ``mkdocs.yml``. For a page in
another language than the site's, ``extra.fxsite_translations.<lang>`` gives them::

    extra:
      alternate:                  # Material's language switch
        - {name: English, link: ./, lang: en}
        - {name: 中文, link: zh/checkpoint-acceleration/, lang: zh}
      fxsite_translations:
        zh:
          site_name: FX100 性能
          copyright: 本站内容为商务合作信息……
          nav: {Home: 首页, How to verify: 如何核查}
          palette_toggles: [切换到深色模式, 切换到浅色模式]

A navigation title the map lacks stays as written, except the Evidence
Library's, which the message catalogue translates; so does a heading's
permalink title, where ``mkdocs.yml`` leaves the toc extension's own. Each
entry of the language switch links to this page's own version in its language
where the site has one (``docs/zh/x.md`` is ``docs/x.md`` in Chinese, as
mkdocs-static-i18n lays out a site, and so is ``docs/x.zh.md``), else where
``mkdocs.yml`` says.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from fxsite.pages.language import language_tag
from fxsite.render.messages import LANGUAGES, message

__all__ = [
    "Chrome",
    "chrome",
    "page_alternates",
    "page_versions",
    "translated_titles",
    "version_key",
    "with_permalink_titles",
    "without_alternate_links",
]


@dataclass(frozen=True)
class Chrome:
    """The site's words in one language; None or absent where ``mkdocs.yml`` gives none."""

    site_name: str | None = None
    copyright: str | None = None
    nav: Mapping[str, str] = field(default_factory=dict)
    #: the names of the palette's toggles, in the order of ``theme.palette``
    toggles: tuple[str, ...] = ()


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and value.strip() else None


def chrome(extra: object, lang: str) -> Chrome:
    """The site's words in ``lang`` from ``extra.fxsite_translations`` (nothing where it has none)."""
    translations = extra.get("fxsite_translations") if isinstance(extra, Mapping) else None
    if not isinstance(translations, Mapping):
        return Chrome()
    words = next(
        (v for k, v in translations.items() if language_tag(k) == lang and isinstance(v, Mapping)),
        None,
    )
    if words is None:
        return Chrome()
    nav = words.get("nav")
    titles = (
        {k: v for k, v in nav.items() if isinstance(k, str) and _text(v)}
        if isinstance(nav, Mapping)
        else {}
    )
    toggles = words.get("palette_toggles")
    names = tuple(t for t in toggles if _text(t)) if isinstance(toggles, list) else ()
    return Chrome(_text(words.get("site_name")), _text(words.get("copyright")), titles, names)


def translated_titles(extra: object) -> dict[str, dict[str, str]]:
    """Each language's navigation titles: ``{lang: {title: translated}}``."""
    return {lang: dict(chrome(extra, lang).nav) for lang in LANGUAGES}


def version_key(src: str) -> str:
    """What a page is, whatever its language: ``zh/x.md`` and ``x.zh.md`` are ``x.md``."""
    parts = list(PurePosixPath(src).parts)
    if len(parts) > 1 and language_tag(parts[0]) is not None:
        parts = parts[1:]
    name = parts[-1]
    stem, dot, suffix = name.rpartition(".")
    base, inner_dot, inner = stem.rpartition(".")
    if dot and inner_dot and language_tag(inner) is not None:
        parts[-1] = f"{base}.{suffix}"
    return "/".join(parts)


def page_alternates(
    alternates: object, versions: Mapping[str, str], lang: str | None = None
) -> list[dict[str, str]] | None:
    """The language switch's entries for one page, or None if ``alternates`` is not a list.

    ``versions`` maps each language to the URL (site-relative, ``""`` for the
    home page) of this page's version in it; ``lang`` is the page's own language. An
    entry keeps its name and language; its link goes to the page's version where there
    is one. Where there is none, its name says so in its language ("中文（此页无中文版）"):
    its link goes where ``mkdocs.yml`` says, which is not this page in that language
    (blind84: "中文" led to one Chinese article from every page, unsaid).
    """
    if not isinstance(alternates, list):
        return None
    out = []
    for entry in alternates:
        if not isinstance(entry, Mapping):
            continue
        item = {str(k): str(v) for k, v in entry.items()}
        other = language_tag(item.get("lang"))
        if other is not None and other in versions:
            item["link"] = versions[other] or "./"
        elif other in LANGUAGES and lang is not None and other != lang and "name" in item:
            item["name"] = message("alternate.missing", other, name=item["name"])
        out.append(item)
    return out


#: The head links Material writes for each entry of ``extra.alternate``.
_ALTERNATE_LINK = re.compile(r'[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">\n?')


def without_alternate_links(page_html: str) -> str:
    """The page without the ``<link rel="alternate" hreflang>`` Material writes in its head.

    Material's script fetches ``sitemap.xml`` under each such link, to keep a
    reader on the same page when switching; here each entry of the switch
    already links to the page's own version, and a page has no sitemap of its
    own (the fetch would fail on every page).
    """
    head_end = page_html.find("</head>")
    if head_end < 0:
        return page_html
    return _ALTERNATE_LINK.sub("", page_html[:head_end]) + page_html[head_end:]


def page_versions(
    urls: Mapping[str, str], language_of: Callable[[str], str]
) -> dict[str, dict[str, str]]:
    """Each page's versions: ``{src: {lang: url}}``, one URL per language (the first by path)."""
    groups: dict[str, dict[str, str]] = {}
    for src in sorted(urls):
        groups.setdefault(version_key(src), {}).setdefault(language_of(src), urls[src])
    return {src: groups[version_key(src)] for src in urls}


#: What Python-Markdown's toc extension calls a heading's permalink by default.
TOC_PERMALINK_TITLE = "Permanent link"
_PERMALINK = re.compile(r'(<a class="headerlink" href="[^"<>]*") title="Permanent link">')


def with_permalink_titles(page_html: str, configured: object, lang: str) -> str:
    """Each heading's permalink titled in ``lang``, where it has the toc extension's own title.

    A title the site configures (``toc: {permalink_title: …}``) is the site's
    words and is left as written.
    """
    if configured not in (None, TOC_PERMALINK_TITLE):
        return page_html
    title = message("permalink", lang)
    return _PERMALINK.sub(lambda m: f'{m[1]} title="{title}">', page_html)
