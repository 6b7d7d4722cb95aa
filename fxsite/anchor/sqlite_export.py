"""``evidence.sqlite``: the published evidence as tables, for ``sqlite3`` and Datasette.

Built with the standard library's ``sqlite3`` (one transaction, ``executemany``;
the schema is the one sqlite-utils wrote before, which took four times as long)
from the same data as ``evidence.json`` (never from the records a second way),
rows inserted in a fixed order, so two builds with one SQLite version give the
same bytes. Exact values stay exact: ``value``,
``min`` and ``max`` are the decimal strings of evidence.json; ``*_num`` columns
hold the same numbers as REAL for sorting and charts.

Tables: ``records`` (one row per record, ``json`` holds it whole), ``figures``
(stated and derived, with their computed values), ``citations`` (page, figure),
``invariants`` (each record's invariants as written, ``position`` from 0).

The audit reads a published copy as untrusted: its schema must be the one
written here (no view, no trigger), and it is queried in memory with a
deadline (:func:`sqlite_findings`).
"""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from fxsite.findings import Finding
from fxsite.safeio import UnreadableFile, open_sqlite

__all__ = [
    "MAX_SQLITE_BYTES",
    "SQLITE_NAME",
    "SQLITE_SECONDS",
    "sqlite_findings",
    "sqlite_rows",
    "write_evidence_sqlite",
]

SQLITE_NAME = "evidence.sqlite"
#: Largest evidence.sqlite an audit reads (it is copied into memory).
MAX_SQLITE_BYTES = 256 << 20
#: Time the audit's queries of evidence.sqlite may take in all.
SQLITE_SECONDS = 10.0

_RECORD_COLUMNS: dict[str, Any] = {
    "id": str,
    "title": str,
    "label": str,
    "status": str,
    "superseded_by": str,
    "date": str,
    "issuer": str,
    "document": str,
    "sha256": str,
    "url": str,
    "notes": str,
    "json": str,
}
_FIGURE_COLUMNS: dict[str, Any] = {
    "ref": str,
    "record": str,
    "name": str,
    "value": str,
    "min": str,
    "max": str,
    "value_num": float,
    "min_num": float,
    "max_num": float,
    "unit": str,
    "decimals": int,
    "label": str,
    "display": str,
    "what": str,
    "formula": str,
    "inputs": str,
}
_CITATION_COLUMNS: dict[str, Any] = {
    "ref": str,
    "record": str,
    "page": str,
    "url": str,
    "heading_id": str,
    "heading": str,
}

_INVARIANT_COLUMNS: dict[str, Any] = {
    "record": str,
    "position": int,
    "expr": str,
    "equals": str,
    "within": str,
    "why": str,
}


def _num(text: str | None) -> float | None:
    return None if text is None else float(text)


