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

Each file is read once (:mod:`.scan`) and only what the checks across the
site need is kept, so memory does not grow with the site's text. The build
passes a :class:`~fxsite.verify.scan.GateMemo` kept between ``mkdocs serve``
rebuilds (unchanged files are not read again) and the ``evidence.json`` text
it just exported (when the published bytes are that text, the schema check
it passed when written is not run again). The memo may hold what the build
wrote (:func:`~.published.as_written`): while the published bytes are that
text, the build's own library stands for them; other bytes are rebuilt from
the published records, as ``fxsite audit`` always rebuilds them.
"""

from __future__ import annotations

import posixpath
import re
from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import cast
from urllib.parse import unquote, urlsplit

from fxsite import STAMP
from fxsite.anchor.documents import unread_document
from fxsite.evidence.library import FigureValue, Library
from fxsite.evidence.refs import FigureRef
from fxsite.findings import (
    MAX_PER_FILE,
    Finding,
    Severity,
    line_of,
    more_findings,
    sort_findings,
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
    read_text,
    sha256_file,
)
from fxsite.verify.boxes import NO_BOXES, Boxes
from fxsite.verify.charts import check_chart
from fxsite.verify.copies import Allowed, covered, nav_copies, record_values
from fxsite.verify.dataurl import sheet_drawings
from fxsite.verify.host_config import host_settings
from fxsite.verify.index_json import index_entries
from fxsite.verify.kinds import Kind, kind_of
from fxsite.verify.markers import marker_problems
from fxsite.verify.notes import judge_writer
from fxsite.verify.published import Published, compare_exports, load_published
from fxsite.verify.scan import Candidate, FileScan, GateMemo, JudgedClaim, Local, digest
from fxsite.verify.scripts import code_notes, script_literals
from fxsite.verify.served import served_file
from fxsite.verify.sheets import SheetFiles
from fxsite.verify.theme import is_theme_file
from fxsite.verify.visible import ClaimNode, PageText, claim_node, json_strings, normalise

__all__ = ["MAX_PAGE_BYTES", "url_of", "verify_site"]

#: Largest page or text file read, in bytes.
MAX_PAGE_BYTES = 16 << 20


def url_of(rel: str) -> str:
    """The site URL of a file: ``index.html`` is ``""``, ``a/index.html`` is ``a/``."""
    if rel == "index.html" or rel.endswith("/index.html"):
        return rel[: -len("index.html")]
    return rel


def _normal_url(url: str) -> str:
    """A site URL as :func:`url_of` gives it: no fragment, no leading ``./`` or ``/``, and
    percent-escapes decoded (MkDocs writes ``p%20q/`` for the page ``p q.md``)."""
    url = unquote(url.split("#", 1)[0])
    url = url.removeprefix("./").lstrip("/")
    return url_of(url) if url.endswith("index.html") else ("" if url in (".", "") else url)


def _line_of(raw: str, snippet: str | None) -> int:
    """The line of ``raw`` where ``snippet`` first appears: as written; else its
    characters in order with tags and spaces between (``<mn>95</mn></math> s``), its first
    and last words as elements' texts close together, or its first word as an element's
    text (``<mn>95</mn>``), after ``<body`` where the file
    has one (a figure put together from elements was placed at the first "95" of the
    file, in an attribute or the head: blind30); else its first word anywhere; else 1."""
    if not snippet:
        return 1
    whole = re.search(r"(?<![\w.,])" + re.escape(snippet), raw)
    if whole is not None:  # as written, not inside a longer number ("8 s" of "178 s")
        return raw.count("\n", 0, whole.start()) + 1
    body = max(raw.find("<body"), 0)
    chars = [c for c in snippet if not c.isspace()][:64]
    words = snippet.split()
    word = words[0] if words else ""
    spread = r"(?<![\w.,])" + _TAGS_BETWEEN.join(map(re.escape, chars))
    if chars and (found := re.search(spread, raw[body:])):
        return raw.count("\n", 0, body + found.start()) + 1
    tokens = [re.compile(rf"(?<=[>\s]){re.escape(w)}(?=[<\s.,;:!?])") for w in words]
    if len(tokens) > 1:  # its first and last words as elements' texts, little text between
        for first in tokens[0].finditer(raw, body):
            last = tokens[-1].search(raw, first.end(), first.end() + 600)
            if last is None:
                continue
            if len(_MARKUP.sub("", raw[first.end() : last.start()]).strip()) <= 16:
                return raw.count("\n", 0, first.start()) + 1
    if tokens and (found := tokens[0].search(raw, body)) is not None:
        return raw.count("\n", 0, found.start()) + 1
    return line_of(raw, word) if word and word in raw else 1


_MARKUP = re.compile(r"<[^<>]*>")
#: What may stand between a figure's characters in a file's markup: tags and spaces.
_TAGS_BETWEEN = r"(?:<[^<>]{0,500}>|\s|&nbsp;|&#160;){0,40}"


@dataclass(frozen=True, slots=True)
class _ClaimFacts:
    """What the checks across the site need of one claim, once judged on its page."""

    ref: str
    text: str
    href: str
    in_heading: bool
    #: resolved (its link is checked); has a value (it must land on its own figure's row)
    resolved: bool
    has_value: bool


@dataclass(slots=True)
class _PageFacts:
    """What the checks across the site need of one page (its text is not kept).

    Kept for every page until the site is read, so kept compactly: tuples, not
    lists or sets; each string once across the site (:meth:`_Site.once`).
    """

    claims: tuple[_ClaimFacts, ...]
    #: its elements' ids, sorted (see :func:`_has_id`)
    ids: tuple[str, ...]
    rows: dict[str, tuple[str, str, str]]
    statuses: tuple[str, ...]
    #: the page's boxes of text (see ``scan_search_entry``)
    shown: Boxes
    #: claims with the bound or loose word shown beside them (see ``claim_phrases``)
    phrases: frozenset[str]
    #: the strings its charts draw, which other files may repeat
    ticks: frozenset[str]
    #: the values its charts' data tables show, each resolved against its figure
    #: (``check_chart``): the chart's own texts may repeat them
    bars: frozenset[str]
    #: its claims other pages' navigation may repeat (:func:`~.copies.nav_copies`)
    navigable: frozenset[str]


@dataclass
class _Site:
    root: Path
    published: Published
    memo: GateMemo
    pages: dict[str, _PageFacts] = field(default_factory=dict)
    #: each file's (or search entry's) figures, with the page URL they speak for
    figures: list[tuple[str, str, Candidate]] = field(default_factory=list)
    #: a file's text, read again only when a finding needs its line
    raw: dict[str, str] = field(default_factory=dict)
    #: the file being read, and its text
    reading: tuple[str, str] = ("", "")
    findings: list[Finding] = field(default_factory=list)
    #: the scripts and stylesheets the project declares as writing text (None: no project)
    declared: frozenset[str] | None = None
    #: findings listed, by file; past :data:`MAX_PER_FILE`, the first not listed, how
    #: many, and whether one refuses (a figure not judged does)
    listed: dict[str, int] = field(default_factory=dict)
    more: dict[str, tuple[Finding, int, bool]] = field(default_factory=dict)
    #: the site's stylesheet files, whose rules style the pages that load them
    sheets: SheetFiles = field(default_factory=lambda: SheetFiles(()))
    #: each distinct string the pages' facts keep, once (see :meth:`once`)
    strings: dict[str, str] = field(default_factory=dict)

    def once(self, text: str) -> str:
        """``text``, as the first equal string kept: pages repeat ids, links and refs."""
        return self.strings.setdefault(text, text)

    def frozen(self, items: Iterable[str]) -> frozenset[str]:
        """``items`` as a frozenset of strings kept once; the empty one shared."""
        return frozenset(self.once(item) for item in items) or _NO_STRINGS

    def add(
        self,
        rel: str,
        code: str,
        message: str,
        text: str | None = None,
        line: int = 0,
        severity: Severity = "error",
        col: int = 1,
    ) -> None:
        if rel in self.more:
            first, count, refuses = self.more[rel]
            self.more[rel] = (first, count + 1, refuses or severity == "error")
            return
        if not line:
            line = _line_of(self._text_of(rel), text) if text else 1
        finding = Finding(rel, line, col, code, message, severity, text)
        if self.full(rel):
            self.more[rel] = (finding, 1, severity == "error")
            return
        self.listed[rel] = self.listed.get(rel, 0) + 1
        self.findings.append(finding)

    def full(self, rel: str) -> bool:
        """Whether ``rel`` has :data:`MAX_PER_FILE` findings listed: the rest are counted."""
        return self.listed.get(rel, 0) >= MAX_PER_FILE

    def listing(self) -> list[Finding]:
        """The findings listed, and one a file for those past :data:`MAX_PER_FILE`."""
        what = "finding(s) or figure(s) not judged"
        more = [more_findings(f, n, refuses, what) for f, n, refuses in self.more.values()]
        return sort_findings([*self.findings, *more])

    def _text_of(self, rel: str) -> str:
        # Not kept for every file: a site's pages would all stay in memory
        # for the few findings that need a line number.
        if rel == self.reading[0]:
            return self.reading[1]
        if rel not in self.raw:
            try:
                self.raw[rel] = read_text(self.root / rel, MAX_PAGE_BYTES, root=self.root)
            except UnreadableFile:
                self.raw[rel] = ""
        return self.raw[rel]

    def take(self, rel: str, url: str, scan: FileScan) -> None:
        """What a scan found, on ``rel`` (findings) and for the page at ``url`` (copies)."""
        for local in scan.local:
            code, message = local.code, local.message
            if local.writer is not None:
                code, message = judge_writer(local.writer, message, self.declared)
            self.add(rel, code, message, local.text, local.line, local.severity)
        self.figures.extend((rel, url, c) for c in scan.candidates)


#: How many pages' indexes of what their copies may repeat are kept at once.
_PAGES_INDEXED = 64

#: The empty set of strings, shared by the pages that have none.
_NO_STRINGS: frozenset[str] = frozenset()


def _has_id(ids: tuple[str, ...], wanted: str) -> bool:
    """Whether the sorted ``ids`` hold ``wanted``."""
    at = bisect_left(ids, wanted)
    return at < len(ids) and ids[at] == wanted


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
    site = _Site(
        site_dir,
        published,
        memo,
        declared=declared,
        sheets=SheetFiles([site_dir], site_url=site_url, once=True),
    )
    site.findings.extend(site.published.findings)
    documents = _documents(published.library)
    search: list[tuple[Path, str]] = []
    for path in iter_tree(site_dir):
        rel = path.relative_to(site_dir).as_posix()
        kind = kind_of(rel)
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
        _check_links(site, rel, page, by_url)
    _check_record_pages(site)
    _check_citations(site, by_url)
    _check_copies(site, by_url)
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


def _shipped_by_theme(site: _Site, path: Path) -> bool:
    """Whether ``path`` holds the bytes of a drawing an installed theme ships
    (:func:`~fxsite.verify.theme.is_theme_file`)."""
    try:
        data = read_bytes(path, MAX_PAGE_BYTES, root=site.root)
    except UnreadableFile:
        return False  # read, and refused, as any file
    return is_theme_file(data)


def _read(site: _Site, path: Path, rel: str, kind: Kind) -> None:
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
    if rel == _OFFLINE_INDEX:  # checked by _offline_index: the assignment, then JSON
        _read_search_index(site, rel, text.removeprefix(_OFFLINE_PREFIX))
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


def _drawn_icons(site: _Site, rel: str, text: str) -> None:
    """The digit or sign icons the page's styles give Material's admonitions and
    annotations, read where the theme's stylesheet draws them
    (:func:`~fxsite.pages.content_icons.published_icons`)."""
    icons = published_icons(text)
    if icons:
        library, at = site.published.library, SourceLocator(text)
        for found in icon_findings(text, icons, rel, library, at):
            site.add(rel, found.code, found.message, found.text, found.line)


def _judged_page(site: _Site, rel: str, page: PageText, scan: FileScan) -> _PageFacts:
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
    return cast(_PageFacts, known[0])


def _evidence_read(page: PageText, library: Library) -> tuple[tuple[str, bytes], ...] | None:
    """What of ``library`` :func:`_page_facts` reads for ``page``, as a key.

    The fingerprints of the records its claims, charts, record rows and trust
    markers name (each judged by that record alone); None when the page may
    read all of it (the Evidence Library's list, a record the evidence lacks,
    whose refusal suggests others, or a reference that names no record).
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
        if part.kind == "library":
            return None
        if part.kind == "source":  # badges and setup rows are of the record its rows show
            names.add(part.key)
    stamps = []
    for name in sorted(names):
        stamp = library.fingerprint(name)
        if stamp is None:
            return None
        stamps.append((name, stamp))
    return tuple(stamps)


