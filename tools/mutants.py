"""Break a rule, run the tests: a broken rule must fail a test.

The mutation check issue 24 asks of a faster suite: batching table rows and
testing pages in-process must not lose what the tests catch. Each row of
:data:`BREAKS` breaks one rule where it is decided, the way a bug would: the
function that finds something finds nothing (or, for a check, says yes), for
every caller at once. The tests named with it then run in a child pytest with
the break applied (this module, loaded as a pytest plugin, applies it in every
process: ``-p mutants`` with ``FXSITE_BREAK`` set), stopping at the first
failure. A row the tests fail on is *killed*; one they pass is *survived*,
and the run exits 1.

    .venv/bin/python tools/mutants.py            # every row
    .venv/bin/python tools/mutants.py glued      # rows by name
    make mutants

Decisions:

* A break replaces the function's code object (``__code__``), not the module's
  name for it: modules that imported the function by name (``from x import f``)
  call the broken code too. The stub takes any arguments and returns the row's
  value. A function with a closure cannot take a stub's code and is refused,
  as a row whose target no longer exists is (``tests/test_mutants.py`` checks
  the table resolves).
* The tests of a row are the files most likely to fail first, cheap ones
  before whole-site ones, and always include the table the faster suite
  batched (the audit's attack table, the bypass table) where the rule is one
  they hold; ``-x`` stops at the first failure, so a killed row costs one
  collection and a few tests.
* The rows run side by side, one child per core (each is one busy process), the slow
  ones (``Break.slow``) started first; their lines are printed in the table's order. Each child's pytest takes a temporary folder
  of its own, as xdist's workers do.
* Only the rows' rules are checked: a sample, as the issue asks, chosen from
  each stage (the detector, the gate's reading of claims, the published
  evidence, the anchoring, the YAML loader), not every line.
"""

from __future__ import annotations

import importlib
import inspect
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Break:
    """One rule broken: ``target`` (``module:qualname``) made to return what ``stub`` returns."""

    name: str
    target: str
    stub: Callable[..., Any]
    tests: tuple[str, ...]
    what: str
    #: Its tests build whole sites before one fails (seconds, not one or two): started first.
    slow: bool = False


def _nothing(*args: Any, **kwargs: Any) -> Any:
    return None


def _empty_list(*args: Any, **kwargs: Any) -> Any:
    return []


def _empty_dict(*args: Any, **kwargs: Any) -> Any:
    return {}


def _no_findings(*args: Any, **kwargs: Any) -> Any:
    return ([], set())


def _yes(*args: Any, **kwargs: Any) -> Any:
    return True


def _nothing_checked(*args: Any, **kwargs: Any) -> Any:
    return ({}, [])


BREAKS = (
    Break(
        "bare-figures",
        "fxsite.pages.figures:find_bare_figures",
        _empty_list,
        ("tests/test_figures.py", "tests/test_audit.py"),
        "the detector finds no bare figure",
    ),
    Break(
        "invisible",
        "fxsite.verify.reading:hidden_characters",
        _empty_list,
        ("tests/test_gate_drawn.py", "tests/test_audit.py", "tests/test_bypass.py"),
        "no invisible or direction-control character is found (FX502)",
    ),
    Break(
        "glued",
        "fxsite.verify.reading:glued",
        _nothing,
        ("tests/test_blind6_unicode.py", "tests/test_audit.py", "tests/test_bypass.py"),
        "no character is glued to a claim (FX503)",
    ),
    Break(
        "multiplied",
        "fxsite.verify.reading:multiplied",
        _nothing,
        ("tests/test_blind5_figures.py", "tests/test_audit.py", "tests/test_bypass.py"),
        "no multiplier is written beside a claim ('[1.9](…) times')",
    ),
    Break(
        "unit-beside",
        "fxsite.verify.reading:unit_beside",
        _nothing,
        ("tests/test_blind73_ratios.py", "tests/test_one_reader.py", "tests/test_bypass.py"),
        "no unit beside a unitless claim is read with it",
    ),
    Break(
        "bound-beside",
        "fxsite.verify.reading:bound_beside",
        _nothing,
        ("tests/test_blind25.py", "tests/test_blind24.py", "tests/test_bypass.py"),
        "no bound beside a claim is read with it ('under [94 s](…)')",
    ),
    Break(
        "header-units",
        "fxsite.pages.table_units:table_units",
        _empty_dict,
        ("tests/test_header_units.py", "tests/test_bypass.py"),
        "a table's header states no unit for its cells",
    ),
    Break(
        "claim-copies",
        "fxsite.verify.audit:_compare_render",
        _empty_list,
        ("tests/test_audit.py",),
        "the gate compares no published claim with a fresh render (FX612)",
        slow=True,
    ),
    Break(
        "library-listed",
        "fxsite.verify.library_listing:check_library_listed",
        _nothing,
        ("tests/test_library_index_pages.py",),
        "a page of the Evidence Library's index may lack a record of its share (FX612)",
    ),
    Break(
        "evidence-schema",
        "fxsite.verify.published:_schema_findings",
        _no_findings,
        ("tests/test_published_schema.py", "tests/test_audit.py", "tests/test_robustness.py"),
        "the published evidence.json is not checked against its schema (FX205)",
    ),
    Break(
        "invariants",
        "fxsite.evidence.invariants:check_invariants",
        _nothing_checked,
        ("tests/test_invariants.py", "tests/test_audit_invariants.py"),
        "no record's invariant is computed: figures that disagree pass (FX312)",
    ),
    Break(
        "published-figures",
        "fxsite.verify.published:_figure_findings",
        _empty_list,
        ("tests/test_memory_paths.py", "tests/test_audit.py"),
        "the published evidence.json's figures are not compared with their records (FX612)",
        slow=True,
    ),
    Break(
        "manifest-files",
        "fxsite.anchor.audit:_file_findings",
        _empty_list,
        ("tests/test_anchor_audit.py",),
        "no file is compared with the signed manifest (FX806, FX807, FX808)",
    ),
    Break(
        "signature",
        "fxsite.anchor.signing:verify",
        _yes,
        ("tests/test_anchor_audit.py", "tests/test_anchor_keys.py"),
        "every signature verifies (FX804)",
    ),
    Break(
        "yaml-properties",
        "fxsite.evidence.yamlsafe:_Builder.check_properties",
        _nothing,
        ("tests/test_yamlsafe.py",),
        "YAML tags and anchors pass the strict loader (FX103, FX104)",
    ),
)


