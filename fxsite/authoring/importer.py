"""``fxsite import``: a test lab's CSV of results as an evidence record.

The CSV has a header row naming its columns: ``figure``, ``unit`` and
``value`` (or ``min`` and ``max`` for a range) are required, ``what`` is
optional. Each row becomes one figure; values keep the precision they are
written with (``6.40`` stays known to two decimals). A row that cannot be
typed is refused with a finding at its ``path:line:col``; the record is made
only when every row is good, and ``fxsite check``'s record rules (the models, the
library's, the figures its words state) find nothing in it, each finding told at
the row or the option it comes from.
"""

from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
from dataclasses import dataclass

from pydantic import ValidationError

from fxsite.authoring.init import SCHEMA_LINE
from fxsite.evidence.models import FIGURE_NAME_PATTERN, Figure
from fxsite.findings import Finding, did_you_mean

__all__ = ["COLUMNS", "record_from_csv"]

COLUMNS = ("figure", "value", "min", "max", "unit", "what")
_NUMBER = re.compile(r"[-+]?[0-9]+(?:\.[0-9]+)?")
_GROUPED = re.compile(r"[-+]?[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?")


@dataclass(frozen=True)
class _Row:
    line: int
    cols: dict[str, int]  # column name -> 1-based character column of its field
    cells: dict[str, str]


def _field_starts(line: str) -> list[int]:
    """1-based character columns where each CSV field of ``line`` starts."""
    starts, quoted = [1], False
    for i, char in enumerate(line):
        if char == '"':
            quoted = not quoted
        elif char == "," and not quoted:
            starts.append(i + 2)
    return starts


def _number(text: str) -> str | None:
    """The number as written, or None; ``1,234.5`` loses only its separators."""
    text = text.strip()
    if _GROUPED.fullmatch(text):
        text = text.replace(",", "")
    return text.removeprefix("+") if _NUMBER.fullmatch(text) else None


def _as_number(text: str) -> str:
    """How to write ``text`` as a number the record reads."""
    plain = text.strip()
    digits = "".join(str(unicodedata.digit(c)) if c.isdigit() else c for c in plain)
    if digits != plain and _number(digits) is not None:  # full-width or other digits
        return f"write it in ASCII digits: {digits}"
    if re.fullmatch(r"[-+]?\.[0-9]+", plain):
        return f"write {plain.replace('.', '0.', 1)}"
    return "write digits only, like 6.40, and put the unit in the unit column"


def _rows(text: str, path: str) -> tuple[list[_Row], list[Finding]]:
    lines = text.split("\n")
    reader = csv.reader(io.StringIO(text))
    findings: list[Finding] = []
    try:
        header = next(reader)
    except (StopIteration, csv.Error):
        return [], [
            Finding(path, 1, 1, "FX701", "the file is empty; the first row names the columns")
        ]
    names = [h.strip().lower() for h in header]
    for separator in (";", "\t"):
        if len(header) == 1 and separator in header[0]:  # a spreadsheet's other CSV dialect
            shown = "a semicolon" if separator == ";" else "a tab"
            message = (
                f"the header's columns are separated by {shown}, not a comma: save the "
                'file as CSV with commas (a spreadsheet\'s "CSV UTF-8")'
            )
            return [], [Finding(path, 1, 1, "FX701", message)]
    starts = _field_starts(lines[0])
    for i, name in enumerate(names):
        if name not in COLUMNS:
            hint = did_you_mean(name, COLUMNS)
            findings.append(
                Finding(
                    path,
                    1,
                    starts[min(i, len(starts) - 1)],
                    "FX701",
                    f"unknown column '{header[i].strip()}'{hint}; the columns are {', '.join(COLUMNS)}",
                )
            )
        elif names.index(name) != i:
            findings.append(Finding(path, 1, starts[i], "FX701", f"column '{name}' appears twice"))
    for required in ("figure", "unit"):
        if required not in names:
            findings.append(Finding(path, 1, 1, "FX701", f"the header has no '{required}' column"))
    if "value" not in names and not {"min", "max"} <= set(names):
        findings.append(
            Finding(path, 1, 1, "FX701", "the header needs a 'value' column, or 'min' and 'max'")
        )
    if findings:
        return [], findings
    rows: list[_Row] = []
    first = reader.line_num + 1
    try:
        for record in reader:
            line = first
            first = reader.line_num + 1
            if not any(cell.strip() for cell in record):
                continue
            starts = _field_starts(lines[line - 1])
            if len(record) != len(names):
                findings.append(
                    Finding(
                        path,
                        line,
                        1,
                        "FX701",
                        f"this row has {len(record)} cells; the header has {len(names)}",
                    )
                )
                continue
            cols = {n: starts[min(i, len(starts) - 1)] for i, n in enumerate(names)}
            rows.append(
                _Row(line, cols, {n: c.strip() for n, c in zip(names, record, strict=True)})
            )
    except csv.Error as exc:
        findings.append(Finding(path, reader.line_num, 1, "FX701", f"cannot read this row: {exc}"))
    return rows, findings


