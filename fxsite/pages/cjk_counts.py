"""Counts and rates of work written in Chinese, Japanese and Korean, and Japanese durations.

As in English (:data:`fxsite.pages.figure_families.COUNTED`), a number before a noun
that counts what a benchmark measures is a figure, the noun acting as its unit:

* "500 次请求", "500个请求", "500 筆交易", "五百次请求" (Chinese, with or without a classifier
  and a space, in digits or in numerals of two characters or more), "500件のリクエスト" (Japanese), "500건의 요청" (Korean) are 500 requests; the
  nouns are :data:`fxsite.evidence.units.COUNTED_CJK`, one vocabulary beside the English;
* a count a unit of time ("500 次/秒", "500 次 / 秒", spaced as Chinese typesetting
  spaces Latin digits) is a rate; "5000次/秒" unspaced is
  :data:`fxsite.pages.cjk_figures._CJK_RATE`'s; so is a count after its unit of time,
  of the nouns above or of those counted only in a rate
  (:data:`~fxsite.evidence.units.COUNTED_AT_SCALE_CJK`): "每分钟处理 500 个任务", "분당
  500개의 작업".

A Japanese duration is a figure: "3分で終わる" (in three minutes), "3分間", "5日間", "5日で",
"2週間", "3か月" (a minute, a day written as Chinese writes a point, 分 and 日, read as a
duration where a Japanese word of time follows); "12月3日に" is a date, "3分前" a point in
time.

A share of occurrences is a figure, as "3 out of 4 runs" is: "4次测试中有3次通过", "每十次恢复中只有
一次失败" (blind88: both were published); a share of people ("十个客户中有九个") says who, and
is not.

Not figures, as "8 GPUs" and "saved 20 times" are not: counts of parts or people
("500 台服务器", "8 个 GPU"), of occurrences alone ("500回", "500회", "500 次"), and an
ordinal ("第 500 次请求" is the 500th), and a version's number ("支持NVMe 2.0命令",
"支持HTTP/2请求": :mod:`fxsite.pages.label_numbers`).

Each rule runs only where a text holds one of its nouns' or units' cues.
"""

from __future__ import annotations

from collections.abc import Iterator

from fxsite.evidence.numerals import INSIDE_GROUPS, alternation, korean_magnitude
from fxsite.evidence.units import COUNTED_AT_SCALE_CJK, COUNTED_CJK, KANA_HANGUL_CURRENCY
from fxsite.pages.figure_names import OPERATIONS_CJK
from fxsite.pages.label_numbers import names_the_count
from fxsite.pages.lazyre import LazyPattern, holds as _holds, needles as _needles

__all__ = ["count_candidates"]

_SHARE_NUMBER = r"(?:\d{1,3}(?:,\d{3})+|\d{1,6}|[一二两三四五六七八九十百千万]{1,4})"
#: N occurrences, what they are (a few characters), then M of them: "4次测试中有3次".
_OCCURRENCE_SHARE = LazyPattern(
    rf"每?{_SHARE_NUMBER}[ \u00a0]?次[\u4e00-\u9fff]{{0,6}}?中[\u4e00-\u9fff]{{0,3}}?"
    rf"(?:有|仅|只)[\u4e00-\u9fff]{{0,2}}?{_SHARE_NUMBER}[ \u00a0]?次"
)

