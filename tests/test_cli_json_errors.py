"""``--format json`` prints JSON on a configuration error too (blind80): ``check`` and
``build`` printed nothing on stdout for an unreadable ``mkdocs.yml`` or one without the
plugin (exit 2, the error on stderr), so a reader of their JSON got no array at all. Each
prints one FX901 finding now, as ``audit`` does; the text format is unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sitekit import fxsite_here

CONFIGS = [
    ("unreadable YAML", "site_name: [unclosed\n", "error parsing the configuration file"),
    ("no fxsite plugin", "site_name: x\nplugins:\n  - search\n", "add fxsite to plugins"),
]


@pytest.mark.parametrize("command", ["check", "build"])
@pytest.mark.parametrize(("config", "said"), [r[1:] for r in CONFIGS], ids=[r[0] for r in CONFIGS])
def test_a_configuration_error_is_json_with_format_json(
    command: str, config: str, said: str, tmp_path: Path
) -> None:
    (tmp_path / "mkdocs.yml").write_text(config, "utf-8")
    (tmp_path / "docs").mkdir()
    done = fxsite_here(command, ".", "--format", "json", cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    findings = json.loads(done.stdout)
    assert [f["code"] for f in findings] == ["FX901"] and said in findings[0]["message"]
    # the text format: the error on stderr alone, as before
    told = fxsite_here(command, ".", cwd=tmp_path)
    assert told.returncode == 2 and told.stdout == "" and said in told.stderr
