"""Every file the audit, check or build opens is read safely: one row per attack.

Each row prepares a built site or a project and runs the command in a
forked child (``sitekit.fxsite_forked``; ``mkdocs`` in a subprocess) with a
time limit and an address-space cap, so that a regression
(a FIFO opened for a blocking read, ``/dev/zero`` read to the end, a recursive
SQLite view) fails the row instead of hanging the suite. Each attack has a
near miss beside it that must pass.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import sqlite3
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from anchorkit import TEST_KEY
from sitekit import BIN, CLEAN, ENV, copy_site, fxsite_forked

from fxsite.anchor.manifest import MAX_MANIFEST_DEPTH, parse_manifest
from fxsite.anchor.signing import load_private_key

# Forked runs start from a process that has audited once (conftest: forks_warmed).
pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("forks_warmed")]

MEMORY = 1536 << 20
#: Far longer than any row takes (a few seconds); a hang ends here as a failure.
TIMEOUT = 90


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run(
    tool: str, *args: str, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    try:
        if tool == "fxsite":
            return fxsite_forked(*args, cwd=cwd, env=env, memory=MEMORY, timeout=TIMEOUT)
        return subprocess.run(
            [str(BIN / tool), *args],
            cwd=cwd,
            env={**ENV, **(env or {})},
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
            preexec_fn=_limited,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{tool} {' '.join(args)} hung for {TIMEOUT} s")


def _fifo(path: Path) -> None:
    path.unlink(missing_ok=True)
    os.mkfifo(path)


def _link(path: Path, target: str) -> None:
    path.unlink(missing_ok=True)
    path.symlink_to(target)


def _signed(site: Path) -> None:
    """A signature file (any bytes): the audit then reads the published key."""
    (site / "fxsite-manifest.json.sig").write_bytes(b"\0" * 64)


def _deep_manifest(site: Path, depth: int) -> None:
    (site / "fxsite-manifest.json").write_text("[" * depth + "]" * depth)


def _sqlite(site: Path, sql: str) -> None:
    conn = sqlite3.connect(site / "evidence.sqlite")
    try:
        conn.executescript(sql)
    finally:
        conn.close()


#: A view that computes for ever before its first row.
_ENDLESS_VIEW = """
DROP TABLE citations;
CREATE VIEW citations AS
  WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n)
  SELECT x AS ref FROM n WHERE x < 0;
"""
#: A view that yields rows for ever.
_ENDLESS_ROWS = """
DROP TABLE citations;
CREATE VIEW citations AS
  WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n)
  SELECT x AS ref FROM n;
