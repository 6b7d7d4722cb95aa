"""Prices per period or quantity (``USD/month``, ``$/h``, ``USD/GB-month``): real compound units."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from fxsite.evidence.library import Library, load_library
from fxsite.evidence.quantities import format_quantity, parse_stated
from fxsite.evidence.units import canonical_unit, conversion_factor
from fxsite.markdown import check_page

RECORD = """\
id: P1
title: Cloud price list
label: public
status: active
figures:
  vm: {value: 12.50, unit: USD/month, what: Virtual machine}
  gpu: {value: 2.5, unit: $/h, what: GPU hour}
  store: {value: 0.023, unit: USD/GB-month, what: Object storage}
  cn: {value: 90, unit: CNY/month, what: Virtual machine in China}
derived:
  yearly: {formula: vm * 12, unit: USD/year, decimals: 0}
"""


@pytest.fixture(scope="module")
def lib(tmp_path_factory: pytest.TempPathFactory) -> Library:
    root: Path = tmp_path_factory.mktemp("prices")
    (root / "evidence").mkdir()
    (root / "evidence" / "P1.yaml").write_text(RECORD, encoding="utf-8")
    library = load_library(root / "evidence", root)
    assert library.findings == []
    return library


@pytest.mark.parametrize(
    ("written", "unit"),
    [
        ("USD/month", "USD/month"),
        ("$/h", "USD/h"),
        ("$/hr", "USD/h"),
        ("USD per month", "USD/month"),
        ("美元/月", "USD/month"),
        ("元/月", "CNY/month"),
        ("€/GB-month", "EUR/GB-month"),
        ("$/1M tokens", "USD/1M tokens"),
        # blind70: a price per capacity bought
        ("$/TB", "USD/TB"),
        ("USD per GB", "USD/GB"),
        ("€/TB", "EUR/TB"),
        # near misses: a duration, a currency, an unknown period
        ("month", "mo"),
        ("USD", "USD"),
        ("USD/fortnight", None),
    ],
)
def test_spellings(written: str, unit: str | None) -> None:
    assert canonical_unit(written) == unit


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("$12/month", "12", "USD/month"),
        ("$12 per month", "12", "USD/month"),
        ("12 USD/month", "12", "USD/month"),
        ("USD 12/month", "12", "USD/month"),
        ("-$5/h", "-5", "USD/h"),
        ("$0.023/GB-month", "0.023", "USD/GB-month"),
        ("12美元/月", "12", "USD/month"),
        ("$120/TB", "120", "USD/TB"),
        ("$0.12/GB", "0.12", "USD/GB"),
        ("$120 per TB", "120", "USD/TB"),
        # refused: the sign after the number, an unknown period
        ("12$/month", None, None),
        ("$12/week", None, None),
    ],
)
def test_claims_state_prices(text: str, value: str | None, unit: str | None) -> None:
    stated = parse_stated(text)
    if value is None:
        assert stated is None
    else:
        assert stated is not None and (stated.low, stated.unit) == (Decimal(value), unit)


@pytest.mark.parametrize("unit", ["USD/month", "USD/h", "EUR/GB-month", "CNY/month", "GBP/year"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_what_the_build_writes_reads_back(unit: str, lang: str) -> None:
    shown = format_quantity(Decimal("12.50"), None, unit, 2, lang=lang)
    stated = parse_stated(shown)
    assert stated is not None and (stated.low, stated.unit) == (Decimal("12.50"), unit), shown


def test_prices_never_convert() -> None:
    assert conversion_factor("USD/month", "USD/year") is None
    assert conversion_factor("USD/h", "USD") is None


def test_pages_cite_prices(lib: Library) -> None:
    page = (
        "# T\n\nA VM costs [$12.50/month](evidence:P1#vm), a GPU [$2.5/h](evidence:P1#gpu),\n"
        "storage [$0.023/GB-month](evidence:P1#store), [](evidence:P1#yearly) a year.\n"
    )
    html, findings = check_page(page, "docs/p.md", lib, lambda r, a: f"e/{r}/#{a}")
    assert findings == []
    assert "$150/year" in html  # the empty claim, filled in
    wrong = "# T\n\n[$12.50/h](evidence:P1#vm), and $9/month bare.\n"
    _, findings = check_page(wrong, "docs/p.md", lib, lambda r, a: "x")
    assert [(f.code, f.col) for f in findings] == [("FX405", 1), ("FX501", 33)]
    assert "write '$12.50/month'" in findings[0].message
