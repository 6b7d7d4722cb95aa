"""Publishing a build all or nothing.

The site is built into a fresh folder beside the target and swapped into
place only when the build succeeded, so a refused or crashed build leaves the
previous site exactly as it was.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

__all__ = ["publish_atomically"]


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
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    old = parent / f".{site_dir.name}-old"
    shutil.rmtree(old, ignore_errors=True)
    if site_dir.exists():
        site_dir.rename(old)
    staging.rename(site_dir)
    shutil.rmtree(old, ignore_errors=True)
