"""Stylesheet files that hide part of a figure (issue 20; blind tester 7's
``published_stylesheet_file_hides``).

A rule in a file the page links (``<link rel=stylesheet>``), in an ``extra_css``
file or in a file one of them ``@import``\\ s is applied as the same rule in the
page's ``<style>`` block is (:mod:`fxsite.verify.sheets`): ``fxsite check`` (docs/),
the build's gate and ``fxsite audit`` (the published site). In-process rows: a page
and its sheets in, findings out; one whole-site test holds check, build and audit to
the same findings, and the demo site to a clean audit.
"""

from __future__ import annotations

import os
import shutil
import time
from importlib import resources
from pathlib import Path

import pytest
from sitekit import (
    PAGE_PATH,
    check_and_build,
    finding_lines,
    fixture_renderer,
    fxsite_here,
    href_for,
    library,
    rows_site,
)

from fxsite.evidence.library import Library
from fxsite.markdown import render_page
from fxsite.pages.page import process_page
from fxsite.verify.audit import verify_site
from fxsite.verify.charts import check_chart
from fxsite.verify.gate_memo import GateMemo
from fxsite.verify.markers import marker_problems
from fxsite.verify.published import load_published
from fxsite.verify.scan import scan_file
from fxsite.verify.sheets import MAX_RULES, SheetFiles


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


def _errors(
    root: Path, lib: Library, page: str, files: dict[str, str], extra: tuple[str, ...] = ()
) -> list[tuple[str, int, int]]:
    """``fxsite check``'s errors on ``page`` (the home page, ``index.html`` in the site)
    with ``files`` written in its docs/ and ``extra`` its ``extra_css``."""
    docs = root / "docs"
    for name, text in files.items():
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text(text, "utf-8")
    docs.mkdir(exist_ok=True)
    sheets = SheetFiles([docs], extra).page("index.html")
    result = process_page(page, PAGE_PATH, lib, href_for)
    judged = render_page(result, page, lib, href_for, fixture_renderer(), sheets=sheets)[1].findings
    found = [*result.findings, *judged]
    return sorted((f.code, f.line, f.col) for f in found if f.severity == "error")


def _linked(attr: str = 'class="k"', href: str = "h.css", rel: str = "stylesheet") -> str:
    """A page linking ``href`` whose line 5 splits "48s" with a span of ``attr``."""
    return f'# T\n\n<link rel="{rel}" href="{href}">\n\nEach save took 4<span {attr}>X</span>8s.\n'


#: A page (no link) whose line 3 splits "48s" with a span of class k.
_PLAIN = '# T\n\nEach save took 4<span class="k">X</span>8s.\n'
#: A page whose frame links h.css and splits "48s" with a span of class k.
_FRAMED = (
    '# T\n\n<iframe srcdoc="<link rel=stylesheet href=h.css>'
    '<p>Each save took 4<span class=k>X</span>8s.</p>"></iframe>\n'
)
_AT_5 = [("FX501", 5, 16)]
_AT_3 = [("FX501", 3, 16)]

