"""Every suggestion fxsite makes for a bare figure must itself pass the claim rule."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from sitekit import library

from fxsite.evidence.library import Library, load_library
from fxsite.evidence.quantities import check_stated, parse_stated
from fxsite.pages.claims import Claim, bare_figure_message, resolve_claim, suggest_claims

ROOT = Path(__file__).resolve().parent.parent
GRAMMAR = Path(__file__).resolve().parent / "fixtures" / "grammar"
sys.path.insert(0, str(ROOT / "benchmarks"))

from detector_corpus import load_corpus  # noqa: E402

_LINK = re.compile(r"\[([^\]]*)\]\(evidence:([^)]*)\)")


@pytest.fixture(scope="module")
def libs() -> list[Library]:
    grammar = load_library(GRAMMAR / "evidence", GRAMMAR)
    demo = load_library(ROOT / "evidence", ROOT)
    return [grammar, demo, library()]


def _passes_generic(link_text: str) -> bool:
    """A suggestion for no particular figure passes for the figure it states."""
    if not link_text:
        return True  # an empty text is filled in
    stated = parse_stated(link_text)
    if stated is None:
        return False
    bound = stated.qualifier if stated.qualifier in {"min", "max"} else None
    _, verdict = check_stated(
        link_text,
        stated.low,
        stated.high,
        stated.unit or "count",
        max(stated.decimals, 0),
        bound,
    )
    return verdict is None


def _bare_texts() -> list[tuple[str, str]]:
    out = []
    for name in ("bare_figures.txt", "zh_dev.txt", "zh_dev2.txt", "zh_dev3.txt"):
        for case in load_corpus(ROOT / "tests" / "corpus" / name):
            out.extend((case.text[s:e], case.text) for s, e in case.expected)
    out += [(t, t) for t in ("under 40 s", "2.1 million IOPS", "3 minutes", "about 178 GB/s")]
    return out


BARE = _bare_texts()


def test_the_corpus_gives_many_bare_figures() -> None:
    assert len(BARE) >= 300


@pytest.mark.parametrize("index", range(0, len(BARE), 1))
def test_every_suggestion_passes(libs: list[Library], index: int) -> None:
    text, sentence = BARE[index]
    for lib in libs:
        message = bare_figure_message(text, lib, context=sentence)
        links = _LINK.findall(message)
        assert links, message
        link_text, ref = links[0]
        if ref == "ID#figure":
            assert _passes_generic(link_text), message
        else:
            assert isinstance(resolve_claim(link_text, f"evidence:{ref}", lib), Claim), message
        for suggestion in suggest_claims(text, lib, context=sentence):
            result = resolve_claim(suggestion.text, f"evidence:{suggestion.ref}", lib)
            assert isinstance(result, Claim), (suggestion, result)


@pytest.mark.parametrize(
    ("bare", "context", "first"),
    [
        ("178 s", "After a failure, the restore of the training state took 178 s.", "G1#restore"),
        ("178 s", "A full-model snapshot save took 178 s on the baseline.", "G1#save"),
        ("3 minutes", "A full-model snapshot save took 3 minutes.", "G1#save"),
        ("about 3 minutes", "Restore after a failure: about 3 minutes.", "G1#restore"),
        ("2.1 million IOPS", "Random read: 2.1 million IOPS.", "G1#iops"),
        ("2.1M IOPS", "Random read: 2.1M IOPS.", "G1#iops"),
        ("under 40 s", "A 175B checkpoint in under 40 s.", "G1#ckpt"),
        ("100+ GB/s", "Sustained read bandwidth of 100+ GB/s.", "G1#bw_floor"),
        ("$1.2M", "List price $1.2M.", "G1#price"),
    ],
)
def test_matching_figures_are_ranked_by_the_words_around(
    libs: list[Library], bare: str, context: str, first: str
) -> None:
    suggestions = suggest_claims(bare, libs[0], context=context)
    assert suggestions, bare
    assert suggestions[0].ref == first, suggestions


@pytest.mark.parametrize(
    ("bare", "markdown"),
    [
        ("about 178 GB/s", "about [178 GB/s](evidence:G1#bw)"),  # the wording stays outside
        ("over 178 GB/s", "over [178 GB/s](evidence:G1#bw)"),  # a point: "over" stays outside
        ("under 40 s", "[under 40 s](evidence:G1#ckpt)"),  # the bound the figure needs
        ("+96%", "+[96%](evidence:G1#share)"),
    ],
)
def test_bound_words_go_inside_only_when_they_agree(
    libs: list[Library], bare: str, markdown: str
) -> None:
    suggestions = suggest_claims(bare, libs[0], context="Peak read bandwidth, checkpoint time")
    assert suggestions[0].markdown == markdown


def test_no_match_suggests_an_empty_text_when_the_grammar_cannot_read_it(
    libs: list[Library],
) -> None:
    message = bare_figure_message("12.5 tokens/second/user", libs[0])
    assert "[](evidence:ID#figure)" in message
