"""The figure families blind tester H7 found published by check and build (issue 20, blind6).

* A table header that is a unit's name ("Seconds"), ends in a unit's symbol
  ("Latency ms", "Throughput GB/s") or names a ratio ("Speedup": ×) states the unit of
  the bare numbers under it, as "Time, s" does; so does a row whose first cell is
  "unit" for the columns it fills. Headers naming things ("Runs", "Year", "Rank",
  "ID", "Week", "Min", "Tokens") and prose whose unit word is not last
  ("Seconds of fame") state none.
* A unit, a percent, a currency word or "times" joined to its number by a hyphen, as an
  adjective ("a 10-GB file", "a 50-percent cut", "a 300-dollar card", "3-times-faster"),
  is a figure, as "94-second" and "20-fold" are; names by a count or size ("8-GPU",
  "a 2-socket server", "128-GB DIMMs", "a 100-Gb Ethernet adapter") are not.
* An icon that draws a sign beside digits reads as that sign: ``94 :material-percent:``
  is "94 %", ``:fontawesome-solid-dollar-sign:301`` "$301", ``1.9:material-multiplication:``
  "1.9×", ``95 :material-alpha-s:`` "95 s"; the same icons with no number beside them,
  and icons of other things (``:material-currency-usd-off:``, ``:fontawesome-solid-xmark:``),
  are no figure.

In-process rows: a page in, ``(code, line, col)`` out (the one reader, as check and
build run it).
"""

from __future__ import annotations

import pytest
from selectolax.lexbor import LexborHTMLParser
from sitekit import FIXTURE_EXTENSIONS, href_for, library

from fxsite.evidence.library import Library
from fxsite.markdown import PageRenderer, check_page
from fxsite.pages.figures import find_bare_figures
from fxsite.pages.header_units import header_unit
from fxsite.verify.icon_digits import icon_text

PATH = "docs/p.md"
RENDERER = PageRenderer(FIXTURE_EXTENSIONS, {})


@pytest.fixture(scope="module")
def plain() -> Library:
    """The fixture site's records."""
    return library()


@pytest.fixture(scope="module")
def material() -> PageRenderer:
    """Pages rendered with Material's icons, as SVG."""
    from material.extensions.emoji import to_svg, twemoji

    config = {"pymdownx.emoji": {"emoji_index": twemoji, "emoji_generator": to_svg}}
    return PageRenderer([*FIXTURE_EXTENSIONS, "pymdownx.emoji"], config)


def _found(
    page: str, lib: Library, renderer: PageRenderer = RENDERER
) -> list[tuple[str, int, int]]:
    _, findings = check_page(page, PATH, lib, href_for, renderer)
    return sorted((f.code, f.line, f.col) for f in findings if f.severity == "error")


def _table(header: str, cell: str = "94") -> str:
    return f"# T\n\n| Run | {header} |\n|---|---|\n| Save | {cell} |\n"


# -- a header that is, or ends in, a unit -------------------------------------------------------

# (header, the unit it states)
HEADER_UNITS = [
    ("Seconds", "Seconds"),
    ("Milliseconds", "Milliseconds"),
    ("Throughput GB/s", "GB/s"),
    ("Latency ms", "ms"),
    ("Cost USD", "USD"),
    ("Speedup", "×"),
    ("Read speedup", "×"),
    ("Slowdown", "×"),
    # already read before blind6
    ("Time, s", "s"),
    ("Time in seconds", "seconds"),
    ("Cost, USD", "USD"),
    # blind73: a price per hour, in the currency of the figure a claim under it cites (was
    # in NO_UNIT: its numbers are no hours, and no figure either)
    ("Cost per hour", "¤/h"),
]

# headers that state no unit: names, counts of parts, calendar columns, prose
NO_UNIT = [
    "Runs",
    "Year",
    "Rank",
    "ID",
    "Week",
    "Month",
    "Day",
    "min",
    "Max",
    "Tokens",
    "Input tokens",
    "Rows",
    "Seconds of fame",
    "s",
    "Model W",
    "X1",
    "Record",
]


@pytest.mark.parametrize(("header", "unit"), HEADER_UNITS, ids=[h for h, _ in HEADER_UNITS])
def test_header_states_unit(header: str, unit: str) -> None:
    assert header_unit(header) == unit


@pytest.mark.parametrize("header", NO_UNIT)
def test_header_states_no_unit(header: str) -> None:
    assert header_unit(header) is None


@pytest.mark.parametrize(("header", "unit"), HEADER_UNITS, ids=[h for h, _ in HEADER_UNITS])
def test_cell_under_unit_header_is_refused(plain: Library, header: str, unit: str) -> None:
    assert _found(_table(header), plain) == [("FX501", 5, 10)]


@pytest.mark.parametrize("header", NO_UNIT)
def test_cell_under_plain_header_passes(plain: Library, header: str) -> None:
    assert _found(_table(header), plain) == []


# -- a "unit" row states its columns' units -----------------------------------------------------

UNIT_ROW = (
    "# T\n\n| Run | Time | Runs |\n|---|---|---|\n| {label} | {unit} | |\n| Save | 178 | 3 |\n"
)


@pytest.mark.parametrize("label", ["unit", "Units", "单位"])
def test_unit_row_governs_its_column(plain: Library, label: str) -> None:
    page = UNIT_ROW.format(label=label, unit="s")
    assert _found(page, plain) == [("FX501", 6, 10)]


