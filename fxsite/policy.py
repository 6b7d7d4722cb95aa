"""What refuses a build: the one decision every command and adapter asks.

``enforce`` has one meaning everywhere (``fxsite check``, ``fxsite build``,
``mkdocs build`` and ``mkdocs serve``):

* ``true`` (the default): every error finding refuses;
* ``adopt``: errors refuse in records and on pages that already cite
  evidence (:func:`cites_nothing`: a link that does not stand is a citation too);
  on a page that cites none yet they are reported as warnings, so a team can
  convert a large site page by page;
* ``false``: nothing refuses; every error is reported as a warning.

:func:`decide` splits findings into the ones that refuse and the ones that
are only reported; the edges print both and exit or fail on the first list.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field, replace
from typing import Literal

from fxsite.findings import (
    ConfigError,
    Finding,
    bound_findings,
    once_per_invalid_record,
    sort_findings,
)

__all__ = [
    "ENFORCE_MODES",
    "HELD_BACK",
    "Enforce",
    "Verdict",
    "cites_nothing",
    "decide",
    "enforce_mode",
]

Enforce = Literal["all", "adopt", "off"]
#: What ``enforce:`` may say in mkdocs.yml, and what it means.
ENFORCE_MODES: dict[object, Enforce] = {True: "all", "adopt": "adopt", False: "off"}


def enforce_mode(value: object) -> Enforce:
    """The mode for a config value (``true``, ``false`` or ``adopt``)."""
    for key, mode in ENFORCE_MODES.items():
        if value is key or (isinstance(key, str) and value == key):
            return mode
    raise ConfigError(f"fxsite: enforce must be true, false or adopt, not {value!r}")


#: Said of a build refused before its last gate (:attr:`Verdict.held_back`).
HELD_BACK = (
    "not judged yet: what the theme, hooks and plugins add to the written pages "
    "(the build's last gate reads them once these findings are fixed)"
)


@dataclass(frozen=True)
class Verdict:
    """Findings split by consequence, each list sorted; ``demoted``: the errors the mode
    reports as warnings (in ``reported`` too), which ``fxsite audit`` refuses;
    ``held_back``: the build refused its pages before its last gate read the written site,
    so what only the written pages show (text the theme, a hook or a plugin adds) is not
    judged yet."""

    refusals: list[Finding]
    reported: list[Finding]
    demoted: list[Finding] = field(default_factory=list)
    held_back: bool = False

    @property
    def refused(self) -> bool:
        return bool(self.refusals)

    @property
    def all(self) -> list[Finding]:
        return sort_findings([*self.refusals, *self.reported])

    def __add__(self, other: Verdict) -> Verdict:
        """Both verdicts as one (the build's pages', then its site's), each list sorted."""
        return Verdict(
            sort_findings([*self.refusals, *other.refusals]),
            sort_findings([*self.reported, *other.reported]),
            sort_findings([*self.demoted, *other.demoted]),
            self.held_back or other.held_back,
        )


_OFF = "enforce: false"
_ADOPT = "enforce: adopt; this page cites no evidence yet"


def cites_nothing(
    claims: Collection[object], findings: Iterable[Finding], writes_evidence: bool
) -> bool:
    """Whether a page cites no evidence yet, for ``enforce: adopt``: none of its claims
    resolves (``claims``), none of its findings is told of an evidence link that does not
    stand (:attr:`~fxsite.findings.Finding.on_claim`), and its source writes no evidence
    URL in any form (``writes_evidence``: raw HTML, an undefined reference, an autolink,
    front matter). A page that tries to cite evidence and gets it wrong cites evidence,
    wrongly: its errors refuse (blind80, blind82: they were warnings, "this page cites no
    evidence yet")."""
    return not claims and not writes_evidence and not any(f.on_claim for f in findings)


def _demoted(finding: Finding, why: str) -> Finding:
    return replace(finding, severity="warning", message=f"{finding.message} ({why})")


def decide(findings: Iterable[Finding], mode: Enforce, adopted: Collection[str] = ()) -> Verdict:
    """Which findings refuse under ``mode``; ``adopted`` names the pages that cite no evidence.

    Paths are as findings show them (``docs/index.md``). Outside those pages
    (records, configuration, published output, a snippet another page includes,
    which that page may cite evidence around) ``adopt`` refuses as ``true`` does: a
    broken record is never adopted. Past
    :data:`~fxsite.findings.MAX_PER_FILE` findings in one file, the rest are one finding.
    """
    refusals: list[Finding] = []
    reported: list[Finding] = []
    demoted: list[Finding] = []
    for finding in bound_findings(once_per_invalid_record(sort_findings(findings))):
        if finding.severity != "error":
            reported.append(finding)
        elif mode == "off" or (mode == "adopt" and finding.path in adopted):
            demoted.append(_demoted(finding, _OFF if mode == "off" else _ADOPT))
            reported.append(demoted[-1])
        else:
            refusals.append(finding)
    return Verdict(refusals, reported, demoted)
