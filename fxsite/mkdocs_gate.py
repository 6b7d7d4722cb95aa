"""The build's last gate, as the MkDocs adapter runs it: the staged site audited as a
reader sees it (:func:`fxsite.verify.verify_site`, and Chromium for ``build --browser``),
each finding then named where it was written (a page's source line, a file copied
from ``docs/``, a record's report document).

Imported by the plugin at the end of a build only (``fxsite check`` loads the plugin
with the config, and reads no built site). No MkDocs here: the plugin hands over the
files MkDocs copied as (site path, source path) pairs, and turns a site that cannot be
verified (:class:`~fxsite.findings.FxsiteError`) into MkDocs' error.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from pathlib import Path

from fxsite.findings import Finding
from fxsite.pages.record_text import document_places
from fxsite.project import Project
from fxsite.project_paths import ProjectPaths
from fxsite.verify import locate_in_sources, verify_site
from fxsite.verify.gate_memo import GateMemo
from fxsite.verify.sources import PackedSources, at_first_lines, not_reported

__all__ = ["copied_files", "gate_findings"]


def gate_findings(
    site_dir: Path,
    project: Project,
    memo: GateMemo,
    *,
    exported: str | None,
    sources: Mapping[str, tuple[str, bytes]],
    reported: list[Finding],
    copied: Mapping[str, str],
    browser: bool,
    declared: frozenset[str],
    site_url: str,
) -> list[Finding]:
    """The gate's findings on the site staged at ``site_dir``, placed in their sources,
    less those the build has already reported (``reported``).

    ``exported`` is the evidence.json text under ``serve`` (None once the gate reads
    it by its digest); ``sources`` each page's packed source by URL
    (:class:`~fxsite.verify.sources.PackedSources`); ``copied`` the site path of each
    file copied from ``docs/`` as it is, to its source path; ``declared`` the scripts
    and stylesheets the project declares as writing text.
    """
    findings = verify_site(
        site_dir, memo=memo, exported=exported, declared=declared, site_url=site_url
    )
    if browser:
        from fxsite.verify.browser import with_browser

        findings = with_browser(findings, site_dir)
    # Placed in their source pages, so that `enforce: adopt` judges them as
    # it judges the pages' own findings, and each fault is reported once; a file
    # copied from docs/ or the theme's custom_dir as it is (a stylesheet, a script) is
    # named by its source.
    findings = [replace(f, path=copied.get(f.path, f.path)) for f in findings]
    # A report document the gate reads is named at its record's publish_document line.
    documents = document_places(project.library, project.paths.evidence_dir)
    findings = [
        replace(f, path=p[1], line=p[2], col=p[3]) if (p := documents.get(f.path)) else f
        for f in findings
    ]
    # Placed in their sources, less what was reported; then what no source writes, on its page.
    packed = PackedSources(sources)
    pages = {path for path, _ in sources.values()}
    located = locate_in_sources(findings, packed)
    return at_first_lines(not_reported(located, reported, pages), packed)


def copied_files(paths: ProjectPaths, files: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Site path -> source path (as findings name it) of each file of ``files``
    (``(site path, absolute source path)`` of the files MkDocs copies as they are) that
    comes from ``docs/`` or the theme's ``custom_dir``."""
    folders = [paths.docs_dir, *([paths.custom_dir] if paths.custom_dir else [])]
    return {
        dest: paths.relative(Path(src))
        for dest, src in files
        if any(Path(src).is_relative_to(d) for d in folders)
    }
