"""Every finding on something written in a source names that source and its line.

A figure inside a value written over several lines (a block scalar, a folded
or plain string, a quoted string with escapes) is found at its own line and
column in the record, ``mkdocs.yml`` or the page's front matter, not at the
key's line; a figure written with an entity is found where it is written; a
string a theme template's Jinja writes, a file ``mkdocs.yml`` inherits, a
snippet a page includes and a title MkDocs makes from a file or folder name are
each judged where they are written. In-process rows: a source in, ``path:line:col`` of each finding out, and a
near miss that must pass. One whole-site row: ``fxsite check`` and ``fxsite
build`` name the same sources at the same lines, for a figure in each place a
writer can put text.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from markdown import Markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor
from sitekit import (
    CLEAN,
    FIXTURE_EXTENSIONS,
    PAGE_PATH,
    check_and_build,
    finding_lines,
    fixture_renderer,
    href_for,
    library,
)

from fxsite.evidence.library import Library, load_library
from fxsite.findings import Finding
from fxsite.markdown import PageRenderer, check_page, render_page
from fxsite.pages.config_text import config_findings, has_nav, inherited, titled_in_nav
from fxsite.pages.name_title import section_title_findings
from fxsite.pages.page import process_page
from fxsite.pages.record_text import record_text_findings
from fxsite.pages.scalar_place import scalar_offset
from fxsite.pages.template_text import template_findings
from fxsite.verify.sources import locate_in_sources, not_reported

# -- a record's words -----------------------------------------------------------------------------

_RECORD = """\
id: R7
label: spec
status: active
title: {title}
setup:
  system: {system}
figures:
  save:
    value: 94
    unit: s
    what: {what}
invariants:
  - expr: save
    equals: save
    within: 1%
    why: {why}
notes: {notes}
"""
_PLAIN = {
    "title": "FX100 on an 8-GPU node",
    "system": "FX100",
    "what": "Save time",
    "why": "the same figure",
    "notes": "n",
}
_ZH = "translations:\n  zh:\n    title: {zh}\n"


@pytest.mark.parametrize(
    ("field", "text", "where"),
    [
        ("notes", "|\n  First line.\n\n  Took 33 ms then.", ["20:8"]),
        ("notes", ">\n  Took it\n  at 33 ms.", ["19:6"]),
        ("notes", "|2\n    Took 33 ms.", ["18:10"]),  # indentation indicator: kept spaces
        ("notes", "!!str |\n  Took 33 ms.", ["18:8"]),  # a tag before the indicator
        ("notes", "|\n  Took 33 ms.\n  Again 33 ms.", ["18:8", "19:9"]),  # a repeat: its line
        ("notes", "|\n  Fine.\n  Took [95 s](evidence:R7#save).", ["19:8"]),  # FX403
        (
            "notes",
            "|\n  Fine [95 s](evidence:R7#save).\n  Again [95 s](evidence:R7#save).",
            ["18:8", "19:9"],
        ),  # a repeated claim: each at its own line
        ("what", ">\n      Save time\n      of 77 s", ["13:10"]),
        ("system", ">-\n    FX100 with\n    512 GB RAM", ["8:5"]),
        ("system", "FX100 with\n    512 GB RAM", ["7:5"]),  # a plain string over lines
        ("title", '"Saves\n  in 95 s"', ["5:6"]),
        ("title", '"Saves in 95 s"', ["4:18"]),  # past the opening quote
        ("title", "'it''s 95 s'", ["4:15"]),  # a doubled quote is one character
        ("why", '"cached \\x31\\x32 GB"', ["16:18"]),  # at the escape that writes the 1
        ("zh", '"检查点\n      写入 65 s"', ["21:10"]),
        # near misses: the record's own value, names, a version over lines
        ("notes", "|\n  First.\n  Took 94 s.", []),
        ("system", ">-\n    FX100 (MkDocs 1.6),\n    8-GPU, G1–G4", []),
        ("zh", '"检查点\n      写入 FX100"', []),
    ],
)
def test_record_text_at_its_own_line(
    field: str, text: str, where: list[str], tmp_path: Path
) -> None:
    (tmp_path / "evidence").mkdir()
    fields = {**_PLAIN, field: text} if field != "zh" else _PLAIN
    record = _RECORD.format(**fields) + (_ZH.format(zh=text) if field == "zh" else "")
    (tmp_path / "evidence" / "R7.yaml").write_text(record, "utf-8")
    lib = load_library(tmp_path / "evidence", tmp_path)
    assert [f for f in lib.findings if f.severity == "error"] == []
    found = record_text_findings(lib, tmp_path)
    assert [f"{f.line}:{f.col}" for f in found] == where
    assert all(f.path == "evidence/R7.yaml" for f in found)


#: A figure in each other field a record's pages show, written over lines.
_EVERY_FIELD = """\
id: R7
label: spec
status: active
title: FX100 on an 8-GPU node
source:
  issuer: >-
    Fixture
    Labs 71 s
  document: "reports/run\\
    _72_s.pdf"
