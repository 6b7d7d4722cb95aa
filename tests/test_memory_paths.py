"""What keeps a build's memory small: the confusables extract, the C JSON encoder.

Each is held to doing what the larger path did (the same folds, the same data)
and to not taking the larger path (the full table not loaded, the pure-Python
encoder not called).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from fxsite.findings import line_of
from fxsite.render.exports import dumps, loads
from fxsite.verify import verify_site

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import confusables_table  # noqa: E402

# --- the confusables extract -------------------------------------------------


def test_the_extract_is_what_the_table_gives() -> None:
    """Regenerated from the installed table, the extract is the file shipped."""
    from fxsite.verify.confusables_table import TO_ASCII

    assert confusables_table.extract() == TO_ASCII
    assert confusables_table.main(["--check"]) == 0


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("\u0445", "x"),  # Cyrillic ha: looks like x
        ("\u0392", "B"),  # Greek capital beta
        ("5\u0445", "5x"),
        ("\u0421apacity", "Capacity"),  # Cyrillic es
        ("\uff15\uff58", "5x"),  # full width: NFKC
        ("caf\u00e9", "caf\u00e9"),  # an accented letter is its own letter
        ("\u03bcs", "\u03bcs"),  # kept: a real unit
        ("\u79d2", "\u79d2"),  # CJK kept
    ],
)
def test_fold_with_the_extract(text: str, folded: str) -> None:
    from fxsite.verify.reading import fold

    assert fold(text) == folded


def test_every_table_entry_folds_as_the_table_would() -> None:
    """Each character of the whole table folds as a lookup in the table itself folds it."""
    import unicodedata

    from confusable_homoglyphs import confusables  # type: ignore[import-untyped]

    from fxsite.verify.reading import fold

    for char, items in confusables.confusables_data.items():
        if len(char) != 1 or char.isascii() or unicodedata.category(char)[0] not in "LN":
            continue
        if ord(char) >= 0x2E80 and not 0xFF00 <= ord(char) <= 0xFFEF:
            continue  # CJK is kept whole
        if unicodedata.normalize("NFKC", char) != char or char in "µμ":
            continue  # NFKC or the kept units decide these before the table
        if unicodedata.category(char) == "Nd":
            assert fold(char) == str(unicodedata.decimal(char)), char
            continue  # a digit is the digit it writes, whatever letter it looks like
        first = next(
            (
                str(i["c"])
                for i in items
                if len(str(i["c"])) == 1 and str(i["c"]).isascii() and str(i["c"]).isalnum()
            ),
            char,
        )
        assert fold(char) == first, char


def test_an_accented_letter_does_not_load_the_table(tmp_path: Path) -> None:
    """The first letter of another script costs the extract, not the whole table."""
    code = (
        "import sys, tracemalloc\n"
        "from fxsite.verify.reading import fold\n"
        "tracemalloc.start()\n"
        "assert fold('caf\\u00e9 \\u0445') == 'caf\\u00e9 x'\n"
        "took = tracemalloc.get_traced_memory()[1]\n"
        "print('confusable_homoglyphs' in sys.modules, took)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        cwd=tmp_path,
    )
    loaded, took = proc.stdout.split()
    assert loaded == "False"
    assert int(took) < 1 << 20, took  # the table took about 12 MiB


# --- evidence.json written by the C encoder ----------------------------------


def test_dumps_does_not_use_the_pure_python_encoder(monkeypatch: pytest.MonkeyPatch) -> None:
    """``indent`` sends json to its pure-Python encoder (megabytes of chunks on a large site)."""
    import json.encoder

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("the pure-Python JSON encoder was used")

    monkeypatch.setattr(json.encoder, "_make_iterencode", refused)
    data = {"figures": [{"ref": "R1#a", "value": Decimal("6.40")}], "generator": "fxsite"}
    assert loads(dumps(data)) == {
        "figures": [{"ref": "R1#a", "value": Decimal("6.40")}],
        "generator": "fxsite",
    }


@pytest.mark.parametrize(
    "data",
    [
        {"v": Decimal("6.40")},
        {"records": [{"id": "R1", "figures": {"a": {"value": Decimal("1.50")}}}], "pages": []},
        {"nested": {"list": [Decimal("1"), "x", None, True]}, "t": ("a", Decimal("2.0"))},
        {"text": 'quote " and \\ and \u00e9 and \u79d2 and \U0001f600'},
        [Decimal("0.10"), {"k": "v"}],
        {},
    ],
)
def test_dumps_round_trips(data: object) -> None:
    """What is written reads back as the same data, numbers as spelt (``6.40``)."""
    text = dumps(data)
    assert loads(text) == _as_decimals(data)
    assert text.endswith("\n") and ("6.40" in text) == ("6.40" in repr(data))


def _as_decimals(value: object) -> object:
    if isinstance(value, dict):
        return {k: _as_decimals(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_as_decimals(v) for v in value]
    return value


def test_dumps_writes_an_item_a_line() -> None:
    """Each figure on a line of its own: a finding about one names its line."""
    figures = [{"ref": f"R{i}#a", "value": Decimal(i)} for i in range(3)]
    text = dumps({"figures": figures, "generator": "fxsite"})
    assert line_of(text, '"ref": "R2#a"') == line_of(text, '"ref": "R1#a"') + 1
    assert len(text.splitlines()) == 8  # {, "figures": [, three figures, ], "generator", }


def test_non_finite_and_unknown_values_are_refused() -> None:
    with pytest.raises(ValueError, match="not a JSON number"):
        dumps({"v": Decimal("NaN")})
    with pytest.raises(TypeError):
        dumps({"v": object()})


def _indented(data: object) -> str:
    """JSON as fxsite wrote it before: indented, numbers as spelt."""

    def mark(value: object) -> object:
        if isinstance(value, dict):
            return {k: mark(v) for k, v in value.items()}
        if isinstance(value, list):
            return [mark(v) for v in value]
        return f"\ue000{value}" if isinstance(value, Decimal) else value

    text = json.dumps(mark(data), indent=2, ensure_ascii=False, sort_keys=True) + "\n"
    return re.sub('"\ue000([-+.0-9eE]+)"', r"\1", text)


@pytest.fixture
def site(demo_site: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(demo_site, tmp_path / "site", symlinks=True))


@pytest.mark.slow
def test_compact_evidence_json_audits_clean_and_places_findings(site: Path) -> None:
    """The built site's compact evidence.json audits clean, as one written with indent does;
    a tampered figure is named on its own line."""
    path = site / "evidence.json"
    text = path.read_text(encoding="utf-8")
    assert '\n    {"' in text and "\n      " not in text  # an item a line, compact
    assert verify_site(site) == []
    # As an earlier fxsite wrote it: the same data, indented.
    data = loads(text)
    path.write_text(_indented(data), encoding="utf-8")
    assert verify_site(site) == []
    # Tampered in the compact form: one figure's value, found on its line.
    assert data is not None
    line = next(
        n
        for n, row in enumerate(text.splitlines(), 1)
        if '"ref": "R1#save_time_fx100"' in row and '"display"' in row
    )
    rows = text.splitlines()
    rows[line - 1] = rows[line - 1].replace('"value": "94"', '"value": "93"', 1)
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    found = [f for f in verify_site(site) if f.code == "FX611"]
    assert found and found[0].path == "evidence.json" and found[0].line == line, found


# --- what the gate keeps of evidence.json --------------------------------------


def test_the_gate_keeps_urls_and_citations_compactly(tmp_path: Path) -> None:
    """Of the pages and citations evidence.json lists, the URLs and figures, each string once."""
    from fxsite.verify.published import load_published

    citations = [
        {"ref": "R1#a", "page": f"p{i}.md", "url": "p/", "heading": "H", "heading_id": "h"}
        for i in range(3)
    ]
    data = {
        "generator": "fxsite",
        "records": [],
        "figures": [],
        "citations": citations,
        "pages": [{"src": "p.md", "url": "p/", "title": "P"}],
    }
    text = dumps(data)
    (tmp_path / "evidence.json").write_text(text, encoding="utf-8")
    published = load_published(tmp_path, exported=text)
    assert published.pages == ["p/"]
    assert published.citations == [("R1#a", "p/")] * 3
    assert published.citations[0][1] is published.citations[2][1] is published.pages[0]
