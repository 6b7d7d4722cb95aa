"""The Evidence Library's index in pages (:data:`~fxsite.render.library_index.INDEX_ROWS`
records each, two here): each record listed on its page, the pages linked and left out
of the navigation, and a published page lacking its share refused by the gate
(:mod:`fxsite.verify.library_listing`), as one page lacking a record always was."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sitekit import PAGED_ROWS, library, paged_site, resolve_href, soup

from fxsite.findings import Finding
from fxsite.render import library_index
from fxsite.verify import library_listing
from fxsite.verify.audit import verify_site
from fxsite.verify.library_listing import index_place

#: The clean site's records, in the index's order: pages of two.
PAGES = {
    "evidence/index.html": ["E1", "R1"],
    "evidence/pages/2/index.html": ["R2", "R3"],
    "evidence/pages/3/index.html": ["X1"],
}


@pytest.fixture(scope="module")
def paged(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The clean site built with two records a page of the index, and read so."""
    site = paged_site(tmp_path_factory.mktemp("paged"))
    with pytest.MonkeyPatch.context() as patch:  # read as built
        patch.setattr(library_index, "INDEX_ROWS", PAGED_ROWS)
        patch.setattr(library_listing, "INDEX_ROWS", PAGED_ROWS)
        yield site


def _listed(page: Path) -> list[str]:
    return [a.get_text() for a in soup(page).select(".fx-library tr[data-fx-label] td a")]


def test_each_page_of_the_index_lists_its_share_and_links_the_others(paged: Path) -> None:
    assert sorted(library().records) == [r for rows in PAGES.values() for r in rows]
    for rel, rows in PAGES.items():
        page = paged / rel
        assert _listed(page) == rows
        pager = soup(page).select(".fx-library-pages a")
        assert [a.get_text() for a in pager] == ["1", "2", "3"]
        landed = [resolve_href(paged, page, str(a["href"]))[0] for a in pager]
        assert landed == [paged / r for r in PAGES]
        assert [a.get("aria-current") for a in pager].count("page") == 1
    first = soup(paged / "evidence/index.html")
    assert first.select_one(".fx-legend") is not None  # the legend is said once
    assert soup(paged / "evidence/pages/2/index.html").select_one(".fx-legend") is None
    assert "Evidence Library, page 2 of 3" in soup(paged / "evidence/pages/2/index.html").h1.text
    # The pager links them: the navigation does not.
    assert "pages/2" not in str(first.select_one("nav.md-nav"))
    assert verify_site(paged) == []


def _audited(paged: Path, tmp_path: Path, tamper: Callable[[Path], None]) -> list[Finding]:
    """What the audit finds in a copy of the paged site changed by ``tamper``."""
    site = tmp_path / "site"
    shutil.copytree(paged, site)
    tamper(site)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(library_listing, "INDEX_ROWS", 2)
        return verify_site(site)


def _rows(text: str) -> dict[str, str]:
    return {
        m.group(1): m.group(0)
        for m in re.finditer(r'<tr data-fx-label="[^"]*"[^>]*>.*?>([A-Z]\d)</a>.*?</tr>', text)
    }


def _drop(rel: str, record: str) -> Callable[[Path], None]:
    def tamper(site: Path) -> None:
        text = (site / rel).read_text("utf-8")
        (site / rel).write_text(text.replace(_rows(text)[record], ""), "utf-8")

    return tamper


def _move(record: str) -> Callable[[Path], None]:
    """R2's row taken from page 2 to page 3: listed, on a page not its own."""

    def tamper(site: Path) -> None:
        two, three = site / "evidence/pages/2/index.html", site / "evidence/pages/3/index.html"
        row = _rows(two.read_text("utf-8"))[record]
        _drop("evidence/pages/2/index.html", record)(site)
        text = three.read_text("utf-8")
        three.write_text(text.replace("<tbody>", f"<tbody>{row}", 1), "utf-8")

    return tamper


def _remove(rel: str) -> Callable[[Path], None]:
    return lambda site: (site / rel).unlink()


