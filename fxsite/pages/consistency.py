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
from fxsite.render.messages import DEFAULT, message

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
        why = "fails" if done is not None else "unchecked"  # a message key
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


def _count(kind: str, done: int, total: int, lang: str) -> str:
    """``3 of 4 invariants hold``; ``1 of 1 invariant holds`` (``kind``: held, found)."""
    return message(
        f"consistency.{kind}.{'one' if total == 1 else 'many'}",
        lang,
        done=str(done),
        total=str(total),
    )


def _summary(result: Consistency, lang: str) -> str:
    invariants = (
        _count("held", result.held, result.invariants, lang)
        if result.invariants
        else message("consistency.no_invariant", lang)
    )
    documents = (
        _count("found", result.found, result.looked, lang)
        if result.looked
        else message("consistency.none_looked", lang)
    )
    said = message(
        "consistency.summary",
        lang,
        invariants=f"<strong>{invariants}</strong>",
        documents=documents,
    )
    return f'<p class="fx-consistency-summary">{said}</p>'


def _table(result: Consistency, href_for: HrefFor, lang: str) -> str:
    def say(key: str, **values: str) -> str:
        return message(f"consistency.{key}", lang, **values)

    heads = [say("record"), say("invariants"), say("document")]
    rows = []
    for record, held, declared, found, looked, document in result.rows:
        link = f'<a href="{html.escape(href_for(record, ""))}">{html.escape(record)}</a>'
        invariants = (
            say("row_held", done=str(held), total=str(declared))
            if declared
            else say("row_none_declared")
        )
        code = f"<code>{html.escape(document)}</code>"
        if not document:
            documents = say("row_no_document")
        elif looked:
            documents = say("row_found", done=str(found), total=str(looked), document=code)
        else:
            documents = say("row_none_looked", document=code)
        cells = zip(heads, [link, invariants, documents], strict=True)
        rows.append(
            "<tr>"
            + "".join(f'<td data-label="{html.escape(h)}">{cell}</td>' for h, cell in cells)
            + "</tr>"
        )
    head = "".join(f"<th>{html.escape(h)}</th>" for h in heads)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def _problems(result: Consistency, href_for: HrefFor, lang: str) -> str:
    items = []
    for record, expr, equals, why in result.broken:
        href = html.escape(href_for(record, "fx-invariants"))
        said = message(
            "consistency.broken",
            lang,
            record=f'<a href="{href}">{html.escape(record)}</a>',
            expr=f"<code>{html.escape(expr)}</code>",
            equals=f"<code>{html.escape(equals)}</code>",
            why=message(f"consistency.{why}", lang),
        )
        items.append(f"<li>{said}</li>")
    for record, figure, document in result.missing:
        href = html.escape(href_for(record, figure))
        named = f'<a href="{href}">{html.escape(record)} <code>{html.escape(figure)}</code></a>'
        said = message(
            "consistency.missing",
            lang,
            record=named,
            document=f"<code>{html.escape(document)}</code>",
        )
        items.append(f"<li>{said}</li>")
    if items:
        return f'<ul class="fx-consistency-problems">{"".join(items)}</ul>'
    # said of what was checked only: nothing checked is no clean bill
    key = {(True, True): "both", (True, False): "all_hold", (False, True): "all_found"}.get(
        (bool(result.invariants), bool(result.looked))
    )
    if key is None:
        return ""
    said = message(f"consistency.{key}", lang) + message("consistency.end", lang)
    return f'<p class="fx-consistency-none">{said}</p>'


def render_consistency(
    text: str,
    path: str,
    first_line: int,
    library: Library,
    href_for: HrefFor,
    lang: str = DEFAULT,
) -> tuple[str, list[Finding]]:
    """The block's HTML in the page's language ``lang``, or a finding when it has content
    (``first_line`` 0-based)."""
    for i, line in enumerate(text.split("\n")):
        if line.strip():
            col = len(line) - len(line.lstrip()) + 1
            return "", [Finding(path, first_line + i + 1, col, "FX604", _EMPTY, text=line.strip())]
    result = consistency(library)
    if not result.rows:
        body = f'<p class="fx-consistency-none">{message("consistency.empty", lang)}</p>'
    else:
        body = (
            _summary(result, lang)
            + _table(result, href_for, lang)
            + _problems(result, href_for, lang)
        )
    return f'\n<div class="fx-consistency">{body}</div>\n', []
