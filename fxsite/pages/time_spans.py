"""Times that are not a product's performance: a streak, the time a product took to make,
the term of a plan, a window in Chinese, opening hours, a reading time, an event's length
in Chinese, and a setting's time (blind70).

:func:`names_a_period` and :func:`names_a_span` are asked about every figure the detector
finds, by :func:`fxsite.pages.figure_names.names_a_class`; the second only where the
figure's sentence names no operation a product performs (``performs``: "Restores time out
after 30 seconds by default" is a figure; "The default timeout is 30 seconds." is a
setting).

Decisions:

* A streak of years or quarters is a company's history ("Named a Leader three years in a
  row", "连续5年入选"); a streak of days or weeks may be a system's uptime, a figure.
* The time a product took to make ("After 18 months of development", "It took our team two
  years to build") is its history, as "20 years of experience" is.
* The term a plan, a subscription, a contract or a licence covers ("a 3-year
  subscription") names the plan, as "a 12-month roadmap" does; a warranty, a trial and a
  payback period stay figures (an offer's term: the README's documented choices).
* A setting's time: a duration in a sentence that sets, defaults, times out, keeps or
  retains ("Set the heartbeat interval to 5 s.", "The default timeout is 30 seconds."),
  or right after a step's "wait" or "hold … for" ("Wait 10 seconds, then press the power
  button.", "等待10秒"; "Queue wait was 15 minutes" is a figure).
* A policy's times (blind72): a sentence that sets both how often and how long, a schedule
  ("every 5 minutes") and a retention ("kept for 30 days"), sets a policy whatever operation
  it names: "Snapshots every 5 minutes, kept for 30 days." Either alone, after an operation,
  says what a product does, a figure: "Snapshots every 5 minutes" (how often they can be
  taken, as "每隔 5 分钟备份一次" is), "Snapshots are retained for 7 days by default" (the
  development corpus's).
* The period money paid or saved is taken over (blind72), as "3-Year TCO" is: "Over a
  five-year life, the lower power draw saves …", "… saves money over five years", in a
  sentence with a word of money (:data:`fxsite.evidence.numerals.PRICE_WORDS`, or "TCO");
  "lasts over five years" is a bound, a figure; "Data retention over 10 years" names no
  money, and is a retention: a setting's time (above), where no operation is named.
* Opening hours ("from 9h to 18h", "8h-20h") and a reading time ("Read time: 6 min", as
  "5 min read" is) name no quantity.
* In Chinese, the window a figure is reported over ("过去12个月里", as "over the past 12
  months" is in English), whatever its sentence says; an event's length after "为期"
  ("试点为期六周"), where the sentence names no operation ("迁移为期六周" is a figure). An
  experience in numerals ("十年行业经验") is read with the one in digits
  (:mod:`fxsite.pages.figure_names`).
"""

from __future__ import annotations

import re

from fxsite.evidence.numerals import LASTING_WORDS, PRICE_WORDS, word_alternation
from fxsite.evidence.quantities import parse_stated
from fxsite.evidence.units import UNITS
from fxsite.pages.lazyre import LazyPattern
from fxsite.pages.sentences import sentence_span

__all__ = ["CJK_COUNT", "COUNT", "names_a_period", "names_a_span"]

#: A count before a period or an event's length: digits, or words ("three-year",
#: "forty-five-minute"; only where the detector found a number in them).
COUNT = r"(?:\d+|[A-Za-z]+(?:-[A-Za-z]+)?)"
#: A count in digits or Chinese numerals ("十年", "六周").
CJK_COUNT = r"(?:\d+|[一二两三四五六七八九十百]{1,3})"

