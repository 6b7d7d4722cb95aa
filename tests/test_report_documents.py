"""Figures found in their report documents: notations, kinds of document, build, page, audit."""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest
from sitekit import docx_bytes, pdf_bytes

from fxsite.anchor.consistency import consistency_line
from fxsite.anchor.documents import audit_documents
from fxsite.evidence import documents_text
from fxsite.evidence.documents_text import (
    DocumentText,
    Located,
    document_text,
    stated_note,
    where_stated,
)
from fxsite.evidence.library import Library, load_library
from fxsite.pages.consistency import render_consistency
from fxsite.render.exports import dumps, evidence_json, record_data
from fxsite.render.library_pages import record_page_markdown
from fxsite.verify.markers import marker_problems
from fxsite.verify.published import load_published
from fxsite.verify.visible import page_text


def _lines(*lines: str) -> DocumentText:
    return DocumentText("R1.txt", "line", tuple(enumerate(lines, 1)))


def _at(text: str, low: str, high: str | None = None) -> Located | None:
    return where_stated(Decimal(low), Decimal(high) if high else None, _lines(text))


NOTATIONS = [
    # (text, figure low, figure high, found)
    ("bandwidth 6.40 GB/s", "6.4", None, True),
    ("bandwidth 6.4 GB/s", "6.40", None, True),
    ("bandwidth 6,40 GB/s", "6.40", None, True),
    ("bandwidth 6,4 GB/s.", "6.4", None, True),
    ("bandwidth 6.400 GB/s", "6.40", None, True),
    ("3,560 s in all", "3560", None, True),
    ("3 560 s in all", "3560", None, True),
    ("3\u202f560 s in all", "3560", None, True),
    ("1.234,5 s in all", "1234.5", None, True),
    ("1,234.5 s in all", "1234.5", None, True),
    ("1,234 s in all", "1.234", None, True),  # "1,234" is 1234 or 1.234
    ("a gain of 96 %", "96", None, True),
    ("a gain of +96%", "96", None, True),
    ("a gain of 96", "96", None, True),
    ("a speed-up of 6.2–9.3x", "6.2", "9.3", True),
    ("a speed-up of 6.2-9.3x", "6.2", "9.3", True),
    ("from 6.2 up to 9.30 times", "6.2", "9.3", True),
    ("a change of −5 %", "-5", None, True),
    ("96 GB written", "96", None, True),  # only the number is matched, not its unit
    # near misses
    ("bandwidth 16.45 GB/s", "6.4", None, False),
    ("bandwidth 6.41 GB/s", "6.4", None, False),
    ("version 6.4.1", "6.4", None, False),
    ("bandwidth 64 GB/s", "6.4", None, False),
    ("3,5600 s in all", "3560", None, False),
    ("35,60 s in all", "3560", None, False),
    ("1,2345 s", "1234.5", None, False),
    ("a gain of 960 %", "96", None, False),
    ("a gain of 0.96", "96", None, False),
    ("a speed-up of 6.2x", "6.2", "9.3", False),  # one end only
    ("a speed-up up to 9.3x", "6.2", "9.3", False),
    ("a change of 5 %", "-5", None, False),
    ("no numbers at all", "1", None, False),
]


#: (text, figure low, figure high, its unit, found): a number that names something else is
#: not where a figure is stated (blind64: "94 s stated in line 1" of "Test report 94").
NAMED = [
    ("Test report 94 of the lab", "94", None, "s", False),
    ("see page 178", "178", None, "s", False),
    ("Firmware v6.40", "6.4", None, "GB/s", False),
    ("version 6.40 installed", "6.4", None, "GB/s", False),
    ("Dated 2026-03-14", "14", None, "count", False),
    ("Code 12-34", "34", None, "count", False),
    ("Ratio 5:1", "5", None, "×", False),
    ("half, 1/2", "2", None, "count", False),
    ("Temp -40 C", "40", None, "count", False),
    ("The snapshot was 65.6 GB", "65.6", None, "s", False),
    ("a gain of 96 GB", "96", None, "%", False),
    # near misses: the figure's own dimension, no unit, a range, a sign it has
    ("The snapshot was 65.6 GB", "65.6", None, "GB", True),
    ("65.6 GiB written", "65.6", None, "GB", True),
    ("saved in 94 s", "94", None, "s", True),
    ("saved in 94 seconds", "94", None, "min", True),
    ("saved in 94", "94", None, "s", True),
    ("a speed-up of 6.2-9.3x", "6.2", "9.3", "×", True),
    ("a change of -5 %", "-5", None, "%", True),
    ("a gain of 96 %", "96", None, "%", True),
    ("report R1: 94 s", "94", None, "s", True),
]


