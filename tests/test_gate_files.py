"""What a browser draws from a published file, the output gate reads or refuses.

Four families of files a hostile tester found the gate did not read:

* ``data:`` URLs wherever a browser loads one (``srcset``, SVG ``<image href>``,
  CSS ``url()``, favicons, stylesheets, ``<object>``, ``<embed>``, ``<iframe>``),
  base64 or percent-encoded, in any charset;
* XML parsed as XML (DTD entities, CDATA, escaped HTML in a feed, XSLT, XHTML);
* text a browser shows though a byte looks binary (by name, as a server types
  it; by the WHATWG sniffing rules otherwise; UTF-16 by its byte-order mark);
* precompressed copies a server may send instead of the file they sit beside.

Each row is a small folder with an empty ``evidence.json`` and the files of the
row, judged by ``verify_site`` in-process: a hostile file must be refused with
its code (and words of its message), a near miss must pass.
"""

from __future__ import annotations

import gzip
import json
import shutil
import zlib
from base64 import b64encode
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import pytest
from sitekit import docx_bytes, epub_bytes, odf_bytes, office_bytes, pdf_bytes

from fxsite import STAMP
from fxsite.verify import verify_site
from fxsite.verify.dataurl import decode_data_url, srcset_urls
from fxsite.verify.kinds import decode_text, kind_of, page_media_type, served_kind
from fxsite.verify.served import gunzip
from fxsite.verify.xmltext import xml_as_html

EVIDENCE = {"generator": "fxsite", "records": [], "figures": [], "citations": [], "pages": []}
SVG_NS = 'xmlns="http://www.w3.org/2000/svg"'
FIGURE = "5x faster"


def page(body: str, head: str = "") -> str:
    """A stamped HTML page."""
    return (
        f'<!DOCTYPE html><html><head><meta name="{STAMP}" content="t"><title>T</title>'
        f"{head}</head><body>{body}</body></html>"
    )


def xhtml(body: str, doctype: str = "") -> str:
    """A stamped, well-formed XHTML page."""
    return (
        f'{doctype}<html xmlns="http://www.w3.org/1999/xhtml"><head><meta name="{STAMP}" '
        f'content="t"/><title>T</title></head><body>{body}</body></html>'
    )


def svg(text: str = FIGURE) -> str:
    return f'<svg {SVG_NS} width="10" height="10"><text x="0" y="9">{text}</text></svg>'


def b64(data: str | bytes, media: str = "image/svg+xml", params: str = "") -> str:
    raw = data.encode() if isinstance(data, str) else data
    return f"data:{media}{params};base64,{b64encode(raw).decode()}"


def pct(data: str, media: str = "image/svg+xml") -> str:
    return f"data:{media},{quote(data)}"


PNG = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" + FIGURE.encode()
XHTML_DOCTYPE = (
    '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" '
    '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">'
)
ENTITY_SVG = '<!DOCTYPE svg [<!ENTITY t "178 s">]>' + svg("&t;")
#: UTF-8 bytes 35 D7 80 that windows-1252 draws as "5×€"
PASEQ = "<p>5\u05c0 faster</p>"
WRITES = 'a::after { content: "5x faster" }'
XSLT = (
    '<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">'
    '<xsl:template match="/"><p>5x faster</p></xsl:template></xsl:stylesheet>'
)
RSS = '<rss version="2.0"><channel><title>News</title><item>{}</item></channel></rss>'


@dataclass(frozen=True)
class Row:
    name: str
    files: dict[str, str | bytes]
    #: the code expected (None: the folder passes) and words of its message
    code: str | None = "FX501"
    says: str = ""


def row(name: str, body: str, code: str | None = "FX501", says: str = "", head: str = "") -> Row:
    """A row of one page, ``index.html``."""
    return Row(name, {"index.html": page(body, head)}, code, says)


