"""What a CSS declaration's value does to its element's text: hide it, or move it.

A value is read from its tokens (tinycss2's, comments dropped, as a browser drops
them: ``display:/**/none`` is ``display: none``). A value the gate cannot evaluate
for certain (``var()``, ``calc()``, ``env()``, any other function where a number or
a colour is expected) counts as what it might be: one that hides or moves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tinycss2 import ast  # type: ignore[import-untyped]
from tinycss2.color4 import parse_color  # type: ignore[import-untyped]

__all__ = ["HIDING", "hiding", "moving"]

#: Below this opacity (or a colour's alpha) text counts as unseen.
FAINT = 0.5
#: Below this font size, in CSS pixels, a letter counts as unseen: half the default
#: 16px (Chromium draws a 6px "X" in 16px text as a dot, "4.8s").
TINY_PX = 8.0
#: CSS pixels per unit, for a font size; a relative unit as at the default 16px, a
#: viewport unit as at a 390px wide screen.
_PX = {
    "px": 1.0,
    "pt": 4 / 3,
    "pc": 16.0,
    "in": 96.0,
    "cm": 96 / 2.54,
    "mm": 96 / 25.4,
    "q": 96 / 101.6,
    **dict.fromkeys(("em", "rem", "ex", "ch", "cap", "ic", "lh", "rlh"), 16.0),
    **dict.fromkeys(("vw", "vh", "vmin", "vmax", "svw", "svh", "lvw", "lvh", "dvw", "dvh"), 3.9),
}

Tokens = Sequence[ast.Node]


def _plain(tokens: Tokens) -> list[ast.Node]:
    """The tokens that mean something: no whitespace, no comments."""
    return [t for t in tokens if not isinstance(t, (ast.WhitespaceToken, ast.Comment))]


def _idents(tokens: Tokens) -> set[str]:
    return {t.lower_value for t in tokens if isinstance(t, ast.IdentToken)}


def _functions(tokens: Tokens) -> set[str]:
    return {t.lower_name for t in tokens if isinstance(t, ast.FunctionBlock)}


def _fraction(token: ast.Node) -> float | None:
    """An opacity or alpha (``.5``, ``50%``, ``none`` as 0); None where it is not known."""
    if isinstance(token, ast.NumberToken):
        return float(token.value)
    if isinstance(token, ast.PercentageToken):
        return float(token.value) / 100
    if isinstance(token, ast.IdentToken) and token.lower_value == "none":
        return 0.0
    return None


def _faint(token: ast.Node | None) -> bool:
    """An opacity or alpha below :data:`FAINT`, or one not known."""
    value = _fraction(token) if token is not None else 1.0
    return value is None or value < FAINT


def _alpha(token: ast.Node) -> ast.Node | None:
    """A colour function's alpha (after ``/``, or the fourth of commas), None if it has none."""
    args = _plain(token.arguments)
    slash = [i for i, t in enumerate(args) if isinstance(t, ast.LiteralToken) and t.value == "/"]
    if slash:
        return args[slash[0] + 1] if slash[0] + 1 < len(args) else None
    parts = [t for t in args if not (isinstance(t, ast.LiteralToken) and t.value == ",")]
    return parts[3] if len(parts) > 3 and len(parts) < len(args) else None


