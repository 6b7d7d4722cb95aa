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
* ``key``: ``fxsite-key.pub``, read as text except the base64 lines of its PEM
  block (random letters and digits, ``/79s/``, that the signature audit parses
  as the key; anything else there makes it no key, ``FX805``).
* ``text``: everything else: read line by line when it is text (valid UTF-8
  without NUL bytes, see :func:`is_text`); images, fonts, ``evidence.sqlite``
  and other binary files are not text.
"""

from __future__ import annotations

import codecs
import re
from typing import Literal

from fxsite.anchor.manifest import KEY_NAME, SIGNATURE_NAME

__all__ = ["Kind", "is_text", "kind_of", "page_media_type", "pem_lines_blanked"]

Kind = Literal["html", "xml", "json", "gzip", "code", "signature", "key", "text"]
_PEM_BODY = re.compile(r"[A-Za-z0-9+/=]+")

#: An HTML name, maybe with a content-negotiation language (``.html.en``, ``.htm.zh-cn``)
_HTML_NAME = re.compile(r"\.(?:html?|xhtml|shtml)(?:\.([a-z]{2,3})(?:[-_][a-z0-9]{1,8})*)?$")
#: Suffixes after ``.html`` that name another kind of file, not a language.
_NOT_LANGUAGES = frozenset({"txt", "md", "csv", "xml", "bak", "old", "tmp", "log", "orig"})
_XML = (".xml", ".rss", ".atom", ".svg")
_CODE = (".js", ".mjs", ".cjs", ".css", ".map")


def kind_of(rel: str) -> Kind:
    """How the file at site path ``rel`` is read."""
    name = rel.lower()
    if name.endswith(".gz"):
        return "gzip"
    if name.endswith(_CODE):
        return "code"
    html = _HTML_NAME.search(name)
    if html is not None and html.group(1) not in _NOT_LANGUAGES:
        return "html"
    if name.endswith(_XML):
        return "xml"
    if name.endswith(".json"):
        return "json"
    if rel == SIGNATURE_NAME:
        return "signature"
    if rel == KEY_NAME:
        return "key"
    return "text"


def page_media_type(rel: str) -> str | None:
    """The type a web server sends an ``html``-kind file as, by its name; None for other kinds.

    ``application/xhtml+xml`` for ``.xhtml`` (``page.xhtml.en`` too), ``text/html``
    for the rest (``index.html.en``, ``offer.shtml``): what a reader's browser is told.
    """
    if kind_of(rel) != "html":
        return None
    match = _HTML_NAME.search(rel.lower())
    assert match is not None  # kind_of found it
    return "application/xhtml+xml" if match.group(0).startswith(".xhtml") else "text/html"


def pem_lines_blanked(text: str) -> str:
    """``text`` with the base64 lines inside ``-----BEGIN …-----``/``-----END …-----`` emptied."""
    out: list[str] = []
    inside = False
    for line in text.split("\n"):
        bare = line.strip()
        if bare.startswith("-----BEGIN ") and bare.endswith("-----"):
            inside = True
        elif bare.startswith("-----END ") and bare.endswith("-----"):
            inside = False
        elif inside and _PEM_BODY.fullmatch(bare):
            line = ""
        out.append(line)
    return "\n".join(out)


def is_text(data: bytes, *, complete: bool = True) -> bool:
    """``data`` is UTF-8 text without NUL bytes (``complete=False``: a file's first bytes)."""
    if b"\0" in data:
        return False
    try:
        codecs.getincrementaldecoder("utf-8")().decode(data, final=complete)
    except UnicodeDecodeError:
        return False
    return True