def _figure(row: _Row, path: str) -> tuple[dict[str, str], list[Finding]]:
    """One row as the figure's YAML fields (numbers as written), or its findings."""
    cells, findings = row.cells, []

    def refuse(column: str, message: str) -> None:
        findings.append(Finding(path, row.line, row.cols.get(column, 1), "FX701", message))

    out: dict[str, str] = {}
    present = [c for c in ("value", "min", "max") if cells.get(c)]
    for column in present:
        number = _number(cells[column])
        if number is None:
            refuse(
                column, f"{column} '{cells[column]}' is not a number; {_as_number(cells[column])}"
            )
        else:
            out[column] = number
    if not present:
        refuse("value", "this row has no value; give value, or min and max for a range")
    for column in ("unit", "what"):
        if cells.get(column):
            out[column] = json.dumps(cells[column], ensure_ascii=False)
    # The row's other columns are validated too: every problem of a row in one run.
    refused = {n for n in present if n not in out} | ({"value"} if not present else set())
    data: dict[str, object] = {k: float(v) for k, v in out.items() if k in {"value", "min", "max"}}
    data.update({k: cells[k] for k in ("unit", "what") if cells.get(k)})
    if refused and not any(k in data for k in ("value", "min", "max")):
        data["value"] = 0.0  # a stand-in, so that the unit and text are still checked
    try:
        Figure.model_validate(data)
    except ValidationError as exc:
        for error in exc.errors(include_url=False):
            column = next((str(p) for p in error["loc"] if str(p) in row.cols), "figure")
            if column in refused:
                continue  # told above
            message = error["msg"].removeprefix("Value error, ")
            if error["type"] == "missing":
                message = f"this row has no {column}"
            refuse(column, message)
    return ({}, findings) if findings else (out, findings)


def record_from_csv(
    text: str, path: str, record_id: str, label: str, title: str
) -> tuple[str | None, list[Finding]]:
    """The record file's text made from a CSV, or None and every finding."""
    rows, findings = _rows(text.removeprefix("\ufeff").replace("\r\n", "\n"), path)
    figures: dict[str, dict[str, str]] = {}
    first_line: dict[str, int] = {}
    for row in rows:
        name = row.cells.get("figure", "")
        if not re.fullmatch(FIGURE_NAME_PATTERN, name):
            findings.append(
                Finding(
                    path,
                    row.line,
                    row.cols["figure"],
                    "FX701",
                    f"figure name '{name}' must start with a lowercase letter and use only "
                    "lowercase letters, digits and _ (like save_time_fx100)",
                )
            )
            continue
        if name in figures:
            message = f"figure '{name}' is already on line {first_line[name]}"
            findings.append(Finding(path, row.line, row.cols["figure"], "FX701", message))
            continue
        fields, problems = _figure(row, path)
        findings.extend(problems)
        figures[name], first_line[name] = fields, row.line
    if not rows and not findings:
        findings.append(Finding(path, 1, 1, "FX701", "the file has a header but no rows"))
    if findings:
        return None, findings
    lines = [
        SCHEMA_LINE,
        f"id: {record_id}",
        f"title: {json.dumps(title, ensure_ascii=False)}",
        f"label: {label}",
        "status: active",
        "figures:",
    ]
    #: each line of the record: the option or the CSV row (line, column) it comes from
    origins: dict[int, tuple[str, int, int]] = {2: ("--id", 1, 1), 3: ("--title", 1, 1)}
    origins[4] = ("--label", 1, 1)
    for name, fields in figures.items():
        row = next(r for r in rows if r.cells.get("figure") == name)
        origins[len(lines) + 1] = ("", row.line, row.cols["figure"])
        lines.append(f"  {name}:")
        for key, value in fields.items():
            origins[len(lines) + 1] = ("", row.line, row.cols.get(key, 1))
            lines.append(f"    {key}: {value}")
    lines.append(
        f"notes: {json.dumps(f'Imported from {path.rsplit(chr(47), 1)[-1]} by fxsite import.')}"
    )
    record_text = "\n".join(lines) + "\n"
    problems = _judged(record_text, record_id, path, origins)
    return (None, problems) if problems else (record_text, [])


def _judged(
    record_text: str, record_id: str, path: str, origins: dict[int, tuple[str, int, int]]
) -> list[Finding]:
    """The errors ``fxsite check`` would give the record, each at the CSV row (or the
    option) it comes from: the models, the library's rules, the figures its words state
    (blind62: import wrote records that check refused: a title holding a figure, a value
    of 41 digits, a reserved ID, a file too large to read)."""
    import tempfile
    from pathlib import Path

    from fxsite.evidence.library import load_library
    from fxsite.evidence.records import MAX_RECORD_BYTES
    from fxsite.pages.record_text import record_text_findings

    size = len(record_text.encode("utf-8"))
    if size > MAX_RECORD_BYTES:
        message = (
            f"the record would be {size:,} bytes, and a record file holds at most "
            f"{MAX_RECORD_BYTES:,}: split the rows into several records"
        )
        return [Finding(path, 1, 1, "FX701", message)]
    with tempfile.TemporaryDirectory(prefix="fxsite-import-") as folder:
        root = Path(folder)
        (root / f"{record_id}.yaml").write_text(record_text, encoding="utf-8")
        library = load_library(root, root)
        found = [*library.findings, *record_text_findings(library, root)]
    out = []
    for finding in found:
        if finding.severity != "error":
            continue
        option, line, col = origins.get(finding.line, ("", 1, 1))
        message = f"{option}: {finding.message}" if option else finding.message
        out.append(Finding(path, line, col, finding.code, message))
    return out
