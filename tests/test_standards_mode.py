"""A page's rendered content is parsed as the standards-mode page around it parses it.

Without a doctype an HTML parser is in quirks mode, where a ``<table>`` does not
close an open ``<p>``: text in ``<p><code>x<table>…`` stays code (exempt) and text
in ``<p class="fx-value">…<table>…`` stays a record value, while the published
page (``<!DOCTYPE html>``, as every theme writes it) draws it as prose. An
adversarial tester got a bare figure published so (check 0, build 0, audit 1).
The page reader and a search entry's text are read in standards mode; the near
misses are code and values that stay what they are in either mode.
"""

from __future__ import annotations

import pytest
from sitekit import library, page_findings

from fxsite.evidence.library import Library
from fxsite.verify.visible import text_blocks

CLAIM = "Save time fell to [94 s](evidence:R1#save_time_fx100).\n\n"

#: (Markdown page, the findings check and build give: (code, line, col)).
ROWS = {
    "table in code in p": (
        "# Q\n\n<p><code>x<table><tr><td>Saves 95 s per run</td></tr></table></code></p>\n",
        [("FX501", 3, 1)],
    ),
    "table in a record value": (
        f'# Q\n\n{CLAIM}<p class="fx-value">Saved<table><tr><td>x</td></tr></table>94 s</p>\n',
        [("FX501", 5, 1)],
    ),
    # near misses: code and a table that stand apart in either mode
    "code alone": ("# Q\n\n<p><code>Saves 95 s per run</code></p>\n", []),
    "code, then a table": (
        "# Q\n\n<p><code>x 95 s</code></p>\n<table><tr><td>Saves</td></tr></table>\n",
        [],
    ),
    "pre with a table inside": (
        "# Q\n\n<pre><code>| 95 s |\n<table></table></code></pre>\n",
        [],
    ),
}


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


@pytest.mark.parametrize("name", sorted(ROWS))
def test_content_is_read_in_standards_mode(name: str, lib: Library) -> None:
    source, expected = ROWS[name]
    found = [f for f in page_findings(source, lib) if f[0].startswith("FX5")]
    assert [code for code, _, _ in found] == [code for code, _, _ in expected], found
    assert [line for _, line, _ in found] == [line for _, line, _ in expected], found


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("<p><code>x<table><tr><td>Saves 95 s</td></tr></table></code></p>", True),
        ("<p><code>Saves 95 s</code></p>", False),
    ],
)
def test_a_search_entry_is_read_in_standards_mode(text: str, shown: bool) -> None:
    assert any("95 s" in block.text for block in text_blocks(text)) is shown
