"""Digits grouped by a space: one number, as SI style (and French) writes thousands.

"1 200 €", "1 200 €" (narrow no-break space) and "1 200 €" are one figure, 1200 €,
and a bare one is quoted whole; and digits a space apart from a claim read with it as
one number ("It took 1 [178 s](…)" shows "1 178 s" for a figure of 178 s), so the
claim is refused (FX503) by the one page reader, which ``check``, the build and the
gate's reading of the published page share (:func:`fxsite.verify.reading.glued`).
"""

from __future__ import annotations

import pytest
from sitekit import PAGE_PATH, fixture_renderer, href_for, library

from fxsite.evidence.library import Library
from fxsite.markdown import check_page
from fxsite.verify.reading import detect
from fxsite.verify.scan import scan_content

BASE = "[178 s](evidence:R1#save_time_baseline)"
UNITLESS = "[178](evidence:R1#save_time_baseline)"
SHORT = "[94 s](evidence:R1#save_time_fx100)"


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


# (name, text, the bare figures the detector reads in it)
DETECTED = [
    ("plain space", "Le prix est 1 200 € par an.", ["1 200 €"]),
    ("narrow no-break space", "Il coûte 1\u202f200\u202f€.", ["1 200 €"]),
    ("no-break space", "Took 1\u00a0200 s.", ["1 200 s"]),
    ("thin space", "Took 1\u2009200 s.", ["1 200 s"]),
    ("three groups", "Took 12 200 000 s.", ["12 200 000 s"]),
    ("German storage", "Wir haben 3 200 TB.", ["3 200 TB"]),
    # near misses: no group of three, or a number of four digits before it
    ("comma grouping, as before", "It costs 1,200 €.", ["1,200 €"]),
    ("two-digit group is no group", "Took 1 20 s.", ["20 s"]),
    ("four digits are no group", "In 2024 200 s were saved.", ["200 s"]),
    ("a group of four is no group", "Took 1 2000 s.", ["2000 s"]),
]


@pytest.mark.parametrize(("text", "found"), [r[1:] for r in DETECTED], ids=[r[0] for r in DETECTED])
def test_space_grouped_digits_are_one_figure(text: str, found: list[str]) -> None:
    assert [span.text for span in detect(text)] == found


# (name, paragraph, (code, line, col) found): digits a space apart from a claim.
REFUSED = [
    ("digit, space, claim", f"It took 1 {BASE} now.", [("FX503", 3, 12)]),
    ("narrow no-break space", f"It took 1\u202f{BASE} now.", [("FX503", 3, 12)]),
    ("&nbsp; entity", f"It took 1&nbsp;{BASE} now.", [("FX503", 3, 17)]),
    ("&thinsp; entity", f"It took 1&thinsp;{BASE} now.", [("FX503", 3, 19)]),
    ("line wrap", f"It took 12\n{BASE} now.", [("FX503", 4, 2)]),
    ("three digits before", f"It took 120 {BASE} now.", [("FX503", 3, 14)]),
    ("a group after a unitless claim", f"It took {UNITLESS} 000.", [("FX503", 3, 10)]),
    (
        "two claims a space apart",
        f"[94](evidence:R1#save_time_fx100) {BASE}.",
        [("FX503", 3, 2), ("FX503", 3, 36)],
    ),
]

# Near misses: each must pass.
PASSED = [
    ("a colon between", f"Step 1: {BASE}."),
    ("a word between", f"Runs 1 to 3 took {BASE}."),
    ("a year is four digits", f"In 2024 {BASE} was the time."),
    ("a name ending in a digit", f"R1 {BASE}."),
    ("a version number", f"Version 2.1 {BASE}."),
    ("a claim of two digits", f"It took 1 {SHORT} now."),
    ("a claim ending in its unit", f"It took {BASE} 100 and so on."),
    ("no space", f"Took {BASE}, 100 runs later."),
]


@pytest.mark.parametrize(("page", "codes"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED])
def test_digits_a_space_from_a_claim_are_refused_at_the_claim(
    lib: Library, page: str, codes: list[tuple[str, int, int]]
) -> None:
    html, found = check_page(f"# T\n\n{page}\n", PAGE_PATH, lib, href_for, fixture_renderer())
    assert [(f.code, f.line, f.col) for f in found] == codes, found
    assert "thousands separator" in found[0].message and "as one number" in found[0].message
    # The gate reads the published page with the same rule.
    assert "FX503" in {local.code for local in scan_content(html).local}


@pytest.mark.parametrize("page", [r[1] for r in PASSED], ids=[r[0] for r in PASSED])
def test_near_misses_pass(lib: Library, page: str) -> None:
    html, found = check_page(f"# T\n\n{page}\n", PAGE_PATH, lib, href_for, fixture_renderer())
    assert found == []
    assert not scan_content(html).local


def test_the_message_names_the_number_the_reader_reads(lib: Library) -> None:
    _, found = check_page(
        f"# T\n\nIt took 1 {BASE} now.\n", PAGE_PATH, lib, href_for, fixture_renderer()
    )
    assert found[0].message == (
        "'1 ' glued to the claim '178 s' changes what it says: the space reads as a "
        "thousands separator, '1 178 s' as one number; put a word or a sign between them"
    )


def test_a_multiplier_beside_a_claim_is_not_told_of_thousands(lib: Library) -> None:
    """The near miss of the message: "× 3" beside a claim is glued too, but no separator."""
    _, found = check_page(
        "# T\n\nIt was [94 s](evidence:R1#save_time_fx100) × 3.\n",
        PAGE_PATH,
        lib,
        href_for,
        fixture_renderer(),
    )
    assert [f.message for f in found] == ["'× 3' glued to the claim '94 s' changes what it says"]
