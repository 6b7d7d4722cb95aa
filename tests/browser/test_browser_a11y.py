"""axe-core (from the npm registry) on every page: no serious or critical violations."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import Session, Visit

pytestmark = pytest.mark.browser

BLOCKING = {"serious", "critical"}

RUN_AXE = """async only => {
  const options = {resultTypes: ['violations']};
  if (only) options.runOnly = {type: 'rule', values: only};
  const result = await axe.run(document, options);
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html.replace(/\\s+/g, ' ').slice(0, 160),
                              summary: (n.failureSummary || '').replace(/\\s+/g, ' ').slice(0, 240)}))
  }));
}"""


def axe(page: Any, axe_js: Path, only: list[str] | None = None) -> list[dict[str, Any]]:
    page.add_script_tag(path=str(axe_js))
    violations: list[dict[str, Any]] = page.evaluate(RUN_AXE, only)
    return violations


def report(path: str, violations: list[dict[str, Any]]) -> str:
    lines = [f"{path}: {len(violations)} serious/critical axe violation(s)"]
    for v in violations:
        lines.append(f"- {v['id']} ({v['impact']}): {v['help']} <{v['helpUrl']}>")
        for n in v["nodes"][:8]:
            lines.append(f"    {n['target']}: {n['html']}")
            lines.append(f"      {n['summary']}")
        if len(v["nodes"]) > 8:
            lines.append(f"    ... and {len(v['nodes']) - 8} more")
    return "\n".join(lines)


def test_axe_light(page_path: str, visit: Visit, axe_js: Path) -> None:
    page = visit(page_path)
    violations = [v for v in axe(page, axe_js) if v["impact"] in BLOCKING]
    assert not violations, report(page_path, violations)


# The dark palette changes colours only: check what depends on them.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def test_axe_dark_colours(page_path: str, visit: Visit, dark: Session, axe_js: Path) -> None:
    page = visit(page_path, session=dark)
    assert page.locator("body").get_attribute("data-md-color-scheme") == "slate"
    violations = [v for v in axe(page, axe_js, COLOUR_RULES) if v["impact"] in BLOCKING]
    assert not violations, report(page_path + " (dark)", violations)
