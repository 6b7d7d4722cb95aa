"""Where a finding is in a page (``fix_types.offset_of``): read once for a text, not once
a finding (``fxsite fix`` asks where every finding of the page is after each step: 300
bare figures on a page read its lines 90,000 times)."""

from __future__ import annotations

import pytest

from fxsite.authoring import fix_types
from fxsite.authoring.fix_types import offset_of


def _scanned(text: str, line: int, col: int) -> int:
    """The offset as a reading of the text line by line gives it."""
    start = 0
    for _ in range(line - 1):
        start = text.index("\n", start) + 1
    return start + col - 1


@pytest.mark.parametrize("text", ["", "a", "ab\ncd", "ab\ncd\n", "\n\n\nx", "one\n\ntwo\nthree"])
def test_the_offset_is_the_lines_read_in_turn(text: str) -> None:
    for line in range(0, text.count("\n") + 2):
        for col in (1, 2, 4):
            assert offset_of(text, line, col) == _scanned(text, line, col)
    with pytest.raises(ValueError):  # a line the text does not have
        offset_of(text, text.count("\n") + 2, 1)


def test_a_texts_lines_are_found_once_for_all_its_findings() -> None:
    page = "".join(f"Line {n} took 94 s.\n" for n in range(3_000))
    before = fix_types._line_starts.cache_info().misses
    offsets = [offset_of(page, line, 6) for line in range(1, 3_001)]
    assert fix_types._line_starts.cache_info().misses == before + 1
    assert [page[o : o + 1] for o in offsets[:3]] == ["0", "1", "2"]
