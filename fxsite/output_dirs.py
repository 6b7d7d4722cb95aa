"""Where a build writes, held apart from what it reads.

A build replaces ``site_dir`` whole with the site it made and writes drawn
charts into the plugin's ``cache_dir``. :func:`output_problems` refuses a
``site_dir`` that is, holds or lies inside a source (the project folder, the
configuration files, docs_dir, the evidence folder, the theme's custom_dir,
the hooks' folders, the snippets' base paths) and a ``cache_dir`` that is or
lies inside a source folder, each at the line of its setting in
``mkdocs.yml``; ``fxsite check``, ``fxsite build`` and the plugin call it
before anything is written.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import yaml

from fxsite.pages.config_drawn import setting
from fxsite.pages.config_text import Source, compose_config, inherited

if TYPE_CHECKING:
    from fxsite.project_paths import ProjectPaths

__all__ = ["base_paths", "output_problems", "setting_at", "setting_place"]

#: Markdown extensions that read files under their ``base_path`` option.
BASE_PATH_EXTENSIONS = ("pymdownx.snippets", "pymdownx.b64")


class _Source(NamedTuple):
    """A folder or file the build reads, and where the configuration names it."""

    what: str
    path: Path
    folder: bool
    setting: tuple[str, ...] = ()


class _Output(NamedTuple):
    """A folder the build writes: ``replaced`` (site_dir) or written into (cache_dir)."""

    name: str
    path: Path
    replaced: bool
    setting: tuple[str, ...]
    instead: str


def output_problems(paths: ProjectPaths, config: Mapping[str, Any]) -> list[str]:
    """Each way ``site_dir`` or ``paths.cache_dir`` overlaps a source, as a line
    ``mkdocs.yml:line:col: message`` placed at the output's setting (or the source's).

    ``config``: MkDocs' loaded configuration, for ``site_dir``, the modules of its
    ``hooks`` and the Markdown extensions' options (``mdx_configs``: the snippets'
    ``base_path``, relative to the working folder as the extension reads it).
    """
    hooks = [f for m in (config.get("hooks") or {}).values() if (f := getattr(m, "__file__", None))]
    site_dir = Path(config["site_dir"])
    mdx_configs = config.get("mdx_configs") or {}
    root = paths.root.resolve()
    file = root / paths.config_name
    try:
        text = file.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        text = ""
    parents = inherited(text, file, lambda p: os.path.relpath(p, root))
    sources = _sources(paths, root, parents, hooks, mdx_configs)
    if site_dir.exists() and not site_dir.is_dir():
        sources.append(_Source("a file", site_dir.resolve(), False))
    outputs = [_Output("site_dir", site_dir.resolve(), True, ("site_dir",), "site")]
    if paths.cache_dir is not None:
        cache = ("plugins", "fxsite", "cache_dir")
        outputs.append(
            _Output("cache_dir", paths.cache_dir.resolve(), False, cache, ".cache/fxsite")
        )
    problems = []
    for output in outputs:
        held: list[Path] = []  # told once: the folder, not each source inside it
        for source in sources:
            relation = _overlap(output, source, root)
            if relation and not any(_inside(source.path, h) for h in held):
                problems.append((output, source, relation))
                held += [source.path] if relation != "lies inside" and source.folder else []
    if not problems:
        return []
    roots = [(name, compose_config(t)) for name, t in ((paths.config_name, text), *parents)]
    return [_problem(roots, root, *problem) for problem in problems]


def _sources(
    paths: ProjectPaths,
    root: Path,
    parents: Sequence[Source],
    hooks: Iterable[str],
    mdx_configs: Mapping[str, Any],
) -> list[_Source]:
    """What a build reads: folders read whole, and the configuration's files."""
    sources = [
        _Source("the project folder", root, True),
        _Source(paths.config_name, root / paths.config_name, False),
        *(_Source(name, (root / name).resolve(), False) for name, _ in parents),
        _Source("docs_dir", paths.docs_dir.resolve(), True, ("docs_dir",)),
        _Source(
            "the evidence folder",
            paths.evidence_dir.resolve(),
            True,
            ("plugins", "fxsite", "evidence_dir"),
        ),
    ]
    if paths.custom_dir is not None:
        custom = paths.custom_dir.resolve()
        sources.append(_Source("the theme's custom_dir", custom, True, ("theme", "custom_dir")))
    for hook in hooks:
        folder = Path(hook).resolve().parent
        sources.append(_Source(f"the folder of hook '{Path(hook).name}'", folder, True, ("hooks",)))
    for extension, path in base_paths(mdx_configs):
        what = f"{extension}'s base_path"
        setting = ("markdown_extensions", extension, "base_path")
        sources.append(_Source(what, path, not path.is_file(), setting))
    return sources


def base_paths(mdx_configs: Mapping[str, Any]) -> list[tuple[str, Path]]:
    """(extension, path) of each ``base_path`` the Markdown extensions that read files
    name (:data:`BASE_PATH_EXTENSIONS`), from the working folder as they read them."""
    out = []
    for extension in BASE_PATH_EXTENSIONS:
        options = mdx_configs.get(extension)
        bases = options.get("base_path", []) if isinstance(options, Mapping) else []
        # A path may be a string or os.PathLike (MkDocs' ``!relative`` tag), alone or listed.
        for base in [bases] if isinstance(bases, (str, os.PathLike)) else bases:
            named = _base_path(base)
            if named:
                out.append((extension, Path(os.path.abspath(named)).resolve()))
    return out


