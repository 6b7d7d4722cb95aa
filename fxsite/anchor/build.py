"""The build's anchoring steps, as plain functions the MkDocs plugin calls.

On the staged site folder, in this order:

1. :func:`prepare_site` — publish the report documents records ask to publish,
   and write ``evidence.sqlite`` from the staged ``evidence.json`` (an item at a
   time when the file holds the text the build wrote);
2. the verification gate (``fxsite.verify``) — not here;
3. :func:`finish_site` — write ``fxsite-manifest.json`` and, with a signing
   key, ``fxsite-manifest.json.sig`` and ``fxsite-key.pub``.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fxsite.anchor.documents import publish_documents
from fxsite.anchor.gitinfo import git_source
from fxsite.anchor.manifest import (
    KEY_NAME,
    MANIFEST_NAME,
    SIGNATURE_NAME,
    build_epoch,
    build_manifest,
    canonical_bytes,
)
from fxsite.anchor.sqlite_export import SQLITE_NAME, write_evidence_sqlite
from fxsite.evidence.models import Record
from fxsite.findings import Finding
from fxsite.render.exports import dumped_content

__all__ = [
    "SIGNING_KEY_ENV",
    "SqliteMemo",
    "finish_site",
    "prepare_site",
    "signing_key_path",
]

#: Environment variable naming the signing key file, as ``--sign`` does.
SIGNING_KEY_ENV = "FXSITE_SIGNING_KEY"


def signing_key_path(option: str | Path | None, environ: Mapping[str, str]) -> Path | None:
    """The key to sign with: ``--sign`` first, then ``FXSITE_SIGNING_KEY``; None for unsigned."""
    chosen = option or environ.get(SIGNING_KEY_ENV) or None
    return Path(chosen) if chosen else None


@dataclass
class SqliteMemo:
    """The last ``evidence.sqlite`` written and the ``evidence.json`` text it was made from.

    ``mkdocs serve`` keeps one between builds: the database is a function of
    evidence.json alone, so an unchanged evidence.json publishes the same bytes.
    """

    source: str = ""
    data: bytes = b""


def _holds(path: Path, text: str) -> bool:
    """Whether the file at ``path`` is ``text`` in UTF-8, read a piece at a time."""
    at = 0
    try:
        with path.open(encoding="utf-8", newline="") as file:
            while piece := file.read(1 << 16):
                if text[at : at + len(piece)] != piece:
                    return False
                at += len(piece)
    except UnicodeDecodeError:
        return False
    return at == len(text)


def _evidence(path: Path, written: str | None) -> tuple[str, Callable[[], Any]]:
    """The text of ``evidence.json`` and a reader of its content: read an item at a time
    from the text the build wrote when the file holds it, else the file's, parsed whole."""
    if written is not None and _holds(path, written):
        return written, lambda: dumped_content(written)
    text = path.read_text(encoding="utf-8")
    return text, lambda: json.loads(text)


def prepare_site(
    site_dir: Path,
    records: Iterable[Record],
    evidence_dir: Path,
    memo: SqliteMemo | None = None,
    written: str | None = None,
) -> list[Finding]:
    """Before the gate: published documents and ``evidence.sqlite``.

    ``written`` is the text of ``evidence.json`` as the build wrote it, when it did.
    """
    findings = publish_documents(records, evidence_dir, site_dir)
    evidence = site_dir / "evidence.json"
    if evidence.is_file():
        text, content = _evidence(evidence, written)
        target = site_dir / SQLITE_NAME
        if memo is not None and memo.data and memo.source == text:
            target.write_bytes(memo.data)
        else:
            write_evidence_sqlite(content(), target)
            if memo is not None:
                memo.source, memo.data = text, target.read_bytes()
    return findings


def finish_site(site_dir: Path, project_root: Path, signing_key: Path | None) -> list[Finding]:
    """After the gate: the manifest, and the signature when a key is given.

    A signing key that cannot be read is an error finding and nothing is
    written: a build asked to sign must never publish unsigned.
    """
    epoch, findings = build_epoch(os.environ, time.time())
    key = None
    if signing_key is not None:
        # cryptography is loaded only by builds that sign.
        from fxsite.anchor.signing import load_private_key

        key, problems = load_private_key(signing_key)
        findings.extend(problems)
    if any(f.severity == "error" for f in findings):
        return findings
    for stale in (SIGNATURE_NAME, KEY_NAME):  # e.g. copied from docs/: never publish them unsigned
        (site_dir / stale).unlink(missing_ok=True)
    manifest = build_manifest(site_dir, epoch, git_source(project_root, exclude=(site_dir,)))
    raw = canonical_bytes(manifest)
    (site_dir / MANIFEST_NAME).write_bytes(raw)
    if key is not None:
        from fxsite.anchor.signing import public_pem, sign

        (site_dir / SIGNATURE_NAME).write_bytes(sign(key, raw))
        (site_dir / KEY_NAME).write_bytes(public_pem(key.public_key()))
    return findings
