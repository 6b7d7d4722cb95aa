"""Machine-readable evidence published with the site, for auditors.

``evidence.json`` holds every record as written, every figure with its
computed value and label, and every citation (which page cites which figure).
``evidence.csv`` is the same figures, one row each. Both are deterministic:
sorted keys, no timestamps, so two builds of one input are byte-identical.

Numbers in records are JSON number literals spelt as the record wrote them
(``6.40`` stays ``6.40``, never the binary float ``6.4``); read them back with
:func:`loads`, which parses them as :class:`~decimal.Decimal` and refuses
``NaN``, ``Infinity``, oversized and deeply nested input.
"""

from __future__ import annotations

import csv
import io
import json
import re
import secrets
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import cache, partial
from typing import Any, Generic, TypeVar

from fxsite import __version__
from fxsite.evidence.library import FigureValue, Library
from fxsite.evidence.models import LABELS
from fxsite.evidence.quantities import format_quantity
from fxsite.evidence.schema import SCHEMA_FILE, SCHEMA_ID
from fxsite.pages.site import Citation, SiteIndex
from fxsite.safeio import BadJson, load_json

__all__ = [
    "EVIDENCE_JSON_SCHEMA",
    "MAX_JSON_DEPTH",
    "PublishedJsonError",
    "document_facts",
    "dumped_content",
    "dumps",
    "evidence_csv",
    "evidence_data",
    "evidence_json",
    "figure_data",
    "loads",
    "record_data",
    "refuse_constant",
    "site_listing",
    "site_schema_text",
]

_T = TypeVar("_T")

#: Deepest nesting accepted in a published JSON file (evidence.json is 5 deep).
MAX_JSON_DEPTH = 64

#: Schema of ``evidence.json`` itself (published as :func:`site_schema_text`).
EVIDENCE_JSON_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://fxsite.dev/schemas/evidence-site.schema.json",
    "title": "fxsite published evidence",
    "type": "object",
    "required": ["generator", "records", "figures", "citations", "pages"],
    "additionalProperties": False,
    "properties": {
        "generator": {"type": "string"},
        "record_schema": {"type": "string"},
        "records": {
            "type": "array",
            "items": {"$ref": SCHEMA_ID},
        },
        "figures": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["ref", "record", "name", "unit", "decimals", "label", "display"],
                "additionalProperties": False,
                "properties": {
                    "ref": {"type": "string", "pattern": "^[A-Za-z][A-Za-z0-9_]*#[a-z][a-z0-9_]*$"},
                    "record": {"type": "string"},
                    "name": {"type": "string"},
                    "value": {"type": "string"},
                    "min": {"type": "string"},
                    "max": {"type": "string"},
                    "unit": {"type": "string"},
                    "decimals": {"type": "integer", "minimum": 0},
                    "label": {"enum": list(LABELS)},
                    "display": {"type": "string"},
                    "what": {"type": "string"},
                    "formula": {"type": "string"},
                    "inputs": {"type": "array", "items": {"type": "string"}},
                    "stated": {"type": "string"},
                    "stated_in": {
                        "description": "Where the record's report document states the "
                        "figure, as the build found it (fxsite.evidence.documents_text).",
                        "type": "object",
                        "required": ["document", "unit", "numbers"],
                        "additionalProperties": False,
                        "properties": {
                            "document": {"type": "string"},
                            "unit": {"enum": ["page", "line", ""]},
                            "numbers": {
                                "type": "array",
                                "items": {"type": "integer", "minimum": 1},
                                "maxItems": 2,
                            },
                        },
                    },
                    "not_stated_in": {
                        "description": "The report document the build looked in and did "
                        "not find the figure in.",
                        "type": "string",
                    },
                },
            },
        },
        "pages": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["src", "url", "title"],
                "additionalProperties": False,
                "properties": {
                    "src": {"type": "string"},
                    "url": {"type": "string"},
                    "title": {"type": "string"},
                },
            },
        },
        "history": {
            "description": "Committed changes to each record's figures (fxsite.anchor.history).",
            "type": "object",
            "required": ["changes"],
            "additionalProperties": False,
            "properties": {
                "note": {"type": "string"},
                "changes": {"type": "array", "items": {"type": "object"}},
            },
        },
        "citations": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["ref", "page"],
                "additionalProperties": False,
                "properties": {
                    "ref": {"type": "string"},
                    "page": {"type": "string"},
                    "url": {"type": "string"},
                    "heading_id": {"type": ["string", "null"]},
                    "heading": {"type": ["string", "null"]},
                },
            },
        },
    },
}


