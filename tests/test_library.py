"""Rules across records (FX301-FX310) and the library they build.

Each rule has a refused fixture and a near-miss that passes, run through
``fxsite check`` on a tiny project with the exact code and ``path:line:col``;
then unit tests of :func:`fxsite.evidence.library.load_library`: computed values,
precision, and the label of derived figures.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from fxsite.evidence.library import Library, load_library

R1 = "evidence/R1.yaml"
R2 = "evidence/R2.yaml"
DOC = b"%PDF-1.4\nsigned test report R1\n"
DOC_HASH = hashlib.sha256(DOC).hexdigest()
TEXT_DOC = b"signed test report R1: a took 6 s\n"
TEXT_DOC_HASH = hashlib.sha256(TEXT_DOC).hexdigest()


def rec(record_id: str, *body: str, label: str = "spec", status: str = "active") -> str:
    """A record whose ``body`` starts on line 5 (after id, title, label, status)."""
    head = (f"id: {record_id}", "title: T", f"label: {label}", f"status: {status}")
    return "\n".join((*head, *body)) + "\n"


def derived(
    *lines: str, figures: tuple[str, ...] = ("  a: {value: 6, unit: s}",)
) -> tuple[str, ...]:
    """``figures:`` on line 5, its entries from line 6, then ``derived:`` and ``lines``."""
    return ("figures:", *figures, "derived:", *lines)


@dataclass
class Case:
    name: str
    files: dict[str, str | bytes]
    expected: list[tuple[str, int, int, str]]
    says: list[str] = field(default_factory=list)
    #: exit status: 1 for errors, 0 for a clean run or warnings only
    exit: int | None = None


def units_case(name: str, formula: str, says: str | None) -> Case:
    """A derived figure ``d: {formula: …}`` over seconds, gigabytes and minutes (FX318)."""
    figures = (
        "  a: {value: 94, unit: s}",
        "  b: {value: 3, unit: s}",
        "  g: {value: 65.6, unit: GB}",
        "  m: {value: 2, unit: min}",
        "  p: {value: 9.9, unit: '%'}",
        "  q: {value: 5.5, unit: '%'}",
        "  c: {value: 10, unit: USD/mo}",
        # a power-cost TCO and a subscription (blind72)
        "  w: {value: 1.5, unit: kW}",
        "  hours: {value: 43800, unit: h}",
        "  e: {value: 0.15, unit: USD/kWh}",
        "  u: {value: 0.15, unit: USD}",
        "  t: {value: 100, unit: TB}",
        "  y: {value: 5, unit: yr}",
        "  s: {value: 40, unit: $/TB/yr}",
    )
    body = derived(f"  d: {{formula: {formula}, decimals: 2}}", figures=figures)
    expected = [(R1, 7 + len(figures), 16, "FX318")] if says else []
    return Case(name, {"R1.yaml": rec("R1", *body)}, expected, [says] if says else [])


FIG = ("figures:", "  a: {value: 6, unit: s}")

CASES = [
    # FX301 file name vs id
    Case(
        "FX301 file name differs from the id",
        {"R2.yaml": rec("R1", *FIG)},
        [(R2, 1, 5, "FX301")],
        ["rename the file to R1.yaml"],
    ),
    Case(
        "FX301 near-miss: differs in case only",
        {"r1.yaml": rec("R1", *FIG)},
        [("evidence/r1.yaml", 1, 5, "FX301")],
        ["rename the file to R1.yaml"],
    ),
    Case("FX301 near-miss: names match", {"R2.yaml": rec("R2", *FIG)}, []),
    # FX302 duplicate IDs, case-insensitively
    Case(
        "FX302 R1 and r1",
        {"R1.yaml": rec("R1", *FIG), "r1.yaml": rec("r1", *FIG)},
        [("evidence/r1.yaml", 1, 5, "FX302")],
        ["already used by evidence/R1.yaml"],
    ),
    Case(
        "FX302 near-miss: R1 and R10",
        {"R1.yaml": rec("R1", *FIG), "R10.yaml": rec("R10", *FIG)},
        [],
    ),
    # FX303 superseded_by names no record
    Case(
        "FX303 unknown successor",
        {
            "R1.yaml": rec("R1", "superseded_by: R12", *FIG, status="superseded"),
            "R2.yaml": rec("R2", *FIG),
        },
        [(R1, 5, 16, "FX303")],
        ["superseded_by 'R12' is not a record (did you mean 'R2'?)"],
    ),
    Case(
        "FX303 near-miss: successor exists",
        {
            "R1.yaml": rec("R1", "superseded_by: R2", *FIG, status="superseded"),
            "R2.yaml": rec("R2", *FIG),
        },
        [],
    ),
    Case(
        "FX303 a successor with errors is not called no record",
        {
            "R1.yaml": rec("R1", "superseded_by: R2", *FIG, status="superseded"),
            "R2.yaml": rec("R2", "figures:", "  a: {value: abc, unit: s}"),
        },
        [(R1, 5, 16, "FX303"), (R2, 6, 14, "FX203")],
        ["superseded_by 'R2': record R2 has errors (see its findings)"],
    ),
    # a successor a reader can follow (blind64)
    Case(
        "FX303 a retracted successor",
        {
            "R1.yaml": rec("R1", "superseded_by: R2", *FIG, status="superseded"),
            "R2.yaml": rec("R2", *FIG, status="retracted"),
        },
        [(R1, 5, 16, "FX303")],
        ["superseded by R2, which is retracted"],
        exit=0,
    ),
    Case(
        "FX303 a chain that comes back",
        {
            "R1.yaml": rec("R1", "superseded_by: R2", *FIG, status="superseded"),
            "R2.yaml": rec("R2", "superseded_by: R1", *FIG, status="superseded"),
        },
        [(R1, 5, 16, "FX303"), (R2, 5, 16, "FX303")],
        ["comes back to R1: R1 -> R2 -> R1", "comes back to R2: R2 -> R1 -> R2"],
    ),
    Case(
        "FX303 near-miss: a chain to a record that stands",
        {
            "R1.yaml": rec("R1", "superseded_by: R2", *FIG, status="superseded"),
            "R2.yaml": rec("R2", "superseded_by: R3", *FIG, status="superseded"),
            "R3.yaml": rec("R3", *FIG),
        },
        [],
    ),
    Case(
        "FX314 warning: a formula comparing with a superseded record",
        {
            "R1.yaml": rec("R1", "superseded_by: R2", *FIG, status="superseded"),
            "R2.yaml": rec("R2", *derived('  d: {formula: R1.a / a, unit: "×", decimals: 1}')),
        },
        [(R2, 8, 16, "FX314")],
        ["'R1.a' is a figure of superseded record R1", "read R2's instead"],
        exit=0,
    ),
    # blind71: a formula reading the superseded figure alone publishes it as the new one's
    Case(
        "FX314 a formula copying a superseded figure",
        {
            "R1.yaml": rec("R1", "superseded_by: R2", *FIG, status="superseded"),
            "R2.yaml": rec("R2", *derived("  d: {formula: R1.a * 1, unit: s, decimals: 0}")),
        },
        [(R2, 8, 16, "FX314")],
        ["the formula reads no other", "cite R2's figure instead"],
    ),
    Case(
        "FX314 a formula converting a superseded figure",
        {
            "R1.yaml": rec("R1", "superseded_by: R2", *FIG, status="superseded"),
            "R2.yaml": rec("R2", *derived("  d: {formula: R1.a * 1000, unit: ms, decimals: 0}")),
        },
        [(R2, 8, 16, "FX314")],
        ["it would publish that figure as this record's"],
    ),
    # a figure's label weakens its record's, never strengthens it (blind64)
    Case(
        "FX203 a measured figure in an estimate record",
        {
            "R1.yaml": rec(
                "R1", "figures:", "  a: {value: 6, unit: s, label: measured}", label="estimate"
            )
        },
        [(R1, 6, 33, "FX203")],
        ["'a' is labelled measured in a record labelled estimate"],
    ),
    Case(
        "FX203 a spec figure in a public record",
        {"R1.yaml": rec("R1", "figures:", "  a: {value: 6, unit: s, label: spec}", label="public")},
        [(R1, 6, 33, "FX203")],
        ["never strengthen it"],
    ),
    Case(
        "FX203 near-miss: an estimate figure in a spec record",
        {"R1.yaml": rec("R1", "figures:", "  a: {value: 6, unit: s, label: estimate}")},
        [],
    ),
    # FX304 constructs outside the whitelist
    Case(
        "FX304 power",
        {"R1.yaml": rec("R1", *derived("  b: {formula: 2 ** 3, unit: s, decimals: 0}"))},
        [(R1, 8, 18, "FX304")],
        ["'**' is not allowed"],
    ),
    Case(
        "FX304 __import__",
        {
            "R1.yaml": rec(
                "R1", *derived("  b: {formula: \"__import__('os')\", unit: s, decimals: 0}")
            )
        },
        [(R1, 8, 16, "FX304")],
        ["calling '__import__' is not allowed"],
    ),
    Case(
        "FX304 attribute access",
        {"R1.yaml": rec("R1", *derived("  b: {formula: '(1).real', unit: s, decimals: 0}"))},
        [(R1, 8, 16, "FX304")],
        ["only RECORD.figure is allowed after a '.'"],
    ),
    Case(
        "FX305 dunder attribute is no record",
        {"R1.yaml": rec("R1", *derived("  b: {formula: a.__class__, unit: s, decimals: 0}"))},
        [(R1, 8, 16, "FX305")],
        ["unknown record 'a'"],
    ),
    Case(
        "FX304 syntax error",
        {"R1.yaml": rec("R1", *derived("  b: {formula: '(a + 1', unit: s, decimals: 0}"))},
        [(R1, 8, 16, "FX304")],
        ["syntax error"],
    ),
    Case(
        "FX304 near-miss: the whitelist",
        {
            "R1.yaml": rec(
                "R1",
                *derived(
                    "  b: {formula: 2 * 2 * 2, unit: s, decimals: 0, stated: 8}",
                    "  c: {formula: 'min(a, 2) + max(a, 1) - abs(-a) + round(a / 4, 1)', unit: s, "
                    "decimals: 1, stated: 3.5}",
                ),
            )
        },
        [],
    ),
    # FX305 unknown references, with did-you-mean
    Case(
        "FX305 unknown figure",
        {
            "R1.yaml": rec(
                "R1",
                *derived(
                    "  b: {formula: save_tme * 2, unit: s, decimals: 0}",
                    figures=("  save_time: {value: 1, unit: s}",),
                ),
            )
        },
        [(R1, 8, 16, "FX305")],
        ["unknown figure 'save_tme' (did you mean 'save_time'?)"],
    ),
    Case(
        "FX305 unknown record",
        {
            "R1.yaml": rec("R1", *derived("  b: {formula: a + R22.a, unit: s, decimals: 0}")),
            "R2.yaml": rec("R2", *FIG),
        },
        [(R1, 8, 20, "FX305")],
        ["unknown record 'R22' in 'R22.a' (did you mean 'R2'?)"],
    ),
    Case(
        "FX305 unknown figure of another record",
        {
            "R1.yaml": rec("R1", *derived("  b: {formula: R2.aa, unit: s, decimals: 0}")),
            "R2.yaml": rec("R2", *FIG),
        },
        [(R1, 8, 16, "FX305")],
        ["unknown figure 'R2.aa' (did you mean 'a'?)"],
    ),
    Case(
        "FX305 near-miss: figure of another record",
        {
            "R1.yaml": rec(
                "R1", *derived("  b: {formula: a + R2.a, unit: s, decimals: 0, stated: 12}")
            ),
            "R2.yaml": rec("R2", *FIG),
        },
        [],
    ),
    # FX306 cycles, named
    Case(
        "FX306 self-reference",
        {"R1.yaml": rec("R1", *derived("  b: {formula: b + 1, unit: s, decimals: 0}"))},
        [(R1, 8, 16, "FX306")],
        ["cycle: R1#b -> R1#b"],
    ),
    Case(
        "FX306 a -> b -> a",
        {
            "R1.yaml": rec(
                "R1",
                *derived(
                    "  b: {formula: c + 1, unit: s, decimals: 0}",
                    "  c: {formula: b + a, unit: s, decimals: 0}",
                ),
            )
        },
        [(R1, 8, 16, "FX306")],
        ["cycle: R1#b -> R1#c -> R1#b"],
    ),
    Case(
        "FX306 across records",
        {
            "R1.yaml": rec("R1", *derived("  b: {formula: R2.c + 1, unit: s, decimals: 0}")),
            "R2.yaml": rec("R2", *derived("  c: {formula: R1.b + 1, unit: s, decimals: 0}")),
        },
        [(R1, 8, 16, "FX306")],
        ["cycle: R1#b -> R2#c -> R1#b"],
    ),
    Case(
        "FX306 near-miss: a chain across records",
        {
            "R1.yaml": rec(
                "R1", *derived("  b: {formula: R2.c + 1, unit: s, decimals: 0, stated: 8}")
            ),
            "R2.yaml": rec(
                "R2", *derived("  c: {formula: R1.a + 1, unit: s, decimals: 0, stated: 7}")
            ),
        },
        [],
    ),
    # FX307 cannot be evaluated
    Case(
        "FX307 division by zero",
        {
            "R1.yaml": rec(
                "R1",
                *derived(
                    "  b: {formula: a / z, unit: s, decimals: 0}",
                    figures=("  a: {value: 6, unit: s}", "  z: {value: 0, unit: s}"),
                ),
            )
        },
        [(R1, 9, 20, "FX307")],
        ["division by zero"],
    ),
    Case(
        "FX307 range used in a formula",
        {
            "R1.yaml": rec(
                "R1",
                *derived(
                    "  b: {formula: a * z, unit: s, decimals: 0}",
                    figures=("  a: {value: 6, unit: s}", "  z: {min: 1, max: 2, unit: s}"),
                ),
            )
        },
        [(R1, 9, 20, "FX307")],
        ["'z' is a range"],
    ),
    Case(
        "FX307 near-miss: nonzero divisor, range not used",
        {
            "R1.yaml": rec(
                "R1",
                *derived(
                    "  b: {formula: a / z, unit: x, decimals: 0, stated: 3}",
                    figures=(
                        "  a: {value: 6, unit: s}",
                        "  z: {value: 2, unit: s}",
                        "  r: {min: 1, max: 2, unit: s}",
                    ),
                ),
            )
        },
        [],
    ),
    # FX308 stated must match at the precision shown
    Case(
        "FX308 near-miss: 1.9 states 178/94 at one decimal",
        {
            "R1.yaml": rec(
                "R1",
                *derived(
                    "  b: {formula: a / c, unit: x, decimals: 1, stated: 1.9}",
                    figures=("  a: {value: 178, unit: s}", "  c: {value: 94, unit: s}"),
                ),
            )
        },
        [],
    ),
    Case(
        "FX308 1.8 misstates 178/94",
        {
            "R1.yaml": rec(
                "R1",
                *derived(
                    "  b: {formula: a / c, unit: x, decimals: 1, stated: 1.8}",
                    figures=("  a: {value: 178, unit: s}", "  c: {value: 94, unit: s}"),
                ),
            )
        },
        [(R1, 9, 53, "FX308")],
        ["stated 1.8 but the formula gives 1.9 at 1 decimal; write stated: 1.9"],
    ),
    Case(
        "FX308 1.89 states more than the figure's one decimal (blind64)",
        {
            "R1.yaml": rec(
                "R1",
                *derived(
                    "  b: {formula: a / c, unit: x, decimals: 1, stated: 1.89}",
                    figures=("  a: {value: 178, unit: s}", "  c: {value: 94, unit: s}"),
                ),
            )
        },
        [(R1, 9, 53, "FX308")],
        ["stated 1.89 but the formula gives 1.9 at 1 decimal; write stated: 1.9"],
    ),
    Case(
        "FX308 1.9 is not 178/94 at two decimals",
        {
            "R1.yaml": rec(
                "R1",
                *derived(
                    "  b: {formula: a / c, unit: x, decimals: 2, stated: 1.9}",
                    figures=("  a: {value: 178, unit: s}", "  c: {value: 94, unit: s}"),
                ),
            )
        },
        [(R1, 9, 53, "FX308")],
        ["gives 1.89 at 2 decimals"],
    ),
    Case(
        "FX308 near-miss: 1.89 at two decimals",
        {
            "R1.yaml": rec(
                "R1",
                *derived(
                    "  b: {formula: a / c, unit: x, decimals: 2, stated: 1.89}",
                    figures=("  a: {value: 178, unit: s}", "  c: {value: 94, unit: s}"),
                ),
            )
        },
        [],
    ),
    # FX309 a warning only
    Case(
        "FX309 measured without date, issuer, hash",
        {"R1.yaml": rec("R1", *FIG, label="measured")},
        [(R1, 3, 8, "FX309")],
        ["does not state: date, issuer, document hash"],
        exit=0,
    ),
    Case(
        "FX309 measured without a hash",
        {
            "R1.yaml": rec(
                "R1", "date: 2026-03-14", "source:", "  issuer: Lab", *FIG, label="measured"
            )
        },
        [(R1, 3, 8, "FX309")],
        ["does not state: document hash"],
        exit=0,
    ),
    Case(
        "FX309 near-miss: all three stated",
        {
            "R1.yaml": rec(
                "R1",
                "date: 2026-03-14",
                "source:",
                "  issuer: Lab",
                f"  sha256: {DOC_HASH}",
                *FIG,
                label="measured",
            )
        },
        [],
    ),
    Case(
        "FX309 near-miss: an estimate needs none",
        {"R1.yaml": rec("R1", *FIG, label="estimate")},
        [],
    ),
    # FX310 the document and its hash
    Case(
        "FX310 document missing",
        {
            "R1.yaml": rec(
                "R1", "source:", "  document: reports/R1.pdf", f"  sha256: {DOC_HASH}", *FIG
            )
        },
        [(R1, 6, 13, "FX310")],
        ["document 'reports/R1.pdf' not found"],
    ),
    Case(
        "FX310 document is a folder",
        {"R1.yaml": rec("R1", "source:", "  document: reports", *FIG), "reports/R1.pdf": DOC},
        [(R1, 6, 13, "FX310")],
        ["document 'reports' is a directory, not a file"],
    ),
    Case(
        "FX310 hash mismatch",
        {
            "R1.yaml": rec(
                "R1", "source:", "  document: reports/R1.pdf", f"  sha256: '{'0' * 64}'", *FIG
            ),
            "reports/R1.pdf": DOC,
        },
        [(R1, 7, 11, "FX310")],
        ["sha256 does not match 'reports/R1.pdf'"],
    ),
    Case(
        "FX310 near-miss: the document and its hash",
        {
            "R1.yaml": rec(
                "R1",
                "date: 2026-03-14",
                "source:",
                "  issuer: Lab",
                "  document: reports/R1.txt",
                f"  sha256: {TEXT_DOC_HASH}",
                *FIG,
                label="measured",
            ),
            "reports/R1.txt": TEXT_DOC,  # it states the figure (a: 6 s), so no FX316
        },
        [],
    ),
    *(
        units_case(name, formula, says)
        for name, formula, says in [
            (
                "FX318 a sum of seconds labelled min",
                "a + b, unit: min",
                "gives 1.616667 min, not 97 min",
            ),
            ("FX318 near-miss: the same sum in s", "a + b, unit: s", None),
            (
                "FX318 a bandwidth labelled a time",
                "g / a, unit: s",
                "a bandwidth (B/s) but unit 's' is a time",
            ),
            ("FX318 near-miss: the bandwidth in GB/s", "g / a, unit: GB/s", None),
            (
                "FX318 a ratio of min to s as a number",
                'm / a, unit: "×"',
                "gives 1.276596 ×, not 0.021277 ×",
            ),
            ("FX318 near-miss: a ratio of seconds", 'a / b, unit: "×"', None),
            ("FX318 near-miss: converted by hand", "g / a * 1000, unit: MB/s", None),
            ("FX318 near-miss: a percentage", '(a - b) / a * 100, unit: "%"', None),
            # A number in the formula leaves its value as written, not its dimensions or
            # its kind (blind64: "t * 1" published seconds as GB, a 1.89× ratio as "1.89%").
            ("FX318 a time times one, labelled a size", "a * 1, unit: GB", "unit 'GB' is a size"),
            ("FX318 a time plus nothing, in USD", "a + 0, unit: USD", "a time (s) but unit 'USD'"),
            ("FX318 a time over a number, in %", 'a / 1, unit: "%"', "a time (s) but unit '%'"),
            ("FX318 near-miss: seconds plus five", "a + 5, unit: s", None),
            ("FX318 near-miss: seconds to minutes", "a / 60, unit: min", None),
            ("FX318 near-miss: a month's price a year's", "c * 12, unit: USD/year", None),
            ("FX318 a ratio labelled %", 'a / b, unit: "%"', "multiply by 100"),
            ("FX318 a percentage labelled ×", 'a / b * 100, unit: "×"', "state the unit %"),
            ("FX318 a share labelled ×", 'p, unit: "×"', "a percentage (%) but unit '×'"),
            ("FX318 two shares apart, in %", 'p - q, unit: "%"', "state pp"),
            ("FX318 near-miss: two shares apart, in pp", "p - q, unit: pp", None),
            ("FX318 near-miss: a gain as a percentage", '(a / b - 1) * 100, unit: "%"', None),
            ("FX318 near-miss: a reduction as a percentage", '(1 - b / a) * 100, unit: "%"', None),
            ("FX318 near-miss: a model's own arithmetic", 'a / b * 2, unit: "×"', None),
            # blind72: USD/kWh was unknown, and kW × h × USD was told "J·USD"
            ("FX318 near-miss: an energy cost", "w * hours * e, unit: USD", None),
            ("FX318 near-miss: the energy", "w * hours, unit: kWh", None),
            ("FX318 near-miss: the energy in MWh", "w * hours / 1000, unit: MWh", None),
            ("FX318 near-miss: a subscription's cost", "t * y * s, unit: USD", None),
            ("FX318 an energy times a price", "w * hours * u, unit: USD", "gives USD·kWh (J·USD)"),
            ("FX318 an energy cost labelled kWh", "w * hours * e, unit: kWh", "gives USD but"),
            ("FX318 a price per energy as a price", "e, unit: USD", "gives USD/kWh (USD/J) but"),
            ("FX318 a time named as a time", "a + b, unit: GB", "gives a time (s) but"),
        ]
    ),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_library_rule(case: Case, assert_check: Callable[..., object]) -> None:
    assert_check(case.files, case.expected, case.says, case.exit)


def test_fx309_is_a_warning(
    project: Callable[..., Path], check: Callable[[Path], tuple[int, list[dict[str, Any]]]]
) -> None:
    code, findings = check(project({"R1.yaml": rec("R1", *FIG, label="measured")}))
    assert code == 0
    assert [f["severity"] for f in findings] == ["warning"]


def test_document_symlink_out_of_evidence(
    project: Callable[..., Path],
    check: Callable[[Path], tuple[int, list[dict[str, Any]]]],
    tmp_path: Path,
) -> None:
    outside = tmp_path / "outside.pdf"
    outside.write_bytes(DOC)
    root = project(
        {"R1.yaml": rec("R1", "source:", "  document: link.pdf", f"  sha256: {DOC_HASH}", *FIG)}
    )
    try:
        os.symlink(outside, root / "evidence" / "link.pdf")
    except OSError:
        pytest.skip("no symlinks here")
    code, findings = check(root)
    assert (code, [(f["path"], f["line"], f["col"], f["code"]) for f in findings]) == (
        1,
        [(R1, 6, 13, "FX310")],
    )


def test_one_failure_reported_once(
    project: Callable[..., Path], check: Callable[[Path], tuple[int, list[dict[str, Any]]]]
) -> None:
    """A figure derived from a failed one is not reported again."""
    root = project(
        {
            "R1.yaml": rec(
                "R1",
                *derived(
                    "  b: {formula: a / 0, unit: s, decimals: 0}",
                    "  c: {formula: b + 1, unit: s, decimals: 0}",
                    "  d: {formula: c + 1, unit: s, decimals: 0}",
                ),
            )
        }
    )
    code, findings = check(root)
    assert (code, [(f["line"], f["col"], f["code"]) for f in findings]) == (1, [(8, 20, "FX307")])


# -- the library ---------------------------------------------------------------


def load(tmp_path: Path, files: dict[str, str]) -> Library:
    evidence = tmp_path / "evidence"
    evidence.mkdir()
    for name, text in files.items():
        (evidence / name).write_text(text, encoding="utf-8")
    return load_library(evidence, tmp_path)


def test_derived_values_and_precision(tmp_path: Path) -> None:
    lib = load(
        tmp_path,
        {
            "R1.yaml": rec(
                "R1",
                "figures:",
                "  base: {value: 178, unit: s}",
                "  fast: {value: 94, unit: s}",
                "  bw: {value: 6.40, unit: GB/s}",
                "  load: {min: 6.2, max: 9.30, unit: x}",
                "derived:",
                "  speedup: {formula: base / fast, unit: x, decimals: 1, stated: 1.9, what: Speed-up}",
                label="measured",
            )
        },
    )
    assert lib.findings[0].code == "FX309" and len(lib.findings) == 1
    bw = lib.figure("R1", "bw")
    assert bw is not None and (bw.low, bw.decimals, bw.unit) == (Decimal("6.40"), 2, "GB/s")
    load_speedup = lib.figure("R1", "load")
    assert load_speedup is not None and load_speedup.is_range
    assert (load_speedup.low, load_speedup.high, load_speedup.decimals) == (
        Decimal("6.2"),
        Decimal("9.30"),
        2,
    )
    assert load_speedup.unit == "×"
    speedup = lib.figure("R1", "speedup")
    assert speedup is not None
    assert abs(float(speedup.low) - 178 / 94) < 1e-12
    assert (speedup.decimals, speedup.unit, speedup.label) == (1, "×", "measured")
    assert (speedup.formula, speedup.inputs, speedup.stated) == (
        "base / fast",
        ("R1#base", "R1#fast"),
        Decimal("1.9"),
    )
    assert [f.name for f in lib.figures_of("R1")] == ["base", "fast", "bw", "load", "speedup"]
    assert lib.figure("R1", "nope") is None


def test_derived_label_is_the_weakest_input(tmp_path: Path) -> None:
    lib = load(
        tmp_path,
        {
            "R1.yaml": rec(
                "R1",
                "figures:",
                "  a: {value: 10, unit: s}",
                "  b: {value: 5, unit: s, label: spec}",
                "derived:",
                "  own: {formula: a * 2, unit: s, decimals: 0}",
                "  mixed: {formula: a + b, unit: s, decimals: 0}",
                "  with_estimate: {formula: a + E1.c, unit: s, decimals: 0}",
                "  constant: {formula: 2 + 2, unit: s, decimals: 0}",
                label="measured",
            ),
            "E1.yaml": rec(
                "E1",
                "figures:",
                "  c: {value: 1, unit: s}",
                "derived:",
                '  from_measured: {formula: R1.own / c, unit: "×", decimals: 0}',
                label="estimate",
            ),
            "P1.yaml": rec(
                "P1",
                "figures:",
                "  d: {value: 3, unit: s}",
                "derived:",
                "  from_spec: {formula: d + R1.mixed, unit: s, decimals: 0}",
                label="public",
            ),
        },
    )
    labels = {f.ref: f.label for f in lib.figures.values()}
    assert labels == {
        "R1#a": "measured",
        "R1#b": "spec",
        "R1#own": "measured",
        "R1#mixed": "spec",
        "R1#with_estimate": "estimate",
        "R1#constant": "measured",
        "E1#c": "estimate",
        "E1#from_measured": "estimate",
        "P1#d": "public",
        "P1#from_spec": "public",
    }
    from_spec = lib.figure("P1", "from_spec")
    assert from_spec is not None and from_spec.low == Decimal("18")


def test_invalid_record_is_left_out(tmp_path: Path) -> None:
    lib = load(
        tmp_path,
        {
            "R1.yaml": rec("R1", "figures:", "  a: {value: '1', unit: s}"),
            "R2.yaml": rec("R2", *FIG),
        },
    )
    assert list(lib.records) == ["R2"]
    assert [(f.path, f.code) for f in lib.findings] == [("evidence/R1.yaml", "FX203")]


def test_derived_label_is_never_stronger_than_its_record(tmp_path: Path) -> None:
    """An estimate's formula over a measured figure is still an estimate."""
    lib = load(
        tmp_path,
        {
            "R1.yaml": rec("R1", "figures:", "  a: {value: 10, unit: s}", label="measured"),
            "E1.yaml": rec(
                "E1",
                "figures:",
                "  c: {value: 1, unit: s}",
                "derived:",
                "  half: {formula: R1.a / 2, unit: s, decimals: 0}",
                label="estimate",
            ),
        },
    )
    half = lib.figure("E1", "half")
    assert half is not None and half.label == "estimate"


def test_formula_over_an_invalid_record_says_why(tmp_path: Path) -> None:
    lib = load(
        tmp_path,
        {
            "R1.yaml": rec("R1", "figures:", "  a: {value: '1', unit: s}"),
            "R2.yaml": rec("R2", *derived("  b: {formula: R1.a * 2, unit: s, decimals: 0}")),
        },
    )
    messages = {(f.path, f.code): f.message for f in lib.findings}
    assert ("evidence/R1.yaml", "FX203") in messages
    assert "record R1 has errors" in messages[("evidence/R2.yaml", "FX305")]
