"""The gate hashes a published stylesheet's or script's bytes once (review item 19): it asks
whether they are a theme's file for their notes, their strings and their drawings."""

from __future__ import annotations

import hashlib
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

from fxsite.verify import audit, theme
from fxsite.verify.published import Published
from fxsite.verify.scan import GateMemo


@pytest.mark.parametrize(
    ("name", "body"),
    [
        ("site.css", b".a::before { content: 'fast'; }\n"),
        ("site.js", b"document.title = 'fast';\n"),
        ("plain.css", b".b { color: red; }\n"),
    ],
)
def test_a_code_file_is_hashed_once(
    name: str, body: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hashed: list[bytes] = []

    def sha256(data: bytes) -> Any:
        hashed.append(data)
        return hashlib.sha256(data)

    monkeypatch.setattr(theme, "hashlib", SimpleNamespace(sha256=sha256))
    theme.is_theme_file.cache_clear()
    (tmp_path / name).write_bytes(body)
    site = audit._Site(tmp_path, cast(Published, None), GateMemo(keep=False))
    audit._read_code(site, tmp_path / name, name)
    assert hashed.count(body) == 1
