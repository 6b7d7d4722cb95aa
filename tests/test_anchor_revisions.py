"""Figure history, ``fxsite diff`` and ``audit --rebuild`` over a temporary git repository."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from anchorkit import TEST_KEY, audit_here, build, codes, commit, git, make_repo
from sitekit import fxsite_here

from fxsite.anchor.history import figure_history, history_section_html

R1 = Path("evidence") / "R1.yaml"


def _edit(project: Path, rel: Path, old: str, new: str) -> None:
    path = project / rel
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three commits: the first, a changed figure and label, then E1 retracted and a figure added."""
    project = make_repo(tmp_path_factory.mktemp("revs") / "project")
    _edit(
        project,
        R1,
        "bandwidth: {value: 6.40, unit: GB/s}",
        "bandwidth: {value: 6.90, unit: GB/s, label: spec}",
    )
    _edit(project, Path("docs/bandwidth.md"), "[6.40 GB/s]", "[6.90 GB/s]")
    commit(project, "bandwidth re-measured", "2026-02-01T00:00:00Z")
    _edit(project, Path("evidence/S2.yaml"), "status: active", "status: retracted")
    _edit(
        project,
        R1,
        "  load_speedup:",
        "  write_iops: {value: 2000000, unit: IOPS}\n  load_speedup:",
    )
    commit(project, "S2 retracted, IOPS added", "2026-03-01T00:00:00Z")
    return project


def test_history_lists_every_change_in_order(repo: Path) -> None:
    history = figure_history(repo / "evidence")
    assert history.note is None
    r1 = [(c.kind, c.figure, c.field, c.old, c.new) for c in history.changes["R1"]]
    assert r1 == [
        ("record-added", None, None, None, None),
        ("figure", "bandwidth", "value", "6.40", "6.90"),
        ("figure", "bandwidth", "label", "measured", "spec"),
        ("figure-added", "write_iops", None, None, "2000000 IOPS, measured"),
    ]
    s2 = [(c.kind, c.field, c.new) for c in history.changes["S2"]]
    assert s2[-1] == ("record", "status", "retracted")
    assert history.changes["R1"][1].date.startswith("2026-02-01")
    page = history_section_html(history, "R1")
    newest = page.index("<code>write_iops</code> added")
    assert newest < page.index(
        "<code>bandwidth</code> value: <code>6.40</code> → <code>6.90</code>"
    )


def test_history_outside_git_is_a_note_not_an_error(tmp_path: Path) -> None:
    project = make_repo(tmp_path / "p")
    shutil.rmtree(project / ".git")
    history = figure_history(project / "evidence")
    assert history.changes == {}
    assert history.note is not None and "outside version control (git)" in history.note
    # the note is for auditors (evidence.json); a public record page shows none (blind72)
    assert history_section_html(history, "R1") == ""


def test_history_of_a_shallow_clone_says_so(repo: Path, tmp_path: Path) -> None:
    subprocess.run(
        ["git", "clone", "-q", "--depth", "1", repo.as_uri(), str(tmp_path / "shallow")],
        check=True,
        timeout=60,
    )
    history = figure_history(tmp_path / "shallow" / "evidence")
    assert history.note is not None and "Shallow" in history.note
    assert history.changes == {}  # the one commit there is the starting point, not "added"


@pytest.mark.parametrize(
    ("fmt", "expect"),
    [
        (
            "text",
            "changed R1#bandwidth: 6.40 GB/s -> 6.90 GB/s (value 6.40 -> 6.90, label measured -> spec)\n  cited on: bandwidth.md",
        ),
        (
            "markdown",
            "| figure changed | `R1#bandwidth` | 6.40 GB/s | 6.90 GB/s | `bandwidth.md` |",
        ),
    ],
)
def test_diff_between_revisions(repo: Path, fmt: str, expect: str) -> None:
    proc = fxsite_here("diff", "HEAD~2", "HEAD", "--format", fmt, cwd=repo)
    assert proc.returncode == 1, proc.stderr
    assert expect in proc.stdout


def test_diff_as_json(repo: Path) -> None:
    proc = fxsite_here("diff", "HEAD~2", "HEAD", "--format", "json", cwd=repo)
    assert proc.returncode == 1, proc.stderr
    changes = {(c["kind"], c["ref"]): c for c in json.loads(proc.stdout)}
    assert set(changes) == {
        ("figure-changed", "R1#bandwidth"),
        ("figure-added", "R1#write_iops"),
        ("record-status", "S2"),
    }
    assert changes[("figure-changed", "R1#bandwidth")]["fields"] == {
        "value": ["6.40", "6.90"],
        "label": ["measured", "spec"],
    }
    assert changes[("figure-changed", "R1#bandwidth")]["pages"] == ["bandwidth.md"]
    assert changes[("record-status", "S2")]["new"] == "retracted"


