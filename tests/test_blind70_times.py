"""Times that are not a product's performance (blind70), each beside a near miss that
stays a figure: a streak, the time a product took to make, a plan's term, a window and an
experience in Chinese, an event's length, a setting's time, opening hours, a reading
time, the window a share is measured over (blind83). (fxsite.pages.time_spans)
"""

from __future__ import annotations

import pytest

from fxsite.pages.figures import find_bare_figures

NOT_FIGURES = [
    ("a streak of years", "Named a Leader in the Gartner Magic Quadrant three years in a row."),
    ("a streak of quarters", "We have been profitable for 8 quarters in a row."),
    ("a streak in Chinese", "连续5年入选Gartner魔力象限。"),
    ("quarters in Chinese", "公司连续8个季度实现盈利。"),
    ("the time it took to make", "It took our team two years to build."),
    ("months of development", "After 18 months of development, the FX100 is here."),
    ("a subscription's term", "A 3-year subscription includes support."),
    ("a plan's term", "Cost per GB depends on the 3-year term."),
    ("a window in Chinese", "过去12个月里，我们新增了200家客户。"),
    ("an experience in numerals", "我们拥有十年行业经验。"),
    ("an event's length in Chinese", "试点为期六周。"),
    ("an event running for", "The summit runs for two days in Beijing."),
    ("a guide of two words", "Use the 5-minute quick start guide."),
    ("a reading time", "Read time: 6 min"),
    ("a setting", "Set the heartbeat interval to 5 s."),
    ("a default", "The default timeout is 30 seconds."),
    ("a retention", "Set retention to 7 days for dev and 90 days for prod."),
    ("kept", "Metrics are kept for one year."),
    ("a wait", "Wait 10 seconds, then press the power button."),
    ("a hold", "Hold the reset button for 5 seconds."),
    ("opening hours", "Our Paris office is open from 9h to 18h."),
    ("opening hours with a dash", "Support hours: 8h-20h CET."),
    # blind83: the window a share is measured over (a record's what)
    ("a share's window", "Availability over twelve months"),
    ("a share's window in digits", "Uptime during 12 months."),
    ("a share measured over", "Availability measured over 12 months."),
]
FIGURES = [
    ("a streak of days (uptime)", "It ran 300 days in a row without downtime.", ["300 days"]),
    ("a restore's default", "Restores time out after 30 seconds by default.", ["30 seconds"]),
    ("a default restore", "The default restore takes 30 seconds.", ["30 seconds"]),
    ("a time beside a window", "过去12个月，恢复时间缩短到94秒。", ["94秒"]),
    ("an operation's length in Chinese", "迁移为期六周。", ["六周"]),
    ("a warranty", "A 3-year warranty.", ["3-year"]),
    ("a queue's wait", "Queue wait was more than 15 minutes per job.", ["more than 15 minutes"]),
    ("the time to build an index", "It took 94 s to build the index.", ["94 s"]),
    ("a rebuild", "The array rebuilt a drive in 2 hours.", ["2 hours"]),
    ("hours an operation takes", "Rebuilds take 9h to 18h.", ["9h", "18h"]),
    ("a bound on a downtime", "Downtime over 5 minutes triggers an alert.", ["over 5 minutes"]),
    ("a share that lasts", "Availability lasts over 12 months.", ["over 12 months"]),
    ("a share's value beside its window", "Availability over 12 months: 99.99%.", ["99.99%"]),
]


@pytest.mark.parametrize(("name", "text"), NOT_FIGURES, ids=[r[0] for r in NOT_FIGURES])
def test_a_time_that_is_no_performance(name: str, text: str) -> None:
    assert find_bare_figures(text) == []


@pytest.mark.parametrize(("name", "text", "figures"), FIGURES, ids=[r[0] for r in FIGURES])
def test_near_miss_is_a_figure(name: str, text: str, figures: list[str]) -> None:
    assert [f.text for f in find_bare_figures(text)] == figures
