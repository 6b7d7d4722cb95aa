"""Reading and writing files for authors: a page read as it was written (:class:`PageFile`:
its line ends, its byte-order mark), never clobber a file, never leave half of one."""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from fxsite.safeio import decode_utf8

__all__ = ["PageFile", "existing", "write_atomic", "write_new"]


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


@dataclass(frozen=True)
class PageFile:
    """A page as read from disk: text with ``\\n`` line ends, and how to write it back.

    Its lines are counted as MkDocs reads them (universal newlines: ``\\r\\n``, ``\\r``
    and ``\\n`` each end a line), so a fix names the line ``fxsite check`` names (blind87:
    a page of ``\\r`` line ends was told 1:58 by ``fix``, 5:39 by ``check``). It is written
    back with its own line ends: ``\\r\\n`` where it has any, ``\\r`` where it has no
    other, else ``\\n`` (a page mixing lone ``\\r`` with ``\\n`` gets ``\\n`` throughout).
    """

    text: str
    crlf: bool = False
    bom: bool = False
    cr: bool = False

    @classmethod
    def read(cls, data: bytes, path: Path) -> PageFile:
        """Decode a page (UTF-8, optional BOM); raises UnreadableFile at its first bad byte."""
        text = decode_utf8(data, path)
        bom = text.startswith("\ufeff")
        text = text.removeprefix("\ufeff")
        crlf = "\r\n" in text
        cr = not crlf and "\r" in text and "\n" not in text
        return cls(text.replace("\r\n", "\n").replace("\r", "\n"), crlf, bom, cr)

    def encode(self, text: str) -> bytes:
        """``text`` with this file's line ends and BOM."""
        if self.crlf:
            text = text.replace("\n", "\r\n")
        elif self.cr:
            text = text.replace("\n", "\r")
        return (("\ufeff" if self.bom else "") + text).encode("utf-8")
