"""The one core object: a project's folders (:class:`~fxsite.project_paths.ProjectPaths`),
its library and its pages.

The CLI builds a :class:`Project` from ``mkdocs.yml``; the MkDocs plugin
builds one from its config. Both then ask it the same questions: a page is
processed (:meth:`Project.process`), rendered with the project's Markdown
configuration and judged on what rendered (:meth:`Project.judge`, which the
build does at the same point through the same extension).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any

from fxsite.evidence.library import Library, load_library, record_files
from fxsite.evidence.records import RecordFile, load_record_file
from fxsite.findings import ConfigError, Finding, sort_findings
from fxsite.markdown import PageRenderer, render_page
from fxsite.pages.blocks import ChartDrawer
from fxsite.pages.blog_authors import author_findings, author_strings, authors_file
from fxsite.pages.claims import Claim, HrefFor, check_href
from fxsite.pages.config_text import (
    config_extra,
    config_findings,
    config_settings,
    has_nav,
    icon_findings,
    inherited,
    nav_titles,
    shown_strings,
)
from fxsite.pages.content_icons import footer_findings
from fxsite.pages.docs_tree import (
    MAX_PAGE_BYTES,
    DocsTree,
    page_dest,
    url_clashes,
    walk_docs,
)
from fxsite.pages.frontmatter import read_front_matter, split_front_matter
from fxsite.pages.hero_config import Hero, read_hero
from fxsite.pages.locate import SourceLocator
from fxsite.pages.name_title import icon_title_findings, section_title_findings
from fxsite.pages.nav_links import nav_findings
from fxsite.pages.page import PageResult, process_page
from fxsite.pages.prose import line_col
from fxsite.pages.record_text import document_findings, record_text_findings
from fxsite.pages.template_text import (
    printed_meta,
    printed_theme_options,
    refresh_content,
    rendered,
    template_findings,
    theme_file_findings,
)
from fxsite.pages.theme_refs import page_icon_finding, template_error_findings
from fxsite.policy import cites_nothing
from fxsite.project_paths import ProjectPaths
from fxsite.render.hero import contact_findings
from fxsite.render.library_index import index_page_src, index_pages
from fxsite.safeio import Stamp, UnreadableFile, file_stamp, read_text
from fxsite.verify.images import image_text, markdown_images
from fxsite.verify.sheets import PageSheets, SheetFiles

__all__ = ["GENERATED_PAGES", "Project"]

#: A folder or page path inside the site: no empty part, no "..".
_SITE_PATH = re.compile(r"[A-Za-z0-9_-]+(?:/[A-Za-z0-9_-]+)*")

#: fxsite's own templates (record pages), added to the theme by the plugin.
_TEMPLATES = resources.files("fxsite").joinpath("templates")

#: Pages the build generates under the library prefix, besides one per record.
GENERATED_PAGES = ("index.md",)


@dataclass
class _CachedPage:
    """A page result and what it was computed from (see :meth:`Project.process`)."""

    source: str
    known: frozenset[str]
    records: dict[str, object]
    figures: dict[str, object]
    generation: int | None
    result: PageResult


@dataclass
class Project:
    """A project being checked or built.

    Between two builds of one process (``mkdocs serve``) it keeps what did
    not change: a record file whose size, mtime and inode are the same is not
    read again, one read again to the same content keeps its objects (and the
    library object, when no record changed), and a page whose source, cited
    records and figures are the same is not processed again (with :attr:`keep_pages`,
    which the MkDocs plugin sets under ``serve`` only).
    """

    paths: ProjectPaths
    library: Library = field(default_factory=Library)
    _records: dict[Path, tuple[Stamp, RecordFile]] = field(default_factory=dict, repr=False)
    _pages: dict[str, _CachedPage] = field(default_factory=dict, repr=False)
    #: Whether :meth:`process` keeps each page's result for the next build (``serve``);
    #: a single build lets each go once the page is rendered.
    keep_pages: bool = True
    _generation: int = 0
    #: the stamps the library was last built from (see :meth:`load`)
    _loaded: tuple[object, ...] = field(default=(), repr=False)
    _faq: dict[str, tuple[Stamp, bool]] = field(default_factory=dict, repr=False)
    #: Pages (as findings name them) that cite no evidence, after :meth:`check`.
    adopted: set[str] = field(default_factory=set)
    #: How :meth:`check` renders pages: the project's Markdown configuration
    #: (the CLI gives it ``mkdocs.yml``'s); None renders with plain Python-Markdown.
    renderer: PageRenderer | None = field(default=None, repr=False)
    #: the strings of the configuration the theme shows, after :meth:`config_findings`
    #: (judged there, at their line; a page that shows them does not report them again)
    config_shown: frozenset[str] = field(default=frozenset(), repr=False)
    #: the pages the configuration's ``nav`` titles, after :meth:`config_findings`: MkDocs
    #: shows that title, never one made from the file's name
    nav_titled: frozenset[str] = field(default=frozenset(), repr=False)
    #: the front-matter keys the site's and the theme's templates print
    #: (``page.meta.banner``, Material's ``author``), after :meth:`config_findings`:
    #: judged as the page's shown words
    printed_meta: frozenset[str] = field(default=frozenset(), repr=False)
    #: the stylesheet files of docs/ (and the theme's ``custom_dir``) pages load, read once
    _sheets: SheetFiles | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if not self.paths.evidence_dir.is_dir():
            raise ConfigError(
                f"{self.paths.relative(self.paths.evidence_dir)}: evidence folder not found; "
                "create it or set the fxsite plugin's evidence_dir"
            )
        if not self.paths.docs_dir.is_dir():
            raise ConfigError(f"{self.paths.relative(self.paths.docs_dir)}: docs folder not found")
        # Generated pages are written under these: never outside the site.
        if not _SITE_PATH.fullmatch(self.paths.library_prefix):
            raise ConfigError(
                f"fxsite: library_url '{self.paths.library_prefix}' must be a folder path inside "
                "the site, like evidence or docs/evidence (letters, digits, - and _; no '..')"
            )
        faq = self.paths.faq_page
        if faq is not None and not (
            _SITE_PATH.fullmatch(faq.removesuffix(".md")) and faq.endswith(".md")
        ):
            raise ConfigError(
                f"fxsite: faq_page '{faq}' must be a page path inside docs, like faq.md"
            )
        if faq is not None and faq.startswith(f"{self.paths.library_prefix}/"):
            # the library's folder holds only generated pages: the FAQ would be lost (blind35)
            raise ConfigError(
                f"fxsite: faq_page '{faq}' is inside library_url "
                f"'{self.paths.library_prefix}', where the Evidence Library's pages are "
                "generated; put it outside, like faq.md"
            )

    def _inputs(self, files: list[Path]) -> tuple[object, ...]:
        """What the library is made of outside the YAML: every record file's and document's stamp."""
        documents = {
            source.document
            for record in self.library.records.values()
            if (source := record.source) is not None and source.document is not None
        }
        paths = [*files, *(self.paths.evidence_dir / d for d in sorted(documents))]
        return tuple((p, file_stamp(p), file_stamp(p, follow=False)) for p in paths)

    def load(self) -> Library:
        """(Re)load the records; unchanged files are reused, for ``serve``.

        When no record file and no report document changed (same stamps, same
        files), the library is not built again: nothing it is made of changed.
        """
        # Stamped before reading: a file written while it is read is read again next time.
        inputs = self._inputs(record_files(self.paths.evidence_dir))
        if self._loaded and self._loaded == inputs:
            return self.library
        changed = False
        seen: set[Path] = set()

        def read(file: Path, path: str) -> RecordFile:
            nonlocal changed
            seen.add(file)
            stamp = file_stamp(file)
            cached = self._records.get(file)
            if stamp is not None and cached is not None and cached[0] == stamp:
                return cached[1]
            loaded = load_record_file(file, path, root=self.paths.evidence_dir)
            if cached is not None and loaded == cached[1]:
                # Saved with nothing that shows changed (a touch, a trailing newline):
                # the same object, so that what was made from it is kept too.
                loaded = cached[1]
            else:
                changed = True
            if stamp is not None:
                self._records[file] = (stamp, loaded)
            return loaded

        library = load_library(self.paths.evidence_dir, self.paths.root, read)
        labels = dict(self.paths.setup_labels)
        library.findings.extend(record_text_findings(library, self.paths.root, labels))
        library.findings.extend(document_findings(library, self.paths.evidence_dir))
        for gone in set(self._records) - seen:
            changed = True
            del self._records[gone]
        if changed or library.findings != self.library.findings:
            # Unchanged records and documents keep the library object, and with
            # it what was rendered from it (claims, exports) in earlier builds.
            self.library = library
            self._generation += 1
        # A record that names another document than before: built again next time too.
        self._loaded = inputs
        return self.library

    def generated_pages(self, doc_pages: list[str] | None = None) -> list[str]:
        """Docs-relative paths of the pages the build generates.

        ``doc_pages``: the authored pages, when the caller has walked docs/ already.
        """
        prefix = self.paths.library_prefix
        pages = [f"{prefix}/{name}" for name in GENERATED_PAGES]
        # The index's further pages (a long library's: :data:`INDEX_ROWS` records a page).
        pages += [index_page_src(prefix, n) for n in range(2, index_pages(self.library) + 1)]
        pages += [f"{prefix}/{record_id}.md" for record_id in self.library.records]
        # A record that failed to load keeps its URL: a page that says why (not a 404).
        pages += [f"{prefix}/{record_id}.md" for record_id in self.library.unreadable()]
        if self.paths.faq_page and self.has_faq(doc_pages):
            pages.append(self.paths.faq_page)
        return pages

    def has_faq(self, doc_pages: list[str] | None = None) -> bool:
        """Whether some page has an FAQ: the site-wide FAQ page is generated only then.

        Pages are read again only when their size, mtime or inode changed.
        """
        found = False
        for src in self.doc_pages() if doc_pages is None else doc_pages:
            file = self.paths.docs_dir / src
            stamp = file_stamp(file)
            cached = self._faq.get(src)
            if stamp is None or cached is None or cached[0] != stamp:
                try:
                    source = read_text(file, MAX_PAGE_BYTES)
                except UnreadableFile:
                    continue  # check reports the unreadable page
                has = bool(split_front_matter(source)[0] and read_front_matter(source, src).faq)
                if stamp is not None:
                    self._faq[src] = (stamp, has)
            else:
                has = cached[1]
            found = found or has
        return found

    def generated_files(self) -> list[str]:
        """Site paths of the files the build writes besides pages: exports, fxsite's
        assets, the signed manifest and its signature."""
        from fxsite.anchor.manifest import MANIFEST_NAME, SIGNATURE_NAME
        from fxsite.anchor.sqlite_export import SQLITE_NAME
        from fxsite.render.export_files import ExportFiles
        from fxsite.verify.theme import ASSETS

        return [
            *ExportFiles.names(self.library, self.paths.library_prefix),
            SQLITE_NAME,
            *(f"assets/fxsite/{asset}" for asset in ASSETS),
            MANIFEST_NAME,
            SIGNATURE_NAME,
        ]

    def clashes(
        self,
        doc_pages: Iterable[str],
        generated: list[str] | None = None,
        files: Iterable[str] = (),
    ) -> list[Finding]:
        """Authored pages publishing where another page or a generated one does, and
        ``files`` of docs/ copied where the build writes one of its own (FX605)."""
        if generated is None:
            generated = self.generated_pages()
        return url_clashes(
            doc_pages,
            generated,
            self.paths.directory_urls,
            self.paths.docs_prefix,
            self.paths.faq_page,
            files,
            self.generated_files(),
        )

    def docs_tree(self) -> DocsTree:
        """The pages MkDocs will build, and what in the folder would stop it."""
        tree = walk_docs(self.paths.docs_dir, self.paths.docs_prefix)
        if self.paths.left_out is not None:
            tree.pages = [p for p in tree.pages if not self.paths.left_out(p)]
            tree.files = [f for f in tree.files if not self.paths.left_out(f)]
        return tree

    def doc_pages(self) -> list[str]:
        """Docs-relative paths of the Markdown pages the authors wrote."""
        return self.docs_tree().pages

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
        known = frozenset(known_pages)
        cached = self._pages.get(src)
        if cached is not None and self._still_valid(cached, source, known):
            return cached.result
        path = self.paths.page_path(src)
        result = process_page(
            source,
            path,
            self.library,
            href_for,
            draw,
            self.paths.language,
            self.printed_meta,
        )
        result.findings.extend(self._template_findings(path, source, result))
        result.findings.extend(self._icon_findings(path, source, result))
        for item in result.related:
            if item.page is None:
                continue
            if not self.paths.inside_docs(item.page) or item.page not in known:
                hint = ""
                import difflib

                others = sorted(k for k in known if k != src)  # never the page itself
                close = difflib.get_close_matches(item.page, others, n=1)
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
        if not self.keep_pages:
            self._pages.pop(src, None)
            return result
        self._pages[src] = _CachedPage(
            source,
            known,
            {r: self.library.records.get(r) for r in result.records},
            {c.ref: c.value for c in result.claims},
            # A page with findings may name any figure in a hint, a consistency block
            # counts the whole library, an FAQ's structured data shows its answers'
            # claims: any change counts.
            self._generation
            if result.findings or result.faq or "evidence-consistency" in source
            else None,
            result,
        )
        return result

    def template_ok(self, name: object) -> bool:
        """Whether a page's ``template`` can render: none, or a file of the theme's folders."""
        if not isinstance(name, str) or not self.paths.theme_dirs:
            return True
        return self._template_file(name) is not None

    def _template_file(self, name: str) -> Path | None:
        """The file of the theme's folders a page's ``template`` names, or None."""
        dirs = [Path(d) for d in self.paths.theme_dirs] + [Path(str(_TEMPLATES))]
        if name.startswith("/") or ".." in Path(name).parts:
            return None
        return next((d / name for d in dirs if (d / name).is_file()), None)

    def _template_findings(self, path: str, source: str, result: PageResult) -> list[Finding]:
        """A front-matter ``template`` the theme lacks (MkDocs stops with a traceback on it),
        or one that sends the reader on (Material's ``redirect.html``): the warning the
        build's gate gives the page it writes (FX507), at the ``template`` line, for check
        too (blind78 #9: the build's alone, at the page's first line)."""
        name = result.front.data.get("template")
        match = re.search(r"^template:", source, re.MULTILINE)
        line = source.count("\n", 0, match.start()) + 1 if match else 1
        if not self.template_ok(name):
            message = (
                f"template '{name}' is not one of the theme's templates; name a file of the "
                "theme or of its custom_dir (like main.html), or remove the line"
            )
            return [Finding(path, line, 1, "FX601", message)]
        named = isinstance(name, str) and bool(self.paths.theme_dirs)
        file = self._template_file(str(name)) if named else None
        try:
            text = read_text(file, MAX_PAGE_BYTES) if file is not None else ""
        except UnreadableFile:
            text = ""  # MkDocs stops on a template it cannot read, first
        refresh = refresh_content(text, result.front.data)
        if refresh is None:
            return []
        message = f"<meta http-equiv=refresh> sends the reader on ({refresh})"
        return [Finding(path, line, 1, "FX507", message, "warning", "refresh")]

    def _icon_findings(self, path: str, source: str, result: PageResult) -> list[Finding]:
        """A front-matter ``icon`` Material's folders lack (MkDocs stops with no place)."""
        if self.paths.readers.theme != "material" or "icon" not in result.front.data:
            return []
        at = result.front.icon
        match = re.search(r"^icon:[ \t]*", source, re.MULTILINE)
        line, col = line_col(source, match.end() if match else 0)
        line, col = (at.line, at.col) if at is not None else (line, col)
        icon = result.front.data["icon"]
        found = page_icon_finding(icon, path, line, col, self.paths.theme_dirs)
        return [found] if found is not None else []

    def _still_valid(self, cached: _CachedPage, source: str, known: frozenset[str]) -> bool:
        if cached.source != source or cached.known != known:
            return False
        if cached.generation is not None and cached.generation != self._generation:
            return False
        library = self.library
        return all(library.records.get(r) == rec for r, rec in cached.records.items()) and all(
            library.figures.get(ref) == fig for ref, fig in cached.figures.items()
        )

    def check(self, only: list[str] | None = None) -> list[Finding]:
        """Every finding of the project: records first, then every page.

        ``only`` (docs-relative paths) checks just those pages, against the
        whole library.
        """
        self.load()
        self.adopted = set()
        findings = [*self.library.findings, *self.config_findings()]
        tree = self.docs_tree()
        pages = tree.pages
        findings.extend(tree.findings)
        if only is None:
            findings.extend(self.docs_file_findings(tree))
        generated = self.generated_pages(pages)  # docs/ walked once
        clashes = self.clashes(pages, generated, tree.files)
        if only is not None:  # another page's clash is that page's (blind72: docs/faq.md's)
            asked = {self.paths.page_path(src) for src in only}
            others = {self.paths.page_path(src) for src in pages} - asked
            clashes = [f for f in clashes if f.path not in others]
        findings.extend(clashes)
        known = [*pages, *generated]
        hero = self.hero()
        # A page where the build generates one is replaced by it, never rendered (FX605):
        # its text is not judged, by the build nor here (blind33).
        replaced = {page_dest(g, self.paths.directory_urls) for g in generated}
        for src in pages if only is None else only:
            if page_dest(src, self.paths.directory_urls) in replaced:
                continue
            source, unreadable = self.read_page(src)
            if unreadable is not None:
                findings.append(unreadable)
                continue
            result = self.process(src, source, check_href, known)
            findings.extend(result.findings)
            judged, claims = self.judge(src, source, result)
            findings.extend(judged)
            # A contact block the build leaves empty, as the build reports it.
            findings.extend(contact_findings(result.markdown, result.path, hero))
            if cites_nothing([*result.claims, *claims], [*result.findings, *judged], result.cites):
                self.adopted.add(result.path)
        return sort_findings(findings)

    def docs_file_findings(self, tree: DocsTree) -> list[Finding]:
        """What the files of docs/ published as they are show (check and build alike)."""
        from fxsite.verify.docs_files import docs_file_findings

        extra, settings = self.config_values() if self.paths.extra_templates else ({}, {})
        render = functools.partial(rendered, extra=extra, settings=settings)
        findings = []
        for rel in tree.files:
            shown = self.paths.page_path(rel)
            findings.extend(
                docs_file_findings(
                    self.paths.docs_dir,
                    rel,
                    shown,
                    frozenset(self.paths.writers),
                    render if rel in self.paths.extra_templates else None,
                )
            )
        return findings

    def config_values(self) -> tuple[dict[str, Any], dict[str, str]]:
        """The configuration's ``extra`` and shown strings, as a template reads them
        (:func:`~fxsite.pages.config_text.config_extra`, :func:`~fxsite.pages.config_text.config_settings`)."""
        file = self.paths.root / self.paths.config_name
        try:
            text = file.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError):
            return {}, {}
        parents = inherited(text, file, self.paths.relative)
        return config_extra(text, parents), config_settings(text, parents)

    def placed_in_pages(self, findings: list[Finding], made: str) -> list[Finding]:
        """``findings`` of a page another plugin made (``made``, its path, which no file
        has: Material's blog makes a category's page from its posts' front matter) placed
        where a page of docs/ writes their text, saying where it is shown; else as they
        are (blind79: ``docs/blog/category/3-times-faster.md:1:3``, a file nowhere)."""
        sources: list[tuple[str, str]] | None = None
        out = []
        for finding in findings:
            if finding.path != made or not finding.text:
                out.append(finding)
                continue
            if sources is None:
                sources = [(src, self.read_page(src)[0]) for src in self.docs_tree().pages]
            written = next(
                (
                    (src, text, at)
                    for src, text in sources
                    if (at := SourceLocator(text).find(finding.text, whole=True)) is not None
                ),
                None,
            )
            if written is None:
                out.append(finding)
                continue
            src, text, at = written
            line, col = line_col(text, at)
            shown = f"{finding.message} (shown on {made}, which a plugin made from it)"
            out.append(
                replace(finding, path=self.paths.page_path(src), line=line, col=col, message=shown)
            )
        return out

    def read_page(self, src: str) -> tuple[str, Finding | None]:
        """A docs page's text, or ``""`` and why it cannot be read (FX105): check and build alike."""
        file = self.paths.docs_dir / src
        try:
            text = read_text(file, MAX_PAGE_BYTES)
        except UnreadableFile as exc:
            message = f"cannot read page: it {exc.reason}"
            return "", Finding(self.paths.relative(file), *exc.where, "FX105", message)
        # Line ends as MkDocs reads them (Python's universal newlines): lines agree.
        return text.replace("\r\n", "\n").replace("\r", "\n"), None

    def config_findings(self) -> list[Finding]:
        """Figures in the strings of the configuration the theme shows (site name, nav…),
        what is wrong with its hero (:mod:`fxsite.pages.hero_config`), and the code from
        another origin it loads on every page (:mod:`fxsite.pages.config_code`)."""
        from fxsite.pages.config_code import config_code_findings

        file = self.paths.root / self.paths.config_name
        try:
            text = file.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError):
            return []  # MkDocs refuses a configuration it cannot read, first
        parents = inherited(text, file, self.paths.relative)
        # and what Material's blog draws of its authors, from their file (blog_authors)
        authors = authors_file(text, self.paths.docs_dir)
        custom = self.paths.custom_dir
        options = printed_theme_options(custom if custom is not None and custom.is_dir() else None)
        self.config_shown = frozenset(s for s, _, _ in shown_strings(text, parents, options))
        self.config_shown |= author_strings(authors)
        titles = nav_titles(text, parents)
        self.nav_titled = frozenset(titles)
        rel, repo = self.paths.relative(file), self.paths.repo_name
        logo = functools.partial(image_text, self.page_sheets("index.md"))  # the site root
        shown = config_findings(text, rel, self.library, parents, repo, logo, options)
        hero = read_hero(text, self.paths.relative(file), self.paths.docs_dir)[1]
        sections = [] if has_nav(text, parents) else self.section_findings()
        code = config_code_findings(text, self.paths.relative(file), parents)
        unlinked = nav_findings(text, rel, parents, self.nav_generated())
        icons = icon_findings(text, rel, self.paths.theme_dirs, parents)
        return [
            *shown,
            *code,
            *icons,
            *hero,
            *sections,
            *unlinked,
            *self.nav_icon_findings(titles),
            *self.nav_footer_findings(titles, rel, text),
            *self.template_findings(config_extra(text, parents), config_settings(text, parents)),
            *(
                author_findings(authors, self.paths.relative(authors), self.library)
                if authors
                else []
            ),
        ]

    def nav_generated(self) -> list[tuple[str, str]]:
        """The generated pages a site's ``nav`` should link (:mod:`fxsite.pages.nav_links`),
        each as readers know it and by its docs-relative path: the Evidence Library, and
        the site-wide FAQ where the build generates one."""
        pages = [("Evidence Library", f"{self.paths.library_prefix}/index.md")]
        if self.paths.faq_page and self.has_faq():
            pages.append(("FAQ", self.paths.faq_page))
        return pages

    def nav_icon_findings(self, titles: Mapping[str, str]) -> list[Finding]:
        """Figures a page's front-matter ``icon`` draws with the title the ``nav`` gives it
        (``titles``), under Material (:func:`~fxsite.pages.name_title.icon_title_findings`)."""
        if self.paths.readers.theme != "material":
            return []
        findings = []
        for src, title in sorted(titles.items()):
            file = self.paths.docs_dir / src
            if not (self.paths.inside_docs(src) and file.is_file()):
                continue
            source, unreadable = self.read_page(src)
            icon = None if unreadable else read_front_matter(source, src).icon
            if icon is not None:
                findings += icon_title_findings(
                    icon, title, self.paths.page_path(src), self.library
                )
        return findings

    def nav_footer_findings(self, titles: Mapping[str, str], rel: str, text: str) -> list[Finding]:
        """Figures Material's footer icons draw with the titles the ``nav`` gives pages
        (``titles``), at each title in the configuration ``text`` (named ``rel``)
        (:func:`~fxsite.pages.content_icons.footer_findings`)."""
        icons = self.paths.readers.content_icons
        if not any(key.startswith("footer:") for key, _ in icons):
            return []
        locator = SourceLocator(text)
        findings = []
        for title in sorted(set(titles.values())):
            place = locator.find(title, "icon", whole=True)
            line, col = locator.line_col(place) if place is not None else (1, 1)
            for found in footer_findings(title, icons, rel, self.library):
                findings.append(replace(found, line=line, col=col))
        return findings

    def section_findings(self) -> list[Finding]:
        """Figures in the section titles MkDocs makes from folder names (no ``nav``)."""
        docs = self.paths.docs_prefix
        return section_title_findings(self.doc_pages(), docs, self.library)

    def template_findings(
        self, extra: Mapping[str, Any] | None = None, settings: Mapping[str, str] | None = None
    ) -> list[Finding]:
        """Figures in the text of the site's own theme templates and in the other files of
        its custom_dir the site publishes (:mod:`fxsite.pages.template_text`); on the way,
        the front-matter keys the site's and the theme's templates print
        (:attr:`printed_meta`)."""
        custom = self.paths.custom_dir
        custom = custom if custom is not None and custom.is_dir() else None
        installed = [Path(d) for d in self.paths.theme_dirs if Path(d) != custom]
        printed = printed_meta([custom] if custom is not None else [], installed)
        if printed != self.printed_meta:  # pages show other words: judged again
            self.printed_meta, self._pages = printed, {}
        if custom is None:
            return []
        shown, writers = self.paths.relative(custom), frozenset(self.paths.writers)
        return [
            *template_error_findings(
                custom, shown, self.paths.theme_dirs, self.paths.template_names
            ),
            *template_findings(custom, shown, extra, settings),
            *theme_file_findings(custom, shown, self.paths.docs_dir, writers),
        ]

    def hero(self) -> Hero | None:
        """The home page's hero as configured (None: none, or a config that cannot be read)."""
        file = self.paths.root / self.paths.config_name
        try:
            text = file.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError):
            return None
        return read_hero(text, self.paths.relative(file), self.paths.docs_dir)[0]

    def name_titled(self, src: str) -> str | None:
        """``src``, when MkDocs may title it from its file name (the ``nav`` titles it not)."""
        return None if src in self.nav_titled else src

    def page_sheets(self, src: str, source: str | None = None) -> PageSheets:
        """The stylesheet files the page ``src`` loads where it is published: ``extra_css``
        and the ``<link rel=stylesheet>`` it writes (:mod:`fxsite.verify.sheets`), and its
        images (``source``: its text, where its Markdown images are read as written:
        :func:`~fxsite.verify.images.markdown_images`)."""
        if self._sheets is None:
            custom = self.paths.custom_dir
            roots = [self.paths.docs_dir, *([custom] if custom is not None else [])]
            self._sheets = SheetFiles(roots, self.paths.extra_css, self.paths.site_url)
        written = markdown_images(source) if source is not None else frozenset()
        return self._sheets.page(page_dest(src, self.paths.directory_urls), src, written)

    def judge(self, src: str, source: str, result: PageResult) -> tuple[list[Finding], list[Claim]]:
        """The page rendered as the build renders it, and judged by the page rules: its
        findings, and the claims its text cites.

        What the build does for each page between ``on_page_markdown`` and
        ``on_page_content`` (the composed Markdown, converted with the fxsite
        extension), so that ``check`` reads each page with the build's reader.
        """
        if self.renderer is None:
            self.renderer = PageRenderer([], {})
        _, context = render_page(
            result,
            source,
            self.library,
            check_href,
            self.renderer,
            self.config_shown,
            self.name_titled(src),
            self.paths.readers,
            self.page_sheets(src, source),
            self.paths.auto_related,
        )
        return context.findings, context.claims
