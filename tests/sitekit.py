"""Shared helpers for the page, build and site tests: fixture sites, builds, HTML.

Builds run in a subprocess (``fxsite``, ``mkdocs_build``: MkDocs and Material
may emit DeprecationWarnings, and pytest turns every warning into an error
in-process), or in this process where the process is not the point
(``fxsite_here``, ``mkdocs_build_here``: no start-up of its own, about a second of imports).
"""

from __future__ import annotations

import functools
import importlib.util
import io
import logging
import os
import re
import shutil
import subprocess
import sys
import traceback
import warnings
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import unquote, urlsplit

from bs4 import BeautifulSoup

from fxsite.evidence.library import Library, load_library
from fxsite.markdown import PageRenderer, check_page, render_page
from fxsite.pages.page import process_page

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


#: The source path of the page an in-process row is (:func:`page_findings`).
PAGE_PATH = "docs/p.md"


@functools.cache
def sub(pattern: str, replacement: str) -> Callable[[str], str]:
    """A change of a published file: the first match of ``pattern`` replaced (it must match)."""

    def apply(html: str) -> str:
        changed, count = re.subn(pattern, replacement, html, count=1, flags=re.DOTALL)
        assert count == 1, pattern
        return changed

    return apply


def fixture_renderer() -> PageRenderer:
    """The fixture sites' page renderer (:data:`FIXTURE_EXTENSIONS`), made once."""
    return PageRenderer(FIXTURE_EXTENSIONS, {})


def page_findings(source: str, lib: Library) -> list[tuple[str, int, int]]:
    """What check and build find in ``source`` as page :data:`PAGE_PATH` of a fixture
    site (the one reader, :func:`fxsite.markdown.check_page`): ``(code, line, col)``, sorted."""
    _, findings = check_page(source, PAGE_PATH, lib, href_for, fixture_renderer())
    return sorted((f.code, f.line, f.col) for f in findings)


def page_claims(source: str, lib: Library) -> list[str]:
    """The refs of the claims ``source`` cites as page :data:`PAGE_PATH` of a fixture site,
    its blocks' and those Markdown finds in its text, as the build renders it."""
    result = process_page(source, PAGE_PATH, lib, href_for)
    _, context = render_page(result, source, lib, href_for, fixture_renderer())
    return [c.ref for c in [*result.claims, *context.claims]]


def sentence_errors(sentence: str, lib: Library) -> list[tuple[str, int, int]]:
    """The errors :func:`page_findings` gives for ``sentence`` as the paragraph after a
    page's heading (line 3): ``(code, line, col)``, sorted."""
    _, findings = check_page(f"# T\n\n{sentence}\n", PAGE_PATH, lib, href_for, fixture_renderer())
    return sorted((f.code, f.line, f.col) for f in findings if f.severity == "error")


def resolves(root: Path, text: str, ref: str, lang: str = "en") -> object:
    """What a claim ``[text](evidence:ref)`` resolves to against project ``root``'s records: a
    ``Claim`` or a ``ClaimProblem``."""
    from fxsite.pages.claims import resolve_claim

    return resolve_claim(text, f"evidence:{ref}", library(root), lang=lang)


def library(site: Path = CLEAN) -> Library:
    """The records of a fixture site; the clean site's loaded once a process (a library
    is not changed once built: a test that changes one loads its own)."""
    return _clean_library() if site == CLEAN else load_library(site / "evidence", site)


@functools.cache
def _clean_library() -> Library:
    return load_library(CLEAN / "evidence", CLEAN)


def href_for(record: str, anchor: str) -> str:
    """A fixed href scheme for pure-function tests."""
    return f"evidence/{record}/" + (f"#{anchor}" if anchor else "")


def with_enforce(project: Path, value: str) -> None:
    """``project``'s mkdocs.yml with the fxsite plugin's ``enforce: value``."""
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    config.write_text(text.replace("  - fxsite\n", f"  - fxsite:\n      enforce: {value}\n"))


def copy_site(site: Path, dest: Path) -> Path:
    """A private copy of a fixture site (builds write beside mkdocs.yml)."""
    target = dest / site.name
    shutil.copytree(site, target, ignore=shutil.ignore_patterns("site", ".cache"))
    return target


def rows_site(dest: Path, home: str = "# Home\n\nIt ran.\n", *, enforce: bool = True) -> Path:
    """A copy of the clean fixture site at ``dest`` whose only page is a home page
    (``home``): a table test writes each row's page beside it and builds once. Without
    ``enforce``, the plugin is set ``enforce: false`` (the build publishes what it
    refuses, so that every refusal of every row is printed, the gate's too)."""
    shutil.copytree(CLEAN, dest, ignore=shutil.ignore_patterns("site", ".cache"))
    for page in (dest / "docs").glob("*.md"):
        page.unlink()
    (dest / "docs" / "index.md").write_text(home, "utf-8")
    if not enforce:
        config = dest / "mkdocs.yml"
        text = config.read_text("utf-8")
        assert "  - fxsite\n" in text
        config.write_text(
            text.replace("  - fxsite\n", "  - fxsite:\n      enforce: false\n"), "utf-8"
        )
    return dest


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


