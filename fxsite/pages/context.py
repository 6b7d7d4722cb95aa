"""One page's context while it is rendered and judged: :class:`PageContext`.

What rendering a page's claims needs (the library, how a figure's anchor is linked
from the page) and what the page reader judges it with (its front matter, the
claims of its checked blocks, the titles the site shows for it, its stylesheets),
with the findings collected on the way, placed in the page's source by its
:class:`~fxsite.pages.locate.SourceLocator`. :func:`page_context` makes the context
of an authored page from what :func:`~fxsite.pages.page.process_page` made of it.
The Markdown extension (:mod:`fxsite.markdown`) fills it in; it imports no Markdown.
"""

from __future__ import annotations

import functools
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from fxsite.findings import Finding
from fxsite.pages.claims import Claim, HrefFor
from fxsite.pages.frontmatter import FrontMatter, TextAt, split_front_matter
from fxsite.pages.link_place import OFFERS_A_CLAIM, advice_in_place, link_refused
from fxsite.pages.locate import SourceLocator, says_unwritten
from fxsite.pages.name_title import name_title
from fxsite.pages.page import PageResult
from fxsite.pages.page_title import SiteReaders
from fxsite.pages.prose import not_bare
from fxsite.verify.images import read_image
from fxsite.verify.sheets import NO_SHEETS, PageSheets

__all__ = ["PageContext", "page_context"]


@dataclass
class PageContext:
    """What the extension needs to render one page's claims.

    ``href_for`` gives the final URL of a figure's anchor as seen from the
    page; ``findings`` collects what rendering finds (claims written by other
    extensions, and what the page reader finds), placed by ``locator``.
    """

    library: Any
    href_for: HrefFor
    path: str = "<page>"
    checked: bool = True
    #: the page's language, once its front matter is read (else its path says)
    lang: str | None = None
    findings: list[Finding] = field(default_factory=list)
    #: judge the rendered page by the page rules (:func:`~fxsite.pages.judge.judge_rendered`)
    judge: bool = False
    #: places findings in the page's source; None leaves them at 1:1
    locator: SourceLocator | None = None
    #: texts reported before rendering that the page shows again (``PageResult.reported``)
    refused: list[str] = field(default_factory=list)
    #: ids of the charts fxsite drew into the page (``PageResult.drawn``)
    drawn: list[str] = field(default_factory=list)
    #: the claims of the page's checked blocks (``PageResult.claims``); None: the claims
    #: fxsite rendered on the page are not known (every claim element is taken as one)
    blocks: list[Claim] | None = None
    #: the claims the claims treeprocessor rendered, in document order
    claims: list[Claim] = field(default_factory=list)
    #: ``(text, destination, language)`` of each evidence link it resolved, in order
    links: list[tuple[str, str, str]] = field(default_factory=list)
    #: the page's front matter, whose shown fields are judged once its claims are known
    #: (:func:`~fxsite.pages.page.head_findings`); None: not an authored page
    front: FrontMatter | None = None
    #: the page's estimate note has a slot after its lead, where it cites an estimate
    #: (:data:`~fxsite.pages.sections.ESTIMATE_SLOT`)
    estimate_note: bool = False
    #: the configuration's shown strings, judged at their line in ``mkdocs.yml``
    #: (a heading's permalink title): not reported again where the page shows them
    elsewhere: frozenset[str] = frozenset()
    #: the title MkDocs makes from the page's file name (:mod:`fxsite.pages.name_title`):
    #: judged when the rendered page does not open with a heading
    name_title: str | None = None
    #: MkDocs titles the page from its first heading, when that opens it (no title in
    #: the ``nav`` or the front matter): judged as the theme prints it
    #: (:mod:`fxsite.pages.page_title`)
    heading_title: bool = False
    #: the page is the site's home page, whose title the themes leave out of its ``<title>``
    home: bool = False
    #: the page's front-matter ``icon`` and ``title``: Material draws the icon before the
    #: page's title in the navigation (:func:`~fxsite.pages.name_title.icon_title_findings`)
    icon: tuple[TextAt, str | None] | None = None
    #: the page's front-matter ``title``, where the page titles itself (not the ``nav``):
    #: Material's footer draws icons beside it (:func:`~fxsite.pages.content_icons.footer_findings`)
    own_title: TextAt | None = None
    #: how the site shows the page beyond its content: its title, and its entries in
    #: MkDocs' own search index (:func:`~fxsite.pages.search_sections.mkdocs_entry_findings`)
    readers: SiteReaders = field(default_factory=SiteReaders)
    #: the stylesheet files the page loads (:mod:`fxsite.verify.sheets`), applied by its reader
    sheets: PageSheets = NO_SHEETS

    @property
    def own(self) -> list[str] | None:
        """The refs of the claims fxsite rendered on the page, one per claim (its blocks',
        then its text's); None where they are not known."""
        if self.blocks is None:
            return None
        return [claim.ref for claim in (*self.blocks, *self.claims)]

    @property
    def cited(self) -> list[str]:
        """The page's claims as shown, which its title may repeat."""
        return [claim.display for claim in (*(self.blocks or ()), *self.claims)]

    def add(self, finding: Finding, kind: str) -> None:
        """A finding of the rendered page, placed in the source (``kind``: its cursor)."""
        if self.locator is not None:
            finding = self.locator.place(finding, kind)
            text = finding.text or ""
            if text and says_unwritten(finding) and any(text in s for s in self.elsewhere):
                return  # a configuration's string drew it (smarty's), told at its line
            finding = _advised_in_place(finding, self.locator, self.path)
        self.findings.append(finding)


