"""Fast, table-driven units of the verifier: visible text, glued characters, folding, sources."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from fxsite.findings import Finding
from fxsite.verify import locate_in_sources
from fxsite.verify.kinds import kind_of, pem_lines_blanked
from fxsite.verify.reading import detect, fold, glued, hidden_characters
from fxsite.verify.visible import nesting, page_text, too_deep


def _texts(html: str) -> list[str]:
    return [b.text for b in page_text(html).blocks]


@pytest.mark.parametrize(
    ("html", "shown"),
    [
        ("<p>it takes <strong>517</strong> s</p>", "it takes 517 s"),
        ("<p>517<!-- x -->s</p>", "517s"),
        ("<p>517&nbsp;s</p>", "517 s"),
        ("<p>1.9&times; faster</p>", "1.9× faster"),
        ("<p>&#36;4.5M</p>", "$4.5M"),
        ("<p>517\n\n   s</p>", "517 s"),
        ("<p>5<br>x</p>", "5 x"),
        ("<p>code <code>5x</code> here</p>", "code here"),
        ("<ul><li>5</li><li>x</li></ul>", "5"),
    ],
)
def test_visible_text(html: str, shown: str) -> None:
    assert _texts(html)[0] == shown


@pytest.mark.parametrize(
    ("html", "channel", "text"),
    [
        ("<html><head><title>5x faster</title></head></html>", "title", "5x faster"),
        ('<html><head><meta name="description" content="5x"></head></html>', "meta", "5x"),
        ('<html><head><meta property="og:title" content="5x"></head></html>', "meta", "5x"),
        ('<p><img alt="5x" src="a"></p>', "attribute", "5x"),
        ('<p><input placeholder="5x"></p>', "attribute", "5x"),
        ('<script type="application/ld+json">{"a": ["5x"]}</script>', "json-ld", "5x"),
        ("<svg><text>517 s</text></svg>", "page", "517 s"),
        ('<p><input value="5x"></p>', "attribute", "5x"),
        ('<p><input type="Search" value="5x"></p>', "attribute", "5x"),
        ('<p><input type="submit" value="5x"></p>', "attribute", "5x"),
        ('<div><template shadowrootmode="open"><p>5x</p></template></div>', "page", "5x"),
        ("<div><template shadowroot=closed><p>5x</p></template></div>", "page", "5x"),
        # not drawn, but a search index shows its text (Material's does)
        ("<div><template><p>5x</p></template></div>", "page", "5x"),
        ('<article><iframe srcdoc="&lt;p&gt;5x&lt;/p&gt;"></iframe></article>', "article", "5x"),
        ('<iframe src="data:text/html,%3Cb%3E5x%3C/b%3E"></iframe>', "page", "5x"),
        ('<object data="data:text/plain;charset=utf-8,5x"></object>', "page", "5x"),
        (
            '<img src="data:image/svg+xml;base64,PHN2Zz48dGV4dD41eDwvdGV4dD48L3N2Zz4=">',
            "page",
            "5x",
        ),
    ],
)
def test_every_channel_is_read(html: str, channel: str, text: str) -> None:
    assert (channel, text) in [(b.channel, b.text) for b in page_text(html).blocks]


@pytest.mark.parametrize(
    "html",
    [
        '<p><input type="hidden" value="5x"></p>',
        '<p><input type="PASSWORD" value="5x"></p>',
        '<p><input type="checkbox" value="5x"></p>',
        '<ol><li value="5">go</li></ol>',
        '<img src="data:text/plain,5x">',
        '<iframe src="data:image/png;base64,NXg="></iframe>',
        '<a href="data:text/html,5x">go</a>',
        '<iframe src="https://example.com/5x"></iframe>',
    ],
)
def test_not_drawn_as_text(html: str) -> None:
    assert not any("5x" in b.text or b.text == "5" for b in page_text(html).blocks)


def test_srcdoc_ids_are_not_the_pages_anchors() -> None:
    page = page_text('<p id="a">x</p><iframe srcdoc="&lt;p id=b&gt;y&lt;/p&gt;"></iframe>')
    assert page.ids == {"a"} and [b.text for b in page.blocks] == ["x", "y"]


def test_srcdoc_claims_index_into_the_page() -> None:
    claim = '<a data-fx-ref="R1#a" href="#">5 s</a>'
    page = page_text(
        f"<p>{claim}</p><iframe srcdoc='<p>now {claim.replace(chr(34), '&quot;')}</p>'></iframe>"
    )
    assert [c.text for c in page.claims] == ["5 s", "5 s"]
    inner = [b for b in page.blocks if b.text == "now 5 s"]
    assert inner and inner[0].claims == [(4, 7, 1)]


@pytest.mark.parametrize(
    ("rel", "kind"),
    [
        ("index.html", "html"),
        ("a/b.HTM", "html"),
        ("pricing.shtml", "html"),
        ("page.xhtml", "html"),
        ("pricing.html.en", "html"),
        ("pricing.htm.zh-cn", "html"),
        ("notes.html.txt", "text"),
        ("old.html.bak", "text"),
        ("data.html.json", "json"),
        ("sitemap.xml.gz", "gzip"),
        ("feed.rss", "xml"),
        ("feed.atom", "xml"),
        ("logo.svg", "xml"),
        ("assets/app.min.js", "code"),
        ("a.mjs", "code"),
        ("a.css", "code"),
        ("a.js.map", "code"),
        ("fxsite-manifest.json.sig", "signature"),
        ("other/fxsite-manifest.json.sig", "text"),
        ("fxsite-key.pub", "key"),
        ("notes.text", "text"),
        ("README", "text"),
        ("docs/index.md", "text"),
    ],
)
def test_kind_of(rel: str, kind: str) -> None:
    assert kind_of(rel) == kind


def test_pem_body_lines_are_blanked() -> None:
    pem = "-----BEGIN PUBLIC KEY-----\nMCow/79s/bjl=\nsay 5x\n-----END PUBLIC KEY-----\nafter 5x\n"
    assert pem_lines_blanked(pem).splitlines() == [
        "-----BEGIN PUBLIC KEY-----",
        "",
        "say 5x",
        "-----END PUBLIC KEY-----",
        "after 5x",
    ]


@pytest.mark.parametrize(
    ("text", "start", "end", "char"),
    [
        ("5594 s", 1, 6, "5"),
        ("$1.2M", 1, 4, "$"),
        ("$1.2M", 1, 4, "$"),
        ("-94 s", 1, 5, "-"),
        ("94 s0", 0, 4, "0"),
        ("1.9×.5", 0, 4, "."),
        ("1.2M", 0, 3, "M"),
        ("(94 s).", 1, 5, None),
        ("+96%", 1, 4, None),
        ("+94 s", 1, 5, "+"),
        ("94 s⁻¹", 0, 4, "⁻"),
        ("from 94 s to", 5, 9, None),
        ("约178秒。", 1, 5, None),
    ],
)
def test_glued(text: str, start: int, end: int, char: str | None) -> None:
    assert glued(text, start, end) == char


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("5\u0445", "5x"),
        ("\uff15\uff58", "5x"),
        ("5\u03a7", "5X"),
        ("178秒", "178秒"),
        ("5 µs", "5 µs"),
    ],
)
def test_fold(text: str, folded: str) -> None:
    assert fold(text) == folded


@pytest.mark.parametrize(
    "char", ["\u200b", "\u200d", "\u2060", "\u00ad", "\u202e", "\u2066", "\ufeff", "\u3164"]
)
def test_hidden_characters(char: str) -> None:
    assert hidden_characters(f"5{char}x") and not hidden_characters("5x")


def test_claims_and_urls_are_not_prose() -> None:
    assert [s.text for s in detect("see https://x.example/5x now")] == []
    assert [s.text for s in detect("now 94 s", [(4, 8)])] == []
    assert [s.text for s in detect("now 5х faster")]  # Cyrillic х


def test_nesting_is_estimated_linearly() -> None:
    assert nesting("<div>" * 10) == 10
    assert nesting("<p>a<br>b<img src=x></p>") == 1
    assert not too_deep("<div>" * 4096) and too_deep("<div>" * 4097)
    assert not too_deep("<br>" * 5000)  # many tags, none nesting


def test_findings_move_to_the_source_line() -> None:
    found = Finding("a/index.html", 40, 1, "FX501", "bare figure '5x'", text="5x")
    other = Finding("b/index.html", 3, 1, "FX501", "bare figure '7x'", text="7x")
    moved = locate_in_sources(
        [found, other], {"a/": ("docs/a.md", "# A\n\nIt is 5x faster.\n"), "b/": ("docs/b.md", "")}
    )
    assert [(f.path, f.line, f.col) for f in moved] == [("docs/a.md", 3, 7), ("b/index.html", 3, 1)]
    assert "(published in a/index.html)" in moved[0].message


@pytest.mark.parametrize(
    ("text", "start", "end", "allowed", "covered"),
    [
        ("$1,001", 0, 2, "$1,001", True),  # the detector cut the figure short (property test)
        ("approximately 4.7%", 0, 18, "4.7%", True),
        ("594 s", 0, 5, "94 s", False),
        ("1.94×", 0, 5, "1.9×", False),
        ("from 3.26 to 6.40 GB/s", 5, 22, "3.26|6.40 GB/s", True),
        ("5x faster", 0, 2, "1.9×", False),
        ("took 8 s", 5, 8, "8|8 s", True),  # a count of 8 allowed too: the longer copy
        ("took 8 s", 5, 8, "8 s|8", True),
        ("took 8 min", 5, 10, "8|8 s", False),  # near miss: neither is 8 min
    ],
)
def test_copies_repeat_only_cited_numbers(
    text: str, start: int, end: int, allowed: str, covered: bool
) -> None:
    from fxsite.verify.copies import Allowed, covered as is_covered

    assert is_covered(text, start, end, [Allowed(set(allowed.split("|")))]) is covered
    # In either order, as separate lists: the answer never depends on an order.
    items = allowed.split("|")
    for order in (items, items[::-1]):
        assert is_covered(text, start, end, [Allowed([i]) for i in order]) is covered


def test_a_copy_is_judged_alike_under_every_hash_seed() -> None:
    """Which of two allowed texts is tried first came from a set's order (PYTHONHASHSEED)."""
    import subprocess
    import sys

    code = (
        "from fxsite.verify.copies import Allowed, covered; "
        "print(covered('took 8 s', 5, 8, [Allowed(['8', '8 s', '8 min', '8.0'])]))"
    )
    seen = set()
    for seed in range(8):
        env = {"PYTHONHASHSEED": str(seed), "PATH": "/usr/bin:/bin"}
        proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
        seen.add(proc.stdout.strip() or proc.stderr[-300:])
    assert seen == {"True"}