def stamp_problem(page: PageText) -> str | None:
    """FX613's message when ``page`` lacks the stamp of an fxsite build; None: it has it."""
    if STAMP in page.meta:
        return None
    return f'page lacks the <meta name="{STAMP}"> stamp of an fxsite build'


def _page_facts(site: _Site, rel: str, page: PageText, scan: FileScan) -> _PageFacts:
    """Checks one page alone decides (stamp, claims, charts); what the site checks need."""
    problem = stamp_problem(page)
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
    return _PageFacts(
        claims,
        tuple(sorted(map(once, page.ids))),
        {once(k): (once(ref), shown, once(label)) for k, (ref, shown, label) in page.rows.items()},
        tuple(map(once, page.statuses)),
        scan.shown,
        site.frozen(scan.phrases),
        site.frozen(scan.ticks),
        site.frozen(value for chart in page.charts for _, value, _, _ in chart.rows),
        site.frozen(nav_copies(((c.text, c.in_heading) for c in claims), scan.titles)),
    )


def _read_code(site: _Site, path: Path, rel: str) -> None:
    """A script or stylesheet: what it writes, reorders or draws unread (:mod:`.scripts`);
    the strings a script may show."""
    try:
        data = read_bytes(path, MAX_PAGE_BYTES, root=site.root)
    except UnreadableFile as exc:
        site.add(rel, "FX614", f"cannot be read safely: it {exc.reason}")
        return
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


