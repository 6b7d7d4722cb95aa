"""Claims to a superseded record, pointed at the record that supersedes it (``fxsite fix``).

A claim to a superseded record is refused (FX407: "cite that instead", blind72: a record
superseded left some 25 such claims, and ``fix`` did nothing for them). Where the record
named by ``superseded_by`` is active and has a figure of the same name, the claim's
destination is rewritten, ``evidence:M1#read`` to ``evidence:M2#read``, wherever the page
writes it (an inline link, a reference definition). Decisions:

* A rewrite is kept only when the page, checked again, has the findings it had less that
  claim's FX407 (a finding's code, message and text: positions move). Where the new figure
  states another value, the claim's text no longer passes, and the claim is left and
  reported with what the new figure states: the text on a page is the writer's to change,
  never the tool's.
* A successor that is itself superseded or retracted, or unknown, or that has no figure of
  the name, is reported and nothing is written (following a chain of records is the
  writer's call).
* Destinations are rewritten from the page's end, so each one's place in the page as it
  was stays right for the ones before it; each is judged with the rewrites after it kept.

Every other claim the page's check refuses (its text no longer the value its record
states, after the record changed; an unknown figure) is left, and told with the check's
message (:func:`claims_left`): ``fix`` said "0 left to cite by hand" while ``check``
refused them (blind72).
"""

from __future__ import annotations

import re
from collections import Counter

from fxsite.authoring.fix_types import Change, Unfixed
from fxsite.evidence.library import Library
from fxsite.evidence.quantities import format_quantity
from fxsite.evidence.refs import FigureRef
from fxsite.findings import Finding
from fxsite.markdown import PageRenderer, check_page
from fxsite.pages.claims import check_href

__all__ = ["claims_left", "repoint"]

#: An evidence link's destination, wherever the page writes it.
_DEST = re.compile(
    r"evidence:(?P<record>[A-Za-z][A-Za-z0-9_]{0,31})#(?P<figure>[a-z][a-z0-9_]{0,63})"
)


def _keys(findings: list[Finding]) -> Counter[tuple[str, str, str | None]]:
    return Counter((f.code, f.message, f.text) for f in findings)


def _line_col(text: str, at: int) -> tuple[int, int]:
    line = text.count("\n", 0, at) + 1
    return line, at - (text.rfind("\n", 0, at) + 1) + 1


def _successor(record_id: str, figure: str, library: Library) -> tuple[FigureRef | None, str]:
    """The figure a claim to superseded ``record_id#figure`` may cite, or None and why."""
    record = library.records[record_id]
    successor = record.superseded_by or ""
    after = library.records.get(successor)
    if after is None:
        return None, f"{record_id} is superseded by {successor!r}, which is not a record"
    if after.status != "active":
        return None, f"{record_id} is superseded by {successor}, which is {after.status} too"
    if library.figure(successor, figure) is None:
        return None, f"{successor}, which supersedes {record_id}, has no figure '{figure}'"
    return FigureRef(successor, figure), ""


def repoint(
    source: str, path: str, library: Library, renderer: PageRenderer | None = None
) -> tuple[str, list[Change], list[Unfixed]]:
    """``source`` with each claim to a superseded record pointed at the record that
    supersedes it where the claim's text passes there; what changed, and what did not."""
    superseded = [
        m
        for m in _DEST.finditer(source)
        if (r := library.records.get(m["record"])) is not None and r.status == "superseded"
    ]
    if not superseded:
        return source, [], []
    current = source
    before = _keys(check_page(current, path, library, check_href, renderer)[1])
    changes: list[Change] = []
    unfixed: list[Unfixed] = []
    for match in reversed(superseded):
        line, col = _line_col(source, match.start())
        ref, why = _successor(match["record"], match["figure"], library)
        if ref is None:
            unfixed.append(Unfixed(line, col, match[0], why))
            continue
        dest = f"evidence:{ref}"
        candidate = current[: match.start()] + dest + current[match.end() :]
        after = _keys(check_page(candidate, path, library, check_href, renderer)[1])
        if after - before or sum(after.values()) >= sum(before.values()):
            new = library.figure(ref.record, ref.name)
            assert new is not None  # _successor found it
            shown = format_quantity(new.low, new.high, new.unit, new.decimals, new.bound)
            shown = shown.replace("\u00a0", " ")  # as a writer types it
            said = f"{new.ref} states {shown}: write it in the claim's text, then run fix"
            unfixed.append(Unfixed(line, col, match[0], said, (new.ref,)))
            continue
        current, before = candidate, after
        changes.append(Change(line, col, match[0], dest))
    return current, changes[::-1], unfixed[::-1]


def claims_left(
    text: str, path: str, library: Library, renderer: PageRenderer | None
) -> list[Unfixed]:
    """The claims ``text``'s check refuses, as what ``fix`` leaves (a superseded record's,
    FX407, :func:`repoint` tells already)."""
    findings = check_page(text, path, library, check_href, renderer)[1]
    return [
        Unfixed(f.line, f.col, f.text or "", f"{f.code} {f.message}")
        for f in findings
        if f.code.startswith("FX4") and f.code != "FX407" and f.severity == "error"
    ]
