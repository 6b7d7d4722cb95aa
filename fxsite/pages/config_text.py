"""The strings of ``mkdocs.yml`` a reader is shown, judged where they are written.

The theme prints the site's name, description, author, copyright and
repository name, the navigation's titles, the strings under ``extra`` (links,
consent text…) and the palette toggles' names on every page; record pages show
the fxsite plugin's ``setup_labels``; the Markdown extensions' settings that
write text into pages (:data:`EXTENSION_KEYS`: a heading's permalink;
:data:`EXTENSION_MAPS`: an abbreviation's title, a key's label) show on
every page that uses them. What the theme draws from a setting beyond its string (a
repository's name made from ``repo_url``, an icon drawn before the site's name) is judged
at the setting (:mod:`fxsite.pages.config_drawn`). The build's last gate would find a figure in any of them on
every published page; ``fxsite check`` and the build report it once, at its
line in ``mkdocs.yml``, judged by the page reader
(:func:`fxsite.pages.judge.judge_rendered`).

A file named by ``INHERIT`` (MkDocs' inherited configuration, followed
from file to file) is read too, merged as MkDocs merges it: a string it
writes that the child does not override is judged at its line there.

The file is composed, not constructed (PyYAML's ``compose``): no tag is
resolved and no object built, so MkDocs' ``!ENV`` and ``!!python/name:`` tags
are read as plain nodes, and positions are kept. A file that cannot be
composed is left to MkDocs, which refuses it first.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from fxsite.evidence.yamlsafe import line_col
from fxsite.findings import Finding
from fxsite.pages.config_drawn import Drawn, drawn_findings, drawn_strings, setting
from fxsite.pages.field_advice import plain_message
from fxsite.pages.scalar_place import scalar_offset
from fxsite.pages.theme_refs import missing_icons
from fxsite.safeio import UnreadableFile, read_text

__all__ = [
    "SHOWN_KEYS",
    "compose_config",
    "config_findings",
    "config_settings",
    "has_nav",
    "inherited",
    "nav_titles",
    "scalar_position",
    "shown_strings",
    "titled_in_nav",
]

#: Settings of Markdown extensions whose string a page shows: the text and title
#: of each heading's permalink, the table of contents' title, a footnote's backlink.
EXTENSION_KEYS = {
    "toc": ("permalink", "permalink_title", "title"),
    "footnotes": ("BACKLINK_TEXT",),
}
#: Settings of Markdown extensions whose string is a template a page shows with a number
#: put in: a footnote's mark (``SUPERSCRIPT_TEXT: "{} s"`` shows "1 s"), its back link's
#: title (``%d``), a caption's prefix (``pymdownx.blocks.caption``'s ``types``, ``{}``).
#: Judged with :data:`TEMPLATE_NUMBER` put in, at the setting (blind44).
EXTENSION_TEMPLATES = {"footnotes": ("SUPERSCRIPT_TEXT", "BACKLINK_TITLE")}
#: What a template is judged with in place of its number (a page's first is 1; two digits
#: keep the template's length, so a finding after it stays at its column).
TEMPLATE_NUMBER = "10"
#: Settings of Markdown extensions that map a name to the string a page shows for it:
#: an abbreviation's title (``<abbr title>``), a key's label (``++fast++``: ``<kbd>``), the
#: text smarty writes for a dash, a quote or an ellipsis (``substitutions``: blind78 #10).
EXTENSION_MAPS = {
    "abbr": ("glossary",),
    "pymdownx.keys": ("key_map",),
    "smarty": ("substitutions",),
}
#: Top-level keys whose string the theme shows on every page.
SHOWN_KEYS = ("site_name", "site_description", "site_author", "copyright", "repo_name")


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


#: A configuration file as findings name it, and its text.
Source = tuple[str, str]
#: Longest ``INHERIT`` chain followed.
MAX_INHERIT = 8
#: Largest configuration file read.
MAX_CONFIG_BYTES = 1 << 20


@lru_cache(maxsize=8)
def compose_config(text: str) -> yaml.Node | None:
    """The node tree of a configuration's ``text``, composed once (every rule reads it; none
    changes it); None when it is not a mapping or cannot be read."""
    try:
        root: Any = yaml.compose(text, Loader=yaml.SafeLoader)
    except (yaml.YAMLError, RecursionError):
        return None
    return root if isinstance(root, yaml.MappingNode) else None


def inherited(text: str, file: Path, name: Callable[[Path], str]) -> list[Source]:
    """The files the configuration ``file`` (its ``text``) inherits from, nearest first.

    MkDocs' ``INHERIT`` names a parent file, relative to the file that names
    it, whose settings the child's override key by key. ``name`` is how
    findings name a file. A loop, a chain longer than :data:`MAX_INHERIT` or
    a file that cannot be read ends the chain (MkDocs refuses the last two).
    """
    chain: list[Source] = []
    seen = {os.path.normpath(file)}
    while len(chain) < MAX_INHERIT:
        root = compose_config(text)
        parent = setting(root, "INHERIT") if root is not None else None
        if not isinstance(parent, yaml.ScalarNode) or not isinstance(parent.value, str):
            break
        file = Path(os.path.normpath(file.parent / parent.value))
        if str(file) in seen:
            break
        seen.add(str(file))
        try:
            text = read_text(file, MAX_CONFIG_BYTES)
        except UnreadableFile:
            break
        chain.append((name(file), text))
    return chain


def nav_titles(text: str, parents: Sequence[Source] = ()) -> dict[str, str]:
    """The title the configuration's ``nav`` gives each page it titles (``- Title: page.md``),
    by the page as written there (docs-relative); MkDocs shows that title, not one of the
    page's own."""
    roots = [compose_config(t) for t in (text, *(t for _, t in parents))]
    nav = next((n for r in roots if r is not None and (n := setting(r, "nav")) is not None), None)
    titled: dict[str, str] = {}
    for node in _all_nodes(nav) if nav is not None else ():
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if isinstance(value, yaml.ScalarNode) and isinstance(key, yaml.ScalarNode):
                    titled.setdefault(str(value.value), str(key.value))
    return titled


