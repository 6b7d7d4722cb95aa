"""``fxsite check`` and ``fxsite build`` read a page in the same boxes.

In-process rows: a page in, findings out. The build's gate reads a page's
search entry (Material's search plugin flattens a table, a definition list, a
``<select>``, a ``<details>`` into one run, its boxes joined by a space or by
nothing): a run of the page's consecutive boxes is the page's, judged box by
box, never a new figure.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from material.plugins.search.plugin import Parser
from sitekit import FIXTURE_EXTENSIONS, fxsite_here, href_for, library, rows_site

from fxsite.evidence.library import Library
from fxsite.markdown import PageRenderer, check_page
from fxsite.pages.config_code import OFFLINE_SHIM, config_code_findings
from fxsite.verify.scan import scan_content, scan_search_entry

PATH = "docs/p.md"
RENDERER = PageRenderer([*FIXTURE_EXTENSIONS, "def_list"], {})


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


def _search_entries(html: str) -> list[tuple[str, str]]:
    """(title, text) of each search entry Material's search plugin makes of ``html``."""
    parser = Parser()
    parser.feed(html)
    parser.close()
    return [("".join(s.title).strip(), "".join(s.text).strip()) for s in parser.data]


def _gate(page: str, lib: Library, entry: str | None = None) -> tuple[list[str], list[str]]:
    """What check finds on ``page``, and the figures the gate finds in its search entries
    (Material's, or ``entry`` as a forged site's index may write it)."""
    html, findings = check_page(page, PATH, lib, href_for, RENDERER)
    shown = scan_content(html).shown
    entries = _search_entries(html) if entry is None else [("", entry)]
    found = [c.shown for t, x in entries for c in scan_search_entry(t, x, shown).candidates]
    return [f.code for f in findings], found


# (name, page): boxes that the search index joins; each a box of its own on the page.
BOXES = [
    ("table cells", "# S\n\n| Step | Command |\n|---|---|\n| 2 | min-cut the graph |\n"),
    ("table cells, ms", "# S\n\n| Step | Command |\n|---|---|\n| 3 | ms-sql restore |\n"),
    ("table cells, GB", "# S\n\n| Step | Command |\n|---|---|\n| 4 | GB-scale cleanup |\n"),
    ("table cells, Hours", "# S\n\n| Rank | Team |\n|---|---|\n| 1 | Hours of Code club |\n"),
    ("definition list", "# S\n\nStep 4\n:   Seconds matter here: restart the job.\n"),
    ("dt and dd", "# S\n\n<dl><dt>Item 4</dt><dd>seconds matter to us</dd></dl>\n"),
    ("divs", "# S\n\n<div>Tier 2</div><div>GB pricing applies.</div>\n"),
    ("options", "# S\n\n<select><option>Tier 2</option><option>GB plan</option></select>\n"),
    ("summary", "# S\n\n<details><summary>Part 3</summary>Min and max are computed.</details>\n"),
]


@pytest.mark.parametrize("page", [p for _, p in BOXES], ids=[n for n, _ in BOXES])
def test_a_search_entry_joining_the_pages_boxes_is_the_pages(page: str, lib: Library) -> None:
    assert _gate(page, lib) == ([], [])


# (name, page, search entry as a forged index writes it, figure the gate must find)
FORGED = [
    ("boxes out of order", "# S\n\n<div>s</div><div>94</div>\n", "94 s", "94 s"),
    ("part of a box", "# S\n\n| A | B |\n|---|---|\n| 2 | min-cut |\n", "2 min", "2 min"),
    ("text the page lacks", "# S\n\n<div>Took</div><div>94</div>\n", "Took 94 s", "94 s"),
    ("boxes apart", "# S\n\n<div>94</div><div>x</div><div>s</div>\n", "94 s", "94 s"),
]


@pytest.mark.parametrize(
    ("page", "entry", "figure"), [r[1:] for r in FORGED], ids=[r[0] for r in FORGED]
)
def test_a_search_entry_that_is_not_the_pages_boxes_is_read(
    page: str, entry: str, figure: str, lib: Library
) -> None:
    assert _gate(page, lib, entry) == ([], [figure])


def _found(page: str, lib: Library) -> list[tuple[str, int, int]]:
    _, findings = check_page(page, PATH, lib, href_for, RENDERER)
    return sorted((f.code, f.line, f.col) for f in findings)


