"""The Evidence Library pages: the index and one page per record.

Generated Markdown (mostly HTML blocks, every record string escaped). "Cited
by" and citation counts are placeholders filled by :mod:`fxsite.pages.site`.
"""

from __future__ import annotations

import html
import re
from decimal import Decimal

from fxsite.evidence.documents_text import stated_note
from fxsite.evidence.invariants import apart_text, computed_text
from fxsite.evidence.library import FigureValue, Library
from fxsite.evidence.models import LABELS, Record
from fxsite.evidence.quantities import format_quantity
from fxsite.pages.claims import HrefFor, escape_markdown, setup_anchor
from fxsite.pages.sections import marker_legend
from fxsite.pages.site import placeholder

__all__ = [
    "LABEL_MEANINGS",
    "SETUP_LABELS",
    "library_index_markdown",
    "library_row",
    "record_badges",
    "record_page_markdown",
    "setup_label",
    "setup_rows",
]

#: What each label promises; shown in the legend and in tooltips.
LABEL_MEANINGS = {
    "measured": "From a signed or official test report.",
    "spec": "From a vendor specification.",
    "public": "From a public source.",
    "estimate": "A projection or assumption, reproducible from its model.",
}
# In the library table a gap is a quiet dash; its words are there for screen readers.
_NOT_STATED = (
    '<span class="fx-not-stated"><span aria-hidden="true">—</span>'
    '<span class="fx-sr">not stated</span></span>'
)


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
    rows = [
        library_row(record, href_for)
        for record in sorted(library.records.values(), key=lambda r: r.id.lower())
    ]
    # Only categories some record is in: an empty choice would filter to nothing.
    present = {r.label for r in library.records.values()}
    present_status = {r.status for r in library.records.values()}
    options = "".join(f'<option value="{lab}">{lab}</option>' for lab in LABELS if lab in present)
    statuses = "".join(
        f'<option value="{s}">{s}</option>'
        for s in ("active", "superseded", "retracted")
        if s in present_status
    )
    links = " · ".join(f'<a href="{_e(url)}">{_e(name)}</a>' for name, url in downloads.items())
    return f"""# Evidence Library

Every figure on this site links to one of these records. Each record names its
report, its source label and the conditions of the test; derived figures show
their formula. Auditors can take the whole library away as data: {links}.

## Labels and markers

{legend()}
{marker_legend({"measured", "estimate"})}

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


def library_row(record: Record, href_for: HrefFor) -> str:
    """One record's row of the library table (the audit re-renders it to compare)."""
    issuer = record.source.issuer if record.source and record.source.issuer else None
    count = len(record.figures) + len(record.derived)
    return (
        f'<tr data-fx-label="{record.label}" data-fx-status="{record.status}">'
        f'<td data-label="ID"><a href="{_e(href_for(record.id, ""))}">{_e(record.id)}</a></td>'
        f'<td data-label="Title">{_e(record.title)}</td>'
        f'<td data-label="Label">{_label(record.label)}</td>'
        f'<td data-label="Date">{_e(record.date.isoformat()) if record.date else _NOT_STATED}</td>'
        f'<td data-label="Status">{_status(record)}</td>'
        f'<td data-label="Issuer">{_e(issuer) if issuer else _NOT_STATED}</td>'
        f'<td data-label="Figures" data-fx-sort="{count}">{count}</td>'
        f'<td data-label="Cited on pages">{placeholder("cite-count", record.id, "fx-count")}</td></tr>'
    )


def record_badges(record: Record) -> str:
    """A record page's label and status badges (the audit re-renders them to compare)."""
    return f'<p class="fx-record-badges">{_label(record.label)} {_status(record)}</p>'


