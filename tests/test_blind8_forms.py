"""Figures blind tester 8 got published as people write them (issue 20, /work/notes/blind8_cases).

* Superscript digits that stand alone ("took ⁹⁴ s") read as the digits NFKC folds them
  to; those after a letter or sign stay a footnote mark or a power ("66 s¹", "10⁶").
* Signs that pass for the multiplication sign ("1.9⨉", "1.9᙮", "1.9❌"), the emoji of
  a number ("🔟 s", "💯%") and every vulgar fraction ("⅒ s") read as what they draw.
* Prices in the currency words, codes and signs of more countries ("300 pesos", "Rs. 300",
  "0.05 BTC", "3 quid"); "won" and "rand" only as a price ("costs 300 won").
* Number words as written: "2 and a half minutes", "a half-second", "90-odd seconds",
  "cut by nine tenths", "quarter of a second", "zero seconds"; Chinese "一分半", "一刻钟",
  "两分半钟", "亚毫秒", "成本腰斩".
* A figure with its uncertainty ("94±2 s") is quoted whole.

In-process rows: a sentence in, figures out (the one detector, as the reader calls it),
a near miss that passes beside each family, and a page in, ``(code, line, col)`` out
(the one reader, as check and build run it); one whole site where check and build agree.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import check_and_build, finding_lines, library, page_findings, rows_site

from fxsite.evidence.library import Library
from fxsite.verify.reading import detect

# (name, sentence, figures)
REFUSED = [
    ("superscript seconds", "It took ⁹⁴ s per save.", ["⁹⁴ s"]),
    ("superscript times", "Saves were ¹⁹ times faster.", ["¹⁹ times"]),
    ("superscript percent", "Throughput grew ⁹⁶%.", ["⁹⁶%"]),
    ("superscript words", "It took ⁹⁷ seconds, for ¹²³ USD.", ["⁹⁷ seconds", "¹²³ USD"]),
    ("n-ary times", "Saves are 1.9⨉ faster.", ["1.9⨉"]),
    ("syllabics full stop", "Saves are 1.9᙮ faster.", ["1.9᙮"]),
    ("cross mark", "Saves are 1.9❌ faster.", ["1.9❌"]),
    ("keycap ten", "Each save took 🔟 s.", ["🔟 s"]),
    ("keycap ten times", "Saves are 🔟x faster.", ["🔟x"]),
    ("hundred points percent", "Uptime is 💯%.", ["💯%"]),
    ("hundred points seconds", "Saves took 💯 s.", ["💯 s"]),
    ("one tenth", "Each save took ⅒ s longer.", ["⅒ s"]),
    ("one seventh", "Each save took ⅐ s longer.", ["⅐ s"]),
    ("pesos", "The licence costs 300 pesos per node.", ["300 pesos"]),
    ("zloty", "The licence costs 300 zloty.", ["300 zloty"]),
    ("roubles and lira", "It costs 300 roubles or 300 lira.", ["300 roubles", "300 lira"]),
    ("dirhams", "The licence costs 300 dirhams.", ["300 dirhams"]),
    ("won as a price", "The licence costs 300 won.", ["300 won"]),
    ("won a month", "It is 300 won a month.", ["300 won"]),
    ("rupees sign before", "The licence costs Rs. 300 per node.", ["Rs. 300"]),
    ("rupees code before", "The licence costs Rs 300.", ["Rs 300"]),
    ("bitcoin and ether", "The licence costs 0.05 BTC or 3 ETH.", ["0.05 BTC", "3 ETH"]),
    ("bitcoin before", "The licence costs BTC 0.05.", ["BTC 0.05"]),
    ("more codes", "It costs 300 MXN, 300 PLN or 300 ZAR.", ["300 MXN", "300 PLN", "300 ZAR"]),
    ("quid", "The licence costs 3 quid.", ["3 quid"]),
    ("and a half", "Each save took 2 and a half minutes on NFS.", ["2 and a half minutes"]),
    ("a half-second", "Each save took a half-second longer.", ["a half-second"]),
    ("half-hour", "The job runs in half-hour slices.", ["half-hour"]),
    ("a quarter-hour", "Each save took a quarter-hour.", ["a quarter-hour"]),
    ("a half second", "Each save took a half second longer.", ["a half second"]),
    ("odd", "Each save took 90-odd seconds.", ["90-odd seconds"]),
    ("plus", "It took 90-plus seconds under load.", ["90-plus seconds"]),
    ("odd, spaced", "It took 90 odd seconds.", ["90 odd seconds"]),
    ("odd in words", "It took ninety-odd seconds.", ["ninety-odd seconds"]),
    ("something", "It took 90-something seconds.", ["90-something seconds"]),
    ("by nine tenths", "Saves were cut by nine tenths.", ["nine tenths"]),
    ("by three quarters", "Costs fell by three quarters in a year.", ["three quarters"]),
    ("quarter of a second", "Each save took quarter of a second.", ["quarter of a second"]),
    (
        "three quarters of an hour",
        "It took three quarters of an hour.",
        ["three quarters of an hour"],
    ),
    ("zero seconds", "Failover took zero seconds.", ["zero seconds"]),
    ("zero percent", "Loss is zero percent.", ["zero percent"]),
    ("zero-second", "It has zero-second failover.", ["zero-second"]),
    ("zero with a symbol", "Failover took zero ms.", ["zero ms"]),
    ("uncertainty", "Each save took 94±2 s.", ["94±2 s"]),
    ("uncertainty, spaced", "Each save took 94 ± 2 s.", ["94 ± 2 s"]),
    ("uncertainty percent", "Throughput grew 96 ± 3%.", ["96 ± 3%"]),
    ("one and a half minutes", "保存耗时一分半。", ["一分半"]),
    ("quarter hour", "保存只用了一刻钟。", ["一刻钟"]),
    ("two and a half minutes", "保存耗时两分半钟。", ["两分半钟"]),
    ("one and a half hours", "训练耗时一小时半。", ["一小时半"]),
    ("sub-millisecond", "保存延迟低至亚毫秒。", ["亚毫秒"]),
    ("sub-second", "故障切换达到亚秒级。", ["亚秒"]),
    ("cost halved", "存储成本直接腰斩。", ["腰斩"]),
    ("latency halved", "写入延迟腰斩。", ["腰斩"]),
]

# (name, sentence): no figure.
PASSED = [
    ("superscript footnote after a word", "See the note¹² for details."),
    ("a square", "The area is x² + y²."),
    ("subscript in a formula", "Water is H₂O."),
    ("cross without a number", "We ❌ the old plan and ⨉ the box."),
    ("hundred points alone", "Our team gives it 💯."),
    ("keycap ten before a noun", "The 🔟 best tips."),
    ("won as a verb", "Of 12 bids, 3 won."),
    ("won, then a count", "Our team won 3 awards."),
    ("rand as a name", "In 2021, 3 Rand analysts left."),
    ("ether as a name", "ETH 2.0 ships soon."),
    ("a quarter-final", "They lost the quarter-final."),
    ("the third quarter", "Sales rose in the third quarter."),
    ("half of the nodes", "Half of the nodes were idle."),
    ("second half", "In the second half we grew."),
    ("half-hearted", "It was a half-hearted attempt."),
    ("half-year results", "The first half-year results are out."),
    ("odd count", "We hired 90-odd engineers."),
    ("odd numbers", "It skips 3 odd numbers."),
    ("zero-trust", "We run a zero-trust network."),
    ("zero-day", "A zero-day fix shipped."),
    ("zero-hour", "They ended zero-hour contracts."),
    ("zero downtime", "Failover has zero downtime."),
    ("zero in on", "We zero in on it."),
    ("something crowd", "The 90-something crowd came."),
    ("by a third party", "It was audited by a third party."),
    ("nine tenths in a name", "Nine Tenths is a band."),
    ("plus sign alone", "Use the ± key."),
    ("a moment", "此时此刻，一刻也不停。"),
    ("a split", "一分为二。"),
    ("project axed", "项目被腰斩。"),
    ("flash sale", "东南亚秒杀活动。"),
]


@pytest.mark.parametrize(("name", "text", "figures"), REFUSED, ids=[c[0] for c in REFUSED])
def test_written_form_is_a_figure(name: str, text: str, figures: list[str]) -> None:
    assert [text[f.start : f.end] for f in detect(text)] == figures


@pytest.mark.parametrize(("name", "text"), PASSED, ids=[c[0] for c in PASSED])
def test_near_miss_is_no_figure(name: str, text: str) -> None:
    assert [text[f.start : f.end] for f in detect(text)] == []


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


PAGE = """\
# Results

