"""``fxsite audit``: anchoring checks alongside the content audit of :mod:`fxsite.verify`.

Order: the signature and the manifest (was anything edited, added or
removed since the build?), then the content audit (does every published
claim agree with the published evidence?), then ``evidence.sqlite`` and
published documents against evidence.json, then the auditor's own documents
and a rebuild, when asked. Every finding is reported in one run.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from fxsite.anchor.audit import audit_anchors, load_site_manifest
from fxsite.anchor.documents import audit_documents, published_document_findings
from fxsite.anchor.manifest import MANIFEST_NAME, MAX_ANCHOR_BYTES, SIGNATURE_NAME
from fxsite.anchor.rebuild import rebuild_findings
from fxsite.anchor.sqlite_export import sqlite_findings
from fxsite.anchor.trust import load_evidence
from fxsite.findings import ConfigError, Finding, sort_findings
from fxsite.safeio import UnreadableFile, read_bytes

__all__ = ["anchored_audit", "content_audit", "published_evidence"]


def content_audit(site_dir: Path) -> list[Finding]:
    """The verification engine's audit of the published content (one rule engine).

    Raises ConfigError when the folder is no fxsite site at all. The engine's
    entry point is ``verify_site`` (the verify rewrite) or, before it,
    ``audit_site``: whichever this fxsite has.
    """
    from fxsite.verify import audit as engine

    # the entry point's name differs across the verify rewrite
    names = ("verify_site", "audit_site")
    check: Callable[[Path], list[Finding]] = next(
        getattr(engine, name) for name in names if hasattr(engine, name)
    )
    return check(site_dir)


def published_evidence(site_dir: Path) -> dict[str, Any] | None:
    """The published evidence.json, or None (the content audit says why it cannot be read)."""
    data, _, _ = load_evidence(site_dir)
    return data if data is not None and isinstance(data.get("records"), list) else None


def _signature_file_findings(site_dir: Path) -> list[Finding]:
    """A signature file there but not safely readable (the content audit does not read it)."""
    path = site_dir / SIGNATURE_NAME
    if not path.exists() and not path.is_symlink():
        return []
    try:
        read_bytes(path, MAX_ANCHOR_BYTES, root=site_dir)
    except UnreadableFile as exc:
        message = f"cannot be read safely: it {exc.reason}"
        return [Finding(SIGNATURE_NAME, 1, 1, "FX804", message)]
    return []


def anchored_audit(
    site_dir: Path,
    key_pem: bytes | None = None,
    key_where: str = "--key",
    fingerprint: str | None = None,
    documents_dir: Path | None = None,
    rebuild_repo: Path | None = None,
) -> list[Finding]:
    """Every finding about a published site folder."""
    findings = audit_anchors(site_dir, key_pem, key_where, fingerprint)
    findings += _signature_file_findings(site_dir)
    try:
        findings += content_audit(site_dir)
    except ConfigError as exc:
        if not (site_dir / MANIFEST_NAME).is_file():
            raise  # neither anchors nor evidence: not a site built by fxsite
        # gone (FX807), or there and unreadable: NaN, a member written twice (FX614)
        present = (site_dir / "evidence.json").exists()
        findings.append(Finding("evidence.json", 1, 1, "FX614" if present else "FX807", str(exc)))
    data = published_evidence(site_dir)
    if data is not None:
        try:
            findings += sqlite_findings(site_dir, data)
            findings += published_document_findings(site_dir, data)
            if documents_dir is not None:
                findings += audit_documents(documents_dir, data)
        except (KeyError, TypeError, ValueError) as exc:
            findings.append(Finding("evidence.json", 1, 1, "FX205", f"unexpected shape: {exc}"))
    if rebuild_repo is not None:
        manifest, _, _ = load_site_manifest(site_dir)
        if manifest is not None:
            findings += rebuild_findings(site_dir, manifest, rebuild_repo)
    return sort_findings(findings)
