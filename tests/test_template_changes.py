"""blind78 #5: a ``custom_dir`` template that writes a page's text changed (``{{ super() |
replace("QQ", "4") }}``) made a figure only the built page shows; ``check`` passed what the
build refused. Such a template is named (:mod:`fxsite.pages.template_changes`) and
``check`` judges the project by building it, as where a hook may change pages."""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import check_and_build, finding_lines, rows_site

from fxsite.pages.template_changes import text_changers

EXTENDS = '{% extends "base.html" %}'

#: (row, template): each writes a page's data changed.
CHANGERS = [
    (
        "a filter on the content block",
        EXTENDS + '{% block content %}{{ super() | replace("QQ", "4") }}{% endblock %}',
    ),
    ("a method on the page's content", '{{ page.content.replace("QQ", "4") }}'),
    (
        "a name set to the block",
        EXTENDS + "{% block content %}{% set x = super() %}{{ x }}{% endblock %}",
    ),
    (
        "a filter block around a block",
        "{% filter upper %}{% block content %}{% endblock %}{% endfilter %}",
    ),
    (
        "a filter block around the page",
        "{% filter replace('QQ', '4') %}{{ page.content }}{% endfilter %}",
    ),
    (
        "a loop's items changed",
        "{% for item in nav %}{{ item.title | replace('QQ', '4') }}{% endfor %}",
    ),
    (
        "a nested loop's items joined",
        "{% for i in page.toc %}{% for c in i.children %}{{ c.title ~ '4' }}{% endfor %}{% endfor %}",
    ),
    ("a title joined to a digit", '{{ page.title ~ "4" }}'),
    ("the content's length written", "{{ page.content | length }} bytes"),
    ("the page given to a macro", "{% import 'm.html' as m %}{{ m.show(page) }}"),
    # blind80 D3: the page's source, or its HTML shown as text
    ("the page's Markdown source", "<div>{{ page.markdown }}</div>"),
    ("the page's HTML escaped", "<pre>{{ page.content | e }}</pre>"),
    ("the page's HTML in a text area", "<textarea>{{ page.content }}</textarea>"),
    (
        "a block's HTML in a text area",
        EXTENDS + "{% block content %}<textarea>{{ super() }}</textarea>{% endblock %}",
    ),
    # blind80 D4: two of a page's values side by side make a figure neither holds
    ("two values side by side", "<p>{{ page.meta.n }} {{ page.meta.u }}</p>"),
    ("a title beside a value", "<p>{{ page.title }}{{ page.meta.u }}</p>"),
]

#: (row, template): each writes a page's data as it is, or only tests it.
AS_IS = [
    ("the content block as it is", EXTENDS + "{% block content %}{{ super() }}{% endblock %}"),
    ("an escaped title", EXTENDS + "{% block announce %}{{ page.title | e }}{% endblock %}"),
    ("a title or a default", "{{ page.meta.title | default(config.site_name) }}"),
    ("a loop's items escaped", "{% for item in nav %}{{ item.title | e }}{% endfor %}"),
    ("a meta value read with get", '{{ page.meta.get("banner") }}'),
    ("meta values walked", "{% for k, v in page.meta.items() %}{{ v }}{% endfor %}"),
    ("the content tested", '{% if "draft" in page.content %}<b>Draft</b>{% endif %}'),
    ("a block of its own called", "{{ self.footer() }}"),
    ("a choice of two values", "{{ page.title if page.title else config.site_name }}"),
    ("configuration changed", "{{ config.site_name | upper }}"),
    ("a syntax error (MkDocs refuses it)", "{% block content %}"),
    ("a title in the title element", "<title>{{ page.title }}</title>"),
    ("the page's HTML in a division", "<div>{{ page.content }}</div>"),
    ("two values apart", "<p>{{ page.title }}</p><p>{{ page.meta.u }}</p>"),
    (
        "a value beside the configuration's",
        "<title>{{ page.title }} {{ config.site_name }}</title>",
    ),
]


@pytest.mark.parametrize(
    ("row", "template"), CHANGERS + AS_IS, ids=[r[0] for r in CHANGERS + AS_IS]
)
def test_a_template_writing_a_pages_text_changed_is_named(
    row: str, template: str, tmp_path: Path
) -> None:
    (tmp_path / "partials").mkdir()
    (tmp_path / "partials" / "x.html").write_text(template, "utf-8")
    expected = ["partials/x.html"] if (row, template) in CHANGERS else []
    assert text_changers(tmp_path) == expected, row


