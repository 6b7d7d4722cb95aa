"""The detector's shortcuts change nothing it finds.

A text read again is read once (its figures kept, for short texts only); ASCII
text skips the tables and patterns that read only other characters; text
without a digit skips the family rules whose cue holds one.
"""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest

from fxsite.pages import figure_families, figure_rules, figures
from fxsite.pages.figure_vocab import VULGAR_FRACTIONS
from fxsite.pages.figures import find_bare_figures
from fxsite.verify import reading

CORPUS = Path(__file__).parent / "corpus"


def _lines() -> list[str]:
    from test_detector_families import FAMILIES

    lines = [
        line.replace("⟦", "").replace("⟧", "")
        for path in sorted(CORPUS.glob("*.txt"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    return lines + [text for row in FAMILIES for text in (row[1], row[3])]


# --- a text read again ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "reads"),
    [
        ("The run took 178 s in this case.", 1),  # kept: read once
        ("The run took 178 s in this case. " * 20, 2),  # near miss: too long to keep
    ],
    ids=["short: read once", "long: read each time"],
)
def test_a_text_read_again_is_read_once_when_short(
    monkeypatch: pytest.MonkeyPatch, text: str, reads: int
) -> None:
    read: list[str] = []
    inner = figures._read
    monkeypatch.setattr(figures, "_read", lambda t: read.append(t) or inner(t))
    figures._read_kept.cache_clear()
    first = find_bare_figures(text)
    first.clear()  # the caller's list: what is kept is not changed by it
    again = find_bare_figures(text)
    assert len(read) == reads
    assert [f.text for f in again] == ["178 s"] * text.count("178 s")
    figures._read_kept.cache_clear()


def test_texts_kept_are_bounded() -> None:
    figures._read_kept.cache_clear()
    for n in range(1000):
        find_bare_figures(f"Run {n} took 5 s.")
    info = figures._read_kept.cache_info()
    assert 0 < info.currsize <= info.maxsize
    assert max(len(f"Run {n} took 5 s.") for n in range(1000)) <= figures._KEPT
    figures._read_kept.cache_clear()


def test_a_text_read_again_after_a_sites_other_texts_is_read_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A record's words are read when the library loads and again on its record page, the
    # site's other short texts read in between (14,550 of them at 4x the base benchmark):
    # with 512 kept, each was read twice (about 0.1 s of a base build's CPU, 0.9 s at 4x).
    read: list[str] = []
    inner = figures._read
    monkeypatch.setattr(figures, "_read", lambda t: read.append(t) or inner(t))
    figures._read_kept.cache_clear()
    find_bare_figures("figure 0 of run 0")
    for n in range(15_000):
        find_bare_figures(f"Run {n} took 5 s.")
    find_bare_figures("figure 0 of run 0")
    assert read.count("figure 0 of run 0") == 1
    figures._read_kept.cache_clear()


# --- ASCII text ------------------------------------------------------------------

_ASCII = "".join(map(chr, range(128)))


def test_what_ascii_text_skips_reads_no_ascii() -> None:
    """_READ_AS leaves ASCII as it is and _IGNORECASE_FOLD folds it as ``lower`` does;
    _DASH_IN_WORD and _MARK match none of it (so ASCII text is read as it is)."""
    assert _ASCII.translate(figures._READ_AS) == _ASCII
    assert _ASCII.translate(figure_rules._IGNORECASE_FOLD).lower() == _ASCII.lower()
    assert figures._MARK.search(_ASCII) is None
    assert [c for c in _ASCII if figures._DASH_IN_WORD.search(f"1{c}a")] == []


@pytest.mark.parametrize(
    ("module", "table", "key", "value"),
    [(figures, "_READ_AS", "O", "0"), (figure_rules, "_IGNORECASE_FOLD", "S", "z")],
)
def test_an_ascii_key_in_a_skipped_table_is_told(
    monkeypatch: pytest.MonkeyPatch, module: ModuleType, table: str, key: str, value: str
) -> None:
    """The check above fails on a table that reads an ASCII letter as another."""
    monkeypatch.setattr(module, table, {**getattr(module, table), ord(key): value})
    with pytest.raises(AssertionError):
        test_what_ascii_text_skips_reads_no_ascii()


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("It took ９４ s.", ["９４ s"]),  # full width: not ASCII, read as ASCII
        ("A 10‑fold gain", ["10‑fold"]),  # a non-breaking hyphen read as "-"
        ("It took 94 s.", ["94 s"]),  # near miss: ASCII, read as it is
        ("ſix hours", ["ſix hours"]),  # "ſ" case-folded to "s" for the cues
    ],
)
def test_text_beyond_ascii_is_still_folded(text: str, found: list[str]) -> None:
    figures._read_kept.cache_clear()
    assert [f.text for f in find_bare_figures(text)] == found


