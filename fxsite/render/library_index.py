"""The Evidence Library's index: every record's row, :data:`INDEX_ROWS` records a page.

Generated Markdown (mostly HTML blocks, every record string escaped); citation counts
are placeholders filled by :mod:`fxsite.pages.site`. The first page says what the
library is, its labels and markers; every page has the table's filters and its share
of the rows, in ID order (:func:`index_order`), and links to every page.

Decisions:

* Pages of :data:`INDEX_ROWS` records, not one page of every record: each reading of a
  page (its search entries, the gate's, the audit's) holds the whole page's tree at
  once, about 15 KiB a row, so one page of 10,000 rows cost about 150 MiB of a build;
  a page of 200 costs what a page of 200 does at any size. A browser is spared a page of
  10,000 rows too.
* Filtering and sorting still cover every record: ``fxsite.js`` reads the other pages'
  rows into the table the first time either is used (each of them a page the gate
  judged); the pager links them, the navigation does not.
* Rows in the IDs' natural order (:func:`index_order`): "R2" before "R10", letters
  case-blind, so a page of the index holds a run of neighbouring IDs.
* Page 1 stays at ``{prefix}/index.md``; page ``n`` is ``{prefix}/pages/n/index.md``,
  which no record page can be (an ID has no ``/``). The gate checks that each page
  lists its share (:mod:`fxsite.verify.library_listing`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from fxsite.evidence.library import Library
from fxsite.evidence.models import LABELS, Record
from fxsite.pages.claims import HrefFor
from fxsite.pages.sections import legend_example, marker_legend
from fxsite.pages.site import placeholder
from fxsite.render.messages import DEFAULT, message
from fxsite.render.record_sheet import LABEL_MEANINGS, _e, label_badge, status_badge

__all__ = [
    "INDEX_ROWS",
    "index_order",
    "index_page_number",
    "index_page_src",
    "index_pages",
    "legend",
    "library_columns",
    "library_index_markdown",
    "library_row",
    "library_summary",
]


def _issuer(record: Record) -> str | None:
    return record.source.issuer if record.source and record.source.issuer else None


def legend(lang: str = DEFAULT) -> str:
    """The Evidence Library's legend of labels: each badge, as the site names it, and what
    it promises."""
    items = "".join(
        f"<dt>{label_badge(k, lang)}</dt><dd>{_e(v)}</dd>" for k, v in LABEL_MEANINGS.items()
    )
    return f'<dl class="fx-legend">{items}</dl>'


def library_columns(library: Library) -> frozenset[str]:
    """The library table's optional columns (date, issuer) some record of ``library`` fills."""
    records = library.records.values()
    present = {"date": any(r.date for r in records), "issuer": any(_issuer(r) for r in records)}
    return frozenset(k for k, shown in present.items() if shown)


def library_summary(library: Library, lang: str) -> str:
    """One line: how many records, by label."""
    counts = Counter(r.label for r in library.records.values())
    parts = message("list_sep", lang).join(
        f"{counts[label]} {message(f'label.{label}', lang)}" for label in LABELS if counts[label]
    )
    total = len(library.records)
    said = (
        message("library.summary", lang, count=str(total), labels=parts)
        if total
        else message("library.none", lang)  # not "0 records: ." (blind62)
    )
    return f'<p class="fx-library-summary">{_e(said)}</p>'


#: Rows of the library table one page of the index shows: what reads a page (its search
#: entries, the gate, the audit) costs as much at 10,000 records as at 200.
INDEX_ROWS = 200


