"""What a writer is told about a bare figure, and the one claim ``fxsite fix`` may write.

A record figure *states* a bare figure when the bare text, as a link text,
passes the claim rule for it (value and unit: :func:`~fxsite.pages.claims.suggest_claims`).
It *fits* when, in addition, the figure's distinctive words share a word with
the words around the bare figure (the sentence; for a table cell also its
column's header and its row's first cell). Its words are its ``what``, in each
language the record has it, and its name; distinctive are those that tell it
from other figures: not a word a third of the library's active figures hold
(three at least: "save" where most figures are save times), nor one every figure
of its record holds (a product name). Words are compared ignoring case, a short
ending and common words (``save``, ``saves``, ``saving``; ``speed``,
``speed-up``); Chinese text is compared by pairs of characters. The record's
title and baseline only order the figures that fit.

Nothing is guessed: a claim is suggested (and written by ``fix``) only when
exactly one figure fits, and no figure the words fit better states the value
at another precision. When several fit, or figures state the value but none
fits the words, the message lists them and nothing is written; where they share no word at
all with the words around (not even one that tells no figure apart), it names what the figure
is and offers no claim to it (blind72: "twice as fast as last year's model" was offered a
comparison with a competitor), where the bare figure is written whole in prose (not a number
whose unit a header or a label states: their words name its quantity, not which figure) and
the words can be compared (not a Chinese sentence beside figures whose records say what
they are in no CJK words). Nor is it when
the one that fits is named by words that tell against it: another figure of its
record fits them better, they say the number goes the other way
(:mod:`.direction`), or its sentence names another subject than the figure's (the
record's baseline, another model, a competitor's product, a price offer, a future
statement: :mod:`.subject`); the message names it, for the writer to check. A figure that
states the value only at another precision ("17x" for 17.6×) is named with
the claims that would pass ([17.6×], or rounded, [18×]).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from fxsite.evidence.library import FigureValue, Library
from fxsite.evidence.quantities import compare, converts, format_quantity, parse_stated
from fxsite.evidence.ratio_to_one import to_one_claim
from fxsite.evidence.refs import FigureRef
from fxsite.evidence.units import UNITS
from fxsite.evidence.value_index import Width, figures_near
from fxsite.pages.change_advice import change_values
from fxsite.pages.claims import Suggestion, generic_claim_text, suggest_claims
from fxsite.pages.direction import opposed
from fxsite.pages.figures import duration_in_seconds, range_in_words, without_note_signs
from fxsite.pages.quantity_names import named_dimensions
from fxsite.pages.subject import FigureSubject, another_subject, sentence_of

__all__ = ["Advice", "advise", "words"]

#: How many figures a message names.
LISTED = 3

_LATIN = re.compile(r"[^\W\d_]\w*")
_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]+")
#: Words too common to tell two figures apart.
_STOP = frozenset(
    (  # noqa: SIM905 - a list of words reads best as words
        "the and for with from that this was are were per its than over under about into "
        "onto more less not but has have had been our your their who what when where which "
        "while each every all any can will would may one two three times time up to of in on "
        "at by as is it be or an vs via new old"
    ).split()
)
_ENDINGS = ("ings", "ing", "ies", "ed", "es", "s", "e")


def _stem(word: str) -> str:
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            return word[: -len(ending)]
    return word


@lru_cache(maxsize=1024)  # a paragraph is the context of each of its bare figures
def words(text: str) -> frozenset[str]:
    """The words of ``text`` that can tell figures apart: stems, and CJK character pairs."""
    out = set()
    for word in _LATIN.findall(text.lower()):
        for part in word.split("_"):
            if len(part) >= 3 and part not in _STOP and not _CJK_RUN.search(part):
                out.add(_stem(part))
    for run in _CJK_RUN.findall(text):
        out.update(run[i : i + 2] for i in range(len(run) - 1))
    return frozenset(out)


@lru_cache(maxsize=1024)  # asked once for each bare figure of a paragraph
def _latin_words(text: str) -> frozenset[str]:
    """The distinct Latin words of ``text``, lower-cased (each looked at once)."""
    return frozenset(_LATIN.findall(text.lower()))


def _alike(a: str, b: str) -> bool:
    """Equal stems, or one word the start of the other (speed, speedup)."""
    if a == b:
        return True
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    return len(short) >= 4 and long.startswith(short)


def _shared(own: frozenset[str], around: frozenset[str]) -> int:
    return sum(1 for w in own if any(_alike(w, v) for v in around))


@dataclass(frozen=True)
class Advice:
    """What to tell the writer of one bare figure."""

    message: str
    #: the claim to write in place of the bare text, when exactly one figure fits
    markdown: str | None = None
    #: figures that state the value, those that fit the words first
    candidates: tuple[str, ...] = ()
    #: why nothing is written, when ``markdown`` is None
    reason: str = ""


def _own_words(fig: FigureValue, library: Library) -> frozenset[str]:
    """A figure's ``what`` and name, with the ``what`` of each translation of its record."""
    translated = [
        t.what.get(fig.name, "") for t in library.records[fig.record].translations.values()
    ]
    return words(" ".join([fig.what or "", fig.name, *translated]))


