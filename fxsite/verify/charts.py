"""A published chart against the figures it draws: labels, data table, bar lengths, source line."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING
from urllib.parse import unquote

from fxsite.evidence.library import Library
from fxsite.evidence.models import LABELS
from fxsite.evidence.refs import FigureRef
from fxsite.findings import Finding
from fxsite.pages.claims import ClaimProblem, resolve_claim
from fxsite.render.chart_figure import label_lines
from fxsite.render.chart_spec import MODELLED
from fxsite.render.chart_text import (
    bar_caption,
    bar_captions,
    bar_tooltips,
    description,
    label_of,
    source_line,
)
from fxsite.render.messages import DEFAULT, LANGUAGES

if TYPE_CHECKING:
    from fxsite.verify.visible import Chart, Drawing

__all__ = ["check_chart"]

_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
#: Bars may differ from exact proportion by this fraction (drawing rounds to 1e-6 pt).
_TOLERANCE = 0.005
#: A length in the drawing's units (points, about a pixel) under which a bar says nothing.
_UNDER_A_PIXEL = 1.0


def _extent(d: str) -> tuple[float, float] | None:
    """Width and height of a bar's path (``M x y L x y ... z``)."""
    numbers = [float(n) for n in _NUMBER.findall(d)]
    if len(numbers) < 4 or len(numbers) % 2:
        return None
    xs, ys = numbers[0::2], numbers[1::2]
    return max(xs) - min(xs), max(ys) - min(ys)


def _linked(href: str) -> FigureRef:
    """The figure a bar links to: ``../evidence/R1/#save_time``, ``R1.html#save_time``.

    By record and figure both: two records may each have a figure of one name.
    """
    path, _, anchor = href.rpartition("#")
    page = unquote(path.rstrip("/").rsplit("/", 1)[-1])
    return FigureRef(page.removesuffix(".html"), unquote(anchor))


def check_chart(rel: str, chart: Chart, library: Library) -> list[Finding]:
    """Findings for one chart on page ``rel``."""
    out: list[Finding] = []

    def bad(message: str, text: str | None = None) -> None:
        out.append(Finding(rel, 1, 1, "FX612", f"chart {chart.id}: {message}", text=text))

    if not chart.rows:
        bad("has no data table")
        return out
    # The table shows each label as a word of the page's language: read back as the label.
    chart = replace(chart, rows=tuple((b, v, ref, label_of(w)) for b, v, ref, w in chart.rows))
    unknown = [label for *_, label in chart.rows if label not in LABELS]
    if unknown:  # every check below reads its rows' labels
        bad(
            f"its data table labels a figure '{unknown[0]}', which is no evidence label", unknown[0]
        )
        return out
    for (_, _, ref, _), link in zip(chart.rows, chart.links, strict=False):
        cited = FigureRef.parse(ref)
        if link and (cited is None or _linked(link) != cited):
            bad(f"its data table links {ref} to {link!r}, not to its figure", ref)
    for drawing in chart.drawings:
        _check_drawing(rel, chart, drawing, library, bad, out)
    if not chart.drawings:
        bad("has no drawing")
    _check_source(chart, library, bad)
    return out


def _check_look(
    bar: tuple[str, str, str, str], look: tuple[str, str, str], bad: Callable[..., None]
) -> None:
    """A bar drawn as its label says (blind68: an estimate's bars drawn solid, its class
    taken off, its tooltip saying "measured"): a model's bar is dashed and marked
    ``fx-bar--modelled``, a measurement's neither, and its tooltip names its value and
    label (:func:`~fxsite.render.chart_text.bar_tooltip`). ``bar`` is the data table's
    row: the bar's name, value, figure and label."""
    name, value, ref, label = bar
    classes, tip, style = look
    modelled = label in MODELLED
    if ("fx-bar--modelled" in classes.split()) != modelled or (
        "stroke-dasharray" in style
    ) != modelled:
        drawn = "a model's" if not modelled else "a measurement's"
        bad(f"the bar for {ref} is drawn as {drawn}, and its figure is {label}", name)
    cited = FigureRef.parse(ref)
    if tip not in bar_tooltips(name, value, label, cited.record if cited else ref):
        bad(f"the tooltip of the bar for {ref} says {tip!r}; its figure is {label}", tip or name)