#: Colour functions whose alpha :func:`_alpha` finds.
_COLOUR_FUNCTIONS = frozenset(
    {"rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "color"}
)


def _clear_colour(tokens: Tokens) -> bool:
    """A colour text is drawn in that leaves it unseen: ``transparent``, an alpha below
    :data:`FAINT` (``rgba(0,0,0,0)``, ``#0000``), or one not known (``var()``, ``color-mix()``)."""
    for token in _plain(tokens):
        if isinstance(token, ast.IdentToken) and token.lower_value == "transparent":
            return True
        if isinstance(token, ast.HashToken) and len(token.value) in (4, 8):
            digits = token.value[3:] if len(token.value) == 4 else token.value[6:]
            try:
                if int(digits, 16) / (16 ** len(digits) - 1) < FAINT:
                    return True
            except ValueError:
                continue
        if isinstance(token, ast.FunctionBlock):
            if token.lower_name not in _COLOUR_FUNCTIONS:
                return True
            alpha = _alpha(token)
            if alpha is not None and _faint(alpha):
                return True
    return False


#: Below this contrast with the page's white background text counts as unseen (``#eee``
#: is 1.16:1; ``#ccc``, 1.6:1, is seen).
FAINT_CONTRAST = 1.3
#: System colours drawn as a page's or a field's background (``Canvas``; the old names).
_BACKGROUNDS = frozenset({"canvas", "field", "window", "buttonface", "menu", "background"})


def _luminance(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


#: :func:`_token_shade` of a colour whose shade is not computed (``lab()`` and its kin).
_UNKNOWN_SHADE = -1.0


def _token_shade(token: ast.Node) -> float | None:
    """The relative luminance (WCAG's) of a colour token; None where it is no colour (or
    ``currentcolor``); :data:`_UNKNOWN_SHADE` where tinycss2 does not convert its space."""
    colour = parse_color(token)
    if colour is None or isinstance(colour, str):
        return None
    try:
        red, green, blue = colour.to("srgb").coordinates
    except NotImplementedError:
        return _UNKNOWN_SHADE
    return 0.2126 * _luminance(red) + 0.7152 * _luminance(green) + 0.0722 * _luminance(blue)


def _shade(tokens: Tokens) -> float | None:
    """The relative luminance of the first colour of ``tokens``, None where none is known."""
    for token in _plain(tokens):
        shade = _token_shade(token)
        if shade is not None:
            return None if shade == _UNKNOWN_SHADE else shade
    return None


def same_shade(colour: Tokens, background: Tokens) -> bool:
    """Text in ``colour`` on ``background`` is drawn as a blot: their contrast is below
    :data:`FAINT_CONTRAST` (blind67: ``color: #333; background: #333`` on a badge)."""
    text, ground = _shade(colour), _shade(background)
    if text is None or ground is None:
        return False
    light, dark = max(text, ground), min(text, ground)
    return (light + 0.05) / (dark + 0.05) < FAINT_CONTRAST


def _background_colour(tokens: Tokens) -> bool:
    """A colour text is drawn in that may be the page's background: a system colour of
    a background (``Canvas``), one within :data:`FAINT_CONTRAST` of Material's white
    (``#fff``, ``white``, ``hsl(0 0% 98%)``), or one whose shade is not computed (``lab()``)."""
    for token in _plain(tokens):
        if isinstance(token, ast.IdentToken) and token.lower_value in _BACKGROUNDS:
            return True
        shade = _token_shade(token)
        if shade == _UNKNOWN_SHADE or (
            shade is not None and 1.05 / (shade + 0.05) < FAINT_CONTRAST
        ):
            return True
    return False


#: The relative luminance of Material's dark scheme's background ("slate",
#: ``hsl(232 15% 14%)``, about ``#1e2029``).
DARK_GROUND = 0.0145
#: The properties that give text its colour.
_TEXT_COLOURS = frozenset({"color", "-webkit-text-fill-color"})


def _dark_ground_colour(tokens: Tokens) -> bool:
    """A colour within :data:`FAINT_CONTRAST` of the dark scheme's background
    (:data:`DARK_GROUND`), or one whose shade is not computed."""
    for token in _plain(tokens):
        shade = _token_shade(token)
        if shade == _UNKNOWN_SHADE or (
            shade is not None and (shade + 0.05) / (DARK_GROUND + 0.05) < FAINT_CONTRAST
        ):
            return True
    return False


def _px(token: ast.Node) -> float | None:
    """A font size in CSS pixels; None where it is not known (a function, a unit not listed)."""
    if isinstance(token, ast.NumberToken):
        return float(token.value)
    if isinstance(token, ast.PercentageToken):
        return float(token.value) * 16 / 100
    if isinstance(token, ast.DimensionToken) and token.lower_unit in _PX:
        return float(token.value) * _PX[token.lower_unit]
    return None


def _tiny(token: ast.Node) -> bool:
    """A font size below :data:`TINY_PX`, or one not known (a keyword, ``small``, is read)."""
    if isinstance(token, ast.IdentToken):
        return False
    size = _px(token)
    return size is None or size < TINY_PX


def _tiny_font(tokens: Tokens) -> bool:
    """A ``font`` shorthand whose size (a length, a percentage, a unitless 0, a function;
    not the line height after ``/``) is tiny or not known."""
    args = _plain(tokens)
    for at, token in enumerate(args):
        after_slash = (
            at > 0 and isinstance(args[at - 1], ast.LiteralToken) and args[at - 1].value == "/"
        )
        sized = isinstance(token, (ast.DimensionToken, ast.PercentageToken, ast.FunctionBlock)) or (
            isinstance(token, ast.NumberToken) and token.value == 0
        )
        if sized and not after_slash and _tiny(token):
            return True
    return False


#: A blur, in CSS pixels, from which a letter counts as unseen (a quarter of 16px text).
BLUR_PX = 4.0


#: A ``brightness()`` that draws grey or coloured text near white (a light page's
#: colour) at or above it, or near black (a dark page's) at or below :data:`DIM`.
BLINDING = 2.0
DIM = 0.1


def _blinding(token: ast.Node) -> bool:
    brightness = _fraction(token)
    return brightness is None or brightness >= BLINDING or brightness <= DIM


def _filtered_out(tokens: Tokens) -> bool:
    """A ``filter`` that may leave text unseen: ``opacity()`` or ``contrast()`` below :data:`FAINT`, a
    ``blur()`` of :data:`BLUR_PX` or more, an ``invert()`` that draws dark text light
    (above 1 - :data:`FAINT`), a ``brightness()`` that draws it as a page's colour
    (:func:`_blinding`), a ``url()`` filter (any drawing), or a value not known."""
    for token in _plain(tokens):
        if isinstance(token, ast.URLToken):
            return True
        if isinstance(token, ast.FunctionBlock):
            args = _plain(token.arguments)
            if token.lower_name == "url":
                return True
            if token.lower_name == "opacity" and args and _faint(args[0]):
                return True
            if token.lower_name == "blur" and args:
                blur = _px(args[0])
                if blur is None or blur >= BLUR_PX:
                    return True
            if token.lower_name == "brightness" and args and _blinding(args[0]):
                return True
            if token.lower_name == "contrast" and args and _faint(args[0]):
                return True  # every glyph the grey of its box (blind67: "contrast(0)")
            if token.lower_name == "invert" and args and not _faint(args[0]):
                invert = _fraction(args[0])
                if invert is None or invert > 1 - FAINT:
                    return True
    return False


#: Blend modes that draw dark text on a white page as the page (the rest keep it dark).
_DARK_BLENDS = frozenset({"normal", "multiply", "darken", "color-burn", "hard-light", "luminosity"})


def _negative(token: ast.Node) -> bool:
    """A length below 0, or one not known (a function)."""
    if isinstance(token, ast.FunctionBlock):
        return True
    return isinstance(token, (ast.NumberToken, ast.DimensionToken, ast.PercentageToken)) and (
        token.value < 0
    )


#: The widest (or highest) box, in CSS pixels, that draws no glyph whole: a box this small
#: hides what it holds as one of no size does (``width: 1px; overflow: hidden``: blind19).
NO_ROOM_PX = 2.0


def _no_room(tokens: Tokens) -> bool:
    """Every size of a value is 0, or a length under :data:`NO_ROOM_PX` (by :func:`_px`)."""
    return all(_no_room_for(t) for t in tokens)


def _no_room_for(token: ast.Node) -> bool:
    if isinstance(token, (ast.NumberToken, ast.PercentageToken)):
        return bool(token.value == 0)
    size = _px(token) if isinstance(token, ast.DimensionToken) else None
    return size is not None and 0 <= size < NO_ROOM_PX


#: Functions whose value the gate does not compute.
_UNKNOWN = frozenset({"var", "env", "attr", "calc", "min", "max", "clamp", "if"})
_SIZES = frozenset(
    {"width", "height", "max-width", "max-height"}
    | {"inline-size", "block-size", "max-inline-size", "max-block-size"}
)
_MOVERS = frozenset({"transform", "scale", "translate", "rotate", "zoom"})
_MASKS = frozenset(
    {
        "mask",
        "mask-image",
        "mask-border",
        "-webkit-mask",
        "-webkit-mask-image",
        "-webkit-mask-box-image",
    }
)
#: CSS-wide keywords: the value another rule or the property's initial value gives.
_WIDE = frozenset({"inherit", "initial", "unset", "revert", "revert-layer"})


def hiding(name: str, value: Tokens, dark: bool = False) -> bool:
    """The declaration ``name: value`` may leave its element's text undrawn where it
    stands: hidden, shrunk to nothing, moved off its box, clipped, masked, faded or
    drawn in no colour (see the module's note on values not known). ``dark``: drawn in
    a dark colour scheme alone, where a colour hides text near that scheme's background
    (:data:`DARK_GROUND`), not near white."""
    tokens = _plain(value)
    if not tokens or name.startswith("--"):
        return False
    words = _idents(tokens)
    if _functions(tokens) & {"var", "env", "attr"}:
        return name in _HIDERS
    if len(tokens) == 1 and words & _WIDE:
        return False
    if dark and name in _TEXT_COLOURS:
        return _clear_colour(tokens) or _dark_ground_colour(tokens)
    rule = _HIDERS.get(name)
    return rule is not None and rule(tokens, words)


_OFFSETS = frozenset(
    {
        "top",
        "left",
        "right",
        "bottom",
        "inset",
        "inset-block",
        "inset-inline",
        "inset-block-start",
        "inset-block-end",
        "inset-inline-start",
        "inset-inline-end",
    }
)
_MARGINS = frozenset(
    {
        "margin",
        "margin-top",
        "margin-right",
        "margin-bottom",
        "margin-left",
        "margin-block",
        "margin-inline",
        "margin-block-start",
        "margin-block-end",
        "margin-inline-start",
        "margin-inline-end",
    }
)


_HIDERS: dict[str, Callable[[Tokens, set[str]], bool]] = {
    "display": lambda t, w: bool(w & {"none", "ruby-text"}),  # ruby text: drawn over the line
    "visibility": lambda t, w: bool(w & {"hidden", "collapse"}),
    "content-visibility": lambda t, w: "hidden" in w,
    "position": lambda t, w: bool(w & {"absolute", "fixed"}),
    "opacity": lambda t, w: _faint(t[0]),
    "font-size": lambda t, w: _tiny(t[0]),
    "font": lambda t, w: _tiny_font(t),
    "color": lambda t, w: _clear_colour(t) or _background_colour(t),
    "-webkit-text-fill-color": lambda t, w: _clear_colour(t) or _background_colour(t),
    "mix-blend-mode": lambda t, w: not w <= _DARK_BLENDS or len(t) != len(w),
    "filter": lambda t, w: _filtered_out(t),
    # pushed out of a box that may clip it (blind67: "text-indent: 100px" in a 3em badge)
    "text-indent": lambda t, w: _negative(t[0]) or _pushed(t[0]),
    # each glyph drawn as a disc or a square (blind67: "-webkit-text-security: disc")
    "-webkit-text-security": lambda t, w: w != {"none"},
    "clip": lambda t, w: not (w & {"auto", "none"}),
    "clip-path": lambda t, w: not (w & {"auto", "none"}),
    **dict.fromkeys(_SIZES, lambda t, w: _no_room(t) or bool(_functions(t) & _UNKNOWN)),
    **dict.fromkeys(_MOVERS, lambda t, w: "none" not in w),
    **dict.fromkeys(_MASKS, lambda t, w: "none" not in w),
    # SVG text's paint: ``fill: none`` draws no glyphs (blind31).
    "fill": lambda t, w: _unseen_paint(t, w),
    # A stroke drawn round each glyph: thick, in the page's colour, it covers the glyph.
    **dict.fromkeys(
        ("-webkit-text-stroke", "-webkit-text-stroke-width"), lambda t, w: _thick(t, w)
    ),
    # A line drawn through the text, thick enough to cover it (blind36).
    **dict.fromkeys(
        ("text-decoration", "text-decoration-thickness"), lambda t, w: _thick(t, w, THICK_LINE_PX)
    ),
    "fill-opacity": lambda t, w: _faint(t[0]),
    # An animation's keyframes may hide the text at any moment (``to {opacity: 0}``,
    # ``font-size: 0``, ``visibility: hidden``: blind31); they are not read.
    **dict.fromkeys(("animation", "animation-name"), lambda t, w: w != {"none"}),
    # Letters drawn over each other: "heep" at ``letter-spacing: -1em`` is one blot.
    **dict.fromkeys(("letter-spacing", "word-spacing"), lambda t, w: _crushed(t[0])),
    # Glyphs scaled to an x-height of nothing (blind34).
    "font-size-adjust": lambda t, w: not w & {"none", "from-font"} and _tiny_aspect(t),
    # Drawn a line or more away from where it stands: off the page, or under other text
    # (``position: relative; top: 9999px``, ``margin-left: -99999px``: blind34).
    **dict.fromkeys(_OFFSETS, lambda t, w: any(_far(n) for n in _px_numbers(t))),
    **dict.fromkeys(
        _MARGINS, lambda t, w: any(n is None or n <= -RAISED_PX for n in _px_numbers(t))
    ),
    "vertical-align": lambda t, w: any(_raised(x) for x in t if not isinstance(x, ast.IdentToken)),
    # An outline drawn inside its box, over its text (an outline is painted above the
    # content: blind71's "est." mark and estimate note painted over in the page's colour).
    "outline-offset": lambda t, w: any(n is None or n <= -OUTLINE_INSET_PX for n in _px_numbers(t)),
}


#: An outline drawn this far inside its box (CSS pixels) or more may cover its text; a
#: focus ring's ``-2px`` does not.
OUTLINE_INSET_PX = 4.0
#: A stroke round each glyph, in CSS pixels, from which it may cover the glyph (a glyph
#: of 16px text is about 2px thick).
THICK_STROKE_PX = 1.5
#: A line through the text, in CSS pixels, from which it may cover a line of text.
THICK_LINE_PX = 6.0
#: Paint a browser computes from elsewhere: a gradient or pattern (``url(#g)``), the
#: context's (``context-stroke``), a function.
_PAINT_WORDS = frozenset({"context-stroke", "context-fill"})


def _unseen_paint(tokens: Tokens, words: set[str]) -> bool:
    """SVG paint that may leave text unseen: none, clear or the page's colour, or one
    the gate does not compute (``url(#gradient)``, ``context-stroke``: blind36)."""
    if "none" in words or words & _PAINT_WORDS:
        return True
    if any(
        isinstance(t, (ast.URLToken, ast.FunctionBlock)) and not _colour_function(t) for t in tokens
    ):
        return True
    return _clear_colour(tokens) or _background_colour(tokens)


def _colour_function(token: ast.Node) -> bool:
    return isinstance(token, ast.FunctionBlock) and token.lower_name in _COLOUR_FUNCTIONS


def _thick(tokens: Tokens, words: set[str], at_least: float = THICK_STROKE_PX) -> bool:
    """A width of a value (a stroke's, a decoration line's) of ``at_least`` CSS pixels or
    more, or one not known; a keyword (``thin``, ``auto``, ``from-font``) is thin."""
    sizes = [
        _px(t)
        for t in tokens
        if isinstance(t, (ast.DimensionToken, ast.FunctionBlock, ast.PercentageToken))
        and not _colour_function(t)
    ]
    return any(size is None or size >= at_least for size in sizes) or "thick" in words


#: A ``font-size-adjust`` (the x-height as a share of the font size) below which the
#: letters are dots (a font's is about 0.5).
TINY_ASPECT = 0.2


def _tiny_aspect(tokens: Tokens) -> bool:
    numbers = [t for t in tokens if isinstance(t, (ast.NumberToken, ast.FunctionBlock))]
    return any(isinstance(t, ast.FunctionBlock) or t.value < TINY_ASPECT for t in numbers)


#: A first line's indent, in CSS pixels, from which it may push a short text out of a
#: box that clips it (a paragraph's indent is an em or two: 16 to 32px).
INDENT_PX = 48.0


def _pushed(token: ast.Node) -> bool:
    """An indent of :data:`INDENT_PX` or more, or one not known (``calc()``, ``%``)."""
    indent = _px(token) if not isinstance(token, ast.FunctionBlock) else None
    return indent is None or indent >= INDENT_PX


def _far(shift: float | None) -> bool:
    return shift is None or abs(shift) >= RAISED_PX


def _px_numbers(tokens: Tokens) -> list[float | None]:
    """Each length of a value in CSS pixels (:func:`_px`); None where not known."""
    return [
        _px(t) if not isinstance(t, ast.FunctionBlock) else None
        for t in tokens
        if isinstance(
            t, (ast.NumberToken, ast.DimensionToken, ast.PercentageToken, ast.FunctionBlock)
        )
    ]


#: Letter spacing (in CSS pixels, at the default 16px text) below which letters are drawn
#: over each other: a heading's ``-0.02em`` is typography, ``-0.3em`` is not.
CRUSHED_PX = -4.0


def _crushed(token: ast.Node) -> bool:
    """A spacing below :data:`CRUSHED_PX`, or one not known (a function)."""
    if isinstance(token, ast.IdentToken):
        return False
    spacing = _px(token)
    return spacing is None or spacing < CRUSHED_PX


def _numbers(tokens: Tokens) -> list[float | None]:
    """Each number of a value; None for a function (its value not known)."""
    out: list[float | None] = []
    for token in tokens:
        if isinstance(token, (ast.NumberToken, ast.DimensionToken, ast.PercentageToken)):
            out.append(float(token.value))
        elif isinstance(token, ast.FunctionBlock):
            out.append(None)
    return out


def moving(name: str, value: Tokens) -> bool:
    """The declaration ``name: value`` may draw its element's text away from where it
    stands, beside other text: an offset (``top``, ``left``, ``inset``… not 0 or auto;
    whether the element is positioned is not asked), ``position: absolute`` or
    ``fixed``, a negative margin, a translation (``translate``,
    ``transform: translate()``/``matrix()``), a turn or a mirror (``rotate``, ``scale``, and
    in ``transform``: ``rotate(180deg)`` draws "s 96" as "96 s"), a ``float``."""
    tokens = _plain(value)
    if name in _OFFSETS:
        return any(n is None or n != 0 for n in _numbers(tokens))
    if name in _MARGINS:
        return any(n is None or n < 0 for n in _numbers(tokens))
    if name == "translate":
        return not (_idents(tokens) & {"none", *_WIDE}) and bool(tokens)
    if name == "transform":
        return any(
            f.startswith(("translate", "matrix", "rotate", "scale")) or f in _UNKNOWN
            for f in _functions(tokens)
        )
    if name in ("rotate", "scale"):  # "rotate: 180deg" draws "s 96" as "96 s" (blind19)
        return not (_idents(tokens) & {"none", *_WIDE}) and bool(tokens)
    if name == "position":  # drawn where its offsets (or none) put it, over other text
        return bool(_idents(tokens) & {"absolute", "fixed"})
    if name == "float":
        return bool(_idents(tokens) & {"left", "right", "inline-start", "inline-end"})
    if name == "vertical-align":  # "9<span style='vertical-align: 9999px'>X</span>4 s"
        return any(_raised(t) for t in tokens if not isinstance(t, ast.IdentToken))
    return False


#: How far (in CSS pixels, a line's height in the default 16px text) a ``vertical-align``
#: may raise or lower text within its line: an icon's ``-0.125em`` is not a move.
RAISED_PX = 16.0


def _raised(token: ast.Node) -> bool:
    """A ``vertical-align`` length or percentage (of the line's height) of
    :data:`RAISED_PX` or more either way, or one not known (a function)."""
    shift = _px(token)
    if isinstance(token, ast.PercentageToken) and shift is not None:
        shift *= 1.2  # of the line's height, about 1.2 times the font's
    return shift is None or abs(shift) >= RAISED_PX


#: The properties :func:`hiding` may find hiding text (a style naming none is not read).
HIDING = frozenset(_HIDERS)
