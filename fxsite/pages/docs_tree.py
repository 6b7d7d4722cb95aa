"""The pages of a docs folder, as MkDocs will see them, and what stops a build.

MkDocs walks ``docs/`` following symbolic links and takes every file ending
in one of its Markdown suffixes as a page; ``check`` must see the same pages,
or it passes what the build refuses. Decisions:

* the Markdown suffixes are MkDocs' own, case-sensitive as in MkDocs:
  ``.md``, ``.markdown``, ``.mdown``, ``.mkdn``, ``.mkd``; a file ending in
  ``.MD`` is not a page and MkDocs copies it as it is, so it is a warning
  (its text is published raw: it is listed with the other files, whose text
  check and the build read as the output gate does);
* names starting with a dot are left out, as MkDocs' default ``exclude_docs``
  does; the project's ``exclude_docs`` and ``draft_docs`` and the ``/templates/``
  folder are left out by the caller (:func:`left_out`), as MkDocs' build does;
* a symbolic link that points nowhere, or a folder link that loops back on
  itself, would end MkDocs with a traceback, and a FIFO, a device or a socket
  (or a link to one, ``/dev/zero``) would hang it: each is a finding (FX105),
  and the walk goes on; a page over :data:`MAX_PAGE_BYTES` is FX107;
* a name holding a line break or another control character is FX105, named
  with the character escaped (printed as it is, it would forge a finding's line);
* two sources that publish to the same URL (``t.md`` and ``t/index.md``, or
  an authored page where the build generates one) are FX605: one of them
  would silently replace the other.
"""

from __future__ import annotations

import functools
import os
import posixpath
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from fxsite.findings import Finding
from fxsite.safeio import file_kind

__all__ = [
    "MARKDOWN_SUFFIXES",
    "MAX_PAGE_BYTES",
    "DocsTree",
    "LeftOut",
    "left_out",
    "page_dest",
    "url_clashes",
    "walk_docs",
]

#: MkDocs' Markdown suffixes (``mkdocs.utils.markdown_extensions``).
MARKDOWN_SUFFIXES = (".markdown", ".mdown", ".mkdn", ".mkd", ".md")
#: Largest page read (``check``, ``fix``).
MAX_PAGE_BYTES = 16 << 20
#: A control character (a line break, a tab…), which no finding may print in a path.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def _escaped(match: re.Match[str]) -> str:
    """A control character as Python escapes it (``\\n``, ``\\x07``, ``\\u2028``)."""
    return match.group().encode("unicode_escape").decode("ascii")


@dataclass
class DocsTree:
    """Pages (docs-relative, sorted) and the problems met on the way."""

    pages: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    #: the other files, which MkDocs publishes as they are (docs-relative, sorted)
    files: list[str] = field(default_factory=list)


def walk_docs(docs_dir: Path, shown: str = "docs") -> DocsTree:
    """Every page under ``docs_dir``; ``shown`` is how findings name the folder."""
    tree = DocsTree()
    seen: set[tuple[int, int]] = set()

    def where(rel: str) -> str:
        return f"{shown}/{rel}" if shown not in ("", ".") else rel

    def walk(folder: Path, rel: str) -> None:
        try:
            stat = folder.stat()
        except OSError as exc:
            tree.findings.append(
                Finding(where(rel), 1, 1, "FX105", f"cannot read folder: {exc.strerror}")
            )
            return
        key = (stat.st_dev, stat.st_ino)
        if key in seen:
            tree.findings.append(
                Finding(
                    where(rel),
                    1,
                    1,
                    "FX105",
                    "this folder link loops back to a folder above it; MkDocs cannot build it",
                )
            )
            return
        seen.add(key)
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as exc:
            tree.findings.append(
                Finding(where(rel), 1, 1, "FX105", f"cannot read folder: {exc.strerror}")
            )
            return
        for entry in entries:
            if entry.name.startswith("."):
                continue
            child = f"{rel}/{entry.name}" if rel else entry.name
            path = Path(entry.path)
            if _CONTROL.search(entry.name):
                # Named as escaped: a line break in a finding's path would forge a finding.
                shown_name = _CONTROL.sub(_escaped, where(child))
                message = "its name holds a line break or another control character: rename it"
                tree.findings.append(Finding(shown_name, 1, 1, "FX105", message))
                continue
            if entry.is_symlink() and not path.exists():
                tree.findings.append(
                    Finding(where(child), 1, 1, "FX105", "symbolic link points nowhere")
                )
                continue
            if (
                entry.is_symlink()
                and not entry.is_dir(follow_symlinks=True)
                and not path.resolve().is_relative_to(top)
            ):
                message = (
                    "symbolic link leads out of the docs folder: MkDocs would publish what it "
                    "points at (copy the file in, or remove the link)"
                )
                tree.findings.append(Finding(where(child), 1, 1, "FX105", message))
                continue
            if entry.is_dir(follow_symlinks=True):
                walk(path, child)
            elif not entry.is_file(follow_symlinks=True):
                kind = file_kind(entry.stat().st_mode)
                message = f"is {kind}, not a file: MkDocs would hang or fail reading it"
                tree.findings.append(Finding(where(child), 1, 1, "FX105", message))
            elif entry.name.endswith(MARKDOWN_SUFFIXES):
                if entry.stat().st_size > MAX_PAGE_BYTES:
                    message = f"page larger than {MAX_PAGE_BYTES:,} bytes: not read"
                    tree.findings.append(Finding(where(child), 1, 1, "FX107", message))
                else:
                    tree.pages.append(child)
            else:
                # Not a page (a .MD file neither): copied as it is, and its text judged so.
                tree.files.append(child)
                if entry.name.lower().endswith(MARKDOWN_SUFFIXES):
                    message = (
                        "not a page (MkDocs reads only lower-case Markdown suffixes) and would "
                        f"be published as raw text; rename it to {entry.name.rsplit('.', 1)[0]}.md"
                    )
                    tree.findings.append(
                        Finding(where(child), 1, 1, "FX105", message, severity="warning")
                    )

    top = docs_dir.resolve()
    walk(docs_dir, "")
    tree.pages.sort()
    tree.files.sort()
    # MkDocs publishes a folder's index.md and leaves its README.md out: so does check.
    for page in [p for p in tree.pages if posixpath.basename(p) == "README.md"]:
        index = posixpath.join(posixpath.dirname(page), "index.md")
        if index in tree.pages:
            tree.pages.remove(page)
            message = f"not published: {index} is the folder's page (MkDocs leaves README.md out)"
            tree.findings.append(Finding(where(page), 1, 1, "FX605", message, severity="warning"))
    return tree


