"""The text an SVG image in a page draws, read where the image stands.

An ``<img>`` whose ``src`` is an SVG file of the site (``![](n.svg)``) draws that
file's text in its box, in the line: "Each save took ![](n.svg) s", where n.svg draws
"95", shows "Each save took 95 s". The page reader (:mod:`.visible`) reads the box so,
as it reads an image's alt text. The file is found as the page's stylesheet files are
(:class:`~.sheets.SheetFiles`: ``docs/`` for ``fxsite check``, the site for the build's
gate and ``fxsite audit``), parsed as XML (:func:`~.xmltext.xml_as_html`) and read by
the page reader, its runs joined by a space. A file that is not an SVG, cannot be read
or is not well-formed draws no text here (the gate judges the file itself). An SVG in a
``data:`` URL is read alike.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache

from fxsite.safeio import Stamp, UnreadableFile, file_stamp, read_bytes
from fxsite.verify.dataurl import decode_data_url
from fxsite.verify.sheets import MAX_SHEET_BYTES, PageSheets, file_digest, resolve
from fxsite.verify.xmltext import xml_as_html

__all__ = [
    "IMAGE",
    "STYLED_TAG",
    "definitions",
    "drawn_text",
    "image_source",
    "image_text",
    "markdown_images",
    "read_image",
]

#: What each SVG file read draws, and its digest, by its path and stamp: at most
#: ``_KEPT`` of them.
_SEEN: dict[tuple[str, Stamp], tuple[str, bytes]] = {}
_KEPT = 1024


def drawn_text(svg: str) -> str:
    """The text the SVG document ``svg`` draws, as the page reader reads it ("" where it
    cannot be read)."""
    from fxsite.verify.visible import text_blocks  # visible reads images by us

    html, problem = xml_as_html(svg)
    return "" if problem is not None else " ".join(b.text for b in text_blocks(html))


def image_text(sheets: PageSheets, src: str, markdown: bool = False) -> str | None:
    """The text the SVG file of the site an image's ``src`` loads draws, from the page of
    ``sheets`` (``markdown``: ``src`` as a Markdown image in its source writes it, from
    :attr:`~.sheets.PageSheets.source`); None where it loads none (the file is then among
    the files the page's reading used: :attr:`~.sheets.PageSheets.used`)."""
    if src.strip()[:5].lower() == "data:":
        return _data_image(src.strip())
    files = sheets.files
    if files is None or (markdown and not sheets.source):
        return None
    path = resolve(src, sheets.source if markdown else sheets.page, files.site_url)
    if path is None or not path.lower().endswith(".svg"):
        return None
    root = next((r for r in files.roots if (r / path).is_file()), None)
    stamp = None if root is None else file_stamp(root / path)
    if root is None or stamp is None:
        return None
    key = (str(root / path), stamp)
    if key not in _SEEN:
        try:
            data = read_bytes(root / path, MAX_SHEET_BYTES, root=root)
        except UnreadableFile:
            return None  # the gate tells what it cannot read of the file
        if len(_SEEN) >= _KEPT:
            _SEEN.clear()
        _SEEN[key] = drawn_text(data.decode("utf-8", "replace")), file_digest(data)
    text, sheets.used[path] = _SEEN[key]
    return text


@lru_cache(maxsize=64)
def _data_image(url: str) -> str | None:
    """The text the SVG a ``data:`` URL holds draws; None for another type."""
    decoded = decode_data_url(url)
    if decoded is None or decoded[0] != "image/svg+xml":
        return None
    _, charset, body = decoded
    try:
        return drawn_text(body.decode(charset or "utf-8", "replace"))
    except LookupError:  # a charset Python does not know: a browser reads it as UTF-8
        return drawn_text(body.decode("utf-8", "replace"))


def read_image(sheets: PageSheets, src: str, markdown: bool = False) -> str | None:
    """The text an image of the page draws (:func:`image_text`): a Markdown image's
    (``markdown``, or a source the page read holds as written:
    :attr:`~.sheets.PageSheets.written`) from the page's source; another's from the
    page's place."""
    return image_text(sheets, src, markdown=markdown or src in sheets.written)


#: An image in Markdown (``![alt](src "title")``; by reference, ``![alt][ref]``,
#: ``![ref][]``, ``![ref]``; its attribute list after it: ``{ width=20 }``) or in HTML
#: (``<img src=…>``, ``<embed src=…>``, ``<object data=…>``, an ``<input src=…>`` (an image
#: button), a ``<video poster=…>``, a ``<picture>``'s ``<source srcset=…>``; the source
#: quoted or not), and its source (or reference).
IMAGE = re.compile(
    r"!\[(?P<alt>[^\]\n]{0,200})\]"
    r"(?:\(\s*<?(?P<md>[^\s)>]{1,8192}+)>?(?:\s+\"[^\"\n]{0,200}\")?\s*\)"
    r"|[ ]?\[(?P<ref>[^\]\n]{0,200})\])?"
    r"(?:\{[^{}\n]{0,200}\})?"
    # an image, an embedded or object's drawing, a picture's source (its first candidate)
    r"|<(?:(?:img|embed|input)\b[^<>]{0,500}?\ssrc|object\b[^<>]{0,500}?\sdata"
    r"|video\b[^<>]{0,500}?\sposter"
    r"|source\b[^<>]{0,500}?\ssrcset)\s*=\s*"
    r"(?:\"(?P<dq>[^\"]{0,8192}+)\"|'(?P<sq>[^']{0,8192}+)'|(?P<uq>[^\"'\s>]{1,8192}+))"
    r"[^<>]{0,500}+>",
    re.IGNORECASE,
)
#: A reference definition of Markdown (``[n]: n.svg``), its label and URL.
_DEFINITION = re.compile(
    r"^[ ]{0,3}\[(?P<label>[^\]\n]{1,200})\]:[ \t]*<?(?P<url>[^\s>]{1,8192}+)", re.MULTILINE
)


def definitions(source: str) -> dict[str, str]:
    """The URL each reference definition of the Markdown ``source`` gives its label (as
    Python-Markdown keys it: lower-cased, spaces collapsed; a later one wins)."""
    if "]:" not in source:
        return {}
    return {_label(m["label"]): m["url"] for m in _DEFINITION.finditer(source)}


def _label(label: str) -> str:
    return " ".join(label.lower().split())


def image_source(image: re.Match[str], defined: dict[str, str]) -> tuple[str, bool] | None:
    """An :data:`IMAGE` match's source as written, and whether it is a Markdown image's
    (``defined``: the page's :func:`definitions`); None for a reference to none."""
    if image["md"] is not None:
        return image["md"], True
    if image["alt"] is not None:
        url = defined.get(_label(image["ref"] or image["alt"]))
        return None if url is None else (url, True)
    written = html.unescape(image["dq"] or image["sq"] or image["uq"] or "")
    if image.group()[:7].lower() == "<source":  # a srcset: its first candidate's URL
        written = (written.split(",")[0].split() or [""])[0]
    return written, False


#: An HTML start tag with a ``style`` attribute (quoted), which may draw images
#: (:mod:`.css_images`).
STYLED_TAG = re.compile(
    r"<[a-zA-Z][a-zA-Z0-9-]{0,30}\b[^<>]{0,500}?\sstyle\s*=\s*"
    r"(?:\"(?P<style>[^\"]{0,8192}+)\"|'(?P<sq_style>[^']{0,8192}+)')[^<>]{0,500}+>",
    re.IGNORECASE,
)


def markdown_images(source: str) -> frozenset[str]:
    """The sources of the Markdown images the page ``source`` writes (``![](n.svg)``; a
    reference definition's URL, which an image may name)."""
    if "![" not in source:
        return frozenset()
    inline = {m["md"] for m in IMAGE.finditer(source) if m["md"] is not None}
    return frozenset(inline | set(definitions(source).values()))