_LISTS = [
    "<ul><li>5x faster</li><li>Page 3</li></ul>",
    '<ol><li>It took <a data-fx-ref="R1#t" href="#t">94 s</a> here</li></ol>',
    "<ul>" + "<li><ul>" * 40 + "<li>deep 7 s</li>" + "</ul></li>" * 40 + "</ul>",
    '<ul><li id="a">one<script type="application/ld+json">{"x": "9 s"}</script></li></ul>',
    "<p>before <li>loose 3 ms</li> after</p>",
    '<h2><ul><li>in a heading 4%</li></ul></h2><div class="fx-value"><ul><li>2 s</li></ul></div>',
]


@pytest.mark.parametrize("html", _LISTS)
def test_repeated_list_items_read_as_walked(html: str) -> None:
    """The list-item memo gives the blocks, claims and ids a full walk gives, twice over."""
    plain = page_text(html + html)
    repeats: dict[Any, Any] = {}
    for _ in range(2):
        memo = page_text(html + html, repeats=repeats)
        assert memo.blocks == plain.blocks
        assert memo.claims == plain.claims
        assert memo.ids == plain.ids


def test_repeated_list_items_on_the_demo_site(demo_site: Path) -> None:
    repeats: dict[Any, Any] = {}
    for path in sorted(demo_site.rglob("*.html")):
        html = path.read_text(encoding="utf-8")
        plain, memo = page_text(html), page_text(html, repeats=repeats)
        assert (memo.blocks, memo.claims, memo.ids) == (plain.blocks, plain.claims, plain.ids)
    assert repeats  # the navigation's items were looked up


@pytest.mark.parametrize(
    ("text", "depth"),
    [
        ("[]", 1),
        ('{"a": [1, {"b": "[[[["}]}', 3),
        ('"\\"["', 0),
        ('[["x\\\\"], []]', 2),
        ('["\\\\\\"[[["]', 1),
    ],
)
def test_json_depth_skips_strings(text: str, depth: int) -> None:
    from fxsite.safeio import json_depth as _depth

    assert _depth(text) == depth
