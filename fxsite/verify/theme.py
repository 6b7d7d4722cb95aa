"""The theme's own code: files and inline blocks that come from installed packages.

Material's bundle writes text (its search results, its tooltips), and so does
fxsite's own script (the Evidence Library's record count). They are not the
site's: a published ``.js``, ``.css`` or ``.svg`` file byte-identical to one shipped by
the distribution of an installed MkDocs theme (the ``mkdocs.themes`` entry
points: ``mkdocs-material``, ``mkdocs``) or to an asset fxsite publishes is the
theme's, found by its SHA-256; an inline ``<script>`` or ``<style>`` is the
theme's when a template of such a distribution writes it (the template's
``{{ … }}`` expressions may stand for any text without quotes or markup).

An auditor's installed packages decide for the audit: a site built with
another Material release than the auditor's shows its bundle as the site's.
"""

from __future__ import annotations

import csv
import hashlib
import re
from functools import cache, lru_cache
from importlib import resources
from importlib.metadata import PackageNotFoundError, entry_points
from pathlib import Path

from fxsite import __version__

__all__ = [
    "ASSETS",
    "changed_asset",
    "is_theme_file",
    "is_theme_inline",
    "published_asset",
    "theme_files",
]

#: Where fxsite.js's words go: the build writes the message catalogue's there.
SCRIPT_MESSAGES = "/*fxsite:messages*/{}"
#: fxsite's own assets, published as ``assets/fxsite/<name>``.
ASSETS = ("fxsite.css", "fxsite-home.css", "fxsite-sheet.css", "fxsite.js")
_CODE = (".js", ".mjs", ".css")
#: A theme's drawings: its fonts' SVG glyphs (in a ``fonts`` folder; Material's icons,
#: drawn inline, are not published as files), the theme's when published byte for byte.
_DRAWN = (".svg",)
#: What is kept of a theme's files: its code and drawings, and its templates (inline
#: scripts and styles).
_KEPT = (*_CODE, *_DRAWN, ".html")
#: A RECORD row that may name a kept file: quoted (its name may hold a comma), or whose
#: name ends as kept code or a template's does, or as a drawing in a ``fonts`` folder.
_CODE_OR_TEMPLATE = "|".join(map(re.escape, (*_CODE, ".html")))
_KEPT_ROW = re.compile(
    rf'^(?:"[^\n]*|[^,\n]*(?:{_CODE_OR_TEMPLATE}|/fonts/[^,\n]*(?:{"|".join(map(re.escape, _DRAWN))})),[^\n]*)$',
    re.M,
)
#: An inline script or style of a template, with attributes or none (Material's analytics
#: ``<script id="__analytics">``: blind70 found every page refused once analytics was on).
_INLINE = re.compile(r"<(script|style)(?:\s[^>]*)?>(.*?)</\1>", re.DOTALL)
_JINJA = re.compile(r"\{\{.*?\}\}|\{#.*?#\}")
#: What a template expression may become inside an inline script or style: a value (a
#: URL, a name, a property's ID), never code. No quote, bracket or brace, and no call,
#: assignment or concatenation: ``var base_url = {{ … }};`` must not hold
#: ``document.body.append(String.fromCharCode(57, 52))``.
_EXPRESSION = r"[^\"'<>`;{}()\[\]=+]*"


def published_asset(name: str) -> str:
    """fxsite's asset ``name`` as the build publishes it.

    The CSS with the chart styles, the script with its words from the message catalogue.
    """
    from fxsite.render.charts import chart_style_css

    content = resources.files("fxsite").joinpath("assets", name).read_text("utf-8")
    if name == "fxsite.js":
        from fxsite.render.messages import script_messages

        return content.replace(SCRIPT_MESSAGES, script_messages())
    return content + "\n" + chart_style_css() if name == "fxsite.css" else content


