"""What `mkdocs serve` watches: the evidence folder, and the theme's overrides (blind65: a
template edited under `custom_dir` was not rebuilt, and its bare figure stayed on every
page). In-process: the plugin's `on_serve` hook is handed a server that records."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from mkdocs.config import load_config

from fxsite.cli import cli


class _Server:
    def __init__(self) -> None:
        self.watched: list[str] = []

    def watch(self, path: str) -> None:
        self.watched.append(path)


@pytest.mark.parametrize("overrides", [True, False], ids=["custom_dir", "near miss: none"])
def test_serve_watches_the_evidence_and_the_themes_overrides(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, overrides: bool
) -> None:
    assert CliRunner().invoke(cli, ["init", str(tmp_path / "p")]).exit_code == 0
    root = tmp_path / "p"
    if overrides:
        (root / "overrides").mkdir()
        config_file = root / "mkdocs.yml"
        text = config_file.read_text("utf-8")
        config_file.write_text(
            text.replace("  name: material\n", "  name: material\n  custom_dir: overrides\n", 1),
            "utf-8",
        )
    monkeypatch.chdir(root)
    config = load_config("mkdocs.yml")
    config.plugins.on_startup(command="serve", dirty=False)
    config = config.plugins.on_config(config)
    server = _Server()
    config.plugins["fxsite"].on_serve(server, config=config, builder=None)
    watched = {Path(p).resolve() for p in server.watched}
    expected = {root.resolve() / "evidence", *([root.resolve() / "overrides"] if overrides else [])}
    assert watched == expected
