"""A figure a hook adds to a page's HTML, as the seventy-fourth blind tester found it.

A figure a hook wrote into a page's HTML (``on_page_content``, ``on_post_page``) was
reported at the published file, ``index.html:415:1``, of a staging folder already
deleted. The page's own reading places a text a hook added at the page's first line
and says so; the gate now does the same
(:func:`~fxsite.verify.sources.at_first_lines`), naming the published file in the
message. Such findings also showed only once every other finding was fixed: the build
refuses its pages before it writes any (``on_env``), so its last gate, which reads the
written pages, never runs. That is kept (a refused build writes nothing to read) and
told: ``check`` and ``build`` both say what is not judged yet.

Rows in process (the gate's placing: located, less what was reported, then at first
lines); one whole-site row per command, a hook being the point.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import fxsite_here, rows_site

from fxsite.findings import Finding
from fxsite.policy import HELD_BACK
from fxsite.verify.sources import at_first_lines, locate_in_sources, not_reported

HOME = "# Home\n\nPlain.\n"
FRONT = "---\ntitle: Home\n---\n# Home\n\nPlain.\n"


def _gate(path: str, text: str | None) -> Finding:
    return Finding(path, 415, 1, "FX501", "bare figure", text=text)


# (name, the gate's finding, the home page's source, reported by the pages, placed at)
PLACES: list[tuple[str, Finding, str, list[Finding], list[str]]] = [
    ("a hook's text", _gate("index.html", "1.9x"), HOME, [], ["docs/index.md:1:1"]),
    ("below the front matter", _gate("index.html", "1.9x"), FRONT, [], ["docs/index.md:4:1"]),
    # near misses
    (
        "written by the page",
        _gate("index.html", "1.9x"),
        "# H\n\nIt is 1.9x.\n",
        [],
        ["docs/index.md:3:7"],
    ),
    (
        "a copy of a text reported on another page",
        _gate("index.html", "1.9x"),
        HOME,
        [Finding("docs/other.md", 1, 3, "FX501", "bare figure", text="1.9x")],
        [],
    ),
    (
        "a file that is no page",
        _gate("search/search_index.json", "1.9x"),
        HOME,
        [],
        ["search/search_index.json:415:1"],
    ),
    ("no text quoted", _gate("index.html", None), HOME, [], ["index.html:415:1"]),
]


@pytest.mark.parametrize(
    ("name", "finding", "source", "reported", "placed"), PLACES, ids=[p[0] for p in PLACES]
)
def test_a_gate_finding_no_source_writes_is_placed_at_its_pages_first_line(
    name: str, finding: Finding, source: str, reported: list[Finding], placed: list[str]
) -> None:
    sources = {"": ("docs/index.md", source)}
    found = at_first_lines(not_reported(locate_in_sources([finding], sources), reported), sources)
    assert [f"{f.path}:{f.line}:{f.col}" for f in found] == placed
    for f in found:
        if f.path == "docs/index.md" and f.line != 3:
            assert "the page's source does not write this" in f.message
            assert f.message.endswith("; published in index.html)")
        if f.path == "index.html":
            assert "(on the page of docs/index.md, which does not write it" in f.message


HOOKS = (
    "def on_page_markdown(markdown, **kwargs):\n"
    "    return markdown.replace('SPEEDTOKEN', '94 s')\n\n"
    "def on_page_content(html, **kwargs):\n"
    "    return html.replace('LOADTOKEN', '5x')\n"
)


def _site(tmp_path: Path, home: str) -> Path:
    site = rows_site(tmp_path / "s", home)
    (site / "hooks.py").write_text(HOOKS, "utf-8")
    config = site / "mkdocs.yml"
    config.write_text(config.read_text("utf-8") + "hooks:\n  - hooks.py\n", "utf-8")
    return site


@pytest.mark.parametrize("command", ["check", "build"])
def test_a_hooks_figures_are_held_back_and_told_then_placed(tmp_path: Path, command: str) -> None:
    # The page's own finding refuses the build before any page is written: told so.
    site = _site(tmp_path, "# Home\n\nSaves in SPEEDTOKEN.\n\nLoads LOADTOKEN faster.\n")
    out = fxsite_here(command, cwd=site)
    assert out.returncode == 1
    assert [line.split(" FX")[0] for line in out.stdout.splitlines()] == ["docs/index.md:3:10:"]
    assert HELD_BACK in out.stderr
    # Near miss: fixed, the gate runs; the hook's figure is at the page's first line.
    (site / "docs" / "index.md").write_text("# Home\n\nSaves fast.\n\nLoads LOADTOKEN faster.\n")
    out = fxsite_here(command, cwd=site)
    assert out.returncode == 1
    assert [line.split(" bare")[0] for line in out.stdout.splitlines()] == [
        "docs/index.md:1:1: FX501"
    ]
    assert "'5x'" in out.stdout and "published in index.html" in out.stdout
    assert HELD_BACK not in out.stderr
