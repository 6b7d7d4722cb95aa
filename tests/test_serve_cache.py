"""Under `mkdocs serve`, what a rebuild publishes from the previous build, and when it may not.

Each row is a serve session (tests/servekit.py: the config loaded again for
every build, plugins kept, as MkDocs 1.6 serves): a first build, then edits
and a rebuild each. For every rebuild, the pages that must be rendered again
are not reused, the near misses are, and the whole published site is byte for
byte what a cold build of the same files publishes. The file's sessions run one
after another in one process (``sessions``), each starting cold. The rows of the
configuration, the theme and a page's metadata are in tests/test_serve_cache_config.py,
whose sessions run in a process of their own beside these (on another worker).
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from servekit import RECORD, record
from sitekit import ENV

from fxsite.anchor.build import SqliteMemo, prepare_site
from fxsite.anchor.sqlite_export import sqlite_rows, write_evidence_sqlite
from fxsite.evidence.library import load_library
from fxsite.markdown import FxsiteExtension
from fxsite.mkdocs_serve import pure_extensions
from fxsite.pages.site import Citation, PageInfo, SiteIndex
from fxsite.render.export_files import ExportFiles
from fxsite.render.exports import dumps, evidence_csv, evidence_data, record_data

SERVEKIT = Path(__file__).resolve().parent / "servekit.py"

ESTIMATE = """\
id: E1
title: Bubble model
label: estimate
status: active
figures:
  saves: {value: 20, unit: count, what: checkpoints per run}
derived:
  total: {formula: R1.save_time * saves, unit: s, decimals: 0}