#: The generic words of the library asked about last, by identity (a library is not
#: changed once built): (library, words held by many figures, words every figure of a
#: record holds, by record).
_GENERIC: dict[int, tuple[Library, frozenset[str], dict[str, frozenset[str]]]] = {}


def _generic(library: Library) -> tuple[frozenset[str], dict[str, frozenset[str]]]:
    """Words that tell no figure apart: those a third of the active figures hold (three at
    least), and, by record of two figures or more, those every one of its figures holds."""
    known = _GENERIC.get(id(library))
    if known is not None and known[0] is library:
        return known[1], known[2]
    active = [f for f in library.figures.values() if library.records[f.record].status == "active"]
    held = Counter(w for f in active for w in _own_words(f, library))
    many = frozenset(w for w, n in held.items() if n >= max(3, len(active) / 3))
    by_record: dict[str, list[frozenset[str]]] = {}
    for fig in library.figures.values():
        by_record.setdefault(fig.record, []).append(_own_words(fig, library))
    common = {
        record: frozenset.intersection(*own) if len(own) > 1 else frozenset()
        for record, own in by_record.items()
    }
    _GENERIC.clear()  # one library at a time: a rebuilt one replaces it
    _GENERIC[id(library)] = (library, many, common)
    return many, common


def _distinctive(fig: FigureValue, library: Library) -> frozenset[str]:
    """A figure's own words that tell it from other figures (see the module's docstring)."""
    many, common = _generic(library)
    return _own_words(fig, library) - many - common.get(fig.record, frozenset())


def _record_words(fig: FigureValue, library: Library) -> frozenset[str]:
    """A record's title and baseline, in each language it has them."""
    record = library.records[fig.record]
    texts = [record.title, record.setup.get("baseline", "")]
    for translation in record.translations.values():
        texts += [translation.title or "", translation.setup.get("baseline", "")]
    return words(" ".join(texts))


def _linked(suggestion: Suggestion, link_text: str | None) -> str:
    """The suggested claim, with ``link_text`` (a number whose unit is stated once), if any."""
    if link_text is None:
        return suggestion.markdown
    return f"[{link_text}](evidence:{suggestion.ref})"


#: The numbers a context writes, for the figures it states.
_NUMBERS = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")


def _scaled_text(found: str, shown: str | None) -> str | None:
    """The link text to suggest for ``shown``, read as ``found``: the page's number, or the
    reading where a header's scale changes the number ("68" under "参考价格（万元）" reads
    "68万元": a claim "[68](…)" states 68, not 680,000; blind90 was offered it)."""
    if shown is None:
        return None
    read, written = parse_stated(found), parse_stated(shown)
    if read is not None and written is not None and read.low != written.low:
        return found
    return shown


