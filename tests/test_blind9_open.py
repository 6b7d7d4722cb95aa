"""What the theme draws beside the text, and Chinese forms, the build published (issue 20,
blind tester 9, the last six findings).

* Icons Material draws side by side are read together, in drawing order, at the first
  icon's setting in ``mkdocs.yml``: the footer's ``extra.social`` icons ("9 S"), the
  header's (a palette toggle's, ``theme.icon.alternate``, ``theme.icon.search``,
  ``theme.icon.repo`` before the repository's name), and ``theme.icon.menu``, which a
  narrow screen draws before the site's name in the logo's place.
* Chinese figures in forms the reader drew as figures: superscript digits glued between
  Chinese words ("耗时⁹⁵秒"; a mark after a number's unit stays a mark), a numeral and its
  unit with a space between ("九十六 秒"), 百分之 and 千分之 before digits ("百分之97").

In-process rows: a configuration or a page in, ``(code, line, col)`` out (the rules
``fxsite check``, the build and its gate share).
"""

from __future__ import annotations

import pytest
from sitekit import library, sentence_errors

from fxsite.evidence.library import Library
from fxsite.pages.config_text import config_findings


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


def _config(config: str, lib: Library) -> list[tuple[str, int, int]]:
    found = config_findings(config, "mkdocs.yml", lib)
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
