"""The numerals Chinese writes figures in, and the words a Chinese figure is bounded by.

One vocabulary, read by the rules of :mod:`fxsite.pages.cjk_figures` (figures in numerals
and words) and :mod:`fxsite.pages.named_values` (the values of quantities named before
them): "九十四", "玖拾肆", "两千多万元"; "最高可达" before a figure, "以上" after it.
"""

from __future__ import annotations

import re

from fxsite.pages.lazyre import needles

__all__ = [
    "AFTER",
    "BEFORE",
    "FINANCIAL",
    "FINANCIAL_ALL",
    "FIRST",
    "FIRST_CUE",
    "MAG",
    "NUMBER",
    "NUMERALS",
    "NUMERAL_NUMBER",
    "SPACE",
    "SPACES",
]

# The tens written in one character are numerals too: 廿 20, 卅 30, 卌 40 ("廿秒", "廿五秒").
FIRST = "一二两三四五六七八九十半廿卅卌"
NUMERALS = "零〇一二两三四五六七八九十百千万亿廿卅卌"
# The financial numerals (大写) one to nine, simplified and traditional ("玖拾肆秒" is 94 s,
# "叁佰元" 300 yuan), and their tens, hundreds and thousands (拾, 佰, 仟). A number is
# written in them wholly: "队伍三年" and "大陆三年" are "三年" after a word.
FINANCIAL = "壹贰貳叁參肆伍陆陸柒捌玖"
FINANCIAL_ALL = FINANCIAL + "零拾佰仟万萬亿億"
#: A number written wholly in Chinese numerals, with a numeral that is a digit's
#: ("九十四", "一点九", "玖拾肆"; not "万" alone): a table's cell under a unit reads it so.
NUMERAL_NUMBER = re.compile(
    f"[{NUMERALS}{FINANCIAL_ALL}]*[{FIRST}{FINANCIAL}][{NUMERALS}{FINANCIAL_ALL}]*"
    f"(?:[点點][{NUMERALS}]+)?"
)
BEFORE = "(?:最高可达|不超过|大约|将近|超过|不到|不足|低于|小于|最高|高达|至少|最多|约|近)"
AFTER = "(?:以上|以下|以内|左右)"

NUMBER = r"[+\-−±]?\d+(?:,\d{3})*(?:\.\d+)?"
# A space between a numeral and its unit ("九十六 秒") changes no figure.
SPACES = " \u00a0"
SPACE = f"[{SPACES}]?"
MAG = r"(?:万亿|亿|万|千)"
#: A text with a numeral a figure may start with: a rule of numerals runs only on one.
FIRST_CUE = needles(*FIRST, *FINANCIAL)
