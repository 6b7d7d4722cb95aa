"""Every suggestion fxsite makes for a bare figure must itself pass the claim rule.

In prose and in each field that says it in its own form (a table cell's
reference, a card, a caption's row: :mod:`fxsite.pages.field_advice`). And
none is a guess: a claim is suggested only where one figure states the
value and fits the words around it (:mod:`fxsite.pages.advice`). That
following each message's fix makes its field pass is tests/test_field_advice.py.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest
from sitekit import library

from fxsite.authoring.init import starter_files
from fxsite.evidence.library import Library, load_library
from fxsite.evidence.quantities import check_stated, parse_stated
from fxsite.pages.advice import advise
from fxsite.pages.claims import Claim, resolve_claim, suggest_claims
from fxsite.pages.field_advice import card_message, cell_message, plain_message

ROOT = Path(__file__).resolve().parent.parent
GRAMMAR = Path(__file__).resolve().parent / "fixtures" / "grammar"
sys.path.insert(0, str(ROOT / "benchmarks"))

from detector_corpus import load_corpus  # noqa: E402

_LINK = re.compile(r"\[([^\]]*)\]\(evidence:([^)]*)\)")


@pytest.fixture(scope="module")
def libs() -> list[Library]:
    grammar = load_library(GRAMMAR / "evidence", GRAMMAR)
    demo = load_library(ROOT / "evidence", ROOT)
    return [grammar, demo, library()]


def _passes_generic(link_text: str) -> bool:
    """A suggestion for no particular figure passes for the figure it states."""
    if not link_text:
        return True  # an empty text is filled in
    stated = parse_stated(link_text)
    if stated is None:
        return False
    bound = stated.qualifier if stated.qualifier in {"min", "max"} else None
    _, verdict = check_stated(
        link_text,
        stated.low,
        stated.high,
        stated.unit or "count",
        max(stated.decimals, 0),
        bound,
    )
    return verdict is None


def _bare_texts() -> list[tuple[str, str]]:
    out = []
    for name in ("bare_figures.txt", "zh_dev.txt", "zh_dev2.txt", "zh_dev3.txt"):
        for case in load_corpus(ROOT / "tests" / "corpus" / name):
            out.extend((case.text[s:e], case.text) for s, e in case.expected)
    out += [(t, t) for t in ("under 40 s", "2.1 million IOPS", "3 minutes", "about 178 GB/s")]
    return out


BARE = _bare_texts()


def test_the_corpus_gives_many_bare_figures() -> None:
    assert len(BARE) >= 300


@pytest.mark.parametrize("index", range(0, len(BARE), 1))
def test_every_suggestion_passes(libs: list[Library], index: int) -> None:
    text, sentence = BARE[index]
    for lib in libs:
        message = advise(text, lib, context=sentence).message
        _assert_every_link_passes(message, lib)
        for field in _field_messages(text, lib, sentence):
            _assert_every_reference_resolves(field, lib)
            if _LINK.search(field):
                _assert_every_link_passes(field, lib)
        for suggestion in suggest_claims(text, lib, context=sentence):
            result = resolve_claim(suggestion.text, f"evidence:{suggestion.ref}", lib)
            assert isinstance(result, Claim), (suggestion, result)


def _field_messages(text: str, lib: Library, context: str) -> list[str]:
    """What a cell, a card's context, a caption and a page's description are told of ``text``."""
    return [
        cell_message(text, lib, context),
        card_message(text, lib, context),
        plain_message(text, lib, context, "a caption", home=lambda ref: f"a row of {ref}"),
        plain_message(text, lib, context, "the description", then="it may then repeat it"),
    ]


_REF = re.compile(r"\b[A-Z][A-Za-z0-9_]*#[a-z][a-z0-9_.]*")


def _assert_every_reference_resolves(message: str, lib: Library) -> None:
    """Every reference a message names outside a claim (a cell, a row) is a citable figure."""
    for ref in _REF.findall(_LINK.sub("", message)):
        if ref != "ID#figure":
            result = resolve_claim("", f"evidence:{ref}", lib)
            assert isinstance(result, Claim), (message, result)


def _assert_every_link_passes(message: str, lib: Library) -> None:
    """Every claim a message names (the one meant, or each candidate) passes the claim rule."""
    links = _LINK.findall(message)
    assert links, message
    for link_text, ref in links:
        if ref == "ID#figure":
            assert _passes_generic(link_text), message
        else:
            assert isinstance(resolve_claim(link_text, f"evidence:{ref}", lib), Claim), message


R5 = """\
id: R5
title: Cluster network and model loading
label: spec
status: active
figures:
  load_old: {value: 88, unit: s, what: "Model loading time, previous release"}
  load_new: {value: 5, unit: s, what: "Model loading time, this release"}
  net: {value: 1, unit: GiB/s, what: "Network bandwidth per node"}
  net_fast: {value: 3.26, unit: GB/s, what: "Network bandwidth, fast tier"}
