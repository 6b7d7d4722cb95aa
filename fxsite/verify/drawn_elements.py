"""Elements a browser draws otherwise than their place in the text says: smaller (nested
``<small>``, ``<sub>``, ``<sup>``), apart from the run they stand in (a footnote mark, a
ruby's ``<rt>``, an index), from another source (a ``<picture>``'s ``<source>``), or
not at all (a shadow host's children no slot takes). Predicates on one parsed node,
for the page reader's walk (:mod:`fxsite.verify.visible`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from selectolax.lexbor import LexborNode

from fxsite.evidence.numerals import NOTE_SIGNS
from fxsite.verify.runs import Run

__all__ = [
    "SHRINKING",
    "footnote_mark",
    "picture_source",
    "shrunk",
    "stands_apart",
    "template_content",
    "unslotted",
]


#: Elements a browser draws a size smaller than their parent (``font-size: smaller``,
#: about 0.83 of it), and how many nested draw text under :data:`.css_values.TINY_PX`
#: (16 px × 0.83⁴ is 7.6 px): "9<small>×12 X</small>4 s" draws "9.4 s" (blind21).
SHRINKING = frozenset({"small", "sub", "sup"})
SHRUNK_DEPTH = 4


def shrunk(node: LexborNode) -> bool:
    """``node`` (a :data:`SHRINKING` element) is the fourth or deeper of them nested."""
    depth = 0
    current: LexborNode | None = node
    while current is not None and depth < SHRUNK_DEPTH:
        if current.tag in SHRINKING:
            depth += 1
        current = current.parent
    return depth >= SHRUNK_DEPTH


def picture_source(img: LexborNode) -> str | None:
    """The image a ``<picture>``'s first ``<source srcset>`` gives its ``<img>`` to draw in
    its box (its first candidate's URL), where the image is in one; else None (blind17)."""
    parent = img.parent
    if parent is None or parent.tag != "picture":
        return None
    for child in parent.iter():
        if child.tag == "source":
            srcset = (child.attributes.get("srcset") or "").strip()
            if srcset:
                return srcset.split(",")[0].split()[0]
    return None


def image_candidates(img: LexborNode) -> list[str]:
    """Every image a browser may draw in an ``<img>``'s box, as it chooses by the screen's
    size and density: each candidate of its ``<picture>``'s ``<source srcset>``, of its own
    ``srcset``, and its ``src`` (blind67: a ``srcset`` or a second ``<source>`` drew "37"
    where ``src`` drew nothing)."""
    from fxsite.verify.dataurl import srcset_urls

    urls: list[str] = []
    parent = img.parent
    if parent is not None and parent.tag == "picture":
        for child in parent.iter():
            if child.tag == "source":
                urls += srcset_urls(child.attributes.get("srcset") or "")
    urls += srcset_urls(img.attributes.get("srcset") or "")
    src = (img.attributes.get("src") or "").strip()
    return [*urls, src] if src else urls


def unslotted(root: LexborNode) -> set[int]:
    """The children of a declarative shadow root's host that no slot of it takes: a
    browser draws the shadow root in their place, and them only where a ``<slot>`` (one
    of their ``slot`` name, or the unnamed one) stands (blind34: "heep" beside a
    ``<slot name="a">`` showing "95 s" is not drawn). Read both ways."""
    found: set[int] = set()
    for template in root.css("template[shadowrootmode], template[shadowroot]"):
        host = template.parent
        content = template_content(template)
        if host is None:
            continue
        slots = content.css("slot") if content is not None else []
        names = {(s.attributes.get("name") or "").strip() for s in slots}
        child = host.child
        while child is not None:
            element = not (child.tag or "").startswith("-") and child.mem_id != template.mem_id
            if element and (child.attributes.get("slot") or "").strip() not in names:
                found.add(child.mem_id)
            child = child.next
    return found


def template_content(node: LexborNode) -> LexborNode | None:
    """The content fragment of a ``<template>`` (not part of the document tree)."""
    for fragment in node.template_fragments():
        parent = fragment.parent
        if parent is not None and parent.mem_id == node.mem_id:
            return fragment
    return None


#: Elements in the line that may draw a mark right after a word: a note's number, a
#: reference (``94 s<sup>1</sup>``, ``94 s^1^``, ``94 s**1**``, ``94 s<a href="#n1">1</a>``).
_MARKS = frozenset({"sup", "a", "b", "strong", "em", "i", "small", "abbr", "span", "mark"})
#: Signs a figure's unit ends with, as a letter ends a word's ("1.9×<sup>1</sup>").
_UNIT_SIGNS = frozenset("×%‰‱°′″$€£¥")


def stands_apart(tag: str, attrs: Mapping[str, str | None], node: LexborNode, run: Run) -> bool:
    """Read apart from the run it stands in (and the run read without it): a footnote
    mark; a ruby's ``<rt>``, drawn above its base; a subscript after a letter, an index
    (``x<sub>94</sub>``, not "x94"); a short mark right after a letter or a unit's sign
    (:data:`_UNIT_SIGNS`), a note's number or sign (``94 s<sup>1</sup>`` draws "94 s" and a
    note, not "94 s1": blind80), but right after a claim; a raised one before a number that
    starts a word (``<sup>a</sup>94 s`` draws a note and "94 s", not "a94 s": blind80), or
    one that is no number between a number and its unit (``94<sup>†</sup> s``: blind81)."""
    if tag == "rt":
        return True
    last = run.parts[-1][-1:] if run.parts else ""
    if tag == "sub":  # an index after a letter; a note's sign after a number ("94<sub>†</sub> s")
        return last.isalpha() or (last.isdigit() and _a_note(node))
    if tag == "sup" and footnote_mark(tag, attrs, node):
        return True
    if tag not in _MARKS or not _a_mark(node):
        return False
    # Right after a claim, a mark is read glued to it: a power changes its unit (m, m²).
    after_claim = bool(run.claims) and run.claims[-1][1] == run.length
    after_unit = last.isalpha() or last in _UNIT_SIGNS
    # A raised mark before a number that starts a word: "needed <sup>a</sup>94 s" (blind80);
    # in the line, "<b>1</b>94 s" draws "194 s".
    before_number = tag == "sup" and not last.isalnum() and _number_after(node)
    # A raised mark of a note (not a digit: "10<sup>6</sup>" is a power, "2<sup>nd</sup>"
    # an ordinal) between a number and its unit: "94<sup>†</sup> s" (blind81).
    before = "".join(run.parts[-2:])[-2:]  # "94<sup>†</sup>", "94 <sup>†</sup>"
    after_number = (
        tag == "sup"
        and (last.isdigit() or (last == " " and before[:1].isdigit()))
        and _a_note(node)
    )
    return (after_unit and not after_claim) or before_number or after_number


def _a_note(node: LexborNode) -> bool:
    """Whether ``node`` draws a note's mark that is not a number (:func:`_a_mark`: a letter,
    a small roman numeral, a sign; a number raised after a number is its power)."""
    return _a_mark(node) and not (node.text(deep=True) or "").isdigit()


def _number_after(node: LexborNode) -> bool:
    """Whether the text right after ``node`` (its next sibling's) begins with a digit."""
    after = node.next
    text = (after.text(deep=True) or "") if after is not None else ""
    return text[:1].isdigit()


#: What a note's mark is written with: its number, a small roman numeral, a sign.
_NOTE_MARK = re.compile(rf"[0-9]{{1,3}}|[ivx]{{1,3}}|[a-h]|[{NOTE_SIGNS}#]{{1,3}}")


def _a_mark(node: LexborNode) -> bool:
    """Whether ``node`` draws a note's mark (:data:`_NOTE_MARK`: ``1``, ``12``, ``ii``,
    ``a``, ``†``, ``*``), not another sign (a key's ``+`` in ``Ctrl+9``)."""
    return _NOTE_MARK.fullmatch(node.text(deep=True) or "") is not None


def footnote_mark(tag: str, attrs: Mapping[str, str | None], node: LexborNode) -> bool:
    """A footnote reference as Python-Markdown writes it (``<sup id="fnref:1"><a
    class="footnote-ref" href="#fn:1">1</a></sup>``): a mark beside the text, not a
    digit of it; the run is read with it apart and without it."""
    if tag != "sup" or not (attrs.get("id") or "").startswith("fnref"):
        return False
    link = node.child
    while link is not None and link.tag == "-text" and not (link.text_content or "").strip():
        link = link.next
    return (
        link is not None
        and link.tag == "a"
        and link.next is None
        and "footnote-ref" in (link.attributes.get("class") or "").split()
        and (link.attributes.get("href") or "").startswith("#fn")
    )
