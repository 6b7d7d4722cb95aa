"""``verify_site``: the build's last gate and ``fxsite audit`` are this one function.

An auditor has the published folder and nothing else. :func:`verify_site`
rebuilds the evidence library from the site's ``evidence.json`` with the
build's own functions, then reads **every** file of the site (not a list the
site declares, nor a list of extensions): each HTML page as a reader sees it
(:mod:`.visible`), XML, SVG and JSON files, every other file that is text, the
search index and the exports (:mod:`.kinds` says how each file is read). Each claim is
re-resolved with :func:`~fxsite.pages.claims.resolve_claim` and re-rendered
with :func:`~fxsite.pages.claims.render_claim`; record pages and charts are
compared with the figures; all visible text goes through the one bare-figure
detector. What the build refuses, the audit refuses, with the same codes.

Each file is read once (:mod:`.scan`) and only what the checks across the site
(:mod:`.site_checks`) need is kept (:mod:`.site_facts`), so memory does not grow
with the site's text. The build passes a :class:`~fxsite.verify.gate_memo.GateMemo`
kept between ``mkdocs serve`` rebuilds (unchanged files are not read again) and the
``evidence.json`` text it just exported (when the published bytes are that text, the
schema check it passed when written is not run again). The memo may hold what the
build wrote (:func:`~.published.as_written`): while the published bytes are that
text, the build's own library stands for them; other bytes are rebuilt from the
published records, as ``fxsite audit`` always rebuilds them.
"""

from __future__ import annotations

from pathlib import Path
from typing import cast

from fxsite import STAMP
from fxsite.anchor.documents import unread_document
from fxsite.evidence.library import Library
from fxsite.evidence.refs import FigureRef
from fxsite.findings import (
    Finding,
)
from fxsite.pages.claims import Claim, ClaimProblem, render_claim, resolve_claim
from fxsite.pages.content_icons import icon_findings, published_icons
from fxsite.pages.judge import governed_claims
from fxsite.pages.language import DEFAULT, language_tag
from fxsite.pages.locate import SourceLocator
from fxsite.render.exports import PublishedJsonError
from fxsite.safeio import (
    UnreadableFile,
    folder_link,
    iter_tree,
    read_bytes,
    sha256_file,
)
from fxsite.verify.boxes import NO_BOXES
from fxsite.verify.charts import check_chart
from fxsite.verify.copies import nav_copies
from fxsite.verify.dataurl import sheet_drawings
from fxsite.verify.entry_order import out_of_order, swapped
from fxsite.verify.gate_memo import GateMemo, JudgedClaim
from fxsite.verify.head_text import json_strings
from fxsite.verify.host_config import host_program, host_settings
from fxsite.verify.index_json import index_entries
from fxsite.verify.jekyll import jekyll_renders, runs_jekyll
from fxsite.verify.kinds import Kind, kind_of
from fxsite.verify.library_listing import check_library_listed
from fxsite.verify.markers import marker_problems
from fxsite.verify.published import compare_exports, load_published
from fxsite.verify.scan import FileScan, Local, digest
from fxsite.verify.scripts import code_notes, script_literals
from fxsite.verify.served import served_file
from fxsite.verify.sheets import SheetFiles
from fxsite.verify.site_checks import (
    check_citations,
    check_copies,
    check_links,
    check_record_pages,
)
from fxsite.verify.site_facts import (
    MAX_PAGE_BYTES,
    OFFLINE_INDEX,
    OFFLINE_PREFIX,
    ClaimFacts,
    PageFacts,
    SiteReading,
    normal_url,
    url_of,
)
from fxsite.verify.theme import changed_asset, is_theme_file
from fxsite.verify.visible import ClaimNode, PageText, claim_node, normalise

__all__ = ["MAX_PAGE_BYTES", "url_of", "verify_site"]


