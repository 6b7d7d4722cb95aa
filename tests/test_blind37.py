"""What the thirty-seventh blind tester, a hostile vendor against ``fxsite audit``, drew
past it: blocks a ``display`` lays out in the line ("Saved in 95" and "s." in two
``<p>``, shown inline or as flex items, draw "Saved in 95 s."), read as runs of their
own. Each row is a page in, the figures the gate reads out; near misses read none."""

from __future__ import annotations

import pytest

from fxsite.verify.scan import scan_file


def page(body: str, head: str = "") -> str:
    return (
        '<!doctype html><html><head><meta charset="utf-8"><meta name="fxsite-build" '
        f'content="0"><title>x</title>{head}</head><body><article>{body}</article></body></html>'
    )


def figures(body: str, head: str = "") -> set[str]:
    return {c.found for c in scan_file("index.html", page(body, head)).candidates}


TWO = "<{t} {a}>Saved in 95</{t}> <{t} {a}>s.</{t}>"
ROWS = [
    ("divs shown inline", TWO.format(t="div", a='style="display:inline"'), ""),
    ("paragraphs as inline blocks", TWO.format(t="p", a='style="display:inline-block;margin:0"'), ""),
    ("display: contents", TWO.format(t="p", a='style="display:contents"'), ""),
    ("inline by a rule", TWO.format(t="p", a='class="i"'), "<style>.i{display:inline}</style>"),
    ("flex items", '<div style="display:flex;gap:.25em"><p>Saved in 95</p><p>s.</p></div>', ""),
    ("labels side by side", "<p><label>Saved in 95</label><label> s.</label></p>", ""),
    ("grid items by a rule", '<ul class="g"><li>Saved in 95</li><li>s.</li></ul>', "<style>.g{display:grid;grid-auto-flow:column}</style>"),
]  # fmt: skip


@pytest.mark.parametrize(("body", "head"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_blocks_laid_in_line_are_read_as_one_line(body: str, head: str) -> None:
    assert figures(body, head) & {"95 s", "95s"}


NEAR = [
    ("two paragraphs", "<p>Saved in 95</p> <p>s.</p>", ""),
    ("a block by its style", TWO.format(t="div", a='style="display:block"'), ""),
    ("content tabs' labels", '<div class="tabbed-set"><div class="tabbed-labels"><label>Saved in 95</label><label>s.</label></div></div>', ""),
]  # fmt: skip


@pytest.mark.parametrize(("body", "head"), [r[1:] for r in NEAR], ids=[r[0] for r in NEAR])
def test_near_miss_blocks_stay_apart(body: str, head: str) -> None:
    assert figures(body, head) == set()


def notes(body: str, head: str = "") -> set[str]:
    return {n.code for n in scan_file("index.html", page(body, head)).local}


SHOWN = [
    ("a style shown by a rule", "<p>x</p><style>95 s</style>", "<style>body style{display:block}</style>", "FX501"),
    ("a plain-text script shown", '<script type="text/plain" style="display:block">95 s</script>', "", "FX501"),
    ("text-emphasis marks", "<p><span style=\"text-emphasis-style:'9'\">x</span> s</p>", "", "FX505"),
    # blind67: drawn at each automatic line break of the word
    ("a hyphen that draws digits", "<p>Took <span style=\"hyphens:auto;hyphenate-character:'37'\">extraordinary</span> s</p>", "", "FX505"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("body", "head", "code"), [r[1:] for r in SHOWN], ids=[r[0] for r in SHOWN]
)
def test_text_drawn_by_display_or_emphasis_is_told(body: str, head: str, code: str) -> None:
    assert code in notes(body, head)


def test_near_miss_a_style_left_undrawn_and_plain_emphasis() -> None:
    assert notes("<p>x</p><style>95 s</style>", "<style>p{display:block}</style>") == set()
    assert notes('<p><span style="text-emphasis:filled circle">key</span> point</p>') == set()
    assert (
        notes("<p><span style=\"hyphens:auto;hyphenate-character:'\u2010'\">word</span></p>")
        == set()
    )
