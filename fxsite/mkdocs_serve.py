"""Under ``mkdocs serve``: a page's published bytes reused when nothing it shows changed.

MkDocs renders every page through the theme on every rebuild. Most of them
(above all the generated record pages) come out byte for byte as in the
previous build of the same session. This module names what a page's output is
made of, so that the plugin can publish the previous bytes instead of
rendering the theme again:

* the site: the whole MkDocs config as loaded (theme options, extensions,
  every plugin and its options, ``extra``, ``nav``...), the navigation as
  built (titles, URLs, front matter of pages in it) and the theme folders
  outside installed packages (a ``custom_dir``: names, contents, sizes, times);
* the page: its URL and source path, title, front matter, table of contents,
  its rendered content with fxsite's placeholders filled from this build's
  site index ("Cited by", "Related reading"), and what the plugin adds to its
  head (language, FAQ JSON-LD);

Every page's source is still checked (claims, citations); a page whose
Markdown cannot convert differently is not converted again
(:class:`Conversions`), and a page whose output cannot differ is not rendered
through the theme again (:class:`PageOutputs`); a page whose content, title,
front matter and table of contents are unchanged keeps its search entries
(:class:`fxsite.mkdocs_search.SearchEntries`). :func:`site_key`
returns None (nothing reused) when a plugin other than search and fxsite is
enabled (another plugin may put into a page something fxsite cannot see
change) and when a template of the theme names the build's time (as MkDocs'
own themes do). Installed packages are taken not to change during a session
(their Python code is not reloaded either).
"""

from __future__ import annotations

import datetime
import logging
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from hashlib import blake2b
from pathlib import Path
from typing import Any

from markdown import Extension
from mkdocs.plugins import BasePlugin
from mkdocs.theme import Theme

from fxsite.safeio import Stamp, UnreadableFile, read_prefix, stat_stamp

__all__ = [
    "CACHED_TEMPLATE",
    "REUSABLE_PLUGINS",
    "Conversions",
    "PageOutputs",
    "digest_parts",
    "page_key",
    "plain_value",
    "site_key",
    "toc_key",
]

#: The template a reused page is rendered with: it renders nothing; the plugin
#: publishes the kept bytes in ``on_post_page``.
CACHED_TEMPLATE = "fxsite-reused.html"

#: Plugins known to add nothing to a page's HTML beyond what the key covers.
REUSABLE_PLUGINS = frozenset({"search", "material/search", "fxsite"})

_SEPARATOR = b"\x00\x1f"
#: What MkDocs gives templates that changes from one build to the next.
_BUILD_TIME = (b"build_date_utc", b"update_date")
#: Read no more of a theme file to look for them (templates are small; assets are not read whole).
_MAX_TEMPLATE = 1 << 20


def plain_value(value: Any, seen: frozenset[int] = frozenset()) -> Any:
    """``value`` as nested tuples of plain values, for a repr that names its content.

    Objects this does not know are shown by their ``repr``: one that names a
    memory address changes every build, which makes every key differ (nothing
    reused), never a stale page.
    """
    if value is None or isinstance(value, str | int | float | bool | bytes):
        return value  # their reprs tell them apart: 1, True, 1.0, '1'
    # Named with their type: a date and the string of its ISO form read differently
    # (Material keeps a string tag and drops a date).
    if isinstance(value, Path):
        return ("Path", str(value))
    if isinstance(value, datetime.date | datetime.time):
        return (type(value).__qualname__, value.isoformat())
    if id(value) in seen:
        return "<cycle>"
    seen = seen | {id(value)}
    kind = type(value).__qualname__
    # Plugins, Markdown extensions and the theme: their options, not their identity.
    if isinstance(value, BasePlugin):
        return (kind, plain_value(dict(value.config), seen))
    if isinstance(value, Extension):
        return (kind, plain_value(value.getConfigs(), seen))
    if isinstance(value, Theme):
        attrs = ("name", "custom_dir", "dirs", "static_templates")
        extra = tuple(plain_value(getattr(value, a, None), seen) for a in attrs)
        return (kind, extra, plain_value(dict(value), seen))
    if isinstance(value, Mapping):
        items = ((repr(k), plain_value(v, seen)) for k, v in value.items())
        return (kind, tuple(sorted(items, key=lambda kv: kv[0])))
    if isinstance(value, set | frozenset):
        return (kind, tuple(sorted(repr(plain_value(v, seen)) for v in value)))
    if isinstance(value, list | tuple):
        return (kind, tuple(plain_value(v, seen) for v in value))
    return repr(value)


