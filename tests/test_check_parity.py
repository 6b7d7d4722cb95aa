"""``fxsite check`` refuses what ``fxsite build`` refuses, at the source's line.

Each row is a small project (the clean fixture site with files added or
replaced), checked in-process as ``fxsite check`` checks it (the project as
the command loads it, its findings decided by the enforce mode): a fixture
the build refuses must be refused by check at its source line, and its near
miss must pass.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from sitekit import CLEAN

from fxsite.cli import _project
from fxsite.policy import decide

_CUSTOM_DIR = "theme:\n  name: material\n  font: false\n  custom_dir: overrides\n"

# (name, {path: text, or None to delete}, [(path, line, col, code)] check must refuse)
ROWS: list[tuple[str, dict[str, str | None], list[tuple[str, int, int, str]]]] = [
    # The custom_dir's files that are not templates are copied into the site as they are.
    (
        "custom_dir text file",
        {"overrides/notes.txt": "Theme static file.\nSaves in 91 s.\n"},
        [("overrides/notes.txt", 2, 10, "FX501")],
    ),
    (
        "custom_dir stylesheet drawing text",
        {"overrides/assets/extra.css": '.x::after{content:"92 s"}\n'},
        [("overrides/assets/extra.css", 1, 1, "FX506")],
    ),
    (
        "near miss: custom_dir files MkDocs does not copy, or that docs/ replaces",
        {
            "overrides/readme.txt": "Took 91 s.\n",
            "overrides/.icons/x.svg": "<svg><text>91 s</text></svg>\n",
            "overrides/partials/footer.py": "# 91 s\n",
            "overrides/notes.txt": "Took 91 s.\n",
            "docs/notes.txt": "Plain words.\n",
            "overrides/assets/extra.css": ".x{color:red}\n",
        },
        [],
    ),
]


def _project_with(tmp_path: Path, files: dict[str, str | None]) -> Path:
    root = tmp_path / "site"
    shutil.copytree(CLEAN, root, ignore=shutil.ignore_patterns("site", ".cache"))
    config = root / "mkdocs.yml"
    text = config.read_text("utf-8").replace("theme:\n  name: material\n  font: false\n", "")
    config.write_text(text + _CUSTOM_DIR, "utf-8")
    (root / "overrides").mkdir()
    for rel, content in files.items():
        path = root / rel
        if content is None:
            path.unlink()
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, "utf-8")
    return root


def _refused(root: Path) -> list[tuple[str, int, int, str]]:
    project, _, mode = _project(root)
    verdict = decide(project.check(), mode, project.citing)
    return sorted((f.path, f.line, f.col, f.code) for f in verdict.refusals)


@pytest.mark.parametrize(("files", "expected"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_check_refuses_what_the_build_refuses(
    files: dict[str, str | None], expected: list[tuple[str, int, int, str]], tmp_path: Path
) -> None:
    assert _refused(_project_with(tmp_path, files)) == sorted(expected)
