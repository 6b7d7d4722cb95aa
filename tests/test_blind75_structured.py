"""Published text the page reader did not read (blind75, findings 5, 10, 11 and 12).

The ARIA attributes a braille display shows or a screen reader speaks
(``aria-braillelabel``, ``aria-brailleroledescription``, ``aria-placeholder``:
:data:`fxsite.verify.shown.VISIBLE_ATTRIBUTES`).
"""

from __future__ import annotations

import pytest

from fxsite.verify.scan import scan_content


def _bare(html: str) -> list[str]:
    return [c.shown for c in scan_content(html).candidates]


# (markup, the bare figures read in it)
REFUSED = [
    # finding 12: what a braille display shows, what a screen reader speaks
    ('<p><span aria-braillelabel="FX100 saves in 14 s">x</span></p>', ["14 s"]),
    ('<p><span aria-brailleroledescription="5x faster">x</span></p>', ["5x"]),
    ('<p><span role="textbox" aria-placeholder="FX100 saves in 15 s"></span></p>', ["15 s"]),
]

# near misses: read, and nothing in them is a figure; or not text at all
NEAR = [
    '<p><span aria-braillelabel="FX100 saves">x</span></p>',
]


@pytest.mark.parametrize(("html", "figures"), REFUSED)
def test_structured_and_braille_text_is_read(html: str, figures: list[str]) -> None:
    assert _bare(html) == figures


@pytest.mark.parametrize("html", NEAR)
def test_near_misses_pass(html: str) -> None:
    assert _bare(html) == []
