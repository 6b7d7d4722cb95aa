"""A URL audit asks as a browser does (blind75 #4: a server sent the signed site to
``python-httpx`` and a lying one to browsers; the URL audit passed)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import httpx
import pytest

from fxsite.anchor.manifest import canonical_bytes
from fxsite.anchor.remote import fetch_site

SIGNED = b"<p>1.9x</p>"
MANIFEST = canonical_bytes(
    {
        "manifest_version": 1,
        "files": {"a.html": {"sha256": hashlib.sha256(SIGNED).hexdigest(), "size": len(SIGNED)}},
    }
)


def _server(cloaks: bool, asked: list[httpx.Headers]) -> httpx.MockTransport:
    """The signed page to a client that names itself, another one to browsers if ``cloaks``."""

    def handler(request: httpx.Request) -> httpx.Response:
        asked.append(request.headers)
        name = request.url.path.lstrip("/")
        browser = request.headers.get("user-agent", "").startswith("Mozilla/")
        if name == "fxsite-manifest.json":
            return httpx.Response(
                200, content=MANIFEST, headers={"Content-Type": "application/json"}
            )
        if name == "a.html":
            body = b"<p>2.9x</p>" if cloaks and browser else SIGNED
            return httpx.Response(200, content=body, headers={"Content-Type": "text/html"})
        return httpx.Response(404)

    return httpx.MockTransport(handler)


@pytest.mark.parametrize(("cloaks", "fetched"), [(True, b"<p>2.9x</p>"), (False, SIGNED)])
def test_a_server_that_lies_to_browsers_lies_to_the_audit(
    tmp_path: Path, cloaks: bool, fetched: bytes
) -> None:
    """The audit reads what browsers are sent (the offline audit then finds it is not the
    signed page, FX806)."""
    asked: list[httpx.Headers] = []
    fetch_site("http://site.test/", tmp_path, transport=_server(cloaks, asked))
    assert (tmp_path / "a.html").read_bytes() == fetched


def test_every_request_is_a_browsers(tmp_path: Path) -> None:
    """No client name, and an ``Accept`` without image types (an image CDN would send a
    WebP for the PNG the manifest hashed)."""
    asked: list[httpx.Headers] = []
    fetch_site("http://site.test/", tmp_path, transport=_server(False, asked))
    assert asked and all("httpx" not in h.get("user-agent", "") for h in asked)
    assert all(h["accept"].startswith("text/html") and "image/" not in h["accept"] for h in asked)
