"""The MkDocs adapter: a thin plugin over the fxsite core.

The claims themselves are rendered by the Python-Markdown extension
:mod:`fxsite.markdown`, which this plugin adds to the config (with the other
extensions its generated Markdown needs). The plugin adds what only a whole
site has: the library (loaded once per build, unchanged records reused under
``serve``), the generated pages, the sections that need every page, and the
verdict. Under ``serve``, a page whose Markdown cannot convert differently is not
converted again, and a page whose output cannot have changed since the previous
build is published with its previous bytes (:mod:`fxsite.mkdocs_serve`).
It logs every finding as ``path:line:col: CODE message``, and what refuses is
decided by :func:`fxsite.policy.decide`, as for ``fxsite check``.
A refused build fails after listing every finding; under ``mkdocs serve`` it
logs and keeps serving.
"""

from __future__ import annotations

import logging
import os
import re
import sys
import zlib
from dataclasses import replace
from functools import partial
from html import unescape
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mkdocs.config import config_options as opt
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.contrib.search import SearchPlugin
from mkdocs.contrib.search.search_index import ContentParser
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import TableOfContents
from mkdocs.utils import CountHandler, markdown_extensions
from mkdocs.utils.rendering import get_heading_text

from fxsite import STAMP, __version__
from fxsite.anchor.history import History, figure_history, history_data, history_key
from fxsite.evidence.memo import forget_all
from fxsite.findings import Finding, FxsiteError
from fxsite.markdown import FxsiteExtension, keep_rendered_claims
from fxsite.mkdocs_generated import (
    RECORD_TEMPLATE,
    generated_markdown,
    generated_title,
    is_record_page,
    records_findings,
    split_html_body,
)
from fxsite.mkdocs_language import PageChrome
from fxsite.mkdocs_search import SearchEntries, attach_view, release_indexes
from fxsite.mkdocs_serve import REUSABLE_PLUGINS, Conversions, PageOutputs
from fxsite.mkdocs_shell import Shells
from fxsite.mkdocs_typeset import untypeset_claims
from fxsite.output_dirs import base_paths, output_problems
from fxsite.pages.chrome import (
    page_versions,
    translated_titles,
    with_permalink_titles,
    without_alternate_links,
)
from fxsite.pages.content_icons import content_icons
from fxsite.pages.context import PageContext, page_context
from fxsite.pages.hero_config import Hero
from fxsite.pages.language import html_lang, page_language, theme_language, with_html_lang
from fxsite.pages.page import PageResult
from fxsite.pages.page_title import SiteReaders
from fxsite.pages.sections import Composed, compose
from fxsite.pages.site import PageInfo, SiteIndex, fill_placeholders, relative_url
from fxsite.policy import HELD_BACK, Enforce, Verdict, cites_nothing, decide, enforce_mode
from fxsite.project import Project
from fxsite.project_paths import ProjectPaths
from fxsite.publish import commit, discard, stage
from fxsite.render.charts import render_chart_cached
from fxsite.render.export_files import ExportFiles
from fxsite.render.hero import HOME_TEMPLATE, fill_contact, hero_layout, no_contact
from fxsite.render.library_index import index_page_number
from fxsite.verify.docs_files import meta_file_findings
from fxsite.verify.theme import ASSETS, published_asset

if TYPE_CHECKING:
    from mkdocs.livereload import LiveReloadServer

    from fxsite.anchor.build import SqliteMemo
    from fxsite.verify.gate_memo import GateMemo

__all__ = ["FxsiteConfig", "FxsitePlugin"]

log = logging.getLogger("mkdocs.plugins.fxsite")
#: Every page the plugin writes says so: an auditor can tell a page fxsite
#: never processed (``fxsite audit`` refuses one without it).
BUILD_STAMP = f'<meta name="{STAMP}" content="{__version__}">'
#: Rendered claims a build keeps for the pages after (about 50 pages of 20 claims).
CLAIMS_KEPT = 1024


_PROJECTS: dict[ProjectPaths, Project] = {}


#: An element's id in HTML fxsite generates (attribute values in double quotes).
_ID = re.compile(r'\sid="([^"]*)"')


def _shown_title(page: Page, src: str) -> str:
    """A page's title as the theme shows it: front matter may make it a number, a date…"""
    title = page.title
    return src if title is None or title == "" else str(title)


def _strict_abort(config: MkDocsConfig) -> bool:
    """Whether MkDocs will abort this build once the plugins are done (``strict: true`` and
    a warning logged): it raises only after ``on_post_build``, so the site is not
    published here, and ``on_build_error`` discards it."""
    if not config.strict:
        return False
    handlers = logging.getLogger("mkdocs").handlers
    return any(isinstance(h, CountHandler) and h.get_counts() for h in handlers)


def _replace(files: Files, file: File) -> None:
    """Add a file the build writes; a docs/ file at its path (FX605, refused) goes."""
    existing = files.get_file_from_path(file.src_uri)
    if existing is not None:
        files.remove(existing)
    files.append(file)


def _nav_pages(nav: object) -> set[str]:
    """The page paths an explicit ``nav`` names (its strings, at any depth)."""
    if isinstance(nav, str):
        return {nav.lstrip("/")}
    if isinstance(nav, dict):
        return set().union(*map(_nav_pages, nav.values()))
    if isinstance(nav, list):
        return set().union(*map(_nav_pages, nav))
    return set()


