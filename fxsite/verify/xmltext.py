"""An XML document (SVG, RSS, Atom, XSLT, XHTML) as the HTML the gate reads for it.

A browser parses XML as XML: a CDATA section is text, a character reference is
its character, and an entity declared in the document's DTD
(``<!ENTITY t "178 s">``) is replaced by its text. An HTML parser sees none of
that. So an XML file, an ``.xhtml`` page and an SVG inside a ``data:`` URL are
parsed by expat, through ``defusedxml``, and written out again as HTML that the
page reader (:mod:`fxsite.verify.visible`) reads as it reads any page:

* Elements of XHTML, SVG and MathML keep their names and attributes, so a
  page, a chart or a drawing is read as it would be inline in a page.
* Elements of any other vocabulary (an RSS ``<item>``, an Atom ``<entry>``, an
  XSLT template) are shown by a browser as a tree of text and attribute
  values: each becomes a ``<div>`` with its text, and each attribute value a
  line of its own. A text holding markup (an RSS ``<description>``, escaped
  HTML that a feed reader draws) is also read as an HTML document, in an
  ``<iframe srcdoc>``.
* A CSS stylesheet the document names (``<?xml-stylesheet href="…"?>``) is
  written as the ``<link rel="stylesheet">`` that loads it, so that the page
  reader reads what it loads as it reads a page's.
* Comments and other processing instructions are not drawn and are dropped.

Refused (see :func:`xml_as_html`): a document drawn through an XSLT stylesheet
(any ``<?xml-stylesheet?>`` not CSS), whose output is computed (``substring()``,
``value-of``: blind31); a document nested deeper than a page may be; an entity declaration, which ``defusedxml`` forbids (entity expansion is
how an "XML bomb" takes gigabytes of memory); a document that is not
well-formed, which a browser draws partly or not at all.
The HTML named entities (``&nbsp;``) of an XHTML document type are known, as
browsers know them.
"""

from __future__ import annotations

import html
import re
from html.entities import entitydefs
from xml.etree.ElementTree import Element, ParseError

__all__ = ["xml_as_html"]

#: Vocabularies read as the browser draws them inside a page, by namespace.
_KEPT = frozenset(
    {
        "http://www.w3.org/1999/xhtml",
        "http://www.w3.org/2000/svg",
        "http://www.w3.org/1998/Math/MathML",
    }
)
#: Attribute namespaces written back with their usual prefix.
_PREFIXES = {
    "http://www.w3.org/1999/xlink": "xlink:",
    "http://www.w3.org/XML/1998/namespace": "xml:",
}
#: HTML elements whose content is raw text (not entity-decoded): written as it is.
_RAW = frozenset({"script", "style"})
_STYLESHEET = re.compile(r"<\?xml-stylesheet\s(.*?)\?>", re.DOTALL)
_PSEUDO_ATTRIBUTE = re.compile(r"""([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")


def xml_as_html(text: str) -> tuple[str, str | None]:
    """``text`` parsed as XML and written as HTML; or ``""`` and why it cannot be read."""
    from defusedxml import DefusedXmlException  # type: ignore[import-untyped]
    from defusedxml.ElementTree import DefusedXMLParser  # type: ignore[import-untyped]

    from fxsite.verify.visible import MAX_NESTING, too_deep  # visible reads data: URLs by us

    if too_deep(text):  # refused before parsing: deep trees cost time to build
        return "", f"nests elements more than {MAX_NESTING} deep"
    parser = DefusedXMLParser(forbid_dtd=False, forbid_entities=True, forbid_external=True)
    parser.entity.update(entitydefs)  # only consulted under a document type (XHTML's)
    try:
        parser.feed(text)
        root = parser.close()
    except DefusedXmlException as exc:
        name = getattr(exc, "name", None) or "?"
        return "", (
            f"declares an XML entity ('{name}'), which the gate does not expand; "
            "write its text in the document instead"
        )
    except ParseError as exc:
        return "", f"is not well-formed XML ({exc}); a browser draws it partly or not at all"
    links, transform = _stylesheets(text)
    if transform is not None:
        return "", (
            f"is drawn through the XSLT stylesheet '{transform}', which computes the text a "
            "browser shows and the gate cannot read; publish the HTML it makes instead"
        )
    return links + _written(root), None


def _stylesheets(text: str) -> tuple[str, str | None]:
    """The CSS ``<?xml-stylesheet?>`` instructions of ``text``, as the HTML that loads
    them; the first other one's ``href`` (an XSLT: blind31), or None."""
    out = []
    for match in _STYLESHEET.finditer(text):
        pseudo = {
            m[1].lower(): html.unescape(m[2] or m[3]) for m in _PSEUDO_ATTRIBUTE.finditer(match[1])
        }
        href = pseudo.get("href", "")
        if "css" not in pseudo.get("type", "text/css").lower():
            return "", href
        out.append(f'<link rel="stylesheet" href="{html.escape(href, quote=True)}">')
    return "".join(out), None


def _split(name: str) -> tuple[str, str]:
    """(namespace, local name) of an ElementTree name (``{ns}local``)."""
    if name.startswith("{"):
        namespace, _, local = name[1:].partition("}")
        return namespace, local
    return "", name


def _attribute_name(name: str) -> str:
    namespace, local = _split(name)
    return _PREFIXES.get(namespace, "") + local


def _written(root: Element) -> str:
    """The element tree as HTML, with an explicit stack (deep documents are safe)."""
    from fxsite.verify.visible import VOID_ELEMENTS  # visible reads data: URLs by us

    out: list[str] = []
    # Entries: an element to open, or a string (an end tag, or a tail's text) to write.
    stack: list[Element | str] = [root]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        namespace, local = _split(str(item.tag))
        kept = namespace in _KEPT
        name = local.lower() if kept else "div"
        attrs = "".join(
            f' {_attribute_name(k)}="{html.escape(v, quote=True)}"' for k, v in item.attrib.items()
        )
        out.append(f"<{name}{attrs}>" if kept else f"<{name}>")
        if not kept:  # a tree viewer shows attribute values
            out.extend(f"<div>{html.escape(v, quote=False)}</div>" for v in item.attrib.values())
        out.append(_content(item.text or "", name if kept else ""))
        if item.tail:
            stack.append(html.escape(item.tail, quote=False))
        if name not in VOID_ELEMENTS or not kept:
            stack.append(f"</{name}>")
        stack.extend(reversed(list(item)))
    return "".join(out)


def _content(text: str, kept: str) -> str:
    """An element's own text, written for the HTML parser to read it as it was."""
    if kept in _RAW:
        # Raw text ends only at its end tag: keep the text, never the end tag inside it.
        return text.replace("</", "<\\/")
    shown = html.escape(text, quote=False)
    if kept or "<" not in text:
        return shown
    # Escaped markup in a feed: a feed reader draws it as HTML.
    return f'{shown}<iframe srcdoc="{html.escape(text, quote=True)}"></iframe>'
