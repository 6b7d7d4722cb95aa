"""Keys, signatures, report documents and evidence.sqlite."""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
import stat
import subprocess
from pathlib import Path

import pytest
from anchorkit import TEST_FINGERPRINT, TEST_KEY, audit_here, build_in_child, codes, make_repo
from click.testing import CliRunner
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from fxsite.anchor.signing import (
    fingerprint,
    load_private_key,
    load_public_key,
    normalise_fingerprint,
    sign,
    verify,
    write_keypair,
)
from fxsite.anchor.sqlite_export import write_evidence_sqlite
from fxsite.cli import cli


def test_keygen_writes_a_private_key_only_its_owner_can_read(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["keygen", str(tmp_path / "k")])
    assert result.exit_code == 0, result.output
    fp = result.stdout.strip()
    assert fp.startswith("sha256:") and len(fp) == 7 + 64
    assert stat.S_IMODE((tmp_path / "k").stat().st_mode) == 0o600
    key, problems = load_private_key(tmp_path / "k")
    assert key is not None and problems == []
    public, _ = load_public_key((tmp_path / "k.pub").read_bytes(), "k.pub")
    assert public is not None and fingerprint(public) == fp


def test_keygen_never_overwrites(tmp_path: Path) -> None:
    (tmp_path / "k.pub").write_text("mine", encoding="utf-8")
    result = CliRunner().invoke(cli, ["keygen", str(tmp_path / "k")])
    assert result.exit_code == 2
    assert "already exists" in result.output
    assert not (tmp_path / "k").exists()
    assert (tmp_path / "k.pub").read_text(encoding="utf-8") == "mine"


def test_the_test_key_has_the_documented_fingerprint() -> None:
    key, _ = load_private_key(TEST_KEY)
    assert key is not None and fingerprint(key.public_key()) == TEST_FINGERPRINT


@pytest.mark.parametrize(
    ("data", "other_key", "good"),
    [
        (b"manifest", False, True),
        (b"manifest ", False, False),  # one byte more
        (b"manifest", True, False),  # someone else's key
    ],
)
def test_sign_and_verify(data: bytes, other_key: bool, good: bool) -> None:
    key = Ed25519PrivateKey.generate()
    signature = sign(key, b"manifest")
    checker = Ed25519PrivateKey.generate().public_key() if other_key else key.public_key()
    assert verify(checker, data, signature) is good


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("sha256:AB:cd", "sha256:abcd"),
        ("  ABCD ", "sha256:abcd"),
        ("SHA256:abcd", "sha256:abcd"),
    ],
)
def test_fingerprints_as_typed(typed: str, canonical: str) -> None:
    assert normalise_fingerprint(typed) == canonical


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "not an unencrypted PEM private key"),
        (b"-----BEGIN PRIVATE KEY-----\nxx\n-----END PRIVATE KEY-----\n", "not an unencrypted"),
    ],
)
def test_unusable_signing_key_refuses_the_build_before_it_starts(
    tmp_path: Path, content: bytes, message: str
) -> None:
    (tmp_path / "bad").write_bytes(content)
    result = CliRunner().invoke(cli, ["build", str(tmp_path), "--sign", str(tmp_path / "bad")])
    assert result.exit_code == 2
    assert message in result.output


def test_a_key_of_another_kind_is_refused(tmp_path: Path) -> None:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    pem = ec.generate_private_key(ec.SECP256R1()).private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    (tmp_path / "ec").write_bytes(pem)
    key, problems = load_private_key(tmp_path / "ec")
    assert key is None and "not an Ed25519 key" in problems[0].message


