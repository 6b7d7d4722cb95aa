"""Check and build agree on what blind tester H7 found on 2026-12-02 (issue 20).

* A figure's name is shown as words on its record page where the figure has no
  ``what`` (``took_94_s``: "Took 94 s"): a figure there is refused (FX501) at the
  name in ``evidence/S1.yaml``, by check and build alike, not by the build's
  last gate in the published record page.
* A group's label in an ``evidence-chart`` is drawn as a bar's label is: judged by
  the same rule, at its line and column in the page.
* A file whose suffix is a Markdown one in capitals (``results.MD``) is no page:
  MkDocs copies it as it is, and check judges its text as the build's gate reads
  it, as any file of ``docs/`` (``notes.txt``), at its line and column.
* The locator places a figure at a word's boundary first: ``94 s`` is not the
  start of ``94 secs``, and ``94<U+3000>s`` is found at its own line.
* A file name holding a line break or another control character is refused
  (FX105), named with the character escaped: printed, it would forge a finding.
* A theme template's expression is read as it writes (``"took 76 S"|lower``,
  ``53000000|filesizeformat``, ``config.site_author``), and its literals as spelled too.

In-process rows: a record, page or file in, ``(code, line, col)`` out, and near
misses that pass; one whole-site row holds every family, checked and built.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import (
    check_and_build,
    finding_lines,
    library,
    page_findings,
)

from fxsite.evidence.library import Library, load_library
from fxsite.pages.config_text import config_settings
from fxsite.pages.docs_tree import walk_docs
from fxsite.pages.record_text import record_text_findings
from fxsite.pages.template_text import template_findings
from fxsite.verify.docs_files import docs_file_findings

BANDWIDTH = "[6.4 GB/s](evidence:R1#bandwidth_fx100)"


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


_HEAD = "id: S1\ntitle: Datasheet\nlabel: spec\nstatus: active\nsource:\n  issuer: Example Corp\n"
_BASE = "  base: {value: 3.2, unit: GB/s, what: Old bandwidth}\n"

# (name, the record's figures and derived figures, [(code, line, col)]); figures start on line 8
RECORDS = [
    ("a figure's name", f"figures:\n{_BASE}  took_94_s: {{value: 1, unit: count}}\n", [(9, 8)]),
    (
        "a derived figure's name",
        f"figures:\n{_BASE}derived:\n  up_by_50_percent: {{formula: base * 2, unit: GB/s, decimals: 1}}\n",
        [(10, 9)],
    ),
    (
        "a name written as a block key",
        f"figures:\n{_BASE}  ran_for_178_s:\n    value: 1\n    unit: count\n",
        [(9, 11)],
    ),
]
RECORDS_PASSED = [
    (
        "a name with a what",
        f"figures:\n{_BASE}  took_94_s: {{value: 1, unit: count, what: Runs}}\n",
    ),
    ("a name copying its own value", f"figures:\n{_BASE}  took_94_s: {{value: 94, unit: s}}\n"),
    (
        "a derived figure's name with a what",
        f"figures:\n{_BASE}derived:\n  up_by_50_percent: {{formula: base * 2, unit: GB/s, decimals: 1, "
        "what: New bandwidth}\n",
    ),
    ("a name with no figure", f"figures:\n{_BASE}  runs_v2: {{value: 1, unit: count}}\n"),
]


def _recordpage_findings(tmp_path: Path, figures: str) -> list[tuple[str, int, int]]:
    (tmp_path / "evidence").mkdir()
    (tmp_path / "evidence" / "S1.yaml").write_text(_HEAD + figures, "utf-8")
    lib = load_library(tmp_path / "evidence", tmp_path)
    assert [f for f in lib.findings if f.severity == "error"] == []
    return sorted((f.code, f.line, f.col) for f in record_text_findings(lib, tmp_path))


@pytest.mark.parametrize(
    ("figures", "expected"), [r[1:] for r in RECORDS], ids=[r[0] for r in RECORDS]
)
def test_a_figure_in_a_figures_name_is_refused_at_the_name(
    figures: str, expected: list[tuple[int, int]], tmp_path: Path
) -> None:
    assert _recordpage_findings(tmp_path, figures) == [("FX501", *at) for at in expected]


@pytest.mark.parametrize(
    "figures", [r[1] for r in RECORDS_PASSED], ids=[r[0] for r in RECORDS_PASSED]
)
def test_a_figures_name_shown_without_a_figure_passes(figures: str, tmp_path: Path) -> None:
    assert _recordpage_findings(tmp_path, figures) == []


def test_a_figures_name_is_told_to_be_given_a_what(tmp_path: Path) -> None:
    (tmp_path / "evidence").mkdir()
    (tmp_path / "evidence" / "S1.yaml").write_text(
        _HEAD + f"figures:\n{_BASE}  took_94_s: {{value: 1, unit: count}}\n", "utf-8"
    )
    lib = load_library(tmp_path / "evidence", tmp_path)
    [found] = record_text_findings(lib, tmp_path)
    assert "'took_94_s'" in found.message and "'Took 94 s'" in found.message
    assert "give it a what, or rename it" in found.message


_CHART = (
    "# T\n\nReads at {c}.\n\n```evidence-chart\ntitle: Bandwidth\ngroups:\n"
    "  - label: {label}\n    bars:\n      - {{label: {bar}, ref: R1#bandwidth_fx100}}\n```\n"
)
# (name, group label, bar label, [(code, line, col)]): the group's label is on line 8
CHARTS = [
    ("a group's label", "Runs of 94 s", "New", [("FX501", 8, 20)]),
    ("a quoted group label", '"Runs of 94 s"', "New", [("FX501", 8, 21)]),
    (
        "a group's and a bar's label",
        "Runs of 94 s",
        "After 178 s",
        [("FX501", 8, 20), ("FX501", 10, 23)],
    ),
    ("a group label's look-alike figure", "Runs of 1.9х", "New", [("FX501", 8, 20)]),
]
CHARTS_PASSED = [
    ("a group's label in words", "Runs of FX100", "New"),
    ("a group's label with a version", "Runs v2", "New"),
]


@pytest.mark.parametrize(
    ("label", "bar", "expected"), [r[1:] for r in CHARTS], ids=[r[0] for r in CHARTS]
)
def test_a_figure_in_a_group_label_is_refused_at_its_place(
    label: str, bar: str, expected: list[tuple[str, int, int]], lib: Library
) -> None:
    assert page_findings(_CHART.format(c=BANDWIDTH, label=label, bar=bar), lib) == expected


@pytest.mark.parametrize(
    ("label", "bar"), [r[1:] for r in CHARTS_PASSED], ids=[r[0] for r in CHARTS_PASSED]
)
def test_a_group_label_without_a_figure_passes(label: str, bar: str, lib: Library) -> None:
    assert page_findings(_CHART.format(c=BANDWIDTH, label=label, bar=bar), lib) == []


# (name, file of docs/, its text, [(code, line, col)] of its errors)
FILES = [
    ("upper-case .MD", "results.MD", "# Results\n\nIt took 94 s per run.\n", [("FX501", 3, 9)]),
    ("mixed-case .Md", "results.Md", "# Results\n\nIt took 178 s.\n", [("FX501", 3, 9)]),
    ("upper-case .MARKDOWN", "a/b.MARKDOWN", "Saves 94 s.\n", [("FX501", 1, 7)]),
    ("as notes.txt is", "notes.txt", "# Results\n\nIt took 94 s per run.\n", [("FX501", 3, 9)]),
]
FILES_PASSED = [
    ("upper-case .MD without a figure", "results.MD", "# Results\n\nIt ran.\n"),
    ("a page is no file", "results.md", "# Results\n\nIt took 94 s per run.\n"),
]


def _filepage_findings(
    tmp_path: Path, name: str, text: str, lib: Library
) -> list[tuple[str, int, int]]:
    docs = tmp_path / "docs"
    (docs / name).parent.mkdir(parents=True, exist_ok=True)
    (docs / name).write_text(text, "utf-8")
    tree = walk_docs(docs)
    found = [f for rel in tree.files for f in docs_file_findings(docs, rel, f"docs/{rel}")]
    return sorted((f.code, f.line, f.col) for f in found if f.severity == "error")


@pytest.mark.parametrize(
    ("name", "text", "expected"), [r[1:] for r in FILES], ids=[r[0] for r in FILES]
)
def test_a_file_with_a_capital_markdown_suffix_is_read_as_published(
    name: str, text: str, expected: list[tuple[str, int, int]], tmp_path: Path, lib: Library
) -> None:
    assert _filepage_findings(tmp_path, name, text, lib) == expected


@pytest.mark.parametrize(
    ("name", "text"), [r[1:] for r in FILES_PASSED], ids=[r[0] for r in FILES_PASSED]
)
def test_a_file_with_a_capital_markdown_suffix_without_a_figure_passes(
    name: str, text: str, tmp_path: Path, lib: Library
) -> None:
    assert _filepage_findings(tmp_path, name, text, lib) == []


# (name, a file name in docs/, the path its finding names, or None: no finding)
NAMES = [
    ("line break", "a\nb.txt", "docs/a\\nb.txt"),
    ("carriage return in a page's name", "a\rb.md", "docs/a\\rb.md"),
    ("terminal escape", "e\x1b[31m.txt", "docs/e\\x1b[31m.txt"),
    ("line separator", "a\u2028b.txt", "docs/a\\u2028b.txt"),
    # near misses: a space, letters beyond ASCII
    ("space", "a b.txt", None),
    ("accents", "ünï.txt", None),
]


@pytest.mark.parametrize(("name", "path"), [r[1:] for r in NAMES], ids=[r[0] for r in NAMES])
def test_a_file_name_with_a_control_character_is_refused_escaped(
    name: str, path: str | None, tmp_path: Path
) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / name).write_text("Took 9 s\n", "utf-8")
    tree = walk_docs(tmp_path / "docs")
    found = [(f.path, f.code, f.severity) for f in tree.findings]
    assert found == ([] if path is None else [(path, "FX105", "error")])
    assert (tree.files + tree.pages == [name]) is (path is None)


# (name, page, [(code, line, col)]): a figure's text placed at a word's boundary first
PLACES = [
    (
        "ideographic space, then a longer unit",
        "# X\n\nA took 94\u3000s now.\n\nB took 94 secs now.\n",
        [("FX501", 3, 8), ("FX501", 5, 8)],
    ),
    (
        "no-break space, then a longer unit",
        "# X\n\nA took 94\u00a0s now.\n\nB took 94 secs now.\n",
        [("FX501", 3, 8), ("FX501", 5, 8)],
    ),
    (
        "a line wrap, then a longer unit",
        "# X\n\nA took 94\ns now.\n\nB took 94 secs now.\n",
        [("FX501", 3, 8), ("FX501", 6, 8)],
    ),
    (
        "a word first, then the figure",
        "# X\n\nA took 94 secs.\n\nB took 94\u3000s now.\n",
        [("FX501", 3, 8), ("FX501", 5, 8)],
    ),
]
PLACES_PASSED = [
    (
        "the same text twice",
        "# X\n\nA took 94 s.\n\nB took 94 s.\n",
        [("FX501", 3, 8), ("FX501", 5, 8)],
    ),
    ("a unit glued to CJK text", "# X\n\n処理は94秒かかった。\n", [("FX501", 3, 4)]),
]


@pytest.mark.parametrize(
    ("page", "expected"),
    [r[1:] for r in PLACES + PLACES_PASSED],
    ids=[r[0] for r in PLACES + PLACES_PASSED],
)
def test_a_figure_is_placed_at_its_own_line_not_a_longer_words_start(
    page: str, expected: list[tuple[str, int, int]], lib: Library
) -> None:
    assert page_findings(page, lib) == expected


# (name, a theme template, [line:col of FX501]): a filter's output read as published
TEMPLATES = [
    ("lower", '<p>Saves {{ "took 76 S"|lower }} per run</p>\n', ["1:19"]),
    ("capitalize", '<p>I {{ "TOOK 59 S"|capitalize }}</p>\n', ["1:15"]),
    ("filesizeformat", "<p>C moved {{ 53000000|filesizeformat }} per run</p>\n", ["1:12"]),
    ("upper, as spelled", '<p>{{ "now 50 s"|upper }}</p>\n', ["1:12"]),
    # near misses: words a filter changes the case of, and a title-cased letter
    ("words", '<p>{{ "RUNS"|lower }} {{ "v2"|upper }}</p>\n', []),
    ("title", '<p>{{ "Took 9 S"|title }}</p>\n', []),
]


@pytest.mark.parametrize(
    ("template", "where"), [r[1:] for r in TEMPLATES], ids=[r[0] for r in TEMPLATES]
)
def test_a_templates_filter_output_is_read_as_written(
    template: str, where: list[str], tmp_path: Path
) -> None:
    (tmp_path / "overrides").mkdir()
    (tmp_path / "overrides" / "main.html").write_text(template, "utf-8")
    found = template_findings(tmp_path / "overrides", "overrides")
    assert [f"{f.line}:{f.col}" for f in found] == where
    assert all(f.path == "overrides/main.html" and f.code == "FX501" for f in found)


# (name, mkdocs.yml, a theme template, [line:col of FX501]): a setting a template writes
SETTINGS = [
    (
        "site_author",
        'site_name: x\nsite_author: "94"\n',
        "<p>Took {{ config.site_author }} s</p>",
        ["1:9"],
    ),
    (
        "copyright",
        "site_name: x\ncopyright: 2.0\n",
        "<b>{{ config.copyright }}x faster</b>",
        ["1:4"],
    ),
    ("site_name", "site_name: '95'\n", "<p>{{ config['site_name'] ~ ' s' }}</p>", ["1:4"]),
    # near misses: a setting written with no unit after it, and one the template never writes
    ("words", "site_name: x\nsite_author: Ann\n", "<p>Took {{ config.site_author }} s</p>", []),
    ("not written", 'site_name: x\nsite_author: "94"\n', "<p>{{ config.site_name }} s</p>", []),
]


@pytest.mark.parametrize(
    ("config", "template", "where"), [r[1:] for r in SETTINGS], ids=[r[0] for r in SETTINGS]
)
def test_a_setting_a_template_writes_is_read_in_the_template(
    config: str, template: str, where: list[str], tmp_path: Path
) -> None:
    (tmp_path / "overrides").mkdir()
    (tmp_path / "overrides" / "main.html").write_text(template, "utf-8")
    found = template_findings(tmp_path / "overrides", "overrides", {}, config_settings(config))
    assert [f"{f.line}:{f.col}" for f in found] == where


_SITE_RECORD = (
    _HEAD
    + "figures:\n  base: {value: 3.2, unit: GB/s, what: Old bandwidth}\n"
    + "  took_94_s: {value: 1, unit: count}\n"
    + "derived:\n  up_by_50_percent: {formula: base * 2, unit: GB/s, decimals: 1}\n"
    + "  new: {formula: base * 2, unit: GB/s, decimals: 1, what: New bandwidth}\n"
)
_SITE_PAGE = (
    "# Welcome\n\nReads at [6.4 GB/s](evidence:S1#new).\n\n```evidence-chart\ntitle: Bandwidth\n"
    "groups:\n  - label: Runs of 94 s\n    bars:\n      - {label: New, ref: S1#new}\n"
    "  - label: Runs v2\n    bars:\n      - {label: Old, ref: S1#base}\n```\n"
)
_SITE_EXPECTED = [
    "docs/index.md:8:20: FX501",
    "docs/results.MD:3:9: FX501",
    "docs/w.md:3:8: FX501",
    "docs/w.md:5:8: FX501",
    "evidence/S1.yaml:11:9: FX501",
    "evidence/S1.yaml:9:8: FX501",
]


def test_check_and_build_agree_on_one_site_of_every_family(tmp_path: Path) -> None:
    site = tmp_path / "site6"
    (site / "evidence").mkdir(parents=True)
    (site / "evidence" / "S1.yaml").write_text(_SITE_RECORD, "utf-8")
    (site / "docs").mkdir()
    (site / "docs" / "index.md").write_text(_SITE_PAGE, "utf-8")
    (site / "docs" / "results.MD").write_text("# Results\n\nIt took 94 s per run.\n", "utf-8")
    (site / "docs" / "clean.MD").write_text("# Results\n\nIt ran.\n", "utf-8")
    (site / "docs" / "w.md").write_text("# X\n\nA took 94\u3000s now.\n\nB took 94 secs now.\n")
    config = "site_name: Six\ntheme:\n  name: material\n  font: false\nplugins:\n  - search\n  - fxsite\n"
    (site / "mkdocs.yml").write_text(config, "utf-8")
    checked, built = check_and_build(site)
    found = [
        [ln.split(" bare figure")[0] for ln in finding_lines(out.stdout, warnings=False)]
        for out in (checked, built)
    ]
    assert (checked.returncode, built.returncode) == (1, 1)
    assert found == [_SITE_EXPECTED, _SITE_EXPECTED]
    assert not (site / "site").exists()
