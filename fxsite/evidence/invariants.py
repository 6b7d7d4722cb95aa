"""Invariants: how a record's figures relate, proved at every build.

A record may declare that an expression over its figures equals one of its
figures within a tolerance::

    invariants:
      - expr: snapshot_size / save_time   # the formula language of derived figures
        equals: write_bw                  # a figure of this record, or R9.x
        within: 5%                        # relative; or absolute: 0.05 GB/s
        why: bandwidth is size over time  # optional; shown on the record page

The expression is parsed by :func:`~fxsite.evidence.formula.parse_formula` and
computed in exact decimal arithmetic with every figure in its dimension's base
unit (GB and MB as bytes, min and ms as seconds), so units reconcile: 65.6 GB
over 94 s is 698 MB/s. Units never mix silently: adding a size to a time, or
an expression in GB against a figure in s, is an error. Ratios, percentages
and counts (``×``, ``%``, ``pp``, ``count``) enter as their numbers, as in
derived formulas; a unit without an exact size (IOPS, USD, months) only
meets itself. Derived figures enter at their computed value, unrounded.

``within: 5%`` holds when the two differ by at most 5% of the ``equals``
figure (exactly 5% holds); ``within: 0.05 GB/s`` when they differ by at most
that quantity. Ranges and one-sided figures are refused (they state no single
value to compare), and so is a figure of another record that is retracted.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints
from pydantic_core import PydanticCustomError

from fxsite.evidence.figure_kinds import kind_clash, kind_problem
from fxsite.evidence.formula import (
    DECIMAL,
    Formula,
    FormulaError,
    Reference,
    _Bin,
    _Call,
    _Node,
    _Num,
    _Ref,
    _Unary,
    parse_formula,
)
from fxsite.evidence.quantities import decimals_of, format_number, format_quantity
from fxsite.evidence.units import UNITS, canonical_unit, unit_hint
from fxsite.evidence.writer_units import writer_dims, writer_text
from fxsite.findings import Finding

if TYPE_CHECKING:
    from fxsite.evidence.library import FigureValue, Library

__all__ = [
    "Checked",
    "Invariant",
    "apart_text",
    "check_invariant",
    "check_invariants",
    "computed_text",
    "dimensions",
    "formula_unit_problem",
    "parse_within",
    "product_dimensions",
]

_RECORD = r"[A-Za-z][A-Za-z0-9_]{0,31}"
_FIGURE = r"[a-z][a-z0-9_]{0,63}"
_EQUALS = re.compile(rf"(?:(?P<record>{_RECORD})\.)?(?P<figure>{_FIGURE})")
_WITHIN = re.compile(r"(?P<number>[0-9]{1,15}(?:\.[0-9]{1,15})?) ?(?P<unit>\S(?:.{0,30}\S)?)")

# The same for the JSON Schema, with the vocabulary's spellings (longest first).
_SPELLINGS = sorted(
    {n for u in UNITS.values() for n in (u.symbol, *u.aliases)}, key=lambda n: (len(n), n)
)
_WITHIN_SCHEMA = (
    r"^[0-9]{1,15}(\.[0-9]{1,15})? ?("
    + "|".join(re.escape(name) for name in reversed(_SPELLINGS))
    + ")$"
)

#: Dimensions that convert, in base units: bytes, seconds, joules, FLOP …
_BASES: dict[str, dict[str, int]] = {
    "time": {"s": 1},
    "size": {"B": 1},
    "bandwidth": {"B": 1, "s": -1},
    "frequency": {"s": -1},
    "energy": {"J": 1},
    "power": {"J": 1, "s": -1},
    "compute": {"FLOP": 1, "s": -1},
    "compute-efficiency": {"FLOP": 1, "J": -1},
    "charge": {"C": 1},
    "mass": {"g": 1},
    "length": {"m": 1},
}
#: Dimensions whose figures enter an expression as their plain number.
_PLAIN = frozenset({"ratio", "percent", "count"})

Dims = tuple[tuple[str, int], ...]
#: How far apart two computations of one derived figure may be (the last digits of a division).
_SAME = Decimal("1e-20")
#: Most decimals a difference is shown with.
_MAX_DECIMALS = 12


def parse_within(text: str) -> tuple[Decimal, str] | None:
    """``5%`` as (5, "%"), ``0.05 GB/s`` as (0.05, "GB/s"); None when malformed."""
    match = _WITHIN.fullmatch(text)
    if match is None:
        return None
    unit = canonical_unit(match["unit"], exact=True)
    return (Decimal(match["number"]), unit) if unit else None


def _within(text: str) -> str:
    if parse_within(text) is None:
        match = _WITHIN.fullmatch(text)
        hint = unit_hint(match["unit"]) if match else ""
        raise PydanticCustomError(
            "within",
            "'{text}': within is a percentage (5%) or a quantity with its unit (0.05 GB/s){hint}",
            {"text": text, "hint": hint},
        )
    return text


def _equals(text: str) -> str:
    if _EQUALS.fullmatch(text) is None:
        raise PydanticCustomError(
            "equals",
            "'{text}': equals names a figure, like write_bw or R9.write_bw",
            {"text": text},
        )
    return text


class Invariant(BaseModel):
    """An expression over figures that must equal a figure, within a tolerance."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    expr: Annotated[str, StringConstraints(min_length=1, max_length=500)] = Field(
        description="Arithmetic over figure names and R1.name references, as in derived formulas."
    )
    equals: Annotated[str, AfterValidator(_equals)] = Field(
        description="The figure the expression must equal: a name of this record, or R9.name.",
        json_schema_extra={"pattern": f"^{_EQUALS.pattern}$"},
    )
    within: Annotated[str, AfterValidator(_within)] = Field(
        description="Relative (5%) or absolute with a unit (0.05 GB/s); exactly at the edge holds.",
        json_schema_extra={"pattern": _WITHIN_SCHEMA},
    )
    why: Annotated[str, StringConstraints(min_length=1, max_length=2000)] | None = Field(
        default=None, description="Why the figures relate so; shown on the record page."
    )


