"""The machine-readable files a site publishes, kept between builds of one process.

Under ``mkdocs serve`` the site is built again after every edit, and most of
these files come out as before. :class:`ExportFiles` serialises a file again
only when what it is made of changed:

* a record's JSON (``evidence/R1.json``): that record as loaded, the same
  objects when its file did not change (:meth:`fxsite.project.Project.load`);
* ``evidence.csv``: the library object;
* ``evidence.json``: the library object, the citations and pages of the site
  index, the URLs they are published at, and the figure history;
* the two JSON Schemas: nothing (fixed for a version of fxsite).

Content is exactly what :mod:`fxsite.render.exports` writes; a fresh object
(one build) computes everything once. ``keep=False`` (``mkdocs build``: there is
no next build) keeps no text once it is handed out, so MkDocs' copy is the only one
until it is written (and, for ``evidence.json``, the gate's until it has its digest).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fxsite.evidence.library import Library
from fxsite.evidence.memo import LibraryMemo
from fxsite.evidence.models import Record
from fxsite.evidence.schema import schema_text
from fxsite.pages.site import SiteIndex
from fxsite.render.exports import (
    dumps,
    evidence_csv,
    evidence_json,
    record_data,
    site_schema_text,
)

__all__ = ["SITE_EXPORTS", "ExportFiles"]

#: The files every site publishes, besides one JSON file per record.
SITE_EXPORTS = (
    "evidence.json",
    "evidence.csv",
    "schemas/evidence.schema.json",
    "schemas/evidence-site.schema.json",
)


def _site_facts(index: SiteIndex) -> tuple[Any, ...]:
    """What evidence.json takes from the site index (compared by value)."""
    pages = tuple((p.src, p.url, p.title) for p in index.pages.values())
    return (tuple(index.citations), dict(index.urls), pages)


class ExportFiles:
    """Export file contents, serialised again only when their inputs changed."""

    def __init__(self, keep: bool = True) -> None:
        self.keep = keep
        self._records: dict[str, tuple[Record, Mapping[Any, str], str]] = {}
        self._csv: LibraryMemo[str, str] = LibraryMemo()
        self._evidence: tuple[Library | None, tuple[Any, ...], dict[str, Any] | None, str] = (
            None,
            (),
            None,
            "",
        )
        self._fixed: dict[str, str] = {}

    @staticmethod
    def names(library: Library, prefix: str) -> list[str]:
        """Every export file's site path (record files under ``prefix``)."""
        return [*SITE_EXPORTS, *(f"{prefix}/{record_id}.json" for record_id in library.records)]

    def content(
        self,
        name: str,
        library: Library,
        index: SiteIndex,
        history: dict[str, Any] | None,
        prefix: str,
    ) -> str:
        """The text of export ``name`` (one of :meth:`names`)."""
        if name == "evidence.json":
            return self._evidence_json(library, index, history)
        if name == "evidence.csv":
            if not self.keep:
                return evidence_csv(library)
            return self._csv.get(library, name, lambda: evidence_csv(library))
        if name == "schemas/evidence.schema.json":
            return self._fixed.setdefault(name, schema_text())
        if name == "schemas/evidence-site.schema.json":
            return self._fixed.setdefault(name, site_schema_text())
        record_id = name.removeprefix(f"{prefix}/").removesuffix(".json")
        return self._record_json(library, record_id)

    def _record_json(self, library: Library, record_id: str) -> str:
        record, written = library.records[record_id], library.files[record_id].written
        kept = self._records.get(record_id)
        if kept is not None and kept[0] is record and kept[1] is written:
            return kept[2]
        text = dumps(record_data(library, record_id))
        if self.keep:
            self._records[record_id] = (record, written, text)
        return text

    def _evidence_json(
        self, library: Library, index: SiteIndex, history: dict[str, Any] | None
    ) -> str:
        facts = _site_facts(index)
        kept_library, kept_facts, kept_history, text = self._evidence
        if kept_library is library and kept_facts == facts and kept_history == history:
            return text
        text = evidence_json(library, index, history)
        if self.keep:
            self._evidence = (library, facts, history, text)
        return text
