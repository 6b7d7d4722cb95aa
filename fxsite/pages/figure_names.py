"""Names that look like figures: the exceptions of the bare-figure detector.

:func:`is_name` is asked about every number-plus-unit match of
:mod:`fxsite.pages.figures`, and :func:`names_a_class` about every figure found
(a part by its size: :mod:`fxsite.pages.part_names`; a plan's period, an event's length);
each rule says why its shape names something rather than stating a quantity.
"""

from __future__ import annotations

import re

from fxsite.evidence.numerals import alternation
from fxsite.evidence.units import UNITS
from fxsite.pages.lazyre import LazyPattern, needles
from fxsite.pages.part_names import names_a_part
from fxsite.pages.sentences import sentence_span
from fxsite.pages.time_spans import CJK_COUNT, COUNT, names_a_period, names_a_span

__all__ = ["FOUNDRY_BEFORE", "NAMED", "NODE_AFTER", "is_name", "names_a_class"]

# Test and process names: "0-100 km/h" (an acceleration test), "5nm 工艺" and
# "台积电4nm" (a process node), "约需5分钟阅读" (a reading time, like "5 min read").
NAMED = re.compile(r"0[-–]\d+\s?(?:km/h|mph)")
#: Phrases whose number or number word states no quantity (blind60): idioms ("doubled
#: down", "my two cents", "a 10,000-foot view", "a million-dollar question", "三天打鱼两天
#: 晒网" for doing something by fits and starts, "三天两头" for often, "一秒钟也不" for not a
#: moment), slogans ("100 percent committed", "Built for the 99%."), a drive's form
#: factor in inch marks ('a 3.5" drive', as "a 3.5-inch drive" is), and identifiers and
#: names (a rack's width, an IEEE standard, an erasure code, a MAC address, an award).
#: A figure found inside one is not a figure.
IDIOMS = LazyPattern(
    r"\b(?i:doubl(?:e|es|ed|ing))[ \u00a0]+(?i:down)\b"
    r"|\b(?i:my|our|your|his|her|their)[ \u00a0]+(?i:two|2)[ \u00a0]+(?i:cents)\b"
    r"|\b\d{1,3}(?:,?\d{3})*-(?i:foot|feet)[ \u00a0]+(?i:view|level|overview|perspective)\b"
    r"|(?:\b(?i:a)[ \u00a0]+)?\b(?i:million|billion|trillion|thousand|hundred)-(?i:dollar)"
    r"[ \u00a0]+(?i:questions?)\b"
    r"|\b(?:1\.8|2\.5|3\.5|5\.25)(?:\"|″|'')[ \u00a0]?(?:(?:U\.[23]|E[13]\.[SL]|SATA|SAS|NVMe)"
    r"[ \u00a0])?(?i:drives?|disks?|HDDs?|SSDs?|bays?)\b"
    # identifiers and names (blind70): a rack's width ('a 19" rack', '19" or 23" rack'), an
    # IEEE 802 standard ("802.1X", "802.11ax"), an erasure code ("4+2 EC"), a MAC address, an
    # award won again ("a 2x Gartner Peer Insights Customers' Choice"), "a 10x mindset"
    r"|\b(?:19|21|23)(?:\"|″|'')(?:[ \u00a0](?i:or|and)[ \u00a0](?:19|21|23)(?:\"|″|''))?"
    r"[ \u00a0]?(?i:racks?|rack-?mount\w*|cabinets?)\b"
    r"|(?<![\w.])802\.\d{1,2}[A-Za-z]{0,3}(?![A-Za-z0-9])"
    r"|\b\d{1,2}\+\d{1,2}[ \u00a0]?(?:EC|(?i:erasure))\b"
    r"|\b(?:[0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}\b"
    r"|\b\d{1,2}[x×][ \u00a0](?:Gartner|Forrester|IDC|(?i:(?:time[ \u00a0])?(?:winner|champion"
    r"|recipient|honou?ree)|award-winning))\b"
    r"|\b10[x×][ \u00a0](?i:mindset|engineers?|developers?|programmers?|culture|thinking)\b"
    r"|三天打鱼[，,]?两天晒网|三天两头|一(?:秒钟?|分钟|刻)(?:也|都)不"
    # slogans (blind69): "100 percent committed", "110% sure", "Built for the 99%."
    r"|\b(?:100|110|(?i:a|one)[ \u00a0]+(?i:hundred))(?:[ \u00a0]?%|[ \u00a0]+(?i:percent))[ \u00a0]+"
    r"(?i:committed|sure|certain|confident|dedicated|focused|behind|serious|honest|on[ \u00a0]+board)\b"
    r"|\b(?i:for|of|with|by)[ \u00a0]+(?i:the)[ \u00a0]+(?:99|1)(?:[ \u00a0]?%|[ \u00a0]+(?i:percent))"
    r"(?![ \u00a0]*[\w(])"
)
#: What every phrase of :data:`IDIOMS` holds, looked for first.
IDIOM_CUE = re.compile(
    needles(
        "down",
        "cents",
        "-foot",
        "-feet",
        "-dollar",
        '"',
        "″",
        "''",
        "晒网",
        "也不",
        "都不",
        "%",
        "percent",
        "802.",
        "+",
        ":",
        *("gartner", "forrester", "idc", "winner", "champion", "recipient", "honoree"),
        *("honouree", "award-winning", "mindset", "engineer", "developer", "programmer"),
        *("culture", "thinking"),
    ).pattern,
    re.IGNORECASE,
)
NODE_AFTER = re.compile(r"\s?(?:工艺|制程|(?i:process|node|technology|class)\b)")
FOUNDRY_BEFORE = re.compile(r"(?:台积电|三星|中芯国际?|英特尔|TSMC|Samsung|Intel|制程|工艺)\s?\Z")
_READING_AFTER = re.compile(r"\s?阅读")
# A size right before "版本" names a variant: "256GB版本", "16GB+512GB版".
_VARIANT_AFTER = re.compile(r"[ ]?(?:\+[ ]?\d+(?:\.\d+)?[GT]B[ ]?)?(?:版本|版|款)")
_CJK_TIME = {"秒", "秒钟", "分钟", "小时", "个小时", "天", "周", "个星期", "个月", "年"}
# A compass point after an angle: a coordinate ("51.5074° N", "0.1278°W").
_COMPASS_AFTER = re.compile(r"\s?[NSEW]\b")
# A word naming a place before its number and letter: "Hall 5 B", "stand 12 K", "Gate 3 C".
_PLACE_BEFORE = re.compile(
    r"\b(?i:hall|stand|booth|gate|room|building|bldg\.?|floor|row|seat|aisle|suite|platform"
    r"|terminal|pier|bay|block|wing|level|zone|unit|apt\.?|apartment|flat|house|no\.?)\s\Z"
)
# "every" before a period: a schedule ("runs every 5 minutes"), not a duration measured.
_EVERY_BEFORE = re.compile(r"\b(?i:every)\s\Z")
#: A schedule in Chinese, Japanese and Korean: "每 5 秒", "每隔 5 分钟", "5秒ごと", "5分おき",
#: "5초마다".
_EVERY_CJK_BEFORE = re.compile(r"每隔?[ \u00a0]?\Z")
_EVERY_CJK_AFTER = re.compile(r"[ \u00a0]?(?:ごと|毎|おき|마다)")
_EAST_ASIAN_TIME = {
    "秒",
    "秒钟",
    "分钟",
    "分",
    "分間",
    "小时",
    "時間",
    "天",
    "日",
    "초",
    "분",
    "시간",
    "일",
}
_TIME_UNITS = {
    *("ms", "s", "sec", "secs", "min", "mins", "h", "hr", "hrs", "second", "seconds"),
    *("minute", "minutes", "hour", "hours", "day", "days", "week", "weeks", "month", "months"),
}
# A noun right after "N英寸" makes the size a class name; a particle or a bound does not.
_FORM_FACTOR_AFTER = re.compile(r"(?!的|以|左右|起)[\u4e00-\u9fff]")
_CJK_DATE = re.compile(r"(?:1[89]|20)\d\d年|\d{1,4}年(?=\d{1,2}月)")
# A product code right before a glued size: "A100 80GB", "MI300X 192GB", "RTX 4090 24GB".
_PRODUCT_BEFORE = re.compile(
    r"\b(?:[A-Z][A-Za-z]*\d+[A-Za-z0-9]*|[A-Z]{2,}[ -]\d{3,5}[A-Za-z]?)[ -]\Z"
)
_DECADE = re.compile(r"(?:1[89]|20)\d0s\Z|(?<=')\d0s\Z|(?<=(?i:the) )\d0s\Z")
_SIZES = {u.symbol for u in UNITS.values() if u.dimension == "size"} | {
    a for u in UNITS.values() if u.dimension == "size" for a in u.aliases
}


