"""Evidence cards: every evidence link tapped on a phone, hover and keyboard on a desktop.

On a touch screen the first tap on a claim opens its evidence card (a
``role="dialog"`` element with class ``fx-card`` and a link to the figure's
record anchor); a second tap follows the evidence. At 390 px every claim drawn
on every page is tapped with real touch events, in one page session per page:
the second tap's navigation is recorded and stopped; then one claim per page is
tapped twice again and followed for real. At 360 and 414 px, where only the
geometry differs, one script a page taps every claim with the events a tap
delivers (pointerdown, pointerup, then a touch click, each at the element drawn
at the tap's point) and is judged the same way: what it opens, where the card
is, what moves, what the second tap follows. On a desktop the card opens on
hover and on keyboard focus, Escape closes it, and nothing on the page moves.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urljoin

import pytest

if TYPE_CHECKING:
    from conftest import Drawn, Session
    from playwright.sync_api import Browser, BrowserContext, Locator, Page

with contextlib.suppress(ImportError):
    from playwright.sync_api import expect

pytestmark = pytest.mark.browser

WIDTHS = (360, 390, 414)
#: The width every claim is tapped at with real touch events; the others, by a script.
REAL_TAPS = 390
SCRIPTED_TAPS = tuple(width for width in WIDTHS if width != REAL_TAPS)
MAX_MARKS = 10

#: Claims drawn in the article (a claim in a closed <details> is not tappable).
CLAIMS = "article a.fx-claim"

#: After fxsite's own handler: a click on a claim that fxsite lets through (it would
#: navigate) is recorded and stopped while ``window.__fxHold`` is true, so one page
#: session taps every claim.
HOLD_NAVIGATION = """() => {
  window.__fxFollowed = [];
  window.__fxHold = true;
  document.addEventListener('click', e => {
    const claim = e.target.closest && e.target.closest('a.fx-claim, a.fx-card-link');
    if (window.__fxHold && claim && !e.defaultPrevented) {
      window.__fxFollowed.push(claim.href); e.preventDefault();
    }
  });
}"""

#: Where every claim and every block of the article is, and the page's height.
LAYOUT = """() => {
  const boxes = [...document.querySelectorAll(
      'article a.fx-claim, article p, article li, article td, article h1, article h2, article h3')]
    .filter(e => !e.closest('.fx-card'))
    .map(e => { const r = e.getBoundingClientRect();
                return [Math.round(r.x + scrollX), Math.round(r.y + scrollY),
                        Math.round(r.width), Math.round(r.height)].join(','); });
  return {boxes, height: document.documentElement.scrollHeight};
}"""

CARD = """claim => {
  const card = document.querySelector('.fx-card');
  if (!card) return null;
  const r = card.getBoundingClientRect();
  const link = card.querySelector('a.fx-card-link');
  const title = document.getElementById(card.getAttribute('aria-labelledby') || '');
  return {count: document.querySelectorAll('.fx-card').length, role: card.getAttribute('role'),
          href: link && link.href, linkText: link && link.textContent,
          title: title ? title.textContent : '', text: card.innerText,
          left: r.left, right: r.right, top: r.top, bottom: r.bottom,
          vw: document.documentElement.clientWidth, vh: innerHeight,
          // any line of the claim under the card (a claim wrapped over two lines: blind39)
          covers: [...claim.getClientRects()].some(b => b.width * b.height >= 1
            && b.left < r.right && r.left < b.right && b.top < r.bottom && r.top < b.bottom),
          expanded: claim.getAttribute('aria-expanded'),
          controls: claim.getAttribute('aria-controls') === card.id};
}"""

#: The markers a reader sees: per section (h1/h2), "est." and each record's ID.
#: The marks drawn: record IDs in all, and "est." by model and section (h1, h2, h3).
MARKS = """() => {
  let section = 0; const est = {}; let ids = 0;
  document.querySelectorAll('article h1, article h2, article h3, article a.fx-claim').forEach(el => {
    if (el.tagName !== 'A') { section += 1; return; }
    const badge = el.querySelector('.fx-badge');
    if (!badge || !badge.getClientRects().length) return;
    if (el.dataset.fxLabel !== 'estimate') { ids += 1; return; }
    const key = section + ' ' + el.dataset.fxRecord;
    est[key] = (est[key] || 0) + 1;
  });
  return {ids, estPerSection: Object.values(est)};
}"""


def _phone(browser: Browser, width: int) -> BrowserContext:
    return browser.new_context(
        viewport={"width": width, "height": 780},
        device_scale_factor=3,
        is_mobile=True,
        has_touch=True,
        color_scheme="light",
    )


@pytest.fixture(scope="module")
def phones(browser: Browser) -> Iterator[dict[int, BrowserContext]]:
    contexts = {width: _phone(browser, width) for width in WIDTHS}
    try:
        yield contexts
    finally:
        for context in contexts.values():
            context.close()


#: Indexes of the article's claims that are drawn (a claim in a closed <details> is not).
TAPPABLE = """sel => [...document.querySelectorAll(sel)].map((a, i) => [a, i])
  .filter(([a]) => a.getClientRects().length && !a.closest('details:not([open])'))
  .map(([, i]) => i)"""


def _tappable(page: Page) -> list[int]:
    """Indexes of the article's claims that are drawn."""
    found: list[int] = page.evaluate(TAPPABLE, CLAIMS)
    return found


