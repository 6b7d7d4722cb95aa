"""Invariants (fxsite.evidence.invariants): how a record's figures relate, proved at build.

Each rule has refused fixtures and near misses that pass, as table rows; every
refusal is checked at its ``line:col`` in the record. Then the record page's
section, evidence.json and evidence.sqlite carrying them, the audit's
recomputation from evidence.json, and the demo record R1.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from fxsite.anchor.sqlite_export import sqlite_findings, sqlite_rows, write_evidence_sqlite
from fxsite.evidence.library import Library, library_from_published, load_library
from fxsite.render.exports import dumps, evidence_data, loads
from fxsite.render.library_pages import record_page_markdown

ROOT = Path(__file__).resolve().parent.parent
R1 = "evidence/R1.yaml"

FIGURES = (
    "id: R1",
    "title: T",
    "label: spec",
    "status: active",
    "figures:",
    "  size: {value: 65.6, unit: GB}",
    "  t: {value: 94, unit: s}",
    "  t_ms: {value: 94000, unit: ms}",
    "  bw: {value: 698, unit: MB/s}",
    "  bw_g: {value: 0.698, unit: GB/s}",
    "  hundred: {value: 100, unit: s}",
    "  ratio: {value: 1, unit: x}",
    "  gain: {value: 96, unit: '%'}",
    "  span: {min: 90, max: 100, unit: s}",
    "  under: {max: 40, unit: s}",
    "  iops: {value: 5, unit: IOPS}",
    "derived:",
    "  rate: {formula: size / t, unit: GB/s, decimals: 2}",
    "invariants:",
)
#: the invariant's lines: ``- expr:`` (its value at column 11), ``equals:``, ``within:``
EXPR = len(FIGURES) + 1
EQUALS, WITHIN = EXPR + 1, EXPR + 2
OTHERS = {
    "R9.yaml": "id: R9\ntitle: T\nlabel: spec\nstatus: active\nfigures:\n  x: {value: 94, unit: s}\n",
    "R8.yaml": "id: R8\ntitle: T\nlabel: spec\nstatus: retracted\nfigures:\n  x: {value: 94, unit: s}\n",
}


def record(expr: str, equals: str, within: str, *extra: str) -> str:
    lines = (*FIGURES, f"  - expr: {expr}", f"    equals: {equals}", f"    within: {within}")
    return "\n".join((*lines, *extra)) + "\n"


def load(tmp_path: Path, files: dict[str, str]) -> Library:
    evidence = tmp_path / "evidence"
    evidence.mkdir(exist_ok=True)
    for name, text in files.items():
        (evidence / name).write_text(text, encoding="utf-8")
    return load_library(evidence, tmp_path)


def errors(library: Library) -> list[tuple[str, int, int, str]]:
    return [(f.path, f.line, f.col, f.code) for f in library.findings if f.severity == "error"]


# (name, expr, equals, within, expected error or None, words the message must hold)
CASES = [
    # units reconcile: prefixes of one dimension convert exactly
    ("GB over s against MB/s", "size / t", "bw", "5%", None, ""),
    ("GB over s against GB/s", "size / t", "bw_g", "0.1%", None, ""),
    ("s against ms, exactly", "t", "t_ms", "0%", None, ""),
    ("ms against s, exactly", "t_ms", "t", "0%", None, ""),
    ("ratio of one dimension is plain", "round(t / t_ms)", "ratio", "0%", None, ""),
    ("a percentage is its number", "gain", "gain", "0 pp", None, ""),
    ("a unit without a size meets itself", "iops * 2 / 2", "iops", "0%", None, ""),
    (
        "0.01% is too tight",
        "size / t",
        "bw_g",
        "0.01%",
        "FX312",
        "is 0.69787 GB/s but bw_g is 0.698 GB/s",
    ),
    # the tolerance's edge: exactly at it holds, just past it does not
    ("exactly 5% holds", "hundred * 1.05", "hundred", "5%", None, ""),
    ("exactly -5% holds", "hundred * 0.95", "hundred", "5%", None, ""),
    ("5.01% does not hold", "hundred * 1.0501", "hundred", "5%", "FX312", "5.01%"),
    ("exactly 0.5 s holds", "hundred * 1.005", "hundred", "0.5 s", None, ""),
    ("500 ms is 0.5 s", "hundred * 1.005", "hundred", "500 ms", None, ""),
    ("just past 0.5 s", "hundred * 1.00501", "hundred", "0.5 s", "FX312", "more than within"),
    ("just past 500 ms", "hundred * 1.00501", "hundred", "500 ms", "FX312", "by 501 ms"),
    ("just past 5%", "hundred * 1.05001", "hundred", "5%", "FX312", "by 5.001%"),
    # derived figures enter at their computed value, unrounded (0.6979, not 0.70)
    ("a derived input", "rate", "bw", "0.02%", None, ""),
    ("a derived input, unrounded", "rate", "bw_g", "0.01%", "FX312", "by 0.0183%"),
    ("a derived figure to equal", "size / t", "rate", "0%", None, ""),
    # another record's figure
    ("another record's figure", "R9.x", "t", "0%", None, ""),
    ("equals another record's figure", "t_ms", "R9.x", "0%", None, ""),
    ("a retracted record's figure", "R8.x", "t", "5%", (EXPR, 11, "FX314"), "retracted"),
    ("equals a retracted record's figure", "t", "R8.x", "5%", (EQUALS, 13, "FX314"), "R8"),
    ("an unknown record", "R7.x", "t", "5%", (EXPR, 11, "FX305"), "unknown record"),
    # names
    ("an unknown figure", "size / tt", "bw", "5%", (EXPR, 18, "FX305"), "did you mean 't'"),
    ("an unknown figure to equal", "size / t", "bww", "5%", (EQUALS, 13, "FX305"), "'bw'"),
    # ranges and bounds state no single value
    ("a range in the expression", "span", "t", "5%", (EXPR, 11, "FX307"), "is a range"),
    ("a range to equal", "t", "span", "5%", (EQUALS, 13, "FX307"), "is a range"),
    ("a bound", "under", "t", "5%", (EXPR, 11, "FX307"), "is a bound"),
    # dimensions
    ("GB against s", "size", "t", "5%", (EQUALS, 13, "FX313"), "a size (B) but t is in s"),
    ("GB plus s", "size + t", "bw", "5%", (EXPR, 11, "FX313"), "a size (B) and a time (s)"),
    ("a plain number plus s", "t + 1", "t", "5%", (EXPR, 11, "FX313"), "a plain number"),
    ("max of two dimensions", "max(t, size)", "t", "5%", (EXPR, 11, "FX313"), "max()"),
    ("round of seconds", "round(t)", "t", "5%", (EXPR, 11, "FX313"), "round()"),
    ("IOPS against count", "iops", "ratio", "5%", (EQUALS, 13, "FX313"), "a frequency (1/s)"),
    # plain numbers of different kinds (blind64: "1.9× = 1.9% ✓ holds")
    ("a ratio against a percentage", "ratio", "gain", "5%", (EQUALS, 13, "FX313"), "a ratio (×)"),
    ("a percentage against a ratio", "gain", "ratio", "5%", (EQUALS, 13, "FX313"), "never convert"),
    # near miss: a ratio times 100 is a percentage; compared, it is 4.17% off here
    ("a ratio as a percentage", "ratio * 100", "gain", "1%", "FX312", "4.17%"),
    ("within in another dimension", "size / t", "bw", "5 s", (WITHIN, 13, "FX313"), "5 s"),
    # the expression itself
    ("a syntax error", "size /", "bw", "5%", (EXPR, 17, "FX304"), "syntax"),
    ("division by zero", "size / (t - t)", "bw", "5%", (EXPR, 19, "FX307"), "division by zero"),
]


@pytest.mark.parametrize(
    ("expr", "equals", "within", "expected", "says"),
    [pytest.param(*c[1:], id=c[0]) for c in CASES],
)
def test_invariant(
    tmp_path: Path,
    expr: str,
    equals: str,
    within: str,
    expected: str | tuple[int, int, str] | None,
    says: str,
) -> None:
    library = load(tmp_path, {"R1.yaml": record(expr, equals, within), **OTHERS})
    if expected is None:
        assert errors(library) == []
        assert [c.holds for c in library.invariants["R1"]] == [True]
        return
    where = (EXPR, 5, expected) if isinstance(expected, str) else expected
    assert errors(library) == [(R1, *where)]
    assert says in library.findings[-1].message


@pytest.mark.parametrize(
    ("within", "says"),
    [
        ("'5'", "within is a percentage"),
        ("5", "write within: 5% (or 5 and the figure's unit)"),  # blind64: not "put it in quotes"
        ("five percent", "within is a percentage"),
        ("-5%", "within is a percentage"),
        ("5%%", "within is a percentage"),
        ("5 parsecs", "within is a percentage"),
        ("5  %", "within is a percentage"),
        ("0.05 Gbs", "did you mean"),
    ],
)
def test_malformed_within_is_refused_at_its_line(tmp_path: Path, within: str, says: str) -> None:
    library = load(tmp_path, {"R1.yaml": record("t", "t", within)})
    assert errors(library) == [(R1, WITHIN, 13, "FX203")]
    assert says in library.findings[0].message


@pytest.mark.parametrize(
    ("text", "where", "says"),
    [
        (record("t", "R9#x", "5%"), (EQUALS, 13, "FX203"), "equals names a figure"),
        (record("t", "t", "5%", "    tolerance: 5%"), (WITHIN + 1, 5, "FX202"), "an invariant has"),
        (record("t", "t", "5%", "    why: ''"), (WITHIN + 1, 10, "FX203"), "why"),
    ],
    ids=["equals with #", "unknown field", "empty why"],
)
def test_malformed_invariant_fields(
    tmp_path: Path, text: str, where: tuple[int, int, str], says: str
) -> None:
    library = load(tmp_path, {"R1.yaml": text})
    assert errors(library) == [(R1, *where)]
    assert says in library.findings[0].message


def test_every_invariant_is_reported_in_one_run(tmp_path: Path) -> None:
    text = record("size", "t", "5%", "  - expr: tt", "    equals: t", "    within: 5%")
    library = load(tmp_path, {"R1.yaml": text})
    assert errors(library) == [(R1, EQUALS, 13, "FX313"), (R1, WITHIN + 1, 11, "FX305")]


def _page(library: Library) -> str:
    return record_page_markdown("R1", library, lambda r, a: f"../{r}/#{a}", "R1.json")


def test_record_page_shows_each_invariant_with_its_numbers(tmp_path: Path) -> None:
    why = "    why: bandwidth is size <b>over</b> time"
    library = load(tmp_path, {"R1.yaml": record("size / t", "bw", "5%", why)})
    page = _page(library)
    section = page[
        page.index('<h2 id="fx-invariants">') : page.index(
            "</table></div>\n", page.index("fx-invariants")
        )
    ]
    # the relation with its numbers; the computed value in code (no record states it)
    assert '65.6\u00a0GB</a> ÷ <a class="fx-input" href="#t" title="T">94\u00a0s</a>' in section
    assert "= <code>697.87\u00a0MB/s</code>" in section  # 65.6 GB / 94 s, in the figure's unit
    # the names it reads, as code ("t × x2" is no multiplier)
    assert "<code>size</code> ÷ <code>t</code> = <code>bw</code>" in section
    assert '<a class="fx-input" href="#bw" title="Bw">698\u00a0MB/s</a>' in section
    assert "<code>5%</code> <span class='fx-apart'>found: <code>0.0183%</code></span>" in section
    assert "✓</span> holds" in section
    assert "bandwidth is size &lt;b&gt;over&lt;/b&gt; time" in section
    # no data-fx-ref rows: the audit's record-row reader sees the figures only
    assert "<tr id" not in section and "data-fx-ref" not in section


def test_record_page_absolute_tolerance_is_shown_in_its_unit(tmp_path: Path) -> None:
    library = load(tmp_path, {"R1.yaml": record("hundred * 1.004", "hundred", "500 ms")})
    assert "<code>500 ms</code> <span class='fx-apart'>found: <code>400\u00a0ms</code>" in _page(
        library
    )


@pytest.mark.parametrize(
    ("expr", "within", "found"),
    [
        ("t_ms * 11", "5000 s", "940\u00a0s"),  # 1,034 s apart: shown grouped, read back
        ("t_ms * 12", "5000000 ms", "1,034,000\u00a0ms"),
        ("t_ms * 12", "1 s", "1,034\u00a0s"),  # broken: the record page says by how much
    ],
)
def test_a_difference_of_thousands_is_shown_not_a_traceback(
    tmp_path: Path, expr: str, within: str, found: str
) -> None:
    """blind64: "1,000" was read back as a Decimal, a traceback in check and build."""
    library = load(tmp_path, {"R1.yaml": record(expr, "t", within)})
    assert f"found: <code>{found}</code>" in _page(library)


def test_record_page_without_invariants_has_no_section(tmp_path: Path) -> None:
    text = "\n".join(FIGURES[:-1]) + "\n"
    library = load(tmp_path, {"R1.yaml": text})
    assert "fx-invariants" not in _page(library)


def test_evidence_json_and_sqlite_carry_invariants(tmp_path: Path) -> None:
    why = "    why: size over time"
    library = load(tmp_path, {"R1.yaml": record("size / t", "bw", "5%", why), **OTHERS})
    data = json.loads(dumps(evidence_data(library)))  # as the build and the audit read it
    by_id = {r["id"]: r for r in data["records"]}
    assert by_id["R1"]["invariants"] == [
        {"expr": "size / t", "equals": "bw", "within": "5%", "why": "size over time"}
    ]
    assert "invariants" not in by_id["R9"]  # none written, none published
    rows = sqlite_rows(data)["invariants"]
    assert rows == [
        {
            "record": "R1",
            "position": 0,
            "expr": "size / t",
            "equals": "bw",
            "within": "5%",
            "why": "size over time",
        }
    ]
    write_evidence_sqlite(data, tmp_path / "evidence.sqlite")
    with sqlite3.connect(tmp_path / "evidence.sqlite") as conn:
        got = conn.execute('SELECT record, position, expr, within FROM "invariants"').fetchall()
    assert got == [("R1", 0, "size / t", "5%")]
    assert sqlite_findings(tmp_path, data) == []
    # A published database whose invariants differ from evidence.json is reported.
    by_id["R1"]["invariants"][0]["within"] = "50%"
    assert "table invariants disagrees with evidence.json" in [
        f.message for f in sqlite_findings(tmp_path, data)
    ]


def test_sqlite_rows_refuse_invariants_of_another_shape() -> None:
    data = {
        "records": [
            {"id": "R1", "title": "T", "label": "spec", "status": "active", "invariants": "5%"}
        ],
        "figures": [],
        "citations": [],
    }
    with pytest.raises(TypeError, match="invariants is not a list"):
        sqlite_rows(data)


def test_audit_recomputes_invariants_from_evidence_json(tmp_path: Path) -> None:
    library = load(tmp_path, {"R1.yaml": record("size / t", "bw", "5%"), **OTHERS})
    data = loads(dumps(evidence_data(library)))
    again = library_from_published(data["records"])
    assert [f for f in again.findings if f.severity == "error"] == []
    assert [c.holds for c in again.invariants["R1"]] == [True]
    # A published record whose invariant was edited to hide a broken figure is caught.
    r1 = next(r for r in data["records"] if r["id"] == "R1")
    r1["invariants"][0]["equals"] = "bw_g"
    r1["figures"]["bw_g"]["value"] = loads("6.40")
    tampered = library_from_published(data["records"])
    assert [f.code for f in tampered.findings if f.severity == "error"] == ["FX312"]


def test_demo_record_r1_invariants_hold() -> None:
    library = load_library(ROOT / "evidence", ROOT)
    assert [f for f in library.findings if f.severity == "error"] == []
    checked = library.invariants["R1"]
    assert [c.invariant.equals for c in checked] == [
        "save_speedup",
        "save_time_reduction",
        "bandwidth_fx100",
        "bandwidth_baseline",
    ]
    assert all(c.holds for c in checked)
    notes = " ".join((library.records["R1"].notes or "").split())  # a literal block: lines wrapped
    assert "does not reconcile" in notes


def test_check_reports_a_broken_invariant_at_its_line(
    project: Callable[..., Path], check: Callable[[Path], tuple[int, list[dict[str, Any]]]]
) -> None:
    broken = project({"R1.yaml": record("hundred * 1.06", "hundred", "5%")})
    status, findings = check(broken)
    assert status == 1
    assert [(f["path"], f["line"], f["col"], f["code"]) for f in findings] == [
        (R1, EXPR, 5, "FX312")
    ]
    (broken / "evidence" / "R1.yaml").write_text(record("size / t", "bw", "5%"), encoding="utf-8")
    assert check(broken) == (0, [])


def test_an_invariant_off_by_a_thousand_percent_is_a_finding(tmp_path: Path) -> None:
    """The share apart is shown with thousands groups ("1,900%"): no traceback on it."""
    from fxsite.evidence.library import load_library

    (tmp_path / "evidence").mkdir()
    (tmp_path / "evidence" / "R5.yaml").write_text(
        "id: R5\ntitle: T\nlabel: spec\nstatus: active\nfigures:\n  a: {value: 100, unit: s}\n"
        "invariants:\n  - expr: a * 20\n    equals: a\n    within: 5%\n",
        encoding="utf-8",
    )
    lib = load_library(tmp_path / "evidence", tmp_path)
    assert [(f.code, f.line) for f in lib.findings] == [("FX312", 8)]
    assert "1,900%" in lib.findings[0].message
