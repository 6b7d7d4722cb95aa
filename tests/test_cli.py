"""``fxsite check`` and ``fxsite schema`` as a user runs them.

Most tests use click's CliRunner; one runs the installed ``fxsite`` script
in a subprocess to prove its exit statuses and that no traceback ever shows.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from fxsite.cli import cli
from fxsite.evidence.schema import SCHEMA_FILE, schema_text

REPO = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "records"
CLEAN = FIXTURES / "clean"
MANY = FIXTURES / "many_errors"
FXSITE = Path(sys.executable).with_name("fxsite")

#: Every finding of the many_errors fixture, in the order they must print:
#: records first, so a record's own error is read before the claims it breaks.
MANY_FINDINGS = [
    ("evidence/E1.yaml", 10, 26, "FX304"),
    ("evidence/E1.yaml", 11, 19, "FX305"),
    ("evidence/E1.yaml", 12, 21, "FX306"),
    ("evidence/E1.yaml", 14, 29, "FX307"),
    ("evidence/E1.yaml", 15, 65, "FX308"),
    ("evidence/M1.yaml", 4, 8, "FX309"),
    ("evidence/M1.yaml", 6, 16, "FX303"),
    ("evidence/M1.yaml", 8, 13, "FX310"),
    ("evidence/R1.yaml", 4, 8, "FX203"),
    ("evidence/R1.yaml", 6, 1, "FX202"),
    ("evidence/R1.yaml", 8, 22, "FX203"),
    ("evidence/R1.yaml", 8, 35, "FX204"),
    ("evidence/R2.yaml", 2, 5, "FX301"),
    ("evidence/Y1.yaml", 4, 1, "FX102"),
    ("docs/index.md", 3, 16, "FX501"),
]
LINE = re.compile(
    r"^(?P<path>[^:]+):(?P<line>\d+):(?P<col>\d+): (?P<code>FX\d{3}) (?P<message>.+)$"
)


def invoke(*args: str) -> Result:
    result = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def where(findings: list[dict[str, Any]]) -> list[tuple[str, int, int, str]]:
    return [(f["path"], f["line"], f["col"], f["code"]) for f in findings]


# -- findings ------------------------------------------------------------------


def test_clean_project() -> None:
    result = invoke("check", str(CLEAN))
    assert (result.exit_code, result.stdout) == (0, "")
    assert result.stderr == "ok: 0 error(s), 0 warning(s)\n"


def test_every_problem_in_one_run() -> None:
    result = invoke("check", str(MANY), "--format", "json")
    assert result.exit_code == 1
    findings = json.loads(result.stdout)
    assert where(findings) == MANY_FINDINGS
    assert len({f["code"] for f in findings}) >= 5
    assert len({f["path"] for f in findings}) >= 2


def test_text_lines_match_json() -> None:
    text = invoke("check", str(MANY))
    assert text.exit_code == 1
    lines = text.stdout.splitlines()
    matches = [LINE.match(line) for line in lines]
    assert all(matches), lines
    got = [(m["path"], int(m["line"]), int(m["col"]), m["code"]) for m in matches if m]
    assert got == MANY_FINDINGS
    records = [w for w in got if w[0].startswith("evidence/")]
    assert got[: len(records)] == sorted(records, key=lambda w: (w[0], w[1], w[2]))
    findings = json.loads(invoke("check", str(MANY), "--format", "json").stdout)
    for line, finding in zip(lines, findings, strict=True):
        prefix = "warning: " if finding["severity"] == "warning" else ""
        assert line == (
            f"{finding['path']}:{finding['line']}:{finding['col']}: "
            f"{finding['code']} {prefix}{finding['message']}"
        )
    assert "evidence/M1.yaml:4:8: FX309 warning: measured record M1" in text.stdout
    assert text.stderr == "refused: 14 error(s), 1 warning(s)\n"


def test_json_objects() -> None:
    result = invoke("check", str(MANY), "--format", "json")
    findings = json.loads(result.stdout)
    assert isinstance(findings, list)
    for finding in findings:
        assert {"path", "line", "col", "code", "message", "severity"} <= finding.keys()
        assert isinstance(finding["line"], int) and isinstance(finding["col"], int)
        assert finding["severity"] in {"error", "warning"}
    bare = [f for f in findings if f["code"] == "FX501"]
    assert [f["text"] for f in bare] == ["84 s"]
    assert all("text" not in f for f in findings if f["path"].startswith("evidence/"))
    severities = {f["code"]: f["severity"] for f in findings}
    assert severities["FX309"] == "warning" and severities["FX301"] == "error"


def test_json_clean_is_an_empty_array() -> None:
    result = invoke("check", str(CLEAN), "--format", "json")
    assert (result.exit_code, json.loads(result.stdout)) == (0, [])


def test_warnings_only_exit_zero(
    project: Callable[..., Path], check: Callable[[Path], tuple[int, list[dict[str, Any]]]]
) -> None:
    root = project(
        {
            "R1.yaml": "id: R1\ntitle: T\nlabel: measured\nstatus: active\n"
            "figures:\n  a: {value: 1, unit: s}\n"
        }
    )
    result = invoke("check", str(root))
    assert result.exit_code == 0
    assert result.stdout.startswith("evidence/R1.yaml:3:8: FX309 warning: ")
    assert result.stderr == "ok: 0 error(s), 1 warning(s)\n"


def test_path_defaults_to_current_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(MANY)
    result = invoke("check", "--format", "json")
    assert (result.exit_code, where(json.loads(result.stdout))) == (1, MANY_FINDINGS)
    monkeypatch.chdir(CLEAN)
    assert invoke("check").exit_code == 0


def test_path_may_name_mkdocs_yml() -> None:
    result = invoke("check", str(MANY / "mkdocs.yml"), "--format", "json")
    assert (result.exit_code, where(json.loads(result.stdout))) == (1, MANY_FINDINGS)


def test_paths_are_relative_to_the_project_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(MANY / "evidence")
    result = invoke("check", "..", "--format", "json")
    assert where(json.loads(result.stdout)) == MANY_FINDINGS


# -- configuration errors: exit 2 ------------------------------------------------


def _config_case(root: Path, name: str) -> Path:
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    (root / "evidence").mkdir()
    config = {
        "no mkdocs.yml": None,
        "no fxsite plugin": "site_name: t\nplugins: [search]\n",
        "malformed mkdocs.yml": "site_name: t\nplugins: [fxsite\n",
        "mkdocs.yml not a mapping": "- site_name\n",
        "missing site_name": "plugins: [fxsite]\n",
        "bad plugin option": "site_name: t\nplugins:\n  - fxsite:\n      enforce: maybe\n",
        "missing evidence folder": "site_name: t\nplugins: [fxsite]\n",
        "configured evidence folder missing": "site_name: t\nplugins:\n  - fxsite:\n      evidence_dir: records\n",
    }[name]
    if config is not None:
        (root / "mkdocs.yml").write_text(config, encoding="utf-8")
    if name == "missing evidence folder":
        (root / "evidence").rmdir()
    return root


CONFIG_ERRORS = {
    "no mkdocs.yml": "no mkdocs.yml here",
    "no fxsite plugin": "add fxsite to plugins",
    "malformed mkdocs.yml": "mkdocs.yml",
    "mkdocs.yml not a mapping": "mkdocs.yml",
    "missing site_name": "mkdocs.yml",
    "bad plugin option": "mkdocs.yml",
    "missing evidence folder": "evidence: evidence folder not found",
    "configured evidence folder missing": "records: evidence folder not found",
}


@pytest.mark.parametrize("name", list(CONFIG_ERRORS))
def test_configuration_errors_exit_2(name: str, tmp_path: Path) -> None:
    root = _config_case(tmp_path / "p", name)
    result = invoke("check", str(root))
    assert result.exit_code == 2, result.output
    assert CONFIG_ERRORS[name] in result.stderr
    assert result.stdout == ""


def test_nonexistent_path_exit_2(tmp_path: Path) -> None:
    result = invoke("check", str(tmp_path / "nowhere"))
    assert result.exit_code == 2
    assert "does not exist" in result.stderr


def test_unknown_format_exit_2() -> None:
    assert invoke("check", str(CLEAN), "--format", "xml").exit_code == 2


# -- the installed script, in a subprocess ---------------------------------------


def run_fxsite(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [str(FXSITE), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONWARNINGS": "ignore"},
    )
    assert "Traceback" not in result.stdout + result.stderr
    return result


@pytest.fixture(scope="module")
def script() -> Path:
    if not FXSITE.is_file():
        pytest.fail(f"{FXSITE} is not installed: run `make test` (pip install -e .)")
    return FXSITE


def test_script_exit_codes(script: Path, tmp_path: Path) -> None:
    assert run_fxsite("check", str(CLEAN)).returncode == 0
    many = run_fxsite("check", str(MANY))
    assert many.returncode == 1
    assert len(many.stdout.splitlines()) == len(MANY_FINDINGS)
    # One configuration error through the script: every one exits 2 without a traceback
    # in process (test_configuration_errors_exit_2), and the script adds no path of its own
    # for them, only the translation of an FxsiteError, which none of them raises.
    root = _config_case(tmp_path / "p", "missing site_name")
    result = run_fxsite("check", str(root))
    assert result.returncode == 2, result.stderr
    assert CONFIG_ERRORS["missing site_name"] in result.stderr
    assert result.stdout == ""
    # the reason MkDocs gives reaches the user
    assert "site_name" in result.stderr


def test_garbage_records(tmp_path: Path) -> None:
    root = tmp_path / "p"
    shutil.copytree(CLEAN, root)
    garbage = bytes((i * 151 + 7) % 256 for i in range(4096))  # fixed "random" bytes
    (root / "evidence" / "G1.yaml").write_bytes(garbage)
    (root / "evidence" / "G2.yaml").write_bytes(os.urandom(4096))
    (root / "evidence" / "G3.yaml").write_bytes(b"\x00\x01" * 100)
    (root / "evidence" / "G4.yaml").write_bytes(b"id: [\n{{{ &a *a !!python/object:x {}\n")
    result = invoke("check", str(root), "--format", "json")
    assert result.exit_code == 1, result.stderr
    findings = json.loads(result.stdout)
    assert {f["path"] for f in findings} == {f"evidence/G{i}.yaml" for i in range(1, 5)}
    assert all(f["code"].startswith("FX1") for f in findings)
    # byte 1 (0x9e) is the first that is not UTF-8: line 1, column 2
    assert where(findings)[0] == ("evidence/G1.yaml", 1, 2, "FX105")


# -- the demo site ------------------------------------------------------------------


def test_demo_project_is_clean_but_for_fx309() -> None:
    """The demo's contract: no refusal, and only the provenance the seeds lack."""
    result = invoke("check", str(REPO), "--format", "json")
    findings = json.loads(result.stdout)
    assert result.exit_code == 0, findings
    assert findings, "the seeds state no dates or hashes: FX309 warnings are expected"
    assert {(f["code"], f["severity"]) for f in findings} == {("FX309", "warning")}
    assert {f["path"] for f in findings} <= {
        f"evidence/{p.name}" for p in (REPO / "evidence").glob("*.yaml")
    }