def _page_four(site: Path) -> None:
    """A fourth page of an index of three: a page listing rows, but no page of the index."""
    (site / "evidence/pages/4").mkdir()
    shutil.copy(site / "evidence/pages/3/index.html", site / "evidence/pages/4/index.html")


@pytest.mark.parametrize(
    ("tamper", "where", "lacking"),
    [
        (_drop("evidence/pages/2/index.html", "R3"), "evidence/pages/2/index.html", ["R3"]),
        (_drop("evidence/index.html", "E1"), "evidence/index.html", ["E1"]),
        (_move("R2"), "evidence/pages/2/index.html", ["R2"]),
        (_remove("evidence/pages/3/index.html"), "evidence/index.html", ["X1"]),
        (_remove("evidence/index.html"), "evidence/pages/2/index.html", ["E1", "R1"]),
        (_page_four, "evidence/pages/4/index.html", ["E1", "R1", "R2", "R3"]),
    ],
    ids=[
        "row-dropped",
        "first-page-row-dropped",
        "row-moved",
        "page-removed",
        "first-removed",
        "page-past-the-last",
    ],
)
def test_a_page_of_the_index_lacking_its_share_is_refused(
    paged: Path, tmp_path: Path, tamper: Callable[[Path], None], where: str, lacking: list[str]
) -> None:
    found = _audited(paged, tmp_path, tamper)
    told = [(f.path, f.text) for f in found if "lacks record" in f.message]
    assert told == [(where, record) for record in lacking]


def test_a_page_listing_rows_elsewhere_must_list_every_record(paged: Path, tmp_path: Path) -> None:
    """A row copied to another page: an index of one page, lacking every other record."""
    site = tmp_path / "site"
    shutil.copytree(paged, site)
    row = _rows((site / "evidence/index.html").read_text("utf-8"))["E1"]
    home = site / "index.html"
    table = f'<div class="fx-library"><table><tbody>{row}</tbody></table></div>'
    home.write_text(home.read_text("utf-8").replace("</article>", f"{table}</article>", 1))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(library_listing, "INDEX_ROWS", 2)
        found = verify_site(site)
    told = [f.text for f in found if "lacks record" in f.message and f.path == "index.html"]
    assert sorted(told) == ["R1", "R2", "R3", "X1"]


def test_the_index_is_the_record_pages_folder(paged: Path, tmp_path: Path) -> None:
    """Pages listing rows in another folder, shaped as an index's, must each list every
    record: only the record pages' folder holds the index's pages."""
    site = tmp_path / "site"
    shutil.copytree(paged, site)
    for rel in PAGES:
        moved = site / "other" / rel.removeprefix("evidence/")
        moved.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(site / rel, moved)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(library_listing, "INDEX_ROWS", 2)
        found = verify_site(site)
    told = {(f.path, f.text) for f in found if "lacks record" in f.message}
    others = {f"other/{rel.removeprefix('evidence/')}": rows for rel, rows in PAGES.items()}
    assert told == {
        (rel, record)
        for rel, rows in others.items()
        for record in sorted(library().records)
        if record not in rows
    }


@pytest.mark.parametrize(
    ("rel", "place"),
    [
        ("evidence/index.html", ("evidence/", 1)),
        ("evidence/pages/2/index.html", ("evidence/", 2)),
        ("pages/12/index.html", ("", 12)),
        ("index.html", ("", 1)),
        ("evidence/pages/1/index.html", ("evidence/pages/1/", 1)),
        ("evidence/pages/02/index.html", ("evidence/pages/02/", 1)),
        ("evidence/R1.html", ("evidence/R1.html", 1)),
    ],
)
def test_where_a_page_stands_in_an_index(rel: str, place: tuple[str, int]) -> None:
    assert index_place(rel) == place


