"""blind91, an adversarial blind tester publishing misleading figures past the build.

Words beside a claim that change what it says (negations, bounds, another's value set
against it), and claims in Traditional Chinese.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from sitekit import FIXTURES, PAGE_PATH, fixture_renderer, href_for, library, resolves

from fxsite.markdown import check_page
from fxsite.pages.claims import Claim

GRAMMAR = FIXTURES.parent / "grammar"
SAVE, OLD, CKPT = "evidence:G1#save_fast", "evidence:G1#save", "evidence:G1#ckpt"


def _errors(text: str, *, zh: bool = False) -> list[tuple[str, str]]:
    """(code, text) of every error check finds in a page of ``text``."""
    page = f"---\nlang: zh\n---\n# T\n\n{text}\n" if zh else f"# T\n\n{text}\n"
    _, found = check_page(page, PAGE_PATH, library(GRAMMAR), href_for, fixture_renderer())
    return [(f.code, f.text or "") for f in found if f.severity == "error"]


@pytest.mark.parametrize(
    ("text", "bare"),
    [
        # H7: another's value set against a claim, its unit the claim's
        (f"Latency is [94 s]({SAVE}), while theirs is 178.", "178"),
        (f"Latency is [94 s]({SAVE}), whereas Ceph's is 178.", "178"),
        (f"Latency is [94 s]({SAVE}) against Ceph's 178.", "178"),
        (f"Latency is [94 s]({SAVE}) unlike theirs of 178.", "178"),
        (f"Latency is [94 s]({SAVE}) (vs. Ceph 178).", "178"),
        # near misses: a count of runs, a figure's number, a level's name
        (f"Saves take [94 s]({SAVE}) (3 runs).", None),
        (f"Saves take [94 s]({SAVE}) (Figure 3).", None),
        ("Saves take 94 s (RAID 6).", "94 s"),
    ],
)
def test_a_value_set_against_a_claim_is_a_figure(text: str, bare: str | None) -> None:
    found = [t for code, t in _errors(text) if code == "FX501"]
    assert found == ([bare] if bare else [])


@pytest.mark.parametrize(
    ("text", "zh", "refused"),
    [
        # H2: a negated verb of being before a value claim
        (f"The save isn't [94 s]({SAVE}).", False, True),
        (f"Saves are not [94 s]({SAVE}) but less.", False, True),
        ("保存时间不是[94秒](evidence:G1#save_fast)。", True, True),
        # H1: more negations before a bound claim
        (f"Checkpoints are hardly [under 40 s]({CKPT}).", False, True),
        (f"Checkpoints are far from [under 40 s]({CKPT}).", False, True),
        ("检查点不在[40秒以内](evidence:G1#ckpt)。", True, True),
        # H3: bound words after and before
        (f"Saves take [94 s]({SAVE}) or longer.", False, True),
        (f"Saves take [94 s]({SAVE}) at minimum.", False, True),
        (f"A save takes [94 s]({SAVE}) plus.", False, True),
        (f"A save takes [94 s]({SAVE}) plus a sync.", False, False),  # near miss: added
        ("保存耗时不足[94秒](evidence:G1#save_fast)。", True, True),
        ("保存快于[94秒](evidence:G1#save_fast)。", True, True),
        # H4: a comparative after a claim of a quantity makes it a difference
        (f"Saves are [94 s]({SAVE}) faster than on the previous model.", False, True),
        ("Reads run [178 GB/s](evidence:G1#bw) more than NFS.", False, True),
        # near misses: a ratio's or a share's comparative, another clause's
        ("Saves are [3×](evidence:G1#speedup) faster.", False, False),
        ("Gains are [96%](evidence:G1#share) higher.", False, False),
        (f"Saves are [94 s]({SAVE}), faster than ever.", False, False),
        # near misses: one value set against another
        (f"Saves take not [178 s]({OLD}) but [94 s]({SAVE}).", False, False),
        (f"The save is not [178 s]({OLD}) but [94 s]({SAVE}).", False, False),
        ("保存时间不是[178秒](evidence:G1#save)，而是[94秒](evidence:G1#save_fast)。", True, False),
        (f"Not only are saves [94 s]({SAVE}), they are cheap.", False, False),
    ],
)
def test_words_beside_a_claim_that_turn_it(text: str, zh: bool, refused: bool) -> None:
    codes = [code for code, _ in _errors(text, zh=zh)]
    assert codes == (["FX503"] if refused else []), codes


@pytest.mark.parametrize(
    ("text", "figure", "passes"),
    [
        ("1秒內", "a", True),  # Traditional Chinese: "內" as "内"
        ("兩天內", "b", True),
        ("三天內", "b", False),  # near miss: another bound
    ],
)
def test_traditional_chinese_bounds(
    project: Callable[..., Path], text: str, figure: str, passes: bool
) -> None:
    record = (
        "id: T1\ntitle: T\nlabel: measured\nstatus: active\nfigures:\n"
        "  a: {max: 1, unit: s}\n  b: {max: 2, unit: d}\n"
    )
    result = resolves(project({"T1.yaml": record}), text, f"T1#{figure}", lang="zh")
    assert isinstance(result, Claim) is passes, result


@pytest.mark.parametrize(
    ("text", "zh", "told"),
    [
        (f"The save isn't [94 s]({SAVE}).", False, "says the value is not the record's"),
        ("检查点不在[40秒以内](evidence:G1#ckpt)。", True, "turns its bound around ('40秒以上')"),
        (
            f"Checkpoints are not [under 40 s]({CKPT}).",
            False,
            "turns its bound around ('at least 40 s')",
        ),
    ],
)
def test_a_turned_claim_is_told_what_it_says(text: str, zh: bool, told: str) -> None:
    page = f"---\nlang: zh\n---\n# T\n\n{text}\n" if zh else f"# T\n\n{text}\n"
    _, found = check_page(page, PAGE_PATH, library(GRAMMAR), href_for, fixture_renderer())
    assert [told in f.message for f in found if f.code == "FX503"] == [True], found


def test_points_of_a_share_are_said_with_a_comparative(project: Callable[..., Path]) -> None:
    """The near miss of H4 in the demo's own words: "[4.4 pp](…) less" is how a fall in a
    share is said (the rule refused the demo's hero card when it read only × and %)."""
    record = (
        "id: T1\ntitle: T\nlabel: measured\nstatus: active\nfigures:\n"
        "  drop: {value: 4.4, unit: pp}\n  save: {value: 94, unit: s}\n"
    )
    lib = library(project({"T1.yaml": record}))
    page = "# T\n\nBubbles are [4.4 pp](evidence:T1#drop) less.\n\nSaves are [94 s](evidence:T1#save) less.\n"
    _, found = check_page(page, PAGE_PATH, lib, href_for, fixture_renderer())
    assert [(f.code, f.line) for f in found if f.severity == "error"] == [("FX503", 5)]
