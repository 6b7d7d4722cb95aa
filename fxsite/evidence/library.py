"""The evidence library: every record of a project, checked across records.

:func:`build_library` is the one place where records become a
:class:`Library`: IDs, supersession, stated figures at their written
precision, derived figures computed in exact decimal arithmetic by the safe
evaluator of :mod:`fxsite.evidence.formula`, their label rule and their
``stated`` check, and each record's invariants (:mod:`fxsite.evidence.invariants`). Both ways in call it: :func:`load_library` (the project's
``evidence/*.yaml``) and :func:`library_from_published` (a site's
``evidence.json``, for the audit), so the build and the auditor judge a figure
with the same code.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from fxsite.evidence.documents_text import Located, figure_places
from fxsite.evidence.formula import (
    PRECISION,
    Formula,
    FormulaError,
    Reference,
    in_bounds,
    parse_formula,
)
from fxsite.evidence.invariants import Checked, check_invariants, formula_unit_problem
from fxsite.evidence.label_words import estimate_word_problems
from fxsite.evidence.models import (
    RECORD_ID_PATTERN,
    Record,
    shared_fields_sets,
    weakest_label,
)
from fxsite.evidence.quantities import decimals_of, format_number
from fxsite.evidence.records import RecordFile, load_record_file
from fxsite.evidence.refs import RESERVED_IDS, FigureRef
from fxsite.findings import Finding, Severity, did_you_mean, line_of
from fxsite.safeio import UnreadableFile, sha256_file

__all__ = [
    "FigureValue",
    "Library",
    "RecordSource",
    "build_library",
    "figure_words",
    "library_from_published",
    "load_library",
    "record_files",
]

#: Largest report document hashed, in bytes (8 GiB documents are refused, not read).
MAX_DOCUMENT_BYTES = 1 << 30

Loc = tuple[str | int, ...]


def figure_words(name: str) -> str:
    """A figure's name in words, as pages show a figure with no ``what`` (took_94_s: "Took 94 s")."""
    return name.replace("_", " ").capitalize()


@dataclass(frozen=True, slots=True)  # one per figure of the library: no __dict__ each
class FigureValue:
    """A figure as pages cite it, stated or computed."""

    record: str
    name: str
    low: Decimal
    high: Decimal | None
    unit: str
    decimals: int
    label: str
    what: str | None = None
    formula: str | None = None
    inputs: tuple[str, ...] = ()
    stated: Decimal | None = None
    #: "max" or "min" for a one-sided figure ({max: 40} is "under 40 s"); its value is ``low``
    bound: str | None = None

    @property
    def key(self) -> FigureRef:
        return FigureRef(self.record, self.name)

    @property
    def ref(self) -> str:
        """``R1#name``, as claims and tables write it."""
        return str(self.key)

    @property
    def is_range(self) -> bool:
        return self.high is not None


@dataclass(frozen=True, slots=True)  # one per record
class RecordSource:
    """A validated record and where its parts were written.

    ``written`` holds numbers as their source wrote them (``"6.40"``), by field
    location; ``pos`` gives the 1-based line and column of a location.
    """

    path: str
    record: Record
    written: Mapping[Loc, str]
    pos: Callable[[Loc], tuple[int, int]]
    #: the name the record is filed under (file stem), which must be its ID
    stem: str
    suffix: str = ".yaml"
    #: where a mapping key was written (a setup row's heading), when known
    key_positions: Mapping[Loc, tuple[int, int]] = field(default_factory=dict)


