"""``verify_site``: the build's last gate and ``fxsite audit`` are this one function.

An auditor has the published folder and nothing else. :func:`verify_site`
rebuilds the evidence library from the site's ``evidence.json`` with the
build's own functions, then reads **every** file of the site (not a list the
site declares): each HTML page as a reader sees it (:mod:`.visible`), SVG,
text, XML and JSON files, the search index and the exports. Each claim is
re-resolved with :func:`~fxsite.pages.claims.resolve_claim` and re-rendered
with :func:`~fxsite.pages.claims.render_claim`; record pages and charts are
compared with the figures; all visible text goes through the one bare-figure
detector. What the build refuses, the audit refuses, with the same codes.
"""

from __future__ import annotations

import posixpath
import re
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

from fxsite import STAMP
from fxsite.evidence.library import FigureValue
from fxsite.findings import Finding, sort_findings
from fxsite.pages.claims import Claim, ClaimProblem, render_claim, resolve_claim
from fxsite.pages.language import DEFAULT, language_tag
from fxsite.render.exports import PublishedJsonError, loads
from fxsite.safeio import UnreadableFile, iter_tree, read_bytes, read_text
from fxsite.verify.charts import check_chart
from fxsite.verify.published import Published, compare_exports, load_published
from fxsite.verify.reading import detect, glued, hidden_characters, unit_after
from fxsite.verify.visible import (
    MAX_NESTING,
    Block,
    ClaimNode,
    PageText,
    json_strings,
    nesting,
    normalise,
    page_text,
)

__all__ = ["MAX_PAGE_BYTES", "url_of", "verify_site"]

#: Largest page or text file read, in bytes.
MAX_PAGE_BYTES = 16 << 20
_HTML = (".html", ".htm", ".xhtml")
_TEXT = (".txt", ".xml", ".svg", ".json", ".csv", ".gz", *_HTML)


def url_of(rel: str) -> str:
    """The site URL of a file: ``index.html`` is ``""``, ``a/index.html`` is ``a/``."""
    if rel == "index.html" or rel.endswith("/index.html"):
        return rel[: -len("index.html")]
    return rel


def _normal_url(url: str) -> str:
    url = url.split("#", 1)[0]
    url = url.removeprefix("./").lstrip("/")
    return url_of(url) if url.endswith("index.html") else ("" if url in (".", "") else url)


@dataclass
class _Site:
    root: Path
    published: Published
    pages: dict[str, PageText] = field(default_factory=dict)
    #: a file's text, read again only when a finding needs its line
    raw: dict[str, str] = field(default_factory=dict)
    #: other files' text blocks: (rel, url of the page they speak for, blocks)
    extra: list[tuple[str, str, list[Block]]] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    #: re-rendered claims, by (ref, text, href, in heading): pages repeat them
    rendered: dict[tuple[str, str, str, bool, str], ClaimNode] = field(default_factory=dict)

    def add(self, rel: str, code: str, message: str, text: str | None = None) -> None:
        line = _line(self._text_of(rel), text) if text else 1
        self.findings.append(Finding(rel, line, 1, code, message, text=text))

    def _text_of(self, rel: str) -> str:
        # Not kept for every file: a site's pages would all stay in memory
        # for the few findings that need a line number.
        if rel not in self.raw:
            try:
                self.raw[rel] = read_text(self.root / rel, MAX_PAGE_BYTES, root=self.root)
            except UnreadableFile:
                self.raw[rel] = ""
        return self.raw[rel]


def _line(raw: str, snippet: str) -> int:
    for needle in (snippet, snippet.split(" ")[0]):
        at = raw.find(needle) if needle else -1
        if at >= 0:
            return raw.count("\n", 0, at) + 1
    return 1


def verify_site(site_dir: Path) -> list[Finding]:
    """Every way the site at ``site_dir`` differs from what its evidence renders."""
    site = _Site(site_dir, load_published(site_dir))
    site.findings.extend(site.published.findings)
    for path in iter_tree(site_dir):
        rel = path.relative_to(site_dir).as_posix()
        if rel != "evidence.json" and path.name.lower().endswith(_TEXT):
            _read(site, path, rel)
    by_url = {url_of(rel): rel for rel in site.pages}
    for rel, page in site.pages.items():
        if rel.lower().endswith(_HTML) and STAMP not in page.meta:
            site.add(rel, "FX613", f'page lacks the <meta name="{STAMP}"> stamp of an fxsite build')
        _check_claims(site, rel, page, by_url)
        for chart in page.charts:
            site.findings.extend(check_chart(rel, chart, site.published.library, page, by_url))
    _check_record_pages(site)
    _check_citations(site, by_url)
    _check_text(site)
    return sort_findings(site.findings)


