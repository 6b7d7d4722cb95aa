"""Icons and theme words the build published (issue 20, blind9).

* An icon drawn as a multiplication sign after a number is one: the X logo
  (``:simple-x:``, drawn 𝕏) and Octicons' circled x (``:octicons-x-circle-fill-24:``) draw
  "×"; Material's ``alpha-x``, whose drawing is its ``roman-numeral-10``, is the x of
  "2 x faster" right after a number and the Roman ten elsewhere (":material-alpha-x: s"
  draws "X s": 10 s), in the page reader and the locator alike.
* With ``navigation.footer``, Material draws ``theme.icon.previous`` before the previous
  page's title and ``theme.icon.next`` after the next page's: an icon that draws a digit
  or a sign makes a figure with the title ("9 s per save on NFS"), refused at the title
  (its front matter, its heading, its ``nav`` entry), and read so in a published footer.
* An icon that ends a table header, alone or in brackets, drawing a unit's sign or letter
  states that unit for the bare numbers under it ("Cost :material-currency-usd:" over
  "310" reads "$310"); a cross does not (it marks failures as often).
* An FAQ question that states a unit as a table header does ("Save time, seconds?")
  governs its answer's bare number ("96": "96 seconds"), refused at the answer, and read
  so in a published page's FAQPage JSON-LD.

In-process rows: a page in, ``(code, line, col)`` out (the one reader, as check and
build run it).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from mkdocs.utils.rendering import get_heading_text
from sitekit import (
    FIXTURE_EXTENSIONS,
    PAGE_PATH,
    check_and_build,
    finding_lines,
    fixture_renderer,
    href_for,
    library,
    page_findings,
    rows_site,
)

from fxsite.evidence.library import Library
from fxsite.markdown import PageRenderer, check_page, render_page
from fxsite.pages.content_icons import content_icons, icon_findings, published_icons
from fxsite.pages.locate import SourceLocator
from fxsite.pages.page import process_page
from fxsite.pages.page_title import SiteReaders
from fxsite.verify.visible import text_blocks

PATH = "docs/p.md"


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


@pytest.fixture(scope="module")
def material() -> PageRenderer:
    """Pages rendered with Material's icons, as SVG."""
    from material.extensions.emoji import to_svg, twemoji

    config = {"pymdownx.emoji": {"emoji_index": twemoji, "emoji_generator": to_svg}}
    return PageRenderer([*FIXTURE_EXTENSIONS, "pymdownx.emoji"], config)


def _errors(page: str, lib: Library, renderer: PageRenderer) -> list[tuple[str, int, int]]:
    _, findings = check_page(page, PATH, lib, href_for, renderer)
    return sorted((f.code, f.line, f.col) for f in findings if f.severity == "error")


# -- an X after a number ------------------------------------------------------------------------

# (name, line 3 of a page, the column of each bare figure on it)
X_ICONS = [
    ("material alpha-x", "Saves were 2 :material-alpha-x: faster on NFS.", [12]),
    ("material alpha-x, a decimal", "Saves were 2.7 :material-alpha-x: faster.", [12]),
    ("material alpha-x, glued", "Saves were 2.7:material-alpha-x: faster.", [12]),
    ("material alpha-x after bold", "Saves were **2** :material-alpha-x: faster.", [14]),
    ("after a thin space", "Saves were 2&#8201;:material-alpha-x: faster.", [12]),
    ("after a no-break space", "Saves were 2\u00a0:material-alpha-x: faster.", [12]),
    ("roman ten after a number", "Saves were 2 :material-roman-numeral-10: faster.", [12]),
    ("the X logo", "Saves were 2.3 :simple-x: faster on NFS.", [12]),
    ("octicons circled x", "Saves were 2.6 :octicons-x-circle-fill-24: faster.", [12]),
    ("octicons circled x outline", "Saves were 2.6 :octicons-x-circle-16: faster.", [12]),
    # the Roman ten before a unit, as either name, placed at its shortcode
    ("alpha-x as a Roman ten", "Each save took :material-alpha-x: s on NFS.", [16]),
    ("roman ten", "Each save took :material-roman-numeral-10: s on NFS.", [16]),
    # near misses: no number before the X, or an X of another thing
    ("the X logo alone", ":simple-x: Follow us on X, 2 posts a day.", []),
    ("alpha-x as a list mark", ":material-alpha-x: marks a failed run.", []),
    ("roman ten as a part", "Part :material-roman-numeral-10: of the run.", []),
    ("a number then words", "It ran 2 times, :material-alpha-x: marks it.", []),
    ("alpha-o after a digit is a zero", "Each save took 9:material-alpha-o: s.", [16]),
]


