"""Half of another's quantity, half saved, a quantity down to half (blind70 §2).

:mod:`fxsite.pages.figure_rules` reads "half the time", "half that of NFS", "cut in half",
"fell to a half"; these rules read the other ways marketing writes a half as a ratio, each a
figure "half" (0.5×, as the claim grammar reads it):

* half of another's, by a possessive: "The FX100's price is half of the competition's.",
  "Costs are half of cloud's.", "Half of NFS's load time." The possessive ends the clause
  or names a quantity after it (:data:`~fxsite.pages.quantity_names.PROSE_NAMES`: "load
  time", "latency"); "Half of the team's engineers work remotely", "half of NFS's users"
  and "half of the company's" (a possessor of :data:`~fxsite.pages.figure_vocab.PEOPLE`)
  share out people or things, no figure.
* half saved on something: "Save half on storage.", "Save up to half on storage costs."
  ("save half of your work" keeps work, no figure: "on" or "off" after it says a price).
* a quantity down to half, after a verb of falling: "Energy use is down to half of what it
  was.", "Costs fell to half." Not a share of people: "down to half of the team".

Each rule is linear and runs only where "half" is in the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from fxsite.pages.figure_vocab import PEOPLE
from fxsite.pages.lazyre import LazyPattern
from fxsite.pages.quantity_names import PROSE_NAMES

__all__ = ["half_candidates"]

#: Where a clause ends.
_END = r"\s*(?:[.,;:!?)]|\Z)"
_HALF_OF_THEIRS = LazyPattern(
    r"\b(?P<half>(?i:half))\s+(?i:of)\s+(?:[\w-]+\s+){0,2}(?P<whose>[\w-]+)(?:'s|’s)(?!\w)"
    rf"(?={_END}|\s+(?:[\w-]+\s+)?(?:{PROSE_NAMES})\b)"
)
_HALF_SAVED = LazyPattern(
    r"\b(?i:save|saves|saved|saving)\s+(?:(?i:up\s+to|nearly|almost|about|over)\s+)?"
    r"(?P<half>(?i:half))\s+(?i:on|off)\b"
)
_DOWN_TO_HALF = LazyPattern(
    r"\b(?i:down|fell|falls|dropped|drops|shrank|shrinks|shrunk|cut|cuts|reduced)\s+(?i:to)\s+"
    rf"(?P<half>(?i:half))(?={_END}|\s+(?i:of)\s+"
    rf"(?!(?:(?i:the|our|your|its|their|all)\s+)?(?i:{PEOPLE})\b))"
)
_PEOPLE = re.compile(rf"(?i:{PEOPLE})")


def half_candidates(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, kind) of every half these rules read in ``text`` (it holds "half" in
    some case)."""
    for match in _HALF_OF_THEIRS.finditer(text):
        if not _PEOPLE.fullmatch(match["whose"]):
            yield match.start("half"), match.end("half"), "number-word"
    for rule in (_HALF_SAVED, _DOWN_TO_HALF):
        for match in rule.finditer(text):
            yield match.start("half"), match.end("half"), "number-word"
