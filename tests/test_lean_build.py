"""A build's memory: what it writes or keeps compactly is what it wrote or kept before."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from fxsite.evidence.library import load_library
from fxsite.pages.site import Citation, PageInfo, SiteIndex
from fxsite.render.exports import dumps, evidence_data, evidence_json

ROOT = Path(__file__).resolve().parent.parent


def _index() -> SiteIndex:
    """Pages and citations out of order, headings with and without ids."""
    index = SiteIndex()
    index.urls = {"b.md": "b/", "a.md": "a/"}
    for src in ("b.md", "a.md"):
        index.pages[src] = PageInfo(src, index.urls[src], src.upper(), None)  # type: ignore[arg-type]
    index.citations = [
        Citation("R1#save_time", "b.md", "speed", "Speed ×2"),
        Citation("R1#save_time", "a.md", None, None),
        Citation("R0#x", "a.md", "h", "Über"),
    ]
    return index


@pytest.mark.parametrize(
    ("index", "history"),
    [
        (None, None),
        (SiteIndex(), None),
        ("full", None),
        ("full", {"changes": [{"ref": "R1#a", "value": Decimal("6.40")}], "note": "n"}),
    ],
)
def test_evidence_json_is_written_as_dumps_writes_evidence_data(index: Any, history: Any) -> None:
    """The file is written item by item, byte for byte what the whole data dumps to."""
    library = load_library(ROOT / "evidence", ROOT)
    index = _index() if index == "full" else index
    assert evidence_json(library, index, history) == dumps(evidence_data(library, index, history))


@pytest.mark.parametrize(
    "data",
    [
        {"a": iter([]), "b": 1},
        {"a": iter([{"v": Decimal("6.40")}, "×"]), "b": (x for x in ["c"])},
        {"a": iter([Decimal("1.0")])},
    ],
)
def test_an_iterator_is_written_as_its_list(data: dict[str, Any]) -> None:
    as_lists = {k: v if isinstance(v, int) else list(v) for k, v in data.items()}
    data = {k: iter(v) if isinstance(v, list) else v for k, v in as_lists.items()}
    assert dumps(data) == dumps(as_lists)