_STREAK = re.compile(
    rf"{COUNT}[- ](?i:years?|quarters?)(?=[ \u00a0]+(?i:in[ \u00a0]+a[ \u00a0]+row|running"
    r"|straight)\b)"
    rf"|(?<=连续){CJK_COUNT}[ \u00a0]?(?:年|个季度|個季度)"
)
_MAKING = re.compile(
    rf"{COUNT}[- ](?i:years?|months?)(?=[ \u00a0]+of[ \u00a0]+(?:[A-Za-z-]+[ \u00a0]+)?"
    r"(?i:development|research|engineering|R&D|design|work)\b"
    r"|[ \u00a0]+to[ \u00a0]+(?i:build|develop|design|make|create)\b)"
)
_TERM = re.compile(
    rf"{COUNT}[- ](?i:years?|months?)(?=[ \u00a0]+(?i:subscriptions?|terms?|contracts?"
    r"|licen[cs]es?|commitments?|agreements?)\b)"
)
# The window a figure is reported over, in Chinese ("过去12个月里": "over the past 12 months"
# passes in English).
_CJK_PERIOD = re.compile(
    rf"(?:(?<=过去)|(?<=過去))[ \u00a0]?{CJK_COUNT}[ \u00a0]?(?:个|個)?(?:年|月|季度|周|星期|天)"
)
# An event's length in Chinese ("为期两天", "试点为期六周").
_CJK_EVENT = re.compile(
    rf"(?:(?<=为期)|(?<=為期))[ \u00a0]?{CJK_COUNT}[ \u00a0]?(?:个|個)?(?:年|月|周|星期|天|日|小时|小時)"
)
#: A sentence that sets a time.
_SETTING_TALK = re.compile(
    r"\b(?i:set|sets|setting|default|defaults|timeouts?|time-outs?|intervals?|retention"
    r"|retain\w*|kept|keep|TTL|expir\w*)\b|超时|超時|默认|默認|保留"
)
#: A step that waits a time out, right before it ("Wait 10 seconds", "Hold the reset
#: button for 5 seconds", "等待10秒"); "Queue wait was 15 minutes" is a figure.
_WAIT_BEFORE = re.compile(
    r"(?:\b(?i:wait)(?:[ \u00a0]+(?i:for))?|\b(?i:hold)\b[^.;!?]{0,40}?\b(?i:for)|等待)"
    r"[ \u00a0]*\Z"
)
_HOURS = re.compile(
    r"(?<![\d.])(?:[01]?\d|2[0-3])h(?:[0-5]\d)?[ \u00a0]?(?:-|–|(?i:to))[ \u00a0]?"
    r"(?:[01]?\d|2[0-3])h(?:[0-5]\d)?(?![A-Za-z0-9])"
)
_READING = re.compile(r"\b(?i:read(?:ing)?[ \u00a0]+time)[ \u00a0]*:?[ \u00a0]*\Z")


def _a_time(figure: str) -> bool:
    """Whether ``figure`` states a time, in the units' own vocabulary ("5 s", "30 seconds",
    "one year", "10秒")."""
    stated = parse_stated(figure)
    unit = UNITS.get(stated.unit) if stated is not None and stated.unit else None
    return unit is not None and unit.dimension == "time"


def _matches(pattern: re.Pattern[str], text: str, start: int, end: int) -> bool:
    match = pattern.match(text, start)
    return match is not None and match.end() == end


#: A window a share is measured over, the figure: "over twelve months", "12 months".
_WINDOW = re.compile(
    rf"(?:(?i:over|across|during)[ \u00a0])?{COUNT}[ \u00a0](?i:days?|weeks?|months?|quarters?|years?)"
)
#: Right before it, a share that holds over a time, not a time ("Availability over
#: twelve months", "Uptime during 12 months": blind83, a record's ``what``), as "over the
#: past 12 months" names a window; "Downtime over 5 minutes" is a bound on a time.
_SHARE_BEFORE = re.compile(
    r"\b(?i:availability|uptime|reliability|durability|(?:error|failure|success|hit)[ \u00a0]rate"
    r"|hit[ \u00a0]ratio)(?:[ \u00a0](?i:measured|averaged|observed))?[ \u00a0]"
    r"(?:(?i:over|across|during)[ \u00a0])?\Z"
)


def _a_window(text: str, start: int, end: int) -> bool:
    """Whether the figure at ``text[start:end]`` is the window a share is measured over."""
    return _matches(_WINDOW, text, start, end) and (
        _SHARE_BEFORE.search(text, max(0, start - 40), start) is not None
    )


def names_a_period(text: str, start: int, end: int) -> bool:
    """Whether the figure at ``text[start:end]`` is a period that names, whatever its
    sentence says: a streak, the time a product took to make, a plan's term, a window in
    Chinese (as "the past 12 months" is) or a share's in English, a retention policy's
    times, the period money is saved over."""
    if any(_matches(p, text, start, end) for p in (_STREAK, _MAKING, _TERM, _CJK_PERIOD)):
        return True
    return (
        _a_window(text, start, end)
        or _sets_a_policy(text, start, end)
        or _money_over(text, start, end)
    )


