"""The Evidence Library pages: the index and one page per record.

Generated Markdown (mostly HTML blocks, every record string escaped). "Cited
by" and citation counts are placeholders filled by :mod:`fxsite.pages.site`.
"""

from __future__ import annotations

import html
from decimal import Decimal

from fxsite.evidence.library import FigureValue, Library
from fxsite.evidence.models import LABELS, Record
from fxsite.evidence.quantities import format_quantity
from fxsite.pages.claims import HrefFor, escape_markdown, setup_anchor
from fxsite.pages.site import placeholder

__all__ = ["LABEL_MEANINGS", "library_index_markdown", "record_page_markdown"]

#: What each label promises; shown in the legend and in tooltips.
LABEL_MEANINGS = {
    "measured": "From a signed or official test report.",
    "spec": "From a vendor specification.",
    "public": "From a public source.",
    "estimate": "A projection or assumption, reproducible from its model.",
}
_NOT_STATED = '<span class="fx-not-stated">not stated</span>'


def _e(text: object) -> str:
    return html.escape(str(text))


def _label(label: str) -> str:
    return f'<span class="fx-label fx-label--{label}" title="{_e(LABEL_MEANINGS[label])}">{label}</span>'


def _status(record: Record) -> str:
    return f'<span class="fx-status fx-status--{record.status}">{record.status}</span>'


def _value(fig: FigureValue) -> str:
    return _e(format_quantity(fig.low, fig.high, fig.unit, fig.decimals, fig.bound))


def legend() -> str:
    items = "".join(f"<dt>{_label(k)}</dt><dd>{_e(v)}</dd>" for k, v in LABEL_MEANINGS.items())
    return f'<dl class="fx-legend">{items}</dl>'


def library_index_markdown(library: Library, href_for: HrefFor, downloads: dict[str, str]) -> str:
    """The ``/evidence/`` page: every record, sortable and filterable in the browser."""
    rows = []
    for record in sorted(library.records.values(), key=lambda r: r.id.lower()):
        issuer = record.source.issuer if record.source and record.source.issuer else None
        count = len(record.figures) + len(record.derived)
        rows.append(
            f'<tr data-fx-label="{record.label}" data-fx-status="{record.status}">'
            f'<td><a href="{_e(href_for(record.id, ""))}">{_e(record.id)}</a></td>'
            f"<td>{_e(record.title)}</td><td>{_label(record.label)}</td>"
            f"<td>{_e(record.date.isoformat()) if record.date else _NOT_STATED}</td>"
            f"<td>{_status(record)}</td><td>{_e(issuer) if issuer else _NOT_STATED}</td>"
            f'<td data-fx-sort="{count}">{count}</td>'
            f"<td>{placeholder('cite-count', record.id, 'fx-count')}</td></tr>"
        )
    options = "".join(f'<option value="{lab}">{lab}</option>' for lab in LABELS)
    statuses = "".join(
        f'<option value="{s}">{s}</option>' for s in ("active", "superseded", "retracted")
    )
    links = " · ".join(f'<a href="{_e(url)}">{_e(name)}</a>' for name, url in downloads.items())
    return f"""# Evidence Library

Every figure on this site links to one of these records. Each record names its
report, its source label and the conditions of the test; derived figures show
their formula. Auditors can take the whole library away as data: {links}.

## Labels

{legend()}

## Records

<div class="fx-library-filters" hidden>
<label>Label <select data-fx-filter="label"><option value="">all</option>{options}</select></label>
<label>Status <select data-fx-filter="status"><option value="">all</option>{statuses}</select></label>
<output class="fx-library-count" aria-live="polite"></output>
</div>
<div class="fx-library"><table>
<thead><tr><th scope="col">ID</th><th scope="col">Title</th><th scope="col">Label</th><th scope="col">Date</th><th scope="col">Status</th><th scope="col">Issuer</th><th scope="col">Figures</th><th scope="col">Cited on pages</th></tr></thead>
<tbody>{"".join(rows)}</tbody>
</table></div>
"""


def _figure_rows(library: Library, record: Record, href_for: HrefFor) -> str:
    rows = []
    for name in record.figures:
        fig = library.figure(record.id, name)
        if fig is None:
            continue
        rows.append(
            f'<tr id="{_e(name)}" data-fx-ref="{_e(fig.ref)}"><td><a class="fx-anchor" href="#{_e(name)}">'
            f"<code>{_e(name)}</code></a></td><td>{_e(fig.what or '')}</td>"
            f'<td class="fx-value">{_value(fig)}</td><td>{_label(fig.label)}</td>'
            f"<td>{placeholder('cited-by', fig.ref)}</td></tr>"
        )
    return "".join(rows)


