"""Publishing a build all or nothing.

The site is built into a fresh folder beside the target and swapped into
place only when the build succeeded, so a refused or crashed build leaves the
previous site exactly as it was.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

__all__ = ["publish_atomically"]


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


def publish_atomically(site_dir: Path, build: Callable[[Path], None]) -> None:
    """Run ``build(tmp_dir)``; on success replace ``site_dir`` with its output.

    Any exception from ``build`` propagates after the temporary folder is
    removed; ``site_dir`` is untouched in that case.
    """
    parent = site_dir.resolve().parent
    parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{site_dir.name}-new-", dir=parent))
    try:
        build(staging)
        _readable(staging)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    old = parent / f".{site_dir.name}-old"
    shutil.rmtree(old, ignore_errors=True)
    if site_dir.exists():
        site_dir.rename(old)
    staging.rename(site_dir)
    shutil.rmtree(old, ignore_errors=True)
