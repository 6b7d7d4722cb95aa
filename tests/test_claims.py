"""fxsite.pages.claims: resolving an evidence link, every outcome, and rendering it safely."""

from __future__ import annotations

import html

import markdown
import pytest
from bs4 import BeautifulSoup
from sitekit import href_for, library

from fxsite.evidence.library import Library
from fxsite.pages.claims import Claim, ClaimProblem, render_claim, resolve_claim, tooltip

NBSP = "\u00a0"


@pytest.fixture(scope="module")
def lib() -> Library:
    loaded = library()
    assert loaded.findings == []
    return loaded


def _problem(lib: Library, text: str, dest: str) -> ClaimProblem:
    result = resolve_claim(text, dest, lib)
    assert isinstance(result, ClaimProblem), result
    return result


def _claim(lib: Library, text: str, dest: str) -> Claim:
    result = resolve_claim(text, dest, lib)
    assert isinstance(result, Claim), result
    return result


@pytest.mark.parametrize("record", ["R11", "r1", "R1x"])
def test_unknown_record_suggests_the_closest(lib: Library, record: str) -> None:
    problem = _problem(lib, "94 s", f"evidence:{record}#save_time_fx100")
    assert problem == ClaimProblem("FX401", f"unknown record '{record}' (did you mean 'R1'?)")


def test_unknown_record_without_a_close_match_lists_a_small_librarys_records(
    lib: Library,
) -> None:
    """blind41: "unknown record 'R7'" named none of R1 and R9."""
    problem = _problem(lib, "", "evidence:ZZZZZZ#save_time_fx100")
    assert problem == ClaimProblem(
        "FX401", "unknown record 'ZZZZZZ' (the records: E1, R1, R2, R3, X1)"
    )


def test_near_miss_unknown_record_in_a_large_library_has_no_hint() -> None:
    from dataclasses import replace

    big = library()
    many = replace(big, records={f"Q{n}{n}{n}": big.records["R1"] for n in range(13)})
    problem = _problem(many, "", "evidence:ZZZZZZ#save_time_fx100")
    assert problem == ClaimProblem("FX401", "unknown record 'ZZZZZZ'")


def test_unknown_figure_suggests_the_closest(lib: Library) -> None:
    problem = _problem(lib, "94 s", "evidence:R1#save_time_fx10")
    assert problem == ClaimProblem(
        "FX402", "R1 has no figure 'save_time_fx10' (did you mean 'save_time_fx100'?)"
    )


@pytest.mark.parametrize(
    ("text", "dest"),
    [
        ("179 s", "evidence:R1#save_time_baseline"),
        ("177 s", "evidence:R1#save_time_baseline"),
        ("1.8×", "evidence:R1#save_speedup"),
        ("6.2–9.4×", "evidence:R1#load_speedup"),
        ("6.2×", "evidence:R1#load_speedup"),  # a single value for a range
        ("3,561 s", "evidence:R1#run_total"),
        ("6.3 GB/s", "evidence:R1#bandwidth_fx100"),
        ("about 94 seconds, roughly", "evidence:R1#save_time_fx100"),
    ],
)
def test_wrong_value_is_refused(lib: Library, text: str, dest: str) -> None:
    assert _problem(lib, text, dest).code == "FX403"


def test_wrong_value_message_names_the_record_value(lib: Library) -> None:
    assert _problem(lib, "179 s", "evidence:R1#save_time_baseline").message == (
        f"'179 s' is not R1#save_time_baseline, which is 178{NBSP}s "
        f"(at this precision: 178{NBSP}s); write '178{NBSP}s'"
    )


@pytest.mark.parametrize(
    ("text", "dest", "filled"),
    [
        ("178.0 s", "evidence:R1#save_time_baseline", f"178{NBSP}s"),
        ("6.400 GB/s", "evidence:R1#bandwidth_fx100", f"6.40{NBSP}GB/s"),
        ("1.89×", "evidence:R1#save_speedup", "1.9×"),
    ],
)
def test_too_precise_is_refused(lib: Library, text: str, dest: str, filled: str) -> None:
    problem = _problem(lib, text, dest)
    assert problem.code == "FX404"
    assert problem.message.endswith(f"write '{filled}'")


@pytest.mark.parametrize(
    ("text", "dest"),
    [
        ("178 GB", "evidence:R1#save_time_baseline"),
        ("1.9%", "evidence:R1#save_speedup"),
        ("96 pp", "evidence:R1#bandwidth_gain_pct"),
    ],
)
def test_wrong_unit_is_refused(lib: Library, text: str, dest: str) -> None:
    assert _problem(lib, text, dest).code == "FX405"


