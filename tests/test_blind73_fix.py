"""``fxsite fix`` and claims to a superseded record (blind73).

* A successor's figure of the same name and value that measures something else (a modelled
  write bandwidth for a measured read bandwidth) was cited silently: it is left, and why.
* References in ``evidence-table`` and ``evidence-chart`` blocks were ignored ("0 left to
  cite by hand", exit 0, while check refused them): they are pointed at the successor.
* A destination in code, a comment or prose was told as left; a claim refused at the
  successor for another reason than its value was told "write it in the claim's text";
  FX407 sent the writer to a retracted successor.

T1 (superseded by T2) and T2 state the same figures unless a row changes T2.
"""

from __future__ import annotations

import functools
import tempfile
from pathlib import Path

import pytest
from sitekit import fixture_renderer
from test_authoring_fix import invoke

from fxsite.authoring.fix import fix_page
from fxsite.authoring.fix_types import Unfixed
from fxsite.evidence.library import Library, load_library
from fxsite.markdown import check_page
from fxsite.pages.claims import check_href

FIGURES = """\
figures:
  reduction: {value: 4, unit: "×", what: "Data reduction ratio, typical"}
  cnt4: {value: 4, unit: count, what: "Nodes"}
  tb_price: {value: 119, unit: USD/TB, what: "Price per terabyte"}
  bw: {value: 48.5, unit: GB/s, what: "Read bandwidth"}
  bare: {value: 7, unit: s}
"""
T1 = (
    "id: T1\ntitle: Datasheet, first\nlabel: spec\nstatus: superseded\nsuperseded_by: T2\n"
    + FIGURES
)
T2 = "id: T2\ntitle: Datasheet, second\nlabel: spec\nstatus: active\n" + FIGURES
T3 = "id: T3\ntitle: Datasheet, third\nlabel: spec\nstatus: active\n" + FIGURES


#: Where the libraries below are written: removed when the test process ends (each library
#: was a folder of its own in the system's temporary folder, left behind by every run).
_ROOT = tempfile.TemporaryDirectory(prefix="blind73-fix-")


@functools.cache
def _library(t2: str = T2) -> Library:
    root = Path(tempfile.mkdtemp(dir=_ROOT.name))
    (root / "evidence").mkdir()
    for text in (T1, t2, T3):
        name = text.split("\n", 1)[0].removeprefix("id: ")
        (root / "evidence" / f"{name}.yaml").write_text(text, "utf-8")
    library = load_library(root / "evidence", root)
    assert not [f for f in library.findings if f.severity == "error"], library.findings
    return library


def _t2(old: str, new: str) -> str:
    assert old in T2
    return T2.replace(old, new)


def _errors(page: str, library: Library) -> list[str]:
    found = check_page(page, "docs/p.md", library, check_href, fixture_renderer())[1]
    return [f"{f.code} {f.message}" for f in found if f.severity == "error"]


def _fix(page: str, library: Library) -> tuple[str, list[tuple[str, str]], list[Unfixed]]:
    result = fix_page(page, "docs/p.md", library, fixture_renderer())
    return result.text, [(c.before, c.after) for c in result.changes], result.unfixed


# -- finding 6: a successor's figure that measures something else ------------------------

READ = "# T\n\nThe read bandwidth is [48.5 GB/s](evidence:T1#bw).\n"

#: (row, T2, page, words of the reason fix gives)
OTHER_MEASURE = [
    (
        "another what",
        _t2('what: "Read bandwidth"', 'what: "Write bandwidth"'),
        READ,
        "T2#bw measures 'Write bandwidth' (T1#bw: 'Read bandwidth')",
    ),
    (
        "another label (spec to estimate)",
        _t2("label: spec", "label: estimate"),
        READ,
        "T2#bw is labelled estimate (T1#bw: spec)",
    ),
    (
        "another label (spec to measured)",
        _t2("label: spec", "label: measured\nsource: {issuer: Lab}"),
        READ,
        "T2#bw is labelled measured (T1#bw: spec)",
    ),
    (
        "a unit of another quantity, the claim unitless",
        _t2(
            'cnt4: {value: 4, unit: count, what: "Nodes"}',
            'cnt4: {value: 4, unit: "×", what: "Nodes"}',
        ),
        "# T\n\nNodes: [4](evidence:T1#cnt4).\n",
        "T2#cnt4 is in × (T1#cnt4: count)",
    ),
]


@pytest.mark.parametrize(
    ("row", "t2", "page", "said"), OTHER_MEASURE, ids=[r[0] for r in OTHER_MEASURE]
)
def test_a_successor_figure_that_measures_something_else_is_not_cited(
    row: str, t2: str, page: str, said: str
) -> None:
    library = _library(t2)
    text, changes, [left] = _fix(page, library)
    assert text == page and changes == []
    assert said in left.reason and "cite T2#" in left.reason
    assert left.candidates[0].startswith("T2#")


