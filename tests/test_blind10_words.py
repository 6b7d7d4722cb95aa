"""blind10: what the theme cannot draw is refused at its source line, by check and build
alike (an icon no theme folder holds, a custom_dir template Jinja cannot read), and the
detector's forms the tester found."""

from __future__ import annotations

from pathlib import Path

import material  # type: ignore[import-untyped]
import mkdocs
import pytest
from sitekit import CLEAN, check_and_build, copy_site, finding_lines, library, sentence_errors

from fxsite.evidence.library import Library
from fxsite.pages.config_text import icon_findings
from fxsite.pages.theme_refs import page_icon_finding, template_error_findings, template_names

THEME_DIRS = (
    str(Path(material.__file__).parent / "templates"),
    str(Path(mkdocs.__file__).parent / "templates"),
)
_CONFIG = "site_name: S\ntheme:\n  name: {theme}\n  icon:\n{icons}"


@pytest.mark.parametrize(
    ("icons", "theme", "expected"),
    [
        ("    repo: material/gitt\n", "material", [("mkdocs.yml", 5, 11)]),
        ("    logo: material/no-such\n", "material", [("mkdocs.yml", 5, 11)]),
        ("    admonition:\n      note: material/penc\n", "material", [("mkdocs.yml", 6, 13)]),
        ("    repo: 7\n", "material", [("mkdocs.yml", 5, 11)]),
        ("    tag:\n      x: fontawesome/solid/nope\n", "material", [("mkdocs.yml", 6, 10)]),
        # near misses: icons Material ships, a default left alone, another theme
        ("    repo: material/git\n", "material", []),
        ("    admonition:\n      note: octicons/pencil-16\n", "material", []),
        ("    repo:\n    logo: null\n", "material", []),
        ("    repo: material/gitt\n", "mkdocs", []),
    ],
)
def test_theme_icon_setting_names_an_icon(
    icons: str, theme: str, expected: list[tuple[str, int, int]]
) -> None:
    text = _CONFIG.format(theme=theme, icons=icons)
    found = icon_findings(text, "mkdocs.yml", THEME_DIRS)
    assert [(f.path, f.line, f.col) for f in found] == expected
    assert all(f.code == "FX901" for f in found)


def test_a_custom_dir_icon_is_an_icon(tmp_path: Path) -> None:
    (tmp_path / ".icons" / "own").mkdir(parents=True)
    (tmp_path / ".icons" / "own" / "mark.svg").write_text("<svg/>")
    text = _CONFIG.format(theme="material", icons="    repo: own/mark\n    logo: own/gone\n")
    found = icon_findings(text, "mkdocs.yml", (str(tmp_path), *THEME_DIRS))
    assert [(f.line, f.code) for f in found] == [(6, "FX901")]


@pytest.mark.parametrize(
    ("icon", "refused"),
    [
        ("material/timer-sand-emtpy", True),
        (7, True),
        ("../../../etc/passwd", True),
        ("material/timer-sand-empty", False),
        ("fontawesome/solid/gauge", False),
        ("", False),
        (None, False),
    ],
)
def test_page_icon_names_an_icon(icon: object, refused: bool) -> None:
    found = page_icon_finding(icon, "docs/index.md", 2, 7, THEME_DIRS)
    assert (found is not None) == refused
    if found is not None:
        assert (found.path, found.line, found.col, found.code) == ("docs/index.md", 2, 7, "FX601")


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        ('{% extends "base.html" %}\n{% block announce %}{% if x %}oops{% endblock %}', [2]),
        (
            '{% extends "base.html" %}\n\n{% block announce %}{% include "nofile.html" %}'
            "{% endblock %}",
            [3],
        ),
        ('{% extends "nobase.html" %}', [1]),
        ('{% extends "base.html" %}\n{% block x %}{{ x }\n{% endblock %}', [2]),
        # near misses: Material's own templates, a list with one held, a missing one ignored
        ('{% extends "base.html" %}\n{% block announce %}Hi{% endblock %}', []),
        ('{% include ["nofile.html", "partials/footer.html"] %}', []),
        ('{% include "nofile.html" ignore missing %}', []),
        ("{% include page.meta.part %}", []),
        ('{% import "partials/language.html" as lang %}', []),
    ],
)
def test_custom_dir_template_jinja_reads(
    tmp_path: Path, template: str, expected: list[int]
) -> None:
    (tmp_path / "main.html").write_text(template, encoding="utf-8")
    found = template_error_findings(tmp_path, "overrides", (str(tmp_path), *THEME_DIRS))
    assert [f.line for f in found] == expected
    assert all(f.path == "overrides/main.html" and f.code == "FX901" for f in found)


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


