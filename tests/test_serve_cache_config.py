"""Under `mkdocs serve`, what a rebuild reuses when the site's configuration, its theme or
what a page says of itself changes (tests/test_serve_cache.py has the edits of pages
and records, and how the rows are run and held).

Each row is a serve session (tests/servekit.py), held as that file holds its rows:
the pages that must be rendered again are not reused, the near misses are, and the
whole published site is byte for byte what a cold build of the same files publishes.
This file's sessions run one after another in one process of their own, beside that
file's on another worker.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
from servekit import record
from test_serve_cache import (
    E1,
    EVERY,
    FORGED,
    HOME,
    HOOK,
    INDEX,
    MAIN_V1,
    MAIN_V2,
    OTHER,
    OTHER_PAGE,
    R1,
    R2,
    _rebuilds,
    config,
    sessions,
)

# (row, steps): each step has its edits, the pages it must render ("render")
# and the near misses it may reuse ("reuse"); "none" means nothing reused.
ROWS: list[tuple[str, list[dict[str, Any]]]] = [
    (
        "the site's language changes",
        [{"write": {"mkdocs.yml": config(theme="  language: de\n")}, "none": True}],
    ),
    (
        "mkdocs.yml saved with only a comment added",
        [{"write": {"mkdocs.yml": "# reviewed\n" + config()}, "reuse": EVERY}],
    ),
    (
        "a plugin option changes what record pages show",
        [
            {
                "write": {"mkdocs.yml": config(fxsite=":\n      setup_labels: {system: Array}")},
                "render": {R1, R2, E1},
            }
        ],
    ),
    (
        "record pages searchable: rendered on the switch, reused and indexed after",
        [
            {
                "write": {"mkdocs.yml": config(fxsite=":\n      search_records: true")},
                "render": {R1, R2, E1},
            },
            {
                "write": {"docs/other.md": OTHER + "\nMore.\n"},
                "render": {OTHER_PAGE},
                "reuse": {R1, R2, E1, HOME},
            },
        ],
    ),
    (
        "another plugin (a hook) is enabled: nothing is reused",
        [
            {
                "write": {"hook.py": HOOK, "mkdocs.yml": config(extra="hooks:\n  - hook.py\n")},
                "none": True,
            },
            {"write": {"docs/other.md": OTHER + "\nMore.\n"}, "none": True},
        ],
    ),
    (
        "a theme override template changes",
        [
            {
                "write": {
                    "overrides/main.html": MAIN_V1,
                    "mkdocs.yml": config(theme="  custom_dir: overrides\n"),
                },
                "none": True,
            },
            {"write": {"overrides/main.html": MAIN_V2}, "render": {R1, R2, HOME}},
            {"write": {"docs/other.md": OTHER + "\nMore.\n"}, "reuse": {R1, R2, HOME}},
        ],
    ),
    (
        "a template in a linked folder of the theme override changes",
        [
            {
                "write": {
                    "shared/footer.html": "<footer>Footer one</footer>\n",
                    "overrides/main.html": MAIN_V1,
                    "mkdocs.yml": config(theme="  custom_dir: overrides\n"),
                },
                "link": {"overrides/partials": "../shared"},
                "none": True,
            },
            {
                "write": {"shared/footer.html": "<footer>Footer two</footer>\n"},
                "render": {R1, HOME},
            },
        ],
    ),
    (
        "a theme override shows the build's time: nothing is reused",
        [
            {
                "write": {
                    "overrides/main.html": MAIN_V1.replace("one", "{{ build_date_utc }}"),
                    "mkdocs.yml": config(theme="  custom_dir: overrides\n"),
                },
                "fresh": False,  # a cold build a second later shows another time
                "none": True,
            },
            {"write": {"docs/other.md": OTHER + "\nMore.\n"}, "fresh": False, "none": True},
        ],
    ),
    (
        "a link to a missing page, then another page edited: MkDocs warns again",
        [
            {"write": {"docs/other.md": OTHER + "\nSee [nope](nope.md).\n"}, "logged": "nope.md"},
            {
                "write": {"docs/index.md": INDEX + "\nMore.\n"},
                "reuse": {OTHER_PAGE},
                "logged": "nope.md",
            },
        ],
    ),
    (
        "a reused page links to an anchor that disappears, then comes back",
        [
            {
                "write": {
                    "mkdocs.yml": config(extra="validation:\n  anchors: warn\n"),
                    "docs/index.md": INDEX + "\n## Nope\n",
                    "docs/other.md": OTHER + "\nSee [there](index.md#nope).\n",
                }
            },
            {"write": {"docs/index.md": INDEX}, "reuse": {OTHER_PAGE}, "logged": "#nope"},
            {"write": {"docs/index.md": INDEX + "\n## Nope\n"}, "reuse": {OTHER_PAGE}},
        ],
    ),
    (
        "a record's value changes, its file keeping its size and modification time",
        [
            {
                "write": {"evidence/R1.yaml": record(value="179")},
                "keep_mtime": ["evidence/R1.yaml"],
                "render": {R1, E1, HOME},
            }
        ],
    ),
    (
        "a report document rewritten, keeping its size and modification time",
        [
            {
                "write": {
                    "evidence/r1.pdf": "report one\n",
                    "evidence/R1.yaml": record().replace(
                        "source: {issuer: Test lab}",
                        "source: {issuer: Test lab, document: r1.pdf, sha256: "
                        + hashlib.sha256(b"report one\n").hexdigest()
                        + "}",
                    ),
                }
            },
            {
                "write": {"evidence/r1.pdf": "report two\n"},
                "keep_mtime": ["evidence/r1.pdf"],
                "logged": "FX310",
            },
        ],
    ),
    (
        "a theme override edited, keeping its size and modification time",
        [
            {
                "write": {
                    "overrides/main.html": MAIN_V1,
                    "mkdocs.yml": config(theme="  custom_dir: overrides\n"),
                }
            },
            {
                "write": {"overrides/main.html": MAIN_V1.replace("Preview", "Previe2")},
                "keep_mtime": ["overrides/main.html"],
                "render": {HOME, OTHER_PAGE, R1},
            },
        ],
    ),
    (
        # 1 == True in Python: evidence.json lists page titles, and kept the first.
        "a page's title is 1, then true",
        [
            {"write": {"docs/other.md": "---\ntitle: 1\n---\n" + OTHER}},
            {"write": {"docs/other.md": "---\ntitle: true\n---\n" + OTHER}, "render": {OTHER_PAGE}},
        ],
    ),
    (
        "a page's title is a date (evidence.json lists it as the theme shows it)",
        [{"write": {"docs/other.md": "---\ntitle: 2026-01-01\n---\n" + OTHER}}],
    ),
    (
        "MkDocs' own theme shows the build's time on every page: nothing is reused",
        [
            {
                "write": {"mkdocs.yml": config().replace("material", "mkdocs")},
                "fresh": False,
                "none": True,
            },
            {"write": {"docs/other.md": OTHER + "\nMore.\n"}, "fresh": False, "none": True},
        ],
    ),
    (
        # The override's claim is on every page; other.md's bytes do not change when
        # R1 does, so its kept scan must be judged again against the new evidence.
        "a theme override hardcodes a claim, then the record it names changes",
        [
            {
                "write": {
                    "overrides/main.html": MAIN_V1.replace("Preview one", FORGED),
                    "mkdocs.yml": config(theme="  custom_dir: overrides\n"),
                },
                "none": True,
                "logged": "FX612",
            },
            {
                "write": {"evidence/R1.yaml": record(value="170")},
                "reuse": {R2, OTHER_PAGE},
                "logged": "FX403",
            },
        ],
    ),
    (
        "the navigation is reordered",
        [
            {"write": {"mkdocs.yml": config(extra="nav:\n  - index.md\n  - other.md\n")}},
            {
                "write": {"mkdocs.yml": config(extra="nav:\n  - other.md\n  - index.md\n")},
                "render": {HOME, OTHER_PAGE, R1},
            },
        ],
    ),
    (
        "a refused rebuild keeps serving and reuses what did not change",
        [
            {
                "write": {"docs/other.md": OTHER + "\nIt took 300 s.\n"},
                "render": {OTHER_PAGE},
                "reuse": {R1, R2, E1, HOME},
                "logged": "FX501",
            },
            {"write": {"docs/other.md": OTHER}, "render": {OTHER_PAGE}},
        ],
    ),
]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Any]]:
    """Every session of this file, in one servekit process."""
    assert len({row for row, _ in ROWS}) == len(ROWS), "two sessions of one name"
    return sessions(tmp_path_factory.mktemp("sessions"), ROWS)


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
