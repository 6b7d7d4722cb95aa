"""``fxsite audit --browser``: the text as a browser draws it.

The static audit (:func:`fxsite.verify.verify_site`) reads the published
files as an HTML5 parser does. A hostile site can still show a reader text
that is not in its HTML: a script that writes it after load, CSS ``content``
on ``::before``/``::after``, a shadow root. This mode opens every page in
headless Chromium (Debian's, driven by Playwright), lets its scripts run,
and reads what is drawn:

* every visible text run outside code and outside claims, shadow roots
  included, with the ``content`` of ``::before`` and ``::after`` where it
  is a string, goes through the one bare-figure detector (FX501);
* every claim (``a[data-fx-ref]``) as drawn, without its marker and its
  screen-reader text, must still state its figure (:func:`resolve_claim`
  on the published library), so a script that rewrites a claim is caught.

Elements not drawn (``display: none``, ``visibility: hidden``, zero size)
are skipped here: the static audit has read their text already.

Every file the static audit reads as a page (``kind_of(rel) == "html"``:
``.html``, ``.htm``, ``.xhtml``, ``.shtml``, ``index.html.en``…) is drawn, each
as a web server sends it: from a local HTTP server on 127.0.0.1
(:mod:`fxsite.verify.siteserver`), ``text/html`` or ``application/xhtml+xml``
by its name. Requests anywhere else are blocked, service workers too; a page
the server does not send (404) or that fails to load is ``FX614``.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from fxsite.findings import ConfigError, Finding, sort_findings
from fxsite.pages.claims import ClaimProblem, resolve_claim
from fxsite.pages.language import DEFAULT, language_tag
from fxsite.safeio import UnreadableFile, iter_tree, read_text
from fxsite.verify.audit import MAX_PAGE_BYTES
from fxsite.verify.kinds import kind_of
from fxsite.verify.notes import NOT_DRAWN
from fxsite.verify.published import load_published
from fxsite.verify.reading import detect
from fxsite.verify.siteserver import serve_site, site_url
from fxsite.verify.visible import normalise, page_text

__all__ = ["DRAWN_TEXT_JS", "browser_findings", "browser_missing", "with_browser"]

#: Collects what is drawn: ``{texts: [...], claims: [{ref, text, lang}]}``.
DRAWN_TEXT_JS = r"""
() => {
  const texts = [], claims = [];
  const skip = new Set(["CODE", "PRE", "SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "KBD", "SAMP"]);
  const drawn = (el) => {
    const style = getComputedStyle(el);
    if (style.display === "none" || style.visibility === "hidden") return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 || box.height > 0 || style.display === "contents";
  };
  const pseudo = (el, which) => {
    const content = getComputedStyle(el, which).content;
    if (!content || content === "none" || content === "normal") return;
    // Strings as drawn; attr(x) as the element's attribute (some engines leave it unresolved).
    const drawnText = content.replace(/attr\(\s*([^\s)]+)\s*\)/g, (_, name) => JSON.stringify(el.getAttribute(name) || ""))
      .match(/"(?:[^"\\]|\\.)*"/g);
    if (drawnText) texts.push(drawnText.map((s) => s.slice(1, -1).replace(/\\(.)/g, "$1")).join(""));
  };
  const control = (el) => {
    // What a form control draws in its box: its value (a script may set it), its placeholder.
    const tag = el.tagName.toUpperCase();
    if (tag === "SELECT") { for (const o of el.selectedOptions) texts.push(o.text); return; }
    if (tag !== "INPUT" && tag !== "TEXTAREA") return;
    const kind = (el.type || "").toLowerCase();
    if (["hidden", "password", "checkbox", "radio", "file", "image", "color", "range"].includes(kind)) return;
    if (el.value) texts.push(el.value);
    if (el.placeholder) texts.push(el.placeholder);
  };
  const claimText = (a) => {
    let out = "";
    const walk = (node) => {
      for (const child of node.childNodes) {
        if (child.nodeType === 3) out += child.data;
        else if (child.nodeType === 1 && !child.matches(".fx-badge, .fx-sr") && drawn(child)) walk(child);
      }
    };
    walk(a);
    return out.replace(/\s+/g, " ").trim();
  };
  const visit = (root) => {
    let run = "";
    const flush = () => { if (run.trim()) texts.push(run.replace(/\s+/g, " ").trim()); run = ""; };
    const walk = (node) => {
      for (const child of node.childNodes) {
        if (child.nodeType === 3) { run += child.data; continue; }
        if (child.nodeType !== 1 || skip.has(child.tagName.toUpperCase()) || !drawn(child)) continue;
        if (child.matches("a[data-fx-ref]")) {
          claims.push({
            ref: child.getAttribute("data-fx-ref"),
            text: claimText(child),
            lang: child.getAttribute("data-fx-lang") || "",
          });
          run += " ";
          continue;
        }
        const block = getComputedStyle(child).display !== "inline";
        if (block) flush();
        control(child);
        pseudo(child, "::before");
        walk(child);
        if (child.shadowRoot) { flush(); visit(child.shadowRoot); }
        pseudo(child, "::after");
        if (block) flush();
      }
    };
    walk(root);
    flush();
  };
  visit(document.body);
  return {texts, claims};
}
"""

#: ``AutomationControlled`` off: ``navigator.webdriver`` is false, as in a reader's browser.
_CHROMIUM_ARGS = [
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-blink-features=AutomationControlled",
]


def chromium_args(euid: int | None = None) -> list[str]:
    """Chromium's arguments: its sandbox kept, for the vendor's scripts it runs (blind71),
    but as root, where Chromium will not start with it (a container's CI): there it is
    turned off, and the README says to audit as another user."""
    root = (os.geteuid() if euid is None else euid) == 0
    return [*(["--no-sandbox"] if root else []), *_CHROMIUM_ARGS]


#: Run before any script of a page: nothing tells it that no person is reading.
_UNDETECTED_JS = """
Object.defineProperty(Navigator.prototype, "webdriver", {get: () => false, configurable: true});
"""


_NO_PLAYWRIGHT = (
    "--browser needs Playwright: pip install 'fxsite[browser]' (Chromium comes from Debian)"
)
_NO_CHROMIUM = "--browser needs Chromium: install Debian's `chromium` package"


def _chromium_path() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def browser_missing() -> str | None:
    """Why ``--browser`` cannot run on this machine (Playwright or Chromium is not
    installed), or None: the build and the audit ask before any work (blind74: ``build
    --browser`` without Playwright said "Aborted with a BuildError!", exit 1)."""
    from importlib.util import find_spec

    if find_spec("playwright") is None:
        return _NO_PLAYWRIGHT
    return _NO_CHROMIUM if _chromium_path() is None else None


def _chromium() -> str:
    path = _chromium_path()
    if path is None:
        raise ConfigError(_NO_CHROMIUM)
    return path


def _static_text(path: Path) -> str:
    """The page's text as the static audit reads it, claims included."""
    try:
        html = read_text(path, MAX_PAGE_BYTES, root=path.parent)
    except UnreadableFile:
        return ""
    page = page_text(html)
    return " \n ".join([*(b.text for b in page.blocks), *page.meta.values()])


class _NotDrawn(Exception):
    """The server did not send the page (its status says why)."""


def _drawn(page: Any, url: str) -> dict[str, Any]:
    response = page.goto(url, wait_until="load", timeout=30_000)
    if response is not None and not response.ok:
        raise _NotDrawn(f"HTTP {response.status} {response.status_text}".rstrip())
    page.wait_for_timeout(200)  # let scripts run after load
    result: dict[str, Any] = page.evaluate(DRAWN_TEXT_JS)
    return result


def browser_findings(site_dir: Path) -> list[Finding]:
    """Every figure drawn without a record, and every claim drawn unlike its figure."""
    try:
        from playwright.sync_api import Error as PlaywrightError, sync_playwright
    except ImportError:
        raise ConfigError(_NO_PLAYWRIGHT) from None
    published = load_published(site_dir)
    library = published.library
    findings: list[Finding] = []
    pages = [
        p
        for p in iter_tree(site_dir)
        if kind_of(p.relative_to(site_dir).as_posix()) == "html" and not p.is_dir()
    ]
    with serve_site(site_dir) as origin, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=_chromium(), headless=True, args=chromium_args()
        )
        try:
            # Service workers would fetch past the route below: none are registered.
            # A page may test whether a robot reads it: its user agent and
            # navigator.webdriver say what a reader's browser says.
            probe = browser.new_page()
            agent = str(probe.evaluate("navigator.userAgent"))
            probe.close()
            context = browser.new_context(
                service_workers="block", user_agent=agent.replace("HeadlessChrome", "Chrome")
            )
            context.add_init_script(_UNDETECTED_JS)
            # Only the site's own files: a page must not fetch what it shows.
            context.route(
                "**/*",
                lambda route: (
                    route.continue_()
                    if route.request.url.startswith(origin + "/")
                    else route.abort()
                ),
            )
            page = context.new_page()
            for path in pages:
                rel = path.relative_to(site_dir).as_posix()
                try:
                    drawn = _drawn(page, site_url(origin, rel))
                except (PlaywrightError, _NotDrawn) as exc:
                    message = str(exc).splitlines()[0]
                    findings.append(Finding(rel, 1, 1, "FX614", f"cannot be drawn: {message}"))
                    continue
                # What the static audit read and judged (record values, chart
                # labels, claims): only what is drawn beyond it is new here.
                static = _static_text(path)
                for text in drawn["texts"]:
                    for span in detect(normalise(text)):
                        if normalise(span.text) in static:
                            continue
                        findings.append(
                            Finding(
                                rel,
                                1,
                                1,
                                "FX501",
                                f"bare figure '{span.text}' as drawn in a browser "
                                "(not in the page's HTML: a script, CSS content or a shadow root)",
                                text=span.text,
                            )
                        )
                for claim in drawn["claims"]:
                    # A claim on a page in another language carries it (as the audit reads it).
                    lang = language_tag(claim["lang"]) or DEFAULT
                    dest = f"evidence:{claim['ref']}"
                    result = resolve_claim(claim["text"], dest, library, lang=lang)
                    if isinstance(result, ClaimProblem):
                        findings.append(
                            Finding(
                                rel,
                                1,
                                1,
                                result.code,
                                f"claim drawn as '{claim['text']}': {result.message}",
                                text=claim["text"],
                            )
                        )
        finally:
            browser.close()
    return sort_findings(findings)


def with_browser(findings: list[Finding], site_dir: Path) -> list[Finding]:
    """``findings`` of the static gate with what a browser draws checked too.

    Text a script or stylesheet writes (``FX505``: the gate cannot read it) is
    judged as drawn instead: every figure drawn needs its record, every claim
    drawn must still state its figure.
    """
    kept = [f for f in findings if f.code != NOT_DRAWN]
    return sort_findings([*kept, *browser_findings(site_dir)])
