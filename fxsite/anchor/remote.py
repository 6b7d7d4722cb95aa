"""Fetch a live site for the audit: the manifest, every file it lists, and what pages link.

Each request goes through :class:`~fxsite.anchor.http_fetch.Session`: a deadline
for the whole request, decoded bytes capped while decoding, one content coding
at most, no redirect to another origin. Each file is capped at the manifest's
size for it (never more than :data:`MAX_FILE`), and the whole download at
:data:`MAX_TOTAL`. The whole download has :data:`TOTAL_TIMEOUT` seconds too
(blind75: a server answering each file in 19 s, under the per-request deadline,
kept an audit of 74 files running for 24 minutes, one of 10,000 for days): once
spent, no request starts (the one running ends at its own deadline), and every
listed file left is ``FX815``, as past the download cap; links are no longer
followed, which is ``FX815`` too (the unlisted files were not all looked for).

What a reader's browser is told matters too: each file must be served with the
``Content-Type`` of its kind (an HTML page as ``text/html``, JSON as
``application/json`` …), and a file that is no document must not be served as
one, or the reader sees something other than what the audit read (``FX817``).

Readers open a page ``x/index.html`` at its folder's URL, ``x/`` (and the site's
root page at the site's URL): a server setting (an ``.htaccess`` kept off the
manifest, blind71) can answer that URL with another page while the file's own
URL serves the signed one. So each listed ``index.html`` is fetched at its folder's
URL too, by the same session and caps, and must be a 200 with the manifest's bytes
(else ``FX806`` at the page, naming the URL): one more request a page. A site built
with ``use_directory_urls: false`` has no folder URLs but its root's.

A live server cannot be asked what else it serves, but its pages can be read:
every same-origin link (``href``, ``src``, ``data``) in a fetched page to a file
the manifest leaves out is fetched too (at most ``max_unlisted`` of them,
followed from page to page), and saved beside the listed files, where the
offline audit finds it added after the build (``FX808``) and audits its
content. Files land in a local folder that the ordinary offline audit checks.

Every request is made as a browser opening a page makes it (:data:`BROWSER_HEADERS`:
Safari's ``User-Agent`` and ``Accept``, ``Accept-Language``, the ``Sec-Fetch-*`` of a
navigation), not as ``python-httpx`` (blind75: a server sent the signed site to that
name and a lying one to browsers, and the URL audit passed). The ``Accept`` names no
image type, so an image CDN sends the file the manifest hashed, not a WebP made of it.
That only makes the crudest cloaking fail: a server can still tell the audit from a
reader by its address, its TLS handshake, its encodings (no ``br``) or its timing, so
a URL audit proves what this server sent the audit, never what it sends everyone.
"""

from __future__ import annotations

import hashlib
import posixpath
import time
from collections import deque
from collections.abc import Container
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, urljoin, urlsplit

import httpx

from fxsite.anchor.http_fetch import Fetched, Refused, Session, TooBig, origin_of
from fxsite.anchor.manifest import (
    ANCHOR_FILES,
    KEY_NAME,
    MANIFEST_NAME,
    MAX_ANCHOR_BYTES,
    MAX_MANIFEST_BYTES,
    SIGNATURE_NAME,
    parse_manifest,
    safe_relpath,
)
from fxsite.findings import Finding
from fxsite.verify.kinds import kind_of, page_media_type

__all__ = [
    "BROWSER_HEADERS",
    "MAX_FILE",
    "MAX_LINKED_PAGE",
    "MAX_TOTAL",
    "MAX_UNLISTED",
    "TIMEOUT",
    "TOTAL_TIMEOUT",
    "fetch_site",
    "is_url",
    "type_problem",
    "url_problem",
]

