"""What a sixteenth blind tester found: evidence blocks written inside a container were
published as their source, unchecked. Each row is a page with the errors it must give
(``(code, line, col)``; none for a near miss)."""

from __future__ import annotations

import pytest
from sitekit import library, page_findings

STATS = "```evidence-stats\n[94 s](evidence:R1#save_time_fx100) | saved\n```"


def _indented(block: str, by: str) -> str:
    return "\n".join(by + line for line in block.split("\n"))


#: (row, page, errors)
ROWS = [
    ("in an admonition", f"# T\n\n!!! note\n\n{_indented(STATS, '    ')}\n", [("FX604", 5, 5)]),
    ("in a list item", f"# T\n\n- item\n\n{_indented(STATS, '    ')}\n", [("FX604", 5, 5)]),
    ("in a quote", f"# T\n\n{_indented(STATS, '> ')}\n", [("FX604", 3, 3)]),
    (
        "under front matter",
        f"---\ntitle: X\n---\n# T\n\n!!! note\n\n{_indented(STATS, '    ')}\n",
        [("FX604", 8, 5)],
    ),
    ("near miss: at the top level", f"# T\n\n{STATS}\n", []),
    ("near miss: inside a code fence", f"# T\n\n````text\n{_indented(STATS, '    ')}\n````\n", []),
    (
        "near miss: another fence indented",
        "# T\n\n!!! note\n\n    ```python\n    x = 1\n    ```\n",
        [],
    ),
]


@pytest.mark.parametrize(("page", "errors"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_an_evidence_block_inside_a_container_is_refused(
    page: str, errors: list[tuple[str, int, int]]
) -> None:
    found = [f for f in page_findings(page, library()) if f[0] != "FX309"]
    assert [f for f in found if f[0] in ("FX604", "FX501")] == errors


@pytest.mark.parametrize(
    "text",
    ["> " * 20000 + "x", " " * 40000 + "x", ">" * 20000 + " " * 20000],
    ids=["quotes", "spaces", "marks then spaces"],
)
def test_a_nested_fence_is_looked_for_in_linear_time(text: str) -> None:
    """A line of thousands of quote marks once took minutes (the page of 400 nested
    containers: test_engine.test_deep_nesting_is_a_finding_not_a_crash)."""
    import time

    from fxsite.pages.page import _nested_blocks

    started = time.process_time()
    _nested_blocks(text)
    assert time.process_time() - started < 1.0


@pytest.mark.parametrize("text", ["{#" * 50000, "{%" * 50000, "<!--" * 50000])
def test_an_html_files_unshown_spans_are_read_in_linear_time(text: str) -> None:
    import time

    from fxsite.pages.unshown import html_unshown

    started = time.process_time()
    html_unshown(text)
    assert time.process_time() - started < 1.0


def test_a_stats_cards_context_is_judged_whatever_its_claim() -> None:
    """blind16: a card whose claim was refused hid the bare figure in its context."""
    page = "# T\n\n```evidence-stats\n[95 s](evidence:R1#save_time_fx100) | second 94 s\n```\n"
    found = [f for f in page_findings(page, library()) if f[0] in ("FX403", "FX501")]
    assert found == [("FX403", 4, 1), ("FX501", 4, 46)]
