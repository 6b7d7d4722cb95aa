"""Code that draws text the gate does not read: scripts, generated CSS content, outside sources.

A script can write a figure after load (``el.textContent = "178 s"``), and
a stylesheet can draw one (``content: attr(data-x)``, ``content: "178 s"``).
The gate reads HTML, not what code makes of it, so such a **writer** is
refused unless a browser draws the pages and compares (see
:func:`~fxsite.verify.notes.judge_writer`): inline ``<script>`` bodies,
``<style>`` blocks, and every published ``.js``, ``.mjs``, ``.cjs`` and ``.css``
file. An event-handler attribute (``onload=``…) or a ``javascript:`` URL is a
writer whatever its code (:func:`handler_notes`): it may hide part of a figure
as readily as write one. The
theme's own code is not the site's (:mod:`.theme`).

A script is a writer when it names a way to write text or to run code made
at run time (:data:`_SINKS`), or to hide, remove or restyle what is drawn
(:data:`_HIDES`: ``remove()``, ``hidden``, ``className``, ``classList``, ``style``),
sets properties by a name it holds
(``Object.assign``, ``Reflect.set``, ``defineProperty``, ``x[k] = …`` with ``k``
not a number), or joins string literals (``"text" + "Content"``). A stylesheet
file that reorders text (:func:`~fxsite.verify.css.reorders`) is refused
(``FX504``): which pages its selectors reach is not worked out. A writer's note
quotes the text it draws as written (:func:`~fxsite.verify.css.written`), to be
placed where it is written. A script's string and template literals
(:func:`script_strings`) are text it may show, read as the page's.

Warned, not refused (``FX507``): a web font (``@font-face``), a script or a
stylesheet from another origin (``@import`` too), an ``<iframe>`` or ``<frame>``
with a ``src``, an ``<object>`` or ``<embed>`` from another origin, and
``<meta http-equiv=refresh>``.
"""

from __future__ import annotations

import json
import re
from urllib.parse import unquote, urlsplit

from fxsite.verify.css import read_sheet, reorders, writes, written
from fxsite.verify.notes import REORDERED, UNREAD, Note, writer_note
from fxsite.verify.sheets import loads_style
from fxsite.verify.theme import is_theme_file, is_theme_inline

__all__ = [
    "base_note",
    "code_notes",
    "frame_note",
    "handler_notes",
    "is_script",
    "link_note",
    "refresh_note",
    "script_literals",
    "script_note",
    "script_strings",
    "sheet_notes",
]

_NAMES = "textContent|innerHTML|outerHTML|innerText|outerText|nodeValue"
_PROPS = "value|placeholder|title|alt|label|data|text"
#: What writes text or runs code made at run time, as a script names it.
_SINKS = re.compile(
    rf"""\b(?:{_NAMES})\b["'`]?\s*\]?\s*\+?=(?!=)"""
    rf"""|\.\s*(?:{_PROPS})\s*\+?=(?!=)"""
    r"""|\b(?:insertAdjacentHTML|insertAdjacentText|createTextNode|createContextualFragment"""
    r"""|setHTML|setHTMLUnsafe|parseFromString|write|writeln|setAttribute|setAttributeNS"""
    r"""|append|prepend|before|after|replaceWith|replaceChildren|eval|Function|importScripts)"""
    r"""\s*\("""
    r"""|\bimport\s*\(|\b(?:setTimeout|setInterval)\s*\(\s*["'`]"""
    r"""|\b(?:Object|Reflect)\s*\.\s*(?:assign|set|apply|construct|defineProperty"""
    r"""|defineProperties)\s*\("""
    r"""|\[(?!\s*\d+\s*\])[^\[\]]*\]\s*(?:\+|\|\||&&|\?\?)?=(?!=)"""
    r"""|["'`]\s*\+\s*["'`]"""
)
#: Script types a browser runs (no type, or a JavaScript MIME type, or a module).
_RUN_TYPES = frozenset(
    {
        "",
        "module",
        "text/javascript",
        "application/javascript",
        "application/x-javascript",
        "text/ecmascript",
        "application/ecmascript",
        "text/jscript",
        "text/livescript",
        "text/x-javascript",
        "text/x-ecmascript",
        "text/javascript1.0",
        "text/javascript1.5",
    }
)
#: Attributes whose URL a browser may run as a script (``javascript:``).
_SCRIPT_URLS = ("href", "src", "action", "formaction", "data", "xlink:href")


