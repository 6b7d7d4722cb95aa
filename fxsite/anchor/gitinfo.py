"""The few git questions anchoring asks, through ``git`` itself.

Every call runs ``git`` with a list argv (never a shell), a timeout, and no
fsmonitor or hooks of the repository's configuration (:data:`_SAFE`); when
git is missing or the folder is not a repository the answer is ``None``, never
an exception, so a project outside git builds as before.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

__all__ = ["GitSource", "export_revision", "git", "git_source", "is_shallow", "repo_top"]

_TIMEOUT = 120


#: Settings every call overrides: a repository's ``core.fsmonitor`` is a command git runs
#: on reading its index, and its hooks run on checkout (blind31: a checkout the auditor
#: was handed may carry both in its ``.git/config``).
_SAFE = ("-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null")


def git(repo: Path, *args: str, data: bytes | None = None) -> bytes | None:
    """``git -C repo ARGS``'s standard output (with :data:`_SAFE`), or None when it fails."""
    exe = shutil.which("git")
    if exe is None:
        return None
    try:
        done = subprocess.run(  # noqa: S603 - fixed executable, list argv
            [exe, *_SAFE, "-C", str(repo), *args],
            input=data,
            capture_output=True,
            timeout=_TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout if done.returncode == 0 else None


def _text(repo: Path, *args: str) -> str | None:
    out = git(repo, *args)
    return None if out is None else out.decode("utf-8", "replace").strip()


def repo_top(path: Path) -> Path | None:
    """The top folder of the work tree holding ``path``, or None outside git."""
    top = _text(path, "rev-parse", "--show-toplevel")
    return Path(top) if top else None


def is_shallow(repo: Path) -> bool:
    return _text(repo, "rev-parse", "--is-shallow-repository") == "true"


@dataclass(frozen=True)
class GitSource:
    """Where a build came from: the commit, whether the tree was clean, the project folder."""

    commit: str
    dirty: bool
    #: the project's folder inside the repository ("" at its top), with slashes
    path: str
    #: committer time of the commit, seconds since the epoch
    time: int


def git_source(project_root: Path, exclude: tuple[Path, ...] = ()) -> GitSource | None:
    """The commit a project is built from, or None when it is not in a git repository.

    ``exclude`` are folders not counted as changes (the site being built).
    """
    commit = _text(project_root, "rev-parse", "--verify", "-q", "HEAD")
    if not commit:
        return None
    prefix = _text(project_root, "rev-parse", "--show-prefix") or ""
    skip = []
    for path in exclude:
        resolved = path.resolve()
        if resolved.is_relative_to(project_root.resolve()):
            rel = resolved.relative_to(project_root.resolve()).as_posix()
            skip.append(f":(exclude,literal){rel}")
    status = git(
        project_root, "status", "--porcelain", "--untracked-files=normal", "--", ".", *skip
    )
    time = _text(project_root, "log", "-1", "--format=%ct", "HEAD") or "0"
    return GitSource(
        commit=commit,
        dirty=bool(status and status.strip()),
        path=prefix.rstrip("/"),
        time=int(time) if time.isdigit() else 0,
    )


def export_revision(repo: Path, revision: str, dest: Path) -> tuple[bool, str]:
    """Write the tree of ``revision`` (the whole repository) into ``dest``.

    (True, "") when written; (False, "") when ``revision`` is unknown; (False,
    the member's path) when the tree holds a link out of itself or another
    member ``tarfile``'s data filter refuses: nothing of it is read.
    """
    import io
    import tarfile

    if revision.startswith("-"):
        return False, ""  # never an option to git
    commit = _text(repo, "rev-parse", "--verify", "-q", f"{revision}^{{commit}}")
    if not commit:
        return False, ""
    archive = git(repo, "archive", "--format=tar", commit)
    if archive is None:
        return False, ""
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        try:
            tar.extractall(dest, filter="data")
        except tarfile.FilterError as exc:
            return False, exc.tarinfo.name
    return True, ""
