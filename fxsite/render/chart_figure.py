"""A chart drawn in matplotlib: its rows, bars, labels and axes, its captions fitted.

:func:`draw_figure` lays a :class:`~fxsite.render.chart_spec.ChartSpec` out on a figure of a
given width (the wide drawing, or the phone's, captions under the bars where they fit);
:func:`fxsite.render.charts.render_chart` saves it as SVG under fixed settings and
finishes it (:mod:`fxsite.render.chart_svg`). The order in which artists are made is
the order of the SVG's elements: keep it.
"""

from __future__ import annotations

import math
import textwrap
import unicodedata
from typing import TYPE_CHECKING

from fxsite.render.chart_spec import MODELLED, Bar, ChartSpec, safe_href
from fxsite.render.chart_svg import INK
from fxsite.render.chart_text import bar_caption

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from matplotlib.text import Annotation

__all__ = [
    "FONT_PT",
    "NARROW_IN",
    "PRIMARY",
    "WIDTH_IN",
    "draw_figure",
    "label_lines",
    "label_problem",
]

#: The highlighted bars' colour where no stylesheet sets the theme's: Material's
#: indigo (6.9:1 on white); ``fxsite-charts.css`` uses the site's own primary colour.
PRIMARY = "#4051B5"
#: How much of a modelled bar's colour its fill keeps.
_MODELLED_ALPHA = 0.3


# Layout, in inches: fixed so output is reproducible and text sizes are predictable.
# Two drawings of every chart: a wide one for windows wider than 45em and a
# narrow one for phones. An SVG scales with its width, so one drawing cannot keep
# its text legible on both. Text is 10.5 units in a viewBox 72 units an inch
# wide: in the narrow (288-unit) drawing it is at least 11 px as drawn in a
# 302 px column, in the wide (576-unit) one in a 604 px column.
WIDTH_IN = 8.0
NARROW_IN = 4.0
_ROW_IN = 0.5
#: A row of a phone's drawing, its caption under its bar: bars then span the drawing's
#: width (beside them, a long caption left the longest bar a third of it: blind22).
_BELOW_ROW_IN = 0.62
_BELOW_BAR = (-0.14, 0.44)  # the bar's centre (from the row's) and height, in rows
_CHROME_IN = 0.8  # x axis, its label and padding
FONT_PT = 10.5
_LABEL_WRAP = 30  # characters per line of a category label (two lines at most)
_NARROW_WRAP = 16
# Bars other than the highlighted one: a neutral grey with at least 3:1 against
# white and against the dark page (#1e2129), so they stay visible but recede.
_MUTED = "#8A9099"


def _wide_extra(text: str) -> float:
    """Points a page font's wide (CJK) characters take beyond DejaVu Sans' missing-glyph box."""
    return sum(unicodedata.east_asian_width(c) in "WF" for c in text) * FONT_PT * 0.45


def _thousands(value: float, _pos: object = None) -> str:
    """Axis ticks with thousands separators, as the value texts are: ``3,560``."""
    return f"{value:,.0f}" if value == int(value) else f"{value:,g}"


def _draw(fig: Figure, spec: ChartSpec, narrow: bool = False, below: bool = False) -> None:
    """Lay the bars out top to bottom; a labelled group gets a heading row; ``below``: each
    caption under its bar, from the axis, not after the bar's end."""
    ax: Axes = fig.add_subplot()
    rows, placed = _rows(spec)
    ends = [bar.value if bar.high is None else bar.high for _, _, bar, _ in placed]
    xmax = max(ends) or 1.0  # all zeros still need a non-empty axis
    notes = [_draw_bar(ax, spec, place, below) for place in placed]
    _draw_row_labels(ax, spec, rows, narrow)
    _draw_axes(ax, spec, len(rows), narrow, xmax)
    _fit_captions(fig, ax, notes, below, xmax)


