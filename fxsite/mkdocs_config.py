"""``mkdocs.yml`` loaded for the command line, its problems placed at their line.

MkDocs reports a bad configuration as a message without a place; the command line
names the file, line and column of the setting it names (:func:`config_place`), and
turns a warning MkDocs logs while loading into a finding there (:func:`config_warning`).
A configuration that cannot be loaded is a usage error (:class:`UsageFailure`, exit 2).
MkDocs is imported here, at the edge, never by the core.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import click

from fxsite.findings import Finding
from fxsite.project_paths import CONFIG_NAMES, find_config

__all__ = [
    "UsageFailure",
    "config_file_of",
    "config_place",
    "config_warning",
    "load_mkdocs_config",
    "page_relative",
    "utf8_or_fail",
]

CONFIG_NAME, _OTHER_NAME = CONFIG_NAMES


class UsageFailure(click.ClickException):
    """A usage or configuration error: exit status 2."""

    exit_code = 2


def config_file_of(path: Path | None) -> Path:
    target = (path or Path.cwd()).resolve()
    if target.is_file():
        return target
    candidate = find_config(target)
    if candidate is None:
        raise UsageFailure(
            f"{target}: no {CONFIG_NAME} here (nor {_OTHER_NAME}); pass the folder that holds it"
        )
    return candidate


def utf8_or_fail(config_file: Path) -> None:
    """Refuse a configuration that is not UTF-8 at the line and column of its first bad
    byte (MkDocs says only "position 650"); one it cannot read is MkDocs' to report."""
    try:
        data = config_file.read_bytes()
        data.decode("utf-8")
    except OSError:
        return
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        col = len(data[data.rfind(b"\n", 0, exc.start) + 1 : exc.start].decode("utf-8", "replace"))
        raise UsageFailure(
            f"{config_file.name}:{line}:{col + 1}: not UTF-8 text (byte 0x{data[exc.start]:02x}): "
            "save it as UTF-8"
        ) from None


def load_mkdocs_config(config_file: Path, **overrides: Any) -> tuple[Any, list[Finding]]:
    """The MkDocs configuration of ``config_file``, and the warnings MkDocs gave while
    loading it (a misspelt plugin option, say) as findings at their settings' lines.

    MkDocs logs such problems rather than raising: they are collected, each once, as
    the user's to fix (no other handler of MkDocs' logger shows them again)."""
    # mkdocs is imported here, at the edge, never by the core.
    from mkdocs.config import load_config
    from mkdocs.exceptions import ConfigurationError

    utf8_or_fail(config_file)
    collected = _Collect()
    mkdocs_log = logging.getLogger("mkdocs")
    others, mkdocs_log.handlers = mkdocs_log.handlers, [collected]
    mkdocs_log.setLevel(logging.WARNING)
    mkdocs_log.propagate = False
    try:
        config = load_config(str(config_file), **overrides)
    except ConfigurationError as exc:
        detail = "; ".join(collected.messages) or str(exc)
        raise UsageFailure(f"{config_place(config_file, detail)}: {detail}") from None
    except Exception as exc:  # mkdocs raises plain errors for YAML problems
        detail = "; ".join(collected.messages) or f"cannot load: {exc}"
        raise UsageFailure(f"{config_place(config_file, detail)}: {detail}") from None
    finally:
        mkdocs_log.handlers = others
        mkdocs_log.setLevel(logging.ERROR)
    return config, [config_warning(config_file, m) for m in dict.fromkeys(collected.messages)]


_EXTENSION = re.compile(r"Failed to load extension '([^']{1,200})'")
_SETTING = re.compile(r"Config value '([A-Za-z_]{1,100})'")
#: A plugin's option MkDocs names (``Config value 'plugins': Plugin 'fxsite' option 'x'``).
_OPTION = re.compile(r"Config value '(plugins)': Plugin '([^']{1,200})' option '([^']{1,200})'")
#: A plugin MkDocs cannot find (``Config value 'plugins': The "x" plugin is not installed``).
_MISSING = re.compile(r"Config value '(plugins)': The \"([^\"]{1,200})\" plugin is not installed")


