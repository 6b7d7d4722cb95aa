"""Figure identities: ``R1#save_time`` as a value, never a string split by hand."""

from __future__ import annotations

import re
from dataclasses import dataclass

from fxsite.evidence.models import FIGURE_NAME_PATTERN, RECORD_ID_PATTERN

__all__ = ["RESERVED_IDS", "FigureRef"]

#: Record IDs that would clash with a page the build generates (the Evidence
#: Library's own ``index``), compared case-insensitively.
RESERVED_IDS = frozenset({"index"})

_REF = re.compile(
    f"(?P<record>{RECORD_ID_PATTERN.strip('^$')})#(?P<name>{FIGURE_NAME_PATTERN.strip('^$')})"
)


@dataclass(frozen=True, slots=True, order=True)
class FigureRef:
    """One figure of one record, written ``R1#name`` in claims and exports."""

    record: str
    name: str

    @classmethod
    def parse(cls, text: str) -> FigureRef | None:
        """``R1#save_time`` as a FigureRef; None for anything else."""
        match = _REF.fullmatch(text) if isinstance(text, str) else None
        return cls(match["record"], match["name"]) if match else None

    def __str__(self) -> str:
        return f"{self.record}#{self.name}"
