"""Record pages filled into a checked shell of the theme instead of rendered one by one.

Every record page goes through the same theme template; what differs between
two of them in the same URL folder is their title, content, first heading's
anchor and canonical URL. :class:`Shells` renders the template once per kind
of page (its :func:`shell_key`) with placeholders for those four, and fills
it in for every other page of that kind.

The first page of each kind (the probe) is rendered by the theme as usual;
its shell is rendered from the same context with the placeholders, and is
used only when it passes two checks: filled with the probe's own values it
gives the probe's output byte for byte, and it holds neither the probe's URL
nor its source path (something of the page outside the four values). A shell
that fails, a page whose values a template could write differently
(:func:`fill_values`: a title with markup characters or runs of spaces, an
anchor or URL with characters that need escaping) and a page whose probe
has not been checked are rendered by the theme as usual.

Nothing of a page's content is kept between the plan and its output: a page
is filled with what it holds when rendered, and only when that gives the
kind it was planned as (so its content may be kept compressed meanwhile).
"""

from __future__ import annotations

import copy
import re
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink, TableOfContents

__all__ = ["SHELL_TEMPLATE", "Shells", "fill", "fill_values", "shell_key"]

#: The template a filled page is rendered with: it renders nothing (the plugin
#: publishes the filled shell instead).
SHELL_TEMPLATE = "fxsite-shell.html"

#: Per process: no page can write a placeholder.
_TOKEN = secrets.token_hex(8)
_TITLE = f"fxshell{_TOKEN}title"
_CONTENT = f"fxshell{_TOKEN}content"
_ANCHOR = f"fxshell{_TOKEN}anchor"
_CANONICAL = f"fxshell{_TOKEN}canonical"
#: The placeholder content of a page whose content has a top heading (Material
#: writes the title as one when the content has none).
_HEADING = "<h1>"

#: Characters a template may write differently from the title (escaped, stripped as tags).
_MARKUP = re.compile(r"[&<>\"'\\\x00-\x1f\x7f]|\s\s|^\s|\s$")
_SAFE_ANCHOR = re.compile(r"[A-Za-z0-9_-]+")
_SAFE_URL = re.compile(r"[A-Za-z0-9/:._~%+-]+")


@dataclass(frozen=True)
class Values:
    """What a page puts into its kind's shell."""

    title: str
    content: str
    anchor: str | None
    canonical: str | None


def fill_values(page: Page, content: str | None = None) -> Values | None:
    """The page's title, content (``content``, else the page's), first anchor and canonical
    URL; None when a template could write one of them differently from how it is (so only
    the theme can render it)."""
    title = page.meta.get("title", page.title)
    content = page.content if content is None else content
    if not isinstance(title, str) or not title or _MARKUP.search(title) or content is None:
        return None
    first = next(iter(page.toc), None)
    anchor = first.id if isinstance(first, AnchorLink) else None
    if anchor is not None and not _SAFE_ANCHOR.fullmatch(anchor):
        return None
    canonical = page.canonical_url
    if canonical is not None and not _SAFE_URL.fullmatch(canonical):
        return None
    return Values(title, content, anchor, canonical)


def _title_class(title: str) -> frozenset[str]:
    """The kinds of character in a title beyond ASCII letters and digits: each ASCII sign
    itself, a space, any other character. A filter that changes one shows on the probe."""
    return frozenset(
        c if c.isascii() else "other" for c in title if not (c.isascii() and c.isalnum())
    )


def shell_key(page: Page, template: str, values: Values) -> tuple[object, ...]:
    """What pages sharing a shell have in common, besides the theme and the site."""
    meta = sorted((str(k), repr(v)) for k, v in page.meta.items() if k != "title")
    folder = page.url.rsplit("/", 2)[0] if page.url.endswith("/") else page.url.rsplit("/", 1)[0]
    return (
        template,
        folder,
        page.url.count("/"),
        tuple(meta),
        _HEADING[:3] in values.content,
        values.anchor is None,
        values.canonical is None,
        _title_class(values.title),
        page.is_homepage,
        getattr(page.previous_page, "url", None),
        getattr(page.next_page, "url", None),
        getattr(page.parent, "title", None),
        page.edit_url,
    )


