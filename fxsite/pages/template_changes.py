"""The templates of a site's ``custom_dir`` that change a page's text as the theme writes it.

``fxsite check`` reads a page's text as the build renders it, and a template's own words
where they are written (:mod:`fxsite.pages.template_text`). A template may also write
the page's text changed: ``{{ super() | replace("QQ", "4") }}`` in ``{% block content %}``
turns "Save took 9QQ s" into "Save took 94 s" (blind78 #5), a figure only the built page
shows. :func:`text_changers` names such templates; ``check`` then judges the project by
building it, as it does where a hook may change pages.

A template is parsed by Jinja (its syntax tree, not its text), and what it writes from a
page's data is followed from where it is read to where it is written:

* the page's data is what ``page``, ``nav``, ``nav_item``, ``toc``, ``toc_item``, ``self``
  and ``super()`` give, and what a loop takes from them (``{% for item in nav %}``);
* it is written as it is where it reaches an output through attributes and items
  (``page.meta.title``), a choice (``a if b else c``), a mapping's reading methods
  (:data:`_READERS`: ``page.meta.get("x")``), a block of its own called (``self.footer()``)
  and filters that only escape or fall back (:data:`_AS_IS`: ``e``, ``safe``, ``url``,
  ``default``); where it decides a condition or a loop, it writes nothing;
* anything else changes it: another filter (``replace``, ``upper``, ``length``), another
  method (``.replace(…)``), an operator (``~``, ``+``), a macro given it, a name set to it
  (``{% set x = super() %}``: what the name writes later is not followed), a ``{% filter
  %}`` block around it or around a block, the page's Markdown source or its HTML shown as
  text (``page.markdown``, ``page.content | e``, in a ``<textarea>``), and two of its
  values written side by side (``{{ page.meta.n }} {{ page.meta.u }}`` writes "94 s").

A template that cannot be parsed is not named here: the theme's build refuses it first.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from jinja2 import Environment, TemplateSyntaxError, nodes

from fxsite.pages.template_text import MAX_TEMPLATE_BYTES
from fxsite.safeio import UnreadableFile, read_text

__all__ = ["text_changers"]

#: Names whose values are the page's data, as the theme's templates know them.
_PAGE_NAMES = frozenset({"page", "nav", "nav_item", "toc", "toc_item", "self"})
#: Filters that write a value as it is (escaped, as a URL, or another's in its place).
_AS_IS = frozenset({"e", "escape", "safe", "url", "d", "default", "string"})
#: Methods that read a mapping's values as they are (``page.meta.get("x")``).
_READERS = frozenset({"get", "items", "values", "keys"})
#: Parses only (nothing is rendered): escaping is the theme's.
_ENVIRONMENT = Environment(autoescape=True)


def text_changers(custom_dir: Path | None) -> list[str]:
    """The templates under ``custom_dir`` (paths relative to it) that write a page's
    text changed; none where there is no ``custom_dir``."""
    if custom_dir is None or not custom_dir.is_dir():
        return []
    changers = []
    for file in sorted(custom_dir.rglob("*.html")):
        try:
            tree = _ENVIRONMENT.parse(read_text(file, MAX_TEMPLATE_BYTES))
        except (UnreadableFile, TemplateSyntaxError):
            continue
        if _changes_text(tree):
            changers.append(file.relative_to(custom_dir).as_posix())
    return changers


def _changes_text(tree: nodes.Template) -> bool:
    """Whether ``tree`` writes a page's data other than as it is."""
    names = set(_PAGE_NAMES)
    for loop in tree.find_all(nodes.For):
        read = (loop.iter, *loop.iter.find_all(nodes.Name))
        if any(isinstance(n, nodes.Name) and _reads_page(n, names) for n in read):
            targets = (loop.target, *loop.target.find_all(nodes.Name))
            names.update(t.name for t in targets if isinstance(t, nodes.Name))
    return (
        any(_changed(path) for path in _paths(tree, [], names))
        or any(_wraps_page(block, names) for block in tree.find_all(nodes.FilterBlock))
        or any(_side_by_side(output, names) for output in tree.find_all(nodes.Output))
    )