def is_name(text: str, match: re.Match[str]) -> bool:
    """True when a number-plus-unit match (groups ``symbol``, ``word``) is a name."""
    symbol = match["symbol"]
    start, end = match.span()
    if NAMED.fullmatch(text, start, end):
        return True  # "0-100 km/h" names an acceleration test
    if symbol is not None and _latin_name(text, match, symbol):
        return True
    if symbol is not None and _chinese_name(text, start, end, symbol):
        return True
    unit = symbol or match["word"] or ""
    if unit in {"inch", "inches"} and re.match(r"\s+racks?\b", text[end : end + 7]):
        return True  # "a 19-inch rack" names a standard
    if unit == "°" and _COMPASS_AFTER.match(text, end):
        return True  # "51.5074° N" is a coordinate, a place
    if len(unit) <= 2 and (
        text.startswith(("'s", "’s"), end)
        or (text[start].isdigit() and _PLACE_BEFORE.search(text, max(0, start - 16), start))
    ):
        # "the 5 W's" are letters; "Hall 5 B", "stand 12 K" name a place; a bound before the
        # number is no place's number ("no more than 95 s" was read "No. more than": blind88)
        return True
    if (
        unit.lower() in _TIME_UNITS
        and _EVERY_BEFORE.search(text, max(0, start - 8), start)
        and not performs(text, start, end)
    ):
        return True  # "runs every 5 minutes" is a schedule ("restores complete every…" is not)
    if (
        unit in _EAST_ASIAN_TIME
        and (
            _EVERY_CJK_BEFORE.search(text, max(0, start - 4), start)
            or _EVERY_CJK_AFTER.match(text, end)
        )
        and not _schedules_work(text, start, end)
    ):
        return True  # "每 5 秒采样一次", "5秒ごとに", "5초마다" too (blind24)
    # "5 min read" labels a page, it claims nothing
    return unit.lower() in {"min", "mins", "minute"} and bool(
        re.match(r"\s+read\b", text[end : end + 6])
    )


