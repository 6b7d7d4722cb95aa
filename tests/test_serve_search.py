"""Under `mkdocs serve`, which pages' search entries a rebuild adds again unparsed.

Every rebuild makes every page's search entries again (from the page's boxes for
Material's index, by parsing the page for MkDocs' own);
fxsite.mkdocs_search.SearchEntries keeps each page's entries while what they are
made of holds (the page's URL, content, title, front matter, table of contents,
and the site). Each row is a serve session (tests/servekit.py): the pages whose
entries must be made again ("index") are not reused, the near misses ("keep")
are, and every rebuild publishes byte for byte what a cold build publishes,
search/search_index.json included.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from material.plugins.search.plugin import SearchIndex as MaterialIndex
from mkdocs.contrib.search.search_index import SearchIndex as MkDocsIndex
from servekit import record
from test_serve_cache import (
    HOME,
    INDEX,
    OTHER,
    OTHER_PAGE,
    _rebuilds,
    config,
    sessions,
)

from fxsite.mkdocs_search import SearchEntries

#: Search configured: its options are part of the site, so a change reuses nothing.
SEARCH_OPTIONS = (
    "site_name: serve test\ntheme:\n  name: material\n  font: false\n"
    "plugins:\n  - search:\n      separator: '[\\s\\-\\.]+'\n  - fxsite\n"
)
#: MkDocs' own theme, whose pages show the build's time.
MKDOCS_THEME = "site_name: serve test\ntheme:\n  name: mkdocs\nplugins:\n  - search\n  - fxsite\n"
#: A plugin fxsite does not know may change a page in ways no key covers.
OTHER_PLUGIN = config(extra="hooks:\n  - hook.py\n")

SEARCH_ROWS: list[tuple[str, list[dict[str, Any]]]] = [
    (
        "prose edit on a page citing nothing",
        [
            {
                "write": {"docs/other.md": OTHER + "\nMore words.\n"},
                "index": {OTHER_PAGE},
                "keep": {HOME},
            }
        ],
    ),
    (
        "a cited record's value changes: the page citing it shows another",
        [
            {
                "write": {"evidence/R1.yaml": record(value="170")},
                "index": {HOME},
                "keep": {OTHER_PAGE},
            }
        ],
    ),
    (
        "a cited figure's description changes: only the claim's tooltip shows it",
        [
            {
                "write": {"evidence/R1.yaml": record().replace("Snapshot save", "Snapshot write")},
                "index": {HOME},
                "keep": {OTHER_PAGE},
            }
        ],
    ),
    (
        "another page's title changes: the navigation differs, the entries do not",
        [
            {
                "write": {"docs/index.md": INDEX.replace("# Results", "# Findings")},
                "index": {HOME},
                "keep": {OTHER_PAGE},
            }
        ],
    ),
    (
        "tags added to a page's front matter (shown with its results)",
        [
            {
                "write": {"docs/other.md": "---\ntags: [flash]\n---\n" + OTHER},
                "index": {OTHER_PAGE},
                "keep": {HOME},
            }
        ],
    ),
    (
        "a page excluded from search, then included again",
        [
            {
                "write": {"docs/other.md": "---\nsearch:\n  exclude: true\n---\n" + OTHER},
                "index": {OTHER_PAGE},
                "keep": {HOME},
            },
            {"write": {"docs/other.md": OTHER}, "index": {OTHER_PAGE}, "keep": {HOME}},
        ],
    ),
    (
        "a tag that is a date, then the same text as a string (Material drops the date)",
        [
            {"write": {"docs/other.md": "---\ntags: [2026-01-01]\n---\n" + OTHER}},
            {
                "write": {"docs/other.md": "---\ntags: ['2026-01-01']\n---\n" + OTHER},
                "index": {OTHER_PAGE},
                "keep": {HOME},
            },
        ],
    ),
    (
        "a boost that is a date and time, then its ISO string",
        [
            {
                "write": {
                    "docs/other.md": "---\nsearch:\n  boost: 2026-01-01 10:00:00\n---\n" + OTHER
                }
            },
            {
                "write": {
                    "docs/other.md": "---\nsearch:\n  boost: '2026-01-01T10:00:00'\n---\n" + OTHER
                },
                "index": {OTHER_PAGE},
                "keep": {HOME},
            },
        ],
    ),
    (
        "a search option changes",
        [{"write": {"mkdocs.yml": SEARCH_OPTIONS}, "none": True}],
    ),
    (
        "another plugin is enabled: nothing is reused",
        [
            {
                "write": {
                    "mkdocs.yml": OTHER_PLUGIN,
                    "hook.py": "def on_page_content(html, **kw):\n    return html\n",
                },
                "none": True,
            },
            {"write": {"docs/other.md": OTHER + "\nMore.\n"}, "none": True},
        ],
    ),
    (
        "MkDocs' own theme prints the build's time on every page: nothing is reused",
        [
            # Not compared with a cold build: its time differs, as any two builds' do.
            {"write": {"mkdocs.yml": MKDOCS_THEME}, "none": True, "fresh": False},
            {"write": {"docs/other.md": OTHER + "\nMore.\n"}, "none": True, "fresh": False},
        ],
    ),
]


#: A session whose kept entries are made wrong before its rebuild (the gate must read them).
POISON: list[dict[str, Any]] = [
    {
        "write": {"docs/index.md": INDEX + "\nMore.\n"},
        "search_poison": [OTHER_PAGE, " It took 300 s."],
    }
]


@pytest.fixture(scope="module")
def search_sessions(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Any]]:
    """Every session of this file (SEARCH_ROWS and POISON), in one servekit process."""
    return sessions(tmp_path_factory.mktemp("search"), [*SEARCH_ROWS, ("search poison", POISON)])


@pytest.mark.slow
@pytest.mark.parametrize(("row", "steps"), SEARCH_ROWS, ids=[r[0] for r in SEARCH_ROWS])
def test_serve_indexes_again_only_what_can_index_differently(
    search_sessions: dict[str, list[Any]], row: str, steps: list[dict[str, Any]]
) -> None:
    for step, kept in _rebuilds(search_sessions[row], row, steps, "searched"):
        assert not kept & step.get("index", set()), f"{row}: kept entries that can differ"
        assert step.get("keep", set()) <= kept, f"{row}: indexed again what cannot differ"
        if step.get("none"):
            assert kept == set(), row


@pytest.mark.slow
def test_the_gate_reads_the_search_index_made_of_kept_entries(
    search_sessions: dict[str, list[Any]],
) -> None:
    """Kept entries that were wrong would be refused by the gate, not published unread."""
    errors = [r["error"] for r in search_sessions["search poison"] if "error" in r]
    assert not errors, errors[0]
    _, result = search_sessions["search poison"]
    assert OTHER_PAGE in result["searched"]
    # The index, and the pages, whose box of the site's published findings shows it (blind65).
    assert result["differ"] == ["index.html", "other/index.html", "search/search_index.json"]
    # The page does not show the words its kept entry was poisoned with: the finding is
    # placed in the index, naming the page (blind81: not at the page's first line).
    assert any(
        "search_index.json:" in line and "'300 s'" in line and "the entry for other/" in line
        for line in result["log"]
    ), result["log"]


PAGE_HTML = '<h1 id="results">Results</h1><p>Saving took <a href="#">178 s</a>.</p><h2 id="more">More</h2><p>Words.</p>'


def _page(content: str = PAGE_HTML, **meta: Any) -> Any:
    return SimpleNamespace(
        file=SimpleNamespace(src_uri="index.md"),
        url="",
        content=content,
        title="Results",
        meta=dict(meta),
        toc=[],
    )


def _index(kind: type) -> Any:
    if kind is MkDocsIndex:  # MkDocs' own keeps them in `_entries`
        return kind(indexing="full")
    return kind(lang=["en"], separator=r"[\s\-]+", pipeline=[], fields={})


@pytest.mark.parametrize("kind", [MaterialIndex, MkDocsIndex], ids=["material", "mkdocs"])
def test_entries_are_kept_per_page_and_copied(kind: type) -> None:
    """Both search plugins' indexes: a page's entries as the plugin makes them, each build."""
    kept = SearchEntries()
    builds = []
    for page in (_page(), _page(), _page(PAGE_HTML + "<p>Later.</p>"), _page(tags=["flash"])):
        index = _index(kind)
        kept.attach({"search": SimpleNamespace(search_index=index, config={"x": 1})}, "site")
        index.add_entry_from_context(page)
        fresh = _index(kind)
        fresh.add_entry_from_context(page)
        field = "entries" if kind is MaterialIndex else "_entries"
        assert getattr(index, field) == getattr(fresh, field)
        builds.append(set(kept.last_reused))
        getattr(index, field)[0]["text"] += " tampered"  # a copy was kept, not this entry
    assert builds == [set(), {"index.md"}, set(), set()]


def test_options_and_unknown_plugins_reuse_nothing() -> None:
    kept = SearchEntries()
    for options in ({"x": 1}, {"x": 2}):  # the search plugin's options change
        index = _index(MaterialIndex)
        kept.attach({"search": SimpleNamespace(search_index=index, config=options)}, "site")
        index.add_entry_from_context(_page())
        assert kept.last_reused == set()
    index = _index(MaterialIndex)
    kept.attach({"search": SimpleNamespace(search_index=index, config={"x": 2})}, None)
    assert "add_entry_from_context" not in vars(index), "another plugin: left alone"
    kept.attach({"search": SimpleNamespace(search_index=index, config={"x": 2})}, "site")
    index.add_entry_from_context(_page())
    assert kept.last_reused == set(), "what was kept before is forgotten"


@pytest.mark.parametrize("option", ["jieba_dict", "jieba_dict_user"])
def test_a_search_configured_with_dictionary_files_is_left_alone(option: str) -> None:
    """The files' content decides how Chinese text is split: not in any key, so not reused."""
    index = _index(MaterialIndex)
    plugin = SimpleNamespace(search_index=index, config={option: "words.txt"})
    SearchEntries().attach({"search": plugin}, "site")
    assert "add_entry_from_context" not in vars(index)


def test_an_index_unlike_the_known_ones_is_left_alone() -> None:
    odd = SimpleNamespace(add_entry_from_context=lambda page: None, entries=())
    named = SimpleNamespace(add_entry_from_context=lambda page: None, entries=[])
    SearchEntries().attach(
        {
            "search": SimpleNamespace(search_index=odd, config={}),
            "other": SimpleNamespace(search_index=named, config={}),
        },
        "site",
    )
    assert odd.add_entry_from_context.__name__ == "<lambda>"
    assert named.add_entry_from_context.__name__ == "<lambda>"
