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

import detector_corpus  # noqa: E402

HELDOUT = ROOT / "tests" / "corpus" / "heldout.txt"


def main(argv: list[str] | None = None) -> int:
    args = argv or []
    return detector_corpus.main(args or [str(HELDOUT)])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
