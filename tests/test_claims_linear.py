"""Claims and links in one paragraph take time linear in their number (blind74, finding 11).

Python-Markdown's link patterns read a paragraph to its end for the ``]`` closing
each link's text, once per text; every link found changes the text, so a paragraph
of 1,000 claims took 6 s to check and one of 4,000 took 99 s. Each claim was then
put in its link's place by a ``remove`` that looked for it among the links before
it, and placed in its source by a copy of the source's links after it.

Timed as ``tests/test_detector_linear.py`` times the detector: each shape checked
(:func:`fxsite.markdown.check_page`, the build's page stage too) at two sizes in one
run, four times the claims in less than ten times the CPU time (linear takes four,
quadratic sixteen). The brackets' reader
(:mod:`fxsite.render.link_brackets`) is also held to its count of work, which no
load on the machine moves, and to Python-Markdown's reading: the same HTML for
random texts of links, brackets, quotes and escapes.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from markdown import Markdown
from markdown.extensions import Extension
from sitekit import fixture_renderer, href_for, library
from timelimit import linear

from fxsite.markdown import check_page
from fxsite.render.link_brackets import _PATTERNS, Brackets, linear_links

LIB = library()
#: The characters a reading is given, from its arguments.
Sizer = Callable[..., int]
RENDERER = fixture_renderer()
#: claims in the small paragraph; the large one has four times as many
SMALL = 250
SMALL_LIMIT = 5.0

# (shape, one claim or link as written, what the page writes after the paragraph)
SHAPES: list[tuple[str, str, str]] = [
    ("claims", "[94 s](evidence:R1#save_time_fx100) ", ""),  # the tester's page
    ("refused claims", "[x](evidence:R1#save_time_fx100) ", ""),  # each one a finding
    ("claims by reference", "[94 s][c] ", "[c]: evidence:R1#save_time_fx100\n"),
    ("claims with a word in brackets", "[94 s](evidence:R1#save_time_fx100) [sic] ", ""),
    ("links", "[the guide](https://example.com/guide/) ", ""),
    ("images", "![a chart](chart.png) ", ""),
]


def _page(piece: str, after: str, count: int) -> str:
    return f"# T\n\n{piece * count}\n\n{after}"


def _checked(page: str) -> None:
    check_page(page, "docs/p.md", LIB, href_for, RENDERER)


@pytest.mark.parametrize(("shape", "piece", "after"), SHAPES, ids=[s[0] for s in SHAPES])
def test_a_paragraph_of_claims_is_checked_in_linear_time(
    shape: str, piece: str, after: str
) -> None:
    small, large = _page(piece, after, SMALL), _page(piece, after, 4 * SMALL)
    linear(
        lambda: _checked(small),
        lambda: _checked(large),
        what=f"{SMALL} claims",
        small_limit=SMALL_LIMIT,
    )


class _Linear(Extension):
    def extendMarkdown(self, md: Markdown) -> None:
        linear_links(md)


def _reads(text: str) -> int:
    """Brackets the link patterns read converting ``text``."""
    md = Markdown(extensions=[_Linear()])
    md.convert(text)
    readers = [md.inlinePatterns[name] for name, *_ in _PATTERNS]
    return sum(reader.brackets.reads for reader in readers)  # type: ignore[attr-defined]


# (shape, piece repeated in one paragraph)
WORK: list[tuple[str, str]] = [
    ("links", "[a](x) "),
    # Each "[" is read to the paragraph's end; what was read is kept past each link.
    ("a bracket left open before each link", "[ [a](x) "),
    ("references", "[a][r] "),
    ("short references", "[r] "),
    ("images", "![a](x) "),
    ("links in links", "[[a](x) b](y) "),
    ("brackets left open", "[a "),
    ("stray closing brackets", "] [a](x) "),
]


@pytest.mark.parametrize(("shape", "piece"), WORK, ids=[w[0] for w in WORK])
def test_brackets_read_grow_as_the_paragraph(shape: str, piece: str) -> None:
    small, large = (_reads(f"{piece * count}\n\n[r]: /r\n") for count in (200, 800))
    assert small > 0
    assert large <= 5 * small, f"4× the paragraph read {large / small:.1f}× the brackets"


_TOKENS = [
    *("[a](x)", "![b](y)", "[a][x]", "[x]", "[x][]", "[a](<x y>)", '[a](x "t")', "[^1]"),
    *("[b [c] d](z)", "[[a](x)](y)", "](", "[", "]", "(", ")", '"', "'", "`", "\\[", "\\]"),
    *("<a>", "*", "t ", " ", "\n"),
]


def test_links_are_read_as_python_markdown_reads_them() -> None:
    # Random texts, with the carry of what was read past a link taken on most of them.
    rng = random.Random(74)
    for number in range(1500):
        text = "".join(rng.choice(_TOKENS) for _ in range(rng.randint(1, 30)))
        text += "\n\n[a]: http://a.example/\n[x]: /x\n\n[^1]: A note.\n"
        extensions: list[str | Extension] = ["footnotes", "attr_list"] if number % 2 else []
        expected = Markdown(extensions=extensions).convert(text)
        assert Markdown(extensions=[*extensions, _Linear()]).convert(text) == expected, text


# (text, the place just past "[" asked about, the place just past its "]", or None)
CLOSES: list[tuple[str, int, int | None]] = [
    ("[a]", 1, 3),
    ("[a [b] c] d]", 1, 9),
    ("[a [b] c] d]", 4, 6),
    ("[a", 1, None),
    ("[[a]", 1, None),
    ("[[a]", 2, 4),
    ("] [a]", 3, 5),
]


@pytest.mark.parametrize(("text", "index", "end"), CLOSES, ids=range(len(CLOSES)))
def test_the_bracket_that_closes(text: str, index: int, end: int | None) -> None:
    assert Brackets().close(text, index) == end


def _given(
    owner: type, name: str, install: Callable[[Markdown], None], text: str, size: Sizer
) -> int:
    """How many characters ``owner``'s method ``name`` is given (``size`` of its arguments)
    converting ``text`` with the patterns ``install`` puts in: what no load moves."""
    given = 0
    stock = getattr(owner, name)

    def counted(self: object, *args: Any) -> Any:
        nonlocal given
        given += size(*args)
        return stock(self, *args)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(owner, name, counted)
        md = Markdown()
        install(md)
        md.convert(text)
    return given


def _tail_reads(text: str) -> int:
    """Characters Python-Markdown's reading of links' destinations and titles is given."""
    from markdown.inlinepatterns import LinkInlineProcessor

    return _given(LinkInlineProcessor, "getLink", linear_links, text, lambda d, at: len(d) - at)


# (shape, a link's tail that Python-Markdown read to the paragraph's end: 2,000 in one
# paragraph took 3.6 s to check, quadratic)
UNCLOSED = [
    ("a title's quote before the parenthesis", '[a](b "c)"'),
    ("a parenthesis left open", "[a](b (c)"),
    ("words after the title", '[a](b "c" d)'),
]


@pytest.mark.parametrize("piece", [u[1] for u in UNCLOSED], ids=[u[0] for u in UNCLOSED])
def test_a_links_tail_is_read_in_the_characters_after_it_alone(piece: str) -> None:
    from fxsite.render.link_brackets import MAX_LINK_TAIL

    text = piece * 400 + " x" * 50_000  # each tail read to the end: 400 × 100 KB
    assert _tail_reads(text) <= 400 * MAX_LINK_TAIL


def test_a_link_is_what_python_markdown_reads_within_its_tail() -> None:
    """A destination and title within :data:`MAX_LINK_TAIL` is the same link; one longer
    is no link (the decision in :mod:`fxsite.render.link_brackets`)."""
    from fxsite.render.link_brackets import MAX_LINK_TAIL

    def html(text: str, linear: bool) -> str:
        md = Markdown()
        if linear:
            linear_links(md)
        return md.convert(text)

    near = f'[a](https://example.com/{"q" * (MAX_LINK_TAIL - 100)} "t")'
    assert html(near, True) == html(near, False) and "<a href" in html(near, True)
    far = f"[a](https://example.com/{'q' * MAX_LINK_TAIL})"
    assert "<a href" not in html(far, True)


def _code_reads(text: str) -> int:
    """Characters Python-Markdown's code span reading is given, with the bounded pattern."""
    from markdown.inlinepatterns import BacktickInlineProcessor

    from fxsite.render.code_spans import bounded_code_spans

    return _given(
        BacktickInlineProcessor,
        "find_code_spans",
        bounded_code_spans,
        text,
        lambda at, d: len(d) - at,
    )


