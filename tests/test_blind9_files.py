"""Stylesheets, scripts and files that change what is drawn, round 2 (issue 20, blind
tester 9).

* A ``<link>`` that fetches a file as a style (``rel=preload as=style``, turned into a
  stylesheet by its ``onload``) styles the page as ``rel=stylesheet`` does
  (:func:`fxsite.verify.sheets.loads_style`).
* An element with an inline event handler (``onerror=``, ``onload=``…) runs a script the
  gate does not read: it may hide part of a figure as readily as write one, so it is a
  writer (``FX505``; ``FX506`` in a build), as an inline ``<script>`` that writes text is.
* A CSV or TSV file published as it is: its header row states units for its columns as
  a table's header does (:func:`fxsite.pages.table_units.table_units`): "98" under
  "save time (s)" is a bare figure at the CSV's line.

In-process rows: a page and its files in, findings out (the reader ``fxsite check``, the
build's gate and ``fxsite audit`` share); one batched whole-site test holds check and the
build to the same findings.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import (
    PAGE_PATH,
    check_and_build,
    finding_lines,
    fixture_renderer,
    fxsite_here,
    href_for,
    library,
    rows_site,
)

from fxsite.evidence.library import Library
from fxsite.markdown import render_page
from fxsite.pages.page import process_page
from fxsite.verify.audit import verify_site
from fxsite.verify.docs_files import docs_file_findings
from fxsite.verify.scan import scan_file
from fxsite.verify.scripts import link_note
from fxsite.verify.sheets import SheetFiles


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


def _found(
    root: Path, lib: Library, page: str, files: dict[str, str]
) -> list[tuple[str, int, int]]:
    """``fxsite check``'s errors on ``page`` (the home page) with ``files`` in its docs/."""
    docs = root / "docs"
    docs.mkdir(exist_ok=True)
    for name, text in files.items():
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text(text, "utf-8")
    sheets = SheetFiles([docs]).page("index.html")
    result = process_page(page, PAGE_PATH, lib, href_for)
    judged = render_page(result, page, lib, href_for, fixture_renderer(), sheets=sheets)[1].findings
    found = [*result.findings, *judged]
    return sorted((f.code, f.line, f.col) for f in found if f.severity == "error")


def _linked(link: str) -> str:
    """A page whose line 3 is ``link`` and whose line 5 splits "99 s" with a span of class h."""
    return f'# T\n\n{link}\n\nEach save took 9<span class="h">x</span>9 s.\n'


_HIDES = {"css/w.css": ".h { display: none }"}

# (name, link): a link that loads css/w.css as a stylesheet, now or once a script runs.
PRELOADED = [
    (
        "preload as=style turned into a stylesheet onload",
        """<link rel="preload" as="style" href="css/w.css" onload="this.rel='stylesheet'">""",
    ),
    ("preload as=style, no handler", '<link rel="preload" as="style" href="css/w.css">'),
    ("AS=STYLE in capitals", '<link rel="preload" AS=" Style " href="css/w.css">'),
    ("prefetch as=style", '<link rel="prefetch" as="style" href="css/w.css">'),
    (
        "media=print switched to all onload",
        """<link rel="stylesheet" media="print" href="css/w.css" onload="this.media='all'">""",
    ),
]

# (name, link): a link that loads css/w.css as something else: its rules style nothing.
NOT_STYLES = [
    ("preload as=font", '<link rel="preload" as="font" href="css/w.css">'),
    ("preload as=script", '<link rel="preload" as="script" href="css/w.css">'),
    ("prefetch, no as", '<link rel="prefetch" href="css/w.css">'),
    ("an icon", '<link rel="icon" href="css/w.css">'),
]


@pytest.mark.parametrize(("row", "link"), PRELOADED, ids=[r[0] for r in PRELOADED])
def test_a_style_a_link_preloads_is_applied(
    row: str, link: str, tmp_path: Path, lib: Library
) -> None:
    assert ("FX501", 5, 16) in _found(tmp_path, lib, _linked(link), _HIDES)


@pytest.mark.parametrize(("row", "link"), NOT_STYLES, ids=[r[0] for r in NOT_STYLES])
def test_a_file_not_loaded_as_a_style_is_not_applied(
    row: str, link: str, tmp_path: Path, lib: Library
) -> None:
    assert _found(tmp_path, lib, _linked(link), _HIDES) == []


def test_a_style_preloaded_from_another_origin_is_told() -> None:
    """Warned as a stylesheet of another origin is (FX507): drawn unread."""
    preload = {"rel": "preload", "as": "style", "href": "https://cdn.example.com/w.css"}
    note = link_note(preload)
    assert note is not None and note.code == "FX507"
    assert link_note({**preload, "as": "font"}) is None


def _split_by(element: str, span: str = 'id="u"') -> str:
    """A page whose line 3 is ``element`` and whose line 5 splits "98 s" with a span."""
    return f"# T\n\n{element}\n\nEach save took 9<span {span}>x</span>8 s on NFS.\n"


