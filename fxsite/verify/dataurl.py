"""The documents ``data:`` URLs hold, wherever a browser loads and draws one.

A ``data:`` URL carries a whole file inside the page's own markup: an SVG with
text in an ``<img srcset>``, a CSS background, a favicon; an HTML page in an
``<iframe src>``. :func:`data_documents` finds every one an element loads
and gives what it draws as HTML, for the page reader
(:mod:`fxsite.verify.visible`) to read like an ``<iframe srcdoc>``.

Where a browser loads one (:data:`URL_ATTRIBUTES`, and CSS ``url(…)``,
``image-set(…)`` and ``@import`` in ``style`` attributes, ``<style>`` and
stylesheet files (:func:`sheet_drawings`), read by tinycss2 as a browser
tokenises them, escapes included):

* **documents** (``<iframe>``, ``<frame>``, ``<object data>``, ``<embed>``):
  HTML, XML of any kind (SVG, XHTML, ``+xml``), and any other ``text/*`` or
  JSON type as plain text;
* **images** (``<img src/srcset>``, ``<picture><source srcset>``, SVG
  ``<image>``/``<feImage>``/``<use>`` ``href`` and ``xlink:href``, favicons,
  ``poster``, ``background``, CSS): SVG draws text; HTML and other XML are
  read too (a browser draws them as nothing), plain text is not;
* **stylesheets** (``<link rel=stylesheet>``, ``@import``): read as a
  ``<style>`` element, for the ``data:`` URLs inside.

A URL is decoded as the Fetch standard says: ``;base64`` as forgiving base64
(whitespace and missing padding allowed), percent-escapes otherwise; text in
the ``charset`` it names (``iso-8859-1`` and ``us-ascii`` are windows-1252, as
in a browser), a byte-order mark first; XML through :mod:`.xmltext`.
"""

from __future__ import annotations

import binascii
import codecs
import html
import re
from base64 import b64decode
from collections.abc import Mapping
from typing import Literal
from urllib.parse import unquote_to_bytes

import tinycss2  # type: ignore[import-untyped]
from tinycss2 import ast

from fxsite.verify.kinds import charset_problem
from fxsite.verify.xmltext import xml_as_html

__all__ = [
    "URL_ATTRIBUTES",
    "data_documents",
    "data_sheet",
    "data_urls",
    "decode_data_url",
    "sheet_drawings",
    "srcset_urls",
]

Context = Literal["image", "document", "style"]

#: Elements that load a URL a browser draws (named as an HTML parser names them):
#: (attribute, context) pairs.
URL_ATTRIBUTES: dict[str, tuple[tuple[str, Context], ...]] = {
    "img": (("src", "image"), ("srcset", "image")),
    "source": (("srcset", "image"),),
    "input": (("src", "image"),),
    "video": (("poster", "image"),),
    "image": (("href", "image"), ("xlink:href", "image")),
    "feImage": (("href", "image"), ("xlink:href", "image")),
    "use": (("href", "image"), ("xlink:href", "image")),
    "body": (("background", "image"),),
    "table": (("background", "image"),),
    "tr": (("background", "image"),),
    "td": (("background", "image"),),
    "th": (("background", "image"),),
    "iframe": (("src", "document"),),
    "frame": (("src", "document"),),
    "object": (("data", "document"),),
    "embed": (("src", "document"),),
    "link": (("href", "image"),),  # a stylesheet's context is its ``rel``'s: see data_urls
}
_XML = frozenset(
    {"image/svg+xml", "application/xhtml+xml", "text/xml", "application/xml", "text/xsl"}
)
#: Whitespace a browser drops from a base64 body before decoding it.
_WHITESPACE = re.compile(r"[\t\n\f\r ]")
_BASE64 = re.compile(r"[A-Za-z0-9+/]*")
#: Labels a browser reads as windows-1252 (the WHATWG Encoding standard).
_WINDOWS_1252 = frozenset({"ascii", "latin_1", "iso8859-1", "cp1252"})


