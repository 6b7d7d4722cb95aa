"""What the theme draws from mkdocs.yml and front matter, judged where it is written:
check and build agree (issue 20, blind tester 8's configuration cases).

* MkDocs' repository name made from ``repo_url``'s host (MkDocs' own
  ``RepoName``), Material's tooltip of a social link with no ``name`` (its host), and
  a digit or sign icon Material draws before the site's name (``theme.icon.logo``) or
  the repository's (``theme.icon.repo``): at their line in ``mkdocs.yml``.
* The strings ``markdown_extensions`` maps names to (abbr's ``glossary``,
  pymdownx.keys' ``key_map``): at their line in ``mkdocs.yml``, not at the page.
* A page's front-matter ``icon`` drawn before its title in Material's navigation: at
  the ``icon`` line.
* Icons of a cross read as the ``×`` they pass for, a Roman numeral as its number, a
  tag showing a percent sign as ``%``.

In-process rows (a configuration or a page in, ``(code, line, col)`` out) with near
misses that pass; one whole-site check and build of every configuration row.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from mkdocs.config.config_options import RepoName
from mkdocs.utils.rendering import get_heading_text
from sitekit import (
    FIXTURE_EXTENSIONS,
    PAGE_PATH,
    check_and_build,
    finding_lines,
    fixture_renderer,
    fxsite_here,
    href_for,
    library,
    page_findings,
    rows_site,
)

from fxsite.evidence.library import Library
from fxsite.markdown import PageRenderer, render_page
from fxsite.pages.config_text import config_findings, shown_strings
from fxsite.pages.content_icons import content_icons, icon_findings, published_icons
from fxsite.pages.locate import SourceLocator
from fxsite.pages.page import process_page
from fxsite.pages.page_title import SiteReaders


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


def _repo_name(config: str) -> str | None:
    """The repository's name as MkDocs makes it (its own ``RepoName`` option)."""
    import yaml

    loaded: dict[str, Any] = yaml.safe_load(config)
    settings = {"repo_url": loaded.get("repo_url"), "repo_name": loaded.get("repo_name")}
    RepoName("repo_url").post_validation(settings, "repo_name")  # type: ignore[arg-type]
    name = settings["repo_name"]
    return name if isinstance(name, str) else None


def _config(config: str, lib: Library) -> list[tuple[str, int, int]]:
    found = config_findings(config, "mkdocs.yml", lib, (), _repo_name(config))
    return sorted((f.code, f.line, f.col) for f in found)


MATERIAL = "site_name: Mini\ntheme:\n  name: material\n"
SOCIAL = "extra:\n  social:\n    - icon: fontawesome/brands/mastodon\n      link: {}\n"

