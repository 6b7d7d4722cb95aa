"""Report documents: published with the site on request, and checked by hash.

A record may set ``source.publish_document: true``; its document
(``source.document``, a path inside evidence/) is then published at
``documents/<document>`` in the site. Off by default: test reports are often
confidential. Either way the record's ``sha256`` is published, so an auditor
who holds a copy can check it with ``fxsite audit SITE --documents DIR``.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from fxsite.evidence.documents_text import figure_places
from fxsite.evidence.library import FigureValue, Library, library_from_published
from fxsite.evidence.models import Record
from fxsite.findings import Finding
from fxsite.safeio import UnreadableFile, sha256_file

__all__ = [
    "DOCUMENTS_DIR",
    "audit_documents",
    "document_figure_counts",
    "document_url",
    "publish_documents",
    "published_document_findings",
    "unread_document",
]

DOCUMENTS_DIR = "documents"


def document_url(document: str) -> str:
    """Site-relative URL of a published document."""
    return f"{DOCUMENTS_DIR}/{document}"


def unread_document(source: Any) -> str | None:
    """The site path of the document a record's ``source`` publishes that the gate does not
    read, only compares with the record's sha256: a plain-text one whose sha256 the record
    states (an HTML, XML or JSON document is read as any page or data file is); None: none."""
    from fxsite.verify.kinds import kind_of

    if source is None or not (source.publish_document and source.document and source.sha256):
        return None
    rel = document_url(source.document)
    return rel if kind_of(rel) == "text" else None


def publish_documents(
    records: Iterable[Record], evidence_dir: Path, site_dir: Path
) -> list[Finding]:
    """Copy the documents of records that publish theirs into the site."""
    findings = []
    for record in records:
        source = record.source
        if source is None or not source.publish_document:
            continue
        if source.document is None:
            message = f"{record.id}: publish_document is set but source.document is not"
            findings.append(Finding(f"evidence/{record.id}.yaml", 1, 1, "FX310", message))
            continue
        src = (evidence_dir / source.document).resolve()
        if not src.is_relative_to(evidence_dir.resolve()) or not src.is_file():
            continue  # the library reports it (FX310)
        target = site_dir / document_url(source.document)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, target)
    return findings


def _sources(data: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [(r["id"], r.get("source") or {}) for r in data.get("records", [])]


def published_document_findings(site_dir: Path, data: dict[str, Any]) -> list[Finding]:
    """Each document the site publishes must be there and match its record's hash."""
    findings = []
    for record_id, source in _sources(data):
        if not source.get("publish_document") or not source.get("document"):
            continue
        rel = document_url(source["document"])
        path = site_dir / rel
        if not path.is_file():
            message = f"{record_id} publishes its document, but {rel} is missing"
            findings.append(Finding(rel, 1, 1, "FX813", message))
        elif source.get("sha256"):
            try:
                same = sha256_file(path, site_dir) == source["sha256"]
            except UnreadableFile as exc:
                message = f"{record_id}: published document cannot be read safely: it {exc.reason}"
                findings.append(Finding(rel, 1, 1, "FX812", message))
                continue
            if not same:
                message = f"{record_id}: published document differs from the record's sha256"
                findings.append(Finding(rel, 1, 1, "FX812", message))
    return findings


def _locate(docs_dir: Path, document: str) -> Path | None:
    for candidate in (docs_dir / document, docs_dir / Path(document).name):
        if candidate.is_file() and candidate.resolve().is_relative_to(docs_dir.resolve()):
            return candidate
    return None


def _published_figures(data: dict[str, Any]) -> dict[str, list[FigureValue]]:
    """The published records' figures, recomputed as the build computed them."""
    records = data.get("records")
    library = library_from_published(records if isinstance(records, list) else [])
    return {rid: library.figures_of(rid) for rid in library.records}


