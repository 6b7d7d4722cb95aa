"""CSS as the gate reads it: declarations of a stylesheet or a ``style`` attribute.

Parsed by tinycss2 (:mod:`.css_parse`, whose names are this module's too). Two
questions are asked of each declaration:
does it change the order in which text is drawn (:func:`reorders`), and does it
draw text of its own (:func:`writes`); and in which case it draws its element's text
(:func:`text_case`, :func:`drawn_in_case`).
"""

from __future__ import annotations

import functools
import re

from tinycss2 import ast  # type: ignore[import-untyped]

from fxsite.verify.css_counters import COUNTER_PROPERTIES, sets_list_numbers
from fxsite.verify.css_parse import (
    COUNTER_STYLE,
    MAX_SERIALIZED,
    Declaration,
    Sheet,
    read_sheet,
    read_style,
    serialize,
)
from fxsite.verify.css_values import HIDING, hiding, moving
from fxsite.verify.reading import detect

__all__ = [
    "MAX_SERIALIZED",
    "TEXT_PROPERTIES",
    "Declaration",
    "Sheet",
    "completes_figure",
    "could_hold_figure",
    "drawn_in_case",
    "hides",
    "moves",
    "read_sheet",
    "read_style",
    "reorders",
    "rule_hides",
    "serialize",
    "text_case",
    "writes",
    "written",
]


def _idents(decl: Declaration) -> set[str]:
    return {t.lower_value for t in decl.value if isinstance(t, ast.IdentToken)}


#: Grid placement: an item drawn in another cell than its place in the text.
_GRID_PLACEMENT = frozenset(
    {
        "grid-area",
        "grid-row",
        "grid-row-start",
        "grid-row-end",
        "grid-column",
        "grid-column-start",
        "grid-column-end",
        "grid-template-areas",
    }
)


def reorders(decl: Declaration) -> str | None:
    """What the declaration reorders: "self" (its element's text), "siblings", or None."""
    words = _idents(decl)
    if decl.name == "unicode-bidi" and words & {"bidi-override", "isolate-override"}:
        return "self"
    if decl.name == "direction" and "rtl" in words:
        return "self"
    if decl.name in ("flex-direction", "flex-flow", "flex-wrap") and any(
        w.endswith("-reverse") for w in words
    ):
        return "self"
    if decl.name == "display" and words & {"table-header-group", "table-footer-group"}:
        return "siblings"
    if decl.name == "order" or decl.name in _GRID_PLACEMENT:
        # ``order: 0`` and ``grid-area: auto`` leave an item where the text has it.
        kept = all(
            (isinstance(t, ast.NumberToken) and t.value == 0 and decl.name == "order")
            or (isinstance(t, ast.IdentToken) and t.lower_value == "auto")
            for t in decl.value
            if not isinstance(t, ast.WhitespaceToken)
        )
        return None if kept else "siblings"
    return None


#: Properties whose value can hold text a browser draws (``text-overflow: " s"`` draws
#: " s" where the box cuts its text: blind31; ``text-emphasis-style: "9"`` draws a 9
#: over each letter: blind37; ``hyphenate-character: "37"`` at each line a word breaks
#: across, with ``hyphens: auto``: blind67).
TEXT_PROPERTIES = frozenset(
    {
        "content",
        "quotes",
        "list-style",
        "list-style-type",
        "text-overflow",
        "text-emphasis",
        "text-emphasis-style",
        "hyphenate-character",
    }
)
#: The descriptors of an ``@counter-style`` rule that draw a list item's marker
#: (``symbols: "94 s"``, ``suffix: " s"`` after the item's number).
_COUNTER_TEXT = frozenset({"symbols", "additive-symbols", "prefix", "suffix", "pad", "negative"})
#: CSS functions that draw text taken from elsewhere (an attribute, a counter…).
_TEXT_FUNCTIONS = frozenset(
    {"attr", "counter", "counters", "target-counter", "target-counters", "target-text", "content"}
)


