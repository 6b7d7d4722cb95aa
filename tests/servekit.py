"""Drive a `mkdocs serve` session without a server: run as a script, in a subprocess.

    python tests/servekit.py PROJECT STEPS.json [COMMAND]
    python tests/servekit.py --many SESSIONS.json


Builds as ``mkdocs serve`` does (MkDocs 1.6 ``commands/serve.py``): the config
is loaded again for every build, plugins that define ``on_startup`` are kept
between builds, ``on_startup(command="serve")`` once (``COMMAND`` ``build``:
as ``fxsite build`` runs MkDocs, unstaged, twice in one process). The first
build warms the session; then each step applies its edits (``write``: path ->
text, ``delete``: paths, relative to the project; ``link``: path -> folder it
links to; ``git``: argument lists run in the project), builds, and notes which
pages the plugin published from the previous build. With ``fresh`` (the
default) the step then builds again with nothing kept (a cold build), lists
every published file whose bytes differ between the two builds, and what the
cold build logged (``cold_log``). Prints one JSON object per step.

``--many`` runs a list of sessions (``project``, ``steps``, ``command``) one
after another in this one process, nothing kept between them (MkDocs and
Material are imported once for all); each line also carries ``session``, its
index, and a session that raised prints its ``error`` and the next one runs.

What no session can change is made once per process (:func:`installed_once`):
each template compiled (Jinja's bytecode cache, which compiles a template again
when its source differs), and the list of files in each theme folder of the
installed packages, less the hidden ones MkDocs never copies (a project's own
theme folders are listed at every build).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import subprocess
import sys
import sysconfig
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jinja2

SERVE_URL = "http://127.0.0.1:8000/"
GIT_ID = ("-c", "user.name=Test", "-c", "user.email=test@example.com")
#: Differ between any two builds: the build time.
UNSTABLE = frozenset({"fxsite-manifest.json"})

#: A record of one figure, for the serve tests (``record()`` fills it in).
RECORD = """\
id: {id}
title: {title}
label: measured
status: active
date: 2026-01-02
source: {{issuer: Test lab}}
figures:
  save_time: {{value: {value}, unit: s, what: Snapshot save}}
"""


def record(id: str = "R1", value: str = "178", title: str = "Save test") -> str:
    return RECORD.format(id=id, value=value, title=title)


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


def _snapshot(site: Path) -> dict[str, str]:
    return {
        p.relative_to(site).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(site.rglob("*"))
        if p.is_file() and p.relative_to(site).as_posix() not in UNSTABLE
    }


def main(project: Path, steps: list[dict[str, Any]], command: str = "serve") -> None:
    for out in run_session(project, steps, command):
        print(json.dumps(out), flush=True)


def main_many(sessions: list[dict[str, Any]]) -> None:
    from mkdocs.config.defaults import MkDocsConfig

    from fxsite.mkdocs_plugin import _PROJECTS

    for n, plan in enumerate(sessions):
        try:
            for out in run_session(Path(plan["project"]), plan["steps"], plan["command"]):
                print(json.dumps({"session": n, **out}), flush=True)
        except Exception:
            print(json.dumps({"session": n, "error": traceback.format_exc()}), flush=True)
        finally:  # the next session starts cold: no project, no plugin kept
            _PROJECTS.clear()
            MkDocsConfig.plugins.plugin_cache.clear()


def run_session(
    project: Path, steps: list[dict[str, Any]], command: str = "serve"
) -> Iterator[dict[str, Any]]:
    site = project / "site-serve"
    collect = _Collect()
    logging.getLogger("mkdocs").addHandler(collect)
    try:
        yield from _steps(project, steps, command, site, collect)
    finally:
        logging.getLogger("mkdocs").removeHandler(collect)


def _steps(
    project: Path, steps: list[dict[str, Any]], command: str, site: Path, collect: _Collect
) -> Iterator[dict[str, Any]]:
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    from fxsite.mkdocs_plugin import _PROJECTS

    def get_config() -> Any:
        config = load_config(str(project / "mkdocs.yml"), site_dir=str(site))
        config.site_url = SERVE_URL
        return config

    converted: list[str] = []  # pages whose Markdown conversion the last build reused
    searched: list[str] = []  # pages whose search entries the last build reused

    def run_build() -> tuple[Any, list[str]]:
        collect.lines = []
        config = get_config()
        build(config, serve_url=SERVE_URL if command == "serve" else None)
        plugin = config.plugins["fxsite"]
        converted[:] = sorted(plugin.conversions.last_reused)
        searched[:] = sorted(plugin.search_entries.last_reused)
        return plugin, sorted(plugin.outputs.last_reused)

    first = get_config()
    if command == "build":
        first.plugins["fxsite"].stage_output = False  # as fxsite build (cli.py) sets it
    first.plugins.on_startup(command=command, dirty=False)
    plugin, reused = run_build()
    first_out = {
        "step": "first",
        "reused": reused,
        "converted": list(converted),
        "searched": list(searched),
    }
    yield {**first_out, "log": collect.lines}
    for i, step in enumerate(steps):
        # Files written with their modification time put back (cp -p, rsync -a, touch -r).
        times = {rel: (project / rel).stat() for rel in step.get("keep_mtime", [])}
        for rel, text in step.get("write", {}).items():
            (project / rel).parent.mkdir(parents=True, exist_ok=True)
            (project / rel).write_text(text, encoding="utf-8")
        for rel, st in times.items():
            os.utime(project / rel, ns=(st.st_atime_ns, st.st_mtime_ns))
        for rel in step.get("delete", []):
            (project / rel).unlink()
        for rel, target in step.get("link", {}).items():
            (project / rel).symlink_to(target, target_is_directory=True)
        for args in step.get("git", []):
            subprocess.run(
                ["git", "-C", str(project), *GIT_ID, *args], check=True, capture_output=True
            )
        if step.get("poison"):  # a kept output that no longer matches its key's inputs
            src, old, new = step["poison"]
            key, output = plugin.outputs._kept[src]
            plugin.outputs._kept[src] = (key, output.replace(old, new))
        if step.get("search_poison"):  # kept search entries that no longer match their key
            src, words = step["search_poison"]
            for entry in plugin.search_entries._kept[src][1]:
                entry["text"] += words
        plugin, reused = run_build()
        out: dict[str, Any] = {"step": i, "reused": reused, "log": list(collect.lines)}
        out["converted"], out["searched"] = list(converted), list(searched)
        if step.get("fresh", True):
            kept = _snapshot(site)
            plugin.forget()  # nothing kept by the plugin...
            _PROJECTS.clear()  # ...nor by the project (records, pages)
            run_build()
            # What the serve rebuild reported, and what the cold build reports, by line.
            out["cold_log"] = list(collect.lines)
            again = _snapshot(site)
            out["differ"] = sorted(
                k for k in kept.keys() | again.keys() if kept.get(k) != again.get(k)
            )
        yield out
    first.plugins.on_shutdown()


class _Compiled(jinja2.BytecodeCache):
    """Compiled templates by name, kept in memory; Jinja compiles one again whose
    source's checksum differs from the one it was compiled from."""

    def __init__(self) -> None:
        self.kept: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self.kept.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.kept[bucket.key] = bucket.bytecode_to_string()


