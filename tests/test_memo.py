"""What a record's fingerprint covers, and the memos that keep answers while it holds.

:class:`~fxsite.evidence.memo.RecordMemo` keeps an answer about one record
across libraries (``mkdocs serve`` rebuilds after every edit). That is right
only if the fingerprint changes whenever anything a claim on the record shows
changes, including figures derived from other records; each row edits one
thing and says whether R2's fingerprint must change.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fxsite.evidence.library import Library, load_library
from fxsite.evidence.memo import LibraryMemo, RecordMemo, forget_all
from fxsite.pages.claims import Claim, resolve_claim

R1 = "id: R1\ntitle: Save\nlabel: measured\nstatus: active\nfigures:\n  t: {value: 178, unit: s}\n"
R2 = (
    "id: R2\ntitle: Load\nlabel: spec\nstatus: active\ndate: 2026-01-02\n"
    "setup: {baseline: local drive}\n"
    "figures:\n  n: {value: 20, unit: count, what: saves per run}\n"
    "derived:\n  total: {formula: R1.t * n, unit: s, decimals: 0}\n"
)
R3 = "id: R3\ntitle: Other\nlabel: spec\nstatus: active\nfigures:\n  x: {value: 1, unit: s}\n"


def load(root: Path, files: dict[str, str]) -> Library:
    evidence = root / "evidence"
    evidence.mkdir(parents=True)
    for name, text in files.items():
        (evidence / name).write_text(text, encoding="utf-8")
    return load_library(evidence, root)


BASE = {"R1.yaml": R1, "R2.yaml": R2, "R3.yaml": R3}

# (row, the edited files, whether R2's fingerprint changes)
ROWS = [
    ("nothing edited", {}, False),
    ("a comment added to R2's file", {"R2.yaml": "# checked\n" + R2}, False),
    (
        "another record's own figure, not read by R2",
        {"R3.yaml": R3.replace("1, unit", "2, unit")},
        False,
    ),
    ("R2's title", {"R2.yaml": R2.replace("title: Load", "title: Loading")}, True),
    ("what a figure of R2 measures", {"R2.yaml": R2.replace("saves per run", "saves")}, True),
    ("R2's baseline (in every tooltip)", {"R2.yaml": R2.replace("local drive", "a disk")}, True),
    ("R2's date", {"R2.yaml": R2.replace("2026-01-02", "2026-01-03")}, True),
    ("R2's label", {"R2.yaml": R2.replace("label: spec", "label: public")}, True),
    ("the record R2's formula reads (R1.t)", {"R1.yaml": R1.replace("178", "170")}, True),
    (
        "a figure's decimals (1.0 is not 1.00)",
        {"R2.yaml": R2.replace("decimals: 0", "decimals: 1")},
        True,
    ),
]


@pytest.mark.parametrize(("row", "edits", "changes"), ROWS, ids=[r[0] for r in ROWS])
def test_fingerprint_covers_what_a_claim_shows(
    tmp_path: Path, row: str, edits: dict[str, str], changes: bool
) -> None:
    before = load(tmp_path / "a", BASE)
    after = load(tmp_path / "b", {**BASE, **edits})
    errors = [f for f in (*before.findings, *after.findings) if f.severity == "error"]
    assert errors == [], row
    assert (before.fingerprint("R2") != after.fingerprint("R2")) is changes, row


def test_no_fingerprint_for_a_record_the_library_lacks(tmp_path: Path) -> None:
    library = load(tmp_path, BASE)
    assert library.fingerprint("R9") is None
    assert library.fingerprint("R1") is not None


def test_record_memo_keeps_answers_while_the_record_holds(tmp_path: Path) -> None:
    memo: RecordMemo[str, object] = RecordMemo()
    first = load(tmp_path / "a", BASE)
    same = load(tmp_path / "b", {**BASE, "R3.yaml": R3.replace("1, unit", "2, unit")})
    edited = load(tmp_path / "c", {**BASE, "R1.yaml": R1.replace("178", "170")})
    made: list[str] = []

    def ask(library: Library, record: str) -> object:
        return memo.get(library, record, "q", lambda: made.append(record) or object())

    answer = ask(first, "R2")
    assert ask(same, "R2") is answer, "R2 unchanged in a new library: kept"
    assert ask(edited, "R2") is not answer, "the record R2 reads changed: asked again"
    unknown = ask(first, "R9")
    assert ask(first, "R9") is unknown, "a record the library lacks: kept for that library"
    assert ask(same, "R9") is not unknown, "...and asked again of another library"
    assert made == ["R2", "R2", "R9", "R9"]


def test_forget_all_empties_every_memo(tmp_path: Path) -> None:
    library = load(tmp_path, BASE)
    memos: tuple[LibraryMemo[str, int], RecordMemo[str, int]] = (LibraryMemo(), RecordMemo())
    calls: list[int] = []
    memos[0].get(library, "k", lambda: calls.append(0) or 0)
    memos[1].get(library, "R1", "k", lambda: calls.append(1) or 1)
    forget_all()
    memos[0].get(library, "k", lambda: calls.append(0) or 0)
    memos[1].get(library, "R1", "k", lambda: calls.append(1) or 1)
    assert calls == [0, 1, 0, 1]


def test_a_resolved_claim_follows_a_derived_value(tmp_path: Path) -> None:
    """resolve_claim's memo: the same words, the record R2 reads edited, another verdict."""
    before = load(tmp_path / "a", BASE)
    after = load(tmp_path / "b", {**BASE, "R1.yaml": R1.replace("178", "170")})
    assert isinstance(resolve_claim("3560 s", "evidence:R2#total", before), Claim)
    assert not isinstance(resolve_claim("3560 s", "evidence:R2#total", after), Claim)
    assert isinstance(resolve_claim("3400 s", "evidence:R2#total", after), Claim)
