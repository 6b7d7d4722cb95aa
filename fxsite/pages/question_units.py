"""The unit an FAQ question states for its answer, as a table header states one for a cell.

A question that states a unit as a header does ("Save time, seconds?", "Save time
(s)?") governs its answer's bare number ("96" reads "96 seconds"): the header's rule
(:func:`~fxsite.pages.header_units.header_unit`), the final question mark aside. The
page's FAQ is judged at its front matter (:func:`fxsite.pages.faq.question_unit_findings`);
a published page's FAQPage JSON-LD, where each Question's name governs its Answer's text,
by the page reader (:func:`answer_units`).
"""

from __future__ import annotations

from collections.abc import Iterator

from fxsite.pages.header_units import header_unit

__all__ = ["answer_units", "answered", "question_unit"]


def question_unit(question: str) -> tuple[str, str] | None:
    """The unit ``question`` states for its answer, and where (as a message says it)."""
    text = " ".join(question.split())
    unit = header_unit(text.rstrip("?？ "))
    return (unit, f"under the question '{text}'") if unit is not None else None


def answered(data: object) -> Iterator[tuple[dict[str, object], str, list[str]]]:
    """Each object of the JSON-LD ``data`` that names itself (a schema.org ``Question``,
    most often): the object, its name and its answers' texts (none where it has none).
    The one walk of a page's JSON-LD questions: the units they state (:func:`answer_units`)
    and the FAQ the page must show (:mod:`fxsite.verify.faq_data`)."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
            name, answers = item.get("name"), item.get("acceptedAnswer")
            if not isinstance(name, str):
                continue
            listed = answers if isinstance(answers, list) else [answers]
            texts = [
                a["text"] for a in listed if isinstance(a, dict) and isinstance(a.get("text"), str)
            ]
            yield item, name, texts


def answer_units(data: object) -> dict[str, tuple[str, str]]:
    """Each schema.org Answer text in the JSON-LD ``data`` whose Question's name states a
    unit (:func:`question_unit`): that unit and where, by the answer's text."""
    found: dict[str, tuple[str, str]] = {}
    for _, name, texts in answered(data):
        stated = question_unit(name)
        if stated is not None:
            for text in texts:
                found.setdefault(text, stated)
    return found
