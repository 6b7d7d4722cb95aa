"""What anchoring adds to ``fxsite audit``: the signature, then the manifest.

Offline and read-only: the auditor's key (``--key``) or the fingerprint the
vendor published elsewhere (``--fingerprint``) decides whose signature counts;
the key a site publishes proves nothing on its own, since whoever edits the
site can replace it.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from fxsite.anchor.manifest import (
    KEY_NAME,
    MANIFEST_NAME,
    SIGNATURE_NAME,
    parse_manifest,
    read_anchor,
    site_files,
)
from fxsite.anchor.signing import fingerprint, load_public_key, normalise_fingerprint, verify
from fxsite.anchor.trust import history_findings, load_evidence, unsigned_finding
from fxsite.findings import Finding
from fxsite.safeio import UnreadableFile, digest_file

__all__ = ["audit_anchors", "load_site_manifest"]


def load_site_manifest(site_dir: Path) -> tuple[dict[str, Any] | None, bytes, list[Finding]]:
    """The site's manifest (or None), its raw bytes, and what is wrong with it."""
    raw = read_anchor(site_dir, MANIFEST_NAME)
    if raw is None:
        message = "no fxsite-manifest.json: the site's files cannot be checked against a build"
        return None, b"", [Finding(MANIFEST_NAME, 1, 1, "FX801", message)]
    data, findings = parse_manifest(raw)
    return data, raw, findings


def changed_after_build(site_dir: Path) -> list[Finding]:
    """Files of a just-built ``site_dir`` that differ from the manifest the build wrote
    after its gate read them (changed FX806, gone FX807, added FX808; no manifest FX801):
    what a plugin or hook running after fxsite (a later ``on_post_build``,
    ``on_shutdown``) did to the site, named as the gate names a published file."""
    manifest, _, findings = load_site_manifest(site_dir)
    if manifest is not None:
        findings += _file_findings(site_dir, manifest)
    after = " (after fxsite's gate read the site: by a plugin or hook that runs after fxsite)"
    return [replace(f, message=f.message + after) for f in findings]


def _signature_findings(
    site_dir: Path, raw: bytes, key_pem: bytes | None, key_where: str, expected_fp: str | None
) -> list[Finding]:
    signature = read_anchor(site_dir, SIGNATURE_NAME)
    published = read_anchor(site_dir, KEY_NAME)
    asked = key_pem is not None or expected_fp is not None
    if signature is None:
        path = site_dir / SIGNATURE_NAME
        if path.exists() or path.is_symlink():  # there, but not read (blind21: "not signed")
            message = (
                f"{SIGNATURE_NAME} cannot be read safely (larger than a signature, not a "
                "regular file, or a link leaving the site): the signature is not checked"
            )
            return [Finding(SIGNATURE_NAME, 1, 1, "FX804", message)]
        if asked:
            message = "the site is not signed (no fxsite-manifest.json.sig), but a key was given"
            return [Finding(SIGNATURE_NAME, 1, 1, "FX803", message)]
        return [unsigned_finding()]
    findings: list[Finding] = []
    if key_pem is not None:
        key, problems = load_public_key(key_pem, key_where)
        if key is None:
            return problems
        if published is not None and published.strip() != key_pem.strip():
            message = "the published key is not the auditor's key: it was replaced"
            findings.append(Finding(KEY_NAME, 1, 1, "FX805", message))
    else:
        if published is None:
            message = "signed, but no fxsite-key.pub is published to check it with"
            return [Finding(KEY_NAME, 1, 1, "FX805", message)]
        key, problems = load_public_key(published, KEY_NAME)
        if key is None:
            return problems
        if expected_fp is not None:
            actual = fingerprint(key)
            if actual != normalise_fingerprint(expected_fp):
                message = f"published key has fingerprint {actual}, not the expected {normalise_fingerprint(expected_fp)}"
                return [Finding(KEY_NAME, 1, 1, "FX805", message)]
    if not verify(key, raw, signature):
        message = "signature does not verify: the manifest was edited or signed by another key"
        findings.append(Finding(SIGNATURE_NAME, 1, 1, "FX804", message))
    elif not asked:
        message = (
            f"signature verified only with the key the site publishes ({fingerprint(key)}); "
            "pass --key or --fingerprint to know who signed"
        )
        findings.append(Finding(SIGNATURE_NAME, 1, 1, "FX804", message, "warning"))
    return findings


def _file_findings(site_dir: Path, manifest: dict[str, Any]) -> list[Finding]:
    findings = []
    listed: dict[str, dict[str, Any]] = manifest["files"]
    for rel, entry in sorted(listed.items()):
        path = site_dir / rel
        if not path.is_file():
            findings.append(Finding(rel, 1, 1, "FX807", "listed in the manifest but missing"))
            continue
        try:
            sha, size = digest_file(path, site_dir, entry["size"])
        except UnreadableFile as exc:
            message = f"changed since the build: it {exc.reason}"
            findings.append(Finding(rel, 1, 1, "FX806", message))
            continue
        if sha != entry["sha256"] or size != entry["size"]:
            message = f"changed since the build: sha256 {sha[:12]}…, manifest says {entry['sha256'][:12]}…"
            findings.append(Finding(rel, 1, 1, "FX806", message))
    for rel in site_files(site_dir):
        if rel not in listed:
            findings.append(
                Finding(rel, 1, 1, "FX808", "not in the manifest: added after the build")
            )
    evidence = listed.get("evidence.json")
    if evidence is not None and manifest.get("evidence_json_sha256") != evidence["sha256"]:
        message = "evidence_json_sha256 disagrees with the manifest's entry for evidence.json"
        findings.append(Finding(MANIFEST_NAME, 1, 1, "FX802", message))
    return findings


def audit_anchors(
    site_dir: Path,
    key_pem: bytes | None = None,
    key_where: str = "--key",
    expected_fingerprint: str | None = None,
) -> list[Finding]:
    """Signature (when signed or when a key is given), every file against the manifest, the history.

    An unsigned site is a warning saying what cannot be concluded (:mod:`fxsite.anchor.trust`).
    """
    manifest, raw, findings = load_site_manifest(site_dir)
    if manifest is None:
        if key_pem is not None or expected_fingerprint is not None:
            # a manifest that cannot be read (its own finding above) is not "nothing signed"
            signed = (site_dir / SIGNATURE_NAME).exists() or (site_dir / MANIFEST_NAME).exists()
            message = (
                "a key was given but the manifest cannot be read: nothing signed can be checked"
                if signed
                else "a key was given but nothing is signed"
            )
            findings.append(Finding(MANIFEST_NAME, 1, 1, "FX803", message))
        return findings
    findings.extend(_signature_findings(site_dir, raw, key_pem, key_where, expected_fingerprint))
    findings.extend(_file_findings(site_dir, manifest))
    data, text, _ = load_evidence(site_dir)
    if data is not None:
        source = manifest.get("source")
        clean = isinstance(source, dict) and source.get("dirty") is False
        findings.extend(history_findings(site_dir, data, text, clean))
    return findings