#: Scroll claim ``index`` into view if it is not (as Playwright's tap does) and say
#: where a tap lands: the middle of its first box (Playwright's click point), whether
#: the claim is what is hit there (else Playwright's tap would never land), its ref
#: and href, where everything is, and what was followed so far.
AIM = f"""([sel, index]) => {{
  const claim = document.querySelectorAll(sel)[index];
  const inView = r => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  if (!inView(claim.getBoundingClientRect())) claim.scrollIntoView({{block: 'center', inline: 'center', behavior: 'instant'}});
  const box = [...claim.getClientRects()].find(r => r.width * r.height >= 1);
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  return {{x, y, hit: !!hit && claim.contains(hit), ref: claim.dataset.fxRef,
           href: claim.getAttribute('href'), layout: ({LAYOUT})(),
           followed: (window.__fxFollowed || []).length}};
}}"""

#: After the first tap: the card, where everything is, what was followed, and whether
#: a second tap at the same point still lands on the claim.
OPENED = f"""([sel, index, x, y]) => {{
  const claim = document.querySelectorAll(sel)[index];
  const hit = document.elementFromPoint(x, y);
  return {{card: ({CARD})(claim), layout: ({LAYOUT})(), followed: window.__fxFollowed.length,
           hit: !!hit && claim.contains(hit)}};
}}"""

#: After the second tap: what it followed, and how many cards are open.
FOLLOWED = """() => [window.__fxFollowed.slice(-1)[0] || null,
                     document.querySelectorAll('.fx-card').length]"""

#: Every drawn claim tapped twice by a script, as ``_tap_each`` taps them: each tap is
#: pointerdown, pointerup and a touch click (Chrome's click is a PointerEvent) sent to
#: the element drawn at the tap's point; between the taps, the card fxsite.js opened is
#: read once it holds the record's evidence (``data-fx-card``, read from evidence.json)
#: or after 2 s. Each claim's AIM, OPENED and FOLLOWED, as the real taps read them.
SCRIPTED = f"""async sel => {{
  ({HOLD_NAVIGATION})();
  const tap = (x, y) => {{
    const at = document.elementFromPoint(x, y);
    const init = {{bubbles: true, cancelable: true, composed: true, view: window,
                   clientX: x, clientY: y, pointerId: 1, pointerType: 'touch',
                   isPrimary: true, button: 0, buttons: 1}};
    at.dispatchEvent(new PointerEvent('pointerdown', init));
    at.dispatchEvent(new PointerEvent('pointerup', {{...init, buttons: 0}}));
    at.dispatchEvent(new PointerEvent('click', {{...init, buttons: 0, pointerId: -1}}));
  }};
  const filled = async () => {{
    for (let waited = 0; waited < 2000; waited += 10) {{
      const card = document.querySelector('.fx-card');
      if (!card || card.hasAttribute('data-fx-card')) break;
      await new Promise(done => setTimeout(done, 10));
    }}
  }};
  const taps = [];
  for (const index of ({TAPPABLE})(sel)) {{
    const aim = ({AIM})([sel, index]);
    const claim = {{index, aim, opened: null, followed: null}};
    taps.push(claim);
    if (!aim.hit) continue;
    tap(aim.x, aim.y);
    await filled();
    claim.opened = ({OPENED})([sel, index, aim.x, aim.y]);
    if (!claim.opened.card || !claim.opened.hit) continue;
    tap(aim.x, aim.y);
    claim.followed = ({FOLLOWED})();
  }}
  return taps;
}}"""


