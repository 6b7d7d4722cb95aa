"""The ``evidence-consistency`` block: how the library's figures agree, as the build proved it.

    ```evidence-consistency
    ```

The block takes no content. It renders, from the judged library, how many of
the records' invariants hold (:mod:`fxsite.evidence.invariants`) and how many
measured or spec figures their own report documents state
(:mod:`fxsite.evidence.documents_text`), a row per record, and names each
invariant that does not hold or cannot be checked and each figure its document
does not state. Counts are written as words a reader sees ("4 of 4"); values
are left to the record pages, which each line links.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field

from fxsite.evidence.library import Library
from fxsite.evidence.models import Record
from fxsite.findings import Finding
from fxsite.pages.claims import HrefFor

__all__ = ["Consistency", "consistency", "render_consistency"]

_EMPTY = "an evidence-consistency block takes no content: leave it empty"


@dataclass
class Consistency:
    """What the build proved of one library: counts, and what did not hold."""

    held: int = 0
    invariants: int = 0
    found: int = 0
    looked: int = 0
    #: ``(record, expression, equals, why)`` of each invariant that does not hold
    broken: list[tuple[str, str, str, str]] = field(default_factory=list)
    #: ``(record, figure name, document)`` of each figure its document does not state
    missing: list[tuple[str, str, str]] = field(default_factory=list)
    #: ``(record, invariants held, invariants, found, looked, document)`` per record shown
    rows: list[tuple[str, int, int, int, int, str]] = field(default_factory=list)


def _invariants(library: Library, record: Record, out: Consistency) -> tuple[int, int]:
    """(held, declared) for one record; the rest go to ``out.broken``."""
    checked = library.invariants.get(record.id, ())
    held = 0
    for invariant in record.invariants:
        done = next((c for c in checked if c.invariant is invariant), None)
        if done is not None and done.holds:
            held += 1
            continue
        why = "does not hold" if done is not None else "cannot be checked"
        out.broken.append((record.id, invariant.expr, invariant.equals, why))
    return held, len(record.invariants)


def _documents(library: Library, record: Record, out: Consistency) -> tuple[int, int, str]:
    """(found, looked for, document) for one record; figures not found go to ``out.missing``."""
    document = record.source.document if record.source and record.source.document else ""
    prefix = f"{record.id}#"
    found = sum(ref.startswith(prefix) for ref in library.stated_in)
    missing = sorted(
        (ref.removeprefix(prefix), name)
        for ref, name in library.not_stated.items()
        if ref.startswith(prefix)
    )
    out.missing.extend((record.id, figure, name) for figure, name in missing)
    return found, found + len(missing), document


def consistency(library: Library) -> Consistency:
    """Counts and lists of the library's invariants and report-document checks."""
    out = Consistency()
    # A retracted record's figures are cited nowhere: its invariants prove nothing here.
    standing = [r for r in library.records.values() if r.status != "retracted"]
    for record in sorted(standing, key=lambda r: r.id):
        held, declared = _invariants(library, record, out)
        found, looked, document = _documents(library, record, out)
        out.held, out.invariants = out.held + held, out.invariants + declared
        out.found, out.looked = out.found + found, out.looked + looked
        if declared or document:
            out.rows.append((record.id, held, declared, found, looked, document))
    return out


def _count(done: int, total: int, noun: str, verb: str, plural_verb: str) -> str:
    """``3 of 4 invariants hold``; ``1 of 1 invariant holds``."""
    many = total != 1
    return f"{done} of {total} {noun}{'s' if many else ''} {plural_verb if many else verb}"


def _summary(result: Consistency) -> str:
    invariants = (
        _count(result.held, result.invariants, "invariant", "holds", "hold")
        if result.invariants
        else "No record declares an invariant"
    )
    documents = (
        _count(result.found, result.looked, "figure", "was", "were")
        + (
            " found in its report document"
            if result.looked == 1
            else " found in their report documents"
        )
        if result.looked
        else "no figure was looked for in a report document"
    )
    return f'<p class="fx-consistency-summary"><strong>{invariants}</strong>; {documents}.</p>'


def _table(result: Consistency, href_for: HrefFor) -> str:
    rows = []
    for record, held, declared, found, looked, document in result.rows:
        link = f'<a href="{html.escape(href_for(record, ""))}">{html.escape(record)}</a>'
        invariants = f"{held} of {declared} hold" if declared else "none declared"
        if not document:
            documents = "no report document"
        elif looked:
            documents = f"{found} of {looked} found in <code>{html.escape(document)}</code>"
        else:
            documents = f"none looked for in <code>{html.escape(document)}</code>"
        rows.append(
            f'<tr><td data-label="Record">{link}</td><td data-label="Invariants">{invariants}</td>'
            f'<td data-label="Report document">{documents}</td></tr>'
        )
    return (
        "<table><thead><tr><th>Record</th><th>Invariants</th><th>Report document</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def _problems(result: Consistency, href_for: HrefFor) -> str:
    items = []
    for record, expr, equals, why in result.broken:
        href = html.escape(href_for(record, "fx-invariants"))
        items.append(
            f'<li><a href="{href}">{html.escape(record)}</a>: <code>{html.escape(expr)}</code> '
            f"equals <code>{html.escape(equals)}</code> {why}</li>"
        )
    for record, figure, document in result.missing:
        href = html.escape(href_for(record, figure))
        items.append(
            f'<li><a href="{href}">{html.escape(record)} <code>{html.escape(figure)}</code></a> '
            f"is not stated in <code>{html.escape(document)}</code></li>"
        )
    if not items:  # said of what was checked only: nothing checked is no clean bill
        said = [
            *(["every invariant holds"] if result.invariants else []),
            *(
                ["every figure looked for was found in its report document"]
                if result.looked
                else []
            ),
        ]
        if not said:
            return ""
        return f'<p class="fx-consistency-none">{", and ".join(said).capitalize()}.</p>'

    return f'<ul class="fx-consistency-problems">{"".join(items)}</ul>'


def render_consistency(
    text: str, path: str, first_line: int, library: Library, href_for: HrefFor
) -> tuple[str, list[Finding]]:
    """The block's HTML, or a finding when it has content (``first_line`` 0-based)."""
    for i, line in enumerate(text.split("\n")):
        if line.strip():
            col = len(line) - len(line.lstrip()) + 1
            return "", [Finding(path, first_line + i + 1, col, "FX604", _EMPTY, text=line.strip())]
    result = consistency(library)
    if not result.rows:
        body = '<p class="fx-consistency-none">No record declares an invariant or a report document.</p>'
    else:
        body = _summary(result) + _table(result, href_for) + _problems(result, href_for)
    return f'\n<div class="fx-consistency">{body}</div>\n', []
