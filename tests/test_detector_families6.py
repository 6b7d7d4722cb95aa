"""The figure families blind tester F found that check and build both published (issue 20).

* Counts of work at scale ("8 billion rows", "94k writes") and rates written with
  "a"/"an" ("94 tasks a minute") are figures, each one a record can state
  (``{value: 8000000000, unit: rows}``, ``tasks/min``) and a claim can cite; counts of
  parts, people and configuration ("8 rows", "100 million users") and "always"
  ("24 hours a day, 7 days a week") are not.
* Material's icons drawing digits (``:material-numeric-9:``, SVG with no text) read
  as those digits, placed at the shortcode.
* A header unit of a price per period (``(€/month)``) governs its column.
* "Ft" and "ct" are prices only where the sentence is about a price: "a 12 Ft ladder"
  and "a 2 ct diamond" are not.

In-process rows: a sentence in, figures out (the detector), and a page in,
``(code, line, col)`` out (the one reader, as check and build run it).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from selectolax.lexbor import LexborHTMLParser
from sitekit import FIXTURE_EXTENSIONS, fxsite_here, href_for, library

from fxsite.evidence.library import Library, load_library
from fxsite.evidence.units import canonical_unit
from fxsite.markdown import PageRenderer, check_page
from fxsite.pages.figures import find_bare_figures
from fxsite.verify.icon_digits import icon_text

PATH = "docs/p.md"
RENDERER = PageRenderer(FIXTURE_EXTENSIONS, {})

RECORD = """\
id: W1
title: Work counts
label: spec
status: active
source:
  issuer: Example Corp
figures:
  rows_scanned: {value: 8000000000, unit: rows, what: Rows scanned}
  writes: {value: 94000, unit: writes, what: Writes sustained}
  tasks_rate: {value: 94, unit: tasks/min, what: Tasks completed a minute}
  images_rate: {value: 94, unit: images/s, what: Images generated a second}
  saving: {value: 315, unit: EUR/month, what: Saving a month}
