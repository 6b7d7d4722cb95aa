"""Which findings refuse, and which errors a mode only reports (``fxsite.policy.decide``).

The errors an ``enforce`` mode reports as warnings are carried as such
(``Verdict.demoted``), not found again by their messages: a warning whose text
happens to end as a demoted one's does is no demoted error.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import CLEAN, copy_site, fxsite_here, with_enforce

from fxsite.findings import Finding
from fxsite.policy import Enforce, cites_nothing, decide

PAGE = "docs/p.md"
ERROR = Finding(PAGE, 3, 1, "FX501", "bare figure '94 s'")
#: A warning whose message ends as a demoted error's does (it quotes the setting).
LOOKALIKE = Finding(PAGE, 4, 1, "FX507", "script runs unread (enforce: false)", "warning")
LOOKALIKE_ADOPT = Finding(
    "mkdocs.yml", 2, 1, "FX507", "x (enforce: adopt; this page cites no evidence yet)", "warning"
)


@pytest.mark.parametrize(
    ("mode", "adopted", "refused", "demoted"),
    [
        ("all", (), 1, 0),
        ("off", (), 0, 1),
        ("adopt", (PAGE,), 0, 1),
        ("adopt", (), 1, 0),
        ("adopt", ("docs/other.md",), 1, 0),
    ],
    ids=[
        "enforce: true",
        "enforce: false",
        "adopt, a page citing none",
        "adopt, a citing page",
        "adopt, a snippet or a page no page adopted (blind16)",
    ],
)
def test_demoted_errors_are_the_ones_the_mode_demoted(
    mode: Enforce, adopted: tuple[str, ...], refused: int, demoted: int
) -> None:
    verdict = decide([ERROR, LOOKALIKE, LOOKALIKE_ADOPT], mode, adopted)
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


def test_adopt_refuses_a_snippets_error_on_a_page_that_cites_evidence(tmp_path: Path) -> None:
    """blind16: under ``enforce: adopt`` a snippet's finding was named by the snippet, "a
    page that cites no evidence", and published as a warning, though the page including it
    cites evidence; ``check`` and the build refuse it, as written in the page itself."""
    project = copy_site(CLEAN, tmp_path / "site")
    with_enforce(project, "adopt")
    config = (project / "mkdocs.yml").read_text(encoding="utf-8")
    snippets = "  - pymdownx.snippets:\n      base_path: [snip]\nplugins:"
    config = config.replace("plugins:", snippets, 1)
    (project / "mkdocs.yml").write_text(config, encoding="utf-8")
    (project / "snip").mkdir()
    (project / "snip" / "s.md").write_text("Snip took 95 s.\n", encoding="utf-8")
    (project / "docs" / "a.md").write_text(
        '# A\n\n[94 s](evidence:R1#save_time_fx100)\n\n--8<-- "s.md"\n', encoding="utf-8"
    )
    (project / "docs" / "b.md").write_text('# B\n\n--8<-- "s.md"\n', encoding="utf-8")
    checked = fxsite_here("check", ".", cwd=project)
    assert checked.returncode == 1, checked.stdout
    errors = [line for line in checked.stdout.splitlines() if ": FX501 " in line]
    assert errors and all(line.startswith("snip/s.md:1:") for line in errors), checked.stdout
    assert "warning" not in errors[0]


#: Pages under ``enforce: adopt``, each with a bare figure: whether it cites evidence (its
#: errors refuse) or none yet (they are warnings). A page whose links all fail to stand
#: cites evidence, wrongly (blind80: its misstated claim was a warning, "cites no evidence").
ADOPT_PAGES = [
    ("no link", "It took 517 s.", False),
    ("a claim that stands", "It took 517 s, then [94 s](evidence:R1#save_time_fx100).", True),
    ("a misstated claim", "It took 517 s, then [95 s](evidence:R1#save_time_fx100).", True),
    ("a claim to an unknown record", "It took 517 s, then [94 s](evidence:R99#x).", True),
    ("a claim to an unknown figure", "It took 517 s, then [94 s](evidence:R1#nope).", True),
    (
        "a claim in the wrong unit",
        "It took 517 s, then [94 ms](evidence:R1#save_time_fx100).",
        True,
    ),
    # blind82: an evidence URL written where no claim can stand is a try to cite, too
    (
        "a raw HTML link",
        'It took 517 s, then <a href="evidence:R1#save_time_fx100">95 s</a>.',
        True,
    ),
    ("an undefined reference", "It took 517 s, then [95 s][r].\n\n[r]: evidence:R1#x extra", True),
    ("a scheme in capitals", "It took 517 s, then [95 s](EVIDENCE:R1#save_time_fx100).", True),
    ("an autolink", "It took 517 s, then 95 s <evidence:R1#save_time_fx100>.", True),
    ("a link in a raw HTML block", "It took 517 s.\n\n<div>\n[95 s](evidence:R1#x)\n</div>", True),
    # near misses: no evidence URL is written outside code and comments
    ("a link shown as code", "It took 517 s, then `[94 s](evidence:R1#x)`.", False),
    ("a link in a comment", "It took 517 s. <!-- [94 s](evidence:R1#x) -->", False),
    ("a link to another page", "It took 517 s, then [more](other.md).", False),
    ("the word evidence and a colon", "It took 517 s. Our evidence: the lab's report.", False),
]


def test_adopt_demotes_only_pages_with_no_evidence_link(tmp_path: Path) -> None:
    project = copy_site(CLEAN, tmp_path / "site")
    with_enforce(project, "adopt")
    for n, (_, text, _) in enumerate(ADOPT_PAGES):
        (project / "docs" / f"p{n}.md").write_text(f"# P\n\n{text}\n", encoding="utf-8")
    for command in ("check", "build"):
        ran = fxsite_here(command, ".", cwd=project)
        assert ran.returncode == 1, ran.stdout
        for n, (row, _, cites) in enumerate(ADOPT_PAGES):
            bare = [
                ln for ln in ran.stdout.splitlines() if ln.startswith(f"docs/p{n}.md:3:9: FX501")
            ]
            assert len(bare) == 1, (command, row, ran.stdout)
            assert ("warning" not in bare[0]) == cites, (command, row, bare[0])
            if cites and ("claim" in row or "unit" in row) and "stands" not in row:  # its own
                claim = f"docs/p{n}.md:3:"
                told = [
                    ln for ln in ran.stdout.splitlines() if ln.startswith(claim) and " FX4" in ln
                ]
                assert told and "warning" not in told[0], (command, row, ran.stdout)


def test_a_page_cites_nothing_only_without_any_evidence_link() -> None:
    from fxsite.pages.prose import writes_evidence

    assert writes_evidence('---\ntitle: "[84 s](evidence:R1#x)"\n---\n# T\n')
    assert writes_evidence("See [84 s](evidence%3AR1#x).")
    assert not writes_evidence("```\n[84 s](evidence:R1#x)\n```\n")
    misstated = Finding(PAGE, 3, 1, "FX403", "'95 s' is not R1#save_time_fx100")
    assert cites_nothing([], [ERROR], False)
    assert not cites_nothing([object()], [ERROR], False)
    assert not cites_nothing([], [ERROR, misstated], False)
    assert not cites_nothing([], [ERROR], True)
