"""The home page's hero, the contact button and the consistency section, in-process.

The hero's configuration (``extra.fxsite_hero`` in mkdocs.yml) is refused at its
``mkdocs.yml:line:col`` (FX607), every problem in one run, with near misses
that pass; the layout moves the page's own HTML (title and lead, the buttons
and image, the cards, the estimate note under them). The consistency section
(``evidence-consistency``) lists a broken invariant and a figure its document
does not state, and says so when everything holds.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from fxsite.evidence.library import Library, load_library
from fxsite.pages.blocks import Rendered, render_block
from fxsite.pages.hero_config import Hero, Link, read_hero
from fxsite.pages.judge import judge_rendered
from fxsite.project import Project
from fxsite.project_paths import ProjectPaths
from fxsite.render.hero import fill_contact, hero_layout

CONFIG = "mkdocs.yml"
HEAD = "site_name: Demo\nextra:\n  fxsite_hero:\n"


def _docs(tmp_path: Path) -> Path:
    docs = tmp_path / "docs"
    (docs / "assets").mkdir(parents=True)
    (docs / "index.md").write_text("# Home\n")
    (docs / "joint-testing.md").write_text("# Joint testing\n")
    (docs / "assets" / "fx.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    # Files beside docs/, which a hero must not reach.
    (tmp_path / "x.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    (tmp_path / "README.md").write_text("# Not a page\n")
    return docs


def _read(tmp_path: Path, body: str) -> tuple[Hero | None, list[tuple[int, int, str, str]]]:
    hero, findings = read_hero(HEAD + body, CONFIG, _docs(tmp_path))
    return hero, [(f.line, f.col, f.code, f.message) for f in findings]


# (name, the lines under fxsite_hero (from line 4), where the finding points, words it holds)
REFUSED = [
    ("not a mapping", "    yes\n", "yes", "is a mapping of image"),
    ("unknown key", "    imag: assets/fx.svg\n", "imag", "did you mean 'image'"),
    ("image missing", "    image: assets/none.png\n    image_alt: A\n", "assets", "not a file"),
    ("not an image", "    image: index.md\n    image_alt: A\n", "index.md", "not an image file"),
    ("image escapes docs", "    image: ../x.svg\n    image_alt: A\n", "../x", "not a file"),
    ("absolute image", "    image: /etc/x.svg\n    image_alt: A\n", "/etc", "not a file"),
    ("image without alt", "    image: assets/fx.svg\n", "assets", "needs image_alt"),
    ("alt without image", "    image_alt: A picture\n", "A picture", "without an image"),
    ("cta without href", "    cta: {text: Go}\n", "{text", "needs href"),
    (
        "cta unknown key",
        "    cta: {text: Go, href: index.md, url: x}\n",
        "url",
        "unknown key 'url'",
    ),
    (
        "script href",
        "    cta: {text: Go, href: 'javascript:alert(1)'}\n",
        "javascript",
        "is a page",
    ),
    ("missing page", "    cta: {text: Go, href: nowhere.md}\n", "nowhere", "not a file"),
    ("page outside docs", "    cta: {text: Go, href: ../README.md}\n", "../R", "not a file"),
    ("a number as text", "    cta: {text: 5, href: index.md}\n", "5", "is a line of text"),
    ("empty text", "    cta: {text: '', href: index.md}\n", "', href", "is a line of text"),
    ("long text", f"    contact: {{text: {'word ' * 13}, href: index.md}}\n", "word", "longer"),
    (
        "mailto without @",
        "    contact: {text: Mail, href: 'mailto:sales'}\n",
        "mailto",
        "is a page",
    ),
    ("contact a list", "    contact: [Mail, index.md]\n", "[", "is a mapping of text, href"),
]


@pytest.mark.parametrize(
    ("body", "at", "says"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED]
)
def test_a_bad_hero_is_refused_at_its_line(tmp_path: Path, body: str, at: str, says: str) -> None:
    _, findings = _read(tmp_path, body)
    col = body.index(at) + 1
    assert [(line, col, code) for line, col, code, _ in findings] == [(4, col, "FX607")]
    assert says in findings[0][3]


# (name, lines under fxsite_hero) that pass
PASSED = [
    ("image and alt", "    image: assets/fx.svg\n    image_alt: The array\n"),
    ("page with anchor", "    cta: {text: Go, href: 'joint-testing.md#contact'}\n"),
    ("https", "    cta: {text: Go, href: 'https://fx.example.com/contact'}\n"),
    ("mailto", "    contact: {text: Mail us, href: 'mailto:fx@fx.example.com'}\n"),
    ("tel", "    contact: {text: Call us, href: 'tel:+86 10 1234 5678'}\n"),
    ("empty mapping", "    {}\n"),
]


@pytest.mark.parametrize("body", [r[1] for r in PASSED], ids=[r[0] for r in PASSED])
def test_a_good_hero_passes(tmp_path: Path, body: str) -> None:
    hero, findings = _read(tmp_path, body)
    assert findings == []
    assert hero is not None


def test_every_problem_is_reported_in_one_run(tmp_path: Path) -> None:
    body = (
        "    image: assets/none.svg\n"
        "    image_alt: A\n"
        "    cta: {text: Go, href: nowhere.md}\n"
        "    contact: {text: Mail, href: 'ftp://x'}\n"
        "    colour: blue\n"
    )
    _, findings = _read(tmp_path, body)
    assert [(line, code) for line, _, code, _ in findings] == [
        (4, "FX607"),
        (6, "FX607"),
        (7, "FX607"),
        (8, "FX607"),
    ]


def test_no_hero_configured_is_no_hero(tmp_path: Path) -> None:
    assert read_hero("site_name: Demo\nextra: {generator: false}\n", CONFIG, _docs(tmp_path)) == (
        None,
        [],
    )


def _project(tmp_path: Path, config: str) -> Project:
    docs = _docs(tmp_path)
    (tmp_path / "evidence").mkdir()
    # Material without Google Fonts, after the lines the tests place findings at.
    (tmp_path / CONFIG).write_text(config + "theme: {name: material, font: false}\n")
    return Project(ProjectPaths(root=tmp_path, docs_dir=docs, evidence_dir=tmp_path / "evidence"))


def test_check_and_build_report_the_hero_at_its_line_in_mkdocs_yml(tmp_path: Path) -> None:
    config = HEAD + "    cta: {text: 2x faster saves, href: nowhere.md}\n"
    findings = _project(tmp_path, config).config_findings()
    # The text is a string the theme shows (a bare figure); the href is the hero's.
    assert sorted((f.path, f.line, f.code) for f in findings) == [
        (CONFIG, 4, "FX501"),
        (CONFIG, 4, "FX607"),
    ]


def test_the_project_reads_its_hero(tmp_path: Path) -> None:
    config = HEAD + "    contact: {text: Mail us, href: 'mailto:fx@fx.example.com'}\n"
    hero = _project(tmp_path, config).hero()
    assert hero == Hero(contact=Link("Mail us", "mailto:fx@fx.example.com", page=False))


# The layout: a page's rendered HTML as the build gives it to the template.
PAGE = (
    '<h1 id="home">Shorter bubbles</h1>\n<p>The lead.</p>\n'
    '<p class="fx-estimate-note">Figures marked est. are estimates.</p>\n'
    '<div class="fx-stats"><div class="fx-stat"><span>a</span></div>'
    '<div class="fx-stat"><span>b</span></div></div>\n'
    '<h2 id="more">More</h2>\n<p>Body.</p>'
)
HERO = Hero(
    image="assets/fx.svg",
    image_alt="The array",
    cta=Link("Plan a joint test", "joint-testing.md#gates", page=True),
    contact=Link("Contact us", "mailto:fx@fx.example.com", page=False),
)


def _block(kind: str, text: str, first_line: int, library: Library) -> Rendered:
    """A fenced block of ``docs/page.md`` whose content starts at 0-based ``first_line``."""
    return render_block(kind, text, "docs/page.md", first_line, library, _href, "chart-0")


def _href(record: str, anchor: str) -> str:
    return f"/e/{record}/#{anchor}"


def _resolve(target: str) -> str:
    return "../" + target.replace(".md", "/")


def _order(html: str, *needles: str) -> list[int]:
    return [html.index(n) for n in needles]


def test_the_hero_holds_title_lead_buttons_image_cards_then_the_note() -> None:
    out = hero_layout(PAGE, HERO, _resolve)
    hero, _, rest = out.partition("</section>")
    needles = ("<h1", "The lead.", "Plan a joint test", "Contact us", "<img", "fx-stats", "est.")
    positions = _order(hero, *needles)
    assert positions == sorted(positions)
    assert 'href="../joint-testing/#gates"' in hero
    assert 'href="mailto:fx@fx.example.com"' in hero
    assert 'src="../assets/fx.svg" alt="The array"' in hero
    assert '<div class="fx-hero-footnote"><p class="fx-estimate-note">' in hero
    assert hero.count("fx-estimate-note") == 1
    assert rest.lstrip().startswith('<h2 id="more">')
    # nothing lost, nothing added but the buttons' words
    assert sorted(_words(out).split()) == sorted(
        [*_words(PAGE).split(), *["Plan", "a", "joint", "test", "Contact", "us"]]
    )


@pytest.mark.parametrize(
    ("page", "hero", "absent"),
    [
        (PAGE, Hero(), ("<img", "fx-hero-actions")),
        (PAGE.replace("fx-estimate-note", "fx-other"), HERO, ("fx-hero-footnote",)),
        (re.sub(r'<div class="fx-stats">.*?</div></div>\n', "", PAGE), HERO, ("fx-stats",)),
    ],
    ids=["no hero configured", "no estimate note", "no cards"],
)
def test_the_hero_shows_only_what_the_page_and_config_have(
    page: str, hero: Hero, absent: tuple[str, ...]
) -> None:
    out = hero_layout(page, hero, _resolve)
    assert out.startswith('<section class="fx-hero">')
    assert "<h1" in out.partition("</section>")[0]
    assert all(a not in out for a in absent)


def test_a_contact_block_is_filled_with_the_configured_contact() -> None:
    html, _, _ = _block("fxsite-contact", "", 11, Library())
    filled, empty = fill_contact(html, HERO, _resolve)
    assert '<a class="md-button md-button--primary" href="mailto:fx@fx.example.com">' in filled
    assert empty == []
    unfilled, empty = fill_contact(html, Hero(), _resolve)
    assert unfilled.strip() == ""
    assert empty == [11]


def test_a_contact_block_with_content_is_refused_at_its_line() -> None:
    _, _, findings = _block("fxsite-contact", "\n  Mail us", 11, Library())
    assert [(f.line, f.col, f.code) for f in findings] == [(13, 3, "FX604")]


# The consistency section.
RECORD = """id: R1
title: Checkpoint write
label: measured
status: active
source:
  document: R1.txt
  sha256: {sha}
