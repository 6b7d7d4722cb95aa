"""How the gate reads a published file: by its name, as a web server types it, and
by its first bytes, as a browser sniffs a file sent without a type.

Every file a site publishes is read, not a list of known extensions: a web
server sends ``notes.text``, ``feed.rss`` or ``pricing.html.en`` to readers as
readily as ``index.html``.

* ``html``: ``.html``, ``.htm``, ``.xhtml``, ``.xht``, ``.shtml``, and those names
  with a content-negotiation suffix (``index.html.en``, ``page.htm.fr-ca``): read
  as a page, as a reader sees it (``.xhtml`` and ``.xht`` parsed as XML first).
* ``xml``: ``.xml``, ``.rss``, ``.atom``, ``.svg``, ``.xsl``, ``.xslt``, ``.rdf``,
  ``.opml``, and every other name web servers send as XML (``.xsd``, ``.rng``, ``.xul``,
  ``.mathml``, ``.gpx``, ``.kml`` …: :data:`_XML`): parsed as XML, their text as a
  document (:mod:`.xmltext`).
* ``json``: every string value (and key).
* ``gzip``: ``.gz``, a copy a server may send, decoded, for the file without
  ``.gz``: it must hold the same bytes; ``.svgz``, an SVG sent gzip-encoded.
* ``compressed``: ``.br`` and ``.zst``, copies a server may send instead of the
  file without the suffix, in encodings (brotli, Zstandard) the gate does not
  decode: refused.
* ``code``: ``.js``, ``.mjs``, ``.cjs``, ``.css``, ``.map``: read for what they
  write (:mod:`.scripts`), and a stylesheet for the images its ``data:`` URLs draw.
* ``signature``: ``fxsite-manifest.json.sig``, raw signature bytes checked by
  the signature audit.
* ``key``: ``fxsite-key.pub``, read as text except the base64 lines of its PEM
  block (random letters and digits, ``/79s/``, that the signature audit parses
  as the key; anything else there makes it no key, ``FX805``).
* ``text``: everything else, read line by line when a browser shows it as text
  (:func:`served_kind`): a name a server sends as text (``.txt``, ``.csv``,
  ``.md``…) whatever its bytes; a name it sends as an image, a font, an archive
  or a database never; any other name as a browser sniffs it (the WHATWG MIME
  Sniffing standard): a page or an XML document by its first tag, binary when
  its first 1,445 bytes hold a NUL, or a control byte and bytes that are not
  UTF-8; text otherwise.

Text is decoded as a browser decodes it (:func:`decode_text`): by its byte-order
mark (UTF-8, UTF-16), else as UTF-8; other bytes are refused, never guessed.
"""

from __future__ import annotations

import codecs
import re
from typing import Literal

from fxsite.anchor.manifest import KEY_NAME, SIGNATURE_NAME

__all__ = [
    "SNIFF_BYTES",
    "Kind",
    "charset_problem",
    "decode_text",
    "kind_of",
    "page_media_type",
    "pem_lines_blanked",
    "served_kind",
]

Kind = Literal["html", "xml", "json", "gzip", "compressed", "code", "signature", "key", "text"]
_PEM_BODY = re.compile(r"[A-Za-z0-9+/=]+")

#: An HTML name, maybe with a content-negotiation language (``.html.en``, ``.htm.zh-cn``)
_HTML_NAME = re.compile(r"\.(?:html?|xht(?:ml)?|shtml)(?:\.([a-z]{2,3})(?:[-_][a-z0-9]{1,8})*)?$")
#: Suffixes after ``.html`` that name another kind of file, not a language.
_NOT_LANGUAGES = frozenset({"txt", "md", "csv", "xml", "bak", "old", "tmp", "log", "orig"})
#: Names web servers send as XML, which a browser draws as a document (``application/xml``,
#: ``text/xml`` and the ``+xml`` types of mime-db, the table of Express, GitHub Pages and
#: Netlify): a character reference in them is drawn as its character (an ``.rng`` file
#: drew "95 s" from ``&#57;&#53; s``: blind30).
# fmt: off
_XML = tuple(f".{e}" for e in (
    "xml", "rss", "atom", "svg", "xsl", "xslt", "rdf", "opml", "xsd", "rng", "xul", "mathml",
    "owl", "gpx", "kml", "ttml", "xlf", "xliff", "wsdl", "wspolicy", "xspf", "pls", "xop",
    "xenc", "mods", "mets", "mads", "mrcx", "opf", "xaml", "vxml", "ssml", "grxml", "smil",
    "rsd", "meta4", "metalink", "ccxml", "davmount", "dbk", "emotionml", "gml", "inkml",
    "pskcxml", "sru", "ssdl", "tei", "teicorpus", "x3d", "yin", "musicxml", "mpd", "xpl",
    "xhvml", "xvml", "xvm", "lostxml", "xer", "omdoc", "xdp", "xav", "xca", "xel", "xns",
    "atomcat", "atomsvc", "atomdeleted", "xfdf", "xbl",
))
# fmt: on
_CODE = (".js", ".mjs", ".cjs", ".css", ".map")
#: Precompressed copies in encodings the gate does not decode (brotli, Zstandard).
_COMPRESSED = (".br", ".zst", ".zstd")


