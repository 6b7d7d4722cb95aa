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
sites without charts should not pay for it.
"""

from __future__ import annotations

import hashlib
import html
import io
import math
import os
import re
import textwrap
import threading
import unicodedata
import warnings
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast
from urllib.parse import urlsplit

from fxsite.render.chart_text import LABELS, bar_caption, description, label_word
from fxsite.render.messages import DEFAULT, message

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = [
    "LABELS",
    "LABEL_LETTERS",
    "MODELLED",
    "PRIMARY",
    "Bar",
    "ChartSpec",
    "Group",
    "chart_style_css",
    "render_chart",
    "render_chart_cached",
    "safe_href",
    "validate_chart",
]

#: Labels drawn in the lighter "modelled" style: a tint with a dashed outline.
MODELLED = frozenset({"estimate"})
#: The highlighted bars' colour where no stylesheet sets the theme's: Material's
#: indigo (6.9:1 on white); ``fxsite-charts.css`` uses the site's own primary colour.
PRIMARY = "#4051B5"
#: How much of a modelled bar's colour its fill keeps.
_MODELLED_ALPHA = 0.3

#: One-letter badges, for places too small for the full label word.
LABEL_LETTERS: dict[str, str] = {
    "measured": "M",
    "spec": "S",
    "public": "P",
    "estimate": "E",
}

# The colour matplotlib draws text, spines and ticks in; rewritten to currentColor.
_INK = "#000000"

_SVG_NS = "http://www.w3.org/2000/svg"
_XLINK_NS = "http://www.w3.org/1999/xlink"
_XLINK_HREF = f"{{{_XLINK_NS}}}href"
_CHART_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,63}")
_URL_REF = re.compile(r"url\(#([^)]+)\)")

# Layout, in inches: fixed so output is reproducible and text sizes are predictable.
# Two drawings of every chart: a wide one for windows wider than 45em and a
# narrow one for phones. An SVG scales with its width, so one drawing cannot keep
# its text legible on both. Text is 10.5 units in a viewBox 72 units an inch
# wide: in the narrow (288-unit) drawing it is at least 11 px as drawn in a
# 302 px column, in the wide (576-unit) one in a 604 px column.
_WIDTH_IN = 8.0
_NARROW_IN = 4.0
_ROW_IN = 0.5
_CHROME_IN = 0.8  # x axis, its label and padding
_FONT_PT = 10.5
_LABEL_WRAP = 30  # characters per line of a category label (two lines at most)
_NARROW_WRAP = 16
# Bars other than the highlighted one: a neutral grey with at least 3:1 against
# white and against the dark page (#1e2129), so they stay visible but recede.
_MUTED = "#8A9099"

# rcParams are process-global and rc_context mutates them; serialise renders so
# concurrent threads never see each other's settings.
_RENDER_LOCK = threading.Lock()
# rcParams that select or configure a GUI backend; resetting them is pointless for
# an explicit SVG canvas and may trigger backend switching.
_RC_SKIP = frozenset({"backend", "backend_fallback", "interactive", "toolbar"})


@dataclass(frozen=True)
class Bar:
    """One bar: one figure from an evidence record.

    For a range figure, ``value`` is the low end and ``high`` the high end; the bar
    is drawn to the low end with a whisker to the high end.
    """

    label: str
    value: float
    high: float | None
    #: formatted value printed on the bar, e.g. ``"178 s"`` (the caller formats)
    text: str
    #: evidence reference, e.g. ``"R1#save_time_baseline"``
    evidence: str
    #: measured | spec | public | estimate
    evidence_label: str
    #: link target for the bar (the figure's anchor); dropped unless relative or http(s)
    href: str | None = None


@dataclass(frozen=True)
class Group:
    """Bars drawn together under an optional group heading."""

    label: str | None
    bars: tuple[Bar, ...]


@dataclass(frozen=True)
class ChartSpec:
    """A whole chart. One unlabelled group gives simple before/after bars."""

    title: str
    #: axis unit, e.g. ``"s"``; empty for none
    unit: str
    groups: tuple[Group, ...]
    #: unique per page; prefixes every id in the SVG
    chart_id: str
    #: label of the bar to highlight (the product); the others are drawn muted
    highlight: str | None = None
    #: the line under the chart naming its records (:func:`fxsite.render.chart_text.source_line`)
    source: str = ""
    #: the page's language, for the words the chart adds (labels, table headings)
    lang: str = DEFAULT


def safe_href(href: str | None) -> str | None:
    """Return ``href`` if it is a relative URL or an http(s) URL, else None.

    Browsers ignore tabs and newlines inside URLs and strip leading controls, so
    ``java\\tscript:`` is a ``javascript:`` URL; any whitespace or control character
    therefore disqualifies the link rather than being cleaned up.
    """
    if not href or any(ch.isspace() or ord(ch) < 0x20 or ord(ch) == 0x7F for ch in href):
        return None
    # A scheme is whatever precedes the first ':' that comes before any '/', '?', '#'.
    head = re.split(r"[/?#]", href, maxsplit=1)[0]
    if ":" in head:
        scheme = urlsplit(href).scheme.lower()
        if scheme not in ("http", "https") or head.lower() != scheme + ":":
            return None
    return href


def chart_style_css() -> str:
    """The chart stylesheet, ``fxsite-charts.css``: theme colours, responsive SVG, hidden table."""
    return resources.files("fxsite").joinpath("assets", "fxsite-charts.css").read_text("utf-8")


def validate_chart(spec: ChartSpec) -> None:
    """Raise ValueError for a spec :func:`render_chart` cannot draw."""
    if not _CHART_ID.fullmatch(spec.chart_id):
        raise ValueError(
            f"chart_id {spec.chart_id!r} must start with a letter and contain only "
            "letters, digits, '-' and '_' (at most 64 characters)"
        )
    if not spec.groups or not any(g.bars for g in spec.groups):
        raise ValueError(f"chart {spec.chart_id!r} has no bars")
    for group in spec.groups:
        for bar in group.bars:
            where = f"chart {spec.chart_id!r}, bar {bar.label!r}"
            if bar.evidence_label not in LABELS:
                raise ValueError(
                    f"{where}: evidence label {bar.evidence_label!r} is not one of "
                    f"{', '.join(LABELS)}"
                )
            ends = (bar.value,) if bar.high is None else (bar.value, bar.high)
            if not all(math.isfinite(v) for v in ends):
                raise ValueError(f"{where}: value must be finite")
            # Bars start at zero; a negative figure would need a diverging chart.
            if bar.value < 0:
                raise ValueError(f"{where}: negative values are not supported")
            if bar.high is not None and bar.high < bar.value:
                raise ValueError(f"{where}: range high {bar.high} is below low {bar.value}")


def _tooltip(bar: Bar, lang: str) -> str:
    return f"{bar.evidence} · {label_word(bar.evidence_label, lang)}"


def _wide_extra(text: str) -> float:
    """Points a page font's wide (CJK) characters take beyond DejaVu Sans' missing-glyph box."""
    return sum(unicodedata.east_asian_width(c) in "WF" for c in text) * _FONT_PT * 0.45


def _thousands(value: float, _pos: object = None) -> str:
    """Axis ticks with thousands separators, as the value texts are: ``3,560``."""
    return f"{value:,.0f}" if value == int(value) else f"{value:,g}"


def _draw(fig: Figure, spec: ChartSpec, narrow: bool = False) -> None:
    """Lay the bars out top to bottom; a labelled group gets a heading row."""
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
    for gi, bi, bar, row in placed:
        muted = spec.highlight is not None and bar.label != spec.highlight
        colour = _MUTED if muted else PRIMARY
        modelled = bar.evidence_label in MODELLED
        (patch,) = ax.barh(
            row,
            bar.value,
            height=0.62,
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
            (line,) = ax.plot(
                [bar.value, bar.high, math.nan, bar.high, bar.high],
                [row, row, math.nan, row - 0.2, row + 0.2],
                color=colour,
                linewidth=2.5,
                solid_capstyle="butt",
            )
            line.set_gid(f"range-{gi}-{bi}")
            end = bar.high
        note = ax.annotate(
            bar_caption(bar.text, bar.evidence_label, spec.lang),
            xy=(end, row),
            xytext=(5, 0),
            textcoords="offset points",
            va="center",
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
    ax.tick_params(axis="x", labelsize=_FONT_PT, colors=_INK)
    ax.xaxis.set_major_formatter(FuncFormatter(_thousands))
    ax.xaxis.set_major_locator(MaxNLocator(nbins=4 if narrow else 6))
    if spec.unit:
        ax.set_xlabel(spec.unit, fontsize=_FONT_PT)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    ax.grid(axis="x", color=_INK, alpha=0.15, linewidth=0.8)
    ax.set_axisbelow(True)
    ax.set_xlim(0, xmax)

    # Make room right of the longest bar for its value text: measure each text (in
    # DejaVu Sans, which is wider than most page fonts, so inherited fonts fit too)
    # and widen the axis until bar end + text fits inside it.
    fig.draw_without_rendering()
    width_px = ax.get_window_extent().width
    needed = xmax
    for end, note in notes:
        wide_px = _wide_extra(note.get_text()) * fig.dpi / 72
        text_px = (note.get_window_extent().width + wide_px) * 1.08 + 8
        free = max(width_px - text_px, width_px * 0.25)
        needed = max(needed, end * width_px / free)
    ax.set_xlim(0, needed)


def _prefix_ids(root: ET.Element, prefix: str) -> None:
    """Prefix every id and every internal reference to one with ``prefix``."""
    ids = {el.get("id") for el in root.iter() if el.get("id")}

    def ref(match: re.Match[str]) -> str:
        name = match.group(1)
        return f"url(#{prefix}{name})" if name in ids else match.group(0)

    for el in root.iter():
        if (own := el.get("id")) is not None:
            el.set("id", prefix + own)
        for key, value in list(el.attrib.items()):
            if "url(#" in value:
                el.set(key, _URL_REF.sub(ref, value))
        # Links from the spec live on <a>; only <use>-style references are internal.
        if el.tag != f"{{{_SVG_NS}}}a":
            for key in (_XLINK_HREF, "href"):
                target = el.get(key)
                if target and target.startswith("#") and target[1:] in ids:
                    el.set(key, f"#{prefix}{target[1:]}")


def _restyle(value: str) -> str:
    """Make black ink follow the page colour, and text inherit the page font."""
    value = value.replace(_INK, "currentColor")
    return re.sub(r"\s*font-family:[^;]*;?", "", value).strip()


def _colour_attributes(el: ET.Element) -> None:
    """Move a drawn colour from ``style`` to presentation attributes, which CSS overrides."""
    kept = []
    for decl in (el.get("style") or "").split(";"):
        name, _, value = decl.partition(":")
        if name.strip() in ("fill", "stroke") and value.strip().startswith("#"):
            el.set(name.strip(), value.strip())
        elif decl.strip():
            kept.append(decl.strip())
    if kept:
        el.set("style", "; ".join(kept))
    else:
        el.attrib.pop("style", None)


def _quiet_label(text: ET.Element | None) -> None:
    """Set a caption's label in a lighter tone than its value: ``178 s`` then `` · measured``."""
    if text is None or not text.text or " · " not in text.text:
        return
    value, _, label = text.text.rpartition(" · ")
    text.text = value
    quiet = ET.SubElement(text, f"{{{_SVG_NS}}}tspan", {"class": "fx-bar-label"})
    quiet.set("fill-opacity", "0.72")
    quiet.set("font-weight", "400")
    quiet.text = f" · {label}"