# (name, page, files in docs/, extra_css, errors): a sheet file hides part of a figure.
REFUSED = [
    ("linked class display:none", _linked(), {"h.css": ".k { display: none }"}, (), _AT_5),
    (
        "linked id visibility:hidden",
        _linked('id="k"'),
        {"h.css": "#k{visibility:hidden}"},
        (),
        _AT_5,
    ),
    (
        "linked attribute selector opacity:0",
        _linked('data-x="y"'),
        {"h.css": "[data-x=y]{opacity:0}"},
        (),
        _AT_5,
    ),
    ("linked descendant font-size:1px", _linked(), {"h.css": "p .k{font-size:1px}"}, (), _AT_5),
    ("linked @media", _linked(), {"h.css": "@media screen{.k{display:none}}"}, (), _AT_5),
    (
        "linked @supports in @layer",
        _linked(),
        {"h.css": "@layer a{@supports (display:grid){.k{display:none}}}"},
        (),
        _AT_5,
    ),
    ("linked escaped property", _linked(), {"h.css": ".k{displ\\61y:none}"}, (), _AT_5),
    ("linked !important", _linked(), {"h.css": ".k{opacity:0!important}"}, (), _AT_5),
    (
        "@import from the linked file",
        _linked(),
        {"h.css": '@import "i.css";', "i.css": ".k{display:none}"},
        (),
        _AT_5,
    ),
    (
        "@import url() two deep, into a folder",
        _linked(),
        {
            "h.css": "@import url(css/i.css);",
            "css/i.css": "@import 'j.css' screen;",
            "css/j.css": ".k{display:none}",
        },
        (),
        _AT_5,
    ),
    (
        "@import from a <style> block",
        '# T\n\n<style>@import "i.css";</style>\n\nEach save took 4<span class="k">X</span>8s.\n',
        {"i.css": ".k{display:none}"},
        (),
        _AT_5,
    ),
    ("linked from the site root", _linked(href="/h.css"), {"h.css": ".k{display:none}"}, (), _AT_5),
    (
        "linked with a query and a fragment",
        _linked(href="h.css?v=2#x"),
        {"h.css": ".k{display:none}"},
        (),
        _AT_5,
    ),
    ("rel in capitals", _linked(rel="StyleSheet"), {"h.css": ".k{display:none}"}, (), _AT_5),
    ("extra_css class display:none", _PLAIN, {"e.css": ".k{display:none}"}, ("e.css",), _AT_3),
    ("extra_css in a folder", _PLAIN, {"css/e.css": ".k{opacity:0}"}, ("css/e.css",), _AT_3),
    (
        "extra_css imports",
        _PLAIN,
        {"e.css": "@import 'f.css';", "f.css": "span.k{font-size:1px}"},
        ("e.css",),
        _AT_3,
    ),
    (
        "extra_css code font: code drawn as prose",
        "# T\n\nEach save took <code>48 s</code>.\n",
        {"e.css": "code{font-family:Georgia}"},
        ("e.css",),
        [("FX501", 3, 22)],
    ),
    (
        "linked text-transform: '48 S' drawn '48 s'",
        '# T\n\n<link rel="stylesheet" href="h.css">\n\nEach save took <span class="u">48 S</span>.\n',
        {"h.css": ".u{text-transform:lowercase}"},
        (),
        [("FX501", 5, 32)],
    ),
    (
        "a data: URL stylesheet",
        _linked(href="data:text/css,.k%7Bdisplay:none%7D"),
        {},
        (),
        _AT_5,
    ),
    (
        "a base64 data: URL stylesheet",
        _linked(href="data:text/css;base64,Lmt7ZGlzcGxheTpub25lfQ=="),
        {},
        (),
        _AT_5,
    ),
    (
        "a data: URL @imported from a <style> block",
        '# T\n\n<style>@import url("data:text/css,.k{opacity:0}");</style>\n\n'
        'Each save took 4<span class="k">X</span>8s.\n',
        {},
        (),
        _AT_5,
    ),
    (
        "an <iframe srcdoc> linking a file (found from the page's place)",
        _FRAMED,
        {"h.css": ".k{display:none}"},
        (),
        [("FX501", 3, 67)],
    ),
    (
        "a selector list longer than a selector is quoted",
        _linked(),
        {"h.css": ".a," * 2000 + ".k{display:none}"},
        (),
        _AT_5,
    ),
    (
        "a <style> selector list as long",
        "# T\n\n<style>" + ".a," * 2000 + ".k{display:none}</style>\n\n"
        'Each save took 4<span class="k">X</span>8s.\n',
        {},
        (),
        _AT_5,
    ),
    (
        "one selector too long to match",
        _linked(),
        {"h.css": "span" + ":not(.z)" * 600 + ".k{display:none}"},
        (),
        [("FX614", 1, 1)],
    ),
    (
        "an import cycle",
        _linked(),
        {"h.css": '@import "i.css"; .k{display:none}', "i.css": '@import "h.css";'},
        (),
        _AT_5,
    ),
]

# Sheets that hide nothing of a figure: the page passes.
PASSING = [
    (
        "a whole paragraph holding no figure part",
        '# T\n\n<link rel="stylesheet" href="h.css">\n\n<p class="k">A note.</p>\n\nEach save was quick.\n',
        {"h.css": ".k{display:none}"},
        (),
    ),
    ("a rule that hides nothing", _linked(), {"h.css": ".k{display:block;opacity:.9}"}, ()),
    ("a selector matching nothing", _linked(), {"h.css": ".zz{display:none}"}, ()),
    ("a link to no file", _linked(href="missing.css"), {}, ()),
    ("a link that is not a stylesheet", _linked(rel="icon"), {"h.css": ".k{display:none}"}, ()),
    ("a file outside docs/", _linked(href="../h.css"), {"../h.css": ".k{display:none}"}, ()),
    (
        "a data: URL that is not CSS",
        _linked(href="data:text/plain,.k%7Bdisplay:none%7D"),
        {},
        (),
    ),
    # A frame's document is not styled by the files every page loads.
    ("extra_css around an <iframe srcdoc>", _FRAMED, {"e.css": ".k{display:none}"}, ("e.css",)),
    ("extra_css of another origin", _PLAIN, {}, ("https://cdn.example.com/e.css",)),
    ("extra_css naming no file", _PLAIN, {}, ("e.css",)),
    ("extra_css that hides nothing", _PLAIN, {"e.css": ".k{color:red}"}, ("e.css",)),
    (
        "text-transform that leaves no figure",
        '# T\n\n<link rel="stylesheet" href="h.css">\n\nEach save took <span class="u">48 S</span>.\n',
        {"h.css": ".u{text-transform:uppercase}"},
        (),
    ),
]


