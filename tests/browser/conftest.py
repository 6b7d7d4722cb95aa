"""Browser tests: the built demo site in headless Debian Chromium, via Playwright.

The suite needs a built ``site/`` (``make test`` builds it first; if it is
missing, it is built here once with ``mkdocs build``), Debian's ``chromium`` at
/usr/bin/chromium, the ``playwright`` Python package, and axe-core installed
with ``npm ci --prefix tests/browser``.

Outside CI a missing browser, Playwright or axe-core skips the tests with a
message saying how to install it; under ``CI=true`` it fails them instead.

``FXSITE_SITE_DIR`` may point the suite at another built site (default: site/).

Test modules take everything from here as fixtures, never ``from conftest import``:
tests/ has a conftest.py of its own.
"""

from __future__ import annotations

import fcntl
import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, Playwright, Request

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
SITE = Path(os.environ.get("FXSITE_SITE_DIR", REPO / "site")).resolve()
CHROMIUM = Path("/usr/bin/chromium")
AXE_JS = HERE / "node_modules" / "axe-core" / "axe.min.js"

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
DESKTOP = {"viewport": {"width": 1440, "height": 900}}
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}
EXCLUDED_DIRS = {"assets", "search"}
#: Every request off 127.0.0.1 goes to a proxy where nothing listens, and fails: the
#: browser blocks it without a round trip to Python per request (a route would, and
#: would switch the browser's cache off), and each session notes it (``Session``).
OFF_MACHINE = {"server": "http://127.0.0.1:9", "bypass": "127.0.0.1"}

IN_CI = os.environ.get("CI", "").strip().lower() == "true"


def missing(what: str, how: str) -> None:
    """Skip (fail under CI=true) because a prerequisite is missing."""
    message = f"{what} is missing; {how}"
    if IN_CI:
        pytest.fail(f"CI=true: {message}", pytrace=False)
    pytest.skip(message)


# ---------------------------------------------------------------- the built site

_build_error: str | None = None


def _ensure_site() -> str | None:
    """Build site/ once if it is missing; return the error text if that fails."""
    global _build_error
    if (SITE / "index.html").is_file() or _build_error is not None:
        return _build_error
    if "FXSITE_SITE_DIR" in os.environ:
        _build_error = f"FXSITE_SITE_DIR={SITE} has no index.html"
        return _build_error
    lock = REPO / ".cache" / "site-build.lock"
    lock.parent.mkdir(exist_ok=True)
    with lock.open("a") as handle:  # xdist workers collect at once: one of them builds
        fcntl.flock(handle, fcntl.LOCK_EX)
        if (SITE / "index.html").is_file():
            return None
        proc = subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "-q"],
            cwd=REPO,
            capture_output=True,
            text=True,
            check=False,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        )
    if proc.returncode != 0 or not (SITE / "index.html").is_file():
        _build_error = f"`mkdocs build` failed ({proc.returncode}):\n{proc.stdout}{proc.stderr}"
    return _build_error


def site_pages() -> list[str]:
    """URL paths of every HTML page of the built site (404 page, search/, assets/ excluded)."""
    if _ensure_site() is not None:
        return []
    pages = []
    for path in SITE.rglob("index.html"):
        rel = path.relative_to(SITE)
        if rel.parts[0] in EXCLUDED_DIRS:
            continue
        parent = rel.parent.as_posix()
        pages.append("/" if parent == "." else f"/{parent}/")
    return sorted(pages, key=lambda p: (p.count("/"), p))


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "page_path" in metafunc.fixturenames:
        pages = site_pages() or ["<no site>"]
        metafunc.parametrize("page_path", pages, ids=pages)


@pytest.fixture(scope="session")
def site_dir() -> Path:
    error = _ensure_site()
    if error is not None:
        pytest.fail(error, pytrace=False)
    return SITE


@pytest.fixture(scope="session")
def all_pages(site_dir: Path) -> list[str]:
    """URL paths of every page (what ``page_path`` is parametrized over)."""
    return site_pages()


@pytest.fixture(scope="session")
def phone_width() -> int:
    width: int = PHONE["viewport"]["width"]  # type: ignore[index]
    return width


# ---------------------------------------------------------------- local HTTP server


@pytest.fixture(scope="session")
def base_url(site_dir: Path) -> Iterator[str]:
    """The demo site served as the browser audit serves a site (fxsite.verify.siteserver)."""
    from fxsite.verify.siteserver import serve_site

    with serve_site(site_dir) as origin:
        yield origin


