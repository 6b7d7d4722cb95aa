"""blind87, a blind tester of check/build agreement (no code in view): what it found.

check, build and ``mkdocs build`` agreed on every one of its ~75 pages; these are the
messages and locations it found wrong.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from sitekit import PAGE_PATH, href_for
from test_authoring_fix import R1

from fxsite.evidence.library import load_library
from fxsite.markdown import check_page

RECORD = """\
id: T1
title: Test record
label: measured
status: active
figures:
  a: {value: %s, unit: s, what: Save time}
  b: {value: 5, unit: s, what: Load time}
"""


@pytest.mark.parametrize(
    ("value", "told"),
    [
        # refused where the record writes it: a claim to it says so, and where
        ("-0", "T1's figure 'a' has errors (evidence/T1.yaml:6): fix it first"),
        ("0x10", "T1's figure 'a' has errors (evidence/T1.yaml:6): fix it first"),
        ("1." + "0" * 45 + "1", "T1's figure 'a' has errors (evidence/T1.yaml:6): fix it first"),
        ("1" * 60, "T1's figure 'a' has errors (evidence/T1.yaml:6): fix it first"),
        # near miss: a figure the record does not have is still "no figure"
        ("94", None),
    ],
)
def test_a_claim_to_a_refused_figure_says_it_has_errors(
    project: Callable[..., Path], value: str, told: str | None
) -> None:
    """A claim to a figure its record writes as ``-0``, ``0x10`` or with more than 40
    digits was told "T1 has no figure 'a'": the figure is there, and has errors."""
    root = project({"T1.yaml": RECORD % value})
    lib = load_library(root / "evidence", root)
    refused = [(f.line, f.code) for f in lib.findings if f.severity == "error"]
    assert refused == ([(6, "FX203")] if told else [])
    page = "# T\n\n[](evidence:T1#a) and [](evidence:T1#b) and [](evidence:T1#zz).\n"
    _, found = check_page(page, PAGE_PATH, lib, href_for)
    messages = [f.message for f in found if f.code == "FX402"]
    assert messages == [*([told] if told else []), "T1 has no figure 'zz'"]


@pytest.mark.parametrize(
    ("end", "line"),
    [
        ("\r", 5),  # blind87: fix said 1:58 where check says 5:39
        ("\r\n", 5),  # near misses: the line ends check and fix always counted alike
        ("\n", 5),
    ],
)
def test_fix_counts_the_lines_check_counts_and_keeps_their_ends(
    project: Callable[..., Path], end: str, line: int
) -> None:
    """A page of ``\\r`` line ends (as MkDocs reads it, each ends a line): ``fix`` names the
    line ``check`` names, writes the page back with its own line ends, and its diff shows
    the lines (it said "No newline at end of file" after each)."""
    from click.testing import CliRunner

    from fxsite.cli import cli

    root = project({"R1.yaml": R1})
    page = root / "docs" / "index.md"
    lines = ["# Home", "", "Line one.", "", "Baseline saves took 178 s."]
    page.write_bytes((end.join(lines) + end).encode())
    runner = CliRunner()
    checked = runner.invoke(cli, ["check", str(root)])
    assert f"docs/index.md:{line}:" in checked.output
    diff = runner.invoke(cli, ["fix", "--diff", str(page)])
    assert f"docs/index.md:{line}:" in diff.output, diff.output
    assert "No newline at end of file" not in diff.output
    runner.invoke(cli, ["fix", str(page)])
    lines[-1] = "Baseline saves took [178 s](evidence:R1#save_time_baseline)."
    assert page.read_bytes() == (end.join(lines) + end).encode()


SHARES = """\
id: T3
title: T
label: spec
status: active
figures:
  p: {value: 75, unit: "%", what: Restore time cut}
  q: {value: 0.75, unit: "×", what: Ratio}
"""


@pytest.mark.parametrize(
    ("claim", "told"),
    [
        # the share's value in another form: told so, not "is not" its own value
        ("[¾](evidence:T3#p)", "'¾' states T3#p's share as a fraction"),
        ("[0.75](evidence:T3#p)", "'0.75' states T3#p's share as a fraction"),
        # another value in that form is still "is not"
        ("[0.7](evidence:T3#p)", "'0.7' is not T3#p, which is 75%"),
        # near misses: the ratio's own form, the share's own form
        ("[¾](evidence:T3#q)", None),
        ("[75%](evidence:T3#p)", None),
    ],
)
def test_a_fraction_for_a_percentage_is_told_as_its_form(
    project: Callable[..., Path], claim: str, told: str | None
) -> None:
    root = project({"T3.yaml": SHARES})
    lib = load_library(root / "evidence", root)
    _, found = check_page(f"# T\n\nRestores are cut by {claim}.\n", PAGE_PATH, lib, href_for)
    messages = [f.message for f in found if f.severity == "error"]
    if told is None:
        assert messages == []
    else:
        assert len(messages) == 1 and messages[0].startswith(told), messages
        assert messages[0].endswith("'75%'")