@dataclass(frozen=True)
class Checked:
    """An invariant as the build computed it (every number in the ``equals`` figure's unit)."""

    invariant: Invariant
    #: the expression's value, in the ``equals`` figure's unit
    value: Decimal
    #: the ``equals`` figure
    equals: FigureValue
    #: how far apart the two are, in that unit, and as a share of the figure (None when it is 0)
    difference: Decimal
    relative: Decimal | None
    holds: bool


class _Refused(Exception):
    def __init__(self, field: str, code: str, message: str, offset: int = 0) -> None:
        super().__init__(message)
        self.field, self.code, self.message, self.offset = field, code, message, offset


def dimensions(unit: str) -> tuple[Decimal, Dims]:
    """How a value in ``unit`` enters an expression: its factor to base units and its dimensions."""
    spec = UNITS[unit]
    if spec.dimension in _PLAIN:
        return Decimal(1), ()
    if spec.factor is None or spec.dimension not in _BASES:
        return _rate(unit) or (Decimal(1), ((unit, 1),))
    return spec.factor, tuple(sorted(_BASES[spec.dimension].items()))


def _rate(unit: str) -> tuple[Decimal, Dims] | None:
    """A rate of a unit without a size, by its parts: ``tokens/s`` is tokens over seconds
    (``tokens / t`` gives it: blind64), ``IOPS`` a count over seconds, ``USD/kWh`` dollars
    over joules, ``USD/TB-year`` dollars over bytes times years; else None."""
    top, slash, bottom = unit.partition("/")
    if not slash:
        return (Decimal(1), (("s", -1),)) if UNITS[unit].dimension == "rate" else None
    # per a product of units: "USD/TB-year" is USD over TB times years (blind72)
    unders = [bottom] if canonical_unit(bottom, exact=True) else bottom.split("-")
    parts = [canonical_unit(part, exact=True) for part in (top, *unders)]
    if None in parts or "/" in bottom:
        return None
    (f_top, d_top), *under = (dimensions(part or "") for part in parts)
    for f_under, d_under in under:
        f_top, d_top = DECIMAL.divide(f_top, f_under), product_dimensions(d_top, d_under, -1)
    return f_top, d_top


