"""A unit stated by a container's title for the blocks of its body.

As a column's header does for its cells (:mod:`fxsite.pages.header_units`), the
title of an admonition, a ``<details>`` summary, a content tab's label and a list
item's own words state a unit (:func:`~fxsite.pages.header_units.header_unit`) for
the bare numbers of the body: "98" in a tab "Save time (s)" reads "98 s", "NFS: 96"
under a list item "Save time in seconds" reads "96 seconds". So do a paragraph that
ends in a label over the list after it ("Save time (s):" over "- 94") and a definition
list's term over its definitions ("Save time (s)" over ": 94"; a term naming a quantity
without a unit, "Save time", makes a bare number a figure of it, as a column's header does:
blind74): :func:`list_units`. So does a heading for the paragraph right after it ("##
Random read IOPS" over "150,000 on the FX100.": blind78): :func:`heading_units`; as in any
such block, only a number that stands as a cell does (alone, after a label, or with where
it was measured: "178 on NFS") is read so, not a sentence's.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from selectolax.lexbor import LexborNode

from fxsite.pages.header_units import NAMED_ONLY, header_unit
from fxsite.pages.quantity_names import NAMED_QUANTITY
from fxsite.pages.tab_labels import tab_panels
from fxsite.pages.table_units import (
    child_nodes,
    heading_before,
    heading_text,
    node_text,
    writes_unit,
)

__all__ = ["TITLED", "container_units", "heading_units", "list_units"]

#: How a block under a title says where its unit is stated (what it starts with).
TITLED = "under the title"


#: The classes of the containers whose title states a unit for their body.
_ADMONITION, _TABS = "admonition", "tabbed-set"


def container_units(node: LexborNode, classes: AbstractSet[str]) -> dict[int, tuple[str, str]]:
    """Each block (by ``mem_id``) of the body of an admonition, a ``<details>``, a set of
    content tabs or a list item's nested lists: the unit its title (a tab's label, the
    item's words) states, and where; none where the title states none (:func:`header_unit`)."""
    out: dict[int, tuple[str, str]] = {}
    if node.tag == "li":
        return _item_units(node)
    if _TABS in classes:
        for label, panel in tab_panels(node):
            out.update(_body_units(label, child_nodes(panel)))
        return out
    children = [c for c in child_nodes(node) if not (c.tag or "-").startswith("-")]
    if not children:
        return out
    title = children[0]
    is_title = (
        title.tag == "summary"
        if node.tag == "details"
        else _ADMONITION in classes
        and ("admonition-title" in (title.attributes.get("class") or "").split())
    )
    return _body_units(title, children[1:]) if is_title else out


def _item_units(item: LexborNode) -> dict[int, tuple[str, str]]:
    """The items of the lists nested in list item ``item``, under its own words before
    them ("Save time in seconds" over "- NFS: 96")."""
    children = child_nodes(item)
    first = next((n for n, c in enumerate(children) if c.tag in ("ul", "ol")), None)
    if first is None:
        return {}
    text = " ".join(" ".join(node_text(c) for c in children[:first]).split())
    nested = [i for c in children[first:] if c.tag in ("ul", "ol") for i in child_nodes(c)]
    return _body_units(text, [i for i in nested if i.tag == "li"], ("li",))


def _body_units(
    title: LexborNode | str,
    body: list[LexborNode],
    blocks: tuple[str, ...] = ("p", "div"),
    *,
    named: bool = False,
) -> dict[int, tuple[str, str]]:
    """The unit ``title`` states for the ``blocks`` of ``body``; with ``named`` (a definition
    list's term, which defines what follows as a header does its column), a quantity it
    names without a unit too: "Save time" over ": 94" (blind74)."""
    text = title if isinstance(title, str) else node_text(title)
    unit = header_unit(text) if text else None
    if unit is None and named and NAMED_QUANTITY.fullmatch(text):
        unit = NAMED_ONLY
    if unit is None:
        return {}
    said = f"{TITLED} '{text}'"
    return {block.mem_id: (unit, said) for block in body if block.tag in blocks}


def list_units(node: LexborNode) -> dict[int, tuple[str, str]]:
    """The items of list ``node`` under the paragraph before it where that paragraph is a
    label (it ends in a colon: "Save time (s):") or the heading before it where it writes
    a unit out ("#### Save time, in seconds"), or the definitions of definition list
    ``node`` under their terms: the unit each states (:func:`header_unit`)."""
    if node.tag == "dl":
        out: dict[int, tuple[str, str]] = {}
        term: LexborNode | None = None
        for child in child_nodes(node):
            if child.tag == "dt":
                term = child
            elif child.tag == "dd" and term is not None:
                out.update(_body_units(term, [child], ("dd",), named=True))
        return out
    label = node.prev
    while label is not None and (label.tag or "-").startswith("-"):
        label = label.prev  # text between them: spaces, a comment
    items = [item for item in child_nodes(node) if item.tag == "li"]
    heading = heading_text(label) if label is not None else ""
    if heading and writes_unit(heading):  # "#### Save time, in seconds" over the list (blind20)
        return _body_units(heading, items, ("li",))
    if label is None or label.tag != "p":
        return {}
    text = " ".join(node_text(label).split())
    if not text.endswith((":", "：")):
        return {}
    return _body_units(text, items, ("li",))


def heading_units(paragraph: LexborNode) -> dict[int, tuple[str, str]]:
    """``paragraph`` under the heading right before it, where that heading states a unit
    or names a quantity without one (:func:`_body_units`): "## Random read IOPS" over
    "150,000 on the FX100." (blind78)."""
    heading = heading_before(paragraph)
    return _body_units(heading, [paragraph], named=True) if heading else {}
