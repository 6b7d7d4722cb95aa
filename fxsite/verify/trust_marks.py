"""Trust markers a stylesheet hides: the marks that say how far a figure can be trusted.

The build writes, from the records, marks that qualify the figures beside them: the
note on a page that cites an estimate (``p.fx-estimate-note``), the "est." mark of
an estimate's claim (its ``.fx-badge``), a record page's label and status badges
(``.fx-record-badges``), its banners (an estimate's "Model — not a measurement",
``.fx-model-banner``; a superseded or retracted record's, ``.fx-status-banner``), each
figure row's label (``.fx-label``) and a headline card's source line ("Estimate · model
E1", ``.fx-stat-source``). The note, the badges and the banners hold their words in
elements inside them: each of those is a mark too (blind68: ``.fx-model-banner > p``
hid the banner's words, not the banner). The audit
re-renders each and compares (:mod:`.markers`, :mod:`.audit`); a mark present and
re-rendered exactly may still be drawn as nothing, by a rule of the site's own
stylesheets (``.fx-badge {display: none}``) or an ancestor's ``hidden``, and the
estimate then reads as a measurement (blind61).

A mark is hidden where it, or an element between it and what it qualifies, may be
hidden (:func:`~.styled.undrawn`, or a site rule that hides it: the set
:func:`~.styled.apply_styles` gives); an element hidden at or above what it
qualifies hides the figure too, and is no finding. What a mark qualifies: a badge,
its claim; a row's label, its row; a card's source line, its card; the note and a record
page's badges, the page's content (``article``, or the body).

The theme's own stylesheets are not applied (:func:`~.theme.is_theme_file`): fxsite's
shows a record's ID once a section and hides the repeats, by design.

A site stylesheet is also read on its own (:func:`sheet_hiding_mark`, from
:func:`~.scripts.code_notes`): a rule whose selector ends at a mark's class, or reaches
into a mark that holds words by descendant and child combinators, and that may hide it is
FX612 at the rule, whatever page it would meet. So ``fxsite check``, which
reads the site's stylesheets but builds no record page, refuses it as the build does
(blind65: check passed ``.fx-label {display: none}``, which the gate refused on every
record page).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Set as AbstractSet

from selectolax.lexbor import LexborHTMLParser, LexborNode

from fxsite.verify.css import Declaration, rule_hides
from fxsite.verify.css_values import same_shade
from fxsite.verify.layout import FALLBACK
from fxsite.verify.notes import Note
from fxsite.verify.order import matches, measuring

__all__ = ["MARKS", "hidden_marks", "sheet_hiding_mark"]

#: Each mark's class, and the selector of the elements of that class that are marks.
_MARK_SELECTORS = {
    "fx-estimate-note": ".fx-estimate-note",
    "fx-record-badges": ".fx-record-badges",
    "fx-label": "tr[data-fx-ref] .fx-label, .fx-library tr[data-fx-label] .fx-label",
    # a record's status in the Evidence Library (blind77: a site rule drew a retracted
    # record's as "ACTIVE"); a record page's stands in its badges
    "fx-status": ".fx-library tr[data-fx-label] .fx-status",
    "fx-badge": 'a[data-fx-ref][data-fx-label="estimate"] > .fx-badge',
    "fx-model-banner": ".fx-model-banner",
    "fx-status-banner": ".fx-status-banner",
    "fx-stat-source": ".fx-stat > .fx-stat-source",
}
#: The marks whose words stand in elements inside them ("Model — not a measurement" in the
#: banner's first paragraph): an element inside one hidden hides its words (blind68).
_BLOCKS = ("fx-estimate-note", "fx-record-badges", "fx-model-banner", "fx-status-banner")
#: The marks, and the elements inside the marks of :data:`_BLOCKS`.
MARKS = ", ".join(
    [*_MARK_SELECTORS.values(), *(f"{_MARK_SELECTORS[block]} *" for block in _BLOCKS)]
)


#: A mark's class with a modifier: ``.fx-status--retracted``, ``.fx-label--measured``.
_MODIFIER = r"(?:--[\w-]+)?"
#: A selector that ends at a claim or a mark, or an element inside one: what a
#: stylesheet draws there says how far the figure can be trusted (blind71: ``a.fx-claim--
#: estimate::after {content: "lab"}`` drawn over the "est." mark).
ON_CLAIM_OR_MARK = re.compile(
    r"(?:\.fx-claim[\w-]*|\[data-fx-ref[^\]]*\]|"
    + "|".join(rf"\.{re.escape(c)}{_MODIFIER}" for c in _MARK_SELECTORS)
    + r")(?![\w-])[^\s>+~]*(?:(?:\s*>\s*|\s+)[^+~]*)?\s*\Z"
)


def _classes(names: Iterable[str]) -> str:
    return r"\.(?:" + "|".join(map(re.escape, names)) + rf"){_MODIFIER}(?![\w-])[^\s>+~]*"


#: A selector whose last compound names a mark's class (after its last combinator), or
#: that reaches into a mark of :data:`_BLOCKS` (``.fx-model-banner > p``) by descendant
#: and child combinators alone.
_ENDS_AT_MARK = re.compile(
    _classes(_MARK_SELECTORS) + r"\s*\Z|" + _classes(_BLOCKS) + r"(?:\s*>\s*|\s+)[^+~]*\Z"
)


def sheet_hiding_mark(declarations: Iterable[Declaration], rel: str) -> Note | None:
    """FX612 for the first declaration of the stylesheet ``rel`` that may hide a mark:
    its rule's selector ends at a mark's class, and it hides (:func:`~.css.rule_hides`),
    or draws the mark's text in the shade of the background the rule gives it
    (:func:`~.css_values.same_shade`)."""
    colours: dict[str, dict[str, Declaration]] = {}  # by selector: color, background
    sample: LexborNode | None = None  # the library's table, parsed once a sheet
    for declared in declarations:
        if not _ENDS_AT_MARK.search(declared.selector):
            if not rule_hides(declared):
                continue
            sample = sample or LexborHTMLParser(_library_sample()).root
            if sample is not None and _hides_listed(sample, declared.selector):
                return Note(
                    "FX612",
                    f"the stylesheet {rel} may hide records of the Evidence Library, their "
                    f"labels or statuses ({declared.shown} in {declared.selector}): let them show",
                    declared.selector.split()[-1],
                )
            continue
        painted = colours.setdefault(declared.selector, {})
        if declared.name in ("color", "background", "background-color"):
            painted["color" if declared.name == "color" else "background"] = declared
        blot = len(painted) == 2 and same_shade(painted["color"].value, painted["background"].value)
        if blot or rule_hides(declared):
            shown = " with ".join(d.shown for d in painted.values()) if blot else declared.shown
            return Note(
                "FX612",
                f"the stylesheet {rel} may hide a mark that says how far figures can be "
                f"trusted ({shown} in {declared.selector}): let it show",
                declared.selector.split()[-1],
            )
    return None


#: The elements around the Evidence Library's table on its page, as Material writes them.
_LIBRARY_PAGE = (
    '<html lang="en" class="no-js"><body dir="ltr" data-md-color-scheme="default">'
    '<div class="md-container" data-md-component="container"><main class="md-main" '
    'data-md-component="main"><div class="md-main__inner md-grid"><div class="md-content" '
    'data-md-component="content"><article class="md-content__inner md-typeset">'
    '<div class="fx-library"><table><tbody>{rows}</tbody></table></div>'
    "</article></div></div></main></div></body></html>"
)


@functools.cache
def _library_sample() -> str:
    """The Evidence Library's table as the build writes it
    (:func:`~fxsite.render.library_index.library_row`): a row a label and a status, with
    every column."""
    from fxsite.evidence.models import LABELS, Record
    from fxsite.render.library_index import library_row

    rows: list[str] = []
    for label in LABELS:
        for status in ("active", "superseded", "retracted"):
            record = Record.model_validate(
                {
                    "id": f"R{len(rows)}",
                    "title": "A record",
                    "label": label,
                    "status": status,
                    "superseded_by": "R99" if status == "superseded" else None,
                    "date": "2026-01-01",
                    "source": {"issuer": "A lab"},
                    "figures": {"save": {"value": 94, "unit": "s"}},
                }
            )
            rows.append(
                library_row(record, lambda rid, _: f"{rid}/", frozenset({"date", "issuer"}))
            )
    return _LIBRARY_PAGE.format(rows="".join(rows))


def _hides_listed(root: LexborNode, selector: str) -> bool:
    """Whether a rule of ``selector`` that hides what it matches would hide a record's row,
    label or status in the Evidence Library: tried on :func:`_library_sample` (parsed,
    ``root``) as the gate tries the site's rules on the library's pages
    (:func:`hidden_marks`), so ``fxsite check``, which builds no page, refuses what the
    build refuses there (``tr[data-fx-status=retracted] {display: none}``)."""
    with measuring(root):
        hidden = frozenset(node.mem_id for node in matches(root, selector))
    return bool(hidden) and bool(hidden_marks(root, hidden, lambda _: False))


def _scope(mark: LexborNode) -> Callable[[LexborNode], bool]:
    """Whether an element is what ``mark`` qualifies (where the walk up stops)."""
    classes = (mark.attributes.get("class") or "").split()
    if "fx-badge" in classes:
        return lambda node: node.tag == "a"
    if "fx-label" in classes and not _in_library(mark):
        return lambda node: node.tag == "tr"
    if "fx-stat-source" in classes:
        return lambda node: "fx-stat" in (node.attributes.get("class") or "").split()
    return lambda node: (
        node.tag in ("article", "body")
        or "md-content__inner" in (node.attributes.get("class") or "").split()
    )


def _in_library(mark: LexborNode) -> bool:
    """Whether ``mark`` stands in a row of the Evidence Library: it qualifies the page's
    listing of the record, so a rule hiding the row hides it (blind77)."""
    row: LexborNode | None = mark.parent
    while row is not None and row.tag != "tr":
        row = row.parent
    return row is not None and "data-fx-label" in row.attributes


def _claim_text(claim: LexborNode) -> str:
    """A claim's own text: without its mark and its screen readers' words."""
    parts: list[str] = []
    child = claim.child
    while child is not None:
        if child.tag == "-text":
            parts.append(child.text_content or "")
        elif not {"fx-badge", "fx-sr"} & set((child.attributes.get("class") or "").split()):
            parts.append(child.text(deep=True) or "")
        child = child.next
    return " ".join("".join(parts).split())


def _mark_of(node: LexborNode) -> LexborNode:
    """The mark of :data:`_BLOCKS` ``node`` is or stands inside (the record's badges, not
    the label badge inside them), else ``node``."""
    at: LexborNode | None = node
    found = node
    while at is not None:
        if set((at.attributes.get("class") or "").split()) & set(_BLOCKS):
            found = at
        at = at.parent
    return found


def _what(mark: LexborNode) -> tuple[str, str]:
    """What the finding says ``mark`` is, and the text that places it."""
    mark = _mark_of(mark)
    classes = (mark.attributes.get("class") or "").split()
    text = " ".join((mark.text(deep=True) or "").split())
    if "fx-badge" in classes and mark.parent is not None:
        claim = _claim_text(mark.parent)
        return f"the mark '{text}' of the estimate '{claim}'", claim
    if "fx-estimate-note" in classes:
        return "the note that the page cites estimates", text
    if {"fx-label", "fx-status"} & set(classes) and _in_library(mark):
        what = "label" if "fx-label" in classes else "status"
        return f"the {what} '{text}' of a record in the Evidence Library", text
    if "fx-label" in classes:
        return f"the label '{text}' of a figure", text
    if "fx-stat-source" in classes:
        return f"the source line '{text}' of a headline card", text
    if "fx-model-banner" in classes or "fx-status-banner" in classes:
        return f"the record's banner '{text[:60]}'", text[:60]
    return f"the record's badges '{text}'", text


def hidden_marks(
    root: LexborNode, styled: AbstractSet[int], undrawn: Callable[[LexborNode], bool]
) -> list[Note]:
    """FX612 for each mark of ``root`` hidden apart from what it qualifies: by an element
    in ``styled`` (the site's rules may hide it) or one ``undrawn`` tells."""
    notes: list[Note] = []
    told: set[tuple[str, str]] = set()  # a paragraph hidden in a banner hides its words once
    for mark in root.css(MARKS):
        qualified = _scope(mark)
        node: LexborNode | None = mark
        below: LexborNode | None = None  # the element the walk up came from
        while node is not None and not qualified(node):
            how = _hides(node, below, styled, undrawn)
            if how:
                what, text = _what(mark)
                if (what, how) in told:
                    break
                told.add((what, how))
                notes.append(
                    Note(
                        "FX612",
                        f"a stylesheet or attribute may hide {what}, which says how far "
                        f"its figures can be trusted ({how}): let it show",
                        text or None,
                    )
                )
                break
            below, node = node, node.parent
    return notes


def _hides(
    node: LexborNode,
    below: LexborNode | None,
    styled: AbstractSet[int],
    undrawn: Callable[[LexborNode], bool],
) -> str:
    """How ``node`` may hide what is below it, as a finding names it ("" where it does
    not): blind67 asked which rule or element to blame."""
    tag = f"<{node.tag}>"
    if node.mem_id in styled:
        return f"a rule of the site's stylesheets on its {tag}"
    if undrawn(node):
        return f"the attributes of its {tag}"
    if _closed(node, below):
        return f"its {tag}, which a browser does not draw {_UNTIL.get(node.tag or '', '')}".rstrip()
    return ""


#: When an element of :func:`_closed` keeps its content undrawn, as a finding says it.
_UNTIL = {
    "details": "until opened",
    "dialog": "until opened",
    "noscript": "with scripts on",
    "template": "at all",
}


#: Elements a browser draws none of, with scripts on: ``<noscript>``'s content, a
#: template's, and fallback content (an ``<iframe>``'s, a ``<video>``'s: :data:`~.layout.FALLBACK`).
_NEVER_DRAWN = frozenset({"noscript", "template", *FALLBACK})


def _closed(node: LexborNode, below: LexborNode | None) -> bool:
    """Whether ``node`` keeps what is below it (``below``, a child on the way up from a
    mark) undrawn until a reader opens it, or for good: a ``<dialog>`` or a ``<details>``
    (but its ``<summary>``) not ``open``, or :data:`_NEVER_DRAWN` (blind67: the "estimate"
    labels and banner in ``<noscript>``, the estimate note in a closed ``<details>``)."""
    tag, attrs = node.tag, node.attributes
    if tag in _NEVER_DRAWN:
        return True
    if tag == "dialog":
        return "open" not in attrs
    if tag == "details" and "open" not in attrs:
        return below is None or below.tag != "summary"
    return False
