"""The Evidence Library's record pages: one page per record (the index's pages are
:mod:`fxsite.render.library_index`'s).

Generated Markdown (mostly HTML blocks, every record string escaped). "Cited
by" is a placeholder filled by :mod:`fxsite.pages.site`.
A record page reads as a result sheet: a provenance header, then its tables
(:mod:`fxsite.render.record_sheet`), its notes as Markdown
(:mod:`fxsite.render.record_markdown`). Nothing a record does not state is
given a row.
"""

from __future__ import annotations

import html
import re

from fxsite.evidence.library import Library
from fxsite.evidence.models import Record
from fxsite.pages.claims import HrefFor, escape_markdown, setup_anchor
from fxsite.pages.sections import legend_example, marker_legend
from fxsite.render.messages import DEFAULT, message
from fxsite.render.record_markdown import record_markdown
from fxsite.render.record_sheet import (
    _e,
    derived_rows,
    figure_rows,
    invariants_section,
    label_badge,
    status_badge,
)

__all__ = [
    "SETUP_LABELS",
    "model_banner",
    "notes_html",
    "provenance",
    "record_badges",
    "record_page_markdown",
    "setup_label",
    "setup_row",
    "setup_rows",
    "status_banner",
    "unreadable_record_markdown",
]

#: A claim's label in the sheet's HTML (a formula's input from another record is a claim).
#: A claim's start tag (its attributes in either order: notes' HTML is written again sorted).
_CLAIM_TAG = re.compile(r'<a class="fx-claim[^"]*"[^>]*>')
_RECORD = re.compile(r' data-fx-record="([^"]*)"')
_LABEL = re.compile(r' data-fx-label="([a-z]+)"')


def record_badges(record: Record) -> str:
    """A record page's label and status badges (the audit re-renders them to compare)."""
    return f'<p class="fx-record-badges">{label_badge(record.label)} {status_badge(record)}</p>'


def setup_rows(record: Record, setup_labels: dict[str, str] | None = None) -> str:
    """A record page's setup table rows, baseline first (the audit re-renders them)."""
    setup = sorted(record.setup.items(), key=lambda kv: kv[0] != "baseline")
    if record.label == "estimate":  # a model tests no system (blind63)
        setup_labels = {"system": "System modelled", **(setup_labels or {})}
    return "".join(setup_row(k, v, setup_labels) for k, v in setup)


def setup_row(key: str, value: str, setup_labels: dict[str, str] | None = None) -> str:
    """One row of a record page's setup table: its heading, then its value."""
    return (
        f'<tr id="{setup_anchor(key)}"{" class=fx-baseline" if key == "baseline" else ""}>'
        f'<th scope="row">{_e(setup_label(key, setup_labels))}</th><td>{_e(value)}</td></tr>'
    )


#: Readable names for common setup keys; a site adds its own with the plugin's
#: ``setup_labels`` option. Any other key is shown in sentence case.
SETUP_LABELS = {
    "baseline": "Baseline",
    "system": "System under test",
    "workload": "Workload",
    "workloads": "Workloads",
    "gpus": "GPUs",
    "platform": "Platform",
    "basis": "Basis of the projection",
    "per_save_times": "Per-save times",
}


def setup_label(key: str, labels: dict[str, str] | None = None) -> str:
    """The human name of a setup key: the site's map, ours, or ``snake_case`` in words."""
    merged = {**SETUP_LABELS, **(labels or {})}
    if key in merged:
        return merged[key]
    words = key.replace("_", " ").replace("-", " ").strip()
    return words[:1].upper() + words[1:]


def status_banner(record: Record, href_for: HrefFor) -> str:
    if record.status == "superseded" and record.superseded_by:
        return (
            '<div class="admonition warning fx-status-banner"><p class="admonition-title">Superseded</p>'
            f'<p>This record is superseded by <a href="{_e(href_for(record.superseded_by, ""))}">'
            f"{_e(record.superseded_by)}</a>. Pages cannot cite it.</p></div>"
        )
    if record.status == "retracted":
        return (
            '<div class="admonition danger fx-status-banner"><p class="admonition-title">Retracted</p>'
            "<p>This record is retracted. It stays published so that old citations can be "
            "audited; pages cannot cite it.</p></div>"
        )
    return ""


