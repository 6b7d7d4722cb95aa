"""``check FILE...``, ``--quiet``, colour, record files, and where writers work
(editor schema line, pre-commit hook, the CI workflow in the README)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from fxsite.authoring.init import starter_files
from fxsite.cli import cli
from fxsite.evidence.schema import SCHEMA_FILE
from fxsite.evidence.yamlsafe import load_yaml

REPO = Path(__file__).resolve().parents[1]
GOOD = "id: R1\ntitle: T\nlabel: spec\nstatus: active\nfigures:\n  t: {value: 94, unit: s}\n"
CLAIM = "# A\n\n[94 s](evidence:R1#t)\n"
BARE = "# B\n\nIt took 94 s.\n"


def invoke(*args: str, env: dict[str, str] | None = None, color: bool = False) -> Any:
    result = CliRunner().invoke(cli, list(args), env=env, color=color)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


# -- fxsite check FILE... ---------------------------------------------------------------


def test_check_one_page_against_the_whole_library(project: Callable[..., Path]) -> None:
    root = project({"R1.yaml": GOOD}, pages={"a.md": CLAIM, "b.md": BARE})
    result = invoke("check", str(root / "docs" / "a.md"))
    assert result.exit_code == 0, result.output
    result = invoke("check", str(root / "docs" / "b.md"), "--format", "json")
    assert result.exit_code == 1
    assert [f["path"] for f in json.loads(result.stdout)] == ["docs/b.md"]
    result = invoke("check", str(root / "docs" / "a.md"), str(root / "docs" / "b.md"))
    assert result.exit_code == 1 and "docs/b.md:3:9: FX501" in result.stdout


@pytest.mark.parametrize(
    ("case", "exit_code", "says"),
    [
        ("a page outside docs/", 2, "not a Markdown page under docs/"),
        ("a page and a folder", 2, "not both"),
        ("a page with no mkdocs.yml above", 2, "no mkdocs.yml in any folder above it"),
        ("a page in a subfolder of docs/", 0, ""),
        ("mkdocs.yml itself", 0, ""),
        ("a record file: its whole project", 1, "refused"),
    ],
)
def test_check_paths(
    project: Callable[..., Path], tmp_path: Path, case: str, exit_code: int, says: str
) -> None:
    root = project({"R1.yaml": GOOD}, pages={"a.md": CLAIM, "sub/c.md": CLAIM})
    (root / "notes.md").write_text(BARE, encoding="utf-8")
    if case.startswith("a record file"):
        (root / "docs" / "bare.md").write_text(BARE, encoding="utf-8")
    (tmp_path / "loose.md").write_text(BARE, encoding="utf-8")
    args = {
        "a page outside docs/": [str(root / "notes.md")],
        "a page and a folder": [str(root / "docs" / "a.md"), str(root)],
        "a page with no mkdocs.yml above": [str(tmp_path / "loose.md")],
        "a page in a subfolder of docs/": [str(root / "docs" / "sub" / "c.md")],
        "mkdocs.yml itself": [str(root / "mkdocs.yml")],
        "a record file: its whole project": [str(root / "evidence" / "R1.yaml")],
    }[case]
    result = invoke("check", *args)
    assert result.exit_code == exit_code, result.output
    assert says in result.stderr


def test_quiet_prints_errors_only(project: Callable[..., Path]) -> None:
    measured = GOOD.replace("label: spec", "label: measured")
    root = project({"R1.yaml": measured}, pages={"a.md": BARE})
    loud = invoke("check", str(root))
    assert "FX309" in loud.stdout and "refused:" in loud.stderr
    quiet = invoke("check", str(root), "--quiet")
    assert quiet.exit_code == 1
    assert quiet.stdout.splitlines() == ["docs/a.md:3:9: FX501 " + _message(loud, "FX501")]
    assert quiet.stderr == ""


def _message(result: Any, code: str) -> str:
    line = next(x for x in result.stdout.splitlines() if f" {code} " in x)
    return str(line.split(f" {code} ", 1)[1])


@pytest.mark.parametrize(
    ("env", "coloured"), [({}, True), ({"NO_COLOR": "1"}, False), ({"NO_COLOR": ""}, True)]
)
def test_colour_on_a_terminal_unless_no_color(
    project: Callable[..., Path], env: dict[str, str], coloured: bool
) -> None:
    root = project({"R1.yaml": GOOD}, pages={"a.md": BARE})
    result = invoke("check", str(root), env=env, color=True)  # color=True: as on a terminal
    assert ("\x1b[" in result.stdout) is coloured
    plain = invoke("check", str(root))  # not a terminal: never coloured
    assert "\x1b[" not in plain.stdout + plain.stderr


# -- record files: .yml and subfolders are read, hidden files left out ----------------


@pytest.mark.parametrize(
    ("name", "read"),
    [
        ("R1.yaml", True),
        ("R1.yml", True),
        ("R1.YAML", True),
        ("2026/R1.yaml", True),
        ("a/b/R1.yml", True),
        (".drafts/R1.yaml", False),
        (".R1.yaml", False),
        ("R1.yaml.bak", False),
    ],
)
def test_record_files(
    name: str,
    read: bool,
    project: Callable[..., Path],
    check: Callable[[Path], tuple[int, list[dict[str, Any]]]],
) -> None:
    code, findings = check(project({name: GOOD}, pages={"index.md": CLAIM}))
    assert (code == 0) is read, findings
    if not read:
        assert findings[0]["message"].startswith("unknown record 'R1'")


def test_yml_and_yaml_of_one_id_clash(
    project: Callable[..., Path], check: Callable[[Path], tuple[int, list[dict[str, Any]]]]
) -> None:
    code, findings = check(project({"R1.yaml": GOOD, "sub/R1.yml": GOOD}))
    assert code == 1 and [f["code"] for f in findings] == ["FX302"]


# -- the editor: the schema line resolves to the checked-in schema ----------------------


def _records() -> list[Path]:
    return sorted((REPO / "evidence").glob("*.yaml"))


@pytest.mark.parametrize("record", _records(), ids=lambda p: p.name)
def test_demo_record_schema_line_resolves_and_validates(record: Path) -> None:
    first = record.read_text(encoding="utf-8").splitlines()[0]
    match = re.fullmatch(r"# yaml-language-server: \$schema=(\S+)", first)
    assert match, f"{record.name}: no schema line"
    schema_path = (record.parent / match.group(1)).resolve()
    assert schema_path == (REPO / SCHEMA_FILE).resolve()
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    data = load_yaml(record.read_bytes(), record.name).data
    assert list(Draft202012Validator(schema).iter_errors(data)) == []


def test_init_record_schema_line_resolves_and_validates(tmp_path: Path) -> None:
    files = starter_files("x")
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    record = tmp_path / "evidence" / "S1.yaml"
    target = record.read_text(encoding="utf-8").splitlines()[0].split("$schema=", 1)[1]
    schema = json.loads((record.parent / target).read_text(encoding="utf-8"))
    data = load_yaml(record.read_bytes(), "S1.yaml").data
    assert list(Draft202012Validator(schema).iter_errors(data)) == []
    # a near miss the schema refuses, so the test can fail
    assert list(Draft202012Validator(schema).iter_errors({**data, "label": "guess"}))


def test_vscode_association_in_readme_matches_the_records() -> None:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    block = re.search(r'```json\n(\{ "yaml.schemas".*?)\n```', text, re.S)
    assert block
    association = json.loads(block.group(1))["yaml.schemas"]
    (schema, globs), *_ = association.items()
    assert (REPO / schema).resolve() == (REPO / SCHEMA_FILE).resolve()
    assert any(Path("evidence/R1.yaml").match(g.replace("**/", "")) for g in globs)


# -- pre-commit and CI ------------------------------------------------------------------


def test_pre_commit_hook_runs_fxsite_check() -> None:
    hooks = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    (hook,) = hooks
    assert hook["id"] == "fxsite-check"
    assert hook["language"] == "python"  # pre-commit installs this package
    assert hook["pass_filenames"] is False  # a record change can break any page
    program, command, *options = hook["entry"].split()
    assert (program, command) == ("fxsite", "check")
    assert all(any(o in p.opts for p in cli.commands["check"].params) for o in options)
    # Run at every commit: check reads docs/notes.txt, overrides/main.html, a snippet…
    assert "files" not in hook and "exclude" not in hook


def test_readme_ci_workflow_builds_audits_and_comments_the_diff() -> None:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split("**GitHub Actions.**", 1)[1]
    block = re.search(r"```yaml\n(.*?)```", section, re.S)
    assert block
    workflow = yaml.safe_load(block.group(1))
    assert "pull_request" in workflow[True]  # YAML 1.1 reads the key `on` as True
    runs = [step.get("run", "") for step in workflow["jobs"]["site"]["steps"]]
    assert "fxsite build ." in runs and "fxsite audit site" in runs
    script = next(r for r in runs if "fxsite diff" in r)
    assert 'fxsite diff "$BASE" HEAD' in script and "gh pr comment" in script
    assert workflow["permissions"]["pull-requests"] == "write"
