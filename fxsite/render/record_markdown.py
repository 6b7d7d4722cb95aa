"""A record's prose (``notes``, a figure's ``what``) as Markdown, safely.

A small Markdown: paragraphs (the lines of a paragraph wrapped in the YAML,
``notes: |``, are one paragraph), emphasis, code, lists, quotes and links.
No raw HTML (``<b>`` is shown as typed), no headings, rules or images, and
a link only to ``http``, ``https``, a relative address or ``evidence:``;
any other link (``[x](javascript:…)``) is shown as the text it was typed as.

An ``evidence:`` link is a claim, checked and rendered as on any page
(:func:`~fxsite.pages.claims.resolve_claim`); ``evidence:#figure`` names a
figure of the record itself. A refused claim is shown as its text and
returned, for the record's finding.
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass

from markdown import Markdown
from markdown.extensions import Extension
from markdown.inlinepatterns import (
    LINK_RE,
    NOIMG,
    REFERENCE_RE,
    LinkInlineProcessor,
    ReferenceInlineProcessor,
    ShortReferenceInlineProcessor,
)
from markdown.treeprocessors import Treeprocessor

from fxsite.evidence.library import Library
from fxsite.pages.claims import ClaimProblem, HrefFor, render_claim, resolve_claim
from fxsite.pages.language import DEFAULT

__all__ = ["Refused", "plain_text", "record_markdown", "replace_links", "safe_href"]

_EVIDENCE = "evidence:"
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
#: Schemes a link in record text may use; an address without one is relative.
_SCHEMES = frozenset({"http", "https", "evidence"})
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.\-]*):")
#: Browsers drop these from a URL before reading its scheme ("java\tscript:").
_IGNORED = re.compile(r"[\x00-\x20\x7f]")
#: Text with none of these is plain: it is escaped, not parsed.
_SYNTAX = re.compile(r"[*_`\[\]<>&\\!#\n]|^\s*(?:[-+>]|\d+[.)])\s")


@dataclass(frozen=True)
class Refused:
    """A claim in record text that is refused: its text, code and message."""

    text: str
    code: str
    message: str


def replace_links(
    parent: ET.Element, claim: Callable[[ET.Element, bool], ET.Element], in_heading: bool = False
) -> None:
    """Each ``evidence:`` link under ``parent`` (none in code) replaced by ``claim(link,
    in_heading)``, ``in_heading`` telling whether the link is in a heading."""
    heading = in_heading or parent.tag in _HEADINGS
    for index, child in enumerate(list(parent)):
        if child.tag == "a" and (child.get("href") or "").startswith(_EVIDENCE):
            # In its place, by index: a remove looked for each link among the links before it
            parent[index] = claim(child, heading)
        elif child.tag not in {"code", "pre"}:
            replace_links(child, claim, heading)


def safe_href(href: str) -> bool:
    """``href`` is relative, or ``http``, ``https`` or ``evidence:`` (read as a browser reads it)."""
    match = _SCHEME.match(_IGNORED.sub("", html.unescape(href)))
    return match is None or match[1].lower() in _SCHEMES


_Match = tuple[ET.Element | str | None, int | None, int | None]


def _safe(found: _Match) -> _Match:
    """A link found, or no match (its text stays as typed) when its href is not safe."""
    element = found[0]
    if isinstance(element, ET.Element) and not safe_href(element.get("href") or ""):
        return None, None, None
    return found


class _SafeLink(LinkInlineProcessor):
    def handleMatch(self, m: re.Match[str], data: str) -> _Match:  # type: ignore[override]
        return _safe(super().handleMatch(m, data))


class _SafeReference(ReferenceInlineProcessor):
    def handleMatch(self, m: re.Match[str], data: str) -> _Match:  # type: ignore[override]
        return _safe(super().handleMatch(m, data))


class _SafeShortReference(ShortReferenceInlineProcessor):
    def handleMatch(self, m: re.Match[str], data: str) -> _Match:  # type: ignore[override]
        return _safe(super().handleMatch(m, data))


@dataclass
class _Context:
    record: str
    library: Library | None  # None: claims are read as their text (plain_text)
    href_for: HrefFor
    lang: str
    refused: list[Refused]


class _Claims(Treeprocessor):
    """Each ``evidence:`` link as its rendered claim, or its text when refused."""

    context: _Context

    def run(self, root: ET.Element) -> None:
        replace_links(root, lambda link, _: self._claim(link))

    def _claim(self, link: ET.Element) -> ET.Element:
        ctx = self.context
        unescape = self.md.treeprocessors["unescape"].unescape  # type: ignore[attr-defined]
        text = unescape("".join(link.itertext()))
        if ctx.library is None:
            element = ET.Element("span")
            element.text = text
            element.tail = link.tail
            return element
        dest = link.get("href") or ""
        if dest.startswith(_EVIDENCE + "#"):  # the record's own figure
            dest = f"{_EVIDENCE}{ctx.record}{dest[len(_EVIDENCE) :]}"
        result = resolve_claim(text, dest, ctx.library, lang=ctx.lang)
        if isinstance(result, ClaimProblem):
            ctx.refused.append(Refused(text, result.code, result.message))
            from fxsite.markdown import refused_claim

            element = refused_claim(text, link.get("href") or "")
        else:
            from fxsite.markdown import claim_element

            element = claim_element(render_claim(result, ctx.library, ctx.href_for))
        element.tail = link.tail
        return element


class _Literal(Treeprocessor):
    """Each ``&`` shown as typed: Python-Markdown writes ``&#52;`` as it is, which a
    browser draws as "4" (code is escaped already; a claim's link is its own)."""

    def run(self, root: ET.Element) -> None:
        for element in root.iter():
            if element.text and element.tag not in {"code", "pre"}:
                element.text = element.text.replace("&", "&amp;")
            if element.tail:
                element.tail = element.tail.replace("&", "&amp;")
            if element.tag == "a" and element.get("data-fx-ref") is None:
                element.set("href", (element.get("href") or "").replace("&", "&amp;"))


class _RecordText(Extension):
    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.deregister("html_block")
        for name in (
            "html",
            "entity",
            "image_link",
            "image_reference",
            "short_image_ref",
            "autolink",
            "automail",
        ):
            md.inlinePatterns.deregister(name)
        md.inlinePatterns.register(_SafeLink(LINK_RE, md), "link", 160)
        md.inlinePatterns.register(_SafeReference(NOIMG + REFERENCE_RE, md), "reference", 170)
        md.inlinePatterns.register(
            _SafeShortReference(NOIMG + REFERENCE_RE, md), "short_reference", 130
        )
        for name in ("hashheader", "setextheader", "hr"):
            md.parser.blockprocessors.deregister(name)
        md.treeprocessors.register(_Literal(md), "fx_literal", 6)
        md.treeprocessors.register(_Claims(md), "fx_claims", 5)


def _converter() -> tuple[Markdown, _Claims]:
    md = Markdown(extensions=[_RecordText()], output_format="html")
    claims = md.treeprocessors["fx_claims"]
    assert isinstance(claims, _Claims)
    return md, claims


_MD = _converter()


def record_markdown(
    text: str,
    record: str,
    library: Library,
    href_for: HrefFor,
    *,
    inline: bool = False,
    lang: str = DEFAULT,
) -> tuple[str, list[Refused]]:
    """``text`` of record ``record`` as HTML, and its refused claims.

    ``inline`` gives the content of one paragraph, for a table cell; otherwise
    one ``<p>`` (or list, quote, code block) per block.
    """
    if not _SYNTAX.search(text):
        body = html.escape(text.strip())
        return (body if inline else f"<p>{body}</p>" if body else ""), []
    md, claims = _MD
    refused: list[Refused] = []
    claims.context = _Context(record, library, href_for, lang, refused)
    md.reset()
    converted = md.convert(text)
    if inline and converted.startswith("<p>") and converted.endswith("</p>"):
        inner = converted[3:-4]
        if "<p>" not in inner:
            converted = inner
    return converted, refused


_BLOCK_TAG = re.compile(r"</?(?:p|li|ul|ol|blockquote|pre|br)\b[^>]*>")
_TAG = re.compile(r"<[^>]*>")


def plain_text(text: str) -> str:
    """``text`` as a reader of its Markdown reads it, as one line of plain text (for a
    tooltip): emphasis and code marks dropped, a link or claim as its words."""
    if not _SYNTAX.search(text):
        return text.strip()
    md, claims = _MD
    claims.context = _Context("", None, lambda record, anchor: "", DEFAULT, [])
    md.reset()
    # Our own markup: blocks apart, every tag dropped, then the text's entities read.
    converted = _TAG.sub("", _BLOCK_TAG.sub(" ", md.convert(text)))
    return " ".join(html.unescape(converted).split())