# -- fxsite schema ----------------------------------------------------------------------


def test_schema_check_and_regenerate(tmp_path: Path) -> None:
    (tmp_path / "mkdocs.yml").write_text("site_name: T\n", encoding="utf-8")
    target = tmp_path / SCHEMA_FILE
    missing = invoke("schema", "--check", str(tmp_path))
    assert missing.exit_code == 1
    assert "run `fxsite schema`" in missing.stderr
    target.parent.mkdir(parents=True)
    target.write_text(schema_text().replace("evidence record", "evidence recrod"), encoding="utf-8")
    stale = invoke("schema", "--check", str(tmp_path))
    assert stale.exit_code == 1
    assert f"{SCHEMA_FILE} is out of date: run `fxsite schema`" in stale.stderr
    written = invoke("schema", str(tmp_path))
    assert written.exit_code == 0
    assert target.read_text(encoding="utf-8") == schema_text()
    assert invoke("schema", "--check", str(tmp_path)).exit_code == 0


def test_schema_writes_only_into_a_folder_that_exists(tmp_path: Path) -> None:
    typo = tmp_path / "typo" / "path"
    result = invoke("schema", str(typo))
    assert result.exit_code == 2  # a usage error, and nothing made (blind60)
    assert "does not exist" in result.stderr
    assert not (tmp_path / "typo").exists()
    (tmp_path / "mkdocs.yml").write_text("site_name: T\n", encoding="utf-8")
    written = invoke("schema", str(tmp_path))  # near miss: the folder exists
    assert written.exit_code == 0
    assert f"wrote {tmp_path / SCHEMA_FILE}" in written.stderr  # where it was written


