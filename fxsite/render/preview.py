"""A page's findings where its writer looks: in the page, under ``mkdocs serve``.

Under ``serve`` (and in a build that does not enforce) a refused page still
renders; :func:`with_findings` shows why, in the page itself:

* each figure or claim a finding quotes is marked where it stands
  (``<mark class="fx-flag">``, like an editor's squiggle), its code and line
  on hover and focus, and linked to the finding it belongs to;
* a box at the top lists every finding of the page with its source place,
  code and message, one per fault, as ``fxsite check`` prints them; a place
  whose text is marked links to the mark. It says "would refuse" when one is
  an error, and "warns" when all are warnings.

Each page of the preview also lists, in a second box, the findings of the site's files
that are no page (:func:`elsewhere_box`): records, ``mkdocs.yml``, templates.

The Evidence Library's pages show their records' findings in the box (their
text, rendered from the evidence, is not marked): a record's page, those in its
file (a record that could not be read keeps its page, which says so); the
library's index, those in every record's file.

The finding's words are set as code (``<code>``): a reader, and the build's
last gate, read them as the tool's output, not as the page's claims, so the
box adds no figure of its own to the page.
"""

from __future__ import annotations

import html
import re
from bisect import bisect_right
from collections.abc import Collection

from fxsite.findings import Finding, bound_findings, once_per_invalid_record

__all__ = [
    "Body",
    "elsewhere_box",
    "findings_box",
    "mark_findings",
    "published_box",
    "with_findings",
]

#: Findings of the site's other files listed on each page; past them, a count.
ELSEWHERE_LISTED = 12

_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9-]*)?[^<>]*>")
#: Text inside these is never marked: code, and a claim (an ``<a class="fx-claim">``: its
#: markup is checked as rendered). Another link's text is marked: a figure stands there
#: too, and its finding ("inside another link's text") was marked on the next copy of its
#: text, leaving that copy's own finding unmarked (blind73, finding 9).
_UNMARKED = frozenset({"code", "pre", "script", "style"})
_CLAIM_LINK = re.compile(r"""<a\b[^>]*\bclass=["'][^"']*\bfx-claim\b""", re.IGNORECASE)


def findings_box(
    findings: list[Finding],
    marked: Collection[int] = (),
    what: str = "this page",
    *,
    name: str = "fx-findings",
    more: int = 0,
) -> str:
    """The list of a page's findings, as HTML (empty for none); ``marked``: the numbers
    (from 1) of those marked in the page, whose places link to their mark; ``what`` the
    findings are of ("this record" on a record's page). ``name``: the box's class, and
    its items' ids (``fx-finding-1``: a page's box); ``more``: findings not listed."""
    if not findings:
        return ""
    items = []
    item = name.removesuffix("s")
    for n, f in enumerate(findings, start=1):
        place = f"<code>{html.escape(f'{f.path}:{f.line}:{f.col}')}</code>"
        if n in marked:
            place = f'<a href="#fx-flag-{n}">{place}</a>'
        items.append(
            f'<li id="{item}-{n}">{place} '
            f"<code>{html.escape(f.code)}</code> <code>{html.escape(f.message)}</code></li>"
        )
    told = f"<p><code>and {more} more: run fxsite check</code></p>" if more > 0 else ""
    refuses = any(f.severity == "error" for f in findings)
    kind, title = (
        ("failure", f"fxsite would refuse {what}")
        if refuses
        else ("warning", f"fxsite warns about {what}")
    )
    return (
        f'<div class="admonition {kind} {name}" role="alert" data-search-exclude>'
        f'<p class="admonition-title">{title}</p>'
        f"<ol>{''.join(items)}</ol>{told}</div>\n"
    )


def _in_order(findings: list[Finding]) -> list[Finding]:
    """``findings`` in source order, past :data:`~fxsite.findings.MAX_PER_FILE` a file one."""
    return bound_findings(sorted(findings, key=lambda f: (f.path, f.line, f.col)))


def elsewhere_box(findings: list[Finding]) -> str:
    """The refusals of the site's files that are no page (records, ``mkdocs.yml``, theme
    templates, stylesheets, files published as they are), shown on every page of the
    preview: the build refuses the site for them whatever page is open, and a page's own
    box alone looked clean (blind65). Empty for none."""
    if not findings:
        return ""
    ordered = _in_order(findings)
    # Its own class and ids (fx-site-finding-1): a page's box has fx-findings' own.
    return findings_box(
        ordered[:ELSEWHERE_LISTED],
        what="this site: in its other files",
        name="fx-site-findings",
        more=len(ordered) - ELSEWHERE_LISTED,
    )


def published_box(page: str, own: list[Finding], other: list[Finding]) -> str:
    """A written page (``page``: its whole HTML) with the findings of the written site in
    it, under ``serve``: the gate reads the site once its pages are written, so its
    findings on this page (``own``) and on the site's other files (``other``) are put in
    after (blind65: they reached the terminal alone). The boxes go first in the page's
    article (Material's), else first in its body."""
    mine, site = _in_order(own), _in_order(other)
    boxes = findings_box(mine, what="this page as published", name="fx-published-findings")
    boxes += findings_box(
        site[:ELSEWHERE_LISTED],
        what="this site as published",
        name="fx-published-site-findings",
        more=len(site) - ELSEWHERE_LISTED,
    )
    at = _ARTICLE.search(page) or _BODY.search(page)
    return page[: at.end()] + boxes + page[at.end() :] if at else boxes + page