derived:
  load_speedup: {formula: load_old / load_new, unit: "×", decimals: 1, what: "Model loading speed-up"}
"""
R6 = """\
id: R6
title: Another loading test
label: spec
status: active
figures:
  load_new: {value: 5, unit: s, what: "Model loading time on another cluster"}
"""


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory) -> Library:
    """The example record of ``fxsite init`` with two records of other things."""
    root = tmp_path_factory.mktemp("guarded")
    (root / "evidence").mkdir()
    (root / "evidence" / "S1.yaml").write_text(starter_files("x")["evidence/S1.yaml"], "utf-8")
    (root / "evidence" / "R5.yaml").write_text(R5, "utf-8")
    (root / "evidence" / "R6.yaml").write_text(R6, "utf-8")
    lib = load_library(root / "evidence", root)
    assert not [f for f in lib.findings if f.severity == "error"], lib.findings
    return lib


# (bare figure, its sentence, the claim suggested or None, what the message says)
NEVER_GUESSED = [
    ("twice", "Throughput is twice that of Kafka.", None, "no figure's what or name"),
    ("1 GiB/s", "The workload reads 1 GiB/s.", None, "R5#net states this value"),
    ("1 GiB/s", "Each node's network bandwidth is 1 GiB/s.", "[1 GiB/s](evidence:R5#net)", ""),
    ("2×", "The read speedup over the previous model is 2×.", "[2×](evidence:S1#read_speedup)", ""),
    # "read", "model" and "loading" are in a third of the figures' words: they tell none apart
    ("2×", "Reads are 2× faster than on the previous model.", None, "it shares only model"),
    ("5 s", "Model loading takes 5 s.", None, "it shares only loading, model"),
    (
        "5 s",
        "This release's cluster loads in 5 s.",
        None,
        "several record figures state this value",
    ),
    ("5 s", "It takes 5 s.", None, "no figure's what or name"),
    ("17x", "The loading speed-up is 17x.", None, "'17x' is not R5#load_speedup at this precision"),
    ("17.5x", "Model loading is 17.5x faster.", None, "cite its record as"),  # a misstatement
    ("3.2 GB/s", "The fast tier's network bandwidth is 3.2 GB/s.", None, "cite it as [3.26 GB/s]"),
]


@pytest.mark.parametrize(("bare", "sentence", "claim", "says"), NEVER_GUESSED)
def test_a_claim_is_suggested_only_where_one_figure_fits(
    guarded: Library, bare: str, sentence: str, claim: str | None, says: str
) -> None:
    advice = advise(bare, guarded, context=sentence)
    assert advice.markdown == claim, advice
    assert ("did you mean" in advice.message) == (claim is not None), advice.message
    assert says in advice.message, advice.message
    _assert_every_link_passes(advice.message, guarded)


@pytest.mark.parametrize(
    ("bare", "sentence", "claim"),
    [
        # The record's Chinese translation of what the figure is fits a Chinese sentence.
        ("178秒", "全量模型快照保存时间从178秒缩短", "[178秒](evidence:R1#save_time_baseline)"),
        ("178秒", "耗时178秒", None),
    ],
)
def test_words_fit_in_each_language_the_record_has(
    libs: list[Library], bare: str, sentence: str, claim: str | None
) -> None:
    advice = advise(bare, libs[1], context=sentence)
    assert advice.markdown == claim, advice
    _assert_every_link_passes(advice.message, libs[1])


def test_a_near_miss_by_precision_names_both_claims_that_pass(guarded: Library) -> None:
    message = advise("17x", guarded, context="The loading speed-up is 17x.").message
    assert "R5#load_speedup states 17.6×" in message
    assert [t for t, _ in _LINK.findall(message)] == ["17.6×", "18×"]
    _assert_every_link_passes(message, guarded)


@pytest.mark.parametrize(
    ("bare", "context", "first"),
    [
        ("178 s", "After a failure, the restore of the training state took 178 s.", "G1#restore"),
        ("178 s", "A full-model snapshot save took 178 s on the baseline.", "G1#save"),
        ("3 minutes", "A full-model snapshot save took 3 minutes.", "G1#save"),
        ("about 3 minutes", "Restore after a failure: about 3 minutes.", "G1#restore"),
        ("2.1 million IOPS", "Random read: 2.1 million IOPS.", "G1#iops"),
        ("2.1M IOPS", "Random read: 2.1M IOPS.", "G1#iops"),
        ("under 40 s", "A 175B checkpoint in under 40 s.", "G1#ckpt"),
        ("100+ GB/s", "Sustained read bandwidth of 100+ GB/s.", "G1#bw_floor"),
        ("$1.2M", "List price $1.2M.", "G1#price"),
    ],
)
def test_matching_figures_are_ranked_by_the_words_around(
    libs: list[Library], bare: str, context: str, first: str
) -> None:
    suggestions = suggest_claims(bare, libs[0], context=context)
    assert suggestions, bare
    assert suggestions[0].ref == first, suggestions


@pytest.mark.parametrize(
    ("bare", "markdown"),
    [
        ("about 178 GB/s", "about [178 GB/s](evidence:G1#bw)"),  # the wording stays outside
        # a point figure states no bound: "over [178 GB/s](…)" is refused (FX503, blind24)
        ("over 178 GB/s", None),
        ("under 40 s", "[under 40 s](evidence:G1#ckpt)"),  # the bound the figure needs
        ("+96%", "+[96%](evidence:G1#share)"),
    ],
)
def test_bound_words_go_inside_only_when_they_agree(
    libs: list[Library], bare: str, markdown: str | None
) -> None:
    suggestions = suggest_claims(bare, libs[0], context="Peak read bandwidth, checkpoint time")
    assert (suggestions[0].markdown if suggestions else None) == markdown


def test_no_match_suggests_an_empty_text_when_the_grammar_cannot_read_it(
    libs: list[Library],
) -> None:
    message = advise("12.5 tokens/second/user", libs[0]).message
    assert "[](evidence:ID#figure)" in message


# Every figure of record A names its product: the name tells none of them apart.
A = """\
id: A
title: Acme array
label: spec
status: active
figures:
  write_time: {value: 7, unit: s, what: "Acme write time"}
  read_time: {value: 9, unit: s, what: "Acme read time"}
