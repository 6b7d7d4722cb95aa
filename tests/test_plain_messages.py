"""Findings a writer understands: plain words with the fix, never a library's wording."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

BASE = "id: R1\ntitle: T\nlabel: spec\nstatus: active\nfigures:\n  save_time:\n    value: 94\n    unit: s\n"
#: BASE with a second figure: the file's usual indentation shows which line is odd.
TWO = BASE + "  latency:\n    value: 2\n    unit: ms\n"
PAGE = "# Home\n\nIt took [94 s](evidence:R1#save_time).\n"

#: Wording of PyYAML, pydantic and jsonschema that must never reach a writer.
LIBRARY_WORDING = [
    "mapping values are not allowed",
    "not allowed here",
    "Extra inputs",
    "Input should",
    "should match pattern",
    "does not match",
    "<block",
    "block end",
    "while parsing",
    "while scanning",
    "cannot start any token",
    "unacceptable character",
    "valid dictionary",
    "instance of",
    "Field required",
    "Value error",
    "expected <",
    "but found",
    "did not find expected",
    "found unexpected",
    "violates indentation",
    "found character",
    "special characters",
    "while ",
]
REGEX = re.compile(r"\^\[|\]\{|\$'|\\s|\[a-z0-9")


def _sub(old: str, new: str) -> str:
    assert old in BASE
    return BASE.replace(old, new)


# (record text, (line, col, code), words the message must contain)
MISTAKES: dict[str, tuple[str, tuple[int, int, str], str]] = {
    "unit indented 3 spaces": (
        _sub("    unit: s", "   unit: s"), (8, 4, "FX101"),
        "indent `unit` under `save_time` with 4 spaces, like `value`",
    ),
    "unit indented too far": (
        _sub("    unit: s", "      unit: s"), (8, 11, "FX101"), "indent `unit` 4 spaces, like `value`",
    ),
    "unit at the figure-name level": (
        _sub("    unit: s", "  unit: s"), (7, 5, "FX201"), "required field missing: add `unit: ...`",
    ),
    "colon in a title": (
        _sub("title: T", "title: FX100: fast"), (2, 13, "FX101"), 'put it in quotes: title: "FX100: fast"',
    ),
    "no space after a colon": (_sub("value: 94", "value:94"), (8, 9, "FX101"), "put a space after the colon in `value:94` (line 7)"),
    "tab indentation": (_sub("    unit: s", "\tunit: s"), (8, 1, "FX101"), "replace the tab with spaces"),
    "unclosed quote": (_sub("title: T", 'title: "T'), (2, 8, "FX101"), 'the " that starts the value of `title` is never closed on its line'),
    # The parser stops at the next quote in the file (line 11's), past where the writer erred.
    "unclosed quote closed by a later one": (
        TWO.replace("title: T", "title: 'T").replace("unit: ms", "unit: 'ms'"), (2, 8, "FX101"),
        "the ' that starts the value of `title` is never closed on its line",
    ),
    # Near miss: a text over two lines, closed, and a bracket left open below it.
    "a quoted text over two lines, then an open bracket": (
        TWO.replace("unit: s\n", 'unit: s\n    what: "one\n      two"\n', 1).replace("value: 2", "value: [2"),
        (13, 9, "FX101"), "the '[' opened at line 12 is never closed",
    ),
    # The parser stops at line 11, which is indented as the file's other fields are.
    "a value indented unlike the rest of the file": (
        TWO.replace("    value: 2", "   value: 2"), (10, 4, "FX101"),
        "`value` is indented 3 spaces, unlike the fields beside it: indent `value` 4 spaces, like `unit`",
    ),
    "unclosed brace": (
        _sub("  save_time:\n    value: 94\n    unit: s\n", "  save_time: {value: 94, unit: s\n"),
        (7, 1, "FX101"), "the '{' opened at line 6 is never closed",
    ),
    "list item among fields": (BASE + "- x\n", (9, 1, "FX101"), "a list item ('- ') where a field was expected"),
    "value starting with @": (_sub("title: T", "title: @home"), (2, 8, "FX101"), "a value cannot start with @; put it in quotes"),
    "misspelt figure field": (
        _sub("    unit: s", "    unit: s\n    valu: 3"), (9, 5, "FX202"), "unknown field `valu` (did you mean 'value'?)",
    ),
    # a comma ends a value inside {…}: the rest is no misspelt field (blind89: 'vs_baseline')
    "a comma inside a flow mapping's value": (
        BASE + "  load: {value: 11, unit: s, what: Write time 8B, NAS baseline}\n", (9, 51, "FX202"),
        "unknown field `NAS baseline`: a comma inside {…} ends a value; if it belongs to the value before it, put that value in quotes",
    ),
    "a comma inside a flow mapping's value, one word after it": (
        BASE + "  load: {value: 11, unit: s, what: Save time, FX100}\n", (9, 47, "FX202"),
        "unknown field `FX100`: a comma inside {…} ends a value",
    ),
    "near miss: a misspelt field without a value": (
        BASE + "  load: {valu, unit: s}\n", (9, 10, "FX202"), "unknown field `valu` (did you mean 'value'?)",
    ),
    "near miss: a field of two words with a value": (
        BASE + "note s: x\n", (9, 1, "FX202"), "unknown field `note s` (did you mean 'notes'?)",
    ),
    "misspelt record field": (BASE + "note: x\n", (9, 1, "FX202"), "unknown field `note` (did you mean 'notes'?)"),
    # A translation's fields are its own (it was offered the record's, blind60).
    "a record's field in a translation": (
        BASE + "translations:\n  zh:\n    notes: x\n", (11, 5, "FX202"),
        "unknown field `notes`; a translation has title, setup, what",
    ),
    "misspelt source field": (
        BASE + "source:\n  isuer: x\n", (10, 3, "FX202"),
        "unknown field `isuer` (did you mean 'issuer'?); source has issuer, document, sha256, url, publish_document",
    ),
    "quoted number": (_sub("value: 94", 'value: "94"'), (7, 12, "FX203"), "'94' is not a number: write digits without quotes"),
    "unit in the value": (_sub("value: 94", "value: 94 s"), (7, 12, "FX203"), "and the unit in `unit`"),
    "misspelt label": (_sub("label: spec", "label: specs"), (3, 8, "FX203"), "not one of measured, spec, public, estimate (did you mean 'spec'?)"),
    "bad record id": (_sub("id: R1", "id: R-1"), (1, 5, "FX203"), "a record ID starts with a letter"),
    "bad figure name": (_sub("save_time:", "Save-Time:"), (7, 5, "FX203"), "a figure name starts with a lowercase letter"),
    "date in words": (BASE + "date: March 2026\n", (9, 7, "FX203"), "write it as YYYY-MM-DD"),
    "figures as a list": (
        _sub("  save_time:\n    value: 94\n    unit: s\n", "  - value: 94\n    unit: s\n"),
        (6, 3, "FX203"), "must be named entries (name: ...), not a list",
    ),
    "sha256 not hex": (BASE + "source:\n  sha256: ABC\n", (10, 11, "FX203"), "64 lowercase hexadecimal digits"),
    "ftp url": (BASE + "source:\n  url: ftp://x\n", (10, 8, "FX203"), "starts with http:// or https://"),
    "setup number": (BASE + "setup:\n  gpus: 8\n", (10, 9, "FX203"), 'put it in quotes (gpus: "8")'),
    "text starting with a bracket": (
        _sub("title: T", "title: [Fast] saves"), (2, 15, "FX101"),
        'starts with \'[\', so YAML reads a list; put the text in quotes: title: "[Fast] saves"',
    ),
    "control character": (_sub("title: T", "title: T\x07"), (2, 9, "FX101"), "U+0007 is not allowed in YAML; remove it"),
}  # fmt: skip


@pytest.mark.parametrize("name", list(MISTAKES))
def test_typical_mistakes_in_plain_words(
    name: str,
    project: Callable[..., Path],
    check: Callable[[Path], tuple[int, list[dict[str, Any]]]],
) -> None:
    text, (line, col, code), says = MISTAKES[name]
    exit_code, findings = check(project({"R1.yaml": text}, pages={"index.md": PAGE}))
    assert exit_code == 1
    first = findings[0]
    assert (first["path"], first["line"], first["col"], first["code"]) == (
        "evidence/R1.yaml",
        line,
        col,
        code,
    ), findings
    for finding in findings:
        message = finding["message"]
        for wording in LIBRARY_WORDING:
            assert wording not in message, f"library wording {wording!r} in {message!r}"
        assert not REGEX.search(message), f"a regex in {message!r}"
    assert says in first["message"]


@pytest.fixture
def assert_check(
    project: Callable[..., Path],
    check: Callable[[Path], tuple[int, list[dict[str, Any]]]],
) -> Callable[..., list[dict[str, Any]]]:
    """Like conftest's, with pages: ``assert_check(records, expected, pages=...)``."""

    def run(
        records: dict[str, str], expected: list[tuple[str, int, int, str]], pages: dict[str, str]
    ) -> list[dict[str, Any]]:
        code, findings = check(project(records, pages=pages))
        assert [(f["path"], f["line"], f["col"], f["code"]) for f in findings] == expected
        assert code == (1 if expected else 0)
        return findings

    return run