"""
INDEX = "# Results\n\n## Saving\n\nSaving took [](evidence:R1#save_time).\n"
OTHER = "# Other\n\nNothing cited here.\n"
CONFIG = "site_name: serve test\ntheme:\n  name: material\n  font: false\n{theme}plugins:\n  - search\n  - fxsite{fxsite}\n{extra}"

R1, R2, E1 = "evidence/R1.md", "evidence/R2.md", "evidence/E1.md"
LIBRARY, HOME, OTHER_PAGE = "evidence/index.md", "index.md", "other.md"
EVERY = {R1, R2, E1, LIBRARY, HOME, OTHER_PAGE}


def config(theme: str = "", fxsite: str = "", extra: str = "") -> str:
    return CONFIG.format(theme=theme, fxsite=fxsite, extra=extra)


def make_project(root: Path) -> Path:
    (root / "evidence").mkdir(parents=True)
    (root / "docs").mkdir()
    (root / "evidence" / "R1.yaml").write_text(record(), encoding="utf-8")
    (root / "evidence" / "R2.yaml").write_text(record("R2", "94", "Load test"), encoding="utf-8")
    (root / "evidence" / "E1.yaml").write_text(ESTIMATE, encoding="utf-8")
    (root / "docs" / "index.md").write_text(INDEX, encoding="utf-8")
    (root / "docs" / "other.md").write_text(OTHER, encoding="utf-8")
    (root / "mkdocs.yml").write_text(config(), encoding="utf-8")
    return root


def sessions(root: Path, rows: list[tuple[str, list[dict[str, Any]]]]) -> dict[str, list[Any]]:
    """Each row's session on a project of its own, all in one servekit process: results by row.

    A row named in ``COMMANDS`` runs under that command (else ``serve``); one named in
    ``PREPARE`` has its project prepared by that function before its first build.
    """
    plan = []
    for n, (row, steps) in enumerate(rows):
        project = make_project(root / str(n) / "project")
        PREPARE.get(row, lambda _: None)(project)
        kept = [{k: v for k, v in s.items() if k in _EDITS} for s in steps]
        plan.append({"project": str(project), "steps": kept, "command": COMMANDS.get(row, "serve")})
    file = root / "sessions.json"
    file.write_text(json.dumps(plan), encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, str(SERVEKIT), "--many", str(file)],
        env=ENV,
        capture_output=True,
        text=True,
        timeout=1800,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    out: dict[str, list[Any]] = {row: [] for row, _ in rows}
    for line in proc.stdout.splitlines():
        result = json.loads(line)
        out[rows[result.pop("session")][0]].append(result)
    return out


#: What servekit applies of a step; the rest is what the test expects of it.
_EDITS = {"write", "delete", "link", "fresh", "keep_mtime", "git", "poison", "search_poison"}

HOOK = "def on_page_content(html, **kwargs):\n    return html\n"
#: A claim's markup written by hand, as no build renders it (no tooltip, no badge).
FORGED = '<a class="fx-claim fx-claim--measured" data-fx-ref="R1#save_time" href="#">178 s</a>'
MAIN_V1 = '{% extends "base.html" %}\n{% block announce %}Preview one{% endblock %}\n'
MAIN_V2 = '{% extends "base.html" %}\n{% block announce %}Preview two{% endblock %}\n'

# (row, steps): each step has its edits, the pages it must render ("render")
# and the near misses it may reuse ("reuse"); "none" means nothing reused.
ROWS: list[tuple[str, list[dict[str, Any]]]] = [
    (
        "prose edit on a page citing nothing",
        [
            {
                "write": {"docs/other.md": OTHER + "\nMore words.\n"},
                "render": {OTHER_PAGE},
                "reuse": EVERY - {OTHER_PAGE},
            }
        ],
    ),
    (
        "a page starts citing a record",
        [
            {
                "write": {"docs/other.md": "# Other\n\nLoading took [](evidence:R2#save_time).\n"},
                "render": {OTHER_PAGE, R2, LIBRARY},
                "reuse": {R1, E1},
            }
        ],
    ),
    (
        "a page stops citing a record",
        [
            {
                "write": {"docs/index.md": "# Results\n\n## Saving\n\nSaving was quick.\n"},
                "render": {HOME, R1, LIBRARY},
                "reuse": {R2, E1, OTHER_PAGE},
            }
        ],
    ),
    (
        "the heading a claim sits under is renamed",
        [
            {
                "write": {"docs/index.md": INDEX.replace("## Saving", "## Writing")},
                "render": {HOME, R1},
                "reuse": {R2, E1, LIBRARY, OTHER_PAGE},
            }
        ],
    ),
    (
        "a heading with no claim under it is added",
        [
            {
                "write": {"docs/index.md": INDEX + "\n## Notes\n\nPlain words.\n"},
                "render": {HOME},
                "reuse": {R1, R2, E1, LIBRARY, OTHER_PAGE},
            }
        ],
    ),
    (
        "the title of a citing page changes",
        [
            {
                "write": {"docs/index.md": INDEX.replace("# Results", "# Findings")},
                "render": {HOME, R1, OTHER_PAGE},  # the navigation shows it
            }
        ],
    ),
    (
        "a record's value changes (and an estimate derived from it)",
        [
            {
                "write": {"evidence/R1.yaml": record(value="170")},
                "render": {R1, E1, HOME},
                "reuse": {R2, LIBRARY, OTHER_PAGE},
            }
        ],
    ),
    (
        "a page cites a figure derived from another record, whose value changes",
        [
            {
                "write": {"docs/other.md": "# Other\n\nAll saves took [](evidence:E1#total).\n"},
                "render": {OTHER_PAGE, E1, LIBRARY},
            },
            {
                "write": {"evidence/R1.yaml": record(value="170")},
                "render": {R1, E1, HOME, OTHER_PAGE},  # E1's record is as it was
                "reuse": {R2, LIBRARY},
            },
        ],
    ),
    (
        "a record file saved with only a comment added at the top",
        # R1's page and the library's show R1's warning (FX309) in the preview, a line lower.
        [
            {
                "write": {"evidence/R1.yaml": "# checked again\n" + record()},
                "render": {R1, LIBRARY},
                "reuse": EVERY - {R1, LIBRARY},
            }
        ],
    ),
    (
        "a record's title changes",
        [
            {
                "write": {"evidence/R2.yaml": record("R2", "94", "Load test, again")},
                "render": {R2, LIBRARY},
                "reuse": {R1, E1, HOME, OTHER_PAGE},
            }
        ],
    ),
    (
        "a record is added, then removed",
        [
            {
                "write": {"evidence/R3.yaml": record("R3", "12", "New test")},
                "render": {"evidence/R3.md", LIBRARY},
                "reuse": {R1, R2, E1, HOME, OTHER_PAGE},
            },
            {"delete": ["evidence/R3.yaml"], "render": {LIBRARY}, "reuse": {R1, R2, E1, HOME}},
        ],
    ),
]


@pytest.mark.slow
@pytest.mark.parametrize(("row", "steps"), ROWS, ids=[r[0] for r in ROWS])
def test_serve_reuses_only_what_cannot_have_changed(
    served: dict[str, list[Any]], row: str, steps: list[dict[str, Any]]
) -> None:
    for step, reused in _rebuilds(served[row], row, steps, "reused"):
        assert not reused & step.get("render", set()), f"{row}: reused what changed"
        assert step.get("reuse", set()) <= reused, f"{row}: rendered again what did not change"
        if step.get("none"):
            assert reused == set()


def _rebuilds(
    results: list[Any], row: str, steps: list[dict[str, Any]], reuse: str
) -> list[tuple[dict[str, Any], set[str]]]:
    """Each step of a row's session with the pages its rebuild reused (``reuse``: which reuse).

    What every row must hold is checked here: the session ran, the first build
    reuses nothing, every rebuild publishes and reports what a cold build
    publishes and reports, and a step's ``logged`` code is logged.
    """
    errors = [r["error"] for r in results if "error" in r]
    assert not errors, f"{row}: {errors[0]}"
    first, *rebuilds = results
    assert first[reuse] == [], "the first build of a session reuses nothing"
    out = []
    for step, result in zip(steps, rebuilds, strict=True):
        assert result.get("differ", []) == [], f"{row}: a rebuild differs from a cold build"
        if "cold_log" in result:  # the same findings, each once (the gate judged alike)
            assert sorted(result["log"]) == sorted(result["cold_log"]), row
        if "logged" in step:
            assert any(step["logged"] in line for line in result["log"]), result["log"]
        out.append((step, set(result[reuse])))
    return out


LINKING = INDEX + "\nSee [the new page](new.md).\n"
#: A claim written as a reference link: the renderer resolves it, not the source check.
REFERENCE = "# Other\n\nIt took [200 s][t].\n\n[t]: evidence:R1#save_time\n"

# (row, steps): "convert" must be converted from Markdown again, "kept" may reuse
# the last conversion; "logged" must be reported by that rebuild.
CONVERSION_ROWS: list[tuple[str, list[dict[str, Any]]]] = [
    (
        "prose edit on one page",
        [
            {
                "write": {"docs/other.md": OTHER + "\nMore.\n"},
                "convert": {OTHER_PAGE},
                "kept": {HOME},
            }
        ],
    ),
    (
        "a page a link points to appears (the link resolves now)",
        [
            {"write": {"docs/index.md": LINKING}, "convert": {HOME}, "kept": {OTHER_PAGE}},
            {"write": {"docs/new.md": "# New\n"}, "convert": {HOME, OTHER_PAGE}},
        ],
    ),
    (
        "a cited record's value changes: its claims render otherwise",
        [
            {
                "write": {"evidence/R1.yaml": record(value="170")},
                "convert": {HOME, R1, E1},  # E1's total is derived from R1
                "kept": {OTHER_PAGE, R2},
            }
        ],
    ),
    (
        "a record no page cites changes: claims render as before",
        [
            {
                "write": {"evidence/R2.yaml": record("R2", "95", "Load")},
                "convert": {R2, LIBRARY},  # generated pages: converted when what they show changes
                "kept": {HOME, OTHER_PAGE, R1, E1},
            }
        ],
    ),
    (
        "a record file saved unchanged (the same library object)",
        [{"write": {"evidence/R1.yaml": record()}, "kept": {HOME, OTHER_PAGE}}],
    ),
    (
        "a Markdown extension option changes",
        [
            {
                "write": {
                    "mkdocs.yml": config(
                        extra="markdown_extensions:\n  - toc:\n      permalink: true\n"
                    )
                },
                "convert": {HOME, OTHER_PAGE},
            }
        ],
    ),
    (
        "a file a page includes changes (pymdownx.snippets reads other files)",
        [
            {
                "write": {
                    "mkdocs.yml": config(
                        extra="markdown_extensions:\n  - pymdownx.snippets:\n"
                        "      base_path: [docs/snippets]\n"
                    ),
                    "docs/snippets/a.txt": "Saving took [](evidence:R1#save_time).\n",
                    "docs/other.md": OTHER + '\n--8<-- "a.txt"\n',
                }
            },
            {
                "write": {"docs/snippets/a.txt": "Loading took [](evidence:R2#save_time).\n"},
                "convert": {OTHER_PAGE, HOME},
            },
        ],
    ),
    (
        "a claim only the renderer refuses is refused again when its page is reused",
        [
            {"write": {"docs/other.md": REFERENCE}, "convert": {OTHER_PAGE}, "logged": "FX403"},
            {
                "write": {"docs/index.md": INDEX + "\nMore.\n"},
                "kept": {OTHER_PAGE},
                "logged": "FX403",
            },
            # Its claim is not keyed by its render: another library converts it again.
            {
                "write": {"evidence/R2.yaml": record("R2", "95", "Load")},
                "convert": {OTHER_PAGE},
                "kept": {HOME},
                "logged": "FX403",
            },
        ],
    ),
]


@pytest.mark.slow
@pytest.mark.parametrize(("row", "steps"), CONVERSION_ROWS, ids=[r[0] for r in CONVERSION_ROWS])
def test_serve_converts_again_only_what_can_convert_differently(
    served: dict[str, list[Any]], row: str, steps: list[dict[str, Any]]
) -> None:
    for step, kept in _rebuilds(served[row], row, steps, "converted"):
        assert not kept & step.get("convert", set()), f"{row}: kept a conversion that can differ"
        assert step.get("kept", set()) <= kept, f"{row}: converted again what cannot differ"


def _commit(project: Path) -> None:
    ident = ["-c", "user.name=Test", "-c", "user.email=test@example.com"]
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    subprocess.run(["git", "-C", str(project), *ident, "add", "evidence", "docs"], check=True)
    subprocess.run(["git", "-C", str(project), *ident, "commit", "-qm", "one"], check=True)


#: Sessions of the tests below (row, steps), run with the tables' in one process.
SINGLES: list[tuple[str, list[dict[str, Any]]]] = [
    (
        "commit",
        [
            {"write": {"evidence/R1.yaml": record(value="170")}},  # not committed: no history yet
            {"git": [["commit", "-qam", "two"]]},  # the same files, one more commit
            {"write": {"docs/other.md": OTHER + "\nMore.\n"}},  # HEAD unchanged
        ],
    ),
    ("build", [{"fresh": False}, {"fresh": False}]),
    (
        "poison",
        [
            {
                "write": {"docs/other.md": OTHER + "\nMore.\n"},
                "poison": [R1, '<h2 id="fx-data">', "<p>It took 300 s.</p><h2>"],
            }
        ],
    ),
]
COMMANDS = {"build": "build"}
PREPARE = {"commit": _commit}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Any]]:
    """Every session of this file (the tables' rows and SINGLES), in one servekit process."""
    rows = ROWS + CONVERSION_ROWS + SINGLES
    assert len({row for row, _ in rows}) == len(rows), "two sessions of one name"
    return sessions(tmp_path_factory.mktemp("sessions"), rows)


def _session(served: dict[str, list[Any]], row: str) -> list[Any]:
    errors = [r["error"] for r in served[row] if "error" in r]
    assert not errors, f"{row}: {errors[0]}"
    return served[row]


@pytest.mark.slow
def test_a_commit_reaches_the_history_of_a_reused_build(served: dict[str, list[Any]]) -> None:
    """Record pages show committed history: a commit alone renders the record's page again."""
    _, edited, committed, later = _session(served, "commit")
    assert R1 not in edited["reused"] and R2 in edited["reused"]
    assert R1 not in committed["reused"], "the history section changed"
    assert R2 in committed["reused"]
    assert R1 in later["reused"]
    assert edited["differ"] == committed["differ"] == later["differ"] == []


@pytest.mark.slow
def test_mkdocs_build_never_reuses(served: dict[str, list[Any]]) -> None:
    results = _session(served, "build")
    assert [r["reused"] for r in results] == [[], [], []]


@pytest.mark.slow
def test_the_gate_reads_the_published_bytes_of_a_reused_page(served: dict[str, list[Any]]) -> None:
    """A kept output that were wrong would be refused by the gate, not published unread."""
    _, result = _session(served, "poison")
    assert R1 in result["reused"]
    # The poisoned page, and every page that shows the finding of a page not its own.
    assert "evidence/R1/index.html" in result["differ"]
    assert all(rel.endswith(".html") for rel in result["differ"]), result["differ"]
    assert any("evidence/R1/" in line and "300" in line for line in result["log"]), result["log"]


# --- exports kept between builds -------------------------------------------------

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "pages" / "clean"


def _index(citations: list[Citation]) -> SiteIndex:
    index = SiteIndex()
    index.urls = {"index.md": "", "evidence/R1.md": "evidence/R1/"}
    index.citations = citations
    return index


def test_export_files_are_what_the_export_functions_write() -> None:
    library = load_library(FIXTURE / "evidence", FIXTURE)
    index = _index([Citation("R1#bandwidth", "index.md", "h", "Heading")])
    exports = ExportFiles()
    for name in exports.names(library, "evidence"):
        got = exports.content(name, library, index, None, "evidence")
        if name == "evidence.json":
            assert got == dumps(evidence_data(library, index, None))
        elif name == "evidence.csv":
            assert got == evidence_csv(library)
        elif name.startswith("evidence/"):
            assert got == dumps(record_data(library, name[9:-5]))


def _reloaded(tmp_path: Path) -> tuple[Any, Any]:
    """The fixture library, then again with R2's title changed and R1 untouched."""
    from fxsite.project import Project
    from fxsite.project_paths import ProjectPaths

    site = tmp_path / "site"
    (site / "docs").mkdir(parents=True)
    (site / "evidence").mkdir()
    for path in (FIXTURE / "evidence").iterdir():
        (site / "evidence" / path.name).write_bytes(path.read_bytes())
    project = Project(
        ProjectPaths(root=site, docs_dir=site / "docs", evidence_dir=site / "evidence")
    )
    before = project.load()
    r2 = site / "evidence" / "R2.yaml"
    r2.write_text(r2.read_text(encoding="utf-8").replace("title: ", "title: Again, "), "utf-8")
    return before, project.load()


def test_exports_serialised_again_only_for_what_changed(tmp_path: Path) -> None:
    before, after = _reloaded(tmp_path)
    assert after is not before
    index = _index([])
    exports = ExportFiles()
    first = {
        n: exports.content(n, before, index, None, "evidence")
        for n in exports.names(before, "evidence")
    }
    second = {
        n: exports.content(n, after, index, None, "evidence")
        for n in exports.names(after, "evidence")
    }
    assert second["evidence/R1.json"] is first["evidence/R1.json"]  # same record objects: kept
    assert second["evidence/R2.json"] != first["evidence/R2.json"]  # edited: serialised again
    assert second["evidence.json"] != first["evidence.json"]  # another library
    assert second["evidence.csv"] is not first["evidence.csv"]
    assert second["evidence/R2.json"] == dumps(record_data(after, "R2"))


@pytest.mark.parametrize(
    ("change", "kept"),
    [
        ("nothing", True),
        ("a citation", False),
        ("a page title", False),
        ("a page URL", False),
        ("history", False),
    ],
)
def test_evidence_json_serialised_again_when_the_site_changes(change: str, kept: bool) -> None:
    library = load_library(FIXTURE / "evidence", FIXTURE)
    info = PageInfo("index.md", "", "Home", result=None)  # type: ignore[arg-type]
    index = _index([Citation("R1#bandwidth", "index.md", "h", "Heading")])
    index.pages = {"index.md": info}
    exports = ExportFiles()
    first = exports.content("evidence.json", library, index, None, "evidence")
    history: dict[str, Any] | None = None
    if change == "a citation":
        index.citations = [*index.citations, Citation("R1#bandwidth", "index.md", "g", "Other")]
    elif change == "a page title":
        index.pages = {"index.md": PageInfo("index.md", "", "Start", result=None)}  # type: ignore[arg-type]
    elif change == "a page URL":
        index.urls = {**index.urls, "index.md": "home/"}
    elif change == "history":
        history = {"changes": [], "note": "Shallow"}
    second = exports.content("evidence.json", library, index, history, "evidence")
    assert (second is first) == kept
    assert second == dumps(evidence_data(library, index, history))


# --- evidence.sqlite -----------------------------------------------------------


def _evidence(tmp_path: Path) -> tuple[Path, str]:
    library = load_library(FIXTURE / "evidence", FIXTURE)
    site = tmp_path / "site"
    site.mkdir()
    text = dumps(evidence_data(library, _index([Citation("R1#bandwidth", "index.md", "h", "H")])))
    (site / "evidence.json").write_text(text, encoding="utf-8")
    return site, text


def test_evidence_sqlite_keeps_its_schema_and_rows(tmp_path: Path) -> None:
    site, text = _evidence(tmp_path)
    data = json.loads(text)
    write_evidence_sqlite(data, site / "evidence.sqlite")
    conn = sqlite3.connect(site / "evidence.sqlite")
    try:
        keys = {
            t: [(r[1], r[5], r[3]) for r in conn.execute(f"PRAGMA table_info({t})")]
            for t in ("records", "figures")
        }
        foreign = sorted(tuple(r[2:5]) for r in conn.execute("PRAGMA foreign_key_list(citations)"))
        indexes = sorted(
            r[0]
            for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
            )
        )
        rows = {
            t: [dict(zip([d[0] for d in c.description], r, strict=True)) for r in c]
            for t in sqlite_rows(data)  # every table the build writes (invariants too)
            for c in [conn.execute(f"SELECT * FROM {t}")]
        }
    finally:
        conn.close()
    assert ("id", 1, 0) in keys["records"] and ("title", 0, 1) in keys["records"]
    assert ("ref", 1, 0) in keys["figures"]
    assert foreign == [("figures", "ref", "ref"), ("records", "record", "id")]
    assert indexes == ["idx_citations_ref", "idx_figures_record"]
    assert rows == sqlite_rows(data)


