"""The audit says what an unsigned site proves, and checks the published figure history.

One site, built from three commits (a value and a label changed, a figure
added, a record retracted); each row tampers with a copy as a forger would
(files edited, the manifest recomputed, the signature and key dropped, since
the forger has no key) and says what the audit must find.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from anchorkit import TEST_KEY, build, commit, git, make_repo

from fxsite.anchor.audit_site import anchored_audit
from fxsite.anchor.history import figure_history
from fxsite.anchor.manifest import canonical_bytes
from fxsite.findings import Finding
from fxsite.safeio import digest_file

pytestmark = pytest.mark.slow

R1_PAGE = Path("evidence") / "R1" / "index.html"
VALUE_ROW = "<td><code>bandwidth</code> value: <code>6.40</code> → <code>6.90</code></td>"


def _edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == count, (path, old)
    path.write_text(text.replace(old, new), encoding="utf-8")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = make_repo(tmp_path_factory.mktemp("trust") / "project")
    _edit(
        project / "evidence" / "R1.yaml",
        "bandwidth: {value: 6.40, unit: GB/s}",
        "bandwidth: {value: 6.90, unit: GB/s, label: spec}",
    )
    _edit(project / "docs" / "bandwidth.md", "[6.40 GB/s]", "[6.90 GB/s]")
    commit(project, "bandwidth re-measured", "2026-02-01T00:00:00Z")
    _edit(project / "evidence" / "S2.yaml", "status: active", "status: retracted")
    commit(project, "S2 retracted", "2026-03-01T00:00:00Z")
    return build(project, "--sign", str(TEST_KEY))


@pytest.fixture
def site(built: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(built, tmp_path / "site"))


def _unsign(site: Path) -> None:
    """What a forger without the key does after an edit: a new manifest, no signature."""
    path = site / "fxsite-manifest.json"
    manifest = json.loads(path.read_bytes())
    for rel in manifest["files"]:
        sha, size = digest_file(site / rel)
        manifest["files"][rel] = {"sha256": sha, "size": size}
    manifest["evidence_json_sha256"] = manifest["files"]["evidence.json"]["sha256"]
    path.write_bytes(canonical_bytes(manifest))
    for name in ("fxsite-manifest.json.sig", "fxsite-key.pub"):
        (site / name).unlink(missing_ok=True)


def _forged_page_row(site: Path) -> None:
    forged = "<tr><td>2026-01-15</td><td><code>0123456789</code></td><td>record added</td></tr>"
    _edit(
        site / R1_PAGE,
        "<th>Change</th></tr></thead><tbody>",
        "<th>Change</th></tr></thead><tbody>" + forged,
    )


def _history_json(site: Path, old: str, new: str, count: int = 1) -> None:
    _edit(site / "evidence.json", old, new, count)


def _json_only(site: Path) -> None:
    """evidence.json's history says the value was 5.00 before; the page still says 6.40."""
    _history_json(site, '"old": "6.40"', '"old": "5.00"')


def _both_end_elsewhere(site: Path) -> None:
    """Page and evidence.json agree that the value became 6.50: the record gives 6.9."""
    _history_json(site, '"new": "6.90"', '"new": "6.50"')
    _edit(site / R1_PAGE, VALUE_ROW, VALUE_ROW.replace("6.90", "6.50"))


def _both_forge_a_start(site: Path) -> None:
    """Both say the value started at 5.00: the chain no longer links (6.40 was the record's)."""
    path = site / "evidence.json"
    text = path.read_text(encoding="utf-8")
    end = text.index('"old": "6.40"')
    start = text.rindex("{", 0, end)
    change = text[start : text.index("}", end) + 1]
    forged = change.replace('"new": "6.90"', '"new": "6.00"').replace('"6.40"', '"5.00"')
    path.write_text(text.replace(change, f"{forged},\n      {change}"), encoding="utf-8")
    row = VALUE_ROW.replace("6.40", "5.00").replace("6.90", "6.00")
    page = site / R1_PAGE
    text = page.read_text(encoding="utf-8")
    start = text.rindex("<tr>", 0, text.index(VALUE_ROW))
    tr = text[start : text.index("</tr>", start) + 5]
    page.write_text(text.replace(tr, tr + tr.replace(VALUE_ROW, row)), encoding="utf-8")


