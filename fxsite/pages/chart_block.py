"""An ``evidence-chart`` block of a page: its keys read, each bar a claim.

Called by :func:`fxsite.pages.blocks.render_block` with the block's loaded YAML.
The title, each group's label, each bar's label and the callout's words are read
as prose (a figure there is refused; a word of measurement in the title over an estimate's
claim, or in the callout's words beside one, is ``FX319``); each bar and the callout cite a figure, and
all bars share one unit; ``highlight`` names a bar's label. The chart is drawn
by the caller's drawer (:func:`fxsite.render.charts.render_chart`) once every
part is read without a finding, so a build never meets a chart it cannot draw.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from fxsite.evidence.label_words import MODEL_NOT_MEASUREMENT, measured_over, measured_words
from fxsite.evidence.quantities import format_quantity, unit_name
from fxsite.findings import Finding
from fxsite.pages.claims import render_claim
from fxsite.pages.field_advice import chart_home

if TYPE_CHECKING:
    from fxsite.pages.blocks import ChartDrawer, _Block
    from fxsite.pages.claims import Claim
    from fxsite.render.chart_spec import Group

__all__ = ["chart_block"]


def chart_block(
    block: _Block, data: dict[str, Any], chart_id: str, draw: ChartDrawer | None
) -> str:
    """An ``evidence-chart`` block: its keys read, each bar a claim, drawn by ``draw``."""
    from fxsite.render.chart_spec import ChartSpec, validate_chart
    from fxsite.render.chart_text import source_line

    unknown = set(data) - {"title", "bars", "groups", "highlight", "callout"}
    for key in sorted(unknown):
        block.bad(
            (key,),
            f"unknown key '{key}' (evidence-chart takes title, bars, groups, highlight, callout)",
        )
    title = data.get("title")
    if not isinstance(title, str):
        block.bad(("title",), "evidence-chart needs a title")
        title = ""
    bar_home = chart_home(data, block.library)
    block.prose(title, ("title",), "a chart's title", home=bar_home)
    units: set[str] = set()
    figures: set[str] = set()  # the figures its bars draw
    read = [
        _group(block, label, bars, loc, title, bar_home, units, figures)
        for label, bars, loc in _listed_groups(block, data, title, bar_home)
    ]
    groups = [group for group in read if group is not None]
    if len(units) > 1:
        block.bad(
            ("title",), f"all bars of a chart share one unit; found {', '.join(sorted(units))}"
        )
    highlight = _highlight(block, data.get("highlight"), groups)
    callout = _callout(block, data.get("callout"), title, bar_home)
    _said_measured(block, title, data.get("callout"))
    if not groups or block.findings:
        return ""
    drawn = [(bar.evidence, bar.evidence_label) for group in groups for bar in group.bars]
    spec = ChartSpec(
        title,
        unit_name(units.pop(), block.lang) if units else "",
        tuple(groups),
        chart_id,
        highlight,
        source=source_line(drawn, block.library, block.lang),
        lang=block.lang,
    )
    try:
        validate_chart(spec)  # in check too, so a build never meets a chart it cannot draw
    except ValueError as exc:
        block.bad(("title",), f"cannot draw this chart: {exc}")
        return ""
    if draw is None:
        return ""
    # The callout (a claim, e.g. "1.9× faster") sits under the title, above the bars.
    return draw(spec).replace("</figcaption>", f"</figcaption>{callout}", 1)


def _listed_groups(
    block: _Block, data: dict[str, Any], title: str, bar_home: Callable[[str], str | None]
) -> list[tuple[str | None, Any, tuple[str | int, ...]]]:
    """The chart's groups of bars as written (``bars``: one group without a label), each
    with its label (read as prose) and where its bars are written."""
    raw_groups: list[tuple[str | None, Any, tuple[str | int, ...]]] = []
    if "bars" in data:
        raw_groups.append((None, data["bars"], ("bars",)))
    listed = data.get("groups") or []
    if not isinstance(listed, list):
        block.bad(("groups",), "groups is a list: [{label: ..., bars: [...]}, ...]")
        listed = []
    for g, group in enumerate(listed):
        if isinstance(group, dict) and isinstance(group.get("label"), str):
            # Drawn under its bars, as a bar's label is: read by the same rule.
            block.prose(group["label"], ("groups", g, "label"), "a group's label", title, bar_home)
            raw_groups.append((group["label"], group.get("bars"), ("groups", g, "bars")))
        else:
            block.bad(("groups", g), "a group is {label: ..., bars: [...]}")
    return raw_groups


def _group(
    block: _Block,
    label: str | None,
    bars: Any,
    loc: tuple[str | int, ...],
    title: str,
    bar_home: Callable[[str], str | None],
    units: set[str],
    drawn: set[str],
) -> Group | None:
    """One group's bars, each a claim (its figure's unit added to ``units``, its reference
    to ``drawn``); None when its bars are not a list of bars. A bar's label is drawn as
    :func:`~fxsite.render.chart_figure.label_problem` says it can be, and a figure once."""
    from fxsite.render.chart_figure import label_problem
    from fxsite.render.chart_spec import Bar, Group

    if not isinstance(bars, list) or not bars:
        block.bad(loc, "bars must be a list of {label: ..., ref: ID#figure}")
        return None
    made = []
    for b, bar in enumerate(bars):
        if not (
            isinstance(bar, dict)
            and set(bar) == {"label", "ref"}
            and all(isinstance(v, str) for v in bar.values())
        ):
            block.bad((*loc, b), "a bar is {label: ..., ref: ID#figure}")
            continue
        # As drawn: spaces around and within a label are one space (blind78)
        name = " ".join(bar["label"].split())
        problem = label_problem(name)
        if problem is not None:
            block.bad((*loc, b, "label"), problem)
            continue
        block.prose(bar["label"], (*loc, b, "label"), "a bar's label", title, bar_home)
        claim = block.claim(bar["ref"], (*loc, b, "ref"))
        if claim is None or claim.value is None:
            continue
        fig = claim.value
        if fig.ref in drawn:  # the chart's tooltips and links name a figure once
            block.bad((*loc, b, "ref"), f"another bar draws {fig.ref}: a chart draws a figure once")
            continue
        drawn.add(fig.ref)
        units.add(fig.unit)
        made.append(
            Bar(
                name,
                float(fig.low),
                float(fig.high) if fig.high is not None else None,
                format_quantity(
                    fig.low, fig.high, fig.unit, fig.decimals, fig.bound, lang=block.lang
                ),
                fig.ref,
                fig.label,
                block.href_for(fig.record, fig.name),
            )
        )
    return Group(label, tuple(made))


def _highlight(block: _Block, highlight: Any, groups: list[Group]) -> str | None:
    """The label of the bar ``highlight`` names, or None (refused when it names none)."""
    labels = [bar.label for group in groups for bar in group.bars]
    # no bar read (their own findings told why, a record broken, say): nothing to name
    if (
        highlight is not None
        and labels
        and (not isinstance(highlight, str) or highlight not in labels)
    ):
        block.bad(("highlight",), f"highlight names a bar's label: one of {', '.join(labels)}")
        return None
    return highlight  # type: ignore[no-any-return]


def _callout(block: _Block, value: Any, title: str, bars: Callable[[str], str | None]) -> str:
    """``callout: {ref: R1#save_speedup, text: faster saves}``, rendered as a claim."""
    if value is None:
        return ""
    if not (
        isinstance(value, dict)
        and isinstance(value.get("ref"), str)
        and set(value) <= {"ref", "text"}
        and isinstance(value.get("text", ""), str)
    ):
        block.bad(("callout",), "callout is {ref: ID#figure, text: a few words}")
        return ""
    claim = block.claim(value["ref"].strip(), ("callout", "ref"))
    if claim is None:
        return ""
    text = value.get("text", "")
    shown = block.prose(text, ("callout", "text"), "a chart's callout", title, bars)
    words = f' <span class="fx-chart-callout-text">{shown}</span>'
    return (
        f'<p class="fx-chart-callout"><span class="fx-chart-callout-value">'
        f"{render_claim(claim, block.library, block.href_for)}</span>{words if text else ''}</p>"
    )


def _said_measured(block: _Block, title: str, callout: Any) -> None:
    """A word of measurement in the title over an estimate's bar or callout, or in the
    callout's words beside an estimate's claim (as :mod:`fxsite.pages.measured_over` reads
    a heading over one): ``FX319`` at the word."""
    estimates = [claim for claim in block.claims if claim.label == "estimate"]
    if not estimates:
        return
    said: list[tuple[tuple[str | int, ...], str, Claim, str]] = [
        (("title",), title, estimates[0], "the chart's title")
    ]
    if isinstance(callout, dict) and isinstance(callout.get("text"), str):
        ref = str(callout.get("ref", "")).strip()
        beside = [claim for claim in estimates if claim.ref == ref]
        said += [(("callout", "text"), callout["text"], c, "its words") for c in beside[:1]]
    for loc, text, claim, where in said:
        # the title is over every bar (it may name a model too); the callout's words beside one
        word = measured_over(text) if loc == ("title",) else next(measured_words(text), None)
        if word is not None:
            line, col = block.start(loc)
            message = (
                f"'{word.group()}' in {where} over the claim '{claim.display}' to estimate "
                f"{claim.record}: " + MODEL_NOT_MEASUREMENT
            )
            block.findings.append(
                Finding(block.path, line, col + word.start(), "FX319", message, text=word.group())
            )
