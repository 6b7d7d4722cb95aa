"""What a seventeenth blind tester published bare, and what it found refused that names
nothing: each a paragraph of a page, read by the one reader, with the errors it must give
(``(code, line, col)``; none for a near miss)."""

from __future__ import annotations

import pytest
from sitekit import library, sentence_errors

#: (row, sentence, errors)
BYPASSES = [
    # words between a number and its unit (fxsite/pages/figure_phrases.py)
    ("a qualifier before a currency word", "It costs 300 US dollars.", [("FX501", 3, 10)]),
    ("a qualifier before seconds", "Saves take 94 elapsed seconds.", [("FX501", 3, 12)]),
    ("a qualifier before percent", "A 47 full percent cut.", [("FX501", 3, 3)]),
    ("a qualifier before times faster", "It is 3 whole times faster.", [("FX501", 3, 7)]),
    ("near miss: a phrase of grammar", "Only 3 of the seconds.", []),
    # a unit in brackets after its number
    ("seconds in brackets", "It saves in 85 (s).", [("FX501", 3, 13)]),
    ("a ratio in brackets", "It is 1.9 (×) faster.", [("FX501", 3, 7)]),
    ("a currency in brackets", "It costs 300 (USD).", [("FX501", 3, 10)]),
    ("a percent in brackets", "It grew 96 (%).", [("FX501", 3, 9)]),
    ("seconds in square brackets", "It saves in 86 [s].", [("FX501", 3, 13)]),
    ("a unit word in brackets", "It saves in 85 (seconds).", [("FX501", 3, 13)]),
    ("near miss: a figure's panel", "See Figure 3 (b).", []),
    ("near miss: a letter that is billions as often as bytes", "Hall 5 (B).", []),
    # rates with "a", "an" or "every"
    ("uploads an hour", "It ingests 500 uploads an hour.", [("FX501", 3, 12)]),
    ("restores a day, from a hundred", "It performs 4,000 restores a day.", [("FX501", 3, 13)]),
    ("logins a second", "It serves 30 logins a second.", [("FX501", 3, 11)]),
    ("near miss: occurrences a day", "It saves 5 times a day.", []),
    ("near miss: a span", "It runs 24 hours a day.", []),
    ("near miss: a cadence", "We ship 2 releases a month.", []),
    # a clock after "in" or "against"
    ("a clock after in", "It completes the save in 1:34.", [("FX501", 3, 26)]),
    (
        "a clock after against",
        "It took 1:34, against 2:58 on NFS.",
        [("FX501", 3, 9), ("FX501", 3, 23)],
    ),
    ("near miss: a time of day", "See you in 10:30 am.", []),
    ("near miss: an aspect ratio", "Shot in 16:9.", []),
    # capacity at scale
    ("connections at scale", "It handles 1 million connections.", [("FX501", 3, 12)]),
    ("files at scale", "It stores 10 billion files.", [("FX501", 3, 11)]),
    ("near miss: a few files", "Open 3 files.", []),
    # a rating
    ("a rating out of five", "Rated 4.8 out of 5 by customers.", [("FX501", 3, 7)]),
    # Chinese numerals with a percent sign, a formal yuan, a rate in numerals, kana numerals
    ("Chinese numerals and a percent sign", "成本降低三十%。", [("FX501", 3, 5)]),
    ("a formal yuan", "售价300圆。", [("FX501", 3, 3)]),
    ("a rate of work in numerals", "吞吐量每秒五百次请求。", [("FX501", 3, 6)]),
    ("near miss: a few requests in words", "三次请求。", []),
    ("near miss: a single request", "一次请求。", []),
    ("katakana ni drawn as two", "新模型快ニ倍。", [("FX501", 3, 5)]),
    ("near miss: katakana in a word", "コーヒー十杯。", []),
    # a column of units with no header, and a units row at the foot
    (
        "an unheaded column of units",
        "| Metric | NFS | FX100 | |\n|---|---|---|---|\n| Save time | 178 | 94 | s |",
        [("FX501", 5, 15), ("FX501", 5, 21)],
    ),
    (
        "a column headed UoM",
        "| Metric | NFS | FX100 | UoM |\n|---|---|---|---|\n| Save time | 178 | 94 | s |",
        [("FX501", 5, 15), ("FX501", 5, 21)],
    ),
    (
        "a units row at the foot",
        "| Metric | NFS | FX100 |\n|---|---|---|\n| Save time | 177 | 93 |\n| | seconds | seconds |",
        [("FX501", 5, 15), ("FX501", 5, 21)],
    ),
    (
        "near miss: an unheaded column of words",
        "| Metric | NFS | FX100 | |\n|---|---|---|---|\n| Save time | 178 | 94 | ok |",
        [],
    ),
    (
        "near miss: a foot row of words",
        "| Run | A | B |\n|---|---|---|\n| x | 3 | 4 |\n| | fast | slow |",
        [],
    ),
]

