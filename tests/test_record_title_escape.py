"""A record's title with quotes or an ampersand, in each theme: check and build agree.

A generated page's title is given to the theme escaped (MkDocs and Material print
titles unescaped). MkDocs' ``readthedocs`` theme also copies it into a script
(``var mkdocs_page_name = {{ page.title|tojson }}``), where an entity is read as
written: an apostrophe escaped as ``&#x27;`` read "x27", a multiplier to the gate, and
the build refused what check passed. Titles are escaped with entities that hold no
digit (``&quot;``, ``&amp;``, ``&lt;``, ``&gt;``; an apostrophe is left as it is,
which no template's double-quoted attribute needs escaped).
"""

from __future__ import annotations

import html
import shutil
from pathlib import Path

import pytest
from sitekit import CLEAN, check_and_build, finding_lines

from fxsite.mkdocs_generated import escaped_title

# (the record's title in YAML, the title text a reader sees)
TITLES = [
    ('"Vendor\'s checkpoint test"', "Vendor's checkpoint test"),
    ("'Say \"fast\" checkpoint test'", 'Say "fast" checkpoint test'),
    ('"Save & restore <fixture>"', "Save & restore <fixture>"),
]


@pytest.mark.parametrize(
    "title,text", TITLES, ids=["apostrophe", "double quotes", "ampersand and angles"]
)
def test_escaped_title_holds_no_digit_and_reads_back(title: str, text: str) -> None:
    escaped = escaped_title(text)
    assert not any(ch.isdigit() for ch in escaped)
    assert html.unescape(escaped) == text
    assert "<" not in escaped and '"' not in escaped


def test_check_and_build_agree_on_a_record_title_with_quotes_in_readthedocs(tmp_path: Path) -> None:
    theme = "readthedocs"
    site = tmp_path / theme
    shutil.copytree(CLEAN / "evidence", site / "evidence")
    record = site / "evidence" / "R1.yaml"
    lines = record.read_text("utf-8").splitlines(keepends=True)
    lines = [f"title: {TITLES[0][0]}\n" if line.startswith("title:") else line for line in lines]
    record.write_text("".join(lines), "utf-8")
    (site / "docs").mkdir()
    (site / "docs" / "index.md").write_text(
        "# Home\n\nSaves take [94 s](evidence:R1#save_time_fx100).\n", "utf-8"
    )
    (site / "mkdocs.yml").write_text(
        f"site_name: Titles\ntheme:\n  name: {theme}\n  highlightjs: false\n  font: false\n"
        "plugins:\n  - search\n  - fxsite\n",
        "utf-8",
    )
    checked, built = check_and_build(site)
    found = finding_lines(built.stdout, warnings=False)
    assert finding_lines(checked.stdout, warnings=False) == found == []
    assert (checked.returncode, built.returncode) == (0, 0), built.stdout
    page = (site / "site" / "evidence" / "R1" / "index.html").read_text("utf-8")
    assert "Vendor's checkpoint test" in page
