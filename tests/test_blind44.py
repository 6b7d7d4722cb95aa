"""What the forty-fourth blind tester got past the page reader, with ``fxsite check`` and
``fxsite build`` agreeing on every case (no disagreement between them was found):

* Circled numbers past twenty ("㉔ s", "㉟ times", U+3248–325F, U+32B1–32BF) and circled
  ideographs of one to ten: the detector read only ①–⑳ and the dingbats.
* Roman numerals written as several characters ("ⅩⅡ s", "ⅩⅭⅣ seconds") or as Ⅹ: the
  page reader's look-alike fold turned them into the Latin letters NFKC gives them
  ("XII s"), which no reader takes for a number; glued to a letter ("FⅩ100") they still are.
* A ratio of speeds before its noun: "a 1.9 speedup", "a 1.9 speed-up", "a 1.3 slowdown".
* A figure whose words stand in a ruby's base ("<ruby>three<rt>x</rt></ruby> minutes")
  was refused at 1:1: it is placed where its base is written.
* Text a Markdown extension's setting writes with a number put in (a caption's prefix,
  ``pymdownx.blocks.caption``'s ``prefix: "Saves took {} s."``; a footnote's mark,
  ``SUPERSCRIPT_TEXT: "{} s"``; its back link's title, ``BACKLINK_TITLE: "%d seconds"``)
  was refused in the page, at 1:1 or inside a link's address; it is refused at the
  setting's line in ``mkdocs.yml``, and not again in the page.
* Table headers stating a unit in ways the header reader missed: a capitalised unit
  ("Tokens/s"), a sort arrow other than ↓ and ↑ ("(s) ⬇", "(s) ▼", "(s) 🔽"), a squared
  unit ("(㎳)"), a quantity and its unit after an unspaced slash ("Latency/ms", "Time/s").

Korean number words ("구십사초") are not read: the detector reads Korean digits with a
unit ("94초") and "두 배", not Korean numerals spelt out; README says so.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sitekit import CLEAN, copy_site, fxsite_here, library, sentence_errors

from fxsite.pages.judge import judge_rendered
from fxsite.verify.docs_files import docs_file_findings


def _table(header: str, cell: str) -> str:
    return f"| System | {header} |\n|---|---|\n| FX100 | {cell} |"


ROWS = [
    # circled numbers past twenty
    ("circled 24 s", "Each checkpoint save took ㉔ s.", [("FX501", 3, 27)]),
    ("circled 35 times", "Saves are ㉟ times faster.", [("FX501", 3, 11)]),
    ("circled 24 percent", "Saves are ㉔% cheaper.", [("FX501", 3, 11)]),
    ("circled 50 s", "It took ㊿ s.", [("FX501", 3, 9)]),
    ("near miss: a circled list mark", "㉔ Save the checkpoint.", []),
    # Roman numerals
    ("roman XII s", "Each checkpoint save took ⅩⅡ s.", [("FX501", 3, 27)]),
    ("roman XX times", "Saves are ⅩⅩ times faster.", [("FX501", 3, 11)]),
    ("roman XCIV seconds", "Took ⅩⅭⅣ seconds per save.", [("FX501", 3, 6)]),
    ("roman X times", "Saves are Ⅹ times faster.", [("FX501", 3, 11)]),
    ("near miss: a numeral glued to letters", "The FⅩ100 saves checkpoints.", []),
    ("near miss: a chapter", "See chapter Ⅻ.", []),
    # a ratio before its noun
    ("a speedup", "The FX100 delivers a 1.9 speedup on checkpoint saves.", [("FX501", 3, 22)]),
    ("a speed-up", "The FX100 delivers a 1.9 speed-up.", [("FX501", 3, 22)]),
    ("a slowdown", "NFS shows a 1.3 slowdown.", [("FX501", 3, 13)]),
    ("near miss: speedups counted", "We shipped 3 speedups this year.", []),
    ("near miss: a version", "The version 1.9 speedup patch is out.", []),
    # a ruby's base text placed where it is written (it was 1:1)
    ("ruby base in words", "Saves take <ruby>three<rt>x</rt></ruby> minutes.", [("FX501", 3, 18)]),
    ("ruby base, fallback marks", "Saves take <ruby>three<rp>(</rp><rt>x</rt><rp>)</rp></ruby> minutes.", [("FX501", 3, 18)]),
    ("ruby base in digits", "Saves take <ruby>94<rt>x</rt></ruby> minutes.", [("FX501", 3, 18)]),
    ("near miss: furigana", "Read the <ruby>漢字<rt>かんじ</rt></ruby> guide.", []),
    # units stated once in a table header
    ("capitalised rate", _table("Tokens/s", "940"), [("FX501", 5, 11)]),
    ("sort arrow", _table("Time (s) ⬇", "94"), [("FX501", 5, 11)]),
    ("black triangle", _table("Time (s) ▼", "94"), [("FX501", 5, 11)]),
    ("arrow emoji", _table("Time (s) 🔽", "94"), [("FX501", 5, 11)]),
    ("squared unit", _table("Save time (㎳)", "94"), [("FX501", 5, 11)]),
    ("unspaced slash", _table("Latency/ms", "0.42"), [("FX501", 5, 11)]),
    ("unspaced slash, s", _table("Time/s", "94"), [("FX501", 5, 11)]),
    ("near miss: a choice", _table("Yes/No", "1"), []),
    ("near miss: read and write", _table("Read/write", "2"), []),
    ("near miss: a header naming the column", _table("Node", "4"), []),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "errors"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_blind44(sentence: str, errors: list[tuple[str, int, int]]) -> None:
    assert sentence_errors(sentence, library()) == errors


def test_a_text_file_not_utf8_is_refused_at_its_bad_byte(tmp_path: Path) -> None:
    """``docs/notes.txt`` with a Latin-1 byte on line 3 was refused at 1:1 ("byte 27")."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "notes.txt").write_bytes(b"line one\nline two\nSaves caf\xe9 here\n")
    (found,) = docs_file_findings(docs, "notes.txt", "docs/notes.txt")
    assert (found.path, found.line, found.col, found.code) == ("docs/notes.txt", 3, 10, "FX614")
    assert "byte 0xe9 at line 3, column 10" in found.message


