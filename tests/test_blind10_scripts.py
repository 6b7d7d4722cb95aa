"""blind10: a script that hides part of a figure however it writes the hide (issue #20).

Each row is a way of hiding, removing or restyling ``x`` in ``9<span id="h">x</span>4 s``
that the name lists missed: an operator (``??=``, ``||=``), spacing or a comment before
``=``, optional chaining, brackets, ``.call``/``.apply``, a stored reference, ``with``, and
the attribute, style, popover, id and lang APIs. Each is a writer
(:func:`fxsite.verify.script_code.script_does`) inline and as a published file: ``FX506``
in ``check`` and the build alike. Each near miss only reads the page.
"""

from __future__ import annotations

import pytest
from sitekit import library, page_findings

from fxsite.verify.scripts import code_notes, script_note

_E = 'var e = document.getElementById("h"); '

# (row, a script's code that hides, removes or restyles what is drawn)
HIDERS = [
    ("??= on style", _E + 'e.style.display ??= "none";'),
    ("||= on style", _E + 'e.style.display ||= "none";'),
    ("spaced dots, a comment before =", _E + 'e . style . display/**/= "none";'),
    ("a line comment before =", _E + 'e.style.display // x\n = "none";'),
    ("optional chaining remove", _E + "e?.remove?.();"),
    ("remove in brackets", _E + 'e["remove"]();'),
    ("remove in a template in brackets", _E + "e[`remove`]();"),
    ("remove.call", _E + "e.remove.call(e);"),
    ("(0, e.remove).call", _E + "(0, e.remove).call(e);"),
    ("lang set for a :lang rule", _E + 'e.lang = "zz";'),
    ("with (e.style)", _E + 'with (e.style) { display = "none"; }'),
    ("a stored style", _E + 'var s = e.style; s.display = "none";'),
    ("a name held in a variable", _E + 'const f = "remove"; e[f]();'),
    ("replaceWith by optional call", _E + 'e.replaceWith?.("");'),
    ("Element.prototype.remove.apply", _E + "Element.prototype.remove.apply(e);"),
    (
        "attributes.setNamedItem",
        _E + 'e.attributes.setNamedItem(document.createAttribute("hidden"));',
    ),
    (
        "attributeStyleMap.set",
        'document.getElementById("h").attributeStyleMap.set("display", "none");',
    ),
    ("popover = auto", 'document.getElementById("h").popover = "auto";'),
    ("popover = manual, no document named", 'this.popover = "manual";'),
    ("deleteData", 'document.getElementById("h").firstChild.deleteData(0, 1);'),
    ("id renamed for an #id rule", 'document.getElementById("h").id = "gone";'),
    ("dir set, no document named", 'el.dir = "rtl";'),
    ("any member set on an element", _E + 'e.slot = "s";'),
    ("dataset set", _E + 'e.dataset.state = "off";'),
    ("textContent ??=", _E + 'e.textContent ??= "5";'),
    ("classList?.add", _E + 'e.classList?.add("h");'),
    ("a member held bare", "const {remove} = Element.prototype; remove.call(x);"),
    ("a write call held bare", "const {append} = Element.prototype; append.call(x, s);"),
    ("write.bind", "const w = document.write.bind(document); w(s);"),
    ("location.hash for a :target rule", 'location.hash = "gone";'),
    ("location.replace", 'location.replace("#gone");'),
    ("a checkbox clicked for a :checked rule", _E + "e.click();"),
    (
        "a details closed, through the event",
        'addEventListener("load", (v) => { v.target.open = false; });',
    ),
    ("a part added", _E + 'e.part.add("h");'),
    ("a range deleted", "const r = new Range(); r.selectNode(x); r.deleteContents();"),
    ("a font the script loads", 'new FontFace("F", "url(f.woff2)").load();'),
    ("a highlight", 'CSS.highlights.set("h", new Highlight(r));'),
    ("a name spelt with an escape", _E + "e.\\u0072emove();"),
    ("an element moved", _E + 'e.insertAdjacentElement("afterend", y);'),
    ("an element adopted away", _E + "new Document().adoptNode(e);"),
    ("a dialog shown over the figure", 'document.querySelector("dialog").show();'),
    ("a click dispatched", _E + 'e.dispatchEvent(new MouseEvent("click"));'),
    ("location.href to a fragment", 'location.href = "#gone";'),
    ("the document reopened", "document.open(); document.close();"),
    ("a data attribute deleted", _E + "delete e.dataset.shown;"),
]

# (row, code that only reads the page)
QUIET = [
    ("a read of the text", "document.body.innerText;"),
    ("a read of hidden", _E + "if (e.hidden) { f(); }"),
    ("a comparison of className", _E + "if (e.className === 'h') { f(); }"),
    ("a strict inequality of id", _E + "if (e.id !== 'h') { f(); }"),
    ("a read of style", _E + "var d = e.style.display;"),
    ("classList.contains", _E + "if (e.classList.contains('h')) { f(); }"),
    ("console.log", _E + "console.log(e.lang);"),
    ("a set's add", "seen.add(x);"),
    ("a member set, no document named", "var o = {}; o.n = 1;"),
    ("a comment that names remove", _E + "/* e.remove(); e.hidden = true */ f(e);"),
    ("a word like with", "var withdrawn = 1; startsWith(x);"),
    ("a click listened to", 'document.addEventListener("click", () => console.log(1));'),
    ("a string that says remove", 'console.log("remove it with (care)");'),
    ("a read of location", "var u = location.href;"),
    ("a key deleted from an object", "var o = {a: 1}; delete o.a;"),
    ("an escape in a string", 'console.log("\\u00e9");'),
    ("a read of an option named show", "if (opts.show) { f(); }"),
]


@pytest.mark.parametrize(("row", "code"), HIDERS, ids=[r[0] for r in HIDERS])
def test_a_script_that_hides_however_written_is_a_writer(row: str, code: str) -> None:
    assert script_note({}, code) is not None, row
    assert [n.code for n in code_notes("js/h.js", code.encode())] != [], row


@pytest.mark.parametrize(("row", "code"), QUIET, ids=[r[0] for r in QUIET])
def test_a_script_that_only_reads_passes(row: str, code: str) -> None:
    assert script_note({}, code) is None, row
    assert code_notes("js/h.js", code.encode()) == [], row


@pytest.mark.parametrize(
    ("script", "refused"),
    [
        ('<script>document.getElementById("h")?.remove?.();</script>', True),
        ('<script>document.getElementById("h").popover = "auto";</script>', True),
        ('<script>document.getElementById("h").id = "gone";</script>', True),
        ('<script>console.log(document.getElementById("h").id);</script>', False),
    ],
)
def test_a_page_whose_script_hides_is_refused_at_the_script(script: str, refused: bool) -> None:
    page = f'# T\n\n{script}\n\nEach save took 9<span id="h">x</span>4 s on the FX100.\n'
    found = page_findings(page, library())
    assert ([(c, line) for c, line, _ in found if c == "FX506"] == [("FX506", 3)]) is refused, found
