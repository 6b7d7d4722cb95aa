"""Which kind of plain number a derived figure's formula gives: a ratio, a percentage or
percentage points.

A ratio (``×``), a percentage (``%``) and percentage points (``pp``) enter a formula as
their numbers, so dimensions alone cannot tell them apart: ``t_base / t_new`` labelled
``%`` would publish a 1.89× speed-up as "1.89%", ``t_base / t_new * 100`` labelled ``×``
as "189×", and a share of 9.9% less one of 5.5% labelled ``%`` as "4.4%" for 4.4
percentage points (blind64). Claims never convert between these kinds
(:mod:`fxsite.evidence.quantities`); a derived figure may not either.

:func:`kind_problem` names the kind a formula gives where its shape says so for
certain, and nothing where it does not (a model's own arithmetic, ``100 - 100 / s``,
``saves * 2``): a kind is read from

* one figure of a kind, negated or not (``pct``);
* a quotient of two quantities of one dimension, no plain number among them
  (``t_base / t_new``: a ratio), and a ratio less or plus a number (``a / b - 1``);
* a ratio times 100 (``(a / b - 1) * 100``: a percentage);
* a sum or difference of two percentages (a percentage, and percentage points).
"""

from __future__ import annotations

from collections.abc import Callable

from fxsite.evidence.formula import Reference, _Bin, _Node, _Num, _Ref, _Unary
from fxsite.evidence.units import UNITS

__all__ = ["kind_clash", "kind_problem"]

#: The kind of plain number each unit is; a unit not listed is no kind told here.
_KIND_OF = {"×": "ratio", "%": "percent", "pp": "pp"}
#: The kinds as a record's reader says them, with the unit that states each.
_SAID = {"ratio": "a ratio (×)", "percent": "a percentage (%)", "pp": "percentage points (pp)"}
_HUNDRED = 100


def kind_clash(
    tree: _Node, unit_of: Callable[[Reference], str], unit: str
) -> tuple[str, str] | None:
    """The kinds of number the formula ``tree`` gives and ``unit`` states, as a reader says
    them, where they differ; else None. ``unit_of`` gives each figure's unit as its record
    states it. An invariant's expression and the figure it must equal clash alike."""
    declared = _KIND_OF.get(unit)
    given = _kind(tree, unit_of)
    if declared is None or given is None or given in ("quantity", declared):
        return None
    return _SAID[given], _SAID[declared]


def kind_problem(tree: _Node, unit_of: Callable[[Reference], str], unit: str) -> str | None:
    """Why ``unit`` (a derived figure's) misstates the kind of number its formula ``tree``
    gives, and how to mend it; or None."""
    if kind_clash(tree, unit_of, unit) is None:
        return None
    given, declared = _kind(tree, unit_of), _KIND_OF[unit]
    assert given is not None
    hint = {
        ("ratio", "percent"): "multiply by 100 for a percentage, or state the unit ×",
        ("percent", "ratio"): "a ratio is not multiplied by 100: state the unit %",
        ("pp", "percent"): "a difference of two percentages is in percentage points: state pp",
    }.get((given, declared), f"state the unit {_unit_of_kind(given)}")
    return f"the formula gives {_SAID[given]} but unit '{unit}' states {_SAID[declared]}: {hint}"


def _unit_of_kind(kind: str) -> str:
    return next(u for u, k in _KIND_OF.items() if k == kind)


def _kind(node: _Node, unit_of: Callable[[Reference], str]) -> str | None:
    """``ratio``, ``percent`` or ``pp`` where the shape tells for certain; ``quantity`` for
    a figure with dimensions; None otherwise (a number, a model's own arithmetic)."""
    if isinstance(node, _Ref):
        unit = unit_of(node.ref)
        plain = UNITS[unit].dimension in ("ratio", "percent", "count")
        return _KIND_OF.get(unit) if plain else "quantity"
    if isinstance(node, _Unary):
        return _kind(node.operand, unit_of)
    if not isinstance(node, _Bin):
        return None  # a number, or a function's result (min, max, abs, round: the model's own)
    left, right = _kind(node.left, unit_of), _kind(node.right, unit_of)
    if node.op == "/":
        same = left == right == "quantity" and _dimension(node.left, unit_of) is not None
        return (
            "ratio"
            if same and _dimension(node.left, unit_of) == _dimension(node.right, unit_of)
            else None
        )
    if node.op == "*":
        hundred = [_is_hundred(node.left), _is_hundred(node.right)]
        if (left == "ratio" and hundred[1]) or (right == "ratio" and hundred[0]):
            return "percent"
        return None
    # + and -: a ratio less a number is a ratio; two percentages make a percentage or pp
    if left == right == "percent":
        return "pp" if node.op == "-" else "percent"
    if "ratio" in (left, right) and (isinstance(node.left, _Num) or isinstance(node.right, _Num)):
        return "ratio"
    return None


def _dimension(node: _Node, unit_of: Callable[[Reference], str]) -> str | None:
    """The dimension of a lone figure (``t_base``), else None: a quotient of two is a ratio
    only where each is one figure and both are of one dimension."""
    if isinstance(node, _Ref):
        return UNITS[unit_of(node.ref)].dimension
    return None


def _is_hundred(node: _Node) -> bool:
    return isinstance(node, _Num) and node.value == _HUNDRED
