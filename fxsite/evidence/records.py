"""Loading one record file: safe YAML, then the models.

Each record is validated once, by the pydantic models. The published JSON
Schema is generated from the same models, and a test holds the two to the
same verdicts (``tests/test_models.py``), so a second validation at load
time would only cost time.

Every problem becomes a :class:`~fxsite.findings.Finding` positioned at the
field it concerns, thanks to the position map of :mod:`fxsite.evidence.yamlsafe`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from fxsite.evidence.models import Record, shared_fields_sets
from fxsite.evidence.places import compact
from fxsite.evidence.yamlsafe import LoadedYaml, load_yaml
from fxsite.findings import Finding
from fxsite.safeio import UnreadableFile, read_bytes

__all__ = ["RecordFile", "flatten_validation_error", "load_record_file"]

# pydantic error types -> our finding codes; everything else is FX203.
_CODE_BY_TYPE = {
    "missing": "FX201",
    "extra_forbidden": "FX202",
    "unknown_unit": "FX204",
}


@dataclass(frozen=True, slots=True)  # one per record file
class RecordFile:
    """A record file as loaded: the model (None when invalid), the YAML's findings and
    its tables in compact form (:func:`~fxsite.evidence.places.compact`; no data)."""

    path: str
    record: Record | None
    loaded: LoadedYaml


def _dotted(loc: tuple[str | int, ...]) -> str:
    parts: list[str] = []
    for part in loc:
        if isinstance(part, int):
            parts.append(f"[{part}]")
        else:
            parts.append(("." if parts else "") + part)
    return "".join(parts) or "(record)"


def flatten_validation_error(
    error: ValidationError, loaded: LoadedYaml, path: str
) -> list[Finding]:
    """pydantic errors as ``field.path: message`` findings at their YAML position."""
    from fxsite.evidence.plainwords import validation_message  # a valid library never asks

    findings = []
    for item in error.errors(include_url=False):
        loc = tuple(p for p in item["loc"] if isinstance(p, str | int))
        # A model-level rule names the field it concerns, so the finding points at it.
        field = (item.get("ctx") or {}).get("field")
        if isinstance(field, str):
            loc = (*loc, field)
        elif isinstance(field, tuple):  # a field inside another: ("figures", "t", "label")
            loc = (*loc, *field)
        kind = item["type"]
        code = _CODE_BY_TYPE.get(kind, "FX203")
        if kind == "extra_forbidden":
            line, col = loaded.key_positions.get(loc) or loaded.pos(loc)
        else:
            line, col = loaded.pos(loc)
        message = validation_message(
            kind, item["msg"], loc, item.get("ctx") or {}, item.get("input"), loaded.raw.get(loc)
        )
        findings.append(Finding(path, line, col, code, f"{_dotted(loc)}: {message}"))
    return findings


#: Records are a few KB; a low cap keeps hostile input cheap to refuse.
MAX_RECORD_BYTES = 262_144


def load_record_file(file: Path, path: str, root: Path | None = None) -> RecordFile:
    """Load and validate one record; ``path`` is how findings name the file.

    ``root`` is the folder a symbolic link may point into. A FIFO, a device or
    an oversized file is refused before it is read.
    """
    try:
        source = read_bytes(file, MAX_RECORD_BYTES, root)
    except UnreadableFile as exc:
        code = "FX107" if "larger than" in exc.reason else "FX901"
        finding = Finding(path, 1, 1, code, f"cannot read file: it {exc.reason}")
        return RecordFile(path, None, LoadedYaml(None, [finding], {}, {}, {}))
    loaded = load_yaml(source, path, max_bytes=MAX_RECORD_BYTES)
    if loaded.data is None or loaded.findings:
        return RecordFile(path, None, compact(loaded))
    findings: list[Finding] = []
    record: Record | None = None
    try:
        record = shared_fields_sets(Record.model_validate(loaded.data))
    except ValidationError as exc:
        findings.extend(flatten_validation_error(exc, loaded, path))
    loaded.findings.extend(findings)
    return RecordFile(path, record if not findings else None, compact(loaded))
