"""Record pages filled into a checked shell of the theme (fxsite.mkdocs_shell), in-process.

Pages go through :class:`Shells` as MkDocs renders them (plan, context,
template, ``on_post_page``) with small Jinja templates that use a page as
Material's do. A filled page must be byte for byte what the theme renders; a
shell that fails its check, and a page whose values a template could write
differently, are rendered by the theme.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
import pytest
from mkdocs.structure.toc import AnchorLink, TableOfContents

from fxsite.mkdocs_shell import SHELL_TEMPLATE, Shells, fill_values

#: As Material writes a page: the title from front matter in <title> and the header,
#: the first heading as the skip link, the canonical URL, the content (a heading
#: added when it has none), relative links by the page's depth.
MATERIAL_LIKE = """<html><head><title>{{ page.meta.title }} - {{ config.site_name }}</title>
{% if page.canonical_url %}<link rel="canonical" href="{{ page.canonical_url }}">{% endif %}
</head><body>{% if page.toc | first is defined %}{% set skip = page.toc | first %}
<a href="{{ skip.url }}" class="md-skip">Skip</a>{% endif %}
<header>{{ page.meta.title }}</header><a href="{{ base_url }}/assets/x.css">css</a>
<article>{% if "<h1" not in page.content %}<h1>{{ page.title }}</h1>{% endif %}
{{ page.content }}</article></body></html>"""


@dataclass
class _File:
    src_uri: str


@dataclass
class _Page:
    """What a theme template and the shell read of an MkDocs page."""

    src: str
    title: str
    content: str
    anchor: str | None = "top"
    meta: dict[str, Any] = field(default_factory=dict)
    canonical_url: str | None = None
    is_homepage: bool = False
    previous_page: Any = None
    next_page: Any = None
    parent: Any = None
    edit_url: str | None = None

    def __post_init__(self) -> None:
        self.file = _File(self.src)
        self.url = self.src.removesuffix(".md") + "/"
        self.meta = {"template": "record.html", "title": self.title, **self.meta}
        links = [AnchorLink(self.title, self.anchor, 1)] if self.anchor else []
        self.toc = TableOfContents(links)
        if self.canonical_url is None:
            self.canonical_url = f"https://example.test/{self.url}"


def _render(pages: list[_Page], template: str = MATERIAL_LIKE) -> tuple[list[str], Shells]:
    """Each page's output as the plugin publishes it, in build order."""
    env = jinja2.Environment(
        loader=jinja2.DictLoader({"record.html": template, SHELL_TEMPLATE: ""}), autoescape=False
    )
    shells = Shells()
    shells.plan(pages, "record.html")  # type: ignore[arg-type]
    outputs = []
    for page in pages:
        context = {"page": page, "config": {"site_name": "Site"}, "base_url": ".."}
        shells.keep_context(page, context)  # type: ignore[arg-type]
        output = env.get_template(page.meta["template"]).render(context)
        outputs.append(shells.output(page, output, env))  # type: ignore[arg-type]
    return outputs, shells


def _theme(pages: list[_Page], template: str = MATERIAL_LIKE) -> list[str]:
    """Each page rendered by the theme alone."""
    env = jinja2.Environment(loader=jinja2.DictLoader({"record.html": template}))
    return [
        env.get_template("record.html").render(
            {"page": p, "config": {"site_name": "Site"}, "base_url": ".."}
        )
        for p in pages
    ]


def _records(titles: list[str], **kw: Any) -> list[_Page]:
    return [
        _Page(
            f"evidence/R{i}.md", t, f'<h1 id="r{i}">{t}</h1><p>figures of R{i}</p>', f"r{i}", **kw
        )
        for i, t in enumerate(titles)
    ]


