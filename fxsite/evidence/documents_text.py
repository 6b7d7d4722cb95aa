"""Figures found in their report documents.

A record's ``source.document`` that has text (a PDF with a text layer, a Word document or
a PowerPoint deck, HTML, plain text, CSV, Markdown) is read into passages: a PDF's pages,
a text
file's lines, a CSV's rows (cells apart), an HTML document's text as one
passage, an Office document's text (:mod:`fxsite.evidence.office_text`) as one too.
:func:`where_stated`
then looks for a figure's number in them, as a whole number token in the
usual notations: ``6.4``, ``6.40`` and ``6,4`` state 6.4; ``1,234``,
``1.234,5`` and ``1 234`` use thousands separators; a range needs both ends.
A number inside a longer one is not found: 6.4 is not in 16.45, 6.41
or 6.4.1. A percentage is found with or without its ``%``.

The record page then says where the figure is stated, so a number that names something
else is not taken for it (blind64: "94 s stated in line 1" of "Test report 94 of the lab"):

* a unit written after it that is of another dimension than the figure's (65.6 s is not
  in "65.6 GB"; 96% is not in "96 GB"); a number with no unit, or with one of the figure's
  dimension, may state it;
* a number that names a thing (:data:`_NAMING`: "page 178", "report 94", "version 6.40",
  "v6.40", "No. 5"), or is glued to letters before it ("R94", "FX100");
* a number joined to another by ``/`` or ``:`` (a date, a time, a ratio: "03/14", "8:37",
  "5:1"), or, for a figure of one value, by ``-`` (a date or a code: "2026-03-14",
  "12-34"; a range's ends are joined so);
* a number after a minus, for a figure above zero ("-40" does not state 40).
"""

from __future__ import annotations

import csv
import html
import io
import logging
import re
import time
import warnings
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from fxsite.evidence.office_text import OFFICE, office_passages, packaged_passages
from fxsite.evidence.quantities import format_quantity
from fxsite.evidence.units import UNITS, canonical_unit
from fxsite.safeio import UnreadableFile, read_bytes

if TYPE_CHECKING:
    from fxsite.evidence.library import FigureValue

__all__ = [
    "MAX_PDF_PAGES",
    "MAX_TEXT_BYTES",
    "TEXT_SUFFIXES",
    "DocumentText",
    "Located",
    "Places",
    "document_text",
    "figure_places",
    "office_text",
    "packaged_text",
    "pdf_text",
    "stated_note",
    "text_of",
    "where_stated",
]

#: Largest document read for its text, in bytes.
MAX_TEXT_BYTES = 32 << 20
#: Pages of a PDF read for their text; a longer PDF is refused.
MAX_PDF_PAGES = 2000
#: Seconds a PDF's text extraction may take before it is refused.
MAX_PDF_SECONDS = 30.0

PDF = (".pdf",)
HTML = (".html", ".htm", ".xhtml")
LINES = (".txt", ".text", ".md", ".markdown")
TABLES = (".csv", ".tsv")
#: File suffixes whose text is read; a document of another kind is not checked.
TEXT_SUFFIXES = PDF + OFFICE + HTML + LINES + TABLES

#: A number token: digits with ``.``/``,`` separators, or digits grouped by spaces.
_SPACE = "[ \u00a0\u202f\u2009]"
_TOKEN = re.compile(
    rf"(?<!\d)(?<!\d[.,])(?<!\s\.)(?:\d{{1,3}}(?:{_SPACE}\d{{3}})+(?:[.,]\d+)?(?![\d]|[.,]\d)"
    rf"|\d+(?:[.,]\d+)*(?![\d]|[.,]\d))"
)
_MINUS = ("-", "\u2212", "\u2013")


@dataclass(frozen=True)
class DocumentText:
    """A document's text by passage: ``(page or line number, text)``; ``unit`` names them."""

    name: str
    unit: str  # "page", "line" or "" (the whole document, one passage)
    passages: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class Located:
    """Where a figure is stated: the passages holding it (both ends of a range)."""

    document: str
    unit: str
    numbers: tuple[int, ...]

    def __str__(self) -> str:
        if not self.unit:
            return self.document
        many = len(self.numbers) > 1
        numbers = " and ".join(str(n) for n in self.numbers)
        if self.unit == "page":
            return f"{'pp.' if many else 'p.'} {numbers} of {self.document}"
        return f"{self.unit}{'s' if many else ''} {numbers} of {self.document}"


def stated_note(located: Located) -> str:
    """The record page's HTML for where a figure is stated: ``stated on <code>p. 12 of R1.pdf</code>``.

    In ``<code>``: the place is no figure, and the audit does not read it as one.
    """
    word = "on" if located.unit == "page" else "in"
    return f"stated {word} <code>{html.escape(str(located))}</code>"


