"""A page's search entries are made of the boxes the page reader judged (issue 24 item 2,
issue 20 items 3 and 4).

Material's index gets each page's sections from :func:`fxsite.mkdocs_search.add_sections`
instead of parsing the page's HTML: each entry's text is the page's boxes, so the gate
reading the index (``scan_search_entry``) finds each one judged, and Material's rules
(``search: exclude``, ``data-search-exclude``, tags, boost, the first section's
location, titles without permalinks) still hold. In-process: a page in, entries out.
"""

from __future__ import annotations

import html
import re
from types import SimpleNamespace
from typing import Any

import markdown
import pytest
from hypothesis import HealthCheck, given, settings
from material.plugins.search.plugin import SearchIndex as MaterialIndex
from mkdocs.contrib.search.search_index import SearchIndex as MkDocsIndex
from mkdocs.structure.toc import AnchorLink
from sitekit import href_for
from test_agreement_property import _BLOCKS, _TRICKS, LIB, RENDERER, _published
from test_one_reader import _page

from fxsite.markdown import check_page
from fxsite.mkdocs_search import add_sections, attach_view
from fxsite.pages.search_sections import search_sections
from fxsite.verify.scan import scan_file, scan_search_entry
from fxsite.verify.visible import page_text


def _entries(content: str, **meta: Any) -> list[dict[str, Any]]:
    index = MaterialIndex(lang=["en"], separator=r"[\s\-]+", pipeline=[], fields={})
    page = SimpleNamespace(content=content, meta=meta, toc=[], url="p/", title="Page title")
    add_sections(index, page)
    return list(index.entries)


def _rendered(markdown: str) -> str:
    content, _ = check_page(markdown, "docs/p.md", LIB, href_for, RENDERER)
    return content


def _plain(markdown_text: str) -> str:
    """Markdown rendered without fxsite's sections (Data sources, Related reading)."""
    return markdown.markdown(markdown_text, extensions=["toc", "attr_list"])


def _words(entries: list[dict[str, Any]]) -> str:
    return " | ".join(f"{e['location']} {e['title']}: {e['text']}" for e in entries)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(blocks=_BLOCKS, tricks=_TRICKS)
def test_every_entry_is_the_pages_judged_boxes(
    blocks: list[int], tricks: list[tuple[int, int]]
) -> None:
    """On the hostile pages of the agreement property, under two headings: every block of
    every entry is a box of the published page, and the gate finds nothing in them."""
    page = _page(0, blocks, tricks).replace("\n\n", "\n\n## Then\n\n", 1)
    content = _rendered(page)
    shown = scan_file("p/index.html", _published(content)).shown
    for entry in _entries(content):
        for block in page_text(entry["text"]).blocks:
            assert shown.cover(block.text), (page, block.text)
        assert scan_search_entry(entry["title"], entry["text"], shown).candidates == []


#: (Markdown, text an entry must show, text no entry may show)
RULES = [
    pytest.param(
        "# S\n\n| A | B |\n|---|---|\n| 1 | Save<br>time |\n",
        "<p>Save time</p>",
        "Savetime",
        id="a break in a cell is a space",
    ),
    pytest.param(
        "# S\n\n| A | B |\n|---|---|\n| 1 | fast |\n",
        "<p>fast</p>",
        "1fast",
        id="cells are boxes apart",
    ),
    pytest.param(
        "# S\n\nTook [94 s](evidence:R1#save_time_fx100).\n",
        "<p>Took 94 s.</p>",
        "R1",
        id="a claim shows its text, not its badge",
    ),
    pytest.param(
        "# S\n\nRun `fxsite build` now.\n",
        "<p>Run <code>fxsite build</code> now.</p>",
        "Run now",
        id="inline code kept",
    ),
    pytest.param(
        "# S\n\n| File |\n|---|\n| `a.json` |\n",
        "<p><code>a.json</code></p>",
        "<p></p>",
        id="a cell of code alone",
    ),
    pytest.param(
        "# S\n\n```\na < b\n```\n",
        "<pre><code>a &lt; b\n</code></pre>",
        "<p>a",
        id="a code block as code",
    ),
    pytest.param("# S\n\n## T\n\nWords.\n", "T", "¶", id="no permalink in a title"),
    pytest.param(
        "# S\n\n<div data-search-exclude markdown>\nGone here.\n</div>\n\nKept here.\n",
        "Kept here.",
        "Gone",
        id="an element left out",
    ),
    pytest.param(
        "# S\n\nKept here.\n\n<div markdown>\nAlso kept.\n</div>\n",
        "Also kept.",
        "Gone",
        id="near miss: an element kept",
    ),
    pytest.param(
        "# S\n\nIt rose 3.2×\u00a0here.\n",
        "<p>It rose 3.2× here.</p>",
        "\u00a0",
        id="a no-break space read as the page reads it",
    ),
]


@pytest.mark.parametrize(("markdown", "shown", "absent"), RULES)
def test_an_entry_shows_what_the_page_shows(markdown: str, shown: str, absent: str) -> None:
    entries = _words(_entries(_rendered(markdown)))
    assert shown in entries
    assert absent not in entries


def test_sections_locations_and_titles_as_material_makes_them() -> None:
    """The first section links to the page; a page that does not begin with its h1 has a
    section before its first heading, titled with the page."""
    h1 = _entries(_plain("# S\n\nIntro.\n\n## T\n\nMore.\n"))
    assert [(e["location"], e["title"]) for e in h1] == [("p/", "S"), ("p/#t", "T")]
    h2 = _entries(_plain("Intro.\n\n## T\n\nMore.\n"))
    assert [(e["location"], e["title"]) for e in h2] == [("p/", "Page title"), ("p/#t", "T")]
    assert [e["text"] for e in h2] == ["<p>Intro.</p>", "<p>More.</p>"]