@pytest.mark.parametrize(("name", "page", "files", "extra", "expected"), REFUSED)
def test_a_sheet_file_that_hides_part_of_a_figure_is_applied(
    tmp_path: Path,
    lib: Library,
    name: str,
    page: str,
    files: dict[str, str],
    extra: tuple[str, ...],
    expected: list[tuple[str, int, int]],
) -> None:
    assert _errors(tmp_path, lib, page, files, extra) == expected, name


@pytest.mark.parametrize(("name", "page", "files", "extra"), PASSING)
def test_a_sheet_file_that_hides_no_figure_part_passes(
    tmp_path: Path,
    lib: Library,
    name: str,
    page: str,
    files: dict[str, str],
    extra: tuple[str, ...],
) -> None:
    assert _errors(tmp_path, lib, page, files, extra) == [], name


def _material_css() -> str:
    """The installed Material's main stylesheet, as the theme publishes it."""
    folder = resources.files("material").joinpath("templates", "assets", "stylesheets")
    name = next(
        n.name
        for n in folder.iterdir()
        if n.name.startswith("main.") and n.name.endswith(".min.css")
    )
    return folder.joinpath(name).read_text("utf-8")


def test_the_themes_own_sheet_is_not_applied_a_changed_copy_is(
    tmp_path: Path, lib: Library
) -> None:
    # Material hides its comments when printed, by design; its own file is trusted. (A
    # class it hides by itself alone, .md-toggle, is hidden wherever a page uses it:
    # tests/test_blind10_drawn.py.)
    theme = _material_css()
    assert ".giscus,[id=__comments]{display:none}" in theme
    page = _linked('class="giscus"')
    assert _errors(tmp_path / "a", lib, page, {"h.css": theme}) == []
    assert _errors(tmp_path / "b", lib, page, {"h.css": theme + "\n/* mine */"}) == _AT_5


