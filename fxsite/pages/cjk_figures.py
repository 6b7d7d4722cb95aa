"""Figures written in Chinese numerals and number words.

:mod:`fxsite.pages.figures` finds Arabic numbers with Chinese units
("178秒", "2.3亿元"); this module adds the figures Chinese writes in words:

* numerals before a unit: "两小时", "三倍", "一百瓦左右", "半小时", "九十六 秒" (a
  space between changes nothing);
* fractions and percentages in words: "三分之一", "百分之二十", "近一半", and
  百分之 before digits ("百分之97");
* doubling and halving: "翻了一番", "翻倍", "减半", "半減" (not "半减期", a half-life);
  tenths ("下降两成") after a word of change or before whom they are a share of
  ("九成用户");
* the financial numerals (大写: "玖拾肆秒", "叁佰元") and 廿, 卅, 卌 ("廿秒") as
  numerals;
  discounts ("8.5折", "五折起", "半价");
* figures a unit word alone does not make: rates written with 每 or 时速
  before the number ("每公斤2元", "时速350公里"), compound durations
  ("1小时40分"), durability nines ("11个9"), endurance in cycles
  ("循环寿命超过12,000次"), mixing ratios ("按1:3的比例"), and the value of a
  dimensionless efficiency metric ("PUE降至1.15");
* in English too, through :mod:`fxsite.pages.named_values`: the value of a quantity named
  before it ("Save time: 94", "PUE降至1.15"), its change or range ("latency from 0.5 to
  0.12"), and a ratio written with its word ("按1:3的比例").

Its numerals and bound words are in :mod:`fxsite.pages.cjk_numerals`.

Vague amounts are not figures: "数十倍", "几分钟", "多小时" (a numeral after
数/几/多/好 is an estimate, not a value), and "一天"/"一年" alone are idioms
as "one day" is in English ("半年", "一个月" are durations), and "上半年" is a
half of the calendar year. "百公里加速" and "千卡集群" are names: a numeral
figure starts with one to ten (or 半), never with 百/千/万. "三元锂电池" and
"一元二次方程" name a chemistry and an equation, not a price.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from fxsite.evidence.numerals import (
    INSIDE_GROUPS,
    alternation,
)
from fxsite.evidence.units import KANA_HANGUL_CURRENCY, UNITS, is_cjk
from fxsite.pages.cjk_counts import count_candidates
from fxsite.pages.cjk_numerals import (
    AFTER,
    BEFORE,
    FINANCIAL,
    FINANCIAL_ALL,
    FIRST,
    FIRST_CUE,
    MAG,
    NUMBER,
    NUMERALS,
    SPACE,
    SPACES,
)
from fxsite.pages.lazyre import LazyPattern, holds as _holds, needles as _needles
from fxsite.pages.named_values import named_value_candidates

__all__ = [
    "CJK_NUMERAL",
    "CJK_UNITS",
    "DIGIT_ONLY_UNITS",
    "TRADITIONAL",
    "cjk_candidates",
]

#: Units written in Chinese: the vocabulary's aliases ("秒", "倍", "元") and
#: units prose uses that records do not need. "英寸" is a unit ("屏幕尺寸6.78英寸")
#: except right before a noun, where it names a form factor ("2.5英寸硬盘",
#: "19英寸机柜"; see :mod:`fxsite.pages.figures`). "度" and "转" are units after
#: digits only (:data:`DIGIT_ONLY_UNITS`).
CJK_UNITS = {n for u in UNITS.values() for n in (u.symbol, *u.aliases) if any(map(is_cjk, n))} | {
    *[
        "分贝",
        "度电",
        "瓦时",
        "兆瓦时",
        "吉瓦",
        "吉瓦时",
        "太瓦时",
        "毫安时",
        "千伏",
        "伏特",
        "兆字节",
        "千字节",
        "吉字节",
        "太字节",
    ],
    *[
        "平方米",
        "平方公里",
        "平方千米",
        "立方米",
        "公顷",
        "亩",
        "升",
        "毫升",
        "英里",
        "海里",
        "马力",
        "纳米",
        "微米",
        "帧",
        "转/分钟",
        "英寸",
        "尼特",
        "流明",
        "勒克斯",
        "马赫",
        "斤",
        "标准箱",
        "平米",
        "个工作日",
        "工作日",
        "个交易日",
        "个季度",
        "刻钟",  # "一刻钟" is a quarter-hour ("一刻" alone, a moment, is no unit)
    ],
    # Imperial, energy, pressure, torque, effort and machine time
    *[
        "英尺",
        "盎司",
        "磅",
        "加仑",
        "公升",
        "大卡",
        "卡路里",
        "安培",
        "毫安",
        "兆帕",
        "千帕",
        "牛·米",
        "牛米",
        "千赫",
        "华氏度",
        "光年",
        "千米每小时",
        "米每秒",
        "卡时",
        "核时",
        "机时",
        "人天",
        "人日",
        "人月",
        "人年",
    ],
    *[
        "港元",
        "港币",
        "日元",
        "韩元",
        "澳元",
        "加元",
        "英镑",
        "卢布",
        "万元",
        "亿元",
        # Money in colloquial words: "三百块钱", "3毛钱", "320美金" (块, 刀 and 大洋 alone,
        # only after a price word: :data:`_SLANG_PRICE`).
        "块钱",
        "毛钱",
        "美金",
        "像素",
        "万像素",
    ],
}
#: Units after digits, never after a numeral: "3,000万度" is kilowatt-hours (or
#: degrees: a figure either way) and "7200转" revolutions, but "一度下跌" means
#: "at one point" and "一转眼" "in a blink".
DIGIT_ONLY_UNITS = {"度", "转"}
#: The Japanese and Korean forms of a price, written as the Chinese one: "300円", "三百円",
#: "300원", "300ドル", "300달러" ("関東一円" is "throughout Kanto": :data:`_IDIOM`).
_UNITS = CJK_UNITS | KANA_HANGUL_CURRENCY
#: Traditional characters of numerals, units and words of change, read as their
#: simplified forms, one for one ("快了兩倍" is "快了两倍", "47個百分點" "47个百分点"): the
#: rules below are written once, in simplified characters. "時" and "鐘" are not folded:
#: Japanese writes "3時間" so, and the units' aliases hold their traditional forms.
TRADITIONAL = dict(zip("兩個點萬億幾約於減數級達過", "两个点万亿几约于减数级达过", strict=True))

# "三点五倍": a decimal point in words, before a unit ("三点五十分" is a time);
# "十余年", "两千多万元": more than the number, still a figure; "一年半", "两个半小时",
# "3个半月", "一小时半", "一分半", "两分半钟": a half after the unit.
_HALF_AFTER = r"(?:个半(?:小时|月)|年半|天半|个?小时半|分半钟?|分钟半)"
# A number in numerals, not after a word that makes it an estimate or an ordinal.
_NOT_ESTIMATE = rf"(?<![数几多好第{NUMERALS}])"
_NUMERAL = (
    rf"(?:[{FIRST}][{NUMERALS}]*(?:点[{NUMERALS}]+)?"
    rf"|(?<![{FINANCIAL_ALL}])[{FINANCIAL}][{FINANCIAL_ALL}]*)"
)
#: A number written in Chinese numerals ("九十四", "叁佰"), as a figure starts with one.
CJK_NUMERAL = _NOT_ESTIMATE + _NUMERAL
_NUMERAL_FIGURE = LazyPattern(
    rf"{_NOT_ESTIMATE}{BEFORE}?{_NUMERAL}"
    rf"(?:{_HALF_AFTER}|(?:余|多|来)?(?:{MAG})?{SPACE}(?:{alternation(_UNITS)}|[%％])){AFTER}?"
)
# "折" of a discount, not of folding, bending or converting ("折叠", "折腾", "折合").
_NOT_DISCOUNT = "(?!叠|腾|扣|服|射|算|旧|合|线|返|现|损|磨)"
_WORD_FIGURE = LazyPattern(
    rf"(?<![数几多好{NUMERALS}]){BEFORE}?"
    rf"(?:百分之(?:[{NUMERALS}点]+|{NUMBER})|[{FIRST}][{NUMERALS}]*分之[{NUMERALS}]+|一半)"
    r"|翻了?一番|翻了?两番|翻倍|翻番|倍増|倍增(?!长)"  # doubled: Japanese "倍増" (blind26)
    r"|[减減]半|半[减減](?!期)"  # halved ("减半", "半減"); "半减期" is a half-life
    # "超百亿元", "突破千亿元": 百/千 start a figure only as a scale of money
    # ("千亿参数", "百公里加速" are names)
    rf"|{BEFORE}?[百千](?:万|亿)(?:元|美元|欧元|日元|港元|英镑)"
    r"|(?:[一两二三四五六七八九]|(?<![\d.])\d{1,2})[个個]数量级"  # "an order of magnitude", "2个数量级"
    r"|(?:近|约|超|逾)(?:十|百|千)?[万萬](?:元|美元)|(?:近|约|超|逾)[百千](?:元|美元)"  # "近万元"
    rf"|[千万]分之(?:[{NUMERALS}点]+|{NUMBER})"  # per mille: "千分之三", "千分之3"
    # "近百倍", "千倍" ("上百倍", "成百上千倍" are vague)
    rf"|(?<![上数几成]){BEFORE}?[百千万]倍"
    rf"|(?<![{NUMERALS}])[一二三四五六七八九]{{1,2}}折{_NOT_DISCOUNT}|半价|半額|打[了个]?对折"
    # "百来秒" (about a hundred seconds), "百秒弱" (just under a hundred seconds): 百/千 start
    # a figure a word of about or under makes one ("百秒" alone may be a name)
    rf"|(?<![数几多好上成{NUMERALS}])[百千](?:来(?:{MAG})?{SPACE}(?:{alternation(_UNITS)})"
    rf"|{SPACE}(?:{alternation(_UNITS)})[弱強])"
    # "百七十八秒" (178 s, the leading 一 left out), "百余秒", "百多年", "千二百元": 百/千 with
    # more numerals, or 余/多, before a unit ("百秒", "千元机" alone may be names)
    rf"|(?<![数几多好上成{NUMERALS}])[百千](?:[{NUMERALS}]+|余|多)(?:{MAG})?{SPACE}"
    rf"(?:{alternation(_UNITS)})"
    # Japanese "半分" (half) before a particle or a bound: "半分になった", "半分以下"
    r"|半分(?=[にのでだ]|以下|以上|程度|ほど|くらい|近く)"
    r"|亚(?:毫秒|微秒|纳秒|秒)(?!杀)"  # "亚毫秒", "亚秒级": under one unit ("东南亚秒杀" sells)
    # "个位数毫秒" (single-digit milliseconds), as "single-digit millisecond" (blind20)
    rf"|[个個两兩三][位]数{SPACE}(?:{alternation(_UNITS)})"
    # "百万级 IOPS", "千万级 QPS" (an order of a rate), as "millions of IOPS" is not: an
    # order of a rate of work is a claim of throughput (blind20); "百万级用户" counts people
    rf"|(?<![{NUMERALS}])(?:[十百千]万|亿|[万萬]){SPACE}级{SPACE}(?:IOPS|QPS|TPS|RPS|OPS|次/秒|次每秒)"
)
#: Japanese and Korean fractions: "3分の1", "三分の一", "3분의 1" (blind20: "3분" is no three
#: minutes there); Korean text has no Chinese character to run the rules above.
_KANA_FRACTION = LazyPattern(
    rf"(?:\d{{1,3}}|[{NUMERALS}]{{1,3}}){SPACE}(?:分の|분의){SPACE}(?:\d{{1,3}}|[{NUMERALS}]{{1,3}})"
)
# Halved ("腰斩", cut at the waist) after what it halves: "成本直接腰斩", "股价遭腰斩"
# ("项目被腰斩": a project is axed).
_HALVED = LazyPattern(
    r"(?:成本|价格|售价|股价|利润|净利润|营收|收入|市值|估值|销量|销售额|订单|延迟|时延|时间|耗时"
    r"|功耗|能耗|费用|开销|支出|预算|业绩)[^\d，。；,;:：]{0,4}?(?P<figure>腰斩)"
)
# Whom tenths before them are a share of: "九成用户受益" (90% of users).
_SHARE_OF = "用户|用戶|客户|客戶|企业|企業|玩家|开发者|開發者|受访者|受訪者|的"
# Tenths after a word of change or share: "下降两成", "占近三成", "增长一成以上", "降低 4 成".
# Elsewhere 成 is a verb or an idiom ("八成是", "一成不变").
_NOT_TENTHS = "(?!不变|功|本|为|立|员|交|果|绩|熟|长|型|品|就|都|是|了)"
_TENTHS = LazyPattern(
    r"(?:增长|增加|提升|提高|上涨|上升|下降|下跌|下滑|回落|减少|降低|缩减|缩水|节省|节约|降价|涨价"
    r"|占|约|近|超过|超|逾|达到|达|的|为|仅)"
    rf"了?{SPACE}(?P<figure>{BEFORE}?(?:(?:[一二两三四五六七八九](?:到|至|~|～|-))?"
    rf"[一二两三四五六七八九]|(?<![\d.])\d(?:\.\d)?{SPACE})成"
    rf"{_NOT_TENTHS}{AFTER}?)"
    rf"|(?P<bounded>(?<![{NUMERALS}])[一二两三四五六七八九]成(?:{AFTER}|(?={_SHARE_OF})))"
)
_CJK_UNIT = alternation(_UNITS)
# A rate prefix right before a number: "每秒10万次", "时速120公里", "每公斤2元",
# "每秒80 tokens". Per a unit of time or of a physical quantity; "每人", "每10股"
# count things.
_PER_UNIT = (
    r"秒钟?|分钟|小时|天|日|周|月|年|季度|瓦|公斤|千克|斤|吨|度电|度|千瓦时|兆瓦时|平方米|平米"
    r"|立方米|公里|千米|米|升|[KMGTP]B"
)
_RATE_PREFIX = LazyPattern(
    rf"(?:每(?:{_PER_UNIT})|时速|秒速)(?:可达|达|约|超过|高达)?"
    rf"\d+(?:,\d{{3}})*(?:\.\d+)?{MAG}?"
    rf"(?:{_CJK_UNIT}|[ \u00a0]?[A-Za-z]+(?![A-Za-z0-9_])|[\u4e00-\u9fff])?"
)
# A discount: "8.5折" (or "8.5 折", spaced) is 15% off ("折叠" folds).
_DISCOUNT = LazyPattern(rf"(?<![A-Za-z0-9_.])\d(?:\.\d)?{SPACE}折{_NOT_DISCOUNT}")
# A count per unit of time: "5000次/秒", "30帧/秒", "±2次/分钟".
_CJK_RATE = LazyPattern(
    rf"(?<![A-Za-z0-9_.]){INSIDE_GROUPS}{NUMBER}{MAG}?[\u4e00-\u9fff]{{1,2}}"
    r"/(?:秒钟?|分钟|小时|天|月|年|s|h|min)"
    # a count per a quantity: "0.0003次/GB" (a failure rate)
    rf"|(?<![A-Za-z0-9_.]){INSIDE_GROUPS}{NUMBER}{MAG}?次/(?:[KMGTPE]?B|[A-Za-z]{{1,8}}|[\u4e00-\u9fff]{{1,2}})"
)
# A count per second after a verb: "每秒处理10万次请求", "每分钟可完成1,200笔交易".
# (Per day or year, "每天新增5000名用户" counts people, not throughput.)
_THROUGHPUT = LazyPattern(
    r"每(?:秒钟?|分钟|小时)(?:[^\d，。；,;:：\s]{1,4}?)"
    rf"(?P<figure>{BEFORE}?\d+(?:,\d{{3}})*(?:\.\d+)?{MAG}?(?:余|多)?[\u4e00-\u9fff])"
)
# A fraction in digits after "of" or a verb of change: "降至原来的1/5", "占1/3"
# ("截至1/31" and "于1/3" are dates).
_DIGIT_FRACTION = LazyPattern(
    r"(?:的|为|(?<!截)至|到|占|仅|只有|约|近|不到|超过)"
    rf"(?P<figure>{BEFORE}?(?<![\d/])\d{{1,2}}/\d{{1,3}}(?![\d/.:]))"
)
# One duration in two units: "1小时40分", "3分20秒".
_COMPOUND_TIME = LazyPattern(
    r"(?<![A-Za-z0-9_.])\d+(?:个)?小时\d{1,2}分(?:钟)?(?:\d{1,2}秒)?"
    r"|(?<![A-Za-z0-9_.])\d+分(?:钟)?\d{1,2}秒"
    rf"|(?<![A-Za-z0-9_.])\d+{_HALF_AFTER}"
)
# Index points: "收于3,050.5点", "下跌1.5个点" ("下午3点" is a time of day).
_INDEX_POINTS = LazyPattern(
    r"(?<![A-Za-z0-9_.,])(?:(?:\d{1,3}(?:,\d{3})+|\d{3,})(?:\.\d+)?|\d+\.\d+)个?点(?![\d钟半])"
)
# Durability in nines: "11个9" is 99.999999999%; spaced, or in Chinese numerals ("5 个 9",
# "六个九", "五个9", as English "six nines").
_NINES = LazyPattern(
    r"(?<![A-Za-z0-9_.零〇一二两三四五六七八九十])(?:\d{1,2}|[一二两三四五六七八九十]{1,3})[ \u00a0]?个"
    r"[ \u00a0]?(?:9|九)(?![\d.])(?!(?!的|以上|以下|左右)[\u4e00-\u9fff])"
)
# Endurance in cycles: "循环寿命超过12,000次", "擦写次数达10万次"; elsewhere 次 counts.
_ENDURANCE = LazyPattern(
    rf"(?:寿命|循环|擦写|插拔|耐久)[^\d，。；,;]{{0,4}}?"
    rf"(?P<figure>{BEFORE}?\d+(?:,\d{{3}})*(?:\.\d+)?{MAG}?次{AFTER}?)"
)
# An amount of money written without its unit, as financial news does:
# "营收1,024亿", "净利润32.5亿，同比…" ("1.2亿用户" counts people).
_MONEY_WORD = (
    r"营收|营业收入|收入|净利润|利润|营业额|销售额|市值|估值|投资|融资|成交额|GMV|金额|资产"
    r"|负债|预算|订单额|市场规模|交易规模|出口额|进口额|税收|亏损"
)
# A price written without its unit after a price word: "售价4999起", "月供3,000";
# and a promotion "满200减30".
_PRICE_WORD = (
    r"售价|起售价|到手价|价格|单价|均价|报价|票价|月供|首付|租金|月租|月薪|年薪|补贴|定价|预售价"
    r"|月费|年费|会费|服务费|订阅费"  # "月费仅199", "年费 299" (blind20)
)
_UNITLESS_PRICE = LazyPattern(
    rf"(?:{_PRICE_WORD})(?:为|是|仅|仅为|只要|低至|约|达|高达|[ :：])?"
    rf"(?P<figure>{BEFORE}?(?<![\d.,])\d+(?:,\d{{3}})*(?:\.\d+)?(?:余|多)?{MAG}?(?:起|{AFTER})?"
    # after a price word 分 is a cent, and a price may be per use: "单价低至0.3分/次"
    r"(?:分(?:/次|每次)?)?)"
    r"(?![\u4e00-\u9fff A-Za-z0-9%])(?![.,]\d)"
)
# Money in slang after a word of spending or price: "花费310块", "花了三百块", "只要330刀",
# "花费340大洋", "才3毛" (elsewhere 块 counts parts, "3块硬盘", and 刀 cuts, "砍了3刀").
_SPEND_WORD = (
    r"花费|花了|花掉|只要|只需|仅需|仅要|才|要价|收费|售价|价格|价钱|费用|成本|卖了?|付了?|值"
)
_SLANG_PRICE = LazyPattern(
    rf"(?:{_SPEND_WORD})[^\d，。；,;:：！？\s]{{0,4}}?"
    rf"(?P<figure>{BEFORE}?(?:(?<![\d.,]){NUMBER}|[{FIRST}][{NUMERALS}]*)(?:{MAG})?(?:块|刀|大洋|毛)钱?)"
    r"(?!(?!左右|每|一[年月天次])[\u4e00-\u9fffA-Za-z0-9])"
)
_SLANG_CUE = _needles("块", "刀", "大洋", "毛")
_SPEND_AND_SAVE = LazyPattern(r"满(?P<spend>\d+(?:\.\d+)?)元?减(?P<off>\d+(?:\.\d+)?)")
_UNITLESS_MONEY = LazyPattern(
    rf"(?:{_MONEY_WORD})[^\d，。；,;:：]{{0,6}}?"
    rf"(?P<figure>{BEFORE}?(?<![\d.,])\d+(?:,\d{{3}})*(?:\.\d+)?(?:余|多)?(?:万亿|亿|万){AFTER}?)"
    r"(?![\u4e00-\u9fff A-Za-z0-9])"
)
_IDIOM = LazyPattern(r"一(?:天|年|円)")
#: After "年", characters that make it no duration: a grade ("三年级"), a decade
#: ("90年代"), a fiscal year ("2024年度").
_NOT_YEARS = {"级", "代", "度"}
_TIME_WORDS = ("秒", "秒钟", "分钟", "小时", "天", "周", "星期", "个月", "年")
_DIGIT = re.compile(r"\d")
_HAN = LazyPattern(r"[\u4e00-\u9fff]")  # its table is compiled for text beyond ASCII only
# Names with a numeral and a price unit: "三元锂电池", "三元催化", "一元二次方程".
_NAME_AFTER_YUAN = LazyPattern(r"锂|材料|正极|前驱体|电池|催化|一次|二次|三次|方程|函数|论|化")


#: What every match of a rule holds, one of them at least: a rule runs only on
#: text that has one (:func:`~fxsite.pages.lazyre.holds`).
_WORD_CUE = _needles(
    "分之",
    "位数",
    "级",
    "一半",
    "翻",
    "减半",
    "減半",
    "半减",
    "半減",
    "倍増",
    "倍增",
    "万",
    "萬",
    "亿",
    "数量级",
    "倍",
    "折",
    "半价",
    "半額",
    "半分",
    "百来",
    "千来",
    *(f"{scale}{after}" for scale in "百千" for after in NUMERALS + "余多"),
    "弱",
    "強",
    "百元",
    "千元",
    "亚",
)
_TENTHS_CUE = _needles("成")
_SPEND_CUE = _needles("满")
#: The rules of Chinese text that read digits: (rule, its figure's group, kind, cue).
_DIGIT_RULES: tuple[tuple[LazyPattern, str | int, str, re.Pattern[str]], ...] = (
    (_RATE_PREFIX, 0, "unit", _needles("每", "速")),
    (_CJK_RATE, 0, "unit", _needles("/")),
    (_DISCOUNT, 0, "unit", _needles("折")),
    (_COMPOUND_TIME, 0, "unit", _needles("分", "半")),
    (_NINES, 0, "unit", _needles("个9", "个 9", "个\u00a09")),
    (_INDEX_POINTS, 0, "unit", _needles("点")),
    (_ENDURANCE, "figure", "unit", _needles("次")),
    (_THROUGHPUT, "figure", "unit", _needles("每")),
    (_DIGIT_FRACTION, "figure", "unit", _needles("/")),
    (_UNITLESS_MONEY, "figure", "unit", _needles("万", "亿")),
    (_UNITLESS_PRICE, "figure", "currency", _needles(*_PRICE_WORD.split("|"))),
)


def cjk_candidates(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, kind) of every figure in Chinese words in ``text``.

    Also counts and rates of work in Chinese, Japanese and Korean
    (:mod:`fxsite.pages.cjk_counts`), and the values of quantities named before them,
    which read English as well (:mod:`fxsite.pages.named_values`: "a PUE of 1.2", "a 3:1
    ratio"). Text without a Chinese character or a digit skips the rules that need one.
    """
    digit = _DIGIT.search(text) is not None
    if not text.isascii() and _HAN.search(text) is not None:
        yield from _chinese(text, digit=digit)
    if not text.isascii():
        yield from count_candidates(text)
        if "分の" in text or "분의" in text:
            for match in _KANA_FRACTION.finditer(text):
                yield match.start(), match.end(), "number-word"
    yield from named_value_candidates(text, digit=digit)