def _side_by_side(output: nodes.Output, names: set[str]) -> bool:
    """Whether ``output`` writes two of a page's values with nothing or only spaces between
    them: "94" and "s" written ``{{ page.meta.n }} {{ page.meta.u }}`` make "94 s", a
    figure neither value holds (blind80)."""
    last_page = False
    for node in output.nodes:
        if isinstance(node, nodes.TemplateData):
            if node.data.strip():
                last_page = False
            continue
        reads = any(
            _reads_page(n, names)
            for n in (node, *node.find_all(nodes.Name))
            if isinstance(n, nodes.Name)
        )
        if reads and last_page:
            return True
        last_page = reads
    return False


def _reads_page(name: nodes.Name, names: set[str]) -> bool:
    return name.name in names or name.name == "super"


def _paths(
    node: nodes.Node, above: list[nodes.Node], names: set[str]
) -> Iterator[list[nodes.Node]]:
    """Each reading of a page's data in ``node``: the nodes from the top down to it."""
    if isinstance(node, nodes.Name) and node.ctx == "load" and _reads_page(node, names):
        yield [*above, node]
        return
    for child in node.iter_child_nodes():
        yield from _paths(child, [*above, node], names)


def _changed(path: list[nodes.Node]) -> bool:
    """Whether the nodes above a reading of page data (``path``'s last) change it before
    it is written."""
    child = path[-1]
    for node in reversed(path[:-1]):
        if isinstance(node, nodes.Output):
            return _as_text(node, child)
        if isinstance(
            node, (nodes.If, nodes.For, nodes.Test, nodes.Compare, nodes.Operand, nodes.Not)
        ):
            return False  # it decides a condition or walks a loop: it writes nothing
        if not _passes(node, child):
            return True
        child = node
    return False


def _passes(node: nodes.Node, child: nodes.Node) -> bool:
    """Whether ``node`` writes its ``child`` (the page's value) as it is: not the page's
    Markdown source (``page.markdown``), nor its HTML escaped (``page.content | e``), which a
    reader sees as text, markup and all (blind80)."""
    if isinstance(node, nodes.Getattr):
        return child is node.node and node.attr != "markdown"
    if isinstance(node, nodes.Getitem):
        return child is node.node
    if isinstance(node, (nodes.CondExpr, nodes.And, nodes.Or)):
        return True
    if isinstance(node, nodes.Filter):
        if node.name in _ESCAPES and _markup(child):
            return False
        return node.name in _AS_IS
    if isinstance(node, nodes.Call):  # super(), self.footer(), page.meta.get("x")
        called = node.node
        return child is called and (
            (isinstance(called, nodes.Name) and called.name == "super")
            or (
                isinstance(called, nodes.Getattr)
                and (called.attr in _READERS or _is_name(called.node, "self"))
            )
        )
    return False


#: Filters that escape HTML: a page's HTML escaped is shown as text.
_ESCAPES = frozenset({"e", "escape", "forceescape"})
#: An element whose content a browser shows as text, tags and all (``<textarea>``).
_RAW_TEXT = re.compile(r"<(?:textarea|xmp|plaintext|title)\b[^<>]*>[^<]*\Z", re.IGNORECASE)


def _markup(node: nodes.Node) -> bool:
    """Whether ``node`` reads a page's HTML: its ``content``, or a block's (``super()``)."""
    if isinstance(node, nodes.Getattr):
        return node.attr == "content"
    return isinstance(node, nodes.Call) and _is_name(node.node, "super")


def _as_text(output: nodes.Output, child: nodes.Node) -> bool:
    """Whether ``output`` writes ``child``, a page's HTML, where a browser shows it as text
    (``<textarea>{{ page.content }}</textarea>``: blind80)."""
    if not _markup(child) or not isinstance(child, nodes.Expr) or child not in output.nodes:
        return False
    before = output.nodes[: output.nodes.index(child)]
    data = [n.data for n in before if isinstance(n, nodes.TemplateData)]
    return bool(data) and _RAW_TEXT.search(data[-1]) is not None


def _is_name(node: nodes.Node, name: str) -> bool:
    return isinstance(node, nodes.Name) and node.name == name


def _wraps_page(block: nodes.FilterBlock, names: set[str]) -> bool:
    """Whether a ``{% filter %}`` block holds a page's data or a block of the theme's."""
    return any(
        isinstance(n, nodes.Block) or (isinstance(n, nodes.Name) and _reads_page(n, names))
        for part in block.body
        for n in (part, *part.find_all((nodes.Block, nodes.Name)))
    )
