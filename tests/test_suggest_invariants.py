"""Suggested invariants (fxsite.evidence.suggest) and FX315, in-process on tmp evidence.

Each relation kind is a table row, with unit prefixes; near misses (a ratio 6%
off, unrelated figures of one dimension, a declared invariant, a derived figure
whose formula is the relation) propose nothing. Then FX315 on a size, a time
and a bandwidth that do not reconcile, its acknowledged near miss, and the CLI.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from fxsite.cli import cli
from fxsite.evidence.library import Library, load_library
from fxsite.evidence.suggest import proposals_yaml, suggest_invariants

HEAD = "id: R1\ntitle: T\nlabel: spec\nstatus: active\n"


def invoke(*args: str) -> Result:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


def library_of(tmp_path: Path, body: str) -> Library:
    (tmp_path / "evidence").mkdir()
    (tmp_path / "evidence" / "R1.yaml").write_text(HEAD + body, encoding="utf-8")
    library = load_library(tmp_path / "evidence", tmp_path)
    assert [f.format() for f in library.findings if f.severity == "error"] == []
    return library


def figures(*rows: str) -> str:
    return "figures:\n" + "".join(f"  {row}\n" for row in rows)


def proposed(library: Library) -> list[tuple[str, str]]:
    proposals, _ = suggest_invariants(library)
    return [(p.checked.invariant.expr, p.checked.invariant.equals) for p in proposals]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        pytest.param(  # a speed-up: baseline / new
            figures(
                "old: {value: 178, unit: s}",
                "new: {value: 94, unit: s}",
                "up: {value: 1.9, unit: x}",
            ),
            [("old / new", "up")],
            id="ratio",
        ),
        pytest.param(  # ms against s
            figures(
                "old: {value: 178, unit: s}",
                "new: {value: 94000, unit: ms}",
                "up: {value: 1.9, unit: x}",
            ),
            [("old / new", "up")],
            id="ratio-ms-vs-s",
        ),
        pytest.param(  # a gain: (new / old - 1) * 100, MB/s against GB/s
            figures(
                "old: {value: 3.26, unit: GB/s}",
                "new: {value: 6400, unit: MB/s}",
                "gain: {value: 96, unit: '%'}",
            ),
            [("(new / old - 1) * 100", "gain")],
            id="gain",
        ),
        pytest.param(  # a reduction: (1 - new / old) * 100
            figures(
                "old: {value: 178, unit: s}",
                "new: {value: 94, unit: s}",
                "cut: {value: 47, unit: '%'}",
            ),
            [("(1 - new / old) * 100", "cut")],
            id="reduction",
        ),
        pytest.param(  # a reduction from a speed-up: 100 - 100 / speedup
            figures("up: {value: 1.9, unit: x}", "cut: {value: 47, unit: '%'}"),
            [("100 - 100 / up", "cut")],
            id="reduction-of-speedup",
        ),
        pytest.param(  # a gain from a speed-up: (speedup - 1) * 100
            figures("up: {value: 1.9, unit: x}", "gain: {value: 90, unit: '%'}"),
            [("(up - 1) * 100", "gain")],
            id="gain-of-speedup",
        ),
        pytest.param(  # a difference, in min against s
            figures(
                "old: {value: 178, unit: s}",
                "new: {value: 94, unit: s}",
                "saved: {value: 1.4, unit: min}",
            ),
            [("old - new", "saved")],
            id="difference-min-vs-s",
        ),
        pytest.param(  # size / time = bandwidth: GB and s against MB/s
            figures(
                "size: {value: 65.6, unit: GB}",
                "t: {value: 94, unit: s}",
                "bw: {value: 698, unit: MB/s}",
            ),
            [("size / t", "bw")],
            id="quotient",
        ),
        pytest.param(  # bandwidth * time = size: GB/s and ms against MB
            figures(
                "bw: {value: 0.698, unit: GB/s}",
                "t: {value: 94000, unit: ms}",
                "size: {value: 65600, unit: MB}",
            ),
            [("bw * t", "size")],
            id="product",
        ),
        pytest.param(  # exactly 5% of the figure apart holds: 2 against 1.905 is 4.99%
            figures(
                "old: {value: 100, unit: s}",
                "new: {value: 50, unit: s}",
                "up: {value: 1.905, unit: x}",
            ),
            [("old / new", "up")],
            id="ratio-4.99%-off",
        ),
        # near misses: nothing proposed
        pytest.param(  # 2 against 1.88 is 6.4% off
            figures(
                "old: {value: 100, unit: s}",
                "new: {value: 50, unit: s}",
                "up: {value: 1.88, unit: x}",
            ),
            [],
            id="ratio-6%-off",
        ),
        pytest.param(  # times whose differences and ratios equal nothing
            figures(
                "a: {value: 10, unit: s}", "b: {value: 20, unit: s}", "c: {value: 47, unit: s}"
            ),
            [],
            id="unrelated-one-dimension",
        ),
        pytest.param(  # size / time near a figure of another dimension (a count)
            figures(
                "size: {value: 65.6, unit: GB}",
                "t: {value: 94, unit: s}",
                "n: {value: 698000000, unit: count}",
            ),
            [],
            id="quotient-other-dimension",
        ),
        pytest.param(  # declared already, written another way
            figures(
                "old: {value: 178, unit: s}",
                "new: {value: 94, unit: s}",
                "up: {value: 1.9, unit: x}",
            )
            + "invariants:\n  - {expr: 1 / (new / old), equals: up, within: 10%}\n",
            [],
            id="declared",
        ),
        pytest.param(  # a derived figure whose formula is the relation
            figures("old: {value: 178, unit: s}", "new: {value: 94, unit: s}")
            + "derived:\n  up: {formula: old / new, unit: x, decimals: 1}\n",
            [],
            id="derived-formula",
        ),
        pytest.param(  # a derived restatement in another unit is no operand
            figures(
                "old: {value: 180, unit: s}",
                "new: {value: 120, unit: s}",
                "d: {value: 1, unit: min}",
            )
            + "derived:\n  old_min: {formula: old / 60, unit: min, decimals: 0}\n",
            [("old - new", "d")],
            id="restatement-left-out",
        ),
        pytest.param(  # a model's derived figures: run - total is near dur by chance,
            # (run / dur - 1) * 100 near share by their formulas (all from run, per_b, per, n)
            figures(
                "run: {value: 36000, unit: s}",
                "per_b: {value: 178, unit: s}",
                "per: {value: 94, unit: s}",
                "n: {value: 20, unit: count}",
            )
            + "derived:\n"
            + "  total: {formula: per * n, unit: s, decimals: 0}\n"
            + "  saved: {formula: (per_b - per) * n, unit: s, decimals: 0}\n"
            + "  dur: {formula: run - saved, unit: s, decimals: 0}\n"
            + "  share: {formula: saved / run * 100, unit: '%', decimals: 1}\n",
            [],
            id="derived-by-one-model",
        ),
        pytest.param(  # 100 - 4 is 96, 1% from 97; but 100 alone is 3% from it
            figures(
                "a: {value: 100, unit: s}", "b: {value: 4, unit: s}", "c: {value: 97, unit: s}"
            ),
            [],
            id="difference-of-a-small-term",
        ),
        pytest.param(  # 100 - 10 is 90, 1.1% from 91, and 100 alone is 9.9% from it
            figures(
                "a: {value: 100, unit: s}", "b: {value: 10, unit: s}", "c: {value: 91, unit: s}"
            ),
            [("a - b", "c")],
            id="difference-of-a-large-term",
        ),
        pytest.param(  # ranges and bounds state no value
            figures(
                "old: {min: 170, max: 180, unit: s}",
                "new: {max: 94, unit: s}",
                "up: {value: 1.9, unit: x}",
            ),
            [],
            id="range-and-bound",
        ),
    ],
)
def test_proposals(tmp_path: Path, body: str, expected: list[tuple[str, str]]) -> None:
    assert proposed(library_of(tmp_path, body)) == expected


def test_proposal_is_ready_to_paste_yaml_with_its_numbers(tmp_path: Path) -> None:
    library = library_of(
        tmp_path,
        figures(
            "old: {value: 178, unit: s}", "new: {value: 94, unit: s}", "up: {value: 1.9, unit: x}"
        ),
    )
    proposals, _ = suggest_invariants(library)
    assert proposals_yaml(proposals).splitlines() == [
        "# evidence/R1.yaml: 1 suggested invariant(s) for R1",
        "invariants:",
        "  - expr: old / new  # = 1.894×",
        "    equals: up  # 1.9×, 0.336% apart",
        "    within: 5%",
    ]


SIZE_TIME_BW = figures(
    "size: {value: 65.6, unit: GB}", "t: {value: 94, unit: s}", "bw: {value: 6.40, unit: GB/s}"
)
ACKNOWLEDGED = "invariants:\n  - {expr: size / t, equals: bw, within: 90%, why: not a rate}\n"


@pytest.mark.parametrize(
    ("body", "flagged"),
    [
        pytest.param(SIZE_TIME_BW, True, id="far"),
        pytest.param(SIZE_TIME_BW + ACKNOWLEDGED, False, id="acknowledged"),
        pytest.param(  # an invariant over other figures acknowledges nothing
            SIZE_TIME_BW.replace("figures:\n", "figures:\n  k: {value: 2, unit: x}\n")
            + "invariants:\n  - {expr: bw / bw * 2, equals: k, within: 1%}\n",
            True,
            id="other-invariant",
        ),
        pytest.param(  # 0.698 GB/s against 0.80 GB/s: 12.8%, under 20%
            SIZE_TIME_BW.replace("6.40, unit: GB/s", "0.80, unit: GB/s"),
            False,
            id="within-20%",
        ),
        pytest.param(  # prefixes reconcile: 65600 MB in 94000 ms against 698 MB/s
            figures(
                "size: {value: 65600, unit: MB}",
                "t: {value: 94000, unit: ms}",
                "bw: {value: 698, unit: MB/s}",
            ),
            False,
            id="prefixes",
        ),
        pytest.param(  # no bandwidth figure: no rate to break
            figures("size: {value: 65.6, unit: GB}", "t: {value: 94, unit: s}"),
            False,
            id="no-rate",
        ),
    ],
)
def test_fx315(tmp_path: Path, body: str, flagged: bool) -> None:
    _, findings = suggest_invariants(library_of(tmp_path, body))
    if not flagged:
        assert findings == []
        return
    [finding] = findings
    size_line = (HEAD + body).splitlines().index("  size: {value: 65.6, unit: GB}") + 1
    assert (finding.path, finding.line, finding.col, finding.code, finding.severity) == (
        "evidence/R1.yaml",
        size_line,
        9,
        "FX315",
        "warning",
    )
    for text in ("size / t", "65.6 GB in 94 s", "0.6979 GB/s", "89.1%", "bw (6.40 GB/s)"):
        assert text in finding.message


def test_cli_prints_proposals_after_the_findings(
    project: Callable[..., Path],
) -> None:
    body = SIZE_TIME_BW.replace(
        "figures:\n", "figures:\n  up: {value: 1.9, unit: x}\n  t0: {value: 178, unit: s}\n"
    )
    root = project({"R1.yaml": HEAD + body})
    plain = invoke("check", str(root))
    assert (plain.exit_code, plain.stdout) == (0, "")
    result = invoke("check", str(root), "--suggest-invariants")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[:4] == [
        "evidence/R1.yaml:8:9: FX315 warning: size / t0: 65.6 GB in 178 s is 0.3685 GB/s, "
        "94.2% from bw (6.40 GB/s), the nearest figure in GB/s; correct a figure, or declare "
        "how they relate: an invariant with the tolerance they have and a why",
        "evidence/R1.yaml:8:9: FX315 warning: size / t: 65.6 GB in 94 s is 0.6979 GB/s, "
        "89.1% from bw (6.40 GB/s), the nearest figure in GB/s; correct a figure, or declare "
        "how they relate: an invariant with the tolerance they have and a why",
        "# evidence/R1.yaml: 1 suggested invariant(s) for R1",
        "invariants:",
    ]
    assert "  - expr: t0 / t  # = 1.894×" in lines
    assert result.stderr == "ok: 0 error(s), 2 warning(s)\n"


def test_fx315_far_off_by_thousands_of_percent(tmp_path: Path) -> None:
    """A share of 1,000% or more is shown with its thousands separator, not a traceback."""
    body = SIZE_TIME_BW.replace("value: 94, unit: s", "value: 94, unit: ms")
    _, [finding] = suggest_invariants(library_of(tmp_path, body))
    assert "65.6 GB in 94 ms is 697.8723 GB/s, 10,804% from bw (6.40 GB/s)" in finding.message


def test_cli_json_keeps_stdout_one_json_array(project: Callable[..., Path]) -> None:
    body = SIZE_TIME_BW.replace(
        "figures:\n", "figures:\n  up: {value: 1.9, unit: x}\n  t0: {value: 178, unit: s}\n"
    )
    result = invoke(
        "check", str(project({"R1.yaml": HEAD + body})), "--suggest-invariants", "--format", "json"
    )
    assert result.exit_code == 0
    assert [f["code"] for f in json.loads(result.stdout)] == ["FX315", "FX315"]
    assert "  - expr: t0 / t  # = 1.894×" in result.stderr.splitlines()
