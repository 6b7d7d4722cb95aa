"""The stylesheets that style a page, in the order a browser applies them.

A rule that hides text (``display: none``…), sets a code font or a case applies
wherever it is written: in a ``<style>`` block, in a file the page links
(``<link rel=stylesheet>``), in a file MkDocs links on every page (``extra_css``),
in a file one of them ``@import``\\ s, in a file a link preloads as a style
(``<link rel=preload as=style onload="this.rel='stylesheet'">``, the common way to
load a stylesheet late: :func:`loads_style`). :func:`page_rules` gives the page reader
(:mod:`.visible`) the declarations of all of them, in document order, each
``@import`` before the rules of the sheet that imports it.

:class:`SheetFiles` reads the files of a folder by their path in the site: ``docs/``
for ``fxsite check`` (MkDocs publishes a file there at the same path), the site for
the build's gate and ``fxsite audit``. Each file is read once (again only when its
size, time or inode changed), at most :data:`MAX_SHEET_BYTES`. Not applied: a
theme's own file (:func:`~.theme.is_theme_file`: trusted, pinned, it hides the
theme's chrome by design), a file of another origin (warned elsewhere: FX507), a
link to no file (a browser loads nothing). A file that cannot be read is told
(the page is refused: FX614).
"""

from __future__ import annotations

import hashlib
import posixpath
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from urllib.parse import SplitResult, unquote, urlsplit

from selectolax.lexbor import LexborNode

from fxsite.safeio import Stamp, UnreadableFile, file_stamp, read_bytes
from fxsite.verify.clipped import clipping_part
from fxsite.verify.css import (
    MAX_SERIALIZED,
    Declaration,
    Sheet,
    read_sheet,
    rule_hides,
    text_case,
)
from fxsite.verify.css_images import image_urls
from fxsite.verify.dataurl import data_sheet
from fxsite.verify.theme import is_theme_file

__all__ = [
    "MAX_RULES",
    "MAX_SHEET_BYTES",
    "NO_SHEETS",
    "PageSheets",
    "SheetFiles",
    "file_digest",
    "in_theme",
    "loads_style",
    "page_rules",
    "resolve",
    "site_href",
]

#: Largest stylesheet file read, as the gate reads a published file.
MAX_SHEET_BYTES = 16 << 20
#: Most rules that style text a page's stylesheets may set: each is matched against the
#: page, so more are refused (the cost stays linear in the page).
MAX_RULES = 10_000


#: The elements Material draws around a page's content (``base.html``, ``main.html``).
_THEME_OPEN = (
    '<div class="md-container" data-md-component="container">'
    '<main class="md-main" data-md-component="main"><div class="md-main__inner md-grid">'
    '<div class="md-content" data-md-component="content">'
    '<article class="md-content__inner md-typeset">'
)
_THEME_CLOSE = "</article></div></div></main></div>"


def in_theme(html: str) -> str:
    """A page's rendered content as the theme draws it, for its stylesheets' selectors
    (``.md-typeset .h``, ``h1 + p``): inside Material's wrapper, after the ``<h1>`` it adds
    to a page without one (``partials/content.html``), left empty (the title is judged
    as a title)."""
    title = "" if "<h1" in html else "<h1></h1>"
    return f"{_THEME_OPEN}{title}{html}{_THEME_CLOSE}"


def loads_style(attrs: Mapping[str, str | None]) -> bool:
    """Whether a ``<link>`` loads its file as a stylesheet: its ``rel`` says so
    (``alternate stylesheet`` too), or it fetches the file as a style
    (``as=style``: a script, its own ``onload`` for one, makes it a stylesheet).
    Its ``media`` is not read: a script changes that as readily."""
    rel = (attrs.get("rel") or "").lower().split()
    return "stylesheet" in rel or (attrs.get("as") or "").strip().lower() == "style"


def _styling(decl: Declaration) -> bool:
    """A rule's declaration the page reader applies: it may hide its elements' text,
    sets their font (code drawn as prose), their ``display`` (a block laid out in the
    line) or the case their text is drawn in, draws an image (:mod:`.css_images`) or
    clips it (:mod:`.clipped`)."""
    return bool(decl.selector) and (
        decl.name in ("font", "font-family", "display")
        or text_case([decl]) is not None
        or rule_hides(decl)
        or bool(image_urls(decl))
        or clipping_part(decl) is not None
    )


@dataclass(frozen=True)
class _Read:
    """One file as read: its styling rules (None: not applied), why it cannot be read,
    a digest of its bytes (b"": no file), and the stamp it was read at."""

    sheet: Sheet | None
    problem: str | None
    digest: bytes
    stamp: Stamp | None


