"""Suggested invariants: relations a record's figures already satisfy, and ones they break.

For the figures of one record (single values; ranges and bounds state none)
:func:`suggest_invariants` proposes, each as an :class:`Invariant` with
``within: 5%`` that :func:`~fxsite.evidence.invariants.check_invariant` proves:

- for two figures of one dimension: their ratio equal to a ``×`` figure
  (``a / b``), a gain or a reduction equal to a ``%`` figure
  (``(a / b - 1) * 100``, ``(1 - b / a) * 100``), their difference equal to a
  figure of that dimension (``a - b``); for a ``×`` figure, the gain or
  reduction it makes (``(s - 1) * 100``, ``100 - 100 / s``);
- for two figures of different dimensions: their product or quotient equal to
  a figure of the dimension it gives (``size / time`` and a bandwidth).

A relation is left out when the record declares an invariant over the same
figures; when a derived figure of it is computed from the stated figures the
others are computed from (its formula already is the relation, or the model's
formulas make it hold by chance); and a difference ``a - b`` when ``a`` alone is
as close (``b`` is within the tolerance). A derived figure that restates one
figure in another unit (``save_time / 60`` in min) is no operand or target.

It also reports (FX315, a warning) a quantity and a time whose quotient is more
than 20% from every figure of the rate they give (65.6 GB in 94 s is 0.70 GB/s,
against a stated 6.40 GB/s), unless the record declares an invariant over the
two and a figure of that rate: the writer then states how they relate, with the
tolerance they have and why.

Values are exact decimals in base units; candidates (and the rate figures
nearest a quotient) are found by bisection in each kind's sorted values, so a
record of n figures costs O(n² log n).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal

from fxsite.evidence.formula import DECIMAL, FormulaError, parse_formula
from fxsite.evidence.invariants import (
    Checked,
    Dims,
    Invariant,
    apart_text,
    check_invariant,
    computed_text,
    dimensions,
    product_dimensions,
)
from fxsite.evidence.library import FigureValue, Library
from fxsite.evidence.quantities import format_number, format_quantity
from fxsite.evidence.units import UNITS
from fxsite.findings import Finding

__all__ = ["Proposal", "proposals_yaml", "suggest_invariants"]

#: how close a proposed relation must hold, as ``within``
PROPOSE = "5%"
#: how far a quantity over a time may be from its rate figures before FX315
FLAG = "20%"
_SECONDS: Dims = (("s", 1),)


@dataclass(frozen=True)
class Proposal:
    """A relation a record's figures satisfy, as an invariant the build would prove."""

    record: str
    path: str
    checked: Checked


@dataclass(frozen=True)
class _Fig:
    fig: FigureValue
    value: Decimal  # in base units
    dims: Dims


class _Targets:
    """A record's figures of one kind, sorted by value, to find those near a value."""

    def __init__(self, figs: list[_Fig]) -> None:
        self.figs = sorted(figs, key=lambda f: (f.value, f.fig.name))
        self.values = [f.value for f in self.figs]

    def near(self, value: Decimal, share: Decimal) -> list[_Fig]:
        """Figures ``c`` with ``|value - c| <= share * |c|``, and a few just outside."""
        ends = sorted(
            (DECIMAL.divide(value, 1 + share), DECIMAL.divide(value, 1 - share))
        )  # share < 1
        low, high = bisect_left(self.values, ends[0]), bisect_right(self.values, ends[1])
        return self.figs[max(0, low - 1) : high + 1]


def _operands(library: Library, record_id: str) -> list[_Fig]:
    """The record's single-valued figures in file order, leaving out unit restatements."""
    out = []
    figs = {f.ref: f for f in library.figures_of(record_id)}
    for fig in figs.values():
        if fig.is_range or fig.bound:
            continue
        factor, dims = dimensions(fig.unit)
        source = figs.get(fig.inputs[0]) if len(fig.inputs) == 1 else None
        if source is not None and dimensions(source.unit)[1] == dims:
            continue
        out.append(_Fig(fig, DECIMAL.multiply(fig.low, factor), dims))
    return out


def _value(expr: str, figs: dict[str, _Fig]) -> Decimal | None:
    """``expr`` over figures in base units, by the formula language's evaluator."""
    try:
        return parse_formula(expr).evaluate(lambda ref: figs[ref.figure].value)
    except FormulaError:
        return None


