"""The published site served over HTTP on 127.0.0.1, as a web server sends it to readers.

``fxsite audit --browser`` draws pages from here rather than from ``file://``:
over ``file://`` Chromium picks a file's type from its name, so
``pricing.html.en`` would be shown as plain text, not drawn as the page a
content-negotiating server sends; a root-relative ``/x.js`` would point at the
disk's root, and a page's ``fetch`` of its own files would fail.

* An ``html``-kind name (:func:`~fxsite.verify.kinds.kind_of`) is sent as
  :func:`~fxsite.verify.kinds.page_media_type` says (``text/html``,
  ``application/xhtml+xml`` for ``.xhtml``), other files by their usual type.
* Only regular files inside the site are sent: a symbolic link leaving it,
  ``..`` in the path, a FIFO or a device get 404 (the static audit reports such
  files as ``FX614``). A folder is sent as its ``index.html``, never as a listing.
* Nothing is logged: the core never prints.
"""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, BinaryIO
from urllib.parse import quote, unquote, urlsplit

from fxsite.verify.kinds import page_media_type

__all__ = ["serve_site", "served_path", "site_url"]


def _named(root: Path, url_path: str) -> Path:
    """The path ``url_path`` names under ``root``: ``.``, ``..`` and empty segments dropped."""
    segments = unquote(urlsplit(url_path).path, errors="surrogateescape").split("/")
    return root.joinpath(*(s for s in segments if s not in ("", ".", "..")))


def served_path(site_dir: Path, url_path: str) -> Path | None:
    """The regular file the server sends for ``url_path`` (links resolved), or None: 404.

    ``.`` and ``..`` segments are dropped, never climbed; the file, links
    followed, must be inside ``site_dir``. A folder stands for its ``index.html``.
    """
    root = site_dir.resolve()
    try:
        real = _named(root, url_path).resolve(strict=True)
        if real.is_dir():
            real = (real / "index.html").resolve(strict=True)
    except (OSError, RuntimeError, ValueError):  # missing, dangling, a link loop, a NUL byte
        return None
    if not real.is_relative_to(root) or not real.is_file():
        return None
    return real


class _SiteHandler(SimpleHTTPRequestHandler):
    def __init__(self, *args: Any, site_dir: Path, **kwargs: Any) -> None:
        self.root = site_dir.resolve()
        super().__init__(*args, directory=str(self.root), **kwargs)

    def send_head(self) -> BinaryIO | None:
        split = urlsplit(self.path)
        real = served_path(self.root, split.path)
        if real is None:
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        if not split.path.endswith("/") and _named(self.root, split.path).is_dir():
            # A folder named without its slash: send the reader to it, as a server does.
            self.send_response(HTTPStatus.MOVED_PERMANENTLY)
            query = f"?{split.query}" if split.query else ""
            # One leading slash: ``//host`` would send the browser to another host.
            self.send_header("Location", f"/{split.path.lstrip('/')}/{query}")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        try:
            handle = real.open("rb")
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self._type(_named(self.root, split.path)))
        self.send_header("Content-Length", str(os.fstat(handle.fileno()).st_size))
        self.end_headers()
        return handle

    def _type(self, named: Path) -> str:
        """By the name the reader asked for (a link's own name, not its target's)."""
        if named.is_dir():
            named = named / "index.html"
        return page_media_type(named.relative_to(self.root).as_posix()) or self.guess_type(named)

    def log_message(self, format: str, *args: Any) -> None:
        pass


class _SiteServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a browser closing a connection early is not a finding, and the core never prints


def site_url(origin: str, rel: str) -> str:
    """The URL of site path ``rel`` on the server at ``origin``."""
    return f"{origin}/{quote(os.fsencode(rel))}"


@contextmanager
def serve_site(site_dir: Path) -> Iterator[str]:
    """Serve ``site_dir`` on a free port of 127.0.0.1; yields its origin, ``http://127.0.0.1:PORT``."""
    handler = functools.partial(_SiteHandler, site_dir=site_dir)
    server = _SiteServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="fxsite-site-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
