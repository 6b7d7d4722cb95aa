"""blind10: what the theme cannot draw is refused at its source line, by check and build
alike (an icon no theme folder holds, a custom_dir template Jinja cannot read), and the
detector's forms the tester found."""

from __future__ import annotations

from pathlib import Path

import material  # type: ignore[import-untyped]
import mkdocs
import pytest

from fxsite.pages.config_text import icon_findings
from fxsite.pages.theme_refs import page_icon_finding, template_error_findings

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