def _record_rows(data: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    for r in data["records"]:
        source = r.get("source", {})
        yield {
            "id": r["id"],
            "title": r["title"],
            "label": r["label"],
            "status": r["status"],
            "superseded_by": r.get("superseded_by"),
            "date": r.get("date"),
            "issuer": source.get("issuer"),
            "document": source.get("document"),
            "sha256": source.get("sha256"),
            "url": source.get("url"),
            "notes": r.get("notes"),
            "json": json.dumps(r, sort_keys=True, ensure_ascii=False),
        }


def _figure_rows(data: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    for f in data["figures"]:
        row = {k: f.get(k) for k in _FIGURE_COLUMNS}
        row.update(
            value_num=_num(f.get("value")),
            min_num=_num(f.get("min")),
            max_num=_num(f.get("max")),
            inputs=json.dumps(f["inputs"]) if "inputs" in f else None,
        )
        yield row


def _citation_rows(data: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    for c in data["citations"]:
        yield {
            "ref": c["ref"],
            "record": c["ref"].split("#", 1)[0],
            "page": c["page"],
            "url": c.get("url"),
            "heading_id": c.get("heading_id"),
            "heading": c.get("heading"),
        }


def _all_invariant_rows(data: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    for r in data["records"]:
        yield from _invariant_rows(r)


#: Each table's rows, made one at a time from the content of evidence.json.
_ROWS: dict[str, Callable[[Mapping[str, Any]], Iterator[dict[str, Any]]]] = {
    "records": _record_rows,
    "figures": _figure_rows,
    "citations": _citation_rows,
    "invariants": _all_invariant_rows,
}


def sqlite_rows(data: Mapping[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """The rows of each table, from the content of evidence.json."""
    return {table: list(rows(data)) for table, rows in _ROWS.items()}


def _invariant_rows(record: dict[str, Any]) -> list[dict[str, Any]]:
    """A record's invariants as rows; TypeError when evidence.json holds something else."""
    items = record.get("invariants", [])
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        raise TypeError(f"record {record['id']!r}: invariants is not a list of mappings")
    names = ("expr", "equals", "within", "why")
    return [
        {"record": record["id"], "position": i, **{k: item.get(k) for k in names}}
        for i, item in enumerate(items)
    ]


def _row_key(row: dict[str, Any]) -> str:
    return json.dumps(row, sort_keys=True, default=str)


_TYPES = {str: "TEXT", float: "REAL", int: "INTEGER"}


def _create_table(
    name: str,
    columns: dict[str, Any],
    pk: str | None = None,
    not_null: frozenset[str] = frozenset(),
    references: dict[str, tuple[str, str]] | None = None,
) -> str:
    """``CREATE TABLE`` as sqlite-utils writes it (the published schema stays the same)."""
    lines = []
    for column, kind in columns.items():
        line = f'   "{column}" {_TYPES[kind]}'
        if column == pk:
            line += " PRIMARY KEY"
        if column in not_null:
            line += " NOT NULL"
        if references and column in references:
            table, key = references[column]
            line += f' REFERENCES "{table}"("{key}")'
        lines.append(line)
    return f'CREATE TABLE "{name}" (\n' + ",\n".join(lines) + "\n)"


_TABLES = (
    (
        "records",
        _RECORD_COLUMNS,
        _create_table(
            "records", _RECORD_COLUMNS, pk="id", not_null=frozenset({"title", "label", "status"})
        ),
    ),
    (
        "figures",
        _FIGURE_COLUMNS,
        _create_table(
            "figures", _FIGURE_COLUMNS, pk="ref", references={"record": ("records", "id")}
        ),
    ),
    (
        "citations",
        _CITATION_COLUMNS,
        _create_table(
            "citations",
            _CITATION_COLUMNS,
            references={"ref": ("figures", "ref"), "record": ("records", "id")},
        ),
    ),
    (
        "invariants",
        _INVARIANT_COLUMNS,
        _create_table(
            "invariants",
            _INVARIANT_COLUMNS,
            not_null=frozenset({"record", "position", "expr", "equals", "within"}),
            references={"record": ("records", "id")},
        ),
    ),
)
_INDEXES = (
    'CREATE INDEX "idx_figures_record"\n    ON "figures" ("record")',
    'CREATE INDEX "idx_citations_ref"\n    ON "citations" ("ref")',
)


def write_evidence_sqlite(data: Mapping[str, Any], target: Path) -> None:
    """Write ``target`` (replacing it) from the content of evidence.json.

    Each table's rows are made as they are inserted: none is kept as a list (the
    build passes content whose lists make their items as they are iterated,
    :func:`fxsite.render.exports.evidence_read_back`).
    """
    fd, tmp_name = tempfile.mkstemp(prefix=".evidence-", suffix=".sqlite", dir=target.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        tmp.unlink()  # sqlite3 creates it: one transaction writes the whole database
        conn = sqlite3.connect(tmp, isolation_level=None)
        try:
            conn.execute("BEGIN")
            for table, columns, create in _TABLES:
                conn.execute(create)
                names = list(columns)
                quoted = ", ".join(f'"{n}"' for n in names)
                marks = ", ".join("?" for _ in names)
                conn.executemany(
                    f'INSERT INTO "{table}" ({quoted}) VALUES ({marks})',  # noqa: S608
                    (tuple(row[n] for n in names) for row in _ROWS[table](data)),
                )
            for index in _INDEXES:
                conn.execute(index)
            conn.execute("COMMIT")
        finally:
            conn.close()
        tmp.replace(target)
    finally:
        tmp.unlink(missing_ok=True)


def _schema_findings(conn: sqlite3.Connection) -> tuple[list[Finding], list[str]]:
    """The database's objects against the build's, and the tables that are the build's.

    A view, a trigger or a changed table is a finding, and only the build's own
    tables are queried: no SQL of the file's runs. SQLite's own objects
    (``sqlite_autoindex_…``) are left out.
    """
    expected = {("table", t): create for t, _, create in _TABLES}
    expected.update({("index", i.split('"')[1]): i for i in _INDEXES})
    got = {
        (kind, name): sql
        for kind, name, sql in conn.execute(
            "SELECT type, name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite!_%' ESCAPE '!'"
        )
    }
    findings = [
        Finding(SQLITE_NAME, 1, 1, "FX816", f"{kind} {name} is not the one the build writes")
        for kind, name in sorted(set(got) | set(expected))
        if got.get((kind, name)) != expected.get((kind, name))
    ]
    return findings, [t for t, _, create in _TABLES if got.get(("table", t)) == create]


def _table_findings(
    conn: sqlite3.Connection, table: str, rows: list[dict[str, Any]]
) -> list[Finding]:
    """Whether ``table`` holds exactly ``rows``, reading one row more than those at most."""
    cursor = conn.execute(f'SELECT * FROM "{table}"')  # noqa: S608
    names = [d[0] for d in cursor.description]
    got = [dict(zip(names, r, strict=True)) for r in cursor.fetchmany(len(rows) + 1)]
    if sorted(map(_row_key, got)) != sorted(map(_row_key, rows)):
        return [Finding(SQLITE_NAME, 1, 1, "FX816", f"table {table} disagrees with evidence.json")]
    return []


def sqlite_findings(site_dir: Path, data: dict[str, Any]) -> list[Finding]:
    """Whether a published evidence.sqlite holds exactly what evidence.json says.

    Read through :func:`~fxsite.safeio.open_sqlite`: a copy in memory, query-only,
    every query stopped after :data:`SQLITE_SECONDS`.
    """
    path = site_dir / SQLITE_NAME
    if not path.exists() and not path.is_symlink():
        return []
    expected = sqlite_rows(data)
    try:
        conn = open_sqlite(path, MAX_SQLITE_BYTES, SQLITE_SECONDS, root=site_dir)
    except UnreadableFile as exc:
        return [Finding(SQLITE_NAME, 1, 1, "FX816", f"cannot be read safely: it {exc.reason}")]
    findings: list[Finding] = []
    try:
        findings, tables = _schema_findings(conn)
        for table in tables:
            findings += _table_findings(conn, table, expected[table])
    except sqlite3.Error as exc:
        reason = f"took longer than {SQLITE_SECONDS:g} s" if "interrupt" in str(exc) else exc
        findings.append(Finding(SQLITE_NAME, 1, 1, "FX816", f"cannot be read: {reason}"))
    finally:
        conn.close()
    return findings
