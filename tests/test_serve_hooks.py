"""The plugin under `mkdocs serve`, in-process (blind65).

What it watches: the evidence folder, and the theme's overrides (a template edited under
`custom_dir` was not rebuilt, and its bare figure stayed on every page); the hook is handed
a server that records. And `strict: true`: a serve build logs its findings as information,
so MkDocs does not stop the preview at them (it hung, showing the last page), while a
strict `mkdocs build` still refuses."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.exceptions import Abort, PluginError

from fxsite.cli import cli


@pytest.fixture(autouse=True)
def _cold_plugins() -> Iterator[None]:
    """MkDocs keeps a plugin with ``on_startup`` between builds of one process: one left
    in serve mode would preview every later build of this worker (as servekit clears)."""
    from mkdocs.config.defaults import MkDocsConfig

    from fxsite.mkdocs_plugin import _PROJECTS

    # before too: a plugin another file's test left in the cache (an `fxsite build` in
    # process turns its staging off) would publish this file's refused builds
    _PROJECTS.clear()
    MkDocsConfig.plugins.plugin_cache.clear()
    yield
    _PROJECTS.clear()
    MkDocsConfig.plugins.plugin_cache.clear()


class _Server:
    def __init__(self) -> None:
        self.watched: list[str] = []

    def watch(self, path: str) -> None:
        self.watched.append(path)


def _watched(root: Path, monkeypatch: pytest.MonkeyPatch) -> set[Path]:
    """What the project at ``root``, loaded as ``mkdocs serve`` loads it, asks serve to watch."""
    monkeypatch.chdir(root)
    config = load_config("mkdocs.yml")
    config.plugins.on_startup(command="serve", dirty=False)
    config = config.plugins.on_config(config)
    server = _Server()
    config.plugins["fxsite"].on_serve(server, config=config, builder=None)
    return {Path(p).resolve() for p in server.watched}


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
    watched = _watched(root, monkeypatch)
    expected = {root.resolve() / "evidence", *([root.resolve() / "overrides"] if overrides else [])}
    assert watched == expected


@pytest.mark.parametrize(
    ("bases", "watched"),
    [
        (["snippets"], ["snippets"]),
        (["snippets", "parts"], ["snippets", "parts"]),
        # near misses: docs/ (MkDocs watches it), the project's folder (its cache is
        # there), a folder that does not exist
        (["docs"], []),
        (["."], []),
        (["missing"], []),
    ],
)
def test_serve_watches_the_files_pages_include(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bases: list[str], watched: list[str]
) -> None:
    # blind83: an edited snippet left the preview stale until a page changed
    assert CliRunner().invoke(cli, ["init", str(tmp_path / "p")]).exit_code == 0
    root = tmp_path / "p"
    for folder in ("snippets", "parts"):
        (root / folder).mkdir()
    config_file = root / "mkdocs.yml"
    listed = ", ".join(bases)
    config_file.write_text(
        config_file.read_text("utf-8")
        + f"markdown_extensions:\n  - pymdownx.snippets:\n      base_path: [{listed}]\n",
        "utf-8",
    )
    found = _watched(root, monkeypatch) - {root.resolve() / "evidence"}
    assert found == {root.resolve() / w for w in watched}


def _strict_project(tmp_path: Path) -> Path:
    assert CliRunner().invoke(cli, ["init", str(tmp_path / "p")]).exit_code == 0
    root = tmp_path / "p"
    config_file = root / "mkdocs.yml"
    config_file.write_text("strict: true\n" + config_file.read_text("utf-8"), "utf-8")
    page = root / "docs" / "index.md"
    page.write_text(page.read_text("utf-8") + "\nIt restores in 42 s.\n", "utf-8")
    return root


def test_a_strict_serve_shows_findings_in_the_page_and_does_not_stop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.chdir(_strict_project(tmp_path))
    config = load_config("mkdocs.yml", site_dir=str(tmp_path / "site"))
    config.plugins.on_startup(command="serve", dirty=False)
    with caplog.at_level("INFO", logger="mkdocs"):  # another test may have raised it
        build(config, serve_url="http://127.0.0.1:8000/")
    page = (tmp_path / "site" / "index.html").read_text("utf-8")
    assert "fxsite would refuse this page" in page and "FX501" in page
    told = [r for r in caplog.records if "FX501" in r.getMessage()]
    assert told and all(r.levelname == "INFO" for r in told), told
    assert told[0].getMessage().startswith("error: docs/index.md:")


def test_near_miss_a_strict_build_still_refuses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(_strict_project(tmp_path))
    config = load_config("mkdocs.yml", site_dir=str(tmp_path / "site"))
    config.plugins.on_startup(command="build", dirty=False)
    with pytest.raises((Abort, PluginError)):
        build(config)
    assert not (tmp_path / "site" / "index.html").exists()


def test_the_preview_of_a_page_that_cannot_be_read_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """blind65: the notice "This page was refused: it cannot be read." had no box, no place."""
    assert CliRunner().invoke(cli, ["init", str(tmp_path / "p")]).exit_code == 0
    root = tmp_path / "p"
    (root / "docs" / "latin1.md").write_bytes("# Caf\xe9\n".encode("latin-1"))
    monkeypatch.chdir(root)
    config = load_config("mkdocs.yml", site_dir=str(tmp_path / "site"))
    config.plugins.on_startup(command="serve", dirty=False)
    build(config, serve_url="http://127.0.0.1:8000/")
    page = (tmp_path / "site" / "latin1" / "index.html").read_text("utf-8")
    assert "<code>docs/latin1.md:1:6</code> <code>FX105</code>" in page, page[:3000]
    assert "save the file as UTF-8" in page
    readable = (tmp_path / "site" / "index.html").read_text("utf-8")
    assert "fx-findings" not in readable  # near miss: a page that reads has no box


def test_every_preview_page_lists_what_refuses_the_site_from_its_other_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """blind65: a bare figure in a theme template (or a record, or mkdocs.yml) was told in
    the terminal only, and every page's own box looked clean."""
    assert CliRunner().invoke(cli, ["init", str(tmp_path / "p")]).exit_code == 0
    root = tmp_path / "p"
    (root / "overrides").mkdir()
    (root / "overrides" / "main.html").write_text(
        '{% extends "base.html" %}\n{% block announce %}New: restores in 42 s!{% endblock %}\n',
        "utf-8",
    )
    config_file = root / "mkdocs.yml"
    text = config_file.read_text("utf-8")
    config_file.write_text(
        text.replace("  name: material\n", "  name: material\n  custom_dir: overrides\n", 1),
        "utf-8",
    )
    (root / "docs" / "second.md").write_text("# Second\n\nNo figures here.\n", "utf-8")
    monkeypatch.chdir(root)
    config = load_config("mkdocs.yml", site_dir=str(tmp_path / "site"))
    config.plugins.on_startup(command="serve", dirty=False)
    build(config, serve_url="http://127.0.0.1:8000/")
    for rel in ("index.html", "second/index.html"):
        page = (tmp_path / "site" / rel).read_text("utf-8")
        assert "fxsite would refuse this site: in its other files" in page, rel
        assert "<code>overrides/main.html:2:38</code> <code>FX501</code>" in page, rel
        assert 'id="fx-site-finding-1"' in page and 'id="fx-finding-1"' not in page, rel


