"""The words a chart shows, in its page's language, from the message catalogue and the records.

The build writes them and the gate's chart check (:mod:`fxsite.verify.charts`)
writes them again from the published records to compare: a bar's caption
(``178 s · measured``), the chart's text alternative, its data table's label
words, and the source line under the chart (``Source: R1 (measured) · baseline:
local NVMe single drive``).
"""

from __future__ import annotations

from collections.abc import Iterable

from fxsite.evidence.library import Library
from fxsite.evidence.models import LABELS
from fxsite.render.messages import LANGUAGES, message

__all__ = [
    "bar_caption",
    "bar_captions",
    "description",
    "label_of",
    "label_word",
    "source_line",
]


def label_word(label: str, lang: str) -> str:
    """An evidence label as readers see it: ``measured``, ``vendor spec``, ``实测``."""
    return message(f"label.{label}", lang)


def label_of(word: str) -> str:
    """The evidence label ``word`` shows, in any language fxsite writes; else ``word`` itself."""
    for lang in LANGUAGES:
        for label in LABELS:
            if label_word(label, lang) == word:
                return label
    return word


def description(rows: Iterable[tuple[str, str, str, str]], lang: str) -> str:
    """A chart's text alternative from its rows ``(bar, value, ref, label)``.

    ``Baseline: 178 s (measured, R1#save_time_baseline); FX100: 94 s (…)``.
    """
    return "; ".join(
        f"{bar}: {value} ({label_word(label, lang)}, {ref})" for bar, value, ref, label in rows
    )


def bar_tooltip(bar: str, value: str, label: str, record: str, lang: str) -> str:
    """A bar's tooltip and its link's accessible name, in a reader's words: its name and
    value, the evidence's label and record ("Baseline: 178 s · measured · R1"; blind63:
    it showed "R1#save_time_baseline · measured"; blind84: a screen reader's list of
    links gave no value)."""
    return f"{bar}: {value} · {label_word(label, lang)} · {record}"


def bar_tooltips(bar: str, value: str, label: str, record: str) -> frozenset[str]:
    """A bar's tooltip in every language fxsite writes."""
    return frozenset(bar_tooltip(bar, value, label, record, lang) for lang in LANGUAGES)


def bar_caption(text: str, label: str, lang: str) -> str:
    """What is printed at a bar's end: its value and its label, ``178 s · measured``."""
    return f"{text} · {label_word(label, lang)}"


def bar_captions(text: str, label: str) -> frozenset[str]:
    """A bar's caption in every language fxsite writes."""
    return frozenset(bar_caption(text, label, lang) for lang in LANGUAGES)


def source_line(bars: Iterable[tuple[str, str]], library: Library, lang: str) -> str:
    """The source line of a chart of ``bars`` (each ``(ref, label)``, ``("R1#x", "measured")``).

    Each record drawn, in the order of its first bar, with the labels of its
    bars; then the baselines those records state (in ``lang`` where a record
    has a translation), each once. A record the library lacks is named alone.
    """
    labels: dict[str, list[str]] = {}
    for ref, label in bars:
        seen = labels.setdefault(ref.partition("#")[0], [])
        if label not in seen:
            seen.append(label)
    sep = message("list_sep", lang)
    records = sep.join(
        message(
            "chart.record",
            lang,
            id=record,
            labels=sep.join(label_word(label, lang) for label in words),
        )
        for record, words in labels.items()
    )
    parts = [message("chart.sources" if len(labels) > 1 else "chart.source", lang, records=records)]
    baselines: list[str] = []
    for record in labels:
        found = library.records.get(record)
        baseline = found.baseline_in(lang) if found is not None else None
        if baseline is not None and baseline not in baselines:
            baselines.append(baseline)
    if baselines:
        parts.append(message("chart.baseline", lang, baseline="; ".join(baselines)))
    return " · ".join(parts)
