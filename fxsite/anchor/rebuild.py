"""``fxsite audit SITE --rebuild REPO``: rebuild the manifest's commit and compare.

The auditor decides what is built: REPO is the project folder (the one holding
``mkdocs.yml``) in the auditor's clone. The manifest only names the commit (a
full hexadecimal id, looked up in that clone); its ``source.path`` is compared
with REPO's place in the repository and reported, never used.

Everything is written in one temporary work folder: a clone of the repository
checked out at the commit (its git history, and so the figure history, is the
one the vendor built from); the vendor's ``mkdocs.yml`` replaced by what
:mod:`fxsite.anchor.allowlist` lets through, or nothing built at all; the site,
built by ``python -I -m fxsite.mkdocs_rebuild build`` in an empty
environment (``HOME`` and ``TMPDIR`` in the work folder, the manifest's
``SOURCE_DATE_EPOCH``, no signing key) into a folder of the rebuild's own.
Every published file is then compared byte for byte with the rebuilt one.

What a vendor's commit may take of the auditor's machine is bounded (blind75: a
sandboxed template grew the build to 5.9 GB, a 3 MB repository checked out a 3 GiB
blob), each bound an ``FX811`` saying which, never a traceback:

- the checkout: its files' sizes are read from the commit's tree before anything is
  written (:func:`~fxsite.anchor.gitinfo.checkout_size`); more than
  :data:`~fxsite.anchor.gitinfo.MAX_CHECKOUT` (2 GiB) and nothing is checked out;
- the build's memory: ``RLIMIT_AS`` of :data:`_MAX_MEMORY` in the child (a template
  asking for more meets Python's ``MemoryError``, which the child reports in one line);
- each file the build writes: ``RLIMIT_FSIZE`` of :data:`_MAX_FILE` (the write fails
  with ``EFBIG``, the build with it);
- all it writes: the work folder is measured every :data:`_POLL` seconds while the
  child runs, and the child's group killed once it holds more than the checkout
  and :data:`~fxsite.anchor.gitinfo.MAX_CHECKOUT` more;
- its time: :data:`_BUILD_TIMEOUT`, in wall time and in CPU time (``RLIMIT_CPU``).

These are limits of a process, not a cgroup: a machine of less memory or disk than
they allow is protected by its own settings.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from fxsite import __version__
from fxsite.anchor.allowlist import dump_config, vet_config
from fxsite.anchor.gitinfo import MAX_CHECKOUT, checkout_size, git, repo_top
from fxsite.anchor.manifest import MANIFEST_NAME, site_files
from fxsite.anchor.sqlite_export import MAX_SQLITE_BYTES
from fxsite.anchor.trust import load_evidence
from fxsite.findings import Finding
from fxsite.project_paths import CONFIG_NAMES, find_config
from fxsite.safeio import digest_file

__all__ = ["child_environment", "rebuild_findings", "terminated_cleanly"]

#: Seconds a rebuild may take, in wall time and in CPU time (a site of 10,000 records
#: builds in about 10 minutes on 2 cores): a template that loops for hours is stopped,
#: and a child left behind by a killed audit stops by itself (blind21).
_BUILD_TIMEOUT = 1800
#: The child runs the fxsite this audit runs (``-I`` ignores ``PYTHONPATH``, so the
#: child would import whichever fxsite the interpreter has installed; blind21).
_CHILD = (
    "import runpy, sys; sys.path.insert(0, sys.argv.pop(1)); "
    "runpy.run_module('fxsite.mkdocs_rebuild', run_name='__main__', alter_sys=True)"
)
_COMMIT = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")
#: The address space the build may take: a site of 10,000 records needs far less.
_MAX_MEMORY = 4 << 30
#: The largest file the build may write: the largest file an audit reads (``evidence.sqlite``).
_MAX_FILE = MAX_SQLITE_BYTES
#: Seconds between two measures of the work folder while the child builds.
_POLL = 1.0


def child_environment(work: Path, epoch: int) -> dict[str, str]:
    """The whole environment of the rebuild's build: nothing of the auditor's but ``PATH``."""
    for name in ("home", "tmp"):
        (work / name).mkdir(exist_ok=True)
    return {
        "PATH": os.environ.get("PATH", os.defpath),
        "HOME": str(work / "home"),
        "TMPDIR": str(work / "tmp"),
        "LANG": "C.UTF-8",
        "SOURCE_DATE_EPOCH": str(epoch),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_TERMINAL_PROMPT": "0",
        "NO_MKDOCS_2_WARNING": "1",
        "NO_COLOR": "1",
    }


def _checkout(top: Path, commit: str, dest: Path) -> bool:
    """A clone of ``top`` in ``dest``, checked out at ``commit``; False if it is not there."""
    if git(top, "clone", "-q", "--no-checkout", "--", str(top), str(dest)) is None:
        return False
    quiet = ("-c", "advice.detachedHead=false", "-c", "core.hooksPath=/dev/null")
    return git(dest, *quiet, "checkout", "-q", "--detach", commit) is not None


def _limited() -> None:  # pragma: no cover - runs in the child, before it starts
    resource.setrlimit(resource.RLIMIT_CPU, (_BUILD_TIMEOUT, _BUILD_TIMEOUT))
    resource.setrlimit(resource.RLIMIT_AS, (_MAX_MEMORY, _MAX_MEMORY))
    resource.setrlimit(resource.RLIMIT_FSIZE, (_MAX_FILE, _MAX_FILE))


def _folder_size(folder: Path) -> int:
    """The bytes of the files under ``folder`` (links not followed)."""
    total = 0
    for parent, _, names in os.walk(folder):
        for name in names:
            with contextlib.suppress(OSError):
                total += os.lstat(os.path.join(parent, name)).st_size
    return total


def _wait(child: subprocess.Popen[str], work: Path, most: int) -> tuple[str | None, str]:
    """The child's output once it ends (None when stopped) and why it was stopped."""
    deadline = time.monotonic() + _BUILD_TIMEOUT
    while time.monotonic() < deadline:
        try:
            output, _ = child.communicate(timeout=_POLL)
            return output, ""
        except subprocess.TimeoutExpired:
            if _folder_size(work) > most:
                return None, f"the rebuild wrote more than {_mib(most)} and was stopped"
    return None, f"the rebuild took longer than {_BUILD_TIMEOUT} s and was stopped"