def advise(
    found: str, library: Library, *, context: str = "", shown: str | None = None, where: str = ""
) -> Advice:
    """The advice for bare figure ``found`` (as read), written ``shown`` in the page.

    ``shown``, when given, is a number whose unit is stated once for many
    ("178" under a "Save time (s)" header reads "178 s"): the claim to write
    keeps the page's text as its link text. ``where`` says so in the message.
    """
    link_text = _scaled_text(found, shown)
    whole = shown is None  # written whole, not a number whose unit a header or label states
    as_read = found  # as the page writes it, for its sentence
    shown = found if shown is None else shown
    found = without_note_signs(found)  # "94† s" is cited as [94 s](…)
    to_one = to_one_claim(" ".join(found.split())) if link_text is None else None
    ratio = parse_stated(to_one) if to_one is not None else None
    if to_one is not None and ratio is not None and ratio.qualifier is not None:
        found = to_one  # "up to 7 to 1" as "up to 7:1", told "up to [7:1](…)"
    elif to_one is not None and ratio is not None:
        # "4.2:1" is the ratio 4.2× (blind22), and a claim may write it so (blind72); "7 to
        # 1" is written "7:1", "3:1 to 5:1" is the range 3–5× (blind73)
        high = f"–{ratio.high}" if ratio.high is not None else ""
        found, link_text = f"{ratio.low}{high}×", to_one
    values = change_values(found, context) if link_text is None else None
    if values is not None:  # "fell from 178 to 94 seconds": two values (blind83)
        return _change(f"bare figure '{shown}'{where}", values, library, context)
    form = _claim_form(found) if link_text is None else None
    if form is not None:
        found = link_text = form
    around = words(context)
    stating = suggest_claims(found, library, context=context, limit=len(library.figures))
    stating = _of_the_named_quantity(found, stating, library, context)
    fitting: list[tuple[tuple[int, int], Suggestion]] = []
    kinds: dict[str, tuple[str, str]] = {}  # a figure of another kind than the words say
    for suggestion in stating:
        fig = library.figures[suggestion.ref]  # suggest_claims names figures of the library
        own = _shared(_distinctive(fig, library), around)
        kind = _other_kind(fig, context) if own else None
        if kind is not None:
            kinds[suggestion.ref] = kind
        elif own:
            fitting.append(((-own, -_shared(_record_words(fig, library), around)), suggestion))
    fitting.sort(key=lambda item: item[0])
    fit = {s for _, s in fitting}
    ranked = [s for _, s in fitting] + [s for s in stating if s not in fit]
    refs = tuple(s.ref for s in ranked)
    head = f"bare figure '{shown}'{where}"
    near = _near_misses(found, library, around, frozenset(refs)) if len(fitting) <= 1 else []
    if len(fitting) == 1 and near and near[0][0] < fitting[0][0][0]:
        # A figure the words fit better states the value only at another precision.
        markdown = _linked(fitting[0][1], link_text)
        reason = f"{fitting[0][1].ref} states this value, but the words around it fit another"
        message = f"{head}: {reason}: {near[0][1]}; or, if {fitting[0][1].ref} is meant, {markdown}"
        return Advice(message, None, refs, reason)
    one = fitting[0][1] if len(fitting) == 1 else None
    named = _names_another(one.ref, library, around, context) if one is not None else None
    if one is not None and named is not None:
        # "The FX100 snapshot save time is 178 s": 178 s is the baseline's (blind62)
        why = f"the words around it fit {named[1]} better ('{named[0]}')"
        return _held_back(head, one, link_text, refs, why)
    told = _opposed(one.ref, found, context, library) if one is not None else None
    if one is not None and told is not None:
        # "Throughput fell 30%" and a throughput gain (blind69: fix wrote it)
        why = f"the words around it say '{told[0]}' where its own say '{told[1]}'"
        return _held_back(head, one, link_text, refs, why)
    other = _of_another(one.ref, as_read, context, library) if one is not None else None
    if one is not None and other is not None:
        # "The legacy SAN drew 1,600 W" and the FX100's power draw (blind70: fix wrote it)
        why = f"the words around it say '{other[0]}', {other[1]}"
        return _held_back(head, one, link_text, refs, why)
    if not fitting and len(stating) == 1 and stating[0].ref in kinds:
        # "Restore speed is 1.9× faster" and a save's speed-up (blind83: fix wrote it)
        said, its = kinds[stating[0].ref]
        why = f"the words around it say '{said}' where its own say '{its}'"
        return _held_back(head, stating[0], link_text, refs, why)
    if len(fitting) == 1:
        markdown = _linked(fitting[0][1], link_text)
        others = [
            r
            for r in refs
            if r != fitting[0][1].ref and _same_kind(found, r, fitting[0][1].ref, library)
        ][:LISTED]
        also = f" (also states this value: {', '.join(others)})" if others else ""
        return Advice(f"{head}: did you mean {markdown}?{also}", markdown, refs)
    if fitting:
        listed = ", ".join(_linked(s, link_text) for _, s in fitting[:LISTED])
        reason = "several record figures state this value and fit the words around it"
        return Advice(f"{head}: {reason}; cite the one meant: {listed}", None, refs, reason)
    if stating:
        listed = ", ".join(_linked(s, link_text) for s in ranked[:LISTED])
        shared = _only_generic(ranked, library, context)
        reason = (
            f"{', '.join(refs[:LISTED])} state{'s' if len(refs) == 1 else ''} this value, but "
            + (shared or "no figure's what or name shares a word with the words around it")
        )
        what, hint = "", f"; if one is meant, cite it ({listed}), else remove it or cite its record"
        if not shared and whole:
            what, hint = _unshared(ranked, library, context, link_text or shown, hint)
        if near:  # the words fit a figure that states the value at another precision
            hint = f"; the words around it fit another: {near[0][1]}{hint}"
        return Advice(f"{head}: {reason}{what}{hint}", None, refs, reason)
    if near:
        text = "; ".join(t for _, t, _ in near[:LISTED])
        return Advice(f"{head}: {text}", None, (), near[0][2])
    link_text = generic_claim_text(link_text or shown) or (
        generic_claim_text(found) if to_one else ""
    )
    message = (
        f"{head}: cite its record as [{link_text}](evidence:ID#figure)"
        + ("" if link_text else " (an empty link text is filled in with the value)")
        + ", or remove it"
    )
    return Advice(message, None, (), "no record figure states this value")


