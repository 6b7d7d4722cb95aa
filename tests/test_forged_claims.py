"""Text a reader sees is cited or refused: scripts that write text by a name they build.

Rows are script bodies read in-process by the gate's script reader
(:func:`fxsite.verify.scripts.script_note` for an inline ``<script>``,
:func:`fxsite.verify.scripts.code_notes` for a published ``.js`` file), which
``fxsite check`` and the build's gate both use: each hostile row must be a
writer (``FX506`` in a build, ``FX505`` in an audit), each near miss must not.
"""

from __future__ import annotations

import pytest

from fxsite.verify.scripts import code_notes, script_note

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
