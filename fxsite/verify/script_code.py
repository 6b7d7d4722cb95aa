"""What a script's code does to what is drawn: writes text, or hides, removes or restyles it.

The code is read with its comments blanked out (:func:`uncommented`), so a comment or
spacing between a name and ``=`` or ``(`` hides nothing. A member that changes the page
is named however it is reached: ``e.remove()``, ``e?.remove?.()``, ``e.remove.call(e)``,
``Element.prototype.remove.apply(e)``, ``e["remove"]()``, or a string ``"remove"`` held
for ``e[f]()`` (:data:`HIDES`, :data:`SINKS`). So is a call or an assignment by a
computed name, an assignment with any operator (``??=``, ``||=``…), ``with``, a stored
``style``/``attributes``/``classList``/``dataset``, a member held bare (``const
{remove} = Element.prototype``), what changes which rules match (``location.hash =``,
``click()``, ``focus()``), a script's web font or highlight, and, in code that names the
document, the window or an element type, any assignment to a member (``e.id = …``,
``e.lang = …``, ``e.popover = …``): an element's attribute may match a rule that hides it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

__all__ = ["HIDES", "SINKS", "script_does", "script_strings", "uncommented"]

_QUOTES = "\"'`"

#: An assignment operator, any of them (``=``, ``+=``, ``??=``, ``||=``, ``**=``…), not ``==``.
_SET = r"""(?:\*\*|<<|>>>?|&&|\|\||\?\?|[-+*/%&|^])?=(?![=>])"""
#: A member reached by a dot or by optional chaining.
_DOT = r"""(?:\?\s*)?\.\s*"""
#: A computed member whose name is not a number.
_COMPUTED = r"""\[(?!\s*\d+\s*\])[^\[\]]*\]"""

_TEXT = "textContent|innerHTML|outerHTML|innerText|outerText|nodeValue"
_PROPS = "value|placeholder|title|alt|label|data|text"
_WRITE_CALLS = (
    "insertAdjacentHTML|insertAdjacentText|createTextNode|createContextualFragment"
    "|setHTML|setHTMLUnsafe|parseFromString|setAttribute|setAttributeNS|replaceWith"
    "|replaceChildren"
)
#: What writes text or runs code made at run time, as a script names it.
SINKS = re.compile(
    rf"""\b(?:{_TEXT})\b\s*["'`]?\s*\]?\s*{_SET}"""
    rf"""|{_DOT}(?:{_PROPS})\s*{_SET}"""
    rf"""|{_DOT}(?:{_WRITE_CALLS})(?![\w$])"""
    r"""|(?<![\w$])(?:write|writeln|append|prepend|before|after|""" + _WRITE_CALLS + r""")"""
    rf"""\s*{_DOT}(?:call|apply|bind)\b"""
    rf"""|(["'`])\s*(?:{_TEXT}|{_WRITE_CALLS})\s*\1"""
    r"""|\b(?:write|writeln|append|prepend|before|after|eval|Function|importScripts"""
    rf"""|{_WRITE_CALLS})\s*(?:\?\.\s*)?\("""
    r"""|\bimport\s*\(|\b(?:setTimeout|setInterval)\s*\(\s*["'`]"""
    r"""|\b(?:Object|Reflect)\s*\.\s*(?:assign|set|apply|construct|defineProperty"""
    r"""|defineProperties)\s*\("""
    rf"""|{_COMPUTED}\s*{_SET}"""
    r"""|["'`]\s*\+\s*["'`]"""
)

