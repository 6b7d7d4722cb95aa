"""Claims as a Python-Markdown extension: ``fxsite.markdown``.

Python-Markdown parses ``[178 s](evidence:R1#save_time_baseline)`` as an
ordinary link, with the same idea of "link" and "code" as the page renderer
because it *is* the renderer. This extension then works on the element tree:

* a treeprocessor (priority 6: after inline parsing, before ``toc`` and
  MkDocs' link rewriting) resolves every ``evidence:`` link with
  :func:`~fxsite.pages.claims.resolve_claim` and replaces it with the element
  :func:`~fxsite.pages.claims.render_claim` writes, so claims are tree
  elements, never raw HTML the block parser must stash and re-read;
* a second treeprocessor (priority -1, after MkDocs' ``relpath``) turns the
  claim's ``evidence:`` href into the URL of the figure's anchor, so MkDocs
  never mistakes it for a broken relative link;
* the last postprocessor hands the whole rendered page, raw HTML in place, to
  the page reader (:func:`~fxsite.pages.judge.judge_rendered`), and its
  table-of-contents labels too; findings are placed in the page's source by
  the context's :class:`~fxsite.pages.locate.SourceLocator`.

It runs in three settings, with the same code at the same point. Under the
fxsite MkDocs plugin, the plugin has processed the page's source
(:func:`~fxsite.pages.page.process_page`) and hands each page its
:class:`~fxsite.pages.context.PageContext`. ``fxsite check`` converts each page
with :class:`PageRenderer`, built from the project's own Markdown configuration
(:func:`render_page`). Alone — an engine that runs Markdown extensions but not
MkDocs plugins, such as Zensical — it loads the evidence library itself
(``evidence_dir``, relative to the working folder), processes each page in a
preprocessor and, when ``enforce`` is on, fails the conversion with
:class:`~fxsite.findings.RefusedError`, whose message lists every finding. A page
never renders a claim unchecked.
"""

from __future__ import annotations

import html
import os
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Collection
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

from markdown import Markdown
from markdown.extensions import Extension
from markdown.postprocessors import Postprocessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor
from markdown.util import Processor

from fxsite.evidence.memo import RecordMemo
from fxsite.findings import Finding, FxsiteError, RefusedError, once_per_invalid_record
from fxsite.pages.claims import (
    Claim,
    ClaimProblem,
    HrefFor,
    cited_ref,
    render_claim,
    resolve_claim,
)
from fxsite.pages.content_icons import footer_findings, icon_findings
from fxsite.pages.context import PageContext, page_context
from fxsite.pages.judge import cursor_kind, judge_rendered
from fxsite.pages.language import SECTION_IDS, page_language
from fxsite.pages.locate import SourceLocator
from fxsite.pages.name_title import icon_title_findings, name_title_findings
from fxsite.pages.page import PageResult, head_findings, process_page
from fxsite.pages.page_title import SiteReaders, title_findings
from fxsite.pages.prose import CONTAINER_OPENERS, containers
from fxsite.pages.search_sections import mkdocs_entry_findings
from fxsite.pages.sections import ESTIMATE_SLOT, compose
from fxsite.render.code_spans import bounded_code_spans
from fxsite.render.link_brackets import linear_links
from fxsite.render.nobreak import NobreakTreeprocessor
from fxsite.render.record_markdown import replace_links
from fxsite.safeio import Stamp, file_stamp
from fxsite.verify.images import read_image
from fxsite.verify.sheets import NO_SHEETS, PageSheets

__all__ = [
    "FxsiteExtension",
    "PageRenderer",
    "check_page",
    "keep_rendered_claims",
    "links_rendered",
    "makeExtension",
    "render_page",
]

_STASHED = re.compile("\x02wzxhzdk:(\\d+)\x03")
#: pymdownx.critic's placeholders for its marks' tags (``<ins class="critic">``, ``</ins>``,
#: a deletion's, a comment's), which write no text of their own.
_CRITIC_MARKS = re.compile("\x02czjqqkd:\\d+\x03")
_SPACES = re.compile(r"\s+")
_EVIDENCE = "evidence:"