def test_schema_defaults_to_current_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mkdocs.yml").write_text("site_name: T\n", encoding="utf-8")
    assert invoke("schema").exit_code == 0
    assert (tmp_path / SCHEMA_FILE).read_text(encoding="utf-8") == schema_text()


#: (row, what is set up in the project, what the usage error says): exit 2, nothing written
SCHEMA_REFUSED = [
    ("not a project", "", "holds no mkdocs.yml"),
    ("schemas a file", "file", "is not a folder of the project"),
    ("the schema a folder", "folder", "is a folder"),
    ("schemas a link out", "link", "is not a folder of the project"),
]


@pytest.mark.parametrize(
    ("row", "setup", "says"), SCHEMA_REFUSED, ids=[r[0] for r in SCHEMA_REFUSED]
)
def test_schema_refuses_what_is_in_its_way(tmp_path: Path, row: str, setup: str, says: str) -> None:
    project, outside = tmp_path / "p", tmp_path / "outside"
    project.mkdir()
    outside.mkdir()
    if setup:
        (project / "mkdocs.yml").write_text("site_name: T\n", encoding="utf-8")
    schemas = project / "schemas"
    if setup == "file":
        schemas.write_text("x", encoding="utf-8")
    elif setup == "folder":
        (project / SCHEMA_FILE).mkdir(parents=True)
    elif setup == "link":
        schemas.symlink_to(outside)
    for args in (("schema", str(project)), ("schema", "--check", str(project))):
        result = invoke(*args)
        assert result.exit_code == 2, result.output
        assert says in result.stderr and "Traceback" not in result.output
    assert list(outside.iterdir()) == []


