"""``--browser``: text that code writes is judged as drawn, by a browser a page cannot tell apart.

A script may write a figure only for readers: when ``navigator.webdriver`` is
false, or when the user agent does not say "HeadlessChrome". The browser
check must draw what a reader gets. Then ``fxsite build --browser``: a script
the project declares in ``scripts_that_write`` is published when what it draws
passes, and refused when it draws a bare figure; undeclared, or built without
``--browser``, it is refused.

Run as the commands a user runs, in subprocesses (Playwright's sync API does
not nest inside the browser suite's own session); the audit rows are pages of
one site, audited once without ``--browser`` and once with it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from sitekit import EMPTY_EVIDENCE

pytestmark = pytest.mark.browser


def _page(script: str) -> str:
    return (
        '<!doctype html><html><head><meta name="fxsite-build" content="0"><title>x</title>'
        f"</head><body><article><p>Hello</p></article><script>{script}</script></body></html>"
    )


def _fxsite(*args: str, cwd: Path) -> tuple[int, list[dict[str, object]], str]:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONWARNINGS": ""}
    env.pop("FXSITE_SIGNING_KEY", None)
    proc = subprocess.run(
        [sys.executable, "-m", "fxsite", *args, "--format", "json"],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert proc.returncode in (0, 1), proc.stderr[-3000:]
    found: list[dict[str, object]] = json.loads(proc.stdout) if proc.stdout.strip() else []
    return proc.returncode, found, proc.stderr


def _spelled(text: str) -> str:
    """JavaScript for ``text`` as character codes: the static audit reads a script's string
    literals as text a page may show, and must not find the figure written there."""
    return f"String.fromCharCode({', '.join(str(ord(c)) for c in text)})"


_WRITE = (
    "document.querySelector('article').insertAdjacentHTML('beforeend', "
    "'<p>Saves take ' + {text} + '.</p>')"
)

# (row, the page's script, a figure the browser must report, or None)
DODGES = [
    (
        "writes only when navigator.webdriver is false",
        f"if (!navigator.webdriver) {_WRITE}",
        "517 s",
    ),
    (
        "writes only when webdriver is not a property",
        f"if (!('webdriver' in navigator) || navigator.webdriver === false) {_WRITE}",
        "517 s",
    ),
    (
        "writes only outside HeadlessChrome",
        f"if (!/Headless/.test(navigator.userAgent)) {_WRITE}",
        "517 s",
    ),
    ("near miss: writes words only", f"if (!navigator.webdriver) {_WRITE}", None),
]


# (row, the page's body, a figure the browser must report)
CONTROLS = [
    (
        "a script sets an input's value",
        f"<input id='v'><script>document.getElementById('v').value = {_spelled('517 s')}</script>",
        "517 s",
    ),
    (
        "a script sets a textarea's placeholder",
        f"<textarea id='v'></textarea><script>v.placeholder = {_spelled('613 s')}</script>",
        "613 s",
    ),
]


def _dodge_page(row: str) -> str:
    return f"dodge-{[r[0] for r in DODGES].index(row)}/index.html"


def _control_page(row: str) -> str:
    return f"control-{[r[0] for r in CONTROLS].index(row)}/index.html"


Audits = dict[str, dict[str, list[dict[str, object]]]]


@pytest.fixture(scope="module")
def audits(tmp_path_factory: pytest.TempPathFactory) -> Audits:
    """One site, every row of DODGES and CONTROLS a page of its own, audited once without
    and once with ``--browser``: each audit's findings by the page they are on."""
    root = tmp_path_factory.mktemp("gate")
    site = root / "site"
    site.mkdir()
    (site / "evidence.json").write_text(json.dumps(EMPTY_EVIDENCE), encoding="utf-8")
    pages = {
        _dodge_page(row): _page(script.format(text=_spelled(figure or "little time")))
        for row, script, figure in DODGES
    }
    pages |= {
        _control_page(row): _page("").replace("<p>Hello</p>", body) for row, body, _ in CONTROLS
    }
    for rel, text in pages.items():
        (site / rel).parent.mkdir(parents=True)
        (site / rel).write_text(text, encoding="utf-8")
    out: Audits = {}
    for name, flags in (("static", ()), ("drawn", ("--browser",))):
        _, found, _ = _fxsite("audit", str(site), *flags, cwd=root)
        out[name] = {rel: [f for f in found if f.get("path") == rel] for rel in pages}
    return out


