"""Bare numbers that take a claim's unit: "from 178 to [94 s](…)".

A reader reads "fell from 178 to 94 s" as two times in seconds, though only
"94 s" is linked: the unit written once, after the last number, is shared by
the numbers joined to it. Without the link the detector reads the whole range
('178 to 94 s'); with it, the claim's span is not prose, and "178" alone is a
number without a unit. So each claim that states a unit lends it to the
numbers joined to it:

* before it, by a word or sign that joins two values of one quantity: "to",
  "and", "or", "vs.", "versus", "against", "then", "instead of", "rather than",
  "compared with", an arrow or a dash; and so on back along a list, where a comma
  or a slash joins too ("178, 150 and [94 s]", "178, then 120, then [94 s]"). A
  comma or a slash right before the claim joins nothing ("In test 3, [94 s]…");
* before it, a value said to stand elsewhere or earlier, set against the claim:
  "178 on the baseline and [94 s]", "178 with NVMe but [94 s]", "178 before, [94 s]
  after", "178 earlier; now [94 s]", "Baseline 178, FX100 [94 s]", "NFS took 178, the
  FX100 [94 s]" (another system's clause before the claim's), and one with a
  parenthesis before its join: "from 178 (NVMe) to [94 s]", and a number written as a
  word: "from seventy to [94 s]", "from a hundred to [94 s]" (a compound such as
  "one hundred seventy-eight" is not read: the claim grammar reads no compound);
* after it, what names another value of the same quantity: "[94 s] (baseline:
  178)", "(was 178)", "[94 s], down from 178", "[94 s] vs. 178", "or 178", "[84 s] out of
  178" ("out of a possible 178"), a number in words too ("out of seventy-eight"), and where
  or when it stood after it: "vs. 178 for NFS", "up from 30 last year". A number with a
  word or unit of its own after it is not taken ("[94 s] (3 runs)", "(n = 5)", "or 3
  retries").

Decisions:

* A number followed by a word or a unit of its own ("8 GPUs and [94 s]") is its
  own quantity, and a figure the detector found is its finding: neither is taken.
* A year (1900–2099 written as four digits), a number after a label word
  ("Figure 3 and [94 s]", "step 2, [94 s]", "test 3, FX100 [94 s]", "v2"; the words are
  :data:`fxsite.pages.label_numbers.LABEL_BEFORE`, which the counts of work read too) and a
  number inside another number's digits are not taken.
* A claim that states no unit lends none; another claim in the chain ends it
  (it is judged as a claim). A unitless claim joined to claims that state one unit
  reads in it (:func:`claims_sharing_units`): "from [12 ms](…) to [3](…)" reads "3 ms".

Each number taken is a :class:`~fxsite.pages.header_units.Governed` with the
number read with the claim's unit ("178 s"), refused as any bare figure is.
"""

from __future__ import annotations

import re

from fxsite.evidence.numerals import NUMBER_WORDS, YEAR, word_alternation
from fxsite.evidence.quantities import parse_stated
from fxsite.pages.column_claims import counts_things
from fxsite.pages.header_units import DIGITS, Governed, with_unit
from fxsite.pages.label_numbers import LABEL_BEFORE, REACH
from fxsite.pages.set_against import set_against_at

__all__ = ["claims_sharing_units", "sharing_claims_units"]