setup:
  system: FX100
  ran_for_73_s: yes
figures:
  save:
    value: 94
    unit: s
    what: Save time
  base:
    value: 178
    unit: s
derived:
  speed:
    formula: base / save
    unit: "×"
    decimals: 1
    what: |
      Speed-up,
      not 74 s
invariants:
  - expr: save
    equals: save
    within: 1%
    why: >
      the same
      figure 75 s
translations:
  zh:
    setup:
      system: |
        FX100
        76 s
    what:
      save: "保存
        77 s"
"""


def test_every_shown_field_of_a_record_at_its_own_line(tmp_path: Path) -> None:
    (tmp_path / "evidence" / "reports").mkdir(parents=True)
    (tmp_path / "evidence" / "R7.yaml").write_text(_EVERY_FIELD, "utf-8")
    found = record_text_findings(load_library(tmp_path / "evidence", tmp_path), tmp_path)
    assert [(f.text, f.line, f.col) for f in found] == [
        ("71 s", 8, 10),  # issuer, folded
        ("72 s", 10, 6),  # document, after an escaped line break (shown with spaces)
        ("73 s", 13, 11),  # a setup key, shown as a heading
        ("74 s", 29, 11),  # a derived figure's what, a block scalar
        ("75 s", 36, 14),  # an invariant's why, folded
        ("76 s", 42, 9),  # a translated setup value
        ("77 s", 45, 9),  # a translated what, quoted over lines
    ]


def test_record_with_windows_line_ends(tmp_path: Path) -> None:
    (tmp_path / "evidence").mkdir()
    record = _RECORD.format(**{**_PLAIN, "notes": "|\n  First.\n  Took 33 ms."})
    (tmp_path / "evidence" / "R7.yaml").write_bytes(record.replace("\n", "\r\n").encode())
    found = record_text_findings(load_library(tmp_path / "evidence", tmp_path), tmp_path)
    assert [(f.path, f.line, f.col) for f in found] == [("evidence/R7.yaml", 19, 8)]


def test_a_changed_record_is_placed_at_its_fields_first_line(tmp_path: Path) -> None:
    """Where the text no longer pairs with the value (the file changed since): never a wrong line."""
    (tmp_path / "evidence").mkdir()
    file = tmp_path / "evidence" / "R7.yaml"
    file.write_text(_RECORD.format(**{**_PLAIN, "notes": "|\n  First.\n  Took 33 ms."}), "utf-8")
    lib = load_library(tmp_path / "evidence", tmp_path)
    file.write_text(_RECORD.format(**{**_PLAIN, "notes": "|\n  Other.\n  Took 33 ms."}), "utf-8")
    found = record_text_findings(lib, tmp_path)
    assert [(f.line, f.col) for f in found] == [(17, 8)]


# -- mkdocs.yml -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("config", "where"),
    [
        ("site_name: S\ncopyright: |\n  Fixture Labs\n  Saves 42 s since 2020\n", ["4:9"]),
        ("site_name: S\nextra:\n  banner: >\n    Welcome\n    now 43 s faster\n", ["5:9"]),
        ("site_name: Fixture\n  site 41 s\n", ["2:8"]),  # a plain string over lines
        ('site_name: S\nnav:\n  - "Fa\\x73t 94 s": a.md\n', ["3:14"]),  # after an escape
        ("site_name: 94 s or 94 s\n", ["1:12", "1:20"]),  # a repeat: at its own column
        ("site_name: S\ncopyright: |\n  (c) Labs\n  now &#57;&#52; s\n", ["4:7"]),  # an entity
        ("site_name: S\nextra:\n  note: 'Now\n    ''fast'' 43 s'\n", ["4:14"]),
        # near misses: a year and a name over lines
        ("site_name: S\ncopyright: |\n  (c) 2020\n  Fixture Labs FX100\n", []),
    ],
)
def test_config_strings_at_their_own_line(config: str, where: list[str], lib: Library) -> None:
    found = config_findings(config, "mkdocs.yml", lib)
    assert [f"{f.line}:{f.col}" for f in found] == where
    assert all(f.path == "mkdocs.yml" and f.code == "FX501" for f in found)


@pytest.mark.parametrize(
    ("child", "parent", "where"),
    [
        ("INHERIT: base.yml\n", "site_name: Fixture in 33 s\n", ["base.yml:1:23"]),
        (
            "INHERIT: base.yml\nextra:\n  b: plain\n",
            "extra:\n  a: |\n    Labs\n    34 s\n  b: Now 35 s\n",
            ["base.yml:4:5"],  # extra.b is the child's
        ),
        ("INHERIT: base.yml\nsite_name: S 36 s\n", "site_name: P\n", ["mkdocs.yml:2:14"]),
        # near misses: overridden by the child, a list the child replaces, no INHERIT
        ("INHERIT: base.yml\nsite_name: S\n", "site_name: P 33 s\n", []),
        ("INHERIT: base.yml\nnav:\n  - index.md\n", "nav:\n  - 'Fast 37 s': a.md\n", []),
        ("site_name: S\n", "site_name: P 33 s\n", []),
    ],
)
def test_an_inherited_configuration_at_its_own_line(
    child: str, parent: str, where: list[str], lib: Library, tmp_path: Path
) -> None:
    (tmp_path / "base.yml").write_text(parent, "utf-8")
    parents = inherited(
        child, tmp_path / "mkdocs.yml", lambda f: f.relative_to(tmp_path).as_posix()
    )
    found = config_findings(child, "mkdocs.yml", lib, parents)
    assert [f"{f.path}:{f.line}:{f.col}" for f in found] == where


def test_an_inherit_loop_ends(lib: Library, tmp_path: Path) -> None:
    (tmp_path / "a.yml").write_text("INHERIT: b.yml\nsite_name: A\n", "utf-8")
    (tmp_path / "b.yml").write_text("INHERIT: a.yml\ncopyright: B 38 s\n", "utf-8")
    parents = inherited("INHERIT: a.yml\n", tmp_path / "mkdocs.yml", lambda f: f.name)
    assert [name for name, _ in parents] == ["a.yml", "b.yml"]
    found = config_findings("INHERIT: a.yml\n", "mkdocs.yml", lib, parents)
    assert [f"{f.path}:{f.line}" for f in found] == ["b.yml:2"]


# -- a page -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


_FAQ = "---\nfaq:\n  - q: {q}\n    a: {a}\n---\n\n# T\n\nText.\n"


@pytest.mark.parametrize(
    ("page", "where"),
    [
        (_FAQ.format(q='"Why\n      53 s?"', a="Fine."), ["FX501 4:7"]),
        (_FAQ.format(q="'It''s 53 s?'", a="Fine."), ["FX501 3:15"]),
        (_FAQ.format(q="Why?", a='"Because \\x35\\x33 s."'), ["FX501 4:17"]),
        ('---\ndescription: "A page\n  of 63 s"\n---\n\n# T\n\nText.\n', ["FX501 3:6"]),
        ("---\nsubtitle: >\n  A sub\n  of 63 s\n---\n\n# T\n\nText.\n", ["FX501 4:6"]),
        ('---\nsubtitle: "Sub \\x36\\x33 s"\n---\n\n# T\n\nText.\n', ["FX501 2:16"]),
        ('---\ntags:\n  - plain\n  - "t\n    63 s"\n---\n\n# T\n\nText.\n', ["FX501 5:5"]),
        ('---\nrelated:\n  - title: "Rel\n      63 s"\n---\n\n# T\n\nText.\n', ["FX501 4:7"]),
        # the same words in two fields: each at its own field
        (
            "---\ndescription: Sub 63 s\nsubtitle: Sub 63 s\n---\n\n# T\n\nText.\n",
            ["FX501 3:15", "FX501 2:18"],
        ),
        ("# T\n\nTook 7&#54; s in the run.\n", ["FX501 3:6"]),  # drawn as 76 s
        ("# T\n\nText.\n\nTook &#55;&#54; s.\n", ["FX501 5:6"]),
        # near misses: the cited figure, an entity that is no figure
        (_FAQ.format(q="Why?", a='"See [94 s](evidence:R1#save_time_fx100)."'), []),
        ("# T\n\nR&amp;D on FX100 &mdash; plain.\n", []),
    ],
)
def test_page_findings_at_their_own_line(page: str, where: list[str], lib: Library) -> None:
    _, findings = check_page(page, PAGE_PATH, lib, href_for, fixture_renderer())
    assert [f"{f.code} {f.line}:{f.col}" for f in findings] == where
    assert all(f.path == "docs/p.md" for f in findings)


@pytest.mark.parametrize(
    ("page", "where"),
    [
        ("# T\n\nText.\n\nIt is 1/4 faster.\n", ["FX501 5:7"]),  # drawn as ¼
        ("# T\n\nText.\n\nNow 3/4 of 1/4 done.\n", ["FX501 5:5", "FX501 5:12"]),
        # near miss: a sign it draws that is no figure
        ("# T\n\nText.\n\n(c) Labs --> next.\n", []),
    ],
)
def test_a_figure_another_extension_draws_at_its_line(
    page: str, where: list[str], lib: Library
) -> None:
    renderer = PageRenderer([*FIXTURE_EXTENSIONS, "pymdownx.smartsymbols"], {})
    _, findings = check_page(page, PAGE_PATH, lib, href_for, renderer)
    assert [f"{f.code} {f.line}:{f.col}" for f in findings] == where


@pytest.mark.parametrize(
    ("src", "page", "where"),
    [
        ("took-94-s.md", "Text only.\n", ["docs/took-94-s.md:1:1"]),
        ("a/took-94-s.md", "Intro.\n\n# Later heading\n", ["docs/a/took-94-s.md:1:1"]),
        ("README-94-s.md", "Text.\n", ["docs/README-94-s.md:1:1"]),
        # near misses: a heading first, a front-matter title, the home page, a year
        ("took-94-s.md", "# Title\n\nText.\n", []),
        ("took-94-s.md", "---\ntitle: Took\n---\n\nText.\n", []),
        ("index.md", "Text.\n", []),
        ("release-2026.md", "Text.\n", []),
    ],
)
def test_a_title_made_from_a_file_name_at_the_file(
    src: str, page: str, where: list[str], lib: Library
) -> None:
    path = f"docs/{src}"
    result = process_page(page, path, lib, href_for)
    findings = render_page(result, page, lib, href_for, fixture_renderer(), src=src)[1].findings
    assert [f"{f.path}:{f.line}:{f.col}" for f in [*result.findings, *findings]] == where


@pytest.mark.parametrize(
    ("pages", "where"),
    [
        (["a.md", "results-95-s/index.md"], ["docs/results-95-s:1:1"]),
        (["r/x-96-s/y.md", "r/z.md"], ["docs/r/x-96-s:1:1"]),  # a folder inside a folder
        # near misses: pages at the root, folders named by a year or a name
        (["a.md", "b-94-s.md"], []),
        (["2026/a.md", "fx100/b.md"], []),
    ],
)
def test_a_section_title_made_from_a_folder_name_at_the_folder(
    pages: list[str], where: list[str], lib: Library
) -> None:
    found = section_title_findings(pages, "docs", lib)
    assert [f"{f.path}:{f.line}:{f.col}" for f in found] == where


def test_a_configured_nav_titles_its_pages() -> None:
    nav = "nav:\n  - index.md\n  - Took: took-94-s.md\n  - Sec:\n      - In: a/b.md\n      - c.md\n"
    assert titled_in_nav(nav) == {"took-94-s.md", "a/b.md"}
    assert titled_in_nav("site_name: S\n", [("b.yml", "nav:\n  - T: x.md\n")]) == {"x.md"}
    assert titled_in_nav("nav:\n  - y.md\n", [("b.yml", "nav:\n  - T: x.md\n")]) == set()


def test_a_configured_nav_names_the_sections() -> None:
    assert has_nav("site_name: S\nnav:\n  - index.md\n")
    assert has_nav("INHERIT: b.yml\n", [("b.yml", "nav:\n  - index.md\n")])
    assert not has_nav("site_name: S\n")


@pytest.mark.parametrize(
    ("page", "snippet", "where"),
    [
        ('# T\n\n--8<-- "shared.md"\n', "Shared.\n\nIt took 58 s.\n", ["snippets/shared.md:3:9"]),
        (
            '# T\n\nNow 57 s.\n\n--8<-- "shared.md"\n',
            "Shared.\n\nIt took\n58 s.\n",
            ["docs/p.md:3:5", "snippets/shared.md:4:1"],
        ),
        # near misses: no figure in the snippet; the page's own figure at the page
        ('# T\n\n--8<-- "shared.md"\n', "Shared, FX100.\n", []),
        ('# T\n\nIt took 58 s.\n\n--8<-- "shared.md"\n', "Shared.\n", ["docs/p.md:3:9"]),
    ],
)
def test_a_snippets_figure_at_its_line_there(
    page: str,
    snippet: str,
    where: list[str],
    lib: Library,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "shared.md").write_text(snippet, "utf-8")
    monkeypatch.chdir(tmp_path)  # a snippet's base_path is relative to the working folder
    configs = {"pymdownx.snippets": {"base_path": ["snippets"]}}
    renderer = PageRenderer([*FIXTURE_EXTENSIONS, "pymdownx.snippets"], configs)
    _, findings = check_page(page, PAGE_PATH, lib, href_for, renderer)
    assert [f"{f.path}:{f.line}:{f.col}" for f in findings] == where


@pytest.mark.parametrize(
    ("text", "value", "index", "at"),
    [
        ('a: "x\\\n   9 s"\n', "x9 s", 1, 10),  # an escaped line break adds nothing
        ("a: |\n  # 9 s\n", "# 9 s\n", 2, 9),  # a hash in a block scalar is text
        ("a: 'x'\n", "y", 0, None),  # not this value: no place inside it
        ('a: "\\q 9"\n', "\\q 9", 3, None),  # an escape YAML has not
    ],
)
def test_scalar_offset(text: str, value: str, index: int, at: int | None) -> None:
    assert scalar_offset(text, 3, value, index) == at


@pytest.mark.parametrize(
    ("template", "where"),
    [
        ('{% set speed = "Took 49 s" %}{{ speed }}\n', ["1:22"]),
        ('<p>{{ "now 50 s" }}</p>\n', ["1:12"]),
        ("<p>{{ page.title or 'Saves 2.0x' }}</p>\n", ["1:28"]),
        ('<p>{{\n  "now 50 s" | upper\n}}</p>\n', ["2:8"]),
        ('{%- set note = "Back in 51 s" -%}\n', ["1:25"]),
        # near misses: a name, a file, a comparison the template does not write
        ('{% extends "base.html" %}{% include "partials/x-94.html" %}\n', []),
        ('{% if page.meta.t == "94 s" %}x{% endif %}\n', []),
        ("{{ lang.t('toc') }} {{ config.site_name }}\n", []),
    ],
)
def test_a_templates_literal_text_at_its_line(
    template: str, where: list[str], tmp_path: Path
) -> None:
    (tmp_path / "overrides").mkdir()
    (tmp_path / "overrides" / "main.html").write_text(template, "utf-8")
    found = template_findings(tmp_path / "overrides", "overrides")
    assert [f"{f.line}:{f.col}" for f in found] == where
    assert all(f.path == "overrides/main.html" and f.code == "FX501" for f in found)


@pytest.mark.parametrize(
    ("source", "where"),
    [
        # a text the theme or a plugin wrote: not at a page's number that looks like it
        ("# T\n\n`code: 50%`\n", "index.html:80:1"),
        ("# T\n\nBuild 50 of the site.\n", "index.html:80:1"),
        # blind83: in a claim's text only (an included file's bare copy): not at the claim
        ('# T\n\nNow [50 s](evidence:R1#x).\n\n--8<-- "s.md"\n', "index.html:80:1"),
        ("# T\n\nNow [50 s][r].\n\n[r]: evidence:R1#x\n", "index.html:80:1"),
        # near misses: the page writes it, as it is, split, or with an entity
        ("# T\n\nNow 50 s.\n", "docs/index.md:3:5"),
        ("# T\n\nNow 50\ns.\n", "docs/index.md:3:5"),
        ("# T\n\nNow &#53;0 s.\n", "docs/index.md:3:5"),
        ("# T\n\nNow [50 s](evidence:R1#x), then 50 s.\n", "docs/index.md:3:33"),
    ],
)
def test_a_gate_finding_is_placed_where_its_page_writes_it(source: str, where: str) -> None:
    gate = [Finding("index.html", 80, 1, "FX501", "bare figure", text="50 s")]
    (found,) = locate_in_sources(gate, {"": ("docs/index.md", source)})
    assert f"{found.path}:{found.line}:{found.col}" == where


def test_a_copy_of_an_included_files_figure_is_that_finding_again() -> None:
    # blind83: under serve, a snippet's bare "178 s" on a page citing [178 s](…) was told a
    # second time, at the page's claim
    source = '# T\n\nFell from [178 s](evidence:R1#a).\n\n--8<-- "s.md"\n'
    gate = [Finding("index.html", 80, 1, "FX501", "bare figure", text="178 s")]
    reported = [Finding("snippets/s.md", 1, 24, "FX501", "bare figure", text="178 s")]
    assert not_reported(locate_in_sources(gate, {"": ("docs/index.md", source)}), reported) == []


@pytest.mark.parametrize(
    ("reported_at", "left"),
    [
        (["docs/index.md", "snippets/s.md"], 0),
        # near misses: a page's own finding stands for its own copy only; one on another
        # page's source stands for no copy of this page
        (["docs/index.md"], 1),
        (["docs/index.md", "docs/other.md"], 1),
    ],
)
def test_a_pages_copy_and_its_snippets_are_each_a_finding_reported(
    reported_at: list[str], left: int
) -> None:
    # blind83: under serve, a page's bare "178 s" and its snippet's were told three times
    source = '# T\n\nSaves took 178 s.\n\n--8<-- "s.md"\n'
    gate = [Finding("index.html", 80, 1, "FX501", "bare figure", text="178 s")] * 2
    sources = {"": ("docs/index.md", source), "other/": ("docs/other.md", "# O\n")}
    reported = [Finding(p, 1, 1, "FX501", "bare figure", text="178 s") for p in reported_at]
    located = locate_in_sources(gate, sources)
    pages = {path for path, _ in sources.values()}
    assert len(not_reported(located, reported, pages)) == left


# -- the whole site: each place a writer can put text ----------------------------------------------

_PAGES = {
    "body.md": "# Body\n\nPlain line.\n\nTook 51 s in\nthe run.\n",
    "table.md": "# Table\n\n| Case | Time |\n|---|---|\n| A | x |\n| B | 52 s |\n",
    "questions.md": _FAQ.format(q="Why?", a='"Because \\x35\\x33 s."'),
    "adm.md": '# Adm\n\nText.\n\n!!! note "Took 54 s"\n\n    Body.\n',
    "tab.md": '# Tab\n\nText.\n\n=== "Other"\n\n    A.\n\n=== "Took 55 s"\n\n    B.\n',
    "foot.md": "# Foot\n\nFast.[^1]\n\n[^1]: It took\n    56 s.\n",
    "link.md": '# Link\n\nSee [it](https://x.example\n"took 57 s").\n',
    "alt.md": "# Alt\n\nText.\n\n![Took 58 s](a.png)\n",
    "abbr.md": "# Abbr\n\nThe HTML page.\n\n*[HTML]: Took 59 s\n",
    "attr.md": '# Attr\n\nText.\n\n## Head { title="Took 61 s" }\n',
    "front.md": "---\ntitle: Front\ndescription: >\n  A page\n  of 63 s.\n---\n\n# Front\n\nText.\n",
    "entity.md": "# Entity\n\nTook 6&#52; s.\n",
    "snip.md": '# Snip\n\n--8<-- "shared.md"\n',
    "took-95-s.md": "Text without a heading.\n",
    "named-96-s.md": "Titled by the nav.\n",  # a near miss: the nav's title is shown
}
_CONFIG = """\
INHERIT: base.yml
site_name: Fixture
  hunt site 41 s
