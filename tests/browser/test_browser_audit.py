"""``fxsite audit --browser``: what a hostile page draws beyond its HTML.

Each trick below shows a reader a figure (or a changed claim) that is in no
text node of the page's HTML: the static audit cannot see it, the browser
audit must. The pages without a trick are the near miss: they audit clean.

A web server sends more names than ``.html`` to readers as pages
(``index.html.en``, ``offer.shtml``, ``page.xhtml``): the same trick published
under each is drawn too, each as a server sends it, and the same names with no
trick, published beside them, audit clean.

Run as the command a user runs, in a subprocess (Playwright's sync API does
not nest inside the browser suite's own session); the tricks and the near
misses are published together in one copy of the demo, each on a page of its
own, and audited once statically and once in the browser.
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
# Each script spells its figure's digits as character codes: the static audit reads a
# script's string literals as text a page may show (a literal '517 s' is refused there).
_SCRIPT_TEXT = (
    "<script>document.querySelector('article').insertAdjacentHTML("
    "'beforeend', '<p>Saves now take ' + String.fromCharCode(53, 49, 55) + ' s.</p>')</script>"
)
_CSS_CONTENT = "<style>article h1::after { content: ' in 517 s'; }</style>"
_SHADOW = (
    "<div id='fx-host'></div><script>document.getElementById('fx-host')"
    ".attachShadow({mode: 'open'}).innerHTML = "
    "'<p>It cuts cost by ' + String.fromCharCode(52, 55) + '%.</p>'</script>"
)
_REWRITE = (
    "<script>for (const a of document.querySelectorAll('a[data-fx-ref=\"R1#save_time_fx100\"]'))"
    " a.firstChild.data = String.fromCharCode(57, 53) + ' s';</script>"
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


#: The page each trick is published on: one copy of the site holds every trick, one a page.
ON_PAGE = {
    "script-written text": "training-bubbles/index.html",
    "CSS content": "joint-testing/index.html",
    "shadow root": "verify/index.html",
    "script rewrites a claim": PAGE,  # the page citing R1#save_time_fx100
}


def _publish_tricks(site: Path) -> None:
    for name, (inject, _, _) in TRICKS.items():
        page = site / ON_PAGE[name]
        page.write_text(
            page.read_text(encoding="utf-8").replace("</body>", inject + "</body>", 1),
            encoding="utf-8",
        )


@pytest.fixture(scope="module")
def tricked(
    served_audits: dict[str, list[dict[str, object]]],
) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    """The static audit and the browser audit of one copy carrying every trick (and every
    served page's, below: one copy, each trick on a page or file of its own)."""
    return served_audits["static"], served_audits["tricked"]


@pytest.mark.parametrize("trick", list(TRICKS))
def test_browser_audit_sees_what_the_html_hides(
    tricked: tuple[list[dict[str, object]], list[dict[str, object]]], trick: str
) -> None:
    _, code, text = TRICKS[trick]
    static, drawn = tricked
    assert not [f for f in static if f.get("text") == text], static  # invisible to the HTML
    hits = [f for f in drawn if f["code"] == code and f.get("text") == text]
    assert [f for f in hits if f["path"] == ON_PAGE[trick]], drawn
    # and nowhere but on the pages whose trick draws it
    same = {ON_PAGE[n] for n, (_, c, t) in TRICKS.items() if (c, t) == (code, text)}
    assert {f["path"] for f in hits} <= same, drawn


def _script_writing(figure: str) -> str:
    """A script that adds a paragraph stating ``figure`` after load (valid HTML and XHTML),
    its characters as codes: no string literal of it states the figure."""
    codes = ", ".join(str(ord(c)) for c in f"Saves now take {figure}.")
    return (
        "<script>document.body.appendChild(document.createElementNS("
        f"'http://www.w3.org/1999/xhtml', 'p')).textContent = String.fromCharCode({codes})</script>"
    )


#: A standalone XHTML page (well-formed XML, with the stamp the static audit requires);
#: its code block states a figure, which is code, not prose, as drawn too.
_XHTML = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" lang="en">
<head><meta charset="utf-8"/><meta name="fxsite-build" content="0.1.0"/>
<title>Checkpoint offer</title></head>
<body><article><h1>Checkpoint offer</h1><p>Ask us about checkpoint acceleration.</p>
<pre><code>sleep 30 s</code></pre></article>{extra}</body>
</html>
"""

#: row: (published path, page it holds: the demo page or the XHTML one, figure the trick draws)
SERVED = {
    "content-negotiated index.html.en": ("checkpoint-acceleration/index.html.en", "demo", "523 s"),
    "server-side include offer.shtml": ("checkpoint-acceleration/offer.shtml", "demo", "613 s"),
    "XHTML page.xhtml": ("checkpoint-acceleration/page.xhtml", "xhtml", "729 s"),
    # A root-relative script (the site's own, code the static audit does not read) loads
    # over HTTP as for readers; from file:// it pointed at the disk's root.
    "root-relative script": ("checkpoint-acceleration/index.html", "demo", "811 s"),
}
_ROOT_SCRIPT = "fx-extra.js"
#: A page that is a link to a file outside the site: not served, so not drawn.
_LEAK, _LEAK_FIGURE = "checkpoint-acceleration/leak.xhtml", "907 s"


#: row: where the same page without its trick is published, in a folder of its own at the
#: same depth (the demo page's relative links reach the same files from there).
CLEAN = {row: "clean-copy/" + path.split("/", 1)[1] for row, (path, _, _) in SERVED.items()}


def _publish_served(site: Path) -> None:
    demo = (site / PAGE).read_text(encoding="utf-8")
    for row, (path, holds, figure) in SERVED.items():
        extra = _script_writing(figure)
        if row == "root-relative script":
            (site / _ROOT_SCRIPT).write_text(
                _script_writing(figure).removeprefix("<script>").removesuffix("</script>"),
                encoding="utf-8",
            )
            extra = f'<script src="/{_ROOT_SCRIPT}"></script>'
        for rel, text in ((path, extra), (CLEAN[row], "")):
            if holds == "xhtml":
                page = _XHTML.format(extra=text)
            else:
                page = demo.replace("</body>", text + "</body>", 1)
            (site / rel).parent.mkdir(exist_ok=True)
            (site / rel).write_text(page, encoding="utf-8")


@pytest.fixture(scope="module")
def served_audits(
    site_dir: Path, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, list[dict[str, object]]]:
    """One copy with every SERVED page tricked, the same pages clean beside them (CLEAN),
    and every trick above; audited once statically and once in the browser."""
    target = tmp_path_factory.mktemp("served") / "site"
    shutil.copytree(site_dir, target)
    _publish_served(target)  # reads the demo page before a trick is added
    _publish_tricks(target)
    outside = target.parent / "outside.html"
    outside.write_text(_XHTML.format(extra=_script_writing(_LEAK_FIGURE)), "utf-8")
    (target / _LEAK).symlink_to(outside)
    return {"static": _audit(target), "tricked": _audit(target, "--browser")}


@pytest.mark.parametrize("row", list(SERVED))
def test_browser_audit_draws_every_page_a_server_sends(
    served_audits: dict[str, list[dict[str, object]]], row: str
) -> None:
    path, _, figure = SERVED[row]
    static = served_audits["static"]
    assert not [f for f in static if f.get("text") == figure], static  # invisible to the HTML
    drawn = served_audits["tricked"]
    hits = [f for f in drawn if f["code"] == "FX501" and f.get("text") == figure]
    assert hits and all(f["path"] == path for f in hits), drawn


#: Every error the browser audit of the copy must report: each trick's, at its page.
EXPECTED = sorted(
    [(ON_PAGE[name], code, text) for name, (_, code, text) in TRICKS.items()]
    + [(path, "FX501", figure) for path, _, figure in SERVED.values()]
    + [(_LEAK, "FX614", None)]
)


def test_browser_audit_of_the_site_without_tricks_is_clean(
    served_audits: dict[str, list[dict[str, object]]],
) -> None:
    """The demo site's pages that carry no trick have no error; those that do, only theirs."""
    errors = sorted(
        (f["path"], f["code"], f.get("text") if f["code"] != "FX614" else None)
        for f in served_audits["tricked"]
        if f["severity"] == "error"
    )
    assert sorted(set(errors)) == EXPECTED, served_audits["tricked"]


@pytest.mark.parametrize("row", list(SERVED))
def test_browser_audit_of_a_served_page_without_a_trick_is_clean(
    served_audits: dict[str, list[dict[str, object]]], row: str
) -> None:
    drawn = served_audits["tricked"]
    assert [f for f in drawn if f["path"] == CLEAN[row]] == [], drawn


def test_a_page_linked_from_outside_the_site_is_not_drawn(
    served_audits: dict[str, list[dict[str, object]]],
) -> None:
    drawn = served_audits["tricked"]
    assert not [f for f in drawn if f.get("text") == _LEAK_FIGURE], drawn
    messages = [f["message"] for f in drawn if f["path"] == _LEAK and f["code"] == "FX614"]
    assert "cannot be drawn: HTTP 404 File not found" in messages, drawn
