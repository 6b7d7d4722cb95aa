"""The title MkDocs makes from a page's file name, judged where it is written, and the
icon Material draws before a page's title.

A page with no title of its own — no front-matter ``title``, and a rendering
that does not open with a ``#`` heading — is titled by MkDocs from its file
name (``took-94-s.md``: "Took 94 s"), and the theme shows that title in the
navigation of every page and in the browser's title. The build's last gate
would find a figure there on every published page; ``fxsite check`` and the
build report it once, at ``docs/took-94-s.md:1:1``, by the page reader's
plain-text rules (:func:`fxsite.pages.judge.judge_plain`). The home page is
titled "Home".

Without a ``nav`` in the configuration, MkDocs also titles each folder of
pages, a section of the navigation, from the folder's name
(``results-95-s/``: "Results 95 s"): judged once, at ``docs/results-95-s:1:1``.

Material draws a page's front-matter ``icon`` before its title in the navigation: an
icon that draws a digit or a sign (``icon: material/numeric-9`` before "s per save":
"9 s per save") is read with the title, at the ``icon`` line; a figure of the title
alone is judged as the title.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from fxsite.findings import Finding
from fxsite.pages.config_drawn import drawn_findings
from fxsite.pages.frontmatter import TextAt
from fxsite.pages.judge import judge_plain
from fxsite.verify.icon_digits import named_icon

__all__ = ["icon_title_findings", "name_title", "name_title_findings", "section_title_findings"]

_ADVICE = (
    " (in the title MkDocs makes from the file's name, shown in the navigation of every "
    "page: give the page a # heading or a front-matter title, or rename the file)"
)


def _titled(name: str) -> str:
    """A file's or folder's name as MkDocs makes a title of it."""
    title = name.replace("-", " ").replace("_", " ")
    return title.capitalize() if title.lower() == title else title


def name_title(src: str, meta: Mapping[str, Any]) -> str | None:
    """The title MkDocs would make from the docs-relative ``src``'s name, as MkDocs
    makes it; None when the front matter (``meta``) gives one or it is the home page."""
    if "title" in meta or src in ("index.md", "README.md"):
        return None
    name = posixpath.splitext(posixpath.basename(src))[0]
    return _titled("index" if name == "README" else name)


def name_title_findings(title: str, path: str, library: Any) -> list[Finding]:
    """Each figure in a page's file-name ``title``, at line 1 of the page ``path``."""
    return [
        replace(f, line=1, col=1, message=f.message + _ADVICE)
        for f in judge_plain(title, path, library)
    ]


_SECTION_ADVICE = (
    " (in the section title MkDocs makes from the folder's name, shown in the navigation "
    "of every page: rename the folder, or name the section in mkdocs.yml's nav)"
)


def section_title_findings(pages: list[str], docs: str, library: Any) -> list[Finding]:
    """Each figure in the title MkDocs makes of a folder of ``pages`` (docs-relative),
    at the folder (``docs``: how findings name the docs folder)."""
    folders = {"/".join(p.split("/")[:n]) for p in pages for n in range(1, p.count("/") + 1)}
    findings = []
    for folder in sorted(folders):
        path = f"{docs}/{folder}" if docs not in ("", ".") else folder
        for f in judge_plain(_titled(posixpath.basename(folder)), path, library):
            findings.append(replace(f, line=1, col=1, message=f.message + _SECTION_ADVICE))
    return findings


def icon_title_findings(icon: TextAt, title: str | None, path: str, library: Any) -> list[Finding]:
    """Each figure the page's front-matter ``icon`` draws with its ``title`` (as Material
    draws them in the navigation), at the icon, in page ``path``."""
    drawn = named_icon(icon.text)
    if drawn is None or not title:
        return []
    advice = (
        f" (the icon '{icon.text}' is drawn before the page's title in the navigation: "
        "choose an icon that draws no digit or sign, or reword the title)"
    )
    return [
        replace(f, line=icon.line, col=icon.col, message=f.message + advice)
        for f, _ in drawn_findings(f"{drawn} {title}", path, library, len(drawn))
    ]
