"""Lines as drawn: no heading gets a line for its hidden permalink, names stay whole,
and every chart shows its source line with bars in the theme's colour, light and dark."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from conftest import Drawn

pytestmark = pytest.mark.browser

# Headings whose permalink is drawn below their last line of text.
STRANDED_JS = """() => [...document.querySelectorAll(
    '.md-typeset :is(h1, h2, h3, h4, h5, h6)')].flatMap(h => {
  const link = h.querySelector(':scope > a.headerlink');
  if (!link || !link.getClientRects().length) return [];
  const text = document.createRange();
  text.setStartBefore(h.firstChild);
  text.setEndBefore(link);
  const rects = [...text.getClientRects()].filter(r => r.width > 0);
  if (!rects.length) return [];
  const bottom = Math.max(...rects.map(r => r.bottom));
  return link.getBoundingClientRect().top >= bottom - 2 ? [h.textContent] : [];
})"""

# Each name kept whole, as the number of lines it is drawn on.
NAMES_JS = """() => [...document.querySelectorAll('article .fx-nobr')]
  .filter(n => n.getClientRects().length)
  .map(n => ({text: n.textContent, lines: new Set([...n.getClientRects()].map(r => r.top)).size}))"""

CHARTS_JS = """() => [...document.querySelectorAll('article figure.fx-chart')].map(f => {
  const source = f.querySelector('.fx-chart-source');
  const bar = [...f.querySelectorAll('svg.fx-chart-svg .fx-bar--primary path')]
    .find(p => p.getClientRects().length);
  const primary = getComputedStyle(f).getPropertyValue('--fx-chart-primary').trim();
  const probe = document.createElement('span');
  probe.style.color = primary;
  f.append(probe);
  const expected = getComputedStyle(probe).color;
  probe.remove();
  return {id: f.id, source: source && source.getClientRects().length ? source.textContent : '',
          fill: bar ? getComputedStyle(bar).fill : '', expected};
})"""


#: Read on every page by the sweep (conftest.py's ``drawn``), one load a page and session.
SWEEP = {
    "stranded": (STRANDED_JS, ("desktop", "phone")),
    "names": (NAMES_JS, ("phone",)),
    "charts": (CHARTS_JS, ("desktop", "dark", "phone_dark")),
}


@pytest.mark.parametrize("session_name", ["desktop", "phone"])
def test_no_heading_has_a_line_for_its_permalink(drawn: Drawn, session_name: str) -> None:
    found = drawn(session_name, "stranded")
    stranded = [f"{p}: {h!r}" for p, headings in found.items() for h in headings]
    assert not stranded, "\n".join(stranded)


def test_names_with_a_hyphen_stay_on_one_line(drawn: Drawn) -> None:
    names = [(p, n) for p, found in drawn("phone", "names").items() for n in found]
    assert names, "no name kept whole on any page (8-GPU is in the demo)"
    split = [f"{p}: {n['text']!r} on {n['lines']} lines" for p, n in names if n["lines"] > 1]
    assert not split, "\n".join(split)


@pytest.mark.parametrize("session_name", ["desktop", "dark", "phone_dark"])
def test_every_chart_shows_its_source_and_the_theme_colour(drawn: Drawn, session_name: str) -> None:
    charts = [(p, c) for p, found in drawn(session_name, "charts").items() for c in found]
    assert charts, "no chart on any page"
    for page, chart in charts:
        assert chart["source"].startswith(("Source", "来源")), f"{page} {chart['id']}: no source"
        assert chart["fill"] == chart["expected"], f"{page} {chart['id']}: {chart}"
