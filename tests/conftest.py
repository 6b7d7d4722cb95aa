"""Shared test helpers: tiny fxsite projects in tmp_path, checked through the CLI.

Helpers are fixtures, not imports: tests/browser/ has a conftest of its own.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from fxsite.cli import cli

#: The smallest config fxsite accepts: MkDocs' own theme, the fxsite plugin.
MKDOCS_YML = "site_name: t\nplugins: [fxsite]\n"


def write_project(
    root: Path,
    records: Mapping[str, str | bytes],
    pages: Mapping[str, str] | None = None,
    mkdocs: str = MKDOCS_YML,
) -> Path:
    """Write mkdocs.yml, docs/ and evidence/<name> files under ``root``."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "mkdocs.yml").write_text(mkdocs, encoding="utf-8")
    for name, text in {"index.md": "# Home\n\nNo figures here.\n", **(pages or {})}.items():
        page = root / "docs" / name
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(text, encoding="utf-8")
    (root / "evidence").mkdir(exist_ok=True)
    for name, content in records.items():
        file = root / "evidence" / name
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    return root


def run_check(path: Path) -> tuple[int, list[dict[str, Any]]]:
    """``fxsite check PATH --format json``: exit code and the findings."""
    result = CliRunner().invoke(cli, ["check", str(path), "--format", "json"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, json.loads(result.stdout)


@pytest.fixture
def project(tmp_path: Path) -> Callable[..., Path]:
    """A factory: ``project({"R1.yaml": text})`` writes a project and returns its root."""

    def make(records: Mapping[str, str | bytes], **kwargs: Any) -> Path:
        return write_project(tmp_path / "project", records, **kwargs)

    return make


@pytest.fixture
def check() -> Callable[[Path], tuple[int, list[dict[str, Any]]]]:
    """``check(root)``: run ``fxsite check --format json`` -> (exit code, findings)."""
    return run_check


@pytest.fixture
def assert_check(
    project: Callable[..., Path], check: Callable[[Path], tuple[int, list[dict[str, Any]]]]
) -> Callable[..., list[dict[str, Any]]]:
    """``assert_check(files, expected, says, exit)``: check a project, assert its findings.

    ``expected`` is every finding as ``(path, line, col, code)`` in output order;
    ``says`` are substrings of their messages, in the same order; the exit status
    is 1 when anything is expected, else 0, unless ``exit`` says otherwise.
    """

    def run(
        files: Mapping[str, str | bytes],
        expected: list[tuple[str, int, int, str]],
        says: list[str] | None = None,
        exit: int | None = None,
    ) -> list[dict[str, Any]]:
        code, findings = check(project(files))
        assert [(f["path"], f["line"], f["col"], f["code"]) for f in findings] == expected
        assert code == (exit if exit is not None else (1 if expected else 0))
        for finding, text in zip(findings, says or [], strict=False):
            assert text in finding["message"]
        return findings

    return run


@pytest.fixture(scope="session")
def demo_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo project built once per session by ``fxsite build`` (its gate included)."""
    import shutil

    from sitekit import ROOT, fxsite

    project = tmp_path_factory.mktemp("demo") / "demo"
    shutil.copytree(ROOT / "docs", project / "docs")
    shutil.copytree(ROOT / "evidence", project / "evidence")
    shutil.copy(ROOT / "mkdocs.yml", project / "mkdocs.yml")
    proc = fxsite("build", str(project), cwd=project)
    assert proc.returncode == 0, proc.stderr
    return project / "site"