def _mib(size: int) -> str:
    return f"{size >> 30} GiB" if size >= 1 << 30 else f"{size >> 20} MiB"


def _failure(returncode: int, output: str) -> str:
    """What a failed child's exit and output say, without a traceback's frames.

    A limit met is told by its error as the build reports it: Python ignores
    ``SIGXFSZ``, so a write past ``RLIMIT_FSIZE`` fails with ``EFBIG``; an allocation
    past ``RLIMIT_AS`` is a ``MemoryError``.
    """
    if returncode == -signal.SIGXFSZ or os.strerror(errno.EFBIG) in output:
        return f"the rebuild wrote a file larger than {_mib(_MAX_FILE)} and was stopped"
    if "MemoryError" in output:
        return f"the rebuild ran out of its memory limit of {_mib(_MAX_MEMORY)} and was stopped"
    lines = [line for line in output.strip().splitlines() if not _FRAME.match(line)]
    return f"the rebuild failed (exit {returncode}): {' | '.join(lines[-3:])}"


def _build(project: Path, out: Path, work: Path, epoch: int) -> str:
    """Build the vetted ``project`` into ``out`` in a child process; what went wrong, if anything.

    The child has a session of its own, ended with the audit (a time-out, an interrupt,
    a ``SIGTERM``: its whole group is killed), and limits of its own (the module's docstring).
    """
    root = str(Path(__file__).resolve().parents[2])
    argv = [sys.executable, "-I", "-c", _CHILD, root, "build", str(project)]
    try:
        child = subprocess.Popen(  # noqa: S603 - this interpreter, list argv
            argv,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            cwd=work,
            env=child_environment(work, epoch),
            start_new_session=True,
            preexec_fn=_limited,
        )
    except OSError as exc:
        return str(exc)
    output: str | None = None
    stopped = ""
    try:
        output, stopped = _wait(child, work, _folder_size(work) + MAX_CHECKOUT)
    finally:
        if child.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(child.pid, signal.SIGKILL)
        child.communicate()  # reaps the child and closes its pipe
    if output is None:
        return stopped
    if child.returncode != 0 or not out.is_dir():
        return _failure(child.returncode, output)
    return ""


#: A line of a Python traceback: its header or a frame (its file and its code).
_FRAME = re.compile(r"Traceback \(most recent call last\):|\s+File \"|\s{4}\S|\s+\^+$")