def titled_in_nav(text: str, parents: Sequence[Source] = ()) -> frozenset[str]:
    """The pages the configuration's ``nav`` gives a title (:func:`nav_titles`)."""
    return frozenset(nav_titles(text, parents))


def has_nav(text: str, parents: Sequence[Source] = ()) -> bool:
    """Whether the configuration (or a file it inherits from) writes a ``nav``."""
    roots = [compose_config(t) for t in (text, *(t for _, t in parents))]
    return any(root is not None and setting(root, "nav") is not None for root in roots)


def _merge(parent: yaml.Node, child: yaml.Node) -> yaml.Node:
    """``child`` over ``parent``, as MkDocs merges an inherited file: mappings key by key."""
    if not (isinstance(parent, yaml.MappingNode) and isinstance(child, yaml.MappingNode)):
        return child
    entries = {str(key.value): (key, value) for key, value in parent.value}
    for key, value in child.value:
        old = entries.get(str(key.value))
        entries[str(key.value)] = (key, value if old is None else _merge(old[1], value))
    return yaml.MappingNode(child.tag, list(entries.values()))


def _merged(sources: list[Source]) -> tuple[yaml.Node | None, dict[int, Source]]:
    """A configuration and the files it inherits from (``sources``, the configuration
    first) merged as MkDocs merges them, and the file that writes each node (by id)."""
    merged: yaml.Node | None = None
    where: dict[int, Source] = {}
    roots = [compose_config(text) for _, text in sources]
    for source, root in reversed(list(zip(sources, roots, strict=True))):
        if root is not None:
            where.update((id(node), source) for node in _all_nodes(root))
            merged = root if merged is None else _merge(merged, root)
    return merged, where


