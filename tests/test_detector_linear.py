"""The figure detector takes time linear in its input, on any input.

Not a timing test against a fixed figure: each shape is read at two sizes in one
run, and four times the text must take less than ten times the CPU time (linear
time takes four, quadratic sixteen). CPU time of this process, the least of
two tries of the small size, so other load on the machine barely moves it; the
large size is tried until one try runs within ten times that, each try stopped at
that CPU-time limit, so quadratic code fails the test instead of hanging it. ``benchmarks/detector_bench.py`` prints the
same shapes' times at 64 KB, 256 KB and 1 MB.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from timelimit import linear

from fxsite.pages import cjk_figures, figure_families, figure_rules, figures
from fxsite.pages.figures import find_bare_figures
from fxsite.verify import reading
from fxsite.verify.copies import Allowed, covered

#: CPU seconds a small input may take before the test gives up on it
SMALL_LIMIT = 5.0
#: a floor under the large input's limit, for shapes the detector reads in microseconds
FLOOR = 0.05

# (shape, text before, piece repeated, text after)
SHAPES: list[tuple[str, str, str, str]] = [
    ("thousands groups", "1", ",000", ""),
    ("thousands groups, then a unit", "1", ",000", " GB"),
    ("groups after a Chinese rate", "每秒1", ",000", "次/秒"),
    ("the tester's line", "", "1,000,000,", ""),
    ("no-break space groups", "1", "\u00a0000", " GB"),
    ("thin space groups", "1", "\u2009000", "%"),
    ("narrow no-break groups", "$1", "\u202f000", ""),
    ("spaced ones", "", "1 ", ""),
    ("dotted digits", "", "1.2.3.4.", ""),
    ("one digit run", "", "1234567890", " s"),
    ("Chinese numerals", "", "一二三四五六七八九十", "倍"),
    ("Chinese digits and units", "", "三点五万元", ""),
    ("runs of x", "1", "x", ""),
    ("runs of ×", "2", "×", ""),
    ("ratios and dimensions", "", "1x×2 x 3×", ""),
    ("whitespace", "1", " ", "x"),
    ("tabs and newlines", "", "1\t \n", ""),
    ("number words", "", "one two three ", "times faster"),
    ("quantities named, then words", "", "Latency: three, save time of ninety-four; ", ""),
    ("operations lasting", "", "Saves take ninety-four, restores took 9, ", ""),
    ("a spec's values chained", "", "50/", "60 Hz"),
    ("halves of another's", "", "half of the NFS's; save half on, down to half of ", ""),
    ("mixed", "", "about 1,000 GB/s, 2x faster, 3.5% of $1.2M; 一万元 从3到", ""),
    ("Chinese from-to", "", "从1到2元，", ""),
    ("durations in several units", "", "1h 2m 3", "s"),
    ("hours and minutes", "", "1 h 2 m", ""),
    ("percent look-alikes", "", "1\u066a2\ufe6a3\u0609", ""),
    ("spaced scale letters", "", "1 M ", "IOPS"),
    ("powers of ten", "", "1×10⁶ 10^6^", " s"),
    # Built to make a backtracking regex go quadratic or worse: long runs of what a
    # figure starts with, never finishing one.
    ("spaced millions", "", "1,000,000 ", ""),
    ("digit dashes", "", "9-", ""),
    ("digit commas", "", "1,", ""),
    ("abouts", "", "about ", ""),
    ("per runs", "", "5 per ", ""),
    ("Chinese ten-thousands", "", "1万", ""),
    ("tildes, then a figure", "", "~", "5 s"),
    ("a figure, then letters", "5 ", "a", ""),
    ("digit slashes", "", "5/", ""),
    ("a rate's slashes", "12 tokens/", "s/", ""),
    ("betweens", "", "between 1 ms and 2 ms ", ""),
    ("qualified counts", "", "1 million small new ", "connections"),
    # blind72: a change's amount (change_amounts), a price per a unit, a count after a colon
    ("changes by fractions", "", "cuts latency by 3/4, ", ""),
    ("words of change, no amount", "", "grows cuts fell by ", "3/4"),
    ("multiples of a change", "", "grows 4 times with ", ""),
    ("prices per a unit", "", "$/TB in its class at 119, ", ""),
    # blind74: exponents glued to an x, colons spaced before, ratios in Chinese words
    ("exponents glued to an x", "", "1e9x1e", "9"),
    ("long exponents", "1e", "9", "x"),
    ("colons spaced before", "", "4 :", "1"),
    ("Chinese ratios in words", "", "缩减比四比", "一"),
    ("superscript powers", "", "10³", "x"),
    ("arrows after a named value", "Save time: 1", " → 2", ""),
    ("Chinese times named", "", "保存时间：约", "9"),
    ("units of price, no number", "", "$/TB is $/GB at ", "5"),
    ("counts after a colon", "", "Random reads: 2,400,000; ", ""),
    # blind81 (this round): a named value's change by an amount, a value measured for an
    # operation, with no stop between them
    ("named values reduced by", "", "Save time was reduced by 84 ", ""),
    ("measured for operations", "", "We measured 94 for the FX100 ", "save"),
    ("parts where another needed", "", "1 rack where NFS needed 12 ", "racks"),
    ("named quantities cut by", "", "cut save time by 84 ", ""),
    ("words of degree", "Save time came to ", "just ", "94"),
    ("benchmarks named, then scores", "", "In Geekbench the FX100 scored ", "9,400"),
    ("products after a colon", "Save time: ", "FX100 ", "94"),
    ("took a product a time", "", "It took the FX100 94 ", "to save"),
    # blind83: counts of parts against another's, in English and Chinese
    ("parts not another's", "", "3 racks, not 12; ", ""),
    ("parts from after", "", "to 3 racks (from ", "12)"),
    ("Chinese parts cut", "", "机柜从12个减少到3个", ""),
    ("Chinese parts against another", "", "只需3个机柜，而NFS需要12个", ""),
    # blind88: shares named, negated bounds, Chinese shares of occurrences
    ("shares named, never ended", "", "the failure rate was one in ", "a thousand"),
    ("rates named, words between", "", "rate of restores from tape ", "is a third"),
    ("negated bounds", "", "no more than ", "95 s"),
    ("Chinese shares of occurrences", "", "4次测试中有", "3次"),
    ("orders of amounts", "", "tens of thousands of hundreds of ", "IOPS"),
    # blind90: a number set against a figure, a Chinese share
    ("numbers set against", "", "0.1 ms, while theirs is 0.3 ms, ", ""),
    ("Chinese set against", "", "0.1毫秒，而友商为0.3毫秒，", ""),
    ("Chinese orders of amounts", "", "数百TB千万级文件数十", "PB"),
    ("betweens in words", "", "between two and ", "three times"),
]
# Many figures in one paragraph: the time each one's work grew with the figures before
# it shows only past thousands of figures, so these are read at 16 KB and 64 KB.
MANY: list[tuple[str, str, str, str]] = [
    ("arrows", "", "1→2 s,", ""),
    ("arrow chains", "", "1→2→3→4 GB ", ""),
    ("slash pairs", "", "1/2 s ", ""),
    # each share's sentence read for its mix's other side (part_names)
    ("workload mixes", "", "It ran 70% read, 30% write. ", ""),
    # each time's sentence read for an operation a product performs (figure_names.performs)
    ("settings' times", "", "Set the timeout to 5 s. ", ""),
    ("events' lengths", "", "Join a 45-minute keynote. ", ""),
    # the same in one sentence with no stop: each time's operation looked for near it
    ("settings' times, one sentence", "", "Set the timeout to 5 s, ", ""),
    ("events' lengths, one sentence", "", "Join a 45-minute keynote, ", ""),
    # blind72: each time's sentence read for the other side of a policy, for words of money
    ("policies' times", "", "Snapshots every 5 minutes, kept for 30 days. ", ""),
    ("money over years", "", "It saves money over five years, ", ""),
    ("load levels", "", "at 50% and 100% load, ", ""),
]
SMALL = 4096


def _text(before: str, piece: str, after: str, size: int) -> str:
    return before + piece * (size // len(piece)) + after


def _read_again(text: str) -> object:
    """The detector reading ``text`` afresh (not the figures it kept of it)."""
    figures._read_kept.cache_clear()
    return find_bare_figures(text)


def _linear(read: Callable[[str], object], small: str, large: str) -> None:
    """``large`` (four times ``small``) takes less than ten times as long to read."""
    linear(
        lambda: read(small),
        lambda: read(large),
        what=f"{len(small)} characters",
        small_limit=SMALL_LIMIT,
        floor=FLOOR,
    )


@pytest.mark.parametrize(("shape", "before", "piece", "after"), SHAPES, ids=[s[0] for s in SHAPES])
def test_detector_time_is_linear(shape: str, before: str, piece: str, after: str) -> None:
    small = _text(before, piece, after, SMALL)
    large = _text(before, piece, after, 4 * SMALL)
    _linear(_read_again, small, large)


@pytest.mark.parametrize(("shape", "before", "piece", "after"), MANY, ids=[s[0] for s in MANY])
def test_detector_time_is_linear_in_figures(
    shape: str, before: str, piece: str, after: str
) -> None:
    small = _text(before, piece, after, 4 * SMALL)
    large = _text(before, piece, after, 16 * SMALL)
    _linear(_read_again, small, large)


@pytest.mark.parametrize(
    ("shape", "before", "piece", "after"), SHAPES[:6], ids=[s[0] for s in SHAPES[:6]]
)
def test_published_text_reading_is_linear(shape: str, before: str, piece: str, after: str) -> None:
    # The gate's reading: claims and URLs blanked, look-alikes folded, then the detector.
    small = _text(before, piece, after, SMALL) + " é"
    large = _text(before, piece, after, 4 * SMALL) + " é"

    def read(text: str) -> None:
        reading._detect.cache_clear()  # each try reads the text again
        figures._read_kept.cache_clear()
        reading.detect(text, ((0, 1),))

    _linear(read, small, large)


def test_copy_check_is_linear() -> None:
    # Many figures, none a copy of the one allowed text: each was looked for to
    # the end of the text.
    allowed = [Allowed(["6.4 GB/s"])]

    def check_all(text: str) -> None:
        for at in range(0, len(text), 8):
            covered(text, at, at + 6, allowed)

    _linear(check_all, "6.4 TB, " * 8192, "6.4 TB, " * 32768)


# A run of groups is still read as the number it writes.
RUNS: list[tuple[str, list[str]]] = [
    ("1" + ",000" * 500 + " GB", ["1" + ",000" * 500 + " GB"]),
    ("1" + ",000" * 500, []),  # a number without a unit: no figure
    ("x" + ",000" * 500 + " GB", ["000" + ",000" * 499 + " GB"]),
    ("1" + ",000" * 500 + ",5 GB", ["000,5 GB"]),  # a decimal comma ends the run
    ("1" + "\u00a0000" * 500 + " %", ["1" + "\u00a0000" * 500 + " %"]),
    ("每秒1" + ",000" * 300 + "次/秒", ["每秒1" + ",000" * 300 + "次/秒"]),  # 次/秒: ops/s
]


@pytest.mark.parametrize(("text", "figures"), RUNS, ids=range(len(RUNS)))
def test_group_runs_are_read_whole(text: str, figures: list[str]) -> None:
    assert [f.text for f in find_bare_figures(text)] == figures


def _corpus_texts() -> list[str]:
    texts = []
    for path in sorted((Path(__file__).parent / "corpus").glob("*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                texts.append(line.replace("⟦", "").replace("⟧", ""))
    return texts


def test_rule_preconditions_change_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each rule runs only on text holding a word or sign its matches need: with every
    # rule run on every text, the corpora and the shapes above read the same.
    texts = _corpus_texts() + [_text(*row[1:], 300) for row in SHAPES + MANY]
    texts += ["ſix hours", "fİve hours", "4 Kelvin-ſeconds", "3 PERCENT", "2 tİmes faster"]
    found = [find_bare_figures(text) for text in texts]
    for module in (figure_rules, cjk_figures, figure_families):
        monkeypatch.setattr(module, "_holds", lambda text, cue: True)
    monkeypatch.setattr(figure_rules, "_LATIN", re.compile(""))
    figures._read_kept.cache_clear()  # each text is read again, with every rule
    assert [find_bare_figures(text) for text in texts] == found


def test_a_run_read_with_its_inline_code_is_linear() -> None:
    # Every inline code of one paragraph splits a figure: the run is read once more,
    # with the codes' text, and each figure found is looked at once.
    from fxsite.verify import scan

    def read(html: str) -> None:
        reading._detect.cache_clear()
        figures._read_kept.cache_clear()
        scan._scan_text.cache_clear()  # each try reads the text again
        scan.scan_content(html)

    piece = "9<code>4 s</code>, <code>2</code>x and "
    _linear(read, f"<p>{piece * 256}</p>", f"<p>{piece * 1024}</p>")