def _derived_rows(library: Library, record: Record, href_for: HrefFor) -> str:
    rows = []
    for name, derived in record.derived.items():
        fig = library.figure(record.id, name)
        if fig is None:
            continue
        inputs = ", ".join(
            f'<a href="{_e(href_for(*ref.split("#")))}"><code>{_e(ref)}</code></a>'
            for ref in fig.inputs
        )
        stated = (
            f"<span class='fx-meta'>stated: {_e(format_quantity(_dec(derived.stated), None, fig.unit, fig.decimals))}</span>"
            if derived.stated is not None
            else ""
        )
        rows.append(
            f'<tr id="{_e(name)}" data-fx-ref="{_e(fig.ref)}"><td><a class="fx-anchor" href="#{_e(name)}">'
            f"<code>{_e(name)}</code></a></td><td>{_e(fig.what or '')}</td>"
            f"<td><code>{_e(derived.formula)}</code><span class='fx-meta'>inputs: {inputs}</span></td>"
            f'<td class="fx-value">{_value(fig)}{stated}</td><td>{_label(fig.label)}</td>'
            f"<td>{placeholder('cited-by', fig.ref)}</td></tr>"
        )
    return "".join(rows)


def _dec(value: float) -> Decimal:
    return Decimal(repr(value))


def record_page_markdown(
    record_id: str,
    library: Library,
    href_for: HrefFor,
    json_href: str,
    library_href: str | None = None,
) -> str:
    """The page of one record, with a permanent anchor per figure."""
    record = library.records[record_id]
    source = record.source
    banner = ""
    if record.status == "superseded" and record.superseded_by:
        banner = (
            '<div class="admonition warning"><p class="admonition-title">Superseded</p>'
            f'<p>This record is superseded by <a href="{_e(href_for(record.superseded_by, ""))}">'
            f"{_e(record.superseded_by)}</a>. Pages cannot cite it.</p></div>"
        )
    elif record.status == "retracted":
        banner = (
            '<div class="admonition danger"><p class="admonition-title">Retracted</p>'
            "<p>This record is retracted. It stays published so that old citations can be "
            "audited; pages cannot cite it.</p></div>"
        )
    facts = [
        ("Issuer", _e(source.issuer) if source and source.issuer else _NOT_STATED),
        ("Date", _e(record.date.isoformat()) if record.date else _NOT_STATED),
        ("Document", _e(source.document) if source and source.document else _NOT_STATED),
        (
            "Document SHA-256",
            f"<code>{_e(source.sha256)}</code>" if source and source.sha256 else _NOT_STATED,
        ),
    ]
    if source and source.url:
        facts.append(
            (
                "Public copy",
                f'<a href="{_e(source.url)}" rel="nofollow noopener">{_e(source.url)}</a>',
            )
        )
    fact_rows = "".join(f'<tr><th scope="row">{k}</th><td>{v}</td></tr>' for k, v in facts)
    setup = sorted(record.setup.items(), key=lambda kv: kv[0] != "baseline")
    setup_rows = (
        "".join(
            f'<tr id="{setup_anchor(k)}"{" class=fx-baseline" if k == "baseline" else ""}>'
            f'<th scope="row">{_e(k)}</th><td>{_e(v)}</td></tr>'
            for k, v in setup
        )
        or '<tr><td colspan="2">No conditions stated.</td></tr>'
    )
    derived = ""
    if record.derived:
        derived = (
            '\n<h2 id="fx-derived">Derived figures</h2>\n'
            '<div class="fx-figures fx-derived"><table>'
            "<thead><tr><th>Figure</th><th>What</th><th>Formula</th><th>Value</th><th>Label</th><th>Cited by</th></tr></thead>"
            f"<tbody>{_derived_rows(library, record, href_for)}</tbody></table></div>\n"
        )
    notes = (
        f'\n<h2 id="fx-notes">Notes</h2>\n<div class="fx-notes"><p>{_e(record.notes)}</p></div>\n'
        if record.notes
        else ""
    )
    whole = (
        f' Every record, computed value and citation: <a href="{_e(library_href)}">evidence.json</a>.'
        if library_href
        else ""
    )
    return f"""# {_e(record.id)}: {escape_markdown(record.title)}

<p class="fx-record-badges">{_label(record.label)} {_status(record)}</p>
{banner}
<div class="fx-facts"><table><tbody>{fact_rows}</tbody></table></div>

<h2 id="fx-setup">Setup</h2>
<div class="fx-setup"><table><tbody>{setup_rows}</tbody></table></div>

<h2 id="fx-figures">Figures</h2>
<div class="fx-figures"><table>
<thead><tr><th>Figure</th><th>What</th><th>Value</th><th>Label</th><th>Cited by</th></tr></thead>
<tbody>{_figure_rows(library, record, href_for)}</tbody></table></div>
{derived}{notes}
<h2 id="fx-data">Data</h2>
<p>This record as JSON: <a href="{_e(json_href)}" download>{_e(record.id)}.json</a>.{whole}</p>
"""
