"""A bare number set against a bare figure in its sentence, the figure's unit left unsaid
(blind90).

"Latency is 0.1 ms, while the competitor's is 0.3" and "时延仅为0.1毫秒，而友商为0.3" state the
other's value in the first figure's unit, a figure as "versus 0.3" is (:func:`against_operands`).
After a claim, :mod:`fxsite.pages.shared_units` lends the claim's unit to the same words.

Decisions:

* After a figure of a unit (kind "unit"), a comma or a semicolon, then a word of contrast
  ("while", "whereas", "but", 而, 但, 相比之下) or, in Chinese, another's name (友商, 竞品, 传统方案:
  "降至94，友商为150"), at most forty characters of its subject, a verb of being or of lasting
  ("is", "took", 为, 仅为, 则为) and the number, which ends its clause.
* After "versus" (or "vs", "against", "compared with"), the number with what it is after
  it: "94 s, versus 178 on NFS".
* Not a number with a word of its own after it ("while the team is 3 people"), nor a year,
  nor one the detector read already.
"""

from __future__ import annotations

import re

from fxsite.evidence.numerals import YEAR

__all__ = ["against_operands"]

_OTHERS_ZH = "友商|竞品|竞争对手|对手|传统方案|传统存储|传统阵列|其他厂商|同类产品"
_AGAINST = re.compile(
    r"\s*[,，;；]\s*(?:(?i:while|whereas|but)\b|而|但|相比之下[,，]?\s*|对比之下[,，]?\s*"
    rf"|(?=(?:{_OTHERS_ZH})))"
    r"[^,，;；.。!?！？\d]{0,40}?"
    r"(?:\b(?i:is|was|are|were|takes|took|needs|needed|sits\s+at|stands\s+at)\s+"
    r"|则为|仅为|只有|需要|为|是)"
    r"\s*(?P<num>\d+(?:\.\d+)?)(?=\s*(?:[,，;；.。!?！？)）]|\Z))"
    # or "versus" and the number, where what it is comes after: "[94 s](…), versus 178 on NFS"
    r"|\s*[,，;；]?\s*(?i:versus|vs\.?|against|compared\s+(?:with|to))\s+"
    r"(?P<vs>\d+(?:\.\d+)?)(?=\s*(?:[,，;；.。!?！？)）]|\Z|\s+(?i:on|for|with|from|in|at)\b))"
)


def against_operands(
    text: str, spans: list[tuple[int, int, str]], taken: bytearray
) -> list[tuple[int, int, str]]:
    """The bare numbers set against a figure of a unit in ``spans`` (:data:`_AGAINST`),
    each of the figure's kind; ``taken``: the characters figures hold already."""
    found = []
    for _start, end, kind in spans:
        if kind != "unit":
            continue
        match = _AGAINST.match(text, end)
        if match is None:
            continue
        group = "num" if match["num"] is not None else "vs"
        if YEAR.fullmatch(match[group]):
            continue  # "while the year is 2024": when
        if taken.find(1, *match.span(group)) == -1:
            found.append((*match.span(group), kind))
    return found
