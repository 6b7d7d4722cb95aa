"""The record models and their published schema.

Every rule of a single record has a refused fixture and a near-miss that
passes, run through ``fxsite check`` on a tiny project, asserting the exact
finding code and ``path:line:col``. Unit tests of the models and the schema
follow. (The YAML loader and the formula evaluator have their own suites.)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from pydantic import ValidationError

from fxsite.evidence.models import LABELS, Figure, Record, weakest_label
from fxsite.evidence.schema import SCHEMA_FILE, SCHEMA_ID, record_schema, schema_text
from fxsite.evidence.units import canonical_unit
from fxsite.evidence.yamlsafe import load_yaml

REPO = Path(__file__).resolve().parents[1]
R1 = "evidence/R1.yaml"

#: Lines 1-4 of most fixtures; ``figures:`` is then line 5, the first figure line 6.
HEAD = ("id: R1", "title: T", "label: spec", "status: active")
FIG = "  a: {value: 1, unit: s}"
HASH = "0123456789abcdef" * 4


def rec(*lines: str) -> str:
    return "\n".join(lines) + "\n"


@dataclass
class Case:
    name: str
    files: dict[str, str | bytes]
    #: (path, line, col, code) of every finding, sorted; [] for a near-miss
    expected: list[tuple[str, int, int, str]]
    #: substrings the messages must contain, in order of the findings
    says: list[str] = field(default_factory=list)


def refused(name: str, text: str | bytes, *expected: tuple[int, int, str], says: str = "") -> Case:
    return Case(name, {"R1.yaml": text}, [(R1, *e) for e in expected], [says] if says else [])


def passes(name: str, text: str, **more: str | bytes) -> Case:
    return Case(name, {"R1.yaml": text, **more}, [])


CASES = [
    # FX201 required field missing: at the mapping where it belongs
    refused(
        "FX201 no title",
        rec("id: R1", "label: spec", "status: active", "figures:", FIG),
        (1, 1, "FX201"),
        says="title: required field missing",
    ),
    passes("FX201 near-miss: title given", rec(*HEAD, "figures:", FIG)),
    refused("FX201 no figures", rec(*HEAD), (1, 1, "FX201"), says="figures: required"),
    refused(
        "FX201 figure without unit",
        rec(*HEAD, "figures:", "  a: {value: 1}"),
        (6, 6, "FX201"),
        says="figures.a.unit: required field missing",
    ),
    refused(
        "FX203 empty figures",
        rec(*HEAD, "figures: {}"),
        (5, 10, "FX203"),
        says="give at least one figure",
    ),
    # FX202 unknown field: at the key, top level and nested
    refused(
        "FX202 unknown top-level key",
        rec(*HEAD, "figures:", FIG, "colour: red"),
        (7, 1, "FX202"),
        says="colour",
    ),
    refused(
        "FX202 unknown figure key",
        rec(*HEAD, "figures:", "  a: {value: 1, unit: s, valu: 2}"),
        (6, 26, "FX202"),
        says="figures.a.valu",
    ),
    refused(
        "FX202 unknown source key",
        rec(*HEAD, "source:", "  issuer: Lab", "  isuer: Lab", "figures:", FIG),
        (7, 3, "FX202"),
        says="source.isuer",
    ),
    passes("FX202 near-miss: notes", rec(*HEAD, "figures:", FIG, "notes: red")),
    # FX203 wrong types: strict, no coercion
    refused(
        "FX203 quoted number",
        rec(*HEAD, "figures:", '  a: {value: "178", unit: s}'),
        (6, 14, "FX203"),
        says="figures.a.value",
    ),
    refused(
        "FX203 bool as number",
        rec(*HEAD, "figures:", "  a: {value: true, unit: s}"),
        (6, 14, "FX203"),
        says="figures.a.value",
    ),
    refused(
        "FX203 number as title",
        rec("id: R1", "title: 178", "label: spec", "status: active", "figures:", FIG),
        (2, 8, "FX203"),
        says="title",
    ),
    passes("FX203 near-miss: plain number", rec(*HEAD, "figures:", "  a: {value: 178, unit: s}")),
    passes(
        "FX203 near-miss: yes is a string (YAML 1.2)",
        rec("id: R1", "title: yes", "label: spec", "status: active", "figures:", FIG),
    ),
    # labels and status
    refused(
        "FX203 bad label",
        rec("id: R1", "title: T", "label: measurd", "status: active", "figures:", FIG),
        (3, 8, "FX203"),
        says="label",
    ),
    refused(
        "FX203 bad figure label",
        rec(*HEAD, "figures:", "  a: {value: 1, unit: s, label: guess}"),
        (6, 33, "FX203"),
        says="figures.a.label",
    ),
    passes(
        "FX203 near-miss: figure label override",
        rec(*HEAD, "figures:", "  a: {value: 1, unit: s, label: estimate}"),
    ),
    refused(
        "FX203 bad status",
        rec("id: R1", "title: T", "label: spec", "status: draft", "figures:", FIG),
        (4, 9, "FX203"),
        says="status",
    ),
    passes(
        "FX203 near-miss: retracted",
        rec("id: R1", "title: T", "label: spec", "status: retracted", "figures:", FIG),
    ),
    refused(
        "FX203 superseded without superseded_by",
        rec("id: R1", "title: T", "label: spec", "status: superseded", "figures:", FIG),
        (4, 9, "FX203"),
        says="status: a superseded record needs superseded_by",
    ),
    refused(
        "FX203 superseded_by on an active record",
        rec(*HEAD, "superseded_by: R2", "figures:", FIG),
        (5, 16, "FX203"),
        says="superseded_by is only for superseded records",
    ),
    refused(
        "FX203 superseding itself",
        rec(
            "id: R1",
            "title: T",
            "label: spec",
            "status: superseded",
            "superseded_by: r1",
            "figures:",
            FIG,
        ),
        (5, 16, "FX203"),
        says="cannot supersede itself",
    ),
    Case(
        "FX203 near-miss: superseded by an existing record",
        {
            "R1.yaml": rec(
                "id: R1",
                "title: T",
                "label: spec",
                "status: superseded",
                "superseded_by: R2",
                "figures:",
                FIG,
            ),
            "R2.yaml": rec("id: R2", "title: T", "label: spec", "status: active", "figures:", FIG),
        },
        [],
    ),
    # figure shapes
    refused(
        "FX203 min == max",
        rec(*HEAD, "figures:", "  a: {min: 3, max: 3, unit: s}"),
        (6, 6, "FX203"),
        says="min < max",
    ),
    refused(
        "FX203 min > max",
        rec(*HEAD, "figures:", "  a: {min: 4, max: 3, unit: s}"),
        (6, 6, "FX203"),
        says="min < max",
    ),
    passes(
        "FX203 near-miss: min < max", rec(*HEAD, "figures:", "  a: {min: 3, max: 3.5, unit: s}")
    ),
    refused(
        "FX203 value and a range",
        rec(*HEAD, "figures:", "  a: {value: 1, min: 0, max: 3, unit: s}"),
        (6, 6, "FX203"),
        says="either value or min/max",
    ),
    passes(
        "FX203 near-miss: a lower bound alone", rec(*HEAD, "figures:", "  a: {min: 0, unit: s}")
    ),
    passes(
        "FX203 near-miss: an upper bound alone", rec(*HEAD, "figures:", "  a: {max: 40, unit: s}")
    ),
    refused(
        "FX203 a bound with a value",
        rec(*HEAD, "figures:", "  a: {value: 30, max: 40, unit: s}"),
        (6, 6, "FX203"),
        says="either value or min/max",
    ),
    refused(
        "FX203 a bound with a null partner",
        rec(*HEAD, "figures:", "  a: {min: null, unit: s}"),
        (6, 6, "FX203"),
        says="needs value",
    ),
    refused(
        "FX203 no value",
        rec(*HEAD, "figures:", "  a: {unit: s}"),
        (6, 6, "FX203"),
        says="needs value",
    ),
    refused(
        "FX203 inf",
        rec(*HEAD, "figures:", "  a: {value: .inf, unit: s}"),
        (6, 14, "FX203"),
        says="figures.a.value: value must be a finite number",
    ),
    refused(
        "FX203 -inf max",
        rec(*HEAD, "figures:", "  a: {min: 1, max: -.inf, unit: s}"),
        (6, 20, "FX203"),
        says="figures.a.max: max must be a finite number",
    ),
    refused(
        "FX203 nan",
        rec(*HEAD, "figures:", "  a: {value: .nan, unit: s}"),
        (6, 14, "FX203"),
        says="finite",
    ),
    refused(
        "FX203 nan stated",
        rec(
            *HEAD,
            "figures:",
            FIG,
            "derived:",
            "  b: {formula: a, unit: s, decimals: 0, stated: .nan}",
        ),
        (8, 49, "FX203"),
        says="derived.b.stated: stated must be a finite number",
    ),
    refused(
        "FX203 inf at both ends: each end told",
        rec(*HEAD, "figures:", "  a: {min: -.inf, max: .inf, unit: s}"),
        (6, 12, "FX203"),
        (6, 24, "FX203"),
        says="figures.a.min: min must be a finite number",
    ),
    passes(
        "FX203 near-miss: finite ends, large and negative",
        rec(*HEAD, "figures:", "  a: {min: -1e9, max: 1e9, unit: s}"),
    ),
    passes(
        "FX203 near-miss: exponent float", rec(*HEAD, "figures:", "  a: {value: 1.5e3, unit: s}")
    ),
    # IDs and names
    refused(
        "FX203 ID starts with a digit",
        rec("id: 1R", "title: T", "label: spec", "status: active", "figures:", FIG),
        (1, 5, "FX203"),
        says="id",
    ),
    refused(
        "FX203 ID with a hyphen",
        rec("id: R-1", "title: T", "label: spec", "status: active", "figures:", FIG),
        (1, 5, "FX203"),
        says="id",
    ),
    Case(
        "FX203 near-miss: ID with underscore and digits",
        {
            "R1_b2.yaml": rec(
                "id: R1_b2", "title: T", "label: spec", "status: active", "figures:", FIG
            )
        },
        [],
    ),
    refused(
        "FX203 figure name with a capital",
        rec(*HEAD, "figures:", "  A: {value: 1, unit: s}"),
        (6, 6, "FX203"),
        says="figures.A",
    ),
    refused(
        "FX203 names in both figures and derived",
        rec(*HEAD, "figures:", FIG, "derived:", "  a: {formula: '2', unit: s, decimals: 0}"),
        (1, 1, "FX203"),
        says="names in both figures and derived: a",
    ),
    # source
    refused(
        "FX203 sha256 too short",
        rec(*HEAD, "source:", "  sha256: abc", "figures:", FIG),
        (6, 11, "FX203"),
        says="source.sha256",
    ),
    refused(
        "FX203 sha256 uppercase",
        rec(*HEAD, "source:", f"  sha256: {HASH.upper()}", "figures:", FIG),
        (6, 11, "FX203"),
        says="source.sha256",
    ),
    refused(
        "FX203 sha256 65 digits",
        rec(*HEAD, "source:", f"  sha256: {HASH}0", "figures:", FIG),
        (6, 11, "FX203"),
        says="source.sha256",
    ),
    passes(
        "FX203 near-miss: sha256 of 64 lowercase hex",
        rec(*HEAD, "source:", f"  sha256: {HASH}", "figures:", FIG),
    ),
    refused(
        "FX203 javascript: url",
        rec(*HEAD, "source:", "  url: javascript:alert(1)", "figures:", FIG),
        (6, 8, "FX203"),
        says="source.url",
    ),
    refused(
        "FX203 ftp: url",
        rec(*HEAD, "source:", "  url: ftp://example.com/r1.pdf", "figures:", FIG),
        (6, 8, "FX203"),
        says="source.url",
    ),
    refused(
        "FX203 url with a space",
        rec(*HEAD, "source:", "  url: https://example.com/a b", "figures:", FIG),
        (6, 8, "FX203"),
        says="source.url",
    ),
    passes(
        "FX203 near-miss: https url",
        rec(*HEAD, "source:", "  url: https://example.com/r1.pdf?x=1", "figures:", FIG),
    ),
    refused(
        "FX203 document climbing out",
        rec(*HEAD, "source:", "  document: ../secret.pdf", "figures:", FIG),
        (6, 13, "FX203"),
        says="document must stay inside evidence/",
    ),
    refused(
        "FX203 document climbing out after a folder",
        rec(*HEAD, "source:", "  document: reports/../../secret.pdf", "figures:", FIG),
        (6, 13, "FX203"),
        says="inside evidence/",
    ),
    refused(
        "FX203 absolute document",
        rec(*HEAD, "source:", "  document: /etc/passwd", "figures:", FIG),
        (6, 13, "FX203"),
        says="relative path inside evidence/",
    ),
    refused(
        "FX203 Windows document path",
        rec(*HEAD, "source:", "  document: 'C:\\r1.pdf'", "figures:", FIG),
        (6, 13, "FX203"),
        says="relative path inside evidence/",
    ),
    passes(
        "FX203 near-miss: document inside evidence/ via ..",
        rec(*HEAD, "source:", "  document: reports/../r1.txt", "figures:", FIG),
        **{"r1.txt": "report: a took 1 s"},  # it states the figure (else FX316)
    ),
    # other values
    refused(
        "FX203 decimals above 6",
        rec(*HEAD, "figures:", FIG, "derived:", "  b: {formula: a, unit: s, decimals: 7}"),
        (8, 38, "FX203"),
        says="derived.b.decimals",
    ),
    refused(
        "FX203 decimals as float",
        rec(*HEAD, "figures:", FIG, "derived:", "  b: {formula: a, unit: s, decimals: 1.0}"),
        (8, 38, "FX203"),
        says="derived.b.decimals",
    ),
    passes(
        "FX203 near-miss: decimals 6",
        rec(*HEAD, "figures:", FIG, "derived:", "  b: {formula: a, unit: s, decimals: 6}"),
    ),
    refused(
        "FX203 impossible date",
        rec(*HEAD, "date: 2026-13-01", "figures:", FIG),
        (5, 7, "FX203"),
        says="date",
    ),
    passes("FX203 near-miss: date", rec(*HEAD, "date: 2026-03-14", "figures:", FIG)),
    refused(
        "FX203 setup value not text",
        rec(*HEAD, "setup:", "  gpus: 8", "figures:", FIG),
        (6, 9, "FX203"),
        says="setup.gpus",
    ),
    passes(
        "FX203 near-miss: setup value quoted", rec(*HEAD, "setup:", '  gpus: "8"', "figures:", FIG)
    ),
    # FX204 unknown unit, with a suggestion
    refused(
        "FX204 GBs",
        rec(*HEAD, "figures:", "  a: {value: 1, unit: GBs}"),
        (6, 23, "FX204"),
        says="unknown unit 'GBs' (did you mean",
    ),
    refused(
        "FX204 secnds",
        rec(*HEAD, "figures:", "  a: {value: 1, unit: secnds}"),
        (6, 23, "FX204"),
        says="(did you mean 's'?)",
    ),
    refused(
        "FX204 derived unit",
        rec(*HEAD, "figures:", FIG, "derived:", "  b: {formula: a, unit: furlongs, decimals: 0}"),
        (8, 25, "FX204"),
        says="unknown unit 'furlongs'",
    ),
    passes(
        "FX204 near-miss: aliases",
        rec(
            *HEAD,
            "figures:",
            "  a: {value: 1, unit: x}",
            "  b: {value: 1, unit: seconds}",
            "  c: {value: 1, unit: secs}",
            "  d: {value: 1, unit: GB/s}",
            "  e: {value: 1, unit: '%'}",
        ),
    ),
    # Records use the vocabulary's own spellings, as the published schema's enum does
    refused(
        "FX204 unit in another case",
        rec(*HEAD, "figures:", "  a: {value: 1, unit: Seconds}"),
        (6, 23, "FX204"),
        says="did you mean 's'",
    ),
    # several problems in one file are all reported
    refused(
        "all problems of one file",
        rec(
            "id: R1",
            "title: T",
            "label: measurd",
            "status: draft",
            "figures:",
            '  a: {value: "1", unit: GBs}',
            "colour: red",
        ),
        (3, 8, "FX203"),
        (4, 9, "FX203"),
        (6, 14, "FX203"),
        (6, 25, "FX204"),
        (7, 1, "FX202"),
    ),
]

# The YAML layer, as fxsite check reports it.
YAML_CASES = [
    refused("FX101 syntax error", rec("id: R1", "title: [T", "label: spec"), (3, 6, "FX101")),
    refused(
        "FX102 duplicate key",
        rec(*HEAD, "figures:", FIG, "title: U"),
        (7, 1, "FX102"),
        says="duplicate key 'title' (first at line 2)",
    ),
    refused(
        "FX102 duplicate figure",
        rec(*HEAD, "figures:", FIG, "  a: {value: 2, unit: s}"),
        (7, 3, "FX102"),
        says="first at line 6",
    ),
    refused(
        "FX103 anchor and alias",
        rec("id: R1", "title: &t T", "label: spec", "status: active", "notes: *t", "figures:", FIG),
        (2, 8, "FX103"),
        (5, 8, "FX103"),
    ),
    refused(
        "FX104 python tag",
        rec(
            "id: R1",
            "title: !!python/object:os.system T",
            "label: spec",
            "status: active",
            "figures:",
            FIG,
        ),
        (2, 8, "FX104"),
        says="!!python/object:os.system",
    ),
    refused(
        "FX105 invalid UTF-8",
        rec(*HEAD, "figures:", FIG).encode().replace(b"T\n", b"\xff\n", 1),
        (2, 8, "FX105"),
        says="not valid UTF-8",
    ),
    refused("FX106 a list", rec("- a", "- b"), (1, 1, "FX106")),
    refused("FX106 empty file", "", (1, 1, "FX106")),
    refused(
        "FX107 too large", rec(*HEAD, "figures:", FIG, "notes: " + "x" * (1 << 20)), (1, 1, "FX107")
    ),
    passes(
        "YAML near-miss: quoted date and UTF-8 text",
        rec(
            "id: R1",
            "title: Überprüfung 检查",
            "label: spec",
            "status: active",
            "date: '2026-03-14'",
            "figures:",
            FIG,
        ),
    ),
]


@pytest.mark.parametrize("case", CASES + YAML_CASES, ids=lambda c: c.name)
def test_record_rule(case: Case, assert_check: Callable[..., object]) -> None:
    assert_check(case.files, case.expected, case.says)


# -- the models themselves ---------------------------------------------------


def test_aliases_are_stored_canonical() -> None:
    assert Figure.model_validate({"value": 1.9, "unit": "x"}).unit == "×"
    assert Figure.model_validate({"value": 1, "unit": "seconds"}).unit == "s"
    assert Figure.model_validate({"value": 1, "unit": "Gbps"}).unit == "Gb/s"
    # bits and bytes differ: a record's symbol never folds case; prose reads b as a bit
    assert canonical_unit("gb/s", exact=True) is None
    with pytest.raises(ValidationError):
        Figure.model_validate({"value": 1, "unit": "gb/s"})
    assert canonical_unit("gb/s") == "Gb/s"
    assert canonical_unit("Gb/s") != canonical_unit("GB/s")


def test_unknown_unit_error_suggests() -> None:
    with pytest.raises(ValidationError) as info:
        Figure.model_validate({"value": 1, "unit": "secnds"})
    [error] = info.value.errors()
    assert error["type"] == "unknown_unit"
    assert "did you mean 's'" in error["msg"]


@pytest.mark.parametrize(
    ("unit", "hint"),
    [
        ("secnds", " (did you mean 's'?)"),  # a typo
        ("GBs", " (did you mean 'GB/s'?)"),  # a slash left out
        ("Seconds", " (did you mean 's'?)"),  # another case
        ("sek", " (did you mean 's'?)"),  # a spelling in another case ("Sek")
        # near misses: an unrelated word is offered nothing (it was offered 'EUR', from
        # "euros", at difflib's usual cutoff)
        ("furlongs", ""),
        ("parsecs", ""),
        # blind69: a temperature named by a word or a letter was offered nothing
        ("celsius", " (did you mean '°C'?)"),
        ("degrees Celsius", " (did you mean '°C'?)"),
        ("C", " (did you mean '°C'?)"),
        ("fahrenheit", " (did you mean '°F'?)"),
        # near misses: "K" is kelvin or thousands, and no kelvin is in the vocabulary
        ("K", ""),
        ("kelvin", ""),
        # blind72: "USD/kWh" was offered 'USD/h', a price per hour: a hint measures what the
        # unit does, or there is none
        ("USD/kW", ""),  # near miss: a price per power, no price per hour nor per kWh
        ("EUR/W", ""),
        ("GB/h", ""),  # a size an hour: no size (GB) nor bandwidth a second (GB/s)
        ("EUR/Wh", " (did you mean 'EUR/kWh'?)"),  # near miss: a price per energy
        ("USD/GB-yr", " (did you mean 'USD/GB-year'?)"),
        ("GB/sek", " (did you mean 'GB/s'?)"),  # near miss: a part unknown, hints as before
    ],
)
def test_unit_hint_offers_only_a_close_spelling(unit: str, hint: str) -> None:
    from fxsite.evidence.units import unit_hint

    assert unit_hint(unit) == hint


def test_no_coercion() -> None:
    for bad in ("178", True, None, [1]):
        with pytest.raises(ValidationError):
            Figure.model_validate({"value": bad, "unit": "s"})
    assert Figure.model_validate({"value": 178, "unit": "s"}).value == 178.0


def test_weakest_label_order() -> None:
    assert LABELS == ("measured", "spec", "public", "estimate")
    assert weakest_label(["measured", "estimate"]) == "estimate"
    assert weakest_label(["measured", "spec"]) == "spec"
    assert weakest_label(["public", "spec", "measured"]) == "public"
    assert weakest_label(["measured"]) == "measured"


def test_record_is_frozen() -> None:
    record = Record.model_validate(
        {
            "id": "R1",
            "title": "T",
            "label": "spec",
            "status": "active",
            "figures": {"a": {"value": 1, "unit": "s"}},
        }
    )
    with pytest.raises(ValidationError):
        record.title = "changed"  # type: ignore[misc]


# -- the published schema ----------------------------------------------------


def test_checked_in_schema_is_current() -> None:
    path = REPO / SCHEMA_FILE
    current = path.read_text(encoding="utf-8") if path.is_file() else None
    assert current == schema_text(), (
        f"{SCHEMA_FILE} is out of date with the models: run `fxsite schema` "
        "(or `.venv/bin/fxsite schema .`) and commit the result"
    )


def test_schema_is_draft_2020_12_with_an_id() -> None:
    schema = record_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == SCHEMA_ID
    Draft202012Validator.check_schema(schema)
    assert set(schema["required"]) == {"id", "title", "label", "status", "figures"}
    assert schema["additionalProperties"] is False
    assert json.loads(schema_text()) == schema


def demo_records() -> list[Path]:
    return sorted((REPO / "evidence").glob("*.yaml"))


def test_demo_has_records() -> None:
    assert {p.stem for p in demo_records()} >= {"R1", "R9", "E1"}


@pytest.mark.parametrize("path", demo_records(), ids=lambda p: p.name)
def test_demo_record_validates_against_schema(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=../schemas/evidence.schema.json\n")
    loaded = load_yaml(text, f"evidence/{path.name}")
    assert loaded.findings == []
    validator = Draft202012Validator(record_schema())
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(loaded.data)]
    assert errors == []
    assert Record.model_validate(loaded.data).id == path.stem


@pytest.mark.parametrize(
    "data",
    [
        {"id": "R1", "title": "T", "label": "spec", "status": "active", "figures": {}},
        {
            "id": "R1",
            "title": "T",
            "label": "spec",
            "status": "active",
            "figures": {"a": {"value": "178", "unit": "s"}},
        },
        {
            "id": "R1",
            "title": "T",
            "label": "spec",
            "status": "active",
            "colour": "red",
            "figures": {"a": {"value": 1, "unit": "s"}},
        },
        {
            "id": "R1",
            "title": "T",
            "label": "spec",
            "status": "active",
            "figures": {"a": {"value": 1, "unit": "GBs"}},
        },
        {
            "id": "R1",
            "title": "T",
            "label": "spec",
            "status": "active",
            "source": {"url": "javascript:alert(1)"},
            "figures": {"a": {"value": 1, "unit": "s"}},
        },
    ],
    ids=["no figures", "quoted number", "unknown field", "unknown unit", "javascript url"],
)
def test_schema_refuses_what_the_models_refuse(data: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        Record.model_validate(data)
    assert list(Draft202012Validator(record_schema()).iter_errors(data)) != []


_ROOT = Path(__file__).resolve().parent.parent
_EVERY_RECORD = sorted(
    p for p in [*_ROOT.glob("evidence/*.yaml"), *_ROOT.glob("tests/**/*.yaml")] if "R" in p.stem
)


@pytest.mark.parametrize("path", _EVERY_RECORD, ids=lambda p: p.relative_to(_ROOT).as_posix())
def test_schema_accepts_what_the_models_accept(path: Path) -> None:
    """Records are validated once, by the models; the schema must agree on every valid one."""
    loaded = load_yaml(path.read_text(encoding="utf-8"), path.name)
    try:
        Record.model_validate(loaded.data)
    except ValidationError:
        pytest.skip("not a valid record (a refusal fixture)")
    assert list(Draft202012Validator(record_schema()).iter_errors(loaded.data)) == []
