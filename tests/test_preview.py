"""The writer's preview: a refused page shows its findings where they are (fxsite.render.preview)."""

from __future__ import annotations

import re

import pytest

from fxsite.findings import Finding
from fxsite.render.preview import findings_box, mark_findings, with_findings
from fxsite.verify.scan import scan_content


def _f(line: int, col: int, text: str | None, code: str = "FX501") -> Finding:
    return Finding("docs/p.md", line, col, code, f"bare figure '{text}': cite it", text=text)


CLAIM = '<a class="fx-claim" data-fx-ref="R1#t" href="x">94 s</a>'


@pytest.mark.parametrize(
    ("page", "findings", "marked"),
    [
        ("<p>It took 94 s.</p>", [_f(1, 9, "94 s")], ["94 s"]),
        # each occurrence in turn, never the same one twice
        ("<p>A 95 s</p><p>B 95 s</p>", [_f(1, 3, "95 s"), _f(3, 3, "95 s")], ["95 s", "95 s"]),
        # blind73, finding 9: a figure in another link's text is marked there, and the
        # next copy of its text by its own finding
        (
            '<p>See <a href="https://x/">the 40 GB/s design</a> at 40 GB/s.</p>',
            [_f(1, 10, "40 GB/s"), _f(1, 57, "40 GB/s")],
            ["40 GB/s", "40 GB/s"],
        ),
        ('<p><a href="https://x/">40 GB/s</a> 40 GB/s</p>', [_f(1, 2, "40 GB/s")], ["40 GB/s"]),
        # near misses: text in a claim, code, or a tag's attribute is never marked
        (f"<p>{CLAIM} then 94 s</p>", [_f(1, 20, "94 s")], ["94 s"]),
        (f"<p>{CLAIM.replace('class=', 'id=x class=')}</p>", [_f(1, 1, "94 s")], []),
        (f"<p>{CLAIM}</p>", [_f(1, 1, "94 s", "FX503")], []),
        ("<p><code>94 s</code></p>", [_f(1, 1, "94 s")], []),
        ('<p><span title="94 s">x</span></p>', [_f(1, 1, "94 s")], []),
        ("<p><strong>94</strong> s</p>", [_f(1, 1, "94 s")], []),  # split: listed only
        ("<p>a &lt; 94 s</p>", [_f(1, 1, "94 s")], ["94 s"]),
    ],
)
def test_marks_where_the_text_stands(page: str, findings: list[Finding], marked: list[str]) -> None:
    out = mark_findings(page, findings)
    where = [m.start() for m in re.finditer("<mark ", out)]
    assert where == sorted(where)
    shown = [part.split(">", 1)[1] for part in out.split("<mark ")[1:]]
    assert [s.split("</mark>", 1)[0] for s in shown] == marked
    # the page is unchanged but for the marks
    assert out.replace("</mark>", "").count("<mark") == len(marked)


def test_box_lists_each_finding_with_its_place() -> None:
    box = findings_box([_f(3, 19, "94 s"), _f(5, 1, None, "FX606")])
    assert box.count("<li ") == 2
    assert "docs/p.md:3:19" in box and "FX606" in box
    assert findings_box([]) == ""


def test_the_preview_adds_no_figure_to_the_page() -> None:
    """What the gate reads of the preview: the page's own figure, once; the box is code."""
    page = "<p>It took 94 s.</p>"
    shown = with_findings(page, [_f(1, 9, "94 s")])
    assert [c.shown for c in scan_content(shown).candidates] == ["94 s"]
    assert with_findings(page, []) == page


def test_the_sites_box_lists_twelve_and_counts_the_rest() -> None:
    from fxsite.render.preview import ELSEWHERE_LISTED, elsewhere_box

    found = [Finding(f"evidence/R{n}.yaml", 1, 1, "FX101", "bad") for n in range(14)]
    box = elsewhere_box(found)
    assert box.count("<li ") == ELSEWHERE_LISTED == 12
    assert "and 2 more: run fxsite check" in box
    assert 'class="admonition failure fx-site-findings"' in box and "fx-finding-" not in box
    assert elsewhere_box(found[:3]).count("<li ") == 3 and "more" not in elsewhere_box(found[:3])
    assert elsewhere_box([]) == ""


REFUSED = '<span class="fx-claim-refused" data-fx-stale="R9#t">94 s</span>'


@pytest.mark.parametrize(
    ("page", "code", "inside"),
    [
        # blind65: a claim's finding was marked on the first "94 s" of the page
        (f"<p>Prose 94 s.</p><p>{REFUSED}</p>", "FX401", True),
        (f"<p>Prose 94 s, {REFUSED} and 94 s.</p>", "FX402", True),
        # near misses: a bare figure's finding stays on the prose; a claim's with no refused
        # copy of its text, on the text
        (f"<p>Prose 94 s.</p><p>{REFUSED}</p>", "FX501", False),
        ("<p>Prose 94 s.</p>", "FX401", False),
    ],
)
def test_a_claims_finding_is_marked_on_the_refused_claim(
    page: str, code: str, inside: bool
) -> None:
    out = mark_findings(page, [_f(1, 1, "94 s", code)])
    assert out.count("<mark ") == 1
    assert ('data-fx-stale="R9#t"><mark ' in out) == inside, out


# blind72: a finding placed in the front matter (a description) or in another file has no
# text in the page's body; marking the body's first copy of its text put its mark on
# another finding's text, and left that finding unmarked.
_DESCRIBED = (
    "<table><tr><td>Sequential read</td><td>20 GB/s</td></tr></table>"
    '<div class="admonition tip"><p class="admonition-title">Up to 3x the value</p></div>'
)
_ELSEWHERE = [
    Finding("docs/p.md", 2, 23, "FX501", "bare figure in the description", text="20 GB/s"),
    Finding("mkdocs.yml", 9, 5, "FX501", "bare figure in a nav title", text="20 GB/s"),
]
_IN_BODY = [
    Finding("docs/p.md", 8, 21, "FX501", "bare figure '20 GB/s'", text="20 GB/s"),
    Finding("docs/p.md", 10, 10, "FX501", "bare figure 'Up to 3x'", text="Up to 3x"),
]


@pytest.mark.parametrize(
    "elsewhere",
    [[f] for f in _ELSEWHERE] + [_ELSEWHERE],
    ids=["the description", "a nav title", "both"],
)
def test_a_finding_not_in_the_body_marks_nothing(elsewhere: list[Finding]) -> None:
    shown = with_findings(_DESCRIBED, [*elsewhere, *_IN_BODY], body=("docs/p.md", 4))
    marks = re.findall(r'<mark class="fx-flag" id="fx-flag-(\d+)"[^>]*>(.*?)</mark>', shown)
    numbers = {f: n for n, f in enumerate(sorted([*elsewhere, *_IN_BODY], key=_order), 1)}
    assert marks == [(str(numbers[f]), f.text) for f in _IN_BODY]
    for f in elsewhere:  # listed, with no link to a mark
        assert f'<li id="fx-finding-{numbers[f]}"><code>' in shown


def test_near_miss_a_finding_in_the_body_is_marked_at_the_bodys_first_line() -> None:
    first = Finding("docs/p.md", 4, 3, "FX501", "bare figure '20 GB/s'", text="20 GB/s")
    shown = with_findings(_DESCRIBED, [first], body=("docs/p.md", 4))
    assert '<mark class="fx-flag" id="fx-flag-1"' in shown and 'href="#fx-flag-1"' in shown


def _order(f: Finding) -> tuple[str, int, int]:
    return (f.path, f.line, f.col)