"""
B = """\
id: B
title: Zeta array
label: spec
status: active
figures:
  write_time: {value: 5, unit: s, what: "Zeta write time"}
"""


@pytest.mark.parametrize(
    ("sentence", "claim", "says"),
    [
        ("Acme took 7 s.", None, "it shares only acme"),
        ("Acme writes took 7 s.", "[7 s](evidence:A#write_time)", ""),  # near miss
    ],
)
def test_a_name_every_figure_of_a_record_holds_fits_none(
    tmp_path: Path, sentence: str, claim: str | None, says: str
) -> None:
    (tmp_path / "evidence").mkdir()
    (tmp_path / "evidence" / "A.yaml").write_text(A, "utf-8")
    (tmp_path / "evidence" / "B.yaml").write_text(B, "utf-8")
    lib = load_library(tmp_path / "evidence", tmp_path)
    advice = advise("7 s", lib, context=sentence)
    assert advice.markdown == claim, advice
    assert says in advice.message, advice.message


#: blind69: a number a sentence gives a named quantity without its unit was offered a figure
#: of another quantity ("Latency: 3" a 3.2 GB/s figure). (sentence, number, figure offered)
NAMED_QUANTITY = [
    ("Latency: 6.40.", "6.40", None),
    ("Latency dropped from 12 to 6.40.", "6.40", None),
    ("The p99 was 6.40.", "6.40", None),
    ("Availability: 94.", "94", None),
    # near misses: the quantity the figure is, or two named, or none
    ("Write bandwidth: 6.40.", "6.40", "R1#bandwidth_fx100"),
    ("Throughput: 6.40.", "6.40", "R1#bandwidth_fx100"),
    ("Save time: 94.", "94", "R1#save_time_fx100"),
    ("Latency and bandwidth at the FX100 write: 6.40.", "6.40", "R1#bandwidth_fx100"),
]


@pytest.mark.parametrize(("sentence", "number", "offered"), NAMED_QUANTITY)
def test_a_number_of_a_named_quantity_is_offered_only_its_figures(
    sentence: str, number: str, offered: str | None
) -> None:
    advice = advise(number, library(), context=sentence)
    if offered is None:
        assert advice.candidates == () and "evidence:ID#figure" in advice.message, advice.message
    else:
        assert offered in advice.candidates, advice


R8 = """\
id: R8
title: Cluster data reduction
label: measured
status: active
figures:
  reduction: {value: 4, unit: "×", what: "Data reduction"}
  nodes: {value: 4, unit: count, what: "Nodes in the cluster"}
  uptime: {value: 4, unit: "%", what: "Share of hours idle"}