@pytest.mark.parametrize(
    "titles",
    [
        ["R0: Benchmark run 0", "R1: Benchmark run 1", "R2: Benchmark run 2"],
        ["E1: Training-bubble model, 8-GPU", "E2: Another model, 4-GPU", "E3: A third, 2-GPU"],
        ["R1: 写入 checkpoint", "R2: 读取 checkpoint", "R3: 训练 checkpoint"],
    ],
)
def test_filled_pages_are_what_the_theme_renders(titles: list[str]) -> None:
    pages = _records(titles)
    outputs, shells = _render(pages)
    assert outputs == _theme(_records(titles))
    assert shells.filled == {p.src for p in pages[1:]}  # the first is the probe


def test_a_page_without_a_top_heading_gets_the_theme_heading() -> None:
    pages = [_Page(f"evidence/R{i}.md", f"R{i} run", f"<p>R{i}</p>", None) for i in range(3)]
    outputs, shells = _render(pages)
    assert outputs == _theme(pages) and len(shells.filled) == 2
    assert "<h1>R2 run</h1>" in outputs[2]


#: Templates that write something of a page outside the four values: each shell fails
#: its check (or shows the page itself), and every page is rendered by the theme.
@pytest.mark.parametrize(
    ("name", "template"),
    [
        ("page URL", MATERIAL_LIKE.replace("<body>", '<body data-url="{{ page.url }}">')),
        ("source path", MATERIAL_LIKE.replace("<body>", "<body>{{ page.file.src_uri }}")),
        (
            "title filtered",
            MATERIAL_LIKE.replace(
                "<header>{{ page.meta.title }}", "<header>{{ page.meta.title | upper }}"
            ),
        ),
        (
            "content measured",
            MATERIAL_LIKE.replace("<article>", "<article>{{ page.content | length }}"),
        ),
        (
            "title measured",
            MATERIAL_LIKE.replace("<header>", "<header>{{ page.meta.title | length }}"),
        ),
        (
            "title url-encoded",
            MATERIAL_LIKE.replace("<header>", "<header>{{ page.meta.title | urlencode }}"),
        ),
    ],
)
def test_a_shell_that_differs_falls_back_to_the_theme(name: str, template: str) -> None:
    titles = ["R0: Benchmark run 0", "R1: Benchmark run 11", "R2: Benchmark run 222"]
    outputs, shells = _render(_records(titles), template)
    assert outputs == _theme(_records(titles), template), name
    assert shells.filled == set(), name


def test_the_near_miss_of_a_fallback_is_filled() -> None:
    """A template that writes only the four values, each as it is, is filled."""
    template = MATERIAL_LIKE.replace("<header>", '<header data-title="{{ page.meta.title }}">')
    titles = ["R0: Benchmark run 0", "R1: Benchmark run 11", "R2: Benchmark run 222"]
    outputs, shells = _render(_records(titles), template)
    assert outputs == _theme(_records(titles), template) and len(shells.filled) == 2


@pytest.mark.parametrize(
    "title",
    [
        "R1 &amp; R2",  # an entity: a template may unescape it (striptags does)
        "R1 <b>bold</b>",  # markup: striptags removes it
        "R1  two spaces",  # striptags collapses runs of spaces
        " R1 leading",
        'R1 "quoted"',
        "R1 it's",
    ],
)
def test_a_title_a_template_may_rewrite_is_rendered_by_the_theme(title: str) -> None:
    pages = _records(["R0: Benchmark run 0", "R9: Benchmark run 9", "R8: Benchmark run 8"])
    pages.insert(2, _Page("evidence/X.md", title, "<h1>x</h1>", "x"))
    assert fill_values(pages[2]) is None  # type: ignore[arg-type]
    outputs, shells = _render(pages)
    assert outputs == _theme(pages) and "evidence/X.md" not in shells.filled


def test_kinds_of_page_get_their_own_probe() -> None:
    """Another folder, another kind of title, no canonical URL: another shell, checked."""
    pages = [
        *_records(["R0: run", "R1: run"]),
        _Page("other/deeper/R5.md", "R5: run", "<h1>R5</h1>", "r5"),
        _Page("evidence/R6.md", "R6 run", "<h1>R6</h1>", "r6"),  # no colon in the title
        _Page("evidence/R7.md", "R7 run", "<h1>R7</h1>", "r7"),
    ]
    outputs, shells = _render(pages)
    assert outputs == _theme(pages)
    assert shells.filled == {"evidence/R1.md", "evidence/R7.md"}


