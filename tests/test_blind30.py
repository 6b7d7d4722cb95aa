"""What the thirtieth blind tester, a hostile vendor against ``fxsite audit``, got past it
or stalled it with; and the twenty-ninth's paragraph of 50,000 figures.

* A MathML ``<semantics>`` draws its first child only: an ``<annotation>`` between a
  number and its unit drew "95 s" that was read "95X s".
* Files web servers send as XML (``.rng``, ``.xsd``, ``.xul`` … as mime-db types them)
  were read as text: a character reference in them is drawn as its digit.
* A run of digits was read in quadratic time (a 2 MB file of nines, hours) and a number
  of 2,000,000 digits overflowed ``Decimal`` with a traceback; its finding quoted all of it.
* A figure put together from elements was placed at the first "95" of the file.

Each is checked in-process: a page in, what the gate reads out.
"""

from __future__ import annotations

import pytest

from fxsite.evidence.quantities import parse_stated
from fxsite.findings import Finding
from fxsite.verify.kinds import kind_of
from fxsite.verify.scan import scan_file
from fxsite.verify.site_facts import line_in_file


def page(body: str) -> str:
    return (
        '<!doctype html><html><head><meta charset="utf-8"><meta name="fxsite-build" '
        f'content="0"><title>x</title></head><body><article>{body}</article></body></html>'
    )


def figures(html: str) -> set[str]:
    return {c.found for c in scan_file("index.html", html).candidates}


DRAWN = [
    ("an annotation between number and unit", "<p>Each save took <math><semantics><mn>95</mn><annotation>X</annotation></semantics></math> s.</p>", "95 s"),
    ("an annotation-xml", '<p>Then <math><semantics><mrow><mn>8</mn></mrow><annotation-xml encoding="text/html"><b>Y</b></annotation-xml></semantics></math> s.</p>', "8 s"),
    ("a phantom (as before)", "<p>It took <math><mn>9</mn><mphantom><mi>x</mi></mphantom><mn>4</mn></math> s.</p>", "94 s"),
]  # fmt: skip


@pytest.mark.parametrize(("body", "figure"), [r[1:] for r in DRAWN], ids=[r[0] for r in DRAWN])
def test_what_math_draws_is_read(body: str, figure: str) -> None:
    assert figure in figures(page(body))


def test_near_miss_an_annotation_alone_draws_nothing() -> None:
    assert (
        figures(
            page(
                "<p>A formula <math><semantics><mi>x</mi><annotation>TeX</annotation></semantics></math>.</p>"
            )
        )
        == set()
    )


XML_NAMES = [
    ("schemas/x.rng", "xml"),
    ("x.xsd", "xml"),
    ("chrome/x.xul", "xml"),
    ("x.mathml", "xml"),
    ("track.gpx", "xml"),
    ("places.kml", "xml"),
    ("near miss: Rust source", "text"),
    ("near miss: notes.txt", "text"),
]


@pytest.mark.parametrize(("rel", "kind"), XML_NAMES, ids=[r[0] for r in XML_NAMES])
def test_names_sent_as_xml_are_read_as_xml(rel: str, kind: str) -> None:
    name = {"near miss: Rust source": "src/main.rs", "near miss: notes.txt": "notes.txt"}.get(
        rel, rel
    )
    assert kind_of(name) == kind


def test_a_number_of_two_million_digits_is_no_quantity_and_no_traceback() -> None:
    assert parse_stated("9" * 2_000_000 + " s") is None
    assert parse_stated("9" * 100 + " s") is not None  # near miss: long, and one quantity


def test_a_vulgar_fraction_and_a_power_of_ten_still_read() -> None:
    assert parse_stated("1½ h") is not None and parse_stated("1½ h").low == 1.5
    stated = parse_stated("2.5×10^3 s")
    assert stated is not None and stated.low == 2500


def test_a_long_message_is_shown_by_its_ends() -> None:
    finding = Finding("x.txt", 1, 1, "FX501", f"bare figure '{'9' * 5000} s': cite its record")
    line = finding.format()
    assert len(line) < 1100 and "characters left out" in line
    assert line.endswith("cite its record") and "'9999" in line
    assert len(finding.to_dict()["message"]) < 1100  # type: ignore[arg-type]
    short = Finding("x.txt", 1, 1, "FX501", "bare figure '95 s'")
    assert short.format().endswith("bare figure '95 s'")  # near miss: left whole


def test_a_figure_put_together_is_placed_at_its_own_line() -> None:
    raw = (
        '<html><head><meta charset="utf-8"><meta name="x" content="95"></head>\n<body>\n'
        '<div data-n="95">hero</div>\n<p>Each save took <math><mn>95</mn></math>\n s.</p>\n'
    )
    assert line_in_file(raw, "95 s") == 4
    # not inside a longer number, nor where much text stands between its words
    raw = (
        "<body>\n<p>It took 178 s.</p>\n<p><mn>8</mn> is the count of drives, s.</p>\n"
        "<p><mn>8</mn><annotation-xml><b>Y</b></annotation-xml></math> s.</p>\n"
    )
    assert line_in_file(raw, "8 s") == 4
    assert line_in_file("<body>\n<p>It took 95 s.</p>", "95 s") == 2  # as written
    assert line_in_file("<body>\nnothing", "95 s") == 1
    # written with a character reference: its decoded text holds it (blind67)
    raw = (
        "<head><title>sto\u00adrage</title></head>\n<body>\n<p>x</p>\n<p>Sto&shy;rage is fast</p>\n"
    )
    assert line_in_file(raw, "\u00adrage is fast") == 4
    assert line_in_file(raw.replace("&shy;", "&amp;shy;"), "\u00adrage is fast") == 1