@dataclass
class Library:
    """All records of a project, their figures, and what was wrong with them."""

    files: dict[str, RecordSource] = field(default_factory=dict)
    records: dict[str, Record] = field(default_factory=dict)
    figures: dict[str, FigureValue] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    #: file stems of records that failed to load (so formulas say why, not "unknown")
    invalid: set[str] = field(default_factory=set)
    #: derived figures not computed because a record they depend on failed to load:
    #: ``E1#share`` -> ``R1`` (a claim to one is told as depending on that record)
    blocked: dict[str, str] = field(default_factory=dict)
    #: derived figures whose formula failed, each where its finding is:
    #: ``R1#share`` -> ``evidence/R1.yaml:7`` (a claim to one is told so, not "no figure")
    uncomputed: dict[str, str] = field(default_factory=dict)
    #: stated figures refused for how their record writes them (``-0``, ``0x10``, more
    #: than 40 digits), each where its finding is: a claim to one is told so, not "no figure"
    refused: dict[str, str] = field(default_factory=dict)
    #: each record's invariants as computed (:mod:`fxsite.evidence.invariants`)
    invariants: dict[str, tuple[Checked, ...]] = field(default_factory=dict)
    #: where each figure is stated in its record's report document, by ``R1#name``
    stated_in: dict[str, Located] = field(default_factory=dict)
    #: the figures their record's report document does not state: ``R1#name`` -> document
    not_stated: dict[str, str] = field(default_factory=dict)
    _fingerprints: dict[str, bytes] = field(default_factory=dict, repr=False, compare=False)
    #: :meth:`figures_of`'s groups, and how many figures they were made of
    _of_record: tuple[int, dict[str, list[FigureValue]]] = field(
        default=(0, {}), repr=False, compare=False
    )

    def fingerprint(self, record_id: str) -> bytes | None:
        """A digest of all a claim on ``record_id`` depends on; None for no such record.

        That is the record as validated and the values of its figures: a
        derived figure's value folds in the other records its formula reads,
        so editing those changes this digest too, as does where a failed record
        that blocks one of its figures failed, and its successor's status (FX407's
        message). Computed for every record at the first call; a library is not
        changed once built.
        """
        if not self._fingerprints and self.records:
            by_record: dict[str, list[FigureValue]] = {}
            for fig in self.figures.values():
                by_record.setdefault(fig.record, []).append(fig)
            # A figure a failed record blocks is told with where that record failed.
            blocked: dict[str, list[tuple[str, str | None]]] = {}
            for key, cause in sorted(self.blocked.items()):
                ref = FigureRef.parse(key)
                if ref is not None:
                    blocked.setdefault(ref.record, []).append((key, self.invalid_at(cause)))
            for rid, record in self.records.items():
                hasher = hashlib.blake2b(record.model_dump_json().encode(), digest_size=16)
                hasher.update(repr(by_record.get(rid, [])).encode())
                hasher.update(repr(blocked.get(rid, [])).encode())
                # FX407 names what a superseded record's successor is (retracted: blind73)
                successor = self.records.get(record.superseded_by or "")
                hasher.update(successor.status.encode() if successor else b"")
                self._fingerprints[rid] = hasher.digest()
        return self._fingerprints.get(record_id)

    def figure(self, record_id: str, name: str) -> FigureValue | None:
        """The figure ``record_id#name``, or None."""
        return self.figures.get(str(FigureRef(record_id, name)))

    def figures_of(self, record_id: str) -> list[FigureValue]:
        """A record's figures, stated ones first, in file order.

        Grouped by record in one pass over the figures, again whenever figures were
        added since (:func:`build_library` adds them, nothing removes one): each call
        reads only the record's own (an audit of 10,000 records asked each record once,
        reading every figure each time).
        """
        if self._of_record[0] != len(self.figures):
            grouped: dict[str, list[FigureValue]] = {}
            for fig in self.figures.values():
                grouped.setdefault(fig.record, []).append(fig)
            self._of_record = (len(self.figures), grouped)
        return list(self._of_record[1].get(record_id, ()))

    def record_hint(self, record_id: str) -> str:
        """A close ID (did you mean), or, where none is and the library is small, its IDs."""
        hint = did_you_mean(record_id, self.records)
        if not hint and 0 < len(self.records) <= _LISTED_IDS:
            hint = f" (the records: {', '.join(sorted(self.records))})"
        return hint

    def figure_hint(self, record_id: str, name: str) -> str:
        return did_you_mean(name, [f.name for f in self.figures_of(record_id)])

    def unresolved(self, rec: str, ref: Reference, verb: str) -> str:
        """Why ``ref`` (of record ``rec``) names no figure; ``verb``: what it cannot be then."""
        if rec in self.invalid:
            return f"'{ref}' cannot be {verb}: record {rec} has errors (see its findings)"
        record = self.records.get(rec)
        if record is None:
            return f"unknown record '{rec}' in '{ref}'{self.record_hint(rec)}"
        names = [*record.figures, *record.derived]
        if ref.figure in names:
            return f"'{ref}' cannot be {verb}: that figure has errors (see its finding)"
        return f"unknown figure '{ref}'{did_you_mean(ref.figure, names)}"

    def invalid_at(self, record_id: str) -> str | None:
        """``evidence/R1.yaml:4``, the first error of a record file that failed to load."""
        if record_id not in self.invalid:
            return None
        for finding in self.findings_of(record_id):
            if finding.severity == "error":
                return f"{finding.path}:{finding.line}"
        return None

    def findings_of(self, record_id: str) -> list[Finding]:
        """The findings in the file of record ``record_id`` (``R1.yaml``, ``R1.yml``)."""
        return [f for f in self.findings if Path(f.path).stem == record_id]

    def unreadable(self) -> list[str]:
        """The records that failed to load and can have a page telling why: each file name
        that is a record ID, not reserved, and not a record that did load."""
        loaded = {r.lower() for r in self.records}
        return sorted(
            stem
            for stem in self.invalid
            if RECORD_ID.fullmatch(stem)
            and stem.lower() not in RESERVED_IDS
            and stem.lower() not in loaded
        )


