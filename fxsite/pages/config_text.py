"""The strings of ``mkdocs.yml`` a reader is shown, judged where they are written.

The theme prints the site's name, description, author and copyright, the
navigation's titles and the strings under ``extra`` (links, consent text…)
on every page. The build's last gate would find a figure in any of them on
every published page; ``fxsite check`` and the build report it once, at its
line in ``mkdocs.yml``, judged by the page reader
(:func:`fxsite.pages.judge.judge_rendered`).

The file is composed, not constructed (PyYAML's ``compose``): no tag is
resolved and no object built, so MkDocs' ``!ENV`` and ``!!python/name:`` tags
are read as plain nodes, and positions are kept. A file that cannot be
composed is left to MkDocs, which refuses it first.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import yaml

from fxsite.findings import Finding
from fxsite.pages.judge import judge_rendered

__all__ = ["SHOWN_KEYS", "config_findings", "shown_strings"]

#: Top-level keys whose string the theme shows on every page.
SHOWN_KEYS = ("site_name", "site_description", "site_author", "copyright")


def _scalars(node: yaml.Node) -> Iterator[yaml.ScalarNode]:
    """Every scalar value under ``node`` (mapping values, sequence items), not keys."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, yaml.ScalarNode):
            yield current
        elif isinstance(current, yaml.SequenceNode):
            stack.extend(reversed(current.value))
        elif isinstance(current, yaml.MappingNode):
            stack.extend(value for _, value in reversed(current.value))


def _nav_titles(node: yaml.Node) -> Iterator[yaml.ScalarNode]:
    """The titles of a ``nav`` tree: the keys of its mappings."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, yaml.SequenceNode):
            stack.extend(reversed(current.value))
        elif isinstance(current, yaml.MappingNode):
            for key, value in current.value:
                if isinstance(key, yaml.ScalarNode):
                    yield key
                stack.append(value)


def shown_strings(text: str) -> list[tuple[str, int, int]]:
    """``(string, line, col)`` of each string of a ``mkdocs.yml`` the theme shows.

    ``col`` is the string's first character (inside its quotes, if quoted).
    """
    try:
        root: Any = yaml.compose(text, Loader=yaml.SafeLoader)
    except (yaml.YAMLError, RecursionError):
        return []
    if not isinstance(root, yaml.MappingNode):
        return []
    found: list[yaml.ScalarNode] = []
    for key, value in root.value:
        name = key.value if isinstance(key, yaml.ScalarNode) else None
        if name in SHOWN_KEYS and isinstance(value, yaml.ScalarNode):
            found.append(value)
        elif name == "nav":
            found.extend(_nav_titles(value))
        elif name == "extra":
            found.extend(_scalars(value))
    return [
        (node.value, node.start_mark.line + 1, node.start_mark.column + 1 + bool(node.style))
        for node in found
        if isinstance(node.value, str) and node.value.strip()
    ]


def config_findings(text: str, path: str, library: Any) -> list[Finding]:
    """Each figure in a shown string of the config ``text`` (named ``path``), at its line."""
    findings = []
    for value, line, col in shown_strings(text):
        for finding in judge_rendered(f"<p>{html.escape(value)}</p>", path, library):
            # On the string's line: at the figure, when the string is written on one line.
            at = value.find(finding.text or "\n") if "\n" not in value else -1
            findings.append(replace(finding, line=line, col=col + max(at, 0)))
    return findings