DATA_URLS = [
    row("img srcset, base64 SVG", f'<img srcset="{b64(svg())} 1x" alt="logo">'),
    row(
        "img srcset, the second candidate, its URL holding commas",
        f'<img srcset="a.png 1x, {pct(svg())} 2x" alt="logo">',
    ),
    row(
        "picture source srcset",
        f'<picture><source srcset="{pct(svg())}"><img src="a.png" alt="x"></picture>',
    ),
    row("SVG image href", f'<svg {SVG_NS}><image href="{b64(svg())}"/></svg>'),
    row(
        "SVG image xlink:href",
        f'<svg {SVG_NS} xmlns:xlink="http://www.w3.org/1999/xlink">'
        f'<image xlink:href="{b64(svg())}"/></svg>',
    ),
    row("style attribute url()", f"<div style=\"background:url('{b64(svg())}')\">x</div>"),
    row(
        "style element, data: spelled with a CSS escape",
        f"<style>p {{ background: url(d\\61ta:image/svg+xml,{quote(svg())}) }}</style><p>x</p>",
    ),
    row(
        "stylesheet in the head",
        "<p>x</p>",
        head=f"<style>body{{background:url({b64(svg())})}}</style>",
    ),
    row("favicon", "<p>x</p>", head=f'<link rel="icon" href="{b64(svg())}">'),
    row(
        "stylesheet link holding an image",
        "<p>x</p>",
        head=f'<link rel="stylesheet" href="{pct("p{background:url(" + b64(svg()) + ")}", "text/css")}">',
    ),
    row(
        "iframe document whose stylesheet draws an image",
        '<iframe src="{}"></iframe>'.format(
            pct(f"<style>body{{background:url({b64(svg())})}}</style><p>x</p>", "text/html")
        ),
    ),
    row("video poster", f'<video poster="{b64(svg())}"></video>'),
    row("input type=image", f'<input type="image" src="{b64(svg())}" alt="go">'),
    row(
        "embed, Shift_JIS charset",
        f'<embed src="{b64(svg("５ｘ faster").encode("shift_jis"), params=";charset=shift_jis")}">',
    ),
    row(
        "iframe, base64 without padding",
        f'<iframe src="{b64("<p>" + FIGURE + "!</p>", "text/html").rstrip("=")}"></iframe>',
    ),
    row(
        "SVG with a DTD entity, in an img",
        f'<img src="{pct(ENTITY_SVG)}" alt="x">',
        "FX614",
        "declares an XML entity",
    ),
    row(
        "object, XHTML",
        f'<object data="{b64(xhtml("<p><![CDATA[5x faster]]></p>"), "application/xhtml+xml")}"></object>',
    ),
    row(
        "style element importing a data: stylesheet",
        f'<style>@import url("{pct("p{background:url(" + b64(svg()) + ")}", "text/css")}");</style>',
    ),
    Row("stylesheet file drawing an SVG", {"x.css": f"p {{ background: url({b64(svg())}) }}"}),
    Row(
        "stylesheet file importing a data: stylesheet",
        {"x.css": f'@import "{pct("p{background:url(" + b64(svg()) + ")}", "text/css")}";'},
    ),
    # near misses
    Row(
        "stylesheet file drawing a PNG",
        {"x.css": f"p {{ background: url({b64(PNG, 'image/png')}) }}"},
        None,
    ),
    row("img srcset, a PNG", f'<img srcset="{b64(PNG, "image/png")} 2x" alt="logo">', None),
    row(
        "img srcset, an SVG without figures",
        f'<img srcset="{pct(svg("FX100 array"))}" alt="x">',
        None,
    ),
    row(
        "style, a PNG background",
        f"<style>p{{background:url({b64(PNG, 'image/png')})}}</style><p>x</p>",
        None,
    ),
    row(
        "favicon, a PNG", "<p>x</p>", None, head=f'<link rel="icon" href="{b64(PNG, "image/png")}">'
    ),
]

