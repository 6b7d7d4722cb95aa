"""A count of parts made smaller, as a consolidation says it (blind70).

"48 fewer nodes" was a figure and "Cuts the node count from 64 to 16." passed: a count of
parts alone ("8 GPUs", "64 nodes") is a setup's configuration, but the same count made
smaller says what the product saved, a claim that needs its evidence. Each number of
these is a figure (:func:`consolidation_candidates`):

* "from 64 to 16" with the parts named before ("the node count from 64 to 16", "nodes
  from 64 to 16") or after either number ("from 64 nodes to 16", "from 64 to 16 racks");
* "16 nodes instead of 64", "16 nodes rather than 64", "needs 1 rack where NFS needed 12";
* "Replaces four racks with one";
* "It shrinks 12 racks to 1", "cuts 64 nodes down to 16" (blind80);
* "Racks: 12 → 1" (blind81), "12 racks → 3 racks", "12 → 3 racks" (blind89);
* "3 racks, not 12", "fits in 3 racks; NFS took 12", "Down to 3 racks (from 12)" (blind83);
* "From 12 racks to 3 racks.", "3 racks, down from 12", "12 racks, down to 3", "NFS needs
  12 racks; the FX100 needs 3", "Rack count: 12 before, 3 after" (blind85);
* in Chinese: "机柜从12个减少到3个", "机柜数量从12个降到3个", "由原来的6个机柜减少到4个" (blind90), "只需3个机柜，而NFS需要12个"
  (blind83: the English forms were refused, these passed).

Decisions:

* Only a count made smaller: "Scales from 4 to 64 nodes" states a range a product supports,
  a count of parts as "up to 64 nodes" is, and passes; so does a range it scales down
  over ("Scaled from 8 to 1 node", after "scale" or "range").
* Parts are what a setup is built of (:data:`_PARTS`, :data:`_ZH_PARTS`); "from 64 to 16
  ms" is a time, read by the detector's other rules.
* After a semicolon, the other count is another's only where the words before its verb are
  not "each" or "every" ("3 nodes; each has 12 drives" is a setup's parts); two counts set
  side by side so are a comparison either way round ("NFS needs 12 racks; the FX100 needs
  3"), while after "where" the first is the product's and only a smaller one is a figure.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from fxsite.evidence.numerals import ARROWS, NUMBER_WORDS, alternation, word_alternation
from fxsite.evidence.quantities import parse_stated
from fxsite.pages.lazyre import LazyPattern

__all__ = ["CUE", "consolidation_candidates"]

_PARTS = (
    r"(?i:nodes?|racks?|servers?|drives?|arrays?|chassis|controllers?|switch(?:es)?"
    r"|cabinets?|machines?|boxes|appliances?|GPUs?|CPUs?|disks?|SSDs?|HDDs?|shel(?:f|ves)"
    r"|rack[ -]units?|U)"
)
_PART_NAME = r"(?i:node|rack|server|drive|array|controller|switch|cabinet|machine|GPU|CPU|disk)"
_N = (
    rf"(?:\d{{1,3}}(?:,\d{{3}})*|{word_alternation(w for w in NUMBER_WORDS if w.isascii())}"
    r"|(?i:a[ \u00a0]+)?(?i:dozen))"  # "a dozen nodes where the NAS needed forty" (blind88)
)
_SP = r"[ \u00a0]+"
_FROM_TO = LazyPattern(
    rf"(?P<before>\b{_PARTS}|\b{_PART_NAME}{_SP}(?i:count|number|footprint))?"
    rf"(?:{_SP}(?i:down|cut|reduced|shrinks?|shrunk|drops?|dropped|falls?|fell|went|goes|go))?"
    # a sentence may open with it: "From 12 racks to 3 racks." (blind85)
    rf"(?:{_SP}|\b)(?i:from){_SP}(?P<a>{_N})(?P<a_parts>{_SP}{_PARTS})?{_SP}(?i:to|down{_SP}to)"
    rf"{_SP}(?P<b>{_N})\b(?P<b_parts>{_SP}{_PARTS}\b)?"
)
#: Words after a count that name what made it, not what it counts ("3 with the FX100").
_BY = r"(?i:with|on|in|using|after|by|at|when|once|thanks)"
_INSTEAD = LazyPattern(
    rf"\b(?P<b>{_N}){_SP}{_PARTS}{_SP}(?i:instead{_SP}of|rather{_SP}than){_SP}(?P<a>{_N})\b"
    # or against what another needed: "needs 1 rack where NFS needed 12" (blind81)
    # or after a semicolon: "fits in 3 racks; NFS took 12" (blind83)
    rf"|\b(?P<b2>{_N}){_SP}{_PARTS}(?:{_SP}(?i:where|whereas|while)|;)"
    rf"{_SP}(?!(?i:each|every)\b)(?:[\w.-]{{1,30}}{_SP}){{1,3}}?"
    rf"(?i:needed|needs|used|uses|required|requires|took|takes|had|has){_SP}(?P<a2>{_N})\b"
    rf"(?!{_SP}(?!{_PARTS}\b)[A-Za-z])"  # not "where the lab has 16 desks"
    # or the other count after "not": "3 racks, not 12" (blind83)
    rf"|\b(?P<b3>{_N}){_SP}{_PARTS},?{_SP}(?i:not){_SP}(?P<a3>{_N})\b"
    rf"(?!{_SP}(?!{_PARTS}\b)[A-Za-z])"  # not "2 racks, not 3 people"
    # or the count it came from after: "Down to 3 racks (from 12)" (blind83)
    rf"|\b(?i:to){_SP}(?P<b4>{_N}){_SP}{_PARTS}(?:{_SP})?[(,]?(?:{_SP})?(?i:down{_SP})?(?i:from)"
    rf"{_SP}(?P<a4>{_N})\b(?!{_SP}(?!{_PARTS}\b)[A-Za-z])"
    # or "down" from or to the other: "3 racks, down from 12", "12 racks, down to 3" (blind85)
    rf"|\b(?P<b5>{_N}){_SP}{_PARTS},?{_SP}(?i:down){_SP}(?i:from){_SP}(?P<a5>{_N})\b"
    rf"(?!{_SP}(?!{_PARTS}\b)[A-Za-z])"
    rf"|\b(?P<a6>{_N}){_SP}{_PARTS},?{_SP}(?i:down){_SP}(?i:to){_SP}(?P<b6>{_N})\b"
    rf"(?!{_SP}(?!{_PARTS}\b|{_BY}\b)[A-Za-z])"  # not "down to 3 people"; "3 with the FX100"
)
#: Chinese parts, the measure words a count of them takes, and a count in digits.
_ZH_PARTS = "(?:存储节点|节点|机柜|机架|服务器|固态盘|硬盘|磁盘|阵列|控制器|交换机|机箱|盘柜|显卡|GPU卡?|CPU)"
_ZH_EACH = "(?:个|台|块|张|套|片|颗)"
_ZH_N = r"\d{1,3}(?:,\d{3})*"
#: Not the count of something else: "而价格需要12万", "从12个减少到3%".
_ZH_END = r"(?![\d,.万亿千百%％])"
_ZH_FEWER = "(?:减少|减到|减至|降低|降|缩减|缩小|减|压缩|精简|下降)"
_ZH = LazyPattern(
    # "机柜从12个减少到3个", "机柜数量从12个降到3个", "从12个机柜减少到3个" (blind83)
    # "由原来的6个机柜减少到4个" (blind90)
    rf"(?P<before>{_ZH_PARTS}(?:数量|数目|数)?)?(?:从|由)(?:原来的|原先的|原有的|之前的)?"
    rf"(?P<a>{_ZH_N}){_ZH_EACH}?"
    rf"(?P<a_parts>{_ZH_PARTS})?{_ZH_FEWER}(?:到|至|为|成)?(?P<b>{_ZH_N}){_ZH_EACH}?"
    rf"(?P<b_parts>{_ZH_PARTS})?{_ZH_END}"
    # "只需3个机柜，而NFS需要12个" (blind83)
    rf"|(?P<b2>{_ZH_N}){_ZH_EACH}?{_ZH_PARTS}[，,]?(?:而|但)[^，。；,;]{{0,20}}?"
    rf"(?:需要|需|要用|用了|用|使用|占用)(?P<a2>{_ZH_N}){_ZH_EACH}?{_ZH_PARTS}?{_ZH_END}"
)
_REPLACES = LazyPattern(
    rf"\b(?i:replaces?|replaced|replacing|consolidates?|consolidated|consolidating)"
    rf"{_SP}(?P<a>{_N}){_SP}{_PARTS}{_SP}(?i:with|into|by){_SP}(?P<b>{_N})\b"
    # or made fewer: "It shrinks 12 racks to 1", "cuts 64 nodes down to 16" (blind80)
    rf"|\b(?i:shrinks?|shrank|shrunk|shrinking|cuts?|cutting|reduces|reduced|reducing"
    rf"|consolidates?|consolidated|consolidating|collapses?|collapsed|collapsing)"
    rf"{_SP}(?P<a2>{_N}){_SP}{_PARTS}{_SP}(?i:to|into|down{_SP}to){_SP}(?P<b2>{_N})\b"
    # or the parts named, then their count before and after an arrow: "Racks: 12 → 1" (blind81)
    rf"|\b{_PARTS}[ \u00a0]?[:：][ \u00a0]*(?P<a3>{_N})[ \u00a0]*(?:{alternation(ARROWS)})"
    rf"[ \u00a0]*(?P<b3>{_N})\b"
    # or a count, an arrow and the other, the parts named after either: "12 racks → 3
    # racks", "12 → 3 racks" (blind89)
    rf"|\b(?P<a5>{_N}){_SP}{_PARTS}[ \u00a0]*(?:{alternation(ARROWS)})[ \u00a0]*(?P<b5>{_N})\b"
    rf"|\b(?P<a6>{_N})[ \u00a0]*(?:{alternation(ARROWS)})[ \u00a0]*(?P<b6>{_N}){_SP}{_PARTS}\b"
    # or before and after: "Rack count: 12 before, 3 after" (blind85)
    rf"|\b(?:{_PARTS}|{_PART_NAME}{_SP}(?i:count|number))[ \u00a0]?[:：][ \u00a0]*(?P<a4>{_N})"
    rf"{_SP}(?i:before)[,;]?{_SP}(?P<b4>{_N}){_SP}(?i:after)\b"
)
#: A range a product scales over, before "from" ("Scaled from 8 to 1 node": blind9, blind17).
_SCALES = re.compile(r"\b(?i:scal(?:e|es|ed|ing)|ranges?|ranging)\b")
#: What every match holds (looked for first).
CUE = re.compile(
    rf"from|instead|rather|where|while|replac|consolidat|shr[iau]nk|cut|reduc|collaps|not|;"
    rf"|down|before"
    rf"|从|由|而|但|{alternation(ARROWS)}",
    re.IGNORECASE,
)


def _value(written: str) -> int | None:
    if written.lower().split()[-1] == "dozen":
        return 12
    stated = parse_stated(written.replace(",", ""))
    return int(stated.low) if stated is not None and stated.low == int(stated.low) else None


def consolidation_candidates(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, kind) of each number of a count of parts made smaller in ``text``."""
    for pattern in (_FROM_TO, _INSTEAD, _REPLACES, _ZH):
        for match in pattern.finditer(text):
            if (
                pattern in (_FROM_TO, _ZH)
                and match["a"] is not None
                and not (match["before"] or match["a_parts"] or match["b_parts"])
            ):
                continue
            if _SCALES.search(text, max(0, match.start() - 24), match.start("a")):
                continue  # "Scale from 8 to 1 node": a range a product scales over
            first, second = next(
                (a, b)
                for a, b in (("a", "b"), *((f"a{n}", f"b{n}") for n in range(2, 7)))
                if a in match.re.groupindex and match[a] is not None
            )
            a, b = _value(match[first]), _value(match[second])
            # two counts set side by side after a semicolon ("NFS needs 12 racks; the FX100
            # needs 3", or "3 racks; NFS took 12"): either way round (blind85); after
            # "where" the first is the product's ("It needs 12 racks where NFS needed 1" is
            # no count made smaller)
            compared = first == "a2" and ";" in text[match.end(second) : match.start(first)]
            if a is None or b is None or (b == a if compared else b >= a):
                continue  # a range a product supports ("from 4 to 64 nodes")
            yield match.start(first), match.end(first), "unit"
            yield match.start(second), match.end(second), "unit"
