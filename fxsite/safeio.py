"""Reading files someone else wrote, without hanging, crashing or exhausting memory.

Every file fxsite reads from a project or a published site goes through here:
records, pages, report documents, and every file of a site under audit.

* Only regular files are read: a FIFO, a device (``/dev/zero``), a socket or
  a directory named ``x.html`` is refused, never opened for a blocking read.
  The file is opened non-blocking and checked again on the open descriptor, so
  swapping a FIFO in between the check and the read changes nothing.
* A symbolic link (the file's own, or a folder's on the way to it) is followed
  only when its target stays inside ``root``; a dangling link is refused like
  a missing file.
* The size cap is applied before reading (from ``fstat``) and again while
  reading, so a file that grows cannot get past it; hashes stream in chunks.
* JSON is parsed only after a linear scan of its nesting depth
  (:func:`load_json`): a document nested 200,000 deep is refused, never a
  ``RecursionError``.
* SQLite is read from the bytes :func:`read_bytes` returns, deserialised into
  memory (:func:`open_sqlite`): SQLite never opens the path itself, the
  connection is query-only, extensions cannot load, and every statement stops
  at a deadline (a recursive view never ends on its own).

Problems are :class:`UnreadableFile` (or :class:`BadJson`) with a plain-words message.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
import stat
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from fxsite.findings import FxsiteError

__all__ = [
    "CHUNK",
    "BadJson",
    "Stamp",
    "UnreadableFile",
    "decode_utf8",
    "digest_file",
    "file_kind",
    "file_stamp",
    "folder_link",
    "iter_tree",
    "json_depth",
    "load_json",
    "open_sqlite",
    "read_bytes",
    "read_prefix",
    "read_text",
    "sha256_file",
    "stat_stamp",
]

#: Bytes read at a time when hashing.
CHUNK = 1 << 16


class UnreadableFile(FxsiteError):
    """A file that cannot be read safely; ``reason`` says why in plain words, ``where`` the
    line and column of what could not be read (1, 1: the file as a whole)."""

    def __init__(self, path: Path, reason: str, where: tuple[int, int] = (1, 1)) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason
        self.where = where


def file_kind(mode: int) -> str:
    """What a file of this ``st_mode`` is, in words ("a FIFO (named pipe)")."""
    if stat.S_ISREG(mode):
        return "a file"
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _may_leave(path: Path, root: Path) -> bool:
    """Whether ``path`` may lead outside ``root`` by a ``..`` or a folder link on the way.

    One ``lstat`` per folder below ``root``: resolving the whole path costs ten times more.
    """
    try:
        parts = path.relative_to(root).parts
    except ValueError:
        return True
    if ".." in parts:
        return True
    folder = root
    for part in parts[:-1]:
        folder = folder / part
        if folder.is_symlink():
            return True
    return False


def _open(path: Path, root: Path | None) -> int:
    """A read-only descriptor of the regular file ``path`` (links checked)."""
    try:
        if path.is_symlink() or (root is not None and _may_leave(path, root)):
            target = path.resolve(strict=True)
            if root is not None and not target.is_relative_to(root.resolve()):
                raise UnreadableFile(path, "is a symbolic link that leaves its folder")
            path = target
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        raise UnreadableFile(path, "does not exist (or is a dangling link)") from None
    except (OSError, RuntimeError) as exc:  # RuntimeError: a symbolic link loop (3.11)
        reason = getattr(exc, "strerror", None) or str(exc)
        raise UnreadableFile(path, f"cannot be read: {reason}") from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise UnreadableFile(path, f"is {file_kind(mode)}, not a file")
    return fd


def read_bytes(path: Path, max_bytes: int, root: Path | None = None) -> bytes:
    """The bytes of ``path``, refused before reading when over ``max_bytes``."""
    fd = _open(path, root)
    try:
        size = os.fstat(fd).st_size
        if size > max_bytes:
            raise UnreadableFile(path, f"is larger than {max_bytes:,} bytes")
        with os.fdopen(fd, "rb", closefd=False) as handle:
            # Sized by the file, not the limit: a buffered read(n) allocates n bytes
            # first. A file that grew since fstat is read on, up to the limit.
            data = handle.read(size + 1)
            if len(data) > size:
                data += handle.read(max_bytes + 1 - len(data))
    except OSError as exc:
        raise UnreadableFile(path, f"cannot be read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        raise UnreadableFile(path, f"is larger than {max_bytes:,} bytes")
    return data


def read_prefix(path: Path, size: int, root: Path | None = None) -> bytes:
    """At most the first ``size`` bytes of ``path`` (links checked as for :func:`read_bytes`)."""
    fd = _open(path, root)
    try:
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read(size)
    except OSError as exc:
        raise UnreadableFile(path, f"cannot be read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def folder_link(path: Path, root: Path) -> str | None:
    """For a symbolic link to a directory: None when it stays inside ``root``, else why not.

    :func:`iter_tree` does not walk such a link (no loops); what it holds inside
    ``root`` is read where it really is, and a link leaving ``root`` is refused.
    Raises :class:`UnreadableFile` when ``path`` is not a link to a directory.
    """
    if not (path.is_symlink() and path.is_dir()):
        raise UnreadableFile(path, "is not a symbolic link to a folder")
    try:
        target = path.resolve(strict=True)
    except (OSError, RuntimeError) as exc:  # a loop
        return (
            f"is a symbolic link that cannot be followed: {getattr(exc, 'strerror', None) or exc}"
        )
    if not target.is_relative_to(root.resolve()):
        return "is a symbolic link to a folder outside the site"
    return None


#: The byte-order marks a UTF-16 file opens with (little-endian, big-endian).
_UTF16_MARKS = (b"\xff\xfe", b"\xfe\xff")


def decode_utf8(data: bytes, path: Path | str) -> str:
    """``data`` as UTF-8 text (a leading byte-order mark kept); else :class:`UnreadableFile`
    placed where an editor shows the first bad byte: its line and column (in characters).
    ``path`` names the file in that error only (a path object is made then, not for every
    file read: it interns the path's parts)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        good = data[: exc.start].decode("utf-8").removeprefix("\ufeff")
        line, col = good.count("\n") + 1, len(good) - good.rfind("\n")
        # A UTF-16 file opens with its byte-order mark: said so (blind87: "byte 0xff" alone)
        utf16 = " (it is UTF-16: it starts with UTF-16's byte-order mark)"
        reason = (
            f"is not valid UTF-8: byte 0x{data[exc.start]:02x} at line {line}, column {col}"
            f"{utf16 if data[:2] in _UTF16_MARKS else ''}; save the file as UTF-8"
        )
        raise UnreadableFile(Path(path), reason, (line, col)) from None


def read_text(path: Path, max_bytes: int, root: Path | None = None) -> str:
    """UTF-8 text of ``path`` (a leading byte-order mark dropped)."""
    return decode_utf8(read_bytes(path, max_bytes, root), path).removeprefix("\ufeff")


def digest_file(
    path: Path, root: Path | None = None, max_bytes: int | None = None
) -> tuple[str, int]:
    """SHA-256 (hex) and size of ``path``, read in chunks of :data:`CHUNK` bytes."""
    fd = _open(path, root)
    digest = hashlib.sha256()
    total = 0
    try:
        while chunk := os.read(fd, CHUNK):
            total += len(chunk)
            if max_bytes is not None and total > max_bytes:
                raise UnreadableFile(path, f"is larger than {max_bytes:,} bytes")
            digest.update(chunk)
    except OSError as exc:
        raise UnreadableFile(path, f"cannot be read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    return digest.hexdigest(), total


def sha256_file(path: Path, root: Path | None = None, max_bytes: int | None = None) -> str:
    """SHA-256 of ``path`` in hex (:func:`digest_file`)."""
    return digest_file(path, root, max_bytes)[0]


def iter_tree(root: Path) -> Iterator[Path]:
    """Every entry under ``root`` that is not a directory, in sorted order.

    Directories are walked without following symbolic links (no loops); what
    is yielded may still be a link, a FIFO or a device: reading it refuses it.
    """
    for folder, dirs, files in os.walk(root, followlinks=False):
        dirs.sort()
        base = Path(folder)
        # A symbolic link to a directory is listed as a directory but not walked.
        for name in sorted([*files, *(d for d in dirs if (base / d).is_symlink())]):
            yield base / name


#: A file's version as ``serve`` compares it: modification and change time, size, inode.
Stamp = tuple[int, int, int, int]


def stat_stamp(st: os.stat_result) -> Stamp:
    """The :data:`Stamp` of a file's status.

    The change time too: a write that keeps the size and puts the modification
    time back (``cp -p``, ``rsync -a``, ``touch -r``) still sets it, and no user
    can set it back.
    """
    return (st.st_mtime_ns, st.st_ctime_ns, st.st_size, st.st_ino)


def file_stamp(path: Path, *, follow: bool = True) -> Stamp | None:
    """The :data:`Stamp` of ``path`` (``follow=False``: of a link itself); None if unreadable."""
    try:
        return stat_stamp(path.stat(follow_symlinks=follow))
    except OSError:
        return None


class BadJson(ValueError):
    """JSON text that cannot be read as data (syntax, nesting depth, a huge integer)."""


#: Strings and text without brackets or quotes, then the bracket or quote after them
#: (nothing at the end): possessive, so a match never goes back.
_TO_BRACKET = re.compile(r'(?:[^"\[\]{}]++|"[^"\\]*+(?:\\.[^"\\]*+)*+")*+([\[\]{}"]?)', re.DOTALL)


def json_depth(text: str) -> int:
    """How deeply ``text`` nests arrays and objects (strings skipped), in one pass.

    A regular expression (C speed) reads from one bracket to the next, strings
    included; only the brackets are counted in Python, and nothing of the text is
    copied. A quote that starts no string (one left unterminated) ends the count:
    the JSON parser refuses the text there.
    """
    depth = deepest = 0
    for match in _TO_BRACKET.finditer(text):
        mark = match.group(1)
        if mark == '"':
            break
        if mark in ("[", "{"):
            depth += 1
            deepest = max(deepest, depth)
        elif mark:
            depth -= 1
    return deepest


def load_json(text: str, max_depth: int, **options: Any) -> Any:
    """``json.loads(text, **options)``, refused with :class:`BadJson` past ``max_depth`` levels."""
    if json_depth(text) > max_depth:
        raise BadJson(f"nested more than {max_depth} levels deep")
    try:
        return json.loads(text, **options)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, int digit limit, a hook's
        raise BadJson(str(exc)) from None


def open_sqlite(
    path: Path, max_bytes: int, seconds: float, root: Path | None = None
) -> sqlite3.Connection:
    """A query-only in-memory copy of the SQLite database ``path``.

    Every statement run on it after ``seconds`` is interrupted
    (``sqlite3.OperationalError: interrupted``). A file that is no database
    raises ``sqlite3.DatabaseError`` on the first query.
    """
    data = read_bytes(path, max_bytes, root)
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        conn.deserialize(data)
        conn.execute("PRAGMA trusted_schema = OFF")
        conn.execute("PRAGMA query_only = ON")
    except sqlite3.Error as exc:
        conn.close()
        raise UnreadableFile(path, f"is not an SQLite database: {exc}") from None
    deadline = time.monotonic() + seconds
    conn.set_progress_handler(lambda: int(time.monotonic() > deadline), 1000)
    return conn
