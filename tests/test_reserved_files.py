"""A file of docs/ where the build writes one of its own is refused (FX605), by check
and build alike.

MkDocs copies ``docs/evidence.json`` as it is, and fxsite then writes its own
``evidence.json`` over it: one silently replaced the other (a blind tester found
it). Worse, a ``docs/fxsite-manifest.json`` published by an unsigned build is what
an auditor would take for the site's manifest. Every site path the build writes
besides pages (its exports, its assets, the manifest and its signature) is
reserved; a file beside one, or under another name, is not.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from sitekit import CLEAN, fxsite_here

from fxsite.pages.docs_tree import url_clashes
from fxsite.project import Project
from fxsite.project_paths import ProjectPaths

RESERVED = [
    "evidence.json",
    "evidence.csv",
    "evidence.sqlite",
    "schemas/evidence.schema.json",
    "schemas/evidence-site.schema.json",
    "evidence/R1.json",
    "assets/fxsite/fxsite.js",
    "assets/fxsite/fxsite.css",
    "fxsite-manifest.json",
    "fxsite-manifest.json.sig",
]

#: Near misses: another name, another folder, another case, a page's own folder.
NOT_RESERVED = [
    "evidence.json.txt",
    "data/evidence.json",
    "Evidence.json",
    "evidence/R9.json",
    "evidence/R1.yaml",
    "assets/fxsite.js",
    "assets/fxsite/custom.css",
    "manifest.json",
    "schemas/other.json",
]


@pytest.fixture(scope="module")
def reserved() -> list[str]:
    project = Project(ProjectPaths(CLEAN, CLEAN / "docs", CLEAN / "evidence"))
    project.load()
    return project.generated_files()


@pytest.mark.parametrize("name", RESERVED)
def test_a_docs_file_where_the_build_writes_is_refused(name: str, reserved: list[str]) -> None:
    found = url_clashes([], [], True, "docs", None, [name], reserved)
    assert [(f.path, f.line, f.col, f.code, f.severity) for f in found] == [
        (f"docs/{name}", 1, 1, "FX605", "error")
    ]
    assert "rename it" in found[0].message


@pytest.mark.parametrize("name", NOT_RESERVED)
def test_a_docs_file_elsewhere_is_not(name: str, reserved: list[str]) -> None:
    assert url_clashes([], [], True, "docs", None, [name], reserved) == []


def test_check_and_build_refuse_it_alike_and_publish_nothing(tmp_path: Path) -> None:
    project = tmp_path / "p"
    (project / "docs" / "schemas").mkdir(parents=True)
    shutil.copytree(CLEAN / "evidence", project / "evidence")
    (project / "mkdocs.yml").write_text((CLEAN / "mkdocs.yml").read_text(encoding="utf-8"))
    (project / "docs" / "index.md").write_text("# Home\n\nNo figures.\n", encoding="utf-8")
    (project / "docs" / "evidence.json").write_text('{"records": []}\n', encoding="utf-8")
    (project / "docs" / "fxsite-manifest.json").write_text("{}\n", encoding="utf-8")
    (project / "docs" / "schemas" / "other.json").write_text("{}\n", encoding="utf-8")
    expected = [
        "docs/evidence.json:1:1: FX605",
        "docs/fxsite-manifest.json:1:1: FX605",
    ]
    for command in ("check", "build"):
        done = fxsite_here(command, str(project), cwd=project)
        assert done.returncode == 1, (command, done.stdout, done.stderr)
        said = done.stdout + done.stderr
        lines = sorted(line for line in said.splitlines() if ": FX605" in line)
        assert [line[: line.index(": FX605") + 7] for line in lines] == expected, (command, said)
        assert "Traceback" not in done.stderr
    assert not (project / "site").exists()
