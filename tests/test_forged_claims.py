"""Text a reader sees is cited or refused: hand-written claims, scripts that build names.

A claim is what fxsite rendered from an ``evidence:`` link: a link written by
hand with ``data-fx-ref`` (raw HTML, or attr_list) is read as a bare figure
(``FX501``) at its source line, by :func:`fxsite.markdown.check_page`, which
``fxsite check`` and the build run alike.

Script rows are script bodies read in-process by the gate's script reader
(:func:`fxsite.verify.scripts.script_note` for an inline ``<script>``,
:func:`fxsite.verify.scripts.code_notes` for a published ``.js`` file), which
``fxsite check`` and the build's gate both use: each hostile row must be a
writer (``FX506`` in a build, ``FX505`` in an audit), each near miss must not.
"""

from __future__ import annotations

import pytest
from sitekit import FIXTURE_EXTENSIONS, href_for, library

from fxsite.findings import Finding
from fxsite.markdown import PageRenderer, check_page
from fxsite.verify.scripts import code_notes, script_note

REF = "R1#save_time_baseline"  # 178 s

# (row, the page's line 3, the text refused as bare)
FORGED = [
    (
        "raw HTML, another value, a link elsewhere",
        f'C <a class="fx-claim" data-fx-ref="{REF}" href="https://evil.example/">55 s</a> here.',
        "55 s",
    ),
    (
        "attr_list on a link",
        f'C [88 s](https://x.example/){{ .fx-claim data-fx-ref="{REF}" }} here.',
        "88 s",
    ),
    ("raw HTML, the right value", f'C <a data-fx-ref="{REF}" href="#">178 s</a> here.', "178 s"),
    (
        "beside a real claim to the same figure",
        f'C [178 s](evidence:{REF}) and <a data-fx-ref="{REF}" href="#">55 s</a>.',
        "55 s",
    ),
]

# (row, the page's line 3, the codes expected): claims fxsite rendered
REAL = [
    ("a real claim", f"C [178 s](evidence:{REF}) here.", []),
    ("a real claim that misstates", f"C [55 s](evidence:{REF}) here.", ["FX403"]),
    ("two real claims", f"C [178 s](evidence:{REF}), [178 s](evidence:{REF}).", []),
]


def _check(line: str) -> list[Finding]:
    renderer = PageRenderer(FIXTURE_EXTENSIONS, {"toc": {"permalink": True}})
    _, findings = check_page(f"# Home\n\n{line}\n", "docs/p.md", library(), href_for, renderer)
    return [f for f in findings if f.severity == "error"]


@pytest.mark.parametrize(("row", "line", "text"), FORGED, ids=[r[0] for r in FORGED])
def test_hand_written_claim_is_a_bare_figure(row: str, line: str, text: str) -> None:
    found = _check(line)
    assert [(f.code, f.text, f.line) for f in found] == [("FX501", text, 3)], row
    assert f"[{text}](evidence:{REF})" in found[0].message


@pytest.mark.parametrize(("row", "line", "codes"), REAL, ids=[r[0] for r in REAL])
def test_rendered_claim_is_judged_as_before(row: str, line: str, codes: list[str]) -> None:
    assert [f.code for f in _check(line)] == codes, row


# (row, an inline script's body)
WRITERS = [
    (
        "computed member with a joined name",
        'var d=document, k="inner"+"HTML"; d.getElementById("t")[k] = "Took " + (50+5) + " s";',
    ),
    ("Object.assign", 'Object.assign(document.getElementById("t"), {textContent: "Took 55 s"});'),
    ("Reflect.set", 'Reflect.set(document.getElementById("t"), "textContent", "Took 55 s");'),
    ("Reflect.apply", "Reflect.apply(f, el, [s]);"),
    ("Object.defineProperty", 'Object.defineProperty(el, k, {value: "55 s"});'),
    ("computed member, compound", "el[k] += s;"),
    ("computed member, logical", "el[k] ??= s;"),
    ("a name joined from string literals", 'const k = "text" + "Content";'),
    ("template literals joined", "const k = `inner` + `HTML`;"),
]

# (row, an inline script's body): reads, comparisons, numeric indexes
QUIET = [
    ("no writes, no strings", "var n = 1; console.log(n);"),
    ("a numeric index", "xs[0] = 1;"),
    ("a computed read", "var v = el[k];"),
    ("a computed comparison", "if (el[k] == 1) { f(); }"),
    ("a computed strict comparison", "if (el[k] === 1) { f(); }"),
    ("a string and a variable", 'console.log("n" + n);'),
]


@pytest.mark.parametrize(("row", "body"), WRITERS, ids=[r[0] for r in WRITERS])
def test_inline_writer_is_refused(row: str, body: str) -> None:
    assert script_note({}, body) is not None, row


@pytest.mark.parametrize(("row", "body"), QUIET, ids=[r[0] for r in QUIET])
def test_inline_script_that_writes_nothing_passes(row: str, body: str) -> None:
    assert script_note({}, body) is None, row


def test_script_file_with_a_built_name_is_refused() -> None:
    code = (
        'document.addEventListener("DOMContentLoaded",()=>{const k="text"+"Content"; '
        'document.querySelector("article h1")[k]="Took 55 s";});'
    )
    assert code_notes("js/a.js", code.encode()) != []


def test_json_ld_is_not_run() -> None:
    from fxsite.verify.scripts import is_script

    assert not is_script({"type": "application/ld+json"})


# (row, a page's line 3: an inline script, the figures refused as bare)
SCRIPT_FIGURES = [
    ("a string shown by alert", '<script>alert("Took 55 s");</script>', ["55 s"]),
    ("a template literal", "<script>const m = `Took 55 s`; show(m);</script>", ["55 s"]),
    ("single quotes", "<script>var m = 'Took 55 s';</script>", ["55 s"]),
    # near misses: no figure in a literal, one in a comment, JSON-LD without one
    ("no figure", '<script>var n = "none"; console.log(n);</script>', []),
    ("a figure in a comment", "<script>// took 55 s once\nvar n = 1;</script>", []),
    (
        "JSON-LD without a figure",
        '<script type="application/ld+json">{"@type": "WebPage", "name": "Home"}</script>',
        [],
    ),
]


@pytest.mark.parametrize(
    ("row", "line", "bare"), SCRIPT_FIGURES, ids=[r[0] for r in SCRIPT_FIGURES]
)
def test_figure_in_an_inline_script_is_bare(row: str, line: str, bare: list[str]) -> None:
    found = [f for f in _check(line) if f.code == "FX501"]
    assert [(f.text, f.line) for f in found] == [(b, 3) for b in bare], row
