"""A page's stylesheets read against the page as the theme draws it (issue 20, blind
tester 10).

* Material draws a page's content inside ``.md-content__inner.md-typeset`` (in
  ``.md-content``, ``main``, ``body``) and adds an ``<h1>`` before a page that has none:
  a rule ``.md-typeset .h { display: none }``, ``body .md-content__inner > p > .h`` or
  ``h1 + p > .h`` hides text on the published page, so ``fxsite check`` reads the text
  both with and without it, as the build's gate does.
* ``:is()`` and ``:where()`` are matched as a browser matches them: a harmless
  ``:is(.unused) { display: none }`` first in an extra_css file hid every element, so
  that the next rule's hidden ``x`` in ``9<span class=h>x</span>4 s`` was never read
  away (published), and a record page's claim read glued to the text after it (FX503
  at a published file).
* A pseudo-class dropped where a compound selector starts leaves ``*`` in its place
  (``p :nth-last-child(1 of .h)`` picks what is in a ``<p>``, not the ``<p>``).
* Nested rules (CSS Nesting: ``p { & .h { display: none } }``, ``p { .h {…} }``) are
  read with their parent's selector.
* Text drawn as the page's background is unseen: ``color: #fff`` (and any colour within
  1.3:1 of Material's white), ``Canvas``; so is text blurred (``filter: blur(50px)``),
  inverted to light, blended into the page (``mix-blend-mode: screen``) or lifted over
  the line as ruby text (``display: ruby-text``).
* An element that may be hidden inside another that may be (``p:hover { display: none }``
  or ``p { color: #fff }`` around a hidden ``x``) is read away while the outer is shown:
  the reader read only "all shown" and "all hidden", so the outer rule hid the inner's
  "94 s".

In-process rows: a page (and its ``extra_css``) in, ``(code, line, col)`` out (the one
reader ``fxsite check`` and the build share).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import check_and_build, finding_lines, fixture_renderer, href_for, library, rows_site

from fxsite.evidence.library import Library
from fxsite.markdown import render_page
from fxsite.pages.page import process_page
from fxsite.verify.css_selectors import plain_selector
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
    judged = render_page(result, page, lib, href_for, fixture_renderer(), sheets=sheets)[1].findings
    return sorted(
        (f.code, f.line, f.col) for f in [*result.findings, *judged] if f.severity == "error"
    )


SAVE = 'Each save took 9<span class="h">x</span>4 s on the FX100.'
HEADED = f"# T\n\n{SAVE}\n"

# (name, page, extra_css, errors)
PAGES = [
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
    # :is() and :where() that pick nothing do not hide the page
    (
        "an :is() rule before",
        HEADED,
        ":is(.unused) { display: none } .h { display: none }",
        [("FX501", 3, 16)],
    ),
    (
        "a :where() rule before",
        HEADED,
        ":where(.unused) { display: none } .h { display: none }",
        [("FX501", 3, 16)],
    ),
    (
        "p:is() sized to nothing before",
        HEADED,
        "p:is(.unused) { font-size: 0 } .h { display: none }",
        [("FX501", 3, 16)],
    ),
    ("an :is() that picks the span", HEADED, ":is(.q, .h) { display: none }", [("FX501", 3, 16)]),
    ("an :is() rule alone", HEADED, ":is(.unused) { display: none }", []),
    # CSS Nesting
    ("a nested rule with &", HEADED, "p { & .h { display: none } }", [("FX501", 3, 16)]),
    ("a nested rule without &", HEADED, "p { .h { display: none } }", [("FX501", 3, 16)]),
    ("a nested child rule", HEADED, "p { > .h { display: none } }", [("FX501", 3, 16)]),
    ("a nested @media", HEADED, ".h { @media screen { display: none } }", [("FX501", 3, 16)]),
    ("a nested rule under another parent", HEADED, "ul { & .h { display: none } }", []),
    # a pseudo-class starting a compound
    (
        "nth-last-child(1 of .h) in a <p>",
        f"# T\n\n<style>p :nth-last-child(1 of .h) {{ display: none }}</style>\n\n{SAVE}\n",
        "",
        [("FX501", 5, 16)],
    ),
    (
        "nth-last-child(1 of .h) in a <ul>",
        f"# T\n\n<style>ul :nth-last-child(1 of .h) {{ display: none }}</style>\n\n{SAVE}\n",
        "",
        [],
    ),
]


@pytest.mark.parametrize(
    ("page", "css", "errors"), [r[1:] for r in PAGES], ids=[r[0] for r in PAGES]
)
def test_page_rules(
    page: str, css: str, errors: list[tuple[str, int, int]], lib: Library, tmp_path: Path
) -> None:
    assert _errors(page, lib, tmp_path, css) == errors


# (selector, as matched at any time)
PLAIN = [
    (":is(.unused)", "*:is(.unused)"),
    (":where(.unused)", "*:is(.unused)"),
    ("p:is(.a:hover, .b) > .h", "p:is(.a, .b) > .h"),
    # dropped, so that it picks more, never fewer
    (".h:nth-child(1)", ".h"),
    ("a:hover > b", "a > b"),
    (":not(.x)", "*"),
    (":is(:hover)", "*:is(*)"),
    ("p :nth-last-child(1 of .h)", "p *"),
    ("p > :hover", "p > *"),
    ("p > .h::after", "p > .h"),
    (".a\\:b", ".a\\:b"),
    # an attribute Material's script sets as the reader acts (the dark scheme): dropped too
    ("[data-md-color-scheme=slate] .h", "* .h"),
    ('body[data-md-color-scheme="slate"] > .h', "body > .h"),
    ("p[ data-md-state ]", "p"),
    # near misses: attributes no script of the theme sets
    ("[data-mdx] .h", "[data-mdx] .h"),
    ("[data-fx-status=retracted]", "[data-fx-status=retracted]"),
]


@pytest.mark.parametrize(("selector", "plain"), PLAIN)
def test_plain_selector(selector: str, plain: str) -> None:
    assert plain_selector(selector) == plain


# (name, a rule on the x of 9<span class=h>x</span>4 s, whether 94 s is read)
UNSEEN = [
    ("white", "color: #fff; letter-spacing: -0.6em", True),
    ("white by name", "color: white", True),
    ("near white", "color: hsl(0 0% 96%)", True),
    ("the background's system colour", "color: Canvas; letter-spacing: -0.6em", True),
    ("white fill", "-webkit-text-fill-color: #fefefe", True),
    ("blurred", "filter: blur(50px); letter-spacing: -0.6em", True),
    ("inverted", "filter: invert(1)", True),
    ("screened", "mix-blend-mode: screen; letter-spacing: -0.6em", True),
    ("difference", "mix-blend-mode: difference", True),
    ("ruby text", "display: ruby-text", True),
    # near misses: drawn where a reader sees it
    ("grey", "color: #999", False),
    ("red", "color: red", False),
    ("slightly blurred", "filter: blur(1px)", False),
    ("slightly inverted", "filter: invert(0.2)", False),
    ("multiplied", "mix-blend-mode: multiply", False),
    ("ruby base", "display: ruby-base", False),
]


@pytest.mark.parametrize(("rule", "read"), [r[1:] for r in UNSEEN], ids=[r[0] for r in UNSEEN])
def test_unseen_text(rule: str, read: bool, lib: Library, tmp_path: Path) -> None:
    page = f"# T\n\n<style>.h {{ {rule} }}</style>\n\n{SAVE}\n"
    assert _errors(page, lib, tmp_path) == ([("FX501", 5, 16)] if read else [])


# (name, the page's rules, whether 94 s is read)
NESTED = [
    ("p hidden on hover", "p:hover { display: none } .h { display: none }", True),
    ("p drawn white", "p { color: #fff } .h { display: none }", True),
    ("p hidden on hover, x blurred", "p:hover { display: none } .h { filter: blur(9px) }", True),
    # near misses: nothing inside the p is hidden
    ("p hidden on hover alone", "p:hover { display: none }", False),
    ("p drawn white, x red", "p { color: #fff } .h { color: red }", False),
]


@pytest.mark.parametrize(("rules", "read"), [r[1:] for r in NESTED], ids=[r[0] for r in NESTED])
def test_hidden_inside_hidden(rules: str, read: bool, lib: Library, tmp_path: Path) -> None:
    page = f"# T\n\n<style>{rules}</style>\n\n{SAVE}\n"
    assert _errors(page, lib, tmp_path) == ([("FX501", 5, 16)] if read else [])


def test_check_and_build_read_an_is_rule_alike(tmp_path: Path) -> None:
    """An extra_css file whose first rule is ``:is(.unused) { display: none }``: check and
    the build's gate (which reads the published pages, the record pages too) refuse the
    page's hidden x at its source line, and nothing else."""
    site = rows_site(tmp_path / "b10", HEADED)
    (site / "docs" / "css").mkdir()
    (site / "docs" / "css" / "h.css").write_text(
        ":is(.unused) { display: none }\n.h { display: none }\n", "utf-8"
    )
    config = site / "mkdocs.yml"
    config.write_text(config.read_text("utf-8") + "extra_css:\n  - css/h.css\n", "utf-8")
    for run in check_and_build(site):
        assert run.returncode == 1
        lines = finding_lines(run.stdout + run.stderr, warnings=False)
        assert [line.split(" bare")[0] for line in lines] == ["docs/index.md:3:16: FX501"]
    assert not (site / "site").exists()
