"""fxsite.pages.prose: where a page's evidence links are (bare figures: tests/test_one_reader.py)."""

from __future__ import annotations

import pytest

from fxsite.pages.prose import EvidenceLink, find_evidence_links, line_col


def test_find_evidence_links_positions() -> None:
    text = 'Fell from [178 s](evidence:R1#save_time_baseline)\nto [](evidence:R1#x "t").'
    links = find_evidence_links(text)
    second = text.index("[](")
    assert links == [
        EvidenceLink(10, 49, "178 s", "evidence:R1#save_time_baseline"),
        EvidenceLink(second, len(text) - 1, "", "evidence:R1#x"),
    ]
    assert text[links[0].start : links[0].end] == "[178 s](evidence:R1#save_time_baseline)"
    assert line_col(text, links[1].start) == (2, 4)


def test_find_evidence_links_skips_code_images_and_other_schemes() -> None:
    text = (
        "[5 s](evidence:R1#a) `[6 s](evidence:R1#b)`\n"
        "```\n[7 s](evidence:R1#c)\n```\n"
        "~~~\n[7 s](evidence:R1#c2)\n~~~\n"
        "<!-- [9 s](evidence:R1#e) -->\n"
        "![8 s](evidence:R1#d) [link](https://example.com/evidence:R1#f)\n"
        "\n    [10 s](evidence:R1#g)\n"
    )
    assert [link.dest for link in find_evidence_links(text)] == ["evidence:R1#a"]


def test_find_evidence_links_in_admonition_body() -> None:
    text = "!!! note\n\n    Saves [178 s](evidence:R1#save_time_baseline).\n"
    (link,) = find_evidence_links(text)
    assert line_col(text, link.start) == (3, 11)


@pytest.mark.parametrize(
    ("offset", "expected"), [(0, (1, 1)), (2, (1, 3)), (3, (2, 1)), (5, (2, 3)), (6, (3, 1))]
)
def test_line_col(offset: int, expected: tuple[int, int]) -> None:
    assert line_col("ab\ncd\n", offset) == expected
