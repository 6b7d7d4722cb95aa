"""The one core object: a project's folders, its library and its pages.

The CLI builds a :class:`Project` from ``mkdocs.yml``; the MkDocs plugin
builds one from its config. Both then ask it the same questions, so
``fxsite check`` and ``mkdocs build`` can never judge a page differently.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from fxsite.evidence.library import Library, load_library
from fxsite.findings import ConfigError, Finding, sort_findings
from fxsite.pages.blocks import ChartDrawer
from fxsite.pages.claims import HrefFor
from fxsite.pages.frontmatter import read_front_matter, split_front_matter
from fxsite.pages.page import PageResult, process_page

__all__ = ["GENERATED_PAGES", "Project", "ProjectPaths"]

#: Pages the build generates under the library prefix, besides one per record.
GENERATED_PAGES = ("index.md",)


@dataclass(frozen=True)
class ProjectPaths:
    """Where things are. ``root`` holds mkdocs.yml; findings name paths from it."""

    root: Path
    docs_dir: Path
    evidence_dir: Path
    #: URL folder of the generated Evidence Library ("evidence" -> /evidence/R1/)
    library_prefix: str = "evidence"
    faq_page: str | None = "faq.md"
    #: where drawn charts are kept between builds (None: draw every time)
    cache_dir: Path | None = None

    def relative(self, path: Path) -> str:
        """``path`` as findings show it: relative to the root, with slashes."""
        try:
            return path.resolve().relative_to(self.root.resolve()).as_posix()
        except ValueError:
            return path.as_posix()

    def inside_docs(self, src: str) -> bool:
        """Whether a docs-relative path stays inside docs/ (no ``..`` escape)."""
        target = (self.docs_dir / src).resolve()
        return target.is_relative_to(self.docs_dir.resolve())


@dataclass
class Project:
    """A project being checked or built."""

    paths: ProjectPaths
    library: Library = field(default_factory=Library)

    def __post_init__(self) -> None:
        if not self.paths.evidence_dir.is_dir():
            raise ConfigError(
                f"{self.paths.relative(self.paths.evidence_dir)}: evidence folder not found; "
                "create it or set the fxsite plugin's evidence_dir"
            )
        if not self.paths.docs_dir.is_dir():
            raise ConfigError(f"{self.paths.relative(self.paths.docs_dir)}: docs folder not found")

    def load(self) -> Library:
        """(Re)load every record; state is rebuilt each time, for ``serve``."""
        self.library = load_library(self.paths.evidence_dir, self.paths.root)
        return self.library

    def generated_pages(self) -> list[str]:
        """Docs-relative paths of the pages the build generates."""
        prefix = self.paths.library_prefix
        pages = [f"{prefix}/{name}" for name in GENERATED_PAGES]
        pages += [f"{prefix}/{record_id}.md" for record_id in self.library.records]
        if self.paths.faq_page and self.has_faq():
            pages.append(self.paths.faq_page)
        return pages

    def has_faq(self) -> bool:
        """Whether some page has an FAQ: the site-wide FAQ page is generated only then."""
        for src in self.doc_pages():
            file = self.paths.docs_dir / src
            try:
                source = file.read_text(encoding="utf-8-sig")
            except (OSError, UnicodeDecodeError):
                continue  # check reports the unreadable page
            if split_front_matter(source)[0] and read_front_matter(source, src).faq:
                return True
        return False

    def doc_pages(self) -> list[str]:
        """Docs-relative paths of the Markdown pages the authors wrote."""
        docs = self.paths.docs_dir
        return sorted(p.relative_to(docs).as_posix() for p in docs.rglob("*.md") if p.is_file())

    def process(
        self,
        src: str,
        source: str,
        href_for: HrefFor,
        known_pages: Iterable[str],
        draw: ChartDrawer | None = None,
    ) -> PageResult:
        """Check and rewrite one page; ``src`` is docs-relative.

        ``draw`` renders charts (builds); ``check`` leaves it out.
        """
        path = self.paths.relative(self.paths.docs_dir / src)
        result = process_page(source, path, self.library, href_for, draw)
        known = set(known_pages)
        for item in result.related:
            if item.page is None:
                continue
            if not self.paths.inside_docs(item.page) or item.page not in known:
                hint = ""
                import difflib

                close = difflib.get_close_matches(item.page, sorted(known), n=1)
                if close:
                    hint = f" (did you mean '{close[0]}'?)"
                result.findings.append(
                    Finding(
                        path,
                        item.line,
                        item.col,
                        "FX602",
                        f"related page '{item.page}' does not exist{hint}",
                    )
                )
        return result

    def check(self, only: list[str] | None = None) -> list[Finding]:
        """Every finding of the project: records first, then every page.

        ``only`` (docs-relative paths) checks just those pages, against the
        whole library. Records come first so that a record's own error is
        read before the claims it breaks.
        """
        self.load()
        findings: list[Finding] = []
        pages = self.doc_pages()
        known = [*pages, *self.generated_pages()]
        for src in pages if only is None else only:
            file = self.paths.docs_dir / src
            try:
                source = file.read_text(encoding="utf-8-sig")
            except (OSError, UnicodeDecodeError) as exc:
                findings.append(
                    Finding(self.paths.relative(file), 1, 1, "FX105", f"cannot read page: {exc}")
                )
                continue
            result = self.process(
                src, source, lambda record, anchor: f"evidence/{record}/#{anchor}", known
            )
            findings.extend(result.findings)
        return sort_findings(self.library.findings) + sort_findings(findings)
