"""A site's ``evidence.json`` and the machine-readable files beside it, re-derived.

The library is rebuilt from the published records by
:func:`~fxsite.evidence.library.library_from_published` (the build's own
function), and every published figure, CSV row, per-record JSON file and schema
is compared with what that library renders.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

from fxsite.evidence.documents_text import Located
from fxsite.evidence.library import Library, library_from_published
from fxsite.evidence.refs import FigureRef
from fxsite.evidence.schema import SCHEMA_ID, record_schema, schema_text
from fxsite.findings import ConfigError, Finding, line_of
from fxsite.render.exports import (
    EVIDENCE_JSON_SCHEMA,
    PublishedJsonError,
    evidence_csv,
    figure_data,
    loads,
    record_data,
    site_schema_text,
)
from fxsite.safeio import UnreadableFile, read_text

__all__ = [
    "MAX_JSON_BYTES",
    "Published",
    "as_written",
    "compare_exports",
    "load_published",
    "text_key",
]

#: Largest published JSON file read, in bytes.
MAX_JSON_BYTES = 64 << 20
_WHERE = "evidence.json"


@dataclass
class Published:
    """What a site publishes about its evidence, and the library rebuilt from it.

    Of the parsed ``evidence.json`` only what the checks across the site read
    is kept (its records and figures live on as ``library``; of its pages and
    citations the URLs and figures, each distinct string once): on a large
    site the parsed tree is megabytes.
    """

    #: the text's digest (:func:`text_key`): the same bytes give the same result
    key: bytes
    library: Library
    findings: list[Finding]
    #: the URL of each page it lists
    pages: list[str]
    #: each citation it lists: the figure cited, the URL of the page citing it
    citations: Iterable[tuple[str, str]]


def text_key(text: str) -> bytes:
    """A 16-byte digest of an ``evidence.json`` text."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def as_written(
    text: str, library: Library, pages: list[str], citations: Iterable[tuple[str, str]]
) -> Published:
    """What :func:`load_published` gives for ``text``, as the build that wrote it knows it.

    ``library`` is the one the build wrote ``text`` from, ``pages`` and ``citations``
    what it lists (see :func:`~fxsite.render.exports.site_listing`). Passed as
    ``previous``, it stands for the published ``evidence.json`` while the published
    bytes are ``text``: the build's gate neither parses what the build just wrote nor
    keeps a second library. Bytes that differ are read and rebuilt as an audit reads them.
    """
    return Published(text_key(text), library, [], pages, citations)


def load_published(
    site_dir: Path, *, exported: str | None = None, previous: Published | None = None
) -> Published:
    """Read, validate and rebuild; raises ConfigError when there is nothing to audit.

    ``exported`` is the text the build just wrote: when the published bytes
    are that text, they passed the schema check when written
    (``tests/test_site.py`` holds the export to the schema) and it is not
    run again. ``previous`` is the result for an earlier build: the same text
    gives the same result, which is returned as it is.
    """
    path = site_dir / "evidence.json"
    if not path.exists() and not path.is_symlink():
        raise ConfigError(f"{site_dir}: no evidence.json; is this a site built by fxsite?")
    try:
        text = read_text(path, MAX_JSON_BYTES, root=site_dir)
        key = text_key(text)
        if previous is not None and previous.key == key:
            return previous
        data = loads(text)
    except (UnreadableFile, PublishedJsonError) as exc:
        raise ConfigError(f"{path}: cannot be audited: {exc}") from None
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: not an fxsite evidence file")
    findings, broken = ([], set()) if text == exported else _schema_findings(data)
    # Each part that holds to its schema is read, whatever another part breaks: an
    # unexpected key at the top leaves every claim checked against the records, not
    # reported as citing an unknown one; a part that breaks its schema is not read.
    sound = {n for n in _PARTS if n not in broken and isinstance(data.get(n), list)}
    # Each part of the parsed tree is let go once read: on a large site it is megabytes.
    pages, citations = _listed(data, sound)
    data.pop("pages", None)
    data.pop("citations", None)
    library = library_from_published(
        data.pop("records") if "records" in sound else [], _WHERE, text
    )
    findings += [f for f in library.findings if f.severity == "error"]
    if "records" in sound and "figures" in sound:
        findings += _figure_findings(data, library, text)
    if isinstance(data.get("figures"), list):  # item by item: one broken item is FX205
        _read_document_facts(data["figures"], library)
    return Published(key, library, findings, pages, citations)


