"""The whole site: which page cites what, and the placeholders that need it.

Pages are processed one by one; "Related reading", "Cited by" and citation
counts need every page. As in Material's tags plugin, pages carry
placeholders, and :func:`fill_placeholders` (pure: ``html -> (html,
unresolved)``) fills them once the :class:`SiteIndex` is complete.
"""

from __future__ import annotations

import html
import posixpath
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from fxsite.pages.language import HTML_LANG
from fxsite.pages.page import PageResult
from fxsite.pages.related import automatic, may_add
from fxsite.render.messages import message

__all__ = [
    "Citation",
    "PageInfo",
    "SiteIndex",
    "collect_citations",
    "fill_placeholders",
    "placeholder",
    "relative_url",
]

_PLACEHOLDER = re.compile(
    r'<div class="fx-[a-z-]+" data-fx-placeholder="(?P<kind>[a-z-]+)"(?: data-fx-key="(?P<key>[^"]*)")?></div>'
)


def placeholder(kind: str, key: str = "", css: str = "fx-generated") -> str:
    """A placeholder element :func:`fill_placeholders` replaces."""
    attr = f' data-fx-key="{html.escape(key)}"' if key else ""
    return f'<div class="{css}" data-fx-placeholder="{kind}"{attr}></div>'


# A page asks for the same few targets again; another page has another base, so keeping
# every pair kept tens of thousands on a large site (megabytes) for few hits.
@lru_cache(maxsize=1 << 10)
def relative_url(target: str, base: str) -> str:
    """``target`` (site-relative URL) as seen from the page at ``base`` (pure: cached)."""
    target_path, _, fragment = target.partition("#")
    base_dir = base if base.endswith("/") or not base else posixpath.dirname(base) + "/"
    rel = posixpath.relpath("/" + target_path, "/" + base_dir) if target_path else ""
    if rel == ".":
        rel = "./"
    elif target_path.endswith("/") and not rel.endswith("/"):
        rel += "/"
    return rel + (f"#{fragment}" if fragment else "")


@dataclass(frozen=True, slots=True)  # one per claim of the site
class Citation:
    """One rendered claim: on which page, under which heading, to which figure."""

    ref: str
    page: str
    heading_id: str | None
    heading: str | None


@dataclass
class PageInfo:
    src: str
    url: str
    title: str
    result: PageResult


# A regex scan, not an HTML parser: this runs on every page of every build
# and only needs headings and the claims' data-fx-ref, in document order.
_CITATION_SCAN = re.compile(
    r'<h[1-6][^>]*?\sid="(?P<id>[^"]*)"[^>]*>(?P<heading>.*?)</h[1-6]>'
    r"|<h[1-6](?:\s[^>]*)?>(?P<plain>.*?)</h[1-6]>"
    r'|<a\s[^>]*?data-fx-ref="(?P<ref>[^"]*)"',
    re.DOTALL,
)
# Inside a heading: what a reader does not see as its title.
_HEADING_NOISE = re.compile(
    r'<a[^>]*class="headerlink"[^>]*>.*?</a>|<span class="fx-(?:badge|sr)"[^>]*>.*?</span>',
    re.DOTALL,
)
_TAG = re.compile(r"<[^>]+>")
#: A refused claim's figure, as the page reader marks it (``fxsite.markdown``).
_REFUSED = re.compile(r'<span class="fx-claim-refused" data-fx-stale="([^"]*)"')


def _heading_text(inner: str) -> str | None:
    text = html.unescape(_TAG.sub("", _HEADING_NOISE.sub("", inner)))
    return " ".join(text.split()) or None


def collect_citations(page_html: str) -> list[tuple[str, str | None, str | None]]:
    """``(ref, heading id, heading text)`` of every claim in rendered HTML."""
    found: list[tuple[str, str | None, str | None]] = []
    heading_id: str | None = None
    heading: str | None = None
    for match in _CITATION_SCAN.finditer(page_html):
        if match["ref"] is not None:
            found.append((html.unescape(match["ref"]), heading_id, heading))
            continue
        inner = match["heading"] if match["heading"] is not None else match["plain"]
        # Claims inside the heading itself cite under that heading.
        for ref in re.findall(r'data-fx-ref="([^"]*)"', inner):
            found.append((html.unescape(ref), match["id"], _heading_text(inner)))
        heading_id, heading = match["id"], _heading_text(inner)
    return found