site_url: https://fixture.example/
copyright: |
  Fixture Labs
  Saves 42 s since 2020
extra:
  banner: >
    Welcome
    now 43 s faster
theme:
  name: material
  font: false
  custom_dir: overrides
markdown_extensions:
  - abbr
  - admonition
  - attr_list
  - md_in_html
  - tables
  - footnotes
  - toc:
      permalink: true
  - pymdownx.details
  - pymdownx.superfences
  - pymdownx.snippets:
      base_path: [snippets]
  - pymdownx.tabbed:
      alternate_style: true
plugins:
  - search
  - fxsite
nav:
  - index.md
  - "Nav 44 s": body.md
  - "Named": named-96-s.md
  - evidence/index.md
  - faq.md
"""
_EXPECTED = {
    "mkdocs.yml:3:13",
    "mkdocs.yml:7:9",
    "mkdocs.yml:11:9",
    "mkdocs.yml:36:10",
    "base.yml:1:31",
    "overrides/main.html:2:22",
    "overrides/main.html:5:3",
    "evidence/R1.yaml:13:10",
    "evidence/R1.yaml:28:11",
    "evidence/R1.yaml:35:10",
    "docs/body.md:5:6",
    "docs/table.md:6:7",
    "docs/questions.md:4:17",
    "docs/adm.md:5:16",
    "docs/tab.md:9:11",
    "docs/foot.md:6:5",
    "docs/link.md:4:7",
    "docs/alt.md:5:8",
    "docs/abbr.md:5:15",
    "docs/attr.md:5:23",
    "docs/front.md:5:6",
    "docs/entity.md:3:6",
    "snippets/shared.md:3:9",
    "docs/took-95-s.md:1:1",
}


@pytest.mark.slow
def test_check_and_build_name_each_source_line(tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(CLEAN, site, ignore=shutil.ignore_patterns("site", ".cache"))
    for page in (site / "docs").glob("*.md"):
        if page.name != "index.md":
            page.unlink()
    index = site / "docs" / "index.md"
    index.write_text(index.read_text("utf-8").replace("  - analysis.md\n", ""), "utf-8")
    for name, text in _PAGES.items():
        (site / "docs" / name).write_text(text, "utf-8")
    (site / "docs" / "a.png").write_bytes(b"PNG")
    (site / "mkdocs.yml").write_text(_CONFIG, "utf-8")
    (site / "base.yml").write_text("site_description: Evidence in 39 s\n", "utf-8")
    (site / "snippets").mkdir()
    (site / "snippets" / "shared.md").write_text("Shared.\n\nIt took 58 s.\n", "utf-8")
    (site / "overrides").mkdir()
    (site / "overrides" / "main.html").write_text(
        '{% extends "base.html" %}\n{% set speed = "Took 49 s" %}\n'
        "{% block announce %}\n  Now\n  45 s faster, {{ speed }}\n{% endblock %}\n",
        "utf-8",
    )
    record = site / "evidence" / "R1.yaml"
    text = record.read_text("utf-8")
    text = text.replace("  system: FX100 array\n", "  system: >-\n    FX100 array\n    with 67 s\n")
    notes = "notes: |\n  Published for readers.\n\n  It took 66 s once.\n"
    text = text.replace("notes: Published for readers (PUBLIC-NOTE-5C2E).\n", notes)
    record.write_text(
        text + 'translations:\n  zh:\n    title: "检查点\n      写入 65 s"\n', "utf-8"
    )
    checked, built = check_and_build(site)

    def found(out: str) -> list[str]:
        return sorted(line.split(": FX")[0] for line in finding_lines(out))

    assert found(checked.stdout) == found(built.stdout), built.stdout
    assert set(found(built.stdout)) == _EXPECTED, built.stdout
    assert not (site / "site").exists()


# -- a text the page does not show before the one it shows ------------------------------------

_CLAIM = "[94 s](evidence:R1#save_time_fx100)"


@pytest.mark.parametrize(
    ("page", "where"),
    [
        ("# T\n\n<pre>saves 94 s</pre>\n\nText saves in 94 s.\n", ["FX501 5:15"]),
        ("# T\n\n\tcode block 94 s\n\nText saves in 94 s.\n", ["FX501 5:15"]),
        ("# T\n\n    code block 94 s\n\nText saves in 94 s.\n", ["FX501 5:15"]),
        ('# T\n\n<img src="assets/94 s.png" alt="logo">\n\nBody saves in 94 s.\n', ["FX501 5:15"]),
        ('# T\n\n[x]: https://example.com/ "94 s"\n\nBody saves in 94 s.\n', ["FX501 5:15"]),
        ('# T\n\n## Sub {#sub-94-s data-x="94 s"}\n\nBody saves in 94 s.\n', ["FX501 5:15"]),
        # a script's string is text a page may show (refused where it is written, too)
        (
            "# T\n\n<script>var t = '94 s';</script>\n\nBody saves in 94 s.\n",
            ["FX501 3:18", "FX501 5:15"],
        ),
        # a claim glued to a character: that claim, not the first of its text
        (f"# T\n\nFirst {_CLAIM} here.\n\nThen 5{_CLAIM} here.\n", ["FX503 5:8"]),
        (
            f"# T\n\nFirst {_CLAIM} here.\n\nSecond {_CLAIM} here.\n\nThird {_CLAIM}/{_CLAIM}.\n",
            ["FX503 7:8", "FX503 7:44"],
        ),
        # near misses: a shown attribute and a used definition's title are where the page
        # shows them; nothing shown, nothing found
        ('# T\n\n<img src="a.png" alt="took 94 s">\n\nBody.\n', ["FX501 3:28"]),
        ('# T\n\nSee [it][x].\n\n[x]: https://example.com/ "took 94 s"\n', ["FX501 5:33"]),
        (f"# T\n\n<pre>saves 94 s</pre>\n\nText saves in {_CLAIM}.\n", []),
        (f"# T\n\nFirst {_CLAIM} here.\n\nThen {_CLAIM} here.\n", []),
    ],
)
def test_a_finding_at_the_text_the_page_shows(page: str, where: list[str], lib: Library) -> None:
    _, findings = check_page(page, PAGE_PATH, lib, href_for, fixture_renderer())
    placed = sorted(findings, key=lambda f: (f.line, f.col))
    assert [f"{f.code} {f.line}:{f.col}" for f in placed] == where


@pytest.mark.parametrize(
    ("page", "where"),
    [
        # a page's <style> that reorders its text: at the rule that does
        (
            '# S\n\nText.\n\n<style>.g{display:grid;grid-template-areas:"b a"}</style>\n\n'
            '<div class="g"><span>Saves 9</span><span>4 s</span></div>\n',
            ["FX504 5:24"],
        ),
        # near miss: a grid that keeps the order of its text
        (
            "# S\n\nText.\n\n<style>.g{display:grid}</style>\n\n"
            '<div class="g"><span>Plain</span><span>words</span></div>\n',
            [],
        ),
    ],
)
def test_a_reordering_rule_at_its_line(page: str, where: list[str], lib: Library) -> None:
    _, findings = check_page(page, PAGE_PATH, lib, href_for, fixture_renderer())
    assert [f"{f.code} {f.line}:{f.col}" for f in findings if f.code != "FX501"] == where


@pytest.mark.parametrize(
    ("sheet", "where"),
    [
        ('.a { color: red; }\n.b::after { content: "94 s"; }\n', ["FX506 2:23"]),
        (".a { color: red; }\n.b { order: 2; }\n", ["FX504 2:6"]),
        # near misses: no text drawn, no order changed
        ('.a { color: red; }\n.b::after { content: ""; }\n', []),
        (".a { color: red; }\n.b { order: 0; }\n", []),
    ],
)
def test_a_stylesheets_finding_at_its_rule(sheet: str, where: list[str], tmp_path: Path) -> None:
    from fxsite.verify.docs_files import docs_file_findings

    (tmp_path / "x.css").write_text(sheet, "utf-8")
    found = docs_file_findings(tmp_path, "x.css", "docs/x.css")
    assert [f"{f.code} {f.line}:{f.col}" for f in found] == where


class _Macro(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        return [line.replace("{{speed}}", "94 s") for line in lines]


class _MacroExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_Macro(md), "speedmacro", 30)


@pytest.mark.parametrize(
    ("page", "where"),
    [
        # a text another extension writes in place of the page's: at the line it replaced
        ("# Macro\n\nIntro.\n\nIt saves in {{speed}} flat.\n", ["FX501 5:13"]),
        ("---\ntitle: M\n---\n\n# M\n\nA.\n\n\tcode\n\nIt saves in {{speed}}.\n", ["FX501 11:13"]),
        # near miss: the same extension writing no figure
        ("# Macro\n\nIntro.\n\nIt saves in {{other}} flat.\n", []),
    ],
)
def test_a_figure_another_extension_writes_at_the_line_it_replaced(
    page: str, where: list[str], lib: Library
) -> None:
    renderer = PageRenderer([*FIXTURE_EXTENSIONS, _MacroExtension()], {})
    _, findings = check_page(page, PAGE_PATH, lib, href_for, renderer)
    assert [f"{f.code} {f.line}:{f.col}" for f in findings] == where


# -- a figure at its own number, address-free, glue and digits -------------------------------

_EXTRA = PageRenderer(
    [*FIXTURE_EXTENSIONS, "pymdownx.caret", "pymdownx.critic", "pymdownx.magiclink"], {}
)
_NUM = "[94](evidence:R1#save_time_fx100)"


@pytest.mark.parametrize(
    ("page", "where"),
    [
        # a figure's text inside a longer number is not where it stands
        ("# T\n\nSave 194 s here.\n\nLater a bare 94 s here.\n", ["FX501 3:6", "FX501 5:14"]),
        ("# T\n\nSave 1.9 × here.\n\nLater a bare 9 × here.\n", ["FX501 3:6", "FX501 5:14"]),
        # a quote alone is no part of a number
        ("# T\n\nCode `94 s` here.\n\nSaid '94 s' here.\n", ["FX501 5:7"]),
        # an address is not shown text: a destination, an autolink, a bare address
        (
            "# T\n\nLink [see](https://e.example/94%20s) and <https://e.example/?t=94 s>.\n\n"
            "Bare 94 s here.\n",
            ["FX501 5:6"],
        ),
        ("# T\n\nLink https://e.example/?t=94s and more.\n\nBare 94s here.\n", ["FX501 5:6"]),
        # a claim glued through inline HTML: that claim, never the fine one
        (
            f"# T\n\nFine {_NUM} here.\n\nA {_NUM}<b>0</b> here.\n\n"
            f"F {_NUM} <span>ms</span> here.\n",
            ["FX503 5:4", "FX503 7:4"],
        ),
        # written nowhere whole: by its number's digits on one line
        ("# T\n\nSome text.\n\nArea 9^4^ s here.\n", ["FX501 5:6"]),
        # The struck-out 90 is read both ways (blind10): "9094 s" and, as the edit leaves
        # it, "94 s" at its own number.
        ("# T\n\nChange {~~90~>94~~} s here.\n", ["FX501 3:11", "FX501 3:15"]),
        # a NUL, which a browser drops, joins the figure and is itself FX502 at its place
        ("# T\n\nSaves 9\x004 s here.\n", ["FX501 3:7", "FX502 3:8"]),
        # near misses: cited figures, an address alone, a claim fine beside a tag
        (f"# T\n\nSave {_CLAIM} here.\n\nLater {_CLAIM} here.\n", []),
        ("# T\n\nLink <https://e.example/?t=94s>.\n", []),
        (f"# T\n\nA {_NUM}<br>0 here.\n", []),
        ("# T\n\nArea 9^4^ here.\n", []),
    ],
)
def test_a_figure_at_its_own_number(page: str, where: list[str], lib: Library) -> None:
    _, findings = check_page(page, PAGE_PATH, lib, href_for, _EXTRA)
    assert [f"{f.code} {f.line}:{f.col}" for f in findings] == where


def test_a_power_of_ten_not_inside_a_scientific_figure(lib: Library) -> None:
    page = "# T\n\nPeak 1.2×10⁶ IOPS here.\n\nPeak 10⁶ IOPS here.\n"
    _, findings = check_page(page, PAGE_PATH, lib, href_for, _EXTRA)
    assert [f"{f.line}:{f.col}" for f in findings if f.text == "10⁶ IOPS"] == ["5:6"]


@pytest.mark.parametrize(
    ("base", "where"),
    [
        # the working folder is not the project's: a snippet inside the project is named
        # from the project's folder, one outside it by its absolute path (blind74: named
        # from the working folder, "snip/inc.md" named another file of the project)
        ("project/snippets", "snippets/shared.md:3:9"),
        ("outside/snippets", "{tmp}/outside/snippets/shared.md:3:9"),
    ],
)
def test_a_snippet_is_named_from_the_projects_folder(
    base: str, where: str, lib: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fxsite.markdown import render_page
    from fxsite.pages.page import process_page
    from fxsite.pages.page_title import SiteReaders

    (tmp_path / base).mkdir(parents=True)
    (tmp_path / base / "shared.md").write_text("Shared.\n\nIt took 58 s.\n", "utf-8")
    (tmp_path / "project").mkdir(exist_ok=True)
    monkeypatch.chdir(tmp_path)  # a snippet's base_path is read from the working folder
    configs = {"pymdownx.snippets": {"base_path": [base]}}
    renderer = PageRenderer([*FIXTURE_EXTENSIONS, "pymdownx.snippets"], configs)
    page = '# T\n\n--8<-- "shared.md"\n'
    result = process_page(page, PAGE_PATH, lib, href_for)
    readers = SiteReaders(root=str(tmp_path / "project"))
    _, context = render_page(result, page, lib, href_for, renderer, readers=readers)
    found = [f"{f.path}:{f.line}:{f.col}" for f in context.findings]
    assert found == [where.format(tmp=tmp_path.as_posix())]
