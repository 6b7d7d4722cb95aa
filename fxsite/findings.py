"""Findings and the one exception family of the core.

Every problem fxsite detects, in a record or a page, is a :class:`Finding`
with a position in a source file. The core never prints and never exits: it
returns findings, and the edges (CLI, MkDocs plugin) decide how to report them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, dataclass, replace
from typing import Literal

__all__ = [
    "CODES",
    "MAX_PER_FILE",
    "ConfigError",
    "Finding",
    "FxsiteError",
    "RefusedError",
    "Severity",
    "bound_findings",
    "closest",
    "did_you_mean",
    "line_of",
    "more_findings",
    "once_per_invalid_record",
    "sort_findings",
]

Severity = Literal["error", "warning"]

#: Every finding code with a one-line meaning. Stable: tests, scripts and
#: auditors match on them. The README's table is checked against this dict.
CODES: dict[str, str] = {
    # YAML layer (records and front matter)
    "FX101": "YAML syntax error",
    "FX102": "duplicate key in a mapping",
    "FX103": "YAML anchor or alias (refused: alias bombs)",
    "FX104": "YAML tag outside the core schema",
    "FX105": (
        "file is not valid UTF-8, or no file (a FIFO, a device, a dangling link), or its name "
        "holds a control character (a line break)"
    ),
    "FX106": "document is not a single mapping",
    "FX107": "file too large",
    # Record model and schema
    "FX201": "required field missing",
    "FX202": "unknown field",
    "FX203": "invalid value",
    "FX204": "unknown unit",
    "FX205": "JSON Schema violation",
    # Rules across records
    "FX301": "file name does not match the record ID",
    "FX302": "duplicate record ID (case-insensitive)",
    "FX303": "superseded_by names no existing record, comes back in a chain, or a retracted one (warning)",
    "FX304": "formula syntax or construct not allowed",
    "FX305": "formula references an unknown figure",
    "FX306": "derived figures form a cycle",
    "FX307": "formula cannot be evaluated (division by zero, range input)",
    "FX308": "stated value does not match the computed value",
    "FX309": "measured record lacks date, issuer or document hash (warning)",
    "FX310": "source document missing, outside evidence/, or hash mismatch",
    "FX311": "record ID reserved for a generated page",
    "FX312": "invariant does not hold within its tolerance",
    "FX313": "invariant's units do not reconcile",
    "FX314": (
        "invariant or formula reads a figure of a retracted record (of a superseded one: "
        "warning, but a formula that reads it alone)"
    ),
    "FX315": "a quantity over a time is far from every figure of that rate (warning)",
    "FX316": "figure not stated in its report document (warning)",
    "FX317": "report document's text cannot be read, or it has none (warning)",
    "FX318": "derived figure's unit is not what its formula's figures give",
    "FX319": "an estimate's title, a figure's what, or a page's sentence or heading, header or title over a claim to it says it was measured",
    # Claims in pages
    "FX401": "claim to an unknown record",
    "FX402": "claim to an unknown figure",
    "FX403": "claim text is not the value",
    "FX404": "claim text is more precise than the record",
    "FX405": "claim text states the wrong unit",
    "FX406": "claim to a retracted record",
    "FX407": "claim to a superseded record",
    "FX408": "malformed evidence link",
    # Bare figures
    "FX501": "bare figure: a quantity outside an evidence link",
    "FX502": "invisible or direction-control character in published text",
    "FX503": "a character glued to a claim, or a unit or bound beside it, changes what it says",
    "FX504": "text drawn in another order than written (bidi override, `dir=rtl`, flex `order`, SVG texts side by side)",
    "FX505": "a script or stylesheet writes text no browser checked (`--browser` judges it as drawn)",
    "FX506": "a script or stylesheet writes text the project does not declare in `scripts_that_write`",
    "FX507": (
        "drawn from what the gate cannot read: web font, another origin's script or "
        "stylesheet, frame, refresh, `<base href>` (warning)"
    ),
    # Pages and generated content
    "FX601": "front matter invalid",
    "FX602": "related page does not exist",
    "FX603": "FAQ entry invalid",
    "FX604": "evidence table, chart, stats, consistency or contact block invalid",
    "FX605": "page clashes with a page the build generates",
    "FX606": "page nested too deeply to render",
    "FX607": "hero or contact in mkdocs.yml (extra.fxsite_hero) invalid, or a contact block without one",
    "FX608": "the nav does not link the Evidence Library or the site-wide FAQ (warning)",
    # Published output (the build's last gate and fxsite audit)
    "FX611": "published figure differs from the one its record gives",
    "FX612": "published file differs from what the evidence renders",
    "FX613": "page lacks the fxsite-build stamp",
    "FX614": "published file cannot be read safely",
    # Imports
    "FX701": "CSV row cannot be imported as a figure",
    # Anchoring: manifest, signature, documents, rebuild (fxsite.anchor)
    "FX801": "no fxsite-manifest.json",
    "FX802": "manifest invalid or not canonical",
    "FX803": "site not signed, but a key was given",
    "FX804": "signature does not verify (or only with the site's own key: warning)",
    "FX805": "public key replaced, unreadable or not the expected fingerprint",
    "FX806": "published file changed since the build",
    "FX807": "file listed in the manifest is missing",
    "FX808": "file not in the manifest: added after the build",
    "FX809": "signing key missing, unreadable or not Ed25519",
    "FX810": "published file differs from a rebuild of its commit",
    "FX811": "rebuild impossible (no commit, uncommitted changes, build failed)",
    "FX812": "report document differs from its record's sha256",
    "FX813": "report document missing",
    "FX814": "report document never hashed, or named by no record (warning)",
    "FX815": "cannot fetch a file of a live site",
    "FX816": "evidence.sqlite disagrees with evidence.json, or cannot be read safely",
    "FX817": "live site serves a file with a Content-Type other than its kind's, or a host setting, host code or Jekyll template the site publishes would",
    "FX820": "site not signed: nothing anchors it (warning)",
    "FX821": "published figure history disagrees with itself, its pages or the records",
    "FX822": "vendor's config names what a rebuild or diff does not run",
    # Project configuration
    "FX901": "project or configuration error",
}


#: What would break a report's line or a terminal's: controls (C0, DEL, C1), the line and
#: paragraph separators, and the surrogates a name that is not UTF-8 is decoded to.
_UNPRINTED = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem at one place. ``line`` and ``col`` are 1-based."""

    path: str
    line: int
    col: int
    code: str
    message: str
    severity: Severity = "error"
    text: str | None = None
    #: how many findings this one stands for, past :data:`MAX_PER_FILE` (None: itself)
    more: int | None = None

    @property
    def on_claim(self) -> bool:
        """Whether it is told of an evidence link that does not stand as written (``FX4xx``:
        an unknown record or figure, a misstated value, a retracted record …)."""
        return self.code.startswith("FX4")

    def format(self) -> str:
        """The one-line form ``path:line:col: CODE message``, on one line whatever the
        path or message holds: a control character, a line separator or a byte of a name
        that is not UTF-8 is shown escaped (``\\n``, ``\\udcff``), so a published file's
        name cannot forge a line of a report (blind18)."""
        prefix = "warning: " if self.severity == "warning" else ""
        said = _UNPRINTED.sub(_escaped, f"{self.code} {prefix}{_shortened(self.message)}")
        return f"{self.place()} {said}"

    def place(self) -> str:
        """``path:line:col:`` as :meth:`format` writes it (the path escaped)."""
        return _UNPRINTED.sub(_escaped, f"{self.path}:{self.line}:{self.col}:")

    def to_dict(self) -> dict[str, object]:
        """The JSON form (``--format json``), its message shortened as :meth:`format`'s."""
        out = {k: v for k, v in asdict(self).items() if v is not None}
        out["message"] = _shortened(self.message)
        return out


