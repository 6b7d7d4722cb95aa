"""Blind test 8 (issue #20 items 2 and 5): reference claims resolved as Markdown resolves
them, a NUL byte refused at its place, and messages a writer can act on.

* A reference claim is a claim wherever Python-Markdown makes an ``evidence:`` link of
  it: its text or label split over a line break (``[94 s][fx⏎two]``), its definition in
  a blockquote, a list item or an admonition, its destination on the next line, a line
  break between its text and its label. A definition Markdown does not read (in code,
  with words after it, a label spaced otherwise) makes no claim: the figure is bare.
* A NUL byte is dropped by the HTML parser, as by a browser (``9<NUL>4 s`` shows
  "94 s"): FX502 at the NUL, and the bare figure at its own line, not at a claim of
  its text.

In-process rows through the one reader check and build share
(:func:`fxsite.markdown.check_page`): a page in, ``(code, line, col)`` out; each refused
row has a near miss that must pass.
"""

from __future__ import annotations

import pytest
from sitekit import PAGE_PATH, href_for, library, page_findings

from fxsite.pages.page import process_page

LIB = library()
SAVE = "evidence:R1#save_time_fx100"
BASE = "evidence:R1#save_time_baseline"


@pytest.mark.parametrize(
    ("source", "refs"),
    [
        pytest.param(
            f"# H\n\nAlso [94 s][fx\ntwo] here.\n\n[fx two]: {SAVE}\n",
            ["R1#save_time_fx100"],
            id="label-split-over-a-line-break",
        ),
        pytest.param(
            f"# H\n\nAlso [94\ns][fx] here.\n\n[fx]: {SAVE}\n",
            ["R1#save_time_fx100"],
            id="text-split-over-a-line-break",
        ),
        pytest.param(
            f"# H\n\nAlso [94\ns]({SAVE}) here.\n",
            ["R1#save_time_fx100"],
            id="inline-text-split-over-a-line-break",
        ),
        pytest.param(
            f"# H\n\n> [q]: {BASE}\n\nQuoted [178 s][q] here.\n",
            ["R1#save_time_baseline"],
            id="definition-in-a-blockquote",
        ),
        pytest.param(
            f"# H\n\n> > [q]: {BASE}\n\nQuoted [178 s][q] here.\n",
            ["R1#save_time_baseline"],
            id="definition-in-a-nested-blockquote",
        ),
        pytest.param(
            f"# H\n\n> Quoted [178 s][q\n> r] here.\n\n[q r]: {BASE}\n",
            ["R1#save_time_baseline"],
            id="label-split-inside-a-blockquote",
        ),
        pytest.param(
            f"# H\n\n- [q]: {BASE}\n\nListed [178 s][q] here.\n",
            ["R1#save_time_baseline"],
            id="definition-in-a-list-item",
        ),
        pytest.param(
            f"# H\n\n!!! note\n    [q]: {BASE}\n\nNoted [178 s][q] here.\n",
            ["R1#save_time_baseline"],
            id="definition-in-an-admonition",
        ),
        pytest.param(
            f"# H\n\n[q]:\n    {BASE}\n\nNext [178 s][q] here.\n",
            ["R1#save_time_baseline"],
            id="destination-on-the-next-line",
        ),
        pytest.param(
            f"# H\n\nBroken [178 s]\n[q] here.\n\n[q]: {BASE}\n",
            ["R1#save_time_baseline"],
            id="line-break-between-text-and-label",
        ),
    ],
)
def test_reference_claims_markdown_resolves_are_claims(source: str, refs: list[str]) -> None:
    assert page_findings(source, LIB) == []
    result = process_page(source, PAGE_PATH, LIB, href_for)
    assert [c.ref for c in result.claims] == refs  # cited: Data sources, evidence.json


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        pytest.param(
            f"# H\n\n    [q]: {BASE}\n\nCoded [178 s][q] here.\n",
            [("FX501", 5, 8)],
            id="definition-in-code-is-no-definition",
        ),
        pytest.param(
            f"# H\n\n[q]: {BASE} and words\n\nWorded [178 s][q] here.\n",
            [("FX501", 5, 9)],
            id="definition-with-words-after-it-is-no-definition",
        ),
        pytest.param(
            f"# H\n\n[q  r]: {BASE}\n\nSpaced [178 s][q r] here.\n",
            [("FX501", 5, 9)],
            id="definition-label-spaced-otherwise-is-not-matched",
        ),
        pytest.param(
            f"# H\n\nAlso [94 s][fx\nthree] here.\n\n[fx two]: {SAVE}\n",
            [("FX501", 3, 7)],
            id="split-label-no-definition-names",
        ),
        pytest.param(
            f"# H\n\nAlso [95\ns][fx] here.\n\n[fx]: {SAVE}\n",
            [("FX403", 3, 6)],
            id="split-reference-claim-misstating-its-figure",
        ),
    ],
)
def test_references_markdown_does_not_resolve_are_not_claims(
    source: str, expected: list[tuple[str, int, int]]
) -> None:
    assert [f for f in page_findings(source, LIB) if f[0] != "FX309"] == expected


CITED = f"# H\n\nThe save took [94 s]({SAVE}).\n\nSome filler.\n\n"


@pytest.mark.parametrize(
    ("last", "expected"),
    [
        pytest.param(
            "A: took 9\x004 s per save.\n",
            [("FX501", 7, 9), ("FX502", 7, 10)],
            id="nul-splitting-a-cited-figure",
        ),
        pytest.param(
            "A: took 9\x005 s per save.\n",
            [("FX501", 7, 9), ("FX502", 7, 10)],
            id="nul-splitting-another-figure",
        ),
        pytest.param("A: the run\x00 ended.\n", [("FX502", 7, 11)], id="nul-in-words"),
        pytest.param("A: `code\x00` ended.\n", [("FX502", 7, 9)], id="nul-in-code"),
        pytest.param(f"A: took [94 s]({SAVE}) per save.\n", [], id="near-miss-cited"),
        pytest.param(
            "A: took 9\x014 s per save.\n",
            [("FX501", 7, 11)],
            id="near-miss-a-control-character-a-browser-draws",
        ),
    ],
)
def test_nul_is_refused_at_its_place(last: str, expected: list[tuple[str, int, int]]) -> None:
    assert page_findings(CITED + last, LIB) == expected