# (name, page, place of the handler's finding): inline handlers that hide or remove
# part of a figure: each is refused at its code (at what writes text, where it names it).
HANDLERS = [
    (
        "onerror sets a class",
        _split_by(
            """<img src="nope.png" alt="" onerror="document.getElementById('u').className='h'">"""
        ),
        (3, 66),
    ),
    (
        "onerror sets style.display",
        _split_by(
            """<img src="nope.png" alt="" onerror="document.getElementById('u').style.display='none'">"""
        ),
        (3, 66),
    ),
    (
        "onerror sets hidden",
        _split_by(
            """<img src="nope.png" alt="" onerror="document.getElementById('u').hidden=true">"""
        ),
        (3, 66),
    ),
    (
        "onerror removes the node",
        _split_by(
            """<img src="nope.png" alt="" onerror="document.getElementById('u').remove()">"""
        ),
        (3, 65),
    ),
    (
        "ONLOAD in capitals on the body of a figure",
        _split_by("x", span="""id="u" ONLOAD="this.remove()\""""),
        (5, 42),
    ),
    (
        "a preloaded style made a stylesheet onload",
        _split_by("""<link rel="preload" href="x.css" onload="this.rel='stylesheet'">"""),
        (3, 42),
    ),
    (
        "a javascript: URL that hides",
        _split_by("""<a href="javascript:u.style.display='none'">go</a>"""),
        (3, 23),
    ),
    (
        "void of code that hides",
        _split_by("""<a href="javascript:void(u.style.display='none')">go</a>"""),
        (3, 28),
    ),
    (
        "a handler that writes text, placed at what writes",
        _split_by("""<img src="nope.png" alt="" onerror="this.outerHTML='9'">"""),
        (3, 42),
    ),
]

# Elements without code to run: they pass.
NO_HANDLERS = [
    ("an image without a handler", _split_by('<img src="nope.png" alt="">')),
    ("an empty handler", _split_by('<img src="nope.png" alt="" onerror="  ">')),
    ("an attribute named like a handler's value", _split_by('<img src="x.png" alt="onerror">')),
    ("a data attribute", _split_by('<img src="x.png" alt="" data-onload="this.remove()">')),
    ("a link, not javascript:", _split_by('<a href="javascript.html">go</a>')),
    # blind78: Material's search.share button, code that does nothing
    ("a javascript: URL that does nothing", _split_by('<a href="javascript:void(0)">go</a>')),
    ("void 0 and a semicolon", _split_by('<a href="javascript: void 0;">go</a>')),
    ("an empty javascript: URL", _split_by('<a href="javascript:;">go</a>')),
]


@pytest.mark.parametrize(("row", "page", "at"), HANDLERS, ids=[r[0] for r in HANDLERS])
def test_an_inline_handler_is_a_writer(
    row: str, page: str, at: tuple[int, int], tmp_path: Path, lib: Library
) -> None:
    assert ("FX506", *at) in _found(tmp_path, lib, page, {})


@pytest.mark.parametrize(("row", "page"), NO_HANDLERS, ids=[r[0] for r in NO_HANDLERS])
def test_an_element_without_code_passes(row: str, page: str, tmp_path: Path, lib: Library) -> None:
    assert _found(tmp_path, lib, page, {}) == []


# (name, file in docs/, its text, place of each bare figure): a table file whose header
# (or a row label, or a "unit" row) states the unit of bare numbers, as a page's table does.
TABLE_FILES = [
    ("a CSV header (s)", "data.csv", "system,save time (s)\nNFS,98\n", [(2, 5)]),
    ("a TSV header (s)", "data.tsv", "system\tsave time (s)\nNFS\t97\n", [(2, 5)]),
    (
        "three columns, three units",
        "data.csv",
        "system,save time (s),speed-up (x),cost (USD)\nNFS,98,2.4,310\n",
        [(2, 5), (2, 8), (2, 12)],
    ),
    ("a header naming its unit", "d.csv", "system,Latency ms\nA,12\n", [(2, 3)]),
    ("a quoted header and cell", "d.csv", 'system,"Price, USD"\nA,"1,234"\n', [(2, 4)]),
    ("a row label states it", "d.csv", "metric,A\nSave time (s),98\n", [(2, 15)]),
    ("a 'unit' row states it", "d.csv", "system,time\nunit,s\nA,98\n", [(3, 3)]),
    ("the third line", "d.csv", "system,save time (s)\nA,97\nB,98\n", [(2, 3), (3, 3)]),
    ("CRLF lines, a name in capitals", "D.CSV", "system,save time (s)\r\nNFS,98\r\n", [(2, 5)]),
    (
        "placed at its cell, not at the same digits before it",
        "d.csv",
        "system,note,save time (s)\nA,98 runs,fast\nB,x,98\n",
        [(3, 5)],
    ),
]