"""


@pytest.fixture(scope="module")
def lib(tmp_path_factory: pytest.TempPathFactory) -> Library:
    root = tmp_path_factory.mktemp("work")
    (root / "evidence").mkdir()
    (root / "evidence" / "W1.yaml").write_text(RECORD, encoding="utf-8")
    library = load_library(root / "evidence", root)
    assert [f for f in library.findings if f.severity == "error"] == []
    return library


@pytest.fixture(scope="module")
def plain() -> Library:
    """The fixture site's records (no unit of this file's)."""
    return library()


def _figures(text: str) -> list[str]:
    return [f.text for f in find_bare_figures(text)]


def _found(
    page: str, lib: Library, renderer: PageRenderer = RENDERER
) -> list[tuple[str, int, int]]:
    _, findings = check_page(page, PATH, lib, href_for, renderer)
    return sorted((f.code, f.line, f.col) for f in findings if f.severity == "error")


# -- counts of work at scale, rates written with "a" ------------------------------------------

# (name, sentence, figures)
COUNTS = [
    ("billion rows", "It scanned 8 billion rows.", ["8 billion rows"]),
    ("million records", "It wrote 94 million records.", ["94 million records"]),
    ("thousand writes", "It sustained 94 thousand writes.", ["94 thousand writes"]),
    ("million inferences", "It ran 10 million inferences.", ["10 million inferences"]),
    ("glued k", "It handled 94k writes.", ["94k writes"]),
    ("spaced M", "It wrote 3 M records.", ["3 M records"]),
    ("capitalised", "Scans 8 Billion Rows", ["8 Billion Rows"]),
    ("tasks a minute", "It completed 94 tasks a minute.", ["94 tasks a minute"]),
    ("images a second", "It generated 94 images a second.", ["94 images a second"]),
    ("jobs an hour", "It ran 94 jobs an hour.", ["94 jobs an hour"]),
    ("requests a second", "It served 3 requests a second.", ["3 requests a second"]),
    ("scaled rate", "It ran 2 million tasks an hour.", ["2 million tasks an hour"]),
    # near misses of a version's or a label's number (blind70): a count at a scale or of
    # three digits and more stays a count
    (
        "a count at scale, a rate",
        "It handles 10 million requests per day.",
        ["10 million requests per day"],
    ),
    ("a count at scale", "It served 3 million tokens.", ["3 million tokens"]),
    ("a count at scale alone", "1 million transactions", ["1 million transactions"]),
    ("a bounded rate", "It ran over 200 queries per second.", ["over 200 queries per second"]),
    ("a count grouped", "It processes 5,000 packets.", ["5,000 packets"]),
    ("a bound before a count", "Over 40 queries ran.", ["Over 40 queries"]),
    ("a determiner before a count", "All 12 requests failed.", ["12 requests"]),
    # a capitalised verb starting a sentence is no product's name
    ("a verb starting a sentence", "Handles 12 requests.", ["12 requests"]),
    ("a verb in the past", "Processed 40 queries.", ["40 queries"]),
    ("a verb in its plain form", "Serve 12 requests.", ["12 requests"]),
    ("a verb after a sentence", "It is fast. Handles 12 requests.", ["12 requests"]),
    ("a verb in a list item", "- Handling 12 requests", ["12 requests"]),
    ("a name like a verb, starting", "Postgres 16 queries are faster.", ["16 queries"]),
]

# (name, sentence): counts of parts, people and configuration; idioms; "always".
NOT_COUNTS = [
    ("rows of a table", "The table has 8 rows."),
    ("jobs of a setup", "We run 3 jobs in the pipeline."),
    ("parts", "We have 8 GPUs."),
    ("people", "We have 200 customers."),
    ("people at scale", "We have 100 million users."),
    ("a billion thanks", "A billion thanks to the team."),
    ("one in a million", "It is one in a million."),
    ("twice a day", "It runs twice a day."),
    ("occurrences", "It restarts 5 times a day."),
    ("always, hours", "It runs 24 hours a day."),
    ("always, days", "It runs 7 days a week."),
    ("always, both", "Support answers 24 hours a day, 7 days a week."),
    ("always, in words", "It runs twenty-four hours a day."),
    ("always, a year", "It runs 365 days a year."),
    ("a divisor", "Storage is billed per 1 million rows."),
    ("a compound", "A 10-million-row table."),
    ("a number word without a scale", "See the two commits."),
    ("what parts are per", "We use 8 GPUs per job and 2 cores per task."),
    # a version's or a label's number before a noun of work names it (blind70)
    ("a bus version", "PCIe 5.0 transactions are routed through the switch."),
    ("a protocol version", "Our API v2 requests are authenticated with OAuth 2.0 tokens."),
    ("a model version", "Llama 3 tokens are counted the same way."),
    ("a day of operations", "Automate Day 2 operations."),
    ("days of operations", "Day 0, Day 1 and Day 2 operations are covered."),
    ("a tier", "Tier 1 transactions are replicated synchronously."),
    ("a layer", "Layer 7 packets are inspected."),
    ("a severity", "Severity 2 errors are logged."),
    ("a priority", "Priority 1 events are escalated."),
    ("a level", "Level 3 errors page the on-call engineer."),
    ("a step, a verb after it", "Step 3 requests a token."),
    ("a version", "Version 2 messages use a new schema."),
    ("a phase", "Phase 2 requests go to the new cluster."),
    ("a database version", "PostgreSQL 16 queries benefit from the cache."),
    ("a product version", "Kafka 3 transactions are supported."),
    ("a name like a verb, inside", "We tuned the Postgres 16 queries."),
    ("a standard version", "Supports NVMe 2.0 operations and SCSI-3 commands."),
    ("a rank", "The top 10 queries are cached."),
]

# Near misses of "always" that stay figures: only a whole period's units say it.
STILL_DURATIONS = [
    ("part of a day", "It runs 8 hours a day.", ["8 hours"]),
    ("more than a day", "It runs 124 hours a day.", ["124 hours"]),
]


@pytest.mark.parametrize(("name", "text", "figures"), COUNTS, ids=[c[0] for c in COUNTS])
def test_count_of_work_is_a_figure(name: str, text: str, figures: list[str]) -> None:
    assert _figures(text) == figures


@pytest.mark.parametrize(("name", "text"), NOT_COUNTS, ids=[c[0] for c in NOT_COUNTS])
def test_count_of_parts_is_not(name: str, text: str) -> None:
    assert _figures(text) == []


@pytest.mark.parametrize(
    ("name", "text", "figures"), STILL_DURATIONS, ids=[c[0] for c in STILL_DURATIONS]
)
def test_part_of_a_period_stays_a_duration(name: str, text: str, figures: list[str]) -> None:
    assert _figures(text) == figures


@pytest.mark.parametrize(
    ("written", "unit"),
    [
        ("rows", "rows"),
        ("writes", "writes"),
        ("tasks a minute", "tasks/min"),
        ("tasks per minute", "tasks/min"),
        ("jobs an hour", "jobs/h"),
        ("images a second", "images/s"),
        ("requests a second", "req/s"),
        ("frames a second", "fps"),
        ("operations per second", "ops/s"),
    ],
)
def test_a_record_can_state_it(written: str, unit: str) -> None:
    assert canonical_unit(written) == unit
    assert canonical_unit(unit, exact=True) == unit


CLAIMED = [
    "It scanned [8 billion rows](evidence:W1#rows_scanned).",
    "It scanned [](evidence:W1#rows_scanned).",
    "It sustained [94 thousand writes](evidence:W1#writes).",
    "It sustained [94k writes](evidence:W1#writes).",
    "It completed [94 tasks a minute](evidence:W1#tasks_rate).",
    "It generated [94 images a second](evidence:W1#images_rate).",
]


@pytest.mark.parametrize("line", CLAIMED)
def test_a_claim_cites_it(line: str, lib: Library) -> None:
    assert _found(f"# T\n\n{line}\n", lib) == []


def test_a_claim_misstating_it_is_refused(lib: Library) -> None:
    page = "# T\n\nIt scanned [9 billion rows](evidence:W1#rows_scanned).\n"
    assert _found(page, lib) == [("FX403", 3, 12)]


def test_the_blind_case_page_is_refused_at_each_line(lib: Library) -> None:
    page = (
        "# T\n\nIt scanned 8 billion rows.\n\nIt wrote 94 million records.\n\n"
        "It sustained 94 thousand writes.\n\nIt ran 10 million inferences.\n\n"
        "It completed 94 tasks a minute.\n\nIt generated 94 images a second.\n"
    )
    assert _found(page, lib) == [
        ("FX501", 3, 12),
        ("FX501", 5, 10),
        ("FX501", 7, 14),
        ("FX501", 9, 8),
        ("FX501", 11, 14),
        ("FX501", 13, 14),
    ]


# -- Material's icons drawing digits ----------------------------------------------------------


@pytest.fixture(scope="module")
def material() -> PageRenderer:
    from material.extensions.emoji import to_svg, twemoji

    config = {"pymdownx.emoji": {"emoji_index": twemoji, "emoji_generator": to_svg}}
    return PageRenderer([*FIXTURE_EXTENSIONS, "pymdownx.emoji"], config)


NINE, FOUR = ":material-numeric-9:", ":material-numeric-4:"
ICONS_REFUSED = [
    ("two digit icons and a unit", f"# T\n\nSaves {NINE}{FOUR} s here.\n", [("FX501", 3, 7)]),
    ("icon and a ratio", "# T\n\nIt is :material-numeric-2:x faster.\n", [("FX501", 3, 7)]),
    ("boxed icon", "# T\n\nIt took :material-numeric-9-box: s.\n", [("FX501", 3, 9)]),
    ("Font Awesome digit", "# T\n\nIt took :fontawesome-solid-4: s.\n", [("FX501", 3, 9)]),
    ("after text", f"# T\n\nFirst line.\nIt took {NINE}{FOUR} s.\n", [("FX501", 4, 9)]),
]
ICONS_PASSED = [
    ("a step's number in a heading", "# T\n\n## Step :material-numeric-1:\n\nDo this.\n"),
    (
        "a numbered list of icons",
        "# T\n\n:material-numeric-1: Install, :material-numeric-2: run.\n",
    ),
    ("another icon before a unit word", "# T\n\nIt took :material-alarm: s.\n"),
]


@pytest.mark.parametrize(
    ("name", "page", "found"), ICONS_REFUSED, ids=[c[0] for c in ICONS_REFUSED]
)
def test_digit_icon_is_read_as_its_digit(
    name: str, page: str, found: list[tuple[str, int, int]], plain: Library, material: PageRenderer
) -> None:
    assert _found(page, plain, material) == found


@pytest.mark.parametrize(("name", "page"), ICONS_PASSED, ids=[c[0] for c in ICONS_PASSED])
def test_digit_icon_without_a_unit_passes(
    name: str, page: str, plain: Library, material: PageRenderer
) -> None:
    assert _found(page, plain, material) == []


def test_a_published_icon_is_read_by_its_drawing() -> None:
    """The audit reads a published site, where only the drawing is left."""
    from markdown import Markdown
    from material.extensions.emoji import to_svg, twemoji

    config = {"pymdownx.emoji": {"emoji_index": twemoji, "emoji_generator": to_svg}}
    md = Markdown(extensions=["pymdownx.emoji"], extension_configs=config)
    shown = md.convert(f"{NINE}:material-numeric-9-plus-box:")
    svgs = LexborHTMLParser(shown).css("svg")
    assert [icon_text(svg) for svg in svgs] == ["9", "9+"]
    other = LexborHTMLParser('<svg><path d="M9 7v6h4v4h2V7h-2v4h-2V7z0"/></svg>').css("svg")
    assert icon_text(other[0]) is None


# -- a header's unit: a price per period ------------------------------------------------------


def test_header_price_per_period_governs_its_column(plain: Library) -> None:
    page = "# T\n\n| Item | Saving (€/month) |\n|---|---|\n| run | 315 |\n"
    assert _found(page, plain) == [("FX501", 5, 9)]


def test_header_price_per_period_claim_passes(lib: Library) -> None:
    page = "# T\n\n| Item | Saving (€/month) |\n|---|---|\n| run | [315](evidence:W1#saving) |\n"
    assert _found(page, lib) == []


# -- "Ft" and "ct": prices only in a price's sentence ------------------------------------------

LETTER_PRICES = [
    ("forint, costs", "It costs 300 Ft.", ["300 Ft"]),
    ("forint a month", "Membership is 300 Ft a month.", ["300 Ft"]),
    ("forint each", "Tickets are 300 Ft each.", ["300 Ft"]),
    ("euro cents, cost", "Cost fell 94 ct.", ["94 ct"]),
    ("euro cents per kWh", "Power is 30 ct/kWh.", ["30 ct/kWh"]),
    ("two prices", "It costs 300 Ft and the pass 200 Ft.", ["300 Ft", "200 Ft"]),
]
NOT_PRICES = [
    ("feet", "We bought a 12 Ft ladder."),
    ("carats", "We bought a 2 ct diamond."),
    ("feet after a price sentence", "The price rose. We bought a 12 Ft ladder."),
    ("a city", "Fly to Ft. Worth on day 3."),
]


@pytest.mark.parametrize(
    ("name", "text", "figures"), LETTER_PRICES, ids=[c[0] for c in LETTER_PRICES]
)
def test_letter_sign_in_a_price_is_refused(name: str, text: str, figures: list[str]) -> None:
    assert _figures(text) == figures


@pytest.mark.parametrize(("name", "text"), NOT_PRICES, ids=[c[0] for c in NOT_PRICES])
def test_letter_sign_elsewhere_is_not_a_price(name: str, text: str) -> None:
    assert _figures(text) == []


def test_feet_in_lower_case_stay_a_length() -> None:
    """ "12 ft" is a length as "40 tonnes" is a mass: any physical unit makes a figure."""
    assert _figures("We bought a 12 ft ladder.") == ["12 ft"]


# -- check, build and audit agree: one project holding every page above ----------------------

CONFIG = """\
site_name: families
theme:
  name: material
  font: false
