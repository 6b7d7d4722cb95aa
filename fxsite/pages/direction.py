"""Which way a figure goes: by its own words, and by the words right beside a bare figure.

"Throughput fell 30%" and a figure whose words call it a gain ("Throughput gain") state the
same number and opposite things; so do "1.9x slower" and a speed-up, "power rose 30%" and a
power reduction, "downtime is 0.01%" and an availability (blind69: ``fxsite fix`` wrote each
of these claims, which then passed, since a claim's rule reads its value and unit only).
:func:`opposed` finds such a pair, and the advice then names the figure without writing it
(``fix`` writes nothing).

Decisions:

- The words beside a figure are the word before it (after "by": "fell by 30%") and the word
  after it ("30% lower"), as a writer puts a direction next to its number. A sentence
  further off ("Save time fell from 178 s to 94 s, a 1.9× speed-up") says nothing of the
  figure: only the words beside it are asked.
- Words that say both ways, or neither, decide nothing; so does a figure whose words say
  both ("net gain after the reduction").
- A figure's words are its ``what`` and its name (``throughput_gain``), in English; a
  Chinese ``what`` decides nothing.
- Opposites that are no direction: downtime against availability or uptime.
- Only the advice asks: a claim is never refused for its words.
"""

from __future__ import annotations

import re

__all__ = ["CHANGE_WORDS", "opposed"]

_DOWN, _UP = "down", "up"

#: A word before a number that says which way it went ("fell 30%", "rose by 30%").
_BEFORE = {
    **dict.fromkeys(
        [
            "fell",
            "fall",
            "falls",
            "falling",
            "dropped",
            "drop",
            "drops",
            "decreased",
            "decrease",
            "decreases",
            "declined",
            "declines",
            "shrank",
            "shrinks",
            "shrunk",
            "cut",
            "cuts",
            "reduced",
            "reduces",
            "reduce",
            "lowered",
            "lowers",
            "lost",
            "loses",
            "trimmed",
            "trims",
            "slashed",
            "slashes",
            "shortened",
            "shortens",
            "slipped",
            "slid",
            "down",
        ],
        _DOWN,
    ),
    **dict.fromkeys(
        [
            "rose",
            "rise",
            "rises",
            "rising",
            "increased",
            "increase",
            "increases",
            "grew",
            "grow",
            "grows",
            "raised",
            "raises",
            "gained",
            "gains",
            "improved",
            "improves",
            "boosted",
            "boosts",
            "climbed",
            "jumped",
            "up",
        ],
        _UP,
    ),
}
#: The words of a change before its amount ("fell 30%", "rose by 4.7 points").
CHANGE_WORDS = frozenset(_BEFORE)
#: A word after a number that says which way it goes ("30% lower", "1.9x slower").
_AFTER = {
    **dict.fromkeys(
        [
            "lower",
            "less",
            "fewer",
            "slower",
            "smaller",
            "shorter",
            "cheaper",
            "worse",
            "down",
            "drop",
            "decrease",
            "reduction",
            "loss",
            "decline",
        ],
        _DOWN,
    ),
    **dict.fromkeys(
        [
            "higher",
            "more",
            "faster",
            "greater",
            "larger",
            "bigger",
            "better",
            "up",
            "gain",
            "increase",
            "improvement",
            "boost",
            "speedup",
            "speed-up",
            "uplift",
            "growth",
        ],
        _UP,
    ),
}
#: A figure's own words that say which way it goes ("Throughput gain", ``power_reduction``).
_OWN = {
    **dict.fromkeys(
        [
            "reduction",
            "reductions",
            "reduce",
            "reduced",
            "decrease",
            "decreased",
            "drop",
            "decline",
            "lower",
            "slower",
            "less",
            "fewer",
            "cut",
            "saving",
            "savings",
            "loss",
            "shrink",
            "slowdown",
        ],
        _DOWN,
    ),
    **dict.fromkeys(
        [
            "gain",
            "gains",
            "increase",
            "increased",
            "improvement",
            "improved",
            "speedup",
            "speed-up",
            "faster",
            "higher",
            "more",
            "boost",
            "growth",
            "uplift",
        ],
        _UP,
    ),
}
#: Words that name opposite quantities: a word of one side beside no word of the other.
_OPPOSITES = (
    (frozenset({"downtime", "unavailability", "outage", "outages"}), frozenset({"availability", "uptime"})),
)  # fmt: skip

_WORD = re.compile(r"[A-Za-z][A-Za-z-]*")
_LAST_WORDS = re.compile(r"([A-Za-z][A-Za-z-]*)(?:\s+by)?\s*\Z")
_NEXT_WORD = re.compile(r"\s*([A-Za-z][A-Za-z-]*)")


def _own(own: str) -> tuple[str | None, set[str]]:
    """The way a figure's words say it goes (None: neither, or both), and those words."""
    words = {w.lower() for w in _WORD.findall(own.replace("_", " "))}
    ways = {_OWN[w] for w in words if w in _OWN}
    return (ways.pop() if len(ways) == 1 else None), words


def _beside(found: str, context: str) -> tuple[str, str] | None:
    """(the way, the word) the words right beside ``found`` in ``context`` say it goes."""
    at = context.find(found)
    if at == -1:
        return None
    lower = context.lower()
    before = _LAST_WORDS.search(lower, 0, at)
    after = _NEXT_WORD.match(lower, at + len(found))
    said = [
        (table[m[1]], m[1])
        for m, table in ((before, _BEFORE), (after, _AFTER))
        if m is not None and m[1] in table
    ]
    return said[0] if len({way for way, _ in said}) == 1 else None


def opposed(found: str, context: str, own: str) -> tuple[str, str] | None:
    """(a word of ``context``, a word of the figure's) where the two say opposite things of
    bare figure ``found``; None where they do not, or say nothing. ``own`` is the figure's
    ``what`` and name."""
    way, words = _own(own)
    beside = _beside(found, context)
    if beside is not None and way is not None and beside[0] != way:
        return beside[1], sorted(w for w in words if _OWN.get(w) == way)[0]
    context_words = {w.lower() for w in _WORD.findall(context)}
    for one, other in _OPPOSITES:
        for side, against in ((one, other), (other, one)):
            if context_words & side and not context_words & against and words & against:
                return sorted(context_words & side)[0], sorted(words & against)[0]
    return None
