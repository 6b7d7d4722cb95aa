"""The gate reads a theme's primary navigation once per distinct navigation
(:mod:`fxsite.verify.chrome`), with the same blocks, ids and notes as reading it
on every page; a navigation that differs in what the memo drops, or holds what it
does not read through, is read as usual."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from selectolax.lexbor import LexborHTMLParser, LexborNode
from sitekit import mkdocs_build_here

from fxsite.verify import chrome
from fxsite.verify.visible import PageText, page_text

_CONFIG = """site_name: nav test
theme:
  name: material
  font: false
markdown_extensions:
  - toc:
      permalink: true
nav:
  - Home: index.md
  - Alpha: alpha.md
  - Beta: beta.md
  - Gamma: gamma.md
  - Guide:
      - Setup: guide/setup.md
      - Usage: guide/usage.md
      - Deep:
          - One: guide/deep/one.md
          - Two: guide/deep/two.md
"""
_PAGES = {
    "index.md": "# Home\n\nWelcome.\n\n## Start\n\nText.\n",
    "alpha.md": "# Alpha\n\nFirst.\n\n## Setup notes\n\nA.\n\n## Results\n\nB.\n",
    "beta.md": "# Beta\n\nSecond.\n\n## Method\n\nA.\n\n### Detail\n\nC.\n",
    "gamma.md": "# Gamma\n\nNo sections here.\n",
    "guide/setup.md": "# Setup\n\nSteps.\n\n## Install\n\nA.\n",
    "guide/usage.md": "# Usage\n\nUse it.\n\n## Run\n\nB.\n",
    "guide/deep/one.md": "# One\n\nDeep.\n\n## Part\n\nA.\n",
    "guide/deep/two.md": "# Two\n\nDeeper.\n",
    "extra.md": "# Extra\n\nOut of the navigation.\n",
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Material site of pages at three depths, nested sections, pages with and
    without a table of contents and one out of the navigation (built once)."""
    project = tmp_path_factory.mktemp("navsite")
    (project / "mkdocs.yml").write_text(_CONFIG, encoding="utf-8")
    for name, text in _PAGES.items():
        (project / "docs" / name).parent.mkdir(parents=True, exist_ok=True)
        (project / "docs" / name).write_text(text, encoding="utf-8")
    result = mkdocs_build_here(project, project / "site")
    assert result.returncode == 0, result.stderr
    return project / "site"


@pytest.fixture(autouse=True)
def fresh_memo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chrome, "_memo", chrome._Memo())


def _read(html: str, repeats: dict[object, object] | None) -> PageText:
    return page_text(html, repeats=repeats)  # type: ignore[arg-type]


def _pages(site: Path) -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted(site.rglob("index.html"))] + [
        (site / "404.html").read_text(encoding="utf-8")
    ]


def test_every_page_reads_the_same_with_the_memo(site: Path) -> None:
    pages = _pages(site)
    shared: dict[object, object] = {}
    for html in pages + pages:  # the second round reads every navigation from the memo
        assert _read(html, shared) == _read(html, None)
    kept = list(chrome._memo.known.values())
    # A near miss: Material's own navigations are canonical, one per URL depth or so.
    assert kept and all(k is not None for k in kept)
    assert len(kept) < len(pages) // 2


def test_a_page_is_read_from_the_memo_not_walked(site: Path) -> None:
    alpha = (site / "alpha" / "index.html").read_text(encoding="utf-8")
    beta = (site / "beta" / "index.html").read_text(encoding="utf-8")
    shared: dict[object, object] = {}
    _read(alpha, shared)
    learned = chrome._memo.known.copy()
    walked: list[str] = []
    original = chrome._learn

    def spy(nav: LexborNode, read: chrome.Reader) -> chrome._Known | None:
        walked.append(nav.tag or "")
        return original(nav, read)

    chrome._learn = spy  # type: ignore[assignment]
    try:
        assert _read(beta, shared) == _read(beta, None)
    finally:
        chrome._learn = original  # type: ignore[assignment]
    assert walked == [] and chrome._memo.known == learned


def _edit(html: str, change: Callable[[LexborHTMLParser], None]) -> str:
    tree = LexborHTMLParser(html)
    change(tree)
    return tree.html or ""


def _first(tree: LexborHTMLParser, selector: str) -> LexborNode:
    node = tree.css_first(selector)
    assert node is not None, selector
    return node


def _text(selector: str, text: str) -> Callable[[LexborHTMLParser], None]:
    return lambda tree: _first(tree, selector).insert_child(text)


