"""Blind test 8 (issue #20 items 2 and 5): reference claims resolved as Markdown resolves
them, a NUL byte refused at its place, and messages a writer can act on.

* A reference claim is a claim wherever Python-Markdown makes an ``evidence:`` link of
  it: its text or label split over a line break (``[94 s][fx⏎two]``), its definition in
  a blockquote, a list item or an admonition, its destination on the next line, a line
  break between its text and its label. A definition Markdown does not read (in code,
  with words after it, a label spaced otherwise) makes no claim: the figure is bare.
* A project whose configuration is ``mkdocs.yaml`` is found as MkDocs finds it
  (:func:`fxsite.project_paths.find_config`), by ``check``, ``build`` and ``diff``.
* A NUL byte is dropped by the HTML parser, as by a browser (``9<NUL>4 s`` shows
  "94 s"): FX502 at the NUL, and the bare figure at its own line, not at a claim of
  its text.

In-process rows through the one reader check and build share
(:func:`fxsite.markdown.check_page`): a page in, ``(code, line, col)`` out; each refused
row has a near miss that must pass.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import (
    PAGE_PATH,
    check_and_build,
    finding_lines,
    fixture_renderer,
    fxsite_here,
    href_for,
    library,
    page_claims,
    page_findings,
    rows_site,
)
from timelimit import cpu_time

from fxsite.evidence.records import load_record_file
from fxsite.markdown import check_page
from fxsite.pages.claims import ClaimProblem, resolve_claim
from fxsite.pages.prose import find_evidence_links
from fxsite.project_paths import find_config

LIB = library()
SAVE = "evidence:R1#save_time_fx100"
BASE = "evidence:R1#save_time_baseline"


@pytest.mark.parametrize(
    ("source", "refs"),
    [
        pytest.param(
            f"# H\n\nAlso [94 s][fx\ntwo] here.\n\n[fx two]: {SAVE}\n",
            ["R1#save_time_fx100"],
            id="label-split-over-a-line-break",
        ),
        pytest.param(
            f"# H\n\nAlso [94\ns][fx] here.\n\n[fx]: {SAVE}\n",
            ["R1#save_time_fx100"],
            id="text-split-over-a-line-break",
        ),
        pytest.param(
            f"# H\n\nAlso [94\ns]({SAVE}) here.\n",
            ["R1#save_time_fx100"],
            id="inline-text-split-over-a-line-break",
        ),
        pytest.param(
            f"# H\n\n> [q]: {BASE}\n\nQuoted [178 s][q] here.\n",
            ["R1#save_time_baseline"],
            id="definition-in-a-blockquote",
        ),
        pytest.param(
            f"# H\n\n> > [q]: {BASE}\n\nQuoted [178 s][q] here.\n",
            ["R1#save_time_baseline"],
            id="definition-in-a-nested-blockquote",
        ),
        pytest.param(
            f"# H\n\n> Quoted [178 s][q\n> r] here.\n\n[q r]: {BASE}\n",
            ["R1#save_time_baseline"],
            id="label-split-inside-a-blockquote",
        ),
        pytest.param(
            f"# H\n\n- [q]: {BASE}\n\nListed [178 s][q] here.\n",
            ["R1#save_time_baseline"],
            id="definition-in-a-list-item",
        ),
        pytest.param(
            f"# H\n\n!!! note\n    [q]: {BASE}\n\nNoted [178 s][q] here.\n",
            ["R1#save_time_baseline"],
            id="definition-in-an-admonition",
        ),
        pytest.param(
            f"# H\n\n[q]:\n    {BASE}\n\nNext [178 s][q] here.\n",
            ["R1#save_time_baseline"],
            id="destination-on-the-next-line",
        ),
        # A definition's title, in any of its three quotes (the regex's quote group once
        # back-referenced the label: a titled definition made no claim).
        pytest.param(
            f'# H\n\nTitled [178 s][q] here.\n\n[q]: {BASE} "The baseline"\n',
            ["R1#save_time_baseline"],
            id="definition-with-a-double-quoted-title",
        ),
        pytest.param(
            f"# H\n\nTitled [178 s][q] here.\n\n[q]: {BASE} 'The baseline'\n",
            ["R1#save_time_baseline"],
            id="definition-with-a-single-quoted-title",
        ),
        pytest.param(
            f"# H\n\nTitled [178 s][q] here.\n\n[q]: {BASE} (The baseline)\n",
            ["R1#save_time_baseline"],
            id="definition-with-a-parenthesised-title",
        ),
        pytest.param(
            f"# H\n\nBroken [178 s]\n[q] here.\n\n[q]: {BASE}\n",
            ["R1#save_time_baseline"],
            id="line-break-between-text-and-label",
        ),
        pytest.param(
            f"# H\n\n| run | time |\n|---|---|\n| a | [94 s][fx] |\n\n- [fx]: {SAVE}\n",
            ["R1#save_time_fx100"],
            id="table-cell-with-a-definition-in-a-list-item",
        ),
        pytest.param(
            "---\nfaq:\n  - q: How long?\n    a: It took [94 s][fx].\n---\n"
            f"# H\n\n> [fx]: {SAVE}\n\nBody.\n",
            ["R1#save_time_fx100"],
            id="faq-answer-with-a-definition-in-a-blockquote",
        ),
    ],
)
def test_reference_claims_markdown_resolves_are_claims(source: str, refs: list[str]) -> None:
    _, findings = check_page(source, PAGE_PATH, LIB, href_for, fixture_renderer())
    # A definition's title is not published: a warning (test_claim_link_title.py).
    assert [f for f in findings if f.severity == "error"] == []
    assert page_claims(source, LIB) == refs  # cited: Data sources, evidence.json


@pytest.mark.parametrize(
    "line",
    [
        pytest.param(("-" + " " * 6) * 60 + "[q", id="spaced-list-marks"),
        pytest.param(("> " + " " * 6) * 60 + "[q", id="spaced-quote-marks"),
        pytest.param(("1." + " " * 6) * 60 + "[q", id="spaced-ordered-marks"),
        pytest.param("- [q]: " + SAVE, id="near-miss-a-definition-in-a-list-item"),
    ],
)
def test_a_line_of_marks_is_read_in_linear_time(line: str) -> None:
    text = "\n".join([line] * 200)
    cpu_time(lambda: find_evidence_links(text), repeat=3, limit_s=2.0, first=True)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        pytest.param(
            f"# H\n\n    [q]: {BASE}\n\nCoded [178 s][q] here.\n",
            [("FX501", 5, 8)],
            id="definition-in-code-is-no-definition",
        ),
        pytest.param(
            f"# H\n\n[q]: {BASE} and words\n\nWorded [178 s][q] here.\n",
            [("FX501", 5, 9)],
            id="definition-with-words-after-it-is-no-definition",
        ),
        pytest.param(
            f"# H\n\n[q  r]: {BASE}\n\nSpaced [178 s][q r] here.\n",
            [("FX501", 5, 9)],
            id="definition-label-spaced-otherwise-is-not-matched",
        ),
        pytest.param(
            f"# H\n\nAlso [94 s][fx\nthree] here.\n\n[fx two]: {SAVE}\n",
            [("FX501", 3, 7)],
            id="split-label-no-definition-names",
        ),
        pytest.param(
            f"# H\n\nAlso [95\ns][fx] here.\n\n[fx]: {SAVE}\n",
            [("FX403", 3, 6)],
            id="split-reference-claim-misstating-its-figure",
        ),
    ],
)
def test_references_markdown_does_not_resolve_are_not_claims(
    source: str, expected: list[tuple[str, int, int]]
) -> None:
    assert [f for f in page_findings(source, LIB) if f[0] != "FX309"] == expected


CITED = f"# H\n\nThe save took [94 s]({SAVE}).\n\nSome filler.\n\n"


@pytest.mark.parametrize(
    ("last", "expected"),
    [
        pytest.param(
            "A: took 9\x004 s per save.\n",
            [("FX501", 7, 9), ("FX502", 7, 10)],
            id="nul-splitting-a-cited-figure",
        ),
        pytest.param(
            "A: took 9\x005 s per save.\n",
            [("FX501", 7, 9), ("FX502", 7, 10)],
            id="nul-splitting-another-figure",
        ),
        pytest.param("A: the run\x00 ended.\n", [("FX502", 7, 11)], id="nul-in-words"),
        pytest.param("A: `code\x00` ended.\n", [("FX502", 7, 9)], id="nul-in-code"),
        pytest.param(f"A: took [94 s]({SAVE}) per save.\n", [], id="near-miss-cited"),
        pytest.param(
            "A: took 9\x014 s per save.\n",
            [("FX501", 7, 11)],
            id="near-miss-a-control-character-a-browser-draws",
        ),
    ],
)
def test_nul_is_refused_at_its_place(last: str, expected: list[tuple[str, int, int]]) -> None:
    assert page_findings(CITED + last, LIB) == expected


@pytest.mark.parametrize(
    ("text", "says", "never"),
    [
        pytest.param(
            "94000 ms",
            "to the nearest 1\u00a0ms, but it is known only to the nearest 1\u00a0s; write '94\u00a0s'",
            "0 decimal(s) but",
            id="in-another-unit-says-the-steps",
        ),
        pytest.param(
            "1.57 min",
            "to the nearest 0.01\u00a0min, but it is known only to the nearest 1\u00a0s",
            "2 decimal(s) but",
            id="minutes-finer-than-the-second",
        ),
        pytest.param(
            "94.0 s",
            "'94.0 s' shows 1 decimal(s) but R1#save_time_fx100 is known to 0 decimal(s)",
            "nearest",
            id="near-miss-same-unit-says-the-decimals",
        ),
    ],
)
def test_too_precise_claim_says_what_is_wrong(text: str, says: str, never: str) -> None:
    problem = resolve_claim(text, SAVE, LIB)
    assert isinstance(problem, ClaimProblem)
    assert problem.code == "FX404"
    assert says in problem.message
    assert never not in problem.message


def test_near_miss_coarser_claim_in_another_unit_passes() -> None:
    assert not isinstance(resolve_claim("0.09 million ms", SAVE, LIB), ClaimProblem)
    assert not isinstance(resolve_claim("1.6 min", SAVE, LIB), ClaimProblem)


RECORD = (
    "id: R1\ntitle: T\nlabel: spec\nstatus: active\nfigures:\n  save_time: {value: 94, unit: s}\n"
)


@pytest.mark.parametrize(
    ("old", "new", "place", "says"),
    [
        pytest.param(
            "  save_time: {",
            "\tsave_time: {",
            (6, 1),
            "a tab in the indentation: YAML indents with spaces only",
            id="tab-before-a-flow-mapping",
        ),
        pytest.param(
            "  save_time: {value: 94, unit: s}",
            "  save_time: [94 s](evidence:R1#x) per save",
            (6, 20),
            "starts with '['",
            id="near-miss-a-value-starting-with-a-bracket",
        ),
        pytest.param(
            "unit: s}",
            "unit: null}",
            (6, 32),
            "`unit` is empty: write the figure's unit, like unit: s",
            id="unit-null",
        ),
        pytest.param("unit: s}", "unit: ~}", (6, 32), "`unit` is empty", id="unit-tilde"),
        pytest.param(
            "unit: s}", "unit: true}", (6, 32), '(unit: "true")', id="unit-true-as-written"
        ),
        pytest.param(
            "title: T", "title: 1.10", (2, 8), '(title: "1.10")', id="title-number-as-written"
        ),
        pytest.param(
            "unit: s}", "unit: 94}", (6, 32), '(unit: "94")', id="near-miss-unit-a-number"
        ),
    ],
)
def test_record_messages_say_what_to_write(
    tmp_path: Path, old: str, new: str, place: tuple[int, int], says: str
) -> None:
    assert old in RECORD
    file = tmp_path / "R1.yaml"
    file.write_text(RECORD.replace(old, new), encoding="utf-8")
    findings = load_record_file(file, "evidence/R1.yaml").loaded.findings
    assert [(f.line, f.col) for f in findings] == [place]
    assert says in findings[0].message
    for wrong in ('"None"', '"True"', '"1.1"', "starts with '{'"):
        assert wrong not in findings[0].message


def test_near_miss_a_good_record_loads(tmp_path: Path) -> None:
    file = tmp_path / "R1.yaml"
    file.write_text(RECORD, encoding="utf-8")
    assert load_record_file(file, "evidence/R1.yaml").loaded.findings == []


@pytest.mark.parametrize(
    ("files", "found"),
    [
        pytest.param(["mkdocs.yml"], "mkdocs.yml", id="yml"),
        pytest.param(["mkdocs.yaml"], "mkdocs.yaml", id="yaml"),
        pytest.param(["mkdocs.yaml", "mkdocs.yml"], "mkdocs.yml", id="both-yml-first-as-mkdocs"),
        pytest.param(["mkdocs.json", "config.yml"], None, id="near-miss-other-names"),
    ],
)
def test_config_found_as_mkdocs_finds_it(
    tmp_path: Path, files: list[str], found: str | None
) -> None:
    for name in files:
        (tmp_path / name).write_text("site_name: S\n", encoding="utf-8")
    config = find_config(tmp_path)
    assert (config.name if config else None) == found


def test_near_miss_a_folder_named_like_a_config_is_none(tmp_path: Path) -> None:
    (tmp_path / "mkdocs.yaml").mkdir()
    assert find_config(tmp_path) is None


def test_project_configured_by_mkdocs_yaml_checks_builds_and_is_placed(tmp_path: Path) -> None:
    site = rows_site(tmp_path / "site", "# Home\n\nIt took [94 s](evidence:R1#save_time_fx100).\n")
    (site / "mkdocs.yml").rename(site / "mkdocs.yaml")
    checked, built = check_and_build(site)
    assert (checked.returncode, built.returncode) == (0, 0), checked.stdout + built.stdout
    assert (site / "site" / "index.html").is_file()
    config = site / "mkdocs.yaml"
    config.write_text(
        config.read_text("utf-8").replace("site_name: ", "site_name: Took 95 s ", 1), "utf-8"
    )
    checked, built = check_and_build(site)
    assert (checked.returncode, built.returncode) == (1, 1)
    errors = finding_lines(checked.stdout, warnings=False)
    assert errors == finding_lines(built.stdout, warnings=False)
    assert [line.split(": FX")[0] for line in errors] == ["mkdocs.yaml:1:17"], errors
    page = fxsite_here("check", "docs/index.md", cwd=site)
    assert page.returncode == 1, page.stdout + page.stderr


def test_check_and_build_agree_on_reference_claims_and_a_nul(tmp_path: Path) -> None:
    """The blind cases as a site: reference claims publish (Data sources name their
    record); a NUL page is refused by both stages at the same source lines."""
    home = (
        f"# Home\n\nThe save took [94 s]({SAVE}).\n\nAlso [94 s][fx\ntwo] here.\n\n"
        f"[fx two]: {SAVE}\n\n> [q]: {BASE}\n\nQuoted [178 s][q] here.\n"
    )
    site = rows_site(tmp_path / "site", home)
    checked, built = check_and_build(site)
    assert (checked.returncode, built.returncode) == (0, 0), checked.stdout + built.stdout
    published = (site / "site" / "index.html").read_text("utf-8")
    assert published.count('data-fx-ref="R1#save_time_fx100"') == 2
    assert published.count('data-fx-ref="R1#save_time_baseline"') == 1
    (site / "docs" / "nul.md").write_text(CITED + "A: took 9\x004 s per save.\n", "utf-8")
    checked, built = check_and_build(site)
    assert (checked.returncode, built.returncode) == (1, 1)
    errors = finding_lines(checked.stdout, warnings=False)
    assert errors == finding_lines(built.stdout, warnings=False)
    assert [line.split(": ")[0:2] for line in errors] == [
        ["docs/nul.md:7:10", "FX502 invisible character NULL in the page"],
        ["docs/nul.md:7:9", "FX501 bare figure '94 s'"],
    ]  # sorted as text