def page_context(
    library: Any,
    href_for: HrefFor,
    path: str,
    source: str,
    result: PageResult,
    elsewhere: Collection[str] = (),
    src: str | None = None,
    readers: SiteReaders | None = None,
    sheets: PageSheets = NO_SHEETS,
) -> PageContext:
    """The context of an authored page: judged, its findings placed in ``source``.

    ``result`` is what :func:`~fxsite.pages.page.process_page` made of it;
    ``elsewhere``, the configuration's shown strings (:attr:`PageContext.elsewhere`);
    ``src``, its docs-relative path (its title from its name: :attr:`PageContext.name_title`),
    None when the ``nav`` titles it; ``readers``, the site's (:attr:`PageContext.readers`);
    ``sheets``, the page's stylesheet files (:attr:`PageContext.sheets`).
    """
    _, body, _ = split_front_matter(source)
    front = result.front
    # An FAQ's questions and answers are written in the front matter, rendered below the body.
    written = [text for item in result.front.faq for text in (item.q, item.a)]
    links, spans = not_bare(source)
    locator = SourceLocator(
        source,
        len(source) - len(body),
        spans,
        written,
        markdown=True,
        links=links,
        images=partial(read_image, sheets),
    )
    return PageContext(
        library,
        href_for,
        path,
        lang=result.lang,
        judge=True,
        locator=locator,
        refused=list(result.reported),
        drawn=list(result.drawn),
        front=front,
        estimate_note=True,
        blocks=list(result.claims),
        elsewhere=_spaced(frozenset(elsewhere)),
        name_title=None if src is None else name_title(src, result.front.data),
        heading_title=src is not None and "title" not in result.front.data,
        home=src in ("index.md", "README.md"),
        icon=None
        if front.icon is None or src is None  # the nav's title: judged by the project
        else (front.icon, front.title.text if front.title else None),
        own_title=None if src is None else front.title,
        readers=readers or SiteReaders(),
        sheets=sheets,
    )


@functools.lru_cache(maxsize=4)
def _spaced(strings: frozenset[str]) -> frozenset[str]:
    """``strings`` with each run of spaces one space: the configuration's shown strings,
    the same for every page of a build (made once, not once per page)."""
    return frozenset(" ".join(s.split()) for s in strings)


def _advised_in_place(finding: Finding, locator: SourceLocator, path: str) -> Finding:
    """A bare figure whose advice is a claim written where it stands, where the page's
    source takes none (:func:`~fxsite.pages.link_place.link_refused`: inside a link's
    text, raw HTML, after a "!"): told why, and what to do first (blind62)."""
    text = finding.text or ""
    if finding.code != "FX501" or not locator.markdown or OFFERS_A_CLAIM not in finding.message:
        return finding
    at = locator.offset(finding.line, finding.col)
    if finding.path != path or locator.source[at : at + len(text)] != text:
        return finding  # in another file, or written otherwise than shown
    refused = link_refused(locator.source, at, at + len(text))
    if refused is None:
        return finding
    return replace(finding, message=advice_in_place(finding.message, refused))
