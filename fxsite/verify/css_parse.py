"""CSS parsed as a browser reads it: the declarations of a stylesheet or a ``style`` attribute.

Parsed by tinycss2 (CSS Syntax Level 3, as a browser tokenises it: comments,
escapes such as ``\\6f rder`` for ``order``, strings, nested ``@media`` and
``@supports`` blocks, nested rules, a ``@scope``'s own declarations, an
``@counter-style``'s descriptors). What the declarations do is :mod:`.css`'s.
"""

from __future__ import annotations

from dataclasses import dataclass

import tinycss2  # type: ignore[import-untyped]
from tinycss2 import ast

__all__ = [
    "COUNTER_STYLE",
    "MAX_SERIALIZED",
    "Declaration",
    "Sheet",
    "read_sheet",
    "read_style",
    "serialize",
]

#: The selector of an ``@counter-style`` rule's descriptors.
COUNTER_STYLE = "@counter-style"


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