def _drawing(decl: Declaration) -> ast.Node | None:
    """The token of a declaration that draws text (``attr(data-x)``, ``"178 s"``, a list's
    numbers: ``list-item`` in ``counter-increment: list-item 94``), or None."""
    counter = sets_list_numbers(decl.name, decl.value)
    if counter is not None:
        return counter
    if decl.name not in TEXT_PROPERTIES and not (
        decl.selector == COUNTER_STYLE and decl.name in _COUNTER_TEXT
    ):
        return None
    for token in decl.value:
        if isinstance(token, ast.FunctionBlock) and token.lower_name in _TEXT_FUNCTIONS:
            return token
        if isinstance(token, ast.StringToken) and (
            could_hold_figure(token.value)
            or completes_figure(token.value)
            or _says_trust(decl, token.value)
        ):
            return token
    return None


def _says_trust(decl: Declaration, text: str) -> bool:
    """Whether a string a declaration draws would say how far a figure can be trusted: a
    word of an evidence label ("measured", look-alike letters folded), or any text drawn
    on a claim or a trust mark (blind71: "lab" over an estimate's "est." mark)."""
    from fxsite.render.messages import LABEL_WORDS
    from fxsite.verify.reading import fold
    from fxsite.verify.trust_marks import ON_CLAIM_OR_MARK

    if not text.strip():
        return False
    if decl.name == "content" and ON_CLAIM_OR_MARK.search(decl.selector):
        return True
    return LABEL_WORDS.search(fold(text)) is not None


def writes(decl: Declaration) -> str | None:
    """The text-drawing part of a declaration (``attr(data-x)``, ``'178 s'``; a counter's
    declaration whole: ``counter-increment: list-item 94``), or None."""
    token = _drawing(decl)
    if isinstance(token, ast.StringToken):
        return repr(token.value)
    if token is not None and decl.name in COUNTER_PROPERTIES:
        return decl.shown
    return None if token is None else serialize([token])


def written(css: str, decl: Declaration) -> str | None:
    """The text-drawing part of a declaration of ``css`` as written there, from its
    token's line and column: where a locator finds it. A string from its figure, else
    its first character, to its closing quote (``1.9x faster"``, ``\\39 4 s"``), a
    function whole (``attr( data-x )``), a name whole (``list-it\\65m``)."""
    token = _drawing(decl)
    lines = re.split(r"\r\n|[\r\n\f]", css)  # as tinycss2 counts lines
    if token is None or not 0 < token.source_line <= len(lines):
        return None
    row: int = token.source_line
    column: int = token.source_column
    text = lines[row - 1][column - 1 :][:MAX_SERIALIZED]
    if isinstance(token, ast.StringToken):
        string = _STRING.match(text)
        inside = string.group()[1:] if string is not None else text
        # From its figure where the string writes it plainly (``1.9x faster"``).
        figure = next(iter(detect(token.value)), None)
        at = inside.find(token.value[figure.start :]) if figure is not None else -1
        return inside[max(at, 0) :]
    if isinstance(token, ast.IdentToken):
        name = _IDENT.match(text)
        return name.group() if name is not None else text
    depth = 0
    for at, char in enumerate(text):
        depth += (char == "(") - (char == ")")
        if char == ")" and depth == 0:
            return text[: at + 1]
    return text


#: A CSS name as written, escapes and all.
_IDENT = re.compile(r"(?:[-\w]|\\[0-9a-fA-F]{1,6}[ \t]?|\\[^\n0-9a-fA-F])+")
#: A CSS string as written: its quotes, escapes and characters, up to the line's end.
_STRING = re.compile(r"""(["'])(?:\\.|(?!\1)[^\\\n])*\1?""")


def completes_figure(text: str) -> bool:
    """Drawn beside a number, ``text`` reads as a figure with it (``" s"`` after "94")."""
    return any(s.start < 2 < s.end for s in detect(f"94{text}")) or any(
        s.start < len(text) < s.end for s in detect(f"{text}94")
    )