def _first_tap(at: str, href: str, aim: dict[str, Any], opened: dict[str, Any]) -> list[str]:
    """What is wrong after the first tap on a claim (``AIM`` before it, ``OPENED`` after)."""
    card = opened["card"]
    if card is None:
        return [f"{at}: the first tap opened no card"]
    wrong = []
    if card["count"] != 1 or card["role"] != "dialog" or not card["title"].strip():
        wrong.append(f"{at}: card {card['count']} role {card['role']} title {card['title']!r}")
    if card["href"] != href:
        wrong.append(f"{at}: the card links to {card['href']}, not {href}")
    if card["expanded"] != "true" or not card["controls"]:
        wrong.append(f"{at}: the claim does not say it controls the open card")
    if card["left"] < 0 or card["right"] > card["vw"] or card["top"] < 0:
        wrong.append(f"{at}: the card is outside the viewport: {card}")
    if opened["layout"] != aim["layout"]:
        wrong.append(f"{at}: the page moved when the card opened")
    if opened["followed"] != aim["followed"]:
        wrong.append(f"{at}: the first tap navigated")
    if not opened["hit"] or card["covers"]:
        wrong.append(f"{at}: the open card covers the claim")
    return wrong


def _second_tap(at: str, href: str, followed: list[Any]) -> list[str]:
    """What is wrong after the second tap (``FOLLOWED``: what it followed, cards open)."""
    last, cards = followed
    wrong = []
    if last != href:
        wrong.append(f"{at}: the second tap did not follow {href}")
    if cards:
        wrong.append(f"{at}: the card stayed open after the second tap")
    return wrong


def _tap_each(page: Page, where: str) -> tuple[int, list[str]]:
    """Tap every claim twice, at the point Playwright's tap would; the problems seen.

    Three round trips a claim (aim, first tap's outcome, second tap's outcome)
    besides the two taps, which are real touch events at the claim's point.
    """
    wrong: list[str] = []
    page.evaluate(HOLD_NAVIGATION)
    tapped = 0
    for index in _tappable(page):
        aim: dict[str, Any] = page.evaluate(AIM, [CLAIMS, index])
        at = f"{where} {aim['ref']} (#{index})"
        if not aim["hit"]:
            wrong.append(f"{at}: something else is drawn over the claim")
            continue
        href = urljoin(page.url, aim["href"] or "")
        page.touchscreen.tap(aim["x"], aim["y"])
        tapped += 1
        opened: dict[str, Any] = page.evaluate(OPENED, [CLAIMS, index, aim["x"], aim["y"]])
        wrong += _first_tap(at, href, aim, opened)
        if opened["card"] is None or not opened["hit"]:
            continue
        page.touchscreen.tap(aim["x"], aim["y"])
        wrong += _second_tap(at, href, page.evaluate(FOLLOWED))
    return tapped, wrong


