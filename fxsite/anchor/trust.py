"""What an audit can conclude from the site alone: the anchoring, and the published figure history.

An unsigned site (no signature, or no key to check it with) is a warning
(``FX820``): its manifest only shows that the files agree with each other.

The figure history comes from git (:mod:`fxsite.anchor.history`) and cannot be
derived from the site again. What the site alone can show (``FX821``):

- each record page's History section is the one its ``history`` in
  ``evidence.json`` renders, and no other page has one;
- the history is one consistent story: every change to a figure's field (or a
  record's label or status) starts from the value the change before it ended
  at;
- for a build from a clean commit, it ends at the records as published: the
  last value of each field is the record's, a figure last removed is absent, a
  figure last added is present.

A deleted change that leaves the story consistent (the only change to a
field, say), or another commit id or date, cannot be seen without git:
``audit --rebuild`` compares the history with the one the commit gives.
"""

from __future__ import annotations

import json
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from fxsite.anchor.history import Change, History, history_section_html
from fxsite.anchor.manifest import KEY_NAME, SIGNATURE_NAME, site_files
from fxsite.evidence.units import canonical_unit
from fxsite.findings import Finding, line_of
from fxsite.safeio import UnreadableFile, read_text

__all__ = ["history_findings", "load_evidence", "unsigned_finding"]

_KINDS = frozenset(
    {"record-added", "record-removed", "record", "figure-added", "figure-removed", "figure"}
)
_FIELDS = ("record", "commit", "date", "kind", "figure", "field", "old", "new")
_NUMBERS = frozenset({"value", "min", "max", "stated", "decimals"})
_MAX_PAGE = 64 << 20


def unsigned_finding(has_signature: bool, has_key: bool) -> Finding:
    """The warning for a site that nothing anchors."""
    missing = "no signature" if not has_signature else f"no {KEY_NAME}"
    message = (
        f"the site is not signed ({missing}): nothing anchors it. The manifest shows only that "
        "the files agree with each other; whoever can edit the site can rewrite it and the "
        "manifest together. Who built it, from which commit and when cannot be concluded: "
        "ask the vendor for a signed build and its key's fingerprint, or --rebuild it"
    )
    where = SIGNATURE_NAME if not has_signature else KEY_NAME
    return Finding(where, 1, 1, "FX820", message, "warning")


def _changes(history: Any) -> tuple[list[Change] | None, str | None]:
    """The changes of evidence.json's ``history`` and its note; None if not in fxsite's shape."""
    if not isinstance(history, dict) or not isinstance(history.get("changes"), list):
        return None, None
    note = history.get("note")
    out = []
    for item in history["changes"]:
        if not isinstance(item, dict) or set(item) - set(_FIELDS):
            return None, None
        if not all(isinstance(item.get(k), str) for k in ("record", "commit", "date", "kind")):
            return None, None
        if item["kind"] not in _KINDS or not all(
            isinstance(item.get(k), str | None) for k in _FIELDS
        ):
            return None, None
        out.append(Change(**item))
    return out, note if isinstance(note, str) else None


def _record_pages(files: list[str], ids: set[str]) -> dict[str, str]:
    """Record ID -> its page, found as ``PREFIX/ID/index.html`` (or ``.html``) beside ``PREFIX/ID.json``."""
    present, pages = set(files), {}
    for rel in files:
        base = rel.removesuffix(".json")
        if base != rel and base.rpartition("/")[2] in ids:
            stem = base.rpartition("/")[2]
            for page in (f"{base}/index.html", f"{base}.html"):
                if page in present:
                    pages[stem] = page
    return pages


def _page_findings(site_dir: Path, history: History, records: set[str]) -> list[Finding]:
    files = site_files(site_dir)
    pages = _record_pages(files, records)
    homes = {page: record for record, page in pages.items()}
    findings = []
    for rel in files:
        if not rel.endswith(".html"):
            continue
        try:
            text = read_text(site_dir / rel, _MAX_PAGE, root=site_dir)
        except UnreadableFile:
            continue  # the content audit says why (FX614)
        record = homes.get(rel)
        sections = text.count('id="fx-history"') + text.count('class="fx-history"')
        if record is None:
            if sections:
                message = "a History section on a page that is not a record page"
                findings.append(Finding(rel, line_of(text, "fx-history"), 1, "FX821", message))
            continue
        expected = history_section_html(history, record)
        if expected not in text or sections != expected.count("fx-history"):
            message = (
                f"record {record}: the History section is not the one evidence.json's history gives"
            )
            findings.append(Finding(rel, line_of(text, "fx-history"), 1, "FX821", message))
    return findings


#: a problem: what to look for in evidence.json to place it, and what it is
_Problem = tuple[str, str]


