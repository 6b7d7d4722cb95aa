"""Sections fxsite adds to every content page.

A one-sentence note on estimates (after the lead), the FAQ, "Data sources" and "Related
reading" (a placeholder, filled once every page is known). Generated, never
hand-written, so they cannot drift from the records; written in the page's
language (:mod:`fxsite.pages.language`).
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from fxsite.evidence.library import Library
from fxsite.evidence.models import Record
from fxsite.pages.claims import Claim, HrefFor, escape_markdown
from fxsite.pages.page import PageResult
from fxsite.pages.related import has_related
from fxsite.pages.site import placeholder
from fxsite.render.messages import DEFAULT, message

__all__ = [
    "ESTIMATE_SLOT",
    "RELATED_PLACEHOLDER",
    "SOURCES_SLOT",
    "Composed",
    "compose",
    "estimate_note",
    "estimate_records",
    "faq_markdown",
    "legend_example",
    "marker_legend",
    "source_item",
    "sources_html",
]

#: Filled once every page is known (see :func:`fxsite.pages.site.fill_placeholders`).
RELATED_PLACEHOLDER = placeholder("related", css="fx-related")


def estimate_records(claims: list[Claim]) -> list[str]:
    """The records of the estimates among ``claims``, each once, in their order."""
    return list(
        dict.fromkeys(
            c.value.record for c in claims if c.value is not None and c.value.label == "estimate"
        )
    )


def estimate_note(
    records: list[str], library: Library, href_for: HrefFor, lang: str = DEFAULT
) -> str:
    """One neutral sentence naming the models behind the page's estimates (``records``:
    :func:`estimate_records`), or ``""``.

    The details (assumptions, formulas, inputs) are on each model's record page.
    """
    if not records:
        return ""
    models = message("list_sep", lang).join(
        f'<a href="{html.escape(href_for(r, ""))}">{html.escape(r)}</a> '
        f"({escape_markdown(library.records[r].title)})"
        for r in records
    )
    sentence = message(
        "estimate.many" if len(records) > 1 else "estimate.one",
        lang,
        mark=message("mark.estimate", lang),
        models=models,
    )
    return f'<p class="fx-estimate-note">{sentence}</p>'


def legend_example(cited: Iterable[tuple[str, str]]) -> str:
    """The ID a legend shows its ID mark with: of ``cited`` (each ``(record, label)``, in the
    order shown), the first that is not an estimate, else the first; "R1" for none."""
    first = None
    for record, label in cited:
        if label != "estimate":
            return record
        first = first or record
    return first or "R1"


def marker_legend(labels: set[str], lang: str = DEFAULT, example: str = "R1") -> str:
    """What each marker a page shows means: the legend under "Data sources", its ID mark
    shown with ``example``, an ID the page shows (blind65: "R1" on a site of S1 alone)."""
    items = [f"<li>{message('legend.link', lang)}</li>"]
    if labels - {"estimate"}:
        items.append(f"<li>{message('legend.id', lang, id=html.escape(example))}</li>")
    if "estimate" in labels:
        items.append(
            f"<li>{message('legend.estimate', lang, mark=message('mark.estimate', lang))}</li>"
        )
    label = html.escape(message("legend", lang), quote=True)
    return f'<ul class="fx-legend-markers" aria-label="{label}">{"".join(items)}</ul>'


def source_item(record: Record, href_for: HrefFor, lang: str = DEFAULT) -> str:
    """One record's item of the "Data sources" list (the audit re-renders it to compare)."""
    date = f' <span class="fx-date">{record.date.isoformat()}</span>' if record.date else ""
    # the link is the ID; a screen reader is told the title with it (blind39)
    title_id = html.escape(f"fx-source-{record.id}", quote=True)
    return (
        f'<li><a class="fx-source-id" href="{html.escape(href_for(record.id, ""))}" '
        f'aria-describedby="{title_id}">{html.escape(record.id)}</a> '
        f'<span class="fx-source-title" id="{title_id}">{html.escape(record.title_in(lang))}</span> '
        f'<span class="fx-label fx-label--{record.label}">'
        f"{message(f'label.{record.label}', lang)}</span>"
        f"{date}</li>"
    )


