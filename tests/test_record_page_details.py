"""A record page says nothing of the vendor's own state and offers nothing that does not
open (blind72, finding 14): a report document named and hashed but not on the site says
"(not published)"; "Cited on pages (0)" was a fold that opened nothing, and is a plain
line; "No committed versions of these records yet" (a project not in git) is no History
section on a public page (evidence.json keeps the note)."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from fxsite.anchor.history import Change, History, history_section_html
from fxsite.evidence.models import Record
from fxsite.pages.page import PageResult
from fxsite.pages.site import Citation, PageInfo, SiteIndex, fill_placeholders, placeholder
from fxsite.render.library_pages import provenance

SHA = "a" * 64


def _record(document: str | None) -> Record:
    source = {"issuer": "Lab", **({"document": document, "sha256": SHA} if document else {})}
    return Record.model_validate(
        {
            "id": "M1",
            "title": "Array test",
            "label": "measured",
            "status": "active",
            "source": source,
            "figures": {"iops": {"value": 2400000, "unit": "IOPS"}},
        }
    )


@pytest.mark.parametrize(
    ("lang", "href", "said"),
    [
        ("en", None, "reports/M1.txt (not published)"),
        ("zh", None, "reports/M1.txt （未公开）"),
        # near miss: a document published with the site is a link, and nothing more
        ("en", "../../reports/M1.txt", "reports/M1.txt"),
    ],
)
def test_a_document_not_on_the_site_says_so(lang: str, href: str | None, said: str) -> None:
    head = BeautifulSoup(provenance(_record("reports/M1.txt"), href, lang), "html.parser")
    cell = [dd for dd in head.select("dd") if "M1.txt" in dd.get_text()]
    assert [dd.get_text() for dd in cell] == [said]
    assert (cell[0].a is not None) is (href is not None)


def test_near_miss_no_document_no_words() -> None:
    assert "not published" not in provenance(_record(None), None, "en")


def _filled(cited: bool, lang: str = "en") -> BeautifulSoup:
    index = SiteIndex()
    index.pages["a.md"] = PageInfo("a.md", "a/", "A page", PageResult("docs/a.md", ""))
    index.urls["a.md"] = "a/"
    if cited:
        index.citations.append(Citation("M1#iops", "a.md", None, None))
    html = f'<td class="fx-cited">{placeholder("cited", f"{lang} M1#iops")}</td>'
    filled, unresolved = fill_placeholders(html, index, "evidence/M1.md", "evidence/M1/")
    assert unresolved == []
    return BeautifulSoup(filled, "html.parser")


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "Not cited on any page yet."), ("zh", "尚无页面引用。")]
)
def test_a_figure_no_page_cites_is_a_plain_line(lang: str, said: str) -> None:
    cell = _filled(cited=False, lang=lang)
    assert cell.find("details") is None and cell.find("summary") is None
    assert cell.get_text() == said


def test_near_miss_a_cited_figure_folds_its_pages() -> None:
    fold = _filled(cited=True).select_one("details.fx-cited-fold")
    assert fold is not None and fold.summary is not None
    assert fold.summary.get_text() == "Cited on pages (1)"
    assert [a.get_text() for a in fold.select(".fx-cited-by a")] == ["A page"]


@pytest.mark.parametrize(
    "note",
    [
        "No committed versions of these records yet.",
        "No change history is shown: this site was built from records kept outside version control (git), so there is no record of earlier values to list.",
    ],
)
def test_no_history_anywhere_is_no_section(note: str) -> None:
    assert history_section_html(History(note=note), "M1") == ""


def test_near_miss_a_history_elsewhere_says_this_record_has_none() -> None:
    history = History({"R2": [Change("R2", "c" * 40, "2026-01-01", "record-added")]})
    assert "No committed changes to this record's figures." in history_section_html(history, "M1")
    assert "record added" in history_section_html(history, "R2")