def data_documents(
    tag: str, attrs: Mapping[str, str | None], text: str = ""
) -> tuple[list[str], list[str]]:
    """The documents the ``data:`` URLs of one element draw, as HTML; and why any is refused.

    ``text`` is a ``<style>`` element's content.
    """
    documents: list[str] = []
    problems: list[str] = []
    for url, context in data_urls(tag, attrs, text):
        document, problem = _drawn(url, context)
        if document is not None:
            documents.append(document)
        if problem is not None:
            problems.append(f"a data: URL in <{tag}> {problem}")
    return documents, problems


def sheet_drawings(css: str) -> tuple[str, list[str]]:
    """What the ``data:`` URLs of a stylesheet file draw, each document as an
    ``<iframe srcdoc>`` for the page reader; and why any is refused."""
    drawn: list[str] = []
    problems: list[str] = []
    for url, context in data_urls("style", {}, css):
        document, problem = _drawn(url, context)
        if document is not None:
            drawn.append(f'<iframe srcdoc="{html.escape(document, quote=True)}"></iframe>')
        if problem is not None:
            problems.append(f"a data: URL in it {problem}")
    return "".join(drawn), problems


def data_urls(
    tag: str, attrs: Mapping[str, str | None], text: str = ""
) -> list[tuple[str, Context]]:
    """Every ``data:`` URL an element loads, with what it is loaded as."""
    found: list[tuple[str, Context]] = []
    if tag == "style":
        found += _css_urls(text)
    style = attrs.get("style")
    if style:
        found += _css_urls(style)
    for name, context in URL_ATTRIBUTES.get(tag, ()):
        value = attrs.get(name) or ""
        if "data:" not in value.lower():
            continue
        if tag == "link" and "stylesheet" in (attrs.get("rel") or "").lower().split():
            context = "style"
        urls = srcset_urls(value) if name.endswith("srcset") else [value.strip()]
        found += [(url, context) for url in urls if url[:5].lower() == "data:"]
    return found


def srcset_urls(srcset: str) -> list[str]:
    """The URLs of a ``srcset`` (the HTML standard's parsing: a URL ends at whitespace,
    trailing commas are not part of it, descriptors run to a comma outside parentheses)."""
    urls = []
    pos, end = 0, len(srcset)
    while pos < end:
        while pos < end and (srcset[pos].isspace() or srcset[pos] == ","):
            pos += 1
        start = pos
        while pos < end and not srcset[pos].isspace():
            pos += 1
        url = srcset[start:pos]
        if not url:
            break
        if url.endswith(","):
            urls.append(url.rstrip(","))
            continue
        urls.append(url)
        inside = False  # descriptors: "(" to ")" may hold commas
        while pos < end and (srcset[pos] != "," or inside):
            inside = srcset[pos] == "(" or (inside and srcset[pos] != ")")
            pos += 1
    return urls


def _css_urls(css: str) -> list[tuple[str, Context]]:
    """The ``data:`` URLs of CSS, in order: ``url(…)`` tokens and strings (``url("…")``,
    ``image-set("…")``) load images, ``@import`` a stylesheet; with an explicit stack."""
    if "data:" not in css.lower() and "\\" not in css:
        return []
    urls: list[tuple[str, Context]] = []
    importing = False
    stack: list[ast.Node] = list(reversed(tinycss2.parse_component_value_list(css)))
    while stack:
        node = stack.pop()
        if isinstance(node, ast.AtKeywordToken):
            importing = node.lower_value == "import"
        elif isinstance(node, ast.LiteralToken) and node.value == ";":
            importing = False
        elif isinstance(node, ast.URLToken | ast.StringToken):
            if node.value.strip()[:5].lower() == "data:":
                urls.append((node.value.strip(), "style" if importing else "image"))
            importing = False
        elif isinstance(node, ast.FunctionBlock):
            stack.extend(reversed(node.arguments))
        elif isinstance(
            node, ast.ParenthesesBlock | ast.SquareBracketsBlock | ast.CurlyBracketsBlock
        ):
            stack.extend(reversed(node.content))
    return urls