def _tap_each_by_script(page: Page, where: str) -> tuple[int, list[str]]:
    """Tap every claim twice in one script (``SCRIPTED``), judged as ``_tap_each`` judges."""
    wrong: list[str] = []
    tapped = 0
    for claim in page.evaluate(SCRIPTED, CLAIMS):
        aim = claim["aim"]
        at = f"{where} {aim['ref']} (#{claim['index']})"
        if not aim["hit"]:
            wrong.append(f"{at}: something else is drawn over the claim")
            continue
        href = urljoin(page.url, aim["href"] or "")
        tapped += 1
        wrong += _first_tap(at, href, aim, claim["opened"])
        if claim["followed"] is not None:
            wrong += _second_tap(at, href, claim["followed"])
    return tapped, wrong


def test_every_evidence_link_opens_its_card_on_a_tap_and_the_second_tap_follows_it(
    all_pages: list[str], phones: dict[int, BrowserContext], base_url: str
) -> None:
    width = REAL_TAPS
    page = phones[width].new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    wrong: list[str] = []
    total = 0
    followed_for_real = 0
    try:
        for path in all_pages:
            page.goto(base_url + path, wait_until="load")
            tapped, problems = _tap_each(page, f"{path} @{width}px")
            total += tapped
            wrong += problems
            if not tapped:
                continue
            # One claim per page is followed for real: two more taps, nothing held.
            page.evaluate("() => { window.__fxHold = false; }")
            claim = page.locator(CLAIMS).nth(_tappable(page)[-1])
            record = claim.get_attribute("data-fx-record") or ""
            href = urljoin(page.url, claim.get_attribute("href") or "")
            claim.scroll_into_view_if_needed()
            claim.tap()
            expect(page.locator(".fx-card[role=dialog]")).to_be_visible()
            claim.tap()
            expect(page).to_have_url(href)
            assert f"/{record}/" in page.url
            followed_for_real += 1
    finally:
        page.close()
    assert total >= 50, f"only {total} claims tapped"
    assert followed_for_real >= 5
    assert not errors, errors
    assert not wrong, f"{len(wrong)} of {total} taps went wrong:\n" + "\n".join(wrong[:30])


@pytest.mark.parametrize("width", SCRIPTED_TAPS)
def test_every_evidence_link_opens_its_card_at_every_phone_width(
    width: int, all_pages: list[str], phones: dict[int, BrowserContext], base_url: str
) -> None:
    page = phones[width].new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    wrong: list[str] = []
    total = 0
    try:
        for path in all_pages:
            page.goto(base_url + path, wait_until="load")
            tapped, problems = _tap_each_by_script(page, f"{path} @{width}px")
            total += tapped
            wrong += problems
    finally:
        page.close()
    assert total >= 50, f"only {total} claims tapped"
    assert not errors, errors
    assert not wrong, f"{len(wrong)} of {total} taps went wrong:\n" + "\n".join(wrong[:30])


def test_the_card_link_follows_the_evidence_and_the_card_speaks_chinese_on_the_chinese_page(
    phones: dict[int, BrowserContext], base_url: str
) -> None:
    page = phones[360].new_page()
    try:
        page.goto(base_url + "/zh/checkpoint-acceleration/", wait_until="load")
        claim = page.locator(CLAIMS).nth(_tappable(page)[0])
        href = urljoin(page.url, claim.get_attribute("href") or "")
        claim.scroll_into_view_if_needed()
        claim.tap()
        card = page.locator(".fx-card[data-fx-card=evidence]")
        expect(card).to_be_visible()
        expect(card).to_contain_text("查看证据")
        expect(card).to_contain_text("实测")
        expect(card.locator(".fx-card-close")).to_have_attribute("aria-label", "关闭")
        card.locator("a.fx-card-link").tap()
        expect(page).to_have_url(href)
    finally:
        page.close()


def test_a_tap_outside_closes_the_card(phones: dict[int, BrowserContext], base_url: str) -> None:
    page = phones[390].new_page()
    try:
        page.goto(base_url + "/training-bubbles/", wait_until="load")
        claim = page.locator(CLAIMS).nth(_tappable(page)[0])
        claim.scroll_into_view_if_needed()
        claim.tap()
        expect(page.locator(".fx-card")).to_have_count(1)
        page.touchscreen.tap(4, 400)  # the page's margin
        expect(page.locator(".fx-card")).to_have_count(0)
        assert "/evidence/" not in page.url
    finally:
        page.close()