def kind_of(rel: str) -> Kind:
    """How the file at site path ``rel`` is read."""
    name = rel.lower()
    if name.endswith((".gz", ".svgz")):
        return "gzip"
    if name.endswith(_COMPRESSED):
        return "compressed"
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


#: Bytes of a file of no known kind a browser sniffs (the standard's "resource header").
SNIFF_BYTES = 1445
#: Extensions web servers (Apache's and nginx's ``mime.types``, Python's) send as text.
# fmt: off
_TEXT_NAMES = frozenset({
    "txt", "text", "md", "markdown", "csv", "tsv", "yaml", "yml", "toml", "ini", "conf",
    "cfg", "log", "asc", "pem", "pub", "vtt", "srt", "ics", "vcf", "rst", "tex", "diff",
    "patch", "py", "sh",
})
# fmt: on
#: Extensions web servers send as a type a browser never draws as text.
# fmt: off
_BINARY_NAMES = frozenset({
    "png", "jpg", "jpeg", "gif", "webp", "avif", "apng", "bmp", "ico", "cur", "tif", "tiff",
    "jxl", "heic", "heif", "psd", "woff", "woff2", "ttf", "otf", "eot", "mp3", "mp4", "m4a",
    "m4v", "webm", "ogg", "oga", "ogv", "opus", "wav", "flac", "aac", "mov", "avi", "mkv",
    "mpg", "mpeg", "zip", "tar", "tgz", "bz2", "xz", "7z", "rar", "jar", "pdf", "doc",
    "docx", "xls", "xlsx", "ppt", "pptx", "odt", "ods", "odp", "epub", "sqlite", "sqlite3",
    "db", "bin", "exe", "dll", "so", "dylib", "wasm", "class", "pyc", "npy", "npz",
    "parquet", "pkl", "pickle",
})
# fmt: on
#: The standard's "binary data bytes": control characters that no text holds.
_BINARY_BYTES = re.compile(rb"[\x00-\x08\x0b\x0e-\x1a\x1c-\x1f]")
#: Tags that make a browser take a file sent without a type for a page (the
#: standard's HTML signatures: the tag, then a space or ``>``).
_HTML_START = re.compile(
    rb"[\t\n\x0c\r ]*<(?:!doctype html|html|head|script|iframe|h1|div|font|table|a|style"
    rb"|title|b|body|br|p|!--)[ >]",
    re.IGNORECASE,
)
_XML_START = re.compile(rb"[\t\n\x0c\r ]*<\?xml")
#: Signatures of files a browser sniffs as a document, image, sound or archive
#: (those without a binary data byte of their own).
_SIGNATURES = (b"%PDF-", b"%!PS-Adobe-", b"GIF87a", b"GIF89a", b"BM", b"RIFF", b"OggS", b"ID3")
_BOMS = (codecs.BOM_UTF8, codecs.BOM_UTF16_BE, codecs.BOM_UTF16_LE)