#: Material's offline plugin publishes the search index again as a script of one
#: assignment (``var __index = `` and the index's JSON), for pages opened from disk.
_OFFLINE_INDEX = "search/search_index.js"
_OFFLINE_PREFIX = "var __index = "


def _offline_index(path: Path, rel: str) -> bool:
    """Whether ``rel`` is the offline plugin's copy of the search index: the assignment
    and nothing else before the JSON (which is then read as the index: a script of any
    other shape is read as a script)."""
    if rel != _OFFLINE_INDEX or path.is_symlink():
        return False
    try:
        with path.open("rb") as handle:
            head = handle.read(len(_OFFLINE_PREFIX) + 1)
    except OSError:
        return False
    return head[: len(_OFFLINE_PREFIX)] == _OFFLINE_PREFIX.encode() and head[-1:] in (b"{", b"[")


def _read_search_index(site: _Site, rel: str, text: str) -> None:
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
    for doc in docs:
        if not isinstance(doc, dict):
            json_strings(doc, rest)
            continue
        url = _normal_url(str(doc.get("location", "")))
        page = site.pages.get(by_url.get(url, ""))
        shown = page.shown if page is not None else NO_BOXES
        # Tags and any other field are shown with the result (Material shows tags).
        other: list[str] = []
        json_strings({k: v for k, v in doc.items() if k not in _ENTRY_READ}, other)
        scan = site.memo.search_entry(
            str(doc.get("title", "")), str(doc.get("text", "")), shown, tuple(other)
        )
        # An entry speaks for its page: its findings are that page's (placed later).
        site.take(rel, url, scan)
    if rest:
        site.take(rel, "", site.memo.search_entry("", "", NO_BOXES, tuple(rest)))