#: Each drawn claim's tap target, its first box's height and width, and its text.
TARGETS = """sel => [...document.querySelectorAll(sel)]
  .filter(a => a.getClientRects().length && !a.closest('details:not([open])'))
  .map(a => { const r = a.getClientRects()[0];
              return [r.height, r.width, a.textContent.slice(0, 24)]; })"""


@pytest.mark.parametrize(
    "path", ["/", "/checkpoint-acceleration/", "/training-bubbles/", "/zh/checkpoint-acceleration/"]
)
def test_every_claims_tap_target_is_24_px_tall_on_a_phone(
    phones: dict[int, BrowserContext], base_url: str, path: str
) -> None:
    """blind84: 15 px in an admonition, 17 px in prose, 20 px in a table (WCAG 2.5.8's 24 px);
    a line's own height is not grown for it (the layout checks above)."""
    page = phones[390].new_page()
    try:
        page.goto(base_url + path, wait_until="load")
        targets = page.evaluate(TARGETS, CLAIMS)
        assert targets, path
        assert [t for t in targets if t[0] < 24] == []
    finally:
        page.close()


@pytest.mark.parametrize("path", ["/checkpoint-acceleration/", "/training-bubbles/"])
def test_a_data_sources_record_link_is_24_px_square_on_a_phone(
    phones: dict[int, BrowserContext], base_url: str, path: str
) -> None:
    """blind86: a record's ID under "Data sources" ("R1") was a 20 x 17 px target on a phone."""
    page = phones[390].new_page()
    try:
        page.goto(base_url + path, wait_until="load")
        targets = page.evaluate(TARGETS, ".fx-sources a.fx-source-id")
        assert targets, path
        assert [t for t in targets if t[0] < 24 or t[1] < 24] == []
    finally:
        page.close()


# ---------------------------------------------------------------- desktop


def _open_on_hover(page: Page, claim: Locator) -> None:
    claim.scroll_into_view_if_needed()
    claim.hover()
    expect(page.locator(".fx-card[role=dialog]")).to_be_visible()


#: After the pointer has moved onto claim ``index`` (and before it is focused): where
#: everything is once a frame has been drawn hovered, then when it has keyboard focus;
#: then Escape (a keydown, as fxsite.js hears it) closes the card focus opened.
HOVERED_THEN_FOCUSED = f"""async ([sel, index]) => {{
  const claim = document.querySelectorAll(sel)[index];
  await new Promise(drawn => requestAnimationFrame(() => requestAnimationFrame(drawn)));
  const hovered = ({LAYOUT})();
  claim.focus();
  const focused = ({LAYOUT})();
  claim.dispatchEvent(new KeyboardEvent('keydown', {{key: 'Escape', bubbles: true}}));
  return [hovered, focused];
}}"""


@pytest.mark.parametrize("path", ["/", "/checkpoint-acceleration/", "/training-bubbles/"])
def test_nothing_moves_on_hover_or_focus(path: str, desktop: Session) -> None:
    page = desktop.goto(path)
    indexes = _tappable(page)
    assert indexes
    wrong = []
    for index in indexes:
        page.mouse.move(0, 0)
        aim: dict[str, Any] = page.evaluate(AIM, [CLAIMS, index])
        at = f"{path} {aim['ref']} (#{index})"
        if not aim["hit"]:
            wrong.append(f"{at}: something else is drawn over the claim")
            continue
        page.mouse.move(aim["x"], aim["y"])
        hovered, focused = page.evaluate(HOVERED_THEN_FOCUSED, [CLAIMS, index])
        if hovered != aim["layout"] or focused != aim["layout"]:
            wrong.append(at)
    assert not wrong, "the page moved on hover or focus of:\n" + "\n".join(wrong)


