"""Content tabs: each tab's label and panel, and the label a table in a panel is under.

pymdownx.tabbed writes a tab set's labels before its panels, in either of its styles
(:func:`tab_panels`). A label states a unit for the blocks of its panel
(:mod:`fxsite.pages.title_units`), and so for a table standing in the panel, as a
heading right above a table does (:func:`tab_label`, read by
:mod:`fxsite.pages.table_units`). Decisions (blind74):

- ``=== "Save time (s)"`` over a table reads its bare cells in seconds, a caption's unit:
  a label is the title of what its panel holds, tables included, and a reader who opens
  the tab sees the unit over the table as over a paragraph.
- Only a table standing in the panel itself, not one nested in a block of it (an
  admonition or another tab set has its own title); a caption of the table's own, a
  label paragraph or a heading right above it comes first, as nearer.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

__all__ = ["tab_label", "tab_panels"]


def _children(node: LexborNode) -> list[LexborNode]:
    return list(node.iter(include_text=False))


def _classes(node: LexborNode) -> list[str]:
    return (node.attributes.get("class") or "").split() if node.tag == "div" else []


def tab_panels(node: LexborNode) -> list[tuple[LexborNode, LexborNode]]:
    """A tab set's (label, panel) pairs, as pymdownx.tabbed writes them in either style."""
    labels: list[LexborNode] = []
    panels: list[LexborNode] = []
    for child in _children(node):
        names = _classes(child)
        if child.tag == "label":
            labels.append(child)
        elif "tabbed-labels" in names:
            labels += [c for c in _children(child) if c.tag == "label"]
        elif "tabbed-content" in names:
            blocks = [c for c in _children(child) if c.tag == "div"]
            panels += blocks if any("tabbed-block" in _classes(c) for c in blocks) else [child]
    return list(zip(labels, panels, strict=False))


def tab_label(table: LexborNode) -> LexborNode | None:
    """The label of the tab whose panel ``table`` stands in, or None."""
    panel = table.parent
    if panel is None or not {"tabbed-block", "tabbed-content"} & set(_classes(panel)):
        return None
    tab_set = panel.parent
    if tab_set is not None and "tabbed-set" not in _classes(tab_set):
        tab_set = tab_set.parent  # the alternate style: the panel is in "tabbed-content"
    if tab_set is None or "tabbed-set" not in _classes(tab_set):
        return None
    return next((label for label, at in tab_panels(tab_set) if at.mem_id == panel.mem_id), None)