def verify_site(
    site_dir: Path,
    *,
    memo: GateMemo | None = None,
    exported: str | None = None,
    declared: frozenset[str] | None = None,
    site_url: str = "",
) -> list[Finding]:
    """Every way the site at ``site_dir`` differs from what its evidence renders.

    ``memo`` keeps file scans between calls (a build under ``mkdocs serve``);
    ``exported`` is the ``evidence.json`` text the build just wrote;
    ``declared`` the site paths of the scripts and stylesheets the project
    declares as writing text (a build; None for an audit, see :mod:`.notes`);
    ``site_url`` where it is published (a build's ``site_url``: a link to a file under
    it is to the site's own file; an audit has none, and reads such a file as another
    origin's, FX507).
    """
    memo = memo if memo is not None else GateMemo(keep=False)
    published = load_published(site_dir, exported=exported, previous=memo.published)
    memo.published = published  # what the next call compares its evidence.json with
    site = SiteReading(
        site_dir,
        published,
        memo,
        declared=declared,
        sheets=SheetFiles([site_dir], site_url=site_url, once=True),
    )
    site.findings.extend(site.published.findings)
    documents = _documents(published.library)
    search: list[tuple[Path, str]] = []
    jekyll = runs_jekyll(site_dir)
    for path in iter_tree(site_dir):
        rel = path.relative_to(site_dir).as_posix()
        kind = kind_of(rel)
        _host_runs(site, path, rel, jekyll)
        if rel == "search/search_index.json" or _offline_index(path, rel):
            search.append((path, rel))  # read after the pages it speaks for
        elif path.is_symlink() and path.is_dir():
            reason = folder_link(path, site_dir)
            if reason is not None:  # inside the site, its files are read where they are
                site.add(rel, "FX614", f"cannot be read safely: it {reason}")
        elif kind == "code":
            _read_code(site, path, rel)
        elif rel in documents and _is_document(path, site_dir, documents[rel]):
            continue  # a record's report document, as its record hashed it
        elif kind == "xml" and _shipped_by_theme(site, path):
            continue  # a drawing a theme ships, byte for byte (an icon font's glyphs)
        elif rel != "evidence.json" and kind != "signature":
            _read(site, path, rel, kind)
    # What only reading pages needs (their list items, the strings their facts share).
    memo.repeats, site.strings = {}, {}
    for path, rel in search:
        _read(site, path, rel, "json")
    memo.end_build()
    by_url = {url_of(rel): rel for rel in site.pages}
    for rel, page in site.pages.items():
        check_links(site, rel, page, by_url)
    check_record_pages(site)
    check_library_listed(site, by_url)
    check_citations(site, by_url)
    check_copies(site, by_url)
    return site.listing()


def _documents(library: Library) -> dict[str, str]:
    """Each report document the gate only compares with its hash
    (:func:`~fxsite.anchor.documents.unread_document`), by its site path: its sha256."""
    out = {}
    for record in library.records.values():
        rel = unread_document(record.source)
        if rel is not None and record.source is not None and record.source.sha256:
            out[rel] = record.source.sha256
    return out


def _is_document(path: Path, root: Path, sha256: str) -> bool:
    """Whether ``path`` is a file (not a link) whose bytes are the ones its record hashed."""
    if path.is_symlink() or not path.is_file():
        return False
    try:
        return sha256_file(path, root) == sha256
    except UnreadableFile:
        return False


def _shipped_by_theme(site: SiteReading, path: Path) -> bool:
    """Whether ``path`` holds the bytes of a drawing an installed theme ships
    (:func:`~fxsite.verify.theme.is_theme_file`)."""
    try:
        data = read_bytes(path, MAX_PAGE_BYTES, root=site.root)
    except UnreadableFile:
        return False  # read, and refused, as any file
    return is_theme_file(data)


def _host_runs(site: SiteReading, path: Path, rel: str, jekyll: bool) -> None:
    """``FX817`` at a file a host runs or renders rather than serves as it is: code
    (:func:`~fxsite.verify.host_config.host_program`) and, where GitHub Pages runs Jekyll,
    a template (:func:`~fxsite.verify.jekyll.jekyll_renders`)."""
    for message in (
        host_program(rel),
        jekyll_renders(path, rel, site.root) if jekyll else None,
    ):
        if message is not None:
            site.add(rel, "FX817", message)


def _read(site: SiteReading, path: Path, rel: str, kind: Kind) -> None:
    served, problems = served_file(path, rel, kind, site.root, MAX_PAGE_BYTES)
    for problem in problems:
        site.add(rel, problem.code, problem.message, line=problem.line, col=problem.col)
    if served is None:
        return
    text = served.text
    for line, message in host_settings(rel, text):
        site.add(rel, "FX817", message, line=line)
    exported = compare_exports(rel, text, site.published)
    if exported is not None:
        site.findings.extend(exported)
        return
    if rel == "search/search_index.json":
        _read_search_index(site, rel, text)
        return
    if rel == OFFLINE_INDEX:  # checked by _offline_index: the assignment, then JSON
        _read_search_index(site, rel, text.removeprefix(OFFLINE_PREFIX))
        return
    scan = site.memo.file(rel, served.shown, served.kind, site.sheets.page(rel))
    site.reading = (rel, text)
    if scan.page is not None:
        site.pages[rel] = _judged_page(site, rel, scan.page, scan)
        site.take(rel, url_of(rel), scan)
        _drawn_icons(site, rel, text)
    else:
        site.take(rel, "", scan)
    site.reading = ("", "")


