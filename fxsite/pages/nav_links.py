"""The pages the build generates that a site's own ``nav`` leaves out (FX608, a warning).

A configuration without ``nav`` lists every page, the generated ones too (MkDocs'
automatic navigation). One with a ``nav`` lists only what it names: the Evidence Library
(``<library_url>/index.md``) and the site-wide FAQ (the plugin's ``faq_page``, generated
where some page has an FAQ) are then linked from no page a reader can reach (a record
page's breadcrumb leads back to the library, but nothing leads to a record page; the
404 page is no way in), and MkDocs' "pages not in nav" notice never names them, as they
are not the authors' files (blind72).

Decisions:

- One warning per configuration, at the ``nav:`` key (in the file of the ``INHERIT``
  chain that writes it), naming each generated page left out and the entry to add
  (``- Evidence Library: evidence/index.md``): a nav that names one of the two is
  told about the other, as the page it leaves out is as unreachable.
- An entry names a page as a docs-relative path (``evidence/index.md``, ``./faq.md``) or
  as the address it publishes to (``evidence/``, ``/faq/``, ``faq.html``): a nav that
  links the page either way is content.
- A page's own links are not read: a home page that links the library leads a reader
  there, but the nav is what every page shows, and a link in a body is removed
  without the build knowing why it was there.
- A warning, not an error: the pages are published and verified; only their way in is
  missing. ``fxsite check`` and the build both report it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import yaml

from fxsite.findings import Finding
from fxsite.pages.config_text import Source, compose_config

__all__ = ["nav_findings"]

CODE = "FX608"


def _entries(node: yaml.Node) -> Iterator[str]:
    """The pages and addresses a ``nav`` tree names: its scalar values (not its titles)."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, yaml.ScalarNode):
            yield str(current.value)
        elif isinstance(current, yaml.SequenceNode):
            stack.extend(current.value)
        elif isinstance(current, yaml.MappingNode):
            stack.extend(value for _, value in current.value)


def _names(src: str) -> frozenset[str]:
    """What a nav entry may write for the page ``src``: its path, or where it publishes
    (as a folder, ``faq/``, or a file, ``faq.html``: whichever ``use_directory_urls`` makes)."""
    stem = src.removesuffix(".md")
    folder = stem.removesuffix("index").rstrip("/") if stem.split("/")[-1] == "index" else stem
    return frozenset({src, folder, f"{folder}/", f"{stem}.html"})


def _normal(entry: str) -> str:
    """A nav entry as a docs-relative name: no leading ``./`` or ``/``, no fragment."""
    entry = entry.split("#", 1)[0].split("?", 1)[0]
    while entry.startswith(("./", "/")):
        entry = entry.removeprefix(".").removeprefix("/")
    return entry


def _nav_key(
    sources: Sequence[tuple[str, yaml.Node | None]],
) -> tuple[str, yaml.Node, yaml.Node] | None:
    """The file that writes the ``nav`` MkDocs uses (the nearest), its key node and value."""
    for name, root in sources:
        if isinstance(root, yaml.MappingNode):
            for key, value in root.value:
                if isinstance(key, yaml.ScalarNode) and key.value == "nav":
                    return name, key, value
    return None


def nav_findings(
    text: str,
    path: str,
    parents: Sequence[Source],
    generated: Sequence[tuple[str, str]],
) -> list[Finding]:
    """FX608 at the ``nav:`` of the configuration ``text`` (named ``path``, inheriting from
    ``parents``) for each page of ``generated`` (its name for readers, its docs-relative
    path) that no nav entry names; none where there is no ``nav``."""
    found = _nav_key([(path, compose_config(text)), *((n, compose_config(t)) for n, t in parents)])
    if found is None:
        return []
    where, key, value = found
    named = {_normal(entry) for entry in _entries(value)}
    missing = [(title, src) for title, src in generated if not named & _names(src)]
    if not missing:
        return []
    pages = [f"the {title} ({src})" for title, src in missing]
    links = f"neither {pages[0]} nor {pages[1]}" if len(pages) == 2 else f"not {pages[0]}"
    entries = " and ".join(f"'- {title}: {src}'" for title, src in missing)
    them = "them" if len(pages) == 2 else "it"
    message = f"the nav links {links}: no page leads a reader to {them}; add {entries} to the nav"
    line, col = key.start_mark.line + 1, key.start_mark.column + 1
    return [Finding(where, line, col, CODE, message, "warning")]
