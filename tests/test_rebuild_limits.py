"""``audit --rebuild`` bounds what a vendor's commit takes of the auditor's machine (blind75:
a sandboxed template grew the build to 5.9 GB; a 3 MB repository checked out 3 GiB).

Each bound is an ``FX811`` saying which, and leaves no work folder behind.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from test_rebuild_safety import BASE, _manifest, _project

from fxsite.anchor import rebuild
from fxsite.anchor.rebuild import rebuild_findings

THEMED = BASE + "theme:\n  name: material\n  custom_dir: overrides\n"


def _template(block: str) -> dict[str, str]:
    body = '{% extends "base.html" %}\n{% block announce %}' + block + "{% endblock %}\n"
    return {"overrides/main.html": body}


def _rebuild(tmp_path: Path, config: str, files: dict[str, str]) -> list[str]:
    """The FX811 messages of a rebuild of a fresh project; the work folder must be gone."""
    repo = _project(tmp_path, config, files, tmp_path / "MARK")
    work = tmp_path / "t"
    work.mkdir()
    site = tmp_path / "site"
    site.mkdir()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tempfile, "tempdir", str(work))
        findings = rebuild_findings(site, _manifest(repo), repo)
    assert list(work.iterdir()) == []
    return [f.message for f in findings if f.code == "FX811" and f.severity == "error"]


@pytest.mark.slow
def test_a_template_asking_for_gigabytes_meets_the_memory_limit(tmp_path: Path) -> None:
    messages = _rebuild(tmp_path, THEMED, _template('{{ ("ab" * 3000000000)|length }}'))
    assert messages == ["the rebuild ran out of its memory limit of 4 GiB and was stopped"]


@pytest.mark.slow
def test_a_file_larger_than_the_limit_stops_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rebuild, "_MAX_FILE", 1 << 20)
    messages = _rebuild(tmp_path, THEMED, _template('{{ "a" * 2000000 }}'))
    assert messages == ["the rebuild wrote a file larger than 1 MiB and was stopped"]


@pytest.mark.slow
def test_writing_more_than_the_limit_in_all_stops_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rebuild, "MAX_CHECKOUT", 3 << 20)
    monkeypatch.setattr(rebuild, "_POLL", 0.1)
    loop = "{% for a in range(99999) %}{% for b in range(30) %}{% endfor %}{% endfor %}"
    slow = '{{ "a" * 900000 }}' + loop
    messages = _rebuild(tmp_path, THEMED, _template(slow))
    assert messages == ["the rebuild wrote more than 3 MiB and was stopped"]


def test_a_commit_holding_more_than_the_limit_is_not_checked_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rebuild, "MAX_CHECKOUT", 1 << 20)
    messages = _rebuild(tmp_path, BASE, {"docs/blob.txt": "0" * (2 << 20)})
    assert len(messages) == 1 and "more than a rebuild checks out (1 MiB)" in messages[0]


@pytest.mark.slow
def test_near_miss_a_template_within_the_limits_builds(tmp_path: Path) -> None:
    """Not a limit: a page of 100,000 characters and a loop of 10,000 build as before."""
    block = '{{ "a" * 100000 }}{% for a in range(10000) %}{% endfor %}'
    assert _rebuild(tmp_path, THEMED, _template(block)) == []


def test_a_diff_of_a_revision_holding_more_than_the_limit_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fxsite.anchor import diff, gitinfo

    for module in (diff, gitinfo):
        monkeypatch.setattr(module, "MAX_CHECKOUT", 1 << 20)
    repo = _project(tmp_path, BASE, {"docs/blob.txt": "0" * (2 << 20)}, tmp_path / "MARK")
    data, findings = diff.revision_evidence(repo, "HEAD")
    assert data is None and [f.code for f in findings] == ["FX901"]
    assert "more than a diff reads (1,048,576)" in findings[0].message
    monkeypatch.setattr(gitinfo, "MAX_CHECKOUT", 4 << 20)  # the near miss: under the limit
    assert diff.revision_evidence(repo, "HEAD")[0] is not None
