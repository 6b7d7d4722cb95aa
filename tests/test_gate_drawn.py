"""What a browser draws, the gate reads or refuses: reading order, text that code writes.

Rows are small pages read in-process by the gate's page reader
(:func:`fxsite.verify.scan.scan_file`, which the build's gate and ``fxsite
check`` both use), and small site folders audited by
:func:`fxsite.verify.verify_site`: each hostile row must get its code, each near
miss must not. No site is built here; ``--browser`` rows are in
``tests/browser/test_browser_gate.py``.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from sitekit import EMPTY_EVIDENCE

from fxsite.findings import Finding
from fxsite.verify import verify_site
from fxsite.verify.scan import scan_file
from fxsite.verify.theme import published_asset


def page(body: str, head: str = "") -> str:
    return (
        '<!doctype html><html><head><meta name="fxsite-build" content="0"><title>x</title>'
        f"{head}</head><body><article>{body}</article></body></html>"
    )


def local_codes(html: str) -> set[str]:
    """The codes the page alone gets (bare figures are judged later, by the whole site)."""
    return {local.code for local in scan_file("index.html", html).local}


def figures(html: str) -> set[str]:
    return {c.found for c in scan_file("index.html", html).candidates}


# -- reading order: FX504 -------------------------------------------------------------------------

REORDERED = [
    ("bdo rtl", page('<p>It takes <bdo dir="rtl">s 871</bdo>.</p>')),
    ("bdo number words backwards", page('<p>It is <bdo dir="rtl">semit evif</bdo> faster.</p>')),
    ("dir rtl with a figure", page('<p dir="rtl">It takes 178 s.</p>')),
    ("dir rtl, words in reverse", page('<p dir="rtl">faster times five is It</p>')),
    ("dir auto on right-to-left text with digits", page('<p dir="auto">א 178 s</p>')),
    (
        "style unicode-bidi bidi-override",
        page('<p>It takes <span style="unicode-bidi:bidi-override;direction:rtl">s 871</span></p>'),
    ),
    (
        "style isolate-override",
        page('<p><span style="unicode-bidi: isolate-override; direction: rtl">s 871</span></p>'),
    ),
    (
        "property name spelt with a CSS escape",
        page('<p><span style="unicode-bid\\69 : bidi-override; direction: rtl">s 871</span></p>'),
    ),
    (
        "<style> rule with bidi-override",
        page(
            '<p>It takes <span class="x">s 871</span></p>',
            "<style>.x { unicode-bidi: bidi-override; direction: rtl }</style>",
        ),
    ),
    (
        "<style> rule inside @media",
        page(
            '<p>It takes <span class="x">s 871</span></p>',
            "<style>@media screen { .x { direction: rtl; unicode-bidi: bidi-override } }</style>",
        ),
    ),
    (
        "flex order",
        page(
            '<p style="display:flex">It takes <span style="order:2">s</span>'
            '<span style="order:1">178&nbsp;</span></p>'
        ),
    ),
    (
        "flex row-reverse",
        page(
            '<p style="display:flex;flex-direction:row-reverse"><span>s</span><span>178&nbsp;</span></p>'
        ),
    ),
    ("flex-flow column-reverse", page('<div style="flex-flow: column-reverse wrap">1 s 78</div>')),
    (
        "<style> order on a class",
        page(
            '<p class="f"><span class="b">s</span><span class="a">178 </span></p>',
            "<style>.f{display:flex} .a{order:-1}</style>",
        ),
    ),
    (
        "<style> order on more elements than are looked at one by one",
        page("<p>" + "<span>x</span>" * 100 + "178</p>", "<style>span { order: 1 }</style>"),
    ),
    (
        "grid placement",
        page(
            '<div style="display:grid"><span style="grid-column:2">s</span><span>178</span></div>'
        ),
    ),
    (
        "SVG texts side by side: 17 and 8 s",
        page('<svg><text x="0" y="10">17</text><text x="14" y="10">8 s</text></svg>'),
    ),
    (
        "SVG texts side by side: 178 and s",
        page('<svg><text x="30" y="10">s</text><text x="0" y="10">178</text></svg>'),
    ),
    (
        "bdo inside an iframe srcdoc",
        page('<iframe srcdoc="&lt;bdo dir=rtl&gt;s 871&lt;/bdo&gt;"></iframe>'),
    ),
    (
        "a selector longer than is read",
        page(
            '<p class="x">It takes <span>s 871</span></p>',
            "<style>" + ", ".join(f".c{i}" for i in range(2000)) + ", .x span"
            " { unicode-bidi: bidi-override; direction: rtl }</style>",
        ),
    ),
]

IN_ORDER = [
    ("Arabic paragraph rtl without digits", page('<p dir="rtl" lang="ar">مرحبا بالعالم</p>')),
    ("Hebrew paragraph rtl without digits", page('<p dir="rtl" lang="he">שלום עולם</p>')),
    ("dir ltr with a figure", page('<p dir="ltr">Model 8-GPU</p>')),
    ("dir auto on English text", page('<p dir="auto">It takes 3 steps</p>')),
    ("bdo around words only", page('<p><bdo dir="rtl">abc</bdo></p>')),
    ("order 0", page('<p style="display:flex"><span style="order:0">R1</span> 178</p>')),
    ("flex row", page('<p style="display:flex;flex-direction:row"><span>s</span>178</p>')),
    (
        "order among cards without digits",
        page(
            '<div style="display:flex"><div style="order:2">Docs</div><div>Home</div></div>'
            "<p>Step 3</p>"
        ),
    ),
    (
        "<style> order matching nothing with digits",
        page('<nav class="n"><a>Home</a><a>Docs</a></nav>', "<style>.n a { order: 1 }</style>"),
    ),
    (
        "SVG labels side by side",
        page('<svg><text x="0" y="10">Node</text><text x="40" y="10">GPU</text></svg>'),
    ),
    (
        "SVG figures on separate lines",
        page('<svg><text x="0" y="10">R1</text><text x="0" y="30">setup</text></svg>'),
    ),
]


#: Nested five times as deep as Python recurses: a reader that recursed would stop.
DEEP = 5 * sys.getrecursionlimit()
#: Hostile CSS: nested past the recursion limit, each read without a crash.
DEEP_CSS = [
    ("a value nested deep", ".a{order:" + "f(" * DEEP + "}", "FX504"),
    ("content nested deep", ".a::after{content:" + "attr(" * DEEP + "}", "FX505"),
    ("@media nested deep", "@media x{" * DEEP + ".a{order:1}", "FX504"),
    ("a selector nested deep", "a" + "[" * DEEP + "{order:1}", None),
]


@pytest.mark.parametrize(("row", "css", "code"), DEEP_CSS, ids=[r[0] for r in DEEP_CSS])
def test_deep_css_is_read_without_a_crash(row: str, css: str, code: str | None) -> None:
    codes = local_codes(page('<p class="a">178 s</p>', f"<style>{css}</style>"))
    assert codes == ({code} if code else set())


@pytest.mark.parametrize(("row", "html"), REORDERED, ids=[r[0] for r in REORDERED])
def test_reordered_text_is_refused(row: str, html: str) -> None:
    assert "FX504" in local_codes(html)


@pytest.mark.parametrize(("row", "html"), IN_ORDER, ids=[r[0] for r in IN_ORDER])
def test_text_in_order_passes(row: str, html: str) -> None:
    assert "FX504" not in local_codes(html)


# -- form controls: what they show is read --------------------------------------------------------

CONTROLS = [
    ("button value", page('<button value="178 s">Go</button>')),
    ("button value with a bidi override", page('<button value="\u202es 871">Go</button>')),
    # blind67: a drop-down draws its option's label, not its text
    (
        "an option's label",
        page('<p>Each save took <select><option label="37">ok</option></select> s</p>'),
    ),
]


@pytest.mark.parametrize(("row", "html"), CONTROLS, ids=[r[0] for r in CONTROLS])
def test_form_control_text_is_read(row: str, html: str) -> None:
    assert figures(html) or "FX502" in local_codes(html)


@pytest.mark.parametrize(
    "html",
    [
        page('<input value="178 s">'),
        page('<input placeholder="178 s">'),
        page("<select><option>178 s</option></select>"),
        page("<textarea>178 s</textarea>"),
        # near miss: a label drawn in place of a figure's text ("Fast", not "37 s")
        page('<p><select><option label="Fast">37</option></select> 178 s</p>'),
    ],
)
def test_form_controls_read_as_before(html: str) -> None:
    """Held: these were read before this change (regression rows, not new ones)."""
    assert figures(html) == {"178 s"}


# -- text written by code: FX505 -------------------------------------------------------------------

WRITERS = [
    ("textContent", page('<p id="x"></p><script>x.textContent = "178 s"</script>')),
    ("innerHTML", page('<p id="x"></p><script>x.innerHTML="<b>178</b> s"</script>')),
    ("innerHTML +=", page('<p id="x"></p><script>x.innerHTML += "178 s"</script>')),
    ("innerHTML by name", page('<p id="x"></p><script>x["innerHTML"] = "178 s"</script>')),
    ("innerText", page('<p id="x"></p><script>x.innerText = "178 s"</script>')),
    ("document.write", page('<script>document.write("178 s")</script>')),
    (
        "insertAdjacentHTML",
        page("<script>document.body.insertAdjacentHTML('beforeend', '178 s')</script>"),
    ),
    (
        "createTextNode",
        page("<script>document.body.appendChild(document.createTextNode('178 s'))</script>"),
    ),
    ("eval", page("<script>eval(atob('eC50ZXh0Q29udGVudD0nMTc4IHMn'))</script>")),
    ("a module script", page('<script type="module">document.body.append("178 s")</script>')),
    ("an onload handler", page('<img src="x.png" onerror="this.outerHTML=\'178 s\'">')),
    (
        "a script that sets a class (which may switch on a rule that hides text)",
        page('<script>document.documentElement.classList.add("js")</script>'),
    ),
    (
        "a handler that toggles a class (which may hide text)",
        page("<button onclick=\"this.classList.toggle('open')\">Menu</button>"),
    ),
    ("a javascript: URL", page("<a href=\"javascript:document.body.textContent='178 s'\">go</a>")),
    (
        "CSS content from an attribute",
        page(
            '<p class="x" data-x="178 s">Save</p>',
            "<style>.x::after { content: attr(data-x) }</style>",
        ),
    ),
    (
        "CSS content with a figure",
        page('<p class="x">Save</p>', '<style>.x::after { content: " 178 s" }</style>'),
    ),
    (
        "CSS content with escaped digits",
        page('<p class="x">Save</p>', '<style>.x::after { content: "\\31 78 s" }</style>'),
    ),
    (
        "CSS counter",
        page("<ol class=c><li>s</li></ol>", "<style>.c li::before{content:counter(x)}</style>"),
    ),
    ("CSS quotes with a figure", page("<q>s</q>", '<style>q { quotes: "178 " "" }</style>')),
]

NOT_WRITERS = [
    ("a script that only logs", page("<script>console.log(document.title)</script>")),
    (
        "a script that reads innerText",
        page("<script>var t = label.innerText.trim() === tab</script>"),
    ),
    (
        "JSON-LD",
        page('<script type="application/ld+json">{"@type": "Thing", "innerHTML=": "x"}</script>'),
    ),
    ("JSON data", page('<script type="application/json">{"textContent": "="}</script>')),
    ("the site's own script file", page('<script src="assets/x.js"></script>')),
    ("CSS content: empty", page("<p class=x>a</p>", '<style>.x::before { content: "" }</style>')),
    (
        "CSS content: an arrow",
        page("<p class=x>a</p>", '<style>.x::after { content: "↕" }</style>'),
    ),
]


@pytest.mark.parametrize(("row", "html"), WRITERS, ids=[r[0] for r in WRITERS])
def test_page_code_that_writes_text_is_refused(row: str, html: str) -> None:
    assert "FX505" in local_codes(html)


@pytest.mark.parametrize(("row", "html"), NOT_WRITERS, ids=[r[0] for r in NOT_WRITERS])
def test_page_code_that_writes_nothing_passes(row: str, html: str) -> None:
    assert "FX505" not in local_codes(html)


def _material(suffix: str) -> str:
    """A file of the installed Material theme, by the end of its name (looked up in the
    package's folder: listing the distribution's files took a second at collection)."""
    import material

    root = Path(material.__file__).parent
    for path in sorted(root.rglob(f"*{Path(suffix).name}")):
        if path.as_posix().endswith(suffix):
            return path.read_text("utf-8")
    raise AssertionError(f"no {suffix} in mkdocs-material")


def _material_inline() -> str:
    text = _material("partials/javascripts/content.html")
    match = re.search(r"<script>(var target=.*?)</script>", text)
    assert match is not None
    return match.group(1)


def test_material_inline_scripts_pass() -> None:
    """The theme's own inline scripts: they come from its templates, not from the site."""
    html = page("", f"<script>{_material_inline()}</script>")
    assert "FX505" not in local_codes(html)
    # The same script with one more statement is the site's.
    html = page("", f'<script>{_material_inline()};document.body.innerHTML="178 s"</script>')
    assert "FX505" in local_codes(html)


