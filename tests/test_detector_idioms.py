"""Phrases whose number or number word states no quantity are not figures (blind60's false
alarms): idioms and a drive's form factor in inch marks
(:data:`fxsite.pages.figure_names.IDIOMS`). Each row has a near miss: the same words
stating a quantity, still a figure."""

from __future__ import annotations

import pytest

from fxsite.pages.figures import find_bare_figures

#: (row, an idiom: no figure, a near miss: its figures)
ROWS = [
    # blind69: slogans
    (
        "100 percent committed",
        "We are 100 percent committed to privacy, and 110% sure.",
        "Uptime is 100 percent, committed in the SLA.",
        ["100 percent"],
    ),
    (
        "for the 99%",
        "Built for the 99%.",
        "Caches hit for the 99% of reads.",
        ["99%"],
    ),
    ("doubled down", "We doubled down on support.", "Throughput doubled on NFS.", ["doubled"]),
    ("double down", "Double down on tuning.", "It doubled, down from 4 runs.", ["doubled"]),
    (
        "my two cents",
        "Here are my two cents on tuning.",
        "It costs two cents per GB.",
        ["two cents"],
    ),
    ("our 2 cents", "Our 2 cents on the matter.", "It costs 2 cents a read.", ["2 cents"]),
    (
        "a 10,000-foot view",
        "Start with a 10,000-foot view.",
        "It rose 10,000 feet.",
        ["10,000 feet"],
    ),
    (
        "a 30,000-foot level",
        "At a 30,000-foot level it works.",
        "A 30,000-foot climb.",
        ["30,000-foot"],
    ),
    (
        "a million-dollar question",
        "It's a million-dollar question.",
        "A million-dollar deal closed.",
        ["A million-dollar"],
    ),
    ('a 3.5" drive', 'A 3.5" drive fits.', 'The lid is 3.5" wide.', ['3.5"']),
    ("三天打鱼两天晒网", "三天打鱼两天晒网。", "备份用了三天。", ["三天"]),
    ("一秒钟也不浪费", "一秒钟也不浪费。", "一秒钟完成。", ["一秒钟"]),
]


@pytest.mark.parametrize(
    ("idiom", "near_miss", "figures"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS]
)
def test_an_idiom_is_no_figure_and_its_words_stating_a_quantity_are(
    idiom: str, near_miss: str, figures: list[str]
) -> None:
    assert find_bare_figures(idiom) == []
    assert [f.text for f in find_bare_figures(near_miss)] == figures
