"""The text a page's metadata shows: meta tags, JSON-LD, microdata and RDFa, inline
scripts' strings, and the words Material's scripts draw from its ``__config``.

Search engines and link previews show a meta tag's content (:func:`read_meta`);
schema.org readers show JSON-LD's strings, some of them as HTML, and the same data
written as microdata or RDFa (an ``itemprop`` or ``property`` element's ``content``:
:func:`read_structured`), read by the one rule (:func:`_structured_text`); an inline script
may write any of its string literals into the page (:func:`read_script`). Each is
read as blocks of the page's text, in its own channel, for the detector to judge.
"""

from __future__ import annotations

from selectolax.lexbor import LexborHTMLParser, LexborNode

from fxsite.verify.chrome import normalise
from fxsite.verify.shown import Block, PageText, shown_meta, structured_attribute

__all__ = ["json_strings", "meta_name", "read_meta", "read_script", "read_structured"]


def json_strings(value: object, out: list[str], *, keys_skipped: str = "") -> None:
    """Every string of a JSON value, keys too, without recursion (deep input is safe).

    Keys starting with ``keys_skipped`` are left out (JSON-LD's ``@type`` and
    ``@context`` name vocabulary, not text a reader sees).
    """
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
            stack.extend(
                k
                for k in item
                if isinstance(k, str) and not (keys_skipped and k.startswith(keys_skipped))
            )
        elif isinstance(item, list):
            stack.extend(item)


def meta_name(attrs: dict[str, str]) -> str:
    """A meta tag's name (``name``, else Open Graph's ``property``), in lower case."""
    return (attrs.get("name") or attrs.get("property") or "").lower()


def read_meta(attrs: dict[str, str], page: PageText) -> None:
    """A meta tag's content search engines and link previews show (:data:`META_NAMES`,
    :data:`META_PREFIXES`), in the head or the body (link previews read it anywhere; only
    the head's are the page's ``meta``, as its build stamp)."""
    name = meta_name(attrs)
    if shown_meta(name):
        text = normalise(attrs.get("content", ""))
        if text:
            page.blocks.append(Block(text, "meta", role=name))
    else:  # microdata's or RDFa's
        read_structured("meta", attrs, page)


def read_structured(tag: str, attrs: dict[str, str], page: PageText) -> None:
    """The text microdata or RDFa gives in an element's attribute
    (:func:`~fxsite.verify.shown.structured_attribute`), read as JSON-LD's strings are."""
    name = structured_attribute(tag, attrs)
    if name:
        _structured_text(attrs.get(name, ""), page)


def _structured_text(text: str, page: PageText, unit: str = "", said: str = "") -> None:
    """A string of structured data as search engines show it: as written, and as HTML
    (schema.org reads an Answer's text as HTML: "96 <b>s</b>" shows 96 s)."""
    if normalise(text):
        page.blocks.append(Block(normalise(text), "json-ld", unit=unit, said=said))
    if "<" in text or "&" in text:
        fragment = LexborHTMLParser(text).body
        shown = normalise(fragment.text(separator="")) if fragment is not None else ""
        if shown and shown != normalise(text):
            page.blocks.append(Block(shown, "json-ld"))


def _body(node: LexborNode) -> LexborNode | None:
    """The body of the document ``node`` stands in."""
    top = node
    while top.parent is not None:
        top = top.parent
    return top.css_first("body")


def read_script(node: LexborNode, attrs: dict[str, str], page: PageText) -> None:
    """JSON-LD's strings; an inline script's string literals, text it may show (not the
    theme's own scripts)."""
    from fxsite.verify.scripts import is_script, script_strings
    from fxsite.verify.theme import is_theme_inline

    if is_script(attrs) and not attrs.get("src"):
        body = node.text(deep=True) or ""
        if not is_theme_inline(body):
            for literal in script_strings(body):
                if normalise(literal):
                    page.blocks.append(Block(normalise(literal), "page"))
        return
    kind = attrs.get("type", "").strip().lower()
    if kind == "application/json" and attrs.get("id") == "__config":
        _read_theme_words(node, page)
        return
    if kind != "application/ld+json":
        return
    from fxsite.pages.question_units import answer_units
    from fxsite.render.exports import PublishedJsonError, loads
    from fxsite.verify.faq_data import faq_notes

    try:
        data = loads(node.text(deep=True) or "")
    except PublishedJsonError as exc:
        page.json_ld_errors.append(str(exc))
        return
    page.notes += faq_notes(data, _body(node))
    strings: list[str] = []
    json_strings(data, strings, keys_skipped="@")
    governed = answer_units(data)  # an FAQ answer under a question stating its unit
    for text in strings:
        unit, said = governed.pop(text, ("", "")) if normalise(text) else ("", "")
        _structured_text(text, page, unit, said)


def _read_theme_words(node: LexborNode, page: PageText) -> None:
    """The words Material's scripts draw from a page's ``__config`` (its ``translations``:
    the search box's placeholder, the result counts), read as the page's text: a page may
    rewrite them ("FX100: every checkpoint saved in 64 s" as the placeholder: blind61)."""
    from fxsite.render.exports import PublishedJsonError, loads

    try:
        data = loads(node.text(deep=True) or "")
    except PublishedJsonError as exc:
        page.json_ld_errors.append(str(exc))
        return
    words = data.get("translations") if isinstance(data, dict) else None
    strings: list[str] = []
    json_strings(words if isinstance(words, dict) else [], strings)
    page.blocks += [Block(normalise(t), "page", role="theme") for t in strings if normalise(t)]
