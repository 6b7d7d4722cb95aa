"""Helpers for the anchoring tests: a small signed project in a temporary git repository."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

from sitekit import ENV, fxsite, fxsite_here

RECORDS = Path(__file__).resolve().parent / "fixtures" / "records" / "clean"
#: The demo's signing key: a TEST key, public in this repository, never a real one.
TEST_KEY = Path(__file__).resolve().parent / "keys" / "demo-test-key"
TEST_FINGERPRINT = "sha256:7ff27d9c4515e404f20a8e00990269e72f4a720858d3c5e447a3a33dd5d72d33"

PAGE = """# Checkpoints

Saves took [178 s](evidence:R1#save_time_baseline) before and
[94 s](evidence:R1#save_time_new) after ([1.9×](evidence:R1#save_speedup)).
"""
OTHER = "# Bandwidth\n\nWrites ran at [6.40 GB/s](evidence:R1#bandwidth).\n"


#: A fixed author for test commits.
GIT_ENV = {
    **ENV,
    "GIT_AUTHOR_NAME": "t",
    "GIT_AUTHOR_EMAIL": "t@example.com",
    "GIT_COMMITTER_NAME": "t",
    "GIT_COMMITTER_EMAIL": "t@example.com",
}


def git(repo: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(repo), *args],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
        env=GIT_ENV,
    )
    return done.stdout.strip()


def commit(repo: Path, message: str, date: str = "2026-01-01T00:00:00Z") -> str:
    git(repo, "add", "-A")
    subprocess.run(
        ["git", "-C", str(repo), "commit", "-q", "-m", message, "--date", date],
        check=True,
        timeout=60,
        env={**GIT_ENV, "GIT_COMMITTER_DATE": date},
    )
    return git(repo, "rev-parse", "HEAD")


def make_repo(dest: Path) -> Path:
    """A git repository holding a small project (records and two citing pages)."""
    shutil.copytree(RECORDS, dest)
    (dest / "docs" / "checkpoints.md").write_text(PAGE, encoding="utf-8")
    (dest / "docs" / "bandwidth.md").write_text(OTHER, encoding="utf-8")
    (dest / ".gitignore").write_text("site/\n.cache/\n", encoding="utf-8")
    git(dest, "init", "-q", "-b", "main")
    commit(dest, "first")
    return dest


def build(project: Path, *args: str, epoch: str = "1767225600") -> Path:
    """``fxsite build PROJECT ARGS`` at ``SOURCE_DATE_EPOCH`` ``epoch``, in this process
    (``sitekit.fxsite_here``: no second of imports in a child): the built site."""
    proc = fxsite_here("build", str(project), *args, cwd=project, env={"SOURCE_DATE_EPOCH": epoch})
    assert proc.returncode == 0, proc.stderr + proc.stdout
    return project / "site"


def build_in_child(project: Path, *args: str, epoch: str = "1767225600") -> Path:
    """:func:`build` in a process of its own (``sitekit.fxsite``), where the process is the
    point: two builds with two hash seeds must publish the same bytes."""
    proc = fxsite("build", str(project), *args, cwd=project, env={"SOURCE_DATE_EPOCH": epoch})
    assert proc.returncode == 0, proc.stderr + proc.stdout
    return project / "site"


def audit_here(target: str | Path, *args: str, cwd: Path) -> tuple[int, list[dict[str, Any]]]:
    """``fxsite audit TARGET --format json ARGS`` in this process (``sitekit.fxsite_here``):
    its exit code (0 or 1) and its findings."""
    proc = fxsite_here("audit", str(target), "--format", "json", *args, cwd=cwd)
    assert proc.returncode in (0, 1), proc.stderr
    return proc.returncode, json.loads(proc.stdout)


def codes(findings: list[dict[str, Any]], severity: str = "error") -> set[str]:
    return {f["code"] for f in findings if f.get("severity", "error") == severity}