def _chain_findings(
    changes: list[Change],
) -> tuple[dict[tuple[str, ...], str | None], list[_Problem]]:
    """The last value of every field, the alive state of records and figures; broken links."""
    last: dict[tuple[str, ...], str | None] = {}
    problems: list[_Problem] = []
    for c in changes:
        if c.kind in {"record-added", "record-removed"}:
            last = {k: v for k, v in last.items() if k[0] != c.record}
            last[(c.record,)] = c.kind
        elif c.kind in {"figure-added", "figure-removed"}:
            last = {k: v for k, v in last.items() if k[:2] != (c.record, c.figure)}
            last[(c.record, str(c.figure))] = c.kind
        else:
            key = (c.record, c.figure or "", c.field or "")
            if key in last and last[key] != c.old:
                what = f"{c.figure} {c.field}" if c.figure else str(c.field)
                problems.append(
                    (
                        f'"commit": "{c.commit}"',
                        f"{c.record} {what}: the change in {c.commit[:10]} starts from "
                        f"{c.old!r}, the change before it ended at {last[key]!r}",
                    )
                )
            last[key] = c.new
    return last, problems


def _same(field: str, told: str | None, shown: Any) -> bool:
    if shown is None or told is None:
        return shown is None and told is None
    if field in _NUMBERS:
        try:
            return Decimal(told) == Decimal(str(shown))
        except InvalidOperation:
            return False
    if field == "unit":
        return (canonical_unit(told) or told) == (canonical_unit(str(shown)) or str(shown))
    return told == str(shown)


def _figure(record: dict[str, Any], name: str) -> dict[str, Any] | None:
    for group in ("figures", "derived"):
        figures = record.get(group)
        figure = figures.get(name) if isinstance(figures, dict) else None
        if isinstance(figure, dict):
            return figure
    return None


def _end_findings(
    last: dict[tuple[str, ...], str | None], records: dict[str, Any]
) -> list[_Problem]:
    """Where the history's last word disagrees with the records as published."""
    problems: list[_Problem] = []
    for key, told in sorted(last.items(), key=lambda kv: tuple(str(p) for p in kv[0])):
        record = records.get(key[0])
        at = f'"id": "{key[0]}"'
        if len(key) == 1:
            if (told == "record-removed") != (record is None):
                state = "removed" if told == "record-removed" else "present"
                problems.append(
                    (at, f"{key[0]}: the history leaves it {state}; evidence.json does not")
                )
            continue
        if record is None:
            continue
        if len(key) == 2:
            figure = _figure(record, key[1])
            if (told == "figure-removed") != (figure is None):
                state = "removed" if told == "figure-removed" else "present"
                problems.append(
                    (at, f"{key[0]}#{key[1]}: the history leaves it {state}; the record does not")
                )
            continue
        name, field = key[1], key[2]
        if not name:
            shown = record.get(field)
        elif (figure := _figure(record, name)) is None:
            continue
        else:
            shown = figure.get(field)
            if field == "label" and shown is None:
                shown = record.get("label")
        if not _same(field, told, shown):
            where = f"{key[0]}#{name} {field}" if name else f"{key[0]} {field}"
            problems.append(
                (at, f"{where}: the history ends at {told!r}; the record gives {shown!r}")
            )
    return problems


def history_findings(
    site_dir: Path, data: dict[str, Any], text: str, clean_build: bool
) -> list[Finding]:
    """The published history against itself, the record pages and (``clean_build``) the records.

    ``data`` is evidence.json as read from ``text``, which places the findings.
    """
    if "history" not in data:
        return []
    changes, note = _changes(data["history"])
    if changes is None:
        return [
            Finding("evidence.json", 1, 1, "FX821", "history is not in the shape fxsite writes")
        ]
    listed = data.get("records")
    records = {
        r["id"]: r
        for r in (listed if isinstance(listed, list) else [])
        if isinstance(r, dict) and isinstance(r.get("id"), str)
    }
    history = History(note=note)
    for c in changes:
        history.changes.setdefault(c.record, []).append(c)
    findings = _page_findings(site_dir, history, set(records))
    last, problems = _chain_findings(changes)
    if clean_build:
        problems += _end_findings(last, records)
    findings += [
        Finding("evidence.json", line_of(text, needle), 1, "FX821", f"history: {message}")
        for needle, message in problems
    ]
    return findings


def load_evidence(site_dir: Path) -> tuple[dict[str, Any] | None, str]:
    """evidence.json read safely and its text; None when it cannot be (the content audit says why)."""
    try:
        text = read_text(site_dir / "evidence.json", _MAX_PAGE, root=site_dir)
        data = json.loads(text)
    except (UnreadableFile, ValueError, RecursionError):
        return None, ""
    return (data if isinstance(data, dict) else None), text
