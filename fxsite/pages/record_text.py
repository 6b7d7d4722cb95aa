"""A record's words a reader is shown, judged where they are written.

A record page shows the record's title, its setup, what each figure measures
(its name in words where it does not say: ``took_94_s``, "Took 94 s"),
why each invariant holds and its notes; the Evidence Library and every "Data sources" list show its
title; pages in another language show its ``translations``. The build's last gate would find a
figure in any of them on each page that shows it; ``fxsite check`` and the build report it once, at its line in
``evidence/R1.yaml``, judged by the page reader
(:func:`fxsite.pages.judge.judge_rendered`). A setup key and its value are read as
the row of the setup table they are drawn as, whose heading may state the value's
unit ("Memory gb" over "128": 128 GB). The record's ID is shown as words wherever a
page names the record: an ID that reads as a figure (``x2``) is refused at its line.

Such text may repeat the record's own values as its record page shows them
("Save time, 94 s" in a record stating 94 s): the gate allows that copy on
the record page. Not the ID or the title, which the Evidence Library and every "Data
sources" list show too, nor a translation, shown on other pages. Any other
figure belongs in ``figures``. The ID, the issuer and setup keys are shown as words too.

A report document a record publishes (``publish_document: true``) that the
gate reads as any published file (:func:`fxsite.anchor.documents.unread_document`:
an HTML document, or one whose sha256 the record does not state) is read by the
reader of a file of ``docs/`` (:func:`fxsite.verify.docs_files.docs_file_findings`),
and what it finds is reported at the record's ``publish_document`` line.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from fxsite.evidence.library import Library, Loc, RecordSource, figure_words
from fxsite.evidence.models import Record
from fxsite.evidence.records import MAX_RECORD_BYTES
from fxsite.evidence.yamlsafe import line_col
from fxsite.findings import Finding
from fxsite.pages.field_advice import plain_message
from fxsite.pages.figures import find_bare_figures
from fxsite.pages.header_units import header_unit, with_unit
from fxsite.pages.judge import judge_rendered
from fxsite.pages.locate import loose_pattern, merged_spans, within
from fxsite.pages.quantity_names import NAMED_QUANTITY
from fxsite.pages.scalar_place import offset_of, scalar_offset
from fxsite.pages.unshown import unshown
from fxsite.render.library_pages import setup_label, setup_row
from fxsite.render.record_markdown import Refused, record_markdown
from fxsite.safeio import UnreadableFile, read_text

__all__ = ["document_findings", "document_places", "record_text_findings", "shown_text"]


#: The site's ``setup_labels``: a setup key's row heading, where the site names it.
Labels = dict[str, str] | None


def _may_copy(loc: Loc) -> bool:
    """Shown on the record page only, beside the values: not the ID or title, not a translation."""
    return loc not in (("id",), ("title",)) and loc[0] != "translations"


def shown_text(record: Record, labels: Labels = None) -> Iterator[tuple[Loc, str]]:
    """``(location, text)`` of each field of ``record`` its pages show as words
    (a setup row's heading as ``labels``, the site's ``setup_labels``, name it)."""
    yield ("title",), record.title

    if record.source is not None and record.source.issuer:
        yield ("source", "issuer"), record.source.issuer
    if record.source is not None and record.source.document:
        # Named in the provenance header, its folders and underscores as they are.
        yield ("source", "document"), record.source.document.replace("_", " ")
    for key, value in record.setup.items():
        # A setup row's heading as the page shows it (ran_for_94_s: "Ran for 94 s"),
        # when no setup_labels names it.
        yield ("setup", key, ""), setup_label(key, labels)
        yield ("setup", key), value
    for part, named in (("figures", record.figures), ("derived", record.derived)):
        for name, figure in named.items():
            # What it measures; without it, its name as words (took_94_s: "Took 94 s").
            if figure.what:
                yield (part, name, "what"), figure.what
            else:
                yield (part, name, ""), figure_words(name)
    for n, invariant in enumerate(record.invariants):
        if invariant.why:
            yield ("invariants", n, "why"), invariant.why
    if record.notes:
        yield ("notes",), record.notes
    for lang, translation in record.translations.items():
        if translation.title:
            yield ("translations", lang, "title"), translation.title
        for key, value in translation.setup.items():
            yield ("translations", lang, "setup", key), value
        for name, what in translation.what.items():
            yield ("translations", lang, "what", name), what
    # Last: a figure found is placed at the first field from here on that shows its text,
    # and an ID ("R5") holds the digits of many ("5").
    yield ("id",), record.id


#: Fields written as Markdown (:mod:`fxsite.render.record_markdown`), besides a figure's ``what``.
_PROSE = frozenset({("notes",)})


def _anchor(record: str, anchor: str) -> str:
    return f"#{anchor}"


def _claim_findings(
    source: RecordSource, loc: Loc, text: str, problems: list[Refused], file: _File
) -> list[Finding]:
    """Each refused claim in record text, at the claim (a repeat at its own place; at
    the field, if it cannot be placed)."""
    findings: list[Finding] = []
    at: dict[str, int] = {}
    for problem in problems:
        at[problem.text] = text.find(f"[{problem.text}]", at.get(problem.text, -1) + 1)
        line, col = _where(source, loc, text, at[problem.text], file)
        findings.append(
            Finding(source.path, line, col, problem.code, problem.message, text=problem.text)
        )
    return findings


class _File:
    """A record file's text, read when a finding first needs a place inside a field."""

    def __init__(self, root: Path | None, path: str) -> None:
        self._file = None if root is None else root / path
        self._text: str | None = None

    def text(self) -> str | None:
        if self._file is not None:
            try:
                self._text = read_text(self._file, MAX_RECORD_BYTES)
            except UnreadableFile:
                self._text = None
            self._file = None
        return self._text


