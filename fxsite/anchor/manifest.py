"""``fxsite-manifest.json``: every published file with its SHA-256 and size.

The manifest is RFC 8785 canonical JSON (``rfc8785``), so its bytes are a
function of its content: the signature covers exactly these bytes and an
auditor can re-derive them. It lists every file of the site except the three
anchoring files themselves (the manifest, its signature and the public key).

Build time: ``SOURCE_DATE_EPOCH`` (seconds since the epoch) when set, else
the time of the build. MkDocs reads the same variable for the sitemap dates, so
a build with a fixed ``SOURCE_DATE_EPOCH`` is byte for byte reproducible; the
manifest records the value so that ``fxsite audit --rebuild`` can reuse it.
"""

from __future__ import annotations

import datetime
import posixpath
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from fxsite import __version__
from fxsite.anchor.gitinfo import GitSource
from fxsite.findings import Finding
from fxsite.safeio import BadJson, UnreadableFile, digest_file, load_json, read_bytes

__all__ = [
    "ANCHOR_FILES",
    "KEY_NAME",
    "MANIFEST_NAME",
    "MANIFEST_VERSION",
    "MAX_ANCHOR_BYTES",
    "MAX_MANIFEST_BYTES",
    "MAX_MANIFEST_DEPTH",
    "SIGNATURE_NAME",
    "build_epoch",
    "build_manifest",
    "canonical_bytes",
    "parse_manifest",
    "read_anchor",
    "safe_relpath",
    "site_files",
]

MANIFEST_NAME = "fxsite-manifest.json"
SIGNATURE_NAME = "fxsite-manifest.json.sig"
KEY_NAME = "fxsite-key.pub"
ANCHOR_FILES = frozenset({MANIFEST_NAME, SIGNATURE_NAME, KEY_NAME})
MANIFEST_VERSION = 1
#: Largest manifest read: a million files at about 120 bytes each.
MAX_MANIFEST_BYTES = 128 << 20
#: Largest signature or public key read (an Ed25519 PEM key is 113 bytes).
MAX_ANCHOR_BYTES = 4096
#: Deepest nesting a manifest may have (it needs 3: ``files``, a path, its entry).
MAX_MANIFEST_DEPTH = 8


def canonical_bytes(data: Any) -> bytes:
    """RFC 8785 canonical JSON."""
    import rfc8785  # imported by the first manifest written or checked, not by every build

    return rfc8785.dumps(data)


def read_anchor(site_dir: Path, name: str) -> bytes | None:
    """The bytes of the anchoring file ``name``; None when it is missing or not safely readable.

    The content audit names why an unreadable one is unreadable (``FX614``).
    """
    cap = MAX_MANIFEST_BYTES if name == MANIFEST_NAME else MAX_ANCHOR_BYTES
    try:
        return read_bytes(site_dir / name, cap, root=site_dir)
    except UnreadableFile:
        return None


def site_files(site_dir: Path) -> list[str]:
    """Site-relative paths of every published file but the anchoring ones, sorted."""
    out = []
    for path in site_dir.rglob("*"):
        if path.is_file():
            rel = path.relative_to(site_dir).as_posix()
            if rel not in ANCHOR_FILES:
                out.append(rel)
    return sorted(out)


def build_epoch(environ: Mapping[str, str], now: float) -> tuple[int, list[Finding]]:
    """The build time: ``SOURCE_DATE_EPOCH`` when set, else ``now``."""
    value = environ.get("SOURCE_DATE_EPOCH")
    if value is None or value == "":
        return int(now), []
    if not value.strip().isdigit():
        message = f"SOURCE_DATE_EPOCH={value!r} is not whole seconds since the epoch"
        return int(now), [Finding("SOURCE_DATE_EPOCH", 1, 1, "FX901", message)]
    return int(value), []


def build_manifest(site_dir: Path, epoch: int, source: GitSource | None) -> dict[str, Any]:
    """The manifest of a built site folder."""
    files = {}
    for rel in site_files(site_dir):
        sha, size = digest_file(site_dir / rel, site_dir)
        files[rel] = {"sha256": sha, "size": size}
    stamp = datetime.datetime.fromtimestamp(epoch, datetime.UTC)
    manifest: dict[str, Any] = {
        "manifest_version": MANIFEST_VERSION,
        "generator": f"fxsite {__version__}",
        "build_time": stamp.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "source_date_epoch": epoch,
        "files": files,
    }
    if "evidence.json" in files:
        manifest["evidence_json_sha256"] = files["evidence.json"]["sha256"]
    if source is not None:
        manifest["source"] = {"commit": source.commit, "dirty": source.dirty, "path": source.path}
    return manifest


_DRIVE = re.compile(r"[A-Za-z]:")


def safe_relpath(rel: str) -> bool:
    """Whether a manifest path stays inside the site (no ``..``, no absolute path, no
    Windows drive: ``C:x``; a colon elsewhere, as in a page named ``a-'b:'-c``, is a name)."""
    if not rel or rel.startswith("/") or "\\" in rel or _DRIVE.match(rel):
        return False
    normal = posixpath.normpath(rel)
    return normal == rel and not normal.startswith("../") and normal != ".."


def _shape_problems(data: Any) -> list[str]:
    if not isinstance(data, dict):
        return ["not a JSON object"]
    problems = []
    if data.get("manifest_version") != MANIFEST_VERSION:
        problems.append(f"manifest_version is not {MANIFEST_VERSION}")
    files = data.get("files")
    if not isinstance(files, dict):
        return [*problems, "files is not an object"]
    for rel, entry in files.items():
        if not safe_relpath(rel):
            problems.append(f"unsafe path {rel!r}")
        elif (
            not isinstance(entry, dict)
            or not isinstance(entry.get("sha256"), str)
            or not isinstance(entry.get("size"), int)
        ):
            problems.append(f"{rel}: entry needs sha256 and size")
    if not isinstance(data.get("source_date_epoch", 0), int):
        problems.append("source_date_epoch is not an integer")
    return problems


def parse_manifest(raw: bytes) -> tuple[dict[str, Any] | None, list[Finding]]:
    """The manifest in ``raw`` bytes, checked for shape and canonical form."""
    try:
        data = load_json(raw.decode("utf-8"), MAX_MANIFEST_DEPTH)
    except (UnicodeDecodeError, BadJson) as exc:
        return None, [Finding(MANIFEST_NAME, 1, 1, "FX802", f"not valid JSON: {exc}")]
    problems = _shape_problems(data)
    if problems:
        return None, [Finding(MANIFEST_NAME, 1, 1, "FX802", p) for p in problems]
    findings = []
    if canonical_bytes(data) != raw:
        message = "not RFC 8785 canonical JSON: its bytes were edited after the build"
        findings.append(Finding(MANIFEST_NAME, 1, 1, "FX802", message))
    return data, findings