#: What joins a value to the next one of the same quantity, read backwards from a claim.
_JOIN = (
    r"(?:,\s*)?(?:to|and|or|vs\.?|versus|against|then|instead\s+of|rather\s+than"
    r"|compared\s+(?:with|to)|down\s+to|up\s+to|through|till|until)"
    r"|→|->|=>|⇒|⟶|–|—|-"
    # in Chinese: "3 到", "178 降至", "178 和"
    r"|(?:降|减|缩短|缩减|下降|升|提升|提高|增|增加|延长)?(?:至|到)|和|与|與|或|及|比|对比|對比|～|~"
)
#: Not inside a word of a script that breaks words (a number glued to an ideograph, as
#: Chinese writes it, stands alone: "从3到").
_NOT_IN_WORD = r"(?<![^\W\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af])(?<![.,])"
#: Where a value stood (a phrase after a number, contrasted with the claim's):
#: "on the baseline", "with NVMe" (words, none of them a number).
_PHRASE = r"(?:on|with|for|under|in|at|using|over|via)(?:\s+[^\W\d][\w-]{0,30}){1,4}"
#: When a value stood, before a claim that states it now: "178 before, [94 s] after".
_THEN = r"(?:before|earlier|previously|originally|initially|formerly)"
#: A number joined to what follows it, at the end of the text before a claim: by a word,
#: an arrow or a dash (a parenthesis between: "178 (NVMe) to"); by a phrase saying where
#: it stood and a contrast ("178 on the baseline and", "178 with NVMe but"); by when it
#: stood ("178 before,", "178 earlier; now"); a name's value before another name's
#: ("Baseline 178, FX100 [94 s]"); a number written as a word, by a word ("from seventy to").
#: A number written as an English word ("seventy", "a hundred"): "from seventy to [94 s]".
#: Verbs a system's value follows in a clause of its own: "NFS took 178", "Ceph is 1.4".
_SAID = r"(?:took|takes|needed|needs|is|was|ran|did|reached|got|gets)"
_SPELLED = (
    rf"(?:an?\s+)?(?:{word_alternation(w for w in NUMBER_WORDS if w.isascii())}|hundred|thousand)"
)
_BEFORE_CLAIM = tuple(
    re.compile(pattern, re.IGNORECASE)
    for pattern in (
        rf"(?<![\w.,])({_SPELLED})\s+(?:to|and|or|vs\.?|versus|instead\s+of|rather\s+than)\s*\Z",
        rf"{_NOT_IN_WORD}({DIGITS})\s*(?:\([^()\n]{{1,40}}\)\s*)?(?:{_JOIN})\s*\Z",
        rf"(?<![\w.,])({DIGITS})\s+{_PHRASE}\s*,?\s*(?:and|but|while|whereas|;)\s*\Z",
        rf"(?<![\w.,])({DIGITS})\s+{_THEN}\s*[,;]\s*(?:now|today|after|afterwards|later)?\s*\Z",
        rf"[^\W\d][\w-]{{0,30}}\s+({DIGITS})\s*[,;]\s*[^\W\d][\w-]{{0,30}}\s*\Z",
        # another system's value in a clause of its own before the claim's: "NFS took 178,
        # the FX100 [94 s]", "NFS needed 178, and the FX100 took [94 s]" (blind78)
        rf"(?<![\w.,]){_SAID}\s+({DIGITS})\s*[,;]\s*(?:(?:and|but|while|whereas)\s+)?"
        rf"(?:the\s+)?[^\W\d][\w.-]{{0,30}}(?:\s+{_SAID})?\s*\Z",
    )
)
#: A number joined to the next number so joined (by a word, a comma or a slash), back
#: along a list.
_BEFORE_NUMBER = re.compile(rf"{_NOT_IN_WORD}({DIGITS})\s*(?:{_JOIN}|,|/)\s*\Z", re.IGNORECASE)
#: Another value of the claim's quantity named after it: "(baseline: 178)", "(was 178)",
#: ", down from 178", "vs. 178", "or 178", "out of 178". The number has no word or unit of its own after
#: it, but for where or when it stood ("vs. 178 for NFS", "up from 30 last year": blind20).
_OTHER = r"baseline|before|previously|previous|prior|old|was|from|vs\.?|versus|against|out\s+of"
_WHERE_AFTER = (
    r"(?:on|with|for|under|in|at|using|over|via|before|earlier|previously|last|a\s+year)\b"
)
#: A number in words after a claim: one word or two joined by a hyphen ("seventy-eight").
_WORDS_AFTER = rf"{_SPELLED}(?:-{_SPELLED})?"
_AFTER = re.compile(
    rf"\s*(?:\(\s*(?:{_OTHER})\s*[:=]?\s*"
    # another system's value named in parentheses: "[94 s] (NFS: 178)" (blind78); not a
    # count's ("(n = 5)", "(runs: 3)": :func:`_named_after`) nor a label's ("(Figure 3: 12)")
    rf"|\((?P<name>\s*[^\W\d][^\W\d.-]{{1,24}}(?:\s[^\W\d]{{1,24}}){{0,2}}\s*)[:=]\s*"
    # another system's value in a clause of its own: "[94 s](…), NFS 178", "[94 s](…); NFS
    # took 178", "[94 s](…), where NFS needed 178", "[1.9×](…) faster; Ceph is 1.4" (blind78)
    # (after a comparative, or what the claim's quantity took: "[94 s](…) to save, NFS 178")
    rf"|(?:\s+(?:faster|slower|better|worse|higher|lower|more|less)|\s+to\s+[a-z]{{2,20}})?"
    rf"\s*[,;]\s*"
    rf"(?:where\s+|while\s+|whereas\s+)?"
    # a name in capitals, whatever the case of the rest ("NFS takes 178" names NFS: blind90)
    rf"(?P<system>(?-i:[A-Z])[\w.-]{{1,20}}(?:\s(?-i:[A-Z])[\w.-]{{1,20}})?)\s+"
    rf"(?:{_SAID}\s+)?"
    rf"|,?\s*(?:down\s+from|up\s+from|vs\.?|versus|against|or|instead\s+of|rather\s+than"
    # "out of 178", "out of a possible 178", "out of a total of 178" (blind77)
    rf"|out\s+of(?:\s+a\s+(?:possible|maximum\s+of|total\s+of))?"
    rf"|compared\s+(?:with|to))\s+)"
    rf"(?P<number>{DIGITS}|{_WORDS_AFTER})(?![\d,.]*\s*(?!{_WHERE_AFTER})[\w%$€£¥×(])",
    re.IGNORECASE,
)