def _claim_form(found: str) -> str | None:
    """The form a claim writes ``found`` in, where another than as written: "between 5 and
    10 ms" the range "5 to 10 ms", "$1.2 M" "$1.2M" (blind83), "1 min 34 s" "94 s"."""
    for form in (range_in_words, _scale_glued, duration_in_seconds):
        written = form(found)
        if written is not None:
            return written
    return None


#: A scale letter spaced from its number: "$1.2 M", "€3 K".
_SPACED_SCALE = re.compile(
    r"(?P<number>.*\d)[ \u00a0]+(?P<scale>[KMB])(?P<rest>(?:[ \u00a0]+\S.*)?)"
)


def _scale_glued(found: str) -> str | None:
    """``found`` with its scale letter glued to the number, where only so the claim grammar
    reads it ("$1.2 M" as "$1.2M"); else None."""
    match = _SPACED_SCALE.fullmatch(found)
    if match is None or parse_stated(found) is not None:
        return None
    glued = f"{match['number']}{match['scale']}{match['rest']}"
    return glued if parse_stated(glued) is not None else None


def _same_kind(found: str, ref: str, chosen: str, library: Library) -> bool:
    """Whether figure ``ref`` is worth naming beside ``chosen`` for ``found``: where
    ``found`` writes no unit, only a figure of ``chosen``'s unit (blind83: a rack count's
    "3" named a 3 min time and a 3.26 GB/s bandwidth as also stating it)."""
    stated = parse_stated(found)
    if stated is None or stated.unit is not None:
        return True
    return library.figures[ref].unit == library.figures[chosen].unit


