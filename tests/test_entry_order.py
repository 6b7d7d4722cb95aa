"""A search entry's figures in the order the page cites them (blind61: a copy could swap
two cited figures, "from 94 s to 178 s" over the page's "from 178 s to 94 s"). In-process:
an entry's figures and the page's claims in, findings out."""

from __future__ import annotations

import pytest

from fxsite.verify.boxes import Boxes
from fxsite.verify.entry_order import out_of_order, swapped
from fxsite.verify.scan import scan_search_entry

PAGE = ["1.9×", "178 s", "94 s", "3.26 GB/s", "6.40 GB/s", "9.9%"]

#: (row, the entry's text, refused)
ROWS = [
    ("two figures swapped", "Saves fell from 94 s to 178 s.", True),
    ("another claim put in", "Saves fell from 178 s to 9.9%.", True),
    ("a run broken", "1.9×: from 178 s to 3.26 GB/s.", True),
    ("near miss: the page's order", "Saves fell from 178 s to 94 s.", False),
    ("near miss: a loose word", "Saves fell from about 178 s to 94 s.", False),
    ("near miss: a run further on", "Bandwidth 3.26 GB/s to 6.40 GB/s.", False),
    ("near miss: one figure", "It saves in 94 s.", False),
]


@pytest.mark.parametrize(("text", "refused"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_an_entrys_figures_are_a_run_of_the_pages_claims(text: str, refused: bool) -> None:
    scan = scan_search_entry("", text)
    found = out_of_order(scan.candidates, PAGE)
    assert bool(found) is refused, found
    if refused:
        assert "not in the order the page cites them" in found[0][0]


#: The page's boxes: its sentences as it shows them.
BOXES = ["Saves took 94 s.", "It fell from 178 s to 94 s, 1.9× faster."]

#: (row, the entry's text, refused): one figure put where the page has another claim.
SWAPS = [
    ("one figure swapped", "Saves took 178 s.", True),
    ("one of three swapped", "It fell from 178 s to 94 s, 9.9% faster.", True),
    ("a figure of another claim, same unit", "It fell from 94 s to 94 s, 1.9× faster.", True),
    ("near miss: the page's sentence", "Saves took 94 s.", False),
    ("near miss: other words", "Restores took 178 s.", False),
    ("near miss: a figure no claim of the page", "Saves took 95 s.", False),
]


@pytest.mark.parametrize(("text", "refused"), [r[1:] for r in SWAPS], ids=[r[0] for r in SWAPS])
def test_no_figure_of_an_entry_stands_where_the_page_has_another(text: str, refused: bool) -> None:
    shown = Boxes([(hash(b), len(b)) for b in BOXES])
    found = swapped(scan_search_entry("", text).candidates, PAGE, shown)
    assert bool(found) is refused, found
    if refused:
        assert "where the page says" in found[0][0]
