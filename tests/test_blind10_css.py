"""A page's stylesheets read against the page as the theme draws it (issue 20, blind
tester 10).

* Material draws a page's content inside ``.md-content__inner.md-typeset`` (in
  ``.md-content``, ``main``, ``body``) and adds an ``<h1>`` before a page that has none:
  a rule ``.md-typeset .h { display: none }``, ``body .md-content__inner > p > .h`` or
  ``h1 + p > .h`` hides text on the published page, so ``fxsite check`` reads the text
  both with and without it, as the build's gate does.

In-process rows: a page (and its ``extra_css``) in, ``(code, line, col)`` out (the one
reader ``fxsite check`` and the build share).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import fixture_renderer, href_for, library

from fxsite.evidence.library import Library
from fxsite.markdown import judge_page
from fxsite.pages.page import process_page
from fxsite.verify.sheets import SheetFiles


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


def _errors(page: str, lib: Library, root: Path, css: str = "") -> list[tuple[str, int, int]]:
    """The errors of ``page`` (``docs/index.md``) whose site loads ``css`` as extra_css."""
    docs = root / "docs"
    (docs / "css").mkdir(parents=True, exist_ok=True)
    (docs / "css" / "h.css").write_text(css, "utf-8")
    sheets = SheetFiles([docs], always=["css/h.css"] if css else ()).page("index.html", "index.md")
    result = process_page(page, "docs/index.md", lib, href_for)
    _, judged = judge_page(result, page, lib, href_for, fixture_renderer(), sheets=sheets)
    return sorted(
        (f.code, f.line, f.col) for f in [*result.findings, *judged] if f.severity == "error"
    )


SAVE = 'Each save took 9<span class="h">x</span>4 s on the FX100.'
HEADED = f"# T\n\n{SAVE}\n"

# (name, page, extra_css, errors)
THEMED = [
    (
        "the content class as ancestor",
        f"# T\n\n<style>.md-typeset .h {{ display: none }}</style>\n\n{SAVE}\n",
        "",
        [("FX501", 5, 16)],
    ),
    (
        "the article as the paragraph's parent",
        f"# T\n\n<style>body .md-content__inner > p > .h {{ display: none }}</style>\n\n{SAVE}\n",
        "",
        [("FX501", 5, 16)],
    ),
    (
        "the h1 Material adds to a page without one",
        f"{SAVE}\n\n<style>h1 + p > .h {{ display: none }}</style>\n",
        "",
        [("FX501", 1, 16)],
    ),
    (
        "extra_css, a theme ancestor and nth-child",
        HEADED,
        ".md-typeset .h:nth-child(1) { display: none }",
        [("FX501", 3, 16)],
    ),
    # near misses: a rule that hides nothing on the themed page
    (
        "a class the theme does not draw",
        f"# T\n\n<style>.md-nothing .h {{ display: none }}</style>\n\n{SAVE}\n",
        "",
        [],
    ),
    (
        "h1 + p where the page's own h1 is not before the paragraph",
        f"# T\n\nIntro.\n\n{SAVE}\n\n<style>h1 + p > .h {{ display: none }}</style>\n",
        "",
        [],
    ),
    ("extra_css, a theme ancestor, shown", HEADED, ".md-typeset .h { color: red }", []),
]


@pytest.mark.parametrize(
    ("page", "css", "errors"), [r[1:] for r in THEMED], ids=[r[0] for r in THEMED]
)
def test_theme_wrapper_selectors(
    page: str, css: str, errors: list[tuple[str, int, int]], lib: Library, tmp_path: Path
) -> None:
    assert _errors(page, lib, tmp_path, css) == errors
