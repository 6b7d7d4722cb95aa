"""What the theme's own stylesheets hide in a page's content, by a class alone.

The page reader (:mod:`.visible`) applies a site's stylesheets, not the theme's
(:mod:`.sheets`: trusted, they hide the theme's chrome by design). But a page may give
its own text a class the theme's stylesheets hide (Material's ``md-toggle``,
``md-skip``, ``md-dialog``; fxsite's ``fx-sr``): ``9<span class="md-toggle">x</span>4 s``
draws "94 s". So the rules of Material's stylesheets and fxsite's own
assets that may hide an element by one class (``.md-toggle { display: none }``,
judged by :func:`~fxsite.verify.css.hides`, as a site's rule is) are read once, and
the elements of a page's content that carry such a class are read as hidden.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

from selectolax.lexbor import LexborNode

from fxsite.verify.css import hides, read_sheet
from fxsite.verify.theme import ASSETS, theme_files

__all__ = ["hiding_classes", "read_hiding_classes", "sheets_key", "theme_hidden", "theme_sheets"]

#: A selector that is one class and nothing else.
_ONE_CLASS = re.compile(r"\.(-?[A-Za-z_][\w-]*)")
#: One class inside Material's content box, which holds every page's text
#: (``.md-typeset .headerlink { opacity: 0 }``: blind36), hidden by a value stated
#: outright (:data:`_OUTRIGHT`): a colour or size the theme computes is its styling.
_TYPESET_CLASS = re.compile(r"\.md-typeset\s+\.(-?[A-Za-z_][\w-]*)")
_OUTRIGHT = re.compile(
    r"(?:display:\s*none|visibility:\s*hidden|opacity:\s*0|font-size:\s*0)(?:\.0*)?\s*$"
)
#: Where a whole published page (Material's) holds the page's content.
_CONTENT = ".md-content__inner"


def theme_sheets() -> list[str]:
    """The text of Material's stylesheets and of fxsite's own (as written: not the charts'
    styles the build appends, which draw the charts the audit checks apart)."""
    texts = [
        p.read_text("utf-8", "replace")
        for p in theme_files()
        if p.suffix == ".css" and "material" in p.parts
    ]
    own = resources.files("fxsite").joinpath("assets")
    return texts + [own.joinpath(n).read_text("utf-8") for n in ASSETS if n.endswith(".css")]


@cache
def hiding_classes() -> frozenset[str]:
    """The classes a rule of the themes' stylesheets (or fxsite's) may hide an element by:
    the table written for the installed stylesheets (:mod:`.hiding_table`) where their
    texts are the ones it was read from, else read from them."""
    from fxsite.verify import hiding_table

    texts = theme_sheets()
    if sheets_key(texts) == hiding_table.KEY:
        return hiding_table.CLASSES
    return read_hiding_classes(texts)


def read_hiding_classes(sheets: list[str]) -> frozenset[str]:
    """The classes a rule of ``sheets`` may hide an element by, one class its selector."""
    found: set[str] = set()
    for css in sheets:
        for decl in read_sheet(css).declarations:
            one = _ONE_CLASS.fullmatch(decl.selector.strip())
            if one is not None and hides(decl.shown):
                found.add(one[1])
            typeset = _TYPESET_CLASS.fullmatch(decl.selector.strip())
            if typeset is not None and _OUTRIGHT.match(decl.shown):
                found.add(typeset[1])
    return frozenset(found)


def sheets_key(sheets: list[str]) -> str:
    """A digest of the stylesheets' texts (the scan's :func:`~fxsite.verify.scan.digest`),
    in hex."""
    from fxsite.verify.scan import digest  # the scan reads pages through this module

    return digest(*sheets).hex()


def theme_hidden(root: LexborNode, *, content: bool) -> frozenset[int]:
    """The elements (by ``mem_id``) of the page's content with a class of
    :func:`hiding_classes`: all of ``root`` where it is the page's content (``content``),
    else what stands in Material's content box (the theme's chrome is the theme's)."""
    if not hiding_classes():
        return frozenset()
    boxes = [root] if content else root.css(_CONTENT)
    found: set[int] = set()
    for box in boxes:
        selector = _selector(box)
        if selector:
            found.update(n.mem_id for n in box.css(selector) if not (_in_claim(n, box) or _mark(n)))
    return frozenset(found)


#: What a heading's permalink or a footnote's back link shows (toc's and footnotes'
#: defaults, and marks sites choose): drawn or not, no part of a figure.
PERMALINK_MARKS = frozenset({"¶", "↩", "↩\ufe0e", "↩\ufe0f", "#", "§", "🔗", "⚓"})


def _mark(node: LexborNode) -> bool:
    """A ``headerlink`` or ``footnote-backref`` showing only its mark: reading it hidden
    would only keep the page's navigation from being read once for the site."""
    classes = set((node.attributes.get("class") or "").split())
    return bool(classes & {"headerlink", "footnote-backref"}) and (
        (node.text(deep=True) or "").strip() in PERMALINK_MARKS
    )


@cache
def _by_lower() -> dict[str, tuple[str, ...]]:
    """:func:`hiding_classes` by their names in lower case (a page in quirks mode matches a
    class whatever its ASCII case)."""
    found: dict[str, list[str]] = {}
    for name in sorted(hiding_classes()):
        found.setdefault(name.lower(), []).append(name)
    return {low: tuple(names) for low, names in found.items()}


def _selector(box: LexborNode) -> str:
    """The selector of the hiding classes that ``box`` or an element in it carries, in any
    case ("" where none does): the class attributes are split as a browser splits them,
    or finer (Python splits on more whitespace), so none that matches is left out."""
    wanted = _by_lower()
    present = {
        name
        for node in box.css("[class]")
        for token in (node.attributes.get("class") or "").lower().split()
        for name in wanted.get(token, ())
    }
    return ", ".join(f".{name}" for name in sorted(present))


def _in_claim(node: LexborNode, box: LexborNode) -> bool:
    """Whether ``node`` stands in a claim element (``[data-fx-ref]``): a claim fxsite
    rendered draws its screen-reader words (``fx-sr``) so by design, and one written by
    hand is refused whole (:func:`~fxsite.pages.judge.judge_rendered`)."""
    at: LexborNode | None = node
    while at is not None and at.mem_id != box.mem_id:
        if "data-fx-ref" in at.attributes:
            return True
        at = at.parent
    return False
