"""Hostile input never crashes, hangs or exhausts memory: one row per trick.

The CLI runs in a forked child with a time limit and an address-space cap
(``resource.setrlimit``; ``sitekit.fxsite_forked``), expecting an exit status,
a message, and never a traceback. Tricks that add a file of their own to a site (or a record to a
project) are laid out together, one path each, and audited (checked) in one
run; each row is held to the findings at its own path. Tricks on
evidence.json, which one site has only one of, run alone.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

import pytest
from sitekit import CLEAN, copy_site, fxsite_forked

# Forked runs start from a process that has audited once (conftest: forks_warmed).
pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("forks_warmed")]

#: Address space a run may add: far below what reading /dev/zero or an 8 GiB file needs.
MEMORY = 1536 << 20
TIMEOUT = 120


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    return fxsite_forked(*args, cwd=cwd, env=env, memory=MEMORY, timeout=TIMEOUT)


def _json_text(site: Path, change: Callable[[str], str]) -> None:
    path = site / "evidence.json"
    path.write_text(change(path.read_text(encoding="utf-8")), encoding="utf-8")


def _value(site: Path, literal: str) -> None:
    """Give R1's first stated figure a raw JSON number literal in the records."""
    _json_text(site, lambda t: t.replace('"value": 178', f'"value": {literal}', 1))


@dataclass(frozen=True)
class SiteCase:
    name: str
    prepare: Callable[[Path], None]
    exit: int
    says: str
    #: the site path the trick is at, in a site of its own or among the others
    path: str = "evidence.json"