def _report(
    library: Library,
    source: RecordSource,
    loc: Loc,
    code: str,
    message: str,
    severity: Severity = "error",
) -> None:
    """Add a finding at the position of ``loc`` in a record's source."""
    line, col = source.pos(loc)
    library.findings.append(Finding(source.path, line, col, code, message, severity=severity))


def _refused(library: Library, source: RecordSource, loc: Loc) -> None:
    """The figure at ``loc`` (``("figures", name, field)``) refused where its record writes
    it: :attr:`Library.refused`, at the line of its finding."""
    line, _ = source.pos(loc)
    ref = str(FigureRef(source.record.id, str(loc[1])))
    library.refused.setdefault(ref, f"{source.path}:{line}")


def _written(source: RecordSource, loc: Loc, value: float | None) -> tuple[Decimal, int]:
    """A number as the record writes it: ``6.40`` keeps its two decimals."""
    raw = source.written.get(loc, repr(value))
    try:
        return Decimal(raw.strip().replace("_", "")), decimals_of(raw)
    except (ArithmeticError, ValueError):  # 0x10 and the like: exact value, no decimals
        return Decimal(repr(value)), 0


def _showable(value: Decimal, decimals: int) -> bool:
    """Small enough to compute with and to write out at ``decimals`` places."""
    return in_bounds(value) and max(value.adjusted(), 0) + 1 + decimals <= PRECISION


#: A figure's number as a record may write it: decimal digits, a sign, a point, an exponent.
_PLAIN_NUMBER = re.compile(r"[+-]?(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d+)?")


def _unplain(raw: str | None) -> str | None:
    """Why a number written as ``raw`` cannot be a figure's, or None.

    ``0x10`` and ``0o17`` are integers to YAML, but a page states 16 and the
    record would publish another spelling than its own; ``-0`` has no sign to
    publish. Both are refused where written, with the spelling to use.
    """
    if raw is None:
        return None
    text = raw.strip()
    if not _PLAIN_NUMBER.fullmatch(text):
        return (
            f"'{text}' is not written in decimal digits; write the number as the source states it"
        )
    if text.startswith("-") and not any(c in "123456789" for c in text.split("e")[0].split("E")[0]):
        return f"'{text}' is zero with a sign; write {text[1:]}"
    return None


def _stated_figures(source: RecordSource, library: Library) -> dict[str, FigureValue]:
    record = source.record
    out = {}
    for name, fig in record.figures.items():
        unplain = [
            (loc, problem)
            for field in ("value", "min", "max")
            if (problem := _unplain(source.written.get(loc := ("figures", name, field))))
        ]
        for loc, problem in unplain:
            _report(library, source, loc, "FX203", f"figures.{name}.{loc[-1]}: {problem}")
        if unplain:
            _refused(library, source, unplain[0][0])
            continue
        high: Decimal | None = None
        bound: str | None = None
        if fig.value is not None:
            low, decimals = _written(source, ("figures", name, "value"), fig.value)
        elif fig.min is None or fig.max is None:
            bound = "max" if fig.min is None else "min"
            low, decimals = _written(source, ("figures", name, bound), getattr(fig, bound))
        else:
            low, low_decimals = _written(source, ("figures", name, "min"), fig.min)
            high, high_decimals = _written(source, ("figures", name, "max"), fig.max)
            decimals = max(low_decimals, high_decimals)
        if not all(_showable(v, decimals) for v in (low, high) if v is not None):
            loc = ("figures", name, "value" if fig.value is not None else bound or "min")
            message = (
                f"figures.{name}: needs more than {PRECISION} digits; round it as the source does"
            )
            _report(library, source, loc, "FX203", message)
            _refused(library, source, loc)
            continue
        key = FigureRef(record.id, name)
        out[str(key)] = FigureValue(
            record.id,
            name,
            low,
            high,
            fig.unit,
            decimals,
            fig.label or record.label,
            fig.what,
            bound=bound,
        )
    return out