# -- whole published folders: files, policy, warnings ----------------------------------------------


def audit(
    tmp_path: Path, files: dict[str, str], declared: frozenset[str] | None = None
) -> list[Finding]:
    """``verify_site`` on a folder holding ``files``, an empty page and no records."""
    root = tmp_path / "site"
    root.mkdir()
    (root / "evidence.json").write_text(json.dumps(EMPTY_EVIDENCE), encoding="utf-8")
    (root / "index.html").write_text(page("<p>Hello</p>"), encoding="utf-8")
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return verify_site(root, declared=declared)


DRAWN = "FX504", "FX505", "FX506", "FX507"

FILES = [
    ("a script file writing text", {"js/x.js": 'document.body.textContent = "178 s";'}, "FX505"),
    (
        "a script file using innerHTML",
        {"js/x.mjs": "export const f = (e) => { e.innerHTML = s }"},
        "FX505",
    ),
    (
        "a stylesheet drawing an attribute",
        {"css/x.css": ".a::after { content: attr(data-x) }"},
        "FX505",
    ),
    ("a stylesheet drawing a figure", {"css/x.css": '.a::after { content: "178 s" }'}, "FX505"),
    ("a stylesheet reordering text", {"css/x.css": ".a { flex-direction: row-reverse }"}, "FX504"),
    (
        "a stylesheet with bidi-override",
        {"css/x.css": ".a { unicode-bidi: bidi-override }"},
        "FX504",
    ),
    (
        "Material's bundle with one line added",
        {"assets/b.js": _material("bundle.a5f9d56c.min.js") + "\ndocument.body.innerText='178 s'"},
        "FX505",
    ),
    (
        "a web font in a stylesheet",
        {"css/f.css": "@font-face { font-family: x; src: url(x.woff2) }"},
        "FX507",
    ),
    (
        "a web font in a page",
        {"a.html": page("<p>a</p>", "<style>@font-face{font-family:x;src:url(x.woff2)}</style>")},
        "FX507",
    ),
    (
        "a script from another origin",
        {"a.html": page('<script src="https://cdn.example/x.js"></script>')},
        "FX507",
    ),
    (
        "a stylesheet from another origin",
        {"a.html": page("", '<link rel="stylesheet" href="//cdn.example/x.css">')},
        "FX507",
    ),
    ("an iframe", {"a.html": page('<iframe src="https://example.com/"></iframe>')}, "FX507"),
    (
        "a script URL no parser reads",
        {"a.html": page('<script src="http://[::1"></script>')},
        "FX507",
    ),
    (
        "an object from another origin",
        {"a.html": page('<object data="https://x.example/a.svg">')},
        "FX507",
    ),
    ("an embed from another origin", {"a.html": page('<embed src="//x.example/a.svg">')}, "FX507"),
    (
        "@import from another origin",
        {"css/x.css": '@import url("https://cdn.example/x.css");'},
        "FX507",
    ),
    (
        "@import in a page",
        {"a.html": page("", "<style>@import 'https://cdn.example/x.css';</style>")},
        "FX507",
    ),
    (
        "a meta refresh",
        {"a.html": page("", '<meta http-equiv="refresh" content="0; url=/x">')},
        "FX507",
    ),
    (
        "a base href in the head",
        {"a.html": page("", '<base href="https://elsewhere.example/">')},
        "FX507",
    ),
    (
        "a base href in the body",
        {"a.html": page('<base href="/other/"><p><a href="evidence/R1/">x</a></p>')},
        "FX507",
    ),
]

