"""A claim's link title is not published (its title is its evidence card): the writer
is told, where the title is written (a reference's at its definition: blind83), as a
warning; a claim without one is told nothing (blind60: the title was dropped silently)."""

from __future__ import annotations

import pytest
from sitekit import PAGE_PATH, fixture_renderer, href_for, library

from fxsite.markdown import check_page

ROWS = [
    ("inline", '# T\n\nSaves in [94 s](evidence:R1#save_time_fx100 "our best run").\n', [(3, 10)]),
    # blind83: a reference's title at its definition, where it is written
    (
        "a reference",
        '# T\n\nSaves in [94 s][fx].\n\n[fx]: evidence:R1#save_time_fx100 "our best run"\n',
        [(5, 1)],
    ),
    (
        "a reference by its text",
        '# T\n\nSaves in [94 s][].\n\n  [94 S]: evidence:R1#save_time_fx100 "our best run"\n',
        [(5, 3)],
    ),
    (
        "the last of two definitions",
        "# T\n\nSaves in [94 s][fx].\n\n[fx]: evidence:R1#save_time_baseline\n"
        '[fx]: evidence:R1#save_time_fx100 "our best run"\n',
        [(6, 1)],
    ),
    (
        "the second of two",
        "# T\n\nFrom [178 s](evidence:R1#save_time_baseline)\n"
        'to [94 s](evidence:R1#save_time_fx100 "best").\n',
        [(4, 4)],
    ),
    ("near miss: no title", "# T\n\nSaves in [94 s](evidence:R1#save_time_fx100).\n", []),
    ("near miss: an empty title", '# T\n\nSaves in [94 s](evidence:R1#save_time_fx100 "").\n', []),
]


@pytest.mark.parametrize(("page", "places"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_a_claims_link_title_is_a_warning_at_the_claim(
    page: str, places: list[tuple[int, int]]
) -> None:
    _, findings = check_page(page, PAGE_PATH, library(), href_for, fixture_renderer())
    told = [f for f in findings if f.code == "FX408"]
    assert all(f.severity == "warning" and "link title" in f.message for f in told)
    assert [(f.line, f.col) for f in told] == places
    assert [f for f in findings if f.severity == "error"] == []


CLAIM = '[94 s](evidence:R1#save_time_fx100 "Save time")'
#: (row, page, the bare figures' places): a claim warned of tells no bare figure of its
#: text (blind79: each titled claim hid one bare "94 s" of the page, from check, build
#: and the gate; the audit refused the site the build published).
BESIDE = [
    (
        "a bare copy before",
        f"# T\n\nThe old one took 94 s here.\n\nThe new one: {CLAIM}.\n",
        [(3, 18)],
    ),
    (
        "a bare copy after",
        f"# T\n\nThe new one: {CLAIM}.\n\nThe old one took 94 s here.\n",
        [(5, 18)],
    ),
    (
        "an attribute title",
        '# T\n\nOld: 94 s.\n\nNew: [94 s](evidence:R1#save_time_fx100){title="x"}.\n',
        [(3, 6)],
    ),
    (
        "a reference's title",
        '# T\n\nOld: 94 s.\n\nNew: [94 s][fx].\n\n[fx]: evidence:R1#save_time_fx100 "x"\n',
        [(3, 6)],
    ),
    ("near miss: the titled claim alone", f"# T\n\nThe new one: {CLAIM}.\n", []),
]


@pytest.mark.parametrize(("page", "bare"), [r[1:] for r in BESIDE], ids=[r[0] for r in BESIDE])
def test_a_titled_claim_tells_no_bare_figure_of_its_text(
    page: str, bare: list[tuple[int, int]]
) -> None:
    _, findings = check_page(page, PAGE_PATH, library(), href_for, fixture_renderer())
    errors = [(f.code, f.line, f.col) for f in findings if f.severity == "error"]
    assert errors == [("FX501", line, col) for line, col in bare]


def test_each_titled_claim_is_told_at_its_own_link() -> None:
    """blind79: a titled claim's link was passed twice, so the next titled claim's warning
    stood at the claim after it (5:3 told at 7:3)."""
    page = (
        '# T\n\nG [94 s](evidence:R1#save_time_fx100 "Saves 3x faster") save.\n\n'
        'N [94 s](evidence:R1#save_time_fx100){title="3x faster"} save.\n\n'
        "V [94 s](evidence:R1#%73ave_time_fx100) save.\n"
    )
    _, findings = check_page(page, PAGE_PATH, library(), href_for, fixture_renderer())
    assert [(f.code, f.line, f.col) for f in findings] == [
        ("FX408", 3, 3),
        ("FX408", 5, 3),
        ("FX402", 7, 3),
    ]