def _section_elsewhere(site: Path) -> None:
    section = '<h2 id="fx-history">History</h2><div class="fx-history"><table></table></div>'
    _edit(site / "index.html", "</body>", section + "</body>")


def _nothing(site: Path) -> None:
    pass


def _minified(site: Path) -> None:
    """blind68: whitespace between the History section's elements removed, as a minifier
    does: the same section, read (it was FX821 as bytes)."""
    page = site / R1_PAGE
    text = page.read_text(encoding="utf-8")
    start = text.index('<h2 id="fx-history">')
    end = text.index("</table></div>", start)
    section = re.sub(r">\s+<", "><", text[start:end])
    page.write_text(text[:start] + section + text[end:], encoding="utf-8")


def _row_dropped(site: Path) -> None:
    """The near miss's attack: a History row removed, whitespace left alone."""
    page = site / R1_PAGE
    text = page.read_text(encoding="utf-8")
    start = text.index("<tbody>", text.index('class="fx-history"')) + len("<tbody>")
    page.write_text(text[:start] + text[text.index("</tr>", start) + 5 :], encoding="utf-8")


Tamper = Callable[[Path], None]

# (id, tampering, unsign, errors expected, warnings expected)
CASES: list[tuple[str, Tamper, bool, set[str], set[str]]] = [
    ("untouched, signed", _nothing, False, set(), set()),
    ("signature and key stripped", _nothing, True, set(), {"FX820"}),
    ("a forged History row on a record page", _forged_page_row, True, {"FX821"}, {"FX820"}),
    ("evidence.json's history rewritten", _json_only, True, {"FX821"}, {"FX820"}),
    ("both rewritten to end elsewhere", _both_end_elsewhere, True, {"FX821"}, {"FX820"}),
    ("both given a forged earlier change", _both_forge_a_start, True, {"FX821"}, {"FX820"}),
    ("a History section on a content page", _section_elsewhere, True, {"FX821"}, {"FX820"}),
    ("a History section minified", _minified, True, set(), {"FX820"}),
    ("a History row dropped", _row_dropped, True, {"FX821"}, {"FX820"}),
]


def _codes(findings: list[Finding], severity: str) -> set[str]:
    return {f.code for f in findings if f.severity == severity and f.code.startswith("FX8")}


@pytest.mark.parametrize(
    ("tamper", "unsign", "errors", "warnings"),
    [c[1:] for c in CASES],
    ids=[c[0] for c in CASES],
)
def test_trust_and_history(
    site: Path, tamper: Tamper, unsign: bool, errors: set[str], warnings: set[str]
) -> None:
    tamper(site)
    if unsign:
        _unsign(site)
    key = None if unsign else (TEST_KEY.parent / f"{TEST_KEY.name}.pub").read_bytes()
    findings = anchored_audit(site, key)
    assert _codes(findings, "error") == errors, findings
    assert _codes(findings, "warning") == warnings, findings


def test_signature_stripped_but_key_left_is_unsigned_too(site: Path) -> None:
    (site / "fxsite-manifest.json.sig").unlink()
    findings = anchored_audit(site)
    assert [(f.path, f.code, f.severity) for f in findings if f.code == "FX820"] == [
        ("fxsite-manifest.json.sig", "FX820", "warning")
    ]
    assert "nothing anchors it" in next(f.message for f in findings if f.code == "FX820")


@pytest.mark.parametrize(
    ("change", "kinds"),
    [
        (("mv", "evidence/R1.yaml", "evidence/2026/R1.yaml"), ["record-added"]),
        (("rm", "-q", "evidence/R1.yaml"), ["record-added", "record-removed"]),
    ],
    ids=["moved to a subfolder: the same record", "deleted: removed"],
)
def test_a_moved_record_is_not_removed(
    tmp_path: Path, change: tuple[str, ...], kinds: list[str]
) -> None:
    """A genuine history must pass the audit's history check: a move was told as a removal."""
    repo = make_repo(tmp_path / "p")
    (repo / "evidence" / "2026").mkdir()
    git(repo, *change)
    commit(repo, "moved or deleted", "2026-02-01T00:00:00Z")
    assert [c.kind for c in figure_history(repo / "evidence").changes["R1"]] == kinds