#: The most of a message a report shows: a figure of 2,000,000 digits is quoted by its
#: ends (blind30), the advice after it kept.
_MESSAGE_MOST = 1000


def _shortened(message: str) -> str:
    """``message``, its middle left out where it is longer than :data:`_MESSAGE_MOST`."""
    if len(message) <= _MESSAGE_MOST:
        return message
    left = len(message) - 800
    return f"{message[:500]}… ({left:,} characters left out) …{message[-300:]}"


def sort_findings(findings: Iterable[Finding]) -> list[Finding]:
    """Records and configuration first, then pages; each by file, position, code.

    A record's own error is thus read before the claims it breaks. Duplicates
    are removed.
    """
    return sorted(
        set(findings),
        key=lambda f: (f.path.endswith(".md"), f.path, f.line, f.col, f.code, f.message),
    )


def once_per_invalid_record(findings: Iterable[Finding]) -> list[Finding]:
    """One finding per file for the claims an invalid record leaves unresolved (to it, or
    to a figure computed from it), or a record the library lacks (deleted, renamed),
    at the first of them, with how many there are.

    The record's own finding says what is wrong; repeating it for every claim
    would bury it (blind65: 22 lines of "unknown record 'R1'" on one page). A finding
    already counted (a page's blocks, counted before its prose) adds its count, so
    grouping again changes nothing.
    """
    out: list[Finding] = []
    counts: dict[tuple[str, str], int] = {}
    for finding in findings:
        if finding.code == "FX401" and (
            " is invalid (" in finding.message or finding.message.startswith("unknown record '")
        ):
            base, count = _counted(finding.message)
            key = (finding.path, base)
            if key in counts:
                counts[key] += count
                continue
            counts[key] = count
            finding = replace(finding, message=base)
        out.append(finding)
    for i, finding in enumerate(out):
        count = counts.get((finding.path, finding.message), 1) if finding.code == "FX401" else 1
        if count > 1:
            message = f"{finding.message} ({count} claims depend on it on this page)"
            out[i] = replace(finding, message=message)
    return out


