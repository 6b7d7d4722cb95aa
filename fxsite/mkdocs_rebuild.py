"""The process a rebuild runs: ``python -I -m fxsite.mkdocs_rebuild build PROJECT``.

It is ``fxsite build``, with the theme's templates rendered by a sandbox
(:class:`TemplateSandbox`): a vendor's ``theme.custom_dir`` may hold templates, and a
plain Jinja environment lets a template reach Python's objects (``__globals__``,
``__subclasses__``). The config it reads is the one :mod:`fxsite.anchor.allowlist`
wrote; a template the sandbox stops ends the build with one line saying so.

Jinja's own sandbox is not enough (blind71): it lets a template call any method of the
objects it is given, and change a list or a dictionary. A template that added
``subprocess:Popen`` to ``config.markdown_extensions`` and called
``page.render(config, pages)`` had Python-Markdown import and run it, on the auditor's
machine. So here a template changes nothing it is given (Jinja's immutable sandbox), and
calls only what templates are made of: Python's built-in functions and the methods of
built-in values (``value.split(sep)``), and Jinja's own (macros, ``super()``, ``loop.cycle``,
``namespace``, a translation's ``gettext``). A method of MkDocs', Material's, fxsite's or any other
object (``page.render``, ``page.read_source``, ``file.copy_file``, a plugin's event) is
refused: the themes the rebuild allows call none.
"""

from __future__ import annotations

import types
from typing import Any

import jinja2
from jinja2.sandbox import ImmutableSandboxedEnvironment
from mkdocs import localization, theme
from mkdocs.utils import templates

__all__ = ["TemplateSandbox", "sandboxed_env"]

#: The packages whose functions and objects' methods a template may call: Python's built-in
#: ones, Jinja's, and the translations' (``{% trans %}`` calls a translation's ``gettext``).
_CALLABLE_FROM = frozenset({"builtins", "jinja2", "markupsafe", "gettext", "babel"})


class TemplateSandbox(ImmutableSandboxedEnvironment):
    """Jinja's immutable sandbox, calling only built-in functions and Jinja's own."""

    def is_safe_callable(self, obj: Any) -> bool:
        return super().is_safe_callable(obj) and _package(obj) in _CALLABLE_FROM


def _package(obj: Any) -> str:
    """The top-level package ``obj`` comes from: a bound method's, its object's type's."""
    owner = getattr(obj, "__self__", None)
    if owner is not None and not isinstance(owner, (types.ModuleType, type)):
        module = type(owner).__module__
    else:
        module = getattr(obj, "__module__", None) or type(obj).__module__
    return str(module).partition(".")[0]


def sandboxed_env(self: theme.Theme) -> jinja2.Environment:
    """:meth:`mkdocs.theme.Theme.get_env`, in a :class:`TemplateSandbox`."""
    env = TemplateSandbox(loader=jinja2.FileSystemLoader(self.dirs), auto_reload=False)
    env.filters["url"] = templates.url_filter
    env.filters["script_tag"] = templates.script_tag_filter
    localization.install_translations(env, self.locale, self.dirs)
    return env


if __name__ == "__main__":
    import sys

    from jinja2.exceptions import SecurityError

    theme.Theme.get_env = sandboxed_env  # type: ignore[method-assign]
    from fxsite.cli import main

    try:
        main()
    except SecurityError as exc:
        sys.exit(f"a theme template does what Jinja's sandbox refuses: {exc}")
