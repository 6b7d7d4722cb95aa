"""A checkout's own ``.git/config`` names commands: ``diff`` of revisions, a rebuild and the
history run none of them (blind75: a smudge filter ran as root on ``fxsite diff``).

Each row's config makes git run a command that leaves a marker file; the rows check
that no marker appears, and that the revisions diff as they would without the config.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from anchorkit import commit, git, make_repo
from sitekit import fxsite_here

from fxsite.anchor.gitinfo import export_revision
from fxsite.anchor.history import figure_history
from fxsite.anchor.rebuild import rebuild_findings

#: What every row's repository marks for the drivers below (a committed .gitattributes).
ATTRIBUTES = (
    "*.md filter=smudge diff=text\n*.yaml filter=proc\n*.yml filter=inc\n*.txt export-subst\n"
)
#: (name, config keys to set; MARK is the marker's path)
CONFIGS = [
    ("smudge filter", {"filter.smudge.smudge": "touch MARK; cat"}),
    ("clean filter", {"filter.smudge.clean": "touch MARK; cat"}),
    ("process filter", {"filter.proc.process": "touch MARK"}),
    ("textconv", {"diff.text.textconv": "touch MARK; cat"}),
    ("fsmonitor", {"core.fsmonitor": "touch MARK; true"}),
    ("hooks folder", {"core.hooksPath": "HOOKS"}),
    ("pager", {"core.pager": "touch MARK; cat", "pager.log": "true"}),
    ("gpg of a signature", {"gpg.program": "touch MARK; false", "log.showSignature": "true"}),
    (
        "ssh of a promisor remote",
        {
            "core.sshCommand": "touch MARK; false",
            "remote.origin.url": "ssh://example.invalid/x.git",
            "remote.origin.promisor": "true",
            "credential.helper": "!touch MARK; true",
        },
    ),
    ("an includeIf-included config", {"includeIf.gitdir:/.path": "INCLUDED"}),
]


def _handed(tmp_path: Path, keys: dict[str, str], mark: Path) -> Path:
    """A repository of two commits (a record's value changed) whose config sets ``keys``."""
    repo = make_repo(tmp_path / "repo")
    (repo / ".gitattributes").write_text(ATTRIBUTES, encoding="utf-8")
    (repo / "stamp.txt").write_text("$Format:%G?$\n", encoding="utf-8")
    commit(repo, "attributes")
    record = next((repo / "evidence").glob("*.yaml"))
    text = record.read_text(encoding="utf-8")
    record.write_text(text.replace("value: ", "value: 1", 1), encoding="utf-8")
    commit(repo, "a changed value")
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    for hook in ("post-checkout", "pre-commit", "post-index-change", "reference-transaction"):
        (hooks / hook).write_text(f"#!/bin/sh\ntouch {mark}\n", encoding="utf-8")
        (hooks / hook).chmod(0o755)
    included = tmp_path / "included.config"
    included.write_text(
        f'[filter "inc"]\n\tsmudge = touch {mark}; cat\n[core]\n\tfsmonitor = touch {mark}\n',
        encoding="utf-8",
    )
    for key, value in keys.items():
        value = value.replace("MARK", str(mark)).replace("HOOKS", str(hooks))
        git(repo, "config", key, value.replace("INCLUDED", str(included)))
    return repo


@pytest.mark.parametrize("keys", [c[1] for c in CONFIGS], ids=[c[0] for c in CONFIGS])
def test_diff_of_revisions_runs_no_command_of_the_checkouts_config(
    tmp_path: Path, keys: dict[str, str]
) -> None:
    mark = tmp_path / "MARK"
    repo = _handed(tmp_path, keys, mark)
    proc = fxsite_here("diff", "HEAD~1", "HEAD", cwd=repo)
    assert not mark.exists(), "a command of the checkout's config ran"
    assert proc.returncode == 1 and "changed " in proc.stdout, proc.stderr
    assert not mark.exists()
    figure_history(repo / "evidence")  # the history's `git log` and blobs
    assert not mark.exists()


def test_a_rebuild_and_the_history_run_no_command_of_the_checkouts_config(
    tmp_path: Path,
) -> None:
    mark = tmp_path / "MARK"
    keys: dict[str, str] = {}
    for _, more in CONFIGS:
        keys.update(more)
    repo = _handed(tmp_path, keys, mark)
    head = git(repo, "rev-parse", "HEAD~1")  # its records build
    manifest = {"source": {"commit": head, "dirty": False, "path": ""}}
    (tmp_path / "t").mkdir()
    site = tmp_path / "site"
    site.mkdir()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tempfile, "tempdir", str(tmp_path / "t"))
        findings = rebuild_findings(site, manifest, repo)
    assert any(f.code == "FX810" for f in findings), findings  # it was built
    assert not mark.exists()


def test_an_export_holds_the_raw_bytes(tmp_path: Path) -> None:
    """The near miss: with no driver configured, a revision exports as committed (the
    ``export-subst`` placeholder unexpanded, links inside the tree kept)."""
    from fxsite.anchor.gitinfo import read_blobs

    repo = make_repo(tmp_path / "repo")
    (repo / "stamp.txt").write_text("$Format:%H$\n", encoding="utf-8")
    (repo / ".gitattributes").write_text("*.txt export-subst\n", encoding="utf-8")
    (repo / "docs" / "same.md").symlink_to("checkpoints.md")
    commit(repo, "stamp")
    dest = tmp_path / "out"
    assert export_revision(repo, "HEAD", dest) == (True, "")
    assert (dest / "stamp.txt").read_text(encoding="utf-8") == "$Format:%H$\n"
    assert (dest / "docs" / "same.md").read_bytes() == (
        repo / "docs" / "checkpoints.md"
    ).read_bytes()
    assert read_blobs(repo, ["HEAD:stamp.txt", "HEAD:missing"]) == [b"$Format:%H$\n", None]


def test_a_link_out_of_the_revision_is_refused(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo")
    (repo / "docs" / "out.md").symlink_to("/etc/hostname")
    commit(repo, "link")
    assert export_revision(repo, "HEAD", tmp_path / "out") == (False, "docs/out.md")