_UNITS = "# T\n\n| Metric | Value | Unit |\n|---|---|---|\n"
_HTML_UNITS = (
    "# T\n\n<table><tr><th>Metric</th><th>Value</th><th>Unit</th></tr>"
    "<tr><td>Save time</td><td>94</td><td>s</td></tr></table>\n"
)
_CLAIM = "[94](evidence:R1#save_time_fx100)"

# (name, page, [(code, line, col)]): a unit stated once, read the same by check and build.
UNITS_REFUSED = [
    ("a Unit column", f"{_UNITS}| Save time | 94 | s |\n", [("FX501", 5, 15)]),
    (
        "a Unit column before the value",
        "# T\n\n| Metric | Unit | Value |\n|---|---|---|\n| Save time | s | 94 |\n",
        [("FX501", 5, 19)],
    ),
    ("a Units column in HTML", _HTML_UNITS.replace("Unit<", "Units<"), [("FX501", 3, 86)]),
    (
        "a 单位 column",
        "# T\n\n| 指标 | 数值 | 单位 |\n|---|---|---|\n| 保存时间 | 94 | 秒 |\n",
        [("FX501", 5, 10)],
    ),
    (
        "a claim misstated in its row's unit",
        f"{_UNITS}| Save time | {_CLAIM} | ms |\n",
        [("FX403", 5, 16)],
    ),
    (
        "a header with a line break",
        "# T\n\n| Run | Save time<br>(s) |\n|---|---|\n| FX | 94 |\n",
        [("FX501", 5, 8)],
    ),
    (
        "a header with a footnote",
        "# T\n\n| Run | Save time (s)[^1] |\n|---|---|\n| FX | 94 |\n\n[^1]: Measured.\n",
        [("FX501", 5, 8)],
    ),
    # blind78: a row naming a quantity over its one value, in a table of metrics and values
    (
        "a row naming a quantity",
        "# T\n\n| Metric | Value |\n|---|---|\n| Save time | 94 |\n",
        [("FX501", 5, 15)],
    ),
    (
        "a row naming a throughput, no header",
        "# T\n\n| | |\n|---|---|\n| Throughput | 150,000 |\n",
        [("FX501", 5, 16)],
    ),
]
UNITS_PASSED = [
    ("a claim in a Unit column's row", f"{_UNITS}| Save time | {_CLAIM} | s |\n"),
    ("a Unit column of words", f"{_UNITS}| Save time | 94 | runs |\n"),
    ("no Unit column", "# T\n\n| Metric | Value | Note |\n|---|---|---|\n| Save time | 94 | s |\n"),
    ("a row naming a count", "# T\n\n| Metric | Value |\n|---|---|\n| Nodes | 8 |\n"),
    (
        "a row naming a quantity, a column of counts",
        "# T\n\n| Metric | Runs |\n|---|---|\n| Save time | 3 |\n",
    ),
    (
        "a row naming a quantity over words",
        "# T\n\n| Metric | Value |\n|---|---|\n| Latency | low |\n",
    ),
    (
        "a table without a header",
        "# T\n\n<table><tr><td>Save time</td><td>94</td><td>s</td></tr></table>\n",
    ),
    (
        "a header with a line break, no unit",
        "# T\n\n| Run | Save time<br>s |\n|---|---|\n| FX | 94 |\n",
    ),
    (
        "a footnote after a plural",
        "# T\n\n| Run(s)[^1] | Save |\n|---|---|\n| FX | 94 |\n\n[^1]: Measured.\n",
    ),
]


@pytest.mark.parametrize(
    ("page", "expected"), [r[1:] for r in UNITS_REFUSED], ids=[r[0] for r in UNITS_REFUSED]
)
def test_a_unit_stated_once_governs_its_rows_numbers(
    page: str, expected: list[tuple[str, int, int]], lib: Library
) -> None:
    assert _found(page, lib) == expected


@pytest.mark.parametrize("page", [p for _, p in UNITS_PASSED], ids=[n for n, _ in UNITS_PASSED])
def test_no_unit_stated_governs_nothing(page: str, lib: Library) -> None:
    assert _found(page, lib) == []