def index_pages(library: Library) -> int:
    """How many pages the Evidence Library's index takes (one with no record)."""
    return max(1, -(-len(library.records) // INDEX_ROWS))


def index_order(library: Library) -> list[str]:
    """The record IDs in the order the index lists them: page ``n`` lists the ``n``-th
    :data:`INDEX_ROWS` of them (the gate checks each page lists its own)."""
    return sorted(library.records, key=_natural)


def _natural(record_id: str) -> tuple[tuple[object, ...], str]:
    """An ID's place in the index: its numbers by value (by length, then digits: no
    ``int`` of a string of any length), its letters case-blind ("R2" before "R10", "e1"
    beside "E1"); the ID itself breaks ties ("R01", "R1")."""
    parts = _DIGITS.split(record_id)
    return tuple(
        (len(p.lstrip("0")), p.lstrip("0")) if i % 2 else p.lower() for i, p in enumerate(parts)
    ), record_id


_DIGITS = re.compile(r"([0-9]+)")


def index_page_src(prefix: str, number: int) -> str:
    """The source path of page ``number`` (from 1) of the index: ``evidence/index.md``,
    then ``evidence/pages/2/index.md``… (no record page's: an ID has no ``/``)."""
    return f"{prefix}/index.md" if number == 1 else f"{prefix}/pages/{number}/index.md"


def index_page_number(src: str, prefix: str) -> int:
    """Which page of the index ``src`` is (:func:`index_page_src`), 0 for another page."""
    if src == f"{prefix}/index.md":
        return 1
    middle = src.removeprefix(f"{prefix}/pages/").removesuffix("/index.md")
    if middle != src and middle.isdecimal() and middle.isascii() and not middle.startswith("0"):
        return int(middle) if int(middle) > 1 else 0
    return 0


def _pager(hrefs: Sequence[str], page: int, lang: str) -> str:
    """Links to every page of the index, this one (``page``) marked current."""
    current = ' aria-current="page"'
    links = " ".join(
        f'<a href="{_e(href)}"{current if n == page else ""}>{n}</a>'
        for n, href in enumerate(hrefs, 1)
    )
    label = _e(message("library.pages", lang))
    return f'<nav class="fx-library-pages" aria-label="{label}">{links}</nav>\n'


def library_index_markdown(
    library: Library,
    href_for: HrefFor,
    downloads: dict[str, str],
    lang: str = DEFAULT,
    *,
    page: int = 1,
    page_hrefs: Sequence[str] = (),
) -> str:
    """Page ``page`` of the ``/evidence/`` index: its :data:`INDEX_ROWS` records of the
    table, sortable and filterable in the browser (the script reads the other pages'
    rows when asked: ``page_hrefs``, each page's link from this one, are in its pager);
    the first page also says what the library is, its labels and markers."""
    columns = library_columns(library)
    # Each page sorts every ID and reads every record once (columns, filters, summary):
    # 50 pages at 10,000 records sort in 0.02 s; each renders only its own rows.
    shown = index_order(library)[(page - 1) * INDEX_ROWS : page * INDEX_ROWS]
    rows = [library_row(library.records[rid], href_for, columns) for rid in shown]
    listed = "\n".join(rows)  # a row a line: an auditor's finding names the row's line
    # Only categories some record is in: an empty choice would filter to nothing.
    present = {r.label for r in library.records.values()}
    present_status = {r.status for r in library.records.values()}
    options = "".join(
        f'<option value="{lab}">{_e(message(f"label.{lab}", lang))}</option>'
        for lab in LABELS
        if lab in present
    )
    statuses = "".join(
        f'<option value="{s}">{s}</option>'
        for s in ("active", "superseded", "retracted")
        if s in present_status
    )
    heads = [
        ("ID", True),
        ("Title", True),
        ("Label", True),
        ("Date", "date" in columns),
        ("Status", True),
        ("Issuer", "issuer" in columns),
        ("Figures", True),
        ("Cited on pages", True),
    ]
    head = "".join(f'<th scope="col">{name}</th>' for name, shown in heads if shown)
    pager = _pager(page_hrefs, page, lang) if len(page_hrefs) > 1 else ""
    title = message("library.title", lang)
    if page > 1:
        title = message(
            "library.page", lang, title=title, page=str(page), pages=str(len(page_hrefs))
        )
    about = _index_about(library, href_for, downloads, lang) if page == 1 else ""
    return f"""# {title}

{library_summary(library, lang)}

{about}## Records

<div class="fx-library-filters" hidden>
<label>Label <select data-fx-filter="label"><option value="">all</option>{options}</select></label>
<label>Status <select data-fx-filter="status"><option value="">all</option>{statuses}</select></label>
<output class="fx-library-count" aria-live="polite"></output>
</div>
<div class="fx-library"><table>
<thead><tr>{head}</tr></thead>
<tbody>
{listed}
</tbody>
</table></div>
{pager}"""


def _index_about(library: Library, href_for: HrefFor, downloads: dict[str, str], lang: str) -> str:
    """The first page's words before the table: the records that cannot be read, what the
    library is and where to take it away, its labels and markers."""
    links = " · ".join(f'<a href="{_e(url)}">{_e(name)}</a>' for name, url in downloads.items())
    unread = ", ".join(
        f'<a href="{_e(href_for(rid, ""))}">{_e(rid)}</a>' for rid in library.unreadable()
    )
    if unread:
        unread = f'<p class="fx-unreadable">{message("library.unreadable", lang, ids=unread)}</p>\n'
    example = legend_example((rid, library.records[rid].label) for rid in sorted(library.records))
    return f"""{unread}
Every figure on this site links to one of these records. Each record names its
report, its source label and the conditions of the test; derived figures show
their formula. Auditors can take the whole library away as data: {links}.

## Labels and markers

{legend(lang)}
{marker_legend({"measured", "estimate"}, lang, example)}

"""


#: In the library table a gap is a quiet dash; its words are there for screen readers.
_NOT_STATED = (
    '<span class="fx-not-stated"><span aria-hidden="true">—</span>'
    '<span class="fx-sr">not stated</span></span>'
)


def library_row(record: Record, href_for: HrefFor, columns: frozenset[str]) -> str:
    """One record's row of the library table, with the optional ``columns``
    (:func:`library_columns`; the audit re-renders it to compare)."""
    issuer = _issuer(record)
    count = len(record.figures) + len(record.derived)
    date = _e(record.date.isoformat()) if record.date else _NOT_STATED
    return (
        f'<tr data-fx-label="{record.label}" data-fx-status="{record.status}">'
        f'<td data-label="ID"><a href="{_e(href_for(record.id, ""))}">{_e(record.id)}</a></td>'
        f'<td data-label="Title">{_e(record.title)}</td>'
        f'<td data-label="Label">{label_badge(record.label)}</td>'
        + (f'<td data-label="Date">{date}</td>' if "date" in columns else "")
        + f'<td data-label="Status">{status_badge(record)}</td>'
        + (
            f'<td data-label="Issuer">{_e(issuer) if issuer else _NOT_STATED}</td>'
            if "issuer" in columns
            else ""
        )
        + f'<td data-label="Figures" data-fx-sort="{count}">{count}</td>'
        f'<td data-label="Cited on pages">{placeholder("cite-count", record.id, "fx-count")}</td></tr>'
    )