def _drawn_icons(site: SiteReading, rel: str, text: str) -> None:
    """The digit or sign icons the page's styles give Material's admonitions and
    annotations, read where the theme's stylesheet draws them
    (:func:`~fxsite.pages.content_icons.published_icons`)."""
    icons = published_icons(text)
    if icons:
        library, at = site.published.library, SourceLocator(text)
        for found in icon_findings(text, icons, rel, library, at):
            site.add(rel, found.code, found.message, found.text, found.line)


def _judged_page(site: SiteReading, rel: str, page: PageText, scan: FileScan) -> PageFacts:
    """:func:`_page_facts`, once per page scan kept by ``mkdocs serve`` and the records it reads."""
    if not site.memo.keep:
        return _page_facts(site, rel, page, scan)
    read = _evidence_read(page, site.published.library)
    key = (id(scan), site.published.key if read is None else read)
    site.memo.judged_used.add(key)
    known = site.memo.judged.get(key)
    if known is None:
        before = len(site.findings)
        facts = _page_facts(site, rel, page, scan)
        known = site.memo.judged[key] = (facts, site.findings[before:])
    else:
        site.findings.extend(known[1])
    return cast(PageFacts, known[0])


def _evidence_read(page: PageText, library: Library) -> tuple[tuple[str, bytes], ...] | None:
    """What of ``library`` :func:`_page_facts` reads for ``page``, as a key.

    The fingerprints of the records its claims, charts, record rows and trust
    markers name (each judged by that record alone); None when the page may
    read all of it (the Evidence Library's list or summary, an evidence-consistency block, a record
    the evidence lacks, whose refusal suggests others, or a reference that names no record).
    """
    names: set[str] = set()
    refs = [node.attrs.get("data-fx-ref", "") for node in page.claims]
    refs += [ref for chart in page.charts for _, _, ref, _ in chart.rows]
    refs += [ref for ref, _, _ in page.rows.values()]
    for ref in refs:
        cited = FigureRef.parse(ref)
        if cited is None:
            return None
        names.add(cited.record)
    for part in page.parts:
        if part.kind in ("library", "library-summary", "consistency"):
            return None
        if part.kind == "source":  # badges and setup rows are of the record its rows show
            names.add(part.key)
    stamps = []
    for name in sorted(names):
        stamp = library.fingerprint(name)
        if stamp is None:
            return None
        stamps.append((name, stamp + _documents_read(library, name)))
    return tuple(stamps)


def _documents_read(library: Library, record: str) -> bytes:
    """What ``evidence.json`` says the build found of ``record``'s figures in its report
    document (a record page's notes say it), as a key's part: not in the record's own
    fingerprint, which the record's fields make."""
    own = library.records.get(record)
    refs = [f"{record}#{name}" for name in (*own.figures, *own.derived)] if own else []
    found = [(r, str(library.stated_in[r])) for r in refs if r in library.stated_in]
    missing = [(r, library.not_stated[r]) for r in refs if r in library.not_stated]
    return repr((found, missing)).encode() if found or missing else b""


def stamp_problem(page: PageText, text: str) -> str | None:
    """FX613's message when ``page`` (of HTML ``text``) lacks the stamp of an fxsite build;
    None: it has it, or ``text`` holds no markup (a search engine's verification file,
    ``google….html``: blind66), which a browser shows as its text, read for figures alike."""
    if STAMP in page.meta or "<" not in text:
        return None
    return (
        f'page lacks the <meta name="{STAMP}"> stamp of an fxsite build: a page the build '
        "did not make is published unjudged as a page; write it as a Markdown page of docs/"
    )