def _rows(spec: ChartSpec) -> tuple[list[tuple[str, bool]], list[tuple[int, int, Bar, int]]]:
    """The chart's rows, top to bottom (tick label, is a group's heading), and each bar
    with its group, its index in the group and its row."""
    rows: list[tuple[str, bool]] = []
    placed: list[tuple[int, int, Bar, int]] = []
    for gi, group in enumerate(spec.groups):
        if group.label is not None:
            rows.append((group.label, True))
        for bi, bar in enumerate(group.bars):
            placed.append((gi, bi, bar, len(rows)))
            rows.append((bar.label, False))
    return rows, placed


def _draw_bar(
    ax: Axes, spec: ChartSpec, place: tuple[int, int, Bar, int], below: bool
) -> tuple[float, Annotation]:
    """One bar (dashed where its figure is modelled), its range's whisker, and its caption;
    where the bar ends, and the caption."""
    from matplotlib.colors import to_rgb

    gi, bi, bar, row = place
    shift, height = _BELOW_BAR if below else (0.0, 0.62)
    muted = spec.highlight is not None and bar.label != spec.highlight
    colour = _MUTED if muted else PRIMARY
    modelled = bar.evidence_label in MODELLED
    y = row + shift
    (patch,) = ax.barh(
        y,
        bar.value,
        height=height,
        color=colour,
        edgecolor=colour,
        linewidth=1.2 if modelled else 0.8,
        linestyle=(0, (3, 2)) if modelled else "solid",
    )
    if modelled:
        patch.set_facecolor((*to_rgb(colour), _MODELLED_ALPHA))
    patch.set_gid(f"bar-{gi}-{bi}")
    href = safe_href(bar.href)
    if href is not None:
        patch.set_url(href)
    end = bar.value
    if bar.high is not None:
        # The whisker: a line from the low end to the high end, then (after a
        # gap) its end cap, in one path the stylesheet can colour.
        cap = height / 3.1
        (line,) = ax.plot(
            [bar.value, bar.high, math.nan, bar.high, bar.high],
            [y, y, math.nan, y - cap, y + cap],
            color=colour,
            linewidth=2.5,
            solid_capstyle="butt",
        )
        line.set_gid(f"range-{gi}-{bi}")
        end = bar.high
    note = ax.annotate(
        bar_caption(bar.text, bar.evidence_label, spec.lang),
        xy=(0, y + height / 2) if below else (end, row),
        xytext=(1, -4) if below else (5, 0),  # under the bar, clear of it (blind84: 2 px)
        textcoords="offset points",
        va="top" if below else "center",
        ha="left",
        fontsize=FONT_PT,
        fontweight="bold" if spec.highlight == bar.label else "normal",
    )
    note.set_gid(f"value-{gi}-{bi}")
    # Kept out of constrained layout, which would otherwise shrink the axes to
    # fit text that overflows the provisional x limits; the limits are widened
    # to fit the text below instead.
    note.set_in_layout(False)
    return end, note


def label_lines(text: str, narrow: bool) -> list[str]:
    """A row's label as drawn: two lines at most of :data:`_LABEL_WRAP` characters
    (:data:`_NARROW_WRAP` on a phone), never broken at a hyphen ("8-GPU" is one name),
    cut with " …" past them."""
    wrap = _NARROW_WRAP if narrow else _LABEL_WRAP
    return textwrap.wrap(text, wrap, max_lines=2, placeholder=" …", break_on_hyphens=False)


def label_problem(label: str) -> str | None:
    """Why a bar's ``label`` cannot be drawn (none: blind78), or None. One longer than two
    lines is cut with " …" (:func:`label_lines`); the chart's data table holds it whole."""
    if not label:
        return "a bar's label names what it shows: write a few words"
    return None


