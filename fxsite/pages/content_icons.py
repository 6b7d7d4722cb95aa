"""Icons Material draws in a page's content through its stylesheet, read with the text
they are drawn beside.

``theme.icon.admonition`` sets, by type, the icon drawn before an admonition's title
(and a ``<details>`` block's summary): Material's stylesheet masks it in
(``.note > .admonition-title::before``), and a title whose block has no type it
styles takes the ``note`` icon. ``theme.icon.annotation`` sets the icon drawn in
place of each annotation marker (``(1)`` in a block of class ``annotate`` followed by
its list). An icon that draws a digit or a sign
(:func:`fxsite.verify.icon_digits.named_icon`) makes a figure with the text beside it
that the page's text does not hold: ``9`` before the title "s per save on NFS" draws
"9 s per save on NFS", ``8`` for the marker of "took (1) s" draws "took 8 s". Each such
figure is refused at the text it is drawn with, in the page.

With ``navigation.footer``, Material's footer draws ``theme.icon.previous`` before the
previous page's title and ``theme.icon.next`` after the next page's: ``9`` before
"s per save on NFS" draws "9 s per save on NFS" (:func:`footer_findings`); each page's
title is read so, at the place that titles it.

A published page carries the icons it was built with in its styles (Material writes
``:root{--md-admonition-icon--note: url('data:image/svg+xml;…,<svg…>')}``), which the
theme's stylesheet draws: the gate and ``fxsite audit`` read them there
(:func:`published_icons`, by their drawing) and judge the page as above, and so the
icon drawn before each of a page's tags (``theme.icon.tag``, where ``extra.tags`` gives
tags icons: ``.md-tag-icon``), which Material's ``tags`` plugin writes (a site with it is
checked by the build itself), and the icons of the footer's links, with their titles.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator, Mapping
from dataclasses import replace
from itertools import islice
from typing import Any
from urllib.parse import unquote

from selectolax.lexbor import LexborHTMLParser, LexborNode

from fxsite.findings import Finding
from fxsite.pages.config_drawn import drawn_findings
from fxsite.pages.locate import SourceLocator
from fxsite.verify.icon_digits import icon_text, named_icon

__all__ = ["STYLED", "content_icons", "footer_findings", "icon_findings", "published_icons"]

#: The admonition types Material's stylesheet gives an icon of their own, in its order
#: (a later rule wins); a title of any other block takes ``note``'s.
STYLED = (
    *("note", "abstract", "info", "tip", "success", "question", "warning", "failure"),
    *("danger", "bug", "example", "quote"),
)
_MARKER = re.compile(r"\((\d{1,4})\)")


def content_icons(
    theme: str | None, icons: object, features: object = ()
) -> tuple[tuple[str, str], ...]:
    """What the icons of Material's ``theme.icon`` setting (``icons``) drawn in content
    draw, where they draw digits or a sign: ``("admonition:note", "9")``,
    ``("annotation", "8")``, and with the ``navigation.footer`` feature (in ``features``)
    ``("footer:previous", "9")``; none under another ``theme``."""
    if theme != "material" or not isinstance(icons, Mapping):
        return ()
    named = icons.get("admonition")
    settings = [
        (f"admonition:{kind}", name)
        for kind, name in (named.items() if isinstance(named, Mapping) else ())
        if kind in STYLED
    ]
    settings.append(("annotation", icons.get("annotation")))
    if isinstance(features, (list, tuple)) and "navigation.footer" in features:
        settings += [(f"footer:{key}", icons.get(key)) for key in ("previous", "next")]
    found = [(key, named_icon(name) if isinstance(name, str) else None) for key, name in settings]
    return tuple((key, drawn) for key, drawn in found if drawn)


#: A custom property setting an admonition type's, the annotations' or a tag's icon (all
#: tags', ``.md-tag``, or a type's, ``.md-tag.md-tag--TYPE``) to an SVG.
_STYLE_ICON = re.compile(
    r"(?:\.md-tag(?:\.md-tag--([\w-]+))?\s*\{\s*)?"
    r"--md-(?:admonition-icon--([\w-]+)|(annotation|tag)-icon)\s*:\s*url\(\s*['\"]?"
    r"data:image/svg\+xml[^,'\")]*,([^'\")]*)"
)


def _kind(setting: re.Match[str]) -> str | None:
    """What a setting of :data:`_STYLE_ICON` sets the icon of, as :func:`content_icons`
    names it (``tag``: every tag's, ``tag:TYPE``: a type's); None: nothing drawn."""
    tag_type, admonition, other = setting[1], setting[2], setting[3]
    if admonition is not None:
        return f"admonition:{admonition}" if admonition in STYLED else None
    if other == "tag":
        return f"tag:{tag_type}" if tag_type else "tag"
    return other


def published_icons(html: str) -> tuple[tuple[str, str], ...]:
    """What the icons a published page's styles give Material's admonitions, annotations
    and tags draw (:func:`content_icons`' form; ``""``: a tag type's icon that draws no
    digit or sign, over every tag's), known by their drawing (the last setting of each
    wins)."""
    found: dict[str, str] = {}
    for setting in _STYLE_ICON.finditer(html) if "--md-" in html else ():
        kind = _kind(setting)
        if kind is None:
            continue
        svg = LexborHTMLParser(unquote(setting[4])).css_first("svg")
        found[kind] = (icon_text(svg) if svg is not None else None) or ""
    link = html.find("md-footer__link")
    if link >= 0:  # the footer, read from its first link's tag
        footer = LexborHTMLParser(html[max(0, html.rfind("<", 0, link)) :])
        for key, drawn, _ in _footer_links(footer):
            found[f"footer:{key}"] = drawn or found.get(f"footer:{key}", "")
    return tuple((k, d) for k, d in found.items() if d or k.startswith("tag:"))


_FOOTER_LINKS = (("previous", ".md-footer__link--prev"), ("next", ".md-footer__link--next"))


def _footer_links(tree: LexborHTMLParser) -> Iterator[tuple[str, str, str]]:
    """``(previous or next, what its icon draws or "", the page's title)`` of each link of
    Material's footer."""
    for key, selector in _FOOTER_LINKS:
        for link in tree.css(selector):
            svg, title = link.css_first(".md-footer__button svg"), link.css_first(".md-ellipsis")
            drawn = icon_text(svg) if svg is not None else None
            yield key, drawn or "", _text(title) if title is not None else ""


_FOOTER_ADVICE = (
    " (an icon the footer draws beside a page's title by theme.icon.previous or "
    "theme.icon.next: choose one that draws no digit or sign, or reword the title)"
)


def footer_findings(
    title: str, icons: tuple[tuple[str, str], ...], path: str, library: Any
) -> list[Finding]:
    """Each figure the footer's icons of ``icons`` (:func:`content_icons`) make with a
    page's ``title``: ``theme.icon.previous`` drawn before it, ``theme.icon.next`` after
    it; only a figure the icon's characters are part of (the title's alone is judged as
    the title). Placed at 1:1 of ``path``, for the caller to place."""
    drawn = dict(icons)
    before, after = drawn.get("footer:previous"), drawn.get("footer:next")
    found = []
    if before:
        found += [f for f, _ in drawn_findings(f"{before} {title}", path, library, len(before))]
    if after:
        for finding, at in drawn_findings(f"{title} {after}", path, library):
            if at is not None and at + len(finding.text or "") > len(title) + 1:
                found.append(finding)
    return [replace(f, line=1, col=1, message=f.message + _FOOTER_ADVICE) for f in found]


def _text(node: LexborNode) -> str:
    return " ".join((node.text(deep=True) or "").split())


def _titles(tree: LexborHTMLParser, drawn: Mapping[str, str]) -> Iterator[tuple[str, str]]:
    """``(icon, title)`` for each admonition title, summary or tag an icon is drawn before."""
    for title in tree.css(".admonition-title, summary"):
        parent = title.parent
        classes = str(parent.attributes.get("class") or "").split() if parent else []
        kind = next((k for k in reversed(STYLED) if k in classes), "note")
        icon = drawn.get(f"admonition:{kind}")
        if icon:
            yield icon, _text(title)
    for tag in tree.css(".md-tag-icon"):
        classes = str(tag.attributes.get("class") or "").split()
        kind = next((f"tag:{c[8:]}" for c in classes if c.startswith("md-tag--")), "tag")
        icon = drawn.get(kind, drawn.get("tag"))
        if icon:
            yield icon, _text(tag)


def _markers(tree: LexborHTMLParser, icon: str) -> Iterator[tuple[str, list[tuple[int, str]]]]:
    """Each annotated block's text drawn with ``icon`` in place of each marker (``(2)``
    where the list after the block has a second item), and ``(at, marker)`` of each."""
    for block in tree.css(".annotate"):
        after = block.next
        while after is not None and after.tag == "-text" and not (after.text() or "").strip():
            after = after.next
        if after is None or after.tag != "ol":
            continue  # no annotations: the marker stays text
        items = sum(1 for child in after.iter() if child.tag == "li")
        text = _text(block)
        parts: list[str] = []
        spots: list[tuple[int, str]] = []
        last = length = 0
        for marker in _MARKER.finditer(text):
            if 1 <= int(marker.group(1)) <= items:
                parts += [text[last : marker.start()], icon]
                length += marker.start() - last
                spots.append((length, marker.group()))
                length += len(icon)
                last = marker.end()
        if spots:
            yield "".join([*parts, text[last:]]), spots


def _written(
    text: str, spots: list[tuple[int, str]], first: int, icon: str, start: int, end: int
) -> str:
    """``text[start:end]`` as the page writes it: each icon drawn there (``spots`` of it
    from ``first``, the first that ends after ``start``) as its marker."""
    pieces, at = [], start
    for spot, marker in islice(spots, first, None):
        if spot >= end:
            break
        pieces += [text[at:spot] if spot >= at else "", marker]
        at = spot + len(icon)
    return "".join([*pieces, text[at:end]])


def icon_findings(
    html: str,
    icons: tuple[tuple[str, str], ...],
    path: str,
    library: Any,
    locator: SourceLocator | None,
) -> list[Finding]:
    """Each figure an icon of ``icons`` (:func:`content_icons`) makes with the text it is
    drawn beside in the page's rendered ``html``, placed by ``locator`` at that text in
    the page ``path`` (1:1 without one)."""
    drawn = dict(icons)
    tree = LexborHTMLParser(html)
    found: list[tuple[Finding, str]] = []
    for icon, title in _titles(tree, drawn):
        found += [
            (_advised(f), title)
            for f, _ in drawn_findings(f"{icon} {title}", path, library, len(icon))
        ]
    marked = drawn.get("annotation") or ""
    for text, spots in _markers(tree, marked) if marked else ():
        starts = [spot for spot, _ in spots]
        for finding, where in drawn_findings(text, path, library):
            if where is None:
                continue
            end = where + len(finding.text or "")
            first = bisect_left(starts, where - len(marked) + 1)
            if first < len(starts) and starts[first] < end:  # an icon is part of it
                found.append((_advised(finding), _written(text, spots, first, marked, where, end)))
    for key, icon, title in _footer_links(tree) if "md-footer__link" in html else ():
        footer = ((f"footer:{key}", icon),) if icon and title else ()
        found += [(f, title) for f in footer_findings(title, footer, path, library)]
    placed = []
    for finding, written in found:
        place = locator.find(written, "icon", whole=True) if locator is not None else None
        line, col = locator.line_col(place) if locator and place is not None else (1, 1)
        placed.append(replace(finding, line=line, col=col))
    return placed


def _advised(finding: Finding) -> Finding:
    advice = (
        " (an icon drawn in the page's text by theme.icon: choose one that draws no digit "
        "or sign, or reword the text beside it)"
    )
    return replace(finding, message=finding.message + advice)
