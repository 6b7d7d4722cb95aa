"""Bar charts of evidence-backed figures, rendered to inline, self-contained SVG.

A chart is a :class:`ChartSpec` of :class:`Group` s of :class:`Bar` s; each bar is one
figure from an evidence record, printed at its end with its value and evidence label
(``178 s · measured``, in the spec's language), so the label never depends on colour
alone. The highlighted bar (every bar, without a highlight) is drawn in the theme's
primary colour, the others in a muted grey; an estimate is drawn "modelled": a light
tint with a dashed outline. :func:`render_chart` returns an HTML5 fragment::

    <figure class="fx-chart" id="{chart_id}">
      <figcaption class="fx-chart-caption">{title}</figcaption>
      <svg class="fx-chart-svg" role="group" aria-labelledby="{chart_id}-title {chart_id}-desc">
        <title id="{chart_id}-title">…</title><desc id="{chart_id}-desc">…</desc> …
      </svg> (a wide and a narrow drawing)
      <p class="fx-chart-source">Source: R1 (measured) · baseline: …</p>
      <table class="fx-chart-data">…one row per bar: group, label, value, evidence…</table>
    </figure>

Class names a stylesheet can target (``fxsite-charts.css``, :func:`chart_style_css`):
``fx-chart``, ``fx-chart-svg``, ``fx-chart-caption``, ``fx-chart-source``,
``fx-chart-data`` (the visually hidden data table, for screen readers and auditors)
and, on each bar's group, ``fx-bar`` with ``fx-bar--primary`` or ``fx-bar--muted`` and
``fx-bar--modelled``. Bar colours are presentation attributes, so the stylesheet's
theme colour wins over them. Text, axes and ticks use ``currentColor`` and the
background is transparent, so the chart follows a light or dark page; the text inherits
the page font. The drawings and the data table carry ``data-search-exclude``: the
site search indexes a chart by its title and source line.

The output is byte-for-byte reproducible for a given spec, and every SVG id is
prefixed with ``chart_id`` so several charts can share a page. All strings in the
spec are treated as untrusted: text is escaped and only relative or http(s) links
are kept.

matplotlib is imported lazily inside :func:`render_chart`: it is slow to import and
sites without charts should not pay for it. The spec and its checks are
:mod:`fxsite.render.chart_spec`, the SVG's finishing :mod:`fxsite.render.chart_svg`,
the words :mod:`fxsite.render.chart_text`.
"""

from __future__ import annotations

import hashlib
import html
import io
import math
import os
import textwrap
import threading
import unicodedata
import warnings
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from fxsite.render.chart_spec import MODELLED, Bar, ChartSpec, safe_href, validate_chart
from fxsite.render.chart_svg import INK, finish_svg
from fxsite.render.chart_text import bar_caption, label_word
from fxsite.render.messages import message

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["PRIMARY", "chart_style_css", "render_chart", "render_chart_cached"]

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
_WIDTH_IN = 8.0
_NARROW_IN = 4.0
_ROW_IN = 0.5
#: A row of a phone's drawing, its caption under its bar: bars then span the drawing's
#: width (beside them, a long caption left the longest bar a third of it: blind22).
_BELOW_ROW_IN = 0.62
_BELOW_BAR = (-0.14, 0.44)  # the bar's centre (from the row's) and height, in rows
_CHROME_IN = 0.8  # x axis, its label and padding
_FONT_PT = 10.5
_LABEL_WRAP = 30  # characters per line of a category label (two lines at most)
_NARROW_WRAP = 16
# Bars other than the highlighted one: a neutral grey with at least 3:1 against
# white and against the dark page (#1e2129), so they stay visible but recede.
_MUTED = "#8A9099"

#: The modules whose code decides a chart's output, for the cache key.
_RENDERER_FILES = (
    "charts.py",
    "chart_spec.py",
    "chart_svg.py",
    "chart_text.py",
    "messages.py",
)

# rcParams are process-global and rc_context mutates them; serialise renders so
# concurrent threads never see each other's settings.
_RENDER_LOCK = threading.Lock()
# rcParams that select or configure a GUI backend; resetting them is pointless for
# an explicit SVG canvas and may trigger backend switching.
_RC_SKIP = frozenset({"backend", "backend_fallback", "interactive", "toolbar"})


def chart_style_css() -> str:
    """The chart stylesheet, ``fxsite-charts.css``: theme colours, responsive SVG, hidden table."""
    return resources.files("fxsite").joinpath("assets", "fxsite-charts.css").read_text("utf-8")


def _wide_extra(text: str) -> float:
    """Points a page font's wide (CJK) characters take beyond DejaVu Sans' missing-glyph box."""
    return sum(unicodedata.east_asian_width(c) in "WF" for c in text) * _FONT_PT * 0.45


def _thousands(value: float, _pos: object = None) -> str:
    """Axis ticks with thousands separators, as the value texts are: ``3,560``."""
    return f"{value:,.0f}" if value == int(value) else f"{value:,g}"