CLEAN_FILES = [
    (
        "a script file that writes nothing",
        {"js/x.js": 'if (document.documentElement.classList.contains("js")) { go(); }'},
    ),
    (
        "a stylesheet without generated text",
        {"css/x.css": ".a { color: red } .a::before { content: '' }"},
    ),
    ("Material's bundle", {"assets/javascripts/bundle.js": _material("bundle.a5f9d56c.min.js")}),
    (
        "Material's stylesheet (it uses order)",
        {"assets/main.css": _material("main.57a0d79d.min.css")},
    ),
    (
        "fxsite's own stylesheet (attr() content)",
        {"assets/fxsite/fxsite.css": published_asset("fxsite.css")},
    ),
    (
        "fxsite's own script (textContent)",
        {"assets/fxsite/fxsite.js": published_asset("fxsite.js")},
    ),
    (
        "a local script and stylesheet",
        {"a.html": page('<script src="x.js"></script><link rel=stylesheet href="x.css">')},
    ),
    ("the site's own object", {"a.html": page('<object data="img/chart.svg"></object>')}),
    ("a local @import", {"css/x.css": '@import "base.css";'}),
    ("a base that only names a target", {"a.html": page("", '<base target="_blank">')}),
    (
        "an iframe srcdoc (read in place)",
        {"a.html": page('<iframe srcdoc="&lt;p&gt;Hi&lt;/p&gt;"></iframe>')},
    ),
]


