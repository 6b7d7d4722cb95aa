"""What a writer is told about a bare figure in a field where a claim is not written as in prose.

:func:`fxsite.pages.advice.advise` chooses the figure (one only when exactly
one fits the value, unit and the field's own words); these say how to cite
it in the field: an ``evidence-table`` cell as its reference (``R1#figure``),
a headline card as a card of its own (``[1.9×](evidence:R1#figure) | …``),
and a plain-text field of a block (a caption, a chart's text) by moving it
out, into a row, a bar or the page's text. Where more than one figure fits,
or none does, the message lists the candidates and names none.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from fxsite.evidence.library import Library
from fxsite.evidence.quantities import format_quantity
from fxsite.pages.advice import Advice, advise

__all__ = ["card_message", "cell_message", "named_claims", "plain_message"]

#: A claim an advice's message names; ``ID#figure`` (no particular figure) is not one.
_CLAIM = re.compile(r"\[([^\]\n]*)\]\(evidence:([A-Za-z][A-Za-z0-9_]*#[a-z][a-z0-9_.]*)\)")
_NONE = "no record figure states this value"


def named_claims(advice: Advice) -> list[tuple[str, str]]:
    """The claims ``advice`` names, ``(link text, ref)``, the one meant first, each once."""
    out: list[tuple[str, str]] = []
    for text, ref in _CLAIM.findall(advice.message):
        if (text, ref) not in out:
            out.append((text, ref))
    return out


def _refs(claims: list[tuple[str, str]]) -> list[str]:
    return list(dict.fromkeys(ref for _, ref in claims))


def _shows(ref: str, library: Library) -> str:
    """``R1#figure (94 s)``: a reference and the value it renders."""
    record, _, name = ref.partition("#")
    fig = library.figure(record, name)
    if fig is None:
        return ref
    value = format_quantity(fig.low, fig.high, fig.unit, fig.decimals, fig.bound)
    return f"{ref} ({value.replace(chr(0xA0), ' ')})"


def _why(advice: Advice) -> str:
    return advice.reason or _NONE


def cell_message(shown: str, library: Library, context: str) -> str:
    """A bare figure in an ``evidence-table`` cell: write the cell as the reference meant."""
    advice = advise(shown, library, context=context)
    head = f"bare figure '{shown}' in a cell"
    claims = named_claims(advice)
    if advice.markdown is not None and claims:
        return f"{head}: write the cell as {claims[0][1]}"
    if claims:
        listed = ", ".join(_shows(ref, library) for ref in _refs(claims))
        return f"{head}: {_why(advice)}; write the cell as the one meant: {listed}"
    return (
        f"{head}: {_NONE}; write the cell as a reference to the record figure that "
        "states it (ID#figure), or remove it"
    )


def card_message(shown: str, library: Library, context: str) -> str:
    """A bare figure in a headline card's context: give it a card of its own."""
    advice = advise(shown, library, context=context)
    head = f"bare figure '{shown}' in a card's context (plain text)"
    claims = named_claims(advice)
    if advice.markdown is not None and claims:
        text, ref = claims[0]
        return (
            f"{head}: give it a card of its own, [{text}](evidence:{ref}) | …, "
            "and take it out of this context"
        )
    if claims:
        cards = ", ".join(f"[{text}](evidence:{ref}) | …" for text, ref in claims)
        return (
            f"{head}: {_why(advice)}; give the one meant a card of its own ({cards}) "
            "and take it out of this context"
        )
    return (
        f"{head}: {_NONE}; give it a card of its own citing its record "
        "([](evidence:ID#figure) | …), or remove it"
    )


def plain_message(
    shown: str, library: Library, context: str, where: str, home: Callable[[str], str]
) -> str:
    """A bare figure in a block's plain text (``where``): move it out, to ``home(ref)`` or the page's text.

    ``home`` says where a reference works in the block ("a row whose cell is R1#figure").
    """
    advice = advise(shown, library, context=context)
    head = f"bare figure '{shown}' in {where} (plain text)"
    claims = named_claims(advice)
    if advice.markdown is not None and claims:
        text, ref = claims[0]
        return (
            f"{head}: take it out and give it {home(ref)}, "
            f"or cite it in the page's text as [{text}](evidence:{ref})"
        )
    if claims:
        homes = ", ".join(_shows(ref, library) for ref in _refs(claims))
        cited = ", ".join(f"[{text}](evidence:{ref})" for text, ref in claims)
        return (
            f"{head}: {_why(advice)}; take it out and give the one meant "
            f"{home('its reference')} ({homes}), or cite it in the page's text ({cited})"
        )
    return f"{head}: {_NONE}; take it out, or give it {home('ID#figure')} once a record states it"
