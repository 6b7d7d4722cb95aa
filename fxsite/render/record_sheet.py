"""A record page's result sheet: its figures, derived figures and invariants.

Each figure is a table row with a permanent anchor (``id`` = the figure's
name, ``data-fx-ref``) whose value cell holds the value as its own text (the
audit reads and compares it). A derived figure shows its formula with the
numbers it was computed from ("178 s ÷ 94 s = 1.9×"): a figure of the record
is a link to its row, a figure of another record is a claim (checked by the
audit like any claim). An invariant shows the same, its computed value (in
``<code>``: a number computed here, which no record states), the figure it
must equal, the tolerance and a pass mark.

Names are code (a figure's name, the names a formula reads: ``t × x2`` holds no
multiplier), and what is drawn on a line of its own is a block of its own (a
figure's what, a formula, its names, an invariant's why): a what ending in a
number ("took 94") is not read with the name after it (``s``).
"""

from __future__ import annotations

import ast
import html
from collections.abc import Callable
from decimal import Decimal
from functools import lru_cache

from fxsite.evidence.documents_text import stated_note
from fxsite.evidence.formula import parse_formula
from fxsite.evidence.invariants import apart_text, computed_text
from fxsite.evidence.library import FigureValue, Library, figure_words
from fxsite.evidence.models import Record
from fxsite.evidence.quantities import format_quantity
from fxsite.pages.claims import ClaimProblem, HrefFor, render_claim, resolve_claim
from fxsite.pages.site import placeholder
from fxsite.render.messages import DEFAULT, message
from fxsite.render.record_markdown import plain_text, record_markdown

__all__ = [
    "derived_rows",
    "figure_rows",
    "formula_text",
    "invariants_section",
    "label_badge",
    "status_badge",
    "unrounded_note",
]

#: What each label promises; shown in the legend and in tooltips.
LABEL_MEANINGS = {
    "measured": "From a signed or official test report.",
    "spec": "From a vendor specification.",
    "public": "From a public source.",
    "estimate": "A projection or assumption, reproducible from its model.",
}
_OPERATORS = {ast.Add: "+", ast.Sub: "−", ast.Mult: "×", ast.Div: "÷"}
_PRECEDENCE = {ast.Add: 1, ast.Sub: 1, ast.Mult: 2, ast.Div: 2}

#: How one referenced figure is shown: (record or None for its own, name) → HTML.
Shown = Callable[[str | None, str], str]


def _e(text: object) -> str:
    return html.escape(str(text))


@lru_cache(maxsize=256)
def _w(lang: str, key: str) -> str:
    """The catalogue's words ``key`` in ``lang``, escaped (every row repeats them)."""
    return _e(message(key, lang))


def label_badge(label: str, lang: str = DEFAULT) -> str:
    """A label's badge: its name as every part of the site writes it (the catalogue's
    ``label.*``: "vendor spec", never the record's key "spec"), its meaning as its tooltip."""
    name = _w(lang, f"label.{label}")
    return f'<span class="fx-label fx-label--{label}" title="{_e(LABEL_MEANINGS[label])}">{name}</span>'


def status_badge(record: Record) -> str:
    """A record's status badge ("active", "superseded", "retracted")."""
    return f'<span class="fx-status fx-status--{record.status}">{record.status}</span>'


def value_text(fig: FigureValue) -> str:
    return _e(format_quantity(fig.low, fig.high, fig.unit, fig.decimals, fig.bound))


def _precedence(node: ast.expr) -> int:
    if isinstance(node, ast.BinOp):
        return _PRECEDENCE.get(type(node.op), 3)
    return 3


def _expression(node: ast.expr, shown: Shown) -> str:
    """``node`` written out with ``×``, ``÷``, ``−`` and each figure as ``shown`` gives it."""
    if isinstance(node, ast.BinOp):
        mine = _precedence(node)
        left, right = _expression(node.left, shown), _expression(node.right, shown)
        if _precedence(node.left) < mine:
            left = f"({left})"
        tight = isinstance(node.op, ast.Sub | ast.Div)
        if _precedence(node.right) < mine or (tight and _precedence(node.right) == mine):
            right = f"({right})"
        return f"{left} {_OPERATORS.get(type(node.op), '?')} {right}"
    if isinstance(node, ast.UnaryOp):
        operand = _expression(node.operand, shown)
        operand = f"({operand})" if isinstance(node.operand, ast.BinOp) else operand
        return f"−{operand}" if isinstance(node.op, ast.USub) else operand
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        args = ", ".join(_expression(a, shown) for a in node.args)
        return f"{_e(node.func.id)}({args})"
    if isinstance(node, ast.Name):
        return shown(None, node.id)
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return shown(node.value.id, node.attr)
    if isinstance(node, ast.Constant):
        return _e(node.value)
    return _e(ast.unparse(node))