def test_a_text_file_in_utf8_passes(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "notes.txt").write_bytes("line one\nline two\nSaves café here\n".encode())
    assert docs_file_findings(docs, "notes.txt", "docs/notes.txt") == []


_CONFIG = """site_name: Fixture
theme:
  name: material
  font: false
markdown_extensions:
  - footnotes:
      SUPERSCRIPT_TEXT: "{mark}"
      BACKLINK_TITLE: "{title}"
  - pymdownx.blocks.caption:
      types:
        - name: figure-caption
          prefix: "{prefix}"
plugins:
  - search
  - fxsite
"""
_PAGE = """# Home

Saves in [94 s](evidence:R1#save_time_fx100) on FX100[^1].

/// figure-caption
Save time per checkpoint.
///

[^1]: Measured on the bench.
"""


def _check_with(tmp_path: Path, command: str = "check", **strings: str) -> list[str]:
    project = copy_site(CLEAN, tmp_path)
    (project / "mkdocs.yml").write_text(_CONFIG.format(**strings), encoding="utf-8")
    for page in (project / "docs").glob("*.md"):
        page.unlink()
    (project / "docs" / "index.md").write_text(_PAGE, encoding="utf-8")
    proc = fxsite_here(command, str(project), cwd=project)
    assert "Traceback" not in proc.stderr
    errors = (_ERROR.match(line) for line in proc.stdout.splitlines())
    return [f"{m[1]}: {m[2]}" for m in errors if m is not None]


#: An error line of ``fxsite check`` (a warning says so after its code).
_ERROR = re.compile(r"^(\S+?:\d+:\d+): (FX\d{3}) (?!warning)")


def test_settings_writing_a_figure_with_a_number_are_refused_at_their_lines(
    tmp_path: Path,
) -> None:
    found = _check_with(
        tmp_path, mark="{} s", title="Back to note %d seconds", prefix="Saves took {} s."
    )
    assert found == ["mkdocs.yml:7:25: FX501", "mkdocs.yml:8:23: FX501", "mkdocs.yml:12:19: FX501"]
    # the build refuses the same, at the same places
    built = _check_with(
        tmp_path / "b",
        "build",
        mark="{} s",
        title="Back to note %d seconds",
        prefix="Saves took {} s.",
    )
    assert built == found


def test_settings_writing_no_figure_pass(tmp_path: Path) -> None:
    found = _check_with(tmp_path, mark="[{}]", title="Back to note %d", prefix="Figure {}.")
    assert found == []


_MARK = '<p>Saved<sup id="fnref:1"><a class="footnote-ref" href="#fn:1">2 s</a></sup>.</p>'
_PREFIX = '<p><span class="caption-prefix">Saves took 2 s.</span> Save time.</p>'

# (name, rendered page, the configuration's shown strings, the figures still told there)
TEMPLATED = [
    ("a mark a template wrote", _MARK, ["10 s"], []),
    ("a prefix a template wrote", _PREFIX, ["Saves took 10 s."], []),
    ("near miss: a mark no setting wrote", _MARK, [], ["2 s"]),
    ("near miss: a prefix of other words", _PREFIX, ["Loads took 10 s."], ["2 s"]),
    ("near miss: a template holding no figure", _PREFIX, ["Figure 10."], ["2 s"]),
]


@pytest.mark.parametrize(
    ("html", "elsewhere", "told"), [r[1:] for r in TEMPLATED], ids=[r[0] for r in TEMPLATED]
)
def test_a_templates_text_in_a_page_is_told_at_its_setting_only(
    html: str, elsewhere: list[str], told: list[str]
) -> None:
    found = judge_rendered(html, "docs/x.md", library(), elsewhere=frozenset(elsewhere))
    assert [f.text for f in found if f.code == "FX501"] == told