#: (row, T2, page): the successor's figure measures the same; the claim is pointed at it
SAME_MEASURE = [
    ("the same what", T2, READ),
    (
        "the same what but for case and punctuation",
        _t2('what: "Read bandwidth"', 'what: "read  bandwidth."'),
        READ,
    ),
    (
        "no what on the superseded figure",
        _t2("bare: {value: 7, unit: s}", 'bare: {value: 7, unit: s, what: "Boot time"}'),
        "# T\n\nBoot: [7 s](evidence:T1#bare).\n",
    ),
    (
        "the same quantity in another unit",
        _t2("bw: {value: 48.5, unit: GB/s", "bw: {value: 48500, unit: MB/s"),
        READ,
    ),
]


@pytest.mark.parametrize(("row", "t2", "page"), SAME_MEASURE, ids=[r[0] for r in SAME_MEASURE])
def test_near_miss_a_successor_figure_that_measures_the_same_is_cited(
    row: str, t2: str, page: str
) -> None:
    library = _library(t2)
    text, _changes, left = _fix(page, library)
    assert left == [] and text == page.replace("T1#", "T2#")
    assert _errors(text, library) == []


# -- finding 7: references in table and chart blocks ------------------------------------

BLOCKS = """\
# T

```evidence-table
caption: Reduction
header: ["", Value, Price per TB]
rows:
  - [Typical, T1#reduction, "T1#tb_price"]
```

```evidence-chart
title: Reduction
callout: {ref: T1#reduction, text: typical}
bars:
  - {label: Price, ref: T1#tb_price}
```

```evidence-stats
[4×](evidence:T1#reduction) | typical reduction
```
"""


def test_a_block_reference_to_a_superseded_record_is_pointed_at_its_successor() -> None:
    library = _library()
    assert (
        _errors(BLOCKS, library).count("FX407 record T1 is superseded by T2; cite that instead")
        == 5
    )
    text, changes, left = _fix(BLOCKS, library)
    assert left == [] and text == BLOCKS.replace("T1#", "T2#")
    assert changes == [
        ("T1#reduction", "T2#reduction"),
        ("T1#tb_price", "T2#tb_price"),
        ("T1#reduction", "T2#reduction"),
        ("T1#tb_price", "T2#tb_price"),
        ("evidence:T1#reduction", "evidence:T2#reduction"),
    ]
    assert _errors(text, library) == []
    assert _fix(text, library)[1:] == ([], [])


CHART = """\
# T

```evidence-chart
title: Reduction
callout: {ref: T1#reduction, text: typical}
bars:
  - {label: Price, ref: T1#tb_price}
```
"""


def test_a_block_reference_to_a_figure_that_measures_something_else_is_told_as_left() -> None:
    library = _library(_t2('what: "Data reduction ratio, typical"', 'what: "Compression ratio"'))
    _text, changes, left = _fix(CHART, library)
    assert changes == [("T1#tb_price", "T2#tb_price")]
    assert [(u.line, u.col, u.text) for u in left] == [(5, 16, "T1#reduction")]
    assert "T2#reduction measures 'Compression ratio'" in left[0].reason


def test_near_miss_a_block_reference_shows_the_successor_value() -> None:
    """A cell or a bar writes no value of its own: it shows what its record states, so a
    successor stating 5× for 4× is cited, as a link whose text states 4× is not."""
    library = _library(_t2("reduction: {value: 4,", "reduction: {value: 5,"))
    text, _changes, left = _fix(CHART, library)
    assert left == [] and text == CHART.replace("T1#", "T2#")
    assert _errors(text, library) == []


# -- finding 10: what fix and check say -------------------------------------------------

#: places that name T1 and are no claim: neither rewritten nor told as left
NO_CLAIM = """\
# T

`[$119/TB](evidence:T1#tb_price)` and evidence:T1#tb_price in prose.

<!-- [$119/TB](evidence:T1#tb_price) -->

```
[$119/TB](evidence:T1#tb_price)
```

A real one: [$120/TB](evidence:T1#tb_price).
"""


def test_a_destination_that_is_no_claim_is_not_told_as_left() -> None:
    library = _library()
    refused = _errors(NO_CLAIM, library)
    text, changes, left = _fix(NO_CLAIM, library)
    assert text == NO_CLAIM and changes == []
    assert [(u.line, u.text) for u in left] == [(11, "evidence:T1#tb_price")]
    assert len(left) == len(refused)


