"""FAQs: schema.org FAQPage JSON-LD and the site-wide FAQ page.

Answers are prose like any other: rendered on their page (its FAQ section), where
their claims are resolved and their bare figures refused (:mod:`fxsite.markdown`). A question that states a unit as a table
header does ("Save time, seconds?") governs its answer's bare number as a header governs
a cell's: the answer "96" reads "96 s" (:func:`question_unit_findings`,
:mod:`fxsite.pages.question_units`). The JSON-LD carries the answer as the
reader sees it, with each claim's value as displayed, escaped: schema.org reads an
Answer's text as HTML, and the page shows the answer as text.
"""

from __future__ import annotations

import html
import json
import posixpath
import re

from fxsite.evidence.library import Library
from fxsite.findings import Finding
from fxsite.pages.advice import advise
from fxsite.pages.claims import Claim, escape_markdown, resolve_claim
from fxsite.pages.frontmatter import FaqItem
from fxsite.pages.language import reading_language
from fxsite.pages.locate import SourceLocator
from fxsite.pages.page import PageResult, ShownClaims, reader_text
from fxsite.pages.question_units import question_unit
from fxsite.pages.site import SiteIndex
from fxsite.pages.stated_numbers import governed
from fxsite.render.messages import message

__all__ = ["faq_json_ld", "faq_schema", "question_unit_findings", "site_faq_markdown"]


def question_unit_findings(
    item: FaqItem, answer: str, path: str, library: Library
) -> list[Finding]:
    """The bare number an FAQ ``answer`` (as a reader reads it) is, read in the unit its
    question states (:func:`~fxsite.pages.question_units.question_unit`; :func:`governed`),
    at the number in the answer as written."""
    stated = question_unit(item.q.text)
    read = governed(answer.strip(), *stated) if stated is not None else None
    if read is None:
        return []
    shown = answer.strip()[read.start : read.end]
    where = f" (read as '{read.found}', {read.said})"
    context = f"{item.q.text} {answer}"
    advice = advise(read.found, library, context=context, shown=shown, where=where)
    at = SourceLocator(item.a.text).find(shown)
    line, col = item.a.pos(at or 0)
    return [Finding(path, line, col, "FX501", advice.message, text=shown)]


def faq_schema(result: PageResult) -> dict[str, object]:
    """The schema.org FAQPage object of a page."""
    return {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        "mainEntity": [
            {
                "@type": "Question",
                "name": entry.question,
                # An Answer's text is read as HTML (schema.org): the page's plain text,
                # escaped, reads as the page shows it ("96 <b>s</b>", not "96 s").
                "acceptedAnswer": {
                    "@type": "Answer",
                    "text": html.escape(entry.answer_text, quote=False),
                },
            }
            for entry in result.faq
        ],
    }


def faq_json_ld(result: PageResult) -> str:
    """A ``<script type="application/ld+json">`` element for the page head."""
    text = json.dumps(faq_schema(result), ensure_ascii=False, sort_keys=True)
    # "<" escaped so no answer can close the script element.
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return f'<script type="application/ld+json">{text}</script>'


def site_faq_markdown(index: SiteIndex, library: Library, faq_src: str, lang: str = "en") -> str:
    """Every page's FAQ on one page, claims re-rendered, with links back: the pages in the
    site's language ``lang`` (blind63: a Chinese page's questions stood in the English
    FAQ; blind73: a Japanese one's too), or every page where none is."""
    from fxsite.pages.sections import legend_example, marker_legend

    parts: list[str] = []
    labels: set[str] = set()
    cited: list[tuple[str, str]] = []  # its claims' records and labels: the legend's example
    asking = [s for s in sorted(index.pages) if index.pages[s].result.front.faq]
    ours = [s for s in asking if reading_language(index.pages[s].result.tag) == lang]
    for src in ours or asking:
        page = index.pages[src]
        items = page.result.front.faq
        if not items:
            continue
        back = posixpath.relpath(src, posixpath.dirname(faq_src) or ".")
        # Another page's title, linked to it, as a "Related reading" list shows one: its
        # claims' texts are that page's, judged there (blind79: refused here as bare).
        title = f"[{escape_markdown(page.title)}]({back})"
        parts.append(f'## <span class="fx-related">{title}</span>\n')
        for item, entry in zip(items, page.result.faq, strict=False):
            # An answer citing a claim that does not resolve is reported on its page; here
            # that claim is its text, and the rest stay claims.
            kept = (
                _refused_as_text(item.a.text, library, page.result.lang)
                if entry.refused
                else item.a.text
            )
            # Else as the reader reads it.
            answer = kept if kept is not None else escape_markdown(entry.answer_text)
            claims = ShownClaims(library, page.result.lang)
            reader_text(answer, claims=claims)
            labels |= {c.label for c in claims.resolved if c.value is not None}
            cited += [(c.record, c.label) for c in claims.resolved]
            parts.append(f"### {escape_markdown(item.q.text)}\n\n{answer}\n")
    if not parts:
        return f"{message('faq_none', lang)}\n"
    # in the site's language, as the gate reads a legend (blind78: a Chinese site's FAQ
    # page had the English legend, and the build refused it)
    legend = marker_legend(labels, lang, example=legend_example(cited))
    parts.append(f"## {message('legend', lang)}\n\n{legend}\n")
    return "\n".join(parts)


#: An inline evidence link as an FAQ answer writes it: ``[94 s](evidence:R1#save_time)``.
_EVIDENCE_LINK = re.compile(r"\[(?P<text>[^\[\]]*)\]\((?P<dest>evidence:[^()\s]*)\)")


def _refused_as_text(answer: str, library: Library, lang: str) -> str | None:
    """``answer`` with each evidence link that does not resolve written as its text;
    None when a link that does not resolve is left (one written otherwise)."""

    def plain(match: re.Match[str]) -> str:
        claim = resolve_claim(match["text"], match["dest"], library, lang=lang)
        return match[0] if isinstance(claim, Claim) else escape_markdown(match["text"])

    out = _EVIDENCE_LINK.sub(plain, answer)
    left = ShownClaims(library, lang)
    reader_text(out, claims=left)
    return None if left.refused else out