def product_dimensions(left: Dims, right: Dims, sign: int) -> Dims:
    """The dimensions of ``left * right`` (``sign`` 1) or ``left / right`` (``sign`` -1)."""
    merged = dict(left)
    for base, power in right:
        merged[base] = merged.get(base, 0) + sign * power
    return tuple(sorted((b, p) for b, p in merged.items() if p))


def _dims_text(dims: Dims) -> str:
    """Dimensions as a reader says them: ``a size (B)``, ``B·s``, ``a plain number``."""
    if not dims:
        return "a plain number"

    def power(base: str, p: int) -> str:
        return base if abs(p) == 1 else f"{base}^{abs(p)}"

    top = "·".join(power(b, p) for b, p in dims if p > 0) or "1"
    bottom = "·".join(power(b, p) for b, p in dims if p < 0)
    text = f"{top}/{bottom}" if bottom else top
    named = [d for d, bases in _BASES.items() if tuple(sorted(bases.items())) == dims]
    return f"a {named[0]} ({text})" if named else text


def _dims(node: _Node, of: Callable[[Reference], Dims], numbers_adapt: bool = False) -> Dims:
    """The dimensions of an expression; refuses sums and comparisons across dimensions.

    With ``numbers_adapt`` (a derived figure's formula, which may write a quantity as a
    number: ``t + 5`` adds five seconds), a part that reads no figure takes the dimensions
    of what it is added to or compared with; it is a plain number in a product.
    """
    if isinstance(node, _Num):
        return ()
    if isinstance(node, _Ref):
        return of(node.ref)
    if isinstance(node, _Unary):
        return _dims(node.operand, of, numbers_adapt)
    if isinstance(node, _Bin):
        left, right = _dims(node.left, of, numbers_adapt), _dims(node.right, of, numbers_adapt)
        if node.op in "*/":
            return product_dimensions(left, right, 1 if node.op == "*" else -1)
        if numbers_adapt and not _contains(node.left, _Ref):
            return right
        if numbers_adapt and not _contains(node.right, _Ref):
            return left
        if left != right:
            raise _Refused(
                "expr",
                "FX313",
                f"'{node.op}' joins {_dims_text(left)} and {_dims_text(right)}: "
                "only quantities of one dimension add up",
                node.offset,
            )
        return left
    read = [arg for arg in node.args if _contains(arg, _Ref)] if numbers_adapt else node.args
    args = [_dims(arg, of, numbers_adapt) for arg in read or node.args]
    if node.name == "round" and args[0]:
        raise _Refused(
            "expr", "FX313", f"round() takes a plain number, not {_dims_text(args[0])}", node.offset
        )
    if any(a != args[0] for a in args):
        raise _Refused(
            "expr",
            "FX313",
            f"{node.name}() compares quantities of different dimensions",
            node.offset,
        )
    return args[0]


def _figure(library: Library, record_id: str, ref: Reference, field: str) -> FigureValue:
    """The figure ``ref`` names, or why an invariant cannot read it."""
    rec = ref.record or record_id
    fig = library.figure(rec, ref.figure)
    if fig is None:
        raise _Refused(field, "FX305", library.unresolved(rec, ref, "checked"), ref.offset)
    if rec != record_id and library.records[rec].status == "retracted":
        raise _Refused(field, "FX314", f"'{ref}' is a figure of retracted record {rec}", ref.offset)
    if fig.is_range or fig.bound:
        shape = "a range" if fig.is_range else "a bound"
        raise _Refused(
            field, "FX307", f"'{ref}' is {shape}; an invariant compares single values", ref.offset
        )
    return fig


