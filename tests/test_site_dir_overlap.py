"""A build never writes into its own sources (blind tester H7's data loss).

``site_dir`` is replaced whole by a build, so one that is, holds or lies inside a
source (the project folder, mkdocs.yml, docs_dir, the evidence folder, the theme's
custom_dir, a hook's folder, a snippets base path) is refused, as is a plugin
``cache_dir`` that is or lies inside a source folder: exit 2 at the setting's line in
``mkdocs.yml``, by ``fxsite check``, ``fxsite build`` and ``mkdocs build`` alike, and
nothing is written or deleted. The table is read by the configuration step check and
build share (``fxsite.cli._project``), in process.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from sitekit import ROOT, _invoke, fxsite_here, tree_bytes

from fxsite.cli import _project
from fxsite.mkdocs_config import UsageFailure
from fxsite.publish import publish_atomically

RECORD = """\
id: S1
title: Example product datasheet
label: spec
status: active
source:
  issuer: Example Corp
figures:
  read_bandwidth_new: {value: 6.4, unit: GB/s, what: Sequential read bandwidth}
"""

PAGE = "# Welcome\n\nIt reads at [6.4 GB/s](evidence:S1#read_bandwidth_new).\n"

#: mkdocs.yml with the settings a row fills in, each on its own line (1-based):
#: 7 cache_dir, 8 evidence_dir, 9 hooks, 12 the snippets' base_path, 13 site_dir.
CONFIG = """\
site_name: s
theme:
  name: mkdocs
  custom_dir: overrides
plugins:
  - fxsite:
      cache_dir: {cache}
      evidence_dir: {evidence}
hooks: [{hook}]
markdown_extensions:
  - pymdownx.snippets:
      base_path: [{snips}]
