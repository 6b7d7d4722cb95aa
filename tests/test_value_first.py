"""VALUE_FIRST, the look-ahead every value of the detector starts with, changes no match.

It must let through every character a value (``(?:APPROX)?SIGN?NUM``) can start
with; the characters are found by re's own parser and checked over all of Unicode.
Every rule built on VALUE finds, on the corpora, what it found without it.
"""

from __future__ import annotations

import re
import sys
from functools import cache
from pathlib import Path
from re import (
    _constants as sre,  # type: ignore[attr-defined]
    _parser as sre_parse,  # type: ignore[attr-defined]
)
from typing import Any

import pytest

from fxsite.pages import figure_rules, figure_vocab, figures

CORPORA = sorted((Path(__file__).parent / "corpus").glob("*.txt"))


def _first(items: Any, ignorecase: bool) -> tuple[list[str], bool]:
    """What the first character a match of ``items`` consumes can be (as regex classes),
    and whether they can match nothing."""
    found: list[str] = []
    for op, av in items:
        more, empty = _first_of(op, av, ignorecase)
        found += more
        if not empty:
            return found, False
    return found, True


def _first_of(op: Any, av: Any, ignorecase: bool) -> tuple[list[str], bool]:
    case = "(?i:{})" if ignorecase else "{}"
    if op is sre.LITERAL:
        return [case.format(re.escape(chr(av)))], False
    if op is sre.IN:
        parts = []
        for kind, value in av:
            if kind is sre.LITERAL:
                parts.append(re.escape(chr(value)))
            elif kind is sre.RANGE:
                parts.append(f"{re.escape(chr(value[0]))}-{re.escape(chr(value[1]))}")
            elif kind is sre.CATEGORY and value is sre.CATEGORY_DIGIT:
                parts.append(r"\d")
            else:
                raise AssertionError(f"not bounded: {kind} {value}")
        return [case.format(f"[{''.join(parts)}]")], False
    if op in (sre.AT, sre.ASSERT, sre.ASSERT_NOT):
        return [], True
    if op is sre.BRANCH:
        found: list[str] = []
        empty = False
        for branch in av[1]:
            more, can = _first(branch.data, ignorecase)
            found += more
            empty |= can
        return found, empty
    if op is sre.SUBPATTERN:
        _, add, drop, sub = av
        inner = (ignorecase or bool(add & sre.SRE_FLAG_IGNORECASE)) and not (
            drop & sre.SRE_FLAG_IGNORECASE
        )
        return _first(sub.data, inner)
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
        low, _, sub = av
        more, empty = _first(sub.data, ignorecase)
        return more, empty or low == 0
    raise AssertionError(f"not bounded: {op}")


@cache
def _value_starts() -> str:
    """Every character of Unicode a value (``(?:APPROX)?SIGN?NUM``) can start with."""
    value = rf"(?:{figure_vocab.APPROX})?{figure_vocab.SIGN}?{figure_vocab.NUM}"
    starts, empty = _first(sre_parse.parse(value).data, False)
    assert not empty
    every = "".join(map(chr, range(sys.maxunicode + 1)))
    return "".join(re.findall("|".join(starts), every))


@cache
def _letters() -> str:
    """Every character re's IGNORECASE matches to an ASCII letter, and the ASCII ones."""
    every = "".join(map(chr, range(sys.maxunicode + 1)))
    return "".join(sorted(set(re.findall("(?i)[a-z]", every)) | set(map(chr, range(32, 127)))))


def _missed(lookahead: str) -> list[str]:
    """The characters a value can start with that ``lookahead`` lets through before no
    character at all."""
    let = re.compile(lookahead)
    return [c for c in _value_starts() if not any(let.match(c + d) for d in ["", *_letters()])]


def _two(items: list[tuple[Any, Any, bool]], first: str = "") -> list[tuple[str, str]]:
    """Regexes of the first two characters a match of ``items`` (op, value, ignoring case)
    consumes, after ``first`` (the first's, once taken)."""
    if not items:
        return []
    (op, av, ignorecase), rest = items[0], items[1:]
    if op in (sre.AT, sre.ASSERT, sre.ASSERT_NOT):
        return _two(rest, first)
    if op is sre.BRANCH:
        return [
            p for b in av[1] for p in _two([(o, a, ignorecase) for o, a in b.data] + rest, first)
        ]
    if op is sre.SUBPATTERN:
        _, add, drop, sub = av
        inner = (ignorecase or bool(add & sre.SRE_FLAG_IGNORECASE)) and not (
            drop & sre.SRE_FLAG_IGNORECASE
        )
        return _two([(o, a, inner) for o, a in sub.data] + rest, first)
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
        low, high, sub = av
        again = [(op, (max(low - 1, 0), high - 1, sub), ignorecase)] if high > 1 else []
        once = _two([(o, a, ignorecase) for o, a in sub.data] + again + rest, first)
        return once + (_two(rest, first) if low == 0 else [])
    (char,), _ = _first_of(op, av, ignorecase)
    return [(first, char)] if first else _two(rest, char)