XML = [
    Row(
        "SVG file with a DTD entity",
        {"a.svg": ENTITY_SVG},
        "FX614",
        "declares an XML entity",
    ),
    Row(
        "RSS description in CDATA",
        {"feed.rss": RSS.format("<description><![CDATA[5x faster]]></description>")},
    ),
    Row(
        "Atom summary as escaped HTML",
        {
            "feed.atom": '<feed xmlns="http://www.w3.org/2005/Atom"><entry><summary type="html">'
            "&lt;p&gt;5&lt;b&gt;x&lt;/b&gt; faster&lt;/p&gt;</summary></entry></feed>"
        },
    ),
    Row(
        "XSLT literal text split by a comment",
        {
            "feed.xsl": '<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">'
            '<xsl:template match="/"><xsl:text>5<!-- -->x faster</xsl:text></xsl:template>'
            "</xsl:stylesheet>"
        },
    ),
    Row("XHTML page, CDATA", {"a.xhtml": xhtml("<p><![CDATA[5x faster]]></p>")}),
    Row("XHTML page named .xht", {"a.xht": xhtml("<p>5<![CDATA[x]]> faster</p>")}),
    Row("XHTML page, a self-closed style", {"a.xhtml": xhtml("<style/><p>5x faster</p>")}),
    Row(
        "SVG text split into spans",
        {
            "a.svg": f"<svg {SVG_NS}><text>5<tspan>x</tspan> fast<textPath>er</textPath></text></svg>"
        },
    ),
    row("inline SVG text split into spans", "<svg><text>5<tspan>x</tspan> faster</text></svg>"),
    Row(
        "XML styled by a data: stylesheet that writes text",
        {
            "feed.xml": f'<?xml-stylesheet type="text/css" href="{pct(WRITES, "text/css")}"?><a>b</a>'
        },
        "FX505",
    ),
    Row(
        "XML transformed by a data: XSLT",
        {"feed.xml": f'<?xml-stylesheet type="text/xsl" href="{pct(XSLT, "text/xsl")}"?><a>b</a>'},
        "FX614",
        "XSLT",
    ),
    Row(  # blind31: the text is computed (substring('seconds', 1, 1))
        "XML transformed by the site's XSLT",
        {"r.xml": '<?xml-stylesheet type="text/xsl" href="r.xsl"?><r><n>95</n></r>'},
        "FX614",
        "XSLT",
    ),
    Row("XML attribute a tree view shows", {"data.xml": '<offer speedup="5x faster"/>'}),
    Row(
        "SVG not well-formed",
        {"a.svg": f"<svg {SVG_NS}><text>ok</svg>"},
        "FX614",
        "not well-formed",
    ),
    # near misses
    Row(
        "XML styled by a stylesheet of the site",
        {"feed.xml": '<?xml-stylesheet type="text/css" href="feed.css"?><a>b</a>'},
        None,
    ),
    Row(
        "RSS feed without figures",
        {"feed.rss": RSS.format("<title>FX100 array, MkDocs 1.6</title>")},
        None,
    ),
    Row(
        "SVG with a public document type",
        {
            "logo.svg": '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" '
            '"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">' + svg("Qwen-7B on 8-GPU")
        },
        None,
    ),
    Row(
        "XHTML page, &nbsp; under an XHTML doctype",
        {"a.xhtml": xhtml("<p>FX100&nbsp;array</p>", XHTML_DOCTYPE)},
        None,
    ),
]