def _where(source: RecordSource, loc: Loc, value: str, at: int, file: _File) -> tuple[int, int]:
    """Line and column of ``value[at]``, the text of the field at ``loc``.

    Inside the field as written (a block scalar, a string over lines, an
    escape: :func:`~fxsite.pages.scalar_place.scalar_offset`); else where the
    field starts, at ``at`` on that line when it is written on one line and
    the file's text is not known.
    """
    line, col = source.pos(loc)
    if at < 0:
        return line, col
    text = file.text()
    if text is None:
        return line, col + (at if "\n" not in value else 0)
    start = offset_of(text, line, col)
    found = None if start is None else scalar_offset(text, start, value, at)
    return (line, col) if found is None else line_col(text, found)


def record_text_findings(
    library: Library, root: Path | None = None, labels: Labels = None
) -> list[Finding]:
    """Each figure in a record's shown words that is not one of the record's own values.

    A record's fields are read as one document (a paragraph each), in one parse;
    its notes and figures' ``what`` as the Markdown they are shown as, whose
    claims are checked too. ``root`` is the folder record paths are relative
    to: a finding inside a field is placed at its own line there. ``labels``: the
    site's ``setup_labels``, the headings of setup rows it names.
    """
    from fxsite.verify.copies import Allowed, covered, record_values

    values = record_values(library)
    findings: list[Finding] = []
    for record_id, source in library.files.items():
        own = Allowed(values.get(record_id, ()))
        file = _File(root, source.path)
        fields = list(shown_text(source.record, labels))
        parts, refused = [], []
        for loc, text in fields:
            if loc[0] == "setup":
                parts.append(_setup_row(loc, source.record, labels))
            elif _is_prose(loc):
                shown_html, problems = record_markdown(
                    text, record_id, library, _anchor, inline=loc != ("notes",)
                )
                parts.append(shown_html if loc == ("notes",) else f"<p>{shown_html}</p>")
                findings += _claim_findings(source, loc, text, problems, file)
                refused += [p.text for p in problems]
            else:
                parts.append(f"<p>{html.escape(text)}</p>")
        field = 0
        taken: Counter[tuple[int, str]] = Counter()
        for finding in judge_rendered("".join(parts), source.path, library, refused):
            shown = finding.text or ""
            field, at = _place(fields, field, shown, taken)
            loc, text = fields[field]
            # A title and a translation are shown on other pages too,
            # where the gate allows no copy of a record's values.
            copy = _may_copy(loc) and at >= 0 and covered(text, at, at + len(shown), [own])
            if finding.code == "FX501" and copy:
                continue
            if loc[0] == "setup" and loc[-1] == "" and labels and str(loc[1]) in labels:
                continue  # the row's heading is the site's setup_labels, told in mkdocs.yml
            if loc[-1] == "":  # a key: where the key is written, on one line
                line, col = source.key_positions.get(loc[:-1]) or source.pos(loc[:-1])
                line, col = line, col + max(at, 0)
            else:
                line, col = _where(source, loc, _written(source, loc, text), at, file)
            named = loc[-1] == "" and loc[0] != "setup"  # a figure's name, as words
            if finding.code == "FX501" and shown and named:
                finding = replace(finding, message=_name_message(shown, loc, text))
            elif finding.code == "FX501" and shown and loc == ("id",):
                finding = replace(finding, message=_id_message(shown, text))
            elif finding.code == "FX501" and shown and (read := _read_in_row(loc, shown, labels)):
                finding = replace(finding, message=_row_message(shown, loc, read, labels))
            elif finding.code == "FX501" and shown and not _is_prose(loc):
                message = plain_message(
                    shown, library, text, _field_name(loc), cite_in="the record's notes"
                )
                finding = replace(finding, message=message)
            findings.append(replace(finding, line=line, col=col))
    return findings


