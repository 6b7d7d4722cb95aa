"""Hostile input never crashes, hangs or exhausts memory: one row per trick.

Each row prepares a built site (or a project) and runs the CLI in a
subprocess with a time limit and an address-space cap (``resource.setrlimit``),
expecting an exit status, a message, and never a traceback.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from pathlib import Path

import pytest
from sitekit import BIN, CLEAN, ENV, copy_site

pytestmark = pytest.mark.slow

#: Address space a run may use: far below what reading /dev/zero or an 8 GiB file needs.
MEMORY = 1536 << 20
TIMEOUT = 120


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(BIN / "fxsite"), *args],
        cwd=cwd,
        env={**ENV, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"},
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
        preexec_fn=_limited,
    )


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


SITE_CASES = [
    SiteCase("directory named like a page", lambda s: (s / "x.html").mkdir(), 0, ""),
    SiteCase(
        "dangling symlink page",
        lambda s: (s / "gone.html").symlink_to(s / "nowhere.html"),
        1,
        "FX614",
    ),
    SiteCase(
        "symlink to /dev/zero", lambda s: (s / "zero.html").symlink_to("/dev/zero"), 1, "FX614"
    ),
    SiteCase(
        "symlink out of the site", lambda s: (s / "pw.txt").symlink_to("/etc/hostname"), 1, "FX614"
    ),
    SiteCase("FIFO page", lambda s: os.mkfifo(s / "fifo.html"), 1, "FX614"),
    SiteCase(
        "FIFO search index",
        lambda s: (
            os.remove(s / "search/search_index.json"),
            os.mkfifo(s / "search/search_index.json"),
        ),
        1,
        "FX614",
    ),
    SiteCase("symlinked folder loop", lambda s: (s / "loop").symlink_to(s), 0, ""),
    SiteCase(
        "symlinked folder out of the site", lambda s: (s / "etc").symlink_to("/etc"), 1, "FX614"
    ),
    SiteCase(
        "sparse 8 GiB binary file", lambda s: os.truncate(_touch(s / "huge.dat"), 8 << 30), 0, ""
    ),
    SiteCase(
        "8 GiB file starting as text",
        lambda s: os.truncate(_write(s / "huge.text", b"words " * 2000), 8 << 30),
        1,
        "FX614",
    ),
    SiteCase(
        "iframe srcdoc nested 40 deep",
        lambda s: (s / "f.html").write_text(_stamped(_srcdoc("<p>x</p>", 40))),
        1,
        "nests iframe srcdoc or data: URL documents more than 4 deep",
    ),
    SiteCase(
        "20,000 srcdoc iframes, 4 deep",
        lambda s: (s / "f.html").write_text(
            _stamped(_srcdoc("<p>x</p>" + "<iframe srcdoc='<b>y</b>'></iframe>" * 5000, 3) * 4)
        ),
        0,
        "",
    ),
    SiteCase(
        "srcdoc nesting 100,000 elements",
        lambda s: (s / "f.html").write_text(_stamped(_srcdoc("<div>" * 100000, 1))),
        1,
        "more than 4096 deep",
    ),
    SiteCase(
        "3,000 nested shadow roots",
        lambda s: (s / "t.html").write_text(
            _stamped("<p>" + "<template shadowrootmode=open>" * 3000)
        ),
        0,
        "",
    ),
    SiteCase(
        "symlinked page loop", lambda s: (s / "loop.html").symlink_to(s / "loop.html"), 1, "FX614"
    ),
    SiteCase(
        "page not UTF-8", lambda s: (s / "bad.html").write_bytes(b"<p>\xff\xfe</p>"), 1, "FX614"
    ),
    SiteCase(
        "page over the size cap",
        lambda s: (s / "big.txt").write_bytes(b" " * (17 << 20)),
        1,
        "FX614",
    ),
    SiteCase(
        "sparse 8 GiB page", lambda s: os.truncate(_touch(s / "huge.html"), 8 << 30), 1, "FX614"
    ),
    SiteCase(
        "160 KB of comment openers",
        lambda s: (s / "c.html").write_text(_stamped("<!--" * 40000)),
        0,
        "",
    ),
    SiteCase(
        "1,000-level nested list",
        lambda s: (s / "n.html").write_text(_stamped("<ul><li>" * 1000 + "x")),
        0,
        "",
    ),
    SiteCase(
        "100,000 nested elements",
        lambda s: (s / "d.html").write_text(_stamped("<div>" * 100000)),
        1,
        "more than 4096 deep",
    ),
    SiteCase(
        "deep JSON-LD",
        lambda s: (s / "j.html").write_text(
            _stamped('<script type="application/ld+json">' + "[" * 100000 + "</script>")
        ),
        1,
        "FX612",
    ),
    SiteCase(
        "deep static JSON",
        lambda s: (s / "deep.json").write_text("[" * 100000 + "]" * 100000),
        1,
        "FX612",
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


@pytest.fixture
def site(demo_site: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(demo_site, tmp_path / "site"))


@pytest.mark.parametrize("case", SITE_CASES, ids=lambda c: c.name)
def test_hostile_site(case: SiteCase, site: Path) -> None:
    """``exit`` is the content audit's verdict: 0 none, else a refusal saying ``says``.

    The site keeps its manifest, so a file added or an evidence.json the
    content audit cannot read is also an anchoring finding (FX8xx), exit 1.
    """
    case.prepare(site)
    proc = run("audit", "--format", "json", str(site), cwd=site.parent)
    output = proc.stdout + proc.stderr
    assert "Traceback" not in output, output
    # --format json prints JSON always, even when the site cannot be audited at all.
    findings = json.loads(proc.stdout)
    content = [f for f in findings if not f["code"].startswith("FX8")]
    if case.exit == 0:
        assert content == [], content
        assert proc.returncode in (0, 1)
    else:
        assert proc.returncode in (1, 2), output[-2000:]
        assert case.says in output, output[-2000:]


@dataclass(frozen=True)
class ProjectCase:
    name: str
    prepare: Callable[[Path], None]
    says: str


def _record(project: Path, text: str) -> None:
    (project / "evidence/R7.yaml").write_text(text, encoding="utf-8")


def _r7(value: str) -> str:
    return f"id: R7\ntitle: T\nlabel: spec\nstatus: active\nfigures:\n  a: {{value: {value}, unit: s}}\n"


PROJECT_CASES = [
    ProjectCase("FIFO record", lambda p: os.mkfifo(p / "evidence/R7.yaml"), "FIFO"),
    ProjectCase(
        "record links to /dev/zero",
        lambda p: (p / "evidence/R7.yaml").symlink_to("/dev/zero"),
        "R7.yaml",
    ),
    ProjectCase(
        "dangling record link",
        lambda p: (p / "evidence/R7.yaml").symlink_to(p / "gone"),
        "does not exist",
    ),
    ProjectCase(
        "sparse 8 GiB record",
        lambda p: os.truncate(_touch(p / "evidence/R7.yaml"), 8 << 30),
        "FX107",
    ),
    ProjectCase(
        "document links to /dev/zero",
        lambda p: (
            _record(p, _r7("1").replace("figures", "source:\n  document: doc.pdf\nfigures")),
            (p / "evidence/doc.pdf").symlink_to("/dev/zero"),
        ),
        "FX310",
    ),
    ProjectCase(
        "document is a FIFO",
        lambda p: (
            _record(p, _r7("1").replace("figures", "source:\n  document: doc.pdf\nfigures")),
            os.mkfifo(p / "evidence/doc.pdf"),
        ),
        "FX310",
    ),
    ProjectCase(
        "value needing 60 digits", lambda p: _record(p, _r7("1" * 30 + "." + "1" * 30)), "FX203"
    ),
    ProjectCase("value NaN", lambda p: _record(p, _r7(".nan")), "R7.yaml"),
    ProjectCase("value Infinity", lambda p: _record(p, _r7(".inf")), "R7.yaml"),
    ProjectCase("value a string", lambda p: _record(p, _r7('"abc"')), "R7.yaml"),
    ProjectCase(
        "reserved record id",
        lambda p: (p / "evidence/index.yaml").write_text(_r7("1").replace("R7", "index")),
        "FX311",
    ),
    ProjectCase(
        "formula result too large",
        lambda p: _record(
            p, _r7("1e39") + "derived:\n  b: {formula: a * a, unit: s, decimals: 0}\n"
        ),
        "FX307",
    ),
    ProjectCase(
        "formula overflow",
        lambda p: _record(
            p, _r7("1e39") + "derived:\n  b: {formula: a * 1e300, unit: s, decimals: 0}\n"
        ),
        "FX307",
    ),
]


@pytest.mark.parametrize("case", PROJECT_CASES, ids=lambda c: c.name)
def test_hostile_project(case: ProjectCase, tmp_path: Path) -> None:
    project = copy_site(CLEAN, tmp_path)
    case.prepare(project)
    proc = run("check", str(project), cwd=project)
    output = proc.stdout + proc.stderr
    assert "Traceback" not in output, output
    assert proc.returncode == 1, output[-2000:]
    assert case.says in output


def test_value_with_thirty_digits_checks_clean(tmp_path: Path) -> None:
    project = copy_site(CLEAN, tmp_path)
    stated = "2" * 28 + "3.0"  # (29 ones + .5) * 2
    _record(
        project,
        _r7("1" * 29 + ".5")
        + f"derived:\n  b: {{formula: a * 2, unit: s, decimals: 1, stated: {stated}}}\n",
    )
    proc = run("check", str(project), cwd=project)
    assert "Traceback" not in proc.stderr
    assert "R7" not in proc.stdout, proc.stdout