SNIFFED = [
    Row("text file with a NUL byte", {"notes.txt": f"{FIGURE}\0".encode()}),
    Row("YAML with a NUL byte", {"notes.yaml": f"a: {FIGURE}\n\0".encode()}),
    Row("UTF-16 with a byte-order mark", {"notes.txt": "\ufeff5x faster".encode("utf-16-le")}),
    Row(
        "no extension, a browser sniffs a page",
        {"offer": b"<html><body><p>5<b>x</b> faster</p></body></html>\0"},
        "FX613",
    ),
    Row("no extension, Latin-1", {"README": b"caf\xe9: 5x faster"}, "FX614", "not valid UTF-8"),
    Row(
        "page declaring windows-1252 (UTF-8 '5\u05c0' is drawn '5×€')",
        {"a.html": page(PASEQ, '<meta charset="windows-1252">')},
        "FX614",
        "declares the charset",
    ),
    Row(
        "feed declaring an encoding",
        {"feed.xml": '<?xml version="1.0" encoding="windows-1252"?><a>5\u05c0</a>'},
        "FX614",
        "declares the charset",
    ),
    Row(
        "ISO-2022-JP text ('５ｘ')", {"notes.txt": b"\x1b$B#5#x\x1b(B faster"}, "FX614", "ISO-2022"
    ),
    row(
        "data: page declaring windows-1252",
        f'<iframe src="{pct(page(PASEQ, "<meta charset=windows-1252>"), "text/html")}"></iframe>',
        "FX614",
        "declares the charset",
    ),
    # near misses
    Row("a PNG holding text", {"img/x.png": PNG}, None),
    Row("page declaring UTF-8", {"a.html": page("<p>FX100</p>", '<meta charset="utf-8">')}, None),
    Row("a terminal escape in a log", {"build.log": b"build ok\x1b[K"}, None),
    Row(
        "no extension, control bytes: binary",
        {"data/blob": b"\x01\x02\xff" + FIGURE.encode()},
        None,
    ),
    Row("a web font", {"fonts/x.woff2": b"wOF2" + FIGURE.encode()}, None),
    # A PDF a reader opens from the site: its text layer is read (blind14: published unread).
    Row("a PDF's text", {"report.pdf": pdf_bytes(["FX100 array", "Saves 94 s per run"])}, "FX501"),
    Row("a PDF named otherwise", {"report": pdf_bytes(["Saves 94 s per run"])}, "FX501"),
    Row("an unreadable PDF", {"report.pdf": b"%PDF-1.7\n"}, "FX614", "not a readable PDF"),
    Row("a PDF without figures", {"brochure.pdf": pdf_bytes(["The FX100 array"])}, None),
    Row("text with a NUL byte and no figure", {"notes.txt": b"FX100 array\0"}, None),
    # A Word document or a deck a reader downloads and opens: its text is read (blind15).
    Row(
        "a Word document's text",
        {"brochure.docx": docx_bytes("FX100 array", "Saves 94 s")},
        "FX501",
    ),
    Row("split across runs", {"b.docx": docx_bytes("Saves 9</w:t><w:t>4 s")}, "FX501"),
    Row(
        "digits drawn as symbols (blind17)",
        {
            "b.docx": docx_bytes(
                'Saves in </w:t><w:sym w:char="0039"/><w:sym w:char="F034"/><w:t> seconds'
            )
        },
        "FX501",
    ),
    Row(
        "a Word document's body under another name and prefix",
        {
            "b.docx": office_bytes(
                {"custom/body.xml": "<x:p><x:r><x:t>Saves 94 s</x:t></x:r></x:p>"}
            )
        },
        "FX501",
    ),
    Row(
        "a slide's text",
        {
            "deck.pptx": office_bytes(
                {"ppt/slides/slide1.xml": "<a:p><a:r><a:t>1.9x faster</a:t></a:r></a:p>"}
            )
        },
        "FX501",
    ),
    Row(
        "an unreadable Word document",
        {"b.docx": b"PK\x03\x04broken"},
        "FX614",
        "not a readable Office",
    ),
    Row(
        "a Word document's zip bomb",
        {"b.docx": office_bytes({"word/document.xml": " " * (33 << 20)})},
        "FX614",
        "more than",
    ),
    Row("a Word document without figures", {"b.docx": docx_bytes("The FX100 array")}, None),
    Row("an entity that spells no figure", {"b.docx": docx_bytes("FX100 &amp; more")}, None),
    # An OpenDocument or an EPUB book: its parts' character data is read (blind75 #11).
    Row("an OpenDocument's text", {"b.odt": odf_bytes("FX100 array", "Saves 94 s")}, "FX501"),
    Row("split across spans", {"b.odt": odf_bytes("Saves 9<text:span>4 s</text:span>")}, "FX501"),
    Row("a presentation's text", {"deck.odp": odf_bytes("1.9x faster")}, "FX501"),
    Row("an EPUB chapter", {"w.epub": epub_bytes("<p>FX100 saves in 12 s</p>")}, "FX501"),
    Row(
        "an EPUB book's description",
        {"w.epub": office_bytes({"OEBPS/book.opf": "<dc:description>5x faster</dc:description>"})},
        "FX501",
    ),
    Row("an unreadable EPUB book", {"w.epub": b"PK\x03\x04broken"}, "FX614", "not a readable"),
    Row("an OpenDocument without figures", {"b.odt": odf_bytes("The FX100 array")}, None),
    Row(
        "an EPUB book's style and script",
        {
            "w.epub": epub_bytes(
                "<style>p { animation: fade 2s }</style><script>wait(5000, 'ms')</script>"
                "<p>FX100<br/>array</p>"
            )
        },
        None,
    ),
    Row("an OpenDocument's paragraphs", {"b.odt": odf_bytes("Version 9", "FX100 array")}, None),
]

