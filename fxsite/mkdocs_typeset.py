"""Material's ``typeset`` plugin, with fxsite's claims in headings.

``typeset`` copies each heading's HTML into the navigation and the table of contents
(``page.typeset``, each entry's ``typeset``), and the first one's text, its tags taken
out, into the page's title. A heading citing a figure holds a claim: a link to its
record, with the record's badge and the words a screen reader hears. Copied onto every
page, the link pointed from the wrong folder and its badge and words stood where the
gate reads no claim; the title read "Saves in 94 sR1 (measured, record R1)" (blind79).

:func:`plain_claims` writes each claim of such a copy as its text, as the navigation
shows a heading citing a figure without ``typeset``: a title the gate reads as other
pages' titles are read (their claims cited on their page).
"""

from __future__ import annotations

import re
from typing import Any

from selectolax.lexbor import LexborHTMLParser

__all__ = ["plain_claims", "untypeset_claims"]

#: What a claim adds to its text: its record's badge, the words a screen reader hears.
_ADDED = ".fx-claim .fx-badge, .fx-claim .fx-sr"
_TAG = re.compile(r"<[^>]+>")


def plain_claims(html: str) -> str:
    """``html`` (a heading's content) with each claim written as its text."""
    if "fx-claim" not in html:
        return html
    tree = LexborHTMLParser(f"<div>{html}</div>")
    for added in tree.css(_ADDED):
        added.decompose()
    for claim in tree.css("a.fx-claim"):
        claim.unwrap()
    root = tree.css_first("div")
    inner = root.inner_html if root is not None else None
    return inner if inner is not None else html


def untypeset_claims(page: Any) -> None:
    """The copies ``typeset`` made of ``page``'s headings (and its title from the first),
    each claim written as its text (:func:`plain_claims`); nothing where it made none."""
    typeset = getattr(page, "typeset", None)
    if isinstance(typeset, dict) and isinstance(typeset.get("title"), str):
        before = typeset["title"]
        typeset["title"] = plain_claims(before)
        if page.title == _TAG.sub("", before):  # typeset took the title from the heading
            page.title = _TAG.sub("", typeset["title"])
    stack = list(getattr(page.toc, "items", []) or [])
    while stack:
        item = stack.pop()
        copied = getattr(item, "typeset", None)
        if isinstance(copied, dict) and isinstance(copied.get("title"), str):
            copied["title"] = plain_claims(copied["title"])
        stack.extend(getattr(item, "children", []) or [])
