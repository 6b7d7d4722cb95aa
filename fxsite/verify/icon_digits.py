"""Icons that draw digits or signs: Material's numeric and Roman numeral icons and Font
Awesome's digit icons; their percent, currency, multiplication, cross and letter icons.

With pymdownx.emoji and Material's ``to_svg``, an icon shortcode
(``:material-numeric-9:``, ``:fontawesome-solid-4:``) is written into the page
as the icon's SVG, inline and with no text: ``:material-numeric-9::material-numeric-4: s``
shows "94 s". The page reader (:mod:`fxsite.verify.visible`) reads such an SVG
as the digits it draws, known by its drawing (the path data of the icon files
Material ships), so a page, its build and a published site under audit read it
alike; the locator (:mod:`fxsite.pages.locate`) places what it draws at the
shortcode, known by its name. An icon of a sign reads as that sign:
``94 :material-percent:`` is "94 %", ``:fontawesome-solid-dollar-sign:300`` "$300",
``1.9:material-multiplication:`` "1.9×", and a letter icon (``:material-alpha-s:``,
``:fontawesome-solid-s:``) its letter lower-cased, as units are written ("95 s"). A cross
reads as the multiplication sign it passes for (``1.9 :material-close:``,
``:fontawesome-solid-xmark:``, ``:octicons-x-16:``, ``:octicons-x-circle-fill-24:``, the
X logo ``:simple-x:``: "1.9 ×"), a Roman numeral as its number (``:material-roman-numeral-9:
s``, drawn "IX s": "9 s"), a tag or a ticket showing a percent sign (``98 :material-sale:``)
as "%". Where a letter icon draws what a number icon draws (Material's ``alpha-x`` is its
``roman-numeral-10``, ``alpha-o`` its ``numeric-0``), the drawing reads as the number,
but the X right after a number reads as the multiplication sign it passes for
(``2 :material-alpha-x: faster``, ``2 :material-roman-numeral-10: faster``: "2 x faster";
:func:`after_number`); a shortcode reads as its drawing does. An icon a setting names
(``theme.icon.logo: material/numeric-9``, a page's ``icon:``) draws the same
(:func:`named_icon`).
"""

from __future__ import annotations

import os
import re
from fnmatch import filter as fnmatch_filter
from functools import cache

from selectolax.lexbor import LexborNode

__all__ = ["after_number", "icon_text", "named_icon", "shortcode_digits", "shortcode_text"]

#: The icons that draw a number, by file: Material's ``numeric-9``, ``numeric-9-plus-box``,
#: ``numeric-negative-1``, and Font Awesome's ``solid/9``.
_NUMERIC = re.compile(
    r"material/numeric-(?P<sign>negative-|positive-)?(?P<n>\d{1,2})(?P<plus>-plus)?"
    r"(?:-(?:box|circle)(?:-multiple)?(?:-outline)?)?"
    r"|fontawesome/[a-z]+/(?P<digit>\d)"
    r"|material/roman-numeral-(?P<roman>\d{1,2})"
)
#: Material's sign icons by name (a ``-box``, ``-circle``, ``-outline`` variant alike).
_MATERIAL_SIGNS = {
    "percent": "%",
    "sale": "%",
    "ticket-percent": "%",
    "brightness-percent": "%",
    "multiplication": "×",
    "close": "×",
    "close-thick": "×",
    "window-close": "×",
    "currency-usd": "$",
    "currency-eur": "€",
    "currency-gbp": "£",
    "currency-cny": "¥",
    "currency-jpy": "¥",
    "currency-inr": "₹",
    "currency-rupee": "₹",
    "currency-krw": "₩",
    "currency-rub": "₽",
    "currency-btc": "₿",
    "currency-ils": "₪",
    "currency-ngn": "₦",
    "currency-php": "₱",
    "currency-thb": "฿",
    "currency-try": "₺",
    "currency-uah": "₴",
    "currency-kzt": "₸",
    "currency-bdt": "৳",
    "currency-mnt": "₮",
    "currency-brl": "R$",
    "currency-twd": "NT$",
    "currency-sign": "¤",
}
#: Font Awesome's sign icons by name.
_FONTAWESOME_SIGNS = {
    "percent": "%",
    "percentage": "%",
    "multiply": "×",
    "xmark": "×",
    "times": "×",
    "circle-xmark": "×",
    "xmark-circle": "×",
    "times-circle": "×",
    "square-xmark": "×",
    "xmark-square": "×",
    "times-square": "×",
    "rectangle-xmark": "×",
    "times-rectangle": "×",
    "dollar-sign": "$",
    "euro-sign": "€",
    "sterling-sign": "£",
    "pound-sign": "£",
    "yen-sign": "¥",
    "indian-rupee-sign": "₹",
    "rupee-sign": "₹",
    "won-sign": "₩",
    "ruble-sign": "₽",
    "bitcoin-sign": "₿",
    "shekel-sign": "₪",
    "sheqel-sign": "₪",
    "naira-sign": "₦",
    "peso-sign": "₱",
    "baht-sign": "฿",
    "lira-sign": "₺",
    "turkish-lira-sign": "₺",
    "hryvnia-sign": "₴",
    "tenge-sign": "₸",
    "dong-sign": "₫",
    "cent-sign": "¢",
}
_MATERIAL_VARIANT = re.compile(r"(?:-(?:box|circle))?(?:-outline)?\Z")
_PATH_DATA = re.compile(r"""<path\b[^>]*?\sd=["']([^"']*)["']""")


