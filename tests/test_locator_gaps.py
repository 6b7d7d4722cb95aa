"""Findings that named no source line, placed where they are written.

A ``<style>`` block's drawn string at its own line and column in the page (not
at 1:1, nor at a digit of another line); an emoji keycap written as its
shortcode (``:nine::four: s``) at the shortcode; a string literal of a script
of ``docs/`` holding a figure as a bare figure (FX501) at its line, as an
inline script's is; a field of Material's ``meta`` plugin file (``.meta.yml``)
at its line in that file, not on the published pages. In-process rows, each
with near misses that must pass; one whole-site row compares ``fxsite check``
and ``fxsite build``.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest
from sitekit import CLEAN, EMPTY_EVIDENCE, FIXTURE_EXTENSIONS, check_and_build, href_for, library

from fxsite.evidence.library import Library
from fxsite.markdown import PageRenderer, check_page
from fxsite.project import Project
from fxsite.project_paths import ProjectPaths
from fxsite.verify import verify_site
from fxsite.verify.docs_files import docs_file_findings

PATH = "docs/p.md"
RENDERER = PageRenderer([*FIXTURE_EXTENSIONS, "pymdownx.emoji"], {})


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


def _found(source: str, lib: Library) -> list[str]:
    _, findings = check_page(source, PATH, lib, href_for, RENDERER)
    return [f"{f.code} {f.line}:{f.col}" for f in findings]


@pytest.mark.parametrize(
    ("page", "where"),
    [
        # a <style> block's drawn string: at its first character
        ('# T\n\nText.\n\n<style>.x::after{content:"94 s"}</style>\n', ["FX506 5:27"]),
        ('# T\n\nText.\n\n<style>\n.x::after {\n  content: "94 s";\n}\n</style>\n', ["FX506 7:13"]),
        ('# T\n\nText.\n\n<style>.x::after{content:" s"}</style>\n', ["FX506 5:27"]),
        ("# T\n\nIt is slow.\n\n<style>.x::after{content:' s'}</style>\n", ["FX506 5:27"]),
        ('# T\n\nText.\n\n<style>.x::after{content:"\\39 4 s"}</style>\n', ["FX506 5:27"]),
        (
            '# T\n\n<style>\n.a{color:red}\n.x::after{content:"ninety-four seconds"}\n</style>\n',
            ["FX506 5:20"],
        ),
        # a digit of another line is not the string
        (
            '# T\n\n<div>Take 9</div>\n\n<style>.x::after{content:"94 s"}</style>\n',
            ["FX506 5:27"],
        ),
        ('# T\n\nText.\n\n<style>.x::after{content:"Saves 1.9x"}</style>\n', ["FX506 5:33"]),
        ("# T\n\nText.\n\n<style>.x::after{content:attr(data-x)}</style>\n", ["FX506 5:26"]),
        # emoji keycaps written as shortcodes: at the shortcode
        ("# T\n\nIt took :nine::four: s here.\n", ["FX501 3:9"]),
        ("# T\n\nIt took\n:nine::four: s here.\n", ["FX501 4:1"]),
        ("# T\n\nAt 10:30 it took :one::two: ms.\n", ["FX501 3:18"]),
        ("# T\n\nIt was :rocket: fast, :one::two: ms.\n", ["FX501 3:23"]),
    ],
)
def test_refused_where_written(page: str, where: list[str], lib: Library) -> None:
    assert _found(page, lib) == where


@pytest.mark.parametrize(
    "page",
    [
        "# T\n\nText.\n\n<style>.x{color:red}</style>\n",
        '# T\n\nText.\n\n<style>.x::after{content:"\\2192"}</style>\n',
        "# T\n\nIt was :rocket: fast.\n",
        "# T\n\nStep :one: comes first.\n",
    ],
)
def test_near_miss_passes(page: str, lib: Library) -> None:
    assert _found(page, lib) == []


def test_an_emoji_with_materials_index_at_its_shortcode(lib: Library) -> None:
    """Material's twemoji index adds its icons (no characters) to pymdownx's own."""
    from material.extensions.emoji import to_svg, twemoji

    config = {"pymdownx.emoji": {"emoji_index": twemoji, "emoji_generator": to_svg}}
    renderer = PageRenderer([*FIXTURE_EXTENSIONS, "pymdownx.emoji"], config)
    page = "# T\n\nIt took :material-alarm:\n:nine::four: s here.\n"
    _, findings = check_page(page, PATH, lib, href_for, renderer)
    assert [f"{f.code} {f.line}:{f.col}" for f in findings] == ["FX501 4:1"]


# -- a script of docs/: its string literals ------------------------------------------------------


@pytest.mark.parametrize(
    ("script", "where"),
    [
        ('const t = "94 s";\n', ["FX501 1:12"]),
        ("// note\nconst t =\n  `took 178 s`;\n", ["FX501 3:9"]),
        ('const el = document.body;\nel.textContent = "94 s";\n', ["FX506 2:4", "FX501 2:19"]),
        # near misses: a comment, a number with no unit, a regular expression
        ("// took 94 s\nconst n = 94;\n", []),
        ("const re = /94 s/;\n", []),
        ('const name = "FX100";\n', []),
    ],
)
def test_a_scripts_string_figure_at_its_line(
    script: str, where: list[str], tmp_path: Path, lib: Library
) -> None:
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "x.js").write_text(script, "utf-8")
    found = docs_file_findings(tmp_path, "js/x.js", "docs/js/x.js")
    assert [f"{f.code} {f.line}:{f.col}" for f in found] == where
    assert all(f.path == "docs/js/x.js" for f in found)


_PAGE = (
    '<!doctype html><html><head><meta name="fxsite-build" content="0"><title>x</title>'
    "</head><body><article><p>Hello</p></article></body></html>"
)


@pytest.mark.parametrize(
    ("script", "where"),
    [
        ('// x\nconst t = "94 s";\n', ["js/x.js:2 FX501"]),
        ("const t = `took\n  178 s`;\n", ["js/x.js:2 FX501"]),
        # near misses: a comment, a regular expression, a number with no unit
        ("// took 94 s\nconst re = /94 s/;\nconst n = 94;\n", []),
    ],
)
def test_the_audit_reads_a_published_scripts_strings(
    script: str, where: list[str], tmp_path: Path
) -> None:
    (tmp_path / "evidence.json").write_text(json.dumps(EMPTY_EVIDENCE), "utf-8")
    (tmp_path / "index.html").write_text(_PAGE, "utf-8")
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "x.js").write_text(script, "utf-8")
    assert [f"{f.path}:{f.line} {f.code}" for f in verify_site(tmp_path)] == where


@pytest.mark.parametrize(
    ("sheet", "where"),
    [
        ('.a { color: red; }\n.b::after { content: " s"; }\n', ["FX506 2:23"]),
        ('.a::after { content: "→"; }\n.b::after {\n  content: "\\39 4 s";\n}\n', ["FX506 3:13"]),
    ],
)
def test_a_stylesheets_string_at_its_line(sheet: str, where: list[str], tmp_path: Path) -> None:
    (tmp_path / "x.css").write_text(sheet, "utf-8")
    found = docs_file_findings(tmp_path, "x.css", "docs/x.css")
    assert [f"{f.code} {f.line}:{f.col}" for f in found] == where


# -- Material's meta plugin: .meta.yml -----------------------------------------------------------

_META = {"material/meta": SimpleNamespace(config={"enabled": True, "meta_file": ".meta.yml"})}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Project:
    root = tmp_path_factory.mktemp("meta")
    shutil.copytree(CLEAN / "evidence", root / "evidence")
    (root / "docs" / "sub").mkdir(parents=True)
    project = Project(ProjectPaths(root, root / "docs", root / "evidence"))
    project.load()
    return project


@pytest.mark.parametrize(
    ("meta", "plugins", "where"),
    [
        ('description: "77 ms faster"\n', _META, ["FX501 1:15"]),
        ("title: Sub\ndescription: >\n  It is\n  77 ms faster\n", _META, ["FX501 4:3"]),
        ("---\ntitle: Took 94 s\n", _META, ["FX501 2:13"]),
        ("tags:\n  - fast\n  - 5 GB/s\n", _META, ["FX501 3:5"]),
        ("subtitle: 'Now ''77 ms'' faster'\n", _META, ["FX501 1:18"]),
        ("title: Took\r\n  94 s\r\n", _META, ["FX501 2:3"]),
        # read once, by the strict loader: a directive and a marker are the file's own
        ("%YAML 1.1\n---\ntitle: Took 94 s\n", _META, ["FX501 3:13"]),
        ("--- {title: Took 94 s}\n", _META, ["FX501 1:18"]),
        # what the strict YAML loader refuses, at its line in the file
        ("title: [unclosed\n", _META, ["FX101 2:1"]),
        ("a: &x 1\nb: *x\n", _META, ["FX103 1:4", "FX103 2:4"]),
        # near misses: no figure; the plugin off, or not configured (MkDocs ignores the file)
        ("title: Sub pages\ndescription: Fast reads\n", _META, []),
        (
            'description: "77 ms faster"\n',
            {"material/meta": SimpleNamespace(config={"enabled": False})},
            [],
        ),
        ('description: "77 ms faster"\n', {}, []),
    ],
)
def test_a_meta_files_field_at_its_line(
    meta: str, plugins: dict[str, SimpleNamespace], where: list[str], project: Project
) -> None:
    from fxsite.verify.docs_files import meta_file_findings

    (project.paths.docs_dir / "sub" / ".meta.yml").write_text(meta, "utf-8")
    found = meta_file_findings(plugins, project, ["index.md", "sub/page.md"])
    assert [f"{f.code} {f.line}:{f.col}" for f in found] == where
    assert all(f.path.endswith("docs/sub/.meta.yml") for f in found)


def test_a_meta_file_above_no_page_is_not_read(project: Project) -> None:
    from fxsite.verify.docs_files import meta_file_findings

    (project.paths.docs_dir / "sub" / ".meta.yml").write_text("title: Took 94 s\n", "utf-8")
    assert meta_file_findings(_META, project, ["index.md", "other/page.md"]) == []


# -- check and build: one whole-site row --------------------------------------------------------

_CONFIG_TAIL = """\
  - pymdownx.emoji