def _refused_claims(findings: list[Finding]) -> list[str]:
    """The texts of the claims the claims treeprocessor refused (FX4xx errors: a claim only
    warned of, FX408's link title, is still a claim, and tells no bare figure: blind79)."""
    return [f.text for f in findings if f.on_claim and f.text and f.severity == "error"]


def _link_text(element: ET.Element, md: Markdown) -> str:
    """The text of a link as a reader sees it, stashed entities decoded."""

    def unstash(match: re.Match[str]) -> str:
        index = int(match.group(1))
        blocks = md.htmlStash.rawHtmlBlocks
        raw = blocks[index] if index < len(blocks) else ""
        return html.unescape(raw if isinstance(raw, str) else "")

    return _CRITIC_MARKS.sub("", _STASHED.sub(unstash, "".join(element.itertext())))


def claim_element(html_text: str) -> ET.Element:
    """The element of :func:`render_claim`'s HTML (well-formed by contract).

    Parsed at each use: a parse costs microseconds, and keeping parsed claims
    for reuse cost more memory (megabytes on a large site) than it saved time.

    Python-Markdown writes an attribute's ``&`` as it is when it starts what looks
    like an entity (``&#52;``), which a browser then decodes: a record's words
    ``W &#52;&#52; s`` in a tooltip would show "W 44 s". Each ``&`` is written as
    ``&amp;``, which it keeps, so the tooltip shows the words as the record has them.
    """
    element = ET.fromstring(html_text)  # noqa: S314 - our own markup, not input
    for node in element.iter():
        for name, value in node.attrib.items():
            if "&" in value:
                node.set(name, value.replace("&", "&amp;"))
    return element


class _OfExtension(Processor):
    """A processor that reads the page's context from its :class:`FxsiteExtension`."""

    def __init__(self, md: Markdown, extension: FxsiteExtension) -> None:
        super().__init__(md)
        self.extension = extension


class _ClaimTreeprocessor(_OfExtension, Treeprocessor):
    """Replaces every ``evidence:`` link with its rendered claim: the one place a page's
    claims are resolved, whatever wrote the link (inline, a reference definition, a
    snippet, another extension). Then, on an authored page and the site's FAQ, the
    estimate note after its lead (:attr:`PageContext.estimate_note`)."""

    def run(self, root: ET.Element) -> None:
        ctx = self.extension.context()
        replace_links(root, lambda link, in_heading: self._claim(link, ctx, in_heading=in_heading))
        _refuse_evidence_images(root, ctx)
        if ctx.estimate_note:
            self._estimate_note(root, ctx)

    def _claim(self, link: ET.Element, ctx: PageContext, *, in_heading: bool) -> ET.Element:
        text = _SPACES.sub(" ", _link_text(link, self.md))  # as a reader is shown it
        dest = link.get("href") or ""
        lang = ctx.lang or page_language(ctx.path)
        ctx.links.append((text, dest, lang))
        result = resolve_claim(text, dest, ctx.library, lang=lang)
        if isinstance(result, ClaimProblem):
            finding = Finding(ctx.path, 1, 1, result.code, result.message, text=text)
            if ctx.locator is not None:
                finding = ctx.locator.place_claim(finding, dest)
            ctx.findings.append(finding)
            span = refused_claim(text, dest)
            ref = cited_ref(dest)
            if ref is not None:  # its record page lists the page as needing an update
                span.set("data-fx-stale", str(ref))
        else:
            ctx.claims.append(result)
            title = (link.get("title") or "").strip()
            if title:  # the claim's title is its evidence card: the writer's is not shown
                warning = Finding(
                    ctx.path,
                    1,
                    1,
                    "FX408",
                    f"the claim '{text}' has a link title ('{title}'), which is not "
                    "published: a claim's title is its evidence card; write it in the text",
                    severity="warning",
                    text=text,
                )
                if ctx.locator is not None:
                    # placed where its title is written, and the next claim after its link
                    warning = ctx.locator.place_title(warning, dest)
                ctx.findings.append(warning)
            elif ctx.locator is not None:  # (passed once: blind79, a titled claim's link was
                # passed twice, and the next claim's finding placed a claim further on)
                ctx.locator.pass_claim(text, dest)  # the next claim is placed after it
            span = claim_element(_rendered(result, ctx.library, in_heading))
        span.tail = link.tail
        return span

    def _estimate_note(self, root: ET.Element, ctx: PageContext) -> None:
        """The slot of the page's estimate note after its lead (the first element below
        its title), where it cites an estimate; the note is filled in once the page's
        claims are known in document order (:meth:`~fxsite.pages.sections.Composed.fill`)."""
        cited = [*(ctx.blocks or ()), *ctx.claims]
        if not any(c.value is not None and c.value.label == "estimate" for c in cited):
            return
        first = 1 if len(root) > 0 and root[0].tag == "h1" else 0
        holder = ET.Element("p")
        holder.text = self.md.htmlStash.store(ESTIMATE_SLOT)
        holder.tail = "\n\n"  # as a block of raw HTML the page wrote there would stand
        root.insert(min(first + 1, len(root)), holder)


