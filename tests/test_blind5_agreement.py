"""Check and build agree on what blind tester F found at 23:47 (issue 20), with no false refusal.

* A right-to-left site builds: the direction the theme sets for the whole
  document (``<html dir>``, Material's ``<body dir>``) is the site's; only an
  element's own ``dir`` that changes the direction around it, on text that could
  hold a figure, is refused (FX504), at its ``dir`` attribute. An Arabic or
  Hebrew paragraph without digits may be ``dir="rtl"``.
* A zero-width joiner or non-joiner between two letters of a script spelt with
  them (Persian, Sinhala: the theme's own strings too) is text; beside or inside a
  number, a unit or a claim, or between Latin letters, it stays refused (FX502),
  at the character's own column.

In-process rows: a page in, ``(code, line, col)`` out, and near misses that pass.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from selectolax.lexbor import LexborHTMLParser
from sitekit import (
    PAGE_PATH,
    check_and_build,
    finding_lines,
    library,
    page_findings,
)

from fxsite.authoring.init import starter_files
from fxsite.evidence.library import Library
from fxsite.pages.config_code import config_code_findings
from fxsite.pages.judge import judge_rendered
from fxsite.verify.drawing import page_notes
from fxsite.verify.reading import hidden_characters
from fxsite.verify.scan import scan_content
from fxsite.verify.theme import is_theme_file

ZWJ, ZWNJ, WJ = "\u200d", "\u200c", "\u2060"


@pytest.fixture(scope="module")
def lib() -> Library:
    return library()


CLAIM = "[94 s](evidence:R1#save_time_fx100)"
BANDWIDTH = "[6.4 GB/s](evidence:R1#bandwidth_fx100)"

# (name, page, [(code, line, col)])
REFUSED = [
    (
        "rtl block holding a claim, after the same claim",
        f'# T\n\nSaves {CLAIM}.\n\n<div dir="rtl" markdown>\nالسرعة {CLAIM} الآن\n</div>\n',
        [("FX504", 5, 6)],
    ),
    ("rtl paragraph with digits", '# T\n\n<p dir="rtl">s 178</p>\n', [("FX504", 3, 4)]),
    (
        "word joiner inside a figure",
        f"# T\n\nThe save took 9{WJ}4 s.\n",
        [("FX502", 3, 16), ("FX501", 3, 15)],  # read as drawn: "94 s" (blind16)
    ),
    ("zwj between latin letters", f"# T\n\nAnother line: xx{ZWJ}yy here.\n", [("FX502", 3, 17)]),
    ("zwnj between digits", f"# T\n\nIt took 9{ZWNJ}4 s.\n", [("FX502", 3, 10), ("FX501", 3, 9)]),
    (
        "zwj between a digit and a unit",
        f"# T\n\nIt took 94{ZWJ}s.\n",
        [("FX502", 3, 11), ("FX501", 3, 9)],  # drawn "94s"
    ),
    (
        "zwnj in an Arabic-script word glued to digits",
        f"# T\n\nمی{ZWNJ}خواهم94\n",
        [("FX502", 3, 3)],
    ),
]

PASSED = [
    ("Arabic paragraph without digits", '# T\n\nReads at {c}.\n\n<p dir="rtl">مرحبا بالعالم</p>\n'),
    ("Hebrew paragraph without digits", '# T\n\nReads at {c}.\n\n<p dir="rtl">שלום עולם</p>\n'),
    ("zwnj in a Persian word", "# T\n\nReads at {c}.\n\nمی\u200cخواهم این را بخوانم.\n"),
    ("zwj in a Sinhala word", "# T\n\nReads at {c}.\n\nශ්\u200dරී ලංකාව\n"),
    ("zwj in a Devanagari word", "# T\n\nReads at {c}.\n\nक्\u200dष\n"),
]


@pytest.mark.parametrize(
    ("page", "expected"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED]
)
def test_refused_at_its_place(
    page: str, expected: list[tuple[str, int, int]], lib: Library
) -> None:
    assert page_findings(page, lib) == sorted(expected)


@pytest.mark.parametrize("page", [r[1] for r in PASSED], ids=[r[0] for r in PASSED])
def test_near_miss_passes(page: str, lib: Library) -> None:
    assert page_findings(page.format(c=BANDWIDTH), lib) == []


# (name, published document, whether FX504 is noted): the gate's side (the theme's markup).
DOCUMENTS = [
    ("theme's rtl body", '<html lang="ar"><body dir="rtl"><p>Saves 94 s</p></body></html>', False),
    ("rtl html", '<html dir="rtl"><body><p>Saves 94 s</p></body></html>', False),
    ("rtl inside rtl body", '<html><body dir="rtl"><div dir="rtl">94 s</div></body></html>', True),
    (
        "rtl paragraph in ltr body",
        '<html><body dir="ltr"><p dir="rtl">s 178</p></body></html>',
        True,
    ),
    (
        "rtl inside ltr inside rtl body",
        '<html><body dir="rtl"><div dir="ltr"><p dir="rtl">s 178</p></div></body></html>',
        True,
    ),
    ("bdo in rtl body", '<html><body dir="rtl"><bdo dir="rtl">s 871</bdo></body></html>', True),
]


@pytest.mark.parametrize(
    ("html", "noted"), [r[1:] for r in DOCUMENTS], ids=[r[0] for r in DOCUMENTS]
)
def test_document_direction_is_the_sites(html: str, noted: bool) -> None:
    root = LexborHTMLParser(html).root
    assert root is not None
    assert any(n.code == "FX504" for n in page_notes(root)) is noted


# (name, text, offsets of hidden characters): the rule on any published text (theme strings too).
TEXTS = [
    ("Sinhala conjunct", "ශ්\u200dරී", []),
    ("Persian word", "می\u200cخواهم", []),
    ("between digits", "9\u200d4", [1]),
    ("Arabic-Indic digits", "٩\u200c٤", [1]),
    ("digit beside a Persian word", "می\u200cخواهم٩", [2]),
    ("latin letters", "x\u200dy", [1]),
    ("zero width space between Persian letters", "می\u200bخواهم", [2]),
    ("at the end of a word", "می\u200c", [2]),
]


@pytest.mark.parametrize(("text", "offsets"), [r[1:] for r in TEXTS], ids=[r[0] for r in TEXTS])
def test_joiners_spelling_a_word_are_text(text: str, offsets: list[int]) -> None:
    assert [at for at, _ in hidden_characters(text)] == offsets


def test_a_joiner_inside_a_claim_stays_refused() -> None:
    text = "94 s می\u200cخواهم"
    assert [at for at, _ in hidden_characters(text, [(0, len(text))])] == [7]
    claim = '<p><a data-fx-ref="R1#save_time_fx100" href="x">94 s می\u200cخواهم</a></p>'
    assert [local.code for local in scan_content(claim).local] == ["FX502"]


def test_the_same_figure_text_on_consecutive_lines_is_placed_at_each(lib: Library) -> None:
    page = (
        f"# T\n\nReads at {BANDWIDTH}.\n\nIt is 1·9× faster.\n\n"
        "It is 1٫9× faster.\n\nIt is 1․9× faster.\n"
    )
    assert page_findings(page, lib) == [("FX501", 5, 9), ("FX501", 7, 9), ("FX501", 9, 7)]


_LINK = '<a class="headerlink" href="#w" title="Permanent link">{}</a>'
_BACK = '<a class="footnote-backref" href="#fnref:1" title="Jump back">{}</a>'
_NOTE = '<div class="footnote"><ol><li id="fn:1"><p>The note.&#160;{}</p></li></ol></div>'

# (name, rendered page, its configuration strings, figures reported on the page)
CONFIG_LINKS = [
    (
        "permalink from the configuration",
        f'<h1 id="w">Welcome{_LINK.format("94 s")}</h1>',
        [],
        "94 s",
    ),
    (
        "the heading's own figure beside it",
        f'<h1 id="w">Saves 94 s{_LINK.format("94 s")}</h1>',
        ["94 s"],
        "94 s",
    ),
    ("a permalink no string wrote", f'<h1 id="w">Welcome{_LINK.format("94 s")}</h1>', ["94 s"], ""),
    ("a unit glued by a permalink", f'<h1 id="w">Took 94{_LINK.format("s")}</h1>', ["94s"], "s"),
    ("footnote back link", _NOTE.format(_BACK.format("94 s")), [], "94 s"),
]


@pytest.mark.parametrize(
    ("html", "reported", "elsewhere"),
    [r[1:] for r in CONFIG_LINKS],
    ids=[r[0] for r in CONFIG_LINKS],
)
def test_a_link_written_from_the_configuration_is_judged_there(
    html: str, reported: list[str], elsewhere: str, lib: Library
) -> None:
    found = judge_rendered(html, PAGE_PATH, lib, elsewhere=[elsewhere] if elsewhere else [])
    assert [f.text for f in found] == reported


# (name, the theme section of mkdocs.yml, what else the project holds): themes whose own
# markup, strings and files the build once refused while check passed; links out of
# docs/ (a file and a folder to the same page) on which the build once dropped a finding;
# enforce: adopt, under which the build publishes what fxsite audit refuses, and says so.
SITES = [
    ("Arabic", "  name: material\n  font: false\n  language: ar\n", ""),
    ("right to left", "  name: material\n  font: false\n  direction: rtl\n", ""),
    ("Sinhala", "  name: material\n  font: false\n  language: si\n", ""),
    ("readthedocs", "  name: readthedocs\n", ""),
    ("links out of docs", "  name: material\n  font: false\n", "links"),
    ("enforce: adopt", "  name: material\n  font: false\n", "adopt"),
]
_RECORD = "id: S1\ntitle: Datasheet\nlabel: spec\nstatus: active\nsource:\n  issuer: Example Corp\nfigures:\n  save: {value: 94, unit: s}\n"
_LINKED = [
    "docs/dir/out.md:3:7: FX501 bare figure '94 s': did you mean [94 s](evidence:S1#save)?",
    "docs/out.md:1:1: FX105 symbolic link leads out of the docs folder: MkDocs would publish what it points at (copy the file in, or remove the link)",
]


def test_check_and_build_agree_on_whole_sites(tmp_path: Path) -> None:
    found = {}
    told = {}
    for name, theme, holds in SITES:
        site = tmp_path / name.replace(" ", "_")
        (site / "evidence").mkdir(parents=True)
        (site / "evidence" / "S1.yaml").write_text(_RECORD, "utf-8")
        (site / "docs").mkdir()
        (site / "docs" / "index.md").write_text("# Welcome\n\nSaves [94 s](evidence:S1#save).\n")
        if holds == "links":
            (site / "outside").mkdir()
            (site / "outside" / "out.md").write_text("# Out\n\nSaves 94 s.\n")
            (site / "docs" / "out.md").symlink_to("../outside/out.md")
            (site / "docs" / "dir").symlink_to("../outside")
        if holds == "adopt":
            (site / "docs" / "old.md").write_text("# Saves 94 s\n")
        plugin = "  - fxsite:\n      enforce: adopt\n" if holds == "adopt" else "  - fxsite\n"
        config = f"site_name: Themes\ntheme:\n{theme}plugins:\n  - search\n{plugin}"
        (site / "mkdocs.yml").write_text(config, "utf-8")
        checked, built = check_and_build(site)
        found[name] = (
            (checked.returncode, finding_lines(checked.stdout, warnings=False)),
            (built.returncode, finding_lines(built.stdout, warnings=False)),
        )
        told[name] = [ln for ln in built.stderr.splitlines() if "fxsite audit refuses" in ln]
    expected = {name: ((0, []), (0, [])) for name, _, _ in SITES}
    expected["links out of docs"] = ((1, _LINKED), (1, _LINKED))
    assert found == expected
    assert {name for name, lines in told.items() if lines} == {"enforce: adopt"}


def test_a_themes_font_drawing_is_the_themes_byte_for_byte() -> None:
    import mkdocs

    font = Path(mkdocs.__file__).parent / "themes/readthedocs/css/fonts/fontawesome-webfont.svg"
    data = font.read_bytes()
    assert is_theme_file(data)
    assert not is_theme_file(data.replace(b"</font>", b'<glyph d="94 s"/></font>', 1))


# (name, the toc extension's options, what the exit-2 message says)
EXTENSION_OPTIONS = [
    (
        "a bad option",
        "      baselevel: nine\n",
        "mkdocs.yml:5: Config value 'markdown_extensions': Failed to load extension 'toc': "
        "ValueError: invalid literal for int() with base 10: 'nine'",
    ),
    ("a good option", "      baselevel: 2\n", ""),
]


@pytest.mark.parametrize(
    ("options", "said"), [r[1:] for r in EXTENSION_OPTIONS], ids=[r[0] for r in EXTENSION_OPTIONS]
)
def test_a_bad_extension_option_is_named_at_its_line(
    options: str, said: str, tmp_path: Path
) -> None:
    from click.testing import CliRunner

    from fxsite.cli import cli

    (tmp_path / "evidence").mkdir()
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Welcome\n")
    config = f"site_name: T\nplugins:\n  - fxsite\nmarkdown_extensions:\n  - toc:\n{options}"
    (tmp_path / "mkdocs.yml").write_text(config)
    result = CliRunner().invoke(cli, ["check", str(tmp_path)])
    assert "Traceback" not in result.output and 'File "' not in result.output
    assert (result.exit_code, said in result.output) == ((2, True) if said else (0, True))


# (name, mkdocs.yml, (line, col) of the one FX507 warning, or None)
FONTS = [
    ("Material's default fonts", "theme:\n  name: material\n", (2, 9)),
    ("theme written as a name", "site_name: T\ntheme: material\n", (2, 8)),
    (
        "fonts of the writer's choice",
        "theme:\n  name: material\n  font:\n    text: Inter\n",
        (4, 5),
    ),
    ("font: false", "theme:\n  name: material\n  font: false\n", None),
    ("another theme", "theme:\n  name: readthedocs\n  highlightjs: false\n", None),
    ("a fresh fxsite init", starter_files("Acme")["mkdocs.yml"], None),
]

_CDN = "https://cdnjs.cloudflare.com/ajax/libs/highlight.js/11.8.0/"
# (name, mkdocs.yml, [(line, col, URL)] of the FX507 warnings): MkDocs' own themes' highlight.js.
HIGHLIGHT = [
    (
        "readthedocs",
        "theme:\n  name: readthedocs\n",
        [(2, 9, "styles/github.min.css"), (2, 9, "highlight.min.js")],
    ),
    (
        "languages and style",
        "theme:\n  name: readthedocs\n  hljs_style: nord\n  hljs_languages: [yaml]\n",
        [
            (2, 9, "styles/nord.min.css"),
            (2, 9, "highlight.min.js"),
            (2, 9, "languages/yaml.min.js"),
        ],
    ),
    (
        "MkDocs' default theme",
        "site_name: T\n",
        [
            (1, 1, "styles/github.min.css"),
            (1, 1, "styles/github-dark.min.css"),
            (1, 1, "highlight.min.js"),
        ],
    ),
    ("highlightjs: false", "theme:\n  name: mkdocs\n  highlightjs: false\n", []),
    ("Material", "theme:\n  name: material\n  font: false\n", []),
]


@pytest.mark.parametrize(
    ("config", "told"), [r[1:] for r in HIGHLIGHT], ids=[r[0] for r in HIGHLIGHT]
)
def test_mkdocs_themes_highlight_js_is_told_once_at_the_theme(
    config: str, told: list[tuple[int, int, str]]
) -> None:
    found = config_code_findings(config, "mkdocs.yml")
    assert [(f.line, f.col, f.text) for f in found] == [(a, b, _CDN + u) for a, b, u in told]


@pytest.mark.parametrize(("config", "place"), [r[1:] for r in FONTS], ids=[r[0] for r in FONTS])
def test_materials_google_fonts_are_told_once_at_the_theme(
    config: str, place: tuple[int, int] | None
) -> None:
    found = [(f.line, f.col) for f in config_code_findings(config, "mkdocs.yml")]
    assert found == ([place] if place else [])
    if place:
        (finding,) = config_code_findings(config, "mkdocs.yml")
        assert finding.text is not None and finding.text.startswith("https://fonts.googleapis.com/")
