"""The theme's hiding classes are looked for only where a page's content carries them
(:func:`fxsite.verify.theme_hiding.theme_hidden` queries the classes its content's class
attributes hold): whatever the case a quirks-mode page writes a class in, whatever
whitespace separates it from its neighbours, on the content box itself or inside it, the
element is read as hidden, as with every class queried."""

from __future__ import annotations

import sys
from importlib.metadata import version
from pathlib import Path

import pytest
from selectolax.lexbor import LexborHTMLParser

from fxsite.verify import hiding_table, theme_hiding
from fxsite.verify.theme_hiding import hiding_classes, theme_hidden

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import hiding_table as tools_hiding_table

#: Before the content box: a page drawn in quirks mode (no doctype), and one in standards mode.
QUIRKS, STANDARDS = "<html><body>", "<!DOCTYPE html><html><body>"


def _hidden(html: str) -> list[str]:
    """The ids of the elements :func:`theme_hidden` reads as hidden in ``html``."""
    tree = LexborHTMLParser(html)
    assert tree.body is not None
    hidden = theme_hidden(tree.body, content=False)
    return sorted(n.attributes.get("id") or "" for n in tree.body.css("[id]") if n.mem_id in hidden)


def _everyone(html: str) -> list[str]:
    """What querying every hiding class at once reads as hidden (the reference)."""
    tree = LexborHTMLParser(html)
    assert tree.body is not None
    selector = ", ".join(f".{name}" for name in sorted(hiding_classes()))
    return sorted(
        n.attributes.get("id") or ""
        for box in tree.body.css(".md-content__inner")
        for n in box.css(selector)
    )


#: (row, page, the ids read as hidden): each row fails if the classes queried were chosen
#: case-sensitively, split otherwise than a browser splits them, or missed the box itself.
ROWS = [
    (
        "a class",
        f'{STANDARDS}<div class="md-content__inner"><span id="x" class="md-toggle">',
        ["x"],
    ),
    (
        "in upper case, quirks",
        f'{QUIRKS}<div class="md-content__inner"><span id="x" class="MD-TOGGLE">',
        ["x"],
    ),
    (
        "in upper case, standards: not",
        f'{STANDARDS}<div class="md-content__inner"><span id="x" class="MD-TOGGLE">',
        [],
    ),
    (
        "after a tab",
        f'{STANDARDS}<div class="md-content__inner"><span id="x" class="a\tmd-skip">',
        ["x"],
    ),
    (
        "after a form feed",
        f'{STANDARDS}<div class="md-content__inner"><span id="x" class="a\fmd-skip">',
        ["x"],
    ),
    (
        "on the box",
        f'{STANDARDS}<div id="x" class="md-content__inner md-dialog"><span id="y">',
        ["x"],
    ),
    (
        "a near miss: no hiding class",
        f'{STANDARDS}<div class="md-content__inner"><span id="x" class="md-toggles">',
        [],
    ),
    (
        "a near miss: outside the box",
        f'{STANDARDS}<span id="x" class="md-toggle"></span><div class="md-content__inner">',
        [],
    ),
    (
        "glued by a no-break space: not a class",
        f'{STANDARDS}<div class="md-content__inner"><span id="x" class="a\u00a0md-skip">',
        [],
    ),
]


@pytest.mark.parametrize(("row", "html", "ids"), ROWS, ids=[r[0] for r in ROWS])
def test_a_hiding_class_is_found_as_a_query_of_every_class_finds_it(
    row: str, html: str, ids: list[str]
) -> None:
    assert _hidden(html) == _everyone(html) == ids, row


# --- the table of hiding classes ------------------------------------------------------


def test_the_table_is_what_the_installed_stylesheets_give() -> None:
    """Read again from the installed stylesheets, the classes and their digest are the
    file shipped (a change to how a rule is judged fails this too: the digest does not
    see it). With another Material installed the table is not used: its classes are read."""
    texts = theme_hiding.theme_sheets()
    assert theme_hiding.hiding_classes() == theme_hiding.read_hiding_classes(texts)
    if version("mkdocs-material") != hiding_table.MATERIAL:
        pytest.skip(f"the table is mkdocs-material {hiding_table.MATERIAL}'s")
    assert theme_hiding.sheets_key(texts) == hiding_table.KEY
    assert theme_hiding.read_hiding_classes(texts) == hiding_table.CLASSES
    assert tools_hiding_table.main(["--check"]) == 0


@pytest.mark.parametrize("changed", [False, True], ids=["the table's stylesheets", "others"])
def test_other_stylesheets_are_read_not_looked_up(
    monkeypatch: pytest.MonkeyPatch, changed: bool
) -> None:
    """Stylesheets other than the table's (another Material, a changed asset) are read:
    their classes, not the table's; the table's are taken from it, not read."""
    texts = theme_hiding.theme_sheets() + ([".fx-new-hider { display: none }"] if changed else [])
    read: list[int] = []
    reader = theme_hiding.read_hiding_classes
    monkeypatch.setattr(theme_hiding, "theme_sheets", lambda: texts)
    monkeypatch.setattr(theme_hiding, "read_hiding_classes", lambda t: read.append(1) or reader(t))
    theme_hiding.hiding_classes.cache_clear()
    try:
        found = theme_hiding.hiding_classes()
    finally:
        theme_hiding.hiding_classes.cache_clear()
    assert ("fx-new-hider" in found) is changed
    assert found - {"fx-new-hider"} == hiding_table.CLASSES
    assert read == ([1] if changed else [])