#: A hidden file or folder, which MkDocs never copies from a theme ("." first in a part
#: of its name; Material's 14,000 icons, which its templates include by name).
_HIDDEN = re.compile(r"(?:^|/)\.")


#: Whether :func:`installed_once` has run in this process.
_INSTALLED = False


def installed_once() -> None:
    """Every theme environment keeps its compiled templates in one :class:`_Compiled`,
    and a theme folder under the installed packages is listed once, without its hidden
    files: the list's one reader, MkDocs' ``Files.add_files_from_theme``, drops them;
    the installed themes are looked up once. Called again, it does nothing."""
    import mkdocs.utils
    from mkdocs.theme import Theme

    global _INSTALLED
    if _INSTALLED:
        return
    _INSTALLED = True
    compiled, get_env = _Compiled(), Theme.get_env

    def env(theme: Theme) -> jinja2.Environment:
        made = get_env(theme)
        made.bytecode_cache = compiled
        return made

    installed = sysconfig.get_paths()["purelib"]
    listed: dict[str, list[str]] = {}
    list_templates = jinja2.FileSystemLoader.list_templates

    def listing(loader: jinja2.FileSystemLoader) -> list[str]:
        found: set[str] = set()
        for folder in loader.searchpath:
            names = listed.get(folder)
            if names is None:
                names = list_templates(
                    jinja2.FileSystemLoader(folder, followlinks=loader.followlinks)
                )
                if folder.startswith(installed):
                    names = listed[folder] = [n for n in names if not _HIDDEN.search(n)]
            found.update(names)
        return sorted(found)

    Theme.get_env = env  # type: ignore[method-assign]
    jinja2.FileSystemLoader.list_templates = listing  # type: ignore[method-assign]
    # Each Theme empties MkDocs' cache of the installed themes (read from every installed
    # package's entry points: a third of loading a config); installed once, read once.
    mkdocs.utils.get_themes.cache_clear = lambda: None


if __name__ == "__main__":
    installed_once()
    if sys.argv[1] == "--many":
        main_many(json.loads(Path(sys.argv[2]).read_text(encoding="utf-8")))
    else:
        steps = json.loads(Path(sys.argv[2]).read_text(encoding="utf-8"))
        main(Path(sys.argv[1]), steps, *sys.argv[3:])