def _check(library: Library, record_id: str, invariant: Invariant) -> Checked:
    """One invariant computed; raises :class:`_Refused` when it cannot be."""
    try:
        formula: Formula = parse_formula(invariant.expr)
    except FormulaError as exc:
        raise _Refused("expr", exc.code, exc.message, exc.offset) from None
    figures = {str(r): _figure(library, record_id, r, "expr") for r in formula.references}
    match = _EQUALS.fullmatch(invariant.equals)
    assert match is not None  # the model checked it
    target = _figure(library, record_id, Reference(match["record"], match["figure"], 0), "equals")

    def base(ref: Reference) -> Decimal:
        fig = figures[str(ref)]
        return DECIMAL.multiply(fig.low, dimensions(fig.unit)[0])

    assert formula._tree is not None
    dims = _dims(formula._tree, lambda r: dimensions(figures[str(r)].unit)[1])
    try:
        value = formula.evaluate(base)
    except FormulaError as exc:
        raise _Refused("expr", exc.code, exc.message, exc.offset) from None
    factor, target_dims = dimensions(target.unit)
    if dims != target_dims:
        raise _Refused(
            "equals",
            "FX313",
            f"'{invariant.expr}' gives {_dims_text(dims)} but {invariant.equals} is in "
            f"{target.unit}, {_dims_text(target_dims)}: they cannot be equal",
        )
    clash = kind_clash(formula._tree, lambda r: figures[str(r)].unit, target.unit)
    if clash is not None:  # a speed-up is no percentage, though both are plain numbers
        raise _Refused(
            "equals",
            "FX313",
            f"'{invariant.expr}' gives {clash[0]} but {invariant.equals} is {clash[1]}: "
            "they cannot be equal (ratios and percentages never convert)",
        )
    within = parse_within(invariant.within)
    assert within is not None  # the model checked it
    amount, unit = within
    expected = DECIMAL.multiply(target.low, factor)
    difference = abs(DECIMAL.subtract(value, expected))
    if unit == "%":
        allowed = DECIMAL.multiply(abs(expected), DECIMAL.divide(amount, Decimal(100)))
    else:
        within_factor, within_dims = dimensions(unit)
        if within_dims != target_dims:
            raise _Refused(
                "within",
                "FX313",
                f"within {invariant.within} is {_dims_text(within_dims)}; "
                f"{invariant.equals} is in {target.unit}, {_dims_text(target_dims)}",
            )
        allowed = DECIMAL.multiply(amount, within_factor)
    relative = None if expected.is_zero() else DECIMAL.divide(difference, abs(expected))
    return Checked(
        invariant,
        DECIMAL.divide(value, factor),
        target,
        DECIMAL.divide(difference, factor),
        relative,
        difference <= allowed,
    )


def check_invariant(library: Library, record_id: str, invariant: Invariant) -> Checked | None:
    """One invariant of ``record_id`` computed as the build computes it; None when it cannot be."""
    try:
        return _check(library, record_id, invariant)
    except _Refused:
        return None


