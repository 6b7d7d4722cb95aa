"""What a blind tester of the writer's tools (blind62) published or broke, each a row that
must be refused with a near miss that must pass. In-process: a page or a record in,
findings out.

* A bare figure after a lone ``*`` or ``_`` ("at *6.4 GB/s", "_3.2 GB/s", ``\\*94 s``,
  ``&ast;94 s``): Markdown draws them as themselves; the detector took them for an
  identifier's joint ("x86_64", "2*94"). FX501.
* ``![94 s](evidence:…)``: an image, not a claim, whose alt text is drawn where it
  fails to load (``fix`` wrote one after a "!"). FX408.
* A derived figure whose formula reads a retracted record's figure: published with no
  finding (an invariant reading it was refused). FX314, and a claim to it says why.
* ``fxsite fix`` given a record or the configuration rewrote the whole project: a usage
  error (exit 2).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from sitekit import PAGE_PATH, fixture_renderer, href_for, library, sentence_errors

from fxsite.cli import cli
from fxsite.evidence.library import load_library
from fxsite.markdown import check_page

#: (row, sentence): refused, FX501
STARRED = [
    ("an asterisk", "The new model reads at *6.4 GB/s now."),
    ("an underscore", "The old one reads at _3.2 GB/s."),
    ("an escaped asterisk", "Saves take \\*94 s."),
    ("an entity asterisk", "Saves take &ast;94 s."),
    ("a numeric entity", "Saves take &#42;94 s."),
    ("two asterisks", "Saves take **94 s."),
]

#: (row, sentence): no finding
JOINED = [
    ("an identifier", "Build it for x86_64 hosts."),
    ("a product", "Multiply as 2*94 for the formula."),
    ("a name and an underscore", "See the FX100_94 profile."),
    ("emphasis", "Saves take *very* long."),
]


@pytest.mark.parametrize("sentence", [r[1] for r in STARRED], ids=[r[0] for r in STARRED])
def test_a_figure_after_a_lone_star_or_underscore_is_bare(sentence: str) -> None:
    assert [c for c, _, _ in sentence_errors(sentence, library())] == ["FX501"]


@pytest.mark.parametrize("sentence", [r[1] for r in JOINED], ids=[r[0] for r in JOINED])
def test_near_miss_a_joint_or_emphasis_is_no_figure(sentence: str) -> None:
    assert sentence_errors(sentence, library()) == []


#: (row, page, the FX408s' places)
IMAGES = [
    ("an image of a claim", "# T\n\nIt takes ![94 s](evidence:R1#save_time_fx100).\n", [(3, 11)]),
    (
        "by a reference",
        "# T\n\nIt takes ![94 s][fx].\n\n[fx]: evidence:R1#save_time_fx100\n",
        [(3, 11)],
    ),
    ("near miss: a claim", "# T\n\nIt takes [94 s](evidence:R1#save_time_fx100).\n", []),
    ("near miss: an image", "# T\n\nIt takes ![a chart](chart.png).\n", []),
]


@pytest.mark.parametrize(("page", "places"), [r[1:] for r in IMAGES], ids=[r[0] for r in IMAGES])
def test_an_image_citing_evidence_is_refused(page: str, places: list[tuple[int, int]]) -> None:
    html, findings = check_page(page, PAGE_PATH, library(), href_for, fixture_renderer())
    told = [f for f in findings if f.code == "FX408"]
    assert [(f.line, f.col) for f in told] == places
    assert all("is an image, not a claim" in f.message for f in told)
    assert 'src="evidence:' not in html


RETRACTED = """\
id: A1
title: Old test
label: spec
status: retracted
figures: {t: {value: 94, unit: s}}
derived: {twice: {formula: t * 2, unit: s, decimals: 0}}
"""
#: A formula reading A2's: a chain from the retracted record (blind64).
CHAIN = """\
id: A3
title: Model
label: estimate
status: active
figures: {k: {value: 1, unit: count}}
derived: {e: {formula: A2.d * k, unit: s, decimals: 0}}
"""
READER = """\
id: A2
title: New test
label: spec
status: active
figures: {t: {value: 94, unit: s}}
derived:
  d: {formula: %s, unit: s, decimals: 0}