def _forms(figs: list[_Fig]) -> Iterator[tuple[str, tuple[_Fig, ...], Dims | str]]:
    """Candidate expressions, their operands, and what they may equal: ``ratio``
    (a ``×`` figure), ``percent`` (a ``%`` figure), or figures of some dimensions."""
    for a in figs:
        if UNITS[a.fig.unit].dimension == "ratio":
            yield f"({a.fig.name} - 1) * 100", (a,), "percent"
            yield f"100 - 100 / {a.fig.name}", (a,), "percent"
    for i, a in enumerate(figs):
        for j, b in enumerate(figs):
            if i == j or not a.dims or not b.dims:
                continue
            x, y = a.fig.name, b.fig.name
            if a.dims == b.dims:
                yield f"{x} / {y}", (a, b), "ratio"
                yield f"({x} / {y} - 1) * 100", (a, b), "percent"
                yield f"(1 - {y} / {x}) * 100", (a, b), "percent"
                yield f"{x} - {y}", (a, b), a.dims
                continue
            yield f"{x} / {y}", (a, b), product_dimensions(a.dims, b.dims, -1)
            if i < j:
                yield f"{x} * {y}", (a, b), product_dimensions(a.dims, b.dims, 1)


def _kinds(figs: list[_Fig]) -> dict[Dims | str, _Targets]:
    """The figures each kind of expression may equal."""
    kinds: dict[Dims | str, list[_Fig]] = {}
    for f in figs:
        dimension = UNITS[f.fig.unit].dimension
        kind: Dims | str | None = f.dims or (
            dimension if dimension == "ratio" else "percent" if f.fig.unit == "%" else None
        )
        if kind:
            kinds.setdefault(kind, []).append(f)
    return {kind: _Targets(group) for kind, group in kinds.items()}


def _declared(library: Library, record_id: str) -> list[frozenset[str]]:
    """The figures (``R1#name``) each declared invariant of the record relates."""
    out = []
    for checked in library.invariants.get(record_id, ()):
        refs = parse_formula(checked.invariant.expr).references
        names = {f"{r.record or record_id}#{r.figure}" for r in refs}
        out.append(frozenset({*names, checked.equals.ref}))
    return out


def _roots(library: Library, ref: str, memo: dict[str, frozenset[str]]) -> frozenset[str]:
    """The stated figures ``ref`` is computed from, across records (itself when stated)."""
    if ref not in memo:
        memo[ref] = frozenset({ref})
        fig = library.figures.get(ref)
        if fig is not None and fig.inputs:
            memo[ref] = frozenset().union(*(_roots(library, i, memo) for i in fig.inputs))
    return memo[ref]


def _follows(library: Library, related: frozenset[str], memo: dict[str, frozenset[str]]) -> bool:
    """True when a derived figure of ``related`` is computed from the stated figures the
    others are computed from: the relation then holds by the formulas, or by chance."""
    return any(
        _roots(library, ref, memo)
        <= frozenset().union(*(_roots(library, o, memo) for o in related - {ref}))
        for ref in related
        if library.figures[ref].inputs
    )


def _proposals(library: Library, record_id: str, figs: list[_Fig]) -> list[Proposal]:
    by_name = {f.fig.name: f for f in figs}
    kinds = _kinds(figs)
    seen = set(_declared(library, record_id))
    share = Decimal(PROPOSE.rstrip("%")) / 100
    memo: dict[str, frozenset[str]] = {}
    out = []
    for expr, operands, kind in _forms(figs):
        targets = kinds.get(kind)
        value = _value(expr, by_name) if targets else None
        if targets is None or value is None:
            continue
        for target in targets.near(value, share):
            related = frozenset({*(o.fig.ref for o in operands), target.fig.ref})
            if target in operands or related in seen or _follows(library, related, memo):
                continue
            if kind == operands[0].dims and _close(operands[0], target, share):
                continue  # a - b where a alone is as close: b is within the tolerance
            invariant = Invariant(expr=expr, equals=target.fig.name, within=PROPOSE)
            checked = check_invariant(library, record_id, invariant)
            if checked is not None and checked.holds:
                seen.add(related)
                out.append(Proposal(record_id, library.files[record_id].path, checked))
    return out