def _page_facts(site: SiteReading, rel: str, page: PageText, scan: FileScan) -> PageFacts:
    """Checks one page alone decides (stamp, claims, charts); what the site checks need."""
    problem = stamp_problem(page, site.reading[1])
    if problem is not None:
        site.add(rel, "FX613", problem)
    for chart in page.charts:
        site.findings.extend(check_chart(rel, chart, site.published.library))
    for message, text in marker_problems(page, site.published.library):
        site.add(rel, "FX612", message, text or None)
    # A unitless claim under a unit stated once (a column's header) is read in that unit.
    for found in governed_claims(page.claims, scan.governed, rel, site.published.library):
        site.add(rel, found.code, found.message, found.text)
    for note in page.notes:  # its errors came with the page's scan
        if note.severity == "warning":
            site.add(rel, note.code, note.message, note.text, severity="warning")
    claims = tuple(_judged(site, rel, node) for node in page.claims)
    once = site.once
    return PageFacts(
        claims,
        tuple(sorted(map(once, page.ids))),
        {once(k): (once(ref), shown, once(label)) for k, (ref, shown, label) in page.rows.items()},
        tuple(map(once, page.statuses)),
        scan.shown,
        site.frozen(scan.phrases),
        site.frozen(scan.ticks),
        site.frozen(value for chart in page.charts for _, value, _, _ in chart.rows),
        site.frozen(nav_copies(((c.text, c.in_heading) for c in claims), scan.titles)),
        once(page.lang),
        site.frozen(
            p.key
            for p in page.parts
            if p.kind == "library" and p.key in site.published.library.records
        ),
        tuple(tuple(once(href) for _, href in p.links) for p in page.parts if p.kind == "pager"),
        tuple((once(p.key), once(p.href)) for p in page.parts if p.kind == "library"),
    )


def _read_code(site: SiteReading, path: Path, rel: str) -> None:
    """A script or stylesheet: what it writes, reorders or draws unread (:mod:`.scripts`);
    the strings a script may show."""
    try:
        data = read_bytes(path, MAX_PAGE_BYTES, root=site.root)
    except UnreadableFile as exc:
        site.add(rel, "FX614", f"cannot be read safely: it {exc.reason}")
        return
    changed = changed_asset(rel, data.decode("utf-8", "replace"))
    if changed is not None:  # fxsite's own, edited: said first, at its first changed line
        site.add(rel, "FX612", changed[1], line=changed[0])
    site.take(rel, "", FileScan(local=[Local.of(note) for note in code_notes(rel, data)]))
    literals = script_literals(rel, data)
    if literals is not None:  # the strings a script may show, read as an inline script's
        site.take(rel, "", site.memo.file(rel, literals, "json"))
    if rel.lower().endswith(".css") and not is_theme_file(data):  # the images it draws
        drawn, problems = sheet_drawings(data.decode("utf-8", "replace"))
        for problem in problems:
            site.add(rel, "FX614", f"cannot be read safely: {problem}")
        if drawn:
            site.take(rel, "", site.memo.file(rel, drawn, "xml"))


def _offline_index(path: Path, rel: str) -> bool:
    """Whether ``rel`` is the offline plugin's copy of the search index: the assignment
    and nothing else before the JSON (which is then read as the index: a script of any
    other shape is read as a script)."""
    if rel != OFFLINE_INDEX or path.is_symlink():
        return False
    try:
        with path.open("rb") as handle:
            head = handle.read(len(OFFLINE_PREFIX) + 1)
    except OSError:
        return False
    return head[: len(OFFLINE_PREFIX)] == OFFLINE_PREFIX.encode() and head[-1:] in (b"{", b"[")