# (name, mkdocs.yml, [(line, col)] of FX501)
CONFIG_REFUSED = [
    ("repo name from the host", MATERIAL + "repo_url: https://saves-2x.example.com/a\n", [(4, 24)]),
    ("repo name, any theme", "site_name: M\nrepo_url: https://acme-2x.example.com/\n", [(2, 23)]),
    (
        "social tooltip from the host",
        MATERIAL + SOCIAL.format("https://saves-2x.example.com/@a"),
        [(7, 26)],
    ),
    (
        "social tooltip, empty name",
        MATERIAL + SOCIAL.format("https://saves-2x.example.com/") + "      name: ''\n",
        [(7, 26)],
    ),
    (
        "logo icon before the site's name",
        "site_name: s per save\ntheme:\n  name: material\n  icon:\n    logo: material/numeric-9\n",
        [(5, 11)],
    ),
    (
        "repo icon before the repo's name",
        MATERIAL + "  icon:\n    repo: fontawesome/solid/9\nrepo_url: https://x.example.com/\n"
        "repo_name: s per save\n",
        [(5, 11)],
    ),
    (
        "repo icon before the repo name MkDocs makes",
        MATERIAL + "  icon:\n    repo: material/numeric-4\nrepo_url: https://gb.example.com/\n",
        [(5, 11)],
    ),
    (
        "logo icon before the site's name in another language",
        "site_name: Saves\ntheme:\n  name: material\n  icon:\n    logo: material/numeric-9\n"
        "extra:\n  fxsite_translations:\n    zh:\n      site_name: 秒每次保存\n",
        [(5, 11)],
    ),
    (
        "abbr glossary",
        "site_name: M\nmarkdown_extensions:\n  - abbr:\n      glossary:\n        CPU: Took 61 s\n",
        [(5, 19)],
    ),
    (
        "keys key_map",
        "site_name: M\nmarkdown_extensions:\n  - pymdownx.keys:\n      key_map:\n"
        "        fast: Took 63 s\n",
        [(5, 20)],
    ),
    (
        "smarty substitutions",
        "site_name: M\nmarkdown_extensions:\n  - smarty:\n      substitutions:\n"
        "        ndash: Took 64 s\n",
        [(5, 21)],
    ),
    (
        "the site's own figure once, at its name",
        "site_name: Took 95 s\ntheme:\n  name: material\n  icon:\n    logo: material/numeric-9\n",
        [(1, 17)],
    ),
]
CONFIG_PASSED = [
    ("repo name given", MATERIAL + "repo_url: https://saves-2x.example.com/a\nrepo_name: Array\n"),
    ("repo host without a figure", MATERIAL + "repo_url: https://github.com/acme-2x/array\n"),
    (
        "social link with a name",
        MATERIAL + SOCIAL.format("https://saves-2x.example.com/") + "      name: Acme\n",
    ),
    (
        "social link, not Material",
        "site_name: M\n" + SOCIAL.format("https://saves-2x.example.com/"),
    ),
    (
        "logo image over the icon",
        "site_name: s per save\ntheme:\n  name: material\n  logo: logo.png\n  icon:\n"
        "    logo: material/numeric-9\n",
    ),
    (
        "a repo icon without a repository",
        MATERIAL + "  icon:\n    repo: material/numeric-9\nrepo_name: s per save\n",
    ),
    (
        "a logo icon drawing no digit",
        "site_name: s per save\ntheme:\n  name: material\n  icon:\n    logo: material/library\n",
    ),
    (
        "a digit icon before a name without a unit",
        "site_name: Saves\ntheme:\n  name: material\n  icon:\n    logo: material/numeric-9\n",
    ),
    (
        "a translated site name without a figure beside the icon",
        "site_name: Saves\ntheme:\n  name: material\n  icon:\n    logo: material/numeric-9\n"
        "extra:\n  fxsite_translations:\n    zh:\n      site_name: 保存性能\n",
    ),
    (
        "smarty substitutions without a figure",
        "site_name: M\nmarkdown_extensions:\n  - smarty:\n      substitutions:\n"
        '        ndash: "&ndash;"\n',
    ),
    (
        "a glossary without a figure",
        "site_name: M\nmarkdown_extensions:\n  - abbr:\n      glossary:\n        CPU: processor\n",
    ),
]


@pytest.mark.parametrize(
    ("config", "expected"), [r[1:] for r in CONFIG_REFUSED], ids=[r[0] for r in CONFIG_REFUSED]
)
def test_what_the_theme_draws_from_a_setting_is_refused_at_it(
    config: str, expected: list[tuple[int, int]], lib: Library
) -> None:
    assert _config(config, lib) == [("FX501", *at) for at in expected]


@pytest.mark.parametrize("config", [r[1] for r in CONFIG_PASSED], ids=[r[0] for r in CONFIG_PASSED])
def test_what_the_theme_draws_without_a_figure_passes(config: str, lib: Library) -> None:
    assert _config(config, lib) == []


#: A page showing an abbreviation and a key the configuration names.
KEYS_PAGE = "# Home\n\nThe CPU did it. Press ++fast++ now.\n"


def test_a_page_showing_a_configured_string_leaves_it_to_the_configuration(lib: Library) -> None:
    config = {
        "abbr": {"glossary": {"CPU": "Took 61 s"}},
        "pymdownx.keys": {"key_map": {"fast": "Took 63 s"}},
    }
    renderer = PageRenderer([*FIXTURE_EXTENSIONS, "abbr", "pymdownx.keys"], config)
    shown = [
        s
        for s, _, _ in shown_strings(
            "markdown_extensions:\n  - abbr:\n      glossary: {CPU: Took 61 s}\n"
            "  - pymdownx.keys:\n      key_map: {fast: Took 63 s}\n"
        )
    ]
    assert shown == ["Took 61 s", "Took 63 s"]
    result = process_page(KEYS_PAGE, PAGE_PATH, lib, href_for)
    judged = render_page(result, KEYS_PAGE, lib, href_for, renderer, shown)[1].findings
    assert judged == []
    # Near miss: a key the configuration does not name is the page's own text.
    page = "# Home\n\nPress ++fast++: it took 95 s.\n"
    result = process_page(page, PAGE_PATH, lib, href_for)
    judged = render_page(result, page, lib, href_for, renderer, shown)[1].findings
    assert [(f.code, f.line) for f in judged] == [("FX501", 3)]


