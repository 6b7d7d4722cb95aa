"""Material's offline plugin publishes the search index again as ``search/search_index.js``
(``var __index = `` and the index's JSON): it is read as the search index, not as a
script whose string literals are shown (a location ``%E5%8D%95…`` was read as ``95%``)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from fxsite.verify.audit import verify_site


def _offline(site: Path, change: object = None, after: str = "") -> None:
    data = json.loads((site / "search" / "search_index.json").read_text("utf-8"))
    if callable(change):
        change(data)
    text = "var __index = " + json.dumps(data) + after
    (site / "search" / "search_index.js").write_text(text, "utf-8")


@pytest.fixture
def site(demo_site: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(demo_site, tmp_path / "site", symlinks=True))


def _codes(site: Path) -> list[tuple[str, str]]:
    return [(f.path, f.code) for f in verify_site(site) if f.severity == "error"]


def test_the_offline_index_of_a_chinese_page_is_read_as_an_index(site: Path) -> None:
    """Near miss: the build's own index, with a URL-encoded Chinese location."""

    def encoded(data: dict) -> None:  # type: ignore[type-arg]
        entry = data["docs"][1]
        entry["location"] = entry["location"].split("#")[0] + "#%E5%8D%95%E4%BD%8D"

    _offline(site, encoded)
    assert _codes(site) == []


@pytest.mark.parametrize(
    ("change", "after", "code"),
    [
        (lambda d: d["docs"][1].update(text=d["docs"][1]["text"] + " 517 s"), "", "FX501"),
        (lambda d: d.update(banner="Now 5x faster"), "", "FX501"),
        (None, ';document.title="x"', "FX612"),  # more than the assignment: not JSON
    ],
    ids=["a figure in an entry", "a figure in a top-level key", "code after the index"],
)
def test_a_changed_offline_index_is_refused(
    site: Path, change: object, after: str, code: str
) -> None:
    _offline(site, change, after)
    assert ("search/search_index.js", code) in _codes(site) or (
        code == "FX501" and any(c == code for _, c in _codes(site))
    )
