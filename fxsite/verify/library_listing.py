"""Every record listed by the Evidence Library's index, each on its own page of it.

The index lists :data:`~fxsite.render.library_index.INDEX_ROWS` records a page (a
share), in :func:`~fxsite.render.library_index.index_order`: page 1 at
``D/index.html``, page ``n`` at ``D/pages/n/index.html``. Each row is compared with what
its record renders where the page is read (:mod:`.markers`); what needs the pages
together is here, once every page is read: each page of the index lists every record of
its share, and a share whose page is not published is listed on another page of the
index, or each of its records is lacking; an index of one page lists every record.

The gate is not told where the library is (an audit reads a site without its project):
it is the folder the record pages stand in (``D/R1/index.html`` or ``D/R1.html``, told
by the record rows they show), when they all stand in one. Any other page listing
library rows (in another folder, or a page ``n`` past the last share) must list every
record, as every page listing rows had to before the index had pages.

Each row's record ID links to the record's page (a row linking another record's page,
or another site, would send a reader checking one record to another's figures).
Each page of an index of several pages links every page of it, in order (its pager:
``fxsite.js`` reads the other pages' rows from those links when a reader filters or
sorts, so a link led elsewhere would filter a library that is not the site's); an
index of one page has no pager.
"""

from __future__ import annotations

import re

from fxsite.render.library_index import INDEX_ROWS, index_order
from fxsite.verify.site_checks import link_target, record_homes
from fxsite.verify.site_facts import SiteReading

__all__ = ["check_library_listed", "index_place", "library_folder"]

#: A later page of an index: ``D/pages/n/index.html`` (``n`` from 2, no leading zero).
_LATER_PAGE = re.compile(r"(?:(.*/))?pages/([1-9][0-9]*)/index\.html")


def index_place(rel: str) -> tuple[str, int]:
    """Which index the page ``rel`` would be of (its folder), and which page of it."""
    later = _LATER_PAGE.fullmatch(rel)
    if later is not None and int(later[2]) > 1:
        return later[1] or "", int(later[2])
    if rel == "index.html" or rel.endswith("/index.html"):
        return rel.removesuffix("index.html"), 1
    return rel, 1


def library_folder(site: SiteReading) -> str | None:
    """The folder of the site's record pages (``"evidence/"``), None when they stand in
    none or in several."""
    folders = set()
    for rel, page in site.pages.items():
        ref = next(iter(page.rows.values()), None)
        record = ref[0].split("#", 1)[0] if ref is not None else ""
        for name in (f"{record}/index.html", f"{record}.html") if record else ():
            if rel == name or rel.endswith(f"/{name}"):
                folders.add(rel.removesuffix(name))
    return folders.pop() if len(folders) == 1 else None


def check_library_listed(site: SiteReading, by_url: dict[str, str]) -> None:
    """Each record lacking from a page that should list it (FX612), and each page of the
    index whose links to its pages do not lead to them (``by_url``: each page by its URL)."""
    listing = sorted(rel for rel, page in site.pages.items() if page.listed)
    order = index_order(site.published.library) if listing else []
    shares = [order[at : at + INDEX_ROWS] for at in range(0, len(order), INDEX_ROWS)]
    folder = library_folder(site) if listing else None
    index: dict[int, str] = {}
    for rel in listing:
        place = index_place(rel)
        if place[0] == folder and place[1] <= len(shares):
            index[place[1]] = rel
        else:  # not a page of the index: every record
            _lacking(site, rel, order, site.pages[rel].listed)
    pages = [_page_rel(folder or "", n) for n in range(1, len(shares) + 1)]
    _check_pagers(site, index, pages, by_url)
    for rel, page in site.pages.items():
        if page.pagers and rel not in index.values():  # a copy of a page past the last
            site.add(
                rel,
                "FX612",
                "the page links to the Evidence Library's pages as a page of its index, "
                "which it is not: remove it",
                line=site.line_of(rel, _PAGER),
            )
    _check_rows(site, listing, by_url)
    if len(index) == 1:  # an index of one page (or the rest not published): every record
        (rel,) = index.values()
        _lacking(site, rel, order, site.pages[rel].listed)
    elif index:
        everywhere = set().union(*(site.pages[rel].listed for rel in index.values()))
        for number, share in enumerate(shares, 1):
            own = index.get(number)
            listed = site.pages[own].listed if own is not None else everywhere
            _lacking(site, own or index[min(index)], share, listed)


def _lacking(
    site: SiteReading, rel: str, records: list[str], listed: frozenset[str] | set[str]
) -> None:
    """FX612 for each of ``records`` not ``listed`` on ``rel``, placed at its table."""
    lacking = [record for record in records if record not in listed]
    line = site.line_of(rel, _TABLE) if lacking else 0  # the page read once for all
    for missing in lacking:
        site.add(rel, "FX612", f"the Evidence Library lacks record {missing}", missing, line)


#: Where the Evidence Library's table starts on a page listing it, and its pager.
_TABLE = '<div class="fx-library">'
_PAGER = '<nav class="fx-library-pages"'


def _check_rows(site: SiteReading, listing: list[str], by_url: dict[str, str]) -> None:
    """FX612 for each row of the library whose record's ID links elsewhere than its record
    page (another record's, another site), and for each record a page lists twice
    (blind77)."""
    homes = record_homes(site) if listing else {}
    for rel in listing:
        seen: set[str] = set()
        for record, href in site.pages[rel].row_links:
            if record in seen:
                site.add(rel, "FX612", f"the Evidence Library lists record {record} twice", record)
                continue
            seen.add(record)
            home = homes.get(record)
            if home is not None and link_target(rel, href, by_url)[0] != home:
                site.add(
                    rel,
                    "FX612",
                    f"the Evidence Library's row of record {record} links to {href!r}, "
                    "not to its record page",
                    record,
                )


def _page_rel(folder: str, number: int) -> str:
    """Where page ``number`` of the index in ``folder`` is published."""
    return f"{folder}index.html" if number == 1 else f"{folder}pages/{number}/index.html"


def _check_pagers(
    site: SiteReading, index: dict[int, str], pages: list[str], by_url: dict[str, str]
) -> None:
    """FX612 where a page of the index lacks its pager, or a pager's links do not lead to
    ``pages`` (every page of the index, in order); an index of one page has none."""
    for rel in index.values():
        pagers = site.pages[rel].pagers
        if len(pages) > 1 and not pagers:
            site.add(rel, "FX612", "the Evidence Library's page lacks its links to its other pages")
        for links in pagers:
            targets = [link_target(rel, href, by_url)[0] for href in links]
            if targets != (pages if len(pages) > 1 else []):
                wrong = next(
                    (h for h, t, p in zip(links, targets, pages, strict=False) if t != p),
                    links[-1] if links else None,
                )
                site.add(
                    rel,
                    "FX612",
                    "the Evidence Library's links to its pages do not lead to its "
                    f"{len(pages)} page(s) in order",
                    wrong,
                )