def test_pages_of_other_templates_are_left_alone() -> None:
    pages = _records(["R0: run", "R1: run"])
    pages[1].meta["template"] = "main.html"
    Shells().plan(pages, "record.html")  # type: ignore[arg-type]
    assert pages[1].meta["template"] == "main.html"
    assert pages[0].meta["template"] == "record.html"  # the probe keeps the theme's


# --- what the search plugin indexes of a finished page ------------------------

_CLAIM = (
    '<a class="fx-claim fx-claim--measured" data-fx-ref="R1#{f}" data-fx-value="{v}" '
    'href="../evidence/R1/#{f}" title="what it measures">{v}<span aria-hidden="true" '
    'class="fx-badge" data-search-exclude="">R1</span><span class="fx-sr" '
    'data-search-exclude=""> (measured, report R1)</span></a>'
)


def _card(value: str, context: str) -> str:
    return (
        f'<div class="fx-stat"><span class="fx-stat-value">{_CLAIM.format(f="x", v=value)}'
        f'</span><span class="fx-stat-context">{context}</span>'
        '<span class="fx-stat-source" aria-hidden="true">Measured · R1</span></div>'
    )


@pytest.mark.parametrize(
    ("name", "html", "shown", "not_shown"),
    [
        (
            "cards side by side",
            f'<h1 id="t">T</h1><div class="fx-stats">{_card("1.9×", "faster")}{_card("5.5%", "of a run")}</div>',
            "1.9× faster Measured · R1 5.5% of a run",
            "R15.5%",
        ),
        (
            "a chart's data table",
            '<h1 id="t">T</h1><table><tr><th>Bar</th><th>Value</th></tr>'
            "<tr><td>Baseline</td><td>178 s</td></tr></table>",
            "Bar Value Baseline 178 s",
            "BarValue",
        ),
        (
            "claims in a paragraph",
            f'<h1 id="t">T</h1><p>It fell from {_CLAIM.format(f="a", v="178 s")} to '
            f"{_CLAIM.format(f='b', v='94 s')}.</p>",
            "<p>It fell from 178 s to 94 s.</p>",
            "measured, report",
        ),
        (  # near miss: inline emphasis inside a word is not pulled apart
            "emphasis in a word",
            '<h1 id="t">T</h1><p>un<em>believ</em>able</p>',
            "<p>unbelievable</p>",
            "un believ",
        ),
    ],
)
def test_search_entries_read_as_the_page_reads(
    name: str, html: str, shown: str, not_shown: str
) -> None:
    """Material's index, given the page's boxes by fxsite: claims as their text, cards and
    cells apart (each box a paragraph of its own)."""
    from types import SimpleNamespace

    from material.plugins.search.plugin import SearchIndex

    from fxsite.mkdocs_search import attach_view

    index = SearchIndex(lang=["en"], separator=r"[\s\-]+", pipeline=[], fields={})
    attach_view({"search": SimpleNamespace(search_index=index, config={})})
    attach_view({"search": SimpleNamespace(search_index=index, config={})})  # once only
    page = SimpleNamespace(
        meta={}, content=html, toc=TableOfContents([AnchorLink("T", "t", 1)]), url="p/", title="T"
    )
    index.add_entry_from_context(page)
    entries = " ".join(e["text"] for e in index.entries)
    text = " ".join(re.sub(r"<[^>]+>", " ", entries).split())  # as a reader reads it
    assert shown in entries or shown in text, (name, entries)
    assert not_shown not in entries and not_shown not in text, (name, entries)
    assert page.content == html  # the page itself keeps its HTML


# --- the plugin fills record pages in a real build ------------------------------


