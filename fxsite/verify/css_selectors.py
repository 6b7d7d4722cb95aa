"""A rule's selector as the page reader matches it: what it picks at any time.

A pseudo-class that may hold at one time and not another (``:hover``, ``:target``),
or one Lexbor cannot be trusted to evaluate as a browser does (``:not``, ``:has``,
``:nth-child(… of S)``), is dropped: the selector then picks more elements, never
fewer. ``:is()`` and ``:where()`` (and their old names ``:matches()``, ``:any()``) are
kept, their arguments read alike: ``:is(.unused)`` picks no element, where dropped it
would pick every one.

An attribute the theme's script sets as the reader acts (Material's ``data-md-*``: the
colour scheme a reader toggles, a drawer's state) is dropped too: ``[data-md-color-scheme=
slate] .fx-badge`` hides the badge from every reader who chooses the dark scheme, which
the published page, drawn in the light one, does not show.
"""

from __future__ import annotations

import tinycss2  # type: ignore[import-untyped]
from tinycss2 import ast

from fxsite.verify.css import serialize

__all__ = ["plain_selector"]

#: Pseudo-classes that pick what any of their arguments picks.
_ANY_OF = frozenset({"is", "where", "matches", "any", "-webkit-any", "-moz-any"})


def _colon(token: ast.Node | None) -> bool:
    return isinstance(token, ast.LiteralToken) and token.value == ":"


def _kept(tokens: list[ast.Node], inner: bool) -> list[ast.Node | str]:
    """``tokens`` without their pseudo-classes and pseudo-elements, each ``:is()`` kept at
    the top (``inner``: inside one, where a nested one is dropped)."""
    out: list[ast.Node | str] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if _set_by_theme(token):
            if _starts_compound(out):  # "body [data-md-state]" is "body *"
                out.append("*")
            i += 1
            continue
        if not _colon(token):
            out.append(token)
            i += 1
            continue
        after = i + 2 if i + 1 < len(tokens) and _colon(tokens[i + 1]) else i + 1
        name = tokens[after] if after < len(tokens) else None
        if _starts_compound(out):  # "p :hover" is "p *"
            out.append("*")
        if (
            not inner
            and after == i + 1
            and isinstance(name, ast.FunctionBlock)
            and name.lower_name in _ANY_OF
        ):
            out.append(f":is({_any_of(name.arguments)})")
        i = after + 1
    return out


def _set_by_theme(token: ast.Node) -> bool:
    """An attribute selector naming an attribute the theme's script sets (``data-md-*``)."""
    if not isinstance(token, ast.SquareBracketsBlock):
        return False
    name = next((t for t in token.content if not isinstance(t, ast.WhitespaceToken)), None)
    return isinstance(name, ast.IdentToken) and name.lower_value.startswith("data-md-")


def _starts_compound(out: list[ast.Node | str]) -> bool:
    """Whether a pseudo-class after ``out`` starts a compound selector of its own."""
    if not out:
        return True
    last = out[-1]
    return isinstance(last, ast.WhitespaceToken) or (
        isinstance(last, ast.LiteralToken) and last.value in (">", "+", "~", ",")
    )


def _any_of(arguments: list[ast.Node]) -> str:
    """The selector list of an ``:is()``, each selector plain (``*`` where none is left)."""
    parts: list[list[ast.Node]] = [[]]
    for token in arguments:
        if isinstance(token, ast.LiteralToken) and token.value == ",":
            parts.append([])
        else:
            parts[-1].append(token)
    return ", ".join(_text(_kept(part, inner=True)) or "*" for part in parts)


def _text(items: list[ast.Node | str]) -> str:
    return "".join(i if isinstance(i, str) else serialize([i]) for i in items).strip(" ,")


def plain_selector(selector: str) -> str:
    """``selector`` as matched at any time (see the module's note); ``*`` where nothing
    is left of it."""
    tokens = tinycss2.parse_component_value_list(selector, skip_comments=True)
    return _text(_kept(tokens, inner=False)) or "*"
