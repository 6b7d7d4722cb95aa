"""What a chart draws: :class:`ChartSpec` of :class:`Group` s of :class:`Bar` s, and its checks.

Each bar is one figure from an evidence record. :func:`validate_chart` refuses a spec
that cannot be drawn honestly; :func:`safe_href` keeps only relative or http(s) links.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from fxsite.evidence.models import LABELS
from fxsite.render.messages import DEFAULT

__all__ = ["MODELLED", "Bar", "ChartSpec", "Group", "safe_href", "validate_chart"]

#: Labels drawn in the lighter "modelled" style: a tint with a dashed outline.
MODELLED = frozenset({"estimate"})
_CHART_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,63}")


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


def validate_chart(spec: ChartSpec) -> None:
    """Raise ValueError for a spec :func:`fxsite.render.charts.render_chart` cannot draw."""
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