def _page(source: str, lib: Library, theme: str = "material") -> list[tuple[str, int, int]]:
    result = process_page(source, PAGE_PATH, lib, href_for)
    readers = SiteReaders(theme, get_heading_text, None)
    judged = render_page(
        result, source, lib, href_for, fixture_renderer(), src="p.md", readers=readers
    )[1].findings
    return sorted((f.code, f.line, f.col) for f in [*result.findings, *judged])


# (name, page, [(line, col)] of FX501)
ICON_REFUSED = [
    (
        "front-matter title",
        "---\ntitle: s per save\nicon: material/numeric-9\n---\n\nBody.\n",
        [(3, 7)],
    ),
    ("heading title", "---\nicon: material/numeric-9\n---\n# s per save\n\nBody.\n", [(2, 7)]),
    (
        "the title's own figure once, at the title",
        "---\ntitle: Took 95 s\nicon: material/numeric-9\n---\n\nBody.\n",
        [(2, 13)],
    ),
]
ICON_PASSED = [
    ("an icon drawing no digit", "---\ntitle: s per save\nicon: material/library\n---\n\nBody.\n"),
    ("a title without a unit", "---\ntitle: Results\nicon: material/numeric-9\n---\n\nBody.\n"),
    (
        "a sign icon before no number",
        "---\nicon: material/percent\ntitle: Faster by 98\n---\n\nB.\n",
    ),
]


@pytest.mark.parametrize(
    ("page", "expected"), [r[1:] for r in ICON_REFUSED], ids=[r[0] for r in ICON_REFUSED]
)
def test_a_page_icon_is_read_with_the_title_it_is_drawn_before(
    page: str, expected: list[tuple[int, int]], lib: Library
) -> None:
    assert _page(page, lib) == [("FX501", *at) for at in expected]


@pytest.mark.parametrize("page", [r[1] for r in ICON_PASSED], ids=[r[0] for r in ICON_PASSED])
def test_a_page_icon_without_a_figure_passes(page: str, lib: Library) -> None:
    assert _page(page, lib) == []


def test_a_page_icon_is_drawn_by_material_only(lib: Library) -> None:
    assert _page(ICON_REFUSED[0][1], lib, theme="mkdocs") == []


@pytest.fixture(scope="module")
def emoji() -> PageRenderer:
    """Pages rendered with Material's icons, as SVG."""
    from material.extensions.emoji import to_svg, twemoji

    config = {"pymdownx.emoji": {"emoji_index": twemoji, "emoji_generator": to_svg}}
    return PageRenderer([*FIXTURE_EXTENSIONS, "pymdownx.emoji"], config)


# (name, sentence, col of FX501 on line 3, or None: passes)
ICON_SIGNS = [
    ("material close", "Saves are 1.9 :material-close: faster.", 11),
    ("material close-thick", "Saves are 2.3 :material-close-thick: faster.", 11),
    ("font awesome xmark", "Loads are 2.1 :fontawesome-solid-xmark: faster.", 11),
    ("octicons x", "Loads are 2.1 :octicons-x-16: faster.", 11),
    ("roman numeral", "Each save took :material-roman-numeral-9: s on NFS.", 16),
    ("a sale tag's percent", "Prices are down 98 :material-sale:.", 17),
    ("near miss: a cross alone", "Close it with :material-close: now.", None),
    (
        "near miss: a roman numeral without a unit",
        "Part :material-roman-numeral-2: of the run.",
        None,
    ),
]


@pytest.mark.parametrize(
    ("sentence", "col"), [r[1:] for r in ICON_SIGNS], ids=[r[0] for r in ICON_SIGNS]
)
def test_an_icon_is_read_as_the_sign_it_draws(
    sentence: str, col: int | None, lib: Library, emoji: PageRenderer
) -> None:
    result = process_page(f"# T\n\n{sentence}\n", PAGE_PATH, lib, href_for)
    judged = render_page(result, f"# T\n\n{sentence}\n", lib, href_for, emoji)[1].findings
    found = sorted((f.code, f.line, f.col) for f in [*result.findings, *judged])
    assert found == ([] if col is None else [("FX501", 3, col)])