#: Fields of a search entry read on their own: the page it links to, its title and text (HTML).
_ENTRY_READ = frozenset({"location", "title", "text"})


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


def _judged(site: _Site, rel: str, node: ClaimNode) -> _ClaimFacts:
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
    return _ClaimFacts(
        once(ref),
        once(text),
        once(node.attrs.get("href", "")),
        node.in_heading,
        resolved,
        has_value,
    )


def _check_links(site: _Site, rel: str, page: _PageFacts, by_url: dict[str, str]) -> None:
    """Each resolved claim links to an anchor on the site: its own figure's row, if it has one."""
    for claim in page.claims:
        if not claim.resolved:
            continue
        ref, href = claim.ref, claim.href
        target, fragment = _target(rel, href, by_url)
        landing = site.pages.get(target) if target else None
        if landing is None or not _has_id(landing.ids, fragment):
            site.add(
                rel,
                "FX612",
                f"claim to {ref} links to {href!r}, not an anchor on the site",
                claim.text,
            )
        elif claim.has_value and landing.rows.get(fragment, ("",))[0] != ref:
            site.add(
                rel,
                "FX612",
                f"claim to {ref} links to {href!r}, another figure's anchor",
                claim.text,
            )


def _judge_claim(site: _Site, node: ClaimNode, ref: str, text: str) -> JudgedClaim:
    """A claim re-resolved and re-rendered: its problems, whether it resolves, and whether
    to a figure with a value (:data:`~.scan.JudgedClaim`)."""
    # A claim on a page in another language carries it: its words are re-rendered alike.
    lang = language_tag(node.attrs.get("data-fx-lang")) or DEFAULT
    result = resolve_claim(text, f"evidence:{ref}", site.published.library, lang=lang)
    if isinstance(result, ClaimProblem):
        return ((result.code, f"claim to {ref}: {result.message}"),), False, False
    return tuple(_compare_render(site, node, result)), True, result.value is not None