#: What hides, removes or restyles part of what is drawn, as a script names it: a figure's
#: middle hidden after load (``el.remove()``, ``el.hidden = true``, ``el.className = 'h'``,
#: ``el.style.display = 'none'``) reads otherwise than the HTML the gate read.
_HIDES = re.compile(
    r"""\.\s*(?:remove|removeChild|replaceChild|toggleAttribute|removeAttribute|setProperty"""
    r"""|animate|attachShadow|insertRule|addRule|replaceSync)\s*\("""
    r"""|\bclassList\s*\.\s*(?:add|remove|toggle|replace)\s*\("""
    r"""|\b(?:className|hidden|inert|cssText|adoptedStyleSheets)\b["'`]?\s*\]?\s*\+?=(?!=)"""
    r"""|\bstyle\s*(?:\.\s*[A-Za-z]+\s*|\[[^\[\]]*\]\s*)?\+?=(?!=)"""
)


def _writes(code: str) -> tuple[str, str] | None:
    """What ``code`` does to what is drawn ("writes text", else "hides what is drawn") and
    the first code that does it, as written; None when it does neither."""
    for does, pattern in (("writes text", _SINKS), ("hides what is drawn", _HIDES)):
        match = pattern.search(code)
        if match is not None:
            return does, " ".join(match.group(0).split())
    return None


def _outside(url: str) -> bool:
    try:
        parts = urlsplit(url.strip())
    except ValueError:  # "http://[::1": no browser loads it from the site either
        return True
    return bool(parts.netloc) or parts.scheme.lower() in ("http", "https")


_QUOTES = "\"'`"


def script_strings(code: str) -> list[str]:
    """The string and template literals of a script, outside its comments, in order.

    A literal is text the script may show: a figure in one is read as the page's
    (a ``/``-delimited regular expression is read as code, not as a literal).
    """
    out, at, end = [], 0, len(code)
    while at < end:
        char = code[at]
        if code.startswith("//", at):
            stop = code.find("\n", at)
            at = end if stop < 0 else stop
        elif code.startswith("/*", at):
            stop = code.find("*/", at + 2)
            at = end if stop < 0 else stop + 2
        elif char in _QUOTES:
            start, at = at + 1, at + 1
            while at < end and code[at] != char and (char == "`" or code[at] != "\n"):
                at += 2 if code[at] == "\\" else 1
            out.append(code[start : min(at, end)])
            at += 1
        else:
            at += 1
    return out


def script_literals(rel: str, data: bytes) -> str | None:
    """The literals of the script file ``rel`` (:func:`script_strings`) as a JSON list, to
    be read as a JSON file's strings are, each a text it may show. None: not a script,
    or the theme's."""
    if not rel.lower().endswith((".js", ".mjs", ".cjs")) or is_theme_file(data):
        return None
    return json.dumps(script_strings(data.decode("utf-8", "replace")))


def is_script(attrs: dict[str, str]) -> bool:
    """A ``<script>`` a browser runs, by its ``type``."""
    kind = attrs.get("type", "").strip().lower().split(";")[0].strip()
    return kind in _RUN_TYPES


def script_note(attrs: dict[str, str], body: str) -> Note | None:
    """An inline script that writes text, or a script from another origin."""
    src = attrs.get("src", "")
    if src:
        if _outside(src):
            return Note(UNREAD, f"script from another origin ({src}) runs unread", src, "warning")
        return None  # the site's own file: read where it is published
    if is_theme_inline(body):
        return None
    found = _writes(body)
    if found is None:
        return None
    does, sink = found
    return writer_note(f"an inline script {does} ({sink})", sink, "")