# ---------------------------------------------------------------- browser


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    if importlib.util.find_spec("playwright") is None:
        missing(
            "The playwright Python package",
            "install the test extras: .venv/bin/pip install -e '.[test]'",
        )
    if not CHROMIUM.exists():
        missing(
            f"Chromium ({CHROMIUM})",
            "install Debian's browser: sudo apt-get install chromium",
        )
    from playwright.sync_api import sync_playwright

    manager = sync_playwright()
    pw = manager.start()
    try:
        yield pw
    finally:
        manager.__exit__(None, None, None)


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    browser = playwright_instance.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS, proxy=OFF_MACHINE
    )
    try:
        yield browser
    finally:
        browser.close()


@dataclass
class Watch:
    """What went wrong while a page was open."""

    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)
    off_machine: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        return (
            [f"console error: {m}" for m in self.console_errors]
            + [f"page error: {m}" for m in self.page_errors]
            + [f"failed request: {m}" for m in self.failed_requests]
            + [f"off-machine request (blocked): {m}" for m in self.off_machine]
        )


class Session:
    """A browser context shared by many tests; each test opens its own page in it."""

    def __init__(self, context: BrowserContext, base_url: str) -> None:
        self.context = context
        self.base_url = base_url
        self.watch = Watch()
        self._scratch: Page | None = None
        self._watches: dict[Page, Watch] = {}
        context.on("request", self._note)

    def _note(self, request: Request) -> None:
        """Note a request off 127.0.0.1 (the browser's proxy, ``OFF_MACHINE``, blocks it)."""
        url = urlsplit(request.url)
        if url.scheme in ("http", "https") and url.hostname != "127.0.0.1":
            self._watch_of(request).off_machine.append(request.url)

    def _watch_of(self, request: Request) -> Watch:
        """The watch of the page a request comes from (``self.watch`` when it is not known)."""
        try:
            page = request.frame.page
        except Exception:  # a request without a frame (a service worker's)
            return self.watch
        return self._watches.get(page, self.watch)

    def new_page(self, watch: Watch | None = None) -> Page:
        """A page of this context, its problems noted in ``watch`` (default: ``self.watch``)."""
        page = self.context.new_page()
        watch = watch or self.watch
        self._watches[page] = watch
        page.on("close", lambda closed: self._watches.pop(closed, None))
        page.on(
            "console",
            lambda msg: (
                watch.console_errors.append(f"{msg.text} ({msg.location.get('url')})")
                if msg.type == "error"
                else None
            ),
        )
        page.on("pageerror", lambda err: watch.page_errors.append(str(err)))
        page.on(
            "requestfailed",
            lambda req: (
                watch.failed_requests.append(f"{req.url}: {req.failure}")
                if urlsplit(req.url).hostname == "127.0.0.1"
                else None
            ),
        )
        page.on(
            "response",
            lambda resp: (
                watch.failed_requests.append(f"{resp.url}: HTTP {resp.status}")
                if resp.status >= 400
                else None
            ),
        )
        return page

    def url(self, path: str) -> str:
        return self.base_url + path

    def goto(self, path: str) -> Page:
        """A page of this context kept open for whole-site sweeps, moved to ``path``."""
        if self._scratch is None or self._scratch.is_closed():
            self._scratch = self.context.new_page()
        self._scratch.goto(self.url(path), wait_until="load")
        return self._scratch


def _session(browser: Browser, base_url: str, **options: Any) -> Iterator[Session]:
    context = browser.new_context(**options)
    try:
        yield Session(context, base_url)
    finally:
        context.close()


@pytest.fixture(scope="session")
def desktop(browser: Browser, base_url: str) -> Iterator[Session]:
    """Desktop viewport, light colour scheme."""
    yield from _session(browser, base_url, **DESKTOP, color_scheme="light")


@pytest.fixture(scope="session")
def dark(browser: Browser, base_url: str) -> Iterator[Session]:
    """Desktop viewport, dark colour scheme (Material follows prefers-color-scheme)."""
    yield from _session(browser, base_url, **DESKTOP, color_scheme="dark")


@pytest.fixture(scope="session")
def phone(browser: Browser, base_url: str) -> Iterator[Session]:
    """A 390x844 touch phone."""
    yield from _session(browser, base_url, **PHONE, color_scheme="light")


@pytest.fixture(scope="session")
def phone_dark(browser: Browser, base_url: str) -> Iterator[Session]:
    """The phone in the dark colour scheme."""
    yield from _session(browser, base_url, **PHONE, color_scheme="dark")