def decode_data_url(url: str) -> tuple[str, str, bytes] | None:
    """(media type, charset, body) of a ``data:`` URL; None when a browser loads nothing."""
    url = url.strip()
    if url[:5].lower() != "data:" or "," not in url:
        return None
    header, _, body = url[5:].partition(",")
    header = header.strip()
    base64 = re.search(r";\s*base64\s*\Z", header, re.IGNORECASE) is not None
    if base64:
        header = header[: header.rfind(";")]
    parts = [p.strip() for p in header.split(";")]
    media = parts[0].lower() or "text/plain"
    charset = ""
    for param in parts[1:]:
        name, _, value = param.partition("=")
        if name.strip().lower() == "charset":
            charset = value.strip().strip('"').lower()
    data = unquote_to_bytes(body)
    if base64:
        decoded = _forgiving_base64(data)
        if decoded is None:
            return None  # the browser loads nothing
        data = decoded
    return media, charset, data


def data_sheet(url: str) -> str | None:
    """The CSS a ``data:`` URL loaded as a stylesheet holds, decoded as a browser decodes
    it; None where it holds none (another type, a body that does not decode)."""
    decoded = decode_data_url(url)
    if decoded is None or decoded[0] != "text/css":
        return None
    return _decoded(decoded[2], decoded[1])


def _forgiving_base64(data: bytes) -> bytes | None:
    """The WHATWG forgiving-base64 decode: whitespace dropped, padding optional."""
    text = _WHITESPACE.sub("", data.decode("latin-1"))
    if len(text) % 4 == 0 and text.endswith("="):
        text = text[:-2] if text.endswith("==") else text[:-1]
    if len(text) % 4 == 1 or not _BASE64.fullmatch(text):
        return None
    try:
        return b64decode(text + "=" * (-len(text) % 4), validate=True)
    except binascii.Error:
        return None


def _decoded(data: bytes, charset: str) -> str:
    """Bytes as a browser decodes them: a byte-order mark first, then the charset (UTF-8)."""
    for bom, name in ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le")):
        if data.startswith(bom):
            return data[len(bom) :].decode(name, "replace")
    if data.startswith(codecs.BOM_UTF16_BE):
        return data[2:].decode("utf-16-be", "replace")
    try:
        name = codecs.lookup(charset or "utf-8").name
    except LookupError:
        name = "utf-8"
    return data.decode("cp1252" if name in _WINDOWS_1252 else name, "replace")


def _drawn(url: str, context: Context) -> tuple[str | None, str | None]:
    """What one ``data:`` URL draws in ``context``, as HTML; or why the gate refuses it."""
    decoded = decode_data_url(url)
    if decoded is None:
        return None, None
    media, charset, data = decoded
    xml = media in _XML or media.endswith("+xml")
    if context == "style":
        if media != "text/css":
            return None, None
        css = _decoded(data, charset).replace("</", "<\\/")
        return f"<body><style>{css}</style></body>", None
    plain = media.startswith("text/") or media == "application/json" or media.endswith("+json")
    if not (xml or media == "text/html" or (plain and context == "document")):
        return None, None  # an image, a font; plain text in an image draws nothing
    text = _decoded(data, charset)
    # Its own declaration counts only when the URL names no charset.
    declared = "text" if charset or not (xml or media == "text/html") else "xml" if xml else "html"
    problem = charset_problem(declared, text)
    if problem is not None:
        return None, problem
    if xml:
        document, problem = xml_as_html(text)
        return (document or None), problem
    if media == "text/html":
        return text, None
    return f"<div>{html.escape(text)}</div>", None