HOME = page("<p>FX100 array</p>")
COMPRESSED = [
    Row(
        "gzip copy with a second member",
        {"index.html": HOME, "index.html.gz": gzip.compress(HOME.encode()) + gzip.compress(b"5x")},
        "FX614",
        "after its gzip stream",
    ),
    Row(
        "gzip bomb",
        {"index.html": HOME, "index.html.gz": gzip.compress(b" " * (17 << 20))},
        "FX614",
        "decompresses to more than",
    ),
    Row(
        "brotli copy", {"index.html": HOME, "index.html.br": b"\x1b\x03\x00\xf8"}, "FX614", "brotli"
    ),
    Row(
        "Zstandard copy",
        {"index.html": HOME, "index.html.zst": b"(\xb5/\xfd\0"},
        "FX614",
        "brotli, Zstandard",
    ),
    Row("gzip-encoded SVG", {"logo.svgz": gzip.compress(svg().encode())}),
    # near misses
    Row(
        "gzip copy, the same bytes",
        {"index.html": HOME, "index.html.gz": gzip.compress(HOME.encode())},
        None,
    ),
    Row(
        "gzip-encoded SVG without figures",
        {"logo.svgz": gzip.compress(svg("FX100").encode())},
        None,
    ),
]

# A search engine's verification file (blind66): text a browser shows as text, no page.
VERIFICATION = "google-site-verification: google1a2b3c4d5e6f7a8b.html"
UNSTAMPED = [
    Row("a verification file, no markup", {"google1a2b3c4d5e6f7a8b.html": VERIFICATION}, None),
    Row("markup-free text still read", {"offer.html": "Now 5x faster."}, "FX501"),
    Row(
        "a page the build did not make",
        {"offer.html": "<p>Welcome</p>"},
        "FX613",
        "write it as a Markdown page of docs/",
    ),
]

