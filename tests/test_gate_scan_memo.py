"""A block a memo hands out (a navigation's, a list item's) is scanned once for all its
copies (:attr:`fxsite.verify.shown.Block.scan_memo`): a copy whose text, claims, channel,
role or unit differs from the one scanned first is scanned as itself, and finds what a
fresh block of the same fields finds."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fxsite.verify import scan
from fxsite.verify.scan import FileScan
from fxsite.verify.shown import Block

Change = Callable[[Block], None]


def _found(blocks: list[Block]) -> list[tuple[str, str, str]]:
    """What :func:`scan._scan_blocks` finds in ``blocks``: figures and local findings."""
    out = FileScan()
    scan._scan_blocks(out, blocks)
    return [("figure", c.found, c.unit) for c in out.candidates] + [
        ("local", f.code, f.text or "") for f in out.local
    ]


def _set(name: str, value: object) -> Change:
    return lambda block: setattr(block, name, value)


#: (the block first scanned, the change made to a later copy, whether the copy then holds
#: a figure): each row fails if a copy were given its original's scan.
ROWS: list[tuple[Block, Change, bool]] = [
    # a title read first, then a copy's text holding a figure
    (Block("Checkpoint saves", "page"), _set("text", "Checkpoint saves 94 s"), True),
    # and the other way round: the first one's figure is not the copy's
    (Block("Checkpoint saves 94 s", "page"), _set("text", "Checkpoint saves"), False),
    # a bare number in a cell, read under the unit its column states
    (Block("95", "article"), _set("unit", "s"), True),
    (Block("95", "article", unit="s", said="under the header 'Save, s'"), _set("unit", ""), False),
    # a claim's span: its figure is the claim's, not bare
    (Block("took 94 s", "page"), _set("claims", [(5, 9, 0)]), False),
    (Block("took 94 s", "page", [(5, 9, 0)]), _set("claims", []), True),
    # a hidden character: a finding of its own, on the copy only
    (Block("Checkpoint saves", "page"), _set("text", "Checkpoint\u200b saves"), True),
]


@pytest.mark.parametrize(("first", "change", "holds"), ROWS)
def test_a_changed_copy_is_scanned_as_itself(first: Block, change: Change, holds: bool) -> None:
    scan._scan_text.cache_clear()
    copy = first.copy()  # the first copy handed out: the memo's block gets its scan memo
    before = _found([copy])
    later = first.copy()
    change(later)
    fresh = Block(later.text, later.channel, list(later.claims), later.role, later.unit, later.said)
    scan._scan_text.cache_clear()
    assert _found([later]) == _found([fresh])
    assert bool(_found([later])) is holds
    assert _found([first.copy()]) == before  # the original's copies read as before
    scan._scan_text.cache_clear()


def test_copies_share_one_scan(monkeypatch: pytest.MonkeyPatch) -> None:
    """An unchanged copy is not scanned again, even once the scan's own memo forgets it."""
    reads: list[str] = []
    scanned = scan._scan_text
    monkeypatch.setattr(
        scan, "_scan_text", lambda text, *rest: reads.append(text) or scanned(text, *rest)
    )
    first = Block("Navigation title", "page")
    for _ in range(3):
        scanned.cache_clear()
        _found([first.copy()])
    assert reads == ["Navigation title"]