def _values(token: str) -> set[Decimal]:
    """The numbers a token can mean: ``1,234`` is 1234 or 1.234; ``1 234,5`` is 1234.5."""
    if re.search(_SPACE, token):
        return {Decimal(re.sub(_SPACE, "", token).replace(",", "."))}
    out = set()
    if token.count(".") + token.count(",") <= 1:
        out.add(Decimal(token.replace(",", ".")))
    for thousands, point in ((",", "."), (".", ",")):
        whole, _, fraction = token.partition(point)
        groups = whole.split(thousands)
        if (
            len(groups) > 1
            and len(groups[0]) <= 3
            and all(len(g) == 3 for g in groups[1:])
            and not re.search("[.,]", fraction)
        ):
            out.add(Decimal("".join(groups) + (f".{fraction}" if fraction else "")))
    return out


#: Words before a number that make it a name, not a quantity: "page 178", "report 94".
_NAMING = re.compile(
    r"(?i:\b(?:pages?|pp?\.|reports?|no\.|number|nr\.|version|ver\.?|rev\.?|revision|"
    r"firmware|fw|model|chapter|section|sect?\.|tables?|figures?|fig\.|"
    r"appendix|annex|id|ref\.?)\s*#?\s*|#\s*|[A-Za-z])\Z"
)
#: A unit word right after a number (its dimension is compared with the figure's).
_UNIT_AFTER = re.compile(r"[ \u00a0]?([A-Za-z%µμ][A-Za-z/%µμ]{0,11})")


def _found(value: Decimal, text: str, unit: str | None = None, single: bool = True) -> bool:
    """Whether ``text`` has a number token equal to ``value`` (a negative one after a minus)
    that can state a figure in ``unit`` (any, for None): see the module's rules."""
    for match in _TOKEN.finditer(text):
        if abs(value) not in _values(match.group()):
            continue
        before, after = text[: match.start()], text[match.end() :]
        signed = before.endswith(_MINUS) and not before[:-1][-1:].isalnum()
        if (value < 0) != signed or _NAMING.search(before.removesuffix("-")) is not None:
            continue
        joined = "/:" + ("-\u2013" if single else "")
        if (before[-1:] in joined and before[-2:-1].isdigit()) or (
            after[:1] in joined and after[1:2].isdigit()
        ):
            continue
        if unit is not None and _other_dimension(after, unit):
            continue
        return True
    return False


def _other_dimension(after: str, unit: str) -> bool:
    """The text after a number starts with a unit of another dimension than ``unit``'s."""
    match = _UNIT_AFTER.match(after)
    written = canonical_unit(match.group(1)) if match else None
    mine = canonical_unit(unit)
    if written is None or mine is None:
        return False
    return UNITS[written].dimension != UNITS[mine].dimension


def where_stated(
    low: Decimal, high: Decimal | None, document: DocumentText, unit: str | None = None
) -> Located | None:
    """The passages that state ``low`` (and ``high``, for a range), or None.

    Decimal-exact: a token states the figure when it equals it as a number
    (``6.40`` states 6.4), and is no name, date or code, nor a quantity of another
    dimension than ``unit``'s (the module's rules; ``unit`` None: any).
    """
    numbers: list[int] = []
    for value in (low, high):
        if value is None:
            continue
        found = (n for n, text in document.passages if _found(value, text, unit, high is None))
        at = next(found, None)
        if at is None:
            return None
        if at not in numbers:
            numbers.append(at)
    return Located(document.name, document.unit, tuple(sorted(numbers)))


