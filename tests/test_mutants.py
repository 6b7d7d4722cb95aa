"""``tools/mutants.py``: its table names rules that exist, and a break breaks its rule."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import mutants  # noqa: E402


@pytest.mark.parametrize("row", mutants.BREAKS, ids=lambda b: b.name)
def test_each_break_names_a_function_a_stub_can_replace_and_tests_that_exist(
    row: mutants.Break,
) -> None:
    mutants.resolve(row.target)  # raises for a name gone, a closure, a non-function
    assert row.tests and all((ROOT / test).is_file() for test in row.tests), row.tests


def test_the_table_breaks_a_rule_of_each_stage() -> None:
    stages = {row.target.split(".")[1] for row in mutants.BREAKS}
    assert {"pages", "verify", "anchor", "evidence"} <= stages
    assert len({row.name for row in mutants.BREAKS}) == len(mutants.BREAKS) >= 10


def _sample(text: str) -> list[str]:
    return [text]


def _caller() -> list[str]:
    return _sample("x")


def test_a_break_reaches_callers_that_imported_the_function_by_name() -> None:
    row = mutants.Break("sample", f"{__name__}:_sample", mutants._empty_list, ("x",), "")
    before = _sample.__code__
    held = _sample  # as ``from module import _sample`` holds it
    try:
        mutants.apply(row)
        assert held("y") == [] and _caller() == []
    finally:
        _sample.__code__ = before
    assert _caller() == ["x"]


def test_a_function_with_a_closure_is_refused() -> None:
    def outer() -> object:
        seen = 1

        def inner() -> int:
            return seen

        return inner

    globals()["_closure"] = outer()
    try:
        with pytest.raises(TypeError, match="closure"):
            mutants.resolve(f"{__name__}:_closure")
    finally:
        del globals()["_closure"]
