"""The open unit vocabulary of the bare-figure detector, from pint's registry.

fxsite's own vocabulary (:mod:`fxsite.evidence.units`) lists the units a
record may use. Prose uses many more (``tonnes``, ``mph``, ``kPa``,
``litres``, ``hectares``): :func:`is_unit_word` answers whether a word after
a number is one, as pint's unit registry (a maintained catalogue of physical
units with their plurals and SI prefixes) would.

The registry is not loaded at build time (half a second and 15 MiB): its
vocabulary is frozen in :mod:`fxsite.pages.unit_table` by
``tools/unit_table.py``, and :func:`is_unit_word` reads a word as pint does
(every prefix in pint's order, then the plural ``s``; the first reading
wins; an offset unit takes no prefix). ``tests/test_unitwords.py`` holds
the two to the same answer on every word pint can read.

pint parses far more than units people write in prose ("are" is an area,
"a" a year, "K" kelvin, "M" molar), so a word counts only when

* it is not in :data:`_NOT_UNITS` (English words and letters pint reads as
  units, the articles and prepositions of the languages a page quotes, ordinal suffixes, and parts of names such as ``64-bit``),
* it has at least two characters, and
* its dimension is one a spec sheet measures (length, mass, time,
  temperature, area, volume, speed, pressure, power, energy, frequency,
  electric quantities); constants and dimensionless units are not.
"""

from __future__ import annotations

from functools import lru_cache

from fxsite.pages.unit_table import MEASURED, OFFSET, OTHER, PREFIXES

__all__ = ["READ_AS_MEASURED", "is_unit_word", "pint_reading"]

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
        # the prepositions and adverbs of other languages Material's translations write
        # after a number: Romanian "pe", Slavic "na", Esperanto "pli", Italian "dal"
        # (blind79: "1 pe pagină" read "1 pe", a peta-something)
        "pe",
        "na",
        "pli",
        "dal",
        "so",
        "to",
        "up",
        "us",
        "we",
        # Articles and prepositions of French, Spanish, Portuguese and German ("14 de
        # março", "del 1 al 5", "du 1 au 5", "das 2"): pint reads them as prefixed units.
        "de",
        "da",
        "du",
        "das",
        "al",
        "au",
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
        # a square mile of survey land to pint; a part of a document to a reader ("RFC 9110
        # section 15.5")
        "section",
        "sections",
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
        "bus",  # bushels to pint, a bus to everyone else ("a PCIe 5.0 bus")
    ]
)


def pint_reading(word: str) -> str | None:
    """The unit name pint reads ``word`` as (prefix stripped), or None.

    pint tries the word as it is and then without a plural ``s``, each with
    every prefix in its order, and takes the first unit name it knows; a
    one-letter name under a plural is skipped, and an offset unit (degC)
    takes no prefix.
    """
    for suffix in ("", "s"):
        if not word.endswith(suffix):
            continue
        stem = word[: len(word) - len(suffix)]
        for prefix in PREFIXES:
            if not stem.startswith(prefix):
                continue
            name = stem[len(prefix) :]
            if suffix and len(name) == 1:
                continue
            if name in MEASURED or name in OTHER:
                return None if prefix and name in OFFSET else name
    return None


@lru_cache(maxsize=1 << 14)  # bounded: hostile text may hold any number of words
def is_unit_word(word: str) -> bool:
    """True when ``word``, written after a number, is a physical unit."""
    if len(word) < 2 or word.lower() in _NOT_UNITS or not word.isascii():
        return False
    return pint_reading(word) in MEASURED or word.lower() in READ_AS_MEASURED


#: Units pint counts among its others (logarithmic: a decade is a factor of ten) that
#: prose writes as quantities: "2 decades" of a company's history, "3 decibels" louder.
#: The words alone, unprefixed: where fxsite's reading departs from pint's.
READ_AS_MEASURED = frozenset({"decade", "decades", "decibel", "decibels"})