The save took [94 s](evidence:R1#save_time_fx100), ⁹⁴ s at worst.

Saves are 1.9⨉ faster, 🔟x on a good day.

It costs 300 pesos, or Rs. 300.

Failover took zero seconds, a half-second at most.

保存耗时一分半。

Each save took 94±2 s.
"""


#: Where each figure of :data:`PAGE` stands (line, column).
PLACES = [(3, 52), (5, 11), (5, 24), (7, 10), (7, 24), (9, 15), (9, 29), (11, 5), (13, 16)]


def test_forms_refused_at_their_place(lib: Library) -> None:
    assert page_findings(PAGE, lib) == [("FX501", line, col) for line, col in PLACES]


def test_cited_figures_beside_near_misses_pass(lib: Library) -> None:
    page = (
        "# Results\n\nThe save took [94 s](evidence:R1#save_time_fx100) on a zero-trust "
        "network; the team won the award in the third quarter.\n\n此时此刻，项目被腰斩。\n"
    )
    assert page_findings(page, lib) == []


def test_check_and_build_agree_on_the_forms(tmp_path: Path) -> None:
    site = rows_site(tmp_path / "site", PAGE)
    checked, built = check_and_build(site)
    found = [
        [ln.split(" bare figure")[0] for ln in finding_lines(out.stdout, warnings=False)]
        for out in (checked, built)
    ]
    assert (checked.returncode, built.returncode) == (1, 1)
    expected = sorted(f"docs/index.md:{line}:{col}: FX501" for line, col in PLACES)
    assert found == [expected, expected]