_COUNTED = re.compile(r"(.*) \((\d+) claims depend on it on this page\)\Z")


def _counted(message: str) -> tuple[str, int]:
    """A grouped message without its count, and the count (1 when it has none)."""
    match = _COUNTED.fullmatch(message)
    return (match[1], int(match[2])) if match else (message, 1)


#: Findings listed one by one in one file; past them, one finding tells how many more.
MAX_PER_FILE = 1000


def more_findings(first: Finding, count: int, refuses: bool, what: str = "finding(s)") -> Finding:
    """The one finding that stands for ``count`` more of ``first``'s file, past the
    first :data:`MAX_PER_FILE`: at ``first`` (the first not listed), an error when any
    of them is one (``refuses``)."""
    return Finding(
        first.path,
        first.line,
        first.col,
        first.code,
        f"and {count} more {what} in this file past the first {MAX_PER_FILE}, not listed "
        f"one by one; the first: {first.message}",
        "error" if refuses else first.severity,
        first.text,
        count,
    )


def bound_findings(findings: list[Finding]) -> list[Finding]:
    """``findings`` (sorted) with at most :data:`MAX_PER_FILE` of one file listed, and
    the rest of that file's as one finding (:func:`more_findings`) at the first of them.

    A finding that already stands for others (``more``) is kept as it is, and a file
    with one finding more than the bound keeps them all: a list bound already (the
    gate's, :func:`~fxsite.verify.verify_site`) is not bound again.
    """
    count = Counter(f.path for f in findings if f.more is None)
    if all(n <= MAX_PER_FILE + 1 for n in count.values()):
        return findings
    out: list[Finding] = []
    rest: dict[str, list[Finding]] = {}
    listed: Counter[str] = Counter()
    for finding in findings:
        if finding.more is not None or count[finding.path] <= MAX_PER_FILE + 1:
            out.append(finding)
        elif listed[finding.path] < MAX_PER_FILE:
            listed[finding.path] += 1
            out.append(finding)
        else:
            rest.setdefault(finding.path, []).append(finding)
    for more in rest.values():
        refuses = any(f.severity == "error" for f in more)
        out.append(more_findings(more[0], len(more), refuses))
    return sort_findings(out)


def line_of(text: str, needle: str) -> int:
    """The 1-based line of the first ``needle`` in ``text``; 1 when absent.

    For placing a finding on a file that was read as data (JSON, HTML): call it
    when the finding is made, not for every item that might have one, since each
    call reads ``text`` up to the needle.
    """
    at = text.find(needle) if needle else -1
    return text.count("\n", 0, at) + 1 if at >= 0 else 1


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """A `` (did you mean 'x'?)`` suffix, or ``""`` when nothing is close."""
    close = closest(word, candidates)
    return " (did you mean " + " or ".join(f"'{c}'" for c in close) + "?)" if close else ""


def closest(word: str, candidates: Iterable[str], cutoff: float = 0.6) -> list[str]:
    """The candidates ``word`` was most likely meant as (none when nothing is close).

    ``cutoff`` is how alike (difflib's ratio) a spelling must be when it differs in more
    than case or look-alike letters.
    """
    import difflib

    pool = list(candidates)
    # Every spelling that differs only in case, most alike first: "GB/S" could
    # be GB/s or Gb/s (bytes or bits), and guessing one would mislead by 8x.
    lower = word.lower()
    same = sorted(
        {c for c in pool if c.lower() == lower and c != word},
        key=lambda c: (-sum(a == b for a, b in zip(c, word, strict=False)), c),
    )
    if same:
        return same
    # A letter typed for the digit it looks like: "MI" or "Ml" for "M1", "RO" for "R0" (too
    # short for a close match: blind22).
    folded = _alike(word)
    alike = sorted(c for c in pool if c != word and _alike(c) == folded)
    if alike:
        return alike
    return difflib.get_close_matches(word, pool, n=1, cutoff=cutoff)


#: Letters and digits typed for one another (in lower case), folded to one.
_ALIKE = str.maketrans("ilo|", "1100")


def _alike(word: str) -> str:
    return word.lower().translate(_ALIKE)


class FxsiteError(Exception):
    """Base of every error the core raises on purpose."""


class ConfigError(FxsiteError):
    """The project cannot be checked at all (exit status 2)."""


class RefusedError(FxsiteError):
    """Findings that refuse a build or a page (exit status 1); the message lists them."""

    def __init__(self, findings: list[Finding]) -> None:
        self.findings = findings
        errors = [f for f in findings if f.severity == "error"]
        lines = "".join(f"\n{f.format()}" for f in errors)
        super().__init__(f"fxsite refused: {len(errors)} finding(s){lines}")
