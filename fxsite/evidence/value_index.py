"""The library's figures by value: those a stated quantity may name, found without
reading every figure (:func:`figures_near`).

A bare figure's advice asks which figures state its value (:func:`~fxsite.pages.claims.
suggest_claims`) and which state it at another precision (``advice._near_misses``). Each
asked every figure of the library: a page of 2,000 bare figures against 10,000 records
compared 220 million pairs. Both rules pass a figure only when its value, in the text's
unit, is within one step of the text's precision of the text's number, so they need
read only the figures whose value lies there.

Decisions:

* The index holds each unit's figures, by the precision they are written at, sorted by
  ``low`` (a range's low end, a bound's value): every rule compares the text's number
  with the figure's ``low`` first, and a figure whose ``low`` is out of reach fails
  whatever its ``high``.
* A text with a unit reaches the figures of each unit it converts from
  (:func:`~fxsite.evidence.quantities.converts`): the window is carried into the
  figure's unit by the exact factor, and widened by a part in 10¹² so that division's
  rounding never loses a figure at its edge. A text with no unit is compared with
  every figure in the figure's own unit (as :func:`~fxsite.evidence.quantities.
  check_stated` compares it), so every unit's figures are searched unscaled.
* A window's width may depend on the figure's precision (a near miss is within one
  step of the coarser of the text's and the figure's), so it is asked of each.
* It is a filter only: each rule then decides as before on the figures found, which
  come in the library's order, so what a rule finds and in what order is unchanged.
* Built once per library, kept by identity as :mod:`fxsite.pages.advice` keeps its
  generic words: a library is not changed once built, and one is asked about at a time.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from fxsite.evidence.library import FigureValue, Library
from fxsite.evidence.quantities import converts

__all__ = ["Width", "figures_near"]

#: How far a window is widened, as a part of its ends (division's rounding at its edges).
_SLACK = Decimal("1e-12")


@dataclass(frozen=True)
class _Held:
    """One unit's figures of one precision, sorted by ``low``, with their places in the
    library."""

    lows: list[Decimal]
    figures: list[tuple[int, FigureValue]]


@dataclass(frozen=True)
class _Index:
    library: Library
    #: by (unit, decimals)
    held: dict[tuple[str, int], _Held]


_LAST: list[_Index] = []


def _index(library: Library) -> _Index:
    """``library``'s index, made on its first question (a clean build asks none)."""
    known = _LAST[0] if _LAST else None  # read once: another thread may replace it
    if known is not None and known.library is library:
        return known
    rows: dict[tuple[str, int], list[tuple[Decimal, int, FigureValue]]] = {}
    for place, fig in enumerate(library.figures.values()):
        if fig.low.is_finite():
            rows.setdefault((fig.unit, fig.decimals), []).append((fig.low, place, fig))
    held = {}
    for key, kept in rows.items():
        kept.sort(key=lambda row: (row[0], row[1]))
        held[key] = _Held([row[0] for row in kept], [(row[1], row[2]) for row in kept])
    index = _Index(library, held)
    _LAST[:] = [index]
    return index


#: A window's half-width, for the decimals of the figures it is asked of.
Width = Callable[[int], Decimal]


def figures_near(
    library: Library, asked: list[tuple[Decimal, Width, str | None]], *, same: bool = False
) -> list[FigureValue]:
    """The figures of ``library`` whose ``low``, in ``unit`` (the text's; None: each
    figure's own), is within ``width(decimals)`` of ``value``, for any ``(value, width,
    unit)`` asked, each once, in the library's order; ``same``: only of units the text's
    is (whose factor is 1)."""
    found: dict[int, FigureValue] = {}
    for value, width, unit in asked:
        for (fig_unit, decimals), held in _index(library).held.items():
            factor = Decimal(1) if unit is None else converts(unit, fig_unit)
            if factor is None or (same and factor != 1):
                continue
            if factor <= 0:  # no unit converts so; were one to, every figure of it is asked
                found.update(held.figures)
                continue
            reach = width(decimals)
            ends = sorted(((value - reach) / factor, (value + reach) / factor))
            slack = max(abs(ends[0]), abs(ends[1])) * _SLACK
            start = bisect_left(held.lows, ends[0] - slack)
            stop = bisect_right(held.lows, ends[1] + slack)
            found.update(held.figures[start:stop])
    return [found[place] for place in sorted(found)]
