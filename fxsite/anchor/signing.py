"""Ed25519 keys and signatures (``cryptography``).

Files:

- the private key: PKCS#8 PEM, unencrypted, written with mode 0600;
- the public key (``KEYFILE.pub``, published as ``fxsite-key.pub``):
  SubjectPublicKeyInfo PEM, readable by ``openssl``;
- the signature (``fxsite-manifest.json.sig``): the raw 64-byte Ed25519
  signature of the manifest's bytes.

The **fingerprint** of a key is ``sha256:`` followed by the lowercase hex
SHA-256 of the 32 raw public-key bytes. A vendor publishes it where auditors
can find it independently of the site (``fxsite audit --fingerprint``).
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

from cryptography.exceptions import InvalidSignature, UnsupportedAlgorithm
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from fxsite.anchor.manifest import MAX_ANCHOR_BYTES
from fxsite.findings import Finding
from fxsite.safeio import UnreadableFile, read_bytes

__all__ = [
    "fingerprint",
    "load_private_key",
    "load_public_key",
    "normalise_fingerprint",
    "public_pem",
    "sign",
    "verify",
    "write_keypair",
]


def public_pem(key: Ed25519PublicKey) -> bytes:
    """The public key as published (SubjectPublicKeyInfo PEM)."""
    return key.public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )


def fingerprint(key: Ed25519PublicKey) -> str:
    """``sha256:<hex>`` of the raw public key."""
    raw = key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return "sha256:" + hashlib.sha256(raw).hexdigest()


def fingerprint_problem(text: str) -> str | None:
    """Why ``text`` is not a fingerprint as :func:`fingerprint` writes one (64 hexadecimal
    digits, ``sha256:`` and colons optional), or None."""
    body = normalise_fingerprint(text).removeprefix("sha256:")
    if re.fullmatch(r"[0-9a-f]{64}", body):
        return None
    return f"--fingerprint {text!r} is not sha256: and 64 hexadecimal digits"


def normalise_fingerprint(text: str) -> str:
    """A fingerprint as typed (any case, with or without ``sha256:``, colons) in canonical form."""
    body = text.strip().lower().removeprefix("sha256:").replace(":", "")
    return "sha256:" + body


def _create(path: Path, data: bytes, mode: int) -> None:
    """Write a new file; never through a symbolic link, never over a file (``O_EXCL``)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, mode)
    with os.fdopen(fd, "wb") as out:
        out.write(data)
    os.chmod(path, mode, follow_symlinks=False)  # whatever the umask said


def write_keypair(keyfile: Path) -> tuple[str | None, list[Finding]]:
    """Write a new key pair to ``keyfile`` (0600) and ``keyfile.pub``; never overwrite.

    Either path being a symbolic link, even one pointing nowhere, is refused:
    a key is never written where a link sends it.
    """
    pub = keyfile.with_name(keyfile.name + ".pub")
    for target in (keyfile, pub):
        if target.is_symlink():
            message = "is a symbolic link; a key is never written through one"
            return None, [Finding(str(target), 1, 1, "FX809", message)]
        if target.exists():
            return None, [Finding(str(target), 1, 1, "FX809", "already exists; not overwritten")]
    key = Ed25519PrivateKey.generate()
    private = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    try:
        _create(keyfile, private, 0o600)
        _create(pub, public_pem(key.public_key()), 0o644)
    except OSError as exc:
        return None, [Finding(str(keyfile), 1, 1, "FX809", f"cannot write key: {exc}")]
    return fingerprint(key.public_key()), []


def load_private_key(path: Path) -> tuple[Ed25519PrivateKey | None, list[Finding]]:
    """The Ed25519 private key in a PEM file."""
    try:
        data = read_bytes(path, MAX_ANCHOR_BYTES)
    except UnreadableFile as exc:
        message = f"cannot read signing key: it {exc.reason}"
        return None, [Finding(str(path), 1, 1, "FX809", message)]
    try:
        key = serialization.load_pem_private_key(data, password=None)
    except (ValueError, TypeError, UnsupportedAlgorithm):
        message = "not an unencrypted PEM private key (make one with `fxsite keygen`)"
        return None, [Finding(str(path), 1, 1, "FX809", message)]
    if not isinstance(key, Ed25519PrivateKey):
        return None, [Finding(str(path), 1, 1, "FX809", "signing key is not an Ed25519 key")]
    return key, []


def load_public_key(data: bytes, where: str) -> tuple[Ed25519PublicKey | None, list[Finding]]:
    """The Ed25519 public key in PEM bytes; ``where`` names them in findings."""
    try:
        key = serialization.load_pem_public_key(data)
    except (ValueError, TypeError, UnsupportedAlgorithm):
        return None, [Finding(where, 1, 1, "FX805", "not a PEM public key")]
    if not isinstance(key, Ed25519PublicKey):
        return None, [Finding(where, 1, 1, "FX805", "public key is not an Ed25519 key")]
    return key, []


def sign(key: Ed25519PrivateKey, data: bytes) -> bytes:
    """The raw 64-byte Ed25519 signature of ``data``."""
    return key.sign(data)


def verify(key: Ed25519PublicKey, data: bytes, signature: bytes) -> bool:
    """Whether ``signature`` is ``key``'s signature of ``data``."""
    try:
        key.verify(signature, data)
    except InvalidSignature:
        return False
    return True