site_dir: {site}
"""

DEFAULTS = {
    "cache": ".cache/fxsite",
    "evidence": "evidence",
    "hook": "hooks/h.py",
    "snips": "snips",
    "site": "site",
}

#: MkDocs' own refusal of a site_dir around or inside docs_dir, placed at the setting's line
MKDOCS_OWN = ("13:11", "Config value 'site_dir'")

# (name, settings, expected "mkdocs.yml:line:col" and words of the message; None: passes)
ROWS: list[tuple[str, dict[str, str], tuple[str, str] | None]] = [
    ("site_dir is the evidence folder", {"site": "evidence"}, ("13:11", "is the evidence")),
    ("site_dir inside evidence", {"site": "evidence/site"}, ("13:11", "lies inside the evidence")),
    (
        "site_dir holds the evidence folder",
        {"site": "data", "evidence": "data/evidence"},
        ("13:11", "holds the evidence folder 'data/evidence'"),
    ),
    ("site_dir is custom_dir", {"site": "overrides"}, ("13:11", "is the theme's custom_dir")),
    ("site_dir inside custom_dir", {"site": "overrides/out"}, ("13:11", "lies inside the theme's")),
    ("site_dir is a hook's folder", {"site": "hooks"}, ("13:11", "is the folder of hook 'h.py'")),
    ("site_dir is snippets' base", {"site": "snips"}, ("13:11", "is pymdownx.snippets's base")),
    ("site_dir inside snippets' base", {"site": "snips/s"}, ("13:11", "lies inside pymdownx")),
    (
        "site_dir is snippets' base by !relative",
        {"site": "snips", "snips": "!relative $config_dir/snips"},
        ("13:11", "is pymdownx.snippets's base"),
    ),
    ("site_dir is mkdocs.yml", {"site": "mkdocs.yml"}, ("13:11", "is mkdocs.yml")),
    ("site_dir is a file", {"site": "notes.txt"}, ("13:11", "site_dir 'notes.txt' is a file")),
    ("site_dir is the project folder", {"site": "."}, MKDOCS_OWN),
    ("site_dir holds the project", {"site": ".."}, MKDOCS_OWN),
    ("site_dir is docs_dir", {"site": "docs"}, MKDOCS_OWN),
    ("site_dir a link to evidence", {"site": "published"}, ("13:11", "is the evidence folder")),
    (
        "default site_dir is the evidence folder",
        {"site": "", "evidence": "site"},
        ("8:21", "site_dir 'site' is the evidence folder"),
    ),
    ("cache_dir is docs_dir", {"cache": "docs"}, ("7:18", "cache_dir 'docs' is docs_dir")),
    ("cache_dir inside docs_dir", {"cache": "docs/.cache"}, ("7:18", "lies inside docs_dir")),
    ("cache_dir inside evidence", {"cache": "evidence/c"}, ("7:18", "lies inside the evidence")),
    ("cache_dir is custom_dir", {"cache": "overrides"}, ("7:18", "is the theme's custom_dir")),
    # near misses: beside the sources, or only named like one
    ("near miss: site inside the project", {}, None),
    ("near miss: evidence-site", {"site": "evidence-site"}, None),
    ("near miss: overrides-site", {"site": "overrides-site"}, None),
    ("near miss: site beside the project", {"site": "../site-out"}, None),
    ("near miss: site in a subfolder", {"site": "build/site"}, None),
    ("near miss: hook in the project folder", {"hook": "h.py"}, None),
    ("near miss: snippets base is the project", {"snips": "."}, None),
    # MkDocs' !relative tag makes a path-like object, not a string (was a traceback)
    ("near miss: snippets base by !relative", {"snips": "!relative $config_dir/snips"}, None),
    ("near miss: cache_dir docs-cache", {"cache": "docs-cache"}, None),
    ("near miss: cache_dir the project folder", {"cache": "."}, None),
    ("near miss: no cache_dir", {"cache": '""'}, None),
]


def _layout(folder: Path, settings: dict[str, str]) -> Path:
    """A project in ``folder/proj`` with every source a row can name."""
    project = folder / "proj"
    values = {**DEFAULTS, **settings}
    for sub in ("docs", values["evidence"], "overrides", "hooks", "snips"):
        (project / sub).mkdir(parents=True, exist_ok=True)
    (project / "docs/index.md").write_text(PAGE, encoding="utf-8")
    (project / "site").mkdir(exist_ok=True)  # a site built before
    (project / "notes.txt").write_text("", encoding="utf-8")
    (project / values["evidence"] / "S1.yaml").write_text(RECORD, encoding="utf-8")
    (project / values["hook"]).write_text("", encoding="utf-8")
    (project / "published").symlink_to(project / values["evidence"])
    config = CONFIG.format(**values)
    if not values["site"]:
        config = config.replace("site_dir: \n", "")
    (project / "mkdocs.yml").write_text(config, encoding="utf-8")
    return project


@pytest.mark.parametrize(("settings", "refused"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_an_output_among_the_sources_is_refused_at_its_line(
    settings: dict[str, str],
    refused: tuple[str, str] | None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    project = _layout(tmp_path, settings)
    monkeypatch.chdir(project)  # the snippets' base_path is read from the working folder
    if refused is None:
        _project(project)
        return
    with pytest.raises(UsageFailure) as caught:
        _project(project)
    place, words = refused
    message = caught.value.message
    assert message.startswith(f"mkdocs.yml:{place}"), message
    assert words in message, message


def test_a_base_path_written_alone_with_relative_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``base_path: !relative $config_dir/snips`` (no list; the demo's form): MkDocs gives a
    path-like object, read as the folder it names (it was iterated: a traceback)."""
    project = _layout(tmp_path, {"snips": "!relative $config_dir/snips"})
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    config.write_text(text.replace("[!relative $config_dir/snips]", "!relative $config_dir/snips"))
    monkeypatch.chdir(project)
    _project(project)
    config.write_text(config.read_text().replace("site_dir: site", "site_dir: snips"))
    with pytest.raises(UsageFailure) as caught:
        _project(project)
    assert caught.value.message.startswith("mkdocs.yml:13:11: site_dir 'snips' is pymdownx")