def fxsite_here(
    *args: str, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``fxsite ARGS`` run in this process, as :func:`fxsite` runs the script in a child.

    An error the script's entry point translates is translated the same way; any
    other exception is a ``Traceback`` in stderr and exit 1, as in a child.
    """
    from fxsite.cli import cli
    from fxsite.findings import FxsiteError

    return _invoke(cli, "fxsite", list(args), cwd, env, {FxsiteError: "fxsite: "})


#: What a forked run (:func:`fxsite_forked`) finds imported already: a child of a warm
#: process starts in milliseconds, not a second.
_WARM = ("fxsite.cli", "fxsite.anchor.audit_site", "fxsite.mkdocs_plugin", "mkdocs.commands.build")


def fxsite_forked(
    *args: str,
    cwd: Path,
    env: dict[str, str] | None = None,
    memory: int = 1536 << 20,
    timeout: float = 120,
) -> subprocess.CompletedProcess[str]:
    """:func:`fxsite_here` in a forked child under a time limit and an address-space cap
    of ``memory`` bytes beyond what the child starts with, as :func:`fxsite` would run
    it under ``resource.setrlimit`` in a process of its own, without its imports.

    A run past ``timeout`` raises :class:`subprocess.TimeoutExpired`; a child that
    dies without a word is exit -9 and says so in stderr.
    """
    import multiprocessing
    import resource

    for name in _WARM:
        importlib.import_module(name)
    ctx = multiprocessing.get_context("fork")
    reader, writer = ctx.Pipe(duplex=False)

    def child() -> None:
        with open("/proc/self/statm", encoding="ascii") as statm:
            used = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        resource.setrlimit(resource.RLIMIT_AS, (used + memory, used + memory))
        try:
            done = fxsite_here(*args, cwd=cwd, env=env)
            writer.send((done.returncode, done.stdout, done.stderr))
        except BaseException as exc:  # told to the test, as a child's traceback would be
            writer.send((1, "", "Traceback (forked):\n" + "".join(traceback.format_exception(exc))))

    proc = ctx.Process(target=child, daemon=True)
    proc.start()
    try:
        if not reader.poll(timeout):
            raise subprocess.TimeoutExpired(["fxsite", *args], timeout)
        try:
            code, out, err = reader.recv()
        except EOFError:
            code, out, err = -9, "", "the forked run died without a word"
    finally:
        proc.kill()
        proc.join()
    return subprocess.CompletedProcess(["fxsite", *args], code, out, err)


def mkdocs_build_here(project: Path, site_dir: Path) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --site-dir SITE_DIR`` in ``project``, run in this process."""
    from mkdocs.__main__ import cli

    return _invoke(cli, "mkdocs", ["build", "--site-dir", str(site_dir)], project, None, {})


def _invoke(
    command: Any,
    name: str,
    args: list[str],
    cwd: Path,
    env: dict[str, str] | None,
    translated: dict[type[BaseException], str],
) -> subprocess.CompletedProcess[str]:
    from click.testing import CliRunner

    overrides: dict[str, str | None] = {k: ENV[k] for k in ("NO_MKDOCS_2_WARNING", "NO_COLOR")}
    overrides |= {"FXSITE_SIGNING_KEY": None, **(env or {})}
    with _process_state(cwd, [name, *args]):
        result = CliRunner(env=overrides).invoke(command, args)
    code, stderr = result.exit_code, result.stderr
    error = result.exception
    if error is not None and not isinstance(error, SystemExit):
        prefix = next((p for t, p in translated.items() if isinstance(error, t)), None)
        if prefix is not None:
            code, stderr = 2, f"{stderr}{prefix}{error}\n"
        else:
            trace = "".join(traceback.format_exception(error))
            code, stderr = 1, f"{stderr}Traceback (in process):\n{trace}"
    return subprocess.CompletedProcess([name, *args], code, result.stdout, stderr)


@contextmanager
def _process_state(cwd: Path, argv: list[str]) -> Iterator[None]:
    """A run's own working folder, ``sys.argv``, warning filters, MkDocs logger and
    per-process caches, as a new process has them; the caller's put back afterwards.

    MkDocs keeps one instance of each plugin per process (``Plugins.plugin_cache``)
    and fxsite one project per folder (``_PROJECTS``): a run must not inherit an
    instance an earlier run configured (``fxsite build`` turns its staging off).
    """
    from mkdocs.config.defaults import MkDocsConfig

    from fxsite.mkdocs_plugin import _PROJECTS

    caches: list[dict[Any, Any]] = [dict(MkDocsConfig._schema)["plugins"].plugin_cache, _PROJECTS]
    saved = [dict(cache) for cache in caches]
    log = logging.getLogger("mkdocs")
    handlers, propagate, level = list(log.handlers), log.propagate, log.level
    # MkDocs' own loggers as a new process has them: enabled, at no level of their own,
    # passing records up to "mkdocs", with no filter. MkDocs' command line adds a
    # DuplicateFilter to mkdocs.commands.build at every run, which remembers every message:
    # a refused build's last line, logged by an earlier run in this process, was dropped.
    children = [
        logger
        for name, logger in logging.root.manager.loggerDict.items()
        if name.startswith("mkdocs.") and isinstance(logger, logging.Logger)
    ]
    kept = [(c, c.disabled, c.propagate, c.level, list(c.filters)) for c in children]
    for child in children:
        child.disabled, child.propagate, child.level = False, True, logging.NOTSET
        child.filters[:] = []
    old_cwd, old_argv = Path.cwd(), sys.argv
    os.chdir(cwd)
    sys.argv = argv
    for cache in caches:
        cache.clear()
    try:
        with warnings.catch_warnings():
            yield
    finally:
        os.chdir(old_cwd)
        sys.argv = old_argv
        log.handlers[:] = handlers
        log.propagate, log.level = propagate, level
        for child, disabled, passes, at, filters in kept:
            child.disabled, child.propagate, child.level = disabled, passes, at
            child.filters[:] = filters
        for cache, kept in zip(caches, saved, strict=True):
            cache.clear()
            cache.update(kept)


def check_and_build(
    site: Path,
) -> tuple[subprocess.CompletedProcess[str], subprocess.CompletedProcess[str]]:
    """``fxsite check .``, then ``fxsite build .``, in ``site`` (in this process): neither
    ends in a traceback. Compare what they find with :func:`finding_lines`."""
    checked = fxsite_here("check", ".", cwd=site)
    built = fxsite_here("build", ".", cwd=site)
    assert "Traceback" not in checked.stderr + built.stderr, checked.stderr + built.stderr
    return checked, built


def finding_lines(output: str, *, warnings: bool = True) -> list[str]:
    """The findings a run printed (``path:line:col: FXnnn ...``), sorted; without
    ``warnings``, its errors alone."""
    return sorted(
        line
        for line in output.splitlines()
        if ": FX" in line and (warnings or " warning: " not in line)
    )


def build_site(project: Path, site_dir: Path) -> Path:
    """Build ``project`` into ``site_dir`` with MkDocs; fail loudly if it does not build."""
    proc = mkdocs_build(project, site_dir)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    return site_dir


def build_site_here(project: Path, site_dir: Path) -> Path:
    """:func:`build_site`, built in this process (:func:`mkdocs_build_here`)."""
    proc = mkdocs_build_here(project, site_dir)
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


def pdf_bytes(pages: list[str], count: int | None = None) -> bytes:
    """A minimal PDF with a text layer: one Helvetica line per page."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>"]
    kids = " ".join(f"{4 + 2 * i} 0 R" for i in range(len(pages)))
    total = len(pages) if count is None else count
    objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {total} >>".encode())
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    for i, text in enumerate(pages):
        stream = f"BT /F1 12 Tf 72 720 Td ({text}) Tj ET".encode()
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents {5 + 2 * i} 0 R "
            "/Resources << /Font << /F1 3 0 R >> >> >>".encode()
        )
        objects.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
    out = b"%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    return out


def office_bytes(parts: dict[str, str]) -> bytes:
    """A ZIP archive of ``parts`` (name: XML text), as a Word document or a deck is one."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("_rels/.rels", "<Relationships/>")
        for name, text in parts.items():
            archive.writestr(name, text)
    return out.getvalue()


def docx_bytes(*paragraphs: str) -> bytes:
    """A minimal Word document: one paragraph of one run per string."""
    body = "".join(f"<w:p><w:r><w:t>{p}</w:t></w:r></w:p>" for p in paragraphs)
    return office_bytes({"word/document.xml": f"<w:document><w:body>{body}</w:body></w:document>"})


def odf_bytes(*paragraphs: str) -> bytes:
    """A minimal OpenDocument: one ``text:p`` per string."""
    body = "".join(f"<text:p>{p}</text:p>" for p in paragraphs)
    return office_bytes({"content.xml": f"<office:text>{body}</office:text>"})


def epub_bytes(body: str) -> bytes:
    """A minimal EPUB book: one XHTML chapter with ``body``."""
    return office_bytes({"OEBPS/c.xhtml": f"<html><head></head><body>{body}</body></html>"})


#: How many records a page of the Evidence Library's index :func:`paged_site` builds.
PAGED_ROWS = 2


def paged_site(dest: Path) -> Path:
    """The clean fixture site built at ``dest`` with :data:`PAGED_ROWS` records a page of
    the Evidence Library's index (its five records: three pages); the site folder."""
    import pytest

    from fxsite.render import library_index
    from fxsite.verify import library_listing

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(library_index, "INDEX_ROWS", PAGED_ROWS)
        patch.setattr(library_listing, "INDEX_ROWS", PAGED_ROWS)
        project = copy_site(CLEAN, dest)
        return build_site_here(project, project / "site")