def _figures_in(
    where: str,
    document: str,
    path: Path,
    docs_dir: Path,
    figures: list[FigureValue],
    claimed: frozenset[str],
) -> list[Finding]:
    """FX316 for each figure the auditor's copy does not state (FX317: no text to read), as the
    build checks it; FX812 where the site says its document states it (``claimed``: the
    figures ``evidence.json`` gives a ``stated_in``), which its record pages and
    consistency block then say too (blind68)."""
    places, problem = figure_places(figures, path, docs_dir)
    if problem is not None:
        message = f"'{document}' {problem}: its figures are not looked for in it"
        return [Finding(where, 1, 1, "FX317", message, "warning")]
    out = []
    for fig, message in places[1] if places is not None else []:
        if fig.ref in claimed:
            said = (
                f"{fig.ref}: evidence.json says '{document}' states it, and your copy, which "
                f"matches its sha256, does not: {message}"
            )
            out.append(Finding(where, 1, 1, "FX812", said))
        else:
            out.append(Finding(where, 1, 1, "FX316", message, "warning"))
    return out


def _claimed(data: dict[str, Any]) -> frozenset[str]:
    """The figures ``evidence.json`` says their report documents state (``stated_in``)."""
    figures = data.get("figures")
    return frozenset(
        str(item.get("ref"))
        for item in (figures if isinstance(figures, list) else [])
        if isinstance(item, dict) and "stated_in" in item
    )


def document_figure_counts(docs_dir: Path, library: Library) -> tuple[int, int]:
    """(found, looked for): the figures looked for in the held documents that match their hash."""
    found = looked = 0
    for record in library.records.values():
        source = record.source
        path = _locate(docs_dir, source.document) if source and source.document else None
        if source is None or path is None:
            continue
        if source.sha256 and sha256_file(path, docs_dir) != source.sha256:
            continue
        places, _ = figure_places(library.figures_of(record.id), path, docs_dir)
        if places is not None:
            found += len(places[0])
            looked += len(places[0]) + len(places[1])
    return found, looked


def audit_documents(docs_dir: Path, data: dict[str, Any]) -> list[Finding]:
    """The auditor's copies of the report documents against the published hashes.

    A document is looked up in ``docs_dir`` by its path in the record
    (``reports/R1.pdf``), then by its file name (``R1.pdf``). A copy that
    matches its hash is then searched for its record's figures (FX316), as
    the build searches the project's copy.
    """
    findings = []
    used: set[Path] = set()
    figures = _published_figures(data)
    claimed = _claimed(data)
    for record_id, source in _sources(data):
        document, expected = source.get("document"), source.get("sha256")
        where = f"{record_id}.yaml"
        if document is None:
            if expected:
                message = f"{record_id} publishes a document hash but names no document"
                findings.append(Finding(where, 1, 1, "FX814", message, "warning"))
            continue
        path = _locate(docs_dir, document)
        if path is None:
            message = f"{record_id}: document '{document}' is not in {docs_dir}"
            findings.append(Finding(where, 1, 1, "FX813", message, "warning"))
            continue
        used.add(path.resolve())
        actual = sha256_file(path, docs_dir)  # _locate found a file inside docs_dir
        if expected is None:
            message = f"{record_id}: '{document}' was never hashed (the record states no sha256; it hashes to {actual})"
            findings.append(Finding(where, 1, 1, "FX814", message, "warning"))
        elif actual != expected:
            message = f"{record_id}: '{document}' differs from the published sha256 (it hashes to {actual})"
            findings.append(Finding(where, 1, 1, "FX812", message))
            continue
        findings += _figures_in(
            where, document, path, docs_dir, figures.get(record_id, []), claimed
        )
    # A record's own file (``R1.yaml``, when DIR is the evidence folder) is no document.
    records = {str(r.get("id")) for r in data.get("records", []) if isinstance(r, dict)}
    for path in sorted(docs_dir.rglob("*")):
        if path.suffix in (".yaml", ".yml") and path.stem in records:
            continue
        if path.is_file() and path.resolve() not in used:
            rel = path.relative_to(docs_dir).as_posix()
            message = f"'{rel}' is named by no record"
            findings.append(Finding(rel, 1, 1, "FX814", message, "warning"))
    return findings
