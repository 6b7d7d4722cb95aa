"""``fxsite audit SITE --rebuild REPO``: rebuild the manifest's commit and compare.

The project is checked out at the commit the manifest names, in a temporary
``git worktree`` of the auditor's clone (so its git history, and with it the
figure history, is the one the vendor built from), built with this fxsite
and the manifest's ``SOURCE_DATE_EPOCH``, unsigned, and every published file
is compared byte for byte with the rebuilt one.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from fxsite import __version__
from fxsite.anchor.gitinfo import git, repo_top
from fxsite.anchor.manifest import MANIFEST_NAME, file_digest, site_files
from fxsite.findings import Finding

__all__ = ["rebuild_findings"]

_BUILD_TIMEOUT = 1800


def _site_dir_name(project: Path) -> str:
    try:
        text = (project / "mkdocs.yml").read_text(encoding="utf-8")
    except OSError:
        return "site"
    match = re.search(r"^site_dir:\s*['\"]?([^'\"\s#]+)", text, re.MULTILINE)
    return match.group(1) if match else "site"


def _build(project: Path, epoch: int) -> tuple[Path | None, str]:
    env = {k: v for k, v in os.environ.items() if k != "FXSITE_SIGNING_KEY"}
    env["SOURCE_DATE_EPOCH"] = str(epoch)
    try:
        done = subprocess.run(  # noqa: S603 - this interpreter, list argv
            [sys.executable, "-m", "fxsite", "build", str(project)],
            capture_output=True,
            text=True,
            env=env,
            timeout=_BUILD_TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return None, str(exc)
    if done.returncode != 0:
        tail = " | ".join((done.stdout + done.stderr).strip().splitlines()[-5:])
        return None, f"the rebuild failed (exit {done.returncode}): {tail}"
    return project / _site_dir_name(project), ""


def _compare(site_dir: Path, rebuilt: Path, commit: str) -> list[Finding]:
    findings = []
    ours = set(site_files(site_dir))
    theirs = set(site_files(rebuilt))
    for rel in sorted(ours | theirs):
        if rel not in theirs:
            message = f"published, but a rebuild of {commit[:12]} has no such file"
            findings.append(Finding(rel, 1, 1, "FX810", message))
        elif rel not in ours:
            message = f"a rebuild of {commit[:12]} makes this file; the site lacks it"
            findings.append(Finding(rel, 1, 1, "FX810", message))
        elif file_digest(site_dir / rel) != file_digest(rebuilt / rel):
            message = f"differs from a rebuild of {commit[:12]}"
            findings.append(Finding(rel, 1, 1, "FX810", message))
    return findings


def rebuild_findings(site_dir: Path, manifest: dict[str, Any], repo: Path) -> list[Finding]:
    """Rebuild the project at the manifest's commit from ``repo``; every difference."""
    source = manifest.get("source")
    if not isinstance(source, dict) or not isinstance(source.get("commit"), str):
        message = "the manifest names no source commit: nothing to rebuild"
        return [Finding(MANIFEST_NAME, 1, 1, "FX811", message)]
    commit, findings = source["commit"], []
    if source.get("dirty"):
        message = f"built from uncommitted changes on top of {commit[:12]}: a rebuild cannot reproduce them"
        findings.append(Finding(MANIFEST_NAME, 1, 1, "FX811", message))
    if manifest.get("generator") != f"fxsite {__version__}":
        message = f"built with {manifest.get('generator')}, rebuilt with fxsite {__version__}: differences may come from the tool"
        findings.append(Finding(MANIFEST_NAME, 1, 1, "FX811", message, "warning"))
    top = repo_top(repo)
    if top is None:
        return [*findings, Finding(str(repo), 1, 1, "FX811", "not a git repository")]
    tmp = Path(tempfile.mkdtemp(prefix="fxsite-rebuild-"))
    checkout = tmp / "src"
    try:
        if git(top, "worktree", "add", "--detach", str(checkout), commit) is None:
            message = f"commit {commit[:12]} is not in this repository (fetch it first)"
            return [*findings, Finding(str(repo), 1, 1, "FX811", message)]
        project = checkout / str(source.get("path") or "")
        rebuilt, error = _build(project, int(manifest.get("source_date_epoch", 0)))
        if rebuilt is None:
            return [*findings, Finding(str(repo), 1, 1, "FX811", error)]
        findings.extend(_compare(site_dir, rebuilt, commit))
    finally:
        git(top, "worktree", "remove", "--force", str(checkout))
        shutil.rmtree(tmp, ignore_errors=True)
        git(top, "worktree", "prune")
    return findings
