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
the words :mod:`fxsite.render.chart_text`, the drawing in matplotlib
:mod:`fxsite.render.chart_figure`.
"""

from __future__ import annotations

import functools
import hashlib
import html
import io
import os
import threading
import warnings
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any, cast

from fxsite.render.chart_figure import FONT_PT, NARROW_IN, PRIMARY, WIDTH_IN, draw_figure
from fxsite.render.chart_spec import Bar, ChartSpec, safe_href, validate_chart
from fxsite.render.chart_svg import INK, finish_svg
from fxsite.render.chart_text import label_word
from fxsite.render.messages import message

__all__ = ["PRIMARY", "chart_style_css", "render_chart", "render_chart_cached"]

#: The modules whose code decides a chart's output, for the cache key.
_RENDERER_FILES = (
    "charts.py",
    "chart_figure.py",
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
            cells += [esc(bar.label), esc(bar.text), _evidence_cell(bar), esc(word)]
            lines.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    lines += ["</tbody>", "</table></div>"]
    return "\n".join(lines)


def _evidence_cell(bar: Bar) -> str:
    """The data table's evidence cell: the figure's reference, a link to it as the bar is
    (a screen reader's table is read as its chart: blind84), out of the Tab order as the
    visually hidden table is out of sight."""
    ref, href = html.escape(bar.evidence), safe_href(bar.href)
    if href is None:
        return ref
    return f'<a href="{html.escape(href, quote=True)}" tabindex="-1">{ref}</a>'


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
        "font.size": FONT_PT,
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
    for width, narrow in ((WIDTH_IN, False), (NARROW_IN, True)):
        with (
            _RENDER_LOCK,
            matplotlib.rc_context(cast(Any, {**base, **rc})),
            warnings.catch_warnings(),
        ):
            # Chinese text is measured in DejaVu Sans (no other font is certain to be
            # installed: the output must not depend on the machine) and drawn in the page's.
            warnings.filterwarnings("ignore", "Glyph .* missing from font", UserWarning)
            fig = draw_figure(spec, width, rows, narrow)
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


#: Charts this process drew, by :func:`_key`: a build's pages and a later build in the same
#: process (``mkdocs serve``, the tests) draw a spec once. Bounded; the oldest go first.
_DRAWN: dict[str, str] = {}
_DRAWN_MAX = 256


@functools.cache
def _renderer_code() -> str:
    """A digest of the renderer's own code (:data:`_RENDERER_FILES`), read once a process:
    its modules are not reloaded while it runs."""
    here = Path(__file__).parent
    return hashlib.sha256(
        b"".join((here / name).read_bytes() for name in _RENDERER_FILES)
    ).hexdigest()


def _key(spec: ChartSpec) -> str:
    """What a drawing of ``spec`` depends on: the spec, fxsite's and matplotlib's versions and
    the renderer's code, so a changed renderer never serves a chart drawn by the old one."""
    from importlib.metadata import version

    from fxsite import __version__

    return hashlib.sha256(
        repr((__version__, _renderer_code(), version("matplotlib"), spec)).encode()
    ).hexdigest()


def render_chart_cached(spec: ChartSpec, cache_dir: Path | None) -> str:
    """:func:`render_chart`, memoised in this process and on disk by what it depends on
    (:func:`_key`).

    Rendering is deterministic, so a chart whose spec, fxsite and matplotlib versions
    are unchanged is read back instead of drawn again: later builds (and every ``mkdocs
    serve`` rebuild) skip importing matplotlib entirely. The cache folder is read first;
    a chart it lacks that this process drew is written to it from the process's memo.
    """
    key = _key(spec)
    cached = cache_dir / f"chart-{key[:32]}.html" if cache_dir is not None else None
    if cached is not None:  # the cache folder first: what a build there reads back
        try:
            return cached.read_text(encoding="utf-8")
        except OSError:
            pass
    out = _DRAWN.get(key)
    if out is None:
        out = render_chart(spec)
        _remember(key, out)
    if cached is not None:
        try:
            cached.parent.mkdir(parents=True, exist_ok=True)
            partial = cached.with_suffix(f".{os.getpid()}.tmp")
            partial.write_text(out, encoding="utf-8")
            partial.replace(cached)  # atomic: a concurrent build never reads half a file
        except OSError:
            pass  # a read-only cache is no reason to fail a build
    return out


def _remember(key: str, out: str) -> None:
    if len(_DRAWN) >= _DRAWN_MAX:  # threads may draw at once: each step is one dict call
        _DRAWN.pop(next(iter(_DRAWN), ""), None)
    _DRAWN[key] = out