@pytest.mark.parametrize(("edit", "reused"), [("", True), (" ", False)])
def test_evidence_sqlite_reused_for_an_unchanged_evidence_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, edit: str, reused: bool
) -> None:
    site, text = _evidence(tmp_path)
    memo = SqliteMemo()
    prepare_site(site, [], tmp_path, memo)
    first = (site / "evidence.sqlite").read_bytes()
    (site / "evidence.sqlite").unlink()  # serve cleans the site folder between builds
    (site / "evidence.json").write_text(text + edit, encoding="utf-8")
    writes: list[Path] = []
    import fxsite.anchor.build as build_module

    def counting(data: dict[str, Any], target: Path) -> None:
        writes.append(target)
        write_evidence_sqlite(data, target)

    monkeypatch.setattr(build_module, "write_evidence_sqlite", counting)
    prepare_site(site, [], tmp_path, memo)
    assert (writes == []) == reused
    assert (site / "evidence.sqlite").read_bytes() == first


# --- the library object across rebuilds ----------------------------------------


@pytest.mark.parametrize(
    ("edit", "kept"),
    [
        ("touched", True),
        ("a trailing newline", True),
        ("a comment at the top", False),  # every position moves: findings would point elsewhere
        ("a value", False),
        ("a title", False),
    ],
)
def test_library_object_kept_when_a_record_file_is_saved_unchanged(
    tmp_path: Path, edit: str, kept: bool
) -> None:
    from fxsite.project import Project
    from fxsite.project_paths import ProjectPaths

    site = tmp_path / "site"
    (site / "docs").mkdir(parents=True)
    (site / "evidence").mkdir()
    path = site / "evidence" / "R1.yaml"
    path.write_text(record(), encoding="utf-8")
    (site / "evidence" / "R2.yaml").write_text(record("R2", "94"), encoding="utf-8")
    project = Project(
        ProjectPaths(root=site, docs_dir=site / "docs", evidence_dir=site / "evidence")
    )
    before = project.load()
    text = {
        "touched": record(),
        "a trailing newline": record() + "\n",
        "a comment at the top": "# again\n" + record(),
        "a value": record(value="170"),
        "a title": record(title="Save test, again"),
    }[edit]
    stamp = path.stat().st_mtime_ns
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(stamp + 10**9, stamp + 10**9))  # read again, whatever the clock's grain
    after = project.load()
    assert (after is before) == kept
    assert after.records["R1"] == before.records["R1"] or not kept