def _draw(fig: Figure, spec: ChartSpec, narrow: bool = False, below: bool = False) -> None:
    """Lay the bars out top to bottom; a labelled group gets a heading row; ``below``: each
    caption under its bar, from the axis, not after the bar's end."""
    from matplotlib.colors import to_rgb
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    ax: Axes = fig.add_subplot()
    rows: list[tuple[str, bool]] = []  # (tick label, is heading)
    placed: list[tuple[int, int, Bar, int]] = []  # (group, bar index, bar, row)
    for gi, group in enumerate(spec.groups):
        if group.label is not None:
            rows.append((group.label, True))
        for bi, bar in enumerate(group.bars):
            placed.append((gi, bi, bar, len(rows)))
            rows.append((bar.label, False))

    ends = [bar.value if bar.high is None else bar.high for _, _, bar, _ in placed]
    xmax = max(ends) or 1.0  # all zeros still need a non-empty axis
    notes = []
    shift, height = _BELOW_BAR if below else (0.0, 0.62)
    for gi, bi, bar, row in placed:
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
            xytext=(1, -2) if below else (5, 0),
            textcoords="offset points",
            va="top" if below else "center",
            ha="left",
            fontsize=_FONT_PT,
            fontweight="bold" if spec.highlight == bar.label else "normal",
        )
        note.set_gid(f"value-{gi}-{bi}")
        # Kept out of constrained layout, which would otherwise shrink the axes to
        # fit text that overflows the provisional x limits; the limits are widened
        # to fit the text below instead.
        note.set_in_layout(False)
        notes.append((end, note))

    # Category labels are drawn as one text per line rather than as tick labels:
    # matplotlib positions the lines of a multi-line text with the widths of its own
    # font, which misaligns them once the SVG text inherits the page font, whereas a
    # single-line text keeps its right anchor (text-anchor: end).
    ax.set_yticks(range(len(rows)), [""] * len(rows))
    line_pt = _FONT_PT * 1.2
    for row, (text, heading) in enumerate(rows):
        wrap = _NARROW_WRAP if narrow else _LABEL_WRAP
        # Never at a hyphen: "8-GPU" is one name.
        lines = textwrap.wrap(
            text, wrap, max_lines=2, placeholder=" …", break_on_hyphens=False
        ) or [""]
        for k, part in enumerate(lines):
            label = ax.annotate(
                part,
                xy=(0, row),
                xycoords=("axes fraction", "data"),
                xytext=(-6, ((len(lines) - 1) / 2 - k) * line_pt),
                textcoords="offset points",
                ha="right",
                va="center",
                fontsize=_FONT_PT,
                fontweight="bold" if heading or text == spec.highlight else "normal",
            )
            label.set_gid(f"row-{row}-{k}")
    ax.set_ylim(len(rows) - 0.5, -0.5)  # first row on top
    ax.tick_params(axis="y", length=0)
    ax.tick_params(axis="x", labelsize=_FONT_PT, colors=INK)
    ax.xaxis.set_major_formatter(FuncFormatter(_thousands))
    ax.xaxis.set_major_locator(MaxNLocator(nbins=4 if narrow else 6))
    if spec.unit:
        ax.set_xlabel(spec.unit, fontsize=_FONT_PT)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    ax.grid(axis="x", color=INK, alpha=0.15, linewidth=0.8)
    ax.set_axisbelow(True)
    ax.set_xlim(0, xmax)

    # Make room right of the longest bar for its value text: measure each text (in
    # DejaVu Sans, which is wider than most page fonts, so inherited fonts fit too)
    # and widen the axis until bar end + text fits inside it.
    fig.draw_without_rendering()
    width_px = ax.get_window_extent().width
    if below:  # the captions are under the bars: the axis is the bars', with a margin
        ax.set_xlim(0, xmax * 1.04)
        return
    needed = xmax
    for end, note in notes:
        wide_px = _wide_extra(note.get_text()) * fig.dpi / 72
        text_px = (note.get_window_extent().width + wide_px) * 1.08 + 8
        free = max(width_px - text_px, width_px * 0.25)
        needed = max(needed, end * width_px / free)
    ax.set_xlim(0, needed)


def _drawn(spec: ChartSpec, width: float, rows: int, narrow: bool) -> Figure:
    """The chart drawn ``width`` inches wide: on a phone (``narrow``) with its captions
    under its bars, unless one is wider than the drawing can show; else beside them."""
    from matplotlib.backends.backend_svg import FigureCanvasSVG
    from matplotlib.figure import Figure

    for below in (True, False) if narrow else (False,):
        row_in = _BELOW_ROW_IN if below else _ROW_IN
        fig = Figure(figsize=(width, _CHROME_IN + row_in * rows), dpi=100, layout="constrained")
        FigureCanvasSVG(fig)
        _draw(fig, spec, narrow, below)
        if not below or _captions_fit(fig):
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