"""


@pytest.mark.parametrize(
    ("formula", "refused"),
    [("A1.t * 2", True), ("A1.twice", True), ("t * 2", False), ("A2.t * 2", False)],
    ids=[
        "another record's, retracted",
        "its derived figure (blind64)",
        "near miss: its own",
        "near miss: itself by name",
    ],
)
def test_a_formula_may_not_read_a_retracted_record(
    project: Callable[..., Path], formula: str, refused: bool
) -> None:
    root = project({"A1.yaml": RETRACTED, "A2.yaml": READER % formula, "A3.yaml": CHAIN})
    lib = load_library(root / "evidence", root)
    told = [(f.path, f.line, f.code) for f in lib.findings if f.severity == "error"]
    assert told == ([("evidence/A2.yaml", 7, "FX314")] if refused else [])
    page = "# T\n\n[188 s](evidence:A2#d) and [188 s](evidence:A3#e)\n"
    _, found = check_page(page, PAGE_PATH, lib, href_for)
    messages = [f.message for f in found if f.code == "FX402"]
    # A figure computed from it cannot be either, and says where (not "has no figure").
    assert messages == (
        [
            f"{ref} cannot be computed (evidence/A2.yaml:7): fix it first"
            for ref in ("A2's figure 'd'", "A3's figure 'e'")
        ]
        if refused
        else []
    )


@pytest.mark.parametrize("target", ["evidence/R1.yaml", "mkdocs.yml"])
def test_fix_given_a_record_or_the_configuration_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, target: str
) -> None:
    runner = CliRunner()
    assert runner.invoke(cli, ["init", str(tmp_path / "p")]).exit_code == 0
    monkeypatch.chdir(tmp_path / "p")
    page = Path("docs/index.md")
    page.write_text(page.read_text("utf-8") + "\nSaves take 94 s.\n", "utf-8")
    before = page.read_text("utf-8")
    Path("evidence/R1.yaml").write_text("id: R1\n", "utf-8")
    result = runner.invoke(cli, ["fix", target])
    assert result.exit_code == 2
    assert "fix rewrites pages" in result.stderr
    assert page.read_text("utf-8") == before


#: (row, page, where each FX501 goes)
PLACES = [
    (
        "an FAQ answer after a description repeating its figure",
        "---\ntitle: T\ndescription: Saves take 94 s\nfaq:\n  - q: How long?\n"
        "    a: A save takes 94 s, measured.\n---\n# T\n\nSaves take [94 s](evidence:R1#save_time_fx100).\n",
        [(6, 21)],
    ),
    (
        "both, before the page cites it",
        "---\ntitle: T\ndescription: Saves take 94 s\nfaq:\n  - q: How long?\n"
        "    a: A save takes 94 s, measured.\n---\n# T\n\nNothing cited.\n",
        [(3, 25), (6, 21)],
    ),
    (
        "a table's number before an evidence table's refused cell",
        "# T\n\n| Run | Save time (s) |\n|---|---|\n| FX100 | 94 |\n\n"
        '```evidence-table\nheader: ["", Value]\nrows:\n  - [Save time, 94 s]\n```\n',
        [(5, 11), (10, 17)],
    ),
]


@pytest.mark.parametrize(("page", "places"), [r[1:] for r in PLACES], ids=[r[0] for r in PLACES])
def test_each_bare_figure_is_told_once_at_its_own_line(
    page: str, places: list[tuple[int, int]]
) -> None:
    _, findings = check_page(page, PAGE_PATH, library(), href_for, fixture_renderer())
    assert sorted((f.line, f.col) for f in findings if f.code == "FX501") == places


@pytest.mark.parametrize(
    ("option", "says"),
    [
        ("enforce: maybe", "mkdocs.yml:20:16: fxsite: enforce must be true, false or adopt"),
        (
            "faq_page: evidence/faq.md",
            "mkdocs.yml:20:17: fxsite: faq_page 'evidence/faq.md' is inside",
        ),
    ],
)
def test_an_option_error_is_told_once_at_its_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, option: str, says: str
) -> None:
    """blind62: it named the file alone, and the preview said "fxsite: fxsite:"."""
    from fxsite.mkdocs_config import option_error

    runner = CliRunner()
    assert runner.invoke(cli, ["init", str(tmp_path / "p")]).exit_code == 0
    config = tmp_path / "p" / "mkdocs.yml"
    text = config.read_text("utf-8")
    assert "  - fxsite\n" in text
    config.write_text(text.replace("  - fxsite\n", f"  - fxsite:\n      {option}\n"), "utf-8")
    result = runner.invoke(cli, ["check", str(tmp_path / "p")])
    assert result.exit_code == 2
    assert says in result.stderr and "fxsite: fxsite:" not in result.stderr
    # The plugin's message, as `mkdocs serve` shows it: the same, prefixed once.
    said = option_error(config, "fxsite: enforce must be true, false or adopt, not 'maybe'")
    assert said.count("fxsite:") == 1


def test_diff_tells_a_value_shown_alike_as_such() -> None:
    """A derived figure whose unrounded value changed and whose shown value did not: not
    "2.0× -> 2.0×" (blind62), but which value changed and that the site shows it alike."""
    from fxsite.anchor.diff import EvidenceChange, format_changes

    same = EvidenceChange("figure-changed", "S1#r", {"value": ["2", "2.03125"]}, "2.0×", "2.0×")
    text = format_changes([same], "text")
    assert "value 2 -> 2.03125, shown as 2.0× before and after" in text
    assert "2.0× (value 2) | 2.0× (value 2.03125)" in format_changes([same], "markdown")
    moved = EvidenceChange("figure-changed", "S1#r", {"value": ["2", "2.5"]}, "2.0×", "2.5×")
    assert "changed S1#r: 2.0× -> 2.5× (value 2 -> 2.5)" in format_changes([moved], "text")


#: (row, sentence, what the advice says instead of "did you mean [94 s](…)?")
IN_PLACE = [
    ("inside a link's text", "See [FX100 saves of 94 s](https://example.com).", "inside another link's text"),
    ("inside raw HTML", "<div>\nSaves of the FX100 take 94 s.\n</div>", "inside a raw HTML block"),
    ("after a '!'", "Saves of the FX100 take !94 s.", "write the '!' as '\\!', then cite it as [94 s]"),
    ("before an uncertainty", "Saves of the FX100 take 94 s ± 2 s.", "it has an uncertainty (±)"),
    # blind80: a reference no definition names is shown as text, not a link
    ("an undefined reference", "Saves of the FX100 take [94 s][rr].", "label '[rr]' no definition names (Markdown shows it as text): drop the label '[rr]', then cite it as [94 s]"),
    ("an undefined collapsed reference", "Saves of the FX100 take [94 s][].", "drop the label '[]'"),
]  # fmt: skip

#: (row, page): a reference link a definition names, though in another case or spacing
DEFINED = [
    ("defined", "See [it took 94 s][rr].\n\n[rr]: https://example.com"),
    ("defined in capitals", "See [it took 94 s][My  Ref].\n\n[my ref]: https://example.com"),
]  # fmt: skip


@pytest.mark.parametrize("page", [r[1] for r in DEFINED], ids=[r[0] for r in DEFINED])
def test_a_defined_reference_is_another_link(page: str) -> None:
    _, findings = check_page(f"# T\n\n{page}\n", PAGE_PATH, library(), href_for, fixture_renderer())
    told = [f.message for f in findings if f.code == "FX501"]
    assert told and "inside another link's text" in told[0] and "no definition" not in told[0]


@pytest.mark.parametrize(
    ("sentence", "says"), [r[1:] for r in IN_PLACE], ids=[r[0] for r in IN_PLACE]
)
def test_the_advice_says_where_a_claim_cannot_be_written(sentence: str, says: str) -> None:
    """blind62: check offered [94 s](…) inside another link's text and inside raw HTML,
    where it does not render; fix and check now share one rule (pages/link_place.py)."""
    _, findings = check_page(
        f"# T\n\n{sentence}\n", PAGE_PATH, library(), href_for, fixture_renderer()
    )
    told = [f.message for f in findings if f.code == "FX501" and f.text == "94 s"]
    assert told and says in told[0] and "did you mean" not in told[0], told


#: (row, sentence): advice of a claim in its other forms, in another link's text (blind66)
IN_A_LINK = [
    ("if one is meant", "See [it took 94 s](https://example.com)."),
    ("cite its record", "See [it took 12345 s](https://example.com)."),
]  # fmt: skip


@pytest.mark.parametrize("sentence", [r[1] for r in IN_A_LINK], ids=[r[0] for r in IN_A_LINK])
def test_every_form_of_advice_says_a_claim_cannot_go_in_a_link(sentence: str) -> None:
    """The advice offered a claim inside the link's text ("if one is meant, cite it
    ([94 s](…))"), which would nest links: the reason comes first, before any claim."""
    _, findings = check_page(
        f"# T\n\n{sentence}\n", PAGE_PATH, library(), href_for, fixture_renderer()
    )
    told = [f.message for f in findings if f.code == "FX501"]
    assert told and "(links do not nest): take the figure out of it, then cite it" in told[0]
    assert told[0].index("links do not nest") < told[0].index("](evidence:"), told