def test_the_page_reader_reads_a_plain_page_alike(lib: Library) -> None:
    assert page_findings("# T\n\nSaves are 1.9 x faster.\n", lib) == [("FX501", 3, 11)]


#: Material's icons the whole-site test sets: digits before the site's name, every note's
#: title and in place of every annotation marker.
ICONS = (
    "  icon:\n    logo: material/numeric-9\n    admonition:\n      note: material/numeric-9\n"
    "    annotation: material/numeric-8\n"
)
#: A page drawing the content icons beside text that makes no figure with them.
DRAWN_PASSED = '!!! note "Results"\n    B.\n\nIt took (1) of the runs.\n{ .annotate }\n\n1.  N.\n'


def test_check_and_build_agree_on_one_site_of_every_row(tmp_path: Path) -> None:
    """One site of near misses publishes; one with every refused setting, pages with an
    icon before their title (their own, the nav's over their own) and a page drawing
    content icons beside units is refused by both, at the same lines of mkdocs.yml and
    the pages."""
    site = rows_site(tmp_path / "site")
    config = site / "mkdocs.yml"
    base = config.read_text("utf-8")
    assert "site_name: Fixture clean site" in base and "  font: false\n" in base
    nav = "nav:\n  - index.md\n  - p.md\n  - q.md\n  - {}: r.md\n"
    (site / "docs" / "r.md").write_text(
        "---\nicon: material/numeric-9\ntitle: s per save\n---\nB.\n"
    )
    with_icons = base.replace("  font: false\n", "  font: false\n" + ICONS)
    config.write_text(with_icons + nav.format("Saves"), "utf-8")
    (site / "docs" / "p.md").write_text("---\ntitle: Saves\nicon: material/numeric-9\n---\n\nB.\n")
    (site / "docs" / "q.md").write_text("# Q\n\n" + DRAWN_PASSED)
    checked, built = check_and_build(site)
    assert (checked.returncode, built.returncode) == (0, 0), checked.stdout + built.stdout
    extra = (
        "repo_url: https://saves-2x.example.com/acme/array\n"
        "extra:\n  social:\n    - icon: fontawesome/brands/mastodon\n"
        "      link: https://saves-2x.example.com/@acme\n"
    )
    text = base.replace("site_name: Fixture clean site", "site_name: s per save")
    with_icons = text.replace("  font: false\n", "  font: false\n" + ICONS)
    config.write_text(with_icons + extra + nav.format("s per save"), "utf-8")
    (site / "docs" / "r.md").write_text("---\nicon: material/numeric-9\ntitle: Saves\n---\nB.\n")
    (site / "docs" / "p.md").write_text(
        "---\ntitle: s per save\nicon: material/numeric-9\n---\n\nB.\n"
    )
    drawn = DRAWN_PASSED.replace("Results", "s per save").replace("of the runs", "s on NFS")
    (site / "docs" / "q.md").write_text("# Q\n\n" + drawn)
    checked, built = check_and_build(site)
    assert (checked.returncode, built.returncode) == (1, 1)
    found = [
        [ln.split(" bare figure")[0] for ln in finding_lines(out.stdout, warnings=False)]
        for out in (checked, built)
    ]
    assert found[0] == found[1], checked.stdout + built.stdout
    pages = [
        "docs/p.md:3:7: FX501",
        "docs/q.md:3:11: FX501",
        "docs/q.md:6:9: FX501",
        "docs/r.md:2:7: FX501",
    ]
    assert [f for f in found[0] if f.startswith("docs/")] == pages
    assert len([f for f in found[0] if f.startswith("mkdocs.yml:")]) == 3


def _drawn_page(source: str, icons: dict[str, Any], lib: Library) -> list[tuple[str, int, int]]:
    """What check and build find in ``source`` under Material with ``theme.icon: icons``."""
    readers = SiteReaders("material", get_heading_text, None, content_icons("material", icons))
    result = process_page(source, PAGE_PATH, lib, href_for)
    judged = render_page(result, source, lib, href_for, fixture_renderer(), readers=readers)[
        1
    ].findings
    return sorted((f.code, f.line, f.col) for f in [*result.findings, *judged])


