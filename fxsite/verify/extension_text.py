"""Text that Markdown extensions draw from markup: a Mermaid diagram, TeX, an emoji image.

The page reader (:mod:`fxsite.verify.visible`) reads these as a reader sees
them once the page's scripts and images have drawn them:

* a Mermaid diagram (``pre.mermaid``, a ``mermaid`` fence of
  ``pymdownx.superfences``) is drawn from its source: node labels, edge labels,
  a pie chart's values and the share of the whole each slice is labelled with ("Saved"
  : 94 beside "Rest" : 6 draws "94%"), an XY chart's values read in its value axis's unit,
  its entity codes as drawn (``#57;#52;`` draws "94")
  ("bar [178, 94]" under ``y-axis "Save time (s)"``); each line of the source is read as a run of text,
  except lines that only style the drawing (``style``, ``classDef``…);
* TeX (``.arithmatex``, as ``pymdownx.arithmatex`` writes it) is drawn with its
  spacing commands as spaces and its text wrappers unwrapped:
  ``\\(94\\,\\mathrm{s}\\)`` draws "94 s";
* an emoji image (``pymdownx.emoji``) is drawn as the emoji its ``alt`` holds:
  ``:nine::four: s`` shows the keycaps "9️⃣4️⃣ s".
"""

from __future__ import annotations

import re
import unicodedata
from decimal import ROUND_HALF_UP, Decimal

__all__ = ["diagram_lines", "emoji_alt", "tex_text"]

#: Mermaid lines that style or script the drawing without drawing text.
_STYLE_LINE = re.compile(r"\s*(?:%%|style\s|classDef\s|linkStyle\s|class\s)")


#: A pie chart's slice: its label in quotes, a colon, its value ("Saved" : 94).
_SLICE = re.compile(r'\s*"(?P<label>[^"]*)"\s*:\s*(?P<value>\d{1,15}(?:\.\d{1,15})?)\s*$')


def diagram_lines(source: str) -> list[str]:
    """The lines of a Mermaid diagram's source whose text it may draw; for a pie chart,
    each slice's share of the whole too ("94%": a figure no source line writes,
    :func:`_pie_shares`)."""
    source = _MERMAID_ENTITY.sub(_mermaid_char, source)
    lines = [line for line in source.splitlines() if line.strip() and not _STYLE_LINE.match(line)]
    kind = lines[0].split()[:1] if lines else []
    if kind == ["pie"]:
        lines += _pie_shares(lines)
    elif kind in (["xychart-beta"], ["xychart"]):
        lines += _xy_values(lines)
    return lines


#: Mermaid's entity codes in a label: ``#57;#52;`` draws "94", ``#quot;`` a quote (blind19).
_MERMAID_ENTITY = re.compile(r"#(?:(\d{1,7})|([A-Za-z][A-Za-z0-9]{1,31}));")


def _mermaid_char(match: re.Match[str]) -> str:
    """The character a Mermaid entity code draws (as written where it names none)."""
    from html.entities import html5

    if match[1] is not None:
        code = int(match[1])
        return chr(code) if 0 < code < 0x110000 and not 0xD800 <= code <= 0xDFFF else ""
    return html5.get(f"{match[2]};", match.group())


#: An XY chart's value axis and its title ("y-axis "Save time (s)" 0 --> 200"), and a
#: series of values ("bar [178, 94]", "line "FX100" [178, 94]").
_Y_AXIS = re.compile(r'\s*y-axis\s+(?:"(?P<quoted>[^"]{1,80})"|(?P<word>[^\s"\d][^\s"]{0,40}))')
_SERIES = re.compile(r'\s*(?:bar|line)\s+(?:"[^"]*"\s*)?\[(?P<values>[^\]]{0,2000})\]')
_VALUE = re.compile(r"-?\d{1,15}(?:\.\d{1,15})?")


