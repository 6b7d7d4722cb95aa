"""What the gate and the library keep while a build runs: not the site's text.

The gate remembers the blocks it read last by a digest (a page's navigation
is read once, not once a page), so it keeps neither the text of the blocks
nor more than a bounded number of them; a record keeps its position tables,
shared with records of the same layout, and findings still name their
``line:col``. Each memory rule is checked by what it keeps, and the same
texts give the same findings whatever was read before.
"""

from __future__ import annotations

import gc
import json
import logging
import random
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from fxsite.evidence.library import load_library
from fxsite.evidence.yamlsafe import load_yaml
from fxsite.verify import gate_memo, scan
from fxsite.verify.gate_memo import GateMemo

# --- the gate's memo of blocks -------------------------------------------------


def _retained_by_scans(texts: list[str]) -> int:
    """Bytes still allocated once ``texts`` are scanned and let go."""
    scan._scan_text.cache_clear()
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for text in texts:
            scan.scan_file("page.txt", text)
        del texts[:]
        gc.collect()
        return tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
        scan._scan_text.cache_clear()


def _name(n: int) -> str:
    """``n`` (below 26 ** 3) in three letters: texts told apart without a digit, which
    the detector's rules pass over in a third of the time."""
    return "".join(chr(ord("a") + n // 26**k % 26) for k in range(3))


def test_scans_keep_no_text() -> None:
    """2 MB of distinct prose read: what stays is a small part of it (the detector
    remembers its last few texts; the scan's memo, digests)."""
    texts = [
        f"Paragraph {_name(i)}: " + "words without any figure in them " * 60 for i in range(1000)
    ]
    size = sum(len(t) for t in texts)
    assert _retained_by_scans(texts) < size // 2


def test_scans_remembered_are_bounded() -> None:
    scan._scan_text.cache_clear()
    for i in range(scan._REMEMBERED + 50):
        scan.scan_file("page.txt", f"line {_name(i)} of the navigation")
    assert 0 < len(scan._scan_text) <= scan._REMEMBERED
    scan._scan_text.cache_clear()


def test_a_block_every_page_repeats_is_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A navigation line between more distinct lines than the memo holds stays remembered."""
    reads: list[str] = []
    read = scan._read_text
    monkeypatch.setattr(
        scan, "_read_text", lambda text, *rest: reads.append(text) or read(text, *rest)
    )
    scan._scan_text.cache_clear()
    for page in range(2 * scan._REMEMBERED // 50):
        lines = (f"line {_name(page)} {_name(i)}" for i in range(50))
        scan.scan_file("page.txt", "\n".join(["Home", *lines]))
    assert reads.count("Home") == 1
    scan._scan_text.cache_clear()


@pytest.mark.parametrize(
    ("first", "then"),
    [
        # the same length, one with a bare figure: each is read on its own
        ("It took abc s", "It took 178 s"),
        ("It took 178 s", "It took abc s"),
        # the same text under another claim layout is another reading
        ("Fast 94 s here", "Fast 94 s here"),
    ],
)
def test_a_remembered_block_gives_what_reading_it_gives(first: str, then: str) -> None:
    scan._scan_text.cache_clear()
    fresh = scan.scan_file("page.txt", then)
    scan._scan_text.cache_clear()
    scan.scan_file("page.txt", first)
    after = scan.scan_file("page.txt", then)
    again = scan.scan_file("page.txt", then)  # from the memo
    for found in (after, again):
        assert [(c.found, c.start, c.end) for c in found.candidates] == [
            (c.found, c.start, c.end) for c in fresh.candidates
        ]
        assert found.local == fresh.local
    scan._scan_text.cache_clear()


def _boxes_size(count: int) -> int:
    """Bytes a page's :class:`Boxes` of ``count`` boxes keeps."""
    from fxsite.verify.boxes import Boxes

    order = tuple((hash(f"box {i}"), 10 + i % 50) for i in range(count))
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        boxes = Boxes(order)
        size = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert boxes.cover("box 7")
    return size


def test_a_pages_boxes_are_kept_compactly() -> None:
    """The gate keeps every page's boxes until it reads the search index: a few words each."""
    assert _boxes_size(10_000) < 10_000 * 40


@pytest.mark.parametrize(
    ("text", "covered"),
    [
        ("alpha", True),  # one box
        ("alpha beta", True),  # two boxes joined by a space
        ("alphabeta", True),  # or by nothing
        ("alpha beta gamma", True),
        ("beta alpha", False),  # not in the page's order
        ("alpha gamma", False),  # not consecutive
        ("alpha  beta", False),  # two spaces
        ("chart", False),  # a box read under looser rules is no judged box
        ("gamma chart", False),
        ("alph", False),
    ],
)
def test_boxes_cover_what_the_page_judged(text: str, covered: bool) -> None:
    from fxsite.verify.boxes import Boxes

    boxes = Boxes(((hash("alpha"), 5), (hash("beta"), 4), (hash("gamma"), 5), (hash("chart"), -1)))
    assert boxes.cover(text) is covered


# --- the library's position tables ------------------------------------------------

_RECORD = """\
id: {rid}
title: Run {rid}
label: measured
status: active
date: 2026-01-01
source: {{issuer: Lab}}
{pad}figures:
  f0: {{value: {value}, unit: s, what: figure 0}}
"""


def test_records_of_one_layout_share_their_tables(tmp_path: Path) -> None:
    """Two records written alike share each field path and position, not their values."""
    a = load_yaml(_RECORD.format(rid="R1", pad="", value="1.5"), "R1.yaml")
    b = load_yaml(_RECORD.format(rid="R2", pad="", value="2.5"), "R2.yaml")
    path = ("figures", "f0", "value")
    assert a.positions[path] == b.positions[path] == (8, 15)
    ka = next(k for k in a.positions if k == path)
    kb = next(k for k in b.positions if k == path)
    assert ka is kb
    assert a.positions[path] is b.positions[path]
    assert (a.raw[path], b.raw[path]) == ("1.5", "2.5")


@pytest.mark.parametrize("pad", ["", "\n\n", "# a comment\n"])
def test_a_finding_names_its_line_and_column(tmp_path: Path, pad: str) -> None:
    """Records of one layout read first, then one written lower: its own line is named."""
    evidence = tmp_path / "evidence"
    evidence.mkdir()
    for n in range(3):
        (evidence / f"R{n}.yaml").write_text(
            _RECORD.format(rid=f"R{n}", pad="", value="1.5"), encoding="utf-8"
        )
    bad = _RECORD.format(rid="R9", pad=pad, value="fast")
    (evidence / "R9.yaml").write_text(bad, encoding="utf-8")
    library = load_library(evidence, tmp_path)
    errors = [f for f in library.findings if f.severity == "error"]
    assert errors, "a figure whose value is a word is refused"
    line = bad.splitlines().index("  f0: {value: fast, unit: s, what: figure 0}") + 1
    assert {(f.path, f.line) for f in errors} == {("evidence/R9.yaml", line)}
    assert all(f.col > 1 for f in errors)


def test_a_record_keeps_its_tables_not_its_parsed_text(tmp_path: Path) -> None:
    evidence = tmp_path / "evidence"
    evidence.mkdir()
    (evidence / "R1.yaml").write_text(
        _RECORD.format(rid="R1", pad="", value="1.5"), encoding="utf-8"
    )
    library = load_library(evidence, tmp_path)
    source = library.files["R1"]
    assert source.pos(("figures", "f0", "value")) == (8, 15)
    tables = getattr(source.pos, "__self__", None)
    assert tables is not None and tables.data is None


def test_blocks_are_remembered_by_a_digest_alone() -> None:
    """A remembered block's key is one 16-byte digest, not a tuple holding its claims."""
    scan._scan_text.cache_clear()
    scan.scan_content('<p>Saves <a data-fx-ref="R1#t" href="#t">178 s</a> a night</p>')
    keys = [*scan._scan_text.known, *scan._scan_text.older]
    assert keys and all(type(k) is bytes and len(k) == 16 for k in keys)
    scan._scan_text.cache_clear()


# --- what the gate keeps of each page until the site is read -----------------------


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A small site built in-process, then audited: what the gate kept of its pages."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    from fxsite.verify import audit

    root = tmp_path_factory.mktemp("kept")
    (root / "evidence").mkdir()
    (root / "docs").mkdir()
    for r in range(3):
        (root / "evidence" / f"R{r}.yaml").write_text(
            f"id: R{r}\ntitle: Run {r}\nlabel: measured\nstatus: active\n"
            f"figures:\n  t: {{value: {100 + r}, unit: s, what: save time}}\n",
            encoding="utf-8",
        )
    for p in range(3):
        (root / "docs" / f"page{p}.md").write_text(
            f"# Page {p}\n\n## Runs\n\nSaves took [](evidence:R{p}#t), then [](evidence:R2#t).\n",
            encoding="utf-8",
        )
    (root / "mkdocs.yml").write_text(
        "site_name: kept\ntheme:\n  name: material\n  font: false\nplugins:\n  - search\n  - fxsite\n",
        encoding="utf-8",
    )
    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(root)
        build(load_config("mkdocs.yml", site_dir=str(root / "site")))
    sites: list[Any] = []
    memo = GateMemo()
    with pytest.MonkeyPatch.context() as patch:
        checks = audit.check_copies
        patch.setattr(
            audit, "check_copies", lambda site, by: sites.append(site) or checks(site, by)
        )
        findings = audit.verify_site(root / "site", memo=memo)
    return {"site": sites[0], "memo": memo, "findings": findings}


def test_the_audited_site_is_clean(kept: dict[str, Any]) -> None:
    assert [f for f in kept["findings"] if f.severity == "error"] == []


def test_a_pages_ids_are_kept_sorted_in_a_tuple(kept: dict[str, Any]) -> None:
    for page in kept["site"].pages.values():
        assert type(page.ids) is tuple and list(page.ids) == sorted(set(page.ids))
        assert type(page.claims) is tuple and type(page.statuses) is tuple


def test_strings_the_pages_repeat_are_kept_once(kept: dict[str, Any]) -> None:
    """Each page has its own ids and links, parsed from its own HTML: equal strings are one."""
    pages = [kept["site"].pages[f"page{p}/index.html"] for p in range(3)]
    runs = [next(i for i in page.ids if i == "runs") for page in pages]
    assert runs[0] is runs[1] is runs[2]
    hrefs = [next(c.href for c in page.claims if c.ref == "R2#t") for page in pages]
    assert hrefs[0] is hrefs[1] is hrefs[2]
    empty = [page.ticks for page in pages] + [page.bars for page in pages]
    assert all(e is empty[0] for e in empty) and not empty[0]


def test_claims_judged_keep_no_claim(kept: dict[str, Any]) -> None:
    """The memo keeps a claim's problems and two flags, not the resolved claim."""
    answers = list(kept["memo"].claims._answers.values())
    assert answers
    for problems, resolved, has_value in answers:
        assert type(problems) is tuple and (resolved, has_value) == (True, True)


@pytest.mark.parametrize(
    ("wanted", "found"),
    [("b", True), ("a", True), ("c", True), ("bb", False), ("", False), ("d", False), ("0", False)],
)
def test_an_id_is_found_in_the_sorted_ids(wanted: str, found: bool) -> None:
    from fxsite.verify.site_facts import has_id

    assert has_id(("a", "b", "c"), wanted) is found


def test_a_single_builds_memo_keeps_a_bounded_number_of_claims() -> None:
    """Serve keeps every claim judged (rebuilds repeat them); one build, the latest few."""
    assert GateMemo(keep=False).claims.limit == gate_memo._CLAIMS_ONE_BUILD
    assert GateMemo().claims.limit is None


def test_search_sections_let_the_pages_tree_go_before_reading_its_copy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The marked copy's tree (C memory, megabytes on a large page) is freed before the
    page reader parses the copy: the two are never held at once."""
    from fxsite.pages import search_sections

    read = search_sections.page_text
    trees: list[int] = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        gc.collect()
        trees.append(sum(type(o).__name__ == "LexborHTMLParser" for o in gc.get_objects()))
        return read(*args, **kwargs)

    monkeypatch.setattr(search_sections, "page_text", counted)
    html = '<h2 id="a">A</h2><p>It took <code>x</code></p><pre><code>run 1</code></pre>'
    sections = search_sections.search_sections(html)
    assert trees == [0]
    assert sections[1].text == ["<p>It took <code>x</code></p>", "<pre><code>run 1</code></pre>"]


def test_a_block_read_otherwise_is_remembered_apart() -> None:
    """The same text under another channel, claims, role, unit or wording is another reading."""
    scan._scan_text.cache_clear()
    readings: list[tuple[Any, ...]] = [
        ("took 94 s", (), "page", ""),
        ("took 94 s", (), "article", ""),
        ("took 94 s", ((5, 9),), "page", ""),
        ("took 94 s", (), "page", "chart"),
        ("took 94 s", (), "page", "", "s"),
        ("took 94 s", (), "page", "", "", "under 'Time'"),
        ("page\0took 94 s", (), "", ""),
    ]
    for reading in readings:
        scan._scan_text(*reading)
    assert len(scan._scan_text) == len(readings)
    scan._scan_text.cache_clear()


# --- the depth check every published JSON file goes through ------------------------


def _nested(rng: random.Random, depth: int) -> object:
    """A random JSON value: strings with escapes and brackets in them, lists, objects."""
    pick = rng.randrange(4 if depth < 6 else 2)
    if pick == 0:
        return "".join(rng.choice('ab[]{}"\\\n é') for _ in range(rng.randrange(8)))
    if pick == 1:
        return rng.choice([1, 2.5, None, True])
    if pick == 2:
        return [_nested(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {f"k{i}[": _nested(rng, depth + 1) for i in range(rng.randrange(4))}


def _depth_of(value: object) -> int:
    if isinstance(value, list):
        return 1 + max(map(_depth_of, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(_depth_of, value.values()), default=0)
    return 0


@pytest.mark.parametrize("seed", range(5))
def test_json_depth_is_the_nesting_of_the_parsed_value(seed: int) -> None:
    from fxsite.safeio import json_depth

    rng = random.Random(seed)
    for _ in range(200):
        value = _nested(rng, 0)
        for text in (json.dumps(value), json.dumps(value, indent=1, ensure_ascii=False)):
            assert json_depth(text) == _depth_of(value)


@pytest.mark.parametrize(
    "text",
    [
        '["' + "a\\u00e9\\n" * 50_000 + '"]',  # one long string of escapes
        "[" + '"", ' * 100_000 + '""]',  # many short strings
    ],
)
def test_json_depth_copies_nothing_of_the_text(text: str) -> None:
    """Large JSON is checked for depth without a copy of it (nor a piece per string)."""
    from fxsite.safeio import json_depth

    gc.collect()
    tracemalloc.start()
    try:
        assert json_depth(text) == 1
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 64_000 < len(text)


def test_json_depth_stops_at_a_string_left_open() -> None:
    """Every quote after an unterminated one would be read to the end again (a 100 KB
    file took minutes); the count ends there, and the parser refuses the text."""
    from fxsite.safeio import BadJson, json_depth, load_json

    text = '["' + '\\"' * 100_000 + "[[[["
    assert json_depth(text) == 1
    with pytest.raises(BadJson, match="Unterminated string"):
        load_json(text, 64)


# --- what the gate's caches keep of a site's generated parts ----------------------------


def test_equal_elements_share_one_key() -> None:
    """A record page's row badges repeat the same few elements: their keys, kept in each
    part's shape until the site is read, are one object each, not one per row."""
    from selectolax.lexbor import LexborHTMLParser

    from fxsite.verify.nodes import structure

    html = '<span class="fx-badge fx-badge--measured" title="measured"><b>lab</b></span>'
    first = structure(LexborHTMLParser(html).css_first("span"))
    again = structure(LexborHTMLParser(html).css_first("span"))
    assert first == again and len(first) == 2
    assert all(a is b for a, b in zip(first, again, strict=True))


def test_a_record_pages_own_rows_are_not_cached(
    kept: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each record's rows are rendered once, to compare its page with: the cache of what
    pages repeat (legends, banners) is not asked for them (at 100 records it kept about
    600 KiB of them until the whole site was read)."""
    from fxsite.verify import audit, marker_words

    asked: list[str] = []
    cached = marker_words._rendered
    monkeypatch.setattr(marker_words, "_rendered", lambda html: asked.append(html) or cached(html))
    audit.verify_site(kept["site"].root)
    assert asked and not [html for html in asked if html.startswith("<table>")]