@lru_cache(maxsize=4096)
def _parsed(formula: str) -> ast.expr:
    return ast.parse(" ".join(formula.split()), mode="eval").body


def formula_text(formula: str, shown: Shown) -> str:
    """A checked formula (the library's) written with ``shown`` for each figure it reads."""
    return _expression(_parsed(formula), shown)


def _names(record: str | None, name: str) -> str:
    """A figure the formula reads, by its name: code, which no reader takes for a
    figure ("t × x2": a figure ``x2``, not "×2")."""
    return f"<code>{_e(name if record is None else f'{record}.{name}')}</code>"


def _numbers(record: Record, library: Library, href_for: HrefFor) -> Shown:
    """Each figure as its value: a link to its row here, a claim on another record."""

    def shown(other: str | None, name: str) -> str:
        owner = other if other is not None and other != record.id else record.id
        fig = library.figure(owner, name)
        if fig is None:
            return _e(name)
        value = value_text(fig)
        if owner == record.id:
            # Its words as a tooltip, as a claim's: its name is shown as code below.
            words = plain_text(fig.what) if fig.what else figure_words(name)
            return f'<a class="fx-input" href="#{_e(name)}" title="{_e(words)}">{value}</a>'
        claim = resolve_claim(html.unescape(value), f"evidence:{owner}#{name}", library)
        if isinstance(claim, ClaimProblem):  # a retracted or superseded input
            return f'<a class="fx-input" href="{_e(href_for(owner, name))}">{_e(fig.ref)}</a>'
        return render_claim(claim, library, href_for)

    return shown


def _what(name: str, fig: FigureValue, library: Library, href_for: HrefFor, lang: str) -> str:
    if not fig.what:
        return _e(figure_words(name))
    shown, _ = record_markdown(fig.what, fig.record, library, href_for, inline=True, lang=lang)
    return shown


def _name_cell(name: str, fig: FigureValue, library: Library, href_for: HrefFor, lang: str) -> str:
    return (
        f'<td class="fx-figure-name" data-label="{_w(lang, "record.figure")}">'
        # A box of its own, as it is drawn: a what ending in a number ("took 94") is not
        # read with the name after it ("s").
        f'<div class="fx-what">{_what(name, fig, library, href_for, lang)}</div> '
        f'<a class="fx-anchor" href="#{_e(name)}" title="{_w(lang, "record.permalink")}">'
        f"<code>{_e(name)}</code></a></td>"
    )


def _stated_in(library: Library, fig: FigureValue) -> str:
    """Where the record's report document states the figure, when the build found it."""
    located = library.stated_in.get(fig.ref)
    return f"<span class='fx-meta'>{stated_note(located)}</span>" if located else ""


def _cited(fig: FigureValue, lang: str) -> str:
    """The pages citing the figure, folded (the count shows, the list opens), filled in once
    every page is known (:func:`fxsite.pages.site.fill_placeholders`)."""
    return (
        f'<td class="fx-cited" data-label="{_w(lang, "record.cited")}">'
        f"{placeholder('cited', f'{lang} {fig.ref}')}</td>"
    )


def _value_cell(fig: FigureValue, extra: str, lang: str) -> str:
    return (
        f'<td class="fx-value" data-label="{_w(lang, "record.value")}">'
        f"{value_text(fig)}{' ' + extra if extra else ''}</td>"
    )


def _label_cell(fig: FigureValue, lang: str) -> str:
    return f'<td class="fx-label-cell" data-label="{_w(lang, "record.label")}">{label_badge(fig.label, lang)}</td>'


def figure_rows(library: Library, record: Record, href_for: HrefFor, lang: str = DEFAULT) -> str:
    """A record's stated figures as table rows, one anchor each."""
    rows = []
    for name in record.figures:
        fig = library.figure(record.id, name)
        if fig is None:
            continue
        rows.append(
            f'<tr id="{_e(name)}" data-fx-ref="{_e(fig.ref)}">'
            f"{_name_cell(name, fig, library, href_for, lang)}"
            f"{_value_cell(fig, _stated_in(library, fig), lang)}"
            f"{_label_cell(fig, lang)}{_cited(fig, lang)}</tr>"
        )
    return "".join(rows)