def _log(verdict: Verdict, *, refusals: bool = True, counted: bool = True) -> None:
    """Findings as MkDocs log lines: refusals as errors, the rest as warnings. Not
    ``counted`` (``mkdocs serve --strict``, whose preview shows them in the page), as
    information that says which: a strict serve stops at a counted line, and the preview
    hung on its last page (blind65)."""
    refused = set(verdict.refusals)
    for finding in verdict.all:
        if finding in refused and not refusals:
            continue
        if not counted:
            log.info(f"{'error' if finding in refused else 'warning'}: {finding.format()}")
        elif finding in refused:
            log.error(finding.format())
        else:
            log.warning(finding.format())


def _refused(verdict: Verdict) -> str:
    held = f" {HELD_BACK[:1].upper()}{HELD_BACK[1:]}." if verdict.held_back else ""
    return (
        f"fxsite refused the build: {len(verdict.refusals)} finding(s) above. "
        f"Nothing was published.{held}"
    )


class FxsiteConfig(Config):
    """Options of the ``fxsite`` plugin in ``mkdocs.yml``."""

    evidence_dir = opt.Type(str, default="evidence")
    """Folder of the evidence records, relative to mkdocs.yml."""
    enforce = opt.Type((bool, str), default=True)
    """true: every error refuses; adopt: only on pages that cite evidence; false: none."""
    library_url = opt.Type(str, default="evidence")
    """URL folder of the generated Evidence Library (/evidence/, /evidence/R1/)."""
    faq_page = opt.Optional(opt.Type(str))
    """Docs-relative path of the site-wide FAQ page the build generates; unset for faq.md."""
    cache_dir = opt.Type(str, default=".cache/fxsite")
    """Folder, relative to mkdocs.yml, where drawn charts are kept between builds; "" for none."""
    setup_labels = opt.Type(dict, default={})
    """Readable names for record setup keys on record pages, e.g. ``{gpus: GPUs}``."""
    search_records = opt.Type(bool, default=False)
    """Index record pages in the site search (the library index always is)."""
    auto_related = opt.Type(bool, default=True)
    """Add the pages citing the same records to a page's "Related reading"."""
    scripts_that_write = opt.ListOfItems(opt.Type(str), default=[])
    """Site paths of the scripts and stylesheets that write text (checked by ``build --browser``)."""


def site_readers(config: MkDocsConfig) -> SiteReaders:
    """How MkDocs and the theme show a page beyond its content, for the core (which imports
    no MkDocs): the theme's name, MkDocs' title of a heading, MkDocs' own search
    index's parser of a page when the site's ``search`` plugin is MkDocs' own, and the
    icons its ``theme.icon`` draws in content."""
    own = isinstance(config.plugins.get("search"), SearchPlugin)
    theme = config.theme
    icons = content_icons(theme.name, theme.get("icon"), theme.get("features"))
    root = str(Path(config.config_file_path).parent) if config.config_file_path else ""
    return SiteReaders(
        config.theme.name, get_heading_text, ContentParser if own else None, icons, root
    )