@pytest.mark.slow
def test_a_build_fills_record_pages_with_the_bytes_the_theme_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A small site built twice in-process, with and without shells: the same bytes."""
    import logging

    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    (tmp_path / "evidence").mkdir()
    (tmp_path / "docs").mkdir()
    for r in range(4):
        (tmp_path / "evidence" / f"R{r}.yaml").write_text(
            f"id: R{r}\ntitle: Run {r} of the array\nlabel: measured\nstatus: active\n"
            f"figures:\n  t: {{value: {100 + r}, unit: s, what: save time}}\n",
            encoding="utf-8",
        )
    (tmp_path / "docs" / "index.md").write_text(
        "# Home\n\nSaves took [](evidence:R1#t).\n", encoding="utf-8"
    )
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: shells\nsite_url: https://example.test/\ntheme:\n  name: material\n"
        "  font: false\nplugins:\n  - search\n  - fxsite\n",
        encoding="utf-8",
    )
    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    monkeypatch.chdir(tmp_path)
    filled = {}
    plan = Shells.plan
    for name, shells in (("filled", True), ("theme", False)):
        if not shells:
            monkeypatch.setattr(Shells, "plan", lambda self, pages, t, *a: plan(self, [], t, *a))
        config = load_config("mkdocs.yml", site_dir=str(tmp_path / name))
        build(config)
        filled[name] = set(config.plugins["fxsite"].shells.filled)
    assert filled["theme"] == set()
    assert filled["filled"] == {
        "evidence/R1.md",
        "evidence/R2.md",
        "evidence/R3.md",
    }
    for r in range(4):
        page = f"evidence/R{r}/index.html"
        assert (tmp_path / "filled" / page).read_bytes() == (tmp_path / "theme" / page).read_bytes()


def _render_changed(pages: list[_Page], kept: dict[str, str]) -> tuple[list[str], Shells]:
    """As :func:`_render`, planned from ``kept`` (the pages hold no content then) and each
    page given its ``kept`` content back just before it is rendered."""
    env = jinja2.Environment(
        loader=jinja2.DictLoader({"record.html": MATERIAL_LIKE, SHELL_TEMPLATE: ""}),
        autoescape=False,
    )
    shells = Shells()
    shells.plan(pages, "record.html", lambda page: kept[page.file.src_uri])  # type: ignore[arg-type]
    outputs = []
    for page in pages:
        page.content = kept[page.src]
        context = {"page": page, "config": {"site_name": "Site"}, "base_url": ".."}
        shells.keep_context(page, context)  # type: ignore[arg-type]
        output = env.get_template(page.meta["template"]).render(context)
        outputs.append(shells.output(page, output, env))  # type: ignore[arg-type]
    return outputs, shells


@pytest.mark.parametrize(
    ("changed", "filled"),
    [
        ({}, {"evidence/R1.md", "evidence/R2.md"}),  # near miss: as planned, all filled
        ({"evidence/R2.md": "<p>no heading now</p>"}, {"evidence/R1.md"}),
        (
            {"evidence/R1.md": '<h1 id="r1">R1 run</h1><p>other figures</p>'},
            {"evidence/R1.md", "evidence/R2.md"},
        ),
    ],
)
def test_a_page_is_filled_with_what_it_holds_when_rendered(
    changed: dict[str, str], filled: set[str]
) -> None:
    """The plan reads each page's content where it is kept, and keeps none of it: a page is
    filled with what it holds when rendered, or rendered by the theme when that content
    makes it another kind of page than planned."""
    pages = _records(["R0 run", "R1 run", "R2 run"])
    planned = {p.src: p.content for p in pages}
    for page in pages:
        page.content = ""  # kept elsewhere (compressed) until rendered
    outputs, shells = _render_changed(pages, {**planned, **changed})
    expected = _records(["R0 run", "R1 run", "R2 run"])
    for page in expected:
        page.content = {**planned, **changed}[page.src]
    assert outputs == _theme(expected)
    assert shells.filled == filled