def derived_rows(library: Library, record: Record, href_for: HrefFor, lang: str = DEFAULT) -> str:
    """A record's derived figures as table rows: the formula with its numbers."""
    rows = []
    numbers = _numbers(record, library, href_for)
    for name, derived in record.derived.items():
        fig = library.figure(record.id, name)
        if fig is None:
            continue
        # The build refuses a stated value that disagrees at the shown precision,
        # so this only appears where the source wrote it differently (1.90 vs 1.9).
        stated = ""
        if derived.stated is not None:
            shown = format_quantity(Decimal(repr(derived.stated)), None, fig.unit, fig.decimals)
            if _e(shown) != value_text(fig):
                stated = f"<span class='fx-meta'>{_e(message('record.source_states', lang, value=shown))}</span>"
        working = formula_text(derived.formula, numbers)
        rows.append(
            f'<tr id="{_e(name)}" data-fx-ref="{_e(fig.ref)}">'
            f"{_name_cell(name, fig, library, href_for, lang)}"
            f"{_value_cell(fig, stated + _stated_in(library, fig), lang)}"
            # A space first: a search index joins cells, and "9.9%3,560 s" reads as another figure.
            f'<td class="fx-working" data-label="{_w(lang, "record.computed_as")}"> '
            f'<div class="fx-meta fx-formula">{working} = {value_text(fig)}</div> '
            f'<div class="fx-formula-names">{formula_text(derived.formula, _names)}</div></td>'
            f"{_label_cell(fig, lang)}{_cited(fig, lang)}</tr>"
        )
    return "".join(rows)


def invariants_section(
    library: Library, record: Record, href_for: HrefFor, lang: str = DEFAULT
) -> str:
    """Each invariant the build proved, with its numbers and a pass mark.

    The computed value and how far apart the two are stay in ``<code>``: they are
    computed here, and no record states them.
    """
    numbers = _numbers(record, library, href_for)
    rows = []
    for checked in library.invariants.get(record.id, ()):
        inv = checked.invariant
        why = f"<div class='fx-why'>{_e(inv.why)}</div>" if inv.why else ""
        owner, _, name = inv.equals.rpartition(".")
        equals = numbers(owner or None, name)
        holds = "holds" if checked.holds else "fails"
        rows.append(
            f'<tr class="fx-invariant fx-invariant--{holds}">'
            f'<td data-label="{_w(lang, "record.relation")}">'
            f'<div class="fx-meta fx-formula">{formula_text(inv.expr, numbers)} = '
            f"<code>{_e(computed_text(checked))}</code></div> "
            f'<div class="fx-formula-names">{formula_text(inv.expr, _names)} = {_names(owner or None, name)}</div> '
            f"{why}</td>"
            f'<td class="fx-meta" data-label="{_w(lang, "record.equals")}">{equals}</td>'
            f'<td data-label="{_w(lang, "record.within")}"><code>{_e(inv.within)}</code> '
            f"<span class='fx-apart'>{_w(lang, 'record.apart')} "
            f"<code>{_e(apart_text(checked))}</code></span></td>"
            f'<td class="fx-check" data-label="{_w(lang, "record.check")}">'
            f'<span class="fx-mark-{holds}" aria-hidden="true">{"✓" if checked.holds else "✗"}</span> '
            f"{_w(lang, f'record.{holds}')}</td></tr>"
        )
    if not rows:
        return ""
    head = "".join(
        f"<th scope='col'>{_w(lang, f'record.{k}')}</th>"
        for k in ("relation", "equals", "within", "check")
    )
    return (
        f'\n<h2 id="fx-invariants">{_w(lang, "record.invariants")}</h2>\n'
        f"<p>{_w(lang, 'record.invariants_lead')}</p>"
        f'<div class="fx-invariants fx-sheet"><table><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>\n"
        f"{unrounded_note(library, record, lang)}"
    )


def _rounded(value: Decimal, decimals: int) -> bool:
    """``value`` has a digit past ``decimals`` places that is not 0 (read from its digits:
    no arithmetic context limits it, however many digits a published value has)."""
    _, digits, exponent = value.as_tuple()
    past = -int(exponent) - decimals
    return past > 0 and any(digits[-past:])


def unrounded_note(library: Library, record: Record, lang: str) -> str:
    """The derived figures the invariants read, as the arithmetic uses them, where shown
    rounded otherwise: "100 − 100 ÷ 1.9× = 47.19%" adds up with 1.8936× (blind63). The
    audit renders it again and compares (:mod:`fxsite.verify.markers`)."""
    figures: dict[str, str] = {}
    for checked in library.invariants.get(record.id, ()):
        inv = checked.invariant
        refs = [(r.record, r.figure) for r in parse_formula(inv.expr).references]
        owner, _, name = inv.equals.rpartition(".")
        for other, figure in [*refs, (owner or None, name)]:
            fig = library.figure(other or record.id, figure)
            if fig is None or fig.formula is None or fig.ref in figures:
                continue
            if not _rounded(fig.low, fig.decimals):
                continue  # shown as it is
            finer = format_quantity(fig.low, None, fig.unit, fig.decimals + 3)
            # In code, as the computed values above: no record states them so.
            figures[fig.ref] = f"<code>{_e(fig.ref)} = {_e(finer)}</code>"
    if not figures:
        return ""
    listed = message("list_sep", lang).join(figures.values())
    return (
        f"<p class='fx-meta fx-unrounded'>{message('record.unrounded', lang, figures=listed)}</p>\n"
    )