#: More of what blind tester 17 published: ratios in words, a multiplier after "by", a
#: benchmark's score, a financial scale, other languages' units and multipliers.
MORE = [
    ("a ratio after compressing data", "It compresses data 8 to 1.", [("FX501", 3, 20)]),
    ("a ratio before an advantage", "A 1.9-to-1 speed advantage.", [("FX501", 3, 3)]),
    ("near miss: a score", "We won 3-to-1.", []),
    ("near miss: a range", "Scale from 8 to 1 node.", []),
    ("a multiplier after faster by", "Faster by 1.9.", [("FX501", 3, 11)]),
    ("near miss: growth by a count", "It grew by 5.", []),
    ("mil as a scale", "It does 2.1 mil IOPS.", [("FX501", 3, 9)]),
    ("a score in a benchmark", "It scores 12,000 in Geekbench.", [("FX501", 3, 11)]),
    ("a score before a benchmark's name", "It hit 9,500 SPECrate.", [("FX501", 3, 8)]),
    ("points on a benchmark", "Scores 9500 points on PassMark.", [("FX501", 3, 8)]),
    ("near miss: a place", "It hit 3 in Paris.", []),
    ("near miss: a match's score", "Our team scored 3 in March.", []),
    ("dollars in katakana", "300ドル", [("FX501", 3, 1)]),
    ("dollars in Korean", "300달러", [("FX501", 3, 1)]),
    ("dollars in Russian", "300 долларов", [("FX501", 3, 1)]),
    ("percent in Russian", "30 процентов", [("FX501", 3, 1)]),
    ("dollars in Arabic", "300 دولار", [("FX501", 3, 1)]),
    ("percent in Indonesian", "30 persen", [("FX501", 3, 1)]),
    ("seconds in Indonesian", "94 detik", [("FX501", 3, 1)]),
    ("seconds in Turkish", "94 saniyede", [("FX501", 3, 1)]),
    ("seconds in Spanish shorthand", "94 seg", [("FX501", 3, 1)]),
    ("seconds in Greek", "94 δευτερόλεπτα", [("FX501", 3, 1)]),
    ("seconds in Hebrew", "94 שניות", [("FX501", 3, 1)]),
    ("times faster in Turkish", "1,9 kat daha hızlı", [("FX501", 3, 1)]),
    ("times faster in Vietnamese", "nhanh gấp 1,9 lần", [("FX501", 3, 7)]),
    ("times faster in Hindi", "1.9 गुना तेज़", [("FX501", 3, 1)]),
    ("times faster in Indonesian", "3 kali lebih cepat", [("FX501", 3, 1)]),
    ("times faster in Portuguese, singular", "1,9 vez mais rápido", [("FX501", 3, 1)]),
    ("times faster in Arabic", "أسرع 1.9 مرة", [("FX501", 3, 6)]),
    ("near miss: a dollar's value in words", "ドルの価値", []),
]

FALSE_REFUSALS = [
    ("a coordinate", "The office is at 51.5074° N, 0.1278° W.", []),
    ("near miss: an angle", "A 120° field of view.", [("FX501", 3, 3)]),
    ("letters, not watts", "The 5 W's of storage.", []),
    ("a hall and a stand", "Our office is in Hall 5 B, stand 12 K.", []),
    ("near miss: watts", "It draws 5 W.", [("FX501", 3, 10)]),
    ("a schedule", "The cron job runs every 5 minutes.", []),
    ("near miss: a duration", "It saves in 5 minutes.", [("FX501", 3, 13)]),
    ("a keynote's length", "Watch the 45-minute keynote.", []),
    ("a workshop's length", "Join our 2-hour hands-on workshop.", []),
    ("a guide's reading time", "Read our 2 min guide to checkpoints.", []),
    ("a walk", "Our office is a 5-minute walk from the station.", []),
    ("near miss: a trial is an offer's term", "Start your 30-day free trial.", [("FX501", 3, 12)]),
]


@pytest.mark.parametrize(
    ("sentence", "errors"),
    [r[1:] for r in (*BYPASSES, *MORE, *FALSE_REFUSALS)],
    ids=[r[0] for r in (*BYPASSES, *MORE, *FALSE_REFUSALS)],
)
def test_blind17(sentence: str, errors: list[tuple[str, int, int]]) -> None:
    assert sentence_errors(sentence, library()) == errors