"""

#: The quantity names the detector reads (``quantity_names.NAMES``) tell the advice their
#: kind too: a ratio's name is offered the ratio alone. (sentence, offered, not offered)
NAMED_KINDS = [
    ("Compression ratio: 4.", {"R8#reduction"}, {"R8#nodes", "R8#uptime"}),
    ("Write amplification: 4.", {"R8#reduction"}, {"R8#nodes", "R8#uptime"}),
    ("Hit rate: 4.", {"R8#uptime"}, {"R8#nodes", "R8#reduction"}),
    ("The MTTR is 4.", set(), {"R8#nodes", "R8#reduction", "R8#uptime"}),
    # near misses: a name whose kind the record decides, or two kinds named
    ("Efficiency: 4.", {"R8#reduction", "R8#nodes", "R8#uptime"}, set()),
    ("Compression ratio and hit rate: 4.", {"R8#reduction", "R8#nodes", "R8#uptime"}, set()),
]


@pytest.mark.parametrize(("sentence", "offered", "not_offered"), NAMED_KINDS)
def test_a_named_quantity_of_the_vocabulary_is_offered_its_kind(
    tmp_path: Path, sentence: str, offered: set[str], not_offered: set[str]
) -> None:
    (tmp_path / "evidence").mkdir()
    (tmp_path / "evidence" / "R8.yaml").write_text(R8, "utf-8")
    lib = load_library(tmp_path / "evidence", tmp_path)
    advice = advise("4", lib, context=sentence)
    assert offered <= set(advice.candidates), advice
    assert not (not_offered & set(advice.candidates)), advice


R7 = """\
id: R7
title: Latency percentiles
label: measured
status: active
figures:
  read_latency_p99: {value: 12, unit: ms, what: "Read latency, p99"}
  write_latency_p99: {value: 12, unit: ms, what: "Write latency, p99"}
  iops: {value: 150000, unit: IOPS, what: "Random read IOPS"}
"""


#: blind69: a figure was fit by one shared word though the sentence named another kind of
#: the same quantity (a percentile, reads against writes). (sentence, claim written or None)
KINDS = [
    ("Write latency p99 is 12 ms.", "[12 ms](evidence:R7#write_latency_p99)"),
    ("Read latency p99 is 12 ms.", "[12 ms](evidence:R7#read_latency_p99)"),
    ("Read latency at p50 is 12 ms.", None),
    # near misses: both kinds said, or none: each fits as before
    ("Read and write latency p99 is 12 ms.", None),
    ("The p99 latency of reads is 12 ms.", "[12 ms](evidence:R7#read_latency_p99)"),
]


@pytest.mark.parametrize(("sentence", "claim"), KINDS)
def test_a_figure_of_another_kind_of_the_quantity_does_not_fit(
    tmp_path: Path, sentence: str, claim: str | None
) -> None:
    (tmp_path / "evidence").mkdir()
    (tmp_path / "evidence" / "R5.yaml").write_text(R5, "utf-8")
    (tmp_path / "evidence" / "R7.yaml").write_text(R7, "utf-8")
    lib = load_library(tmp_path / "evidence", tmp_path)
    assert not [f for f in lib.findings if f.severity == "error"], lib.findings
    found = re.search(r"\d+ ms", sentence)
    assert found is not None
    advice = advise(found[0], lib, context=sentence)
    assert advice.markdown == claim, advice
    if "p50" in sentence:  # neither p99 figure is said to fit the words (it was, blind69)
        assert "fit the words" not in advice.message, advice.message


#: blind70: a record of the FX100 against its baseline, the legacy SAN, and one of ingest,
#: beside the demo's (R1: the FX100 against a local NVMe single drive).
P1 = """\
id: P1
title: FX100 power test
label: measured
status: active
date: 2026-05-02
source: {issuer: Example Test Lab}
setup: {baseline: legacy SAN}
figures:
  power_draw: {value: 1600, unit: W, what: "Power draw under load, FX100"}
  price_per_tb: {value: 120, unit: USD, what: "Price per terabyte, FX100"}
  availability: {value: 99.9999, unit: "%", what: "Availability, FX100"}
  restore_time_san: {value: 3600, unit: s, what: "Restore time, legacy SAN"}
"""
S3 = """\
id: S3
title: COCO data ingest on FX100
label: public
status: active
figures:
  ingest_time: {value: 94, unit: s, what: COCO dataset ingest time}
  ingest_cost_cut: {value: 50, unit: "%", what: Ingest cost reduction against cloud object storage}
  nps: {value: 72, unit: count, what: Net Promoter Score of pilot users}
