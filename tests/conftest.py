"""Shared test helpers: tiny fxsite projects in tmp_path, checked through the CLI.

Helpers are fixtures, not imports: tests/browser/ has a conftest of its own.
"""

from __future__ import annotations

import fcntl
import functools
import json
import os
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from fxsite.cli import cli

#: The smallest config fxsite accepts: MkDocs' own theme, the fxsite plugin.
MKDOCS_YML = "site_name: t\ntheme:\n  name: mkdocs\n  highlightjs: false\nplugins: [fxsite]\n"
ROOT = Path(__file__).resolve().parent.parent


def write_project(
    root: Path,
    records: Mapping[str, str | bytes],
    pages: Mapping[str, str] | None = None,
    mkdocs: str = MKDOCS_YML,
) -> Path:
    """Write mkdocs.yml, docs/ and evidence/<name> files under ``root``."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "mkdocs.yml").write_text(mkdocs, encoding="utf-8")
    for name, text in {"index.md": "# Home\n\nNo figures here.\n", **(pages or {})}.items():
        page = root / "docs" / name
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(text, encoding="utf-8")
    (root / "evidence").mkdir(exist_ok=True)
    for name, content in records.items():
        file = root / "evidence" / name
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    return root


def run_check(path: Path) -> tuple[int, list[dict[str, Any]]]:
    """``fxsite check PATH --format json``: exit code and the findings."""
    result = CliRunner().invoke(cli, ["check", str(path), "--format", "json"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, json.loads(result.stdout)


@pytest.fixture
def project(tmp_path: Path) -> Callable[..., Path]:
    """A factory: ``project({"R1.yaml": text})`` writes a project and returns its root."""

    def make(records: Mapping[str, str | bytes], **kwargs: Any) -> Path:
        return write_project(tmp_path / "project", records, **kwargs)

    return make


@pytest.fixture
def check() -> Callable[[Path], tuple[int, list[dict[str, Any]]]]:
    """``check(root)``: run ``fxsite check --format json`` -> (exit code, findings)."""
    return run_check


@pytest.fixture
def assert_check(
    project: Callable[..., Path], check: Callable[[Path], tuple[int, list[dict[str, Any]]]]
) -> Callable[..., list[dict[str, Any]]]:
    """``assert_check(files, expected, says, exit)``: check a project, assert its findings.

    ``expected`` is every finding as ``(path, line, col, code)`` in output order;
    ``says`` are substrings of their messages, in the same order; the exit status
    is 1 when anything is expected, else 0, unless ``exit`` says otherwise.
    """

    def run(
        files: Mapping[str, str | bytes],
        expected: list[tuple[str, int, int, str]],
        says: list[str] | None = None,
        exit: int | None = None,
    ) -> list[dict[str, Any]]:
        code, findings = check(project(files))
        assert [(f["path"], f["line"], f["col"], f["code"]) for f in findings] == expected
        assert code == (exit if exit is not None else (1 if expected else 0))
        for finding, text in zip(findings, says or [], strict=False):
            assert text in finding["message"]
        return findings

    return run


@pytest.fixture(scope="session")
def demo_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo project built once per run by ``fxsite build`` (its gate included), in
    this process (``sitekit.fxsite_here``: the build is the same in a child, whose start
    would add a second of imports).

    Under xdist the workers share one build: the first to take the lock builds
    it in the run's common temporary folder. Tests that change it copy it first.
    """
    import shutil

    from sitekit import fxsite_here

    project = shared_dir(tmp_path_factory) / "demo"
    with locked(project.with_suffix(".lock")):
        if not (project / "site" / "index.html").is_file():
            shutil.rmtree(project, ignore_errors=True)
            shutil.copytree(ROOT / "docs", project / "docs")
            shutil.copytree(ROOT / "evidence", project / "evidence")
            shutil.copy(ROOT / "mkdocs.yml", project / "mkdocs.yml")
            proc = fxsite_here("build", str(project), cwd=project)
            assert proc.returncode == 0, proc.stderr
    return project / "site"


@pytest.fixture(scope="session")
def forks_warmed(demo_site: Path) -> None:
    """This process has audited the demo once, so that every forked run after it
    (``sitekit.fxsite_forked``) inherits what a first audit fills in: the detector's
    patterns compiled on first use, the schema validators, the modules imported on demand.
    A child then audits in a fifth of a second, not in three-quarters of one."""
    from sitekit import fxsite_here

    done = fxsite_here("audit", "--format", "json", str(demo_site), cwd=demo_site.parent)
    assert "Traceback" not in done.stderr, done.stderr