def _data_table(spec: ChartSpec) -> str:
    esc = html.escape
    grouped = any(g.label is not None for g in spec.groups)
    columns = ["group"] if grouped else []
    columns += ["bar", "value", "evidence", "label"]
    head = [message(f"chart.col.{c}", spec.lang) for c in columns]
    lines = [
        # A table sizes to its content whatever its width, so the visually
        # hidden box is a div around it: the table can never widen the page.
        '<div class="fx-chart-data-box" data-search-exclude=""><table class="fx-chart-data">',
        f"<caption>{esc(spec.title)}</caption>",
        "<thead><tr>" + "".join(f'<th scope="col">{esc(h)}</th>' for h in head) + "</tr></thead>",
        "<tbody>",
    ]
    for group in spec.groups:
        for bar in group.bars:
            cells = [esc(group.label or "")] if grouped else []
            word = label_word(bar.evidence_label, spec.lang)
            cells += [esc(bar.label), esc(bar.text), esc(bar.evidence), esc(word)]
            lines.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    lines += ["</tbody>", "</table></div>"]
    return "\n".join(lines)


def _source(spec: ChartSpec) -> str:
    if not spec.source:
        return ""
    return f'<p class="fx-chart-source">{html.escape(spec.source)}</p>\n'


def render_chart(spec: ChartSpec) -> str:
    """Render ``spec`` as an inline ``<figure class="fx-chart">`` HTML fragment.

    Raises ValueError for a spec that cannot be drawn honestly: an unknown evidence
    label, no bars, a negative or non-finite value, a range whose high end is below
    its low end, or a ``chart_id`` that is not a plain identifier.
    """
    validate_chart(spec)
    # Imported here, not at module level: see the module docstring.
    import matplotlib

    rows = sum(len(g.bars) + (g.label is not None) for g in spec.groups)
    # Fixed settings: output must not depend on the user's matplotlibrc.
    rc: Mapping[str, Any] = {
        "svg.hashsalt": "fxsite",  # deterministic clip-path and hatch ids
        "svg.fonttype": "none",  # text stays text: selectable, searchable, page font
        "svg.id": None,
        "font.family": "DejaVu Sans",
        "font.size": _FONT_PT,
        "text.parse_math": False,  # "$5 vs $10" is text, not mathtext
        "text.usetex": False,
        "hatch.linewidth": 1.2,
        "axes.edgecolor": INK,
        "axes.labelcolor": INK,
        "text.color": INK,
        "xtick.color": INK,
        "ytick.color": INK,
        "path.simplify": False,
    }
    # Start from matplotlib's defaults, not the user's matplotlibrc or a style set
    # elsewhere in the process, so the same spec renders the same everywhere.
    base = {k: v for k, v in matplotlib.rcParamsDefault.items() if k not in _RC_SKIP}
    bars = [(gi, bi, bar) for gi, g in enumerate(spec.groups) for bi, bar in enumerate(g.bars)]
    drawn = []
    for width, narrow in ((_WIDTH_IN, False), (_NARROW_IN, True)):
        with (
            _RENDER_LOCK,
            matplotlib.rc_context(cast(Any, {**base, **rc})),
            warnings.catch_warnings(),
        ):
            # Chinese text is measured in DejaVu Sans (no other font is certain to be
            # installed: the output must not depend on the machine) and drawn in the page's.
            warnings.filterwarnings("ignore", "Glyph .* missing from font", UserWarning)
            fig = _drawn(spec, width, rows, narrow)
            buf = io.BytesIO()
            fig.savefig(
                buf,
                format="svg",
                transparent=True,
                metadata={"Date": None, "Creator": None, "Format": None, "Type": None},
            )
        drawn.append(finish_svg(buf.getvalue(), spec, bars, narrow))
    # Title above the chart; the stylesheet shows one drawing per screen width.
    return (
        f'<figure class="fx-chart" id="{spec.chart_id}">\n'
        f'<figcaption class="fx-chart-caption">{html.escape(spec.title)}</figcaption>\n'
        f"{drawn[0]}\n{drawn[1]}\n"
        f"{_source(spec)}"
        f"{_data_table(spec)}\n"
        "</figure>"
    )


def render_chart_cached(spec: ChartSpec, cache_dir: Path | None) -> str:
    """:func:`render_chart`, memoised on disk by the spec's content.

    Rendering is deterministic, so a chart whose spec, fxsite and matplotlib
    versions are unchanged is read back instead of drawn again: later builds
    (and every ``mkdocs serve`` rebuild) skip importing matplotlib entirely.
    """
    if cache_dir is None:
        return render_chart(spec)
    from importlib.metadata import version

    from fxsite import __version__

    # The key covers the renderer's own code (these modules), so a changed renderer
    # never serves a chart drawn by the old one.
    here = Path(__file__).parent
    code = hashlib.sha256(
        b"".join((here / name).read_bytes() for name in _RENDERER_FILES)
    ).hexdigest()
    key = hashlib.sha256(
        repr((__version__, code, version("matplotlib"), spec)).encode()
    ).hexdigest()
    cached = cache_dir / f"chart-{key[:32]}.html"
    try:
        return cached.read_text(encoding="utf-8")
    except OSError:
        pass
    out = render_chart(spec)
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(f".{os.getpid()}.tmp")
        partial.write_text(out, encoding="utf-8")
        partial.replace(cached)  # atomic: a concurrent build never reads half a file
    except OSError:
        pass  # a read-only cache is no reason to fail a build
    return out
