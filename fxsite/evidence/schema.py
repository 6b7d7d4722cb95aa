"""The published JSON Schema of a record, generated from the models.

The checked-in ``schemas/evidence.schema.json`` is what editors use
(``# yaml-language-server: $schema=...``) and what third parties validate
against; ``fxsite schema`` regenerates it, and a test fails when it drifts.
Records are validated by the models the schema is generated from.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from fxsite.evidence.models import Record

__all__ = [
    "SCHEMA_FILE",
    "SCHEMA_ID",
    "record_schema",
    "schema_text",
]

SCHEMA_ID = "https://fxsite.dev/schemas/evidence.schema.json"
#: Where the schema lives in a project and in a built site.
SCHEMA_FILE = "schemas/evidence.schema.json"


@cache
def record_schema() -> dict[str, Any]:
    """The Draft 2020-12 schema of one evidence record."""
    schema = Record.model_json_schema(mode="validation")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": SCHEMA_ID, **schema}


@cache
def schema_text() -> str:
    """The schema as the checked-in file holds it (stable key order, final newline);
    made once a process (the audit compares every site's copy with it)."""
    return json.dumps(record_schema(), indent=2, ensure_ascii=False) + "\n"
