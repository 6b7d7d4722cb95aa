"""The words Material's scripts draw from a page's ``__config`` (its ``translations``: the
search box's placeholder, the result counts) are read as the page's text (blind61: a
placeholder rewritten to "FX100: every checkpoint saved in 64 s" passed the audit)."""

from __future__ import annotations

import json

from fxsite.verify.scan import scan_file

DEFAULTS = {
    "search.result.placeholder": "Type to start searching",
    "search.result.one": "1 matching document",
    "search.result.other": "# matching documents",
    "search.result.more.one": "1 more on this page",
}


def _page(translations: dict[str, str]) -> str:
    config = json.dumps({"base": ".", "translations": translations})
    return (
        '<!doctype html><html><head><meta name="fxsite-build" content="0.1.0"></head><body>'
        f'<p>Hi.</p><script id="__config" type="application/json">{config}</script>'
        "</body></html>"
    )


def _figures(html: str) -> list[str]:
    return [c.found for c in scan_file("index.html", html, "html").candidates]


def test_a_figure_in_the_themes_words_is_read() -> None:
    words = {**DEFAULTS, "search.result.placeholder": "FX100: every checkpoint saved in 64 s"}
    assert _figures(_page(words)) == ["64 s"]


def test_near_miss_the_themes_own_words_hold_none() -> None:
    assert _figures(_page(DEFAULTS)) == []
