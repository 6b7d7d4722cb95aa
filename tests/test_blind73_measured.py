"""An estimate's claim called measured in the words blind73 #4 found passing (FX319): a
denial of modelling or estimation ("(not modelled; measured)", ", not estimated", "非估算"),
a test, a benchmark or a lab's verdict ("As tested", "Per the benchmark,", "(lab-verified)"),
"empirically", "real-world results", "(meas.)", and their Chinese. Beside near misses: a
denial of measurement, a setup the model is run on, what the model reads.
"""

from __future__ import annotations

import shutil

import pytest
from sitekit import CLEAN, library, page_findings, sentence_errors
from timelimit import cpu_time

from fxsite.evidence.label_words import measured_words
from fxsite.evidence.library import Library
from fxsite.pages.measured_over import said_over

#: An estimate's claim of the fixture site (E1, label estimate).
EST = "[3,560 s](evidence:E1#total_save_time)"

#: (name, sentence, the column of its FX319 finding)
REFUSED = [
    ("not modelled; measured", f"The run saved {EST} (not modelled; measured).", 55),
    ("not estimated; measured", f"The run saved {EST} (not estimated; measured).", 55),
    ("in brackets past a semicolon", f"The run saved {EST} (see R1; measured).", 63),
    ("not estimated", f"The run saved {EST}, not estimated.", 55),
    ("not estimated right after the claim", f"The run saved {EST} not estimated.", 54),
    ("not modelled after a no-break space", f"The run saved {EST}&nbsp;not modelled.", 59),
    ("not an estimate", f"Not an estimate: the run saved {EST}.", 1),
    ("lab-verified", f"The run shortened by {EST} (lab-verified).", 62),
    ("as tested", f"As tested, the run saves {EST}.", 4),
    ("lab tests", f"In our lab tests the run saved {EST}.", 8),
    ("in testing", f"Verified in testing: {EST}.", 10),
    ("independently tested", f"Independently tested savings of {EST} per run.", 15),
    ("real-world results", f"Real-world results: {EST} saved per run.", 1),
    ("per the benchmark", f"Per the benchmark, the run saved {EST}.", 1),
    ("empirically", f"The run saved {EST} (empirically).", 55),
    ("real hardware runs", f"The run saved {EST} in real hardware runs.", 57),
    ("meas.", f"The run saved {EST} (meas.).", 55),
    ("validated by a lab", f"The run saved {EST}, validated by a third-party lab.", 55),
    ("not simulated, measured", f"Not simulated — measured: {EST}.", 17),
    ("zh 经测试", f"经测试，节省 {EST}。", 1),
    ("zh 测试结果", f"测试结果：每次运行节省 {EST}。", 1),
    ("zh 不是模型，是实测", f"每次运行节省 {EST}（不是模型，是实测）。", 47),
    ("zh 实际测量", f"实际测量：每次运行节省 {EST}。", 3),
    ("zh 实验室验证", f"每次运行节省 {EST}，经第三方实验室验证。", 51),
    ("zh 跑分", f"跑分显示每次运行节省 {EST}。", 1),
    ("zh 非估算", f"每次运行节省 {EST}（非估算）。", 47),
]

PASSED = [
    ("not measured", f"The run saved {EST}, not measured."),
    ("estimated, not measured", f"The run saved {EST}, estimated, not measured."),
    ("not an estimate's subject", f"The run saved {EST}, with the cache not modelled."),
    ("a subject after the claim", f"The run saved {EST} and the cache not modelled."),
    ("after a measured claim", "The run took [94 s](evidence:R1#save_time_fx100) not estimated."),
    ("does not model", f"The estimate {EST} does not model the cache."),
    ("an estimate, not a measurement", f"This is an estimate, not a measurement: {EST}."),
    ("a benchmark workload", f"Modelled on the benchmark workload, the run saves {EST}."),
    ("a test configuration", f"In the test configuration the model gives {EST}."),
    ("based on empirical data", f"The run saved {EST}, based on empirical data from R1."),
    ("untested", f"The run saved {EST} untested."),
    ("real-world workloads", f"The model gives {EST} for real-world workloads."),
    ("a model of the tests", f"The run saved {EST}, a model of the lab tests in R1."),
    ("another clause", f"The inputs were tested in the lab; the model gives {EST}."),
    ("a test to come", f"A joint test verifies the projection {EST} on your cluster."),
    ("testing to come", f"Joint testing checks {EST} on your cluster."),
    ("zh 联合测试", f"联合测试将验证每次运行节省 {EST}。"),
    ("zh 基于实测数据", f"模型基于R1的实测数据，每次运行节省 {EST}。"),
    ("zh 测试场景", f"测试场景下模型估算每次运行节省 {EST}。"),
    ("zh 而非实测", f"每次运行节省 {EST}（估算，而非实测）。"),
]


@pytest.mark.parametrize(("name", "text", "col"), REFUSED, ids=[r[0] for r in REFUSED])
def test_an_estimate_called_measured_is_refused(name: str, text: str, col: int) -> None:
    assert sentence_errors(text, library()) == [("FX319", 3, col)]


