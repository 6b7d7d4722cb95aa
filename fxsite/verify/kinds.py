"""How the gate reads a published file, by its name (and, for text, its bytes).

Every file a site publishes is read, not a list of known extensions: a web
server sends ``notes.text``, ``feed.rss`` or ``pricing.html.en`` to readers as
readily as ``index.html``.

* ``html``: ``.html``, ``.htm``, ``.xhtml``, ``.shtml``, and those names with a
  content-negotiation suffix (``index.html.en``, ``page.htm.fr-ca``): read as a
  page, as a reader sees it.
* ``xml``: ``.xml``, ``.rss``, ``.atom``, ``.svg``: their text, as a document.
* ``json``: every string value (and key).
* ``gzip``: must hold the same bytes as the file without ``.gz``.
* ``code``: ``.js``, ``.mjs``, ``.cjs``, ``.css``, ``.map``: the theme's code,
  which the browser audit (``fxsite audit --browser``) reads as drawn.
* ``signature``: ``fxsite-manifest.json.sig``, raw signature bytes checked by
  the signature audit.
* ``text``: everything else: read line by line when it is text (valid UTF-8
  without NUL bytes, see :func:`is_text`); images, fonts, ``evidence.sqlite``
  and other binary files are not text.
"""

from __future__ import annotations

import codecs
import re
from typing import Literal

from fxsite.anchor.manifest import SIGNATURE_NAME

__all__ = ["Kind", "is_text", "kind_of"]

Kind = Literal["html", "xml", "json", "gzip", "code", "signature", "text"]

_HTML_NAME = re.compile(r"\.(?:html?|xhtml|shtml)(?:\.[a-z]{1,8}(?:[-_][a-z0-9]{1,8})*)?$")
_XML = (".xml", ".rss", ".atom", ".svg")
_CODE = (".js", ".mjs", ".cjs", ".css", ".map")


def kind_of(rel: str) -> Kind:
    """How the file at site path ``rel`` is read."""
    name = rel.lower()
    if name.endswith(".gz"):
        return "gzip"
    if name.endswith(_CODE):
        return "code"
    if _HTML_NAME.search(name):
        return "html"
    if name.endswith(_XML):
        return "xml"
    if name.endswith(".json"):
        return "json"
    if rel == SIGNATURE_NAME:
        return "signature"
    return "text"


def is_text(data: bytes, *, complete: bool = True) -> bool:
    """``data`` is UTF-8 text without NUL bytes (``complete=False``: a file's first bytes)."""
    if b"\0" in data:
        return False
    try:
        codecs.getincrementaldecoder("utf-8")().decode(data, final=complete)
    except UnicodeDecodeError:
        return False
    return True
