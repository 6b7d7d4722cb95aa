"""The value of a quantity named before it, in English and Chinese, where no unit says it.

:func:`named_value_candidates` is asked by :func:`fxsite.pages.cjk_figures.cjk_candidates`
about every text (English as well): it reads

* the value of a metric named before it: a dimensionless efficiency ("PUE降至1.15", "a PUE
  of 1.2"), a speed-up ("a speed-up of 1.9", "加速比为1.9"), a throughput named by its unit
  ("IOPS reached 150,000", "IOPS达到150万"), a quantity named in words with its number
  written without a unit ("Throughput: 12,000.", "Restore time: 600", "Latency p99 = 94", "a
  data reduction ratio of 4"), after an approximation ("Save time: ~94", "about 94", "≈94"),
  a time named in Chinese before a colon or a verb of being or reaching ("保存时间：94",
  "恢复时间为600", "保存时间达到94"; not glued to its number, "延迟3个月", nor a date,
  "保存时间：2024年3月起"), after a note in brackets and a colon ("Save time (see note):
  94") or a dash ("Save time — 94"), in words where they end the clause ("A save time of
  ninety-four.", "Save time: ninety four."; not "Latency is one of the issues"), and an operation's time after a verb of lasting where a
  stop ends the clause ("Saves take 94."; not "Saves take 3 tries", nor a heading "Each save
  took 95"), or before the operation ("The FX100 took 94 to save"; not "took 3 tries to
  save"); where it was measured between commas ("Latency, in milliseconds, is 0.42");
* a named quantity's change or range without a unit ("latency from 0.5 to 0.12", "Speed-up
  ranges from 6.2 to 9.3", "Save time went from 178 → 94", "保存时间从178降到94"), and the
  values after arrows from its value ("Save time: 178 → 94": each a figure; blind74), not a
  span of years nor a count of what it names ("from 2 to 3 teams");
* a ratio of speeds before its noun ("a 1.9 speedup");
* a mixing or split ratio with its word ("按1:3的比例", "a 3:1 ratio").

Decisions kept from the rules' history: "IOPS at 8 KiB blocks" names the test's block size,
not the IOPS (:func:`_sets_the_test`); an efficiency ratio or a rate of exchange is written
with decimals ("PUE 1.2"; "COP28" names a conference).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from fxsite.evidence.numerals import (
    APPROX_WORDS,
    ARROWS,
    LASTING_WORDS,
    NUMBER_WORDS,
    REACHED_WORDS,
    YEAR,
    alternation,
    word_alternation,
)
from fxsite.evidence.units import canonical_unit
from fxsite.pages.cjk_numerals import AFTER, BEFORE, FIRST, FIRST_CUE, MAG, NUMBER, NUMERALS
from fxsite.pages.direction import CHANGE_WORDS
from fxsite.pages.figure_names import OPERATIONS_CJK
from fxsite.pages.label_numbers import LABEL_WORDS
from fxsite.pages.lazyre import holds as _holds, needles as _needles
from fxsite.pages.quantity_names import (
    DOING,
    NAMED_QUANTITY,
    OPERATIONS,
    PROSE_NAMES,
    TIMED_OPERATIONS,
)

__all__ = ["named_value_candidates"]

_PROPORTION_CUE = re.compile(r"\d:\d")  # in every proportion
# A mixing or split ratio: "按1:3的比例", "配比为2:1:1" ("10:30" is a time).
_PROPORTION = re.compile(
    r"(?P<before>(?:比例|配比|比率|比|(?i:ratio)[ ]of)(?:为|是|约)?[ ]?)?"
    r"(?P<figure>(?<![\d:.])\d+(?:\.\d+)?(?::\d+(?:\.\d+)?)+(?![\d:]))"
    r"(?P<after>的?(?:比例|配比|比率)|[ ](?i:ratio|mix)\b)?"
)
#: A number in English words at a scale: "two million", "a million".
_WORD_SCALED = (
    r"(?i:one|two|three|four|five|six|seven|eight|nine|ten|a)[ ]"
    r"(?i:hundred[ ])?(?i:thousand|million|billion|trillion)\b"
)
REACHED = "|".join(REACHED_WORDS)
#: A number in English words that ends its clause, after a quantity named ("A save time of
#: ninety-four.", "Latency: three."; blind70): "Latency is one of the issues" is no figure.
_ENGLISH = [w for w in NUMBER_WORDS if w.isascii()]
_ONES = [w for w in _ENGLISH if NUMBER_WORDS[w] < 10]
_TENS = [w for w in _ENGLISH if NUMBER_WORDS[w] >= 20]
#: Right after the number (not a list: "take 2, 3 or 4 steps"); a space before the stop is
#: where a reading without inline code left the code: "took 1<code>78 s</code>." read
#: without it is "took 1 .", no figure "1" (the figure across the code is told).
_STOP = re.compile(r"(?:[.;:!?)]|,(?![ ]?\d))")
_CLAUSE_END = re.compile(rf"{_STOP.pattern}|[ ]?\Z")
_IN_WORDS = (
    rf"(?i:(?:{word_alternation(_TENS)})[- ](?:{word_alternation(_ONES)})|{word_alternation(_ENGLISH)})"
    rf"(?!-)(?={_CLAUSE_END.pattern})"
)
_IN_WORDS_CUE = re.compile(rf"(?i:{alternation(_ENGLISH)})")
#: An operation named as it lasts, its time after it where a stop ends the clause: "Saves
#: take 94.", "A restore took ninety-four." (blind70), as "Save time: 94" names it. Not at a
#: text's end without one: "Each save took 95" is a heading, or "s" follows in another block.
_LASTING = "|".join(LASTING_WORDS)
#: Throughputs named by their unit: "IOPS达到150万", "IOPS reached 150,000".
_THROUGHPUT_NAMES = "[KMG]?IOPS|QPS|TPS"
#: A speed-up named in words: "a speed-up of 1.9", "Speedups range from 6.2 to 9.3",
#: "加速比为1.9" (blind70).
_SPEEDUP_NAMES = "(?i:speed-?ups?)"
#: A time named in Chinese, an operation's ("保存时间", "恢复时间") or a latency ("延迟", "时延"),
#: before a colon or a verb of being or reaching ("保存时间：94", "保存时间达到94": blind74);
#: not glued to its number ("延迟3个月" delays).
_CJK_TIMES = rf"(?:(?:{alternation(OPERATIONS_CJK)})(?:时间|時間|耗时|耗時)|延迟|延遲|时延|時延)"
#: Chinese verbs that bring a value down to another: "降至94", "缩短到600".
_CJK_BROUGHT_TO = "降至|降到|降低至|降低到|缩短至|缩短到|减少至|减少到|减至|下降至|下降到"
#: A number in ASCII digits, thousands grouped by commas, without a sign.
_UNSIGNED = r"\d+(?:,\d{3})*(?:\.\d+)?"
_CJK_TIME_NAMES = (
    rf"{_CJK_TIMES}(?=[ ]?[:：=]|为|是|达|约|仅|低于|小于|不超过|不高于|控制在"
    # blind82: a time brought down to its value ("保存时间降至94")
    rf"|{_CJK_BROUGHT_TO})"
)
#: A note in brackets between a name and its colon: "Save time (see note): 94" (blind74).
_NOTE = r"[ ]\([^()]{1,40}\)"
#: Who saw a value, and how: "The speedup we saw was 1.9", "We measured 94 for the save".
_SAW = r"(?:we|they|I|you)[ ](?:saw|see|measured|got|observed|found|recorded|clocked|timed)"
#: Where or what a quantity was measured on, between its name and its value: "on the
#: FX100", "over NFS for the FX100" (a word, not a number: "on 8 nodes" counts).
_QUALIFIER = (
    # between commas too: "Latency, in milliseconds, is 0.42" (blind78)
    r"(?:,?[ ](?:on|for|over|with|under|across|in)[ ](?:the[ ]|an?[ ])?(?!\d)[\w.-]{1,30}"
    # what it is of, and done to it: "The percentage of time saved is 47" (blind78)
    r"|[ ]of[ ](?:the[ ])?(?!\d)[\w.-]{1,30}(?:[ ](?:saved|lost|used|gained|spent|cut))?"
    # or who saw it: "The speedup we saw was 1.9"; or the figure it names: "An IOPS figure
    # of 150,000" (blind78)
    rf"|[ ]{_SAW}"
    r"|[ ](?:figure|result|number|value|score|reading|measurement)s?){1,2}"
)
#: Verbs a quantity's value lands after: "IOPS came in at 150,000" (blind78), "Save time for
#: the FX100 came to 94" (blind81).
_LANDED = (
    r"(?:came|comes|coming|clocked)[ ]in[ ]at|landed[ ]at|lands[ ]at|sat[ ]at|sits[ ]at"
    r"|(?:came|comes|amounted|amounts)[ ]to"
    # blind82: "totalled 94", "ended up at 94", "was measured at 94", "recorded as 94"
    r"|totall?ed|totals|(?:ended|ends)[ ]up[ ]at|measured[ ]at|recorded[ ](?:as|at)"
    r"|logged[ ]at|brought[ ]down[ ]to"
)
#: A product or a system named by a capitalised word with a digit or in capitals ("FX100",
#: "NFS"), not a label's word ("Step 3", "Figure 3": ``label_numbers.LABEL_WORDS``), its
#: number the clause's last word.
_PRODUCT = (
    rf"(?=[A-Z])(?!(?i:{LABEL_WORDS})\b)(?:[A-Z0-9-]{{2,12}}|[A-Z][a-z]*\d[\w-]{{0,10}})"
    # its number ends the clause ("RAID 6 arrays" names a kind of array)
    r"(?=(?:[ ]?[:：])?[ ]\d+(?:[.,]\d+)*(?:[.;,)!?]|\Z))"
)
#: Words of degree between a verb and the value: "came to just 94", "was reduced by a full
#: 84", "is now 94" (blind82).
_DEGREE = r"just|only|merely|barely|a[ ]mere|a[ ]full|a[ ]good|now"
_QUALIFIED = re.compile(_QUALIFIER + r",?\Z")
#: Verbs a quantity's value is reached by a change or an average after: "Save time fell to
#: 94", "TTFT dropped to 94", "Save time averaged 94", "settled at 94" (blind80); or the
#: change's amount: "Save time was reduced by 84" (blind81).
_CHANGED_TO = (
    rf"(?:(?i:{word_alternation(sorted(CHANGE_WORDS))})(?:[ ](?:down|up))?[ ](?:to|by)"
    r"|averaged|averages|averaging|settled[ ]at|hovered[ ](?:around|at))"
)
#: An approximation before the value, the figure's ("Save time: ~94" is told '[~94](…)',
#: which passes; '~[94](…)' would not: blind74).
_APPROX = alternation(w for w in APPROX_WORDS if w.isascii() or len(w) == 1)
_ARROW = alternation(ARROWS)
# The value of a metric named before it: a dimensionless efficiency ("PUE降至1.15",
# "COP为4.2", "a PUE of 1.2"), a speed-up ("a speedup of 1.9"), or a throughput named by
# its unit ("IOPS达到150万", "IOPS reached 150,000", "IOPS: 150,000"). A figure may end a
# sentence ("a PUE of 1.15."); a digit or a decimal part after it makes it another number.
#: Quantities named by words, whose number may be written without a unit ("Restore time:
#: 600", "latency from 0.5 to 0.12"): one list for the rules below.
_METRIC_VALUE = re.compile(
    r"(?<![A-Za-z])(?P<name>PUE|WUE|CUE|COP|EER|SEER|APF|PMI|能效比|汇率|市盈率|市净率|跑分|得分|评分"
    # storage's own ratios: "数据缩减比达5比1", "写放大系数仅为1.1" (blind40)
    r"|写放大(?:系数)?|(?:数据)?缩减比|压缩比|重删比|去重比"
    # a speed-up: "a speed-up of 1.9", "The speed-up reaches 9.3", "Speedup 6.2 – 9.3" (a
    # decimal right after it: "Speedup 2" may name a project), "加速比为1.9" (blind70)
    # ... or a multiplication sign before a decimal: "Speed-up × 1.9" (blind79; "speedup ×
    # 100" is a formula's percent)
    rf"|{_SPEEDUP_NAMES}(?=[ ](?:of|is|was|{REACHED}|{_LANDED})\b|[ ]?×?[ ]?\d+\.\d)|加速比"
    # a quantity named, its number without a unit: "Throughput: 12,000.", "a throughput
    # of 12,000" (blind20), "Restore time: 600", "a data reduction ratio of 4", "write
    # amplification of 1.1" (blind40)
    rf"|{PROSE_NAMES}(?=[ ](?:of|is|was|{REACHED}|{_LANDED}|{_CHANGED_TO})\b|[ ]?[:=—–])"
    rf"|(?:{PROSE_NAMES}){_NOTE}(?=[ ]?[:=])"
    # where or what it was measured on between the name and its value: "IOPS on the
    # FX100: 150,000", "Speedup over NFS for the FX100 is 1.9" (blind78)
    rf"|(?:{PROSE_NAMES}|{_THROUGHPUT_NAMES}|{_SPEEDUP_NAMES}){_QUALIFIER}"
    rf",?(?=[ ](?:of|is|was|were|{REACHED}|{_LANDED}|{_CHANGED_TO})\b|[ ]?[:=—–→])"
    rf"|{_CJK_TIME_NAMES}"
    rf"|(?P<operation>(?i:{OPERATIONS})s?)(?=[ ](?:{_LASTING})\b)"
    rf"|(?:{_THROUGHPUT_NAMES})(?=[ ]?[\u4e00-\u9fff]|[ ](?:of|at|is|was|were|{REACHED}|{_LANDED})\b"
    r"|[ ]?[:=→]))值?[ ]?"
    rf"(?:(?:{_CJK_BROUGHT_TO}|低至|优化至|控制在|升至|升到|回落至|跌至|涨至|提升至|提高到|突破|为|是"
    rf"|达到|达|仅|约|小于|低于|不超过|不高于|of|is|was|were|at|{REACHED}|{_LANDED}|{_LASTING}"
    rf"|{_CHANGED_TO}|{_DEGREE}|below|under|up[ ]to"
    # what it was measured on, named after the colon: "Save time: FX100 94" (blind82)
    rf"|(?<=[:：—–][ ]){_PRODUCT}(?:[ ]?[:：])?"
    r"|above|over|<=|>=|[<>≤≥=:：—–→×])[ ]?)*"
    rf"(?P<figure>(?:(?:{_APPROX})[ ]?)?{BEFORE}?(?:\d+(?:,\d{{3}})*(?:\.\d+)?(?:{MAG}分?|分|[ ](?i:thousand|million"
    rf"|billion|trillion)\b|(?![\d%]|\.\d))"
    # in numerals or words, at scale: "IOPS达到两百万", "IOPS topping two million" (blind40)
    rf"|[{FIRST}][{NUMERALS}]*(?:万|亿)|{_WORD_SCALED}|{_IN_WORDS})(?:{AFTER})?)"
)
# A named quantity's change or range without a unit: "latency from 0.5 to 0.12", "cuts read
# latency from 0.5 to 0.12", "IOPS rose from 150,000 to 300,000" (blind38), a price's, a
# speed-up's ("Speed-up ranges from 6.2 to 9.3", "A speed-up between 6.2 and 9.3": blind70).
# Both numbers are figures; a unit after the second ("from 0.5 to 0.12 ms") makes them the
# range the detector reads.
_METRIC_FROM_TO = re.compile(
    # "save time went from 178 to 94", "Price went from 4000 to 3000" (blind60), "from 178 →
    # 94", "保存时间从178降到94" (blind74)
    rf"(?:(?<![A-Za-z])(?:{PROSE_NAMES}|(?i:price|cost|TCO)|{_THROUGHPUT_NAMES}|{_SPEEDUP_NAMES}"
    # an operation named for its time: "Save went from 178 to 94" (blind81)
    rf"|(?i:{TIMED_OPERATIONS}|{DOING}))"
    r"(?:[ ][a-z]+){0,2}[ ](?:(?i:from)[ ](?P<a>" + NUMBER + r")"
    rf"(?:[ ](?i:to|down[ ]to|up[ ]to)[ ]|[ ]?(?:{_ARROW})[ ]?)"
    r"|(?i:between)[ ](?P<a2>" + NUMBER + r")[ ](?i:and)[ ])"
    rf"|{_CJK_TIMES}从[ ]?(?P<a3>{NUMBER})[ ]?[\u4e00-\u9fff]{{0,3}}?(?:到|至)[ ]?)"
    r"(?P<b>" + NUMBER + r")(?![\d%]|[.,]\d)"
)
#: A date's character after a number: "保存时间：2024年3月起生效" says when, not how long.
_DATE_AFTER = re.compile(r"[ ]?[年月日号號]")
#: An arrow after a named quantity's value, and the value it changed to: "Save time: 178 →
#: 94" (blind74: the 94 was never read), in a chain "178 → 120 → 94".
#: Words after a value set against another that say when or where, not what it counts.
_WHEN = re.compile(
    r"(?i:before|after|earlier|previously|originally|now|then|today|on|in|for|with|at"
    r"|under|over|from|by|last|prior)"
)
_ARROW_TAIL = re.compile(
    rf"(?:[ ]?(?:{_ARROW})[ ]?"
    # or a value it is set against: "Save time: 94 versus 178 before" (blind80), "Saving
    # takes 94, not 178" (blind81)
    r"|,?[ ](?P<versus>versus|vs\.?|against|compared[ ](?:to|with)|not|instead[ ]of"
    r"|rather[ ]than)[ ](?:the[ ])?)"
    rf"(?P<b>{NUMBER})(?![\d%]|[.,]\d)"
)
# A ratio of speeds written before its noun: "a 1.9 speedup", "a 2.5-speed-up", "a 1.3
# slowdown" (blind44). A decimal part makes it a ratio, not a count ("3 speedups this year").
_RATIO_BEFORE = re.compile(
    r"(?<![\w.,])(?<![Vv]ersion )(?P<figure>\d+\.\d+)[ -](?i:speed-?ups?|slow-?downs?)\b"
)
#: Words after a value that say where or against what it was measured: "The save takes 94
#: on the FX100", "saves in 94 where NFS needed 178" (blind81). They start no noun of the
#: value's own, as :data:`_NO_NOUN`'s other words do not.
_WHERE_WORDS = "on|with|under|where|while|versus|vs|against|before|after|and|but"
_WHERE_AFTER = re.compile(rf"[ ](?i:{_WHERE_WORDS}|vs\.)[ ]")
#: An operation done in a time without a unit: "The FX100 saves in 94" (blind81); not "saves
#: in 3 places" (a noun after it: :data:`_STOP` or :data:`_WHERE_AFTER` must follow).
_DONE_IN = re.compile(
    rf"(?<![A-Za-z])(?i:(?:{OPERATIONS})(?:s|es|ed|d)?|finish(?:es|ed)?|complet(?:es|ed))"
    rf"[ ](?i:in)[ ](?P<figure>{_UNSIGNED})(?![\d%]|[.,]\d)"
)
#: A value someone measured for an operation, the operation last: "We measured 94 for the
#: FX100 save" (blind81); not "We measured 3 runs for the save" (a noun after the number) nor
#: "We measured 94 for the team" (no operation).
_MEASURED_FOR = re.compile(
    rf"(?<![A-Za-z])(?i:{_SAW})"
    rf"[ ](?P<figure>{_UNSIGNED})[ ](?i:for)[ ](?:(?i:the|an?|each|every)[ ])?"
    rf"(?:(?!\d)[\w.-]{{1,30}}[ ]){{0,2}}?(?i:{TIMED_OPERATIONS}|{DOING})(?:s|es)?\b"
)
#: A named quantity changed by an amount, the quantity the verb's object: "The FX100 cut
#: save time by 84" (blind82); not "cut save time by 3 steps" (a noun after the number).
_CHANGES_BY = re.compile(
    rf"(?<![A-Za-z])(?i:{word_alternation(sorted(CHANGE_WORDS))})[ ](?:(?i:the|its|their|our)[ ])?"
    rf"(?:{PROSE_NAMES})[ ](?i:by)[ ](?P<figure>{_UNSIGNED})(?![\d%]|[.,]\d)"
)
#: An operation's time before the operation it lasts: "The FX100 took 94 to save" (blind78);
#: not a count ("took 3 tries to save") nor a range ("took 2 to 3 minutes").
_LASTS_TO = re.compile(
    rf"(?<![A-Za-z])(?i:{_LASTING})"
    # what it took, a product by its name, or how little: "It took the FX100 94 to save",
    # "needed only 94" (blind82); not "took the team 3 to save the day"
    rf"(?:[ ](?i:the)[ ][A-Z][\w.-]{{0,30}})?(?:[ ](?i:{_DEGREE}))?"
    rf"[ ](?P<figure>\d+(?:\.\d+)?)[ ](?i:to)[ ](?i:{OPERATIONS})\b"
)
# An efficiency ratio or a rate of exchange is written with decimals ("PUE 1.2");
# "COP28" names a conference.
#: Quantities named before a number without a unit ("Throughput: 12,000"), and a noun
#: after the number that makes it a count of what it names ("of 3 nodes", "of 2024 models").
#: Words after a number that start no noun of its own ("3 on NFS", "8 and 16").
_NO_NOUN = (
    rf"(?!(?i:{_WHERE_WORDS}|in|at|for|or|per|from|to|not|instead|rather"
    # when, or how much of it (blind82: "came to 94 today", "reduced by 84 overall",
    # "came to 99.99 over the quarter")
    r"|today|tonight|yesterday|overall|now|then|again|alone|this|last|over|during|across"
    r"|within|since|until|through)\b)"
)
_NOUN_AFTER = re.compile(rf"\s+{_NO_NOUN}[A-Za-z]")
_WORD_AFTER = re.compile(r"\s+([A-Za-z/]+)\b")
#: "IOPS at" before a number that is a setting of the test, not the throughput (blind70):
#: "IOPS at 8 KiB blocks", "IOPS at 8K blocks", "QPS at 16 clients", "IOPS at 8KiB"; its
#: unit or noun follows it, glued ("8K blocks") or spaced ("8 threads"), not a word of
#: place ("IOPS at 150,000 on NFS") nor a scale alone ("IOPS at 2M.", "IOPS at 2 million.").
_THROUGHPUT_AT = re.compile(rf"(?:{_THROUGHPUT_NAMES})[ ](?i:at)[ ]\Z")
_SETTING_AFTER = re.compile(rf"[A-Za-z]{{0,3}}\s+{_NO_NOUN}[A-Za-z]|[A-Za-z]{{2,}}")
#: A range's upper end after a named quantity's figure, one figure with it: "Speedup
#: 6.2–9.3", "Speedup 6.2 – 9.3" (blind70).
_RANGE_TAIL = re.compile(rf"[ ]?[–—~][ ]?{NUMBER}(?![\d%]|[.,]\d)")
_DECIMAL_METRICS = {"PUE", "WUE", "CUE", "COP", "EER", "SEER", "APF", "PMI", "能效比", "汇率"}

_METRIC_NEEDLES = (
    *("PUE", "WUE", "CUE", "COP", "EER", "APF", "PMI", "能效比", "汇率", "市盈率", "市净率"),
    *("跑分", "得分", "评分", "IOPS", "QPS", "TPS"),
    *("写放大", "缩减比", "压缩比", "重删比", "去重比"),
    *("speedup", "Speedup", "speed-up", "Speed-up", "SPEEDUP", "加速比"),
    *("slowdown", "Slowdown", "slow-down", "SLOWDOWN"),
    *("hroughput", "andwidth", "atency", "HROUGHPUT", "ANDWIDTH", "ATENCY"),
    *(" time", " Time", " TIME", " ratio", " Ratio", " RATIO", "mplification", "MPLIFICATION"),
    *("rice", "RICE", "ost", "OST", "TCO"),  # a price's change: "Price went from 4000 to 3000"
    *("vailab", "VAILAB", "ptime", "PTIME", "fficien", "FFICIEN", "it rate", "IT RATE"),
    *("ercentage", "ERCENTAGE"),
    *("tili", "TILI", "TTFT", "TPOT", "MTTR", "MTBF", "RPO", "RTO", "p50", "p90", "p95", "p99"),
    *("P50", "P90", "P95", "P99", "irst token", "IRST TOKEN", "irst byte", "IRST BYTE"),
    *("irst-token", "IRST-TOKEN", "irst-byte", "IRST-BYTE"),
    *("edian", "EDIAN", "ean ", "EAN ", "verage", "VERAGE"),  # "Median save is 94"
    *("ime to ", "IME TO ", "core", "CORE"),  # "Time to save = 94", "MLPerf score: 94"
    *("ave ", "AVE ", "aving", "AVING", "estor", "ESTOR", "ebuild", "EBUILD"),  # "Save went"
    *("heckpoint", "HECKPOINT", "oot", "OOT", "ailover", "AILOVER", "ecover", "ECOVER"),
    *("witchover", "WITCHOVER", "esync", "ESYNC"),
    *("ower ", "OWER ", "nergy ", "NERGY ", "er second", "ER SECOND"),  # "Power draw came to"
    *("it ratio", "IT RATIO", "ccuracy", "CCURACY", "rror rate", "RROR RATE"),
    *(" take", " took", " last", " need"),  # "Saves take 94"
    *("时间", "時間", "耗时", "耗時", "延迟", "延遲", "时延", "時延"),  # "保存时间：94"
)
_METRIC_CUE = _needles(*_METRIC_NEEDLES)
_SCALE_WORD_CUE = _needles("illion", "ILLION", "housand", "HOUSAND")


def named_value_candidates(text: str, *, digit: bool) -> Iterator[tuple[int, int, str]]:
    """(start, end, kind) of the values of quantities named before them in ``text``, of
    their changes and ranges, and of ratios written with their word; ``digit``: whether
    ``text`` has a digit (a value without one is in numerals or words)."""
    if (
        not digit
        and not _holds(text, FIRST_CUE if not text.isascii() else _SCALE_WORD_CUE)
        and _IN_WORDS_CUE.search(text) is None
    ):
        return  # a metric's value is in digits, numerals ("IOPS达到两百万") or words
    if _holds(text, _METRIC_CUE):
        yield from _metric_values(text)
        for match in _METRIC_FROM_TO.finditer(text):
            first = next(g for g in ("a", "a2", "a3") if match[g] is not None)
            if YEAR.fullmatch(match[first]) and YEAR.fullmatch(match["b"]):
                continue  # "latency from 2019 to 2023": a span of years
            end = match.end()
            if _NOUN_AFTER.match(text, end):
                unit = _WORD_AFTER.match(text, end)
                if unit is None or canonical_unit(unit[1].lower()) is None:
                    continue  # "from 2 to 3 teams": a count of what it names
                end = unit.end()  # "from 0.5 to 0.12 MS": the unit of both
            yield match.start(first), match.end(first), "unit"
            yield match.start("b"), end, "unit"
        for match in _RATIO_BEFORE.finditer(text):
            yield match.start("figure"), match.end(), "unit"
        for match in _LASTS_TO.finditer(text):
            yield match.start("figure"), match.end("figure"), "unit"
    yield from _done_values(text)
    if _PROPORTION_CUE.search(text) is None:
        return
    for match in _PROPORTION.finditer(text):
        if match["before"] is not None or match["after"] is not None:
            yield match.start("figure"), match.end("figure"), "ratio"


def _done_values(text: str) -> Iterator[tuple[int, int, str]]:
    """The values of what was done to a named quantity or an operation, without a unit:
    changed by an amount (:data:`_CHANGES_BY`), measured for an operation
    (:data:`_MEASURED_FOR`), done in a time (:data:`_DONE_IN`)."""
    if " by " in text:
        for match in _CHANGES_BY.finditer(text):
            end = match.end("figure")
            if YEAR.fullmatch(match["figure"]) or _NOUN_AFTER.match(text, end):
                continue  # "cut save time by 2026"; "by 3 steps"
            yield match.start("figure"), end, "unit"
    if " for " in text:
        for match in _MEASURED_FOR.finditer(text):
            if _STOP.match(text, match.end()) or _WHERE_AFTER.match(text, match.end()):
                yield match.start("figure"), match.end("figure"), "unit"
    if " in " in text:
        for match in _DONE_IN.finditer(text):
            if YEAR.fullmatch(match["figure"]):
                continue  # "It finished in 2024": when
            if _STOP.match(text, match.end()) or _WHERE_AFTER.match(text, match.end()):
                yield match.start("figure"), match.end("figure"), "unit"


def _metric_values(text: str) -> Iterator[tuple[int, int, str]]:
    """The values of quantities named before them (:data:`_METRIC_VALUE`)."""
    for match in _METRIC_VALUE.finditer(text):
        if match["name"] in _DECIMAL_METRICS and "." not in match["figure"]:
            continue
        end = match.end("figure")
        if _sets_the_test(text, match) or _DATE_AFTER.match(text, end):
            continue  # "IOPS at 8 KiB blocks"; "保存时间：2024年3月起" dates a rule
        if YEAR.fullmatch(match["figure"]) and text.endswith(" by ", 0, match.start("figure")):
            continue  # "Latency was reduced by 2024": when
        if match["operation"] is not None and not (
            _STOP.match(text, end) or _WHERE_AFTER.match(text, end)
        ):
            continue  # "Each save took 95" (a heading, or "s" on the next line)
        named = NAMED_QUANTITY.fullmatch(match["name"]) or _QUALIFIED.search(match["name"])
        if named and _NOUN_AFTER.match(text, end):
            unit = _WORD_AFTER.match(text, end)
            if unit is None or not _unit_word(unit[1], match["name"]):
                continue  # "the throughput of 3 nodes": a count of what it names
            end = unit.end()  # "Latency: 8 MS": a unit in another case (blind27)
        tail = _RANGE_TAIL.match(text, end)
        yield match.start("figure"), tail.end() if tail else end, "unit"
        yield from _changed_to(text, tail.end() if tail else end)


def _unit_word(word: str, name: str) -> bool:
    """Whether ``word`` after the number of the quantity ``name`` is its unit: one fxsite
    knows in any case ("8 MS"), or a score's points ("a Geekbench score of 9,400 points":
    blind81; "Efficiency was 94 points" says no percent)."""
    if canonical_unit(word.lower()) is not None:
        return True
    return word.lower() in ("points", "pts") and "score" in name.lower()


def _changed_to(text: str, end: int) -> Iterator[tuple[int, int, str]]:
    """The values after arrows from a named quantity's value ending at ``end``, or set
    against it (:data:`_ARROW_TAIL`)."""
    arrow = _ARROW_TAIL.match(text, end)
    while arrow is not None:
        word = _WORD_AFTER.match(text, arrow.end("b")) if arrow["versus"] else None
        if word is not None and not _WHEN.fullmatch(word[1]) and not canonical_unit(word[1]):
            return  # "versus 3 other vendors": a count of what the noun names
        yield arrow.start("b"), arrow.end("b"), "unit"
        arrow = _ARROW_TAIL.match(text, arrow.end())


def _sets_the_test(text: str, match: re.Match[str]) -> bool:
    """Whether a throughput's number after "at" (:data:`_THROUGHPUT_AT`) is a setting of
    its test, with a unit or a noun of its own (:data:`_SETTING_AFTER`): "IOPS at 8 KiB
    blocks" names the block size, "IOPS at 2 million." states the IOPS."""
    return (
        _THROUGHPUT_AT.search(text, match.start(), match.start("figure")) is not None
        and _SETTING_AFTER.match(text, match.end("figure")) is not None
    )
