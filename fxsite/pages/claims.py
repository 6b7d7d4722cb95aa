"""Claims: resolving ``[text](evidence:ID#figure)`` and rendering it.

:func:`resolve_claim` is pure: given a link's text and destination and the
library, it returns the resolved claim or the problems with it. Pages, FAQ
answers and evidence tables all go through it, so ``check``, ``build``,
``audit`` and the MkDocs plugin judge a claim the same way.
"""

from __future__ import annotations

import html
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from fxsite.evidence.library import FigureValue, Library, figure_words
from fxsite.evidence.memo import RecordMemo
from fxsite.evidence.numerals import APPROX_WORDS, WIDTH_MAP, alternation
from fxsite.evidence.quantities import (
    Stated,
    check_stated,
    converts,
    format_number,
    format_quantity,
    parse_stated,
    round_half_up,
)
from fxsite.evidence.refs import FigureRef
from fxsite.evidence.units import UNITS
from fxsite.evidence.value_index import Width, figures_near
from fxsite.evidence.versus import compares
from fxsite.pages.claim_unstated import unstated_message
from fxsite.render.messages import DEFAULT, MESSAGES, message

__all__ = [
    "Claim",
    "ClaimProblem",
    "HrefFor",
    "Suggestion",
    "check_href",
    "escape_markdown",
    "generic_claim_text",
    "render_claim",
    "resolve_claim",
    "resolve_ref",
    "setup_anchor",
    "spoken_label",
    "suggest_claims",
    "tooltip",
]

#: ``(record_id, anchor) -> URL`` of a figure's anchor on its record page,
#: relative to the page being rendered. The caller (plugin) knows the URLs.
HrefFor = Callable[[str, str], str]


def check_href(record: str, anchor: str) -> str:
    """The :data:`HrefFor` of a page judged outside a build: the figure's anchor from the site root."""
    return f"evidence/{record}/#{anchor}"


_DEST = re.compile(r"^evidence:(?P<record>[^#\s]*)(?:#(?P<figure>[^\s]*))?$")


_MARKDOWN_SYNTAX = {c: f"&#{ord(c)};" for c in "*_`[]\\~^=+-!{}|#<>&"}


@dataclass(frozen=True, slots=True)  # one per claim of the site, kept while it builds
class Claim:
    """A resolved citation: what a reader sees, and the figure behind it."""

    record: str
    figure: str
    display: str
    #: the figure, or None for a setup value (``#setup.baseline``)
    value: FigureValue | None
    #: the record's own label (for a setup value, which has none of its own)
    record_label: str = "measured"
    #: the language of the page it is on: its tooltip and screen-reader text
    #: are written in it (:mod:`fxsite.pages.language`)
    lang: str = DEFAULT

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


def resolve_ref(
    ref: str, library: Library, written: str | None = None
) -> tuple[str, str, ClaimProblem | None]:
    """Split ``R1#figure`` and check that the record can be cited.

    ``written`` is the link as the page writes it, for the message.
    """
    record_id, _, figure = ref.partition("#")
    # Pages cite each figure many times: its names are kept once.
    record_id, figure = sys.intern(record_id), sys.intern(figure)
    if not record_id or not figure:
        shown = written if written is not None else ref
        # Examples from this library (this record's figures first): a hint must pass.
        figures = list(library.figures.values())
        own = [f for f in figures if f.record == record_id] or figures
        example = " or ".join(f"evidence:{f.record}#{f.name}" for f in own[:3]) or (
            "evidence:RECORD#FIGURE"
        )
        return (
            record_id,
            figure,
            ClaimProblem("FX408", f"'{shown}' must name a record and a figure, like {example}"),
        )
    record = library.records.get(record_id)
    invalid = library.invalid_at(record_id) if record is None else None
    if invalid is not None:
        return (
            record_id,
            figure,
            ClaimProblem("FX401", invalid_record_message(record_id, library)),
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
            ClaimProblem("FX407", _superseded_message(record_id, record.superseded_by, library)),
        )
    return record_id, figure, None