def _read_document_facts(figures: list[dict[str, Any]], library: Library) -> None:
    """What the build found of each figure in its report document (``stated_in``,
    ``not_stated_in``: :func:`~fxsite.render.exports.document_facts`), into ``library``,
    for the figures it defines: what the record pages and the consistency block say of
    the documents is rendered from it, and ``--documents`` checks it against the
    auditor's copies."""
    for item in figures:
        ref = item.get("ref") if isinstance(item, dict) else None
        if not isinstance(ref, str) or ref not in library.figures:
            continue  # FX205, FX611
        where, missing = item.get("stated_in"), item.get("not_stated_in")
        if _a_place(where):
            numbers = tuple(where["numbers"])
            library.stated_in[ref] = Located(where["document"], where["unit"], numbers)
        elif isinstance(missing, str):
            library.not_stated[ref] = missing


def _a_place(where: Any) -> TypeGuard[dict[str, Any]]:
    """``where`` is a ``stated_in`` as the schema has it (the schema check reports it
    otherwise, and the figure is read as stated nowhere)."""
    return (
        isinstance(where, dict)
        and isinstance(where.get("document"), str)
        and where.get("unit") in ("page", "line", "")
        and isinstance(where.get("numbers"), list)
        and len(where["numbers"]) <= 2
        and all(isinstance(n, int) and not isinstance(n, bool) for n in where["numbers"])
    )


#: The lists an ``evidence.json`` holds, each read where it holds to its schema.
_PARTS = ("records", "figures", "pages", "citations")


def _listed(data: dict[str, Any], sound: set[str]) -> tuple[list[str], list[tuple[str, str]]]:
    """The pages' URLs and the citations (figure, page URL), each distinct string kept once
    (of the parts in ``sound``)."""
    strings: dict[str, str] = {}

    def once(value: Any) -> str:
        text = str(value)
        return strings.setdefault(text, text)

    pages = [once(p["url"]) for p in data["pages"]] if "pages" in sound else []
    listed = data["citations"] if "citations" in sound else []
    citations = [(once(c["ref"]), once(c.get("url", ""))) for c in listed]
    return pages, citations


def _schema_findings(data: dict[str, Any]) -> tuple[list[Finding], set[str]]:
    """Each place ``data`` breaks the ``evidence.json`` schema, and the top-level parts
    (:data:`_PARTS`) holding one ("" for the top level itself)."""
    # Imported here: a build whose evidence.json is the one it wrote never needs them.
    from referencing import Registry
    from referencing.jsonschema import DRAFT202012

    # Without its "$schema": jsonschema would validate what a $ref reaches with the
    # dialect's own validator class, not with :func:`_validator`'s.
    schema = {k: v for k, v in record_schema().items() if k != "$schema"}
    registry: Registry[Any] = Registry().with_resource(
        SCHEMA_ID, DRAFT202012.create_resource(schema)
    )
    validator = _validator()(EVIDENCE_JSON_SCHEMA, registry=registry)
    errors = list(validator.iter_errors(data))
    findings = [
        Finding(
            _WHERE,
            1,
            1,
            "FX205",
            f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}"[:500],
        )
        for e in errors
    ]
    return findings, {str(e.absolute_path[0]) if e.absolute_path else "" for e in errors}