MAX_FILE = 100 * 1024 * 1024
MAX_TOTAL = 2 * 1024 * 1024 * 1024
#: Most unlisted files fetched by following links.
MAX_UNLISTED = 200
#: Largest page whose links are followed (the content audit reads no larger page).
MAX_LINKED_PAGE = 16 << 20
#: Seconds each request may take in all.
TIMEOUT = 20.0
#: Seconds the whole download may take (as a rebuild's build).
TOTAL_TIMEOUT = 1800.0
#: A linked file the server does not send is a broken link, not a finding here.
_ANY_STATUS = range(100, 600)
#: A page readers open at its folder's URL (``x/`` for ``x/index.html``).
INDEX = "index.html"
#: The headers of every request: Safari opening a page, its encodings cut to those the
#: fetch decodes.
BROWSER_HEADERS = {
    "User-Agent": (
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 "
        "(KHTML, like Gecko) Version/17.4 Safari/605.1.15"
    ),
    "Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    "Accept-Language": "en-US,en;q=0.9",
    "Accept-Encoding": "gzip, deflate",
    "Sec-Fetch-Dest": "document",
    "Sec-Fetch-Mode": "navigate",
    "Sec-Fetch-Site": "none",
    "Upgrade-Insecure-Requests": "1",
}

#: Types a browser shows as a document; only files of those kinds may be served so.
_DOCUMENT_TYPES = frozenset({"text/html", "application/xhtml+xml", "text/xml", "application/xml"})
_JS = ("text/javascript", "application/javascript", "application/x-javascript")
#: Accepted ``Content-Type`` by file suffix, for kinds other than HTML and JSON.
_TYPES = {
    ".svg": ("image/svg+xml",),
    ".xml": ("application/xml", "text/xml"),
    ".rss": ("application/rss+xml", "application/xml", "text/xml"),
    ".atom": ("application/atom+xml", "application/xml", "text/xml"),
    # XML the gate now reads as XML (fxsite/verify/xmltext.py): stylesheets, RDF, outlines
    ".xsl": ("application/xslt+xml", "application/xml", "text/xml", "text/xsl"),
    ".xslt": ("application/xslt+xml", "application/xml", "text/xml", "text/xsl"),
    ".rdf": ("application/rdf+xml", "application/xml", "text/xml"),
    ".opml": ("text/x-opml", "application/xml", "text/xml"),
    ".css": ("text/css",),
    ".js": _JS,
    ".mjs": _JS,
    ".cjs": _JS,
    ".map": ("application/json", "application/octet-stream"),
}


def is_url(text: str) -> bool:
    """Whether ``text`` names a site by an http(s) URL (well formed or not:
    :func:`url_problem`)."""
    return text.split(":", 1)[0].lower() in {"http", "https"} and "://" in text


def url_problem(url: str) -> str | None:
    """Why ``url`` cannot be fetched (a host in broken brackets, a port out of range, no
    host), or None."""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 -- raises ValueError for a port out of range
    except ValueError as exc:
        return f"{url}: not a URL that can be fetched ({exc})"
    if not parts.hostname:
        return f"{url}: no host to fetch from"
    return None


def type_problem(rel: str, content_type: str | None) -> str | None:
    """Why a file at site path ``rel`` served with ``content_type`` is not what was audited."""
    media = (content_type or "").split(";", 1)[0].strip().lower()
    if not media:
        return "served without a Content-Type: a browser guesses what it is"
    kind = kind_of(rel)
    suffix = posixpath.splitext(rel.lower())[1]
    if kind == "html":
        expected: tuple[str, ...] = (page_media_type(rel) or "text/html",)
    elif kind == "json":
        if media == "application/json" or media.endswith("+json"):
            return None
        expected = ("application/json",)
    else:
        expected = _TYPES.get(suffix, ())
    if media in expected:
        return None
    if expected:
        return f"served as {media}, not {expected[0]}: a browser reads it as another kind of file"
    if media in _DOCUMENT_TYPES or media.endswith("+xml"):
        return f"served as {media}: a browser shows it as a document, which the audit did not read"
    return None


