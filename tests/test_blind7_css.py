"""CSS that hides or moves text, read as a browser reads it (issue 20, blind tester 7).

In-process rows (:func:`sitekit.page_findings`, the one reader ``fxsite check`` and
the build run for each page): each family's shapes must be refused at their source
line, and each near miss must pass; one whole-site row holds ``check`` and the build
to the same findings.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import check_and_build, finding_lines, library, page_findings, rows_site

from fxsite.evidence.library import Library


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


def _split(style: str, letters: str = "X") -> str:
    """A page whose line 3 splits "48s" with a span styled ``style``."""
    return f'# T\n\nEach save took 4<span style="{style}">{letters}</span>8s.\n'


# (name, page, [(code, line, col)]): CSS that hides a part of a figure.
HIDDEN = [
    (
        "mask-image",
        _split("mask-image:linear-gradient(transparent,transparent)"),
        [("FX501", 3, 16)],
    ),
    ("-webkit-mask", _split("-webkit-mask:url(m.svg)"), [("FX501", 3, 16)]),
    ("rgba alpha 0", _split("color:rgba(0,0,0,0)"), [("FX501", 3, 16)]),
    ("rgb slash alpha", _split("color:rgb(0 0 0 / 0%)"), [("FX501", 3, 16)]),
    ("hex #0000", _split("color:#0000"), [("FX501", 3, 16)]),
    ("hex 8 digits", _split("color:#12345600"), [("FX501", 3, 16)]),
    ("TRANSPARENT", _split("COLOR:TRANSPARENT"), [("FX501", 3, 16)]),
    ("text fill", _split("-webkit-text-fill-color:hsla(0,0%,0%,.01)"), [("FX501", 3, 16)]),
    ("opacity .001", _split("opacity:.001"), [("FX501", 3, 16)]),
    ("opacity 1%", _split("opacity:1%"), [("FX501", 3, 16)]),
    ("filter opacity", _split("filter:opacity(0)"), [("FX501", 3, 16)]),
    ("font-size 1px", _split("font-size:1px"), [("FX501", 3, 16)]),
    ("font-size 6px", _split("font-size:6px"), [("FX501", 3, 16)]),
    ("font-size .3em", _split("font-size:.3em"), [("FX501", 3, 16)]),
    ("font-size calc", _split("font-size:calc(0px)"), [("FX501", 3, 16)]),
    ("opacity calc", _split("opacity:calc(0)"), [("FX501", 3, 16)]),
    ("comment in value", _split("display:/**/none"), [("FX501", 3, 16)]),
    ("custom property", _split("--h:none;display:var(--h)"), [("FX501", 3, 16)]),
    ("font shorthand", _split("font:0/0 a"), [("FX501", 3, 16)]),
    ("visibility var", _split("visibility:var(--v, hidden)"), [("FX501", 3, 16)]),
    (
        "style block rgba",
        '# T\n\n<style>.k { color: rgba(0,0,0,0) }</style>\n\nEach save took 4<span class="k">X</span>8s.\n',
        [("FX501", 5, 16)],
    ),
    (
        "style block comment in value",
        '# T\n\n<style>.k { display: /* x */ none }</style>\n\nEach save took 4<span class="k">X</span>8s.\n',
        [("FX501", 5, 16)],
    ),
    (
        "first-letter font-size 0",
        '# T\n\n<style>p.fl::first-letter { font-size: 0 }</style>\n\n<p class="fl">X95 s per save.</p>\n',
        [("FX501", 5, 16)],
    ),
    (
        "first-letter transparent",
        '# T\n\n<style>p.fc::first-letter { color: transparent }</style>\n\n<p class="fc">Y96 s per save.</p>\n',
        [("FX501", 5, 16)],
    ),
]

# Hiding declarations a reader's eye still reads: the figure is not split.
HIDDEN_NEAR = [
    ("rgba alpha .9 with a letter", '# T\n\nRun 4<span style="color:rgba(0,0,0,.9)">X</span>8s.\n'),
    ("opacity .9", '# T\n\nRun 4<span style="opacity:.9">X</span>8s.\n'),
    ("hex opaque", '# T\n\nRun 4<span style="color:#000f">X</span>8s.\n'),
    ("font-size 10px", '# T\n\nRun 4<span style="font-size:10px">X</span>8s.\n'),
    ("font-size 1em", '# T\n\nRun 4<span style="font-size:1em">X</span>8s.\n'),
    ("font shorthand readable", '# T\n\nRun 4<span style="font:700 16px/1.2 serif">X</span>8s.\n'),
    ("font-size keyword", '# T\n\nRun 4<span style="font-size:small">X</span>8s.\n'),
    ("mask none", '# T\n\nRun 4<span style="mask-image:none">X</span>8s.\n'),
    ("filter opacity .9", '# T\n\nRun 4<span style="filter:opacity(.9)">X</span>8s.\n'),
    ("comment, display inline", '# T\n\nRun 4<span style="display:/**/inline">X</span>8s.\n'),
    (
        "first-letter on a paragraph with no figure",
        '# T\n\n<style>p.fl::first-letter { font-size: 0 }</style>\n\n<p class="fl">Xylophones play.</p>\n',
    ),
    (
        "first-letter readable",
        '# T\n\n<style>p.fl::first-letter { font-size: 2em }</style>\n\n<p class="fl">X95 s per save.</p>\n',
    ),
]


@pytest.mark.parametrize(("name", "page", "expected"), HIDDEN, ids=[r[0] for r in HIDDEN])
def test_css_that_hides_a_part_of_a_figure_is_read_as_hidden(
    lib: Library, name: str, page: str, expected: list[tuple[str, int, int]]
) -> None:
    assert page_findings(page, lib) == expected


@pytest.mark.parametrize(("name", "page"), HIDDEN_NEAR, ids=[r[0] for r in HIDDEN_NEAR])
def test_css_that_leaves_text_readable_passes(lib: Library, name: str, page: str) -> None:
    assert page_findings(page, lib) == []


# (name, page, line): CSS that draws text elsewhere than it stands (FX504 at its line).
MOVED = [
    (
        "position relative offsets",
        '# Each save took 95\n\n<span style="position:relative;top:-1.95em;left:7.85em">s on the array</span>\n',
        3,
    ),
    (
        "position inset",
        '# Each save took 95\n\n<span style="position:absolute;inset:0">s on the array</span>\n',
        3,
    ),
    (
        "negative margin",
        '# T\n\n<p>Each save took 95</p>\n<p style="margin-top:-1.2em">s on the array</p>\n',
        4,
    ),
    (
        "translate",
        '# T\n\n<p>Each save took 95</p>\n<p style="transform:translate(8em,-1.2em)">s on the array</p>\n',
        4,
    ),
    (
        "translate property",
        '# T\n\n<p>Each save took 95</p>\n<p style="translate:8em -1.2em">s on the array</p>\n',
        4,
    ),
    (
        "float",
        '# T\n\n<p>s per save, case a. <span style="float:left">Each save took 51&nbsp;</span></p>\n',
        3,
    ),
    (
        "flex-wrap wrap-reverse",
        '# T\n\n<div style="display:flex;flex-wrap:wrap-reverse"><span style="width:100%">s per save.</span>'
        '<span style="width:100%">Each save took 54</span></div>\n',
        3,
    ),
    (
        "table header and footer groups",
        '# T\n\n<div style="display:table"><div style="display:table-footer-group">s per save.</div>'
        '<div style="display:table-header-group">Each save took 57</div></div>\n',
        3,
    ),
    (
        "style block offset",
        "# Each save took 95\n\n<style>.m { position: relative; left: 7em; top: -2em }</style>\n\n"
        '<span class="m">s on the array</span>\n',
        3,
    ),
]

MOVED_NEAR = [
    (
        "position relative, no offset",
        '# T\n\n<p>Each save took it</p>\n<span style="position:relative">s on the array</span>\n',
    ),
    (
        "offset zero",
        '# T\n\n<p>Each save took it</p>\n<span style="position:relative;top:0;left:auto">s on the array</span>\n',
    ),
    (
        "positive margin",
        '# T\n\n<p>Each save took it</p>\n<p style="margin-top:1.2em">s on the array</p>\n',
    ),
    ("float with no figure", '# T\n\n<p>Some words. <span style="float:right">A note</span></p>\n'),
    (
        "float, no join",
        '# T\n\n<p>More text. <img src="x.png" alt="" style="float:left"> here</p>\n',
    ),
    (
        "flex-wrap wrap",
        '# T\n\n<div style="display:flex;flex-wrap:wrap"><span>Took it</span><span>at once</span></div>\n',
    ),
    ("moved words", '# T\n\n<span style="position:relative;left:2em">A note on the array</span>\n'),
]


@pytest.mark.parametrize(("name", "page", "line"), MOVED, ids=[r[0] for r in MOVED])
def test_css_that_moves_text_that_could_make_a_figure_is_refused(
    lib: Library, name: str, page: str, line: int
) -> None:
    found = page_findings(page, lib)
    assert found, "not refused"
    assert {(code, at) for code, at, _ in found} == {("FX504", line)}


@pytest.mark.parametrize(("name", "page"), MOVED_NEAR, ids=[r[0] for r in MOVED_NEAR])
def test_css_that_moves_no_figure_passes(lib: Library, name: str, page: str) -> None:
    assert page_findings(page, lib) == []


@pytest.mark.slow
def test_check_and_build_refuse_each_family_at_the_same_lines(tmp_path: Path) -> None:
    """One whole-site row: every family's pages and near misses, checked and built
    (``enforce: false``: each finding a warning, the build reports everything): the
    same findings, each refused page at its line, no near miss refused."""
    site = rows_site(tmp_path / "site", enforce=False)
    pages = {f"hidden-{i}": (page, rows[0][1]) for i, (_, page, rows) in enumerate(HIDDEN)}
    pages |= {f"moved-{i}": (page, line) for i, (_, page, line) in enumerate(MOVED)}
    near = {f"near-{i}": page for i, (_, page) in enumerate([*HIDDEN_NEAR, *MOVED_NEAR])}
    for name, (page, _) in pages.items():
        (site / "docs" / f"{name}.md").write_text(page, "utf-8")
    for name, page in near.items():
        (site / "docs" / f"{name}.md").write_text(page, "utf-8")
    checked, built = check_and_build(site)
    lines = finding_lines(built.stdout)
    assert finding_lines(checked.stdout) == lines
    for name, (_, line) in pages.items():
        assert any(f"docs/{name}.md:{line}:" in found for found in lines), (name, lines)
    assert not [found for found in lines if found.startswith("docs/near-")]
