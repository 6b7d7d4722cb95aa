"""What a reader does on the demo site: hover and follow claims, filter, search, read FAQs."""

from __future__ import annotations

import contextlib
import csv
import io
import re
from typing import TYPE_CHECKING

import pytest

from fxsite.pages.claims import setup_anchor

if TYPE_CHECKING:
    from conftest import Session, Visit

# Without Playwright the fixtures skip (or, under CI=true, fail) before any test runs.
with contextlib.suppress(ImportError):
    from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser


def first_visible_claim(page: Page, label: str) -> Locator:
    claim = page.locator(f"article a.fx-claim[data-fx-label='{label}']").filter(visible=True).first
    expect(claim).to_be_visible()
    return claim


@pytest.mark.parametrize(
    ("path", "label"),
    [("/", "measured"), ("/training-bubbles/", "estimate"), ("/checkpoint-acceleration/", "setup")],
)
def test_claim_tooltip_and_link_to_its_figure(
    path: str, label: str, visit: Visit, desktop: Session
) -> None:
    page = visit(path)
    claim = first_visible_claim(page, label)
    record = claim.get_attribute("data-fx-record")
    figure = claim.get_attribute("data-fx-figure")
    assert record and figure
    title = claim.get_attribute("title")
    assert title is None or record in title

    claim.scroll_into_view_if_needed()
    claim.hover()
    # fxsite.js replaces the title (and Material's tooltip) with an evidence card, a
    # dialog the claim controls (tests/browser/test_browser_taps.py taps them all).
    card = page.locator(".fx-card[role=dialog][data-fx-card=evidence]")
    expect(card).to_be_visible()
    expect(claim).to_have_attribute("aria-controls", card.get_attribute("id") or "")
    # What was measured first, then the source: "Report R1", an estimate's "Model E1".
    noun = {"measured": "Report", "estimate": "Model", "setup": "Report"}[label]
    expect(card).to_contain_text(f"{noun} {record}")
    expect(card).to_contain_text("Test condition" if label == "setup" else label)
    expect(card).not_to_contain_text("not stated")
    if label == "estimate":
        expect(card).not_to_contain_text("Report")
    expect(page.locator(".md-tooltip2--active")).to_have_count(0)

    claim.click()
    anchor = setup_anchor(figure.removeprefix("setup.")) if label == "setup" else figure
    expect(page).to_have_url(re.compile(rf"/evidence/{re.escape(record)}/#{re.escape(anchor)}$"))
    target = page.locator(f"[id='{anchor}']")
    expect(target).to_be_visible()
    expect(target).to_be_in_viewport()
    # :target follows the navigation the URL already shows: wait for it (it must come).
    page.wait_for_function("a => document.querySelector(':target')?.id === a", arg=anchor)
    if label != "setup":
        expect(target).to_have_attribute("data-fx-ref", f"{record}#{figure}")
    # The target is not hidden under Material's sticky header.
    header_bottom = page.evaluate(
        "() => document.querySelector('.md-header').getBoundingClientRect().bottom"
    )
    top = target.evaluate("e => e.getBoundingClientRect().top")
    assert top >= header_bottom - 1, f"#{anchor} (top {top}) is under the header ({header_bottom})"
    assert not desktop.watch.problems(), desktop.watch.problems()


