"""The gate's lighter readers give what the page reader gives of the same markup.

A search entry's title and text are read for their blocks only
(:func:`~fxsite.verify.visible.text_blocks`), a trust marker's re-render for its
parts only (:func:`~fxsite.verify.visible.page_parts`): each must be exactly the
page reader's reading, on markup that takes every path of it.
"""

from __future__ import annotations

import pytest

from fxsite.verify.visible import page_parts, page_text, text_blocks

FRAGMENTS = [
    "Saves 95 s",
    "  Saves\r\n95\ts\x0c ",
    "\x0c\x01Saves\x0b95 s",
    "a\x00b 95 s",
    "95 s &lt; 96 s",
    "95 s & 96 s",
    "\ud80095 s",
    "\ufeff95 s",
    "   ",
    "  Saves&nbsp;95\u00a0s  ",
    "Saves <code>95 s</code>",
    "9<code>4 s</code> and <code>94</code> s",
    "<p>The run took 199.5 s, <code>code</code> and a <a href='x'>link</a>.</p>",
    "<title>94 s</title><p>x</p>",
    '<meta name="description" content="94 s"><p>y</p>',
    '<script type="application/ld+json">{"a": "94 s"}</script>',
    '<script type="application/ld+json">{"a": </script>',
    "<script>document.write('94 s')</script>",
    '<style>.x{display:none}</style><p>9<span class="x">x</span>4 s</p>',
    "<p>9<span hidden>x</span>4 s</p>",
    '<p>9<span style="display:none">x</span>4 s</p>',
    # after a paragraph: a fragment that starts with a template differs on purpose
    # (text_blocks reads it, tests/test_head_template.py)
    "<p>x</p><template>94 s</template>",
    '<p>x</p><template shadowrootmode="open"><p>94 s</p></template>',
    '<iframe srcdoc="<p>94 s</p>"></iframe>',
    '<img src="data:image/svg+xml,%3Csvg%3E%3Ctext%3E94 s%3C/text%3E%3C/svg%3E">',
    '<img alt="94 s" title="t"><input value="94 s"><button value="9">b</button>',
    '<a class="fx-claim" data-fx-ref="R1#t" href="#">94 s</a> later',
    "<table><tr><th>Time (s)</th></tr><tr><td>94</td></tr></table>",
    "<ul><li>94 s</li><li><ul><li>95 s</li></ul></li></ul>",
    '<nav class="md-nav md-nav--primary"><ul><li class="md-nav__item">'
    '<a class="md-nav__link" href="a/">94 s</a></li></ul></nav>',
    '<p>10<sup>6</sup> rows<sup id="fnref:1"><a class="footnote-ref" href="#fn:1">1</a></sup></p>',
    '<svg><text x="1">94</text><text x="0">s</text></svg>',
    '<p dir="rtl">s 94</p><bdo dir="rtl">s 49</bdo>',
    '<pre class="mermaid">graph TD; A[94 s]</pre><span class="arithmatex">94\\,s</span>',
    "<div><div>" * 50 + "94 s" + "</div></div>" * 50,
    "",
    "<!-- 94 s -->",
]


@pytest.mark.parametrize("html", FRAGMENTS)
def test_text_blocks_are_the_page_readers_blocks(html: str) -> None:
    assert text_blocks(html) == page_text(html).blocks


PARTS = [
    '<p class="fx-record-badges"><span class="fx-label">measured</span></p>',
    '<table class="fx-setup"><tr id="setup-system"><th>System</th><td>FX100</td></tr></table>',
    '<table class="fx-library"><tr data-fx-label="measured"><td><a href="R1/">R1</a></td>'
    '<td data-label="Cited on pages">3</td></tr></table>',
    '<ul class="fx-sources"><li><a class="fx-source-id" href="R1/">R1</a> measured</li></ul>',
    '<table class="fx-invariants"><tr><td class="fx-formula-names">a / b</td></tr></table>',
    '<table><tr class="fx-invariant"><td class="fx-formula-names">a</td></tr></table>',
    "<p>no marker</p>",
]


@pytest.mark.parametrize("html", PARTS)
def test_page_parts_are_the_page_readers_parts(html: str) -> None:
    assert page_parts(html) == page_text(html).parts