#: What a style that hides text must hold: a property name :func:`~.css_values.hiding`
#: reads, a function whose value is not known, or an escape spelling one.
_MAY_HIDE = re.compile(
    "|".join(map(re.escape, sorted(HIDING, key=len, reverse=True))) + r"|var\(|env\(|attr\(|\\",
    re.IGNORECASE,
)


@functools.lru_cache(maxsize=4096)
def hides(style: str) -> bool:
    """A ``style`` attribute's declarations (or one rule declaration, as
    :attr:`Declaration.shown`) may leave the element's text undrawn where it stands
    (:func:`~fxsite.verify.css_values.hiding`: any one of them, as a browser reads it).
    Memoised: a chart repeats its few styles many times."""
    if not _MAY_HIDE.search(style):  # a style naming none of them is not parsed
        return False
    return any(hiding(d.name, d.value) for d in read_style(style))


#: A selector that picks in a colour scheme other than Material's light one alone: its
#: palette toggle sets ``data-md-color-scheme`` on the body (``slate``, or a site's own).
_DARK_SCHEME = re.compile(
    r"\[\s*data-md-color-scheme\s*[~|^$*]?=\s*[\"']?(?!default[\"'\s\]])", re.IGNORECASE
)


def rule_hides(decl: Declaration) -> bool:
    """A rule's declaration may leave the text of what its selector picks undrawn
    (:func:`hides`); one of a dark scheme alone has its colours judged on that scheme's
    background (``[data-md-color-scheme=slate] .x {color: #fff}`` shows its text)."""
    if _DARK_SCHEME.search(decl.selector):
        return hiding(decl.name, decl.value, dark=True)
    return hides(decl.shown)


def moves(decl: Declaration) -> bool:
    """The declaration may draw its element's text away from where it stands, beside
    other text (:func:`~fxsite.verify.css_values.moving`)."""
    return moving(decl.name, decl.value)


def could_hold_figure(text: str, around: str = "") -> bool:
    """``text`` has a digit, or reads as a figure forwards, backwards or word by word backwards.

    ``around`` is the text it is drawn in ("It is semit evif faster."): each
    reading is tried there too, as a reader sees it: a figure it makes with the text
    beside it counts, one elsewhere in ``around`` does not.
    """
    if any(c.isdigit() for c in text):
        return True
    readings = [text, text[::-1], " ".join(reversed(text.split()))]
    if any(detect(r) for r in readings):
        return True
    if not (around and text and text in around):
        return False
    at = around.index(text)
    for reading in readings:  # a figure the drawn text makes with its neighbours
        drawn = around[:at] + reading + around[at + len(text) :]
        if any(s.start < at + len(reading) and s.end > at for s in detect(drawn)):
            return True
    return False


#: The cases ``text-transform`` draws text in ("none" draws it as written).
_CASES = frozenset({"lowercase", "uppercase", "capitalize", "none"})


def text_case(declarations: list[Declaration] | tuple[Declaration, ...]) -> str | None:
    """The case the last ``text-transform`` of ``declarations`` draws text in
    ("lowercase", "uppercase", "capitalize", "none"), or None where none sets one."""
    case = None
    for decl in declarations:
        if decl.name == "text-transform":
            case = next(iter(sorted(_idents(decl) & _CASES)), case)
    return case


#: The first letter of a word, as ``capitalize`` finds it.
_WORD_START = re.compile(r"(?<![^\W_])[^\W\d_]")


def drawn_in_case(text: str, case: str) -> str:
    """``text`` as ``text-transform: case`` draws it, one character for one (a letter whose
    other case is longer, "ß" to "SS", is kept)."""

    def one(char: str, changed: str) -> str:
        return changed if len(changed) == 1 else char

    if case == "lowercase":
        return "".join(one(c, c.lower()) for c in text)
    if case == "uppercase":
        return "".join(one(c, c.upper()) for c in text)
    if case == "capitalize":
        return _WORD_START.sub(lambda m: one(m.group(), m.group().upper()), text)
    return text