"""


@dataclass(frozen=True)
class SiteCase:
    name: str
    prepare: Callable[[Path], None]
    #: what the output must say (all of it); empty: no anchoring or SQLite finding at all
    says: tuple[str, ...]


SITE_CASES = [
    SiteCase("untouched site", lambda s: None, ()),
    SiteCase(
        "manifest is a FIFO",
        lambda s: _fifo(s / "fxsite-manifest.json"),
        ("FX801", "fxsite-manifest.json", "FX614", "FIFO"),
    ),
    SiteCase(
        "signature is a FIFO",
        lambda s: _fifo(s / "fxsite-manifest.json.sig"),
        ("fxsite-manifest.json.sig:1:1: FX804", "FIFO"),
    ),
    SiteCase(
        "signature is 64 bytes (near miss: read, so the key is asked for)",
        _signed,
        ("fxsite-key.pub:1:1: FX805", "signed, but no fxsite-key.pub"),
    ),
    SiteCase(
        "published key links to /dev/zero",
        lambda s: (_signed(s), _link(s / "fxsite-key.pub", "/dev/zero")),
        ("fxsite-key.pub:1:1: FX805", "fxsite-key.pub:1:1: FX614"),
    ),
    SiteCase(
        "manifest nested 200,000 deep",
        lambda s: _deep_manifest(s, 200_000),
        ("FX802", f"nested more than {MAX_MANIFEST_DEPTH} levels deep"),
    ),
    SiteCase(
        "manifest nested 8 deep (near miss: parsed, then refused for its shape)",
        lambda s: _deep_manifest(s, MAX_MANIFEST_DEPTH),
        ("FX802", "not a JSON object"),
    ),
    SiteCase(
        "evidence.sqlite: a recursive view that never yields a row",
        lambda s: _sqlite(s, _ENDLESS_VIEW),
        ("evidence.sqlite:1:1: FX816", "view citations is not the one the build writes"),
    ),
    SiteCase(
        "evidence.sqlite: a recursive view that yields rows for ever",
        lambda s: _sqlite(s, _ENDLESS_ROWS),
        ("FX816", "view citations is not the one the build writes"),
    ),
    SiteCase(
        "evidence.sqlite links to /dev/zero",
        lambda s: _link(s / "evidence.sqlite", "/dev/zero"),
        ("evidence.sqlite:1:1: FX816", "cannot be read safely"),
    ),
    SiteCase(
        "a listed page links out of the site",
        lambda s: _link(s / "404.html", "/etc/hostname"),
        ("404.html:1:1: FX806", "leaves its folder"),
    ),
]


@pytest.fixture
def site(demo_site: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(demo_site, tmp_path / "site", symlinks=True))


@pytest.mark.parametrize("case", SITE_CASES, ids=lambda c: c.name)
def test_hostile_site_file(case: SiteCase, site: Path) -> None:
    case.prepare(site)
    proc = run("fxsite", "audit", str(site), cwd=site.parent)
    output = proc.stdout + proc.stderr
    assert "Traceback" not in output, output[-3000:]
    if not case.says:
        assert proc.returncode == 0, output[-3000:]
        return
    assert proc.returncode == 1, output[-3000:]
    for text in case.says:
        assert text in output, output[-3000:]


def _fifo_key(project: Path) -> dict[str, str]:
    os.mkfifo(project / "key.pem")
    return {}


def _fifo_key_by_env(project: Path) -> dict[str, str]:
    os.mkfifo(project / "env-key.pem")
    return {"FXSITE_SIGNING_KEY": str(project / "env-key.pem")}


@dataclass(frozen=True)
class KeyCase:
    name: str
    args: tuple[str, ...]
    prepare: Callable[[Path], dict[str, str]]
    says: tuple[str, ...]


KEY_CASES = [
    KeyCase("--sign /dev/zero", ("--sign", "/dev/zero"), lambda p: {}, ("FX809", "a device")),
    KeyCase("--sign a FIFO", ("--sign", "key.pem"), _fifo_key, ("FX809", "FIFO")),
    KeyCase("FXSITE_SIGNING_KEY names a FIFO", (), _fifo_key_by_env, ("FX809", "FIFO")),
]


@pytest.mark.parametrize("case", KEY_CASES, ids=lambda c: c.name)
def test_hostile_signing_key(case: KeyCase, tmp_path: Path) -> None:
    """Refused before anything is built: exit 2, nothing published."""
    project = copy_site(CLEAN, tmp_path)
    env = case.prepare(project)
    proc = run("fxsite", "build", *case.args, str(project), cwd=project, env=env)
    output = proc.stdout + proc.stderr
    assert "Traceback" not in output, output[-3000:]
    assert proc.returncode == 2, output[-3000:]
    for text in case.says:
        assert text in output, output[-3000:]
    assert not (project / "site").exists()


def test_signing_key_near_miss_loads() -> None:
    key, problems = load_private_key(TEST_KEY)
    assert key is not None and problems == []


def test_audit_key_from_dev_zero_is_a_usage_error(demo_site: Path, tmp_path: Path) -> None:
    proc = run("fxsite", "audit", str(demo_site), "--key", "/dev/zero", cwd=tmp_path)
    output = proc.stdout + proc.stderr
    assert "Traceback" not in output, output[-3000:]
    assert proc.returncode == 2
    assert "--key /dev/zero: is a device, not a file" in output


@pytest.mark.parametrize(
    ("tool", "fifo", "says"),
    [
        ("fxsite", "docs/x.md", "docs/x.md:1:1: FX105"),
        ("fxsite", "docs/style.css", "docs/style.css:1:1: FX105"),
        ("mkdocs", "docs/x.md", "docs/x.md:1:1: FX105"),
        ("fxsite", "docs/.x.md", ""),  # near miss: MkDocs leaves dot files out
    ],
)
def test_fifo_in_docs(tool: str, fifo: str, says: str, tmp_path: Path) -> None:
    """A FIFO page or asset is a finding where it is, not a hang in check or build."""
    project = copy_site(CLEAN, tmp_path)
    os.mkfifo(project / fifo)
    args = ("check", str(project)) if tool == "fxsite" else ("build",)
    proc = run(tool, *args, cwd=project)
    output = proc.stdout + proc.stderr
    assert "Traceback" not in output, output[-3000:]
    if not says:
        assert proc.returncode == 0, output[-3000:]
        return
    assert proc.returncode == 1, output[-3000:]
    assert says in output and "FIFO" in output, output[-3000:]


@pytest.mark.parametrize(
    ("raw", "says"),
    [
        (b"[" * 200_000 + b"]" * 200_000, "nested more than"),
        (b'{"files":{},"manifest_version":1,"x":' + b"9" * 5000 + b"}", "digits"),
        (b'{"files":{},"manifest_version":1}', ""),  # near miss
    ],
)
def test_manifest_json_is_parsed_with_caps(raw: bytes, says: str) -> None:
    """In-process: a RecursionError or an int-digit ValueError is a finding, not a crash."""
    data, findings = parse_manifest(raw)
    if not says:
        assert data is not None and findings == []
        return
    assert data is None
    assert [f.code for f in findings] == ["FX802"]
    assert says in findings[0].message


def test_manifest_is_still_canonical_json(demo_site: Path) -> None:
    raw = (demo_site / "fxsite-manifest.json").read_bytes()
    data, findings = parse_manifest(raw)
    assert data is not None and findings == []
    assert json.loads(raw) == data


def _sparse_page(project: Path) -> None:
    with (project / "docs/big.md").open("wb") as page:
        page.truncate(8 << 30)


@pytest.mark.parametrize(
    ("args", "prepare", "exit", "says"),
    [
        (("check", "."), _sparse_page, 1, "docs/big.md:1:1: FX107"),
        (("import", "/dev/zero", "--id", "R9", "--label", "measured"), None, 2, "is a device"),
        (("import", "x.csv", "--id", "R9", "--label", "measured"), "fifo", 2, "is a FIFO"),
    ],
)
def test_files_named_on_the_command_line(
    args: tuple[str, ...], prepare: object, exit: int, says: str, tmp_path: Path
) -> None:
    """An 8 GiB page, /dev/zero or a FIFO as a CSV: refused, never read."""
    project = copy_site(CLEAN, tmp_path)
    if prepare == "fifo":
        os.mkfifo(project / "x.csv")
    elif callable(prepare):
        prepare(project)
    proc = run("fxsite", *args, cwd=project)
    output = proc.stdout + proc.stderr
    assert "Traceback" not in output, output[-3000:]
    assert proc.returncode == exit, output[-3000:]
    assert says in output, output[-3000:]


@pytest.mark.parametrize(
    ("link", "target", "refused"),
    [
        ("etc", "/etc", True),  # a folder link on the way out of the site
        ("up", "..", True),
        ("inside", "sub", False),  # near miss: a folder link that stays inside
    ],
)
def test_folder_links_on_the_way_are_followed_only_inside(
    link: str, target: str, refused: bool, tmp_path: Path
) -> None:
    from fxsite.safeio import UnreadableFile, read_bytes

    site = tmp_path / "site"
    (site / "sub").mkdir(parents=True)
    (site / "sub/hostname").write_text("inside\n")
    (tmp_path / "hostname").write_text("outside\n")
    (site / link).symlink_to(target)
    path = site / link / "hostname"
    if refused:
        with pytest.raises(UnreadableFile, match="leaves its folder"):
            read_bytes(path, 1024, root=site)
    else:
        assert read_bytes(path, 1024, root=site) == b"inside\n"


@pytest.mark.parametrize(
    ("sql", "error"),
    [
        ("SELECT count(*) FROM records", ""),  # near miss: answered
        (
            "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT max(x) FROM n",
            "interrupted",
        ),
        (
            "INSERT INTO records (id, title, label, status) VALUES ('X', 't', 'spec', 'active')",
            "readonly",
        ),
        ("SELECT load_extension('/tmp/x.so')", "not authorized|no such function"),
    ],
)
def test_open_sqlite_is_query_only_with_a_deadline(demo_site: Path, sql: str, error: str) -> None:
    """The in-memory copy answers queries, refuses writes and extensions, stops at its deadline."""
    import re
    import time

    from fxsite.safeio import open_sqlite

    conn = open_sqlite(demo_site / "evidence.sqlite", 1 << 26, 0.5, root=demo_site)
    start = time.monotonic()
    try:
        if not error:
            assert conn.execute(sql).fetchone()[0] > 0
            return
        with pytest.raises(sqlite3.Error) as caught:
            conn.execute(sql).fetchall()
        assert re.search(error, str(caught.value)), caught.value
    finally:
        conn.close()
    assert time.monotonic() - start < 5