# An image's other sources: a browser draws one by the screen's size or density (blind67).
OK_SVG, N_SVG = svg("OK"), svg("37")
SOURCES = [
    Row(
        "srcset draws other text than src",
        {"index.html": page('<p>Each save took <img src="ok.svg" srcset="n.svg 1x" alt=""> s</p>'), "ok.svg": OK_SVG, "n.svg": N_SVG},
        "FX612",
        "at another screen size or density",
    ),
    Row(
        "a picture's second source",
        {"index.html": page('<p>Each save took <picture><source media="(min-width: 5000px)" srcset="ok.svg"><source srcset="n.svg"><img src="ok.svg" alt=""></picture> s</p>'), "ok.svg": OK_SVG, "n.svg": N_SVG},
        "FX612",
        "at another screen size or density",
    ),
    # an SVG that draws another file's drawing in place
    Row(
        "svg use of another file's symbol",
        {"index.html": page('<p>Each save took <svg width="30" height="16"><use href="n.svg#n"/></svg> s</p>'), "n.svg": N_SVG},
        "FX501",
    ),
    Row(
        "svg image of another file",
        {"index.html": page('<p>Each save took <svg width="30" height="16"><image href="n.svg" width="30" height="16"/></svg> s</p>'), "n.svg": N_SVG},
        "FX501",
    ),
    Row(
        "near miss: svg use of its own symbol",
        {"index.html": page('<p>Each save took <svg width="30" height="16"><use href="#x"/></svg> long</p>')},
        None,
    ),
    Row(
        "near miss: every source draws alike",
        {"index.html": page('<p>Each save took <img src="ok.svg" srcset="ok2.svg 2x" alt=""> s</p>'), "ok.svg": OK_SVG, "ok2.svg": OK_SVG},
        None,
    ),
]  # fmt: skip

ROWS = DATA_URLS + XML + SNIFFED + COMPRESSED + UNSTAMPED + SOURCES


def _findings(root: Path, files: dict[str, str | bytes]) -> list[tuple[str, str, str]]:
    (root / "evidence.json").write_text(json.dumps(EVIDENCE), encoding="utf-8")
    for rel, data in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data if isinstance(data, bytes) else data.encode())
    return [(f.path, f.code, f.message) for f in verify_site(root)]


def test_rows_are_unique() -> None:
    assert len({r.name for r in ROWS}) == len(ROWS)


@pytest.mark.parametrize("case", ROWS, ids=lambda r: r.name)
def test_file_is_read_or_refused(case: Row, tmp_path: Path) -> None:
    found = _findings(tmp_path, case.files)
    if case.code is None:
        assert found == []
    else:
        assert any(code == case.code and case.says in message for _, code, message in found), found


@pytest.mark.parametrize(
    ("srcset", "urls"),
    [
        ("a.png", ["a.png"]),
        ("a.png 1x, b.png 2x", ["a.png", "b.png"]),
        ("data:x,1,2 1x,b.png", ["data:x,1,2", "b.png"]),
        ("a.png,,, b.png", ["a.png", "b.png"]),
        ("a.png (1, 2) 1x, b.png", ["a.png", "b.png"]),
    ],
)
def test_srcset_urls(srcset: str, urls: list[str]) -> None:
    assert srcset_urls(srcset) == urls


@pytest.mark.parametrize(
    ("url", "decoded"),
    [
        ("data:,5x", ("text/plain", "", b"5x")),
        ("data:image/SVG+xml;charset=UTF-8;base64,NXg", ("image/svg+xml", "utf-8", b"5x")),
        ("data:text/html;base64, NX g=", ("text/html", "", b"5x")),
        ("data:text/html;base64,NXg==", None),  # too much padding: the browser loads nothing
        ("data:text/html;base64,N", None),
        ("data:text/html,%35x", ("text/html", "", b"5x")),
        ("https://x/5x", None),
    ],
)
def test_decode_data_url(url: str, decoded: tuple[str, str, bytes] | None) -> None:
    assert decode_data_url(url) == decoded


@pytest.mark.parametrize(
    ("rel", "head", "kind"),
    [
        ("notes.txt", b"\0\1\2", "text"),
        ("x.png", b"plain words", None),
        ("README", b"plain words \xff", "text"),
        ("README", b"words\x1b", "text"),  # ESC: ISO-2022-JP text
        ("README", b"words\x1c", "text"),  # a server may send UTF-8 as text
        ("README", b"words\x1c\xff", None),
        ("README", b"words\0", None),
        ("README", b"words\x0c\t\r\n", "text"),  # form feed, tab and line ends are text
        ("README", "caf\u00e9".encode()[:-1], "text"),  # cut in a character: the rest is unread
        ("data", b"\x89PNG\r\n\x1a\n", None),
        ("data", b"SQLite format 3\x00", None),
        ("offer", b"  <!DOCTYPE html><p>", "html"),
        ("offer", b"<p>5x</p>", "html"),
        ("offer", b"<pre>5x</pre>", "text"),  # not a signature the standard lists
        ("feed", b"<?xml version='1.0'?><rss/>", "xml"),
        ("file", b"%PDF-1.7 5x", None),
        ("file", b"\xff\xfe5\x00", "text"),
    ],
)
def test_served_kind(rel: str, head: bytes, kind: str | None) -> None:
    assert served_kind(rel, head) == kind