class FxsitePlugin(BasePlugin[FxsiteConfig]):
    """Evidence-backed figures for MkDocs."""

    def __init__(self) -> None:
        self.serving = False
        self.enforce: Enforce = "all"
        #: the gate's scans, kept between `serve` rebuilds; the evidence.json just written
        self.gate_memo: GateMemo | None = None
        self.sqlite_memo: SqliteMemo | None = None
        #: the export files' contents, serialised again only when their inputs change
        self.export_files = ExportFiles(keep=False)  # serve keeps them (forget)
        #: each page's generated sources list, put in once its Markdown is converted
        self.composed: dict[str, Composed] = {}
        self.exported: str | None = None
        #: the digest of the evidence.json text the gate read as written
        #: (:func:`~fxsite.verify.published.text_key`), once the gate has run
        self.written_key: bytes | None = None
        self.extension: FxsiteExtension | None = None
        self.page_context: PageContext | None = None
        #: pages another plugin made, with no file in docs/ (Material's blog's categories)
        self.made_srcs: set[str] = set()
        self.verdict = Verdict([], [])
        self.known_pages: frozenset[str] = frozenset()
        #: build into a staging folder and publish at the end (fxsite build stages itself)
        self.stage_output = True
        self.publish_to: Path | None = None
        self.staging: Path | None = None
        self._config: MkDocsConfig | None = None
        #: generated pages whose body is HTML only, added after the title renders
        self.html_bodies: dict[str, str] = {}
        self.project: Project | None = None
        self.index = SiteIndex()
        self.results: dict[str, PageResult] = {}
        self.findings: list[Finding] = []
        self.files: Files | None = None
        #: the files of docs/ copied as they are (as check walks them), set in on_pre_build
        self.docs_files: list[str] = []
        self.exports: dict[str, File] = {}
        #: site URL -> (source path, source text packed by PackedSources.pack), to place
        #: output findings in sources
        self.sources: dict[str, tuple[str, bytes]] = {}
        #: each page's text as on_page_read_source read it, until on_page_markdown takes it
        self.read_sources: dict[str, str] = {}
        #: a page that could not be read: its finding, until its notice is rendered
        self.unreadable: dict[str, Finding] = {}
        #: the preview's box of the site's other files (``_elsewhere``), once a build
        self.elsewhere: str | None = None
        self.history = History()
        #: what self.history was read from (serve: not read again while it is the same)
        self.history_key: tuple[object, ...] | None = None
        #: set by `fxsite build --sign`; else FXSITE_SIGNING_KEY names the key
        self.signing_key: Path | None = None
        #: set by `fxsite build --browser`: the staged pages are drawn in Chromium and compared
        self.browser = False
        #: under `serve`: each page's last output, reused while its inputs are the same
        self.outputs = PageOutputs()
        self.conversions = Conversions()
        self.search_entries = SearchEntries()
        self.nav: Any = None
        #: record pages filled into a checked shell of the theme (fxsite.mkdocs_shell)
        self.shells = Shells()
        self.env: Any = None
        #: drop each page's HTML once it is written (a build whose plugins are all known)
        self.free_content = False
        #: content pages' HTML, compressed, from conversion until the theme renders the page
        self.stashed: dict[str, bytes] = {}
        self.stash = False
        #: the page's language on the theme's words around it (site name, nav, switch)
        self.page_chrome = PageChrome()
        #: each page's versions in other languages, {src: {lang: url}}; built per build
        self.versions: dict[str, dict[str, str]] = {}
        #: the home page's hero and the contact button, as mkdocs.yml configures them
        self.hero: Hero | None = None

    @property
    def site_language(self) -> str | None:
        """The theme's language as configured (pages in another language swap it)."""
        return self.project.paths.language if self.project is not None else None

    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.serving = command == "serve"
        self.forget()  # a session starts with nothing to reuse

    def forget(self) -> None:
        """Drop what is kept between the builds of a ``serve`` session: the next build starts cold."""
        forget_all()  # what pure functions remembered of earlier libraries, too
        self.outputs.clear()
        self.conversions.clear()
        self.search_entries.clear()
        self.export_files = ExportFiles(keep=self.serving)
        self.sqlite_memo = None
        self.gate_memo = None
        self.history_key = None

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        self.elsewhere = None  # each build's own (serve keeps the plugin between builds)
        # serve builds drafts; a build leaves them out, as check does
        paths = ProjectPaths.of(
            config, self.config, drafts=self.serving, readers=site_readers(config)
        )
        overlaps = output_problems(paths, config)  # before anything is written
        if overlaps:
            raise PluginError("fxsite: " + "\n".join(overlaps))
        try:
            # One Project per folder and process: `mkdocs serve` reloads the
            # config (and so the plugin) for every rebuild, and the project
            # keeps what did not change between them.
            self.project = _PROJECTS.get(paths) or _PROJECTS.setdefault(paths, Project(paths))
            self.enforce = enforce_mode(self.config.enforce)
        except FxsiteError as exc:
            from fxsite.mkdocs_config import option_error

            raise PluginError(option_error(Path(config.config_file_path), str(exc))) from None
        # Claims need the extension; the generated Markdown uses no other
        # (tests/test_engine.py builds with the smallest config to hold that).
        # `mkdocs build` builds into a staging folder beside site_dir and swaps
        # it in at the end (on_post_build), so a refusal publishes nothing, as
        # with `fxsite build` (which stages itself and turns this off).
        self._config = config
        if not self.serving and self.stage_output:
            self.publish_to = Path(config.site_dir)
            self.staging = stage(self.publish_to)
            config.site_dir = str(self.staging)
        self.extension = FxsiteExtension()
        self.extension.use_context(self._context)
        extensions: list[Any] = config.markdown_extensions
        # One extension, also when a config is built again (benchmarks, tests do).
        extensions[:] = [e for e in extensions if not isinstance(e, FxsiteExtension)]
        extensions.append(self.extension)
        templates = str(resources.files("fxsite").joinpath("templates"))
        if templates not in config.theme.dirs:
            # Before the theme's own folder, after the site's custom_dir: fxsite's 404.html
            # replaces the theme's, and a site's own still replaces fxsite's.
            config.theme.dirs.insert(1 if config.theme.custom_dir else 0, templates)
        for asset in ASSETS:
            target = config.extra_css if asset.endswith(".css") else config.extra_javascript
            if f"assets/fxsite/{asset}" not in [str(t) for t in target]:
                target.append(f"assets/fxsite/{asset}")
        return config

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        # State is rebuilt for every build so that `serve` sees every edit.
        self.index, self.results, self.findings = SiteIndex(), {}, []
        if self.project is not None:
            self.index.auto_related = self.project.paths.auto_related
        self.generated_srcs: frozenset[str] = frozenset()  # known in on_files
        # No plugin fxsite does not know reads a page's HTML: it is kept compressed meanwhile.
        self.stashed, self.stash = {}, not self.serving and set(config.plugins) <= REUSABLE_PLUGINS
        # A build renders a claim again where it was rendered pages before; serve keeps all.
        keep_rendered_claims(None if self.serving else CLAIMS_KEPT)
        self.outputs.start()  # what is reused is decided in on_env, once pages are converted
        assert self.project is not None
        # Only serve converts a page again from what an earlier build of it kept.
        self.project.keep_pages = self.serving
        self.project.load()
        self.findings.extend(self.project.library.findings)
        self.findings.extend(self.project.config_findings())
        self.hero = self.project.hero()
        evidence_dir = self.project.paths.evidence_dir
        # Committed history only: under serve, read again when HEAD (or the repository) moves.
        key = history_key(evidence_dir) if self.serving else None
        if key is None or key != self.history_key:
            self.history, self.history_key = figure_history(evidence_dir), key
        # MkDocs walks docs/ next and ends with a traceback on a dangling link
        # or a folder loop: refuse first, with the findings, as check does.
        tree = self.project.docs_tree()
        self.findings.extend(tree.findings)
        self.findings.extend(self.project.docs_file_findings(tree))
        self.docs_files = tree.files  # judged against what the build writes, in on_files
        self.findings.extend(meta_file_findings(config.plugins, self.project, tree.pages))
        if any(f.severity == "error" for f in tree.findings):
            # Refused before MkDocs walks docs/: its pages judged as check judges them.
            known = set(self.findings)
            self.findings.extend(f for f in self.project.check() if f not in known)
            self.verdict = replace(decide(self.findings, "all"), held_back=True)
            _log(self.verdict)
            raise PluginError(_refused(self.verdict))

    def _elsewhere(self) -> str:
        """The preview's box of what refuses the site from its files that are no page:
        made once a build, at its first page (those files are judged before any page)."""
        if self.elsewhere is None:
            from fxsite.render.preview import elsewhere_box

            found = [f for f in self.findings if not f.path.endswith(markdown_extensions)]
            refusing = [f for f in self._as_decided(found) if f.severity == "error"]
            self.elsewhere = elsewhere_box(refusing)  # warnings: the terminal's alone
        return self.elsewhere

    def _as_decided(self, findings: list[Finding]) -> list[Finding]:
        """``findings`` as the build's verdict reports them: under ``enforce: false`` (or
        ``adopt``, on a page citing nothing) an error is a warning, and the preview's box
        says "warns", not "would refuse" (blind65)."""
        if self.enforce == "all":
            return findings
        adopted = self._adopted() if self.enforce == "adopt" else set()
        return decide(findings, self.enforce, adopted).all

    def _adopted(self) -> set[str]:
        """Pages (as findings name them) that cite no evidence, for ``enforce: adopt``."""
        by_page: dict[str, list[Finding]] = {}
        for finding in self.findings:
            by_page.setdefault(finding.path, []).append(finding)
        return {
            r.path
            for r in self.results.values()
            if cites_nothing(r.claims, by_page.get(r.path, ()), r.cites)
        }

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        assert self.project is not None
        project = self.project
        pages = [f.src_uri for f in files.documentation_pages()]
        clashes = project.clashes(pages, files=self.docs_files)
        self.findings.extend(clashes)
        # Only these are generated: a writer's faq.md on a site no page of which has an
        # FAQ is the writer's page (it was replaced by an empty FAQ, blind32).
        generated = project.generated_pages()
        self.generated_srcs = frozenset(generated)
        for src in generated:
            existing = files.get_file_from_path(src)
            if existing is not None:
                files.remove(existing)  # reported above; the generated page wins
            # Record pages stay out of the navigation: the library index links
            # them, and a theme that copies the nav into every page would
            # otherwise do work that grows with records x pages; so do the index's
            # pages after its first, which its pager links.
            # So is a generated page an explicit nav leaves out (the site-wide FAQ):
            # MkDocs would list it as a page of docs/ missing from the nav, a page the
            # writer never wrote (blind22).
            prefix = project.paths.library_prefix
            linked = is_record_page(src, prefix) or index_page_number(src, prefix) > 1
            left_out = config.nav is not None and src not in _nav_pages(config.nav)
            inclusion = (
                InclusionLevel.NOT_IN_NAV if linked or left_out else InclusionLevel.UNDEFINED
            )
            files.append(File.generated(config, src, content="", inclusion=inclusion))
        for asset in ASSETS:
            # As the gate knows them: fxsite's own code is the theme's, not the site's.
            content = published_asset(asset)
            _replace(files, File.generated(config, f"assets/fxsite/{asset}", content=content))
        # The machine-readable files are real site files, so pages may link
        # them and MkDocs validates those links; their content is filled in
        # on_env, once every citation is known.
        self.exports = {}
        for name in self.export_files.names(project.library, project.paths.library_prefix):
            self.exports[name] = File.generated(config, name, content="")
            _replace(files, self.exports[name])
        self.files = files
        self.known_pages = frozenset(f.src_uri for f in files.documentation_pages())
        for page_file in files.documentation_pages():
            self.index.urls[page_file.src_uri] = page_file.url
        return files

    def on_nav(self, nav: Any, *, config: MkDocsConfig, files: Files) -> Any:
        self.nav = nav  # part of what every page shows (see _plan_reuse)
        # Where each page is published, as other plugins' ``on_files`` left it (Material's
        # blog moves its posts after fxsite's: blind79, citations named the old URL); every
        # file, as the blog leaves its posts out of the documentation pages until its on_nav.
        for page_file in files:
            if page_file.src_uri in self.index.urls:
                self.index.urls[page_file.src_uri] = page_file.url
        self.versions = {}
        self.index.titles = translated_titles(config.extra)
        if self.serving:
            self.conversions.start(config, nav, files)
        return nav

    def _href_for(self, page: Page) -> Any:
        prefix = self.project.paths.library_prefix if self.project else "evidence"

        def href_for(record_id: str, anchor: str) -> str:
            target = self.index.urls.get(f"{prefix}/{record_id}.md", f"{prefix}/{record_id}/")
            return relative_url(target + (f"#{anchor}" if anchor else ""), page.url)

        return href_for

    def _site_lang(self) -> str:
        """The site's language, which the Evidence Library and record pages are written in."""
        return page_language("", None, self.site_language)

    def _generated(self, src: str, page: Page) -> str | None:
        """A generated page's Markdown (:mod:`fxsite.mkdocs_generated`); None for another."""
        assert self.project is not None
        if src not in self.generated_srcs:
            return None
        return generated_markdown(
            self.project,
            src,
            page.url,
            self._href_for(page),
            index=self.index,
            history=self.history,
            setup_labels={str(k): str(v) for k, v in self.config.setup_labels.items()},
            lang=self._site_lang(),
        )

    def on_page_markdown(
        self, markdown: str, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        assert self.project is not None
        src = page.file.src_uri
        generated = self._generated(src, page)
        if generated is not None:
            # Wide tables read better without Material's side bars.
            page.meta.setdefault("hide", ["navigation", "toc"])
            if is_record_page(src, self.project.paths.library_prefix):
                page.meta.setdefault("template", RECORD_TEMPLATE)
                if not self.config.search_records:
                    # Reached from claims and the library index, like the nav they are
                    # not in; indexing each costs as much as an authored page.
                    page.meta.setdefault("search", {"exclude": True})
            page.meta["title"] = generated_title(generated)
            if src == self.project.paths.faq_page and self.page_context is not None:
                # Its answers cite claims: a note after its lead where they cite estimates.
                self.page_context.estimate_note = True
                self.composed[src] = Composed(
                    generated, self.project.library, self._href_for(page), self._site_lang()
                )
            title, body = split_html_body(generated)
            markdown = generated
            if body is not None:
                # All HTML below the title: Python-Markdown would only re-read it.
                self.html_bodies[src] = body
                markdown = title
            # Its claims are HTML already: what is converted takes nothing from the library
            # unless it writes an evidence link itself.
            library = self.project.library if "evidence:" in markdown else None
            if self.serving and self.conversions.reuse(page, generated, markdown, library):
                return ""  # converted as in the last build: on_page_content puts it back
            return markdown
        source = self.read_sources.pop(src, None)
        if source is None:  # read, or made, by another plugin (Material's blog posts, archive)
            made = not (self.project.paths.docs_dir / src).is_file()
            source = markdown if made else self._read(page)
            if made:
                self.made_srcs.add(src)
        # The gate's (imported with it: a build runs the gate, check loads this module only).
        from fxsite.verify.sources import PackedSources

        self.sources[page.url] = PackedSources.pack(
            self.project.paths.relative(self.project.paths.docs_dir / src), source
        )
        known = self.known_pages
        cache = self.project.paths.cache_dir
        result = self.project.process(
            src, source, self._href_for(page), known, partial(render_chart_cached, cache_dir=cache)
        )
        if src in self.made_srcs:  # its findings where the pages it is made from write them
            shown_on = self.project.paths.page_path(src)
            placed = self.project.placed_in_pages(result.findings, shown_on)
            result = replace(result, findings=placed)
        self.results[src] = result
        self.findings.extend(result.findings)
        if not self.project.template_ok(page.meta.get("template")):
            page.meta.pop("template")  # refused above (FX601); rendered with the theme's own
        # The rendered page is judged by the page rules, its findings placed in this source.
        path = self.project.paths.page_path(src)
        self.page_context = page_context(
            self.project.library,
            self._href_for(page),
            path,
            source,
            result,
            self.project.config_shown,
            self.project.name_titled(src),
            self.project.paths.readers,
            self.project.page_sheets(src),
        )
        composed = compose(
            result, self.project.library, self._href_for(page), self.project.paths.auto_related
        )
        self.composed[src] = composed
        if self.stash:  # composed: the page's own Markdown is not read again
            self.results[src] = replace(result, markdown="")
        if self.serving and self.conversions.reuse(
            page, source, composed.markdown, self.project.library
        ):
            return ""  # converted as in the last build: on_page_content puts it back
        return composed.markdown

    def _context(self) -> PageContext:
        """The extension's view of the page being rendered."""
        assert self.project is not None
        if self.page_context is None:  # a Markdown render outside a page
            self.page_context = PageContext(self.project.library, lambda r, a: f"#{a}")
        return self.page_context

    def on_page_read_source(self, *, page: Page, config: MkDocsConfig) -> str | None:
        assert self.project is not None
        path = self.project.paths.page_path(page.file.src_uri)
        self.page_context = PageContext(self.project.library, self._href_for(page), path)
        if page.file.generated_by is not None:
            return None
        text = self._read(page)
        self.read_sources[page.file.src_uri] = (
            text  # on_page_markdown's source, front matter and all
        )
        return text

    def _read(self, page: Page) -> str:
        """A page's source, read once as `fxsite check` reads it (Project.read_page).

        MkDocs would stop with a traceback on what it cannot read, so the page becomes a
        notice.
        """
        assert self.project is not None
        text, unreadable = self.project.read_page(page.file.src_uri)
        if unreadable is not None:
            self.findings.append(unreadable)
            self.unreadable[page.file.src_uri] = unreadable  # the preview's box says why
            return "This page was refused: it cannot be read.\n"
        return text

    @event_priority(100)  # before the search plugin indexes the page
    def _restore(self, context: Any, *, page: Page, config: MkDocsConfig, nav: Any) -> Any:
        """A stashed page's HTML back in place to be rendered (see ``_stashed``)."""
        stashed = self.stashed.pop(page.file.src_uri, None)
        if stashed is not None:
            page.content = zlib.decompress(stashed).decode("utf-8", "surrogatepass")
        return context

    def _page_context(self, context: Any, *, page: Page, config: MkDocsConfig, nav: Any) -> Any:
        """Material's own words (search, table of contents) in the page's language."""
        if self.site_language is not None:
            result = self.results.get(page.file.src_uri)
            lang = result.lang if result is not None else None
            config.theme["language"] = theme_language(lang, self.site_language)
        self._dress(page, config, nav)
        self.shells.keep_context(page, context)
        # Markdown another plugin renders for this page now (Material's blog: a post's
        # excerpt on a view) links its claims from this page (blind79: '#anchor' alone).
        assert self.project is not None
        self.page_context = PageContext(self.project.library, self._href_for(page))
        return context

    on_page_context = CombinedEvent(_restore, _page_context)

    def _dress(self, page: Page, config: MkDocsConfig, nav: Any) -> None:
        """The site's words in the page's language; the language switch to its versions."""
        assert self.project is not None
        site = page_language("", None, self.site_language)
        if not self.versions:
            self.versions = page_versions(self.index.urls, self._language_of)
        result = self.results.get(page.file.src_uri)
        prefix = self.project.paths.library_prefix
        self.page_chrome.dress(
            config,
            nav,
            lang=result.lang if result is not None else None,
            site_language=site,
            versions=self.versions.get(page.file.src_uri, {}),
            library_index=f"{prefix}/index.md",
            language_of=self._language_of,
            in_library=page.file.src_uri.startswith(f"{prefix}/"),
        )

    def _language_of(self, src: str) -> str:
        """The language of the page of source ``src``: as it was read, else as its path says."""
        if src in self.results:
            return self.results[src].lang
        return page_language(src, None, page_language("", None, self.site_language))

    def on_page_content(self, html: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        assert self.project is not None
        src = page.file.src_uri
        restored = self.conversions.restore(page, files)
        if restored is not None:  # serve: the same Markdown, converted in the last build
            html, located, claims = restored
        else:
            # The rendered page's findings, placed in its source (fxsite.pages.judge), and
            # the claims its conversion rendered.
            context = self.page_context
            located = context.findings if context is not None else []
            claims = context.claims if context is not None else []
            if self.serving:
                links = context.links if context is not None else []
                self.conversions.keep(page, html, located, claims, links)
        self.page_context = None
        if src in self.made_srcs:
            located = self.project.placed_in_pages(located, self.project.paths.page_path(src))
        self.findings.extend(located)
        if src in self.results:  # its blocks' claims and its text's, for the site's index
            result = self.results[src]
            self.results[src] = replace(result, claims=[*result.claims, *claims])
        if self.serving or self.enforce != "all":
            # The writer's preview: a refused page shows why, where (fxsite.render.preview);
            # a record's page, its record's findings, and the library's, every record's.
            from fxsite.render.preview import with_findings  # a build without one never loads it

            unreadable = self.unreadable.pop(src, None)
            if unreadable is not None:  # blind65: the notice alone said not where, nor why
                html = with_findings(html, self._as_decided([unreadable]), mark=False)
            elif src in self.results:
                result = self.results[src]
                written = (self.project.paths.page_path(src), result.front.body_line + 1)
                html = with_findings(
                    html, self._as_decided([*result.findings, *located]), body=written
                )
            if src in self.results:  # and what refuses the site from its other files
                html = self._elsewhere() + html
            elif src in self.generated_srcs:
                what = "these records" if src.endswith("/index.md") else "this record"
                library, prefix = self.project.library, self.project.paths.library_prefix
                found = self._as_decided(records_findings(library, prefix, src))
                html = with_findings(html, found, mark=False, what=what)
        composed = self.composed.pop(src, None)
        if composed is not None:
            html = composed.fill(html, self.results[src].claims if src in self.results else claims)
        if self.stash:
            # Converted, and no plugin fxsite does not know reads it; "" (not None): a page
            # with no markdown has no title for MkDocs.
            page.markdown = ""
        html = self._hero(html, page)
        if src in self.results:
            self.index.pages[src] = PageInfo(
                src, page.url, _shown_title(page, src), self.results[src]
            )
            self.index.add_html(src, html, preview=self.serving or self.enforce != "all")
        body = self.html_bodies.pop(src, None)
        if body is None:
            return self._stashed(src, html)
        # Its anchors (a record page's figure rows), for MkDocs' check of links to them; one
        # string each however many record pages repeat a figure's name.
        present = getattr(page, "present_anchor_ids", None)
        if present is not None:
            present.update(sys.intern(unescape(i)) for i in _ID.findall(body))
        return self._stashed(src, f"{html}\n{body}", generated=True)

    def _stashed(self, src: str, html: str, generated: bool = False) -> str:
        """A content or generated page's HTML, or "" with it kept compressed until the page
        is rendered."""
        if not self.stash or not (generated or src in self.results):
            return html
        self.stashed[src] = zlib.compress(html.encode("utf-8", "surrogatepass"), 1)
        return ""

    def _hero(self, html: str, page: Page) -> str:
        """The hero on a page with the home template; contact slots filled (fxsite.render.hero)."""
        assert self.project is not None

        def resolve(target: str) -> str:
            src, _, anchor = target.partition("#")
            url = self.index.urls.get(src, src)
            return relative_url(url + (f"#{anchor}" if anchor else ""), page.url)

        if page.meta.get("template") == HOME_TEMPLATE:
            html = hero_layout(html, self.hero, resolve)
        html, empty = fill_contact(html, self.hero, resolve)
        path = self.project.paths.page_path(page.file.src_uri)
        self.findings.extend(no_contact(path, line) for line in empty)
        return html

    @event_priority(100)
    def on_env(self, env: Any, *, config: MkDocsConfig, files: Files) -> Any:
        self.verdict = decide(self.findings, self.enforce, self._adopted())
        _log(self.verdict, counted=not (self.serving and config.strict))
        if self.verdict.refused and not self.serving:
            self.verdict = replace(self.verdict, held_back=True)  # no page is written
            raise PluginError(_refused(self.verdict))
        assert self.project is not None
        # Every page is converted, none drawn yet: Material's typeset copied each page's
        # headings, claims and all, into what other pages draw (mkdocs_typeset).
        for page_file in files.documentation_pages():
            if page_file.page is not None:
                untypeset_claims(page_file.page)
        library, prefix = self.project.library, self.project.paths.library_prefix
        env.globals["fxsite_library_url"] = f"{prefix}/"  # the 404 page links the library
        history = history_data(self.history)
        for name, file in self.exports.items():
            file.content_string = self.export_files.content(
                name, library, self.index, history, prefix
            )
            if name == "evidence.json":
                self.exported = file.content_string
        attach_view(config.plugins)  # pages indexed as read (fxsite.mkdocs_search)
        self._plan_reuse(config, files)
        self._plan_shells(config, files)
        self.env = env
        # Written pages are read back from disk by the gate; no known plugin reads
        # a page's HTML after it is written. Under serve, on_env keys pages on it.
        self.free_content = not self.serving and set(config.plugins) <= REUSABLE_PLUGINS
        return env

    def _plan_shells(self, config: MkDocsConfig, files: Files) -> None:
        """Record pages filled into a checked shell of the theme (:mod:`fxsite.mkdocs_shell`),
        unless another plugin reads a page's output before this one."""
        handlers = config.plugins.events["post_page"]
        first = handlers[0] if handlers else None
        pages = [f.page for f in files.documentation_pages() if f.page is not None]
        ours = getattr(first, "__self__", None) is self
        self.shells.plan(pages if ours else [], RECORD_TEMPLATE, self._content)

    def _content(self, page: Page) -> str | None:
        """A page's HTML, kept compressed (``_stashed``) or not."""
        stashed = self.stashed.get(page.file.src_uri)
        if stashed is None:
            return page.content
        return zlib.decompress(stashed).decode("utf-8", "surrogatepass")

    def _shown(self, src: str, page_html: str, url: str) -> tuple[str, list[str]]:
        """What this plugin adds to a page's output from outside the theme, and what is unknown."""
        filled, unresolved = fill_placeholders(page_html, self.index, src, url)
        result = self.results.get(src)
        lang = result.lang if result is not None else None
        return f"{filled}\x00{lang!r}\x00{self._head(result)}", unresolved

    def _plan_reuse(self, config: MkDocsConfig, files: Files) -> None:
        """Under ``serve``: pages whose output cannot have changed publish the previous bytes.

        Every page is keyed on what its output is made of (fxsite.mkdocs_serve)
        once every page's Markdown is converted and the site index is complete;
        a page whose key equals the previous build's is rendered with a template
        that renders nothing and published as before (``on_post_page``). The
        first build of a session and ``mkdocs build`` reuse nothing.
        """
        if not self.serving:
            return
        pages = [
            f.page
            for f in files
            if f.is_documentation_page() and f.page is not None and f.page.content is not None
        ]

        def shown(page: Page) -> tuple[str, list[str]]:
            return self._shown(page.file.src_uri, page.content or "", page.url)

        for src, unresolved in self.outputs.plan(config, self.nav, pages, shown).items():
            for item in unresolved:  # as on_post_page logs them for a page it renders
                log.warning(f"fxsite: unresolved placeholder {item} on {src}")
        self.search_entries.attach(config.plugins, self.outputs.site)

    def _verify_gate(self, config: MkDocsConfig) -> list[Finding]:
        """The last gate: the staged site audited as a reader sees it (:mod:`.mkdocs_gate`)."""
        from fxsite.mkdocs_gate import copied_files, gate_findings
        from fxsite.render.exports import site_listing
        from fxsite.verify.gate_memo import GateMemo
        from fxsite.verify.published import as_written

        assert self.project is not None
        if self.gate_memo is None and self.serving:  # one build needs no memo
            self.gate_memo = GateMemo()
        memo = self.gate_memo if self.gate_memo is not None else GateMemo(keep=False)
        if self.exported is not None:
            # evidence.json as published is the text just written from this library: the
            # gate reads it as written, with no second library (other bytes are rebuilt).
            memo.published = as_written(
                self.exported, self.project.library, *site_listing(self.index)
            )
            self.written_key = memo.published.key
            if not self.serving:  # known by its digest from here on: the text is let go
                self.exported = None
        copied = (
            (file.dest_uri, file.abs_src_path)
            for file in self.files or ()
            if file.generated_by is None
            and not file.is_documentation_page()
            and file.abs_src_path is not None
        )
        try:
            return gate_findings(
                Path(config.site_dir),
                self.project,
                memo,
                exported=self.exported,
                sources=self.sources,
                reported=self.findings,
                copied=copied_files(self.project.paths, copied),
                browser=self.browser,
                declared=frozenset(self.config.scripts_that_write),
                site_url=str(config.site_url or ""),
            )
        except FxsiteError as exc:
            raise PluginError(f"fxsite: the built site cannot be verified: {exc}") from None

    @staticmethod
    def _head(result: PageResult | None) -> str:
        """What the plugin adds to a page's head."""
        if result is not None and result.faq:
            from fxsite.pages.faq import faq_json_ld  # with the first page that has an FAQ

            return BUILD_STAMP + faq_json_ld(result)
        return BUILD_STAMP

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str:
        # First: a record page's shell is checked (or the theme renders it) as the page was.
        output = self.shells.output(page, output, self.env)
        self.page_context = None  # the page is rendered: no Markdown is rendered for it now
        if self.site_language is not None:  # the theme as configured, for what renders next
            config.theme["language"] = self.site_language
        self.page_chrome.undress()
        src = page.file.src_uri
        kept = self.outputs.take(src)
        if kept is not None:  # its inputs are as in the previous build (_plan_reuse)
            return kept
        output, unresolved = fill_placeholders(output, self.index, src, page.url)
        for item in unresolved:
            log.warning(f"fxsite: unresolved placeholder {item} on {src}")
        result = self.results.get(src)
        if result is not None:
            output = with_html_lang(output, html_lang(result.lang, result.tag))
            if result.lang != page_language("", None, self.site_language):
                toc = config.mdx_configs.get("toc") or {}
                output = with_permalink_titles(output, toc.get("permalink_title"), result.lang)
        output = without_alternate_links(output)
        output = output.replace("</head>", self._head(result) + "</head>", 1)
        self.outputs.published(src, output)
        if self.free_content:
            page.content = None  # written: memory does not grow with the site's pages
            self._free_exports()
        return output

    def _release_pages(self) -> None:
        """What MkDocs keeps of each page once every page is written and its anchors
        checked (its table of contents and anchors; its source went at conversion), let go
        before the gate reads the site: about 2 MiB for 800 pages, which the gate then
        reuses. The gate reads the site's files, and of MkDocs' only where each came from
        (``_verify_gate``)."""
        for file in self.files or ():
            page = file.page
            if page is not None:
                page.toc = TableOfContents([])
                page.present_anchor_ids = None
                page.links_to_anchors = None

    def _free_exports(self) -> None:
        """The machine-readable files' text, let go once MkDocs has written them (it copies
        them before the first page); evidence.json's stays in ``self.exported`` until the gate
        has its digest."""
        for file in self.exports.values():
            file.content_string = ""
        self.exports = {}

    def on_post_template(
        self, output_content: str, *, template_name: str, config: MkDocsConfig
    ) -> str:
        """Static templates (404.html) are pages a reader sees too: stamp them."""
        if template_name.endswith(".html"):
            output = without_alternate_links(output_content)
            return output.replace("</head>", BUILD_STAMP + "</head>", 1)
        return output_content

    @event_priority(-100)  # last: the search index and other plugins' files are written
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """On the staged site, in order: sqlite export, the gate, manifest and signature.

        Then, for ``mkdocs build``, the staged site replaces the published one;
        any refusal before that leaves the published site as it was.
        """
        assert self.project is not None
        site, paths = Path(config.site_dir), self.project.paths
        # Imported here: sqlite3 and cryptography are for the build's end only,
        # and `fxsite check` loads this module with the config.
        from fxsite.anchor.build import SqliteMemo, finish_site, prepare_site, signing_key_path

        if self.serving and self.sqlite_memo is None:
            self.sqlite_memo = SqliteMemo()
        if self.free_content:  # mkdocs build, known plugins: written, and read no more
            release_indexes(config.plugins)
            self._release_pages()
        records = self.project.library.records.values()
        found = prepare_site(site, records, paths.evidence_dir, self.sqlite_memo, self.exported)
        found += self._verify_gate(config)
        adopted = self._adopted()
        late = decide(found, self.enforce, adopted)
        if not late.refused:
            key = signing_key_path(self.signing_key, os.environ)
            late = decide([*found, *finish_site(site, paths.root, key)], self.enforce, adopted)
        # One verdict for the whole build, so `fxsite build` reports it as check does.
        self.verdict = self.verdict + late
        refuse = late.refused and not self.serving
        if self.serving and late.all:
            self._show_published(late.all)
        # Refusals travel in the error itself when it is raised, so every caller shows them.
        _log(late, refusals=not refuse, counted=not (self.serving and config.strict))
        if refuse:
            listing = "\n".join(f.format() for f in late.refusals)
            raise PluginError(
                f"{listing}\nfxsite refused the build: the built site fails its checks "
                f"with {len(late.refusals)} finding(s) above. Nothing was published."
            )
        if self.publish_to is not None and self.staging is not None and not _strict_abort(config):
            commit(self.staging, self.publish_to)
            config.site_dir = str(self.publish_to)
            self.staging = None

    def _show_published(self, findings: list[Finding]) -> None:
        """Under ``serve``, the findings of the written site (the gate's, the signing's)
        put in the written pages (:func:`~fxsite.render.preview.published_box`): each
        page's own in it; those of other files, in every page."""
        from fxsite.render.preview import published_box

        assert self.project is not None
        pages: dict[str, Path] = {}  # by its source, and by its written file (unplaced)
        for file in self.files or ():
            if file.is_documentation_page() and file.abs_src_path is not None:
                dest = Path(file.abs_dest_path)
                pages[self.project.paths.relative(Path(file.abs_src_path))] = dest
                pages[file.dest_uri] = dest
        own: dict[Path, list[Finding]] = {}
        other: list[Finding] = []
        for finding in findings:
            page = pages.get(finding.path)
            if page is None:
                other.append(finding)
            else:
                own.setdefault(page, []).append(finding)
        for dest in set(pages.values()) if other else set(own):
            if dest.is_file():
                written = dest.read_text(encoding="utf-8")
                dest.write_text(published_box(written, own.get(dest, []), other), encoding="utf-8")

    def on_build_error(self, *, error: Exception) -> None:
        """A failed ``mkdocs build`` leaves the published site as it was."""
        self.outputs.clear()  # under serve, the next build renders every page again
        self.conversions.clear()
        self.search_entries.clear()
        self.stashed = {}
        if self.staging is not None:
            discard(self.staging)
            self.staging = None
            if self._config is not None and self.publish_to is not None:
                self._config.site_dir = str(self.publish_to)

    def on_serve(
        self, server: LiveReloadServer, *, config: MkDocsConfig, builder: Any
    ) -> LiveReloadServer:
        assert self.project is not None
        paths = self.project.paths
        server.watch(str(paths.evidence_dir))
        # The theme's overrides are the site's own pages too: a template edited is re-read
        # and judged (blind65), as MkDocs does only under --watch-theme.
        if paths.custom_dir is not None and paths.custom_dir.is_dir():
            server.watch(str(paths.custom_dir))
        # The files pages include (pymdownx.snippets' base_path): an edited snippet is
        # re-read and judged (blind83: the preview stayed stale until a page changed); not
        # docs/ (watched), nor the project's folder or one above it (the cache is there).
        docs, root = paths.docs_dir.resolve(), paths.root.resolve()
        for _, base in base_paths(config.mdx_configs):
            if base.exists() and not base.is_relative_to(docs) and not root.is_relative_to(base):
                server.watch(str(base))
        return server