def _nav(items: Iterable[Any]) -> tuple[Any, ...]:
    """The navigation as the theme can show it: kinds, titles, URLs, page front matter."""
    out = []
    for item in items:
        children = getattr(item, "children", None)
        file = getattr(item, "file", None)
        out.append(
            (
                type(item).__qualname__,
                getattr(item, "title", None),
                getattr(item, "url", None),
                file.src_uri if file is not None else None,
                plain_value(getattr(item, "meta", None)),
                _nav(children) if children else (),
            )
        )
    return tuple(out)


def _installed() -> tuple[Path, ...]:
    import sysconfig  # serve only: `fxsite check` loads this module with the plugin

    paths = sysconfig.get_paths()
    return tuple(Path(paths[k]).resolve() for k in ("purelib", "platlib") if k in paths)


def _theme_files(dirs: Iterable[str]) -> tuple[tuple[str, str, Stamp], ...] | None:
    """Every file of the theme folders that are not installed packages (a custom_dir).

    Each as its path, a digest of its first bytes (all of a template) and its
    :data:`~fxsite.safeio.Stamp`: an edit that keeps the size and puts the
    modification time back is seen too.

    None when a template of any theme folder names the build's time (MkDocs'
    own themes print it in every page): a page showing it changes every
    build. Installed folders are read once a session, as they do not change.
    """
    installed = _installed()
    found = []
    walked: set[str] = set()
    for top in dirs:
        root = Path(top).resolve()
        if any(root.is_relative_to(p) for p in installed):
            if _names_build_time(root):
                return None
            continue
        for path, st, text in _files(root, walked):
            if any(word in text for word in _BUILD_TIME):
                return None
            found.append((path, digest_parts([text.decode("latin-1")]), stat_stamp(st)))
    return tuple(sorted(found))


@cache
def _names_build_time(root: Path) -> bool:
    """Whether a page template (``.html``) of an installed theme folder names the build's time.

    Not the other files: MkDocs' ``sitemap.xml`` names it, and is written every build.
    """
    return any(
        path.endswith(".html") and any(w in text for w in _BUILD_TIME)
        for path, _, text in _files(root, set())
    )


def _files(root: Path, walked: set[str]) -> Iterator[tuple[str, os.stat_result, bytes]]:
    """Each file under ``root`` with its status and first bytes; real folders once (``walked``)."""
    # Links followed, as the template loader follows them.
    for folder, subdirs, names in os.walk(root, followlinks=True):
        real = os.path.realpath(folder)
        if real in walked:
            subdirs[:] = []
            continue
        walked.add(real)
        for name in names:
            path = os.path.join(folder, name)
            try:
                st = os.stat(path)
                text = read_prefix(Path(path), _MAX_TEMPLATE)  # a FIFO is skipped, not waited on
            except (OSError, UnreadableFile):
                continue
            yield path, st, text


def digest_parts(parts: Iterable[str]) -> str:
    h = blake2b(digest_size=20)
    for part in parts:
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(_SEPARATOR)
    return h.hexdigest()


def site_key(config: Mapping[str, Any], nav: Any) -> str | None:
    """What every page's output shares, as a digest; None when nothing may be reused."""
    plugins = config.get("plugins") or {}
    if any(name not in REUSABLE_PLUGINS for name in plugins):
        return None
    theme = config.get("theme")
    files = _theme_files(getattr(theme, "dirs", []))
    if files is None:
        return None
    return digest_parts(
        (
            repr(plain_value(dict(config))),
            repr(_nav(getattr(nav, "items", ()))),
            repr(getattr(getattr(nav, "homepage", None), "url", None)),
            repr(files),
        )
    )


