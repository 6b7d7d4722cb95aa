"""One bounded HTTP GET, for auditing a live site that may be hostile.

* **A deadline per request**, for the whole of it (connecting, redirects,
  headers and body), not per read: a server dripping one byte every few
  seconds is cut off when the deadline passes. A watchdog shuts the
  connection's socket down then, which ends a read that is waiting; the body
  loop also checks the clock between chunks.
* **Decoded bytes are capped while decoding**: the body is read raw and
  decoded here in bounded steps (``zlib`` with ``max_length``), so a gzip bomb
  stops at the cap instead of filling memory. One content coding at most
  (``gzip``, ``x-gzip`` or ``deflate``); stacked codings (``gzip, gzip``) and
  any other coding are refused.
* **Redirects stay in the origin** (scheme, host and port): a redirect to
  another origin is refused, as are more than :data:`MAX_REDIRECTS`.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
import zlib
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urljoin, urlsplit

import httpx

__all__ = ["MAX_REDIRECTS", "Fetched", "Refused", "Session", "TooBig", "origin_of"]

MAX_REDIRECTS = 5
#: ``zlib`` window bits of each content coding decoded.
_CODINGS = {"gzip": 16 + zlib.MAX_WBITS, "x-gzip": 16 + zlib.MAX_WBITS, "deflate": zlib.MAX_WBITS}


class Refused(Exception):
    """A response the audit does not read; the message says why, in plain words."""


class TooBig(Exception):
    """A body over its cap (counted after decoding)."""


@dataclass(frozen=True)
class Fetched:
    """A response: its status, and for a 200 its decoded body and ``Content-Type``."""

    status: int
    body: bytes = b""
    content_type: str | None = None


def origin_of(url: str) -> tuple[str, str, int | None]:
    """Scheme, host and port of ``url`` (the default port made explicit)."""
    parts = urlsplit(url)
    port = parts.port or {"http": 80, "https": 443}.get(parts.scheme)
    return parts.scheme.lower(), (parts.hostname or "").lower(), port


def _decoder(header: str | None) -> Any:
    """A ``zlib`` decompressor for the response's ``Content-Encoding``; None for identity."""
    codings = [c.strip().lower() for c in (header or "").split(",")]
    codings = [c for c in codings if c and c != "identity"]
    if len(codings) > 1:
        raise Refused(f"stacked content encodings ({', '.join(codings)}) are not read")
    if not codings:
        return None
    if codings[0] not in _CODINGS:
        raise Refused(f"content encoding {codings[0]!r} is not read")
    return zlib.decompressobj(wbits=_CODINGS[codings[0]])


def _decode(decoder: Any, data: bytes, room: int) -> bytes:
    """What ``data`` decodes to, raising :class:`TooBig` past ``room`` bytes."""
    if decoder is None:
        if len(data) > room:
            raise TooBig
        return data
    out = bytearray()
    while data:
        try:
            piece = decoder.decompress(data, room - len(out) + 1)
        except zlib.error as exc:
            raise Refused(f"the body does not decode: {exc}") from None
        out += piece
        if len(out) > room:
            raise TooBig
        data = decoder.unconsumed_tail
    return bytes(out)


@dataclass
class Session:
    """Sequential GETs within one origin over one ``httpx.Client`` (one connection at a time)."""

    client: httpx.Client
    origin: tuple[str, str, int | None]
    #: seconds each request may take in all
    seconds: float
    _socket: socket.socket | None = field(default=None, repr=False)

    def trace(self, event: str, info: dict[str, Any]) -> None:
        """httpcore's trace hook: remembers the socket of each new connection."""
        if event == "connection.connect_tcp.complete":
            stream = info.get("return_value")
            if stream is not None:
                self._socket = stream.get_extra_info("socket")

    def _cut(self, expired: threading.Event) -> None:
        expired.set()
        if self._socket is not None:
            with contextlib.suppress(OSError):  # already closed
                self._socket.shutdown(socket.SHUT_RDWR)

    def get(self, url: str, cap: int) -> Fetched:
        """GET ``url``, following same-origin redirects; raises Refused, TooBig or httpx.HTTPError."""
        deadline = time.monotonic() + self.seconds
        expired = threading.Event()
        watchdog = threading.Timer(self.seconds, self._cut, (expired,))
        watchdog.daemon = True
        watchdog.start()
        try:
            return self._follow(url, cap, deadline)
        except (httpx.HTTPError, Refused, TooBig):
            if expired.is_set():
                raise Refused(f"took longer than {self.seconds:g} s") from None
            raise
        finally:
            watchdog.cancel()

    def _follow(self, url: str, cap: int, deadline: float) -> Fetched:
        for _ in range(MAX_REDIRECTS + 1):
            request = self.client.build_request("GET", url, extensions={"trace": self.trace})
            response = self.client.send(request, stream=True)
            try:
                if response.is_redirect:
                    target = urljoin(url, response.headers.get("location", ""))
                    if origin_of(target) != self.origin:
                        raise Refused(f"redirects to another origin ({target})")
                    url = target
                    continue
                if response.status_code != 200:
                    return Fetched(response.status_code)
                body = self._body(response, cap, deadline)
                return Fetched(200, body, response.headers.get("content-type"))
            finally:
                response.close()
        raise Refused(f"more than {MAX_REDIRECTS} redirects")

    def _body(self, response: httpx.Response, cap: int, deadline: float) -> bytes:
        decoder = _decoder(response.headers.get("content-encoding"))
        if response.is_stream_consumed:  # an in-memory transport (httpx.MockTransport) read it
            return _decode(None, response.content, cap)
        body = bytearray()
        for chunk in response.iter_raw():
            if time.monotonic() > deadline:
                raise Refused(f"took longer than {self.seconds:g} s")
            body += _decode(decoder, chunk, cap - len(body))
        if decoder is not None:
            body += _decode(None, decoder.flush(), cap - len(body))
        return bytes(body)
