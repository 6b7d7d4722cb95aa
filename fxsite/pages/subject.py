"""Whose figure a sentence states: the record's system under test, or another subject.

blind70: ``fxsite fix`` wrote "The legacy SAN drew [1,600 W](…P1#power_draw)", "A
competitor's array charges [$120](…price_per_tb)", "Save [50%](…ingest_cost_cut) with our
launch discount" and "We expect the … save time on the FX200 to be [94 s](…save_time_fx100)":
each figure states the number and shares a word with the sentence, but is of another subject
than the one the sentence names (the FX100, measured). :func:`another_subject` finds such a
sentence, and the advice then names the figure without writing it (``fix`` writes nothing),
as for a figure said the other way (:mod:`.direction`).

Decisions:

- Only the sentence holding the figure is read (:func:`sentence_of`): a sentence before it
  may name what the figure is compared with.
- The record's baseline: a setup row whose key says what the system under test is compared
  with (:data:`COMPARED_KEYS`: ``baseline``) is named by its key word ("the baseline") or by
  a run of its value's words in order ("legacy SAN", "local NVMe drive": half its words at
  least, those its record's title and other setup rows hold aside). A figure whose own words
  (``what`` and name) say the key word or one of those words is the baseline's
  (``restore_time_san``, "Save time, baseline"). Other setup rows (``system``, ``workload``,
  ``gpus``) describe the system under test and its conditions: a sentence that names them
  names the figure's own subject. A value "not stated …" names nothing.
- A mention right after a comparison word (:data:`COMPARISON`: "less than the legacy SAN",
  "vs. a competitor's array") names what the figure is compared with, not its subject; so
  does a mention in a sentence that also states the value of another figure of the record
  that names it ("fell from 178 s on the baseline to 94 s": the 178 s is the baseline's).
- A model name is a word of letters then digits ("FX100", "A100", "Qwen-7B"; "32B" and
  "8-GPU" are sizes). A figure's model names are those of its own words (and of the
  baseline's value, for a figure of the baseline); where they name none, those of its
  record's title and setup rows. A sentence names another model when it names one of the
  same letters and other digits ("FX200" for "FX100"): a name of other letters ("H100" GPUs beside an FX100 array) is a part of the setup, not a rival.
- A sentence that names the figure's own model too decides nothing of another model, a
  baseline or another's product ("The FX100 drew 1,600 W where the legacy SAN drew 2,400
  W"): the words do not say which the number is of. A model named after a comparison word
  is what is compared with ("The FX200 saves 30% faster than the FX100, in 94 s" is the
  FX200's; "Save time is 94 s, faster than the FX200" the figure's).
- The words of :data:`VOCABULARY` say the amount is someone else's, or a price offer, or a
  future statement; a figure whose own words, title or setup say the same word is of that
  subject ("Launch discount, FX100"), and a future statement is no measurement: it tells only
  a ``measured`` figure (an estimate or a specification may be stated in the future tense).
- English words only: a Chinese sentence names another model, not a baseline or a word.
- Only the advice asks: a claim is never refused for its words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from fxsite.pages.sentences import sentence_span

__all__ = ["COMPARED_KEYS", "COMPARISON", "VOCABULARY", "FigureSubject", "another_subject", "sentence_of"]  # fmt: skip

_OTHERS = "someone else's product, where the figure is of its record's own system"
_OFFER = "a price offer, which the figure is not"
_FUTURE = "a future statement, where the figure is a measurement"

#: Words that say whose amount, or what kind of amount, a sentence states, with what each
#: says (the advice's reason). Each is a regular expression read whole, in any case, with
#: an optional possessive after it ("competitor's", "rivals'").
VOCABULARY: tuple[tuple[str, str], ...] = (
    # someone else's product: a record measures its own system under test, not a rival's
    (r"competitors?", _OTHERS),  # "a competitor's array charges $120"
    (r"competing", _OTHERS),  # "a competing array"
    (r"rivals?", _OTHERS),  # "the rival's save time"
    # a price the seller grants: "Save 50% with our launch discount" is no measured cost cut
    (r"discount(?:s|ed)?", _OFFER),
    (r"promotions?|promotional|promo", _OFFER),  # "a promotion price of $120"
    # an offer as a noun ("our launch offer"); the verb says what a product does
    # ("The FX100 offers 2.1M IOPS"), so only after a word that makes it the noun
    (r"(?:an?|the|this|our|special|launch|introductory|limited[- ]time|exclusive) offer", _OFFER),
    # what is to come, not what was measured: "the FX200 will list at $120", "it'll take"
    (r"will|[a-z]+['’]ll", _FUTURE),
    # a projection: "We expect the save time … to be 94 s", "is expected to reach"
    (r"we expect|expected to", _FUTURE),
)
#: Words of a setup key that say the row is what the system under test is compared with.
COMPARED_KEYS = frozenset({"baseline", "competitor", "rival", "compared", "comparison", "versus", "vs"})  # fmt: skip
#: Those of :data:`COMPARED_KEYS` that name the row in a sentence too ("the baseline drew").
_KEY_NOUNS = frozenset({"baseline", "competitor", "rival"})
#: Words right before a mention that make it the reference of a comparison, not the
#: subject ("30% less than the legacy SAN", "over the baseline", "vs. a competitor's").
COMPARISON = frozenset({"than", "over", "vs", "versus", "against", "compared", "relative", "unlike"})  # fmt: skip
#: How many words may stand between a comparison word and its mention ("than on the").
_REACH = 3
#: Words too common to name a baseline ("a local drive" names "local NVMe single drive" by
#: two of its words, not by "a").
_STOP = frozenset(
    "a an the of on in at to for and or with as by its our".split()  # noqa: SIM905 - words read best as words
)

_WORDS = re.compile(r"[^\W_]+")
_MODEL = re.compile(r"(?<![A-Za-z0-9])([A-Za-z]+)-?(\d+)([A-Za-z]*)(?![A-Za-z0-9])")
_NUMBER = re.compile(r"\d")
_SAYS = tuple(
    (re.compile(rf"(?<![\w'’])(?:{pattern})(?:['’]s?)?(?![\w'’])", re.IGNORECASE), says)
    for pattern, says in VOCABULARY
)


@dataclass(frozen=True)
class FigureSubject:
    """What a figure is of, in its record's words."""

    #: the figure's ``what`` and name
    own: str
    #: its record's title
    title: str = ""
    #: its record's setup rows
    setup: Mapping[str, str] = field(default_factory=dict)
    #: whether the figure is a measurement (its label ``measured``)
    measured: bool = False
    #: the ``what`` and name of each other figure of its record whose value the sentence
    #: states too
    beside: tuple[str, ...] = ()