DOCUMENTED = RECORD.replace(
    "source: {{issuer: Test lab}}",
    "source: {{issuer: Test lab, document: reports/r1.pdf, sha256: {sha}}}",
)


def _documented(site: Path) -> Path:
    import hashlib

    (site / "docs").mkdir(parents=True)
    (site / "evidence" / "reports").mkdir(parents=True)
    (site / "evidence" / "reports" / "r1.pdf").write_bytes(b"report one")
    sha = hashlib.sha256(b"report one").hexdigest()
    text = DOCUMENTED.format(id="R1", title="Save test", value="178", sha=sha)
    (site / "evidence" / "R1.yaml").write_text(text, encoding="utf-8")
    (site / "evidence" / "R2.yaml").write_text(record("R2", "94"), encoding="utf-8")
    return site


def _bump(path: Path) -> None:
    stamp = path.stat().st_mtime_ns + 10**9
    os.utime(path, ns=(stamp, stamp))


def _edit_library_inputs(site: Path, edit: str) -> None:
    evidence = site / "evidence"
    if edit == "a record touched":
        _bump(evidence / "R2.yaml")
    elif edit == "a record added":
        (evidence / "R3.yaml").write_text(record("R3", "12"), encoding="utf-8")
    elif edit == "a record removed":
        (evidence / "R2.yaml").unlink()
    elif edit == "a document's bytes changed":
        (evidence / "reports" / "r1.pdf").write_bytes(b"report two")
        _bump(evidence / "reports" / "r1.pdf")
    elif edit == "a document replaced by a link out of evidence/ to the same file":
        # A hard link outside, then a symbolic link to it: the file it reaches, its
        # inode, size and mtime, are the document's own; only the link itself is new.
        document = evidence / "reports" / "r1.pdf"
        os.link(document, site / "outside.pdf")
        document.unlink()
        document.symlink_to(site / "outside.pdf")


