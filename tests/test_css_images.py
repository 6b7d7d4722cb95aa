"""Images CSS draws in the line: a background, a border, a mask, a list's marker, generated
content (blind21).

``<span style="background-image:url(n.svg)"></span>`` draws the site's n.svg where the
span stands, as ``<img src="n.svg">`` does: where n.svg draws "95", "Each save took
<span …></span> s" shows "Each save took 95 s". The page reader reads such an image's
text as an ``<img>``'s, at the start of the element's text (a list's marker: at each
item's), from a ``style`` attribute or a stylesheet rule alike, in ``fxsite check``, the
build's gate and ``fxsite audit`` (one reader). An image that draws no digit, one that
is not an SVG, and ``cursor`` (drawn only under the pointer) add nothing.

In-process rows: a page in, FX501's ``(line, col)`` out.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import fixture_renderer, href_for, library

from fxsite.evidence.library import Library
from fxsite.markdown import render_page
from fxsite.pages.page import process_page
from fxsite.verify.css import Declaration, read_style
from fxsite.verify.css_images import drawn_images, image_urls
from fxsite.verify.images import markdown_images
from fxsite.verify.sheets import SheetFiles

SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><text y="18">{}</text></svg>'
FILES = {
    "n.svg": SVG.format("95"),
    "icon.svg": SVG.format("ok"),
    "pic.svg": '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>',
    "n.png": SVG.format("95"),
    # a stylesheet file finds its images from its own place (blind25)
    "css/imp.css": ".ip{background-image:url(../n.svg);padding-left:20px}",
    "imp.css": ".ip{background-image:url(n.svg);padding-left:20px}",
}
#: A data: URL of an SVG drawing "95".
DATA = "data:image/svg+xml,%3Csvg%20xmlns=%27http://www.w3.org/2000/svg%27%3E%3Ctext%3E95%3C/text%3E%3C/svg%3E"


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


def _refused(root: Path, lib: Library, body: str) -> list[tuple[int, int]]:
    """``fxsite check``'s FX501 errors on a page whose third line is ``body`` (the page
    ``p.md``, published at ``p/``), with :data:`FILES` in its docs/."""
    docs = root / "docs"
    docs.mkdir(exist_ok=True)
    for name, text in FILES.items():
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text(text, "utf-8")
    page = f"# Page\n\n{body}\n"
    sheets = SheetFiles([docs]).page("p/", "p.md", markdown_images(page))
    result = process_page(page, "docs/p.md", lib, href_for)
    judged = render_page(result, page, lib, href_for, fixture_renderer(), sheets=sheets)[1].findings
    return sorted((f.line, f.col) for f in [*result.findings, *judged] if f.code == "FX501")


# (name, line 3 of the page p.md (published at p/), its FX501 places)
ROWS = [
    (
        "a background image",
        'Each save took <span style="background-image:url(../n.svg)"></span> s.',
        [(3, 16)],
    ),
    (
        "the background shorthand, quoted",
        "Each save took <span style=\"background:#fff url('../n.svg') no-repeat\"></span> s.",
        [(3, 16)],
    ),
    (
        "a border image, its URL an entity-quoted string",
        'Each save took <span style="border-image:url(&quot;../n.svg&quot;) 30 / 1em"></span> s.',
        [(3, 16)],
    ),
    (
        "a mask (drawn in the element's background colour)",
        'Each save took <i style="-webkit-mask-image:url(../n.svg);background:#000"></i> s.',
        [(3, 16)],
    ),
    (
        "an image-set's string",
        "Each save took <span style=\"background-image:image-set('../n.svg' 1x)\"></span> s.",
        [(3, 16)],
    ),
    (
        "an SVG in a data: URL",
        f'Each save took <span style="background-image:url({DATA})"></span> s.',
        [(3, 16)],
    ),
    (
        "near miss: an unquoted URL with a space is a bad URL, drawn by no browser",
        f'Each save took <span style="background-image:url({DATA.replace("%20", " ")})"></span> s.',
        [],
    ),
    (
        "a property name escaped",
        'Each save took <span style="backgr\\6f und-image:url(../n.svg)"></span> s.',
        [(3, 16)],
    ),
    # placed at the body's first line where the source does not show where it is drawn: a
    # rule's selector is not matched in the source, nor a variable or a position read
    (
        "generated content of a <style> block's rule",
        '<style>.x::before{content:url(../n.svg)}</style>\n\nEach save took <span class="x">'
        "</span> s.",
        [(1, 1)],
    ),
    (
        "a list's marker image, drawn before each item",
        "<ul style=\"list-style-image:url('../n.svg')\"><li>s per save</li></ul>",
        [(3, 1)],
    ),
    # blind25: drawn after the text, on the right, through a variable, from a linked file
    (
        "generated content after the text",
        '<style>.aa::after{content:url(../n.svg)}</style>\n\n<span class="aa">Each save '
        "took</span> s.",
        [(1, 1)],
    ),
    (
        "a background drawn at the right of the text",
        '<span style="background:url(../n.svg) right no-repeat;padding-right:22px">Each save '
        "took</span> s.",
        [(1, 1)],
    ),
    (
        "an image held in a custom property",
        '<span style="--i:url(../n.svg);background-image:var(--i)"></span> s per save',
        [(1, 1)],
    ),
    (
        "a stylesheet file the page links",
        '<link rel="stylesheet" href="../css/imp.css"><span class="ip"></span> s per save',
        [(1, 1)],
    ),
    (
        "a stylesheet file the page imports",
        '<style>@import url(../imp.css);</style><span class="ip"></span> s per save',
        [(1, 1)],
    ),
    (
        "near miss: a custom property no image reads",
        '<span style="--i:url(../n.svg);color:red"></span> s per save',
        [],
    ),
    (
        "the list-style shorthand on the item",
        '<ul><li style="list-style:url(../n.svg) inside">s per save</li></ul>',
        [(3, 5)],
    ),
    # near misses
    (
        "near miss: an icon drawing no digit",
        'Each step took <span style="background-image:url(../icon.svg)"></span> a while.',
        [],
    ),
    (
        "near miss: a picture",
        'Each save took <span style="background-image:url(../pic.svg)"></span> long.',
        [],
    ),
    (
        "near miss: not an SVG file",
        'Each save took <span style="background-image:url(../n.png)"></span> s.',
        [],
    ),
    (
        "near miss: a cursor, drawn only under the pointer",
        'Each save took <span style="cursor:url(../n.svg), auto"></span> s.',
        [],
    ),
    (
        "near miss: a URL to no file (resolved from the published page)",
        'Each save took <span style="background-image:url(n.svg)"></span> s.',
        [],
    ),
    (
        "near miss: a custom property holding the URL",
        'Each save took <span style="--icon:url(../n.svg)"></span> s.',
        [],
    ),
]


@pytest.mark.parametrize(("name", "body", "places"), ROWS, ids=[r[0] for r in ROWS])
def test_an_image_css_draws_is_read_as_an_img_is(
    tmp_path: Path, lib: Library, name: str, body: str, places: list[tuple[int, int]]
) -> None:
    assert _refused(tmp_path, lib, body) == places


def _decl(style: str) -> Declaration:
    return read_style(style)[0]


def test_the_urls_a_declaration_draws() -> None:
    assert image_urls(_decl("background: url(a.svg), url('b.svg')")) == ["a.svg", "b.svg"]
    assert image_urls(_decl('mask: image-set("a.svg" 1x, url(b.svg) 2x)')) == ["a.svg", "b.svg"]
    assert image_urls(_decl("cursor: url(a.svg), auto")) == []
    assert image_urls(_decl("content: 'a.svg'")) == []
    assert drawn_images("list-style: url(m.svg)") == ()
    assert drawn_images("list-style: url(m.svg)", markers=True) == ("m.svg",)
    assert drawn_images("color: red") == ()