@dataclass
class SiteIndex:
    """Every content page and every citation, once all pages are rendered."""

    pages: dict[str, PageInfo] = field(default_factory=dict)
    citations: list[Citation] = field(default_factory=list)
    urls: dict[str, str] = field(default_factory=dict)  # src path -> site URL
    #: page titles in other languages: lang -> {title: translated} (the navigation's)
    titles: dict[str, dict[str, str]] = field(default_factory=dict)
    # citations by figure ref and by record ID, rebuilt when citations change
    _by_key: dict[str, list[Citation]] | None = field(default=None, repr=False)
    _indexed: int = field(default=-1, repr=False)
    _record_pages: dict[str, list[str]] | None = field(default=None, repr=False)
    _pages_indexed: int = field(default=-1, repr=False)
    #: the pages ``citations`` holds citations of, as of its length ``_counted``
    _cited: set[str] = field(default_factory=set, repr=False)
    _counted: int = field(default=0, repr=False)
    #: the figures each page's refused claims name (the preview publishes such pages):
    #: their record pages list the page as needing an update; never exported
    refused: dict[str, list[str]] = field(default_factory=dict)
    #: the plugin's ``auto_related``: pages sharing records are related reading
    auto_related: bool = True

    def add_html(self, src: str, page_html: str, *, preview: bool = False) -> None:
        """Record the citations of a rendered content page, in place of its earlier ones;
        in the ``preview``, also the figures its refused claims name (:meth:`refusing`).

        A page not cited before adds its own without the list being rebuilt (a build
        adds each page once: rebuilding the list per page was quadratic in the site).
        """
        if src in self._cited or len(self.citations) != self._counted:
            self.citations = [c for c in self.citations if c.page != src]
            self._cited = {c.page for c in self.citations}
        self._by_key = None
        for ref, heading_id, heading in collect_citations(page_html):
            self.citations.append(Citation(sys.intern(ref), src, heading_id, heading))
            self._cited.add(src)
        self._counted = len(self.citations)
        self.refused.pop(src, None)
        # Only in the preview: elsewhere a page's refused claim refuses the build, and a
        # page's own HTML must not mark a record page's figure as stale.
        if preview and "data-fx-stale" in page_html:
            self.refused[src] = [html.unescape(r) for r in _REFUSED.findall(page_html)]

    def refusing(self, ref_or_record: str) -> Counter[str]:
        """The pages whose refused claims name ``R1#figure`` (or a figure of ``R1``), with
        how many each has."""
        out: Counter[str] = Counter()
        for src, refs in self.refused.items():
            out[src] += sum(
                r == ref_or_record or r.partition("#")[0] == ref_or_record for r in refs
            )
        return +out

    def citing(self, ref_or_record: str) -> list[Citation]:
        """Citations of ``R1#figure``, or of any figure of ``R1``."""
        if self._by_key is None or self._indexed != len(self.citations):
            by_key: dict[str, list[Citation]] = {}
            for c in self.citations:
                by_key.setdefault(c.ref, []).append(c)
                by_key.setdefault(c.ref.partition("#")[0], []).append(c)
            self._by_key, self._indexed = by_key, len(self.citations)
        return list(self._by_key.get(ref_or_record, []))

    def _pages_citing(self, record: str) -> list[str]:
        """Content pages citing ``record``, from an index rebuilt when pages change."""
        if self._record_pages is None or self._pages_indexed != len(self.pages):
            index: dict[str, list[str]] = {}
            for info in self.pages.values():
                for cited in dict.fromkeys(info.result.records):
                    index.setdefault(cited, []).append(info.src)
            self._record_pages, self._pages_indexed = index, len(self.pages)
        return self._record_pages.get(record, [])

    def related(self, src: str) -> list[tuple[str, str | None]]:
        """Related reading: the front matter's list, then pages by shared records not in it
        (DESIGN: "front matter ``related:`` plus pages sharing evidence";
        :mod:`fxsite.pages.related`)."""
        page = self.pages[src]
        out: list[tuple[str, str | None]] = []
        for item in page.result.related:
            if item.page and item.page in self.pages:
                out.append((item.title or self.pages[item.page].title, item.page))
            elif item.title:
                out.append((item.title, None))
        if not automatic(page.result, self.auto_related):  # the author's list alone
            return out
        listed = {target for _, target in out}
        shared: Counter[str] = Counter()
        for record in set(page.result.records):
            shared.update(other for other in self._pages_citing(record) if other != src)
        for other_src, count in sorted(shared.items(), key=lambda kv: (-kv[1], kv[0])):
            if (
                count
                and other_src not in listed
                and may_add(page.result, other_src, self.pages[other_src].result)
            ):
                out.append((self.pages[other_src].title, other_src))
        return out