def _latin_name(text: str, match: re.Match[str], symbol: str) -> bool:
    start, end = match.span()
    glued = not text[match.start("symbol") - 1].isspace()
    if symbol == "B" and glued:
        return True  # "32B LoRA", "Atlas 910B"
    if symbol == "s" and (
        _DECADE.search(text, start, end) or (glued and re.match(r"\s+of\b", text[end : end + 4]))
    ):
        return True  # "the 1990s", "100s of GPUs"; "3 s of slack" is seconds
    if symbol in _SIZES and glued and _PRODUCT_BEFORE.search(text, max(0, start - 24), start):
        return True  # "A100 80GB"
    return symbol in _SIZES and bool(_VARIANT_AFTER.match(text, end))  # "256GB版本"


def _chinese_name(text: str, start: int, end: int, symbol: str) -> bool:
    after = text[end : end + 1]
    if symbol == "年" and (_CJK_DATE.fullmatch(text, start, end) or after in {"级", "代", "度"}):
        return True  # "2026年" a date, "3年级" a grade, "90年代" a decade; "5年质保" is not
    if symbol in {"年", "个月"} and after == "期":
        return True  # "5年期国债", "3个月期": a tenor names the instrument
    if symbol in _CJK_TIME and after == "前":
        return True  # "2小时前", "3年前": a point in time, as a date is
    if symbol == "周" and after == "年":
        return True  # "25周年" is an anniversary
    if symbol == "天" and text.startswith("无理由", end):
        return True  # "7天无理由退货" names the statutory return policy
    if symbol == "转" and (_FORM_FACTOR_AFTER.match(text, end) or after.isdigit()):
        return True  # "7200转硬盘" names a drive class, "1转2" an adapter
    if symbol == "度" and text[start:end] == "360度" and _FORM_FACTOR_AFTER.match(text, end):
        return True  # "360度全景" names a view, as "a 360-degree view" does
    if symbol in {"英寸", "英尺"} and _FORM_FACTOR_AFTER.match(text, end):
        return True  # "2.5英寸硬盘", "19英寸机柜", "40英尺集装箱": a size class before its noun
    return symbol == "分钟" and bool(_READING_AFTER.match(text, end))  # "5分钟阅读" labels a page


