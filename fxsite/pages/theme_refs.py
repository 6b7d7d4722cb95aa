"""What a site names that its theme cannot draw: an icon no theme folder holds, a theme
template Jinja cannot read.

Material draws an icon a setting names (``theme.icon.repo: material/git``, a page's
front-matter ``icon:``) by including ``.icons/NAME.svg`` from the theme's folders (the
custom_dir first); an icon none of them holds stops MkDocs' build with no place. Each
such setting is refused at its own line (:func:`missing_icons`, :func:`page_icon_finding`).

A template of the custom_dir is read by Jinja as MkDocs reads it: one it cannot parse
(``{% if x %}…{% endblock %}``) stops the build; so does one that extends, includes or
imports, by a name written in it, a template no theme folder holds; and one using a
filter or a test the theme's Jinja environment lacks (``{{ x|nosuchfilter }}``), where
every plugin of the site is one that adds none (:func:`template_names`). Each is refused
at its line in the template (:func:`template_error_findings`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path, PurePosixPath

import yaml
from jinja2 import Environment, FileSystemLoader, TemplateSyntaxError, nodes

from fxsite.findings import Finding
from fxsite.pages.config_drawn import setting, theme_name
from fxsite.safeio import UnreadableFile, read_text

__all__ = [
    "icon_exists",
    "missing_icons",
    "page_icon_finding",
    "template_error_findings",
    "template_names",
]

#: Largest template read (a theme's own are a few kilobytes).
_MAX_TEMPLATE_BYTES = 1 << 20


def _held(name: str, theme_dirs: Sequence[str]) -> bool:
    """Whether a template ``name`` is a file of one of ``theme_dirs``, as Jinja's loader
    finds it (a name reaching outside a folder is none)."""
    parts = PurePosixPath(name).parts
    if not parts or name.startswith("/") or ".." in parts:
        return False
    return any(Path(folder, *parts).is_file() for folder in theme_dirs)


def icon_exists(name: str, theme_dirs: Sequence[str]) -> bool:
    """Whether the icon ``name`` (``material/git``) is one the theme's folders hold."""
    return _held(f".icons/{name}.svg", theme_dirs)


def _leaves(node: yaml.Node | None) -> Iterator[yaml.ScalarNode]:
    """The scalars of a mapping setting, nested mappings included (``admonition.note``)."""
    if isinstance(node, yaml.ScalarNode):
        yield node
    elif isinstance(node, yaml.MappingNode):
        for _, value in node.value:
            yield from _leaves(value)


def _unset(node: yaml.ScalarNode) -> bool:
    """Whether a setting leaves the theme's default (empty, null or false)."""
    if node.tag.endswith(":null") or not node.value:
        return True
    return node.tag.endswith(":bool") and node.value.lower() in ("false", "no", "off")


def missing_icons(root: yaml.Node, theme_dirs: Sequence[str]) -> list[tuple[yaml.ScalarNode, str]]:
    """Each setting of Material's ``theme.icon`` (in the configuration ``root``) naming an
    icon ``theme_dirs`` do not hold, with its message; none under another theme."""
    if theme_name(root) != "material" or not theme_dirs:
        return []
    icons = setting(setting(root, "theme"), "icon")
    return [
        (node, _icon_message(node.value, "the setting"))
        for node in _leaves(icons)
        if not _unset(node) and not icon_exists(node.value, theme_dirs)
    ]


def _icon_message(name: object, remedy: str) -> str:
    return (
        f"icon '{name}' is not an icon of the theme (no .icons/{name}.svg in its folders): "
        f"name one Material ships (like material/git) or one of the custom_dir's .icons, "
        f"or remove {remedy}"
    )


def page_icon_finding(
    icon: object, path: str, line: int, col: int, theme_dirs: Sequence[str]
) -> Finding | None:
    """A page's front-matter ``icon`` (set at ``line``:``col`` of ``path``) naming no
    icon ``theme_dirs`` hold, under Material; None when it names one, or is empty."""
    if not theme_dirs or icon is None or icon == "" or icon is False:
        return None
    if isinstance(icon, str) and icon_exists(icon, theme_dirs):
        return None
    return Finding(path, line, col, "FX601", _icon_message(icon, "the line"))


def _named(tree: nodes.Template) -> Iterator[tuple[list[str], int]]:
    """``(names, line)`` of each template ``tree`` extends, includes or imports by names
    written in it (a list: the first of them the theme holds is taken; a template it
    may ignore missing: none)."""
    for node in tree.find_all((nodes.Extends, nodes.Include, nodes.Import, nodes.FromImport)):
        if isinstance(node, nodes.Include) and node.ignore_missing:
            continue
        named = getattr(node, "template", None)
        values = named.items if isinstance(named, (nodes.List, nodes.Tuple)) else [named]
        if all(isinstance(v, nodes.Const) and isinstance(v.value, str) for v in values):
            yield [str(v.value) for v in values if isinstance(v, nodes.Const)], node.lineno


#: Plugins that add no Jinja filter or test to the theme's environment.
_NO_FILTERS_ADDED = frozenset(
    {"search", "material/search", "offline", "material/offline", "fxsite"}
)


def template_names(
    env: Environment, plugins: Iterable[str]
) -> tuple[frozenset[str], frozenset[str]] | None:
    """The names of the filters and tests of the theme's Jinja ``env``, where the site's
    ``plugins`` add none; else None (not known before the build)."""
    if not set(plugins) <= _NO_FILTERS_ADDED:
        return None
    return frozenset(env.filters), frozenset(env.tests)


def _stub(value: object, *args: object, **kwargs: object) -> object:
    return value


def _environment(
    theme_dirs: Sequence[str], names: tuple[frozenset[str], frozenset[str]] | None
) -> Environment:
    """A Jinja environment reading the theme's folders, with ``names``' filters and tests."""
    env = Environment(loader=FileSystemLoader(list(theme_dirs)), autoescape=True)
    if names is not None:
        env.filters = dict.fromkeys(names[0], _stub)
        env.tests = dict.fromkeys(names[1], _stub)
    return env


def template_error_findings(
    custom_dir: Path,
    shown: str,
    theme_dirs: Sequence[str],
    names: tuple[frozenset[str], frozenset[str]] | None = None,
) -> list[Finding]:
    """Each template of ``custom_dir`` (named ``shown`` in findings) Jinja cannot parse, or
    compile with the filters and tests ``names`` (:func:`template_names`; None: not
    judged), and each template one names that ``theme_dirs`` do not hold, at its line."""
    env = _environment(theme_dirs, names)
    findings: list[Finding] = []
    for file in sorted(custom_dir.rglob("*.html")):
        path = f"{shown}/{file.relative_to(custom_dir).as_posix()}"
        try:
            text = read_text(file, _MAX_TEMPLATE_BYTES)
        except UnreadableFile:
            continue  # reported by template_text.template_findings
        try:
            tree = env.parse(text)
            if names is not None:
                env.compile(text)
        except TemplateSyntaxError as exc:
            message = f"Jinja cannot read this template: {exc.message}"
            findings.append(Finding(path, exc.lineno or 1, 1, "FX901", message))
            continue
        for named, line in _named(tree):
            if not any(_held(name, theme_dirs) for name in named):
                listed = "', '".join(named)
                message = (
                    f"template '{listed}' is not one of the theme's templates: name a file of "
                    "the theme or of its custom_dir, or remove the tag"
                )
                findings.append(Finding(path, line, 1, "FX901", message))
    return findings