def _change(head: str, values: tuple[str, str], library: Library, context: str) -> Advice:
    """The advice for a change read as one figure (:mod:`.change_advice`): each value's
    claim, as the advice for it alone would write it."""
    claims = [
        advise(v, library, context=context).markdown or f"[{v}](evidence:ID#figure)" for v in values
    ]
    reason = "a change from one value to another, two figures"
    message = (
        f"{head}: a change from {values[0]} to {values[1]} is two figures, not one range: "
        f"cite each, from {claims[0]} to {claims[1]}, or remove it"
    )
    return Advice(message, None, (), reason)


def _unshared(
    ranked: list[Suggestion], library: Library, context: str, text: str, hint: str
) -> tuple[str, str]:
    """What the advice adds, and what it tells the writer to do, for a figure written whole
    in prose sharing no word with the figures that state its value (``hint`` otherwise)."""
    if not _comparable(ranked, library, context):
        # A Chinese sentence beside records that say what their figures are in English only
        # (blind83: fix rewrote nothing, and said nothing of why)
        its = (
            "its record says what it is" if len(ranked) == 1 else "their records say what they are"
        )
        return (
            f" ({its} in no Chinese words: `translations: {{zh: {{what: …}}}}` in a record "
            "lets the advice, and fxsite fix, match a figure by the sentence's words)",
            hint,
        )
    # No word at all in common with a figure written whole in prose: a figure of another
    # thing is no claim to offer (blind72: "twice as fast as last year's model" offered a
    # comparison with a competitor). A number under a header or a label ("Seconds: 94") has
    # their words only, which name its quantity, not which.
    return (
        _what_it_is(ranked[0], library),
        f"; cite the record figure meant as [{generic_claim_text(text)}](evidence:ID#figure), "
        "or remove it",
    )


def _comparable(ranked: list[Suggestion], library: Library, context: str) -> bool:
    """Whether the words around can be compared with the figures' own: not a Chinese
    sentence beside figures whose records say what they are in no CJK words ("保存时间为178秒"
    and "Save time, baseline" share no word, yet say the same)."""
    if _CJK_RUN.search(context) is None:
        return True
    return any(
        _CJK_RUN.fullmatch(w)
        for s in ranked[:LISTED]
        if (fig := library.figures.get(s.ref)) is not None
        for w in _own_words(fig, library)
    )


def _what_it_is(suggestion: Suggestion, library: Library) -> str:
    """What the figure ``suggestion`` cites is, where its record says: " (S1#warranty is
    'Hardware warranty')"; nothing where it has no ``what``."""
    cited = FigureRef.parse(suggestion.ref)
    fig = library.figure(cited.record, cited.name) if cited is not None else None
    return f" ({suggestion.ref} is '{fig.what}')" if fig is not None and fig.what else ""


def _held_back(
    head: str, one: Suggestion, link_text: str | None, refs: tuple[str, ...], why: str
) -> Advice:
    """The advice naming ``one``, the one figure that fits, without writing it: ``why`` says
    what the words around it say against it; the claim is given for the writer to check."""
    markdown = _linked(one, link_text)
    reason = f"{one.ref} states this value, but {why}"
    message = f"{head}: {reason}: check the figure; if {one.ref} is meant, {markdown}"
    return Advice(message, None, refs, reason)


def _of_the_named_quantity(
    found: str, stating: list[Suggestion], library: Library, context: str
) -> list[Suggestion]:
    """The figures of ``stating`` of the quantity the words around name, where ``found``
    states no unit and they name one kind of quantity (:func:`.quantity_names.named_dimensions`);
    else ``stating`` as it is."""
    stated = parse_stated(found)
    if stated is None or stated.unit is not None:
        return stating
    named = named_dimensions(context)
    if len(named) != 1:
        return stating
    kept = []
    for suggestion in stating:
        cited = FigureRef.parse(suggestion.ref)
        fig = library.figure(cited.record, cited.name) if cited is not None else None
        if fig is not None and fig.unit in UNITS and UNITS[fig.unit].dimension in named[0]:
            kept.append(suggestion)
    return kept


