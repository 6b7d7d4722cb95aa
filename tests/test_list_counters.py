"""CSS that sets a list's numbers is a writer (blind74 #2), read alike by check, build and audit.

``<li style="counter-increment: list-item 94">seconds per save</li>`` draws "94. seconds
per save" (Chromium, blind74's screenshots), and ``counter-increment`` in a ``<style>``
block, ``counter-reset`` there and an inline ``counter-set`` on the list were published
with no finding. A counter declaration naming ``list-item`` (or a value the gate does
not read) is ``FX506`` in ``fxsite check`` and the build, ``FX505`` in an audit
(:mod:`fxsite.verify.css_counters`). Page rows are a page's paragraph on line 3, with
the errors ``(code, line, col)`` it must give; near misses give none.
"""

from __future__ import annotations

import pytest
from sitekit import library, sentence_errors

from fxsite.verify.scan import scan_file
from fxsite.verify.scripts import code_notes

ITEM = "<ol><li>seconds per save</li></ol>"

REFUSED = [
    (
        "an item's own increment (blind74)",
        '<ol><li style="counter-increment:list-item 94">seconds per save</li></ol>',
        [("FX506", 3, 34)],
    ),
    (
        "an increment in a <style> block (blind74)",
        f"<style>li{{counter-increment:list-item 94}}</style>{ITEM}",
        [("FX506", 3, 29)],
    ),
    (
        "a reset in a <style> block (blind74)",
        '<style>ol.x{counter-reset:list-item 93}</style><ol class="x"><li>seconds per save</li></ol>',
        [("FX506", 3, 27)],
    ),
    (
        "a set on the list (blind74)",
        '<ol style="counter-set: list-item 94"><li>seconds per save</li></ol>',
        [("FX506", 3, 25)],
    ),
    (
        "the counter named twice, each an increment",
        f"<style>li{{counter-increment:list-item list-item}}</style>{ITEM}",
        [("FX506", 3, 29)],
    ),
    (
        "an increment on an element between the items",
        '<ol><li>a<span style="counter-increment: list-item 92"></span></li>'
        "<li>seconds per save</li></ol>",
        [("FX506", 3, 42)],
    ),
    (
        "the name in capitals",
        '<ol><li style="counter-increment:LIST-ITEM 94">seconds per save</li></ol>',
        [("FX506", 3, 34)],
    ),
    (
        "the name escaped",
        '<ol><li style="counter-increment:list-it\\65m 94">seconds per save</li></ol>',
        [("FX506", 3, 34)],
    ),
    (
        "a variable, important",
        f"<style>:root{{--c: list-item 94}} li{{counter-increment:var(--c) !important}}</style>{ITEM}",
        [("FX506", 3, 54)],
    ),
    (
        "nested in @media and a rule",
        "<style>@media screen { ol { li { counter-increment: list-item 94 } } }</style>" + ITEM,
        [("FX506", 3, 53)],
    ),
    (
        "a @scope's own declaration",
        f"<style>@scope (li) {{ counter-increment: list-item 94; }}</style>{ITEM}",
        [("FX506", 3, 41)],
    ),
    (
        "in a frame's srcdoc",
        '<iframe srcdoc="<style>li{counter-increment:list-item 94}</style>'
        '<ol><li>seconds per save</li></ol>"></iframe>',
        [("FX506", 3, 45)],
    ),
    (
        "a reset the list's own style also read with its item (blind17)",
        '<ol style="counter-reset: list-item 93"><li>seconds per save</li></ol>',
        [("FX501", 3, 37), ("FX506", 3, 27)],
    ),
]

NEAR_MISSES = [
    ("an ordinary list of three", "<ol><li>one</li><li>two</li><li>three</li></ol>"),
    (
        "a section counter, drawn by nothing",
        "<style>h2{counter-reset:section; counter-increment: section 93}</style>" + ITEM,
    ),
    ("no counter set", f"<style>li{{counter-increment: none}}</style>{ITEM}"),
    ("numbered by the list's start", '<ol start="3"><li>Install the driver</li></ol>'),
]


@pytest.mark.parametrize(
    ("sentence", "errors"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED]
)
def test_css_setting_a_lists_numbers_is_refused(
    sentence: str, errors: list[tuple[str, int, int]]
) -> None:
    assert sentence_errors(sentence, library()) == errors


@pytest.mark.parametrize("sentence", [r[1] for r in NEAR_MISSES], ids=[r[0] for r in NEAR_MISSES])
def test_near_miss_counters_that_draw_no_list_number_pass(sentence: str) -> None:
    assert sentence_errors(sentence, library()) == []


def test_a_counter_drawn_by_content_stays_one_writer() -> None:
    """``counter()`` in ``content`` was a writer already: the section counter that feeds it
    adds nothing (headings numbered 1., 2., 3.)."""
    css = "<style>h2{counter-increment:s}h2::before{content:counter(s) '. '}</style>"
    assert sentence_errors(f"{css}\n\n## Setup", library()) == [("FX506", 3, 50)]


def test_a_scopes_own_declarations_hide_text_too() -> None:
    """Read by the one reader of stylesheets: a ``@scope``'s declarations hid text unread."""
    css = "<style>@scope (.h) { display:none }</style>\n\n"
    assert sentence_errors(f'{css}Saves 9<span class="h">X</span>4 s.', library()) == [
        ("FX501", 5, 7)
    ]


def test_a_published_page_and_stylesheet_are_read_alike_by_the_audit() -> None:
    """The audit's reader of a published page and of a stylesheet file (its ``@import`` s
    are published files too) asks the same question."""
    html = f"<html><head><style>li{{counter-set:list-item 94}}</style></head><body>{ITEM}</body></html>"
    assert {n.code for n in scan_file("index.html", html).local} == {"FX505"}
    [note] = code_notes("css/x.css", b"li {\n  counter-increment: list-item 94;\n}\n")
    assert (note.code, note.text, note.writer) == ("FX505", "list-item", "css/x.css")
    assert "write <ol start> or <li value> instead" in note.message
    assert code_notes("css/y.css", b"h2 { counter-reset: section }") == []
