"""Images CSS draws where an element stands: a background, a border, a mask, a list's
marker, generated content.

``<span style="background-image:url(n.svg)"></span>`` draws the site's ``n.svg`` in the
line as ``<img src="n.svg">`` does: where n.svg draws "95", "Each save took
<span …></span> s" shows "Each save took 95 s" (blind21). The page reader reads such
an image's text as it reads an ``<img>``'s (:func:`~.images.read_image`), at the start
of the element's text; a list's marker image (``list-style-image``, which the items of a
list inherit) at the start of each item's. A stylesheet rule's image is written into the
``style`` of the elements its selector matches (:func:`~.styled.apply_styles`), so that
one reading serves both.

An image is named by ``url(…)`` (quoted or not), or by a string in ``image-set()``;
``cursor`` (drawn only under the pointer) is not read.
"""

from __future__ import annotations

import functools

from tinycss2 import ast  # type: ignore[import-untyped]

from fxsite.verify.css import Declaration, read_style

__all__ = ["IMAGE_PROPERTIES", "MARKER_PROPERTIES", "drawn_images", "image_urls", "may_draw"]

#: Properties that draw an image in the element's box, in the line of its text.
IMAGE_PROPERTIES = frozenset(
    {
        "background",
        "background-image",
        "border-image",
        "border-image-source",
        "-webkit-border-image",
        "content",
        "mask",
        "mask-image",
        "mask-border",
        "mask-border-source",
        "-webkit-mask",
        "-webkit-mask-image",
        "-webkit-mask-box-image",
        "-webkit-mask-box-image-source",
    }
)
#: Properties that draw an image as a list item's marker (inherited by the list's items).
MARKER_PROPERTIES = frozenset({"list-style", "list-style-image"})
#: Functions whose strings name images (``image-set("n.svg" 1x)``).
_IMAGE_SETS = frozenset({"image-set", "-webkit-image-set"})


def may_draw(style: str) -> bool:
    """A cheap precondition: ``style`` may name an image (a function, or an escape)."""
    return "(" in style or "\\" in style


def image_urls(decl: Declaration) -> list[str]:
    """The images a declaration of :data:`IMAGE_PROPERTIES` or :data:`MARKER_PROPERTIES`
    draws, by URL as written ([] for any other)."""
    if decl.name not in IMAGE_PROPERTIES and decl.name not in MARKER_PROPERTIES:
        return []
    found: list[str] = []
    stack: list[tuple[ast.Node, bool]] = [(t, False) for t in reversed(decl.value)]
    while stack:
        token, in_set = stack.pop()
        if isinstance(token, ast.URLToken) or (isinstance(token, ast.StringToken) and in_set):
            found.append(token.value)
        elif isinstance(token, ast.FunctionBlock):
            if token.lower_name == "url":
                found += [a.value for a in token.arguments if isinstance(a, ast.StringToken)]
            else:
                inner = in_set or token.lower_name in _IMAGE_SETS
                stack += [(a, inner) for a in reversed(token.arguments)]
    return found


@functools.lru_cache(maxsize=1024)
def drawn_images(style: str, markers: bool = False) -> tuple[str, ...]:
    """The images a ``style`` attribute draws in its element's box (``markers``: as its
    list items' markers instead), in order."""
    if not may_draw(style):
        return ()
    wanted = MARKER_PROPERTIES if markers else IMAGE_PROPERTIES
    return tuple(url for d in read_style(style) if d.name in wanted for url in image_urls(d))