@pytest.mark.parametrize(
    "sentence", ["It took 94 s.", "It took 12345 s.", "See ![it took 94 s](x.png)."]
)
def test_near_miss_the_same_advice_outside_a_link_offers_its_claim(sentence: str) -> None:
    """In prose, and in an alt text, whose advice is a claim in the page's text already."""
    _, findings = check_page(
        f"# T\n\n{sentence}\n", PAGE_PATH, library(), href_for, fixture_renderer()
    )
    told = [f.message for f in findings if f.code == "FX501"]
    assert told and "](evidence:" in told[0] and "nest" not in told[0], told


def test_near_miss_a_figure_in_prose_is_offered_its_claim() -> None:
    _, findings = check_page(
        "# T\n\nSaves of the FX100 take 94 s.\n", PAGE_PATH, library(), href_for, fixture_renderer()
    )
    assert any("did you mean [94 s](evidence:R1#save_time_fx100)?" in f.message for f in findings)


def test_near_miss_a_markdown_block_takes_a_claim() -> None:
    """md_in_html reads a <div markdown>: a claim renders there."""
    from fxsite.pages.link_place import link_refused

    text = "<div markdown>\nSaves take 94 s.\n</div>\n"
    at = text.index("94 s")
    assert link_refused(text, at, at + 4) is None
    assert link_refused(text.replace(" markdown", ""), at - 9, at - 5) is not None


