"""Tests for fxsite.evidence.quantities: parsing claim texts, the claim rule, formatting."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, strategies as st

from fxsite.evidence.quantities import (
    Stated,
    compare,
    decimals_of,
    format_number,
    format_quantity,
    matches,
    parse_stated,
)

D = Decimal


@pytest.mark.parametrize(
    ("text", "low", "high", "decimals", "unit", "unit_text"),
    [
        ("5.17e2 s", "517", None, 0, "s", "s"),
        ("1e6 IOPS", "1e6", None, -6, "IOPS", "IOPS"),
        ("1½ hours", "1.5", None, 1, "h", "hours"),
        ("½", "0.5", None, 1, None, None),
        ("×3", "3", None, 0, "×", "×"),
        ("a factor of 2.5", "2.5", None, 1, "×", "×"),
        ("five nines", "99.999", None, 3, "%", "%"),
        ("1.9-times", "1.9", None, 1, "×", "times"),
        ("500 cycles", "500", None, 0, "cycles", "cycles"),
        ("18 tb", "18", None, 0, "Tb", "tb"),
        ("120萬", "1200000", None, -4, None, None),
    ],
)
def test_parse_stated_reads_issue_22_forms(
    text: str,
    low: str,
    high: str | None,
    decimals: int,
    unit: str | None,
    unit_text: str | None,
) -> None:
    """Notation, fractions, multipliers before the number, nines, counts, loose case."""
    stated = parse_stated(text)
    assert stated is not None
    expected = (D(low), D(high) if high is not None else None, decimals, unit, unit_text)
    assert (stated.low, stated.high, stated.decimals, stated.unit, stated.unit_text) == expected


@pytest.mark.parametrize(
    ("text", "low", "high", "decimals", "unit", "unit_text"),
    [
        ("178 s", "178", None, 0, "s", "s"),
        ("178s", "178", None, 0, "s", "s"),
        ("94 seconds", "94", None, 0, "s", "seconds"),
        ("1.9×", "1.9", None, 1, "×", "×"),
        ("1.9x", "1.9", None, 1, "×", "x"),
        ("6.2–9.3×", "6.2", "9.3", 1, "×", "×"),
        ("6.2-9.3x", "6.2", "9.3", 1, "×", "x"),
        ("6.2 to 9.3×", "6.2", "9.3", 1, "×", "×"),
        ("6.2×–9.3×", "6.2", "9.3", 1, "×", "×"),
        ("3,560 s", "3560", None, 0, "s", "s"),
        ("36,000s", "36000", None, 0, "s", "s"),
        ("+96%", "96", None, 0, "%", "%"),
        ("96 %", "96", None, 0, "%", "%"),
        ("9.9%", "9.9", None, 1, "%", "%"),
        ("$1,200", "1200", None, 0, "USD", "$"),
        ("€3.5", "3.5", None, 1, "EUR", "€"),
        ("5 USD", "5", None, 0, "USD", "USD"),
        ("65.6 GB", "65.6", None, 1, "GB", "GB"),
        ("6.40 GB/s", "6.40", None, 2, "GB/s", "GB/s"),
        ("20", "20", None, 0, None, None),
        ("-47%", "-47", None, 0, "%", "%"),
        ("\u221247%", "-47", None, 0, "%", "%"),
        ("1,680 s", "1680", None, 0, "s", "s"),
        ("178\u00a0s", "178", None, 0, "s", "s"),
        ("178\u202fs", "178", None, 0, "s", "s"),
        ("  178 s  ", "178", None, 0, "s", "s"),
        ("6.2–9.35×", "6.2", "9.35", 2, "×", "×"),
        ("-$5", "-5", None, 0, "USD", "$"),
    ],
)
def test_parse_stated_accepts(
    text: str,
    low: str,
    high: str | None,
    decimals: int,
    unit: str | None,
    unit_text: str | None,
) -> None:
    assert parse_stated(text) == Stated(
        D(low), D(high) if high is not None else None, decimals, unit, unit_text
    )


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "178 s total",
        "178 94 s",  # two numbers
        "178 s to 94 s",  # a change from one value to another, not a range
        "9.3–6.2×",  # a range runs low to high
        "1,68 s",  # not a thousands group
        "1,2000 s",
        "5 parsecs",  # unknown unit
        "5$",  # a currency sign goes before the number
        "$5 USD",  # two units
        "6.2 s–9.3×",  # two different units
        "MkDocs 1.6",
        "2x4",
        "x",
        "-$-5",
    ],
)
def test_parse_stated_refuses(text: str) -> None:
    assert parse_stated(text) is None


def _stated(text: str) -> Stated:
    stated = parse_stated(text)
    assert stated is not None
    return stated


@pytest.mark.parametrize(
    ("text", "low", "high", "record_decimals", "reason"),
    [
        ("178 s", "178", None, 0, None),
        ("1.9×", "1.8936", None, 1, None),  # rounded half-up to the text's precision
        ("1.9×", "1.85", None, 2, None),  # half-up, not banker's rounding
        ("1.8×", "1.85", None, 2, "value"),
        ("2×", "1.8936", None, 1, None),  # less precise than the record is fine
        ("1.89×", "1.8936", None, 1, "precision"),  # more precise than the record
        ("178.0 s", "178", None, 0, "precision"),
        ("179 s", "178", None, 0, "value"),
        ("6.2–9.3×", "6.2", "9.3", 1, None),
        ("6.2–9.4×", "6.2", "9.3", 1, "value"),
        ("6.1–9.3×", "6.2", "9.3", 1, "value"),
        ("6.2×", "6.2", "9.3", 1, "value"),  # a single number against a range
        ("6.2–9.3×", "6.2", None, 1, "value"),  # a range against a single value
        ("-47%", "-47.2", None, 1, None),
        ("47%", "-47.2", None, 1, "value"),
        ("+96%", "96.3", None, 1, None),
    ],
)
def test_compare(
    text: str, low: str, high: str | None, record_decimals: int, reason: str | None
) -> None:
    stated = _stated(text)
    assert compare(stated, D(low), D(high) if high else None, record_decimals) == reason


def test_matches_is_the_single_value_rule() -> None:
    assert matches(_stated("1.9×"), D("1.8936"), decimals=1)
    assert not matches(_stated("1.89×"), D("1.8936"), decimals=1)
    assert not matches(_stated("2.0×"), D("1.8936"), decimals=1)
    assert not matches(_stated("6.2–9.3×"), D("6.2"), decimals=1)


@pytest.mark.parametrize(
    ("value", "decimals", "expected"),
    [
        (D("3560"), 0, "3,560"),
        (D("6.4"), 2, "6.40"),
        (1.8936, 1, "1.9"),
        (D("2.675"), 2, "2.68"),  # half-up on the exact decimal
        (2.675, 2, "2.68"),  # a float is read by its shortest repr, not its binary value
        (D("0.5"), 0, "1"),
        (D("-0.04"), 1, "0.0"),  # no negative zero
        (D("-47.25"), 1, "-47.3"),
        (D("1234567.891"), 2, "1,234,567.89"),
    ],
)
def test_format_number(value: Decimal | float, decimals: int, expected: str) -> None:
    assert format_number(value, decimals) == expected


@pytest.mark.parametrize(
    ("low", "high", "unit", "decimals", "expected"),
    [
        (178, None, "s", 0, "178\u00a0s"),
        (D("1.8936"), None, "×", 1, "1.9×"),
        (D("1.8936"), None, "x", 1, "1.9×"),  # aliases write the canonical symbol
        (D("6.2"), D("9.3"), "×", 1, "6.2–9.3×"),
        (1200, None, "USD", 0, "$1,200"),
        (D("-5"), None, "USD", 0, "-$5"),
        (D("3.5"), None, "EUR", 1, "€3.5"),
        (5, None, "GBP", 0, "£5"),
        # blind73: "CN¥" on a page not in Chinese, as Unicode's locale data writes it in
        # English ("¥1,000" reads as yen to many readers)
        (1000, None, "CNY", 0, "CN¥1,000"),
        (D("9.9"), None, "%", 1, "9.9%"),
        (D("65.6"), None, "GB", 1, "65.6\u00a0GB"),
        (D("6.4"), None, "GB/s", 2, "6.40\u00a0GB/s"),
        (20, None, "count", 0, "20"),
        (20, None, None, 0, "20"),
        (3, None, "parsecs", 0, "3\u00a0parsecs"),
    ],
)
def test_format_quantity(
    low: Decimal | float,
    high: Decimal | float | None,
    unit: str | None,
    decimals: int,
    expected: str,
) -> None:
    assert format_quantity(low, high, unit, decimals) == expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("6.40", 2),
        ("178", 0),
        ("1e3", 0),
        ("1.5e3", 0),
        ("1.25e-1", 3),
        ("-0.5", 1),
        ("1_000.5", 1),
    ],
)
def test_decimals_of(raw: str, expected: int) -> None:
    assert decimals_of(raw) == expected


@pytest.mark.parametrize("raw", ["", "abc", "inf", "nan", "1.2.3"])
def test_decimals_of_refuses_non_numbers(raw: str) -> None:
    with pytest.raises(ValueError):
        decimals_of(raw)


@given(
    st.decimals(min_value=-(10**9), max_value=10**9, allow_nan=False, allow_infinity=False),
    st.integers(min_value=0, max_value=4),
    st.sampled_from(["s", "×", "%", "GB/s", "USD", "EUR", None]),
)
def test_formatted_quantity_parses_back_and_satisfies_the_claim_rule(
    value: Decimal, decimals: int, unit: str | None
) -> None:
    text = format_quantity(value, None, unit, decimals)
    stated = parse_stated(text)
    assert stated is not None, text
    assert stated.unit == unit
    assert stated.decimals == decimals
    assert compare(stated, value, None, decimals) is None


@given(st.text(max_size=40))
def test_parse_stated_never_raises(text: str) -> None:
    parse_stated(text)
