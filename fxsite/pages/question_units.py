"""The unit an FAQ question states for its answer, as a table header states one for a cell.

A question that states a unit as a header does ("Save time, seconds?", "Save time
(s)?") governs its answer's bare number ("96" reads "96 seconds"): the header's rule
(:func:`~fxsite.pages.header_units.header_unit`), the final question mark aside. The
page's FAQ is judged at its front matter (:func:`fxsite.pages.faq.question_unit_findings`);
a published page's FAQPage JSON-LD, where each Question's name governs its Answer's text,
by the page reader (:func:`answer_units`).
"""

from __future__ import annotations

from fxsite.pages.header_units import header_unit

__all__ = ["answer_units", "question_unit"]


def question_unit(question: str) -> tuple[str, str] | None:
    """The unit ``question`` states for its answer, and where (as a message says it)."""
    text = " ".join(question.split())
    unit = header_unit(text.rstrip("?？ "))
    return (unit, f"under the question '{text}'") if unit is not None else None


def answer_units(data: object) -> dict[str, tuple[str, str]]:
    """Each schema.org Answer text in the JSON-LD ``data`` whose Question's name states a
    unit (:func:`question_unit`): that unit and where, by the answer's text."""
    found: dict[str, tuple[str, str]] = {}
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
            name, answers = item.get("name"), item.get("acceptedAnswer")
            stated = question_unit(name) if isinstance(name, str) else None
            for answer in answers if isinstance(answers, list) else [answers]:
                text = answer.get("text") if isinstance(answer, dict) else None
                if stated is not None and isinstance(text, str):
                    found.setdefault(text, stated)
    return found
