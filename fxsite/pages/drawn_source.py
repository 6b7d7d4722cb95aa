"""A page's source drawn as a reader is shown it, each character placed back in the source.

What a page shows is not always written whole in its source: an entity stands for
a character (``7&#54; s`` shows 76 s), an emoji shortcode for its characters
(``:nine::four: s`` shows 9️⃣4️⃣ s, with pymdownx.emoji; an icon for the digit it
draws), an image for the text it draws, an inline element with what it holds
may stand between two characters (hidden, or drawn elsewhere), and a link's markup
or a block quote's marks between words read on either side of them (``two [minutes](…)``
shows "two minutes"). Each function here
gives the source with one of these drawn (or left out), and each character's offset
in the source, so that :class:`~fxsite.pages.locate.SourceLocator` can find a shown
text in it and place a finding at the source line that wrote it.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Iterator
from functools import cache

from fxsite.verify.css_images import drawn_images
from fxsite.verify.icon_digits import shortcode_digits, shortcode_text
from fxsite.verify.images import IMAGE, STYLED_TAG, definitions, image_source

__all__ = [
    "ICON_CUE",
    "IMAGE_CUE",
    "VARIATIONS",
    "decode_entities",
    "draw_emoji",
    "draw_images",
    "without_elements",
    "without_link_markup",
]

#: An inline element with the text it holds, on one line, no tag inside: read once each,
#: with no going back (a ``[^<>]`` run ends at the one ``<`` that may close it).
_ELEMENT = re.compile(r"<([A-Za-z][\w-]{0,30})\b[^<>\n]{0,200}>[^<>\n]{0,200}</\1\s*>")
#: How deep elements nested in one another are left out.
_ELEMENT_DEPTH = 3

#: An HTML entity (a character reference or a named one).
_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")

#: An emoji shortcode (``:nine:``, ``:+1:``), and the variation selectors an index may
#: add to an emoji or leave out.
_SHORTCODE = re.compile(r"(?=(:[+\w-]{1,64}:))")
VARIATIONS = re.compile("[\ufe0e\ufe0f]")
#: A shortcode of an icon that may draw digits or a sign (:func:`fxsite.verify.icon_digits.shortcode_digits`).
ICON_CUE = re.compile(r":(?:material|fontawesome|octicons|simple)-")
_HEX_POINT = re.compile(r"(?:10|0?[0-9a-fA-F])?[0-9a-fA-F]{1,4}")


@cache
def _emoji_chars() -> dict[str, str]:
    """The characters each shortcode of pymdownx.emoji's indexes stands for (the first
    index that has it), variation selectors left out; of the icons Material adds to an
    index, drawn as images, the digit and sign icons' digits and signs
    (``:material-numeric-9:`` shows 9, ``:material-percent:`` %)."""
    from pymdownx import emoji1_db, gemoji_db, twemoji_db  # type: ignore[import-untyped]

    chars: dict[str, str] = dict(shortcode_digits())
    for db in (twemoji_db, emoji1_db, gemoji_db):
        for name, entry in db.emoji.items():
            points = str(entry.get("unicode", "")).split("-")
            if all(_HEX_POINT.fullmatch(p) for p in points):
                code = "".join(chr(int(p, 16)) for p in points)
                chars.setdefault(name, VARIATIONS.sub("", code))
        for alias, name in db.aliases.items():
            if name in chars:
                chars.setdefault(alias, chars[name])
    return chars


def draw_emoji(source: str) -> tuple[str, list[int]]:
    """``source`` with each emoji shortcode as its characters, and each character's
    offset in ``source`` (a shortcode's characters at its first colon)."""
    chars = _emoji_chars()
    parts: list[str] = []
    offsets: list[int] = []
    last = 0
    for code in _SHORTCODE.finditer(source):  # overlapping: ``10:30:nine:``
        if code.group(1) not in chars or code.start() < last:
            continue
        before = "".join(parts[-2:]) + source[last : code.start()]
        char = shortcode_text(code.group(1), before) or chars[code.group(1)]
        parts += [source[last : code.start()], char]
        offsets += [*range(last, code.start()), *[code.start()] * len(char)]
        last = code.end(1)
    parts.append(source[last:])
    offsets += range(last, len(source))
    return "".join(parts), offsets


IMAGE_CUE = re.compile(r"!\[|<(?:img|embed|object|source|input|video)\b|\sstyle\s*=", re.IGNORECASE)


def draw_images(source: str, images: Callable[[str, bool], str | None]) -> tuple[str, list[int]]:
    """``source`` with each image that draws text (``images``) as that text, and each
    character's offset in ``source`` (an image's characters at its start)."""
    return _substituted(source, _image_texts(source, images))


def _image_texts(
    source: str, images: Callable[[str, bool], str | None]
) -> Iterator[tuple[int, int, str]]:
    """(start, end, text drawn) of each image of ``source`` that draws text."""
    defined = definitions(source)
    for image in _by_start(IMAGE.finditer(source), STYLED_TAG.finditer(source)):
        drawn: str | None
        if image.re is STYLED_TAG:  # the images its style draws (a list's markers first)
            style = html.unescape(image["style"] or image["sq_style"] or "")
            urls = (*drawn_images(style, markers=True), *drawn_images(style))
            drawn = " ".join(d for d in (images(u, False) for u in urls) if d)
        else:
            written = image_source(image, defined)
            drawn = images(*written) if written is not None else None
        if drawn:
            yield image.start(), image.end(), drawn


def _by_start(*found: Iterator[re.Match[str]]) -> list[re.Match[str]]:
    """The matches of ``found``, by where they start, none overlapping an earlier one."""
    out: list[re.Match[str]] = []
    for match in sorted((m for f in found for m in f), key=lambda m: m.start()):
        if not out or match.start() >= out[-1].end():
            out.append(match)
    return out


def without_elements(
    source: str, element: re.Pattern[str] = _ELEMENT, depth: int = _ELEMENT_DEPTH
) -> tuple[str, list[int]]:
    """``source`` with each inline element (``element``) and what it holds left out
    (innermost first, ``depth`` deep), and each character's offset in ``source``."""
    text, offsets = source, list(range(len(source)))
    for _ in range(depth):
        kept = [m.span() for m in element.finditer(text)]
        if not kept:
            break
        parts: list[str] = []
        moved: list[int] = []
        last = 0
        for begin, end in kept:
            parts.append(text[last:begin])
            moved += offsets[last:begin]
            last = end
        parts.append(text[last:])
        text, offsets = "".join(parts), [*moved, *offsets[last:]]
    return text, offsets


def decode_entities(source: str) -> tuple[str, list[int]]:
    """``source`` with its HTML entities decoded, and each character's offset in ``source``."""
    entities = _ENTITY.finditer(source)
    return _substituted(source, ((e.start(), e.end(), html.unescape(e.group())) for e in entities))


def _substituted(source: str, spans: Iterable[tuple[int, int, str]]) -> tuple[str, list[int]]:
    """``source`` with each span (start, end, in order, none overlapping) written as its
    text, and each character's offset in ``source`` (a span's characters at its start)."""
    parts: list[str] = []
    offsets: list[int] = []
    last = 0
    for start, end, text in spans:
        parts += [source[last:start], text]
        offsets += [*range(last, start), *[start] * len(text)]
        last = end
    parts.append(source[last:])
    offsets += range(last, len(source))
    return "".join(parts), offsets


#: A Markdown link, inline or by reference, on one line: its text, then its markup; or a
#: block quote's marks at a line's start (a quote's sentence goes on past its line).
_LINK = re.compile(
    r"(?<![!\\])\[(?P<text>[^\[\]\n]{0,200})\](?:\([^()\n]{0,400}\)|\[[^\[\]\n]{0,100}\])"
    r"|(?<=\n)[ \t]{0,3}(?:>[ \t]?)+"
)


def without_link_markup(source: str) -> tuple[str, list[int]]:
    """``source`` with each link's markup left out and its text kept (``two [minutes](…)``
    is "two minutes": a bare figure read across a refused claim's text, blind88), and the
    marks of a block quote at its lines' starts (``every two\n> weeks``: blind89), and
    each character's offset in ``source``."""
    parts: list[str] = []
    offsets: list[int] = []
    last = 0
    for link in _LINK.finditer(source):
        parts.append(source[last : link.start()])
        offsets += range(last, link.start())
        if link["text"] is not None:
            parts.append(link["text"])
            offsets += range(link.start("text"), link.end("text"))
        last = link.end()
    parts.append(source[last:])
    offsets += range(last, len(source))
    return "".join(parts), offsets