def test_near_miss_a_good_record_has_no_finding(
    assert_check: Callable[..., list[dict[str, Any]]],
) -> None:
    assert_check({"R1.yaml": BASE}, [], pages={"index.md": PAGE})


# -- an invalid record: one finding of its own, and its claims say so once a page --------


def test_claims_to_an_invalid_record_say_so_once(
    assert_check: Callable[..., list[dict[str, Any]]],
) -> None:
    page = PAGE + "Again [94 s](evidence:R1#save_time), and [94 s](evidence:R1#save_time).\n"
    findings = assert_check(
        {"R1.yaml": _sub("label: spec", "label: specs")},
        [("evidence/R1.yaml", 3, 8, "FX203"), ("docs/index.md", 3, 9, "FX401")],
        pages={"index.md": page},
    )
    assert findings[1]["message"] == (
        "record R1 is invalid (evidence/R1.yaml:3); fix the record first "
        "(3 claims depend on it on this page)"
    )


#: A second record computing from R1, for the dependants of a broken R1.
E1 = (
    "id: E1\ntitle: E\nlabel: estimate\nstatus: active\nfigures:\n  k:\n    value: 2\n"
    "    unit: count\nderived:\n  twice:\n"
    '    formula: "R1.save_time * 2"\n    unit: s\n    decimals: 0\n'
)


