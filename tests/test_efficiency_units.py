"""Efficiency and density units a record can state and a page can cite (blind70): work per
watt ("2,000 IOPS/W", "1.2 GB/s/W"), power per capacity ("3 W/TB"), capacity per rack unit
("500 TB/U") and a price per IOPS ("$0.05/IOPS"). Each was refused bare, and no record
could state it.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from fxsite.evidence.library import Library, load_library
from fxsite.evidence.quantities import format_quantity, parse_stated
from fxsite.evidence.units import conversion_factor
from fxsite.markdown import check_page

RECORD = """\
id: S1
title: FX100 spec sheet
label: spec
status: active
figures:
  iops_per_watt: {value: 2000, unit: IOPS/W, what: IOPS per watt}
  bandwidth_per_watt: {value: 1.2, unit: GB/s/W, what: Bandwidth per watt}
  watts_per_tb: {value: 3, unit: W/TB, what: Power per terabyte}
  tb_per_u: {value: 500, unit: TB/U, what: Capacity per rack unit}
  price_per_iops: {value: 0.05, unit: USD/IOPS, what: Price per IOPS}
"""


@pytest.fixture(scope="module")
def lib(tmp_path_factory: pytest.TempPathFactory) -> Library:
    root: Path = tmp_path_factory.mktemp("efficiency")
    (root / "evidence").mkdir()
    (root / "evidence" / "S1.yaml").write_text(RECORD, encoding="utf-8")
    library = load_library(root / "evidence", root)
    assert library.findings == []
    return library


@pytest.mark.parametrize(
    ("written", "value", "unit"),
    [
        ("2,000 IOPS/W", "2000", "IOPS/W"),
        ("2,000 IOPS per watt", "2000", "IOPS/W"),
        ("1.2 GB/s/W", "1.2", "GB/s/W"),
        ("3 W/TB", "3", "W/TB"),
        ("500 TB/U", "500", "TB/U"),
        ("$0.05/IOPS", "0.05", "USD/IOPS"),
        # near misses: the units they are built of, alone
        ("2,000 IOPS", "2000", "IOPS"),
        ("1.2 GB/s", "1.2", "GB/s"),
        ("3 W", "3", "W"),
    ],
)
def test_written_forms(written: str, value: str, unit: str) -> None:
    stated = parse_stated(written)
    assert stated is not None and (stated.low, stated.unit) == (Decimal(value), unit)


@pytest.mark.parametrize("unit", ["IOPS/W", "GB/s/W", "W/TB", "TB/U", "USD/IOPS"])
def test_what_the_build_writes_reads_back(unit: str) -> None:
    shown = format_quantity(Decimal("2.5"), None, unit, 1)
    stated = parse_stated(shown)
    assert stated is not None and (stated.low, stated.unit) == (Decimal("2.5"), unit), shown


def test_none_converts() -> None:
    assert conversion_factor("IOPS/W", "IOPS") is None
    assert conversion_factor("W/TB", "W") is None


def test_pages_cite_them_and_refuse_them_bare(lib: Library) -> None:
    page = (
        "# T\n\n[2,000 IOPS/W](evidence:S1#iops_per_watt), [1.2 GB/s/W](evidence:S1#"
        "bandwidth_per_watt),\n[3 W/TB](evidence:S1#watts_per_tb), [500 TB/U](evidence:S1#"
        "tb_per_u), [$0.05/IOPS](evidence:S1#price_per_iops).\n"
    )
    _, findings = check_page(page, "docs/p.md", lib, lambda r, a: f"e/{r}/#{a}")
    assert findings == []
    _, findings = check_page(
        "# T\n\nIt delivers 2,000 IOPS/W.\n", "docs/p.md", lib, lambda r, a: "x"
    )
    assert [(f.code, f.text) for f in findings] == [("FX501", "2,000 IOPS/W")]
    assert "[2,000 IOPS/W](evidence:S1#iops_per_watt)" in findings[0].message
