"""fxsite.pages.page.process_page on small sources: bare figures everywhere a reader
sees text, claims resolved at their line:col, blocks, front matter, related pages."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from functools import partial
from pathlib import Path

import markdown
import pytest
from bs4 import BeautifulSoup
from sitekit import CLEAN, FIXTURE_EXTENSIONS, href_for, library

from fxsite.evidence.library import Library, load_library
from fxsite.findings import Finding
from fxsite.markdown import FxsiteExtension, PageRenderer, check_page, render_page
from fxsite.pages.context import PageContext
from fxsite.pages.page import process_page
from fxsite.project import Project
from fxsite.project_paths import ProjectPaths
from fxsite.render.charts import render_chart, render_chart_cached

PATH = "docs/p.md"


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


RENDERER = PageRenderer(FIXTURE_EXTENSIONS, {})


def _rendered(source: str, lib: Library) -> tuple[str, PageContext]:
    """``source`` processed and rendered as the build does: its HTML and context."""
    result = process_page(source, PATH, lib, href_for)
    html, context = render_page(result, source, lib, href_for, RENDERER)
    context.findings[:0] = result.findings
    return html, context


def _findings(source: str, lib: Library) -> list[tuple[int, int, str, str | None]]:
    _, findings = check_page(source, PATH, lib, href_for, RENDERER)
    assert all(f.path == PATH for f in findings)
    return sorted((f.line, f.col, f.code, f.text) for f in findings)


# Every place a reader sees text, each with one bare figure at a known position.
PAGE = """\
---
title: Saves 2x faster
faq:
  - q: Why 5% more?
    a: Because it is 3 minutes faster.
---

# Heading with 50% gain

Body has 178 s here.

- list item costs $1.2M
1. numbered 3 minutes

| a | b |
|---|---|
| 94 s | x |

!!! note "Title 3x"

    Admonition body 6 GB/s.

??? tip

    Details body ~3,560 s.

```text
fenced 178 s
```

~~~
tilde 178 s
~~~

!!! note

    ```
    fenced in admonition 5%
    ```

Inline `178 s` code and <!-- 9 s --> comments and https://x.y/5% URLs.

    indented code 178 s