def test_a_code_span_is_looked_for_in_the_characters_after_it_alone() -> None:
    """``` ``a` ``` repeated: Python-Markdown opened each code span at the last two of three
    backticks and read the paragraph to its end for two (8,000: 13 s to check)."""
    from fxsite.render.code_spans import MAX_CODE_SPAN

    assert _code_reads("``a`" * 1000 + " x" * 50_000) <= 1000 * MAX_CODE_SPAN


def test_code_spans_are_read_as_python_markdown_reads_them() -> None:
    from fxsite.render.code_spans import bounded_code_spans

    rng = random.Random(78)
    tokens = ["`", "``", "```", "a", " ", "\\`", "x y", "\n", "[a](x)", "*"]
    for _ in range(500):
        text = "".join(rng.choice(tokens) for _ in range(rng.randint(1, 40)))
        bounded = Markdown()
        bounded_code_spans(bounded)
        assert bounded.convert(text) == Markdown().convert(text), text


#: (page, what its refusal says, or None: it passes): paragraphs Python-Markdown reads once
#: per link or run of backticks to their end, refused before rendering, and near misses.
PAST_BOUNDS = [
    ('[a](b "c)"' * 600, "is not closed"),  # no ")" closes a tail after its title
    ("[a](b (c)" * 600, "is not closed"),
    ("[the guide](https://example.com/guide/) " * 600, None),  # near misses: links that close
    ('[a](<b c> "t") ' * 600, None),
    ("[a](b(c)d) " * 600, None),
    ("[94 s](evidence:R1#save_time_fx100) " * 600, None),
    ("`x` " * 1001, "runs of backticks"),  # 2,002 runs of backticks in one paragraph
    ("``a`" * 2100, "runs of backticks"),
    ("`x` " * 999, None),  # near misses: 999 code spans; a table's rows read apart
    ("| a | b |\n|---|---|\n" + "| `x` | `y` |\n" * 1500, None),
]
PAST_BOUNDS_IDS = [
    *("unclosed titles", "unclosed parentheses", "links", "links in brackets"),
    *("parentheses in links", "claims", "code spans", "runs of two and three"),
    *("999 code spans", "a long table of code"),
]


@pytest.mark.parametrize(("page", "says"), PAST_BOUNDS, ids=PAST_BOUNDS_IDS)
def test_a_paragraph_past_what_renders_in_bounded_time_is_refused_before_rendering(
    page: str, says: str | None
) -> None:
    found = check_page(f"# T\n\n{page}\n", "docs/p.md", LIB, href_for, RENDERER)[1]
    bounds = ("is not closed", "runs of backticks")
    told = [f for f in found if f.code == "FX606" and any(b in f.message for b in bounds)]
    assert bool(told) is (says is not None), [str(f) for f in found[:3]]
    if says is not None:
        assert says in told[0].message and (told[0].line, told[0].col) == (3, 1)
