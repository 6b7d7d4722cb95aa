"""Published text the page reader did not read (blind75, findings 5, 10, 11 and 12).

Microdata's and RDFa's ``content`` (an FAQ answer, a description a search engine shows
in its results), read as JSON-LD's strings are
(:func:`fxsite.verify.shown.structured_attribute`); the ARIA attributes a braille display
shows or a screen reader speaks (``aria-braillelabel``, ``aria-brailleroledescription``,
``aria-placeholder``) and an SVG link's tooltip (``xlink:title``), read as the other
attributes a reader is shown (:data:`fxsite.verify.shown.VISIBLE_ATTRIBUTES`).
"""

from __future__ import annotations

import pytest
from sitekit import FIXTURE_EXTENSIONS, PAGE_PATH, href_for, library

from fxsite.markdown import PageRenderer, check_page
from fxsite.verify.scan import scan_content
from fxsite.verify.visible import page_text


def _bare(html: str) -> list[str]:
    return [c.shown for c in scan_content(html).candidates]


# (markup, the bare figures read in it)
REFUSED = [
    # finding 5: microdata, in the body and the head, and RDFa
    (
        '<div itemscope itemtype="https://schema.org/Question">'
        '<div itemprop="acceptedAnswer" itemscope itemtype="https://schema.org/Answer">'
        '<meta itemprop="text" content="In 12 s, 15x faster than NFS."></div></div>',
        ["12 s", "15x"],
    ),
    (
        '<html><head><meta itemprop="description" content="Saves checkpoints in 12 s">'
        "</head><body><p>Hello.</p></body></html>",
        ["12 s"],
    ),
    ('<p><span itemprop="slogan" content="1.9x faster checkpoints">Fast</span></p>', ["1.9x"]),
    ('<p><span property="schema:description" content="Saves in 12 s">Fast</span></p>', ["12 s"]),
    ('<p><data itemprop="description" value="Saves in 12 s">Fast</data></p>', ["12 s"]),
    # hidden or not, a search engine shows it
    ('<div hidden><meta itemprop="text" content="In 12 s"></div>', ["12 s"]),
    # read as HTML too, as JSON-LD's strings are
    ('<meta itemprop="text" content="In 96 &lt;b&gt;s&lt;/b&gt;">', ["96 s"]),
    # finding 10: an SVG link's tooltip, an SVG <title>'s (read before)
    ('<svg><a xlink:href="#" xlink:title="FX100 saves in 12 s"><rect/></a></svg>', ["12 s"]),
    ('<svg><a href="#" XLINK:TITLE="5x faster"><rect/></a></svg>', ["5x"]),
    # finding 12: what a braille display shows, what a screen reader speaks
    ('<p><span aria-braillelabel="FX100 saves in 14 s">x</span></p>', ["14 s"]),
    ('<p><span aria-brailleroledescription="5x faster">x</span></p>', ["5x"]),
    ('<p><span role="textbox" aria-placeholder="FX100 saves in 15 s"></span></p>', ["15 s"]),
]

# near misses: read, and nothing in them is a figure; or not text at all
NEAR = [
    '<html><head><meta name="viewport" content="width=device-width, initial-scale=1"></head></html>',
    '<p><meta itemprop="datePublished" content="2026-03-14">Published.</p>',
    '<p><span itemprop="ratingValue" content="4.9">4.9</span> of 5</p>',
    '<p><meta itemprop="price" content="99"><meta itemprop="priceCurrency" content="USD"></p>',
    '<p><link itemprop="availability" href="https://schema.org/InStock">In stock</p>',
    # a content attribute with no structured data: no reader shows it
    '<p><span content="Saves in 12 s">Fast</span></p>',
    '<p><data value="12 s">Fast</data></p>',
    # a time's datetime is machine-readable, its text is read as the page's
    '<p><time itemprop="datePublished" datetime="2026-03-14T10:00">March</time></p>',
    '<p><span aria-braillelabel="FX100 saves">x</span></p>',
    '<svg><a xlink:href="#" xlink:title="Read the report"><rect/></a></svg>',
]


@pytest.mark.parametrize(("html", "figures"), REFUSED)
def test_structured_and_braille_text_is_read(html: str, figures: list[str]) -> None:
    assert _bare(html) == figures


@pytest.mark.parametrize("html", NEAR)
def test_near_misses_pass(html: str) -> None:
    assert _bare(html) == []


def test_structured_data_is_read_as_json_ld() -> None:
    """One rule: microdata's strings are blocks of JSON-LD's channel, as JSON-LD's are."""
    micro = page_text('<meta itemprop="text" content="In 12 s">').blocks
    json_ld = page_text('<script type="application/ld+json">{"text": "In 12 s"}</script>').blocks
    assert [(b.channel, b.text) for b in micro] == [
        (b.channel, b.text)
        for b in json_ld
        if b.text != "text"  # JSON-LD's keys are read too
    ]


def test_open_graph_stays_a_meta_tag() -> None:
    """``og:`` tags carry ``property`` too: read once, as the meta tag link previews show."""
    blocks = page_text('<html><head><meta property="og:title" content="5x"></head></html>').blocks
    assert [(b.channel, b.text) for b in blocks] == [("meta", "5x")]


@pytest.mark.parametrize(
    ("line", "column"),
    [
        ('<span property="schema:description" content="Saves in 12 s">Fast saves</span>', 55),
        ('<meta itemprop="description" content="Saves in 12 s">', 48),
    ],
)
def test_a_page_places_the_figure_in_the_attribute(line: str, column: int) -> None:
    _, findings = check_page(
        f"# T\n\nIntro.\n\n{line}\n",
        PAGE_PATH,
        library(),
        href_for,
        PageRenderer(FIXTURE_EXTENSIONS, {}),
    )
    assert [(f.code, f.text, f.line, f.col) for f in findings] == [("FX501", "12 s", 5, column)]


def test_the_attribute_is_where_its_figure_is_placed() -> None:
    """The source's ``content`` value is shown text (:mod:`fxsite.pages.unshown`): the
    figure read in it (first) is placed there, not at the same words in the line's text."""
    _, findings = check_page(
        '# T\n\n<span itemprop="description" content="Saves in 12 s"></span> Fast, 12 s here.\n',
        PAGE_PATH,
        library(),
        href_for,
        PageRenderer(FIXTURE_EXTENSIONS, {}),
    )
    assert [(f.code, f.line, f.col) for f in findings] == [("FX501", 3, 48), ("FX501", 3, 68)]
