"""The audit recomputes what a record page shows about its invariants.

A record page shows each invariant with its numbers, how far apart they are and
a pass mark ("✓ holds"). The audit renders the same section from the published
``evidence.json`` (whose invariants the library recomputes) and refuses a page
that shows other numbers, another mark, or more or fewer invariants. Each attack
is one row applied to the demo's own R1 page (read in-process, milliseconds);
the near misses must pass; one attack goes through the whole audit.

Last, a report document published with the site: its figures are the record's
evidence, not bare text, only at the path the build gives it and only with the
bytes its record hashed.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from sitekit import fxsite_here, sub

from fxsite.evidence.library import Library, library_from_published, load_library
from fxsite.render.exports import loads
from fxsite.render.library_pages import record_page_markdown
from fxsite.verify import verify_site
from fxsite.verify.audit import _documents
from fxsite.verify.markers import marker_problems
from fxsite.verify.visible import page_text

R1 = "evidence/R1/index.html"
E1 = "evidence/E1/index.html"
ROW = r'<tr class="fx-invariant fx-invariant--holds">.*?</tr>'
SECTION = r'<div class="fx-invariants fx-sheet">.*?</table></div>'


def swap_rows(html: str) -> str:
    first, second = list(re.finditer(ROW, html, flags=re.DOTALL))[:2]
    a, b = first.group(0), second.group(0)
    return html[: first.start()] + b + html[first.end() : second.start()] + a + html[second.end() :]


def repeat_row(html: str) -> str:
    row = re.search(ROW, html, flags=re.DOTALL)
    assert row is not None
    return html[: row.end()] + row.group(0) + html[row.end() :]


def hide_and_add(html: str) -> str:
    """The first row again before it, hidden: a reader of the source still sees it."""
    row = re.search(ROW, html, flags=re.DOTALL)
    assert row is not None
    hidden = row.group(0).replace("<tr ", "<tr hidden ", 1)
    return html[: row.start()] + hidden + html[row.start() :]


ATTACKS = [
    ("pass mark's words", sub(r'(aria-hidden="true">✓</span> )holds', r"\1fails")),
    ("pass mark's sign", sub(r'(<span class="fx-mark-holds" aria-hidden="true">)✓', r"\1✗")),
    (
        "row's class",
        sub(r'"fx-invariant fx-invariant--holds"', '"fx-invariant fx-invariant--fails"'),
    ),
    ("computed number", sub(r"<code>1\.963×</code>", "<code>1.90×</code>")),
    ("how far apart", sub(r"<code>3\.67%</code>", "<code>0.50%</code>")),
    ("tolerance", sub(r"<code>5%</code>", "<code>50%</code>")),
    (
        "input number",
        sub(r'(--holds">.*?"#bandwidth_fx100" title="[^"]*">)6\.40(\s)GB/s', r"\g<1>6.50\2GB/s"),
    ),
    (
        "figure it must equal",
        sub(
            r'(title="Snapshot save speed-up, FX100 over baseline">)1\.9×(</a></td>)',
            r"\g<1>2.0×\2",
        ),
    ),
    ("why", sub(r"(<div class='fx-why'>)The source", r"\1Not 65.6 GB in 94 s: the source")),
    ("an invariant removed", sub(ROW, "")),
    ("the section removed", sub(SECTION, "")),
    ("the section's class renamed", sub(r'"fx-invariants fx-sheet"', '"fx-sheet"')),
    ("every class renamed", lambda html: re.sub(r'"fx-invariants? ', '"', html)),
    ("an invariant added", repeat_row),
    ("an invariant hidden and added", hide_and_add),
    ("two invariants swapped", swap_rows),
]

NEAR_MISSES = [
    ("untouched", lambda html: html),
    ("quotes of an attribute", sub(r"<th scope='col'>Computed", '<th scope="col">Computed')),
    (
        "attributes reordered",
        sub(
            r'<td class="fx-meta" data-label="Compared with">',
            '<td data-label="Compared with" class="fx-meta">',
        ),
    ),
]


@pytest.fixture(scope="module")
def published(demo_site: Path) -> Library:
    records = loads((demo_site / "evidence.json").read_text(encoding="utf-8"))["records"]
    return library_from_published(records)


def invariant_problems(html: str, library: Library) -> list[str]:
    return [m for m, _ in marker_problems(page_text(html), library) if "invariant" in m]


@pytest.mark.parametrize("attack", ATTACKS, ids=lambda a: a[0])
def test_tampered_invariants_are_refused(
    attack: tuple[str, Callable[[str], str]], demo_site: Path, published: Library
) -> None:
    html = (demo_site / R1).read_text(encoding="utf-8")
    tampered = attack[1](html)
    assert tampered != html
    assert invariant_problems(tampered, published)


@pytest.mark.parametrize("change", NEAR_MISSES, ids=lambda c: c[0])
def test_untampered_invariants_pass(
    change: tuple[str, Callable[[str], str]], demo_site: Path, published: Library
) -> None:
    html = (demo_site / R1).read_text(encoding="utf-8")
    assert marker_problems(page_text(change[1](html)), published) == []


def test_a_record_without_invariants_shows_none(demo_site: Path, published: Library) -> None:
    """E1 declares no invariant: R1's section copied onto its page is refused."""
    page = (demo_site / E1).read_text(encoding="utf-8")
    assert marker_problems(page_text(page), published) == []
    section = re.search(SECTION, (demo_site / R1).read_text(encoding="utf-8"), flags=re.DOTALL)
    assert section is not None
    copied = page.replace("</article>", section.group(0) + "</article>", 1)
    assert copied != page
    assert invariant_problems(copied, published) == [
        "record E1: the page shows 5 invariant rows; its evidence renders 0"
    ]


