"""The open unit vocabulary of the bare-figure detector, from pint's registry.

fxsite's own vocabulary (:mod:`fxsite.evidence.units`) lists the units a
record may use. Prose uses many more (``tonnes``, ``mph``, ``kPa``,
``litres``, ``hectares``): :func:`is_unit_word` asks pint's unit registry,
a maintained catalogue of physical units with their plurals and SI prefixes,
whether a word after a number is one.

pint parses far more than units people write in prose ("are" is an area,
"a" a year, "K" kelvin, "M" molar), so a word counts only when

* it is not in :data:`_NOT_UNITS` (English words and letters pint reads as
  units, ordinal suffixes, and parts of names such as ``64-bit``),
* it has at least two characters, and
* its dimension is one a spec sheet measures (length, mass, time,
  temperature, area, volume, speed, pressure, power, energy, frequency,
  electric quantities); constants and dimensionless units are not.

The registry loads on first use (about half a second) and every answer is
cached.
"""

from __future__ import annotations

from functools import cache
from typing import Any

__all__ = ["is_unit_word"]

_NOT_UNITS = frozenset(
    [
        "a",
        "an",
        "are",
        "as",
        "at",
        "be",
        "by",
        "do",
        "go",
        "has",
        "in",
        "is",
        "it",
        "me",
        "my",
        "no",
        "of",
        "on",
        "or",
        "so",
        "to",
        "up",
        "us",
        "we",
        "st",
        "nd",
        "rd",
        "th",
        "am",
        "pm",
        "point",
        "points",
        "line",
        "lines",
        "hand",
        "hands",
        "stone",
        "stones",
        "chain",
        "chains",
        "link",
        "links",
        "rod",
        "rods",
        "pole",
        "poles",
        "turn",
        "turns",
        "cycle",
        "cycles",
        "count",
        "counts",
        "percent",
        "bit",
        "bits",
        "grain",
        "grains",
        "drop",
        "drops",
        "cup",
        "cups",
        "barn",
        "barns",
        "light",
        "lights",
        "square",
        "cubic",
        "sheet",
        "sheets",
        "gross",
        "dozen",
        "score",
        "scores",
        "degree",
        "degrees",
        "mil",
        "mils",
        "pi",
        "cd",
        "pc",
        "ha",
        "mi",
        "rad",
        "sr",
        "tex",
        "den",
        "ct",
        "gal",
        "gr",
        "pt",
        "qt",
        "lb",
        "kelvin",
        "molar",
        "mole",
        "moles",
        "unit",
        "units",
        "number",
        "numbers",
        "person",
        "people",
    ]
)

# Units whose dimensions prose measures: length, mass, time, temperature,
# area, volume, speed, acceleration, pressure, power, energy, frequency,
# force, current, charge, voltage, resistance, density, flow, mass flow.
_MEASURED = "m g s kelvin m**2 m**3 m/s m/s**2 Pa W J Hz N A A*s V ohm kg/m**3 m**3/s kg/s"


@cache
def _registry() -> tuple[Any, frozenset[Any]]:
    import pint  # a dependency; imported on first use to keep start-up fast

    registry: Any = pint.UnitRegistry()
    dimensions = frozenset(registry.parse_units(u).dimensionality for u in _MEASURED.split())
    return registry, dimensions


@cache
def is_unit_word(word: str) -> bool:
    """True when ``word``, written after a number, is a physical unit."""
    if len(word) < 2 or word.lower() in _NOT_UNITS or not word.isascii():
        return False
    registry, dimensions = _registry()
    try:
        unit = registry.parse_units(word)
    except Exception:  # pint raises many types for text that is no unit
        return False
    return unit.dimensionality in dimensions
