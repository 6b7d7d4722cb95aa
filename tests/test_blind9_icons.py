"""Icons and theme words the build published (issue 20, blind9).

* An icon drawn as a multiplication sign after a number is one: the X logo
  (``:simple-x:``, drawn 𝕏) and Octicons' circled x (``:octicons-x-circle-fill-24:``) draw
  "×"; Material's ``alpha-x``, whose drawing is its ``roman-numeral-10``, is the x of
  "2 x faster" right after a number and the Roman ten elsewhere (":material-alpha-x: s"
  draws "X s": 10 s), in the page reader and the locator alike.

In-process rows: a page in, ``(code, line, col)`` out (the one reader, as check and
build run it).
"""

from __future__ import annotations

import pytest
from sitekit import FIXTURE_EXTENSIONS, href_for, library

from fxsite.evidence.library import Library
from fxsite.markdown import PageRenderer, check_page

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
