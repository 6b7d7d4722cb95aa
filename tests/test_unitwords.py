"""The frozen unit table answers as pint does, and is not stale."""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import load_script

from fxsite.pages.unitwords import is_unit_word

ROOT = Path(__file__).resolve().parent.parent
pytest.importorskip("pint")


def _tool():  # type: ignore[no-untyped-def]
    return load_script(ROOT / "tools" / "unit_table.py", "unit_table_tool")


def test_table_is_not_stale() -> None:
    tool = _tool()
    assert tool.TARGET.read_text(encoding="utf-8") == tool.table_source(), (
        "fxsite/pages/unit_table.py is stale: run python tools/unit_table.py"
    )


def test_same_answer_as_pint_on_every_word_pint_can_read() -> None:
    """Every prefix x unit name x plural, and words no prefix or unit explains; but the
    logarithmic units prose writes as quantities ("2 decades"), read so on purpose."""
    from fxsite.pages.unitwords import _NOT_UNITS, READ_AS_MEASURED

    tool = _tool()
    reg, dims = tool.registry()
    names = [n for n in reg._units if n.isascii() and n.isalpha()]
    prefixes = [p for p in reg._prefixes if p.isascii() and (p == "" or p.isalpha())]
    words = {p + n + s for p in prefixes for n in names for s in ("", "s")}
    words |= {"kmh", "GBs", "IOPS", "tokens", "rps", "Mbps", "xyzzy", "Kelvins", "kdegC"}
    words = {w for w in words if len(w) <= 20}
    wrong = [
        w
        for w in sorted(words)
        if len(w) >= 2
        and w.lower() not in _NOT_UNITS
        and w.lower() not in READ_AS_MEASURED
        and is_unit_word(w) != tool.pint_says(reg, dims, w)
    ]
    assert wrong == [], f"{len(wrong)} words differ from pint, e.g. {wrong[:20]}"


@pytest.mark.parametrize(
    ("word", "unit"),
    [
        ("tonnes", True),
        ("kPa", True),
        ("litres", True),
        ("hectares", True),
        ("mph", True),
        ("kilograms", True),
        ("degC", True),
        ("kdegC", False),  # an offset unit takes no prefix
        ("are", False),  # an English word pint reads as an area
        ("percent", False),
        ("kmh", False),
        ("M", False),  # one letter
        ("people", False),
        ("bus", False),  # bushels to pint: "a PCIe 5.0 bus"
    ],
)
def test_words(word: str, unit: bool) -> None:
    assert is_unit_word(word) is unit