def refused_claim(text: str, dest: str) -> ET.Element:
    """A claim refused, as the preview shows it: its text, or, where it has none (the value
    was to fill it in), its link's target as code, which the gate does not read as a figure
    (blind65: ``[](evidence:S1#x)`` to a broken record was a blank)."""
    span = ET.Element("span", {"class": "fx-claim-refused"})
    if text.strip():
        span.text = text
    else:
        ET.SubElement(span, "code").text = dest
    return span


def _refuse_evidence_images(root: ET.Element, ctx: PageContext) -> None:
    """An image whose source names evidence (``![94 s](evidence:R1#x)``: a ``!`` before a
    claim) is no claim, and its alt text is drawn where it fails to load: FX408, and its
    alt text kept as refused text (blind62: ``fix`` wrote one after a "!")."""
    for parent in root.iter():
        for index, child in enumerate(list(parent)):
            dest = (child.get("src") or "").strip()
            if child.tag != "img" or not dest.lower().startswith(_EVIDENCE):
                continue
            alt = child.get("alt") or ""
            finding = Finding(
                ctx.path,
                1,
                1,
                "FX408",
                f"'![{alt}]({dest})' is an image, not a claim (a '!' before the link): "
                f"cite it as a link, [{alt}]({dest})",
                text=alt,
            )
            if ctx.locator is not None:
                finding = ctx.locator.place_claim(finding, dest)
            ctx.findings.append(finding)
            span = refused_claim(alt, dest)
            span.tail = child.tail
            parent.remove(child)
            parent.insert(index, span)


#: Rendered claims, kept while their record is unchanged (every page repeats claims).
_RENDERED: RecordMemo[tuple[Claim, bool], str] = RecordMemo()


def keep_rendered_claims(limit: int | None) -> None:
    """Keep at most ``limit`` rendered claims, the most recently rendered; None: every one
    (under ``serve``, each page's conversion key renders all its claims after every edit)."""
    _RENDERED.limit = limit


def _rendered(claim: Claim, library: Any, in_heading: bool) -> str:
    """A claim's HTML, rendered once while its record is unchanged (it reads only that record).

    The ``evidence:`` href survives MkDocs' link rewriting untouched; the late
    treeprocessor below gives it its final URL.
    """
    return _RENDERED.get(
        library,
        claim.record,
        (claim, in_heading),
        lambda: render_claim(claim, library, _keep_evidence_href, in_heading=in_heading),
    )


def links_rendered(links: list[tuple[str, str, str]], library: Any) -> str:
    """What the claims treeprocessor renders for ``links`` (the text, destination and page
    language of each evidence link it resolved: :attr:`PageContext.links`) against
    ``library``, in a heading and out of one.

    Under ``serve`` this stands for the library in a page's conversion key: a page
    whose links render alike converts alike.
    """
    parts = []
    for text, dest, lang in links:
        claim = resolve_claim(text, dest, library, lang=lang)
        if isinstance(claim, ClaimProblem):
            parts.append(f"{claim.code} {claim.message}")
        else:
            parts.extend(_rendered(claim, library, heading) for heading in (False, True))
    return "\x00".join(parts)


def _keep_evidence_href(record: str, anchor: str) -> str:
    return f"{_EVIDENCE}{record}#{anchor}" if anchor else f"{_EVIDENCE}{record}"


