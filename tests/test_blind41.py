"""What the forty-first blind tester, a writer in the live preview, found in the messages a
broken record gives (the rest of the report is in the session's note: record errors in
the preview are the next session's work):

* A chart whose bars could not be read (their record broken) also said "highlight names a
  bar's label: one of " with nothing after it: the bars' own findings tell what is wrong,
  and the highlight is not judged against no labels.
* FX308 said "at 1 decimals".
"""

from __future__ import annotations

from sitekit import PAGE_PATH, fixture_renderer, href_for, library

from fxsite.markdown import check_page

CHART = "```evidence-chart\ntitle: Saves\nhighlight: FX100\nbars:\n  - {{label: FX100, ref: {ref}}}\n```\n"


def _messages(ref: str) -> list[str]:
    page = "# T\n\n" + CHART.format(ref=ref)
    _, found = check_page(page, PAGE_PATH, library(), href_for, fixture_renderer())
    return [f.message for f in found if f.severity == "error"]


def test_a_chart_of_no_readable_bar_names_no_empty_choice() -> None:
    told = _messages("R7#save_time")  # no record R7
    assert told and not any("one of" in m for m in told), told


def test_near_miss_a_highlight_no_bar_has_is_told_with_the_labels() -> None:
    page = "# T\n\n" + CHART.format(ref="R1#save_time_fx100").replace(
        "highlight: FX100", "highlight: FX200"
    )
    _, found = check_page(page, PAGE_PATH, library(), href_for, fixture_renderer())
    assert any("one of FX100" in f.message for f in found), [f.message for f in found]
