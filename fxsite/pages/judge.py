"""The page rules, applied to what Markdown rendered of a page: the one reader.

A page is judged once, on its rendered content (the HTML Python-Markdown
makes of it, with the project's own extensions, claims already rendered), by
the same reader the build's last gate uses on published files
(:func:`fxsite.verify.scan.scan_content`). So a figure split by a line wrap,
``&nbsp;``, emphasis (``*1.9*x``), a comment, a look-alike letter or a
footnote is read as a reader reads it, by ``fxsite check``, by the build and
by the standalone Markdown extension alike.

What the page shows must be a claim: every figure the detector finds there is
bare (FX501), whatever class its element has; an attribute a reader is shown
(``title``, ``alt``…) may only repeat a claim of the page, as the gate allows on
a published page; an abbreviation's title, drawn on each use of the abbreviation
and written once, is reported once. Characters glued to a claim (FX503) and invisible or
direction-control characters (FX502) are the reader's own findings; so are an
element at the top of the page reordered by CSS, whatever its text (FX504,
:mod:`fxsite.pages.top_order`), and, as warnings, what the page draws from where
no reading reaches (a ``<base href>``, a frame: FX507). The charts
fxsite drew from the page's checked blocks are not read here (their bars are
claims, checked with the block); the gate draws each again from the evidence
and compares. The sections filled in after rendering (Data sources, related
reading, record pages' bodies) are made from judged data and checked by the gate.

Findings are placed at 1:1 with the text they quote; the caller places them
in the source (:class:`fxsite.pages.locate.SourceLocator`).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from fxsite.evidence.numerals import APPROX_WORDS, BOUND_WORDS, word_alternation
from fxsite.findings import Finding
from fxsite.pages.figure_vocab import A_UNIT_BOUNDS, RANGE_SEP
from fxsite.pages.lazyre import LazyPattern
from fxsite.pages.read_content import read_content

if TYPE_CHECKING:
    from fxsite.pages.advice import Advice
    from fxsite.verify.copies import Allowed
    from fxsite.verify.scan import FileScan
    from fxsite.verify.sheets import PageSheets

__all__ = [
    "GOVERNED",
    "bare_advice",
    "cursor_kind",
    "governed_claims",
    "judge_plain",
    "judge_rendered",
    "told_by",
    "told_in",
]


def judge_rendered(
    html: str,
    path: str,
    library: Any,
    refused: Iterable[str] = (),
    passed: Callable[[str, int, bool], object] | None = None,
    drawn: Collection[str] = (),
    elsewhere: Collection[str] = (),
    rendered: Collection[str] | None = None,
    sheets: PageSheets | None = None,
) -> list[Finding]:
    """Every finding of a page's rendered content ``html``, at 1:1, in document order.

    ``refused``: the texts of the page's refused claims, which render as their
    plain text; each was reported as a claim, and is not reported again as bare.
    ``passed`` is told each figure so passed over, in order, with how many findings
    come before it (a locator keeps its place: the next figure is placed after it), and
    each number or attribute read and not reported (True: the numbers of
    :attr:`~fxsite.verify.scan.FileScan.numbers`, an attribute repeating a claim). ``drawn``: the
    ids of the charts fxsite drew from the page's checked blocks, which are not
    read (the gate draws each again from the evidence and compares); every other
    element is read, whatever its class says. ``elsewhere``: strings judged where
    they are written (the configuration's); a figure in a run that is one of them
    (a heading permalink's title), or a heading's permalink or a footnote's back link
    written from one (:func:`_without_config_links`), is not reported again. ``rendered``: the refs of the
    claims fxsite rendered on the page from ``evidence:`` links, one per claim; a
    claim element (``a[data-fx-ref]``) beyond them was written by hand, and is
    refused as a bare figure (FX501, :func:`_forged`). ``sheets``: the stylesheet files the
    page loads (``extra_css``, its ``<link rel=stylesheet>``), whose rules apply as its
    ``<style>`` blocks' do (:mod:`fxsite.verify.sheets`).
    """
    from fxsite.verify.copies import Allowed
    from fxsite.verify.scan import scan_content
    from fxsite.verify.sheets import NO_SHEETS
    from fxsite.verify.visible import normalise

    content = read_content(html, drawn, elsewhere)
    scan = scan_content(content, sheets or NO_SHEETS)
    findings = _reader_findings(scan, content, path)
    claims = scan.page.claims if scan.page is not None else []
    forged = _forged(claims, rendered)
    cited = [normalise(c.text) for c in claims if c not in forged]
    own = Allowed([*cited, *scan.phrases])
    # what each record figure the page cites shows, for an attribute's advice
    shows = {c.attrs.get("data-fx-ref", ""): text for c, text in zip(claims, cited, strict=False)}
    read = _bare_figures(
        scan, findings, path, library, (own, shows), Counter(refused), elsewhere, passed
    )
    findings += [_forged_finding(node, path) for node in forged]
    if passed is not None:
        _pass_read(read, findings, passed)
    if scan.page is not None:
        page_claims = scan.page.claims
        governed = [g for g in scan.governed if page_claims[g[0]] not in forged]
        findings += governed_claims(page_claims, governed, path, library)
    return findings


def _reader_findings(scan: FileScan, content: str, path: str) -> list[Finding]:
    """The reader's own findings (glued, invisible characters), what the page draws from
    where no reading reaches (warnings), and an element at the top of the page moved."""
    from fxsite.pages.top_order import top_level_moves
    from fxsite.verify.generated_parts import stray_mark

    findings = [Finding(path, 1, 1, *_judged(local), text=local.text) for local in scan.local]
    # What the page draws from where no reading reaches (a <base href>, a frame): told.
    notes = scan.page.notes if scan.page is not None else []
    findings += [
        Finding(path, 1, 1, n.code, n.message, "warning", n.text)
        for n in notes
        if n.severity == "warning"
    ]
    # A trust mark written by hand (blind68: "measured" beside an estimate's claim).
    parts = scan.page.parts if scan.page is not None else []
    findings += [
        Finding(path, 1, 1, "FX612", stray_mark(p), text=p.label)
        for p in parts
        if p.kind == "stray-mark"
    ]
    # An element at the top of the page, moved among what the theme draws: whatever its text.
    noted = {(f.code, f.text) for f in findings}
    findings += [
        Finding(path, 1, 1, code, message, text=text)
        for code, message, text in top_level_moves(content)
        if (code, text) not in noted
    ]
    return findings


def _bare_figures(
    scan: FileScan,
    findings: list[Finding],
    path: str,
    library: Any,
    cited: tuple[Allowed, Mapping[str, str]],
    unreported: Counter[str],
    elsewhere: Collection[str],
    passed: Callable[[str, int, bool], object] | None,
) -> list[tuple[int, str]]:
    """Each figure the detector read on the page, bare (FX501) unless a refused claim's
    text tells it, a configuration string holds it, or an attribute repeats a claim of
    the page (``cited``: the page's claims as shown, and each shown by its figure's
    reference); appended to ``findings``. Returns the texts read and not reported, each
    with how many findings come before it."""
    from fxsite.verify.copies import covered

    # An abbreviation's title is written once (``*[GB]: …``) and drawn on every use.
    abbreviated: set[tuple[str, str]] = set()
    numbers = iter(scan.numbers)
    number = next(numbers, None)
    read: list[tuple[int, str]] = []  # texts read and not reported, with findings before
    # A refused claim's text read as it is tells that reading first: a figure read before
    # it that is only part of it ("94" of a table, before an evidence table's refused
    # "94 s") is no part of it (blind62: the one went unreported, the other twice).
    exact = Counter(f.shown for f in scan.candidates if f.block not in elsewhere)
    reserved = Counter({t: min(k, exact[t]) for t, k in unreported.items() if k > 0})
    # A refused claim whose text is never read whole ("4:1 or better", "4:1+") is read as a
    # first part of it ("4:1"): that reading tells it first, so the texts of the refused claims
    # that are that part stay for readings with a bound word before them ("More than
    # 4:1"; blind73, finding 13: they were used up, and those readings were reported).
    wholes = _read_in_part(unreported, exact)
    for n, found in enumerate(scan.candidates):
        while number is not None and number[0] <= n:
            read.append((len(findings), number[1]))
            number = next(numbers, None)
        if found.block in elsewhere:
            continue
        if found.role == "abbr@title":
            if (found.block, found.shown) in abbreviated:
                continue
            abbreviated.add((found.block, found.shown))
        # The detector may read part of a refused claim's text ("$2.50" of "$2.50 per hour"),
        # or it with the loose or bound word before it ("低至0.42毫秒": blind24).
        if found.channel == "attribute":
            # an attribute is judged as one: never told by a finding of the page's text, which
            # it would take from the text told (blind66: an alt text's "3x" took the FAQ
            # question's, whose rendering was then told again, placed at the question)
            told = []
        elif (whole := _whole_left(wholes.get(found.shown, ()), unreported)) is not None:
            reserved[found.shown] -= 1  # one reading fewer of the text itself to come
            told = [whole]
        elif reserved.get(found.shown, 0) > 0:
            reserved[found.shown] -= 1
            told = [found.shown]
        else:
            told = told_by(found.shown, unreported - reserved)
        if told:
            unreported.subtract(told)
            if len(told) == 1 and found.shown != told[0] and found.shown in told[0]:
                # the rest of that claim's text tells its other figures ("94 s code 5 s"
                # tells 94 s, then 5 s: blind60)
                unreported[told[0].replace(found.shown, "\0", 1)] += 1
            if passed is not None:
                passed(found.shown, len(findings), False)
            continue
        # An attribute (a title, an alt text) may repeat a claim the page cites: read where
        # it is written (an abbreviation's title, drawn on each use, is written once).
        if found.role and covered(found.block, found.start, found.end, [cited[0]]):
            if found.role != "abbr@title":
                read.append((len(findings), found.shown))
            continue
        message = _attribute_message(found, library, cited[1]) or found.message(library)
        findings.append(Finding(path, 1, 1, "FX501", message, text=found.shown))
    return read


def _read_in_part(unreported: Counter[str], exact: Counter[str]) -> dict[str, list[str]]:
    """For each text read whole (a key of ``exact``), the refused claims' texts that begin
    with it and are never read whole themselves ("4:1 or better" for "4:1"), in the page's
    order. A text's later figures are told by what is left of it (``"\0 code 5 s"``,
    :func:`_bare_figures`), not here. Once per page, in n log n: the texts that begin with
    one stand together in sorted order, found by bisection."""
    order = {t: i for i, (t, n) in enumerate(unreported.items()) if n > 0 and exact[t] == 0}
    if not order:
        return {}
    unread = sorted(order)
    found: dict[str, list[str]] = {}
    for part in exact:
        at, holding = bisect_left(unread, part), []
        while at < len(unread) and unread[at].startswith(part):
            holding.append(unread[at])
            at += 1
        if holding:
            found[part] = sorted(holding, key=order.__getitem__)
    return found


def _whole_left(holding: Iterable[str], unreported: Counter[str]) -> str | None:
    """The first of ``holding`` whose refused claim is not told yet, or None."""
    return next((t for t in holding if unreported[t] > 0), None)


def _forged_finding(node: Any, path: str) -> Finding:
    """FX501 for a claim element fxsite did not render from an evidence link."""
    ref = node.attrs.get("data-fx-ref", "")
    message = (
        f"bare figure '{node.text}': marked as a claim to {ref} (data-fx-ref), which fxsite "
        f"did not render from an evidence link; write [{node.text}](evidence:{ref})"
    )
    return Finding(path, 1, 1, "FX501", message, text=node.text)


#: The loose and bound words, and the sign ("+[96%](…)"), a claim may be read with when
#: its link is refused.
_QUALIFIED = LazyPattern(
    rf"(?:(?i:{word_alternation([*BOUND_WORDS, *APPROX_WORDS])})\s?|[+\-\u2212]"
    # the word before a bound said with "a"/"an": "in [under a second](…)" (blind89)
    rf"|(?i:{word_alternation(w.split()[0] for w in A_UNIT_BOUNDS)})\s)\Z"
)


#: A number going on past a refused claim's text ("9" of "94 s", "1" of "1.5 s").
_DIGITS_ON = re.compile(r"[.,]?\d")


#: What may join refused claims' texts into one figure read: "[3.26](…) to [6.40 GB/s](…)".
_JOINED = re.compile(rf"(?:{RANGE_SEP}|\s|,|/|(?i:and|or))*")


def told_by(found: str, unreported: Counter[str]) -> list[str]:
    """The refused claims' texts that tell a figure read, each once; none when they do not.

    One text tells it (:func:`told_in`), or several joined by range words and
    separators only ("3.26 to 6.40 GB/s" over two refused claims): each claim's finding
    already tells the figure, and the words between state none.
    """
    if unreported.get(found, 0) > 0:  # the claim's text itself, the usual case
        return [found]
    left = [t for t, n in unreported.items() if n > 0]
    one = next((t for t in left if told_in(found, t)), None)
    if one is not None:
        return [one]
    inside = [t for t in left if t and t in found]  # each a substring: one scan of each
    if len(inside) < 2:
        return []
    used: list[str] = []
    rest = found
    for text in sorted(inside, key=len, reverse=True):
        for _ in range(min(unreported[text], rest.count(text))):
            rest = rest.replace(text, "\0", 1)
            used.append(text)
    if len(used) > 1 and _JOINED.fullmatch(rest.replace("\0", "")):
        return used
    return []


def told_in(found: str, claim: str) -> bool:
    """Whether a figure read is a refused claim's text (or part of it), that text with
    a loose or bound word or a sign before it, or with the words after it that make it a
    figure ("[1](…) million euros" reads "1 million euros": blind66, a second finding
    placed at another "1" of the page), which the claim's finding already tells."""
    if found in claim:
        return True
    if claim and found.startswith(claim) and not _DIGITS_ON.match(found, len(claim)):
        return True
    return found.endswith(claim) and _QUALIFIED.fullmatch(found[: -len(claim)]) is not None


def _pass_read(
    read: list[tuple[int, str]], findings: list[Finding], passed: Callable[[str, int, bool], object]
) -> None:
    """Tell ``passed`` each number or text ``read`` (and not reported) that a bare figure
    found after it shows (only there does a locator's place matter: a table's ``94`` under
    a header that states no unit, or a title repeating a claim, before a ``94`` or a
    ``94 s`` that is refused, is where the first is written)."""
    from fxsite.verify.scan import numbers_in

    last: dict[str, int] = {}  # each text and number a bare figure shows: its last finding
    for at, finding in enumerate(findings):
        if finding.code == "FX501" and finding.text:
            for key in (finding.text, *numbers_in(finding.text)):
                last[key] = at
    for before, text in read:
        if last.get(text, -1) >= before:
            passed(text, before, True)


def _forged(claims: list[Any], rendered: Collection[str] | None) -> list[Any]:
    """The claim elements beyond those fxsite rendered (``rendered``: their refs, one per
    claim), in document order; none when ``rendered`` is not known."""
    if rendered is None:
        return []
    left = Counter(rendered)
    out = []
    for node in claims:
        ref = node.attrs.get("data-fx-ref", "")
        if left[ref] > 0:
            left[ref] -= 1
        else:
            out.append(node)
    return out


def _judged(local: Any) -> tuple[str, str]:
    """A page's own finding's code and message: inline code that writes text (a
    ``<style>``'s ``content``) is never declared, so the build's gate refuses it (FX506)."""
    from fxsite.verify.notes import judge_writer

    if local.writer == "":
        return judge_writer("", local.message, frozenset())
    return local.code, local.message


def _attribute_message(found: Any, library: Any, shows: Mapping[str, str]) -> str | None:
    """An attribute's advice (an alt text cannot hold a link): a claim in the page's text,
    which the attribute may then repeat as the claim shows it; where the page cites that
    figure already (``shows``: what each cited figure shows, by reference), to repeat it
    so (blind80: a claim written "3 times" shows "3×", which the attribute may repeat,
    and the advice to cite it was followed already). None for text that is not an
    attribute."""
    from fxsite.pages.advice import advise
    from fxsite.pages.field_advice import plain_message

    tag, at, name = found.role.partition("@")
    if found.channel != "attribute" or not at:
        return None
    where = _ATTRIBUTES.get(found.role, f"<{tag}>'s {name} attribute")
    stating = advise(found.shown, library, context=found.block).candidates
    for ref in (r for r in stating if shows.get(r)):
        return (
            f"bare figure '{found.shown}' in {where} (plain text): the page cites {ref}, "
            f"which states this value and shows '{shows[ref]}': write '{shows[ref]}' here, "
            "as the page shows it, or remove it"
        )
    then = "the attribute may then repeat it as the claim shows it"
    return plain_message(found.shown, library, found.block, where, then=then)


#: Attributes a writer writes in Markdown, as a message names them.
_ATTRIBUTES = {
    "img@alt": "an image's alt text",
    "img@title": "an image's title",
    "a@title": "a link's title",
}


#: The locator's cursor the findings of :func:`governed_claims` share, whatever their code:
#: each is placed after the one before it (blind73: a "¥/TB" column's FX405 was placed at
#: an FX403 '119' above it, its own cursor not past it).
GOVERNED = "governed"
_GOVERNED_MESSAGE = re.compile(r"the claim '[^\n]*' reads '")


def cursor_kind(finding: Finding) -> str:
    """The locator's cursor for a finding of :func:`judge_rendered` (its code, but
    :data:`GOVERNED` for a claim read under a unit stated once)."""
    return GOVERNED if _GOVERNED_MESSAGE.match(finding.message) else finding.code


def governed_claims(
    claims: list[Any], governed: list[tuple[int, str, str]], path: str, library: Any
) -> list[Finding]:
    """Claims stating no unit where one is stated once, judged as read with it.

    ``[178](evidence:R1#save_time_baseline)`` under "Save time (s)" reads
    "178 s": it must state the figure in that unit, as the link text "178 s" would.
    """
    from fxsite.evidence.quantities import parse_stated
    from fxsite.pages.claims import ClaimProblem, resolve_claim
    from fxsite.pages.header_units import with_unit

    findings = []
    for index, unit, said in governed:
        node = claims[index]
        stated = parse_stated(node.text)
        ref = node.attrs.get("data-fx-ref", "")
        if stated is None or stated.unit is not None or not ref:
            continue
        read = _priced(node.text, unit, ref, library) or with_unit(node.text, unit)
        if read is None:
            continue
        result = resolve_claim(read, f"evidence:{ref}", library)
        if isinstance(result, ClaimProblem):
            message = f"the claim '{node.text}' reads '{read}' ({said}): {result.message}"
            findings.append(Finding(path, 1, 1, result.code, message, text=node.text))
    return findings


def _priced(number: str, unit: str, ref: str, library: Any) -> str | None:
    """A claim's ``number`` under a price's unit a header or label states, in the cited
    figure's currency where it names none ("Price per TB": :mod:`~fxsite.pages.price_units`)."""
    from fxsite.pages.price_units import priced_read

    record, _, name = ref.partition("#")
    figure = library.figure(record, name)
    return priced_read(number, unit, figure.unit) if figure is not None else None


def bare_advice(html: str, library: Any) -> list[tuple[str, Advice]]:
    """Each figure of a page's rendered content the reader may find bare, as shown, with its advice.

    In document order, as :func:`judge_rendered` reports them: ``fxsite fix``
    writes a claim where the advice names one.
    """
    from fxsite.verify.scan import scan_content

    return [(c.shown, c.advice(library)) for c in scan_content(html).candidates]


def judge_plain(text: str, path: str, library: Any, *, markup: bool = False) -> list[Finding]:
    """The findings of a plain-text field (a title, a caption, a configuration string).

    Read as text; with ``markup``, also as the HTML it is when the theme writes
    it unescaped (MkDocs and Material print a page's title and description and
    the site's name and copyright as they are: ``&#57;&#52; s`` shows "94 s").
    """
    import html

    findings = judge_rendered(f"<p>{html.escape(text)}</p>", path, library)
    if markup and ("&" in text or "<" in text):
        seen = {f.text for f in findings}
        drawn = judge_rendered(f"<p>{text}</p>", path, library)
        findings += [f for f in drawn if f.text not in seen]
    return findings