SITE_CASES = [
    SiteCase("directory named like a page", lambda s: (s / "x.html").mkdir(), 0, "", path="x.html"),
    SiteCase(
        "dangling symlink page",
        lambda s: (s / "gone.html").symlink_to(s / "nowhere.html"),
        1,
        "FX614",
        path="gone.html",
    ),
    SiteCase(
        "symlink to /dev/zero",
        lambda s: (s / "zero.html").symlink_to("/dev/zero"),
        1,
        "FX614",
        path="zero.html",
    ),
    SiteCase(
        "symlink out of the site",
        lambda s: (s / "pw.txt").symlink_to("/etc/hostname"),
        1,
        "FX614",
        path="pw.txt",
    ),
    SiteCase("FIFO page", lambda s: os.mkfifo(s / "fifo.html"), 1, "FX614", path="fifo.html"),
    SiteCase(
        "FIFO search index",
        lambda s: (
            os.remove(s / "search/search_index.json"),
            os.mkfifo(s / "search/search_index.json"),
        ),
        1,
        "FX614",
        path="search/search_index.json",
    ),
    SiteCase("symlinked folder loop", lambda s: (s / "loop").symlink_to(s), 0, "", path="loop"),
    SiteCase(
        "symlinked folder out of the site",
        lambda s: (s / "etc").symlink_to("/etc"),
        1,
        "FX614",
        path="etc",
    ),
    SiteCase(
        "sparse 8 GiB binary file",
        lambda s: os.truncate(_touch(s / "huge.dat"), 8 << 30),
        0,
        "",
        path="huge.dat",
    ),
    SiteCase(
        "8 GiB file starting as text",
        lambda s: os.truncate(_write(s / "huge.text", b"words " * 2000), 8 << 30),
        1,
        "FX614",
        path="huge.text",
    ),
    SiteCase(
        "iframe srcdoc nested 40 deep",
        lambda s: (s / "f1.html").write_text(_stamped(_srcdoc("<p>x</p>", 40))),
        1,
        "nests iframe srcdoc or data: URL documents more than 4 deep",
        path="f1.html",
    ),
    SiteCase(
        "20,000 srcdoc iframes, 4 deep",
        lambda s: (s / "f2.html").write_text(
            _stamped(_srcdoc("<p>x</p>" + "<iframe srcdoc='<b>y</b>'></iframe>" * 5000, 3) * 4)
        ),
        0,
        "",
        path="f2.html",
    ),
    SiteCase(
        "srcdoc nesting 100,000 elements",
        lambda s: (s / "f3.html").write_text(_stamped(_srcdoc("<div>" * 100000, 1))),
        1,
        "more than 4096 deep",
        path="f3.html",
    ),
    SiteCase(
        "3,000 nested shadow roots",
        lambda s: (s / "t.html").write_text(
            _stamped("<p>" + "<template shadowrootmode=open>" * 3000)
        ),
        0,
        "",
        path="t.html",
    ),
    SiteCase(
        "symlinked page loop",
        lambda s: (s / "loop.html").symlink_to(s / "loop.html"),
        1,
        "FX614",
        path="loop.html",
    ),
    SiteCase(
        "page not UTF-8",
        lambda s: (s / "bad.html").write_bytes(b"<p>\xff\xfe</p>"),
        1,
        "FX614",
        path="bad.html",
    ),
    SiteCase(
        "page over the size cap",
        lambda s: (s / "big.txt").write_bytes(b" " * (17 << 20)),
        1,
        "FX614",
        path="big.txt",
    ),
    SiteCase(
        "sparse 8 GiB page",
        lambda s: os.truncate(_touch(s / "huge.html"), 8 << 30),
        1,
        "FX614",
        path="huge.html",
    ),
    SiteCase(
        "160 KB of comment openers",
        lambda s: (s / "c.html").write_text(_stamped("<!--" * 40000)),
        0,
        "",
        path="c.html",
    ),
    SiteCase(
        "1,000-level nested list",
        lambda s: (s / "n.html").write_text(_stamped("<ul><li>" * 1000 + "x")),
        0,
        "",
        path="n.html",
    ),
    SiteCase(
        "100,000 nested elements",
        lambda s: (s / "d.html").write_text(_stamped("<div>" * 100000)),
        1,
        "more than 4096 deep",
        path="d.html",
    ),
    SiteCase(
        "deep JSON-LD",
        lambda s: (s / "j.html").write_text(
            _stamped('<script type="application/ld+json">' + "[" * 100000 + "</script>")
        ),
        1,
        "FX612",
        path="j.html",
    ),
    SiteCase(
        "deep static JSON",
        lambda s: (s / "deep.json").write_text("[" * 100000 + "]" * 100000),
        1,
        "FX612",
        path="deep.json",
    ),
    SiteCase("evidence.json NaN", lambda s: _value(s, "NaN"), 2, "not a number JSON allows"),
    SiteCase(
        "evidence.json Infinity", lambda s: _value(s, "Infinity"), 2, "not a number JSON allows"
    ),
    SiteCase("evidence.json string value", lambda s: _value(s, '"abc"'), 1, "FX205"),
    SiteCase("evidence.json huge exponent", lambda s: _value(s, "1e999999999"), 1, "FX205"),
    SiteCase("evidence.json tiny exponent", lambda s: _value(s, "1e-999999999"), 1, "FX203"),
    SiteCase(
        "evidence.json 5,000-digit integer", lambda s: _value(s, "9" * 5000), 2, "cannot be audited"
    ),
    SiteCase(
        "evidence.json 60 significant digits",
        lambda s: _value(s, "1" * 30 + "." + "1" * 30),
        1,
        "FX203",
    ),
    SiteCase("evidence.json 30-digit value", lambda s: _value(s, "1" * 30), 1, "FX611"),
    SiteCase(
        "evidence.json huge decimals",
        lambda s: _json_text(s, lambda t: t.replace('"decimals": 0', '"decimals": 1000000000', 1)),
        1,
        "FX611",
    ),
    SiteCase(
        "evidence.json deeply nested",
        lambda s: (s / "evidence.json").write_text("[" * 200000),
        2,
        "nested more than",
    ),
    SiteCase(
        "evidence.json not JSON",
        lambda s: (s / "evidence.json").write_text("{"),
        2,
        "cannot be audited",
    ),
    SiteCase(
        "evidence.json is a FIFO",
        lambda s: (os.remove(s / "evidence.json"), os.mkfifo(s / "evidence.json")),
        2,
        "FIFO",
    ),
    SiteCase(
        "evidence.json links to /dev/zero",
        lambda s: (os.remove(s / "evidence.json"), (s / "evidence.json").symlink_to("/dev/zero")),
        2,
        "cannot be audited",
    ),
    SiteCase(
        "evidence.json is a directory",
        lambda s: (os.remove(s / "evidence.json"), (s / "evidence.json").mkdir()),
        2,
        "directory",
    ),
]


