"""Names with a hyphen and a digit stay on one line: fxsite.render.nobreak, in-process."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import markdown
import pytest
from sitekit import FIXTURE_EXTENSIONS, href_for, library
from timelimit import Overrun, cpu_time

from fxsite.markdown import PageRenderer, check_page
from fxsite.render.nobreak import NAME, keep_names_whole

# (text, the names kept whole)
ROWS: list[tuple[str, list[str]]] = [
    ("an 8-GPU 32B LoRA run", ["8-GPU"]),
    ("Qwen-7B on 64-GPU and 256-GPU clusters", ["Qwen-7B", "64-GPU", "256-GPU"]),
    ("gates G1–G4", ["G1–G4"]),
    ("第8-GPU集群", ["8-GPU"]),  # Chinese around it is not held
    # near misses: no digit, or no letter (a range, a date), or inside a decimal
    ("full-model snapshot, NVMe-oF", []),
    ("6.2–9.3× and 1.5–2×", []),
    ("on 2026-03-14", []),
    ("a 3.5-inch bay", []),
]


@pytest.mark.parametrize(("text", "names"), ROWS, ids=[r[0] for r in ROWS])
def test_names_with_a_hyphen_and_a_digit(text: str, names: list[str]) -> None:
    assert [m.group() for m in NAME.finditer(text)] == names


def _html(source: str) -> str:
    root = ET.fromstring(markdown.markdown(source))  # one element: wrapped below
    keep_names_whole(root)
    return ET.tostring(root, encoding="unicode")


@pytest.mark.parametrize(
    ("source", "html"),
    [
        (
            "<p>An 8-GPU run, a <em>64-GPU</em> one.</p>",
            '<p>An <span class="fx-nobr">8-GPU</span> run, a '
            '<em><span class="fx-nobr">64-GPU</span></em> one.</p>',
        ),
        ("<p>Run <code>8-GPU</code> as is.</p>", "<p>Run <code>8-GPU</code> as is.</p>"),
        (
            '<p><a data-fx-ref="R1#x" href="#">8-GPU</a> and 8-GPU</p>',
            '<p><a data-fx-ref="R1#x" href="#">8-GPU</a> and <span class="fx-nobr">8-GPU</span></p>',
        ),
        ("<p>No names here.</p>", "<p>No names here.</p>"),
    ],
)
def test_names_are_wrapped_in_text_and_tails_not_in_code_or_claims(source: str, html: str) -> None:
    assert _html(source) == html


def test_a_page_keeps_its_text_headings_and_claims() -> None:
    """Through the page renderer: the heading id and the claim are as before, the check clean."""
    source = (
        "# Checkpoints on 8-GPU clusters\n\nSaves took [178 s](evidence:R1#save_time_baseline)"
        " on an 8-GPU node.\n"
    )
    renderer = PageRenderer(FIXTURE_EXTENSIONS, {"toc": {"permalink": True}})
    html, findings = check_page(source, "docs/p.md", library(), href_for, renderer)
    assert findings == []
    assert 'id="checkpoints-on-8-gpu-clusters"' in html
    assert html.count('<span class="fx-nobr">8-GPU</span>') == 2
    assert ">178\u00a0s<" in html or ">178 s<" in html


def _many_tails(count: int) -> ET.Element:
    root = ET.Element("p")
    for _ in range(count):
        code = ET.SubElement(root, "code")
        code.text, code.tail = "x", " an 8-GPU and an A-100 node "
    return root


def test_wrapping_takes_time_linear_in_an_elements_children() -> None:
    """A paragraph of many inline elements, each tail holding names (stray backticks make
    one): 8x the children take less than 16x the CPU time (a span inserted at a child
    found by its index was quadratic: 40,000 children took 5.5 s)."""
    small = cpu_time(lambda: keep_names_whole(_many_tails(2_500)), repeat=3, limit_s=5)
    large = _many_tails(20_000)
    bound = max(16 * small, 0.5)
    try:
        cpu_time(lambda: keep_names_whole(large), repeat=1, limit_s=bound)
    except Overrun:
        pytest.fail(f"8x the children took more than 16x the time (over {bound:.3f} s)")
    assert len(large) == 60_000  # two names a tail, each a span