def _drawn(name: str) -> str | None:
    """The number or sign an icon file's name (``material/numeric-9-box``,
    ``fontawesome/solid/percent``) says it draws."""
    match = _NUMERIC.fullmatch(name)
    if match is None:
        return _sign(name)
    if match["digit"] is not None or match["roman"] is not None:
        return str(match["digit"] or match["roman"])
    sign = {"negative-": "-", "positive-": "+"}.get(match["sign"] or "", "")
    return f"{sign}{match['n']}{'+' if match['plus'] else ''}"


def _sign(name: str) -> str | None:
    """The sign or letter (lower-cased) a sign icon's file name says it draws, else None."""
    family, _, icon = name.partition("/")
    if family == "material":
        base = _MATERIAL_VARIANT.sub("", icon)
        if re.fullmatch(r"alpha-[a-z]", base):
            return base[-1]
        return _MATERIAL_SIGNS.get(base)
    if family == "fontawesome":
        icon = icon.rpartition("/")[2]
        return icon if re.fullmatch(r"[a-z]", icon) else _FONTAWESOME_SIGNS.get(icon)
    if family == "octicons":
        return "×" if re.fullmatch(r"x(?:-circle(?:-fill)?)?-\d+", icon) else None
    if family == "simple":
        return "×" if icon == "x" else None
    return None


#: The icon files read, by folder under Material's ``.icons`` (``*`` a folder's every folder)
#: and name, in this order.
_FILES = (
    ("material", "numeric-*.svg"),
    ("material", "percent*.svg"),
    ("material", "multiplication*.svg"),
    ("material", "close*.svg"),
    ("material", "window-close.svg"),
    ("material", "roman-numeral-*.svg"),
    ("material", "sale*.svg"),
    ("material", "ticket-percent*.svg"),
    ("material", "brightness-percent.svg"),
    ("material", "currency-*.svg"),
    ("material", "alpha-?*.svg"),
    ("fontawesome/*", "*.svg"),
    ("octicons", "x-*.svg"),
    ("simple", "x.svg"),
)


#: A letter that is a sign right after a number ("2 x faster"), where a number icon draws it too.
_SIGN_LETTERS = frozenset("x")

_Icons = tuple[dict[tuple[str, ...], str], dict[str, str], dict[tuple[str, ...] | str, str]]


