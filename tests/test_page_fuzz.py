"""No page source, however broken, makes process_page raise: findings only."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st
from sitekit import href_for, library

from fxsite.evidence.library import Library
from fxsite.pages.page import process_page

LIB: Library = library()

# Fragments that exercise every parser path: front matter, fences, blocks,
# claims (good and bad), admonitions, inline code, HTML and figures.
PIECES = [
    "---\n",
    "title: ",
    "faq:\n  - q: ",
    "    a: ",
    "related:\n  - ",
    "description: >-\n  ",
    "```evidence-table\n",
    "```evidence-chart\n",
    "```\n",
    "~~~\n",
    "rows:\n  - [",
    "bars:\n",
    "  - {label: A, ref: ",
    "R1#save_time_fx100",
    "R1#nope",
    "]\n",
    "header: [a, b]\n",
    "[94 s](evidence:R1#save_time_fx100)",
    "[](evidence:R1#setup.baseline)",
    "[x](evidence:)",
    "[1.9x](evidence:R1#save_speedup)",
    "(evidence:R9",
    "!!! note\n    ",
    "`code 5 s`",
    "<div>3 GB</div>",
    "<!-- 4% -->",
    "# Heading 2x\n",
    "| a | 5% |\n",
    "178 s",
    "three minutes",
    "\n",
    "\n\n",
    "    ",
    "&",
    "*",
    "[",
    "]",
    "(",
    ")",
    "#",
    ":",
    "-",
    "{",
    "}",
    "'",
    '"',
    "é",
    "\t",
]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=8)), max_size=40))
def test_any_page_source_gives_findings_not_exceptions(pieces: list[str]) -> None:
    source = "".join(pieces)
    result = process_page(source, "docs/p.md", LIB, href_for)
    lines = source.count("\n") + 1
    for finding in result.findings:
        assert finding.path == "docs/p.md"
        assert 1 <= finding.line <= lines + 1, finding
        assert finding.col >= 1, finding
        assert finding.code.startswith("FX"), finding