def test_no_custom_dir_names_none(tmp_path: Path) -> None:
    assert text_changers(None) == []
    assert text_changers(tmp_path / "missing") == []


def test_check_refuses_what_the_template_makes_as_the_build_does(tmp_path: Path) -> None:
    site = rows_site(tmp_path / "site", "# Home\n\nSave took 9QQ s on the FX100.\n")
    (site / "overrides").mkdir()
    (site / "overrides" / "main.html").write_text(CHANGERS[0][1], "utf-8")
    config = site / "mkdocs.yml"
    text = config.read_text("utf-8")
    config.write_text(
        text.replace("  name: material\n", "  name: material\n  custom_dir: overrides\n"), "utf-8"
    )
    assert "custom_dir: overrides" in config.read_text("utf-8")
    checked, built = check_and_build(site)
    assert checked.returncode == built.returncode == 1
    assert finding_lines(checked.stdout) == finding_lines(built.stdout)
    assert any("FX501" in line and "'94 s'" in line for line in finding_lines(built.stdout))
    assert "template main.html changes pages' text" in checked.stderr


HERO = (
    EXTENDS + "{% block content %}{% if page.meta.hero %}<p>{{ page.meta.hero.text }}</p>"
    "{% endif %}{{ super() }}{% endblock %}"
)


@pytest.mark.parametrize(
    ("row", "front", "refused"),
    [
        # blind80 D1: a template writing a string nested in a front-matter value
        ("a nested value", "hero:\n  text: Saves checkpoints 3x faster\n", ["docs/index.md:3:27"]),
        (
            "a list in a nested value",
            "hero:\n  text:\n    - Saves 3x faster\n",
            ["docs/index.md:4:13"],
        ),
        ("near miss: no figure", "hero:\n  text: Saves checkpoints faster\n", []),
    ],
)
def test_a_nested_front_matter_string_a_template_writes_is_judged_by_check(
    row: str, front: str, refused: list[str], tmp_path: Path
) -> None:
    site = rows_site(tmp_path / "site", f"---\n{front}---\n# Home\n\nHello.\n")
    (site / "overrides").mkdir()
    (site / "overrides" / "main.html").write_text(HERO, "utf-8")
    config = site / "mkdocs.yml"
    text = config.read_text("utf-8")
    config.write_text(
        text.replace("  name: material\n", "  name: material\n  custom_dir: overrides\n"), "utf-8"
    )
    checked, built = check_and_build(site)
    assert checked.returncode == built.returncode == (1 if refused else 0), row
    lines = finding_lines(checked.stdout, warnings=False)
    assert lines == finding_lines(built.stdout, warnings=False)
    assert [line.split(": ")[0] for line in lines] == refused


TAGLINE = EXTENDS + "{% block announce %}{{ config.theme.tagline }}{% endblock %}"


@pytest.mark.parametrize(
    ("row", "template", "tagline", "refused"),
    [
        # blind80 D2: a theme option a template writes
        ("an option written", TAGLINE, "Saves checkpoints 3x faster", True),
        ("near miss: no figure", TAGLINE, "Saves checkpoints faster", False),
        ("near miss: an option no template writes", EXTENDS, "Saves checkpoints 3x faster", False),
    ],
)
def test_a_theme_option_a_template_writes_is_judged_at_its_line(
    row: str, template: str, tagline: str, refused: bool, tmp_path: Path
) -> None:
    site = rows_site(tmp_path / "site")
    (site / "overrides").mkdir()
    (site / "overrides" / "main.html").write_text(template, "utf-8")
    config = site / "mkdocs.yml"
    text = config.read_text("utf-8").replace(
        "  name: material\n", f"  name: material\n  custom_dir: overrides\n  tagline: {tagline}\n"
    )
    config.write_text(text, "utf-8")
    line = text.splitlines().index(f"  tagline: {tagline}") + 1
    checked, built = check_and_build(site)
    assert checked.returncode == built.returncode == (1 if refused else 0), row
    lines = finding_lines(checked.stdout, warnings=False)
    assert lines == finding_lines(built.stdout, warnings=False)
    assert [x.split(": ")[0] for x in lines] == ([f"mkdocs.yml:{line}:30"] if refused else [])
