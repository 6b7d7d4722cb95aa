"""The local server ``fxsite audit --browser`` draws pages from (fxsite/verify/siteserver.py).

It sends the site's files as a web server does, with the type a server gives
each name, and nothing outside the site: every way out is a row that must get
404 (and never the outside file's bytes), every ordinary file a row that must
be sent. Plain HTTP, no browser.
"""

from __future__ import annotations

import http.client
import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from fxsite.verify.siteserver import serve_site, served_path, site_url

SECRET = b"TOP SECRET 517 s"

FILES = {
    "index.html": b"<!doctype html><title>home</title>",
    "checkpoint/index.html": b"<!doctype html><title>checkpoint</title>",
    "checkpoint/index.html.en": b"<!doctype html><title>checkpoint, en</title>",
    "offer.shtml": b"<!doctype html><title>offer</title>",
    "page.xhtml": b'<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>',
    "page.htm.fr-ca": b"<!doctype html><title>page, fr-ca</title>",
    "notes.html.txt": b"notes",
    "assets/style.css": b"body{}",
    "pr\u00e9face 2.html": b"<!doctype html><title>preface</title>",
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("served")
    outside = base / "outside"
    outside.mkdir()
    (outside / "secret.html").write_bytes(SECRET)
    (outside / "index.html").write_bytes(SECRET)
    root = base / "site"
    for rel, data in FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(data)
    (root / "empty").mkdir()
    (root / "trap").mkdir()
    (root / "leak.html").symlink_to(outside / "secret.html")
    (root / "outside-folder").symlink_to(outside, target_is_directory=True)
    (root / "trap" / "index.html").symlink_to(outside / "index.html")
    (root / "alias.html").symlink_to(root / "index.html")
    (root / "dangling.html").symlink_to(root / "nowhere.html")
    (root / "loop.html").symlink_to(root / "loop.html")
    os.mkfifo(root / "pipe.html")
    return root


@pytest.fixture(scope="module")
def origin(site: Path) -> Iterator[str]:
    with serve_site(site) as url:
        yield url


def _get(origin: str, target: str) -> tuple[int, str | None, str | None, bytes]:
    """Status, Content-Type, Location and body of ``GET target``, sent as written."""
    host, port = origin.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    try:
        conn.request("GET", target)
        resp = conn.getresponse()
        return resp.status, resp.getheader("Content-Type"), resp.getheader("Location"), resp.read()
    finally:
        conn.close()


REFUSED = {
    "a link to a file outside": "/leak.html",
    "a file in a linked folder outside": "/outside-folder/secret.html",
    "a linked folder outside, as a folder": "/outside-folder/",
    "a folder whose index.html links outside": "/trap/",
    "dot-dot": "/../outside/secret.html",
    "percent-encoded dot-dot": "/%2e%2e/outside/secret.html",
    "dot-dot after a folder": "/checkpoint/../../outside/secret.html",
    "encoded slashes and dot-dot": "/checkpoint%2f..%2f..%2foutside%2fsecret.html",
    "an absolute path": "/{outside}/secret.html",
    "an absolute path after a double slash": "//{outside}/secret.html",
    "a dangling link": "/dangling.html",
    "a link loop": "/loop.html",
    "a FIFO named like a page (no hang)": "/pipe.html",
    "a folder without index.html (no listing)": "/empty/",
    "a file that is not there": "/missing.html",
    "a NUL byte": "/index.html%00.txt",
}


@pytest.mark.parametrize("row", list(REFUSED))
def test_nothing_outside_the_site_is_served(site: Path, origin: str, row: str) -> None:
    target = REFUSED[row].format(outside=(site.parent / "outside").as_posix().lstrip("/"))
    status, _, _, body = _get(origin, target)
    assert status == 404, (target, status)
    assert SECRET not in body
    assert served_path(site, target) is None


SERVED = {
    "a page": ("index.html", "text/html"),
    "a content-negotiated page": ("checkpoint/index.html.en", "text/html"),
    "a server-side include page": ("offer.shtml", "text/html"),
    "an XHTML page": ("page.xhtml", "application/xhtml+xml"),
    "a page with a region": ("page.htm.fr-ca", "text/html"),
    "text named after a page": ("notes.html.txt", "text/plain"),
    "a style sheet": ("assets/style.css", "text/css"),
    "a name with a space and an accent": ("pr\u00e9face 2.html", "text/html"),
}


@pytest.mark.parametrize("row", list(SERVED))
def test_the_site_files_are_served_with_a_server_s_type(origin: str, row: str) -> None:
    rel, media_type = SERVED[row]
    status, content_type, _, body = _get(origin, site_url("", rel))
    assert (status, content_type) == (200, media_type)
    assert body == FILES[rel]


@pytest.mark.parametrize(
    ("target", "body"),
    [
        ("/alias.html", FILES["index.html"]),  # a link inside the site
        ("/checkpoint/", FILES["checkpoint/index.html"]),  # a folder, as its index.html
        ("/checkpoint/./index.html", FILES["checkpoint/index.html"]),
        ("/index.html?q=1#top", FILES["index.html"]),
    ],
)
def test_links_and_folders_inside_the_site_are_served(
    origin: str, target: str, body: bytes
) -> None:
    status, content_type, _, got = _get(origin, target)
    assert (status, content_type, got) == (200, "text/html", body)


@pytest.mark.parametrize("target", ["/checkpoint", "//checkpoint"])
def test_a_folder_without_its_slash_is_redirected_to_it(origin: str, target: str) -> None:
    status, _, location, _ = _get(origin, target)
    assert (status, location) == (301, "/checkpoint/")  # never //checkpoint/, another host


def test_the_server_prints_nothing(site: Path, capfd: pytest.CaptureFixture[str]) -> None:
    with serve_site(site) as url:
        _get(url, "/index.html")
        _get(url, "/leak.html")
        host, port = url.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port))) as sock:
            sock.sendall(b"GARBAGE\r\n\r\n")  # a malformed request, then a dropped one
        with socket.create_connection((host, int(port))):
            pass
        _get(url, "/index.html")
    assert capfd.readouterr() == ("", "")


def test_the_server_listens_on_loopback_only(site: Path) -> None:
    with serve_site(site) as url:
        assert url.startswith("http://127.0.0.1:")