def _chinese(text: str, *, digit: bool) -> Iterator[tuple[int, int, str]]:
    if _holds(text, FIRST_CUE):
        yield from _numerals(text)
    if _holds(text, _WORD_CUE):
        for match in _WORD_FIGURE.finditer(text):
            yield match.start(), match.end(), "number-word"
    if _holds(text, _TENTHS_CUE):
        for match in _TENTHS.finditer(text):
            tenths = "figure" if match["figure"] is not None else "bounded"
            yield match.start(tenths), match.end(tenths), "number-word"
    if _holds(text, _SLANG_CUE):
        for match in _SLANG_PRICE.finditer(text):
            yield match.start("figure"), match.end("figure"), "currency"
    if "腰斩" in text:
        for match in _HALVED.finditer(text):
            yield match.start("figure"), match.end("figure"), "number-word"
    if "个九" in text or "个 九" in text:  # nines in numerals ("六个九"): no digit needed
        for match in _NINES.finditer(text):
            yield match.start(), match.end(), "number-word"
    if not digit:
        return
    for pattern, group, kind, cue in _DIGIT_RULES:
        if _holds(text, cue):
            for match in pattern.finditer(text):
                yield match.start(group), match.end(group), kind
    if _holds(text, _SPEND_CUE):
        for match in _SPEND_AND_SAVE.finditer(text):
            yield match.start("spend"), match.end("spend"), "currency"
            yield match.start("off"), match.end("off"), "currency"


def _numerals(text: str) -> Iterator[tuple[int, int, str]]:
    for match in _NUMERAL_FIGURE.finditer(text):
        found = match.group().translate(dict.fromkeys(map(ord, SPACES)))
        if _IDIOM.fullmatch(found):
            continue
        if found.startswith("半") and text[match.start() - 1 : match.start()] in {"上", "下"}:
            continue  # "上半年" is a half of the calendar year
        if found.endswith("元") and _NAME_AFTER_YUAN.match(text, match.end()):
            continue  # "三元锂电池" names a chemistry
        after = text[match.end() : match.end() + 1]
        if found.endswith("年") and after in _NOT_YEARS:
            continue  # "三年级" is a school grade
        if after == "前" and found.endswith(_TIME_WORDS):
            continue  # "两小时前" is a point in time
        if after == "期" and found.endswith(("年", "个月")):
            continue  # "十年期国债": a tenor names the instrument
        if (found.endswith("周") and after == "年") or text.startswith("无理由", match.end()):
            continue  # "二十五周年" an anniversary, "七天无理由退货" a policy's name
        yield match.start(), match.end(), "number-word"