def test_wrong_unit_message(lib: Library) -> None:
    assert _problem(lib, "178 GB", "evidence:R1#save_time_baseline") == ClaimProblem(
        "FX405", f"'178 GB' is in GB but R1#save_time_baseline is in s; write '178{NBSP}s'"
    )


@pytest.mark.parametrize(
    ("text", "dest", "display"),
    [
        ("1.9x", "evidence:R1#save_speedup", "1.9×"),
        ("1.9 ×", "evidence:R1#save_speedup", "1.9×"),
        ("178 seconds", "evidence:R1#save_time_baseline", f"178{NBSP}seconds"),
        ("178 s", "evidence:R1#save_time_baseline", f"178{NBSP}s"),
        ("178s", "evidence:R1#save_time_baseline", f"178{NBSP}s"),
        ("178", "evidence:R1#save_time_baseline", "178"),  # no unit is allowed
        ("6.4 GB/s", "evidence:R1#bandwidth_fx100", f"6.4{NBSP}GB/s"),
        ("96%", "evidence:R1#bandwidth_gain_pct", "96%"),
        ("9.9%", "evidence:R1#bubble_share", "9.9%"),
        ("2", "evidence:R1#save_speedup", "2"),
    ],
)
def test_accepted_texts_and_aliases(lib: Library, text: str, dest: str, display: str) -> None:
    assert _claim(lib, text, dest).display == display


def test_retracted_record_is_refused(lib: Library) -> None:
    assert _problem(lib, "50 s", "evidence:R3#save_time_fx100") == ClaimProblem(
        "FX406", "record R3 is retracted and cannot be cited"
    )


def test_superseded_record_names_its_successor(lib: Library) -> None:
    assert _problem(lib, "99 s", "evidence:R2#save_time_fx100") == ClaimProblem(
        "FX407", "record R2 is superseded by R1; cite that instead"
    )


@pytest.mark.parametrize(
    "dest",
    ["evidence:R1", "evidence:#save_time_fx100", "evidence:R1#a b", "evidence:", "evidence:R1#"],
)
def test_malformed_link_is_refused(lib: Library, dest: str) -> None:
    assert _problem(lib, "", dest).code == "FX408"


@pytest.mark.parametrize("text", ["fast", "178 s and 94 s", "3.6 thousandths"])
def test_text_that_states_no_quantity_is_refused(lib: Library, text: str) -> None:
    problem = _problem(lib, text, "evidence:R1#save_time_baseline")
    assert problem.code == "FX403"
    assert f"write it as '178{NBSP}s'" in problem.message


@pytest.mark.parametrize(
    ("dest", "filled", "label"),
    [
        ("evidence:R1#run_total", f"3,560{NBSP}s", "measured"),  # thousands separator, NBSP
        ("evidence:R1#save_speedup", "1.9×", "measured"),  # no space before ×
        ("evidence:R1#bandwidth_gain_pct", "96%", "measured"),  # no space before %
        ("evidence:R1#load_speedup", "6.2–9.3×", "measured"),  # en dash range
        ("evidence:R1#bandwidth_fx100", f"6.40{NBSP}GB/s", "measured"),  # keeps its decimals
        ("evidence:E1#saves", "20", "estimate"),  # a count has no unit
        ("evidence:E1#total_save_time", f"3,560{NBSP}s", "estimate"),
        ("evidence:R1#bubble_share", "9.9%", "estimate"),  # derived from an estimate
    ],
)
def test_empty_text_is_filled_with_the_formatted_value(
    lib: Library, dest: str, filled: str, label: str
) -> None:
    claim = _claim(lib, "", dest)
    assert (claim.display, claim.label) == (filled, label)
    assert _claim(lib, "   ", dest).display == filled


@pytest.mark.parametrize("text", ["6.2–9.3×", "6.2-9.3x", "6.2 to 9.3×", "6.2 – 9.3 ×", "6–9×"])
def test_ranges(lib: Library, text: str) -> None:
    claim = _claim(lib, text, "evidence:R1#load_speedup")
    assert claim.ref == "R1#load_speedup"
    assert claim.display == ("6–9×" if text == "6–9×" else "6.2–9.3×")


@pytest.mark.parametrize("text", ["3,560 s", "3560 s", "3,560"])
def test_thousands_separators(lib: Library, text: str) -> None:
    assert _claim(lib, text, "evidence:R1#run_total").display.startswith("3,560")


