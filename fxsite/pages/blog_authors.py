"""The authors Material's blog names on its posts and views, judged where they are written.

Material's ``blog`` plugin reads its authors from a file of ``docs/`` (``authors_file``,
``{blog}/.authors.yml`` by default, ``blog_dir`` ``blog``) and draws each author's
``name`` and ``description`` on every post and view that names them. A figure there is
written once, in that file: it is told at its line (:func:`author_findings`), and the
pages that draw it leave it to that file (:func:`author_strings`, read as the
configuration's shown strings are: blind79, "Jane 94 s Doe" was told at the first line
of each page, two of them made by the blog, none at the file).

The file is read with YAML's composer (no value is built), as the configuration is; one
that cannot be read names no author here (the blog stops on it first).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import yaml

from fxsite.evidence.library import Library
from fxsite.findings import Finding
from fxsite.pages.config_drawn import drawn_findings, setting, string_node
from fxsite.pages.config_text import compose_config, scalar_position
from fxsite.pages.field_advice import plain_message
from fxsite.safeio import UnreadableFile, read_text

__all__ = ["author_findings", "author_strings", "authors_file"]

#: The blog plugin's names, and the keys of an author it draws.
_BLOG = ("blog", "material/blog")
_DRAWN = ("name", "description")
_LARGEST = 1 << 20


def authors_file(config: str, docs_dir: Path) -> Path | None:
    """The authors file of the blog the configuration ``config`` enables, or None."""
    root = compose_config(config)
    plugins = setting(root, "plugins")
    items = plugins.value if isinstance(plugins, (yaml.SequenceNode, yaml.MappingNode)) else []
    for item in items:
        key, options = (item, None) if isinstance(item, yaml.Node) else item
        if isinstance(key, yaml.MappingNode) and len(key.value) == 1:
            key, options = key.value[0]
        if isinstance(key, yaml.ScalarNode) and key.value in _BLOG:
            blog = _text(setting(options, "blog_dir")) or "blog"
            name = _text(setting(options, "authors_file")) or "{blog}/.authors.yml"
            return docs_dir / name.replace("{blog}", blog)
    return None


def _text(node: yaml.Node | None) -> str | None:
    return node.value if isinstance(node, yaml.ScalarNode) and node.value else None


def _drawn(text: str) -> Iterator[yaml.ScalarNode]:
    """The strings the blog draws of each author in the authors file's ``text``."""
    authors = setting(compose_config(text), "authors")
    for _, author in authors.value if isinstance(authors, yaml.MappingNode) else []:
        for key in _DRAWN:
            node = string_node(setting(author, key))
            if node is not None:
                yield node


def _read(file: Path | None) -> str:
    try:
        return read_text(file, _LARGEST) if file is not None and file.is_file() else ""
    except UnreadableFile:
        return ""


def author_strings(file: Path | None) -> frozenset[str]:
    """What the blog draws of its authors (each name and description), or nothing."""
    return frozenset(node.value for node in _drawn(_read(file)))


def author_findings(file: Path | None, rel: str, library: Library) -> list[Finding]:
    """Each figure the blog draws of its authors, at its line in the authors file."""
    text = _read(file)
    findings = []
    for node in _drawn(text):
        for finding, at in drawn_findings(node.value, rel, library):
            if finding.code == "FX501" and finding.text:
                where = "a blog author's name or description"
                message = plain_message(finding.text, library, node.value, where, cite_in="a page")
                finding = replace(finding, message=message)
            line, col = scalar_position(text, node, -1 if at is None else at)
            findings.append(replace(finding, path=rel, line=line, col=col))
    return findings