def formula_unit_problem(
    formula: Formula, figure: Callable[[Reference], tuple[Decimal, str]], unit: str, value: Decimal
) -> str | None:
    """Why a derived figure's ``unit`` misstates what its formula computes, or None.

    ``figure`` gives each input's value and unit as its record states them, and
    ``value`` is the formula computed from those numbers. Computed again with
    every input in its base unit, it must be the same quantity in ``unit``:
    ``save_time_fx100 + 3`` over seconds labelled ``min`` would publish 97 s as
    "97.0 min". A formula that writes a number may convert by hand
    (``run_duration / 3600`` in ``h``): its value is left as written, but not its
    dimensions (``t * 1`` in ``GB``, ``t + 0`` in ``USD``: blind64), nor, for a plain
    number, its kind (:func:`~fxsite.evidence.figure_kinds.kind_problem`: ``a / b`` in
    ``%``, a percentage in ``×``). One over an unknown unit is left as written.
    """
    inputs = {str(r): figure(r) for r in formula.references}
    tree = formula._tree
    if unit not in UNITS or tree is None or any(u not in UNITS for _, u in inputs.values()):
        return None
    if not _contains(tree, _Ref):  # numbers alone: a quantity the record writes as one
        return None
    numbers = _contains(tree, _Num)
    try:
        dims = _dims(tree, lambda r: dimensions(inputs[str(r)][1])[1], numbers_adapt=numbers)
        base = formula.evaluate(
            lambda r: DECIMAL.multiply(inputs[str(r)][0], dimensions(inputs[str(r)][1])[0])
        )
    except (_Refused, FormulaError):
        return None
    factor, unit_dims = dimensions(unit)
    # A number may convert between units of no fixed size (a month's price * 12 a year's).
    if (_loosely(dims) != _loosely(unit_dims)) if numbers else dims != unit_dims:
        gives = _as_written(tree, lambda r: inputs[str(r)][1], _dims_text(dims), numbers)
        return (
            f"the formula gives {gives} but unit '{unit}' is {_dims_text(unit_dims)}: "
            "name the unit of what it computes"
        )
    kind = kind_problem(tree, lambda r: inputs[str(r)][1], unit)
    if kind is not None or numbers:
        return kind
    published = DECIMAL.multiply(value, factor)
    if abs(published - base) <= abs(base) * _SAME:
        return None
    meant = format_number(DECIMAL.divide(base, factor), 6).rstrip("0").rstrip(".")
    shown = format_number(value, 6).rstrip("0").rstrip(".")
    units = sorted({u for _, u in inputs.values()})
    fix = (
        f"the formula reads each figure's number in its own unit ({', '.join(units)}): "
        "convert in it by a number (t_ms / 1000 + t), or "
        if len(units) > 1
        else ""
    )
    return (
        f"by its figures' units ({', '.join(units)}) the formula gives {meant} {unit}, not "
        f"{shown} {unit}: {fix}write the unit its figures give (a claim may state it in "
        "another unit of that dimension)"
    )


def _as_written(tree: _Node, unit_of: Callable[[Reference], str], base: str, numbers: bool) -> str:
    """``base`` (what a formula gives in base units), led by the same in its figures' own
    units where a writer reads it otherwise (``kWh·USD (J·USD)``: :mod:`writer_units`);
    a named dimension (``a time (s)``) is told as it is."""
    if base.startswith("a "):
        return base
    try:
        written = writer_text(_dims(tree, lambda r: writer_dims(unit_of(r)), numbers))
    except _Refused:  # "W + kW": one dimension, two units
        return base
    return f"{written} ({base})" if written is not None and written != base else base


def _loosely(dims: Dims) -> Dims:
    """``dims`` with each unit of no fixed size read as its dimension (``mo`` and ``yr`` as
    time): what a number in a formula may convert between."""
    out: Dims = ()
    for base, power in dims:
        spec = UNITS.get(base)
        bases = _BASES.get(spec.dimension) if spec is not None else None
        part = tuple(sorted(bases.items())) if bases else ((base, 1),)
        for _ in range(abs(power)):
            out = product_dimensions(out, part, 1 if power > 0 else -1)
    return out


def _contains(node: _Node, leaf: type[_Num] | type[_Ref]) -> bool:
    """Whether the formula part ``node`` holds a ``leaf``: a ``_Ref`` (it reads a figure;
    else it is numbers alone) or a ``_Num`` (it writes a number: it may convert by hand,
    ``/ 3600``, or carry a unit)."""
    if isinstance(node, leaf):
        return True
    if isinstance(node, _Bin):
        return _contains(node.left, leaf) or _contains(node.right, leaf)
    if isinstance(node, _Unary):
        return _contains(node.operand, leaf)
    return isinstance(node, _Call) and any(_contains(arg, leaf) for arg in node.args)