Visit = Callable[..., "Page"]


@pytest.fixture
def visit(desktop: Session, phone: Session) -> Iterator[Visit]:
    """``visit(path, session=desktop, idle=False)``: open a page and wait for ``load``
    (and, with ``idle=True``, until the network is idle: Material fetches its
    search worker and index after ``load``).

    Problems seen while the test's pages are open are in ``session.watch``.
    """
    opened: list[Page] = []
    desktop.watch = Watch()
    phone.watch = Watch()

    def _visit(path: str, session: Session | None = None, idle: bool = False) -> Page:
        session = session or desktop
        page = session.new_page()
        opened.append(page)
        page.goto(session.url(path), wait_until="load")
        if idle:
            page.wait_for_load_state("networkidle")
        return page

    yield _visit
    for page in opened:
        page.close()


CRAWL_JS = """() => {
  // marked: an estimate's claim followed by its label, as the FAQ's JSON-LD writes it
  const clean = (el, marked) => {
    const c = el.cloneNode(true);
    c.querySelectorAll('.headerlink, .fx-badge, .fx-sr').forEach(e => e.remove());
    if (marked) c.querySelectorAll('a.fx-claim[data-fx-label=estimate]').forEach(a =>
      a.after(a.dataset.fxLang === 'zh' ? ' (估算)' : ' (estimate)'));
    return c.textContent.replace(/\\s+/g, ' ').trim();
  };
  const claims = [...document.querySelectorAll('a.fx-claim')].map(a => ({
    href: a.href, ref: a.dataset.fxRef, record: a.dataset.fxRecord,
    figure: a.dataset.fxFigure, label: a.dataset.fxLabel, lang: a.dataset.fxLang || 'en',
    badge: (a.querySelector('.fx-badge') || {}).textContent || '',
    sr: (a.querySelector('.fx-sr') || {}).textContent || '',
    inHeading: !!a.closest('h1, h2, h3, h4, h5, h6')}));
  const ld = [...document.querySelectorAll('head script[type="application/ld+json"]')]
    .map(s => s.textContent);
  // A page's FAQ: the h3 questions after h2#frequently-asked-questions, up to the next
  // h2; on the site-wide FAQ page (h1#frequently-asked-questions) every h3.
  let faq = null;
  const h2 = document.querySelector('article h2#frequently-asked-questions');
  const h1 = document.querySelector('article h1#frequently-asked-questions');
  if (h2 || h1) {
    faq = [];
    for (let el = (h2 || h1).nextElementSibling; el; el = el.nextElementSibling) {
      if (h2 && /^H[12]$/.test(el.tagName)) break;
      if (el.tagName === 'H3') faq.push({q: clean(el), a: []});
      else if (/^H[12]$/.test(el.tagName)) continue;
      else if (faq.length) faq[faq.length - 1].a.push(clean(el, true));
    }
    faq = faq.map(i => ({q: i.q, a: i.a.join(' ')}));
  }
  return {claims, ld, faq, sitewideFaq: !!h1};
}"""


@pytest.fixture(scope="session")
def crawl(drawn: Drawn) -> dict[str, dict[str, Any]]:
    """Claims, JSON-LD and FAQ of every page, read once from the rendered DOM."""
    return drawn("desktop", "crawl")


# ---------------------------------------------------------------- one load a page

#: What each page is read for in a sweep, and in the sweeps of which sessions:
#: ``CRAWL_JS`` above, and every collected test module's ``SWEEP`` (name -> a read-only
#: JavaScript function, called with the viewport's width, and the names of the sessions
#: whose sweeps run it: those its tests read it in), gathered at collection.
PROBES: dict[str, tuple[str, tuple[str, ...]]] = {"crawl": (CRAWL_JS, ("desktop",))}
#: Called on every page a sweep draws, after its probes, with the session's name, the
#: page's path and the page: each collected test module's ``after_sweep``.
AFTER_SWEEP: list[Callable[[str, str, Page], None]] = []


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for module in {getattr(item, "module", None) for item in items}:
        for name, probe in getattr(module, "SWEEP", {}).items():
            assert PROBES.setdefault(name, probe) == probe, f"two sweep probes named {name}"
        hook = getattr(module, "after_sweep", None)
        if hook is not None and hook not in AFTER_SWEEP:
            AFTER_SWEEP.append(hook)