def _setup_row(loc: Loc, record: Record, labels: Labels) -> str:
    """A setup key and its value as its record page draws them: a row of the setup
    table, whose heading may state the unit of its value ("Memory gb": 128 reads
    "128 GB"); the value is in its key's row."""
    if loc[-1] != "":
        return ""
    row = setup_row(str(loc[1]), record.setup[str(loc[1])], labels)
    return f"<table><tbody>{row}</tbody></table>"


def _read_in_row(loc: Loc, shown: str, labels: Labels) -> str | None:
    """A setup value's number as its row's heading states its unit ("128 GB"), or None."""
    if loc[0] != "setup" or loc[-1] == "":
        return None
    label = setup_label(str(loc[1]), labels)
    unit = header_unit(label)
    if unit is None:  # "Save time": a quantity named, its number read as written (blind78)
        return shown if NAMED_QUANTITY.fullmatch(label) else None
    return with_unit(shown, unit)


def _written(source: RecordSource, loc: Loc, shown: str) -> str:
    """A field's text as written, where it is shown otherwise (a document's name)."""
    document = source.record.source.document if source.record.source is not None else None
    return document if loc == ("source", "document") and document else shown


def _place(
    fields: list[tuple[Loc, str]], start: int, shown: str, taken: Counter[tuple[int, str]]
) -> tuple[int, int]:
    """The field from ``start`` on that shows ``shown`` once more than ``taken``, and where.

    Findings come in the fields' order; a figure one field shows twice, or two
    fields show, is placed at each in turn (a plain field where it is read as no figure is
    passed over) (in Markdown, where it is shown first:
    :func:`_occurrences`). A figure Markdown split (``*17*8 s``
    shows 178 s) is looked for with the markup between its characters; -1: not
    found at all.
    """
    for n in range(start, len(fields)):
        loc, text = fields[n]
        places = _occurrences(text, shown, _is_prose(loc)) if shown else []
        if places and not _is_prose(loc) and not _reads(text, shown):
            continue  # written there, but read as no figure ("五年TCO模型" names a model's
            # period: blind90, a later field's "五年累计节省电费" was placed at the title)
        if len(places) > taken[(n, shown)]:
            at = places[taken[(n, shown)]]
            taken[(n, shown)] += 1
            return n, at
    pattern = loose_pattern(shown)
    if pattern is not None:
        for n in range(start, len(fields)):
            match = pattern.search(fields[n][1])
            if match is not None:
                return n, match.start()
    return start, -1


def _reads(text: str, shown: str) -> bool:
    """Whether the detector reads ``shown`` as a figure in a plain field's ``text`` alone."""
    return any(found.text == shown for found in find_bare_figures(text))


def _occurrences(text: str, shown: str, prose: bool) -> list[int]:
    """Where ``text`` writes ``shown``; in Markdown (``prose``), where it shows it first (not
    in code, a comment, a tag: :func:`~fxsite.pages.unshown.unshown`), then anywhere
    (blind16: "Code `95 s` here. Plain 95 s." is refused at the plain one)."""
    places = []
    at = text.find(shown)
    while at >= 0:
        places.append(at)
        at = text.find(shown, at + 1)
    if not prose or len(places) < 2:
        return places
    hidden = merged_spans(unshown(text))
    first = [at for at in places if not within(hidden, at)]
    return first + [at for at in places if within(hidden, at)]


