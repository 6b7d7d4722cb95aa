"""Where a Markdown page cannot take a claim for a bare figure, and why.

The page reader finds a bare figure in the rendered page; its advice is a claim,
``[94 s](evidence:R1#save_time)``, written where the figure stands. Some places
take no such link, or one that states less than is written there:

* after a ``!``: the link is an image (``![94 s](…)``, refused: FX408);
* before an uncertainty (``94 s ± 2 s``): no record figure states the ``± 2 s``;
* inside another link's text or an image's alt text: links do not nest;
* in a link whose destination is an evidence URL in another case or escaped
  (``[84 s](EVIDENCE:R1#x)``): it is the writer's claim, mistyped;
* in a reference link no definition names (``[94 s][rr]`` without ``[rr]: …``), shown as
  text: its label is dropped;
* inside a raw HTML block: Python-Markdown does not read Markdown there.

:func:`link_refused` is the one rule: ``fxsite fix`` writes no claim there, and the
check's advice says why and what to do instead (:func:`advice_in_place`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from fxsite.pages.prose import defines

__all__ = ["OFFERS_A_CLAIM", "Unlinkable", "advice_in_place", "link_refused"]

# A paragraph opening with a block-level tag is raw HTML to Python-Markdown.
_HTML_BLOCK = re.compile(
    r"[ ]{0,3}<(?i:address|article|aside|blockquote|body|canvas|center|colgroup|dd|details|"
    r"div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hgroup|hr|html|iframe|"
    r"legend|li|main|map|math|menu|nav|noscript|object|ol|option|output|p|pre|progress|"
    r"script|section|style|summary|table|tbody|td|textarea|tfoot|th|thead|tr|ul|video)"
    r"(?=[\s/>])(?![^\n>]*\bmarkdown\b)"
)
#: An uncertainty after a figure: "94 s ± 2 s" is one statement (blind62).
_UNCERTAINTY = re.compile(r"[ \u00a0]*(?:±|\+/-|\+-)")
_LINK_REST = re.compile(r"[^\[\]\n]*\][(\[]")
#: An evidence URL a Markdown link does not read as one: another case, escaped.
_ALMOST_EVIDENCE = re.compile(r"(?!evidence:)(?i:evidence(?::|%3a))[^\s()]*")


@dataclass(frozen=True)
class Unlinkable:
    """Why no claim can be written at a place, and what the writer does instead."""

    reason: str
    instead: str


def link_refused(text: str, start: int, end: int) -> Unlinkable | None:
    """Why a Markdown link cannot go at ``text[start:end]`` (a Markdown page's source), or
    None where it can."""
    if start > 0 and text[start - 1] == "!":
        return Unlinkable(
            "after a '!', which would make the link an image", "write the '!' as '\\!'"
        )
    if _UNCERTAINTY.match(text, end):
        return Unlinkable(
            "it has an uncertainty (±), which no record figure states",
            "state the uncertainty in a record, or leave it out",
        )
    block = text.rfind("\n\n", 0, start)
    first = text[block + 2 if block >= 0 else 0 :].lstrip("\n")
    if _HTML_BLOCK.match(first):  # its links are text (blind82: not "links do not nest")
        return Unlinkable(
            "inside a raw HTML block, where Markdown links are not rendered",
            "write the block's tag with markdown (<div markdown>, with md_in_html), or the "
            "figure outside the block",
        )
    line_start = text.rfind("\n", 0, start) + 1
    before = text[line_start:start]
    opened = before.rfind("[")
    rest = _LINK_REST.match(text, end)
    if opened > before.rfind("]") and rest:
        dest = _ALMOST_EVIDENCE.match(text, rest.end()) if rest.group().endswith("(") else None
        if dest is not None:  # "[84 s](EVIDENCE:R1#x)": the writer's claim, mistyped
            return Unlinkable(
                f"in a link to '{dest[0]}', which is no evidence link as written",
                "write its scheme 'evidence:' in lower case, unescaped",
            )
        label = _undefined_label(text, before[opened + 1 :] + text[start : rest.end() - 2], rest)
        if label is not None:  # "[150,000 IOPS][rr]" with no "[rr]: …": shown as text
            return Unlinkable(
                f"in a reference link whose label {label} no definition names (Markdown "
                "shows it as text)",
                f"drop the label {label}",
            )
        image = opened > 0 and before[opened - 1] == "!"
        where = "an image's alt text" if image else "another link's text"
        return Unlinkable(
            f"inside {where}, where a claim cannot go (links do not nest)",
            "take the figure out of it",
        )
    return None


#: A reference's label after a link's text: "[rr]" of "[94 s][rr]", "[]" of "[94 s][]".
_LABEL = re.compile(r"\[([^\[\]\n]*)\]")


def _undefined_label(text: str, link_text: str, rest: re.Match[str]) -> str | None:
    """The label of the reference link whose text ends at ``rest`` (``][rr]``), as written
    and quoted (``'[rr]'``), where no definition in ``text`` names it
    (:func:`~fxsite.pages.prose.defines`); None for an inline link or a defined reference."""
    if not rest.group().endswith("]["):
        return None
    label = _LABEL.match(text, rest.end() - 1)
    if label is None or defines(text, label[1] or link_text):
        return None
    return f"'[{label[1]}]'"


#: The check's advice of a claim to write: "did you mean [94 s](evidence:R1#x)?".
_DID_YOU_MEAN = re.compile(r"did you mean (\[[^\]\n]*\]\(evidence:[^()\s]*\))\?")


#: A claim the check's advice offers, in any of its forms ("did you mean …?", "if one is
#: meant, cite it (…)", "cite the one meant: …", "cite its record as …").
OFFERS_A_CLAIM = "](evidence:"


def advice_in_place(message: str, refused: Unlinkable) -> str:
    """A bare figure's ``message`` whose advice is a claim written where it stands, told
    that it cannot be written there and what to do first: "did you mean X?" becomes "…,
    then cite it as X"; any other advice of a claim (:data:`OFFERS_A_CLAIM`) follows
    the reason (the message's head, ``bare figure '94 s'``, stays first)."""
    if _DID_YOU_MEAN.search(message):
        return _DID_YOU_MEAN.sub(
            lambda m: f"{refused.reason}: {refused.instead}, then cite it as {m[1]}",
            message,
            count=1,
        )
    head, colon, advice = message.partition("': ")
    if not colon:
        return message
    return f"{head}{colon}{refused.reason}: {refused.instead}, then cite it; {advice}"