#: Words that tell figures of one quantity apart, the members of each class excluding one
#: another: a sentence that says one, and a figure whose words say only others, do not fit
#: (blind69: "Read latency at p50 is 12 ms" fit two p99 figures, and "Write latency p99 is
#: 12 ms" a read latency's too). Each class: its pattern, and the words read as another.
_KINDS: tuple[tuple[re.Pattern[str], dict[str, str]], ...] = (
    (re.compile(r"\bp(99\.9|999|99|95|90|50)\b|\b(median)\b", re.IGNORECASE), {"median": "50"}),
    (re.compile(r"\b(read)(?:s|ing)?\b|\b(writ)(?:e|es|ing|ten)\b", re.IGNORECASE), {}),
    # the operation: "Restore speed is 1.9× faster" is no save's speed-up (blind83: fix
    # wrote it); a load, not "under load"
    (
        re.compile(
            r"\b(sav)(?:e|es|ed|ing)\b|\b(restor)(?:e|es|ed|ing|ation)\b"
            r"|\b(recover)(?:y|ies|s|ed|ing)?\b|\b(load)(?:s|ed|ing)\b|\b(backup|back-up)s?\b",
            re.IGNORECASE,
        ),
        {"sav": "save", "restor": "restore", "recover": "restore", "back-up": "backup"},
    ),
)


@lru_cache(maxsize=256)
def _kinds(text: str) -> tuple[frozenset[str], ...]:
    """The members of each class of :data:`_KINDS` that ``text`` says."""
    said = []
    for pattern, same in _KINDS:
        found = {m.group(m.lastindex or 0).lower() for m in pattern.finditer(text)}
        said.append(frozenset(same.get(word, word) for word in found))
    return tuple(said)


def _other_kind(fig: FigureValue, context: str) -> tuple[str, str] | None:
    """A kind of ``fig``'s quantity the words around say and its own words do not
    (:data:`_KINDS`), and the one its own say: "p50" around a p99 figure, "write" around a
    read latency, "restore" around a save's speed-up; None where none."""
    own = _kinds(f"{fig.what or ''} {fig.name.replace('_', ' ')}")
    for said, its in zip(_kinds(context), own, strict=True):
        if said and its and said.isdisjoint(its):
            return min(said), min(its)
    return None


def _opposed(ref: str, found: str, context: str, library: Library) -> tuple[str, str] | None:
    """The words that say ``found`` goes the other way from figure ``ref``
    (:func:`~fxsite.pages.direction.opposed`)."""
    cited = FigureRef.parse(ref)
    fig = library.figure(cited.record, cited.name) if cited is not None else None
    return opposed(found, context, f"{fig.what or ''} {fig.name}") if fig is not None else None


def _of_another(ref: str, found: str, context: str, library: Library) -> tuple[str, str] | None:
    """The words of the sentence of ``found`` that name another subject than figure ``ref``'s,
    and what they say (:func:`~fxsite.pages.subject.another_subject`)."""
    cited = FigureRef.parse(ref)
    fig = library.figure(cited.record, cited.name) if cited is not None else None
    assert fig is not None  # a ref of a figure that fits
    record = library.records[fig.record]
    sentence = sentence_of(found, context)
    stated = Counter(_NUMBERS.findall(sentence))
    stated.subtract(_NUMBERS.findall(found))
    values = {Decimal(n.replace(",", "")) for n, count in stated.items() if count > 0}
    beside = tuple(
        f"{other.what or ''} {other.name}"
        for other in library.figures_of(fig.record)
        if other.name != fig.name and (other.low in values or other.high in values)
    )
    subject = FigureSubject(
        own=f"{fig.what or ''} {fig.name}",
        title=record.title,
        setup=record.setup,
        measured=fig.label == "measured",
        beside=beside,
    )
    return another_subject(sentence, subject)