def _read(site: _Site, path: Path, rel: str) -> None:
    name = path.name.lower()
    try:
        if name.endswith(".gz"):
            _read_gzip(site, path, rel)
            return
        text = read_text(path, MAX_PAGE_BYTES, root=site.root)
    except UnreadableFile as exc:
        site.add(rel, "FX614", f"cannot be read safely: it {exc.reason}")
        return
    exported = compare_exports(site.root, rel, text, site.published)
    if exported is not None:
        site.findings.extend(exported)
        return
    if name.endswith((*_HTML, ".svg", ".xml")):
        if nesting(text) > MAX_NESTING:
            site.add(
                rel,
                "FX614",
                f"cannot be read safely: it nests elements more than {MAX_NESTING} deep",
            )
            return
        page = page_text(text)
        if name.endswith(_HTML):
            site.pages[rel] = page
            for error in page.json_ld_errors:
                site.add(rel, "FX612", f"JSON-LD is not readable: {error}")
        else:
            site.extra.append((rel, "", page.blocks))
    elif rel == "search/search_index.json":
        _read_search_index(site, rel, text)
    elif name.endswith(".json"):
        try:
            data = loads(text)
        except PublishedJsonError as exc:
            site.add(rel, "FX612", f"not readable JSON: {exc}")
            return
        strings: list[str] = []
        json_strings(data, strings)
        site.extra.append((rel, "", [Block(normalise(s), "page") for s in strings if s.strip()]))
    else:  # .txt, .csv
        site.extra.append((rel, "", [Block(normalise(line), "page") for line in text.splitlines()]))


def _read_gzip(site: _Site, path: Path, rel: str) -> None:
    data = read_bytes(path, MAX_PAGE_BYTES, root=site.root)
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        inner = inflater.decompress(data, MAX_PAGE_BYTES)
    except zlib.error as exc:
        site.add(rel, "FX612", f"not a readable gzip file: {exc}")
        return
    plain = site.root / rel[:-3]
    try:
        expected = read_bytes(plain, MAX_PAGE_BYTES, root=site.root)
    except UnreadableFile:
        expected = None
    if inflater.unconsumed_tail or inner != expected:
        site.add(rel, "FX612", f"does not hold the same bytes as {rel[:-3]}")


def _read_search_index(site: _Site, rel: str, text: str) -> None:
    try:
        data = loads(text)
    except PublishedJsonError as exc:
        site.add(rel, "FX612", f"not readable JSON: {exc}")
        return
    docs = data.get("docs", []) if isinstance(data, dict) else []
    for doc in docs if isinstance(docs, list) else []:
        if not isinstance(doc, dict):
            continue
        url = _normal_url(str(doc.get("location", "")))
        blocks = [Block(normalise(str(doc.get("title", ""))), "page")]
        blocks += page_text(str(doc.get("text", ""))).blocks
        for block in blocks:
            block.channel = "page"
        site.extra.append((rel, url, blocks))


def _target(rel: str, href: str, by_url: dict[str, str]) -> tuple[str | None, str]:
    """The site file an internal ``href`` on page ``rel`` lands on, and its fragment."""
    parts = urlsplit(href)
    if parts.scheme or parts.netloc:
        return None, parts.fragment
    base = posixpath.dirname(rel)
    path = unquote(parts.path)
    if not path:
        return rel, unquote(parts.fragment)
    joined = posixpath.normpath(posixpath.join(base, path)) + ("/" if path.endswith("/") else "")
    joined = "" if joined in ("./", ".") else joined.removeprefix("./")
    return by_url.get(joined) or by_url.get(url_of(joined)), unquote(parts.fragment)


def _check_claims(site: _Site, rel: str, page: PageText, by_url: dict[str, str]) -> None:
    library = site.published.library
    for node in page.claims:
        ref = node.attrs.get("data-fx-ref", "")
        text = normalise(node.text)
        # A claim on a page in another language carries it: its words are re-rendered alike.
        lang = language_tag(node.attrs.get("data-fx-lang")) or DEFAULT
        result = resolve_claim(text, f"evidence:{ref}", library, lang=lang)
        if isinstance(result, ClaimProblem):
            site.add(rel, result.code, f"claim to {ref}: {result.message}", text)
            continue
        _compare_render(site, rel, node, result)
        href = node.attrs.get("href", "")
        target, fragment = _target(rel, href, by_url)
        landing = site.pages.get(target) if target else None
        if landing is None or fragment not in landing.ids:
            site.add(
                rel, "FX612", f"claim to {ref} links to {href!r}, not an anchor on the site", text
            )
        elif result.value is not None and landing.rows.get(fragment, ("",))[0] != ref:
            site.add(
                rel, "FX612", f"claim to {ref} links to {href!r}, another figure's anchor", text
            )