```evidence-table
caption: Save 5% time
rows:
  - [Save time, R1#save_time_baseline]
  - [Other 7 s, R1#save_time_fx100]
```
"""


def test_bare_figures_everywhere_at_their_line_and_col(lib: Library) -> None:
    assert _findings(PAGE, lib) == [
        (2, 14, "FX501", "2x"),  # front-matter title
        (4, 12, "FX501", "5%"),  # FAQ question
        (5, 22, "FX501", "3 minutes"),  # FAQ answer
        (8, 16, "FX501", "50%"),  # heading
        (10, 10, "FX501", "178 s"),  # body
        (12, 19, "FX501", "$1.2M"),  # bullet list
        (13, 13, "FX501", "3 minutes"),  # numbered list
        (17, 3, "FX501", "94 s"),  # table
        (19, 17, "FX501", "3x"),  # admonition title
        (21, 21, "FX501", "6 GB/s"),  # admonition body
        (25, 18, "FX501", "~3,560 s"),  # details body
        (46, 15, "FX501", "5%"),  # evidence-table caption
        (49, 12, "FX501", "7 s"),  # evidence-table prose cell
    ]


def test_description_on_one_line(lib: Library) -> None:
    source = "---\ndescription: It takes about 10 hours.\n---\n\n# T\n"
    assert _findings(source, lib) == [(2, 23, "FX501", "about 10 hours")]


def test_folded_description_is_positioned_on_its_own_line(lib: Library) -> None:
    source = "---\ndescription: >-\n  It takes\n  about 10 hours.\n---\n"
    assert _findings(source, lib) == [(4, 3, "FX501", "about 10 hours")]


def test_folded_faq_answer_is_positioned_on_its_own_line(lib: Library) -> None:
    source = "---\nfaq:\n  - q: Why?\n    a: >-\n      Line one\n      and 50% more.\n---\n"
    assert _findings(source, lib) == [(6, 11, "FX501", "50%")]


def test_quoted_title_is_positioned_inside_the_quotes(lib: Library) -> None:
    assert _findings('---\ntitle: "Saves 2x"\n---\n', lib) == [(2, 15, "FX501", "2x")]


@pytest.mark.parametrize(
    ("source", "says"),
    [
        # A link in a plain-text field: the reader sees the figure bare; the message says why.
        (
            "---\nfaq:\n  - q: Is it [94 s](evidence:R1#save_time_fx100)?\n    a: Yes.\n---\n",
            "not read",
        ),
        ('---\ntitle: "Saves in [94 s](evidence:R1#save_time_fx100)"\n---\n', "not read"),
        # Near miss: the same figure bare, without a link, is told the claim to write, and where.
        (
            "---\nfaq:\n  - q: Is an FX100 save 94 s?\n    a: Yes.\n---\n",
            "cite it in its answer as [94 s](evidence:R1#save_time_fx100)",
        ),
    ],
)
def test_a_link_in_a_plain_text_field_is_named_as_not_read(
    lib: Library, source: str, says: str
) -> None:
    _, result = _rendered(source, lib)
    messages = [f.message for f in result.findings if f.code == "FX501"]
    assert len(messages) == 1 and says in messages[0], messages


@pytest.mark.parametrize(
    ("block", "says"),
    [
        (
            "```evidence-chart\ntitle: FX100 saves in 94 s\nbars:\n"
            "  - {label: FX100, ref: R1#save_time_fx100}\n```\n",
            "in a chart's title (plain text): take it out and give it a bar "
            "({label: …, ref: R1#save_time_fx100})",
        ),
        (
            "```evidence-chart\ntitle: Saves\nbars:\n"
            "  - {label: FX100 at 94 s, ref: R1#save_time_fx100}\n```\n",
            "in a bar's label (plain text)",
        ),
        (
            "```evidence-chart\ntitle: Saves\ncallout: {ref: R1#save_speedup, text: 94 s saved}\n"
            "bars:\n  - {label: FX100, ref: R1#save_time_fx100}\n```\n",
            "in a chart's callout (plain text)",
        ),
        # Near miss: a table cell can hold a reference, and is told to.
        (
            "```evidence-table\nheader: [Run, Time]\nrows:\n  - [FX100, 94 s]\n```\n",
            "in a cell: write the cell as R1#save_time_fx100",
        ),
    ],
)
def test_block_text_is_told_where_its_figure_can_go(lib: Library, block: str, says: str) -> None:
    result = process_page("# T\n\n" + block, PATH, lib, href_for)
    messages = [f.message for f in result.findings if f.code == "FX501"]
    assert len(messages) == 1 and says in messages[0], messages


def test_code_is_not_prose(lib: Library) -> None:
    source = (
        "```\n178 s\n```\n\n~~~\n5%\n~~~\n\nInline `1.9x` code.\n\n    indented 178 s\n\n"
        "!!! note\n\n    ```\n    6 GB/s\n    ```\n"
    )
    assert _findings(source, lib) == []


@pytest.mark.parametrize(
    "name",
    [
        "MkDocs 1.6",
        "Qwen-7B",
        "8-GPU",
        "G1–G4",
        "R1",
        "YOLOv8",
        "Atlas 910B",
        "32B LoRA",
        "2026-03-14",
        "20 saves",
        "step 3",
    ],
)
def test_names_are_not_figures(lib: Library, name: str) -> None:
    assert _findings(f"# Notes\n\nWe used {name} here.\n\n- {name}\n", lib) == []


def test_claims_are_resolved_at_their_line_and_col(lib: Library) -> None:
    source = (
        "---\ntitle: T\n---\n\n# T\n\n"
        "Fell from [179 s](evidence:R1#save_time_baseline) to\n"
        "   [94 s](evidence:R11#save_time_fx100), [1.90×](evidence:R1#save_speedup),\n"
        "[1.9%](evidence:R1#save_speedup) [](evidence:R3#save_time_fx100)\n"
        "[](evidence:R2#save_time_fx100) [](evidence:R1) [](evidence:R1#nope)\n"
        "and [94 s](evidence:R1#save_time_fx100) is right.\n"
    )
    _, result = _rendered(source, lib)
    assert sorted((f.line, f.col, f.code) for f in result.findings) == [
        (7, 11, "FX403"),
        (8, 4, "FX401"),
        (8, 42, "FX404"),
        (9, 1, "FX405"),
        (9, 34, "FX406"),
        (10, 1, "FX407"),
        (10, 33, "FX408"),
        (10, 49, "FX402"),
    ]
    hints = {f.code: f.message for f in result.findings}
    assert "did you mean 'R1'?" in hints["FX401"]
    assert "superseded by R1" in hints["FX407"]
    assert [c.ref for c in result.claims] == ["R1#save_time_fx100"]


def test_claims_in_admonitions_and_faq_answers(lib: Library) -> None:
    source = (
        "---\nfaq:\n  - q: How fast?\n    a: It is [2.0×](evidence:R1#save_speedup) faster.\n---\n"
        "\n!!! note\n\n    Saves [178 s](evidence:R1#save_time_fx100).\n"
    )
    assert _findings(source, lib) == [
        (4, 14, "FX403", "2.0×"),
        (9, 11, "FX403", "178 s"),
    ]


def test_rendered_page_holds_the_claims(lib: Library) -> None:
    source = (
        "# T\n\nFell from [178 s](evidence:R1#save_time_baseline), [](evidence:R1#run_total).\n"
    )
    result = process_page(source, PATH, lib, href_for)
    assert result.findings == []
    # Claims stay links in the page's Markdown; the Markdown extension renders them.
    assert "[178 s](evidence:R1#save_time_baseline)" in result.markdown
    extension = FxsiteExtension()
    extension.use_context(lambda: PageContext(lib, href_for, PATH))
    rendered = markdown.markdown(result.markdown, extensions=[extension])
    parsed = BeautifulSoup(rendered, "html.parser")
    claims = parsed.select("a.fx-claim")
    assert [(a["data-fx-ref"], a["href"]) for a in claims] == [
        ("R1#save_time_baseline", "evidence/R1/#save_time_baseline"),
        ("R1#run_total", "evidence/R1/#run_total"),
    ]
    assert claims[1].contents[0] == "3,560\u00a0s"
    assert "[178 s]" not in rendered


def test_code_keeps_its_evidence_links_verbatim(lib: Library) -> None:
    source = "Text `[9 s](evidence:R1#x)`\n\n```\n[9 s](evidence:R9#y)\n```\n"
    result = process_page(source, PATH, lib, href_for)
    assert result.findings == [] and result.claims == []
    assert result.markdown == source


def test_refused_claim_is_shown_as_its_text(lib: Library) -> None:
    html, context = _rendered("[<b>9 s</b>](evidence:R9#x)\n", lib)
    assert context.claims == [] and [f.code for f in context.findings] == ["FX401"]
    assert (
        '<span class="fx-claim-refused" data-fx-stale="R9#x">&lt;b&gt;9 s&lt;/b&gt;</span>' in html
    )


@pytest.mark.parametrize(
    ("source", "shown"),
    [
        # blind65: a claim that was to show its value, to a record it cannot read, was a blank
        ("Took [](evidence:R9#x).\n", "<code>evidence:R9#x</code>"),
        ("Took [ ](evidence:R1#nope).\n", "<code>evidence:R1#nope</code>"),
        # near miss: a refused claim with text shows its text, no code
        ("Took [9 s](evidence:R9#x).\n", ">9 s</span>"),
    ],
)
def test_a_refused_claim_is_never_blank(source: str, shown: str, lib: Library) -> None:
    html, context = _rendered(source, lib)
    assert context.claims == [] and context.findings
    assert shown in html
    assert ("<code>" in html) == ("<code>" in shown)


def test_evidence_table_renders_claims_and_refuses_unknown_refs(lib: Library) -> None:
    source = (
        '# T\n\n```evidence-table\nheader: ["", Baseline, FX100]\nrows:\n'
        "  - [Save time, R1#save_time_baseline, R1#save_time_fx100]\n"
        "  - [Load, R9#load_speedup, R1#load_speedu]\n```\n"
    )
    result = process_page(source, PATH, lib, href_for)
    assert sorted((f.line, f.col, f.code) for f in result.findings) == [
        (7, 12, "FX401"),
        (7, 29, "FX402"),
    ]
    assert "did you mean 'load_speedup'?" in next(
        f.message for f in result.findings if f.code == "FX402"
    )


def test_evidence_table_clean(lib: Library) -> None:
    source = (
        '```evidence-table\ncaption: Save\nheader: ["", Baseline, FX100]\nrows:\n'
        "  - [Save time, R1#save_time_baseline, R1#save_time_fx100]\n```\n"
    )
    result = process_page(source, PATH, lib, href_for)
    assert result.findings == []
    table = BeautifulSoup(result.markdown, "html.parser").table
    assert table is not None
    assert [a["data-fx-ref"] for a in table.select("td a.fx-claim")] == [
        "R1#save_time_baseline",
        "R1#save_time_fx100",
    ]
    assert table.caption is not None and table.caption.get_text() == "Save"


def test_chart_with_mixed_units_is_refused(lib: Library) -> None:
    source = (
        "Intro.\n\n```evidence-chart\ntitle: Mixed\nbars:\n"
        "  - {label: A, ref: R1#save_time_baseline}\n  - {label: B, ref: R1#save_speedup}\n```\n"
    )
    result = process_page(source, PATH, lib, href_for)
    assert [f.format() for f in result.findings] == [
        "docs/p.md:4:8: FX604 all bars of a chart share one unit; found s, ×"
    ]
    assert "<svg" not in result.markdown


def test_chart_renders_svg(lib: Library) -> None:
    source = (
        "```evidence-chart\ntitle: Save time\nbars:\n"
        "  - {label: Baseline, ref: R1#save_time_baseline}\n"
        "  - {label: FX100, ref: R1#save_time_fx100}\n```\n"
    )
    result = process_page(source, PATH, lib, href_for, render_chart)
    assert result.findings == []
    assert "<svg" in result.markdown
    assert [c.ref for c in result.claims] == ["R1#save_time_baseline", "R1#save_time_fx100"]
    # Without a drawer (fxsite check) the chart is checked but not drawn.
    checked = process_page(source, PATH, lib, href_for)
    assert checked.findings == [] and "<svg" not in checked.markdown
    assert [c.ref for c in checked.claims] == [c.ref for c in result.claims]


def test_chart_that_cannot_be_drawn_is_refused_in_check() -> None:
    source = "```evidence-chart\ntitle: Change\nbars:\n  - {label: Saving, ref: R1#neg}\n```\n"
    lib = load_library(CLEAN / "evidence", CLEAN)  # its own: a figure is added to it
    lib.figures["R1#neg"] = replace(lib.figures["R1#save_time_fx100"], name="neg", low=Decimal(-5))
    result = process_page(source, PATH, lib, href_for)
    assert [(f.line, f.col, f.code) for f in result.findings] == [(2, 8, "FX604")]
    assert "negative values" in result.findings[0].message


def test_chart_cache_reuses_a_drawn_chart(lib: Library, tmp_path: Path) -> None:
    source = (
        "```evidence-chart\ntitle: Save time\nbars:\n"
        "  - {label: Baseline, ref: R1#save_time_baseline}\n```\n"
    )
    draw = partial(render_chart_cached, cache_dir=tmp_path)
    first = process_page(source, PATH, lib, href_for, draw).markdown
    (cached,) = tmp_path.glob("chart-*.html")
    cached.write_text("<figure>from the cache</figure>", encoding="utf-8")
    assert "from the cache" in process_page(source, PATH, lib, href_for, draw).markdown
    assert "<svg" in first


def _project() -> Project:
    project = Project(
        ProjectPaths(root=CLEAN, docs_dir=CLEAN / "docs", evidence_dir=CLEAN / "evidence")
    )
    project.load()
    return project


def test_related_missing_page_is_refused() -> None:
    source = "---\nrelated:\n  - index.md\n  - anaylsis.md\n  - title: Only a title\n---\n# T\n"
    result = _project().process("p.md", source, href_for, ["index.md", "analysis.md", "p.md"])
    assert result.findings == [
        Finding(
            "docs/p.md",
            4,
            5,
            "FX602",
            "related page 'anaylsis.md' does not exist (did you mean 'analysis.md'?)",
        )
    ]
    assert [(r.page, r.title) for r in result.related] == [
        ("index.md", None),
        ("anaylsis.md", None),
        (None, "Only a title"),
    ]


def test_related_may_not_escape_docs() -> None:
    source = "---\nrelated:\n  - ../mkdocs.yml\n---\n"
    result = _project().process("p.md", source, href_for, ["../mkdocs.yml"])
    assert [(f.line, f.col, f.code) for f in result.findings] == [(3, 5, "FX602")]


def test_related_title_only_entry_passes() -> None:
    source = "---\nrelated:\n  - title: Inference storage planning\n  - {page: index.md, title: Home}\n---\n"
    result = _project().process("p.md", source, href_for, ["index.md"])
    assert result.findings == []


def test_invalid_front_matter_entries(lib: Library) -> None:
    source = "---\ntitle: [a]\nrelated: 5\nfaq:\n  - q: only a question\n---\n"
    assert [(f.line, f.code) for f in process_page(source, PATH, lib, href_for).findings] == [
        (2, "FX601"),
        (3, "FX601"),
        (5, "FX603"),
    ]


def test_bare_figure_message_suggests_the_claim_to_write(lib: Library) -> None:
    source = "# T\n\nA baseline save took 178 s, on FX100 about 94 seconds, and 12 ms.\n"
    messages = [f.message for f in check_page(source, PATH, lib, href_for, RENDERER)[1]]
    assert messages == [
        "bare figure '178 s': did you mean [178 s](evidence:R1#save_time_baseline)?",
        "bare figure 'about 94 seconds': did you mean about [94 seconds](evidence:R1#save_time_fx100)?",
        "bare figure '12 ms': cite its record as [12 ms](evidence:ID#figure), or remove it",
    ]


_HEAD = (
    "```evidence-chart\ntitle: Save time\n{extra}bars:\n"
    "  - {{label: Baseline, ref: R1#save_time_baseline}}\n"
    "  - {{label: FX100, ref: R1#save_time_fx100}}\n```\n"
)


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        # refused
        ("highlight: FX200\n", ["3:12: FX604"]),
        ("highlight: [FX100]\n", ["3:12: FX604"]),
        ("callout: R1#save_speedup\n", ["3:10: FX604"]),
        ("callout: {ref: R1#save_speedup, words: x}\n", ["3:10: FX604"]),
        ("callout: {ref: R9#save_speedup}\n", ["3:16: FX401"]),
        ("callout: {ref: R1#save_speedup, text: saves 84 s}\n", ["3:45: FX501"]),
        # near misses that pass
        ("highlight: FX100\n", []),
        ("callout: {ref: R1#save_speedup, text: faster saves}\n", []),
        ("highlight: FX100\ncallout: {ref: R1#save_speedup}\n", []),
    ],
)
def test_chart_highlight_and_callout(lib: Library, extra: str, expected: list[str]) -> None:
    result = process_page(_HEAD.format(extra=extra), PATH, lib, href_for, render_chart)
    assert [f"{f.line}:{f.col}: {f.code}" for f in result.findings] == expected
    if expected:
        return
    page = BeautifulSoup(result.markdown, "html.parser")
    figure = page.select_one("figure.fx-chart")
    assert figure is not None
    # The title comes first, then the callout (a claim), then the two drawings.
    assert [c.name for c in figure.find_all(recursive=False)][:2] == [
        "figcaption",
        "p" if "callout" in extra else "svg",
    ]
    if "callout" in extra:
        claim = figure.select_one(".fx-chart-callout a.fx-claim")
        assert claim is not None and claim["data-fx-ref"] == "R1#save_speedup"
        assert "R1#save_speedup" in [c.ref for c in result.claims]
    wide, narrow = figure.select("svg")
    assert "fx-chart-svg--wide" in wide["class"] and "fx-chart-svg--narrow" in narrow["class"]
