"""Every record listed by the Evidence Library's index, each on its own page of it.

The index lists :data:`~fxsite.render.library_index.INDEX_ROWS` records a page, in
:func:`~fxsite.render.library_index.index_order`: page 1 at ``D/index.html``, page
``n`` at ``D/pages/n/index.html``. Each row is compared with what its record renders
where the page is read (:mod:`.markers`); what needs the pages together is here, once
every page is read: each page of the index lists every record of its share, and a
share whose page is not published is listed on another page of the same index, or
each of its records is lacking.

The gate is not told where the library is (an audit reads a site without its
project): the pages listing library rows are grouped by where they stand, a page
``D/pages/n/index.html`` with the page ``D/index.html`` (or ``D/``'s other pages). A
page listing rows anywhere else is an index of one page, which must list every
record, as a page listing rows always had to before the index had pages.
"""

from __future__ import annotations

import re

from fxsite.render.library_index import INDEX_ROWS, index_order
from fxsite.verify.site_facts import SiteReading

__all__ = ["check_library_listed", "index_place"]

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


def check_library_listed(site: SiteReading) -> None:
    """Each record lacking from the page of the index that lists its share (FX612)."""
    indexes: dict[str, dict[int, str]] = {}
    for rel in sorted(site.pages):
        if site.pages[rel].listed:
            folder, number = index_place(rel)
            indexes.setdefault(folder, {})[number] = rel
    order = index_order(site.published.library) if indexes else []
    for pages in indexes.values():
        first = pages[min(pages)]
        everywhere = set().union(*(site.pages[rel].listed for rel in pages.values()))
        for at in range(0, len(order), INDEX_ROWS):
            # An index of one page lists every record; another, each share on its page.
            own = first if len(pages) == 1 else pages.get(at // INDEX_ROWS + 1)
            listed = site.pages[own].listed if own is not None else everywhere
            for missing in order[at : at + INDEX_ROWS]:
                if missing not in listed:
                    message = f"the Evidence Library lacks record {missing}"
                    site.add(own or first, "FX612", message, missing)