#: A library of at most this many records is listed when an unknown ID is close to none.
_LISTED_IDS = 12

#: A record ID as a file name may spell one.
RECORD_ID = re.compile(RECORD_ID_PATTERN.strip("^$"))


class _Deriver:
    """Computes derived figures in dependency order, naming any cycle."""

    def __init__(self, library: Library) -> None:
        self.lib = library
        self.formulas: dict[str, Formula] = {}
        self.state: dict[str, str] = {}  # key -> "busy" | "done" | "failed"
        self.stack: list[str] = []

    def _where(self, record_id: str, name: str, offset: int = 0) -> tuple[str, int, int]:
        source = self.lib.files[record_id]
        loc: Loc = ("derived", name, "formula")
        line, col = source.pos(loc)
        raw = source.record.derived[name].formula
        # Point inside the formula when it sits on one line as written.
        if raw is not None and "\n" not in raw:
            col += offset
        return source.path, line, col

    def _fail(self, record_id: str, name: str, code: str, message: str, offset: int = 0) -> None:
        path, line, col = self._where(record_id, name, offset)
        self.lib.findings.append(Finding(path, line, col, code, message))
        self.lib.uncomputed.setdefault(str(FigureRef(record_id, name)), f"{path}:{line}")

    def run(self) -> None:
        for record in self.lib.records.values():
            for name, derived in record.derived.items():
                try:
                    self.formulas[str(FigureRef(record.id, name))] = parse_formula(derived.formula)
                except FormulaError as exc:
                    self._fail(record.id, name, "FX304", exc.message, exc.offset)
                    self.state[str(FigureRef(record.id, name))] = "failed"
        for key in self.formulas:
            self._compute(key)

    def _target(self, record_id: str, ref: Reference) -> str:
        return str(FigureRef(ref.record or record_id, ref.figure))

    def _compute(self, key: str) -> bool:
        state = self.state.get(key)
        if state == "done":
            return True
        if state == "failed":
            return False
        parsed = FigureRef.parse(key)
        assert parsed is not None  # keys are built from validated names
        record_id, name = parsed.record, parsed.name
        if state == "busy":
            cycle = [*self.stack[self.stack.index(key) :], key]
            self._fail(record_id, name, "FX306", "cycle: " + " -> ".join(cycle))
            return False
        self.state[key] = "busy"
        self.stack.append(key)
        ok = self._compute_inputs(key, record_id, name)
        self.stack.pop()
        self.state[key] = "done" if ok else "failed"
        return ok

    def _compute_inputs(self, key: str, record_id: str, name: str) -> bool:
        formula = self.formulas[key]
        alone = len({self._target(record_id, r) for r in formula.references}) == 1
        for ref in formula.references:
            target = self._target(record_id, ref)
            if self._retracted_input(record_id, name, ref, alone):  # stated or derived
                return False
            if self.state.get(target) == "failed" or (
                target in self.formulas and not self._compute(target)
            ):
                self._failed_with(key, target)
                return False  # already reported where it failed
            elif target not in self.lib.figures:
                if (ref.record or record_id) in self.lib.invalid:
                    self.lib.blocked[key] = ref.record or record_id
                message = self.lib.unresolved(ref.record or record_id, ref, "computed")
                self._fail(record_id, name, "FX305", message, ref.offset)
                return False
            elif self.lib.figures[target].is_range or self.lib.figures[target].bound:
                shape = "a range" if self.lib.figures[target].is_range else "a bound"
                self._fail(
                    record_id,
                    name,
                    "FX307",
                    f"'{ref}' is {shape}; use a single-value figure in formulas",
                    ref.offset,
                )
                return False
        inputs = [self.lib.figures[self._target(record_id, r)] for r in formula.references]
        try:
            value = formula.evaluate(lambda r: self.lib.figures[self._target(record_id, r)].low)
        except FormulaError as exc:
            self._fail(record_id, name, "FX307", exc.message, exc.offset)
            return False
        record = self.lib.records[record_id]
        derived = record.derived[name]
        if not _showable(value, derived.decimals):
            self._fail(record_id, name, "FX307", f"the result needs more than {PRECISION} digits")
            return False
        problem = formula_unit_problem(
            formula,
            lambda r: (
                self.lib.figures[self._target(record_id, r)].low,
                self.lib.figures[self._target(record_id, r)].unit,
            ),
            derived.unit,
            value,
        )
        if problem is not None:
            self._fail(record_id, name, "FX318", problem)
            return False
        # The weakest of its inputs, and never stronger than its own record:
        # the constants in an estimate's formula are assumptions too.
        labels = [f.label for f in inputs] + [record.label]
        source = self.lib.files[record_id]
        stated = None
        if derived.stated is not None:
            stated, _ = _written(source, ("derived", name, "stated"), derived.stated)
        self.lib.figures[key] = FigureValue(
            record_id,
            name,
            value,
            None,
            derived.unit,
            derived.decimals,
            weakest_label(labels),
            derived.what,
            derived.formula,
            tuple(f.ref for f in inputs),
            stated,
        )
        self._check_stated(source, name, value, derived.decimals, stated)
        return True

    def _failed_with(self, key: str, target: str) -> None:
        """``key`` not computed because its input ``target`` was not: blocked by the record
        that blocks ``target``, and told where ``target`` failed (a claim to it says so)."""
        if target in self.lib.blocked:
            self.lib.blocked[key] = self.lib.blocked[target]
        if target in self.lib.uncomputed:
            self.lib.uncomputed.setdefault(key, self.lib.uncomputed[target])

    def _retracted_input(self, record_id: str, name: str, ref: Reference, alone: bool) -> bool:
        """FX314 where the formula reads a figure of another record that is retracted (an
        invariant may not either): the result would carry withdrawn evidence (blind62).
        One that is superseded is a warning, but where the formula reads it ``alone`` (no
        other figure): the result is the superseded figure under this record's ID and
        date, not a comparison with it (blind71: ``M1.save * 1``)."""
        other = ref.record
        record = self.lib.records.get(other) if other and other != record_id else None
        if record is not None and record.status == "superseded" and alone:
            message = (
                f"'{ref}' is a figure of superseded record {other}, and the formula reads no "
                f"other: it would publish that figure as this record's; cite "
                f"{record.superseded_by}'s figure instead"
            )
            self._fail(record_id, name, "FX314", message, ref.offset)
            return True
        if record is not None and record.status == "superseded":
            path, line, col = self._where(record_id, name, ref.offset)
            message = (
                f"'{ref}' is a figure of superseded record {other}: the result does not follow "
                f"{record.superseded_by}'s figures; read {record.superseded_by}'s instead"
            )
            self.lib.findings.append(Finding(path, line, col, "FX314", message, "warning"))
        if record is None or record.status != "retracted":
            return False
        message = f"'{ref}' is a figure of retracted record {other}; a formula may not read it"
        self._fail(record_id, name, "FX314", message, ref.offset)
        return True

    def _check_stated(
        self, source: RecordSource, name: str, value: Decimal, decimals: int, stated: Decimal | None
    ) -> None:
        if stated is None:
            return
        shown = format_number(value, decimals)
        exponent = stated.as_tuple().exponent
        finer = isinstance(exponent, int) and -exponent > decimals  # blind64: 1.89 at 1
        if not _showable(stated, decimals) or finer or format_number(stated, decimals) != shown:
            _report(
                self.lib,
                source,
                ("derived", name, "stated"),
                "FX308",
                # As the record writes it: "stated: 1880", never "1,880".
                f"stated {stated} but the formula gives {shown.replace(',', '')} at {decimals} "
                f"decimal{'' if decimals == 1 else 's'}; write stated: {shown.replace(',', '')}",
            )


