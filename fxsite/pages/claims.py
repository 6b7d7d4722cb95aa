"""Claims: resolving ``[text](evidence:ID#figure)`` and rendering it.

:func:`resolve_claim` is pure: given a link's text and destination and the
library, it returns the resolved claim or the problems with it. Pages, FAQ
answers and evidence tables all go through it, so ``check``, ``build``,
``audit`` and the MkDocs plugin judge a claim the same way.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass

from fxsite.evidence.library import FigureValue, Library
from fxsite.evidence.quantities import compare, format_number, format_quantity, parse_stated
from fxsite.evidence.units import UNITS

__all__ = [
    "Claim",
    "ClaimProblem",
    "HrefFor",
    "bare_figure_message",
    "claim_markup",
    "escape_markdown",
    "figures_stating",
    "render_claim",
    "resolve_claim",
    "resolve_ref",
    "setup_anchor",
    "spoken_label",
    "tooltip",
]

#: ``(record_id, anchor) -> URL`` of a figure's anchor on its record page,
#: relative to the page being rendered. The caller (plugin) knows the URLs.
HrefFor = Callable[[str, str], str]

_DEST = re.compile(r"^evidence:(?P<record>[^#\s]*)(?:#(?P<figure>[^\s]*))?$")
_MARKDOWN_SYNTAX = {c: f"&#{ord(c)};" for c in "*_`[]\\~^=+-!{}|#<>&"}


@dataclass(frozen=True)
class Claim:
    """A resolved citation: what a reader sees, and the figure behind it."""

    record: str
    figure: str
    display: str
    #: the figure, or None for a setup value (``#setup.baseline``)
    value: FigureValue | None
    setup_value: str | None = None
    #: the record's own label (for a setup value, which has none of its own)
    record_label: str = "measured"

    @property
    def ref(self) -> str:
        return f"{self.record}#{self.figure}"

    @property
    def label(self) -> str:
        return self.value.label if self.value else "setup"


@dataclass(frozen=True)
class ClaimProblem:
    """Why a claim is refused; the caller positions it."""

    code: str
    message: str


def resolve_ref(ref: str, library: Library) -> tuple[str, str, ClaimProblem | None]:
    """Split ``R1#figure`` and check that the record can be cited."""
    record_id, _, figure = ref.partition("#")
    if not record_id or not figure:
        return (
            record_id,
            figure,
            ClaimProblem(
                "FX408", f"'{ref}' must name a record and a figure, like R1#save_time_fx100"
            ),
        )
    record = library.records.get(record_id)
    invalid = library.invalid_at(record_id) if record is None else None
    if invalid is not None:
        return (
            record_id,
            figure,
            ClaimProblem(
                "FX401", f"record {record_id} is invalid ({invalid}); fix the record first"
            ),
        )
    if record is None:
        return (
            record_id,
            figure,
            ClaimProblem("FX401", f"unknown record '{record_id}'{library.record_hint(record_id)}"),
        )
    if record.status == "retracted":
        return (
            record_id,
            figure,
            ClaimProblem("FX406", f"record {record_id} is retracted and cannot be cited"),
        )
    if record.status == "superseded":
        return (
            record_id,
            figure,
            ClaimProblem(
                "FX407",
                f"record {record_id} is superseded by {record.superseded_by}; cite that instead",
            ),
        )
    return record_id, figure, None


def _display_unit(symbol: str, written: str | None) -> str | None:
    # Keep a spelled-out unit the author chose ("3 minutes"); symbols are
    # normalised so the site writes "×" and "GB/s" one way everywhere.
    if written and len(written) > 3 and written.isalpha() and not UNITS[symbol].tight:
        return written
    return None