@pytest.mark.parametrize(("row", "files", "code"), FILES, ids=[r[0] for r in FILES])
def test_published_file_is_caught(
    tmp_path: Path, row: str, files: dict[str, str], code: str
) -> None:
    found = [f for f in audit(tmp_path, files) if f.code == code]
    assert found, row
    # Warnings are reported, never refuse; the rest refuse.
    assert {f.severity for f in found} == {"warning" if code == "FX507" else "error"}


@pytest.mark.parametrize(("row", "files"), CLEAN_FILES, ids=[r[0] for r in CLEAN_FILES])
def test_published_file_passes(tmp_path: Path, row: str, files: dict[str, str]) -> None:
    assert [f.format() for f in audit(tmp_path, files) if f.code in DRAWN] == []


WRITER = {"js/x.js": 'document.getElementById("v").textContent = "fast";'}
INLINE = {"a.html": page('<p id="v"></p><script>v.textContent = "fast"</script>')}

# (row, files, what the project declares (None: an audit), the code expected)
POLICY = [
    ("an audit: a writer needs a browser", WRITER, None, "FX505"),
    ("a build: an undeclared writer", WRITER, frozenset(), "FX506"),
    ("a build: another file declared", WRITER, frozenset({"js/y.js"}), "FX506"),
    ("a build: a declared writer still needs --browser", WRITER, frozenset({"js/x.js"}), "FX505"),
    ("a build: inline code cannot be declared", INLINE, frozenset({""}) - {""}, "FX506"),
]


@pytest.mark.parametrize(("row", "files", "declared", "code"), POLICY, ids=[r[0] for r in POLICY])
def test_writer_policy(
    tmp_path: Path, row: str, files: dict[str, str], declared: frozenset[str] | None, code: str
) -> None:
    found = [f for f in audit(tmp_path, files, declared) if f.code in DRAWN]
    assert [f.code for f in found] == [code]
    # Each says what to do: FX506 names the option, FX505 the browser check.
    assert "--browser" in found[0].message
    assert code == "FX505" or "scripts_that_write" in found[0].message
