"""An FAQ's structured data must answer as the page does (blind61).

Each figure of a JSON-LD answer is a copy of one the page cites, so swapping two of
them, or giving another question's figure, passed. Now each ``Question`` is found
on the page (a heading, a ``<summary>``) and its answer's figures compared with the
page's, in order (:mod:`fxsite.verify.faq_data`), in the page reader that the gate
and the audit use. Pages in, findings out, in-process.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fxsite.verify.visible import page_text


def claim(text: str, ref: str = "R1#x") -> str:
    return (
        f'<a class="fx-claim" data-fx-ref="{ref}" href="#">{text}'
        '<span class="fx-badge" aria-hidden="true">R1</span>'
        '<span class="fx-sr"> (measured, report R1)</span></a>'
    )


ASKED = "How fast are saves?"
ANSWER = f"<p>From {claim('178 s')} to {claim('94 s')}, {claim('1.9×')} faster.</p>"
FAQ = f'<h2 id="faq">FAQ</h2><h3 id="q">{ASKED}<a class="headerlink" href="#q">¶</a></h3>{ANSWER}'


def ld(*items: tuple[str, str | list[str]], wrap: bool = False) -> str:
    def answer(text: str) -> dict[str, str]:
        return {"@type": "Answer", "text": text}

    entities = [
        {
            "@type": "Question",
            "name": q,
            "acceptedAnswer": [answer(a) for a in ans] if isinstance(ans, list) else answer(ans),
        }
        for q, ans in items
    ]
    data: dict[str, object] = {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        "mainEntity": entities,
    }
    if wrap:
        data = {"@context": "https://schema.org", "@graph": [{"@type": "WebPage"}, data]}
    return f'<script type="application/ld+json">{json.dumps(data)}</script>'


def notes(head: str, body: str = FAQ) -> list[str]:
    html = f"<!DOCTYPE html><html><head>{head}</head><body><article>{body}</article></body></html>"
    return [n.message for n in page_text(html).notes if n.code == "FX612"]


SAID = "From 178 s to 94 s, 1.9× faster."

#: (name, JSON-LD, what the finding says)
REFUSED = [
    ("two figures swapped", ld((ASKED, "From 94 s to 178 s, 1.9× faster.")), "with '94 s' where the page's answer has '178 s' (figure 1 of 3)"),
    ("another cited figure", ld((ASKED, "From 178 s to 178 s, 1.9× faster.")), "with '178 s' where the page's answer has '94 s'"),
    ("a figure left out", ld((ASKED, "From 178 s, 1.9× faster.")), "with '1.9×' where the page's answer has '94 s'"),
    ("a figure added", ld((ASKED, SAID + " Or 2×.")), "with '2×' where the page's answer has no more figures"),
    ("a figure in HTML", ld((ASKED, "From <b>94 s</b> to 178 s, 1.9× faster.")), "with '94 s'"),
    ("the second of two answers", ld((ASKED, [SAID, "From 94 s to 178 s, 1.9× faster."])), "with '94 s'"),
    ("inside an @graph", ld((ASKED, "From 94 s to 178 s, 1.9× faster."), wrap=True), "with '94 s'"),
    ("a question the page does not ask", ld(("How big?", "65.6 GB")), "asks 'How big?', which the page does not ask"),
    ("a question asked as a paragraph only", ld(("From 178 s", "94 s")), "asks 'From 178 s'"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "head", "says"), REFUSED, ids=[r[0] for r in REFUSED])
def test_structured_data_unlike_the_page_is_refused(name: str, head: str, says: str) -> None:
    found = notes(head)
    assert len(found) == 1 and says in found[0], found


#: (name, JSON-LD, page body)
PASSED = [
    ("as written", ld((ASKED, SAID)), FAQ),
    ("as HTML", ld((ASKED, "From <b>178 s</b> to 94&nbsp;s, 1.9× faster.")), FAQ),
    ("typographic quotes on the page", ld(("Isn't it fast?", "It's 94 s.")), f"<h3>Isn’t it fast?</h3><p>It’s {claim('94 s')}.</p>"),
    ("an answer over a paragraph and a list", ld((ASKED, "Saves: 178 s before. 94 s after.")), f"<h3>{ASKED}</h3><p>Saves:</p><ul><li>{claim('178 s')} before.</li><li>{claim('94 s')} after.</li></ul>"),
    ("a figure split by inline markup", ld((ASKED, "It takes 94 s.")), f"<h3>{ASKED}</h3><p>It takes 9<b>4</b> s.</p>"),
    ("the next question's figures apart", ld((ASKED, "94 s."), ("And before?", "178 s.")), f"<h3>{ASKED}</h3><p>{claim('94 s')}.</p><h3>And before?</h3><p>{claim('178 s')}.</p>"),
    ("a question in a summary", ld((ASKED, "94 s.")), f"<details><summary>{ASKED}</summary><p>{claim('94 s')}.</p></details>"),
    ("an answer with no figure", ld((ASKED, "Fast.")), f"<h3>{ASKED}</h3><p>Fast.</p>"),
    ("structured data of another kind", '<script type="application/ld+json">{"@type": "Product", "name": "A", "description": "94 s"}</script>', FAQ),
]  # fmt: skip


@pytest.mark.parametrize(("name", "head", "body"), PASSED, ids=[p[0] for p in PASSED])
def test_near_miss_structured_data_as_the_page_answers(name: str, head: str, body: str) -> None:
    assert notes(head, body) == []


@pytest.mark.parametrize(
    "page",
    ["checkpoint-acceleration/index.html", "training-bubbles/index.html", "zh/checkpoint-acceleration/index.html"],
)  # fmt: skip
def test_near_miss_the_demo_faqs_pass(demo_site: Path, page: str) -> None:
    html = (demo_site / page).read_text("utf-8")
    assert "FAQPage" in html
    assert [n for n in page_text(html).notes if n.code == "FX612"] == []


def test_the_json_ld_says_which_figures_are_estimates() -> None:
    """A search engine shows the JSON-LD's answer without the page's "est." marks: an
    estimate's figure is followed by its label there (blind63); a measurement's is not."""
    from sitekit import PAGE_PATH, href_for, library

    from fxsite.pages.faq import faq_schema
    from fxsite.pages.page import process_page

    page = (
        "---\ntitle: T\nfaq:\n  - q: How long?\n"
        "    a: Saves take [94 s](evidence:R1#save_time_fx100) and [20](evidence:E1#saves) runs.\n"
        "---\n# T\n"
    )
    result = process_page(page, PAGE_PATH, library(), href_for)
    answer = faq_schema(result)["mainEntity"][0]["acceptedAnswer"]["text"]  # type: ignore[index]
    assert answer == "Saves take 94 s and 20 (estimate) runs."