def sentence_of(found: str, context: str) -> str:
    """The sentence of ``context`` that holds ``found`` (or its first number); all of
    ``context`` where neither is in it."""
    at, length = context.find(found), len(found)
    if at == -1:
        number = re.search(r"\d[\d,.]*", found)
        if number is not None:
            at, length = context.find(number[0]), len(number[0])
    if at == -1:
        return context
    start, end = sentence_span(context, at, at + length)
    return context[start:end]


def _fold(word: str) -> str:
    """A word lower-cased, a plural's "s" off ("drives", "drive")."""
    word = word.lower()
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


@lru_cache(maxsize=1024)
def _words(text: str) -> tuple[str, ...]:
    """The words of ``text``, folded, in order (a name's underscores split it)."""
    return tuple(_fold(w) for w in _WORDS.findall(text.replace("_", " ")))


@lru_cache(maxsize=1024)
def _models(text: str) -> frozenset[str]:
    """The model names of ``text``: lower-cased, without a hyphen or a plural's "s"."""
    out = set()
    for m in _MODEL.finditer(text.replace("_", " ")):
        tail = m[3] if m[3] not in ("s", "S") else ""
        out.add(f"{m[1]}{m[2]}{tail}".lower())
    return frozenset(out)


def _shown(model: str, text: str) -> str:
    """Model name ``model`` as ``text`` writes it."""
    return next((m[0] for m in _MODEL.finditer(text) if model in _models(m[0])), model)


def _letters(model: str) -> str:
    return model[: _NUMBER.search(model).start()]  # type: ignore[union-attr]  # a model has digits


def _compared_with(sentence: str, at: int) -> bool:
    """Whether a mention at ``at`` of ``sentence`` comes right after a comparison word
    (:data:`COMPARISON`, a few words before it at most): what is compared with."""
    before = [_fold(w) for w in _WORDS.findall(sentence[:at])][-_REACH - 1 :]
    return not COMPARISON.isdisjoint(before)


