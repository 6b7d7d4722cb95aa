"""Deny by default, measured: every number in prose is a figure unless a grammar explains it.

Issue 22 asked whether the detector should deny by default. This is that
detector, kept beside the benchmarks that measured it (``detector_bench.py
--deny``, ``realsite_bench.py --deny``) and not used by fxsite: it cost too much
precision (README, "Bare figures"). :func:`find_bare_numbers` is :func:`fxsite.pages.figures.find_bare_figures`
plus every number written in digits that no figure rule took and none of the
non-figure grammars below explains. Each grammar names what the number is:

* a date ("2026-03-14", "March 14, 2026", "Q3 2025", a year "2024",
  "2026年3月14日") or a time of day ("10:30", "3 pm");
* a version ("1.6.2", "v2", "version 3", "Python 3.11");
* a name: the number is glued to letters ("FX100", "910B", "5G", "3rd",
  "Llama-3", "8-GPU"), or follows a proper name or an acronym ("Atlas 910",
  "RAID 6", "Windows 11"), or a project glossary entry holds it
  (``glossary:`` in the fxsite plugin's configuration);
* a label: it follows a word that numbers things ("step 3", "Figure 2",
  "page 12", "issue 22", "#42", "No. 5");
* a list number at the start of a line ("1. ", "2) ");
* a citation ("[12]", "[3, 4]").

Written in digits only: number words ("one of the …") are read by the figure
rules, which know the ones that state a quantity.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from fxsite.pages.figures import FigureSpan, find_bare_figures  # noqa: E402

__all__ = ["find_bare_numbers"]

# A number that starts here: not inside a word or another number.
_NUMBER = re.compile(r"(?<![\w.,\-/:#])\d+(?:[.,]\d+)*")

_MONTH = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"
)
#: Spans no number of which is a figure.
_EXPLAINED = re.compile(
    rf"""
    \d{{4}}-\d{{2}}-\d{{2}}                               # ISO date
  | \d{{1,2}}/\d{{1,2}}/\d{{2,4}}                          # 3/14/2026
  | {_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?  # March 14, 2026
  | \d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH}(?:\s+\d{{4}})?    # 14 March 2026
  | {_MONTH}\s+\d{{4}}                                    # March 2026
  | (?<![\d.,])(?:1[89]|20)\d{{2}}(?![\d.,]\d)s?          # a year, a decade
  | \d{{1,4}}\s?(?:年|月|日|号|時|时|点|分(?!钟))          # 2026年3月14日, 下午3点
  | \d{{1,2}}:\d{{2}}(?::\d{{2}})?                         # a time of day
  | \d{{1,2}}\s?(?i:am|pm|a\.m\.|p\.m\.)
  | \d+(?:\.\d+){{2,}}                                    # a version: 1.6.2
  | \[\d+(?:\s?[,–-]\s?\d+)*\]                           # a citation: [12]
  | (?m:^[ \t]*\d+[.)](?=\s))                            # a list number
  | \d+(?=[A-Za-z])|\d+-(?=[A-Za-z])                     # glued to a name: 910B, 8-GPU
    """,
    re.VERBOSE,
)
#: Words after which a number labels or names something.
_LABEL_WORDS = frozenset(
    [
        "step",
        "steps",
        "phase",
        "stage",
        "part",
        "chapter",
        "section",
        "sections",
        "figure",
        "fig",
        "table",
        "page",
        "pages",
        "line",
        "lines",
        "item",
        "items",
        "issue",
        "issues",
        "pr",
        "pull",
        "no",
        "number",
        "version",
        "versions",
        "release",
        "v",
        "level",
        "tier",
        "gen",
        "generation",
        "rank",
        "round",
        "day",
        "week",
        "lesson",
        "module",
        "option",
        "rule",
        "case",
        "example",
        "test",
        "run",
        "batch",
        "type",
        "class",
        "grade",
        "port",
        "rfc",
        "iso",
        "article",
        "appendix",
        "slide",
        "exercise",
        "question",
        "answer",
        "episode",
        "season",
        "volume",
        "vol",
        "edition",
        "note",
        "footnote",
        "row",
        "column",
        "col",
        "cell",
        "entry",
        "task",
        "story",
        "sprint",
        "milestone",
        "build",
        "patch",
        "revision",
        "rev",
        "api",
        "bit",
        "series",
        "model",
    ]
)
_WORD_BEFORE = re.compile(r"(?P<word>[^\s\d()\[\]]+)[ \u00a0]\Z")
_SENTENCE_START = re.compile(r"(?:\A|[.!?:;]\s+|\n\s*)\Z")


def _named_before(text: str, start: int) -> bool:
    """Whether the word before the number labels it or is a name ("step 3", "RAID 6")."""
    match = _WORD_BEFORE.search(text, max(0, start - 40), start)
    if match is None:
        return False
    word = match["word"].rstrip(".")
    if word.lower() in _LABEL_WORDS or word == "#":
        return True
    if not word[:1].isupper() or not word.isascii():
        return False
    # A capitalised word opening a sentence is no name ("Over 200 users").
    opens = _SENTENCE_START.search(text, max(0, match.start() - 3), match.start()) is not None
    return not opens or any(c.isupper() or c.isdigit() for c in word[1:])


def _covered(spans: Iterable[tuple[int, int]], length: int) -> bytearray:
    taken = bytearray(length)
    for start, end in spans:
        taken[start:end] = b"\x01" * (end - start)
    return taken


def find_bare_numbers(text: str, glossary: Iterable[str] = ()) -> list[FigureSpan]:
    """Every bare figure of ``text`` and every number no grammar explains, by position.

    ``glossary`` names the project's own products ("FX100", "Atlas 910B"): a
    number inside one of them is a name.
    """
    figures = find_bare_figures(text)
    taken = _covered(((f.start, f.end) for f in figures), len(text))
    explained = [(m.start(), m.end()) for m in _EXPLAINED.finditer(text)]
    for name in glossary:
        if name:
            explained += [(m.start(), m.end()) for m in re.finditer(re.escape(name), text)]
    known = _covered(explained, len(text))
    numbers = []
    for match in _NUMBER.finditer(text):
        start, end = match.span()
        if taken.find(1, start, end) != -1 or known.find(0, start, end) == -1:
            continue
        if _named_before(text, start):
            continue
        numbers.append(FigureSpan(start, end, match.group(), "number"))
    return sorted([*figures, *numbers], key=lambda f: f.start)
