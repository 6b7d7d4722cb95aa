"""One content page's source: blocks rendered, front matter read.

:func:`process_page` is the pure function every edge calls: it takes a page's
source and the library and returns the Markdown to render plus the findings of
its source (blocks, front matter and its plain-text fields, what cannot render
safely). The page's evidence links stay as written: Markdown finds them and the
claims treeprocessor resolves them (:mod:`fxsite.markdown`); bare figures in the
page's text are found on the rendered page (:mod:`fxsite.pages.judge`). It never
reads files and never knows about MkDocs; URLs come from the caller.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field, replace

from fxsite.evidence.library import Library
from fxsite.findings import Finding
from fxsite.pages.blocks import BLOCK_KINDS, ChartDrawer, render_block
from fxsite.pages.claims import (
    Claim,
    HrefFor,
    resolve_claim,
)
from fxsite.pages.field_advice import plain_message
from fxsite.pages.frontmatter import (
    FaqItem,
    FrontMatter,
    Related,
    TextAt,
    read_front_matter,
    split_front_matter,
)
from fxsite.pages.judge import judge_plain
from fxsite.pages.language import DEFAULT, page_language, page_tag
from fxsite.pages.locate import SourceLocator
from fxsite.pages.prose import find_evidence_links, writes_evidence
from fxsite.render.code_spans import MAX_CODE_RUNS, code_runs
from fxsite.render.link_brackets import unclosed_link_tails
from fxsite.render.messages import message

__all__ = [
    "MAX_NESTING",
    "FaqEntry",
    "PageResult",
    "ShownClaims",
    "check_prose",
    "head_findings",
    "process_page",
    "too_deep",
]


#: ``offset in a text -> (line, col) in the file``
Positioner = Callable[[int], tuple[int, int]]

_FENCE = re.compile(r"^(?P<fence>`{3,}|~{3,})[ \t]*(?P<kind>[\w-]+)[^\n]*$")


@dataclass(frozen=True)
class FaqEntry:
    """A FAQ item, rendered: the answer as Markdown and as plain text."""

    question: str
    answer_markdown: str
    answer_text: str
    #: the answer cites a claim that does not resolve (its page reports it)
    refused: bool = False


@dataclass
class PageResult:
    """What :func:`process_page` makes of one page."""

    path: str
    markdown: str
    findings: list[Finding] = field(default_factory=list)
    #: the claims of its checked blocks; the build adds those its text cites once the
    #: page is rendered (the claims treeprocessor's)
    claims: list[Claim] = field(default_factory=list)
    front: FrontMatter = field(default_factory=FrontMatter)
    faq: list[FaqEntry] = field(default_factory=list)
    #: the page's language (:func:`fxsite.pages.language.page_language`)
    lang: str = DEFAULT
    #: the language it is written in, as the tag it declares (``ja``, ``zh-TW``:
    #: :func:`fxsite.pages.language.page_tag`)
    tag: str = DEFAULT
    #: texts of the claims and figures reported here that the rendered page shows
    #: again (a block's cell, an FAQ question):
    #: the page reader does not report them twice (:mod:`fxsite.pages.judge`)
    reported: list[str] = field(default_factory=list)
    #: ids of the charts drawn into ``markdown`` (from checked blocks: the page reader
    #: leaves them to the gate, which draws them again from the evidence)
    drawn: list[str] = field(default_factory=list)
    #: its source writes an evidence URL in some form (:func:`~.claims.writes_evidence`)
    cites: bool = False

    @property
    def related(self) -> list[Related]:
        return self.front.related

    @property
    def records(self) -> list[str]:
        """IDs of the records the page cites, in order of first citation."""
        return list(dict.fromkeys(c.record for c in self.claims))


#: What a bare figure inside an evidence link of a plain-text field is told.
_LINK_NOT_READ = (
    "bare figure '{}': this field is plain text, where an evidence link is not read; "
    "cite the figure in the page's text (or the FAQ answer)"
)


def check_prose(
    text: str,
    path: str,
    pos: Positioner,
    library: Library,
    cited: Iterable[str] = (),
    *,
    markup: bool = False,
    told: Callable[[str], str] | None = None,
) -> list[Finding]:
    """Bare figures in plain text (a front-matter title or description, an FAQ question).

    Read by the page reader (:func:`fxsite.pages.judge.judge_rendered`) as the
    text the theme shows. Links are not read there: a figure inside an evidence
    link is shown bare, and the message says so instead of suggesting the link
    already written. ``cited``: texts a figure may repeat (the page's claims, as
    shown), by the gate's rule for copies (:func:`fxsite.verify.copies.covered`).
    ``told`` gives a bare figure's message, as the field's advice
    (:func:`fxsite.pages.field_advice.plain_message`).
    """
    from fxsite.verify.copies import Allowed, covered
    from fxsite.verify.visible import normalise

    unread = [(link.start, link.end) for link in find_evidence_links(text)]
    copies = [Allowed(normalise(c) for c in cited)]
    locator = SourceLocator(text)
    findings = []
    for finding in judge_plain(text, path, library, markup=markup):
        shown = finding.text or ""
        first = text.find(shown) if shown else -1
        if (
            finding.code == "FX501"
            and first >= 0
            and covered(text, first, first + len(shown), copies)
        ):
            continue
        at = locator.find(finding.text, finding.code) if finding.text else None
        line, col = pos(at or 0)
        message = finding.message
        if at is not None and any(start <= at < end for start, end in unread):
            message = _LINK_NOT_READ.format(finding.text)  # not "did you mean" that same link
        elif told is not None and finding.code == "FX501" and shown:
            message = told(shown)
        findings.append(replace(finding, line=line, col=col, message=message))
    return findings


def _segments(body: str) -> list[tuple[str, str, int]]:
    """Split the body into ``(kind, text, first line)``; kind '' is Markdown."""
    lines = body.split("\n")
    segments: list[tuple[str, str, int]] = []
    start, i = 0, 0
    while i < len(lines):
        match = _FENCE.match(lines[i])
        if match and match["kind"] in BLOCK_KINDS:
            fence = match["fence"]
            end = i + 1
            while end < len(lines) and not lines[end].strip().startswith(fence):
                end += 1
            segments.append(("", "\n".join(lines[start:i]), start))
            segments.append((match["kind"], "\n".join(lines[i + 1 : end]), i + 1))
            start = i = end + 1
            continue
        i += 1
    segments.append(("", "\n".join(lines[start:]), start))
    return segments


#: An evidence block's fence inside a container: indented (an admonition, a list item, a
#: content tab) or quoted (each ``>`` starts a repetition: linear on a line of thousands).
_NESTED_FENCE = re.compile(
    r"(?P<lead>[ \t]*(?:>[ \t]*)+|[ \t]+)(?P<fence>`{3,}|~{3,})[ \t]*(?P<kind>[\w-]+)"
)


def _nested_blocks(body: str) -> list[tuple[int, int, str]]:
    """(line, column, message) of each evidence block written inside a container: fxsite
    renders its blocks at a page's top level, so one in an admonition, a list item or a
    quote would be published as its source, unchecked (blind16). Not inside a top-level
    fence: that is code."""
    found = []
    fence = ""  # the top-level code fence the line is in
    for line, text in enumerate(body.split("\n")):
        top = _FENCE.match(text)
        if fence:
            fence = (
                "" if text.strip().startswith(fence) and not text.strip(fence[0]).strip() else fence
            )
            continue
        if top is not None:
            fence = top["fence"]
            continue
        match = _NESTED_FENCE.match(text)
        if match is not None and match["kind"] in BLOCK_KINDS:
            message = (
                f"an {match['kind']} block inside an admonition, a list item or a quote is "
                "not rendered (it would be published as its source): write it at the page's "
                "top level, not indented"
            )
            found.append((line, match.start("fence") + 1, message))
    return found


def _text_positioner(item: TextAt) -> Positioner:
    return item.pos


def _faq(items: list[FaqItem], path: str, library: Library, result: PageResult) -> list[Finding]:
    """The FAQ's answers put into ``result``; returns what only their JSON-LD shows.

    An answer's claims are resolved where it is rendered, on the page (its FAQ
    section): here they only give the JSON-LD's plain text its figures as shown.
    """
    if not items:
        return []
    from fxsite.pages.faq import question_unit_findings  # faq.py reads pages: imported here

    structured: list[Finding] = []
    for item in items:
        told = _told(library, item.q.text, "an FAQ question", cite_in="its answer")
        result.findings.extend(
            check_prose(item.q.text, path, _text_positioner(item.q), library, told=told)
        )
        claims = ShownClaims(library, result.lang)
        text = reader_text(item.a.text, claims=claims, marked=True)
        result.faq.append(FaqEntry(item.q.text, item.a.text, text, bool(claims.refused)))
        result.findings.extend(question_unit_findings(item, text, path, library))
        # The FAQ's JSON-LD shows the answer as plain text, code included: a figure only
        # its code shows is reported here (the page reader reports the rest, as shown).
        prose = reader_text(item.a.text, code=False, claims=ShownClaims(library, result.lang))
        in_prose = {f.text for f in check_prose(prose, path, item.a.pos, library)}
        in_answer = SourceLocator(item.a.text)
        where = "an FAQ answer's code, shown as text in the FAQ's structured data"
        told = _told(library, text, where, cite_in="the answer's text")
        for finding in check_prose(text, path, item.a.pos, library, claims.shown, told=told):
            if finding.text in in_prose:
                continue
            at = in_answer.find(finding.text or "")  # placed in the answer as written
            line, col = item.a.pos(at or 0)
            structured.append(replace(finding, line=line, col=col))
    return structured


@dataclass
class ShownClaims:
    """The evidence links :func:`reader_text` read: each that resolves reads as its claim
    shows it (``shown``), each that does not as its text (``refused``)."""

    library: Library
    lang: str
    resolved: list[Claim] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)

    @property
    def shown(self) -> list[str]:
        return [claim.display for claim in self.resolved]


def reader_text(
    markdown_text: str,
    *,
    code: bool = True,
    claims: ShownClaims | None = None,
    marked: bool = False,
) -> str:
    """What a reader reads of ``markdown_text``: converted, tags dropped, spaces collapsed
    (``code=False``: code left out, as the page reader leaves it out).

    ``*fast*`` reads "fast" and ``a `b` c`` reads "a b c": the FAQ's JSON-LD
    carries an answer so. Plain Python-Markdown: the site's own extensions
    (typographic quotes, say) may still render the page's answer otherwise.
    ``claims``: evidence links read as claims (:class:`ShownClaims`); ``marked``: an
    estimate's claim followed by its label, "4.7% (estimate)", as the FAQ's JSON-LD
    writes it (a search engine shows no "est." mark: blind63).
    """
    import markdown
    from selectolax.lexbor import LexborHTMLParser

    body = LexborHTMLParser(markdown.markdown(markdown_text)).body
    if body is None:
        return ""
    for link in body.css('a[href^="evidence:"]') if claims is not None else ():
        assert claims is not None
        text, dest = link.text(), link.attributes.get("href") or ""
        claim = resolve_claim(text, dest, claims.library, lang=claims.lang)
        if isinstance(claim, Claim):
            claims.resolved.append(claim)
            said = claim.display
            if marked and claim.label == "estimate":
                said += f" ({message('label.estimate', claims.lang)})"
            link.replace_with(said)
        else:
            claims.refused.append(text)
    if not code:  # its prose only
        for node in body.css("code, pre"):
            node.decompose()
    return " ".join(body.text(separator="").split())


def process_page(
    source: str,
    path: str,
    library: Library,
    href_for: HrefFor,
    draw: ChartDrawer | None = None,
    site_lang: str | None = None,
    printed: Collection[str] = (),
    front: FrontMatter | None = None,
) -> PageResult:
    """Check and rewrite one page. ``path`` names it in findings.

    ``draw`` renders charts; without it charts are checked but left out.
    ``site_lang`` is the site's language (Material's ``theme.language``), for
    a page whose front matter and path name none. ``printed``: the front-matter
    keys whose values the site's templates print. ``front``: the page's front
    matter read already (a file of Material's ``meta`` plugin), else ``source``'s.

    The page's evidence links stay as written: Markdown finds them, and the
    claims treeprocessor of :mod:`fxsite.markdown` resolves them where it renders
    them, as it judges what its front matter's title and description repeat of
    them (:func:`head_findings`). ``claims`` holds its checked blocks' claims.
    """
    front = read_front_matter(source, path, printed) if front is None else front
    lang = page_language(path, front.data.get("lang"), site_lang)
    tag = page_tag(path, front.data.get("lang"), site_lang)
    result = PageResult(path, "", front=front, lang=lang, tag=tag, cites=writes_evidence(source))
    result.findings.extend(front.findings)
    _, body, first_line = split_front_matter(source)
    unrenderable = _unrenderable(body)
    if unrenderable is not None:
        line, message = unrenderable
        result.findings.append(Finding(path, first_line + line, 1, "FX606", message))
        # Python-Markdown would exhaust the stack, or take minutes: the page renders as a notice.
        result.markdown = "This page was refused: it cannot be rendered safely.\n"
        return result
    result.findings += [
        Finding(path, first_line + line + 1, col, "FX604", message)
        for line, col, message in _nested_blocks(body)
    ]
    pieces: list[str] = []
    unshown: set[int] = set()  # (ids of) a block's findings on text it does not render
    for n, (kind, text, line) in enumerate(_segments(body)):
        if not kind:
            pieces.append(text)
            continue
        out, claims, findings = render_block(
            kind, text, path, first_line + line, library, href_for, f"fx-chart-{n}", draw, lang
        )
        if kind == "evidence-chart" and out.strip():
            result.drawn.append(f"fx-chart-{n}")
        pieces.append(out)
        result.claims.extend(claims)
        result.findings.extend(findings)
        unshown.update(id(f) for f in findings if f.text and not _renders(out, f.text))
    structured = _faq(front.faq, path, library, result)
    result.markdown = "\n".join(pieces)
    # What the page shows of its findings' texts: each is not reported again as bare. A
    # block refused whole renders none of its claims (blind22: its card's "38.5 GB/s"
    # hid the same figure written bare further down, and misplaced the next finding).
    result.reported = [
        f.text for f in result.findings if f.code[:3] in _SHOWN and f.text and id(f) not in unshown
    ]
    result.findings = [*result.findings, *structured]
    return result


def head_findings(
    front: FrontMatter, path: str, library: Library, cited: list[str], *, drawn: bool = False
) -> list[Finding]:
    """Findings of the front matter's words the theme shows, not in the page's text.

    The title and description, like the navigation and the search index, may
    repeat a figure the page cites (``cited``: its claims as shown), as the
    build's last gate allows. Material's ``subtitle`` and ``tags`` and the
    titles of ``related`` entries may not; nor may the title where the theme
    draws it as the page's heading (``drawn``: Material does so on a page with no
    ``<h1>``), a figure bare in the page's text (blind29).
    """
    findings = []
    for shown in front.shown:
        told = _told(library, shown.text, "a front-matter field shown with the page")
        pos = _text_positioner(shown)
        findings.extend(check_prose(shown.text, path, pos, library, markup=True, told=told))
    for name, item in (("title", front.title), ("description", front.description)):
        if item is not None:
            # The theme writes them unescaped: entities and tags are read as drawn too.
            pos = _text_positioner(item)
            then = f"the {name} may then repeat it"
            may_repeat = cited
            cite_in = "the page's text"
            if drawn and name == "title":
                # blind69: the text citing it does not help; a heading of its own does
                then = (
                    "the theme draws the title as the page's heading while the page has none; "
                    "with one, the title may repeat it"
                )
                cite_in = "a heading of the page's own ('# ' and the claim)"
                may_repeat = []
            told = _told(library, item.text, f"the page's {name}", cite_in, then=then)
            findings.extend(
                check_prose(item.text, path, pos, library, may_repeat, markup=True, told=told)
            )
    return findings


def _told(
    library: Library, context: str, where: str, cite_in: str = "the page's text", then: str = ""
) -> Callable[[str], str]:
    """A plain field's message for a bare figure (:func:`~fxsite.pages.field_advice.plain_message`)."""
    return lambda shown: plain_message(shown, library, context, where, cite_in=cite_in, then=then)


