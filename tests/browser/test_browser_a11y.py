"""axe-core (from the npm registry) on every page: no serious or critical violations.

Each page is checked in the light scheme with every axe rule, and in the dark
scheme with the rules that depend on colour. Violations the lead must fix in
fxsite are listed in KNOWN (see BROWSER_NOTES.md): the per-page tests fail on
anything else, and each KNOWN entry has a strict xfail test that turns into a
failure (XPASS) once it is fixed, so the entry must then be deleted.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from conftest import Drawn, Session
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

BLOCKING = {"serious", "critical"}
# The dark palette changes colours only: check what depends on them.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]

# (rule id, regex over "<target> <html>" of a failing node, reason)
KNOWN: dict[str, tuple[str, str, str]] = {}

RUN_AXE = """async only => {
  const options = {resultTypes: ['violations']};
  if (only) options.runOnly = {type: 'rule', values: only};
  const result = await axe.run(document, options);
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl.replace(/\\?.*/, ''),
    nodes: v.nodes.map(n => ({
      target: n.target.join(' '),
      html: n.html.replace(/\\s+/g, ' ').slice(0, 160),
      summary: (n.failureSummary || '').replace(/\\s+/g, ' ').slice(0, 300)}))
  }));
}"""

Violations = list[dict[str, Any]]


@pytest.fixture(scope="session")
def axe_results(
    desktop: Session, dark: Session, drawn: Drawn, all_pages: list[str], axe_js: Path
) -> Callable[[str, str], Violations]:
    """``axe_results(path, scheme)``: serious/critical violations, computed once per page
    (every page of the site in one go, on the sweep's loads when they are still to come)."""
    cache: dict[tuple[str, str], Violations] = {}

    def check(path: str, page: Page, scheme: str) -> None:
        want = "slate" if scheme == "dark" else "default"
        assert page.locator("body").get_attribute("data-md-color-scheme") == want
        page.add_script_tag(path=str(axe_js))
        found = page.evaluate(RUN_AXE, COLOUR_RULES if scheme == "dark" else None)
        cache[path, scheme] = [v for v in found if v["impact"] in BLOCKING]

    def run(path: str, scheme: str) -> Violations:
        session_name = "dark" if scheme == "dark" else "desktop"
        if (path, scheme) not in cache and path in all_pages:
            drawn.each(session_name, lambda p, page: check(p, page, scheme))
        if (path, scheme) not in cache:
            check(path, (dark if scheme == "dark" else desktop).goto(path), scheme)
        return cache[path, scheme]

    return run


def known_entry(rule: str, node: dict[str, Any]) -> str | None:
    for name, (known_rule, pattern, _) in KNOWN.items():
        if rule == known_rule and re.search(pattern, f"{node['target']} {node['html']}"):
            return name
    return None


def unknown(violations: Violations) -> Violations:
    out = []
    for v in violations:
        nodes = [n for n in v["nodes"] if known_entry(v["id"], n) is None]
        if nodes:
            out.append({**v, "nodes": nodes})
    return out


def report(where: str, violations: Violations) -> str:
    lines = [f"{where}: serious/critical axe violations"]
    for v in violations:
        lines.append(f"- {v['id']} ({v['impact']}): {v['help']} <{v['helpUrl']}>")
        for n in v["nodes"][:8]:
            lines.append(f"    {n['target']}: {n['html']}")
            lines.append(f"      {n['summary']}")
        if len(v["nodes"]) > 8:
            lines.append(f"    ... and {len(v['nodes']) - 8} more")
    return "\n".join(lines)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe(page_path: str, scheme: str, axe_results: Callable[[str, str], Violations]) -> None:
    new = unknown(axe_results(page_path, scheme))
    assert not new, report(f"{page_path} ({scheme})", new)


@pytest.mark.parametrize(
    "name",
    [pytest.param(n, marks=pytest.mark.xfail(strict=True, reason=KNOWN[n][2])) for n in KNOWN],
)
def test_known_axe_violation_is_fixed(
    name: str, all_pages: list[str], axe_results: Callable[[str, str], Violations]
) -> None:
    still = []
    for path in all_pages:
        for scheme in ("light", "dark"):
            for v in axe_results(path, scheme):
                hits = [n for n in v["nodes"] if known_entry(v["id"], n) == name]
                if hits:
                    still.append(f"{path} ({scheme}): {hits[0]['target']} and {len(hits) - 1} more")
    assert not still, f"{name}: {KNOWN[name][2]}\n  " + "\n  ".join(still)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_on_the_404_page(scheme: str, axe_results: Callable[[str, str], Violations]) -> None:
    """The page for a missing address is not in the crawl (it is no index.html)."""
    new = unknown(axe_results("/404.html", scheme))
    assert not new, report(f"/404.html ({scheme})", new)