def _names_another(
    ref: str, library: Library, around: frozenset[str], context: str
) -> tuple[str, str] | None:
    """Another figure of the same record and unit whose words the words around fit better
    (more of them, those all its figures hold aside), and the word that tells it; None
    where none.
    A figure whose value the context states too is its own: a sentence names both ("from
    178 s to 94 s")."""
    cited = FigureRef.parse(ref)
    fig = library.figure(cited.record, cited.name) if cited is not None else None
    assert fig is not None  # a ref of a figure that fits
    record, name = fig.record, fig.name
    common = _generic(library)[1].get(record, frozenset())
    own = _own_words(fig, library) - common
    score = _shared(own, around)
    stated = {Decimal(n.replace(",", "")) for n in _NUMBERS.findall(context)}
    for other in library.figures_of(record):
        if other.name == name or other.unit != fig.unit:  # a size is no time's rival
            continue
        theirs = _own_words(other, library) - common
        if _shared(theirs, around) <= score:
            continue
        if other.low in stated or (other.high is not None and other.high in stated):
            continue
        told = sorted(
            w
            for w in theirs
            if _shared(frozenset({w}), around) and not _shared(own, frozenset({w}))
        )
        if told:
            # the word as the sentence writes it ("baseline", not its stem "baselin"), and
            # the other figure's value: it states another (blind89 read it as offered)
            written = re.search(rf"(?i)\b{re.escape(told[0])}\w*", context)
            value = format_quantity(other.low, other.high, other.unit, other.decimals, other.bound)
            return (written.group() if written else told[0]), f"{other.ref}, {_plain(value)},"
    return None


def _only_generic(ranked: list[Suggestion], library: Library, context: str) -> str:
    """What the words around share with the figures listed, when they share only words
    that tell no figure apart ("the words around it share no word with its what or name
    that tells it from other figures (it shares only save)"); else "". Not "no figure's
    what or name shares a word", then the words it shares (blind83: it read as a
    contradiction)."""
    own: set[str] = set()
    for suggestion in ranked[:LISTED]:
        record, _, name = suggestion.ref.partition("#")
        fig = library.figure(record, name)
        if fig is not None:
            own.update(_own_words(fig, library))
    said = sorted(
        {w for w in _latin_words(context) if any(_alike(_stem(w), o) for o in own)}
        | {w for w in words(context) if _CJK_RUN.fullmatch(w) and w in own}
    )
    if not said:
        return ""
    own_word = _a_word_of_its_own(ranked, library)
    its = "its" if len(ranked) == 1 else "their"
    return (
        f"the words around it share no word with {its} what or name that tells it from other "
        f"figures (it shares only {', '.join(said)}{own_word})"
    )


def _a_word_of_its_own(ranked: list[Suggestion], library: Library) -> str:
    """Where one figure states the value: words of its ``what`` that would tell it apart, for
    the writer to add (blind72: "it shares only af9000, reads" said what fails, not what
    would do), as ``; a word of its own would tell it: 'sequential'``; else ""."""
    if len(ranked) != 1:
        return ""
    cited = FigureRef.parse(ranked[0].ref)
    fig = library.figure(cited.record, cited.name) if cited is not None else None
    if fig is None or not fig.what:
        return ""
    distinctive = _distinctive(fig, library)
    own = [w for w in _LATIN.findall(fig.what) if _stem(w.lower()) in distinctive]
    listed = list(dict.fromkeys(w.lower() for w in own))[:2]
    if not listed:
        return ""
    return f"; a word of its own would tell it: {' or '.join(repr(w) for w in listed)}"


def _coarser(shown: int) -> Width:
    """One step of the coarser precision of a text's (``shown`` decimals) and a figure's."""
    return lambda decimals: Decimal(1).scaleb(-min(shown, decimals))