def test_near_miss_a_clean_site_lists_nothing_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert CliRunner().invoke(cli, ["init", str(tmp_path / "p")]).exit_code == 0
    monkeypatch.chdir(tmp_path / "p")
    config = load_config("mkdocs.yml", site_dir=str(tmp_path / "site"))
    config.plugins.on_startup(command="serve", dirty=False)
    build(config, serve_url="http://127.0.0.1:8000/")
    page = (tmp_path / "site" / "index.html").read_text("utf-8")
    assert "fx-findings" not in page and "fx-site-findings" not in page


HOOK = """def on_post_page(output, page, config):
    if page.file.src_uri == "second.md":
        return output.replace("No figures here.", "No figures here. Now 42 s faster.")
    return output
"""


@pytest.mark.parametrize("command", ["serve", "build"])
def test_the_gates_findings_are_shown_in_the_page_they_are_of(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    """blind65: what the gate found in the written site (here a hook's bare figure, which no
    page's source holds) reached the terminal alone; under serve it is in its page now."""
    assert CliRunner().invoke(cli, ["init", str(tmp_path / "p")]).exit_code == 0
    root = tmp_path / "p"
    (root / "hooks.py").write_text(HOOK, "utf-8")
    config_file = root / "mkdocs.yml"
    config_file.write_text(config_file.read_text("utf-8") + "hooks:\n  - hooks.py\n", "utf-8")
    (root / "docs" / "second.md").write_text("# Second\n\nNo figures here.\n", "utf-8")
    monkeypatch.chdir(root)
    config = load_config("mkdocs.yml", site_dir=str(tmp_path / "site"))
    config.plugins.on_startup(command=command, dirty=False)
    if command == "build":  # near miss: a build refuses, and publishes no page with a box
        with pytest.raises((Abort, PluginError)):
            build(config)
        assert not (tmp_path / "site" / "second" / "index.html").exists()
        return
    build(config, serve_url="http://127.0.0.1:8000/")
    second = (tmp_path / "site" / "second" / "index.html").read_text("utf-8")
    assert "fxsite would refuse this page as published" in second
    assert "<code>FX501</code>" in second and "42 s" in second
    # in the article, where the theme styles it as the page's own box (not above the header)
    assert second.index("<article") < second.index("fx-published-findings")
    home = (tmp_path / "site" / "index.html").read_text("utf-8")
    assert "fx-published" not in home  # near miss: the page it is not of