def _superseded_message(record_id: str, successor: str | None, library: Library) -> str:
    """FX407's message: cite the successor, unless it is retracted (blind73: "cite that
    instead" sent the writer to withdrawn evidence)."""
    said = f"record {record_id} is superseded by {successor}"
    after = library.records.get(successor or "")
    if after is not None and after.status == "retracted":
        return f"{said}, which is retracted: cite a record that stands, or drop the claim"
    return f"{said}; cite that instead"


def cited_ref(dest: str) -> FigureRef | None:
    """The figure an evidence link's ``dest`` names (``evidence:R1#save_time``); None for
    a link that names none."""
    match = _DEST.match(dest)
    if match is None or not match["figure"]:
        return None
    return FigureRef.parse(f"{match['record']}#{match['figure']}")


def invalid_record_message(record_id: str, library: Library) -> str:
    """The one message for a claim that a failed record ``record_id`` leaves unresolved:
    a claim to it, or to a figure computed from it."""
    return f"record {record_id} is invalid ({library.invalid_at(record_id)}); fix the record first"


def _display_unit(symbol: str, written: str | None) -> str | None:
    # Keep a unit the author spelled out ("3 minutes", "500 requests/s": blind24); symbols
    # are normalised so the site writes "×" and "GB/s" one way everywhere.
    unit = UNITS[symbol]
    money = unit.dimension == "currency" or unit.currency is not None  # "$2.49/GPU-hour"
    if written and _SPELLED_UNIT.search(written) and not unit.tight and not money:
        return written
    return None


#: A word in a unit as written: four letters or more ("minutes", "requests/s"; not "GB/sec").
_SPELLED_UNIT = re.compile(r"[^\W\d_]{4,}")


#: A build resolves each claim twice (the source check, then the Markdown
#: extension), pages repeat claims, and ``serve`` rebuilds after a record edit.
_RESOLVED: RecordMemo[tuple[str, str, str], Claim | ClaimProblem] = RecordMemo()


def resolve_claim(
    text: str, dest: str, library: Library, *, lang: str = "en"
) -> Claim | ClaimProblem:
    """Resolve one evidence link; the text must state the record's value.

    ``lang`` is the page's language (:func:`~fxsite.pages.language.page_language`):
    an empty text is filled in, and refusals suggest wordings, formatted for it (``178秒``).
    A pure function of its arguments, so answers are remembered. An answer
    about a link naming a record and a figure of a record the library holds
    reads nothing else of the library (a hint names that record's figures),
    so it stands while that record is unchanged.
    """
    match = _DEST.match(dest)
    record_id = match["record"] if match and match["figure"] else ""
    return _RESOLVED.get(
        library, record_id, (text, dest, lang), lambda: _resolve(text, dest, library, lang)
    )


def _resolve(text: str, dest: str, library: Library, lang: str) -> Claim | ClaimProblem:
    match = _DEST.match(dest)
    if match is None:
        return ClaimProblem("FX408", f"malformed evidence link '{dest}'")
    record_id, figure, problem = resolve_ref(
        f"{match['record']}#{match['figure'] or ''}", library, dest
    )
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
        value = record.setup_in(lang, key) or record.setup[key]
        said = " ".join(text.split()).lower()
        if said and said not in {" ".join(v.split()).lower() for v in (value, record.setup[key])}:
            return ClaimProblem("FX403", f"text '{text}' is not {record_id}'s {key} '{value}'")
        return Claim(record_id, figure, value, None, record.label, lang)
    fig = library.figure(record_id, figure)
    if fig is None and (cause := library.blocked.get(str(FigureRef(record_id, figure)))):
        # Told as the failed record's own claims are, so that a page counts them together.
        return ClaimProblem("FX401", invalid_record_message(cause, library))
    if fig is None and (failed := library.uncomputed.get(str(FigureRef(record_id, figure)))):
        return ClaimProblem(
            "FX402", f"{record_id}'s figure '{figure}' cannot be computed ({failed}): fix it first"
        )
    if fig is None and (refused := library.refused.get(str(FigureRef(record_id, figure)))):
        return ClaimProblem(
            "FX402", f"{record_id}'s figure '{figure}' has errors ({refused}): fix it first"
        )
    if fig is None:
        return ClaimProblem(
            "FX402", f"{record_id} has no figure '{figure}'{library.figure_hint(record_id, figure)}"
        )
    filled = format_quantity(fig.low, fig.high, fig.unit, fig.decimals, fig.bound, lang=lang)
    if not text.strip():
        return Claim(record_id, figure, filled, fig, lang=lang)
    stated, verdict = check_stated(text, fig.low, fig.high, fig.unit, fig.decimals, fig.bound)
    if verdict is not None or stated is None:
        return _refusal(text, fig, stated, verdict, filled, lang)
    if stated.worded:
        # The author's words ("2.1 million IOPS", "about 3 min", "178秒") are
        # what the page shows; spacing is normalised.
        display = " ".join(text.translate(WIDTH_MAP).split())
    elif stated.unit is None:
        display = _number_only(stated.low, stated.high, stated.decimals)
    elif word := _display_unit(stated.unit, stated.unit_text):
        display = f"{_number_only(stated.low, stated.high, stated.decimals)}\u00a0{word}"
    else:
        display = format_quantity(stated.low, stated.high, stated.unit, stated.decimals)
    return Claim(record_id, figure, display, fig, lang=lang)