def test_claims_to_figures_computed_from_an_invalid_record_are_told_with_it(
    assert_check: Callable[..., list[dict[str, Any]]],
) -> None:
    """blind41: each claim to E1's figure was "E1 has no figure 'twice'" while R1 was broken;
    a range over two claims to R1 was a bare figure too, and a signed claim. They are now
    counted with the claims to R1, in one finding on the page."""
    page = (
        "# Home\n\nFrom [94 s](evidence:R1#save_time) to [94 s](evidence:R1#save_time), "
        "+[188 s](evidence:E1#twice).\n"
    )
    findings = assert_check(
        {"R1.yaml": _sub("label: spec", "label: specs"), "E1.yaml": E1},
        [
            ("evidence/E1.yaml", 11, 14, "FX305"),
            ("evidence/R1.yaml", 3, 8, "FX203"),
            ("docs/index.md", 3, 6, "FX401"),
        ],
        pages={"index.md": page},
    )
    assert findings[-1]["message"].endswith("(3 claims depend on it on this page)"), findings


def test_near_miss_a_bare_figure_beside_a_claim_to_an_invalid_record_is_still_bare(
    assert_check: Callable[..., list[dict[str, Any]]],
) -> None:
    page = "# Home\n\nFrom [94 s](evidence:R1#save_time) to 90 s.\n"
    found = assert_check(
        {"R1.yaml": _sub("label: spec", "label: specs")},
        [
            ("evidence/R1.yaml", 3, 8, "FX203"),
            ("docs/index.md", 3, 6, "FX401"),
            ("docs/index.md", 3, 39, "FX501"),
        ],
        pages={"index.md": page},
    )
    assert "'90 s'" in found[-1]["message"], found


