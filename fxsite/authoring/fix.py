"""``fxsite fix``: bare figures rewritten into claims where one record figure fits them.

:func:`fix_page` is pure. It asks the rule engine everything: the bare figures
are the FX501 findings of :func:`~fxsite.markdown.check_page` (as ``check``),
and the claim to write is the one their message suggests
(:func:`~fxsite.pages.judge.bare_advice`, :mod:`fxsite.pages.advice`). A figure
is rewritten only when exactly one active record figure states its value and
unit and fits the words around it, and rewrites are kept
only when the page, checked again, has exactly the findings it had minus those
bare figures (all rewrites are tried at once first, then, if that fails, one by
one from the top of the page): a claim that would be refused (a heading's title, a front-matter
field, a one-sided figure without its bound word) is left as it was and
reported with the reason. Running it again changes nothing.
"""

from __future__ import annotations

import difflib
import json
import re
from collections import Counter
from dataclasses import dataclass, field

from fxsite.authoring.fix_types import Change, Unfixed, offset_of
from fxsite.authoring.repoint import claims_left, repoint
from fxsite.evidence.library import Library
from fxsite.findings import Finding
from fxsite.markdown import PageRenderer, check_page
from fxsite.pages.advice import Advice, advise
from fxsite.pages.claims import check_href
from fxsite.pages.frontmatter import split_front_matter
from fxsite.pages.judge import bare_advice
from fxsite.pages.link_place import link_refused

__all__ = ["Change", "FixResult", "Unfixed", "fix_page", "unified_diff"]

#: How many candidate figures an unfixed figure lists.
MAX_CANDIDATES = 5


@dataclass
class FixResult:
    """The page after :func:`fix_page`, and what was and was not changed."""

    path: str
    source: str
    text: str
    changes: list[Change] = field(default_factory=list)
    unfixed: list[Unfixed] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return self.text != self.source


def _key(finding: Finding) -> tuple[str, str, str | None]:
    # Positions move when a claim is inserted; what a finding says does not.
    return (finding.code, finding.message, finding.text)


Checked = tuple[list[Finding], list[Advice | None]]


def _findings(text: str, path: str, library: Library, renderer: PageRenderer | None) -> Checked:
    """Every finding of the page as ``check`` reports it, and each bare figure's advice."""
    html, findings = check_page(text, path, library, check_href, renderer)
    return findings, _advices(text, findings, bare_advice(html, library), library)


def _advices(
    source: str, findings: list[Finding], advised: list[tuple[str, Advice]], library: Library
) -> list[Advice | None]:
    """The advice of each bare figure (None for other findings), as its message gives it.

    The page reader's advice is matched in document order by the text shown.
    A front-matter field is not in the rendered content: it is advised on its line.
    Where the check's message does not offer that claim in place (a field that
    takes none: a table cell, a card's context, a title), nothing is written and
    the message's own advice is the reason.
    """
    front = split_front_matter(source)[2]
    lines = source.split("\n")
    out: list[Advice | None] = []
    at = 0
    for finding in findings:
        if finding.code != "FX501" or not finding.text:
            out.append(None)
            continue
        match = None
        if finding.line > front:
            match = next(
                (j for j in range(at, len(advised)) if advised[j][0] == finding.text), None
            )
        if match is None:
            line = lines[finding.line - 1] if finding.line <= len(lines) else ""
            out.append(_as_told(finding, advise(finding.text, library, context=line), lines))
            continue
        at = match + 1
        out.append(_as_told(finding, advised[match][1], lines))
    return out


def _as_told(finding: Finding, advice: Advice, lines: list[str]) -> Advice:
    """``advice``, when the check's message offers its claim in place; else the message's advice.

    A table cell that is the figure alone, unquoted, is written as the reference
    its message names.
    """
    if advice.markdown is None or f"did you mean {advice.markdown}?" in finding.message:
        return advice
    # The message's advice, without its "bare figure '94 s':" (fix says "not fixed '94 s':").
    told = finding.message.removeprefix(f"bare figure '{finding.text}'").lstrip(": ")
    cell = _CELL_REF.search(told)
    if cell is not None and _whole_cell(lines, finding):
        return Advice(finding.message, cell[1], advice.candidates)
    return Advice(finding.message, None, advice.candidates, told)


#: A cell's message naming the one reference to write (:func:`fxsite.pages.field_advice.cell_message`).
_CELL_REF = re.compile(r"in a cell: write the cell as ([A-Za-z][A-Za-z0-9_]*#[a-z][a-z0-9_.]*)$")


def _whole_cell(lines: list[str], finding: Finding) -> bool:
    """The figure is a whole unquoted item of a YAML row (``[Run, 94 s]``, ``- 94 s``)."""
    line = lines[finding.line - 1] if finding.line <= len(lines) else ""
    start = finding.col - 1
    end = start + len(finding.text or "")
    if line[start:end] != finding.text:
        return False
    before, after = line[:start].rstrip(), line[end:].lstrip()
    item = before.endswith(("[", ",")) or before.strip() == "-"
    return item and after[:1] in {",", "]", ""}