def _shown_nodes(
    sources: list[Source], theme_keys: Collection[str] = ()
) -> list[tuple[Source, yaml.ScalarNode, str]]:
    """The string nodes the theme shows of a configuration and the files it inherits
    from (``sources``, the configuration first), each with the file that writes it and
    what it is, in words (a template, :data:`EXTENSION_TEMPLATES`, with its number put in);
    ``theme_keys``: the options of ``theme:`` the site's templates write (blind80:
    ``{{ config.theme.tagline }}``), whose strings are shown too."""
    merged, where = _merged(sources)
    if not isinstance(merged, yaml.MappingNode):
        return []
    found: list[yaml.Node] = []
    templates: list[yaml.ScalarNode] = []
    for key, value in merged.value:
        name = key.value if isinstance(key, yaml.ScalarNode) else None
        if name in SHOWN_KEYS:
            found.append(value)
        elif name == "nav":
            found.extend(_nav_titles(value))
        elif name == "extra":
            found.extend(_scalars(value))
        elif name == "theme":
            found.extend(_palette_names(value))
            found.extend(_theme_options(value, theme_keys))
        elif name == "plugins":
            found.extend(_setup_labels(value))
        elif name == "markdown_extensions":
            found.extend(_extension_strings(value))
            templates.extend(_extension_templates(value))
    shown = [(where.get(id(node), sources[0]), _env(node), _SHOWN) for node in found]
    shown += [
        (where.get(id(n), sources[0]), _at(n, filled_template(n.value)), _TEMPLATE)
        for n in templates
    ]
    return [
        (source, s, what)
        for source, s, what in shown
        if s is not None and isinstance(s.value, str) and s.value.strip()
    ]


_SHOWN = "a string of the configuration the theme shows"
_TEMPLATE = (
    f"a setting a page shows with a number put in (read with {TEMPLATE_NUMBER} for it, "
    "as a page shows 1, 2…)"
)


def _all_nodes(root: yaml.Node) -> Iterator[yaml.Node]:
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
        elif isinstance(node, yaml.MappingNode):
            stack.extend(part for pair in node.value for part in pair)


def scalar_position(text: str, node: yaml.ScalarNode, at: int) -> tuple[int, int]:
    """Line and column of ``node.value[at]`` where ``text`` writes it, else of the node."""
    found = scalar_offset(text, node.start_mark.index, node.value, max(at, 0))
    if found is None:
        return node.start_mark.line + 1, node.start_mark.column + 1
    return line_col(text, found)


def shown_strings(
    text: str, parents: Sequence[Source] = (), theme_keys: Collection[str] = ()
) -> list[tuple[str, int, int]]:
    """``(string, line, col)`` of each string of a ``mkdocs.yml`` the theme shows
    (``parents``: the files it inherits from, :func:`inherited`; ``theme_keys``: as for
    :func:`_shown_nodes`).

    ``line`` and ``col`` are its first character's (inside its quotes, below a
    block scalar's indicator) in the file that writes it.
    """
    shown = _shown_nodes([("", text), *parents], theme_keys)
    return [(node.value, *scalar_position(source[1], node, 0)) for source, node, _ in shown]


def _env(node: yaml.Node) -> yaml.ScalarNode | None:
    """The scalar a node stands for: itself, or what MkDocs' ``!ENV`` tag reads.

    ``!ENV [NAME, OTHER, default]`` is the first variable set in this process's
    environment, else its last item (a variable's value is judged, placed at
    the tag).
    """
    if isinstance(node, yaml.ScalarNode):
        if node.tag == "!ENV":
            value = os.environ.get(str(node.value))
            return None if value is None else _at(node, value)
        return node
    if isinstance(node, yaml.SequenceNode) and node.tag == "!ENV" and node.value:
        items = [i for i in node.value if isinstance(i, yaml.ScalarNode)]
        for item in items[:-1]:
            if str(item.value) in os.environ:
                return _at(node, os.environ[str(item.value)])
        return items[-1] if items else None
    return None


def _at(node: yaml.Node, value: str) -> yaml.ScalarNode:
    return yaml.ScalarNode("tag:yaml.org,2002:str", value, node.start_mark, node.end_mark)


def _theme_options(theme: yaml.Node, keys: Collection[str]) -> Iterator[yaml.ScalarNode]:
    """The strings of the ``theme:`` options named ``keys``, nested ones too."""
    if not keys or not isinstance(theme, yaml.MappingNode):
        return
    for key, value in theme.value:
        if isinstance(key, yaml.ScalarNode) and key.value in keys:
            yield from _scalars(value)