@pytest.mark.parametrize(
    ("sentence", "col"),
    [
        # Chinese: about (来), half off (打对折)
        ("旧系统每次保存只要百来秒。", 10),
        ("保存耗时减少了十来秒。", 8),
        ("这款阵列的价格打了对折。", 8),
        # Japanese: yen in numerals, just under (弱), half price, halved
        ("価格は三百円です。", 4),
        ("保存時間は百秒弱です。", 6),
        ("価格は半額です。", 4),
        ("保存時間が半分になりました。", 6),
        # a number in one language, its unit in another
        ("Each save took 九十四 seconds on the FX100.", 16),
        ("Each save took 九十四 s.", 16),
        ("Each save took 九四 s.", 16),
        ("保存耗时 ninety-four 秒。", 6),
        ("The FX100 is 两 times faster.", 14),
        ("The price is 三百 dollars.", 14),
        # English: people's forms
        ("Each save took ninety-some seconds.", 16),
        ("Each save took a minute-and-a-half.", 16),
        ("The FX100 costs 300 greenbacks.", 17),
        ("It costs three C-notes.", 10),
        ("It costs three bucks.", 10),
        # a price by its digits, a couple of units before a comparative
        ("The FX100 costs six figures.", 17),
        ("A seven-figure saving per year.", 3),
        ("Saves now take a couple of minutes less.", 16),
        ("The baseline save takes a minute and change longer.", 25),
    ],
)
def test_blind10_forms_are_figures(sentence: str, col: int, lib: Library) -> None:
    assert sentence_errors(sentence, lib) == [("FX501", 3, col)]


@pytest.mark.parametrize(
    "sentence",
    [
        "関東一円で販売します。",  # "throughout Kanto"
        "把纸对折。",  # fold the paper in half
        "半分冗談です。",  # half joking
        "百公里加速。",  # a name
        "百秒挑战赛。",
        "一来时间不够，二来预算有限。",  # firstly …, secondly …
        "后来他们走了。",
        "十来个人参加了。",  # people counted
        "我们的第一 step 很简单。",
        "一 API 调用",
        "三 times 我们",
        "Top ten 秒杀 deals",
        "It was one of ninety-some people.",
        "三 Grand Street",
        "The paper has six figures.",
        "Six figures show the results.",
        "See the six-figure table.",
        "A couple of minutes later we left.",
        "We waited a couple of minutes.",
        "A day and change of plans.",
        "He plays a C note.",
        "Each save took a minute-and-a-half later.",  # tells when
    ],
)
def test_blind10_near_misses_pass(sentence: str, lib: Library) -> None:
    assert sentence_errors(sentence, lib) == []


def _theme_names() -> tuple[frozenset[str], frozenset[str]] | None:
    from mkdocs.theme import Theme

    return template_names(Theme(name="material").get_env(), ["search", "fxsite"])


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        (
            '{% extends "base.html" %}\n{% block announce %}\n{{ config.site_name|nosuchfilter }}'
            "{% endblock %}",
            [3],
        ),
        ("{{ config.site_name is nosuchtest }}", [1]),
        # near misses: MkDocs' and Jinja's own filters and tests
        ('{{ "x"|url }} {{ config.site_name|d("s")|e }}', []),
        ("{% if config.site_name is defined %}x{% endif %}", []),
    ],
)
def test_custom_dir_template_filters_exist(
    tmp_path: Path, template: str, expected: list[int]
) -> None:
    (tmp_path / "main.html").write_text(template, encoding="utf-8")
    dirs = (str(tmp_path), *THEME_DIRS)
    found = template_error_findings(tmp_path, "overrides", dirs, _theme_names())
    assert [(f.line, f.code) for f in found] == [(line, "FX901") for line in expected]


def test_a_plugin_may_add_filters() -> None:
    from mkdocs.theme import Theme

    assert template_names(Theme(name="material").get_env(), ["search", "macros"]) is None


def test_check_and_build_refuse_what_the_theme_cannot_draw_alike(tmp_path: Path) -> None:
    """One site with a misspelt theme icon, page icon and a broken custom_dir template:
    check and build refuse each at its source line, and nothing is published."""
    site = copy_site(CLEAN, tmp_path)
    page = site / "docs" / "analysis.md"
    text = page.read_text("utf-8")
    page.write_text(text.replace("---\n", "---\nicon: material/timer-sand-emtpy\n", 1))
    (site / "overrides").mkdir()
    (site / "overrides" / "main.html").write_text(
        '{% extends "base.html" %}\n{% block announce %}{% if x %}oops{% endblock %}\n'
    )
    config = site / "mkdocs.yml"
    config.write_text(
        config.read_text("utf-8").replace(
            "  font: false\n",
            "  font: false\n  custom_dir: overrides\n  icon:\n    repo: material/gitt\n",
        )
    )
    checked, built = check_and_build(site)
    expected = [
        "docs/analysis.md:2:7: FX601 icon 'material/timer-sand-emtpy'",
        "mkdocs.yml:8:11: FX901 icon 'material/gitt'",
        "overrides/main.html:2:1: FX901 Jinja cannot read this template",
    ]
    for run in (checked, built):
        assert run.returncode == 1
        lines = finding_lines(run.stdout + run.stderr, warnings=False)
        assert [line[: len(e)] for line, e in zip(lines, expected, strict=True)] == expected
    assert "build failed" not in built.stderr
    assert not (site / "site").exists()