_CDN = "https://cdn.example/tex.js"
_MATERIAL = "theme:\n  name: material\n  font: false\n"
# (name, mkdocs.yml, [(line, col, what the warning quotes)]): code from another origin
# that the theme loads on every page, told once where the configuration writes it.
CONFIG_CODE = [
    ("extra_javascript", f"extra_javascript:\n  - js/local.js\n  - {_CDN}\n", [(3, 5, _CDN)]),
    ("a script entry", f"extra_javascript:\n  - path: {_CDN}\n    type: module\n", [(2, 5, _CDN)]),
    (
        "extra_css",
        "extra_css:\n  - https://cdn.example/a.css\n",
        [(2, 5, "https://cdn.example/a.css")],
    ),
    ("a polyfill", f"extra:\n  polyfills:\n    - {_CDN}\n", [(3, 7, _CDN)]),
    ("the offline plugin", "plugins:\n  - search\n  - offline\n", [(3, 5, OFFLINE_SHIM)]),
    (
        "the offline plugin, with options",
        "plugins:\n  - offline:\n      enabled: true\n",
        [(2, 5, OFFLINE_SHIM)],
    ),
    # Near misses: the site's own files, a disabled plugin, a shim the site serves.
    ("the site's own script", "extra_javascript:\n  - js/mathjax.js\n", []),
    ("the offline plugin disabled", "plugins:\n  - offline:\n      enabled: false\n", []),
    (
        "the shim served by the site",
        "extra:\n  polyfills: [js/iframe-worker.js]\nplugins:\n  - offline\n",
        [],
    ),
]


@pytest.mark.parametrize(
    ("config", "expected"), [r[1:] for r in CONFIG_CODE], ids=[r[0] for r in CONFIG_CODE]
)
def test_code_from_another_origin_is_told_at_its_line(
    config: str, expected: list[tuple[int, int, str]]
) -> None:
    # Material without Google Fonts: MkDocs' own themes load highlight.js from a CDN.
    found = config_code_findings(config + _MATERIAL, "mkdocs.yml")
    assert [(f.line, f.col, f.text) for f in found] == expected
    assert all(f.code == "FX507" and f.severity == "warning" for f in found)


def test_an_inherited_list_is_told_in_the_file_that_writes_it() -> None:
    parent = ("base.yml", f"extra_javascript:\n  - {_CDN}\n")
    found = config_code_findings("INHERIT: base.yml\n" + _MATERIAL, "mkdocs.yml", [parent])
    assert [(f.path, f.line) for f in found] == [("base.yml", 2)]
    overridden = config_code_findings("extra_javascript: []\n" + _MATERIAL, "mkdocs.yml", [parent])
    assert overridden == []


def _name(row: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in row)


@pytest.mark.slow
def test_check_and_build_read_the_same_boxes(tmp_path: Path) -> None:
    """Every row's page in one site, checked and built: the same findings at the same lines."""
    site = rows_site(tmp_path / "site", "# Rows\n\nOne page per row.\n")
    docs = site / "docs"
    for name, page in [*BOXES, *UNITS_PASSED]:
        docs.joinpath(f"ok-{_name(name)}.md").write_text(page, "utf-8")
    for name, page, _ in UNITS_REFUSED:
        docs.joinpath(f"{_name(name)}.md").write_text(page, "utf-8")
    config = site / "mkdocs.yml"
    text = config.read_text("utf-8").replace(
        "  - fxsite\n", "  - offline\n  - fxsite:\n      enforce: false\n"
    )
    text = text.replace("  - tables\n", "  - tables\n  - footnotes\n  - def_list\n")
    config.write_text(text + f"extra_javascript:\n  - {_CDN}\n", "utf-8")
    checked = fxsite_here("check", ".", cwd=site)
    built = fxsite_here("build", ".", cwd=site)
    assert "Traceback" not in checked.stderr + built.stderr
    assert built.returncode == 0, built.stdout + built.stderr

    def lines(out: str) -> list[str]:
        return sorted(line for line in out.splitlines() if ": FX" in line)

    assert lines(checked.stdout) == lines(built.stdout)
    found = lines(built.stdout)
    # Each refused row at its source line; no row whose boxes the index joins, nothing else.
    refused = sorted(
        f"docs/{_name(name)}.md:{line}:{col}: {code}"
        for name, _, codes in UNITS_REFUSED
        for code, line, col in codes
    )
    assert sorted(" ".join(line.split(" ")[:2]) for line in found if "docs/" in line) == refused
    # The code from another origin: once, where mkdocs.yml writes it, not on every page.
    told = [line.split(" ")[0] for line in found if " FX507 " in line]
    assert told == ["mkdocs.yml:19:5:", "mkdocs.yml:23:5:"]