def _states(text: str, fig: FigureValue) -> bool:
    """Whether link text ``text`` states ``fig``."""
    return check_stated(text, fig.low, fig.high, fig.unit, fig.decimals, fig.bound)[1] is None


def _refusal(
    text: str,
    fig: FigureValue,
    stated: Stated | None,
    verdict: str | None,
    filled: str,
    lang: str = "en",
) -> ClaimProblem:
    """The refusal for a text that does not state ``fig``, naming a wording that passes
    (in the page's language, as ``filled`` is: blind72)."""
    if stated is None or verdict == "unstated":
        currency = UNITS[fig.unit].currency if fig.unit in UNITS else None
        message = unstated_message(
            text, filled, lambda t: _states(t, fig), currency, count=fig.unit == "count"
        )
        return ClaimProblem("FX403", message)
    if verdict == "unit":
        never = " (ratios and percentages never convert)" if _never_converts(fig.unit) else ""
        return ClaimProblem(
            "FX405",
            f"'{text}' is in {stated.unit} but {fig.ref} is in {fig.unit}{never}; write '{filled}'",
        )
    if verdict == "bound":
        if fig.bound is None and fig.high is None:
            about = format_quantity(fig.low, None, fig.unit, fig.decimals)
            why = f"{fig.ref} is the value {about}, not a bound"
            return ClaimProblem("FX403", f"'{text}': {why}; write '{filled}' or 'about {about}'")
        if fig.bound is None:
            return ClaimProblem(
                "FX403", f"'{text}': {fig.ref} is the range {filled}; write '{filled}'"
            )
        if stated.qualifier in ("min", "max") and stated.qualifier != fig.bound:
            # "over 40 s" for {max: 40}: the writer's claim reversed, not reworded (blind69)
            return ClaimProblem(
                "FX403",
                f"'{text}' bounds the other way from {fig.ref}, which is {filled}: check which "
                f"is meant; where the record is, write '{filled}'",
            )
        return ClaimProblem(
            "FX403", f"'{text}' does not state {fig.ref}, which is {filled}; write '{filled}'"
        )
    if verdict == "precision":
        return ClaimProblem("FX404", _too_precise(text, fig, stated, filled))
    if verdict == "rounded":
        return ClaimProblem(
            "FX403",
            f"'{text}' rounds {fig.ref}, which is {filled}, by more than a tenth of it; "
            f"write '{filled}'",
        )
    factor = converts(stated.unit, fig.unit) if stated.unit else None
    if factor is not None and factor != 1 and stated.unit is not None and fig.high is None:
        # In the claim's unit with the record's digits: 0.42 ms "in s" is 0.00042 s, not
        # 0.00 s (blind22).
        places = max(stated.decimals, 0, fig.decimals - factor.adjusted() if factor < 1 else 0)
        shown = format_quantity(fig.low * factor, None, stated.unit, places)
        if round_half_up(fig.low * factor, stated.decimals) == round_half_up(
            fig.low * factor, max(stated.decimals, 0)
        ):
            return ClaimProblem(
                "FX403",
                f"'{text}' is not {fig.ref}, which is {filled} (in {stated.unit}: {shown}); "
                f"write '{filled}'",
            )
    precision = min(max(stated.decimals, 0), fig.decimals)
    shown = format_quantity(fig.low, fig.high, fig.unit, precision, fig.bound, lang=lang)
    own = _in_own_words(text, fig, stated) if stated.worded else None
    if stated.unit is None and fig.bound is None and not stated.worded:
        # a number without its unit, as a column under its unit writes it ("40.1" under
        # "Sequential read (GB/s)", not "40.1 GB/s": blind22)
        own = _number_only(fig.low, fig.high, fig.decimals)
    own = None if own == filled else own
    said = _SAYS.get(((stated.unit or fig.unit), stated.low)) if fig.high is None else None
    if said is not None:  # rounded right, it says "all", "none", "no gain" (blind24, blind25)
        return ClaimProblem(
            "FX403",
            f"'{text}' is not {fig.ref}, which is {filled}: {said[0]} says {said[1]}, and the "
            f"record is not {said[0]}; write '{filled}'",
        )
    if stated.unit is None and fig.unit == "%" and fig.high is None and stated.low * 100 == fig.low:
        # "¾" for 75%: the value, in another form (blind87: told "is not" its own value)
        return ClaimProblem(
            "FX403",
            f"'{text}' states {fig.ref}'s share as a fraction, and the record states it as a "
            f"percentage; write '{filled}'",
        )
    return ClaimProblem(
        "FX403",
        f"'{text}' is not {fig.ref}, which is {filled} (at this precision: {shown}); "
        + (f"write '{own}' or '{filled}'" if own else f"write '{filled}'"),
    )