def test_hover_opens_the_card_with_its_evidence_and_leaving_closes_it(desktop: Session) -> None:
    page = desktop.goto("/checkpoint-acceleration/")
    page.mouse.move(0, 0)
    claim = page.locator("article p a.fx-claim[data-fx-label=measured]").first
    ref = claim.get_attribute("data-fx-ref") or ""
    record = ref.split("#")[0]
    _open_on_hover(page, claim)
    card = page.locator(".fx-card[data-fx-card=evidence]")
    expect(card).to_be_visible()
    expect(card).to_contain_text(f"Report {record}")
    expect(card).to_contain_text("measured")
    expect(card).to_contain_text("View evidence →")
    assert card.locator("a.fx-card-link").evaluate("a => a.href") == claim.evaluate("a => a.href")
    # No Material tooltip and no native one: the card replaces them.
    assert claim.get_attribute("title") is None
    expect(page.locator(".md-tooltip2--active")).to_have_count(0)
    # The pointer may move onto the card (to reach its link) without closing it.
    card.hover()
    page.wait_for_timeout(400)
    expect(card).to_be_visible()
    page.mouse.move(5, 5)
    expect(page.locator(".fx-card")).to_have_count(0)


def test_keyboard_focus_opens_the_card_tab_reaches_its_link_and_escape_closes_it(
    desktop: Session,
) -> None:
    page = desktop.goto("/checkpoint-acceleration/")
    page.mouse.move(0, 0)
    for _ in range(200):
        page.keyboard.press("Tab")
        if page.evaluate("() => !!document.activeElement.closest('article a.fx-claim')"):
            break
    else:
        pytest.fail("Tab never reaches a claim")
    card = page.locator(".fx-card[role=dialog]")
    expect(card).to_be_visible()
    labelled = card.get_attribute("aria-labelledby") or ""
    expect(page.locator(f"[id='{labelled}']")).not_to_have_text("")
    claim_href = page.evaluate("() => document.activeElement.href")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.classList.contains('fx-card-link')")
    assert page.evaluate("() => document.activeElement.href") == claim_href
    # The close button is no Tab stop (blind84: three stops a figure); Escape closes.
    assert card.locator(".fx-card-close").evaluate("b => b.tabIndex") == -1
    page.keyboard.press("Escape")
    expect(page.locator(".fx-card")).to_have_count(0)
    # Focus returns to the claim, which does not open its card again at once.
    assert page.evaluate("() => document.activeElement.href") == claim_href
    page.wait_for_timeout(200)
    expect(page.locator(".fx-card")).to_have_count(0)
    # Escape on the claim itself closes the card too.
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    expect(card).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator(".fx-card")).to_have_count(0)


@pytest.mark.parametrize("session_name", ["desktop", "dark"])
def test_an_open_card_passes_axe(
    session_name: str, axe_js: Path, request: pytest.FixtureRequest
) -> None:
    session: Session = request.getfixturevalue(session_name)
    page = session.goto("/checkpoint-acceleration/")
    page.mouse.move(0, 0)
    _open_on_hover(page, page.locator("article p a.fx-claim").first)
    expect(page.locator(".fx-card[data-fx-card=evidence]")).to_be_visible()
    page.add_script_tag(path=str(axe_js))
    found = page.evaluate(
        """async () => (await axe.run({include: ['.fx-card']}, {resultTypes: ['violations']}))
             .violations.map(v => `${v.id} (${v.impact}): ${v.nodes.map(n => n.html).join(' | ')}`)"""
    )
    assert not found, found


# ---------------------------------------------------------------- quiet marks


#: Read on every page by the sweep (conftest.py's ``drawn``), one load a page and session.
SWEEP = {"marks": (MARKS, ("desktop",))}