def model_banner(record: Record, library: Library, href_for: HrefFor) -> str:
    """The unmistakable head of an estimate record: a model, not a measurement."""
    if record.label != "estimate":
        return ""
    sources = sorted(
        {
            ref.split("#")[0]
            for name in record.derived
            if (fig := library.figure(record.id, name)) is not None
            for ref in fig.inputs
            if ref.split("#")[0] != record.id
        }
    )
    uses = ""
    if sources:
        links = ", ".join(f'<a href="{_e(href_for(r, ""))}">{_e(r)}</a>' for r in sources)
        uses = f" It also uses figures from {links}."
    return (
        '<div class="fx-model-banner" role="note"><p class="fx-model-banner-title">'
        "Model — not a measurement</p><p>This record is an estimate. Its "
        "<strong>assumptions</strong> are stated below as figures; its "
        "<strong>results</strong> are computed from them by the formulas shown, at "
        f"every build.{uses} Change an assumption and the results follow.</p></div>"
    )


def provenance(record: Record, document_href: str | None, lang: str) -> str:
    """The sheet's header: the record's ID, label and status, and what its source
    publishes about itself (only what it states), then once what it does not."""
    source = record.source
    # A model is no report (blind63: "Report ID E1" over "no test report stands behind it").
    named = "record.model_id" if record.label == "estimate" else "record.id"
    shown: list[tuple[str, str]] = [(named, _e(record.id))]
    if source and source.issuer:
        shown.append(("record.issuer", _e(source.issuer)))
    if record.date:
        shown.append(("record.date", _e(record.date.isoformat())))
    if source and source.document:
        document = _e(source.document)
        if document_href:  # published with the site (source.publish_document)
            document = f'<a href="{_e(document_href)}">{document}</a>'
        else:  # named and hashed, but not on the site: say so (blind72)
            document += f' <span class="fx-meta">{_e(message("record.unpublished", lang))}</span>'
        shown.append(("record.document", document))
    if source and source.sha256:
        shown.append(("record.sha256", f"<code>{_e(source.sha256)}</code>"))
    if source and source.url:
        link = f'<a href="{_e(source.url)}" rel="nofollow noopener">{_e(source.url)}</a>'
        shown.append(("record.url", link))
    facts = "".join(f"<div><dt>{_e(message(k, lang))}</dt><dd>{v}</dd></div>" for k, v in shown)
    missing = []
    if record.label != "estimate":
        if not (source and source.issuer):
            missing.append("who issued the report")
        if not record.date:
            missing.append("the test date")
        if not (source and (source.document or source.url)):
            missing.append("the report document")
        elif not source.sha256:
            missing.append("a hash of the report document")
    if record.label == "estimate":
        said = "Computed on this site from the assumptions below; no test report stands behind it."
    elif missing:
        listed = ", ".join(missing[:-1]) + (" or " if len(missing) > 1 else "") + missing[-1]
        said = (
            f"The source does not publish {listed}. The figures are shown as the "
            "source states them; nothing missing is filled in."
        )
    else:
        said = "The source publishes its issuer, test date and report document."
    return (
        f'<section class="fx-provenance fx-sheet-head" aria-label="{_e(message("record.provenance", lang))}">'
        f"{record_badges(record)}<dl>{facts}</dl>"
        f'<p class="fx-provenance-said">{said}</p></section>'
    )


def notes_html(record: Record, library: Library, href_for: HrefFor, lang: str = DEFAULT) -> str:
    """The record's notes as Markdown (:mod:`fxsite.render.record_markdown`), under a heading."""
    if not record.notes:
        return ""
    body, _ = record_markdown(record.notes, record.id, library, href_for, lang=lang)
    return f'\n<h2 id="fx-notes">{_e(message("record.notes", lang))}</h2>\n<div class="fx-notes">{body}</div>\n'