def _compare_render(site: _Site, rel: str, node: ClaimNode, claim: Claim) -> None:
    href = node.attrs.get("href", "")
    key = (claim.ref, claim.display, href, node.in_heading, claim.lang)
    expected = site.rendered.get(key)
    if expected is None:
        html = render_claim(
            claim, site.published.library, lambda r, a: href, in_heading=node.in_heading
        )
        (expected,) = page_text(f"<p>{html}</p>").claims
        site.rendered[key] = expected
    ref = claim.ref
    for name in sorted(set(expected.attrs) | set(node.attrs)):
        if node.attrs.get(name) != expected.attrs.get(name):
            shown, wanted = node.attrs.get(name), expected.attrs.get(name)
            site.add(
                rel,
                "FX612",
                f"claim to {ref}: {name}={shown!r}, the evidence renders {wanted!r}",
                normalise(node.text),
            )
    if (normalise(node.badge or ""), normalise(node.spoken or "")) != (
        normalise(expected.badge or ""),
        normalise(expected.spoken or ""),
    ):
        site.add(
            rel,
            "FX612",
            f"claim to {ref}: badge or screen-reader text differs from the evidence",
            normalise(node.text),
        )
    elif _plain(node.structure[1:]) != _plain(expected.structure[1:]):
        site.add(
            rel,
            "FX612",
            f"claim to {ref}: markup differs from the rendered claim",
            normalise(node.text),
        )


def _plain(structure: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]) -> list[object]:
    # Markdown's abbr extension may wrap a word of a claim's text: not a change.
    return [item for item in structure if item[0] != "abbr"]


def _check_record_pages(site: _Site) -> None:
    from fxsite.render.exports import figure_data

    library = site.published.library
    homes: dict[str, str] = {}
    for rel, page in site.pages.items():
        for ref, _, _ in page.rows.values():
            homes.setdefault(ref.split("#", 1)[0], rel)
    by_record: dict[str, list[FigureValue]] = {}
    for fig in library.figures.values():
        by_record.setdefault(fig.record, []).append(fig)
    for record_id, record in library.records.items():
        home = homes.get(record_id)
        if home is None:
            site.add("evidence.json", "FX612", f"record {record_id} has no record page on the site")
            continue
        rel, page = home, site.pages[home]
        if page.statuses[:1] != [record.status]:
            site.add(
                rel,
                "FX612",
                f"record {record_id}: page shows status {page.statuses[:1]}, evidence says {record.status}",
            )
        for fig in by_record.get(record_id, []):
            row = page.rows.get(fig.name)
            wanted = (fig.ref, normalise(figure_data(fig)["display"]), fig.label)
            if row is None:
                site.add(rel, "FX612", f"record page lacks figure {fig.ref}")
            elif row != wanted:
                site.add(
                    rel,
                    "FX612",
                    f"{fig.ref} is shown as {row[1]!r} ({row[2]}); the evidence gives {wanted[1]!r} ({wanted[2]})",
                    row[1],
                )
        for name, (ref, _, _) in page.rows.items():
            if ref.split("#", 1)[0] == record_id and library.figure(record_id, name) is None:
                site.add(
                    rel, "FX611", f"record page shows {ref}, which the evidence does not define"
                )


def _check_citations(site: _Site, by_url: dict[str, str]) -> None:
    data = site.published.data
    shown = {
        url_of(rel): {c.attrs.get("data-fx-ref", "") for c in p.claims}
        for rel, p in site.pages.items()
    }
    for page in data.get("pages", []):
        if _normal_url(page["url"]) not in by_url:
            site.add(
                "evidence.json",
                "FX612",
                f"page {page['url']!r} listed in evidence.json is not on the site",
            )
    for citation in data.get("citations", []):
        url = _normal_url(citation.get("url", ""))
        if citation["ref"] not in shown.get(url, set()):
            rel = by_url.get(url, "evidence.json")
            site.add(
                rel, "FX402", f"evidence.json lists a citation of {citation['ref']} not on the page"
            )


def _allowances(site: _Site) -> tuple[set[str], dict[str, set[str]], set[str]]:
    """Texts a copy may repeat: heading claims, each page's claims, record values."""
    headings: set[str] = set()
    per_page: dict[str, set[str]] = {}
    for rel, page in site.pages.items():
        texts = {normalise(c.text) for c in page.claims}
        headings |= {normalise(c.text) for c in page.claims if c.in_heading}
        per_page[url_of(rel)] = texts
    from fxsite.render.exports import figure_data

    values = set()
    for fig in site.published.library.figures.values():
        data = figure_data(fig)
        values.add(normalise(data["display"]))
        if fig.stated is not None:
            from fxsite.evidence.quantities import format_quantity

            values.add(normalise(format_quantity(fig.stated, None, fig.unit, fig.decimals)))
    return headings, per_page, values


