"""Check and build agree on a theme template's Jinja and on a title that repeats a claim.

* An expression ``fxsite check`` cannot evaluate (a loop's variable, ``page.meta.*``)
  written next to a unit is refused at the template's line, from check and the build
  (the build refused it before only in every published page, and check passed it).
* A front-matter ``title`` that repeats a claim its page cites may stand in other pages'
  navigation, as a heading's claim may: check passed it, the build refused it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import check_and_build

from fxsite.pages.template_text import template_findings
from fxsite.verify.copies import nav_copies

_BLOCK = '{% extends "base.html" %}\n{% block announce %}\n<p>LINE</p>\n{% endblock %}\n'

# (name, the announce line, [line:col of FX501]): what an expression check cannot
# evaluate writes next to a unit
TEMPLATES = [
    ("for_loop", "Saves {% for i in [9,4] %}{{ i }}{% endfor %} s per run", ["3:30"]),
    (
        "page_meta_guarded",
        "Took {% if page and page.meta %}{{ page.meta.runs }}{% endif %} s per run",
        ["3:36"],
    ),
    ("page_meta", "Took {{ page.meta.runs }} s per run", ["3:9"]),
    ("unit_before", "Took {{ page.meta.runs }}s", ["3:9"]),
    ("page_title", "On {{ page.title }} s", ["3:7"]),
    # near misses: nothing it could write makes a figure, or check evaluates it
    ("loop_no_unit", "Tags: {% for t in page.meta.tags %}{{ t }} {% endfor %}", []),
    ("page_title_no_unit", "On {{ page.title }} today", []),
    ("config_known", "Site {{ config.extra.name }} s", []),
]


@pytest.mark.parametrize(
    ("line", "where"), [r[1:] for r in TEMPLATES], ids=[r[0] for r in TEMPLATES]
)
def test_an_expression_check_cannot_evaluate_beside_a_unit_is_refused_at_its_line(
    line: str, where: list[str], tmp_path: Path
) -> None:
    (tmp_path / "overrides").mkdir()
    (tmp_path / "overrides" / "main.html").write_text(_BLOCK.replace("LINE", line), "utf-8")
    found = template_findings(tmp_path / "overrides", "overrides", {"name": "Docs"})
    assert [f"{f.line}:{f.col}" for f in found if f.code == "FX501"] == where
    assert all("cannot tell what" in f.message for f in found)


# (name, a claim's text, in a heading, the page's titles, may stand in navigation)
TITLES = [
    ("title_repeats", "94 s", False, ["Saves take 94 s - base"], True),
    ("heading", "94 s", True, [], True),
    # near misses: a title that holds another figure, or the claim glued to a digit
    ("title_other", "94 s", False, ["Saves take 95 s - base"], False),
    ("title_glued", "94 s", False, ["Saves take 194 s - base"], False),
    ("no_title", "94 s", False, [], False),
]


@pytest.mark.parametrize(
    ("text", "heading", "titles", "allowed"),
    [r[1:] for r in TITLES],
    ids=[r[0] for r in TITLES],
)
def test_a_title_that_repeats_a_claim_may_stand_in_navigation(
    text: str, heading: bool, titles: list[str], allowed: bool
) -> None:
    assert (text in nav_copies([(text, heading)], titles)) is allowed


_RECORD = (
    "id: S1\ntitle: Save benchmark\nlabel: spec\nstatus: active\n"
    "source:\n  issuer: Example Corp\n"
    "figures:\n  save_time: {value: 94, unit: s, what: Save time}\n"
)


def test_check_and_build_agree_on_a_title_in_navigation(tmp_path: Path) -> None:
    """p's title repeats its claim: it passes, in every page's navigation too (the near
    miss, a title holding another figure, is refused at its line before the build reads
    the navigation: the table above)."""
    site = tmp_path / "nav"
    (site / "evidence").mkdir(parents=True)
    (site / "evidence" / "S1.yaml").write_text(_RECORD, "utf-8")
    (site / "docs").mkdir()
    (site / "docs" / "index.md").write_text("# Home\n\nWelcome.\n", "utf-8")
    page = (
        "---\ntitle: Saves take 94 s\n---\n# Saves\n\nA save takes [94 s](evidence:S1#save_time).\n"
    )
    (site / "docs" / "p.md").write_text(page, "utf-8")
    config = "site_name: base\ntheme:\n  name: material\n  font: false\nplugins:\n  - search\n  - fxsite\n"
    (site / "mkdocs.yml").write_text(config, "utf-8")
    outs = check_and_build(site)
    assert [[ln for ln in o.stdout.splitlines() if ": FX" in ln] for o in outs] == [[], []]
    assert [o.returncode for o in outs] == [0, 0]
    assert (site / "site" / "p" / "index.html").is_file()


#: (row, template, the findings' (line, text)): strings a template computes from literals
#: alone, as Jinja folds them (blind79: a ``custom`` language's translation joined with
#: ``~`` from escapes, refused by the build alone, at every generated page's first line).
FOLDED = [
    (
        "literals joined, escapes decoded",
        '{% macro t(key) %}{{ {\n  "a": "Saves take " ~ "\\uFF19\\uFF14"|trim ~ "\\u202F" ~ "sec"\n}[key] }}{% endmacro %}\n',
        [(2, "９４ sec")],
    ),
    ("literals added", '<p>{{ "took 9" + "4 s" }}</p>\n', [(1, "94 s")]),
    ("a literal through a filter", '<p>{{ "took 94 S"|lower }}</p>\n', [(1, "94 s")]),
    ("near miss: words joined", '<p>{{ "Saves " ~ "take time" }}</p>\n', []),
    ("near miss: a name joined", "<p>{{ page.title ~ 's' }}</p>\n", []),
]


@pytest.mark.parametrize(("template", "found"), [r[1:] for r in FOLDED], ids=[r[0] for r in FOLDED])
def test_a_string_a_template_folds_from_literals_is_read(
    template: str, found: list[tuple[int, str]], tmp_path: Path
) -> None:
    (tmp_path / "main.html").write_text(template, "utf-8")
    findings = template_findings(tmp_path, "overrides")
    assert [(f.line, f.text) for f in findings if f.code == "FX501"] == found