@pytest.mark.parametrize(("text", "low", "high", "unit", "found"), NAMED)
def test_a_number_that_names_something_else_does_not_state_a_figure(
    text: str, low: str, high: str | None, unit: str, found: bool
) -> None:
    document = _lines(text)
    located = where_stated(Decimal(low), Decimal(high) if high else None, document, unit)
    assert (located is not None) == found


@pytest.mark.parametrize(("text", "low", "high", "found"), NOTATIONS)
def test_a_figure_is_found_as_a_whole_number_in_the_usual_notations(
    text: str, low: str, high: str | None, found: bool
) -> None:
    assert (_at(text, low, high) is not None) == found


def test_the_place_names_the_pages_or_lines_holding_each_end() -> None:
    doc = _lines("from 6.2", "up to 9.3", "6.2 again")
    assert str(where_stated(Decimal("6.2"), Decimal("9.3"), doc)) == "lines 1 and 2 of R1.txt"
    pdf = DocumentText("R1.pdf", "page", ((1, "intro"), (12, "writes 6.40 GB/s")))
    located = where_stated(Decimal("6.4"), None, pdf)
    assert str(located) == "p. 12 of R1.pdf"
    assert located is not None
    assert stated_note(located) == "stated on <code>p. 12 of R1.pdf</code>"
    html = DocumentText("R1.html", "", ((1, "writes 6.40 GB/s"),))
    located = where_stated(Decimal("6.4"), None, html)
    assert located is not None
    assert stated_note(located) == "stated in <code>R1.html</code>"


def test_a_pdf_is_read_page_by_page(tmp_path: Path) -> None:
    path = tmp_path / "R1.pdf"
    path.write_bytes(pdf_bytes(["Test report R1", "Sustained write bandwidth 6.40 GB/s"]))
    text, problem = document_text(path, tmp_path)
    assert problem is None and text is not None
    assert str(where_stated(Decimal("6.4"), None, text)) == "p. 2 of R1.pdf"
    assert where_stated(Decimal("3.26"), None, text) is None


HOSTILE = [
    # (case, data, readable): unreadable is a reason (FX317), never a traceback or a hang
    ("garbage bytes", b"\x00\xff" * 5000, False),
    ("a PDF header and nothing else", b"%PDF-1.7\n", False),
    ("a truncated PDF", pdf_bytes(["6.40"])[:200], False),
    ("a page tree claiming a billion pages", pdf_bytes(["6.40"], count=10**9), True),
]


