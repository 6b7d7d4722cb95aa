"""A selector of many descendant combinators on a deeply nested page is not run (blind61:
``section div div div div div div span`` over 400 nested ``<div>`` hung the audit, Lexbor
trying every chain of ancestors): past :data:`fxsite.verify.order.MAX_CHAINS` it may
match anything, in milliseconds. On an ordinary page the same selector is run."""

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
