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
line (:func:`printed_meta`). What an expression writes from the configuration's
``extra`` alone (``{{ config.extra.speed }} s``, ``{{ 90 + 4 }} s``,
``{{ config.extra.parts|join("") }}``) is read in the template too, with the words
around it: each ``{{ … }}`` is evaluated in Jinja's sandbox, with no other name, no
attribute, only filters that write no more than they read, and capped ``*``, ``**``
and ``%`` (:func:`_written`); one that fails is blanked as above, and read once more as
a digit: where that makes a figure with the words beside it, what it writes is refused
(:func:`unknown_findings`). A file of ``docs/``
listed in ``extra_templates`` is read so (:func:`rendered`).

The custom_dir's other files (``overrides/notes.txt``, a stylesheet) are
copied into the site as a file of ``docs/`` is, where MkDocs' own filter
(``Files.add_files_from_theme``) keeps them and no file of ``docs/`` has the
same path: they are judged by the reader of a file of ``docs/``
(:func:`fxsite.verify.docs_files.docs_file_findings`), at their lines in the custom_dir.
"""

from __future__ import annotations

import fnmatch
import functools
import html
import importlib.util
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from jinja2 import StrictUndefined, nodes
from jinja2.nodes import EvalContext
from jinja2.runtime import Context
from jinja2.sandbox import SandboxedEnvironment

from fxsite.findings import Finding
from fxsite.pages.docs_tree import MARKDOWN_SUFFIXES
from fxsite.safeio import UnreadableFile, read_text

__all__ = [
    "printed_meta",
    "printed_theme_options",
    "refresh_content",
    "rendered",
    "template_findings",
    "theme_file_findings",
    "unknown_findings",
]

#: Largest template read (a theme's own are a few kilobytes).
MAX_TEMPLATE_BYTES = 1 << 20
_JINJA = re.compile(r"\{%.*?%\}|\{\{.*?\}\}|\{#.*?#\}", re.DOTALL)
#: Where a Jinja tag writes its string literals: an expression, a ``set``.
_WRITES = re.compile(r"\{\{|\{%-?\s*set\b")
#: A Jinja loop (what it walks is printed item by item, where a page's value is walked).
_LOOPS = re.compile(r"\{%-?\s*for\b")
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
#: A page's front-matter value a template writes: page.meta.NAME, ['NAME'], .get('NAME').
_META = re.compile(r"\bpage\.meta(?:\.(\w+)|\[\s*[\"'](\w+)[\"']\s*\]|\.get\(\s*[\"'](\w+)[\"'])")
_ADVICE = (
    " in a theme template, which cannot hold a claim: cite the figure in a page, "
    "or remove it from the template"
)


def _spaces(text: str) -> str:
    return re.sub(r"[^\n]", " ", text)


class _Sandbox(SandboxedEnvironment):
    """Jinja's sandbox with no globals, no attribute but a mapping's keys, only filters
    whose output grows with their input's, and capped ``*``, ``**`` and ``%``."""

    intercepted_binops = frozenset({"*", "**", "%"})

    def __init__(self) -> None:
        super().__init__(undefined=StrictUndefined, autoescape=False)
        self.globals.clear()
        self.filters = {name: self.filters[name] for name in _FILTERS}
        self.filters["format"] = _format

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        return False

    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
        if operator == "%" and isinstance(left, str):
            return _format(left, *(right if isinstance(right, tuple) else (right,)))
        if operator == "**" and not (isinstance(right, int) and abs(right) <= _MAX_POWER):
            raise ValueError("power too large")
        sized = [len(x) for x in (left, right) if isinstance(x, (str, list, tuple))]
        times = [x for x in (left, right) if isinstance(x, int)]
        if operator == "*" and sized and times and sized[0] * times[0] > MAX_WRITTEN:
            raise ValueError("written text too long")
        value = super().call_binop(context, operator, left, right)
        if len(value if isinstance(value, (str, list, tuple)) else ()) > MAX_WRITTEN:
            raise ValueError("written text too long")
        if isinstance(value, int) and abs(value) > 10**MAX_WRITTEN:
            raise ValueError("number too large")
        return value


def _format(text: Any, *args: Any) -> str:
    """Jinja's ``format`` filter, refusing a width or precision that writes too much."""
    if not isinstance(text, str) or re.search(r"\d{4,}|\*", text):
        raise ValueError("format too wide")
    return text % args