plugins:
  - search
  - meta
  - fxsite
extra_javascript:
  - js/x.js
"""
_EXPECTED = [
    "docs/emoji.md:4:1: FX501",
    "docs/js/x.js:3:19: FX501",
    "docs/js/x.js:3:4: FX506",
    "docs/js/x.js:4:12: FX501",
    "docs/style.md:7:13: FX506",
    "docs/sub/.meta.yml:1:8: FX501",
    "docs/sub/.meta.yml:4:3: FX501",
]


@pytest.mark.slow
def test_check_and_build_name_the_same_lines(tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(CLEAN, site, ignore=shutil.ignore_patterns("site", ".cache"))
    config = (site / "mkdocs.yml").read_text("utf-8")
    config = config[: config.index("plugins:")] + _CONFIG_TAIL
    (site / "mkdocs.yml").write_text(config, "utf-8")
    docs = site / "docs"
    (docs / "js").mkdir()
    (docs / "sub").mkdir()
    (docs / "style.md").write_text(
        '# Style\n\nText.\n\n<style>\n.x::after {\n  content: " s";\n}\n</style>\n', "utf-8"
    )
    (docs / "emoji.md").write_text("# Emoji\n\nIt took\n:nine::four: s here.\n", "utf-8")
    (docs / "js" / "x.js").write_text(
        '// x\nconst el = document.body;\nel.textContent = "94 s";\nconst t = "178 s";\n',
        "utf-8",
    )
    (docs / "sub" / ".meta.yml").write_text(
        "title: 77 ms faster\ndescription: >\n  Now\n  5 GB/s\n", "utf-8"
    )
    (docs / "sub" / "page.md").write_text("# Sub\n\nPlain text.\n", "utf-8")
    checked, built = check_and_build(site)

    def found(out: str) -> list[str]:
        return sorted(line[: line.index(": FX") + 7] for line in out.splitlines() if ": FX" in line)

    assert found(checked.stdout) == found(built.stdout), built.stdout
    assert found(built.stdout) == _EXPECTED, built.stdout
    assert not (site / "site").exists()


def test_text_the_source_does_not_write_is_told_so() -> None:
    """blind69: a hook's added sentence was told at ``docs/index.md:1:1`` with no word that
    the source holds nothing of it; a figure the source writes is placed at it (near miss)."""
    from fxsite.findings import Finding
    from fxsite.pages.locate import SourceLocator

    added = SourceLocator("# Home\n\nHello.\n").place(
        Finding(PATH, 1, 1, "FX501", "bare figure '94 s'", text="94 s")
    )
    assert (added.line, added.col) == (1, 1)
    assert "the page's source does not write this" in added.message, added.message
    written = SourceLocator("# Home\n\nIt took 94 s.\n").place(
        Finding(PATH, 1, 1, "FX501", "bare figure '94 s'", text="94 s")
    )
    assert (written.line, written.col) == (3, 9) and written.message == "bare figure '94 s'"
