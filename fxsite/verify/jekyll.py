"""GitHub Pages' Jekyll: files it would render rather than serve as they are.

GitHub Pages runs Jekyll on a site published without a ``.nojekyll`` file at its root
(blind75: a ``notes.txt`` starting with ``---`` lines held
``{{ 24 | divided_by: 2 }}{{ " s" }}``, which Jekyll serves as "12 s"; the audit read the
template text and passed). In such a site Jekyll renders, through Liquid:

* a file whose first line is ``---`` (spaces after it allowed), as Jekyll tests for
  front matter (``Utils.has_yaml_header?``), whatever its name: a ``.txt``, an
  ``.html``, a YAML file that starts with its document marker. ``-----BEGIN PUBLIC
  KEY-----`` (the site's key), ``----`` and ``---x`` are no front matter, nor is
  ``---`` after a byte-order mark (Jekyll compares bytes);
* a Markdown file (Jekyll's ``markdown_ext``: ``.md``, ``.markdown``, ``.mkdown``,
  ``.mkdn``, ``.mkd``), front matter or not: GitHub Pages turns on
  ``jekyll-optional-front-matter``. MkDocs publishes no Markdown (it renders ``docs/``'s),
  so only a file added to the site is one;
* under the settings of a ``_config.yml`` (or ``.yaml``, ``.toml``) at the root, which can
  make any suffix Markdown (``markdown_ext: txt``): refused as a whole.

The rule is the simplest safe one: each is refused (``FX817``, a host setting that serves
a file otherwise than it reads) rather than rendered as Jekyll would, which would mean
reading Liquid and Jekyll's plugins. A site with ``.nojekyll`` passes: GitHub Pages then
serves every file as it is. The build writes no ``.nojekyll``, since nothing it publishes
is one of these; a project that publishes one adds ``docs/.nojekyll`` (MkDocs skips names
starting with a dot unless ``exclude_docs: "!.nojekyll"``) or drops the leading ``---``.
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

from fxsite.safeio import UnreadableFile, read_prefix

__all__ = ["NOJEKYLL", "jekyll_renders", "runs_jekyll"]

#: The file that turns Jekyll off on GitHub Pages.
NOJEKYLL = ".nojekyll"
#: Jekyll's default ``markdown_ext``.
_MARKDOWN = frozenset({".md", ".markdown", ".mkdown", ".mkdn", ".mkd"})
#: Jekyll's settings files, the first found at the root is read.
_CONFIGS = frozenset({"_config.yml", "_config.yaml", "_config.toml"})
#: How much of a file's first line is read; a longer line of spaces after ``---`` is
#: taken as front matter.
_HEAD = 4096
#: Jekyll's front matter test, on the file's first line (``\A---\s*\r?\n``).
_FRONT_MATTER = re.compile(rb"---[ \t\r\f\v]*(?:\n|\Z)")


def runs_jekyll(site_dir: Path) -> bool:
    """Whether GitHub Pages would run Jekyll on the site at ``site_dir``: it publishes no
    ``.nojekyll`` file at its root."""
    marker = site_dir / NOJEKYLL
    return marker.is_symlink() or not marker.is_file()


def jekyll_renders(path: Path, rel: str, root: Path) -> str | None:
    """Why Jekyll would render the file at ``rel`` (``path``, under ``root``) rather than
    serve it (None if it would serve it as it is), as an ``FX817`` message."""
    if rel in _CONFIGS:
        what = "Jekyll's settings, which can make any file one it renders"
        instead = "or publish the site without them"
    elif PurePosixPath(rel).suffix.lower() in _MARKDOWN:
        what = "a Markdown file, which GitHub Pages renders as a page"
        instead = "or publish it under another name ('.txt')"
    elif _front_matter(path, root):
        what = "a file starting with a '---' line (front matter), which Jekyll renders"
        instead = "or publish it without that first line"
    else:
        return None
    return (
        f"{what} through Liquid: GitHub Pages runs Jekyll on a site without "
        f"'{NOJEKYLL}', and serves text the audit did not read; publish an empty "
        f"'{NOJEKYLL}' at the site's root, {instead}"
    )


def _front_matter(path: Path, root: Path) -> bool:
    """Whether the file's first line is front matter as Jekyll tests it."""
    try:
        head = read_prefix(path, _HEAD, root=root)
    except UnreadableFile:
        return False  # refused where it is read
    match = _FRONT_MATTER.match(head)
    return match is not None and (match.group().endswith(b"\n") or len(head) == _HEAD)