#: Filters that write no more than they read (``join``, ``format``, ``default``, …), and
#: ``filesizeformat``, a few characters (53000000: "53.0 MB").
_FILTERS = (
    *("abs", "capitalize", "d", "default", "e", "escape", "first", "float", "format"),
    *("int", "join", "last", "length", "count", "lower", "max", "min", "reverse", "round"),
    *("sort", "string", "striptags", "sum", "title", "trim", "truncate", "unique", "upper"),
    "filesizeformat",
)
#: The longest text an expression may write to be read (longer: blanked), the largest power.
MAX_WRITTEN = 1000
_MAX_POWER = 64
#: What an expression check cannot evaluate is read as, to find a unit written beside it.
PROBE = "9"
_SANDBOX = _Sandbox()


def _written(tag: str, context: Mapping[str, Any], spelled: bool) -> str | None:
    """What the expression tag ``{{ … }}`` writes, evaluated in the sandbox with only
    ``context`` (the configuration's values); None where it names anything else, fails,
    or writes more than :data:`MAX_WRITTEN` characters. Written where the tag holds it
    (a string literal, in any case: as written, or as the tag spells it if ``spelled``),
    else at the tag's start."""
    if not tag.startswith("{{"):
        return None
    source = tag[2:-2].strip("-+ \t\n")
    try:
        shown = str(_SANDBOX.compile_expression(source, undefined_to_none=False)(**context))
    except Exception:  # any failure: what the tag writes cannot be known here
        return None
    if len(shown) > MAX_WRITTEN:
        return None
    folded = tag.lower() if len(tag.lower()) == len(tag) else tag
    at = folded.find(shown.lower()) if shown else -1
    if at >= 0:
        end = at + len(shown)
        return _spaces(tag[:at]) + (tag[at:end] if spelled else shown) + _spaces(tag[end:])
    shown = re.sub(r"[\r\n]", " ", shown)
    return shown + _spaces(tag[len(shown) :])  # offsets kept where the value is shorter


def _blank(match: re.Match[str], context: Mapping[str, Any], spelled: bool) -> str:
    """A Jinja tag as spaces, but for what an expression writes from ``context``
    (:func:`_written`), else the literals it writes (:data:`_WRITES`)."""
    tag = match.group()
    value = _written(tag, context, spelled)
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


def rendered(
    text: str,
    extra: Mapping[str, Any] | None = None,
    spelled: bool = False,
    settings: Mapping[str, str] | None = None,
) -> str:
    """A template's text as read: its Jinja tags blanked (offsets kept), but for what an
    expression writes from ``config.extra`` = ``extra`` and the configuration's shown strings
    (``settings``: ``config.site_author``), and the string literals it writes
    (a literal a filter changed the case of: as written, or as spelled if ``spelled``)."""
    context = {"config": {**(settings or {}), "extra": dict(extra or {})}}
    return _JINJA.sub(lambda m: _blank(m, context, spelled), text)


def _probed(
    text: str, extra: Mapping[str, Any] | None, settings: Mapping[str, str] | None
) -> tuple[str, dict[int, str]]:
    """The template as :func:`rendered` reads it, but each expression it cannot evaluate
    (a loop's variable, ``page.*``, a name the sandbox lacks) written as the digit
    :data:`PROBE` at its start and every other tag but expressions blank; and those
    expressions, by offset."""
    context = {"config": {**(settings or {}), "extra": dict(extra or {})}}
    unknown: dict[int, str] = {}

    def probe(match: re.Match[str]) -> str:
        tag = match.group()
        if not tag.startswith("{{"):
            return _spaces(tag)  # a ``set``'s literals are written where it is used
        if _written(tag, context, False) is not None:
            return _blank(match, context, False)
        unknown[match.start()] = tag
        return PROBE + _spaces(tag[1:])

    return _JINJA.sub(probe, text), unknown


