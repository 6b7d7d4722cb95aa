"""Sections fxsite adds to every content page.

A one-sentence note on estimates (after the lead), the FAQ, "Data sources" and "Related
reading" (a placeholder, filled once every page is known). Generated, never
hand-written, so they cannot drift from the records.
"""

from __future__ import annotations

import html
import re

from fxsite.evidence.library import Library
from fxsite.pages.claims import Claim, HrefFor, escape_markdown
from fxsite.pages.page import RELATED_PLACEHOLDER, PageResult

__all__ = ["compose_page", "estimate_note", "faq_markdown", "marker_legend", "sources_html"]

_H1 = re.compile(r"^#\s+.+$", re.MULTILINE)
# The end of the first paragraph: non-blank lines followed by a blank line.
_LEAD_END = re.compile(r"\n*(?:[^\n]+\n)*?[^\n]+(?=\n\s*\n|\Z)")


def estimate_note(claims: list[Claim], library: Library, href_for: HrefFor) -> str:
    """One neutral sentence naming the models behind the page's estimates, or ``""``.

    The details (assumptions, formulas, inputs) are on each model's record page.
    """
    records = list(
        dict.fromkeys(
            c.value.record for c in claims if c.value is not None and c.value.label == "estimate"
        )
    )
    if not records:
        return ""
    models = ", ".join(
        f'<a href="{html.escape(href_for(r, ""))}">{html.escape(r)}</a> '
        f"({escape_markdown(library.records[r].title)})"
        for r in records
    )
    many = len(records) > 1
    return (
        f'<p class="fx-estimate-note">Figures marked <span class="fx-mark">est.</span> '
        f"are estimates from {'models' if many else 'a model'}, not measurements: "
        f"{models}. {'Their' if many else 'Its'} assumptions and formulas are on "
        f"{'their record pages' if many else 'its record page'}.</p>"
    )


_LABEL_WORD = {
    "measured": "measured",
    "spec": "vendor spec",
    "public": "public source",
    "estimate": "estimate",
}


def marker_legend(labels: set[str]) -> str:
    """What each marker a page shows means: the legend under "Data sources"."""
    items = [
        '<li><span class="fx-legend-sample">underlined</span> a figure links to the '
        "record behind it; hover or focus it for what was measured and against what</li>"
    ]
    if labels - {"estimate"}:
        items.append(
            '<li><span class="fx-mark fx-mark--id">R1</span> the report or record ID, '
            "shown once per section after a figure it backs</li>"
        )
    if "estimate" in labels:
        items.append(
            '<li><span class="fx-mark">est.</span> an estimate from a model, '
            "not a measurement: marked at every use</li>"
        )
    return f'<ul class="fx-legend-markers" aria-label="Markers">{"".join(items)}</ul>'


def sources_html(
    records: list[str], library: Library, href_for: HrefFor, labels: set[str] | None = None
) -> str:
    """The "Data sources" list, footnote-style: ID, title, label, date where stated."""
    if not records:
        return '<p class="fx-sources-none">This page cites no evidence records.</p>'
    items = []
    for record_id in records:
        record = library.records[record_id]
        date = f' <span class="fx-date">{record.date.isoformat()}</span>' if record.date else ""
        items.append(
            f'<li><a class="fx-source-id" href="{html.escape(href_for(record_id, ""))}">'
            f"{html.escape(record_id)}</a> "
            f'<span class="fx-source-title">{html.escape(record.title)}</span> '
            f'<span class="fx-label fx-label--{record.label}">{_LABEL_WORD[record.label]}</span>'
            f"{date}</li>"
        )
    legend = marker_legend(labels if labels is not None else set())
    return f'<ul class="fx-sources">{"".join(items)}</ul>\n{legend}'


def faq_markdown(result: PageResult) -> str:
    """The FAQ section: each question a heading, each answer its Markdown."""
    if not result.faq:
        return ""
    parts = ["## Frequently asked questions\n"]
    for entry in result.faq:
        parts.append(f"### {escape_markdown(entry.question)}\n\n{entry.answer_markdown}\n")
    return "\n".join(parts)


def compose_page(result: PageResult, library: Library, href_for: HrefFor) -> str:
    """The page's Markdown with every generated section in place."""
    body = result.markdown
    note = estimate_note(result.claims, library, href_for)
    if note:
        # After the lead: the first paragraph below the title.
        h1 = _H1.search(body)
        at = h1.end() if h1 else 0
        lead = _LEAD_END.search(body, at)
        at = lead.end() if lead else len(body)
        body = f"{body[:at]}\n\n{note}\n\n{body[at:].lstrip(chr(10))}"
    labels = {c.label for c in result.claims if c.value is not None}
    return (
        f"{body.rstrip()}\n\n{faq_markdown(result)}\n"
        f"## Data sources\n\n{sources_html(result.records, library, href_for, labels)}\n\n"
        f"## Related reading\n\n{RELATED_PLACEHOLDER}\n"
    )