@pytest.mark.parametrize(("line", "cols"), [r[1:] for r in X_ICONS], ids=[r[0] for r in X_ICONS])
def test_an_x_icon_after_a_number_is_a_multiplier(
    lib: Library, material: PageRenderer, line: str, cols: list[int]
) -> None:
    assert _errors(f"# T\n\n{line}\n", lib, material) == [("FX501", 3, c) for c in cols]


# -- the footer's icons beside a page's title ------------------------------------------------------

FOOTER = ["navigation.footer"]
PREVIOUS_9 = {"previous": "material/numeric-9"}
NEXT_PERCENT = {"next": "material/percent"}


def _footer_page(
    source: str, icons: dict[str, Any], lib: Library, features: list[str] = FOOTER
) -> list[tuple[str, int, int]]:
    """What check and build find in page ``p.md`` (titled by itself) under Material with
    ``theme.icon: icons`` and ``theme.features: features``."""
    drawn = content_icons("material", icons, features)
    readers = SiteReaders("material", get_heading_text, None, drawn)
    result = process_page(source, PAGE_PATH, lib, href_for)
    judged = render_page(
        result, source, lib, href_for, fixture_renderer(), src="p.md", readers=readers
    )[1].findings
    return sorted((f.code, f.line, f.col) for f in [*result.findings, *judged])


TITLED = "---\ntitle: s per save on NFS\n---\n# Notes\n\nNothing here.\n"

# (name, theme.icon, features, page, [(line, col)] of FX501)
FOOTER_ICONS = [
    ("previous icon before a front-matter title", PREVIOUS_9, FOOTER, TITLED, [(2, 8)]),
    (
        "previous icon before a heading title",
        PREVIOUS_9,
        FOOTER,
        "# s per save on NFS\n\nNothing here.\n",
        [(1, 3)],
    ),
    (
        "next icon after a heading title",
        NEXT_PERCENT,
        FOOTER,
        "# Loads cut by 94\n\nNothing here.\n",
        [(1, 3)],
    ),
    ("near miss: no footer", PREVIOUS_9, [], TITLED, []),
    (
        "near miss: an icon drawing no digit",
        {"previous": "material/arrow-left-bold"},
        FOOTER,
        TITLED,
        [],
    ),
    (
        "near miss: the next icon after the title",
        {"next": "material/numeric-9"},
        FOOTER,
        TITLED,
        [],
    ),
    (
        "near miss: a title without a unit",
        PREVIOUS_9,
        FOOTER,
        "---\ntitle: Notes on NFS\n---\n# Notes\n\nB.\n",
        [],
    ),
]


@pytest.mark.parametrize(
    ("icons", "features", "page", "expected"),
    [r[1:] for r in FOOTER_ICONS],
    ids=[r[0] for r in FOOTER_ICONS],
)
def test_a_footer_icon_is_read_with_the_title_beside_it(
    icons: dict[str, Any],
    features: list[str],
    page: str,
    expected: list[tuple[int, int]],
    lib: Library,
) -> None:
    assert _footer_page(page, icons, lib, features) == [("FX501", *at) for at in expected]


def _published_footer(icon: str, title: str) -> str:
    """A published page's footer as Material writes it: ``icon`` (a file of Material's
    icons) on the link to the previous page, titled ``title``."""
    import material  # type: ignore[import-untyped]

    svg = (Path(material.__file__).parent / "templates" / ".icons" / f"{icon}.svg").read_text()
    return (
        '<footer class="md-footer"><nav class="md-footer__inner md-grid">'
        '<a href="p2/" class="md-footer__link md-footer__link--prev">'
        f'<div class="md-footer__button md-icon">{svg}</div>'
        '<div class="md-footer__title"><span class="md-footer__direction">Previous</span>'
        f'<div class="md-ellipsis">{title}</div></div></a></nav></footer>'
    )