def test_library_filters_by_label(visit: Visit) -> None:
    page = visit("/evidence/")
    rows = page.locator(".fx-library table tbody tr")
    labels = rows.evaluate_all("rs => rs.map(r => r.dataset.fxLabel)")
    total = len(labels)
    estimates = labels.count("estimate")
    assert 0 < estimates < total, f"the demo library needs estimate and other records: {labels}"

    select = page.locator('.fx-library-filters select[data-fx-filter="label"]')
    count = page.locator("output.fx-library-count")
    expect(select).to_be_visible()  # unhidden by fxsite.js
    expect(count).to_have_text(f"{total} of {total} records")

    select.select_option("estimate")
    for i, label in enumerate(labels):
        row = rows.nth(i)
        if label == "estimate":
            expect(row).to_be_visible()
        else:
            expect(row).to_be_hidden()
    expect(count).to_have_text(f"{estimates} of {total} records")

    select.select_option("")
    for i in range(total):
        expect(rows.nth(i)).to_be_visible()
    expect(count).to_have_text(f"{total} of {total} records")

    # Only categories some record is in are offered; an empty one would show nothing.
    status = page.locator('.fx-library-filters select[data-fx-filter="status"]')
    offered = status.locator("option").evaluate_all("os => os.map(o => o.value)")
    present = sorted(set(rows.evaluate_all("rs => rs.map(r => r.dataset.fxStatus)")))
    assert sorted(offered) == ["", *present]
    status.select_option(present[0])
    want = rows.evaluate_all(f"rs => rs.filter(r => r.dataset.fxStatus === '{present[0]}').length")
    expect(count).to_have_text(f"{want} of {total} records")
    # Sorting shows its direction.
    button = page.locator(".fx-library th button").first
    button.click()
    expect(page.locator(".fx-library th").first).to_have_attribute("aria-sort", "ascending")
    button.click()
    expect(page.locator(".fx-library th").first).to_have_attribute("aria-sort", "descending")


@pytest.mark.parametrize(
    ("query", "expected"),
    [("R1", "/evidence/R1/"), ("save_time_fx100", "/evidence/R1/"), ("snapshot save", "")],
)
def test_search_finds(query: str, expected: str, visit: Visit, desktop: Session) -> None:
    page = visit("/")
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially(query)
    results = page.locator(".md-search-result__item")
    expect(results.first).to_be_visible()
    expect(page.locator(".md-search-result__meta")).to_contain_text(re.compile(r"\d+ matching"))
    if expected:
        hrefs = page.locator("a.md-search-result__link").evaluate_all("as => as.map(a => a.href)")
        assert any(expected in h for h in hrefs), f"no result on {expected} for {query!r}: {hrefs}"
    assert not desktop.watch.problems(), desktop.watch.problems()


def test_faq_and_chart_are_visible_on_training_bubbles(visit: Visit) -> None:
    page = visit("/training-bubbles/")
    faq = page.locator("article h2#frequently-asked-questions")
    faq.scroll_into_view_if_needed()
    expect(faq).to_be_visible()
    questions = page.locator("article h2#frequently-asked-questions ~ h3")
    assert questions.count() > 0
    expect(questions.first).to_be_visible()

    charts = page.locator("article figure.fx-chart svg").filter(visible=True)
    assert charts.count() > 0, "no chart on /training-bubbles/"
    for i in range(charts.count()):
        chart = charts.nth(i)
        chart.scroll_into_view_if_needed()
        expect(chart).to_be_visible()
        expect(chart).to_be_in_viewport()
        box = chart.bounding_box()
        assert box and box["width"] > 100 and box["height"] > 50, f"chart {i} is {box}"
        # the chart has an accessible name
        assert chart.evaluate(
            "s => !!(s.getAttribute('aria-labelledby') || s.getAttribute('aria-label') || s.querySelector('title'))"
        )


def test_machine_readable_files_are_served(desktop: Session) -> None:
    request = desktop.context.request
    r = request.get(desktop.url("/evidence.json"))
    assert r.ok and "json" in r.headers["content-type"]
    data = r.json()
    assert {"records", "figures"} <= set(data), sorted(data)
    ids = {rec["id"] for rec in data["records"]}
    assert {"R1", "E1"} <= ids

    r = request.get(desktop.url("/evidence.csv"))
    assert r.ok
    rows = list(csv.DictReader(io.StringIO(r.text())))
    assert any(row["ref"] == "R1#save_time_fx100" for row in rows)

    r = request.get(desktop.url("/schemas/evidence.schema.json"))
    assert r.ok
    schema = r.json()
    assert "$schema" in schema or "properties" in schema or "$defs" in schema


def test_palette_toggle_switches_to_dark_and_back(visit: Visit) -> None:
    page = visit("/")
    body = page.locator("body")
    expect(body).to_have_attribute("data-md-color-scheme", "default")
    page.locator("form[data-md-component='palette'] label:visible").first.click()
    expect(body).to_have_attribute("data-md-color-scheme", "slate")
    page.locator("form[data-md-component='palette'] label:visible").first.click()
    expect(body).to_have_attribute("data-md-color-scheme", "default")
    page.evaluate("() => localStorage.clear()")  # the shared context stays in light mode