def _check_sources(library: Library, evidence_dir: Path) -> None:
    """Source rules that need the project folder: stated provenance, documents."""
    for record in library.records.values():
        source_file = library.files[record.id]
        source = record.source
        if record.label == "measured":
            stated = {
                "date": record.date,
                "issuer": source and source.issuer,
                "document hash": source and source.sha256,
            }
            missing = [what for what, present in stated.items() if not present]
            if missing:
                message = f"measured record {record.id} does not state: {', '.join(missing)}"
                _report(library, source_file, ("label",), "FX309", message, "warning")
        if source is None or source.document is None:
            continue
        doc = evidence_dir / source.document
        try:
            digest = sha256_file(doc, root=evidence_dir, max_bytes=MAX_DOCUMENT_BYTES)
        except UnreadableFile as exc:
            absent = exc.reason.startswith("does not exist")
            message = (
                f"document '{source.document}' not found in evidence/"
                if absent
                else f"document '{source.document}' {exc.reason}"
            )
            _report(library, source_file, ("source", "document"), "FX310", message)
            continue
        if source.sha256 and digest != source.sha256:
            message = (
                f"sha256 does not match '{source.document}', whose sha256 is {digest}: "
                "record the report's hash, or put back the report it names"
            )
            _report(library, source_file, ("source", "sha256"), "FX310", message)
            continue
        _check_document_figures(library, source_file, doc, evidence_dir)


