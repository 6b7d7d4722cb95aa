"""tree_alternation matches what alternation matches, choosing the same name.

The unit rule (``_UNIT_FIGURE``) holds about a thousand unit names; written as a tree
of their common beginnings it is tried in a few steps after each number. Compared
with the names written one after another: each name, its beginnings, its case
variants and what may follow it, under continuations that make the engine back off
to a shorter name; and the unit rule on the corpora.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fxsite.evidence.numerals import alternation, tree_alternation
from fxsite.pages import figure_rules, figure_vocab

CORPORA = sorted((Path(__file__).parent / "corpus").glob("*.txt"))
#: What may follow a unit's name, each making the engine keep or drop a longer name.
FOLLOWERS = ("", " ", "/s", "/", "s", "x", "2", "-", " per hour", "²", ".")
#: Patterns around the names: alone, then a stop, a space or slash, or an "s" required.
CONTEXTS = ("(?:{})", r"(?:{})(?![A-Za-z0-9_])", "(?:{})(?=[ /])", "(?:{})s")


def _probes(names: set[str]) -> list[str]:
    probes: set[str] = set()
    for name in names:
        probes.update(name[:cut] + "x" for cut in range(len(name)))
        probes.update(name + after for after in FOLLOWERS)
        probes.update((name.upper(), name.lower(), name.title()))
    return sorted(probes)


def _differ(names: set[str], case: str, tree: str) -> list[tuple[str, str]]:
    """(context, probe) where ``tree`` matches otherwise than the listed names."""
    probes = _probes(names)
    differ = []
    for context in CONTEXTS:
        listed = re.compile(context.format(case.format(alternation(names))))
        treed = re.compile(context.format(case.format(tree)))
        for probe in probes:
            one, other = listed.match(probe), treed.match(probe)
            if (one and one.group()) != (other and other.group()):
                differ.append((context, probe))
    return differ


@pytest.mark.parametrize(
    ("names", "case"),
    [
        (figure_vocab.UNIT_SYMBOLS, "{}"),
        (figure_vocab.WORDS, "(?i:{})"),
        ({"GB", "GB/s", "G", "GiB", "Gb", "Gbps", "s"}, "{}"),
        ({"second", "seconds", "sec", "secs", "per cent", "percent"}, "(?i:{})"),
    ],
    ids=["unit symbols", "unit words", "small symbols", "small words"],
)
def test_the_tree_matches_what_the_list_matches(names: set[str], case: str) -> None:
    assert _differ(names, case, tree_alternation(names)) == []


def test_a_tree_trying_shorter_names_first_is_caught() -> None:
    names = {"GB", "GB/s", "G", "Gbps"}
    shorter_first = tree_alternation(names).replace(")?", ")??")
    assert ("(?:{})", "GB/s") in _differ(names, "{}", shorter_first)


def test_unit_words_are_lowercase_ascii() -> None:
    # Under IGNORECASE the tree chooses as the list does only where no two names differ
    # by characters that match one character ("K" and "k"): lowercase ASCII never does.
    words = figure_vocab.WORDS | figure_vocab.OTHER_LANGUAGE_WORDS
    assert all(re.fullmatch("[a-z ]+", word) for word in words)


def test_the_unit_rule_is_written_as_trees() -> None:
    source = figure_rules._UNIT_FIGURE.pattern
    assert tree_alternation(figure_vocab.UNIT_SYMBOLS) in source
    assert alternation(figure_vocab.UNIT_SYMBOLS) not in source


@pytest.mark.parametrize("corpus", CORPORA, ids=lambda p: p.name)
def test_the_unit_rule_finds_on_the_corpora_what_the_listed_names_found(corpus: Path) -> None:
    rule = figure_rules._UNIT_FIGURE
    listed = re.compile(
        rule.pattern.replace(
            figure_vocab.SYMBOL_UNIT, alternation(figure_vocab.UNIT_SYMBOLS)
        ).replace(
            figure_vocab.WORD_UNIT,
            f"(?i:{alternation(figure_vocab.WORDS | figure_vocab.OTHER_LANGUAGE_WORDS)})",
        ),
        rule.flags,
    )
    text = corpus.read_text(encoding="utf-8")
    found = [(m.span(), m.groupdict()) for m in rule.finditer(text)]
    assert found == [(m.span(), m.groupdict()) for m in listed.finditer(text)]