class _SectionIdTreeprocessor(Treeprocessor):
    """The generated sections' headings get one id in every language (before toc).

    toc would give "常见问题" an id like ``_4``; it keeps an id a heading has.
    """

    def run(self, root: ET.Element) -> None:
        used: set[str | None] | None = None  # the page's ids, read once a heading needs one
        for heading in root.iter("h2"):
            anchor = SECTION_IDS.get("".join(heading.itertext()).strip())
            if anchor is None or heading.get("id") is not None:
                continue
            if used is None:
                used = {el.get("id") for el in root.iter() if el.get("id")}
            if anchor not in used:
                heading.set("id", anchor)
                used.add(anchor)


class _HrefTreeprocessor(_OfExtension, Treeprocessor):
    """Gives each rendered claim the final URL of its figure's anchor."""

    def run(self, root: ET.Element) -> None:
        href_for = self.extension.context().href_for
        for element in root.iter("a"):
            href = element.get("href") or ""
            if href.startswith(_EVIDENCE) and element.get("data-fx-ref") is not None:
                record, _, anchor = href.removeprefix(_EVIDENCE).partition("#")
                element.set("href", href_for(record, anchor))


def _containers(md: Markdown) -> re.Pattern[str]:
    """The lines whose indented continuation ``md`` renders as content, not code."""
    return containers([n for n in CONTAINER_OPENERS if n in md.parser.blockprocessors])


class _CheckPreprocessor(_OfExtension, Preprocessor):
    """Standalone mode: check the page source and render its blocks."""

    def run(self, lines: list[str]) -> list[str]:

        _record_snippets(self.md, self.extension)
        ctx = self.extension.context()
        live = _containers(self.md)  # what the renderer reads as code, as it is configured
        if ctx.locator is not None:
            ctx.locator.containers = live
        if ctx.checked:
            return lines
        ctx.path = _engine_page_path(self.md) or ctx.path
        body = "\n".join(lines)
        result = process_page(body, ctx.path, ctx.library, ctx.href_for)
        below = _lines_above(Path(ctx.path), body)
        ctx.findings.extend(replace(f, line=f.line + below) for f in result.findings)
        # The rendered page is judged below (_JudgePostprocessor), placed in this body.
        ctx.judge = True
        ctx.refused = list(result.reported)
        ctx.blocks = list(result.claims)
        ctx.front = result.front
        images = partial(read_image, ctx.sheets)
        ctx.locator = SourceLocator(
            "\n" * below + body,
            below,
            markdown=True,
            images=images,
            containers=live,
        )
        return result.markdown.split("\n")


class _ConvertedPreprocessor(_OfExtension, Preprocessor):
    """The page's lines as the other extensions' preprocessors left them, told to its
    locator (:attr:`~fxsite.pages.locate.SourceLocator.converted`): a text one of them
    wrote is placed at the line it replaced."""

    def run(self, lines: list[str]) -> list[str]:
        locator = self.extension.context().locator
        if locator is not None:
            locator.converted = list(lines)
        return lines


def _included_path(path: str, root: str) -> str:
    """A file a page includes, named as a finding in it is: from the project's folder
    (``root``; else the working folder) where it is inside it, else by its absolute path.
    A snippet's ``base_path`` is read from the working folder, which need not be the
    project's (blind74: ``snip/inc.md`` named ``p11/snip/inc.md``, another file)."""
    absolute = os.path.abspath(path)
    shown = os.path.relpath(absolute, root or os.curdir)
    return Path(absolute if shown.startswith("..") else shown).as_posix()


def _record_snippets(md: Markdown, extension: FxsiteExtension) -> None:
    """Each file ``pymdownx.snippets`` reads into a page, told to the page's locator.

    A figure in an included file is then found at its line there
    (:attr:`~fxsite.pages.locate.SourceLocator.included`), named by its path from the
    project's folder as pages are (:func:`_included_path`).
    """
    if "snippet" not in md.preprocessors:
        return
    snippets = md.preprocessors["snippet"]
    read = getattr(snippets, "read_lines", None)
    if read is None or getattr(read, "fxsite_records", False):
        return

    def recording(path: str) -> list[str]:
        lines: list[str] = read(path)
        ctx = extension.context()
        if ctx.locator is not None:
            shown = _included_path(path, ctx.readers.root)
            ctx.locator.included.append((shown, "\n".join(lines)))
        return lines

    recording.fxsite_records = True  # type: ignore[attr-defined]
    snippets.read_lines = recording  # type: ignore[attr-defined]