def _bar_class(spec: ChartSpec, bar: Bar) -> str:
    muted = spec.highlight is not None and bar.label != spec.highlight
    modelled = " fx-bar--modelled" if bar.evidence_label in MODELLED else ""
    return f"fx-bar fx-bar--{'muted' if muted else 'primary'}{modelled}"


def _postprocess(
    svg: bytes, spec: ChartSpec, bars: list[tuple[int, int, Bar]], narrow: bool = False
) -> str:
    ET.register_namespace("", _SVG_NS)
    # ElementTree (expat) drops the XML declaration, DOCTYPE and comments, and never
    # fetches external entities; matplotlib's own output is the only input here.
    root = ET.fromstring(svg)  # noqa: S314
    svg_tag = f"{{{_SVG_NS}}}"

    # RDF metadata is noise inline, and the global <style> rule (`*{...}`) would
    # leak onto the whole HTML page: move its settings onto the root instead.
    for parent in list(root.iter()):
        for child in list(parent):
            if child.tag in (svg_tag + "metadata", svg_tag + "style"):
                parent.remove(child)
    for parent in list(root.iter()):
        for child in list(parent):
            if child.tag == svg_tag + "defs" and len(child) == 0:
                parent.remove(child)
    root.set("stroke-linejoin", "round")
    root.set("stroke-linecap", "butt")

    for el in root.iter():
        if (style := el.get("style")) is not None:
            el.set("style", _restyle(style))
        # Bar links stay on the page: matplotlib adds target="_blank".
        if el.tag == svg_tag + "a":
            el.attrib.pop("target", None)
        # SVG 2 `href` works in every current browser and needs no xlink namespace.
        if (link := el.attrib.pop(_XLINK_HREF, None)) is not None:
            el.set("href", link)

    by_gid = {el.get("id"): el for el in root.iter()}
    for gi, bi, bar in bars:
        for kind in ("bar", "range"):
            drawn = by_gid.get(f"{kind}-{gi}-{bi}")
            if drawn is not None:
                drawn.set("class", _bar_class(spec, bar))
                for path in drawn.iter(svg_tag + "path"):
                    _colour_attributes(path)
        note = by_gid.get(f"value-{gi}-{bi}")
        if note is not None:
            _quiet_label(note.find(svg_tag + "text"))
        group = by_gid.get(f"bar-{gi}-{bi}")
        if group is None:  # pragma: no cover - matplotlib always emits the gid
            continue
        host = group.find(svg_tag + "a")
        tip = ET.Element(svg_tag + "title")
        tip.text = _tooltip(bar, spec.lang)
        (host if host is not None else group).insert(0, tip)

    # The narrow drawing's ids get their own prefix: both drawings share a page.
    prefix = f"{spec.chart_id}-n-" if narrow else f"{spec.chart_id}-"
    _prefix_ids(root, prefix)

    title = ET.Element(svg_tag + "title", {"id": f"{prefix}title"})
    title.text = spec.title
    desc = ET.Element(svg_tag + "desc", {"id": f"{prefix}desc"})
    desc.text = description(
        ((bar.label, bar.text, bar.evidence, bar.evidence_label) for _, _, bar in bars), spec.lang
    )
    root.insert(0, desc)
    root.insert(0, title)
    root.set("class", f"fx-chart-svg fx-chart-svg--{'narrow' if narrow else 'wide'}")
    # "group", not "img": the bars are links and must stay reachable.
    root.set("role", "group")
    root.set("aria-labelledby", f"{prefix}title {prefix}desc")
    # Unstyled text (matplotlib omits fill for black) and the font follow the page.
    root.set("fill", "currentColor")
    # The site search indexes the chart by its title and source line, not its drawing.
    root.set("data-search-exclude", "")
    root.attrib.pop("version", None)
    return ET.tostring(root, encoding="unicode")


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
    from matplotlib.backends.backend_svg import FigureCanvasSVG
    from matplotlib.figure import Figure

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
        "axes.edgecolor": _INK,
        "axes.labelcolor": _INK,
        "text.color": _INK,
        "xtick.color": _INK,
        "ytick.color": _INK,
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
            fig = Figure(
                figsize=(width, _CHROME_IN + _ROW_IN * rows),
                dpi=100,
                layout="constrained",
            )
            FigureCanvasSVG(fig)
            _draw(fig, spec, narrow)
            buf = io.BytesIO()
            fig.savefig(
                buf,
                format="svg",
                transparent=True,
                metadata={"Date": None, "Creator": None, "Format": None, "Type": None},
            )
        drawn.append(_postprocess(buf.getvalue(), spec, bars, narrow))
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

    # The key covers this module's own code, so a changed renderer never
    # serves a chart drawn by the old one.
    code = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()
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
