"""The words a site's own theme templates write on its pages, judged where they are written.

A ``custom_dir`` (MkDocs' theme override folder) holds templates that the
theme renders around every page: an ``announce`` block, a footer, a partial.
Their literal text is shown on the pages that use them, and the build's last
gate finds a figure there on every published page. ``fxsite check`` and the
build read each template once, at its own lines: the Jinja syntax
(``{% … %}``, ``{{ … }}``, ``{# … #}``) is blanked out, keeping every offset,
but for the string literals an expression writes (``{{ "Now 2x faster" }}``,
``{{ x or "…" }}``) or a ``{% set %}`` names for one to write: those are
shown text, kept where they are written. The rest is read as the HTML page it
becomes, by the gate's own reader
(:func:`fxsite.verify.docs_files.read_findings`, as for a file of ``docs/``). A
template cannot hold a claim: every figure in its text is bare; hidden and glued
characters are found too. What the Jinja writes from data (a page's title,
the site's name) is judged where that data is written: a page's front-matter
value a template prints (``{{ page.meta.banner }}``) as the page's text, at its
line (:func:`printed_meta`). A value of the configuration's ``extra`` that a
template writes as it is (``{{ config.extra.speed }} s``) is read in the
template too, with the words around it.

The custom_dir's other files (``overrides/notes.txt``, a stylesheet) are
copied into the site as a file of ``docs/`` is, where MkDocs' own filter
(``Files.add_files_from_theme``) keeps them and no file of ``docs/`` has the
same path: they are judged by the reader of a file of ``docs/``
(:func:`fxsite.verify.docs_files.docs_file_findings`), at their lines in the custom_dir.
"""

from __future__ import annotations

import fnmatch
import importlib.util
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from fxsite.findings import Finding
from fxsite.pages.docs_tree import MARKDOWN_SUFFIXES
from fxsite.safeio import UnreadableFile, read_text

__all__ = ["printed_meta", "template_findings", "theme_file_findings"]

#: Largest template read (a theme's own are a few kilobytes).
MAX_TEMPLATE_BYTES = 1 << 20
_JINJA = re.compile(r"\{%.*?%\}|\{\{.*?\}\}|\{#.*?#\}", re.DOTALL)
#: Where a Jinja tag writes its string literals: an expression, a ``set``.
_WRITES = re.compile(r"\{\{|\{%-?\s*set\b")
_LITERAL = re.compile(r"\"((?:[^\"\\]|\\.)*)\"|'((?:[^'\\]|\\.)*)'", re.DOTALL)


def _mkdocs_templates() -> list[str]:
    """The names in MkDocs' own templates folder, found without importing MkDocs (the
    core never does)."""
    spec = importlib.util.find_spec("mkdocs")
    folder = Path(spec.origin).parent / "templates" if spec and spec.origin else None
    return sorted(p.name for p in folder.iterdir()) if folder and folder.is_dir() else []


#: What MkDocs does not copy from a theme folder (``Files.add_files_from_theme``),
#: and the templates it renders as pages (``sitemap.xml``: ``Theme.static_templates``).
_NOT_COPIED = (
    ".*",
    "*/.*",
    "*.py",
    "*.pyc",
    "*.html",
    "*readme*",
    "mkdocs_theme.yml",
    "locales/*",
    *(f"*{suffix}" for suffix in MARKDOWN_SUFFIXES),
    *_mkdocs_templates(),
)
#: A value of the configuration's ``extra`` a template writes as it is: {{ config.extra.a.b }}.
_EXTRA = re.compile(r"\{\{-?\s*config\.extra((?:\.\w+)+)\s*-?\}\}")
#: A page's front-matter value a template writes: page.meta.NAME, ['NAME'], .get('NAME').
_META = re.compile(r"\bpage\.meta(?:\.(\w+)|\[\s*[\"'](\w+)[\"']\s*\]|\.get\(\s*[\"'](\w+)[\"'])")
_ADVICE = (
    " in a theme template, which cannot hold a claim: cite the figure in a page, "
    "or remove it from the template"
)