def _lines_above(file: Path, body: str) -> int:
    """Lines of the page file above the body the engine converts (its front matter)."""
    from fxsite.pages.docs_tree import MAX_PAGE_BYTES
    from fxsite.safeio import UnreadableFile, read_text

    try:
        text = read_text(file, MAX_PAGE_BYTES)
    except UnreadableFile:
        return 0
    at = text.find(body) if body else -1
    return text.count("\n", 0, at) if at > 0 else 0


def _engine_page_path(md: Markdown) -> str | None:
    """The page being converted, where the engine says so.

    Zensical registers a preprocessor holding the page it renders
    (``rendering_context``, with ``page.path`` relative to ``docs``).
    """
    context = (
        md.preprocessors["rendering_context"] if "rendering_context" in md.preprocessors else None  # noqa: SIM401 - a Registry has no get()
    )
    path = getattr(getattr(context, "page", None), "path", None)
    return f"docs/{path}" if isinstance(path, str) and path else None


class _TitleTreeprocessor(_OfExtension, Treeprocessor):
    """The title MkDocs takes from the page's first element, when that is an ``h1``: by
    MkDocs' own function (:attr:`PageContext.readers`), at MkDocs' own point (priority 1,
    just before its own)."""

    def __init__(
        self, md: Markdown, extension: FxsiteExtension, judge: _JudgePostprocessor
    ) -> None:
        super().__init__(md, extension)
        self.judge = judge

    def run(self, root: ET.Element) -> None:
        title_of = self.extension.context().readers.heading_title
        titled = title_of is not None and len(root) > 0 and root[0].tag == "h1"
        self.judge.title = title_of(root[0], self.md) if title_of and titled else None


class _SerializedTreeprocessor(Treeprocessor):
    """Last of the treeprocessors: what the postprocessors run on next is the whole page.

    Extensions run the postprocessors on fragments too (``toc`` on each heading's
    text, before this runs); only the page is judged.
    """

    def __init__(self, md: Markdown, judge: _JudgePostprocessor) -> None:
        super().__init__(md)
        self.judge = judge

    def run(self, root: ET.Element) -> None:
        self.judge.whole_page = True
        # As MkDocs titles a page: by its first element, when that is a heading.
        self.judge.titled = len(root) > 0 and root[0].tag == "h1"


_CODE_TAG = re.compile(r"</?code\b[^>]*>")


def _toc_labels(tokens: list[Any]) -> list[str]:
    """Table-of-contents entries the page's text does not show, as HTML to judge.

    ``data-toc-label``s (as text), and a heading with code in it: the page shows the
    code as code, the table of contents and the navigation as plain text
    (``## Saves in `94 s` `` is "Saves in 94 s" there); its claims stay claims.
    """
    labels, stack = [], list(tokens)
    while stack:
        token = stack.pop()
        if isinstance(token, dict):
            label = token.get("data-toc-label")
            if isinstance(label, str) and label.strip():
                labels.append(f"<p>{html.escape(label)}</p>")
            shown = token.get("html")
            if isinstance(shown, str) and "<code" in shown:
                labels.append(f"<p>{_CODE_TAG.sub('', shown)}</p>")
            stack.extend(token.get("children") or [])
    return labels


def _dropped(path: str, locator: SourceLocator) -> list[Finding]:
    """FX502 at each NUL of the page's source, which the reader never reads: the HTML
    parser drops it (:func:`~fxsite.verify.reading.dropped_characters`)."""
    from fxsite.verify.reading import dropped_characters

    message = (
        "invisible character NULL in the page: a browser drops it and joins what stands "
        "around it; remove it"
    )
    body = locator.source[locator.body :]
    return [
        Finding(path, *locator.line_col(locator.body + at), "FX502", message)
        for at in dropped_characters(body)
    ]