def _is_prose(loc: Loc) -> bool:
    """Written as Markdown, where a claim is read: the notes and a figure's ``what``."""
    return loc in _PROSE or (loc[-1:] == ("what",) and loc[0] in ("figures", "derived"))


def _name_message(shown: str, loc: Loc, words: str) -> str:
    """A bare figure in a figure's name, which its record page shows as ``words``."""
    return (
        f"bare figure '{shown}' in the name of figure '{loc[1]}', which the record page "
        f"shows as '{words}' where the figure has no what: give it a what, or rename it"
    )


def _id_message(shown: str, record_id: str) -> str:
    """A bare figure in a record's ID, which every page naming the record shows as words."""
    return (
        f"bare figure '{shown}' in the record ID '{record_id}', which pages show as words "
        "wherever they name the record (its record page's title, the Evidence Library, "
        "Data sources, an estimate's note): rename the record and its file"
    )


def _row_message(shown: str, loc: Loc, read: str, labels: Labels) -> str:
    """A bare number in a setup value whose row's heading states its unit, or names the
    quantity (``read`` is then the number as written)."""
    key = str(loc[1])
    row = f"it in the row '{setup_label(key, labels)}'"
    if read == shown:
        return (
            f"bare figure '{shown}' in the record's setup value '{key}': its record page shows "
            f"{row}, which names the quantity; make it a figure of the record"
        )
    return (
        f"bare figure '{shown}' in the record's setup value '{key}': its record page shows "
        f"{row}, which states its unit ('{read}'); make it a figure of the record, or name the "
        "key without a unit"
    )


def _field_name(loc: Loc) -> str:
    """A plain-text field as a message names it: "the record's setup value 'system'"."""
    if loc[0] == "setup":
        return f"the record's setup {'key' if loc[-1] == '' else 'value'} '{loc[1]}'"
    if loc[0] == "translations":
        return f"the record's {loc[1]} translation ({' '.join(str(p) for p in loc[2:])})"
    if loc[0] == "invariants":
        return "an invariant's why"
    if loc == ("source", "document"):
        return "the name of the record's source document (shown on its page)"
    return "the record's " + " ".join(str(p) for p in loc)


def document_places(
    library: Library, evidence_dir: Path
) -> dict[str, tuple[str, str, int, int, str]]:
    """Each report document a record publishes that the gate reads, by its site path:
    (its path in ``evidence_dir``, the record's file, the line and column of its
    ``publish_document``, and why the gate reads it)."""
    from fxsite.anchor.documents import document_url, unread_document

    places = {}
    for source in library.files.values():
        document = source.record.source
        if document is None or not document.publish_document or not document.document:
            continue
        file = (evidence_dir / document.document).resolve()
        if unread_document(document) or not file.is_relative_to(evidence_dir.resolve()):
            continue  # compared with its hash only; or outside evidence/ (FX310)
        line, col = source.pos(("source", "publish_document"))
        why = "it is not plain text" if document.sha256 else "the record states no sha256"
        places[document_url(document.document)] = (document.document, source.path, line, col, why)
    return places


def document_findings(library: Library, evidence_dir: Path) -> list[Finding]:
    """What the gate would find in each report document a record publishes and the gate
    reads (:func:`document_places`), at the record's ``publish_document`` line."""
    from fxsite.verify.docs_files import docs_file_findings

    findings = []
    for site_path, place in document_places(library, evidence_dir).items():
        name, record, line, col, why = place
        if not (evidence_dir / name).is_file():
            continue  # the library reports it (FX310)
        reason = (
            f" (in {name}, which publish_document publishes as {site_path}; "
            f"{why}, so the build reads it as any published file)"
        )
        for found in docs_file_findings(evidence_dir, name, record):
            # The gate's own words for a page without the build's stamp, which it finds too.
            message = found.message if found.code == "FX613" else found.message + reason
            findings.append(replace(found, line=line, col=col, message=message))
    return findings