def _compare_render(site: _Site, node: ClaimNode, claim: Claim) -> list[tuple[str, str]]:
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
        if page.statuses[:1] != (record.status,):
            site.add(
                rel,
                "FX612",
                f"record {record_id}: page shows status {list(page.statuses[:1])}, evidence says {record.status}",
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
    shown = {url_of(rel): {c.ref for c in p.claims} for rel, p in site.pages.items()}
    for listed in site.published.pages:
        if _normal_url(listed) not in by_url:
            site.add(
                "evidence.json",
                "FX612",
                f"page {listed!r} listed in evidence.json is not on the site",
            )
    for ref, listed in site.published.citations:
        url = _normal_url(listed)
        if ref not in shown.get(url, set()):
            rel = by_url.get(url, "evidence.json")
            site.add(rel, "FX402", f"evidence.json lists a citation of {ref} not on the page")


def _check_copies(site: _Site, by_url: dict[str, str]) -> None:
    """Each figure found in published text: a permitted copy of a cited figure, or bare."""
    headings: set[str] = set()
    for page in site.pages.values():
        headings |= page.navigable
    heading_index = Allowed(headings)
    library = site.published.library
    by_record = record_values(library)
    value_index = Allowed(v for values in by_record.values() for v in values)
    empty = Allowed(())

    # Made for a page when a figure asks, and kept for the few pages asked about last
    # (the figures come file by file, a search index's entry by entry), not for all.
    @lru_cache(maxsize=_PAGES_INDEXED)
    def indexes(url: str) -> tuple[Allowed, Allowed | None, Allowed, Allowed]:
        """The page at ``url``: its claims; its records' values (a record page repeats
        its own records' values, not every record's); its charts' ticks and bars."""
        page = site.pages.get(by_url.get(url, ""))
        if page is None:
            return empty, None, empty, empty
        records = {ref.split("#", 1)[0] for ref, _, _ in page.rows.values()}
        own = Allowed(v for r in records for v in by_record.get(r, ())) if page.rows else None
        claims = Allowed([*(c.text for c in page.claims), *page.phrases])
        return claims, own, Allowed(page.ticks), Allowed(page.bars)

    indexes_read = ("search/search_index.json", _OFFLINE_INDEX)
    on_pages = {(rel, found.shown) for rel, _, found in site.figures if rel not in indexes_read}
    for rel, url, found in site.figures:
        entry = rel in indexes_read
        # A search entry's figure is placed at the page it speaks for (a build names the
        # page's source); one the page does not show says it stands in the index only
        # (an audit names what changed).
        where = by_url.get(url, rel) if entry else rel
        only_indexed = entry and (where, found.shown) not in on_pages
        said = f" (in published text: {rel}, the entry for this page)" if only_indexed else ""
        if site.full(where):  # past the findings listed: counted, not judged
            site.add(where, "FX501", f"figure '{found.shown}' in published text", found.shown)
            continue
        shown_on = site.pages.get(rel)
        claims, values, ticks, bars = indexes(url)
        allowed: list[Allowed] | None
        axis: list[Allowed] = []  # a chart's ticks: numbers, then the axis unit
        if shown_on is not None:  # the page's own text
            # Other pages' heading claims only where other pages' titles show: the
            # navigation, header and footer (the "page" channel), a page's "Related
            # reading" list, a record page's "cited by" list.
            titles = found.channel == "page" or found.role == "related" or values is not None
            others = [heading_index] if titles else []
            allowed = [*others, claims] + ([values] if values else [])
            if found.role == "chart":
                allowed.append(bars)
                axis = [*allowed, value_index]
            elif found.role == "record-value":
                allowed.append(values or value_index)
            elif found.channel == "article" and not found.role and not values:
                allowed = None
        else:  # another file, or a search entry that speaks for the page at ``url``
            allowed = [heading_index, claims, bars]
            if values is not None:
                allowed.append(values)
            axis = [ticks]
        if allowed is not None and (
            covered(found.block, found.start, found.end, allowed)
            or (axis and covered(found.block, found.start, found.end, axis, numbers_only=True))
        ):
            continue
        message = found.message(site.published.library, said or " (in published text)")
        site.add(where, "FX501", message, found.shown)