def _base_path(base: object) -> str | None:
    """A snippets ``base_path`` as a path; None where it names none here: not a path, or
    MkDocs' ``!relative`` tag alone, the folder of the page being rendered, which is in
    ``docs_dir`` (a source already) and which no page names outside a render (blind79:
    ``fxsite check`` stopped on it, "The current file is not set for the '!relative' tag")."""
    if not isinstance(base, (str, os.PathLike)):
        return None
    try:
        return os.fspath(base)
    except Exception:  # MkDocs' ConfigurationError: no page is being rendered
        return None


def _overlap(output: _Output, source: _Source, root: Path) -> str:
    """How ``output`` overlaps ``source``: "is", "holds", "lies inside", or "" (apart).

    ``site_dir`` replaces what it holds; an output inside a source folder writes among
    its files, except in a folder that is or holds the project folder (a snippets
    base path of "."), where every site is built.
    """
    out, src = output.path, source.path
    if output.replaced and _inside(src, out):
        return "is" if _inside(out, src) else "holds"
    if source.folder and not _inside(root, src) and _inside(out, src):
        return "is" if _inside(src, out) else "lies inside"
    return ""


def _inside(path: Path, folder: Path) -> bool:
    """Whether ``path`` is ``folder`` or lies inside it: by name, or, where both exist,
    by the folder itself (another spelling on a case-insensitive disk, a bind mount)."""
    if path.is_relative_to(folder):
        return True
    try:
        target = folder.stat()
    except OSError:
        return False
    for above in (path, *path.parents):
        try:
            found = above.stat()
        except OSError:
            continue
        if (found.st_dev, found.st_ino) == (target.st_dev, target.st_ino):
            return True
    return False


def _problem(
    roots: list[tuple[str, yaml.Node | None]],
    root: Path,
    output: _Output,
    source: _Source,
    relation: str,
) -> str:
    shown = _shown(output.path, root)
    where = f" '{_shown(source.path, root)}'" if source.path != output.path else ""
    if output.replaced and relation == "is":
        harm = "a build would replace it with the site it made"
    elif output.replaced and relation == "holds":
        harm = "a build replaces site_dir with the site it made, deleting what it holds"
    elif output.replaced:
        harm = "a build would write the site among its own sources"
    else:
        harm = "a build would write drawn charts among its own sources"
    message = (
        f"{output.name} '{shown}' {relation} {source.what}{where}: {harm}; "
        f"choose a {output.name} apart from the sources, like '{output.instead}'"
    )
    name, node = _setting(roots, output.setting)
    if node is None:
        name, node = _setting(roots, source.setting)
    if node is None:
        return f"{roots[0][0]}:1:1: {message}"
    return f"{name}:{node.start_mark.line + 1}:{node.start_mark.column + 1}: {message}"


def _shown(path: Path, root: Path) -> str:
    """``path`` relative to the project folder, with slashes (``.`` for the folder)."""
    return Path(os.path.relpath(path, root)).as_posix()


def setting_place(
    text: str, path: str, keys: tuple[str, ...], parents: Sequence[Source] = ()
) -> str:
    """``path:line:col`` of the setting at ``keys`` in the configuration ``text`` (named
    ``path``) or the nearest file it inherits it from (``parents``); ``path`` where none
    writes it."""
    at = setting_at(text, path, keys, parents)
    return path if at is None else f"{at[0]}:{at[1]}:{at[2]}"


def setting_at(
    text: str, path: str, keys: tuple[str, ...], parents: Sequence[Source] = ()
) -> tuple[str, int, int] | None:
    """``(file, line, col)`` of the setting at ``keys``, as :func:`setting_place` finds
    it; None where no file writes it."""
    roots = [(name, compose_config(t)) for name, t in ((path, text), *parents)]
    name, node = _setting(roots, keys)
    if node is None:
        return None
    return name, node.start_mark.line + 1, node.start_mark.column + 1


def _setting(
    roots: list[tuple[str, yaml.Node | None]], keys: tuple[str, ...]
) -> tuple[str, yaml.Node | None]:
    """The value node at ``keys`` in the nearest file that writes it, with the file's name.

    A list on the way (``plugins``, ``markdown_extensions``) is searched for the item
    named by the next key (``- fxsite: {…}``).
    """
    for name, node in roots:
        for key in keys:
            if isinstance(node, yaml.SequenceNode):
                node = _listed(node, key)
            else:
                node = setting(node, key) if node is not None else None
        if keys and node is not None:
            return name, node
    return "", None


def _listed(items: yaml.SequenceNode, key: str) -> yaml.Node | None:
    """The value of the item of a list named ``key``: of ``- fxsite: {…}`` its mapping's
    value, of ``- search`` the name itself (blind74: a plugin MkDocs cannot find was placed
    at the list's first item). A plugin MkDocs names with its package's prefix
    (``material/tags``) may be written without it (``- tags``)."""
    for name in dict.fromkeys((key, key.rpartition("/")[2])):
        for item in items.value:
            if isinstance(item, yaml.ScalarNode) and item.value == name:
                return item
            if (value := setting(item, name)) is not None:
                return value
    return None