#: What a rounded value states beyond its number: (unit, value) to (the value, what it says).
_SAYS = {
    ("%", Decimal(100)): ("100%", "all"),
    ("%", Decimal(0)): ("0%", "none"),
    ("×", Decimal(1)): ("1×", "no change"),
}

#: The number a claim's text writes, its digits grouped or not ("2.2", "2,200").
_WRITTEN = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")


def _in_own_words(text: str, fig: FigureValue, stated: Stated) -> str | None:
    """``text`` with its number set to ``fig``'s, in its own scale and digits ("2.2 million
    IOPS" for 2,100,000 is "2.1 million IOPS": blind22), when that states ``fig``."""
    written = _WRITTEN.search(text)
    if written is None or fig.high is not None or stated.high is not None or not stated.low:
        return None
    digits = written.group().replace(",", "")
    scale = stated.low / Decimal(digits)
    places = len(digits.partition(".")[2])
    number = round_half_up(fig.low / scale, places)
    number_text = f"{number:,.{places}f}" if "," in written.group() else f"{number:.{places}f}"
    mended = f"{text[: written.start()]}{number_text}{text[written.end() :]}"
    verdict = check_stated(mended, fig.low, fig.high, fig.unit, fig.decimals, fig.bound)[1]
    return mended if verdict is None and mended != text else None


def _too_precise(text: str, fig: FigureValue, stated: Stated, filled: str) -> str:
    """Why ``text`` is more precise than ``fig``: the decimals it shows, or, in another
    unit (``94000 ms`` for 94 s), the step it states against the record's."""
    factor = converts(stated.unit, fig.unit) if stated.unit else None
    if factor is None or factor == 1:
        return (
            f"'{text}' shows {stated.decimals} decimal(s) but {fig.ref} is known to "
            f"{fig.decimals} decimal(s); write '{filled}'"
        )
    step = format_quantity(_ONE.scaleb(-stated.decimals), None, stated.unit, stated.decimals)
    known = format_quantity(_ONE.scaleb(-fig.decimals), None, fig.unit, fig.decimals)
    return (
        f"'{text}' states {fig.ref} to the nearest {step}, but it is known only to the "
        f"nearest {known}; write '{filled}'"
    )


_ONE = Decimal(1)


def _never_converts(unit: str) -> bool:
    return UNITS[unit].dimension in {"ratio", "percent"}


def _number_only(low: object, high: object, decimals: int) -> str:
    assert isinstance(low, Decimal)
    text = format_number(low, decimals)
    if isinstance(high, Decimal):
        text += "–" + format_number(high, decimals)
    return text


