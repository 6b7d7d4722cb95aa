"""The text of an Office Open XML document: a Word document (``.docx``), a PowerPoint deck
(``.pptx``).

A reader downloads one from a site and opens it; a record's report may be one. Its text
is in XML parts of a ZIP archive: a Word document's paragraphs (``w:p``) of runs of text
(``w:t``), with its headers, footers, footnotes and comments (every XML part is read);
each slide's paragraphs
(``a:p``) of runs (``a:t``), and its notes (any element named ``t``, in any namespace
prefix, is a run's text; a shape's, an equation's; a symbol, ``w:sym``, draws its
character). Each paragraph is one line, each part one
passage (a slide, a document's body), in the archive's order of slides.

Untrusted input, read within caps: at most :data:`MAX_PARTS` parts read, each at most
:data:`MAX_PART_BYTES` as its archive says and as it inflates (a "zip bomb" stops there),
and at most :data:`MAX_TEXT_CHARS` of text in all. The XML is not parsed: the text
elements are found by a linear pattern and their entities decoded (no DTD is read, so
no entity can expand). An archive that is not one, or holds no part of text, raises
ValueError.

OpenDocument text and presentations (``.odt``, ``.odp``) and EPUB books (``.epub``) are
ZIP archives of XML and XHTML parts too, their text written as elements' character data
(``<text:p>``, ``<p>``) rather than in runs: :func:`packaged_passages` reads every such
part's character data (but a ``<script>``'s or a ``<style>``'s), within the same caps; an
element of :data:`_LINE_ELEMENTS` is a line, an OpenDocument space or tab (``text:s``,
``text:tab``) a space. EPUB's package and navigation files (``.opf``, ``.ncx``: a book's
title and description, its table of contents) are read, as a reader's library shows them.
"""

from __future__ import annotations

import html
import io
import re
import zipfile
from collections.abc import Callable

__all__ = ["OFFICE", "PACKAGED", "office_passages", "packaged_passages"]

#: The suffixes of the documents read here: by their runs of text, by their character data.
OFFICE = (".docx", ".pptx")
PACKAGED = (".odt", ".odp", ".epub")
#: Most parts read, most bytes one may inflate to, most text characters kept in all.
MAX_PARTS = 2000
MAX_PART_BYTES = 32 << 20
MAX_TEXT_CHARS = 8 << 20

#: The parts read: every XML part but the package's own ([Content_Types].xml, the
#: relationships), whatever its name (Word and PowerPoint find a part by relationship, so
#: a document's body may be named anything); a slide's number orders a deck.
_PARTS = re.compile(r"(?!\[Content_Types\])(?:.*/)?[^/]+(?<!\.rels)\.xml", re.IGNORECASE)
_SLIDE = re.compile(r"(?:.*/)?(?:slide|notesSlide)(?P<slide>\d{1,6})\.xml", re.IGNORECASE)
#: What a part's text is made of, read in one pass: a run's text (``w:t``, ``a:t``, in any
#: namespace prefix: a document may declare its own), a paragraph's start or end (a line;
#: paragraphs nest in text boxes, and nothing between is lost), a tab or a break (a space).
_TOKEN = re.compile(
    r"<(?:[\w.-]{1,32}:)?t(?:\s[^<>]{0,2000})?>(?P<text>[^<]*)</(?:[\w.-]{1,32}:)?t\s*>"
    r"|<(?P<para>/?(?:[\w.-]{1,32}:)?p)[\s/>]"
    r"|<(?:[\w.-]{1,32}:)?sym\s(?P<sym>[^<>]{0,2000})>"
    r"|<(?:[\w.-]{1,32}:)?(?:tab|br|cr)[\s/>]"
)


def office_passages(data: bytes) -> tuple[tuple[int, str], ...]:
    """Each part's text, numbered in order (a deck's by its slide numbers); raises
    ValueError on an archive that cannot be read within the caps."""
    return _passages(data, _PARTS, _part_text)


def packaged_passages(data: bytes) -> tuple[tuple[int, str], ...]:
    """An OpenDocument's or an EPUB book's parts' text (:func:`_character_data`), in the
    archive's order; raises ValueError as :func:`office_passages` does."""
    return _passages(data, _PACKAGED_PARTS, _character_data)