def _palette_names(theme: yaml.Node) -> Iterator[yaml.Node]:
    """The names of Material's palette toggles (``theme.palette[].toggle.name``)."""
    if not isinstance(theme, yaml.MappingNode):
        return
    for key, value in theme.value:
        if isinstance(key, yaml.ScalarNode) and key.value == "palette":
            schemes = value.value if isinstance(value, yaml.SequenceNode) else [value]
            for scheme in schemes:
                toggle = setting(scheme, "toggle")
                name = setting(toggle, "name") if toggle is not None else None
                if name is not None:
                    yield name


def _setup_labels(plugins: yaml.Node) -> Iterator[yaml.Node]:
    """The values of the fxsite plugin's ``setup_labels``: a record page's row headings."""
    items = plugins.value if isinstance(plugins, yaml.SequenceNode) else [plugins]
    for item in items:
        options = setting(item, "fxsite")
        labels = setting(options, "setup_labels") if options is not None else None
        if isinstance(labels, yaml.MappingNode):
            yield from (value for _, value in labels.value)


def _extension_options(extensions: yaml.Node) -> Iterator[tuple[str, yaml.Node]]:
    """Each extension of ``markdown_extensions`` given options: its name and its options."""
    items = extensions.value if isinstance(extensions, yaml.SequenceNode) else [extensions]
    for item in items:
        if isinstance(item, yaml.MappingNode):
            for key, options in item.value:
                yield str(key.value).removeprefix("markdown.extensions."), options


def _strings(nodes: Iterable[yaml.Node | None]) -> Iterator[yaml.ScalarNode]:
    """The nodes that are strings YAML writes as strings."""
    for node in nodes:
        if isinstance(node, yaml.ScalarNode) and node.tag.endswith(":str"):
            yield node


def _extension_strings(extensions: yaml.Node) -> Iterator[yaml.Node]:
    """The shown string settings of ``markdown_extensions`` (:data:`EXTENSION_KEYS`)."""
    for name, options in _extension_options(extensions):
        yield from _strings(setting(options, option) for option in EXTENSION_KEYS.get(name, ()))
        for option in EXTENSION_MAPS.get(name, ()):
            mapping = setting(options, option)
            if isinstance(mapping, yaml.MappingNode):
                yield from _strings(v for _, v in mapping.value)


def _extension_templates(extensions: yaml.Node) -> Iterator[yaml.ScalarNode]:
    """The template settings of ``markdown_extensions`` (:data:`EXTENSION_TEMPLATES`, and
    the ``prefix`` of each of ``pymdownx.blocks.caption``'s ``types``)."""
    for name, options in _extension_options(extensions):
        yield from _strings(setting(options, o) for o in EXTENSION_TEMPLATES.get(name, ()))
        if name == "pymdownx.blocks.caption":
            types = setting(options, "types")
            kinds = types.value if isinstance(types, yaml.SequenceNode) else []
            yield from _strings(setting(kind, "prefix") for kind in kinds)


def filled_template(template: str) -> str:
    """A template setting (:data:`EXTENSION_TEMPLATES`) as judged: its number put in."""
    return template.replace("{}", TEMPLATE_NUMBER).replace("%d", TEMPLATE_NUMBER)


_WRITTEN = frozenset(
    f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null")
)
#: The most values ``extra`` is read as (its aliases repeated), and its deepest nesting:
#: more are read as None.
MAX_EXTRA_VALUES = 10_000
MAX_EXTRA_DEPTH = 32


def _written(node: yaml.Node, budget: list[int], depth: int = 0) -> Any:
    """A node as the values YAML's safe loader makes of it: nested dicts and lists of
    strings, numbers, booleans (None for another tag, past ``budget`` values, or nested
    deeper than :data:`MAX_EXTRA_DEPTH`)."""
    budget[0] -= 1
    if budget[0] < 0 or depth > MAX_EXTRA_DEPTH:
        return None
    if isinstance(node, yaml.MappingNode):
        pairs = [(k, v) for k, v in node.value if isinstance(k, yaml.ScalarNode)]
        return {str(k.value): _written(v, budget, depth + 1) for k, v in pairs}
    if isinstance(node, yaml.SequenceNode):
        return [_written(item, budget, depth + 1) for item in node.value]
    if isinstance(node, yaml.ScalarNode) and node.tag in _WRITTEN:
        return yaml.SafeLoader("").construct_object(node)
    return None


