"""What a parsed HTML node holds, as the page readers compare and show it.

Its attributes (a bare attribute's value as ""), its text as a reader is shown it
(whitespace runs as one space), and its *structure*: each element's tag and sorted
attributes in document order, which the gate compares with a fresh render of what
the build generates (a claim, a record page's row). Walks keep their own stack.
"""

from __future__ import annotations

from functools import lru_cache

from selectolax.lexbor import LexborNode

from fxsite.verify.chrome import normalise
from fxsite.verify.layout import LAID_IN_LINE

__all__ = [
    "direct_text",
    "element_key",
    "node_attrs",
    "node_text",
    "own_text",
    "published_attrs",
    "structure",
]


def node_attrs(node: LexborNode) -> dict[str, str]:
    return {k: v or "" for k, v in node.attributes.items()}


def published_attrs(node: LexborNode) -> dict[str, str]:
    """``node``'s attributes as compared with a fresh render: without the mark the gate's
    own reading of the page's styles adds (:data:`~.layout.LAID_IN_LINE`: a claim a
    stylesheet lays out ``inline-block`` was told as a claim with an attribute it never
    had, blind61)."""
    attrs = node_attrs(node)
    attrs.pop(LAID_IN_LINE, None)
    return attrs


def own_text(
    node: LexborNode,
) -> tuple[str, str | None, str | None, tuple[tuple[str, tuple[tuple[str, str], ...]], ...]]:
    """A claim's shown text, badge and screen-reader text, and its :func:`structure`,
    in one pass over its elements in document order."""
    shown: list[str] = []
    badge: list[str] = []
    spoken: list[str] = []
    elements: list[tuple[str, tuple[tuple[str, str], ...]]] = []
    stack: list[tuple[LexborNode, list[str]]] = [(node, shown)]
    while stack:
        current, sink = stack.pop()
        tag = current.tag
        if tag == "-text":
            sink.append(current.text_content or "")
        elif tag != "-comment":
            elements.append(element_key(current))
        child = current.last_child
        while child is not None:
            target = sink
            if child.tag not in ("-text", "-comment"):
                classes = (child.attributes.get("class") or "").split()
                if "fx-badge" in classes:
                    target = badge
                elif "fx-sr" in classes:
                    target = spoken
            stack.append((child, target))
            child = child.prev
    return (
        "".join(shown),
        "".join(badge) if badge else None,
        "".join(spoken) if spoken else None,
        tuple(elements),
    )


def element_key(node: LexborNode) -> tuple[str, tuple[tuple[str, str], ...]]:
    """An element as :func:`structure` compares it: its tag and its sorted attributes;
    one object for equal keys (:func:`_shared`)."""
    return _shared((node.tag or "", tuple(sorted(published_attrs(node).items()))))


@lru_cache(maxsize=128)
def _shared(
    key: tuple[str, tuple[tuple[str, str], ...]],
) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The first of equal element keys: the gate keeps the structure of every generated
    part until the site is read (a row's badge, its notes), and the same few keys repeat
    in them (about 22,000 keys of 100 record pages, 1.1 MiB, held as a few hundred)."""
    return key


def structure(node: LexborNode) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    out = []
    stack = [node]
    while stack:
        current = stack.pop()
        if current.tag not in ("-text", "-comment"):
            out.append(element_key(current))
        child = current.last_child
        while child is not None:
            stack.append(child)
            child = child.prev
    return tuple(out)


def direct_text(node: LexborNode) -> str:
    parts = []
    child = node.child
    while child is not None:
        if child.tag == "-text":
            parts.append(child.text_content or "")
        child = child.next
    return normalise("".join(parts))


def node_text(node: LexborNode | None) -> str:
    return normalise(node.text(deep=True) or "") if node is not None else ""
