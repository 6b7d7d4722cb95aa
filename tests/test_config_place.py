"""A Markdown extension MkDocs fails to load is named at its line in the configuration,
found by the YAML node reader that places every other setting (``extension_place``),
not by a text search: a flow list, a quoted name, the same name in another section and
a list inherited from another file (``INHERIT``) are placed as MkDocs reads them."""

from __future__ import annotations

from pathlib import Path

import pytest

from fxsite.mkdocs_config import config_place

DETAIL = "Config value 'markdown_extensions': Failed to load extension 'toc': ValueError: x"

# (name, mkdocs.yml, the parent file it inherits from or "", where the finding goes)
PLACES = [
    ("a block list", "site_name: s\nmarkdown_extensions:\n  - admonition\n  - toc:\n", "", 4),
    ("a flow list", "site_name: s\nmarkdown_extensions: [admonition,\n  toc]\n", "", 3),
    ("a quoted name", "site_name: s\nmarkdown_extensions:\n  - 'toc':\n      x: 1\n", "", 3),
    (
        "the name in another section first",
        "site_name: s\nplugins:\n  - toc\nmarkdown_extensions:\n  - toc\n",
        "",
        5,
    ),
    ("inherited", "INHERIT: base.yml\nsite_name: s\n", "a: 1\nmarkdown_extensions:\n  - toc\n", 3),
    ("near miss: not listed", "site_name: s\nmarkdown_extensions:\n  - admonition\n", "", 0),
]


@pytest.mark.parametrize(
    ("config", "parent", "line"), [r[1:] for r in PLACES], ids=[r[0] for r in PLACES]
)
def test_a_failing_extension_is_placed_at_its_item(
    config: str, parent: str, line: int, tmp_path: Path
) -> None:
    (tmp_path / "mkdocs.yml").write_text(config, encoding="utf-8")
    (tmp_path / "base.yml").write_text(parent, encoding="utf-8")
    file = "base.yml" if parent else "mkdocs.yml"
    expected = f"{file}:{line}" if line else "mkdocs.yml"
    assert config_place(tmp_path / "mkdocs.yml", DETAIL) == expected


def test_a_problem_naming_no_extension_is_placed_at_the_file(tmp_path: Path) -> None:
    (tmp_path / "mkdocs.yml").write_text("markdown_extensions:\n  - toc\n", encoding="utf-8")
    assert config_place(tmp_path / "mkdocs.yml", "cannot load: bad") == "mkdocs.yml"
