"""fxsite.pages.prose: which characters of a page are prose, and where the evidence links are."""

from __future__ import annotations

import pytest

from fxsite.pages.prose import EvidenceLink, find_evidence_links, line_col, prose_mask


def _kept(text: str) -> list[str]:
    """The words of ``text`` the mask keeps as prose."""
    return prose_mask(text).split()


@pytest.mark.parametrize(
    "text",
    [
        "Para.\n\n    code 178 s\n",
        "```\n178 s\n```\nafter\n",
        "~~~python\n178 s\n~~~\n",
        "!!! note\n\n    ```\n    178 s\n    ```\n",
        "Use `178 s` <!-- 5%\n6x --> https://a.b/5% [t](x/5%) {: #a-5% }",
        "\tx\n\n\ty 5%\n",
        "",
    ],
)
def test_mask_preserves_offsets(text: str) -> None:
    masked = prose_mask(text)
    assert len(masked) == len(text)
    assert [i for i, c in enumerate(masked) if c == "\n"] == [
        i for i, c in enumerate(text) if c == "\n"
    ]
    # Only blanking, never moving: every kept character is the source's.
    assert all(m in (t, " ") for m, t in zip(masked, text, strict=True))


def test_backtick_fence_is_code() -> None:
    text = "Before 1.\n```text\nsaved 178 s\n```\nAfter 2.\n"
    assert prose_mask(text) == "Before 1.\n       \n           \n   \nAfter 2.\n"


def test_tilde_fence_is_code() -> None:
    text = "~~~\n178 s\n~~~\nafter 5%\n"
    assert prose_mask(text) == "   \n     \n   \nafter 5%\n"


def test_longer_fence_closes_only_on_its_own_kind() -> None:
    text = "````\n```\n178 s\n```\n````\nafter 5%\n"
    assert _kept(text) == ["after", "5%"]


def test_fence_indented_inside_admonition_is_code_and_body_is_prose() -> None:
    text = "!!! note\n\n    ```python\n    x = '178 s'\n    ```\n\n    Body 3 minutes.\n"
    masked = prose_mask(text)
    assert _kept(text) == ["!!!", "note", "Body", "3", "minutes."]
    assert masked.index("Body") == text.index("Body")


def test_indented_code_after_a_paragraph_is_code() -> None:
    assert _kept("Para.\n\n    code 178 s\n") == ["Para."]


def test_indented_admonition_body_is_prose() -> None:
    assert _kept("!!! note\n\n    Saves 178 s.\n") == ["!!!", "note", "Saves", "178", "s."]
    assert _kept('??? tip "Title"\n\n    Saves 5%.\n')[-2:] == ["Saves", "5%."]


def test_indented_list_continuation_is_prose() -> None:
    assert _kept("- item\n\n    continued 50%\n") == ["-", "item", "continued", "50%"]


def test_lazy_continuation_without_blank_line_is_prose() -> None:
    assert _kept("Para 1\n    lazy 178 s\n") == ["Para", "1", "lazy", "178", "s"]


def test_inline_code_is_not_prose() -> None:
    text = "Use `178 s` and ``a ` 5%`` here"
    assert _kept(text) == ["Use", "and", "here"]


def test_html_comment_is_not_prose_even_across_lines() -> None:
    text = "a <!-- 5%\n 6x --> b"
    assert prose_mask(text) == "a " + " " * 7 + "\n" + " " * 7 + " b"


def test_urls_link_destinations_and_attribute_lists_are_not_prose() -> None:
    text = "See https://example.com/178s/50% and [text 5](https://x.com/a-50%) {: #id-3x .w-5% }"
    assert _kept(text) == ["See", "and", "[text", "5]"]


def test_autolinks_and_html_tags_are_not_prose_but_their_text_is() -> None:
    text = "<span title='5%'>shown 5%</span> <https://a.b/5%>"
    assert _kept(text) == ["shown", "5%"]


def test_reference_definitions_are_not_prose() -> None:
    assert _kept('Text.\n\n[ref]: https://x.y/5% "Title 5%"\n') == ["Text."]


def test_find_evidence_links_positions() -> None:
    text = 'Fell from [178 s](evidence:R1#save_time_baseline)\nto [](evidence:R1#x "t").'
    links = find_evidence_links(text)
    second = text.index("[](")
    assert links == [
        EvidenceLink(10, 49, "178 s", "evidence:R1#save_time_baseline", 11),
        EvidenceLink(second, len(text) - 1, "", "evidence:R1#x", second + 1),
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