#: (row, T2, page, words the reason says, words it must not say)
TOLD = [
    (
        "an estimate the sentence calls measured (FX319), its value already the successor's",
        _t2("label: spec", "label: estimate"),
        "# T\n\nPrice: [$119/TB](evidence:T1#tb_price) (measured).\n",
        "FX319",
        "write it in the claim's text",
    ),
    (
        "a link title (FX408)",
        T2,
        '# T\n\nPrice [about $119/TB](evidence:T1#tb_price "T1 price").\n',
        "FX408",
        "write it in the claim's text",
    ),
    (
        "a retracted successor",
        _t2("status: active", "status: retracted"),
        "# T\n\nPrice [$119/TB](evidence:T1#tb_price).\n",
        "T1 is superseded by T2, which is retracted: cite a record that stands",
        "too",
    ),
    (
        "near miss: a successor superseded in turn",
        _t2("status: active", "status: superseded\nsuperseded_by: T3"),
        "# T\n\nPrice [$119/TB](evidence:T1#tb_price).\n",
        "T1 is superseded by T2, which is superseded too",
        "retracted",
    ),
    (
        "a figure the superseded record lacks (FX402 behind its FX407)",
        _t2(
            "  bare: {value: 7, unit: s}\n",
            "  bare: {value: 7, unit: s}\n  extra: {value: 3, unit: s}\n",
        ),
        "# T\n\nBoot: [3 s](evidence:T1#extra).\n",
        "T1#extra is no figure of its record: cite T2#extra by hand",
        "refused",
    ),
    (
        "near miss: another value",
        _t2("tb_price: {value: 119,", "tb_price: {value: 129,"),
        "# T\n\nPrice [$119/TB](evidence:T1#tb_price).\n",
        "T2#tb_price states $129/TB: write it in the claim's text",
        "refused",
    ),
]


@pytest.mark.parametrize(("row", "t2", "page", "said", "unsaid"), TOLD, ids=[r[0] for r in TOLD])
def test_fix_tells_the_reason_a_claim_is_left(
    row: str, t2: str, page: str, said: str, unsaid: str
) -> None:
    text, changes, [left] = _fix(page, _library(t2))
    assert text == page and changes == []
    assert said in left.reason and unsaid not in left.reason, left.reason


def test_check_sends_no_writer_to_a_retracted_successor() -> None:
    """In one process, as ``mkdocs serve`` runs: the message follows T2's status (a claim's
    answer is kept while its record's fingerprint holds, which T2's status is part of)."""
    page = "# T\n\nPrice [$119/TB](evidence:T1#tb_price).\n"
    stands = ["FX407 record T1 is superseded by T2; cite that instead"]
    assert _errors(page, _library()) == stands
    retracted = _library(_t2("status: active", "status: retracted"))
    assert _errors(page, retracted) == [
        "FX407 record T1 is superseded by T2, which is retracted: cite a record that stands, "
        "or drop the claim"
    ]
    assert _errors(page, _library()) == stands


def test_fix_counts_a_block_reference_left_and_exits_1(project) -> None:  # type: ignore[no-untyped-def]
    """blind73: "0 left to cite by hand", exit 0, while check refused the chart's references."""
    t2 = _t2('what: "Data reduction ratio, typical"', 'what: "Compression ratio"')
    root = project({"T1.yaml": T1, "T2.yaml": t2, "T3.yaml": T3}, pages={"f.md": CHART})
    code, out, err = invoke("fix", str(root))
    assert code == 1
    assert "docs/f.md:5:16: not fixed 'T1#reduction': T2#reduction measures" in out
    assert "docs/f.md:7:25: fixed 'T1#tb_price' -> T2#tb_price" in out
    assert "fixed 1 figure(s) in 1 page(s); 1 left to cite by hand" in err
    code, out, _ = invoke("check", str(root), "--quiet")
    assert code == 1 and out.count("FX407") == 1


def test_a_bare_copy_elsewhere_does_not_keep_a_claim_from_its_successor() -> None:
    """blind80 F1: another line's bare copy of the figure, whose advice changes with the
    claim rewritten ("did you mean" the successor), was taken for the rewrite's own
    finding, and the claim was left; the bare copy is still told by check."""
    page = "# T\n\nThe read bandwidth was 48.5 GB/s.\n\nOld: [48.5 GB/s](evidence:T1#bw).\n"
    library = _library()
    text, changes, left = _fix(page, library)
    assert changes == [("evidence:T1#bw", "evidence:T2#bw")]
    # the bare copy is left for the writer (T2 and T3 both state it), on its own line
    assert [(u.line, u.text) for u in left] == [(3, "48.5 GB/s")]
    assert text == page.replace("T1#", "T2#")
    assert [e.split()[0] for e in _errors(text, library)] == ["FX501"]