def resolve_claim(text: str, dest: str, library: Library) -> Claim | ClaimProblem:
    """Resolve one evidence link; the text must state the record's value."""
    match = _DEST.match(dest)
    if match is None:
        return ClaimProblem("FX408", f"malformed evidence link '{dest}'")
    record_id, figure, problem = resolve_ref(f"{match['record']}#{match['figure'] or ''}", library)
    if problem is not None:
        return problem
    record = library.records[record_id]
    if figure.startswith("setup."):
        key = figure.removeprefix("setup.")
        if key not in record.setup:
            hint = library.figure_hint(record_id, key) or ""
            keys = ", ".join(sorted(record.setup)) or "none"
            return ClaimProblem(
                "FX402", f"{record_id} has no setup '{key}' (setup keys: {keys}){hint}"
            )
        value = record.setup[key]
        if text.strip() and " ".join(text.split()).lower() != " ".join(value.split()).lower():
            return ClaimProblem("FX403", f"text '{text}' is not {record_id}'s {key} '{value}'")
        return Claim(record_id, figure, value, None, value, record.label)
    fig = library.figure(record_id, figure)
    if fig is None:
        return ClaimProblem(
            "FX402", f"{record_id} has no figure '{figure}'{library.figure_hint(record_id, figure)}"
        )
    filled = format_quantity(fig.low, fig.high, fig.unit, fig.decimals)
    if not text.strip():
        return Claim(record_id, figure, filled, fig)
    stated = parse_stated(text)
    if stated is None:
        return ClaimProblem(
            "FX403",
            f"'{text}' does not state one quantity; write it as '{filled}' or leave the text empty",
        )
    if stated.unit_text and stated.unit is None:
        return ClaimProblem(
            "FX405", f"unknown unit '{stated.unit_text}' in '{text}'; {fig.ref} is in {fig.unit}"
        )
    if stated.unit is not None and stated.unit != fig.unit:
        return ClaimProblem("FX405", f"'{text}' is in {stated.unit} but {fig.ref} is in {fig.unit}")
    verdict = compare(stated, fig.low, fig.high, fig.decimals)
    if verdict == "precision":
        return ClaimProblem(
            "FX404",
            f"'{text}' shows {stated.decimals} decimal(s) but {fig.ref} is known to "
            f"{fig.decimals}; write '{filled}'",
        )
    if verdict is not None:
        shown = format_quantity(fig.low, fig.high, fig.unit, min(stated.decimals, fig.decimals))
        return ClaimProblem(
            "FX403", f"'{text}' misstates {fig.ref}, which is {filled} (at this precision: {shown})"
        )
    display = format_quantity(stated.low, stated.high, fig.unit, stated.decimals)
    if stated.unit is None:
        display = _number_only(stated.low, stated.high, stated.decimals)
    elif word := _display_unit(fig.unit, stated.unit_text):
        display = f"{_number_only(stated.low, stated.high, stated.decimals)}\u00a0{word}"
    return Claim(record_id, figure, display, fig)


def _number_only(low: object, high: object, decimals: int) -> str:
    from decimal import Decimal

    assert isinstance(low, Decimal)
    text = format_number(low, decimals)
    if isinstance(high, Decimal):
        text += "–" + format_number(high, decimals)
    return text


_APPROX = re.compile(
    r"^(?:~|≈|\+|about|around|approximately|approx\.?|nearly|almost|over|under|"
    r"up to|more than|less than|at least|some)\s*",
    re.IGNORECASE,
)


def figures_stating(text: str, library: Library, limit: int = 3) -> list[str]:
    """Citable figures whose value ``text`` (a bare figure) states, best first."""
    stated = parse_stated(_APPROX.sub("", text.strip()))
    if stated is None:
        return []
    found = []
    for fig in library.figures.values():
        if library.records[fig.record].status != "active":
            continue
        if stated.unit is not None and stated.unit != fig.unit:
            continue
        if compare(stated, fig.low, fig.high, fig.decimals) is None:
            # Prefer a figure stated at exactly this precision.
            found.append((fig.decimals != stated.decimals, fig.ref))
    return [ref for _, ref in sorted(found)[:limit]]


def claim_markup(text: str, ref: str) -> str:
    """The claim to write for bare figure ``text`` citing ``ref``.

    ``about 94 s`` -> ``about [94 s](evidence:R1#save_time_fx100)``: the link
    text states the value only; the writer's wording stays around it.
    """
    approx = _APPROX.match(text.strip())
    lead = approx.group(0) if approx else ""
    return f"{lead}[{text.strip()[len(lead) :]}](evidence:{ref})"


def bare_figure_message(text: str, library: Library) -> str:
    """What to tell an author about a bare figure: the claim to write, if one fits."""
    refs = figures_stating(text, library)
    if not refs:
        return (
            f"bare figure '{text}': cite its record as [{text}](evidence:ID#figure), or remove it"
        )
    suggestion = claim_markup(text, refs[0])
    others = f" (also matches {', '.join(refs[1:])})" if refs[1:] else ""
    return f"bare figure '{text}': did you mean {suggestion}?{others}"