"""


@pytest.fixture(scope="module")
def subjects(tmp_path_factory: pytest.TempPathFactory) -> Library:
    root = tmp_path_factory.mktemp("subjects")
    shutil.copytree(ROOT / "evidence", root / "evidence")
    for name, text in (("P1", P1), ("S3", S3)):
        (root / "evidence" / f"{name}.yaml").write_text(text, "utf-8")
    lib = load_library(root / "evidence", root)
    assert not [f for f in lib.findings if f.severity == "error"], lib.findings
    return lib


#: blind70: fix cited the FX100's figure in a sentence about another subject: the record's
#: baseline, another model, a competitor's product, a discount, a future statement.
#: (sentence, bare figure, the figure named, what the message says it is; None: written)
ANOTHER_SUBJECT = [
    ("The legacy SAN drew 1,600 W under load.", "1,600 W", "P1#power_draw", "'legacy SAN', the record's baseline"),
    ("A competitor's array charges $120 per terabyte.", "$120", "P1#price_per_tb", "'competitor's', someone else's product"),
    ("Availability of the legacy SAN was 99.9999%.", "99.9999%", "P1#availability", "'legacy SAN', the record's baseline"),
    ("The baseline drew 1,600 W under load.", "1,600 W", "P1#power_draw", "'baseline', the record's baseline"),
    ("Save 50% on ingest with our launch discount.", "50%", "S3#ingest_cost_cut", "'discount', a price offer"),
    ("Price per terabyte: the FX200 will list at $120.", "$120", "P1#price_per_tb", "'FX200', another model than the figure's FX100"),
    ("We expect the full-model snapshot save time on the FX200 to be 94 s.", "94 s", "R1#save_time_fx100", "'FX200', another model"),
    ("We expect the full-model snapshot save time to be 94 s.", "94 s", "R1#save_time_fx100", "'We expect', a future statement"),
    ("The FX100 will draw 1,600 W under load.", "1,600 W", "P1#power_draw", "'will', a future statement"),
    ("Full-model snapshot save time on the competitor's array: 94 s.", "94 s", "R1#save_time_fx100", "'competitor's'"),
    ("A full-model snapshot save on a local NVMe drive took 94 s.", "94 s", "R1#save_time_fx100", "'local NVMe drive', the record's baseline"),
    ("The FX200 saves 30% faster than the FX100, with a full-model snapshot save time of 94 s.", "94 s", "R1#save_time_fx100", "'FX200', another model"),
    # near misses: the figure's own subject, named or not, or the other one compared with
    ("The FX100 drew 1,600 W under load.", "1,600 W", "P1#power_draw", None),
    ("Power draw under load: 1,600 W.", "1,600 W", "P1#power_draw", None),
    ("The legacy SAN is older. The FX100 drew 1,600 W under load.", "1,600 W", "P1#power_draw", None),
    ("Power draw under load is 1,600 W, less than any competitor.", "1,600 W", "P1#power_draw", None),
    ("The FX100 offers availability of 99.9999%.", "99.9999%", "P1#availability", None),
    ("On the legacy SAN, a restore took 3,600 s.", "3,600 s", "P1#restore_time_san", None),
    ("Full-model snapshot save time on the FX100: 94 s.", "94 s", "R1#save_time_fx100", None),
    ("Full-model snapshot save time is 94 s, faster than the FX200.", "94 s", "R1#save_time_fx100", None),
    ("A full-model snapshot save on a local NVMe drive took 178 s.", "178 s", "R1#save_time_baseline", None),
    ("Full-model snapshot save time fell from 178 s on the baseline to 94 s.", "94 s", "R1#save_time_fx100", None),
    ("With 8 H100 GPUs, the full-model snapshot save time was 94 s.", "94 s", "R1#save_time_fx100", None),
    ("The FX200 is twice as fast as the FX100, whose full-model snapshot save time is 94 s.", "94 s", "R1#save_time_fx100", None),
    ("Ingest cost fell 50% against cloud object storage.", "50%", "S3#ingest_cost_cut", None),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "bare", "ref", "says"), ANOTHER_SUBJECT)
def test_a_figure_of_another_subject_is_named_not_written(
    subjects: Library, sentence: str, bare: str, ref: str, says: str | None
) -> None:
    advice = advise(bare, subjects, context=sentence)
    claim = f"[{bare}](evidence:{ref})"
    if says is None:
        assert advice.markdown == claim, advice
        return
    assert advice.markdown is None, advice
    assert ref in advice.candidates, advice
    assert f"the words around it say {says}" in advice.message, advice.message
    assert f"check the figure; if {ref} is meant, {claim}" in advice.message, advice.message
    assert "did you mean" not in advice.message, advice.message
