"""``fxsite check`` refuses what ``fxsite build`` refuses, at the source's line.

Each row is a small project (the clean fixture site with files added or
replaced), checked in-process as ``fxsite check`` checks it (the project as
the command loads it, its findings decided by the enforce mode): a fixture
the build refuses must be refused by check at its source line, and its near
miss must pass.
"""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest
from sitekit import CLEAN, fxsite_here

from fxsite.cli import _project
from fxsite.policy import decide

_CUSTOM_DIR = "theme:\n  name: material\n  font: false\n  custom_dir: overrides\n"
_HTML = "<!doctype html><html><body><p>Run a: 100 s. Also saves in 94 s.</p></body></html>\n"
_TEXT = "Run a: 100 s.\nOther: saves in 93 s.\n"
#: mkdocs.yml's plugins again (appended: the last key wins), adopting fxsite.
_PRINTS = '{{% extends "base.html" %}}{{% block content %}}{tag}{{{{ super() }}}}{{% endblock %}}\n'
_BANNER = "---\nbanner: Saves in 94 s\n---\n\n# Banner\n\nText.\n"
_EXTRA = "+extra:\n  parts: [9, 3]\n  speed: 94\n  name: Fast\n"
_EXTRA_TEMPLATES = "+extra_templates: [info.txt]\n"
_ADOPT = "+plugins:\n  - search\n  - fxsite:\n      enforce: adopt\n"
_REF_PAGE = "# A ref\n\nSaves [94 s][fx].\n\n{bare}\n\n[fx]: evidence:R1#save_time_fx100\n"


def _record(rid: str, document: str, text: str | None, publish: bool = True) -> str:
    """A record naming ``document`` (with the sha256 of ``text``; None: no sha256)."""
    sha = "" if text is None else f"  sha256: {hashlib.sha256(text.encode()).hexdigest()}\n"
    return (
        f"id: {rid}\ntitle: Published document\nlabel: spec\nstatus: active\nsource:\n"
        f"  issuer: ACME\n  document: {document}\n{sha}"
        f"  publish_document: {'true' if publish else 'false'}\n"
        "figures:\n  a: {value: 100, unit: s, what: Run a}\n"
    )