def fill(shell: str, values: Values) -> str:
    """The shell with a page's values in place of the placeholders."""
    out = shell.replace(_TITLE, values.title)
    if values.anchor is not None:
        out = out.replace(_ANCHOR, values.anchor)
    if values.canonical is not None:
        out = out.replace(_CANONICAL, values.canonical)
    # Content last: a page's content may hold any text, placeholders of this module not.
    content = _CONTENT + (_HEADING if _HEADING[:3] in values.content else "")
    return out.replace(content, values.content)


def _placeholder_page(page: Page, values: Values) -> Page:
    """A copy of ``page`` showing the placeholders (the page itself is left as it is)."""
    shown = copy.copy(page)
    shown.title = _TITLE
    if "title" in page.meta:  # themes read it before the page's title (Material does)
        shown.meta = {**page.meta, "title": _TITLE}
    shown.content = _CONTENT + (_HEADING if _HEADING[:3] in values.content else "")
    toc = list(page.toc)
    if values.anchor is not None:
        first = AnchorLink(toc[0].title, _ANCHOR, toc[0].level)
        first.children = toc[0].children
        toc[0] = first
    shown.toc = TableOfContents(toc)
    if values.canonical is not None:
        shown.canonical_url = _CANONICAL
    return shown


@dataclass
class _Planned:
    key: tuple[object, ...]
    template: str
    probe: bool


@dataclass
class Shells:
    """Record pages of one build: which are probes, which are filled, and the shells."""

    _planned: dict[str, _Planned] = field(default_factory=dict)
    #: each kind's shell once its probe is checked; None when the check failed
    _shells: dict[tuple[object, ...], str | None] = field(default_factory=dict)
    _contexts: dict[str, Any] = field(default_factory=dict)
    #: pages filled in the last build (for tests and logs)
    filled: set[str] = field(default_factory=set)

    def plan(
        self,
        pages: Iterable[Page],
        template: str,
        content: Callable[[Page], str | None] = lambda page: page.content,
    ) -> None:
        """Choose, in build order, each kind's probe; switch the others to :data:`SHELL_TEMPLATE`.

        ``content`` gives a page's HTML (where it is kept elsewhere until rendered).
        """
        self._planned, self._shells, self._contexts, self.filled = {}, {}, {}, set()
        probes: set[tuple[object, ...]] = set()
        for page in pages:
            if page.meta.get("template") != template:
                continue
            values = fill_values(page, content(page))
            if values is None:
                continue
            key = shell_key(page, template, values)
            probe = key not in probes
            probes.add(key)
            self._planned[page.file.src_uri] = _Planned(key, template, probe)
            if not probe:
                page.meta["template"] = SHELL_TEMPLATE

    def keep_context(self, page: Page, context: Any) -> None:
        """The context a planned page is (or would be) rendered with."""
        if page.file.src_uri in self._planned:
            self._contexts[page.file.src_uri] = context

    def output(self, page: Page, output: str, env: Any) -> str:
        """A planned page's output: a probe's as rendered (its shell made and checked), a
        filled page's from its kind's shell, or rendered by the theme if that has none."""
        src = page.file.src_uri
        planned = self._planned.pop(src, None)
        context = self._contexts.pop(src, None)
        if planned is None or context is None:
            return output
        if not planned.probe:
            page.meta["template"] = planned.template
        # As it is now: a page that is no longer of the kind it was planned as is not filled.
        values = fill_values(page)
        if values is not None and shell_key(page, planned.template, values) != planned.key:
            values = None
        if planned.probe:
            shell = None
            if values is not None:
                shell = self._checked_shell(page, planned.template, values, context, output, env)
            self._shells[planned.key] = shell
            return output
        shell = self._shells.get(planned.key)
        if shell is None or values is None:  # its probe failed, or has not run: the theme
            rendered: str = env.get_template(planned.template).render(context)
            return rendered
        self.filled.add(src)
        return fill(shell, values)

    @staticmethod
    def _checked_shell(
        page: Page, template: str, values: Values, context: Any, output: str, env: Any
    ) -> str | None:
        shown = dict(context)
        shown["page"] = _placeholder_page(page, values)
        shell: str = env.get_template(template).render(shown)
        if fill(shell, values) != output:
            return None
        own = (page.url, page.file.src_uri, values.title, values.anchor)
        if any(value and value in shell for value in own):
            return None  # the page shows itself outside the placeholders
        return shell