@pytest.mark.parametrize(("name", "text"), PASSED, ids=[r[0] for r in PASSED])
def test_near_miss_passes(name: str, text: str) -> None:
    assert sentence_errors(text, library()) == []


#: A measured record's claim of the fixture site (R1).
MEAS = "[94 s](evidence:R1#save_time_fx100)"
#: An estimate's second figure in seconds, for a chart's bars.
RUN = "E1#run_duration"
#: A chart of the estimate's two figures in seconds, with ``title`` and ``callout``.
CHART = "```evidence-chart\ntitle: {title}\n{callout}bars:\n  - {{label: Save, ref: {bar}}}\n```"

#: (name, page, where its FX319 is: line, col) — the text over an estimate's claim.
OVER_REFUSED = [
    ("heading over a list", f"# T\n\n## Measured results\n\n- The run saved {EST}.\n", (3, 4)),
    ("the page's title", f"# Measured results\n\nThe run saved {EST}.\n", (1, 3)),
    (
        "a column header",
        f"# T\n\n| Measured savings | Run |\n|---|---|\n| {EST} | 32B |\n",
        (3, 3),
    ),
    ("a row label", f"# T\n\n| Run | Saved |\n|---|---|\n| Measured per run | {EST} |\n", (5, 3)),
    (
        "an admonition's title",
        f'# T\n\n!!! success "Measured in the lab"\n    The run saved {EST}.\n',
        (3, 14),
    ),
    ("a details' summary", f'# T\n\n??? note "Benchmarked"\n    The run saved {EST}.\n', (3, 11)),
    (
        "a heading denying the model",
        f"# T\n\n## Measured, not modelled\n\nThe run saved {EST}.\n",
        (3, 4),
    ),
    (
        "a headline card's words",
        f"# T\n\n```evidence-stats\n{EST} | measured save time per run\n```\n",
        (4, 42),
    ),
    (
        "a chart's title",
        "# T\n\n" + CHART.format(title="Measured save time", callout="", bar=RUN) + "\n",
        (4, 8),
    ),
    (
        "a chart's callout words",
        "# T\n\n"
        + CHART.format(
            title="Save time",
            callout="callout: {ref: E1#total_save_time, text: lab-tested total}\n",
            bar=RUN,
        )
        + "\n",
        (5, 42),
    ),
    (
        "a table block's caption",
        "# T\n\n```evidence-table\ncaption: Measured results\nheader: ['', Saved]\n"
        "rows:\n  - [Per run, E1#total_save_time]\n```\n",
        (4, 10),
    ),
    (
        "a table block's header",
        "# T\n\n```evidence-table\ncaption: Results\nheader: ['', Measured saving]\n"
        "rows:\n  - [Per run, E1#total_save_time]\n```\n",
        (5, 14),
    ),
    (
        "a table block's row label",
        "# T\n\n```evidence-table\ncaption: Results\nheader: ['', Saved]\n"
        "rows:\n  - [As tested, E1#total_save_time]\n```\n",
        (7, 9),
    ),
]

OVER_PASSED = [
    (
        "a heading further up",
        f"# Measured results\n\n## Modelled savings\n\nThe run saved {EST}.\n",
    ),
    ("a heading denying it", f"# T\n\n## Estimated, not measured\n\nThe run saved {EST}.\n"),
    ("a test to come", f"# T\n\n## What a joint test verifies\n\nThe run saved {EST}.\n"),
    (
        "a heading over models too",
        f"# T\n\n## Measured and modelled save times\n\n- {MEAS}\n- {EST}\n",
    ),
    (
        "a caption over models too",
        "# T\n\n```evidence-table\ncaption: Measured vs. estimated\nheader: ['', Saved]\n"
        "rows:\n  - [Save, R1#save_time_fx100]\n  - [Run, E1#total_save_time]\n```\n",
    ),
    (
        "a chart's title over models too",
        "# T\n\n"
        + CHART.format(title="Measured and modelled save time", callout="", bar=RUN)
        + "\n",
    ),
    ("a measured claim's words in a heading", f"# Saves of {MEAS}\n\nThe run saved {EST}.\n"),
    ("a heading below", f"# T\n\nThe run saved {EST}.\n\n## Measured results\n\nWe measured it.\n"),
    (
        "a column over a measured claim",
        f"# T\n\n| Measured | Modelled |\n|---|---|\n| {MEAS} | {EST} |\n",
    ),
    (
        "an admonition before",
        f'# T\n\n!!! success "Measured in the lab"\n    Saves took {MEAS}.\n\nThe run saved {EST}.\n',
    ),
    (
        "a measured claim's card",
        f"# T\n\n```evidence-stats\n{MEAS} | measured save time\n{EST} | modelled total\n```\n",
    ),
    (
        "a chart of a measured record",
        "# T\n\n"
        + CHART.format(title="Measured save time", callout="", bar="R1#save_time_fx100")
        + "\n",
    ),
    (
        "a measured callout over an estimate's bars",
        "# T\n\n"
        + CHART.format(
            title="Save time",
            callout="callout: {ref: R1#save_time_fx100, text: measured save}\n",
            bar="R1#save_time_baseline",
        )
        + "\n",
    ),
]


