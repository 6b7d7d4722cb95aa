"""The page reader reads what a browser draws: each refused row shows a reader a figure.

Rows are a page's rendered content read in-process by the one page reader
(:func:`fxsite.verify.scan.scan_content`, which ``fxsite check``, the build's
gate and the audit share): a refused row must be refused (a bare figure, or an
error of the reader's own), its near miss must pass.
"""

from __future__ import annotations

import pytest

from fxsite.verify.scan import scan_content

CLAIM = '<a data-fx-ref="R1#save_time_fx100" href="../evidence/R1/#save_time_fx100">94 s</a>'


def refusals(html: str) -> list[str]:
    """The reader's errors and the bare figures it finds in ``html``."""
    scan = scan_content(html)
    return [f"{x.code} {x.message}" for x in scan.local if x.severity == "error"] + [
        f"FX501 {c.shown}" for c in scan.candidates
    ]


# -- text a page's own CSS hides (the text around it is read as drawn without it) or draws --------

HIDDEN = [
    (
        "a <style> rule hides a class: display none",
        '<style>.hh{display:none}</style><p>Save time is 94 <span class="hh">zz</span>s here.</p>',
    ),
    (
        "a <style> rule hides a class: font-size 0",
        '<style>.hh{font-size:0}</style><p>Save time is 94 <span class="hh">zz</span>s here.</p>',
    ),
    (
        "a <style> rule inside @media hides an id",
        "<style>@media screen{#k{visibility:hidden}}</style>"
        '<p>Save time is 94 <span id="k">zz</span>s here.</p>',
    ),
    (
        "inline width 0 and overflow hidden",
        '<p>Save time is 94 <span style="display:inline-block;width:0;overflow:hidden">zz</span>'
        "s here.</p>",
    ),
    (
        "inline max-width and max-height 0",
        '<p>Save time is 94 <span style="display:inline-block;max-width:0;max-height:0;'
        'overflow:hidden">zz</span>s here.</p>',
    ),
    (
        "inline transform scale 0",
        '<p>Save time is 94 <span style="display:inline-block;transform:scale(0);width:0">zz</span>'
        "s here.</p>",
    ),
    (
        "inline text-indent off the box",
        '<p>Save time is 94 <span style="display:inline-block;text-indent:-9999px;width:0;'
        'overflow:hidden">zz</span>s here.</p>',
    ),
    (
        "inline color transparent",
        '<p>Save time is 94 <span style="color:transparent">zz</span>s here.</p>',
    ),
    (
        "a <style> rule draws a unit after a number",
        '<style>.hh::after{content:" s"}</style><p>Save time is 94<span class="hh"></span> here.</p>',
    ),
    # A style attribute draws text where its property reaches an element that draws it: a
    # list's markers (inherited by its items), a quotation's marks (blind11).
    ("inline list-style draws a figure", "<ul style=\"list-style: '178 s '\"><li>saved</li></ul>"),
    (
        "inline list-style-type draws a unit",
        "<p>Save time is 94</p><ol style=\"list-style-type:' s'\"><li>here</li></ol>",
    ),
    ("inline quotes draw a figure", "<p style=\"quotes:'178 s ' ''\"><q>saved</q></p>"),
    (
        "an escaped property name",
        "<ul style=\"list-st\\79 le-type: '178 s '\"><li>saved</li></ul>",
    ),
]

HIDDEN_NEAR = [
    (
        "a <style> rule hides a class the text does not use",
        '<style>.hh{display:none}</style><p>Save time is 94 <span class="other">zz</span>s.</p>',
    ),
    (
        "a hidden class between words that read as no figure",
        '<style>.hh{display:none}</style><p>Version 94 <span class="hh">zz</span>shipped.</p>',
    ),
    (
        "a <style> rule with no hiding declaration",
        '<style>.hh{font-weight:700}</style><p>Save time is 94 <span class="hh">zz</span>s.</p>',
    ),
    (
        "inline width that draws the text",
        '<p>Save time is 94 <span style="display:inline-block;width:10em">zz</span>s here.</p>',
    ),
    ("a <style> rule draws an arrow", '<style>.hh::after{content:"↕"}</style><p class="hh">a</p>'),
    ("inline list-style draws a dash", "<ul style=\"list-style: '– '\"><li>saved</li></ul>"),
    (
        "inline list-style-type names a counter",
        '<ol style="list-style-type: decimal"><li>a</li></ol>',
    ),
    (
        "a claim beside hidden text",
        f'<style>.hh{{display:none}}</style><p>{CLAIM} <span class="hh">zz</span>here.</p>',
    ),
]


