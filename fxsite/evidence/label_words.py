"""An estimate's own words that say it was measured (blind71): ``FX319``.

One vocabulary (:func:`measured_words`) for the words a record shows and for a page's
sentence that cites an estimate (:mod:`fxsite.pages.said_measured`).

An estimate's title and its figures' ``what`` are shown beside every claim to it (the
claim's tooltip, the page's Data sources, the record page). "Lab-measured save test" or
"Save time as measured in the lab" on an estimate makes a model read as a measurement,
whatever its ``est.`` mark says; the build refuses it, as it refuses a hand-written
"measured" badge beside an estimate's claim.

Decisions:

* Read: an estimate's title, and the ``what`` of its figures and derived figures. Not its
  notes or setup, where an estimate says what it is modelled from ("taken from measured
  record R1", "A model, not a measurement", "a joint test replaces these figures with
  measurements": the demo's E1 and E2).
* Words of measurement (:data:`_MEASURED`): "measured", "measurement(s)", "benchmarked",
  "lab-tested", "tested in a lab", "test result(s)", "lab result(s)", "lab report", "test
  report"; in Chinese "实测", "测得", "实验室测试".
* Not where the words before it deny it or name what the model reads (:data:`_NOT_SO`):
  "not measured", "no measurement", "from measured data", "based on lab results", "than
  measured".
* Only estimates: a measured, spec or public record's words are its own business.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from fxsite.evidence.models import Record

__all__ = ["MODEL_NOT_MEASUREMENT", "estimate_word_problems", "measured_words"]

_MEASURED = re.compile(
    r"\b(?i:measured|measurements?|benchmarked|lab[- ]tested|lab[- ]measured"
    r"|tested[ \u00a0]+in[ \u00a0]+(?:a|the|our)[ \u00a0]+lab|(?:test|lab)[ \u00a0]+results?"
    r"|(?:test|lab)[ \u00a0]+reports?)\b|实测|测得|實測|測得|实验室测试|實驗室測試"
)
#: What may stand in the two words before a word of measurement and deny it, or name what
#: the model reads.
_NOT_SO = re.compile(
    r"\b(?i:not|no|never|without|from|of|on|using|based[ \u00a0]+on|than|vs\.?|versus|un)"
    r"(?:[ \u00a0-]+[\w-]+)?[ \u00a0-]+\Z|非|不是|未经|未經|基于|基於|根据|根據"
)


#: Why an estimate said to be measured is refused, and what to write instead.
MODEL_NOT_MEASUREMENT = (
    "an estimate is a model, not a measurement; say what it is modelled from ('from "
    "measured record R1') or give the measurement its own measured record"
)


def measured_words(text: str) -> Iterator[re.Match[str]]:
    """Each word of ``text`` saying it was measured (:data:`_MEASURED`) that the words
    before it do not deny (:data:`_NOT_SO`)."""
    for match in _MEASURED.finditer(text):
        if _NOT_SO.search(text, max(0, match.start() - 24), match.start()) is None:
            yield match


def _claims_measured(text: str) -> str | None:
    """The first word of ``text`` saying it was measured, or None."""
    return next((m.group() for m in measured_words(text)), None)


def estimate_word_problems(record: Record) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """Where an estimate's title or a figure's ``what`` says it was measured, and why that
    is refused: ``(loc, message)`` each."""
    if record.label != "estimate":
        return
    shown: list[tuple[tuple[str | int, ...], str | None]] = [(("title",), record.title)]
    shown += [(("figures", n, "what"), f.what) for n, f in record.figures.items()]
    shown += [(("derived", n, "what"), f.what) for n, f in record.derived.items()]
    for loc, text in shown:
        word = _claims_measured(text or "")
        if word is not None:
            yield (
                loc,
                f"estimate {record.id} says '{word}' where its claims show it: "
                + MODEL_NOT_MEASUREMENT,
            )