# --- text without a digit --------------------------------------------------------

_DIGITS = re.compile(rf"[\d{VULGAR_FRACTIONS}]")


def _without_digits(lines: list[str]) -> list[str]:
    return [_DIGITS.sub("", line) for line in lines]


def _family_figures(text: str, *, digit: bool) -> list[tuple[int, int, str]]:
    low = text.translate(figure_rules._IGNORECASE_FOLD).lower()
    return list(figure_families.family_candidates(text, low, digit=digit))


def test_text_without_a_digit_finds_what_every_family_rule_finds() -> None:
    """On the corpora and the families' rows with their digits taken out, the rules
    that read number words alone find what all of them find."""
    texts = _without_digits(_lines())
    texts += ["five nines of uptime", "one out of four runs", "a factor of five", "Halved"]
    assert [_family_figures(t, digit=False) for t in texts] == [
        _family_figures(t, digit=True) for t in texts
    ]
    assert any(_family_figures(t, digit=False) for t in texts)  # number words are read


def test_a_word_rule_taken_for_a_digit_rule_is_told(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above fails where a rule whose cue holds no digit ("five nines") is
    left out of the rules that read text without one."""
    nines = next(r for r in figure_families.RULES if r[0] is figure_families._NINES)
    monkeypatch.setattr(
        figure_families, "WORD_RULES", tuple(r for r in figure_families.WORD_RULES if r != nines)
    )
    with pytest.raises(AssertionError):
        test_text_without_a_digit_finds_what_every_family_rule_finds()


def test_word_rules_keep_the_rules_order() -> None:
    """Candidates of equal span keep the kind of the first rule that found them: the rules
    for text without a digit are the family rules in their order, the digit rules left out."""
    kept = [r for r in figure_families.RULES if r in figure_families.WORD_RULES]
    assert list(figure_families.WORD_RULES) == kept
    assert len(kept) == len(figure_families.RULES) - len(figure_families._DIGIT_RULES)


# --- the share rule's cue ------------------------------------------------------------

#: The share rule's cue as it was first written (tried at every character of a text).
_SHARE_REFERENCE = re.compile(
    rf"out of|(?:\d|\b{figure_families._NUMBER_WORD}) (?:of|in|per) ", re.IGNORECASE
)


@pytest.mark.parametrize(
    "text",
    [
        "3 out of 4 runs",
        "one in three runs",
        "Nine of ten runs",
        "ONE IN TEN",
        "94 per 100 runs",
        "٣ of ٤ runs",  # a digit of another script
        "ſeven of ten",  # re.IGNORECASE reads the long s as an s
        "fourteen of twenty",
        "someone of them",  # near miss: the word does not start there
        "a stone in the wall",
        "4 of",  # near miss: no space after
        "1 perk",
        "4  of 5",  # two spaces
        "4\u00a0of 5",
        "figure 3 of run 12",
        "Benchmark run 12",
        "The run took          in this case, a ratio of       against the baseline.",
    ],
)
def test_the_share_cue_holds_where_its_reference_does(text: str) -> None:
    """The share rule's cue, written to be looked for at a space, holds in the same texts
    (as written and case-folded) as the cue written as its matches start."""
    low = text.translate(figure_rules._IGNORECASE_FOLD).lower()
    for read in (text, low):
        expected = _SHARE_REFERENCE.search(read) is not None
        assert (figure_families._SHARE_CUE.search(read) is not None) == expected


def test_the_share_cue_holds_where_its_reference_does_on_the_corpora() -> None:
    lines = _lines()
    lows = [line.translate(figure_rules._IGNORECASE_FOLD).lower() for line in lines]
    held = [figure_families._SHARE_CUE.search(t) is not None for t in lines + lows]
    assert held == [_SHARE_REFERENCE.search(t) is not None for t in lines + lows]
    assert any(held)


# --- URLs ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Took 94 s, see https://example.com/94s", ["94 s"]),
        ("Took 94 s, see HTTPS://example.com/94%20s", ["94 s"]),
        ("Took 94 s, see WWW.example.com/runs/94 s", ["94 s"]),  # the URL ends at the space
        ("Took 94 s, see Www.example.com/94s-run", ["94 s"]),
        ("Took 94 s, write to mailto:lab@example.com?subject=94s", ["94 s"]),
        ("Took 94 s, see ftp.example.com/94s", ["94 s", "94s"]),  # near miss: not a URL
        ("Took 94 s in 2 runs of 3 s", ["94 s", "3 s"]),  # no URL at all
    ],
)
def test_a_url_is_not_prose_in_any_case(text: str, found: list[str]) -> None:
    """The look for what a URL holds (``:`` or ``www.``) before looking for URLs passes
    over none: a figure inside a URL is not read, in any case it is written in."""
    assert reading._may_hold_url(text) or reading._URL.search(text) is None
    assert [f.text for f in reading.detect(text)] == found


# --- number words with nothing they are of -------------------------------------------

_NUMBER_WORD_ROWS = [
    ("each one is in the Evidence Library", []),  # a number word, no unit word
    ("each one is in the Evidence Library in one second", ["one second"]),  # near miss
    ("six gigs per second", ["six gigs per second"]),
    ("one C-note", ["one C-note"]),
    ("zero-second failover", ["zero-second"]),
    ("twenty-fold faster", ["twenty-fold"]),
    ("five-times faster", ["five-times"]),
    ("ninety-four 秒", ["ninety-four 秒"]),
    ("Saves a minute per checkpoint", ["a minute"]),
    ("An order of magnitude faster", ["An order of magnitude"]),
    ("ſix ſeconds", ["ſix ſeconds"]),  # "ſ" case-folded to "s" for the cue
    ("ONE HUNDRED SECONDS", ["ONE HUNDRED SECONDS"]),
    ("two 万元", ["two 万元"]),
]


@pytest.mark.parametrize(("text", "found"), _NUMBER_WORD_ROWS)
def test_number_words_are_read_with_what_they_are_of(text: str, found: list[str]) -> None:
    figures._read_kept.cache_clear()
    assert [f.text for f in find_bare_figures(text)] == found


def test_the_number_word_rule_runs_only_where_a_number_is_of_something(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Its cue skips a text with a number word and no unit word, and nothing else."""
    read: list[str] = []
    rule = figure_rules._NUMWORD_FIGURE

    class Spy:
        def finditer(self, text: str) -> object:
            read.append(text)
            return rule.finditer(text)

    monkeypatch.setattr(figure_rules, "_NUMWORD_FIGURE", Spy())
    for text, _ in _NUMBER_WORD_ROWS:
        figures._read_kept.cache_clear()
        find_bare_figures(text)
    # a paragraph in capitals is read in small letters too (figures._in_capitals)
    expected = [
        reading
        for text, _ in _NUMBER_WORD_ROWS[1:]
        for reading in ([text, text.lower()] if text == "ONE HUNDRED SECONDS" else [text])
    ]
    assert read == expected
    figures._read_kept.cache_clear()


def test_every_number_word_figure_holds_its_unit_cue() -> None:
    """On the corpora and the families' rows, each match of the number-word rule holds a
    word of its second cue (what its number is of), case-folded as the cue reads it."""
    lines = _lines() + [text for text, _ in _NUMBER_WORD_ROWS]
    matched = 0
    for line in lines:
        low = line.translate(figure_rules._IGNORECASE_FOLD).lower()
        for match in figure_rules._NUMWORD_FIGURE.finditer(line):
            matched += 1
            assert figure_rules._NUMWORD_UNIT_CUE.search(low, *match.span()), line
    assert matched > 40  # 58 figures in number words when written
