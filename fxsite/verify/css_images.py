"""Images CSS draws where an element stands: a background, a border, a mask, a list's
marker, generated content.

``<span style="background-image:url(n.svg)"></span>`` draws the site's ``n.svg`` in the
line as ``<img src="n.svg">`` does: where n.svg draws "95", "Each save took
<span …></span> s" shows "Each save took 95 s" (blind21). Before the page reader walks a
page, each image CSS draws that draws text is written into the page as the ``<img>`` a
browser's drawing amounts to (:func:`~.styled.draw_css_images`), and read as any image is
(:mod:`.images`):

* generated content at the element's start (``::before``, ``::marker``) or its end
  (``::after``);
* an image in the element's box (a background, a border, a mask), which may be drawn at
  either end of its text (``background-position: right``), at both;
* a list's marker image (``list-style-image``, which a list's items inherit) at the
  start of each item.

An image is named by ``url(…)`` (quoted or not), by a string in ``image-set()``, or by a
custom property (``--i: url(…)``) a ``var()`` of an image property may read (every such
URL the page's styles hold is taken: which one a ``var()`` reads is not worked out). A
URL in a stylesheet file is found from the file's place, as a browser finds it. Only an
image that draws text is written in (one drawing nothing would add a space inside a
figure: ``9<span …>4 s</span>``); ``cursor`` (drawn only under the pointer) is not read.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from tinycss2 import ast  # type: ignore[import-untyped]

from fxsite.verify.css import Declaration, read_style

__all__ = [
    "IMAGE_PROPERTIES",
    "MARKER_PROPERTIES",
    "drawn_images",
    "image_urls",
    "is_image",
    "placements",
    "reads_var",
    "style_declarations",
]

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
_AFTER = re.compile(r":(?::)?after\b", re.IGNORECASE)
_BEFORE = re.compile(r":(?::)?(?:before|marker)\b", re.IGNORECASE)


def may_draw(style: str) -> bool:
    """A cheap precondition: ``style`` may name an image (a function, or an escape)."""
    return "(" in style or "\\" in style


def _urls(tokens: Iterable[ast.Node]) -> list[str]:
    found: list[str] = []
    stack: list[tuple[ast.Node, bool]] = [(t, False) for t in reversed(list(tokens))]
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


def image_urls(decl: Declaration) -> list[str]:
    """The images a declaration draws or holds for a ``var()`` (a custom property's), by
    URL as written; [] for any other."""
    if decl.name not in IMAGE_PROPERTIES and decl.name not in MARKER_PROPERTIES:
        return _urls(decl.value) if decl.name.startswith("--") else []
    return _urls(decl.value)


def reads_var(decl: Declaration) -> bool:
    """An image property whose value reads a custom property (``var(--i)``)."""
    stack = list(decl.value)
    while stack:
        token = stack.pop()
        if isinstance(token, ast.FunctionBlock):
            if token.lower_name == "var":
                return True
            stack += token.arguments
    return False


@functools.lru_cache(maxsize=1024)
def style_declarations(style: str) -> tuple[Declaration, ...]:
    """A ``style`` attribute's declarations that draw an image or hold one for a ``var()``."""
    if not may_draw(style):
        return ()
    return tuple(d for d in read_style(style) if image_urls(d) or is_image(d))


def is_image(decl: Declaration) -> bool:
    """A declaration of a property that draws an image (a marker's too)."""
    return decl.name in IMAGE_PROPERTIES or decl.name in MARKER_PROPERTIES


def placements(decl: Declaration) -> tuple[str, ...]:
    """At which end of the element's text a declaration's image is drawn: a pseudo-element's
    at its end; one in the element's box at either end of its text, both."""
    if _AFTER.search(decl.selector):
        return ("end",)
    if _BEFORE.search(decl.selector) or decl.name in MARKER_PROPERTIES:
        return ("start",)
    return ("start", "end")


def drawn_images(style: str, markers: bool = False) -> tuple[str, ...]:
    """The images a ``style`` attribute draws in its element's box (``markers``: as its
    list items' markers instead), by URL as written, in order (where the locator looks
    for their text)."""
    wanted = MARKER_PROPERTIES if markers else IMAGE_PROPERTIES
    return tuple(u for d in style_declarations(style) if d.name in wanted for u in image_urls(d))
