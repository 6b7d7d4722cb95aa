"""What a library keeps of each record: compact position tables, shared sets and keys.

A build keeps every record (its model, where each field is written, numbers
as written) until it ends, so what one record costs is what a large library
costs many times over. The compact tables must read as the tables they
replace: every field at its line and column, every number as written.
"""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest
from sitekit import ROOT, load_script

from fxsite.evidence.library import load_library
from fxsite.evidence.places import compact
from fxsite.evidence.records import load_record_file
from fxsite.evidence.yamlsafe import load_yaml

DEMO = Path(__file__).resolve().parents[1] / "evidence"

#: Records as written by hand, odd corners included (each must load, refused or not).
ODD = {
    "plain": "id: R1\ntitle: T\nlabel: measured\nstatus: active\n"
    "figures:\n  a: {value: 6.40, unit: s}\n  b: {min: 1e3, max: 2_000, unit: s}\n",
    "null and bool": "id: R1\ntitle: T\nlabel: measured\nstatus: active\nsuperseded_by: ~\n"
    "figures:\n  a:\n    value: 0x10\n    unit: s\n    what: 'quoted 94'\n",
    "quoted number": "id: R1\ntitle: '178'\nlabel: measured\nstatus: active\n"
    "figures:\n  a: {value: '178', unit: s}\n",
    "non-string keys": "id: R1\ntitle: T\nlabel: measured\nstatus: active\n"
    "setup: {1: one, 1.5: half, true: yes}\nfigures:\n  a: {value: 1, unit: s}\n",
    "sequences and blocks": "id: R1\ntitle: T\nlabel: measured\nstatus: active\n"
    "notes: |\n  line one\n  line 2.5\nfigures:\n  a: {value: 1, unit: s}\n"
    "invariants:\n  - expr: a\n    equals: a\n    within: 5%\n",
    "duplicate key": "id: R1\ntitle: T\ntitle: U\nlabel: measured\nstatus: active\n"
    "figures:\n  a: {value: 1, unit: s}\n",
    "syntax error": "id: R1\ntitle: [unclosed\n",
}


def _demo_texts() -> list[tuple[str, str]]:
    return [(p.name, p.read_text(encoding="utf-8")) for p in sorted(DEMO.glob("*.yaml"))]


@pytest.mark.parametrize(("name", "text"), [*ODD.items(), *_demo_texts()])
def test_compact_tables_read_as_the_full_ones(name: str, text: str) -> None:
    full = load_yaml(text, f"evidence/{name}")
    kept = compact(full)
    assert kept.data is None
    assert kept.findings == full.findings
    assert dict(kept.positions) == full.positions
    assert dict(kept.key_positions) == full.key_positions
    for path in full.positions:
        assert kept.pos(path) == full.pos(path)
        assert (path in kept.key_positions) == (path in full.key_positions)
    assert kept.pos(("no", "such", "field")) == full.pos(("no", "such", "field"))
    # Every scalar that is not a string keeps its text; a string's text is its value.
    strings = {p for p in full.raw if p not in kept.raw}
    assert {p: full.raw[p] for p in full.raw if p not in strings} == dict(kept.raw)
    for path in strings:
        value = full.data
        for part in path:
            value = value[part]
        assert isinstance(value, str)


def _records(folder: Path, count: int) -> None:
    """``count`` records as the scale benchmark writes them."""
    scale = load_script(ROOT / "benchmarks" / "scale.py", "fxsite_bench_scale")
    folder.mkdir()
    for r in range(count):
        (folder / f"R{r}.yaml").write_text(scale.record_yaml(r), encoding="utf-8")


def test_records_of_one_layout_share_it(tmp_path: Path) -> None:
    _records(tmp_path / "evidence", 2)
    one, two = (
        load_record_file(tmp_path / "evidence" / f"R{r}.yaml", f"evidence/R{r}.yaml")
        for r in range(2)
    )
    assert one.record is not None and two.record is not None
    assert one.loaded.data is None  # the parsed YAML is not kept beside the model
    assert one.loaded.positions._layout is two.loaded.positions._layout  # type: ignore[attr-defined]
    first, second = one.record.figures["f0"], two.record.figures["f0"]
    assert first.model_fields_set is second.model_fields_set
    assert next(iter(one.record.figures)) is next(iter(two.record.figures))  # keys interned
    assert one.loaded.raw[("figures", "f0", "value")] == "100.5"
    assert ("figures", "f0", "what") not in one.loaded.raw


def test_a_copy_of_a_record_gets_its_own_fields_set(tmp_path: Path) -> None:
    _records(tmp_path / "evidence", 2)
    loaded = load_record_file(tmp_path / "evidence" / "R0.yaml", "evidence/R0.yaml")
    other = load_record_file(tmp_path / "evidence" / "R1.yaml", "evidence/R1.yaml")
    assert loaded.record is not None and other.record is not None
    copy = loaded.record.figures["f0"].model_copy(update={"label": "spec"})
    assert "label" in copy.model_fields_set
    assert "label" not in other.record.figures["f0"].model_fields_set


def test_a_library_keeps_little_per_record(tmp_path: Path) -> None:
    """Measured by tracemalloc: about 13 KB a record of ten figures (21.5 KB before)."""
    _records(tmp_path / "evidence", 300)
    load_library(tmp_path / "evidence", tmp_path)  # imports, shared layouts and sets
    tracemalloc.start()
    try:
        library = load_library(tmp_path / "evidence", tmp_path)
        kept, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert not library.findings
    assert kept / len(library.records) < 16_000