def _close(a: _Fig, target: _Fig, share: Decimal) -> bool:
    """True when ``a`` is within ``share`` of ``target`` (both in base units)."""
    apart = abs(DECIMAL.subtract(a.value, target.value))
    return apart <= DECIMAL.multiply(share, abs(target.value))


def _text(fig: FigureValue) -> str:
    return format_quantity(fig.low, None, fig.unit, fig.decimals).replace("\u00a0", " ")


def _share(checked: Checked) -> str:
    """How far apart, as a share of the figure, to at least three significant digits."""
    share = DECIMAL.multiply(checked.relative or Decimal(0), Decimal(100))
    return f"{format_number(share, max(0, 2 - share.adjusted()) if share else 0)}%"


def _nearest(library: Library, record_id: str, a: _Fig, b: _Fig, rates: _Targets) -> Checked | None:
    """``a / b`` against the rate figures around its value, within FLAG: the closest."""
    expr = f"{a.fig.name} / {b.fig.name}"
    value = _value(expr, {a.fig.name: a, b.fig.name: b})
    around = rates.near(value, Decimal(FLAG.rstrip("%")) / 100) if value is not None else []
    checked = [
        c
        for rate in around
        if (
            c := check_invariant(
                library, record_id, Invariant(expr=expr, equals=rate.fig.name, within=FLAG)
            )
        )
        and c.relative is not None
    ]
    return min(checked, key=lambda c: (c.relative, c.equals.name), default=None)


def _flags(library: Library, record_id: str, figs: list[_Fig]) -> list[Finding]:
    """FX315 for each stated quantity over a stated time far from every figure of the rate
    it gives, unless an invariant relates the two and one of those figures."""
    kinds = _kinds(figs)
    declared = _declared(library, record_id)
    source = library.files[record_id]
    out = []
    for a in figs:
        for b in figs:
            if a.fig.formula or b.fig.formula or b.dims != _SECONDS or a.dims in ((), _SECONDS):
                continue
            rates = kinds.get(product_dimensions(a.dims, b.dims, -1))
            if rates is None or any(
                {a.fig.ref, b.fig.ref} <= related and related & {r.fig.ref for r in rates.figs}
                for related in declared
            ):
                continue
            nearest = _nearest(library, record_id, a, b, rates)
            if nearest is None or nearest.holds:
                continue
            line, col = source.pos(("figures", a.fig.name))
            message = (
                f"{nearest.invariant.expr}: {_text(a.fig)} in {_text(b.fig)} is {computed_text(nearest)}, "
                f"{_share(nearest)} from {nearest.equals.name} ({_text(nearest.equals)}), "
                f"the nearest figure in {nearest.equals.unit}; correct a figure, or declare how "
                f"they relate: an invariant with the tolerance they have and a why"
            )
            out.append(
                Finding(source.path, line, col, "FX315", message.replace("\u00a0", " "), "warning")
            )
    return out


def suggest_invariants(library: Library) -> tuple[list[Proposal], list[Finding]]:
    """Every record's proposed invariants, and FX315 for each rate its figures break."""
    proposals: list[Proposal] = []
    findings: list[Finding] = []
    for record_id in sorted(library.records):
        figs = _operands(library, record_id)
        proposals += _proposals(library, record_id, figs)
        findings += _flags(library, record_id, figs)
    return proposals, findings


def proposals_yaml(proposals: list[Proposal]) -> str:
    """Proposals as ``invariants:`` entries to paste, under a comment naming each record."""
    lines: list[str] = []
    for record_id in dict.fromkeys(p.record for p in proposals):
        mine = [p for p in proposals if p.record == record_id]
        lines += [f"# {mine[0].path}: {len(mine)} suggested invariant(s) for {record_id}"]
        lines += ["invariants:"]
        for p in mine:
            inv, fig = p.checked.invariant, p.checked.equals
            lines += [
                f"  - expr: {inv.expr}  # = {computed_text(p.checked)}",
                f"    equals: {inv.equals}  # {_text(fig)}, {apart_text(p.checked)} apart",
                f"    within: {inv.within}",
            ]
        lines += [""]
    return "\n".join(lines).replace("\u00a0", " ")