def _compared_rows(setup: Mapping[str, str]) -> dict[str, tuple[str, str]]:
    """The rows of ``setup`` that say what the system is compared with: by key, (the key's
    word, the value)."""
    rows = {}
    for key, value in setup.items():
        said = [w for w in _words(key) if w in COMPARED_KEYS]
        if said and value and not value.strip().lower().startswith("not stated"):
            rows[key] = (said[0], value)
    return rows


def _distinctive(value: str, title: str, setup: Mapping[str, str], key: str) -> frozenset[str]:
    """The words of a compared row's ``value`` that its record's title and other rows do not
    hold."""
    others = set(_words(title))
    for other, text in setup.items():
        if other != key:
            others.update(_words(text))
    return frozenset(w for w in _words(value) if w not in others and w not in _STOP)


def _names(own: str, word: str, distinctive: frozenset[str]) -> bool:
    """Whether a figure's own words name a compared row (its key's word, or its value's)."""
    held = set(_words(own))
    return word in held or bool(held & distinctive)


def _mentions(sentence: str, word: str, value: str, distinctive: frozenset[str]) -> list[str]:
    """Where ``sentence`` names a compared row as its subject: each mention's text, those
    right after a comparison word left out."""
    tokens = list(_WORDS.finditer(sentence))
    folded = [_fold(t[0]) for t in tokens]
    order = list(_words(value))
    need = max(1, -(-len(distinctive) // 2))  # half, rounded up
    found = []
    i = 0
    while i < len(tokens):
        end = i
        if folded[i] == word and word in _KEY_NOUNS:
            end = i + 1
        elif distinctive and folded[i] in order:
            at, j, count = order.index(folded[i]), i, 0
            while j < len(tokens) and folded[j] in order[at:]:
                at = order.index(folded[j], at) + 1
                count += folded[j] in distinctive
                j += 1
            end = j if count >= need else i
        if end > i:
            if not _compared_with(sentence, tokens[i].start()):
                found.append(sentence[tokens[i].start() : tokens[end - 1].end()])
            i = end
        else:
            i += 1
    return found


def _own_models(figure: FigureSubject, rows: dict[str, tuple[str, str]]) -> frozenset[str]:
    """The model names a figure is of (see the module's docstring)."""
    models = set(_models(figure.own))
    named = False
    for key, (word, value) in rows.items():
        if _names(figure.own, word, _distinctive(value, figure.title, figure.setup, key)):
            models |= _models(value)
            named = True
    if models or named:
        return frozenset(models)
    others = [v for k, v in figure.setup.items() if k not in rows]
    return _models(" ".join([figure.title, *others]))


def another_subject(sentence: str, figure: FigureSubject) -> tuple[str, str] | None:
    """(the words of ``sentence``, what they say) where the sentence names a subject other
    than ``figure``'s (see the module's docstring); None where it does not."""
    rows = _compared_rows(figure.setup)
    own_models = _own_models(figure, rows)
    said_models = frozenset().union(
        *(
            _models(m[0])
            for m in _MODEL.finditer(sentence)
            if not _compared_with(sentence, m.start())
        )
    )
    names_own = bool(said_models & own_models)
    if not names_own:
        families = {_letters(m): m for m in sorted(own_models)}
        for model in sorted(said_models - own_models):
            if _letters(model) in families:
                ours = _shown(
                    families[_letters(model)],
                    " ".join([figure.own, figure.title, *figure.setup.values()]),
                )
                return _shown(model, sentence), f"another model than the figure's {ours}"
        for key, (word, value) in rows.items():
            distinctive = _distinctive(value, figure.title, figure.setup, key)
            if _names(figure.own, word, distinctive):
                continue
            if any(_names(other, word, distinctive) for other in figure.beside):
                continue
            mentions = _mentions(sentence, word, value, distinctive)
            if mentions:
                return mentions[0], f"the record's {key}, which the figure's own words do not name"
    own_text = " ".join([figure.own, figure.title, *figure.setup.values()])
    for pattern, says in _SAYS:
        if says == _FUTURE and not figure.measured:
            continue
        if says == _OTHERS and names_own:
            continue
        for m in pattern.finditer(sentence):
            if pattern.search(own_text):
                break
            if says == _OTHERS and _compared_with(sentence, m.start()):
                continue
            return m[0], says
    return None