_HIDE_MEMBERS = (
    "remove|removeChild|replaceChild|insertBefore|appendChild|moveBefore"
    "|deleteData|replaceData|insertData|appendData|splitText"
    "|toggleAttribute|removeAttribute|removeAttributeNS|removeAttributeNode"
    "|setAttributeNode|setAttributeNodeNS|setNamedItem|setNamedItemNS"
    "|removeNamedItem|removeNamedItemNS|setProperty|removeProperty|attributeStyleMap"
    "|animate|attachShadow|insertRule|addRule|deleteRule|removeRule|replaceSync"
    "|showPopover|hidePopover|togglePopover|adoptedStyleSheets|showModal"
    "|requestFullscreen|setCustomValidity|execCommand"
    "|deleteContents|extractContents|surroundContents|insertNode|insertAdjacentElement"
    "|adoptNode|setKeyframes"
)
#: Calls that change which of a stylesheet's rules match (``:focus``, ``:checked``, ``[open]``).
_ACTIONS = "close|focus|blur|click|show|dispatchEvent|navigate"
_HIDE_PROPS = "className|hidden|inert|cssText|popover|classList|style"
#: Attributes a stylesheet's rule may match (``#gone``, ``:lang(zz)``, ``[dir]``), set by a dot.
_ATTRS = "id|lang|dir|slot|part|popover|hash|href"
_HELD = "style|attributes|classList|dataset"
#: What hides, removes or restyles part of what is drawn, as a script names it: a figure's
#: middle hidden after load (``el.remove()``, ``el.hidden = true``, ``el.className = 'h'``,
#: ``el.style.display = 'none'``) reads otherwise than the HTML the gate read.
HIDES = re.compile(
    rf"""{_DOT}(?:{_HIDE_MEMBERS})(?![\w$])"""
    rf"""|{_DOT}(?:{_ACTIONS})\s*(?:\?\.\s*)?(?:\(|{_DOT}(?:call|apply|bind)\b)"""
    rf"""|\bclassList\s*{_DOT}(?:add|remove|toggle|replace)\b"""
    rf"""|\b(?:className|hidden|inert|cssText)\b\s*["'`]?\s*\]?\s*{_SET}"""
    rf"""|{_DOT}(?:{_ATTRS})\s*{_SET}"""
    rf"""|\b(?:{_HELD})\s*(?:{_DOT}[\w$]+\s*|{_COMPUTED}\s*)?{_SET}"""
    rf"""|{_DOT}(?:{_HELD})\s*(?=[;,)}}\]]|\n|$)"""
    rf"""|\b(?:part|relList)\s*{_DOT}(?:add|toggle|replace)\b"""
    rf"""|\blocation\s*(?:{_DOT}(?:assign|replace)\s*\(|{_SET})|\bdocument\s*{_DOT}open\b"""
    rf"""|{_COMPUTED}\s*(?:\?\.\s*)?\(|{_COMPUTED}\s*{_DOT}(?:call|apply|bind)\b"""
)
#: A string that names a member that hides (``e["remove"]()``, ``const f = "hidden"``),
#: read with the strings in (:data:`HIDES` is read in code outside them).
_NAMED = re.compile(rf"""(["'`])\s*(?:{_HIDE_MEMBERS}|{_HIDE_PROPS}|attributeStyleMap)\s*\1""")
#: The same, read in code outside strings: a member held bare (``const {remove} =
#: Element.prototype``), ``with``, ``delete`` of an attribute or a style, a name spelt with
#: an escape (``e.\u0072emove()``), and what draws otherwise (a web font, a highlight).
_CODE_HIDES = re.compile(
    rf"""(?<![\w$])(?:{_HIDE_MEMBERS})(?![\w$])"""
    r"""|\b(?:FontFace|Highlight|KeyframeEffect|highlights)\b"""
    r"""|\bwith\s*\(|\bdelete\s[^;\n]*?\b(?:dataset|style|attributes|classList)\b"""
    r"""|\\u"""
)
#: Code that reaches the page's elements.
_ELEMENTS = re.compile(
    r"""\b(?:document|Element|HTMLElement|Node|ownerDocument|window|self|globalThis"""
    r"""|target|currentTarget|customElements)\b"""
)
#: An assignment to a member: ``e.id = …``, ``e . lang ??= …``.
_MEMBER_SET = re.compile(rf"""(?:(?<![\w$])[\w$]+|[\])])\s*{_DOT}[A-Za-z_$][\w$]*\s*{_SET}""")