@pytest.mark.parametrize(
    ("data", "readable"), [c[1:] for c in HOSTILE], ids=[c[0] for c in HOSTILE]
)
def test_a_hostile_pdf_is_a_finding_not_a_traceback_or_a_hang(
    tmp_path: Path, data: bytes, readable: bool, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "R1.pdf"
    path.write_bytes(data)
    started = time.monotonic()
    text, problem = document_text(path, tmp_path)
    assert time.monotonic() - started < 10
    assert not [r for r in caplog.records if r.name.startswith("pypdf")], "pypdf kept quiet"
    if readable:  # the pages it has, not the count it claims
        assert problem is None and text is not None and len(text.passages) == 1
    else:
        assert text is None and problem is not None


def test_a_pdf_over_the_page_cap_is_refused_before_its_text_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(documents_text, "MAX_PDF_PAGES", 2)
    (tmp_path / "R1.pdf").write_bytes(pdf_bytes(["1", "2", "3"]))
    (tmp_path / "R2.pdf").write_bytes(pdf_bytes(["1", "2"]))  # near miss: at the cap
    assert document_text(tmp_path / "R1.pdf", tmp_path) == (None, "has 3 pages, more than 2")
    assert document_text(tmp_path / "R2.pdf", tmp_path)[1] is None


def test_a_slow_pdf_is_refused_after_its_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(documents_text, "MAX_PDF_SECONDS", -1.0)
    (tmp_path / "R1.pdf").write_bytes(pdf_bytes(["6.40"]))
    text, problem = document_text(tmp_path / "R1.pdf", tmp_path)
    assert text is None and problem is not None and "to read" in problem


def test_html_and_csv_are_read_as_text(tmp_path: Path) -> None:
    (tmp_path / "R1.html").write_text(
        "<html><head><style>p{} /* 3.26 */</style></head><body><p>Write <b>6.40</b> GB/s"
        "<script>var x = 3.26;</script></p></body></html>",
        encoding="utf-8",
    )
    (tmp_path / "R1.csv").write_text("metric,value\nbandwidth,6.40\nsave time,178\n", "utf-8")
    html, _ = document_text(tmp_path / "R1.html", tmp_path)
    csv, _ = document_text(tmp_path / "R1.csv", tmp_path)
    assert html is not None and csv is not None
    assert str(where_stated(Decimal("6.4"), None, html)) == "R1.html"
    assert where_stated(Decimal("3.26"), None, html) is None, "script and style are not text"
    assert str(where_stated(Decimal("178"), None, csv)) == "line 3 of R1.csv"
    assert where_stated(Decimal("6.4"), None, csv) is not None


def test_a_document_without_text_is_not_read(tmp_path: Path) -> None:
    (tmp_path / "R1.xlsx").write_bytes(b"PK\x03\x04")
    assert document_text(tmp_path / "R1.xlsx", tmp_path) == (None, None)
    (tmp_path / "R1.txt").write_bytes(b"\xff\xfe 6.40")
    text, problem = document_text(tmp_path / "R1.txt", tmp_path)
    assert text is None and problem is not None and "UTF-8" in problem


RECORD = """id: R1
title: Checkpoint save
label: measured
status: active
source:
  document: reports/R1.{suffix}
  sha256: {sha}
figures:
  save_time: {{value: 94, unit: s}}
  bandwidth: {{value: 6.40, unit: GB/s}}
  load_speedup: {{min: 6.2, max: 9.3, unit: x}}
  assumed: {{value: 777, unit: s, label: estimate}}
derived:
  speedup: {{formula: save_time / save_time * 2, unit: x, decimals: 1, stated: 2.0}}
"""


def _project(tmp_path: Path, document: bytes, suffix: str = "txt") -> Path:
    evidence = tmp_path / "evidence"
    (evidence / "reports").mkdir(parents=True)
    (evidence / "reports" / f"R1.{suffix}").write_bytes(document)
    sha = hashlib.sha256(document).hexdigest()
    (evidence / "R1.yaml").write_text(RECORD.format(suffix=suffix, sha=sha), encoding="utf-8")
    return evidence


BUILD_CASES = [
    # (document, suffix, FX316 figures at their lines, FX317)
    (b"saved in 94 s at 6,40 GB/s; loads 6.2-9.3x faster; 2x", "txt", {}, False),
    (b"saved in 94 s; loads 6.2-9.3x faster; 2.0x", "txt", {"R1#bandwidth": 10}, False),
    (
        b"saved in 940 s at 16.40 GB/s; 6.2x",
        "txt",
        {"R1#save_time": 9, "R1#bandwidth": 10, "R1#load_speedup": 11, "R1#speedup": 14},
        False,
    ),
    (b"", "txt", {}, True),
    (b"\x00garbage", "pdf", {}, True),
    (pdf_bytes(["94 s", "6.40 GB/s, 6.2 to 9.3x, 2.0x"]), "pdf", {}, False),
    (b"PK\x03\x04", "xlsx", {}, False),  # no text to look in: not checked
    (b"PK\x03\x04", "docx", {}, True),  # a Word document that cannot be read
    (docx_bytes("saved in 94 s at 6,40 GB/s", "loads 6.2-9.3x faster; 2x"), "docx", {}, False),
    (
        docx_bytes("saved in 94 s", "loads 6.2-9.3x faster; 2.0x"),
        "docx",
        {"R1#bandwidth": 10},
        False,
    ),
]


@pytest.mark.parametrize(("document", "suffix", "unstated", "unreadable"), BUILD_CASES)
def test_the_build_warns_of_each_figure_its_document_does_not_state(
    tmp_path: Path, document: bytes, suffix: str, unstated: dict[str, int], unreadable: bool
) -> None:
    evidence = _project(tmp_path, document, suffix)
    library = load_library(evidence, tmp_path)
    fx316 = {f.message.split(":")[0]: f.line for f in library.findings if f.code == "FX316"}
    assert fx316 == unstated
    assert all(f.severity == "warning" for f in library.findings if f.code in ("FX316", "FX317"))
    assert any(f.code == "FX317" for f in library.findings) == unreadable
    message = next((f.message for f in library.findings if f.code == "FX316"), "")
    assert not unstated or "is not stated in its report document 'R1." in message


def test_the_record_page_says_where_each_figure_is_stated(tmp_path: Path) -> None:
    evidence = _project(tmp_path, pdf_bytes(["94 s", "6.40 GB/s and 6.2 to 9.3x"]), "pdf")
    library = load_library(evidence, tmp_path)
    page = record_page_markdown("R1", library, lambda r, a: f"#{a}", "R1.json")
    assert "stated on <code>p. 1 of R1.pdf</code>" in page
    assert page.count("stated on <code>p. 2 of R1.pdf</code>") == 2
    assert "777" in page and page.count("stated on") == 3, "an estimate is not looked for"


def test_audit_documents_looks_for_the_published_figures_in_the_copy(tmp_path: Path) -> None:
    evidence = _project(tmp_path, b"94 s at 6.40 GB/s; 6.2-9.3x; 2.0x")
    library = load_library(evidence, tmp_path)
    data = {"records": [json.loads(dumps(record_data(library, "R1")))]}
    held = tmp_path / "held"
    held.mkdir()
    (held / "R1.txt").write_bytes((evidence / "reports" / "R1.txt").read_bytes())
    assert audit_documents(held, data) == []
    # The same figures in other notations:
    (held / "R1.txt").write_bytes(b"94 s at 6.4 GB/s; 6.2-9.3x; 2x")
    data["records"][0]["source"]["sha256"] = hashlib.sha256(
        b"94 s at 6.4 GB/s; 6.2-9.3x; 2x"
    ).hexdigest()
    assert audit_documents(held, data) == []
    published = data["records"][0]
    published["figures"]["bandwidth"]["value"] = 6.5  # the site claims another value
    found = audit_documents(held, data)
    assert [(f.path, f.code, f.severity) for f in found] == [("R1.yaml", "FX316", "warning")]
    assert (
        "R1#bandwidth: 6.5 GB/s is not stated in its report document 'R1.txt'" in found[0].message
    )


@pytest.mark.parametrize(("claimed", "code"), [(True, "FX812"), (False, "FX316")])
def test_audit_documents_refuses_a_published_place_the_copy_does_not_state(
    tmp_path: Path, claimed: bool, code: str
) -> None:
    """blind68: a site whose evidence.json (and so its pages) says a figure is stated in its
    document, where the auditor's copy does not state it, is an error; a figure the site
    does not say is stated stays a warning (the near miss)."""
    evidence = _project(tmp_path, b"94 s; loads 6.2-9.3x faster; 2.0x")  # no 6.40 GB/s
    library = load_library(evidence, tmp_path)
    figures = [{"ref": "R1#bandwidth"}]
    if claimed:
        figures[0]["stated_in"] = {"document": "R1.txt", "unit": "line", "numbers": [1]}
    data = {"records": [json.loads(dumps(record_data(library, "R1")))], "figures": figures}
    found = audit_documents(evidence / "reports", data)
    assert [(f.code, f.severity) for f in found if "bandwidth" in f.message] == [
        (code, "error" if claimed else "warning")
    ], found


INVARIANTS = """invariants:
  - {expr: save_time / save_time * 2, equals: speedup, within: 1%}
  - {expr: save_time / save_time, equals: speedup, within: 1%}
"""


def test_the_consistency_line_counts_invariants_and_figures_found(tmp_path: Path) -> None:
    evidence = _project(tmp_path, b"94 s at 6.40 GB/s; 6.2-9.3x")  # not the 2.0x
    record = evidence / "R1.yaml"
    record.write_text(record.read_text("utf-8") + INVARIANTS, encoding="utf-8")
    library = load_library(evidence, tmp_path)
    data = {"records": [json.loads(dumps(record_data(library, "R1")))]}
    assert consistency_line(data) == "consistency: 1 of 2 invariant(s) hold"
    held = tmp_path / "held"
    held.mkdir()
    assert consistency_line(data, held).endswith(
        "; 0 of 0 figure(s) found in their report documents"
    )
    (held / "R1.txt").write_bytes((evidence / "reports" / "R1.txt").read_bytes())
    assert consistency_line(data, held) == (
        "consistency: 1 of 2 invariant(s) hold; 3 of 4 figure(s) found in their report documents"
    )
    (held / "R1.txt").write_bytes(b"94 s at 6.40 GB/s; 6.2-9.3x; 2.0x")  # not the hashed copy
    assert consistency_line(data, held).endswith(
        "; 0 of 0 figure(s) found in their report documents"
    )


def _consistency_block(
    tmp_path: Path, link: str = "../evidence/{}/", lang: str = "en"
) -> tuple[str, Library]:
    """The block the build renders for R1 (1 of 2 invariants hold, 3 of 4 figures found in
    its document) and the library the audit loads from the published evidence.json."""
    evidence = _project(tmp_path, b"94 s at 6.40 GB/s; 6.2-9.3x")  # not the 2.0x
    record = evidence / "R1.yaml"
    record.write_text(record.read_text("utf-8") + INVARIANTS, encoding="utf-8")
    library = load_library(evidence, tmp_path)
    html, _ = render_consistency(
        "", "docs/verify.md", 0, library, lambda r, a: link.format(r) + (f"#{a}" if a else ""), lang
    )
    site = tmp_path / "site"
    site.mkdir()
    (site / "evidence.json").write_text(evidence_json(library), encoding="utf-8")
    return html, load_published(site).library


ROW = '<tr><td data-label="Record"><a href="../evidence/R1/">R1</a></td>'
BROKEN = '<li><a href="../evidence/R1/#fx-invariants">R1</a>: '
#: (what a vendor edits the block the build wrote into, and re-signs): each is FX612
CONSISTENCY_LIES = [
    (
        "more invariants hold",
        lambda h: h.replace(">1 of 2 invariants hold<", ">2 of 2 invariants hold<"),
    ),
    ("a row's count", lambda h: h.replace(">1 of 2 hold<", ">2 of 2 hold<")),
    ("the failing invariant unlisted", lambda h: re.sub(f"{re.escape(BROKEN)}.*?</li>", "", h)),
    ("listed as a document's figure", lambda h: h.replace("#fx-invariants", "#speedup")),
    ("the record's row dropped", lambda h: re.sub(f"{re.escape(ROW)}.*?</tr>", "", h)),
    (
        "an invariant listed that holds",
        lambda h: h.replace(BROKEN, f"{BROKEN}<code>a</code> equals <code>b</code></li>{BROKEN}"),
    ),
    (
        "all of it said as nothing to check",
        lambda h: re.sub(
            '<div class="fx-consistency">.*</div>',
            '<div class="fx-consistency"><p class="fx-consistency-none">No record declares an '
            "invariant or names a report document.</p></div>",
            h,
            flags=re.S,
        ),
    ),
    # what the report documents state, published in evidence.json (blind68)
    (
        "more figures found",
        lambda h: h.replace("3 of 4 figures were found", "4 of 4 figures were found"),
    ),
    ("a row's document count", lambda h: h.replace(">3 of 4 found in", ">4 of 4 found in")),
    (
        "a figure not found unlisted",
        lambda h: re.sub('<li><a href="[^"]*#speedup">.*?</li>', "", h),
    ),
    (
        "the document renamed",
        lambda h: h.replace("<code>reports/R1.txt</code>", "<code>reports/R1-signed.pdf</code>"),
    ),
    (
        "a second block that tells otherwise",
        lambda h: h + h.replace(">1 of 2 invariants hold<", ">2 of 2 invariants hold<"),
    ),
]


@pytest.mark.parametrize(
    "lie", [c[1] for c in CONSISTENCY_LIES], ids=[c[0] for c in CONSISTENCY_LIES]
)
def test_a_consistency_block_that_lies_is_refused(
    tmp_path: Path, lie: Callable[[str], str]
) -> None:
    html, published = _consistency_block(tmp_path)
    told = lie(html)
    assert told != html
    found = marker_problems(page_text(f"<html lang=en><body>{told}</body></html>"), published)
    assert [m for m, _ in found if "evidence-consistency block" in m], found


@pytest.mark.parametrize(
    ("link", "lang"),
    [
        ("../evidence/{}/", "en"),
        ("../evidence/{}.html", "en"),
        ("/evidence/{}/", "en"),
        ("../../evidence/{}/", "zh"),
    ],
)
def test_a_consistency_block_as_the_build_wrote_it_passes(
    tmp_path: Path, link: str, lang: str
) -> None:
    """The near misses: any layout of the site's links, either language; the counts of
    figures found in the report document (3 of 4) come from evidence.json's stated_in."""
    html, published = _consistency_block(tmp_path, link, lang)
    assert "reports/R1.txt" in html and "3" in html
    page = page_text(f"<html lang={lang}><body>{html}{html}</body></html>")
    assert marker_problems(page, published) == []
    # The same block on a page of the other language says what the records give in words
    # of another language: told as a difference, not passed.
    other = "zh" if lang == "en" else "en"
    assert marker_problems(page_text(f"<html lang={other}><body>{html}</body></html>"), published)


@pytest.mark.slow
def test_audit_documents_on_a_built_site_says_where_figures_are_and_counts_them(
    tmp_path: Path,
) -> None:
    """The one whole-site build: the record page, the gate and `fxsite audit --documents`."""
    from anchorkit import audit_here, build, make_repo
    from sitekit import fxsite_here

    project = make_repo(tmp_path / "project")
    site = build(project)
    page = (site / "evidence" / "R1" / "index.html").read_text("utf-8")
    assert "stated in <code>line 3 of R1.txt</code>" in page  # load_speedup
    docs = project / "evidence" / "reports"
    code, findings = audit_here(site, "--documents", str(docs), cwd=tmp_path)
    assert code == 0 and not [f for f in findings if f["code"] in ("FX316", "FX317")]
    proc = fxsite_here("audit", str(site), "--documents", str(docs), cwd=tmp_path)
    assert "5 of 5 figure(s) found in their report documents" in proc.stderr


@pytest.mark.parametrize(
    "records", [["x", 5, {"id": 3}], [{"id": "R1", "source": "reports/R1.txt"}], [None]]
)
def test_the_consistency_line_of_a_hostile_evidence_json_is_a_line(
    tmp_path: Path, records: list[object]
) -> None:
    (tmp_path / "R1.txt").write_text("6.40", encoding="utf-8")
    assert consistency_line({"records": records}, tmp_path) == (
        "consistency: 0 of 0 invariant(s) hold; 0 of 0 figure(s) found in their report documents"
    )