class _JudgePostprocessor(_OfExtension, Postprocessor):
    def _footer_findings(self, ctx: PageContext, locator: SourceLocator | None) -> list[Finding]:
        """Figures Material's footer icons make with the page's own title, at that title
        (its front-matter ``title``, its heading, or 1:1 for its file name's)."""
        own = ctx.own_title
        title = own.text if own else self.title or ctx.name_title
        if not title:
            return []
        found = footer_findings(title, ctx.readers.content_icons, ctx.path, ctx.library)
        place = None if own or locator is None else locator.find(title, "icon", whole=True)
        line, col = (own.line, own.col) if own else (1, 1)
        if place is not None and locator is not None:
            line, col = locator.line_col(place)
        return [replace(f, line=line, col=col) for f in found]

    """The page rules on the rendered page (raw HTML in place): the one reader of its text."""

    def __init__(self, md: Markdown, extension: FxsiteExtension) -> None:
        super().__init__(md, extension)
        self.whole_page = False
        self.titled = False
        #: the title MkDocs takes from the page's heading (:class:`_TitleTreeprocessor`)
        self.title: str | None = None

    def run(self, text: str) -> str:
        if not self.whole_page:
            return text  # a fragment (a heading's text for the table of contents)
        self.whole_page = False
        ctx = self.extension.context()
        if ctx.judge:
            self._judge_body(text, ctx)
            for label in _toc_labels(getattr(self.md, "toc_tokens", [])):
                for finding in judge_rendered(label, ctx.path, ctx.library):
                    ctx.add(finding, finding.code)
            if ctx.locator is not None:
                ctx.findings += _dropped(ctx.path, ctx.locator)
            self._judge_titles(text, ctx)
            self._judge_search_entry(text, ctx)
        if not ctx.checked and self.extension.getConfig("enforce"):
            # Each claim an invalid record leaves unresolved is kept (the gate reads its
            # text again): grouped where findings are told.
            grouped = once_per_invalid_record(ctx.findings)
            errors = [f for f in grouped if f.severity == "error"]
            if errors:  # standalone mode: fail the conversion on any error finding
                raise RefusedError(errors)
        return text

    def _judge_body(self, text: str, ctx: PageContext) -> None:
        """The page's rendered text judged, each finding placed in document order."""
        refused = [*ctx.refused, *_refused_claims(ctx.findings)]
        locator = ctx.locator
        # (findings before it, text passed over, whether a number read and not reported)
        passes: list[tuple[int, str, bool]] = []
        judged = judge_rendered(
            text,
            ctx.path,
            ctx.library,
            refused,
            lambda shown, before, number: passes.append((before, shown, number)),
            ctx.drawn,
            ctx.elsewhere,
            ctx.own,
            ctx.sheets,
        )
        passes.sort(key=lambda p: p[0])  # numbers are told once the page is read
        for at, finding in enumerate(judged):
            # In document order: a refused claim or a number passed over before this
            # finding moves the locator's place first (a figure after it is placed after it).
            while passes and passes[0][0] <= at and locator is not None:
                _, passed, number = passes.pop(0)
                if not number:
                    locator.pass_refused(passed)
                else:
                    locator.pass_read(passed)
            ctx.add(finding, cursor_kind(finding))

    def _judge_titles(self, text: str, ctx: PageContext) -> None:
        """What titles the page outside its text: front matter, the name MkDocs gives it,
        its icon, the footer's links, the icons drawn in its content, its heading's title."""
        if ctx.front is not None:  # its title may repeat the claims the page cites
            # but for Material's heading of a page with none (its "\u003ch1" test)
            drawn = ctx.readers.theme == "material" and "<h1" not in text
            ctx.findings += head_findings(ctx.front, ctx.path, ctx.library, ctx.cited, drawn=drawn)
        if ctx.name_title and not self.titled:
            ctx.findings += name_title_findings(ctx.name_title, ctx.path, ctx.library)
        if ctx.icon is not None and ctx.readers.theme == "material":
            icon, title = ctx.icon
            title = title or (self.title if ctx.heading_title else None) or ctx.name_title
            ctx.findings += icon_title_findings(icon, title, ctx.path, ctx.library)
        if ctx.readers.content_icons and (ctx.own_title or ctx.heading_title):
            ctx.findings += self._footer_findings(ctx, ctx.locator)
        if ctx.readers.content_icons:
            icons = ctx.readers.content_icons
            ctx.findings += icon_findings(text, icons, ctx.path, ctx.library, ctx.locator)
        if ctx.heading_title and self.title:
            shown = [f.text for f in ctx.findings if f.text]
            theme = ctx.readers.theme
            for finding in title_findings(
                self.title, ctx.path, ctx.library, ctx.cited, theme, shown, home=ctx.home
            ):
                ctx.add(finding, finding.code)

    def _judge_search_entry(self, text: str, ctx: PageContext) -> None:
        """The page's search entry, as the project's search plugin makes it."""
        parser = ctx.readers.search_parser
        if parser is not None:
            shown = [f.text for f in ctx.findings if f.text]
            for finding in mkdocs_entry_findings(text, ctx.path, ctx.library, parser, shown):
                ctx.add(finding, finding.code)