def test_the_evidence_folder_by_another_path_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same folder by another name than its resolved path (a bind mount here; another
    spelling on a case-insensitive disk, as macOS's) is the folder: compared as a file."""
    project = _layout(tmp_path, {"site": "../mirror"})
    mirror = tmp_path / "mirror"
    mirror.mkdir()
    bound = subprocess.run(
        ["mount", "--bind", str(project / "evidence"), str(mirror)], capture_output=True
    )
    if bound.returncode != 0:
        pytest.skip("bind mounts need privileges this run lacks")
    try:
        monkeypatch.chdir(project)
        with pytest.raises(UsageFailure) as caught:
            _project(project)
        assert caught.value.message.startswith("mkdocs.yml:13:11: site_dir '../mirror' is the ")
    finally:
        subprocess.run(["umount", str(mirror)], check=True)


def _blind_case(folder: Path, config: str) -> Path:
    """Blind tester H7's project (site_dir_wipes_evidence, cache_dir_in_docs)."""
    project = folder / "proj"
    (project / "docs").mkdir(parents=True)
    (project / "evidence").mkdir()
    (project / "overrides").mkdir()
    (project / "docs/index.md").write_text(
        PAGE + "\n```evidence-chart\nbars:\n  - {label: New, ref: S1#read_bandwidth_new}\n```\n",
        encoding="utf-8",
    )
    (project / "evidence/S1.yaml").write_text(RECORD, encoding="utf-8")
    (project / "overrides/main.html").write_text('{% extends "base.html" %}\n', encoding="utf-8")
    (project / "mkdocs.yml").write_text(config, encoding="utf-8")
    return project


BLIND = "site_name: base\n{setting}\ntheme:\n  name: mkdocs\n  custom_dir: overrides\n{plugins}\n"
CASES = [
    ("site_dir: evidence", "plugins:\n  - fxsite", "mkdocs.yml:2:11: site_dir 'evidence' is"),
    ("site_dir: overrides", "plugins:\n  - fxsite", "mkdocs.yml:2:11: site_dir 'overrides' is"),
    ("", "plugins:\n  - fxsite:\n      cache_dir: docs", "mkdocs.yml:8:18: cache_dir 'docs' is"),
]
COMMANDS = [("fxsite", "check"), ("fxsite", "build"), ("mkdocs", "build")]


@pytest.mark.parametrize(
    ("setting", "plugins", "told"), CASES, ids=[c[0] or "cache" for c in CASES]
)
@pytest.mark.parametrize("command", COMMANDS, ids=[" ".join(c) for c in COMMANDS])
def test_a_refused_build_writes_and_deletes_nothing(
    setting: str, plugins: str, told: str, command: tuple[str, str], tmp_path: Path
) -> None:
    project = _blind_case(tmp_path, BLIND.format(setting=setting, plugins=plugins))
    before = tree_bytes(tmp_path), _listing(tmp_path)
    if command[0] == "fxsite":
        done = fxsite_here(command[1], str(project), cwd=project)
        assert done.returncode == 2, done.stderr
    else:
        from mkdocs.__main__ import cli

        done = _invoke(cli, "mkdocs", ["build"], project, None, {})
        assert done.returncode != 0, done.stderr
    assert told in done.stderr
    assert "Traceback" not in done.stderr
    # the records, the templates and the pages as they were; no folder made or removed
    assert (tree_bytes(tmp_path), _listing(tmp_path)) == before


def _listing(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))


@pytest.mark.parametrize("linked", [False, True], ids=["a folder", "a link to a folder"])
def test_publishing_takes_no_folder_of_the_users_for_the_old_site(
    linked: bool, tmp_path: Path
) -> None:
    """The old site is moved aside under a fresh name, never ``.site-old``, which may be
    the user's; a site_dir that links to a folder is replaced as a link, the folder kept."""
    keep = tmp_path / ".site-old" / "keep.txt"
    keep.parent.mkdir()
    keep.write_text("mine", encoding="utf-8")
    site = tmp_path / "site"
    if linked:
        (tmp_path / "www").mkdir()
        site.symlink_to(tmp_path / "www")
    else:
        site.mkdir()
    publish_atomically(site, lambda out: (out / "index.html").write_text("new", encoding="utf-8"))
    assert keep.read_text(encoding="utf-8") == "mine"
    assert (site / "index.html").read_text(encoding="utf-8") == "new"
    assert _listing(tmp_path) == sorted(
        [".site-old", ".site-old/keep.txt", "site", "site/index.html", *(["www"] if linked else [])]
    )


#: Files a commit may touch that check reads (blind tester H7's list).
HOOK_PATHS = [
    "docs/notes.txt",
    "docs/data.csv",
    "overrides/main.html",
    "overrides/partials/footer.html",
    "docs/js/x.js",
    "docs/css/x.css",
    "docs/page.mdown",
    "docs/page.mkd",
    "docs/results.MD",
    "snips/s.txt",
    "docs/raw.html",
    "docs/logo.svg",
    "evidence/reports/R1.txt",
]


def test_the_pre_commit_hook_runs_at_every_commit() -> None:
    """pre-commit runs a hook only for the staged files its ``files`` matches, never for
    a deleted one: a commit that only deletes a record cited by a page, or only touches
    a template, must still be checked, so the hook runs always and checks the project."""
    hooks: list[dict[str, Any]] = yaml.safe_load(
        (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    )
    (hook,) = [h for h in hooks if h["id"] == "fxsite-check"]
    assert hook["always_run"] is True
    assert hook["pass_filenames"] is False
    files = re.compile(hook.get("files", ""))  # pre-commit's defaults: every file
    skipped = [p for p in HOOK_PATHS if not files.search(p)]
    assert skipped == []
    assert hook.get("types", ["file"]) == ["file"] and "types_or" not in hook