@pytest.mark.parametrize(("row", "script", "figure"), DODGES, ids=[r[0] for r in DODGES])
def test_browser_cannot_be_told_apart(
    audits: Audits, row: str, script: str, figure: str | None
) -> None:
    static, drawn = audits["static"][_dodge_page(row)], audits["drawn"][_dodge_page(row)]
    assert "FX505" in {f["code"] for f in static}  # the static gate cannot read it
    assert not [f for f in static if f["code"] == "FX501"], static  # nor find the figure
    codes = {f["code"] for f in drawn}
    assert "FX505" not in codes  # judged as drawn instead
    bare = {f.get("text") for f in drawn if f["code"] == "FX501"}
    assert bare == ({figure} if figure else set())


@pytest.mark.parametrize(("row", "body", "figure"), CONTROLS, ids=[r[0] for r in CONTROLS])
def test_form_controls_are_read_as_drawn(audits: Audits, row: str, body: str, figure: str) -> None:
    static, drawn = audits["static"][_control_page(row)], audits["drawn"][_control_page(row)]
    assert figure not in {f.get("text") for f in static}, static  # invisible to the HTML
    assert figure in {f.get("text") for f in drawn if f["code"] == "FX501"}, drawn


RECORD = """\
id: R1
title: Save test
label: measured
status: active
date: 2026-03-14
source:
  issuer: Lab
  sha256: f16d05ec6b29248d2c61adb1e9263f78e4f7bace1b955014a2d17872cfe4064d
figures:
  save_time: {value: 178, unit: s}
"""
CONFIG = """\
site_name: Drawn
theme:
  name: material
  font: false
extra_javascript: [js/x.js]
plugins:
  - search
  - fxsite{options}
"""
SCRIPT = (
    "document.querySelector('article').insertAdjacentHTML('beforeend', '<p>' + {text} + '</p>');\n"
)
DECLARED = ":\n      scripts_that_write: [js/x.js]"

# (row, plugin options, --browser, the script's text, exit status, the codes refusing)
BUILDS = [
    ("declared, drawn, draws words", DECLARED, True, "Saves are quick.", 0, set()),
    ("declared, drawn, draws a bare figure", DECLARED, True, "Saves take 517 s.", 1, {"FX501"}),
    ("declared, not drawn", DECLARED, False, "Saves are quick.", 1, {"FX505"}),
    ("undeclared, drawn", "", True, "Saves are quick.", 1, {"FX506"}),
]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("row", "options", "browser", "text", "status", "codes"), BUILDS, ids=[r[0] for r in BUILDS]
)
def test_build_browser_checks_declared_scripts(
    tmp_path: Path, row: str, options: str, browser: bool, text: str, status: int, codes: set[str]
) -> None:
    project = tmp_path / "project"
    (project / "evidence").mkdir(parents=True)
    (project / "docs" / "js").mkdir(parents=True)
    (project / "evidence" / "R1.yaml").write_text(RECORD, encoding="utf-8")
    (project / "docs" / "index.md").write_text(
        "# Saves\n\nA save took [178 s](evidence:R1#save_time).\n", encoding="utf-8"
    )
    (project / "docs" / "js" / "x.js").write_text(
        SCRIPT.format(text=_spelled(text)), encoding="utf-8"
    )
    (project / "mkdocs.yml").write_text(CONFIG.format(options=options), encoding="utf-8")
    flags = ["--browser"] if browser else []
    returncode, found, stderr = _fxsite("build", str(project), *flags, cwd=project)
    refusing = {f["code"] for f in found if f.get("severity", "error") == "error"}
    assert (returncode, refusing) == (status, codes), stderr[-3000:]
