"""What ``mkdocs.yml`` makes every page load from another origin, told where it is written.

Material's version selector, which draws text from a file outside the site, is refused here
too (:func:`_theme_versions`).

The theme writes a ``<script src>`` on every page for each ``extra_javascript``
entry and each ``extra.polyfills`` entry (Material's ``offline`` plugin adds
its iframe-worker shim to them), and a ``<link rel=stylesheet>`` for each
``extra_css`` entry. The build's gate warns (``FX507``) of a script or a
stylesheet from another origin on every published page
(:func:`~fxsite.verify.scripts.script_note`, :func:`~fxsite.verify.scripts.link_note`);
``fxsite check`` and the build call the same rules here and report each once,
at its line in ``mkdocs.yml`` (or in the file it ``INHERIT``\\ s the setting
from: MkDocs takes a list from the nearest file that writes it). The gate's
copies on every page are that finding again, and not reported twice.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, TypeGuard

import yaml

from fxsite.findings import Finding
from fxsite.pages.config_drawn import setting
from fxsite.pages.config_text import Source, compose_config
from fxsite.verify.notes import Note
from fxsite.verify.scripts import link_note, script_note

__all__ = ["OFFLINE_SHIM", "config_code_findings", "extension_place"]

#: The script Material's ``offline`` plugin adds to ``extra.polyfills`` (its ``on_config``)
#: unless one of them is an iframe-worker already.
OFFLINE_SHIM = "https://unpkg.com/iframe-worker/shim"
_OFFLINE = frozenset({"offline", "material/offline"})


def config_code_findings(
    text: str, path: str, parents: Sequence[tuple[str, str]] = ()
) -> list[Finding]:
    """``FX507`` warnings for the scripts and stylesheets from another origin the
    configuration ``text`` (named ``path``; ``parents``: (name, text) of the files it
    inherits from, nearest first) loads on every page."""
    roots = [(name, compose_config(t)) for name, t in ((path, text), *parents)]
    out: list[Finding] = []
    for name, node in _entries(roots, ("extra_javascript",)):
        src = setting(node, "path") if isinstance(node, yaml.MappingNode) else node
        note = script_note({"src": src.value}, "") if _is_text(src) else None
        out += _finding(name, node, note)
    for name, node in _entries(roots, ("extra_css",)):
        note = link_note({"rel": "stylesheet", "href": node.value}) if _is_text(node) else None
        out += _finding(name, node, note)
    polyfills = list(_entries(roots, ("extra", "polyfills")))
    for name, node in polyfills:
        out += _finding(
            name, node, script_note({"src": node.value}, "") if _is_text(node) else None
        )
    out += _theme_font(roots)
    out += _theme_highlight(roots, path)
    out += _theme_versions(roots)
    if not any(_is_text(n) and "iframe-worker" in n.value for _, n in polyfills):
        for name, node in _entries(roots, ("plugins",)):
            if _offline(node):
                note = script_note({"src": OFFLINE_SHIM}, "")
                out += _finding(name, node, note, " (the offline plugin adds it)")
    return out


def extension_place(text: str, path: str, extension: str, parents: Sequence[Source] = ()) -> str:
    """``path:line`` of the ``markdown_extensions`` item that names ``extension`` (``- toc``,
    ``- toc: {…}``), in the nearest file that writes the list (``parents``: as for
    :func:`config_code_findings`); ``path`` where none does."""
    roots = [(name, compose_config(t)) for name, t in ((path, text), *parents)]
    for name, node in _entries(roots, ("markdown_extensions",)):
        key = node.value[0][0] if isinstance(node, yaml.MappingNode) and node.value else node
        if _is_text(key) and key.value == extension:
            return f"{name}:{key.start_mark.line + 1}"
    return path


def _theme_setting(roots: list[tuple[str, yaml.Node | None]], key: str) -> tuple[str, yaml.Node]:
    """``theme``'s ``key`` (``name``: also ``theme: material``) from the nearest file
    that writes it, with the file's name; ("", a null node) where none does."""
    for name, root in roots:
        theme = setting(root, "theme") if root is not None else None
        if key == "name" and _is_text(theme):
            return name, theme
        value = setting(theme, key) if theme is not None else None
        if value is not None:
            return name, value
    return "", yaml.ScalarNode("tag:yaml.org,2002:null", "")


def _theme_font(roots: list[tuple[str, yaml.Node | None]]) -> list[Finding]:
    """Material's text and code fonts, which its template loads from Google Fonts on
    every page unless ``theme.font`` is ``false`` (the same URL, so the gate's copies
    are this finding again), at the theme's ``font`` or ``name`` line."""
    name, theme = _theme_setting(roots, "name")
    if not (_is_text(theme) and theme.value == "material"):
        return []
    where, font = _theme_setting(roots, "font")
    if _is_text(font) and font.value.lower() in ("false", "no", "off"):
        return []
    text, code = (setting(font, k) for k in ("text", "code"))
    family = "+".join((text.value if _is_text(text) and text.value else "Roboto").split(" "))
    mono = "+".join((code.value if _is_text(code) and code.value else "Roboto Mono").split(" "))
    href = (
        f"https://fonts.googleapis.com/css?family={family}:300,300i,400,400i,700,700i%7C"
        f"{mono}:400,400i,700,700i&display=fallback"
    )
    why = " (Material's theme font; `font: false` under theme: uses the reader's fonts)"
    note = link_note({"rel": "stylesheet", "href": href})
    return _finding(where, font, note, why) if where else _finding(name, theme, note, why)