SNAPSHOTS = """\
id: S1
title: Snapshot test
label: spec
status: active
setup: {system: FX100 array}
figures:
  save_time_baseline: {value: 178, unit: s, what: "Snapshot save time, baseline"}
  save_time_fx100: {value: 94, unit: s, what: "Snapshot save time, FX100"}
  snapshot_size: {value: 65.6, unit: GB, what: "Snapshot size"}
"""
OTHER = """\
id: L1
title: Load test
label: spec
status: active
figures:
  load_time: {value: 12, unit: s, what: "Model load time"}
"""


@pytest.mark.parametrize(
    ("sentence", "fixed"),
    [
        ("The FX100 snapshot save time is 178 s.", False),  # 178 s is the baseline's
        ("The baseline snapshot save time is 178 s.", True),  # near miss: its own words
        ("The FX100 snapshot save fell from 178 s to 94 s.", True),  # near miss: both named
        ("The snapshot of 65.6 GB saves in 178 s.", True),  # near miss: a size is no rival
    ],
)
def test_fix_cites_no_figure_the_words_fit_another_of_better(
    project: Callable[..., Path], sentence: str, fixed: bool
) -> None:
    """blind62: "The FX100 snapshot save time is 178 s" was cited as the baseline's, a
    false statement made to look backed; the check's advice is the same rule's."""
    from fxsite.authoring.fix import fix_page

    root = project({"S1.yaml": SNAPSHOTS, "L1.yaml": OTHER})
    lib = load_library(root / "evidence", root)
    result = fix_page(f"# T\n\n{sentence}\n", "docs/p.md", lib)
    cited = "[178 s](evidence:S1#save_time_baseline)" in result.text
    assert cited is fixed, (result.text, result.unfixed)
    if not fixed:
        reasons = [u.reason for u in result.unfixed if u.text == "178 s"]
        # the other figure's value, and the word as written (blind89: read as offered)
        assert reasons and "fit S1#save_time_fx100, 94 s, better ('FX100')" in reasons[0]