def served_kind(rel: str, head: bytes) -> Kind | None:
    """How a ``text``-kind file is read, by its name and first bytes ``head``; None: not as text.

    A name a server sends as text is text, whatever its bytes; one it sends as
    binary is not; any other is sniffed as a browser sniffs a file sent
    without a type: a page by its first tag (``html``), XML by ``<?xml``, a
    byte-order mark as text, a known signature as binary, and a control byte
    as binary unless the rest reads as UTF-8 without a NUL (a server may
    type an unknown name as text).
    """
    name = rel.rsplit("/", 1)[-1]
    extension = name.rpartition(".")[2].lower() if "." in name else ""
    if extension in _TEXT_NAMES:
        return "text"
    if extension in _BINARY_NAMES:
        return None
    head = head[:SNIFF_BYTES]
    if _HTML_START.match(head):
        return "html"
    if _XML_START.match(head):
        return "xml"
    if head.startswith(_BOMS):
        return "text"
    if head.startswith(_SIGNATURES):
        return None
    if _BINARY_BYTES.search(head) and (b"\0" in head or not _utf8_prefix(head)):
        return None  # binary to a browser, and to a server guessing text: not UTF-8
    return "text"


def _utf8_prefix(head: bytes) -> bool:
    """``head`` is the start of UTF-8 text (it may end inside a character)."""
    try:
        codecs.getincrementaldecoder("utf-8")().decode(head, final=False)
    except UnicodeDecodeError:
        return False
    return True


def decode_text(data: bytes) -> tuple[str, str | None, tuple[int, int]]:
    """Bytes as a browser decodes them: by a byte-order mark (UTF-8, UTF-16), else as
    UTF-8; or ``""``, why not (the gate does not guess a legacy encoding) and the line and
    column (in characters) of the first byte that is not, as an editor shows them (1, 1
    when it reads)."""
    name = "utf-8"
    if data.startswith(codecs.BOM_UTF8):
        data = data[3:]
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        name = "utf-16-le" if data.startswith(codecs.BOM_UTF16_LE) else "utf-16-be"
        data = data[2:]
    try:
        return data.decode(name), None, (1, 1)
    except UnicodeDecodeError as exc:
        good = data[: exc.start].decode(name)
        line, col = good.count("\n") + 1, len(good) - good.rfind("\n")
        return (
            "",
            f"is text a browser shows, but not valid {name.upper()}: byte "
            f"0x{data[exc.start]:02x} at line {line}, column {col}",
            (line, col),
        )


#: The charset a page declares (``<meta charset>`` or ``http-equiv``), in its first
#: 1,024 characters as a browser's prescan reads them; an XML declaration's encoding.
_DECLARED = {
    "html": re.compile(r"<meta\b[^>]*?charset\s*=\s*[\"']?\s*([^\s\"'>;/]+)", re.IGNORECASE),
    "xml": re.compile(r"\A\s*<\?xml\b[^>]*?\bencoding\s*=\s*[\"']([^\"']*)", re.IGNORECASE),
}
#: An ISO-2022 designation (``ESC $ B``): ASCII bytes a browser may draw as Japanese.
_ISO_2022 = re.compile("\x1b[$()*+\\-./]")


def charset_problem(kind: str, text: str) -> str | None:
    """Why a browser may decode ``text`` otherwise than the gate read it (as UTF-8), or None.

    A page or XML document declaring another charset (``windows-1252`` draws the
    UTF-8 bytes of "5\u05c0" as "5×€"), and ISO-2022 escape sequences in any
    text (``ESC $ B #5`` is "５" to a browser that detects Japanese).
    """
    if _ISO_2022.search(text):
        return "holds ISO-2022 escape sequences, which a browser may draw as other characters"
    pattern = _DECLARED.get(kind)
    match = pattern.search(text[:1024]) if pattern is not None else None
    if match is None:
        return None
    try:
        name = codecs.lookup(match[1]).name
    except LookupError:
        name = ""
    if name.startswith(("utf-8", "utf-16")):  # a page's UTF-16 label means UTF-8
        return None
    return f"declares the charset '{match[1]}': a browser decodes it so, the gate reads UTF-8"


def page_media_type(rel: str) -> str | None:
    """The type a web server sends an ``html``-kind file as, by its name; None for other kinds.

    ``application/xhtml+xml`` for ``.xhtml`` and ``.xht`` (``page.xhtml.en`` too), ``text/html``
    for the rest (``index.html.en``, ``offer.shtml``): what a reader's browser is told.
    """
    if kind_of(rel) != "html":
        return None
    match = _HTML_NAME.search(rel.lower())
    assert match is not None  # kind_of found it
    return "application/xhtml+xml" if match.group(0).startswith(".xht") else "text/html"


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