markdown_extensions:
  - pymdownx.emoji:
      emoji_index: !!python/name:material.extensions.emoji.twemoji
      emoji_generator: !!python/name:material.extensions.emoji.to_svg
  - tables
  - toc
plugins:
  - search
  - fxsite:
      enforce: false
"""


def test_check_build_and_audit_agree(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (tmp_path / "evidence").mkdir()
    (tmp_path / "evidence" / "W1.yaml").write_text(RECORD, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    claims = "\n\n".join(CLAIMED)
    passed = [text for _, text in (*NOT_COUNTS, *NOT_PRICES)]
    icons = "\n\n".join(page.split("\n\n", 1)[1] for _, page in ICONS_PASSED)
    docs.joinpath("index.md").write_text(
        "# Fine\n\n" + "\n\n".join([claims, *passed, icons]) + "\n", encoding="utf-8"
    )
    refused = [text for _, text, _ in (*COUNTS, *LETTER_PRICES)]
    docs.joinpath("counts.md").write_text("# Counts\n\n" + "\n\n".join(refused) + "\n", "utf-8")
    docs.joinpath("icons.md").write_text(
        f"# Icons\n\nSaves {NINE}{FOUR} s here.\n\n| Item | Saving (€/month) |\n|---|---|\n"
        "| run | 315 |\n",
        encoding="utf-8",
    )
    checked = fxsite_here("check", ".", cwd=tmp_path)
    built = fxsite_here("build", ".", cwd=tmp_path)
    assert built.returncode == 0, built.stdout + built.stderr

    def lines(out: str) -> list[str]:
        return sorted(line.split(" bare figure")[0] for line in out.splitlines() if ": FX5" in line)

    assert lines(checked.stdout) == lines(built.stdout)
    assert [line for line in lines(built.stdout) if "index.md" in line] == []
    found = lines(built.stdout)
    expected = sum(len(figures) for _, _, figures in (*COUNTS, *LETTER_PRICES))
    assert len([line for line in found if line.startswith("docs/counts.md")]) == expected
    assert [line for line in found if line.startswith("docs/icons.md")] == [
        "docs/icons.md:3:7: FX501 warning:",
        "docs/icons.md:7:9: FX501 warning:",
    ]
    audited = fxsite_here("audit", "site", cwd=tmp_path)
    shown = [line for line in audited.stdout.splitlines() if "icons/index.html" in line]
    assert any("FX501" in line and "94 s" in line for line in shown), audited.stdout
    assert not [line for line in audited.stdout.splitlines() if line.startswith("index.html:")]