def _xy_values(lines: list[str]) -> list[str]:
    """Each value of an XY chart's series read under its value axis's title, as a table's
    cell is read under its header: a reader reads a bar's height off the axis in its unit
    ("bar [178, 94]" under "y-axis "Save time (s)"" reads "178" and "94" seconds)."""
    from fxsite.pages.header_units import header_unit, with_unit

    axis = next((m for line in lines if (m := _Y_AXIS.match(line))), None)
    unit = header_unit(axis["quoted"] or axis["word"]) if axis is not None else None
    if unit is None:
        return []
    values = [
        v for line in lines if (m := _SERIES.match(line)) for v in _VALUE.findall(m["values"])
    ]
    return [read for value in values if (read := with_unit(value, unit)) is not None]


def _pie_shares(lines: list[str]) -> list[str]:
    """Each slice's share of the pie in whole percent, as Mermaid draws it beside the
    slice's label (``(value / total * 100).toFixed(0)``; an exact half rounds up here).
    The label is read on its own line: read again with a share, a figure in it was told
    twice, once at another number of the source (blind78 #8)."""
    slices = [(m["label"], Decimal(m["value"])) for line in lines if (m := _SLICE.match(line))]
    total = sum((value for _, value in slices), Decimal(0))
    if not total:
        return []
    return [f"{(value * 100 / total).quantize(Decimal(1), ROUND_HALF_UP)}%" for _, value in slices]


_DELIMITERS = re.compile(r"\\[()\[\]]|\$\$?")
_SYMBOLS = {
    "times": "×",
    "cdot": "·",
    "approx": "≈",
    "sim": "~",
    "pm": "±",
    "le": "≤",
    "leq": "≤",
    "ge": "≥",
    "geq": "≥",
    "mu": "µ",
    "%": "%",
    "$": "$",
    # currencies, units and functions MathJax draws as such (blind19: "$\pounds 300$")
    "pounds": "£",
    "yen": "¥",
    "euro": "€",
    "textdollar": "$",
    "textsterling": "£",
    "textyen": "¥",
    "texteuro": "€",
    "textpercent": "%",
    "textperthousand": "‰",
    "perthousand": "‰",
    "sec": "sec",
    "min": "min",
}
_SYMBOL = re.compile(r"\\(%|\$|[A-Za-z]+)")
_SPACES = re.compile(r"\\[,;: ]|~|\\q?quad(?![A-Za-z])")
_FRACTION = re.compile(r"\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}")


def tex_text(tex: str) -> str:
    """TeX as drawn, roughly: spaces for spacing commands, symbols for their commands,
    ``a/b`` for a simple fraction, other commands (``\\mathrm``, ``\\text``) and braces
    dropped, so their arguments stand in the text."""
    text = _DELIMITERS.sub(" ", tex.replace("\\$", _ESCAPED_DOLLAR))
    text = _FRACTION.sub(r"\1/\2", text)
    text = _SPACES.sub(" ", text).replace("\\!", "")
    text = _SYMBOL.sub(lambda m: _SYMBOLS.get(m.group(1), ""), text)
    return text.replace("{", "").replace("}", "").replace(_ESCAPED_DOLLAR, "$")


#: An escaped dollar sign (``\$300``), kept from the delimiters until the text is drawn.
_ESCAPED_DOLLAR = "\ue000"


#: Characters an emoji is written with beside its pictographs: keycap bases, the
#: variation selector, the joiner, the combining keycap.
_EMOJI_PARTS = frozenset("0123456789#*\ufe0f\u200d\u20e3")


def emoji_alt(alt: str | None) -> str | None:
    """The emoji an image's ``alt`` holds (the image draws it), or None for other text."""
    if not alt or len(alt) > 16:
        return None
    if all(c in _EMOJI_PARTS or unicodedata.category(c) in ("So", "Sk") for c in alt) and any(
        c == "\u20e3" or unicodedata.category(c) == "So" for c in alt
    ):
        return alt
    return None
