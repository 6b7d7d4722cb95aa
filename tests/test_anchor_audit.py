"""Signed manifest: every kind of tampering is caught, the untouched site passes."""

from __future__ import annotations

import functools
import http.server
import json
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import rfc8785
from anchorkit import TEST_FINGERPRINT, TEST_KEY, audit_here, build, codes, make_repo
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from fxsite.anchor.manifest import canonical_bytes
from fxsite.anchor.signing import public_pem
from fxsite.safeio import digest_file

PUB = f"{TEST_KEY}.pub"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def signed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project in git, built and signed with the test key."""
    project = make_repo(tmp_path_factory.mktemp("signed") / "project")
    build(project, "--sign", str(TEST_KEY))
    return project


@pytest.fixture
def site(signed: Path, tmp_path: Path) -> Path:
    """A private copy of the signed site, to tamper with."""
    return Path(shutil.copytree(signed / "site", tmp_path / "site"))


def _manifest(site: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads((site / "fxsite-manifest.json").read_bytes())
    return data


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new), encoding="utf-8")


def _consistent_edit(site: Path) -> None:
    """6.40 GB/s becomes 6.90 GB/s everywhere a reader or the content audit looks."""
    from fxsite.anchor.sqlite_export import write_evidence_sqlite

    page = site / "bandwidth" / "index.html"
    _replace(page, 'data-fx-value="6.40"', 'data-fx-value="6.90"')
    _replace(page, ">6.40\u00a0GB/s<span", ">6.90\u00a0GB/s<span")
    data = json.loads((site / "evidence.json").read_text(encoding="utf-8"))
    for fig in data["figures"]:
        if fig["ref"] == "R1#bandwidth":
            fig["value"], fig["display"] = "6.90", "6.90 GB/s"
    for rec in data["records"]:
        if rec["id"] == "R1":
            rec["figures"]["bandwidth"]["value"] = 6.9
    (site / "evidence.json").write_text(json.dumps(data), encoding="utf-8")
    write_evidence_sqlite(data, site / "evidence.sqlite")


def _remanifest(site: Path) -> None:
    """The tamperer recomputes the manifest after the edit (but cannot sign it)."""
    manifest = _manifest(site)
    files = manifest["files"]
    assert isinstance(files, dict)
    for rel in files:
        sha, size = digest_file(site / rel)
        files[rel] = {"sha256": sha, "size": size}
    manifest["evidence_json_sha256"] = files["evidence.json"]["sha256"]
    (site / "fxsite-manifest.json").write_bytes(canonical_bytes(manifest))


def _resign_with_own_key(site: Path) -> None:
    key = Ed25519PrivateKey.generate()
    raw = (site / "fxsite-manifest.json").read_bytes()
    (site / "fxsite-manifest.json.sig").write_bytes(key.sign(raw))
    (site / "fxsite-key.pub").write_bytes(public_pem(key.public_key()))


def _edit_one(site: Path) -> None:
    _replace(site / "index.html", "</body>", "<!-- x --></body>")


def _consistent_and_remanifest(site: Path) -> None:
    _consistent_edit(site)
    _remanifest(site)


def _full_forgery(site: Path) -> None:
    _consistent_edit(site)
    _remanifest(site)
    _resign_with_own_key(site)


def _pretty_manifest(site: Path) -> None:
    path = site / "fxsite-manifest.json"
    path.write_text(json.dumps(json.loads(path.read_bytes()), indent=2), encoding="utf-8")


def _sqlite_edit(site: Path) -> None:
    import sqlite3

    conn = sqlite3.connect(site / "evidence.sqlite")
    conn.execute("UPDATE figures SET value = '170' WHERE ref = 'R1#save_time_baseline'")
    conn.commit()
    conn.close()


def _strip_signature(site: Path) -> None:
    (site / "fxsite-manifest.json.sig").unlink()


def _strip_all_anchors(site: Path) -> None:
    for name in ("fxsite-manifest.json", "fxsite-manifest.json.sig", "fxsite-key.pub"):
        (site / name).unlink()


def _touch_only(site: Path) -> None:
    import os

    os.utime(site / "index.html", (0, 0))


def _nothing(site: Path) -> None:
    pass


Tamper = Callable[[Path], None]

# (id, tampering, options, error codes expected); an empty set must pass.
CASES: list[tuple[str, Tamper, list[str], set[str]]] = [
    ("untouched, --key", _nothing, ["--key", PUB], set()),
    ("untouched, --fingerprint", _nothing, ["--fingerprint", TEST_FINGERPRINT], set()),
    (
        "fingerprint typed in capitals without prefix",
        _nothing,
        ["--fingerprint", TEST_FINGERPRINT.removeprefix("sha256:").upper()],
        set(),
    ),
    ("only a file time changed", _touch_only, ["--key", PUB], set()),
    ("one file edited", _edit_one, ["--key", PUB], {"FX806"}),
    ("one file edited, no key", _edit_one, [], {"FX806"}),
    ("consistent edit of HTML and evidence.json", _consistent_edit, ["--key", PUB], {"FX806"}),
    (
        "consistent edit, manifest recomputed",
        _consistent_and_remanifest,
        ["--key", PUB],
        {"FX804"},
    ),
    (
        "consistent edit, manifest recomputed, re-signed, key replaced",
        _full_forgery,
        ["--key", PUB],
        {"FX804", "FX805"},
    ),
    (
        "full forgery against a fingerprint",
        _full_forgery,
        ["--fingerprint", TEST_FINGERPRINT],
        {"FX805"},
    ),
    (
        "file removed",
        lambda s: (s / "bandwidth" / "index.html").unlink(),
        ["--key", PUB],
        {"FX807"},
    ),
    (
        "file added",
        lambda s: (s / "extra.html").write_text("<p>hi</p>", encoding="utf-8"),
        ["--key", PUB],
        {"FX808"},
    ),
    ("signature stripped", _strip_signature, ["--key", PUB], {"FX803"}),
    (
        "every anchor stripped",
        _strip_all_anchors,
        ["--fingerprint", TEST_FINGERPRINT],
        {"FX801", "FX803"},
    ),
    ("manifest pretty-printed", _pretty_manifest, ["--key", PUB], {"FX802", "FX804"}),
    ("evidence.sqlite edited", _sqlite_edit, ["--key", PUB], {"FX806", "FX816"}),
]


@pytest.mark.parametrize(
    ("tamper", "options", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_tampering_is_caught(
    site: Path, tamper: Tamper, options: list[str], expected: set[str]
) -> None:
    tamper(site)
    code, findings = audit_here(site, *options, cwd=site.parent)
    # The anchoring codes; the content audit (fxsite.verify) may find the edit too.
    anchoring = {c for c in codes(findings) if c.startswith("FX8")}
    assert anchoring == expected, findings
    assert code == (1 if codes(findings) - {"FX814"} else 0) or not expected


def test_the_consistent_edit_is_caught_by_the_content_audit_too(site: Path) -> None:
    """The content audit recomputes record pages and precision: this edit missed both."""
    from fxsite.anchor.audit_site import content_audit

    _consistent_edit(site)
    assert [f for f in content_audit(site) if f.severity == "error"]


def test_unsigned_build_is_flagged_only_when_a_key_is_given(signed: Path, tmp_path: Path) -> None:
    project = Path(shutil.copytree(signed, tmp_path / "p", ignore=shutil.ignore_patterns("site")))
    site = build(project)
    assert not (site / "fxsite-manifest.json.sig").exists()
    code, findings = audit_here(site, cwd=tmp_path)  # unsigned: a warning that nothing anchors it
    assert (code, codes(findings)) == (0, set()) and "FX820" in codes(findings, "warning")
    code, findings = audit_here(site, "--key", PUB, cwd=tmp_path)
    assert (code, codes(findings)) == (1, {"FX803"})


def test_manifest_is_canonical_and_lists_every_file(signed: Path) -> None:
    site = signed / "site"
    raw = (site / "fxsite-manifest.json").read_bytes()
    manifest = json.loads(raw)
    assert rfc8785.dumps(manifest) == raw
    listed = set(manifest["files"])
    on_disk = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert on_disk - listed == {
        "fxsite-manifest.json",
        "fxsite-manifest.json.sig",
        "fxsite-key.pub",
    }
    assert manifest["evidence_json_sha256"] == manifest["files"]["evidence.json"]["sha256"]
    assert manifest["build_time"] == "2026-01-01T00:00:00Z"
    assert manifest["source_date_epoch"] == 1767225600
    assert manifest["source"]["dirty"] is False
    assert len(manifest["source"]["commit"]) == 40
    assert (site / "fxsite-key.pub").read_bytes() == Path(PUB).read_bytes()


@pytest.fixture
def served(site: Path) -> Iterator[tuple[str, Path]]:
    """The site over HTTP on 127.0.0.1, stopped when the test ends."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    handler.log_message = lambda *a: None  # type: ignore[assignment]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True
    )
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", site
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def test_audit_over_http(served: tuple[str, Path], tmp_path: Path) -> None:
    url, site = served
    assert audit_here(url, "--key", PUB, cwd=tmp_path) == (0, [])
    _edit_one(site)
    (site / "bandwidth" / "index.html").unlink()
    code, findings = audit_here(url, "--key", PUB, cwd=tmp_path)
    assert code == 1
    assert {(f["path"], f["code"]) for f in findings if f["code"] in {"FX806", "FX807"}} >= {
        ("index.html", "FX806"),
        ("bandwidth/index.html", "FX807"),
    }