# Table files whose numbers no unit governs: they pass.
TABLE_NEAR = [
    ("a header without a unit", "d.csv", "system,rank\nNFS,3\n"),
    ("a year column", "d.csv", "system,year\nNFS,2024\n"),
    ("words under a unit", "d.csv", "system,save time (s)\nNFS,fast\n"),
    ("a header alone", "d.csv", "system,save time (s)\n"),
    ("the same text in a .txt file (no table)", "d.txt", "system,save time (s)\nNFS,98\n"),
]


def _file_findings(root: Path, name: str, text: str) -> list[tuple[str, int, int]]:
    """What check and the build find in docs/``name`` (:func:`docs_file_findings`)."""
    docs = root / "docs"
    docs.mkdir(exist_ok=True)
    (docs / name).write_bytes(text.encode())
    found = docs_file_findings(docs, name, f"docs/{name}")
    return sorted((f.code, f.line, f.col) for f in found)


@pytest.mark.parametrize(
    ("row", "name", "text", "at"), TABLE_FILES, ids=[r[0] for r in TABLE_FILES]
)
def test_a_table_file_header_states_units(
    row: str, name: str, text: str, at: list[tuple[int, int]], tmp_path: Path
) -> None:
    assert _file_findings(tmp_path, name, text) == [("FX501", *a) for a in at]
    # The gate and the audit read the published copy with the same reader.
    assert len(scan_file(name, text).candidates) == len(at)


@pytest.mark.parametrize(("row", "name", "text"), TABLE_NEAR, ids=[r[0] for r in TABLE_NEAR])
def test_a_table_file_without_units_passes(row: str, name: str, text: str, tmp_path: Path) -> None:
    assert _file_findings(tmp_path, name, text) == []
    assert scan_file(name, text).candidates == []


def test_a_table_file_says_what_it_is_read_as(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "d.csv").write_text("system,save time (s)\nNFS,98\n", "utf-8")
    (found,) = docs_file_findings(docs, "d.csv", "docs/d.csv")
    assert "'98' (read as '98 s', under the header 'save time (s)', row 'NFS')" in found.message


def test_a_table_file_the_csv_module_cannot_split_is_split_at_its_separators() -> None:
    """A field past the ``csv`` module's size limit: each line split at its commas."""
    text = "system,save time (s)\nNFS,98\n" + "x" * 200_000 + ',"\n'
    assert [c.shown for c in scan_file("d.csv", text).candidates] == ["98"]


#: Blind tester 9's three cases in one site: a preloaded style, an inline handler, a CSV.
_CASES = {
    "preload.md": "# P\n\n"
    """<link rel="preload" as="style" href="../css/w.css" onload="this.rel='stylesheet'">\n\n"""
    'Each save took 9<span class="h5">x</span>9 s.\n',
    "handler.md": "# H\n\n"
    """<img src="nope.png" alt="" onerror="document.getElementById('u').remove()">\n\n"""
    'Each save took 9<span id="u">x</span>8 s on NFS.\n',
    "css/w.css": ".h5 { display: none }\n",
    "data.csv": "system,save time (s),speed-up (x),cost (USD)\nNFS,98,2.4,310\n",
    "data.tsv": "system\tsave time (s)\nNFS\t97\n",
}


def test_check_build_and_audit_agree_on_blind9s_files(tmp_path: Path) -> None:
    """Check and the build refuse the same findings at the same source lines; published
    regardless (``enforce: false``), the audit refuses the site on the same files."""
    site = rows_site(tmp_path / "b9")
    for name, text in _CASES.items():
        (site / "docs" / name).parent.mkdir(parents=True, exist_ok=True)
        (site / "docs" / name).write_text(text, "utf-8")
    checked, built = check_and_build(site)
    expected = [
        "docs/data.csv:2:12: FX501 bare figure '310' (read as '310 USD'",
        "docs/data.csv:2:5: FX501 bare figure '98' (read as '98 s'",
        "docs/data.csv:2:8: FX501 bare figure '2.4' (read as '2.4 x'",
        "docs/data.tsv:2:5: FX501 bare figure '97' (read as '97 s'",
        "docs/handler.md:3:65: FX506 the onerror attribute's script hides what is drawn",
        "docs/preload.md:3:60: FX506 the onload attribute's script may change what is drawn",
        "docs/preload.md:5:16: FX501 bare figure '99 s'",
    ]
    for run in (checked, built):
        assert run.returncode == 1
        lines = finding_lines(run.stdout + run.stderr, warnings=False)
        assert [line[: len(e)] for line, e in zip(lines, expected, strict=True)] == expected
    assert not (site / "site" / "data.csv").exists()
    config = site / "mkdocs.yml"
    config.write_text(
        config.read_text("utf-8").replace("  - fxsite\n", "  - fxsite:\n      enforce: false\n"),
        "utf-8",
    )
    assert fxsite_here("build", ".", cwd=site).returncode == 0
    audited = {(f.path, f.code) for f in verify_site(site / "site") if f.severity == "error"}
    assert audited == {
        ("data.csv", "FX501"),
        ("data.tsv", "FX501"),
        ("handler/index.html", "FX505"),
        ("preload/index.html", "FX501"),
        ("preload/index.html", "FX505"),
    }