def _spans(code: str) -> Iterator[tuple[bool, int, int]]:
    """Each comment (True) and each string or template literal (False) of ``code``, in
    order, as (is a comment, start, end); a literal's span is inside its quotes."""
    at, end = 0, len(code)
    while at < end:
        char = code[at]
        if code.startswith("//", at):
            stop = code.find("\n", at)
            yield True, at, end if stop < 0 else stop
            at = end if stop < 0 else stop
        elif code.startswith("/*", at):
            stop = code.find("*/", at + 2)
            yield True, at, end if stop < 0 else stop + 2
            at = end if stop < 0 else stop + 2
        elif char in _QUOTES:
            start, at = at + 1, at + 1
            while at < end and code[at] != char and (char == "`" or code[at] != "\n"):
                at += 2 if code[at] == "\\" else 1
            yield False, start, min(at, end)
            at += 1
        else:
            at += 1


#: What sets one style property of an element to the literal that follows: ``e.style.width
#: =``, ``e.style["max-width"] =``, ``e.style.setProperty("width",``.
_STYLE_VALUE = re.compile(
    rf"""{_DOT}style\s*(?:{_DOT}([A-Za-z]+)|\[\s*(["'])([A-Za-z-]+)\2\s*\])\s*=\s*$"""
    rf"""|{_DOT}style\s*{_DOT}setProperty\s*\(\s*(["'])([A-Za-z-]+)\4\s*,\s*$"""
)


def script_strings(code: str) -> list[str]:
    """The string and template literals of a script, outside its comments, in order.

    A literal is text the script may show: a figure in one is read as the page's
    (a ``/``-delimited regular expression is read as code, not as a literal); but not
    a style property's value (:func:`_style_value`).
    """
    return [
        code[start:stop]
        for comment, start, stop in _spans(code)
        if not comment and not _style_value(code, start, stop)
    ]


def _style_value(code: str, start: int, stop: int) -> bool:
    """The literal ``code[start:stop]`` is a CSS number (``100%``: :func:`_css_number`) a
    script sets as the value of one style property that draws no text (``e.style.width =
    "100%"``): not
    :data:`~fxsite.verify.css.TEXT_PROPERTIES`, nor a custom property a rule may draw
    (``--label``). A script that sets a style is told by :func:`script_does` (FX506)."""
    from fxsite.verify.css import TEXT_PROPERTIES

    value = code[start:stop].strip()
    if not value or len(value) > 40 or not (value[0].isdigit() or value[0] in "+-."):
        return False  # most literals: no number first (read for every literal of a script)
    setter = _STYLE_VALUE.search(code, max(0, start - 200), start - 1)
    if setter is None or not _css_number(value):
        return False
    name = setter[1] or setter[3] or setter[5] or ""
    css = re.sub(r"[A-Z]", lambda m: "-" + m[0].lower(), name) if setter[1] else name.lower()
    return not css.startswith("--") and css not in TEXT_PROPERTIES


def _css_number(value: str) -> bool:
    """``value`` is one CSS number, as tinycss2 reads it: ``100%``, ``50px``, ``0.3s``."""
    import tinycss2  # type: ignore[import-untyped]
    from tinycss2 import ast

    tokens = [t for t in tinycss2.parse_component_value_list(value) if t.type != "whitespace"]
    number = (ast.NumberToken, ast.PercentageToken, ast.DimensionToken)
    return len(tokens) == 1 and isinstance(tokens[0], number)


def uncommented(code: str, strings: bool = True) -> str:
    """``code`` with each comment blanked to spaces (its line breaks kept), and each
    literal's text too unless ``strings``; places kept."""
    out = list(code)
    for comment, start, stop in _spans(code):
        if comment or not strings:
            out[start:stop] = [c if c == "\n" else " " for c in code[start:stop]]
    return "".join(out)


def script_does(code: str) -> tuple[str, str] | None:
    """What ``code`` does to what is drawn ("writes text", else "hides what is drawn") and
    the first code that does it, as written; None when it does neither."""
    bare, only = uncommented(code), uncommented(code, strings=False)
    member_set = _MEMBER_SET if _ELEMENTS.search(only) else None
    hides = "hides what is drawn"
    reads = [
        ("writes text", SINKS, bare),
        (hides, HIDES, only),  # a page's title in a theme's script string is no code
        (hides, _NAMED, bare),
        (hides, _CODE_HIDES, only),
    ]
    for does, pattern, text in [*reads, *([(hides, member_set, only)] if member_set else [])]:
        match = pattern.search(text)
        if match is not None:
            return does, " ".join(code[match.start() : match.end()].split())
    return None
