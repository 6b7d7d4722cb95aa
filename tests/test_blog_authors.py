"""Material's blog draws its authors' names and descriptions from their file of docs/:
a figure there is told at its line (blind79: at the first line of each page drawing it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import library

from fxsite.pages.blog_authors import author_findings, author_strings, authors_file

#: (row, mkdocs.yml, the authors file it names under docs/, or None)
CONFIGS = [
    ("the blog's defaults", "plugins:\n  - blog\n", "blog/.authors.yml"),
    ("Material's name", "plugins:\n  - material/blog\n", "blog/.authors.yml"),
    ("its own folder", "plugins:\n  - blog:\n      blog_dir: news\n", "news/.authors.yml"),
    (
        "its own file",
        'plugins:\n  - blog:\n      authors_file: "{blog}/team.yml"\n',
        "blog/team.yml",
    ),
    ("plugins as a mapping", "plugins:\n  blog: {blog_dir: .}\n", "./.authors.yml"),
    ("near miss: no blog", "plugins:\n  - search\n", None),
    ("near miss: no plugins", "site_name: S\n", None),
]


@pytest.mark.parametrize(("config", "named"), [r[1:] for r in CONFIGS], ids=[r[0] for r in CONFIGS])
def test_the_authors_file_a_blog_reads(config: str, named: str | None) -> None:
    docs = Path("/docs")
    assert authors_file(config, docs) == (docs / named if named else None)


def test_an_authors_figure_is_told_at_its_line(tmp_path: Path) -> None:
    file = tmp_path / ".authors.yml"
    file.write_text(
        "authors:\n  jane:\n    name: Jane Doe\n    description: Saves in 94 s\n"
        "    avatar: https://example.com/94s.png\n  joe:\n    name: Joe\n",
        "utf-8",
    )
    found = author_findings(file, "docs/blog/.authors.yml", library())
    assert [(f.code, f.line, f.col, f.text) for f in found] == [("FX501", 4, 27, "94 s")]
    assert author_strings(file) == {"Jane Doe", "Saves in 94 s", "Joe"}
    assert author_findings(tmp_path / "missing.yml", "x", library()) == []