def computed_text(checked: Checked) -> str:
    """The expression's value in the figure's unit, two decimals finer than the figure
    where it has digits there; else at the figure's own ("94 s", not "94.00 s": blind62)."""
    fig = checked.equals
    finer = format_quantity(checked.value, None, fig.unit, fig.decimals + 2)
    plain = format_quantity(checked.value, None, fig.unit, fig.decimals)
    exact = DECIMAL.multiply(checked.value, Decimal(10) ** fig.decimals)
    return plain if exact == exact.to_integral_value() else finer


def _apart(value: Decimal, limit: Decimal, holds: bool) -> str:
    """``value`` to three significant digits (two decimals for one too small to show),
    and past ``limit`` as many more as it takes to show that it is over (5.001% against 5%)."""
    decimals = max(0, 2 - value.adjusted()) if value else 2
    decimals = 2 if decimals > _MAX_DECIMALS else decimals
    shown = format_number(value, decimals)
    # format_number groups thousands ("1,900"): compared as the number it shows.
    while not holds and decimals < _MAX_DECIMALS and Decimal(shown.replace(",", "")) <= limit:
        decimals += 1
        shown = format_number(value, decimals)
    return shown


def apart_text(checked: Checked) -> str:
    """How far apart the two are, as ``within`` measures it: a share, or in its unit."""
    within = parse_within(checked.invariant.within)
    assert within is not None  # the model checked it
    amount, unit = within
    if unit == "%":
        if checked.relative is None:
            return "0%" if checked.difference.is_zero() else "all of it"
        share = DECIMAL.multiply(checked.relative, Decimal(100))
        return f"{_apart(share, amount, checked.holds)}%"
    fig = checked.equals
    difference = DECIMAL.divide(
        DECIMAL.multiply(checked.difference, dimensions(fig.unit)[0]), dimensions(unit)[0]
    )
    number = _apart(difference, amount, checked.holds).replace(",", "")  # "1,000" grouped
    return format_quantity(Decimal(number), None, unit, decimals_of(number))


def _broken(checked: Checked) -> str:
    fig = checked.equals
    stated = format_quantity(fig.low, None, fig.unit, fig.decimals)
    message = (
        f"invariant does not hold: '{checked.invariant.expr}' is {computed_text(checked)} but "
        f"{checked.invariant.equals} is {stated}; they differ by {apart_text(checked)}, "
        f"more than within {checked.invariant.within}"
    )
    return message.replace("\u00a0", " ")


def check_invariants(library: Library) -> tuple[dict[str, tuple[Checked, ...]], list[Finding]]:
    """Every record's invariants computed, and a finding for each that fails or cannot be read.

    Findings sit at the invariant's line: the field concerned (``expr``,
    ``equals``, ``within``), or the invariant itself when it does not hold.
    """
    out: dict[str, tuple[Checked, ...]] = {}
    findings: list[Finding] = []
    for record_id, record in library.records.items():
        source = library.files[record_id]
        done = []
        for index, invariant in enumerate(record.invariants):
            try:
                checked = _check(library, record_id, invariant)
            except _Refused as exc:
                line, col = source.pos(("invariants", index, exc.field))
                if exc.field == "expr" and "\n" not in invariant.expr:
                    col += exc.offset
                findings.append(Finding(source.path, line, col, exc.code, exc.message))
                continue
            if not checked.holds:
                line, col = source.pos(("invariants", index))
                findings.append(Finding(source.path, line, col, "FX312", _broken(checked)))
            done.append(checked)
        if done:
            out[record_id] = tuple(done)
    return out, findings
