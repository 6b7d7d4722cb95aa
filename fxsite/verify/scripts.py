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
at run time, or to hide, remove or restyle what is drawn, however it reaches it
(:func:`~fxsite.verify.script_code.script_does`), sets or calls properties by a name it
holds (``Object.assign``, ``Reflect.set``, ``defineProperty``, ``x[k] = …`` with ``k``
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

from fxsite.verify.css import (
    TEXT_PROPERTIES,
    Declaration,
    read_sheet,
    read_style,
    reorders,
    writes,
    written,
)
from fxsite.verify.css_counters import COUNTER_PROPERTIES, INSTEAD
from fxsite.verify.kinds import kind_of
from fxsite.verify.notes import REORDERED, UNREAD, Note, writer_note
from fxsite.verify.script_code import script_does, script_strings
from fxsite.verify.sheets import loads_style
from fxsite.verify.theme import is_theme_file, is_theme_inline
from fxsite.verify.trust_marks import sheet_hiding_mark

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
    "style_notes",
]

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


def _outside(url: str) -> bool:
    try:
        parts = urlsplit(url.strip())
    except ValueError:  # "http://[::1": no browser loads it from the site either
        return True
    return bool(parts.netloc) or parts.scheme.lower() in ("http", "https")


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
    found = script_does(body)
    if found is None:
        return None
    does, sink = found
    return writer_note(f"an inline script {does} ({sink})", sink, "")


#: Code that does nothing: ``void(0)``, ``void 0``, ``;`` (Material's search.share button
#: is ``<a href="javascript:void(0)">``, its click handled by the theme's own script: blind78).
_INERT = re.compile(r"\s*(?:void\s*(?:\(\s*0\s*\)|0))?\s*;?\s*")


def handler_notes(attrs: dict[str, str]) -> list[Note]:
    """Event-handler attributes (``onload=``…) and ``javascript:`` URLs: each is a writer.

    Such code runs on an event, where the gate does not see what it does: it may
    write text, or hide or remove part of a figure (set a class, ``style.display``,
    ``hidden``, call ``remove()``). The note quotes what writes text where the code
    names it (:data:`_SINKS`), else the attribute. Code that does nothing
    (:data:`_INERT`) is none.
    """
    out = []
    for name, value in attrs.items():
        code = value if name.startswith("on") else ""
        if name in _SCRIPT_URLS and value.strip().lower().startswith("javascript:"):
            code = unquote(value.strip()[len("javascript:") :])
        if not code.strip() or _INERT.fullmatch(code):
            continue
        found = script_does(code)
        does = (
            f"{found[0]} ({found[1]})" if found else "may change what is drawn: hide or write text"
        )
        sink = found[1] if found else None
        out.append(
            writer_note(f"the {name} attribute's script {does}", sink or code.strip(), writer="")
        )
    return out


#: What a ``style`` attribute that draws text must hold (a property's name of
#: :data:`~.css.TEXT_PROPERTIES` or :data:`~.css_counters.COUNTER_PROPERTIES`, or an
#: escape in one): most (a chart's strokes) are not parsed.
_MAY_DRAW = re.compile(
    "|".join(re.escape(name) for name in sorted(TEXT_PROPERTIES | COUNTER_PROPERTIES)) + r"|\\",
    re.IGNORECASE,
)


def _draws(where: str, decl: Declaration) -> str:
    """What a writer's note says ``where`` draws with ``decl``; a list's numbers set by
    a counter (:mod:`.css_counters`) with what to write instead."""
    if decl.name in COUNTER_PROPERTIES:
        return f"{where} sets a list's numbers with CSS ({writes(decl)}: {INSTEAD})"
    return f"{where} draws text with CSS ({writes(decl)})"


def style_notes(style: str) -> list[Note]:
    """A ``style`` attribute that draws text: a list's markers (``list-style: '178 s '``,
    which its items inherit) or a quotation's marks (``quotes``), as a ``<style>`` block's
    rule does (:func:`sheet_notes`)."""
    if not _MAY_DRAW.search(style):
        return []
    drawing = next((d for d in read_style(style) if writes(d) is not None), None)
    if drawing is None:
        return []
    message = _draws("a style attribute", drawing)
    return [writer_note(message, written(style, drawing) or "", "")]


def sheet_notes(css: str, writer: str) -> list[Note]:
    """A stylesheet's generated text (a writer) and web fonts (warned)."""
    if writer == "" and is_theme_inline(css):
        return []
    sheet = read_sheet(css)
    out = []
    drawing = next((d for d in sheet.declarations if writes(d) is not None), None)
    if drawing is not None:
        where = "a <style> block" if writer == "" else f"the stylesheet {writer}"
        message = _draws(where, drawing)
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
    if sheet.shrunk_font:
        message = (
            "@font-face: size-adjust under 50% draws the text in its font too small to "
            "read, where the gate reads it"
        )
        out.append(Note("FX614", message, "size-adjust"))
    elif sheet.font_face:
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
    shown = _shown_as_text(src)
    if shown is not None:
        return shown
    if tag in ("object", "embed") and not _outside(src):
        return None
    if src and not src.lower().startswith("data:"):
        return Note(UNREAD, f"<{tag}> draws {src} inside the page, unread here", src, "warning")
    return None


def _shown_as_text(url: str) -> Note | None:
    """A frame of (or a refresh to) the site's own script, stylesheet, source map or JSON
    file: a browser shows its text as a page, where the gate reads it as code or data
    (a comment ``/* 95 s */`` is drawn: blind34)."""
    if not url or _outside(url) or url.lower().startswith("data:"):
        return None
    try:
        path = unquote(urlsplit(url).path)
    except ValueError:
        return None
    if kind_of(path) not in ("code", "json"):
        return None
    message = (
        f"draws {url}, the site's code or data, as the text of a page: the gate reads it "
        "as code, not as text; link to it instead"
    )
    return Note("FX614", message, url)


def refresh_note(attrs: dict[str, str]) -> Note | None:
    """``<meta http-equiv=refresh>``: the reader is sent elsewhere, maybe before reading."""
    if attrs.get("http-equiv", "").strip().lower() != "refresh":
        return None
    content = attrs.get("content", "")
    target = re.sub(r"^[\s\d.]*[;,]?\s*(?:url\s*=\s*)?", "", content, flags=re.IGNORECASE)
    shown = _shown_as_text(target.strip().strip("'\""))
    if shown is not None:
        return shown
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
        found = script_does(text)
        if found is None:
            return []
        does, sink = found
        return [writer_note(f"the script {rel} {does} ({sink})", sink, rel)]
    out = sheet_notes(text, rel)
    declarations = read_sheet(text).declarations
    hides_mark = sheet_hiding_mark(declarations, rel)
    if hides_mark is not None:
        out.append(hides_mark)
    moved = next((d for d in declarations if reorders(d) is not None), None)
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
