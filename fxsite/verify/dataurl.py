"""The document a ``data:`` URL holds, when a browser draws it as text.

``<iframe src="data:text/html,…">``, ``<object data="data:…">``, ``<embed>``
and ``<img src="data:image/svg+xml,…">`` draw a document that is written
inside the page's own markup. :func:`data_document` gives it as HTML for the
gate to read like an ``<iframe srcdoc>`` (:mod:`fxsite.verify.visible`).
"""

from __future__ import annotations

import binascii
import html
from base64 import b64decode
from urllib.parse import unquote_to_bytes

__all__ = ["DRAWN_TYPES", "data_document"]

#: Media types drawn as a document (HTML, SVG, XML) or as plain text.
DRAWN_TYPES = frozenset(
    {"text/html", "application/xhtml+xml", "image/svg+xml", "text/xml", "application/xml"}
)
_PLAIN = "text/plain"


def data_document(url: str, *, plain: bool = True) -> str | None:
    """The HTML a ``data:`` URL draws, or None (not a data URL, a type not drawn as text).

    Plain text is given escaped in a ``<div>`` (``plain=False``: not drawn, as in
    an ``<img>``). Bytes are read as UTF-8, undecodable ones replaced.
    """
    url = url.strip()
    if url[:5].lower() != "data:" or "," not in url:
        return None
    header, _, body = url[5:].partition(",")
    params = [p.strip().lower() for p in header.split(";")]
    media = params[0] or _PLAIN
    if media not in DRAWN_TYPES and not (plain and media == _PLAIN):
        return None
    try:
        data = (
            b64decode(unquote_to_bytes(body)) if "base64" in params[1:] else unquote_to_bytes(body)
        )
    except (binascii.Error, ValueError):
        return None  # the browser draws nothing
    text = data.decode("utf-8", "replace")
    return f"<div>{html.escape(text)}</div>" if media == _PLAIN else text