def _check_document_figures(
    library: Library, source_file: RecordSource, doc: Path, evidence_dir: Path
) -> None:
    """FX316 for each figure its report document does not state; FX317 for no text to read."""
    places, problem = figure_places(library.figures_of(source_file.record.id), doc, evidence_dir)
    name = doc.relative_to(evidence_dir).as_posix()  # as the record names it
    if problem is not None:
        message = f"document '{name}' {problem}: its figures are not looked for in it"
        _report(library, source_file, ("source", "document"), "FX317", message, "warning")
        return
    if places is None:
        return
    found, missing = places
    library.stated_in.update(found)
    for fig, message in missing:
        library.not_stated[fig.ref] = name
        section = "figures" if fig.formula is None else "derived"
        _report(library, source_file, (section, fig.name), "FX316", message, "warning")


def build_library(sources: Iterable[RecordSource], invalid: Iterable[str] = ()) -> Library:
    """The library of some validated records: cross-record rules, every figure computed.

    ``invalid`` names records that failed to load, so that formulas citing
    them say why. Findings are in ``library.findings``.
    """
    library = Library(invalid=set(invalid))
    seen: dict[str, str] = {}  # lowercased ID -> path, for case-insensitive uniqueness
    for source in sources:
        record = source.record
        if source.stem != record.id:
            message = f"id '{record.id}' does not match the file name; rename the file to {record.id}{source.suffix}"
            _report(library, source, ("id",), "FX301", message)
            library.invalid.add(source.stem)  # claims to R1 then say why R1 is missing
            continue
        if record.id.lower() in RESERVED_IDS:
            message = f"id '{record.id}' is reserved for a page the build generates; choose another"
            _report(library, source, ("id",), "FX311", message)
            continue
        if record.id.lower() in seen:
            message = f"id '{record.id}' is already used by {seen[record.id.lower()]}"
            _report(library, source, ("id",), "FX302", message)
            continue
        seen[record.id.lower()] = source.path
        library.files[record.id] = source
        library.records[record.id] = record
        for loc, message in estimate_word_problems(record):
            _report(library, source, loc, "FX319", message)
        library.figures.update(_stated_figures(source, library))
    for record in library.records.values():
        problem = _successor_problem(library, record)
        if problem is not None:
            _report(library, library.files[record.id], ("superseded_by",), "FX303", *problem)
    _Deriver(library).run()
    library.invariants, problems = check_invariants(library)
    library.findings.extend(problems)
    return library


def _successor_problem(library: Library, record: Record) -> tuple[str, Severity] | None:
    """Why ``record``'s ``superseded_by`` sends a reader nowhere worth going, or None: a
    record the library lacks or a chain that comes back (blind64: "R1 is superseded by R2;
    cite that instead" and R2 likewise by R1), errors; a retracted successor, a warning
    (claims to either are refused: it misleads the record page's reader only)."""
    successor = record.superseded_by
    if not successor:
        return None
    if successor in library.invalid:  # blind64: "is not a record" of a file with errors
        return (
            f"superseded_by '{successor}': record {successor} has errors (see its findings)",
            "error",
        )
    if successor not in library.records:
        hint = library.record_hint(successor)
        return f"superseded_by '{successor}' is not a record{hint}", "error"
    seen = [record.id]
    while successor is not None and successor in library.records:
        if successor in seen:
            chain = " -> ".join([*seen, successor])
            return f"superseded_by comes back to {successor}: {chain}", "error"
        seen.append(successor)
        found = library.records[successor]
        if found.status == "retracted":
            message = (
                f"superseded by {successor}, which is retracted: a reader sent there finds "
                "withdrawn evidence; retract this record too, or name the record that stands"
            )
            return message, "warning"
        successor = found.superseded_by
    return None