def test_audit_of_an_unreachable_url_is_a_finding(tmp_path: Path) -> None:
    code, findings = audit_here("http://127.0.0.1:9/", cwd=tmp_path)
    assert code == 1
    assert codes(findings) >= {"FX815"}


def test_an_unreadable_evidence_json_is_told_as_such(site: Path) -> None:
    # blind61: a member written twice was told as FX807 ("missing"): it is there, unreadable.
    from fxsite.anchor.audit_site import anchored_audit

    path = site / "evidence.json"
    path.write_text(path.read_text("utf-8").replace('"value":', '"value": 90, "value":', 1))
    told = {f.code for f in anchored_audit(site) if f.path == "evidence.json"}
    assert "FX614" in told and "FX807" not in told
    path.unlink()  # near miss: gone is FX807
    assert "FX807" in {f.code for f in anchored_audit(site) if f.path == "evidence.json"}


def test_a_key_and_an_unreadable_manifest_is_not_told_as_unsigned(site: Path) -> None:
    # blind61: "a key was given but nothing is signed", on a signed site whose manifest is
    # broken; the near miss (nothing signed at all) keeps its message.
    from fxsite.anchor.audit import audit_anchors

    (site / "fxsite-manifest.json").write_text("{", "utf-8")
    told = [f.message for f in audit_anchors(site, None, "--key", TEST_FINGERPRINT)]
    assert any("the manifest cannot be read" in m for m in told), told
    (site / "fxsite-manifest.json").unlink()
    (site / "fxsite-manifest.json.sig").unlink()
    told = [f.message for f in audit_anchors(site, None, "--key", TEST_FINGERPRINT)]
    assert "a key was given but nothing is signed" in told
