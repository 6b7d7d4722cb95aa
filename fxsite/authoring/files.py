"""Writing files for authors: never clobber a file, never leave half of one."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

__all__ = ["existing", "write_atomic", "write_new"]


def existing(paths: list[Path]) -> list[Path]:
    """Those of ``paths`` that already exist (as anything: file, folder, link)."""
    return [p for p in paths if p.exists() or p.is_symlink()]


def write_new(path: Path, text: str) -> None:
    """Create ``path`` with ``text``; raise FileExistsError if anything is there."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("x", encoding="utf-8", newline="\n") as handle:
        handle.write(text)


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` by ``data`` in one rename, keeping its permission bits.

    A reader (or a crash) sees the old file or the new one, never a mix.
    """
    mode = path.stat().st_mode & 0o7777 if path.exists() else 0o644
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
