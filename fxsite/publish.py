"""Publishing a build all or nothing.

The site is built into a fresh folder beside the target and swapped into
place only when the build succeeded, so a refused or crashed build leaves the
previous site exactly as it was.
"""

from __future__ import annotations

import os
import secrets
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

__all__ = ["commit", "discard", "publish_atomically", "stage"]


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _readable(site: Path) -> None:
    """Give the site the modes ``mkdocs build`` gives (0755/0644 under umask 022).

    The staging folder comes from ``mkdtemp`` (0700) and a web server running
    as another user must read the site; bits are only added, never removed.
    """
    mask = _umask()
    site.chmod(site.stat().st_mode & 0o7777 | (0o755 & ~mask))
    for folder, dirs, files in os.walk(site):
        for name in dirs:
            path = Path(folder, name)
            path.chmod(path.stat().st_mode & 0o7777 | (0o755 & ~mask))
        for name in files:
            path = Path(folder, name)
            if not path.is_symlink():
                path.chmod(path.stat().st_mode & 0o7777 | (0o644 & ~mask))


def stage(site_dir: Path) -> Path:
    """A fresh, empty folder beside ``site_dir`` to build into."""
    parent = site_dir.resolve().parent
    parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f".{site_dir.name}-new-", dir=parent))


def discard(staging: Path) -> None:
    """Remove a staging folder; the published site was never touched."""
    shutil.rmtree(staging, ignore_errors=True)


def commit(staging: Path, site_dir: Path) -> None:
    """Make ``staging`` readable and swap it into place as ``site_dir``."""
    try:
        _readable(staging)
    except BaseException:
        discard(staging)
        raise
    # A fresh name: a folder of the user's beside the site is never taken for the old one.
    old = site_dir.resolve().parent / f".{site_dir.name}-old-{secrets.token_hex(8)}"
    if site_dir.exists():
        site_dir.rename(old)
    staging.rename(site_dir)
    if old.is_symlink():  # site_dir was a link to a folder: the link is what goes
        old.unlink()
    else:
        shutil.rmtree(old, ignore_errors=True)


def publish_atomically(site_dir: Path, build: Callable[[Path], None]) -> None:
    """Run ``build(tmp_dir)``; on success replace ``site_dir`` with its output.

    Any exception from ``build`` propagates after the temporary folder is
    removed; ``site_dir`` is untouched in that case.
    """
    staging = stage(site_dir)
    try:
        build(staging)
    except BaseException:
        discard(staging)
        raise
    commit(staging, site_dir)
