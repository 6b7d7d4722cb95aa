"""The few git questions anchoring asks, through ``git`` itself, running nothing a repository names.

Every call runs ``git`` with a list argv (never a shell), a timeout, and the
overrides of :data:`_SAFE` and :func:`_environment`; when git is missing or the
folder is not a repository the answer is ``None``, never an exception, so a
project outside git builds as before.

A checkout the auditor was handed brings its ``.git/config`` (and what it
includes: ``include.path``, ``includeIf``), and a repository's config can name a
command for git to run. Decisions (blind31, blind75):

- A revision's files are read as raw objects, by one function,
  :func:`read_blobs` (``git cat-file --batch``, without ``--filters`` or
  ``--textconv``), listed by ``git ls-tree``: no ``filter.*.smudge``/``clean``/
  ``process`` and no ``diff.*.textconv`` runs, whatever the driver's name (a
  name is the vendor's, so no ``-c`` could switch it off). ``git archive`` is
  not used: it applies smudge filters and ``export-subst`` (whose ``%G?`` runs
  ``gpg.program``). :func:`export_revision` (``fxsite diff REV``) writes what
  :func:`read_blobs` gave through ``tarfile``'s data filter, as before.
- ``audit --rebuild`` checks out a fresh clone (:mod:`fxsite.anchor.rebuild`),
  whose config is git's new one: the handed config's drivers are not there.
- Every call overrides what may still run on reading: ``core.fsmonitor`` (run on
  reading the index), ``core.hooksPath`` (hooks, on a checkout),
  ``log.showSignature`` (``gpg.program``, on ``git log``); ``--no-pager``
  (``core.pager``); ``--no-replace-objects`` (``refs/replace`` would show the
  auditor another tree than a fresh clone builds). Command-line ``-c`` settings
  win over every config file, included ones too.
- No transport runs: ``GIT_ALLOW_PROTOCOL=file`` (a local clone only), so a
  partial clone's lazy fetch, ``core.sshCommand``, ``credential.helper``,
  ``core.askPass`` and an ``ext::`` remote never start; ``GIT_TERMINAL_PROMPT=0``.
- What is left trusted: git itself and the auditor's own configuration
  (``~/.gitconfig``, the system's), as for any git the auditor runs. A
  ``git status`` (:func:`git_source`, a build of the auditor's own project) may
  run the project's clean filter: building runs a project's config anyway.
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import tarfile

__all__ = [
    "MAX_CHECKOUT",
    "GitSource",
    "checkout_size",
    "export_revision",
    "git",
    "git_source",
    "is_shallow",
    "read_blobs",
    "repo_top",
]

_TIMEOUT = 120
#: The most bytes a revision's files may hold for a diff to export them or a rebuild to
#: check them out (blind75: a 3 MB repository held a 3 GiB blob of zeros); the
#: published-site reader's total cap.
MAX_CHECKOUT = 2 << 30


#: Settings every call overrides (see the module's docstring).
_SAFE = (
    "--no-pager",
    "--no-replace-objects",
    "-c",
    "core.fsmonitor=false",
    "-c",
    "core.hooksPath=/dev/null",
    "-c",
    "log.showSignature=false",
)


def _environment() -> dict[str, str]:
    """The auditor's environment, with no transport but a local clone and no prompt."""
    return {
        **os.environ,
        "GIT_ALLOW_PROTOCOL": "file",
        "GIT_NO_LAZY_FETCH": "1",
        "GIT_TERMINAL_PROMPT": "0",
    }


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
            env=_environment(),
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


def read_blobs(top: Path, specs: list[str]) -> list[bytes | None]:
    """The raw contents of objects (``commit:path`` or an id), None where missing or no blob.

    One ``git cat-file --batch`` for all: the bytes as stored, through no filter,
    ``textconv`` or other program a config names (the module's docstring).
    """
    if not specs:
        return []
    out = git(top, "cat-file", "--batch", data="".join(s + "\n" for s in specs).encode())
    if out is None:
        return [None] * len(specs)
    blobs: list[bytes | None] = []
    pos = 0
    for _ in specs:
        end = out.index(b"\n", pos)
        header = out[pos:end].split()
        pos = end + 1
        if len(header) == 3 and header[1] == b"blob":
            size = int(header[2])
            blobs.append(out[pos : pos + size])
            pos += size + 1
        else:
            blobs.append(None)
    return blobs


@dataclass(frozen=True)
class _Entry:
    mode: str
    kind: str
    oid: str
    size: int
    path: str


def _tree(repo: Path, commit: str) -> list[_Entry] | None:
    """Every entry of ``commit``'s tree (``git ls-tree -r -l``), or None when git fails."""
    out = git(repo, "ls-tree", "-r", "-z", "-l", "--full-tree", commit)
    if out is None:
        return None
    entries = []
    for record in out.decode("utf-8", "surrogateescape").split("\0"):
        head, tab, path = record.partition("\t")
        fields = head.split()
        if tab and len(fields) == 4:
            size = int(fields[3]) if fields[3].isdigit() else 0
            entries.append(_Entry(fields[0], fields[1], fields[2], size, path))
    return entries


def _commit(repo: Path, revision: str) -> str | None:
    if revision.startswith("-"):
        return None  # never an option to git
    return _text(repo, "rev-parse", "--verify", "-q", f"{revision}^{{commit}}")


def checkout_size(repo: Path, revision: str) -> int | None:
    """How many bytes ``revision``'s files hold, read from the tree (nothing written); None if unknown."""
    commit = _commit(repo, revision)
    entries = _tree(repo, commit) if commit else None
    return None if entries is None else sum(e.size for e in entries)


def _member(entry: _Entry, data: bytes) -> tarfile.TarInfo:
    import tarfile

    info = tarfile.TarInfo(entry.path)
    if entry.mode == "120000":
        info.type, info.linkname = tarfile.SYMTYPE, data.decode("utf-8", "surrogateescape")
    else:
        info.size, info.mode = len(data), 0o755 if entry.mode == "100755" else 0o644
    return info


def export_revision(repo: Path, revision: str, dest: Path) -> tuple[bool, str]:
    """Write the tree of ``revision`` (the whole repository) into ``dest``, from raw objects.

    (True, "") when written; (False, "") when ``revision`` is unknown, its files
    hold more than :data:`MAX_CHECKOUT` bytes or git fails to read one; (False, the member's path) when the
    tree holds a link out of itself or another member ``tarfile``'s data filter
    refuses: nothing of it is read. A submodule is an empty folder. ``tarfile`` is
    imported here: only a diff or a rebuild exports a tree, never a build.
    """
    import tarfile

    commit = _commit(repo, revision)
    entries = _tree(repo, commit) if commit else None
    if entries is None or sum(e.size for e in entries) > MAX_CHECKOUT:
        return False, ""
    blobs = [e for e in entries if e.kind == "blob"]
    contents = read_blobs(repo, [e.oid for e in blobs])
    if any(data is None for data in contents):
        return False, ""  # git failed: no file is written empty in its place
    archive = io.BytesIO()
    with tarfile.open(fileobj=archive, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for entry, data in zip(blobs, contents, strict=True):
            tar.addfile(_member(entry, data or b""), io.BytesIO(data or b""))
        for entry in entries:
            if entry.kind == "commit":
                folder = tarfile.TarInfo(entry.path)
                folder.type, folder.mode = tarfile.DIRTYPE, 0o755
                tar.addfile(folder)
    archive.seek(0)
    with tarfile.open(fileobj=archive) as tar:
        try:
            tar.extractall(dest, filter="data")
        except tarfile.FilterError as exc:
            return False, exc.tarinfo.name
    return True, ""
