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


_RECORD = """id: R1
title: Benchmark run 1
label: measured
status: active
date: 2026-01-01
source: {issuer: Lab, sha256: '%s'}
setup:
  baseline: local drive
figures:
  f0: {value: 100.5, unit: s, what: figure 0 of run 1}
  f1: {value: 101.5, unit: s, what: figure 1 of run 1}
derived:
  ratio: {formula: f0 / f1, unit: x, decimals: 2}
""" % ("0" * 64)


def test_a_record_page_of_latin_text_is_latin_1(tmp_path: Path) -> None:
    """Its HTML is kept from conversion until it is written: one character past Latin-1
    (the breadcrumb's separator) would double it in memory."""
    from fxsite.render.library_pages import record_page_markdown

    (tmp_path / "evidence").mkdir()
    (tmp_path / "evidence" / "R1.yaml").write_text(_RECORD, encoding="utf-8")
    library = load_library(tmp_path / "evidence", tmp_path)
    assert not library.findings
    page = record_page_markdown("R1", library, lambda r, a: f"../{r}/#{a}", "R1.json", "../")
    assert max(map(ord, page)) < 256, sorted({c for c in page if ord(c) > 255})
    assert '<span aria-hidden="true">&rsaquo;</span>' in page


#: Each built page's anchors, as MkDocs checked them (before the plugin lets them go).
_ANCHORS: dict[str, set[str]] = {}


