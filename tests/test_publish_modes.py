"""Publishing: all or nothing, and a site others can read."""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from fxsite.publish import publish_atomically


@pytest.fixture
def umask() -> Iterator[int]:
    old = os.umask(0o022)
    yield 0o022
    os.umask(old)


def _build(staging: Path) -> None:
    (staging / "a" / "b").mkdir(parents=True)
    (staging / "index.html").write_text("x", encoding="utf-8")
    fd, name = tempfile.mkstemp(dir=staging / "a")  # 0600, as some writers leave files
    os.close(fd)
    Path(name).rename(staging / "a" / "b" / "evidence.json")


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_site_is_readable_by_others(tmp_path: Path, umask: int) -> None:
    site = tmp_path / "site"
    publish_atomically(site, _build)
    assert _mode(site) == 0o755  # mkdtemp made it 0700
    assert _mode(site / "a" / "b") == 0o755
    assert _mode(site / "index.html") == 0o644
    assert _mode(site / "a" / "b" / "evidence.json") == 0o644


def test_umask_is_honoured_bits_only_added(tmp_path: Path) -> None:
    old = os.umask(0o077)
    try:
        site = tmp_path / "site"
        publish_atomically(site, _build)
        assert _mode(site) == 0o700 and _mode(site / "index.html") == 0o600
    finally:
        os.umask(old)


def test_refused_build_leaves_the_old_site(tmp_path: Path, umask: int) -> None:
    site = tmp_path / "site"
    publish_atomically(site, _build)

    def fail(staging: Path) -> None:
        (staging / "index.html").write_text("new", encoding="utf-8")
        raise RuntimeError("refused")

    with pytest.raises(RuntimeError):
        publish_atomically(site, fail)
    assert (site / "index.html").read_text(encoding="utf-8") == "x"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