def test_a_sheet_that_cannot_be_read_refuses_the_page(tmp_path: Path, lib: Library) -> None:
    outside = tmp_path / "secret.css"
    outside.write_text(".k{display:none}", "utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "h.css").symlink_to(outside)
    found = _errors(tmp_path, lib, _linked(), {})
    assert [code for code, _, _ in found] == ["FX614"]


def test_an_import_chain_thousands_deep_is_read_without_recursion(
    tmp_path: Path, lib: Library
) -> None:
    files = {f"s{i}.css": f'@import "s{i + 1}.css";' for i in range(3000)}
    files["s3000.css"] = ".k{display:none}"
    started = time.perf_counter()
    assert _errors(tmp_path, lib, _linked(href="s0.css"), files) == _AT_5
    assert time.perf_counter() - started < 20


def test_more_rules_than_the_reader_matches_refuse_the_page(tmp_path: Path, lib: Library) -> None:
    many = "".join(f".c{i}{{display:none}}" for i in range(MAX_RULES + 1))
    found = _errors(tmp_path, lib, _linked(), {"h.css": many})
    assert [code for code, _, _ in found] == ["FX614"]
    assert _errors(tmp_path / "b", lib, _linked(), {"h.css": many[: many.rindex(".c")]}) == []


# -------------------------------------------------------------- the published site

_PUBLISHED = (
    '<!DOCTYPE html><html><head><link rel="stylesheet" href="../h.css"></head>'
    '<body><p>Each save took 4<span class="k">X</span>8s.</p></body></html>'
)


@pytest.mark.parametrize(
    ("name", "sheet", "bare"),
    [
        ("hides", ".k{display:none}", ["48s"]),
        ("hides nothing", ".k{display:inline}", []),
        ("the theme's own", None, []),
    ],
)
def test_the_gate_applies_a_published_pages_sheet_files(
    tmp_path: Path, name: str, sheet: str | None, bare: list[str]
) -> None:
    (tmp_path / "p").mkdir()
    (tmp_path / "h.css").write_text(sheet if sheet is not None else _material_css(), "utf-8")
    page = _PUBLISHED.replace('class="k"', 'class="md-toggle"') if sheet is None else _PUBLISHED
    scan = scan_file("p/index.html", page, sheets=SheetFiles([tmp_path]).page("p/index.html"))
    assert [c.shown for c in scan.candidates] == bare, name


def test_a_kept_scan_is_read_again_when_its_sheet_changes(tmp_path: Path) -> None:
    memo = GateMemo(keep=True)
    sheet = tmp_path / "h.css"
    sheet.write_text(".k{display:block}", "utf-8")
    (tmp_path / "p").mkdir()

    def bare() -> list[str]:
        sheets = SheetFiles([tmp_path]).page("p/index.html")  # one build's reading
        return [c.shown for c in memo.file("p/index.html", _PUBLISHED, "html", sheets).candidates]

    assert bare() == []
    sheet.write_text(".k{display:none}", "utf-8")
    assert bare() == ["48s"]
    assert bare() == ["48s"]


# -------------------------------------------------------------- whole sites

_BLIND7_PAGE = """# Home

A save took [94 s](evidence:R1#save_time_fx100).

<link rel="stylesheet" href="h.css">

Case a: took 5<span class="ha">X</span>1s.

Case b: took 5<span class="hb">X</span>2s.
"""


def test_check_build_and_audit_agree_on_blind7s_sheet_files(tmp_path: Path) -> None:
    site = rows_site(tmp_path / "b7", _BLIND7_PAGE)
    (site / "docs" / "h.css").write_text(".ha { display: none; }\n", "utf-8")
    (site / "docs" / "e.css").write_text(".hb { display: none; }\n", "utf-8")
    config = site / "mkdocs.yml"
    config.write_text(config.read_text("utf-8") + "extra_css:\n  - e.css\n", "utf-8")
    checked, built = check_and_build(site)
    expected = [
        "docs/index.md:7:14: FX501 bare figure '51s'",
        "docs/index.md:9:14: FX501 bare figure '52s'",
    ]
    for run in (checked, built):
        assert run.returncode == 1
        lines = finding_lines(run.stdout + run.stderr, warnings=False)
        assert [line[: len(e)] for line, e in zip(lines, expected, strict=True)] == expected
    assert not (site / "site" / "index.html").exists()
    # Published regardless (enforce: false), the site fails the audit on the same figures.
    config.write_text(
        config.read_text("utf-8").replace("  - fxsite\n", "  - fxsite:\n      enforce: false\n"),
        "utf-8",
    )
    assert fxsite_here("build", ".", cwd=site).returncode == 0
    audited = [f for f in verify_site(site / "site") if f.severity == "error"]
    assert sorted((f.path, f.code, f.text) for f in audited) == [
        ("index.html", "FX501", "51s"),
        ("index.html", "FX501", "52s"),
    ]


def test_the_demo_site_still_audits_clean(demo_site: Path, tmp_path: Path) -> None:
    site = shutil.copytree(demo_site, tmp_path / "site")
    assert [f for f in verify_site(site) if f.severity == "error"] == []


@pytest.mark.parametrize(
    ("page", "sheet"),
    [
        # A site's own code font: the invariant rows' <code> is compared as written.
        ("evidence/R1/index.html", '.md-typeset code{font-family:"JetBrains Mono",monospace}'),
        # Table cells drawn in capitals: a chart's label words are read back as written.
        ("training-bubbles/index.html", ".md-typeset td{text-transform:uppercase}"),
    ],
)
def test_generated_sections_are_compared_as_written_under_a_sites_sheet(
    demo_site: Path, tmp_path: Path, page: str, sheet: str
) -> None:
    library = load_published(demo_site).library
    (tmp_path / "x.css").write_text(sheet, "utf-8")
    html = (demo_site / page).read_text("utf-8")
    html = html.replace("</head>", '<link rel="stylesheet" href="/x.css"></head>', 1)
    scan = scan_file(page, html, sheets=SheetFiles([tmp_path]).page(page))
    assert scan.page is not None
    assert marker_problems(scan.page, library) == []
    assert [f for chart in scan.page.charts for f in check_chart(page, chart, library)] == []


@pytest.mark.parametrize(("once", "read_again"), [(True, False), (False, True)])
def test_an_audit_reads_each_sheet_once_a_project_whenever_it_changes(
    tmp_path: Path, once: bool, read_again: bool
) -> None:
    """One audit reads a file its pages load once (``once``); a project's files, kept by
    ``serve`` between rebuilds, are read again when they change."""
    sheet = tmp_path / "a.css"
    sheet.write_text(".x { color: red }", encoding="utf-8")
    files = SheetFiles([tmp_path], once=once)
    first = files.load("a.css")
    sheet.write_text(".x { display: none }", encoding="utf-8")
    later = time.time() + 5  # a stamp that differs however coarse the clock
    os.utime(sheet, (later, later))
    assert (files.load("a.css").digest != first.digest) is read_again
