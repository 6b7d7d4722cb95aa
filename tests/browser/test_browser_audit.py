"""``fxsite audit --browser``: what a hostile page draws beyond its HTML.

Each trick below shows a reader a figure (or a changed claim) that is in no
text node of the page's HTML: the static audit cannot see it, the browser
audit must. The untouched site is the near miss: it audits clean.
Run as the command a user runs, in a subprocess (Playwright's sync API does
not nest inside the browser suite's own session).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

PAGE = "checkpoint-acceleration/index.html"
_SCRIPT_TEXT = (
    "<script>document.querySelector('article').insertAdjacentHTML("
    "'beforeend', '<p>Saves now take 517 s.</p>')</script>"
)
_CSS_CONTENT = "<style>article h1::after { content: ' in 517 s'; }</style>"
_SHADOW = (
    "<div id='fx-host'></div><script>document.getElementById('fx-host')"
    ".attachShadow({mode: 'open'}).innerHTML = '<p>It cuts cost by 47%.</p>'</script>"
)
_REWRITE = (
    "<script>for (const a of document.querySelectorAll('a[data-fx-ref=\"R1#save_time_fx100\"]'))"
    " a.firstChild.data = '95 s';</script>"
)

TRICKS = {
    "script-written text": (_SCRIPT_TEXT, "FX501", "517 s"),
    "CSS content": (_CSS_CONTENT, "FX501", "517 s"),
    "shadow root": (_SHADOW, "FX501", "47%"),
    "script rewrites a claim": (_REWRITE, "FX403", "95 s"),
}


def _audit(site: Path, *flags: str) -> list[dict[str, object]]:
    proc = subprocess.run(
        [sys.executable, "-m", "fxsite", "audit", str(site), "--format", "json", *flags],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert proc.returncode in (0, 1), proc.stderr
    found: list[dict[str, object]] = json.loads(proc.stdout)
    # Anchoring findings (the manifest no longer matches) are not what is tested here.
    return [f for f in found if not str(f["code"]).startswith("FX8")]


@pytest.fixture(scope="module")
def copies(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = {}
    for name, (inject, _, _) in TRICKS.items():
        target = tmp_path_factory.mktemp("tampered") / "site"
        shutil.copytree(site_dir, target)
        page = target / PAGE
        page.write_text(
            page.read_text(encoding="utf-8").replace("</body>", inject + "</body>", 1),
            encoding="utf-8",
        )
        out[name] = target
    clean = tmp_path_factory.mktemp("clean") / "site"
    shutil.copytree(site_dir, clean)
    out["untouched"] = clean
    return out


@pytest.mark.parametrize("trick", list(TRICKS))
def test_browser_audit_sees_what_the_html_hides(copies: dict[str, Path], trick: str) -> None:
    _, code, text = TRICKS[trick]
    static = _audit(copies[trick])
    assert not [f for f in static if f.get("text") == text], static  # invisible to the HTML
    drawn = _audit(copies[trick], "--browser")
    hits = [f for f in drawn if f["code"] == code and f.get("text") == text]
    assert hits and all(f["path"] == PAGE for f in hits), drawn


def test_browser_audit_of_the_untouched_site_is_clean(copies: dict[str, Path]) -> None:
    assert [f for f in _audit(copies["untouched"], "--browser") if f["severity"] == "error"] == []