def test_estimate_marks_once_a_model_and_section_and_about_ten_ids_a_page(drawn: Drawn) -> None:
    wrong = []
    for path, marks in drawn("desktop", "marks").items():
        if marks["ids"] > MAX_MARKS:
            wrong.append(f"{path}: {marks['ids']} record IDs")
        if any(n > 1 for n in marks["estPerSection"]):
            wrong.append(
                f"{path}: a model's 'est.' more than once in a section {marks['estPerSection']}"
            )
    assert not wrong, "\n".join(wrong)


def _claims_page(sections: list[list[tuple[str, str]]], base_url: str) -> str:
    """An article of ``sections`` (h2 each) of claims ``(record, label)``, with fxsite's assets."""
    body = []
    for number, claims in enumerate(sections):
        body.append(f"<h2>Section {number}</h2><p>")
        for record, label in claims:
            mark = "est." if label == "estimate" else record
            body.append(
                f'<a class="fx-claim fx-claim--{label}" href="#" title="t" data-fx-record="{record}" '
                f'data-fx-label="{label}">x<span class="fx-badge">{mark}</span></a> '
            )
        body.append("</p>")
    assets = f"{base_url}/assets/fxsite"
    return (
        f'<!doctype html><html lang=en><link rel=stylesheet href="{assets}/fxsite.css">'
        f'<body><article class="md-typeset">{"".join(body)}</article>'
        f'<script src="{assets}/fxsite.js"></script>'
    )


@pytest.mark.parametrize(
    ("sections", "marks", "estimates"),
    [
        # Many records in many sections: IDs once a page, cut to ten marks with the estimates'.
        ([[(f"R{i}", "measured") for i in range(8)] + [("E1", "estimate")] * 3] * 3, 7, 3),
        # Near miss: few marks keep one per record per section, and "est." once a section.
        (
            [[("R1", "measured"), ("R1", "measured"), ("E1", "estimate"), ("E1", "estimate")]] * 2,
            2,
            2,
        ),
        # Two models in one section: each one's first estimate marked (blind63).
        ([[("E1", "estimate"), ("E2", "estimate"), ("E1", "estimate"), ("E2", "estimate")]], 0, 2),
    ],
    ids=["crowded", "few", "two models"],
)
def test_marks_are_cut_to_about_ten_a_page(
    sections: list[list[tuple[str, str]]],
    marks: int,
    estimates: int,
    desktop: Session,
    base_url: str,
) -> None:
    page = desktop.new_page()
    try:
        page.set_content(_claims_page(sections, base_url), wait_until="load")
        found: dict[str, Any] = page.evaluate(MARKS)
        assert found["ids"] == marks, found
        assert sum(found["estPerSection"]) == estimates and max(found["estPerSection"]) == 1, found
    finally:
        page.close()


def test_evidence_links_are_underlined_unlike_abbreviations(desktop: Session) -> None:
    page = desktop.goto("/checkpoint-acceleration/")
    styles: dict[str, str] = page.evaluate(
        """() => {
          const abbr = document.querySelector('article abbr');
          const claim = document.querySelector('article p a.fx-claim--measured');
          const a = getComputedStyle(abbr), c = getComputedStyle(claim);
          return {abbr: a.textDecorationLine !== 'none' ? a.textDecorationStyle
                        : a.borderBottomStyle,
                  claim: c.textDecorationLine.includes('underline') ? c.textDecorationStyle : 'none'};
        }"""
    )
    assert styles["abbr"] == "dotted"
    assert styles["claim"] not in ("dotted", "none"), styles


def test_no_hover_rule_reveals_or_resizes(site_dir: Path) -> None:
    """No stylesheet of fxsite shows, hides or resizes anything on hover or focus."""
    css = (site_dir / "assets" / "fxsite" / "fxsite.css").read_text("utf-8")
    layout = re.compile(
        r"\b(display|visibility|width|height|margin|padding|font-size|font-weight|position"
        r"|top|left|letter-spacing|border-width)\s*:"
    )
    wrong = []
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        if re.search(r":(hover|focus|focus-visible|focus-within)\b", selector) and layout.search(
            body
        ):
            wrong.append(f"{selector.strip()} {{{body.strip()}}}")
    assert not wrong, wrong