@pytest.mark.parametrize(("old", "new"), [("HEAD", "HEAD"), ("HEAD", ".")])
def test_diff_without_changes_exits_0(repo: Path, old: str, new: str) -> None:
    proc = fxsite_here("diff", old, new, cwd=repo)
    assert (proc.returncode, proc.stdout) == (0, "no figure or record changed\n"), proc.stderr


def test_diff_of_an_unknown_revision_is_a_usage_error(repo: Path) -> None:
    proc = fxsite_here("diff", "no-such-rev", "HEAD", cwd=repo)
    assert proc.returncode == 2
    assert "neither a built site nor a git revision" in proc.stderr
    assert "Traceback" not in proc.stderr


#: (row, OLD as typed, what the message says it is as a path, or None: a revision's name)
_NOT_A_SIDE = [
    ("a mistyped site folder", "../no-such-site", "no such folder"),
    ("a folder of neither kind", "docs", "a folder, but neither a built site"),
    ("a file", "mkdocs.yml", "a file; pass a built site's folder"),
    ("near miss: a revision's name", "no-such-rev", None),
]


@pytest.mark.parametrize(
    ("spec", "said"), [r[1:] for r in _NOT_A_SIDE], ids=[r[0] for r in _NOT_A_SIDE]
)
def test_diff_says_what_a_path_that_is_no_side_is(repo: Path, spec: str, said: str | None) -> None:
    proc = fxsite_here("diff", spec, "HEAD", cwd=repo)
    assert proc.returncode == 2, proc.stderr
    assert "neither a built site nor a git revision" in proc.stderr
    as_path = [line for line in proc.stderr.splitlines() if line.startswith(f"{spec}: ")]
    if said is None:
        assert as_path == [], proc.stderr
    else:
        assert len(as_path) == 1 and said in as_path[0], proc.stderr


@pytest.mark.slow
def test_diff_between_built_sites(repo: Path, tmp_path: Path) -> None:
    old = tmp_path / "old"
    git(repo, "worktree", "add", "-q", "--detach", str(old), "HEAD~2")
    try:
        old_site, new_site = build(old), build(repo)
        proc = fxsite_here("diff", str(old_site), str(new_site), cwd=tmp_path)
        assert proc.returncode == 1, proc.stderr
        assert "changed R1#bandwidth" in proc.stdout
        assert re.search(r"cited on: .*bandwidth", proc.stdout)
    finally:
        git(repo, "worktree", "remove", "--force", str(old))


@pytest.mark.slow
def test_rebuild_matches_then_catches_an_uncommitted_record_edit(
    repo: Path, tmp_path: Path
) -> None:
    project = tmp_path / "clone"
    git(repo, "clone", "-q", str(repo), str(project))
    site = build(project, "--sign", str(TEST_KEY), epoch="1772000000")
    # the rebuild, in a temporary worktree of the auditor's clone, gives the same bytes
    key = ("--key", f"{TEST_KEY}.pub")
    assert audit_here(site, *key, "--rebuild", str(project), cwd=tmp_path) == (0, [])
    # a record edited without a commit, then built and published
    _edit(project, R1, "save_time_new: {value: 94", "save_time_new: {value: 93")
    _edit(project, Path("docs/checkpoints.md"), "[94 s]", "[93 s]")
    site = build(project, "--sign", str(TEST_KEY), epoch="1772000000")
    code, findings = audit_here(site, *key, "--rebuild", str(project), cwd=tmp_path)
    assert code == 1
    assert codes(findings) == {"FX810", "FX811"}
    differing = {f["path"] for f in findings if f["code"] == "FX810"}
    assert {"evidence.json", "checkpoints/index.html", "evidence.sqlite"} <= differing
    assert git(project, "worktree", "list").count("\n") == 0  # the temporary worktree is gone


def test_history_follows_yml_records_in_subfolders(tmp_path: Path) -> None:
    project = make_repo(tmp_path / "p")
    record = project / "evidence" / "2026" / "R5.yml"
    record.parent.mkdir()
    text = "id: R5\ntitle: t\nlabel: spec\nstatus: active\nfigures:\n  iops: {value: 100, unit: IOPS}\n"
    record.write_text(text, encoding="utf-8")
    (project / "evidence" / ".draft.yaml").write_text(text, encoding="utf-8")
    commit(project, "R5", "2026-02-01T00:00:00Z")
    record.write_text(text.replace("100", "120"), encoding="utf-8")
    commit(project, "R5 again", "2026-02-02T00:00:00Z")
    history = figure_history(project / "evidence")
    assert [(c.kind, c.old, c.new) for c in history.changes["R5"]] == [
        ("record-added", None, None),
        ("figure", "100", "120"),
    ]
    assert ".draft" not in history.changes
