"""What an audit can conclude from the site alone: the anchoring, and the published figure history.

An unsigned site (no signature) is a warning (``FX820``): its manifest only shows
that the files agree with each other.

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

from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from selectolax.lexbor import LexborHTMLParser

from fxsite.anchor.history import Change, History, history_section_html
from fxsite.anchor.manifest import SIGNATURE_NAME, site_files
from fxsite.evidence.units import canonical_unit
from fxsite.findings import Finding, line_of
from fxsite.render.exports import MAX_JSON_DEPTH
from fxsite.safeio import BadJson, UnreadableFile, load_json, read_text
from fxsite.verify.nodes import node_text, structure
from fxsite.verify.published import MAX_JSON_BYTES

__all__ = ["history_findings", "load_evidence", "unsigned_finding"]

_KINDS = frozenset(
    {"record-added", "record-removed", "record", "figure-added", "figure-removed", "figure"}
)
_FIELDS = ("record", "commit", "date", "kind", "figure", "field", "old", "new")
_NUMBERS = frozenset({"value", "min", "max", "stated", "decimals"})
_MAX_PAGE = 64 << 20


def unsigned_finding() -> Finding:
    """The warning for a site that has no signature: nothing anchors it."""
    message = (
        "the site is not signed (no signature): nothing anchors it. The manifest shows only that "
        "the files agree with each other; whoever can edit the site can rewrite it and the "
        "manifest together. Who built it, from which commit and when cannot be concluded: "
        "ask the vendor for a signed build and its key's fingerprint, or --rebuild it"
    )
    return Finding(SIGNATURE_NAME, 1, 1, "FX820", message, "warning")


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
        wanted = _read_section(expected)
        shown = _read_section(text, len(wanted or ()))
        if shown != wanted or sections != expected.count("fx-history"):
            message = (
                f"record {record}: the History section is not the one evidence.json's history gives"
            )
            findings.append(Finding(rel, line_of(text, "fx-history"), 1, "FX821", message))
    return findings


def _read_section(html: str, most: int = 3) -> list[tuple[object, str]] | None:
    """The History section of ``html`` as a reader gets it: its heading and the elements
    after it (its note, its table or its sentence), ``most`` elements in all, each element
    with its attributes and its text, whitespace collapsed; None where it has none. Read,
    not matched as bytes: a site minified after the build (blind68: a newline removed after
    the heading) shows the same section."""
    tree = LexborHTMLParser(html)
    node = tree.css_first("h2#fx-history")
    shapes: list[tuple[object, str]] = []
    while node is not None and len(shapes) < most:
        if node.tag not in ("-text", "-comment"):
            if shapes and node.tag in ("h1", "h2"):
                break
            shapes.append((structure(node), node_text(node)))
        node = node.next
    return shapes or None


#: a problem: what to look for in evidence.json to place it, and what it is
_Problem = tuple[str, str]


@dataclass
class _Story:
    """Where a history leaves each record: its last kind, its figures' last kinds, each field's last value.

    Fields are keyed by figure name ("" for the record's own label and status).
    """

    records: dict[str, str] = field(default_factory=dict)
    figures: dict[str, dict[str, str]] = field(default_factory=dict)
    values: dict[str, dict[str, dict[str, str | None]]] = field(default_factory=dict)


def _chain_findings(changes: list[Change]) -> tuple[_Story, list[_Problem]]:
    """The story the changes tell, and every change that does not start where the last ended."""
    story, problems = _Story(), []
    for c in changes:
        if c.kind in {"record-added", "record-removed"}:
            story.records[c.record] = c.kind
            story.figures[c.record], story.values[c.record] = {}, {}
            continue
        values = story.values.setdefault(c.record, {})
        if c.kind in {"figure-added", "figure-removed"}:
            story.figures.setdefault(c.record, {})[str(c.figure)] = c.kind
            values.pop(str(c.figure), None)
            continue
        fields = values.setdefault(c.figure or "", {})
        key = c.field or ""
        if key in fields and fields[key] != c.old:
            what = f"{c.figure} {c.field}" if c.figure else str(c.field)
            problems.append(
                (
                    f'"commit": "{c.commit}"',
                    f"{c.record} {what}: the change in {c.commit[:10]} starts from {c.old!r}, "
                    f"the change before it ended at {fields[key]!r}",
                )
            )
        fields[key] = c.new
    return story, problems


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


def _end_findings(story: _Story, records: dict[str, Any]) -> list[_Problem]:
    """Where the story's last word disagrees with the records as published."""
    problems: list[_Problem] = []
    for record_id, kind in sorted(story.records.items()):
        if (kind == "record-removed") != (record_id not in records):
            state = "removed" if kind == "record-removed" else "present"
            problems.append(
                (
                    f'"id": "{record_id}"',
                    f"{record_id}: the history leaves it {state}; evidence.json does not",
                )
            )
    for record_id, record in sorted(records.items()):
        at = f'"id": "{record_id}"'
        for name, kind in sorted(story.figures.get(record_id, {}).items()):
            if (kind == "figure-removed") != (_figure(record, name) is None):
                state = "removed" if kind == "figure-removed" else "present"
                message = f"{record_id}#{name}: the history leaves it {state}; the record does not"
                problems.append((at, message))
        for name, fields in sorted(story.values.get(record_id, {}).items()):
            figure = _figure(record, name) if name else record
            if figure is None:
                continue
            for key, told in sorted(fields.items()):
                shown = figure.get(key)
                if key == "label" and shown is None:
                    shown = record.get("label")
                if not _same(key, told, shown):
                    where = f"{record_id}#{name} {key}" if name else f"{record_id} {key}"
                    message = f"{where}: the history ends at {told!r}; the record gives {shown!r}"
                    problems.append((at, message))
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
    story, problems = _chain_findings(changes)
    if clean_build:
        problems += _end_findings(story, records)
    findings += [
        Finding("evidence.json", line_of(text, needle), 1, "FX821", f"history: {message}")
        for needle, message in problems
    ]
    return findings


def load_evidence(site_dir: Path) -> tuple[dict[str, Any] | None, str, str]:
    """A built site's evidence.json read safely, as the content audit reads it: its object
    and text; None and why where it cannot be read or holds no object."""
    try:
        text = read_text(site_dir / "evidence.json", MAX_JSON_BYTES, root=site_dir)
        data = load_json(text, MAX_JSON_DEPTH)
    except (UnreadableFile, BadJson) as exc:
        return None, "", f"cannot read evidence.json: {exc}"
    if not isinstance(data, dict):
        return None, text, "not an fxsite evidence.json"
    return data, text, ""