def _touch(path: Path) -> Path:
    path.write_bytes(b"")
    return path


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def _srcdoc(html: str, levels: int) -> str:
    for _ in range(levels):
        html = f'<iframe srcdoc="{escape(html)}"></iframe>'
    return html


def _stamped(body: str) -> str:
    return f'<html><head><meta name="fxsite-build" content="0"></head><body>{body}</body></html>'


#: The tricks that add a path of their own: laid out together in one site.
TOGETHER = [case for case in SITE_CASES if case.path != "evidence.json"]
ALONE = [case for case in SITE_CASES if case.path == "evidence.json"]


def _at(path: str, findings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The content findings (not FX8xx anchoring ones) at ``path`` or under it."""
    return [
        f
        for f in findings
        if not f["code"].startswith("FX8")
        and (f["path"] == path or f["path"].startswith(path + "/"))
    ]


@dataclass(frozen=True)
class Audit:
    proc: subprocess.CompletedProcess[str]
    findings: list[dict[str, Any]]


def _audit(site: Path) -> Audit:
    proc = run("audit", "--format", "json", str(site), cwd=site.parent)
    output = proc.stdout + proc.stderr
    assert "Traceback" not in output, output
    # --format json prints JSON always, even when the site cannot be audited at all.
    return Audit(proc, json.loads(proc.stdout))


@pytest.fixture(scope="module")
def together(demo_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Audit:
    """The demo site with every trick of ``TOGETHER`` at its own path, audited once."""
    site = Path(shutil.copytree(demo_site, tmp_path_factory.mktemp("together") / "site"))
    for case in TOGETHER:
        case.prepare(site)
    return _audit(site)


def test_tricks_together_are_refused_only_at_their_paths(together: Audit) -> None:
    """The site is refused, and every content finding is at the path of a trick."""
    assert together.proc.returncode == 1, together.proc.stderr[-2000:]
    stray = [f for f in together.findings if not f["code"].startswith("FX8")]
    stray = [f for f in stray if not any(_at(case.path, [f]) for case in TOGETHER)]
    assert stray == []


@pytest.mark.parametrize("case", TOGETHER, ids=lambda c: c.name)
def test_hostile_site_file(case: SiteCase, together: Audit) -> None:
    """``exit`` 0: no content finding at the trick's path; else one saying ``says``."""
    found = _at(case.path, together.findings)
    if case.exit == 0:
        assert found == [], found
    else:
        said = " ".join(f"{f['code']} {f['message']}" for f in found)
        assert case.says in said, found


@pytest.fixture
def site(demo_site: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(demo_site, tmp_path / "site"))


@pytest.mark.parametrize("case", ALONE, ids=lambda c: c.name)
def test_hostile_evidence_json(case: SiteCase, site: Path) -> None:
    """``exit`` is the content audit's verdict: 0 none, else a refusal saying ``says``.

    The site keeps its manifest, so an evidence.json the content audit cannot
    read is also an anchoring finding (FX8xx), exit 1.
    """
    case.prepare(site)
    audit = _audit(site)
    output = audit.proc.stdout + audit.proc.stderr
    content = [f for f in audit.findings if not f["code"].startswith("FX8")]
    if case.exit == 0:
        assert content == [], content
        assert audit.proc.returncode in (0, 1)
    else:
        assert audit.proc.returncode in (1, 2), output[-2000:]
        assert case.says in output, output[-2000:]


@dataclass(frozen=True)
class ProjectCase:
    name: str
    #: lays the trick out in the project, as record ``ID`` (``prepare(project, ID)``)
    prepare: Callable[[Path, str], None]
    says: str


def _record(project: Path, rid: str, text: str) -> None:
    (project / f"evidence/{rid}.yaml").write_text(text, encoding="utf-8")


def _r7(rid: str, value: str) -> str:
    return f"id: {rid}\ntitle: T\nlabel: spec\nstatus: active\nfigures:\n  a: {{value: {value}, unit: s}}\n"


def _with_document(project: Path, rid: str, document: Callable[[Path], None]) -> None:
    text = _r7(rid, "1").replace("figures", f"source:\n  document: {rid}.pdf\nfigures")
    _record(project, rid, text)
    document(project / f"evidence/{rid}.pdf")


PROJECT_CASES = [
    ProjectCase("FIFO record", lambda p, r: os.mkfifo(p / f"evidence/{r}.yaml"), "FIFO"),
    ProjectCase(
        "record links to /dev/zero",
        lambda p, r: (p / f"evidence/{r}.yaml").symlink_to("/dev/zero"),
        ".yaml",
    ),
    ProjectCase(
        "dangling record link",
        lambda p, r: (p / f"evidence/{r}.yaml").symlink_to(p / "gone"),
        "does not exist",
    ),
    ProjectCase(
        "sparse 8 GiB record",
        lambda p, r: os.truncate(_touch(p / f"evidence/{r}.yaml"), 8 << 30),
        "FX107",
    ),
    ProjectCase(
        "document links to /dev/zero",
        lambda p, r: _with_document(p, r, lambda d: d.symlink_to("/dev/zero")),
        "FX310",
    ),
    ProjectCase(
        "document is a FIFO", lambda p, r: _with_document(p, r, lambda d: os.mkfifo(d)), "FX310"
    ),
    ProjectCase(
        "value needing 60 digits",
        lambda p, r: _record(p, r, _r7(r, "1" * 30 + "." + "1" * 30)),
        "FX203",
    ),
    ProjectCase("value NaN", lambda p, r: _record(p, r, _r7(r, ".nan")), ".yaml"),
    ProjectCase("value Infinity", lambda p, r: _record(p, r, _r7(r, ".inf")), ".yaml"),
    ProjectCase("value a string", lambda p, r: _record(p, r, _r7(r, '"abc"')), ".yaml"),
    ProjectCase("reserved record id", lambda p, r: _record(p, r, _r7(r, "1")), "FX311"),
    ProjectCase(
        "formula result too large",
        lambda p, r: _record(
            p, r, _r7(r, "1e39") + "derived:\n  b: {formula: a * a, unit: s, decimals: 0}\n"
        ),
        "FX307",
    ),
    ProjectCase(
        "formula overflow",
        lambda p, r: _record(
            p, r, _r7(r, "1e39") + "derived:\n  b: {formula: a * 1e300, unit: s, decimals: 0}\n"
        ),
        "FX307",
    ),
]

#: Each case's record id: R70, R71, …; the reserved id is its own.
PROJECT_IDS = {
    case.name: "index" if case.name == "reserved record id" else f"R{70 + i}"
    for i, case in enumerate(PROJECT_CASES)
}


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> Audit:
    """The clean project with every trick of ``PROJECT_CASES`` as a record of its own, checked once."""
    project = copy_site(CLEAN, tmp_path_factory.mktemp("projects"))
    for case in PROJECT_CASES:
        case.prepare(project, PROJECT_IDS[case.name])
    proc = run("check", "--format", "json", str(project), cwd=project)
    output = proc.stdout + proc.stderr
    assert "Traceback" not in output, output
    return Audit(proc, json.loads(proc.stdout))


def test_project_tricks_are_refused_only_at_their_records(checked: Audit) -> None:
    assert checked.proc.returncode == 1, checked.proc.stderr[-2000:]
    records = {f"evidence/{rid}.yaml" for rid in PROJECT_IDS.values()}
    assert {f["path"] for f in checked.findings} == records


@pytest.mark.parametrize("case", PROJECT_CASES, ids=lambda c: c.name)
def test_hostile_project(case: ProjectCase, checked: Audit) -> None:
    path = f"evidence/{PROJECT_IDS[case.name]}.yaml"
    said = " ".join(
        f"{f['path']}: {f['code']} {f['message']}" for f in checked.findings if f["path"] == path
    )
    assert case.says in said, checked.findings


def test_value_with_thirty_digits_checks_clean(tmp_path: Path) -> None:
    project = copy_site(CLEAN, tmp_path)
    stated = "2" * 28 + "3.0"  # (29 ones + .5) * 2
    _record(
        project,
        "R7",
        _r7("R7", "1" * 29 + ".5")
        + f"derived:\n  b: {{formula: a * 2, unit: s, decimals: 1, stated: {stated}}}\n",
    )
    proc = run("check", str(project), cwd=project)
    assert "Traceback" not in proc.stderr
    assert "R7" not in proc.stdout, proc.stdout
