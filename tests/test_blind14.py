"""Forms a fourteenth blind tester (no source in view) published or refused wrongly.

Claims beside what changes them are judged by the one page reader
(:func:`fxsite.markdown.check_page`, the build's and ``check``'s; the gate reads the
published page with the same rules), sentences by the one detector
(:func:`fxsite.verify.reading.detect`). Each refused row must give its finding, each near
miss none. The held-out cases are kept outside the repository.
"""

from __future__ import annotations

import pytest
from sitekit import PAGE_PATH, fixture_renderer, href_for, library

from fxsite.evidence.library import Library
from fxsite.markdown import check_page
from fxsite.verify.reading import detect
from fxsite.verify.scan import scan_content

SAVE = "[94 s](evidence:R1#save_time_fx100)"
UNITLESS = "[94](evidence:R1#save_time_fx100)"


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


# (name, paragraph, the FX503 message's start): what is beside the claim changes it. ("Median
# save is 1" would also be a bare figure: a named quantity's value, blind80.)
GLUED = [
    ("a Swiss thousands separator", f"It is now 1'{SAVE}.", "''' glued to the claim"),
    ("a typographic apostrophe", f"It is now 1\u2019{SAVE}.", "'\u2019' glued to the claim"),
    ("an underscore, as code groups", f"It is now 1_{SAVE}.", "'_' glued to the claim"),
    ("a separator after the claim", f"Median save is {UNITLESS}'500.", "''' glued to the claim"),
    (
        "a currency sign a space before",
        f"It costs € {UNITLESS} per seat.",
        "the claim '94' states no unit, and the words before it make it read '€ 94'",
    ),
    (
        "a dollar sign a space before",
        f"It costs $ {UNITLESS} per seat.",
        "the claim '94' states no unit, and the words before it make it read '$ 94'",
    ),
    ("a scale letter after", f"It costs {SAVE} K per seat.", "'K' glued to the claim"),
    ("a plural scale word", f"It took {SAVE} thousands.", "'thousands' glued to the claim"),
    ("an Indian scale word", f"It took {SAVE} crore.", "'crore' glued to the claim"),
    ("a German scale word", f"It took {SAVE} Mrd. Euro.", "'Mrd.' glued to the claim"),
    ("a financial scale", f"It took {SAVE} bn.", "'bn' glued to the claim"),
    ("dozen", f"It took {SAVE} dozen.", "'dozen' glued to the claim"),
    ("per second: a rate", f"It handled {SAVE} per second.", "'per second' glued to the claim"),
    ("per minute, any case", f"It handled {SAVE} per Minute.", "'per Minute' glued to the claim"),
]


@pytest.mark.parametrize(("page", "message"), [r[1:] for r in GLUED], ids=[r[0] for r in GLUED])
def test_what_is_beside_a_claim_and_changes_it_is_refused(
    lib: Library, page: str, message: str
) -> None:
    html, found = check_page(f"# T\n\n{page}\n", PAGE_PATH, lib, href_for, fixture_renderer())
    assert [f.code for f in found] == ["FX503"], found
    assert found[0].message.startswith(message), found[0].message
    assert "FX503" in {local.code for local in scan_content(html).local}


# Near misses: each must pass.
NEAR = [
    ("a quoted word before", f"The 'fast' path took {SAVE}."),
    ("a range and a quote", f"Runs 1–3' took {SAVE}."),
    ("a currency sign and punctuation", f"It costs €, or rather it took {SAVE}."),
    ("a word between the sign and the claim", f"In € terms it took {SAVE}."),
    ("a name after the claim", f"It took {SAVE}. Kafka took longer."),
    ("a letter that names a mode", f"It took {SAVE} in M mode."),
    ("a word starting like a scale", f"It took {SAVE} thousandths of the time Kafka took."),
    ("per a thing, not a time", f"It took {SAVE} per checkpoint."),
    ("how often, not a rate", f"It took {SAVE} every day."),
    ("per a word starting like a unit", f"It took {SAVE} per secondary node."),
]


@pytest.mark.parametrize("page", [r[1] for r in NEAR], ids=[r[0] for r in NEAR])
def test_near_misses_pass(lib: Library, page: str) -> None:
    html, found = check_page(f"# T\n\n{page}\n", PAGE_PATH, lib, href_for, fixture_renderer())
    assert found == []
    assert not scan_content(html).local


# (name, sentence, figures as written): a duration before "ago" is a date; a count per a
# unit of time is a rate, with no noun counted too.
SENTENCES = [
    ("days ago", "Last updated 3 days ago.", []),
    ("years ago", "It was founded 20 years ago.", []),
    ("a figure after a date", "Released 3 weeks ago, it saves 94 s.", ["94 s"]),
    ("a duration, then a date", "It took 3 days, a week ago.", ["3 days"]),
    ("a rate with no noun", "It does 94 per second.", ["94 per second"]),
    ("a rate with a slash", "It does 94/s.", ["94/s"]),
    ("per minute", "It does 94 per Minute.", ["94 per Minute"]),
    ("slash minutes", "It peaks at 94/min.", ["94/min"]),
    ("always", "We offer 24/7 support.", []),
    ("per a thing", "Two per user are allowed.", []),
    ("per day, a dose", "Take 3 per day.", []),
    ("a percent sign first, as Turkish writes it", "Bu %8 daha hızlı.", ["%8"]),
    ("with a decimal comma", "%94,5 oranında arttı.", ["%94,5"]),
    ("an escape in a word", "Write a%20b there.", []),
    ("a section of a document, not of land", "RFC 9110 section 15.5 defines it.", []),
    ("seconds, abbreviated", "It took 9110 sec.", ["9110 sec"]),
]


@pytest.mark.parametrize(
    ("text", "figures"), [r[1:] for r in SENTENCES], ids=[r[0] for r in SENTENCES]
)
def test_dates_and_rates(text: str, figures: list[str]) -> None:
    assert [span.text for span in detect(text)] == figures
