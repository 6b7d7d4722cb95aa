"""The process a rebuild runs: ``python -I -m fxsite.mkdocs_rebuild build PROJECT``.

It is ``fxsite build``, with the theme's templates rendered by Jinja's
sandbox: a vendor's ``theme.custom_dir`` may hold templates, and a plain
Jinja environment lets a template reach Python's objects (``__globals__``,
``__subclasses__``). The config it reads is the one
:mod:`fxsite.anchor.allowlist` wrote; a template the sandbox stops ends the
build with one line saying so.
"""

from __future__ import annotations

import jinja2
from jinja2.sandbox import SandboxedEnvironment
from mkdocs import localization, theme
from mkdocs.utils import templates

__all__ = ["sandboxed_env"]


def sandboxed_env(self: theme.Theme) -> jinja2.Environment:
    """:meth:`mkdocs.theme.Theme.get_env`, in a :class:`SandboxedEnvironment`."""
    env = SandboxedEnvironment(loader=jinja2.FileSystemLoader(self.dirs), auto_reload=False)
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
