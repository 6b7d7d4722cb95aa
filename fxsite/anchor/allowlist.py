"""What a rebuild (``audit --rebuild``) or a diff of git revisions takes from a vendor's mkdocs.yml.

A vendor's commit is untrusted input: its ``mkdocs.yml`` can name Python to
run on the auditor's machine. Before anything of it is built, the file is
composed as plain YAML (no tag is constructed, nothing is imported), checked
against the lists below, and only what passes is written out again, by us, as
the config the build reads. Anything else is refused with an ``FX822`` finding
at ``mkdocs.yml:line`` and nothing is run. The decisions:

- Top-level keys: only those in :data:`KEYS` (data: names, URLs, navigation,
  theme options, CSS and script paths). Refused: ``hooks`` (Python files),
  ``INHERIT`` (another file, unchecked), ``extra_templates`` (docs files
  rendered as Jinja templates) and every key not listed.
- Theme: ``material``, ``mkdocs`` or ``readthedocs``. A ``custom_dir`` must
  stay inside the checkout and hold no Python (:data:`PYTHON_SUFFIXES`); its
  templates are rendered in a sandboxed Jinja environment
  (:mod:`fxsite.mkdocs_rebuild`).
- Plugins: MkDocs' built-in ``search`` (Material's ``material/search``) with
  the options in :data:`SEARCH_OPTIONS`, and ``fxsite``, whose ``evidence_dir``
  and ``cache_dir`` must stay inside the checkout. Every other plugin is refused.
- Markdown extensions: Python-Markdown's own (:data:`MARKDOWN_EXTENSIONS`, by
  short or ``markdown.extensions.`` name) and pymdownx's
  (:data:`PYMDOWNX_EXTENSIONS`). Their options are data, except ``base_path``
  (snippets, b64: must stay inside the checkout), ``restrict_base_path`` (snippets:
  must stay true, or a page may include ``/etc/hostname``) and ``url_download`` (must
  be false): an extension must not read the auditor's files or the network.
- YAML tags: the core schema's only, plus ``!ENV`` (replaced by its default:
  the rebuild's environment is empty) and ``!!python/name:`` of a function in
  :data:`PYTHON_NAMES` (pymdownx's and Material's emoji and fence formatters).
  Every other tag (``!!python/object/apply``, ``!relative`` …), anchors,
  aliases and merge keys are refused.
- Paths: ``docs_dir``, ``site_dir``, ``theme.custom_dir``, ``evidence_dir`` and
  ``cache_dir`` must stay inside the checkout; the rebuild still writes its site to a
  folder of its own, whatever ``site_dir`` says. Every symbolic link in the
  checkout must point inside it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from fxsite.findings import Finding

__all__ = [
    "KEYS",
    "MARKDOWN_EXTENSIONS",
    "PYMDOWNX_EXTENSIONS",
    "PYTHON_NAMES",
    "PythonName",
    "dump_config",
    "plugin_options",
    "vet_config",
]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


KEYS = _words(
    "site_name site_url site_description site_author copyright repo_url repo_name "
    "edit_uri edit_uri_template nav docs_dir site_dir theme plugins "
    "markdown_extensions extra extra_css extra_javascript use_directory_urls strict "
    "validation exclude_docs draft_docs not_in_nav dev_addr watch remote_branch "
    "remote_name"
)
THEMES = frozenset({"material", "mkdocs", "readthedocs"})
PYTHON_SUFFIXES = frozenset({".py", ".pyc", ".pyo", ".pyd", ".pth", ".so"})
SEARCH_PLUGINS = frozenset({"search", "material/search"})
SEARCH_OPTIONS = frozenset({"lang", "separator", "min_search_length", "indexing", "pipeline"})
FXSITE_OPTIONS = frozenset(
    {"evidence_dir", "enforce", "library_url", "faq_page", "cache_dir", "setup_labels"}
    | {"search_records"}
)
MARKDOWN_EXTENSIONS = _words(
    "abbr admonition attr_list codehilite def_list extra fenced_code footnotes "
    "legacy_attrs legacy_em md_in_html meta nl2br sane_lists smarty tables toc "
    "wikilinks"
)
PYMDOWNX_EXTENSIONS = _words(
    "arithmatex b64 betterem blocks.admonition blocks.caption blocks.definition "
    "blocks.details blocks.html blocks.tab caret critic details emoji escapeall extra "
    "fancylists highlight inlinehilite keys magiclink mark pathconverter progressbar "
    "quotes saneheaders smartsymbols snippets striphtml superfences tabbed tasklist "
    "tilde"
)
PYTHON_NAMES = frozenset(
    {
        "material.extensions.emoji.twemoji",
        "material.extensions.emoji.to_svg",
        "pymdownx.emoji.twemoji",
        "pymdownx.emoji.emojione",
        "pymdownx.emoji.gemoji",
        "pymdownx.emoji.to_svg",
        "pymdownx.emoji.to_png",
        "pymdownx.emoji.to_alt",
        "pymdownx.superfences.fence_code_format",
        "pymdownx.superfences.fence_div_format",
        "pymdownx.arithmatex.arithmatex_fenced_format",
        "pymdownx.arithmatex.arithmatex_inline_format",
    }
)
_CORE = "tag:yaml.org,2002:"
_CORE_SCALARS = frozenset(
    _CORE + t for t in ("str", "int", "float", "bool", "null", "timestamp", "binary")
)
_PYTHON_NAME = _CORE + "python/name:"
_MAX_BYTES = 1 << 20


@dataclass(frozen=True)
class PythonName:
    """``!!python/name:`` of a function in :data:`PYTHON_NAMES`, written back as such."""

    name: str


class _Reader:
    """Plain data from composed YAML nodes, refusing what is not data; line of every path."""

    def __init__(self, where: str) -> None:
        #: the configuration's file name, as findings name it
        self.where = where
        self.lines: dict[tuple[Any, ...], int] = {}
        self.findings: list[Finding] = []
        self._seen: set[int] = set()
        self._scalars = yaml.SafeLoader("")

    def refuse(self, line: int, message: str) -> None:
        self.findings.append(Finding(self.where, line, 1, "FX822", message))

    def data(self, node: yaml.Node, path: tuple[Any, ...]) -> Any:
        # a mapping's value is placed at its key's line (an alias's node is the anchor's)
        line = self.lines.setdefault(path, node.start_mark.line + 1)
        if id(node) in self._seen:
            self.refuse(line, "YAML alias: not read by a rebuild")
            return None
        self._seen.add(id(node))
        if node.tag == "!ENV":
            return self._env(node)
        if node.tag.startswith(_PYTHON_NAME) and node.tag[len(_PYTHON_NAME) :] in PYTHON_NAMES:
            return PythonName(node.tag[len(_PYTHON_NAME) :])
        if isinstance(node, yaml.MappingNode) and node.tag == _CORE + "map":
            return self._mapping(node, path)
        if isinstance(node, yaml.SequenceNode) and node.tag == _CORE + "seq":
            return [self.data(item, (*path, i)) for i, item in enumerate(node.value)]
        if isinstance(node, yaml.ScalarNode) and node.tag in _CORE_SCALARS:
            return self._scalars.construct_object(node, deep=True)
        self.refuse(
            line, f"YAML tag {node.tag}: not run by a rebuild (see fxsite.anchor.allowlist)"
        )
        return None

    def _mapping(self, node: yaml.MappingNode, path: tuple[Any, ...]) -> dict[Any, Any]:
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            line = key_node.start_mark.line + 1
            if key_node.tag == _CORE + "merge":
                self.refuse(line, "YAML merge key (<<): not read by a rebuild")
                continue
            key = self.data(key_node, (*path, "<key>"))
            if not isinstance(key, str | int | float | bool) and key is not None:
                self.refuse(line, "a mapping key that is not a plain value")
                continue
            if key in out:
                self.refuse(line, f"duplicate key {key!r}")
            self.lines[(*path, key)] = line
            out[key] = self.data(value_node, (*path, key))
        return out

    def _env(self, node: yaml.Node) -> Any:
        # pyyaml_env_tag: a scalar names one variable (default None); a sequence
        # names variables and ends with the default. The rebuild's environment is empty.
        if isinstance(node, yaml.SequenceNode) and len(node.value) > 1:
            return self.data(node.value[-1], ("!ENV",))
        return None


def _named(entry: Any) -> tuple[str | None, Any]:
    """A plugin or extension entry (``name`` or ``{name: options}``) as (name, options)."""
    if isinstance(entry, str):
        return entry, {}
    if isinstance(entry, dict) and len(entry) == 1:
        name, options = next(iter(entry.items()))
        return (name if isinstance(name, str) else None), options or {}
    return None, None


def _entries(value: Any) -> list[tuple[str | None, Any]]:
    if isinstance(value, dict):
        return [(k if isinstance(k, str) else None, v or {}) for k, v in value.items()]
    if isinstance(value, list):
        return [_named(e) for e in value]
    return [(None, None)]


def plugin_options(data: dict[str, Any], name: str) -> dict[str, Any] | None:
    """The options of plugin ``name`` in a vetted config (``{}`` for none); None if not listed."""
    for entry_name, options in _entries(data.get("plugins") or []):
        if entry_name == name:
            return options if isinstance(options, dict) else {}
    return None


def _inside(checkout: Path, base: Path, value: Any) -> bool:
    if not isinstance(value, str) or not value or os.path.isabs(value):
        return False
    try:
        return (base / value).resolve().is_relative_to(checkout.resolve())
    except (OSError, RuntimeError, ValueError):  # a loop of links, a NUL byte
        return False


def _resolves_inside(path: Path, top: Path) -> bool:
    try:
        return path.resolve().is_relative_to(top)
    except (OSError, RuntimeError):  # a loop of links
        return False


class _Vet:
    """The semantic checks over the data a :class:`_Reader` produced."""

    def __init__(self, reader: _Reader, checkout: Path, base: Path) -> None:
        self.reader, self.checkout, self.base = reader, checkout, base

    def refuse(self, path: tuple[Any, ...], message: str) -> None:
        """A finding at the line of ``path``, or of the nearest mapping or list holding it."""
        while path and path not in self.reader.lines:
            path = path[:-1]
        self.reader.refuse(self.reader.lines.get(path, 1), message)

    def path(self, path: tuple[Any, ...], value: Any, what: str) -> None:
        if not _inside(self.checkout, self.base, value):
            self.refuse(
                path, f"{what} {value!r} is outside the checkout: a rebuild stays in its folder"
            )

    def config(self, data: dict[str, Any]) -> None:
        for key in data:
            if key not in KEYS:
                self.refuse((key,), f"{key}: not run by a rebuild (see fxsite.anchor.allowlist)")
        for key in ("docs_dir", "site_dir"):
            if key in data:
                self.path((key,), data[key], key)
        self.theme(data.get("theme"))
        self.plugins(data.get("plugins", []))
        self.extensions(data.get("markdown_extensions", []))

    def theme(self, theme: Any) -> None:
        if theme is None:
            return  # MkDocs' own theme
        name = theme.get("name") if isinstance(theme, dict) else theme
        if name not in THEMES:
            self.refuse(("theme",), f"theme {name!r}: a rebuild uses {', '.join(sorted(THEMES))}")
        if isinstance(theme, dict) and theme.get("custom_dir") is not None:
            custom = theme["custom_dir"]
            self.path(("theme", "custom_dir"), custom, "theme custom_dir")
            if _inside(self.checkout, self.base, custom):
                for file in sorted((self.base / custom).rglob("*")):
                    if file.suffix.lower() in PYTHON_SUFFIXES:
                        rel = file.relative_to(self.checkout).as_posix()
                        self.refuse(
                            ("theme", "custom_dir"), f"theme custom_dir holds Python: {rel}"
                        )

    def plugins(self, value: Any) -> None:
        for i, (name, options) in enumerate(_entries(value)):
            where = ("plugins", i) if isinstance(value, list) else ("plugins", name)
            if name in SEARCH_PLUGINS:
                self.options(where, name, options, SEARCH_OPTIONS)
            elif name == "fxsite":
                self.options(where, name, options, FXSITE_OPTIONS)
                for key in ("evidence_dir", "cache_dir"):
                    if isinstance(options, dict) and options.get(key):
                        self.path(where, options[key], key)
            else:
                self.refuse(
                    where, f"plugin {name!r}: not run by a rebuild (see fxsite.anchor.allowlist)"
                )

    def options(
        self, where: tuple[Any, ...], name: str, options: Any, allowed: frozenset[str]
    ) -> None:
        if not isinstance(options, dict):
            self.refuse(where, f"plugin {name}: options are not a mapping")
            return
        for key in options:
            if key not in allowed:
                self.refuse(where, f"plugin {name}: option {key!r} not run by a rebuild")

    def extensions(self, value: Any) -> None:
        for i, (name, options) in enumerate(_entries(value)):
            where = ("markdown_extensions", i if isinstance(value, list) else name)
            short = (name or "").removeprefix("markdown.extensions.")
            if short not in MARKDOWN_EXTENSIONS and (
                not (name or "").startswith("pymdownx.")
                or (name or "")[len("pymdownx.") :] not in PYMDOWNX_EXTENSIONS
            ):
                self.refuse(where, f"Markdown extension {name!r}: not run by a rebuild")
                continue
            if not isinstance(options, dict):
                self.refuse(where, f"Markdown extension {name}: options are not a mapping")
                continue
            if options.get("url_download"):
                self.refuse(where, f"{name}: url_download would fetch from the network")
            if options.get("restrict_base_path", True) is not True:  # blind31
                self.refuse(
                    where,
                    f"{name}: restrict_base_path false would let a page include any file "
                    "of the auditor's machine",
                )
            paths = options.get("base_path", [])
            for item in paths if isinstance(paths, list) else [paths]:
                self.path(where, item, f"{name} base_path")

    def links(self) -> None:
        top = self.checkout.resolve()
        for folder, dirs, files in os.walk(self.checkout):
            dirs[:] = [d for d in dirs if not (folder == str(self.checkout) and d == ".git")]
            for name in dirs + files:
                path = Path(folder) / name
                if path.is_symlink() and not _resolves_inside(path, top):
                    rel = path.relative_to(self.checkout).as_posix()
                    self.reader.findings.append(
                        Finding(rel, 1, 1, "FX822", "symbolic link out of the checkout: not built")
                    )


def vet_config(config_file: Path, checkout: Path) -> tuple[dict[str, Any] | None, list[Finding]]:
    """The vendor's mkdocs.yml as data a rebuild may use, or None and why not.

    ``checkout`` is the folder holding the vendor's commit: every path the
    config names, and every symbolic link in it, must stay inside.
    """
    reader = _Reader(config_file.name)
    try:
        if config_file.is_symlink() or config_file.stat().st_size > _MAX_BYTES:
            reader.refuse(1, "not a regular file of at most 1 MiB")
            return None, reader.findings
        node = yaml.compose(config_file.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
        data = reader.data(node, ()) if node is not None else None
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        reader.refuse(1, f"cannot read: {exc}")
        return None, reader.findings
    except RecursionError:
        reader.refuse(1, "nested too deeply to read")
        return None, reader.findings
    if not isinstance(data, dict):
        reader.refuse(1, "not a mapping")
        return None, reader.findings
    vet = _Vet(reader, checkout, config_file.parent)
    vet.config(data)
    vet.links()
    return (None if reader.findings else data), reader.findings


class _Dumper(yaml.SafeDumper):
    """Writes :class:`PythonName` back as ``!!python/name:``; everything else as safe YAML."""


_Dumper.add_representer(PythonName, lambda d, v: d.represent_scalar(_PYTHON_NAME + v.name, ""))


def dump_config(data: dict[str, Any]) -> str:
    """A vetted config as the YAML the rebuild's MkDocs reads."""
    return yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False)