#: Claims (FX4xx) and figures (FX5xx): what a page reports that its rendering shows again.
_SHOWN = ("FX4", "FX5")


def _renders(out: str, text: str) -> bool:
    """Whether a block's output ``out`` (Markdown or HTML) holds ``text``."""
    return text in out or html.escape(text, quote=False) in out


#: Deepest nesting a page may have: indentation levels of four columns, or ``>``
#: quote markers. Python-Markdown recurses once per level and exhausts the
#: stack somewhere past 250; no real page comes near this limit.
MAX_NESTING = 64
_QUOTES = re.compile(r"[ >]*")


def too_deep(body: str) -> tuple[int, int] | None:
    """``(1-based line, level)`` of the first line nested past :data:`MAX_NESTING`.

    Nested HTML blocks count too (``<div markdown>`` inside one another, which
    ``md_in_html`` renders by recursion): an upper estimate, in one linear pass.
    """
    if body.count("<") > MAX_NESTING:
        from fxsite.verify.visible import nesting

        level = nesting(body)
        if level > MAX_NESTING:
            # The first line whose prefix nests too deep (deepest only grows with the prefix).
            lines = body.split("\n")
            low, high = 1, len(lines)
            while low < high:
                middle = (low + high) // 2
                if nesting("\n".join(lines[:middle])) > MAX_NESTING:
                    high = middle
                else:
                    low = middle + 1
            return low, level
    for number, line in enumerate(body.split("\n"), start=1):
        if not line.startswith((" ", "\t", ">")):
            continue  # level 0
        expanded = line.expandtabs(4)
        indent = len(expanded) - len(expanded.lstrip(" "))
        quotes = len(_QUOTES.match(line).group().replace(" ", ""))  # type: ignore[union-attr]
        level = max(indent // 4, quotes)
        if level > MAX_NESTING:
            return number, level
    return None


#: Most unmatched ``[`` or ``<`` one paragraph may hold: Python-Markdown's inline
#: patterns look for the end of each from where it opens (quadratic: 2,000 take
#: half a second, 10,000 a minute). No page written by a person comes near.
MAX_UNMATCHED = 500
#: Longest run of one inline marker (``*``, ``_``, ``~``, ``^``, ``=``, ``+``) beside
#: other text: Python-Markdown nests an element for each pair and the tree past about
#: 1,000 levels exhausts the stack (``'*' * 2000 + 'x' + '*' * 2000``). A rule line
#: (``*****`` alone) is no emphasis and is left alone.
MAX_MARKER_RUN = 128
_MARKER_RUN = re.compile(rf"([*_~^=+])\1{{{MAX_MARKER_RUN},}}")


def _marker_run(body: str) -> tuple[int, str] | None:
    """``(1-based line, message)`` of the first run of markers past :data:`MAX_MARKER_RUN`."""
    for number, line in enumerate(body.split("\n"), 1):
        run = _MARKER_RUN.search(line)
        if run is not None and line.strip(run.group(1) + " \t"):
            return number, (
                f"a run of {len(run.group())} '{run.group(1)}' nests too deeply to render; "
                f"the limit is {MAX_MARKER_RUN}: escape them (\\{run.group(1)}) or shorten it"
            )
    return None


def _unrenderable(body: str) -> tuple[int, str] | None:
    """``(1-based line, message)`` where ``body`` is past what renders safely, or None."""
    line = 1
    for block in body.split("\n\n"):
        for opening, closing in (("[", "]"), ("<", ">")):
            unmatched = block.count(opening) - block.count(closing)
            if unmatched > MAX_UNMATCHED:
                return line, (
                    f"{unmatched} unmatched '{opening}' in one paragraph; the limit is "
                    f"{MAX_UNMATCHED}: escape them (\\{opening}) or split the paragraph"
                )
        tails = unclosed_link_tails(block) if "](" in block else 0
        if tails > MAX_UNMATCHED:
            return line, (
                f"{tails} links in one paragraph whose '](' is not closed by a ')'; the limit "
                f"is {MAX_UNMATCHED}: escape them (\\]\\() or close each link"
            )
        runs = code_runs(block) if "`" in block else 0
        if runs > MAX_CODE_RUNS:
            return line, (
                f"{runs} runs of backticks in one paragraph; the limit is {MAX_CODE_RUNS}: "
                "escape them (\\`) or split the paragraph"
            )
        line += block.count("\n") + 2
    run = _marker_run(body)
    if run is not None:
        return run
    deep = too_deep(body)  # after the counts: tags left open make its scan slow
    if deep is not None:
        line, level = deep
        return line, (
            f"nested {level} levels deep (lists, quotes, indented or HTML blocks); the limit is "
            f"{MAX_NESTING}: flatten this part of the page"
        )
    return None
