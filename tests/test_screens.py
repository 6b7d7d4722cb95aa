"""tools/screens.py without a browser: which pages it draws, where each PNG goes, its index."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from sitekit import load_script

from fxsite.verify.siteserver import served_path

ROOT = Path(__file__).resolve().parents[1]
screens = load_script(ROOT / "tools" / "screens.py", "fxsite_tools_screens")

#: A built site's files as the demo has them: pages, a record page, the 404 page,
#: the Chinese page, and files that are not pages.
SITE_FILES = [
    "index.html",
    "404.html",
    "faq/index.html",
    "checkpoint-acceleration/index.html",
    "zh/checkpoint-acceleration/index.html",
    "evidence/index.html",
    "evidence/R1/index.html",
    "assets/fxsite/fxsite.css",
    "assets/javascripts/bundle.html",  # under assets/: not a page
    "search/search_index.json",
    "evidence.json",
    "sitemap.xml",
]


@pytest.fixture
def site(tmp_path: Path) -> Path:
    for name in SITE_FILES:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("<!doctype html><title>x</title>", encoding="utf-8")
    return tmp_path


def test_every_page_of_a_built_site_is_drawn_and_nothing_else(site: Path) -> None:
    pages = screens.site_pages(site)
    assert pages == [
        "/",
        "/404.html",
        "/checkpoint-acceleration/",
        "/evidence/",
        "/faq/",
        "/evidence/R1/",
        "/zh/checkpoint-acceleration/",
    ]
    # Each URL is one of the site's HTML files as the server sends it, and every page is one.
    served = {served_path(site, page) for page in pages}
    html = {
        p.resolve()
        for p in site.rglob("*.html")
        if p.relative_to(site).parts[0] not in screens.NOT_PAGES
    }
    assert served == html


def test_four_screenshots_a_page_each_with_its_own_file(site: Path) -> None:
    pages = screens.site_pages(site)
    shots = screens.shots(pages)
    assert len(shots) == 4 * len(pages)
    names = [shot.name for shot in shots]
    assert len(set(names)) == len(names)
    assert "home/390-dark.png" in names and "zh--checkpoint-acceleration/1440-light.png" in names
    index = screens.index_page(pages)
    assert all(f'src="{name}"' in index for name in names)


@pytest.mark.parametrize(
    ("touched", "fresh"),
    [(None, True), ("docs/index.md", False), ("evidence/R1.yaml", False)],  # a near miss: none
)
def test_site_is_used_only_when_newer_than_its_sources(
    tmp_path: Path, touched: str | None, fresh: bool
) -> None:
    sources = [tmp_path / "docs", tmp_path / "evidence"]
    for name in ("docs/index.md", "evidence/R1.yaml"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x", encoding="utf-8")
    built = tmp_path / "site" / "index.html"
    built.parent.mkdir()
    built.write_text("x", encoding="utf-8")
    if touched is not None:
        later = built.stat().st_mtime + 5
        os.utime(tmp_path / touched, (later, later))
    assert screens.is_fresh(tmp_path / "site", sources) is fresh