def _draw_row_labels(ax: Axes, spec: ChartSpec, rows: list[tuple[str, bool]], narrow: bool) -> None:
    """Each row's label, right of nothing and left of the axis, wrapped to two lines.

    Category labels are drawn as one text per line rather than as tick labels:
    matplotlib positions the lines of a multi-line text with the widths of its own
    font, which misaligns them once the SVG text inherits the page font, whereas a
    single-line text keeps its right anchor (text-anchor: end)."""
    ax.set_yticks(range(len(rows)), [""] * len(rows))
    line_pt = FONT_PT * 1.2
    for row, (text, heading) in enumerate(rows):
        lines = label_lines(text, narrow) or [""]
        for k, part in enumerate(lines):
            label = ax.annotate(
                part,
                xy=(0, row),
                xycoords=("axes fraction", "data"),
                xytext=(-6, ((len(lines) - 1) / 2 - k) * line_pt),
                textcoords="offset points",
                ha="right",
                va="center",
                fontsize=FONT_PT,
                fontweight="bold" if heading or text == spec.highlight else "normal",
            )
            label.set_gid(f"row-{row}-{k}")


def _draw_axes(ax: Axes, spec: ChartSpec, rows: int, narrow: bool, xmax: float) -> None:
    """The rows top to bottom, the value axis with thousands separators and its unit,
    a light grid, no top or right spine."""
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    ax.set_ylim(rows - 0.5, -0.5)  # first row on top
    ax.tick_params(axis="y", length=0)
    ax.tick_params(axis="x", labelsize=FONT_PT, colors=INK)
    ax.xaxis.set_major_formatter(FuncFormatter(_thousands))
    ax.xaxis.set_major_locator(MaxNLocator(nbins=4 if narrow else 6))
    if spec.unit:
        ax.set_xlabel(spec.unit, fontsize=FONT_PT)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    ax.grid(axis="x", color=INK, alpha=0.15, linewidth=0.8)
    ax.set_axisbelow(True)
    ax.set_xlim(0, xmax)


def _fit_captions(
    fig: Figure, ax: Axes, notes: list[tuple[float, Annotation]], below: bool, xmax: float
) -> None:
    """Make room right of the longest bar for its value text: measure each text (in
    DejaVu Sans, which is wider than most page fonts, so inherited fonts fit too) and
    widen the axis until bar end + text fits inside it; captions under the bars need
    only a margin (nothing to measure: no drawing)."""
    if below:  # the captions are under the bars: the axis is the bars', with a margin
        ax.set_xlim(0, xmax * 1.04)
        return
    fig.draw_without_rendering()
    width_px = ax.get_window_extent().width
    needed = xmax
    for end, note in notes:
        wide_px = _wide_extra(note.get_text()) * fig.dpi / 72
        text_px = (note.get_window_extent().width + wide_px) * 1.08 + 8
        free = max(width_px - text_px, width_px * 0.25)
        needed = max(needed, end * width_px / free)
    ax.set_xlim(0, needed)


def draw_figure(spec: ChartSpec, width: float, rows: int, narrow: bool) -> Figure:
    """The chart drawn ``width`` inches wide: on a phone (``narrow``) with its captions
    under its bars, unless one is wider than the drawing can show; else beside them."""
    from matplotlib.backends.backend_svg import FigureCanvasSVG
    from matplotlib.figure import Figure

    for below in (True, False) if narrow else (False,):
        row_in = _BELOW_ROW_IN if below else _ROW_IN
        fig = Figure(figsize=(width, _CHROME_IN + row_in * rows), dpi=100, layout="constrained")
        FigureCanvasSVG(fig)
        _draw(fig, spec, narrow, below)
        if not below:
            break
        if _captions_fit(fig):
            # Laid out as it is measured: saved as it stands, not laid out again.
            fig.set_layout_engine("none")
            break
    return fig


def _captions_fit(fig: Figure) -> bool:
    """Whether every caption under a bar ends inside the drawing."""
    fig.draw_without_rendering()
    right = fig.bbox.x1
    return all(
        text.get_window_extent().x1 + _wide_extra(text.get_text()) * fig.dpi / 72 <= right
        for text in fig.axes[0].texts
        if (text.get_gid() or "").startswith("value-")
    )