def test_the_message_gives_what_the_evidence_computes(demo_site: Path, published: Library) -> None:
    html = sub(r"<code>3\.67%</code>", "<code>0.50%</code>")(
        (demo_site / R1).read_text(encoding="utf-8")
    )
    assert invariant_problems(html, published) == [
        "record R1: the invariant 'bandwidth_fx100 ÷ bandwidth_baseline = save_speedup' "
        "differs from what its evidence computes (= 1.963×, apart 3.67%, holds)"
    ]


def test_the_audit_refuses_a_tampered_pass_mark(demo_site: Path, tmp_path: Path) -> None:
    site = Path(shutil.copytree(demo_site, tmp_path / "site", symlinks=True))
    page = site / R1
    page.write_text(ATTACKS[0][1](page.read_text(encoding="utf-8")), encoding="utf-8")
    found = [(f.path, f.code) for f in verify_site(site) if "invariant" in f.message]
    assert found == [(R1, "FX612")]


R2_CROSS = """id: R2
title: T
label: spec
status: active
figures:
  t: {value: 94, unit: s}
invariants:
  - expr: R1.t * 2
    equals: t
    within: 5%
"""
R1_OTHER = "id: R1\ntitle: T\nlabel: spec\nstatus: {status}\n{successor}figures:\n  t: {{value: 47, unit: s}}\n"
R3 = "id: R3\ntitle: T\nlabel: spec\nstatus: active\nfigures:\n  t: {value: 47, unit: s}\n"


def _href(record: str, anchor: str) -> str:
    return f"../{record}/#{anchor}" if anchor else f"../{record}/"


@pytest.mark.parametrize(
    ("status", "successor"), [("active", ""), ("superseded", "superseded_by: R3\n")]
)
def test_another_records_input_passes(tmp_path: Path, status: str, successor: str) -> None:
    """An input of another record is a claim, or a plain link when that record is superseded."""
    evidence = tmp_path / "evidence"
    evidence.mkdir()
    (evidence / "R1.yaml").write_text(R1_OTHER.format(status=status, successor=successor))
    (evidence / "R2.yaml").write_text(R2_CROSS)
    (evidence / "R3.yaml").write_text(R3)
    library = load_library(evidence, tmp_path)
    assert [f for f in library.findings if f.severity == "error"] == []
    html = record_page_markdown("R2", library, _href, "R2.json").split("\n", 1)[1]
    assert "fx-invariant--holds" in html and 'href="../R1/#t"' in html
    assert marker_problems(page_text(html), library) == []
    tampered = sub(r"= <code>[^<]*</code>", "= <code>95 s</code>")(html)
    assert invariant_problems(tampered, library)


R9_DOC = "documents/reports/R9.txt"
SHA = "  sha256: 04c8a3e67086bd0df93c687615acc6a33a9e9add7690b2de32115fcc7dfe1d43\n"