def test_decode_text() -> None:
    assert decode_text("\ufeffcaf\u00e9".encode("utf-16-be")) == ("caf\u00e9", None, (1, 1))
    assert decode_text(b"\xef\xbb\xbf5x") == ("5x", None, (1, 1))
    # placed where an editor shows the bad byte (blind44: it was 1:1, "byte 27")
    assert decode_text(b"one\ntwo\nSaves caf\xe9") == (
        "",
        "is text a browser shows, but not valid UTF-8: byte 0xe9 at line 3, column 10",
        (3, 10),
    )
    assert decode_text("\ufeffa\nb".encode("utf-16-le") + b"\x00\xd8")[2] == (2, 2)


def test_gunzip_stops_at_its_limit() -> None:
    bomb = zlib.compress(b"\0" * (4 << 20))  # a zlib stream is no gzip file
    assert gunzip(bomb, 1 << 20)[1] is not None
    inner, problem = gunzip(gzip.compress(b"\0" * (4 << 20)), 1 << 20)
    assert (inner, problem) == (b"", "decompresses to more than 1,048,576 bytes")


@pytest.mark.parametrize(
    ("rel", "kind"),
    [
        ("index.html.br", "compressed"),  # brotli, not a page in Breton
        ("index.br.html", "html"),
        ("index.html.zst", "compressed"),
        ("logo.svgz", "gzip"),
        ("page.xht", "html"),
        ("feed.xsl", "xml"),
        ("feed.xslt", "xml"),
    ],
)
def test_kind_of(rel: str, kind: str) -> None:
    assert kind_of(rel) == kind


def test_xht_is_sent_as_xhtml() -> None:
    assert page_media_type("page.xht") == "application/xhtml+xml"


#: (name, file, its text, code or None) on a copy of the demo site, whose home page
#: cites 178 s, 94 s and 1.9×: a drawing may repeat a figure the site cites, as text may.
CITED = [
    ("SVG file repeating cited figures", "assets/chart.svg", svg("178 s → 94 s"), None),
    ("SVG file with a figure nobody cites", "assets/chart.svg", svg("179 s"), "FX501"),
    (
        "header image repeating a cited figure",
        "index.html",
        f'<img srcset="{pct(svg("1.9×"))}" alt="">',
        None,
    ),
    (
        "header image with a figure nobody cites",
        "index.html",
        f'<img srcset="{pct(svg("2.9×"))}" alt="">',
        "FX501",
    ),
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "rel", "text", "code"), CITED, ids=[c[0] for c in CITED])
def test_cited_figures_may_be_drawn(
    name: str, rel: str, text: str, code: str | None, demo_site: Path, tmp_path: Path
) -> None:
    site = Path(shutil.copytree(demo_site, tmp_path / "site", symlinks=True))
    path = site / rel
    if rel == "index.html":  # in the header, where the page's own claims may be repeated
        html = path.read_text(encoding="utf-8")
        header = 'data-md-component="header">'
        assert header in html
        path.write_text(html.replace(header, header + text, 1), encoding="utf-8")
    else:
        path.write_text(text, encoding="utf-8")
    codes = {f.code for f in verify_site(site) if f.severity == "error"}
    assert codes == ({code} if code else set()), name


def test_deep_xml_is_refused_before_it_is_parsed() -> None:
    deep = "<a>" * 100_000 + "</a>" * 100_000
    assert xml_as_html(deep) == ("", "nests elements more than 4096 deep")