#: A leading word a suggested claim may leave outside its link: "+", a loose word (a bound
#: outside is refused, FX503: it goes inside, where it is checked).
_LEAD = re.compile(rf"^(?:\+|(?i:{alternation(APPROX_WORDS)}))\s*")
#: Signs of approximation a claim may not have glued before it (:func:`fxsite.verify.reading.glued`).
_GLUED_SIGNS = frozenset("~≈∼")
_WORD = re.compile(r"[a-z]{3,}|[\u4e00-\u9fff]")
_STOP = {"the", "and", "for", "with", "from", "that", "this", "was", "are", "per", "its", "than"}


@dataclass(frozen=True)
class Suggestion:
    """A claim that states a bare figure: ``markdown`` passes :func:`resolve_claim`."""

    ref: str
    #: the link text (may be shorter than the bare figure: "about" stays outside)
    text: str
    #: the whole replacement, ``about [94 s](evidence:R1#save_time_fx100)``
    markdown: str


@lru_cache(maxsize=1024)  # a paragraph is the context of each of its bare figures
def _words(text: str) -> frozenset[str]:
    return frozenset(_WORD.findall(text.lower())) - _STOP


def suggest_claims(
    text: str, library: Library, *, context: str = "", limit: int = 3
) -> list[Suggestion]:
    """Claims to write for a bare figure, best first.

    A figure qualifies when the bare text, as a link text, passes the claim
    rule for it (after scale words and unit conversion). The writer's leading
    "about" or "+" stays outside the link when the rest passes alone
    (``about [94 s](…)``), a glued "~" inside it (``[~94 s](…)``); a bound goes inside, where it is checked
    (``[under 40 s](…)`` for ``{max: 40}``; "under 94 s" suggests no point figure). Figures whose ``what`` and record
    title share the most words with ``context`` (the sentence around the
    bare figure) come first.
    """
    bare = " ".join(text.split())
    lead = _LEAD.match(bare)
    if lead is not None and lead.group() in _GLUED_SIGNS:
        lead = None  # '~[94 s](…)' is FX503, a sign glued to a claim: '[~94 s](…)' (blind74)
    tries = ([(lead.group(), bare[lead.end() :])] if lead else []) + [("", bare)]
    context_words = _words(context)
    found: list[tuple[tuple[int, int, str], Suggestion]] = []
    for fig in _within_reach(library, [text for _, text in tries]):
        if library.records[fig.record].status != "active":
            continue
        for outside, link_text in tries:
            stated, verdict = check_stated(
                link_text, fig.low, fig.high, fig.unit, fig.decimals, fig.bound
            )
            if verdict is None and stated is not None:
                about = _words(f"{fig.what or ''} {fig.name} {library.records[fig.record].title}")
                rank = (
                    -len(about & context_words),
                    abs(fig.decimals - stated.decimals),  # the precision the text shows
                    fig.ref,
                )
                markdown = f"{outside}[{link_text}](evidence:{fig.ref})"
                found.append((rank, Suggestion(fig.ref, link_text, markdown)))
                break
    return [suggestion for _, suggestion in sorted(found, key=lambda f: f[0])[:limit]]


def _within_reach(library: Library, texts: list[str]) -> list[FigureValue]:
    """The figures that may state one of ``texts``, in the library's order: those whose
    value is within one step of the text's precision of its number (the claim rule
    rounds a figure to the text's precision: :func:`~fxsite.evidence.value_index.
    figures_near`)."""
    asked = []
    for text in texts:
        stated = parse_stated(text)
        if stated is not None:
            step = Decimal(1).scaleb(-stated.decimals)
            asked.append((stated.low, _constant(step), stated.unit))
    return figures_near(library, asked)


def _constant(step: Decimal) -> Width:
    return lambda _decimals: step


def generic_claim_text(text: str) -> str:
    """The link text to suggest for a bare figure no record states.

    The bare text itself when the claim grammar reads it; else empty (an empty
    link text is filled in with the record's value, so it always passes).
    """
    bare = " ".join(text.split())
    return bare if parse_stated(bare) is not None else ""


