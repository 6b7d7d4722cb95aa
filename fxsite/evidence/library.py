"""The evidence library: every record of a project, checked across records.

:func:`load_library` reads ``evidence/*.yaml``, applies the rules that span
records (IDs, supersession, documents) and computes every derived figure with
the safe evaluator of :mod:`fxsite.evidence.formula`. The result answers the one
question pages ask: what is figure ``R1#save_time_fx100``?
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from fxsite.evidence.formula import Formula, FormulaError, Reference, parse_formula
from fxsite.evidence.models import Record, weakest_label
from fxsite.evidence.quantities import decimals_of
from fxsite.evidence.records import RecordFile, load_record_file
from fxsite.findings import Finding, Severity, did_you_mean

__all__ = ["FigureValue", "Library", "load_library", "record_files"]


@dataclass(frozen=True)
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
    stated: float | None = None
    #: "max" or "min" for a one-sided figure ({max: 40} is "under 40 s"); its value is ``low``
    bound: str | None = None

    @property
    def ref(self) -> str:
        """``R1#name``, as claims and tables write it."""
        return f"{self.record}#{self.name}"

    @property
    def is_range(self) -> bool:
        return self.high is not None


@dataclass
class Library:
    """All records of a project, their figures, and what was wrong with them."""

    files: dict[str, RecordFile] = field(default_factory=dict)
    records: dict[str, Record] = field(default_factory=dict)
    figures: dict[str, FigureValue] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    #: file stems of records that failed to load (so formulas say why, not "unknown")
    invalid: set[str] = field(default_factory=set)

    def figure(self, record_id: str, name: str) -> FigureValue | None:
        """The figure ``record_id#name``, or None."""
        return self.figures.get(f"{record_id}#{name}")

    def figures_of(self, record_id: str) -> list[FigureValue]:
        """A record's figures, stated ones first, in file order."""
        return [f for f in self.figures.values() if f.record == record_id]

    def record_hint(self, record_id: str) -> str:
        return did_you_mean(record_id, self.records)

    def figure_hint(self, record_id: str, name: str) -> str:
        return did_you_mean(name, [f.name for f in self.figures_of(record_id)])

    def invalid_at(self, record_id: str) -> str | None:
        """``evidence/R1.yaml:4``, the first error of a record file that failed to load."""
        if record_id not in self.invalid:
            return None
        for finding in self.findings:
            if finding.severity == "error" and Path(finding.path).stem == record_id:
                return f"{finding.path}:{finding.line}"
        return None

    def path_of(self, record_id: str) -> str:
        return self.files[record_id].path


def _report(
    library: Library,
    file: RecordFile,
    loc: tuple[str | int, ...],
    code: str,
    message: str,
    severity: Severity = "error",
) -> None:
    """Add a finding at the position of ``loc`` in a record file."""
    line, col = file.loaded.pos(loc)
    library.findings.append(Finding(file.path, line, col, code, message, severity=severity))


def _written(file: RecordFile, loc: tuple[str, ...], value: float | None) -> tuple[Decimal, int]:
    """A number as the record writes it: ``6.40`` keeps its two decimals."""
    raw = file.loaded.raw.get(loc, repr(value))
    try:
        return Decimal(raw), decimals_of(raw)
    except ArithmeticError:  # 0x10 and the like: exact value, no decimals
        return Decimal(repr(value)), 0