def unknown_findings(
    path: str,
    text: str,
    read: list[Finding],
    extra: Mapping[str, Any] | None = None,
    settings: Mapping[str, str] | None = None,
) -> list[Finding]:
    """Each expression of template ``text`` that check cannot evaluate, written next to a
    unit: read as the digit :data:`PROBE`, it makes a figure ``read`` (the template's
    findings) does not hold. What it writes is known only as the theme renders it, so it
    is refused at its line, as the build would refuse what it writes on every page."""
    from fxsite.verify.docs_files import read_findings

    probed, unknown = _probed(text, extra, settings)
    if not unknown:
        return []
    rel = path.split("/", 1)[-1]
    seen = {(f.line, f.col, f.code) for f in read}
    lines = [0, *(m.end() for m in re.finditer("\n", text))]
    findings = []
    for found in read_findings(path, rel, probed, probed, "html", _ADVICE):
        if (found.line, found.col, found.code) in seen:
            continue
        at = lines[found.line - 1] + found.col - 1
        tag = f"'{unknown[at]}'" if at in unknown else "the Jinja here"
        near = (found.text or "")[len(PROBE) :].strip() if at in unknown else found.text
        message = (
            f"cannot tell what {tag} writes next to '{near}' in a theme template, which "
            "cannot hold a claim: write the figure in a page as a claim, or keep the "
            "expression away from units"
        )
        findings.append(Finding(path, found.line, found.col, "FX501", message, text=found.text))
    return findings


#: ``theme:`` options a template may write that are no text of the site: the theme's own
#: settings (names, paths, fonts, icons, palettes, features), read by their own rules.
_THEME_SETTINGS = frozenset(
    {"name", "custom_dir", "static_templates", "locale", "language", "direction", "features"}
    | {"palette", "font", "icon", "logo", "favicon", "include_search_page", "search_index_only"}
    | {"highlightjs", "hljs_languages", "hljs_style", "navigation_depth", "nav_style"}
    | {
        "shortcuts",
        "analytics",
        "color_mode",
        "user_color_mode_toggle",
        "include_homepage_in_sidebar",
    }
    | {"prev_next_buttons_location", "titles_only", "sticky_navigation", "collapse_navigation"}
)
_THEME = re.compile(r"\bconfig\.theme(?:\.(\w+)|\[\s*[\"'](\w+)[\"']\s*\])")


def printed_theme_options(folder: Path | None) -> frozenset[str]:
    """The options of ``theme:`` the templates under a site's ``custom_dir`` write
    (``{{ config.theme.tagline }}``: blind80), but the theme's own settings
    (:data:`_THEME_SETTINGS`)."""
    if folder is None:
        return frozenset()
    return frozenset(_printed_in(folder, _THEME) - _THEME_SETTINGS)


def printed_meta(folders: Iterable[Path], installed: Iterable[Path] = ()) -> frozenset[str]:
    """The front-matter keys whose values the templates under ``folders`` (the site's
    ``custom_dir``, read each time) and ``installed`` (the theme's own folders, read once
    a process) print: Material prints ``author`` and ``git_revision_date_localized``,
    MkDocs' theme each item of ``source``.

    A key counts where an expression or a ``set`` writes it, and where a ``for`` walks
    it (its items are printed in the loop: ``{% for f in page.meta.source %}``).
    """
    keys = _installed_keys(tuple(str(f) for f in installed))
    return keys | frozenset(k for folder in folders for k in _printed_in(folder))


@functools.cache
def _installed_keys(folders: tuple[str, ...]) -> frozenset[str]:
    return frozenset(k for folder in folders for k in _printed_in(Path(folder)))


def _printed_in(folder: Path, keys_of: re.Pattern[str] = _META) -> set[str]:
    """The keys ``keys_of`` reads (a front-matter key, by default) in what the templates
    under ``folder`` write or walk."""
    keys: set[str] = set()
    for file in sorted(folder.rglob("*.html")) if folder.is_dir() else ():
        try:
            text = read_text(file, MAX_TEMPLATE_BYTES)
        except UnreadableFile:
            continue  # reported by template_findings (a custom_dir's)
        for tag in _JINJA.finditer(text):
            if _WRITES.match(tag.group()) or _LOOPS.match(tag.group()):
                keys.update(next(k for k in m.groups() if k) for m in keys_of.finditer(tag.group()))
    return keys - {"get"}