def _build(root: Path, site: str, stash: bool) -> tuple[Any, list[str]]:
    """``root`` built in-process into ``site``; the pages whose HTML was stashed."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    from fxsite.mkdocs_plugin import FxsitePlugin

    stashed: list[str] = []
    original = FxsitePlugin._stashed
    release = FxsitePlugin._release_pages

    def remembering(self: FxsitePlugin) -> None:
        _ANCHORS.clear()
        for f in self.files or ():
            if f.page is not None and f.page.present_anchor_ids is not None:
                _ANCHORS[f.src_uri] = f.page.present_anchor_ids
        release(self)

    def recording(self: FxsitePlugin, src: str, html: str, generated: bool = False) -> str:
        kept = original(self, src, html, generated) if stash else html
        if kept == "" and html:
            stashed.append(src)
        return kept

    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(root)
        patch.setattr(FxsitePlugin, "_stashed", recording)
        patch.setattr(FxsitePlugin, "_release_pages", remembering)
        config = load_config("mkdocs.yml", site_dir=str(root / site))
        build(config)
    return config.plugins["fxsite"], sorted(stashed)


def _lean_site(tmp_path: Path) -> None:
    """Three records and three pages, two of them citing, built with Material and search."""
    import logging

    (tmp_path / "evidence").mkdir()
    for r in (1, 2, 3):
        record = _RECORD.replace("R1", f"R{r}").replace("run 1", f"run {r}")
        (tmp_path / "evidence" / f"R{r}.yaml").write_text(record, encoding="utf-8")
    (tmp_path / "docs").mkdir()
    for p in range(2):
        (tmp_path / "docs" / f"page{p}.md").write_text(
            f"# Page {p} café\n\nSaves took [](evidence:R1#f{p}), a ratio of "
            "[](evidence:R1#ratio).\n\n## More\n\nText 秒 and more text.\n",
            encoding="utf-8",
        )
    (tmp_path / "docs" / "index.md").write_text("# Home\n\nA small site.\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: lean\ntheme:\n  name: material\n  font: false\n"
        "plugins:\n  - search\n  - fxsite\n",
        encoding="utf-8",
    )
    logging.getLogger("mkdocs").setLevel(logging.ERROR)


def test_a_page_stashed_until_rendered_is_published_as_before(tmp_path: Path) -> None:
    """Content and record pages' HTML is kept compressed from conversion until the theme
    renders the page (a record page filled into its shell too): the search index and every
    page come out byte for byte as when it is kept."""
    _lean_site(tmp_path)
    plugin, stashed = _build(tmp_path, "stashed", stash=True)
    records = ["evidence/R1.md", "evidence/R2.md", "evidence/R3.md"]
    assert stashed == [*records, "index.md", "page0.md", "page1.md"]
    assert plugin.stashed == {}  # each given back when its page was rendered
    assert plugin.shells.filled == set(records[1:])  # R1 is its kind's probe
    # A figure's anchor is one string on every record page that has it.
    anchors = [next(i for i in _ANCHORS[src] if i == "f0") for src in records]
    assert len(anchors) == 3 and all(a is anchors[0] for a in anchors)
    # Once every page is written, before the gate: what MkDocs and Material's search kept
    # of the pages is let go (nothing reads it at the end of `mkdocs build`).
    pages = [f.page for f in plugin.files if f.page is not None]
    assert pages and all(p.markdown == "" and not p.toc.items for p in pages)
    assert all(p.present_anchor_ids is None for p in pages)
    unstashed, kept = _build(tmp_path, "kept", stash=False)
    assert kept == []
    assert unstashed.shells.filled == plugin.shells.filled
    files = sorted(
        p.relative_to(tmp_path / "kept")
        for p in (tmp_path / "kept").rglob("*")
        if p.is_file() and p.name != "fxsite-manifest.json"
    )
    assert Path("search/search_index.json") in files and Path("page1/index.html") in files
    for rel in files:
        assert (tmp_path / "stashed" / rel).read_bytes() == (tmp_path / "kept" / rel).read_bytes()


def test_a_build_lets_each_pages_text_and_each_export_go_once_used(tmp_path: Path) -> None:
    """A single build (not serve) keeps no page's Markdown once it is converted, no page
    result for a next build, no export's text once MkDocs has written it (evidence.json's
    until the gate has its digest), and each page's source packed for the gate: what stays
    as the gate runs does not hold the site's text three times. What is published is
    whole."""
    import json

    from fxsite.verify.sources import PackedSources

    _lean_site(tmp_path)
    plugin, _ = _build(tmp_path, "site", stash=True)
    pages = [f.page for f in plugin.files.documentation_pages()]
    assert pages and all(page.markdown == "" for page in pages)
    assert [page.title for page in pages if page.file.src_uri.startswith("page")] == [
        "Page 0 café",
        "Page 1 café",
    ]
    assert plugin.results and all(r.markdown == "" for r in plugin.results.values())
    assert plugin.project._pages == {} and plugin.project.keep_pages is False
    assert plugin.exports == {} and plugin.export_files._records == {}
    assert plugin.exported is None and plugin.export_files._evidence[3] == ""
    assert plugin.written_key is not None  # the gate read evidence.json by its digest
    published = json.loads((tmp_path / "site" / "evidence" / "R2.json").read_text("utf-8"))
    assert published["id"] == "R2"
    assert (tmp_path / "site" / "evidence.csv").read_text("utf-8").count("\n") > 3
    sources = PackedSources(plugin.sources)
    path, text = sources["page1/"]
    assert path == "docs/page1.md" and text.startswith("# Page 1 café")
    assert all(isinstance(packed, bytes) for _, packed in plugin.sources.values())


def test_serve_keeps_what_the_next_build_reuses(tmp_path: Path) -> None:
    """The near miss: under serve, page results and export texts are kept for the next
    build (tests/test_serve_cache.py holds that they are reused)."""
    from fxsite.render.export_files import ExportFiles

    exports = ExportFiles()
    assert exports.keep
    lean = ExportFiles(keep=False)
    _lean_site(tmp_path)
    from fxsite.evidence.library import load_library

    library = load_library(tmp_path / "evidence", tmp_path)
    assert not library.findings
    first = lean.content("evidence/R1.json", library, SiteIndex(), None, "evidence")
    assert lean._records == {} and lean.content("evidence.csv", library, SiteIndex(), None, "")
    kept = exports.content("evidence/R1.json", library, SiteIndex(), None, "evidence")
    assert kept == first and exports._records["R1"][2] is kept


def test_a_record_memo_with_a_limit_keeps_the_most_recently_asked(tmp_path: Path) -> None:
    from fxsite.evidence.memo import RecordMemo

    (tmp_path / "evidence").mkdir()
    (tmp_path / "evidence" / "R1.yaml").write_text(_RECORD, encoding="utf-8")
    library = load_library(tmp_path / "evidence", tmp_path)
    made: list[str] = []

    def ask(memo: RecordMemo[str, str], key: str) -> str:
        return memo.get(library, "R1", key, lambda: made.append(key) or key.upper())

    memo: RecordMemo[str, str] = RecordMemo()
    memo.limit = 2
    assert [ask(memo, k) for k in ("a", "b", "a", "c", "a", "b")] == list("ABACAB")
    assert made == ["a", "b", "c", "b"]  # b was the least recently asked when c came
    unbounded: RecordMemo[str, str] = RecordMemo()
    made.clear()
    assert [ask(unbounded, k) for k in ("a", "b", "a", "c", "a", "b")] == list("ABACAB")
    assert made == ["a", "b", "c"]


def test_search_entries_are_let_go_only_from_known_search_plugins() -> None:
    """At the end of ``mkdocs build``, a known search plugin's written index is let go
    (and Material's previous one); another plugin's attribute of that name is its own."""
    from types import SimpleNamespace

    from fxsite.mkdocs_search import release_indexes

    entries = [{"location": "page0/", "title": "Page 0", "text": "Saves took 94 s"}]
    written = SimpleNamespace(entries=entries, add_entry_from_context=lambda page: None)
    material = SimpleNamespace(search_index=written, search_index_prev=object())
    mkdocs_own = SimpleNamespace(search_index=object())
    kept = object()
    other = SimpleNamespace(search_index=kept)
    release_indexes({"material/search": material, "search": mkdocs_own, "blog": other})
    assert material.search_index is None and material.search_index_prev is None
    assert entries == [] and not hasattr(written, "add_entry_from_context")  # no cycle holds them
    assert mkdocs_own.search_index is None
    assert other.search_index is kept
