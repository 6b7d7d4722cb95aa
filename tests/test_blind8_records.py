"""Check and build agree on what record pages say: blind tester 8's cases (issue 20).

The Evidence Library and the record pages are generated from the records; the
build's gate reads them as a reader does. Each case is decided once:

* A record's ID is shown as words wherever a page names the record (its record
  page's title, the Evidence Library, Data sources, an estimate's note): an ID
  that reads as a figure (``x2``: 2×) is refused at its ``id:`` line; ``IOPS``,
  ``GB`` and ``R1`` are names.
* A setup row's heading may state its value's unit: ``memory_gb: "128"`` is drawn
  "Memory gb | 128", a reader's 128 GB; check reads the row as the page draws it
  (:func:`fxsite.render.library_pages.setup_row`) and refuses it at the value.
* A first column headed by a name ("ID") labels its rows with names, which state
  no unit: the Evidence Library's counts in the row of record ``IOPS`` are counts.
* A figure's what is drawn in a box of its own, and its name and the names a
  formula reads are code: "took 94" beside the name ``s`` is not "94 s", and
  ``t × x2`` holds no multiplier.
* Record pages and the Evidence Library are written in the site's language, as
  the gate re-renders them: a Chinese site's invariants are its record's own.

In-process rows: a record in, ``(code, line, col)`` out; a generated page in, what
the gate's reader finds out; near misses that pass. One whole-site row per stage
pair: a Chinese site of the near misses checks, builds and audits clean; the
refused rows are found by check and build alike, at the records' lines.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sitekit import check_and_build, finding_lines, fxsite_here, page_findings, rows_site

from fxsite.evidence.library import Library, load_library
from fxsite.pages.record_text import record_text_findings
from fxsite.render.library_index import library_index_markdown
from fxsite.render.library_pages import record_page_markdown
from fxsite.render.messages import message
from fxsite.verify.scan import scan_content

_HEAD = "title: Test\nlabel: spec\nstatus: active\n"


def _record(record_id: str, body: str) -> str:
    return f"id: {record_id}\n{_HEAD}{body}"


def _library(tmp_path: Path, files: dict[str, str]) -> Library:
    evidence = tmp_path / "evidence"
    evidence.mkdir(exist_ok=True)
    for name, text in files.items():
        (evidence / f"{name}.yaml").write_text(text, "utf-8")
    return load_library(evidence, tmp_path)


def _errors(library: Library, root: Path) -> list[tuple[str, str, int, int]]:
    found = [*library.findings, *record_text_findings(library, root)]
    return sorted((f.code, f.path, f.line, f.col) for f in found if f.severity == "error")


def _href(record: str, anchor: str) -> str:
    return f"../{record}/" + (f"#{anchor}" if anchor else "")


def _drawn(html: str) -> list[str]:
    """The figures the gate's reader finds in generated HTML (before copies are allowed),
    as read ("1 IOPS" for a count under a row label "IOPS")."""
    return [c.found or c.shown for c in scan_content(html).candidates]


def _record_page(library: Library, record_id: str) -> str:
    return record_page_markdown(record_id, library, _href, f"{record_id}.json").split("\n", 1)[1]


# -- a record's words, judged as its pages draw them ----------------------------------------------

_FIGURE = "figures:\n  save: {value: 94, unit: s, what: Save time}\n"

# (name, record file's name, record, [(line, col)] of FX501 in it)
REFUSED = [
    ("an ID read as a multiplier", "x2", _record("x2", _FIGURE), [(1, 5)]),
    ("an ID read as a multiplier, two digits", "x10", _record("x10", _FIGURE), [(1, 5)]),
    (
        "a setup row headed by a size unit",
        "R5",
        _record("R5", 'setup:\n  memory_gb: "128"\n' + _FIGURE),
        [(6, 15)],
    ),
    (
        "a setup row headed by a time unit",
        "R5",
        _record("R5", 'setup:\n  latency_ms: "5"\n' + _FIGURE),
        [(6, 16)],
    ),
    (
        "a setup row headed by a ratio",
        "R5",
        _record("R5", 'setup:\n  speedup: "1.9"\n' + _FIGURE),
        [(6, 13)],
    ),
    (
        "a setup row headed by a rate unit",
        "R5",
        _record("R5", 'setup:\n  throughput_iops: "2100000"\n' + _FIGURE),
        [(6, 21)],
    ),
    # blind78: a key naming a quantity without its unit, its number quoted as FX203 advises
    (
        "a setup row naming a time",
        "R5",
        _record("R5", 'setup:\n  save_time: "94"\n' + _FIGURE),
        [(6, 15)],
    ),
    (
        "a setup row naming a throughput",
        "R5",
        _record("R5", 'setup:\n  throughput: "150,000"\n' + _FIGURE),
        [(6, 16)],
    ),
    # blind16: a figure shown after the same text in inline code is placed where shown
    (
        "notes: code, then the figure shown",
        "R5",
        _record("R5", _FIGURE + "notes: |\n  Code `95 s` here.\n\n  Plain 95 s.\n"),
        [(10, 9)],
    ),
    (
        "a what: code, then the figure shown",
        "R5",
        _record("R5", 'figures:\n  save: {value: 94, unit: s, what: "Run `95 s` then 95 s"}\n'),
        [(6, 53)],
    ),
]
PASSED = [
    ("an ID that is a unit's name", "IOPS", _record("IOPS", _FIGURE)),
    ("an ID that is a size unit", "GB", _record("GB", _FIGURE)),
    ("a report ID", "R1", _record("R1", _FIGURE)),
    ("an ID of one letter", "x", _record("x", _FIGURE)),
    (
        "a setup row headed by one letter",
        "R5",
        _record("R5", 'setup:\n  warmup_s: "95"\n' + _FIGURE),
    ),
    ("a setup row with no unit", "R5", _record("R5", 'setup:\n  memory: "128"\n' + _FIGURE)),
    ("a count of GPUs", "R5", _record("R5", 'setup:\n  gpus: "8"\n' + _FIGURE)),
    (
        "a quantity named over words",
        "R5",
        _record("R5", 'setup:\n  save_time: "not measured"\n' + _FIGURE),
    ),
    ("a count of nodes", "R5", _record("R5", 'setup:\n  nodes: "8"\n' + _FIGURE)),
    ("a unit heading over words", "R5", _record("R5", 'setup:\n  memory_gb: "large"\n' + _FIGURE)),
]


@pytest.mark.parametrize(("name", "file", "record", "places"), REFUSED, ids=[r[0] for r in REFUSED])
def test_a_record_word_drawn_as_a_figure_is_refused_at_its_line(
    name: str, file: str, record: str, places: list[tuple[int, int]], tmp_path: Path
) -> None:
    library = _library(tmp_path, {file: record})
    path = f"evidence/{file}.yaml"
    assert _errors(library, tmp_path) == [("FX501", path, line, col) for line, col in places]


@pytest.mark.parametrize(("name", "file", "record"), PASSED, ids=[r[0] for r in PASSED])
def test_a_record_word_drawn_as_a_name_passes(
    name: str, file: str, record: str, tmp_path: Path
) -> None:
    assert _errors(_library(tmp_path, {file: record}), tmp_path) == []


@pytest.mark.parametrize(
    ("name", "setup", "labels", "places"),
    [
        ("the site's heading states a unit", 'cache: "64"', {"cache": "Cache (GB)"}, [(6, 11)]),
        ("the site's heading states none", 'memory_gb: "128"', {"memory_gb": "Memory"}, []),
        # blind78: a figure in the site's heading is mkdocs.yml's to tell, not the record's
        (
            "a figure in the site's heading",
            'baseline: "NFS"',
            {"baseline": "Baseline, 1.9x slower"},
            [],
        ),
        (
            "near miss: a figure in the key itself",
            'ran_for_95_s: "NFS"',
            {"baseline": "Baseline"},
            [(6, 11)],
        ),
    ],
)
def test_a_setup_row_is_read_under_the_sites_heading(
    name: str, setup: str, labels: dict[str, str], places: list[tuple[int, int]], tmp_path: Path
) -> None:
    library = _library(tmp_path, {"R5": _record("R5", f"setup:\n  {setup}\n" + _FIGURE)})
    found = record_text_findings(library, tmp_path, labels)
    assert [(f.code, f.line, f.col) for f in found] == [("FX501", *at) for at in places]


def test_a_setup_value_is_told_its_rows_heading_states_its_unit(tmp_path: Path) -> None:
    library = _library(tmp_path, {"R5": _record("R5", 'setup:\n  memory_gb: "128"\n' + _FIGURE)})
    [found] = record_text_findings(library, tmp_path)
    assert "row 'Memory gb'" in found.message
    assert "'128 gb'" in found.message
    assert "make it a figure of the record" in found.message


def test_an_id_is_told_to_be_renamed(tmp_path: Path) -> None:
    [found] = record_text_findings(_library(tmp_path, {"x2": _record("x2", _FIGURE)}), tmp_path)
    assert "record ID 'x2'" in found.message
    assert "rename the record" in found.message


# -- generated pages, read as the gate reads them ----------------------------------------------------

_NAMES = """\
figures:
  s: {value: 1, unit: count, what: "Retries after the save took 94"}
  x2: {value: 3, unit: count, what: Replicas}
  t: {value: 90, unit: s, what: Save time}