def sweep_js(probes: dict[str, str]) -> str:
    """One function running every probe on the page as it is: each result or what it threw."""
    calls = ",\n".join(
        f"  [{json.dumps(name)}, () => ({js})(width)]" for name, js in probes.items()
    )
    return f"""width => Object.fromEntries([
{calls}
].map(([name, probe]) => {{
  try {{ return [name, {{value: probe()}}]; }}
  catch (e) {{ return [name, {{error: String(e && e.stack || e)}}]; }}
}}))"""


#: Pages drawn as a reader opens them: in the desktop session, each in a page of its
#: own, until the network is idle (Material fetches its search worker and index after
#: ``load``), noting what went wrong while it was open (probe ``problems``); every page
#: of the site at once, the first time one is asked for.
WATCHED = "reader"


class Drawn:
    """Each page of the site drawn once per session and worker, read by every probe.

    ``drawn(session_name, probe)`` is that probe's result on every page, by path (the
    session's fixture name, or ``WATCHED``);
    ``drawn.on(session_name, path, probe)`` on one page (only that page is drawn);
    ``drawn.each(session_name, visit)`` calls ``visit(path, page)`` on every page,
    on the page's own drawing when it is still to come (else on a load of its own).
    """

    def __init__(self, request: pytest.FixtureRequest) -> None:
        self._request = request
        self._drawn: dict[str, dict[str, dict[str, Any]]] = {}

    def __call__(self, session_name: str, probe: str) -> dict[str, Any]:
        return {path: self.on(session_name, path, probe) for path in site_pages()}

    def on(self, session_name: str, path: str, probe: str) -> Any:
        drawn = self._draw(session_name, path)
        if probe not in drawn:
            pytest.fail(f"the {session_name} sweep does not run {probe}: name it in its SWEEP")
        result = drawn[probe]
        if "error" in result:
            pytest.fail(f"{path} ({session_name}): {probe} threw {result['error']}")
        return result["value"]

    def each(self, session_name: str, visit: Callable[[str, Page], None]) -> None:
        session: Session = self._request.getfixturevalue(session_name)
        for path in site_pages():
            if path in self._drawn.get(session_name, {}):
                visit(path, session.goto(path))
            else:
                self._draw(session_name, path, visit)

    def _draw(
        self, session_name: str, path: str, visit: Callable[[str, Page], None] | None = None
    ) -> dict[str, Any]:
        drawn = self._drawn.setdefault(session_name, {})
        if path not in drawn and session_name == WATCHED:
            self._draw_as_read()
        if path not in drawn:
            session: Session = self._request.getfixturevalue(session_name)
            self._read(session_name, path, session.goto(path), session.watch, visit)
        return drawn[path]

    def _read(
        self,
        session_name: str,
        path: str,
        page: Page,
        watch: Watch,
        visit: Callable[[str, Page], None] | None = None,
    ) -> None:
        width = (page.viewport_size or {"width": 0})["width"]
        probes = {name: js for name, (js, sessions) in PROBES.items() if session_name in sessions}
        result = page.evaluate(sweep_js(probes), width)
        result["problems"] = {"value": watch.problems()}
        self._drawn[session_name][path] = result
        for hook in AFTER_SWEEP:
            hook(session_name, path, page)
        if visit is not None:
            visit(path, page)

    def _draw_as_read(self) -> None:
        """Every page still to be drawn as a reader opens it, all at once: each in a page
        of its own with a watch of its own, so that their waits for an idle network
        overlap; read once every one is idle, then closed. An off-machine request whose
        page is not known (it has no frame) is noted on every page of the batch."""
        session: Session = self._request.getfixturevalue("desktop")
        unattributed = session.watch = Watch()
        opened = []
        for path in site_pages():
            if path not in self._drawn[WATCHED]:
                watch = Watch()
                page = session.new_page(watch)
                page.goto(session.url(path), wait_until="commit")
                opened.append((path, page, watch))
        for _, page, _ in opened:
            page.wait_for_load_state("load")
            page.wait_for_load_state("networkidle")
        for path, page, watch in opened:
            watch.off_machine += unattributed.off_machine
            self._read(WATCHED, path, page, watch)
            page.close()


@pytest.fixture(scope="session")
def drawn(request: pytest.FixtureRequest) -> Drawn:
    return Drawn(request)


@pytest.fixture(scope="session")
def axe_js() -> Path:
    if not AXE_JS.is_file():
        missing(
            f"axe-core ({AXE_JS.relative_to(REPO)})",
            "install it from the npm registry: npm ci --prefix tests/browser",
        )
    return AXE_JS