class FxsiteExtension(Extension):
    """``markdown_extensions: [fxsite.markdown]`` or an instance from the plugin."""

    def __init__(self, **kwargs: Any) -> None:
        self.config = {
            "evidence_dir": ["evidence", "Folder of the evidence records (standalone mode)."],
            "library_url": ["evidence", "URL folder of the Evidence Library (standalone mode)."],
            "enforce": [True, "Fail the page on any finding (standalone mode)."],
        }
        self._provider: Callable[[], PageContext] | None = None
        self._standalone: PageContext | None = None
        super().__init__(**kwargs)

    def use_context(self, provider: Callable[[], PageContext]) -> None:
        """Plugin mode: ``provider`` returns the current page's context."""
        self._provider = provider

    def context(self) -> PageContext:
        if self._provider is not None:
            return self._provider()
        if self._standalone is None:
            self._standalone = self._load_standalone()
        return self._standalone

    def reset(self) -> None:
        """Between two pages converted by one Markdown instance."""
        if self._standalone is not None:
            self._standalone.findings, self._standalone.claims = [], []
            self._standalone.links = []

    def _load_standalone(self) -> PageContext:
        evidence = Path(str(self.getConfig("evidence_dir")))
        if not evidence.is_dir():
            raise FxsiteError(f"fxsite.markdown: evidence folder '{evidence}' not found")
        library = _cached_library(evidence.resolve())
        errors = [f for f in library.findings if f.severity == "error"]
        if errors and self.getConfig("enforce"):
            raise RefusedError(errors)
        prefix = str(self.getConfig("library_url")).strip("/")

        def href_for(record: str, anchor: str) -> str:
            return f"/{prefix}/{record}/" + (f"#{anchor}" if anchor else "")

        return PageContext(library, href_for, checked=False)

    def extendMarkdown(self, md: Markdown) -> None:
        md.registerExtension(self)
        md.preprocessors.register(_CheckPreprocessor(md, self), "fxsite_check", 40)
        # After normalize_whitespace (30) and other extensions' text, before raw HTML (20).
        md.preprocessors.register(_ConvertedPreprocessor(md, self), "fxsite_converted", 25)
        md.treeprocessors.register(_ClaimTreeprocessor(md, self), "fxsite_claims", 6)
        # Last: after raw HTML and every other extension's output are in place.
        judge = _JudgePostprocessor(md, self)
        md.postprocessors.register(judge, "fxsite_judge", -100)
        md.treeprocessors.register(_SerializedTreeprocessor(md, judge), "fxsite_whole", -1000)
        md.treeprocessors.register(_TitleTreeprocessor(md, self, judge), "fxsite_title", 1)
        md.treeprocessors.register(_HrefTreeprocessor(md, self), "fxsite_hrefs", -1)
        md.treeprocessors.register(_SectionIdTreeprocessor(md), "fxsite_section_ids", 5.2)
        # After toc (5): heading ids and the table of contents come from the plain text.
        md.treeprocessors.register(NobreakTreeprocessor(md), "fxsite_nobreak", 4)
        # A paragraph of many claims: Python-Markdown's links read it once per link; its
        # code spans read it once per run of backticks.
        linear_links(md)
        bounded_code_spans(md)


_LIBRARIES: dict[Path, tuple[tuple[tuple[str, Stamp | None], ...], Any]] = {}


