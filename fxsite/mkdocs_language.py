"""The plugin's side of a page's language: what the theme renders around the page.

For the page being rendered, the site's name, copyright and navigation titles
in the page's language (:func:`fxsite.pages.chrome.chrome`) and a language
switch whose entries link to the page's own versions
(:func:`fxsite.pages.chrome.page_alternates`) are put on the config and the
navigation, and taken off once the page is rendered, so that the next page
renders as configured.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from fxsite.pages.chrome import chrome, page_alternates
from fxsite.render.messages import LANGUAGES, message

__all__ = ["PageChrome"]


def _nav_items(items: list[Any]) -> Iterator[Any]:
    for item in items:
        yield item
        yield from _nav_items(getattr(item, "children", None) or [])


class PageChrome:
    """Puts one page's language on the config and navigation, and takes it off after."""

    def __init__(self) -> None:
        self._undo: list[Callable[[], None]] = []

    def _set(self, target: Any, name: str, value: object, *, item: bool = False) -> None:
        if item:
            had, old = name in target, target.get(name)
            target[name] = value
            self._undo.append(lambda: target.__setitem__(name, old) if had else target.pop(name))
            return
        had, old = name in vars(target), vars(target).get(name)
        setattr(target, name, value)
        self._undo.append(lambda: setattr(target, name, old) if had else delattr(target, name))

    def dress(
        self,
        config: Any,
        nav: Any,
        *,
        lang: str | None,
        site_language: str | None,
        versions: Mapping[str, str],
        library_index: str,
        language_of: Callable[[str], str | None] = lambda src: None,
        in_library: bool = False,
    ) -> None:
        """The page's words on ``config`` and ``nav`` (the site's where it is in the site's
        language); each navigation entry to a page in another language (``language_of``
        its source) marked so ("训练气泡（英文）": blind84, the Chinese page's tabs led
        to English pages unsaid). A page ``in_library`` (a record's, in no navigation)
        shows the Evidence Library's entry as where the reader is (blind84 L6)."""
        self.undress()
        own = lang or site_language
        alternates = page_alternates(config.extra.get("alternate"), versions, own)
        if alternates is not None:
            self._set(config.extra, "alternate", alternates, item=True)
        translated = lang is not None and lang != site_language
        words = chrome(config.extra, lang) if translated and lang is not None else None
        if words is not None:
            self._dress_config(config, words)
        for entry in _nav_items(list(getattr(nav, "items", None) or [])):
            title = getattr(entry, "title", None)
            if not isinstance(title, str):
                continue
            file = getattr(entry, "file", None)
            new = words.nav.get(title) if words is not None else None
            if words is not None and new is None and file is not None and lang is not None:
                new = message("library.title", lang) if file.src_uri == library_index else None
            other = language_of(file.src_uri) if file is not None and own else None
            if other in LANGUAGES and own is not None and other != own:
                name = message(f"name.{other}", own)
                new = (new or title) + message("other_language", own, name=name)
            if new is not None and new != title:
                self._set(entry, "title", new)
            if in_library and file is not None and file.src_uri == library_index:
                self._activate(entry)

    def _activate(self, entry: Any) -> None:
        """``entry`` and its sections shown as where the reader is (MkDocs' ``active``, which
        a page's own build sets for a page in the navigation), until :meth:`undress`."""
        if getattr(entry, "active", True):
            return
        entry.active = True
        self._undo.append(lambda: setattr(entry, "active", False))

    def _dress_config(self, config: Any, words: Any) -> None:
        """The site's name, copyright and colour toggles in the page's words."""
        if words.site_name is not None:
            self._set(config, "site_name", words.site_name, item=True)
        if words.copyright is not None:
            self._set(config, "copyright", words.copyright, item=True)
        palette = config.theme.get("palette") if hasattr(config, "theme") else None
        schemes = palette if isinstance(palette, list) else []
        for scheme, name in zip(schemes, words.toggles, strict=False):
            toggle = scheme.get("toggle") if isinstance(scheme, dict) else None
            if isinstance(toggle, dict):
                self._set(toggle, "name", name, item=True)

    def undress(self) -> None:
        """The config and navigation as they were before :meth:`dress`."""
        while self._undo:
            self._undo.pop()()
