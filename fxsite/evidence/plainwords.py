"""Problems in a record's fields, told in a writer's words, with the fix.

pydantic describes what *it* could not do ("Extra inputs are not permitted", a
regex pattern). A writer needs what is wrong in the file and what to type
instead. The functions here turn its error kinds into such sentences; no
library wording is ever passed through (a test runs a table of typical
mistakes and looks for any). YAML syntax errors are told by
:mod:`fxsite.evidence.yaml_words`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from fxsite.evidence.invariants import Invariant
from fxsite.evidence.models import Derived, Figure, Record, Source, Translation
from fxsite.findings import did_you_mean

__all__ = ["pattern_message", "validation_message"]

#: What a writer calls each shape of a record (by :func:`_shape_of`'s name), and its model.
_SHAPES: dict[str, tuple[str, type[BaseModel]]] = {
    "record": ("a record", Record),
    "source": ("source", Source),
    "figure": ("a figure", Figure),
    "derived": ("a derived figure", Derived),
    "invariant": ("an invariant", Invariant),
    "translation": ("a translation", Translation),
}


def _fields(shape: str) -> tuple[str, ...]:
    """The fields of a shape, as its model declares them (one list: the model's)."""
    return tuple(_SHAPES[shape][1].model_fields)


def pattern_message(loc: Sequence[str | int]) -> str:
    """What a text that fails a pattern must look like, for the field at ``loc``."""
    if loc and loc[-1] == "[key]":
        field = str(loc[0])
    else:
        field = next((str(p) for p in reversed(loc) if isinstance(p, str)), "")
    if field in {"id", "superseded_by"}:
        return "a record ID starts with a letter and has only letters, digits and _ (at most 32), like R12"
    if field in {"figures", "derived"}:
        return (
            "a figure name starts with a lowercase letter and has only lowercase letters, "
            "digits and _ (at most 64), like save_time_fx100"
        )
    if field == "setup":
        return "a setup key starts with a letter and has only letters, digits, spaces, _ and -"
    if field == "sha256":
        return "sha256 is 64 lowercase hexadecimal digits, as `sha256sum` prints them"
    if field == "url":
        return "url starts with http:// or https:// and has no spaces or quotes"
    return "this text is not in the expected form"


def _shape_of(loc: Sequence[str | int]) -> str:
    """The shape (a key of :data:`_SHAPES`) a field at ``loc`` belongs to."""
    if loc and loc[0] == "source":
        return "source"
    if len(loc) >= 2 and loc[0] == "invariants":
        return "invariant"
    if len(loc) >= 2 and loc[0] == "translations":
        return "translation"
    if len(loc) >= 2 and loc[0] in {"figures", "derived"}:
        return "figure" if loc[0] == "figures" else "derived"
    return "record"


def _no_text(name: str) -> str:
    """What an empty field (``unit:``, ``unit: null``, ``unit: ~``) is told."""
    if name == "unit":
        return "`unit` is empty: write the figure's unit, like unit: s (unit: count for a count)"
    return f'`{name}` is empty: write its text, like {name}: "..."'


def _not_text(name: str, value: object, written: str | None) -> str:
    """Why a field that takes text was given ``value`` (a list, nothing, a number)."""
    if isinstance(value, list | dict):
        return f"`{name}` must be text, not a list or a mapping"
    if value is None:
        return _no_text(name)
    shown = str(value) if written is None else written
    if name == "within" and isinstance(value, int | float):  # a bare number says no unit
        return (
            f"`within` is a percentage or a quantity with its unit: write within: {shown}% "
            f"(or {shown} and the figure's unit)"
        )
    if isinstance(value, int | float) and not isinstance(value, bool):
        # quoted, a value a key names as measured is still a bare figure (blind78)
        return (
            f'`{name}` must be text: put it in quotes ({name}: "{shown}"), or, if it is what '
            "the report measured, make it one of the record's figures"
        )
    return f'`{name}` must be text: put it in quotes ({name}: "{shown}")'


def validation_message(
    kind: str,
    message: str,
    loc: Sequence[str | int],
    ctx: Mapping[str, Any],
    value: Any,
    written: str | None = None,
) -> str:
    """A pydantic error (its type, message, location and input) in a writer's words;
    ``written``: the value as the file writes it (``1.10``, ``true``), where it is a scalar."""
    name = str(loc[-1]) if loc else "record"
    if kind == "missing":
        return f"required field missing: add `{name}: ...`"
    if kind == "extra_forbidden":
        shape = _shape_of(loc[:-1])
        fields, where = _fields(shape), _SHAPES[shape][0]
        if value is None and (" " in name.strip() or not did_you_mean(name, fields)):
            # "{what: Write time, NAS baseline}": a comma in a flow mapping ends the value,
            # and the rest is a key without a value (blind89: offered 'vs_baseline'); a word
            # near no field too ("…, FX100": blind90)
            return (
                f"unknown field `{name}`: a comma inside {{…}} ends a value; if it belongs to "
                f'the value before it, put that value in quotes ("…, {name}")'
            )
        return (
            f"unknown field `{name}`{did_you_mean(name, fields)}; {where} has {', '.join(fields)}"
        )
    if kind == "literal_error":
        choices = re.findall(r"'([^']*)'", message)
        return f"'{value}' is not one of {', '.join(choices)}{did_you_mean(str(value), choices)}"
    if kind == "string_pattern_mismatch":
        return f"'{value}': {pattern_message(loc)}"
    if kind in {"float_type", "float_parsing", "int_type", "int_parsing", "int_from_float"}:
        unit = (
            " and the unit in `unit`"
            if isinstance(value, str) and re.search(r"\d\s*\D", value)
            else ""
        )
        return f"'{value}' is not a number: write digits without quotes{unit}, like 94"
    if kind == "string_type":
        return _not_text(name, value, written)
    if kind in {"dict_type", "model_type"}:
        if name in _fields("figure") and len(loc) == 2:
            return (
                f"`{name}` is a field of a figure, but it is indented as a figure's name: "
                "indent it under the figure above it"
            )
        if value is None:
            return f"`{name}` is empty; give its entries, indented under it"
        if isinstance(value, list):
            return f"`{name}` must be named entries (name: ...), not a list ('- ...')"
        return (
            f"`{name}` must be a mapping of fields (name: value, one per line, indented under it)"
        )
    if kind.startswith("date"):
        return f"'{value}' is not a date: write it as YYYY-MM-DD, like 2026-03-14"
    if kind in {"too_short", "string_too_short"}:
        return f"`{name}` is empty; give at least one" + (" figure" if name == "figures" else "")
    if kind in {"too_long", "string_too_long"}:
        return f"`{name}` is too long (at most {ctx.get('max_length', '?')})"
    if kind in {"less_than_equal", "less_than"}:
        return f"`{name}` must be at most {ctx.get('le', ctx.get('lt'))}"
    if kind in {"greater_than_equal", "greater_than"}:
        return f"`{name}` must be at least {ctx.get('ge', ctx.get('gt'))}"
    if kind == "bool_type":
        return f"`{name}` must be true or false"
    if kind == "finite_number":
        return f"{name} must be a finite number"
    # Our own validators' messages are already written for writers.
    return message.removeprefix("Value error, ").replace("Input should be", "must be")