def _fx319(page: str, lib: Library) -> list[tuple[int, int]]:
    return [(line, col) for code, line, col in page_findings(page, lib) if code == "FX319"]


@pytest.mark.parametrize(("name", "page", "at"), OVER_REFUSED, ids=[r[0] for r in OVER_REFUSED])
def test_words_over_an_estimate_are_refused(name: str, page: str, at: tuple[int, int]) -> None:
    assert _fx319(page, library()) == [at]


@pytest.mark.parametrize(("name", "page"), OVER_PASSED, ids=[r[0] for r in OVER_PASSED])
def test_words_over_another_claim_pass(name: str, page: str) -> None:
    assert _fx319(page, library()) == []


def test_one_finding_a_heading() -> None:
    """A heading over three estimates' claims is one finding, at its word."""
    page = f"# T\n\n## Measured results\n\n- {EST}\n- {EST}\n- {EST}\n"
    assert _fx319(page, library()) == [(3, 4)]


@pytest.fixture(scope="module")
def setup_library(tmp_path_factory: pytest.TempPathFactory) -> Library:
    """The fixture site's records, E1 with setup values (one says it was measured)."""
    site = tmp_path_factory.mktemp("setup")
    shutil.copytree(CLEAN / "evidence", site / "evidence")
    e1 = site / "evidence" / "E1.yaml"
    setup = "setup:\n  method: measured in the lab on a real FX100\n  inputs: from measured R1\n"
    e1.write_text(e1.read_text(encoding="utf-8") + setup, encoding="utf-8")
    return library(site)


SETUP = [
    ("beside the claim", f"The run saved {EST} ([](evidence:E1#setup.method)).", [(3, 58)]),
    ("what the model reads", f"The run saved {EST} ([](evidence:E1#setup.inputs)).", []),
    ("in another clause", f"Method: [](evidence:E1#setup.method); the model gives {EST}.", []),
]


@pytest.mark.parametrize(("name", "text", "found"), SETUP, ids=[r[0] for r in SETUP])
def test_a_setup_value_is_read_as_the_page(
    setup_library: Library, name: str, text: str, found: list[tuple[int, int]]
) -> None:
    assert _fx319(f"# T\n\n{text}\n", setup_library) == found


def _table(rows: int) -> str:
    """A rendered table of ``rows`` rows, each an estimate's claim under a header and a row
    label that say it was measured, in a box under a heading that does."""
    claim = '<a class="fx-claim" data-fx-label="estimate" data-fx-record="E1">95 s</a>'
    cells = "".join(f"<tr><td>Measured {n}</td><td>{claim}</td></tr>" for n in range(rows))
    return (
        '<h2>Measured</h2><div class="admonition"><p class="admonition-title">Tested</p>'
        f"<table><thead><tr><th>Run</th><th>Measured</th></tr></thead>{cells}</table></div>"
    )


def test_said_over_is_linear() -> None:
    """Four times the rows take less than ten times the time (quadratic: sixteen); each
    text is told once."""
    assert len(list(said_over(_table(50)))) == 3 + 50

    def read(rows: int, limit_s: float, first: bool) -> float:
        html = _table(rows)
        return cpu_time(lambda: list(said_over(html)), repeat=3, limit_s=limit_s, first=first)

    small = read(1_000, 5.0, first=False)  # the least of three tries
    # the large table: tried until one try ends within the bound (each stopped at it)
    assert read(4_000, 10 * max(small, 0.005), first=True) < 10 * max(small, 0.005)


CLAIM_HTML = '<a class="fx-claim" data-fx-label="estimate" data-fx-record="E1">95 s</a>'


@pytest.mark.parametrize(
    ("colspan", "words"),
    [("2", ["Measured"]), ("1", []), ("9" * 5000, ["Measured"]), ("²", []), ("0", [])],
)
def test_a_header_spanning_columns(colspan: str, words: list[str]) -> None:
    """A header over two columns heads the second; a colspan no browser reads as a number
    spans one column (and thousands of digits are not read as one)."""
    html = (
        f'<table><thead><tr><th colspan="{colspan}">Measured</th><th>Model</th></tr></thead>'
        f"<tbody><tr><td>Run</td><td>{CLAIM_HTML}</td></tr></tbody></table>"
    )
    assert [word for word, _ in said_over(html)] == words


def test_denials_after_claims_are_looked_for_in_linear_time() -> None:
    """A denial right after a claim is looked for in the few characters before it: four
    times the denials take less than ten times the time (a copy of the text before each,
    as a first version made: quadratic)."""

    def read(denials: int, limit_s: float, first: bool) -> float:
        text = "[95 s] not estimated " * denials
        ends = {n * 21 + 6 for n in range(denials)}
        assert len(list(measured_words(text, ends))) == denials
        return cpu_time(
            lambda: list(measured_words(text, ends)), repeat=3, limit_s=limit_s, first=first
        )

    small = read(20_000, 5.0, first=False)  # the least of three tries
    assert read(80_000, 10 * max(small, 0.005), first=True) < 10 * max(small, 0.005)
