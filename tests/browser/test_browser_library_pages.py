"""A long Evidence Library's index in the browser: filtering or sorting on one page of it
reads the other pages' rows (fxsite.js), so both cover every record, each row's link
still landing on its record's page. The clean fixture site, built here with two records
a page (its five records: three pages)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from sitekit import library, paged_site

if TYPE_CHECKING:
    from playwright.sync_api import Browser

# Without Playwright the fixtures skip (or, under CI=true, fail) before any test runs.
with contextlib.suppress(ImportError):
    from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def paged_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from fxsite.verify.siteserver import serve_site

    site = paged_site(tmp_path_factory.mktemp("paged"))
    with serve_site(Path(site)) as origin:
        yield origin


@pytest.fixture
def second_page(browser: Browser, paged_url: str) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    page = context.new_page()
    page.goto(f"{paged_url}/evidence/pages/2/")
    try:
        yield page
    finally:
        context.close()


def _ids(page: Page) -> list[str]:
    rows = page.locator(".fx-library table tbody tr")
    return rows.evaluate_all("rs => rs.filter(r => !r.hidden).map(r => r.cells[0].textContent)")


def test_filtering_one_page_of_the_index_covers_every_record(second_page: Page) -> None:
    page = second_page
    count = page.locator("output.fx-library-count")
    expect(count).to_have_text("2 of 2 records on this page")
    assert _ids(page) == ["R2", "R3"]
    page.locator('.fx-library-filters select[data-fx-filter="status"]').select_option("")
    page.locator('.fx-library-filters select[data-fx-filter="label"]').select_option("measured")
    measured = [r for r, record in sorted(library().records.items()) if record.label == "measured"]
    expect(count).to_have_text(f"{len(measured)} of 5 records")
    assert _ids(page) == measured
    expect(page.locator(".fx-library-pages")).to_be_hidden()
    page.locator('.fx-library-filters select[data-fx-filter="label"]').select_option("")
    expect(count).to_have_text("5 of 5 records")
    assert _ids(page) == ["E1", "R1", "R2", "R3", "X1"]  # in the pages' order
    # A row read from another page links as it did there.
    page.locator(".fx-library tbody tr").first.locator("a").first.click()
    expect(page).to_have_url(f"{page.url.split('/evidence/')[0]}/evidence/E1/")


def test_sorting_one_page_of_the_index_sorts_every_record(second_page: Page) -> None:
    page = second_page
    button = page.locator(".fx-library th button").first
    button.click()
    expect(page.locator("output.fx-library-count")).to_have_text("5 of 5 records")
    button.click()
    expect(page.locator(".fx-library th").first).to_have_attribute("aria-sort", "descending")
    assert _ids(page) == ["X1", "R3", "R2", "R1", "E1"]


def test_sorting_reads_the_numbers_inside_ids_and_dates(second_page: Page) -> None:
    """IDs sort as the index lists them ("R2" before "R10") and dates by day, not by the
    number they start with (fxsite.js once sorted every 2026 date as equal)."""
    page = second_page
    headers = page.locator(".fx-library th")
    headers.first.locator("button").click()  # every record's row is in the table now
    expect(page.locator("output.fx-library-count")).to_have_text("5 of 5 records")
    page.evaluate(
        """() => {
          const table = document.querySelector('.fx-library table');
          const date = [...table.tHead.rows[0].cells].findIndex(c => c.textContent.startsWith('Date'));
          const ids = ['R10', 'R2', 'r3', 'R1', 'E1'];
          const dates = ['2026-03-14', '2026-01-02', '2026-11-30', '2026-02-01', '2025-12-31'];
          [...table.tBodies[0].rows].forEach((row, i) => {
            row.cells[0].textContent = ids[i];
            row.cells[date].textContent = dates[i];
          });
        }"""
    )
    headers.filter(has_text="Date").locator("button").click()
    assert _ids(page) == ["E1", "R2", "R1", "R10", "r3"]
    headers.first.locator("button").click()
    expect(headers.first).to_have_attribute("aria-sort", "ascending")
    assert _ids(page) == ["E1", "R1", "R2", "r3", "R10"]


@pytest.mark.parametrize("width", [390, 768])
def test_a_filtered_row_is_not_drawn_at_a_phones_or_tablets_width(
    browser: Browser, paged_url: str, width: int
) -> None:
    """Rows a filter hides are not drawn as cards either (blind77: the cards' display
    outranked ``hidden``: "113 of 455 records" over all 455 cards)."""
    context = browser.new_context(viewport={"width": width, "height": 844})
    try:
        page = context.new_page()
        page.goto(f"{paged_url}/evidence/pages/2/")
        page.locator('.fx-library-filters select[data-fx-filter="status"]').select_option("")
        page.locator('.fx-library-filters select[data-fx-filter="label"]').select_option("measured")
        measured = [
            r for r, record in sorted(library().records.items()) if record.label == "measured"
        ]
        expect(page.locator("output.fx-library-count")).to_have_text(
            f"{len(measured)} of 5 records"
        )
        drawn = page.locator(".fx-library table tbody tr").evaluate_all(
            "rs => rs.filter(r => r.getClientRects().length > 0).map(r => r.cells[0].textContent)"
        )
        assert drawn == measured
    finally:
        context.close()


@pytest.mark.parametrize(("width", "reached"), [(390, False), (1440, True)])
def test_the_sort_buttons_are_reached_by_tab_only_where_they_are_drawn(
    browser: Browser, paged_url: str, width: int, reached: bool
) -> None:
    """blind84: at a phone's width the table's head is clipped to nothing, and a keyboard
    tabbed onto its six sort buttons, which it could not see (WCAG 2.4.7); a desktop's are
    drawn and reached (the near miss)."""
    context = browser.new_context(viewport={"width": width, "height": 844})
    try:
        page = context.new_page()
        page.goto(f"{paged_url}/evidence/pages/2/")
        buttons = page.locator(".fx-library table thead button")
        assert buttons.count() > 0
        focusable = buttons.evaluate_all(
            "bs => bs.map(b => { b.focus(); return document.activeElement === b; })"
        )
        assert set(focusable) == {reached}
    finally:
        context.close()


@pytest.mark.parametrize(("width", "drawn"), [(390, True), (1440, False)])
def test_a_phone_sorts_the_library_beside_its_filters(
    browser: Browser, paged_url: str, width: int, drawn: bool
) -> None:
    """blind84: where the table is stacked into cards its head is out of sight, and a phone
    had no way to sort; there a sort is offered beside the filters, and it sorts every
    page's records as the head's buttons do. A desktop sorts by the head (the near miss:
    no second control drawn)."""
    context = browser.new_context(viewport={"width": width, "height": 844})
    try:
        page = context.new_page()
        page.goto(f"{paged_url}/evidence/pages/2/")
        order = page.locator(".fx-library-filters select[data-fx-order]")
        assert order.is_visible() == drawn
        if drawn:
            order.select_option(label="ID ↓")
            expect(page.locator("output.fx-library-count")).to_have_text("5 of 5 records")
            expect(page.locator(".fx-library th").first).to_have_attribute(
                "aria-sort", "descending"
            )
            assert _ids(page) == ["X1", "R3", "R2", "R1", "E1"]
            order.select_option(label="ID ↑")
            expect(page.locator(".fx-library tbody tr").first).to_contain_text("E1")
            assert _ids(page) == ["E1", "R1", "R2", "R3", "X1"]
    finally:
        context.close()
