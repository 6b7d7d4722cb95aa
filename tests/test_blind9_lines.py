"""Blind test 9 (issue #20 item 2): findings at the line of what they are about.

In-process rows through the one reader check and build share
(:func:`fxsite.markdown.check_page`): a page in, ``(code, line, col)`` of each finding
out; each misplaced row has a near miss placed where it was already right.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sitekit import (
    PAGE_PATH,
    check_and_build,
    finding_lines,
    href_for,
    library,
    page_findings,
    rows_site,
)
from timelimit import cpu_time

from fxsite.evidence.yamlsafe import load_yaml
from fxsite.markdown import PageRenderer, render_page
from fxsite.pages.locate import SourceLocator
from fxsite.pages.page import process_page

LIB = library()
CLAIM = "[94 s](evidence:R1#save_time_fx100)"


@pytest.mark.parametrize(
    ("split", "expected"),
    [
        pytest.param("9<span hidden>x</span>4 s", [("FX501", 5, 16)], id="hidden-attr"),
        pytest.param(
            '9<span style="display:none">x</span>4 s', [("FX501", 5, 16)], id="display-none"
        ),
        pytest.param("9<span hidden><b>x</b></span>4 s", [("FX501", 5, 16)], id="nested-element"),
        pytest.param("9<b></b>4 s", [("FX501", 5, 16)], id="near-miss-empty-tag"),
        pytest.param("9<!-- c -->4 s", [("FX501", 5, 16)], id="near-miss-comment"),
        pytest.param("94 s", [("FX501", 5, 16)], id="near-miss-written-whole"),
    ],
)
def test_hidden_split_after_a_claim_of_its_text_is_placed_at_its_line(
    split: str, expected: list[tuple[str, int, int]]
) -> None:
    source = f"# Home\n\nThe save took {CLAIM}.\n\nEach save took {split} on NFS.\n"
    assert page_findings(source, LIB) == expected


def _codes_at(source: str) -> list[tuple[str, int, int]]:
    loaded = load_yaml(source, "evidence/R2.yaml")
    return [(f.code, f.line, f.col) for f in loaded.findings]


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        pytest.param(
            "id: R2\ntitle: Save\u2028test\nlabel: spec\n", [("FX101", 2, 12)], id="u2028-plain"
        ),
        pytest.param(
            "id: R2\ntitle: Save\u2029test\nlabel: spec\n", [("FX101", 2, 12)], id="u2029-plain"
        ),
        pytest.param(
            "id: R2\ntitle: Save\x85test\nlabel: spec\n", [("FX101", 2, 12)], id="nel-plain"
        ),
        pytest.param(
            'id: R2\ntitle: "Save\u2028test"\nlabel: spec\n', [("FX101", 2, 13)], id="quoted"
        ),
        pytest.param(
            "id: R2\n# a note\u2028label: hidden\nlabel: spec\n",
            [("FX101", 2, 9)],
            id="in-a-comment-hides-a-key",
        ),
        pytest.param(
            "id: R2\ntitle: A\u2028B\u2028C\nlabel: [spec\n",
            [("FX101", 2, 9), ("FX101", 2, 11), ("FX101", 4, 1)],
            id="each-one-and-a-later-error-at-its-line",
        ),
        pytest.param(
            "id: R2\r\ntitle: Save\u2028test\r\nlabel: spec\r\n",
            [("FX101", 2, 12)],
            id="crlf",
        ),
        pytest.param('id: R2\ntitle: "Save\\u2028test"\nlabel: spec\n', [], id="near-miss-escaped"),
        pytest.param("id: R2\ntitle: Save test\nlabel: spec\n", [], id="near-miss-space"),
        pytest.param(
            "id: R2\ntitle: Save test\nlabel: [spec\n", [("FX101", 4, 1)], id="near-miss-error"
        ),
    ],
)
def test_a_yaml_1_1_line_break_is_refused_at_its_own_line(
    source: str, expected: list[tuple[str, int, int]]
) -> None:
    assert _codes_at(source) == expected


@pytest.mark.parametrize(
    ("page", "expected"),
    [
        pytest.param(
            "---\ntitle: Saves\u2028here\n---\n# P2\n\nText.\n", [("FX101", 2, 13)], id="front"
        ),
        pytest.param(
            "---\r\ntitle: Saves\r\ndescription: Saves take\u2028 about 95 s\r\n---\r\n"
            "# P2\r\n\r\nText.\r\n",
            [("FX101", 3, 24), ("FX501", 3, 26)],
            id="front-crlf-and-a-figure-after-it",
        ),
        pytest.param("---\ntitle: Saves here\n---\n# P2\n\nA\u2028B.\n", [], id="near-miss-body"),
    ],
)
def test_a_yaml_1_1_line_break_in_front_matter_is_refused_at_its_line(
    page: str, expected: list[tuple[str, int, int]]
) -> None:
    assert page_findings(page, LIB) == expected


_DEF = "[fx]: evidence:R1#save_time_fx100\n"
_PAGE = "# Home\n\nThe save took [{text}][fx].\n{include}"


@pytest.mark.parametrize(
    ("text", "include", "options", "refs", "claims", "codes"),
    [
        pytest.param(
            "94 s", '\n--8<-- "refs.md"\n', {}, _DEF, ["R1#save_time_fx100"], [], id="include"
        ),
        pytest.param(
            "94 s",
            "",
            {"auto_append": ["refs.md"]},
            _DEF,
            ["R1#save_time_fx100"],
            [],
            id="auto-append",
        ),
        pytest.param(
            "95 s",
            '\n--8<-- "refs.md"\n',
            {},
            _DEF,
            [],
            [("FX403", 3, 15)],
            id="misstated-through-an-include",
        ),
        pytest.param(
            "94 s", '\n--8<-- "refs.md"\n', None, _DEF, [], [], id="near-miss-no-snippets"
        ),
        pytest.param(
            "94 s",
            '\n--8<-- "refs.md"\n',
            {},
            f"```\n{_DEF}```\n",
            [],
            [],
            id="near-miss-definition-in-code",
        ),
    ],
)
def test_a_reference_definition_a_snippet_includes_counts(
    tmp_path: Path,
    text: str,
    include: str,
    options: dict[str, object] | None,
    refs: str,
    claims: list[str],
    codes: list[tuple[str, int, int]],
) -> None:
    (tmp_path / "refs.md").write_text(refs, encoding="utf-8")
    source = _PAGE.format(text=text, include=include)
    settings = {**(options or {}), "base_path": [str(tmp_path)]}
    extensions = ["fenced_code", *([] if options is None else ["pymdownx.snippets"])]
    renderer = PageRenderer(extensions, {"pymdownx.snippets": settings})
    result = process_page(source, PAGE_PATH, LIB, href_for)
    _, context = render_page(result, source, LIB, href_for, renderer)
    assert [c.ref for c in context.claims] == claims
    found = [*result.findings, *context.findings]
    assert [(f.code, f.line, f.col) for f in found if f.code != "FX501"] == codes


def test_check_and_build_read_a_snippets_definition_alike(tmp_path: Path) -> None:
    # mkdocs.yml's snippets settings reach both: an include, auto_append, and a misstated
    # claim through the included definition refused at its own line.
    home = (
        '# Home\n\nThe save took [94 s][fx].\n\n--8<-- "refs.md"\n\n'
        "## More\n\nIt took [99 s][fx] there.\n"
    )
    site = rows_site(tmp_path / "site", home)
    (site / "includes").mkdir()
    (site / "includes" / "refs.md").write_text(_DEF, encoding="utf-8")
    (site / "docs" / "p.md").write_text("# P\n\nIt took [94 s][fx].\n", encoding="utf-8")
    config = site / "mkdocs.yml"
    config.write_text(
        config.read_text("utf-8").replace(
            "  - pymdownx.superfences\n",
            "  - pymdownx.superfences\n  - pymdownx.snippets:\n      base_path: [includes]\n"
            "      auto_append: [refs.md]\n",
        ),
        "utf-8",
    )
    checked, built = check_and_build(site)
    assert finding_lines(checked.stdout + checked.stderr) == finding_lines(
        built.stdout + built.stderr
    )
    assert [line.split(" ", 2)[:2] for line in finding_lines(checked.stdout)] == [
        ["docs/index.md:9:9:", "FX403"]
    ]


@pytest.mark.parametrize(
    "source",
    [
        pytest.param(("9<b>x</b>" * 200 + "\n") * 5, id="many-elements"),
        pytest.param(("9" + "<i>" * 30 + "x" + "</i>" * 30) * 20, id="nested-elements"),
        pytest.param("<span>9" * 2000, id="unclosed-elements"),
    ],
)
def test_a_split_is_looked_for_in_linear_time(source: str) -> None:
    def find() -> object:
        return SourceLocator(source).find("9999999999 zz", "FX501", whole=True)

    cpu_time(find, repeat=3, limit_s=1.0, first=True)
    assert find() is None
