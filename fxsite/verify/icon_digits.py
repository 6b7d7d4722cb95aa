"""Icons that draw digits: Material's numeric icons and Font Awesome's digit icons.

With pymdownx.emoji and Material's ``to_svg``, an icon shortcode
(``:material-numeric-9:``, ``:fontawesome-solid-4:``) is written into the page
as the icon's SVG, inline and with no text: ``:material-numeric-9::material-numeric-4: s``
shows "94 s". The page reader (:mod:`fxsite.verify.visible`) reads such an SVG
as the digits it draws, known by its drawing (the path data of the icon files
Material ships), so a page, its build and a published site under audit read it
alike; the locator (:mod:`fxsite.pages.locate`) places what it draws at the
shortcode, known by its name.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from selectolax.lexbor import LexborNode

__all__ = ["icon_text", "shortcode_digits"]

#: The icons that draw a number, by file: Material's ``numeric-9``, ``numeric-9-plus-box``,
#: ``numeric-negative-1``, and Font Awesome's ``solid/9``.
_NUMERIC = re.compile(
    r"material/numeric-(?P<sign>negative-|positive-)?(?P<n>\d{1,2})(?P<plus>-plus)?"
    r"(?:-(?:box|circle)(?:-multiple)?(?:-outline)?)?"
    r"|fontawesome/[a-z]+/(?P<digit>\d)"
)
_PATH_DATA = re.compile(r"""<path\b[^>]*?\sd=["']([^"']*)["']""")


def _drawn(name: str) -> str | None:
    """The number an icon file's name (``material/numeric-9-box``) says it draws."""
    match = _NUMERIC.fullmatch(name)
    if match is None:
        return None
    if match["digit"] is not None:
        return str(match["digit"])
    sign = {"negative-": "-", "positive-": "+"}.get(match["sign"] or "", "")
    return f"{sign}{match['n']}{'+' if match['plus'] else ''}"


@cache
def _icons() -> tuple[dict[tuple[str, ...], str], dict[str, str]]:
    """(the number each digit icon's path data draws, the number each shortcode draws)."""
    try:
        import material  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - Material is a dependency
        return {}, {}
    root = Path(material.__file__).parent / "templates" / ".icons"
    drawings: dict[tuple[str, ...], str] = {}
    names: dict[str, str] = {}
    for pattern in ("material/numeric-*.svg", "fontawesome/*/[0-9].svg"):
        for file in sorted(root.glob(pattern)):
            name = file.relative_to(root).with_suffix("").as_posix()
            drawn = _drawn(name)
            if drawn is None:
                continue
            paths = tuple(_PATH_DATA.findall(file.read_text(encoding="utf-8")))
            if paths:
                drawings.setdefault(paths, drawn)
            names[f":{name.replace('/', '-')}:"] = drawn
    return drawings, names


def icon_text(svg: LexborNode) -> str | None:
    """The number an inline ``<svg>`` draws when it is a digit icon, else None."""
    paths = tuple(str(p.attributes.get("d") or "") for p in svg.css("path"))
    return _icons()[0].get(paths) if paths else None


def shortcode_digits() -> dict[str, str]:
    """The number each digit icon's shortcode (``:material-numeric-9:``) draws."""
    return _icons()[1]
