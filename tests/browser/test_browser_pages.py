"""Every page of the built site, in a desktop and a phone viewport."""

from __future__ import annotations

from collections import defaultdict
from urllib.parse import urlsplit

import pytest
from conftest import PHONE, REQUIRED_PAGES, Session, Visit, site_pages

pytestmark = pytest.mark.browser


def test_required_pages_were_built(site_dir: object) -> None:
    pages = site_pages()
    missing = [p for p in REQUIRED_PAGES if p not in pages]
    assert not missing, f"pages missing from the built site: {missing} (found {pages})"


def test_page_loads_cleanly(page_path: str, visit: Visit, desktop: Session) -> None:
    """No console errors, page errors, failed requests, or requests off 127.0.0.1."""
    page = visit(page_path)
    assert page.locator("article h1").count() >= 1, "no h1 in the article"
    assert page.title().strip(), "empty <title>"
    # fxsite's own assets are loaded and applied.
    assert page.evaluate(
        "() => [...document.styleSheets].some(s => (s.href || '').endsWith('fxsite.css'))"
    ), "fxsite.css is not linked"
    problems = desktop.watch.problems()
    assert not problems, f"{page_path}:\n  " + "\n  ".join(problems)


def test_claims_land_on_their_record_rows(visit: Visit) -> None:
    """Every claim on every page links to an existing row of its record page."""
    targets: dict[str, set[tuple[str, str]]] = defaultdict(set)
    wrong: list[str] = []
    total = 0
    for path in site_pages():
        page = visit(path)
        claims = page.evaluate(
            """() => [...document.querySelectorAll('a.fx-claim')].map(a => ({
                 href: a.href, ref: a.dataset.fxRef, record: a.dataset.fxRecord,
                 figure: a.dataset.fxFigure, label: a.dataset.fxLabel,
                 badge: (a.querySelector('.fx-badge') || {}).textContent || '',
                 sr: (a.querySelector('.fx-sr') || {}).textContent || ''}))"""
        )
        page.close()
        for c in claims:
            total += 1
            url = urlsplit(c["href"])
            where = f"{path} {c['ref']}"
            if c["ref"] != f"{c['record']}#{c['figure']}":
                wrong.append(f"{where}: data-fx-ref != data-fx-record#data-fx-figure")
            if url.fragment != c["figure"] or not url.path.endswith(f"/evidence/{c['record']}/"):
                wrong.append(f"{where}: href {c['href']} is not the record page's figure anchor")
            if c["badge"] != c["label"][:1].upper():
                wrong.append(f"{where}: badge {c['badge']!r} for label {c['label']!r}")
            if c["label"] not in c["sr"] or c["record"] not in c["sr"]:
                wrong.append(f"{where}: screen-reader text {c['sr']!r} lacks label or report ID")
            targets[url.path].add((url.fragment, c["ref"]))
    assert total > 0, "no claims on the site"
    for record_path, anchors in sorted(targets.items()):
        page = visit(record_path)
        for fragment, ref in sorted(anchors):
            found = page.evaluate(
                """id => { const e = document.getElementById(id);
                           return e && {tag: e.tagName, ref: e.dataset.fxRef || null,
                                         inFigures: !!e.closest('.fx-figures')}; }""",
                fragment,
            )
            if not found:
                wrong.append(f"{record_path}#{fragment}: no element with that id ({ref})")
            elif found != {"tag": "TR", "ref": ref, "inFigures": True}:
                wrong.append(f"{record_path}#{fragment}: target is {found}, expected a row of {ref}")
        page.close()
    assert not wrong, f"{len(wrong)} of {total} claims wrong:\n  " + "\n  ".join(wrong)


OVERFLOW_JS = """() => {
  const vw = window.innerWidth;
  const clips = el => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return p;
    }
    return null;
  };
  const describe = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (el.className && typeof el.className === 'string'
       ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
  const sticking = [];
  for (const el of document.querySelectorAll('.md-content *')) {
    const r = el.getBoundingClientRect();
    if (r.width && r.right > vw + 1 && !clips(el)) sticking.push(describe(el) + ' right=' + Math.round(r.right));
  }
  const tables = [];
  for (const t of document.querySelectorAll('.md-content table')) {
    const wrap = clips(t);
    const r = (wrap || t).getBoundingClientRect();
    if (!wrap || r.right > vw + 1) tables.push(describe(t) + ' in ' + (wrap ? describe(wrap) : 'no scroll wrapper') + ' right=' + Math.round(r.right));
  }
  return {scrollWidth: document.documentElement.scrollWidth, innerWidth: vw,
          sticking: sticking.slice(0, 10), tables};
}"""


def test_no_horizontal_scrolling_on_a_phone(page_path: str, visit: Visit, phone: Session) -> None:
    page = visit(page_path, session=phone)
    m = page.evaluate(OVERFLOW_JS)
    width = PHONE["viewport"]["width"]  # type: ignore[index]
    assert m["innerWidth"] == width, f"the phone viewport was zoomed out: {m}"
    assert m["scrollWidth"] <= m["innerWidth"], (
        f"{page_path} scrolls sideways on a {width}px phone: scrollWidth {m['scrollWidth']}; "
        f"elements past the right edge: {m['sticking']}"
    )
    assert not m["tables"], f"{page_path}: tables not scrolling in their own wrapper: {m['tables']}"
