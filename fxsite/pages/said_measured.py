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
* A setup value cited in the run (``[](evidence:E1#setup.method)``) is read as the page's
  words, whatever record it is of: "[95 s](…E1…) ([](…E1#setup.method))", its value
  "measured in the lab on a real FX100", reads "95 s est. (measured in the lab …)" and is
  refused at the setup claim; a word in it is said of the figure's claim nearest it, never
  of the setup claim itself.
* Not read here: another run (a heading over a paragraph, a header over a cell, a box's
  title: :mod:`fxsite.pages.measured_over`), nor the page around a run without an
  estimate's claim.
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
        # A setup value's words are read as the page's: not a figure they are said of.
        claims = [c for c in run.claims if labels[c[2]] != "setup"]
        setups = [c for c in run.claims if labels[c[2]] == "setup"]
        setup_starts = [start for start, _, _ in setups]
        starts = [start for start, _, _ in claims]
        for word in measured_words(run.text, {end for _, end, _ in run.claims}):
            k = _nearest(run.text, claims, starts, labels, word.start(), word.end())
            if k is None or k in told or labels[claims[k][2]] != "estimate":
                continue
            told.add(k)
            start, end, n = claims[k]
            quoted = _quoted(setups, setup_starts, refs, word)
            said = f"'{word.group()}'" + (
                f" (the value of {quoted})" if quoted != word.group() else ""
            )
            yield (
                quoted,
                f"{said} is said of the claim '{run.text[start:end]}' to estimate "
                f"{_record(refs[n])}: " + MODEL_NOT_MEASUREMENT,
            )


def _quoted(
    setups: list[tuple[int, int, int]], starts: list[int], refs: Sequence[str], word: re.Match[str]
) -> str:
    """What a finding quotes to be placed in the page: the word, or the setup claim (of
    ``setups``, a run's, starting at ``starts``) whose value holds it (the record's words,
    not the page's source)."""
    at = bisect.bisect_right(starts, word.start()) - 1
    if at >= 0 and setups[at][0] <= word.start() < setups[at][1]:
        return f"evidence:{refs[setups[at][2]]}"
    return word.group()


def _record(ref: str) -> str:
    """The record of a ``record#figure`` reference."""
    cited = FigureRef.parse(ref)
    return cited.record if cited is not None else ref


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
    text: str,
    claims: list[tuple[int, int, int]],
    starts: list[int],
    labels: Sequence[str],
    start: int,
    end: int,
) -> int | None:
    """Which of ``claims`` (of a run's ``text``, starting at ``starts``) is nearest
    ``text[start:end]`` in its sentence, one that is no estimate where two stand as near;
    None: no claim in the sentence."""
    first, last = sentence_span(text, start, end, REACH)
    parts = _clause_marks(text, first, last)  # its clause
    first = max([first, *(p + 1 for p in parts if p < start)])
    last = min([last, *(p for p in parts if p >= end)])
    at = bisect.bisect_left(starts, start)
    near: list[tuple[int, bool, int]] = []
    for k in (at - 1, at):  # the claim before the word and the one after it
        if 0 <= k < len(starts):
            claim_start, claim_end, n = claims[k]
            if first <= claim_start and claim_end <= last:
                gap = start - claim_end if claim_end <= start else claim_start - end
                near.append((max(gap, 0), labels[n] == "estimate", k))
    return min(near)[2] if near else None