def toc_key(items: Iterable[Any]) -> tuple[Any, ...]:
    return tuple((item.title, item.id, item.level, toc_key(item.children or ())) for item in items)


def _neighbour(page: Any) -> tuple[Any, Any]:
    return (None, None) if page is None else (page.title, page.url)


def page_key(site: str, page: Any, shown: str) -> str:
    """One page's output as a digest: the site's, the page's own facts, and ``shown``.

    ``shown`` is what the plugin adds from outside the page: its content with
    the placeholders filled, its language and head elements.
    """
    return digest_parts(
        (
            site,
            page.file.src_uri,
            str(page.file.inclusion),
            page.url,
            repr(page.canonical_url),
            repr(page.edit_url),
            repr(page.title),
            repr(page.is_homepage),
            repr(_neighbour(page.previous_page)),
            repr(_neighbour(page.next_page)),
            repr(plain_value(page.meta)),
            repr(toc_key(page.toc)),
            shown,
        )
    )


class PageOutputs:
    """Each page's last published output and the key it was made under, for one session.

    Per build: :meth:`start` forgets the last build's plan; :meth:`plan` (once
    every page's Markdown is converted) keys every page and marks for reuse
    those whose key equals the one kept, switching their template to
    :data:`CACHED_TEMPLATE`; :meth:`take` hands a reused page's kept output
    over; :meth:`published` keeps what a rendered page published.
    """

    def __init__(self) -> None:
        self._kept: dict[str, tuple[str, str]] = {}
        self._keys: dict[str, str] = {}
        self._reused: dict[str, str] = {}
        #: pages the last build published from the one before (for tests and logs)
        self.last_reused: frozenset[str] = frozenset()
        #: the last build's :func:`site_key`
        self.site: str | None = None

    def clear(self) -> None:
        """Forget every kept output: the next build renders every page."""
        self._kept.clear()
        self.start()

    def start(self) -> None:
        self._keys, self._reused, self.last_reused, self.site = {}, {}, frozenset(), None

    def plan(
        self,
        config: Mapping[str, Any],
        nav: Any,
        pages: list[Any],
        shown: Callable[[Any], tuple[str, list[str]]],
    ) -> dict[str, list[str]]:
        """Key every page; returns the reused pages with what their ``shown`` left unresolved.

        ``shown(page)`` is what the plugin adds to the page from outside it
        (see :func:`page_key`) and the placeholders it could not fill.
        """
        self.start()
        current = {p.file.src_uri for p in pages}
        for src in [s for s in self._kept if s not in current]:
            del self._kept[src]  # gone from the site
        site = self.site = site_key(config, nav)
        if site is None:
            self._kept.clear()
            return {}
        unresolved: dict[str, list[str]] = {}
        for page in pages:
            src = page.file.src_uri
            text, unknown = shown(page)
            key = self._keys[src] = page_key(site, page, text)
            kept = self._kept.get(src)
            if kept is not None and kept[0] == key:
                self._reused[src] = kept[1]
                page.meta["template"] = CACHED_TEMPLATE
                unresolved[src] = unknown
        self.last_reused = frozenset(self._reused)
        return unresolved

    def take(self, src: str) -> str | None:
        """The output to publish for a page marked for reuse, else None (render it)."""
        return self._reused.pop(src, None)

    def published(self, src: str, output: str) -> None:
        """Keep what a page this build keyed published."""
        key = self._keys.pop(src, None)
        if key is not None:
            self._kept[src] = (key, output)

    def __len__(self) -> int:
        return len(self._kept)


#: What MkDocs' ``Page.render`` sets besides the content (MkDocs and ProperDocs 1.6).
_RENDERED_FIELDS = ("toc", "_title_from_render", "present_anchor_ids", "links_to_anchors")


