"""The ``evidence-stats`` block: one claim a line, each a card, every card checked."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup
from sitekit import href_for, library

from fxsite.evidence.library import Library
from fxsite.pages.blocks import render_block

PATH = "docs/page.md"
FIRST = 10  # 0-based line of the block's first line; findings are 1-based


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


def _render(lib: Library, text: str) -> tuple[str, list[str]]:
    out, _claims, findings = render_block(
        "evidence-stats", text, PATH, FIRST, lib, href_for, "fx-chart-0"
    )
    return out, [f"{f.line}:{f.col}: {f.code}" for f in findings]


def test_cards_are_claims_with_context(lib: Library) -> None:
    out, problems = _render(
        lib,
        "[1.9×](evidence:R1#save_speedup) | faster checkpoint saves\n"
        "\n"
        "[](evidence:R1#load_speedup)\n",
    )
    assert problems == []
    page = BeautifulSoup(out, "html.parser")
    (stats,) = page.select("div.fx-stats")
    cards = stats.select(":scope > .fx-stat")
    assert len(cards) == 2
    refs = [c.select_one("a.fx-claim")["data-fx-ref"] for c in cards]  # type: ignore[index]
    assert refs == ["R1#save_speedup", "R1#load_speedup"]
    assert cards[0].select_one(".fx-stat-context").get_text() == "faster checkpoint saves"  # type: ignore[union-attr]
    assert cards[1].select_one(".fx-stat-context") is None
    assert cards[0].select_one(".fx-stat-source").get_text() == "Measured · R1"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # refused: each at its own line and column
        ("[2.0×](evidence:R1#save_speedup) | faster", ["11:1: FX403"]),
        ("ok\n[1.9×](evidence:R9#save_speedup)", ["11:1: FX604", "12:1: FX401"]),
        ("[1.9×](evidence:R1#save_speedup) | saves 84 s per save", ["11:42: FX501"]),
        ("1.9× | bare", ["11:1: FX604"]),
        ("[1.9×](https://example.com) | not evidence", ["11:1: FX604"]),
        ("[1.9×](evidence:R1#save_speedup) [94 s](evidence:R1#save_time_fx100)", ["11:1: FX604"]),
        ("  [1.9](evidence:R1#save_speedup)x", ["11:3: FX604"]),
        ("", ["11:1: FX604"]),
        # near misses that pass
        ("[1.9×](evidence:R1#save_speedup)", []),
        ("  [1.9x](evidence:R1#save_speedup)  |  faster, 8-GPU 32B LoRA  ", []),
        ("[](evidence:R1#setup.baseline) | the baseline", []),
    ],
)
def test_bad_lines_are_refused_at_their_position(
    lib: Library, text: str, expected: list[str]
) -> None:
    out, problems = _render(lib, text)
    assert problems == expected
    assert (out == "") == bool(expected)
