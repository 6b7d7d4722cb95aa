"""An estimate's own words that say it was measured (blind71): ``FX319``.

One vocabulary (:func:`measured_words`) for the words a record shows and for a page's
sentence that cites an estimate (:mod:`fxsite.pages.said_measured`).

An estimate's title and its figures' ``what`` are shown beside every claim to it (the
claim's tooltip, the page's Data sources, the record page). "Lab-measured save test" or
"Save time as measured in the lab" on an estimate makes a model read as a measurement,
whatever its ``est.`` mark says; the build refuses it, as it refuses a hand-written
"measured" badge beside an estimate's claim.

Decisions:

* Read: an estimate's title, and the ``what`` of its figures and derived figures. Not its
  notes or setup, where an estimate says what it is modelled from ("taken from measured
  record R1", "A model, not a measurement", "a joint test replaces these figures with
  measurements": the demo's E1 and E2).
* Words of measurement (:data:`_MEASURED`), by what they name: a measurement made,
  "measured", "measurement(s)", "meas.", "tested", "benchmarked"; tests or benchmarks it was
  made in, "in (our) tests", "in testing", "per the benchmark", "lab test(s)"; their
  outcome, "test result(s)", "lab report", "benchmark results"; a lab's verdict,
  "lab-verified", "validated by a third-party lab"; "empirically", "empirical data";
  "real-world (or real hardware) results, runs, tests, data". In Chinese "实测", "测得",
  "测量", "跑分", "经测试", "测试结果", "实验室测试", "实验室验证".
* A test named alone is none: it may be one to come ("Joint test first", "What a joint
  test verifies", "a projection a joint test verifies": the demo's page on joint testing;
  "联合测试"). Nor one naming a setup, before a noun of :data:`_SETUP_NOUNS` ("in the
  benchmark workload", "in the test configuration"): a model is run on it. "measured
  against the baseline's model" is a word of measurement: "measured" says a measurement
  was made, whatever it was compared with (write "compared with").
* An estimate denied to be one (:data:`_NOT_ESTIMATED`): "not estimated", "not modelled",
  "not an estimate", "not a model", "非估算", "不是模型" says the figure is no model, so it
  is read as a word of measurement, where it opens its phrase (after the start, a bracket, a
  comma, a colon or a dash: "[95 s](…), not estimated", "(not modelled; measured)") or
  right after a claim, which it is then said of ("[95 s](…) not estimated"); not where it
  has a subject of its own ("with the cache not modelled"). Not "not simulated": an
  analytic model is no simulation.
* A text over several claims (a heading, a caption, a column's header, a box's title:
  :func:`measured_over`) that names a model too (:data:`_MODEL_WORDS`: "## Measured and
  modelled save times", "Measured vs. estimated") speaks of both: it calls none of them
  measured. A text beside one claim (a sentence, a card's words) is read word by word.
* Not where the words before it deny it or name what the model reads (:data:`_NOT_SO`):
  "not measured", "no measurement", "from measured data", "based on lab results", "than
  measured", "on the benchmark"; in Chinese right before it, in its phrase ("非实测",
  "基于R1的实测数据", "而非实测"; "不是模型，是实测" is no denial of "实测").
* Only estimates: a measured, spec or public record's words are its own business.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator

from fxsite.evidence.models import Record

__all__ = ["MODEL_NOT_MEASUREMENT", "estimate_word_problems", "measured_over", "measured_words"]

#: A space between words (a no-break space too).
_S = "[ \u00a0]+"
#: What a test or a benchmark names where it stands before one of these words: what a model
#: is run on ("in the benchmark workload", "in the test configuration"), not a measurement.
_SETUP_NOUNS = (
    "workloads?|configurations?|config|setups?|scenarios?|cases?|plans?|suites?|profiles?"
    "|parameters?|conditions?|environments?|systems?|beds?|rigs?|models?|inputs?|machines?"
    "|clusters?|hardware|servers?"
)
_MEASURED = re.compile(
    r"\b(?i:measured|measurements?|benchmarked|tested"
    rf"|(?:in|per)(?:{_S}(?:the|our|their|independent|third-party))?{_S}"
    rf"(?:tests?|testing|benchmarks?)(?!{_S}(?:{_SETUP_NOUNS})\b)"
    rf"|(?:test|benchmark){_S}(?:results?|reports?|runs?|data|scores?)"
    r"|(?:lab|laboratory)[- ](?:tests?|tested|testing|benchmarks?|verified|validated|confirmed"
    r"|measured|results?|reports?)"
    rf"|tested{_S}in{_S}(?:a|the|our){_S}lab"
    rf"|(?:verified|validated|confirmed){_S}(?:in|by|at){_S}(?:(?:a|an|the|our|their"
    rf"|independent|third-party|external){_S}){{0,2}}(?:labs?|laborator(?:y|ies))"
    rf"|empirically|empirical{_S}(?:data|results?|findings?|evidence)"
    rf"|real[- ](?:world|life|hardware){_S}(?:results?|runs?|tests?|testing|data"
    r"|measurements?|numbers|figures))\b"
    r"|\b(?i:meas)\.(?!\w)"
    r"|实测|實測|测得|測得|测量|測量|跑分|实验室(?:测试|验证)|實驗室(?:測試|驗證)"
    r"|[经經](?:过|過)?(?:测试|測試)|(?:测试|測試)(?:结果|結果|数据|數據|报告|報告)"
)
#: What may stand in the two words before a word of measurement and deny it, or name what
#: the model reads (in Chinese, at most four characters before it, within its phrase).
_NOT_SO = re.compile(
    r"\b(?i:not|no|never|without|from|of|on|using|based[ \u00a0]+on|than|vs\.?|versus|un)"
    r"(?:[ \u00a0-]+[\w-]+)?[ \u00a0-]+\Z"
    r"|(?:非|不是|未经|未經|基于|基於|根据|根據|来自|來自|取自)[^\s，。；：、,;:()（）]{0,4}\Z"
)
#: Words that name a model: nouns, participles, and in Chinese.
_MODEL_NOUNS = "estimate|model|projection"
_MODELLED = "estimated|modell?ed|projected|theoretical"
_MODEL_ZH = "模型|估算|估计|估計|预估|預估|推算"
#: An estimate denied to be one ("not estimated", "not a model", "非估算"): itself a word of
#: measurement where it opens its phrase (:data:`_OPENS`), and so is said of the figure.
_NOT_ESTIMATED = re.compile(
    rf"\b(?i:(?:not|never|non)[ \u00a0-]+(?:(?:an?{_S})?(?:{_MODEL_NOUNS})|{_MODELLED}))\b"
    rf"|(?:非|不是|并非|並非|而非)(?:{_MODEL_ZH})"
)
#: A word naming a model: a text over several claims naming one speaks of models too.
_MODEL_WORDS = re.compile(rf"\b(?i:(?:{_MODEL_NOUNS})s?|{_MODELLED})\b|{_MODEL_ZH}")
#: What a phrase that opens stands after: the text's start, a bracket or a clause mark
#: (looked for in the few characters before it: linear in the text).
_OPENS = re.compile(r"(?:\A|[(\[（【,，:：;；—–、])[ \u00a0]{0,4}\Z")


#: Why an estimate said to be measured is refused, and what to write instead.
MODEL_NOT_MEASUREMENT = (
    "an estimate is a model, not a measurement; say what it is modelled from ('from "
    "measured record R1') or give the measurement its own measured record"
)


def measured_words(text: str, claim_ends: Collection[int] = ()) -> Iterator[re.Match[str]]:
    """Each word of ``text`` saying it was measured (:data:`_MEASURED`) that the words
    before it do not deny (:data:`_NOT_SO`); ``claim_ends``: where each claim of ``text``
    ends, after which a denial of a model opens its phrase too (:func:`_opens`)."""
    words = [
        *(m for m in _MEASURED.finditer(text) if not _denied(text, m.start())),
        *(m for m in _NOT_ESTIMATED.finditer(text) if _opens(text, m.start(), claim_ends)),
    ]
    yield from sorted(words, key=lambda m: m.start())


def measured_over(text: str) -> re.Match[str] | None:
    """The first word of measurement (:func:`measured_words`) of ``text``, a text over
    several claims (a heading, a caption, a header, a box's title), or None: it has none, or
    it names a model too ("Measured and modelled save times" speaks of both; "Measured, not
    modelled" names none)."""
    word = next(measured_words(text), None)
    if word is None:
        return None
    denied = {m.end() for m in _NOT_ESTIMATED.finditer(text)}  # "not modelled" names none
    return None if any(m.end() not in denied for m in _MODEL_WORDS.finditer(text)) else word


def _opens(text: str, start: int, claim_ends: Collection[int] = ()) -> bool:
    """Whether ``text[start:]`` opens a phrase (:data:`_OPENS`), or follows a claim with only
    spaces between: the claim is what it is said of ("[95 s](…) not estimated")."""
    if _OPENS.search(text, max(0, start - 6), start) is not None:
        return True
    before = start  # back over the spaces, as few as _OPENS allows: linear in the text
    while before > max(0, start - 4) and text[before - 1] in " \u00a0":
        before -= 1
    return before in claim_ends


def _denied(text: str, start: int) -> bool:
    """Whether the words before ``text[start:]`` deny it or name what a model reads."""
    return _NOT_SO.search(text, max(0, start - 24), start) is not None


def _claims_measured(text: str) -> str | None:
    """The first word of ``text`` saying it was measured, or None."""
    return next((m.group() for m in measured_words(text)), None)


def estimate_word_problems(record: Record) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """Where an estimate's title or a figure's ``what`` says it was measured, and why that
    is refused: ``(loc, message)`` each."""
    if record.label != "estimate":
        return
    shown: list[tuple[tuple[str | int, ...], str | None]] = [(("title",), record.title)]
    shown += [(("figures", n, "what"), f.what) for n, f in record.figures.items()]
    shown += [(("derived", n, "what"), f.what) for n, f in record.derived.items()]
    for loc, text in shown:
        word = _claims_measured(text or "")
        if word is not None:
            yield (
                loc,
                f"estimate {record.id} says '{word}' where its claims show it: "
                + MODEL_NOT_MEASUREMENT,
            )
