"""The ``evidence-stats`` block: headline cards, one claim a line.

    ```evidence-stats
    [1.9×](evidence:R1#save_speedup) | faster checkpoint saves, 8-GPU 32B LoRA
    [9.9%](evidence:E1#bubble_share_baseline) | of a training run spent saving
    ```

Each line is one evidence link, optionally followed by `` | `` and a short
context in plain words. The link is resolved like any claim (same rules, same
codes); the context is plain text, so a bare figure in it is refused, and the
writer is told to give it a card of its own (of the figure the context's words
fit, or of each candidate: :func:`~fxsite.pages.field_advice.card_message`). Rendered as
``<div class="fx-stats">`` holding one ``<div class="fx-stat">`` per line.
"""

from __future__ import annotations

import html
import re

from fxsite.evidence.library import Library
from fxsite.findings import Finding
from fxsite.pages.claims import (
    Claim,
    ClaimProblem,
    HrefFor,
    escape_markdown,
    render_claim,
    resolve_claim,
)
from fxsite.pages.field_advice import card_message
from fxsite.pages.judge import judge_rendered
from fxsite.pages.locate import SourceLocator
from fxsite.render.messages import DEFAULT, message

__all__ = ["render_stats"]

_LINE = re.compile(
    r"^(?P<lead>\s*)\[(?P<text>[^\]\n]*)\]\((?P<dest>[^)\s]*)\)"
    r"(?:\s*\|(?P<gap>\s*)(?P<context>.*?))?\s*$"
)
_SHAPE = (
    "a stats line is one claim and an optional context after ' | ': "
    "[2×](evidence:ID#figure) | what it measures"
)
#: A line's leading link, for :func:`_wrong`.
_LEAD = re.compile(r"^\s*\[[^\]\n]*\]\((?P<dest>[^)\s]*)\)")


def _wrong(line: str) -> str:
    """What a stats line that is not of its shape lacks, before the shape (blind72: the
    message gave the shape, not what the line missed, a ' | ')."""
    lead = _LEAD.match(line)
    if lead is None:
        return "the line does not start with its claim"
    if not lead["dest"].startswith("evidence:"):
        return f"its link goes to {lead['dest']!r}, not to a record's figure"
    return "its context is not after ' | '"


def _source(claim: Claim) -> str:
    """The card's visible source line: ``Measured · R1`` or ``Estimate · model E1``."""
    return message(f"stat.{claim.label}", claim.lang, id=claim.record)


def render_stats(
    text: str,
    path: str,
    first_line: int,
    library: Library,
    href_for: HrefFor,
    lang: str = DEFAULT,
) -> tuple[str, list[Claim], list[Finding]]:
    """Render the block whose first line is 0-based ``first_line`` of the page.

    ``lang`` is the page's language: the cards' source lines are written in it.
    """
    claims: list[Claim] = []
    findings: list[Finding] = []
    cards: list[str] = []
    for i, line in enumerate(text.split("\n")):
        if not line.strip():
            continue
        line_no = first_line + i + 1
        match = _LINE.match(line)
        if match is None or not match["dest"].startswith("evidence:"):
            col = len(line) - len(line.lstrip()) + 1
            said = f"{_wrong(line)}: {_SHAPE}"
            findings.append(Finding(path, line_no, col, "FX604", said, text=line.strip()))
            continue
        result = resolve_claim(match["text"], match["dest"], library, lang=lang)
        if isinstance(result, ClaimProblem):
            col = len(match["lead"]) + 1
            findings.append(
                Finding(path, line_no, col, result.code, result.message, text=match["text"])
            )
        # The context is judged whatever the claim is: every finding in one run (blind16).
        context = match["context"] or ""
        context_col = match.start("context") + 1 if match["context"] is not None else 0
        locator = SourceLocator(context)
        for found in judge_rendered(f"<p>{html.escape(context)}</p>", path, library):
            shown = found.text or ""
            message = (
                card_message(shown, library, context) if found.code == "FX501" else found.message
            )
            at = locator.find(shown, found.code) if shown else None
            findings.append(
                Finding(path, line_no, context_col + (at or 0), found.code, message, text=shown)
            )
        if isinstance(result, ClaimProblem):
            continue
        claims.append(result)
        context_html = (
            f'<span class="fx-stat-context">{escape_markdown(context)}</span>' if context else ""
        )
        cards.append(
            f'<div class="fx-stat fx-stat--{result.label}">'
            f'<span class="{_value_class(result.display)}">'
            f"{render_claim(result, library, href_for)}</span>"
            f"{context_html}"
            # Out of the search index too: its text would run into the next card's value
            # ("R16.2–9.3×"); the figure's own badge and screen-reader text name the source.
            '<span class="fx-stat-source" aria-hidden="true" data-search-exclude="">'
            f"{escape_markdown(_source(result))}</span>"
            "</div>"
        )
    if not cards and not findings:
        findings.append(Finding(path, first_line + 1, 1, "FX604", f"empty stats block: {_SHAPE}"))
    if findings:
        return "", claims, findings
    return f'\n<div class="fx-stats">{"".join(cards)}</div>\n', claims, findings


#: The characters a card's value shows at its full size on one line of a card a third of
#: a page wide; a longer one ("2.1 million IOPS") is sized to its card (blind22: it broke
#: onto three lines at 1280 px).
_SHORT_VALUE = 10


def _value_class(shown: str) -> str:
    """The class of a card's value: ``fx-stat-value--long`` too when it is long."""
    return "fx-stat-value" + (" fx-stat-value--long" if len(shown) > _SHORT_VALUE else "")
