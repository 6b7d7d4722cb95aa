"""``fxsite check PAGE`` reports that page's findings and those on no page (README): a clash
of another page with a page the build generates is that page's (blind72: checking
docs/scratch.md printed docs/faq.md's FX605 and exited 1)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from sitekit import CLEAN, fxsite_here


@pytest.fixture
def clashing(tmp_path: Path) -> Path:
    project = Path(shutil.copytree(CLEAN, tmp_path / "p"))
    (project / "docs" / "faq.md").write_text("# My FAQ\n\nHello.\n", encoding="utf-8")
    (project / "docs" / "scratch.md").write_text("# Scratch\n\nHello.\n", encoding="utf-8")
    return project


def test_another_pages_clash_is_not_the_checked_pages(clashing: Path) -> None:
    proc = fxsite_here("check", "docs/scratch.md", cwd=clashing)
    assert proc.returncode == 0 and "FX605" not in proc.stdout, proc.stdout


@pytest.mark.parametrize("args", [("docs/faq.md",), ("docs/faq.md", "docs/scratch.md"), (".",)])
def test_near_miss_the_clashing_page_checked_reports_it(
    clashing: Path, args: tuple[str, ...]
) -> None:
    proc = fxsite_here("check", *args, cwd=clashing)
    assert proc.returncode == 1 and "docs/faq.md:1:1: FX605" in proc.stdout, proc.stdout