def test_setup_claim_takes_the_value_from_the_record(lib: Library) -> None:
    claim = _claim(lib, "", "evidence:R1#setup.baseline")
    assert claim == Claim("R1", "setup.baseline", "local NVMe single drive", None)
    assert claim.label == "setup"
    # case and spacing are not a different baseline
    assert _claim(lib, "Local NVMe  single drive", "evidence:R1#setup.baseline").display == (
        "local NVMe single drive"
    )


def test_setup_claim_with_another_baseline_is_refused(lib: Library) -> None:
    assert _problem(lib, "NFS/slow storage", "evidence:R1#setup.baseline") == ClaimProblem(
        "FX403", "text 'NFS/slow storage' is not R1's baseline 'local NVMe single drive'"
    )


def test_unknown_setup_key_is_refused(lib: Library) -> None:
    problem = _problem(lib, "", "evidence:R1#setup.baselin")
    assert problem.code == "FX402"
    assert "setup keys: baseline, system" in problem.message


@pytest.mark.parametrize(
    ("dest", "expected"),
    [
        # What was measured, the report, then the date where stated; no baseline, as
        # the FX100's own time compares against nothing (blind72: it said "vs …").
        (
            "evidence:R1#save_time_fx100",
            "Save time, FX100 · measured, report R1 · 2026-03-14",
        ),
        # An estimate is a model, never a "Report"; no date is not "date not stated".
        ("evidence:E1#saves", "Checkpoint saves per run · estimate from model E1"),
        # A setup value says what it is and whose.
        ("evidence:R1#setup.baseline", "Test condition (baseline) of report R1"),
    ],
)
def test_tooltip_leads_with_what_and_omits_what_is_not_stated(
    lib: Library, dest: str, expected: str
) -> None:
    text = tooltip(_claim(lib, "", dest), lib)
    assert text == expected
    assert "not stated" not in text and not text.startswith("Report")


def _anchor(fragment: str) -> BeautifulSoup:
    parsed = BeautifulSoup(fragment, "html.parser")
    assert len(parsed.find_all("a")) == 1
    return parsed


def test_render_claim_attributes(lib: Library) -> None:
    claim = _claim(lib, "94 s", "evidence:R1#save_time_fx100")
    a = _anchor(render_claim(claim, lib, href_for)).a
    assert a is not None
    assert dict(a.attrs) == {
        "class": ["fx-claim", "fx-claim--measured"],
        "href": "evidence/R1/#save_time_fx100",
        "title": "Save time, FX100 · measured, report R1 · 2026-03-14",
        "data-fx-ref": "R1#save_time_fx100",
        "data-fx-record": "R1",
        "data-fx-figure": "save_time_fx100",
        "data-fx-label": "measured",
        "data-fx-unit": "s",
        "data-fx-value": "94",
        "data-fx-decimals": "0",
    }
    assert a.get_text() == f"94{NBSP}sR1 (measured, report R1)"
    assert a.find("span", class_="fx-badge").get_text() == "R1"


@pytest.mark.parametrize(
    ("dest", "marker", "spoken"),
    [
        ("evidence:R1#save_time_fx100", "R1", "measured, report R1"),
        ("evidence:E1#saves", "est.", "estimate from model E1"),
        # A test condition carries no marker, but is still named for screen readers.
        ("evidence:R1#setup.baseline", None, "test condition, report R1"),
    ],
)
def test_claim_marker_and_spoken_label(
    lib: Library, dest: str, marker: str | None, spoken: str
) -> None:
    a = _anchor(render_claim(_claim(lib, "", dest), lib, href_for)).a
    assert a is not None
    badge = a.find("span", class_="fx-badge")
    assert (badge.get_text() if badge else None) == marker
    assert a.find("span", class_="fx-sr").get_text() == f" ({spoken})"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "dest", "spoken"),
    [
        # a number whose unit its sentence writes once ("from 178 to 94 s"): the unit is said
        ("178", "evidence:R1#save_time_baseline", " s (measured, report R1)"),
        ("1.9", "evidence:R1#save_speedup", " × (measured, report R1)"),
        # near misses: the text states its unit, in any spelling; the default text does too
        ("178 s", "evidence:R1#save_time_baseline", " (measured, report R1)"),
        ("178 seconds", "evidence:R1#save_time_baseline", " (measured, report R1)"),
        ("1.9x", "evidence:R1#save_speedup", " (measured, report R1)"),
        ("", "evidence:R1#save_time_baseline", " (measured, report R1)"),
        # a test condition has no unit
        ("", "evidence:R1#setup.baseline", " (test condition, report R1)"),
    ],
)
def test_a_number_alone_is_spoken_with_its_unit(
    lib: Library, text: str, dest: str, spoken: str
) -> None:
    """A screen reader's list of a page's links gives "3.26 GB/s (measured, report R1)", not a
    number alone (blind84 L1)."""
    a = _anchor(render_claim(_claim(lib, text, dest), lib, href_for)).a
    assert a is not None
    assert a.find("span", class_="fx-sr").get_text() == spoken  # type: ignore[union-attr]