#: Right before a policy's time: how long it keeps ("kept for", "retained for", "retention
#: of") or how often it runs ("every").
_POLICY_BEFORE = re.compile(
    r"\b(?:(?i:kept|keeps?|retained|retains?)[ \u00a0](?i:for)|(?i:retention)(?:[ \u00a0]"
    r"(?i:period|time))?(?:[ \u00a0](?i:of|is)|[ \u00a0]?:)|(?P<every>(?i:every)))[ \u00a0]\Z"
)
_KEPT = re.compile(r"\b(?i:kept|keeps?|retained|retains?)[ \u00a0](?i:for)\b|\b(?i:retention)\b")
_SCHEDULE = re.compile(
    r"\b(?i:every)[ \u00a0](?:\d|(?i:other[ \u00a0])?(?i:second|minute|hour|day|night|week"
    r"|month|year)\b|[A-Za-z]+[ \u00a0-](?i:seconds|minutes|hours|days|weeks|months)\b)"
)


def _sets_a_policy(text: str, start: int, end: int) -> bool:
    """Whether the time at ``text[start:end]`` is a policy's: kept for so long, or on a
    schedule, in a sentence that states the other too."""
    if not _a_time(text[start:end]):
        return False
    before = _POLICY_BEFORE.search(text, max(0, start - 24), start)
    if before is None:
        return False
    other = _KEPT if before["every"] is not None else _SCHEDULE
    return other.search(text, *sentence_span(text, start, end, _REACH)) is not None


#: A period after "over" (a figure "over five years", or "five-year" in "over a five-year
#: life") and words of money in its sentence.
_OVER_YEARS = re.compile(rf"(?i:over)[ \u00a0]{COUNT}[ \u00a0](?i:years?|months?)")
_OVER_A = re.compile(r"\b(?i:over)[ \u00a0](?i:a|an|the|its|their|our|your)[ \u00a0]\Z")
_A_LIFE = re.compile(
    rf"{COUNT}[- ](?i:year|month)(?=[ \u00a0](?:[A-Za-z-]+[ \u00a0])?(?i:life|lifetime|lifespan"
    r"|life-?cycle|period|span|term|window)\b)"
)
#: Words before "over" that make it a bound: "lasts over", "for over", "of over".
_BOUND_BEFORE = re.compile(
    rf"\b(?i:{word_alternation(LASTING_WORDS)}|for|in|of|than|after|within|is|are|was|were|be"
    r"|been|by|to)[ \u00a0]\Z"
)
_MONEY = LazyPattern(rf"(?i:{word_alternation(PRICE_WORDS)})|\bTCO\b")


def _money_over(text: str, start: int, end: int) -> bool:
    """Whether the figure at ``text[start:end]`` is the period money is paid or saved over."""
    if _matches(_OVER_YEARS, text, start, end):
        if _BOUND_BEFORE.search(text, max(0, start - 12), start):
            return False
    elif not (
        _matches(_A_LIFE, text, start, end) and _OVER_A.search(text, max(0, start - 12), start)
    ):
        return False
    return _MONEY.search(text, *sentence_span(text, start, end, _REACH)) is not None


#: How far from a time its sentence's words of a setting are looked for.
_REACH = 200


def names_a_span(text: str, start: int, end: int) -> bool:
    """Whether the figure at ``text[start:end]`` is a setting's time, opening hours, a
    reading time or an event's length in Chinese: asked only where its sentence names no
    operation a product performs."""
    if _matches(_CJK_EVENT, text, start, end):
        return True
    if not _a_time(text[start:end]):
        return False
    if _READING.search(text, max(0, start - 16), start):
        return True
    if _WAIT_BEFORE.search(text, max(0, start - 60), start):
        return True
    if _SETTING_TALK.search(text, *sentence_span(text, start, end, _REACH)):
        return True
    return any(
        m.start() <= start and end <= m.end()
        for m in _HOURS.finditer(text, max(0, start - 12), min(len(text), end + 12))
    )
