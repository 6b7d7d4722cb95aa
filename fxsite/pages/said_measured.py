"""A page's sentence that says an estimate's claim was measured (blind71): ``FX319``.

"The save took [95 s](evidence:E1#tput) (measured, lab report) on the new array." shows an
estimate's figure as a measurement, whatever its ``est.`` mark says, as an estimate's own
title saying "measured" does (:mod:`fxsite.evidence.label_words`, whose words and denials
this reads: one vocabulary). ``fxsite check``, the build and the Markdown extension read it
where they read a page's rendered blocks (:func:`fxsite.verify.scan.scan_content`), with
each claim's label as rendered (a figure's own label, where it overrides its record's).

Decisions:

* Read: each run of a page's text (a paragraph, a cell, a list item) that holds a claim to
  an estimate figure; a word of measurement there (:func:`~fxsite.evidence.label_words.measured_words`:
  "measured", "lab report", "As tested", "not estimated", "实测" …, not "not measured", "from
  measured record R1") is said of the claim nearest it in its sentence (its clause, where a
  semicolon parts two: "The inputs were measured in the lab; the model gives [95 s](…E1…)"
  passes; not a semicolon in brackets, whose words are all said of what the brackets stand
  beside: "[95 s](…E1…) (see R1; measured)" is refused), before or after it.
* Refused: a word so said of an estimate's claim, once a claim (its first word). "Unlike
  the measured [94 s](…R1…), the estimate [95 s](…E1…) is modelled." passes: "measured" is
  said of R1's claim, beside it; where two claims stand as near, it is said of the one that
  is no estimate. The words' grammar is not parsed: "[95 s](…E1…), a modelled estimate (see
  how it was measured elsewhere)" is refused, as "measured" stands by the claim (write "see
  measured record R1").
* Not read: another run (a header over a cell, a heading over a paragraph), nor the page
  around a run without an estimate's claim.
* Each sentence is looked for within :data:`REACH` characters of its word, and a run's
  claims by bisection: linear in the run, whatever its words and claims.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator, Sequence
from typing import Protocol

from fxsite.evidence.label_words import MODEL_NOT_MEASUREMENT, measured_words
from fxsite.evidence.refs import FigureRef
from fxsite.pages.sentences import sentence_span

__all__ = ["REACH", "said_measured"]

#: How far from its word a sentence is looked for, either side.
REACH = 400
#: What parts two clauses of a sentence.
_CLAUSES = re.compile("[;；]")


class _Run(Protocol):
    """A run of a page's text and its claims (:class:`fxsite.verify.shown.Block`)."""

    text: str
    claims: list[tuple[int, int, int]]
    variant: int


def said_measured(
    runs: Sequence[_Run], labels: Sequence[str], refs: Sequence[str]
) -> Iterator[tuple[str, str]]:
    """``(word, message)`` of each estimate's claim a word of measurement is said of in
    ``runs``; ``labels`` and ``refs``: the label and ``record#figure`` of each claim of the
    page, by the index a run's claims give."""
    if "estimate" not in labels:
        return
    for run in runs:
        if run.variant or not any(labels[n] == "estimate" for _, _, n in run.claims):
            continue
        told: set[int] = set()
        starts = [start for start, _, _ in run.claims]
        for word in measured_words(run.text):
            k = _nearest(run, starts, labels, word.start(), word.end())
            if k is None or k in told or labels[run.claims[k][2]] != "estimate":
                continue
            told.add(k)
            start, end, n = run.claims[k]
            claim = run.text[start:end]
            cited = FigureRef.parse(refs[n])
            record = cited.record if cited is not None else refs[n]
            yield (
                word.group(),
                f"'{word.group()}' is said of the claim '{claim}' to estimate {record}: "
                + MODEL_NOT_MEASUREMENT,
            )


def _clause_marks(text: str, first: int, last: int) -> list[int]:
    """Where a semicolon parts two clauses of ``text[first:last]``: not inside brackets,
    whose words are said of what they stand beside ("(not modelled; measured)")."""
    marks = []
    for mark in _CLAUSES.finditer(text, first, last):
        before = text[first : mark.start()]
        if sum(before.count(b) for b in "(（") <= sum(before.count(b) for b in ")）"):
            marks.append(mark.start())
    return marks


def _nearest(
    run: _Run, starts: list[int], labels: Sequence[str], start: int, end: int
) -> int | None:
    """Which of ``run.claims`` is nearest ``run.text[start:end]`` in its sentence, one that
    is no estimate where two stand as near; None: no claim in the sentence."""
    first, last = sentence_span(run.text, start, end, REACH)
    parts = _clause_marks(run.text, first, last)  # its clause
    first = max([first, *(p + 1 for p in parts if p < start)])
    last = min([last, *(p for p in parts if p >= end)])
    at = bisect.bisect_left(starts, start)
    near: list[tuple[int, bool, int]] = []
    for k in (at - 1, at):  # the claim before the word and the one after it
        if 0 <= k < len(starts):
            claim_start, claim_end, n = run.claims[k]
            if first <= claim_start and claim_end <= last:
                gap = start - claim_end if claim_end <= start else claim_start - end
                near.append((max(gap, 0), labels[n] == "estimate", k))
    return min(near)[2] if near else None