def shared_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A temporary folder common to every xdist worker of this run (else this run's own)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (created if missing) across processes."""
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


# ---------------------------------------------------------------- xdist

#: A fixture made once per test file or per run (a whole-site build, say).
_SHARED_FIXTURE = re.compile(r"@pytest\.fixture\(\s*scope=\"(?:module|class|package|session)\"")


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadgroup`` by test groups: each group runs on one worker, any other test anywhere.

    xdist's own ``loadgroup`` reads ``xdist_group`` marks through a node-id
    suffix that pytest 9.2 no longer carries (pytest-xdist issue 1386), so the
    groups are told from the node id here, and handed out in collection order.
    """
    if config.getoption("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    config.option.loadscopereorder = False  # the order pytest_collection_modifyitems chose

    class GroupScheduling(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            return xdist_group(nodeid) or nodeid

    return GroupScheduling(config, log)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under xdist, the costliest tests first, so that none is left to run alone at the end.

    Each group's tests keep their order; :func:`costliest_first` orders the units.
    """
    workerinput = getattr(config, "workerinput", None)
    if workerinput is not None:
        seconds = workerinput.get(_SECONDS_KEY, {})
        items[:] = [item for unit in costliest_first(items, seconds) for item in unit]


def costliest_first(
    items: list[pytest.Item], seconds: Mapping[str, float]
) -> list[list[pytest.Item]]:
    """The units a worker is handed (a group, or a test of none), in the order to hand them out.

    A unit costs the seconds its tests took in earlier runs (``seconds``, by node
    id), or a guess for a test never timed (:func:`_guess`). The costliest first
    (the browser tests, one unit, are).
    """
    units: dict[str, list[pytest.Item]] = {}
    for item in items:
        units.setdefault(xdist_group(item.nodeid) or item.nodeid, []).append(item)

    def cost(unit: list[pytest.Item]) -> float:
        return sum(seconds.get(item.nodeid, _guess(item, bool(seconds))) for item in unit)

    return sorted(units.values(), key=cost, reverse=True)


def _guess(item: pytest.Item, timed_before: bool) -> float:
    """Seconds for a test no earlier run timed: a second when earlier runs timed others (a new
    test, maybe a costly one, is not handed out last); on a first run, a second for a
    browser's or a whole site's, else a check's."""
    costly = item.nodeid.startswith("tests/browser/") or item.get_closest_marker("slow")
    return 1.0 if timed_before or costly else 0.02


#: Where the controller keeps each test's seconds (pytest's cache), and how it hands
#: them to the workers (their ``workerinput``).
_SECONDS_KEY = "fxsite/seconds"
#: This run's seconds by node id, summed over setup, call and teardown (controller).
_TIMED: dict[str, float] = {}


#: The seconds this controller read from the cache, once: another run finishing
#: meanwhile must not hand two workers two orders (xdist stops when they differ).
_READ = pytest.StashKey[dict[str, float]]()


def pytest_configure(config: pytest.Config) -> None:
    """Builds in this process compile each theme template once and list each installed
    theme folder once (``servekit.installed_once``): nothing a test changes, and a
    third of an in-process build of a small site."""
    from servekit import installed_once

    installed_once()


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """Each worker is handed the seconds earlier runs took, all the same copy."""
    config: pytest.Config = node.config
    if _READ not in config.stash:
        cache = getattr(config, "cache", None)
        config.stash[_READ] = cache.get(_SECONDS_KEY, {}) if cache is not None else {}
    node.workerinput[_SECONDS_KEY] = config.stash[_READ]


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """The controller (or a run without workers) adds up the seconds of each test."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        _TIMED[report.nodeid] = _TIMED.get(report.nodeid, 0.0) + report.duration


def pytest_sessionfinish(session: pytest.Session) -> None:
    """The controller keeps this run's seconds with earlier runs' (of test files still there)."""
    cache = getattr(session.config, "cache", None)
    if os.environ.get("PYTEST_XDIST_WORKER") or cache is None or not _TIMED:
        return
    seconds = {**cache.get(_SECONDS_KEY, {}), **{k: round(v, 3) for k, v in _TIMED.items()}}
    there = {k: v for k, v in seconds.items() if (ROOT / k.split("::", 1)[0]).is_file()}
    cache.set(_SECONDS_KEY, there)


def xdist_group(nodeid: str) -> str | None:
    """The group a test runs in under xdist: its file, tests/browser, or ``None`` to run
    anywhere.

    A file is a group when its tests share what is costly to make: a fixture of
    the file scoped wider than a test (a whole-site build). The browser tests are one
    group: a worker running any of them starts Chromium and draws every page of the
    site in each session, once for all their files (each sweep runs every file's probes
    and takes the screenshots).
    """
    file = nodeid.split("::", 1)[0]
    if file.startswith("tests/browser/"):
        return "tests/browser"
    return file if _shares_a_fixture(file) else None


@functools.cache
def _shares_a_fixture(file: str) -> bool:
    path = ROOT / file
    return path.is_file() and bool(_SHARED_FIXTURE.search(path.read_text(encoding="utf-8")))
