"""Score the bare-figure detector on the blind held-out corpus.

``tests/corpus/heldout.txt`` was written without reading the detector, its
tests or its development corpus; it is a held-out check on how well the rules
generalise. Same marked format and same scoring as
``benchmarks/detector_corpus.py`` (whose parser and scorer are reused), so the
two reports are directly comparable. Pass another marked file as the first
argument to score that instead. Always exits 0: it reports, it does not gate.

    .venv/bin/python benchmarks/detector_heldout.py [path/to/marked.txt]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for entry in (str(ROOT), str(HERE)):
    if entry not in sys.path:
        sys.path.insert(0, entry)

from detector_corpus import load_corpus, score  # noqa: E402

HELDOUT = ROOT / "tests" / "corpus" / "heldout.txt"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]).resolve() if args else HELDOUT
    cases = load_corpus(path)
    result, misses, false_positives = score(cases)
    without = sum(1 for case in cases if not case.expected)
    try:
        shown = path.relative_to(ROOT)
    except ValueError:
        shown = path
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
    sys.exit(main())