def test_write_keypair_is_not_world_readable_under_a_loose_umask(tmp_path: Path) -> None:
    import os

    old = os.umask(0)
    try:
        fp, problems = write_keypair(tmp_path / "k")
    finally:
        os.umask(old)
    assert fp and not problems
    assert stat.S_IMODE((tmp_path / "k").stat().st_mode) == 0o600


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project, its R1 report published with the site, built twice at one time, each
    build in a process of its own (two hash seeds)."""
    project = make_repo(tmp_path_factory.mktemp("docs") / "project")
    record = project / "evidence" / "R1.yaml"
    record.write_text(
        record.read_text(encoding="utf-8").replace(
            "  url: https://", "  publish_document: true\n  url: https://"
        ),
        encoding="utf-8",
    )
    build_in_child(project, "--sign", str(TEST_KEY))
    shutil.copytree(project / "site", project.parent / "first")
    build_in_child(project, "--sign", str(TEST_KEY))
    return project


@pytest.mark.slow
def test_two_builds_at_one_time_are_byte_identical(built: Path) -> None:
    first, second = built.parent / "first", built / "site"
    files = sorted(p.relative_to(second).as_posix() for p in second.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(first).as_posix() for p in first.rglob("*") if p.is_file())
    different = [f for f in files if (first / f).read_bytes() != (second / f).read_bytes()]
    assert different == []
    assert "evidence.sqlite" in files and "sitemap.xml.gz" in files


@pytest.mark.slow
def test_published_document_is_in_the_site_and_checked(built: Path, tmp_path: Path) -> None:
    site = built / "site"
    published = site / "documents" / "reports" / "R1.txt"
    assert published.read_bytes() == (built / "evidence" / "reports" / "R1.txt").read_bytes()
    assert 'href="../../documents/reports/R1.txt"' in (
        site / "evidence" / "R1" / "index.html"
    ).read_text(encoding="utf-8")
    copy = Path(shutil.copytree(site, tmp_path / "site"))
    (copy / "documents" / "reports" / "R1.txt").write_text("forged", encoding="utf-8")
    _, findings = audit_here(copy, cwd=tmp_path)
    assert codes(findings) == {"FX806", "FX812"}


# (what the auditor holds, error codes, warning codes)
DOCUMENT_CASES = [
    ("the genuine report", {"reports/R1.txt": None}, set(), set()),
    ("the genuine report, by file name only", {"R1.txt": None}, set(), set()),
    ("a different report", {"reports/R1.txt": b"another report"}, {"FX812"}, set()),
    ("no report at all", {}, set(), {"FX813"}),
    ("an extra file no record names", {"reports/R1.txt": None, "R7.pdf": b"x"}, set(), {"FX814"}),
]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("held", "errors", "warnings"),
    [c[1:] for c in DOCUMENT_CASES],
    ids=[c[0] for c in DOCUMENT_CASES],
)
def test_audit_documents(
    built: Path, tmp_path: Path, held: dict[str, bytes | None], errors: set[str], warnings: set[str]
) -> None:
    genuine = (built / "evidence" / "reports" / "R1.txt").read_bytes()
    docs = tmp_path / "held"
    docs.mkdir()
    for rel, content in held.items():
        (docs / rel).parent.mkdir(parents=True, exist_ok=True)
        (docs / rel).write_bytes(genuine if content is None else content)
    code, findings = audit_here(
        built / "site", "--key", f"{TEST_KEY}.pub", "--documents", str(docs), cwd=tmp_path
    )
    assert codes(findings) == errors
    assert codes(findings, "warning") == warnings
    assert code == (1 if errors else 0)


def test_audit_documents_in_the_evidence_folder_passes_record_files(tmp_path: Path) -> None:
    """``--documents evidence/``: the records' own files are not unnamed documents."""
    from fxsite.anchor.documents import audit_documents

    (tmp_path / "R2.yaml").write_text("id: R2\n", encoding="utf-8")
    (tmp_path / "R3.yml").write_text("id: R3\n", encoding="utf-8")
    (tmp_path / "R9.yaml").write_text("id: R9\n", encoding="utf-8")  # near miss: no such record
    data = {"records": [{"id": "R2", "source": {}}, {"id": "R3"}]}
    assert [f.path for f in audit_documents(tmp_path, data)] == ["R9.yaml"]


def test_audit_names_a_document_never_hashed(tmp_path: Path) -> None:
    from fxsite.anchor.documents import audit_documents

    (tmp_path / "R2.pdf").write_bytes(b"report")
    data = {"records": [{"id": "R2", "source": {"document": "R2.pdf"}}]}
    findings = audit_documents(tmp_path, data)
    assert [(f.code, f.severity) for f in findings] == [("FX814", "warning")]
    assert hashlib.sha256(b"report").hexdigest() in findings[0].message


