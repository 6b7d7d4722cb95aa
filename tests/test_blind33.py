"""What the thirty-third blind tester found comparing ``fxsite check`` with ``fxsite
build`` (issue 20):

* a missing snippet under ``pymdownx.snippets: {check_paths: true}`` was a traceback
  from ``check`` and a named error from ``build``; both now name it, exit 1;
* a page at ``docs/evidence/R1.md``, where the build generates the record's page, was
  FX605 from both, and FX501 for its bare figure from ``check`` alone: the build
  replaces the page and never renders it, and ``check`` no longer judges its text.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import fxsite_here, rows_site

SNIPPETS = "  - pymdownx.snippets:\n      check_paths: true\n"


def _with_snippets(tmp_path: Path, include: str) -> Path:
    site = rows_site(tmp_path / "s", f'# Home\n\nIt ran.\n\n--8<-- "{include}"\n')
    config = site / "mkdocs.yml"
    text = config.read_text("utf-8")
    config.write_text(
        text.replace("markdown_extensions:\n", f"markdown_extensions:\n{SNIPPETS}"), "utf-8"
    )
    (site / "here.md").write_text("Also ran.\n", "utf-8")
    return site


@pytest.mark.parametrize("command", ["check", "build"])
def test_a_missing_snippet_is_named_never_a_traceback(tmp_path: Path, command: str) -> None:
    out = fxsite_here(command, cwd=_with_snippets(tmp_path, "nothere.md"))
    assert out.returncode == 1
    assert "Traceback" not in out.stderr
    assert "SnippetMissingError: Snippet at path 'nothere.md' could not be found" in out.stderr


def test_near_miss_a_snippet_that_is_there(tmp_path: Path) -> None:
    site = _with_snippets(tmp_path, "here.md")
    for command in ("check", "build"):
        out = fxsite_here(command, cwd=site)
        assert out.returncode == 0, out.stdout + out.stderr


@pytest.mark.parametrize("command", ["check", "build"])
def test_a_page_the_build_replaces_is_told_once(tmp_path: Path, command: str) -> None:
    site = rows_site(tmp_path / "s")
    (site / "docs" / "evidence").mkdir()
    (site / "docs" / "evidence" / "R1.md").write_text("# L\n\nTook 94 s.\n", "utf-8")
    out = fxsite_here(command, cwd=site)
    assert out.returncode == 1
    told = [line.split(" ")[:2] for line in out.stdout.splitlines() if ": FX" in line]
    assert told == [["docs/evidence/R1.md:1:1:", "FX605"]], out.stdout


TOC = "# Home\n\n[TOC]\n\n## Saves 94 s\n\nText.\n"


@pytest.mark.parametrize("command", ["check", "build"])
def test_a_toc_copy_of_a_heading_is_told_at_the_heading_once(tmp_path: Path, command: str) -> None:
    """blind29: a ``[TOC]`` entry repeats its heading; its figure was told again at 1:1."""
    site = rows_site(tmp_path / "s", TOC)
    config = site / "mkdocs.yml"
    config.write_text(
        config.read_text("utf-8").replace("  - tables\n", "  - tables\n  - toc\n"), "utf-8"
    )
    out = fxsite_here(command, cwd=site)
    told = [line.split(" ")[:2] for line in out.stdout.splitlines() if ": FX" in line]
    assert told == [["docs/index.md:5:10:", "FX501"]], out.stdout


def test_near_miss_a_toc_label_of_its_own_is_read(tmp_path: Path) -> None:
    page = '# Home\n\n[TOC]\n\n## Saving {data-toc-label="Saves 94 s"}\n\nText.\n'
    site = rows_site(tmp_path / "s", page)
    out = fxsite_here("check", cwd=site)
    assert out.returncode == 1 and "FX501" in out.stdout, out.stdout