@pytest.mark.parametrize(
    ("meta", "markdown", "expected"),
    [
        ({"search": {"exclude": True}}, "# S\n\nWords.\n", []),
        ({}, "# S\n\nWords.\n", [{"location": "p/", "title": "S", "text": "<p>Words.</p>"}]),
        (
            {"tags": ["flash", 2], "search": {"boost": 2}},
            "# S\n\nWords.\n",
            [
                {
                    "location": "p/",
                    "title": "S",
                    "text": "<p>Words.</p>",
                    "tags": ["flash", "2"],
                    "boost": 2,
                }
            ],
        ),
        (
            {},
            "# S\n\nWords.\n\n## Hid {data-search-exclude}\n\nGone.\n",
            [{"location": "p/", "title": "S", "text": "<p>Words.</p>"}],
        ),
    ],
    ids=["search: exclude", "near miss: included", "tags and boost", "a heading left out"],
)
def test_front_matter_and_excluded_headings(
    meta: dict[str, Any], markdown: str, expected: list[dict[str, Any]]
) -> None:
    assert _entries(_plain(markdown), **meta) == expected


@pytest.mark.parametrize(
    ("content", "count"),
    [
        ('<h1 id="s">S</h1><p>A glyph \U000f0000 of the marker planes.</p>', 0),
        ('<h1 id="s">S</h1><p>An icon font\'s glyph \ue000 (near miss).</p>', 1),
    ],
    ids=["a marker character: no entries", "near miss: a private use character"],
)
def test_a_page_holding_a_marker_character_has_no_entries(content: str, count: int) -> None:
    """Markers put into the page cannot be told from the page's own characters."""
    assert len(_entries(content)) == count


def test_chinese_text_is_kept_as_the_page_shows_it() -> None:
    content = _rendered("# 检查点\n\n保存时间缩短，见报告。\n")
    assert search_sections(content)[1].text == ["<p>保存时间缩短，见报告。</p>"]


def _both(content: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The entries Material's index and MkDocs' own make of ``content``, each attached."""
    toc = [AnchorLink(i, i, int(n)) for n, i in re.findall(r'<h([1-6]) id="([^"]+)"', content)]
    page = SimpleNamespace(content=content, meta={}, toc=toc, url="p/", title="Page title")
    material = MaterialIndex(lang=["en"], separator=r"[\s\-]+", pipeline=[], fields={})
    mkdocs = MkDocsIndex(indexing="full")
    for index in (material, mkdocs):
        attach_view({"search": SimpleNamespace(search_index=index)})
        index.add_entry_from_context(page)
    assert page.content == content  # the page itself keeps its HTML
    return material.entries, mkdocs._entries


def _shown_words(text: str) -> list[str]:
    """An entry's words as a reader reads them (Material's HTML, MkDocs' plain text)."""
    return html.unescape(re.sub(r"<[^>]+>", " ", text)).split()


def _same_entries(content: str) -> None:
    """MkDocs' index holds the words of Material's, section by section, and its page
    entry all of them: both made of the same sections."""
    material, mkdocs = _both(content)
    assert [_shown_words(e["text"]) for e in mkdocs[1:]] == [
        _shown_words(e["text"]) for e in material
    ]
    whole = [w for e in material for w in _shown_words(f"{e['title']} {e['text']}")]
    assert _shown_words(mkdocs[0]["text"]) == whole


@pytest.mark.parametrize(
    "markdown",
    [
        "# S\n\n<div data-search-exclude markdown>\nGone 94 s.\n</div>\n\nKept.\n",
        "# S\n\nKept.\n\n## Hid {data-search-exclude}\n\nGone.\n\n## T\n\nAlso.\n",
        "# S\n\nTook [94 s](evidence:R1#save_time_fx100).\n\n```\na < b\n```\n",
        "# S\n\n| A | B |\n|---|---|\n| 1 | Save<br>time |\n\n## T `code`\n\nWords.\n",
    ],
    ids=["an element left out", "a section left out", "a claim, code", "near miss: cells"],
)
def test_mkdocs_index_holds_the_entries_of_materials(markdown: str) -> None:
    _same_entries(_rendered(markdown))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(blocks=_BLOCKS, tricks=_TRICKS)
def test_both_indexes_hold_the_same_entries_of_hostile_pages(
    blocks: list[int], tricks: list[tuple[int, int]]
) -> None:
    _same_entries(_rendered(_page(0, blocks, tricks).replace("\n\n", "\n\n## Then\n\n", 1)))


@pytest.mark.parametrize(
    ("content", "title", "text"),
    [
        (
            '<h1 id="s">S</h1><h2 id="t">T<a class="headerlink x" href="#t">¶</a></h2><p>W.</p>',
            "T",
            "<p>W.</p>",
        ),
        (
            '<h1 id="s">S</h1><h2 id="t">T<a class="headerlink" href="#t">¶</a></h2><p>W.</p>',
            "T",
            "<p>W.</p>",
        ),
        (
            '<h1 id="s">S</h1><p>W.</p><div class="linenodiv x"><pre>12</pre></div>',
            "S",
            "<p>W.</p>",
        ),
    ],
    ids=["a permalink with a second class", "near miss: a permalink", "line numbers, two classes"],
)
def test_classes_are_matched_in_the_class_list(content: str, title: str, text: str) -> None:
    """A permalink or Pygments' line numbers are known by one class among others."""
    entries = _entries(content)
    assert entries[-1]["title"] == title
    assert entries[-1]["text"] == text