def sheet_legend(sheet_html: str, lang: str = DEFAULT) -> str:
    """What the markers of the claims in ``sheet_html`` mean, its ID mark shown with the
    first record they cite that is not an estimate, or ``""`` where it has none."""
    claims = [
        (html.unescape(record.group(1)), label.group(1))
        for tag in _CLAIM_TAG.findall(sheet_html)
        if (record := _RECORD.search(tag)) and (label := _LABEL.search(tag))
    ]
    if not claims:
        return ""
    return marker_legend({label for _, label in claims}, lang, legend_example(claims))


def _table(anchor: str, heading: str, css: str, head: list[str], rows: str) -> str:
    cells = "".join(f'<th scope="col">{_e(h)}</th>' for h in head)
    return (
        f'\n<h2 id="{anchor}">{_e(heading)}</h2>\n'
        f'<div class="{css} fx-sheet"><table><thead><tr>{cells}</tr></thead>'
        f"<tbody>{rows}</tbody></table></div>\n"
    )


def record_page_markdown(
    record_id: str,
    library: Library,
    href_for: HrefFor,
    json_href: str,
    library_href: str | None = None,
    *,
    index_href: str = "../",
    setup_labels: dict[str, str] | None = None,
    history_html: str = "",
    document_href: str | None = None,
    lang: str = DEFAULT,
) -> str:
    """The page of one record, with a permanent anchor per figure.

    ``history_html`` is the record's History section (:mod:`fxsite.anchor.history`);
    ``document_href`` links the report document when the site publishes it.
    """
    record = library.records[record_id]
    model = record.label == "estimate"
    columns = [message(f"record.{k}", lang) for k in ("figure", "value", "label", "cited")]
    setup = ""
    if record.setup:
        heading = message("record.model_setup" if model else "record.setup", lang)
        setup = (
            f'\n<h2 id="fx-setup">{_e(heading)}</h2>\n'
            f'<div class="fx-setup fx-sheet"><table><tbody>{setup_rows(record, setup_labels)}'
            "</tbody></table></div>\n"
        )
    figures = _table(
        "fx-figures",
        message("record.assumptions" if model else "record.figures", lang),
        "fx-figures",
        columns,
        figure_rows(library, record, href_for, lang),
    )
    derived = ""
    if record.derived:
        derived = _table(
            "fx-derived",
            message("record.results" if model else "record.derived", lang),
            "fx-figures fx-derived",
            [*columns[:2], message("record.computed_as", lang), *columns[2:]],
            derived_rows(library, record, href_for, lang),
        )
    tables = f"{setup}{figures}{derived}{invariants_section(library, record, href_for, lang)}"
    notes = notes_html(record, library, href_for, lang)
    whole = (
        f' Every record, computed value and citation: <a href="{_e(library_href)}">evidence.json</a>.'
        if library_href
        else ""
    )
    # The separator as an entity: a character past Latin-1 makes Python keep the whole
    # page's HTML at two bytes a character until it is written.
    return f"""# {_e(record.id)}: {escape_markdown(record.title)}

<nav class="fx-breadcrumbs" aria-label="Breadcrumb"><a href="{_e(index_href)}">{_e(message("library.title", lang))}</a> <span aria-hidden="true">&rsaquo;</span> <span aria-current="page">{_e(record.id)}</span></nav>

{provenance(record, document_href, lang)}
{status_banner(record, href_for)}{model_banner(record, library, href_for)}
{tables}{sheet_legend(tables + notes, lang)}{notes}{history_html}
<h2 id="fx-data">Data</h2>
<p>This record as JSON: <a href="{_e(json_href)}" download>{_e(record.id)}.json</a>.{whole}</p>
"""


def unreadable_record_markdown(
    record_id: str, path: str, index_href: str = "../", lang: str = DEFAULT
) -> str:
    """The page at the URL of a record that failed to load (``path``, its file): under the
    preview, the record's findings are shown above this (:mod:`fxsite.render.preview`)."""
    note = message("record.unreadable", lang, path=_e(path))
    return f"""# {_e(record_id)}

<nav class="fx-breadcrumbs" aria-label="Breadcrumb"><a href="{_e(index_href)}">{_e(message("library.title", lang))}</a> <span aria-hidden="true">&rsaquo;</span> <span aria-current="page">{_e(record_id)}</span></nav>

<p class="fx-unreadable">{note}</p>
"""
