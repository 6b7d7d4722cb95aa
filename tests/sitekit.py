"""Shared helpers for the page, build and site tests: fixture sites, builds, HTML.

Builds run in a subprocess: MkDocs and Material may emit DeprecationWarnings,
and pytest turns every warning into an error in-process.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from urllib.parse import unquote, urlsplit

from bs4 import BeautifulSoup

from fxsite.evidence.library import Library, load_library

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "pages"
CLEAN = FIXTURES / "clean"
REFUSED = FIXTURES / "refused"
BIN = Path(sys.executable).parent
ENV = {
    **{k: v for k, v in os.environ.items() if k != "FXSITE_SIGNING_KEY"},
    "NO_MKDOCS_2_WARNING": "1",
    "NO_COLOR": "1",
    "PYTHONWARNINGS": "",
}


#: The fixture sites' Markdown extensions (tests/fixtures/pages/clean/mkdocs.yml, and
#: footnotes): pages are judged as they render with them.
FIXTURE_EXTENSIONS = [
    "admonition",
    "attr_list",
    "md_in_html",
    "tables",
    "toc",
    "footnotes",
    "pymdownx.details",
    "pymdownx.superfences",
]


#: The evidence.json of a site with no records and no citations (gate tests of files).
EMPTY_EVIDENCE = {
    "citations": [],
    "figures": [],
    "generator": "fxsite 0.1.0",
    "history": {"changes": []},
    "pages": [],
    "record_schema": "schemas/evidence.schema.json",
    "records": [],
}


def library(site: Path = CLEAN) -> Library:
    """The records of a fixture site."""
    return load_library(site / "evidence", site)


def href_for(record: str, anchor: str) -> str:
    """A fixed href scheme for pure-function tests."""
    return f"evidence/{record}/" + (f"#{anchor}" if anchor else "")


def copy_site(site: Path, dest: Path) -> Path:
    """A private copy of a fixture site (builds write beside mkdocs.yml)."""
    target = dest / site.name
    shutil.copytree(site, target, ignore=shutil.ignore_patterns("site", ".cache"))
    return target


def run(
    args: list[str], cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args,
        cwd=cwd,
        env={**ENV, **(env or {})},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def fxsite(
    *args: str, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return run([str(BIN / "fxsite"), *args], cwd, env)


def mkdocs_build(project: Path, site_dir: Path) -> subprocess.CompletedProcess[str]:
    return run([str(BIN / "mkdocs"), "build", "--site-dir", str(site_dir)], project)


def build_site(project: Path, site_dir: Path) -> Path:
    """Build ``project`` into ``site_dir`` with MkDocs; fail loudly if it does not build."""
    proc = mkdocs_build(project, site_dir)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    return site_dir


def soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def html_pages(site_dir: Path) -> list[Path]:
    return sorted(site_dir.rglob("*.html"))


def resolve_href(site_dir: Path, page: Path, href: str) -> tuple[Path | None, str]:
    """The file an internal ``href`` on ``page`` points at, and its fragment.

    ``None`` for external links (a scheme or a network location).
    """
    parts = urlsplit(href)
    if parts.scheme or parts.netloc:
        return None, parts.fragment
    if not parts.path:
        return page, unquote(parts.fragment)
    # The 404 page uses root-absolute URLs (site_url's path is "/"): legitimate.
    base = site_dir if parts.path.startswith("/") else page.parent
    target = (base / unquote(parts.path).lstrip("/")).resolve()
    if parts.path.endswith("/") or target.is_dir():
        target = target / "index.html"
    return target, unquote(parts.fragment)


def ids(page: BeautifulSoup) -> set[str]:
    return {str(el["id"]) for el in page.find_all(id=True)}


def tree_bytes(site_dir: Path, exclude: frozenset[str] = frozenset()) -> dict[str, bytes]:
    """Every file of a built site, by site-relative path."""
    return {
        p.relative_to(site_dir).as_posix(): p.read_bytes()
        for p in sorted(site_dir.rglob("*"))
        if p.is_file() and p.relative_to(site_dir).as_posix() not in exclude
    }


def load_script(path: Path, name: str) -> ModuleType:
    """A script of the repository (benchmarks/, tools/) imported as module ``name``."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
