"""Measure the bare-figure detector against the marked corpus.

Loads ``tests/corpus/bare_figures.txt`` (format documented at its top), runs
:func:`fxsite.pages.figures.find_bare_figures` on every unmarked sentence and prints
span-level precision and recall, by exact span and by overlap, the corpus
size, and every miss and false positive. Always exits 0: it reports, the test
suite (tests/test_figures.py) is what enforces the thresholds.

    .venv/bin/python benchmarks/detector_corpus.py
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

# Run from a checkout without installing: the package sits beside benchmarks/.
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from fxsite.pages.figures import find_bare_figures  # noqa: E402

__all__ = ["CORPUS", "Case", "Score", "load_corpus", "main", "score"]

CORPUS = ROOT / "tests" / "corpus" / "bare_figures.txt"
OPEN, CLOSE = "⟦", "⟧"

Span = tuple[int, int]


@dataclass(frozen=True)
class Case:
    """One corpus sentence: its unmarked text and the spans it marks."""

    line: int
    text: str
    expected: tuple[Span, ...]


@dataclass
class Score:
    """Counts over the corpus; overlap and exact matching side by side."""

    sentences: int = 0
    expected: int = 0
    found: int = 0
    exact_hits: int = 0
    overlap_recalled: int = 0  # expected spans overlapped by some found span
    overlap_precise: int = 0  # found spans overlapping some expected span

    @staticmethod
    def _ratio(part: int, whole: int) -> float:
        return part / whole if whole else 1.0

    @property
    def exact_precision(self) -> float:
        return self._ratio(self.exact_hits, self.found)

    @property
    def exact_recall(self) -> float:
        return self._ratio(self.exact_hits, self.expected)

    @property
    def overlap_precision(self) -> float:
        return self._ratio(self.overlap_precise, self.found)

    @property
    def overlap_recall(self) -> float:
        return self._ratio(self.overlap_recalled, self.expected)


def parse_marked(line: str) -> tuple[str, tuple[Span, ...]]:
    """The line without marks, and the marked spans as offsets into it."""
    text: list[str] = []
    spans: list[Span] = []
    start: int | None = None
    for char in line:
        if char == OPEN:
            if start is not None:
                raise ValueError(f"nested {OPEN} in {line!r}")
            start = len(text)
        elif char == CLOSE:
            if start is None:
                raise ValueError(f"{CLOSE} without {OPEN} in {line!r}")
            spans.append((start, len(text)))
            start = None
        else:
            text.append(char)
    if start is not None:
        raise ValueError(f"unclosed {OPEN} in {line!r}")
    return "".join(text), tuple(spans)


def load_corpus(path: Path = CORPUS) -> list[Case]:
    """Every sentence of the corpus file."""
    cases = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not raw.strip() or raw.startswith("#"):
            continue
        text, spans = parse_marked(raw)
        cases.append(Case(number, text, spans))
    return cases


def _overlaps(a: Span, b: Span) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def score(cases: list[Case]) -> tuple[Score, list[str], list[str]]:
    """The score, and the misses and false positives as printable lines."""
    result = Score()
    misses: list[str] = []
    false_positives: list[str] = []
    for case in cases:
        found = [(f.start, f.end) for f in find_bare_figures(case.text)]
        result.sentences += 1
        result.expected += len(case.expected)
        result.found += len(found)
        result.exact_hits += len(set(found) & set(case.expected))
        for span in case.expected:
            if any(_overlaps(span, f) for f in found):
                result.overlap_recalled += 1
                if span not in found:
                    near = [case.text[f[0] : f[1]] for f in found if _overlaps(span, f)]
                    misses.append(
                        f"  line {case.line}: inexact {case.text[span[0] : span[1]]!r} "
                        f"found as {near}"
                    )
            else:
                misses.append(f"  line {case.line}: MISSED {case.text[span[0] : span[1]]!r}")
        for span in found:
            if any(_overlaps(span, e) for e in case.expected):
                result.overlap_precise += 1
            else:
                false_positives.append(
                    f"  line {case.line}: {case.text[span[0] : span[1]]!r} in {case.text!r}"
                )
    return result, misses, false_positives


def main(argv: list[str] | None = None) -> int:
    """Print the report for a marked corpus (the development corpus by default)."""
    args = argv or []
    path = Path(args[0]).resolve() if args else CORPUS
    cases = load_corpus(path)
    result, misses, false_positives = score(cases)
    without = sum(1 for case in cases if not case.expected)
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    print(f"corpus: {shown}")
    print(
        f"sentences: {result.sentences} ({without} with no figure)  "
        f"marked figures: {result.expected}  found: {result.found}"
    )
    print(
        f"overlap match: precision {result.overlap_precision:.3f} "
        f"({result.overlap_precise}/{result.found})  "
        f"recall {result.overlap_recall:.3f} ({result.overlap_recalled}/{result.expected})"
    )
    print(
        f"exact match:   precision {result.exact_precision:.3f} "
        f"({result.exact_hits}/{result.found})  "
        f"recall {result.exact_recall:.3f} ({result.exact_hits}/{result.expected})"
    )
    print(f"misses and inexact spans ({len(misses)}):")
    print("\n".join(misses) if misses else "  none")
    print(f"false positives ({len(false_positives)}):")
    print("\n".join(false_positives) if false_positives else "  none")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
