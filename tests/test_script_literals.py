"""A script's literals are text it may show, read as the page's; a style property's value is
not (blind66: ``el.style.width = "100%"`` in a published script was a bare figure).

Only a CSS number set as the value of one property that draws no text is left unread;
the script is still a writer (FX506: it restyles what is drawn). A custom property
(``--label``, which a rule's ``content: var(--label)`` may draw), a property that draws
text (``content``, ``list-style-type``), a value that is not a lone number, and a data
attribute (which ``content: attr(data-x)`` may draw) are read.
"""

from __future__ import annotations

import pytest
from sitekit import library, page_findings

from fxsite.verify.script_code import script_strings

# (row, code, its literal read as text that may show)
READ = [
    ("a constant", 'const w = "100%";', "100%"),
    ("a data attribute", 'el.dataset.size = "100%";', "100%"),
    ("a custom property", "el.style.setProperty('--label', '20%');", "20%"),
    ("a custom property in brackets", "el.style['--n'] = '37';", "37"),
    ("content", "el.style.content = '3x';", "3x"),
    ("a list marker's type", "el.style.listStyleType = '7';", "7"),
    ("words in a style value", 'el.style.width = "3x faster";', "3x faster"),
    ("a number inside calc()", "el.style.width = 'calc(100% - 2px)';", "calc(100% - 2px)"),
    ("a comment between", 'el.style.width = /* w */ "100%";', "100%"),
    ("the text of an element", 'el.textContent = "100%";', "100%"),
    ("a style's text", "el.style.cssText = 'width: 100%';", "width: 100%"),
]  # fmt: skip

# (row, code whose literal is a style value, not read)
STYLE_VALUES = [
    ("a width", 'document.querySelector(".bar").style.width = "100%";'),
    ("a property in brackets", "el.style['max-width'] = '40%';"),
    ("setProperty", "el.style.setProperty('width', '30%');"),
    ("a font size", 'el.style.fontSize = "12px";'),
    ("a duration", "el.style.transitionDuration = '0.3s';"),
    ("optional chaining", 'el?.style.height = "50vh";'),
]  # fmt: skip


@pytest.mark.parametrize(("code", "literal"), [r[1:] for r in READ], ids=[r[0] for r in READ])
def test_a_literal_that_may_show_is_read(code: str, literal: str) -> None:
    assert literal in script_strings(code)


@pytest.mark.parametrize("code", [r[1] for r in STYLE_VALUES], ids=[r[0] for r in STYLE_VALUES])
def test_a_style_value_is_not_read_as_text(code: str) -> None:
    strings = script_strings(code)
    assert not any(any(c.isdigit() for c in s) for s in strings), strings


@pytest.mark.parametrize(
    ("script", "bare"),
    [('el.style.width = "100%";', False), ('el.title = "100%";', True)],
    ids=["a style value", "a title"],
)
def test_a_pages_script_setting_a_style_is_a_writer_with_no_bare_figure(
    script: str, bare: bool
) -> None:
    codes = [code for code, _, _ in page_findings(f"# T\n\n<script>{script}</script>\n", library())]
    assert "FX506" in codes
    assert ("FX501" in codes) == bare, codes