# Periods that name a plan, not a quantity (parts named by their size:
# :mod:`fxsite.pages.part_names`). Each matches from the figure's first digit, so a bound
# word before it ("over a 12-month roadmap") keeps the figure a claim.
_COUNT = COUNT
# The period a metric is taken over ("the 3-Year TCO") or a plan or a model covers ("12-month
# roadmap", "3 year plan", "Five-year energy model": blind72); a warranty, a trial or a
# payback period is a figure.
_PERIOD = re.compile(
    rf"{_COUNT}[- ](?i:year|yr|month|quarter|week)(?=\s+(?:[A-Za-z-]+\s+)?(?:TCO|ROI|CAGR|NPV|IRR"
    r"|(?i:roadmaps?|plans?|planning|horizons?|outlooks?|forecasts?|strateg(?:y|ies)|timelines?"
    r"|programmes?|programs?|pilots?|visions?|models?|projections?|simulations?))\b)"
)
# A company's years of experience, as its history: "20 years of storage experience",
# "拥有 10 年行业经验" (blind24); not a performance figure.
_EXPERIENCE = re.compile(
    rf"{_COUNT}\+?[- ](?i:years?|decades?)(?=\s+of\s+(?:[A-Za-z-]+\s+){{0,3}}(?i:experience|expertise|history"
    r"|heritage)\b)"
    # in Chinese, in digits or numerals: "10 年行业经验", "十年行业经验" (blind70)
    rf"|{CJK_COUNT}[ \u00a0]?年(?=[\u4e00-\u9fff]{{0,4}}(?:经验|經驗|历史|歷史|积累|積累))"
)
# The length of an event or a piece of content, which names it as a reading time does
# ("a 45-minute keynote", "the 2-hour hands-on workshop", "a 2 min guide", "a 5-minute
# walk"); a trial, a guarantee or a warranty is a figure (an offer's term).
# The same in Chinese: "3年总拥有成本（TCO）", "三年 TCO", "五年规划" (blind22).
_PERIOD_CJK = re.compile(
    r"(?:\d+|[一二两三四五六七八九十]{1,3})[ \u00a0]?(?:年|个月)(?=[ \u00a0]?(?:总拥有成本|TCO|ROI"
    # the period a cost is taken or money saved over ("以5年使用周期计算", "五年累计节省电费": blind90)
    r"|投资回报|规划|计划|路线图|战略|愿景|展望|使用周期|生命周期|周期|累计))"
)
_EVENTS = (
    r"(?i:keynotes?|workshops?|webinars?|videos?|surveys?|walks?|drives?|rides?|courses?|summits?"
    r"|conferences?|guides?|tutorials?|talks?|breaks?|intros?|introductions?|overviews?"
    r"|podcasts?|episodes?|demos?|meetings?|calls?|classes?|lessons?|bootcamps?|hackathons?"
    r"|sprints?|presentations?|interviews?|quiz(?:zes)?|sessions?|quick-?starts?|walkthroughs?"
    r"|tours?|primers?|reads?|meetups?|seminars?|panels?|lectures?|warm-?ups?"
    r"|ramp-?ups?|cool-?downs?)"
)
_EVENT_UNITS = r"(?i:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?)"
_EVENT = re.compile(rf"{_COUNT}[- ]{_EVENT_UNITS}(?=\s+(?:[A-Za-z-]+\s+){{0,2}}{_EVENTS}\b)")
# The same length said after the event ("The webinar runs 45 minutes", "the keynote lasts
# an hour"; blind22); "the restore takes 45 minutes" is a figure.
_EVENT_LASTS = re.compile(
    # words between: "The keynote at StorageCon runs 1 hour" (blind32), "… and lasts"
    rf"\b{_EVENTS}\b(?:[^.;!?]{{0,40}}?\s(?i:and)|\s+(?i:at|on|in|for|of|with)\s[^.;!?]{{1,40}}?)?\s+"
    rf"(?i:runs|lasts|takes|is|will\s+(?:run|last|take))\s+(?:(?i:for)\s+)?"
    rf"(?:(?i:about|around|roughly|just|only)\s+)?\Z"
)
# The same in Chinese, Japanese and Korean, and what else names a time or a span of years
# by its length: a walk ("步行 5 分钟", "徒歩 3 分", "도보 5분"), a company's years ("成立十五年来",
# "創業 15 年", "50 年の歴史"), round the clock ("24 時間 365 日", "연중무휴 24시간") (blind26).
_EVENT_CJK = (
    "直播|会议|會議|研讨会|研討會|讲座|講座|培训|培訓|课程|課程|演讲|演講|活动|活動|ウェビナー"
    "|セミナー|講演|イベント|웨비나|세미나|강연|행사"
)
_NAME_BEFORE_CJK = re.compile(
    rf"(?:(?:{_EVENT_CJK})(?:的)?(?:时长|時長|は|는|은|为期|為期)?|步行|徒歩|도보|走路|车程|車程"
    r"|成立|創業|创立|創立|연중무휴|年中無休|全年无休|全天候|24[ \u00a0]?(?:時間|小时|小時|시간))"
    r"[ \u00a0]?(?:约|約|大约)?[ \u00a0]?\Z"
)
_NAME_AFTER_CJK = re.compile(
    rf"[ \u00a0]?(?:的)?(?:线上|在线|線上|オンライン|온라인)?[ \u00a0]?(?:{_EVENT_CJK})|来|來"
    r"|[ \u00a0]?の?(?:実績|歴史)|[ \u00a0]?365[ \u00a0]?[日天일]"
)
#: A reading time: "阅读约需 5 分钟" (blind40), as "5 分钟阅读" and "a 5 min read"; in
#: minutes only ("故障切换阅读约需 5 秒" is no reading: blind42).
_READING_BEFORE = re.compile(
    r"阅读(?:时间)?(?:约|大约)?(?:需要?|用时|为)?[ \u00a0]?(?:约|大约)?[ \u00a0]?\Z"
)
#: A UK postcode: "EC3A 8BF" names a place.
_POSTCODE = re.compile(r"\b[A-Z]{1,2}\d[A-Z\d]?[ \u00a0]\d[A-Z]{2}\b")
_EVENT_LENGTH = re.compile(
    rf"(?:(?i:about|around|roughly|approximately)\s+|~\s?)?{_COUNT}[- ]{_EVENT_UNITS}"
)
# The window a figure is reported over ("over the past 12 months we shipped 40 releases",
# "in the last 30 days", "the trailing four quarters": blind66), as a TCO's period is; and a
# company's age ("our 100-year-old company"), as "founded 100 years ago" is its history.
_WINDOW = re.compile(
    r"(?i:(?<=past )|(?<=last )|(?<=previous )|(?<=prior )|(?<=trailing ))"
    rf"{_COUNT}[- ](?i:years?|months?|quarters?|weeks?|days?|hours?)\b"
)
_AGE = re.compile(
    rf"{_COUNT}-(?i:year|decade)(?=-old\s+(?:[A-Za-z-]+\s+)?(?i:company|companies|firm|business"
    r"|brand|institution|enterprise|organi[sz]ation|family|tradition|house|maker|manufacturer)\b)"
)
# A service round the clock ("our 24-hour hotline", "24 hour support desk"), as "24/7" and
# "24小时" are (blind88); a 24-hour restore or rebuild is a figure.
_ROUND_THE_CLOCK = re.compile(
    r"24[- \u00a0]?(?i:hours?|hrs?)(?=\s+(?:[A-Za-z-]+\s+)?(?i:hotlines?|helplines?|help\s?desks?"
    r"|support|service|customer\s+service|coverage|monitoring|staffing|on-call|NOC|SOC|phone)\b)"
)
_CLASSES = (_PERIOD, _PERIOD_CJK, _EXPERIENCE, _WINDOW, _AGE, _ROUND_THE_CLOCK)
# "全年 365 天" runs every day of the year, as "365 days a year" does (blind24).
_ALL_YEAR = re.compile(r"(?:全年|一年)[ \u00a0]?\Z")
_DAYS_OF_A_YEAR = re.compile(r"36[56][ \u00a0]?[天日]")


