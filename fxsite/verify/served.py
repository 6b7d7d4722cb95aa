"""One published file as a web server sends it and a browser reads it: its reader and text.

:func:`served_file` reads a file of the site (through :mod:`fxsite.safeio`) and
says how the gate reads it (:mod:`.kinds`): which reader, the text as decoded
(what line numbers refer to), and what the reader is given (an XML document
written as HTML by :mod:`.xmltext`). A PDF (by its name or its ``%PDF-`` signature)
gives its text layer (:func:`~fxsite.evidence.documents_text.pdf_text`, with the report
documents' caps), a Word document or a PowerPoint deck (by its name: ``.docx``,
``.pptx``) its text, an OpenDocument text or presentation or an EPUB book (``.odt``,
``.odp``, ``.epub``) its parts' character data (:mod:`fxsite.evidence.office_text`).
Other files a browser does not show as text (images, fonts, databases, spreadsheets,
other office documents) give nothing.

Precompressed copies are what a server may send instead of the file they sit
beside (``x.html.gz`` for ``x.html``, with ``gzip_static`` or ``MultiViews``):

* a ``.gz`` copy is decoded (one gzip member, nothing after it, at most the
  page size cap: a "zip bomb" stops there) and must hold the same bytes as the
  file without ``.gz``, which is read itself;
* an ``.svgz`` drawing is decoded and read as SVG;
* ``.br`` and ``.zst`` copies (brotli, Zstandard) are refused: the gate does
  not decode them, so cannot say what a reader would be sent.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from fxsite.evidence.office_text import OFFICE, PACKAGED
from fxsite.safeio import UnreadableFile, read_bytes, read_prefix
from fxsite.verify.kinds import (
    SNIFF_BYTES,
    Kind,
    charset_problem,
    decode_text,
    page_media_type,
    served_kind,
)
from fxsite.verify.xmltext import xml_as_html

__all__ = ["Problem", "Served", "gunzip", "served_file"]


class Problem(NamedTuple):
    """Why a file is not read as a reader is shown it: a finding's code and message, at the
    line and column in the file it speaks of (1, 1: the file as a whole)."""

    code: str
    message: str
    line: int = 1
    col: int = 1


@dataclass(frozen=True)
class Served:
    """A file read as text: its reader (``kind``), its decoded text, and what is read."""

    kind: Kind
    text: str
    #: ``text``, or for an XML document (XHTML too) the HTML written for it
    shown: str


def served_file(
    path: Path, rel: str, kind: Kind, root: Path, limit: int
) -> tuple[Served | None, list[Problem]]:
    """The file at site path ``rel`` as the gate reads it; (code, message) of each problem.

    None when the file is not read as text (binary, a precompressed copy
    checked against its original) or cannot be read.
    """
    try:
        if kind == "compressed":
            original = rel.rpartition(".")[0]
            return None, [
                Problem(
                    "FX614",
                    f"cannot be read safely: a web server may send it for {original}, in an "
                    "encoding the gate does not decode (brotli, Zstandard); precompress after "
                    "the audit, or with gzip",
                )
            ]
        if kind == "text":
            head = read_prefix(path, SNIFF_BYTES, root=root)
            if rel.lower().endswith(".pdf") or head.startswith(b"%PDF-"):
                return _document(path, root, limit, "pdf")
            if rel.lower().endswith(OFFICE):
                return _document(path, root, limit, "office")
            if rel.lower().endswith(PACKAGED):
                return _document(path, root, limit, "packaged")
            sniffed = served_kind(rel, head)
            if sniffed is None:
                return None, []  # an image, a font, a database: not text a reader is shown
            kind = sniffed
        data = read_bytes(path, limit, root=root)
        if kind == "gzip":
            drawing, problems = _gzip(path, rel, data, root, limit)
            if drawing is None:
                return None, problems
            data, kind = drawing, "xml"  # an .svgz drawing
    except UnreadableFile as exc:
        return None, [Problem("FX614", f"cannot be read safely: it {exc.reason}", *exc.where)]
    text, problem, (line, col) = decode_text(data)
    if problem is not None:
        return None, [Problem("FX614", f"cannot be read safely: it {problem}", line, col)]
    xml = kind == "xml" or page_media_type(rel) == "application/xhtml+xml"
    problem = charset_problem("xml" if xml else kind, text)
    if problem is not None:
        return None, [Problem("FX614", f"cannot be read safely: it {problem}")]
    shown = text
    if xml:
        shown, problem = xml_as_html(text)
        if problem is not None:
            return None, [Problem("FX614", f"cannot be read safely: it {problem}")]
    return Served(kind, text, shown), []


def _document(path: Path, root: Path, limit: int, kind: str) -> tuple[Served | None, list[Problem]]:
    """A PDF or an Office document (``kind``) a reader opens from the site: its text, read
    as a text file is (a record's report document, hashed by its record, is not read here:
    see the audit)."""
    from fxsite.evidence.documents_text import (
        MAX_TEXT_BYTES,
        office_text,
        packaged_text,
        pdf_text,
    )

    read = {"pdf": pdf_text, "office": office_text, "packaged": packaged_text}[kind]
    try:  # as large as a report document may be: its images make it larger than a page
        text = read(read_bytes(path, max(limit, MAX_TEXT_BYTES), root=root))
    except ValueError as exc:
        return None, [Problem("FX614", f"cannot be read safely: it {exc}")]
    return Served("text", text, text), []


def _gzip(
    path: Path, rel: str, data: bytes, root: Path, limit: int
) -> tuple[bytes | None, list[Problem]]:
    """An ``.svgz`` file's drawing; for a ``.gz`` copy None, and whether it differs."""
    inner, problem = gunzip(data, limit)
    if problem is not None:
        return None, [Problem("FX614", f"cannot be read safely: it {problem}")]
    if rel.lower().endswith(".svgz"):
        return inner, []
    try:
        original: bytes | None = read_bytes(path.with_name(path.name[:-3]), limit, root=root)
    except UnreadableFile:
        original = None
    if inner != original:
        return None, [Problem("FX612", f"does not hold the same bytes as {rel[:-3]}")]
    return None, []


def gunzip(data: bytes, limit: int) -> tuple[bytes, str | None]:
    """The one gzip member ``data`` holds, at most ``limit`` bytes; or why it is refused.

    Decoding stops at ``limit`` bytes, whatever the file claims.
    """
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        inner = inflater.decompress(data, limit + 1)
    except zlib.error as exc:
        return b"", f"is not a readable gzip file: {exc}"
    if len(inner) > limit or inflater.unconsumed_tail:
        return b"", f"decompresses to more than {limit:,} bytes"
    if not inflater.eof:
        return b"", "is a gzip file cut short"
    if inflater.unused_data:
        return b"", "holds more after its gzip stream (another member, which a browser reads on)"
    return inner, None