NOTE_9 = {"admonition": {"note": "material/numeric-9"}}
ANNOTATION_8 = {"annotation": "material/numeric-8"}
ANNOTATED = "# T\n\nEach save took (1) s on NFS.\n{ .annotate }\n\n1.  Note.\n"

# (name, theme.icon, page, [(line, col)] of FX501)
CONTENT_ICONS = [
    (
        "note icon before a note's title",
        NOTE_9,
        '# T\n\n!!! note "s per save on NFS"\n    B.\n',
        [(3, 11)],
    ),
    (
        "note icon before an unstyled type",
        NOTE_9,
        '# T\n\n!!! custom "s per save"\n    B.\n',
        [(3, 13)],
    ),
    ("note icon before a summary", NOTE_9, '# T\n\n??? note "s per save"\n    B.\n', [(3, 11)]),
    ("annotation icon at its marker", ANNOTATION_8, ANNOTATED, [(3, 16)]),
    (
        "near miss: a type with its own icon",
        NOTE_9,
        '# T\n\n!!! warning "s per save"\n    B.\n',
        [],
    ),
    ("near miss: a title without a unit", NOTE_9, '# T\n\n!!! note "Results"\n    B.\n', []),
    (
        "near miss: an icon drawing no digit",
        {"admonition": {"note": "material/library"}},
        '# T\n\n!!! note "s per save"\n    B.\n',
        [],
    ),
    ("near miss: a marker with no annotations", ANNOTATION_8, ANNOTATED.split("\n\n1.")[0], []),
    ("near miss: a marker past the annotations", ANNOTATION_8, ANNOTATED.replace("(1)", "(2)"), []),
]


@pytest.mark.parametrize(
    ("icons", "page", "expected"), [r[1:] for r in CONTENT_ICONS], ids=[r[0] for r in CONTENT_ICONS]
)
def test_an_icon_the_theme_draws_in_content_is_read_there(
    icons: dict[str, Any], page: str, expected: list[tuple[int, int]], lib: Library
) -> None:
    assert _drawn_page(page, icons, lib) == [("FX501", *at) for at in expected]


def test_content_icons_are_materials() -> None:
    assert content_icons("material", {**NOTE_9, **ANNOTATION_8}) == (
        ("admonition:note", "9"),
        ("annotation", "8"),
    )
    assert content_icons("mkdocs", NOTE_9) == ()
    assert content_icons("material", {"admonition": {"custom": "material/numeric-9"}}) == ()


def _style(kind: str, icon: str) -> str:
    """The style Material writes for ``theme.icon`` (``partials/icons.html``): the icon's
    SVG, URL-encoded, in a custom property its stylesheet masks in."""
    import material  # type: ignore[import-untyped]

    svg = (Path(material.__file__).parent / "templates" / ".icons" / f"{icon}.svg").read_text()
    data = quote(svg.replace("\n", ""))
    return f"<style>:root{{--md-{kind}:url('data:image/svg+xml;charset=utf-8,{data}');}}</style>"


PUBLISHED = (
    '<div class="admonition note"><p class="admonition-title">s per save on NFS</p></div>\n'
    '<p class="annotate">Each save took (1) s.</p>\n<ol><li>N.</li></ol>\n'
)
# (name, styles, expected icons)
STYLES = [
    (
        "note and annotation",
        [
            ("admonition-icon--note", "material/numeric-9"),
            ("annotation-icon", "material/numeric-8"),
        ],
        (("admonition:note", "9"), ("annotation", "8")),
    ),
    ("near miss: an icon drawing no digit", [("admonition-icon--note", "material/library")], ()),
    (
        "near miss: a type Material does not style",
        [("admonition-icon--x", "material/numeric-9")],
        (),
    ),
    ("near miss: no style", [], ()),
]


@pytest.mark.parametrize(("styles", "icons"), [r[1:] for r in STYLES], ids=[r[0] for r in STYLES])
def test_a_published_pages_icons_are_read_from_its_styles(
    styles: list[tuple[str, str]], icons: tuple[tuple[str, str], ...], lib: Library
) -> None:
    page = "".join(_style(kind, icon) for kind, icon in styles) + PUBLISHED
    assert published_icons(page) == icons
    found = icon_findings(page, published_icons(page), "index.html", lib, SourceLocator(page))
    expected = [("9 s", 1), ("8 s", 2)] if icons else []
    assert [(f.text, f.line) for f in found] == expected