def test_value_first_lets_through_every_two_letter_start_of_an_approximation_word() -> None:
    assert _missed_pairs(figure_vocab.VALUE_FIRST) == []


def _missed_pairs(lookahead: str) -> list[str]:
    """The two characters an approximation word can start with, a letter first, that
    ``lookahead`` does not let through."""
    let = re.compile(lookahead)
    pairs = _two([(o, a, False) for o, a in sre_parse.parse(figure_vocab.APPROX).data])
    letters = _letters()
    starts = {
        f + s
        for first, second in pairs
        for f in letters
        if f.isalpha() and re.fullmatch(first, f)
        for s in letters
        if re.fullmatch(second, s)
    }
    assert {s.lower() for s in starts} >= {"ab", "su", "we"}  # the pairs were found
    return sorted(s for s in starts if not let.match(s))


@pytest.mark.parametrize(
    ("dropped", "missed"),
    [
        ("bB", "ab aB Ab AB"),  # "about", "above"
        ("|[wW][eE]", "we wE We WE"),  # "well over"
        ("İ", "cİ Cİ"),  # "circa", in the case re's IGNORECASE matches
    ],
)
def test_a_two_letter_start_left_out_is_found(dropped: str, missed: str) -> None:
    narrower = figure_vocab.VALUE_FIRST.replace(dropped, "", 1)
    assert narrower != figure_vocab.VALUE_FIRST
    assert _missed_pairs(narrower) == sorted(missed.split())


def test_more_cases_are_those_of_re() -> None:
    """MORE_CASES holds every character re's IGNORECASE matches to an ASCII letter besides
    its two cases."""
    more = {c for c in _letters() if not c.isascii()}
    assert more == set("".join(figure_vocab.MORE_CASES.values()))
    for letter, cased in figure_vocab.MORE_CASES.items():
        assert all(re.fullmatch(f"(?i){letter}", c) for c in cased)


def test_value_first_lets_through_every_first_character_of_a_value() -> None:
    assert _missed(figure_vocab.VALUE_FIRST) == []


@pytest.mark.parametrize(
    ("dropped", "missed"),
    [
        ("≤", "≤"),  # an approximation sign: "≤ 5 ms"
        ("约", "约"),  # a Chinese approximation word: "约5秒"
        ("|[sSſ][uU]", "sSſ"),  # "sub-100 µs", in any case re's IGNORECASE matches
        ("½", "½"),  # a vulgar fraction alone: "½ hour"
    ],
)
def test_a_first_character_left_out_is_found(dropped: str, missed: str) -> None:
    narrower = figure_vocab.VALUE_FIRST.replace(dropped, "", 1)
    assert narrower != figure_vocab.VALUE_FIRST
    assert sorted(_missed(narrower)) == sorted(missed)


@cache
def _rules() -> list[tuple[str, re.Pattern[str], re.Pattern[str]]]:
    """(name, rule, the rule without the look-ahead) of every rule of the detector built on
    VALUE."""
    rules = []
    for name, value in {**vars(figures), **vars(figure_rules)}.items():
        source = getattr(value, "pattern", None) or getattr(value, "source", None)
        if isinstance(source, str) and figure_vocab.VALUE_FIRST in source:
            without = source.replace(figure_vocab.VALUE_FIRST, "")
            rules.append((name, re.compile(source, value.flags), re.compile(without, value.flags)))
    return rules


def test_the_rules_built_on_value_are_compared() -> None:
    names = {name for name, _, _ in _rules()}
    assert {"_UNIT_FIGURE", "_OPEN_UNIT", "_PERCENT_FIGURE", "_RATE_FIGURE"} <= names


@pytest.mark.parametrize("corpus", CORPORA, ids=lambda p: p.name)
def test_every_rule_finds_on_the_corpora_what_it_found_without_the_look_ahead(
    corpus: Path,
) -> None:
    text = corpus.read_text(encoding="utf-8")
    for name, with_it, without in _rules():
        found = [(m.span(), m.groupdict()) for m in with_it.finditer(text)]
        assert found == [(m.span(), m.groupdict()) for m in without.finditer(text)], name
