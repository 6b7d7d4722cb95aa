"""Which quantity a unit written as parts over parts measures, for a hint to keep.

An unknown unit is offered the closest known spelling (FX204 "did you mean"), and
the closest spelling may measure something else: "USD/kWh" (a price per energy) was
offered "USD/h" (a price per hour: blind72). Decisions:

- A unit's shape is the dimension of each part between its slashes, in order:
  ``USD/kWh`` is (currency, energy), ``USD/h`` (currency, time), ``GB/s`` (size, time).
- A hint is kept only where the unknown unit and the hint have one shape; a unit whose
  parts are not all known (a misspelling, "secnds", "GB/sek") has no shape, and every
  close spelling stays a hint, as before.
- A part is read as the vocabulary reads it (aliases, case of spelled-out words), and
  a part made of units joined by "-" (``TB-year``) is each of them.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["same_shape"]


def _shape(text: str, dimension_of: Callable[[str], str | None]) -> tuple[str, ...] | None:
    parts: list[str] = []
    for part in text.split("/"):
        dimension = dimension_of(part.strip())
        if dimension is None and "-" in part:
            joined = [dimension_of(p.strip()) for p in part.split("-")]
            dimension = "·".join(d for d in joined if d) if None not in joined else None
        if dimension is None:
            return None
        parts.append(dimension)
    return tuple(parts)


def same_shape(unknown: str, hint: str, dimension_of: Callable[[str], str | None]) -> bool:
    """Whether ``hint`` may be offered for ``unknown``: not where both have a shape and the
    shapes differ. ``dimension_of`` gives a unit's dimension, None for an unknown one."""
    want = _shape(unknown, dimension_of)
    return want is None or _shape(hint, dimension_of) in (want, None)