@pytest.mark.parametrize(
    ("label", "unit"),
    [("unit", "fast"), ("Note", "s"), ("unit", "")],
    ids=["not a unit", "not a unit row", "empty"],
)
def test_unit_row_near_misses_pass(plain: Library, label: str, unit: str) -> None:
    assert _found(UNIT_ROW.format(label=label, unit=unit), plain) == []


# -- hyphenated compound adjectives ---------------------------------------------------------------

# (name, sentence, figures)
HYPHENATED = [
    ("percent", "The new array gives a 50-percent cut in save time.", ["50-percent"]),
    ("pct", "A 5-pct cut.", ["5-pct"]),
    ("dollar", "It is a 300-dollar card.", ["300-dollar"]),
    ("euro", "A 20-euro plan.", ["20-euro"]),
    ("GB", "It writes a 10-GB file.", ["10-GB"]),
    ("TB", "It ships an 8-TB volume.", ["8-TB"]),  # "an 8-TB drive" names a part (blind22)
    ("times, hyphenated", "It loads 3-times-faster than before.", ["3-times"]),
    # already refused before blind6
    ("second", "A 94-second save.", ["94-second"]),
    ("hour", "A 2-hour job.", ["2-hour"]),
    ("fold", "A 20-fold cut.", ["20-fold"]),
    # near misses: names by a count or a size, README's table
    ("count of GPUs", "An 8-GPU node.", []),
    ("count of nodes", "A 3-node cluster.", []),
    ("count of sockets", "A 2-socket server.", []),
    ("modules of a size", "It takes 128-GB DIMMs.", []),
    ("link class", "A 100-Gb Ethernet adapter.", []),
    ("product variant", "The A100-80GB card.", []),
    ("model name", "Llama-3-70B runs.", []),
    ("form factor", "A 3.5-inch drive bay.", []),
    ("occurrences", "It ran 5-times. Then it stopped.", []),
    ("percentile", "A 94-percentile band.", []),
]


@pytest.mark.parametrize(
    ("sentence", "figures"), [r[1:] for r in HYPHENATED], ids=[r[0] for r in HYPHENATED]
)
def test_hyphenated_unit(sentence: str, figures: list[str]) -> None:
    assert [f.text for f in find_bare_figures(sentence)] == figures


def test_hyphenated_units_refused_on_the_page(plain: Library) -> None:
    page = "# T\n\nA 50-percent cut.\n\nA 300-dollar card.\n\nA 10-GB file, 3-times-faster.\n"
    assert _found(page, plain) == [
        ("FX501", 3, 3),
        ("FX501", 5, 3),
        ("FX501", 7, 3),
        ("FX501", 7, 15),
    ]


# -- icons that draw a sign -----------------------------------------------------------------------

# (name, page line, (line, col) of each figure)
ICON_SIGNS = [
    ("material percent", "Loads are 94 :material-percent: faster.", [(3, 11)]),
    ("material percent box", "Loads are 94:material-percent-box-outline: faster.", [(3, 11)]),
    ("material dollar", "It costs :material-currency-usd:300 a month.", [(3, 10)]),
    ("material euro", "Or :material-currency-eur:302.", [(3, 4)]),
    ("material yuan", "Or 303 :material-currency-cny:.", [(3, 4)]),
    ("material times", "Saves 1.9:material-multiplication: time.", [(3, 7)]),
    ("material letter", "It takes 95 :material-alpha-s: per run.", [(3, 10)]),
    ("fontawesome percent", "Loads are 98:fontawesome-solid-percent: faster.", [(3, 11)]),
    ("fontawesome dollar", "It costs :fontawesome-solid-dollar-sign: 301.", [(3, 10)]),
    ("fontawesome letter", "It takes 95 :fontawesome-solid-s: per run.", [(3, 10)]),
    # a cross draws the × it passes for: "3 × failed", as typed, is a figure
    ("a cross icon", "Tests: 3 :fontawesome-solid-xmark: failed.", [(3, 8)]),
    # near misses: no number beside the sign, or an icon of another thing
    ("a sign alone", ":material-percent: Discounts and :material-currency-usd: prices.", []),
    ("a letter icon as a list mark", ":material-alpha-a: Install, :material-alpha-b: run.", []),
    ("a crossed-out dollar", "Costs 300 :material-currency-usd-off: less.", []),
    ("a cross icon alone", "Tests :fontawesome-solid-xmark: failed.", []),
    ("a letter before a number", "Step :material-alpha-b: 2 follows.", []),
]


@pytest.mark.parametrize(
    ("line", "places"), [r[1:] for r in ICON_SIGNS], ids=[r[0] for r in ICON_SIGNS]
)
def test_icon_sign(
    plain: Library, material: PageRenderer, line: str, places: list[tuple[int, int]]
) -> None:
    assert _found(f"# T\n\n{line}\n", plain, material) == [("FX501", *at) for at in places]


def test_a_published_sign_icon_is_read_by_its_drawing() -> None:
    """The audit reads a published site, where only the drawing is left."""
    from markdown import Markdown
    from material.extensions.emoji import to_svg, twemoji

    config = {"pymdownx.emoji": {"emoji_index": twemoji, "emoji_generator": to_svg}}
    md = Markdown(extensions=["pymdownx.emoji"], extension_configs=config)
    shown = md.convert(":material-percent::fontawesome-solid-dollar-sign::material-alpha-s-box:")
    svgs = LexborHTMLParser(shown).css("svg")
    assert [icon_text(svg) for svg in svgs] == ["%", "$", "s"]