figures:
  size: {{value: 65.6, unit: GB}}
  save: {{value: 94, unit: s}}
  bw: {{value: 0.698, unit: GB/s}}
  peak: {{value: 6.40, unit: GB/s}}
invariants:
  - expr: size / save
    equals: bw
    within: {within}
"""


def _library(tmp_path: Path, document: str, within: str) -> Library:
    evidence = tmp_path / "evidence"
    evidence.mkdir()
    data = document.encode()
    (evidence / "R1.txt").write_bytes(data)
    sha = hashlib.sha256(data).hexdigest()
    (evidence / "R1.yaml").write_text(RECORD.format(sha=sha, within=within))
    return load_library(evidence, tmp_path)


def _section(library: Library) -> str:
    html, claims, findings = _block("evidence-consistency", "", 20, library)
    assert (claims, findings) == ([], [])
    return html


def _words(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_section_names_a_broken_invariant_and_a_figure_not_in_its_document(
    tmp_path: Path,
) -> None:
    library = _library(tmp_path, "snapshot 65.6 GB saved in 94 s at 0.698 GB/s", "0.001%")
    html = _section(library)
    words = _words(html)
    assert "0 of 1 invariant holds" in words
    assert "3 of 4 figures were found in their report documents" in words
    assert "R1 : size / save equals bw does not hold" in words
    assert "R1 peak is not stated in R1.txt" in words
    assert 'href="/e/R1/#peak"' in html
    assert 'href="/e/R1/#fx-invariants"' in html
    # What a reader sees passes the page rules: counts, no bare figure.
    assert judge_rendered(html, "docs/verify.md", library) == []


def test_the_section_says_so_when_everything_holds(tmp_path: Path) -> None:
    library = _library(
        tmp_path, "snapshot 65.6 GB saved in 94 s at 0.698 GB/s, peak 6.4 GB/s", "0.5%"
    )
    words = _words(_section(library))
    assert "1 of 1 invariant holds" in words
    assert "4 of 4 figures were found in their report documents" in words
    assert "Every invariant holds, and every figure looked for was found" in words
    assert "does not hold" not in words and "is not stated" not in words


def test_the_section_of_a_library_without_invariants_or_documents(tmp_path: Path) -> None:
    evidence = tmp_path / "evidence"
    evidence.mkdir()
    record = "id: R2\ntitle: T\nlabel: spec\nstatus: active\nfigures:\n  x: {value: 1, unit: s}\n"
    (evidence / "R2.yaml").write_text(record)
    words = _words(_section(load_library(evidence, tmp_path)))
    assert words == "No record declares an invariant or a report document."


def test_the_section_claims_no_clean_bill_for_what_was_not_checked(tmp_path: Path) -> None:
    """blind64: a document that cannot be read left nothing looked for, and the section said
    "every figure looked for was found"; a retracted record's invariant was counted."""
    library = _library(tmp_path, "", "0.5%")  # a document with no text: nothing looked for
    words = _words(_section(library))
    assert "1 of 1 invariant holds ; no figure was looked for" in words
    assert words.endswith("Every invariant holds.")  # not "and every figure … was found"
    retracted = tmp_path / "evidence" / "R1.yaml"
    retracted.write_text(retracted.read_text().replace("status: active", "status: retracted"))
    words = _words(_section(load_library(tmp_path / "evidence", tmp_path)))
    assert words == "No record declares an invariant or a report document."