@pytest.mark.parametrize(
    ("ids", "order"),
    [
        (["R10", "R2", "R1"], ["R1", "R2", "R10"]),  # numbers by value
        (["r3", "R2", "E1"], ["E1", "R2", "r3"]),  # letters case-blind
        (["R1", "R01", "R001"], ["R001", "R01", "R1"]),  # equal numbers: by the ID itself
        (["R2b", "R10a", "R2a"], ["R2a", "R2b", "R10a"]),
        (["R" + "9" * 40, "R" + "1" + "0" * 40, "R9"], ["R9", "R" + "9" * 40, "R1" + "0" * 40]),
    ],
)
def test_the_index_lists_ids_in_their_natural_order(ids: list[str], order: list[str]) -> None:
    """A page of the index holds a run of neighbouring IDs: "R2" before "R10" (a
    case-blind string order put "R10"…"R199" between "R1" and "R2")."""
    lib = library()
    records = dict.fromkeys(ids, next(iter(lib.records.values())))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(lib, "records", records)
        assert library_index.index_order(lib) == order


_LINK = re.compile(r'<a href="([^"]*)"(?: aria-current="page")?>(\d)</a>')
_PAGER = re.compile(r'<nav class="fx-library-pages"[^>]*>.*?</nav>', re.S)


def _pager(rel: str, change: Callable[[str], str]) -> Callable[[Path], None]:
    """``rel``'s pager changed by ``change`` (its HTML in, HTML out)."""

    def tamper(site: Path) -> None:
        text = (site / rel).read_text("utf-8")
        nav = _PAGER.search(text)
        assert nav is not None
        (site / rel).write_text(text.replace(nav[0], change(nav[0])), "utf-8")

    return tamper


def _led_to(number: str, other: str) -> Callable[[str], str]:
    """The link to page ``number`` led where the link to ``other`` leads."""

    def change(nav: str) -> str:
        hrefs = {m[2]: m[1] for m in _LINK.finditer(nav)}
        return nav.replace(f'href="{hrefs[number]}"', f'href="{hrefs[other]}"', 1)

    return change


def _href_of(number: str, href: str) -> Callable[[str], str]:
    def change(nav: str) -> str:
        old = next(m[1] for m in _LINK.finditer(nav) if m[2] == number)
        return nav.replace(f'href="{old}"', f'href="{href}"', 1)

    return change


@pytest.mark.parametrize(
    ("tamper", "where", "says"),
    [
        # fxsite.js reads the other pages' rows from these links (blind77: the audit
        # passed each; filtering on page 1 covered pages 1 and 2 twice and never page 3)
        (_pager("evidence/index.html", _led_to("3", "2")), "evidence/index.html", "in order"),
        (
            _pager("evidence/pages/2/index.html", _href_of("3", "https://evil.example/3/")),
            "evidence/pages/2/index.html",
            "in order",
        ),
        (
            _pager("evidence/pages/3/index.html", lambda nav: ""),
            "evidence/pages/3/index.html",
            "lacks its links",
        ),
        (
            _pager(
                "evidence/pages/2/index.html",
                lambda nav: _LINK.sub(lambda m: "" if m[2] == "3" else m[0], nav),
            ),
            "evidence/pages/2/index.html",
            "in order",
        ),
        (
            _pager(
                "evidence/index.html",
                lambda nav: nav.replace("</nav>", '<a href="pages/4/">4</a></nav>'),
            ),
            "evidence/index.html",
            "in order",
        ),
    ],
    ids=["led-to-another-page", "led-to-another-site", "removed", "link-dropped", "link-added"],
)
def test_a_page_of_the_index_links_every_page_in_order(
    paged: Path, tmp_path: Path, tamper: Callable[[Path], None], where: str, says: str
) -> None:
    found = _audited(paged, tmp_path, tamper)
    told = [(f.path, f.code) for f in found if "links to its" in f.message and says in f.message]
    assert told == [(where, "FX612")], [str(f) for f in found]


def test_an_index_of_one_page_has_no_pager(paged: Path, tmp_path: Path) -> None:
    """Read as an index of one page (200 records a page), the first page's pager, whose
    links the script would read rows from, is refused; an index built with one page has
    none (every unpaged site the other tests audit clean)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(library_listing, "INDEX_ROWS", 200)
        found = verify_site(paged)
    told = [(f.path, f.code) for f in found if "links to its" in f.message]
    assert told == [("evidence/index.html", "FX612")]


def _row_link(rel: str, record: str, href: Callable[[str], str]) -> Callable[[Path], None]:
    """The link of ``record``'s ID in its row on ``rel`` made ``href(old)``."""

    def tamper(site: Path) -> None:
        text = (site / rel).read_text("utf-8")
        cell = re.compile(rf'(<td data-label="ID"><a href=")([^"]*)(">{record}</a>)')
        changed, count = cell.subn(lambda m: m[1] + href(m[2]) + m[3], text, count=1)
        assert count == 1, record
        (site / rel).write_text(changed, "utf-8")

    return tamper