def handler_notes(attrs: dict[str, str]) -> list[Note]:
    """Event-handler attributes (``onload=``…) and ``javascript:`` URLs: each is a writer.

    Such code runs on an event, where the gate does not see what it does: it may
    write text, or hide or remove part of a figure (set a class, ``style.display``,
    ``hidden``, call ``remove()``). The note quotes what writes text where the code
    names it (:data:`_SINKS`), else the attribute.
    """
    out = []
    for name, value in attrs.items():
        code = value if name.startswith("on") else ""
        if name in _SCRIPT_URLS and value.strip().lower().startswith("javascript:"):
            code = unquote(value.strip()[len("javascript:") :])
        if not code.strip():
            continue
        found = _writes(code)
        does = (
            f"{found[0]} ({found[1]})" if found else "may change what is drawn: hide or write text"
        )
        sink = found[1] if found else None
        out.append(
            writer_note(f"the {name} attribute's script {does}", sink or code.strip(), writer="")
        )
    return out


def sheet_notes(css: str, writer: str) -> list[Note]:
    """A stylesheet's generated text (a writer) and web fonts (warned)."""
    if writer == "" and is_theme_inline(css):
        return []
    sheet = read_sheet(css)
    out = []
    drawing = next((d for d in sheet.declarations if writes(d) is not None), None)
    if drawing is not None:
        where = "a <style> block" if writer == "" else f"the stylesheet {writer}"
        message = f"{where} draws text with CSS ({writes(drawing)})"
        # Quoted as written (escapes and all), to be found where it is written.
        out.append(writer_note(message, written(css, drawing) or "", writer))
    for url in sheet.imports:
        if _outside(url):
            out.append(
                Note(
                    UNREAD,
                    f"stylesheet from another origin ({url}) is drawn unread",
                    url,
                    "warning",
                )
            )
    if sheet.font_face:
        out.append(
            Note(
                UNREAD,
                "@font-face: a web font may draw other glyphs than the characters checked",
                "@font-face",
                "warning",
            )
        )
    return out


def link_note(attrs: dict[str, str]) -> Note | None:
    """A stylesheet from another origin (it may draw text and fonts the gate does not read)."""
    href = attrs.get("href", "")
    if loads_style(attrs) and _outside(href):
        return Note(
            UNREAD, f"stylesheet from another origin ({href}) is drawn unread", href, "warning"
        )
    return None


def frame_note(tag: str, attrs: dict[str, str]) -> Note | None:
    """A frame that draws another document by URL (a ``data:`` one is read in place).

    An ``<object>`` or ``<embed>`` only from another origin: the site's own file
    is read where it is published.
    """
    src = attrs.get("data" if tag == "object" else "src", "").strip()
    if tag in ("object", "embed") and not _outside(src):
        return None
    if src and not src.lower().startswith("data:"):
        return Note(UNREAD, f"<{tag}> draws {src} inside the page, unread here", src, "warning")
    return None


def refresh_note(attrs: dict[str, str]) -> Note | None:
    """``<meta http-equiv=refresh>``: the reader is sent elsewhere, maybe before reading."""
    if attrs.get("http-equiv", "").strip().lower() != "refresh":
        return None
    content = attrs.get("content", "")
    return Note(
        UNREAD, f"<meta http-equiv=refresh> sends the reader on ({content})", "refresh", "warning"
    )


def base_note(attrs: dict[str, str]) -> Note | None:
    """``<base href>``: every relative link of the page, its evidence links too, goes there."""
    href = attrs.get("href", "").strip()
    if not href:
        return None
    message = f"<base href> sends every relative link, the evidence links too, to {href}"
    return Note(UNREAD, message, "base", "warning")


def code_notes(rel: str, data: bytes) -> list[Note]:
    """A published script or stylesheet file: what it writes, reorders, or draws unread."""
    name = rel.lower()
    if not name.endswith((".js", ".mjs", ".cjs", ".css")) or is_theme_file(data):
        return []
    text = data.decode("utf-8", "replace")
    if not name.endswith(".css"):
        found = _writes(text)
        if found is None:
            return []
        does, sink = found
        return [writer_note(f"the script {rel} {does} ({sink})", sink, rel)]
    out = sheet_notes(text, rel)
    moved = next((d for d in read_sheet(text).declarations if reorders(d) is not None), None)
    if moved is not None:
        out.append(
            Note(
                REORDERED,
                f"the stylesheet {rel} reorders text ({moved.shown} in {moved.selector or 'a rule'}): "
                "a reader may see another figure than the one checked",
                moved.name,
            )
        )
    return out