def config_place(config_file: Path, detail: str) -> str:
    """``mkdocs.yml``, with the line of the extension a problem names (``- toc:``), else
    of the setting MkDocs names first (``Config value 'site_dir'``), in it or in the file
    it inherits the setting from."""
    from fxsite.output_dirs import setting_place
    from fxsite.pages.config_code import extension_place

    named = _EXTENSION.search(detail)
    if named is None and _SETTING.match(detail) is None:
        return config_file.name
    text, parents = _config_sources(config_file)
    if named is not None:
        return extension_place(text, config_file.name, named.group(1), parents)
    return setting_place(text, config_file.name, _setting_keys(detail), parents)


#: The fxsite option a configuration error names (``fxsite: enforce must be …``).
_FXSITE_OPTION = re.compile(r"fxsite: ([a-z_]{1,64})\b")


def option_error(config_file: Path, message: str) -> str:
    """``message`` (an error of fxsite's configuration, ``fxsite: <option> …``) said once,
    at the option's line in ``config_file`` (blind62: it named the file alone, and the
    preview said "fxsite: fxsite:")."""
    message = message if message.startswith("fxsite: ") else f"fxsite: {message}"
    named = _FXSITE_OPTION.match(message)
    place = config_file.name
    if named is not None:
        from fxsite.output_dirs import setting_place

        text, parents = _config_sources(config_file)
        place = setting_place(text, config_file.name, ("plugins", "fxsite", named[1]), parents)
    return f"{place}: {message}"


def config_warning(config_file: Path, message: str) -> Finding:
    """A warning MkDocs logged loading ``config_file``, as an FX901 warning at the setting
    it names (a plugin's option at the option's line), else at the file's first line."""
    from fxsite.output_dirs import setting_at

    at = None
    if _SETTING.match(message) is not None:
        text, parents = _config_sources(config_file)
        at = setting_at(text, config_file.name, _setting_keys(message), parents)
    path, line, col = at or (config_file.name, 1, 1)
    return Finding(path, line, col, "FX901", message, "warning")


def _setting_keys(detail: str) -> tuple[str, ...]:
    """The keys of the setting a message of MkDocs names: a plugin's option, else a setting."""
    option, setting = _OPTION.match(detail) or _MISSING.match(detail), _SETTING.match(detail)
    if option is not None:
        return option.groups()
    return (setting.group(1),) if setting is not None else ()


def _config_sources(config_file: Path) -> tuple[str, Any]:
    """``config_file``'s text and the files it inherits from (``INHERIT``)."""
    from fxsite.pages.config_text import inherited

    text = config_file.read_text("utf-8", "replace")
    return text, inherited(text, config_file, lambda p: os.path.relpath(p, config_file.parent))


class _Collect(logging.Handler):
    """Keeps the messages MkDocs logs while it loads its config; of one that carries a
    traceback (an extension that failed to load), its first line and the error."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if '\n  File "' in message:
            lines = message.strip().splitlines()
            message = f"{lines[0].rstrip('.')}: {lines[-1]}"
        self.messages.append(" ".join(message.split()))


def page_relative(config: Any, docs_prefix: str) -> Callable[[str], None] | None:
    """Where a Markdown extension's setting is MkDocs' ``!relative`` tag (the folder of the
    page being rendered: ``pymdownx.snippets``' ``base_path``), what tells the loaded
    configuration each page ``fxsite check`` renders (a path ``docs/sub/p.md``), as MkDocs
    tells it the page it renders; None where no setting needs one (blind79: check and
    build stopped on it, "The current file is not set for the '!relative' tag")."""
    from mkdocs.utils.yaml import RelativeDirPlaceholder

    stack: list[Any] = [config.mdx_configs]
    while stack:
        value = stack.pop()
        if isinstance(value, RelativeDirPlaceholder):
            break
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, (list, tuple)):
            stack.extend(value)
    else:
        return None
    prefix = f"{docs_prefix}/" if docs_prefix else ""

    def at_page(path: str) -> None:
        src = path.removeprefix(prefix)
        config._current_page = SimpleNamespace(file=SimpleNamespace(src_path=src))

    return at_page