#: Markdown syntax as numeric entities, and the quotes ``html.escape`` escapes.
_ESCAPES = str.maketrans(
    {**{ord(c): e for c, e in _MARKDOWN_SYNTAX.items()}, ord('"'): "&quot;", ord("'"): "&#x27;"}
)


def escape_markdown(text: str) -> str:
    """``text`` HTML-escaped, with Markdown syntax as entities so it stays literal."""
    return text.translate(_ESCAPES)


def tooltip(claim: Claim, library: Library) -> str:
    """What a reader wants first: what was measured, against what, then the source.

    ``Snapshot save speed-up, FX100 over baseline · vs local NVMe single drive · measured,
    report R1 · 2026-03-14``, in the claim's language (the record's own words,
    ``what`` and the baseline, as the record has them, or their translation); the
    baseline only where the figure compares against it (:mod:`fxsite.evidence.versus`).
    Anything the record does not state is left out; an estimate is a model,
    never a "report".
    """
    record = library.records[claim.record]
    lang = claim.lang
    if claim.value is None:
        key = claim.figure.removeprefix("setup.")
        named = f"setup.name.{key}"
        key = message(named, lang) if named in MESSAGES[DEFAULT] else key.replace("_", " ")
        noun = message(f"noun.{record.label}", lang)
        return message("setup", lang, name=key, noun=noun, id=claim.record)
    fig = claim.value
    from fxsite.render.record_markdown import plain_text  # it renders claims: imported late

    what = record.what_in(lang, fig.name) or fig.what
    parts = [plain_text(what) if what else figure_words(fig.name)]
    if compares(fig, library) and (baseline := record.baseline_in(lang)):
        parts.append(message("versus", lang, baseline=baseline))
    parts.append(message(f"source.{claim.label}", lang, id=claim.record))
    if record.date:
        parts.append(record.date.isoformat())
    return " · ".join(parts)


def spoken_label(claim: Claim) -> str:
    """What a screen reader hears after the figure: ``measured, report R1``."""
    if claim.value is None:
        noun = message(f"noun.{claim.record_label}", claim.lang)
        return message("setup.spoken", claim.lang, noun=noun, id=claim.record)
    return message(f"source.{claim.label}", claim.lang, id=claim.record)


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
    if claim.lang != DEFAULT:
        # The language its words are in, so an audit re-renders them alike.
        attrs["data-fx-lang"] = claim.lang
    if claim.value is not None:
        fig = claim.value
        attrs["data-fx-unit"] = fig.unit
        if fig.bound is not None:
            attrs[f"data-fx-{fig.bound}"] = str(fig.low)
        elif fig.high is None:
            attrs["data-fx-value"] = str(fig.low)
        else:
            attrs["data-fx-min"] = str(fig.low)
            attrs["data-fx-max"] = str(fig.high)
        attrs["data-fx-decimals"] = str(fig.decimals)
        if compares(fig, library):  # its card shows the record's baseline
            attrs["data-fx-compares"] = "true"
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
        mark = message("mark.estimate", claim.lang) if claim.label == "estimate" else claim.record
        marker = (
            f'<span class="fx-badge" aria-hidden="true" data-search-exclude="">{esc(mark)}</span>'
        )
    spoken = message("spoken", claim.lang, label=spoken_label(claim))
    return (
        f"<a {attr_text}>{shown}{marker}"
        f'<span class="fx-sr" data-search-exclude="">{esc(_unit_unshown(claim) + spoken)}</span></a>'
    )


def _unit_unshown(claim: Claim) -> str:
    """The unit a claim's text leaves to its sentence ("from [3.26](…) to [6.40 GB/s](…)"),
    said to a screen reader after it (" GB/s"): a list of a page's links gives "3.26 GB/s
    (measured, report R1)", not a number alone (blind84). "" when the text states it, or
    the figure is a count (whose unit is the noun the sentence writes)."""
    fig = claim.value
    if fig is None or not fig.unit or UNITS.get(fig.unit) is None:
        return ""
    if UNITS[fig.unit].dimension == "count":
        return ""
    stated = parse_stated(claim.display)
    return f" {fig.unit}" if stated is not None and stated.unit is None else ""
