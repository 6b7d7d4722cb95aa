"""The docs folder as MkDocs sees it: ``check``, ``build`` and ``mkdocs build`` refuse alike.

A link that points nowhere, a folder link that loops, a page MkDocs reads under
another suffix, and two pages that publish to one file are each refused at their
path by all three. The refused cases are laid out together in one project, each at
a path of its own, so that each finding is told by its path (a case no longer
refused fails its own row); the near misses are laid out together in another, which
all three must pass.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from sitekit import CLEAN, copy_site, fxsite_here, mkdocs_build_here

pytestmark = pytest.mark.slow

#: (case, the finding all three report, "path:line:col: code")
REFUSED = [
    ("dangling link", "docs/gone.md:1:1: FX105"),
    ("folder loop", "docs/sub/up:1:1: FX105"),
    (".markdown page", "docs/old.markdown:3:9: FX501"),
    ("evidence.md", "docs/evidence.md:1:1: FX605"),
    ("t.md and t/index.md", "docs/t/index.md:1:1: FX605"),
]
#: The near misses of the refusals, laid out together in one project.
NEAR_MISSES = ("link inside docs", "evidence-notes.md", "t.md and t/other.md")


def _tree_case(project: Path, case: str) -> None:
    docs = project / "docs"
    if case == "dangling link":
        (docs / "gone.md").symlink_to(project / "nowhere.md")
    elif case == "folder loop":
        (docs / "sub").mkdir()
        (docs / "sub" / "up").symlink_to(docs, target_is_directory=True)
    elif case == ".markdown page":
        (docs / "old.markdown").write_text("# Old\n\nIt took 517 s.\n")
    elif case == "evidence.md":
        (docs / "evidence.md").write_text("# Mine\n")
    elif case == "t.md and t/index.md":
        (docs / "t.md").write_text("# T\n")
        (docs / "t").mkdir()
        (docs / "t" / "index.md").write_text("# T too\n")
    # near misses
    elif case == "link inside docs":
        (docs / "alias.md").symlink_to(docs / "index.md")
    elif case == "evidence-notes.md":
        (docs / "evidence-notes.md").write_text("# Notes\n")
    elif case == "t.md and t/other.md":
        (docs / "t.md").write_text("# T\n")
        (docs / "t").mkdir()
        (docs / "t" / "other.md").write_text("# Other\n")
    else:
        raise AssertionError(case)


Runs = tuple[subprocess.CompletedProcess[str], ...]


def _runs(root: Path, cases: list[str]) -> Runs:
    """``fxsite check``, ``fxsite build`` and ``mkdocs build`` of the clean fixture site
    with ``cases`` laid out in its docs folder; none ends in a traceback."""
    project = copy_site(CLEAN, root)
    for case in cases:
        _tree_case(project, case)
    runs = (
        fxsite_here("check", str(project), cwd=root),
        fxsite_here("build", str(project), cwd=root),
        mkdocs_build_here(project, root / "mk"),
    )
    for proc in runs:
        assert "Traceback" not in proc.stderr, proc.stderr
    return runs


@pytest.fixture(scope="module")
def refused(tmp_path_factory: pytest.TempPathFactory) -> Runs:
    return _runs(tmp_path_factory.mktemp("refused"), [case for case, _ in REFUSED])


def _said(output: str, finding: str) -> bool:
    """A line of ``output`` reports ``finding`` (MkDocs' log puts its level first)."""
    return any(line.split(" -  ")[-1].startswith(finding + " ") for line in output.splitlines())


@pytest.mark.parametrize(("case", "finding"), REFUSED, ids=[case for case, _ in REFUSED])
def test_docs_folder_refusals_agree_everywhere(case: str, finding: str, refused: Runs) -> None:
    check, built, mk = refused
    assert check.returncode == built.returncode == 1, check.stdout + built.stdout
    assert mk.returncode != 0
    assert _said(check.stdout, finding), check.stdout
    assert _said(built.stdout, finding), built.stdout
    assert _said(mk.stdout + mk.stderr, finding), mk.stderr


def test_docs_folder_near_misses_pass_everywhere(tmp_path: Path) -> None:
    check, built, mk = _runs(tmp_path, list(NEAR_MISSES))
    assert (check.returncode, built.returncode, mk.returncode) == (0, 0, 0), built.stdout