def setup_rows(record: Record, setup_labels: dict[str, str] | None = None) -> str:
    """A record page's setup table rows, baseline first (the audit re-renders them)."""
    setup = sorted(record.setup.items(), key=lambda kv: kv[0] != "baseline")
    return (
        "".join(
            f'<tr id="{setup_anchor(k)}"{" class=fx-baseline" if k == "baseline" else ""}>'
            f'<th scope="row">{_e(setup_label(k, setup_labels))}</th><td>{_e(v)}</td></tr>'
            for k, v in setup
        )
        or '<tr><td colspan="2">No conditions stated.</td></tr>'
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


def _name_cell(name: str, fig: FigureValue) -> str:
    what = _e(fig.what) if fig.what else _e(name.replace("_", " ").capitalize())
    return (
        f'<td data-label="Figure"><span class="fx-what">{what}</span>'
        f'<a class="fx-anchor" href="#{_e(name)}" title="Permanent link to this figure">'
        f"<code>{_e(name)}</code></a></td>"
    )


def _stated_in(library: Library, fig: FigureValue) -> str:
    """Where the record's report document states the figure, when the build found it."""
    located = library.stated_in.get(fig.ref)
    return f"<span class='fx-meta'>{stated_note(located)}</span>" if located else ""


def _figure_rows(library: Library, record: Record, href_for: HrefFor) -> str:
    rows = []
    for name in record.figures:
        fig = library.figure(record.id, name)
        if fig is None:
            continue
        rows.append(
            f'<tr id="{_e(name)}" data-fx-ref="{_e(fig.ref)}">{_name_cell(name, fig)}'
            f'<td class="fx-value" data-label="Value">{_value(fig)}{_stated_in(library, fig)}</td>'
            f'<td data-label="Label">{_label(fig.label)}</td>'
            f'<td data-label="Cited by">{placeholder("cited-by", fig.ref)}</td></tr>'
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
        # The build refuses a stated value that disagrees at the shown precision,
        # so this only appears where the source wrote it differently (1.90 vs 1.9).
        stated = ""
        if derived.stated is not None:
            shown = format_quantity(_dec(derived.stated), None, fig.unit, fig.decimals)
            if shown != _value(fig):
                stated = f"<span class='fx-meta'>the source states {_e(shown)}</span>"
        rows.append(
            f'<tr id="{_e(name)}" data-fx-ref="{_e(fig.ref)}">{_name_cell(name, fig)}'
            f'<td class="fx-value" data-label="Value">{_value(fig)}{stated}{_stated_in(library, fig)}</td>'
            f'<td data-label="Computed as"><code>{_e(derived.formula)}</code>'
            f"<span class='fx-meta'>from {inputs}</span></td>"
            f'<td data-label="Label">{_label(fig.label)}</td>'
            f'<td data-label="Cited by">{placeholder("cited-by", fig.ref)}</td></tr>'
        )
    return "".join(rows)


def _invariants(library: Library, record: Record, href_for: HrefFor) -> str:
    """Each invariant the build proved, with its numbers (as code: they are computed here)."""
    rows = []
    for checked in library.invariants.get(record.id, ()):
        inv, fig = checked.invariant, checked.equals
        value, apart = computed_text(checked), apart_text(checked)
        why = f"<span class='fx-why'>{_e(inv.why)}</span>" if inv.why else ""
        mark = "✓ holds" if checked.holds else "✗ does not hold"
        rows.append(
            f'<tr><td data-label="Expression"><code>{_e(inv.expr)}</code>{why}</td>'
            f'<td data-label="Computed"><code>{_e(value)}</code></td>'
            f'<td data-label="Equals"><a href="{_e(href_for(fig.record, fig.name))}">'
            f"<code>{_e(inv.equals)}</code></a> <code>{_value(fig)}</code></td>"
            f'<td data-label="Within"><code>{_e(inv.within)}</code> '
            f"(apart: <code>{_e(apart)}</code>)</td>"
            f'<td data-label="Check" class="fx-invariant-{"holds" if checked.holds else "fails"}">'
            f"{mark}</td></tr>"
        )
    if not rows:
        return ""
    return (
        '\n<h2 id="fx-invariants">Invariants</h2>\n'
        "<p>How these figures relate, checked by every build and by <code>fxsite audit</code>.</p>"
        '<div class="fx-invariants"><table><thead><tr><th>Expression</th><th>Computed</th>'
        "<th>Equals</th><th>Within</th><th>Check</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table></div>\n"
    )


def _dec(value: float) -> Decimal:
    return Decimal(repr(value))


def _status_banner(record: Record, href_for: HrefFor) -> str:
    if record.status == "superseded" and record.superseded_by:
        return (
            '<div class="admonition warning"><p class="admonition-title">Superseded</p>'
            f'<p>This record is superseded by <a href="{_e(href_for(record.superseded_by, ""))}">'
            f"{_e(record.superseded_by)}</a>. Pages cannot cite it.</p></div>"
        )
    if record.status == "retracted":
        return (
            '<div class="admonition danger"><p class="admonition-title">Retracted</p>'
            "<p>This record is retracted. It stays published so that old citations can be "
            "audited; pages cannot cite it.</p></div>"
        )
    return ""


def _model_banner(record: Record, library: Library, href_for: HrefFor) -> str:
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


def _provenance(record: Record, document_href: str | None = None) -> str:
    """What the source publishes about itself, and plainly what it does not."""
    source = record.source
    shown: list[tuple[str, str]] = []
    if source and source.issuer:
        shown.append(("Issuer", _e(source.issuer)))
    if record.date:
        shown.append(("Test date", _e(record.date.isoformat())))
    if source and source.document:
        document = _e(source.document)
        if document_href:  # published with the site (source.publish_document)
            document = f'<a href="{_e(document_href)}">{document}</a>'
        shown.append(("Document", document))
    if source and source.sha256:
        shown.append(("SHA-256", f"<code>{_e(source.sha256)}</code>"))
    if source and source.url:
        shown.append(
            (
                "Public copy",
                f'<a href="{_e(source.url)}" rel="nofollow noopener">{_e(source.url)}</a>',
            )
        )
    facts = "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in shown)
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
        said = "<p>Computed on this site from the assumptions below; no test report stands behind it.</p>"
    elif missing:
        listed = ", ".join(missing[:-1]) + (" or " if len(missing) > 1 else "") + missing[-1]
        said = (
            f"<p>The source does not publish {listed}. The figures are shown as the "
            "source states them; nothing missing is filled in.</p>"
        )
    else:
        said = "<p>The source publishes its issuer, test date and report document.</p>"
    return (
        '<section class="fx-provenance" aria-label="Provenance">'
        f'<p class="fx-provenance-title">Provenance</p>'
        f"{f'<dl>{facts}</dl>' if facts else ''}{said}</section>"
    )


def _notes(text: str | None) -> str:
    """Reader notes, as text: a blank line starts a paragraph, and the lines of a
    paragraph wrapped in the YAML (``notes: |``) are one paragraph, as a reader reads it."""
    if not text:
        return ""
    blocks = re.split(r"\n[ \t]*\n", text)
    paragraphs = [" ".join(line.strip() for line in b.split("\n") if line.strip()) for b in blocks]
    body = "".join(f"<p>{_e(p)}</p>" for p in paragraphs if p)
    return f'\n<h2 id="fx-notes">Notes</h2>\n<div class="fx-notes">{body}</div>\n'


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
) -> str:
    """The page of one record, with a permanent anchor per figure.

    ``history_html`` is the record's History section (:mod:`fxsite.anchor.history`);
    ``document_href`` links the report document when the site publishes it.
    """
    record = library.records[record_id]
    model = record.label == "estimate"
    head = "<tr><th>Figure</th><th>Value</th><th>Label</th><th>Cited by</th></tr>"
    derived = ""
    if record.derived:
        title = "Results" if model else "Derived figures"
        derived = (
            f'\n<h2 id="fx-derived">{title}</h2>\n'
            '<div class="fx-figures fx-derived"><table>'
            "<thead><tr><th>Figure</th><th>Value</th><th>Computed as</th><th>Label</th>"
            "<th>Cited by</th></tr></thead>"
            f"<tbody>{_derived_rows(library, record, href_for)}</tbody></table></div>\n"
        )
    whole = (
        f' Every record, computed value and citation: <a href="{_e(library_href)}">evidence.json</a>.'
        if library_href
        else ""
    )
    return f"""# {_e(record.id)}: {escape_markdown(record.title)}

<nav class="fx-breadcrumbs" aria-label="Breadcrumb"><a href="{_e(index_href)}">Evidence Library</a> <span aria-hidden="true">›</span> <span aria-current="page">{_e(record.id)}</span></nav>

{record_badges(record)}
{_status_banner(record, href_for)}{_model_banner(record, library, href_for)}
{_provenance(record, document_href)}

<h2 id="fx-setup">{"Model setup" if model else "Test setup"}</h2>
<div class="fx-setup"><table><tbody>{setup_rows(record, setup_labels)}</tbody></table></div>

<h2 id="fx-figures">{"Assumptions" if model else "Figures"}</h2>
<div class="fx-figures"><table>
<thead>{head}</thead>
<tbody>{_figure_rows(library, record, href_for)}</tbody></table></div>
{derived}{_invariants(library, record, href_for)}{_notes(record.notes)}{history_html}
<h2 id="fx-data">Data</h2>
<p>This record as JSON: <a href="{_e(json_href)}" download>{_e(record.id)}.json</a>.{whole}</p>
"""