def test_near_miss_unknown_record_is_still_unknown(
    assert_check: Callable[..., list[dict[str, Any]]],
) -> None:
    findings = assert_check(
        {"R2.yaml": BASE.replace("R1", "R2")},
        [("docs/index.md", 3, 9, "FX401")],
        pages={"index.md": PAGE},
    )
    assert findings[0]["message"].startswith("unknown record 'R1'")


def test_invalid_record_each_page_once(
    assert_check: Callable[..., list[dict[str, Any]]],
) -> None:
    findings = assert_check(
        {"R1.yaml": _sub("title: T", "title: a: b")},
        [
            ("evidence/R1.yaml", 2, 9, "FX101"),
            ("docs/b.md", 1, 1, "FX401"),
            ("docs/index.md", 3, 9, "FX401"),
        ],
        pages={"index.md": PAGE, "b.md": "[94 s](evidence:R1#save_time)\n"},
    )
    assert all("record R1 is invalid (evidence/R1.yaml:2)" in f["message"] for f in findings[1:])


def test_claims_to_a_misnamed_record_file_say_why(
    assert_check: Callable[..., list[dict[str, Any]]],
) -> None:
    findings = assert_check(
        {"R1.yaml": BASE.replace("id: R1", "id: R2")},
        [("evidence/R1.yaml", 1, 5, "FX301"), ("docs/index.md", 3, 9, "FX401")],
        pages={"index.md": PAGE},
    )
    assert "record R1 is invalid (evidence/R1.yaml:1)" in findings[1]["message"]


# Garbage a writer could produce: whatever the parser says, the finding is in our words.
GARBAGE = [
    "a: [1, 2\n", "a: {b: 1, c\n", "a: 'x\n", 'a: "x\\q"\n', "a: b: c\n", "a:\n\t- 1\n",
    "- a\nb: 1\n", "a: 1\n  b: 2\n", "a: |\n x\n  y: 1\n:\n", "? a\n? b\n: c\n: d\n",
    "a: %x\n", "%YAML 9.9\n---\na: 1\n", "a: !<!x> 1\n", "a: *\n", "a: &\n", "a: @\n",
    "{a: 1}}\n", "[a]: 1\n", "a: 1\n---\nb: 2\n...\nc\n", "a: >\n  x\n y\n",
]  # fmt: skip


@pytest.mark.parametrize("text", GARBAGE)
def test_no_parser_wording_for_any_syntax_error(text: str) -> None:
    from fxsite.evidence.yamlsafe import load_yaml

    for finding in load_yaml(text, "evidence/R1.yaml").findings:
        for wording in LIBRARY_WORDING:
            assert wording not in finding.message, f"{wording!r} in {finding.message!r}"


@pytest.mark.parametrize(
    ("message", "grouped"),
    [
        ("unknown record 'R1' (the records: E1, E2)", True),  # blind65: 22 lines of it
        ("record R1 is invalid (evidence/R1.yaml:3); fix the record first", True),
        ("R1 has no figure 'x'", False),  # near miss: each claim's own fault
    ],
)
def test_claims_to_a_missing_or_broken_record_are_told_once_a_page(
    message: str, grouped: bool
) -> None:
    from fxsite.findings import Finding, once_per_invalid_record

    found = [Finding("docs/a.md", line, 1, "FX401", message) for line in (3, 7, 9)]
    told = once_per_invalid_record(found)
    if grouped:
        assert [(f.line, f.message) for f in told] == [
            (3, f"{message} (3 claims depend on it on this page)")
        ]
    else:
        assert told == found