def _history(site_dir: Path) -> Any:
    data, _, _ = load_evidence(site_dir)
    return data.get("history") if data is not None else None


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
        elif digest_file(site_dir / rel) != digest_file(rebuilt / rel):
            message = f"differs from a rebuild of {commit[:12]}"
            if rel == "evidence.json" and _history(site_dir) != _history(rebuilt):
                message += ": its history is not the one git gives for that commit"
            findings.append(Finding(rel, 1, 1, "FX810", message))
    return findings


def _source_findings(manifest: dict[str, Any], rel: str) -> tuple[str | None, list[Finding]]:
    """The commit to rebuild (None if there is none) and what the manifest's source says."""
    source = manifest.get("source")
    commit = source.get("commit") if isinstance(source, dict) else None
    if not isinstance(source, dict) or not isinstance(commit, str) or not _COMMIT.fullmatch(commit):
        message = "the manifest names no source commit (a full hexadecimal id): nothing to rebuild"
        return None, [Finding(MANIFEST_NAME, 1, 1, "FX811", message)]
    findings = []
    if source.get("dirty"):
        message = f"built from uncommitted changes on top of {commit[:12]}: a rebuild cannot reproduce them"
        findings.append(Finding(MANIFEST_NAME, 1, 1, "FX811", message))
    if source.get("path", "") != rel:
        message = (
            f"the manifest says the project is at {source.get('path')!r} in its repository; "
            f"rebuilding {rel!r}, the folder given (--rebuild names the project folder)"
        )
        findings.append(Finding(MANIFEST_NAME, 1, 1, "FX811", message, "warning"))
    if manifest.get("generator") != f"fxsite {__version__}":
        message = f"built with {manifest.get('generator')}, rebuilt with fxsite {__version__}: differences may come from the tool"
        findings.append(Finding(MANIFEST_NAME, 1, 1, "FX811", message, "warning"))
    return commit, findings


def _epoch(manifest: dict[str, Any]) -> int:
    value = manifest.get("source_date_epoch", 0)
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


@contextmanager
def terminated_cleanly() -> Iterator[None]:
    """``SIGTERM`` (``timeout``, a CI's cancel) ends the audit as an interrupt does: the
    child is killed and the work folder removed (blind21: both were left behind), and a
    URL audit's download removed (blind75)."""

    def stop(signum: int, _frame: object) -> None:
        raise SystemExit(128 + signum)

    try:
        previous = signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread: nothing to install
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def rebuild_findings(site_dir: Path, manifest: dict[str, Any], repo: Path) -> list[Finding]:
    """Rebuild the project folder ``repo`` at the manifest's commit; every difference."""
    top = repo_top(repo)
    if top is None:
        return [Finding(str(repo), 1, 1, "FX811", "not a git repository")]
    if find_config(repo) is None:
        message = f"no {' or '.join(CONFIG_NAMES)}: pass the project folder"
        return [Finding(str(repo), 1, 1, "FX811", message)]
    rel = repo.resolve().relative_to(top.resolve()).as_posix()
    rel = "" if rel == "." else rel
    commit, findings = _source_findings(manifest, rel)
    if commit is None:
        return findings
    with (
        terminated_cleanly(),
        tempfile.TemporaryDirectory(prefix="fxsite-rebuild-", ignore_cleanup_errors=True) as tmp,
    ):
        work = Path(tmp)
        checkout = work / "src"
        size = checkout_size(top, commit)
        if size is not None and size > MAX_CHECKOUT:
            message = (
                f"commit {commit[:12]}'s files hold {size:,} bytes, more than a rebuild checks "
                f"out ({_mib(MAX_CHECKOUT)}): nothing was built"
            )
            return [*findings, Finding(str(repo), 1, 1, "FX811", message)]
        if not _checkout(top, commit, checkout):
            message = f"commit {commit[:12]} is not in this repository (fetch it first)"
            return [*findings, Finding(str(repo), 1, 1, "FX811", message)]
        project = checkout / rel
        config = find_config(project) or project / CONFIG_NAMES[0]
        data, refused = vet_config(config, checkout)
        if data is None:
            refused = [replace(f, path=f"{rel}/{f.path}" if rel else f.path) for f in refused]
            message = "the commit's config names what a rebuild does not run: nothing was built"
            return [*findings, *refused, Finding(str(repo), 1, 1, "FX811", message)]
        out = work / "out"
        data["site_dir"] = str(out)
        config.write_text(dump_config(data), encoding="utf-8")
        error = _build(project, out, work, _epoch(manifest))
        if error:
            return [*findings, Finding(str(repo), 1, 1, "FX811", error)]
        findings.extend(_compare(site_dir, out, commit))
    return findings