# (name, {path: text ("+text": appended), or None to delete}, [(path, line, col, code)]
# check must refuse)
ROWS: list[tuple[str, dict[str, str | None], list[tuple[str, int, int, str]]]] = [
    # The custom_dir's files that are not templates are copied into the site as they are.
    (
        "custom_dir text file",
        {"overrides/notes.txt": "Theme static file.\nSaves in 91 s.\n"},
        [("overrides/notes.txt", 2, 10, "FX501")],
    ),
    (
        "custom_dir stylesheet drawing text",
        {"overrides/assets/extra.css": '.x::after{content:"92 s"}\n'},
        [("overrides/assets/extra.css", 1, 20, "FX506")],
    ),
    (
        "near miss: custom_dir files MkDocs does not copy, or that docs/ replaces",
        {
            "overrides/readme.txt": "Took 91 s.\n",
            "overrides/.icons/x.svg": "<svg><text>91 s</text></svg>\n",
            "overrides/partials/footer.py": "# 91 s\n",
            "overrides/notes.txt": "Took 91 s.\n",
            "docs/notes.txt": "Plain words.\n",
            "overrides/assets/extra.css": ".x{color:red}\n",
        },
        [],
    ),
    # A published report document the gate reads (HTML, or no sha256): at publish_document.
    (
        "published HTML document",
        {
            "evidence/R80.yaml": _record("R80", "reports/R80.html", _HTML),
            "evidence/reports/R80.html": _HTML,
        },
        [("evidence/R80.yaml", 9, 21, "FX501")] * 2 + [("evidence/R80.yaml", 9, 21, "FX613")],
    ),
    (
        "published document with no sha256",
        {
            "evidence/R82.yaml": _record("R82", "reports/R82.txt", None),
            "evidence/reports/R82.txt": _TEXT,
        },
        [("evidence/R82.yaml", 8, 21, "FX501")] * 2,
    ),
    (
        "near miss: a hashed text document published, an HTML one kept back",
        {
            "evidence/R81.yaml": _record("R81", "reports/R81.txt", _TEXT),
            "evidence/reports/R81.txt": _TEXT,
            "evidence/R80.yaml": _record("R80", "reports/R80.html", _HTML, publish=False),
            "evidence/reports/R80.html": _HTML,
        },
        [],
    ),
    # A page of docs/ copied as it is lacks the build's stamp (FX613), as the gate finds.
    (
        "raw HTML page in docs",
        {"docs/raw.html": "<html><body><p>Hi.</p></body></html>\n"},
        [("docs/raw.html", 1, 1, "FX613")],
    ),
    ("near miss: a data file in docs", {"docs/raw.xml": "<data><p>Hi.</p></data>\n"}, []),
    # enforce: adopt refuses a page that cites evidence: a reference-style claim cites it.
    (
        "adopt: a page citing by reference links",
        {"mkdocs.yml": _ADOPT, "docs/a.md": _REF_PAGE.format(bare="Bare 95 s.")},
        [("docs/a.md", 5, 6, "FX501")],
    ),
    (
        "near miss: adopt, a page citing nothing (its definition is not evidence)",
        {
            "mkdocs.yml": _ADOPT,
            "docs/a.md": _REF_PAGE.format(bare="Bare 95 s.").replace(
                "evidence:R1#save_time_fx100", "https://example.com/"
            ),
        },
        [],
    ),
    # A front-matter value the theme's own templates print is the page's shown text too:
    # Material writes `author` into a meta tag, the date fields of git plugins on the page.
    (
        "front-matter value the theme prints (Material's author)",
        {"docs/author.md": _BANNER.replace("banner:", "author:")},
        [("docs/author.md", 2, 18, "FX501")],
    ),
    (
        "front-matter value the theme prints (a git plugin's date)",
        {"docs/dated.md": _BANNER.replace("banner: Saves", "git_revision_date_localized: took")},
        [("docs/dated.md", 2, 38, "FX501")],
    ),
    (
        "near miss: an author without a figure, a field no template prints",
        {"docs/jane.md": _BANNER.replace("banner: Saves in 94 s", "author: Jane Doe\nmood: 94 s")},
        [],
    ),
    # A front-matter value a custom_dir template prints is the page's shown text.
    (
        "front-matter value a template prints",
        {"overrides/main.html": _PRINTS.format(tag="{{ page.meta.banner }}"), "docs/b.md": _BANNER},
        [("docs/b.md", 2, 18, "FX501")],
    ),
    (
        "front-matter value a template prints, by its key",
        {
            "overrides/main.html": _PRINTS.format(tag="{{ page.meta['banner'] }}"),
            "docs/b.md": _BANNER,
        },
        [("docs/b.md", 2, 18, "FX501")],
    ),
    (
        "near miss: a template that only tests the value, a printed value without a figure",
        {
            "overrides/main.html": _PRINTS.format(tag="{% if page.meta.banner %}x{% endif %}")
            + "{{ page.meta.motto }}",
            "docs/b.md": _BANNER,
            "docs/c.md": "---\nmotto: Saves a lot\n---\n\n# C\n",
        },
        [],
    ),
    # What a template's expression writes, evaluated with the configuration's values only.
    (
        "template expression writing a figure",
        {"overrides/partials/copyright.html": "<p>Saved in {{ 90 + 4 }} s.</p>\n"},
        [("overrides/partials/copyright.html", 1, 13, "FX501")],
    ),
    (
        "template expressions on the configuration's extra",
        {
            "mkdocs.yml": _EXTRA,
            "overrides/main.html": _PRINTS.format(
                tag='Took {{ config.extra.parts|join("") }} s.\n'
                'Or {{ "%d"|format(config.extra.speed) }} s.'
            ),
        },
        [("overrides/main.html", 1, 50, "FX501"), ("overrides/main.html", 2, 4, "FX501")],
    ),
    (
        "near miss: a page's value, a number with no unit, a word from extra",
        {
            "mkdocs.yml": _EXTRA,
            "overrides/main.html": _PRINTS.format(
                tag="{{ page.title }}. Took {{ 90 + 4 }}. {{ config.extra.name }} s."
            ),
        },
        [],
    ),
    # A file of extra_templates is rendered with Jinja, not copied: read as it is written.
    (
        "extra_templates file writing a figure",
        {"mkdocs.yml": _EXTRA_TEMPLATES, "docs/info.txt": "Saved in {{ 90 + 4 }} s.\n"},
        [("docs/info.txt", 1, 10, "FX501")],
    ),
    (
        "near miss: extra_templates file, a number with no unit, a page's value",
        {
            "mkdocs.yml": _EXTRA_TEMPLATES,
            "docs/info.txt": "Took {{ 90 + 4 }}.\nSaved in {{ page.title }} s.\n",
        },
        [],
    ),
]