@dataclass
class _Converted:
    key: str
    #: the library the claims were rendered from, when they could not be keyed by their
    #: render (held, so its identity cannot be reused); else None
    library: Any
    #: the HTML as Markdown gave it, and the findings the renderer made, located
    html: str
    findings: list[Any]
    fields: dict[str, Any]
    #: what the conversion logged (MkDocs' link checks), logged again when it is reused
    logs: list[logging.LogRecord]
    #: the claims the conversion rendered
    claims: list[Any]
    #: the evidence links it resolved, and how they rendered
    #: (:func:`~fxsite.markdown.links_rendered`), when it refused none; else None
    links: list[tuple[str, str, str]]
    rendered: str | None

    def takes_same(self, library: Any) -> bool:
        """Whether converting again against ``library`` (None: the conversion takes
        nothing from it) would take from it what this conversion took."""
        if library is None:
            return self.library is None and self.rendered is None
        if self.rendered is None:
            return self.library is library
        from fxsite.markdown import links_rendered

        return links_rendered(self.links, library) == self.rendered


#: Loggers a conversion reports on: MkDocs' (a link to a missing page), Python-Markdown's.
_CONVERSION_LOGGERS = ("mkdocs", "MARKDOWN")


class _Capture(logging.Handler):
    """What is logged while one page is converted."""

    def __init__(self) -> None:
        super().__init__(logging.NOTSET)
        self.records: list[logging.LogRecord] = []
        for name in _CONVERSION_LOGGERS:
            logging.getLogger(name).addHandler(self)

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def stop(self) -> list[logging.LogRecord]:
        for name in _CONVERSION_LOGGERS:
            logging.getLogger(name).removeHandler(self)
        return self.records


#: Markdown extensions whose output is a function of the page's Markdown and their
#: options alone (Python-Markdown's, PyMdown's but those that read other files,
#: Material's emoji). ``pymdownx.snippets`` and ``pymdownx.b64`` are not: they
#: put in what other files hold; nor is an extension fxsite does not know.
_PURE = """
abbr admonition attr_list codehilite def_list extra fenced_code footnotes legacy_attrs
legacy_em md_in_html meta nl2br sane_lists smarty tables toc wikilinks
pymdownx.arithmatex pymdownx.betterem pymdownx.blocks.admonition pymdownx.blocks.caption
pymdownx.blocks.definition pymdownx.blocks.details pymdownx.blocks.html
pymdownx.blocks.tab pymdownx.caret pymdownx.critic pymdownx.details pymdownx.emoji
pymdownx.escapeall pymdownx.extra pymdownx.fancylists pymdownx.highlight
pymdownx.inlinehilite pymdownx.keys pymdownx.magiclink pymdownx.mark
pymdownx.progressbar pymdownx.saneheaders pymdownx.smartsymbols pymdownx.striphtml
pymdownx.superfences pymdownx.tabbed pymdownx.tasklist pymdownx.tilde
material.extensions.emoji
"""
PURE_EXTENSIONS = frozenset(_PURE.split())


def pure_extensions(extensions: Iterable[Any]) -> bool:
    """Whether every extension of ``extensions`` (names or instances) is in :data:`PURE_EXTENSIONS`.

    fxsite's own extension is: what it takes from the library is in the key.
    """
    from fxsite.markdown import FxsiteExtension

    for extension in extensions:
        if isinstance(extension, FxsiteExtension):
            continue
        name = extension if isinstance(extension, str) else ""
        if name.removeprefix("markdown.extensions.") not in PURE_EXTENSIONS:
            return False
    return True


