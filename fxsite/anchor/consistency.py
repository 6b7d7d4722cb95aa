"""The audit's consistency summary, computed from a site's ``evidence.json``.

How many of the records' invariants hold, recomputed from the published
records as the build computes them, and, given the report documents, how many
measured or spec figures their own documents state (:mod:`fxsite.evidence.documents_text`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fxsite.anchor.documents import document_figure_counts
from fxsite.evidence.library import library_from_published
from fxsite.pages.consistency import consistency

__all__ = ["consistency_line"]


def _records(data: dict[str, Any]) -> list[Any]:
    records = data.get("records")
    return records if isinstance(records, list) else []


def consistency_line(data: dict[str, Any], documents_dir: Path | None = None) -> str:
    """``consistency: 2 of 2 invariants hold; 5 of 6 figures found in their documents``."""
    library = library_from_published(_records(data))
    counted = consistency(library)  # as the evidence-consistency block counts them
    line = f"consistency: {counted.held} of {counted.invariants} invariant(s) hold"
    if documents_dir is not None:
        found, checked = document_figure_counts(documents_dir, library)
        line += f"; {found} of {checked} figure(s) found in their report documents"
    return line
