"""An ``evidence-chart`` that check passes, the build publishes: the gate finds nothing
wrong with fxsite's own chart (blind78, 5b–5f).

The build refused, after check passed, a chart whose bars differ by a million times
(the smallest drawn at no length), whose bar's label is cut on a phone's drawing (the
gate looked for it whole) or is empty, two bars citing one figure (the gate tells tooltips by figure), an estimate drawn
in a chart alone (the page's estimate note counted no estimate), and a Chinese label
broken over two lines. Each row is a page in, read as check reads it, and, where check
passes it, its rendered HTML read as the gate reads it: both must agree.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from sitekit import fixture_renderer, href_for

from fxsite.evidence.library import Library, load_library
from fxsite.markdown import check_page, render_page
from fxsite.pages.page import process_page
from fxsite.pages.sections import compose
from fxsite.render.charts import render_chart
from fxsite.verify.charts import check_chart
from fxsite.verify.markers import marker_problems
from fxsite.verify.visible import PageText, page_text

RECORDS = {
    "R2": (
        "id: R2\ntitle: Two runs\nlabel: spec\nstatus: active\nsource: {issuer: Lab}\n"
        "figures:\n  a: {value: 2000000, unit: s}\n  b: {value: 1, unit: s}\n"
        "  c: {value: 0.5, unit: s}\n  d: {value: 6.40, unit: s}\n"
    ),
    "E1": (
        "id: E1\ntitle: A model\nlabel: estimate\nstatus: active\n"
        "setup: {system: modelled cluster}\nfigures:\n  x: {value: 3, unit: s}\n"
    ),
}


@pytest.fixture(scope="module")
def lib(tmp_path_factory: pytest.TempPathFactory) -> Library:
    root = tmp_path_factory.mktemp("charts")
    (root / "evidence").mkdir()
    for name, text in RECORDS.items():
        (root / "evidence" / f"{name}.yaml").write_text(text, "utf-8")
    library = load_library(root / "evidence", root)
    assert [f for f in library.findings if f.severity == "error"] == []
    return library


def _page(*bars: tuple[str, str]) -> str:
    listed = "".join(f'  - {{label: "{label}", ref: {ref}}}\n' for label, ref in bars)
    return f"# T\n\n```evidence-chart\ntitle: Saves\nbars:\n{listed}```\n"


def _checked(page: str, lib: Library) -> list[tuple[str, int, str]]:
    found = check_page(page, "docs/p.md", lib, href_for, fixture_renderer())[1]
    return [(f.code, f.line, f.message) for f in found if f.severity == "error"]


def _drawn(page: str, lib: Library) -> PageText:
    """The page as the build renders it, its charts drawn, read as the gate reads it."""
    result = process_page(page, "docs/p.md", lib, href_for, render_chart)
    html = render_page(result, page, lib, href_for, fixture_renderer())[0]
    html = compose(result, lib, href_for).fill(html, result.claims)  # its notes, as the build
    read = page_text(f"<html><body><article>{html}</article></body></html>")
    assert read.charts
    return read


def _gated(read: PageText, lib: Library) -> list[str]:
    """What the gate finds in a page: its charts and its marks."""
    found = [f.message for chart in read.charts for f in check_chart("p/index.html", chart, lib)]
    return found + [message for message, _ in marker_problems(read, lib)]


# (name, the bars, what check says at which line, or None: check and the gate pass it)
ROWS = [
    # refused by check, at the bar's line, as the build refused them
    ("an empty label", (("", "R2#a"), ("B", "R2#b")), (6, "a bar's label names what it shows")),
    ("a label of spaces", (("  ", "R2#a"), ("B", "R2#b")), (6, "a bar's label names what it shows")),
    ("two bars of one figure", (("A", "R2#d"), ("B", "R2#d")), (7, "another bar draws R2#d")),
    # near misses: drawn whole, and the gate agrees
    ("a label with spaces around it", (("  A  ", "R2#d"), ("C", "R2#c")), None),
    ("a label of two lines on a phone", (("Baseline NVMe single", "R2#d"), ("B", "R2#c")), None),
    ("a label a phone's drawing cuts", (("Baseline (local NVMe single drive)", "R2#d"), ("B", "R2#c")), None),
    ("a label of sixty characters", (("A baseline of a local NVMe drive, single, in an eight-GPU node", "R2#d"), ("B", "R2#c")), None),
    ("a Chinese label over two lines", (("基线本地固态硬盘单盘八卡训练节点配置", "R2#d"), ("B", "R2#c")), None),
    ("bars a million times apart", (("A", "R2#a"), ("B", "R2#b")), None),
    ("bars four million times apart", (("A", "R2#a"), ("B", "R2#c")), None),
    ("an estimate in a chart alone", (("A", "E1#x"), ("B", "R2#c")), None),
]  # fmt: skip


@pytest.mark.parametrize(("bars", "refused"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_check_refuses_what_the_gate_would_and_the_gate_passes_what_check_does(
    lib: Library, bars: tuple[tuple[str, str], ...], refused: tuple[int, str] | None
) -> None:
    page = _page(*bars)
    found = _checked(page, lib)
    if refused is None:
        assert found == []
        assert _gated(_drawn(page, lib), lib) == []
    else:
        line, says = refused
        assert [(code, at) for code, at, _ in found] == [("FX604", line)], found
        assert says in found[0][2]


def test_a_chart_drawn_wrong_is_still_refused(lib: Library) -> None:
    """The gate's leave for a bar under a pixel long is no leave for a bar drawn under a
    pixel that its figure makes long: the smaller of two bars 13 times apart, drawn at a
    hundredth of its length."""
    read = _drawn(_page(("A", "R2#d"), ("B", "R2#c")), lib)
    assert _gated(read, lib) == []
    (chart,) = read.charts
    drawing = chart.drawings[0]
    shrunk = []
    for href, paths in drawing.bars:
        if href.endswith("#c"):
            paths = tuple(_shrunk(path) for path in paths)
        shrunk.append((href, paths))
    tampered = replace(chart, drawings=(replace(drawing, bars=tuple(shrunk)),))
    found = check_chart("p/index.html", tampered, lib)
    assert any("not proportional" in f.message for f in found), found


def _shrunk(path: str) -> str:
    """A bar's path drawn from its start at a hundredth of its length."""
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", path)]
    x0 = min(numbers[0::2])
    return re.sub(
        r"(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)",
        lambda m: f"{x0 + (float(m[1]) - x0) / 100:.4f} {m[2]}",
        path,
    )


def test_a_name_cut_otherwise_than_the_drawing_cuts_it_is_refused(lib: Library) -> None:
    """A phone's drawing cuts a long bar name after two lines, as the chart's wrapping
    does; a name cut elsewhere ("Baseline …", its qualifier dropped) is not drawn."""
    name = "Baseline (local NVMe single drive)"
    read = _drawn(_page((name, "R2#d"), ("B", "R2#c")), lib)
    (chart,) = read.charts
    narrow = chart.drawings[1]
    cut = tuple(t for t in narrow.texts if not name.startswith(t.removesuffix(" …")))
    tampered = replace(
        chart, drawings=(chart.drawings[0], replace(narrow, texts=(*cut, "Baseline …")))
    )
    found = check_chart("p/index.html", tampered, lib)
    assert [f.message for f in found] == [f"chart {chart.id}: bar name '{name}' is not drawn"]
