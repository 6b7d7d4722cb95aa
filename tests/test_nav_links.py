"""A site whose own ``nav`` leaves out the Evidence Library or the site-wide FAQ is warned
(FX608) at the ``nav:`` line: no page leads a reader to them (blind72, finding 3). A
site without a ``nav`` lists them itself (MkDocs' automatic navigation), and ``fxsite
init``'s configuration shows the two entries a nav of one's own keeps."""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import check_and_build, finding_lines
from test_authoring_init import invoke

from fxsite.pages.nav_links import nav_findings
from fxsite.project import Project
from fxsite.project_paths import ProjectPaths

BOTH = [("Evidence Library", "evidence/index.md"), ("FAQ", "faq.md")]
HEAD = "site_name: t\n"

# (name, mkdocs.yml, the pages left out, or None for no warning)
ROWS = [
    ("a nav naming neither", HEAD + "nav:\n  - Home: index.md\n", "both"),
    ("a nav naming the library only", HEAD + "nav:\n  - evidence/index.md\n", "faq"),
    ("a nav in a section names the FAQ only", HEAD + "nav:\n  - Help:\n    - FAQ: faq.md\n", "lib"),
    ("near miss: both named", HEAD + "nav:\n  - E: evidence/index.md\n  - F: faq.md\n", None),
    ("near miss: named by address", HEAD + "nav:\n  - E: /evidence/\n  - F: ./faq/\n", None),
    (
        "near miss: a file address",
        HEAD + "nav:\n  - E: evidence/index.html\n  - F: faq.html\n",
        None,
    ),
    ("near miss: no nav", HEAD + "theme: {name: mkdocs}\n", None),
    (
        "near miss: a nav title that says FAQ",
        HEAD + "nav:\n  - FAQ: help.md\n  - e: evidence/\n",
        "faq",
    ),
]


@pytest.mark.parametrize(("config", "left"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_a_nav_leaving_out_a_generated_page_is_warned_at_its_line(
    config: str, left: str | None
) -> None:
    found = nav_findings(config, "mkdocs.yml", [], BOTH)
    if left is None:
        assert found == []
        return
    [finding] = found
    assert (finding.path, finding.line, finding.col) == ("mkdocs.yml", 2, 1)
    assert (finding.code, finding.severity) == ("FX608", "warning")
    lib, faq = "'- Evidence Library: evidence/index.md'", "'- FAQ: faq.md'"
    assert (lib in finding.message) == (left in ("both", "lib")), finding.message
    assert (faq in finding.message) == (left in ("both", "faq")), finding.message
    assert ("neither" in finding.message) == (left == "both")


def test_the_nav_an_inherited_file_writes_is_warned_there() -> None:
    parent = ("base.yml", "site_name: t\n\nnav:\n  - Home: index.md\n")
    [finding] = nav_findings("INHERIT: base.yml\n", "mkdocs.yml", [parent], BOTH)
    assert (finding.path, finding.line) == ("base.yml", 3)
    # near miss: the child's own nav overrides the parent's
    child = "INHERIT: base.yml\nnav:\n  - evidence/index.md\n  - faq.md\n"
    assert nav_findings(child, "mkdocs.yml", [parent], BOTH) == []


def _init_site(root: Path, nav: str, faq: bool) -> Project:
    assert invoke("init", str(root))[0] == 0
    config = root / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8") + nav, encoding="utf-8")
    if faq:
        page = "---\nfaq:\n  - q: Why?\n    a: Because.\n---\n\n# Q\n"
        (root / "docs" / "q.md").write_text(page, encoding="utf-8")
    return Project(ProjectPaths(root, root / "docs", root / "evidence"))


@pytest.mark.parametrize(
    ("faq", "expected"),
    [
        (True, ["evidence/index.md", "faq.md"]),
        # near miss: no page has an FAQ, so none is generated and none is asked for
        (False, ["evidence/index.md"]),
    ],
)
def test_the_faq_is_asked_for_only_where_it_is_generated(
    tmp_path: Path, faq: bool, expected: list[str]
) -> None:
    project = _init_site(tmp_path / "s", "nav:\n  - Home: index.md\n", faq)
    [finding] = [f for f in project.config_findings() if f.code == "FX608"]
    assert [
        src for src in ("evidence/index.md", "faq.md") if f"({src})" in finding.message
    ] == expected


def test_inits_commented_nav_uncommented_is_content(tmp_path: Path) -> None:
    root = tmp_path / "s"
    assert invoke("init", str(root))[0] == 0
    config = root / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    assert "#   - Evidence Library: evidence/index.md" in text
    assert "#   - FAQ: faq.md" in text
    config.write_text(text.replace("# nav:", "nav:").replace("#   - ", "  - "), encoding="utf-8")
    (root / "docs" / "q.md").write_text(
        "---\nfaq:\n  - q: Why?\n    a: Yes.\n---\n\n# Q\n", "utf-8"
    )
    project = Project(ProjectPaths(root, root / "docs", root / "evidence"))
    assert [f for f in project.config_findings() if f.code == "FX608"] == []


def test_check_and_build_both_warn(tmp_path: Path) -> None:
    root = tmp_path / "s"
    _init_site(root, "nav:\n  - Home: index.md\n", faq=False)
    checked, built = check_and_build(root)
    assert checked.returncode == built.returncode == 0, checked.stderr + built.stderr
    line = len((root / "mkdocs.yml").read_text(encoding="utf-8").splitlines()) - 1
    for run in (checked, built):
        shown = [s for s in finding_lines(run.stdout + run.stderr) if "FX608" in s]
        assert [s.split(" FX608")[0] for s in shown] == [f"mkdocs.yml:{line}:1:"]
