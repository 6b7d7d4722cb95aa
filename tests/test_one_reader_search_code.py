"""A page's code in a search index that holds the page as plain text: code there too.

MkDocs' own search (``theme: mkdocs``, ``theme: readthedocs``) indexes a page's
code as plain text ("run: 94 s", highlighted code token by token, "run : 94 s"):
the build's gate read a figure there as prose and refused what ``fxsite check``
passed. An entry's text the page shows as code is now code in the entry too
(:meth:`fxsite.verify.boxes.Boxes.code_spans`); a figure in an entry that is not
the page's code (a hook's) is still refused, as is one that crosses the code's
edge. In-process rows on one entry, then one site per theme, checked and built.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from sitekit import CLEAN, check_and_build, finding_lines

from fxsite.verify.boxes import Boxes
from fxsite.verify.scan import scan_search_entry

# (name, the page's code, the entry's text, the figures read as bare in the entry)
ENTRIES = [
    ("a code block", ["run: 94 s\n"], "Saves. run: 94 s", []),
    ("highlighted token by token", ['run = "94 s"  # 93 s\n'], 'run = " 94 s " # 93 s', []),
    ("code on lines", ["a 1 s\nb 2 s\n"], "a 1 s b 2 s then", []),
    ("inline code in a paragraph", ["96 s"], "Inline 96 s code.", []),
    ("code twice", ["96 s"], "96 s and 96 s", []),
    ("a hook's figure beside the code", ["run: 94 s\n"], "run: 94 s took 97 s", ["97 s"]),
    ("the code changed", ["run: 94 s\n"], "run: 97 s", ["97 s"]),
    ("code inside a word", ["94"], "It took 194 s", ["194 s"]),
    ("a figure across the code's edge", ["s"], "It took 94 s", ["94 s"]),
    ("two codes side by side", ["9", "4 s"], "It took 9 4 s", []),
    ("no code on the page", [], "run: 94 s", ["94 s"]),
]


@pytest.mark.parametrize("code,text,bare", [r[1:] for r in ENTRIES], ids=[r[0] for r in ENTRIES])
def test_an_entry_reads_the_pages_code_as_code(code: list[str], text: str, bare: list[str]) -> None:
    scan = scan_search_entry("Home", text, Boxes((), code))
    assert [c.shown for c in scan.candidates] == bare


def test_the_code_is_part_of_what_a_memo_keys_an_entry_by() -> None:
    assert Boxes((), ["94 s"]).key() != Boxes((), ["95 s"]).key()
    assert Boxes((), ["94 s"]) != Boxes((), [])


_PAGE = (
    "# Home\n\nSaves take [94 s](evidence:R1#save_time_fx100).\n\n"
    '```python\nrun = "took 93 s"  # 92 s\n```\n\n    indented 95 s\n\n'
    "Inline `96 s` code.\n"
)
_HOOKED = "# Hooked\n\nIt ran.\n\n```\nrun: 94 s\n```\n"
_HOOK = """
import json
from pathlib import Path

from mkdocs.plugins import event_priority


@event_priority(-50)  # after the search plugin wrote its index, before fxsite's gate
def on_post_build(config, **kwargs):
    index = Path(config.site_dir) / "search" / "search_index.json"
    data = json.loads(index.read_text("utf-8"))
    for doc in data["docs"]:
        if doc["location"].startswith("hooked/"):
            doc["text"] = doc["text"].replace("run: 94 s", "run: 97 s")
    index.write_text(json.dumps(data), "utf-8")
"""
# (theme, its Markdown extensions, whether a hook writes a figure into an entry)
THEMES = [
    ("mkdocs", ["fenced_code", "codehilite"], True),
    ("readthedocs", ["pymdownx.highlight", "pymdownx.superfences"], False),
    ("material", ["pymdownx.highlight", "pymdownx.superfences"], False),
]


@pytest.mark.parametrize("theme,extensions,hooked", THEMES, ids=[t[0] for t in THEMES])
def test_check_and_build_agree_on_code_in_the_search_index(
    theme: str, extensions: list[str], hooked: bool, tmp_path: Path
) -> None:
    site = tmp_path / theme
    (site / "docs").mkdir(parents=True)
    (site / "evidence").mkdir()
    for record in ("R1.yaml", "E1.yaml"):
        shutil.copy(CLEAN / "evidence" / record, site / "evidence" / record)
    (site / "docs" / "index.md").write_text(_PAGE, "utf-8")
    config = f"site_name: Code\ntheme:\n  name: {theme}\n  highlightjs: false\n  font: false\n"
    config += "markdown_extensions:\n" + "".join(f"  - {e}\n" for e in extensions)
    config += "plugins:\n  - search\n  - fxsite\n"
    if hooked:
        (site / "docs" / "hooked.md").write_text(_HOOKED, "utf-8")
        (site / "hooks.py").write_text(_HOOK, "utf-8")
        config += "hooks:\n  - hooks.py\n"
    (site / "mkdocs.yml").write_text(config, "utf-8")
    checked, built = check_and_build(site)
    found = finding_lines(built.stdout, warnings=False)
    assert finding_lines(checked.stdout, warnings=False) == found
    assert (checked.returncode, built.returncode) == ((1, 1) if hooked else (0, 0)), found
    assert [line.split(": ")[1:2] for line in found] == (
        [["FX501 bare figure '97 s'"]] if hooked else []
    )