def record_files(evidence_dir: Path) -> list[Path]:
    """Every record file: ``*.yaml`` and ``*.yml``, in subfolders too; hidden ones left out.

    A record written as ``R1.yml`` or filed under ``evidence/2026/`` is read like
    any other, never silently skipped; a FIFO or a device with such a name is
    listed too, so that reading it refuses it with a finding.
    """
    found = []
    for file in evidence_dir.rglob("*"):
        parts = file.relative_to(evidence_dir).parts
        hidden = any(p.startswith(".") for p in parts)
        if file.suffix.lower() in {".yaml", ".yml"} and not hidden and not file.is_dir():
            found.append(file)
    return sorted(found, key=lambda f: f.relative_to(evidence_dir).as_posix())


def load_library(
    evidence_dir: Path,
    root: Path,
    read: Callable[[Path, str], RecordFile] | None = None,
) -> Library:
    """Load every record file (:func:`record_files`) under ``evidence_dir``; paths relative to ``root``.

    ``read`` loads one record file (by default :func:`load_record_file`, links
    only inside ``evidence_dir``); ``serve`` passes one that reuses the files
    that did not change since the last build.
    """
    sources: list[RecordSource] = []
    invalid: set[str] = set()
    findings: list[Finding] = []
    for file in record_files(evidence_dir):
        path = file.relative_to(root).as_posix() if file.is_relative_to(root) else str(file)
        loaded = read(file, path) if read else load_record_file(file, path, root=evidence_dir)
        findings.extend(loaded.loaded.findings)
        if loaded.record is None:
            invalid.add(file.stem)
            continue
        sources.append(_yaml_source(loaded, file))
    library = build_library(sources, invalid)
    library.findings[:0] = findings
    _check_sources(library, evidence_dir)
    return library


def _yaml_source(file: RecordFile, where: Path) -> RecordSource:
    assert file.record is not None
    # Its compact tables (fxsite.evidence.places): kept while the build runs.
    loaded = file.loaded
    return RecordSource(
        file.path,
        file.record,
        loaded.raw,
        loaded.pos,
        where.stem,
        where.suffix,
        loaded.key_positions,
    )


def _plain(value: Any, loc: Loc, written: dict[Loc, str]) -> Any:
    """Published JSON as the models take it: exact numbers noted, then made floats."""
    if isinstance(value, dict):
        return {k: _plain(v, (*loc, k), written) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v, (*loc, i), written) for i, v in enumerate(value)]
    if isinstance(value, Decimal | int) and not isinstance(value, bool):
        written[loc] = str(value)
        try:
            number = float(value)
        except (OverflowError, InvalidOperation):
            number = float("inf")  # refused by the model as not finite
        return int(value) if isinstance(value, int) and abs(value) < 2**53 else number
    return value


def library_from_published(
    records: list[Any], path: str = "evidence.json", text: str = ""
) -> Library:
    """The library of a site's ``evidence.json`` ``records`` (parsed with Decimal floats).

    Each record is validated by the same models and goes through
    :func:`build_library`, so the audit recomputes what the build computed.
    """
    sources: list[RecordSource] = []
    findings: list[Finding] = []
    invalid: set[str] = set()
    for index, data in enumerate(records):
        written: dict[Loc, str] = {}
        plain = _plain(data, (), written)
        where = f"records[{index}]"
        try:
            record = shared_fields_sets(Record.model_validate(plain))
        except ValidationError as exc:
            for item in exc.errors(include_url=False):
                place = ".".join(str(p) for p in item["loc"]) or "(record)"
                findings.append(Finding(path, 1, 1, "FX205", f"{where}.{place}: {item['msg']}"))
            if isinstance(data, dict) and isinstance(data.get("id"), str):
                invalid.add(data["id"])
            continue

        def pos(loc: Loc, _needle: str = f'"id": "{record.id}"') -> tuple[int, int]:
            return line_of(text, _needle), 1  # only for a finding: not every record

        sources.append(RecordSource(path, record, written, pos, record.id))
    library = build_library(sources, invalid)
    library.findings[:0] = findings
    return library
