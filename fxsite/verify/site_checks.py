"""The gate's checks across the site, once every file is read (:mod:`.audit`).

Each claim links to an anchor on the site, its own figure's row where it has a value
(:func:`check_links`); each record has a record page showing its status and figures
as the evidence gives them (:func:`check_record_pages`); each citation
``evidence.json`` lists is on its page (:func:`check_citations`); each figure found
in published text is a permitted copy of a cited figure, or bare (:func:`check_copies`).
"""

from __future__ import annotations

import posixpath
from functools import lru_cache
from urllib.parse import unquote, urlsplit

from fxsite.evidence.library import FigureValue
from fxsite.verify.copies import Allowed, covered, record_values
from fxsite.verify.site_facts import (
    OFFLINE_INDEX,
    PageFacts,
    SiteReading,
    has_id,
    normal_url,
    url_of,
)
from fxsite.verify.visible import normalise

__all__ = [
    "check_citations",
    "check_copies",
    "check_links",
    "check_record_pages",
    "link_target",
    "record_homes",
]

#: How many pages' indexes of what their copies may repeat are kept at once.
_PAGES_INDEXED = 64


def link_target(rel: str, href: str, by_url: dict[str, str]) -> tuple[str | None, str]:
    """The site file an internal ``href`` on page ``rel`` lands on, and its fragment."""
    parts = urlsplit(href)
    if parts.scheme or parts.netloc:
        return None, parts.fragment
    base = posixpath.dirname(rel)
    path = unquote(parts.path)
    if not path:
        return rel, unquote(parts.fragment)
    joined = posixpath.normpath(posixpath.join(base, path)) + ("/" if path.endswith("/") else "")
    joined = "" if joined in ("./", ".") else joined.removeprefix("./")
    return by_url.get(joined) or by_url.get(url_of(joined)), unquote(parts.fragment)


def check_links(site: SiteReading, rel: str, page: PageFacts, by_url: dict[str, str]) -> None:
    """Each resolved claim links to an anchor on the site: its own figure's row, if it has one."""
    for claim in page.claims:
        if not claim.resolved:
            continue
        ref, href = claim.ref, claim.href
        target, fragment = link_target(rel, href, by_url)
        landing = site.pages.get(target) if target else None
        if landing is None or not has_id(landing.ids, fragment):
            site.add(
                rel,
                "FX612",
                f"claim to {ref} links to {href!r}, not an anchor on the site",
                claim.text,
            )
        elif claim.has_value and landing.rows.get(fragment, ("",))[0] != ref:
            site.add(
                rel,
                "FX612",
                f"claim to {ref} links to {href!r}, another figure's anchor",
                claim.text,
            )


def record_homes(site: SiteReading) -> dict[str, str]:
    """Each record's page: the first page whose figure rows are the record's."""
    homes: dict[str, str] = {}
    for rel, page in site.pages.items():
        for ref, _, _ in page.rows.values():
            homes.setdefault(ref.split("#", 1)[0], rel)
    return homes


def check_record_pages(site: SiteReading) -> None:
    from fxsite.pages.language import language_tag
    from fxsite.render.exports import figure_data
    from fxsite.render.messages import DEFAULT, message

    library = site.published.library
    homes = record_homes(site)
    by_record: dict[str, list[FigureValue]] = {}
    for fig in library.figures.values():
        by_record.setdefault(fig.record, []).append(fig)
    for record_id, record in library.records.items():
        home = homes.get(record_id)
        if home is None:
            site.add("evidence.json", "FX612", f"record {record_id} has no record page on the site")
            continue
        rel, page = home, site.pages[home]
        if page.statuses[:1] != (record.status,):
            site.add(
                rel,
                "FX612",
                f"record {record_id}: page shows status {list(page.statuses[:1])}, evidence says {record.status}",
            )
        for fig in by_record.get(record_id, []):
            row = page.rows.get(fig.name)
            # The label as the page's language names it ("vendor spec"), as its badge says.
            name = message(f"label.{fig.label}", language_tag(page.lang) or DEFAULT)
            wanted = (fig.ref, normalise(figure_data(fig)["display"]), name)
            if row is None:
                site.add(rel, "FX612", f"record page lacks figure {fig.ref}")
            elif row != wanted:
                site.add(
                    rel,
                    "FX612",
                    f"{fig.ref} is shown as {row[1]!r} ({row[2]}); the evidence gives {wanted[1]!r} ({wanted[2]})",
                    row[1],
                )
        for name, (ref, _, _) in page.rows.items():
            if ref.split("#", 1)[0] == record_id and library.figure(record_id, name) is None:
                site.add(
                    rel, "FX611", f"record page shows {ref}, which the evidence does not define"
                )


