"""Which figures compare against their record's baseline, and so are shown with it.

A record's ``setup.baseline`` is what its comparisons are against. A claim's tooltip
("… · vs local NVMe single drive · …") and its evidence card ("Baseline: …") showed it
beside every figure of the record, so a product's own result read as a comparison
("2.4M IOPS", then "Baseline: Brand V StoreMax 700"; blind72, finding 13). Decisions:

- The record says it where it can: a figure's ``vs_baseline: true`` or ``false`` decides,
  whatever its unit and words (blind73, finding 5: the words below are a default, and a
  default guesses).
- Otherwise a figure compares when it is a ratio (unit ``×``: "1.9× faster" is faster than
  something), when its name or ``what`` names the baseline (:func:`names_baseline`), or
  when it is derived from a figure that does (a time saved, ``baseline - fx100``; a
  reduction in %): its value says something of the baseline.
- A figure names the baseline where its ``what`` (its name, where it has none: a name is
  an identifier, often short for its ``what``) says "baseline" (or 基线), a
  word of comparison ("vs", "versus", "against", "compared", "relative to", "than";
  对比, 相比) or of change ("speed-up", "gain", "faster", "lower", "less", "fewer", "cut",
  "reduction", "saved"; 提升, 降低, 减少, 加速), or the baseline's own leading words (before
  its first comma, semicolon or bracket: "Brand V StoreMax 700" of "Brand V StoreMax 700,
  same host and fabric").
- A ratio of the product's own (data reduction, compression, deduplication, thin
  provisioning, write amplification: "4:1" of the data an array stores) is no
  comparison: it is a ratio, and its "reduction" names the quantity, not a change. Its
  words are read without that name; a word of comparison left still makes it one
  ("Data reduction ratio vs Brand V").
- Words that deny a comparison ("not against the baseline", "no baseline", "absolute")
  make a figure none, whatever else its words say.
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
    r"|speed-?ups?|gains?|faster|slower|lower|higher|less|fewer|more|shorter|smaller"
    r"|cuts?|drops?|decreases?|increases?|reductions?|improvements?|saved|savings?)\b)"
    r"|基线|基線|对比|對比|相比|提升|降低|减少|減少|缩短|縮短|增加|加速|节省|節省"
)
#: The names of a ratio of the product's own, not against anything: "Data reduction ratio".
_OWN_RATIO = re.compile(
    r"(?i:\b(?:data[ -]reduction|compression|dedup(?:e|lication)?|thin[ -]provisioning"
    r"|write[ -]amplification)(?:[ -](?:ratio|factor|rate))?\b)"
    r"|数据缩减|數據縮減|压缩|壓縮|重删|重刪|写放大|寫放大"
)
#: Words that deny a comparison: "Speed-up of saves (not against the baseline)".
_NOT_VERSUS = re.compile(
    r"(?i:\bnot[ \u00a0]+(?:taken[ \u00a0]+)?(?:against|vs\.?|versus|compared[ \u00a0]+"
    r"(?:to|with)|relative[ \u00a0]+to)\b|\bno[ \u00a0]+baseline\b|\babsolute\b)"
    r"|非对比|无基线|無基線"
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


def _said_words(fig: FigureValue) -> str:
    """What a figure says it is: its ``what``, else its name (an identifier, often short for
    its ``what``: ``reduction`` for "Data reduction ratio")."""
    return fig.what or fig.name.replace("_", " ")


def _words(fig: FigureValue) -> str:
    """A figure's words as read for a comparison, a ratio's own name left out."""
    return _OWN_RATIO.sub(" ", _said_words(fig))


def names_baseline(fig: FigureValue, record: Record) -> bool:
    """Whether figure ``fig`` of ``record`` says, by its ``what`` (else its name), that it is
    taken of or against the record's baseline."""
    baseline = _baseline(record)
    if baseline is None:
        return False
    words = _words(fig)
    if _NOT_VERSUS.search(words):
        return False
    lead = _lead(baseline)
    return _VERSUS.search(words) is not None or bool(lead and lead in words.lower())


def _said(fig: FigureValue, record: Record) -> bool | None:
    """The record's own word: its figure's ``vs_baseline``, or None where it says none."""
    written = record.figures.get(fig.name) or record.derived.get(fig.name)
    return written.vs_baseline if written is not None else None


def _ratio_compares(fig: FigureValue) -> bool:
    """Whether a ratio (``×``) compares: unless its words name a ratio of the product's own
    and no comparison, or deny one."""
    what = _said_words(fig)
    if _NOT_VERSUS.search(what):
        return False
    return _OWN_RATIO.search(what) is None or _VERSUS.search(_words(fig)) is not None


def compares(fig: FigureValue, library: Library) -> bool:
    """Whether ``fig`` compares against its record's baseline, which is then shown with it:
    as its record says, else a ratio, a figure naming the baseline, or one derived from a
    figure that does."""
    record = library.records.get(fig.record)
    if record is None or _baseline(record) is None:
        return False
    said = _said(fig, record)
    if said is not None:
        return said
    if fig.unit == "×":
        return _ratio_compares(fig)
    if names_baseline(fig, record):
        return True
    if _NOT_VERSUS.search(_words(fig)):
        return False
    for ref in fig.inputs:
        source = library.figures.get(ref)
        owner = library.records.get(source.record) if source is not None else None
        if source is not None and owner is not None and names_baseline(source, owner):
            return True
    return False
