"""The README says what the code does: codes, plugin options, commands, the example record."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from fxsite.cli import cli
from fxsite.evidence.models import Record
from fxsite.evidence.yamlsafe import load_yaml
from fxsite.findings import CODES
from fxsite.mkdocs_plugin import FxsiteConfig

README = Path(__file__).resolve().parents[1] / "README.md"


def section(title: str) -> str:
    """The text of the README's ``## title`` section, up to the next ``## ``."""
    text = README.read_text(encoding="utf-8")
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert match, f"README.md has no '## {title}' section"
    return match.group(1)


def table_rows(text: str) -> list[list[str]]:
    """Body rows of the Markdown tables in ``text``, cells stripped."""
    rows = []
    for line in text.splitlines():
        if not line.startswith("|") or re.match(r"^\|[\s:|-]+\|$", line):
            continue
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows[1:] if rows else rows  # drop the header row


def test_finding_codes_table_matches_codes() -> None:
    rows = table_rows(section("Finding codes"))
    documented = {}
    for row in rows:
        code = re.fullmatch(r"`(FX\d{3})`", row[0])
        assert code, f"not a finding code cell: {row[0]!r}"
        documented[code.group(1)] = row[1]
    missing = sorted(set(CODES) - set(documented))
    extra = sorted(set(documented) - set(CODES))
    assert not missing, f"codes missing from README.md's table: {missing}"
    assert not extra, f"README.md documents codes fxsite does not have: {extra}"
    assert len(rows) == len(documented), "a code is listed twice"
    differ = {c: (documented[c], CODES[c]) for c in CODES if documented[c] != CODES[c]}
    assert not differ, f"README meaning != fxsite.findings.CODES: {differ}"


def test_plugin_options_table_matches_config() -> None:
    rows = table_rows(section("MkDocs plugin options"))
    documented = {}
    for row in rows:
        name = re.fullmatch(r"`(\w+)`", row[0])
        assert name, f"not an option cell: {row[0]!r}"
        documented[name.group(1)] = row[1].strip("`")
    options = dict(FxsiteConfig._schema)
    assert set(documented) == set(options), "README.md's plugin options table is out of date"
    for name, option in options.items():
        default = option.default
        if default is not None:
            shown = str(default).lower() if isinstance(default, bool) else str(default)
            assert documented[name] == shown, f"default of {name}"


def test_commands_section_lists_every_command() -> None:
    text = section("Commands")
    listed = set(re.findall(r"^\s+fxsite (\w+)", text, re.M))
    assert listed == set(cli.commands), "README.md's Commands section is out of date"
    for name, command in cli.commands.items():
        for param in command.params:
            if isinstance(param, click.Option) and not param.hidden:
                flags = [f for f in param.opts if f.startswith("--") and f != "--help"]
                assert any(flag in text for flag in flags), f"fxsite {name} {flags} not documented"


def test_readme_example_record_is_valid() -> None:
    """The README's example record loads and validates (placeholders aside)."""
    match = re.search(r"```yaml\n(.*?)```", section("Evidence records"), re.S)
    assert match
    loaded = load_yaml(match.group(1), "README.md")
    assert loaded.findings == []
    data = loaded.data
    assert data["source"].pop("sha256") == "..."  # the one placeholder no schema accepts
    Record.model_validate(data)


@pytest.mark.parametrize("code", sorted(CODES))
def test_code_meanings_are_one_line(code: str) -> None:
    assert re.fullmatch(r"FX[1-9]\d{2}", code)
    assert CODES[code] and "\n" not in CODES[code] and "|" not in CODES[code]
