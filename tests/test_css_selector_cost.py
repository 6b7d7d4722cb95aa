"""A selector of many descendant combinators on a deeply nested page is not run (blind61:
``section div div div div div div span`` over 400 nested ``<div>`` hung the audit, Lexbor
trying every chain of ancestors): past :data:`fxsite.verify.order.MAX_CHAINS` it may
match anything, in milliseconds. On an ordinary page the same selector is run. And what
the gate's reading of a stylesheet marks on an element (laid in line) is not told as the
page's own markup."""

from __future__ import annotations

import pytest
from selectolax.lexbor import LexborHTMLParser

from fxsite.verify.order import descendant_steps, matches


@pytest.mark.parametrize(
    ("selector", "steps"),
    [
        ("section div div div div div div span", 7),
        ("a > b", 0),
        (".a .b, .c", 1),
        (":not(a b) c", 1),  # inside brackets: one compound
        ('[x="a b"] c', 1),
        ("a+b ~ c d", 1),
    ],
)
def test_descendant_steps(selector: str, steps: int) -> None:
    assert descendant_steps(selector) == steps


def _nested(depth: int) -> LexborHTMLParser:
    return LexborHTMLParser(f"<body>{'<div>' * depth}<span>a</span>{'</div>' * depth}</body>")


def test_a_costly_selector_on_a_deep_page_may_match_anything() -> None:
    tree = _nested(400)
    root = tree.root
    assert root is not None
    found = matches(root, "section div div div div div div span")  # not run: it took hours
    assert [n.tag for n in found] == ["html"]  # the whole page: it may hide anything


def test_near_miss_an_ordinary_page_runs_the_selector() -> None:
    tree = _nested(12)
    root = tree.root
    assert root is not None
    assert [n.tag for n in matches(root, "div div span")] == ["span"]
    assert matches(root, "section div div div span") == []  # run: no <section> above it


def test_a_claim_laid_in_line_by_a_stylesheet_keeps_its_own_attributes() -> None:
    # blind61: `a.fx-claim{display:inline-block}` had 16 claims told (FX612) as holding
    # `data-fx-in-line`, the mark the gate's own reading of styles adds.
    from fxsite.verify.visible import page_text

    claim = '<a class="fx-claim" data-fx-ref="R1#a" data-x="1" href="#">94 s</a>'
    page = page_text(f"<style>a.fx-claim{{display:inline-block}}</style><p>{claim}</p>")
    [read] = page.claims
    assert "data-fx-in-line" not in read.attrs
    assert read.attrs["data-x"] == "1"  # near miss: an attribute the page wrote stays
