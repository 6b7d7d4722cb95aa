"""A search entry that starts with a ``<template>`` is read: the HTML parser puts the
template in the head of the fragment, and the head's templates were not read, so an
entry starting with ``<template>94 s</template>`` was not read at all, while the same
template after a paragraph was (found by the gate's reviewer, H6). A page's own head
template is neither drawn nor indexed by the search plugin: it stays unread (the
audit's near miss).
"""

from __future__ import annotations

import pytest

from fxsite.verify.scan import scan_search_entry
from fxsite.verify.visible import page_text

ROWS = [
    # (search entry's title, text, figures the gate finds)
    ("", "<template>94 s</template>", ["94 s"]),
    ("<template>1.9×</template>", "", ["1.9×"]),
    ("", "<template><template>9 s</template></template>", ["9 s"]),
    ("", "<p>x</p><template>94 s</template>", ["94 s"]),
    # near misses: a template with no figure, or none
    ("", "<template>no figure here</template>", []),
    ("Results", "<p>Fast saves</p>", []),
]


@pytest.mark.parametrize(("title", "text", "found"), ROWS)
def test_a_template_in_a_search_entry_is_read(title: str, text: str, found: list[str]) -> None:
    assert [c.shown for c in scan_search_entry(title, text).candidates] == found


@pytest.mark.parametrize(
    ("html", "blocks"),
    [
        ("<html><head><template>94 s</template></head><body></body></html>", []),
        ("<html><head><title>T</title></head><body><p>x</p></body></html>", ["T", "x"]),
    ],
)
def test_a_template_in_a_page_head_is_not_read(html: str, blocks: list[str]) -> None:
    assert [b.text for b in page_text(html).blocks] == blocks
