"""What the gate keeps between builds of one project (``mkdocs serve``): :class:`GateMemo`.

A file's scan (:func:`~fxsite.verify.scan.scan_file`) is a pure function of its path
and bytes, so a file or a search entry whose bytes did not change is not read again;
claims judged stand while the records they read are unchanged; what a page's scan
gave once judged stands while the evidence it read is. What a build did not use is
dropped at its end, so the memo never outgrows the site. A single build keeps no
scans, only the claims its pages repeat, while recently read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fxsite.evidence.memo import RecordMemo
from fxsite.verify.boxes import Boxes
from fxsite.verify.kinds import Kind
from fxsite.verify.published import Published
from fxsite.verify.scan import FileScan, digest, scan_file, scan_search_entry
from fxsite.verify.sheets import NO_SHEETS, PageSheets
from fxsite.verify.visible import Repeats

__all__ = ["GateMemo", "JudgedClaim"]


#: How many claims judged a single build's :class:`GateMemo` keeps.
_CLAIMS_ONE_BUILD = 1 << 10

#: A claim judged: its problems (code, message), whether it resolves, and whether to a
#: figure with a value. Not the claim itself: a site's claims are kept until it is read.
JudgedClaim = tuple[tuple[tuple[str, str], ...], bool, bool]


@dataclass
class GateMemo:
    """Scans kept between builds of one project (``mkdocs serve``), by content.

    A scan depends on nothing but the bytes scanned, so a file or a search
    entry whose bytes are unchanged is not read again. Entries not used by a
    build are dropped at its end, so the memo never outgrows the site.
    """

    #: False for a single build: scans are not kept, only claims judged
    keep: bool = True
    files: dict[bytes, FileScan] = field(default_factory=dict)
    used: set[bytes] = field(default_factory=set)
    #: list items read during the current build (see ``page_text``)
    repeats: Repeats = field(default_factory=dict)
    #: the last build's evidence.json, read and rebuilt
    published: Published | None = None
    #: claims judged, by their markup (a judgement reads only the claim's record, so it
    #: stands while that is unchanged)
    claims: RecordMemo[bytes, JudgedClaim] = field(default_factory=RecordMemo)
    #: what a page's scan gave once judged (the audit's facts and findings), by the
    #: scan's identity and what of the evidence it read; kept only as long as used
    judged: dict[tuple[int, object], Any] = field(default_factory=dict)
    judged_used: set[tuple[int, object]] = field(default_factory=set)

    def __post_init__(self) -> None:
        if not self.keep:  # one build: the claims its pages repeat, while recently read
            self.claims.limit = _CLAIMS_ONE_BUILD

    def file(
        self, rel: str, text: str, kind: Kind | None = None, sheets: PageSheets = NO_SHEETS
    ) -> FileScan:
        """``rel``'s scan (:func:`scan_file`); a kept one stands while the stylesheet
        files it read are unchanged."""
        if not self.keep:
            return scan_file(rel, text, self.repeats, kind, sheets)
        key = digest("file", rel, text, kind or "")
        known = self.files.get(key)
        if known is not None and not sheets.same(known.sheets):
            del self.files[key]
        return self._get(key, lambda: scan_file(rel, text, self.repeats, kind, sheets))

    def search_entry(
        self,
        title: str,
        text: str,
        shown: Boxes,
        other: tuple[str, ...] = (),
        *,
        labels: bool = False,
    ) -> FileScan:
        """An entry scanned as :func:`scan_search_entry` does (blocks its page shows skipped)."""
        if not self.keep:
            return scan_search_entry(title, text, shown, other, labels=labels)
        # the page's blocks too
        key = digest("search", title, text, shown.key().hex(), str(labels), *other)
        return self._get(key, lambda: scan_search_entry(title, text, shown, other, labels=labels))

    def _get(self, key: bytes, make: Callable[[], FileScan]) -> FileScan:
        self.used.add(key)
        found = self.files.get(key)
        if found is None:
            found = self.files[key] = make()
        return found

    def end_build(self) -> None:
        """Forget what the build that just ended did not read."""
        self.files = {k: v for k, v in self.files.items() if k in self.used}
        # A page judged this build has its scan in ``files``: an id it keys by is not reused.
        self.judged = {k: v for k, v in self.judged.items() if k in self.judged_used}
        self.used, self.judged_used = set(), set()
        self.repeats = {}
