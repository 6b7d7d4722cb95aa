"""Which findings refuse, and which errors a mode only reports (``fxsite.policy.decide``).

The errors an ``enforce`` mode reports as warnings are carried as such
(``Verdict.demoted``), not found again by their messages: a warning whose text
happens to end as a demoted one's does is no demoted error.
"""

from __future__ import annotations

import pytest

from fxsite.findings import Finding
from fxsite.policy import Enforce, decide

PAGE = "docs/p.md"
ERROR = Finding(PAGE, 3, 1, "FX501", "bare figure '94 s'")
#: A warning whose message ends as a demoted error's does (it quotes the setting).
LOOKALIKE = Finding(PAGE, 4, 1, "FX507", "script runs unread (enforce: false)", "warning")
LOOKALIKE_ADOPT = Finding(
    "mkdocs.yml", 2, 1, "FX507", "x (enforce: adopt; this page cites no evidence yet)", "warning"
)


@pytest.mark.parametrize(
    ("mode", "citing", "refused", "demoted"),
    [
        ("all", (), 1, 0),
        ("off", (), 0, 1),
        ("adopt", (), 0, 1),
        ("adopt", (PAGE,), 1, 0),
    ],
    ids=["enforce: true", "enforce: false", "adopt, a page citing none", "adopt, a citing page"],
)
def test_demoted_errors_are_the_ones_the_mode_demoted(
    mode: Enforce, citing: tuple[str, ...], refused: int, demoted: int
) -> None:
    verdict = decide([ERROR, LOOKALIKE, LOOKALIKE_ADOPT], mode, citing)
    assert len(verdict.refusals) == refused
    assert len(verdict.demoted) == demoted
    assert LOOKALIKE not in verdict.demoted and LOOKALIKE_ADOPT not in verdict.demoted
    assert all(f in verdict.reported and f.severity == "warning" for f in verdict.demoted)
    assert [f.line for f in verdict.all] == [2, 3, 4]


def test_two_verdicts_joined_keep_what_each_demoted() -> None:
    """The build's verdict is its pages' and its site's joined: demoted errors stay so."""
    pages, site = decide([ERROR], "off"), decide([LOOKALIKE], "off")
    joined = pages + site
    assert joined.demoted == pages.demoted and len(joined.reported) == 2
    assert (joined + decide([ERROR], "all")).refusals == [ERROR]
