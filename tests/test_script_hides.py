"""A script that hides, removes or restyles part of a page is a writer (blind9, G3's note).

The gate reads the HTML; a script run after load may hide the middle of a figure
(``9<span id="u">x</span>8 s`` with ``u.remove()`` draws "98 s"). Event-handler
attributes were writers already; an inline ``<script>`` and a published ``.js`` file
that hide are now too (:data:`fxsite.verify.scripts._HIDES`): refused (``FX506`` in
``check`` and the build) unless the plugin's ``scripts_that_write`` lists the file and
``build --browser`` draws the pages. Each row hides; each near miss does not.
"""

from __future__ import annotations

import pytest
from sitekit import library, page_findings

from fxsite.verify.scripts import code_notes, script_note

# (row, a script's code that hides, removes or restyles what is drawn)
HIDERS = [
    ("remove()", "document.getElementById('u').remove();"),
    ("removeChild()", "p.removeChild(document.getElementById('u'));"),
    ("replaceChild()", "p.replaceChild(a, b);"),
    ("hidden = true", "document.getElementById('u').hidden = true;"),
    ("hidden in brackets", "document.getElementById('u')['hidden'] = true;"),
    ("className =", "document.getElementById('u').className = 'h';"),
    ("className +=", "u.className += ' h';"),
    ("classList.add", "document.getElementById('u').classList.add('h');"),
    ("classList.toggle", "u.classList.toggle('h');"),
    ("style.display", "document.getElementById('u').style.display = 'none';"),
    ("style.cssText", "u.style.cssText = 'display:none';"),
    ("style in brackets", "u.style['display'] = 'none';"),
    ("style =", "u.style = 'display:none';"),
    ("setProperty", "u.style.setProperty('display', 'none');"),
    ("toggleAttribute", "u.toggleAttribute('hidden');"),
    ("removeAttribute", "u.removeAttribute('class');"),
    ("inert", "u.inert = true;"),
    ("animate to opacity 0", "u.animate([{opacity: 0}], {fill: 'forwards'});"),
    ("a shadow root hides the children", "u.attachShadow({mode: 'open'});"),
    ("a rule inserted", "document.styleSheets[0].insertRule('#u{display:none}');"),
    ("a constructed sheet", "s.replaceSync('#u{display:none}');"),
    ("adopted sheets", "document.adoptedStyleSheets = [s];"),
]

# (row, code that reads, compares or hides nothing)
QUIET = [
    ("a read of hidden", "if (u.hidden) { f(); }"),
    ("a comparison of className", "if (u.className === 'h') { f(); }"),
    ("a read of style", "var d = u.style.display;"),
    ("classList.contains", "if (u.classList.contains('h')) { f(); }"),
    ("a word like remove", "var removed = 1; removeAll = 2;"),
    ("a set's add", "seen.add(x);"),
    # A theme's script holding a page's title: what the string says is no code.
    (
        "a title in a string",
        'var mkdocs_page_name = "See [click](x), e.remove() and a.hidden = 1";',
    ),
]


@pytest.mark.parametrize(("row", "code"), HIDERS, ids=[r[0] for r in HIDERS])
def test_a_script_that_hides_is_a_writer(row: str, code: str) -> None:
    assert script_note({}, code) is not None, row
    assert [n.code for n in code_notes("js/h.js", code.encode())] != [], row


@pytest.mark.parametrize(("row", "code"), QUIET, ids=[r[0] for r in QUIET])
def test_a_script_that_hides_nothing_passes(row: str, code: str) -> None:
    assert script_note({}, code) is None, row
    assert code_notes("js/h.js", code.encode()) == [], row


@pytest.mark.parametrize(
    ("script", "refused"),
    [
        ("<script>document.getElementById('u').remove();</script>", True),
        ("<script>document.getElementById('u').hidden = true;</script>", True),
        ("<script>document.getElementById('u').classList.add('h');</script>", True),
        ("<script>console.log(document.getElementById('u').hidden);</script>", False),
    ],
)
def test_a_page_whose_script_hides_part_of_a_figure_is_refused(script: str, refused: bool) -> None:
    page = f'# T\n\n{script}\n\nEach save took 9<span id="u">x</span>8 s on NFS.\n'
    codes = [code for code, _, _ in page_findings(page, library())]
    assert ("FX506" in codes) is refused, codes