derived:
  total: {formula: t * x2, unit: s, decimals: 0, what: Total save time}
invariants:
  - expr: t * x2
    equals: total
    within: 1%
"""


@pytest.mark.parametrize(
    ("name", "record", "bare", "read"),
    [
        # near misses: identifiers beside numbers, drawn apart
        ("a what ending in a number, then the name", _NAMES, "94 s", False),
        ("a figure named like a multiplier, in a formula", _NAMES, "x2", False),
        # what must still be read
        (
            "a what stating a figure",
            _NAMES.replace("save took 94", "save took 94 s"),
            "94 s",
            True,
        ),
        (
            "an invariant's why",
            _NAMES + "    why: the total is x2 over one save\n",
            "x2",
            True,
        ),
    ],
)
def test_a_record_pages_identifiers_are_not_read_with_its_words(
    name: str, record: str, bare: str, read: bool, tmp_path: Path
) -> None:
    library = _library(tmp_path, {"R2": _record("R2", record)})
    assert (bare in _drawn(_record_page(library, "R2"))) is read


@pytest.mark.parametrize(
    ("name", "table", "errors"),
    [
        ("an ID column of a unit's name", "| ID | Figures |\n|---|---|\n| IOPS | 1 |\n", []),
        ("a Name column of a unit", "| Name | Count |\n|---|---|\n| GB | 3 |\n", []),
        (
            "a row label under a header naming no thing",
            "| Metric | Value |\n|---|---|\n| Latency ms | 5 |\n",
            [("FX501", 5, 16)],
        ),
        (
            "a row label under no header",
            "| | Value |\n|---|---|\n| IOPS | 5 |\n",
            [("FX501", 5, 10)],
        ),
    ],
)
def test_a_row_label_under_a_name_header_states_no_unit(
    name: str, table: str, errors: list[tuple[str, int, int]], tmp_path: Path
) -> None:
    library = _library(tmp_path, {"R5": _record("R5", _FIGURE)})
    assert page_findings(f"# T\n\n{table}", library) == errors


def test_the_evidence_librarys_counts_are_not_read_with_a_records_id(tmp_path: Path) -> None:
    library = _library(tmp_path, {"IOPS": _record("IOPS", _FIGURE), "GB": _record("GB", _FIGURE)})
    drawn = _drawn(library_index_markdown(library, _href, {}).split("\n", 1)[1])
    assert not [d for d in drawn if "IOPS" in d or "GB" in d], drawn


# -- one site: check, build and audit agree --------------------------------------------------------

_CITING = """\
# Home