def changed_asset(rel: str, text: str) -> tuple[int, str] | None:
    """Where a published file at one of fxsite's asset paths (``assets/fxsite/fxsite.css``)
    differs from the asset this fxsite publishes, and what to say of it; None for another
    file or the asset as published. Such a file is read as the site's own code, rule by
    rule, fxsite's rules among them: the auditor is told the cause first (blind82: a
    comment added to fxsite.css gave 80 findings and none said the stylesheet was edited)."""
    folder, _, name = rel.rpartition("/")
    if folder != "assets/fxsite" or name not in ASSETS:
        return None
    ours = published_asset(name)
    if text == ours:
        return None
    theirs_lines, our_lines = text.split("\n"), ours.split("\n")
    line = next(
        (n for n, (a, b) in enumerate(zip(theirs_lines, our_lines, strict=False), 1) if a != b),
        min(len(theirs_lines), len(our_lines)) + 1,
    )
    return line, (
        f"fxsite's own {name} differs from the one fxsite {__version__} publishes (from this "
        "line): edited, or built by another release; it is read as the site's own code, and "
        "what its rules hide or draw is judged as such"
    )


@cache
def theme_files() -> tuple[Path, ...]:
    """The code and template files of the distributions that provide an installed MkDocs theme."""
    files: list[Path] = []
    for point in entry_points(group="mkdocs.themes"):
        dist = point.dist
        if dist is None:
            continue
        # The wheel's RECORD (``dist.files`` makes a path object of each of Material's
        # 15,000 files): only its rows that may name a kept file are read as CSV, a few
        # hundred (all 15,000 split and parsed took 5 MiB); the file list of other installs.
        record = dist.read_text("RECORD")
        try:
            names = (
                [row[0] for row in csv.reader(_KEPT_ROW.findall(record)) if row]
                if record is not None
                else [str(f) for f in dist.files or []]
            )
        except PackageNotFoundError:
            continue
        files += [
            Path(str(dist.locate_file(n)))
            for n in names
            if n.endswith(_KEPT) and (not n.endswith(_DRAWN) or "/fonts/" in n)
        ]
    return tuple(files)


@cache
def _by_size() -> dict[int, tuple[Path, ...]]:
    """The theme's code files and drawings by size: only a published file of the same size
    is hashed."""
    sizes: dict[int, list[Path]] = {}
    for path in theme_files():
        if path.suffix in (*_CODE, *_DRAWN) and path.is_file():
            sizes.setdefault(path.stat().st_size, []).append(path)
    return {size: tuple(paths) for size, paths in sizes.items()}


@cache
def _digest_of(path: Path) -> bytes:
    return hashlib.sha256(path.read_bytes()).digest()


@cache
def _asset_digests() -> frozenset[bytes]:
    return frozenset(hashlib.sha256(published_asset(n).encode("utf-8")).digest() for n in ASSETS)


@lru_cache(maxsize=1)
def is_theme_file(data: bytes) -> bool:
    """``data`` is a file an installed theme ships, or an fxsite asset as published (the
    last file's answer kept: the gate asks it of a stylesheet's or script's bytes for its
    notes, its strings and its drawings, and hashes them once)."""
    digest = hashlib.sha256(data).digest()
    if digest in _asset_digests():
        return True
    return any(_digest_of(p) == digest for p in _by_size().get(len(data), ()))


@cache
def _inline_patterns() -> tuple[re.Pattern[str], ...]:
    patterns: set[str] = set()
    for path in theme_files():
        if path.suffix != ".html" or not path.is_file():
            continue
        for match in _INLINE.finditer(path.read_text("utf-8", "replace")):
            body = match.group(2).strip()
            if "{%" in body:  # a template block inside: not a fixed text
                continue
            parts = _JINJA.split(body)
            patterns.add(_EXPRESSION.join(re.escape(p) for p in parts))
    return tuple(re.compile(p, re.DOTALL) for p in sorted(patterns))


def is_theme_inline(body: str) -> bool:
    """An inline ``<script>`` or ``<style>`` body that a theme template writes."""
    text = body.strip()
    return any(p.fullmatch(text) for p in _inline_patterns())