def test_near_miss_schema_replaces_a_link_in_schemas_not_its_target(tmp_path: Path) -> None:
    (tmp_path / "mkdocs.yml").write_text("site_name: T\n", encoding="utf-8")
    outside = tmp_path / "outside.json"
    outside.write_text("{}", encoding="utf-8")
    (tmp_path / "schemas").mkdir()
    (tmp_path / SCHEMA_FILE).symlink_to(outside)
    assert invoke("schema", str(tmp_path)).exit_code == 0
    assert outside.read_text(encoding="utf-8") == "{}"
    assert not (tmp_path / SCHEMA_FILE).is_symlink()
    assert (tmp_path / SCHEMA_FILE).read_text(encoding="utf-8") == schema_text()


def test_repo_schema_is_current() -> None:
    result = invoke("schema", "--check", str(REPO))
    assert result.exit_code == 0, "schemas/evidence.schema.json is stale: run `fxsite schema`"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Caf\xe9 s\xfcte", "mkdocs.yml:3:24: not UTF-8 text (byte 0xe9)"),  # Latin-1 bytes
        ("Café süte", None),  # near miss: the same words in UTF-8
    ],
)
def test_a_configuration_not_in_utf8_is_refused_at_its_line(
    tmp_path: Path, name: str, expected: str | None
) -> None:
    """MkDocs says only "position 650"; check and build name the line and column."""
    shutil.copytree(CLEAN / "evidence", tmp_path / "evidence")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n", "utf-8")
    config = f"theme:\n  name: mkdocs\nsite_name: 'Site of {name}'\nplugins: [fxsite]\n"
    (tmp_path / "mkdocs.yml").write_bytes(config.encode("latin-1" if expected else "utf-8"))
    for command in ("check", "build"):
        result = invoke(command, str(tmp_path))
        if expected is None:
            assert result.exit_code == 0, result.output
        else:
            assert result.exit_code == 2 and expected in result.output, result.output


# -- fxsite audit: what the auditor types --------------------------------------------------


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("http://[::1",), "not a URL that can be fetched"),  # blind61: a traceback
        (("http://[x]/",), "not a URL that can be fetched"),
        (("http://127.0.0.1:99999/",), "Port out of range"),
        (("https://",), "no host to fetch from"),
        ((str(REPO / "site"), "--fingerprint", "sha256:zz"), "64 hexadecimal digits"),
    ],
)
def test_audit_usage_errors_are_told_not_raised(args: tuple[str, ...], says: str) -> None:
    result = invoke("audit", *args)
    assert result.exit_code == 2, result.output
    assert says in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_fingerprint_as_typed_is_accepted() -> None:
    from fxsite.anchor.signing import fingerprint_problem

    digest = "7ff27d9c4515e404f20a8e00990269e72f4a720858d3c5e447a3a33dd5d72d33"
    assert fingerprint_problem(f"sha256:{digest}") is None
    assert fingerprint_problem(digest.upper()) is None  # near miss: case and no prefix
    assert fingerprint_problem(":".join(digest[i : i + 2] for i in range(0, 64, 2))) is None
    assert fingerprint_problem(digest[:-1]) is not None


def test_a_folders_audit_makes_no_temporary_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # blind61: a killed audit of a folder left an empty /tmp/fxsite-audit-* behind; a
    # folder's audit needs none (a URL's downloads into one).
    import tempfile

    made: list[object] = []
    real = tempfile.TemporaryDirectory

    def recorded(*args: Any, **kwargs: Any) -> Any:
        made.append(kwargs.get("prefix"))
        return real(*args, **kwargs)

    monkeypatch.setattr(tempfile, "TemporaryDirectory", recorded)
    (tmp_path / "index.html").write_text("<p>Hi.</p>", "utf-8")
    result = invoke("audit", str(tmp_path))
    assert "Traceback" not in result.output
    assert "fxsite-audit-" not in made
    assert invoke("audit", "http://[::1").exit_code == 2  # near miss: a URL, refused first