@cache
def _icons() -> _Icons:
    """(the number or sign each icon's path data draws, what each shortcode's drawing
    draws, the sign letter each drawing or shortcode of a number draws too)."""
    try:
        import material  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - Material is a dependency
        return {}, {}, {}
    root = os.path.join(os.path.dirname(material.__file__), "templates", ".icons")
    drawings: dict[tuple[str, ...], str] = {}
    names: dict[str, str] = {}
    shapes: dict[str, tuple[str, ...]] = {}
    twins: dict[tuple[str, ...] | str, str] = {}
    listed: dict[str, list[str]] = {}  # a folder's names, sorted, listed once (Material's 7,000)
    for folder, pattern in _FILES:
        for found in _folders(root, folder):
            if found not in listed:
                listed[found] = sorted(os.listdir(os.path.join(root, found)))
            for file in fnmatch_filter(listed[found], pattern):
                name = f"{found}/{file.removesuffix('.svg')}"
                drawn = _drawn(name)
                if drawn is None:
                    continue
                with open(os.path.join(root, found, file), encoding="utf-8") as svg:
                    paths = tuple(_PATH_DATA.findall(svg.read()))
                code = f":{name.replace('/', '-')}:"
                if paths:
                    if drawings.setdefault(paths, drawn) != drawn and drawn in _SIGN_LETTERS:
                        twins[paths] = drawn
                    drawn, shapes[code] = drawings[paths], paths
                names[code] = drawn
    twins.update({code: twins[paths] for code, paths in shapes.items() if paths in twins})
    return drawings, names, twins


def _folders(root: str, folder: str) -> list[str]:
    """``folder`` (``fontawesome/*``: each folder in ``fontawesome``, sorted) under ``root``."""
    parent, _, last = folder.rpartition("/")
    if last != "*":
        return [folder]
    with os.scandir(os.path.join(root, parent)) as entries:
        return sorted(f"{parent}/{e.name}" for e in entries if e.is_dir())


#: What an ``<svg>`` of this markup draws: Material writes the same icons on every page
#: (its header's, its footer's), and finding an SVG's paths costs twenty times writing it.
#: At most ``_KEPT_SVGS`` of them, each of at most ``_KEPT_MARKUP`` characters.
_SEEN: dict[str, tuple[str | None, str | None]] = {}
_KEPT_SVGS = 256
_KEPT_MARKUP = 4096


def icon_text(svg: LexborNode, before: str = "") -> str | None:
    """The number or sign an inline ``<svg>`` draws when it is a digit or sign icon, else
    None; ``before``: the text before it in its line (:func:`after_number`)."""
    markup = svg.html or ""
    if markup in _SEEN:
        drawn, letter = _SEEN[markup]
    else:
        paths = tuple(str(p.attributes.get("d") or "") for p in svg.css("path"))
        drawn = _icons()[0].get(paths) if paths else None
        letter = _icons()[2].get(paths)
        if len(_SEEN) < _KEPT_SVGS and len(markup) <= _KEPT_MARKUP:
            _SEEN[markup] = drawn, letter
    return after_number(drawn, letter, before) if drawn is not None else drawn


_ENDS_IN_NUMBER = re.compile(r"[0-9]\s?\Z")


def after_number(drawn: str, letter: str | None, before: str) -> str:
    """What a drawing read as ``drawn`` reads as after the text ``before`` it in its line:
    the sign ``letter`` a number's drawing is too (Material's X, ``roman-numeral-10`` and
    ``alpha-x``) right after a number ("2 x faster"), else ``drawn`` ("10")."""
    return letter if letter is not None and _ENDS_IN_NUMBER.search(before) else drawn


def shortcode_digits() -> dict[str, str]:
    """The number or sign each digit or sign icon's shortcode (``:material-numeric-9:``,
    ``:material-percent:``) draws, as its drawing is read."""
    return _icons()[1]


def shortcode_text(code: str, before: str) -> str | None:
    """What an icon's shortcode draws after the text ``before`` it (:func:`after_number`)."""
    drawn = _icons()[1].get(code)
    return after_number(drawn, _icons()[2].get(code), before) if drawn is not None else None


def named_icon(name: str) -> str | None:
    """The number or sign the icon a setting names (``material/numeric-9``) draws, else None."""
    return _icons()[1].get(f":{name.strip().replace('/', '-')}:")