def template_findings(
    custom_dir: Path,
    shown: str,
    extra: Mapping[str, Any] | None = None,
    settings: Mapping[str, str] | None = None,
) -> list[Finding]:
    """Each figure the templates under ``custom_dir`` write as text, at their lines.

    ``shown`` is how findings name the folder (``overrides``); ``extra``, the
    configuration's ``extra`` (``<p>{{ config.extra.speed }} s</p>`` writes "95 s");
    ``settings``, its shown strings (:func:`~fxsite.pages.config_text.config_settings`).
    """
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
        # What it writes (``"took 76 S"|lower``: "took 76 s"), and its literals as spelled
        # (``"now 50 s"|upper``).
        shown_text = rendered(text, extra, settings=settings)
        found = read_findings(path, rel, shown_text, shown_text, "html", _ADVICE)
        spelled = rendered(text, extra, spelled=True, settings=settings)
        if spelled != shown_text:
            seen = {(f.line, f.col, f.code) for f in found}
            for finding in read_findings(path, rel, spelled, spelled, "html", _ADVICE):
                if (finding.line, finding.col, finding.code) not in seen:
                    found.append(finding)
        findings += [*found, *unknown_findings(path, text, found, extra, settings)]
        findings += _folded_findings(path, rel, text, found)
    return findings


#: A meta tag that sends the reader on, its ``content``, and a page's front-matter value a
#: template writes into it (Material's ``redirect.html``: ``url={{ page.meta.location }}``).
_REFRESH = re.compile(r"<meta\b[^>]*\bhttp-equiv\s*=\s*[\"']?refresh\b[^>]*>", re.IGNORECASE)
_CONTENT = re.compile(r"\bcontent\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s>]+))", re.IGNORECASE)
_META_WRITTEN = re.compile(r"\{\{\s*page\.meta\.(\w+)\s*\}\}")


def refresh_content(template: str, meta: Mapping[str, Any]) -> str | None:
    """The ``content`` of a ``<meta http-equiv=refresh>`` ``template`` writes, a page's
    front-matter values (``meta``) put in as it writes them; None where it writes none."""
    tag = _REFRESH.search(template)
    content = _CONTENT.search(tag.group()) if tag is not None else None
    if content is None:
        return None
    raw = next(g for g in content.groups() if g is not None)
    return _META_WRITTEN.sub(lambda m: str(meta.get(m[1], "")), raw)


def _folded(text: str) -> list[tuple[int, str]]:
    """The strings a template computes from literals alone, with the line each is written
    at: literals joined (``"Saves take " ~ "\\uFF19\\uFF14" ~ "\\u202F" ~ "sec"``, a
    translation of Material's ``custom`` language: blind79), put through a filter
    (``"94 S"|lower``), added; each as Jinja folds it, the longest of those on a line."""
    try:
        tree = _SANDBOX.parse(text)
    except Exception:  # a syntax error: reported as the theme's (FX901)
        return []
    context = EvalContext(_SANDBOX)
    folded: dict[int, list[str]] = {}
    for node in tree.find_all((nodes.Concat, nodes.Add, nodes.Filter)):
        value = _constant(node, context)
        if isinstance(value, str) and value.strip() and len(value) <= MAX_WRITTEN:
            folded.setdefault(node.lineno, []).append(value)
    return [
        (line, value)
        for line, values in sorted(folded.items())
        for value in dict.fromkeys(values)
        if not any(value != other and value in other for other in values)
    ]


def _constant(node: nodes.Expr, context: EvalContext) -> object:
    """What ``node`` folds to (the sandbox's filters, its ``*``, ``**`` and ``%`` not
    folded), or None: it names something, or a filter refuses its value."""
    try:
        return node.as_const(context)
    except (nodes.Impossible, TypeError, ValueError, ArithmeticError):
        return None


def _folded_findings(path: str, rel: str, text: str, found: list[Finding]) -> list[Finding]:
    """What the strings a template computes from literals (:func:`_folded`) show, at their
    lines; not what its literals, read as written, were found to show there."""
    from fxsite.verify.docs_files import read_findings

    seen = {(f.line, f.code, f.text) for f in found}
    out = []
    for line, value in _folded(text):
        shown = "\n" * (line - 1) + html.escape(value, quote=False)
        for finding in read_findings(path, rel, shown, shown, "html", _ADVICE):
            if (finding.line, finding.code, finding.text) not in seen:
                seen.add((finding.line, finding.code, finding.text))
                out.append(finding)
    return out


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
    custom_dir: Path, shown: str, docs_dir: Path, declared: frozenset[str]
) -> list[Finding]:
    """What the gate would find in each file of ``custom_dir`` copied into the site, at
    ``shown/rel``'s lines (``declared``: the files of the plugin's ``scripts_that_write``)."""
    from fxsite.verify.docs_files import docs_file_findings

    return [
        finding
        for rel in _copied(custom_dir, docs_dir)
        for finding in docs_file_findings(custom_dir, rel, f"{shown}/{rel}", declared)
    ]
