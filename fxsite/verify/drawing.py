"""One pass over a parsed page for what a browser draws beyond its text.

:func:`page_notes` visits every element once and asks the rules of
:mod:`.order` (text drawn in another order) and :mod:`.scripts` (text that
code writes; what is drawn from outside) about it. Elements inside a theme
chart (``figure.fx-chart``, checked against its figures by the audit) are
not asked about their SVG text.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from fxsite.verify import order, scripts
from fxsite.verify.layout import in_chart
from fxsite.verify.notes import Note

__all__ = ["page_notes"]

_FRAMES = frozenset({"iframe", "frame", "object", "embed"})


def _attrs(node: LexborNode) -> dict[str, str]:
    return {k.lower(): v or "" for k, v in node.attributes.items()}


def _element_notes(
    node: LexborNode, tag: str, attrs: dict[str, str], root: LexborNode
) -> list[Note]:
    found: list[Note | None] = []
    if tag == "script" and scripts.is_script(attrs):
        found.append(scripts.script_note(attrs, node.text(deep=True) or ""))
    elif tag == "style":
        css = node.text(deep=True) or ""
        found += scripts.sheet_notes(css, "")
        found += order.sheet_order_notes(root, css)
    elif tag == "bdo":
        found.append(order.bdo_note(node))
    elif tag == "maction":
        found.append(order.maction_note(node))
    elif tag == "svg" and not in_chart(node):
        found += order.svg_notes(node)
    elif tag == "link":
        found.append(scripts.link_note(attrs))
    elif tag in _FRAMES:
        found.append(scripts.frame_note(tag, attrs))
    elif tag == "meta":
        found.append(scripts.refresh_note(attrs))
    elif tag == "base":
        found.append(scripts.base_note(attrs))
    if "dir" in attrs and tag != "bdo":  # a <bdo>'s dir is its override, asked above
        found.append(order.dir_note(node, attrs["dir"]))
    if attrs.get("style"):
        found += order.style_order_notes(node, attrs["style"])
        found += scripts.style_notes(attrs["style"])
    found += scripts.handler_notes(attrs)
    return [n for n in found if n is not None]


#: Tags :func:`_element_notes` reads whatever their attributes are.
_READ_TAGS = frozenset(
    {"script", "style", "bdo", "maction", "svg", "link", "meta", "base", *_FRAMES}
)


def _read(tag: str, attributes: dict[str, str | None]) -> bool:
    """Whether :func:`_element_notes` can find anything on an element: a tag it reads,
    or an attribute it reads (``dir``, ``style``, a handler, a ``javascript:`` URL).

    Most elements have neither, and are not asked.
    """
    if tag in _READ_TAGS:
        return True
    for name, value in attributes.items():
        low = name.lower()
        if low in ("dir", "style") or low.startswith("on"):
            return True
        if low in scripts._SCRIPT_URLS and value and "javascript:" in value.lower():
            return True
    return False


def page_notes(root: LexborNode) -> list[Note]:
    """Every drawing note of the document (or fragment) under ``root``, once each."""
    out: list[Note] = []
    for node in root.traverse(include_text=False):
        tag = node.tag or ""
        if tag.startswith("-") or not _read(tag, node.attributes):
            continue
        for note in _element_notes(node, tag, _attrs(node), root):
            if note not in out:
                out.append(note)
    return out
