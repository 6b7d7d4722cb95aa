"""Names with a hyphen and a digit ("8-GPU", "Qwen-7B", "G1–G4") kept on one line.

Browsers may break a line after a hyphen or a dash, which splits "8-GPU" as
"8-" and "GPU". :func:`keep_names_whole` wraps each such name in a page's
Markdown tree in ``<span class="fx-nobr">`` (``white-space: nowrap`` in
``fxsite-charts.css``); the text is unchanged, so what a reader and the gate
read stays the same. Code, preformatted text, scripts, inline SVG or MathML and
claims (their markup is the build's own) are left alone.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from markdown.treeprocessors import Treeprocessor

__all__ = ["NAME", "NobreakTreeprocessor", "keep_names_whole"]

#: The letters and digits of a name: Latin script (Chinese text has no spaces; a run of
#: it is never held on one line).
_CH = "0-9A-Za-z\u00c0-\u024f"
#: Letters and digits joined by hyphens or dashes, with a digit and a letter: a name
#: ("8-GPU"), not a range of numbers ("6.2–9.3") or a date.
NAME = re.compile(
    rf"(?<![{_CH}.\-‐‑–])(?=[{_CH}\-‐‑–]*\d)(?=[{_CH}\-‐‑–]*[A-Za-z\u00c0-\u024f])"
    rf"[{_CH}]+(?:[\-‐–][{_CH}]+)+(?![{_CH}\-‐‑–]|\.\d)"
)
#: The hyphens and dashes that join the parts of a :data:`NAME`: one is in every name.
_JOINS = ("-", "\u2010", "\u2013")
_SKIP = frozenset({"code", "pre", "kbd", "samp", "script", "style", "svg", "math", "textarea"})
_CLASS = "fx-nobr"


def _spans(text: str) -> tuple[str, list[ET.Element]]:
    """``text`` split into what comes before the first name and one span per name (tail after)."""
    if not any(dash in text for dash in _JOINS):  # most text: no name, found at C speed
        return text, []
    matches = list(NAME.finditer(text))
    if not matches:
        return text, []
    spans = []
    for i, match in enumerate(matches):
        span = ET.Element("span", {"class": _CLASS})
        span.text = match.group()
        end = matches[i + 1].start() if i + 1 < len(matches) else len(text)
        span.tail = text[match.end() : end]
        spans.append(span)
    return text[: matches[0].start()], spans


def keep_names_whole(element: ET.Element) -> None:
    """Wrap every name in ``element``'s text (and its children's) in a no-break span."""
    if not isinstance(element.tag, str) or element.tag in _SKIP:
        return
    # A claim's markup is the build's, compared with a fresh render of it by the gate.
    if _CLASS in (element.get("class") or "").split() or "data-fx-ref" in element.attrib:
        return
    children = list(element)
    # The new children in one list, set once: an insert a span was quadratic in children.
    placed: list[ET.Element] = []
    if element.text:
        element.text, spans = _spans(element.text)
        placed += spans
    for child in children:
        keep_names_whole(child)
        placed.append(child)
        if child.tail:
            child.tail, spans = _spans(child.tail)
            placed += spans
    if len(placed) != len(children):
        element[:] = placed


class NobreakTreeprocessor(Treeprocessor):
    """Runs :func:`keep_names_whole` over a page once its headings have their ids."""

    def run(self, root: ET.Element) -> None:
        keep_names_whole(root)