def _spaces(text: str) -> str:
    return re.sub(r"[^\n]", " ", text)


def _extra_value(tag: str, extra: Mapping[str, Any]) -> str | None:
    """What ``{{ config.extra.a.b }}`` writes: a string or a number of ``extra``."""
    found = _EXTRA.fullmatch(tag)
    value: Any = extra
    for key in found.group(1).split(".")[1:] if found else ():
        value = value.get(key) if isinstance(value, Mapping) else None
    if not found or isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return None
    shown = str(value).replace("\n", " ")
    return shown + _spaces(tag[len(shown) :])  # offsets kept where the value is shorter


def _blank(match: re.Match[str], extra: Mapping[str, Any]) -> str:
    """A Jinja tag as spaces, but for the literals it writes (:data:`_WRITES`) and the
    ``extra`` values it writes as they are (:data:`_EXTRA`)."""
    tag = match.group()
    value = _extra_value(tag, extra)
    if value is not None:
        return value
    if not _WRITES.match(tag):
        return _spaces(tag)
    kept, last = [], 0
    for literal in _LITERAL.finditer(tag):
        start, end = literal.span(1) if literal.group(1) is not None else literal.span(2)
        kept += [_spaces(tag[last:start]), tag[start:end]]
        last = end
    return "".join([*kept, _spaces(tag[last:])])


def printed_meta(custom_dir: Path) -> frozenset[str]:
    """The front-matter keys whose values the templates under ``custom_dir`` print."""
    keys: set[str] = set()
    for file in sorted(custom_dir.rglob("*.html")):
        try:
            text = read_text(file, MAX_TEMPLATE_BYTES)
        except UnreadableFile:
            continue  # reported by template_findings
        for tag in _JINJA.finditer(text):
            if _WRITES.match(tag.group()):
                keys.update(next(k for k in m.groups() if k) for m in _META.finditer(tag.group()))
    return frozenset(keys - {"get"})


def template_findings(
    custom_dir: Path, shown: str, extra: Mapping[str, Any] | None = None
) -> list[Finding]:
    """Each figure the templates under ``custom_dir`` write as text, at their lines.

    ``shown`` is how findings name the folder (``overrides``); ``extra``, the
    configuration's ``extra`` (``<p>{{ config.extra.speed }} s</p>`` writes "95 s").
    """
    values = extra or {}
    from fxsite.verify.docs_files import read_findings

    findings: list[Finding] = []
    for file in sorted(custom_dir.rglob("*.html")):
        rel = file.relative_to(custom_dir).as_posix()
        path = f"{shown}/{rel}"
        try:
            text = read_text(file, MAX_TEMPLATE_BYTES)
        except UnreadableFile as exc:
            findings.append(Finding(path, 1, 1, "FX105", f"cannot read template: it {exc.reason}"))
            continue
        text = _JINJA.sub(lambda m: _blank(m, values), text)
        findings += read_findings(path, rel, text, text, "html", _ADVICE)
    return findings


def _copied(custom_dir: Path, docs_dir: Path) -> list[str]:
    """The files of ``custom_dir`` MkDocs copies into the site (relative, sorted)."""
    copied = []
    for file in sorted(custom_dir.rglob("*")):
        rel = file.relative_to(custom_dir).as_posix()
        if not file.is_file() or any(fnmatch.fnmatch(rel.lower(), p) for p in _NOT_COPIED):
            continue
        if not (docs_dir / rel).is_file():  # a file of docs/ wins over the theme's
            copied.append(rel)
    return copied


def theme_file_findings(
    custom_dir: Path, shown: str, docs_dir: Path, library: Any, declared: frozenset[str]
) -> list[Finding]:
    """What the gate would find in each file of ``custom_dir`` copied into the site, at
    ``shown/rel``'s lines (``declared``: the files of the plugin's ``scripts_that_write``)."""
    from fxsite.verify.docs_files import docs_file_findings

    return [
        finding
        for rel in _copied(custom_dir, docs_dir)
        for finding in docs_file_findings(custom_dir, rel, f"{shown}/{rel}", library, declared)
    ]
