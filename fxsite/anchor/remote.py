"""Fetch a live site for the audit: the manifest and every file it lists.

Over HTTP(S) with ``httpx``: a timeout on every request, a cap on each file
(never more than the manifest's size for it, and never more than
``max_file``) and on the whole download. Files land in a local folder that
the ordinary offline audit then checks. A live server cannot be asked what
else it serves, so files added to it outside the manifest go unseen; every
other tampering case is the same as offline.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote, urlsplit

import httpx

from fxsite.anchor.manifest import (
    KEY_NAME,
    MANIFEST_NAME,
    SIGNATURE_NAME,
    parse_manifest,
    safe_relpath,
)
from fxsite.findings import Finding

__all__ = ["MAX_FILE", "MAX_TOTAL", "fetch_site", "is_url"]

MAX_FILE = 100 * 1024 * 1024
MAX_TOTAL = 2 * 1024 * 1024 * 1024
_TIMEOUT = 20.0


def is_url(text: str) -> bool:
    return urlsplit(text).scheme in {"http", "https"}


class _TooBig(Exception):
    pass


def _get(client: httpx.Client, url: str, cap: int) -> bytes | int:
    """The body, or the HTTP status when it is not 200; raises _TooBig past ``cap`` bytes."""
    with client.stream("GET", url) as response:
        if response.status_code != 200:
            return response.status_code
        body = bytearray()
        for chunk in response.iter_bytes():
            body += chunk
            if len(body) > cap:
                raise _TooBig
        return bytes(body)


def fetch_site(
    url: str,
    dest: Path,
    *,
    timeout: float = _TIMEOUT,
    max_file: int = MAX_FILE,
    max_total: int = MAX_TOTAL,
    transport: httpx.BaseTransport | None = None,
) -> list[Finding]:
    """Download ``url``'s manifest, signature, key and listed files into ``dest``."""
    base = url if url.endswith("/") else url + "/"
    findings: list[Finding] = []
    total = 0

    def fetch(rel: str, cap: int, required: bool, listed: bool = False) -> bytes | None:
        nonlocal total
        try:
            got = _get(client, base + quote(rel), min(cap, max_total - total))
        except _TooBig:
            if listed:
                message = f"changed since the build: larger than the manifest's {cap} bytes"
                findings.append(Finding(rel, 1, 1, "FX806", message))
            else:
                findings.append(Finding(rel, 1, 1, "FX815", f"larger than allowed ({cap} bytes)"))
            return None
        except httpx.HTTPError as exc:
            findings.append(Finding(rel, 1, 1, "FX815", f"cannot fetch {base + rel}: {exc}"))
            return None
        if isinstance(got, int):
            if required or got != 404:
                findings.append(Finding(rel, 1, 1, "FX815", f"HTTP {got} for {base + rel}"))
            return None
        total += len(got)
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(got)
        return got

    with httpx.Client(
        timeout=timeout, follow_redirects=True, max_redirects=5, transport=transport
    ) as client:
        raw = fetch(MANIFEST_NAME, max_file, required=True)
        if raw is None:
            return findings
        fetch(SIGNATURE_NAME, 4096, required=False)
        fetch(KEY_NAME, 4096, required=False)
        manifest, _ = parse_manifest(raw)
        if manifest is None:
            return findings  # the audit reports what is wrong with it
        for rel, entry in sorted(manifest["files"].items()):
            if not safe_relpath(rel):
                continue
            if total >= max_total:
                findings.append(Finding(rel, 1, 1, "FX815", "download cap reached; not fetched"))
                continue
            fetch(rel, min(int(entry["size"]), max_file), required=True, listed=True)
    return findings
