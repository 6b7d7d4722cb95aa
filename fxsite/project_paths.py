"""Where a project's things are: :class:`ProjectPaths`, made once from ``mkdocs.yml``.

Its folders (the root that holds ``mkdocs.yml``, ``docs/``, the evidence, the chart
cache), the site's URLs (the library's prefix, directory URLs, ``site_url``), and
what MkDocs and the theme say of the site that the core judges pages with (the
theme's template folders and Jinja names, ``extra_css``, the pages left out, the
site's readers). :meth:`ProjectPaths.of` is the one place a loaded MkDocs
configuration becomes paths; findings name files relative to ``root``.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fxsite.pages.docs_tree import LeftOut, left_out
from fxsite.pages.page_title import SiteReaders
from fxsite.pages.theme_refs import template_names

__all__ = ["CONFIG_NAMES", "ProjectPaths", "find_config"]

#: The names MkDocs finds a project's configuration under, in its order
#: (``mkdocs build`` without ``-f`` tries ``mkdocs.yml``, then ``mkdocs.yaml``).
CONFIG_NAMES = ("mkdocs.yml", "mkdocs.yaml")


def find_config(folder: Path) -> Path | None:
    """The configuration of the project in ``folder``, as MkDocs finds it; None if none."""
    return next((folder / n for n in CONFIG_NAMES if (folder / n).is_file()), None)


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
    #: MkDocs' use_directory_urls: ``a.md`` publishes to ``a/index.html`` (else ``a.html``)
    directory_urls: bool = True
    #: the site's language (Material's ``theme.language``), for pages that name none
    language: str | None = None
    #: the MkDocs configuration file, in ``root``
    config_name: str = "mkdocs.yml"
    #: the theme's template folders (MkDocs' ``theme.dirs``), where a page's
    #: front-matter ``template`` must be; empty: not checked
    theme_dirs: tuple[str, ...] = ()
    #: docs-relative paths the build leaves out (:func:`fxsite.pages.docs_tree.left_out`
    #: of ``exclude_docs`` and ``draft_docs``); None: MkDocs' default exclusions only
    left_out: LeftOut | None = None
    #: the theme's ``custom_dir``, whose templates' text is judged (None: none)
    custom_dir: Path | None = None
    #: the Jinja filters and tests the theme's templates may use (MkDocs' theme
    #: environment's); None: not known (a plugin may add some), not judged
    template_names: tuple[frozenset[str], frozenset[str]] | None = None
    #: the site's files that may write text (the plugin's ``scripts_that_write``)
    writers: tuple[str, ...] = ()
    #: the files of docs/ MkDocs renders with Jinja (its ``extra_templates``)
    extra_templates: tuple[str, ...] = ()
    #: the stylesheets MkDocs links on every page (its ``extra_css``)
    extra_css: tuple[str, ...] = ()
    #: where the site is published (MkDocs' ``site_url``; empty: not given)
    site_url: str = ""
    #: how the theme and MkDocs show a page beyond its content (its title, its search
    #: entries), as the MkDocs adapter gives them
    readers: SiteReaders = field(default_factory=SiteReaders)
    #: the repository's name as MkDocs made it (from ``repo_url``'s host where the
    #: configuration gives none), judged where the theme draws it
    repo_name: str | None = None
    #: record pages' setup row headings the site names (the plugin's ``setup_labels``)
    setup_labels: tuple[tuple[str, str], ...] = ()
    #: the plugin's ``auto_related``: "Related reading" adds pages sharing records
    auto_related: bool = True
    #: the options of ``pymdownx.snippets`` (MkDocs' ``mdx_configs``) where the site
    #: uses it, else None: a page's reference definitions include what it includes
    snippets: Mapping[str, Any] | None = field(default=None, compare=False)

    @classmethod
    def of(
        cls, config: Any, options: Any, *, readers: SiteReaders, drafts: bool = False
    ) -> ProjectPaths:
        """The paths of a loaded MkDocs ``config`` and the fxsite plugin's ``options``, as
        ``fxsite check``, ``fxsite build`` and the plugin all take them, with the site's
        ``readers`` (:class:`~fxsite.pages.page_title.SiteReaders`: only the MkDocs adapter
        can make them, and no caller may leave them out). Draft pages are left out unless
        ``drafts`` (``mkdocs serve`` builds them)."""
        root = Path(config.config_file_path).parent
        theme = config.theme
        return cls(
            root=root,
            docs_dir=Path(config.docs_dir),
            evidence_dir=root / options.evidence_dir,
            library_prefix=options.library_url.strip("/"),
            directory_urls=bool(config.use_directory_urls),
            faq_page=options.faq_page or "faq.md",
            cache_dir=(root / options.cache_dir) if options.cache_dir else None,
            language=theme.get("language"),
            config_name=Path(config.config_file_path).name,
            theme_dirs=tuple(str(d) for d in theme.dirs),
            custom_dir=Path(theme.custom_dir) if theme.custom_dir else None,
            template_names=template_names(theme.get_env(), config.plugins),
            writers=tuple(options.scripts_that_write),
            extra_templates=tuple(config.extra_templates),
            extra_css=tuple(str(c) for c in config.extra_css),
            site_url=str(config.site_url or ""),
            readers=readers,
            repo_name=config.get("repo_name"),
            setup_labels=tuple((str(k), str(v)) for k, v in options.setup_labels.items()),
            auto_related=bool(options.auto_related),
            left_out=left_out(config.exclude_docs, None if drafts else config.draft_docs),
            snippets=dict(config.mdx_configs.get("pymdownx.snippets") or {})
            if "pymdownx.snippets" in config.markdown_extensions
            else None,
        )

    def relative(self, path: Path) -> str:
        """``path`` as findings show it: relative to the root, with slashes."""
        try:
            return path.resolve().relative_to(self.root.resolve()).as_posix()
        except ValueError:
            return path.as_posix()

    @functools.cached_property
    def docs_prefix(self) -> str:
        return self.relative(self.docs_dir)

    def page_path(self, src: str) -> str:
        """A docs page (``src`` docs-relative) as findings name it: ``docs/index.md``."""
        return f"{self.docs_prefix}/{src}" if self.docs_prefix not in ("", ".") else src

    def inside_docs(self, src: str) -> bool:
        """Whether a docs-relative path stays inside docs/ (no ``..`` escape)."""
        target = (self.docs_dir / src).resolve()
        return target.is_relative_to(self.docs_dir.resolve())
