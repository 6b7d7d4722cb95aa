"""A page's rendered content as the page reader reads it (:func:`read_content`).

Taken out before :func:`fxsite.pages.judge.judge_rendered` reads a page: what is
judged where it is written, and would otherwise be read twice or placed at 1:1:

* the links an extension writes from a configuration string holding a figure (a
  heading's permalink, a footnote's back link, a key's label), and the marks and
  prefixes a template setting writes with its own number (:func:`_without_config_links`):
  judged in ``mkdocs.yml``;
* the charts fxsite drew from the page's checked blocks (:func:`_without_charts`): the
  gate draws each again from the evidence and compares;
* the entries a ``[TOC]`` marker drew that repeat their heading word for word
  (:func:`_without_toc_copies`): the heading is judged where it is written.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import lru_cache

__all__ = ["read_content"]


def read_content(html: str, drawn: Collection[str], elsewhere: Collection[str]) -> str:
    """The page's content as it is read: without the links written from the
    configuration's strings, the charts fxsite drew, the table of contents' copies."""
    if elsewhere and any(c in html for c in _CONFIG_CUES):
        figured = _figured(frozenset(elsewhere))
        if figured:  # only a link written from one of these is taken out
            html = _without_config_links(html, figured)
    content = _without_charts(html, drawn) if drawn else html
    if 'class="toc"' in content:
        content = _without_toc_copies(content)
    return content


def _without_charts(html: str, drawn: Collection[str]) -> str:
    """``html`` without the charts fxsite drew (``<figure class="fx-chart" id=…>``)."""
    from selectolax.lexbor import LexborHTMLParser

    tree = LexborHTMLParser(html)
    for figure in tree.css("figure.fx-chart"):
        if figure.attributes.get("id") in drawn:
            figure.decompose()
    body = tree.body.inner_html if tree.body is not None else None
    return body if body is not None else html


def _without_toc_copies(html: str) -> str:
    """``html`` without the text of the entries a ``[TOC]`` marker drew (``div.toc``)
    that repeat the heading they link to, word for word: the heading is judged where it
    is written, and its copy would be placed there too, or at 1:1 (blind29). An entry
    that says anything else (a ``data-toc-label``, one written by hand) is read."""
    from selectolax.lexbor import LexborHTMLParser

    from fxsite.verify.visible import normalise

    tree = LexborHTMLParser(html)
    headings: dict[str, str] = {}
    for heading in tree.css("h1[id], h2[id], h3[id], h4[id], h5[id], h6[id]"):
        for link in heading.css("a.headerlink"):
            link.decompose()
        headings[heading.attributes.get("id") or ""] = normalise(heading.text(deep=True) or "")
    copies = [
        link
        for link in tree.css('div.toc a[href^="#"]')
        if headings.get((link.attributes.get("href") or "")[1:])
        == normalise(link.text(deep=True) or "")
    ]
    if not copies:
        return html
    tree = LexborHTMLParser(html)  # again: the headings above lost their permalinks
    wanted = {
        (link.attributes.get("href"), normalise(link.text(deep=True) or "")) for link in copies
    }
    for link in tree.css('div.toc a[href^="#"]'):
        if (link.attributes.get("href"), normalise(link.text(deep=True) or "")) in wanted:
            link.decompose()
    body = tree.body.inner_html if tree.body is not None else None
    return body if body is not None else html


#: Links an extension writes from a configuration string: a heading's permalink
#: (toc ``permalink``), a footnote's back link (footnotes ``BACKLINK_TEXT``), and a
#: key's label (pymdownx.keys ``key_map``).
_CONFIG_LINKS = "a.headerlink, a.footnote-backref, span.keys > kbd"
#: What a template setting writes (:data:`~.config_text.EXTENSION_TEMPLATES`): a footnote's
#: mark, a caption's prefix (and a back link's title), each with its own number.
_TEMPLATED = "a.footnote-ref, span.caption-prefix"
#: What a page holding one of :data:`_CONFIG_LINKS` or :data:`_TEMPLATED` holds.
_CONFIG_CUES = ("headerlink", "footnote-backref", "keys", "footnote-ref", "caption-prefix")
#: A number, as a template setting puts one in (:data:`~.config_text.EXTENSION_TEMPLATES`).
_NUMBERS = re.compile(r"\d+")


@lru_cache(maxsize=16)
def _figured(strings: frozenset[str]) -> frozenset[str]:
    """The configuration's strings (``elsewhere``) that hold a figure: once a run, not a page."""
    from fxsite.verify.reading import detect

    return frozenset(s for s in strings if detect(s))


def _without_config_links(html: str, figured: Collection[str]) -> str:
    """``html`` without the links of :data:`_CONFIG_LINKS` whose text is one of the
    configuration's strings holding a figure (``figured``, :func:`_figured`), the marks
    and prefixes of :data:`_TEMPLATED` and the back links' titles that are one with their
    own number: each is judged where it is written; the text beside it is read as written."""
    from selectolax.lexbor import LexborHTMLParser

    from fxsite.verify.visible import normalise

    # A template's number is the footnote's or the caption's own: compared as "#".
    templates = {_NUMBERS.sub("#", s) for s in figured}

    def templated(text: str) -> bool:
        return _NUMBERS.sub("#", normalise(text)) in templates

    tree = LexborHTMLParser(html)
    links = [
        link for link in tree.css(_CONFIG_LINKS) if normalise(link.text(deep=True) or "") in figured
    ]
    links += [link for link in tree.css(_TEMPLATED) if templated(link.text(deep=True) or "")]
    titled = [
        link
        for link in tree.css("a.footnote-backref[title]")
        if templated(link.attributes.get("title") or "")
    ]
    if not links and not titled:
        return html
    for link in titled:
        del link.attrs["title"]
    for link in links:
        link.decompose()
    body = tree.body.inner_html if tree.body is not None else None
    return body if body is not None else html
