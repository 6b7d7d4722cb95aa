"""What a Markdown page writes that its rendered page does not show as text.

The page reader finds a figure in the rendered page and
:class:`~fxsite.pages.locate.SourceLocator` places it back by its text; the same
text written earlier where the page shows nothing is not where the reader saw it.
:func:`unshown` gives those places: code (fenced, indented, inline, and raw
``<pre>``, ``<code>``, ``<script>``, ``<style>``, ``<template>`` elements),
comments, tags and ``attr_list`` braces (but for the values of the attributes
a reader is shown: ``alt``, ``title``…), link destinations, addresses (autolinks
and the bare ones ``pymdownx.magiclink`` links), and reference
definitions (their title too where no link uses them). :func:`glued_claims`
gives the claims a character is glued to, where a glued-claim finding stands.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from fxsite.pages.prose import (
    _CONTAINER,
    _REFDEF,
    _REFERENCE,
    _unread,
    definition_label,
    find_evidence_links,
    link_label,
)

__all__ = ["glued_claims", "html_unshown", "unshown"]

_RAW_UNREAD = re.compile(
    r"<(pre|code|script|style|template)\b[^>]*>.*?</\1\s*>", re.IGNORECASE | re.DOTALL
)
_TAG = re.compile(r"</?[A-Za-z][\w-]*(?:\s[^<>]*)?/?>")
_INLINE_MARKUP = re.compile(r"<!--.*?-->|</?(?P<name>[A-Za-z][\w-]*)(?:\s[^<>]*)?/?>", re.DOTALL)
#: Tags that break the text they stand in (inline ones glue the text around them).
_BREAKS = frozenset(
    [
        "br",
        "p",
        "div",
        "li",
        "ul",
        "ol",
        "td",
        "th",
        "tr",
        "table",
        "hr",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "blockquote",
        "pre",
        "section",
    ]
)
_ATTR_LIST = re.compile(r"\{:?[ \t]*(?:[#.][^{}\n]*|[\w:-]+=[^{}\n]*)\}")
_ATTRIBUTE = re.compile(r"""([\w:.-]+)[ \t]*=[ \t]*("[^"\n]*"|'[^'\n]*'|[^\s"'<>{}]+)""")
_DESTINATION = re.compile(r"\]\([ \t]*(<[^<>\n]*>|[^\s()]+)")
#: An autolink (``<https://…>``, ``<mailto:…>``) and a bare address ``pymdownx.magiclink``
#: links: an address the reader does not read figures in.
_AUTOLINK = re.compile(r"<(?:[A-Za-z][A-Za-z0-9.+-]{1,31}:|www\.)[^<>\n]*>")
_BARE_URL = re.compile(r"(?<![\w/])(?:(?:https?|ftps?)://|www\.)[^\s<>\"'`\[\]()]+")
#: A tag's name, and what sets its ``type`` and ``name`` (which say whether its ``value``
#: and ``content`` are shown).
_TAG_NAME = re.compile(r"</?([A-Za-z][\w-]*)")


def unshown(source: str, container: re.Pattern[str] | None = None) -> list[tuple[int, int]]:
    """Sorted spans of ``source`` the rendered page does not show as text (``container``:
    the lines whose indented continuation it renders as content, :func:`~.prose.containers`;
    None: every container's opener)."""
    masked, spans = _unread(source, container or _CONTAINER)
    spans += [m.span() for m in _RAW_UNREAD.finditer(masked)]
    spans += [span for m in _TAG.finditer(masked) for span in _outside_shown(masked, *m.span())]
    for m in _ATTR_LIST.finditer(masked):
        spans += _outside_shown(masked, *m.span())
    spans += [m.span(1) for m in _DESTINATION.finditer(masked)]
    spans += [m.span() for m in (*_AUTOLINK.finditer(masked), *_BARE_URL.finditer(masked))]
    spans += _definitions(masked)
    return sorted(spans)


#: A comment of a template (Jinja's ``{# … #}``) and a statement (``{% … %}``): not shown
#: (one left open runs to the end, as a comment does: read once, not again from each ``{#``).
_TEMPLATE_UNSHOWN = re.compile(r"\{#.*?(?:#\}|\Z)|\{%.*?(?:%\}|\Z)", re.DOTALL)
_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)