#: Where MkDocs' own themes (``mkdocs``, ``readthedocs``) load highlight.js from (its
#: templates' URL: the same, so the gate's copies are these findings again).
HIGHLIGHT_JS = "https://cdnjs.cloudflare.com/ajax/libs/highlight.js/11.8.0/"
#: Each MkDocs theme's highlight.js styles: (setting, default), as its mkdocs_theme.yml says.
_HLJS_STYLES = {
    "mkdocs": (("hljs_style", "github"), ("hljs_style_dark", "github-dark")),
    "readthedocs": (("hljs_style", "github"),),
}


def _theme_highlight(roots: list[tuple[str, yaml.Node | None]], path: str) -> list[Finding]:
    """The highlight.js stylesheets and scripts MkDocs' own themes load from cdnjs on
    every page unless ``theme.highlightjs`` is false, at the theme's ``highlightjs`` or
    ``name`` line (the top of ``mkdocs.yml`` when no theme is named: MkDocs' own)."""
    name, theme = _theme_setting(roots, "name")
    styles = _HLJS_STYLES.get(theme.value if _is_text(theme) and name else "mkdocs")
    if styles is None:
        return []
    where, on = _theme_setting(roots, "highlightjs")
    if _is_text(on) and on.value.lower() in ("false", "no", "off"):
        return []
    if where:
        name, theme = where, on
    elif not name:
        name, theme = path, roots[0][1] or yaml.ScalarNode("tag:yaml.org,2002:null", "")
    notes = [
        link_note(
            {
                "rel": "stylesheet",
                "href": f"{HIGHLIGHT_JS}styles/{_setting_text(roots, k, d)}.min.css",
            }
        )
        for k, d in styles
    ]
    _, languages = _theme_setting(roots, "hljs_languages")
    scripts = ["highlight", *(f"languages/{n.value}" for n in _items(languages) if _is_text(n))]
    notes += [script_note({"src": f"{HIGHLIGHT_JS}{s}.min.js"}, "") for s in scripts]
    why = " (the theme's highlight.js; `highlightjs: false` under theme: turns it off)"
    return [f for note in notes for f in _finding(name, theme, note, why)]


def _theme_versions(roots: list[tuple[str, yaml.Node | None]]) -> list[Finding]:
    """Material's version selector (``extra.version.provider``, mike's), whose script draws
    in every page's header the titles of ``../versions.json``: a file outside the site,
    which neither the gate nor an audit reads (blind71: "checkpoint saves in 77 s, 3.1×
    faster" drawn as a version's title). Refused at ``provider``."""
    _, theme = _theme_setting(roots, "name")
    if not (_is_text(theme) and theme.value == "material"):
        return []
    for name, root in roots:
        version = setting(setting(root, "extra"), "version") if root is not None else None
        provider = setting(version, "provider") if version is not None else None
        if provider is None:
            continue
        if _is_text(provider) and provider.value.lower() in ("", "null", "false", "~"):
            return []
        note = Note(
            "FX506",
            "Material's version selector (extra.version) draws the titles of versions.json, "
            "a file outside the site that the build and an audit cannot read: remove "
            "extra.version, and publish each version as a site of its own",
            "provider",
        )
        return _finding(name, provider, note)
    return []


def _setting_text(roots: list[tuple[str, yaml.Node | None]], key: str, default: str) -> str:
    _, value = _theme_setting(roots, key)
    return value.value if _is_text(value) and value.value else default


def _items(node: yaml.Node) -> list[yaml.Node]:
    return list(node.value) if isinstance(node, yaml.SequenceNode) else []


def _finding(name: str, node: yaml.Node, note: Note | None, why: str = "") -> list[Finding]:
    if note is None:
        return []
    mark = node.start_mark
    return [
        Finding(
            name,
            mark.line + 1,
            mark.column + 1,
            note.code,
            note.message + why,
            note.severity,
            note.text,
        )
    ]


def _entries(
    roots: list[tuple[str, yaml.Node | None]], keys: tuple[str, ...]
) -> Iterator[tuple[str, yaml.Node]]:
    """The items of the list at ``keys``, from the nearest file that writes it."""
    for name, root in roots:
        node: yaml.Node | None = root
        for key in keys:
            node = setting(node, key) if node is not None else None
        if isinstance(node, yaml.SequenceNode):
            yield from ((name, item) for item in node.value)
            return
        if node is not None:
            return


def _offline(item: yaml.Node) -> bool:
    """A ``plugins`` item that is the offline plugin, not disabled (``enabled: false``)."""
    if _is_text(item):
        return item.value in _OFFLINE
    if not isinstance(item, yaml.MappingNode):
        return False
    for key, options in item.value:
        if _is_text(key) and key.value in _OFFLINE:
            enabled = setting(options, "enabled")
            return not (_is_text(enabled) and enabled.value.lower() in ("false", "no", "off"))
    return False


def _is_text(node: Any) -> TypeGuard[yaml.ScalarNode]:
    return isinstance(node, yaml.ScalarNode) and isinstance(node.value, str)