@pytest.mark.parametrize(
    ("edit", "built", "finding"),
    [
        ("nothing", False, None),
        ("a record touched", True, None),
        ("a record added", True, None),
        ("a record removed", True, None),
        ("a document's bytes changed", True, "FX310"),
        ("a document replaced by a link out of evidence/ to the same file", True, "FX310"),
    ],
)
def test_library_built_again_only_when_a_record_or_document_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, edit: str, built: bool, finding: str | None
) -> None:
    import fxsite.project as project_module
    from fxsite.project import Project
    from fxsite.project_paths import ProjectPaths

    site = _documented(tmp_path / "site")
    project = Project(
        ProjectPaths(root=site, docs_dir=site / "docs", evidence_dir=site / "evidence")
    )
    project.load()
    before = project.load()  # the second load knows the documents the records name
    assert not [f for f in before.findings if f.code == "FX310"]
    calls: list[Path] = []

    def counting(evidence_dir: Path, root: Path, read: Any = None) -> Any:
        calls.append(evidence_dir)
        return load_library(evidence_dir, root, read)

    monkeypatch.setattr(project_module, "load_library", counting)
    _edit_library_inputs(site, edit)
    after = project.load()
    assert bool(calls) == built
    codes = {f.code for f in after.findings}
    assert (finding in codes) if finding else "FX310" not in codes
    if not built:
        assert after is before


