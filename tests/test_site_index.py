"""The site index of citations: a page added again replaces its citations, never doubles them."""

from __future__ import annotations

from fxsite.pages.site import Citation, SiteIndex


def _claim(ref: str) -> str:
    return f'<a class="fx-claim" data-fx-ref="{ref}" href="#">94 s</a>'


def _refs(index: SiteIndex, page: str) -> list[str]:
    return [c.ref for c in index.citations if c.page == page]


def test_a_page_added_again_replaces_its_citations() -> None:
    index = SiteIndex()
    index.add_html("a.md", _claim("R1#save") + _claim("R2#load"))
    index.add_html("b.md", _claim("R1#save"))
    index.add_html("a.md", _claim("R3#x"))  # serve: the page was edited
    assert _refs(index, "a.md") == ["R3#x"]
    assert _refs(index, "b.md") == ["R1#save"]
    index.add_html("a.md", "<p>No claims now.</p>")
    assert _refs(index, "a.md") == []
    index.add_html("a.md", _claim("R1#save"))
    assert [c.page for c in index.citing("R1")] == ["b.md", "a.md"]


def test_citations_added_from_outside_are_replaced_too() -> None:
    """``fxsite diff`` extends the list itself: the next ``add_html`` of that page still
    replaces what is there."""
    index = SiteIndex()
    index.add_html("a.md", _claim("R1#save"))
    index.citations.append(Citation("R2#load", "c.md", None, None))
    index.add_html("c.md", _claim("R3#x"))
    assert _refs(index, "c.md") == ["R3#x"]
    assert _refs(index, "a.md") == ["R1#save"]


def test_refused_claims_mark_their_figures_stale_in_the_preview_only() -> None:
    """A page's refused claim (``data-fx-stale``, fxsite.markdown) lists the page as needing
    an update on the record page, in the preview; a page writing that markup itself in a
    build that publishes marks nothing."""
    stale = '<span class="fx-claim-refused" data-fx-stale="R1#save">94 s</span>'
    index = SiteIndex()
    index.add_html("a.md", stale + stale, preview=True)
    assert index.refusing("R1#save") == {"a.md": 2} and index.refusing("R1") == {"a.md": 2}
    assert index.citing("R1#save") == []  # never a citation (never exported)
    index.add_html("a.md", stale)
    assert index.refusing("R1#save") == {}
