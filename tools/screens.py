"""Screenshots of every page of the demo site at 390 and 1440 px, light and dark.

``make screens`` (or ``.venv/bin/python tools/screens.py``) builds the demo into a
temporary folder, unless ``site/`` is newer than every source it is built from,
serves it on 127.0.0.1 as ``fxsite audit --browser`` does, and draws every page
in headless Debian Chromium (through Playwright) at each width and colour
scheme: Material follows ``prefers-color-scheme`` on a first visit, which
Playwright's ``color_scheme`` sets. Full-page PNGs and an ``index.html``
showing each page's four screenshots side by side go to ``screens/`` (ignored
by git).
"""

from __future__ import annotations

import argparse
import html
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = Path("/usr/bin/chromium")
#: What the demo site is built from: ``site/`` older than any of them is stale.
SOURCES = ("docs", "evidence", "mkdocs.yml", "fxsite")
#: Folders of a built site that hold no pages.
NOT_PAGES = frozenset({"assets", "search"})
WIDTHS = (390, 1440)
SCHEMES = ("light", "dark")
_HEIGHT = {390: 844, 1440: 900}


@dataclass(frozen=True)
class Shot:
    """One screenshot: a page at a width in a colour scheme."""

    page: str
    width: int
    scheme: str

    @property
    def name(self) -> str:
        """The PNG's path under the output folder: ``checkpoint-acceleration/390-dark.png``."""
        slug = self.page.strip("/").removesuffix(".html").replace("/", "--") or "home"
        return f"{slug}/{self.width}-{self.scheme}.png"


def site_pages(site: Path) -> list[str]:
    """URL paths of every HTML page of a built site (``/``, ``/faq/``, ``/404.html``)."""
    pages = []
    for path in site.rglob("*.html"):
        rel = path.relative_to(site)
        if rel.parts[0] in NOT_PAGES:
            continue
        if rel.name == "index.html":
            parent = rel.parent.as_posix()
            pages.append("/" if parent == "." else f"/{parent}/")
        else:
            pages.append(f"/{rel.as_posix()}")
    return sorted(pages, key=lambda p: (p.count("/"), p))


def is_fresh(site: Path, sources: list[Path]) -> bool:
    """``site`` has a page newer than every file under ``sources``."""
    index = site / "index.html"
    if not index.is_file():
        return False
    built = index.stat().st_mtime
    for source in sources:
        files = source.rglob("*") if source.is_dir() else [source]
        if any(f.is_file() and f.stat().st_mtime > built for f in files):
            return False
    return True


@contextmanager
def built_site(use: Path | None) -> Iterator[Path]:
    """``use``, or ``site/`` when fresh, or the demo built into a temporary folder."""
    if use is not None:
        yield use
        return
    if is_fresh(REPO / "site", [REPO / s for s in SOURCES]):
        yield REPO / "site"
        return
    with tempfile.TemporaryDirectory(prefix="fxsite-screens-") as tmp:
        project = Path(tmp) / "demo"
        project.mkdir()
        for name in ("docs", "evidence"):
            shutil.copytree(REPO / name, project / name)
        shutil.copy2(REPO / "mkdocs.yml", project / "mkdocs.yml")
        fxsite = Path(sys.executable).with_name("fxsite")
        done = subprocess.run(  # noqa: S603 - this venv's fxsite, list argv
            [str(fxsite), "build", "-q", str(project)], check=False
        )
        if done.returncode != 0:
            raise SystemExit(f"the demo did not build (exit {done.returncode})")
        yield project / "site"


def shots(pages: list[str]) -> list[Shot]:
    """Every page at every width in every scheme."""
    return [Shot(p, w, s) for p in pages for w in WIDTHS for s in SCHEMES]


def take(site: Path, out: Path, todo: list[Shot]) -> list[str]:
    """Draw each shot into ``out``; the problems met (a page that did not load)."""
    from playwright.sync_api import Error, sync_playwright

    from fxsite.verify.siteserver import serve_site

    problems = []
    with serve_site(site) as origin, sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"]
        )
        for width in WIDTHS:
            for scheme in SCHEMES:
                context = browser.new_context(
                    viewport={"width": width, "height": _HEIGHT[width]},
                    color_scheme=scheme,  # type: ignore[arg-type]
                    is_mobile=width < 600,
                    has_touch=width < 600,
                )
                tab = context.new_page()
                for shot in todo:
                    if (shot.width, shot.scheme) != (width, scheme):
                        continue
                    target = out / shot.name
                    target.parent.mkdir(parents=True, exist_ok=True)
                    try:
                        tab.goto(origin + shot.page, wait_until="networkidle")
                        tab.screenshot(path=str(target), full_page=True)
                    except Error as exc:
                        problems.append(f"{shot.page} at {width} px, {scheme}: {exc.message}")
                context.close()
        browser.close()
    return problems


def index_page(pages: list[str]) -> str:
    """An HTML page showing each page's screenshots side by side, each linking its PNG."""
    esc = html.escape
    rows = []
    for page in pages:
        cells = []
        for width in WIDTHS:
            for scheme in SCHEMES:
                name = Shot(page, width, scheme).name
                # Phones at half size, desktops at a quarter: a row fits one screen's width.
                shown = width // 2 if width < 600 else width // 4
                cells.append(
                    f'<td><a href="{esc(name)}"><img src="{esc(name)}" loading="lazy" '
                    f'width="{shown}" alt="{esc(page)} at {width} px, {scheme}"></a></td>'
                )
        rows.append(f'<tr><th scope="row">{esc(page)}</th>{"".join(cells)}</tr>')
    head = "".join(f"<th>{w} px, {s}</th>" for w in WIDTHS for s in SCHEMES)
    return (
        '<!doctype html>\n<html lang="en"><meta charset="utf-8"><title>fxsite screens</title>\n'
        "<style>body{font-family:sans-serif;margin:1em}table{border-collapse:collapse}"
        "td,th{vertical-align:top;padding:4px;border:1px solid #ccc}"
        "th[scope=row]{text-align:left;white-space:nowrap}"
        "img{height:auto;display:block}</style>\n"
        f"<table><thead><tr><th>page</th>{head}</tr></thead>\n<tbody>\n"
        + "\n".join(rows)
        + "\n</tbody></table>\n"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: site/ when fresh)")
    parser.add_argument("--out", type=Path, default=REPO / "screens", help="default: screens/")
    parser.add_argument("--page", action="append", help="only this URL path (repeatable)")
    args = parser.parse_args(argv)
    if not CHROMIUM.exists():
        print(f"{CHROMIUM} is missing: sudo apt-get install chromium", file=sys.stderr)
        return 2
    with built_site(args.site) as site:
        pages = [p for p in site_pages(site) if not args.page or p in args.page]
        if not pages:
            print(f"{site} has no pages", file=sys.stderr)
            return 2
        args.out.mkdir(parents=True, exist_ok=True)
        problems = take(site, args.out, shots(pages))
    (args.out / "index.html").write_text(index_page(pages), encoding="utf-8")
    for problem in problems:
        print(problem, file=sys.stderr)
    print(
        f"{len(pages)} pages, {len(pages) * 4 - len(problems)} screenshots: {args.out}/index.html"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