@pytest.fixture(scope="module")
def document_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo built with R9 publishing its report document (reports/R9.txt)."""
    root = Path(__file__).resolve().parent.parent
    project = tmp_path_factory.mktemp("documents")
    for name in ("docs", "evidence"):
        shutil.copytree(root / name, project / name)
    shutil.copy(root / "mkdocs.yml", project / "mkdocs.yml")
    record = project / "evidence" / "R9.yaml"
    text = record.read_text(encoding="utf-8")
    assert text.count(SHA) == 1
    record.write_text(text.replace(SHA, SHA + "  publish_document: true\n"), encoding="utf-8")
    proc = fxsite_here("build", str(project), cwd=project)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return project / "site"


def bare(site: Path) -> list[tuple[str, str]]:
    return [(f.path, f.code) for f in verify_site(site) if f.severity == "error"]


def test_a_published_document_states_its_figures(document_site: Path) -> None:
    """The near miss: R9.txt states 6.2–9.3x (and 1.9x) as its record hashed it."""
    assert "6.2–9.3x" in (document_site / R9_DOC).read_text(encoding="utf-8")
    assert bare(document_site) == []


def _changed(site: Path) -> None:
    path = site / R9_DOC
    path.write_text(path.read_text(encoding="utf-8").replace("6.2–9.3x", "6.2–19.3x"), "utf-8")


def _elsewhere(site: Path) -> None:
    shutil.copy(site / R9_DOC, site / "documents" / "R9.txt")


def _linked(site: Path) -> None:
    outside = site.parent / "R9.txt"
    shutil.copy(site / R9_DOC, outside)
    (site / R9_DOC).unlink()
    (site / R9_DOC).symlink_to(outside)


DOCUMENT_ATTACKS = [
    ("the document edited", _changed, (R9_DOC, "FX501")),
    ("its bytes at another path", _elsewhere, ("documents/R9.txt", "FX501")),
    ("a link to its bytes outside the site", _linked, (R9_DOC, "FX614")),
]


@pytest.mark.parametrize("attack", DOCUMENT_ATTACKS, ids=lambda a: a[0])
def test_a_document_not_as_hashed_is_read(
    attack: tuple[str, Callable[[Path], None], tuple[str, str]],
    document_site: Path,
    tmp_path: Path,
) -> None:
    site = Path(shutil.copytree(document_site, tmp_path / "site", symlinks=True))
    attack[1](site)
    assert attack[2] in bare(site)


def test_an_unpublished_document_is_read(demo_site: Path, tmp_path: Path) -> None:
    """The demo does not publish R9's document: the same bytes at its path are bare text."""
    site = Path(shutil.copytree(demo_site, tmp_path / "site", symlinks=True))
    root = Path(__file__).resolve().parent.parent
    (site / "documents" / "reports").mkdir(parents=True)
    shutil.copy(root / "evidence" / "reports" / "R9.txt", site / R9_DOC)
    assert (R9_DOC, "FX501") in bare(site)


DOC_RECORD = "id: R1\ntitle: T\nlabel: spec\nstatus: active\nsource:\n  document: {doc}\n{more}"


@pytest.mark.parametrize(
    ("doc", "more", "listed"),
    [
        ("r.txt", SHA + "  publish_document: true\n", ["documents/r.txt"]),
        ("r.csv", SHA + "  publish_document: true\n", ["documents/r.csv"]),
        ("r.txt", "  publish_document: true\n", []),  # no hash to hold it to
        ("r.txt", SHA, []),  # not published
        ("r.html", SHA + "  publish_document: true\n", []),  # a page, read as pages are
        ("r.svg", SHA + "  publish_document: true\n", []),
    ],
)
def test_which_documents_are_held_to_their_hash(
    tmp_path: Path, doc: str, more: str, listed: list[str]
) -> None:
    evidence = tmp_path / "evidence"
    evidence.mkdir()
    (evidence / doc).write_text("a report\n", encoding="utf-8")
    body = DOC_RECORD.format(doc=doc, more=more) + "figures:\n  t: {value: 94, unit: s}\n"
    (evidence / "R1.yaml").write_text(body, encoding="utf-8")
    library = load_library(evidence, tmp_path)
    assert list(_documents(library)) == listed


def test_the_unrounded_values_are_shown_and_checked(demo_site: Path, published: Library) -> None:
    """blind63: "100 − 100 ÷ 1.9× = 47.19%" did not add up as shown; the derived figures an
    invariant reads are listed as the arithmetic uses them, and the audit renders the list
    again: an edited value is refused, the published one passes."""
    html = (demo_site / "evidence" / "R1" / "index.html").read_text(encoding="utf-8")
    assert "<code>R1#save_speedup = 1.8936×</code>" in html
    assert marker_problems(page_text(html), published) == []
    edited = html.replace("R1#save_speedup = 1.8936×", "R1#save_speedup = 2.5000×", 1)
    told = [m for m, _ in marker_problems(page_text(edited), published)]
    assert told == ["record R1: the unrounded values differ from the evidence's"]
    removed = re.sub(r"<p class='fx-meta fx-unrounded'>.*?</p>", "", html, count=1, flags=re.S)
    assert [m for m, _ in marker_problems(page_text(removed), published)] == told


@pytest.mark.parametrize(
    ("value", "decimals", "rounded"),
    [("1.8936", 1, True), ("1.9", 1, False), ("1.900", 1, False), ("2", 0, False), ("1E+3", 0, False),
     ("123456789012345678901234567890.123", 1, True), ("0.5000000000000000000000000000001", 1, True)],
)  # fmt: skip
def test_a_value_shown_rounded_is_told_by_its_digits(
    value: str, decimals: int, rounded: bool
) -> None:
    """No arithmetic context: a published value of 30 digits raised InvalidOperation."""
    from decimal import Decimal

    from fxsite.render.record_sheet import _rounded

    assert _rounded(Decimal(value), decimals) is rounded