@pytest.mark.parametrize(
    ("value", "written"),
    [
        (Decimal("6.40"), "6.40"),  # a Decimal: the number it spells
        ("6.40", '"6.40"'),  # a string stays a string
        ("fxsite-decimal-" + "0" * 32 + ":6.40", '"fxsite-decimal-' + "0" * 32 + ':6.40"'),
        ('"fxsite-decimal-', '"\\"fxsite-decimal-"'),
    ],
)
def test_dumps_unquotes_decimals_only(value: object, written: str) -> None:
    """The marker is per process, not per call: a string that imitates one stays a string."""
    assert dumps({"v": value}) == f'{{\n  "v": {written}\n}}\n'


@pytest.mark.parametrize(
    ("extensions", "pure"),
    [
        (["toc", "tables", "pymdownx.superfences"], True),
        (["markdown.extensions.toc", "material.extensions.emoji"], True),
        ([FxsiteExtension()], True),  # what it takes from the library is in the key
        (["toc", "pymdownx.snippets"], False),  # reads the files it includes
        (["pymdownx.b64"], False),  # reads the images it inlines
        (["markdown_include.include"], False),  # unknown: may read anything
        ([object()], False),  # an extension instance fxsite does not know
    ],
)
def test_conversions_are_kept_only_under_extensions_that_read_no_other_file(
    extensions: list[Any], pure: bool
) -> None:
    assert pure_extensions(extensions) is pure