def resolve(target: str) -> Callable[..., Any]:
    """The function ``module:qualname`` names, unwrapped from its decorators."""
    module_name, _, qualname = target.partition(":")
    found: Any = importlib.import_module(module_name)
    for part in qualname.split("."):
        found = getattr(found, part)
    function = inspect.unwrap(found)
    if not inspect.isfunction(function):
        raise TypeError(f"{target} is not a function")
    if function.__closure__:
        raise TypeError(f"{target} has a closure: a stub's code cannot replace its own")
    return function


def apply(row: Break) -> None:
    """Break ``row``'s rule in this process: its function runs the stub's code."""
    resolve(row.target).__code__ = row.stub.__code__


def pytest_configure(config: Any) -> None:
    """As a pytest plugin: break the rule ``FXSITE_BREAK`` names, in this process."""
    name = os.environ.get("FXSITE_BREAK")
    if name:
        (row,) = [b for b in BREAKS if b.name == name]
        apply(row)


#: A failure in pytest's short summary (``-rfE``): ``FAILED node id - message``.
_FAILED = re.compile(r"^(?:FAILED|ERROR) (.+?)(?: - |$)", re.MULTILINE)


def run(row: Break) -> tuple[bool, str, float]:
    """Whether the tests of ``row`` fail with its rule broken, the first that did, and
    the seconds the run took."""
    env = {
        **os.environ,
        "FXSITE_BREAK": row.name,
        "PYTHONPATH": os.pathsep.join(
            filter(None, [str(ROOT / "tools"), os.environ.get("PYTHONPATH")])
        ),
    }
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-rfE", "-p", "mutants"]
    command += ["-p", "no:cacheprovider", "-n", "0", *row.tests]
    started = time.monotonic()
    proc = subprocess.run(  # noqa: S603 - this interpreter, list argv
        command, cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    seconds = time.monotonic() - started
    first = _FAILED.search(proc.stdout)
    return proc.returncode != 0, first.group(1) if first else proc.stdout[-300:], seconds


def main(argv: list[str]) -> int:
    """Each row in a child of its own, as many at once as there are cores (each child is one
    process, busy on one core), reported in the table's order."""
    from concurrent.futures import ThreadPoolExecutor

    rows = [b for b in BREAKS if not argv or b.name in argv]
    survived = 0
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        # the slow rows started first, so that none is left to run alone at the end
        started = {
            row.name: pool.submit(run, row) for row in sorted(rows, key=lambda r: not r.slow)
        }
        for row in rows:
            killed, by, seconds = started[row.name].result()
            survived += not killed
            verdict = f"killed by {by}" if killed else "SURVIVED: no test failed"
            print(f"{row.name:18} {verdict} ({seconds:.0f} s): {row.what}", flush=True)
    print(f"{len(rows) - survived} of {len(rows)} broken rules failed a test")
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
