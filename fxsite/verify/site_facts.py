"""What the gate keeps of a site while it reads it, file by file (:mod:`.audit`).

Each page's :class:`PageFacts` (its claims as :class:`ClaimFacts`, ids, record
rows, boxes of text, what its copies may repeat) is kept compactly until every
file is read, for the checks across the site (:mod:`.site_checks`); the text of
a page is not kept. :class:`SiteReading` holds them with the findings so far, listed
up to :data:`~fxsite.findings.MAX_PER_FILE` a file, each placed at its line
(:func:`line_in_file`, which reads a file again only for a finding that needs it).
"""

from __future__ import annotations

import html
import json
import re
from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

from fxsite.findings import (
    MAX_PER_FILE,
    Finding,
    Severity,
    more_findings,
    sort_findings,
)
from fxsite.safeio import UnreadableFile, read_text
from fxsite.verify.boxes import Boxes
from fxsite.verify.gate_memo import GateMemo
from fxsite.verify.notes import judge_writer
from fxsite.verify.published import Published
from fxsite.verify.scan import Candidate, FileScan
from fxsite.verify.sheets import SheetFiles

__all__ = [
    "MAX_PAGE_BYTES",
    "NO_STRINGS",
    "OFFLINE_INDEX",
    "OFFLINE_PREFIX",
    "ClaimFacts",
    "PageFacts",
    "SiteReading",
    "has_id",
    "line_in_file",
    "normal_url",
    "place_in_file",
    "url_of",
]

#: Largest page or text file read, in bytes.
MAX_PAGE_BYTES = 16 << 20


def url_of(rel: str) -> str:
    """The site URL of a file: ``index.html`` is ``""``, ``a/index.html`` is ``a/``."""
    if rel == "index.html" or rel.endswith("/index.html"):
        return rel[: -len("index.html")]
    return rel


def normal_url(url: str) -> str:
    """A site URL as :func:`url_of` gives it: no fragment, no leading ``./`` or ``/``, and
    percent-escapes decoded (MkDocs writes ``p%20q/`` for the page ``p q.md``)."""
    url = unquote(url.split("#", 1)[0])
    url = url.removeprefix("./").lstrip("/")
    return url_of(url) if url.endswith("index.html") else ("" if url in (".", "") else url)


def line_in_file(raw: str, snippet: str | None) -> int:
    """The line of ``raw`` where ``snippet`` first appears (:func:`place_in_file`)."""
    return place_in_file(raw, snippet)[0]


def place_in_file(raw: str, snippet: str | None) -> tuple[int, int]:
    """The line and column of ``raw`` where ``snippet`` first appears
    (:func:`_offset_in_file`); 1, 1 where it does not. A finding on a published page
    names the column its text starts at: a page's line can be thousands of characters
    long (blind82: a table cell's figure at column 3,789 was told at column 1), and a
    search index is one line."""
    at = _offset_in_file(raw, snippet) if snippet else None
    if at is None:
        return 1, 1
    return raw.count("\n", 0, at) + 1, at - raw.rfind("\n", 0, at)


def _offset_in_file(raw: str, snippet: str) -> int | None:
    """Where ``snippet`` first appears in ``raw``: as written, or as JSON writes it
    (escaped, ``\\u00a0`` for a no-break space: a search index, a JSON-LD block); else
    its characters in order with tags and spaces between (``<mn>95</mn></math> s``), its
    the start of the line whose text, its character references decoded, holds its start
    (:func:`_line_decoded`), or its first and last words as elements' texts close
    together, or its first word as an element's text (``<mn>95</mn>``), after ``<body``
    where the file has one (a figure put together from elements was placed at the first "95" of the
    file, in an attribute or the head: blind30); else its first word anywhere; else None."""
    escaped = json.dumps(snippet)[1:-1], json.dumps(snippet, ensure_ascii=False)[1:-1]
    for form in dict.fromkeys((snippet, *escaped)):
        # as written, not inside a longer number ("8 s" of "178 s")
        whole = re.search(r"(?<![\w.,])" + re.escape(form), raw)
        if whole is not None:
            return whole.start()
    body = max(raw.find("<body"), 0)
    chars = [c for c in snippet if not c.isspace()][:64]
    words = snippet.split()
    word = words[0] if words else ""
    spread = r"(?<![\w.,])" + _TAGS_BETWEEN.join(map(re.escape, chars))
    if chars and (found := re.search(spread, raw[body:])):
        return body + found.start()
    decoded = _line_decoded(raw, snippet, body)  # before words alone (blind82: "5&#48; s"
    if decoded is not None:  # was placed at a chart's tick "50")
        return decoded
    tokens = [re.compile(rf"(?<=[>\s]){re.escape(w)}(?=[<\s.,;:!?])") for w in words]
    if len(tokens) > 1:  # its first and last words as elements' texts, little text between
        for first in tokens[0].finditer(raw, body):
            last = tokens[-1].search(raw, first.end(), first.end() + 600)
            if last is None:
                continue
            if len(_MARKUP.sub("", raw[first.end() : last.start()]).strip()) <= 16:
                return first.start()
    if tokens and (found := tokens[0].search(raw, body)) is not None:
        return found.start()
    return raw.find(word) if word and word in raw else None


