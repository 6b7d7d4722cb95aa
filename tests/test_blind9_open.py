"""What the theme draws beside the text, and Chinese forms, the build published (issue 20,
blind tester 9, the last six findings).

* Icons Material draws side by side are read together, in drawing order, at the first
  icon's setting in ``mkdocs.yml``: the footer's ``extra.social`` icons ("9 S"), the
  header's (a palette toggle's, ``theme.icon.alternate``, ``theme.icon.search``,
  ``theme.icon.repo`` before the repository's name), and ``theme.icon.menu``, which a
  narrow screen draws before the site's name in the logo's place.
* The logo image (``theme.logo``) is drawn in the logo icon's place: an SVG file is read
  as the text it draws ("95"), with the site's name after it ("95 s per save on NFS"),
  at ``theme.logo``'s line.
* An image in a page draws its SVG file's text in its box, in the line: ``Each save took
  ![](n.svg){ width=20 } s`` where n.svg draws "95" shows "Each save took 95 s", refused
  at the image, in check, the build's gate and ``fxsite audit`` alike (a Markdown
  image's source from the page's file, as MkDocs writes it; a raw ``<img>``'s from the
  page's published place; an SVG in a ``data:`` URL alike).
* Chinese figures in forms the reader drew as figures: superscript digits glued between
  Chinese words ("耗时⁹⁵秒"; a mark after a number's unit stays a mark), a numeral and its
  unit with a space between ("九十六 秒"), 百分之 and 千分之 before digits ("百分之97").

In-process rows: a configuration or a page in, ``(code, line, col)`` out (the rules
``fxsite check``, the build and its gate share).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from sitekit import (
    check_and_build,
    finding_lines,
    fixture_renderer,
    fxsite_here,
    href_for,
    library,
    rows_site,
    sentence_errors,
)

from fxsite.evidence.library import Library
from fxsite.markdown import render_page
from fxsite.pages.config_text import config_findings
from fxsite.pages.page import process_page
from fxsite.verify.audit import verify_site
from fxsite.verify.images import markdown_images
from fxsite.verify.sheets import SheetFiles


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


def _config(
    config: str, lib: Library, image: Callable[[str], str | None] | None = None
) -> list[tuple[str, int, int]]:
    found = config_findings(config, "mkdocs.yml", lib, image=image)
    return sorted((f.code, f.line, f.col) for f in found)


MATERIAL = "site_name: Mini\ntheme:\n  name: material\n"


def _social(*icons: str) -> str:
    links = "".join(f"    - icon: {i}\n      link: https://a.example.com/\n" for i in icons)
    return MATERIAL + "extra:\n  social:\n" + links


def _palette(*toggles: str, icons: str = "", extra: str = "", top: str = "") -> str:
    schemes = "".join(f"    - toggle:\n        icon: {t}\n        name: N\n" for t in toggles)
    icon = f"  icon:\n{icons}" if icons else ""
    return MATERIAL + icon + "  palette:\n" + schemes + extra + top


ALTERNATE = "extra:\n  alternate:\n    - {name: English, link: ./, lang: en}\n"

# (name, mkdocs.yml, [(line, col)] of FX501)
DRAWN_TOGETHER = [
    # the footer's social icons, side by side
    ("social: 9 then S", _social("material/numeric-9", "material/alpha-s-box"), [(6, 13)]),
    (
        "social: a picture icon between adds no text",
        _social("material/numeric-9", "fontawesome/brands/github", "material/alpha-s"),
        [(6, 13)],
    ),
    (
        "social: the figure at the icon that starts it",
        _social("fontawesome/brands/github", "material/numeric-5", "material/percent"),
        [(8, 13)],
    ),
    ("near miss: social, S then 9", _social("material/alpha-s-box", "material/numeric-9"), []),
    ("near miss: social, a digit alone", _social("material/numeric-9", "simple/github"), []),
    (
        "near miss: social, not Material",
        _social("material/numeric-9", "material/alpha-s").replace("material\n", "mkdocs\n", 1),
        [],
    ),
    # the header's icons: a palette toggle's, then the language selector's
    (
        "header: toggle 9 then alternate S",
        _palette("material/numeric-9", icons="    alternate: material/alpha-s-box\n") + ALTERNATE,
        [(8, 15)],
    ),
    (
        "header: each toggle, one at a time",
        _palette(
            "material/numeric-9",
            "material/numeric-8",
            icons="    alternate: material/alpha-s-box\n",
        )
        + ALTERNATE,
        [(8, 15), (11, 15)],
    ),
    (
        "header: toggle then search",
        _palette("material/numeric-9", icons="    search: material/alpha-s\n"),
        [(8, 15)],
    ),
    (
        "header: toggle then the repository's name",
        _palette(
            "material/numeric-9", top="repo_url: https://x.example.com/\nrepo_name: s a save\n"
        ),
        [(6, 15)],
    ),
    (
        "near miss: header, no extra.alternate",
        _palette("material/numeric-9", icons="    alternate: material/alpha-s-box\n"),
        [],
    ),
    (
        "near miss: header, no search plugin",
        _palette("material/numeric-9", icons="    search: material/alpha-s\n", top="plugins: []\n"),
        [],
    ),
    (
        "near miss: header, a palette mapping draws no toggle",
        MATERIAL + "  icon:\n    alternate: material/alpha-s-box\n  palette:\n    toggle:\n"
        "      icon: material/numeric-9\n" + ALTERNATE,
        [],
    ),
    (
        "near miss: header, a repository name with no unit",
        _palette("material/numeric-9", top="repo_url: https://x.example.com/\nrepo_name: acme\n"),
        [],
    ),
    # the menu button, before the site's name on a narrow screen
    (
        "menu icon before the site's name",
        "site_name: s per save on NFS\ntheme:\n  name: material\n  icon:\n"
        "    menu: material/numeric-9\n",
        [(5, 11)],
    ),
    (
        "menu icon, a logo image does not hide it",
        "site_name: s per save\ntheme:\n  name: material\n  logo: a.png\n  icon:\n"
        "    menu: material/numeric-9\n",
        [(6, 11)],
    ),
    (
        "near miss: menu icon before a name with no unit",
        "site_name: Saves on NFS\ntheme:\n  name: material\n  icon:\n    menu: material/numeric-9\n",
        [],
    ),
]


@pytest.mark.parametrize(
    ("config", "expected"), [r[1:] for r in DRAWN_TOGETHER], ids=[r[0] for r in DRAWN_TOGETHER]
)
def test_icons_drawn_side_by_side_are_read_together(
    config: str, expected: list[tuple[int, int]], lib: Library
) -> None:
    assert _config(config, lib) == [("FX501", *at) for at in expected]


# -- Chinese forms ------------------------------------------------------------------------------

# (name, line 3 of a page, the column of each bare figure on it)
ZH_FORMS = [
    ("superscript digits before 秒", "每次保存耗时⁹⁵秒。", [7]),
    ("superscripts after a number's unit are its mark", "保存耗时94秒¹见下。", [5]),
    ("a numeral, a space, its unit", "每次保存耗时九十六 秒。", [7]),
    ("a numeral, a no-break space, its unit", "每次保存耗时九十六\u00a0秒。", [7]),
    ("百分之 before digits", "保存速度提升了百分之97。", [8]),
    ("百分之 before a decimal", "保存速度提升了百分之9.5。", [8]),
    ("千分之 before digits", "不良率为千分之3。", [5]),
    ("near miss: a footnote mark after a word", "根据测试¹，保存很快。", []),
    ("near miss: a footnote mark between words", "参见注释²表明。", []),
    ("near miss: 一天 with a space is still the idiom", "保存耗时一 天。", []),
    ("near miss: 百分之 before no number", "百分之说法。", []),
]


@pytest.mark.parametrize(("line", "cols"), [r[1:] for r in ZH_FORMS], ids=[r[0] for r in ZH_FORMS])
def test_chinese_forms_are_read_as_drawn(line: str, cols: list[int], lib: Library) -> None:
    assert sentence_errors(line, lib) == [("FX501", 3, c) for c in cols]


# -- the logo image before the site's name --------------------------------------------------------

#: What the images of the rows' sites draw, by site path.
DRAWN = {"assets/logo.svg": "95", "assets/blank.svg": "", "assets/word.svg": "FX"}


def _logo(name: str, logo: str = "assets/logo.svg", extra: str = "") -> str:
    return f"site_name: {name}\ntheme:\n  name: material\n  logo: {logo}\n" + extra


# (name, mkdocs.yml, [(line, col)] of FX501)
LOGOS = [
    ("an SVG logo's digits before the site's name", _logo("s per save on NFS"), [(4, 9)]),
    (
        "before the site's name in another language",
        _logo(
            "Saves", extra="extra:\n  fxsite_translations:\n    zh:\n      site_name: 秒每次保存\n"
        ),
        [(4, 9)],
    ),
    (
        "the logo image over a logo icon",
        _logo("s per save", extra="  icon:\n    logo: material/library\n"),
        [(4, 9)],
    ),
    ("near miss: a site name without a unit", _logo("Saves on NFS"), []),
    ("near miss: a logo drawing no text", _logo("s per save", "assets/blank.svg"), []),
    ("near miss: a logo drawing a word", _logo("s per save", "assets/word.svg"), []),
    ("near miss: a logo not read (a PNG)", _logo("s per save", "assets/logo.png"), []),
]


@pytest.mark.parametrize(("config", "expected"), [r[1:] for r in LOGOS], ids=[r[0] for r in LOGOS])
def test_a_logo_image_is_read_with_the_site_name(
    config: str, expected: list[tuple[int, int]], lib: Library
) -> None:
    assert _config(config, lib, DRAWN.get) == [("FX501", *at) for at in expected]


# -- an SVG image in a page's line ----------------------------------------------------------------

SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><text y="18">{}</text></svg>'
FILES = {
    "n.svg": SVG.format("95"),
    "x.svg": SVG.format("×"),
    "five.svg": SVG.format("5"),
    "pic.svg": '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>',
    "word.svg": SVG.format("long"),
    "n.png": SVG.format("95"),
    "sub/n.svg": SVG.format("96"),
}


def _images(root: Path, lib: Library, page: str, src: str, dest: str) -> list[tuple[int, int]]:
    """``fxsite check``'s FX501 errors on ``page`` (docs ``src``, published at ``dest``)
    with :data:`FILES` in its docs/."""
    docs = root / "docs"
    for name, text in FILES.items():
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text(text, "utf-8")
    sheets = SheetFiles([docs]).page(dest, src, markdown_images(page))
    result = process_page(page, "docs/" + src, lib, href_for)
    judged = render_page(result, page, lib, href_for, fixture_renderer(), sheets=sheets)[1].findings
    return sorted((f.line, f.col) for f in [*result.findings, *judged] if f.code == "FX501")


# (name, line 3 of a page, its docs path, [col] of FX501 on line 3)
IMAGES = [
    ("digits before a unit", "Each save took ![](n.svg){ width=20 } s.", "index.md", [16]),
    ("a sign after a number", "Saves were 2.4 ![](x.svg) faster.", "index.md", [12]),
    # read with the box's text and without it, as an image's alt text is ("9 s", "95 s")
    ("a digit glued to one before it", "Each save took 9![](five.svg) s.", "index.md", [16, 16]),
    ("an <img> in HTML", 'Each save took <img src="n.svg" width="20"> s.', "index.md", [16]),
    ("an image with a title", 'Each save took ![a](n.svg "n") s.', "index.md", [16]),
    ("a page in a folder, up", "Each save took ![](../n.svg) s.", "sub/p.md", [16]),
    ("a page in a folder, beside", "Each save took ![](n.svg) s.", "sub/p.md", [16]),
    (
        "an SVG in a data: URL, quoted with spaces",
        'Each save took <img src="data:image/svg+xml,%3Csvg xmlns=%27http://www.w3.org/2000/svg'
        '%27%3E%3Ctext%3E95%3C/text%3E%3C/svg%3E"> s.',
        "index.md",
        [16],
    ),
    (
        "an SVG in a base64 data: URL, in Markdown",
        "Each save took ![](data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAw"
        "MC9zdmciPjx0ZXh0Pjk1PC90ZXh0Pjwvc3ZnPg==) s.",
        "index.md",
        [16],
    ),
    (
        "near miss: a PNG data: URL",
        'Each save took <img src="data:image/png,95"> s.',
        "index.md",
        [],
    ),
    ("an image by reference", "Each save took ![][n] s.\n\n[n]: n.svg", "index.md", [16]),
    ("by reference, in a folder", "Each save took ![n] s.\n\n[N]: ../n.svg", "sub/p.md", [16]),
    # blind17: a drawing embedded otherwise than by <img>
    ("an <object>'s drawing", 'Each save took <object data="n.svg"></object> s.', "index.md", [16]),
    ("an <embed>'s drawing", 'Each save took <embed src="n.svg"> s.', "index.md", [16]),
    # blind21: an image button and a video's poster draw the file as an <img> does
    (
        "an image button",
        'Each save took <input type="image" src="n.svg" alt=""> s.',
        "index.md",
        [16],
    ),
    (
        "a video's poster",
        'Each save took <video width="30" poster="n.svg"></video> s.',
        "index.md",
        [16],
    ),
    (
        "near miss: a text box's src",
        'Each save took <input type="text" src="n.svg"> s.',
        "index.md",
        [],
    ),
    (
        "near miss: a poster of a picture",
        'Each save took <video poster="pic.svg"></video> s.',
        "index.md",
        [],
    ),
    (
        "a <picture>'s source",
        'Each save took <picture><source srcset="n.svg 1x"><img src="x.png" alt=""></picture> s.',
        "index.md",
        [25],
    ),
    (
        "near miss: an <object> drawing a picture, its fallback read",
        'Each save took <object data="pic.svg">a chart</object> here.',
        "index.md",
        [],
    ),
    ("near miss: a reference to nothing", "Each save took ![][zz] s.", "index.md", []),
    ("near miss: an image of a picture", "Each save took ![](pic.svg) s.", "index.md", []),
    ("near miss: an image drawing a word", "Each save took ![](word.svg) s.", "index.md", []),
    ("near miss: not an SVG file", "Each save took ![](n.png) s.", "index.md", []),
    ("near miss: no such file", "Each save took ![](gone.svg) s.", "index.md", []),
    (
        "near miss: another origin",
        "Each save took ![](https://x.example.com/n.svg) s.",
        "index.md",
        [],
    ),
    (
        "near miss: an <img> in HTML, from the page's published place (sub/p/)",
        'Each save took <img src="n.svg"> s.',
        "sub/p.md",
        [],
    ),
]


@pytest.mark.parametrize(
    ("line", "src", "cols"), [r[1:] for r in IMAGES], ids=[r[0] for r in IMAGES]
)
def test_an_svg_image_draws_its_text_in_the_line(
    line: str, src: str, cols: list[int], lib: Library, tmp_path: Path
) -> None:
    dest = src.removesuffix("index.md").removesuffix(".md") + "/index.html"
    page = f"# T\n\n{line}\n"
    assert _images(tmp_path, lib, page, src, dest.lstrip("/")) == [(3, c) for c in cols]


#: The whole site's pages: an image at the site's root, and in a folder, where MkDocs
#: writes a Markdown image's source from the published page (sub/p/) and a raw <img>'s
#: source is left as written.
SITE_PAGES = {
    "img.md": "# Img\n\nEach save took ![](n.svg){ width=20 } s.\n",
    "sub/p.md": "# Sub\n\nEach save took ![](../n.svg) s.\n\n"
    'Broken: <img src="k.svg"> s.\n\nFrom here: <img src="../k.svg"> s.\n\n'
    "By reference: ![][k] s.\n\n[k]: ./k.svg\n",
    "n.svg": SVG.format("95"),
    "sub/k.svg": SVG.format("97"),
    "assets/logo.svg": SVG.format("98"),
}


def test_check_build_and_audit_read_svg_images_alike(tmp_path: Path) -> None:
    site = rows_site(tmp_path / "b9")
    for name, text in SITE_PAGES.items():
        (site / "docs" / name).parent.mkdir(parents=True, exist_ok=True)
        (site / "docs" / name).write_text(text, "utf-8")
    config = site / "mkdocs.yml"
    text = config.read_text("utf-8").replace("site_name: Fixture clean site", "site_name: s a save")
    config.write_text(text.replace("  font: false\n", "  font: false\n  logo: assets/logo.svg\n"))
    checked, built = check_and_build(site)
    expected = [
        "docs/img.md:3:16: FX501 bare figure '95 s'",
        "docs/sub/p.md:3:16: FX501 bare figure '95 s'",
        "docs/sub/p.md:7:12: FX501 bare figure '97 s'",
        "docs/sub/p.md:9:15: FX501 bare figure '97 s'",
        "mkdocs.yml:6:9: FX501 bare figure '98 s'",
    ]
    for run in (checked, built):
        assert run.returncode == 1
        lines = finding_lines(run.stdout + run.stderr, warnings=False)
        assert [line[: len(e)] for line, e in zip(lines, expected, strict=True)] == expected
    assert not (site / "site").exists()
    # A site published without the plugin's refusal, audited: the pages' images are read.
    config.write_text(text.replace("  - fxsite\n", "  - fxsite:\n      enforce: false\n"))
    assert fxsite_here("build", ".", cwd=site).returncode == 0
    audited = {(f.path, f.code) for f in verify_site(site / "site") if f.severity == "error"}
    assert {("img/index.html", "FX501"), ("sub/p/index.html", "FX501")} <= audited
