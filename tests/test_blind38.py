"""What the thirty-eighth blind tester, a technical marketing writer, found refused that
states no figure, passed that states one, or advised in a way that failed when applied:

* A network named by its class ("over 32Gb Fibre Channel", "NVMe over 100Gb Ethernet") was
  read as a bound ("over 32 Gb"); a one-for-one swap ("a 1:1 replacement") as a ratio; the
  IOPS of 4 KiB random reads ("4K random read IOPS") as 4,000 IOPS.
* The right side of "from 0.5 ms to 0.12", "从0.5毫秒降到0.12" states a figure in the left
  side's unit; a named quantity changed with no unit ("latency from 0.5 to 0.12") states two;
  "a petabyte per rack", "一个PB" and "takes one day" state one each.
* "over 5 years" cited to a value of 5 yr was told "not … at this precision": it is a bound.
* ``fix`` on an FAQ answer written as a plain YAML scalar gave up, saying only FAQ answers may
  hold a claim: it now quotes the answer, as YAML needs for a value starting with "[".
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import PAGE_PATH, fixture_renderer, href_for, library, sentence_errors

from fxsite.authoring.fix import fix_page
from fxsite.markdown import check_page

ROWS = [
    # a network by its class
    ("a network over which", "The array ships over 32Gb Fibre Channel.", []),
    ("over Ethernet", "NVMe over 100Gb Ethernet cuts hops.", []),
    ("Fibre Channel ports", "Connect via 32Gb Fibre Channel ports.", []),
    ("FC", "It speaks NVMe over 64G FC.", []),
    ("near miss: over an amount", "It moved over 100Gb of data.", [("FX501", 3, 10)]),
    ("near miss: a rate over Ethernet", "It runs over 25 Gb/s Ethernet.", [("FX501", 3, 9)]),
    ("near miss: up to", "It runs up to 100Gb Ethernet.", [("FX501", 3, 9)]),
    ("near miss: not a rate of the standard", "It has 20Gb Ethernet.", [("FX501", 3, 8)]),
    # one for one
    ("a 1:1 replacement", "A 1:1 replacement program.", []),
    ("1:1 swaps", "We offer 1:1 swaps.", []),
    ("near miss: a 1:1 ratio", "It keeps a 1:1 data reduction ratio.", [("FX501", 3, 12)]),
    # the I/O size of a workload
    ("4K random read IOPS", "The 4K random read IOPS test uses a queue depth of 32.", []),
    ("4 KiB random write IOPS results", "We show 4 KiB random write IOPS results.", []),
    ("near miss: a larger size (blind42)", "We show 64 KiB sequential write IOPS.", [("FX501", 3, 9)]),
    ("near miss: naming nothing (blind42)", "It delivers 4K random read IOPS.", [("FX501", 3, 13)]),
    ("near miss: a count of IOPS", "It delivers 400K random read IOPS.", [("FX501", 3, 13)]),
    ("near miss: no workload", "It delivers 4K IOPS.", [("FX501", 3, 13)]),
    # from A to B
    ("to a bare number", "It cuts read latency from 0.5 ms to 0.12.", [("FX501", 3, 27), ("FX501", 3, 37)]),
    ("到 a bare number", "延迟从0.5毫秒降到0.12。", [("FX501", 3, 4), ("FX501", 3, 11)]),
    ("a quantity with no unit", "It cuts read latency from 0.5 to 0.12.", [("FX501", 3, 27), ("FX501", 3, 34)]),
    ("its unit in capitals", "Read latency fell from 0.5 to 0.12 MS.", [("FX501", 3, 24), ("FX501", 3, 31)]),
    ("IOPS", "IOPS rose from 150,000 to 300,000 in tests.", [("FX501", 3, 16), ("FX501", 3, 27)]),
    ("near miss: years", "Latency from 2019 to 2023 was studied.", []),
    ("near miss: a count of what is named", "We moved bandwidth planning from 2 to 3 teams.", []),
    # one of a unit
    ("a petabyte", "It stores a petabyte per rack.", [("FX501", 3, 11)]),
    ("一个PB", "容量高达一个PB。", [("FX501", 3, 5)]),
    ("1个PB", "容量高达1个PB。", [("FX501", 3, 5)]),
    ("a terabit per second", "It moves a terabit per second.", [("FX501", 3, 10)]),
    ("takes one day", "Rebuild takes one day.", [("FX501", 3, 15)]),
    ("near miss: three GPUs", "配置3个GPU。", []),
    ("near miss: a class of switch", "It is a terabit switch.", []),
    ("near miss: one day as an idiom", "One day we will ship it.", []),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "errors"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_blind38(sentence: str, errors: list[tuple[str, int, int]]) -> None:
    assert sentence_errors(sentence, library()) == errors


def _messages(page: str) -> list[str]:
    _, found = check_page(page, PAGE_PATH, library(), href_for, fixture_renderer())
    return [f.message for f in found if f.severity == "error"]


def test_a_bound_is_told_as_a_bound_and_the_advice_passes() -> None:
    told = _messages("# T\n\nThe FX100 saves a checkpoint over 94 seconds.\n")
    assert len(told) == 1 and "is a bound" in told[0] and "precision" not in told[0], told
    # each claim it names passes where written (blind66: "Nearly 2×" was told half a sentence)
    for advice in (
        "[94 s](evidence:R1#save_time_fx100)",
        "[about 94 s](evidence:R1#save_time_fx100)",
    ):
        assert advice in told[0]
        assert _messages(f"# T\n\nThe FX100 saves a checkpoint in {advice}.\n") == []


FAQ = "---\nfaq:\n  - q: How fast?\n    a: 94 s a save, on the FX100.\n---\n# T\n\nSee above.\n"


def test_fix_quotes_an_faq_answer_the_claim_starts() -> None:
    fixed = fix_page(FAQ, PAGE_PATH, library(), fixture_renderer())
    assert not fixed.unfixed, fixed.unfixed
    assert '    a: "[94 s](evidence:R1#save_time_fx100) a save, on the FX100."\n' in fixed.text
    _, found = check_page(fixed.text, PAGE_PATH, library(), href_for, fixture_renderer())
    assert [f for f in found if f.severity == "error"] == []


def test_fix_leaves_a_quoted_answer_quoted(tmp_path: Path) -> None:
    page = FAQ.replace("a: 94 s a save, on the FX100.", "a: 'The FX100 saves in 94 s.'")
    fixed = fix_page(page, PAGE_PATH, library(), fixture_renderer())
    assert "a: 'The FX100 saves in [94 s](evidence:R1#save_time_fx100).'" in fixed.text, fixed.text


# blind69: a front-matter title drawn as the page's heading (Material, on a page with no
# heading) was told to cite its figure "in the page's text", which the page already did.
TITLE_ONLY = "---\ntitle: Saves in 94 s\n---\n\nSaves take [94 s](evidence:R1#save_time_fx100).\n"


def test_a_title_drawn_as_the_heading_is_advised_a_heading() -> None:
    from fxsite.pages.frontmatter import read_front_matter
    from fxsite.pages.page import head_findings

    front = read_front_matter(TITLE_ONLY, PAGE_PATH)
    cited = ["94 s"]
    drawn = head_findings(front, PAGE_PATH, library(), cited, drawn=True)
    claim = "[94 s](evidence:R1#save_time_fx100)"
    assert len(drawn) == 1 and claim in drawn[0].message, drawn
    assert "a heading of the page's own" in drawn[0].message, drawn[0].message
    assert "in the page's text" not in drawn[0].message, drawn[0].message
    # near miss: a page with a heading, where the title may repeat what the text cites
    assert head_findings(front, PAGE_PATH, library(), cited, drawn=False) == []