def _check_source(chart: Chart, library: Library, bad: Callable[..., None]) -> None:
    """The source line is the one its bars' records give, in a language fxsite writes."""
    bars = [(ref, label) for _, _, ref, label in chart.rows]
    lines = [source_line(bars, library, lang) for lang in LANGUAGES]
    if not chart.source:
        bad(f"has no source line; its records give '{lines[0]}'")
    elif chart.source not in lines:
        bad(f"its source line is not what its records give: '{lines[0]}'", chart.source)


def _name_drawn(bar: str, texts: tuple[str, ...]) -> bool:
    """A bar's name is drawn: whole, or in the lines the chart's drawing wraps it in, at
    either width (:func:`~fxsite.render.chart_figure.label_lines`: two lines at most, cut
    with " …" past them on a phone, where the data table and the bar's tooltip hold it
    whole; a name without spaces, Chinese, broken inside a word: blind78)."""
    if bar in texts or bar in " ".join(texts):
        return True
    for narrow in (False, True):
        lines = tuple(label_lines(bar, narrow))
        if lines and any(texts[k : k + len(lines)] == lines for k in range(len(texts))):
            return True
    return False


def _check_drawing(
    rel: str,
    chart: Chart,
    drawing: Drawing,
    library: Library,
    bad: Callable[..., None],
    out: list[Finding],
) -> None:
    lengths: list[tuple[float, tuple[float, float]]] = []
    links = {_linked(href): paths for href, paths in drawing.bars}
    looks = {_linked(look[0]): look[1:] for look in drawing.looks}
    for bar, value, ref, label in chart.rows:
        claim = resolve_claim(value, f"evidence:{ref}", library)
        if isinstance(claim, ClaimProblem):
            out.append(
                Finding(rel, 1, 1, claim.code, f"chart {chart.id}: {claim.message}", text=value)
            )
            continue
        if claim.label != label:
            bad(f"{ref} is labelled {label}, the evidence says {claim.label}", value)
        if not bar_captions(value, label) & set(drawing.texts):
            bad(f"no bar label '{bar_caption(value, label, DEFAULT)}' for {ref}", value)
        if not _name_drawn(bar, drawing.texts):
            bad(f"bar name {bar!r} is not drawn", bar)
        cited = FigureRef.parse(ref)
        paths = links.get(cited) if cited is not None else None
        if cited is None or not paths:
            bad(f"bar for {ref} does not link to its figure")
            continue
        look = looks.get(cited)
        if look is not None:
            _check_look((bar, value, ref, label), look, bad)
        size = _extent(paths[0])
        fig = claim.value
        if fig is not None and size is not None and fig.high is None:
            lengths.append((float(fig.low), size))
    if drawing.desc not in {description(chart.rows, lang) for lang in LANGUAGES}:
        bad("its description differs from its data", drawing.desc[:80])
    # Horizontal bars share a height and differ in width; vertical ones the reverse.
    widths = {round(w, 3) for _, (w, _) in lengths}
    axis = 1 if len(widths) == 1 and len(lengths) > 1 else 0
    # A bar a figure would draw under a pixel long (a million times smaller than the
    # longest: blind78) is drawn as little as it can be: its length says nothing of it.
    scale = max((size[axis] / value for value, size in lengths if value > 0), default=0.0)
    ratios = [
        size[axis] / value
        for value, size in lengths
        if value > 0 and (value * scale >= _UNDER_A_PIXEL or size[axis] >= _UNDER_A_PIXEL)
    ]
    if ratios and max(ratios) - min(ratios) > _TOLERANCE * max(ratios):
        bad("bar lengths are not proportional to the figures")
    if len(drawing.bars) != len(chart.rows):
        bad(f"{len(drawing.bars)} linked bars for {len(chart.rows)} figures")