@pytest.mark.slow
def test_evidence_sqlite_holds_what_evidence_json_says(built: Path) -> None:
    site = built / "site"
    data = json.loads((site / "evidence.json").read_text(encoding="utf-8"))
    conn = sqlite3.connect(site / "evidence.sqlite")
    try:
        figures = {
            r[0]: r[1:] for r in conn.execute("SELECT ref, value, value_num, unit FROM figures")
        }
        cited = conn.execute("SELECT COUNT(*) FROM citations").fetchone()[0]
        records = [r[0] for r in conn.execute("SELECT id FROM records ORDER BY id")]
    finally:
        conn.close()
    assert figures["R1#bandwidth"] == ("6.40", 6.4, "GB/s")
    assert len(figures) == len(data["figures"])
    assert cited == len(data["citations"]) > 0
    assert records == sorted(r["id"] for r in data["records"])


def test_sqlite_bytes_are_deterministic(tmp_path: Path) -> None:
    data = {
        "records": [{"id": "R1", "title": "t", "label": "measured", "status": "active"}],
        "figures": [
            {
                "ref": "R1#a",
                "record": "R1",
                "name": "a",
                "value": "1.50",
                "unit": "s",
                "decimals": 2,
                "label": "measured",
                "display": "1.50 s",
            }
        ],
        "citations": [{"ref": "R1#a", "page": "index.md", "url": ""}],
    }
    write_evidence_sqlite(data, tmp_path / "a.sqlite")
    write_evidence_sqlite(data, tmp_path / "b.sqlite")
    assert (tmp_path / "a.sqlite").read_bytes() == (tmp_path / "b.sqlite").read_bytes()


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl not installed")
def test_openssl_verifies_the_signature_without_fxsite(built: Path) -> None:
    site = built / "site"
    proc = subprocess.run(
        [
            "openssl",
            "pkeyutl",
            "-verify",
            "-pubin",
            "-inkey",
            str(site / "fxsite-key.pub"),
            "-rawin",
            "-in",
            str(site / "fxsite-manifest.json"),
            "-sigfile",
            str(site / "fxsite-manifest.json.sig"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Signature Verified Successfully" in proc.stdout


def _remote(files: dict[str, bytes]) -> object:
    import httpx

    def handler(request: httpx.Request) -> httpx.Response:
        name = request.url.path.lstrip("/")
        if name in files:
            kind = "text/html" if name.endswith(".html") else "application/json"
            return httpx.Response(200, content=files[name], headers={"Content-Type": kind})
        return httpx.Response(404)

    return httpx.MockTransport(handler)


@pytest.mark.parametrize(
    ("served", "expected"),
    [
        ({"a.html": b"abc"}, set()),
        ({"a.html": b"abcdef"}, {"FX806"}),  # longer than the manifest says: not read past it
        ({}, {"FX815"}),  # listed, not served
    ],
)
def test_fetch_site_caps_each_file_at_its_listed_size(
    tmp_path: Path, served: dict[str, bytes], expected: set[str]
) -> None:
    from fxsite.anchor.manifest import canonical_bytes
    from fxsite.anchor.remote import fetch_site

    manifest = {
        "manifest_version": 1,
        "files": {"a.html": {"sha256": hashlib.sha256(b"abc").hexdigest(), "size": 3}},
    }
    site = {"fxsite-manifest.json": canonical_bytes(manifest), **served}
    findings = fetch_site("http://site.test/", tmp_path, transport=_remote(site))  # type: ignore[arg-type]
    assert {f.code for f in findings} == expected


def test_fetch_site_refuses_paths_outside_the_site(tmp_path: Path) -> None:
    from fxsite.anchor.manifest import canonical_bytes
    from fxsite.anchor.remote import fetch_site

    manifest = {"manifest_version": 1, "files": {"../evil": {"sha256": "0" * 64, "size": 1}}}
    site = {"fxsite-manifest.json": canonical_bytes(manifest), "../evil": b"x"}
    fetch_site("http://site.test/", tmp_path / "in", transport=_remote(site))  # type: ignore[arg-type]
    assert not (tmp_path / "evil").exists()


@pytest.mark.parametrize(
    ("rel", "safe"),
    [
        ("index.html", True),
        ("evidence/R1/index.html", True),
        ("../outside", False),
        ("/etc/passwd", False),
        ("a/../../b", False),
        ("a\\b", False),
        ("C:/x", False),
        ("c:x", False),
        ("numbers-after-an-'in-seconds:'-label/index.html", True),
        ("ab:c/index.html", True),
        ("./index.html", False),
        ("", False),
    ],
)
def test_manifest_paths_stay_inside_the_site(rel: str, safe: bool) -> None:
    from fxsite.anchor.manifest import safe_relpath

    assert safe_relpath(rel) is safe