def test_an_audit_reads_the_icons_a_published_site_draws(tmp_path: Path) -> None:
    """A site published with digit icons (``enforce: false``) is refused by the audit."""
    site = rows_site(tmp_path / "site", "# Home\n\n" + DRAWN_PASSED, enforce=False)
    config = site / "mkdocs.yml"
    config.write_text(
        config.read_text("utf-8").replace("  font: false\n", "  font: false\n" + ICONS)
    )
    checked, built = check_and_build(site)
    assert (checked.returncode, built.returncode) == (0, 0), checked.stdout + built.stdout
    assert fxsite_here("audit", "site", cwd=site).returncode == 0
    drawn = DRAWN_PASSED.replace("Results", "s per save").replace("of the runs", "s on NFS")
    (site / "docs" / "index.md").write_text("# Home\n\n" + drawn)
    built = fxsite_here("build", ".", cwd=site)
    assert built.returncode == 0 and built.stdout.count("FX501 warning") == 2, built.stdout
    audited = fxsite_here("audit", "site", cwd=site)
    lines = (site / "site" / "index.html").read_text("utf-8").splitlines()
    at = [n for n, line in enumerate(lines, 1) if "s per save" in line or "(1) s" in line]
    found = [ln.split(" bare figure")[0] for ln in finding_lines(audited.stdout, warnings=False)]
    assert audited.returncode == 1
    assert found == sorted(f"index.html:{n}:1: FX501" for n in at), audited.stdout


def _tag_style(selector: str, icon: str) -> str:
    """The style Material writes for a tag icon of ``theme.icon.tag``: ``selector``'s."""
    style = _style("tag-icon", icon).removeprefix("<style>:root{").removesuffix("}</style>")
    return f"<style>:root{{{selector}{{{style}}}}}</style>"


TAGS = '<nav class="md-tags"><span class="md-tag md-tag-icon md-tag--perf">s per save</span></nav>'
# (name, page, FX501 texts)
TAG_ROWS = [
    ("every tag's icon", _tag_style(".md-tag", "material/numeric-9") + TAGS, ["9 s"]),
    ("a type's icon", _tag_style(".md-tag.md-tag--perf", "material/numeric-9") + TAGS, ["9 s"]),
    (
        "near miss: a type's icon over every tag's",
        _tag_style(".md-tag", "material/numeric-9")
        + _tag_style(".md-tag.md-tag--perf", "material/library")
        + TAGS,
        [],
    ),
    (
        "near miss: a tag drawn without an icon",
        _tag_style(".md-tag", "material/numeric-9") + TAGS.replace(" md-tag-icon", ""),
        [],
    ),
]


@pytest.mark.parametrize(("page", "texts"), [r[1:] for r in TAG_ROWS], ids=[r[0] for r in TAG_ROWS])
def test_a_published_tags_icon_is_read_before_it(page: str, texts: list[str], lib: Library) -> None:
    found = icon_findings(page, published_icons(page), "index.html", lib, None)
    assert [f.text for f in found] == texts


def test_text_a_configured_substitution_draws_is_left_to_the_configuration(lib: Library) -> None:
    """blind78 #10: smarty's ``substitutions`` are judged at their line in mkdocs.yml; the
    page showing one was told too, at its first line ("a hook added it"). A figure the page
    writes itself is still the page's (the near miss)."""
    config = {"smarty": {"substitutions": {"ndash": "94 s"}}}
    renderer = PageRenderer([*FIXTURE_EXTENSIONS, "smarty"], config)
    shown = [
        s
        for s, _, _ in shown_strings(
            'markdown_extensions:\n  - smarty:\n      substitutions: {ndash: "94 s"}\n'
        )
    ]
    assert shown == ["94 s"]
    for page, told in [
        ("# Home\n\nA -- B.\n", []),
        ("# Home\n\nA -- B took 94 s.\n", [("FX501", 3)]),
    ]:
        result = process_page(page, PAGE_PATH, lib, href_for)
        judged = render_page(result, page, lib, href_for, renderer, shown)[1].findings
        assert [(f.code, f.line) for f in judged if f.severity == "error"] == told, page