class Conversions:
    """Each page's last Markdown conversion, for one ``serve`` session.

    Converting a page's Markdown is a pure function of what the key names: the
    page's source file (for a generated page, all fxsite generates for it) and
    the Markdown fxsite gives MkDocs for it, its path and
    URL, the whole config (extensions and their options), the navigation, the
    theme folders (see :func:`site_key`), every file of the site with its URL
    (links are resolved against them), and what it takes from the library: the
    evidence links its last conversion resolved, as they render now, or the library
    object itself when that conversion refused a claim. When all are as in
    the previous build, the plugin hands MkDocs an empty text and puts back the
    previous HTML, table of contents, title and anchors; claims were checked on
    the same source against the same library, and the findings the renderer
    made are reported again. Nothing is kept when :func:`site_key` is None, nor
    when a Markdown extension may read other files (:func:`pure_extensions`).
    """

    def __init__(self) -> None:
        self._kept: dict[str, _Converted] = {}
        self._capture: _Capture | None = None
        self._site: str | None = None
        self._pending: dict[str, tuple[str, Any]] = {}
        self._reusing: dict[str, _Converted] = {}
        #: pages the last build did not convert again (for tests and logs)
        self.last_reused: set[str] = set()

    def clear(self) -> None:
        """Forget every conversion: the next build converts every page."""
        self._stop()
        self._kept.clear()
        self._site = None
        self._pending, self._reusing, self.last_reused = {}, {}, set()

    def start(self, config: Mapping[str, Any], nav: Any, files: Iterable[Any]) -> None:
        """A build of the session begins (its navigation and files are known)."""
        self._stop()
        self._pending, self._reusing, self.last_reused = {}, {}, set()
        site = site_key(config, nav)
        if site is None or not pure_extensions(config.get("markdown_extensions") or []):
            self.clear()
            return
        listing = sorted((f.src_uri, f.url, str(f.inclusion)) for f in files)
        self._site = digest_parts((site, repr(listing)))

    def reuse(self, page: Any, source: str, markdown: str, library: Any) -> bool:
        """Whether ``page`` converts as in the last build; if not, it will be kept.

        ``library`` is what its evidence links are resolved against, or None when its
        Markdown has none. The last conversion of the same Markdown rendered its claims:
        it is reused when those claims render alike now (or, where it refused one,
        against the very same library object: a rebuilt library converts it again).
        """
        if self._site is None or not all(hasattr(page, f) for f in _RENDERED_FIELDS):
            return False
        src = page.file.src_uri
        key = digest_parts((self._site, src, page.url, source, markdown))
        kept = self._kept.get(src)
        if kept is not None and kept.key == key and kept.takes_same(library):
            self._reusing[src] = kept
            self.last_reused.add(src)
            return True
        self._pending[src] = (key, library)
        self._stop()  # a conversion that raised left its capture on
        self._capture = _Capture()
        return False

    def _stop(self) -> list[logging.LogRecord]:
        capture, self._capture = self._capture, None
        return capture.stop() if capture is not None else []

    def restore(self, page: Any, files: Any) -> tuple[str, list[Any], list[Any]] | None:
        """A reused page's HTML, findings and claims, its rendered fields put back; else None.

        What its conversion logged is logged again (a link to a missing page, which
        ``strict`` counts), and its links to anchors name this build's files, so that
        MkDocs checks them against the pages as they are now.
        """
        kept = self._reusing.pop(page.file.src_uri, None)
        if kept is None:
            return None
        for name, value in kept.fields.items():
            setattr(page, name, value)
        links = getattr(page, "links_to_anchors", None)
        if links:
            page.links_to_anchors = {
                (files.get_file_from_path(f.src_uri) or f): anchors for f, anchors in links.items()
            }
        for record in kept.logs:
            logging.getLogger(record.name).handle(record)
        return kept.html, list(kept.findings), list(kept.claims)

    def keep(
        self,
        page: Any,
        html: str,
        findings: list[Any],
        claims: list[Any],
        links: list[tuple[str, str, str]],
    ) -> None:
        """What a converted page gave (its HTML, findings, claims and the evidence links
        it resolved), for the next build."""
        pending = self._pending.pop(page.file.src_uri, None)
        if pending is None:
            return
        key, library = pending
        fields = {name: getattr(page, name) for name in _RENDERED_FIELDS}
        logs = self._stop()
        rendered = None
        if library is not None and not any(f.on_claim for f in findings):
            from fxsite.markdown import links_rendered

            rendered, library = links_rendered(links, library), None
        self._kept[page.file.src_uri] = _Converted(
            key, library, html, list(findings), fields, logs, list(claims), list(links), rendered
        )