def test_render_range_claim_has_min_and_max(lib: Library) -> None:
    a = _anchor(render_claim(_claim(lib, "", "evidence:R1#load_speedup"), lib, href_for)).a
    assert a is not None
    assert (a["data-fx-min"], a["data-fx-max"], a["data-fx-unit"]) == ("6.2", "9.3", "×")
    assert "data-fx-value" not in a.attrs


def test_render_setup_claim_links_to_its_setup_row(lib: Library) -> None:
    a = _anchor(render_claim(_claim(lib, "", "evidence:R1#setup.baseline"), lib, href_for)).a
    assert a is not None
    assert a["href"] == "evidence/R1/#fx-setup-baseline"
    assert a["data-fx-label"] == "setup"
    assert "data-fx-value" not in a.attrs


def test_render_claim_href_is_as_given(lib: Library) -> None:
    claim = _claim(lib, "", "evidence:R1#save_time_fx100")
    out = render_claim(claim, lib, lambda r, f: f"../x.html?a=1&b=2#{r}-{f}")
    assert 'href="../x.html?a=1&amp;b=2#R1-save_time_fx100"' in out
    assert _anchor(out).a["href"] == "../x.html?a=1&b=2#R1-save_time_fx100"  # type: ignore[index]


def _hostile(lib: Library) -> Claim:
    return _claim(lib, "", "evidence:X1#widgets")


def test_render_claim_escapes_record_strings(lib: Library) -> None:
    claim = _hostile(lib)
    out = render_claim(claim, lib, href_for)
    parsed = _anchor(out)
    assert parsed.find("script") is None and parsed.find("img") is None
    a = parsed.a
    assert a is not None
    assert a["title"] == tooltip(claim, lib)
    assert "<script>alert('what')</script>" in a["title"]  # the baseline: test_versus.py


def test_rendered_claim_survives_markdown(lib: Library) -> None:
    """Python-Markdown runs over inline HTML: record text must stay text there too."""
    claim = _hostile(lib)
    page = markdown.markdown(f"Counted {render_claim(claim, lib, href_for)} widgets.")
    parsed = BeautifulSoup(page, "html.parser")
    links = parsed.find_all("a")
    assert [a["href"] for a in links] == ["evidence/X1/#widgets"]
    assert links[0]["title"] == tooltip(claim, lib)
    assert parsed.find("script") is None and parsed.find("img") is None


def test_display_is_escaped_for_markdown_and_html(lib: Library) -> None:
    claim = Claim("R1", "setup.baseline", "<b>*94*</b> [x](javascript:y)", None)
    page = markdown.markdown(render_claim(claim, lib, href_for))
    parsed = BeautifulSoup(page, "html.parser")
    assert parsed.find("b") is None and parsed.find("em") is None
    assert [a["href"] for a in parsed.find_all("a")] == ["evidence/R1/#fx-setup-baseline"]
    assert html.unescape(parsed.a.get_text()).startswith("<b>*94*</b> [x](javascript:y)")  # type: ignore[union-attr]


@pytest.mark.parametrize("dest", ["evidence:R1", "evidence:R1#", "evidence:", "evidence:#x"])
def test_incomplete_link_names_the_link_and_figures_that_exist(dest: str) -> None:
    """The message shows the link as written, and every example it gives resolves."""
    import re
    from pathlib import Path

    from fxsite.evidence.library import load_library
    from fxsite.pages.claims import ClaimProblem, resolve_claim

    root = Path(__file__).resolve().parent.parent
    lib = load_library(root / "evidence", root)
    problem = resolve_claim("178 s", dest, lib)
    assert isinstance(problem, ClaimProblem) and problem.code == "FX408"
    assert f"'{dest}'" in problem.message
    examples = re.findall(r"evidence:\S+#\w+", problem.message)
    assert examples
    for example in examples:
        assert not isinstance(resolve_claim("", example, lib), ClaimProblem), example
