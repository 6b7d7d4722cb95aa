"""The numbers a block holds outside its claims and figures (what the audit's copy checks
read), found by a binary search over the spans: the same as the definition read
directly, for any spans (a paragraph of 50,000 figures was read in quadratic time:
blind29). Timing is the benchmark's; this pins what the fast form computes."""

from __future__ import annotations

import re

from hypothesis import given, strategies as st

from fxsite.verify.scan import Candidate, _merged, _passed_numbers
from fxsite.verify.shown import Block

_DIGITS = re.compile(r"[0-9]+(?:[.,][0-9]+)*")


def _direct(block: Block, candidates: tuple[Candidate, ...], before: int) -> list[tuple[int, str]]:
    taken = [(s, e) for s, e, _ in block.claims] + [(c.start, c.end) for c in candidates]
    return [
        (before + sum(c.start < m.start() for c in candidates), m.group())
        for m in _DIGITS.finditer(block.text)
        if not any(s < m.end() and m.start() < e for s, e in taken)
    ]


_TEXT = st.text(alphabet="0123456789 .,sx", max_size=60)


@st.composite
def _cases(draw: st.DrawFn) -> tuple[Block, tuple[Candidate, ...], int]:
    text = draw(_TEXT)
    n = len(text)
    span = st.tuples(st.integers(0, n), st.integers(0, 8)).map(
        lambda t: (t[0], min(n, t[0] + t[1]))
    )
    claims = [(s, e, i) for i, (s, e) in enumerate(draw(st.lists(span, max_size=4)))]
    candidates = tuple(
        Candidate("b", s, e, text[s:e], text[s:e], "article", "")
        for s, e in draw(st.lists(span, max_size=6))
    )
    return Block(text, "article", claims), candidates, draw(st.integers(0, 5))


@given(_cases())
def test_passed_numbers_as_defined(case: tuple[Block, tuple[Candidate, ...], int]) -> None:
    assert _passed_numbers(*case) == _direct(*case)


def test_merged_joins_overlaps_only() -> None:
    assert _merged([(5, 9), (0, 3), (2, 4), (9, 10)]) == [(0, 4), (5, 9), (9, 10)]
    assert _merged([]) == []
