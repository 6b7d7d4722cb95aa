"""The gate's scan of a page whose primary navigation is read once for the site
(:mod:`fxsite.verify.chrome`) finds what the scan of the page read whole finds:
the same findings, figures and facts, whatever one page's navigation was changed
into after the others were read. The published sites of the demo and test
projects are judged the same with the memo and without, finding line for line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from selectolax.lexbor import LexborHTMLParser
from sitekit import CLEAN, copy_site, mkdocs_build_here
from test_gate_navigation import _CURRENT, _PLAIN, _PRIMARY, _edit, _nothing, _text, site

from fxsite.verify import chrome, verify_site
from fxsite.verify.gate_memo import GateMemo
from fxsite.verify.scan import FileScan, scan_file

__all__ = ["site"]  # the built Material site of test_gate_navigation

Change = Callable[[LexborHTMLParser], None]


@pytest.fixture(autouse=True)
def fresh_memo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chrome, "_memo", chrome._Memo())


def _wrap(open_: str, close: str, *, figure: bool = True) -> Change:
    """The primary navigation wrapped in ``open_``/``close`` (a theme override), with a
    bare figure in another page's item."""

    def change(tree: LexborHTMLParser) -> None:
        if figure:
            _text(_PLAIN, " 94 s")(tree)
        nav = tree.css_first(_PRIMARY)
        assert nav is not None and nav.parent is not None
        holder = LexborHTMLParser(f"<body>{open_}<b>x</b>{close}</body>").css_first("body > *")
        assert holder is not None
        mark = holder.css_first("b")
        assert mark is not None
        nav.insert_before(holder)
        mark.replace_with(nav)  # type: ignore[arg-type]

    return change


def _joined(tree: LexborHTMLParser) -> None:
    """Digits before the current item (in its list) and a unit in its link: a figure
    only if the two were read as one run."""
    link = tree.css_first(_CURRENT)
    assert link is not None and link.parent is not None
    link.parent.insert_before("took 94")
    _text(f"{_CURRENT} .md-ellipsis", " s per run")(tree)


#: (what the first page read holds, what the second page holds, whether the second is
#: refused). The first warms the memo; the second is scanned with it and without.
ROWS: list[tuple[str, Change, Change, bool]] = [
    ("as built", _nothing, _nothing, False),
    ("another page's title a bare figure here only", _nothing, _text(_PLAIN, " 94 s"), True),
    ("the same title a bare figure on the first page", _text(_PLAIN, " 94 s"), _nothing, False),
    ("a near miss: a title with words only", _nothing, _text(_PLAIN, " again"), False),
    (
        "the current item's text a figure",
        _nothing,
        _text(f"{_CURRENT} .md-ellipsis", " 94 s"),
        True,
    ),
    (
        "the first page's current item a figure, the second's not",
        _text(f"{_CURRENT} .md-ellipsis", " 94 s"),
        _nothing,
        False,
    ),
    ("digits before the current item, its unit in it", _nothing, _joined, False),
    ("in <pre>", _nothing, _wrap("<pre>", "</pre>"), True),
    ("in <noscript>", _nothing, _wrap("<noscript>", "</noscript>"), True),
    ("in a hidden <div>", _nothing, _wrap("<div hidden>", "</div>"), True),
    ("in a display:none <div>", _nothing, _wrap('<div style="display:none">', "</div>"), True),
    ("in <details>", _nothing, _wrap("<details><summary>Menu</summary>", "</details>"), True),
    (
        "in a hidden <div>, no figure",
        _nothing,
        _wrap("<div hidden>", "</div>", figure=False),
        False,
    ),
]


def _errors(scan: FileScan) -> list[str]:
    return sorted([f"{f.code} {f.text}" for f in scan.local if f.severity == "error"])


@pytest.mark.parametrize(
    ("first", "second", "refused"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS]
)
def test_a_changed_navigation_is_scanned_as_the_whole_page_is(
    site: Path, first: Change, second: Change, refused: bool
) -> None:
    alpha = _edit((site / "alpha" / "index.html").read_text(encoding="utf-8"), first)
    beta = _edit((site / "beta" / "index.html").read_text(encoding="utf-8"), second)
    shared: dict[object, object] = {}
    for html in (alpha, beta):
        with_memo = scan_file("p/index.html", html, shared)  # type: ignore[arg-type]
        assert with_memo == scan_file("p/index.html", html, None)
    found = [c.shown for c in with_memo.candidates] + _errors(with_memo)
    assert bool([f for f in found if "94" in f]) == refused, found


def _lines(site_dir: Path, *, shared: bool) -> list[str]:
    memo = GateMemo(keep=False)
    if not shared:
        memo.repeats = None  # type: ignore[assignment]
    return [f.format() for f in verify_site(site_dir, memo=memo)]


@pytest.fixture(scope="module")
def clean_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The test project's site (tests/fixtures/pages/clean), built once."""
    project = copy_site(CLEAN, tmp_path_factory.mktemp("clean"))
    result = mkdocs_build_here(project, project / "site")
    assert result.returncode == 0, result.stderr
    return project / "site"


@pytest.mark.parametrize("project", ["demo", "clean"])
def test_the_gate_finds_the_same_with_the_memo_and_without(
    project: str, demo_site: Path, clean_site: Path
) -> None:
    site_dir = demo_site if project == "demo" else clean_site
    chrome._memo.known.clear()
    lines = _lines(site_dir, shared=True)
    # A near miss: the memo was taken (not refused for every navigation).
    assert any(known is not None for known in chrome._memo.known.values())
    assert lines == _lines(site_dir, shared=False)