def names_a_class(text: str, start: int, end: int) -> bool:
    """True when the figure at ``text[start:end]`` names a class of part or plan, or an
    event by its length (where its sentence names no operation a product performs:
    :func:`performs`)."""
    if names_a_part(text, start, end):
        return True
    if names_a_period(text, start, end) or any(
        (match := pattern.match(text, start)) is not None and match.end() == end
        for pattern in _CLASSES
    ):
        return True
    if _DAYS_OF_A_YEAR.fullmatch(text, start, end) and _ALL_YEAR.search(
        text, max(0, start - 4), start
    ):
        return True
    if _names_a_time(text, start, end) or names_a_span(text, start, end):
        return not performs(text, start, end)
    return False


def _names_a_time(text: str, start: int, end: int) -> bool:
    """The figure names an event, a walk, a company's years or a place: by an event's or a
    walk's length, or a postcode."""
    if (match := _EVENT.match(text, start)) is not None and match.end() == end:
        return True
    if not text.isascii() and (
        _NAME_BEFORE_CJK.search(text, max(0, start - 12), start) or _NAME_AFTER_CJK.match(text, end)
    ):
        return True
    if text.endswith(("分钟", "分鐘"), start, end) and _READING_BEFORE.search(
        text, max(0, start - 10), start
    ):
        return True  # a reading time in minutes
    postcode = _POSTCODE.search(text, max(0, start - 6), min(len(text), end + 4))
    if postcode is not None and postcode.start() <= start and end <= postcode.end():
        return True
    length = _EVENT_LENGTH.fullmatch(text, start, end)
    return length is not None and _EVENT_LASTS.search(text, max(0, start - 80), start) is not None


