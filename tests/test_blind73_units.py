"""A price's unit stated around a unitless claim or number (blind73, findings 1 and 12).

A header "$/TB/month" over "[30](…)" citing a price per TB a year, "Cost per TB per
month: [30](…)", "Price per TiB: [119](…)" and columns headed "¥/TB" or "€/TB" over a
USD price were published: the EUR/kWh header was read, the newer price units were not
(:mod:`fxsite.pages.price_units`). "[$30/TB/yr](…) per node" divided a price again and
passed. A claim's unknown unit was hinted in another currency ("0.6元/kWh": 'EUR/kWh').
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import FIXTURE_EXTENSIONS, href_for, library

from fxsite.evidence.library import Library
from fxsite.markdown import PageRenderer, check_page
from fxsite.pages.claims import ClaimProblem, resolve_claim

GRAMMAR = Path(__file__).resolve().parent / "fixtures" / "grammar"
RENDERER = PageRenderer(FIXTURE_EXTENSIONS, {})


@pytest.fixture(scope="module")
def lib() -> Library:
    """G1: tb_price 119 USD/TB, tb_price_cny 800 CNY/TB, kwh_price 0.15 USD/kWh,
    sub_price 40 $/TB/yr, bw 178 GB/s."""
    return library(GRAMMAR)


def _errors(body: str, lib: Library) -> list[tuple[str, int]]:
    _, findings = check_page(f"# T\n\n{body}\n", "docs/p.md", lib, href_for, RENDERER)
    return sorted((f.code, f.line) for f in findings if f.severity == "error")


def _column(header: str, cell: str) -> str:
    return f"| Item | {header} |\n|---|---|\n| FX | {cell} |"


# (name, page body, errors as (code, line))
REFUSED = [
    # a price's unit whole as a column's header, its sign first
    ("per month, not a year", _column("$/TB/month", "[40](evidence:G1#sub_price)"), [("FX405", 5)]),
    ("yuan sign over USD", _column("¥/TB", "[119](evidence:G1#tb_price)"), [("FX405", 5)]),
    ("euro sign over USD", _column("€/TB", "[119](evidence:G1#tb_price)"), [("FX405", 5)]),
    ("bare under $/kWh", _column("$/kWh", "0.15"), [("FX501", 5)]),
    ("yuan over USD", _column("元/TB", "[119](evidence:G1#tb_price)"), [("FX405", 5)]),
    ("per a size no price is per", _column("$/TiB", "[119](evidence:G1#tb_price)"), [("FX403", 5)]),
    # a price named with what it is per, as a label
    ("label per TB per month", "Cost per TB per month: [40](evidence:G1#sub_price).", [("FX405", 3)]),
    ("label monthly", "Monthly price per TB: [40](evidence:G1#sub_price).", [("FX405", 3)]),
    ("label per TiB", "Price per TiB: [119](evidence:G1#tb_price).", [("FX403", 3)]),
    ("label per GB in USD", "USD price per GB: [119](evidence:G1#tb_price).", [("FX405", 3)]),
    ("label currency", "Price per TB (EUR): [119](evidence:G1#tb_price).", [("FX405", 3)]),
    ("label yuan sign", "Price per TB (¥): [119](evidence:G1#tb_price).", [("FX405", 3)]),
    ("label bare", "Price per TB: 119.", [("FX501", 3)]),
    ("label bare energy", "Energy price per kWh: 0.15.", [("FX501", 3)]),
    # ... and as a column's header
    ("header per TB per month", _column("Cost per TB per month", "[40](evidence:G1#sub_price)"), [("FX405", 5)]),
    ("header bare", _column("Price per TB", "119"), [("FX501", 5)]),
    ("header with a slash", _column("Cost/TB/month", "[40](evidence:G1#sub_price)"), [("FX405", 5)]),
    # an amount (unit: USD) under a price per TB: its currency alone is checked
    ("amount in another currency", _column("€/TB", "[1200000](evidence:G1#price)"), [("FX405", 5)]),
    # "per" and a word after a price per something
    ("per node", "[$40/TB/yr](evidence:G1#sub_price) per node.", [("FX503", 3)]),
    ("per site", "[$0.15/kWh](evidence:G1#kwh_price) per site.", [("FX503", 3)]),
    ("a month", "[$119/TB](evidence:G1#tb_price) a month.", [("FX503", 3)]),
    ("monthly", "[$119/TB](evidence:G1#tb_price) monthly.", [("FX503", 3)]),
]  # fmt: skip
# Near misses: the right currency, period and capacity; "per" that divides nothing again;
# numbers that are no price.
PASSED = [
    ("per year", _column("$/TB/yr", "[40](evidence:G1#sub_price)")),
    ("yuan sign over CNY", _column("¥/TB", "[800](evidence:G1#tb_price_cny)")),
    ("$/kWh over its claim", _column("$/kWh", "[0.15](evidence:G1#kwh_price)")),
    # "美元/TB" was read as terabytes ("119 TB": the unit after a slash glued to Chinese)
    ("dollars in Chinese over USD", _column("美元/TB", "[119](evidence:G1#tb_price)")),
    ("yuan over CNY", _column("元/TB", "[800](evidence:G1#tb_price_cny)")),
    ("label per TB per year", "Cost per TB per year: [40](evidence:G1#sub_price)."),
    ("label annual", "Annual cost per TB: [40](evidence:G1#sub_price)."),
    ("label the figure's currency", "Price per TB: [119](evidence:G1#tb_price)."),
    # it was refused as "119 USD" (the bracket's currency alone)
    ("label its currency", "Price per TB (USD): [119](evidence:G1#tb_price)."),
    ("label energy", "Energy price per kWh: [0.15](evidence:G1#kwh_price)."),
    ("header the figure's currency", _column("Price per TB", "[119](evidence:G1#tb_price)")),
    # it was read as terabytes ("119 TB"), as "Latency/ms" is read as milliseconds
    ("header with a slash", _column("Price/TB", "[119](evidence:G1#tb_price)")),
    # an amount: a record may say what its price is per in words ("unit: USD", "what:
    # Price per terabyte"), as records did before the vocabulary had USD/TB
    ("amount under a price per TB", "Price per TB: [1200000](evidence:G1#price)."),
    ("amount under $/TB", _column("$/TB", "[1200000](evidence:G1#price)")),
    ("per its own capacity", "[$119/TB](evidence:G1#tb_price) per terabyte."),
    ("per as according to", "[$119/TB](evidence:G1#tb_price) per the datasheet."),
    ("per node after no price", "[178 GB/s](evidence:G1#bw) per node."),
    # what the price is per already: a GPU-hour is per GPU
    ("per its own thing", "[$2.49/GPU-hour](evidence:G1#gpu_price) per GPU."),
    ("a year after a price a year", "[$40/TB/yr](evidence:G1#sub_price) a year."),
    ("annually after a price a year", "[$40/TB/yr](evidence:G1#sub_price) annually."),
    ("a word that is no unit", "[$119/TB](evidence:G1#tb_price) a bargain."),
    ("label then words", "Price per TB: see table 3."),
    ("no label", "The price per TB fell in 2024."),
    ("per a thing no unit", "Price per seat: 3 tiers."),
]


@pytest.mark.parametrize(("body", "errors"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED])
def test_a_price_unit_around_a_claim_is_read(
    lib: Library, body: str, errors: list[tuple[str, int]]
) -> None:
    assert _errors(body, lib) == errors


@pytest.mark.parametrize("body", [r[1] for r in PASSED], ids=[r[0] for r in PASSED])
def test_near_misses_pass(lib: Library, body: str) -> None:
    assert _errors(body, lib) == []


def test_the_report_page_places_each_finding(lib: Library) -> None:
    """The report's page (its records as G1's): each finding at its own claim, a column's
    FX405 not at an FX403 of the same number above it."""
    page = "\n\n".join(
        [
            _column("$/TB/month", "[40](evidence:G1#sub_price)"),
            "Cost per TB per month: [40](evidence:G1#sub_price).",
            "Price per TiB: [119](evidence:G1#tb_price).",
            _column("¥/TB", "[119](evidence:G1#tb_price)"),
            _column("€/TB", "[119](evidence:G1#tb_price)"),
        ]
    )
    assert _errors(page, lib) == [
        ("FX403", 9),
        ("FX405", 5),
        ("FX405", 7),
        ("FX405", 13),
        ("FX405", 17),
    ]


def test_the_message_says_how_the_claim_reads(lib: Library) -> None:
    _, findings = check_page(
        "# T\n\nCost per TB per month: [40](evidence:G1#sub_price).\n",
        "docs/p.md",
        lib,
        href_for,
        RENDERER,
    )
    assert [f.message for f in findings] == [
        "the claim '40' reads '$40/TB-month' (after 'Cost per TB per month:'): '$40/TB-month'"
        " is in USD/TB-month but G1#sub_price is in USD/TB-year; write '$40/TB-year'"
    ]


@pytest.mark.parametrize(
    ("body", "says"),
    [
        # a currency written by its word reads by its sign, as a "€/TB" header does
        ("Price per TB in euros: [119](evidence:G1#tb_price).", "reads '€119/TB'"),
        # a bare number in the currency of the claim it would be: as written, no "read as"
        ("Price per TB: 119.", "bare figure '119' (after 'Price per TB:'): did you mean"),
    ],
)
def test_what_the_message_reads(lib: Library, body: str, says: str) -> None:
    _, findings = check_page(f"# T\n\n{body}\n", "docs/p.md", lib, href_for, RENDERER)
    assert [says in f.message for f in findings] == [True], [f.message for f in findings]


# -- a hint names the currency written, else the figure's -------------------------------------

HINTS = [
    ("0.6元/kWh", "kwh_price", "(did you mean 'CNY/kWh'?)"),
    ("0.15 元/kWh", "kwh_price", "(did you mean 'CNY/kWh'?)"),
    ("800 yuan per terabyte", "tb_price", "(did you mean 'CNY/TB'?)"),
    ("119 per terabyte", "tb_price", "(did you mean 'USD/TB'?)"),
    ("800 per terabyte", "tb_price_cny", "(did you mean 'CNY/TB'?)"),
    ("$119 per terabit", "tb_price", "(did you mean 'USD/TB'?)"),  # near miss: as before
]


@pytest.mark.parametrize(("text", "figure", "hint"), HINTS)
def test_a_hint_names_the_currency_written(lib: Library, text: str, figure: str, hint: str) -> None:
    result = resolve_claim(text, f"evidence:G1#{figure}", lib)
    assert isinstance(result, ClaimProblem) and result.code == "FX403", result
    assert hint in result.message, result.message


@pytest.mark.parametrize(
    ("unit", "currency", "hint"),
    [
        ("元/kWh", None, " (did you mean 'CNY/kWh'?)"),
        ("yuan per terabyte", "USD", " (did you mean 'CNY/TB'?)"),  # the written one wins
        ("per terabyte", "USD", " (did you mean 'USD/TB'?)"),
        ("per terabyte", None, ""),  # no currency written nor cited: none guessed
        ("日元/kWh", None, ""),  # yen: no spelling of a yen's price is close
        ("EUR/Wh", None, " (did you mean 'EUR/kWh'?)"),  # near miss: as before
        ("dolars", None, " (did you mean 'USD'?)"),  # near miss: a currency itself
    ],
)
def test_unit_hint_keeps_the_currency(unit: str, currency: str | None, hint: str) -> None:
    from fxsite.evidence.units import unit_hint

    assert (unit_hint(unit) if currency is None else unit_hint(unit, currency)) == hint


# -- a yuan's sign on a page not in Chinese --------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "write"),
    [("en", "write 'CN¥800/TB'"), ("ja", "write 'CN¥800/TB'"), ("zh", "write '800元/TB'")],
)
def test_a_yuan_price_is_advised_unambiguously(lib: Library, lang: str, write: str) -> None:
    """fxsite advised '¥800/TB' on an English page, which many readers take for yen."""
    result = resolve_claim("€800/TB", "evidence:G1#tb_price_cny", lib, lang=lang)
    assert isinstance(result, ClaimProblem) and result.code == "FX405", result
    assert result.message.endswith(write), result.message


@pytest.mark.parametrize("text", ["CN¥800/TB", "¥800/TB", "800元/TB", "800 CNY/TB"])
def test_a_yuan_price_may_be_written_each_way(lib: Library, text: str) -> None:
    """ "CN¥" is read as the yuan's sign, as "¥" still is."""
    assert not isinstance(resolve_claim(text, "evidence:G1#tb_price_cny", lib), ClaimProblem)


def test_an_empty_text_is_filled_with_the_yuan_sign(lib: Library) -> None:
    result = resolve_claim("", "evidence:G1#tb_price_cny", lib)
    assert not isinstance(result, ClaimProblem) and result.display == "CN¥800/TB", result
