"""What the search plugin indexes of a page, and, under ``mkdocs serve``, entries kept.

Both search indexes get each page's entries from its sections
(:func:`~fxsite.pages.search_sections.search_sections`: the page reader's boxes
of a marked copy of the page), not from their own parse of the page's HTML:
Material's index entry by entry (:func:`add_sections`), MkDocs' own by parsing
the sections written out as a page (each heading, then each box a paragraph of
its own). The gate reading ``search_index.json`` finds each box judged. Making
entries costs more than the rest of a serve rebuild that reuses the page:
:class:`SearchEntries` keeps each page's entries, as :mod:`fxsite.mkdocs_serve`
keys pages' outputs.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

from material.plugins.search import plugin as material  # type: ignore[import-untyped]

from fxsite.mkdocs_serve import REUSABLE_PLUGINS, digest_parts, plain_value, toc_key
from fxsite.pages.search_sections import search_sections, sections_page

__all__ = ["SearchEntries", "add_sections", "attach_view", "release_indexes"]

#: Where a search index keeps its entries: MkDocs' own index (``_entries``), Material's
#: (``entries``).
_ENTRY_FIELDS = ("entries", "_entries")


def _entries_field(index: Any) -> str | None:
    """The name of ``index``'s list of entries: the first of :data:`_ENTRY_FIELDS` it has,
    when that is a list."""
    field = next((f for f in _ENTRY_FIELDS if hasattr(index, f)), None)
    return field if field is not None and isinstance(getattr(index, field), list) else None


def attach_view(plugins: Mapping[str, Any]) -> None:
    """Make this build's search index index each page as fxsite read it.

    Material's index gets its entries from the page's sections (:func:`add_sections`);
    another (MkDocs' own) parses the sections written out as a page
    (:func:`~fxsite.pages.search_sections.sections_page`).
    """
    for name, plugin in plugins.items():
        index = getattr(plugin, "search_index", None)
        add = getattr(index, "add_entry_from_context", None)
        if name not in REUSABLE_PLUGINS or index is None or not callable(add):
            continue
        if getattr(add, "fxsite_view", False):  # the same index as the last build's
            continue

        def add_entry_from_context(
            page: Any, add: Callable[[Any], None] = add, index: Any = index
        ) -> None:
            if not isinstance(page.content, str):
                add(page)
            elif isinstance(index, material.SearchIndex):
                add_sections(index, page)
            else:
                shown = copy.copy(page)  # the page itself keeps its HTML
                shown.content = sections_page(search_sections(page.content))
                add(shown)

        add_entry_from_context.fxsite_view = True  # type: ignore[attr-defined]
        index.add_entry_from_context = add_entry_from_context


def add_sections(index: Any, page: Any) -> None:
    """Add ``page``'s entries to Material's ``index``, one per section
    (:func:`~fxsite.pages.search_sections.search_sections`) rather than parsed by Material.

    Material's own rules stand: a page whose front matter says ``search: exclude``
    has none, a section whose heading is marked ``data-search-exclude`` none, the
    first section links to the page itself, a section without a title is titled
    with the page; Material's ``create_entry_for_section`` writes each entry
    (location, tags, boost, Chinese segmented where ``jieba`` is installed).
    """
    search = page.meta.get("search")
    if isinstance(search, dict) and search.get("exclude"):
        return
    sections = search_sections(page.content)
    if len(sections) > 1 and not sections[0].text and sections[1].level == 1:
        sections = sections[1:]  # the page begins with its h1: no section before it
    for n, part in enumerate(sections):
        if part.excluded:
            continue
        section = material.Section(material.Element("hx"))
        section.id = part.anchor if n else None
        section.title, section.text = part.title, part.text
        index.create_entry_for_section(section, page.toc, page.url, page)


#: Options of Material's search naming files whose content decides the entries (the
#: dictionaries that split Chinese text): while one is set, nothing is reused.
_FILE_OPTIONS = ("jieba_dict", "jieba_dict_user")


class SearchEntries:
    """Each page's entries in the search index, kept for one ``serve`` session.

    An entry is a pure function of what :meth:`attach` keys it on: the search
    plugin and its options, the page's URL, its content as the plugin gets it,
    its title, front matter (``search: exclude``, ``tags``, ``boost``; not
    ``template``, which no search plugin reads and ``PageOutputs`` switches for
    a reused page) and table of contents (section anchors). While that key
    holds, the kept entries are added again, copied; otherwise the plugin
    indexes the page and what it added is kept. A search plugin whose index
    does not look as expected (an ``add_entry_from_context`` method, a list of
    entries) is left alone, and so is one configured with files that decide
    its entries (``jieba_dict``, ``jieba_dict_user``); nothing is kept when
    ``site_key`` is None (a plugin fxsite does not know is enabled).
    """

    def __init__(self) -> None:
        self._kept: dict[str, tuple[str, list[Any]]] = {}
        #: pages whose entries the last build added again (for tests and logs)
        self.last_reused: set[str] = set()

    def clear(self) -> None:
        """Forget every page's entries: the next build indexes every page."""
        self._kept.clear()
        self.last_reused = set()

    def attach(self, plugins: Mapping[str, Any], site: str | None) -> None:
        """Wrap this build's search index (a new one each build) to keep and reuse entries."""
        self.last_reused = set()
        if site is None:
            self.clear()
            return
        for name, plugin in plugins.items():
            index = getattr(plugin, "search_index", None)
            if name not in REUSABLE_PLUGINS or index is None:
                continue
            field = _entries_field(index)
            add = getattr(index, "add_entry_from_context", None)
            if field is None or not callable(add):
                continue
            if any(plugin.config.get(o) for o in _FILE_OPTIONS):
                continue  # entries depend on what those files hold
            # The plugin's options, not the whole site: the navigation is not in an entry.
            options = digest_parts((name, repr(plain_value(dict(plugin.config)))))
            index.add_entry_from_context = self._wrap(index, field, add, options)

    def _wrap(self, index: Any, field: str, add: Callable[[Any], None], options: str) -> Any:
        def add_entry_from_context(page: Any) -> None:
            src = page.file.src_uri
            key = digest_parts(
                (
                    options,
                    page.url,
                    page.content or "",
                    repr(page.title),
                    # Not the template: PageOutputs switches a reused page's.
                    repr(plain_value({k: v for k, v in page.meta.items() if k != "template"})),
                    repr(toc_key(page.toc)),
                )
            )
            entries: list[Any] = getattr(index, field)
            kept = self._kept.get(src)
            if kept is not None and kept[0] == key:
                entries.extend(copy.deepcopy(kept[1]))
                self.last_reused.add(src)
                return
            start = len(entries)
            add(page)
            self._kept[src] = (key, copy.deepcopy(entries[start:]))

        return add_entry_from_context


def release_indexes(plugins: Mapping[str, Any]) -> None:
    """Let go of the entries of each known search plugin's index once it has written
    ``search_index.json`` (its ``on_post_build`` runs before fxsite's): at the end of
    ``mkdocs build`` nothing reads them again, and the gate that runs next no longer
    holds them (about 2 MiB for 800 pages).

    The plugin calls it at the end of ``mkdocs build`` only: under ``mkdocs serve``
    Material keeps the index for the next build."""
    for name, plugin in plugins.items():
        index = getattr(plugin, "search_index", None)
        if name not in REUSABLE_PLUGINS or index is None:
            continue
        # The entries go now, not when a collection finds the index: the view
        # attach_view puts on it refers back to it.
        field = _entries_field(index)
        if field is not None:
            getattr(index, field).clear()
        getattr(index, "__dict__", {}).pop("add_entry_from_context", None)
        plugin.search_index = None
        if hasattr(plugin, "search_index_prev"):
            plugin.search_index_prev = None