def _read_search_index(site: SiteReading, rel: str, text: str) -> None:
    # Entry by entry: parsed whole, a large site's index is tens of megabytes.
    try:
        others, docs = index_entries(text)
    except PublishedJsonError as exc:
        site.add(rel, "FX612", f"not readable JSON: {exc}")
        return
    # Every string is read: the config, unknown keys, entries that are not objects.
    rest: list[str] = []
    json_strings(others, rest)
    by_url = {url_of(r): r for r in site.pages}
    # Entries made of their pages' boxes (Material's); MkDocs' own index, which says how it
    # indexes, flattens a page into runs (boxes.py).
    config = others.get("config")
    labels = not (isinstance(config, dict) and "indexing" in config)
    for doc in docs:
        if not isinstance(doc, dict):
            json_strings(doc, rest)
            continue
        url = normal_url(str(doc.get("location", "")))
        page = site.pages.get(by_url.get(url, ""))
        shown = page.shown if page is not None else NO_BOXES
        # Tags and any other field are shown with the result (Material shows tags).
        other: list[str] = []
        json_strings({k: v for k, v in doc.items() if k not in _ENTRY_READ}, other)
        scan = site.memo.search_entry(
            str(doc.get("title", "")), str(doc.get("text", "")), shown, tuple(other), labels=labels
        )
        if page is not None and not page.rows:  # a record page's values are no claims
            # the claims that state figures: a setup value cited as words ("the previous
            # model") stands between two figures in no entry's run of figures (blind78)
            claims = [c.text for c in page.claims if c.has_value]
            for message, text in [
                *out_of_order(scan.candidates, claims),
                *swapped(scan.candidates, claims, shown),
            ]:
                site.add(rel, "FX612", message, text)
        # An entry speaks for its page: its findings are that page's (placed later).
        site.take(rel, url, scan)
    if rest:
        site.take(rel, None, site.memo.search_entry("", "", NO_BOXES, tuple(rest)))


#: Fields of a search entry read on their own: the page it links to, its title and text (HTML).
_ENTRY_READ = frozenset({"location", "title", "text"})


def _judged(site: SiteReading, rel: str, node: ClaimNode) -> ClaimFacts:
    """A claim re-resolved and re-rendered; its problems reported on ``rel``."""
    ref = node.attrs.get("data-fx-ref", "")
    text = normalise(node.text)
    attrs = tuple(sorted(node.attrs.items()))
    # By digest: the memo outlives the pages, and a claim's markup is kilobytes.
    key = digest(repr((text, attrs, node.in_heading, node.badge, node.spoken, node.structure)))
    # Pages repeat claims, and serve rebuilds repeat pages.
    cited = FigureRef.parse(ref)
    problems, resolved, has_value = site.memo.claims.get(
        site.published.library,
        cited.record if cited else "",
        key,
        lambda: _judge_claim(site, node, ref, text),
    )
    for code, message in problems:
        site.add(rel, code, message, text)
    once = site.once
    return ClaimFacts(
        once(ref),
        once(text),
        once(node.attrs.get("href", "")),
        node.in_heading,
        resolved,
        has_value,
    )


def _judge_claim(site: SiteReading, node: ClaimNode, ref: str, text: str) -> JudgedClaim:
    """A claim re-resolved and re-rendered: its problems, whether it resolves, and whether
    to a figure with a value (:data:`~.gate_memo.JudgedClaim`)."""
    # A claim on a page in another language carries it: its words are re-rendered alike.
    lang = language_tag(node.attrs.get("data-fx-lang")) or DEFAULT
    result = resolve_claim(text, f"evidence:{ref}", site.published.library, lang=lang)
    if isinstance(result, ClaimProblem):
        return ((result.code, f"claim to {ref}: {result.message}"),), False, False
    return tuple(_compare_render(site, node, result)), True, result.value is not None


def _compare_render(site: SiteReading, node: ClaimNode, claim: Claim) -> list[tuple[str, str]]:
    # Judged once per distinct claim markup (see _judged): the render is not kept.
    href = node.attrs.get("href", "")
    html = render_claim(
        claim, site.published.library, lambda r, a: href, in_heading=node.in_heading
    )
    expected = claim_node(html)
    if expected is None:  # render_claim writes one claim: never, but not a crash
        return [("FX612", f"claim to {claim.ref}: the evidence renders no claim")]
    ref = claim.ref
    out = []
    for name in sorted(set(expected.attrs) | set(node.attrs)):
        if node.attrs.get(name) != expected.attrs.get(name):
            shown, wanted = node.attrs.get(name), expected.attrs.get(name)
            out.append(
                ("FX612", f"claim to {ref}: {name}={shown!r}, the evidence renders {wanted!r}")
            )
    if (normalise(node.badge or ""), normalise(node.spoken or "")) != (
        normalise(expected.badge or ""),
        normalise(expected.spoken or ""),
    ):
        out.append(
            ("FX612", f"claim to {ref}: badge or screen-reader text differs from the evidence")
        )
    elif _plain(node.structure[1:]) != _plain(expected.structure[1:]):
        out.append(("FX612", f"claim to {ref}: markup differs from the rendered claim"))
    return out


def _plain(structure: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]) -> list[object]:
    # Markdown's abbr extension may wrap a word of a claim's text: not a change.
    return [item for item in structure if item[0] != "abbr"]
