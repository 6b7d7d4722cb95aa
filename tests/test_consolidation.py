"""A count of parts made smaller is a figure, as "48 fewer nodes" is (blind70: "Cuts the
node count from 64 to 16." passed). A count a product supports, or one made larger, is
configuration and passes. (fxsite.pages.consolidation)
"""

from __future__ import annotations

import pytest

from fxsite.pages.figures import find_bare_figures

FIGURES = [
    ("a count cut", "Cuts the node count from 64 to 16.", ["64", "16"]),
    ("parts before", "Nodes went from 64 to 16.", ["64", "16"]),
    ("parts after the first", "Reduced from 8 racks to 2.", ["8", "2"]),
    ("instead of", "The same job runs on 64 nodes instead of 256.", ["64", "256"]),
    ("rather than", "It needs 2 racks rather than 8.", ["2", "8"]),
    ("replaces, in words", "Replaces four racks with one.", ["four", "one"]),
    ("consolidates", "Consolidates 12 arrays into 2.", ["12", "2"]),
    ("fewer, as before", "48 fewer nodes.", ["48"]),
    # blind80: a count made fewer, the parts between the two numbers
    ("shrinks to", "It shrinks 12 racks to 1.", ["12", "1"]),
    ("cuts down to", "It cuts 64 nodes down to 16.", ["64", "16"]),
    ("collapses into", "It collapses eight servers into two.", ["eight", "two"]),
    # blind81: the parts named, their counts either side of an arrow
    ("an arrow after the parts", "Racks: 12 → 1.", ["12", "1"]),
    # blind83: the other count after "not", after a semicolon, after "from"; in Chinese
    ("not the other count", "3 racks, not 12.", ["3", "12"]),
    ("another's after a semicolon", "The FX100 fits in 3 racks; NFS took 12.", ["3", "12"]),
    ("from after", "Down to 3 racks (from 12).", ["3", "12"]),
    ("from after a comma", "Down to 3 racks, from 12.", ["3", "12"]),
    ("Chinese, parts before", "机柜从12个减少到3个。", ["12", "3"]),
    ("Chinese, the parts' number", "机柜数量从12个降到3个。", ["12", "3"]),
    ("Chinese, parts after", "从12个机柜减少到3个。", ["12", "3"]),
    ("Chinese, against another", "只需3个机柜，而NFS需要12个。", ["3", "12"]),
    # blind85: a sentence that opens with "From"; "down from", "down to"; the other's count
    # first; before and after
    ("From opening the sentence", "From 12 racks to 3 racks.", ["12", "3"]),
    ("From, the parts after", "From 64 to 16 nodes.", ["64", "16"]),
    ("down to after a comma", "It uses 12 racks, down to 3 with the FX100.", ["12", "3"]),
    ("down from after a comma", "It runs on 3 racks, down from 12.", ["3", "12"]),
    ("the other's count first", "NFS needs 12 racks; the FX100 needs 3.", ["12", "3"]),
    ("before and after", "Rack count: 12 before, 3 after.", ["12", "3"]),
]
NOT_FIGURES = [
    ("a range supported", "Scales from 4 to 64 nodes."),
    ("a range scaled down", "Scaled from 8 to 1 node."),
    ("up to", "Supports up to 64 nodes."),
    ("made larger", "Replaces one rack with four."),
    ("no parts named", "From 64 to 16, the count fell."),
    ("a count of parts alone", "The cluster has 64 nodes."),
    ("a count cut to more", "It cuts 4 nodes to 16."),
    ("a count cut to no number", "We reduced 3 drives to RAID 5."),
    ("cut to no count", "Cut 2 drives to size."),
    ("an arrow to more", "Racks: 1 → 12."),
    ("an arrow after a label", "Step: 1 → 2."),
    ("not another thing", "Use 2 racks, not 3 people."),
    ("not more", "Take 3 racks, not 2."),
    ("each after a semicolon", "It uses 3 nodes; each has 12 drives."),
    ("grew from", "It grew to 16 nodes (from 4)."),
    ("from, then another thing", "Set it to 3 racks from 12 in the menu."),
    ("Chinese, made larger", "机柜从3个增加到12个。"),
    ("Chinese, scaled", "节点数从8个扩展到64个。"),
    ("Chinese, a count alone", "集群有12个节点。"),
    ("From, made larger", "From 4 to 64 nodes."),
    ("From, no parts", "From 9 to 5 daily."),
    ("up from", "It runs on 16 nodes, up from 4."),
    ("down to another thing", "It uses 12 racks, down to 3 people."),
    ("the same count on both sides", "NFS needs 12 racks; the FX100 needs 12."),
    ("before and after, more", "Rack count: 3 before, 12 after."),
]


@pytest.mark.parametrize(("name", "text", "figures"), FIGURES, ids=[r[0] for r in FIGURES])
def test_a_count_made_smaller_is_a_figure(name: str, text: str, figures: list[str]) -> None:
    assert [f.text for f in find_bare_figures(text)] == figures


@pytest.mark.parametrize(("name", "text"), NOT_FIGURES, ids=[r[0] for r in NOT_FIGURES])
def test_near_miss_is_no_figure(name: str, text: str) -> None:
    assert find_bare_figures(text) == []


def test_a_time_cut_stays_one_figure() -> None:
    assert [f.text for f in find_bare_figures("Latency fell from 64 to 16 ms.")] == ["64 to 16 ms"]