def _as_written(value: Any, loc: tuple[str | int, ...], written: Any) -> Any:
    if isinstance(value, dict):
        return {k: _as_written(v, (*loc, k), written) for k, v in value.items()}
    if isinstance(value, list):
        return [_as_written(v, (*loc, i), written) for i, v in enumerate(value)]
    if isinstance(value, int | float) and not isinstance(value, bool) and loc in written:
        try:
            exact = Decimal(str(written[loc]).strip().replace("_", ""))
        except InvalidOperation:
            return value  # 0x10 and the like: the model's exact value
        return exact if exact.is_finite() else value
    return value


def record_data(library: Library, record_id: str) -> dict[str, Any]:
    """A record as written (JSON form, nothing invented, no nulls, numbers exact,
    no internal notes)."""
    data = library.records[record_id].model_dump(
        mode="json", exclude_none=True, exclude={"internal_notes"}
    )
    if not data["invariants"]:
        del data["invariants"]  # a record without invariants is published as before
    return dict(_as_written(data, (), library.files[record_id].written))


def figure_data(fig: FigureValue) -> dict[str, Any]:
    """One figure with its value as an exact decimal string."""
    out: dict[str, Any] = {"ref": fig.ref, "record": fig.record, "name": fig.name}
    if fig.bound is not None:
        out[fig.bound] = str(fig.low)  # one-sided: {"max": "40"} is "under 40 s"
    elif fig.high is None:
        out["value"] = str(fig.low)
    else:
        out["min"], out["max"] = str(fig.low), str(fig.high)
    out.update(
        unit=fig.unit,
        decimals=fig.decimals,
        label=fig.label,
        display=format_quantity(fig.low, fig.high, fig.unit, fig.decimals, fig.bound),
    )
    if fig.what:
        out["what"] = fig.what
    if fig.formula:
        out["formula"] = fig.formula
        out["inputs"] = list(fig.inputs)
    if fig.stated is not None:
        out["stated"] = str(fig.stated)
    return out


def document_facts(library: Library, ref: str) -> dict[str, Any]:
    """What the build found of figure ``ref`` in its record's report document: where it is
    stated (``stated_in``), or the document that does not state it (``not_stated_in``);
    nothing where no document was read for it. Published, so that the audit renders the
    record pages' "stated in" notes and the consistency block's counts again from
    ``evidence.json``, and checks them against the auditor's copies (``--documents``)."""
    located = library.stated_in.get(ref)
    if located is not None:
        where = {"document": located.document, "unit": located.unit}
        return {"stated_in": where | {"numbers": list(located.numbers)}}
    missing = library.not_stated.get(ref)
    return {"not_stated_in": missing} if missing is not None else {}


def _citation_data(c: Citation, index: SiteIndex) -> dict[str, Any]:
    return {
        "ref": c.ref,
        "page": c.page,
        "url": index.urls.get(c.page, ""),
        "heading_id": c.heading_id,
        "heading": c.heading,
    }


