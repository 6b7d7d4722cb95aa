"""A published chart against the figures it draws: labels, data table, bar lengths."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from fxsite.evidence.library import Library
from fxsite.findings import Finding
from fxsite.pages.claims import ClaimProblem, resolve_claim

if TYPE_CHECKING:
    from fxsite.verify.visible import Chart, PageText

__all__ = ["check_chart"]

_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
#: Bars may differ from exact proportion by this fraction (drawing rounds to 1e-6 pt).
_TOLERANCE = 0.005


def _extent(d: str) -> tuple[float, float] | None:
    """Width and height of a bar's path (``M x y L x y ... z``)."""
    numbers = [float(n) for n in _NUMBER.findall(d)]
    if len(numbers) < 4 or len(numbers) % 2:
        return None
    xs, ys = numbers[0::2], numbers[1::2]
    return max(xs) - min(xs), max(ys) - min(ys)


def check_chart(
    rel: str, chart: Chart, library: Library, page: PageText, by_url: dict[str, str]
) -> list[Finding]:
    """Findings for one chart on page ``rel``."""
    out: list[Finding] = []

    def bad(message: str, text: str | None = None) -> None:
        out.append(Finding(rel, 1, 1, "FX612", f"chart {chart.id}: {message}", text=text))

    if not chart.rows:
        bad("has no data table")
        return out
    lengths: list[tuple[float, float]] = []
    for (bar, value, ref, label), link in zip(
        chart.rows, chart.bars + ((),) * len(chart.rows), strict=False
    ):
        claim = resolve_claim(value, f"evidence:{ref}", library)
        if isinstance(claim, ClaimProblem):
            out.append(
                Finding(rel, 1, 1, claim.code, f"chart {chart.id}: {claim.message}", text=value)
            )
            continue
        if claim.label != label:
            bad(f"{ref} is labelled {label}, the evidence says {claim.label}", value)
        if f"{value} · {label}" not in chart.texts:
            bad(f"no bar label '{value} · {label}' for {ref}", value)
        if bar not in chart.texts:
            bad(f"bar name {bar!r} is not drawn", bar)
        if not link or not link[0].endswith(f"#{ref.split('#', 1)[1]}"):
            bad(f"bar for {ref} does not link to its figure")
            continue
        sizes = [_extent(d) for d in link[1]]
        fig = claim.value
        if fig is not None and sizes and sizes[0] is not None and fig.high is None:
            lengths.append((float(fig.low), sizes[0][0]))
    desc = "; ".join(f"{bar}: {value} ({label}, {ref})" for bar, value, ref, label in chart.rows)
    if chart.desc != desc:
        bad("its description differs from its data", chart.desc[:80])
    ratios = [length / value for value, length in lengths if value > 0]
    if ratios and max(ratios) - min(ratios) > _TOLERANCE * max(ratios):
        bad("bar lengths are not proportional to the figures")
    if len(chart.bars) != len(chart.rows):
        bad(f"{len(chart.bars)} linked bars for {len(chart.rows)} figures")
    return out
