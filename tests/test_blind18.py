"""What an eighteenth blind tester found in the audit's reports: a published file's name
could forge a line of the report (a newline in the name), and a name that is not UTF-8
was printed as raw bytes."""

from __future__ import annotations

from pathlib import Path

import pytest

from fxsite.findings import Finding


@pytest.mark.parametrize(
    ("path", "shown"),
    [
        ("ok.txt:1:1: FX000 fine\nz.txt", "ok.txt:1:1: FX000 fine\\x0az.txt"),
        ("a\rb.txt", "a\\x0db.txt"),
        ("a\u2028b.txt", "a\\u2028b.txt"),
        ("a\udcffb.txt", "a\\udcffb.txt"),
        ("a\x1b[2Jb.txt", "a\\x1b[2Jb.txt"),
        ("near miss: 中文 and spaces.txt", "near miss: 中文 and spaces.txt"),
    ],
)
def test_a_finding_is_one_line_whatever_its_path_holds(path: str, shown: str) -> None:
    line = Finding(path, 1, 1, "FX501", "bare figure '94\u00a0s'").format()
    assert line == f"{shown}:1:1: FX501 bare figure '94\u00a0s'"
    assert "\n" not in line and "\r" not in line


@pytest.mark.parametrize(
    "path",
    ["a\nb.txt", "c\x1b[2Kd.txt", "a\x00b", "near miss: plain.txt"],
)
def test_the_printed_line_is_the_finding_escaped(path: str) -> None:
    """blind21: the command line styles a finding's place; it measured the place on the raw
    path, so a name holding a line break printed "a", then "b.txt:1:1: 1: FX501 …"."""
    import click

    from fxsite.cli import _styled

    finding = Finding(path, 1, 1, "FX501", "bare figure '77 s'")
    assert click.unstyle(_styled(finding)) == finding.format()


@pytest.mark.parametrize("with_key", [True, False])
def test_an_oversized_signature_is_not_called_missing(
    demo_site: Path, tmp_path: Path, with_key: bool
) -> None:
    """blind21: a 5 MB fxsite-manifest.json.sig was reported as "the site is not signed (no
    fxsite-manifest.json.sig)", though the file is there."""
    import shutil

    from fxsite.anchor.audit import audit_anchors

    site = tmp_path / "site"
    shutil.copytree(demo_site, site)
    (site / "fxsite-manifest.json.sig").write_bytes(b"\0" * 5_000_000)
    key = (Path(__file__).parent / "keys" / "demo-test-key.pub").read_bytes() if with_key else None
    found = [f for f in audit_anchors(site, key) if f.path == "fxsite-manifest.json.sig"]
    assert [(f.code, "cannot be read safely" in f.message) for f in found] == [("FX804", True)]