#: MkDocs' own exclusions, which its ``exclude_docs`` adds to: dot names, ``/templates/``.
_DEFAULT_LEFT_OUT = ("/templates/",)


@dataclass(frozen=True)
class LeftOut:
    """Whether MkDocs' build leaves a docs-relative path out: gitignore-style ``lines``.

    A value (equal when its lines are), so that settings holding it compare
    equal from one ``serve`` rebuild to the next.
    """

    lines: tuple[str, ...] = _DEFAULT_LEFT_OUT

    def __call__(self, src: str) -> bool:
        return bool(_spec(self.lines).match_file(src))


@lru_cache(maxsize=16)
def _spec(lines: tuple[str, ...]) -> Any:
    from pathspec.gitignore import GitIgnoreSpec

    return GitIgnoreSpec.from_lines(lines)


def left_out(exclude_docs: Any, draft_docs: Any) -> LeftOut:
    """What MkDocs' build leaves out, as its settings say.

    ``exclude_docs`` and ``draft_docs`` are the configuration's values (pathspec's
    ``GitIgnoreSpec`` or None); pass ``draft_docs=None`` for ``serve``, which
    builds drafts. Besides them, MkDocs leaves out ``/templates/`` (dot names
    are left out by :func:`walk_docs`).
    """
    lines = list(_DEFAULT_LEFT_OUT)
    for spec in (exclude_docs, draft_docs):
        if spec is not None:
            lines += [p.pattern for p in spec.patterns if p.pattern is not None]
    return LeftOut(tuple(lines))


def page_dest(src: str, directory_urls: bool = True) -> str:
    """The file a page becomes in the built site, by MkDocs' rule."""
    stem, _ = posixpath.splitext(src)
    folder, name = posixpath.split(stem)
    if name in ("index", "README"):
        return posixpath.join(folder, "index.html")
    if directory_urls:
        return posixpath.join(folder, name, "index.html")
    return posixpath.join(folder, f"{name}.html")


#: How to move what a generated page clashes with: the FAQ page, or the library.
_MOVE = {
    True: "the site-wide FAQ with the plugin's faq_page",
    False: "the Evidence Library with the plugin's library_url",
}


def url_clashes(
    pages: Iterable[str],
    generated: Iterable[str],
    directory_urls: bool,
    shown: str = "docs",
    faq: str | None = None,
    files: Iterable[str] = (),
    generated_files: Iterable[str] = (),
) -> list[Finding]:
    """Authored pages that publish where another page or a generated one does, and files
    of docs/ copied where the build writes one of its own (FX605).

    ``faq``: the generated FAQ page among ``generated``, named in the advice.
    ``files``: docs/ files copied as they are (their site path is their docs path);
    ``generated_files``: the site paths of the files the build writes (its exports,
    its assets, the signed manifest). Either would silently replace the other: a
    ``docs/evidence.json`` is not the evidence a reader or an auditor is told it is.
    """
    where = functools.partial(_shown_path, shown)
    own = frozenset(generated_files)
    findings = [
        Finding(
            where(src),
            1,
            1,
            "FX605",
            f"{src} is published where the build writes its own {src}: one would replace the "
            "other; rename it",
        )
        for src in sorted(files)
        if src in own
    ]
    owner: dict[str, str] = {page_dest(g, directory_urls): f"the generated {g}" for g in generated}
    for src in sorted(pages):
        dest = page_dest(src, directory_urls)
        if dest in owner:
            findings.append(
                Finding(
                    where(src),
                    1,
                    1,
                    "FX605",
                    f"{src} publishes to {dest}, as {owner[dest]} does: one would replace the "
                    f"other; rename it (or move {_MOVE[owner[dest] == f'the generated {faq}']})",
                )
            )
        else:
            owner[dest] = src
    return findings


def _shown_path(shown: str, src: str) -> str:
    """A docs-relative path as findings name it (``shown`` is the docs folder's name)."""
    return f"{shown}/{src}" if shown not in ("", ".") else src