def _stated_figures(record: Record, file: RecordFile) -> dict[str, FigureValue]:
    out = {}
    for name, fig in record.figures.items():
        high: Decimal | None = None
        bound: str | None = None
        if fig.value is not None:
            low, decimals = _written(file, ("figures", name, "value"), fig.value)
        elif fig.min is None or fig.max is None:
            bound = "max" if fig.min is None else "min"
            low, decimals = _written(file, ("figures", name, bound), getattr(fig, bound))
        else:
            low, low_decimals = _written(file, ("figures", name, "min"), fig.min)
            high, high_decimals = _written(file, ("figures", name, "max"), fig.max)
            decimals = max(low_decimals, high_decimals)
        out[f"{record.id}#{name}"] = FigureValue(
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


class _Deriver:
    """Computes derived figures in dependency order, naming any cycle."""

    def __init__(self, library: Library) -> None:
        self.lib = library
        self.formulas: dict[str, Formula] = {}
        self.state: dict[str, str] = {}  # key -> "busy" | "done" | "failed"
        self.stack: list[str] = []

    def _where(self, record_id: str, name: str, offset: int = 0) -> tuple[str, int, int]:
        file = self.lib.files[record_id]
        loc = ("derived", name, "formula")
        line, col = file.loaded.pos(loc)
        raw = file.loaded.raw.get(loc)
        # Point inside the formula when it sits on one line as written.
        if raw is not None and "\n" not in raw:
            col += offset
        return file.path, line, col

    def _fail(self, record_id: str, name: str, code: str, message: str, offset: int = 0) -> None:
        path, line, col = self._where(record_id, name, offset)
        self.lib.findings.append(Finding(path, line, col, code, message))

    def run(self) -> None:
        for record in self.lib.records.values():
            for name, derived in record.derived.items():
                try:
                    self.formulas[f"{record.id}#{name}"] = parse_formula(derived.formula)
                except FormulaError as exc:
                    self._fail(record.id, name, "FX304", exc.message, exc.offset)
                    self.state[f"{record.id}#{name}"] = "failed"
        for key in self.formulas:
            self._compute(key)

    def _target(self, record_id: str, ref: Reference) -> str:
        return f"{ref.record or record_id}#{ref.figure}"

    def _compute(self, key: str) -> bool:
        state = self.state.get(key)
        if state == "done":
            return True
        if state == "failed":
            return False
        record_id, name = key.split("#", 1)
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
        for ref in formula.references:
            target = self._target(record_id, ref)
            if self.state.get(target) == "failed":
                return False  # already reported where it failed
            if target in self.formulas:
                if not self._compute(target):
                    return False
            elif target not in self.lib.figures:
                rec = ref.record or record_id
                if rec in self.lib.invalid:
                    message = (
                        f"'{ref}' cannot be computed: record {rec} has errors (see its findings)"
                    )
                elif rec not in self.lib.records:
                    hint = self.lib.record_hint(rec)
                    message = f"unknown record '{rec}' in '{ref}'{hint}"
                else:
                    names = [*self.lib.records[rec].figures, *self.lib.records[rec].derived]
                    message = f"unknown figure '{ref}'{did_you_mean(ref.figure, names)}"
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
            value = formula.evaluate(
                lambda r: float(self.lib.figures[self._target(record_id, r)].low)
            )
        except FormulaError as exc:
            self._fail(record_id, name, "FX307", exc.message, exc.offset)
            return False
        record = self.lib.records[record_id]
        derived = record.derived[name]
        # The weakest of its inputs, and never stronger than its own record:
        # the constants in an estimate's formula are assumptions too.
        labels = [f.label for f in inputs] + [record.label]
        self.lib.figures[key] = FigureValue(
            record_id,
            name,
            Decimal(repr(value)),
            None,
            derived.unit,
            derived.decimals,
            weakest_label(labels),
            derived.what,
            derived.formula,
            tuple(f.ref for f in inputs),
            derived.stated,
        )
        self._check_stated(record_id, name, value, derived.decimals, derived.stated)
        return True

    def _check_stated(
        self, record_id: str, name: str, value: float, decimals: int, stated: float | None
    ) -> None:
        if stated is None:
            return
        from fxsite.evidence.quantities import format_number

        shown = format_number(Decimal(repr(value)), decimals)
        if format_number(Decimal(repr(stated)), decimals) != shown:
            _report(
                self.lib,
                self.lib.files[record_id],
                ("derived", name, "stated"),
                "FX308",
                f"stated {stated:g} but the formula gives {shown} at {decimals} decimals",
            )


def _check_sources(library: Library, evidence_dir: Path) -> None:
    for record in library.records.values():
        record_file = library.files[record.id]
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
                _report(library, record_file, ("label",), "FX309", message, "warning")
        if source is None or source.document is None:
            continue
        doc = (evidence_dir / source.document).resolve()
        if not doc.is_relative_to(evidence_dir.resolve()) or not doc.is_file():
            message = f"document '{source.document}' not found in evidence/"
            _report(library, record_file, ("source", "document"), "FX310", message)
        elif source.sha256 and hashlib.sha256(doc.read_bytes()).hexdigest() != source.sha256:
            message = f"sha256 does not match '{source.document}'"
            _report(library, record_file, ("source", "sha256"), "FX310", message)


def record_files(evidence_dir: Path) -> list[Path]:
    """Every record file: ``*.yaml`` and ``*.yml``, in subfolders too; hidden ones left out.

    A record written as ``R1.yml`` or filed under ``evidence/2026/`` is read like
    any other, never silently skipped.
    """
    found = []
    for file in evidence_dir.rglob("*"):
        parts = file.relative_to(evidence_dir).parts
        hidden = any(p.startswith(".") for p in parts)
        if file.suffix.lower() in {".yaml", ".yml"} and not hidden and file.is_file():
            found.append(file)
    return sorted(found, key=lambda f: f.relative_to(evidence_dir).as_posix())


def load_library(
    evidence_dir: Path,
    root: Path,
    read: Callable[[Path, str], RecordFile] = load_record_file,
) -> Library:
    """Load every record file (:func:`record_files`) under ``evidence_dir``; paths relative to ``root``.

    ``read`` loads one record file; ``serve`` passes one that reuses the
    files that did not change since the last build.
    """
    library = Library()
    seen: dict[str, str] = {}  # lowercased ID -> path, for case-insensitive uniqueness
    for file in record_files(evidence_dir):
        path = file.relative_to(root).as_posix() if file.is_relative_to(root) else str(file)
        loaded = read(file, path)
        library.findings.extend(loaded.loaded.findings)
        record = loaded.record
        if record is None:
            library.invalid.add(file.stem)
            continue
        if file.stem != record.id:
            message = f"id '{record.id}' does not match the file name; rename the file to {record.id}{file.suffix}"
            _report(library, loaded, ("id",), "FX301", message)
            library.invalid.add(file.stem)  # claims to R1 then say why R1 is missing
            continue
        if record.id.lower() in seen:
            message = f"id '{record.id}' is already used by {seen[record.id.lower()]}"
            _report(library, loaded, ("id",), "FX302", message)
            continue
        seen[record.id.lower()] = path
        library.files[record.id] = loaded
        library.records[record.id] = record
        library.figures.update(_stated_figures(record, loaded))
    for record in library.records.values():
        successor = record.superseded_by
        if successor and successor not in library.records:
            message = f"superseded_by '{successor}' is not a record{library.record_hint(successor)}"
            _report(library, library.files[record.id], ("superseded_by",), "FX303", message)
    _Deriver(library).run()
    _check_sources(library, evidence_dir)
    return library