@pytest.mark.parametrize(("name", "html"), HIDDEN, ids=[r[0] for r in HIDDEN])
def test_text_css_hides_is_read_as_drawn(name: str, html: str) -> None:
    assert refusals(html), name


@pytest.mark.parametrize(("name", "html"), HIDDEN_NEAR, ids=[r[0] for r in HIDDEN_NEAR])
def test_css_that_hides_no_figure_passes(name: str, html: str) -> None:
    assert refusals(html) == [], name


# -- a meta tag in the body: link previews and search engines show its content too (blind11) --

META = [
    ("og:description", '<p>Text.</p><meta property="og:description" content="Reads at 6.4 GB/s">'),
    ("description", '<meta name="description" content="Saves in 94 s"><p>Text.</p>'),
    ("twitter:title", '<p><meta name="twitter:title" content="1.9x faster saves"></p>'),
]

META_NEAR = [
    ("a viewport", '<meta name="viewport" content="width=device-width, initial-scale=1.5">'),
    ("a description without a figure", '<meta property="og:description" content="Fast saves">'),
    ("a theme colour", '<meta name="theme-color" content="#112233"><p>Text.</p>'),
]


@pytest.mark.parametrize(("name", "html"), META, ids=[r[0] for r in META])
def test_a_meta_tag_in_the_body_is_read(name: str, html: str) -> None:
    assert refusals(html), name


@pytest.mark.parametrize(("name", "html"), META_NEAR, ids=[r[0] for r in META_NEAR])
def test_a_meta_tag_without_a_figure_passes(name: str, html: str) -> None:
    assert refusals(html) == [], name


# -- look-alike letters and signs: a mathematical letter, a cross, a fraction slash -------------

LOOKALIKE = [
    ("a mathematical bold s", "<p>Save time is 94 𝐬 here.</p>"),
    ("a mathematical sans-serif s", "<p>Save time is 94 𝗌 here.</p>"),
    ("mathematical sans-serif GB", "<p>Snapshot of 65.6 𝖦𝖡 written.</p>"),
    ("a mathematical sans-serif x", "<p>Saves are 1.9𝗑 faster.</p>"),
    ("a multiplication x", "<p>Saves are 1.9✕ faster.</p>"),
    ("a heavy multiplication x", "<p>Saves are 1.9✖ faster.</p>"),
    ("a vector cross product", "<p>Saves are 1.9⨯ faster.</p>"),
    ("a fraction slash", "<p>It takes 1⁄4 of the time.</p>"),
    # ASCII letters written for digits inside a number (blind11).
    ("a small l between digits", "<p>Save time is 1l8 s here.</p>"),
    ("a capital I between digits", "<p>Save time is 1I8 s here.</p>"),
    ("a capital O ending a number", "<p>Save time is 17O s here.</p>"),
    ("a small o between digits", "<p>Save time is 1o8 s here.</p>"),
    # blind78: zeros in other scripts, a run of them, and a one before a ratio's point
    ("two capital Os ending a number", "<p>Save took 1OO s on the FX100.</p>"),
    ("Cyrillic Os ending a number", "<p>Save took 1\u041e\u041e s on the FX100.</p>"),
    ("a Greek Omicron ending a number", "<p>Save took 9\u039f s on the FX100.</p>"),
    ("a small Cyrillic o ending a number", "<p>Save took 9\u043e s on the FX100.</p>"),
    ("ideographic zeros after a digit", "<p>保存耗时 1\u3007\u3007 秒。</p>"),
    ("an I before a ratio's point", "<p>It is I.9x faster than NFS.</p>"),
    ("an l before a ratio's point", "<p>It is l.9x faster than NFS.</p>"),
]

