"""What a page's "Related reading" lists, and whether it has the section at all.

A page's front matter ``related:`` is its author's choice; the automatic list adds the
pages that cite the same records, the most shared first. Decisions (blind72, finding 10):

- A front-matter ``related:`` list comes first, then the automatic list, without the pages
  it names again (DESIGN: "front matter ``related:`` plus pages sharing evidence").
- The automatic list leaves out a page in another language than the page's (an English
  product page is no reader's way to the Chinese one: the language switch is; a page is
  in the language it declares, ``lang: ja`` or a ``docs/zh-TW/`` folder, although fxsite
  writes its own words there in English: :func:`fxsite.pages.language.page_tag`) and the
  site's home pages (``index.md`` of the docs or of a language's folder, or a page with
  the home template): every page leads home already, through the header and the nav.
- The plugin's ``auto_related: false`` turns the automatic list off: a page then lists
  its front-matter ``related:`` alone, and one without any has no "Related reading"
  section (not "No related pages yet.").
- A home page (the home template) has no automatic list either: it is the way in, and the
  nav is its reading list; it has the section only where its front matter lists pages.
  Its "Data sources" stay: the records behind its headline figures are the site's
  promise, and where a buyer checks them.
"""

from __future__ import annotations

from fxsite.pages.language import reading_language
from fxsite.pages.page import PageResult
from fxsite.render.hero import HOME_TEMPLATE

__all__ = ["automatic", "has_related", "is_home", "may_add"]


def is_home(src: str, result: PageResult) -> bool:
    """Whether the page ``src`` is a home page: the docs' ``index.md``, a language's
    (``zh/index.md`` for a Chinese page), or one with the home template."""
    if result.front.data.get("template") == HOME_TEMPLATE:
        return True
    return src == "index.md" or src == f"{result.lang}/index.md"


def automatic(result: PageResult, auto: bool) -> bool:
    """Whether the page's Related reading adds pages by shared records: the plugin's
    ``auto_related`` (``auto``) is on and its template is not the home's."""
    return auto and result.front.data.get("template") != HOME_TEMPLATE


def has_related(result: PageResult, auto: bool) -> bool:
    """Whether the page has a "Related reading" section: it lists pages in its front
    matter, or it adds pages by shared records (:func:`automatic`)."""
    return bool(result.related) or automatic(result, auto)


def may_add(page: PageResult, other_src: str, other: PageResult) -> bool:
    """Whether the automatic list of ``page`` may add ``other`` (at ``other_src``):
    in the same language, and not a home page."""
    same = reading_language(other.tag) == reading_language(page.tag)
    return same and not is_home(other_src, other)