def check_citations(site: SiteReading, by_url: dict[str, str]) -> None:
    shown = {url_of(rel): {c.ref for c in p.claims} for rel, p in site.pages.items()}
    for listed in site.published.pages:
        if normal_url(listed) not in by_url:
            site.add(
                "evidence.json",
                "FX612",
                f"page {listed!r} listed in evidence.json is not on the site",
            )
    for ref, listed in site.published.citations:
        url = normal_url(listed)
        if ref not in shown.get(url, set()):
            rel = by_url.get(url, "evidence.json")
            site.add(rel, "FX402", f"evidence.json lists a citation of {ref} not on the page")


#: Roles of text that shows other pages' titles (:data:`fxsite.verify.shown.ROLE_CLASSES`,
#: and an element's attribute as ``tag@attribute``).
_TITLED_ROLES = frozenset({"related", "nav@aria-label", "a@aria-label", "a@title"})


def check_copies(site: SiteReading, by_url: dict[str, str]) -> None:
    """Each figure found in published text: a permitted copy of a cited figure, or bare."""
    headings: set[str] = set()
    for page in site.pages.values():
        headings |= page.navigable
    heading_index = Allowed(headings)
    library = site.published.library
    by_record = record_values(library)
    value_index = Allowed(v for values in by_record.values() for v in values)
    empty = Allowed(())

    # Made for a page when a figure asks, and kept for the few pages asked about last
    # (the figures come file by file, a search index's entry by entry), not for all.
    @lru_cache(maxsize=_PAGES_INDEXED)
    def indexes(url: str | None) -> tuple[Allowed, Allowed | None, Allowed, Allowed]:
        """The page at ``url``: its claims; its records' values (a record page repeats
        its own records' values, not every record's); its charts' ticks and bars."""
        page = site.pages.get(by_url.get(url, "")) if url is not None else None
        if page is None:
            return empty, None, empty, empty
        records = {ref.split("#", 1)[0] for ref, _, _ in page.rows.values()}
        own = Allowed(v for r in records for v in by_record.get(r, ())) if page.rows else None
        claims = Allowed([*(c.text for c in page.claims), *page.phrases])
        return claims, own, Allowed(page.ticks), Allowed(page.bars)

    indexes_read = ("search/search_index.json", OFFLINE_INDEX)
    on_pages = {(rel, found.shown) for rel, _, found in site.figures if rel not in indexes_read}
    # The navigation's entries each page draws: a block of its article that is one of them
    # whole repeats that page's title (Material's tags index lists each tagged page by its
    # title: blind79).
    in_nav = {(rel, found.block) for rel, _, found in site.figures if found.channel == "page"}
    for rel, url, found in site.figures:
        entry = rel in indexes_read
        # A search entry's figure is placed at the page it speaks for (a build names the
        # page's source); one the page does not show, in the index, where it stands.
        where = by_url.get(url, rel) if entry and url is not None else rel
        only_indexed = entry and (where, found.shown) not in on_pages
        said = ""
        if only_indexed:
            whose = "the home page" if url == "" else url
            said = f" (in published text: {rel}, in the entry for {whose}, which its page does not show)"
            if url is None:  # the index's own strings: its config, unknown keys
                said = f" (in published text: {rel}, in no page's entry)"
            where = rel
        if site.full(where):  # past the findings listed: counted, not judged
            site.add(where, "FX501", f"figure '{found.shown}' in published text", found.shown)
            continue
        shown_on = site.pages.get(rel)
        claims, values, ticks, bars = indexes(url)
        allowed: list[Allowed] | None
        axis: list[Allowed] = []  # a chart's ticks: numbers, then the axis unit
        if shown_on is not None:  # the page's own text
            # Other pages' heading claims only where other pages' titles show: the
            # navigation, header and footer (the "page" channel) and the labels Material
            # gives them (a table of contents' entry: its heading; the footer's links to
            # the previous and next pages: "Previous: <title>"; MkDocs' readthedocs theme's,
            # titled with the page's title; blind79), a page's "Related
            # reading" list and the FAQ page's links back, a record page's "cited by" list,
            # and a block of the article that is a navigation entry of the page, whole.
            listed = found.channel == "article" and (rel, found.block) in in_nav
            titles = (
                found.channel == "page"
                or found.role in _TITLED_ROLES
                or listed
                or values is not None
            )
            others = [heading_index] if titles else []
            allowed = [*others, claims] + ([values] if values else [])
            if found.role == "chart":
                allowed.append(bars)
                axis = [*allowed, value_index]
            elif found.role == "record-value":
                allowed.append(values or value_index)
            elif found.channel == "article" and not found.role and not values and not listed:
                allowed = None
        else:  # another file, or a search entry that speaks for the page at ``url``
            allowed = [heading_index, claims, bars]
            if values is not None:
                allowed.append(values)
            axis = [] if entry else [ticks]
        if allowed is not None and (
            covered(found.block, found.start, found.end, allowed)
            or (axis and covered(found.block, found.start, found.end, axis, numbers_only=True))
        ):
            continue
        message = found.message(site.published.library, said or " (in published text)")
        # At its line and column; one the page does not show, in the index (blind81: at the
        # page's first line, an auditor looked for it in a page that has none).
        site.add(where, "FX501", message, found.shown)
