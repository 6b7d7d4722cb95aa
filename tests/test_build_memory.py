"""What a build keeps while it runs: one library, rows made as they are written, few URLs.

The gate reads the ``evidence.json`` the build just wrote as written from the
build's own library (no second library, no parse of it); bytes that differ are
read and rebuilt as an audit reads them. The SQLite export makes each row as
it inserts it, reading the text the build wrote an item at a time (``evidence.json``
is not parsed whole for it); the cache of relative URLs is bounded (every page has
its own base, so pairs are rarely asked twice).
"""

from __future__ import annotations

import json
import logging
import tracemalloc
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import fxsite.anchor.build as anchor_build
from fxsite.anchor import sqlite_export
from fxsite.pages.site import Citation, SiteIndex, relative_url
from fxsite.render.exports import loads, site_listing
from fxsite.verify import published as published_module
from fxsite.verify.audit import verify_site
from fxsite.verify.gate_memo import GateMemo
from fxsite.verify.published import as_written, load_published, text_key


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A small site built in-process, counting the libraries rebuilt from evidence.json."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    root = tmp_path_factory.mktemp("memory")
    (root / "evidence").mkdir()
    (root / "docs").mkdir()
    for r in range(3):
        (root / "evidence" / f"R{r}.yaml").write_text(
            f"id: R{r}\ntitle: Run {r} of the array\nlabel: measured\nstatus: active\n"
            f"figures:\n  t: {{value: {100 + r}, unit: s, what: save time}}\n",
            encoding="utf-8",
        )
    for p in range(2):
        (root / "docs" / f"page{p}.md").write_text(
            f"# Page {p}\n\nSaves took [](evidence:R{p}#t), then [](evidence:R2#t).\n",
            encoding="utf-8",
        )
    (root / "docs" / "index.md").write_text("# Home\n\nA small site.\n", encoding="utf-8")
    (root / "mkdocs.yml").write_text(
        "site_name: memory\ntheme:\n  name: material\n  font: false\n"
        "plugins:\n  - search\n  - fxsite\n",
        encoding="utf-8",
    )
    rebuilt: list[int] = []
    parsed: list[int] = []
    original = published_module.library_from_published
    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(root)
        counting = SimpleNamespace(loads=lambda t: parsed.append(1) or json.loads(t))
        patch.setattr(anchor_build, "json", counting)  # evidence.json parsed for the SQLite export
        patch.setattr(
            published_module,
            "library_from_published",
            lambda *a, **k: rebuilt.append(1) or original(*a, **k),
        )
        config = load_config("mkdocs.yml", site_dir=str(root / "site"))
        build(config)
    plugin = config.plugins["fxsite"]
    return {
        "site": root / "site",
        "plugin": plugin,
        "rebuilt": len(rebuilt),
        "parsed": len(parsed),
    }


def test_the_gate_reads_what_the_build_wrote_with_the_build_library(
    built: dict[str, Any],
) -> None:
    assert (built["site"] / "evidence.json").is_file()  # the gate ran on a written site
    assert built["rebuilt"] == 0


def test_what_the_build_lists_is_what_evidence_json_lists(built: dict[str, Any]) -> None:
    """The stand-in's pages and citations are those a rebuild reads from the same bytes."""
    plugin = built["plugin"]
    text = (built["site"] / "evidence.json").read_text(encoding="utf-8")
    written = as_written(text, plugin.project.library, *site_listing(plugin.index))
    read = load_published(built["site"])
    assert read.key == written.key == plugin.written_key  # the bytes the build wrote
    assert plugin.exported is None  # let go once the gate had its digest
    assert sorted(read.pages) == sorted(written.pages) and read.pages
    assert sorted(read.citations) == sorted(written.citations) and read.citations


@pytest.mark.parametrize(
    ("tamper", "codes"),
    [
        (lambda text: text, []),  # the bytes written: read as written, clean
        (lambda text: text.replace('"value": "101"', '"value": "102"', 1), ["FX611"]),
    ],
    ids=["as written", "a figure changed after writing"],
)
def test_other_bytes_are_rebuilt_and_judged(
    built: dict[str, Any], tmp_path: Path, tamper: Any, codes: list[str]
) -> None:
    import shutil

    plugin = built["plugin"]
    site = Path(shutil.copytree(built["site"], tmp_path / "site"))
    text = (site / "evidence.json").read_text(encoding="utf-8")
    assert text_key(text) == plugin.written_key
    changed = tamper(text)
    assert (changed == text) == (not codes)
    (site / "evidence.json").write_text(changed, encoding="utf-8")
    memo = GateMemo(keep=False)
    memo.published = as_written(text, plugin.project.library, *site_listing(plugin.index))
    found = verify_site(site, memo=memo, exported=text)
    assert sorted({f.code for f in found if f.path == "evidence.json"}) == codes


def test_the_sqlite_export_makes_no_list_of_rows(
    built: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = loads((built["site"] / "evidence.json").read_text(encoding="utf-8"))

    def listed(data: object) -> None:
        raise AssertionError("every row made at once")

    with monkeypatch.context() as patch:
        patch.setattr(sqlite_export, "sqlite_rows", listed)
        sqlite_export.write_evidence_sqlite(data, tmp_path / sqlite_export.SQLITE_NAME)
    assert sqlite_export.sqlite_findings(tmp_path, data) == []  # every row, as listed


def test_the_sqlite_export_reads_the_text_the_build_wrote_an_item_at_a_time(
    built: dict[str, Any], tmp_path: Path
) -> None:
    data = json.loads((built["site"] / "evidence.json").read_text(encoding="utf-8"))
    sqlite_export.write_evidence_sqlite(data, tmp_path / sqlite_export.SQLITE_NAME)
    published = (built["site"] / sqlite_export.SQLITE_NAME).read_bytes()
    assert published == (tmp_path / sqlite_export.SQLITE_NAME).read_bytes()
    assert built["parsed"] == 0


@pytest.mark.parametrize("citations", [0, 1, 5000])
def test_the_gate_listing_of_citations_keeps_no_copy_of_them(citations: int) -> None:
    index = SiteIndex()
    index.urls = {f"p{n}.md": f"p{n}/" for n in range(50)}
    index.citations = [Citation(f"R{n}#t", f"p{n % 60}.md", None, None) for n in range(citations)]
    tracemalloc.start()
    try:
        _, listed = site_listing(index)
        kept = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert kept < 4096  # a list of the pairs is 70 bytes a citation
    expected = [(c.ref, index.urls.get(c.page, "")) for c in index.citations]
    assert list(listed) == expected and list(listed) == expected  # read as often as asked


def test_relative_urls_kept_are_bounded() -> None:
    relative_url.cache_clear()
    for page in range(200):
        for record in range(40):
            relative_url(f"evidence/R{record}/#t", f"page{page}/")
    assert relative_url.cache_info().currsize <= 1 << 10
    relative_url.cache_clear()