#: Operations a product performs, in Chinese, Japanese and Korean: what :data:`_PERFORMS`
#: names, and what a time in 分 alone may follow ("保存時間 15 分": :mod:`fxsite.pages.cjk_counts`).
OPERATIONS_CJK = (
    *("保存", "恢复", "恢復", "备份", "備份", "重建", "再構築", "復旧", "リストア", "バックアップ"),
    *("복구", "저장", "재구축", "백업", "チェックポイント", "检查点", "檢查點", "加载", "加載"),
    *("启动", "啟動", "迁移", "遷移", "同步", "复制", "複製", "写入", "寫入", "读取", "讀取"),
    *("스냅샷", "로드", "부팅", "刷盘", "落盘", "持久化", "回滚", "重启", "重啟", "克隆"),
    *("再起動", "再開", "書き込み", "読み込み", "쓰기", "읽기", "재시작", "快照", "断点续训"),
    *("续训", "训练", "訓練", "推理", "重载", "重載", "冷启动", "冷啟動", "故障切换", "故障切換"),
)
#: Words naming an operation a product performs, whose time, rate or size is measured: a
#: sentence that holds one states a figure by an event's, a walk's or a schedule's words
#: ("The restore takes a 5-minute warm-up", "检查点保存只需步行 5 分钟", "Restores complete
#: every 5 minutes": blind27).
_PERFORMS = re.compile(
    r"(?i:\b(?:restor\w*|backups?|back\s+up|sav(?:e|es|ed|ing)|checkpoint\w*|rebuild\w*"
    r"|recover\w*|failover|fail\s+over|replicat\w*|migrat\w*|boot\w*|load(?:s|ing)?"
    r"|latenc\w*|bandwidth|throughput|iops|sync\w*|snapshot\w*|resilver\w*|scrub\w*"
    r"|compaction|ingest\w*|quer(?:y|ies)|index(?:es|ing)?|training|inference|transfer\w*"
    r"|upload\w*|download\w*|deploy\w*|startup|start-up|response|flush\w*|commit\w*"
    r"|persist\w*|dump\w*|spill\w*|resum\w*|restart\w*|reboot\w*|clon(?:e|es|ed|ing)"
    r"|reload\w*|roll-?\s?backs?|rolled\s+back|cold\s+starts?"
    r"|provision\w*|rebalanc\w*|compress\w*|dedup\w*|encrypt\w*|decrypt\w*"
    r"|writ(?:e|es|ing|ten)))"
    rf"|{alternation(OPERATIONS_CJK)}|延迟|延遲|带宽|帶寬|吞吐|レイテンシ|완료|完了|完成|提交"
)