def escape_markdown(text: str) -> str:
    """``text`` HTML-escaped, with Markdown syntax as entities so it stays literal."""
    return "".join(_MARKDOWN_SYNTAX.get(c) or html.escape(c) for c in text)


#: How a claim names its source, by label: an estimate is a model, never a "report".
_SOURCE_NOUN = {
    "measured": "measured, report",
    "spec": "vendor specification, record",
    "public": "public source, record",
    "estimate": "estimate from model",
}
#: The visible marker after a figure (see :func:`render_claim`): the record ID
#: for evidence, a word for an estimate; a test condition needs none.
_ESTIMATE_MARK = "est."


def _stated(value: str | None) -> str | None:
    """``value``, or None where the record says it is not stated."""
    if not value or value.strip().lower().startswith("not stated"):
        return None
    return value


def tooltip(claim: Claim, library: Library) -> str:
    """What a reader wants first: what was measured, against what, then the source.

    ``Full-model snapshot save time, FX100 · vs local NVMe single drive · measured,
    report R1 · 2026-03-14``. Anything the record does not state is left out.
    """
    record = library.records[claim.record]
    if claim.value is None:
        key = claim.figure.removeprefix("setup.").replace("_", " ")
        return f"Test condition ({key}) of {_RECORD_NOUN[record.label]} {claim.record}"
    fig = claim.value
    parts = [fig.what or fig.name.replace("_", " ").capitalize()]
    if baseline := _stated(record.setup.get("baseline")):
        parts.append(f"vs {baseline}")
    parts.append(f"{_SOURCE_NOUN[claim.label]} {claim.record}")
    if record.date:
        parts.append(record.date.isoformat())
    return " · ".join(parts)


_RECORD_NOUN = {"measured": "report", "spec": "record", "public": "record", "estimate": "model"}


def spoken_label(claim: Claim) -> str:
    """What a screen reader hears after the figure: ``measured, report R1``."""
    if claim.value is None:
        return f"test condition, {_RECORD_NOUN[claim.record_label]} {claim.record}"
    return f"{_SOURCE_NOUN[claim.label]} {claim.record}"


def setup_anchor(key: str) -> str:
    """The id of a setup row on its record page (``fx-setup-baseline``)."""
    return "fx-setup-" + re.sub(r"[^a-z0-9]+", "-", key.lower()).strip("-")


def render_claim(
    claim: Claim, library: Library, href_for: HrefFor, *, in_heading: bool = False
) -> str:
    """The claim as an inline HTML link; every record string escaped.

    ``in_heading`` leaves out the badge and the screen-reader text, which would
    otherwise become part of the heading's name in the table of contents.
    """
    esc = html.escape
    anchor = (
        claim.figure if claim.value is not None else setup_anchor(claim.figure[len("setup.") :])
    )
    attrs = {
        "class": f"fx-claim fx-claim--{claim.label}",
        "href": href_for(claim.record, anchor),
        "title": tooltip(claim, library),
        "data-fx-ref": claim.ref,
        "data-fx-record": claim.record,
        "data-fx-figure": claim.figure,
        "data-fx-label": claim.label,
    }
    if claim.value is not None:
        fig = claim.value
        attrs["data-fx-unit"] = fig.unit
        if fig.high is None:
            attrs["data-fx-value"] = str(fig.low)
        else:
            attrs["data-fx-min"] = str(fig.low)
            attrs["data-fx-max"] = str(fig.high)
        attrs["data-fx-decimals"] = str(fig.decimals)
    attr_text = " ".join(
        f'{k}="{escape_markdown(v) if k == "title" else esc(v, quote=True)}"'
        for k, v in attrs.items()
    )
    # Markdown runs over inline HTML content too: neutralise its syntax.
    shown = escape_markdown(claim.display)
    if in_heading:
        return f"<a {attr_text}>{shown}</a>"
    # The marker is footnote-style: the record ID after a figure (shown once per
    # record per section by fxsite.js, and on hover or focus), "est." after every
    # estimate. The screen-reader text always says the label and the source.
    # data-search-exclude keeps both out of Material's search index.
    marker = ""
    if claim.value is not None:
        mark = _ESTIMATE_MARK if claim.label == "estimate" else claim.record
        marker = (
            f'<span class="fx-badge" aria-hidden="true" data-search-exclude="">{esc(mark)}</span>'
        )
    return (
        f"<a {attr_text}>{shown}{marker}"
        f'<span class="fx-sr" data-search-exclude=""> ({esc(spoken_label(claim))})</span></a>'
    )