class SheetFiles:
    """The stylesheet files under ``roots`` (the first that holds a path has it), by
    their path in the site; ``always``: the paths every page loads (``extra_css``);
    ``site_url``: where the site is published (:func:`resolve`); ``once``: each file is
    read once and not looked at again (one audit of a published site: its pages load the
    same files, and looking at each again for every page took 8 % of the audit), else
    again whenever its stamp changes (a project's files, read by every ``serve`` rebuild)."""

    def __init__(
        self,
        roots: Sequence[Path],
        always: Sequence[str] = (),
        site_url: str = "",
        once: bool = False,
    ) -> None:
        self.roots = tuple(roots)
        self.site_url = site_url
        self.always = tuple(p for p in (resolve(a, "", site_url) for a in always) if p is not None)
        self._read: dict[str, _Read] = {}
        self.once = once

    def page(self, rel: str, source: str = "", written: frozenset[str] = frozenset()) -> PageSheets:
        """The sheets of the page published at ``rel`` (``index.html``, ``a/index.html``),
        written at ``source`` (:attr:`PageSheets.source`, :attr:`PageSheets.written`)."""
        return PageSheets(self, rel, source=source, written=written)

    def load(self, path: str) -> _Read:
        """The file at site path ``path``, read once (while it is unchanged, unless ``once``)."""
        known = self._read.get(path)
        if known is not None and self.once:
            return known
        root = next((r for r in self.roots if (r / path).is_file()), None)
        stamp = file_stamp(root / path) if root is not None else None
        if known is not None and known.stamp == stamp:
            return known
        self._read[path] = read = _read_file(root, path, stamp)
        return read


def _read_file(root: Path | None, path: str, stamp: Stamp | None) -> _Read:
    if root is None:
        return _Read(None, None, b"", None)
    try:
        data = read_bytes(root / path, MAX_SHEET_BYTES, root=root)
    except UnreadableFile as exc:
        return _Read(None, f"its stylesheet {path} {exc.reason}", b"?", stamp)
    digest = file_digest(data)
    if is_theme_file(data):
        return _Read(None, None, digest, stamp)
    return _Read(_styling_sheet(data.decode("utf-8", "replace")), None, digest, stamp)


def file_digest(data: bytes) -> bytes:
    """The digest a file's reading is known by (:attr:`PageSheets.used`)."""
    return hashlib.blake2b(data, digest_size=16).digest()


def _styling_sheet(css: str) -> Sheet:
    """The rules of ``css`` that style text (:func:`_styling`), and its imports."""
    sheet = read_sheet(css)
    styling = tuple(d for d in sheet.declarations if _styling(d))
    return Sheet(styling, sheet.font_face, sheet.imports)


def _inline(url: str) -> _Read | None:
    """A ``data:`` URL's stylesheet (:func:`~.dataurl.data_sheet`), as a file read; None
    where it holds none."""
    css = data_sheet(url)
    return None if css is None else _Read(_styling_sheet(css), None, b"", None)


#: Where a site is published when its ``site_url`` is not known: at a host's root.
_NO_SITE_URL = "http://site.invalid/"
#: What a browser strips from a URL's ends (C0 controls, space), and removes wherever
#: it is (tab, newline), by the WHATWG URL standard.
_ENDS = "".join(map(chr, range(0x21)))
_CONTROLS = re.compile(r"[\t\n\r]")
#: The port a URL of a special scheme has when it names none.
_DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443, "ftp": 21}


def resolve(href: str, base: str, site_url: str = "") -> str | None:
    """The site path ``href`` names from the file at ``base`` (a page, a sheet), as a
    browser resolves it on the site published at ``site_url`` (empty: at a host's root):
    a backslash is a slash, ``..`` stops at the host's root, escapes are decoded as the
    file system reads them, and a URL under ``site_url`` (same scheme, host, port and
    path prefix) is the site's file. None for another origin, a ``data:`` URL, or a path
    leaving the site."""
    url = _CONTROLS.sub("", href.strip(_ENDS)).replace("\\", "/")
    try:
        site, parts = urlsplit(site_url or _NO_SITE_URL), urlsplit(url)
        if parts.scheme.lower() == site.scheme and not parts.netloc:
            parts = parts._replace(scheme="")  # "https:css/a.css" on an https page: relative
        if (parts.scheme or parts.netloc) and _origin(parts, site.scheme) != _origin(site, ""):
            return None
    except ValueError:  # a port out of range, "http://[::1": no file of the site
        return None
    prefix = "/" + site.path.strip("/") + "/" if site.path.strip("/") else "/"
    if not parts.path:
        return None
    path = (
        parts.path
        if parts.path.startswith("/")
        else posixpath.dirname(prefix + base) + "/" + parts.path
    )
    joined = "/" + posixpath.normpath("/" + unquote(path)).lstrip("/")
    if not joined.startswith(prefix) or joined == prefix:
        return None
    return joined[len(prefix) :]


def site_href(path: str, site_url: str) -> str:
    """The URL of the site's file at ``path`` that :func:`resolve` finds from any page:
    from the site's root (its path under ``site_url``)."""
    site = urlsplit(site_url or _NO_SITE_URL)
    prefix = "/" + site.path.strip("/") + "/" if site.path.strip("/") else "/"
    return prefix + path