@pytest.mark.parametrize(
    ("tamper", "refused"),
    [
        # blind77: a row's ID led a reader checking one record to another's page, or away
        (_row_link("evidence/pages/2/index.html", "R2", lambda h: h.replace("R2", "R3")), "R2"),
        (_row_link("evidence/index.html", "E1", lambda h: "https://evil.example/E1/"), "E1"),
        (_row_link("evidence/index.html", "R1", lambda h: h.replace("R1", "E1")), "R1"),
        # near misses: the same page, written another way
        (_row_link("evidence/index.html", "R1", lambda h: f"{h}index.html"), None),
        (_row_link("evidence/pages/2/index.html", "R3", lambda h: f"{h}#figures"), None),
    ],
    ids=["another-record", "another-site", "first-page-another-record", "index-html", "anchor"],
)
def test_a_rows_record_id_links_its_record_page(
    paged: Path, tmp_path: Path, tamper: Callable[[Path], None], refused: str | None
) -> None:
    found = _audited(paged, tmp_path, tamper)
    told = [f.text for f in found if "not to its record page" in f.message]
    assert told == ([refused] if refused else []), [str(f) for f in found]
    if refused is None:
        assert [f for f in found if f.severity == "error"] == []


def _doubled(rel: str, record: str) -> Callable[[Path], None]:
    def tamper(site: Path) -> None:
        text = (site / rel).read_text("utf-8")
        row = _rows(text)[record]
        (site / rel).write_text(text.replace(row, f"{row}\n{row}", 1), "utf-8")

    return tamper


def _emptied_copy(site: Path) -> None:
    """A fourth page of an index of three, its rows removed: it lists no record, and its
    pager (copied) says it is a page of the index."""
    (site / "evidence/pages/4").mkdir()
    text = (site / "evidence/pages/3/index.html").read_text("utf-8")
    for row in _rows(text).values():
        text = text.replace(row, "")
    (site / "evidence/pages/4/index.html").write_text(text, "utf-8")


@pytest.mark.parametrize(
    ("tamper", "where", "says"),
    [
        # blind77: a record listed twice on its page, or its row copied to another page
        (_doubled("evidence/pages/2/index.html", "R3"), "evidence/pages/2/index.html", "lists record R3 twice"),
        (_doubled("evidence/index.html", "E1"), "evidence/index.html", "lists record E1 twice"),
        # a page past the last, holding no row: its pager is refused
        (_emptied_copy, "evidence/pages/4/index.html", "which it is not"),
    ],
    ids=["doubled", "doubled-on-the-first-page", "empty-page-past-the-last"],
)  # fmt: skip
def test_a_record_listed_twice_or_a_page_posing_as_the_index_is_refused(
    paged: Path, tmp_path: Path, tamper: Callable[[Path], None], where: str, says: str
) -> None:
    found = _audited(paged, tmp_path, tamper)
    assert [(f.path, f.code) for f in found if says in f.message] == [(where, "FX612")], [
        str(f) for f in found
    ]


def test_a_record_lacking_is_placed_at_the_table_and_each_row_has_its_line(
    paged: Path, tmp_path: Path
) -> None:
    """blind77: the finding stood at 1:1, and every row on one line."""
    rel = "evidence/pages/2/index.html"
    found = _audited(paged, tmp_path, _drop(rel, "R3"))
    (lacking,) = [f for f in found if "lacks record R3" in f.message]
    lines = (paged / rel).read_text("utf-8").splitlines()
    assert lines[lacking.line - 1].startswith('<div class="fx-library">')
    rows = [n for n, line in enumerate(lines) if line.startswith("<tr data-fx-label")]
    assert len(rows) == 2 and rows[1] == rows[0] + 1