def html_unshown(source: str) -> list[tuple[int, int]]:
    """Sorted spans of an HTML file or a theme template a browser does not show as text:
    comments (and a template's), ``<pre>``, ``<code>``, ``<script>``, ``<style>``,
    ``<template>`` elements (read as code, not prose), and tags but for the values of
    the attributes a reader is shown (blind16: "<!-- Took 94 s --><p>Took 94 s</p>" is
    refused at the paragraph)."""
    spans = [m.span() for m in (*_COMMENT.finditer(source), *_TEMPLATE_UNSHOWN.finditer(source))]
    spans += [m.span() for m in _RAW_UNREAD.finditer(source)]
    spans += [span for m in _TAG.finditer(source) for span in _outside_shown(source, *m.span())]
    return sorted(spans)


def _outside_shown(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """Spans of the tag or braces ``text[start:end]`` outside its shown attributes' values,
    as the page reader shows them (:func:`_attribute_shown`)."""
    tag = _TAG_NAME.match(text, start)
    name = tag[1].lower() if tag is not None else ""  # "": attr_list braces, on any element
    attributes = list(_ATTRIBUTE.finditer(text, start, end))
    values = {m.group(1).lower(): m.group(2).strip("\"'").lower() for m in attributes}
    at = start
    for m in attributes:
        value = m.group(2)
        if _attribute_shown(name, m.group(1).lower(), values) or value.strip("\"'").startswith(
            "data:"
        ):
            yield at, m.start(2)
            at = m.end(2)
    yield at, end


def _attribute_shown(tag: str, name: str, values: dict[str, str]) -> bool:
    """Whether attribute ``name`` of a ``tag`` (with its attributes' ``values``) is shown:
    a :data:`~fxsite.verify.shown.VISIBLE_ATTRIBUTES` one, ``srcdoc``, a ``value`` or a
    meta ``content`` where the page reader reads it (:func:`~fxsite.verify.shown.shown_value`,
    :func:`~fxsite.verify.shown.shown_meta`, structured data's:
    :func:`~fxsite.verify.shown.structured_attribute`; an option's, in a datalist, and any on an
    ``attr_list``'s braces, whose element is not known here)."""
    from fxsite.verify.shown import (
        VISIBLE_ATTRIBUTES,
        shown_meta,
        shown_value,
        structured_attribute,
    )

    if name in VISIBLE_ATTRIBUTES or name == "srcdoc":
        return True
    if name in ("value", "content") and structured_attribute(tag, values) == name:
        return True  # microdata's, RDFa's
    if name == "value":
        return not tag or tag == "option" or shown_value(tag, values.get("type", ""))
    if name == "content":
        meta = values.get("name") or values.get("property") or ""
        return not tag or (tag == "meta" and shown_meta(meta))
    return False


def _definitions(masked: str) -> list[tuple[int, int]]:
    """Reference definitions' labels and destinations; the whole line where no link uses it."""
    used = {link_label(m["label"] or m["text"]) for m in _REFERENCE.finditer(masked)}
    spans = []
    for m in _REFDEF.finditer(masked):
        label = definition_label(m["label"])
        if label.startswith("^"):
            continue  # a footnote: shown
        line_end = masked.find("\n", m.end())
        spans.append(
            (m.start(), m.end() if label in used else len(masked) if line_end < 0 else line_end)
        )
    return spans


def glued_claims(source: str) -> list[tuple[int, int]]:
    """Spans of the claims of ``source`` a character is glued to, or a multiplier, a unit or
    a bound beside, as the reader reads them (``5[94 s](…)``, ``[94 s](…)/[94 s](…)``), inline
    tags and comments around them left out (``[94](…)<b>0</b>``)."""
    from fxsite.verify.reading import bound_beside, glued, multiplied, unit_beside

    spans = []
    for link in find_evidence_links(source):
        before = _shown(source[max(0, link.start - 200) : link.start])[-16:]
        view = before + link.text + _shown(source[link.end : link.end + 200])[:40]
        start, end = len(before), len(before) + len(link.text)
        if (
            glued(view, start, end)
            or multiplied(view, start, end)
            or unit_beside(view, start, end, 0, len(view))
            or bound_beside(view, start, end, 0, len(view))
        ):
            spans.append((link.start, link.end))
    return spans


def _shown(text: str) -> str:
    """``text`` without its inline tags and comments; a tag that breaks a line as a space."""
    return _INLINE_MARKUP.sub(lambda m: " " if (m["name"] or "").lower() in _BREAKS else "", text)