LOOKALIKE_NEAR = [
    ("a mathematical letter as a variable", "<p>Let 𝐱 be the vector.</p>"),
    ("a cross as a close button", "<p>Press ✕ to close the panel.</p>"),
    ("a fraction slash between words", "<p>Read and⁄or write.</p>"),
    ("a road's name", "<p>Take the I80 east.</p>"),
    ("an o after a digit, before no unit", "<p>Ask for 2o more.</p>"),
    ("an ordinal", "<p>The 1o place went to us.</p>"),
    ("a letter before digits", "<p>Ship l78 is on time.</p>"),
    ("a model with an O inside", "<p>The X1O9 board ships.</p>"),
    ("a Cyrillic O ending a model's name", "<p>The Model 3\u041e ships.</p>"),
    ("a section's number", "<p>Section I.9 covers it.</p>"),
    ("an error's code", "<p>It hit 4O4 errors.</p>"),
]


@pytest.mark.parametrize(("name", "html"), LOOKALIKE, ids=[r[0] for r in LOOKALIKE])
def test_look_alike_figure_is_read(name: str, html: str) -> None:
    assert refusals(html), name


@pytest.mark.parametrize(("name", "html"), LOOKALIKE_NEAR, ids=[r[0] for r in LOOKALIKE_NEAR])
def test_look_alike_without_figure_passes(name: str, html: str) -> None:
    assert refusals(html) == [], name


# -- a sign or an exponent glued to a claim states another quantity: FX503 ----------------------

FOOTNOTE = '<sup id="fnref:1"><a class="footnote-ref" href="#fn:1">1</a></sup>'

GLUED = [
    ("a superscript minus one after a claim", f"<p>Save time {CLAIM}⁻¹ here.</p>"),
    ("a plus sign before a claim", f"<p>Save time +{CLAIM} here.</p>"),
    ("a full-width plus sign before a claim", f"<p>Save time ＋{CLAIM} here.</p>"),
    ("a plain superscript one after a claim", f"<p>Save time is {CLAIM}<sup>1</sup>.</p>"),
    (
        "a footnote reference between a figure's number and unit",
        f"<p>Save time is 94{FOOTNOTE} s.</p>",
    ),
]

GLUED_NEAR = [
    ("a claim in brackets", f"<p>Save time ({CLAIM}) here.</p>"),
    ("a hyphen after a claim", f"<p>A {CLAIM}-long save.</p>"),
    ("a plus sign across a space", f"<p>C++ saves {CLAIM} here.</p>"),
    ("a footnote reference after a claim", f"<p>Save time is {CLAIM}{FOOTNOTE}.</p>"),
]


@pytest.mark.parametrize(("name", "html"), GLUED, ids=[r[0] for r in GLUED])
def test_glued_sign_or_exponent_is_refused(name: str, html: str) -> None:
    assert refusals(html), name


@pytest.mark.parametrize(("name", "html"), GLUED_NEAR, ids=[r[0] for r in GLUED_NEAR])
def test_apart_sign_or_footnote_passes(name: str, html: str) -> None:
    assert refusals(html) == [], name


# -- text a page's extensions draw: a Mermaid diagram, TeX, emoji images ------------------------

MERMAID = '<pre class="mermaid"><code>graph LR\n  A[Baseline {}] --&gt; B[FX100]\n</code></pre>'
EMOJI = '<img alt="{}" class="emojione" src="https://e.example/{}.png" title=":x:" />'

DRAWN = [
    ("a Mermaid node label", MERMAID.format("178 s")),
    ("a Mermaid diagram in a div", '<div class="mermaid">graph LR\n  A[Baseline 178 s]</div>'),
    (
        "arithmatex TeX with a thin space and mathrm",
        r'<p>It saves in <span class="arithmatex">\(94\,\mathrm{s}\)</span> total.</p>',
    ),
    (
        "arithmatex display TeX with text",
        r'<div class="arithmatex">\[t = 94\ \text{s}\]</div>',
    ),
    (
        "keycap emoji images",
        f"<p>It takes {EMOJI.format('9️⃣', 9)}{EMOJI.format('4️⃣', 4)} s.</p>",
    ),
    ("a keycap emoji image then times", f"<p>It is {EMOJI.format('3️⃣', 3)} times faster.</p>"),
    (
        "a Mermaid pie's slices, drawn as shares (blind14)",
        '<pre class="mermaid"><code>pie title Save time\n  "Saved" : 94\n  "Rest" : 6\n</code></pre>',
    ),
    (
        "a Mermaid XY chart's bars, read in its value axis's unit (blind15)",
        '<pre class="mermaid"><code>xychart-beta\n  x-axis [old, new]\n'
        '  y-axis "Save time (s)" 0 --> 200\n  bar [178, 94]\n</code></pre>',
    ),
    (
        "a Mermaid XY chart's line, under a unit's name",
        '<pre class="mermaid"><code>xychart-beta\n  y-axis Seconds\n  line [178, 94]\n</code></pre>',
    ),
]