@pytest.mark.parametrize(
    ("icon", "title", "found"),
    [
        ("material/numeric-9", "s per save on NFS", ["9 s"]),
        ("material/arrow-left", "s per save on NFS", []),
        ("material/numeric-9", "Notes on NFS", []),
    ],
)
def test_a_published_footer_icon_is_read_with_its_title(
    icon: str, title: str, found: list[str], lib: Library
) -> None:
    """The gate and the audit read the footer's icon by its drawing, with the title."""
    html = _published_footer(icon, title)
    icons = published_icons(html)
    shown = icon_findings(html, icons, "index.html", lib, SourceLocator(html)) if icons else []
    assert [f.text for f in shown] == found


# -- a header's unit drawn by an icon ----------------------------------------------------------------

# (name, header, cell, the column of the refused cell on line 5, or None)
HEADER_ICONS = [
    ("a currency icon", "Cost :material-currency-usd:", "310", 9),
    ("a letter box", "Save time :material-alpha-s-box:", "95", 9),
    ("a percent icon", "Share :material-percent:", "96", 9),
    ("a letter in brackets", "Save time (:material-alpha-s:)", "98", 9),
    ("a Font Awesome sign", "Price :fontawesome-solid-euro-sign:", "97", 9),
    # near misses: an icon not at the end, a cross, a digit, a plain header
    # (not "Save time": a column naming a quantity without its unit holds figures, blind69)
    ("an icon before the words", ":material-alpha-s: Seats", "98", None),
    ("a cross marking failures", "Failed :material-close:", "3", None),
    ("a digit icon", "Rank :material-numeric-1-box:", "4", None),
    ("an icon of another thing", "Cost :material-currency-usd-off:", "310", None),
    ("no icon", "Cost", "310", None),
]


@pytest.mark.parametrize(
    ("header", "cell", "col"), [r[1:] for r in HEADER_ICONS], ids=[r[0] for r in HEADER_ICONS]
)
def test_an_icon_ending_a_header_states_its_unit(
    lib: Library, material: PageRenderer, header: str, cell: str, col: int | None
) -> None:
    page = f"# T\n\n| System | {header} |\n|---|---|\n| NFS | {cell} |\n"
    assert _errors(page, lib, material) == ([("FX501", 5, col)] if col else [])


# -- an FAQ question stating its answer's unit -------------------------------------------------------

# (name, question, answer, (line, col) of FX501 or None)
FAQ_UNITS = [
    ("a unit after a comma", "Save time, seconds?", "96", (4, 9)),
    ("a unit in brackets", "Save time (s)?", "95", (4, 9)),
    ("a unit after a final in", "What is the price in USD?", "310", (4, 9)),
    # near misses: no unit stated last, an answer of words, a unit of its own
    ("a unit word not last", "How many seconds did a save take?", "96", None),
    ("a question stating no unit", "Which release?", "96", None),
    ("an answer of words", "Save time, seconds?", "Fewer than before.", None),
    ("a year", "Which release year?", "2024", None),
    ("a count", "Number of runs?", "12", None),
]


@pytest.mark.parametrize(
    ("question", "answer", "at"), [r[1:] for r in FAQ_UNITS], ids=[r[0] for r in FAQ_UNITS]
)
def test_an_faq_question_states_its_answers_unit(
    lib: Library, question: str, answer: str, at: tuple[int, int] | None
) -> None:
    page = f'---\nfaq:\n  - q: "{question}"\n    a: "{answer}"\n---\n# T\n\nB.\n'
    found = [f for f in page_findings(page, lib) if f[0].startswith("FX5")]
    assert found == ([("FX501", *at)] if at else [])


# -- one whole site ---------------------------------------------------------------------------------