def test_the_section_on_a_chinese_page_is_in_chinese(tmp_path: Path) -> None:
    """blind64: a Chinese page's consistency section was in English."""
    library = _library(tmp_path, "snapshot 65.6 GB saved in 94 s at 0.698 GB/s", "0.001%")
    html, claims, findings = render_block(
        "evidence-consistency", "", "docs/zh/page.md", 20, library, _href, "chart-0", lang="zh"
    )
    assert (claims, findings) == ([], [])
    words = _words(html)
    for said in (
        "1 个不变式中 0 个成立",
        "4 个数字中 3 个在其报告文件中找到",
        "记录 不变式 报告文件",
        "1 个中 0 个成立",
        "在 R1.txt 中找到 4 个中的 3 个",
        "size / save 等于 bw ，不成立",
        "R1 peak 未在 R1.txt 中写明",
    ):
        assert said in words, (said, words)
    assert not re.search(r"[a-z]{4,}", re.sub(r"<code>.*?</code>|<[^>]+>", " ", html)), words
    assert judge_rendered(html, "docs/zh/page.md", library) == []


def test_a_consistency_block_with_content_is_refused_at_its_line() -> None:
    _, _, findings = _block("evidence-consistency", "records: all", 20, Library())
    assert [(f.line, f.col, f.code) for f in findings] == [(21, 1, "FX604")]


@pytest.mark.parametrize(
    ("hero", "warned"),
    [
        ("", True),
        ("    cta: {text: Go, href: index.md}\n", True),
        ("    contact: {text: Mail us, href: 'mailto:fx@fx.example.com'}\n", False),
    ],
    ids=["no hero", "a hero without contact", "a contact"],
)
def test_check_warns_of_a_contact_block_with_no_contact_configured(
    tmp_path: Path, hero: str, warned: bool
) -> None:
    config = f"{HEAD}{hero}" if hero else "site_name: Demo\n"
    project = _project(tmp_path, config)
    (tmp_path / "docs" / "joint-testing.md").write_text(
        "# Joint testing\n\nWrite to us.\n\n```fxsite-contact\n```\n"
    )
    found = [(f.path, f.line, f.code, f.severity) for f in project.check() if f.code == "FX607"]
    assert found == ([("docs/joint-testing.md", 5, "FX607", "warning")] if warned else [])
