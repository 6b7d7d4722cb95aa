"""An element at the top of a page's content, reordered among what the page does not write.

CSS ``order`` and grid placement draw an element elsewhere among its siblings:
FX504 where their text could hold a figure (:mod:`fxsite.verify.order`). In the
published page, the siblings of an element at the top of the content are also
what the theme and the site draw around the content: Material's ``<h1>`` of the
page's title where the content has none, the Data sources and Related reading
lists, a page's tags. The page reader reads the content alone, so it cannot
tell what such an element moves among: the move is refused whatever the text
(FX504, at the declaration), by ``fxsite check`` and the build alike. Inside an
element the page writes (``<div style="display: flex">`` around the items), the
siblings are the page's own, and the text rule judges them. A rule of a
``<style>`` the page writes is matched in the whole published page, the theme's
elements too: a reordering rule there is refused whatever the text.
"""

from __future__ import annotations

from selectolax.lexbor import LexborHTMLParser, LexborNode

from fxsite.verify.css import Declaration, read_sheet, read_style, reorders

__all__ = ["top_level_moves"]


def _styled(html: str) -> bool:
    """Whether ``html`` case-folded holds "style": wherever a search ignoring case
    (``re.IGNORECASE``) finds it, as a style attribute or element is written (each
    character that search takes for a letter of the word case-folds to that letter).
    In a tenth of that search's time."""
    return "style" in html.casefold()


def _message(decl: Declaration) -> str:
    return (
        f"CSS {decl.shown} moves an element at the top of the page among what the theme and "
        "the site draw around the content (the page's title, Data sources, Related reading), "
        "which the page's reading does not see: a reader may see another figure than the one "
        "checked; reorder only inside an element of the page's own (a <div> around the items)"
    )


def _sheet_message(decl: Declaration) -> str:
    return (
        f"CSS {decl.shown} in the page's stylesheet reorders what its selector matches in the "
        "published page, the theme's elements too, which the page's reading does not see: a "
        "reader may see another figure than the one checked; set it in a style attribute, "
        "inside an element of the page's own"
    )


def _attribute_moves(body: LexborNode) -> list[Declaration]:
    """Reordering declarations of the ``style`` attributes of the content's top elements."""
    found = []
    for node in body.iter(include_text=False):
        style = node.attributes.get("style")
        if style:
            found += [d for d in read_style(style) if reorders(d) == "siblings"]
    return found


def _sheet_moves(root: LexborNode) -> list[Declaration]:
    """Reordering rules of the content's ``<style>`` elements (a rule's selector is matched
    in the whole published page)."""
    return [
        decl
        for sheet in root.css("style")
        for decl in read_sheet(sheet.text(deep=True) or "").declarations
        if reorders(decl) == "siblings"
    ]


def top_level_moves(html: str) -> list[tuple[str, str, str]]:
    """Each ``order`` or grid placement of an element at the top of the rendered content
    ``html``, as (code, message, the declaration as shown), in document order."""
    if not _styled(html):
        return []
    tree = LexborHTMLParser("<!DOCTYPE html>" + html)
    root, body = tree.root, tree.body
    if root is None or body is None:
        return []
    return [
        *(("FX504", _message(d), d.shown) for d in _attribute_moves(body)),
        *(("FX504", _sheet_message(d), d.shown) for d in _sheet_moves(root)),
    ]