def _passages(
    data: bytes, parts: re.Pattern[str], read: Callable[[bytes], str]
) -> tuple[tuple[int, str], ...]:
    """Each part whose name ``parts`` matches, read by ``read``, within the caps."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = [i for i in archive.infolist() if parts.fullmatch(i.filename)]
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise ValueError(f"is not a readable Office document ({type(exc).__name__})") from None
    if not infos:
        raise ValueError("holds no XML part")
    if len(infos) > MAX_PARTS:
        raise ValueError(f"has {len(infos):,} parts, more than {MAX_PARTS:,}")
    infos.sort(key=_order)
    passages: list[tuple[int, str]] = []
    kept = 0
    for number, info in enumerate(infos, 1):
        text = read(_inflate(archive, info))
        kept += len(text)
        if kept > MAX_TEXT_CHARS:
            raise ValueError(f"holds more than {MAX_TEXT_CHARS:,} characters of text")
        passages.append((number, text))
    return tuple(passages)


def _order(info: zipfile.ZipInfo) -> tuple[int, int, str]:
    """A deck's slides by number, each before its notes; a document's body first."""
    match = _SLIDE.fullmatch(info.filename)
    if match is not None:
        return (1, int(match["slide"]), info.filename)
    return (0 if info.filename == "word/document.xml" else 2, 0, info.filename)


def _inflate(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    """A part's bytes, at most :data:`MAX_PART_BYTES` whatever its header says."""
    if info.file_size > MAX_PART_BYTES:
        raise ValueError(f"has a part of {info.file_size:,} bytes, more than {MAX_PART_BYTES:,}")
    try:
        with archive.open(info) as part:
            data = part.read(MAX_PART_BYTES + 1)
    except (zipfile.BadZipFile, OSError, NotImplementedError, RuntimeError, EOFError) as exc:
        raise ValueError(f"has a part that cannot be read ({type(exc).__name__})") from None
    if len(data) > MAX_PART_BYTES:
        raise ValueError(f"has a part that inflates past {MAX_PART_BYTES:,} bytes")
    return data


#: A symbol's character, in its ``char`` attribute (``w:char="0039"``).
_SYMBOL_CHAR = re.compile(r"(?:^|\s)(?:[\w.-]{1,32}:)?char=[\"']([0-9A-Fa-f]{1,6})[\"']")


def _symbol(code: int) -> str:
    """The character a Word symbol (``<w:sym w:char="0039"/>``) draws: a symbol font's
    private code (U+F000–U+F0FF) is the font's character at its low byte (Word draws
    ``F039`` in a symbol font as its "9"); any other code is the character itself."""
    if 0xF000 <= code <= 0xF0FF:
        code -= 0xF000
    return chr(code) if 0 < code < 0x110000 and not 0xD800 <= code <= 0xDFFF else ""


def _part_text(data: bytes) -> str:
    """A part's paragraphs, one per line, each its runs' text (a tab or a break as a space)."""
    xml = data.decode("utf-8", errors="replace")
    parts: list[str] = []
    for token in _TOKEN.finditer(xml):
        if token["text"] is not None:
            parts.append(html.unescape(token["text"]))
        elif token["sym"] is not None:
            char = _SYMBOL_CHAR.search(token["sym"])
            parts.append(_symbol(int(char[1], 16)) if char is not None else "")
        else:
            parts.append("\n" if token["para"] is not None else " ")
    return "\n".join(line for line in "".join(parts).split("\n") if line.strip())


#: An OpenDocument's or an EPUB book's parts: XML, XHTML and HTML, EPUB's package and
#: navigation files (not ``mimetype``, images, fonts).
_PACKAGED_PARTS = re.compile(r"(?:.*/)?[^/]+\.(?:xml|xhtml|html|htm|opf|ncx)", re.IGNORECASE)
#: What a part's character data is made of, read in one linear pass: a declaration, a
#: comment or a processing instruction (no text), a tag (its prefix and local name), a run
#: of character data.
_PIECE = re.compile(
    r"<[!?][^<>]*>"
    r"|<(?P<end>/?)(?:(?P<prefix>[\w.-]{1,32}):)?(?P<name>[\w.-]{1,64})(?P<rest>[^<>]*)>"
    r"|(?P<text>[^<]+)"
    r"|<"
)
#: Elements that stand on lines of their own (XHTML's blocks, OpenDocument's paragraphs
#: and headings, EPUB's navigation labels), by local name in lower case.
_LINE_ELEMENTS = frozenset(
    {
        "p",
        "h",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "li",
        "div",
        "td",
        "th",
        "tr",
        "dt",
        "dd",
        "br",
        "line-break",
        "title",
        "blockquote",
        "caption",
        "figcaption",
        "text",
        "description",
    }
)
#: Elements whose character data is not text a reader is shown.
_CODE_ELEMENTS = frozenset({"script", "style"})


def _character_data(data: bytes) -> str:
    """A part's character data, entities decoded, each :data:`_LINE_ELEMENTS` element a
    line, OpenDocument's ``text:s`` and ``text:tab`` a space; a script's or a style's left
    out. Linear: one pass of :data:`_PIECE`, no tree built."""
    xml = data.decode("utf-8", errors="replace")
    parts: list[str] = []
    code = ""  # the script or style element being skipped
    for piece in _PIECE.finditer(xml):
        name = (piece["name"] or "").lower()
        if piece["text"] is not None:
            if not code:
                parts.append(html.unescape(piece["text"]))
        elif not name:
            continue
        elif code:
            code = "" if piece["end"] and name == code else code
        elif name in _CODE_ELEMENTS and not piece["end"] and not piece["rest"].endswith("/"):
            code = name
        elif name in _LINE_ELEMENTS:
            parts.append("\n")
        elif piece["prefix"] and name in ("s", "tab"):
            parts.append(" ")
    return "\n".join(line for line in "".join(parts).split("\n") if line.strip())
