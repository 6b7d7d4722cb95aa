"""A page's elements as its styles draw them: hidden, or not; code in a code font, or
drawn as prose; text in the case a rule sets. The rules come from the page's stylesheets
(:func:`~.sheets.page_rules`) and each element's ``style``."""

from __future__ import annotations

import re
from collections.abc import Mapping

from selectolax.lexbor import LexborNode

from fxsite.verify.css import Declaration, drawn_in_case, hides, read_style, text_case
from fxsite.verify.css_images import image_urls
from fxsite.verify.first_letter import hide_first_letters, names_first_letter
from fxsite.verify.order import matches
from fxsite.verify.sheets import NO_SHEETS, PageSheets, page_rules
from fxsite.verify.shown import CODE, PageText

__all__ = ["apply_styles", "drawn_as_prose", "undrawn"]


def undrawn(attrs: Mapping[str, str | None]) -> bool:
    """The element may not be drawn where it stands: ``hidden``, or hidden by its style.

    Its text is read where it stands, and the text around it read as if it were
    gone, so that neither reading hides a figure. (The page's own stylesheets may
    hide an element too: :func:`_styled`.)
    """
    if "hidden" in attrs:
        return True
    style = attrs.get("style")
    return style is not None and hides(style)


#: A font family that draws code as code.
_CODE_FONT = re.compile(r"mono|courier|consolas|menlo|code", re.IGNORECASE)


def drawn_as_prose(attrs: Mapping[str, str | None]) -> bool:
    """Code whose ``style`` sets a font that is not a code font (``font: inherit``,
    ``font-family: Georgia``): it is drawn as the prose around it, and read as prose."""
    style = attrs.get("style")
    if not style or "font" not in style.lower():
        return False
    fonts = [d for d in read_style(style) if d.name in ("font", "font-family")]
    return bool(fonts) and _CODE_FONT.search(fonts[-1].shown) is None


def apply_styles(
    root: LexborNode, page: PageText, sheets: PageSheets = NO_SHEETS
) -> frozenset[int]:
    """The rules of the document's stylesheets (its ``<style>`` blocks, and the files
    ``sheets`` gives it: :func:`~.sheets.page_rules`) applied: its text drawn in their
    cases, its code in their fonts, their images in their elements' ``style``; the elements
    they may hide (:func:`_styled`).
    A file that cannot be read makes the page unreadable."""
    rules, problems = page_rules(root, sheets)
    page.unreadable += problems
    _draw_cases(root, rules)
    _into_styles(root, rules)
    return _styled(root, rules)


def _into_styles(root: LexborNode, rules: list[Declaration]) -> None:
    """The rules of ``rules`` the page reader reads from an element's ``style`` attribute,
    written into it before its own (which outweighs a rule): the fonts they set for a
    ``<pre>`` or ``<code>`` (:func:`drawn_as_prose` reads code drawn as prose), the images
    they draw (:mod:`.css_images`)."""
    written: dict[int, list[str]] = {}
    targets: dict[int, LexborNode] = {}
    for decl in rules:
        font = decl.name in ("font", "font-family")
        if not font and not image_urls(decl):
            continue
        for node in matches(root, decl.selector):
            if node.tag in CODE or not font:
                written.setdefault(node.mem_id, []).append(decl.shown)
                targets[node.mem_id] = node
    for mem_id, node in targets.items():
        node.attrs["style"] = "; ".join([*written[mem_id], node.attributes.get("style") or ""])


def _styled(root: LexborNode, rules: list[Declaration]) -> frozenset[int]:
    """The elements (by ``mem_id``) a rule of ``rules`` may hide
    (:func:`~fxsite.verify.css.hides`), matched by the rule's selector; a
    ``::first-letter`` rule's letters are put apart instead (:mod:`.first_letter`)."""
    found: set[int] = set()
    for decl in rules:
        if hides(decl.shown):
            if names_first_letter(decl.selector):
                hide_first_letters(matches(root, decl.selector))
            else:
                found.update(node.mem_id for node in matches(root, decl.selector))
    return frozenset(found)


def _draw_cases(root: LexborNode, rules: list[Declaration]) -> None:
    """The text of each element whose ``text-transform`` (its ``style`` attribute, or a rule
    of ``rules``) sets a case, rewritten as drawn in it
    (:func:`~fxsite.verify.css.drawn_in_case`): "94 S" in lowercase is read "94 s".
    A claim's text and a script's are kept."""
    cases: dict[int, str] = {}
    targets: dict[int, LexborNode] = {}
    for decl in rules:
        case = text_case([decl])
        if case is not None:
            for node in matches(root, decl.selector):
                cases[node.mem_id], targets[node.mem_id] = case, node
    for node in root.css("[style]"):
        style = node.attributes.get("style") or ""
        if "transform" in style.lower() or "\\" in style:
            case = text_case(read_style(style))
            if case is not None:  # the attribute outweighs a rule
                cases[node.mem_id], targets[node.mem_id] = case, node
    for mem_id, target in targets.items():
        for text in list(target.traverse(include_text=True)):
            if text.tag == "-text" and _case_owner(text, cases) == mem_id:
                text.replace_with(drawn_in_case(text.text_content or "", cases[mem_id]))


def _case_owner(text: LexborNode, cases: dict[int, str]) -> int | None:
    """The nearest element around ``text`` with a case of ``cases``; None inside a claim
    or a script, style or template (their text is not drawn as prose)."""
    node = text.parent
    while node is not None:
        if node.tag in ("script", "style", "template") or "data-fx-ref" in node.attributes:
            return None
        if node.mem_id in cases:
            return node.mem_id
        node = node.parent
    return None