def _lines(text: str) -> tuple[tuple[int, str], ...]:
    return tuple((n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip())


def _table(text: str, suffix: str) -> tuple[tuple[int, str], ...]:
    """A CSV's rows, cells apart: ``bandwidth,6.40`` is "bandwidth | 6.40"."""
    reader = csv.reader(io.StringIO(text), delimiter="\t" if suffix == ".tsv" else ",")
    try:
        return tuple((reader.line_num, " | ".join(row)) for row in reader if any(row))
    except csv.Error as exc:
        raise ValueError(f"is not valid CSV ({exc})") from None


def _html(text: str) -> tuple[tuple[int, str], ...]:
    from selectolax.lexbor import LexborHTMLParser

    tree = LexborHTMLParser(text)
    for node in tree.css("script, style, template"):
        node.decompose()
    root = tree.body or tree.root
    return ((1, root.text(separator=" ") if root is not None else ""),)


def _pdf_pages(data: bytes) -> tuple[tuple[int, str], ...]:
    from pypdf import PdfReader

    started = time.monotonic()
    reader = PdfReader(io.BytesIO(data), strict=False)
    count = len(reader.pages)
    if count > MAX_PDF_PAGES:
        raise ValueError(f"has {count:,} pages, more than {MAX_PDF_PAGES:,}")
    pages = []
    for number, page in enumerate(reader.pages, 1):
        if time.monotonic() - started > MAX_PDF_SECONDS:
            raise ValueError(f"took over {MAX_PDF_SECONDS:.0f} s to read")
        pages.append((number, page.extract_text() or ""))
    return tuple(pages)


def _pdf(data: bytes) -> tuple[tuple[int, str], ...]:
    """Each page's text; raises ValueError on a PDF that cannot be read within the caps.

    pypdf's warnings and log lines about a malformed PDF are kept quiet: the
    finding says it instead.
    """
    log = logging.getLogger("pypdf")
    level = log.level
    log.setLevel(logging.CRITICAL + 1)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return _pdf_pages(data)
    except ValueError:
        raise
    except Exception as exc:  # pypdf raises many kinds on a malformed PDF
        raise ValueError(f"is not a readable PDF ({type(exc).__name__})") from None
    finally:
        log.setLevel(level)


def office_text(data: bytes) -> str:
    """A Word document's or a PowerPoint deck's text, its parts apart (a blank line between
    two); raises ValueError when it cannot be read within the caps
    (:mod:`fxsite.evidence.office_text`)."""
    return "\n\n".join(text for _, text in office_passages(data) if text)


def packaged_text(data: bytes) -> str:
    """An OpenDocument's or an EPUB book's text, its parts apart, as :func:`office_text`
    (:func:`~fxsite.evidence.office_text.packaged_passages`)."""
    return "\n\n".join(text for _, text in packaged_passages(data) if text)


def pdf_text(data: bytes) -> str:
    """A PDF's text, its pages apart (a blank line between two); raises ValueError when it
    cannot be read within the caps. Not remembered: the gate reads each published PDF once."""
    return "\n\n".join(text for _, text in _pdf(data))


@lru_cache(maxsize=32)
def text_of(data: bytes, suffix: str, name: str) -> DocumentText:
    """The text of a document's bytes by kind; raises ValueError when it cannot be read."""
    if suffix in PDF:
        return DocumentText(name, "page", _pdf(data))
    if suffix in OFFICE:  # one passage: its parts' numbers mean nothing to a reader
        return DocumentText(name, "", ((1, office_text(data)),))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ValueError(f"is not valid UTF-8 (byte {exc.start})") from None
    if suffix in HTML:
        return DocumentText(name, "", _html(text))
    if suffix in TABLES:
        return DocumentText(name, "line", _table(text, suffix))
    return DocumentText(name, "line", _lines(text))


def document_text(path: Path, root: Path | None = None) -> tuple[DocumentText | None, str | None]:
    """``path``'s text by passage, or why it cannot be read; (None, None) for a kind without text."""
    suffix = path.suffix.lower()
    if suffix not in TEXT_SUFFIXES:
        return None, None
    try:
        data = read_bytes(path, MAX_TEXT_BYTES, root)
    except UnreadableFile as exc:
        return None, exc.reason
    try:
        return text_of(data, suffix, path.name), None
    except ValueError as exc:
        return None, str(exc)


def _checked_figures(figures: Iterable[FigureValue]) -> list[tuple[FigureValue, Decimal]]:
    """The figures a report states, with the value it states: measured or spec,
    stated in the record or derived with a ``stated`` value."""
    out = []
    for fig in figures:
        if fig.label not in ("measured", "spec"):
            continue
        if fig.formula is None:
            out.append((fig, fig.low))
        elif fig.stated is not None:
            out.append((fig, fig.stated))
    return out


#: Where a document states each figure (by ref), and each it does not state (with why).
Places = tuple[dict[str, Located], list[tuple["FigureValue", str]]]


def figure_places(
    figures: Iterable[FigureValue], path: Path, root: Path | None = None
) -> tuple[Places | None, str | None]:
    """Where the document at ``path`` states each checked figure, or why it is not looked in;
    (None, None) when no figure is checked or the document is of a kind without text."""
    checked = _checked_figures(figures)
    if not checked:
        return None, None
    document, problem = document_text(path, root)
    if document is None:
        return None, problem
    if not any(text.strip() for _, text in document.passages):
        return None, "has no text layer"  # a scanned PDF
    found: dict[str, Located] = {}
    missing: list[tuple[FigureValue, str]] = []
    for fig, low in checked:
        high = fig.high if fig.formula is None else None
        located = where_stated(low, high, document, fig.unit)
        if located is not None:
            found[fig.ref] = located
            continue
        shown = format_quantity(low, high, fig.unit, fig.decimals, fig.bound).replace("\u00a0", " ")
        missing.append(
            (fig, f"{fig.ref}: {shown} is not stated in its report document '{document.name}'")
        )
    return (found, missing), None
