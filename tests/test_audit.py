"""`fxsite audit`: a built site re-verified from what it publishes, and tampering found."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from sitekit import CLEAN, build_site, fxsite

from fxsite.verify.audit import audit_site

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_site(CLEAN, tmp_path_factory.mktemp("audit") / "site")


@pytest.fixture
def site(built: Path, tmp_path: Path) -> Path:
    """A private copy of the built site to tamper with."""
    return Path(shutil.copytree(built, tmp_path / "site"))


def _audit(site: Path) -> tuple[int, list[dict[str, Any]]]:
    proc = fxsite("audit", "--format", "json", str(site), cwd=site.parent)
    assert "Traceback" not in proc.stderr
    # content findings only: the manifest's FX8xx findings are tests/test_anchor_audit.py's
    return proc.returncode, [f for f in json.loads(proc.stdout) if not f["code"].startswith("FX8")]


def _edit(path: Path, pattern: str, replacement: str) -> None:
    text = path.read_text(encoding="utf-8")
    changed, count = re.subn(pattern, replacement, text, count=1)
    assert count == 1, pattern
    path.write_text(changed, encoding="utf-8")


def test_clean_site_audits_clean(built: Path) -> None:
    assert audit_site(built) == []
    proc = fxsite("audit", str(built), cwd=built.parent)
    assert (proc.returncode, proc.stdout) == (0, "")


def test_changed_claim_text_is_found(site: Path) -> None:
    _edit(site / "index.html", r'(data-fx-ref="R1#save_time_baseline"[^>]*>)178', r"\g<1>179")
    code, findings = _audit(site)
    assert code == 1
    assert [(f["path"], f["code"]) for f in findings] == [("index.html", "FX403")]
    assert (
        "R1#save_time_baseline: shown text '179\u00a0s' misstates 178\u00a0s"
        in findings[0]["message"]
    )


def test_changed_claim_value_attribute_is_found(site: Path) -> None:
    _edit(
        site / "index.html",
        r'(data-fx-ref="R1#save_time_baseline"[^>]*data-fx-value=")178"',
        r'\g<1>179"',
    )
    code, findings = _audit(site)
    assert code == 1
    assert [(f["path"], f["code"]) for f in findings] == [("index.html", "FX403")]
    assert "data-fx-value=179 but published 178" in findings[0]["message"]


def _publish_value(site: Path, ref: str, value: str) -> None:
    """Tamper with evidence.json: publish another value for one figure."""
    path = site / "evidence.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    (fig,) = [f for f in data["figures"] if f["ref"] == ref]
    fig["value"] = value
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")


def test_changed_derived_value_in_evidence_json_is_found(site: Path) -> None:
    _publish_value(site, "R1#save_speedup", "2.1")
    code, findings = _audit(site)
    assert code == 1
    codes = {(f["path"], f["code"]) for f in findings}
    assert ("evidence.json", "FX308") in codes
    assert all(f["code"] in {"FX308", "FX403"} for f in findings)


def test_changed_stated_value_in_evidence_json_is_found(site: Path) -> None:
    _publish_value(site, "R1#save_time_fx100", "93")
    code, findings = _audit(site)
    assert code == 1
    assert ("evidence.json", "FX403") in {(f["path"], f["code"]) for f in findings}


def test_bare_figure_inserted_into_a_content_page_is_found(site: Path) -> None:
    _edit(site / "derived" / "index.html", r"(<h1 [^>]*>)", r"<p>Now 5x faster.</p>\g<1>")
    code, findings = _audit(site)
    assert code == 1
    assert [(f["path"], f["code"], f.get("text")) for f in findings] == [
        ("derived/index.html", "FX501", "5x")
    ]


def test_removed_claim_is_found(site: Path) -> None:
    page = site / "derived" / "index.html"
    _edit(page, r'<a class="fx-claim[^>]*data-fx-ref="R1#bubble_share".*?</a>', "it")
    code, findings = _audit(site)
    assert code == 1
    assert ("derived/index.html", "FX402") in {(f["path"], f["code"]) for f in findings}


def test_invalid_evidence_json_is_a_schema_finding(site: Path) -> None:
    path = site / "evidence.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["figures"][0]["label"] = "guess"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, findings = _audit(site)
    assert code == 1 and {f["code"] for f in findings} == {"FX205"}


def test_not_a_built_site_is_a_usage_error(tmp_path: Path) -> None:
    proc = fxsite("audit", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 2
    assert "no evidence.json" in proc.stderr and "Traceback" not in proc.stderr