def _near_misses(
    found: str, library: Library, around: frozenset[str], stating: frozenset[str]
) -> list[tuple[int, str, str]]:
    """The figures of the same unit that ``found`` states only at another precision (or
    bound), best first.

    "17x" for 17.6×: within one unit of the coarser precision of the two,
    and sharing a word with the text around. Each comes with the claims that
    pass (and the reason ``fix`` gives, :func:`_near_text`), after minus the number of its
    words the text around shares.
    """
    stated = parse_stated(found)
    if stated is None or stated.unit is None or stated.high is not None:
        return []
    near: list[tuple[int, str, str]] = []
    shown = max(stated.decimals, 0)
    step = _coarser(shown)
    for fig in figures_near(library, [(stated.low, step, stated.unit)], same=True):
        if fig.high is not None or fig.ref in stating:
            continue
        if library.records[fig.record].status != "active":
            continue
        if abs(stated.low - fig.low) >= step(fig.decimals):
            continue
        if converts(stated.unit, fig.unit) != 1 or _beyond(stated.qualifier, stated.low, fig.low):
            continue
        own = _shared(_distinctive(fig, library), around)
        if own:
            near.append((-own, *_near_text(found, fig, min(shown, fig.decimals), stated.qualifier)))
    near.sort(key=lambda item: item[:2])
    return near


def _beyond(qualifier: str | None, bound: Decimal, value: Decimal) -> bool:
    """Whether ``value`` lies on the wrong side of a bound written ``qualifier`` ``bound``:
    "under 2 minutes" is no rounding of 2.97 min, whose claim the advice would then offer
    (blind83: it told the writer to cite 3 min), nor "over 3 minutes" of it."""
    return (qualifier == "max" and value > bound) or (qualifier == "min" and value < bound)


def _near_text(
    found: str, fig: FigureValue, places: int, qualifier: str | None = None
) -> tuple[str, str]:
    """What the advice says of ``fig``, a figure ``found`` states at another precision or
    with another bound, and the reason (``fix``'s, and a plain field's) that says so."""
    exact = _plain(format_quantity(fig.low, None, fig.unit, fig.decimals, fig.bound))
    rounded = _plain(format_quantity(fig.low, None, fig.unit, places, fig.bound))
    if qualifier in {"min", "max"} and fig.bound is None:
        # "over 5 years" for a value of 5 yr: the bound word, not the precision (blind38);
        # "Nearly 2×" for 2.0×: the claims to write, whole (blind66: the sentence stopped)
        return (
            f"'{found}' is a bound, and {fig.ref} states the value {exact}: cite the value, "
            f"[{exact}](evidence:{fig.ref}), or [about {exact}](evidence:{fig.ref}) where it "
            "is rounded; where the bound word means the value ('over 5 years' as 'across 5 "
            "years'), write a word that is no bound",
            f"a figure states the value {exact}, not a bound",
        )
    if qualifier in {"min", "max"} and fig.bound not in (None, qualifier):
        # "over 40 s" for {max: 40}: the writer's claim reversed, not rounded (blind69)
        return (
            f"'{found}' bounds the other way: {fig.ref} states {exact}; check which is meant, "
            f"and where the record is, cite it as [{exact}](evidence:{fig.ref})",
            f"a figure states {exact}, a bound the other way",
        )
    if qualifier is None and fig.bound is not None:
        # "40 s" for {max: 40}: the bound word left out, not the precision (blind69)
        return (
            f"'{found}' states a value where {fig.ref} states a bound, {exact}: cite it as "
            f"[{exact}](evidence:{fig.ref})",
            f"a figure states {exact}, a bound",
        )
    text = f"{fig.ref} states {exact}; cite it as [{exact}](evidence:{fig.ref})"
    if rounded != exact and _states(rounded, fig):  # not "100.000%" for 99.9999% (blind24)
        text += f" or, rounded, [{rounded}](evidence:{fig.ref})"
    return (
        f"'{found}' is not {fig.ref} at this precision: {text}",
        f"a figure states {exact}, not this value at this precision",
    )


def _states(text: str, fig: FigureValue) -> bool:
    """Whether the claim text ``text`` states ``fig`` (the claim rule passes it)."""
    stated = parse_stated(text)
    return (
        stated is not None
        and compare(stated, fig.low, fig.high, fig.decimals, bound=fig.bound) is None
    )


def _plain(text: str) -> str:
    """A formatted quantity as a writer types it (no-break spaces as spaces)."""
    return text.replace("\u00a0", " ")