class _Links(HTMLParser):
    """Every ``href``, ``src`` and ``data`` attribute value of an HTML page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found += [v for k, v in attrs if k in ("href", "src", "data") and v]


def _links(html: bytes) -> list[str]:
    parser = _Links()
    parser.feed(html.decode("utf-8", "replace"))
    parser.close()
    return parser.found


def _site_path(base: str, page_url: str, link: str) -> str | None:
    """The site path a link in the page at ``page_url`` leads to; None off the site."""
    try:
        target = urljoin(page_url, link.strip())
        if origin_of(target) != origin_of(base):
            return None
    except ValueError:  # "http://[::1", a port out of range: a link that leads nowhere
        return None
    path, root = unquote(urlsplit(target).path), unquote(urlsplit(base).path)
    if not path.startswith(root):
        return None
    rel = path[len(root) :]
    return rel + "index.html" if rel == "" or rel.endswith("/") else rel


class _Fetcher:
    """The download of one site into ``dest``, with its caps and findings."""

    def __init__(self, session: Session, base: str, dest: Path, seconds: float) -> None:
        self.session, self.base, self.dest = session, base, dest
        self.left = MAX_TOTAL
        self.seconds, self.until = seconds, time.monotonic() + seconds
        self.findings: list[Finding] = []

    def spent(self, rel: str, what: str) -> bool:
        """Whether the download cap or the whole download's time is spent (with the
        finding at ``rel`` saying ``what`` was not done)."""
        if self.left <= 0:
            reason = "download cap reached"
        elif time.monotonic() >= self.until:
            reason = f"the {self.seconds:g} s the whole download may take are spent"
        else:
            return False
        self.findings.append(Finding(rel, 1, 1, "FX815", f"{reason}; {what}"))
        return True

    def _get(
        self, rel: str, url: str, cap: int, *, listed: bool, where: str = ""
    ) -> Fetched | None:
        """The response for ``url`` (serving the file ``rel``), or None with the finding why not;
        ``where`` ends the message of a listed file larger than the manifest says."""
        try:
            return self.session.get(url, min(cap, self.left))
        except TooBig:
            if listed:
                message = f"changed since the build: larger than the manifest's {cap} bytes{where}"
                self.findings.append(Finding(rel, 1, 1, "FX806", message))
            else:
                message = f"larger than allowed ({min(cap, self.left)} bytes)"
                self.findings.append(Finding(rel, 1, 1, "FX815", message))
        except Refused as exc:
            self.findings.append(Finding(rel, 1, 1, "FX815", f"{url}: {exc}"))
        except httpx.HTTPError as exc:
            self.findings.append(Finding(rel, 1, 1, "FX815", f"cannot fetch {url}: {exc}"))
        return None

    def fetch(
        self, rel: str, cap: int, *, quiet: Container[int] = (), listed: bool = False
    ) -> bytes | None:
        """The body of ``rel`` (saved under ``dest``), or None with the finding why not.

        An HTTP status other than 200 is a finding unless it is in ``quiet``.
        """
        url = self.base + quote(rel)
        got = self._get(rel, url, cap, listed=listed)
        if got is None:
            return None
        if got.status != 200:
            if got.status not in quiet:
                self.findings.append(Finding(rel, 1, 1, "FX815", f"HTTP {got.status} for {url}"))
            return None
        problem = type_problem(rel, got.content_type)
        if problem is not None:
            self.findings.append(Finding(rel, 1, 1, "FX817", problem))
        self.left -= len(got.body)
        target = self.dest / rel
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(got.body)
        except OSError as exc:
            message = f"cannot be kept for the audit beside the other files: {exc.strerror}"
            self.findings.append(Finding(rel, 1, 1, "FX815", message))
            return None
        return got.body

    def check_folder_url(self, rel: str, entry: dict[str, Any]) -> None:
        """Readers open the page ``rel`` (``x/index.html``, ``index.html``) at its folder's
        URL (``x/``, the site's own URL): that URL must serve the manifest's bytes too, or a
        server setting shows readers another page than the one audited (blind71)."""
        url = self.base + quote(rel[: -len(INDEX)])
        where = f" at {url}, the URL readers open"
        if self.spent(rel, f"{url} not fetched"):
            return
        got = self._get(rel, url, min(int(entry["size"]), MAX_FILE), listed=True, where=where)
        if got is None:
            return
        if got.status != 200:
            message = f"changed since the build{where}: HTTP {got.status}, not the listed page"
            self.findings.append(Finding(rel, 1, 1, "FX806", message))
            return
        self.left -= len(got.body)
        sha = hashlib.sha256(got.body).hexdigest()
        if sha != entry["sha256"] or len(got.body) != entry["size"]:
            message = (
                f"changed since the build{where}: "
                f"sha256 {sha[:12]}…, manifest says {str(entry['sha256'])[:12]}…"
            )
            self.findings.append(Finding(rel, 1, 1, "FX806", message))
        problem = type_problem(rel, got.content_type)
        if problem is not None:
            self.findings.append(Finding(rel, 1, 1, "FX817", problem + where))

    def follow_links(self, pages: dict[str, bytes], listed: set[str], limit: int) -> None:
        """Fetch what ``pages`` link to and the manifest leaves out, page after page."""
        queue = deque(pages.items())
        seen = set(listed) | ANCHOR_FILES
        while queue and limit > 0:
            rel, html = queue.popleft()
            for link in _links(html):
                target = _site_path(self.base, self.base + quote(rel), link)
                if target is None or target in seen or not safe_relpath(target):
                    continue
                seen.add(target)
                if f"{target}/index.html" in listed:
                    continue  # a folder's URL without its slash
                if self.spent(rel, "its links to files the manifest leaves out were not followed"):
                    return
                limit -= 1
                body = self.fetch(target, MAX_FILE, quiet=_ANY_STATUS)
                if body is not None and kind_of(target) == "html" and len(body) <= MAX_LINKED_PAGE:
                    queue.append((target, body))
                if limit == 0:
                    break


def fetch_site(
    url: str,
    dest: Path,
    *,
    timeout: float = TIMEOUT,
    total: float = TOTAL_TIMEOUT,
    max_unlisted: int = MAX_UNLISTED,
    transport: httpx.BaseTransport | None = None,
) -> list[Finding]:
    """Download ``url``'s manifest, signature, key, listed files and linked unlisted files."""
    base = url if url.endswith("/") else url + "/"
    with httpx.Client(
        timeout=timeout,
        follow_redirects=False,
        headers=BROWSER_HEADERS,
        limits=httpx.Limits(max_connections=1),
        transport=transport,
    ) as client:
        session = Session(client, origin_of(base), timeout)
        fetcher = _Fetcher(session, base, dest, total)
        raw = fetcher.fetch(MANIFEST_NAME, MAX_MANIFEST_BYTES)
        if raw is None:
            return fetcher.findings
        fetcher.fetch(SIGNATURE_NAME, MAX_ANCHOR_BYTES, quiet={404})
        fetcher.fetch(KEY_NAME, MAX_ANCHOR_BYTES, quiet={404})
        manifest, _ = parse_manifest(raw)
        if manifest is None:
            return fetcher.findings  # the audit reports what is wrong with it
        pages: dict[str, bytes] = {}
        for rel, entry in sorted(manifest["files"].items()):
            if not safe_relpath(rel):
                continue
            if fetcher.spent(rel, "not fetched"):
                continue
            body = fetcher.fetch(rel, min(int(entry["size"]), MAX_FILE), listed=True)
            if body is not None and kind_of(rel) == "html" and len(body) <= MAX_LINKED_PAGE:
                pages[rel] = body
            if rel == INDEX or rel.endswith("/" + INDEX):
                fetcher.check_folder_url(rel, entry)
        fetcher.follow_links(pages, set(manifest["files"]), max_unlisted)
    return fetcher.findings