def config_extra(text: str, parents: Sequence[Source] = ()) -> dict[str, Any]:
    """The configuration's ``extra``, as MkDocs gives it to a theme template's
    ``{{ config.extra.x }}`` (the inherited files' under the file's own)."""
    merged: yaml.Node | None = None
    for root in [compose_config(t) for _, t in reversed(parents)] + [compose_config(text)]:
        extra = None if root is None else setting(root, "extra")
        if extra is not None:
            merged = extra if merged is None else _merge(merged, extra)
    found = _written(merged, [MAX_EXTRA_VALUES]) if merged is not None else None
    return found if isinstance(found, dict) else {}


def config_settings(text: str, parents: Sequence[Source] = ()) -> dict[str, str]:
    """The configuration's :data:`SHOWN_KEYS` strings, as MkDocs gives them to a theme
    template's ``{{ config.site_author }}`` (the file's own over the inherited files')."""
    settings = {}
    for root in [compose_config(t) for _, t in reversed(parents)] + [compose_config(text)]:
        for key in SHOWN_KEYS:
            node = None if root is None else setting(root, key)
            if isinstance(node, yaml.ScalarNode) and node.tag in _WRITTEN:
                settings[key] = str(_written(node, [1]))
    return settings


def _drawn(
    sources: list[Source], repo_name: str | None, image: Callable[[str], str | None] | None
) -> list[tuple[Source, Drawn]]:
    """What the theme draws from the settings of the merged configuration beyond their
    strings (:func:`~fxsite.pages.config_drawn.drawn_strings`), with the file writing each."""
    merged, where = _merged(sources)
    if merged is None:
        return []
    drawn = drawn_strings(merged, repo_name, image)
    return [(where.get(id(d.node), sources[0]), d) for d in drawn]


def config_findings(
    text: str,
    path: str,
    library: Any,
    parents: Sequence[Source] = (),
    repo_name: str | None = None,
    image: Callable[[str], str | None] | None = None,
    theme_keys: Collection[str] = (),
) -> list[Finding]:
    """Each figure in a shown string of the config ``text`` (named ``path``) or of the
    files it inherits from (``parents``, :func:`inherited`), at its line there, and in
    what the theme draws from its settings (``repo_name``: the repository's name as
    MkDocs made it; ``image``: the text the image at a site path draws), at the setting;
    ``theme_keys``: as for :func:`_shown_nodes`."""
    sources = [(path, text), *parents]
    shown = [
        (source, Drawn(node, node.value, 0, what))
        for source, node, what in _shown_nodes(sources, theme_keys)
    ]
    findings = []
    for (name, source), drawn in [*shown, *_drawn(sources, repo_name, image)]:
        value = drawn.text
        # Where the string writes each figure: as it is, loosely, with entities; a repeat
        # at its next place (not at a number alone: the value is short, the figure in it).
        for finding, at in drawn_findings(value, name, library, drawn.icon):
            if finding.code == "FX501" and finding.text:
                where = drawn.where
                message = plain_message(finding.text, library, value, where, cite_in="a page")
                finding = replace(finding, message=message)
            within = -1 if at is None or drawn.at is None else drawn.at + at
            line, col = scalar_position(source, drawn.node, within)
            findings.append(replace(finding, line=line, col=col))
    return findings


def icon_findings(
    text: str, path: str, theme_dirs: Sequence[str], parents: Sequence[Source] = ()
) -> list[Finding]:
    """Each setting of ``theme.icon`` in the config ``text`` (named ``path``) or the files it
    inherits from naming an icon the theme's folders do not hold
    (:func:`~fxsite.pages.theme_refs.missing_icons`), at its line there."""
    sources = [(path, text), *parents]
    merged, where = _merged(sources)
    findings = []
    for node, message in missing_icons(merged, theme_dirs) if merged is not None else []:
        name, source = where.get(id(node), sources[0])
        findings.append(Finding(name, *scalar_position(source, node, -1), "FX901", message))
    return findings