def sources_html(
    records: list[str],
    library: Library,
    href_for: HrefFor,
    labels: set[str] | None = None,
    lang: str = DEFAULT,
) -> str:
    """The "Data sources" list, footnote-style: ID, title, label, date where stated."""
    if not records:
        return f'<p class="fx-sources-none">{message("sources_none", lang)}</p>'
    items = [source_item(library.records[r], href_for, lang) for r in records]
    example = legend_example((r, library.records[r].label) for r in records)
    legend = marker_legend(labels if labels is not None else set(), lang, example)
    return f'<ul class="fx-sources">{"".join(items)}</ul>\n{legend}'


def faq_markdown(result: PageResult) -> str:
    """The FAQ section: each question a heading, each answer its Markdown."""
    if not result.faq:
        return ""
    parts = [f"## {message('faq', result.lang)}\n"]
    for entry in result.faq:
        parts.append(f"### {escape_markdown(entry.question)}\n\n{entry.answer_markdown}\n")
    return "\n".join(parts)


#: Where the estimate note goes, after the lead of a page citing an estimate (put in by
#: the claims treeprocessor of :mod:`fxsite.markdown`, which knows the page's claims).
ESTIMATE_SLOT = '<div class="fx-note-slot" data-fx-slot="estimate"></div>'

#: Where the "Data sources" list goes in a composed page's Markdown. The list is HTML:
#: put in after conversion, so Python-Markdown does not parse it again.
SOURCES_SLOT = '<div class="fx-sources-slot" data-fx-slot="sources"></div>'


@dataclass(frozen=True)
class Composed:
    """A page's Markdown with the generated sections; its sources list is filled in once
    its claims are rendered (:meth:`fill`)."""

    markdown: str
    library: Library
    href_for: HrefFor
    lang: str = DEFAULT

    def fill(self, rendered: str, claims: list[Claim]) -> str:
        """``rendered`` (the Markdown converted) with the estimate note and the "Data
        sources" list of ``claims`` (the page's, as rendered) in, each record where the
        page first cites it."""
        first = _first_in(rendered)
        claims = sorted(claims, key=lambda claim: first(claim.record))
        note = estimate_note(estimate_records(claims), self.library, self.href_for, self.lang)
        records = list(dict.fromkeys(c.record for c in claims))
        labels = {c.label for c in claims if c.value is not None}
        sources = sources_html(records, self.library, self.href_for, labels, self.lang)
        return rendered.replace(ESTIMATE_SLOT, note, 1).replace(SOURCES_SLOT, sources, 1)


def _first_in(rendered: str) -> Callable[[str], int]:
    """Where a record's first claim stands in ``rendered`` (a block's and a link's alike),
    looked for once per record."""

    @functools.cache
    def first(record: str) -> int:
        at = rendered.find(f'data-fx-ref="{html.escape(record)}#')
        return at if at >= 0 else len(rendered)

    return first


#: Where a page's Markdown may cite: an evidence link (inline, a reference definition,
#: an HTML ``href``) or a file a snippet includes.
_MAY_CITE = re.compile(r"(?:\]\(\s*<?|\]:\s*<?|href=[\"']?)evidence:|--8<--", re.IGNORECASE)


def compose(
    result: PageResult, library: Library, href_for: HrefFor, auto_related: bool = True
) -> Composed:
    """The page's Markdown with every generated section in place, in the page's language
    (the estimate note's slot after its lead is put in by the claims treeprocessor,
    which knows the page's claims: :mod:`fxsite.markdown`); "Related reading" where
    :func:`~fxsite.pages.related.has_related` (``auto_related``: the plugin's option)."""
    lang = result.lang
    # A page that writes no evidence link (nor includes a file that may) cites nothing:
    # no "Data sources" heading over "This page cites no evidence records" (blind63).
    written = [result.markdown, *(entry.answer_markdown for entry in result.faq)]
    cites = bool(result.claims) or any(_MAY_CITE.search(t) for t in written)
    sources = f"## {message('sources', lang)}\n\n{SOURCES_SLOT}\n\n" if cites else ""
    related = (
        f"## {message('related', lang)}\n\n{RELATED_PLACEHOLDER}\n"
        if has_related(result, auto_related)
        else ""
    )
    markdown = f"{result.markdown.rstrip()}\n\n{faq_markdown(result)}\n{sources}{related}"
    return Composed(markdown, library, href_for, lang)
