"""Auditing a live site that fights back: one row per trick of a hostile server.

The site is a few files served by ``http.server`` on 127.0.0.1 in a thread
(a second server on another port is another origin). Each fetch runs in a
forked child with a time limit and an address-space cap, so a regression (a
drip that never ends, a gzip bomb decoded whole) fails its row instead of
hanging or exhausting the suite; every server stops by itself.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import multiprocessing
import os
import resource
import threading
import time
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest

from fxsite.anchor.audit import audit_anchors
from fxsite.anchor.manifest import MANIFEST_NAME, build_manifest, canonical_bytes
from fxsite.anchor.remote import fetch_site, type_problem
from fxsite.findings import Finding

#: Seconds each request of the audit may take in these tests: a hostile server's drip
#: outlasts it many times over, and an honest file's request stays well inside it with five
#: test processes and Chromium beside it (at 1 s, a page after a dripping one was once
#: over it on a loaded CI machine).
DEADLINE = 2.0
#: A row's hard limit: a hang fails here.
LIMIT = 30.0
#: Address space a fetch may add to the test process's.
HEADROOM = 384 << 20

PAGES = {
    "index.html": (
        '<html><body><a href="a.html">a</a> <a href="secret.html">s</a>'
        ' <a href="gone.html">g</a> <a href="http://example.invalid/x">x</a>'
        ' <a href="x/">x</a> <img src="img/logo.png"></body></html>'
    ),
    # readers open it as x/ (use_directory_urls), the audit's folder-URL rows
    "x/index.html": "<html><body><h1>Checkpoint saves</h1><p>94 s</p></body></html>",
    "a.html": "<html><body><p>" + "words " * 200 + "</p></body></html>",
    "data.json": '{"a": 1}',
    "img/logo.png": "\x89PNG not really",
}
#: Served, linked from index.html, and left out of the manifest.
SECRET = '<html><body><a href="deeper/">on</a></body></html>'
DEEPER = "<html><body><p>unlisted too</p></body></html>"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("live")
    for rel, text in PAGES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    (root / MANIFEST_NAME).write_bytes(canonical_bytes(build_manifest(root, 0, None)))
    (root / "secret.html").write_text(SECRET)
    (root / "deeper").mkdir()
    (root / "deeper/index.html").write_text(DEEPER)
    return root


@pytest.fixture(scope="module")
def bomb() -> bytes:
    """``gzip, gzip``: 12 KiB on the wire, 1 GiB once both layers are decoded."""
    inner = zlib.compressobj(1, zlib.DEFLATED, 31)
    zeros = b"\0" * (1 << 24)
    data = b"".join(inner.compress(zeros) for _ in range(64)) + inner.flush()
    return gzip.compress(data)


Trick = Callable[[http.server.BaseHTTPRequestHandler], None]


class _Handler(http.server.SimpleHTTPRequestHandler):
    tricks: ClassVar[dict[str, Trick]] = {}

    def do_GET(self) -> None:
        trick = self.tricks.get(self.path)
        if trick is None:
            super().do_GET()
        else:
            trick(self)

    def log_message(self, *args: Any) -> None:
        pass


class _Server(http.server.ThreadingHTTPServer):
    """A hostile server's answers outlive their test (a drip-feeding one is cut off by the
    audit, and its thread writes on to a closed socket): they fail quietly, where the
    traceback ``socketserver`` prints would land in whatever another test of this worker
    is reading from stderr at that moment (CI, a build's "no traceback" check)."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass


@contextmanager
def served(site: Path, tricks: dict[str, Trick]) -> Iterator[str]:
    """``site`` over HTTP on 127.0.0.1, with ``tricks`` for some paths; stopped on exit."""
    handler = type("Handler", (_Handler,), {"tricks": tricks})
    server = _Server(("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.daemon = True
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def _send(status: int, headers: dict[str, str], body: bytes = b"") -> Trick:
    def trick(h: http.server.BaseHTTPRequestHandler) -> None:
        h.send_response(status)
        for name, value in headers.items():
            h.send_header(name, value)
        h.send_header("Content-Length", str(len(body)))
        h.end_headers()
        h.wfile.write(body)

    return trick


def _drip_body(h: http.server.BaseHTTPRequestHandler) -> None:
    """Headers at once, then the body a byte every 0.3 s (60 bytes, so it ends by itself)."""
    h.send_response(200)
    h.send_header("Content-Type", "text/html")
    h.send_header("Content-Length", "60")
    h.end_headers()
    for _ in range(60):
        try:
            h.wfile.write(b"x")
            h.wfile.flush()
        except OSError:
            return
        time.sleep(0.3)


def _drip_headers(h: http.server.BaseHTTPRequestHandler) -> None:
    """The status line and headers a byte every 0.3 s (bounded as above)."""
    head = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nX-Slow: " + b"y" * 40
    for byte in head:
        try:
            h.wfile.write(bytes([byte]))
            h.wfile.flush()
        except OSError:
            return
        time.sleep(0.3)
    h.close_connection = True


def _gzipped(rel: str, site: Path, encoding: str = "gzip") -> Trick:
    body = gzip.compress((site / rel).read_bytes())
    if encoding == "gzip, gzip":
        body = gzip.compress(body)
    return _send(200, {"Content-Type": "text/html", "Content-Encoding": encoding}, body)


def _limit_memory() -> None:
    with open("/proc/self/statm") as statm:
        used = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    resource.setrlimit(resource.RLIMIT_AS, (used + HEADROOM, used + HEADROOM))


def bounded(fn: Callable[[], Any]) -> tuple[Any, float]:
    """``fn()`` in a forked child with a time limit and capped memory; its result and seconds."""
    ctx = multiprocessing.get_context("fork")
    reader, writer = ctx.Pipe(duplex=False)

    def child() -> None:
        _limit_memory()
        try:
            writer.send(("ok", fn()))
        except BaseException as exc:  # reported to the test, whatever it is
            writer.send(("raised", f"{type(exc).__name__}: {exc}"))

    start = time.monotonic()
    proc = ctx.Process(target=child, daemon=True)
    proc.start()
    try:
        if not reader.poll(LIMIT):
            pytest.fail(f"still running after {LIMIT} s")
        kind, value = reader.recv()
    finally:
        proc.kill()
        proc.join()
    if kind != "ok":
        pytest.fail(f"the fetch raised {value}")
    return value, time.monotonic() - start


def _fetch(url: str, dest: Path) -> list[Finding]:
    return fetch_site(url, dest, timeout=DEADLINE)


@dataclass(frozen=True)
class Case:
    name: str
    tricks: Callable[[Path, bytes, str], dict[str, Trick]]
    #: (path, code, words in the message) each expected; empty: no finding at all
    expect: tuple[tuple[str, str, str], ...]


CASES = [
    Case("honest server", lambda s, b, o: {}, ()),
    Case(
        "drips the body a byte every 0.3 s",
        lambda s, b, o: {"/a.html": _drip_body},
        (("a.html", "FX815", f"took longer than {DEADLINE:g} s"),),
    ),
    Case(
        "drips its headers a byte every 0.3 s",
        lambda s, b, o: {"/a.html": _drip_headers},
        (("a.html", "FX815", f"took longer than {DEADLINE:g} s"),),
    ),
    Case(
        "gzip, gzip bomb (1 GiB decoded)",
        lambda s, b, o: {
            "/a.html": _send(
                200, {"Content-Type": "text/html", "Content-Encoding": "gzip, gzip"}, b
            )
        },
        (("a.html", "FX815", "stacked content encodings (gzip, gzip)"),),
    ),
    Case(
        "gzip bomb in one layer (1 GiB decoded)",
        lambda s, b, o: {
            "/a.html": _send(
                200, {"Content-Type": "text/html", "Content-Encoding": "gzip"}, gzip.decompress(b)
            )
        },
        (("a.html", "FX806", "larger than the manifest's"),),
    ),
    Case("gzip, honestly (near miss)", lambda s, b, o: {"/a.html": _gzipped("a.html", s)}, ()),
    Case(
        "gzip twice, honestly (still refused: one coding at most)",
        lambda s, b, o: {"/a.html": _gzipped("a.html", s, "gzip, gzip")},
        (("a.html", "FX815", "stacked"),),
    ),
    Case(
        "brotli",
        lambda s, b, o: {
            "/a.html": _send(200, {"Content-Type": "text/html", "Content-Encoding": "br"}, b"x")
        },
        (("a.html", "FX815", "content encoding 'br' is not read"),),
    ),
    Case(
        "redirects to another origin",
        lambda s, b, o: {"/a.html": _send(302, {"Location": o + "a.html"})},
        (("a.html", "FX815", "redirects to another origin"),),
    ),
    Case(
        "redirects within the origin (near miss)",
        lambda s, b, o: {"/a.html": _send(302, {"Location": "/img/../a.html?x=1"})},
        (),
    ),
    Case(
        "redirects in a loop",
        lambda s, b, o: {"/a.html": _send(302, {"Location": "/a.html"})},
        (("a.html", "FX815", "more than 5 redirects"),),
    ),
    Case(
        "HTML served as text/plain",
        lambda s, b, o: {
            "/a.html": _send(200, {"Content-Type": "text/plain"}, (s / "a.html").read_bytes())
        },
        (("a.html", "FX817", "served as text/plain, not text/html"),),
    ),
    Case(
        "JSON served as text/html",
        lambda s, b, o: {
            "/data.json": _send(200, {"Content-Type": "text/html"}, (s / "data.json").read_bytes())
        },
        (("data.json", "FX817", "served as text/html, not application/json"),),
    ),
    Case(
        "an image served as text/html",
        lambda s, b, o: {
            "/img/logo.png": _send(
                200, {"Content-Type": "text/html"}, (s / "img/logo.png").read_bytes()
            )
        },
        (("img/logo.png", "FX817", "shows it as a document"),),
    ),
]


def _page(rel: str, edit: Callable[[bytes], bytes] = lambda b: b, **headers: str) -> Trick:
    """``rel``'s bytes (edited), served with a 200 as HTML (or with ``headers``)."""

    def trick(h: http.server.BaseHTTPRequestHandler) -> None:
        site = Path(getattr(h, "directory", "."))
        _send(200, headers or {"Content-Type": "text/html"}, edit((site / rel).read_bytes()))(h)

    return trick


#: What a reader is shown at a folder URL (blind71: an ``.htaccess`` kept off the manifest).
TAMPERED = b"<html><body><h1>Checkpoint saves: 77 s, 3.1x faster (measured)</h1></body></html>"

# Readers open x/index.html at x/ and index.html at /: those URLs must serve the same bytes.
CASES += [
    Case(
        "answers the folder URL x/ with other bytes",
        lambda s, b, o: {"/x/": _send(200, {"Content-Type": "text/html"}, TAMPERED)},
        (("x/index.html", "FX806", "the URL readers open"),),
    ),
    Case(
        "answers x/ with other bytes of the same size",
        lambda s, b, o: {"/x/": _page("x/index.html", lambda b: b.replace(b"94", b"77"))},
        (("x/index.html", "FX806", "manifest says"),),
    ),
    Case(
        "answers x/ with a 410 and its own page (RedirectMatch gone, ErrorDocument 410)",
        lambda s, b, o: {"/x/": _send(410, {"Content-Type": "text/html"}, TAMPERED)},
        (("x/index.html", "FX806", "HTTP 410"),),
    ),
    Case(
        "answers x/ with a 404",
        lambda s, b, o: {"/x/": _send(404, {"Content-Type": "text/html"}, b"")},
        (("x/index.html", "FX806", "HTTP 404"),),
    ),
    Case(
        "redirects x/ to another page of the site",
        lambda s, b, o: {"/x/": _send(302, {"Location": "/a.html"})},
        (("x/index.html", "FX806", "the URL readers open"),),
    ),
    Case(
        "redirects x/ to another origin",
        lambda s, b, o: {"/x/": _send(302, {"Location": o + "x/"})},
        (("x/index.html", "FX815", "redirects to another origin"),),
    ),
    Case(
        "answers x/ as text/plain",
        lambda s, b, o: {"/x/": _page("x/index.html", **{"Content-Type": "text/plain"})},
        (("x/index.html", "FX817", "the URL readers open"),),
    ),
    Case(
        "answers the site's URL / with another page",
        lambda s, b, o: {"/": _send(200, {"Content-Type": "text/html"}, TAMPERED)},
        (("index.html", "FX806", "the URL readers open"),),
    ),
    Case(
        "answers / with a 410",
        lambda s, b, o: {"/": _send(410, {"Content-Type": "text/html"}, TAMPERED)},
        (("index.html", "FX806", "HTTP 410"),),
    ),
    Case(
        "answers x/ and / with the listed bytes by its own code (near miss)",
        lambda s, b, o: {"/x/": _page("x/index.html"), "/": _page("index.html")},
        (),
    ),
    Case(
        "redirects x/ to x/index.html within the origin (near miss)",
        lambda s, b, o: {"/x/": _send(301, {"Location": "/x/index.html"})},
        (),
    ),
    Case(
        "answers x/index.html, the file's own URL, with other bytes",
        lambda s, b, o: {"/x/index.html": _send(200, {"Content-Type": "text/html"}, TAMPERED)},
        (("x/index.html", "FX806", "larger than the manifest's"),),
    ),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_hostile_server(case: Case, site: Path, bomb: bytes, tmp_path: Path) -> None:
    with served(site, {}) as other, served(site, case.tricks(site, bomb, other)) as url:
        findings, seconds = bounded(lambda: _fetch(url, tmp_path / "got"))
    assert seconds < 15, seconds
    got = {(f.path, f.code) for f in findings}
    assert got == {(path, code) for path, code, _ in case.expect}, findings
    for path, code, words in case.expect:
        message = next(f.message for f in findings if (f.path, f.code) == (path, code))
        assert words in message, message


def test_unlisted_linked_pages_are_fetched_and_found(site: Path, tmp_path: Path) -> None:
    """secret.html and deeper/index.html are served and linked but not listed: FX808 offline."""
    dest = tmp_path / "got"
    with served(site, {}) as url:
        findings, _ = bounded(lambda: _fetch(url, dest))
    assert findings == []
    assert (dest / "secret.html").read_text() == SECRET
    assert (dest / "deeper/index.html").read_text() == DEEPER
    assert not (dest / "gone.html").exists()  # a broken link (404): nothing to audit
    added = {f.path for f in audit_anchors(dest) if f.code == "FX808"}
    assert added == {"secret.html", "deeper/index.html"}


def test_unlisted_pages_fetched_are_capped(site: Path, tmp_path: Path) -> None:
    dest = tmp_path / "got"
    with served(site, {}) as url:
        bounded(lambda: fetch_site(url, dest, timeout=DEADLINE, max_unlisted=1))
    assert (dest / "secret.html").is_file()
    assert not (dest / "deeper").exists()


@pytest.mark.parametrize(
    ("rel", "content_type", "problem"),
    [
        ("index.html", "text/html; charset=utf-8", None),
        ("page.xhtml", "application/xhtml+xml", None),
        ("page.xhtml", "text/html", "not application/xhtml+xml"),
        ("index.html", None, "without a Content-Type"),
        ("search/search_index.json", "application/json", None),
        ("schemas/evidence.schema.json", "application/schema+json", None),
        ("evidence.json", "text/plain", "not application/json"),
        ("sitemap.xml", "text/xml", None),
        ("sitemap.xml", "text/html", "not application/xml"),
        ("assets/app.js", "text/javascript", None),
        ("assets/app.js", "application/javascript", None),
        ("assets/app.css", "text/css", None),
        ("assets/app.css", "text/html", "not text/css"),
        ("logo.svg", "image/svg+xml", None),
        ("feed.xsl", "application/xslt+xml", None),
        ("data.rdf", "application/rdf+xml", None),
        ("list.opml", "text/x-opml", None),
        ("feed.xsl", "text/html", "not application/xslt+xml"),
        ("evidence.csv", "text/csv", None),
        ("evidence.sqlite", "application/octet-stream", None),
        ("fxsite-key.pub", "application/x-mspublisher", None),
        ("notes.txt", "application/xhtml+xml", "shows it as a document"),
        ("notes.txt", "image/svg+xml", "shows it as a document"),
    ],
)
def test_content_type_rule(rel: str, content_type: str | None, problem: str | None) -> None:
    found = type_problem(rel, content_type)
    if problem is None:
        assert found is None
    else:
        assert found is not None and problem in found


def test_each_page_is_fetched_once_more_at_its_folder_url(site: Path, tmp_path: Path) -> None:
    """x/index.html at x/ and index.html at /, one request each; a.html (as
    ``use_directory_urls: false`` builds) has no folder URL; nothing is asked for twice."""
    asked: list[str] = []

    class Asked(dict[str, Trick]):
        def get(self, key: str, default: Any = None) -> Any:
            asked.append(key)
            return super().get(key, default)

    with served(site, Asked()) as url:
        findings, _ = bounded(lambda: _fetch(url, tmp_path / "got"))
    assert findings == []
    assert len(asked) == len(set(asked)), asked
    assert [p for p in asked if p.endswith("/")] == ["/", "/x/"], asked
    listed = {"/" + rel for rel in PAGES} | {"/" + MANIFEST_NAME}
    assert listed <= set(asked), asked


def _slow(h: http.server.BaseHTTPRequestHandler) -> None:
    """The file, after 0.6 s (under the per-request deadline)."""
    time.sleep(0.6)
    http.server.SimpleHTTPRequestHandler.do_GET(h)  # type: ignore[arg-type]


def test_the_whole_download_has_a_deadline(site: Path, tmp_path: Path) -> None:
    """blind75: a server answering each file in 19 s (under the 20 s a request has) kept an
    audit running for hours. Past the whole download's time no request starts, and every
    listed file left is FX815; the near miss is the honest server row (CASES)."""
    slow = {"/" + rel: _slow for rel in PAGES}
    dest = tmp_path / "got"
    with served(site, slow) as url:
        findings, seconds = bounded(lambda: fetch_site(url, dest, timeout=DEADLINE, total=1.0))
    spent = {
        f.path for f in findings if "the 1 s the whole download may take are spent" in f.message
    }
    assert {"index.html", "x/index.html"} <= spent, findings
    assert (dest / "a.html").is_file() and not (dest / "index.html").exists()
    assert seconds < 1.0 + 2 * DEADLINE + 2  # the request running ends at its own deadline


def test_a_url_audit_ended_by_sigterm_leaves_no_download(site: Path, tmp_path: Path) -> None:
    """blind75: `timeout 15 fxsite audit URL` left /tmp/fxsite-audit-*/ behind (an
    interrupt removed it)."""
    import signal
    import subprocess
    import sys

    work = tmp_path / "tmp"
    work.mkdir()
    slow = {"/" + rel: _slow for rel in PAGES}
    with served(site, slow) as url:
        audit = subprocess.Popen(
            [sys.executable, "-m", "fxsite", "audit", url],
            env={**os.environ, "TMPDIR": str(work)},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        deadline = time.monotonic() + LIMIT
        while not any(work.glob("fxsite-audit-*/" + MANIFEST_NAME)):
            assert time.monotonic() < deadline and audit.poll() is None, "no download"
            time.sleep(0.05)
        audit.send_signal(signal.SIGTERM)
        _, stderr = audit.communicate(timeout=LIMIT)
    assert audit.returncode == 128 + signal.SIGTERM and "Traceback" not in stderr
    assert list(work.iterdir()) == []
