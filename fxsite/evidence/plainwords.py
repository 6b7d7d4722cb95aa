"""Problems in a record, told in a writer's words, with the fix.

PyYAML and pydantic describe what *they* could not do ("mapping values are
not allowed here", "Extra inputs are not permitted", a regex pattern). A
writer needs what is wrong in the file and what to type instead. The two
functions here turn the libraries' error kinds into such sentences; no
library wording is ever passed through (a test runs a table of typical
mistakes and looks for any).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from fxsite.findings import did_you_mean

__all__ = ["pattern_message", "validation_message", "yaml_message"]

_FIELDS: dict[str, tuple[str, ...]] = {
    "record": (
        "id", "title", "label", "status", "superseded_by", "date", "source",
        "setup", "figures", "derived", "invariants", "notes",
    ),
    "source": ("issuer", "document", "sha256", "url"),
    "figure": ("value", "min", "max", "unit", "what", "label"),
    "derived": ("formula", "unit", "decimals", "stated", "what"),
    "invariant": ("expr", "equals", "within", "why"),
}  # fmt: skip


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _key(line: str) -> str | None:
    match = re.match(r"\s*(?:-\s+)?([^\s:#][^:#]*?)\s*:(?:\s|$)", line)
    return match.group(1) if match else None


def _above(lines: list[str], index: int) -> int | None:
    """Index of the nearest non-blank, non-comment line above ``index``."""
    for i in range(index - 1, -1, -1):
        if lines[i].strip() and not lines[i].lstrip().startswith("#"):
            return i
    return None


def _parent(lines: list[str], index: int, indent: int) -> str | None:
    """The key of the nearest line above ``index`` indented less than ``indent``."""
    for i in range(index - 1, -1, -1):
        if lines[i].strip() and _indent(lines[i]) < indent and _key(lines[i]):
            return _key(lines[i])
    return None


# A field whose value starts with a bracket (where the YAML error was met).
_FLOW_VALUE = re.compile(r"\s*(?:-\s+)?(?P<key>[\w-]+):\s+(?P<value>[\[{].*)$")


def _bad_indent(lines: list[str], index: int) -> str:
    line = lines[index]
    key = _key(line) or line.strip()[:30]
    above = _above(lines, index)
    if above is None:
        return f"`{key}` is indented; a record's top-level fields start at the first column"
    sibling, width = _key(lines[above]), _indent(lines[above])
    parent = _parent(lines, above + 1, width)
    if parent and sibling:
        return (
            f"`{key}` is indented {_indent(line)} spaces, which matches no field above it: "
            f"indent `{key}` under `{parent}` with {width} spaces, like `{sibling}`"
        )
    return (
        f"`{key}` is indented {_indent(line)} spaces; indent it {width} spaces, like the line above"
    )


def yaml_message(problem: str, context: str, text: str, line: int, col: int) -> str:
    """A YAML syntax error (PyYAML's ``problem`` and ``context``) as a fix to make.

    ``line`` and ``col`` are 0-based, where PyYAML stopped; ``context`` may name
    where the construct it was reading began ("... at line 6").
    """
    lines = text.split("\n")
    index = min(max(line, 0), len(lines) - 1) if lines else 0
    current = lines[index] if lines else ""
    opened = re.search(r"at line (\d+)", context)
    start = f" opened at line {opened.group(1)}" if opened else ""
    at = current[col] if 0 <= col < len(current) else ""
    indentation = current[: len(current) - len(current.lstrip())]
    # A tab first: the line may hold a bracket too, which is not what YAML stopped at.
    if "'\\t'" in problem or "\t" in problem or re.search(r"\btab\b", problem) or at == "\t":
        if "\t" in indentation or not current.strip():
            return (
                "a tab in the indentation: YAML indents with spaces only; "
                "replace the tab with spaces"
            )
        return "a tab where YAML reads a token: replace the tab with a space"
    flow = _FLOW_VALUE.match(current)
    if flow is not None:
        # "a: [94 s](evidence:R1#x) per save": a claim at the start of a value
        # reads as a YAML list; the text only needs quotes.
        key, value = flow.group("key"), flow.group("value").rstrip()
        what = "list" if value.startswith("[") else "mapping"
        quoted = value.replace('"', '\\"')
        return (
            f"the value of `{key}` starts with '{value[0]}', so YAML reads a {what}; "
            f'put the text in quotes: {key}: "{quoted}"'
        )
    if "mapping values are not allowed" in problem:
        above = _above(lines, index)
        key = _key(current)
        if above is not None and re.search(r"\w:[^\s/]", lines[above]) and ": " not in lines[above]:
            glued = lines[above].strip()
            return f"put a space after the colon in `{glued}` (line {above + 1})"
        if above is not None and key and _indent(current) > _indent(lines[above]):
            sibling = _key(lines[above]) or "the line above"
            return (
                f"`{key}` is indented more than `{sibling}` above it: indent `{key}` "
                f"{_indent(lines[above])} spaces, like `{sibling}`"
            )
        if key:
            value = current.split(":", 1)[1].strip()
            return f"the value of `{key}` contains ': '; put it in quotes: {key}: \"{value}\""
        return "a ':' is out of place; put a text containing ': ' in quotes"
    if "cannot start any token" in problem:
        char = re.search(r"character '(.+?)'", problem)
        sign = char.group(1) if char else (at or current.strip()[:1])
        key = _key(current) or "the value"
        return f'a value cannot start with {sign}; put it in quotes ({key}: "...")'
    if "escape" in problem:
        return (
            "a backslash in a double-quoted text starts an escape this one is not; "
            "write \\\\ for a backslash, or use single quotes"
        )
    if "alias" in context or "anchor" in context:
        sign = "*" if "alias" in context else "&"
        key = _key(current) or "the value"
        return f'a value cannot start with {sign}; put it in quotes ({key}: "...")'
    if "quoted scalar" in context:
        return f"the quote{start} is never closed; add the closing quote"
    if "flow mapping" in context or "flow sequence" in context:
        bracket = "{" if "mapping" in context else "["
        close = "}" if bracket == "{" else "]"
        return (
            f"the '{bracket}'{start} is never closed, or two entries lack a ',' between them; "
            f"add the '{close}' or the ','"
        )
    if current.lstrip().startswith("- "):
        return (
            "a list item ('- ') where a field was expected; write `name: value` here, "
            "or indent the list under the field it belongs to"
        )
    if "block end" in problem or "block mapping" in context:
        return _bad_indent(lines, index)
    return (
        "this line is not valid YAML: check that it is indented with spaces like the "
        "fields beside it, that each key is followed by ': ', and that quotes are closed"
    )


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


def _model_of(loc: Sequence[str | int]) -> str:
    if loc and loc[0] == "source":
        return "source"
    if len(loc) >= 2 and loc[0] == "invariants":
        return "invariant"
    if len(loc) >= 2 and loc[0] in {"figures", "derived"}:
        return "figure" if loc[0] == "figures" else "derived"
    return "record"


def _no_text(name: str) -> str:
    """What an empty field (``unit:``, ``unit: null``, ``unit: ~``) is told."""
    if name == "unit":
        return "`unit` is empty: write the figure's unit, like unit: s (unit: count for a count)"
    return f'`{name}` is empty: write its text, like {name}: "..."'


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
        model = _model_of(loc[:-1])
        fields = _FIELDS[model]
        where = {
            "record": "a record",
            "source": "source",
            "figure": "a figure",
            "invariant": "an invariant",
        }.get(model, "a derived figure")
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
        if isinstance(value, list | dict):
            return f"`{name}` must be text, not a list or a mapping"
        if value is None:
            return _no_text(name)
        shown = str(value) if written is None else written
        return f'`{name}` must be text: put it in quotes ({name}: "{shown}")'
    if kind in {"dict_type", "model_type"}:
        if name in _FIELDS["figure"] and len(loc) == 2:
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
