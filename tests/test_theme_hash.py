"""The gate hashes a published stylesheet's or script's bytes once (review item 19): it asks
whether they are a theme's file for their notes, their strings and their drawings."""

from __future__ import annotations

import hashlib
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

from fxsite.verify import audit, theme
from fxsite.verify.gate_memo import GateMemo
from fxsite.verify.published import Published
from fxsite.verify.site_facts import SiteReading


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
    site = SiteReading(tmp_path, cast(Published, None), GateMemo(keep=False))
    audit._read_code(site, tmp_path / name, name)
    assert hashed.count(body) == 1


@pytest.mark.parametrize(
    ("row", "kept"),
    [
        ("material/templates/assets/javascripts/bundle.js,sha256=x,10", True),
        ("material/templates/assets/stylesheets/main.css,sha256=x,10", True),
        ("material/templates/assets/javascripts/worker.mjs,sha256=x,10", True),
        ("material/templates/base.html,sha256=x,10", True),
        ("material/templates/assets/fonts/glyphs.svg,sha256=x,10", True),
        ('"material/templates/odd,name.css",sha256=x,10', True),  # quoted: read as CSV
        # near misses: Material's 10,000 icons, and names that only contain a kept suffix
        ("material/templates/.icons/material/speedometer.svg,sha256=x,10", False),
        ("material/templates/main.html.bak,sha256=x,10", False),
        ("material/plugins/search/plugin.py,sha256=x,10", False),
        ("material/templates/assets/javascripts/bundle.js.map,sha256=x,10", False),
    ],
)
def test_only_the_rows_that_may_name_a_kept_file_are_read(row: str, kept: bool) -> None:
    record = f"first.py,sha256=a,1\n{row}\nlast.txt,,\n"
    assert theme._KEPT_ROW.findall(record) == ([row] if kept else [])