def _next_bare(checked: Checked, text: str, cursor: int) -> tuple[Finding, Advice, int] | None:
    """The first bare figure at or after offset ``cursor``, with its advice and offset."""
    found = []
    for finding, advice in zip(*checked, strict=True):
        if advice is not None and finding.text:
            offset = offset_of(text, finding.line, finding.col)
            if offset >= cursor:
                found.append((offset, finding, advice))
    if not found:
        return None
    offset, finding, advice = min(found, key=lambda item: item[0])
    return finding, advice, offset


def _copies(
    finding: Finding,
    markup: str,
    got: Counter[tuple[str, str, str | None]],
    expected: Counter[tuple[str, str, str | None]],
) -> int:
    """How many other findings of the same figure the claim lets pass, as copies of it a
    page may show (an image's alt text: the check's own advice does the same, blind22);
    0 when the claim changes anything else. A copy repeats the figure or the claim's
    text: "about 94 s" cited as ``about [94 s](…)`` lets a description's "94 s" pass
    (blind62: refused on a first run, fixed on the next)."""
    if got - expected:
        return 0
    gone = expected - got
    claimed = _CLAIM_TEXT.search(markup)
    texts = {finding.text, claimed[1] if claimed else None}
    if any(text not in texts for _, _, text in gone):
        return 0
    return sum(gone.values())


#: The link text of the claim a rewrite writes.
_CLAIM_TEXT = re.compile(r"\[([^\]]*)\]\(evidence:")


def _rejection(
    markup: str, after: list[Finding], expected: Counter[tuple[str, str, str | None]]
) -> str:
    got = Counter(_key(f) for f in after)
    new = [f for f in after if (got - expected)[_key(f)] > 0]
    if new:
        return f"the claim {markup} would not pass: {new[0].message}"
    hidden = [text for (_, _, text) in (expected - got).elements() if text]
    return (
        f"the claim {markup} would hide {', '.join(repr(t) for t in hidden)} from the check; "
        "cite by hand"
    )


def _misplaced(text: str, start: int, end: int) -> str | None:
    """Why no claim is written at ``text[start:end]`` (:func:`~fxsite.pages.link_place.link_refused`)."""
    refused = link_refused(text, start, end)
    return None if refused is None else f"{refused.reason}; cite it by hand"


def _not_found(text: str, start: int, end: int, markdown: str) -> str:
    """Why a bare figure's text is not at the place the check reported it."""
    around = text[max(0, start - 1) : end + len("</code>")].lower()
    if "`" in around or "<code" in around or "</code" in around:
        # "`94` s" shows "94 s": the figure is drawn across the code's edge
        return f"split by inline code: write it whole, outside the code, as {markdown}"
    if "\n" in text[start:end]:
        # "roughly\n6.4 GB/s": a line break in the figure, drawn as a space (blind89: told
        # "written with markup")
        written = " ".join(text[start:end].split())
        return f"broken across lines ('{written}'): put it on one line and cite it as {markdown}"
    # "*94* s", "94&nbsp;s", "94<tab>s": drawn as the figure, written with markup, an
    # entity or a space of another kind between its characters (blind62: "not found")
    line_end = text.find("\n", start)
    first = start
    while first > 0 and text[first - 1] in "*_~=^+":
        first -= 1
    written = text[first : line_end if line_end >= 0 else len(text)][: end - first + 12]
    return (
        f"written with markup or an entity inside it ('{written.strip()}'): write it "
        f"plainly and cite it as {markdown}"
    )


def _unstated(line: int, col: int, text: str, advice: Advice) -> Unfixed:
    """A figure no single record figure fits: the advice's reason and candidates."""
    return Unfixed(line, col, text, advice.reason, advice.candidates[:MAX_CANDIDATES])


def _all_at_once(
    source: str,
    path: str,
    library: Library,
    checked: Checked,
    renderer: PageRenderer | None,
) -> FixResult | None:
    """Every rewrite in one go, kept when one check shows them all good, else None.

    The usual case costs two checks of the page instead of one per figure.
    """
    counts = Counter(_key(f) for f in checked[0])
    planned: list[tuple[int, Finding, str]] = []
    unfixed: list[Unfixed] = []
    for finding, advice in zip(*checked, strict=True):
        if advice is None or not finding.text:
            continue
        start = offset_of(source, finding.line, finding.col)
        if advice.markdown is None:
            unfixed.append(_unstated(finding.line, finding.col, finding.text, advice))
            continue
        if source[start : start + len(finding.text)] != finding.text:
            return None
        misplaced = _misplaced(source, start, start + len(finding.text))
        if misplaced is not None:
            unfixed.append(
                Unfixed(finding.line, finding.col, finding.text, misplaced, advice.candidates)
            )
            continue
        planned.append((start, finding, advice.markdown))
    if not planned:
        return None
    text = source
    for start, finding, markup in sorted(planned, key=lambda p: p[0], reverse=True):
        assert finding.text is not None
        text = text[:start] + markup + text[start + len(finding.text) :]
    expected = counts - Counter(_key(f) for _, f, _ in planned)
    if Counter(_key(f) for f in _findings(text, path, library, renderer)[0]) != expected:
        return None
    result = FixResult(path, source, text, unfixed=sorted(unfixed, key=lambda u: (u.line, u.col)))
    for _, finding, markup in sorted(planned, key=lambda p: p[0]):
        assert finding.text is not None
        result.changes.append(Change(finding.line, finding.col, finding.text, markup))
    return result


