"""Property: a project that ``fxsite check`` passes builds, and its site audits clean.

Small projects are generated (records with stated and derived figures of
random precision, pages citing them among words, names and numbers) so that
the source check, the build's gate and the auditor must agree on each.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st
from sitekit import fxsite_here

from fxsite.evidence.quantities import format_quantity
from fxsite.verify import verify_site

pytestmark = pytest.mark.slow

CONFIG = """\
site_name: Generated
site_url: https://generated.example/
theme:
  name: material
  font: false
markdown_extensions:
  - attr_list
  - md_in_html
  - tables
  - toc:
      permalink: true
plugins:
  - search
  - fxsite
"""

UNITS = ["s", "GB/s", "×", "%", "GB", "ms", "USD"]
LABELS = ["measured", "spec", "public", "estimate"]
WORDS = [
    "storage",
    "the",
    "array",
    "32B LoRA",
    "8-GPU",
    "MkDocs 1.6",
    "report",
    "R1",
    "20 saves",
    "faster",
    "(see below)",
    "2026-03-14",
]


@st.composite
def figures(draw: st.DrawFn) -> tuple[str, Decimal, str, str]:
    name = draw(st.sampled_from(["alpha", "beta", "gamma", "delta"]))
    decimals = draw(st.integers(0, 3))
    units = draw(st.integers(1, 10**6))
    value = Decimal(units).scaleb(-decimals)
    return name, value, draw(st.sampled_from(UNITS)), draw(st.sampled_from(LABELS))


@st.composite
def projects(draw: st.DrawFn) -> dict[str, str]:
    figs = {f[0]: f for f in draw(st.lists(figures(), min_size=1, max_size=4))}
    label = draw(st.sampled_from(LABELS))
    lines = [
        "id: R1",
        "title: Generated record",
        f"label: {label}",
        "status: active",
        "date: 2026-03-14",
        "source:",
        "  issuer: Lab",
        "  sha256: f16d05ec6b29248d2c61adb1e9263f78e4f7bace1b955014a2d17872cfe4064d",
        "figures:",
    ]
    for name, value, unit, fig_label in figs.values():
        lines.append(f'  {name}: {{value: {value}, unit: "{unit}", label: {fig_label}}}')
    first = next(iter(figs.values()))
    decimals = draw(st.integers(0, 4))
    lines += [
        "derived:",
        f'  ratio: {{formula: "{first[0]} * 3 / 2", unit: "{first[2]}", decimals: {decimals}}}',
    ]
    sentences = []
    for name, value, unit, _ in figs.values():
        shown = format_quantity(
            value, None, unit, -value.as_tuple().exponent if value.as_tuple().exponent < 0 else 0
        )  # type: ignore[operator]
        filler = " ".join(draw(st.lists(st.sampled_from(WORDS), max_size=4)))
        sentences.append(f"{filler} [{shown}](evidence:R1#{name}) {filler}.")
    sentences.append("The ratio is [](evidence:R1#ratio).")
    page = "# Generated\n\n" + "\n\n".join(sentences) + "\n"
    return {
        "evidence/R1.yaml": "\n".join(lines) + "\n",
        "docs/index.md": page,
        "mkdocs.yml": CONFIG,
    }


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(files=projects())
def test_checked_project_builds_and_audits_clean(
    files: dict[str, str], check: Callable[[Path], tuple[int, list[dict[str, Any]]]]
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for rel, text in files.items():
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            (root / rel).write_text(text, encoding="utf-8")
        checked, _ = check(root)  # in-process, as the build below
        assume(checked == 0)
        built = fxsite_here("build", str(root), cwd=root)
        assert built.returncode == 0, built.stdout + built.stderr
        assert verify_site(root / "site") == []