#: A topic before its name: "a guide to checkpoints", "a workshop on backups", "a guide
#: that explains checkpoints".
_TOPIC_BEFORE = re.compile(
    r"\b(?i:to|on|about|for|of|explains?|explaining|covers?|covering|introduces?)"
    r"\s+(?:(?i:the|our|your|a|an)\s+)?\Z"
)


#: The clause a Chinese schedule governs, after it up to its punctuation: "每 5 秒采样一次"
#: (samples), "每 60 秒才能完成一次" (finishes).
_CLAUSE_AFTER_CJK = re.compile(r"[^，。；！？,;.!?\n]{0,24}")


def _schedules_work(text: str, start: int, end: int) -> bool:
    """Whether a schedule in Chinese times an operation a product performs: the clause it
    governs decides where it has words ("训练任务每 5 秒采样一次" samples on a schedule,
    whatever the sentence trains: blind40; "每隔 5 分钟备份一次" backs up so often, and "NFS 每
    60 秒才能完成一次" finishes so often: figures, blind27 and blind42); else the sentence
    (:func:`performs`)."""
    clause = _CLAUSE_AFTER_CJK.match(text, end)
    words = clause.group() if clause is not None else ""
    if any("\u4e00" <= c <= "\u9fff" for c in words.replace("一次", "").replace("钟", "")):
        return _PERFORMS.search(words) is not None
    return performs(text, start, end)


#: How far from a figure :func:`performs` looks for the operation its sentence names.
_PERFORMS_REACH = 300


def performs(text: str, start: int, end: int) -> bool:
    """Whether the sentence around ``text[start:end]`` names an operation a product
    performs (:data:`_PERFORMS`), other than as a topic ("our 2 min guide to checkpoints"),
    within :data:`_PERFORMS_REACH` characters of it (a sentence of a thousand times with
    no stop was read whole for each: quadratic)."""
    first, last = sentence_span(text, start, end, _PERFORMS_REACH)
    return any(
        _TOPIC_BEFORE.search(text, max(first, m.start() - 16), m.start()) is None
        for m in _PERFORMS.finditer(text, first, last)
    )