def _line_decoded(raw: str, snippet: str, body: int) -> int | None:
    """The start of the first line from ``body`` on whose text, its character references
    decoded, holds the start of ``snippet`` (a soft hyphen written ``&shy;``, whose finding
    is read from the text the references spell: blind67); else None."""
    start = snippet[:12]
    at = body
    for line in raw[body:].split("\n"):
        if "&" in line and start in html.unescape(line):
            return at
        at += len(line) + 1
    return None


_MARKUP = re.compile(r"<[^<>]*>")
#: What may stand between a figure's characters in a file's markup: tags and spaces.
_TAGS_BETWEEN = r"(?:<[^<>]{0,500}>|\s|&nbsp;|&#160;){0,40}"


@dataclass(frozen=True, slots=True)
class ClaimFacts:
    """What the checks across the site need of one claim, once judged on its page."""

    ref: str
    text: str
    href: str
    in_heading: bool
    #: resolved (its link is checked); has a value (it must land on its own figure's row)
    resolved: bool
    has_value: bool


@dataclass(slots=True)
class PageFacts:
    """What the checks across the site need of one page (its text is not kept).

    Kept for every page until the site is read, so kept compactly: tuples, not
    lists or sets; each string once across the site (:meth:`SiteReading.once`).
    """

    claims: tuple[ClaimFacts, ...]
    #: its elements' ids, sorted (see :func:`has_id`)
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
    #: the ``lang`` of its ``<html>``: the language its record rows name labels in
    lang: str = ""
    #: the records it lists as rows of the Evidence Library (:mod:`.library_listing`)
    listed: frozenset[str] = frozenset()
    #: each of its pagers of the Evidence Library's index: the links' targets, in order
    pagers: tuple[tuple[str, ...], ...] = ()
    #: each row of the Evidence Library it shows: the record, and where its ID links
    row_links: tuple[tuple[str, str], ...] = ()


@dataclass
class SiteReading:
    root: Path
    published: Published
    memo: GateMemo
    pages: dict[str, PageFacts] = field(default_factory=dict)
    #: each file's (or search entry's) figures, with the page URL they speak for
    figures: list[tuple[str, str | None, Candidate]] = field(default_factory=list)
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
        return frozenset(self.once(item) for item in items) or NO_STRINGS

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
        if not line:  # at the text, its column too
            line, col = place_in_file(self._text_of(rel), text) if text else (1, 1)
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

    def line_of(self, rel: str, snippet: str) -> int:
        """The line of the file ``rel`` where ``snippet`` first appears (:func:`line_in_file`)."""
        return line_in_file(self._text_of(rel), snippet)

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

    def take(self, rel: str, url: str | None, scan: FileScan) -> None:
        """What a scan found, on ``rel`` (findings) and for the page at ``url`` (copies;
        ``None``: a search index's strings outside its entries, for no page)."""
        for local in scan.local:
            code, message = local.code, local.message
            if local.writer is not None:
                code, message = judge_writer(local.writer, message, self.declared)
            self.add(rel, code, message, local.text, local.line, local.severity)
        self.figures.extend((rel, url, c) for c in scan.candidates)


#: The empty set of strings, shared by the pages that have none.
NO_STRINGS: frozenset[str] = frozenset()


def has_id(ids: tuple[str, ...], wanted: str) -> bool:
    """Whether the sorted ``ids`` hold ``wanted``."""
    at = bisect_left(ids, wanted)
    return at < len(ids) and ids[at] == wanted


#: Material's offline plugin publishes the search index again as a script of one
#: assignment (``var __index = `` and the index's JSON), for pages opened from disk.
OFFLINE_INDEX = "search/search_index.js"
OFFLINE_PREFIX = "var __index = "