_DIGITS = re.compile(r"\d(?:[\d.,]*\d)?")


class _Allowed:
    """Texts a copy may repeat, indexed by the numbers they hold (lookups stay cheap)."""

    def __init__(self, items: set[str]) -> None:
        self.by_number: dict[str, list[str]] = {}
        for item in items:
            for match in _DIGITS.finditer(item):
                self.by_number.setdefault(match.group(), []).append(item)


def _covered(text: str, start: int, end: int, allowed: list[_Allowed]) -> bool:
    """Every number of ``text[start:end]`` lies inside an occurrence of an allowed text.

    A copy may word a figure its own way ("approximately 4.7%" in a summary of
    a page that cites [4.7%](…)); its numbers must still be ones the page cites.
    """
    # Whole numbers: the detector may cut "$1,001" to "$1".
    while start > 0 and (text[start - 1].isdigit() or text[start - 1] in ".,"):
        start -= 1
    while end < len(text) and (text[end].isdigit() or text[end] in ".,"):
        end += 1
    for match in _DIGITS.finditer(text, start, end):
        candidates = [i for a in allowed for i in a.by_number.get(match.group(), [])]
        if not any(_inside(text, match.start(), match.end(), item) for item in candidates):
            return False
    return True


def _inside(text: str, start: int, end: int, item: str) -> bool:
    at = text.find(item, max(0, end - len(item)))
    while 0 <= at <= start:
        if at + len(item) >= end:
            left = text[at - 1 : at] if at else ""
            after = text[at + len(item) : at + len(item) + 2]
            # "594 s" does not contain the figure "94 s", nor "1.94" the figure "1.9".
            glued_left = left.isdigit() or (left != "" and left in ".,")
            glued_right = after[:1].isdigit() or (after[:1] in (".", ",") and after[1:].isdigit())
            if not glued_left and not glued_right:
                return True
        at = text.find(item, at + 1)
    return False


def _check_block(site: _Site, rel: str, block: Block, allowed: list[_Allowed] | None) -> None:
    for offset, name in hidden_characters(block.text):
        site.add(
            rel,
            "FX502",
            f"invisible or direction-control character {name} in published text",
            block.text[max(0, offset - 10) : offset + 10],
        )
        break
    library = site.published.library
    for n, (start, end, _) in enumerate(block.claims):
        claim = block.text[start:end]
        char = glued(block.text, start, end)
        if char is not None:
            site.add(
                rel, "FX503", f"'{char}' glued to the claim '{claim}' changes what it says", claim
            )
            continue
        stop = block.claims[n + 1][0] if n + 1 < len(block.claims) else len(block.text)
        read = unit_after(block.text, start, end, stop)
        if read is not None:
            site.add(
                rel,
                "FX503",
                f"the claim '{claim}' states no unit, and the words after it make it read "
                f"'{read}'; put the unit inside the link",
                claim,
            )
    for span in detect(block.text, [(s, e) for s, e, _ in block.claims]):
        if allowed is not None and _covered(block.text, span.start, span.end, allowed):
            continue
        from fxsite.pages.claims import bare_figure_message

        shown = block.text[span.start : span.end]  # as written, before folding look-alikes
        message = bare_figure_message(span.text, library) + " (in published text)"
        if shown != span.text:
            message += f"; it is written '{shown}' with look-alike characters"
        site.add(rel, "FX501", message, shown)


def _check_text(site: _Site) -> None:
    headings, per_page, values = _allowances(site)
    heading_index, value_index = _Allowed(headings), _Allowed(values)
    page_index = {url: _Allowed(texts) for url, texts in per_page.items()}
    tick_index = {
        url_of(rel): _Allowed({t for c in page.charts for d in c.drawings for t in d.texts})
        for rel, page in site.pages.items()
    }
    record_pages = {url_of(rel) for rel, page in site.pages.items() if page.rows}
    for rel, page in site.pages.items():
        url = url_of(rel)
        own = [heading_index, page_index[url]] + ([value_index] if page.rows else [])
        for block in page.blocks:
            allowed: list[_Allowed] | None = own
            if block.role in ("chart", "record-value"):
                allowed = [*own, value_index]
            elif block.channel == "article" and not block.role and not page.rows:
                allowed = None
            _check_block(site, rel, block, allowed)
    empty = _Allowed(set())
    by_url = {url_of(rel): rel for rel in site.pages}
    for rel, url, blocks in site.extra:
        extra = [heading_index, page_index.get(url, empty), tick_index.get(url, empty)]
        if url in record_pages:
            extra.append(value_index)
        # A search-index entry speaks for its page: its findings are that page's.
        where = by_url.get(url, rel) if rel == "search/search_index.json" else rel
        for block in blocks:
            _check_block(site, where, block, extra)