#: Where :func:`published_box` puts its boxes: after the article's start tag (where the
#: theme styles them as the page's own box), else the body's.
_ARTICLE = re.compile(r"<article\b[^>]*>")
_BODY = re.compile(r"<body\b[^>]*>")


def _text_spans(page: str) -> list[tuple[int, int]]:
    """``(start, end)`` of the text between tags, in order, outside claims and code."""
    spans, last, inside, claim = [], 0, 0, False
    for tag in _TAG.finditer(page):
        if tag.start() > last and not inside and not claim:
            spans.append((last, tag.start()))
        last = tag.end()
        closing, name = tag.group(1), (tag.group(2) or "").lower()
        if name == "a":  # links do not nest: a claim ends at the next </a>
            claim = not closing and _CLAIM_LINK.match(tag.group()) is not None
        elif name in _UNMARKED and not tag.group().endswith("/>"):
            inside = max(0, inside - 1) if closing else inside + 1
    if not inside and not claim:
        spans.append((last, len(page)))
    return spans


#: Where a page's body is written: its source's path and the line its body starts on (after
#: its front matter). Only a finding placed there is marked in the rendered body.
Body = tuple[str, int]


def mark_findings(page: str, findings: list[Finding], body: Body | None = None) -> str:
    """``page`` with the first unmarked occurrence of each finding's text marked, in order.

    A text split by markup (``*1.9*x``) is not found whole in one text run and
    is left to the list.
    """
    return _marked(page, _marks(page, findings, body))


def _in_body(finding: Finding, body: Body | None) -> bool:
    """Whether ``finding`` is placed in the page's body: one placed in its front matter
    (its description, its title) or in another file (``mkdocs.yml``) is about text the body
    does not show, and marking the body's first copy of it put its mark on another
    finding's text (blind72: a description's "20 GB/s" marked on a table cell's)."""
    return body is None or (finding.path == body[0] and finding.line >= body[1])


def _marks(
    page: str, findings: list[Finding], body: Body | None = None
) -> list[tuple[int, int, int, Finding]]:
    """Where each finding's text is marked: (start, end, its number from 1, the finding).

    Each text is looked for from the last mark on, in the whole page at once (a text
    that is not there costs one scan, not one a text run), and kept where it falls
    within one text run. Only findings placed in the body (``body``: :func:`_in_body`).
    """
    spans = _text_spans(page)
    starts = [start for start, _ in spans]
    marks: list[tuple[int, int, int, Finding]] = []
    cursor = 0
    for n, finding in enumerate(findings, start=1):
        if not finding.text or not _in_body(finding, body):
            continue
        needle = html.escape(finding.text, quote=False)
        # a claim's finding (FX4xx, as the page reader tells refused claims)
        claim = finding.on_claim
        refused = _refused_claim(page, needle, cursor) if claim else None
        if refused is not None:  # blind65: not "94 s" of a claim that stands, or of prose
            marks.append((refused, refused + len(needle), n, finding))
            cursor = refused + len(needle)
            continue
        at = page.find(needle, cursor)
        while at >= 0:
            i = bisect_right(starts, at) - 1  # the text run it starts in, if any
            if i >= 0 and at + len(needle) <= spans[i][1]:
                marks.append((at, at + len(needle), n, finding))
                cursor = at + len(needle)
                break
            at = page.find(needle, at + 1)  # in a tag, a link or code, or across runs
    return marks


#: How a refused claim starts (:func:`fxsite.markdown.refused_claim`).
_REFUSED_START = '<span class="fx-claim-refused"'


def _refused_claim(page: str, needle: str, cursor: int) -> int | None:
    """Where the first refused claim from ``cursor`` on whose whole text is ``needle``
    starts its text, or None: a claim's finding is marked on that claim."""
    at = page.find(_REFUSED_START, cursor)
    while at >= 0:
        text = page.find(">", at) + 1
        if page.startswith(needle + "</span>", text):
            return text
        at = page.find(_REFUSED_START, text)
    return None


def _marked(page: str, marks: list[tuple[int, int, int, Finding]]) -> str:
    out, last = [], 0
    for start, end, n, finding in marks:
        hint = html.escape(f"{finding.code}, line {finding.line}: see the list at the top")
        out.append(page[last:start])
        out.append(
            f'<mark class="fx-flag" id="fx-flag-{n}" tabindex="0" title="{hint}" '
            f'aria-describedby="fx-finding-{n}">{page[start:end]}</mark>'
        )
        last = end
    out.append(page[last:])
    return "".join(out)


def with_findings(
    page: str,
    findings: list[Finding],
    *,
    mark: bool = True,
    what: str = "this page",
    body: Body | None = None,
) -> str:
    """``page`` (a page's rendered content) with its findings shown in it, in source order;
    each listed finding whose text is marked links to its mark. Without ``mark``, the box
    only: a generated page's text is rendered from evidence, and checked as rendered.
    ``what``: what the findings are of, as the box's title says it; ``body``: where the
    page's body is written (only findings placed there are marked; None: any)."""
    if not findings:
        return page
    # Past MAX_PER_FILE, the rest are one finding: a mark is looked for through the page.
    ordered = bound_findings(
        once_per_invalid_record(sorted(findings, key=lambda f: (f.path, f.line, f.col)))
    )
    marks = _marks(page, ordered, body) if mark else []
    return findings_box(ordered, {n for _, _, n, _ in marks}, what) + _marked(page, marks)
