"""The gate reads a page's chrome around the article the page reader judged (fxsite.verify.articles).

In-process: a rendered article (as Markdown gives it, placeholders in), its
scan by the page reader, and a published page made of it. Each adversarial row
changes the page so that the article's scan no longer stands for it: the fast
reading must not be taken (the page is read whole). Each near miss must take it
and give what reading the page whole gives.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from fxsite.pages.sections import RELATED_PLACEHOLDER, SOURCES_SLOT
from fxsite.verify.articles import Judged, scan_with_article, self_contained
from fxsite.verify.scan import FileScan, scan_content, scan_file

CLAIM = (
    '<a class="fx-claim fx-claim--measured" data-fx-ref="R1#save_time_fx100" '
    'data-fx-value="94" data-fx-unit="s" href="../evidence/R1/#save_time_fx100">94 s'
    '<span aria-hidden="true" class="fx-badge" data-search-exclude="">R1</span></a>'
)

ARTICLE = (
    '<h1 id="title">Checkpoint saves<a class="headerlink" href="#title">&para;</a></h1>\n'
    f"<p>Every checkpoint fell to {CLAIM} on the cluster.</p>\n"
    "<table><thead><tr><th>Run</th><th>Save time (s)</th></tr></thead>"
    "<tbody><tr><td>A</td><td>Fast</td></tr></tbody></table>\n"
    '<div class="admonition note"><p class="admonition-title">Note</p>'
    "<p>Names are not figures: 8-GPU, G1&ndash;G4.</p></div>\n"
    '<h2 id="data-sources">Data sources</h2>\n'
    f"{SOURCES_SLOT}\n\n"
    '<h2 id="related-reading">Related reading</h2>\n'
    f"{RELATED_PLACEHOLDER}\n"
)

SOURCES = (
    '<ul class="fx-sources"><li><a class="fx-source-id" href="../evidence/R1/">R1</a> '
    '<span class="fx-source-title">FX100 checkpoint write</span></li></ul>'
)
RELATED = '<ul class="fx-related"><li><a href="../other/">Other page</a></li></ul>'

SHELL = (
    '<!doctype html>\n<html lang="en" class="no-js"><head><meta charset="utf-8">'
    '<title>Checkpoint saves - Site</title><meta name="fxsite-build" content="x"></head>\n'
    '<body dir="ltr" data-md-color-scheme="default">\n'
    '<header class="md-header"><a href="../">Site</a></header>\n'
    '<nav class="md-nav"><ul><li><a href="../">Home</a></li>'
    '<li><a href="./">Checkpoint saves</a></li></ul></nav>\n'
    '<main class="md-main" data-md-component="main"><div class="md-main__inner md-grid">\n'
    '<div class="md-content" data-md-component="content">\n'
    '<article class="md-content__inner md-typeset">\n{article}\n</article>\n'
    "</div></div></main>\n"
    '<footer class="md-footer"><p>Made with MkDocs</p></footer>\n'
    "</body></html>\n"
)


def _published(article: str = ARTICLE) -> str:
    filled = article.replace(SOURCES_SLOT, SOURCES).replace(RELATED_PLACEHOLDER, RELATED)
    return SHELL.replace("{article}", filled)


def _judged(article: str = ARTICLE) -> Judged:
    return Judged.of(article, scan_content(article))


def _facts(scan: FileScan) -> dict[str, object]:
    """A scan as what the gate uses of it, each list as a multiset."""
    page = scan.page
    assert page is not None
    claims = [(c.text, tuple(sorted(c.attrs.items())), c.in_heading) for c in page.claims]
    return {
        "claims": Counter(claims),
        "ids": page.ids,
        "meta": page.meta,
        "rows": page.rows,
        "statuses": page.statuses,
        "charts": Counter(page.charts),
        "parts": Counter(page.parts),
        "unreadable": Counter(page.unreadable),
        "notes": set(page.notes),
        "lang": page.lang,
        "local": set(scan.local),
        "candidates": Counter(scan.candidates),
        "ticks": scan.ticks,
        "shown": scan.shown,
        "phrases": scan.phrases,
        "titles": scan.titles,
        "governed": Counter((claims[i], u, s) for i, u, s in scan.governed),
    }


def _insert_after(marker: str, text: str) -> Callable[[str], str]:
    return lambda page: page.replace(marker, marker + text, 1)


#: Published pages the article's scan does not stand for: each must be read whole.
ADVERSARIAL: dict[str, Callable[[str], str]] = {
    # A hook's on_post_page (or a theme) changing the page after it was judged.
    "figure inside the article": _insert_after("</h1>", "<p>Saves 95 s per run.</p>"),
    "article replaced": lambda p: (
        p[: p.index("<article")]
        + '<article class="md-content__inner md-typeset"><p>96 s</p></article>'
        + p[p.index("</article>") + 10 :]
    ),
    "article twice (a copy in a textarea)": lambda p: p.replace(
        "<main", f"<textarea>{ARTICLE}</textarea><main", 1
    ),
    "article twice (a copy in the footer)": lambda p: p.replace(
        "<p>Made with MkDocs</p>", ARTICLE.split(SOURCES_SLOT)[0], 1
    ),
    # Theme overrides wrapping the content in something read otherwise.
    "wrapped in pre": lambda p: p.replace(
        '<article class="md-content__inner md-typeset">',
        '<article class="md-content__inner md-typeset"><pre>',
    ).replace("</article>", "</pre></article>"),
    "wrapped in textarea": lambda p: p.replace(
        '<article class="md-content__inner md-typeset">',
        '<article class="md-content__inner md-typeset"><textarea>',
    ).replace("</article>", "</textarea></article>"),
    "wrapped in noscript": lambda p: p.replace(
        '<article class="md-content__inner md-typeset">',
        '<article class="md-content__inner md-typeset"><noscript>',
    ).replace("</article>", "</noscript></article>"),
    # Without the doctype the page is in quirks mode, where its content parses otherwise
    # than the page reader parsed it (a <table> does not close an open <p>).
    "no doctype": lambda p: p.replace("<!doctype html>\n", "", 1),
    "a legacy doctype": lambda p: p.replace(
        "<!doctype html>", '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">', 1
    ),
    "wrapped in a hidden div": lambda p: p.replace(
        '<article class="md-content__inner md-typeset">',
        '<article class="md-content__inner md-typeset"><div hidden>',
    ).replace("</article>", "</div></article>"),
    "wrapped in a heading": lambda p: p.replace(
        '<article class="md-content__inner md-typeset">',
        '<article class="md-content__inner md-typeset"><h2>',
    ).replace("</article>", "</h2></article>"),
    "wrapped in a table cell": lambda p: p.replace(
        '<article class="md-content__inner md-typeset">',
        '<article class="md-content__inner md-typeset"><table><tr><th>Seconds</th></tr><tr><td>',
    ).replace("</article>", "</td></tr></table></article>"),
    "wrapped in a span": lambda p: p.replace(
        '<article class="md-content__inner md-typeset">',
        '<article class="md-content__inner md-typeset">9<span>',
    ).replace("</article>", "</span></article>"),
    "wrapped in a record-value cell class": lambda p: p.replace(
        '<article class="md-content__inner md-typeset">',
        '<article class="md-content__inner md-typeset"><div class="fx-value">',
    ).replace("</article>", "</div></article>"),
    "a style hides it by a class": lambda p: p.replace(
        "</head>", "<style>.md-typeset p{display:none}</style></head>"
    ),
    "a style changes its case": lambda p: p.replace(
        "</head>", "<style>article{text-transform:uppercase}</style></head>"
    ),
    "an inline style changes its case": lambda p: p.replace(
        '<div class="md-content" data-md-component="content">',
        '<div class="md-content" data-md-component="content" style="text-transform:lowercase">',
    ),
    "right-to-left around it": lambda p: p.replace(
        '<div class="md-content" data-md-component="content">',
        '<div class="md-content" data-md-component="content" dir="rtl">',
    ),
    "outside any article": lambda p: p.replace(
        '<article class="md-content__inner md-typeset">', "<div>"
    ).replace("</article>", "</div>"),
    "an open paragraph before it": lambda p: p.replace(
        '<article class="md-content__inner md-typeset">',
        '<article class="md-content__inner md-typeset"><p>4',
    ),
    "an open bold element before it": lambda p: p.replace(
        '<div class="md-content" data-md-component="content">',
        '<div class="md-content" data-md-component="content"><b></div><div>',
    ),
    "text opened before it": lambda p: p.replace(
        '<article class="md-content__inner md-typeset">',
        '<article class="md-content__inner md-typeset"><!--',
    ),
    "in an inline template": lambda p: p.replace(
        '<article class="md-content__inner md-typeset">',
        '<article class="md-content__inner md-typeset"><template>',
    ).replace("</article>", "</template></article>"),
}


@pytest.mark.parametrize("change", ADVERSARIAL.values(), ids=ADVERSARIAL.keys())
def test_a_page_changed_around_its_article_is_read_whole(change: Callable[[str], str]) -> None:
    page = change(_published())
    assert page != _published()
    assert scan_with_article(page, _judged(), None) is None


#: Articles that do not parse alone as they parse in a page: each is read whole.
NOT_SELF_CONTAINED: dict[str, str] = {
    "ends inside an open element": ARTICLE + "<div><p>tail</p>",
    "ends inside a comment": ARTICLE + "<p>tail</p><!-- open",
    "a comment inside": ARTICLE.replace("<p>Every", "<!-- x --><p>Every"),
    "closes the theme's article": ARTICLE + "</article><p>out</p>",
    "a style": ARTICLE.replace("<h2", "<style>p{color:red}</style><h2", 1),
    "a template": ARTICLE.replace("<h2", "<template><p>9</p></template><h2", 1),
    "a script": ARTICLE.replace("<h2", "<script>var a=1</script><h2", 1),
    "a textarea": ARTICLE.replace("<h2", "<textarea><p>x</p></textarea><h2", 1),
    "starts with text": "Lead 94 " + ARTICLE,
    "ends with text": ARTICLE.replace(f"{RELATED_PLACEHOLDER}\n", f"{RELATED_PLACEHOLDER} s"),
    "ends with an inline element": ARTICLE + "<em>s</em>",
    "a self-closing div": ARTICLE.replace("<h2", "<div/><h2", 1),
    "a stray end tag": ARTICLE.replace("<h2", "</div><h2", 1),
    "a CDATA section": ARTICLE.replace("<h2", "<svg><![CDATA[9]]></svg><h2", 1),
    "a bogus comment": ARTICLE.replace("<h2", "<?x 9?><h2", 1),
    "a form": ARTICLE.replace("<h2", "<form><p>x</p></form><h2", 1),
    "a body tag": ARTICLE.replace("<h2", '<body hidden=""><h2', 1),
}


@pytest.mark.parametrize("article", NOT_SELF_CONTAINED.values(), ids=NOT_SELF_CONTAINED.keys())
def test_an_article_that_is_not_self_contained_is_read_whole(article: str) -> None:
    page = _published(article)
    assert scan_with_article(page, _judged(article), None) is None


#: Pages the fast reading stands for: the same facts as reading the page whole.
NEAR_MISSES: dict[str, Callable[[str], str]] = {
    "as published": lambda p: p,
    "a figure just outside the article": _insert_after("</article>", "<p>Saves 97 s.</p>"),
    "a figure after the article's last piece": lambda p: p.replace(
        "Related reading</h2>", "Related reading</h2>95 s", 1
    ),
    "a figure in the footer": _insert_after("<p>Made with MkDocs</p>", "<p>97 s</p>"),
    "a figure in the filled sources list": lambda p: p.replace(
        "FX100 checkpoint write", "FX100 checkpoint write in 93 s", 1
    ),
    "a figure in the title": lambda p: p.replace("<title>Checkpoint", "<title>94 s Checkpoint"),
    "a claim in the navigation": lambda p: p.replace(
        '<li><a href="../">Home</a></li>', f"<li>{CLAIM}</li>", 1
    ),
    "an edit button before the article": lambda p: p.replace(
        '<article class="md-content__inner md-typeset">\n',
        '<article class="md-content__inner md-typeset">\n<a class="md-content__button" '
        'href="x" title="Edit 94 s">Edit 9</a>\n',
    ),
    "inline style in the chrome (no reordering)": lambda p: p.replace(
        '<footer class="md-footer">', '<footer class="md-footer" style="color: red">'
    ),
}


@pytest.mark.parametrize("change", NEAR_MISSES.values(), ids=NEAR_MISSES.keys())
def test_the_fast_reading_gives_what_the_whole_reading_gives(change: Callable[[str], str]) -> None:
    page = change(_published())
    fast = scan_with_article(page, _judged(), None)
    assert fast is not None
    assert _facts(fast) == _facts(scan_file("p/index.html", page))


#: Articles that are self-contained (each piece of them, split at the placeholders).
SELF_CONTAINED = {
    "as rendered": ARTICLE,
    "an inline svg icon": ARTICLE.replace(
        "on the cluster", 'on <svg viewBox="0 0 2 2"><path d="M0 0"/></svg> the cluster'
    ),
    "void elements": ARTICLE.replace("on the cluster", "on<br> the <img alt=x src=y> cluster"),
    "a less-than sign in text": ARTICLE.replace("on the cluster", "on &lt; 3 of &amp; the < 4"),
}


@pytest.mark.parametrize("article", SELF_CONTAINED.values(), ids=SELF_CONTAINED.keys())
def test_a_self_contained_article_is_read_fast(article: str) -> None:
    page = _published(article)
    fast = scan_with_article(page, _judged(article), None)
    assert fast is not None
    assert _facts(fast) == _facts(scan_file("p/index.html", page))


def test_pieces_are_split_at_the_placeholders() -> None:
    pieces = ARTICLE.split(SOURCES_SLOT)
    assert all(self_contained(p.replace(RELATED_PLACEHOLDER, "").strip()) for p in pieces)
    assert not self_contained(ARTICLE.split("</h1>")[0])


#: Markup a page's reading depends on as a whole, written so that a reader of the markup
#: alone could miss it: each is read whole.
SPELLED: dict[str, Callable[[str], str]] = {
    "dir after a solidus": lambda p: p.replace("<footer class", "<footer/dir=rtl class"),
    "style right after a quoted value": lambda p: p.replace(
        '<footer class="md-footer"', '<footer class="md-footer"style="order:-1"'
    ),
    "style with an entity": lambda p: p.replace(
        '<footer class="md-footer"', '<footer class="md-footer" style="or&#100;er:-1"'
    ),
    "an open table around it (its content fostered out)": lambda p: p.replace(
        '<article class="md-content__inner md-typeset">',
        '<article class="md-content__inner md-typeset"><table>',
    ).replace("</article>", "</table></article>"),
}


@pytest.mark.parametrize("change", SPELLED.values(), ids=SPELLED.keys())
def test_markup_read_as_a_parser_reads_it_is_read_whole(change: Callable[[str], str]) -> None:
    page = change(_published())
    assert page != _published()
    assert scan_with_article(page, _judged(), None) is None