def _cached_library(evidence: Path) -> Any:
    """One library per evidence folder and process, reloaded when a file changes.

    Engines create a Markdown instance per page; loading the records for each
    would make a site's build quadratic.
    """
    from fxsite.evidence.library import load_library

    stamp = tuple((p.name, file_stamp(p)) for p in sorted(evidence.rglob("*.y*ml")))
    cached = _LIBRARIES.get(evidence)
    if cached is None or cached[0] != stamp:
        cached = (stamp, load_library(evidence, Path.cwd()))
        _LIBRARIES[evidence] = cached
    return cached[1]


def makeExtension(**kwargs: Any) -> FxsiteExtension:
    """Entry point for ``markdown_extensions: [fxsite.markdown]``."""
    return FxsiteExtension(**kwargs)


class PageRenderer:
    """Pages converted as the build converts them: the project's Markdown configuration
    (``markdown_extensions`` and their settings from ``mkdocs.yml``) with this extension.

    ``fxsite check`` renders every page with it, so a page is judged by the same
    reader at the same point as in ``fxsite build`` (:mod:`fxsite.pages.judge`).
    """

    def __init__(
        self,
        extensions: list[Any],
        configs: dict[str, Any],
        at_page: Callable[[str], None] | None = None,
    ) -> None:
        """``at_page``, where a setting is the folder of the page being rendered (MkDocs'
        ``!relative`` tag, read when an extension starts): told each page's path before
        it is rendered, with the Markdown made again for it, as MkDocs makes it a page."""
        self._context: PageContext | None = None
        self._at_page = at_page
        extension = FxsiteExtension()
        extension.use_context(self._current)
        names = [e for e in extensions if not isinstance(e, FxsiteExtension)]
        self._extensions, self._configs = [*names, extension], configs
        self.md = self._make() if at_page is None else None

    def _make(self) -> Markdown:
        return Markdown(extensions=self._extensions, extension_configs=self._configs)

    def _current(self) -> PageContext:
        assert self._context is not None
        return self._context

    def render(self, markdown: str, context: PageContext) -> str:
        """``markdown`` rendered; what judging it finds is in ``context.findings``."""
        self._context = context
        if self._at_page is not None:
            self._at_page(context.path)
            self.md = self._make()
        assert self.md is not None
        self.md.reset()
        try:
            return self.md.convert(markdown)
        except RecursionError:  # process_page refuses what nests this deep, first
            message = "the page nests too deeply to render; flatten its nested blocks"
            context.findings.append(Finding(context.path, 1, 1, "FX606", message))
            return ""
        finally:
            self._context = None


def render_page(
    result: PageResult,
    source: str,
    library: Any,
    href_for: HrefFor,
    renderer: PageRenderer | None = None,
    elsewhere: Collection[str] = (),
    src: str | None = None,
    readers: SiteReaders | None = None,
    sheets: PageSheets = NO_SHEETS,
    auto_related: bool = True,
) -> tuple[str, PageContext]:
    """One page processed (``result``), composed, rendered and judged, as the build does.

    Returns the rendered HTML and the page's context: what rendering it found
    (claims the tree refused, bare figures, glued or hidden characters), placed in
    ``source``, and the claims it rendered.
    ``renderer`` defaults to plain Python-Markdown with this extension;
    ``elsewhere`` is :attr:`PageContext.elsewhere`; ``src``, the docs-relative path;
    ``readers``, the site's (:attr:`PageContext.readers`); ``sheets``, the page's
    stylesheet files (:attr:`PageContext.sheets`); ``auto_related``, the plugin's option.
    """
    context = page_context(
        library, href_for, result.path, source, result, elsewhere, src, readers, sheets
    )
    composed = compose(result, library, href_for, auto_related)
    html_text = (renderer or PageRenderer([], {})).render(composed.markdown, context)
    return html_text, context


def check_page(
    source: str,
    path: str,
    library: Any,
    href_for: HrefFor,
    renderer: PageRenderer | None = None,
) -> tuple[str, list[Finding]]:
    """A page in, its HTML and every finding out (:func:`process_page`, then :func:`render_page`)."""
    result = process_page(source, path, library, href_for)
    html_text, context = render_page(result, source, library, href_for, renderer)
    return html_text, [*result.findings, *context.findings]
