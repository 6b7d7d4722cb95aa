"""Blind test 7 (issue #20): findings at the text they are about, FAQ reference claims,
footnote marks after a figure, and the FAQ's structured data as the page shows it.

In-process rows through the one reader check and build share
(:func:`fxsite.markdown.check_page`): a page in, ``(code, line, col)`` of each finding
out; each refused row has a near miss that must pass or be placed elsewhere.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from sitekit import (
    PAGE_PATH,
    check_and_build,
    finding_lines,
    fixture_renderer,
    href_for,
    library,
    page_claims,
    page_findings,
    rows_site,
)

from fxsite.markdown import check_page
from fxsite.pages.faq import faq_json_ld
from fxsite.pages.page import process_page
from fxsite.verify.reading import detect
from fxsite.verify.visible import page_text

LIB = library()
CLAIM = "[94 s](evidence:R1#save_time_fx100)"


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        pytest.param(
            f'# Home\n\nA save took {CLAIM}.\n\n## Results {{ data-toc-label="Took 94 s" }}\n',
            [("FX501", 5, 35)],
            id="toc-label-after-a-claim-of-its-text",
        ),
        pytest.param(
            f'# Home\n\nA save took {CLAIM}.\n\n## Results {{ data-toc-label="Results" }}\n',
            [],
            id="near-miss-toc-label-without-a-figure",
        ),
        pytest.param(
            '# Home\n\nFirst: 1<span style="opacity:0">X</span>1 s per save.\n\n'
            'Second: page 1<span style="margin:1px">Y</span> is fine.\n',
            [("FX501", 3, 8)],
            id="hidden-split-placed-at-its-line-not-at-attribute-digits",
        ),
        pytest.param(
            '# Home\n\nFirst: 1<span style="opacity:0">X</span>1 s per save.\n',
            [("FX501", 3, 8)],
            id="near-miss-hidden-split-alone",
        ),
    ],
)
def test_findings_stand_at_their_text(source: str, expected: list[tuple[str, int, int]]) -> None:
    assert page_findings(source, LIB) == expected


@pytest.mark.parametrize(
    "first",
    [
        pytest.param("took 1<label></label>", id="claim-before-glued-through-an-empty-label"),
        pytest.param("took ", id="near-miss-claim-before-not-glued"),
    ],
)
def test_glued_finding_at_the_claim_its_character_is_glued_to(first: str) -> None:
    source = f"# Home\n\nCase a: {first}{CLAIM} per save.\n\nCase c: took 3<span></span>{CLAIM}.\n"
    _, findings = check_page(source, PAGE_PATH, LIB, href_for, fixture_renderer())
    glued = {f.message.split("'")[1]: (f.line, f.col) for f in findings if f.code == "FX503"}
    assert glued["3"] == (5, 29)


_FAQ = '---\nfaq:\n  - q: How long?\n    a: "Saves take {answer} each."\n---\n# Home\n\n{body}\n'


@pytest.mark.parametrize(
    ("answer", "body", "expected"),
    [
        pytest.param(
            "[94 s][x]",
            f"A save took {CLAIM}.\n\n[x]: evidence:R1#save_time_fx100",
            [],
            id="reference-claim-defined-in-the-body",
        ),
        pytest.param(
            "[94 s][X  y]",
            "Text.\n\n[x y]: evidence:R1#save_time_fx100",
            [],
            id="reference-label-matched-as-markdown-does",
        ),
        pytest.param(
            "[95 s][x]",
            "Text.\n\n[x]: evidence:R1#save_time_fx100",
            [("FX403", 4, 20)],
            id="misstated-reference-claim-refused-at-the-answer",
        ),
        pytest.param(
            "94 s",
            f"A save took {CLAIM}.\n\n[x]: evidence:R1#save_time_fx100",
            [("FX501", 4, 20)],
            id="near-miss-bare-answer-refused-at-the-answer",
        ),
    ],
)
def test_faq_reference_claims(answer: str, body: str, expected: list[tuple[str, int, int]]) -> None:
    found = page_findings(_FAQ.format(answer=answer, body=body), LIB)
    assert [f for f in found if f[0] != "FX310"] == expected


def test_faq_reference_claim_is_one_in_the_answer() -> None:
    source = _FAQ.format(answer="[94 s][x]", body="Text.\n\n[x]: evidence:R1#save_time_fx100")
    assert page_claims(source, LIB) == ["R1#save_time_fx100"]
    result = process_page(source, "docs/p.md", LIB, href_for)
    assert result.faq[0].answer_text == "Saves take 94 s each."


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("# Home\n\nEach save took 66 s¹ on the array.\n", [("FX501", 3, 16)]),
        ("# Home\n\nEach save took 3 min² on the array.\n", [("FX501", 3, 16)]),
        ("# Home\n\nSaves are 1.8×¹ faster.\n", [("FX501", 3, 11)]),
        ("# Home\n\nThe hall is 3 m² wide.\n", [("FX501", 3, 13)]),
        ("# Home\n\nThe Model X¹ ships in spring.\n", []),
        ("# Home\n\n| Run | Save time (s) |\n|---|---|\n| FX100 | 61 ± 2 |\n", [("FX501", 5, 11)]),
        ("# Home\n\n| Run | Save time (s) |\n|---|---|\n| Baseline | 63* |\n", [("FX501", 5, 14)]),
        ("# Home\n\n| Run | Save time (s) |\n|---|---|\n| Other | ~64† |\n", [("FX501", 5, 11)]),
        (
            "# Home\n\n| Run | Save time (s) |\n|---|---|\n| Four | 65 (median) |\n",
            [("FX501", 5, 10)],
        ),
        ("# Home\n\n| Run | Save time (s) |\n|---|---|\n| Five | 66–70 s¹ |\n", [("FX501", 5, 10)]),
        ("# Home\n\n| Run | Save time (s) |\n|---|---|\n| Six | n/a* |\n", []),
        ("# Home\n\n| Run | Save time (s) |\n|---|---|\n| Seven | (median)* |\n", []),
    ],
    ids=[
        "unit-then-superscript-mark",
        "minutes-then-superscript-mark",
        "ratio-then-superscript-mark",
        "area-unit-still-read",
        "near-miss-name-with-a-mark",
        "cell-with-uncertainty",
        "cell-with-asterisk",
        "cell-with-dagger",
        "cell-with-parenthesis",
        "cell-range-with-unit-and-mark",
        "near-miss-cell-of-words-with-a-mark",
        "near-miss-cell-parenthesis-alone",
    ],
)
def test_footnote_marks_leave_a_figure(source: str, expected: list[tuple[str, int, int]]) -> None:
    assert page_findings(source, LIB) == expected


@pytest.mark.parametrize(
    ("answer", "shown"),
    [
        ("Each save took 96 &lt;b&gt;s&lt;/b&gt; on the array.", "96 &lt;b&gt;s&lt;/b&gt;"),
        ("Each save took 97&amp;nbsp;s on the array.", "97&amp;nbsp;s"),
        ("Saves are *fast* & safe.", "fast &amp; safe"),
    ],
    ids=["escaped-tags", "escaped-entity", "plain-ampersand-escaped"],
)
def test_faq_json_ld_text_is_the_pages_text(answer: str, shown: str) -> None:
    source = f'---\nfaq:\n  - q: How long?\n    a: "{answer}"\n---\n# Home\n\nText.\n'
    result = process_page(source, "docs/p.md", LIB, href_for)
    script = re.sub(r"</?script[^>]*>", "", faq_json_ld(result))
    text = json.loads(script)["mainEntity"][0]["acceptedAnswer"]["text"]
    assert shown in text
    assert "<" not in text


@pytest.mark.slow
def test_check_and_build_agree_at_the_source_lines(tmp_path: Path) -> None:
    """One whole-site row: each refused page and near miss above, checked and built
    (``enforce: false``: each finding a warning, the build publishes): the same
    findings at the same lines, and the FAQ JSON-LD published escaped."""
    site = rows_site(tmp_path / "site", enforce=False)
    pages = {
        "toc": f'# Home\n\nA save took {CLAIM}.\n\n## Results {{ data-toc-label="Took 94 s" }}\n',
        "split": '# Home\n\nFirst: 1<span style="opacity:0">X</span>1 s per save.\n\n'
        'Second: page 1<span style="margin:1px">Y</span> is fine.\n',
        "glued": f"# Home\n\nCase a: took {CLAIM} per save.\n\nCase c: took 3<span></span>{CLAIM}.\n",
        "marks": "# Home\n\nEach save took 66 s¹ on the array.\n\n| Run | Save time (s) |\n"
        "|---|---|\n| Baseline | 63* |\n",
        "faqref": _FAQ.format(answer="[94 s][x]", body="Text.\n\n[x]: evidence:R1#save_time_fx100"),
        "faqld": '---\nfaq:\n  - q: How long?\n    a: "It took 96 &lt;b&gt;s&lt;/b&gt;."\n---\n'
        "# Home\n\nText.\n",
    }
    for name, page in pages.items():
        (site / "docs" / f"{name}.md").write_text(page, "utf-8")
    checked, built = check_and_build(site)
    lines = [line for line in finding_lines(built.stdout) if "FX310" not in line]
    assert [line for line in finding_lines(checked.stdout) if "FX310" not in line] == lines
    placed = sorted(line.split(" FX")[0] for line in lines if line.startswith("docs/"))
    assert placed == [
        "docs/glued.md:5:29:",
        "docs/marks.md:3:16:",
        "docs/marks.md:7:14:",
        "docs/split.md:3:8:",
        "docs/toc.md:5:35:",
    ], lines
    published = (site / "site" / "faqld" / "index.html").read_text("utf-8")
    assert "96 \\u0026lt;b\\u0026gt;s" in published


@pytest.mark.parametrize(
    ("text", "figures"),
    [
        ("took 96 \\u003cb\\u003es\\u003c/b\\u003e", ["96 s"]),
        ("took 97&nbsp;s", ["97 s"]),
        ("took 96 &lt;b&gt;s&lt;/b&gt;", []),
        ("took 97&amp;nbsp;s", []),
    ],
    ids=[
        "markup-joins-a-figure",
        "entity-joins-a-figure",
        "near-miss-escaped",
        "near-miss-escaped-entity",
    ],
)
def test_gate_reads_json_ld_text_as_html(text: str, figures: list[str]) -> None:
    """A published site's JSON-LD string is read as a search engine reads an Answer's
    text, as HTML, too: a figure its markup joins is a figure (an audited site may be
    made by someone else)."""
    html_text = f'<script type="application/ld+json">{{"text": "{text}"}}</script>'
    found = [s.text for b in page_text(html_text).blocks for s in detect(b.text)]
    assert found == figures
