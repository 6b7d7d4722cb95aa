"""A page's sentence that says an estimate's claim was measured is refused (FX319, blind71
#8), as an estimate's own title saying so is; check, build and the Markdown extension read
it alike. Beside near misses: "measured" said of a measured record's claim, denied, or in
another sentence.
"""

from __future__ import annotations

import json
from pathlib import Path

import markdown
import pytest
from sitekit import CLEAN, fxsite_here, library, rows_site, sentence_errors
from timelimit import cpu_time

from fxsite.findings import RefusedError
from fxsite.markdown import FxsiteExtension
from fxsite.pages.said_measured import said_measured

#: An estimate's claim and a measured record's claim of the fixture site.
EST = "[3,560 s](evidence:E1#total_save_time)"
MEAS = "[94 s](evidence:R1#save_time_fx100)"

#: (name, sentence, the columns of its FX319 findings)
REFUSED = [
    ("in brackets after it", f"The save took {EST} (measured, lab report) on the new array.", [55]),
    ("before it", f"Measured in our lab: the save took {EST}.", [1]),
    ("after it", f"The save took {EST}, as measured in the lab.", [58]),
    ("benchmarked", f"Benchmarked saves take {EST}.", [1]),
    ("zh", f"实测保存时间为{EST}。", [1]),
    ("once a claim", f"Measured in our lab: the save took {EST} (lab report).", [1]),
    (
        "each estimate's claim",
        f"Measured: {EST} and, as measured, [20](evidence:E1#saves).",
        [1, 58],
    ),
]

PASSED = [
    (
        "the measured claim is nearer",
        f"Unlike the measured {MEAS}, the estimate {EST} is modelled.",
    ),
    ("a measured record's claim", f"The measured save took {MEAS}."),
    ("denied", f"The save took {EST} (not measured)."),
    ("what the model reads", f"The estimate {EST} is taken from measured record R1."),
    ("another sentence", f"The estimate {EST} is modelled. We measured {MEAS} per save."),
    ("a sentence before", f"We measured it. The estimate is {EST}."),
    ("as near each way", f"Saves: {EST} measured {MEAS}."),
    ("no claim", "We measured it in the lab."),
    ("another clause", f"The inputs were measured in the lab; the model gives {EST}."),
    ("another clause, zh", f"输入数据为实测；模型估算为{EST}。"),
]


@pytest.mark.parametrize(("name", "text", "cols"), REFUSED, ids=[r[0] for r in REFUSED])
def test_measured_said_of_an_estimate_is_refused(name: str, text: str, cols: list[int]) -> None:
    assert sentence_errors(text, library()) == [("FX319", 3, col) for col in cols]


@pytest.mark.parametrize(("name", "text"), PASSED, ids=[r[0] for r in PASSED])
def test_near_miss_passes(name: str, text: str) -> None:
    assert sentence_errors(text, library()) == []


def test_the_markdown_extension_refuses_it() -> None:
    extension = FxsiteExtension(evidence_dir=str(CLEAN / "evidence"))
    page = f"# T\n\nMeasured in our lab: the save took {EST}.\n"
    with pytest.raises(RefusedError) as refused:
        markdown.markdown(page, extensions=[extension])
    assert [(f.code, f.line, f.col) for f in refused.value.findings] == [("FX319", 3, 1)]
    near = f"# T\n\nUnlike the measured {MEAS}, the estimate {EST} is modelled.\n"
    assert "fx-claim" in markdown.markdown(
        near, extensions=[FxsiteExtension(evidence_dir=str(CLEAN / "evidence"))]
    )


def test_check_and_build_refuse_it_alike(tmp_path: Path) -> None:
    site = rows_site(tmp_path / "site", f"# Home\n\nThe save took {EST} (measured).\n")
    found = []
    for command in ("check", "build"):
        run = fxsite_here(command, "--format", "json", ".", cwd=site)
        assert run.returncode == 1, run.stderr
        found.append([(f["path"], f["line"], f["col"], f["code"]) for f in json.loads(run.stdout)])
    assert found[0] == found[1] == [("docs/index.md", 3, 55, "FX319")]


class _Run:
    def __init__(self, text: str, claims: list[tuple[int, int, int]]) -> None:
        self.text, self.claims, self.variant = text, claims, 0


def _run(pieces: int) -> tuple[_Run, list[str], list[str]]:
    """A run of ``pieces`` sentences, each an estimate's claim and a measured one's, with
    "measured" between, a denial of a model right after the second, and a claim-less
    stretch of measured words."""
    text, claims = "", []
    for n in range(pieces):
        text += "Saves "
        claims.append((len(text), len(text) + 4, 2 * n))
        text += "95 s measured "
        claims.append((len(text), len(text) + 4, 2 * n + 1))
        text += "94 s not estimated; measured measured lab report, "
    return _Run(text, claims), ["estimate", "measured"] * pieces, ["E1#a", "R1#b"] * pieces


def test_said_measured_is_linear() -> None:
    """Four times the run takes less than ten times the time (quadratic: sixteen)."""

    def read(pieces: int, limit_s: float, first: bool) -> float:
        run, labels, refs = _run(pieces)
        return cpu_time(
            lambda: list(said_measured([run], labels, refs)), repeat=3, limit_s=limit_s, first=first
        )

    small = read(2_000, 5.0, first=False)  # the least of three tries
    # the large run: tried until one try ends within the bound (each stopped at it)
    assert read(8_000, 10 * max(small, 0.005), first=True) < 10 * max(small, 0.005)
