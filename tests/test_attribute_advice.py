"""An attribute repeating a figure the page cites is told to repeat it as the claim shows it
(blind80 W1).

A claim written in words shows its figure as the record renders it (``[1.9 times](…)``
shows "1.9×"); an attribute may repeat what a claim shows, not what its link writes. An
image title "1.9 times faster" beside that claim was told to cite the figure in the
page's text, which the page did already. Rows are pages with the words the finding's
message must hold; the near misses pass.
"""

from __future__ import annotations

import pytest
from sitekit import PAGE_PATH, fixture_renderer, href_for, library

from fxsite.markdown import check_page

SPEEDUP = "It saves [1.9 times](evidence:R1#save_speedup) faster."

REFUSED = [
    (
        "a claim in words, its title in words",
        f'{SPEEDUP} ![FX](a.png "1.9 times faster")',
        "the page cites R1#save_speedup, which states this value and shows '1.9×': write '1.9×'",
    ),
    (
        "a link's title",
        f'{SPEEDUP} See [the chart](c.md "1.9 times faster").',
        "write '1.9×' here, as the page shows it",
    ),
    (
        "no claim of the figure on the page",
        'It saves a lot. ![FX](a.png "1.9 times faster")',
        "(the attribute may then repeat it as the claim shows it)",
    ),
]

PASSED = [
    ("the title as the claim shows it", f'{SPEEDUP} ![FX](a.png "1.9× faster")'),
    (
        "the claim as a sign, its title too",
        'It saves [1.9×](evidence:R1#save_speedup). ![F](a.png "1.9×")',
    ),
]


def _errors(text: str) -> list[str]:
    _, found = check_page(f"# T\n\n{text}\n", PAGE_PATH, library(), href_for, fixture_renderer())
    return [f.message for f in found if f.severity == "error"]


@pytest.mark.parametrize(("page", "said"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED])
def test_an_attribute_is_told_to_repeat_what_the_claim_shows(page: str, said: str) -> None:
    errors = _errors(page)
    assert len(errors) == 1 and said in errors[0], errors


@pytest.mark.parametrize("page", [r[1] for r in PASSED], ids=[r[0] for r in PASSED])
def test_an_attribute_repeating_what_a_claim_shows_passes(page: str) -> None:
    assert _errors(page) == []