EMOJI = (
    "  - pymdownx.emoji:\n"
    "      emoji_index: !!python/name:material.extensions.emoji.twemoji\n"
    "      emoji_generator: !!python/name:material.extensions.emoji.to_svg\n"
)
FOOTER_CONFIG = (
    "  features:\n    - navigation.footer\n"
    "  icon:\n    previous: material/numeric-9\n    next: material/percent\n"
)
#: Each family's near miss, on one page.
PASSED = (
    "---\nfaq:\n  - q: How many seconds did a save take?\n    a: '96'\n---\n# Notes\n\n"
    ":material-alpha-x: marks a failed run.\n\n"
    "| System | Failed :material-close: |\n|---|---|\n| NFS | 3 |\n"
)
#: Each family's refused row, on one page (lines 8 and 12, and the answer's line 4).
REFUSED = (
    "---\nfaq:\n  - q: Save time, seconds?\n    a: '96'\n---\n# Notes\n\n"
    "Saves were 2 :material-alpha-x: faster.\n\n"
    "| System | Cost :material-currency-usd: |\n|---|---|\n| NFS | 310 |\n"
)


def test_check_and_build_agree_on_one_site_of_every_row(tmp_path: Path) -> None:
    """A site of near misses publishes; one with every refused row (a footer icon beside
    a front-matter title, a nav title and a heading; an X, a header's icon, an FAQ
    question's unit) is refused by both, at the same source lines."""
    site = rows_site(tmp_path / "site")
    config = site / "mkdocs.yml"
    base = config.read_text("utf-8")
    assert "  font: false\n" in base and "  - pymdownx.superfences\n" in base
    text = base.replace("  font: false\n", "  font: false\n" + FOOTER_CONFIG)
    text = text.replace("  - pymdownx.superfences\n", "  - pymdownx.superfences\n" + EMOJI)
    nav = "nav:\n  - index.md\n  - p.md\n  - q.md\n  - {}: r.md\n"
    config.write_text(text + nav.format("Results on SMB"), "utf-8")
    (site / "docs" / "p.md").write_text("---\ntitle: Notes on NFS\n---\n# Notes\n\nB.\n")
    (site / "docs" / "q.md").write_text(PASSED)
    (site / "docs" / "r.md").write_text("# Loads cut\n\nB.\n")
    checked, built = check_and_build(site)
    assert (checked.returncode, built.returncode) == (0, 0), checked.stdout + built.stdout
    config.write_text(text + nav.format("s per save on SMB"), "utf-8")
    (site / "docs" / "p.md").write_text("---\ntitle: s per save on NFS\n---\n# Notes\n\nB.\n")
    (site / "docs" / "q.md").write_text(REFUSED)
    (site / "docs" / "index.md").write_text("# Loads cut by 94\n\nIt ran.\n")
    checked, built = check_and_build(site)
    assert (checked.returncode, built.returncode) == (1, 1)
    found = [
        [ln.split(" bare figure")[0] for ln in finding_lines(out.stdout, warnings=False)]
        for out in (checked, built)
    ]
    assert found[0] == found[1], checked.stdout + built.stdout
    assert found[0] == [
        "docs/index.md:1:3: FX501",
        "docs/p.md:2:8: FX501",
        "docs/q.md:12:9: FX501",
        "docs/q.md:4:9: FX501",
        "docs/q.md:8:12: FX501",
        f"mkdocs.yml:{len(text.splitlines()) + 5}:5: FX501",
    ]


def _json_ld(question: str, answer: str) -> str:
    """A published page whose FAQPage JSON-LD holds one question and its answer."""
    data = {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        "mainEntity": [
            {
                "@type": "Question",
                "name": question,
                "acceptedAnswer": {"@type": "Answer", "text": answer},
            }
        ],
    }
    script = f'<script type="application/ld+json">{json.dumps(data)}</script>'
    return f"<html><head>{script}</head><body><p>B.</p></body></html>"


@pytest.mark.parametrize(
    ("question", "answer", "unit"),
    [
        ("Save time, seconds?", "96", "seconds"),
        ("Save time (s)?", "95", "s"),
        ("How many seconds did a save take?", "96", ""),
        ("Which release?", "96", ""),
    ],
)
def test_a_published_faq_answer_is_read_in_its_questions_unit(
    question: str, answer: str, unit: str
) -> None:
    """The gate and the audit read the FAQPage JSON-LD's answer under its question."""
    blocks = [b for b in text_blocks(_json_ld(question, answer)) if b.text == answer]
    assert [(b.channel, b.unit) for b in blocks] == [("json-ld", unit)]