DRAWN_NEAR = [
    ("a Mermaid diagram of words", MERMAID.format("store")),
    (
        "a Mermaid diagram's style lines",
        '<pre class="mermaid"><code>graph LR\n  A[Save]\n  style A stroke-width:4px\n'
        "  linkStyle 0 stroke-width:2px\n</code></pre>",
    ),
    ("arithmatex TeX without a figure", r'<p>Let <span class="arithmatex">\(x_{i}\)</span>.</p>'),
    ("an emoji image of a rocket", f"<p>Fast {EMOJI.format('🚀', 'r')} saves.</p>"),
    ("a code block that is not a diagram", "<pre><code>sleep 94 s\n</code></pre>"),
    (
        "a Mermaid pie with no slices",
        '<pre class="mermaid"><code>pie title Coming soon\n</code></pre>',
    ),
    (
        "a Mermaid XY chart whose value axis states no unit",
        '<pre class="mermaid"><code>xychart-beta\n  y-axis "Runs" 0 --> 10\n  bar [3, 4]\n</code></pre>',
    ),
    (
        "a value in another diagram",
        '<pre class="mermaid"><code>graph LR\n  A["Saved" : 94]\n</code></pre>',
    ),
]


@pytest.mark.parametrize(("name", "html"), DRAWN, ids=[r[0] for r in DRAWN])
def test_text_an_extension_draws_is_read(name: str, html: str) -> None:
    assert refusals(html), name


@pytest.mark.parametrize(("name", "html"), DRAWN_NEAR, ids=[r[0] for r in DRAWN_NEAR])
def test_extension_text_without_figure_passes(name: str, html: str) -> None:
    assert refusals(html) == [], name


# -- SVG text whose spans are placed by position: drawn in another order: FX504 -----------------

TSPANS = [
    (
        "tspans placed by x in reverse",
        '<svg><text><tspan x="26">s</tspan><tspan x="0">94</tspan></text></svg>',
    ),
    (
        "tspans shifted by dx",
        '<svg><text y="10"><tspan dx="30">s</tspan><tspan dx="-40">94</tspan></text></svg>',
    ),
    ("a tspan on a path", '<svg><text><textPath href="#p">94</textPath> s</text></svg>'),
    ("a text's characters placed one by one", '<svg><text x="30 0 10" y="10">s94</text></svg>'),
]

TSPANS_NEAR = [
    (
        "tspans placed by position without digits",
        '<svg><text><tspan x="0">Save</tspan><tspan x="0" dy="1.2em">time</tspan></text></svg>',
    ),
    (
        "tspans in order, unplaced",
        "<svg><text><tspan>Save</tspan> <tspan>time</tspan></text></svg>",
    ),
]


@pytest.mark.parametrize(("name", "html"), TSPANS, ids=[r[0] for r in TSPANS])
def test_placed_svg_spans_with_digits_are_refused(name: str, html: str) -> None:
    assert any(r.startswith("FX504") for r in refusals(html)), name


@pytest.mark.parametrize(("name", "html"), TSPANS_NEAR, ids=[r[0] for r in TSPANS_NEAR])
def test_svg_spans_without_figure_pass(name: str, html: str) -> None:
    assert refusals(html) == [], name


def test_a_pie_slices_label_is_read_once_and_its_share_apart() -> None:
    """blind78 #8: a slice's label read again with its share ("FX100 1.9x faster 61%") told
    the label's figure twice, once at another number of the source."""
    pie = '  "NFS" : 178\n  "FX100 1.9x faster" : 94\n'
    found = refusals(f'<pre class="mermaid"><code>pie title Save time\n{pie}</code></pre>')
    assert sorted(found) == sorted(["FX501 1.9x", "FX501 65%", "FX501 35%"])
