"""A page that is not UTF-8 is refused at the line and column of its first bad byte,
with the byte and the fix, by ``fxsite check`` and the build alike (:meth:`Project.read_page`,
their one reader of a page's bytes)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fxsite.safeio import UnreadableFile, read_text

# (name, bytes, line, column, byte): the first byte that is not UTF-8, where an editor shows it.
ROWS = [
    ("Latin-1 on line 3", b"# T\n\nCaf\xe9 saves.\n", 3, 4, 0xE9),
    ("on the first line", b"\xe9t\xe9\n", 1, 1, 0xE9),
    ("after a byte-order mark", b"\xef\xbb\xbfab\xff\n", 1, 3, 0xFF),
    ("after a multi-byte character", "# 页\n\n页面".encode() + b"\x80", 3, 3, 0x80),
    ("a UTF-16 file", "# T\n".encode("utf-16"), 1, 1, 0xFF),
]


@pytest.mark.parametrize(
    ("data", "line", "col", "byte"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS]
)
def test_bad_utf8_is_placed_at_its_byte(
    data: bytes, line: int, col: int, byte: int, tmp_path: Path
) -> None:
    page = tmp_path / "p.md"
    page.write_bytes(data)
    with pytest.raises(UnreadableFile) as caught:
        read_text(page, 1 << 20)
    assert caught.value.where == (line, col)
    assert (
        f"byte 0x{byte:02x}" in caught.value.reason
        and "save the file as UTF-8" in caught.value.reason
    )


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ("# T\n".encode("utf-16"), True),  # with its byte-order mark, either order
        (b"\xfe\xff" + "# T\n".encode("utf-16-be"), True),
        (b"# T\n\nCaf\xe9 saves.\n", False),  # near misses: Latin-1, a stray 0xff
        (b"\xef\xbb\xbfab\xff\n", False),
    ],
)
def test_a_utf16_file_is_told_as_utf16(data: bytes, said: bool, tmp_path: Path) -> None:
    """blind87: a UTF-16 page was told only "not valid UTF-8: byte 0xff"."""
    page = tmp_path / "p.md"
    page.write_bytes(data)
    with pytest.raises(UnreadableFile) as caught:
        read_text(page, 1 << 20)
    assert ("it is UTF-16" in caught.value.reason) == said
    assert caught.value.reason.endswith("save the file as UTF-8")


def test_utf8_near_miss_reads(tmp_path: Path) -> None:
    page = tmp_path / "p.md"
    page.write_bytes("\ufeff# 页面\n\nCafé.\n".encode())
    assert read_text(page, 1 << 20) == "# 页面\n\nCafé.\n"
