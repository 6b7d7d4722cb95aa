"""``fxsite init``: the files of a new, working project.

:func:`starter_files` says what a new project holds; :func:`init_project`
writes them, but only when none of them exists yet: it never overwrites a
file, not even one of the others, so a refused ``init`` changes nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

from fxsite.authoring.files import existing, write_new
from fxsite.evidence.schema import SCHEMA_FILE, schema_text

__all__ = ["SCHEMA_LINE", "folder_name", "init_project", "starter_files"]

#: The first line of a record: editors with the YAML language server
#: (VS Code's YAML extension and others) validate and complete it as you type.
SCHEMA_LINE = f"# yaml-language-server: $schema=../{SCHEMA_FILE}"

_MKDOCS_YML = """\
site_name: {name}
# site_url: https://example.com/   # set it before you publish

theme:
  name: material
  font: false   # the reader's own fonts: Google Fonts' would load from another origin

# Extensions for your own pages (notes, tables, heading anchors); fxsite adds its own.
markdown_extensions:
  - admonition
  - attr_list
  - md_in_html
  - tables
  - toc:
      permalink: true

plugins:
  - search
  - fxsite

# Without a nav, every page is listed, the generated ones too. A nav of your own lists
# only what it names: keep the Evidence Library and the FAQ in it (fxsite warns, FX608).
# nav:
#   - Home: index.md
#   - Evidence Library: evidence/index.md
#   - FAQ: faq.md      # generated where a page has an FAQ (front matter faq:)
"""

_RECORD = f"""\
{SCHEMA_LINE}
# An example record: replace it with your own reports. One file per report,
# named after its ID. See the README's "Evidence records" section.
id: S1
title: Example product datasheet
label: spec                 # measured | spec | public | estimate
status: active
source:
  issuer: Example Corp
setup:
  baseline: previous model
figures:
  read_bandwidth_old:
    value: 3.2
    unit: GB/s
    what: Sequential read bandwidth, previous model
  read_bandwidth_new:
    value: 6.4
    unit: GB/s
    what: Sequential read bandwidth, new model
derived:
  read_speedup:
    formula: read_bandwidth_new / read_bandwidth_old
    unit: "×"
    decimals: 1
    what: Read bandwidth, new model over previous model
"""

_PAGE = """\
# Welcome

Every figure on this site cites the record that backs it. The new model reads
at [6.4 GB/s](evidence:S1#read_bandwidth_new), against
[3.2 GB/s](evidence:S1#read_bandwidth_old) for the
[](evidence:S1#setup.baseline): [2.0×](evidence:S1#read_speedup) as fast.

Write a figure without its evidence link and `fxsite check` refuses the page;
`fxsite fix` turns such figures into claims where one record states them.
"""

_GITIGNORE = """\
# fxsite build output and its chart cache
site/
.cache/
"""


def starter_files(name: str) -> dict[str, str]:
    """Project-relative path -> text of every file a new project holds."""
    return {
        "mkdocs.yml": _MKDOCS_YML.format(name=json.dumps(name, ensure_ascii=False)),
        "docs/index.md": _PAGE,
        "evidence/S1.yaml": _RECORD,
        SCHEMA_FILE: schema_text(),
        ".gitignore": _GITIGNORE,
    }


def folder_name(root: Path) -> tuple[str, str | None]:
    """The site's default name: the folder's, as written, its hyphens and underscores
    read as spaces ("auto-mq" is "auto mq", "a--b" "a b"), and None; or "My site" and
    why, where the folder's name reads as a figure the check would refuse ("kr2",
    "kr-2": a price in kronor; blind24)."""
    name = " ".join(root.resolve().name.replace("-", " ").replace("_", " ").split())
    figure = name_figure(name)
    if figure is not None:
        return "My site", f"the folder's name '{name}' reads as the figure '{figure}'"
    return name or "My site", None


def name_figure(name: str) -> str | None:
    """The first figure the check would refuse in ``name`` as the site's name, or None."""
    from fxsite.pages.figures import find_bare_figures

    figures = find_bare_figures(name)
    return figures[0].text if figures else None


def init_project(root: Path, name: str | None = None) -> tuple[list[Path], list[Path]]:
    """Write a new project under ``root``: ``(written, refused)``.

    ``name`` is the site's name; by default the folder's name as written (a
    vendor's "AutoMQ" stays "AutoMQ", never "Automq"). When any of its files
    already exists nothing is written, and ``refused`` lists those files.
    """
    name = (name or folder_name(root)[0]).strip() or "My site"
    files = {root / rel: text for rel, text in starter_files(name).items()}
    clash = existing(list(files))
    if clash:
        return [], clash
    written = []
    for path, text in files.items():
        write_new(path, text)
        written.append(path)
    return written, []
