"""Sections fxsite adds to every content page.

A note on estimates (near the top), the FAQ, "Data sources" and "Related
reading" (a placeholder, filled once every page is known). Generated, never
hand-written, so they cannot drift from the records.
"""

from __future__ import annotations

import html
import re

from fxsite.evidence.library import Library
from fxsite.pages.claims import Claim, HrefFor, escape_markdown
from fxsite.pages.page import RELATED_PLACEHOLDER, PageResult

__all__ = ["compose_page", "estimate_note", "faq_markdown", "sources_html"]

_H1 = re.compile(r"^#\s+.+$", re.MULTILINE)


def estimate_note(claims: list[Claim], library: Library, href_for: HrefFor) -> str:
    """A visible admonition naming every estimate the page cites, or ``""``."""
    estimates = {
        c.ref: c.value for c in claims if c.value is not None and c.value.label == "estimate"
    }
    if not estimates:
        return ""
    records = list(dict.fromkeys(fig.record for fig in estimates.values() if fig))
    models = ", ".join(
        f'<a href="{html.escape(href_for(r, ""))}">{html.escape(r)}</a> '
        f"({escape_markdown(library.records[r].title)})"
        for r in records
    )
    items = []
    for fig in estimates.values():
        assert fig is not None
        what = escape_markdown(fig.what or fig.name.replace("_", " "))
        link = f'<a href="{html.escape(href_for(fig.record, fig.name))}">{html.escape(fig.ref)}</a>'
        how = (
            f" — computed as <code>{html.escape(fig.formula)}</code>"
            if fig.formula
            else " — an assumption of the model"
        )
        items.append(f"<li>{what} ({link}){how}</li>")
    count = len(items)
    return (
        '!!! warning "Estimates on this page"\n\n'
        "    Figures marked <strong>E</strong> are estimates, not measurements: "
        f"{'a projection' if count == 1 else 'projections'} from stated assumptions, "
        f"reproducible from {'record' if len(records) == 1 else 'records'} {models}.\n\n"
        f'    <details class="fx-estimates"><summary>The {count} estimated '
        f"figure{'' if count == 1 else 's'} and how each is derived</summary>"
        f"<ul>{''.join(items)}</ul></details>\n"
    )


def sources_html(records: list[str], library: Library, href_for: HrefFor) -> str:
    """The "Data sources" list: ID, title, label, date of each cited record."""
    if not records:
        return '<p class="fx-sources-none">This page cites no evidence records.</p>'
    items = []
    for record_id in records:
        record = library.records[record_id]
        date = record.date.isoformat() if record.date else "date not stated"
        items.append(
            f'<li><a href="{html.escape(href_for(record_id, ""))}">{html.escape(record_id)}</a> — '
            f"{html.escape(record.title)} "
            f'<span class="fx-label fx-label--{record.label}">{record.label}</span> '
            f'<span class="fx-date">{date}</span></li>'
        )
    return f'<ul class="fx-sources">{"".join(items)}</ul>'


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
        h1 = _H1.search(body)
        at = h1.end() if h1 else 0
        body = f"{body[:at]}\n\n{note}\n{body[at:]}"
    return (
        f"{body.rstrip()}\n\n{faq_markdown(result)}\n"
        f"## Data sources\n\n{sources_html(result.records, library, href_for)}\n\n"
        f"## Related reading\n\n{RELATED_PLACEHOLDER}\n"
    )
