"""Recall and precision of the bare-figure detector on every marked corpus.

``make bench`` runs this. The held-out corpora (``heldout*.txt``,
``zh_heldout.txt``) were written and labelled blind, by writers who had not
read the detector; they measure, they are never tuned on. The development
corpora (``bare_figures.txt``, ``zh_dev.txt``, ``zh_dev2.txt``, which the
detector's author wrote, and ``zh_dev3.txt``, written blind and then tuned on)
are what the rules were developed against. Scores are span-level, by overlap (a found span that
overlaps a marked one), as ``benchmarks/detector_corpus.py`` explains;
exact-span scores are printed beside them.

Targets on the held-out corpora: recall >= 0.95, precision >= 0.98. Always
exits 0: it reports; tests/test_figures.py enforces thresholds.

Then it times the detector over every corpus sentence (best of five), and on hostile text, one line each of 64 KB, 256 KB and
1 MB (a run of thousands groups, spaced digits, mixed figures, Chinese
numerals, ratios, arrows), and prints the time per KB: linear time keeps it flat
(``tests/test_detector_linear.py`` holds the detector to that).

``--deny`` scores deny by default (``benchmarks/deny_by_default.py``) instead.

    .venv/bin/python benchmarks/detector_bench.py [--no-linearity] [--deny]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for entry in (str(ROOT), str(HERE)):
    if entry not in sys.path:
        sys.path.insert(0, entry)

import detector_corpus  # noqa: E402

from fxsite.pages.figures import find_bare_figures  # noqa: E402

CORPORA = ROOT / "tests" / "corpus"
#: (title, files, held out)
GROUPS: list[tuple[str, list[str], bool]] = [
    ("English held-out", ["heldout.txt", "heldout_en2.txt"], True),
    ("Chinese held-out", ["zh_heldout.txt"], True),
    ("English development", ["bare_figures.txt"], False),
    ("Chinese development", ["zh_dev.txt", "zh_dev2.txt", "zh_dev3.txt"], False),
]


def main() -> int:
    if "--deny" in sys.argv[1:]:
        from deny_by_default import find_bare_numbers

        detector_corpus.find_bare_figures = find_bare_numbers  # type: ignore[assignment]
        print("deny by default: every number no grammar explains is a figure")
    print(
        f"{'corpus':<22} {'sentences':>9} {'figures':>8} {'recall':>7} {'precision':>9}  exact r/p"
    )
    for title, files, _held_out in GROUPS:
        cases = [c for name in files for c in detector_corpus.load_corpus(CORPORA / name)]
        score, _, _ = detector_corpus.score(cases)
        print(
            f"{title:<22} {score.sentences:>9} {score.expected:>8} "
            f"{score.overlap_recall:>7.3f} {score.overlap_precision:>9.3f}  "
            f"{score.exact_recall:.3f}/{score.exact_precision:.3f}"
        )
    print("targets on held-out: recall >= 0.950, precision >= 0.980")
    speed()
    if "--no-linearity" not in sys.argv[1:]:
        linearity()
    return 0


def speed() -> None:
    """CPU time of the detector over every corpus sentence, best of five runs."""
    lines = [
        case.text
        for path in sorted(CORPORA.glob("*.txt"))
        for case in detector_corpus.load_corpus(path)
    ]
    best = min(_timed(lines) for _ in range(5))
    size = sum(map(len, lines)) / 1024
    print(f"speed: {len(lines)} sentences, {size:.0f} KB in {best * 1000:.0f} ms (best of 5)")


def _timed(lines: list[str]) -> float:
    start = time.process_time()
    for line in lines:
        find_bare_figures(line)
    return time.process_time() - start


#: (name, a piece repeated to the size): shapes that once took quadratic time, and others.
SHAPES: list[tuple[str, str]] = [
    ("numeric line 1,000,000,000,…", ",000"),
    ("spaced groups 1 000 000 …", "\u00a0000"),
    ("mixed figures and names", "about 1,000 GB/s, 2x faster, 3.5% of $1.2M; H100 80GB 一万元 "),
    ("Chinese numerals", "一二三四五六七八九十百千万亿"),
    ("ratios and dimensions", "1x×2 x 3×"),
    ("arrows 1→2 s, …", "→2 s,1"),
]
SIZES_KB = (64, 256, 1024)


def linearity() -> None:
    """Time per KB of the detector on each shape at each size (CPU seconds)."""
    print()
    print(f"{'detector on one line':<32}" + "".join(f"{f'{kb} KB':>20}" for kb in SIZES_KB))
    for name, piece in SHAPES:
        cells = []
        for kb in SIZES_KB:
            text = ("1" + piece * (kb * 1024 // len(piece)))[: kb * 1024]
            start = time.process_time()
            find_bare_figures(text)
            took = time.process_time() - start
            cells.append(f"{took:7.2f} s {took / kb * 1000:5.2f} ms/KB")
        print(f"{name:<32}" + "".join(f"{c:>20}" for c in cells), flush=True)


if __name__ == "__main__":
    sys.exit(main())