Reads reach [2.1 million IOPS](evidence:IOPS#reads) on the array.

The total save takes [270 s](evidence:R2#total).
"""


#: The site names two setup rows: one no longer states a unit, one now does.
_LABELS = '  - fxsite:\n      setup_labels: {memory_gb: Memory, cache: "Cache (GB)"}\n'


def test_check_build_and_audit_agree_on_a_chinese_site_of_records(tmp_path: Path) -> None:
    site = rows_site(tmp_path / "zh", _CITING)
    config = site / "mkdocs.yml"
    text = config.read_text("utf-8").replace("name: material", "name: material\n  language: zh")
    config.write_text(text.replace("  - fxsite\n", _LABELS), "utf-8")
    evidence = site / "evidence"
    (evidence / "IOPS.yaml").write_text(
        _record("IOPS", "figures:\n  reads: {value: 2100000, unit: IOPS, what: Random reads}\n"),
        "utf-8",
    )
    (evidence / "R2.yaml").write_text(_record("R2", _NAMES), "utf-8")
    (evidence / "R6.yaml").write_text(
        _record("R6", 'setup:\n  memory_gb: "128"\n' + _FIGURE), "utf-8"
    )
    checked, built = check_and_build(site)
    assert (checked.returncode, built.returncode) == (0, 0), checked.stdout + built.stdout
    audited = fxsite_here("audit", "site", cwd=site)
    assert audited.returncode == 0, audited.stdout
    record_page = (site / "site" / "evidence" / "R2" / "index.html").read_text("utf-8")
    assert "指标之间如何吻合" in record_page  # the invariants' heading, in the site's language

    (evidence / "x2.yaml").write_text(_record("x2", _FIGURE), "utf-8")
    (evidence / "R5.yaml").write_text(
        _record("R5", 'setup:\n  latency_ms: "5"\n' + _FIGURE), "utf-8"
    )
    (evidence / "R7.yaml").write_text(_record("R7", 'setup:\n  cache: "64"\n' + _FIGURE), "utf-8")
    checked, built = check_and_build(site)
    found = [
        [ln.split(" bare figure")[0] for ln in finding_lines(out.stdout, warnings=False)]
        for out in (checked, built)
    ]
    expected = [
        "evidence/R5.yaml:6:16: FX501",
        "evidence/R7.yaml:6:11: FX501",
        "evidence/x2.yaml:1:5: FX501",
    ]
    assert (checked.returncode, built.returncode) == (1, 1)
    assert found == [expected, expected]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(
    "record",
    [
        # A derived figure whose words state a unit ("Speedup": ×) heads a row whose
        # "Cited by" count was read "1 ×" once a number after a label ("pages: 1") was
        # read under its row's unit: the build refused its own record page.
        'derived:\n  speedup: {formula: save / save, unit: "×", decimals: 1, stated: 1.0}\n',
        # A figure whose words state its unit ("Save time (s)").
        "  fast: {value: 95, unit: s, what: Save time (s)}\n",
    ],
    ids=["a derived ratio", "a unit in the words"],
)
def test_a_record_pages_filled_count_is_no_figure_of_its_row(
    record: str, lang: str, tmp_path: Path
) -> None:
    library = _library(tmp_path, {"R2": _record("R2", _FIGURE + record)})
    page = record_page_markdown("R2", library, _href, "R2.json", lang=lang).split("\n", 1)[1]
    count = '<span class="fx-count">1</span>'
    # filled as the build fills it once one page cites the figure (fxsite.pages.site)
    fold = (
        f'<details class="fx-cited-fold"><summary>'
        f"{message('record.cited_count', lang, count=count)}</summary></details>"
    )
    filled = re.sub(
        r'<div class="fx-generated" data-fx-placeholder="cited"[^>]*></div>', fold, page
    )
    assert count in filled
    drawn = _drawn(filled)  # the record's own values are among them: copies, allowed later
    assert not {"1 ×", "1×", "1 s"} & set(drawn), drawn
