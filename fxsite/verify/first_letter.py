"""Text a ``::first-letter`` rule hides: the first letter of an element, not the element.

``p.x::first-letter { font-size: 0 }`` draws "X95 s" as "95 s". A selector's
pseudo-elements are dropped where the gate matches it (:func:`~.order.matches`),
which would mark the whole paragraph as hidden and read it with and without it,
never without its first letter. So the first letter (with the punctuation before
it, as CSS counts it) of each element such a rule picks is put in a ``hidden``
span of its own, which the reader reads where it stands and the text around it
as if it were gone. Where that letter is a claim's, the claim would show less than it
says: the gate tells it (FX503), and the claim is left as rendered.
"""

from __future__ import annotations

import html
import re
import unicodedata

from selectolax.lexbor import LexborHTMLParser, LexborNode

__all__ = ["hide_first_letters", "names_first_letter"]

_FIRST_LETTER = re.compile(r"::?first-letter\b", re.IGNORECASE)


def names_first_letter(selector: str) -> bool:
    """Every selector of a list (``a::first-letter, b::first-letter``) picks a first letter."""
    return all(_FIRST_LETTER.search(part) for part in selector.split(","))


#: Elements whose text is not drawn as the element's first letter.
_APART = frozenset({"script", "style", "template", "pre", "code"})


def _first_text(node: LexborNode) -> tuple[LexborNode | None, LexborNode | None]:
    """The first text of ``node`` holding more than whitespace, outside code, and the claim
    it stands in (None outside one)."""
    for text in node.traverse(include_text=True):
        if text.tag != "-text" or not (text.text_content or "").strip():
            continue
        parent, claim = text.parent, None
        while parent is not None and parent.mem_id != node.mem_id:
            if parent.tag in _APART:
                return None, None
            if "data-fx-ref" in parent.attributes:
                claim = parent
            parent = parent.parent
        return text, claim
    return None, None


def _letter_end(text: str) -> int:
    """Where the first letter of ``text`` ends: spaces and punctuation, then one character."""
    at = 0
    while at < len(text) and (text[at].isspace() or unicodedata.category(text[at])[0] == "P"):
        at += 1
    return min(at + 1, len(text))


def hide_first_letters(nodes: list[LexborNode]) -> list[str]:
    """Each node's first letter put in a ``hidden`` span of its own (see the module); the
    texts of the claims whose first letter a rule hides instead, left as they are: "1.9×"
    in a block whose first letter is hidden shows "9×" (blind61), told by the caller."""
    claims: list[str] = []
    for node in nodes:
        text, claim = _first_text(node)
        if text is None:
            continue
        if claim is not None:
            claims.append((text.text_content or "").strip())  # its shown text, not its badge
            continue
        content = text.text_content or ""
        end = _letter_end(content)
        hidden = LexborHTMLParser(f"<span hidden>{html.escape(content[:end])}</span>")
        span = hidden.css_first("span")
        if span is not None:  # the parser always makes one
            text.insert_before(span)
            text.replace_with(content[end:])
    return claims