def _attr(selector: str, name: str, value: str) -> Callable[[LexborHTMLParser], None]:
    def change(tree: LexborHTMLParser) -> None:
        _first(tree, selector).attrs[name] = value

    return change


def _html(selector: str, markup: str) -> Callable[[LexborHTMLParser], None]:
    def change(tree: LexborHTMLParser) -> None:
        fragment = LexborHTMLParser(f"<body>{markup}</body>").body
        assert fragment is not None and fragment.child is not None
        _first(tree, selector).insert_child(fragment.child)

    return change


def _both(*changes: Callable[[LexborHTMLParser], None]) -> Callable[[LexborHTMLParser], None]:
    def change(tree: LexborHTMLParser) -> None:
        for one in changes:
            one(tree)

    return change


_PRIMARY = "nav.md-nav--primary"
_CURRENT = f"{_PRIMARY} a.md-nav__link--active"
_PLAIN = f'{_PRIMARY} a.md-nav__link[href="../gamma/"] .md-ellipsis'
_SECTION = f"{_PRIMARY} li.md-nav__item--nested label.md-nav__link .md-ellipsis"
_SVG = (
    '<svg><use href="data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22%3E'
    '%3Ctext%3E{}%3C/text%3E%3C/svg%3E"/></svg>'
)


def _nothing(tree: LexborHTMLParser) -> None:
    return None


#: (what the first page read holds, what the second holds, a figure the second shows).
#: The second page differs from the first only where the memo canonicalises or cuts,
#: or holds markup it does not read through: each figure must still be found.
ROWS = [
    ("current link's text", _nothing, _text(f"{_CURRENT} .md-ellipsis", " 94 s"), "94 s"),
    (
        "current item's label",
        _nothing,
        _text(f'{_PRIMARY} label[for="__toc"] .md-ellipsis', " 94 s"),
        "94 s",
    ),
    ("current link's title", _nothing, _attr(_CURRENT, "title", "94 s"), "94 s"),
    (
        "a plain link's aria-label",
        _nothing,
        _attr(f'{_PRIMARY} a[href="../gamma/"]', "aria-label", "94 s"),
        "94 s",
    ),
    (
        "the embedded table of contents",
        _nothing,
        _text(f"{_PRIMARY} nav.md-nav--secondary li a", " 94 s"),
        "94 s",
    ),
    ("a plain item's text", _nothing, _text(_PLAIN, " 94 s"), "94 s"),
    (
        "a toggled section's title",
        _nothing,
        _both(
            _text(_SECTION, " 94 s"),
            _attr(f"{_PRIMARY} li.md-nav__item--nested > input", "checked", ""),
        ),
        "94 s",
    ),
    (
        "a dropped class token in text",
        _text(_PLAIN, " 9 md-nav__item--active4 s"),
        _text(_PLAIN, " 94 s"),
        "94 s",
    ),
    (
        "a dropped link token in text",
        _text(_PLAIN, " 9 md-nav__link--active4 s"),
        _text(_PLAIN, " 94 s"),
        "94 s",
    ),
    (
        "a dropped checked in text",
        _text(_PLAIN, ' 9 checked=""4 s'),
        _text(_PLAIN, " 94 s"),
        "94 s",
    ),
    ("an href spelled in text", _text(_PLAIN, ' href="x"'), _text(_PLAIN, ' href="94 s"'), "94 s"),
    (
        "an href ending a title",
        _attr(f'{_PRIMARY} a[href="../gamma/"]', "title", " href="),
        _attr(f'{_PRIMARY} a[href="../gamma/"]', "title", " href=94 s"),
        "94 s",
    ),
    (
        "a data: URL in an SVG use's href",
        _html(_PLAIN, _SVG.format("x")),
        _html(_PLAIN, _SVG.format("94 s")),
        "94 s",
    ),
    (
        "a hidden plain item",
        _nothing,
        _both(_text(_PLAIN, " 94 s"), _attr(f'{_PRIMARY} a[href="../gamma/"]', "hidden", "")),
        "94 s",
    ),
    (
        "a styled plain item",
        _nothing,
        _both(
            _text(_PLAIN, " 94 s"),
            _attr(f'{_PRIMARY} a[href="../gamma/"]', "style", "display:none"),
        ),
        "94 s",
    ),
    (
        "a Mermaid diagram's line breaks",
        _html(_PLAIN, '<pre class="mermaid">graph LR\nA[94\ns]</pre>'),
        _html(_PLAIN, '<pre class="mermaid">graph LR\nA[94 s]</pre>'),
        "94 s",
    ),
    (
        "a claim in the navigation",
        _nothing,
        _html(_PLAIN, '<a data-fx-ref="R1#f" href="x">94 s</a>'),
        "94 s",
    ),
]