def sharing_claims_units(
    text: str, claims: tuple[tuple[int, int], ...], taken: list[tuple[int, int]]
) -> list[Governed]:
    """The bare numbers of ``text`` that take the unit of a claim in ``claims`` (spans in
    ``text``); ``taken``: spans already read (figures, numbers governed otherwise)."""
    found: list[Governed] = []
    busy = [*claims, *taken]
    for start, end in claims:
        stated = parse_stated(text[start:end])
        if stated is None or not stated.unit_text:
            continue
        unit = stated.unit_text
        said = f"beside the claim '{text[start:end]}'"
        against = set_against_at(text, end)  # ", while theirs is 0.3" (blind91)
        after = [*_named_after(text, end), *([against] if against else [])]
        for number_start, number_end in [*_joined_before(text, start), *after]:
            if any(s < number_end and number_start < e for s, e in busy):
                continue
            number = text[number_start:number_end]
            if YEAR.fullmatch(number) or LABEL_BEFORE.search(
                text, max(0, number_start - REACH), number_start
            ):
                continue
            read = with_unit(number, unit)
            if read is not None:
                found.append(Governed(number_start, number_end, read, unit, said))
                busy.append((number_start, number_end))
    return sorted(found, key=lambda g: g.start)


def _joined_before(text: str, at: int) -> list[tuple[int, int]]:
    """Spans of the numbers joined, one to the next, to what starts at ``at``."""
    spans = []
    patterns: tuple[re.Pattern[str], ...] = _BEFORE_CLAIM
    while (match := _first(patterns, text, max(0, at - 80), at)) is not None:
        spans.append(match.span(1))
        at, patterns = match.start(1), (_BEFORE_NUMBER,)
    return spans


def _first(
    patterns: tuple[re.Pattern[str], ...], text: str, start: int, end: int
) -> re.Match[str] | None:
    """The first of ``patterns`` found in ``text[start:end]``."""
    return next((m for p in patterns if (m := p.search(text, start, end)) is not None), None)


def _named_after(text: str, at: int) -> list[tuple[int, int]]:
    """The span of a number named right after what ends at ``at`` as another value of it;
    not one a name of things counted gives ("(n = 5)", "(runs: 3)")."""
    match = _AFTER.match(text, at)
    named = match and (match["name"] or match["system"])
    if match is None or (named and counts_things(named.strip())):
        return []
    return [match.span("number")]


#: What joins two claims to values of one quantity ("from [12 ms](…) to [3](…)", "[3](…) →
#: [6.40 GB/s](…)", "[94 s](…), down from [178](…)"): a word, an arrow or a dash between
#: them, nothing else (a comma alone joins a list of anything).
_CLAIMS_JOINED = re.compile(rf"\s*(?:,\s*)?(?:{_JOIN}|(?:down|up)\s+from|from)\s*", re.IGNORECASE)
#: A unitless claim's own word after it ("[3](…) GPUs", "[3](…) times"): it reads no
#: other claim's unit. A word that joins or says where it stood is no such word.
_OWN_WORD = re.compile(
    r"\s*(?!(?:to|and|or|vs|versus|then|than|against|down|up|from|on|in|at|for|with|while"
    r"|but|via|using|under|over|before|after|earlier|now|today)\b)[^\W\d_]"
    r"|\s*[%$€£¥×]",
    re.IGNORECASE,
)


def claims_sharing_units(text: str, claims: tuple[tuple[int, int], ...]) -> list[Governed]:
    """The unitless claims of ``text`` joined to a claim that states a unit, as a reader
    reads them, in its unit: "from [12 ms](…) to [3](…)" reads "3 ms", and the claim "3"
    must state its figure in ms, as "3 ms" would (blind69: a GB/s figure passed). Each is a
    :class:`~fxsite.pages.header_units.Governed` of its claim (``claim``: its index), judged
    as a unitless claim under a column's unit is. A run of claims so joined lends the unit
    of its claims that state one only where they all state the same (a run of a time and a
    size lends none)."""
    found: list[Governed] = []
    run: list[int] = []
    for n, (start, _) in enumerate(claims):
        if run and not _CLAIMS_JOINED.fullmatch(text, claims[run[-1]][1], start):
            found += _lent(text, claims, run)
            run = []
        run.append(n)
    found += _lent(text, claims, run)
    return found


def _lent(text: str, claims: tuple[tuple[int, int], ...], run: list[int]) -> list[Governed]:
    """The unitless claims of one ``run`` of joined claims, in the unit the others state."""
    if len(run) < 2:
        return []
    units: dict[str, int] = {}
    unitless: list[int] = []
    for n in run:
        stated = parse_stated(text[claims[n][0] : claims[n][1]])
        if stated is None:
            return []
        if stated.unit_text:
            units.setdefault(stated.unit_text, n)
        elif not _OWN_WORD.match(text, claims[n][1]):
            unitless.append(n)
    if len(units) != 1:
        return []
    [(unit, lender)] = units.items()
    said = f"beside the claim '{text[claims[lender][0] : claims[lender][1]]}'"
    return [Governed(claims[n][0], claims[n][1], "", unit, said, n) for n in unitless]
