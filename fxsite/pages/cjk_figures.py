"""Figures written in Chinese numerals and number words.

:mod:`fxsite.pages.figures` finds Arabic numbers with Chinese units
("178秒", "2.3亿元"); this module adds the figures Chinese writes in words:

* numerals before a unit: "两小时", "三倍", "一百瓦左右", "半小时";
* fractions and percentages in words: "三分之一", "百分之二十", "近一半";
* doubling: "翻了一番", "翻倍".

Vague amounts are not figures: "数十倍", "几分钟", "多小时" (a numeral after
数/几/多/好 is an estimate, not a value), and "一天"/"一年" alone are idioms
as "one day" is in English ("半年", "一个月" are durations). "百公里加速" and "千卡集群" are names: a numeral
figure starts with one to ten (or 半), never with 百/千/万.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from fxsite.evidence.numerals import alternation
from fxsite.evidence.units import UNITS, is_cjk

__all__ = ["CJK_UNITS", "cjk_candidates"]

#: Units written in Chinese: the vocabulary's aliases ("秒", "倍", "元") and
#: units prose uses that records do not need. Not "英寸": "2.5英寸硬盘" and
#: "19英寸机柜" name form factors.
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
        "像素",
        "万像素",
    ],
}
_UNITS = CJK_UNITS
_FIRST = "一二两三四五六七八九十半"
_NUMERALS = "零一二两三四五六七八九十百千万亿"
_BEFORE = "(?:最高可达|不超过|大约|将近|超过|不到|不足|低于|小于|最高|高达|至少|最多|约|近)"
_AFTER = "(?:以上|以下|以内|左右)"

_NUMERAL_FIGURE = re.compile(
    rf"(?<![数几多好{_NUMERALS}]){_BEFORE}?[{_FIRST}][{_NUMERALS}]*(?:{alternation(_UNITS)}){_AFTER}?"
)
_WORD_FIGURE = re.compile(
    rf"(?<![数几多好{_NUMERALS}]){_BEFORE}?"
    rf"(?:百分之[{_NUMERALS}点]+|[{_FIRST}][{_NUMERALS}]*分之[{_NUMERALS}]+|一半)"
    r"|翻了?一番|翻了?两番|翻倍"
)
# A rate prefix right before a number: "每秒10万次", "时速120".
_RATE_PREFIX = re.compile(
    r"(?:每秒钟?|每分钟|每小时|每天|每月|每年|每瓦|时速|秒速)(?:可达|达|约|超过|高达)?"
    r"\d+(?:,\d{3})*(?:\.\d+)?(?:万亿|亿|万|千)?[\u4e00-\u9fff]?"
)
# A discount: "8.5折" is 15% off ("折叠" folds).
_DISCOUNT = re.compile(r"(?<![A-Za-z0-9_.])\d(?:\.\d)?折(?!叠)")
# A count per unit of time: "5000次/秒", "30帧/秒".
_CJK_RATE = re.compile(
    r"(?<![A-Za-z0-9_.])\d+(?:,\d{3})*(?:\.\d+)?(?:万亿|亿|万|千)?[\u4e00-\u9fff]{1,2}"
    r"/(?:秒钟?|分钟|小时|天|月|年|s|h|min)"
)
_IDIOM = re.compile(r"一(?:天|年)")


def cjk_candidates(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, kind) of every figure in Chinese words in ``text``."""
    for match in _NUMERAL_FIGURE.finditer(text):
        if _IDIOM.fullmatch(match.group()):
            continue
        yield match.start(), match.end(), "number-word"
    for match in _WORD_FIGURE.finditer(text):
        yield match.start(), match.end(), "number-word"
    for pattern in (_RATE_PREFIX, _CJK_RATE, _DISCOUNT):
        for match in pattern.finditer(text):
            yield match.start(), match.end(), "unit"