def _project_with(tmp_path: Path, files: dict[str, str | None]) -> Path:
    root = tmp_path / "site"
    shutil.copytree(CLEAN, root, ignore=shutil.ignore_patterns("site", ".cache"))
    config = root / "mkdocs.yml"
    text = config.read_text("utf-8").replace("theme:\n  name: material\n  font: false\n", "")
    config.write_text(text + _CUSTOM_DIR, "utf-8")
    (root / "overrides").mkdir()
    for rel, content in files.items():
        path = root / rel
        if content is None:
            path.unlink()
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        if content.startswith("+"):  # appended to the file
            content = path.read_text("utf-8") + content[1:]
        path.write_text(content, "utf-8")
    return root


def _refused(root: Path) -> list[tuple[str, int, int, str]]:
    project, _, mode, _ = _project(root)
    verdict = decide(project.check(), mode, project.adopted)
    return sorted((f.path, f.line, f.col, f.code) for f in verdict.refusals)


@pytest.mark.parametrize(("files", "expected"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_check_refuses_what_the_build_refuses(
    files: dict[str, str | None], expected: list[tuple[str, int, int, str]], tmp_path: Path
) -> None:
    assert _refused(_project_with(tmp_path, files)) == sorted(expected)


def test_reference_style_claims_are_the_pages_data_sources() -> None:
    from sitekit import fixture_renderer, href_for, library

    from fxsite.markdown import render_page
    from fxsite.pages.page import process_page

    page = _REF_PAGE.format(bare="Bare words.").replace("Saves [94 s][fx]", "Saves [94 s][FX] [x]")
    page += "[x]: evidence:R2#a\n"
    result = process_page(page, "docs/a.md", library(), href_for)
    _, context = render_page(result, page, library(), href_for, fixture_renderer())
    assert [c.ref for c in context.claims] == ["R1#save_time_fx100"]
    # R2 is superseded: refused at its link
    assert [f.code for f in context.findings if f.code.startswith("FX4")] == ["FX407"]


@pytest.mark.slow
def test_check_and_build_agree_on_every_row(tmp_path: Path) -> None:
    """Every refused row in one site, not enforcing (the build runs to its last gate):
    check and build report the very same findings, each at a source."""
    files: dict[str, str | None] = {}
    for name, row, _ in ROWS:
        if not name.startswith("near miss") and "mkdocs.yml" not in row:
            files.update(row)
    root = _project_with(tmp_path, files)
    config = root / "mkdocs.yml"
    config.write_text(config.read_text("utf-8") + _ADOPT.replace("adopt", "false")[1:], "utf-8")
    checked = fxsite_here("check", ".", cwd=root)
    built = fxsite_here("build", ".", cwd=root)
    assert "Traceback" not in checked.stderr + built.stderr
    assert built.returncode == 0, built.stdout + built.stderr

    def lines(out: str) -> list[str]:
        return sorted(line for line in out.splitlines() if ": FX" in line and "FX309" not in line)

    # Rows with their own mkdocs.yml (enforce: adopt, extra) are in no other row's site.
    expected = {e for _, row, rows in ROWS if "mkdocs.yml" not in row for e in rows}
    found = {tuple(line.split(": ", 1)[0].split(":")) for line in lines(checked.stdout)}
    assert {(p, int(line), int(col)) for p, line, col in found} == {e[:3] for e in expected}
    assert lines(checked.stdout) == lines(built.stdout)


@pytest.mark.slow
def test_an_extra_template_is_refused_by_the_build_at_its_source(tmp_path: Path) -> None:
    """MkDocs renders an ``extra_templates`` file with Jinja: the build refuses the figure
    it writes at the file's line in docs/, as check does, and publishes nothing."""
    name, files, _ = next(r for r in ROWS if r[0] == "extra_templates file writing a figure")
    root = _project_with(tmp_path, files)
    checked = fxsite_here("check", ".", cwd=root)
    built = fxsite_here("build", ".", cwd=root)
    assert "Traceback" not in checked.stderr + built.stderr
    assert built.returncode != 0 and not (root / "site" / "index.html").exists()

    def lines(out: str) -> list[str]:
        return sorted(line for line in out.splitlines() if ": FX" in line and "FX309" not in line)

    assert [line.split(": ")[0] for line in lines(built.stdout)] == ["docs/info.txt:1:10"], name
    assert lines(checked.stdout) == lines(built.stdout)


@pytest.mark.parametrize(
    "tag",
    [
        '{{ "a" * 10**9 }}',
        "{{ [1] * 10**9 }}",
        "{{ (9**64)**64 }}",
        '{{ "%999999d" | format(1) }}',
        '{{ "%999999d" % 1 }}',
        '{{ "ab".center(99999) }}',
        "{{ lipsum(99) }}",
        "{{ range(99999) | join }}",
        "{{ config.extra.__class__ }}",
        "{{ config.items() }}",
        "{{ " + "(" * 500 + "1" + ")" * 500 + " }}",
    ],
)
def test_a_template_expression_that_would_write_too_much_is_blank(tag: str) -> None:
    """Jinja's sandbox, capped: quick, never a traceback, and no evaluated value written
    (the tag blanked but for its own string literals)."""
    import time

    from fxsite.pages.template_text import rendered

    start = time.monotonic()
    out = rendered(f"<p>{tag} s</p>")
    assert time.monotonic() - start < 0.5
    assert len(out) == len(tag) + 9 and out.endswith(" s</p>")
    assert out[3:-5].strip() in {"", "a", "%999999d", "ab"}


@pytest.mark.parametrize(
    ("template", "printed"),
    [
        ("{{ page.meta.banner }}", {"banner"}),
        ("{% set when = page.meta.updated %}{{ when }}", {"updated"}),
        ("{% for f in page.meta.source %}<li>{{ f }}</li>{% endfor %}", {"source"}),  # MkDocs'
        ("{% if page.meta.banner %}x{% endif %}", set()),  # near miss: only tested
    ],
)
def test_the_keys_a_template_prints(tmp_path: Path, template: str, printed: set[str]) -> None:
    from fxsite.pages.template_text import printed_meta

    (tmp_path / "main.html").write_text(template, "utf-8")
    assert printed_meta([tmp_path, tmp_path / "missing"]) == printed


def test_the_installed_themes_print_their_fields() -> None:
    import material
    import mkdocs

    from fxsite.pages.template_text import printed_meta

    mkdocs_theme = Path(mkdocs.__file__).parent / "themes" / "mkdocs"
    assert "source" in printed_meta([], [mkdocs_theme])
    material_keys = printed_meta([], [Path(material.__file__).parent / "templates"])
    assert {"author", "git_revision_date_localized"} <= material_keys


def test_each_item_of_a_printed_list_is_the_pages_text() -> None:
    from fxsite.pages.frontmatter import read_front_matter

    page = "---\nsource: [main.py, took 30 s]\n---\n# A\n"
    front = read_front_matter(page, "docs/a.md", printed={"source"})
    assert [t.text for t in front.shown] == ["main.py", "took 30 s"]
    assert read_front_matter(page, "docs/a.md").shown == []  # near miss: nothing prints it
