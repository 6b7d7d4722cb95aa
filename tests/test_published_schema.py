"""``evidence.json`` against its schema, as an audit reads it (:func:`_schema_findings`).

The units a record may state are an enum of about a thousand spellings reached
through the record schema's ``$ref``; they are tested by a set
(:func:`~fxsite.verify.published._validator`), with jsonschema's own messages
where one fails. Each row changes one field of the demo's records as published.
A part that holds to its schema is read whatever another breaks: the audit reports
the break, not every claim as citing an unknown record (blind18).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from sitekit import ROOT

from fxsite.evidence.library import load_library
from fxsite.render.exports import dumps, evidence_data
from fxsite.verify.published import _schema_findings, load_published


@pytest.fixture(scope="module")
def published() -> dict[str, Any]:
    library = load_library(ROOT / "evidence", ROOT)
    data: dict[str, Any] = json.loads(dumps(evidence_data(library)))
    return data


def _unit(value: object) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        record = next(r for r in data["records"] if r.get("figures"))
        name = sorted(record["figures"])[0]
        record["figures"][name]["unit"] = value

    return change


def _label(value: object) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["figures"][0]["label"] = value

    return change


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        pytest.param(_unit("furlongs"), "'furlongs' is not one of", id="unit-unknown"),
        pytest.param(_unit("S"), "'S' is not one of", id="unit-case"),
        pytest.param(_unit("s "), "'s ' is not one of", id="unit-space"),
        pytest.param(_unit(5), "5 is not one of", id="unit-number"),
        pytest.param(_unit(["s"]), "['s'] is not one of", id="unit-list"),
        pytest.param(_label("guess"), "'guess' is not one of", id="label-unknown"),
        pytest.param(_label(True), "True is not one of", id="label-bool"),
    ],
)
def test_a_value_outside_an_enum_is_refused(
    published: dict[str, Any], change: Callable[[dict[str, Any]], None], expected: str
) -> None:
    data = copy.deepcopy(published)
    change(data)
    messages = [f.message for f in _schema_findings(data)[0] if f.code == "FX205"]
    assert any(expected in m for m in messages), messages


@pytest.mark.parametrize("unit", ["s", "GB/s", "%", "×"])
def test_a_unit_of_the_vocabulary_passes(published: dict[str, Any], unit: str) -> None:
    data = copy.deepcopy(published)
    _unit(unit)(data)
    assert _schema_findings(data) == ([], set())


@pytest.fixture()
def as_built(demo_site: Path) -> dict[str, Any]:
    """The demo site's evidence.json, its numbers as written (6.40 stays 6.40)."""
    data: dict[str, Any] = json.loads(
        (demo_site / "evidence.json").read_text(encoding="utf-8"), parse_float=Decimal
    )
    return data


def _site(tmp_path: Path, data: dict[str, Any]) -> Path:
    (tmp_path / "evidence.json").write_text(dumps(data), encoding="utf-8")
    return tmp_path


def test_an_unexpected_key_leaves_the_records_read(
    as_built: dict[str, Any], tmp_path: Path
) -> None:
    as_built["unexpected"] = 1
    loaded = load_published(_site(tmp_path, as_built))
    assert [f.code for f in loaded.findings] == ["FX205"]
    assert loaded.library.records  # every claim is still checked against them
    assert loaded.pages and list(loaded.citations)


@pytest.mark.parametrize(
    ("part", "read"),
    [
        ("records", {"pages", "citations"}),
        ("figures", {"records", "pages", "citations"}),
        ("pages", {"records", "citations"}),
        ("citations", {"records", "pages"}),
    ],
)
def test_a_broken_part_is_not_read(
    as_built: dict[str, Any], tmp_path: Path, part: str, read: set[str]
) -> None:
    as_built[part][0] = "not an object"  # its shape is unknown: reading it could only guess
    loaded = load_published(_site(tmp_path, as_built))
    assert any(f.code == "FX205" and f.message.startswith(f"{part}/0") for f in loaded.findings)
    assert bool(loaded.library.records) is ("records" in read)
    assert bool(loaded.pages) is ("pages" in read)
    assert bool(list(loaded.citations)) is ("citations" in read)
