"""A bare number set against a bare figure in its sentence, the figure's unit left unsaid
(blind90).

"Latency is 0.1 ms, while the competitor's is 0.3" and "时延仅为0.1毫秒，而友商为0.3" state the
other's value in the first figure's unit, a figure as "versus 0.3" is (:func:`against_operands`).
After a claim, :mod:`fxsite.pages.shared_units` lends the claim's unit to the same words
(:func:`set_against_at`).

Decisions:

* After a figure of a unit (kind "unit"), a comma or a semicolon, then a word of contrast
  ("while", "whereas", "but", 而, 但, 相比之下) or, in Chinese, another's name (友商, 竞品, 传统方案:
  "降至94，友商为150"), at most forty characters of its subject, a verb of being or of lasting
  ("is", "took", 为, 仅为, 则为) and the number, which ends its clause.
* After "versus" (or "vs", "against", "unlike", "beating", "compared with"), the number,
  whose it is before it or what it is after it: "94 s, versus 178 on NFS", "against Ceph's
  0.3", "unlike theirs of 0.3" (blind91); and another's name and value in brackets, set
  against it by "vs." or a colon: "0.1 ms (vs. Ceph 0.3)", "0.1 ms (Ceph: 0.3)" (not
  "(RAID 6)", "(Figure 3)", which name things).
* Not a number with a word of its own after it ("while the team is 3 people"), nor a year,
  nor one the detector read already.
"""

from __future__ import annotations

import re

from fxsite.evidence.numerals import YEAR

__all__ = ["against_operands", "set_against_at"]

_OTHERS_ZH = "友商|竞品|竞争对手|对手|传统方案|传统存储|传统阵列|其他厂商|同类产品"
_AGAINST = re.compile(
    r"\s*[,，;；]\s*(?:(?i:while|whereas|but)\b|而|但|相比之下[,，]?\s*|对比之下[,，]?\s*"
    rf"|(?=(?:{_OTHERS_ZH})))"
    r"[^,，;；.。!?！？\d]{0,40}?"
    r"(?:\b(?i:is|was|are|were|takes|took|needs|needed|sits\s+at|stands\s+at)\s+"
    r"|则为|仅为|只有|需要|为|是)"
    r"\s*(?P<num>\d+(?:\.\d+)?)(?=\s*(?:[,，;；.。!?！？)）]|\Z))"
    # or "versus" and the number, where what it is comes after or whose it is before: "94 s,
    # versus 178 on NFS", "against Ceph's 0.3", "unlike theirs of 0.3" (blind91)
    r"|\s*[,，;；]?\s*(?i:versus|vs\.?|against|unlike|beating|compared\s+(?:with|to))\s+"
    r"(?:(?:the\s+)?[\w.-]{1,20}['’]s\s+|(?i:theirs|ours|yours)\s+(?:(?i:of|at)\s+)?)?"
    r"(?P<vs>\d+(?:\.\d+)?)(?=\s*(?:[,，;；.。!?！？)）]|\Z|\s+(?i:on|for|with|from|in|at)\b))"
    # or another's name and value in brackets, set against it: "0.1 ms (vs. Ceph 0.3)", "0.1 ms
    # (Ceph: 0.3)"; not "(RAID 6)", "(Figure 3)", which name
    r"|\s*[(（](?:(?i:vs\.?|versus)\s+[A-Z][\w.-]{1,20}[:：]?|[A-Z][\w.-]{1,20}[:：])\s*"
    r"(?P<paren>\d+(?:\.\d+)?)\s*[)）]"
)


def against_operands(
    text: str, spans: list[tuple[int, int, str]], taken: bytearray
) -> list[tuple[int, int, str]]:
    """The bare numbers set against a figure of a unit in ``spans`` (:data:`_AGAINST`),
    each of the figure's kind; ``taken``: the characters figures hold already."""
    found = []
    for _start, end, kind in spans:
        span = set_against_at(text, end) if kind == "unit" else None
        if span is not None and taken.find(1, *span) == -1:
            found.append((*span, kind))
    return found


def set_against_at(text: str, end: int) -> tuple[int, int] | None:
    """The span of a bare number set against what ends at ``end`` in ``text`` (a claim:
    :mod:`fxsite.pages.shared_units` lends it the claim's unit), or None."""
    match = _AGAINST.match(text, end)
    if match is None:
        return None
    group = next(g for g in ("num", "vs", "paren") if match[g] is not None)
    return None if YEAR.fullmatch(match[group]) else match.span(group)  # "the year is 2024"
