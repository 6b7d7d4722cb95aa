"""What a writer is told about a bare figure in a field where a claim is not written as in prose.

:func:`fxsite.pages.advice.advise` chooses the figure (one only when exactly
one fits the value, unit and the field's own words); these say how to cite
it in the field: an ``evidence-table`` cell as its reference (``R1#figure``),
a headline card as a card of its own (``[1.9×](evidence:R1#figure) | …``),
and a plain-text field by moving the figure out, into a row or a bar of its
block (a caption, a chart's text) or a claim where one is read (the page's
text, an FAQ answer, a record's notes); a page's title and description may
then repeat it. Where more than one figure fits, or none does, the message
lists the candidates and names none. The advice (and what it reads) is imported
with the first message worded: a build that refuses nothing words none.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from fxsite.evidence.library import Library
from fxsite.evidence.quantities import format_quantity
from fxsite.pages.claims import generic_claim_text
from fxsite.pages.header_units import Governed

if TYPE_CHECKING:
    from fxsite.pages.advice import Advice

__all__ = [
    "card_message",
    "cell_message",
    "chart_home",
    "named_claims",
    "plain_message",
    "row_home",
]

#: A claim an advice's message names; ``ID#figure`` (no particular figure) is not one.
_CLAIM = re.compile(r"\[([^\]\n]*)\]\(evidence:([A-Za-z][A-Za-z0-9_]*#[a-z][a-z0-9_.]*)\)")
_NONE = "no record figure states this value"


def named_claims(advice: Advice) -> list[tuple[str, str]]:
    """The claims ``advice`` names, ``(link text, ref)``, the one meant first, each once."""
    out: list[tuple[str, str]] = []
    for text, ref in _CLAIM.findall(advice.message):
        if ref != "ID#figure" and (text, ref) not in out:
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


def cell_message(shown: str, library: Library, context: str, read: Governed | None = None) -> str:
    """A bare figure in an ``evidence-table`` cell: write the cell as the reference meant.

    ``read``: the bare number ``shown`` read with the unit its column's header states.
    """
    from fxsite.pages.advice import advise

    advice = advise(read.found if read else shown, library, context=context)
    how = f" (read as '{read.found}', {read.said})" if read else ""
    head = f"bare figure '{shown}'{how} in a cell"
    claims = named_claims(advice)
    if advice.markdown is not None and claims:
        return f"{head}: write the cell as {claims[0][1]}"
    if claims:
        listed = ", ".join(_shows(ref, library) for ref in _refs(claims))
        return f"{head}: {_why(advice)}; write the cell as the one meant: {listed}"
    return (
        f"{head}: {_why(advice)}; write the cell as a reference to the record figure that "
        "states it (ID#figure), or remove it"
    )


def card_message(shown: str, library: Library, context: str) -> str:
    """A bare figure in a headline card's context: give it a card of its own."""
    from fxsite.pages.advice import advise

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
        f"{head}: {_why(advice)}; give it a card of its own citing its record "
        f"([{generic_claim_text(shown)}](evidence:ID#figure) | …), or remove it"
    )


def plain_message(
    shown: str,
    library: Library,
    context: str,
    where: str,
    *,
    home: Callable[[str], str | None] | None = None,
    cite_in: str = "the page's text",
    then: str = "",
) -> str:
    """A bare figure in plain text (``where``), where a claim is not read: cite it elsewhere.

    ``cite_in`` names where a claim can be written ("its answer"); ``home``,
    where a reference works in the same block ("a row whose cell is R1#figure"),
    or None where it does not for that figure (a bar of another unit).
    ``then`` says what the field may do once the page cites the figure ("the
    description may then repeat it"): the figure may stay; without it, it is taken out.
    """
    from fxsite.pages.advice import advise

    advice = advise(shown, library, context=context)
    head = f"bare figure '{shown}' in {where} (plain text)"
    claims = named_claims(advice)
    one = advice.markdown is not None and bool(claims)
    claims = claims[:1] if one else claims
    refs = [r for r in _refs(claims) if home is not None and home(r) is not None]
    meant = "it" if one else "the one meant"
    block = ""
    if home is not None and refs:
        choice = refs[0] if one else "one of " + ", ".join(_shows(r, library) for r in refs)
        block = f"give {meant} {home(choice)}, or "
    listed = ", ".join(f"[{text}](evidence:{ref})" for text, ref in claims)
    if one:
        cite = f"cite it in {cite_in} as {listed}"
    elif claims:
        cite = f"cite the one meant in {cite_in} ({listed})"
    else:
        cite = f"cite its record in {cite_in} ([{generic_claim_text(shown)}](evidence:ID#figure))"
    why = "" if one else f"{_why(advice)}; "
    if then:
        return f"{head}: {why}{block}{cite} ({then}), or remove it"
    return f"{head}: {why}take it out and {block}{cite}"


def row_home(ref: str) -> str:
    """Where a reference works in an ``evidence-table``: a row's cell."""
    return f"a row whose cell is {ref}"


def chart_home(data: dict[str, Any], library: Library) -> Callable[[str], str | None]:
    """Where a figure ``ref`` works in a chart (``data``, as its YAML reads): a bar, when it
    has the unit of the chart's bars."""
    bars = [data.get("bars")]
    groups = data.get("groups")
    bars += (
        [g.get("bars") for g in groups if isinstance(g, dict)] if isinstance(groups, list) else []
    )
    refs = [
        b.get("ref") for some in bars if isinstance(some, list) for b in some if isinstance(b, dict)
    ]
    units = {f.unit for r in refs if isinstance(r, str) and (f := library.figures.get(r.strip()))}

    def home(ref: str) -> str | None:
        fig = library.figures.get(ref)
        if fig is None:  # a choice of references ("one of R1#a, R2#b")
            return f"a bar whose ref is {ref}"
        if units and units != {fig.unit}:
            return None
        return f"a bar ({{label: …, ref: {ref}}})"

    return home