def _origin(parts: SplitResult, scheme: str) -> tuple[str, str, int | None]:
    """The scheme, host and port of ``parts`` (``scheme`` where it names none)."""
    scheme = (parts.scheme or scheme).lower()
    return scheme, (parts.hostname or "").lower(), parts.port or _DEFAULT_PORTS.get(scheme)


@dataclass(eq=False)
class PageSheets:
    """The stylesheet files one page may load (``page``: its site path), and what
    was read of them for it (``used``: path and digest, for a memo to compare);
    ``always``: whether the files every page loads style it (not a frame's document);
    ``source``: the docs-relative path of the page's Markdown, where its Markdown images'
    sources are written from (:mod:`.images`; "": not known); ``written``: the sources of
    its Markdown images the page read holds as written (``fxsite check`` renders them so;
    MkDocs writes each from ``page``)."""

    files: SheetFiles | None = None
    page: str = ""
    used: dict[str, bytes] = field(default_factory=dict)
    always: bool = True
    source: str = ""
    written: frozenset[str] = frozenset()

    def framed(self) -> PageSheets:
        """The sheets of an ``<iframe srcdoc>`` of the page: the files it links, found
        from the page's place (not those every page loads)."""
        return PageSheets(self.files, self.page, self.used, always=False)

    def load(self, path: str) -> _Read | None:
        """The file at site path ``path``; None when the page loads no files."""
        if self.files is None:
            return None
        read = self.files.load(path)
        self.used[path] = read.digest
        return read

    def same(self, used: Sequence[tuple[str, bytes]]) -> bool:
        """Whether each file of ``used`` (an earlier reading's) still has its digest."""
        if self.files is None:
            return not used
        return all(self.files.load(path).digest == digest for path, digest in used)


#: A page read without its stylesheet files (a fragment, a search entry).
NO_SHEETS = PageSheets()


def page_rules(root: LexborNode, sheets: PageSheets) -> tuple[list[Declaration], list[str]]:
    """The rules of the document's stylesheets that style text, in the order a browser
    applies them: the files every page loads, then its ``<style>`` blocks and
    ``<link>``\\ ed files (:func:`loads_style`) as they stand, each sheet's ``@import``\\ s first,
    each file once; and why they cannot be read (a file, more than :data:`MAX_RULES`, a
    selector too long to match: :data:`~.css.MAX_SERIALIZED`)."""
    found: list[Declaration] = []
    problems: list[str] = []
    seen: set[str] = set()
    always = sheets.files.always if sheets.files is not None and sheets.always else ()
    found += _files(always, "", sheets, seen, problems)
    for node in root.css("style, link"):
        if node.tag == "style":
            sheet = read_sheet(node.text(deep=True) or "")
            found += _files(sheet.imports, sheets.page, sheets, seen, problems)
            found += [d for d in sheet.declarations if _styling(d)]
        elif loads_style(node.attributes):
            href = node.attributes.get("href") or ""
            found += _files((href,), sheets.page, sheets, seen, problems)
    if any(len(d.selector) >= MAX_SERIALIZED for d in found):
        problems.append(
            f"its stylesheets have a selector longer than {MAX_SERIALIZED:,} characters, "
            "which is not matched"
        )
        found = [d for d in found if len(d.selector) < MAX_SERIALIZED]
    if len(found) > MAX_RULES:
        problems.append(
            f"its stylesheets set more than {MAX_RULES:,} rules that hide or restyle text"
        )
        del found[MAX_RULES:]
    return found, problems


def _files(
    hrefs: Sequence[str], base: str, sheets: PageSheets, seen: set[str], problems: list[str]
) -> Iterator[Declaration]:
    """The styling rules of the files ``hrefs`` name from ``base``, each file's imports
    before its own rules (with an explicit stack: an import chain costs no recursion)."""
    due: list[tuple[Sheet, str] | None] = [None]  # a sheet whose rules follow its imports
    todo: list[list[tuple[str, str]]] = [[(h, base) for h in reversed(hrefs)]]
    while todo:
        if not todo[-1]:
            todo.pop()
            done = due.pop()
            if done is not None:
                sheet, place = done  # a file's images are found from it (blind25)
                yield from (
                    replace(d, base=place) if image_urls(d) else d for d in sheet.declarations
                )
            continue
        href, at = todo[-1].pop()
        inline = href.strip()[:5].lower() == "data:"  # a sheet inside the URL
        site_url = sheets.files.site_url if sheets.files is not None else ""
        path = href if inline else resolve(href, at, site_url)
        if path is None or path in seen:
            continue
        seen.add(path)
        read = _inline(href) if inline else sheets.load(path)
        if read is not None and read.problem is not None:
            problems.append(read.problem)
        if read is not None and read.sheet is not None:
            base = at if inline else path
            due.append((read.sheet, "" if inline else path))
            todo.append([(h, base) for h in reversed(read.sheet.imports)])
