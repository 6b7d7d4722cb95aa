"""Which figures compare against their record's baseline, and so are shown with it.

A record's ``setup.baseline`` is what its comparisons are against. A claim's tooltip
("… · vs local NVMe single drive · …") and its evidence card ("Baseline: …") showed it
beside every figure of the record, so a product's own result read as a comparison
("2.4M IOPS", then "Baseline: Brand V StoreMax 700"; blind72, finding 13). Decisions:

- A figure compares when it is a ratio (unit ``×``: "1.9× faster" is faster than
  something), when its name or ``what`` names the baseline (:func:`names_baseline`), or
  when it is derived from a figure that does (a time saved, ``baseline - fx100``; a
  reduction in %): its value says something of the baseline.
- A figure names the baseline where its name or ``what`` says "baseline" (or 基线), a
  word of comparison ("vs", "versus", "against", "compared", "relative to", "than";
  对比, 相比) or of change ("speed-up", "gain", "faster", "lower", "reduction", "saved";
  提升, 降低, 加速), or the baseline's own leading words (before its first comma, semicolon or
  bracket: "Brand V StoreMax 700" of "Brand V StoreMax 700, same host and fabric").
- Only a figure's direct inputs are read: a figure computed from a comparison is no
  comparison itself unless it reads a figure of the baseline.
- Decided on the record's own words, not a translation's: one decision in every language.
- A record without a baseline shows none, whatever its figures.
"""

from __future__ import annotations

import re

from fxsite.evidence.library import FigureValue, Library
from fxsite.evidence.models import Record

__all__ = ["compares", "names_baseline"]

#: Words in a figure's ``what`` (or name) that say it is taken against something: the
#: baseline itself, a word of comparison, or a change ("speed-up", "gain", "reduction").
_VERSUS = re.compile(
    r"(?i:\b(?:baseline|vs\.?|versus|against|compared|relative[ \u00a0]+to|than"
    r"|speed-?ups?|gains?|faster|slower|lower|higher|reductions?|improvements?|saved|savings?)\b)"
    r"|基线|基線|对比|對比|相比|提升|降低|加速|节省|節省"
)
#: Where a baseline's leading words end: "Brand V StoreMax 700, same host and fabric".
_LEAD_END = re.compile(r"[,;(（，；]")


def _baseline(record: Record) -> str | None:
    """The record's own baseline (not a translation's); None where it states none."""
    value = record.setup.get("baseline")
    if not value or value.strip().lower().startswith("not stated"):
        return None
    return value


def _lead(baseline: str) -> str:
    """The baseline's leading words, lower-cased (empty where they are too short to tell)."""
    lead = _LEAD_END.split(baseline, maxsplit=1)[0].strip().lower()
    return lead if len(lead) >= 3 else ""


def names_baseline(fig: FigureValue, record: Record) -> bool:
    """Whether figure ``fig`` of ``record`` says, by its name or ``what``, that it is
    taken of or against the record's baseline."""
    baseline = _baseline(record)
    if baseline is None:
        return False
    words = f"{fig.name.replace('_', ' ')} {fig.what or ''}"
    lead = _lead(baseline)
    return _VERSUS.search(words) is not None or bool(lead and lead in words.lower())


def compares(fig: FigureValue, library: Library) -> bool:
    """Whether ``fig`` compares against its record's baseline, which is then shown with it:
    a ratio, a figure naming the baseline, or one derived from a figure that does."""
    record = library.records.get(fig.record)
    if record is None or _baseline(record) is None:
        return False
    if fig.unit == "×" or names_baseline(fig, record):
        return True
    for ref in fig.inputs:
        source = library.figures.get(ref)
        owner = library.records.get(source.record) if source is not None else None
        if source is not None and owner is not None and names_baseline(source, owner):
            return True
    return False