DOCUMENTED = """\
id: D1
title: Doc test
label: spec
status: active
source: {document: reports/r.txt, sha256: "%s"}
figures: {t: {value: 1, unit: s}}
"""


def test_a_report_hash_mismatch_gives_the_files_hash(project: Callable[..., Path]) -> None:
    import hashlib

    root = project({"D1.yaml": DOCUMENTED % ("0" * 64)})
    (root / "evidence" / "reports").mkdir()
    (root / "evidence" / "reports" / "r.txt").write_text("hi\n", "utf-8")
    lib = load_library(root / "evidence", root)
    digest = hashlib.sha256(b"hi\n").hexdigest()
    told = [f.message for f in lib.findings if f.code == "FX310"]
    assert told == [
        f"sha256 does not match 'reports/r.txt', whose sha256 is {digest}: record the "
        "report's hash, or put back the report it names"
    ]


def test_a_report_linked_from_outside_is_told_so(
    project: Callable[..., Path], tmp_path: Path
) -> None:
    root = project({"D1.yaml": DOCUMENTED % ("0" * 64)})
    (tmp_path / "outside.txt").write_text("hi\n", "utf-8")
    (root / "evidence" / "reports").mkdir()
    (root / "evidence" / "reports" / "r.txt").symlink_to(tmp_path / "outside.txt")
    lib = load_library(root / "evidence", root)
    told = [f.message for f in lib.findings if f.code == "FX310"]
    assert len(told) == 1 and "symbolic link" in told[0] and "not found" not in told[0]


def test_an_empty_library_says_so() -> None:
    from fxsite.evidence.library import Library
    from fxsite.render.library_index import library_summary

    assert "No record can be read yet." in library_summary(Library(), "en")
    assert "0 records" not in library_summary(Library(), "en")


INVARIANT = """\
id: V1
title: Invariant test
label: spec
status: active
figures:
  t: {value: 94, unit: s}
  u: {value: 100, unit: s}
  w: {value: 3, unit: s}
invariants:
  - {expr: "%s", equals: u, within: 1%%}
"""


@pytest.mark.parametrize(
    ("expr", "says"),
    [("t", "'t' is 94 s but u is 100 s"), ("t + w / 7", "'t + w / 7' is 94.43 s but u is 100 s")],
    ids=["an exact value at the figure's decimals", "near miss: a finer one keeps two more"],
)
def test_an_invariants_message_shows_no_precision_it_lacks(
    project: Callable[..., Path], expr: str, says: str
) -> None:
    """blind62: "'t' is 94.00 s" for a value of 94 s."""
    root = project({"V1.yaml": INVARIANT % expr})
    lib = load_library(root / "evidence", root)
    told = [f.message for f in lib.findings if f.code == "FX312"]
    assert len(told) == 1 and says in told[0], told


#: (name, sentence, what the advice says first): a link that is the writer's claim,
#: mistyped, and a link in a raw HTML block, are no links nested (blind82).
NOT_NESTED = [
    ("a scheme in capitals", "Save time was [84 s](EVIDENCE:R1#save_time_fx100).", "'evidence:' in lower case"),
    ("an escaped scheme", "Save time was [84 s](evidence%3AR1#save_time_fx100).", "'evidence:' in lower case"),
    ("a link in a raw HTML block", "<div>\nSave time was [84 s](evidence:R1#x).\n</div>", "raw HTML block"),
    ("near miss: another link", "See [84 s](other.md) too.", "links do not nest"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("sentence", "said"), [r[1:] for r in NOT_NESTED], ids=[r[0] for r in NOT_NESTED]
)
def test_a_mistyped_claim_or_a_link_in_raw_html_is_told_as_such(sentence: str, said: str) -> None:
    _, findings = check_page(
        f"# T\n\n{sentence}\n", PAGE_PATH, library(), href_for, fixture_renderer()
    )
    told = [f.message for f in findings if f.code == "FX501"]
    assert told and said in told[0], told
