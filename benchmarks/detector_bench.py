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

    .venv/bin/python benchmarks/detector_bench.py
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for entry in (str(ROOT), str(HERE)):
    if entry not in sys.path:
        sys.path.insert(0, entry)

import detector_corpus  # noqa: E402

CORPORA = ROOT / "tests" / "corpus"
#: (title, files, held out)
GROUPS: list[tuple[str, list[str], bool]] = [
    ("English held-out", ["heldout.txt", "heldout_en2.txt"], True),
    ("Chinese held-out", ["zh_heldout.txt"], True),
    ("English development", ["bare_figures.txt"], False),
    ("Chinese development", ["zh_dev.txt", "zh_dev2.txt", "zh_dev3.txt"], False),
]


def main() -> int:
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
