"""A page's elements as its styles draw them: hidden, or not; code in a code font, or
drawn as prose; text in the case a rule sets. The rules come from the page's stylesheets
(:func:`~.sheets.page_rules`) and each element's ``style``."""

from __future__ import annotations

import re
from collections.abc import Mapping

from selectolax.lexbor import LexborHTMLParser, LexborNode
from tinycss2 import ast  # type: ignore[import-untyped]

from fxsite.pages.figures import find_bare_figures
from fxsite.verify.clipped import clipped_notes
from fxsite.verify.css import Declaration, drawn_in_case, hides, read_style, rule_hides, text_case
from fxsite.verify.css_images import (
    MARKER_PROPERTIES,
    image_urls,
    is_image,
    placements,
    reads_var,
    style_declarations,
)
from fxsite.verify.first_letter import hide_first_letters, names_first_letter
from fxsite.verify.images import read_image
from fxsite.verify.layout import LAID_IN_LINE
from fxsite.verify.notes import Note
from fxsite.verify.order import Styled, matches, measuring, styled_elements
from fxsite.verify.sheets import NO_SHEETS, PageSheets, page_rules, resolve, site_href
from fxsite.verify.shown import CODE, PageText
from fxsite.verify.trust_marks import hidden_marks

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
    cases, its code in their fonts, the images they draw (:func:`draw_css_images`), the
    figures a box that clips its text may draw (:mod:`.clipped`); the elements they may
    hide (:func:`_styled`).
    A file that cannot be read makes the page unreadable."""
    with measuring(root):  # the page's depth, measured once for all its rules
        return _apply(root, page, sheets)


def _apply(root: LexborNode, page: PageText, sheets: PageSheets) -> frozenset[int]:
    rules, problems = page_rules(root, sheets)
    page.unreadable += problems
    too_many = draw_css_images(root, rules, sheets)
    if too_many is not None:
        page.unreadable.append(too_many)
    styled = styled_elements(root)  # after the images drawn in: they have no style
    clipped, unread = clipped_notes(root, rules, styled)
    page.notes += clipped
    if unread is not None:
        page.unreadable.append(unread)
    page.notes += _lay_in_line(root, rules, styled)
    _draw_cases(root, rules)
    _code_fonts(root, rules)
    hidden, claims = _styled(root, rules)
    page.notes += [
        Note(
            "FX503",
            f"a ::first-letter rule may hide the first character of the claim '{claim}', "
            "which then shows less than its record: take the rule off the element that "
            "holds the claim",
            claim,
        )
        for claim in claims
    ]
    page.notes += hidden_marks(root, hidden, lambda node: undrawn(node.attributes))
    return hidden


#: ``display`` values that lay a block out in the line, beside the text around it.
_IN_LINE_DISPLAY = frozenset(
    {
        "inline",
        "inline-block",
        "inline-flex",
        "inline-grid",
        "inline-table",
        "contents",
        "ruby",
        "run-in",
    }
)
#: ``display`` values whose children stand side by side in a row (flex, grid items).
_ROW_DISPLAY = frozenset({"flex", "inline-flex", "grid", "inline-grid"})


def _lay_in_line(root: LexborNode, rules: list[Declaration], styled: Styled) -> list[Note]:
    """Elements a ``display`` (a rule's or their ``style``'s) lays out in the line, and
    the items of a flex or grid container, marked :data:`~.layout.LAID_IN_LINE` so that
    the page reader joins their text with the text beside them: two ``<p>`` shown
    inline draw "Saved in 95" "s." as one line (blind37). A ``<style>`` or ``<script>``
    a ``display`` shows draws its text as text: FX501 for each figure in it."""
    ruled = [(n, d) for d in rules if d.name == "display" for n in matches(root, d.selector)]
    shown: dict[int, LexborNode] = {}
    for node, decl in (*ruled, *styled):
        if decl.name != "display":
            continue
        words = {t.lower_value for t in decl.value if isinstance(t, ast.IdentToken)}
        if node.tag in _RAW_TEXT and not words <= {"none"}:
            shown[node.mem_id] = node
        if words & _IN_LINE_DISPLAY:
            node.attrs[LAID_IN_LINE] = ""
        if words & _ROW_DISPLAY:
            child = node.child
            while child is not None:
                if not (child.tag or "").startswith("-"):
                    child.attrs[LAID_IN_LINE] = ""
                child = child.next
    return [
        Note(
            "FX501",
            f"bare figure '{text[span.start : span.end]}': a <{node.tag}> that a display "
            "shows draws its text as text; cite a record, or leave it undrawn",
            text[span.start : span.end],
        )
        for node in shown.values()
        for text in [node.text(deep=True) or ""]
        for span in find_bare_figures(text)
    ]


#: Elements whose text a browser does not draw, unless a ``display`` shows them (blind37).
_RAW_TEXT = frozenset({"style", "script"})


def _code_fonts(root: LexborNode, rules: list[Declaration]) -> None:
    """The fonts ``rules`` set for a ``<pre>`` or ``<code>``, written into its ``style``
    attribute before its own (which outweighs a rule), so that :func:`drawn_as_prose`
    reads the code as drawn."""
    fonts: dict[int, list[str]] = {}
    targets: dict[int, LexborNode] = {}
    for decl in rules:
        if decl.name in ("font", "font-family"):
            for node in matches(root, decl.selector):
                if node.tag in CODE:
                    fonts.setdefault(node.mem_id, []).append(decl.shown)
                    targets[node.mem_id] = node
    for mem_id, node in targets.items():
        node.attrs["style"] = "; ".join([*fonts[mem_id], node.attributes.get("style") or ""])


def _styled(root: LexborNode, rules: list[Declaration]) -> tuple[frozenset[int], list[str]]:
    """The elements (by ``mem_id``) a rule of ``rules`` may hide
    (:func:`~fxsite.verify.css.hides`), matched by the rule's selector; a
    ``::first-letter`` rule's letters are put apart instead (:mod:`.first_letter`), and
    the claims whose first letter one hides are listed."""
    found: set[int] = set()
    claims: list[str] = []
    for decl in rules:
        if rule_hides(decl):
            if names_first_letter(decl.selector):
                claims += hide_first_letters(matches(root, decl.selector))
            else:
                found.update(node.mem_id for node in matches(root, decl.selector))
    return frozenset(found), claims


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


#: At most this many images are written into one page; past it the page is refused
#: (each is an element, and a rule may match every element of a page).
MAX_DRAWN = 4096


def draw_css_images(root: LexborNode, rules: list[Declaration], sheets: PageSheets) -> str | None:
    """Each image the page's ``rules`` and ``style`` attributes draw that draws text,
    written in where it is drawn as an ``<img>`` (:mod:`.css_images`); why the page cannot
    be read so (more than :data:`MAX_DRAWN` images), or None."""
    images, custom = _image_declarations(root, rules)
    if not custom and not images:
        return None
    drawn: list[tuple[LexborNode, str, str]] = []
    site_url = sheets.files.site_url if sheets.files is not None else ""
    for nodes, decl in images:
        for url in [*image_urls(decl), *(custom if reads_var(decl) else [])]:
            drawn += _drawn_at(nodes, decl, url, site_url)
            if len(drawn) > MAX_DRAWN:
                return f"its styles draw more than {MAX_DRAWN:,} images"
    for target, where, src in drawn:
        if read_image(sheets, src):
            _insert_image(target, where, src)
    return None


def _image_declarations(
    root: LexborNode, rules: list[Declaration]
) -> tuple[list[tuple[list[LexborNode], Declaration]], list[str]]:
    """Each declaration of ``rules`` and of the page's ``style`` attributes that draws an
    image, with the elements it applies to; and the images custom properties name."""
    styled = [(n, style_declarations(n.attributes.get("style") or "")) for n in root.css("[style]")]
    styled = [(n, d) for n, d in styled if d]
    declared = [*rules, *(d for _, decls in styled for d in decls)]
    custom = [u for d in declared if d.name.startswith("--") for u in image_urls(d)]
    if not custom and not any(is_image(d) for d in declared):
        return [], custom
    images = [
        *((matches(root, d.selector), d) for d in rules if is_image(d)),
        *(([n], d) for n, decls in styled for d in decls if is_image(d)),
    ]
    return images, custom


def _drawn_at(
    nodes: list[LexborNode], decl: Declaration, url: str, site_url: str
) -> list[tuple[LexborNode, str, str]]:
    """Where ``decl`` draws the image at ``url`` in each of ``nodes`` (a list's marker: at
    each of its items; an empty box: once, at its end), with the image's address."""
    path = resolve(url, decl.base, site_url) if decl.base else None
    src = site_href(path, site_url) if path is not None else url  # a file's: from it
    drawn: list[tuple[LexborNode, str, str]] = []
    for node in nodes:
        for target in _markers(node) if decl.name in MARKER_PROPERTIES else [node]:
            ends = placements(decl) if (target.text() or "").strip() else ("end",)
            drawn += [(target, where, src) for where in ends]  # an empty box: once
    return drawn


def _markers(node: LexborNode) -> list[LexborNode]:
    """Where a list's marker image is drawn: at each of its items (an item's own, at it)."""
    return [c for c in node.iter() if c.tag == "li"] if node.tag in ("ul", "ol") else [node]


def _insert_image(node: LexborNode, where: str, src: str) -> None:
    img = LexborHTMLParser("<img>").css_first("img")
    assert img is not None
    img.attrs["src"] = src
    first = node.child
    if where == "start" and first is not None:
        first.insert_before(img)
    else:
        node.insert_child(img)
