"""Claims are found by Markdown and resolved in one place (issue #20 item 1).

Python-Markdown finds a page's evidence links, whatever writes them (inline, a
reference definition, a table, a container, raw HTML with ``markdown``, an FAQ
answer), and the claims treeprocessor of :mod:`fxsite.markdown` resolves each
where it renders it; no source scanner decides what a claim is. Each refused
claim is placed at the ``[`` of its own link, a repeated one at each of its
lines. Rows run in-process through the one reader check and build share.
"""

from __future__ import annotations

import time

import pytest
from sitekit import PAGE_PATH, fixture_renderer, href_for, library, page_findings

from fxsite.markdown import render_page
from fxsite.pages.page import process_page
from fxsite.pages.sections import ESTIMATE_SLOT, compose

LIB = library()
GOOD = "evidence:R1#save_time_fx100"


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        pytest.param(
            f"# T\n\nA [95 s]({GOOD}).\n\nB [95 s]({GOOD}).\n",
            [("FX403", 3, 3), ("FX403", 5, 3)],
            id="repeated-refused-claim-at-each-line",
        ),
        pytest.param(
            f"# T\n\nA [94 s]({GOOD}).\n\nB [94 s](evidence:R1#nope).\n",
            [("FX402", 5, 3)],
            id="refused-after-a-valid-claim-of-its-text",
        ),
        pytest.param(
            f"# T\n\nA [95 s][fx].\n\n[fx]: {GOOD}\n",
            [("FX403", 3, 3)],
            id="reference-style",
        ),
        pytest.param(
            f"# T\n\n| a | b |\n|---|---|\n| x | [95 s][fx] |\n\n[fx]: {GOOD}\n",
            [("FX403", 5, 7)],
            id="reference-style-in-a-table",
        ),
        pytest.param(
            f"# T\n\n<div markdown>\n\nA [95 s]({GOOD}).\n\n</div>\n",
            [("FX403", 5, 3)],
            id="in-raw-html-with-markdown",
        ),
        pytest.param(
            f"# T\n\n!!! note\n\n    A [95 s]({GOOD}).\n",
            [("FX403", 5, 7)],
            id="in-an-admonition",
        ),
        pytest.param(
            f"---\nfaq:\n  - q: How long?\n    a: It took [95 s]({GOOD}).\n---\n# T\n\nText.\n",
            [("FX403", 4, 16)],
            id="in-an-faq-answer",
        ),
        # blind10: each misstated claim at its own line whatever form writes its link.
        pytest.param(
            f"# T\n\nA [95 s]({GOOD}).\n\nB [95 s](<{GOOD}>).\n\nC [`95` s]({GOOD}).\n\n"
            f'D [95 s]({GOOD} "t").\n\nE [95 s][fx].\n\n[fx]: {GOOD}\n',
            [("FX403", 3, 3), ("FX403", 5, 3), ("FX403", 7, 3), ("FX403", 9, 3), ("FX403", 11, 3)],
            id="repeated-in-every-link-form",
        ),
        pytest.param(
            f"# T\n\nA \\[94 s\\]({GOOD}) here.\n\nB [94 s](evidence: R1#save_time_fx100) here.\n",
            [("FX408", 5, 3), ("FX501", 3, 5)],
            id="escaped-brackets-then-a-malformed-link",
        ),
        pytest.param(
            f'# T\n\n<p>Took <a href="{GOOD}">94 s</a>.</p>\n\nAlso [95 s]({GOOD}).\n',
            [("FX403", 5, 6), ("FX501", 3, 47)],
            id="raw-anchor-before-a-refused-claim",
        ),
        pytest.param(
            f"# T\n\nA [95 s][fx].\n\nNote[^n].\n\n[^n]: see [95 s][fx].\n\n[fx]: {GOOD}\n",
            [("FX403", 3, 3), ("FX403", 7, 11)],
            id="reference-claim-in-a-footnote",
        ),
        # Near misses: the same claims stating the record's value, and code.
        pytest.param(
            f"# T\n\nA [94 s]({GOOD}).\n\nB [94 s]({GOOD}).\n", [], id="near-miss-repeated"
        ),
        pytest.param(
            f"# T\n\n| a | b |\n|---|---|\n| x | [94 s][fx] |\n\n[fx]: {GOOD}\n",
            [],
            id="near-miss-reference-in-a-table",
        ),
        pytest.param(
            f"---\nfaq:\n  - q: How long?\n    a: It took [94 s]({GOOD}).\n---\n# T\n\nText.\n",
            [],
            id="near-miss-faq-answer",
        ),
        pytest.param(f"# T\n\nCode `[95 s]({GOOD})`.\n", [], id="near-miss-inline-code"),
        pytest.param(f"# T\n\n```\n[95 s]({GOOD})\n```\n", [], id="near-miss-fenced-code"),
    ],
)
def test_each_claim_is_resolved_where_markdown_finds_it(
    source: str, expected: list[tuple[str, int, int]]
) -> None:
    assert page_findings(source, LIB) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        pytest.param(
            f"---\ntitle: Saves in 94 s\n---\n# T\n\nIt took [94 s]({GOOD}).\n",
            [],
            id="title-repeats-a-claim-of-the-text",
        ),
        pytest.param(
            f"---\ntitle: Saves in 94 s\n---\n# T\n\nIt took [94 s][fx].\n\n[fx]: {GOOD}\n",
            [],
            id="title-repeats-a-reference-claim",
        ),
        pytest.param(
            "---\ntitle: Saves in 94 s\n---\n# T\n\nIt took long.\n",
            [("FX501", 2, 17)],
            id="near-miss-title-cites-nothing",
        ),
    ],
)
def test_the_title_may_repeat_what_markdown_resolved(
    source: str, expected: list[tuple[str, int, int]]
) -> None:
    assert page_findings(source, LIB) == expected


def _rendered(source: str) -> tuple[str, list[str]]:
    result = process_page(source, PAGE_PATH, LIB, href_for)
    html, context = render_page(result, source, LIB, href_for, fixture_renderer())
    filled = compose(result, LIB, href_for).fill(html, [*result.claims, *context.claims])
    return filled, [c.ref for c in context.claims]


def test_claims_written_only_by_a_reference_count_as_the_pages() -> None:
    html, refs = _rendered(
        f"# T\n\nIt took [94 s][fx] and [](evidence:E1#saves).\n\n[fx]: {GOOD}\n"
    )
    assert refs == ["R1#save_time_fx100", "E1#saves"]
    # The estimate note stands after the lead, the sources list names both records.
    assert html.index("fx-estimate-note") < html.index("data-sources")
    assert ESTIMATE_SLOT not in html
    assert 'class="fx-source-id"' in html and ">E1</a>" in html and ">R1</a>" in html


def test_a_page_citing_no_estimate_has_no_note() -> None:
    html, refs = _rendered(f"# T\n\nIt took [94 s]({GOOD}).\n")
    assert refs == ["R1#save_time_fx100"]
    assert "fx-estimate-note" not in html and "fx-note-slot" not in html


def test_a_thousand_refused_claims_are_each_placed_without_a_hang() -> None:
    # Each refused claim's text moved the bare-figure cursor by looking for it among
    # everything a figure could be (quadratic: 2,000 took ten minutes); now from the last.
    started = time.perf_counter()
    source = "# T\n\n" + "\n\n".join(f"A [95 s]({GOOD})." for _ in range(1000)) + "\n"
    found = page_findings(source, LIB)
    assert found == [("FX403", 3 + 2 * i, 3) for i in range(1000)]
    assert time.perf_counter() - started < 30  # a hang guard, not a benchmark