_NOUNS = [noun for names in COUNTED_CJK.values() for noun in names]
#: A space Chinese typesetting puts between Latin digits and ideographs, at most one.
_SPACE = "[ \u00a0\u2009\u202f]?"
_NUMBER = r"\d+(?:,\d{3})*(?:\.\d+)?"
#: A scale word after the digits ("5万次请求", "3億件"), and the lower places after it
#: ("1万2千次请求": 12,000; Korean "1만 2천 건", spaced or not).
_MAG = (
    r"(?:(?:万亿|萬億|亿|億|万|萬|千)(?:(?<=[万萬亿億])\d{1,4}[千仟百佰])?"
    rf"|{korean_magnitude(_SPACE)})"
)
#: What counts the noun: a classifier ("次", "个", "笔", "件"), and in Japanese and
#: Korean the particle after it ("件の", "건의").
_CLASSIFIER = "(?:[次个個条條笔筆项項件回건회개번](?:の|의)?|の|의)"
#: Not inside a longer number or a word, nor after 第 (an ordinal) or a sign of a name.
_START = rf"(?<![A-Za-z0-9_.#第]){INSIDE_GROUPS}(?<!第 )"
#: A number in Chinese numerals of two characters or more ("五百", "一千二"; "三次请求" and
#: "一次请求", "a single request", count as words do).
_NUMERALS = "[零〇一二两三四五六七八九十百千万亿]{2,8}"
_COUNT = LazyPattern(
    rf"(?:{_START}{_NUMBER}|(?<![零〇一二两三四五六七八九十百千万亿第]){_NUMERALS}){_MAG}?{_SPACE}"
    rf"{_CLASSIFIER}?{_SPACE}(?:{alternation(_NOUNS)})(?![A-Za-z])"
)
#: A count a unit of time with spaces around the slash ("500 次/秒", "30 帧 / 秒").
_RATE = LazyPattern(
    rf"{_START}{_NUMBER}{_MAG}?{_SPACE}[\u4e00-\u9fff]{{1,2}}{_SPACE}/{_SPACE}"
    r"(?:秒钟?|分钟|小时|天|s\b|h\b|min\b)"
)
#: A unit of time a rate of work is per, before its number: "每分钟", "毎秒", "분당",
#: "1時間あたり".
_PER_TIME = (
    r"(?:每(?:秒钟?|分钟|小时|天|日)|毎(?:秒|分|時間?|日)|(?:초|분|시간|하루)당"
    r"|1?(?:時間|分|秒)(?:あたり|間に)"
    # every so many of them: "每 5 秒", "每隔 5 分钟", "5秒ごとに", "5초마다" (blind24)
    r"|每隔?[ \u00a0]?\d+(?:\.\d+)?[ \u00a0]?(?:秒钟?|分钟|小时|天)"
    r"|\d+(?:\.\d+)?(?:秒|分|時間)(?:ごとに?|毎に?|おきに?)|\d+(?:\.\d+)?(?:초|분|시간)마다)"
)
_RATE_NOUNS = [*_NOUNS, *(noun for names in COUNTED_AT_SCALE_CJK.values() for noun in names)]
#: A rate of work with its unit of time first and a verb between: "每分钟处理 500 个任务",
#: "单卡每秒生成 2400 个 token", "毎分500件のジョブを処理", "분당 500개의 작업" (blind20);
#: or counted by its classifier alone, as "500 times per second" is a rate: "每秒处理 500 次",
#: "毎秒500件を処理", "초당 1만 2천 건" (blind21).
_RATE_OF_WORK = LazyPattern(
    rf"{_PER_TIME}{_SPACE}[^\d\s。，、！？.!?,]{{0,4}}?{_SPACE}"
    rf"(?P<figure>{_START}{_NUMBER}{_MAG}?{_SPACE}(?:{_CLASSIFIER}?{_SPACE}"
    rf"(?:{alternation(_RATE_NOUNS)})(?![A-Za-z])|[次个個件건회개번]))"
)
_PER_TIME_CUE = _needles("每", "毎", "당", "あたり", "間に", "ごと", "おき", "마다")
#: A Japanese duration (分 and 日 only before a word that makes one: "で", "以内" …).
_JA_DURATION = LazyPattern(
    rf"(?<![A-Za-z0-9_.,月第]){_NUMBER}{_SPACE}"
    r"(?:分間|分(?=で|以内|未満|程度|ほど|かか)|日間|日(?=で|以内|未満|程度|ほど|かか)"
    r"|週間|[かヶカケ]月間?|年間)"
)
#: A Korean amount of money in numerals: "만 원" (10,000 won), "오천만 원", "일만 이천 원",
#: "천 원" (blind25), spaced from its currency as Korean writes it ("만원 지하철" is a full
#: train, "백원" a name). It holds a place or a group (십, 백, 천, 만, 억, 조): "이 원칙"
#: (this principle) is no amount.
_KO_DIGIT = "[일이삼사오육칠팔구]"
_KO_GROUP = rf"(?:{_KO_DIGIT}?천)?(?:{_KO_DIGIT}?백)?(?:{_KO_DIGIT}?십)?{_KO_DIGIT}?"
#: The vocabulary's currencies in Hangul ("원", "엔", "달러").
_KO_CURRENCY = sorted(n for n in KANA_HANGUL_CURRENCY if "\uac00" <= n[0] <= "\ud7a3")
_KO_AMOUNT = LazyPattern(
    # not after a claim (its text blanked, two spaces or more): "[94](…)만 원" is told
    # its unit outside the link
    rf"(?<![가-힣\d.,])(?<!  )(?=[일이삼사오육칠팔구]*[십백천만억조])"
    rf"(?:{_KO_GROUP}[조억만][ \u00a0]?){{0,3}}{_KO_GROUP}(?<![ \u00a0])[ \u00a0]"
    rf"(?:{alternation(_KO_CURRENCY)})"
)
_KO_MONEY_CUE = _needles(*_KO_CURRENCY)
#: A time in 分 alone (a minute, also a point or a cent) after what it times: "保存時間 15
#: 分", "リストア時間は 15 分", "恢复时间 15 分", "重建 15 分" (blind27).
_TIMED_MINUTES = LazyPattern(
    rf"(?:時間|时间|耗时|耗時|所要|{alternation(OPERATIONS_CJK)})"
    rf"[はにがの:：]?{_SPACE}(?P<figure>{_NUMBER}{_SPACE}分)(?![钟鐘間])"
)
_COUNT_CUE = _needles(*_NOUNS)
_JA_CUE = _needles("分", "日", "週間", "月", "年間")
_RATE_CUE = _needles("/")


def count_candidates(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, kind) of every count or rate of work in CJK words in ``text``, and
    of every Japanese duration."""
    if _holds(text, _COUNT_CUE):
        for match in _COUNT.finditer(text):
            if not names_the_count(text, match.start()):  # "NVMe 2.0命令", "HTTP/2请求"
                yield match.start(), match.end(), "unit"
    if _holds(text, _RATE_CUE):
        for match in _RATE.finditer(text):
            yield match.start(), match.end(), "unit"
    if _holds(text, _PER_TIME_CUE):
        for match in _RATE_OF_WORK.finditer(text):
            yield match.start("figure"), match.end("figure"), "unit"
    if "次" in text and "中" in text:
        for match in _OCCURRENCE_SHARE.finditer(text):
            yield match.start(), match.end(), "percent"
    if _holds(text, _KO_MONEY_CUE):
        for match in _KO_AMOUNT.finditer(text):
            yield match.start(), match.end(), "currency"
    if _holds(text, _JA_CUE):
        for match in _JA_DURATION.finditer(text):
            yield match.start(), match.end(), "unit"
        for match in _TIMED_MINUTES.finditer(text):
            yield match.start("figure"), match.end("figure"), "unit"
