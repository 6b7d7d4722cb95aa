"""One label, one name: the Evidence Library's legend, its table and filter, a record
page's badges and rows, the "Data sources" list, the evidence card and a claim's spoken
text all name a label as the catalogue does ("vendor spec", "public source"); and the
legend of markers speaks to a buyer (blind72, finding 11: the legend said "spec" and
"public", the summary and the sources "vendor spec" and "public source", the card and the
screen reader "vendor specification"; the legend's ID line read like developer notes)."""

from __future__ import annotations

import re

import pytest
from sitekit import href_for, library

from fxsite.evidence.models import LABELS
from fxsite.pages.sections import marker_legend, source_item
from fxsite.render.library_index import legend, library_index_markdown
from fxsite.render.library_pages import record_badges
from fxsite.render.messages import LANGUAGES, message
from fxsite.render.record_sheet import label_badge

_TAG = re.compile(r"<[^>]+>")


def _text(html: str) -> str:
    return _TAG.sub("", html)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("label", LABELS)
def test_every_badge_names_a_label_as_the_catalogue_does(label: str, lang: str) -> None:
    name = message(f"label.{label}", lang)
    assert _text(label_badge(label, lang)) == name
    assert f">{name}</span>" in legend(lang)


def test_the_library_names_labels_alike_in_its_legend_table_filter_and_summary() -> None:
    page = library_index_markdown(library(), href_for, {})
    assert ">spec<" not in page and ">public<" not in page  # the record's key, never shown
    for label in {r.label for r in library().records.values()}:
        name = message(f"label.{label}", "en")
        assert f'<option value="{label}">{name}</option>' in page
        assert page.count(f">{name}</span>") >= 2  # the legend and a row


def test_a_record_page_and_the_data_sources_name_it_alike() -> None:
    record = next(r for r in library().records.values() if r.label == "spec")
    assert ">vendor spec</span>" in record_badges(record)
    assert ">vendor spec</span>" in source_item(record, href_for)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("label", ["spec", "public"])
def test_the_card_and_the_spoken_source_use_the_same_name(label: str, lang: str) -> None:
    name = message(f"label.{label}", lang)
    assert message(f"source.{label}", lang, id="S1").startswith(name)
    assert message(f"card.source.{label}", lang, id="S1").lower().startswith(name.lower())


@pytest.mark.parametrize(
    ("lang", "where"),
    [("en", "Evidence Library"), ("zh", "证据库")],
)
def test_the_legend_of_markers_tells_a_buyer_where_to_look(lang: str, where: str) -> None:
    shown = _text(marker_legend({"measured", "estimate"}, lang, "R1"))
    assert where in shown
    # near miss kept out: how the build places marks is no reader's business
    for wording in ("in a section", "on a page with many", "每节", "全页"):
        assert wording not in shown, shown