def _sections(
    library: Library, index: SiteIndex | None, history: dict[str, Any] | None
) -> dict[str, Any]:
    """``evidence.json``'s keys, each list as an iterator that makes its items in order."""
    figures = sorted(library.figures.values(), key=lambda f: (f.record.lower(), f.name))
    citations = sorted(
        index.citations if index is not None else [],
        key=lambda c: (c.page, c.ref, c.heading_id or ""),
    )
    pages = sorted(index.pages.values() if index else [], key=lambda p: p.src)
    extra = {"history": history} if history is not None else {}
    return {
        **extra,
        "generator": f"fxsite {__version__}",
        "record_schema": SCHEMA_FILE,
        "records": (record_data(library, r) for r in sorted(library.records, key=str.lower)),
        "figures": (figure_data(f) | document_facts(library, f.ref) for f in figures),
        "citations": (_citation_data(c, index) for c in citations if index is not None),
        "pages": ({"src": p.src, "url": p.url, "title": p.title} for p in pages),
    }


def evidence_data(
    library: Library, index: SiteIndex | None = None, history: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The content of ``evidence.json``; ``history`` from :mod:`fxsite.anchor.history`."""
    return {
        key: list(value) if isinstance(value, Iterator) else value
        for key, value in _sections(library, index, history).items()
    }


def evidence_json(
    library: Library, index: SiteIndex | None = None, history: dict[str, Any] | None = None
) -> str:
    """``dumps(evidence_data(...))``, each item made and written in turn (none kept)."""
    return dumps(_sections(library, index, history))


@dataclass(frozen=True)
class _Items(Generic[_T]):
    """``make`` of each of ``inputs``, made in order each time it is iterated (none kept)."""

    make: Callable[[_T], Any]
    inputs: Sequence[_T]

    def __iter__(self) -> Iterator[Any]:
        return map(self.make, self.inputs)


def _cited_at(urls: Mapping[str, str], c: Citation) -> tuple[str, str]:
    return c.ref, urls.get(c.page, "")


def site_listing(index: SiteIndex) -> tuple[list[str], Iterable[tuple[str, str]]]:
    """What :func:`evidence_data` lists of the site: each page's URL, and each citation
    as (figure, URL of the page citing it), made as it is read (none kept)."""
    pages = [p.url for p in index.pages.values()]
    return pages, _Items(partial(_cited_at, index.urls), index.citations)


#: Marks a Decimal's text in the JSON that :func:`dumps` writes, then unquoted. Random
#: per process (no record text can name it), one pattern compiled once.
_MARKER = f"fxsite-decimal-{secrets.token_hex(16)}:"
_MARKED = re.compile(f'"{re.escape(_MARKER)}([-+.0-9eE]+)"')


def _number(value: object) -> str:
    """A Decimal as its marked text (unquoted by :func:`dumps`); anything else refused."""
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise ValueError(f"{value} is not a JSON number")
        return _MARKER + str(value)
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


#: Python's C encoder (no indent), sorted keys, text as written: one object a call.
_ENCODE = json.JSONEncoder(ensure_ascii=False, sort_keys=True, default=_number).encode


@cache
def site_schema_text() -> str:
    """``schemas/evidence-site.schema.json``: :data:`EVIDENCE_JSON_SCHEMA` as published
    (made once a process)."""
    return json.dumps(EVIDENCE_JSON_SCHEMA, indent=2) + "\n"


def dumps(data: Any) -> str:
    """Stable JSON text; a :class:`~decimal.Decimal` is written as the number it spells.

    An object's keys are one a line, and so are the items of a list under
    one (``evidence.json``'s records, figures, citations), each written compactly
    by the C encoder: a finding names the line of the item it is about. A value
    may be an iterator of items (written as a list): each is written as it is made.
    """
    return "".join(_pieces(data))


def _unmarked(text: str) -> str:
    """Encoded JSON with each marked Decimal written as its number."""
    return _MARKED.sub(r"\1", text) if _MARKER in text else text


def _pieces(data: Any) -> Iterator[str]:
    """:func:`dumps`' text, in pieces of one key or one list item."""
    if not (isinstance(data, dict) and data):
        yield _unmarked(_ENCODE(data)) + "\n"
        return
    for n, key in enumerate(sorted(data)):
        yield f"{',' if n else '{'}\n  {_ENCODE(key)}: "
        value = data[key]
        if not isinstance(value, Iterator | list | tuple):
            yield _unmarked(_ENCODE(value))
            continue
        opened = False
        for item in value:
            yield f"{',' if opened else '['}\n    {_unmarked(_ENCODE(item))}"
            opened = True
        yield "\n  ]" if opened else "[]"
    yield "\n}\n"


_DECODE = json.JSONDecoder().raw_decode


@dataclass(frozen=True)
class _Listed:
    """A list of a text :func:`dumps` wrote (an item a line, from ``start`` to ``end``),
    each item read as ``json.loads`` reads it, in order, each time it is iterated."""

    text: str
    start: int
    end: int

    def __iter__(self) -> Iterator[Any]:
        at = self.start
        while at < self.end:
            item, at = _DECODE(self.text, at + 5)  # after "\n    "
            at += self.text.startswith(",", at)
            yield item


def dumped_content(text: str) -> dict[str, Any]:
    """``json.loads(text)`` of an object's text as :func:`dumps` writes it, without
    reading it whole: each list is read an item at a time whenever it is iterated
    (the SQLite export reads ``evidence.json``'s content from the text the build wrote)."""
    content: dict[str, Any] = {}
    at = 1  # after "{"
    while text.startswith("\n  ", at):  # each key, as "\n  KEY: VALUE" and a comma but last
        key, at = _DECODE(text, at + 3)
        at += 2  # ": "
        if text.startswith("[\n", at):
            end = text.index("\n  ]", at)
            content[key] = _Listed(text, at + 1, end)
            at = end + 4
        else:
            content[key], at = _DECODE(text, at)
        at += text.startswith(",", at)
    return content


class PublishedJsonError(ValueError):
    """A published JSON file that cannot be read as data."""


def refuse_constant(name: str) -> Any:
    """JSON's parser hook for ``NaN`` and ``Infinity``: refused."""
    raise PublishedJsonError(f"{name} is not a number JSON allows")


def loads(text: str, *, kept: bool = True) -> Any:
    """Published JSON back as data: numbers as Decimal, NaN/Infinity/deep input refused,
    and an object that writes a member twice (``"value": 90, "value": 94``: a reader of
    the file, or a parser that keeps the first, sees 90 where this one would keep 94;
    blind61).

    With ``kept`` False, the text is read and refused alike, but each object is
    None as soon as it is read: nothing of a large file stays while it is read.
    """
    hooks: dict[str, Any] = {"object_pairs_hook": _unique if kept else _nothing}
    try:
        return load_json(
            text, MAX_JSON_DEPTH, parse_float=Decimal, parse_constant=refuse_constant, **hooks
        )
    except BadJson as exc:
        raise PublishedJsonError(str(exc)) from None


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object's members, each written once (else ``ValueError``, told as the file's)."""
    members = dict(pairs)
    if len(members) != len(pairs):
        seen: set[str] = set()
        twice = next(name for name, _ in pairs if name in seen or seen.add(name))  # type: ignore[func-returns-value]
        raise ValueError(f"the member {twice!r} is written twice in one object")
    return members


def _nothing(pairs: list[tuple[str, Any]]) -> None:
    if len({name for name, _ in pairs}) != len(pairs):
        _unique(pairs)  # raises, naming the member
    return None


def evidence_csv(library: Library) -> str:
    """``evidence.csv``: one row per figure."""
    out = io.StringIO()
    columns = [
        "ref",
        "record",
        "name",
        "value",
        "min",
        "max",
        "unit",
        "decimals",
        "label",
        "display",
        "what",
        "formula",
    ]
    writer = csv.DictWriter(out, columns, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for fig in sorted(library.figures.values(), key=lambda f: (f.record.lower(), f.name)):
        row = figure_data(fig)
        # A spreadsheet must not run a cell as a formula (CSV injection).
        writer.writerow(
            {
                k: (
                    "'" + v
                    if isinstance(v, str) and v[:1] in "=+-@" and k in {"what", "formula"}
                    else v
                )
                for k, v in row.items()
            }
        )
    return out.getvalue()