@pytest.mark.parametrize(
    ("first", "second", "figure"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS]
)
def test_what_the_memo_drops_cannot_hide_a_figure(
    site: Path,
    first: Callable[[LexborHTMLParser], None],
    second: Callable[[LexborHTMLParser], None],
    figure: str,
) -> None:
    alpha = _edit((site / "alpha" / "index.html").read_text(encoding="utf-8"), first)
    beta = _edit((site / "beta" / "index.html").read_text(encoding="utf-8"), second)
    shared: dict[object, object] = {}
    assert _read(alpha, shared) == _read(alpha, None)
    truth = _read(beta, None)
    assert any(figure in b.text for b in truth.blocks)
    assert _read(beta, shared) == truth


#: Notes the page's drawing rules find through the navigation: it is not taken out of
#: the parsed page, or not read from the memo, where a rule reads it.
NOTES = [
    (
        "a javascript: link",
        _attr(f'{_PRIMARY} a[href="../gamma/"]', "href", "javascript:document.write('94 s')"),
    ),
    ("a script", _html(_PLAIN, "<script>document.write('94 s')</script>")),
    ("a handler", _attr(f'{_PRIMARY} a[href="../gamma/"]', "onclick", "this.textContent='94 s'")),
    # An element's own direction inside the page (the body's is the site's, and no note).
    ("right-to-left around it", _both(_text(_PLAIN, " 94 s"), _attr(".md-main", "dir", "rtl"))),
    (
        "a stylesheet reordering it",
        _both(
            _text(_PLAIN, " 94 s"),
            _html("body", "<style>.md-nav__list{flex-direction:row-reverse}</style>"),
        ),
    ),
    (
        "a style around it",
        _both(
            _text(_PLAIN, " 94 s"),
            _attr(".md-sidebar--primary", "style", "display:flex;flex-direction:row-reverse"),
        ),
    ),
]


@pytest.mark.parametrize("change", [r[1] for r in NOTES], ids=[r[0] for r in NOTES])
def test_drawing_notes_are_the_same(site: Path, change: Callable[[LexborHTMLParser], None]) -> None:
    alpha = (site / "alpha" / "index.html").read_text(encoding="utf-8")
    beta = _edit((site / "beta" / "index.html").read_text(encoding="utf-8"), change)
    shared: dict[object, object] = {}
    _read(alpha, shared)
    truth = _read(beta, None)
    assert truth.notes
    assert _read(beta, shared) == truth


def test_a_memo_the_walk_disagrees_with_is_not_used(
    site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    alpha = (site / "alpha" / "index.html").read_text(encoding="utf-8")
    splice = chrome._splice

    def wrong(*args: object) -> tuple[list[object], set[str]] | None:
        found = splice(*args)  # type: ignore[arg-type]
        return (found[0][1:], found[1]) if found is not None else None

    monkeypatch.setattr(chrome, "_splice", wrong)
    assert _read(alpha, {}) == _read(alpha, None)
    assert list(chrome._memo.known.values()) == [None]


def test_ids_with_whitespace_are_kept_as_written(site: Path) -> None:
    spaced = _attr(f'{_PRIMARY} a[href="../gamma/"]', "id", "a  b")
    alpha = _edit((site / "alpha" / "index.html").read_text(encoding="utf-8"), spaced)
    beta = _edit(
        (site / "beta" / "index.html").read_text(encoding="utf-8"),
        _attr(f'{_PRIMARY} a[href="../gamma/"]', "id", "a b"),
    )
    shared: dict[object, object] = {}
    _read(alpha, shared)
    assert "a b" in _read(beta, shared).ids


def test_the_memo_is_bounded() -> None:
    for n in range(chrome._KEPT * 2 + 1):
        chrome._memo.put(n.to_bytes(16, "little"), None)
    assert 0 < len(chrome._memo.known) <= chrome._KEPT


def test_a_block_changed_by_a_caller_leaves_the_next_reading_alone(site: Path) -> None:
    """What the memos keep is handed out as copies: a caller changing a block (its text,
    its claims) of one page does not change the next page's reading."""
    alpha = (site / "alpha" / "index.html").read_text(encoding="utf-8")
    beta = (site / "beta" / "index.html").read_text(encoding="utf-8")
    memo: dict[object, object] = {}
    for html in (alpha, beta, alpha):
        for block in _read(html, memo).blocks:
            block.text = "MUTATED"
            block.claims.append((0, 1, 0))
    for html in (alpha, beta):
        assert _read(html, memo) == _read(html, None)
        assert "MUTATED" not in [b.text for b in _read(html, memo).blocks]