def _related_html(index: SiteIndex, src: str, base_url: str) -> str:
    lang = index.pages[src].result.lang
    items = []
    for title, target in index.related(src):
        if target is None:
            items.append(f'<li><span class="fx-unlinked">{html.escape(title)}</span></li>')
            continue
        href = html.escape(relative_url(index.urls[target], base_url))
        other = index.pages[target].result.lang if target in index.pages else lang
        if other == lang:
            items.append(f'<li><a href="{href}">{html.escape(title)}</a></li>')
            continue
        # A page in another language says so, in words and to the browser; its
        # title is in the page's language where the site translates it.
        note = message("other_language", lang, name=message(f"name.{other}", lang))
        translated = index.titles.get(lang, {}).get(title)
        tag = HTML_LANG[lang if translated else other]
        items.append(
            f'<li><a href="{href}" hreflang="{HTML_LANG[other]}" lang="{tag}">'
            f"{html.escape(translated or title)}</a>{html.escape(note)}</li>"
        )
    if not items:
        return f'<p class="fx-related-none">{message("related_none", lang)}</p>'
    return f'<ul class="fx-related">{"".join(items)}</ul>'


def _cited_by_html(index: SiteIndex, key: str, base_url: str) -> str:
    """One line per citing page, with links to each heading that cites."""
    by_page: dict[str, list[Citation]] = {}
    for c in index.citing(key):
        if c.page in index.pages:
            by_page.setdefault(c.page, []).append(c)
    stale = {src: n for src, n in index.refusing(key).items() if src in index.pages}
    for src in stale:
        by_page.setdefault(src, [])
    items = []
    for src, citations in sorted(by_page.items(), key=lambda kv: index.pages[kv[0]].title):
        info = index.pages[src]
        page_href = html.escape(relative_url(index.urls[src], base_url))
        spots = []
        for c in citations:
            if c.heading_id and c.heading and c.heading != info.title:
                href = html.escape(relative_url(f"{index.urls[src]}#{c.heading_id}", base_url))
                spot = f'<a href="{href}">{html.escape(c.heading)}</a>'
                if spot not in spots:
                    spots.append(spot)
        if len(spots) > 2:  # long lists fold away so table rows stay short
            detail = (
                f'<details class="fx-cited-at"><summary>{len(spots)} places</summary>'
                f"{'; '.join(spots)}</details>"
            )
        elif spots:
            detail = f'<span class="fx-cited-at">: {"; ".join(spots)}</span>'
        else:
            detail = ""
        if src in stale:  # the preview: claims on it that no longer state the figure
            detail += (
                f' <strong class="fx-cited-stale">needs updating: {stale[src]} claim'
                f"{'' if stale[src] == 1 else 's'} refused</strong>"
            )
        items.append(f'<li><a href="{page_href}">{html.escape(info.title)}</a>{detail}</li>')
    return f'<ul class="fx-cited-by">{"".join(items)}</ul>'


def _citing_pages(index: SiteIndex, key: str) -> set[str]:
    """The pages citing ``key`` (a figure or a record), and those whose refused claims
    name it (the preview)."""
    return {c.page for c in index.citing(key)} | set(index.refusing(key))


def _cited_fold_html(index: SiteIndex, ref: str, base_url: str, lang: str) -> str:
    """A record page's "Cited on pages (2)", folded over the list of those pages; where no
    page cites the figure, a plain line saying so (blind72: "Cited on pages (0)" was a fold
    that opened nothing)."""
    count = len(_citing_pages(index, ref))
    if not count:
        return f'<p class="fx-cited-by-none">{message("record.cited_none", lang)}</p>'
    summary = message("record.cited_count", lang, count=f'<span class="fx-count">{count}</span>')
    return (
        f'<details class="fx-cited-fold"><summary>{summary}</summary>'
        f"{_cited_by_html(index, ref, base_url)}</details>"
    )


def fill_placeholders(
    page_html: str, index: SiteIndex, src: str, base_url: str
) -> tuple[str, list[str]]:
    """Fill every fxsite placeholder; returns the HTML and what was unknown."""
    unresolved: list[str] = []

    def fill(match: re.Match[str]) -> str:
        kind, key = match["kind"], html.unescape(match["key"] or "")
        if kind == "related" and src in index.pages:
            return _related_html(index, src, base_url)
        if kind == "cited":
            lang, _, ref = key.partition(" ")
            return _cited_fold_html(index, ref, base_url, lang)
        if kind == "cite-count":
            return f'<span class="fx-count">{len(_citing_pages(index, key))}</span>'
        unresolved.append(f"{kind}:{key}")
        return ""

    return _PLACEHOLDER.sub(fill, page_html), unresolved