def fix_page(
    source: str, path: str, library: Library, renderer: PageRenderer | None = None
) -> FixResult:
    """Rewrite the bare figures of one page (``\\n`` line ends) that one figure fits, after
    pointing its claims to superseded records at the records superseding them
    (:func:`~.repoint.repoint`).

    ``renderer``: the project's Markdown configuration (``Project.renderer``), as
    ``check`` renders the page; by default plain Python-Markdown.
    """
    repointed, moved, stayed = repoint(source, path, library, renderer)
    result = _fix_bare(repointed, path, library, renderer)
    result.source = source
    result.changes[:0] = moved
    result.unfixed[:0] = stayed
    result.unfixed += claims_left(result.text, path, library, renderer)
    return result


def _fix_bare(source: str, path: str, library: Library, renderer: PageRenderer | None) -> FixResult:
    """The bare figures of the page rewritten (:func:`fix_page`)."""
    checked = _findings(source, path, library, renderer)
    at_once = _all_at_once(source, path, library, checked, renderer)
    if at_once is not None:
        return at_once
    result = FixResult(path, source, source)
    front_lines = split_front_matter(source)[2]
    current = source
    counts = Counter(_key(f) for f in checked[0])
    # Front to back: each step checks the page again, so later positions are
    # read from the page as it now is ("3.26 -> 6.40 GB/s" keeps its context).
    shift: dict[int, int] = {}  # line -> characters inserted so far on it
    cursor = 0
    while (item := _next_bare(checked, current, cursor)) is not None:
        finding, advice, start = item
        assert finding.text is not None
        end = start + len(finding.text)
        cursor = end
        line, col = finding.line, finding.col - shift.get(finding.line, 0)
        refs = advice.candidates
        if advice.markdown is None:
            result.unfixed.append(_unstated(line, col, finding.text, advice))
            continue
        if current[start:end] != finding.text:
            reason = _not_found(current, start, end, advice.markdown)
            result.unfixed.append(Unfixed(line, col, finding.text, reason, refs))
            continue
        misplaced = _misplaced(current, start, end)
        if misplaced is not None:
            result.unfixed.append(Unfixed(line, col, finding.text, misplaced, refs))
            continue
        markup = advice.markdown
        candidate = current[:start] + markup + current[end:]
        quoted = _quoted(candidate, start) if finding.line <= front_lines else None
        candidate = quoted or candidate  # "a: [94 s](…) …" is a YAML list, so it is quoted
        checked_after = _findings(candidate, path, library, renderer)
        after = checked_after[0]
        expected = counts - Counter([_key(finding)])
        got = Counter(_key(f) for f in after)
        copies = _copies(finding, markup, got, expected)
        if got != expected and not copies:
            reason = _rejection(markup, after, expected)
            if finding.line <= front_lines:
                reason = (
                    "in the front matter a claim stands only in an FAQ answer (faq: - a:) "
                    "written on one line; cite the figure by hand, or in the page's body"
                )
            result.unfixed.append(Unfixed(line, col, finding.text, reason, refs))
            continue
        grown = len(candidate) - len(current)
        cursor = start + len(markup)
        if quoted is not None:  # past the end of the line quoted
            line_end = candidate.find("\n", start)
            cursor = len(candidate) if line_end == -1 else line_end
        current, checked, counts = candidate, checked_after, got
        shift[finding.line] = shift.get(finding.line, 0) + grown
        result.changes.append(Change(line, col, finding.text, markup, copies))
    result.text = current
    return result


#: A front-matter line holding a plain scalar: ``key: value`` or ``- key: value``.
_PLAIN_LINE = re.compile(r"(?P<key>[ \t]*(?:-[ \t]+)?[\w-]+:[ \t]+)(?P<value>[^'\"|>\s].*)")


def _quoted(text: str, at: int) -> str | None:
    """``text`` with the front-matter line holding ``at`` quoted, when its value is a plain
    scalar that starts with a claim: YAML would else read it as a list (blind38). A JSON
    string is a YAML double-quoted scalar. None when the line is left as it is."""
    first = text.rfind("\n", 0, at) + 1
    last = text.find("\n", at)
    last = len(text) if last == -1 else last
    line = _PLAIN_LINE.fullmatch(text, first, last)
    if line is None or not line["value"].startswith("["):
        return None
    return text[:first] + line["key"] + json.dumps(line["value"], ensure_ascii=False) + text[last:]


def unified_diff(result: FixResult) -> str:
    """The change as a unified diff of ``a/PATH`` and ``b/PATH``; empty when none."""
    lines = difflib.unified_diff(
        result.source.splitlines(keepends=True),
        result.text.splitlines(keepends=True),
        fromfile=f"a/{result.path}",
        tofile=f"b/{result.path}",
    )
    out = []
    for line in lines:
        out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(out)
