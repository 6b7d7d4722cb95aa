"""What a derived figure's formula gives, in the units its figures are written in.

FX318 names what a formula computes by its dimensions in base units ("J·USD"): exact,
but not how a writer thinks of ``kW × h × USD`` (blind72: "the formula gives J·USD").
Here the same product is written in the figures' own units, for the message to say
first. Decisions:

- Each figure enters as its unit as written (``kW``, ``h``, ``USD``); a plain
  number's unit (``×``, ``%``, ``count``) enters as nothing, as in FX318's own check.
- A price or rate per something enters as its parts: ``USD/kWh`` is ``USD`` over
  ``kWh``, so ``kW × h × USD/kWh`` is ``USD`` as a writer expects, and ``USD/TB-year``
  is ``USD`` over ``TB`` and ``yr``.
- A power times hours is its energy unit where the vocabulary has one: ``kW·h`` is
  ``kWh``, ``W·h`` is ``Wh``.
- Nothing converts here: ``min/s`` stays as written. The text is a help beside the
  base units, never a judgement.
"""

from __future__ import annotations

from fxsite.evidence.units import UNITS, canonical_unit

__all__ = ["writer_dims", "writer_text"]

Dims = tuple[tuple[str, int], ...]

#: Dimensions whose figures enter a formula as their plain number.
_PLAIN = frozenset({"ratio", "percent", "count"})


def writer_dims(unit: str) -> Dims:
    """How a figure in ``unit`` enters the product as written."""
    spec = UNITS[unit]
    if spec.dimension in _PLAIN:
        return ()
    top, slash, bottom = unit.partition("/")
    unders = [bottom] if canonical_unit(bottom, exact=True) else bottom.split("-")
    parts = [canonical_unit(part, exact=True) for part in (top, *unders)]
    if not slash or None in parts or spec.dimension.startswith("rating/"):
        return ((unit, 1),)
    powers: dict[str, int] = {}
    for part, p in zip(parts, (1, *(-1 for _ in unders)), strict=True):
        powers[part or ""] = powers.get(part or "", 0) + p
    return tuple(sorted(powers.items()))


def writer_text(dims: Dims) -> str | None:
    """``dims`` as a writer reads them (``USD·kWh``), or None for a plain number."""
    powers = dict(dims)
    for power_unit in [u for u, p in powers.items() if p > 0 and UNITS[u].dimension == "power"]:
        energy = f"{power_unit}h"
        both = min(powers[power_unit], powers.get("h", 0))
        if energy in UNITS and both > 0:
            powers[power_unit] -= both
            powers["h"] -= both
            powers[energy] = powers.get(energy, 0) + both
    kept = sorted((u, p) for u, p in powers.items() if p)
    if not kept:
        return None

    def power(unit: str, p: int) -> str:
        return unit if abs(p) == 1 else f"{unit}^{abs(p)}"

    top = "·".join(power(u, p) for u, p in kept if p > 0) or "1"
    bottom = "·".join(power(u, p) for u, p in kept if p < 0)
    return f"{top}/({bottom})" if "·" in bottom else f"{top}/{bottom}" if bottom else top