def _validator() -> Any:
    """Draft 2020-12 with ``enum`` of strings tested by a set: the unit vocabulary is an
    enum of a thousand spellings, and jsonschema compares a figure's unit with each in
    turn (millions of comparisons on a large site); any other enum is jsonschema's own."""
    from jsonschema import Draft202012Validator, validators

    enum_keyword = Draft202012Validator.VALIDATORS["enum"]
    sets: dict[int, tuple[object, frozenset[str] | None]] = {}

    def enum(validator: Any, enums: Any, instance: Any, schema: Any) -> Any:
        # Keyed by the list's identity; the list is kept beside its set, so the id cannot
        # be reused while the entry lives.
        known = sets.get(id(enums))
        if known is None or known[0] is not enums:
            strings = all(isinstance(e, str) for e in enums)
            known = sets[id(enums)] = (enums, frozenset(enums) if strings else None)
        if not (isinstance(instance, str) and known[1] is not None and instance in known[1]):
            yield from enum_keyword(validator, enums, instance, schema)

    return validators.extend(Draft202012Validator, {"enum": enum})  # type: ignore[no-untyped-call]


def _figure_findings(data: dict[str, Any], library: Library, text: str) -> list[Finding]:
    """Every published figure equal, field by field, to the one recomputed."""
    out: list[Finding] = []
    published: dict[str, dict[str, Any]] = {}
    for item in data["figures"]:
        published[item["ref"]] = item
    for ref, item in published.items():
        key = FigureRef.parse(ref)
        fig = library.figures.get(str(key)) if key else None
        if fig is None:
            line = _figure_line(text, ref)
            out.append(Finding(_WHERE, line, 1, "FX611", f"{ref}: no record defines this figure"))
            continue
        expected = figure_data(fig)
        # What the build found in a report document: the audit has no document (see
        # _read_document_facts, and --documents).
        for name in sorted((set(expected) | set(item)) - _DOCUMENT_FACTS):
            if item.get(name) != expected.get(name):
                out.append(
                    Finding(
                        _WHERE,
                        _figure_line(text, ref),
                        1,
                        "FX611",
                        f"{ref}: published {name} {item.get(name)!r} but the record gives "
                        f"{expected.get(name)!r}",
                    )
                )
    for ref in sorted(set(library.figures) - set(published)):
        out.append(Finding(_WHERE, 1, 1, "FX611", f"{ref}: figure of a record not published"))
    return out


#: A published figure's keys that say what the build found in its report document.
_DOCUMENT_FACTS = frozenset({"stated_in", "not_stated_in"})


def _figure_line(text: str, ref: str) -> int:
    """The line of figure ``ref`` in the ``figures`` list (citations name it first)."""
    needle = f'"ref": "{ref}"'
    at = text.find(needle, max(text.find('"figures": ['), 0))
    return line_of(text, needle) if at < 0 else text.count("\n", 0, at) + 1


def compare_exports(rel: str, text: str, published: Published) -> list[Finding] | None:
    """Findings for a machine-readable file the build writes; None if ``rel`` is not one."""
    library = published.library
    if rel == "evidence.csv":
        return _same(rel, text, evidence_csv(library), "evidence.csv")
    if rel == "schemas/evidence.schema.json":
        return _same(rel, text, schema_text(), "the record schema")
    if rel == "schemas/evidence-site.schema.json":
        return _same(rel, text, site_schema_text(), "the schema")
    stem = Path(rel).stem
    if rel.endswith(".json") and stem in library.records and Path(rel).parent.name:
        try:
            shown = loads(text)
        except PublishedJsonError as exc:
            return [Finding(rel, 1, 1, "FX612", f"not readable JSON: {exc}")]
        if shown != record_data(library, stem):
            return [Finding(rel, 1, 1, "FX612", f"differs from record {stem} in evidence.json")]
        return []
    return None


def _same(rel: str, text: str, expected: str, what: str) -> list[Finding]:
    if text == expected:
        return []
    a, b = text.splitlines(), expected.splitlines()
    line = next((i for i, (x, y) in enumerate(zip(a, b, strict=False), 1) if x != y), None)
    line = line or min(len(a), len(b)) + 1
    return [Finding(rel, line, 1, "FX612", f"differs from {what} rebuilt from evidence.json")]
