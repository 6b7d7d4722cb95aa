"""CSS as the gate reads it: declarations of a stylesheet or a ``style`` attribute.

Parsed by tinycss2 (CSS Syntax Level 3, as a browser tokenises it: comments,
escapes such as ``\\6f rder`` for ``order``, strings, nested ``@media`` and
``@supports`` blocks). Two questions are asked of each declaration:
does it change the order in which text is drawn (:func:`reorders`), and does it
draw text of its own (:func:`writes`); and in which case it draws its element's text
(:func:`text_case`, :func:`drawn_in_case`).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

import tinycss2  # type: ignore[import-untyped]
from tinycss2 import ast

from fxsite.verify.css_counters import COUNTER_PROPERTIES, sets_list_numbers
from fxsite.verify.css_values import hiding, moving
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
    "serialize",
    "text_case",
    "writes",
    "written",
]


@dataclass(frozen=True)
class Declaration:
    """One ``name: value``; ``selector`` is its rule's, "" in a ``style`` attribute;
    ``base``: the site path of the stylesheet file it stands in, where its URLs are found
    from ("": the page's)."""

    selector: str
    name: str
    value: tuple[ast.Node, ...]
    base: str = ""

    @property
    def shown(self) -> str:
        """The declaration as written, for messages."""
        return f"{self.name}: {serialize(self.value).strip()}"


@dataclass(frozen=True)
class Sheet:
    """A stylesheet's declarations, whether it defines a web font, the sheets it imports."""

    declarations: tuple[Declaration, ...]
    font_face: bool
    imports: tuple[str, ...] = ()
    #: a ``@font-face`` draws its glyphs at under half their size (``size-adjust: 0%``)
    shrunk_font: bool = False


#: Longest text :func:`serialize` gives (a selector or a value quoted in a message).
MAX_SERIALIZED = 4096
_BLOCKS = {
    ast.ParenthesesBlock: ("(", ")"),
    ast.SquareBracketsBlock: ("[", "]"),
    ast.CurlyBracketsBlock: ("{", "}"),
}


def serialize(tokens: list[ast.Node] | tuple[ast.Node, ...]) -> str:
    """Tokens as CSS text, with an explicit stack (tinycss2's own recurses), cut at a cap."""
    out: list[str] = []
    size = 0
    stack: list[ast.Node | str] = list(reversed(tokens))
    while stack and size < MAX_SERIALIZED:
        item = stack.pop()
        if isinstance(item, str):
            part = item
        elif isinstance(item, ast.FunctionBlock):
            part = f"{item.name}("
            stack += [")", *reversed(item.arguments)]
        elif type(item) in _BLOCKS:
            part, close = _BLOCKS[type(item)]
            stack += [close, *reversed(item.content)]
        else:
            part = str(item.serialize())
        out.append(part)
        size += len(part)
    return "".join(out)[:MAX_SERIALIZED]


def _declarations(selector: str, tokens: list[ast.Node]) -> list[Declaration]:
    out = []
    for item in tinycss2.parse_declaration_list(tokens, skip_comments=True, skip_whitespace=True):
        if isinstance(item, ast.Declaration):
            out.append(Declaration(selector, item.lower_name, tuple(item.value)))
    return out


def read_style(text: str) -> list[Declaration]:
    """The declarations of a ``style`` attribute."""
    return _declarations("", tinycss2.parse_component_value_list(text))


def read_sheet(text: str) -> Sheet:
    """Every declaration of a stylesheet, inside at-rules too (with an explicit stack)."""
    found: list[Declaration] = []
    font_face = shrunk_font = False
    imports: list[str] = []
    # Each list of rules with the selectors of the rule it is nested in ("": none).
    stack: list[tuple[list[str], list[ast.Node]]] = [
        ([""], tinycss2.parse_stylesheet(text, skip_comments=True, skip_whitespace=True))
    ]
    while stack:
        parents, rules = stack.pop()
        for rule in rules:
            if isinstance(rule, ast.QualifiedRule):
                selectors = [
                    _nested(s, parent) for parent in parents for s in _selectors(rule.prelude)
                ]
                content = tinycss2.parse_blocks_contents(rule.content, skip_comments=True)
                declared = [d for d in content if isinstance(d, ast.Declaration)]
                for selector in selectors:
                    found += [Declaration(selector, d.lower_name, tuple(d.value)) for d in declared]
                stack.append(
                    (selectors, [r for r in content if not isinstance(r, ast.Declaration)])
                )
            elif isinstance(rule, ast.AtRule) and rule.lower_at_keyword == "import":
                imports += [_url(t) for t in rule.prelude if _url(t)]
            elif isinstance(rule, ast.AtRule) and rule.content is not None:
                if rule.lower_at_keyword == "font-face":
                    font_face = True
                    shrunk_font = shrunk_font or _shrinks(rule)
                elif rule.lower_at_keyword == "counter-style":  # its descriptors: a marker's
                    content = tinycss2.parse_blocks_contents(rule.content, skip_comments=True)
                    found += [
                        Declaration(COUNTER_STYLE, d.lower_name, tuple(d.value))
                        for d in content
                        if isinstance(d, ast.Declaration)
                    ]
                elif rule.lower_at_keyword == "scope" and parents == [""]:
                    # its own declarations are its root's (CSS Cascade 6: ``@scope (li) {
                    # counter-increment: list-item 94 }``, blind74); its rules as @media's
                    content = tinycss2.parse_blocks_contents(rule.content, skip_comments=True)
                    root = _scope_root(rule.prelude)
                    found += [
                        Declaration(root, d.lower_name, tuple(d.value))
                        for d in content
                        if isinstance(d, ast.Declaration)
                    ]
                    rules = [r for r in content if isinstance(r, (ast.QualifiedRule, ast.AtRule))]
                    stack.append((parents, rules))
                elif parents != [""]:  # @media… inside a rule: its declarations are the rule's
                    stack.append((parents, _nested_rule(rule)))
                else:  # @media, @supports, @layer, @container… hold rules
                    stack.append(
                        (
                            parents,
                            tinycss2.parse_rule_list(
                                rule.content, skip_comments=True, skip_whitespace=True
                            ),
                        )
                    )
    return Sheet(tuple(found), font_face, tuple(imports), shrunk_font)


#: The smallest ``size-adjust`` a web font may draw at and be read (blind36: ``0%``).
_LEAST_SIZE_ADJUST = 50


def _shrinks(rule: ast.AtRule) -> bool:
    """A ``@font-face`` whose ``size-adjust`` is under :data:`_LEAST_SIZE_ADJUST` percent,
    or not a percentage the gate reads."""
    content = tinycss2.parse_blocks_contents(rule.content, skip_comments=True)
    for item in content:
        if isinstance(item, ast.Declaration) and item.lower_name == "size-adjust":
            values = [t for t in item.value if not isinstance(t, ast.WhitespaceToken)]
            if not (
                len(values) == 1
                and isinstance(values[0], ast.PercentageToken)
                and values[0].value >= _LEAST_SIZE_ADJUST
            ):
                return True
    return False


def _nested(selector: str, parent: str) -> str:
    """A nested rule's selector resolved against its parent's (CSS Nesting): ``&`` is the
    parent, and a selector without it is a descendant's (``p { .h {…} }`` is ``p .h``)."""
    if not parent:
        return selector
    outer = f":is({parent})"
    whole = selector.replace("&", outer) if "&" in selector else f"{outer} {selector}"
    return whole[:MAX_SERIALIZED]


def _scope_root(prelude: list[ast.Node]) -> str:
    """The root selector of a ``@scope`` rule (``(li)`` in ``@scope (li) to (p)``); any
    element where it names none (the parent of the ``<style>`` it stands in)."""
    block = next((t for t in prelude if isinstance(t, ast.ParenthesesBlock)), None)
    return (serialize(block.content).strip() if block is not None else "") or "*"


def _nested_rule(rule: ast.AtRule) -> list[ast.Node]:
    """An at-rule nested in a rule (``p { @media … { color: red; .h {…} } }``), read as a
    rule of ``&``: its declarations are the rule's, its rules nested in it."""
    return [ast.QualifiedRule(0, 0, [ast.LiteralToken(0, 0, "&")], rule.content)]


def _selectors(prelude: list[ast.Node]) -> list[str]:
    """A rule's selector as written; a list too long to write whole (:data:`MAX_SERIALIZED`),
    each of its selectors apart, so that none is cut short."""
    whole = serialize(prelude).strip()
    if len(whole) < MAX_SERIALIZED:
        return [whole]
    parts: list[list[ast.Node]] = [[]]
    for token in prelude:
        if isinstance(token, ast.LiteralToken) and token.value == ",":
            parts.append([])
        else:
            parts[-1].append(token)
    return [s for s in (serialize(part).strip() for part in parts) if s]


def _url(token: ast.Node) -> str:
    """The URL of an ``@import`` token (``url(…)`` or a string), or ""."""
    if isinstance(token, (ast.URLToken, ast.StringToken)):
        return str(token.value)
    if isinstance(token, ast.FunctionBlock) and token.lower_name == "url":
        return "".join(str(a.value) for a in token.arguments if isinstance(a, ast.StringToken))
    return ""


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
#: The selector of an ``@counter-style`` rule's descriptors, and those that draw a list
#: item's marker (``symbols: "94 s"``, ``suffix: " s"`` after the item's number).
COUNTER_STYLE = "@counter-style"
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
    r"display|visibility|position|opacity|font|color|filter|indent|clip|width|height|size|"
    r"transform|scale|translate|rotate|zoom|mask|blend|fill|animation|spacing|"
    r"top|left|right|bottom|inset|margin|vertical|stroke|decoration|outline|"
    r"var\(|env\(|attr\(|\\",
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
